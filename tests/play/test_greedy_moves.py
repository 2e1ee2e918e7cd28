"""GreedyBot's cheaper move generator: it asks the engine only for the moves its choice can
depend on (`GreedyBot._play_phase_lazy`), and must play exactly as when it reads every legal
move (``GreedyBot(every_move=True)``, the reference), tie-breaker draws included."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from canasta_learn.engine.round import Round
from canasta_learn.play.bots import GreedyBot, acting_seat, run_round
from canasta_learn.play.coach import Determinizer

SETS_PROFILES = ("classic", "cardgames_io", "traditional", "italian", "pennies_from_heaven")


def _log(rnd: Round, every_move: bool, seed: int) -> list[str]:
    bots = [GreedyBot(seed=seed * 7 + s, every_move=every_move) for s in range(rnd.player_count)]
    run_round(rnd, bots)
    return [str(action) for action in rnd.log]


def _counting(monkeypatch: pytest.MonkeyPatch, name: str, counts: dict[str, int]) -> None:
    original: Callable[..., Any] = getattr(GreedyBot, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        counts[name] = counts.get(name, 0) + 1
        return original(*args, **kwargs)

    monkeypatch.setattr(GreedyBot, name, staticmethod(counted))  # both are static methods


def test_greedy_bot_plays_200_seeded_rounds_the_same_with_the_moves_it_needs_as_with_every_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """40 seeded rounds in each sets profile (200 in all) give identical action logs, and the
    cheaper path was taken both before a team opened and after a partner's "yes"."""
    counts: dict[str, int] = {}
    differing = []
    for profile in SETS_PROFILES:
        for seed in range(40):
            reference = _log(Round(profile, seed=seed), True, seed)
            with monkeypatch.context() as patch:
                _counting(patch, "_going_out_meld", counts)
                _counting(patch, "_opening_options", counts)
                cheaper = _log(Round(profile, seed=seed), False, seed)
            if cheaper != reference:
                differing.append((profile, seed))
    assert differing == []
    assert counts.get("_going_out_meld", 0) >= 50
    assert counts.get("_opening_options", 0) >= 500


def test_greedy_bot_plays_coach_rollouts_the_same_with_the_moves_it_needs_as_with_every_move() -> None:
    """Endings of deals of the unseen cards from mid-round positions, as the coach plays them."""
    rng = random.Random(5)
    for seed in range(12):
        rnd = Round("classic", seed=100 + seed)
        bots = [GreedyBot(seed=seed + s) for s in range(4)]
        for _ in range(25 + seed):
            if rnd.is_over:
                break
            rnd.apply(bots[acting_seat(rnd)].choose(rnd))
        if rnd.is_over:
            continue
        sample = Determinizer(rnd, acting_seat(rnd)).sample(rng)
        logs = [_log(sample.copy(), every_move, seed) for every_move in (True, False)]
        assert logs[0] == logs[1]


@pytest.mark.parametrize("profile", ("canastra_br", "tranca"))
def test_greedy_bot_reads_every_move_in_sequence_games(profile: str) -> None:
    """Runs and ace sets have no cheaper path: both ways play the same round."""
    assert _log(Round(profile, seed=3), True, 3) == _log(Round(profile, seed=3), False, 3)
