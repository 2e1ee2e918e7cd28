"""Bot-against-bot simulation: per-round statistics, as plain rows or a pandas table.

``simulate(n_rounds, players, profile, seed)`` plays independent rounds (dealer rotating,
both teams at 0 points) and returns one row per round. Each row's ``seed`` and ``dealer``
replay that round exactly: ``play_round(players, profile, seed=row.seed, dealer=row.dealer)``.

>>> rows = list(simulate_rows(2, ("greedy", "random", "greedy", "random"), seed=1))
>>> [sorted(rows[0]) == sorted(round_columns(2)) for _ in (0,)]
[True]
>>> summary = summarize(rows, team_count=2)
>>> summary["rounds"]
2
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .actions import TakePile
from .bots import MAX_ROUND_ACTIONS, BotLike, RoundTooLongError, acting_seat, make_bots
from .melds import canasta_kind
from .profiles import ProfileLike, get_profile
from .round import Round

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["round_columns", "round_seeds", "round_stats", "simulate", "simulate_rows",
           "summarize"]

#: Meaning of each per-round column (``_0``/``_1`` columns exist once per team).
COLUMN_DOCS: dict[str, str] = {
    "round": "0-based index of the round in the simulation",
    "seed": "the round's deal seed (replay it with play_round(..., seed=, dealer=))",
    "dealer": "the dealer's seat (0 N, 1 E, 2 S, 3 W)",
    "length": "actions played in the round",
    "turns": "turns started in the round",
    "winner": "the team with the higher round score (missing on a tie)",
    "score_T": "team T's score for the round",
    "natural_canastas_T": "team T's natural canastas at the end",
    "mixed_canastas_T": "team T's mixed canastas at the end",
    "went_out": "the seat that went out (missing if the round ended otherwise)",
    "concealed": "True if the player went out concealed",
    "end_reason": "why the round ended: went_out or stock_exhausted",
    "pile_takes": "times the discard pile was taken",
    "frozen_turns": "turns that started with the pile frozen for the player to move",
}


def round_columns(team_count: int = 2) -> list[str]:
    """The per-round columns of `simulate`, in order, for ``team_count`` teams."""
    teams = range(team_count)
    return (["round", "seed", "dealer", "length", "turns", "winner"]
            + [f"score_{t}" for t in teams]
            + [f"{kind}_canastas_{t}" for t in teams for kind in ("natural", "mixed")]
            + ["went_out", "concealed", "end_reason", "pile_takes", "frozen_turns"])


def round_seeds(n_rounds: int, seed: int | None) -> list[int]:
    """The deal seeds of a simulation's rounds (derived from ``seed``)."""
    rng = random.Random(seed)
    return [rng.randrange(2**31) for _ in range(n_rounds)]


def round_stats(rnd: Round, *, index: int = 0, frozen_turns: int = 0) -> dict[str, Any]:
    """One row of statistics for a finished round."""
    prof = rnd.profile
    scores = [b.total for b in rnd.scores()]
    best = max(scores)
    leaders = [t for t, s in enumerate(scores) if s == best]
    row: dict[str, Any] = {
        "round": index, "seed": rnd.seed, "dealer": rnd.dealer, "length": len(rnd.log),
        "turns": rnd.turn_number + 1, "winner": leaders[0] if len(leaders) == 1 else None,
    }
    for team, score in enumerate(scores):
        row[f"score_{team}"] = score
    for team in range(prof.team_count):
        canastas = [m for key, m in rnd.melds[team].items() if canasta_kind(m, key, prof) is not None]
        natural = sum(1 for m in canastas if not any(c.is_wild for c in m))
        row[f"natural_canastas_{team}"] = natural
        row[f"mixed_canastas_{team}"] = len(canastas) - natural
    row["went_out"] = rnd.went_out
    row["concealed"] = bool(rnd.went_out_concealed)
    row["end_reason"] = rnd.end_reason
    row["pile_takes"] = sum(1 for a in rnd.log if isinstance(a, TakePile))
    row["frozen_turns"] = frozen_turns
    return {column: row[column] for column in round_columns(prof.team_count)}


