"""Quizzes ask without answering: the question mode of the renderers, the feedback banner and
its neutral explanation, and the package's quiz helpers.

The positions are the issue's own examples (lesson 02's blocked pile and Lisa, lesson 03's
1500-point opening) and the seed's opening traps.
"""

from __future__ import annotations

import html
import re

import pytest
from quiz_leaks import QuizFacts, answer_leaks, readable_text, static_quizzes

pytest.importorskip("ipywidgets")

from canasta_learn import Position, Round, check_meld, parse_cards  # noqa: E402
from canasta_learn.profiles import ProfileError  # noqa: E402
from canasta_learn.render import (  # noqa: E402
    explanation_html,
    meld_html,
    pile_html,
    position_html,
    round_html,
)
from canasta_learn.rules.pile import PILE_REASONS  # noqa: E402
from canasta_learn.widgets import (  # noqa: E402
    Quiz,
    QuizSet,
    canasta_quiz,
    compare_profiles,
    meld_quiz,
    opening_quiz,
)


def blocked() -> Position:
    return Position("h9 h9 c5 c6", discard_pile="h4 d9 s3", team_melds=["h13 s13 s13"])


def lisa() -> Position:
    return Position("c6 h7 d8", discard_pile="s9 h13", team_melds=["d13 d13 c13 h2"])


def mike() -> Position:
    return Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])


def p1500() -> Position:
    return Position("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", team_score=1500, drew_from="stock")


def seed_traps() -> Position:
    """The seed's hand with both the 35-point trap and the 60-point opening."""
    return Position("h1 c1 d2 c4 c4 d4 c5 h6 h7 c8 c11 d13", drew_from="stock")


ISSUE_EXAMPLES = [
    ("What state is this pile in?", blocked, "pile_state"),
    ("Your team has 1500 points. What is the opening minimum?", p1500, "opening_minimum"),
    ("Lisa holds no kings. Can she take the pile?", lisa, "can_take_pile"),
    ("Mike holds h5 d2 d2 s12 d12. Can he take the pile?", mike, "can_take_pile"),
    ("What state is the pile in?", mike, "pile_state"),
    ("Which melds open?", p1500, "which_meld_opens"),
]


# --------------------------------------------------------------------------- question mode
@pytest.mark.parametrize(("question", "position", "kind"), ISSUE_EXAMPLES)
def test_full_picture_gives_the_answer_away_question_mode_does_not(question: str,
                                                                   position: object,
                                                                   kind: str) -> None:
    """The issue's complaint, pinned: the full table picture under the question shows the
    answer (the checker sees it), the quiz's question-mode picture does not."""
    quiz = Quiz(question, position(), kind=kind)  # type: ignore[operator]
    facts = QuizFacts.of(quiz, "unit")
    if kind != "which_meld_opens":  # the full picture never lists the meld sets
        assert answer_leaks(facts, question, position_html(quiz.position)) != []  # type: ignore[arg-type]
    assert answer_leaks(facts, question, quiz.position_view.value) == []
    assert quiz.feedback_view.value == ""  # no verdict before an answer
    static = static_quizzes(quiz.static_html())
    assert len(static) == 1 and static[0].question == question
    assert answer_leaks(facts, static[0].question, static[0].picture) == []


def test_blocked_pile_question_has_no_badge_mark_or_reason() -> None:
    status = blocked().pile_status()
    assert status.state == "blocked"
    picture = position_html(blocked(), question=True, asks="pile_state")
    text = readable_text(picture)
    assert "Blocked" not in text and "blocked" not in text and status.message not in text
    assert "cl-badge-blocked" not in picture and "outline:4px" not in picture
    # the cards a player sees are all there: hand, pile (top card named), melds
    assert "Three of spades, top of the pile" in text and "Nine of hearts" in text
    assert "3 cards" in text and "team score 0" in text


def test_opening_minimum_question_hides_the_minimum_but_shows_the_score() -> None:
    text = readable_text(position_html(p1500(), question=True, asks="opening_minimum"))
    assert "team score 1500" in text and "90" not in text and "minimum" not in text


