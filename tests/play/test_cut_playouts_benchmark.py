"""The cut play-outs benchmark (benchmarks/bench_cut_playouts.py): its features read the position,
its fit finds known weights, and its play-out is the coach's, cut where it says."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_cut_playouts import cut_play_out, features, fit, value  # noqa: E402
from bench_hint_agreement import pick_positions  # noqa: E402
from bench_meld_noise import meld_position  # noqa: E402

from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import GreedyBot, acting_seat  # noqa: E402
from canasta_learn.play.coach import bound_to_go_out, play_out  # noqa: E402


def test_the_features_are_facts_of_the_position() -> None:
    rnd = Round(seed=5)
    for _ in range(9):
        rnd.apply(GreedyBot(seed=1).choose(rnd))
    for team in (0, 1):
        other = 1 - team
        found = features(rnd, team)
        assert len(found) == 21
        for start, t in ((0, team), (9, other)):
            seats = [s for s in range(rnd.player_count) if rnd.team_of(s) == t]
            assert found[start] == GreedyBot.table_value(rnd, t) / 100
            assert found[start + 4] == sum(len(rnd.hands[s]) for s in seats) / 10
            assert found[start + 6] == sum(1 for s in seats for c in rnd.hands[s] if c.is_wild)
            assert found[start + 7] == float(rnd.opened[t])
            assert found[start + 8] == min(len(rnd.hands[s]) for s in seats) / 10
        assert found[18:] == [len(rnd.stock) / 60, len(rnd.pile) / 10,
                              float(rnd.team_of(acting_seat(rnd)) == team)]


def test_the_fit_finds_the_weights_that_made_the_targets() -> None:
    rng = random.Random(3)
    true = [3.0, -2.0, 0.5, 10.0]  # three features, then the constant
    rows = []
    for _ in range(2_000):
        x = [rng.gauss(0, 1) for _ in range(3)]
        rows.append((x, sum(w * v for w, v in zip(true, [*x, 1.0], strict=True)) + rng.gauss(0, 0.5)))
    assert all(abs(w - t) < 0.1 for w, t in zip(fit(rows, ridge=1.0), true, strict=True))


def test_the_cut_play_out_is_the_coachs_play_out_cut_where_it_says() -> None:
    """Never cut (a cut beyond any round): the coach's own ending. Cut after one action: the value
    of the position GreedyBot's one answer to the move leaves."""
    weights = [float(i % 5 - 2) for i in range(22)]
    never, one = cut_play_out(weights, 10_000), cut_play_out(weights, 1)
    checked = 0
    for _kind, seed, step in pick_positions(31_001, 2, ("meld",)):
        _rnd, team, moves, memory, dealt = meld_position(seed, step, 1)
        for sample, _bot_seed in dealt:
            for move in moves[:4]:
                assert never(sample, move, team, 41, memory) == play_out(sample, move, team, 41, memory)
                after = sample.copy()
                after.apply(move)
                if after.is_over or bound_to_go_out(after):
                    continue
                after.apply(GreedyBot(seed=41 + acting_seat(after)).choose(after))
                if not after.is_over:
                    assert one(sample, move, team, 41, None) == round(value(weights, after, team))
                    checked += 1
    assert checked >= 4
