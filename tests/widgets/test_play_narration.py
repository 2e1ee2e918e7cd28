"""PlayWidget talks to the learner (issue 13): second person, names, every claim from the events.

The narration is built from the round's log and events (``widgets/narration.py``); these tests
check each sentence against the state: the card named is the card drawn, the pile count is the
pile taken, the number of meld sentences equals the meld events, hidden cards stay hidden.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from canasta_learn.core.actions import Draw, TakePile  # noqa: E402
from canasta_learn.core.cards import parse_cards, symbol_cards  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import acting_seat, make_bots  # noqa: E402
from canasta_learn.profiles import profile_names  # noqa: E402
from canasta_learn.widgets import PlayWidget  # noqa: E402
from canasta_learn.widgets import play as play_module  # noqa: E402
from canasta_learn.widgets.narration import Names, narrate_action, round_end_text  # noqa: E402

NAMES = ["You", "Ebba", "Sam", "Wen"]


def kings_round() -> Round:
    """North to play (after drawing) with kings and a joker; the team has not opened."""
    return Round.from_state(
        hands=["h13 s13 d13 c7 h7 s4 h9 d10 c12 jk h5", "c4 c5 c6 c8 c9 c10 d4 d5 d6 d8 d9",
               "s5 s6 s8 s9 s10 h4 h6 h8 h10 c11 d11", "s11 h11 h12 s12 d12 c13 c1 d1 h1 s1 d7"],
        stock="s7 d2 c2 h2 c3 s3 d5 d6 c8 c9 c10 s10 h10 d11 h11 c12 h12 d13 c13 s1 d1 h6 s6 h8",
        pile="d4 s7", to_move=0, drew_from="stock")


def north_to_draw() -> Round:
    """North to draw; the stock's top card (drawn first) is the eight of spades."""
    return Round.from_state(
        hands=["h13 s13 d13 c7 h7 s4 h9 d10 c12 jk", "c4 c5 c6 c8 c9 c10 d4 d5 d6 d8 d9",
               "s5 s6 s8 s9 s10 h4 h6 h8 h10 c11 d11", "s11 h11 h12 s12 d12 c13 c1 d1 h1 s1 d7"],
        stock="s7 d2 c2 h2 c3 s3 d5 d6 c8 c9 c10 s10 h10 d11 h11 c12 h12 d13 c13 s1 d1 h6 s6 h8 h5",
        pile="d4 s7", to_move=0)


def test_you_drew_names_the_card_drawn_and_highlights_it() -> None:
    rnd = north_to_draw()
    top = rnd.stock[-1]
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES)
    play.click("draw")
    drawn = [c for e in rnd.events if e.kind == "drew" and e.action_index == 0 for c in e.cards]
    assert drawn == [top]
    assert play.message == f"You drew {top.short}."
    assert play.narration_lines == [f"You drew {top.short}."]
    assert play.hand.highlighted == [top]
    assert "is legal" not in play.verdict.value and "is legal" not in play.message
    # The next action clears the mark.
    play.select("h13 s13 d13 jk")
    play.click("meld")
    assert play.hand.highlighted == []


def test_an_opponent_taking_the_pile_is_told_with_the_count_and_the_pair() -> None:
    rnd = Round.from_state(
        hands=["c4 c5 c6 c8", "h13 s13 c9 c9 d5", "s5 s6 s8 h4", "s11 h11 h12 d7"],
        stock="s7 d6 c10 h6 h8 d8", pile="d4 s7 c6 h9 s9 d10 c12 s4 d13",
        melds=[["h1 s1 c1"], ["h10 s10 d10"]], to_move=1)
    names = Names(NAMES, 0, rnd.team_of)
    size = len(rnd.pile)
    rnd.apply(TakePile(1, tuple(parse_cards("h13 s13"))))
    assert narrate_action(rnd, 0, names) == [f"Ebba took the pile ({size} cards) with a pair of kings."]
    rnd.apply("E meld c9 c9 s9")
    assert narrate_action(rnd, 1, names) == [
        "Ebba melded 9\u2663 9\u2663 9\u2660 (a new meld of nines, 30 points)."]


