"""`simulate` streams: seeds are made as rounds start, the CSV is written and flushed as rounds
finish, and an interrupt (Ctrl-C, SIGINT) ends with a summary of the rounds played, a complete
CSV and the progress line ended."""

from __future__ import annotations

import csv
import io
import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from canasta_learn.cli.simulate import ProgressBar
from canasta_learn.play.simulate import (
    Summary,
    iter_round_seeds,
    round_columns,
    round_seeds,
    simulate_rows,
    summarize,
)

ROOT = Path(__file__).resolve().parents[2]


def test_seeds_are_made_lazily_and_match_the_list() -> None:
    assert list(itertools.islice(iter_round_seeds(10 ** 15, 4), 5)) == round_seeds(5, 4)
    rows = list(itertools.islice(simulate_rows(10 ** 15, "random", seed=4), 2))
    assert [r["seed"] for r in rows] == round_seeds(2, 4)
    assert rows == list(simulate_rows(2, "random", seed=4))


def test_the_running_summary_equals_the_summary_of_the_rows() -> None:
    rows = list(simulate_rows(12, ("greedy", "random", "greedy", "random"), seed=3))
    total = Summary(2)
    for row in rows:
        total.add(row)
    assert total.result() == summarize(iter(rows)) == summarize(rows)
    n = len(rows)
    assert total.result()["mean_score"][0] == sum(r["score_0"] for r in rows) / n
    assert total.result()["win_rate"][1] == sum(r["winner"] == 1 for r in rows) / n
    assert Summary(2).result()["rounds"] == 0


def test_an_ended_progress_bar_line_is_ended_once() -> None:
    stream = io.StringIO()
    bar = ProgressBar(100, stream)
    bar(1, 100)
    bar.end()
    bar.end()
    assert stream.getvalue().endswith("1/100 rounds, " + stream.getvalue().split(", ")[-1])
    assert stream.getvalue().count("\n") == 1
    done = io.StringIO()
    finished = ProgressBar(2, done)
    finished(2, 2)
    finished.end()
    assert done.getvalue().count("\n") == 1


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to a child process")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupted_simulation_summarizes_the_rounds_played(tmp_path: Path, jobs: str) -> None:
    out = tmp_path / "rounds.csv"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-m", "canasta_learn.cli", "simulate", "--rounds", "10000000",
         "--bots", "random", "--csv", str(out), "--progress", "--jobs", jobs],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        for _ in range(600):  # until a few rounds have been written (flushed as they finish)
            if out.exists() and out.read_text().count("\n") >= 4:
                break
            time.sleep(0.1)
        child.send_signal(signal.SIGINT)
        out_bytes, err_bytes = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    stdout, stderr = out_bytes.decode(), err_bytes.decode()  # bytes: keep the bar's \r
    assert child.returncode == 130, stderr
    played = int(stdout.split(" rounds, profile classic")[0].split()[-1])
    assert played >= 3 and "of 10000000 rounds" in stderr
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == played
    assert all(list(row) == round_columns(2) and None not in row.values() for row in rows)
    assert [int(r["round"]) for r in rows] == list(range(played))
    message = stderr.index("canasta-learn: interrupted")
    assert stderr[message - 1] == "\n" and "\r" in stderr[:message]  # the bar's line ended first
    assert "Traceback" not in stderr


# ---------------------------------------------------------------------- --jobs
def test_rounds_in_several_processes_equal_a_serial_run() -> None:
    serial = list(simulate_rows(70, ("greedy", "random", "greedy", "random"), seed=9))
    seen: list[int] = []
    parallel = list(simulate_rows(70, ("greedy", "random", "greedy", "random"), seed=9,
                                  progress=lambda done, total: seen.append(done), jobs=2))
    assert parallel == serial
    assert seen == list(range(1, 71))
    six = list(simulate_rows(9, "random", "pennies_from_heaven", seed=2, jobs=3))
    assert six == list(simulate_rows(9, "random", "pennies_from_heaven", seed=2))


def test_jobs_needs_bot_names_and_a_whole_number() -> None:
    from canasta_learn.play.bots import RandomBot

    with pytest.raises(ValueError, match="needs the bots by name"):
        list(simulate_rows(2, RandomBot(1), jobs=2))
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="jobs must be a whole number"):
            list(simulate_rows(2, "random", jobs=bad))  # type: ignore[arg-type]


def test_cli_simulate_jobs_prints_and_writes_what_a_serial_run_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from canasta_learn.cli import main

    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"rounds{jobs}.csv"
        assert main(["simulate", "--rounds", "40", "--seed", "5", "--csv", str(out),
                     "--jobs", jobs]) == 0
        printed = capsys.readouterr().out.replace(str(out), "FILE")
        outputs.append((printed, out.read_text()))
    assert outputs[0] == outputs[1]
    assert main(["simulate", "--rounds", "4", "--jobs", "0"]) == 2
    assert "--jobs must be 1 or more" in capsys.readouterr().err
