"""The table as HTML: melds and canastas, the discard pile, the stock, red threes, a team's
side, a whole round, and a hypothetical `Position`.

A frozen pile is drawn as players lay it: the card that froze it turned sideways in the
stack. A blocked pile says "Blocked" once, in its state badge, and outlines its top card in red.
Canastas carry a badge in words.

**Question mode** (``question=True``; what a quiz draws) shows only what a player sees at the
table: the cards, the counts, the team's score, whether it opened and how the player drew. It
hides everything the engine works out from them: the pile's state badge and reason, the
"Blocked" mark, the opening minimum, canasta kinds and meld values. ``asks="pile_state"`` (or
``"pile_reason"``) also draws the card that froze the pile upright, since its turn would give
the state away.

>>> from canasta_learn.core.cards import parse_cards
>>> from canasta_learn.profiles import get_profile
>>> "Natural canasta" in meld_html(parse_cards("h13 " * 7), get_profile())
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Final

from ..core.cards import Card
from ..core.counts import canastas_text
from ..core.i18n import get_language, gettext, ngettext
from ..core.verdicts import learner_words
from ..profiles import Profile, get_profile
from ..rules.melds import (
    WILD_MELD_RANK,
    canasta_kind,
    cards_value,
    closes_at_canasta,
    meld_counts,
    meld_key,
    meld_rank,
    split_naturals,
)
from ..rules.pile import PileStatus
from ..rules.scoring import canasta_bonus_text
from ..variants.base import rules_for
from ..variants.sequences import sequence_title
from ._style import (
    BORDER,
    FONT,
    MUTED,
    PANEL,
    SURFACE,
    TEXT,
    PlayerNames,
    badge,
    esc,
    player_name,
    style,
)
from .cards import (
    CARD_WIDTH,
    LABEL_CSS,
    ROW_CSS,
    card_back_svg,
    card_label,
    card_svg,
    cards_row_html,
    hidden_hand_svg,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.position import Position
    from ..engine.round import Round

__all__ = [
    "KIND_BADGES",
    "meld_html",
    "naturals_and_wilds",
    "pile_html",
    "pile_status_html",
    "QUESTION_ASKS",
    "position_html",
    "red_threes_html",
    "round_html",
    "stock_html",
    "team_side_html",
]

_STATE_BADGES: Final = {
    "open": ("Open", "\u2714"),
    "frozen": ("Frozen", "\u2744"),
    "blocked": ("Blocked", "\u2298"),
    "empty": ("Empty", "\u25cb"),
}
FACTS_CSS: Final = style(color=MUTED, font_size="15px", margin_left="6px")


def _state_word(state: str) -> str:
    """A pile state's badge word ("Frozen") in the language spoken now (a state without a badge:
    its code, capitalised)."""
    if state == "open":
        return gettext("Open")
    if state == "frozen":
        return gettext("Frozen")
    if state == "blocked":
        return gettext("Blocked")
    if state == "empty":
        return gettext("Empty")
    return state.capitalize()


def _phase_word(phase: str) -> str:
    """What the player to move is to do ("to draw"), in the language spoken now."""
    if phase == "draw":
        return gettext("to draw")
    if phase == "play":
        return gettext("to play")
    if phase == "answer":
        return gettext("to answer")
    return phase


def _seat_phase(seat: str, phase: str) -> str:
    """Who is to do what: "N to draw"."""
    if phase == "draw":
        return gettext("{seat} to draw").format(seat=seat)
    if phase == "play":
        return gettext("{seat} to play").format(seat=seat)
    if phase == "answer":
        return gettext("{seat} to answer").format(seat=seat)
    return f"{seat} {phase}"


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _profile(profile: Profile | str | None) -> Profile:
    return get_profile(profile if profile is not None else "classic")


def _panel(inner: str, *, cls: str, label: str, extra: str = "") -> str:
    css = style(background=PANEL, border=f"1px solid {BORDER}", border_radius="10px",
                padding="10px 14px", margin="8px 0")
    return (f'<section class="{cls}" aria-label="{esc(label)}" style="{css}{extra}">'
            f"{inner}</section>")


def _heading(text: str, extra: str = "") -> str:
    css = style(font_size="18px", font_weight=700, color=TEXT, margin="0 8px 6px 0",
                display="inline-block")
    return f'<span class="cl-heading" style="{css}">{esc(text)}</span>{extra}'


def _muted(text: str) -> str:
    return f'<span style="{style(color=MUTED, font_size="14px")}">{esc(text)}</span>'


# --------------------------------------------------------------------------- melds
def naturals_and_wilds(cards: Sequence[Card], key: int | None) -> tuple[list[Card], list[Card]]:
    """(naturals, wild cards) of a meld of key ``key`` as the rules count them
    (`canasta_learn.rules.melds.meld_counts`: in a deuce meld the twos are its naturals and the
    jokers its wild cards; a wild-card meld is all wild cards); ``key`` None: naturals and
    wild cards as cards."""
    if key is None:
        return split_naturals(cards)
    naturals: list[Card] = []
    wilds: list[Card] = []
    for card in cards:
        (naturals if meld_counts((card,), key)[0] else wilds).append(card)
    return naturals, wilds


def meld_html(
    cards: Sequence[Card],
    profile: Profile | str | None = None,
    *,
    four_color: bool = False,
    width: int = CARD_WIDTH,
    question: bool = False,
) -> str:
    """One meld: its cards (naturals, then wild cards), its rank, size and value, and a
    badge in words for a canasta ("Natural canasta" / "Mixed canasta") with a matching
    border (solid for natural, dashed for mixed). With ``question`` (question mode) only
    its name and number of cards: no value, no canasta kind."""
    prof = _profile(profile)
    rules = rules_for(prof)
    cards = list(cards)
    key = meld_key(cards, prof)
    if question:
        return _meld_panel(rules.meld_title(cards, key), _meld_size(len(cards)), "meld", None, cards, prof,
                           solid=False, accent=False, four_color=four_color, width=width)
    if rules.suits_matter:
        return _sequence_meld_html(cards, key, prof, four_color=four_color, width=width)
    naturals, wilds = naturals_and_wilds(cards, key)
    what = rules.meld_title(cards, key)
    value = cards_value(cards, prof)
    kind_code = canasta_kind(cards, key, prof) if key is not None else None
    canasta = kind_code is not None
    natural = canasta and not wilds and key != WILD_MELD_RANK
    detail = _meld_size(len(cards), len(wilds) if wilds and key != WILD_MELD_RANK else 0)
    detail += " \u00b7 " + gettext("{value} pts").format(value=value)
    if canasta and key is not None and closes_at_canasta(key, prof):
        detail += " \u00b7 " + gettext("closed")
    kind = "natural canasta" if natural else "mixed canasta" if canasta else "meld"
    return _meld_panel(what, detail, kind, kind_code, naturals + wilds, prof, solid=natural, accent=natural,
                       four_color=four_color, width=width)


def _meld_size(count: int, wild: int = 0) -> str:
    """A meld's size, and how many wild cards it holds (none: not said): "5 cards, 1 wild"."""
    # the English says "cards" for any number (a meld is never one card): the singular is the same
    size = ngettext("{count} cards", "{count} cards", count).format(count=count)
    if wild:
        # each count takes its own plural: "5 cartas, 1 curinga", "3 cartas, 2 curingas"
        size += ", " + ngettext("{wild} wild", "{wild} wild", wild).format(wild=wild)
    return size


