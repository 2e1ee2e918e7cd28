"""The play view's Hint button (issue 18): the coach's top three moves for your seat, with
their estimates and reasons, labelled as the coach's opinion; nothing is played; public
information only; not offered when it is not your turn."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from greedy_positions import greedy_position  # noqa: E402

from canasta_learn.core.actions import Answer, Discard, Draw, TakePile  # noqa: E402
from canasta_learn.core.i18n import speaking  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import acting_seat  # noqa: E402
from canasta_learn.play.coach import advise  # noqa: E402
from canasta_learn.play.coach_words import hint_order, move_words, reason_texts, verdict_words  # noqa: E402
from canasta_learn.widgets import PlayWidget  # noqa: E402
from canasta_learn.widgets import play as play_module  # noqa: E402
from canasta_learn.widgets.coach_view import advice_html, advice_lines  # noqa: E402
from canasta_learn.widgets.play import HINT_CUT  # noqa: E402

NAMES = ["You", "Ebba", "Sam", "Wen"]


def deals_words(count: int) -> str:
    """How the classic game's Hint panel says what its estimate came from (`HINT_CUT`)."""
    if HINT_CUT is None:
        return f"an estimate from {count} simulated endings"
    return f"an estimate from {count} deals of the unseen cards, each played {HINT_CUT} moves ahead"


def take_round(opponents: tuple[str, str] = ("c4 c5 c8 d4 d5", "s11 h11 h12 d7"),
               stock: str = "s7 d2 c2 h2 c3 s3 d5 c10") -> Round:
    """North to draw; the pile's top card is a king and North holds two kings."""
    return Round.from_state(
        hands=["h13 s13 c7 h7 s4 h9 d10 jk h5 d6", opponents[0], "s5 s6 s8 h4", opponents[1]],
        stock=stock, pile="d4 s7 c5 c6 d8 s9 c4 d13", melds=[["c9 d9 s9"]], to_move=0)


def test_hint_shows_the_coachs_top_three_for_your_seat_without_playing_them() -> None:
    rnd = take_round()
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES, hint_rollouts=6, hint_seed=4)
    before = rnd.snapshot()
    assert not play.buttons["hint"].disabled
    play.click("hint")
    assert rnd.snapshot() == before and play.state is rnd  # nothing was played
    expected = advise(rnd.copy(), 0, rollouts=6, seed=4, cut=HINT_CUT)
    assert play.advice == expected
    shown = play.coach_panel.value
    assert "The coach&#x27;s opinion" in shown or "The coach's opinion" in shown
    assert "nothing has been played" in shown
    top = hint_order(expected, 3)  # the recommended move first, and every move about equal to the best
    assert len(top) >= min(3, len(expected.candidates)) >= 2 and top[0] is expected.recommended
    assert shown.count('class="cl-coach-move"') == len(top)
    assert html.escape(verdict_words(expected)) in shown
    for candidate in top:
        assert html.escape(move_words(candidate.action)) in shown
        assert f"{candidate.value:+.0f} \u00b1 {candidate.margin:.0f} points" in shown
        for text in reason_texts(candidate, expected.candidates):
            assert html.escape(text) in shown
    # The first line of the plain text is the coach's best move with its estimate.
    assert play.hint_lines()[0] == verdict_words(expected)
    assert play.hint_lines()[1].startswith(f"1. {move_words(expected.recommended.action)}: estimate")
    # The kings on the pile: taking it is among the candidates, in words.
    assert any(isinstance(c.action, TakePile) for c in expected.candidates)
    assert any(isinstance(c.action, Draw) for c in expected.candidates)


def test_hint_reasons_name_moves_in_words_not_notation() -> None:
    play = PlayWidget(round=take_round(), seat=0, player_names=NAMES, hint_rollouts=6, hint_seed=4)
    play.click("hint")
    for candidate in play.advice.candidates:
        assert candidate.text not in play.coach_panel.value  # "N take h13 s13" never shown


def test_hint_sees_only_what_you_can_see() -> None:
    """Two rounds that differ only in the opponents' hands and the stock get the same hint."""
    one = PlayWidget(round=take_round(), seat=0, player_names=NAMES, hint_rollouts=5, hint_seed=1)
    two = PlayWidget(round=take_round(("s11 h11 h12 d7 c3", "c4 c5 c8 d4"), "c10 d5 s3 d5 h2 c2 d2 s7"),
                     seat=0, player_names=NAMES, hint_rollouts=5, hint_seed=1)
    assert one.state.snapshot() != two.state.snapshot()
    one.click("hint")
    two.click("hint")
    assert one.hint_lines() == two.hint_lines() and one.hint_lines()


