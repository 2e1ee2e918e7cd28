"""A pile's state in words (docs/rules.md#rules-pile, issue 17): one function says it for the
text table, the quizzes, the pile explorer and the lessons; English is the state itself."""

from __future__ import annotations

from i18n_words import english_words

from canasta_learn import Position
from canasta_learn.core.i18n import speaking
from canasta_learn.rules.pile import PILE_STATES, state_word


def test_each_pile_state_is_its_own_word_in_english() -> None:
    assert [state_word(state) for state in PILE_STATES] == list(PILE_STATES)


def test_each_pile_state_has_a_portuguese_word() -> None:
    with speaking("pt_BR"):
        words = [state_word(state) for state in PILE_STATES]
    assert words == ["vazia", "aberta", "congelada", "bloqueada"]
    assert all(english_words(word) == [] for word in words)


def test_a_pile_status_says_its_state_word_in_the_language_spoken() -> None:
    status = Position(hand="h9 h9 c5", discard_pile="s4 jk d9", team_opened=True).pile_status()
    assert status.state == "frozen" and status.state_word == "frozen"
    with speaking("pt_BR"):
        assert status.state_word == "congelada"


def test_text_that_is_not_a_state_is_given_as_it_is() -> None:
    with speaking("pt_BR"):
        assert state_word("sideways") == "sideways"


def test_each_turn_phase_is_its_own_word_in_english_and_has_a_portuguese_one() -> None:
    from canasta_learn.engine.round import PHASES
    from canasta_learn.rules.turn import phase_word

    assert [phase_word(phase) for phase in PHASES] == list(PHASES)
    with speaking("pt_BR"):
        assert [phase_word(phase) for phase in PHASES] == ["compra", "jogo", "resposta", "fim"]


def test_each_morto_state_is_its_own_word_in_english_and_has_a_portuguese_one() -> None:
    from canasta_learn import Round
    from canasta_learn.rules.turn import morto_state_word

    states = ("none", "waiting", "taken", "stock")
    assert [morto_state_word(state) for state in states] == list(states)
    with speaking("pt_BR"):
        words = [morto_state_word(state) for state in states]
        dealt = morto_state_word(Round("canastra_br", seed=1).morto_state[0])
    assert words == ["nenhum", "à espera", "pego", "virou o monte"] and dealt == "à espera"
