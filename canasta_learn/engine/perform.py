"""The round's performing steps, lent to the variant hooks that perform an action (docs/rules.md#rules-turn).

This module owns `Performer`, the one implementation of `canasta_learn.variants.base.Performer`:
the round makes one for each call of a hook that performs a verified action in the variant's
own way (`ClassicRules.take_pile`, ``lay_groups``, ``swap_joker``, ``redraw``) and keeps none, so
no reference cycle keeps a dropped round (or a bot's copy of one) alive. Its steps change
the round without checking anything again, so they are no public method of the round, where a
learner could skip the rules with them. It types the round by `PerformingRound` and never
imports the round module (no import cycle).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..core.actions import MeldGroup
from ..core.cards import CARD_KEY, Card
from ..rules.meld_groups import sequence_group_problem
from ..rules.pile import joined_text
from ..rules.state import Problem, RoundState

__all__ = ["Performer", "PerformingRound"]


class PerformingRound(RoundState, Protocol):
    """The round as its performer changes it: the state a take or a draw sets and the round's own
    performing steps (the engine's ``Round`` is the one implementation)."""

    pile: list[Card]
    phase: str
    drew_from: str | None
    turn_locked: list[Card]
    turn_drawn: tuple[Card, ...]
    turn_added_to_old: bool

    @property
    def red_threes(self) -> list[list[Card]]: ...
    @property
    def turn_start_ranks(self) -> frozenset[int]: ...

    def _lay_meld(self, seat: int, team: int, rank: int, cards: Sequence[Card], index: int) -> None: ...
    def _do_meld(self, seat: int, groups: Sequence[MeldGroup], index: int) -> None: ...
    def _record_meld(self, seat: int, team: int, key: int, cards: Sequence[Card]) -> None: ...
    def _after_meld(self, seat: int, index: int) -> None: ...
    def _do_draw(self, seat: int, index: int) -> None: ...


class Performer:
    """The performing steps of one round (see `canasta_learn.variants.base.Performer` for each)."""

    __slots__ = ("_round",)

    def __init__(self, rnd: PerformingRound) -> None:
        self._round = rnd

    def lay_meld(self, seat: int, team: int, key: int, cards: Sequence[Card], index: int) -> None:
        """Put ``cards`` on the team's meld of rank ``key``, with its events."""
        self._round._lay_meld(seat, team, key, cards, index)

    def lay_groups(self, seat: int, groups: Sequence[MeldGroup], index: int) -> None:
        """Lay the groups of a meld action from ``seat``'s hand."""
        self._round._do_meld(seat, groups, index)

    def record_meld(self, seat: int, team: int, key: int, cards: Sequence[Card], added: bool) -> None:
        """Count ``cards`` laid on meld ``key`` for the turn (``added``: onto a meld already there)."""
        rnd = self._round
        if added and key in rnd.turn_start_ranks:
            rnd.turn_added_to_old = True
        rnd._record_meld(seat, team, key, cards)

    def place_in_run(self, team: int, group: MeldGroup) -> tuple[int, list[Card]]:
        """The key and the whole stored meld that the verified ``group`` makes among the team's runs."""
        result = sequence_group_problem(self._round, group, self._round.melds[team], {})
        assert not isinstance(result, Problem), result
        return result

    def fits_run(self, team: int, group: MeldGroup) -> bool:
        """Whether ``group`` fits the team's melds as they are."""
        return not isinstance(sequence_group_problem(self._round, group, self._round.melds[team], {}), Problem)

    def pick_up_pile(self, seat: int) -> tuple[list[Card], list[Card], list[Card]]:
        """Empty the pile into ``seat``'s hand, its red threes laid down: (pile, picked up, red threes)."""
        rnd = self._round
        rest = rnd.pile
        rnd.pile = []
        picked = [c for c in rest if not c.is_red_three]
        threes = [c for c in rest if c.is_red_three]
        hand = rnd.hands[seat]
        hand.extend(picked)
        hand.sort(key=CARD_KEY)
        rnd.red_threes[seat].extend(threes)
        return rest, picked, threes

    def joined_text(self, count: int) -> str:
        """How many pile cards join the hand (`canasta_learn.rules.pile.joined_text`)."""
        return joined_text(count)

    def lock_until_next_turn(self, cards: Sequence[Card]) -> None:
        """The pile cards just picked up may be melded only from the next turn."""
        self._round.turn_locked = list(cards)

    def pile_taken(self, seat: int, index: int) -> None:
        """End the take: ``seat`` has drawn from the pile and goes on to meld."""
        rnd = self._round
        rnd.drew_from = "pile"
        rnd.phase = "play"
        rnd._after_meld(seat, index)

    def draw(self, seat: int, index: int) -> None:
        """Draw from the stock for ``seat``, as a draw action does."""
        self._round._do_draw(seat, index)

    def forget_drawn(self) -> None:
        """The card drawn this turn can no longer be redrawn."""
        self._round.turn_drawn = ()
