"""`TableWidget`: the whole table of a round (melds, canastas, red threes, pile, stock, scores,
whose turn, each team's opening minimum), redrawn with `update`.

The picture is ``render.round_html``: static HTML/SVG, so it looks the same in an exported
notebook. The widget adds the profile badge and keeps the picture in a traitlet.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from ..core.i18n import speaking
from ..engine.round import Round
from .common import profile_badge, profile_badge_html, spoken, widget_language
from .pane import HtmlPane

__all__ = ["TableWidget", "table_html"]

PlayerNames = Sequence[str] | Mapping[int, str] | None


def table_html(
    rnd: Round,
    *,
    show_hands: bool = True,
    player_names: PlayerNames = None,
    four_color: bool = False,
    width: int = 64,
) -> str:
    """The table as HTML (``render.round_html``; a plain text fallback without the renderer)."""
    try:
        from ..render import round_html
    except ImportError:  # pragma: no cover - the renderer ships with the package
        return f"<pre class='cl-round'>{html.escape(str(rnd))}</pre>"
    return round_html(rnd, show_hands=show_hands, player_names=player_names,
                      four_color=four_color, width=width)


class TableWidget(widgets.VBox):  # type: ignore[misc]
    """The table of a round, with the profile in force.

    ``TableWidget(round, *, show_hands=True, player_names=None, four_color=False, width=64)``;
    ``update(round)`` redraws it (for the same or another round). ``html`` is the inner
    `HtmlPane` (its ``value`` is the current picture). ``show_badge=False`` leaves out
    the profile badge (for components that show their own). ``language`` is the language
    the table speaks (default: the language spoken when it is made).
    """

    def __init__(
        self,
        rnd: Round,
        *,
        show_hands: bool = True,
        player_names: PlayerNames = None,
        four_color: bool = False,
        width: int = 64,
        show_badge: bool = True,
        language: str | None = None,
    ) -> None:
        #: The language the table speaks.
        self.language = widget_language(language)
        self.round = rnd
        self.show_hands = show_hands
        self.player_names = player_names
        self.four_color = four_color
        self.card_width = width
        with speaking(self.language):
            self.badge = profile_badge(rnd.profile)
        self.html = HtmlPane(layout=widgets.Layout(width="100%"))
        self.html.add_class("cl-table-html")
        parts = [self.badge, self.html] if show_badge else [self.html]
        super().__init__(parts, layout=widgets.Layout(width="100%"))
        self.add_class("cl-table-widget")
        self.update(rnd)

    @spoken
    def update(self, rnd: Round | None = None) -> None:
        """Redraw the table (for ``rnd``, or the round shown now after it changed)."""
        if rnd is not None:
            if rnd.profile is not self.round.profile:
                self.badge.value = profile_badge_html(rnd.profile)
            self.round = rnd
        self.html.value = table_html(self.round, show_hands=self.show_hands,
                                     player_names=self.player_names,
                                     four_color=self.four_color, width=self.card_width)
