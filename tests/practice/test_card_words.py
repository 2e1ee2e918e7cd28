"""A drill says cards as a learner reads them, with suit symbols (``K♥ K♠``), never in the
package's notation (``h13 s13``): the task, the first and last hints and the answer in words, in
English and in Portuguese, over 30 seeds of every skill at every difficulty. (The second hint
quotes the engine's own reason, whose card words are the rules layer's.)"""

from __future__ import annotations

import re

import pytest

from canasta_learn.core.i18n import speaking
from canasta_learn.practice import DIFFICULTIES, SKILLS, generate

#: A card in notation: a suit letter and a rank number, or the joker's "jk".
NOTATION = re.compile(r"\b(?:[cdhs](?:1[0-3]|[1-9])|jk)\b")


@pytest.mark.parametrize("language", ["en", "pt_BR"])
@pytest.mark.parametrize("skill", list(SKILLS))
def test_drill_words_show_cards_with_suit_symbols_not_notation(skill: str, language: str) -> None:
    with speaking(language):
        for difficulty in DIFFICULTIES:
            for seed in range(30):
                drill = generate(skill, seed, difficulty)
                for said in (drill.task, drill.hint(1), drill.hint(3), drill.answer_text()):
                    assert not NOTATION.search(said), (skill, seed, difficulty, said)
