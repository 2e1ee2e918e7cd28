"""Positions of seeded GreedyBot rounds, as the hint benchmarks pick them (shared by the tests and
by benchmarks/bench_hint_agreement.py, so a test pins the very position a benchmark measured)."""

from __future__ import annotations

from canasta_learn.engine.round import Round
from canasta_learn.play.bots import acting_seat, make_bots


def greedy_position(seed: int, moves: int) -> Round:
    """The classic round dealt from ``seed``, after ``moves`` moves of seeded GreedyBot players
    (`make_bots`)."""
    rnd = Round(seed=seed)
    bots = make_bots("greedy", rnd.player_count, seed=seed)
    for _ in range(moves):
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    return rnd
