"""Record loading under hostile input: the documented limits (size, nesting, rounds, actions
per round, action length) fail fast with `RecordError` in strict and lenient mode; lenient
repair keeps what was written completely; a non-UTF-8 file is named; lazy loading re-checks a
round only when it is first replayed; replayed states are kept for a few rounds only."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from record_helpers import play_random_round

from canasta_learn.cli import main
from canasta_learn.records.record import (
    CACHED_ROUNDS,
    MAX_ACTION_CHARS,
    MAX_ACTIONS,
    MAX_NESTING,
    MAX_RECORD_CHARS,
    MAX_ROUNDS,
    GameRecord,
    RecordError,
)


@functools.cache
def long_record_text() -> str:
    """A record of a dozen rounds of random-legal classic play."""
    rounds = [GameRecord.from_round(play_random_round(seed, dealer=seed % 4)).rounds[0]
              for seed in range(12)]
    return GameRecord("classic", rounds=rounds).dump()


def both_modes(text: str) -> list[RecordError]:
    errors = []
    for strict in (True, False):
        with pytest.raises(RecordError) as info:
            GameRecord.load(text, strict=strict)
        errors.append(info.value)
    return errors


# ---------------------------------------------------------------------- limits
@pytest.mark.parametrize("text", ["[" * 100000 + "]" * 100000, "{\n" + "[" * 16000,
                                  '{"rounds": ' + "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1) + "}"])
def test_nesting_beyond_the_limit_is_refused_before_parsing(text: str) -> None:
    for error in both_modes(text):
        assert "nests JSON" in str(error) and f"at most {MAX_NESTING}" in str(error)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    doc = json.loads(long_record_text())
    doc["info"] = {"title": "[" * 1000 + '\\"{' * 50}
    record = GameRecord.load(json.dumps(doc))
    assert record.info["title"].startswith("[[[")


def test_a_text_beyond_the_size_limit_is_refused() -> None:
    text = "{" + " " * MAX_RECORD_CHARS + "}"
    for error in both_modes(text):
        assert f"at most {MAX_RECORD_CHARS}" in str(error)


def test_a_file_beyond_the_size_limit_is_refused_naming_it(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_RECORD_CHARS + 1)
    for error in both_modes(str(big)):  # type: ignore[arg-type]
        assert str(big) in str(error) and f"{MAX_RECORD_CHARS + 1} bytes" in str(error)


def test_more_rounds_than_the_limit_are_refused() -> None:
    doc = json.loads(long_record_text())
    doc["rounds"] = [doc["rounds"][0]] * (MAX_ROUNDS + 1)
    for error in both_modes(json.dumps(doc)):
        assert f"{MAX_ROUNDS + 1} rounds" in str(error)


def test_more_actions_than_the_limit_are_refused() -> None:
    doc = json.loads(long_record_text())
    doc["rounds"][0]["actions"] = ["N draw"] * (MAX_ACTIONS + 1)
    for error in both_modes(json.dumps(doc)):
        assert f"{MAX_ACTIONS + 1} actions" in str(error) and error.round_index == 0


def test_an_action_text_beyond_the_limit_is_a_problem_at_its_place() -> None:
    doc = json.loads(long_record_text())
    doc["rounds"][1]["actions"][3] = "N meld " + "h5 " * MAX_ACTION_CHARS
    text = json.dumps(doc)
    with pytest.raises(RecordError) as info:
        GameRecord.load(text)
    assert (info.value.round_index, info.value.action_index) == (1, 3)
    assert f"at most {MAX_ACTION_CHARS}" in info.value.reason
    lenient = GameRecord.load(text, strict=False)
    assert len(lenient.rounds[1].actions) == 3 and len(lenient.errors) == 1


def test_a_non_utf8_file_is_named_in_the_error(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes(long_record_text().replace("Players", "x").encode()[:50] + b"\xe9\xff" + b"}")
    for error in both_modes(str(bad)):
        assert str(bad) in str(error) and "not UTF-8" in str(error)
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.count(str(bad)) == 1 and "not UTF-8" in err


@pytest.mark.parametrize("payload", ["[" * 100000, "{\n" + "[" * 16000])
def test_cli_replay_of_hostile_files_prints_one_line(tmp_path: Path, payload: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text(payload)
    for extra in ([], ["--lenient"]):
        assert main(["replay", str(path), *extra]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "nests JSON" in err and "Traceback" not in err


# ---------------------------------------------------------------------- hostile actions
@pytest.mark.parametrize("bad", ["E add 101: jk", "P² draw", "N meld h5 h5\nx", "E meld 110: jk"])
def test_a_record_holding_a_hostile_action_is_a_record_error(bad: str) -> None:
    doc = json.loads(long_record_text())
    doc["rounds"][0]["actions"][2] = bad
    text = json.dumps(doc)
    with pytest.raises(RecordError) as info:
        GameRecord.load(text)
    assert (info.value.round_index, info.value.action_index) == (0, 2)
    lenient = GameRecord.load(text, strict=False)
    assert len(lenient.rounds[0].actions) == 2 and len(lenient.errors) == 1


# ---------------------------------------------------------------------- lenient repair
def test_lenient_repair_of_garbage_recovers_nothing_and_says_so() -> None:
    record = GameRecord.load("{" + "x" * 100000, strict=False)
    assert record.rounds == [] and "not valid JSON" in str(record.errors[0])


def test_lenient_repair_keeps_every_round_written_completely() -> None:
    text = long_record_text()
    original = GameRecord.load(text)
    cut = text.index('"dealer"', len(text) // 2)  # inside the rounds, mid-record
    repaired = GameRecord.load(text[:cut], strict=False)
    assert 0 < len(repaired.rounds) <= len(original.rounds)
    for kept, full in zip(repaired.rounds, original.rounds, strict=False):
        assert kept.deck == full.deck and kept.actions == full.actions[:len(kept.actions)]


# ---------------------------------------------------------------------- lazy loading, memory
def test_lazy_loading_checks_only_the_round_replayed() -> None:
    text = long_record_text()
    eager = GameRecord.load(text)
    lazy = GameRecord.load(text, lazy=True)
    assert lazy.dump() == eager.dump() and len(lazy.rounds) > 5
    state = lazy.state_at(4, 2)
    assert state.snapshot() == eager.state_at(4, 2).snapshot()
    assert list(lazy._caches) == [4]
    assert lazy._unchecked == set(range(len(lazy.rounds))) - {4}


def test_lazy_loading_reports_an_illegal_action_when_its_round_is_replayed() -> None:
    doc = json.loads(long_record_text())
    doc["rounds"][3]["actions"][5] = "N discard jk"  # well-formed, illegal there
    doc["rounds"][3]["comments"] = {"7": "after the bad action"}
    text = json.dumps(doc)
    strict = GameRecord.load(text, lazy=True)  # notation only: loads
    strict.state_at(0, 0)
    for _ in range(2):  # the round stays unusable
        with pytest.raises(RecordError) as info:
            strict.state_at(3, 0)
        assert (info.value.round_index, info.value.action_index) == (3, 5)
    lenient = GameRecord.load(text, strict=False, lazy=True)
    assert lenient.errors == []
    lenient.final_state(3)
    assert len(lenient.rounds[3].actions) == 5 and lenient.rounds[3].comments == {}
    assert [(e.round_index, e.action_index) for e in lenient.errors] == [(3, 5)]
    eager = GameRecord.load(text, strict=False)
    assert eager.rounds[3].actions == lenient.rounds[3].actions


def test_lazy_loading_still_refuses_bad_notation_at_once() -> None:
    doc = json.loads(long_record_text())
    doc["rounds"][2]["actions"][1] = "N fly"
    with pytest.raises(RecordError) as info:
        GameRecord.load(json.dumps(doc), lazy=True)
    assert (info.value.round_index, info.value.action_index) == (2, 1)


def test_replayed_states_are_kept_for_a_few_rounds_only() -> None:
    record = GameRecord.load(long_record_text())
    assert len(record.rounds) > CACHED_ROUNDS
    for r in range(len(record.rounds)):
        record.final_state(r)
        assert len(record._caches) <= CACHED_ROUNDS
    assert list(record._caches)[-1] == len(record.rounds) - 1
    assert record.state_at(0, 3).snapshot() == GameRecord.load(long_record_text()).state_at(0, 3).snapshot()


def test_cli_replay_of_one_round_is_lazy_and_checks_that_round(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(long_record_text())
    doc["rounds"][3]["actions"][5] = "N discard jk"
    path = tmp_path / "bad_round_4.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path), "--round", "2", "--step", "1"]) == 0
    assert "=== Round 2" in capsys.readouterr().out
    assert main(["replay", str(path), "--round", "4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "illegal here" in err


def test_record_errors_count_rounds_and_actions_from_1_as_replay_prints_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(long_record_text())
    doc["rounds"][3]["actions"][5] = "N discard jk"
    text = json.dumps(doc)
    with pytest.raises(RecordError) as info:
        GameRecord.load(text)
    assert (info.value.round_index, info.value.action_index) == (3, 5)  # 0-based, as state_at
    assert str(info.value).startswith("round 4, action 6 ('N discard jk'): illegal here")
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert main(["replay", str(path), "--lenient", "--round", "4"]) == 0
    captured = capsys.readouterr()
    assert "=== Round 4" in captured.out and "   5. " in captured.out
    assert "   6. " not in captured.out  # the sixth action is the bad one, left out
    assert "round 4, action 6 ('N discard jk')" in captured.err


@pytest.mark.parametrize("text", ['"format": "canasta-learn-record"' + " " * 5000,
                                  'x\x00{"format": 1}', "\x00"])
def test_text_that_cannot_be_a_path_is_read_as_record_text(text: str) -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        GameRecord.load(text)  # not OSError (name too long) nor ValueError (NUL in a path)
    lenient = GameRecord.load(text, strict=False)
    assert lenient.rounds == [] and "not valid JSON" in str(lenient.errors[0])


@pytest.mark.parametrize("field, value", [("opened", [False] * 5), ("has_melded", [False]),
                                          ("opened", [])])
def test_a_start_position_with_lists_of_the_wrong_length_is_a_record_error(
        field: str, value: list[bool]) -> None:
    from canasta_learn.engine.round import Round
    from canasta_learn.records.record import _start_from_round

    doc = json.loads(long_record_text())
    doc["rounds"] = [doc["rounds"][0]]
    del doc["rounds"][0]["deck"]
    doc["rounds"][0]["start"] = _start_from_round(Round(seed=0))
    doc["rounds"][0]["actions"] = []
    GameRecord.load(json.dumps(doc))  # the position as written loads
    doc["rounds"][0]["start"][field] = value
    with pytest.raises(RecordError, match="start opened must list 2 and has_melded 4"):
        GameRecord.load(json.dumps(doc))
    lenient = GameRecord.load(json.dumps(doc), strict=False)
    assert lenient.rounds == [] and len(lenient.errors) == 1
