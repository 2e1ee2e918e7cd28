"""Explorers for hypothetical hands: edit the inputs, see the engine's verdict at once.

* `PileExplorer` - hand, discard pile, team melds, opened flag, team score: the pile drawn with
  its state, and whether and how the pile can be taken (``Position.check_take_pile``).
* `OpeningExplorer` - hand, team score, optional top card: the minimum in force (with the
  table of minimums), every qualifying set of melds (``Position.opening_options``), or why
  none exists (``Position.opening_verdict``).
* `ScoreCalculator` - melds, red threes, cards left, going out: the breakdown
  (``score_round``).

Every input accepts card notation (``h10 c6 jk``; melds separated by ``|``); scores are
whole numbers, checked as typed ("15OO" is an error, never 15). Bad input or an impossible
position shows the error in red (announced to screen readers) and greys the result out,
marked "not up to date" (``.stale``), until the input is valid again. Every verdict
comes from the engine; the widgets only lay it out, said to the learner whose hand it is
("You may take the pile...", cards as symbols), a refusal's advice naming the explorer's own
fields (`phrasing_advice`), never a typed command, and a verdict or pile-state code only
behind a "details" toggle. Each explorer shows the profile in force, and the pile and opening
explorers can compare every registered profile side by side.

>>> bill = PileExplorer("c6 c6 h7 d8", "s9 d6", "h13 s13 s13")
>>> bill.verdict.code, bill.status.state
('pile_takeable', 'open')
>>> bill.hand_input.text.value = "c6 h7 d8"
>>> bill.verdict.code
'pile_no_meld_for_top_card'
"""

from __future__ import annotations

import dataclasses
import html
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ..core.cards import Card, DeckError, NotationError, check_card_counts, format_cards, parse_cards, to_cards
from ..core.i18n import gettext, ngettext, pgettext, speaking
from ..core.verdicts import Advice, Verdict, learner_words, phrasing_advice
from ..engine.position import Position
from ..profiles import Profile, ProfileLike, get_profile, profile_names
from ..rules.melds import check_meld, check_meld_cards
from ..rules.pile import PileStatus, state_word
from ..rules.scoring import ScoreBreakdown, score_round
from .common import (
    CardsText,
    error_html,
    plain_advice,
    profile_badge,
    set_verdict,
    spoken,
    verdict_widget,
    widget_language,
)

__all__ = ["OpeningExplorer", "PileExplorer", "ScoreCalculator", "WholeNumberText", "opening_table_html"]

#: How many opening options are drawn (the rest are counted).
MAX_OPTIONS_SHOWN = 8
#: Width of the text boxes' labels (so the boxes line up).
LABEL_WIDTH = "200px"


def _alert(message: str) -> str:
    return error_html(message)


#: Greys out a result computed from inputs that are no longer valid.
_STALE_CSS = ("<style>.cl-results.cl-stale{opacity:.4;filter:grayscale(1);pointer-events:none}"
              "</style>")
def _stale_note() -> str:
    """Says that the greyed result is out of date (in the language spoken now)."""
    return ('<div class="cl-stale-note" role="status" style="color:#c62828;font-weight:600">'
            + html.escape(gettext("Not up to date: the greyed result below is for the last valid input. "
                                  "Fix the input above to see the new result.")) + "</div>")


