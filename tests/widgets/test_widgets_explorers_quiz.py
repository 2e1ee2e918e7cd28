"""The explorers (PileExplorer, OpeningExplorer, ScoreCalculator) and the quizzes, driven from
Python through their controls, as a learner's edits and clicks would drive them.

Seed 000's worked examples go through the explorers; seed 001's 925 through the calculator.
"""

from __future__ import annotations

import html
import re

import pytest

from canasta_learn.profiles import profile_names

pytest.importorskip("ipywidgets")

from canasta_learn import Position, get_profile  # noqa: E402
from canasta_learn.core.cards import parse_cards  # noqa: E402
from canasta_learn.core.verdicts import learner_words  # noqa: E402
from canasta_learn.widgets import (  # noqa: E402
    OpeningExplorer,
    PileExplorer,
    Quiz,
    QuizSet,
    ScoreCalculator,
)
from canasta_learn.widgets.explorers import opening_table_html  # noqa: E402

PROFILES = ("classic", "cardgames_io", "traditional")


def text_of(markup: str) -> str:
    """The visible text of an HTML fragment (tags dropped, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def shown(explorer: PileExplorer | OpeningExplorer) -> str:
    return text_of(explorer.verdict_view.value)


# --------------------------------------------------------------------------- PileExplorer


@pytest.mark.parametrize("profile", PROFILES)
def test_pile_bill_takes_with_pair_of_sixes(profile: str) -> None:
    bill = PileExplorer("c6 c6 h7 d8", "s9 d6", "h13 s13 s13", profile=profile)
    assert bill.status is not None and bill.status.state == "open"
    assert bill.verdict is not None and bill.verdict.code == "pile_takeable"
    assert sorted(bill.verdict.meld or ()) == parse_cards("c6 c6 d6")
    assert "pile_takeable" in bill.verdict_view.value
    outside_details = re.sub(r"<details\b.*?</details>", "", bill.verdict_view.value, flags=re.DOTALL)
    assert "pile_takeable" not in outside_details  # the code is for teachers: behind "details"
    assert bill.verdict.message in shown(bill)
    # the cards that go down are drawn, by their accessible names
    assert "Meld made with the top card" in bill.verdict_view.value
    assert "Six of clubs" in bill.verdict_view.value
    assert "Six of diamonds" in bill.verdict_view.value
    assert "cl-pile-open" in bill.pile_view.value
    assert f"<b>{profile}</b>" in bill.badge.value


@pytest.mark.parametrize("profile", PROFILES)
def test_pile_mike_refused_frozen(profile: str) -> None:
    mike = PileExplorer("h5 d2 d2 s12 d12", "h9 c2 s5", "h13 s13 s13", profile=profile)
    assert mike.status is not None and mike.status.state == "frozen"
    assert mike.verdict is not None and mike.verdict.code == "pile_frozen_needs_natural_pair"
    assert "pair of fives" in shown(mike)
    assert "Meld made with the top card" not in mike.verdict_view.value
    # the freezing card (c2) is drawn sideways
    assert "turned sideways: it froze the pile" in mike.pile_view.value
    assert "frozen" in text_of(mike.state_view.value)


@pytest.mark.parametrize("profile", PROFILES)
def test_pile_lisa_adds_top_king_to_team_meld(profile: str) -> None:
    lisa = PileExplorer("c6 h7 d8", "s9 h13", "d13 d13 c13 h2", profile=profile)
    assert lisa.verdict is not None and lisa.verdict.ok
    assert lisa.verdict.meld == tuple(parse_cards("h13"))
    assert "meld of kings" in shown(lisa)


@pytest.mark.parametrize("profile", PROFILES)
def test_pile_bill_frozen_refused_team_meld_does_not_help(profile: str) -> None:
    bill = PileExplorer("c6 h7 d8 h13", "s9 jk c8 h13", "d13 c13 c13 h2", profile=profile)
    assert bill.verdict is not None and bill.verdict.code == "pile_frozen_needs_natural_pair"
    assert "meld of kings does not help" in shown(bill)


def test_pile_editing_inputs_changes_the_verdict() -> None:
    ex = PileExplorer("c6 c6 h7 d8", "s9 d6", "h13 s13 s13")
    assert ex.verdict is not None and ex.verdict.code == "pile_takeable"
    ex.hand_input.text.value = "c6 h7 d8"  # only one six now
    assert ex.verdict.code == "pile_no_meld_for_top_card"
    assert "pile_no_meld_for_top_card" in ex.verdict_view.value
    ex.pile_input.text.value = "s9 d2 d6"  # a buried two freezes the pile
    assert ex.status is not None and ex.status.state == "frozen"
    assert ex.verdict.code == "pile_frozen_needs_natural_pair"
    ex.pile_input.text.value = "s9 d6 s3"  # a black three on top blocks it
    assert ex.status.state == "blocked" and ex.verdict.code == "pile_blocked_black_three"
    assert "Blocked" in ex.pile_view.value
    ex.pile_input.text.value = ""
    assert ex.status.state == "empty" and ex.verdict.code == "pile_empty"


def test_pile_opened_flag_and_team_score() -> None:
    ex = PileExplorer("c6 c6 h7 d8", "s9 d6")  # no melds: not opened, pile frozen for us
    assert ex.status is not None and ex.status.code == "frozen_not_opened"
    assert ex.verdict is not None and not ex.verdict.ok  # c6 c6 d6 = 15 < 50
    ex.opened_input.value = "yes"
    assert ex.status.state == "open" and ex.verdict.ok
    ex.opened_input.value = "no"
    ex.score_input.value = -100  # minimum 15: the sixes are enough
    assert ex.verdict.ok and ex.position is not None and ex.position.opening_minimum == 15


def test_pile_bad_notation_inline_error_keeps_last_good_result() -> None:
    ex = PileExplorer("c6 c6 h7 d8", "s9 d6", "h13 s13 s13")
    before = (ex.verdict, ex.verdict_view.value, ex.pile_view.value)
    ex.hand_input.text.value = "c6 c6 x7"
    assert "x7" in text_of(ex.hand_input.error.value)
    assert 'role="alert"' in ex.hand_input.error.value
    assert (ex.verdict, ex.verdict_view.value, ex.pile_view.value) == before
    ex.melds_input.text.value = "h13 s13 zz"
    assert "Meld 1" in text_of(ex.melds_input.error.value)
    assert ex.verdict_view.value == before[1]
    # the error clears when the text is fixed
    ex.hand_input.text.value = "c6 c6 h7"
    assert ex.hand_input.error.value == "" and ex.verdict is not None and ex.verdict.ok


def test_pile_impossible_position_inline_error_keeps_last_good_result() -> None:
    ex = PileExplorer("c6 c6 h7 d8", "s9 d6", "h13 s13 s13")
    good = ex.verdict_view.value
    ex.hand_input.text.value = "c6 c6 d6 d6 h7"  # three d6 with the pile's one: DeckError
    assert "6♦" in text_of(ex.error.value) and ex.verdict_view.value == good
    ex.hand_input.text.value = "c6 c6 h3"  # a red three in hand: ValueError
    assert "Red threes" in text_of(ex.error.value) and ex.verdict_view.value == good
    ex.hand_input.text.value = "c6 c6 h7"
    assert ex.error.value == "" and ex.verdict is not None and ex.verdict.ok
    good = ex.verdict_view.value
    ex.opened_input.value = "no"  # contradicts the team's melds: ValueError
    assert "contradicts" in text_of(ex.error.value) and ex.verdict_view.value == good
    ex.opened_input.value = "auto"
    assert ex.error.value == "" and ex.verdict.ok


def test_pile_escapes_user_text_and_bad_initial_notation() -> None:
    ex = PileExplorer("<script>alert(1)</script>", "s9 d6")
    assert "<script>" not in ex.hand_input.error.value
    assert "&lt;script&gt;" in ex.hand_input.error.value
    # No valid hand yet: no result at all (nothing computed from a hand that is not the one typed).
    assert ex.stale and ex.verdict is None and ex.verdict_view.value == ""
    ex.hand_input.text.value = ""
    assert not ex.stale and ex.status is not None and ex.status.state == "frozen"
    bad_melds = PileExplorer("c6 c6", "s9 d6", "h13 <i>")
    assert "&lt;i&gt;" in bad_melds.melds_input.error.value


def test_pile_profiles_and_compare() -> None:
    # a buried black three freezes the pile only in the traditional profile
    ex = PileExplorer("h7 d2", "s9 c3 h9 d7", "d7 c7 s7")
    assert ex.verdict is not None and ex.verdict.ok
    ex.profile_select.value = "traditional"
    assert ex.verdict.code == "pile_frozen_needs_natural_pair"
    assert "<b>traditional</b>" in ex.badge.value
    ex.compare_box.value = True
    # every registered profile is compared: the classic three and the variants
    assert set(ex.comparison) == set(profile_names()) >= set(PROFILES)
    assert ex.comparison["classic"].ok and not ex.comparison["traditional"].ok
    summary = text_of(ex.compare_view.value)
    assert "legal in classic, cardgames_io" in summary
    assert "refused in traditional because" in summary
    ex.compare_box.value = False
    assert ex.compare_view.value == "" and ex.comparison == {}


def test_pile_custom_profile() -> None:
    italian = get_profile("classic").replace(name="italian", pile_always_frozen=True)
    ex = PileExplorer("h7 d2", "s9 h9 d7", "d7 c7 s7", profile=italian)
    assert ex.profile.name == "italian" and "italian" in ex.profile_select.options
    assert ex.verdict is not None and ex.verdict.code == "pile_frozen_needs_natural_pair"


def test_pile_card_picker_appends_to_the_chosen_input() -> None:
    pytest.importorskip("canasta_learn.widgets.hand")
    ex = PileExplorer("c6", "s9")
    assert ex.picker, "the HandWidget card picker is shown"
    picker_box = ex.picker[0].children[0]
    target, deck = picker_box.children
    deck.select("c6")  # a click on the six of clubs in the full deck
    assert ex.hand_input.text.value == "c6 c6" and deck.selected == []
    target.value = "Pile"
    deck.select("d6")
    assert ex.pile_input.text.value == "s9 d6"
    assert ex.status is not None and ex.status.code == "frozen_not_opened"
    assert ex.verdict is not None and not ex.verdict.ok


# --------------------------------------------------------------------------- OpeningExplorer


def minimum_shown(ex: OpeningExplorer) -> str:
    match = re.search(r'cl-minimum-value">(\d+)<', ex.minimum_view.value)
    assert match
    return match.group(1)


@pytest.mark.parametrize("profile", PROFILES)
def test_opening_1100_only_the_aces(profile: str) -> None:
    ex = OpeningExplorer("h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13", 1100, profile=profile)
    assert minimum_shown(ex) == "50"
    assert [o.value for o in ex.options] == [60]
    assert ex.verdict is not None and ex.verdict.code == "opening_ok"
    assert "A♣ A♥ 2♦" in text_of(ex.options_view.value)  # cards as symbols
    assert 'aria-current="true"' in ex.table_view.value
    current = re.search(r'<tr class="cl-current"[^>]*>(.*?)</tr>', ex.table_view.value)
    assert current and "0 \u2013 1499" in current.group(1) and "in force" in current.group(1)


@pytest.mark.parametrize("profile", PROFILES)
def test_opening_1500_aces_and_nines(profile: str) -> None:
    ex = OpeningExplorer("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", 1500, profile=profile)
    assert minimum_shown(ex) == "90"
    assert ex.options and all(o.value >= 90 for o in ex.options)
    assert ex.verdict is not None and ex.verdict.ok and "90" in shown(ex)
    assert "Aces" in ex.options_view.value and "Nines" in ex.options_view.value


@pytest.mark.parametrize("profile", PROFILES)
def test_opening_3000_none_highest_value_vs_minimum(profile: str) -> None:
    ex = OpeningExplorer("h1 c1 d2 h2 c5 h6 h7 c8 c4 c4 d4 h4 d13", 3000, profile=profile)
    assert minimum_shown(ex) == "120"
    assert ex.options == []
    assert ex.verdict is not None and ex.verdict.code == "opening_impossible"
    assert "120" in shown(ex) and "100" in shown(ex) and "20 short" in shown(ex)
    assert "No set of melds opens" in text_of(ex.options_view.value)


@pytest.mark.parametrize("profile", PROFILES)
def test_opening_1800_keep_a_card(profile: str) -> None:
    # seed 000 writes h5 h5 h5 h5 (impossible with two decks): four different fives instead
    ex = OpeningExplorer("h5 d5 c5 s5 d9 c9 h9 h13 d13 d13 c13 s3", 1800, profile=profile)
    assert minimum_shown(ex) == "90" and ex.options == []
    assert ex.verdict is not None and ex.verdict.code == "opening_impossible"
    assert "keep a card" in shown(ex) and "canasta" in shown(ex)


def test_opening_seed_literal_1800_hand_is_an_inline_error() -> None:
    ex = OpeningExplorer("h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13", 1100)
    good = ex.verdict_view.value
    ex.hand_input.text.value = "h5 h5 h5 h5 d9 d9 d9 h13 d13 d13 c13 s3"
    assert "5♥" in text_of(ex.error.value) and ex.verdict_view.value == good


def test_opening_edits_score_top_card_and_profile() -> None:
    ex = OpeningExplorer("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", 1500)
    assert ex.verdict is not None and ex.verdict.code == "opening_ok"
    ex.score_input.value = 3000
    assert minimum_shown(ex) == "120" and ex.verdict.code == "opening_impossible"
    # with the top card h9 the nines can take the pile... still not 120
    ex.score_input.value = 0
    ex.top_input.text.value = "h6"  # one six in hand: not a pair, but the hand alone opens
    assert ex.options and not any(o.takes_pile for o in ex.options)
    ex.hand_input.text.value = "h1 c1 d2 c5 h6 s6 h7 c8 d13"
    ex.top_input.text.value = "d6"
    assert any(o.takes_pile for o in ex.options)
    assert "takes the pile with its top card 6♦" in text_of(ex.options_view.value)
    ex.top_input.text.value = "d6 d7"
    assert "one card" in text_of(ex.error.value)
    ex.top_input.text.value = ""
    ex.hand_input.text.value = "h1 c1 d2 h2 c5 c4 c4 d4 d13"
    ex.score_input.value = 0
    ex.compare_box.value = True
    # every registered profile is compared: the classic three and the variants
    assert set(ex.comparison) == set(profile_names()) >= set(PROFILES)
    assert "Opening" in text_of(ex.compare_view.value)
    ex.profile_select.value = "cardgames_io"
    assert "<b>cardgames_io</b>" in ex.badge.value


def test_opening_team_score_below_zero_row() -> None:
    table = opening_table_html(get_profile("classic"), -50)
    current = re.search(r'<tr class="cl-current"[^>]*>(.*?)</tr>', table)
    assert current and "below 0" in current.group(1) and "15" in current.group(1)


# --------------------------------------------------------------------------- ScoreCalculator


@pytest.mark.parametrize("profile", PROFILES)
def test_score_seed001_925(profile: str) -> None:
    calc = ScoreCalculator("s13 s13 h13 h13 d13 c13 c13 | h1 c1 s1", "h3 d3", "c7",
                           went_out=True, profile=profile)
    assert calc.total == 925
    assert "925" in text_of(calc.score_view.value)
    assert f"<b>{profile}</b>" in calc.badge.value


def test_score_edits_update_the_breakdown() -> None:
    calc = ScoreCalculator("s13 s13 h13 h13 d13 c13 c13 | h1 c1 s1", "h3 d3", "c7",
                           went_out=True)
    assert calc.total == 925
    calc.went_out_input.value = False
    assert calc.total == 825
    calc.went_out_input.value = True
    calc.concealed_input.value = True
    assert calc.total == 1025
    calc.concealed_input.value = False
    calc.left_input.text.value = "c7 | h9 s4"
    assert calc.total == 925 - 15
    calc.threes_input.text.value = ""
    assert calc.total == 925 - 15 - 200


def test_score_invalid_inputs_inline_errors_keep_last_breakdown() -> None:
    calc = ScoreCalculator("s13 s13 h13 h13 d13 c13 c13 | h1 c1 s1", "h3 d3", "c7",
                           went_out=True)
    good = calc.score_view.value
    calc.melds_input.text.value = "h5 h5"  # not a meld: the engine's check_meld says why
    assert "at least 3" in text_of(calc.error.value) and calc.total == 925
    assert calc.score_view.value == good
    calc.melds_input.text.value = "s13 s13 h13 h13 d13 c13 c13 | h1 c1 s1"
    assert calc.error.value == ""
    calc.threes_input.text.value = "h3 s4"
    assert "red threes" in text_of(calc.error.value).lower() and calc.total == 925
    calc.threes_input.text.value = "h3 q3"  # bad notation
    assert "q3" in text_of(calc.threes_input.error.value)
    calc.threes_input.text.value = "h3 d3"
    calc.went_out_input.value = False
    assert calc.total == 825
    good = calc.score_view.value
    calc.concealed_input.value = True  # concealed needs went out
    assert 'tick "went out" too' in text_of(calc.error.value) and calc.score_view.value == good
    calc.concealed_input.value = False
    calc.melds_input.text.value = "s13 s13 s13 h13 d13"  # three s13: impossible
    assert "K♠" in text_of(calc.error.value)


# --------------------------------------------------------------------------- Quiz / QuizSet


def mike() -> Position:
    return Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])


def test_quiz_can_take_pile_right_and_wrong_quote_the_engine() -> None:
    verdict = mike().check_take_pile()
    wrong = Quiz("Can Mike take the pile?", mike(), kind="can_take_pile")
    assert wrong.choices == ["Yes", "No"] and wrong.correct is None
    assert "Five of hearts" in wrong.position_view.value  # the position is drawn
    assert wrong.answer("Yes") is False and wrong.correct is False
    assert verdict.learner_message() in wrong.feedback and verdict.code not in wrong.feedback
    assert "the answer is No" in wrong.feedback
    # the verdict code is behind a toggle, never in the sentence
    toggle = wrong.feedback_view.value.split('<details class="cl-code-toggle"', 1)[1]
    assert verdict.code in toggle.split("</details>", 1)[0]
    right = Quiz("Can Mike take the pile?", mike, kind="can_take_pile")  # a callable
    assert right.answer("No") is True and right.feedback.startswith("Right")
    assert verdict.learner_message() in right.feedback
    # one answer counts; the buttons are disabled, the right one marked
    assert right.answer("Yes") is True
    assert all(b.disabled for b in right.buttons)
    assert [b.button_style for b in right.buttons] == ["", "success"]


def test_quiz_kind_as_third_positional_argument() -> None:
    quiz = Quiz("Can Bill take it?", Position("c6 c6 h7 d8", "s9 d6", ["h13 s13 s13"]),
                "can_take_pile")
    assert quiz.kind == "can_take_pile" and quiz.answer_text == "Yes"


def test_quiz_pile_state() -> None:
    quiz = Quiz("What state is the pile in?", mike(), kind="pile_state")
    assert quiz.choices == ["empty", "open", "frozen", "blocked"]
    with learner_words():  # the status as a learner reads it (cards as symbols)
        status = mike().pile_status()
    assert not quiz.answer("open")
    assert status.message in quiz.feedback and status.code in quiz.feedback_view.value


@pytest.mark.parametrize("profile", PROFILES)
def test_quiz_opening_minimum(profile: str) -> None:
    pos = Position("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", team_score=1500, drew_from="stock",
                   profile=profile)
    quiz = Quiz("What is the opening minimum?", pos, kind="opening_minimum")
    assert quiz.choices == ["15", "50", "90", "120"] and quiz.answer_text == "90"
    assert quiz.answer("90") and f"the {profile} profile the minimum is 90" in quiz.feedback
    assert "from 1500 to 2995" in quiz.feedback  # the band the score is in, not the melds
    assert f"<b>{profile}</b>" in quiz.badge.value


def test_quiz_which_meld_opens() -> None:
    pos = Position("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", team_score=1500, drew_from="stock")
    quiz = Quiz("Which melds open?", pos, kind="which_meld_opens",
                choices=["h1 c1 d2", "h1 c1 d2 | c9 c9 d9", "c9 c9 d9 h9"])
    assert quiz.answer_text == "h1 c1 d2 | c9 c9 d9"
    assert not quiz.answer("h1 c1 d2")
    assert pos.check_opening("h1 c1 d2 | c9 c9 d9").learner_message() in quiz.feedback
    assert pos.check_opening("h1 c1 d2").learner_message() in quiz.feedback  # why the choice fails
    auto = Quiz("Which melds open?", pos, kind="which_meld_opens")
    assert len(auto.choices) >= 2
    assert sum(pos.check_opening(c).ok for c in auto.choices) == 1
    with pytest.raises(ValueError, match="Exactly one"):
        Quiz("?", pos, kind="which_meld_opens", choices=["h1 c1 d2", "c9 c9 d9 h9"])


def test_quiz_generic_form_and_errors() -> None:
    verdict = mike().check_take_pile()
    quiz = Quiz("Which rule stops Mike?", ["a frozen pile", "a blocked pile"], "a frozen pile",
                verdict)
    assert quiz.answer("a blocked pile") is False and verdict.learner_message() in quiz.feedback
    assert "<b>classic</b>" in quiz.badge.value
    with pytest.raises(ValueError, match="not a choice"):
        quiz.answer("maybe")
    with pytest.raises(ValueError, match="Unknown quiz kind"):
        Quiz("?", mike(), kind="nope")
    with pytest.raises(TypeError):
        Quiz("?", mike())


def test_quiz_escapes_question_and_choices() -> None:
    quiz = Quiz("<script>alert(1)</script>", ["<b>x</b>", "y"], "y", mike().check_take_pile())
    assert "<script>" not in quiz.question_view.value
    quiz.answer("<b>x</b>")
    assert "<b>x</b>" not in quiz.feedback_view.value


def test_quiz_set_keeps_score_and_resets() -> None:
    pos = Position("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", team_score=1500, drew_from="stock")
    quizzes = [Quiz("Take?", mike(), kind="can_take_pile"),
               Quiz("State?", mike(), kind="pile_state"),
               Quiz("Minimum?", pos, kind="opening_minimum"),
               Quiz("Which?", pos, kind="which_meld_opens")]
    qs = QuizSet(quizzes)
    assert qs.summary == "0 of 4 correct (4 still to answer)"
    quizzes[0].answer("No")
    quizzes[1].answer("frozen")
    quizzes[2].answer("90")
    assert "3 of 4 correct" in text_of(qs.score_view.value)
    quizzes[3].buttons[quizzes[3].choices.index(
        next(c for c in quizzes[3].choices if c != quizzes[3].answer_text))].click()
    assert qs.summary == "3 of 4 correct" and qs.answered == 4
    qs.reset_button.click()
    assert qs.score == 0 and qs.answered == 0 and all(q.feedback == "" for q in quizzes)
    assert not any(b.disabled for q in quizzes for b in q.buttons)


# --------------------------------------------------------------------------- static quizzes
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


def balanced(markup: str) -> bool:
    """Whether every element of an HTML fragment is closed in order (void and self-closing
    SVG elements aside)."""
    from html.parser import HTMLParser

    stack: list[str] = []
    ok = [True]

    class Checker(HTMLParser):
        def handle_starttag(self, tag: str, attrs: object) -> None:
            if tag not in VOID:
                stack.append(tag)

        def handle_endtag(self, tag: str) -> None:
            if not stack or stack.pop() != tag:
                ok[0] = False

    checker = Checker()
    checker.feed(markup)
    checker.close()
    return ok[0] and not stack


def test_quiz_mimebundle_has_widget_view_and_static_html_with_hidden_answer() -> None:
    from canasta_learn.cli.export import STATIC_ATTR as EXPORT_ATTR
    from canasta_learn.widgets.quiz import STATIC_ATTR

    assert STATIC_ATTR == EXPORT_ATTR
    verdict = mike().check_take_pile()
    quiz = Quiz("Can Mike take the pile?", mike(), kind="can_take_pile")
    bundle = quiz._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    page = bundle["text/html"]
    assert f'{STATIC_ATTR}="quiz"' in page and "Can Mike take the pile?" in page
    assert "Five of hearts" in page  # the position's cards
    assert "<li>Yes</li><li>No</li>" in page  # the choices as a plain list
    before, details = page.split("<details", 1)
    assert "<summary>Show the answer</summary>" in details
    assert html.escape(verdict.learner_message()) in details and verdict.code in details
    assert html.escape(verdict.message) not in before  # the answer stays hidden until opened
    assert "<script" not in page.lower() and balanced(page)


def test_static_quiz_escapes_and_lists_each_choice_verdict() -> None:
    quiz = Quiz("<script>alert(1)</script>", ["<b>x</b>", "y"], "y", mike().check_take_pile())
    page = quiz.static_html()
    assert "<script" not in page and "&lt;b&gt;x&lt;/b&gt;" in page and balanced(page)
    pos = Position("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", team_score=1500, drew_from="stock")
    opens = Quiz("Which melds open?", pos, kind="which_meld_opens",
                 choices=["h1 c1 d2", "h1 c1 d2 | c9 c9 d9"])
    details = opens.static_html().split("<details", 1)[1]
    assert html.escape(pos.check_opening("h1 c1 d2").learner_message()) in details


def test_quiz_set_static_html_holds_every_quiz() -> None:
    quizzes = [Quiz("Take?", mike(), kind="can_take_pile"), Quiz("State?", mike(), kind="pile_state")]
    page = QuizSet(quizzes, title="Mike's <quiz>")._repr_mimebundle_()["text/html"]
    assert "Mike&#x27;s &lt;quiz&gt;" in page and page.count('<details class="cl-quiz-answer">') == 2
    with learner_words():
        status = mike().pile_status()
    assert html.escape(status.message) in page and balanced(page)


# --------------------------------------------------------------------------- no stale results (issue 13)


def test_explorer_result_is_greyed_while_the_typed_hand_is_invalid() -> None:
    """OpeningExplorer showed "OK: c1 d1 h1 + nines" for a half-typed hand with no d1."""
    ex = OpeningExplorer("c1 d1 h1 c9 s9 h9 d4 d5", 0)
    assert ex.verdict is not None and ex.verdict.ok and not ex.stale
    assert "cl-stale" not in ex.results._dom_classes
    ex.hand_input.text.value = "c1 x1 h1 c9 s9 h9"  # half-typed: 'x1' is not a card
    assert ex.stale and "cl-stale" in ex.results._dom_classes
    assert "Not up to date" in ex.stale_note.value
    error = ex.hand_input.error.value
    assert 'role="alert"' in error and "#c62828" in error and "x1" in text_of(error)
    ex.hand_input.text.value = "c1 h1 c9 s9 h9 d4 d5"  # valid again: recomputed for this hand
    assert not ex.stale and "cl-stale" not in ex.results._dom_classes and ex.stale_note.value == ""
    assert ex.position is not None and "d1" not in " ".join(str(c) for c in ex.position.hand)


def test_an_impossible_position_greys_the_result_too() -> None:
    ex = PileExplorer("c6 c6 h7 d8", "s9 d6", "h13 s13 s13")
    ex.hand_input.text.value = "c6 c6 d6 d6 h7"  # three d6 with the pile's one
    assert ex.stale and "6♦" in text_of(ex.error.value) and 'role="alert"' in ex.error.value
    ex.hand_input.text.value = "c6 c6 h7"
    assert not ex.stale and ex.error.value == ""


@pytest.mark.parametrize("typed", ["15OO", "1 500", "15.5", "", "--3", "1e3", "٣"])
def test_team_score_must_be_a_whole_number_never_truncated(typed: str) -> None:
    ex = OpeningExplorer("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", 1500)
    assert ex.position is not None and ex.position.team_score == 1500
    ex.score_input.value = typed
    assert ex.stale and ex.position.team_score == 1500  # nothing computed from a guess
    message = text_of(ex.error.value)
    assert "Team score must be a whole number" in message and repr(typed) in message
    ex.score_input.value = "-200"
    assert not ex.stale and ex.position.team_score == -200
    pile = PileExplorer("c6 c6 h7 d8", "s9 d6")
    pile.score_input.value = typed
    assert pile.stale and "Team score" in text_of(pile.error.value)


def test_score_calculator_greys_the_breakdown_on_bad_notation() -> None:
    calc = ScoreCalculator("s13 s13 h13 h13 d13 c13 c13 | h1 c1 s1", "h3 d3", "c7", went_out=True)
    calc.threes_input.text.value = "h3 q3"
    assert calc.stale and "cl-stale" in calc.results._dom_classes
    calc.threes_input.text.value = "h3 d3"
    assert not calc.stale and calc.total == 925


def test_score_calculator_concealed_without_going_out_names_the_ticks_not_a_parameter() -> None:
    calc = ScoreCalculator("h5 h5 c5", went_out=True)
    calc.concealed_input.value = True
    good = calc.total
    calc.went_out_input.value = False
    message = text_of(calc.error.value)
    assert 'tick "went out" too, or untick "concealed"' in message
    assert "=" not in message and "went_out" not in message
    assert calc.total == good  # the last good breakdown is kept


def test_score_calculator_takes_hands_left_as_score_round_does() -> None:
    from canasta_learn import score_round

    calc = ScoreCalculator("h5 h5 c5", hands_left="c7 | d9 d9")
    assert calc.total == score_round(["h5 h5 c5"], hands_left=["c7", "d9 d9"]).total
    with pytest.warns(DeprecationWarning, match="hands_left"):
        older = ScoreCalculator("h5 h5 c5", cards_left="c7 | d9 d9")
    assert older.total == calc.total
    with pytest.raises(TypeError, match="not both"), pytest.warns(DeprecationWarning):
        ScoreCalculator("h5 h5 c5", hands_left="c7", cards_left="c7")


def test_score_calculator_card_count_error_reads_as_a_sentence() -> None:
    calc = ScoreCalculator("h5 h5 h5 h5")
    assert "What you entered has 4 copies" in html.unescape(calc.error.value)
