"""What a lesson's exported page shows where a live widget stood.

``canasta-learn export`` replaces a widget's output by a one-line note, unless the output's
``text/html`` carries the static marker (the attribute ``data-cl-static``, as quizzes do).
Two helpers let a lesson give such a page something to read:

* `key_moments_html` draws the **key moments** of a recorded round as a static sequence: for
  each moment, the move, the engine's notes on it (`canasta_learn.records.annotate`) and the teacher's
  comment, then a picture of the table after it.
* `PaperCopy` displays a widget live (JupyterLab, Voila) and gives the exported page the
  static HTML instead.

>>> from canasta_learn.records.examples import load_example
>>> page = key_moments_html(load_example("frozen_pile_fight"), limit=2)
>>> page.count('class="cl-moment"'), 'data-cl-static="key-moments"' in page
(2, True)
"""

from __future__ import annotations

import html
from collections.abc import Collection
from typing import Any

from ..core.actions import parse_action
from ..core.i18n import gettext, ngettext
from ..play.coach_words import move_words, seat_words
from ..records.annotate import annotate_round
from ..records.examples import teacher_text
from ..records.record import GameRecord

__all__ = ["KEY_NOTE_CODES", "STATIC_MARKER", "PaperCopy", "key_moments", "key_moments_html"]

#: The attribute ``canasta-learn export`` looks for in a widget output's ``text/html``
#: (the same as `canasta_learn.widgets.quiz.STATIC_ATTR`).
STATIC_MARKER = "data-cl-static"

#: Note codes that make a move a key moment: the pile taken, an opening, a canasta, a red
#: three, asking to go out, going out and the end of the hand.
KEY_NOTE_CODES = frozenset({
    "pile_taken", "opening_reached", "natural_canasta", "mixed_canasta", "canasta_turned_mixed",
    "red_three", "permission_asked", "permission_answered", "went_out", "went_out_concealed",
    "stock_exhausted",
})


def key_moments(record: GameRecord, round_index: int = 0, *,
                codes: Collection[str] = KEY_NOTE_CODES) -> list[tuple[int, str, list[str]]]:
    """The key moments of a recorded round: ``(action_index, move text, sentences)`` for every
    move that has a teacher's comment or an engine note whose code is in ``codes``.

    The sentences are the engine's notes with those codes, then the teacher's comment.
    """
    if not isinstance(round_index, int) or not 0 <= round_index < len(record.rounds):
        raise ValueError(f"round_index must be 0-{len(record.rounds) - 1}, not {round_index!r}.")
    notes = annotate_round(record, round_index)
    recorded = record.rounds[round_index]
    moments: list[tuple[int, str, list[str]]] = []
    for index, text in enumerate(recorded.actions):
        said = [note.message for note in notes[index] if note.code in codes]
        comment = recorded.comments.get(index)
        if comment:
            said.append(gettext("Comment: {comment}").format(comment=teacher_text(comment)))
        if said:
            moments.append((index, text, said))
    return moments


def key_moments_html(record: GameRecord, round_index: int = 0, *, limit: int = 6,
                     codes: Collection[str] = KEY_NOTE_CODES, show_hands: bool = True,
                     title: str | None = None, width: int = 40) -> str:
    """The key moments of a recorded round (see `key_moments`), at most ``limit`` of them (the
    first ones and the last), as
    one static HTML block under ``title`` ("Key moments of this hand"): the move, what the engine
    and the teacher say about it, and the table after it (cards ``width`` pixels wide; every hand face down with
    ``show_hands=False``). All text is escaped; the block carries `STATIC_MARKER`, so
    ``canasta-learn export`` keeps it."""
    from . import round_html

    if not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a whole number of moments, at least 1, not {limit!r}.")
    if not isinstance(width, int) or width < 16:
        raise ValueError(f"width must be a card width in pixels, at least 16, not {width!r}.")
    moments = key_moments(record, round_index, codes=codes)
    # the first moments, and always the last one: how the hand ended
    shown = moments if len(moments) <= limit else moments[:limit - 1] + moments[-1:]
    heading = gettext("Key moments of this hand") if title is None else title
    parts = [f'<div class="cl-key-moments" {STATIC_MARKER}="key-moments">',
             f"<p><b>{html.escape(heading)}</b> "
             + html.escape(ngettext("({shown} of {count} key moments; {moves} moves in all).",
                                    "({shown} of {count} key moments; {moves} moves in all).",
                                    len(moments)).format(shown=len(shown), count=len(moments),
                                                         moves=len(record.rounds[round_index].actions)))
             + "</p>"]
    for number, (index, text, said) in enumerate(shown, start=1):
        state = record.state_at(round_index, index)
        sentences = "".join(f"<li>{html.escape(line)}</li>" for line in said)
        before = record.state_at(round_index, index - 1)
        action = parse_action(text, before.player_count)
        # the move in words, as the coach says it: "Move 2, East: Meld 7♥ 7♠ 2♣ 2♦"
        move = html.escape(gettext("{number}. Move {move}, {seat}: {action}").format(
            number=number, move=index + 1, seat=seat_words(before, action.seat), action=move_words(action, before)))
        parts.append(f'<div class="cl-moment"><h4>{move}</h4>'
                     f"<ul>{sentences}</ul>{round_html(state, show_hands=show_hands, width=width)}</div>")
    parts.append("</div>")
    return "".join(parts)


class PaperCopy:
    """Display ``widget`` live; an exported page shows ``static_html`` in its place.

    ``static_html`` must carry `STATIC_MARKER` (as `key_moments_html` does), or the export
    replaces the output by its one-line note after all.
    """

    def __init__(self, widget: Any, static_html: str) -> None:
        if not isinstance(static_html, str) or f"{STATIC_MARKER}=" not in static_html:
            raise ValueError(f"static_html must be HTML carrying the {STATIC_MARKER} attribute "
                             "(for example from key_moments_html).")
        self.widget = widget
        self.static_html = static_html

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget's own bundle (its live view) plus the static HTML."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        return {**(bundle if isinstance(bundle, dict) else {}), "text/html": self.static_html}
