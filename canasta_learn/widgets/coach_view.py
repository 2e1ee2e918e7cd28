"""How the widgets show the coach's opinion (`canasta_learn.coach`): moves in plain words,
estimates with their margins, and the HTML panel (always labelled as the coach's opinion,
never mixed with the engine's rule notes).

>>> from canasta_learn.actions import Discard, Draw
>>> from canasta_learn.cards import Card
>>> move_words(Draw(0))
'Draw from the stock'
>>> move_words(Discard(0, Card.parse("h4")))
'Discard 4♥'
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

from ..actions import Action, Answer, Ask, Decline, Discard, Draw, Meld, Redraw, Swap, TakePile
from ..cards import rank_name
from ..coach import Advice, Candidate
from .narration import cards_text

__all__ = ["advice_html", "advice_lines", "candidate_items", "estimate_words", "move_words", "reason_texts"]


def _onto(target: int | None) -> str:
    return "" if target is None else f" onto the {rank_name(target, plural=True)}"


def move_words(action: Action) -> str:
    """An action as the learner would say it ("Take the pile with K♠ K♥", "Discard 4♥")."""
    if isinstance(action, Draw):
        return "Draw from the stock"
    if isinstance(action, TakePile):
        text = "Take the pile"
        if action.cards:
            text += f" with {cards_text(action.cards)}{_onto(action.target)}"
        elif action.target is not None:
            text += f" (its top card{_onto(action.target)})"
        for group in action.extra_melds:
            text += f", also melding {cards_text(group.cards)}{_onto(group.target)}"
        return text
    if isinstance(action, Meld):
        return "Meld " + "; ".join(f"{cards_text(g.cards)}{_onto(g.target)}" for g in action.groups)
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


def advice_lines(advice: Advice, count: int = 3) -> list[str]:
    """The top ``count`` candidates as plain sentences, each followed by its reasons."""
    lines = []
    for number, candidate in enumerate(advice.top(count), 1):
        lines.append(f"{number}. {move_words(candidate.action)}: {estimate_words(candidate)}")
        lines.extend(f"   {text}" for text in reason_texts(candidate, advice.candidates))
    return lines


def candidate_items(candidates: Sequence[Candidate], others: Sequence[Candidate] = ()) -> str:
    """``<li>`` items: each move, its estimate and its reasons (escaped)."""
    items = []
    for candidate in candidates:
        reasons = "".join(f"<li>{html.escape(t)}</li>" for t in reason_texts(candidate, others))
        items.append(
            f'<li class="cl-coach-move"><b>{html.escape(move_words(candidate.action))}</b>: '
            f"{html.escape(estimate_words(candidate))}"
            + (f'<ul class="cl-coach-reasons" style="margin:0">{reasons}</ul>' if reasons else "")
            + "</li>")
    return "".join(items)


def advice_html(advice: Advice, count: int = 3) -> str:
    """The coach's panel for a Hint: its top ``count`` moves, labelled as its opinion."""
    return ('<div class="cl-coach" role="note" style="font-size:15px;background:#eef4ff;'
            'border-left:5px solid #3b6fd8;padding:4px 8px;margin:4px 0">'
            "<b>The coach's opinion</b> (not a rule: an estimate from "
            f"{advice.samples} simulated endings of this round, using only what you can see; "
            "nothing has been played):"
            f'<ol style="margin:2px 0">{candidate_items(advice.top(count), advice.candidates)}</ol></div>')
