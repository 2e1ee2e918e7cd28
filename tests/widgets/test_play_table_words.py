"""The play view's table names the players in words and says the pile's state to you, cards as
symbols (issue 27: "Ebba (E): 11 cards" and "The pile is open: its top card s7 can be taken...")."""

from __future__ import annotations

import re

import pytest

from canasta_learn.core.i18n import speaking
from canasta_learn.engine.round import Round
from canasta_learn.widgets.play_table import play_table_html


def _visible(markup: str) -> str:
    markup = re.sub(r"<style\b.*?</style>|<svg\b.*?</svg>", " ", markup, flags=re.DOTALL)
    return " ".join(re.sub(r"<[^>]*>", " ", markup).split())


@pytest.mark.parametrize(("language", "said"), [
    ("en", ["You (North): 5 cards", "Ebba (East): 3 cards", "Sam (South): 3 cards",
            "The pile is open: its top card 7\u2660 can be taken with a natural pair or a seven and a wild card "
            "(your team has no meld of sevens)."]),
    ("pt_BR", ["Você (Norte): 5 cartas", "Ebba (Leste): 3 cartas", "Sam (Sul): 3 cartas", "7\u2660"]),
])
def test_the_play_tables_players_are_named_in_words_and_the_pile_is_said_to_you(language: str,
                                                                                said: list[str]) -> None:
    rnd = Round.from_state(hands=["h4 c4 c9 d9 s9", "c5 c6 c7", "s5 s6 s8", "d5 d6 d7"],
                           stock="s7 d6 c10 h6", pile="d4 s7", opened=[True, False], melds=[["h13 s13 c13"], []])
    with speaking(language):
        text = _visible(play_table_html(rnd, 0, ["You", "Ebba", "Sam", "Wen"]))
    for phrase in said:
        assert phrase in text, (phrase, text)
    assert not re.search(r"\([NESWLO]\)|\bs7\b", text), text


def test_the_morto_is_taken_by_a_player_named_in_words() -> None:
    """'morto taken by N' named a seat letter: the play view says 'taken by you' / 'taken by Ebba', the
    full table the players' names."""
    from canasta_learn.render import round_html

    rnd = Round(profile="canastra_br", seed=2)
    for team in (0, 1):
        rnd.morto_state[team], rnd.morto_taker[team] = "taken", team
    play = _visible(play_table_html(rnd, 0, ["You", "Ebba", "Sam", "Wen"]))
    assert "morto taken by you" in play and "morto taken by Ebba" in play
    full = _visible(round_html(rnd, player_names=["Ann", "Ebba", "Sam", "Wen"]))
    assert "taken by Ann" in full and "taken by Ebba" in full
    assert not re.search(r"taken by [NESW]\b", play + full)
