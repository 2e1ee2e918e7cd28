"""`HandWidget`: a player's cards you can click (or select with the keyboard).

An anywidget (`hand.js` + `hand.css` ship inside the package; no build step): the card
pictures are SVG made in Python (``render.card_svg``), the browser only lays them out and
reports each card clicked (see "Order" below). Each card is a ``role="button"`` with ``aria-pressed``
and an accessible name ("King of hearts"); a selected card is raised, outlined and ticked
(more than colour). The hand is one Tab stop: Tab reaches the card last focused (or the
first), the arrow keys, Home and End move between cards, Space or Enter selects.

State lives in traitlets, so Python (and tests) drive it exactly as a click does:

>>> hand = HandWidget("h13 s5 h13 jk")
>>> hand.selected = ["h13"]
>>> hand.selected, hand.selected_ids
(['h13'], [0])
>>> hand.sort = "suit"
>>> [item["text"] for item in hand.items]
['s5', 'h13', 'h13', 'jk']

Order: the kernel must see a card clicked and a button pressed after it in that order. The
browser's ipywidgets holds a widget's state change until the kernel has handled the widget's
previous one, while a button's click (a message of the button's own widget) goes at once: with
the selection sent as state, two cards picked and a button pressed within a few milliseconds
reached the kernel as first card, button, second card. So ``hand.js`` sends each click as a
message, ``{"event": "toggle", "id": 3, "card": "h13", "view": ..., "seq": 7}``, which is never
held back (the messages of all widgets travel to the kernel in the order sent); Python toggles
that position in ``selected_ids`` (whose change goes back to the browser as usual) and answers
``{"event": "toggled", "view": ..., "seq": 7}``. Until the answer to its last toggle, a view
shows its own selection, so that an older selection coming back never undoes a newer click.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.cards import Card, CardsLike, format_cards, to_cards
from ..core.i18n import gettext, ngettext, speaking
from .common import spoken, widget_language

__all__ = ["HandWidget", "card_picture", "rank_sort_key", "suit_sort_key"]

_HERE = Path(__file__).parent

#: Rank order in a sorted hand: 3, 4 ... king, ace (aces high, as players hold them), then
#: the wild cards (twos, jokers) at the right.
_RANK_ORDER = {3: 0, **{r: r - 3 for r in range(4, 14)}, 1: 11, 2: 12, 0: 13}
_SUIT_ORDER = {"c": 0, "d": 1, "s": 2, "h": 3, "j": 4}


def rank_sort_key(card: Card) -> tuple[int, int]:
    """Sort key "by rank": threes first, aces high, then twos and jokers; suits break ties."""
    return (_RANK_ORDER[card.rank], _SUIT_ORDER[card.suit])


def suit_sort_key(card: Card) -> tuple[int, int]:
    """Sort key "by suit": clubs, diamonds, spades, hearts (colours alternate), jokers last."""
    return (_SUIT_ORDER[card.suit], _RANK_ORDER[card.rank])


def _card_name(card: Card) -> str:
    """The accessible name, capitalised: "King of hearts", "Joker"."""
    name = card.name
    return name[:1].upper() + name[1:]


def hand_words() -> dict[str, Any]:
    """The words the hand shows around its cards, in the language spoken now (``hand.js``
    reads them): the sort buttons, the caption's forms for 0, 1 and 2+ cards, the new-card mark."""
    return {
        "sort_cards": gettext("Sort cards"), "sort": gettext("Sort:"), "by_rank": gettext("by rank"),
        "by_suit": gettext("by suit"), "cards": gettext("Cards"),
        "caption": [ngettext("{label}: {count} card", "{label}: {count} cards", n) for n in (0, 1, 2)],
        "selected": [ngettext("{count} selected", "{count} selected", n) for n in (0, 1, 2)],
        "new": gettext("{name} (new)"),
    }


def card_picture(card: Card, *, four_color: bool = False, width: int = 64) -> str:
    """SVG (or, without the renderer, a plain text card) for one card of a hand."""
    try:
        from ..render import card_svg
    except ImportError:  # pragma: no cover - the renderer ships with the package
        pass
    else:
        return str(card_svg(card, four_color=four_color, width=width))
    colour = "#c62828" if card.is_red else "#111"
    height = round(width * 1.4)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
        f'viewBox="0 0 100 140" aria-label="{html.escape(_card_name(card))}">'
        '<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="#fff" stroke="#999"/>'
        f'<text x="50" y="80" font-size="34" text-anchor="middle" fill="{colour}">'
        f"{html.escape(card.short)}</text></svg>"
    )


