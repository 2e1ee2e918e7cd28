"""The quizzes speak Brazilian Portuguese (issue 17): each choice is a language-neutral key
("Yes", "frozen", a `PILE_REASONS` sentence, the English name of a canasta kind) shown by its
label in the quiz's language ("Sim", "congelada", ...); ``answer()`` takes the key or the label;
the ready-made questions, the feedback and the exported page (its markers "Choices:",
"Show the answer", "The answer is") are Portuguese, and the page's parts are found by their
classes, so the leak check reads a Portuguese page as it reads an English one.

Every text comes from real quizzes on real positions, is compared with the same quiz built in
English, and must contain no English stop-word (`i18n_words.english_words`).
"""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from i18n_words import english_words  # noqa: E402
from quiz_leaks import QuizFacts, answer_leaks, readable_text, static_quizzes  # noqa: E402

from canasta_learn import Position  # noqa: E402
from canasta_learn.core.i18n import speaking  # noqa: E402
from canasta_learn.rules.pile import PILE_REASONS  # noqa: E402
from canasta_learn.widgets import Quiz, QuizSet, canasta_quiz, meld_quiz, opening_quiz  # noqa: E402


def mike() -> Position:
    """Lesson 02's Mike: a wild card buried in the pile, a natural pair of fives in hand."""
    return Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])


def blocked() -> Position:
    return Position("h9 h9 c5 c6", discard_pile="h4 d9 s3", team_melds=["h13 s13 s13"])


def both(make: object) -> tuple[Quiz, Quiz]:
    """The same quiz built in English and in Brazilian Portuguese."""
    with speaking("en"):
        english = make()  # type: ignore[operator]
    with speaking("pt_BR"):
        portuguese = make()  # type: ignore[operator]
    return english, portuguese


def assert_portuguese(english: str, portuguese: str) -> None:
    assert portuguese != english, english
    assert english_words(portuguese) == [], (english_words(portuguese), portuguese)


def test_yes_no_buttons_say_sim_nao_and_the_key_or_the_label_answers() -> None:
    english, portuguese = both(lambda: Quiz("Mike pode pegar a pilha?", mike(), kind="can_take_pile"))
    assert english.choices == portuguese.choices == ["Yes", "No"]  # the keys
    assert [b.description for b in english.buttons] == ["Yes", "No"]
    assert [b.description for b in portuguese.buttons] == ["Sim", "Não"]
    assert portuguese.answer_text == "No" and portuguese.answer_label == "Não"
    assert portuguese.answer("Sim") is False  # the label the learner sees answers ...
    assert portuguese.chosen == "Yes"
    assert portuguese.feedback.startswith("Não exatamente: você escolheu Sim; a resposta é Não.")
    english.answer("Yes")
    assert_portuguese(english.feedback, portuguese.feedback)
    assert_portuguese(readable_text(english.feedback_view.value), readable_text(portuguese.feedback_view.value))
    assert [b.button_style for b in portuguese.buttons] == ["danger", "success"]
    portuguese.reset()
    assert portuguese.answer("No") is True  # ... and so does the key
    assert portuguese.feedback.startswith("Certo: Não.")
    with pytest.raises(ValueError, match=r"'Talvez' is not a choice; choices: \['Yes', 'No'\] "
                                         r"\(or their labels \['Sim', 'Não'\]\)"):
        portuguese.answer("Talvez")


def test_a_generic_yes_no_quiz_of_a_lesson_shows_sim_nao_too() -> None:
    """Lesson 05 writes ``Quiz(question, ["Yes", "No"], "Yes" if verdict.ok else "No", verdict)``:
    the same code shows Sim / Não in the Portuguese edition."""
    verdict = mike().check_take_pile()
    with speaking("pt_BR"):
        quiz = Quiz("Mike pode pegar a pilha?", ["Yes", "No"], "Yes" if verdict.ok else "No", verdict)
    assert [b.description for b in quiz.buttons] == ["Sim", "Não"]
    assert quiz.answer("Não") is True


def test_pile_state_choices_are_the_portuguese_state_words() -> None:
    english, portuguese = both(lambda: Quiz("Em que estado está a pilha?", blocked(), kind="pile_state"))
    assert english.choices == portuguese.choices == ["empty", "open", "frozen", "blocked"]
    assert [b.description for b in portuguese.buttons] == ["vazia", "aberta", "congelada", "bloqueada"]
    assert portuguese.answer("congelada") is False
    english.answer("frozen")
    assert_portuguese(english.feedback, portuguese.feedback)
    assert "você escolheu congelada; a resposta é bloqueada" in portuguese.feedback


def test_pile_reason_choices_are_the_reasons_meanings_in_portuguese() -> None:
    english, portuguese = both(lambda: Quiz("Por que esta pilha está congelada?", mike(), kind="pile_reason"))
    assert portuguese.answer_text == PILE_REASONS["frozen_wild"] == english.answer_text
    for en_button, pt_button in zip(english.buttons, portuguese.buttons, strict=True):
        assert_portuguese(en_button.description, pt_button.description)
    wrong = PILE_REASONS["frozen_red_three"]
    assert portuguese.answer(wrong) is False  # the key answers in any language
    english.answer(wrong)
    assert_portuguese(english.feedback, portuguese.feedback)
    assert_portuguese(readable_text(english.feedback_view.value), readable_text(portuguese.feedback_view.value))