def test_hint_is_cleared_by_a_move_and_disabled_when_it_is_not_your_turn() -> None:
    rnd = take_round()
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES, autoplay=False, hint_rollouts=4)
    play.click("hint")
    assert play.advice is not None
    play.click("draw")
    assert play.advice is None and play.coach_panel.value == ""
    play.select("h5")
    play.click("discard")  # autoplay is off: East is to move now
    assert not play.my_turn
    assert play.buttons["hint"].disabled
    play.click("hint")  # a click that gets through anyway only says why
    assert play.advice is None and "your turn" in play.message.lower()


def test_hint_when_your_partner_asks_advises_the_answer() -> None:
    rnd = Round.from_state(
        hands=["c4 c6 c8 d4 d5", "s11 h11 h12 s12", "c5 h5 s5 d8", "s6 s8 h4 h6"],
        stock="s7 d6 c10", pile="d7 s4", melds=[["h9 h9 s9 s9 d9 d9 c9"]], to_move=2,
        drew_from="stock")
    rnd.apply("S ask")
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES, hint_rollouts=4, hint_seed=2)
    assert play.my_turn and not play.buttons["hint"].disabled
    play.click("hint")
    assert {type(c.action) for c in play.advice.candidates} == {Answer}
    assert "Answer yes" in play.coach_panel.value and "Answer no" in play.coach_panel.value


def test_hint_with_the_time_budget_plays_at_least_two_endings_per_move() -> None:
    play = PlayWidget(round=take_round(), seat=0, player_names=NAMES, hint_budget=0.05)
    play.click("hint")
    assert all(c.rollouts >= 2 for c in play.advice.top(3))
    assert not any(isinstance(c.action, Discard) for c in play.advice.candidates)  # a draw phase


@pytest.mark.parametrize("bad", [0, -1, True, "fast"])
def test_a_bad_hint_budget_is_a_value_error_naming_it(bad: object) -> None:
    with pytest.raises(ValueError, match="hint_budget"):
        PlayWidget(seed=1, hint_budget=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("profile", ["classic", "italian", "pennies_from_heaven", "canastra_br", "tranca"])
def test_hint_works_for_every_profile_and_names_moves_in_words(profile: str) -> None:
    from canasta_learn.profiles import get_profile

    play = PlayWidget(profile=profile, seed=5, hint_rollouts=2, hint_seed=1)
    play.click("hint")
    assert play.advice is not None and play.advice.profile_name == get_profile(profile).name
    for candidate in play.advice.top(3):
        assert html.escape(move_words(candidate.action, play.state)) in play.coach_panel.value


def test_a_move_onto_a_sequence_is_named_by_the_sequence() -> None:
    """Brazilian melds are sequences numbered from 101: the words name the run, not the number."""
    from canasta_learn.core.actions import Meld
    from canasta_learn.play.bots import acting_seat, make_bots

    rnd = Round("canastra_br", seed=5)
    bots = make_bots("greedy", rnd.player_count, 5)
    while True:
        adds = [a for a in rnd.legal_actions() if isinstance(a, Meld) and a.groups[0].target is not None]
        if adds:
            break
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    action = adds[0]
    key = action.groups[0].target
    cards = rnd.melds[rnd.team_of(action.seat)][key]
    words = move_words(action, rnd)
    assert words.endswith(f" onto {rnd.meld_label(key, cards)}") and str(key) not in words


def test_hint_again_looks_closer_with_fresh_deals_pooled() -> None:
    rnd = take_round()
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES, hint_rollouts=6, hint_seed=4)
    play.click("hint")
    first = play.advice
    assert deals_words(6) in play.coach_panel.value
    play.click("hint")
    second = play.advice
    assert first == advise(rnd.copy(), 0, rollouts=6, seed=4, cut=HINT_CUT)
    assert second == advise(rnd.copy(), 0, rollouts=6, seed=4 + 1_000_003, earlier=first, cut=HINT_CUT)
    assert second.samples == 12 and deals_words(12) in play.coach_panel.value
    for candidate in first.candidates:  # the first look's deals are kept, fresh ones added
        pooled = second.find(candidate.action)
        assert pooled is not None and pooled.outcomes[:candidate.rollouts] == candidate.outcomes
    fresh = [c.outcomes[6:] for c in second.candidates if c.rollouts == 12]
    assert fresh and fresh != [c.outcomes for c in first.candidates if c.rollouts == 6][:len(fresh)]
    assert "look closer" in play.coach_panel.value


