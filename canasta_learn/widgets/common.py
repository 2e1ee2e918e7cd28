"""Small pieces shared by the components: verdict and profile displays, card text input."""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from typing import Any, TypeVar, cast

import ipywidgets as widgets

from ..core.cards import Card, NotationError, format_cards, parse_cards
from ..core.i18n import get_language, gettext, normalize_language, speaking
from ..core.verdicts import Advice, Verdict
from ..profiles import Profile

__all__ = ["CardsText", "error_html", "plain_advice", "profile_badge", "profile_badge_html", "verdict_widget",
           "set_verdict", "spoken", "widget_language"]

_Method = TypeVar("_Method", bound=Callable[..., Any])


def widget_language(language: str | None) -> str:
    """The language a widget speaks: ``language`` (``"pt_BR"``, ``"en"``, or a form such as
    ``"pt-BR"``; a ValueError names the accepted ones), or, when None, the language spoken now.

    >>> widget_language("pt-BR")
    'pt_BR'
    """
    return get_language() if language is None else normalize_language(language)


def spoken(method: _Method) -> _Method:
    """Run a widget's method in the widget's language (its ``language`` attribute): what a
    callback shows is in the language the widget was built to speak."""
    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        language = getattr(self, "language", None)
        if language is None:
            return method(self, *args, **kwargs)
        with speaking(language):
            return method(self, *args, **kwargs)
    return cast(_Method, run)


def error_html(message: str) -> str:
    """An input error: red, with a warning sign (not colour alone), announced at once
    (``role="alert"``); the message is escaped."""
    return ('<span class="cl-error" role="alert" style="color:#c62828;font-weight:600;font-size:15px">'
            f"\u26a0 {html.escape(message)}</span>")


def profile_badge_html(profile: Profile) -> str:
    """The HTML of `profile_badge` (to refresh a badge when the profile changes)."""
    return (
        f'<span class="cl-profile-badge" title="{html.escape(profile.describe())}">'
        + html.escape(gettext("Rules:")) + f" <b>{html.escape(profile.name)}</b></span>"
    )


def profile_badge(profile: Profile) -> widgets.HTML:
    """A small label naming the profile in force (every component shows one)."""
    badge = widgets.HTML(profile_badge_html(profile))
    badge.add_class("cl-profile")
    return badge


def plain_advice(advice: Advice) -> str | None:
    """A refusal's `Advice` in words for a reader with nothing to type or press (a quiz, a
    practice drill's explanation), in the language spoken now: what to do at the table, never a
    typed command ("add them to that meld", not "'add 2: 2♣'"). For `phrasing_advice`; each
    phrase fills the slot its rule's template leaves (`canasta_learn.core.verdicts.ADVICE_KINDS`).

    >>> plain_advice(Advice("twos_onto_deuce_meld", {}))
    'add them to that meld'
    """
    kind = advice.kind
    if kind == "take_with_held":
        return gettext("take the pile with them")
    if kind == "take_with_pair":
        return gettext("take the pile with it")
    if kind == "name_cards_to_meld":
        return gettext("Choose the cards to meld.")
    if kind == "twos_onto_deuce_meld":
        return gettext("add them to that meld")
    if kind == "wilds_onto_meld":
        return gettext("add them to one of your team's melds")
    if kind == "lay_opening_together":
        return gettext("Lay all your opening melds in the same turn so that together they reach the minimum.")
    if kind == "add_opening_melds_to_take":
        return gettext("Add melds from your hand to the take, or draw from the stock.")
    if kind == "take_without_meld_number":
        return gettext("take the pile without naming a meld")
    return None


def verdict_widget() -> widgets.HTML:
    """An empty HTML widget to show verdicts in (fill it with `set_verdict`)."""
    box = widgets.HTML("")
    box.add_class("cl-verdict")
    return box


def set_verdict(box: widgets.HTML, verdict: Verdict | None, *, show_code: bool = True) -> None:
    """Show a verdict (rendered by ``render.verdict_html``) in ``box``; None clears it.
    ``show_code=False`` (for learners) keeps the verdict's code behind a closed "details" toggle."""
    if verdict is None:
        box.value = ""
        return
    from ..render import verdict_html

    box.value = verdict_html(verdict, show_code=show_code)


class CardsText:
    """A notation text box that keeps the last good list of cards.

    Bad notation shows the error inline (``.error``) and keeps ``.cards`` unchanged;
    ``on_error(message)`` (if given) is told, so that a result computed from the old cards
    can be marked out of date. ``valid`` is False while the text does not parse.
    """

    def __init__(self, value: str = "", *, description: str = "", placeholder: str = "h10 c6 jk",
                 on_change: Any = None, on_error: Any = None) -> None:
        self.text = widgets.Text(value=value, description=description, placeholder=placeholder,
                                 continuous_update=True,
                                 layout=widgets.Layout(width="100%"),
                                 style={"description_width": "initial"})
        self.error = widgets.HTML("")
        self.error.add_class("cl-notation-error")
        self.cards: list[Card] = parse_cards(value) if value else []
        self._on_change = on_change
        self._on_error = on_error
        self.valid = True
        self.text.observe(self._changed, names="value")
        self.box = widgets.VBox([self.text, self.error])

    def _changed(self, change: dict[str, Any]) -> None:
        try:
            cards = parse_cards(change["new"])
        except NotationError as error:
            self.valid = False
            self.error.value = error_html(str(error))
            if self._on_error is not None:
                self._on_error(str(error))
            return
        self.valid = True
        self.error.value = ""
        self.cards = cards
        if self._on_change is not None:
            self._on_change(cards)

    def set_cards(self, cards: list[Card]) -> None:
        """Replace the text with these cards' notation."""
        self.text.value = format_cards(cards)