def test_frozen_pile_keeps_its_sideways_card_unless_the_state_is_asked() -> None:
    """At the table the freezing card lies sideways (a player sees it); a pile-state question
    draws it upright, and no accessible name says why a card is turned."""
    take = position_html(mike(), question=True, asks="can_take_pile")
    assert 'width="90" height="64"' in take  # the c2 lies sideways
    assert "Two of clubs, turned sideways" in readable_text(take)
    assert "froze" not in readable_text(take)
    state = position_html(mike(), question=True, asks="pile_state")
    assert 'width="90" height="64"' not in state and "sideways" not in readable_text(state)
    full = position_html(mike())
    assert "turned sideways: it froze the pile" in readable_text(full)  # unchanged


def test_question_mode_melds_show_no_canasta_kind_or_value() -> None:
    kings = "h13 h13 s13 s13 d13 c13 c2"
    text = readable_text(meld_html(parse_cards(kings), question=True))
    assert text.startswith("Kings: meld, 7 cards Kings 7 cards") and "canasta" not in text.lower()
    assert "pts" not in text
    full = readable_text(meld_html(parse_cards(kings)))
    assert "Mixed canasta" in full and "pts" in full


def test_question_mode_empty_pile_does_not_say_empty() -> None:
    status = Position("h9 h9 c5", discard_pile="").pile_status()
    assert status.state == "empty"
    assert "empty" not in readable_text(pile_html([], status, question=True)).lower()
    assert "0 cards" in readable_text(pile_html([], status, question=True))


def test_position_html_rejects_an_unknown_question_kind() -> None:
    with pytest.raises(ValueError, match="asks='nope' is not a question kind"):
        position_html(mike(), question=True, asks="nope")


# --------------------------------------------------------------------------- feedback
def test_wrong_answer_big_not_quite_banner_then_neutral_explanation() -> None:
    quiz = Quiz("Can Mike take the pile?", mike(), kind="can_take_pile")
    verdict = mike().check_take_pile()
    assert quiz.answer("Yes") is False
    view = quiz.feedback_view.value
    banner, rest = view.split("</div>", 1)
    assert 'class="cl-quiz-banner cl-quiz-wrong"' in banner and "font-size:20px" in banner
    assert "Not quite." in readable_text(banner) and "the answer is No" in readable_text(banner)
    # the explanation box: the engine's message, no OK/Refused verdict styling
    assert "cl-explanation" in rest and html.escape(verdict.learner_message()) in rest
    assert "cl-verdict" not in view and "Refused" not in view and "\u2714 OK" not in view
    assert "Why No" in readable_text(rest)


def test_right_answer_big_right_banner_and_no_refused_box() -> None:
    quiz = Quiz("Can Mike take the pile?", mike(), kind="can_take_pile")
    assert quiz.answer("No") is True
    view = quiz.feedback_view.value
    assert 'cl-quiz-banner cl-quiz-right' in view and "Right!" in readable_text(view)
    assert "Refused" not in view and "cl-verdict-refused" not in view


def test_answering_50_at_1500_names_the_1500_to_2995_band() -> None:
    quiz = Quiz("Your team has 1500 points. What is the opening minimum?", p1500(),
                kind="opening_minimum")
    quiz.answer("50")
    text = readable_text(quiz.feedback_view.value)
    assert "from 1500 to 2995" in text and "minimum is 90" in text
    assert "Why not 50" in text and "50 is the minimum for a team score from 0 to 1495" in text
    assert "Not quite. You chose 50; the answer is 90." in text
    # the melds of the hand are not the explanation of a minimum
    assert p1500().opening_verdict().message not in quiz.feedback


@pytest.mark.parametrize(("score", "band"), [(-20, "a negative team score"),
                                             (0, "from 0 to 1495"),
                                             (3000, "of 3000 or more")])
def test_opening_minimum_band_for_each_row_of_the_classic_table(score: int, band: str) -> None:
    quiz = Quiz("Minimum?", Position("h1 c1 d2 c5 h6", team_score=score, drew_from="stock"),
                kind="opening_minimum")
    assert band in quiz.explanation[1] and quiz.explanation[0] == ""


