"""Whose turn it is and what the phase allows (docs/rules.md#rules-turn).

This module owns the checks every action starts with: the round is not over, nobody waits for an
answer to "may I go out?", it is the seat's turn, and the phase fits (draw first, then meld and
discard); that the named cards are in the hand; who answers the partner's question; and the
Brazilian first-turn redraw. Each check takes the round (`RoundState`) and returns a `Problem`
or None.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import speaks_to
from ..core.cards import CARD_KEY, Card, format_cards
from ..core.i18n import gettext, ngettext, pgettext
from .state import Problem, RoundState

__all__ = ["answer_problem", "end_reason_words", "hand_problem", "missing_cards", "morto_state_word", "phase_word",
           "redraw_problem", "turn_problem"]


def phase_word(phase: str) -> str:
    """A turn's phase ("draw", "play", "answer", "over") in words, in the language spoken now:
    in English the phase itself, in Portuguese 'compra', 'jogo', 'resposta', 'fim'
    (docs/rules.md#rules-turn); any other text is given as it is.

    >>> phase_word("play")
    'play'
    """
    if phase == "draw":
        return pgettext("phase of a turn", "draw")
    if phase == "play":
        return pgettext("phase of a turn", "play")
    if phase == "answer":
        return pgettext("phase of a turn", "answer")
    if phase == "over":
        return pgettext("phase of a turn", "over")
    return phase


def morto_state_word(state: str) -> str:
    """A team's morto state ("none", "waiting", "taken", "stock") in words, in the language
    spoken now: in English the state itself, in Portuguese 'nenhum', 'à espera', 'pego',
    'virou o monte' (docs/variants.md#variants-brazilian-morto); any other text as it is.

    >>> morto_state_word("waiting")
    'waiting'
    """
    if state == "none":
        return pgettext("morto state", "none")
    if state == "waiting":
        return pgettext("morto state", "waiting")
    if state == "taken":
        return pgettext("morto state", "taken")
    if state == "stock":
        return pgettext("morto state", "stock")
    return state


def turn_problem(rnd: RoundState, seat: int, need: str) -> Problem | None:
    """Why ``seat`` may not act now, or None: the round is over, an answer to "may I go out?"
    is awaited, it is another seat's turn, or the phase does not fit ``need`` ("draw", "play"
    or "any") (docs/rules.md#rules-turn)."""
    if rnd.phase == "over":
        return Problem("round_over", lambda: gettext("The round is over ({reason}); start a new one.").format(
            reason=end_reason_words(rnd.end_reason)))
    if rnd.phase == "answer":
        asker, partner = rnd.asker, rnd.partner_of(rnd.asker or 0)
        return Problem("awaiting_answer", lambda: gettext(
            "{asker} asked to go out; {partner} must answer yes or no first.").format(
            asker=rnd.seat_label(asker or 0), partner=rnd.seat_label(partner)))
    if seat != rnd.to_move:
        return Problem("not_your_turn", lambda: (
            gettext("It is {to_move}'s turn, not yours.") if speaks_to(seat) else
            gettext("It is {to_move}'s turn, not {seat}'s.")).format(
            to_move=rnd.seat_label(rnd.to_move), seat=rnd.seat_label(seat)))
    if need == "draw" and rnd.phase == "play":
        return Problem("already_drew", lambda: (
            (gettext("You have already taken the pile this turn: meld, then discard to end the turn.")
             if rnd.drew_from == "pile" else
             gettext("You have already drawn this turn: meld, then discard to end the turn."))
            if speaks_to(seat) else
            gettext("{seat} has already taken the pile this turn: meld, then discard to end the turn.")
            if rnd.drew_from == "pile" else
            gettext("{seat} has already drawn this turn: meld, then discard to end the turn.")).format(
            seat=rnd.seat_label(seat)))
    if need == "play" and rnd.phase == "draw":
        return Problem("must_draw_first", lambda: (
            gettext("You must first draw from the stock or take the discard pile.") if speaks_to(seat) else
            gettext("{seat} must first draw from the stock or take the discard pile.")).format(
            seat=rnd.seat_label(seat)))
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
        return Problem("card_not_in_hand", lambda: (ngettext(
            "{cards} is not in your hand ({hand}).", "{cards} are not in your hand ({hand}).",
            len(missing)) if speaks_to(seat) else ngettext(
            "{cards} is not in {seat}'s hand ({hand}).", "{cards} are not in {seat}'s hand ({hand}).",
            len(missing))).format(cards=format_cards(missing), seat=rnd.seat_label(seat),
                                 hand=format_cards(rnd.hands[seat]) or pgettext("hand", "empty")), tuple(missing),
            {"seat": seat, "not_in_hand": tuple(missing), "hand_cards": tuple(rnd.hands[seat])})
    return None


def answer_problem(rnd: RoundState, seat: int) -> Problem | None:
    """Why ``seat`` may not answer "may I go out?" now (nobody asked, or another seat was
    asked), or None (docs/rules.md#rules-permission)."""
    if rnd.phase == "over":
        return turn_problem(rnd, seat, "any")
    if rnd.phase != "answer" or rnd.asker is None:
        return Problem("permission_not_asked",
                        lambda: gettext("Nobody has asked to go out, so there is nothing to answer."))
    partner = rnd.partner_of(rnd.asker)
    if seat != partner:
        return Problem("not_your_turn", lambda: (
            gettext("{asker} asked {partner}, so only {partner} may answer, not you.") if speaks_to(seat) else
            gettext("{asker} asked {partner}, so only {partner} may answer.")).format(
            asker=rnd.seat_label(rnd.asker or 0), partner=rnd.seat_label(partner)))
    return None


def redraw_problem(rnd: RoundState, seat: int) -> Problem | None:
    """Why ``seat`` may not use the first-turn redraw now (Brazilian games), or None.
    (docs/variants.md#variants-brazilian-turn)"""
    problem = turn_problem(rnd, seat, "play")
    if problem:
        return problem
    if not rnd.rules.redraws_first_card or rnd.turn_number != 0 or rnd.drew_from != "stock" \
            or len(rnd.turn_drawn) != 1 or rnd.turn_meld_actions or not rnd.stock:
        no_option = not rnd.rules.redraws_first_card
        return Problem("redraw_not_allowed", lambda: (
            gettext("You may not discard the drawn card and draw again: this profile has no such option.")
            if no_option and speaks_to(seat) else
            gettext("You may not discard the drawn card and draw again: only the first player of a hand "
                    "may, once, right after drawing from the stock and before melding, while the stock has "
                    "cards.")
            if speaks_to(seat) else
            gettext("{seat} may not discard the drawn card and draw again: this profile has no such option.")
            if no_option else
            gettext("{seat} may not discard the drawn card and draw again: only the first player of a hand "
                    "may, once, right after drawing from the stock and before melding, while the stock has "
                    "cards.")).format(seat=rnd.seat_label(seat)))
    return None


def end_reason_words(reason: str | None) -> str:
    """Why a round ended, in words ('went out', 'stock exhausted'), in the language spoken now
    (docs/rules.md#rules-turn).

    >>> end_reason_words("stock_exhausted")
    'stock exhausted'
    """
    if reason == "went_out":
        return pgettext("end reason", "went out")
    if reason == "stock_exhausted":
        return pgettext("end reason", "stock exhausted")
    if not reason:
        return pgettext("end reason", "ended")
    return reason.replace("_", " ")
