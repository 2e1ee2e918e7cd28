"""A refusal shown in a notebook (`Verdict.learner_message`, the verdict's HTML) shows cards as
symbols, but the command it gives as an example stays one the reader can type."""

from __future__ import annotations

import re

import pytest

from canasta_learn.core.i18n import speaking
from canasta_learn.engine.round import Round
from canasta_learn.render import verdict_html


def _held_pair_round() -> Round:
    return Round.from_state(hands=["h4 h4 c9 d9 s9", "c5 c6 c7", "s5 s6 s8", "d5 d6 d7"],
                            stock="s7 d6 c10 h6", pile="d7 s4", opened=[True, False])


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_the_example_command_of_a_refused_take_is_in_notation_while_the_cards_held_are_symbols(language: str) -> None:
    rnd = _held_pair_round()
    with speaking(language):
        verdict = rnd.check("N take")
        said = verdict.learner_message()
        page = verdict_html(verdict)
    assert not verdict.ok and verdict.advice is not None and verdict.advice.kind == "take_with_held"
    assert "4♥ 4♥" in said  # the cards held, as the learner sees them
    commands = re.findall(r"['`](take [^'`]*)['`]", said)
    assert commands == ["take h4 h4"], said  # the example can be typed: rnd.apply("N take h4 h4")
    assert rnd.check("N " + commands[0]).ok
    assert "take h4 h4" in page and "take 4♥" not in page