def test_hint_after_a_move_starts_afresh() -> None:
    rnd = take_round()
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES, hint_rollouts=6, hint_seed=4)
    play.click("hint")
    play.click("hint")
    assert play.advice.samples == 12
    play._try(Draw(0))  # North draws and still has the move (the play phase)
    assert play.my_turn and rnd.phase == "play"
    play.click("hint")
    assert play.advice.samples == 6  # another position: its own deals, none pooled
    assert play.advice == advise(rnd.copy(), 0, rollouts=6, seed=4 + 2 * 1_000_003, cut=HINT_CUT)


def test_hint_plays_every_ending_where_the_learned_estimate_does_not_hold() -> None:
    """The Italian game: the coach's learned estimate was fitted on the classic game, so the Hint
    plays its endings to the end and says so."""
    rnd = Round(seed=3, profile="italian")
    seat = rnd.to_move
    play = PlayWidget(round=rnd, seat=seat, player_names=NAMES, hint_rollouts=4, hint_seed=1)
    play.click("hint")
    assert play.advice is not None and play.advice.cut is None
    assert play.advice == advise(rnd.copy(), seat, rollouts=4, seed=1)
    assert "4 simulated endings" in play.coach_panel.value


def test_the_classic_hint_simulates_more_melds_than_the_coachs_cut() -> None:
    """The classic Hint keeps up to `HINT_MELD_CANDIDATES` (12) melds: at a position with 7 legal
    melds, one more than the coach's cut keeps, every one of them is simulated. Played to the end
    (the other games), a Hint keeps the coach's cut (`hint_meld_candidates`)."""
    from greedy_positions import greedy_position

    from canasta_learn.core.actions import Meld
    from canasta_learn.play.coach import MAX_MELD_CANDIDATES
    from canasta_learn.widgets.play import HINT_MELD_CANDIDATES, hint_meld_candidates

    assert HINT_MELD_CANDIDATES == 12 and hint_meld_candidates(HINT_CUT) == 12
    assert hint_meld_candidates(None) == MAX_MELD_CANDIDATES
    rnd = greedy_position(30004, 29)
    seat = acting_seat(rnd)
    melds = [a for a in rnd.legal_actions() if isinstance(a, Meld)]
    assert MAX_MELD_CANDIDATES < len(melds) <= HINT_MELD_CANDIDATES
    play = PlayWidget(round=rnd, seat=seat, player_names=NAMES, hint_rollouts=2, hint_seed=4)
    play.click("hint")
    assert play.advice == advise(rnd.copy(), seat, rollouts=2, seed=4, cut=HINT_CUT, meld_candidates=12)
    assert all(play.advice.find(a) is not None for a in melds)


def test_hint_cuts_its_play_outs_in_the_classic_game() -> None:
    """The Hint is `advise(cut=HINT_CUT)` in the classic game and its panel says each deal was
    played that many moves ahead and that its margins count the estimate's own error."""
    assert HINT_CUT == 32
    rnd = take_round()
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES, hint_rollouts=6, hint_seed=4)
    play.click("hint")
    assert play.advice == advise(rnd.copy(), 0, rollouts=6, seed=4, cut=32)
    assert "6 deals of the unseen cards, each played 32 moves ahead" in play.coach_panel.value
    assert "that estimate&#x27;s own error" in play.coach_panel.value.replace("'", "&#x27;")
    play.click("hint")
    assert play.advice is not None and play.advice.samples == 12 and play.advice.cut == 32


