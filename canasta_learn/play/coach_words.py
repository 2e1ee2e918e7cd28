"""The coach's moves and estimates in plain words (`canasta_learn.play.coach`), for the Hint
panel, the game review and the lessons; no widget library needed.

>>> from canasta_learn.core.actions import Discard, Draw
>>> from canasta_learn.core.cards import Card
>>> move_words(Draw(0))
'Draw from the stock'
>>> move_words(Discard(0, Card.parse("h4")))
'Discard 4♥'
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..core.actions import Action, Answer, Ask, Discard, Draw, Meld, TakePile, action_words, target_words
from ..core.i18n import gettext, ngettext
from ..engine.round import Round
from ..variants.base import rules_for
from .coach import Advice, Candidate

__all__ = ["decides_words", "estimate_words", "hint_order", "move_words", "reason_texts", "seat_words", "verdict_words"]


def _onto(target: int | None, rnd: Round | None = None, seat: int = 0, *, of: bool = False) -> str:
    """" onto the kings", or " onto Hearts 4–10" (a sequence, named from ``rnd``'s table);
    ``of=True``: " of the kings" (the meld a joker is swapped out of)."""
    if target is not None and rnd is not None:
        cards = rnd.melds[rnd.team_of(seat)].get(target)
        if cards:
            label = rules_for(rnd.profile).the_meld(rnd.meld_label(target, cards))
            return " " + (gettext("of {meld}") if of else gettext("onto {meld}")).format(meld=label)
    return target_words(target, of=of)


def seat_words(rnd: Round, seat: int) -> str:
    """A seat as a sentence names it, in the language spoken now: "North" ("Norte"), or its
    name ("P3") at a table that is not of four (`canasta_learn.core.actions.seat_label`)."""
    return rnd.seat_label(seat, "compass")


def move_words(action: Action, rnd: Round | None = None) -> str:
    """An action as the learner would say it ("Take the pile with K♠ K♥", "Discard 4♥");
    ``rnd``, the round it is played in, names a sequence it goes onto ("onto Hearts 4–10")
    (`canasta_learn.core.actions.action_words`, with the meld named from the table)."""
    return action_words(action, lambda target, of: _onto(target, rnd, action.seat, of=of))


def estimate_words(candidate: Candidate) -> str:
    """A candidate's estimate: the expected round-score difference (your team minus the
    other team) with its 95% margin (none when too few endings were played to state one)."""
    value = f"{candidate.value:+.0f}"
    if math.isinf(candidate.margin):
        return gettext("estimate {value} points (your team minus the other team)").format(value=value)
    return gettext("estimate {value} \u00b1 {margin} points (your team minus the other team)").format(
        value=value, margin=f"{candidate.margin:.0f}")


#: At most this many moves are named in a hint's "about equal" sentence (then "and N more").
NAMED_EQUAL = 4


def hint_order(advice: Advice, count: int = 3) -> list[Candidate]:
    """The ``count`` moves a hint shows: the recommended one first (`Advice.recommended`),
    then the others by estimate."""
    first = advice.recommended
    return [first, *[c for c in advice.candidates if c is not first][:max(0, count - 1)]]


def _choice_kind(action: Action) -> str:
    if isinstance(action, Meld):
        return "meld"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, TakePile):
        return "take"
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Ask):
        return "ask"
    if isinstance(action, Answer):
        return "yes" if action.yes else "no"
    return "other"


def decides_words(moves: Sequence[Candidate]) -> str:
    """What the choice between moves the hint cannot tell apart comes down to, in the kinds of
    move they are ("melding now or holding your cards back for later"); "" when they are of no two
    kinds a sentence names.

    >>> from canasta_learn.core.actions import Discard, Draw, TakePile
    >>> from canasta_learn.core.cards import Card
    >>> from canasta_learn.play.coach import Candidate
    >>> take = Candidate(TakePile(0), "N take", 0.0, 1.0, 24, ())
    >>> draw = Candidate(Draw(0), "N draw", 0.0, 1.0, 24, ())
    >>> decides_words([take, draw])
    'It comes down to taking the pile now or drawing from the stock.'
    """
    kinds = {_choice_kind(c.action) for c in moves}
    if {"meld", "discard"} <= kinds:
        return gettext("It comes down to melding now or holding your cards back for later.")
    if {"take", "draw"} <= kinds:
        return gettext("It comes down to taking the pile now or drawing from the stock.")
    if "ask" in kinds and len(kinds) > 1:
        return gettext("It comes down to asking to go out now or playing on.")
    if {"yes", "no"} <= kinds:
        return gettext("It comes down to letting your partner go out now or playing on.")
    if kinds == {"discard"}:
        return gettext("They differ only in which card you give away, and so in what the next player can do with "
                       "it and what you keep.")
    if kinds == {"meld"}:
        return gettext("They differ in which cards you lay down now and which you keep.")
    return ""


def verdict_words(advice: Advice, rnd: Round | None = None) -> str:
    """The hint's headline, honest about the noise: the moves the estimates cannot tell apart
    ("These 3 moves are about equal as far as 24 deals of the unseen cards can tell: ...") or the
    one that is clearly best; when the floor keeps GreedyBot's move, both it and the best
    estimate are named as about equal (`Advice.named_equal`)."""
    equal = advice.named_equal
    first = advice.recommended
    if len(equal) > 1:
        names = [move_words(c.action, rnd) for c in equal]
        moves = ", ".join(names[:NAMED_EQUAL])
        if len(names) > NAMED_EQUAL:
            moves = ngettext("{moves} and {count} more", "{moves} and {count} more", len(names) - NAMED_EQUAL).format(
                moves=moves, count=len(names) - NAMED_EQUAL)
        # not "any is fine": at a few dozen deals the named moves may still differ by a lot
        # (benchmarks/bench_hint_agreement.py, "worst named"); the hint says what it knows
        if advice.cut is None:
            said = ngettext("These {count} move is about equal as far as {deals} deals of the unseen cards can "
                            "tell: {moves}. The differences between them are within the noise, so the coach cannot "
                            "say which is best.",
                            "These {count} moves are about equal as far as {deals} deals of the unseen cards can "
                            "tell: {moves}. The differences between them are within the noise, so the coach cannot "
                            "say which is best.", len(names))
        else:  # the margins count the learned estimate's error too (`coach._paired_gap`); no longer
            # than the sentence above, so the moves below it stay in view (tests/browser)
            said = ngettext("These {count} move is about equal as far as {deals} deals of the unseen cards and the "
                            "coach's estimate can tell: {moves}. The coach cannot say which is best.",
                            "These {count} moves are about equal as far as {deals} deals of the unseen cards and the "
                            "coach's estimate can tell: {moves}. The coach cannot say which is best.", len(names))
        said = said.format(count=len(names), moves=moves, deals=advice.samples)
        decides = decides_words(equal[:NAMED_EQUAL])  # of the moves named, so the sentence is about them
        return f"{said} {decides}" if decides else said
    return gettext("The coach's choice: {move}, clearly better than the other moves it tried "
                   "(on {deals} deals of the unseen cards).").format(move=move_words(first.action, rnd),
                                                                   deals=advice.samples)


def reason_texts(candidate: Candidate, others: Sequence[Candidate] = (), rnd: Round | None = None) -> list[str]:
    """The candidate's reasons, with any move written in notation ("N draw") that is one of
    ``others`` (or the candidate itself) put in words ("Draw from the stock"; ``rnd`` as for
    `move_words`)."""
    names = sorted(((c.text, move_words(c.action, rnd)) for c in (candidate, *others)),
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
