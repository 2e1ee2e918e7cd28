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

import itertools
import random
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import TakePile
from ..core.i18n import gettext
from ..engine.round import Round
from ..profiles import Profile, ProfileLike, get_profile
from ..rules.melds import canasta_kind
from .bots import MAX_ROUND_ACTIONS, Bot, BotLike, RoundTooLongError, acting_seat, make_bots

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["Summary", "iter_round_seeds", "round_columns", "round_seeds", "round_stats",
           "simulate", "simulate_rows", "summarize"]

#: Meaning of each per-round column (``_0``/``_1`` columns exist once per team).
COLUMN_DOCS: dict[str, str] = {
    "round": "0-based index of the round in the simulation",
    "seed": "the round's deal seed (replay it with play_round(..., seed=, dealer=))",
    "dealer": "the dealer's seat (0 N, 1 E, 2 S, 3 W)",
    "length": "actions played in the round",
    "turns": "turns started in the round",
    "winner": "the team with the higher round score (missing on a tie)",
    "score_T": "team T's score for the round",
    "natural_canastas_T": "team T's canastas at the end holding no wild card (on the table or "
                          "closed)",
    "mixed_canastas_T": "team T's canastas at the end holding a wild card (on the table or "
                        "closed)",
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


def iter_round_seeds(n_rounds: int, seed: int | None) -> Iterator[int]:
    """The deal seeds of a simulation's rounds (derived from ``seed``), made one at a time.

    >>> list(iter_round_seeds(3, 1)) == round_seeds(3, 1)
    True
    """
    rng = random.Random(seed)
    for _ in range(n_rounds):
        yield rng.randrange(2**31)


def round_seeds(n_rounds: int, seed: int | None) -> list[int]:
    """The deal seeds of a simulation's rounds (derived from ``seed``), as a list."""
    return list(iter_round_seeds(n_rounds, seed))


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
        # canastas still on the table, and those closed and set aside (pennies_from_heaven
        # closes every canasta at seven cards, italian its deuce canastas)
        canastas = [m for key, m in rnd.melds[team].items() if canasta_kind(m, key, prof) is not None]
        canastas += rnd.closed[team]
        natural = sum(1 for m in canastas if not any(c.is_wild for c in m))
        row[f"natural_canastas_{team}"] = natural
        row[f"mixed_canastas_{team}"] = len(canastas) - natural
    row["went_out"] = rnd.went_out
    row["concealed"] = bool(rnd.went_out_concealed)
    row["end_reason"] = rnd.end_reason
    row["pile_takes"] = sum(1 for a in rnd.log if isinstance(a, TakePile))
    row["frozen_turns"] = frozen_turns
    return {column: row[column] for column in round_columns(prof.team_count)}


def _play_round_stats(prof: Profile, players: Sequence[BotLike] | BotLike, index: int,
                      round_seed: int) -> dict[str, Any]:
    """Play round ``index`` of a simulation (dealt from ``round_seed``); its statistics row."""
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
            raise RoundTooLongError(gettext("Round {index} (seed {seed}) went on for more than {most} actions.").format(
                index=index, seed=round_seed, most=MAX_ROUND_ACTIONS))
    return round_stats(rnd, index=index, frozen_turns=frozen)


def _worker_round(task: tuple[Profile, Sequence[str], int, int]) -> dict[str, Any]:
    return _play_round_stats(*task)


def _ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops after the rounds in hand."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def simulate_rows(
    n_rounds: int,
    players: Sequence[BotLike] | BotLike = ("greedy", "random", "greedy", "random"),
    profile: ProfileLike = "classic",
    seed: int | None = 0,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
) -> Iterator[dict[str, Any]]:
    """Play ``n_rounds`` independent rounds and yield one statistics row per round.

    Named bots are re-created for each round, seeded from the round's seed and the seat;
    ``progress(done, total)`` is called after each round. Seeds are made as rounds start, so
    any number of rounds runs in constant memory.

    ``jobs`` > 1 plays the rounds in that many worker processes, a batch at a time, and yields
    the rows in round order: exactly the rows of a serial run with the same seed (each round
    depends only on its own seed). It needs bots given by name (an instance's state would not
    be shared between processes).
    """
    if isinstance(n_rounds, bool) or not isinstance(n_rounds, int) or n_rounds < 0:
        raise ValueError(gettext("The number of rounds must be a whole number >= 0, not {value}.").format(
            value=repr(n_rounds)))
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise ValueError(gettext("jobs must be a whole number of processes >= 1, not {value}.").format(
            value=repr(jobs)))
    prof = get_profile(profile)
    make_bots(players, prof.player_count, 0)  # validate the names before playing
    seeds = enumerate(iter_round_seeds(n_rounds, seed))
    if jobs == 1:
        for index, round_seed in seeds:
            yield _play_round_stats(prof, players, index, round_seed)
            if progress is not None:
                progress(index + 1, n_rounds)
        return
    specs: list[Any] = [players] if isinstance(players, (str, Bot)) else list(players)
    if not all(isinstance(spec, str) for spec in specs):
        raise ValueError(gettext("jobs > 1 needs the bots by name (such as 'greedy'), not bot objects."))
    names: list[str] = specs
    import multiprocessing

    batch = jobs * 16
    with multiprocessing.get_context().Pool(jobs, initializer=_ignore_interrupts) as pool:
        while True:
            tasks = [(prof, names, index, round_seed)
                     for index, round_seed in itertools.islice(seeds, batch)]
            if not tasks:
                break
            for row in pool.imap(_worker_round, tasks, chunksize=4):
                yield row
                if progress is not None:
                    progress(row["round"] + 1, n_rounds)


