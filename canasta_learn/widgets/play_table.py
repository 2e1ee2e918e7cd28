"""The table as `PlayWidget` shows it: compact, so that it fits one screen with your hand.

Seen from your seat: one line for the other team (names, cards in hand, score, whether it
opened, red threes, its melds as small cards), then the stock and the discard pile (top card,
state and why, for *your* team) beside your team's melds. Your own hand is the `HandWidget`
under it. The pieces are the renderer's (``render.meld_html``, ``render.pile_html``...),
only smaller; the full table stays available as ``round_html``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card
from ..core.counts import canastas_text
from ..core.i18n import gettext, ngettext, pgettext
from ..core.verdicts import learner_words
from ..engine.round import Round
from ..profiles import Profile
from ..render import pile_html, stock_html
from ..render._style import BORDER, FONT, MUTED, PANEL, SURFACE, TEXT, badge, esc, style
from ..render.cards import cards_row_html
from ..render.table import KIND_BADGES, naturals_and_wilds
from ..rules.melds import canasta_kind, cards_value, meld_key, meld_rank
from ..variants.base import rules_for
from .pane import HtmlPane

__all__ = ["PlayTable", "mini_meld_html", "play_table_html"]



def _phase(phase: str) -> str:
    """What the seat to move is doing: "to draw", "to play", "to answer"."""
    if phase == "draw":
        return pgettext("turn phase", "to draw")
    if phase == "play":
        return pgettext("turn phase", "to play")
    if phase == "answer":
        return pgettext("turn phase", "to answer")
    return phase


#: The stock's and the pile's headings and counts are smaller than the full table's. In a narrow
#: container (the table's own width: a notebook's output area beside JupyterLab's
#: file browser is narrow in a wide window) the pile takes the whole width (its reason beside
#: the cards) and your team's melds go under it, using the whole width too.
_NARROW_CSS = """<style>
.cl-play-table { container-type: inline-size; }
.cl-play-table .cl-heading { font-size: 15px !important; margin-bottom: 2px !important; }
.cl-play-table .cl-stock { margin-right: 14px !important; }
.cl-play-table .cl-stock > div:last-child { font-size: 15px !important; margin-top: 2px !important;
  white-space: nowrap; }
.cl-play-table .cl-fan { min-height: 72px !important; }
@container (max-width: 980px) {
  .cl-play-table .cl-centre { max-width: none !important; flex: 1 1 100% !important; }
  .cl-play-table .cl-centre .cl-pile { display: inline-flex !important; flex-wrap: wrap;
    align-items: flex-start; gap: 0 12px; }
  .cl-play-table .cl-centre .cl-pile-reason { flex: 1 1 240px; max-width: 32em !important; }
}
</style>"""


def _count(count: int, what: str) -> str:
    if what == "card":
        return ngettext("{count} card", "{count} cards", count).format(count=count)
    if what == "canasta":
        return canastas_text(count)
    return ngettext("{count} red three", "{count} red threes", count).format(count=count)


def mini_meld_html(cards: Sequence[Card], prof: Profile, key: int | None = None, *, width: int = 32) -> str:
    """One meld, small: its name, size, wild cards and value in one line over tightly
    overlapped cards, and a canasta's kind in words with a solid (natural) or dashed border."""
    cards = list(cards)
    if key is None:
        key = meld_key(cards, prof)
    rules = rules_for(prof)
    title = rules.meld_title(cards, key)
    naturals, wilds = naturals_and_wilds(cards, key)
    shown = cards if rules.suits_matter else naturals + wilds  # a run keeps its order
    wild = len(wilds)
    value = cards_value(cards, prof)
    kind = canasta_kind(cards, key, prof) if key is not None else None
    if wild:
        detail = ngettext("\u00d7{count}, {wild} wild \u00b7 {value} pts",
                          "\u00d7{count}, {wild} wild \u00b7 {value} pts", wild).format(
            count=len(cards), wild=wild, value=value)
    else:
        detail = gettext("\u00d7{count} \u00b7 {value} pts").format(count=len(cards), value=value)
    # clean as the full meld picture says it: a run's kind decides (a two in its own place is no
    # wild card there), a set's wild cards
    clean = kind is not None and (kind != "suja" if rules.suits_matter else not wild)
    border = (f"3px solid {TEXT}" if clean else f"3px dashed {TEXT}") if kind else f"1px solid {BORDER}"
    tag = ""
    if kind:
        word = KIND_BADGES.get(kind, "canasta")  # the engine's kind in words: "Sevens canasta", ...
        tag = f' <b style="{style(font_size="12px")}">\u2605 {esc(word)}</b>'
    css = style(display="inline-block", vertical_align="top", border=border, border_radius="6px",
                padding="2px 5px 4px", margin="0 6px 6px 0", background=SURFACE)
    head = (f'<div style="{style(font_size="13px", white_space="nowrap")}"><b>{esc(title)}</b> '
            f'<span style="{style(color=MUTED)}">{esc(detail)}</span>{tag}</div>')
    overlap = round(width * (0.7 if len(shown) > 6 else 0.55))
    facts = [gettext("{title}: {count} cards").format(title=title, count=len(cards))]
    if wild:
        facts.append(ngettext("{count} wild", "{count} wild", wild).format(count=wild))
    facts.append(gettext("{value} points").format(value=value))
    if kind:
        facts.append(KIND_BADGES.get(kind, "canasta").lower())
    label = ", ".join(facts)
    return (f'<div class="cl-meld cl-mini-meld" role="group" aria-label="{esc(label)}" style="{css}">'
            f"{head}{cards_row_html(shown, overlap=overlap, width=width)}</div>")


