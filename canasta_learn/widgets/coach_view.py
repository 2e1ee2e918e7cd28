"""How the widgets show the coach's opinion (`canasta_learn.play.coach`): the HTML panel of a
Hint (always labelled as the coach's opinion, never mixed with the engine's rule notes); the
words come from `canasta_learn.play.coach_words`."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..core.i18n import gettext, ngettext
from ..engine.round import Round
from ..play.coach import Advice, Candidate
from ..play.coach_words import estimate_words, hint_order, move_words, reason_texts, verdict_words

__all__ = ["advice_html", "advice_lines", "candidate_items", "estimate_words", "move_words", "other_moves",
           "reason_texts", "thinking_html"]


#: The coach's box: its opinion, and the same place while a long Hint is at work.
_PANEL_STYLE = "font-size:15px;background:#eef4ff;border-left:5px solid #3b6fd8;padding:4px 8px;margin:4px 0"


def advice_lines(advice: Advice, count: int = 3, rnd: Round | None = None) -> list[str]:
    """The hint in plain sentences: its headline (`verdict_words`: about equal, or clearly
    best), then the moves it shows (`hint_order`: the recommended one first), each followed by
    its reasons (``rnd``: the round advised on, to name sequences); last, the other moves it
    tried, by name (`other_moves`: the panel lists them with their estimates, folded)."""
    shown = hint_order(advice, count)
    lines = [verdict_words(advice, rnd)]
    for number, candidate in enumerate(shown, 1):
        lines.append(f"{number}. {move_words(candidate.action, rnd)}: {estimate_words(candidate)}")
        lines.extend(f"   {text}" for text in reason_texts(candidate, advice.candidates, rnd))
    others = other_moves(advice, shown)
    if others:
        lines.append(gettext("Also tried: {moves}.").format(
            moves="; ".join(move_words(c.action, rnd) for c in others)))
    return lines


def other_moves(advice: Advice, shown: Sequence[Candidate]) -> list[Candidate]:
    """The moves the coach tried that a hint does not show at the top (``shown``), in the
    advice's order: the moves played on every deal by estimate, then those it dropped."""
    return [c for c in advice.candidates if all(c is not s for s in shown)]


def candidate_items(candidates: Sequence[Candidate], others: Sequence[Candidate] = (),
                    rnd: Round | None = None, css: str = "cl-coach-move") -> str:
    """``<li>`` items of class ``css``: each move, its estimate and its reasons (escaped)."""
    items = []
    for candidate in candidates:
        reasons = "".join(f"<li>{html.escape(t)}</li>" for t in reason_texts(candidate, others, rnd))
        items.append(
            f'<li class="{css}"><b>{html.escape(move_words(candidate.action, rnd))}</b>: '
            f"{html.escape(estimate_words(candidate))}"
            + (f'<ul class="cl-coach-reasons" style="margin:0;font-size:13px;line-height:1.3">{reasons}</ul>'
               if reasons else "")
            + "</li>")
    return "".join(items)


def advice_html(advice: Advice, count: int = 3, rnd: Round | None = None) -> str:
    """The coach's panel for a Hint: its top ``count`` moves, labelled as its opinion; the other
    moves it tried (the "and N more" of an "about equal" headline, and those it dropped) folded
    below them, each with its estimate and reasons."""
    title = html.escape(gettext("The coach's opinion"), quote=False)
    if advice.cut is None:
        again = gettext("Press Hint again to look closer: more endings on fresh deals, added to these.")
        detail = gettext("(not a rule: an estimate from {count} simulated endings of this round, using only "
                         "what you can see; nothing has been played)").format(count=advice.samples)
    else:
        again = gettext("Press Hint again to look closer: more fresh deals, added to these.")
        detail = ngettext("(not a rule: an estimate from {count} deal of the unseen cards, played {cut} moves ahead "
                          "and then scored by the coach's learned estimate of how the round ends, using only what "
                          "you can see; the margins count the luck of the deals and that estimate's own error, "
                          "measured against rounds played to the end; nothing has been played)",
                          "(not a rule: an estimate from {count} deals of the unseen cards, each played {cut} moves "
                          "ahead and then scored by the coach's learned estimate of how the round ends, using only "
                          "what you can see; the margins count the luck of the deals and that estimate's own error, "
                          "measured against rounds played to the end; nothing has been played)", advice.samples).format(
            count=advice.samples, cut=advice.cut)
    again, detail = html.escape(again, quote=False), html.escape(detail, quote=False)
    shown = hint_order(advice, count)
    others = other_moves(advice, shown)
    folded = ""
    if others:
        summary = ngettext("The other move the coach tried", "The other {count} moves the coach tried",
                           len(others)).format(count=len(others))
        folded = ('<details class="cl-coach-others" style="font-size:13px">'
                  f'<summary>{html.escape(summary, quote=False)}</summary>'
                  f'<ol start="{len(shown) + 1}" style="margin:2px 0">'
                  f'{candidate_items(others, advice.candidates, rnd, css="cl-coach-other")}</ol></details>')
    # the headline first (the opinion and whether the moves are told apart), the moves, then the
    # fine print: what the estimate is and that Hint again looks closer
    return (f'<div class="cl-coach" role="note" style="{_PANEL_STYLE}">'
            f'<div class="cl-coach-verdict" style="margin:0 0 2px"><b>{title}:</b> '
            f"{html.escape(verdict_words(advice, rnd))}</div>"
            f'<ol style="margin:2px 0">{candidate_items(shown, advice.candidates, rnd)}</ol>{folded}'
            f'<div class="cl-coach-again" style="font-size:13px">{detail} {again}</div></div>')


def thinking_html(deals: int) -> str:
    """The coach's panel while a long Hint is at work: how many deals of the unseen cards its
    estimates rest on so far (a live region, so a screen reader says it too)."""
    text = ngettext("The coach is thinking: {count} deal of the unseen cards played so far.",
                    "The coach is thinking: {count} deals of the unseen cards played so far.", deals)
    text = text.format(count=deals)
    return (f'<div class="cl-coach-thinking" role="status" aria-live="polite" style="{_PANEL_STYLE}">'
            f'{html.escape(text)}</div>')
