"""ReplayViewer keeps its score sheet incrementally: each finished round is scored once, so a
step late in a long game rescores nothing, and the sheet still shows every finished round's
round score and running total exactly as the record's own score sheet."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")
pytest.importorskip("pandas")

from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import play_game  # noqa: E402
from canasta_learn.widgets import ReplayViewer  # noqa: E402

CELL = re.compile(r"<td[^>]*>(?:<b>)?(-?\d+)(?:</b>)?</td>")


def sheet_numbers(html: str) -> list[list[int]]:
    rows = re.findall(r"<tr><td.*?</tr>", html)
    return [[int(x) for x in CELL.findall(row)] for row in rows]


def test_each_finished_round_is_scored_once(monkeypatch: pytest.MonkeyPatch) -> None:
    record = play_game("greedy", seed=2)
    assert len(record.rounds) >= 3
    viewer = ReplayViewer(record)
    calls: list[int] = []
    original = Round.scores

    def counting(self: Round) -> list:  # type: ignore[type-arg]
        calls.append(1)
        return original(self)

    monkeypatch.setattr(Round, "scores", counting)
    last_round = len(record.rounds) - 1
    viewer.go(viewer.steps.index((1, 2)))  # round 2's notes are made (and kept) here
    viewer.go(viewer.steps.index((last_round, 3)))
    first = len(calls)
    assert first >= last_round  # the earlier rounds, scored for the sheet (and notes)
    for _ in range(5):  # mid-round steps: nothing rescored
        viewer.next()
    assert len(calls) == first
    viewer.go(viewer.steps.index((1, 2)))  # back to round 2, then forward again
    viewer.go(viewer.steps.index((last_round, 10)))
    assert len(calls) == first


def test_the_incremental_sheet_matches_the_record_score_sheet() -> None:
    record = play_game("greedy", seed=2)
    sheet = record.score_sheet()
    viewer = ReplayViewer(record)
    viewer.last()
    numbers = sheet_numbers(viewer.scores.value)
    assert len(numbers) == len(record.rounds)
    for r, row in enumerate(numbers):
        expected = [r + 1]
        for team in range(record.profile.team_count):
            line = sheet[(sheet["round"] == r + 1) & (sheet["team"] == team)].iloc[0]
            expected += [int(line["round_total"]), int(line["running_total"])]
        assert row == expected
    viewer.go(viewer.steps.index((2, -1)))  # at the third deal: two rounds finished
    assert sheet_numbers(viewer.scores.value) == numbers[:2]
