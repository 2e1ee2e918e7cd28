"""Playing cards as inline SVG, and rows of cards as HTML.

Each card is an ``<svg role="img">`` with an ``aria-label`` and a ``<title>`` naming it
("King of hearts"), so screen readers and tooltips say what it is. Suits are drawn as
paths (no font or emoji needed); colours follow the JupyterLab theme. The corner index of a
6 or a 9 is underlined (`UNDERLINED_RANKS`), as printed cards do, so that the corner turned
upside down does not read as the other rank.

>>> from canasta_learn.core.cards import Card
>>> svg = card_svg(Card(13, "h"))
>>> 'aria-label="King of hearts"' in svg, "<title>King of hearts</title>" in svg
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Final

from ..core.cards import Card, parse_card, rank_label
from ..core.i18n import gettext, ngettext
from ._style import ACCENT, BORDER, FONT, MUTED, TEXT, esc, style

__all__ = [
    "CARD_WIDTH",
    "UNDERLINED_RANKS",
    "card_back_svg",
    "card_colour",
    "card_label",
    "card_svg",
    "cards_row_html",
]

#: Default card width in CSS pixels (readable on a projector); the height is 1.4 times it.
CARD_WIDTH: Final = 64
#: Default overlap of neighbouring cards in a row, in pixels (the rank corner stays visible).
ROW_OVERLAP: Final = 26
#: Ranks whose corner index is underlined, as on printed cards: upside down in the rotated
#: corner, a 6 would read as a 9 and a 9 as a 6.
UNDERLINED_RANKS: Final = frozenset({6, 9})

_FACE: Final = "var(--cl-card-face, var(--jp-layout-color0, #fff))"
_BLACK: Final = TEXT
#: A red that reads on white (5:1) and on a dark theme's near-black card face (4:1).
_RED: Final = "var(--cl-red, #d8262e)"
_BLUE: Final = "var(--cl-blue, #1e6fd0)"
_GREEN: Final = "var(--cl-green, #16893a)"
_JOKER: Final = "var(--cl-joker, #9b4dd6)"
_BACK: Final = "var(--cl-card-back, #1f4e8c)"

_CARD_FONT: Final = "font-family:Arial,Helvetica,'Liberation Sans','DejaVu Sans',sans-serif"

# Suit shapes in a 100 x 100 box.
_HEART: Final = ("M50 92C20 66 0 48 0 28C0 11 13 0 27 0C38 0 46 6 50 16C54 6 62 0 73 0"
                 "C87 0 100 11 100 28C100 48 80 66 50 92Z")
_DIAMOND: Final = "M50 0L88 50L50 100L12 50Z"
_SPADE: Final = ("M50 0C78 24 100 40 100 60C100 75 89 84 76 84C66 84 58 79 54 72"
                 "C55 84 59 92 68 100L32 100C41 92 45 84 46 72C42 79 34 84 24 84"
                 "C11 84 0 75 0 60C0 40 22 24 50 0Z")


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r:g} {cy:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0Z"


_CLUB: Final = (_circle(50, 25, 23) + _circle(24, 58, 23) + _circle(76, 58, 23)
                + _circle(50, 50, 12) + "M46 56C46 78 41 91 31 100L69 100C59 91 54 78 54 56Z")


def _star() -> str:
    points = []
    for i in range(10):
        radius = 50 if i % 2 == 0 else 20
        angle = math.pi / 2 + i * math.pi / 5
        points.append(f"{50 + radius * math.cos(angle):.1f} {55 - radius * math.sin(angle):.1f}")
    return "M" + "L".join(points) + "Z"


_STAR: Final = _star()
_SUIT_PATHS: Final = {"h": _HEART, "d": _DIAMOND, "s": _SPADE, "c": _CLUB, "j": _STAR}


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def card_label(card: Card | str) -> str:
    """The accessible name of a card, capitalised: ``'King of hearts'``, ``'Joker'``."""
    name = _as_card(card).name
    return name[:1].upper() + name[1:]


def card_colour(card: Card | str, four_color: bool = False) -> str:
    """The CSS colour of a card's pips and rank.

    Two colours by default (hearts and diamonds red, spades and clubs the text colour);
    with ``four_color`` diamonds are blue and clubs green, as in a four-colour deck.
    """
    suit = _as_card(card).suit
    if suit == "j":
        return _JOKER
    if suit == "h":
        return _RED
    if suit == "d":
        return _BLUE if four_color else _RED
    if suit == "c":
        return _GREEN if four_color else _BLACK
    return _BLACK


def _pip(suit: str, x: float, y: float, size: float, colour: str) -> str:
    return (f'<path transform="translate({x:g} {y:g}) scale({size / 100:g})" '
            f'd="{_SUIT_PATHS[suit]}" style="fill:{colour}"/>')


def _corner(card: Card, colour: str) -> str:
    """The rank and suit in the top-left corner (100 x 140 card units)."""
    if card.is_joker:
        letters = "".join(
            f'<text x="12" y="{20 + 15 * i}" text-anchor="middle" '
            f'style="{_CARD_FONT};font-size:15px;font-weight:700;fill:{colour}">{ch}</text>'
            for i, ch in enumerate("JOKER"))
        return letters + _pip("j", 4, 86, 17, colour)
    rank = rank_label(card.rank)
    narrow = ";letter-spacing:-2px" if len(rank) > 1 else ""
    size = 27 if len(rank) > 1 else 31
    underline = ""
    if card.rank in UNDERLINED_RANKS:
        underline = (f'<rect class="cl-rank-underline" x="7" y="33" width="18" height="2.6" '
                     f'style="fill:{colour}"/>')
    return (f'<text x="{17 if len(rank) > 1 else 16}" y="31" text-anchor="middle" '
            f'style="{_CARD_FONT};font-size:{size}px;font-weight:700;fill:{colour}{narrow}">'
            f"{rank}</text>" + underline + _pip(card.suit, 6, 37, 20, colour))


def _centre(card: Card, colour: str) -> str:
    if card.is_joker:
        return (_pip("j", 27, 36, 50, colour)
                + f'<text x="57" y="110" text-anchor="middle" style="{_CARD_FONT};font-size:15px;'
                f'font-weight:700;letter-spacing:1px;fill:{colour}">JOKER</text>')
    if card.rank in (11, 12, 13):
        rank = rank_label(card.rank)
        return (f'<rect x="30" y="24" width="52" height="92" rx="4" '
                f'style="fill:none;stroke:{colour};stroke-width:2"/>'
                f'<text x="56" y="78" text-anchor="middle" style="{_CARD_FONT};font-size:44px;'
                f'font-weight:700;fill:{colour}">{rank}</text>'
                + _pip(card.suit, 44, 86, 24, colour))
    return _pip(card.suit, 33, 47, 46, colour)


def _svg_open(label: str, width: int, height: int, view_w: int, view_h: int,
              extra_class: str = "") -> str:
    cls = "cl-card" + (f" {extra_class}" if extra_class else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" role="img" '
            f'aria-label="{esc(label)}" width="{width}" height="{height}" '
            f'viewBox="0 0 {view_w} {view_h}" style="display:block;overflow:visible">'
            f"<title>{esc(label)}</title>")


def _frame(card_body: str, label: str, width: int, sideways: bool, extra_class: str) -> str:
    height = round(width * 1.4)
    if sideways:
        return (_svg_open(label, height, width, 140, 100, extra_class)
                + f'<g transform="translate(0 100) rotate(-90)">{card_body}</g></svg>')
    return _svg_open(label, width, height, 100, 140, extra_class) + card_body + "</svg>"


def card_svg(
    card: Card | str,
    *,
    selected: bool = False,
    sideways: bool = False,
    four_color: bool = False,
    width: int = CARD_WIDTH,
    label: str | None = None,
) -> str:
    """An inline SVG picture of ``card`` (a `Card` or a token such as ``"hK"``).

    ``selected`` draws a thick accent outline and a check mark (more than colour);
    ``sideways`` turns the card a quarter turn (the card that froze a discard pile);
    ``four_color`` uses a four-colour deck; ``width`` is in pixels (height 1.4 times);
    ``label`` replaces the accessible name ("King of hearts").

    >>> card_svg("jk").count("JOKER") > 0
    True
    >>> 'width="90" height="64"' in card_svg("c2", sideways=True)
    True
    """
    c = _as_card(card)
    colour = card_colour(c, four_color)
    name = label if label is not None else card_label(c)
    if selected and label is None:
        name = gettext("{card} (selected)").format(card=name)
    stroke = f"stroke:{ACCENT};stroke-width:6" if selected else f"stroke:{BORDER};stroke-width:2"
    body = [f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" style="fill:{_FACE};{stroke}"/>',
            _corner(c, colour),
            f'<g transform="rotate(180 50 70)">{_corner(c, colour)}</g>',
            _centre(c, colour)]
    if selected:
        body.append(f'<circle cx="84" cy="16" r="13" style="fill:{ACCENT}"/>'
                    '<path d="M77 16l5 5l9-10" style="fill:none;stroke:#fff;stroke-width:3.5;'
                    'stroke-linecap:round;stroke-linejoin:round"/>')
    kind = "cl-joker" if c.is_joker else f"cl-suit-{c.suit}"
    return _frame("".join(body), name, width, sideways, kind)


def card_back_svg(*, width: int = CARD_WIDTH, label: str | None = None,
                  sideways: bool = False) -> str:
    """A face-down card (the stock, or another player's hidden hand); ``label`` replaces its
    accessible name ("Face-down card").

    >>> 'aria-label="Face-down card"' in card_back_svg()
    True
    """
    lattice = []
    for row in range(6):
        for col in range(4):
            x = 22 + col * 19 + (9.5 if row % 2 else 0)
            y = 24 + row * 19
            if x > 84:
                continue
            lattice.append(f"M{x:g} {y - 7:g}L{x + 6:g} {y:g}L{x:g} {y + 7:g}L{x - 6:g} {y:g}Z")
    body = (f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" '
            f'style="fill:{_BACK};stroke:{BORDER};stroke-width:2"/>'
            '<rect x="9" y="9" width="82" height="122" rx="5" '
            'style="fill:none;stroke:#fff;stroke-opacity:0.7;stroke-width:2"/>'
            f'<path d="{"".join(lattice)}" style="fill:#fff;fill-opacity:0.35"/>')
    return _frame(body, gettext("Face-down card") if label is None else label, width, sideways, "cl-back")


def hidden_hand_svg(count: int, *, width: int = CARD_WIDTH, step: int = 9, label: str | None = None) -> str:
    """A hidden hand as ONE picture: ``count`` face-down cards fanned ``step`` pixels apart
    (plain edges, one patterned back on top). Much lighter than one SVG per card, so tables
    with hidden hands stay fast to redraw in a widget.

    >>> 'aria-label="11 face-down cards"' in hidden_hand_svg(11)
    True
    """
    if count <= 0:
        return ""
    name = label or ngettext("{count} face-down card", "{count} face-down cards", count).format(count=count)
    scale = 100 / width
    shift = step * scale  # in card units (a card is 100 wide)
    total = 100 + shift * (count - 1)
    edges = "".join(
        f'<rect x="{1.5 + i * shift:g}" y="1.5" width="97" height="137" rx="8" '
        f'style="fill:{_BACK};stroke:{BORDER};stroke-width:2"/>'
        for i in range(count - 1))
    top = card_back_svg(width=width, label=name)
    inner = top[top.index(">") + 1:top.rindex("</svg>")]
    height = round(width * 1.4)
    pixel_width = round(width + step * (count - 1))
    return (_svg_open(name, pixel_width, height, round(total), 140, "cl-back cl-hidden-hand")
            + edges + f'<g transform="translate({shift * (count - 1):g} 0)">{inner}</g></svg>')


#: A labelled row of cards (inline, so rows sit side by side and wrap).
ROW_CSS: Final = style(display="inline-block", vertical_align="top", margin="4px 12px 4px 0",
                       font_family=FONT)
#: The label above a row.
LABEL_CSS: Final = style(font_size="14px", font_weight=600, color=MUTED, margin_bottom="4px")


def _empty(text: str) -> str:
    css = style(color=MUTED, font_style="italic")
    return f'<span class="cl-none" style="{css}">{esc(text)}</span>'


def cards_row_html(
    cards: Sequence[Card | str],
    *,
    label: str | None = None,
    overlap: int = ROW_OVERLAP,
    four_color: bool = False,
    width: int = CARD_WIDTH,
    selected: Collection[int] = (),
    empty_text: str | None = None,
) -> str:
    """A row of cards, overlapping by ``overlap`` pixels, with an optional label above.

    ``selected`` holds the positions of selected cards (raised and outlined). The row is a
    ``role="group"`` named by ``label`` (or "Cards"); every card keeps its own name.
    ``empty_text`` is shown when there are no cards ("no cards").

    >>> from canasta_learn.core.cards import parse_cards
    >>> row = cards_row_html(parse_cards("h13 s1"), label="Hand")
    >>> "King of hearts" in row and "Ace of spades" in row
    True
    """
    items = [_as_card(c) for c in cards]
    group = label or gettext("Cards")
    parts = [f'<div class="cl-row" role="group" aria-label="{esc(group)}" style="{ROW_CSS}">']
    if label:
        parts.append(f'<div class="cl-label" style="{LABEL_CSS}">{esc(label)}</div>')
    if not items:
        parts.append(_empty(gettext("no cards") if empty_text is None else empty_text))
    else:
        css = style(display="flex", align_items="flex-end",
                    padding_top="10px" if selected else "0")
        parts.append(f'<div class="cl-cards" style="{css}">')
        for i, card in enumerate(items):
            is_selected = i in selected
            css = style(display="block", flex="0 0 auto",
                        margin_left=f"{-overlap}px" if i else "0",
                        transform="translateY(-10px)" if is_selected else "none")
            svg = card_svg(card, selected=is_selected, four_color=four_color, width=width)
            parts.append(f'<span class="cl-slot" style="{css}">{svg}</span>')
        parts.append("</div>")
    parts.append("</div>")
    return "".join(parts)
