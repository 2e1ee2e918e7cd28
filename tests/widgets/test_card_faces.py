"""Card faces: a 6 and a 9 are underlined in their corner index, as printed cards do, so that
the corner drawn upside down (the rotated index at the bottom right) does not read as the other
rank (issue 12)."""

from __future__ import annotations

import re

import pytest

from canasta_learn.render import card_svg, cards_row_html
from canasta_learn.render.cards import UNDERLINED_RANKS


@pytest.mark.parametrize("token", ["s6", "h6", "d9", "c9"])
def test_six_and_nine_are_underlined_in_both_corners(token: str) -> None:
    svg = card_svg(token)
    assert svg.count('class="cl-rank-underline"') == 2
    # one index upright, one in the corner turned half a turn: each carries its underline
    upright, turned = svg.split('<g transform="rotate(180 50 70)">', 1)
    assert "cl-rank-underline" in upright and "cl-rank-underline" in turned.split("</g>", 1)[0]
    # the underline sits just under the rank, in the card's colour
    colour = re.search(r'<text x="16" y="31"[^>]*fill:([^;"]+)', svg)
    assert colour is not None
    assert f'y="33" width="18" height="2.6" style="fill:{colour.group(1)}"' in svg
    assert card_svg(token, sideways=True).count('class="cl-rank-underline"') == 2


@pytest.mark.parametrize("token", ["s8", "h10", "d1", "c13", "jk", "h4", "s2"])
def test_other_ranks_are_not_underlined(token: str) -> None:
    assert "cl-rank-underline" not in card_svg(token)


def test_underlined_ranks_are_six_and_nine() -> None:
    assert UNDERLINED_RANKS == {6, 9}
    row = cards_row_html(["h6", "h7", "h9"])
    assert row.count("cl-rank-underline") == 4  # two cards, two corners each