def test_the_moves_a_hint_does_not_show_at_the_top_are_folded_below_with_their_estimates() -> None:
    """At a meld position the coach tries a dozen moves; an "about equal" headline names four
    ("... and 9 more") and the panel shows three. Every other move it tried is listed, folded,
    with its estimate and reasons, and the plain text names them."""
    rnd = greedy_position(1, 12)
    play = PlayWidget(round=rnd, seat=acting_seat(rnd), player_names=NAMES, hint_rollouts=4, hint_seed=3)
    play.click("hint")
    advice = play.advice
    shown = hint_order(advice, 3)
    others = [c for c in advice.candidates if all(c is not s for s in shown)]
    assert len(others) >= 6 and len(shown) == 3
    panel = play.coach_panel.value
    fold = panel[panel.index('<details class="cl-coach-others"'):]
    assert panel.count('class="cl-coach-move"') == 3 and fold.count('class="cl-coach-other"') == len(others)
    assert f"The other {len(others)} moves the coach tried</summary>" in fold
    assert '<ol start="4"' in fold
    at = 0
    for candidate in others:  # in the advice's order, each with its estimate and its reasons
        name = f"<b>{html.escape(move_words(candidate.action, rnd))}</b>"
        assert fold.find(name, at) >= at, name
        at = fold.index(name, at)
        assert f"estimate {candidate.value:+.0f}" in fold[at:]
        for text in reason_texts(candidate, advice.candidates, rnd):
            assert html.escape(text) in fold
    for candidate in shown:
        assert f"<b>{html.escape(move_words(candidate.action, rnd))}</b>" not in fold
    assert play.hint_lines()[-1] == "Also tried: " + "; ".join(move_words(c.action, rnd) for c in others) + "."
    with speaking("pt_BR"):
        assert f"As outras {len(others)} jogadas que o treinador testou</summary>" in advice_html(advice, 3, rnd)
        assert advice_lines(advice, 3, rnd)[-1].startswith("O treinador também testou: ")


def test_a_hint_with_no_other_moves_has_no_fold() -> None:
    play = PlayWidget(round=take_round(), seat=0, player_names=NAMES, hint_rollouts=6, hint_seed=4)
    play.click("hint")
    assert len(play.advice.candidates) <= 3
    assert "cl-coach-others" not in play.coach_panel.value
    assert not any(line.startswith("Also tried") for line in play.hint_lines())


def test_a_long_hint_shows_how_many_deals_it_has_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Hint still at work after `HINT_PROGRESS_AFTER` seconds (in the Brazilian games, whose
    endings are long, it takes several) says so in the coach's panel while it plays; the advice
    replaces it. Here the thresholds are 0, so every deal is shown."""
    monkeypatch.setattr(play_module, "HINT_PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(play_module, "HINT_PROGRESS_EVERY", 0.0)
    play = PlayWidget(round=take_round(), seat=0, player_names=NAMES, hint_rollouts=5, hint_seed=4)
    seen: list[str] = []
    play.coach_panel.observe(lambda change: seen.append(change["new"]), "value")
    play.click("hint")
    thinking = [v for v in seen if "cl-coach-thinking" in v]
    assert [re.search(r"thinking: (\d+) deals? of", v).group(1) for v in thinking] == ["1", "2", "3", "4", "5"]
    assert "The coach is thinking: 1 deal of the unseen cards played so far." in thinking[0]
    assert 'role="status"' in thinking[0]
    assert seen[-1] == play.coach_panel.value == advice_html(play.advice, 3, play.state)
    assert play.advice.samples == 5


def test_a_hint_shows_no_progress_before_its_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_module, "HINT_PROGRESS_AFTER", 1e9)
    play = PlayWidget(round=take_round(), seat=0, player_names=NAMES, hint_rollouts=5, hint_seed=4)
    seen: list[str] = []
    play.coach_panel.observe(lambda change: seen.append(change["new"]), "value")
    play.click("hint")
    assert len(seen) == 1 and "cl-coach-thinking" not in seen[0]


def test_an_interrupted_hint_shows_the_last_opinion_again_and_plays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopping the kernel while a Hint works (a real KeyboardInterrupt, as Jupyter's Stop sends,
    arriving mid-search) leaves the panel with the last opinion, not "thinking", and the round as
    it was."""
    import _thread

    monkeypatch.setattr(play_module, "HINT_PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(play_module, "HINT_PROGRESS_EVERY", 0.0)
    rnd = take_round()
    play = PlayWidget(round=rnd, seat=0, player_names=NAMES, hint_rollouts=3, hint_seed=4)
    play.click("hint")
    first, shown, before = play.advice, play.coach_panel.value, rnd.snapshot()
    assert first is not None and "cl-coach-thinking" not in shown
    play.hint_rollouts = 400

    def stop_at_the_fifth_deal(change: dict[str, str]) -> None:
        if "thinking: 8 deals" in change["new"]:  # the closer look: 3 earlier deals and 5 new
            _thread.interrupt_main()

    play.coach_panel.observe(stop_at_the_fifth_deal, "value")
    with pytest.raises(KeyboardInterrupt):
        play.click("hint")
    assert play.advice is first and play.coach_panel.value == shown
    assert rnd.snapshot() == before and play.state is rnd