def _kind_words(kind: str) -> str:
    """A meld's kind as its accessible name says it ("natural canasta"); the Brazilian
    canastras' names ("canastra real") are the same in every language."""
    if get_language() == "en":
        return kind
    words = {"natural canasta": gettext("natural canasta"), "mixed canasta": gettext("mixed canasta"),
             "meld": gettext("meld"), "sequence": gettext("sequence"), "set of aces": gettext("set of aces")}
    return words.get(kind, kind)


def _meld_panel(title: str, detail: str, kind: str, kind_code: str | None, cards: Sequence[Card], prof: Profile,
                *, solid: bool, accent: bool, four_color: bool, width: int, extra_class: str = "") -> str:
    """The frame every meld is drawn in: title and details, the cards, and for a canasta a
    badge in words with a matching border (solid, in the accent colour when ``accent``, for a
    clean canasta; dashed otherwise)."""
    border = f"1px solid {BORDER}"
    if kind_code is not None:
        border = f"3px solid {'#b71c1c' if accent else TEXT}" if solid else f"3px dashed {TEXT}"
    css = style(display="inline-block", vertical_align="top", border=border,
                border_radius="8px", padding="4px 8px 6px", margin="0 10px 10px 0",
                background=SURFACE, font_family=FONT)
    head = (f'<div style="{style(font_size="15px", font_weight=700, color=TEXT)}">{esc(title)} '
            f'<span style="{style(font_weight=400, color=MUTED, font_size="13px")}">'
            f"{esc(detail)}</span></div>")
    tag_html = ""
    if kind_code is not None:
        tag = badge(KIND_BADGES[kind_code], "natural" if solid else "mixed",
                    icon="\u2605" if solid else "\u25d0",
                    title=gettext("{size}+ cards: {bonus}").format(size=prof.canasta_size,
                                                                    bonus=canasta_bonus_text(prof, kind_code)))
        tag_html = f'<div style="margin-top:2px">{tag}</div>'
    overlap = round(width * 0.62) if kind_code else round(width * 0.45)
    row = cards_row_html(cards, overlap=overlap, four_color=four_color, width=width)
    label = gettext("{title}: {kind}, {detail}").format(title=title, kind=_kind_words(kind), detail=detail)
    return (f'<div class="cl-meld{extra_class} cl-{kind.replace(" ", "-")}" role="group" '
            f'aria-label="{esc(label)}" style="{css}">{head}{row}{tag_html}</div>')