def test_partner_question_and_answer_are_told_with_names() -> None:
    rnd = Round.from_state(
        hands=["c4 c6 c8 d4 d5", "s11 h11 h12 s12", "c5 h5 s5 d8", "s6 s8 h4 h6"],
        stock="s7 d6 c10", pile="d7 s4", melds=[["h9 h9 s9 s9 d9 d9 c9"]], to_move=2,
        drew_from="stock")
    rnd.apply("S ask")
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES)
    assert "Sam (your partner) asks: may I go out?" in play.status.value
    play.click("yes")
    lines = play.log_lines
    assert lines[0] == "You answered yes: Sam must go out this turn."
    assert "Sam (your partner) went out." in lines
    assert rnd.is_over


def test_round_end_is_announced_with_the_breakdown_and_no_repeated_reason() -> None:
    rnd = Round.from_state(
        hands=["c4 c6 c8 d4 d5", "s11 h11 h12 s12", "c5 h5 s5 d8", "s6 s8 h4 h6"],
        stock="s7 d6 c10", pile="d7 s4", melds=[["h9 h9 s9 s9 d9 d9 c9"]], to_move=2,
        drew_from="stock")
    rnd.apply("S ask")
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES)
    play.click("yes")
    status = play.status.value
    mine, theirs = rnd.scores()[0], rnd.scores()[1]
    assert (f"The round is over: Sam (your partner) went out. Your team scored {mine.total}; "
            f"the other team scored {theirs.total}.") in status.replace("&#x27;", "'")
    told = play.narration_lines[-1]
    assert told == round_end_text(rnd, play.names)  # announced with the breakdown
    with symbol_cards():  # the labels as the learner reads them: "Cards left in hand (4♣ 4♦)"
        labelled = rnd.scores()[0]
    for item in labelled.items:
        if item.points:
            assert f"{item.label} {item.points:+d}" in told
    from canasta_learn.render import round_html

    full = round_html(rnd, player_names=NAMES)
    assert "went out (went out)" not in full and "Round over: Sam went out" in full
    assert "Your team" in play.table.html.value and "cl-scores" in play.scores_view.value
    assert f">{mine.total}<" in play.scores_view.value
    assert "is legal" not in play.message


def test_verdict_codes_are_behind_details_unless_teacher() -> None:
    play = PlayWidget(round=kings_round(), seat=0)
    play.select("h13 s13 c7")
    play.click("meld")
    value = play.verdict.value
    assert "meld_mixed_ranks" in value
    assert value.index("<details") < value.index("meld_mixed_ranks")  # hidden in the toggle
    teacher = PlayWidget(round=kings_round(), seat=0, teacher=True)
    teacher.select("h13 s13 c7")
    teacher.click("meld")
    assert "<details" not in teacher.verdict.value and "meld_mixed_ranks" in teacher.verdict.value


def test_canastra_br_opening_over_several_meld_actions_shows_the_same_progress() -> None:
    """docs/variants.md#variants-canastra-br-opening: the Brazilian opening goes down over several
    meld actions of a turn, with the progress the classic family shows."""
    rnd = Round.from_state(profile="canastra_br", hands=["h11 h12 h13 s1 d1 c1 s5 s6", "c11", "c12", "s12"],
                           stock="s13 s13", drew_from="stock",
                           mortos=["c4 c5 c6 c7 c8 c9 c10 d4 d5 d6 d7", "d8 d9 d10 d11 d12 d13 s4 s5 c13 c13 d13"])
    play = PlayWidget(round=rnd, seat=0)
    play.select("s1 d1 c1")
    play.click("meld")
    assert play.opening_progress() == (45, 75)
    assert "opening: 45 of 75 \u2014 30 more this turn" in play.status.value
    play.select("h11 h12 h13")
    play.click("meld")
    assert rnd.opened[0] and play.opening_progress() is None


