"""The coach's game review (issue 18): marks stored in the record's own ``review`` field,
never in the human comments or glyphs; round trip; old records unchanged; the viewer's
Review game button computes it only on request, seeded."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from canasta_learn.play.review import REVIEW_THRESHOLD, review_game, review_round
from canasta_learn.records.examples import example_names, example_path, load_example
from canasta_learn.records.record import GameRecord, RecordError, review_mark, schema_path

SCHEMA = json.loads(Path(schema_path()).read_text(encoding="utf-8"))

MARK = {"best": "N discard c7", "best_words": "Discard 7\u2663", "loss": 120.5, "stderr": 30.0,
        "reasons": ["Freezes the pile."], "rollouts": 6, "seed": 3}


@pytest.fixture(scope="module")
def reviewed() -> GameRecord:
    record = load_example("frozen_pile_fight")
    review_game(record, rollouts=4, seed=1)
    return record


@pytest.mark.parametrize("name", example_names())
def test_old_records_without_a_review_load_and_save_byte_identically(name: str) -> None:
    text = Path(example_path(name)).read_text(encoding="utf-8")
    record = GameRecord.load(text)
    assert all(not rr.review for rr in record.rounds)
    assert record.dump() == GameRecord.load(record.dump()).dump()
    assert '"review"' not in record.dump()
    assert json.loads(record.dump()) == json.loads(text)


def test_review_marks_round_trip_in_their_own_field_beside_the_comments(reviewed: GameRecord) -> None:
    original = load_example("frozen_pile_fight")
    rr = reviewed.rounds[0]
    assert rr.review, "the example has at least one move the coach marks"
    assert rr.comments == original.rounds[0].comments and rr.glyphs == original.rounds[0].glyphs
    data = json.loads(reviewed.dump())
    jsonschema.validate(data, SCHEMA)
    assert set(data["rounds"][0]["review"]) == {str(k) for k in rr.review}
    again = GameRecord.load(reviewed.dump())
    assert again.rounds[0].review == rr.review
    assert again.dump() == reviewed.dump()


def test_a_marked_move_loses_at_least_the_threshold_clearly(reviewed: GameRecord) -> None:
    rr = reviewed.rounds[0]
    for index, mark in rr.review.items():
        assert mark["loss"] >= REVIEW_THRESHOLD
        assert mark["loss"] > 1.96 * mark["stderr"]
        assert mark["best"] != rr.actions[index]  # the coach's move is another one
        assert reviewed.state_at(0, index - 1).check(mark["best"]).ok  # and legal there


def test_the_review_is_repeatable_with_its_seed(reviewed: GameRecord) -> None:
    record = load_example("frozen_pile_fight")
    assert review_round(record, 0, rollouts=4, seed=1) == reviewed.rounds[0].review
    assert not record.rounds[0].review  # review_round changes nothing


def test_a_comment_on_a_reviewed_move_stays_and_the_review_stays() -> None:
    record = load_example("concealed_going_out")
    record.rounds[0].review[3] = review_mark(MARK)
    record.comment(0, 3, "My own note.", glyph="?")
    again = GameRecord.load(record.dump())
    assert again.rounds[0].comments[3] == "My own note." and again.rounds[0].glyphs[3] == "?"
    assert again.rounds[0].review[3] == review_mark(MARK)


@pytest.mark.parametrize("bad, says", [
    ({**MARK, "loss": -1}, "loss"),
    ({**MARK, "loss": True}, "loss"),
    ({**MARK, "reasons": "one"}, "reasons"),
    ({**MARK, "rollouts": 0}, "rollouts"),
    ({**MARK, "seed": "x"}, "seed"),
    ({k: v for k, v in MARK.items() if k != "best"}, "exactly the keys"),
    ("text", "exactly the keys"),
])
def test_a_bad_review_mark_is_refused_naming_the_field(bad: object, says: str) -> None:
    data = json.loads(load_example("concealed_going_out").dump())
    data["rounds"][0]["review"] = {"3": bad}
    with pytest.raises(RecordError, match=says):
        GameRecord.load(json.dumps(data))
    lenient = GameRecord.load(json.dumps(data), strict=False)
    assert lenient.errors and not lenient.rounds[0].review
    assert lenient.rounds[0].actions == load_example("concealed_going_out").rounds[0].actions


def test_a_review_key_past_the_last_action_is_refused() -> None:
    data = json.loads(load_example("concealed_going_out").dump())
    data["rounds"][0]["review"] = {"99": MARK}
    with pytest.raises(RecordError, match="review key '99'"):
        GameRecord.load(json.dumps(data))


def test_review_game_button_marks_moves_apart_from_the_rule_notes(reviewed: GameRecord) -> None:
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    from canasta_learn.widgets import ReplayViewer

    record = load_example("frozen_pile_fight")
    viewer = ReplayViewer(record, review_rollouts=4, review_seed=1)
    assert not record.rounds[0].review and viewer.review_panel.value == ""  # only on request
    comments = dict(record.rounds[0].comments)
    viewer.review_button.click()
    assert record.rounds[0].review == reviewed.rounds[0].review
    assert record.rounds[0].comments == comments
    assert "The coach marked" in viewer.review_status.value
    index, mark = next(iter(record.rounds[0].review.items()))
    viewer.go(index + 1)  # step 0 is the deal
    assert viewer.position == (0, index)
    assert "cl-review-flag" in viewer.moves.value
    panel = viewer.review_panel.value
    assert "<b>The coach's opinion</b>" in panel and "not a rule" in panel
    assert f"about {mark['loss']:.0f} points" in panel
    assert "cl-coach-alternative" in panel and mark["best_words"].split()[0] in panel
    assert viewer.review_text.startswith("Coach's opinion: this move gives up about")
    assert "Coach" not in viewer.notes_text and "coach" not in viewer.notes.value  # the rule notes
    viewer.go(0)
    assert viewer.review_panel.value == "" and viewer.review_text == ""
