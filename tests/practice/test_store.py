"""The progress file: a documented JSON round trip, a clear error that changes nothing for a
corrupt or foreign file, and an interrupted write that leaves the old file whole
(canasta_learn.practice.store)."""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

from canasta_learn.practice import Progress, ProgressFileError, default_path, load_progress, save_progress
from canasta_learn.practice.store import progress_to_json

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


def sample() -> Progress:
    progress = Progress("Ana Luíza")
    progress.record("meld_validity", True, T0)
    progress.record("meld_validity", True, T0)
    progress.record("go_out", False, T0)
    return progress


def test_progress_round_trips_through_the_documented_json(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    save_progress(sample(), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {
        "format": "canasta-learn-practice", "version": 1, "learner": "Ana Luíza",
        "skills": {
            "go_out": {"box": 1, "right": 0, "wrong": 1, "streak": 0, "best_streak": 0,
                       "last_seen": "2026-12-01T09:00:00+00:00"},
            "meld_validity": {"box": 3, "right": 2, "wrong": 0, "streak": 2, "best_streak": 2,
                              "last_seen": "2026-12-01T09:00:00+00:00"},
        },
    }
    assert load_progress(path) == sample()


def test_a_missing_file_is_an_empty_progress(tmp_path: Path) -> None:
    assert load_progress(tmp_path / "none.json") == Progress()


def test_skills_of_a_newer_version_are_kept_through_a_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    data = progress_to_json(sample())
    data["skills"]["italian_deuce_melds"] = {"box": 2, "future_field": [1, 2]}
    path.write_text(json.dumps(data), encoding="utf-8")
    progress = load_progress(path)
    save_progress(progress, path)
    assert json.loads(path.read_text(encoding="utf-8"))["skills"]["italian_deuce_melds"] == {
        "box": 2, "future_field": [1, 2]}


@pytest.mark.parametrize(("content", "problem"), [
    ("{not json", "it is not JSON (line 1)"),
    ('{"cells": [], "nbformat": 4}', 'it does not say "format": "canasta-learn-practice"'),
    ('{"format": "canasta-learn-practice", "version": "one"}', "its version is missing"),
    ('{"format": "canasta-learn-practice", "version": 1, "skills": {"go_out": {"box": 9}}}',
     "the box of go_out is not 1 to 5"),
    ('{"format": "canasta-learn-practice", "version": 1, "skills": {"go_out": {"box": 2, "right": -1}}}',
     "right of go_out is not a whole number"),
    ('{"format": "canasta-learn-practice", "version": 1, "skills": {"go_out": {"box": 2, '
     '"last_seen": "yesterday"}}}', "last_seen of go_out is not a time"),
    ('{"format": "canasta-learn-practice", "version": 1, "learner": 7}', '"learner" is not a text'),
])
def test_a_corrupt_or_foreign_file_gives_a_clear_error_and_changes_nothing(tmp_path: Path, content: str,
                                                                           problem: str) -> None:
    path = tmp_path / "practice.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ProgressFileError) as raised:
        load_progress(path)
    message = str(raised.value)
    assert str(path) in message and problem in message
    assert "move this one away to start afresh" in message
    assert path.read_text(encoding="utf-8") == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["practice.json"]


def test_a_file_from_a_newer_version_says_to_update(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    path.write_text('{"format": "canasta-learn-practice", "version": 2}', encoding="utf-8")
    with pytest.raises(ProgressFileError, match="newer canasta-learn .format version 2.; update canasta-learn"):
        load_progress(path)


def test_an_interrupted_write_leaves_the_old_progress_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "practice.json"
    save_progress(sample(), path)
    before = path.read_bytes()
    progress = sample()
    progress.record("hand_score", True, T0)

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_progress(progress, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["practice.json"]


def test_the_default_location_is_the_users_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = default_path()
    assert path.name == "practice.json" and "canasta-learn" in path.parts[-2]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "canasta-learn" / "practice.json"
    written = save_progress(sample())
    assert written == tmp_path / "canasta-learn" / "practice.json" and load_progress() == sample()


def test_under_pyodide_the_default_is_the_jupyterlite_drive_not_the_in_memory_home(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the JupyterLite site the home folder is lost on reload; the site's drive is kept (the
    browser test tests/browser/test_site_progress_browser.py checks both in Chromium)."""
    from canasta_learn.practice import store

    drive = tmp_path / "drive"
    monkeypatch.setattr(store, "LITE_DRIVE", drive)
    monkeypatch.setattr(store.sys, "platform", "emscripten")
    assert default_path().parent != drive  # no drive mounted (a kernel without one): the home
    drive.mkdir()
    assert default_path() == drive / store.LITE_PROGRESS
    written = save_progress(sample())
    assert written == drive / store.LITE_PROGRESS
    assert load_progress().learner == "Ana Luíza"
    monkeypatch.setattr(store.sys, "platform", "linux")
    assert default_path().parent != drive


def test_saving_to_the_default_path_given_explicitly_makes_its_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The practice widget passes the default path itself: a first save still makes the folder."""
    from canasta_learn.practice import store

    target = tmp_path / "new" / "folder" / "practice.json"
    monkeypatch.setattr(store, "default_path", lambda: target)
    assert save_progress(sample(), target) == target
    assert load_progress(target).learner == "Ana Luíza"