def simulate(
    n_rounds: int,
    players: Sequence[BotLike] | BotLike = ("greedy", "random", "greedy", "random"),
    profile: ProfileLike = "classic",
    seed: int | None = 0,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
) -> pandas.DataFrame:
    """Per-round statistics of ``n_rounds`` bot rounds, as a pandas DataFrame.

    Columns (see `COLUMN_DOCS`): round, seed, dealer, length, turns, winner, score_0,
    score_1, natural_canastas_0, mixed_canastas_0, natural_canastas_1, mixed_canastas_1,
    went_out, concealed, end_reason, pile_takes, frozen_turns. ``winner`` and ``went_out``
    are nullable integers (missing on a tie / when nobody went out). ``jobs`` as in
    `simulate_rows` (the same table, from several processes).
    """
    from ..core.extras import import_pandas

    pd = import_pandas("simulate()")

    prof = get_profile(profile)
    rows = list(simulate_rows(n_rounds, players, prof, seed, progress, jobs))
    frame: pandas.DataFrame = pd.DataFrame(rows, columns=round_columns(prof.team_count))
    for column in ("winner", "went_out"):
        frame[column] = frame[column].astype("Int64")
    frame["concealed"] = frame["concealed"].astype(bool)
    return frame


class Summary:
    """Running totals of simulation rows, in constant memory (`add` each row, then `result`).

    >>> total = Summary(2)
    >>> total.add({"score_0": 10, "score_1": -5, "winner": 0, "length": 3, "went_out": 1,
    ...            "concealed": False, "pile_takes": 1, "frozen_turns": 0})
    >>> total.result()["mean_score"], total.result()["rounds"]
    ([10.0, -5.0], 1)
    """

    def __init__(self, team_count: int = 2) -> None:
        self.team_count = team_count
        self.rounds = 0
        self.scores = [0] * team_count
        self.wins = [0] * team_count
        self.length = self.went_out = self.concealed = self.pile_takes = self.frozen = 0

    def add(self, row: dict[str, Any]) -> None:
        """Count one round's row."""
        self.rounds += 1
        for t in range(self.team_count):
            self.scores[t] += row[f"score_{t}"]
            self.wins[t] += row["winner"] == t
        self.length += row["length"]
        self.went_out += row["went_out"] is not None
        self.concealed += bool(row["concealed"])
        self.pile_takes += row["pile_takes"]
        self.frozen += row["frozen_turns"]

    def result(self) -> dict[str, Any]:
        """The summary of the rows added so far (means are 0.0 with no rows)."""
        n = self.rounds or 1
        return {
            "rounds": self.rounds,
            "mean_score": [s / n for s in self.scores],
            "win_rate": [w / n for w in self.wins],
            "mean_length": self.length / n,
            "went_out_rate": self.went_out / n,
            "concealed_rate": self.concealed / n,
            "mean_pile_takes": self.pile_takes / n,
            "mean_frozen_turns": self.frozen / n,
        }


def summarize(rows: Iterable[dict[str, Any]], team_count: int = 2) -> dict[str, Any]:
    """Summary of simulation rows: rounds, mean score / win rate per team, mean length,
    share of rounds ended by going out and by going out concealed (rows are read once, as
    they come)."""
    total = Summary(team_count)
    for row in rows:
        total.add(row)
    return total.result()