def _sequence_meld_html(cards: list[Card], key: int | None, prof: Profile, *, four_color: bool,
                        width: int) -> str:
    """A Brazilian meld drawn as a run: cards in rank order (each wild card in the place it
    stands for), titled 'Hearts 4–10' or 'Aces', with its canastra kind."""
    title = sequence_title(cards, key)
    wild = sum(1 for c in cards if c.is_wild)
    value = cards_value(cards, prof)
    kind_code = canasta_kind(cards, key or 0, prof) if key is not None else None
    detail = _meld_size(len(cards), wild) + " \u00b7 " + gettext("{value} pts").format(value=value)
    if kind_code is None and wild > 1 and len(cards) >= prof.canasta_size:
        detail += " \u00b7 " + gettext("no canasta (more than one wild card)")
    clean = kind_code in ("real", "de_mil") or (kind_code == "limpa" and not wild)
    kind = f"canastra {kind_code.replace('_', ' ')}" if kind_code else ("sequence" if key != 1 else "set of aces")
    return _meld_panel(title, detail, kind, kind_code, cards, prof, solid=kind_code != "suja", accent=clean,
                       four_color=four_color, width=width, extra_class=" cl-run")


@cache
def _kind_badge_words(language: str) -> dict[str, str]:
    """`KIND_BADGES` in ``language`` (the one spoken now), made once per language. The
    Brazilian canastras keep their Brazilian names in every language."""
    return {
        "real": "Canastra real", "de_mil": "Canastra de mil", "limpa": "Canastra limpa", "suja": "Canastra suja",
        "natural": gettext("Natural canasta"), "mixed": gettext("Mixed canasta"),
        "sevens": gettext("Sevens canasta"), "wild": gettext("Wild-card canasta"),
        "deuce_natural": gettext("Canasta of seven twos"), "deuce_mixed": gettext("Mixed canasta of twos"),
    }


