"""`meld_candidates(..., only=...)`: the legal melds among the candidates ``only`` keeps, in the
order of the full list (a cheaper generator for a player who wants a few moves)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from canasta_learn.core.actions import MeldGroup
from canasta_learn.engine.moves import discard_candidates, meld_candidates
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import GreedyBot, acting_seat


def _recorder(seen: list[MeldGroup]) -> Callable[[MeldGroup], bool]:
    def record(group: MeldGroup) -> bool:  # keeps none: lists what would be judged
        seen.append(group)
        return False

    return record


def _filters() -> list[object]:
    return [
        lambda g: len(g.cards) >= 3,
        lambda g: not any(c.is_wild for c in g.cards),
        lambda g: g.target is not None,
        lambda g: False,
    ]


@pytest.mark.parametrize("profile", ["classic", "italian", "pennies_from_heaven"])
def test_meld_candidates_only_keeps_the_full_lists_order_and_judgement(profile: str) -> None:
    checked = 0
    for seed in range(6):
        rnd = Round(profile, seed=seed)
        bots = [GreedyBot(seed=seed + s) for s in range(rnd.player_count)]
        while not rnd.is_over:
            if rnd.phase == "play":
                seat = rnd.to_move
                full = meld_candidates(rnd, seat)
                for keep in _filters():
                    assert callable(keep)
                    kept = meld_candidates(rnd, seat, only=keep)
                    assert kept == [m for m in full if keep(m.groups[0])]
                seen: list[MeldGroup] = []
                assert meld_candidates(rnd, seat, only=_recorder(seen)) == []
                assert {m.groups[0] for m in full} <= set(seen)  # every legal meld was offered
                checked += 1
            rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    assert checked > 50


def test_discard_candidates_are_the_discards_of_legal_actions() -> None:
    rnd = Round("classic", seed=4)
    bots = [GreedyBot(seed=s) for s in range(4)]
    while not rnd.is_over:
        if rnd.phase == "play":
            listed = [a for a in rnd.legal_actions() if type(a).__name__ == "Discard"]
            assert discard_candidates(rnd, rnd.to_move) == listed
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