def _melds(rnd: Round, team: int, width: int) -> str:
    prof = rnd.profile
    melds: list[tuple[int | None, list[Card]]] = [(k, m) for k, m in rnd.melds[team].items()]
    melds += [(None, m) for m in rnd.closed[team]]
    ordered = sorted(melds, key=lambda km: (-(len(km[1]) >= prof.canasta_size),
                                             (meld_rank(km[1]) or 0) == 1, meld_rank(km[1]) or 0))
    if not ordered:
        none = esc(gettext("No melds yet."))
        return f'<span style="{style(color=MUTED, font_size="14px")}">{none}</span>'
    items = "".join(mini_meld_html(m, prof, k, width=width) for k, m in ordered)
    return f'<div class="cl-melds" style="display:flex;flex-wrap:wrap;align-items:flex-start">{items}</div>'


def _team_facts(rnd: Round, team: int, names: Sequence[str], me: int,
                scores: Sequence[int] | None = None) -> str:
    seats = [s for s in range(rnd.player_count) if rnd.team_of(s) == team]
    minimum = rnd.opening_minimum(team)
    opened = (badge(gettext("Opened"), "ok", icon="\u2714") if rnd.opened[team]
              else badge(gettext("Not opened \u00b7 needs {minimum}").format(minimum=minimum), "empty",
                         icon="\u2717"))
    who = []
    for seat in seats:
        name = gettext("You") if seat == me else (names[seat] if seat < len(names) else None)
        where = rnd.seat_label(seat, "compass")  # where the player sits, in words: "Ebba (East)"
        who_sits = f"{name} ({where})" if name else where
        text = f"{who_sits}: {_count(len(rnd.hands[seat]), 'card')}"
        if not rnd.is_over and seat == rnd.to_move:
            text += f" \u25b6 {_phase(rnd.phase)}"
        who.append(esc(text))
    threes = sum(len(rnd.red_threes[s]) for s in seats)
    score = rnd.team_scores[team] if scores is None else scores[team]
    facts = [gettext("score {score}").format(score=score), _count(rnd.canasta_count(team), "canasta"),
             _count(threes, "red three")]
    if rules_for(rnd.profile).has_morto:
        facts.append(gettext("morto {state}").format(state=rnd.morto_text(team)))
    dot = " \u00b7 "
    return (f"{opened} <span>{dot.join(who)}</span> "
            f'<span style="{style(color=MUTED, font_size="14px")}">{esc(dot.join(facts))}</span>')