def simulate_rows(
    n_rounds: int,
    players: Sequence[BotLike] | BotLike = ("greedy", "random", "greedy", "random"),
    profile: ProfileLike = "classic",
    seed: int | None = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Play ``n_rounds`` independent rounds and yield one statistics row per round.

    Named bots are re-created for each round, seeded from the round's seed and the seat;
    ``progress(done, total)`` is called after each round.
    """
    if not isinstance(n_rounds, int) or n_rounds < 0:
        raise ValueError(f"The number of rounds must be a whole number >= 0, not {n_rounds!r}.")
    prof = get_profile(profile)
    make_bots(players, prof.player_count, 0)  # validate the names before playing
    for index, round_seed in enumerate(round_seeds(n_rounds, seed)):
        bots = make_bots(players, prof.player_count, round_seed)
        rnd = Round(prof, seed=round_seed, dealer=index % prof.player_count)
        frozen = 0
        last_turn = -1
        count = 0
        while not rnd.is_over:
            if rnd.phase == "draw" and rnd.turn_number != last_turn:
                last_turn = rnd.turn_number
                if rnd.pile_state(rnd.to_move) == "frozen":
                    frozen += 1
            rnd.apply(bots[acting_seat(rnd)].choose(rnd))
            count += 1
            if count > MAX_ROUND_ACTIONS:
                raise RoundTooLongError(f"Round {index} (seed {round_seed}) went on for more "
                                        f"than {MAX_ROUND_ACTIONS} actions.")
        yield round_stats(rnd, index=index, frozen_turns=frozen)
        if progress is not None:
            progress(index + 1, n_rounds)


def simulate(
    n_rounds: int,
    players: Sequence[BotLike] | BotLike = ("greedy", "random", "greedy", "random"),
    profile: ProfileLike = "classic",
    seed: int | None = 0,
    progress: Callable[[int, int], None] | None = None,
) -> pandas.DataFrame:
    """Per-round statistics of ``n_rounds`` bot rounds, as a pandas DataFrame.

    Columns (see `COLUMN_DOCS`): round, seed, dealer, length, turns, winner, score_0,
    score_1, natural_canastas_0, mixed_canastas_0, natural_canastas_1, mixed_canastas_1,
    went_out, concealed, end_reason, pile_takes, frozen_turns. ``winner`` and ``went_out``
    are nullable integers (missing on a tie / when nobody went out).
    """
    import pandas as pd

    prof = get_profile(profile)
    rows = list(simulate_rows(n_rounds, players, prof, seed, progress))
    frame: pandas.DataFrame = pd.DataFrame(rows, columns=round_columns(prof.team_count))
    for column in ("winner", "went_out"):
        frame[column] = frame[column].astype("Int64")
    frame["concealed"] = frame["concealed"].astype(bool)
    return frame


def summarize(rows: Iterable[dict[str, Any]], team_count: int = 2) -> dict[str, Any]:
    """Summary of simulation rows: rounds, mean score / win rate per team, mean length,
    share of rounds ended by going out and by going out concealed."""
    rows = list(rows)
    n = len(rows)
    teams = range(team_count)

    def mean(values: Iterable[float]) -> float:
        values = list(values)
        return sum(values) / len(values) if values else 0.0

    return {
        "rounds": n,
        "mean_score": [mean(r[f"score_{t}"] for r in rows) for t in teams],
        "win_rate": [mean(1.0 if r["winner"] == t else 0.0 for r in rows) for t in teams],
        "mean_length": mean(r["length"] for r in rows),
        "went_out_rate": mean(1.0 if r["went_out"] is not None else 0.0 for r in rows),
        "concealed_rate": mean(1.0 if r["concealed"] else 0.0 for r in rows),
        "mean_pile_takes": mean(r["pile_takes"] for r in rows),
        "mean_frozen_turns": mean(r["frozen_turns"] for r in rows),
    }
