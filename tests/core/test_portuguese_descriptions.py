"""Texts kept as data and shown to a learner (issue 17): every built-in profile's description
(the table's badge, lesson 00) and every example game's summary (lesson 05) are in the
catalogue, marked with `N_`, and given in the language spoken when shown."""

from __future__ import annotations

import pytest
from i18n_words import english_words

from canasta_learn import get_profile, profile_names
from canasta_learn.core.i18n import speaking
from canasta_learn.records.examples import EXAMPLES, describe_example
from canasta_learn.widgets.common import profile_badge_html


@pytest.mark.parametrize("name", profile_names())
def test_every_profile_describes_itself_in_portuguese(name: str) -> None:
    profile = get_profile(name)
    assert profile.describe() == profile.description  # English: the data as written
    with speaking("pt_BR"):
        words = profile.describe()
    assert words != profile.description
    assert english_words(words.replace("Pennies from Heaven", "")) == []  # the variant's name stays


def test_a_custom_profile_keeps_its_own_description_in_every_language() -> None:
    mine = get_profile("classic").replace(name="house", description="Our house rules.")
    with speaking("pt_BR"):
        assert mine.describe() == "Our house rules."


def test_the_table_badge_title_is_the_description_in_the_language_spoken() -> None:
    with speaking("pt_BR"):
        badge = profile_badge_html(get_profile("tranca"))
    assert "sequências do mesmo naipe" in badge
    assert get_profile("tranca").description not in badge


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_example_game_is_summed_up_in_portuguese(name: str) -> None:
    assert describe_example(name) == EXAMPLES[name]
    with speaking("pt_BR"):
        words = describe_example(name)
    assert words != EXAMPLES[name]
    assert english_words(words) == []


def test_an_unknown_example_is_refused_naming_the_examples() -> None:
    with pytest.raises(ValueError, match="frozen_pile_fight"):
        describe_example("no_such_game")
