"""Python-side tests of HandWidget, TableWidget, PlayWidget and ReplayViewer.

The widgets are driven exactly as the browser drives them: through their traitlets (a click on
a card changes ``selected_ids``), ``Button.click()`` (what a press in the page triggers) and the
slider's ``value``. Every assertion looks at real resulting state: the engine's round, the
hand's cards, the message the engine returned.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from canasta_learn.core.cards import parse_cards  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import acting_seat, play_game, play_round  # noqa: E402
from canasta_learn.records.record import GameRecord  # noqa: E402
from canasta_learn.widgets import HandWidget, PlayWidget, ReplayViewer, TableWidget  # noqa: E402

# ----------------------------------------------------------------------------- positions
#: North (seat 0) has drawn and holds three kings and a joker; the team has not opened
#: (minimum 50). Every other card is accounted for in a stock the bots can play on.
NORTH_HAND = "h13 s13 d13 c7 h7 s4 h9 d10 c12 jk h5"
REST = ("s7 d2 c2 h2 c3 s3 d5 d6 c8 c9 c10 s10 h10 d11 h11 c12 h12 d13 c13 s1 d1 h6 s6 h8 s8 "
        "c4 c5 c6 s5 s9 d7 d8 d9")


def kings_round() -> Round:
    """North to play (after drawing) with kings and a joker; the others hold ordinary hands."""
    return Round.from_state(
        hands=[NORTH_HAND, "c4 c5 c6 c8 c9 c10 d4 d5 d6 d8 d9",
               "s5 s6 s8 s9 s10 h4 h6 h8 h10 c11 d11", "s11 h11 h12 s12 d12 c13 c1 d1 h1 s1 d7"],
        stock="s7 d2 c2 h2 c3 s3 d5 d6 c8 c9 c10 s10 h10 d11 h11 c12 h12 d13 c13 s1 d1 h6 s6 h8",
        pile="d4 s7", to_move=0, drew_from="stock")


def partner_asks_round() -> Round:
    """South (North's partner) has drawn and asked "may I go out?": North must answer."""
    rnd = Round.from_state(
        hands=["c4 c6 c8 d4 d5", "s11 h11 h12 s12", "c5 h5 s5 d8", "s6 s8 h4 h6"],
        stock="s7 d6 c10", pile="d7 s4", melds=[["h9 h9 s9 s9 d9 d9 c9"]], to_move=2,
        drew_from="stock")
    rnd.apply("S ask")
    return rnd


def greedy_record() -> GameRecord:
    record = play_round("greedy", seed=5, names=["<script>alert(1)</script>", "Eve", "Sam", "Wu"])
    record.comment(0, 3, "A <b>bold</b> move", glyph="!?")
    return record


# ----------------------------------------------------------------------------- HandWidget
def test_hand_items_carry_names_pictures_and_positions() -> None:
    hand = HandWidget("h13 s5 h13 jk")
    assert [item["text"] for item in hand.items] == ["s5", "h13", "h13", "jk"]  # by rank
    assert [item["name"] for item in hand.items] == [
        "Five of spades", "King of hearts", "King of hearts", "Joker"]
    assert sorted(item["id"] for item in hand.items) == [0, 1, 2, 3]
    assert all(item["svg"].startswith("<svg") for item in hand.items)
    assert 'aria-label="King of hearts"' in hand.items[1]["svg"]


def test_hand_selection_by_position_with_duplicates() -> None:
    hand = HandWidget("h13 s5 h13 jk")
    hand.selected_ids = [2]  # what a click on the second king sends
    assert hand.selected == ["h13"]
    assert hand.selected_cards == parse_cards("h13")
    hand.selected = ["h13", "h13", "jk"]
    assert sorted(hand.selected_ids) == [0, 2, 3]
    assert hand.selected == ["h13", "h13", "jk"]
    hand.toggle(0)  # the first card shown: s5
    assert hand.selected == ["s5", "h13", "h13", "jk"]
    with pytest.raises(ValueError, match="Not in this hand"):
        hand.selected = ["c2"]
    assert hand.selected == ["s5", "h13", "h13", "jk"]  # a bad request changes nothing
    with pytest.raises(ValueError):
        hand.select("h13 h13 h13")
    hand.clear_selection()
    assert hand.selected == [] and hand.selected_cards == []


def test_hand_sort_keeps_selection_and_new_cards_clear_it() -> None:
    hand = HandWidget("h13 s5 c2 d5 h1")
    hand.select("h1 d5")
    assert [str(c) for c in hand.displayed] == ["d5", "s5", "h13", "h1", "c2"]
    hand.sort = "suit"
    assert [str(c) for c in hand.displayed] == ["c2", "d5", "s5", "h13", "h1"]
    assert hand.selected == ["d5", "h1"]  # same cards, now in the new display order
    hand.cards = parse_cards("s4 s4")
    assert hand.selected == [] and [i["name"] for i in hand.items] == ["Four of spades"] * 2
    hand.set_cards("s4 jk c9", keep=parse_cards("jk s13"))
    assert hand.selected == ["jk"]


def test_hand_four_colour_and_read_only() -> None:
    plain = HandWidget("d5", four_color=False)
    four = HandWidget("d5", four_color=True, selectable=False)
    assert plain.items[0]["svg"] != four.items[0]["svg"]
    assert four.selectable is False


# ----------------------------------------------------------------------------- TableWidget
def test_table_shows_the_round_and_updates() -> None:
    rnd = kings_round()
    table = TableWidget(rnd, player_names=["<b>Ann</b>", "Bo", "Cy", "Di"])
    text = table.html.value
    assert "classic" in table.badge.value
    assert "opening minimum 50" in text
    assert "&lt;b&gt;Ann&lt;/b&gt;" in text and "<b>Ann</b>" not in text
    assert "Stock: 24 cards" in text and "King of hearts" in text  # stock + hands face up
    rnd.apply("N meld h13 s13 d13 jk")
    table.update()
    assert "Opened" in table.html.value or "opened" in table.html.value
    assert "cl-table-widget" in table._dom_classes


# ----------------------------------------------------------------------------- PlayWidget
def test_play_refusal_shows_the_engine_message_and_changes_nothing() -> None:
    rnd = kings_round()
    play = PlayWidget(round=rnd, seat=0)
    before = rnd.snapshot()
    play.select("h13 s13 c7")
    play.click("meld")
    assert play.hand.selected == ["c7", "s13", "h13"]  # the selection stays for a fix
    expected = rnd.check("N meld c7 s13 h13")
    assert not expected.ok and expected.code == "meld_mixed_ranks"
    assert play.message == expected.learner_message(play.names.names, 0)  # cards as symbols
    assert play.message == ("7♣ K♠ K♥ mixes sevens and kings: all natural cards of a meld must have one rank "
                            "(sequences are not melds in this game). Make one meld per rank.")
    assert "Refused" in play.verdict.value and expected.code in play.verdict.value
    assert rnd.snapshot() == before

    play.click("draw")  # already drew
    assert play.message == "You have already drawn this turn: meld, then discard to end the turn."  # to you
    assert rnd.check("N draw").message.startswith("N has already drawn") and rnd.snapshot() == before

    play.select("h13 s13 d13")
    play.click("meld")  # legal on its own (30): the minimum is checked at the discard
    assert sorted(rnd.melds[0][13]) == sorted(parse_cards("h13 s13 d13"))
    play.select("h5")
    play.click("discard")
    assert play.message.startswith("Your team's opening melds this turn are worth 30")
    assert rnd.hands[0].count(parse_cards("h5")[0]) == 1


def test_play_meld_onto_a_meld_then_discard_lets_the_bots_play() -> None:
    rnd = kings_round()
    play = PlayWidget(round=rnd, seat=0)
    play.select("h13 s13 d13")
    play.click("meld")
    assert [label for label, _ in play.target.options] == [
        "as a new meld", "onto the kings meld (3 cards)"]
    play.select("jk")
    play.set_target(13)
    play.click("meld")
    assert play.message == ("You added Jk to the meld of kings (50 points). "
                            "Your team has opened: 80 points melded this turn.")
    assert len(rnd.melds[0][13]) == 4 and rnd.opened[0]
    play.select("h5")
    play.click("discard")
    # The three bots have played; North is to draw again (or the round ended).
    assert rnd.to_move == 0 or rnd.is_over
    lines = play.log_lines
    assert lines[:4] == ["You melded K\u2666 K\u2660 K\u2665 (a new meld of kings, 30 points).",
                         "You added Jk to the meld of kings (50 points).",
                         "Your team has opened: 80 points melded this turn.",
                         "You discarded 5\u2665."]
    players = {line.split(" ")[0] for line in lines}
    assert {"You", "Ebba", "Sam", "Wen"} <= players
    assert any(line.startswith("Sam (your partner) ") for line in lines)
    assert play.hand.cards == rnd.hands[0]
    assert play.hand.selected == []
    assert "Your turn" in play.status.value or rnd.is_over


def test_play_discard_needs_one_card_and_why_panel_lists_checks() -> None:
    play = PlayWidget(round=kings_round(), seat=0)
    play.click("discard")
    assert play.message == "Select exactly one card to discard (0 selected)."
    play.why.value = True
    play.select("c7")
    checks = dict(play.checks())
    assert checks["Discard 7\u2663"].ok
    assert not checks["Draw from the stock"].ok
    assert not checks["Meld 7\u2663 as a new meld"].ok
    assert "Discard 7\u2663" in play.why_panel.value
    assert play.why_panel.layout.display != "none"
    play.why.value = False
    assert play.why_panel.layout.display == "none"


def test_play_bot_partner_answers_and_human_answers_bot() -> None:
    # You ask; the greedy partner answers at once.
    rnd = Round.from_state(
        hands=["c5 h5 s5 d8", "c4 c6 c8 d4 d5", "s6 s8 h4 h6", "s11 h11 h12 s12"],
        stock="s7 d6 c10", pile="d7 s4", melds=[["h9 h9 s9 s9 d9 d9 c9"]], to_move=0,
        drew_from="stock")
    play = PlayWidget(round=rnd, seat=0)
    play.click("ask")
    assert rnd.permission in ("yes", "no")
    word = rnd.permission
    then = "you must go out" if word == "yes" else "you may not go out"
    assert play.log_lines[-1] == f"Sam (your partner) answered {word}: {then} this turn."
    assert play.my_turn and rnd.phase == "play"

    # Your partner asks; you answer.
    rnd2 = partner_asks_round()
    play2 = PlayWidget(round=rnd2, seat=0)
    assert play2.answer_box.layout.display == "flex"
    assert "may I go out" in play2.status.value
    play2.click("draw")
    assert not rnd2.check("N draw").ok and play2.message == rnd2.check("N draw").learner_message(play2.names.names, 0)
    assert play2.message.startswith("Sam asked to go out")  # the partner by name, not "S"
    play2.click("yes")
    assert rnd2.log[1].text() == "N answer yes"
    assert rnd2.is_over and rnd2.went_out == 2  # South had to go out, and did
    assert "The round is over" in play2.status.value


def test_play_round_new_round_record_and_save(tmp_path: Path) -> None:
    play = PlayWidget(seed=11, seat=1, bots="random")
    rnd = play.state
    assert play.my_turn and rnd.to_move == 1
    play.click("draw")
    assert rnd.phase == "play"
    play.select(str(rnd.hands[1][0]))
    play.click("discard")
    record = play.record()
    again = GameRecord.load(record.dump())
    assert again.dump() == record.dump()
    assert record.rounds[0].actions == [a.text() for a in rnd.log]
    play.filename.value = str(tmp_path / "game.json")
    play.click("save")
    assert "Saved" in play.message
    assert json.loads((tmp_path / "game.json").read_text())["format"] == "canasta-learn-record"
    play.click("new")
    assert play.state is not rnd and play.state.dealer == 1
    assert len(play.record().rounds) == 2


def test_play_a_whole_game_with_bots_in_every_turn() -> None:
    play = PlayWidget(game=True, seed=4, seat=0)
    assert play.game is not None
    for _ in range(400):  # play the first round through the widget: draw, discard the first
        rnd = play.state
        if rnd.is_over:
            break
        if rnd.phase == "answer":
            play.click("no")
        elif rnd.phase == "draw":
            play.click("draw" if rnd.stock_count else "decline")
            if rnd.phase == "draw" and play.my_turn:  # end of stock: must take the pile
                play.click("take")
        else:
            play.select(str(rnd.hands[0][-1]))
            play.click("discard")
            if rnd.phase == "play" and rnd.to_move == 0 and not rnd.is_over:
                for card in list(rnd.hands[0]):
                    play.select(str(card))
                    play.click("discard")
                    if rnd.phase != "play":
                        break
    assert play.state.is_over
    finished = play.state
    play.click("new")
    assert play.state is not finished and play.state is play.game.round
    record = play.record()
    assert len(record.rounds) == 2


def test_refused_button_click_changes_nothing_for_every_button() -> None:
    rnd = partner_asks_round()
    play = PlayWidget(round=rnd, seat=0)
    before = rnd.snapshot()
    for name in ("draw", "take", "ask", "decline"):
        play.click(name)
        assert rnd.snapshot() == before, name
        assert play.message, name
    with pytest.raises(ValueError, match="No button"):
        play.click("cheat")


# ----------------------------------------------------------------------------- ReplayViewer
def test_replay_steps_notes_and_highlight() -> None:
    record = greedy_record()
    viewer = ReplayViewer(record)
    total = 1 + len(record.rounds[0].actions)
    assert viewer.step_count == total and viewer.step == 0 and viewer.position == (0, -1)
    assert viewer.notes_text.startswith("Round 1 dealt; dealer North.")  # a seat in words, never a letter
    deal_notes = viewer.notes_text
    viewer.next()
    assert viewer.position == (0, 0)
    assert viewer.notes_text != deal_notes
    assert 'aria-current="step"' in viewer.moves.value
    assert f"1. {viewer._move_words(record.rounds[0].actions[0])}" in viewer.moves.value
    viewer.go(4)  # action 3 carries the comment and glyph
    assert "Comment: A <b>bold</b> move" in viewer.notes_text
    assert "Glyph !? (interesting move)" in viewer.notes_text
    assert "A &lt;b&gt;bold&lt;/b&gt; move" in viewer.notes.value
    assert "<b>bold" not in viewer.notes.value
    viewer.back()
    assert viewer.step == 3 and viewer.slider.value == 4  # the slider counts from 1
    viewer.slider.value = 11  # what the slider (or Play) does
    assert viewer.step == 10 and viewer.position == (0, 9)
    assert viewer.table.round.snapshot() == record.state_at(0, 9).snapshot()
    assert "&lt;script&gt;" in viewer.table.html.value and "<script>" not in viewer.table.html.value


def test_replay_buttons_score_sheet_and_continue_from_here() -> None:
    record = play_game("greedy", seed=2)
    viewer = ReplayViewer(record)
    assert viewer.first_button.disabled and viewer.back_button.disabled
    assert "No round finished yet" in viewer.scores.value
    viewer.last_button.click()
    assert viewer.step == viewer.step_count - 1
    assert viewer.forward_button.disabled
    rows = viewer.scores.value.count("<tr><td")
    assert rows == len(record.rounds)
    assert viewer.continue_button.disabled  # the game is over at the last step
    viewer.first_button.click()
    viewer.forward_button.click()
    assert viewer.step == 1
    # the second round's deal: one finished round in the sheet
    second_deal = viewer.steps.index((1, -1))
    viewer.go(second_deal)
    assert viewer.scores.value.count("<tr><td") == 1
    viewer.go(second_deal + 5)
    position = record.state_at(1, 4)
    viewer.continue_button.click()
    play = viewer.play_widget
    assert isinstance(play, PlayWidget)
    assert play.seat == acting_seat(position)
    assert play.state.snapshot() == position.snapshot()  # exactly that position
    assert viewer.sandbox.children[1] is play
    # the sandbox plays on a copy: the record is untouched
    assert record.state_at(1, 4).snapshot() == position.snapshot()


def test_replay_accepts_json_text() -> None:
    record = greedy_record()
    viewer = ReplayViewer(record.dump())
    viewer.last()
    assert viewer.position == (0, len(record.rounds[0].actions) - 1)
    assert "round_score" not in viewer.notes_text  # messages, not codes
    assert "scores" in viewer.notes_text


# ----------------------------------------------------------------------------- ReplayViewer (issue 13)
def test_replay_pause_stops_where_it_is_and_play_ends_at_the_last_step() -> None:
    viewer = ReplayViewer(greedy_record())
    viewer.go(5)
    viewer.play()
    assert viewer.playing and viewer.player.description == "Pause"
    viewer.tick()
    viewer.tick()
    assert viewer.step == 7
    viewer.pause()
    assert not viewer.playing and viewer.player.description == "Play"
    viewer.tick()  # a timer firing after Pause does nothing
    assert viewer.step == 7  # paused, not sent back to the start
    viewer.go(viewer.step_count - 2)
    viewer.play()
    viewer.tick()
    assert viewer.step == viewer.step_count - 1 and not viewer.playing


def test_replay_move_list_is_clickable_with_full_numbers_and_keys_step() -> None:
    record = play_game("greedy", seed=2)
    viewer = ReplayViewer(record)
    r = max(range(len(record.rounds)), key=lambda i: len(record.rounds[i].actions))
    assert len(record.rounds[r].actions) > 110
    base = viewer.steps.index((r, -1))
    viewer.go(base + 105)  # action index 104: move 105
    assert f">105. {html.escape(viewer._move_words(record.rounds[r].actions[104]))}" in viewer.moves.value.replace(
        '<span aria-hidden="true">\u25b6 </span>', ">")
    assert f"111. {html.escape(viewer._move_words(record.rounds[r].actions[110]))}" in viewer.moves.value
    viewer.moves.click(base + 100)  # a click on move 100
    assert viewer.position == (r, 99)
    viewer.slider.key("ArrowRight")
    assert viewer.position == (r, 100)
    viewer.slider.key("ArrowLeft")
    viewer.slider.key("ArrowLeft")
    assert viewer.position == (r, 98)
    assert viewer.slider.aria_label and viewer.player.description == "Play"
    assert all(b.description for b in (viewer.first_button, viewer.back_button,
                                       viewer.forward_button, viewer.last_button))


def test_replay_routine_notes_are_folded_and_in_the_third_person() -> None:
    record = greedy_record()
    viewer = ReplayViewer(record)
    shown_cannot: list[tuple[int | None, str]] = []
    folded = 0
    for step in range(viewer.step_count):
        r, a = viewer.steps[step]
        shown, routine = viewer._ranked_round(r)[a]
        folded += len(routine)
        for note in shown + routine:
            assert not re.search(r"\bY(ou|our)\b|\by(ou|our)\b", note.message), note.message
        for note in shown:
            if note.code == "could_not_take_pile":
                shown_cannot.append((note.seat, note.message))
    seats = [seat for seat, _ in shown_cannot]
    assert folded > 0  # the routine repeats exist and are folded
    # at most once per player and pile state: far fewer than the draws
    draws = sum(1 for action in record.rounds[0].actions if action.endswith(" draw"))
    assert len(seats) < draws
    viewer.go(4)  # the commented move: no "No notes" under the teacher's comment
    assert "No notes for this move" not in viewer.notes.value


def test_a_replay_note_is_made_in_the_third_person_from_the_rules_templates() -> None:
    """The replay's notes are made by the rules in narrate mode (`learner_words(narrate=True)`):
    the refusal a note quotes says "East named no cards, but holds the natural pair 4♥ 4♥, which
    could take the pile", never the engine's "You named..." nor its typed command ('take h4 h4')."""
    from canasta_learn.core.verdicts import learner_words

    rnd = Round.from_state(hands=["c5 c6 c7", "h4 h4 c9 d9 s9 h13 s13 d2", "s5 s6 s8", "d5 d6 d7"],
                           stock="s7 d6 c10 h6", pile="c2 d7 s4", to_move=1,
                           melds=[[], ["h1 c1 s1"]], opened=[False, True])
    verdict = rnd.check("E take")
    assert "You named no cards, but you hold the natural pair h4 h4" in verdict.message
    with learner_words(narrate=True):
        told = rnd.check("E take").message
    assert told.endswith("East named no cards, but holds the natural pair 4♥ 4♥, which could take the pile."), told
    assert not re.search(r"\b[Yy]ou|'take|\bh4\b", told), told


def test_replay_viewer_keeps_the_notes_of_a_few_rounds_only() -> None:
    """Issue 24 §2: the viewer kept the notes of every round shown (1,000 rounds: 50 to 215 MB).
    Like `GameRecord.state_at`'s checkpoints, it keeps NOTED_ROUNDS rounds' notes, the least
    recently shown dropped; a round shown again gets the same notes, made again."""
    from canasta_learn.widgets.replay import NOTED_ROUNDS

    rounds = [play_round("random", seed=seed, dealer=seed % 4).rounds[0] for seed in range(12)]
    record = GameRecord("classic", rounds=rounds)
    assert len(record.rounds) > NOTED_ROUNDS
    viewer = ReplayViewer(record)
    first_round_notes = None
    for step, (r, a) in enumerate(viewer.steps):
        if a in (-1, 1):  # the deal and a move of every round
            viewer.go(step)
            if (r, a) == (0, 1):
                first_round_notes = viewer.notes_text
            assert len(viewer._notes) <= NOTED_ROUNDS and len(viewer._ranked) <= NOTED_ROUNDS
    assert list(viewer._notes)[-1] == len(record.rounds) - 1
    assert 0 not in viewer._notes
    viewer.go(viewer.steps.index((0, 1)))
    assert viewer.notes_text == first_round_notes
    assert list(viewer._notes)[-1] == 0 and len(viewer._notes) <= NOTED_ROUNDS


def test_play_widget_seat_of_the_wrong_kind_is_a_type_error_naming_it() -> None:
    """Issue 24 §3: one rule for every entry point (core/inputs.py)."""
    with pytest.raises(TypeError, match=r"^seat must be a whole number from 0 to 3, not str 'N'\.$"):
        PlayWidget(seat="N", autoplay=False)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^seat must be a whole number from 0 to 3, not 4\.$"):
        PlayWidget(seat=4, autoplay=False)
