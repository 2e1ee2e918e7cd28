"""Whose turn it is and what the phase allows (docs/rules.md#rules-turn).

This module owns the checks every action starts with: the round is not over, nobody waits for an
answer to "may I go out?", it is the seat's turn, and the phase fits (draw first, then meld and
discard); that the named cards are in the hand; who answers the partner's question; and the
Brazilian first-turn redraw. Each check takes the round (`RoundState`) and returns a `Problem`
or None.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import CARD_KEY, Card, format_cards
from .state import Problem, RoundState

__all__ = ["answer_problem", "hand_problem", "missing_cards", "redraw_problem", "turn_problem"]


def turn_problem(rnd: RoundState, seat: int, need: str) -> Problem | None:
    """Why ``seat`` may not act now, or None: the round is over, an answer to "may I go out?"
    is awaited, it is another seat's turn, or the phase does not fit ``need`` ("draw", "play"
    or "any") (docs/rules.md#rules-turn)."""
    if rnd.phase == "over":
        return Problem("round_over", lambda: (
            f"The round is over ({(rnd.end_reason or 'ended').replace('_', ' ')}); start a new one."))
    if rnd.phase == "answer":
        asker, partner = rnd.asker, rnd.partner_of(rnd.asker or 0)
        return Problem("awaiting_answer", lambda: (
            f"{rnd.seat_name(asker or 0)} asked to go out; {rnd.seat_name(partner)} must answer "
            "yes or no first."))
    if seat != rnd.to_move:
        return Problem("not_your_turn", lambda: (
            f"It is {rnd.seat_name(rnd.to_move)}'s turn, not {rnd.seat_name(seat)}'s."))
    if need == "draw" and rnd.phase == "play":
        return Problem("already_drew", lambda: (
            f"{rnd.seat_name(seat)} has already {'taken the pile' if rnd.drew_from == 'pile' else 'drawn'}"
            " this turn: meld, then discard to end the turn."))
    if need == "play" and rnd.phase == "draw":
        return Problem("must_draw_first", lambda: (
            f"{rnd.seat_name(seat)} must first draw from the stock or take the discard pile."))
    return None


def missing_cards(rnd: RoundState, seat: int, cards: Sequence[Card]) -> list[Card]:
    """The cards of ``cards`` that ``seat``'s hand does not hold (counting copies), sorted.
    (docs/rules.md#rules-turn)"""
    pool = list(rnd.hands[seat])
    missing = []
    for card in cards:
        try:
            pool.remove(card)
        except ValueError:
            missing.append(card)
    return sorted(missing, key=CARD_KEY)


def hand_problem(rnd: RoundState, seat: int, cards: Sequence[Card]) -> Problem | None:
    """Why ``seat`` may not use ``cards``: some are not in the hand (counting copies), or
    None (docs/rules.md#rules-turn)."""
    missing = missing_cards(rnd, seat, cards)
    if missing:
        return Problem("card_not_in_hand", lambda: (
            f"{format_cards(missing)} {'is' if len(missing) == 1 else 'are'} not in "
            f"{rnd.seat_name(seat)}'s hand ({format_cards(rnd.hands[seat]) or 'empty'})."), tuple(missing),
            {"seat": seat, "not_in_hand": tuple(missing), "hand_cards": tuple(rnd.hands[seat])})
    return None


def answer_problem(rnd: RoundState, seat: int) -> Problem | None:
    """Why ``seat`` may not answer "may I go out?" now (nobody asked, or another seat was
    asked), or None (docs/rules.md#rules-permission)."""
    if rnd.phase == "over":
        return turn_problem(rnd, seat, "any")
    if rnd.phase != "answer" or rnd.asker is None:
        return Problem("permission_not_asked",
                        lambda: "Nobody has asked to go out, so there is nothing to answer.")
    partner = rnd.partner_of(rnd.asker)
    if seat != partner:
        return Problem("not_your_turn", lambda: (
            f"{rnd.seat_name(rnd.asker or 0)} asked {rnd.seat_name(partner)}, so only "
            f"{rnd.seat_name(partner)} may answer."))
    return None


def redraw_problem(rnd: RoundState, seat: int) -> Problem | None:
    """Why ``seat`` may not use the first-turn redraw now (Brazilian games), or None.
    (docs/variants.md#variants-brazilian-turn)"""
    problem = turn_problem(rnd, seat, "play")
    if problem:
        return problem
    if not rnd.rules.redraws_first_card or rnd.turn_number != 0 or rnd.drew_from != "stock" \
            or len(rnd.turn_drawn) != 1 or rnd.turn_meld_actions or not rnd.stock:
        why = ("this profile has no such option" if not rnd.rules.redraws_first_card else
               "only the first player of a hand may, once, right after drawing from the stock and before "
               "melding, while the stock has cards")
        return Problem("redraw_not_allowed", lambda: (
            f"{rnd.seat_name(seat)} may not discard the drawn card and draw again: {why}."))
    return None
