"""The end of the stock (docs/rules.md#rules-end-of-stock).

This module owns what the empty stock changes in a turn: drawing is refused (take the pile, or
decline it to end the hand), and declining is possible only then, unless the pile must be taken
(`pile.must_take`).
"""

from __future__ import annotations

from ..core.i18n import gettext, ngettext
from .pile import must_take
from .state import Problem, RoundState
from .turn import turn_problem

__all__ = ["decline_problem", "draw_problem"]


def draw_problem(rnd: RoundState, seat: int) -> Problem | None:
    """Why ``seat`` may not draw from the stock now, or None: the turn and phase, or the
    stock is empty (take the pile, or decline it) (docs/rules.md#rules-end-of-stock)."""
    problem = turn_problem(rnd, seat, "draw")
    if problem:
        return problem
    if not rnd.stock and not any(rnd.morto_available(t) for t in range(rnd.profile.team_count)):
        return Problem("stock_empty", lambda: (
            gettext("The stock is empty: the top card fits your team's meld and the pile is not frozen for it, "
                    "so you must take the pile.") if must_take(rnd, seat) else
            gettext("The stock is empty: take the discard pile if you can, or decline it to end the hand.")))
    return None


def decline_problem(rnd: RoundState, seat: int) -> Problem | None:
    """Why ``seat`` may not decline the pile now (end of stock only), or None: `verify_decline`'s rule,
    public for move generation. (docs/rules.md#rules-end-of-stock)"""
    problem = turn_problem(rnd, seat, "draw")
    if problem:
        return problem
    if rnd.stock:
        return Problem("decline_only_at_end_of_stock", lambda: ngettext(
            "The stock still has {count} card: draw one (or take the pile). Declining ends the hand only when "
            "the stock is empty.",
            "The stock still has {count} cards: draw one (or take the pile). Declining ends the hand only when "
            "the stock is empty.", len(rnd.stock)).format(count=len(rnd.stock)), (), {"stock_count": len(rnd.stock)})
    if must_take(rnd, seat):
        top = rnd.top_card
        return Problem("must_take_pile", lambda: gettext(
            "The stock is empty and the top card {top} fits your team's meld of {ranks}: you must take the "
            "pile.").format(top=top, ranks=top.rank_plural if top else ""), (),
            {"top": top, "team_meld_ranks": (top.rank,) if top else (), "stock_count": 0})
    return None
