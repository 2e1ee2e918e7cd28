"""A verdict gives its message in another language on request (issue 17: "a teacher comparing
both"): `Verdict.message_in` and `Verdict.in_language`, for every verdict code the engine
produces (the scenarios of test_verdict_codes, real rounds and positions)."""

from __future__ import annotations

import pytest
from i18n_words import english_words
from test_verdict_codes import SCENARIOS

from canasta_learn import VERDICT_CODES, Game, IllegalActionError, Round, Verdict, check_meld
from canasta_learn.core.i18n import get_language, speaking
from canasta_learn.core.verdicts import OutdatedVerdictError


@pytest.mark.parametrize("code", sorted(VERDICT_CODES))
def test_english_verdict_gives_its_message_in_portuguese(code: str) -> None:
    verdict = SCENARIOS[code][0]()
    assert verdict.code == code and verdict.language == "en"
    portuguese = verdict.message_in("pt_BR")
    assert portuguese != verdict.message
    assert english_words(portuguese) == [], portuguese
    with speaking("pt_BR"):
        made_in_portuguese = SCENARIOS[code][0]()
    assert portuguese == made_in_portuguese.message  # the same sentence the check says in pt_BR
    assert get_language() == "en"  # asking changed nothing


@pytest.mark.parametrize("code", sorted(VERDICT_CODES))
def test_portuguese_verdict_gives_its_message_in_english(code: str) -> None:
    english = SCENARIOS[code][0]().message
    with speaking("pt_BR"):
        verdict = SCENARIOS[code][0]()
        assert verdict.language == "pt_BR"
        assert verdict.message_in("en") == english
        assert get_language() == "pt_BR"
    assert verdict.message != english
    assert verdict.message_in("pt-BR") == verdict.message  # its own language: the message itself


@pytest.mark.parametrize("code", ["pile_frozen_needs_natural_pair", "meld_ok", "opening_below_minimum", "ok"])
def test_in_language_copies_the_verdict_with_the_other_message(code: str) -> None:
    verdict = SCENARIOS[code][0]()
    copy = verdict.in_language("pt_BR")
    assert (copy.ok, copy.code, copy.cards, copy.meld, copy.melds, copy.value, copy.facts) == (
        verdict.ok, verdict.code, verdict.cards, verdict.meld, verdict.melds, verdict.value, verdict.facts)
    assert copy.language == "pt_BR" and copy.message == verdict.message_in("pt_BR")
    assert str(copy).startswith(("Aceita [", "Recusada [")) and english_words(str(copy)) == []
    assert str(verdict).startswith(("OK [", "Refused ["))
    assert copy.in_language("en").message == verdict.message
    assert copy.facts is not verdict.facts  # the copy's facts are its own


def test_verdict_from_a_plain_message_speaks_only_its_own_language() -> None:
    verdict = Verdict.refuse("meld_too_few_cards", "A meld needs at least 3 cards.")
    assert verdict.message_in("en") == verdict.message
    with pytest.raises(ValueError, match=r"has its message only in en \(it was made from a plain message"):
        verdict.message_in("pt_BR")
    with speaking("pt_BR"), pytest.raises(ValueError) as error:
        verdict.in_language("pt_BR")
    assert english_words(str(error.value).split("(")[0]) == []  # the refusal itself speaks Portuguese


def test_unknown_language_is_refused_naming_the_languages() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'.*en, pt_BR"):
        check_meld("h5 c5").message_in("fr")


def test_round_verdict_is_said_again_only_before_the_round_moves_on() -> None:
    rnd = Round(seed=7)
    verdict = rnd.check("N draw")
    assert verdict.message_in("pt_BR") == "É a vez de Leste, não de Norte."
    rnd.draw()
    with pytest.raises(ValueError, match="The round has moved on since this verdict was given"):
        verdict.message_in("pt_BR")
    with speaking("pt_BR"), pytest.raises(OutdatedVerdictError) as error:  # said in the language spoken
        verdict.message_in("pt_BR")
    assert english_words(str(error.value)) == [], str(error.value)
    assert verdict.message_in("en") == verdict.message  # its own language needs no round


def test_refused_action_error_verdict_speaks_the_other_language() -> None:
    rnd = Round(seed=7)
    with pytest.raises(IllegalActionError) as error:
        rnd.apply("N draw")
    assert error.value.verdict.message_in("pt_BR") == "É a vez de Leste, não de Norte."
    with pytest.raises(IllegalActionError) as error:
        rnd.verify_discard("h5")
    english = error.value.verdict.message
    portuguese = error.value.verdict.message_in("pt_BR")
    assert portuguese != english and english_words(portuguese) == []


def test_game_over_verdict_speaks_the_other_language() -> None:
    game = Game(max_rounds=1, seed=3)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalActionError) as error:
        game.apply("N draw")
    portuguese = error.value.verdict.message_in("pt_BR")
    assert error.value.verdict.message.startswith("The game is over.")
    assert portuguese != error.value.verdict.message and english_words(portuguese) == [], portuguese


def test_pickled_verdict_keeps_its_message_and_speaks_only_its_own_language() -> None:
    """A verdict pickles as before (without the maker, which reads a live round); a copy keeps it."""
    import copy
    import pickle

    verdict = Round(seed=7).check("N draw")
    again = pickle.loads(pickle.dumps(verdict))
    assert again == verdict and again.message == verdict.message and again.language == "en"
    with pytest.raises(ValueError, match="or unpickled"):
        again.message_in("pt_BR")
    assert copy.copy(verdict).message_in("pt_BR") == "É a vez de Leste, não de Norte."
    assert copy.deepcopy(verdict).message == verdict.message