def test_static_answer_is_folded_with_each_wrong_choice_explained() -> None:
    quiz = opening_quiz(seed_traps(), ["c4 c4 d4 d2", "h1 c1 d2"])
    (static,) = static_quizzes(quiz.static_html())
    answer = readable_text(static.answer_part)
    assert "Show the answer" in answer and "The answer is A♥ A♣ 2♦" in answer
    assert "Why not 4♣ 4♣ 4♦ 2♦" in answer and "15 short" in answer
    assert "15 short" not in readable_text(static.picture)


def test_explanation_html_is_neutral_and_escaped() -> None:
    box = explanation_html(check_meld("h5 h5"), title="Why <not>")
    assert "Why &lt;not&gt;" in box and "Refused" not in box
    assert "<summary>Verdict code</summary>" in box and "meld_too_few_cards" in box


# --------------------------------------------------------------------------- helpers
def test_meld_quiz_asks_with_the_cards_and_answers_with_check_meld() -> None:
    quiz = meld_quiz("h5 h5 d2 d2", "cardgames_io")
    verdict = check_meld("h5 h5 d2 d2", "cardgames_io")
    assert quiz.question == "Is 5♥ 5♥ 2♦ 2♦ a legal meld in the cardgames_io profile?"
    assert quiz.choices == ["Yes", "No"] and quiz.answer_text == "No"
    assert quiz.profile.name == "cardgames_io" and quiz.verdict == verdict
    assert "Five of hearts" in quiz.position_view.value
    assert answer_leaks(QuizFacts.of(quiz), quiz.question, quiz.position_view.value) == []
    assert meld_quiz("h5 h5 d2 d2").answer_text == "Yes"  # classic: as many wilds as naturals
    with pytest.raises(ProfileError):
        meld_quiz("h5 h5 d2", "nope")


@pytest.mark.parametrize(("cards", "profile", "answer"), [
    ("s9 h9 h9 d9 c9 jk d2", "classic", "Mixed canasta (300)"),
    ("h13 h13 s13 s13 d13 c13 c13", "classic", "Natural canasta (500)"),
    ("h12 h12 d12 s12 c12 c12", "classic", "Not a canasta"),
    ("jk s9 s10 s11 s12 s13 s1", "canastra_br", None),
    ("h7 h7 c7 d7 s7 s7 c7", "pennies_from_heaven", "Sevens canasta (1500)"),
    ("c2 d2 h2 s2 c2 d2 h2", "italian", "Canasta of seven twos (3000)"),
])
def test_canasta_quiz_the_engine_decides_the_kind(cards: str, profile: str,
                                                  answer: str | None) -> None:
    quiz = canasta_quiz(cards, profile)
    assert quiz.answer_text in quiz.choices and len(quiz.choices) >= 3
    if answer is not None:
        assert quiz.answer_text == answer
    else:  # the Brazilian kind comes from the engine's canasta_kind: a joker makes it limpa
        assert quiz.answer_text == "Canastra limpa"  # no bonus: it depends on the other canastas
        assert quiz.choices == ["Canastra real", "Canastra limpa", "Canastra suja", "Not a canastra"]
    assert quiz.verdict == check_meld(cards, profile)
    assert answer_leaks(QuizFacts.of(quiz), quiz.question, quiz.position_view.value) == []


def test_opening_quiz_uses_the_seeds_trap_35_against_60() -> None:
    quiz = opening_quiz(seed_traps(), ["c4 c4 d4 d2", "h1 c1 d2"])
    assert quiz.kind == "which_meld_opens" and quiz.answer_text == "h1 c1 d2"
    assert quiz.answer("c4 c4 d4 d2") is False
    text = readable_text(quiz.feedback_view.value)
    assert "(35)" in text and "15 short" in text and "= 60" in text
    by_hand = opening_quiz("h1 c1 d2 c4 c4 d4 c5 h6 h7 c8 c11 d13", ["c4 c4 d4 d2", "h1 c1 d2"])
    assert by_hand.answer_text == "h1 c1 d2" and by_hand.position.team_score == 0  # type: ignore[union-attr]
    # at 1500 the minimum is 90: neither choice opens, and the quiz refuses to be built
    with pytest.raises(ValueError, match="Exactly one choice must open"):
        opening_quiz("h1 c1 d2 c4 c4 d4 c5 h6 h7 c8 c11 d13", ["c4 c4 d4 d2", "h1 c1 d2"],
                     team_score=1500)


