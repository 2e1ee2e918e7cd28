"""GreedyBot's memory of what each seat was publicly seen to hold (the ranks picked up with the
pile, minus those melded or discarded since) is read in the order things happened, so it is the
same however often it is updated: read once over a whole history (as the coach builds it for its
play-outs) or after every action (as a bot in a game reads it)."""

from __future__ import annotations

import pytest

from canasta_learn.engine.round import Round
from canasta_learn.play.bots import _Memory, acting_seat, make_bots


def _read_once(rnd: Round) -> _Memory:
    memory = _Memory(rnd)
    memory.update()
    return memory


@pytest.mark.parametrize(("profile", "seed"), [("classic", 3), ("classic", 11), ("pennies_from_heaven", 5),
                                               ("tranca", 2)])
def test_greedy_memory_is_the_same_read_once_or_after_every_action(profile: str, seed: int) -> None:
    rnd = Round(profile, seed=seed)
    bots = make_bots("greedy", rnd.player_count, seed=seed)
    every_action = _Memory(rnd)
    compared = taken_back = 0
    while not rnd.is_over:
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
        every_action.update()
        once = _read_once(rnd)
        assert (once.known, once.discarded) == (every_action.known, every_action.discarded), len(rnd.log)
        compared += 1
        # a seat holding again a rank it discarded earlier: the order of reading decides its count
        taken_back += any(rank in once.discarded[seat] for seat, known in enumerate(once.known) for rank in known)
    assert compared > 40 and taken_back > 0