class _KindBadges(Mapping[str, str]):
    """The canasta kinds' names, read in the language spoken at each look-up."""

    def __getitem__(self, kind: str) -> str:
        return _kind_badge_words(get_language())[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(_kind_badge_words("en"))

    def __len__(self) -> int:
        return len(_kind_badge_words("en"))

    def __repr__(self) -> str:
        return repr(dict(self))


#: The name of each canasta kind (`melds.canasta_kind`) as badges and sentences say it, in the
#: language spoken when it is read: ``KIND_BADGES["natural"]`` is ``'Natural canasta'``
#: (``'Canastra limpa'`` in Brazilian Portuguese).
KIND_BADGES: Final[Mapping[str, str]] = _KindBadges()


def _melds_block(melds: Sequence[Sequence[Card]], profile: Profile, four_color: bool,
                 width: int, extra: str = "", question: bool = False) -> str:
    """The melds (canastas first, then by rank), then ``extra`` (red threes) in one wrap."""
    ordered = sorted(melds, key=lambda m: (-(len(m) >= profile.canasta_size),
                                            (meld_rank(m) or 0) == 1, meld_rank(m) or 0))
    items = [meld_html(m, profile, four_color=four_color, width=width, question=question)
             for m in ordered]
    if not melds:
        none = _muted(gettext("No melds yet."))
        items.append(f'<div style="margin:4px 16px 8px 0">{none}</div>')
    return ('<div class="cl-melds" style="display:flex;flex-wrap:wrap;align-items:flex-start">'
            + "".join(items) + extra + "</div>")


# --------------------------------------------------------------------------- pile
def _freezer_index(pile: Sequence[Card], status: PileStatus) -> int | None:
    """Where the card that froze the pile lies (the first such card from the bottom)."""
    if status.state != "frozen" or not status.cards:
        return None
    culprit = status.cards[0]
    for i, card in enumerate(pile[:-1]):
        if card == culprit:
            return i
    return None


def _empty_place(width: int, text: str | None = None) -> str:
    if text is None:
        text = gettext("empty")
    box = style(width=f"{width}px", height=f"{round(width * 1.4)}px",
                border=f"2px dashed {BORDER}", border_radius="8px", display="flex",
                align_items="center", justify_content="center", color=MUTED, font_size="13px")
    return f'<div style="{box}">{esc(text)}</div>'


def pile_status_html(status: PileStatus, *, four_color: bool = False) -> str:
    """A pile's state: a badge with icon and word, the reason, and the cards responsible."""
    icon = _STATE_BADGES.get(status.state, ("", ""))[1]
    word = _state_word(status.state)
    cards = ""
    if status.cards:
        cards = cards_row_html(status.cards, label=gettext("Cards responsible"), four_color=four_color,
                               width=48, overlap=10)
    code = f'<code style="{style(font_size="12px", color=MUTED)}">{esc(status.code)}</code>'
    css = style(color=TEXT, font_family=FONT)
    message_css = style(margin="6px 0", max_width="46em", font_size="15px")
    return (f'<div class="cl-pile-status" role="status" style="{css}">'
            f"{badge(word, status.state, icon=icon)} {code}"
            f'<div style="{message_css}">{esc(status.message)}</div>{cards}</div>')


def pile_html(
    pile: Sequence[Card],
    status: PileStatus,
    *,
    four_color: bool = False,
    width: int = CARD_WIDTH,
    step: int | None = None,
    question: bool = False,
    sideways: bool = True,
) -> str:
    """The discard pile (bottom to top) fanned left to right, the top card fully shown.

    A frozen pile shows its freezing card (wild card, red three, or black three in the
    traditional profile) turned sideways; a blocked top card is outlined and badged
    "Blocked"; the state badge and the reason are written out. ``step`` is how much of
    each buried card shows (pixels; by default less as the pile grows).

    With ``question`` (question mode) only the cards and their number: no state badge, no
    reason, no "Blocked" mark, and the accessible names do not say why a card lies
    sideways; with ``sideways=False`` too, every card is drawn upright.
    """
    count = len(pile)
    icon = _STATE_BADGES.get(status.state, ("", ""))[1]
    word = _state_word(status.state)
    state_badge = "" if question else " " + badge(word, status.state, icon=icon)
    head = _heading(gettext("Discard pile"), f"{_muted(_cards(count))}{state_badge}")
    if step is None:
        step = 18 if count <= 16 else 12 if count <= 30 else 8
    freezer = _freezer_index(pile, status) if sideways else None
    height = round(width * 1.4)
    blocked = status.state == "blocked" and not question
    if not pile:
        fan = _empty_place(width, "" if question else None)
    else:
        fan_css = style(display="flex", align_items="center", min_height=f"{height + 30}px")
        parts = [f'<div class="cl-fan" style="{fan_css}">']
        prev_visible = prev_width = 0
        for i, card in enumerate(pile):
            top = i == count - 1
            turned = i == freezer
            name = card_label(card)
            if turned:
                name = (gettext("{card}, turned sideways") if question
                        else gettext("{card}, turned sideways: it froze the pile")).format(card=name)
            if top:
                name = (gettext("{card}, top of the pile, blocked") if blocked
                        else gettext("{card}, top of the pile")).format(card=name)
            svg = card_svg(card, sideways=turned, four_color=four_color, width=width, label=name)
            margin = f"{prev_visible - prev_width}px" if i else "0"
            if top:
                outline = ("outline:4px solid #c62828;outline-offset:1px;border-radius:8px"
                           if blocked else "")
                # A blocked pile says so once, in its state badge; its top card keeps the red
                # outline and "top" (its accessible name says "blocked").
                mark = _muted(gettext("top"))
                css = style(display="flex", flex_direction="column", align_items="center",
                            margin_left=margin, flex="0 0 auto")
                parts.append(f'<span class="cl-pile-top" style="{css}">'
                             f'<span style="display:block;{outline}">{svg}</span>'
                             f'<span style="margin-top:6px">{mark}</span></span>')
            else:
                css = style(display="block", flex="0 0 auto", margin_left=margin,
                            margin_bottom="24px")
                parts.append(f'<span style="{css}">{svg}</span>')
            prev_width = height if turned else width
            prev_visible = round(height * 0.62) if turned else step
        parts.append("</div>")
        fan = "".join(parts)
    reason_css = style(font_size="15px", color=TEXT, max_width="40em", margin_top="4px")
    reason = f'<div class="cl-pile-reason" style="{reason_css}">{esc(status.message)}</div>'
    label = gettext("Discard pile: {cards}, {state}").format(cards=_cards(count), state=word.lower())
    kind = esc(status.state)
    if question:
        reason, label, kind = "", gettext("Discard pile: {cards}").format(cards=_cards(count)), "question"
    css = style(display="inline-block", vertical_align="top", margin_right="24px",
                font_family=FONT, color=TEXT)
    return (f'<div class="cl-pile cl-pile-{kind}" role="group" '
            f'aria-label="{esc(label)}" style="{css}">{head}{fan}{reason}</div>')


def stock_html(count: int, *, width: int = CARD_WIDTH) -> str:
    """The stock: a face-down card (or an empty place) and how many cards are left."""
    word = _cards(count)
    label = gettext("Stock: {cards}").format(cards=word)
    if count:
        picture = card_back_svg(width=width, label=label)
    else:
        picture = _empty_place(width)
    css = style(display="inline-block", vertical_align="top", margin_right="28px",
                text_align="center", font_family=FONT, color=TEXT)
    count_css = style(font_size="22px", font_weight=700, color=TEXT, margin_top="6px")
    centre = style(display="flex", justify_content="center", padding_top="6px")
    heading = _heading(gettext("Stock"))
    return (f'<div class="cl-stock" role="group" aria-label="{esc(label)}" '
            f'style="{css}">{heading}<div style="{centre}">{picture}</div>'
            f'<div style="{count_css}">{esc(word)}</div></div>')


def red_threes_html(cards: Sequence[Card], *, four_color: bool = False,
                    width: int = CARD_WIDTH, label: str | None = None) -> str:
    """Red threes laid down as bonus cards (a labelled row, by default "Red threes"; "none"
    when empty)."""
    return cards_row_html(cards, label=gettext("Red threes") if label is None else label,
                          four_color=four_color, width=width, overlap=round(width * 0.4),
                          empty_text=gettext("none"))


def _backs_row(count: int, label: str, width: int) -> str:
    """A hidden hand: face-down cards, tightly overlapped (one picture), under a label."""
    picture = hidden_hand_svg(count, width=width) if count else _muted(gettext("no cards"))
    return (f'<div class="cl-row" role="group" aria-label="{esc(label)}" style="{ROW_CSS}">'
            f'<div style="{LABEL_CSS}">{esc(label)}</div><div style="display:flex">{picture}</div></div>')


# --------------------------------------------------------------------------- teams and rounds
def _team_name(rnd: Round, team: int) -> str:
    """A team in words: "Team North–South" ("Equipe Norte–Sul")."""
    seats = [s for s in range(rnd.player_count) if rnd.team_of(s) == team]
    return gettext("Team {seats}").format(seats="\u2013".join(rnd.seat_label(s, form="compass") for s in seats))


def _given_name(rnd: Round, seat: int, names: PlayerNames) -> str | None:
    """The player's name given for ``seat``, or None: none given, or only the seat's code ("N", a
    record's placeholder when it knows no names)."""
    name = player_name(names, seat)
    return None if name is None or name == rnd.seat_name(seat) else name


def _seat_label(rnd: Round, seat: int, names: PlayerNames) -> str:
    """A seat as the table names it: the player's name where known, else the compass word ("North")."""
    return _given_name(rnd, seat, names) or rnd.seat_label(seat, form="compass")


def _seat_place(rnd: Round, seat: int, names: PlayerNames) -> str:
    """A seat as its hand's label names it: the player's name and where they sit ("Ann (North)", as
    the replay's move list says "North: Draw"), else the compass word."""
    name = _given_name(rnd, seat, names)
    where = rnd.seat_label(seat, form="compass")
    return f"{name} ({where})" if name else where


@contextmanager
def _told(rnd: Round, names: PlayerNames) -> Iterator[None]:
    """Within this block the round's own sentences (the pile's state, the morto's taker) are told as a
    narrator tells them: of the seat they concern, in the third person, by name (else the compass word),
    cards as symbols (`canasta_learn.core.verdicts.learner_words`)."""
    words = [_seat_label(rnd, s, names) for s in range(rnd.player_count)]
    with learner_words(words, narrate=True):
        yield


def team_side_html(
    rnd: Round,
    team: int,
    *,
    show_hands: bool = True,
    player_names: PlayerNames = None,
    four_color: bool = False,
    width: int = CARD_WIDTH,
    question: bool = False,
) -> str:
    """One team's side of the table: score, opening minimum and whether it opened, its
    melds and canastas, its red threes, and its players' hands (face up, or face down with
    ``show_hands=False``). With ``question`` (question mode): no opening minimum, melds by
    name and number of cards only, and only the hand of the seat to move face up."""
    with _told(rnd, player_names):
        return _team_side(rnd, team, show_hands=show_hands, player_names=player_names, four_color=four_color,
                          width=width, question=question)


def _team_side(rnd: Round, team: int, *, show_hands: bool, player_names: PlayerNames, four_color: bool,
               width: int, question: bool) -> str:
    prof = rnd.profile
    seats = [s for s in range(rnd.player_count) if rnd.team_of(s) == team]
    names = [_given_name(rnd, s, player_names) for s in seats]
    title = _team_name(rnd, team)
    who = " & ".join(n for n in names if n)
    minimum = rnd.opening_minimum(team)
    if rnd.opened[team]:
        opened = badge(gettext("Opened"), "ok", icon="\u2714")
        min_text = gettext("opening minimum was {minimum}").format(minimum=minimum)
    else:
        opened = badge(gettext("Not opened"), "empty", icon="\u2717")
        min_text = gettext("opening minimum {minimum}").format(minimum=minimum)
    canastas = rnd.canasta_count(team)
    score = gettext("score {score}").format(score=rnd.team_scores[team])
    facts = (f"{score} \u00b7 {min_text} \u00b7 "
             + canastas_text(canastas))
    if question:
        facts = score
    turn = ""
    if not rnd.is_over and rnd.team_of(rnd.to_move) == team:
        turn = " " + badge(_seat_phase(_seat_label(rnd, rnd.to_move, player_names), rnd.phase), "turn", icon="\u25b6")
    head = (_heading(title + (f" ({who})" if who else ""))
            + f'{opened}{turn} <span style="{FACTS_CSS}">{esc(facts)}</span>')
    threes = [c for s in seats for c in rnd.red_threes[s]]
    threes_html = (red_threes_html(threes, four_color=four_color, width=width)
                   if threes else '<div style="margin:4px 0">' + _muted(gettext("No red threes.")) + "</div>")
    if rules_for(prof).has_morto:
        state = rnd.morto_state[team]
        morto_badge = badge(gettext("Morto: {state}").format(state=rnd.morto_text(team)),
                            "ok" if state == "taken" else "empty",
                            icon="\u2714" if state == "taken" else "\u25a1")
        if state == "waiting":
            threes_html += _backs_row(len(rnd.mortos[team]),
                                      gettext("Morto \u2013 {state}").format(state=rnd.morto_text(team)), width)
        else:
            threes_html += f'<div class="cl-morto" style="margin:4px 0">{morto_badge}</div>'
    melds = _melds_block(list(rnd.melds[team].values()) + list(rnd.closed[team]), prof, four_color, width,
                         threes_html, question=question)
    hands = []
    for seat in seats:
        hand = rnd.hands[seat]
        label = ngettext("{seat} \u2013 {count} card", "{seat} \u2013 {count} cards", len(hand)).format(
            seat=_seat_place(rnd, seat, player_names), count=len(hand))
        if not rnd.is_over and seat == rnd.to_move:
            label += " \u25b6 " + _phase_word(rnd.phase)
        if show_hands and not (question and seat != rnd.to_move):
            hands.append(cards_row_html(hand, label=label, four_color=four_color, width=width,
                                        empty_text=gettext("no cards")))
        else:
            hands.append(_backs_row(len(hand), label, width))
    hands_html = f'<div class="cl-hands" style="margin-top:6px">{"".join(hands)}</div>'
    return _panel(f"<div>{head}</div>{melds}{hands_html}",
                  cls=f"cl-team cl-team-{team}", label=title)


def _turn_text(rnd: Round, names: PlayerNames) -> str:
    if rnd.is_over:
        who = ""
        if rnd.went_out is not None:
            seat = _seat_label(rnd, rnd.went_out, names)
            who = (gettext("{seat} went out concealed") if rnd.went_out_concealed
                   else gettext("{seat} went out")).format(seat=seat)
        if who:  # "S went out" already says why the round ended; only another end needs its reason
            return gettext("Round over: {who}").format(who=who)
        if rnd.end_reason:
            reason = (gettext("stock exhausted") if rnd.end_reason == "stock_exhausted"
                      else rnd.end_reason.replace("_", " "))
            return gettext("Round over ({reason})").format(reason=reason)
        return gettext("Round over")
    text = _seat_phase(_seat_label(rnd, rnd.to_move, names), rnd.phase)
    if rnd.phase == "play" and rnd.drew_from == "stock":
        text = gettext("{turn} (drew from the stock)").format(turn=text)
    elif rnd.phase == "play" and rnd.drew_from == "pile":
        text = gettext("{turn} (drew from the pile)").format(turn=text)
    elif rnd.phase == "play" and rnd.drew_from:
        text += f" (drew from the {rnd.drew_from})"
    return text


def round_html(
    rnd: Round,
    *,
    show_hands: bool = True,
    player_names: PlayerNames = None,
    four_color: bool = False,
    width: int = CARD_WIDTH,
    question: bool = False,
) -> str:
    """The whole table: both teams' sides (melds, red threes, hands, score, opening minimum
    and whether they opened), the stock and the discard pile with its state, whose turn it
    is, and the score breakdowns once the round is over.

    ``player_names`` is a list by seat or a dict ``{seat: name}``; names are escaped. A seat
    without a name (or named only by its code, "N", as a record that knows no names) is said in
    compass words: "dealer North", "Team North\u2013South", "South \u2013 11 cards". The pile's state
    is told of the player to move, in the third person, cards as symbols ("so South needs a natural
    pair of nines"): a table tells of every player (`canasta_learn.core.verdicts.learner_words`).

    >>> from canasta_learn.engine.round import Round
    >>> page = round_html(Round(seed=1, dealer=0), player_names=["Ann", "Ebba", "Sam", "Wen"])
    >>> "dealer Ann" in page, "Team North\u2013South (Ann &amp; Sam)" in page, "Ebba to draw" in page
    (True, True, True)

    With ``question`` (question mode, for a quiz asked at this moment) what the player to
    move sees: their own hand only, the pile's cards without state, reason or "Blocked"
    mark, no opening minimums, canasta kinds, meld values or score breakdowns.
    """
    with _told(rnd, player_names):
        return _round(rnd, show_hands=show_hands, player_names=player_names, four_color=four_color, width=width,
                      question=question)


def _round(rnd: Round, *, show_hands: bool, player_names: PlayerNames, four_color: bool, width: int,
           question: bool) -> str:
    from .verdict import scores_html

    prof = rnd.profile
    teams = list(range(prof.team_count))
    title = gettext("Canasta \u00b7 {profile} profile \u00b7 dealer {dealer}").format(
        profile=prof.name, dealer=_seat_label(rnd, rnd.dealer, player_names))
    turn_badge = badge(_turn_text(rnd, player_names), "empty" if rnd.is_over else "turn",
                       icon="\u25a0" if rnd.is_over else "\u25b6")
    header_css = style(display="flex", flex_wrap="wrap", align_items="center", gap="10px",
                       margin_bottom="4px")
    header = (f'<div class="cl-header" style="{header_css}">'
              f'<span style="{style(font_size="20px", font_weight=700)}">{esc(title)}</span>'
              f"{turn_badge}</div>")
    status = rnd.pile_status()
    pile = pile_html(rnd.pile, status, four_color=four_color, width=width, question=question)
    others = []
    mover_team = rnd.team_of(rnd.to_move)
    for team in teams:
        if team == mover_team:
            continue
        seat = next(s for s in range(rnd.player_count) if rnd.team_of(s) == team)
        other = rnd.pile_status(seat)
        if other.state != status.state:
            word = _state_word(other.state).lower()
            others.append(gettext("For {team} the pile is {state}.").format(team=_team_name(rnd, team), state=word))
    pile_note = ""
    if rnd.pile and others and not question:
        who = _team_name(rnd, mover_team)
        shown = gettext("State shown for {team} (to move).").format(team=who)
        pile_note = (f'<div style="{style(font_size="14px", color=MUTED, margin_top="4px")}">'
                     f"{esc(shown + ' ' + ' '.join(others))}</div>")
    centre = _panel(
        f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">'
        f"{stock_html(rnd.stock_count, width=width)}<div>{pile}{pile_note}</div></div>",
        cls="cl-centre", label=gettext("Stock and discard pile"))
    sides = [team_side_html(rnd, t, show_hands=show_hands, player_names=player_names,
                            four_color=four_color, width=width, question=question) for t in teams]
    body = sides[0] + centre + "".join(sides[1:])
    if rnd.is_over and not question:
        body += _panel(scores_html(rnd.scores(), team_names=[_team_name(rnd, t) for t in teams]),
                       cls="cl-scores", label=gettext("Scores for the round"))
    css = style(font_family=FONT, color=TEXT, background=SURFACE, padding="10px 12px",
                border_radius="12px", border=f"1px solid {BORDER}", line_height="1.35",
                max_width="1400px")
    label = gettext("Canasta table: {title}").format(title=title)
    return (f'<div class="cl-round" role="group" aria-label="{esc(label)}" '
            f'style="{css}">{header}{body}</div>')


#: What a question (a quiz) may ask about a position, each hiding a little more than the
#: question mode always does (see `position_html`).
QUESTION_ASKS: Final = ("can_take_pile", "opening_minimum", "which_meld_opens", "pile_state", "pile_reason")


def position_html(position: Position, *, four_color: bool = False, width: int = CARD_WIDTH,
                  question: bool = False, asks: str | None = None, hand: bool = True) -> str:
    """A hypothetical position: the hand, the discard pile with its state for this team, the
    team's melds, red threes, score, opening minimum and whether the team opened.

    ``hand=False`` leaves the hand out, for a page that shows the hand itself as cards to
    click (the practice widget's action drills).

    With ``question`` (question mode, for a quiz) only what a player sees at the table: the
    hand, the pile's cards, the team's melds (names and numbers of cards), red threes, score,
    whether the team opened and how the player drew; no pile state, reason or "Blocked"
    mark, no opening minimum, no canasta kinds or meld values. ``asks`` names what the
    question asks (one of `QUESTION_ASKS`); ``"pile_state"`` and ``"pile_reason"`` also draw
    every pile card upright.

    >>> from canasta_learn import Position
    >>> frozen = Position("h5 d2", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])
    >>> "Frozen" in position_html(frozen), "Frozen" in position_html(frozen, question=True)
    (True, False)
    >>> "Your hand" in position_html(frozen, hand=False)
    False
    """
    if asks is not None and asks not in QUESTION_ASKS:
        raise ValueError(f"asks={asks!r} is not a question kind; kinds: {', '.join(QUESTION_ASKS)}.")
    prof = position.profile
    opened = (badge(gettext("Opened"), "ok", icon="\u2714") if position.team_opened
              else badge(gettext("Not opened"), "empty", icon="\u2717"))
    if position.drew_from is None:
        drew = gettext("before drawing")
    elif position.drew_from == "stock":
        drew = gettext("drew from the stock")
    elif position.drew_from == "pile":
        drew = gettext("took the pile")
    else:
        drew = str(position.drew_from)
    score = gettext("team score {score}").format(score=position.team_score)
    facts = (f"{score} \u00b7 " + gettext("opening minimum {minimum}").format(minimum=position.opening_minimum)
             + f" \u00b7 {drew}")
    if question:
        facts = f"{score} \u00b7 {drew}"
    title = gettext("Position \u00b7 {profile} profile").format(profile=prof.name)
    header = (f'<div style="margin-bottom:4px">{_heading(title)}{opened} '
              f'<span style="{FACTS_CSS}">{esc(facts)}</span></div>')
    # the English says "cards" for any number: its singular is the same
    hand_label = ngettext("Your hand \u2013 {count} cards", "Your hand \u2013 {count} cards",
                          len(position.hand)).format(count=len(position.hand))
    hand_row = cards_row_html(position.hand, label=hand_label,
                              four_color=four_color, width=width)
    pile = pile_html(position.discard_pile, position.pile_status(), four_color=four_color,
                     width=width, question=question,
                     sideways=not (question and asks in ("pile_state", "pile_reason")))
    threes = (red_threes_html(position.red_threes, four_color=four_color, width=width)
              if position.red_threes else "")
    melds = _panel(_heading(gettext("Your team's melds"))
                   + _melds_block(position.team_melds, prof, four_color, width, threes,
                                  question=question),
                   cls="cl-team", label=gettext("Your team's melds"))
    css = style(font_family=FONT, color=TEXT, background=SURFACE, padding="10px 12px",
                border_radius="12px", border=f"1px solid {BORDER}", line_height="1.35")
    cls = "cl-position cl-question" if question else "cl-position"
    return (f'<div class="{cls}" role="group" aria-label="{esc(title)}" style="{css}">'
            + header + (_panel(hand_row, cls="cl-hand", label=gettext("Your hand")) if hand else "")
            + _panel(pile, cls="cl-centre", label=gettext("Discard pile")) + f"{melds}</div>")