def test_compare_profiles_one_row_per_profile_from_the_engine() -> None:
    table = compare_profiles(lambda p: check_meld("h5 h5 d2 d2", p),
                             ["classic", "cardgames_io"])
    assert list(table.index) == ["classic", "cardgames_io"]
    assert list(table.columns) == ["legal", "code", "why"]
    assert table.loc["classic", "legal"] and not table.loc["cardgames_io", "legal"]
    assert table.loc["cardgames_io", "why"] == check_meld("h5 h5 d2 d2", "cardgames_io").message
    everyone = compare_profiles(lambda p: check_meld("h5 h5 c5", p))
    from canasta_learn.profiles import profile_names

    assert list(everyone.index) == profile_names()


def test_compare_profiles_bad_input_names_the_argument() -> None:
    with pytest.raises(TypeError, match="question must be a function"):
        compare_profiles("check_meld")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="profiles must be a list"):
        compare_profiles(lambda p: check_meld("h5 h5 h5", p), "classic")
    with pytest.raises(ProfileError):
        compare_profiles(lambda p: check_meld("h5 h5 h5", p), ["nope"])
    with pytest.raises(TypeError, match="must return a Verdict"):
        compare_profiles(lambda p: True, ["classic"])  # type: ignore[arg-type,return-value]


def test_quiz_set_of_helpers_keeps_score() -> None:
    quizzes = QuizSet([meld_quiz("h5 h5 jk"), canasta_quiz("s9 h9 h9 d9 c9 jk d2")])
    quizzes.quizzes[0].answer("Yes")
    quizzes.quizzes[1].answer("Natural canasta (500)")
    assert quizzes.summary == "1 of 2 correct"


# --------------------------------------------------------------------------- a table moment
def black_three_on_top() -> Round:
    """Lesson 05's first key moment in small: East discarded a black three; South is next."""
    return Round.from_state(
        hands=["h13 s13 d13 c7", "c4 c5 c6 c8", "s5 s6 s8 s9", "s11 h11 h12 s12"],
        stock="s7 d2 c2 h2 d5 d6", pile="d4 s7 c3", to_move=2,
        melds=[["h1 c1 d1 s1 h1 c1 jk"]])


def test_a_table_moment_quiz_shows_the_movers_hand_only_and_no_pile_state() -> None:
    rnd = black_three_on_top()
    verdict = rnd.can_take_pile()
    assert rnd.pile_status().state == "blocked"
    quiz = Quiz("South is to move. Can South take the pile?", ["Yes", "No"],
                "Yes" if verdict.ok else "No", verdict, position=rnd)
    picture = quiz.position_view.value
    text = readable_text(picture)
    assert answer_leaks(QuizFacts.of(quiz), quiz.question, picture) == []
    assert "Six of spades" in text  # South's own hand, face up
    assert "King of hearts" not in text and "Queen of hearts" not in text  # the others' hidden
    assert "4 face-down cards" in text
    assert "Three of clubs, top of the pile" in text and "Blocked" not in text
    assert "Mixed canasta" not in text and "pts" not in text and "minimum" not in text
    assert "score 0" in text  # the scores are table facts
    assert quiz.profile.name == rnd.profile.name
    full = readable_text(round_html(rnd))
    assert "Blocked" in full and "Mixed canasta" in full and "King of hearts" in full


def test_automatic_distractors_are_the_near_misses_like_the_seeds_35() -> None:
    """Without choices a which-melds-open quiz offers the wrong sets closest to the minimum:
    for the seed's hand, c4 c4 d4 d2 (35, using the wild card, still short of 50)."""
    quiz = Quiz("Which melds open?", seed_traps(), kind="which_meld_opens")
    assert "c4 c4 d4 d2" in quiz.choices
    wrong = {c: v for c, v in quiz.choice_verdicts.items() if c != quiz.answer_text}
    assert all(not v.ok for v in wrong.values()) and quiz.choice_verdicts[quiz.answer_text].ok
    assert max(v.value or 0 for v in wrong.values()) == 35
    # no wrong choice uses a card twice or one not in the hand: each is refused for its value
    assert {v.code for v in wrong.values()} == {"opening_below_minimum"}


