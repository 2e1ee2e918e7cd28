"""Static pictures of the game as SVG/HTML text: no JavaScript, no external resources.

They show in Jupyter (``_repr_html_`` of cards, card lists, verdicts, pile states, score
breakdowns, rounds and positions), in nbconvert HTML exports and on GitHub. Colours follow
the JupyterLab theme (light or dark); every picture has a text alternative; all user text
is escaped. The engine imports this package lazily, only when something is displayed.

>>> from canasta_learn import parse_cards
>>> "Ace of spades" in cards_row_html(parse_cards("s1 jk"))
True
"""

from __future__ import annotations

from .cards import CARD_WIDTH, card_back_svg, card_label, card_svg, cards_row_html
from .sheet import SKILL_ASKS, drill_sheet
from .table import (
    QUESTION_ASKS,
    meld_html,
    pile_html,
    pile_status_html,
    position_html,
    red_threes_html,
    round_html,
    stock_html,
    team_side_html,
)
from .verdict import explanation_html, quiz_banner_html, score_html, scores_html, verdict_html

__all__ = [
    "CARD_WIDTH",
    "QUESTION_ASKS",
    "SKILL_ASKS",
    "card_back_svg",
    "card_html",
    "card_label",
    "card_svg",
    "cards_row_html",
    "drill_sheet",
    "explanation_html",
    "meld_html",
    "pile_html",
    "pile_status_html",
    "position_html",
    "quiz_banner_html",
    "red_threes_html",
    "round_html",
    "score_html",
    "scores_html",
    "stock_html",
    "team_side_html",
    "verdict_html",
]


def card_html(card: object) -> str:
    """One card for ``Card._repr_html_``: its SVG in an inline block."""
    from ..core.cards import Card

    assert isinstance(card, Card)
    return f'<span class="cl-one-card" style="display:inline-block">{card_svg(card)}</span>'