def test_opening_in_progress_is_shown_and_an_abandoning_discard_warned_first() -> None:
    rnd = kings_round()
    play = PlayWidget(round=rnd, seat=0)
    play.select("h13 s13 d13")
    play.click("meld")
    assert play.opening_progress() == (30, 50)
    assert "opening: 30 of 50 \u2014 20 more this turn" in play.status.value
    play.select("h5")
    assert "Careful" in play.hint.value and "30 of 50" in play.hint.value  # before any refusal
    before = rnd.snapshot()
    play.click("discard")
    assert not rnd.check("N discard h5").ok and rnd.snapshot() == before
    assert play.message == rnd.check("N discard h5").message
    play.select("jk")
    play.set_target(13)
    play.click("meld")
    assert play.opening_progress() is None and "opening:" not in play.status.value


def test_bots_are_paced_one_move_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    play = PlayWidget(round=kings_round(), seat=0, speed="normal")

    def fake_sleep(seconds: float) -> None:
        assert seconds == play_module.SPEEDS["normal"]
        shown.append(play.narration_html.value)

    monkeypatch.setattr(play_module.time, "sleep", fake_sleep)
    rnd = play.state
    play.select("h13 s13 d13 jk")
    play.click("meld")
    assert shown == []  # your own moves are not paced
    start = len(rnd.log)
    play.select("h5")
    play.click("discard")
    bot_moves = len(rnd.log) - start - 1
    # no pause after the move that hands the turn back: "Your turn" is answered at once
    assert bot_moves >= 3 and len(shown) == bot_moves - 1
    for value in shown:
        assert value.count('class="is-current"') >= 1  # the move just made is highlighted
    assert 'class="is-current"' not in play.narration_html.value  # done: nothing highlighted


def _claims_hold(rnd: Round, names: Names, index: int) -> None:
    action = rnd.log[index]
    lines = narrate_action(rnd, index, names)
    events = [e for e in rnd.events if e.action_index == index]
    kinds = Counter(e.kind for e in events)
    text = " ".join(lines)
    assert "is legal" not in text and " N " not in f" {text} "
    if isinstance(action, Draw):
        drawn = [c for e in events if e.kind == "drew" for c in e.cards]
        if names.is_me(action.seat):
            assert lines[0] == f"You drew {' '.join(c.short for c in drawn)}."
        else:
            assert not any(c.short in lines[0] for c in drawn)  # hidden cards stay hidden
    meld_events = kinds["meld_new"] + kinds["meld_added"] - (1 if isinstance(action, TakePile) else 0)
    told = sum(1 for line in lines if re.search(r"^\S+( \(your partner\))? (melded|added) ", line))
    if not isinstance(action, TakePile):
        assert told == meld_events, (lines, kinds)
    assert sum(1 for line in lines if "laid down the red three" in line) == kinds["red_three"]
    assert sum(1 for line in lines if "completes a" in line) == kinds["canasta_completed"]
    if isinstance(action, TakePile):
        taken = next(e for e in events if e.kind == "pile_taken")
        assert f"took the pile ({len(taken.cards) + 1} card" in lines[0]


@pytest.mark.parametrize("profile", profile_names())
def test_every_sentence_of_a_bot_game_matches_its_events(profile: str) -> None:
    rnd = Round(profile, seed=21)
    bots = make_bots("greedy", rnd.player_count, 21)
    names = Names(["You", *[f"P{i}" for i in range(1, rnd.player_count)]], 0, rnd.team_of)
    rng = random.Random(profile)
    guard = 0
    while not rnd.is_over and guard < 2000:
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
        _claims_hold(rnd, names, len(rnd.log) - 1)
        guard += 1
    assert rnd.is_over
    assert round_end_text(rnd, names).startswith("The round is over: ")
    assert rng is not None


