"""The coach's moves and estimates in plain words (`canasta_learn.coach`), for the Hint
panel, the game review and the lessons; no widget library needed.

>>> from canasta_learn.actions import Discard, Draw
>>> from canasta_learn.cards import Card
>>> move_words(Draw(0))
'Draw from the stock'
>>> move_words(Discard(0, Card.parse("h4")))
'Discard 4♥'
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .actions import Action, Answer, Ask, Decline, Discard, Draw, Meld, Redraw, Swap, TakePile
from .cards import Card, rank_name
from .coach import Candidate

__all__ = ["estimate_words", "move_words", "reason_texts"]


def _cards_text(cards: Sequence[Card]) -> str:
    """Cards as on screen, with suit symbols: ``"K♥ K♠ Jk"``."""
    return " ".join(c.short for c in cards)


def _onto(target: int | None) -> str:
    return "" if target is None else f" onto the {rank_name(target, plural=True)}"


def move_words(action: Action) -> str:
    """An action as the learner would say it ("Take the pile with K♠ K♥", "Discard 4♥")."""
    if isinstance(action, Draw):
        return "Draw from the stock"
    if isinstance(action, TakePile):
        text = "Take the pile"
        if action.cards:
            text += f" with {_cards_text(action.cards)}{_onto(action.target)}"
        elif action.target is not None:
            text += f" (its top card{_onto(action.target)})"
        for group in action.extra_melds:
            text += f", also melding {_cards_text(group.cards)}{_onto(group.target)}"
        return text
    if isinstance(action, Meld):
        return "Meld " + "; ".join(f"{_cards_text(g.cards)}{_onto(g.target)}" for g in action.groups)
    if isinstance(action, Discard):
        return f"Discard {action.card.short}"
    if isinstance(action, Ask):
        return "Ask your partner: may I go out?"
    if isinstance(action, Answer):
        return "Answer yes" if action.yes else "Answer no"
    if isinstance(action, Decline):
        return "Decline the pile"
    if isinstance(action, Swap):
        return f"Swap {action.card.short} for the joker{_onto(action.target).replace(' onto', ' of')}"
    if isinstance(action, Redraw):
        return "Redraw"
    return str(action)  # pragma: no cover - every action kind is named above


def estimate_words(candidate: Candidate) -> str:
    """A candidate's estimate: the expected round-score difference (your team minus the
    other team) with its 95% margin."""
    margin = "" if math.isinf(candidate.stderr) else f" \u00b1 {1.96 * candidate.stderr:.0f}"
    return f"estimate {candidate.value:+.0f}{margin} points (your team minus the other team)"


def reason_texts(candidate: Candidate, others: Sequence[Candidate] = ()) -> list[str]:
    """The candidate's reasons, with any move written in notation ("N draw") that is one of
    ``others`` (or the candidate itself) put in words ("Draw from the stock")."""
    names = sorted(((c.text, move_words(c.action)) for c in (candidate, *others)),
                   key=lambda pair: -len(pair[0]))
    texts = []
    for reason in candidate.reasons:
        text = reason.text
        for notation, words in names:
            for before, after in ((f"({notation},", f"({words},"), (f"({notation})", f"({words})"),
                                  (f": {notation})", f": {words})")):
                text = text.replace(before, after)
        texts.append(text)
    return texts
