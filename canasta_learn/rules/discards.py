"""Discarding (docs/rules.md#rules-turn, docs/variants.md#variants-pennies-sevens).

This module owns the check of a discard: the card is in the hand, Pennies' sevens, going out with
the last card, a binding "yes", and an opening left unfinished.
"""

from __future__ import annotations

from ..core.actions import MeldGroup, speaks_to
from ..core.cards import Card, format_cards
from ..core.i18n import gettext, pgettext
from .going_out import canasta_requirement, go_out_problem, is_concealed
from .meld_groups import meld_problem
from .opening import opening_ways_on
from .state import Problem, RoundState
from .turn import turn_problem

__all__ = ["discard_problem", "only_sevens_stuck", "last_seven_problem", "opening_incomplete_problem"]


def discard_problem(rnd: RoundState, seat: int, card: Card) -> Problem | None:
    """Why ``seat`` may not discard ``card`` now (turn, opening left unfinished, Pennies sevens...), or None.
    (docs/rules.md#rules-turn)"""
    problem = turn_problem(rnd, seat, "play")
    if problem:
        return problem
    hand = rnd.hands[seat]
    if card not in hand:
        return Problem("discard_not_in_hand", lambda: (
            gettext("{card} is not in your hand ({hand}).") if speaks_to(seat) else
            gettext("{card} is not in {seat}'s hand ({hand}).")).format(
            card=card, seat=rnd.seat_label(seat), hand=format_cards(hand) or pgettext("hand", "empty")), (card,),
            {"not_in_hand": (card,), "hand_cards": tuple(hand)})
    team = rnd.team_of(seat)
    going_out = len(hand) == 1
    prof = rnd.profile
    rules = rnd.rules
    if going_out and not rules.may_go_out_discarding(card):
        return last_seven_problem(rnd, seat, card)
    waits = None if going_out else rules.discard_waits_for(card)
    if waits is not None and waits not in rnd.canasta_kinds(team) and not only_sevens_stuck(rnd, seat):
        return Problem("discard_seven_forbidden", lambda: gettext(
            "In the {profile} profile no seven may be discarded until your team has a canasta of sevens; "
            "discard another card than {card}.").format(profile=prof.name, card=card), (card,))
    if going_out:
        problem = go_out_problem(rnd, seat, rnd.canasta_kinds(team))
        if problem:
            return problem
    elif rnd.permission == "yes":
        return Problem("must_go_out", lambda: (
            gettext("{partner} answered yes, so you must go out this turn: meld the other cards before "
                    "discarding the last one.") if speaks_to(seat) else
            gettext("{partner} answered yes, so {seat} must go out this turn: meld the other cards before "
                    "discarding the last one.")).format(partner=rnd.seat_label(rnd.partner_of(seat)),
                                                        seat=rnd.seat_label(seat)))
    if not rnd.opened[team] and rnd.turn_value > 0:
        minimum = rnd.opening_minimum(team)
        waived = (going_out and rnd.drew_from == "stock" and rnd.profile.concealed_waives_minimum
                  and is_concealed(rnd, seat))
        if not waived:
            return opening_incomplete_problem(rnd, seat, minimum)
    return None



def opening_incomplete_problem(rnd: RoundState, seat: int, minimum: int) -> Problem:
    """The refusal of a discard that would leave the team's opening melds of this turn short
    of ``minimum``, naming the ways on that exist: meld the rest of the minimum, or (drew from
    the stock, the profile waiving the minimum) meld the rest of the hand and go out concealed
    (docs/rules.md#rules-opening-complete, #rules-concealed)."""
    value = rnd.turn_value
    reach, concealed = opening_ways_on(rnd, seat)
    facts = {"minimum": minimum, "value": value, "opened": False}

    def message() -> str:
        start = gettext("Your team's opening melds this turn are worth {value}; it needs {minimum}.").format(
            value=value, minimum=minimum)
        if concealed and reach:
            way = gettext("Before you discard, meld {missing} more, or meld the rest of your hand, keeping "
                          "at most one card for the discard, to go out concealed: going out concealed after "
                          "drawing from the stock waives the minimum.").format(missing=minimum - value)
        elif concealed:
            way = gettext("Your hand can no longer make the {missing} missing, but going out concealed after "
                          "drawing from the stock waives the minimum: meld the rest of your hand, keeping at "
                          "most one card for the discard, to go out concealed.").format(missing=minimum - value)
        else:
            way = gettext("Meld {missing} more before you discard.").format(missing=minimum - value)
        return start + " " + way

    return Problem("opening_incomplete", message, (), facts)



def last_seven_problem(rnd: RoundState, seat: int, card: Card) -> Problem:
    """The refusal of discarding ``card``, a seven and the last card of the hand (going out by
    discarding a seven is never allowed, docs/variants.md#variants-pennies-sevens). When melding
    it is legal the refusal says so; otherwise no move is legal (a position made by hand: in play
    a meld that would leave a single seven is refused), and the refusal says why, never "meld it
    instead"."""
    prof = rnd.profile
    team = rnd.team_of(seat)
    meld_refusal: Problem | None = None
    if card.rank in rnd.melds[team]:
        meld_refusal = meld_problem(rnd, seat, (MeldGroup((card,), card.rank),))
        if meld_refusal is None:
            return Problem("go_out_discarding_seven", lambda: gettext(
                "In the {profile} profile nobody may go out by discarding a seven; meld {card} onto your "
                "team's meld of sevens instead.").format(profile=prof.name, card=card), (card,),
                {"hand_cards": (card,), "team_meld_ranks": (card.rank,)})

    def message() -> str:
        if meld_refusal is not None and meld_refusal.code == "cannot_go_out_without_canasta":
            why = gettext("melding it onto your team's meld of sevens would go out, which needs {requirement} "
                          "on the team's side.").format(requirement=canasta_requirement(rnd))
        elif meld_refusal is not None:
            why = gettext("melding it onto your team's meld of sevens is refused too: {reason}").format(
                reason=meld_refusal.message())
        else:
            why = gettext("a single card makes no meld, and your team has no open meld of sevens to take it.")
        return gettext(
            "No move is legal in this position. In the {profile} profile nobody may go out by discarding a "
            "seven, so {card} cannot be discarded, and {why} This position cannot arise in play: a meld that "
            "would leave a single seven in the hand is refused.").format(profile=prof.name, card=card, why=why)

    facts: dict[str, object] = {"hand_cards": (card,)}
    if meld_refusal is None:
        facts["no_team_meld_ranks"] = (card.rank,)
    else:
        facts["team_meld_ranks"] = (card.rank,)
    return Problem("go_out_discarding_seven", message, (card,), facts)


def only_sevens_stuck(rnd: RoundState, seat: int) -> bool:
    """Pennies safety valve: every card in hand is a seven and none may be melded.
    (docs/variants.md#variants-pennies-sevens)"""
    hand = rnd.hands[seat]
    if any(c.rank != 7 for c in hand):
        return False
    return not any(meld_problem(rnd, seat, m.groups) is None for m in rnd.meld_candidates(seat))
