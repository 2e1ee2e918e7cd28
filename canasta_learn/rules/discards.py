"""Discarding (docs/rules.md#rules-turn, docs/variants.md#variants-pennies-sevens).

This module owns the check of a discard: the card is in the hand, Pennies' sevens, going out with
the last card, a binding "yes", and an opening left unfinished.
"""

from __future__ import annotations

from ..core.cards import Card, format_cards
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
        return Problem("discard_not_in_hand", lambda: (
            f"{card} is not in {rnd.seat_name(seat)}'s hand ({format_cards(hand) or 'empty'})."), (card,),
            {"not_in_hand": (card,), "hand_cards": tuple(hand)})
    team = rnd.team_of(seat)
    going_out = len(hand) == 1
    prof = rnd.profile
    rules = rnd.rules
    if going_out and not rules.may_go_out_discarding(card):
        return Problem("go_out_discarding_seven", lambda: (
            f"In the {prof.name} profile nobody may go out by discarding a seven; meld {card} instead."),
            (card,))
    waits = None if going_out else rules.discard_waits_for(card)
    if waits is not None and waits not in rnd.canasta_kinds(team) and not only_sevens_stuck(rnd, seat):
        return Problem("discard_seven_forbidden", lambda: (
            f"In the {prof.name} profile no seven may be discarded until your team has a canasta of "
            f"sevens; discard another card than {card}."), (card,))
    if going_out:
        problem = go_out_problem(rnd, seat, rnd.canasta_kinds(team))
        if problem:
            return problem
    elif rnd.permission == "yes":
        return Problem("must_go_out", lambda: (
            f"{rnd.seat_name(rnd.partner_of(seat))} answered yes, so {rnd.seat_name(seat)} must go "
            f"out this turn: meld the other cards before discarding the last one."))
    if not rnd.opened[team] and rnd.turn_value > 0:
        minimum = rnd.opening_minimum(team)
        waived = (going_out and rnd.drew_from == "stock" and rnd.profile.concealed_waives_minimum
                  and is_concealed(rnd, seat))
        if not waived:
            return Problem("opening_incomplete", lambda: (
                f"Your team's opening melds this turn are worth {rnd.turn_value}; it needs "
                f"{minimum}. Meld {minimum - rnd.turn_value} more before you discard."), (),
                {"minimum": minimum, "value": rnd.turn_value, "opened": False})
    return None


def only_sevens_stuck(rnd: RoundState, seat: int) -> bool:
    """Pennies safety valve: every card in hand is a seven and none may be melded.
    (docs/variants.md#variants-pennies-sevens)"""
    hand = rnd.hands[seat]
    if any(c.rank != 7 for c in hand):
        return False
    return not any(meld_problem(rnd, seat, m.groups) is None for m in rnd.meld_candidates(seat))