def play_table_html(rnd: Round, seat: int, names: Sequence[str], *, four_color: bool = False,
                    scores: Sequence[int] | None = None) -> str:
    """The compact table for the player in ``seat`` (see the module's docstring). ``scores``:
    each team's score as the play view's header says it (default: the round's
    ``team_scores``, the score its opening minimum is read from)."""
    # the pile's state said to you ("your team"), the others by name ("taken by Ebba"), cards as symbols
    words = [*names, *(rnd.seat_label(s, "compass") for s in range(len(names), rnd.player_count))]
    words[seat] = gettext("you")  # as `learner_seats` says the learner's seat: "taken by you"
    with learner_words(words, you=seat):
        return _play_table(rnd, seat, names, four_color=four_color, scores=scores)


def _play_table(rnd: Round, seat: int, names: Sequence[str], *, four_color: bool,
                scores: Sequence[int] | None) -> str:
    mine = rnd.team_of(seat)
    panel = style(background=PANEL, border=f"1px solid {BORDER}", border_radius="8px",
                  padding="4px 8px", margin="0 0 6px 0")
    head = style(font_size="15px", font_weight=700, color=TEXT, margin_right="6px")
    other_team, your_team = esc(gettext("The other team")), esc(gettext("Your team"))
    parts = []
    for team in range(rnd.profile.team_count):
        if team == mine:
            continue
        parts.append(
            f'<div class="cl-opponents cl-team-{team}" role="group" aria-label="{other_team}" '
            f'style="{panel}"><div style="display:flex;flex-wrap:wrap;align-items:center;gap:6px">'
            f'<span style="{head}">{other_team}</span>{_team_facts(rnd, team, names, seat, scores)}</div>'
            f"{_melds(rnd, team, 26)}</div>")
    status = rnd.pile_status(seat)
    step = 10 if len(rnd.pile) <= 12 else 5 if len(rnd.pile) <= 30 else 3
    stock_and_pile = esc(gettext("Stock and discard pile"))
    centre = (f'<div class="cl-centre" role="group" aria-label="{stock_and_pile}" '
              f'style="{style(flex="0 1 auto", min_width="0", max_width="300px", font_size="13px")}">'
              f'<div style="display:flex;align-items:flex-start">{stock_html(rnd.stock_count, width=40)}'
              f"{pile_html(rnd.pile, status, four_color=four_color, width=48, step=step)}</div></div>")
    own = (f'<div class="cl-own-team cl-team-{mine}" role="group" aria-label="{your_team}" '
           f'style="{style(flex="1 1 320px", min_width="0")}">'
           f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:6px">'
           f'<span style="{head}">{your_team}</span>{_team_facts(rnd, mine, names, seat, scores)}</div>'
           f'<div style="display:flex;flex-wrap:wrap;gap:8px">{_melds(rnd, mine, 34)}</div></div>')
    parts.append(f'<div style="{panel};display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start">'
                 f"{centre}{own}</div>")
    css = style(font_family=FONT, color=TEXT, background=SURFACE, line_height="1.3")
    the_table = esc(gettext("The table"))
    return (f'<div class="cl-play-table" role="group" aria-label="{the_table}" style="{css}">'
            + _NARROW_CSS + "".join(parts) + "</div>")


class PlayTable(HtmlPane):
    """The compact table in an `HtmlPane`; ``update(round)`` redraws it (``html`` is itself,
    so ``table.html.value`` is the picture, as for `TableWidget`)."""

    def __init__(self, rnd: Round, seat: int, names: Sequence[str], *, four_color: bool = False) -> None:
        super().__init__()
        self.round = rnd
        self.seat = seat
        self.names = list(names)
        self.four_color = four_color
        #: Each team's score to show (None: the round's ``team_scores``).
        self.scores: list[int] | None = None
        self.add_class("cl-play-table-widget")
        self.update(rnd)

    @property
    def html(self) -> PlayTable:
        """This pane (for code written against `TableWidget.html`)."""
        return self

    def update(self, rnd: Round | None = None, scores: Sequence[int] | None = None) -> None:
        """Redraw (for ``rnd``, or the round shown after it changed; ``scores``: each team's
        score as the play view's header says it, default the round's ``team_scores``)."""
        if rnd is not None:
            self.round = rnd
        self.scores = None if scores is None else list(scores)
        self.value = play_table_html(self.round, self.seat, self.names, four_color=self.four_color,
                                     scores=self.scores)