class _TextOrInt(traitlets.Unicode):  # type: ignore[type-arg]
    """Text, or a whole number written out as text."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        return super().validate(obj, value)


class WholeNumberText(widgets.Text):  # type: ignore[misc]
    """A text box for a whole number (a team score), checked as typed, never truncated.

    ``value`` is the text (an ``int`` given is written out); ``number()`` is its value, or a
    ValueError naming the box and what is accepted ("15OO" is refused, not read as 15).
    """

    value = _TextOrInt("", help="The number as typed").tag(sync=True)

    def number(self) -> int:
        """The whole number typed; ValueError (naming the box) when it is not one."""
        text = self.value.strip().replace("\u2212", "-")
        body = text[1:] if text[:1] in "+-" else text
        if not body.isdigit() or not body.isascii():
            name = self.description or gettext("The number")
            raise ValueError(gettext("{name} must be a whole number such as 1500 or -200 (digits only), "
                                     "not {value}.").format(name=name, value=repr(self.value)))
        return int(text)


def _error_box(css: str = "cl-position-error") -> widgets.HTML:
    box = widgets.HTML("")
    box.add_class(css)
    return box


#: What the ``|``-separated parts of a `MeldsText` may be (an error names the part by it).
_PARTS = ("meld", "hand")


class MeldsText:
    """A text box for several melds separated by ``|`` (``"h13 s13 s13 | c9 c9 d9"``).

    Like `CardsText`: bad notation shows the error inline (``.error``) and keeps ``.melds``
    (the last good list of melds) unchanged; ``on_change(melds)`` runs on every good edit.
    """

    def __init__(self, value: str = "", *, description: str = "",
                 placeholder: str = "h13 s13 s13 | c9 c9 d9",
                 on_change: Callable[[list[list[Card]]], None] | None = None,
                 part: str = "meld") -> None:
        if part not in _PARTS:
            raise ValueError(f"part must be one of {', '.join(_PARTS)}, not {part!r}.")
        #: The language its messages speak: the one spoken when it is made (its explorer's).
        self.language = widget_language(None)
        #: What each ``|``-separated part is ("meld" or "hand"): an error names it ("Hand 2: ...").
        self.part = part
        self.text = widgets.Text(value=value, description=description, placeholder=placeholder,
                                 continuous_update=True, layout=widgets.Layout(width="100%"),
                                 style={"description_width": LABEL_WIDTH})
        self.error = _error_box("cl-notation-error")
        self.melds: list[list[Card]] = []
        self._on_change = on_change
        self.on_error: Callable[[str], None] | None = None
        self.valid = True
        self.text.observe(self._changed, names="value")
        self.box = widgets.VBox([self.text, self.error])
        self._changed({"new": value})

    @staticmethod
    def parse(text: str, part: str = "meld") -> list[list[Card]]:
        """The melds (or hands: ``part="hand"``) in ``text``, empty parts skipped; raises
        `NotationError` naming the part by its number ("Meld 2: ...", "Hand 2: ...")."""
        melds: list[list[Card]] = []
        for number, piece in enumerate(text.split("|"), start=1):
            if not piece.strip():
                continue
            try:
                melds.append(parse_cards(piece))
            except NotationError as error:
                words = gettext("Hand {number}: {error}") if part == "hand" else gettext("Meld {number}: {error}")
                raise NotationError(words.format(number=number, error=error)) from error
        return melds

    @spoken
    def _changed(self, change: dict[str, Any]) -> None:
        try:
            melds = self.parse(change["new"], self.part)
        except NotationError as error:
            self.valid = False
            self.error.value = _alert(str(error))
            if self.on_error is not None:
                self.on_error(str(error))
            return
        self.valid = True
        self.error.value = ""
        self.melds = melds
        if self._on_change is not None:
            self._on_change(melds)


def _cards_text(value: str, description: str, on_change: Callable[[Any], None],
                css: str, placeholder: str = "h10 c6 jk") -> CardsText:
    box = CardsText("", description=description, placeholder=placeholder, on_change=on_change)
    box.text.style.description_width = LABEL_WIDTH
    box.text.add_class(css)
    box.text.value = value  # bad notation given at the start shows inline too
    return box


def _compare_html(rows: Sequence[tuple[str, Verdict]], what: str) -> str:
    """A side-by-side table of each profile's verdict, with a one-line summary above."""
    legal = [name for name, v in rows if v.ok]
    refused = [(name, v) for name, v in rows if not v.ok]
    parts = []
    if legal:
        parts.append(gettext("legal in {profiles}").format(profiles=", ".join(legal)))
    for name, verdict in refused:
        parts.append(gettext("refused in {profile} because {why}").format(profile=name, why=verdict.message))
    summary = f"{what}: " + "; ".join(parts) + "."
    legal_mark, refused_mark = "\u2714 " + gettext("Legal"), "\u2717 " + gettext("Refused")
    cells = []
    for name, verdict in rows:
        mark = html.escape(legal_mark if verdict.ok else refused_mark)
        cells.append(
            f'<tr class="cl-compare-row cl-{"ok" if verdict.ok else "refused"}">'
            f"<th scope=\"row\">{html.escape(name)}</th><td><b>{mark}</b></td>"
            f"<td><code>{html.escape(verdict.code)}</code></td>"
            f"<td>{html.escape(verdict.message)}</td></tr>")
    return (f'<div class="cl-compare"><p class="cl-compare-summary">{html.escape(summary)}</p>'
            '<table class="cl-compare-table" style="border-collapse:collapse;text-align:left">'
            "<thead><tr>" + "".join(f"<th>{html.escape(head)}</th>" for head in (
                gettext("Profile"), gettext("Verdict"), gettext("Code"), gettext("Why")))
            + f'</tr></thead><tbody>{"".join(cells)}</tbody></table></div>')


