"""GreedyBot's memory of what each seat was publicly seen to hold (the ranks picked up with the
pile, minus those melded or discarded since) is read in the order things happened, so it is the
same however often it is updated: read once over a whole history (as the coach builds it for its
play-outs) or after every action (as a bot in a game reads it). The coach's play-out bots share
one copy of it."""

from __future__ import annotations

import random

import pytest

from canasta_learn.engine.round import Round
from canasta_learn.play.bots import GreedyBot, _Memory, acting_seat, make_bots
from canasta_learn.play.coach import Determinizer, _memory_for, _play_on, _rollout_bots


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


def test_play_out_bots_share_one_memory_and_play_as_with_a_copy_each() -> None:
    rnd = Round(seed=7)
    bots = make_bots("greedy", rnd.player_count, seed=7)
    while len(rnd.log) < 40:  # a position with a history: piles taken, melds, discards
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    assert not rnd.is_over and any(rnd.melds)
    base = _read_once(rnd)
    seat = acting_seat(rnd)
    det = Determinizer(rnd, seat)
    rng = random.Random(1)
    for deal in range(6):
        sample = det.sample(rng)
        first = GreedyBot(seed=deal).choose(sample)
        shared_round = sample.copy()
        shared_round.apply(first)
        shared = _rollout_bots(sample, shared_round, deal, base)
        assert all(bot._memory is shared[0]._memory for bot in shared)
        own_round = sample.copy()
        own_round.apply(first)
        own = [GreedyBot(seed=deal + s) for s in range(own_round.player_count)]
        for bot in own:
            bot._memory = _memory_for(base, own_round)
        ended_shared, _ = _play_on(shared_round, shared)
        ended_own, _ = _play_on(own_round, own)
        assert [str(a) for a in ended_shared.log] == [str(a) for a in ended_own.log]
