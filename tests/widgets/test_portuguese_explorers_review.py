"""The explorers' result lines and the replay viewer's game-review lines speak Brazilian
Portuguese (issue 17): the pile explorer's state line and profile comparison, the opening
explorer's minimum, table of minimums and ways to open, the score calculator's inline errors,
and the coach's review (its status line, the opinion of a marked move and its panel).

Every text comes from a real widget (the lessons' positions, an example game reviewed by the
coach), is compared with the same widget in English, and must contain no English stop-word
(`i18n_words.english_words`). The profile descriptions (the badge's tooltip) are made
elsewhere and are left out here.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from i18n_words import english_words  # noqa: E402

from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.records.examples import load_example  # noqa: E402
from canasta_learn.widgets import OpeningExplorer, PileExplorer, ReplayViewer, ScoreCalculator  # noqa: E402

_TAG = re.compile(r"<[^>]+>")


def shown(markup: str) -> str:
    """The visible text of an HTML fragment (no attributes, no style sheet)."""
    markup = re.sub(r"<style.*?</style>", " ", markup, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(_TAG.sub(" ", markup))).strip()


def assert_portuguese(english: str, portuguese: str) -> None:
    assert portuguese and portuguese != english, english
    assert english_words(portuguese) == [], (english_words(portuguese), portuguese)


def both(make: Any) -> tuple[Any, Any]:
    return make("en"), make("pt_BR")


def test_pile_explorer_state_line_title_and_comparison_are_portuguese() -> None:
    def make(language: str) -> PileExplorer:
        explorer = PileExplorer(hand="h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds="h13 s13 s13",
                                language=language)
        explorer.compare_box.value = True
        return explorer

    english, portuguese = both(make)
    assert_portuguese(shown(english.state_view.value), shown(portuguese.state_view.value))
    assert "congelada" in shown(portuguese.state_view.value)
    line, details = english.state_view.value.split("<details", 1)
    assert " ".join(shown(line).split()).startswith("Pile state: frozen , because of 2♣")
    assert "frozen_wild" not in line and "<code" in details  # the code only behind the "details" toggle
    assert_portuguese(shown(english.compare_view.value), shown(portuguese.compare_view.value))
    assert_portuguese(shown(english.children[0].children[0].value), shown(portuguese.children[0].children[0].value))


def test_opening_explorer_minimum_table_and_ways_to_open_are_portuguese() -> None:
    hand = "h1 c1 d1 h9 s9 c9 jk d2 h2 s2 c13 d13 h13 s12 c12 d12"  # more ways than are drawn

    def make(language: str) -> OpeningExplorer:
        explorer = OpeningExplorer(hand=hand, team_score=1500, language=language)
        explorer.compare_box.value = True
        return explorer

    english, portuguese = both(make)
    for name in ("minimum_view", "table_view", "options_view", "compare_view"):
        assert_portuguese(shown(getattr(english, name).value), shown(getattr(portuguese, name).value))
    assert "e mais" in shown(portuguese.options_view.value)  # "… and N more." when not all are drawn
    assert "em vigor" in shown(portuguese.table_view.value)
    portuguese.hand_input.text.value = english.hand_input.text.value = "h5"
    assert_portuguese(shown(english.options_view.value), shown(portuguese.options_view.value))


@pytest.mark.parametrize(("box", "typed"), [("threes_input", "c3"), ("melds_input", "h5 h5")])
def test_score_calculator_inline_errors_are_portuguese(box: str, typed: str) -> None:
    english, portuguese = both(lambda language: ScoreCalculator(team_melds="h13 s13 d13", language=language))
    for calculator in (english, portuguese):
        getattr(calculator, box).text.value = typed
    errors = [shown(c.error.value) + shown(getattr(c, box).error.value) for c in (english, portuguese)]
    assert_portuguese(*errors)


def test_a_bad_meld_in_the_melds_box_is_named_in_portuguese() -> None:
    """The box names the meld ("Combinação 2: ...") in the explorer's language, also when the
    text is typed later (the notation error itself is the card reader's)."""
    english, portuguese = both(lambda language: ScoreCalculator(team_melds="h13 s13 d13", language=language))
    for calculator in (english, portuguese):
        calculator.melds_input.text.value = "h13 s13 d13 | qq"
    assert shown(english.melds_input.error.value).startswith("\u26a0 Meld 2: 'qq'")
    assert shown(portuguese.melds_input.error.value).startswith("\u26a0 Combinação 2: 'qq'")


def test_the_team_score_box_refuses_a_non_number_in_portuguese() -> None:
    english, portuguese = both(lambda language: PileExplorer(hand="h5 h5", language=language))
    for explorer in (english, portuguese):
        explorer.score_input.value = "15OO"
    assert_portuguese(shown(english.error.value), shown(portuguese.error.value))
    assert_portuguese(shown(english.stale_note.value), shown(portuguese.stale_note.value))


def test_the_coachs_game_review_lines_are_portuguese() -> None:
    """A hand with a real blunder reviewed by the coach (tests/review_games.py: South refuses
    to go out; seeded): the status line, and for the marked move the opinion line, the reason
    lines (the coach's reasons, asked in the viewer's language) and the panel."""
    from review_games import refused_to_go_out

    viewers = []
    for language in ("en", "pt_BR"):
        viewer = ReplayViewer(refused_to_go_out(), review_rollouts=8, review_seed=0, language=language)
        viewer.review(rounds=[0])
        viewers.append(viewer)
    english, portuguese = viewers
    assert_portuguese(shown(english.review_status.value), shown(portuguese.review_status.value))
    marked = [step for step in range(1, english.step_count + 1) if english.go(step) or english.review_text]
    assert marked
    for viewer in viewers:
        viewer.go(marked[0])
    en_lines, pt_lines = english.review_text.split("\n"), portuguese.review_text.split("\n")
    assert len(en_lines) == len(pt_lines) >= 2
    assert_portuguese(en_lines[0], pt_lines[0])
    assert all(line.startswith("Razão do treinador (vista do lugar de ") for line in pt_lines[1:])
    assert [english_words(line) for line in pt_lines] == [[] for _ in pt_lines]  # the reasons too
    panel = [shown(v.review_panel.value.split("<ul", 1)[0]) for v in viewers]
    assert panel[0].startswith("The coach's opinion (an estimate, not a rule)")
    assert_portuguese(*panel)


def test_the_replays_notes_about_a_player_are_in_the_third_person_in_portuguese() -> None:
    """A note about another player is said of that player ("Leste só tem 1 carta desse valor"),
    never to "você", and without the text interface's commands, in every example game (the
    games' own comments, written in English, aside)."""
    from canasta_learn.core.actions import seat_label
    from canasta_learn.core.i18n import speaking
    from canasta_learn.records.examples import EXAMPLES

    second_person = re.compile(r"\b(?:[Vv]ocê|[Ss]ua mão|[Ss]ua equipe)\b|`")
    with speaking("pt_BR"):  # the seats as the Portuguese notes name them (Norte, Leste...)
        seats = "|".join(re.escape(seat_label(seat)) for seat in range(4))
    said = re.compile(rf"\b(?:{seats}) (?:só tem|não tem|precisa)\b")
    said_of_a_player = 0
    for name in EXAMPLES:
        portuguese = ReplayViewer(load_example(name), language="pt_BR")
        for step in range(1, portuguese.step_count + 1):
            portuguese.go(step)
            lines = portuguese.notes_text.split("\n")
            assert [line for line in lines if second_person.search(line)] == [], (name, step)
            said_of_a_player += sum(1 for line in lines if said.search(line))
            own = [line for line in lines if not line.startswith("Comentário:")]  # the record's own comments
            assert english_words(" ".join(own)) == [], own
    assert said_of_a_player > 10


def test_a_narrated_portuguese_refusal_speaks_of_the_player_and_keeps_a_teams_own_possessive() -> None:
    """Narrated (the replay's notes), the rules' own Portuguese templates say "Leste só tem 1 carta
    desse valor", "a equipe" for the player's team, and no typed command; a note about a team
    ("suas primeiras combinações" of the team named) keeps its possessive."""
    from canasta_learn.core.i18n import speaking
    from canasta_learn.core.verdicts import learner_words

    rnd = Round.from_state(hands=["c5 c6 c7", "h4 c9 d9 s9 h13 s13 d2", "s5 s6 s8", "d5 d6 d7"],
                           stock="s7 d6 c10 h6", pile="c2 d7 s4", to_move=1,
                           melds=[[], ["h1 c1 s1", "c4 d4 s4"]], opened=[False, True])
    with speaking("pt_BR"), learner_words(narrate=True):
        told = rnd.check("E take").message
        opening = Round.from_state(hands=["c5 c6 c7", "h4 h4 c9 d9 s9 h13 s13", "s5 s6 s8", "d5 d6 d7"],
                                   stock="s7 d6 c10 h6", pile="d7 s4", to_move=1).check("E take h4 h4")
    assert "Leste só tem 1 carta desse valor (quatro: 4♥)." in told, told
    assert "A combinação de quatros da equipe não ajuda enquanto a pilha está congelada." in told, told
    assert not re.search(r"\b(?:[Vv]ocê|[Ss]ua)\b|`", told), told
    assert opening.message.startswith("A equipe não abriu: com 0 pontos"), opening.message
    assert "`" not in opening.message and "Acrescente" not in opening.message


def test_a_bad_hand_in_the_cards_left_box_is_named_as_a_hand() -> None:
    """The cards-left box holds hands, not melds: its error says "Hand 2" ("Mão 2")."""
    english, portuguese = both(lambda language: ScoreCalculator(team_melds="h13 s13 d13", language=language))
    for calculator in (english, portuguese):
        calculator.left_input.text.value = "c7 | zz"
    assert shown(english.left_input.error.value).startswith("\u26a0 Hand 2: 'zz'")
    assert shown(portuguese.left_input.error.value).startswith("\u26a0 Mão 2: 'zz'")
    assert "Meld" not in shown(english.left_input.error.value)