def test_take_back_your_meld_within_the_turn_and_the_record_says_so() -> None:
    rnd = kings_round()
    before = rnd.snapshot()
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES)
    assert play.buttons["take_back"].layout.display == "none"  # nothing to take back yet
    play.select("h13 s13 d13")
    play.click("meld")
    assert play.buttons["take_back"].layout.display == ""
    play.click("take_back")
    assert play.state.snapshot() == before  # exactly as before the meld
    assert play.message == "You took back your move: K\u2666 K\u2660 K\u2665 went back to your hand."
    assert play.buttons["take_back"].layout.display == "none"
    play.select("h13 s13 d13 jk")
    play.click("meld")
    play.select("h5")
    play.click("discard")
    play.click("take_back")  # the turn is over: the discard and the bots' moves stay
    assert "Nothing to take back" in play.message
    record = play.record()
    comment = record.rounds[0].comments.get(-1)
    assert comment == "Then taken back: N meld d13 s13 h13."
    assert [a for a in record.rounds[0].actions[:2]] == ["N meld d13 s13 h13 jk", "N discard h5"]


def test_take_back_is_not_offered_for_a_draw() -> None:
    rnd = north_to_draw()
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES)
    play.click("draw")
    assert play.buttons["take_back"].layout.display == "none"
    play.click("take_back")
    assert "Nothing to take back" in play.message and rnd.phase == "play"


def test_running_score_and_rounds_won_in_round_mode() -> None:
    rnd = Round.from_state(
        hands=["c4 c6 c8 d4 d5", "s11 h11 h12 s12", "c5 h5 s5 d8", "s6 s8 h4 h6"],
        stock="s7 d6 c10", pile="d7 s4", melds=[["h9 h9 s9 s9 d9 d9 c9"]], to_move=2,
        drew_from="stock")
    rnd.apply("S ask")
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES)
    play.click("yes")
    ours, theirs = (s.total for s in rnd.scores())
    assert (f"Score: your team {ours}, the other team {theirs}" in play.status.value
            and "rounds won: your team 1, the other team 0" in play.status.value)


def test_settings_choose_speed_and_next_round_rules() -> None:
    play = PlayWidget(seed=4, seat=0)
    play.speed_choice.value = "slow"
    assert play.speed == "slow"
    play.speed_choice.value = "instant"
    play.profile_choice.value = "cardgames_io"
    play.bot_choice.value = "random"
    play.click("new")
    assert play.state.profile.name == "cardgames_io" and play.bots[1].name == "random"
    assert "cardgames_io" in play.badge.value


def test_why_panel_speaks_to_the_learner_and_hides_codes() -> None:
    play = PlayWidget(round=kings_round(), seat=0)
    play.why.value = True
    play.select("h13 s13 d13 jk")
    panel = play.why_panel.value
    assert "is legal" not in panel and "N may" not in panel
    assert "you may (80 points)." in panel  # the meld's value, from the engine's verdict
    assert "<code" not in panel
    teacher = PlayWidget(round=kings_round(), seat=0, teacher=True)
    teacher.why.value = True
    teacher.select("h13 s13 c7")
    assert "meld_mixed_ranks" in teacher.why_panel.value


def test_a_game_keeps_its_rules_and_bots_in_the_settings() -> None:
    play = PlayWidget(game=True, seed=4, seat=0)
    assert play.profile_choice.disabled and play.bot_choice.disabled
    assert "fixed for the game" in play.profile_choice.description
    assert "Score: your team 0, the other team 0 (game to 5000)" in play.status.value


@pytest.mark.parametrize("profile", ["classic", "italian", "pennies_from_heaven"])
def test_the_deal_is_told_upcard_and_red_threes(profile: str) -> None:
    for seed in range(1, 30):
        rnd = Round(profile, seed=seed)
        if any(e.kind == "red_three" and e.action_index == -1 for e in rnd.events):
            break
    names = NAMES + ["Ana", "Rui"] if rnd.player_count == 6 else NAMES
    play = PlayWidget(round=rnd, seat=0, player_names=names[: rnd.player_count], autoplay=False)
    deal = [e for e in rnd.events if e.action_index == -1]
    lines = play.narration_lines
    upcards = [e for e in deal if e.kind == "upcard"]
    if upcards:
        assert f"The first card of the discard pile is {upcards[0].cards[0].short}." in lines
    threes = [e for e in deal if e.kind == "red_three"]
    assert sum("laid down the red three" in line for line in lines) == len(threes) > 0
    for event in deal:
        if event.kind == "replacement" and event.seat != 0:
            assert not any(event.cards[0].short in line and "replace" in line for line in lines)
