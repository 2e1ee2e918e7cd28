"""A printable drill sheet for a teacher: drills the engine generated, with an answer key.

`drill_sheet` returns one HTML document (no JavaScript, nothing loaded from elsewhere) that a
browser prints on A4: a box per drill (its number, the skill, the task, the position drawn from
its cards in question mode, so never the answer, and where to write the answer), then, from a
new page, the answer key: each drill's answer and the engine's explanation. The drills are
`practice.drill_set`'s (the same skills, seed and count make the same sheet). Print CSS:
``@page { size: A4 }``, each box ``break-inside: avoid`` (never split across two pages), the key
``break-before: page``. Everything shown is escaped. ``canasta-learn drill-sheet OUT.html``
writes one (`canasta_learn.cli.drill_sheet`).

>>> page = drill_sheet(["meld_value"], seed=1, count=2)
>>> page.count('class="cl-drill"'), "break-inside: avoid" in page, "@page { size: A4" in page
(2, True, True)
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..core.i18n import get_language, gettext, ngettext, pgettext, speaking
from ..practice import SKILLS, Drill, drill_set
from .table import position_html

__all__ = ["SHEET_CSS", "SKILL_ASKS", "drill_sheet"]

#: What the position picture hides for a skill's question (`position_html`'s ``asks``), in the
#: practice widget and on a sheet alike.
SKILL_ASKS = {"pile_state": "pile_state", "take_pile": "can_take_pile", "open_with_pile": "can_take_pile",
              "opening_minimum": "opening_minimum", "opening": "which_meld_opens", "one_card_pile": "can_take_pile",
              "pile_unfreezes": "pile_state", "end_of_stock": "can_take_pile", "italian_pile": "can_take_pile",
              "tranca_pile": "can_take_pile", "italian_opening": "which_meld_opens",
              "canastra_opening": "which_meld_opens"}
#: The sheet's style: A4 pages, a box per drill never split across pages, the key on a new page.
SHEET_CSS = """
@page { size: A4; margin: 14mm 12mm; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; margin: 0 auto;
       max-width: 186mm; font-size: 11pt; }