# --------------------------------------------------------------------------- why questions
def test_pile_reason_frozen_for_us_because_we_have_not_opened() -> None:
    """Frozen for a team that has not opened, with nothing wild in it: the reason is the
    opening, not a buried card (lesson 02's 'frozen for a team that has not opened')."""
    pos = Position("h7 c7 c9", discard_pile="s12 d7", team_opened=False)
    quiz = Quiz("The pile is frozen for your team but not for the opponents, who have opened. "
                "Why?", pos, kind="pile_reason")
    assert quiz.answer_text == PILE_REASONS["frozen_not_opened"]
    assert PILE_REASONS["frozen_wild"] in quiz.choices
    assert PILE_REASONS["frozen_red_three"] in quiz.choices
    assert PILE_REASONS["frozen_always"] not in quiz.choices  # not in the classic profile
    assert answer_leaks(QuizFacts.of(quiz), quiz.question, quiz.position_view.value) == []
    assert not quiz.answer(PILE_REASONS["frozen_wild"])
    assert pos.pile_status().message in readable_text(quiz.feedback_view.value)


def test_pile_reason_buried_wild_card_lies_upright_in_the_question() -> None:
    quiz = Quiz("Why is this pile frozen?", mike(), kind="pile_reason")
    assert quiz.answer_text == PILE_REASONS["frozen_wild"]
    assert 'width="90" height="64"' not in quiz.position_view.value  # c2 drawn upright
    italian = Quiz("Why is this pile frozen?", Position("c9 jk c4 c5", discard_pile="h5 c9",
                                                        team_melds=["h9 s9 d9"], profile="italian"),
                   kind="pile_reason")
    assert italian.answer_text == PILE_REASONS["frozen_always"]


def test_pile_reason_needs_a_frozen_or_blocked_pile() -> None:
    with pytest.raises(ValueError, match="needs a frozen or blocked pile; this one is open"):
        Quiz("Why?", Position("c6 c6 h7 d8", "s9 d6", ["h13 s13 s13"]), kind="pile_reason")
    blocked_quiz = Quiz("Why may nobody take it?", blocked(), kind="pile_reason")
    assert blocked_quiz.choices == [PILE_REASONS["blocked_black_three"], PILE_REASONS["blocked_wild"]]
    assert blocked_quiz.answer_text == PILE_REASONS["blocked_black_three"]


def test_bad_position_or_cards_are_refused_with_the_argument_named() -> None:
    from canasta_learn import NotationError

    verdict = check_meld("h5 h5 c5")
    with pytest.raises(TypeError, match="position= takes a Position or a Round"):
        Quiz("?", ["Yes", "No"], "Yes", verdict, position="h5 h5 c5")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Quiz("?", ["Yes", "No"], "Yes", verdict, cards="h5 h5 zz")
    with pytest.raises(NotationError):
        meld_quiz("h5 h5 zz")


def test_explanation_titles_repeat_short_choices_only() -> None:
    quiz = Quiz("Why is this pile frozen?", mike(), kind="pile_reason")
    quiz.answer(PILE_REASONS["frozen_not_opened"])
    titles = re.findall(r'class="cl-explanation-title"[^>]*>([^<]*)<', quiz.feedback_view.value)
    assert titles == ["Why"]  # the long reason is in the banner, not repeated as a title
    short = Quiz("Can Mike take the pile?", mike(), kind="can_take_pile")
    short.answer("Yes")
    assert re.findall(r'class="cl-explanation-title"[^>]*>([^<]*)<',
                      short.feedback_view.value) == ["Why No"]


def test_the_leak_check_finds_a_verdict_code_as_a_word_not_inside_another_word() -> None:
    """Lesson 12 asks "A first look says ...": the verdict code ``ok`` is not in "look", and
    the check that a question never shows its code must not say it is; ``[ok]`` shown is."""
    facts = QuizFacts("Does it?", "generic", ["Yes", "No"], "Yes", "Fine.", code="ok")
    assert answer_leaks(facts, "A first look says it is worth it. Does it?", "<p>a look</p>") == []
    assert any("verdict code" in problem
               for problem in answer_leaks(facts, "Does it? [ok]", "<p>the code: ok</p>"))
