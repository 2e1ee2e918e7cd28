"""The hint benchmark's "points lost" (benchmarks/bench_hint_agreement.py) on outcomes whose
answer is known: the plain loss charges a hint the reference's own luck, the held-out loss does not."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import pytest  # noqa: E402
from bench_hint_agreement import (  # noqa: E402
    NO_PRUNING,
    Reference,
    compare,
    held_out,
    reference_ceiling,
    unseparated_misses,
)
from greedy_positions import greedy_position  # noqa: E402

import canasta_learn.play.coach as coach_module  # noqa: E402
from canasta_learn.play.bots import acting_seat  # noqa: E402
from canasta_learn.play.coach import advise  # noqa: E402


def _row(outcomes: dict[str, list[int]], recommended: str) -> dict[str, object]:
    best = max(outcomes, key=lambda move: sum(outcomes[move]))
    ref = Reference(outcomes, best, len(next(iter(outcomes.values()))), 0.0)
    return {"recommended": recommended, "reference": ref.to_json(), "loss": ref.loss(recommended)}


def test_a_move_worse_on_every_deal_by_ten_points_loses_ten_either_way() -> None:
    rng = random.Random(1)
    luck = [rng.randint(-500, 500) for _ in range(240)]
    row = _row({"N discard c8": luck, "N discard d9": [x - 10 for x in luck]}, "N discard d9")
    result = held_out(row)
    assert result is not None
    lost, noise = result
    assert row["loss"] == 10 and lost == 10 and noise == 0


def test_equal_moves_cost_the_plain_loss_its_winners_curse_but_not_the_held_out_one() -> None:
    """Ten moves of the same worth, each with its own noise: the reference's best is only the
    luckiest, so the plain method charges any other move a loss; held out, the loss averages out."""
    rng = random.Random(2)
    plain, held, noises = [], [], []
    for _ in range(60):
        outcomes = {f"N discard c{rank}": [rng.gauss(0, 300) for _ in range(240)] for rank in range(4, 14)}
        row = _row({k: [round(x) for x in v] for k, v in outcomes.items()}, "N discard c4")
        result = held_out(row)
        assert result is not None
        plain.append(float(row["loss"]))  # type: ignore[arg-type]
        held.append(result[0])
        noises.append(result[1])
    assert sum(plain) / len(plain) > 15  # the winner's curse: about 1.5 standard errors of a gap
    assert abs(sum(held) / len(held)) < 10  # unbiased: the true loss is 0
    assert sum(noises) / len(noises) > 15


def test_a_miss_the_reference_cannot_separate_from_its_best_is_told_from_one_it_can() -> None:
    """Ten moves of the same worth: the reference's best is only the luckiest, and a hint naming
    another is a miss within the reference's noise (most of the time: the luckiest of ten is
    sometimes beyond a 95% margin of another); a move 100 points worse on every deal never is."""
    rng = random.Random(4)
    equal, worse, agreeing = [], [], []
    for seed in range(1, 41):
        luck = [rng.gauss(0, 300) for _ in range(240)]
        outcomes = {f"N discard c{rank}": [round(x + rng.gauss(0, 60)) for x in luck] for rank in range(4, 14)}
        outcomes["N discard jk"] = [round(x - 100) for x in luck]
        best = max(outcomes, key=lambda move: sum(outcomes[move]))
        ref = Reference(outcomes, best, 240, 0.0).to_json()
        other = next(move for move in outcomes if move not in (best, "N discard jk"))
        row = {"kind": "discard", "seed": seed, "step": 5, "agree": False, "reference": ref}
        equal.append({**row, "named": [other]})
        worse.append({**row, "named": ["N discard jk"]})
        agreeing.append({**row, "agree": True, "named": [best]})
    misses, within = unseparated_misses(equal)
    assert misses == 40 and 30 <= within < 40
    assert unseparated_misses(worse) == (40, 0)
    assert unseparated_misses(agreeing) == (0, 0)  # only misses are counted


def test_a_row_without_its_reference_has_no_held_out_loss() -> None:
    assert held_out({"recommended": "N draw"}) is None


def test_compare_pairs_two_hint_rules_on_the_same_positions_and_stored_references() -> None:
    """`--compare`: a rule that picks the better move against one that picks a move 10 points
    worse on every deal, with the references kept apart (as ``--reference-from`` keeps them)."""
    rng = random.Random(3)
    good, worse, references = [], [], {}
    for seed in range(1, 9):
        luck = [rng.randint(-500, 500) for _ in range(240)]
        row = _row({"N discard c8": luck, "N discard d9": [x - 10 for x in luck]}, "N discard c8")
        key = {"kind": "discard", "seed": seed, "step": 5}
        references[("discard", seed, 5)] = row.pop("reference")
        good.append({**key, **row, "agree": True, "top": True})
        worse.append({**key, "recommended": "N discard d9", "loss": 10.0, "agree": False, "top": False})
    worse.append({"kind": "meld", "seed": 99, "step": 1, "recommended": "N draw", "loss": 0.0,
                  "agree": True, "top": True})  # a position the other run lacks is not paired
    found = {(kind, measure): (n, diff, half) for kind, n, measure, diff, half in compare(good, worse, references)}
    assert found[("discard", "lost")][:2] == (8, -10.0)
    n, diff, half = found[("discard", "held-out lost")]
    assert n == 8 and diff == -10.0 and half == 0.0
    assert found[("all", "agree")][:2] == (8, 1.0)
    assert ("meld", "lost") not in found


def test_a_reference_that_tells_its_moves_apart_on_every_deal_has_a_ceiling_of_one() -> None:
    """Three moves 100 points apart on every deal (the deal's luck shared): the reference's best
    is the true best on every resampling, so any hint naming the true best agrees."""
    rng = random.Random(4)
    luck = [rng.randint(-500, 500) for _ in range(240)]
    outcomes = {"N discard c8": [x + 100 for x in luck], "N discard d9": luck,
                "N discard h10": [x - 100 for x in luck]}
    ref = _row(outcomes, "N discard c8")["reference"]
    result = reference_ceiling(ref, named=1)  # type: ignore[arg-type]
    assert result is not None
    ceiling, spread, noise = result
    assert ceiling == 1.0 and noise == 0.0 and 90 < spread < 110


def test_moves_that_differ_only_by_noise_have_a_low_ceiling() -> None:
    """Eight moves of the same worth, each with its own noise: the reference's best is the luckiest,
    so naming one move (or any four) finds it only by chance, and fewer named moves find it less."""
    rng = random.Random(5)
    one, four = [], []
    for _ in range(10):
        outcomes = {f"N discard c{rank}": [round(rng.gauss(0, 300)) for _ in range(240)] for rank in range(4, 12)}
        ref = _row(outcomes, "N discard c4")["reference"]
        first, fourth = reference_ceiling(ref, named=1), reference_ceiling(ref, named=4)  # type: ignore[arg-type]
        assert first is not None and fourth is not None
        one.append(first[0])
        four.append(fourth[0])
    assert sum(one) / len(one) < 0.5 < sum(four) / len(four) < 0.9


def test_a_reference_with_one_move_has_no_ceiling() -> None:
    assert reference_ceiling({"outcomes": {"N draw": [10, 20, 30]}, "best": "N draw", "deals": 3, "cpu": 0.0}) is None


def test_a_reference_cut_to_its_first_deals_is_the_one_of_that_many_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """`Reference.first` (``--reference-deals``): a reference plays its deals in order from its seed
    and drops no move, so its first k deals, the best picked again, are exactly the reference a run
    of k deals would have kept."""
    monkeypatch.setattr(coach_module, "PRUNE_Z", NO_PRUNING)
    rnd = greedy_position(71001, 55)  # a meld position of bench_hint_agreement (seed 71001)
    seat = acting_seat(rnd)
    refs = {deals: Reference.of(rnd, advise(rnd, seat, rollouts=deals, seed=11), 1.0) for deals in (3, 8)}
    short = refs[8].first(3)
    assert short.outcomes == refs[3].outcomes
    assert short.best == refs[3].best and short.deals == 3
    assert short.cpu == 3 / 8
    assert refs[8].first(8) is refs[8]