h1 { font-size: 17pt; margin: 0 0 4pt; }
.cl-sheet-who { margin: 0 0 10pt; }
.cl-sheet-about { color: #555; font-size: 9pt; margin: 0 0 10pt; }
.cl-drill { break-inside: avoid; page-break-inside: avoid; border: 1px solid #777; border-radius: 6px;
            padding: 6pt 9pt; margin: 0 0 8pt; }
.cl-drill h2 { font-size: 12pt; margin: 0 0 3pt; }
.cl-drill-task { font-weight: 600; margin: 0 0 5pt; }
.cl-drill-position { zoom: 0.7; }
.cl-drill-options { margin: 5pt 0 0; }
.cl-drill-options span { display: inline-block; margin: 0 18pt 2pt 0; }
.cl-drill-answer { margin: 8pt 0 2pt; }
.cl-line { display: inline-block; border-bottom: 1px solid #333; min-width: 60mm; height: 1.1em; }
.cl-sheet-key { break-before: page; page-break-before: always; }
.cl-key-item { break-inside: avoid; page-break-inside: avoid; margin: 0 0 6pt; }
"""


def _options(drill: Drill) -> str:
    """Where the learner writes the answer: boxes to tick, or a line."""
    box = "\u2610 "
    line = '<span class="cl-line"></span>'
    if drill.kind == "yes_no":
        ticks = [pgettext("quiz answer", "Yes"), pgettext("quiz answer", "No")]
    elif drill.kind == "choice":
        ticks = [drill.choice_label(key) for key in drill.choices]
    elif drill.kind == "number":
        number = gettext("Your answer:")
        return f'<p class="cl-drill-answer">{html.escape(number)} {line}</p>'
    else:
        may_not = {"take_pile": gettext("I may not take it"), "open": gettext("I cannot open this turn"),
                   "go_out": gettext("I may not go out")}[drill.kind]
        cards = gettext("Your answer (the cards):")
        return (f'<p class="cl-drill-answer">{html.escape(cards)} {line} {line}</p>'
                f'<p class="cl-drill-options"><span>{box}{html.escape(may_not)}</span></p>')
    spans = "".join(f"<span>{box}{html.escape(word)}</span>" for word in ticks)
    return f'<p class="cl-drill-options">{spans}</p>'


def _box(number: int, drill: Drill, card_width: int) -> str:
    heading = gettext("{number} \u00b7 {skill}").format(number=number, skill=SKILLS[drill.skill].title_words)
    picture = position_html(drill.position, question=True, asks=SKILL_ASKS.get(drill.skill), width=card_width)
    return (f'<article class="cl-drill" id="drill-{number}"><h2>{html.escape(heading)}</h2>'
            f'<p class="cl-drill-task">{html.escape(drill.task)}</p><div class="cl-drill-position">{picture}</div>'
            f"{_options(drill)}</article>")


def _key_item(number: int, drill: Drill) -> str:
    _code, message = drill.explain()  # the code stays off paper: a learner-facing sheet
    answer = gettext("{number}. {answer}").format(number=number, answer=drill.answer_text())
    return (f'<li class="cl-key-item" id="key-{number}"><b>{html.escape(answer)}</b> '
            f"\u2014 {html.escape(message)}</li>")


def drill_sheet(skills: Sequence[str] | None = None, *, seed: int = 0, count: int = 12, difficulty: int = 2,
                language: str | None = None, title: str | None = None, card_width: int = 40) -> str:
    """A printable A4 sheet of ``count`` drills of ``skills`` (default: every skill, in turn) made
    from ``seed`` at ``difficulty`` (1-3), with the answer key from a new page, as one HTML document.

    ``language`` is the sheet's language (``"en"``, ``"pt_BR"``; default: the language spoken
    now); ``title`` replaces the heading (escaped). The same arguments make the same sheet. An
    unknown skill, a count outside 1-200 or a difficulty outside 1-3 raises a ValueError naming it
    (see `practice.drill_set`)."""
    if language is None:
        return _sheet(skills, seed, count, difficulty, title, card_width)
    with speaking(language):
        return _sheet(skills, seed, count, difficulty, title, card_width)


def _sheet(skills: Sequence[str] | None, seed: int, count: int, difficulty: int, title: str | None,
           card_width: int) -> str:
    drills = drill_set(skills, seed=seed, count=count, difficulty=difficulty)
    heading = title if title is not None else gettext("Canasta practice sheet")
    who = gettext("Name: {line}  Date: {line}").format(line="\x00")
    who_html = html.escape(who).replace("\x00", '<span class="cl-line" style="min-width:45mm"></span>')
    about = _about(len(drills), seed)
    boxes = "\n".join(_box(number, drill, card_width) for number, drill in enumerate(drills, 1))
    key = "\n".join(_key_item(number, drill) for number, drill in enumerate(drills, 1))
    lang = get_language().replace("_", "-")
    key_heading = gettext("Answer key")
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang, quote=True)}"><head><meta charset="utf-8">'
            f"<title>{html.escape(heading)}</title><style>{SHEET_CSS}</style></head><body>\n"
            f'<header><h1>{html.escape(heading)}</h1><p class="cl-sheet-who">{who_html}</p>'
            f'<p class="cl-sheet-about">{html.escape(about)}</p></header>\n'
            f'<main class="cl-sheet-drills">\n{boxes}\n</main>\n'
            f'<section class="cl-sheet-key"><h1>{html.escape(key_heading)}</h1>'
            f'<ol style="list-style:none;padding:0">\n{key}\n</ol></section>\n</body></html>\n')


def _about(count: int, seed: int) -> str:
    """The sheet's small print: how many drills and the seed that makes them again."""
    return ngettext("{count} drill, made from seed {seed} (the same seed makes the same sheet)",
                    "{count} drills, made from seed {seed} (the same seed makes the same sheet)",
                    count).format(count=count, seed=seed)