class _Explorer(widgets.VBox):  # type: ignore[misc]
    """Shared parts: the profile dropdown and badge, the position error line, compare box."""

    def __init__(self, profile: ProfileLike, css: str, *, compare: bool = True) -> None:
        super().__init__()
        prof = get_profile(profile)
        self._profiles: dict[str, Profile] = {name: get_profile(name) for name in profile_names()}
        self._profiles[prof.name] = prof
        self.profile_select = widgets.Dropdown(options=list(self._profiles), value=prof.name,
                                               description=gettext("Rules"))
        self.profile_select.add_class("cl-profile-select")
        self.badge = profile_badge(prof)
        self.error = _error_box()
        self.compare_box = widgets.Checkbox(value=False, description=gettext("compare profiles"),
                                            indent=False)
        self.compare_box.add_class("cl-compare-toggle")
        self.compare_view = widgets.HTML("")
        self.compare_view.add_class("cl-compare-view")
        self._has_compare = compare
        self.add_class("cl-explorer")
        self.add_class(css)
        self._ready = False
        #: True while an input is invalid: the result shown is the last valid one, greyed.
        self.stale = False
        self.stale_note = widgets.HTML("")
        self.stale_note.add_class("cl-stale-status")
        self.results = widgets.VBox([])
        self.results.add_class("cl-results")
        self._style = widgets.HTML(_STALE_CSS, layout=widgets.Layout(display="none"))
        self._texts: list[Any] = []
        self._numbers: list[WholeNumberText] = []

    def _number_input(self, value: int, description: str, css: str) -> WholeNumberText:
        box = WholeNumberText(value=str(value), description=description,
                              layout=widgets.Layout(width="220px"), continuous_update=True)
        box.add_class(css)
        self._numbers.append(box)
        return box

    def _text_inputs(self, *texts: Any) -> None:
        """Watch these notation boxes: bad notation makes the result stale at once."""
        for text in texts:
            self._texts.append(text)
            if isinstance(text, CardsText):
                text._on_error = self._input_error
            else:
                text.on_error = self._input_error

    def _input_error(self, _message: str) -> None:
        self._set_stale(True)

    def _set_stale(self, stale: bool) -> None:
        self.stale = stale
        self.stale_note.value = _stale_note() if stale else ""
        if stale:
            self.results.add_class("cl-stale")
        else:
            self.results.remove_class("cl-stale")

    @property
    def profile(self) -> Profile:
        """The profile in force (chosen in the dropdown)."""
        return self._profiles[self.profile_select.value]

    def _watch(self, *controls: widgets.Widget) -> None:
        for control in (self.profile_select, self.compare_box, *controls):
            control.observe(self._update, names="value")

    @spoken
    def _update(self, _change: Any = None) -> None:
        """Recompute; while an input is invalid (bad notation, not a whole number, an
        impossible position) the error is shown and the last result is greyed out."""
        if not self._ready:
            return
        if not all(t.valid for t in self._texts):
            self._set_stale(True)
            return
        try:
            for number in self._numbers:
                number.number()
            # what it shows names cards as symbols ("8♣"), seats in words, and is said to the
            # position's player (seat 0): "You hold 6♣"; advice names this explorer's fields
            with learner_words(you=0), phrasing_advice(self._advice_words):
                self._compute()
        except (DeckError, ValueError) as error:
            self.error.value = _alert(str(error))
            self._set_stale(True)
            return
        self.error.value = ""
        self._set_stale(False)
        self.badge.value = profile_badge(self.profile).value

    def _compute(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _advice_words(self, advice: Advice) -> str | None:
        """A refusal's `Advice` in this explorer's words (its fields); by default in plain words,
        never a typed command (`plain_advice`)."""
        return plain_advice(advice)

    def _show_verdict(self, box: widgets.HTML, verdict: Verdict | None) -> None:
        """Show ``verdict`` in ``box`` said to the position's player ("You may take the pile..."),
        with this explorer's advice: `render.verdict_html` remakes an engine verdict's message
        for a reader who is nobody's seat, so the message shown is fixed here first."""
        if verdict is not None:  # a copy keeps no maker: shown as said here
            verdict = dataclasses.replace(verdict, message=verdict.learner_message(you=0))
        set_verdict(box, verdict, show_code=False)  # the code behind "details", for teachers


class PileExplorer(_Explorer):
    """Explore the discard pile: its state and whether (and how) it can be taken.

    ``PileExplorer(hand="", discard_pile="", team_melds="", team_opened=None, team_score=0,
    profile="classic")``: ``discard_pile`` runs bottom to top, ``team_melds`` separates melds
    with ``|``; ``team_opened`` None means "opened if the team has melds".

    After every change: ``.position`` (the last good `Position`), ``.status`` (its
    `PileStatus`), ``.verdict`` (``Position.check_take_pile()``: how to take it, or exactly
    why not) and, with "compare profiles" ticked, ``.comparison`` (profile name -> verdict).
    """

    _OPENED = {"auto": None, "yes": True, "no": False}

    def __init__(self, hand: str = "", discard_pile: str = "", team_melds: str = "",
                 team_opened: bool | None = None, team_score: int = 0,
                 profile: ProfileLike = "classic", *, language: str | None = None) -> None:
        #: The language the widget speaks (everything it shows, in every callback).
        self.language = widget_language(language)
        with speaking(self.language):
            super().__init__(profile, "cl-pile-explorer")
            self.position: Position | None = None
            self.status: PileStatus | None = None
            self.verdict: Verdict | None = None
            self.comparison: dict[str, Verdict] = {}
            self.hand_input = _cards_text(hand, gettext("Hand"), self._update, "cl-input-hand")
            self.pile_input = _cards_text(discard_pile, gettext("Discard pile (bottom \u2192 top)"),
                                          self._update, "cl-input-pile")
            self.melds_input = MeldsText(team_melds, description=gettext("Team melds (separate with |)"),
                                         on_change=self._update)
            self.melds_input.text.add_class("cl-input-melds")
            opened = {None: "auto", True: "yes", False: "no"}[team_opened]
            words = [(pgettext("team opened", "auto"), "auto"), (pgettext("team opened", "yes"), "yes"),
                     (pgettext("team opened", "no"), "no")]
            options: list[str] | list[tuple[str, str]] = (
                list(self._OPENED) if all(w == v for w, v in words) else words)  # the values stay the codes
            self.opened_input = widgets.ToggleButtons(options=options, value=opened,
                                                      description=gettext("Team opened"),
                                                      style={"button_width": "60px"})
            self.opened_input.add_class("cl-input-opened")
            self.score_input = self._number_input(team_score, gettext("Team score"), "cl-input-score")
            self.pile_view = widgets.HTML("")
            self.pile_view.add_class("cl-pile-view")
            self.state_view = widgets.HTML("")
            self.state_view.add_class("cl-pile-state")
            self.verdict_view = verdict_widget()
            self.picker = _picker([(gettext("Hand"), self.hand_input), (gettext("Pile"), self.pile_input)])
            self._text_inputs(self.hand_input, self.pile_input, self.melds_input)
            self._watch(self.opened_input, self.score_input)
            inputs = widgets.VBox([self.hand_input.box, self.pile_input.box, self.melds_input.box,
                                   widgets.HBox([self.opened_input, self.score_input]),
                                   widgets.HBox([self.profile_select, self.compare_box])])
            title = widgets.HTML(html.escape(gettext("{name}: can the pile be taken?"), quote=False).format(
                name="<b>" + html.escape(gettext("Pile explorer")) + "</b>"))
            self.results.children = [self.pile_view, self.state_view, self.verdict_view, self.compare_view]
            self.children = [widgets.HBox([title, self.badge]), inputs, *self.picker, self.error,
                             self.stale_note, self.results, self._style]
            self._ready = True
            self._update()

    def _advice_words(self, advice: Advice) -> str | None:
        """The take's advice in this explorer's words: it has no "cards to take with" box (it
        tries every take itself), so the fix is what the Hand field would need."""
        hand = gettext("Hand")
        if advice.kind == "take_with_held":
            held = advice.facts["cards"]
            if len(held) == 1:  # a meld with the top card needs a pair, or a natural and a wild card
                return gettext("a meld with the top card needs another {rank} or a wild card in the {hand} "
                               "field").format(rank=held[0].rank_singular, hand=hand)
            return gettext("take the pile with them")
        if advice.kind == "take_with_pair":
            return gettext("take the pile with it")
        if advice.kind == "add_opening_melds_to_take":
            return gettext("With more melds from the {hand} field the take could reach the minimum; otherwise, "
                           "draw from the stock.").format(hand=hand)
        return super()._advice_words(advice)

    def _position(self, profile: ProfileLike) -> Position:
        return Position(self.hand_input.cards, discard_pile=self.pile_input.cards,
                        team_melds=self.melds_input.melds,
                        team_opened=self._OPENED[self.opened_input.value],
                        team_score=self.score_input.number(), profile=profile)

    def _compare_take(self, profile: ProfileLike) -> Verdict:
        """The take verdict under another profile; a team meld that profile does not allow
        (a set of sevens in the Brazilian games) is the refusal itself."""
        prof = get_profile(profile)
        for meld in self.melds_input.melds:
            verdict = check_meld_cards(to_cards(meld), prof, going_out=True)
            if not verdict:
                return verdict
        return self._position(prof).check_take_pile()

    def _compute(self) -> None:
        from ..render import pile_html

        position = self._position(self.profile)
        status = position.pile_status()
        verdict = position.check_take_pile()
        comparison = ({name: self._compare_take(p) for name, p in self._profiles.items()}
                      if self.compare_box.value else {})
        self.position, self.status, self.verdict = position, status, verdict
        self.comparison = comparison
        self.pile_view.value = pile_html(position.discard_pile, status)
        reason = gettext(", because of {cards}").format(cards=format_cards(status.cards)) if status.cards else ""
        word = state_word(status.state)
        state = html.escape(gettext("Pile state: {state}")).format(
            state=f'<b class="cl-state-word">{html.escape(word)}</b>')
        team = (gettext("team opened, score {score}") if position.team_opened
                else gettext("team not opened, score {score}")).format(score=position.team_score)
        minimum = gettext("opening minimum {minimum}").format(minimum=position.opening_minimum)
        code = ""  # the status code ("frozen_wild") for teachers, behind a toggle as a verdict's code
        if status.code != status.state:
            code = (' <details class="cl-code-details" style="display:inline-block;font-size:13px">'
                    f"<summary>{html.escape(gettext('details'))}</summary>{html.escape(gettext('rule check:'))} "
                    f'<code class="cl-code">{html.escape(status.code)}</code></details>')
        self.state_view.value = (f'<div class="cl-state-line">{state}{html.escape(reason)} &#183; '
                                 f"{html.escape(team)} &#183; {html.escape(minimum)}{code}</div>")
        self._show_verdict(self.verdict_view, verdict)  # with the meld made with the top card
        self.compare_view.value = (_compare_html(list(comparison.items()), gettext("Taking the pile"))
                                   if comparison else "")


def opening_table_html(profile: Profile, team_score: int) -> str:
    """The profile's opening minimums as a table, the row in force marked (bold, a pointer
    "in force" and ``aria-current``, not by colour alone)."""
    table = list(profile.opening_table)
    rows = [(gettext("below {score}").format(score=table[0][0]), profile.opening_below, team_score < table[0][0])]
    for index, (threshold, minimum) in enumerate(table):
        upper = table[index + 1][0] if index + 1 < len(table) else None
        label = (f"{threshold} \u2013 {upper - 1}" if upper is not None
                 else gettext("{score} or more").format(score=threshold))
        current = team_score >= threshold and (upper is None or team_score < upper)
        rows.append((label, minimum, current))
    body = []
    for label, minimum, current in rows:
        attrs = (' class="cl-current" aria-current="true" '
                 'style="font-weight:700;outline:2px solid currentColor"' if current else "")
        mark = " \u25c0 " + html.escape(gettext("in force")) if current else ""
        body.append(f"<tr{attrs}><td>{html.escape(label)}</td><td>{minimum}{mark}</td></tr>")
    caption = html.escape(gettext("Opening minimums ({profile})").format(profile=profile.name))
    score_head = html.escape(gettext("Team score"))  # outside the f-string: Babel finds it there
    minimum_head = html.escape(gettext("Minimum"))
    return ('<table class="cl-minimums" style="border-collapse:collapse">'
            f"<caption style=\"text-align:left\">{caption}</caption>"
            f"<thead><tr><th>{score_head}</th><th>{minimum_head}</th>"
            f"</tr></thead><tbody>{''.join(body)}</tbody></table>")


class OpeningExplorer(_Explorer):
    """Explore the first melds: the minimum in force and every qualifying set of melds.

    ``OpeningExplorer(hand="", team_score=0, top_card="", profile="classic")``: with a top
    card the hand may open by taking the pile (the top card must go into a meld); without
    one the hand is checked after a draw from the stock.

    After every change: ``.position``, ``.options`` (``Position.opening_options()``, best
    first), ``.verdict`` (``Position.opening_verdict()``: the best option, or why none
    exists) and ``.comparison`` when "compare profiles" is ticked.
    """

    def __init__(self, hand: str = "", team_score: int = 0, top_card: str = "",
                 profile: ProfileLike = "classic", *, language: str | None = None) -> None:
        #: The language the widget speaks (everything it shows, in every callback).
        self.language = widget_language(language)
        with speaking(self.language):
            super().__init__(profile, "cl-opening-explorer")
            self.position: Position | None = None
            self.options: list[Any] = []
            self.verdict: Verdict | None = None
            self.comparison: dict[str, Verdict] = {}
            self.hand_input = _cards_text(hand, gettext("Hand"), self._update, "cl-input-hand")
            self.top_input = _cards_text(top_card, gettext("Top card of the pile (optional: take the pile)"),
                                         self._update, "cl-input-top", placeholder="h4")
            self.score_input = self._number_input(team_score, gettext("Team score"), "cl-input-score")
            self.minimum_view = widgets.HTML("")
            self.minimum_view.add_class("cl-minimum")
            self.table_view = widgets.HTML("")
            self.table_view.add_class("cl-minimum-table")
            self.options_view = widgets.HTML("")
            self.options_view.add_class("cl-opening-options")
            self.verdict_view = verdict_widget()
            self.picker = _picker([(gettext("Hand"), self.hand_input), (gettext("Top card"), self.top_input)])
            self._text_inputs(self.hand_input, self.top_input)
            self._watch(self.score_input)
            inputs = widgets.VBox([self.hand_input.box, self.top_input.box,
                                   widgets.HBox([self.score_input, self.profile_select,
                                                 self.compare_box])])
            title = widgets.HTML(html.escape(gettext("{name}: which melds open?"), quote=False).format(
                name="<b>" + html.escape(gettext("Opening explorer")) + "</b>"))
            self.results.children = [widgets.HBox([self.minimum_view, self.table_view]), self.verdict_view,
                                     self.options_view, self.compare_view]
            self.children = [widgets.HBox([title, self.badge]), inputs, *self.picker, self.error,
                             self.stale_note, self.results, self._style]
            self._ready = True
            self._update()

    def _position(self, profile: ProfileLike) -> Position:
        top = self.top_input.cards
        if len(top) > 1:
            raise ValueError(gettext("The top card is one card; got {count} ({cards}).").format(
                count=len(top), cards=format_cards(top)))
        return Position(self.hand_input.cards, discard_pile=top, team_score=self.score_input.number(),
                        profile=profile, drew_from=None if top else "stock")

    def _compute(self) -> None:
        position = self._position(self.profile)
        options = position.opening_options()
        verdict = position.opening_verdict()
        comparison = ({name: self._position(p).opening_verdict()
                       for name, p in self._profiles.items()}
                      if self.compare_box.value else {})
        self.position, self.options, self.verdict = position, options, verdict
        self.comparison = comparison
        prof = position.profile
        minimum = html.escape(gettext("Opening minimum: {minimum}")).format(
            minimum=f'<b class="cl-minimum-value">{position.opening_minimum}</b>')
        score = html.escape(gettext("for a team score of {score} ({profile})").format(
            score=position.team_score, profile=prof.name))
        self.minimum_view.value = f'<div style="margin-right:24px">{minimum}<br/>{score}</div>'

        self.table_view.value = opening_table_html(prof, position.team_score)
        self._show_verdict(self.verdict_view, verdict)
        self.options_view.value = self._options_html(options, prof)
        self.compare_view.value = (_compare_html(list(comparison.items()), gettext("Opening"))
                                   if comparison else "")

    @staticmethod
    def _options_html(options: Sequence[Any], profile: Profile) -> str:
        from ..render import meld_html

        if not options:
            return ('<p class="cl-no-options">' + html.escape(gettext("No set of melds opens with this hand."))
                    + "</p>")
        ways = ngettext("{count} way to open", "{count} ways to open", len(options)).format(count=len(options))
        best_first = gettext(", best first (fewest wild cards, then fewest cards):")
        parts = [f"<p><b>{html.escape(ways)}</b>{html.escape(best_first)}</p>"]
        best = " " + gettext("(best)")
        for number, option in enumerate(options[:MAX_OPTIONS_SHOWN], start=1):
            how = " \u00b7 " + (gettext("takes the pile with its top card {card}").format(card=option.top_card)
                                if option.takes_pile else gettext("from the hand"))
            melds = "".join(meld_html(list(m), profile) for m in option.melds)
            text = " | ".join(format_cards(m) for m in option.melds)
            label = gettext("Option {number}: {melds}").format(number=number, melds=text)
            parts.append(
                f'<div class="cl-opening-option" role="group" '
                f'aria-label="{html.escape(label)}">'
                f"<div><b>{number}{best if number == 1 else ''}</b>: "
                f"{html.escape(text)} = <b>{option.value}</b>{html.escape(how)}</div>"
                f"<div>{melds}</div></div>")
        if len(options) > MAX_OPTIONS_SHOWN:
            more = gettext("\u2026 and {count} more.").format(count=len(options) - MAX_OPTIONS_SHOWN)
            parts.append(f"<p>{html.escape(more)}</p>")
        return "".join(parts)


class ScoreCalculator(_Explorer):
    """A team's score for one hand, line by line, from melds, red threes and cards left.

    ``ScoreCalculator(team_melds="", red_threes="", hands_left="", went_out=False,
    concealed=False, profile="classic")``: melds and the partners' remaining hands are
    separated by ``|``; ``hands_left`` is named as in `score_round` (the older name
    ``cards_left=`` still works, with a `DeprecationWarning`). Each meld is checked by the
    engine (``check_meld``); an illegal meld, impossible card counts or "concealed" without
    "went out" show an error inline, in words naming the box or tick to change, and keep the
    last good breakdown (``.breakdown``, ``.total``).

    >>> calculator = ScoreCalculator("h5 h5 c5", hands_left="c7 | zz")
    >>> "Hand 2" in calculator.left_input.error.value
    True
    """

    def __init__(self, team_melds: str = "", red_threes: str = "", hands_left: str = "",
                 went_out: bool = False, concealed: bool = False,
                 profile: ProfileLike = "classic", *, language: str | None = None,
                 cards_left: str | None = None) -> None:
        if cards_left is not None:
            warnings.warn("ScoreCalculator(cards_left=...) is now hands_left=..., as in score_round.",
                          DeprecationWarning, stacklevel=2)
            if hands_left:
                raise TypeError("Give hands_left or cards_left (its older name), not both.")
            hands_left = cards_left
        #: The language the widget speaks (everything it shows, in every callback).
        self.language = widget_language(language)
        with speaking(self.language):
            super().__init__(profile, "cl-score-calculator", compare=False)
            self.breakdown: ScoreBreakdown | None = None
            self.melds_input = MeldsText(team_melds, description=gettext("Team melds (separate with |)"),
                                         on_change=self._update)
            self.melds_input.text.add_class("cl-input-melds")
            self.threes_input = _cards_text(red_threes, gettext("Red threes"), self._update,
                                            "cl-input-red-threes", placeholder="h3 d3")
            self.left_input = MeldsText(hands_left,
                                        description=gettext("Cards left in hands (one hand per |)"),
                                        placeholder="c7 | h9 s4", on_change=self._update, part="hand")
            self.left_input.text.add_class("cl-input-left")
            self.went_out_input = widgets.Checkbox(value=went_out, description=gettext("went out"),
                                                   indent=False)
            self.went_out_input.add_class("cl-input-went-out")
            self.concealed_input = widgets.Checkbox(value=concealed, description=gettext("concealed"),
                                                    indent=False)
            self.concealed_input.add_class("cl-input-concealed")
            self.score_view = widgets.HTML("")
            self.score_view.add_class("cl-score-view")
            self._text_inputs(self.melds_input, self.threes_input, self.left_input)
            self._watch(self.went_out_input, self.concealed_input)
            inputs = widgets.VBox([self.melds_input.box, self.threes_input.box, self.left_input.box,
                                   widgets.HBox([self.went_out_input, self.concealed_input,
                                                 self.profile_select])])
            title = widgets.HTML(html.escape(gettext("{name}: one hand's score"), quote=False).format(
                name="<b>" + html.escape(gettext("Score calculator")) + "</b>"))
            self.results.children = [self.score_view]
            self.children = [widgets.HBox([title, self.badge]), inputs, self.error, self.stale_note,
                             self.results, self._style]
            self._ready = True
            self._update()

    @property
    def total(self) -> int | None:
        """The total of the last good breakdown."""
        return self.breakdown.total if self.breakdown is not None else None

    def _compute(self) -> None:
        from ..render import score_html

        prof = self.profile
        melds = self.melds_input.melds
        threes = self.threes_input.cards
        hands = self.left_input.melds
        not_red = [c for c in threes if not c.is_red_three]
        if not_red:
            raise ValueError(gettext("Only red threes (h3, d3) go there, not {cards}.").format(
                cards=format_cards(not_red)))
        check_card_counts([c for m in melds for c in m] + threes + [c for h in hands for c in h],
                          deck_count=prof.deck_count, joker_count=prof.joker_count,
                          what=gettext("What you entered"))
        if self.concealed_input.value and not self.went_out_input.value:
            raise ValueError(gettext('Only a player going out can go out concealed: tick "went out" too, '
                                     'or untick "concealed".'))
        for number, meld in enumerate(melds, start=1):
            verdict = check_meld(meld, prof, going_out=self.went_out_input.value)
            if not verdict:
                raise ValueError(gettext("Meld {number} ({cards}): {why}").format(
                    number=number, cards=format_cards(meld), why=verdict.message))
        breakdown = score_round(melds, red_threes=threes, hands_left=hands,
                                went_out=self.went_out_input.value,
                                concealed=self.concealed_input.value, profile=prof)
        self.breakdown = breakdown
        self.score_view.value = score_html(breakdown)


def _picker(targets: Sequence[tuple[str, CardsText]]) -> list[widgets.Widget]:
    """A full-deck card picker (a `HandWidget`): clicking a card appends it to the chosen
    input. Returns [] when the HandWidget component is not available."""
    try:
        from .hand import HandWidget
    except ImportError:  # pragma: no cover - the component ships with the package
        return []
    deck = parse_cards("jk " + " ".join(f"{s}{r}" for s in "cdhs" for r in range(1, 14)))
    picker = HandWidget(deck, selectable=True, sort="suit", label=gettext("Card picker"),
                        card_width=40)
    picker.add_class("cl-card-picker")
    target = widgets.ToggleButtons(options=[name for name, _ in targets],
                                   description=gettext("Click a card to add it to"))
    target.add_class("cl-picker-target")
    boxes = dict(targets)

    def picked(change: dict[str, Any]) -> None:
        cards = picker.selected_cards
        if not cards:
            return
        box = boxes[target.value]
        box.text.value = (box.text.value.strip() + " " + format_cards(cards)).strip()
        picker.clear_selection()

    picker.observe(picked, names="selected_ids")
    panel = widgets.Accordion(children=[widgets.VBox([target, picker])])
    panel.set_title(0, gettext("Card picker (click cards instead of typing)"))
    panel.selected_index = None
    return [panel]
