"""Discarding (docs/rules.md#rules-turn, docs/variants.md#variants-pennies-sevens).

This module owns the check of a discard: the card is in the hand, Pennies' sevens, going out with
the last card, a binding "yes", and an opening left unfinished.
"""

from __future__ import annotations

from ..core.cards import Card, format_cards
from ..core.i18n import gettext, pgettext
from .going_out import go_out_problem, is_concealed
from .meld_groups import meld_problem
from .state import Problem, RoundState
from .turn import turn_problem

__all__ = ["discard_problem", "only_sevens_stuck"]


def discard_problem(rnd: RoundState, seat: int, card: Card) -> Problem | None:
    """Why ``seat`` may not discard ``card`` now (turn, opening left unfinished, Pennies sevens...), or None.
    (docs/rules.md#rules-turn)"""
    problem = turn_problem(rnd, seat, "play")
    if problem:
        return problem
    hand = rnd.hands[seat]
    if card not in hand:
        return Problem("discard_not_in_hand", lambda: gettext("{card} is not in {seat}'s hand ({hand}).").format(
            card=card, seat=rnd.seat_name(seat), hand=format_cards(hand) or pgettext("hand", "empty")), (card,),
            {"not_in_hand": (card,), "hand_cards": tuple(hand)})
    team = rnd.team_of(seat)
    going_out = len(hand) == 1
    prof = rnd.profile
    rules = rnd.rules
    if going_out and not rules.may_go_out_discarding(card):
        return Problem("go_out_discarding_seven", lambda: gettext(
            "In the {profile} profile nobody may go out by discarding a seven; meld {card} instead.").format(
            profile=prof.name, card=card),
            (card,))
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
        return Problem("must_go_out", lambda: gettext(
            "{partner} answered yes, so {seat} must go out this turn: meld the other cards before discarding "
            "the last one.").format(partner=rnd.seat_name(rnd.partner_of(seat)), seat=rnd.seat_name(seat)))
    if not rnd.opened[team] and rnd.turn_value > 0:
        minimum = rnd.opening_minimum(team)
        waived = (going_out and rnd.drew_from == "stock" and rnd.profile.concealed_waives_minimum
                  and is_concealed(rnd, seat))
        if not waived:
            return Problem("opening_incomplete", lambda: gettext(
                "Your team's opening melds this turn are worth {value}; it needs {minimum}. Meld {missing} "
                "more before you discard.").format(value=rnd.turn_value, minimum=minimum,
                                                  missing=minimum - rnd.turn_value), (),
                {"minimum": minimum, "value": rnd.turn_value, "opened": False})
    return None


def only_sevens_stuck(rnd: RoundState, seat: int) -> bool:
    """Pennies safety valve: every card in hand is a seven and none may be melded.
    (docs/variants.md#variants-pennies-sevens)"""
    hand = rnd.hands[seat]
    if any(c.rank != 7 for c in hand):
        return False
    return not any(meld_problem(rnd, seat, m.groups) is None for m in rnd.meld_candidates(seat))