class HandWidget(anywidget.AnyWidget):
    """A hand of cards to look at and pick from.

    ``HandWidget(cards, *, selectable=True, sort="rank", four_color=False, label="Your hand")``

    Traitlets (all settable from Python):

    * ``cards`` - the cards (notation text, `Card` objects or tokens); setting it clears the
      selection.
    * ``selected`` - the selected cards as tokens (``["h13", "jk"]``) in display order.
      Duplicates are possible (two decks), so the widget tracks *positions*
      (``selected_ids``, indices into ``cards``) and derives ``selected`` from them; setting
      ``selected`` picks the first unselected positions holding those cards.
    * ``sort`` - ``"rank"`` or ``"suit"`` (buttons in the widget set it too).
    * ``selectable``, ``four_color``, ``card_width``, ``label``.
    * ``language`` - the language of the words around the cards (default: the language
      spoken when it is made; the default label "Your hand" is said in it too).

    ``selected_cards`` gives the selection as `Card` objects.
    """

    _esm = _HERE / "hand.js"
    _css = _HERE / "hand.css"

    #: Cards in display (sorted) order: ``{id, text, name, svg}``; ``id`` indexes ``cards``.
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: Selected positions (indices into ``cards``), in display order.
    selected_ids = traitlets.List(traitlets.Int()).tag(sync=True)
    #: Selected cards as tokens, in display order (derived from ``selected_ids``).
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    sort = traitlets.Enum(["rank", "suit"], default_value="rank").tag(sync=True)
    selectable = traitlets.Bool(True).tag(sync=True)
    four_color = traitlets.Bool(False).tag(sync=True)
    card_width = traitlets.Int(64).tag(sync=True)
    #: Positions (indices into ``cards``) shown as new (just drawn or picked up); cleared
    #: with the cards.
    highlight_ids = traitlets.List(traitlets.Int()).tag(sync=True)
    #: The accessible name of the group of cards (and its visible caption).
    label = traitlets.Unicode("Your hand").tag(sync=True)
    #: The words around the cards in the widget's language (`hand_words`); empty: English.
    words = traitlets.Dict().tag(sync=True)
    #: The cards, in the order given (tokens are accepted and turned into `Card` objects).
    cards: traitlets.List[Card] = traitlets.List()

    def __init__(
        self,
        cards: CardsLike | None = None,
        *,
        selectable: bool = True,
        sort: str = "rank",
        four_color: bool = False,
        label: str = "Your hand",
        card_width: int = 64,
        language: str | None = None,
        **kwargs: Any,
    ) -> None:
        self._syncing = False
        #: The language the hand speaks.
        self.language = widget_language(language)
        with speaking(self.language):
            if label == "Your hand":
                label = gettext("Your hand")
            words = hand_words() if self.language != "en" else {}
        super().__init__(
            selectable=selectable,
            sort=sort,
            four_color=four_color,
            label=label,
            card_width=card_width,
            words=words,
            **kwargs,
        )
        self.add_class("cl-hand-widget")
        self.observe(self._rebuild, names=["cards", "sort", "four_color", "card_width"])
        self.observe(self._on_selected_ids, names="selected_ids")
        self.observe(self._on_selected, names="selected")
        self.on_msg(self._on_front_end_msg)
        self.cards = to_cards(cards) if cards is not None else []
        if not self.items:
            self._rebuild()

    # ------------------------------------------------------------------ traitlet plumbing
    @traitlets.validate("cards")
    def _valid_cards(self, proposal: dict[str, Any]) -> list[Card]:
        value = proposal["value"]
        if isinstance(value, str):
            return to_cards(value)
        return [c if isinstance(c, Card) else to_cards(str(c))[0] for c in value]

    @traitlets.validate("selected")
    def _valid_selected(self, proposal: dict[str, Any]) -> list[str]:
        value = list(proposal["value"])
        if not self._syncing:
            self._ids_for(to_cards(" ".join(value)))  # raises ValueError if not all held
        return value

    def _display_order(self) -> list[int]:
        key: Callable[[Card], tuple[int, int]] = (
            rank_sort_key if self.sort == "rank" else suit_sort_key
        )
        cards = self.cards
        return sorted(range(len(cards)), key=lambda i: (key(cards[i]), i))

    @spoken
    def _rebuild(self, change: Any = None) -> None:
        cards = self.cards
        if change is not None and change.get("name") == "cards":
            # New cards: the old positions mean nothing any more.
            self.selected_ids = []
            self.highlight_ids = []
        pictures: dict[Card, str] = {}
        items = []
        for i in self._display_order():
            card = cards[i]
            if card not in pictures:
                pictures[card] = card_picture(card, four_color=self.four_color,
                                              width=self.card_width)
            items.append({"id": i, "text": str(card), "name": _card_name(card),
                          "svg": pictures[card]})
        self.items = items
        self._on_selected_ids()  # re-derive the display order of the selection

    def _on_selected_ids(self, change: Any = None) -> None:
        if self._syncing:
            return
        order = {item["id"]: n for n, item in enumerate(self.items)}
        valid = sorted({i for i in self.selected_ids if i in order}, key=order.__getitem__)
        self._syncing = True
        try:
            if valid != list(self.selected_ids):
                self.selected_ids = valid
            self.selected = [str(self.cards[i]) for i in valid]
        finally:
            self._syncing = False

    def _on_selected(self, change: Any) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self.selected_ids = self._ids_for(to_cards(" ".join(change["new"])))
        finally:
            self._syncing = False
        self._on_selected_ids()

    def _on_front_end_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A card clicked in a view (see "Order" in the module's docstring): toggle it, answer."""
        if not isinstance(content, dict) or content.get("event") != "toggle":
            return
        try:
            self._toggle_clicked(content.get("id"), content.get("card"))
        finally:  # always answered: the view shows its own selection until then
            self.send({"event": "toggled", "view": content.get("view"), "seq": content.get("seq")})

    def _toggle_clicked(self, item_id: Any, card: Any) -> None:
        """Toggle position ``item_id`` if it holds ``card`` (the card the view showed there) and
        the hand is selectable; anything else (a click on cards since replaced, a bad message)
        changes nothing."""
        if not self.selectable or type(item_id) is not int or not isinstance(card, str):
            return
        if not 0 <= item_id < len(self.cards) or str(self.cards[item_id]) != card:
            return
        self._toggle_id(item_id)

    def _toggle_id(self, item_id: int) -> None:
        ids = list(self.selected_ids)
        if item_id in ids:
            ids.remove(item_id)
        else:
            ids.append(item_id)
        with self.hold_sync():  # one update to the browser, the selection in display order
            self.selected_ids = ids

    def _ids_for(self, wanted: Iterable[Card]) -> list[int]:
        """Positions for these cards: positions already selected first, then the first free."""
        need = Counter(wanted)
        ids: list[int] = []
        current = list(self.selected_ids)
        for item_id in current + [item["id"] for item in self.items if item["id"] not in current]:
            card = self.cards[item_id]
            if need[card] > 0:
                need[card] -= 1
                ids.append(item_id)
        missing = [c for c, n in need.items() for _ in range(n)]
        if missing:
            raise ValueError(f"Not in this hand: {format_cards(missing)}")
        return ids

    # ------------------------------------------------------------------ public helpers
    @property
    def selected_cards(self) -> list[Card]:
        """The selected cards as `Card` objects (display order)."""
        return [self.cards[i] for i in self.selected_ids]

    @property
    def displayed(self) -> list[Card]:
        """The cards in the order shown (after sorting)."""
        return [self.cards[item["id"]] for item in self.items]

    def select(self, cards: CardsLike) -> None:
        """Select exactly these cards (notation or cards); raise ValueError if not all held."""
        self.selected = [str(c) for c in to_cards(cards)]

    def toggle(self, position: int) -> None:
        """Toggle the card at ``position`` in the display order (what a click does)."""
        self._toggle_id(self.items[position]["id"])

    def highlight(self, cards: CardsLike) -> None:
        """Mark these cards as new (the last positions holding them); ``[]`` clears the marks."""
        need = Counter(to_cards(cards))
        ids: list[int] = []
        for i in range(len(self.cards) - 1, -1, -1):
            card = self.cards[i]
            if need[card] > 0:
                need[card] -= 1
                ids.append(i)
        self.highlight_ids = sorted(ids)

    @property
    def highlighted(self) -> list[Card]:
        """The cards marked as new, in display order."""
        marked = set(self.highlight_ids)
        return [self.cards[item["id"]] for item in self.items if item["id"] in marked]

    def clear_selection(self) -> None:
        """Select nothing."""
        self.selected_ids = []

    def set_cards(self, cards: CardsLike, keep: Sequence[Card] | None = None) -> None:
        """Show new cards; optionally reselect ``keep`` (those still in the hand)."""
        self.cards = to_cards(cards)
        if keep:
            left = Counter(self.cards)
            again = []
            for card in keep:
                if left[card] > 0:
                    left[card] -= 1
                    again.append(card)
            self.select(again)
