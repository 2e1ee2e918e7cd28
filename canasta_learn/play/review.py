"""Game review: the coach's opinion of every move of a recorded game (issue 18).

`review_round` asks `canasta_learn.play.coach.judge` about each decision of a round (moves with a
single legal choice are skipped) and keeps a *review mark* for each move whose estimated
loss against the coach's best move is large: at least ``threshold`` points and clearly more
than the estimate's uncertainty (1.96 standard errors). A mark holds the coach's move (in
notation and in words), the loss with its standard error, the coach's reasons for its move,
and the rollouts and seed that make it repeatable. Marks are stored in the record's own
``review`` field of each round (`canasta_learn.records.record.RoundRecord.review`), never in the
human comments or glyphs.

Everything is seeded: the same record, seed and rollouts give the same marks.

>>> from canasta_learn.records.examples import load_example
>>> record = load_example("concealed_going_out")
>>> marks = review_round(record, 0, rollouts=3, seed=1)
>>> marks == review_round(record, 0, rollouts=3, seed=1)
True
>>> all(mark["loss"] >= REVIEW_THRESHOLD for mark in marks.values())
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.actions import parse_action
from ..records.record import GameRecord, review_mark
from .coach import judge

__all__ = ["REVIEW_ROLLOUTS", "REVIEW_THRESHOLD", "review_game", "review_round"]

#: A move is marked when the coach estimates it loses at least this many points.
REVIEW_THRESHOLD = 50.0
#: Simulated endings per decision unless told otherwise (small: a review should take seconds).
REVIEW_ROLLOUTS = 6


def _move_seed(seed: int | None, round_index: int, action_index: int) -> int | None:
    return None if seed is None else (seed * 1_000_003 + round_index * 10_007 + action_index)


def review_round(
    record: GameRecord,
    round_index: int,
    *,
    rollouts: int = REVIEW_ROLLOUTS,
    seed: int | None = 0,
    threshold: float = REVIEW_THRESHOLD,
    seats: Iterable[int] | None = None,
) -> dict[int, dict[str, Any]]:
    """The review marks of one round, keyed by action index (the record is not changed).

    ``seats``: review only these seats' moves (default: every seat). ``seed=None`` is not
    repeatable. A ValueError names a bad ``round_index``, ``rollouts`` or ``threshold``.
    """
    from .coach_words import move_words, reason_texts

    if not isinstance(record, GameRecord):
        raise TypeError(f"record must be a GameRecord, not {type(record).__name__}.")
    if not isinstance(round_index, int) or isinstance(round_index, bool) or not (
            0 <= round_index < len(record.rounds)):
        raise ValueError(f"round_index must be 0-{len(record.rounds) - 1}, not {round_index!r}.")
    if not isinstance(rollouts, int) or isinstance(rollouts, bool) or rollouts < 1:
        raise ValueError(f"rollouts must be a whole number of at least 1, not {rollouts!r}.")
    if isinstance(threshold, bool) or not isinstance(threshold, int | float) or not threshold >= 0:
        raise ValueError(f"threshold must be a number of points >= 0, not {threshold!r}.")
    chosen = None if seats is None else set(seats)
    rr = record.rounds[round_index]
    rnd = record.state_at(round_index, -1)
    marks: dict[int, dict[str, Any]] = {}
    for index, text in enumerate(rr.actions):
        action = parse_action(text, rnd.player_count)
        if (chosen is None or action.seat in chosen) and len(rnd.legal_actions()) > 1:
            opinion = judge(rnd, action, rollouts=rollouts, seed=_move_seed(seed, round_index, index))
            if opinion.loss >= threshold and opinion.loss > 1.96 * opinion.stderr:
                best = opinion.best
                marks[index] = review_mark({
                    "best": best.text, "best_words": move_words(best.action, rnd),
                    "loss": round(opinion.loss, 1), "stderr": round(opinion.stderr, 1),
                    "reasons": reason_texts(best, opinion.advice.candidates, rnd),
                    "rollouts": best.rollouts, "seed": _move_seed(seed, round_index, index)})
        rnd.apply(action)
    return marks


def review_game(
    record: GameRecord,
    *,
    rollouts: int = REVIEW_ROLLOUTS,
    seed: int | None = 0,
    threshold: float = REVIEW_THRESHOLD,
    seats: Iterable[int] | None = None,
    rounds: Iterable[int] | None = None,
) -> int:
    """Review every round (or those in ``rounds``) and store the marks in each round's own
    ``review`` field, replacing earlier review marks of those rounds only; comments and
    glyphs are left as they are. Returns the number of moves marked."""
    seat_list = None if seats is None else list(seats)
    count = 0
    for r in (range(len(record.rounds)) if rounds is None else rounds):
        marks = review_round(record, r, rollouts=rollouts, seed=seed, threshold=threshold, seats=seat_list)
        record.rounds[r].review = marks
        count += len(marks)
    return count
