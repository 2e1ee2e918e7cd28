"""Verdicts and score breakdowns as HTML.

A verdict shows an icon and a word (OK / Refused), never colour alone, its code in small
type, the engine's message as a learner reads it (`Verdict.learner_message`: cards as symbols,
seats in words), and the cards it names.

>>> from canasta_learn.core.verdicts import Verdict
>>> html = verdict_html(Verdict.refuse("meld_too_few_cards", "A meld needs 3 cards."))
>>> "Refused" in html and "meld_too_few_cards" in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core.actions import seat_label
from ..core.cards import Card
from ..core.i18n import gettext
from ..core.verdicts import Verdict
from ..profiles import ProfileError, get_profile
from ..rules.pile import PileStatus
from ..rules.scoring import ScoreBreakdown
from ._style import BADGE_COLOURS, BORDER, FONT, MUTED, PANEL, SURFACE, TEXT, esc, style
from .cards import CARD_WIDTH, cards_row_html

__all__ = ["explanation_html", "quiz_banner_html", "score_html", "scores_html", "verdict_html"]

_OK: Final = "\u2714"
_REFUSED: Final = "\u2718"


def _meld_label(count: int, i: int) -> str:
    """The label of meld ``i`` (from 1) of ``count`` melds: "Meld", or "Meld 2" among several."""
    return gettext("Meld") if count == 1 else gettext("Meld {number}").format(number=i)


def _facts(value: int | None, concealed: bool | None) -> list[str]:
    facts = []
    if value is not None:
        facts.append(gettext("Value: {value}").format(value=value))
    if concealed is not None:
        facts.append(gettext("Concealed: yes") if concealed else gettext("Concealed: no"))
    return facts


def verdict_html(verdict: Verdict, *, four_color: bool = False, width: int = CARD_WIDTH,
                 show_code: bool = True) -> str:
    """A verdict: icon and word (OK / Refused), the code (small), the message, and the cards
    it names (``cards``, the ``meld`` made with the pile's top card, the ``melds`` of an
    opening), with the opening ``value`` and whether going out is ``concealed``.

    ``show_code=False`` (for learners) keeps the code out of the heading, behind a closed
    "details" toggle under the message.

    >>> html = verdict_html(Verdict.refuse("meld_too_few_cards", "A meld needs 3 cards."),
    ...                     show_code=False)
    >>> html.index("<details") > html.index("A meld needs")
    True
    """
    icon = _OK if verdict.ok else _REFUSED
    word = gettext("OK") if verdict.ok else gettext("Refused")
    said = verdict.learner_message()  # cards as symbols, seats in words (the engine's own, remade)
    colour = BADGE_COLOURS["ok" if verdict.ok else "refused"]
    head_css = style(display="flex", align_items="center", gap="8px", flex_wrap="wrap")
    icon_css = style(display="inline-flex", align_items="center", justify_content="center",
                     width="26px", height="26px", border_radius="13px", background=colour,
                     color="#fff", font_size="17px", font_weight=700)
    code_css = style(font_size="12px", color=MUTED)
    code = f'<code class="cl-code" style="{code_css}">{esc(verdict.code)}</code>'
    head = (f'<div style="{head_css}"><span aria-hidden="true" style="{icon_css}">{icon}</span>'
            f'<strong style="{style(font_size="18px", color=TEXT)}">{esc(word)}</strong>'
            f'{code if show_code else ""}</div>')
    message_css = style(font_size="16px", margin="6px 0", max_width="48em")
    message = f'<div class="cl-message" style="{message_css}">{esc(said)}</div>'
    if not show_code:
        message += (f'<details class="cl-code-details" style="{style(font_size="13px", color=MUTED)}">'
                    + "<summary>" + esc(gettext("details")) + "</summary>" + esc(gettext("rule check:"))
                    + f" {code}</details>")
    rows = []
    if verdict.cards:
        rows.append(cards_row_html(verdict.cards, label=gettext("Cards named"), four_color=four_color,
                                   width=width))
    if verdict.meld:
        # only a pile take melds the top card; a meld check's ``meld`` is the meld judged
        caption = gettext("Meld") if verdict.code == "meld_ok" else gettext("Meld made with the top card")
        rows.append(cards_row_html(verdict.meld, label=caption, four_color=four_color, width=width))
    for i, meld in enumerate(verdict.melds, 1):
        rows.append(cards_row_html(meld, label=_meld_label(len(verdict.melds), i), four_color=four_color,
                                   width=width))
    facts = _facts(verdict.value, verdict.concealed)
    facts_html = ""
    if facts:
        facts_html = (f'<div style="{style(font_size="14px", color=MUTED)}">'
                      f"{esc(' / '.join(facts))}</div>")
    css = style(font_family=FONT, color=TEXT, background=SURFACE, border=f"1px solid {BORDER}",
                border_left=f"6px solid {colour}", border_radius="8px", padding="8px 12px",
                margin="4px 0")
    kind = "ok" if verdict.ok else "refused"
    return (f'<div class="cl-verdict cl-verdict-{kind}" role="status" '
            + 'aria-label="' + esc(gettext("{verdict}: {message}").format(verdict=word, message=said))
            + '" '
            f'style="{css}">'
            f"{head}{message}{''.join(rows)}{facts_html}</div>")


def quiz_banner_html(answer: str, chosen: str | None = None) -> str:
    """The large banner after a quiz answer: right (``chosen`` is None) or wrong, in an icon,
    words and colour ("Right! The answer is No." / "Not quite. You chose Yes; the answer is
    No.").

    >>> "Not quite" in quiz_banner_html("No", "Yes")
    True
    """
    right = chosen is None
    icon, word = ("\u2714", gettext("Right!")) if right else ("\u2717", gettext("Not quite."))
    colour = BADGE_COLOURS["ok" if right else "refused"]
    css = style(display="flex", align_items="center", gap="10px", background=colour,
                color="#fff", font_family=FONT, font_size="20px", font_weight=700,
                border_radius="8px", padding="8px 14px", margin="6px 0")
    said = esc(gettext("The answer is {answer}.")).format(answer=f"<b>{esc(answer)}</b>")
    if not right:
        said = esc(gettext("You chose {chosen}; the answer is {answer}.")).format(
            chosen=f"<b>{esc(chosen)}</b>", answer=f"<b>{esc(answer)}</b>")
    kind = "right" if right else "wrong"
    return (f'<div class="cl-quiz-banner cl-quiz-{kind}" style="{css}">'
            f'<span aria-hidden="true" style="font-size:26px">{icon}</span>'
            f"<span>{esc(word)} {said}</span></div>")


def explanation_html(source: Verdict | PileStatus | str, *, title: str | None = None,
                     four_color: bool = False, width: int = 48) -> str:
    """A neutral box explaining something (a quiz's answer): a title, the message, the cards
    it names, and the verdict code behind a "Verdict code" toggle. Unlike `verdict_html` it
    does not say OK or Refused: whether the learner was right is the banner's job. ``title``
    is "Why" by default.

    >>> html = explanation_html("The minimum is 90.", title="Why 90")
    >>> "Why 90" in html and "Refused" not in html and "OK" not in html
    True
    """
    title = gettext("Why") if title is None else title
    cards: tuple[Card, ...] = ()
    melds: list[Sequence[Card]] = []
    facts: list[str] = []
    if isinstance(source, str):
        message, code = source, ""
    else:
        message = source.learner_message() if isinstance(source, Verdict) else source.message
        code = source.code
        cards = tuple(source.cards)
        if isinstance(source, Verdict):
            melds = [m for m in (source.meld, *source.melds) if m]
            facts = _facts(source.value, None)
    rows = []
    if cards:
        rows.append(cards_row_html(cards, label=gettext("Cards named"), four_color=four_color,
                                   width=width, overlap=10))
    for i, meld in enumerate(melds, 1):
        rows.append(cards_row_html(meld, label=_meld_label(len(melds), i), four_color=four_color,
                                   width=width, overlap=10))
    facts_html = ""
    if facts:
        facts_html = (f'<div style="{style(font_size="14px", color=MUTED)}">'
                      f"{esc(' / '.join(facts))}</div>")
    code_html = ""
    if code:
        code_html = (f'<details class="cl-code-toggle" style="{style(font_size="12px", color=MUTED)}">'
                     + "<summary>" + esc(gettext("Verdict code")) + "</summary>"
                     + f'<code class="cl-code">{esc(code)}</code>'
                     "</details>")
    css = style(font_family=FONT, color=TEXT, background=PANEL, border=f"1px solid {BORDER}",
                border_radius="8px", padding="8px 12px", margin="4px 0")
    head = f'<div class="cl-explanation-title" style="{style(font_weight=700, font_size="15px")}">{esc(title)}</div>'
    text = (f'<div class="cl-message" style="{style(font_size="16px", margin="4px 0", max_width="48em")}">'
            f"{esc(message)}</div>")
    return (f'<div class="cl-explanation" style="{css}">{head}{text}{"".join(rows)}'
            f"{facts_html}{code_html}</div>")


def _team_label(breakdown: ScoreBreakdown) -> str:
    if breakdown.team is None:
        return gettext("Score")
    try:
        prof = get_profile(breakdown.profile_name)
        seats = [s for s in range(prof.player_count) if s % prof.team_count == breakdown.team]
        label = "\u2013".join(seat_label(s, prof.player_count, "compass") for s in seats)
        return gettext("Team {seats}").format(seats=label)
    except (ProfileError, KeyError, ValueError):
        return gettext("Team {number}").format(number=breakdown.team + 1)


def score_html(breakdown: ScoreBreakdown, *, title: str | None = None) -> str:
    """A score breakdown as a table: one row per item, points right-aligned, and the total.

    >>> from canasta_learn.rules.scoring import score_round
    >>> "<td" in score_html(score_round(["h1 c1 s1"]))
    True
    """
    caption = title if title is not None else _team_label(breakdown)
    cell = style(padding="3px 10px", border_bottom=f"1px solid {BORDER}", text_align="left")
    num = style(padding="3px 10px", border_bottom=f"1px solid {BORDER}", text_align="right",
                font_variant_numeric="tabular-nums")
    rows = []
    for item in breakdown.items:
        sign = "\u2212" if item.points < 0 else ""
        rows.append(f'<tr class="cl-item-{esc(item.code)}">'
                    f'<td style="{cell}">{esc(item.label)}</td>'
                    f'<td style="{num}">{sign}{abs(item.points)}</td></tr>')
    total = breakdown.total
    total_text = ("\u2212" if total < 0 else "") + str(abs(total))
    bold = style(padding="5px 10px", text_align="left", font_weight=700)
    bold_num = style(padding="5px 10px", text_align="right", font_weight=700,
                     font_variant_numeric="tabular-nums")
    css = style(border_collapse="collapse", font_family=FONT, color=TEXT, background=SURFACE,
                font_size="15px", margin="4px 12px 8px 0", border=f"1px solid {BORDER}")
    head = style(padding="4px 10px", background=PANEL, text_align="left", font_size="13px",
                 color=MUTED)
    cap = style(font_weight=700, font_size="16px", text_align="left", padding="4px 0")
    return (f'<table class="cl-score" style="{css}"><caption style="{cap}">{esc(caption)}</caption>'
            f'<thead><tr><th scope="col" style="{head}">' + esc(gettext("Item")) + "</th>"
            f'<th scope="col" style="{head};text-align:right">' + esc(gettext("Points")) + "</th></tr></thead>"
            f'<tbody>{"".join(rows)}</tbody>'
            f'<tfoot><tr><th scope="row" style="{bold}">' + esc(gettext("Total")) + "</th>"
            f'<td style="{bold_num}">{total_text}</td></tr></tfoot></table>')


def scores_html(breakdowns: Sequence[ScoreBreakdown], *,
                team_names: Sequence[str] | None = None) -> str:
    """Several breakdowns (one per team) side by side."""
    tables = []
    for i, breakdown in enumerate(breakdowns):
        title = team_names[i] if team_names is not None and i < len(team_names) else None
        tables.append(score_html(breakdown, title=title))
    css = style(display="flex", flex_wrap="wrap", align_items="flex-start", font_family=FONT)
    return f'<div class="cl-scores" style="{css}">{"".join(tables)}</div>'