@pytest.mark.parametrize(("cards", "profile"), [("h5 h5 d2 d2", "classic"), ("h5 h5 d2 d2", "cardgames_io"),
                                                ("s9 h9 h9 d9 c9 jk d2", "classic"),
                                                ("h7 h7 d7 d7 c7 c7 s7", "canastra_br"),
                                                ("h7 h7 d7 d7 c7 c7 s7 jk", "tranca")])
def test_meld_and_canasta_quizzes_ask_and_label_in_portuguese(cards: str, profile: str) -> None:
    for make in (meld_quiz, canasta_quiz):
        english, portuguese = both(lambda make=make: make(cards, profile))
        assert_portuguese(english.question, portuguese.question)
        assert english.choices == portuguese.choices  # the keys are the English texts
        assert portuguese.answer_text == english.answer_text
        for pt_button in portuguese.buttons:
            assert english_words(pt_button.description) == [], pt_button.description
        for choice in english.choices:
            english.reset()
            portuguese.reset()
            english.answer(choice)
            portuguese.answer(choice)
            assert_portuguese(english.feedback, portuguese.feedback)


def test_canasta_quiz_labels_are_the_kinds_portuguese_names() -> None:
    with speaking("pt_BR"):
        quiz = canasta_quiz("s9 h9 h9 d9 c9 jk d2")
    assert quiz.choices == ["Natural canasta (500)", "Mixed canasta (300)", "Not a canasta"]
    assert [quiz.labels[c] for c in quiz.choices] == ["Canastra limpa (500)", "Canastra suja (300)",
                                                      "Não é uma canastra"]
    assert quiz.answer("Canastra suja (300)") is True


def test_opening_quiz_question_is_portuguese() -> None:
    def make() -> Quiz:
        return opening_quiz("h1 c1 d2 c4 c4 d4 c5 h6 h7 c8 c11 d13", ["c4 c4 d4 d2", "h1 c1 d2"])

    english, portuguese = both(make)
    assert_portuguese(english.question, portuguese.question)
    assert portuguese.question == "Sua equipe tem 0 pontos e ainda não abriu. Qual destas combinações abre?"


@pytest.mark.parametrize("kind", ["can_take_pile", "pile_state", "pile_reason"])
def test_the_exported_quiz_page_is_portuguese_and_read_by_its_classes(kind: str) -> None:
    english, portuguese = both(lambda: Quiz("Pergunta sobre a pilha de Mike?", mike(), kind=kind))
    (en_static,) = static_quizzes(english.static_html())
    (pt_static,) = static_quizzes(portuguese.static_html())
    assert en_static.summary == "Show the answer" and pt_static.summary == "Mostrar a resposta"
    assert en_static.answer == english.answer_label and pt_static.answer == portuguese.answer_label
    assert pt_static.question == portuguese.question
    assert answer_leaks(QuizFacts.of(portuguese), pt_static.question, pt_static.picture) == []
    page = readable_text(portuguese.static_html())
    assert "Opções:" in page and f"A resposta é {portuguese.answer_label}." in page
    assert_portuguese(readable_text(english.static_html()), page)
    quizzes = QuizSet([portuguese], language="pt_BR")
    assert english_words(readable_text(quizzes.static_html())) == []


def test_a_portuguese_page_that_shows_the_state_in_its_picture_is_caught() -> None:
    """The leak check still fails when the answer is in the question: a pile_state quiz whose
    picture is the full table (its "bloqueada" badge), read from the Portuguese page."""
    from canasta_learn.render import position_html

    with speaking("pt_BR"):
        quiz = Quiz("Em que estado está a pilha?", blocked(), kind="pile_state")
        full = position_html(quiz.position)  # type: ignore[arg-type]
        page = quiz.static_html().replace(quiz.question_html(), full, 1)
    assert full in page
    (static,) = static_quizzes(page)
    leaks = answer_leaks(QuizFacts.of(quiz), static.question, static.picture)
    assert any("'bloqueada'" in leak for leak in leaks), leaks


def test_a_generic_quiz_translates_its_choices_only_when_it_knows_them_all() -> None:
    """Lesson 05's "What did North just lay down?" (choices the canasta kinds) is shown in
    Portuguese; lesson 04's own choices ("Yes: 100", ..., "No") stay as the teacher wrote
    them, "No" included, rather than half translated."""
    from canasta_learn import check_meld

    sevens = check_meld("h7 h7 d7 d7 c7 s7 d2")
    with speaking("pt_BR"):
        kinds = Quiz("?", ["Natural canasta", "Mixed canasta", "Not a canasta"], "Mixed canasta", sevens)
        own = Quiz("?", ["Yes: 100", "Yes, concealed: 200 in all", "No"], "No", sevens)
    assert [b.description for b in kinds.buttons] == ["Canastra limpa", "Canastra suja", "Não é uma canastra"]
    assert kinds.answer("Canastra suja") is True
    assert [b.description for b in own.buttons] == own.choices
