"""Teaching annotations: each note code shown by a built position, with its cards and numbers;
pile-state notes on every turn of 200+ random rounds; the replay text and command line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from record_helpers import random_games, random_rounds

from canasta_learn.cli import main
from canasta_learn.core.cards import parse_cards
from canasta_learn.engine.round import Round
from canasta_learn.profiles import ProfileLike, get_profile
from canasta_learn.records.annotate import (
    NOTE_CODES,
    PILE_NOTE_CODES,
    Note,
    RoundNotes,
    annotate,
    annotate_round,
    replay_text,
)
from canasta_learn.records.record import GameRecord

CLASSIC = get_profile("classic")


def cards(text: str) -> tuple[Any, ...]:
    return tuple(parse_cards(text))


def annotated(actions: list[str], **state: Any) -> tuple[GameRecord, RoundNotes]:
    """Play ``actions`` from a `Round.from_state` position; record and annotate it."""
    start = Round.from_state(**state)
    rnd = start.copy()
    for action in actions:
        rnd.apply(action)
    record = GameRecord.from_round(rnd, start=start)
    return record, annotate(record)[0]


def find(notes: list[Note], code: str) -> Note:
    matches = [n for n in notes if n.code == code]
    assert matches, f"no {code} note in {[n.code for n in notes]}"
    return matches[0]


SEEN: set[str] = set()


def seen(notes: RoundNotes) -> RoundNotes:
    SEEN.update(n.code for step in notes for n in step)
    SEEN.update(n.code for n in notes.deal)
    return notes


# ---------------------------------------------------------------------- pile states
OTHERS = ["s5 s7 s8", "c4 d4 h4", "h11 d11 s12"]


@pytest.mark.parametrize(("pile", "melds", "profile", "code", "blamed"), [
    ("", [["h13 s13 c13"], []], "classic", "pile_empty", ""),
    ("s9 d6", [["h13 s13 c13"], []], "classic", "pile_open", ""),
    ("h9 s3", [["h13 s13 c13"], []], "classic", "pile_blocked_black_three", "s3"),
    ("h9 jk", [["h13 s13 c13"], []], "classic", "pile_blocked_wild", "jk"),
    ("d7 d2 h6", [["h13 s13 c13"], []], "classic", "pile_frozen_wild", "d2"),
    ("d3 c5 h6", [["h13 s13 c13"], []], "classic", "pile_frozen_red_three", "d3"),
    ("c3 c5 h6", [["h13 s13 c13"], []], "traditional", "pile_frozen_black_three", "c3"),
    ("c5 h6", [[], []], "classic", "pile_frozen_not_opened", ""),
    ("c5 h6", [["h13 s13 c13"], []], CLASSIC.replace(name="always", pile_always_frozen=True),
     "pile_frozen_always", ""),
])
def test_pile_state_note_on_the_first_action(pile: str, melds: list[list[str]],
                                             profile: ProfileLike, code: str,
                                             blamed: str) -> None:
    _, notes = annotated(["N draw"], profile=profile, hands=["c6 h9 h10 d5"] + OTHERS,
                         stock="s13 c12 d12", pile=pile, melds=melds, to_move=0)
    seen(notes)
    note = notes[0][0]
    assert note.code == code and note.seat == 0
    assert note.cards == cards(blamed)
    assert note.value == len(parse_cards(pile))
    assert note.message.endswith(Round.from_state(
        profile=profile, hands=["c6 h9 h10 d5"] + OTHERS, pile=pile, melds=melds,
        to_move=0).pile_status(0).message)


def test_could_take_pile_names_the_cards() -> None:
    _, notes = annotated(["N draw"], hands=["c6 c6 h9 h10 s11"] + OTHERS, stock="c7 c8 c9",
                         pile="s9 d6", melds=[["h13 s13 c13"], []], to_move=0)
    note = find(seen(notes)[0], "could_take_pile")
    assert note.cards == cards("d6 c6 c6")
    assert note.message == "N could have taken the pile (2 cards, top d6) with c6 c6."
    assert note.value == 2


def test_could_take_pile_lists_every_way_including_openings() -> None:
    _, notes = annotated(["N draw"], hands=["c6 c6 jk h1 c1 d1 s10"] + OTHERS, stock="c7 c8",
                         pile="s9 d6", to_move=0)
    note = find(seen(notes)[0], "could_take_pile")
    assert "c6 c6 (opening with c1 d1 h1)" in note.message


def test_could_not_take_pile_gives_the_engine_refusal() -> None:
    record, notes = annotated(["N draw"], hands=["c6 h9 h10 d5"] + OTHERS, stock="s13 s12",
                              pile="d7 d2 h6", melds=[["h13 s13 c13"], []], to_move=0)
    note = find(seen(notes)[0], "could_not_take_pile")
    assert note.message == "N could not take the pile: You hold only 1 six (c6). Draw from the " \
                           "stock instead."
    refusal = record.state_at(0, -1).can_take_pile("")
    assert not refusal.ok


# ---------------------------------------------------------------------- opening
def test_opening_by_taking_the_pile() -> None:
    _, notes = annotated(["N take h1 c1 | s13 d13 c13"],
                         hands=["h1 c1 s13 d13 c13 h4 s7 h8"] + OTHERS, stock="c7 c8",
                         pile="c9 d1", to_move=0, team_scores=(1500, 0))
    step = seen(notes)[0]
    assert step[0].code == "pile_frozen_not_opened"
    minimum = find(step, "opening_minimum")
    assert minimum.value == 90 and "score of 1500" in minimum.message
    reached = find(step, "opening_reached")
    assert reached.value == 90
    assert reached.message == ("Opening: d1 h1 c1 (60) + s13 d13 c13 (30) = 90, at least the "
                               "minimum of 90 for a team score of 1500.")
    assert [n.value for n in step if n.code == "meld_new"] == [60, 30]
    taken = find(step, "pile_taken")
    assert taken.cards == cards("c9") and "frozen" in taken.message


def test_opening_refused_and_could_open() -> None:
    _, notes = annotated(["N draw", "N discard h9"], hands=["c5 d5 h5 h9 s10 c12"] + OTHERS,
                         stock="h4 c8", pile="c9 s11", to_move=0)
    refused = find(seen(notes)[1], "opening_refused")
    assert refused.value == 15 and refused.cards == cards("c5 d5 h5")
    assert "at least 50" in refused.message and "worth 15" in refused.message
    _, notes = annotated(["N draw", "N discard h9"], hands=["h1 c1 d1 h9 s10 c12"] + OTHERS,
                         stock="h4 c8", pile="c9 s11", to_move=0)
    could = find(seen(notes)[1], "could_open")
    assert could.value == 60 and "c1 d1 h1" in could.message and "minimum 50" in could.message


def test_concealed_going_out_waives_the_minimum() -> None:
    _, notes = annotated(["N meld h9 h9 c9 c9 d9 d9 s9", "N discard h4"],
                         hands=["h9 h9 c9 c9 d9 d9 s9 h4"] + OTHERS, stock="c7 c8", pile="c10",
                         to_move=0, drew_from="stock", team_scores=(3000, 0))
    seen(notes)
    canasta = find(notes[0], "natural_canasta")
    assert canasta.value == 500 and len(canasta.cards) == 7
    assert find(notes[0], "opening_minimum").value == 120
    find(notes[1], "opening_waived")
    out = find(notes[1], "went_out_concealed")
    assert out.value == CLASSIC.concealed_going_out_bonus and out.seat == 0
    scores = [n for n in notes[1] if n.code == "round_score"]
    assert [n.team for n in scores] == [0, 1]


# ---------------------------------------------------------------------- melds and canastas
def test_canastas_and_merges() -> None:
    record, notes = annotated(
        ["N draw", "N add 13: c13", "N add 13: d2", "N meld d12 c12 c2", "N discard h7"],
        hands=["c13 d2 d12 c12 c2 h7 s8"] + OTHERS, stock="c7 c8",
        pile="c9", melds=[["h13 s13 c13 d13 h13 s13", "h12 s12 jk h12"], []], to_move=0)
    seen(notes)
    added = find(notes[1], "meld_added")
    assert added.cards == cards("c13") and "now 7 cards" in added.message and added.value == 13
    assert find(notes[1], "natural_canasta").value == 500
    turned = find(notes[2], "canasta_turned_mixed")
    assert turned.cards == cards("d2") and turned.value == 300
    merged = find(notes[3], "meld_added")  # a new group of queens merges into the meld
    assert "now 7 cards" in merged.message
    assert find(notes[3], "mixed_canasta").value == 300
    assert record.final_state(0).canasta_count(0) == 2


def test_red_three_drawn_and_replaced() -> None:
    _, notes = annotated(["N draw"], hands=["c6 h9 h10 d5"] + OTHERS, stock="h3 c7 c8",
                         pile="c9", to_move=0)
    seen(notes)
    assert find(notes[0], "red_three").cards == cards("h3")
    replacement = find(notes[0], "replacement")
    assert replacement.cards == cards("c7") and replacement.seat == 0


# ---------------------------------------------------------------------- going out, end
def test_permission_and_going_out() -> None:
    record, notes = annotated(
        ["N draw", "N ask", "S answer yes", "N meld c5 d5 h5", "N discard s9"],
        hands=["c5 d5 h5", "s5 s7 s8", "c4 d4 h4", "h11 d11 s12"], stock="s9 c8 c7",
        pile="c10", melds=[["h13 s13 c13 d13 h13 s13 c13"], []], to_move=0)
    seen(notes)
    assert find(notes[1], "permission_asked").seat == 0
    answered = find(notes[2], "permission_answered")
    assert answered.seat == 2 and "must go out" in answered.message
    out = find(notes[4], "went_out")
    assert out.value == 100 and "1 canasta" in out.message
    final = record.final_state(0)
    scores = [n for n in notes[4] if n.code == "round_score"]
    assert [n.value for n in scores] == [s.total for s in final.scores()]
    find(notes[4], "round_over")


def test_end_of_stock() -> None:
    record, notes = annotated(["N draw", "N discard s8"],
                              hands=["h4 s8", "d5 h6 c9", "c4 d4 h4", "h11 d11 s12"],
                              stock="c7", pile="c10", melds=[["h13 s13 c13"], []], to_move=0)
    seen(notes)
    assert "stock is empty" in find(notes[0], "stock_empty").message
    find(notes[1], "stock_exhausted")
    find(notes[1], "round_over")
    final = record.final_state(0)
    assert final.is_over and final.end_reason == "stock_exhausted"
    assert [n.value for n in notes[1] if n.code == "round_score"] == [
        s.total for s in final.scores()]


def test_deal_notes() -> None:
    deck = list(Round(seed=1).deck)

    def swap(i: int, j: int) -> None:
        deck[i], deck[j] = deck[j], deck[i]

    swap(0, deck.index(parse_cards("h3")[0]))
    swap(44, deck.index(parse_cards("jk")[0]))
    plain = next(i for i in range(46, len(deck)) if 5 <= deck[i].rank <= 13)
    swap(45, plain)
    rnd = Round(deck=deck, dealer=0)
    notes = seen(annotate_round(GameRecord.from_round(rnd), 0))
    assert find(notes.deal, "upcard").cards == cards("jk")
    assert find(notes.deal, "upcard_covered").cards == (parse_cards("jk")[0], deck[45])
    three = find(notes.deal, "red_three")
    assert three.seat == 1 and three.cards == cards("h3")
    find(notes.deal, "replacement")


def test_every_note_code_is_shown_by_a_position() -> None:
    tests: list[Callable[[], None]] = [
        test_could_take_pile_names_the_cards, test_could_not_take_pile_gives_the_engine_refusal,
        test_opening_by_taking_the_pile, test_opening_refused_and_could_open,
        test_concealed_going_out_waives_the_minimum, test_canastas_and_merges,
        test_red_three_drawn_and_replaced, test_permission_and_going_out, test_end_of_stock,
        test_deal_notes]
    for test in tests:
        test()
    SEEN.update(PILE_NOTE_CODES)  # each shown by the parametrized test above
    assert set(NOTE_CODES) - SEEN == set()


def test_note_codes_are_checked() -> None:
    with pytest.raises(KeyError):
        Note("no_such_code", "x")


# ---------------------------------------------------------------------- random rounds
def test_every_turn_starts_with_its_pile_state_in_random_rounds() -> None:
    rounds = random_rounds()
    assert len(rounds) >= 200
    for rnd in rounds:
        record = GameRecord.from_round(rnd)
        notes = annotate(record)[0]
        assert len(notes) == len(rnd.log)
        state = record.state_at(0, -1)
        last_turn = None
        for index, action in enumerate(rnd.log):
            codes = [n.code for n in notes[index]]
            assert all(code in NOTE_CODES for code in codes)
            if state.turn_number != last_turn:
                pile = [n for n in notes[index] if n.code in PILE_NOTE_CODES]
                assert len(pile) == 1, (index, codes)
                status = state.pile_status(state.to_move)
                expected = "pile_empty" if status.code == "empty" else "pile_" + status.code
                assert pile[0].code == expected
                assert pile[0].cards == status.cards
            last_turn = state.turn_number
            state.apply(action)
        scores = [n.value for n in notes[-1] if n.code == "round_score"]
        assert scores == [s.total for s in rnd.scores()]


# ---------------------------------------------------------------------- text and CLI
@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    record = GameRecord.from_game(random_games()[0])
    record.comment(0, 0, "The first draw.", glyph="!?")
    path = tmp_path / "game.json"
    record.save(path)
    return path


def test_replay_text_is_plain_and_complete(record_file: Path) -> None:
    record = GameRecord.load(record_file)
    text = replay_text(record)
    assert text.isascii() is False or "Cards: suit letter" in text
    assert "c clubs, d diamonds, h hearts, s spades" in text
    assert "=== Round 1 - dealer" in text
    assert "   1. " + record.rounds[0].actions[0] + "  !?" in text
    assert "Comment: The first draw." in text
    assert text.count("\n   1. ") == len(record.rounds)
    part = replay_text(record, 0, 5)
    assert "Position after 5 actions:" in part and "   5. " not in part and "   6. " in part
    with pytest.raises(ValueError, match="step"):
        replay_text(record, 0, 10_000)


def test_cli_replay(record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert "=== Round 1" in out and "Pile (" in out
    assert main(["replay", str(record_file), "--round", "1", "--step", "3"]) == 0
    assert "Position after 3 actions" in capsys.readouterr().out


def test_cli_replay_errors(tmp_path: Path, record_file: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read record file" in err
    broken = tmp_path / "broken.json"
    broken.write_text(record_file.read_text()[:2000])
    assert main(["replay", str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid JSON" in err
    assert main(["replay", str(broken), "--lenient"]) == 0
    assert "warning" in capsys.readouterr().err
    doc = json.loads(record_file.read_text())
    doc["profile"]["name"] = "nope"
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps(doc))
    assert main(["replay", str(unknown)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Unknown profile 'nope'" in err
    assert main(["replay", str(record_file), "--round", "99"]) == 2
    assert main(["replay", str(record_file), "--step", "2"]) == 2


# ---------------------------------------------------------------------- pandas tables
def test_actions_frame_and_score_sheet() -> None:
    pytest.importorskip("pandas")
    game = random_games()[0]
    record = GameRecord.from_game(game)
    frame = record.actions_frame()
    assert len(frame) == sum(len(r.log) for r in game.rounds)
    assert list(frame.columns[:6]) == ["round", "action_index", "turn", "seat", "player",
                                       "action"]
    assert frame.iloc[0]["notes"].startswith("pile_")
    sheet = record.score_sheet()
    expected = game.score_sheet()
    assert sheet.to_dict("records") == expected.to_dict("records")
