"""`ReplayViewer`: step through a recorded game, with the engine's notes on every move.

First / back / forward / last buttons, a slider over every step of the game (each round's
deal, then each of its actions), and Play/pause. For the step shown: the table, the move list
with the current move marked, the notes (automatic annotations from `canasta_learn.annotate`,
the human comment and its glyph), and the score sheet of the rounds finished so far.
"Continue from here" opens a `PlayWidget` at exactly that position, to try another move.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..bots import acting_seat
from ..record import GameRecord
from ..round import Round
from .common import profile_badge
from .table import TableWidget

__all__ = ["ReplayViewer"]

#: Moves listed before and after the current one.
MOVES_AROUND = 7

_GLYPH_WORDS = {
    "!": "good move", "?": "mistake", "!!": "brilliant move", "??": "blunder",
    "!?": "interesting move", "?!": "dubious move",
}


class ReplayViewer(widgets.VBox):  # type: ignore[misc]
    """A step-by-step viewer for a `GameRecord` (or a path / JSON text of one).

    Steps run over the whole game: for each round its deal (action index -1) and then each
    action. ``go(step)``, ``next()``, ``back()``, ``first()``, ``last()`` move; ``step`` and
    ``position`` (round index, action index) say where; ``notes_text`` is the notes shown.
    ``continue_here()`` opens a `PlayWidget` on a copy of the position (also a button).
    """

    def __init__(self, record: GameRecord | str, *, four_color: bool = False,
                 interval_ms: int = 900, bots: Any = "greedy") -> None:
        if not isinstance(record, GameRecord):
            record = GameRecord.load(record)
        self.record = record
        self.bots = bots
        self.four_color = four_color
        self.steps: list[tuple[int, int]] = [
            (r, a) for r, rr in enumerate(record.rounds) for a in range(-1, len(rr.actions))]
        if not self.steps:
            raise ValueError("The record has no rounds to replay.")
        self._notes: dict[int, Any] = {}
        # The score sheet is kept incrementally: each finished round's row is made once (its
        # scores counted once), so a step in round 120 no longer rescores 119 rounds.
        self._score_rows: dict[int, str] = {}
        self._step = -1
        self.play_widget: Any = None

        last = len(self.steps) - 1
        self.badge = profile_badge(record.profile)
        title = record.info.get("title") if record.info else None
        self.title = widgets.HTML(
            f'<div style="font-size:20px;font-weight:700">{html.escape(title)}</div>'
            if title else "")

        def button(name: str, description: str, tooltip: str, icon: str) -> widgets.Button:
            b = widgets.Button(description=description, tooltip=tooltip, icon=icon,
                               layout=widgets.Layout(width="auto"))
            b.add_class("cl-button")
            b.add_class(f"cl-replay-{name}")
            return b

        self.first_button = button("first", "First", "Go to the first step", "fast-backward")
        self.back_button = button("back", "Back", "One step back", "step-backward")
        self.forward_button = button("forward", "Forward", "One step forward", "step-forward")
        self.last_button = button("last", "Last", "Go to the last step", "fast-forward")
        self.first_button.on_click(lambda _b: self.first())
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.next())
        self.last_button.on_click(lambda _b: self.last())
        # The slider and Play count steps from 1 (what the page says); ``step`` is 0-based.
        self.slider = widgets.IntSlider(value=1, min=1, max=last + 1, description="Step",
                                        continuous_update=True,
                                        layout=widgets.Layout(width="420px"))
        self.slider.add_class("cl-replay-slider")
        self.player = widgets.Play(value=1, min=1, max=last + 1, interval=interval_ms,
                                   description="Play / pause", show_repeat=False)
        self.player.add_class("cl-replay-play")
        widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.slider.observe(lambda change: self._show(change["new"] - 1), names="value")
        self.where = widgets.HTML("")
        self.where.add_class("cl-replay-where")

        first_round = record.state_at(0, -1)
        self.table = TableWidget(first_round, show_hands=True, player_names=record.players,
                                 four_color=four_color, width=52, show_badge=False)
        self.moves = widgets.HTML("")
        self.moves.add_class("cl-replay-moves")
        self.notes = widgets.HTML("")
        self.notes.add_class("cl-replay-notes")
        self.scores = widgets.HTML("")
        self.scores.add_class("cl-replay-scores")
        self.continue_button = button("continue", "Continue from here",
                                      "Play on from this position against bots", "play")
        self.continue_seat = widgets.Dropdown(description="as", options=[("N", 0)], value=0,
                                              layout=widgets.Layout(width="140px"),
                                              style={"description_width": "initial"})
        self.continue_seat.add_class("cl-continue-seat")
        self.continue_button.on_click(lambda _b: self.continue_here())
        self.sandbox = widgets.VBox([])
        self.sandbox.add_class("cl-replay-sandbox")

        controls = widgets.HBox(
            [self.first_button, self.back_button, self.player, self.forward_button,
             self.last_button, self.slider],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        controls.add_class("cl-replay-controls")
        side = widgets.VBox([widgets.HTML("<b>Moves</b>"), self.moves,
                             widgets.HTML("<b>Notes</b>"), self.notes,
                             widgets.HTML("<b>Score sheet so far</b>"), self.scores],
                            layout=widgets.Layout(flex="0 1 420px", min_width="320px"))
        self.table.layout = widgets.Layout(flex="1 1 700px")
        body = widgets.HBox([self.table, side],
                            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        continue_row = widgets.HBox([self.continue_button, self.continue_seat],
                                    layout=widgets.Layout(align_items="center"))
        super().__init__([widgets.HBox([self.badge, self.title]), controls, self.where, body,
                          continue_row, self.sandbox])
        self.add_class("cl-replay-viewer")
        self._show(0)

    # ------------------------------------------------------------------ navigation
    @property
    def step(self) -> int:
        """The step shown (0 is the first round's deal)."""
        return self._step

    @property
    def step_count(self) -> int:
        """How many steps the game has (deals included)."""
        return len(self.steps)

    @property
    def position(self) -> tuple[int, int]:
        """(round index, action index) of the step shown; action index -1 is the deal."""
        return self.steps[self._step]

    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to the game)."""
        step = max(0, min(len(self.steps) - 1, int(step)))
        if self.slider.value != step + 1:
            self.slider.value = step + 1  # the observer shows it
        elif step != self._step:
            self._show(step)

    def next(self) -> None:
        """One step forward."""
        self.go(self._step + 1)

    def back(self) -> None:
        """One step back."""
        self.go(self._step - 1)

    def first(self) -> None:
        """The first step (the deal of the first round)."""
        self.go(0)

    def last(self) -> None:
        """The last step of the game."""
        self.go(len(self.steps) - 1)

    def state(self) -> Round:
        """A copy of the round at the step shown (`GameRecord.state_at`)."""
        r, a = self.position
        return self.record.state_at(r, a)

    @property
    def notes_text(self) -> str:
        """The notes of the step shown, as plain text (one line each)."""
        return "\n".join(self._note_lines(*self.position))

    def continue_here(self) -> Any:
        """Open a `PlayWidget` at exactly this position (a copy), playing the chosen seat."""
        from .play import PlayWidget

        rnd = self.state()
        if rnd.is_over:
            self.sandbox.children = [widgets.HTML(
                "<i>This round is over: step back to continue from an earlier position.</i>")]
            return None
        seat = int(self.continue_seat.value)
        play = PlayWidget(round=rnd, seat=seat, bots=self.bots, player_names=self._names_for(seat),
                          four_color=self.four_color)
        self.play_widget = play
        r, a = self.position
        head = widgets.HTML(f"<h4 style='margin:8px 0'>Sandbox: round {r + 1}, after move "
                            f"{a + 1} \u2013 you play {html.escape(rnd.seat_name(seat))}</h4>")
        self.sandbox.children = [head, play]
        return play

    # ------------------------------------------------------------------ drawing
    def _names_for(self, seat: int) -> list[str]:
        names = list(self.record.players)
        names[seat] = f"You ({names[seat]})"
        return names

    def _round_notes(self, r: int) -> Any:
        notes = self._notes.get(r)
        if notes is None:
            from ..annotate import annotate_round

            notes = annotate_round(self.record, r)
            self._notes[r] = notes
        return notes

    def _note_lines(self, r: int, a: int) -> list[str]:
        rr = self.record.rounds[r]
        notes = self._round_notes(r)
        lines: list[str] = []
        auto = notes.deal if a < 0 else notes[a]
        if a < 0:
            lines.append(f"Round {r + 1} dealt; dealer "
                         f"{self.record.state_at(r, -1).seat_name(rr.dealer)}.")
        glyph = rr.glyphs.get(a)
        if glyph:
            lines.append(f"Glyph {glyph} ({_GLYPH_WORDS.get(glyph, 'annotated')})")
        comment = rr.comments.get(a)
        if comment:
            lines.append(f"Comment: {comment}")
        lines.extend(note.message for note in auto)
        return lines

    def _show(self, step: int) -> None:
        step = max(0, min(len(self.steps) - 1, step))
        self._step = step
        # Keep Play on the same step: the browser's jslink copies Play's value to the slider
        # when the view is created, and Play resumes from where the buttons left off.
        self.slider.value = step + 1
        self.player.value = step + 1
        r, a = self.steps[step]
        rnd = self.record.state_at(r, a)
        self.table.update(rnd)
        rr = self.record.rounds[r]
        move = "the deal" if a < 0 else f"move {a + 1} of {len(rr.actions)}"
        self.where.value = (f'<div style="font-size:16px;margin:4px 0" aria-live="polite">'
                            f"Step {step + 1} of {len(self.steps)} \u00b7 round {r + 1} of "
                            f"{len(self.record.rounds)} \u00b7 {html.escape(move)}</div>")
        self.moves.value = self._moves_html(r, a)
        self.notes.value = self._notes_html(r, a)
        self.scores.value = self._scores_html(r, a, rnd)
        n = rnd.player_count
        self.continue_seat.options = [(rnd.seat_name(s), s) for s in range(n)]
        self.continue_seat.value = acting_seat(rnd) if not rnd.is_over else 0
        self.first_button.disabled = self.back_button.disabled = step == 0
        self.forward_button.disabled = self.last_button.disabled = step == len(self.steps) - 1
        self.continue_button.disabled = rnd.is_over

    def _moves_html(self, r: int, a: int) -> str:
        rr = self.record.rounds[r]
        start = max(-1, a - MOVES_AROUND)
        end = min(len(rr.actions), a + MOVES_AROUND + 1)
        items = []
        if start > -1:
            items.append('<li class="cl-more" aria-hidden="true" style="list-style:none">'
                         "\u2026</li>")
        for i in range(start, end):
            text = "Deal" if i < 0 else rr.actions[i]
            glyph = rr.glyphs.get(i, "") if i >= 0 else ""
            label = html.escape(text) + (f" <b>{html.escape(glyph)}</b>" if glyph else "")
            if i in rr.comments:
                label += ' <span title="has a comment" aria-label="has a comment">\u270e</span>'
            number = "" if i < 0 else f"{i + 1}. "
            if i == a:
                items.append(
                    '<li class="cl-current" aria-current="step" style="list-style:none;'
                    "background:var(--cl-accent, var(--jp-brand-color1, #1976d2));color:#fff;"
                    'font-weight:700;border-radius:4px;padding:1px 6px">'
                    f'<span aria-hidden="true">\u25b6 </span>{number}{label}</li>')
            else:
                items.append(f'<li style="list-style:none;padding:1px 6px">'
                             f'<span aria-hidden="true" style="visibility:hidden">\u25b6 </span>'
                             f"{number}{label}</li>")
        if end < len(rr.actions):
            items.append('<li class="cl-more" aria-hidden="true" style="list-style:none">'
                         "\u2026</li>")
        return (f'<ol aria-label="Moves of round {r + 1}" style="margin:0;padding:0;'
                f'font-family:var(--jp-code-font-family, monospace);font-size:14px;'
                f'line-height:1.5">{"".join(items)}</ol>')

    def _notes_html(self, r: int, a: int) -> str:
        rr = self.record.rounds[r]
        parts = []
        glyph = rr.glyphs.get(a)
        comment = rr.comments.get(a)
        if glyph or comment:
            glyph_html = ""
            if glyph:
                word = _GLYPH_WORDS.get(glyph, "annotated")
                glyph_html = (f'<span class="cl-glyph" title="{word}" style="font-size:20px;'
                              f'font-weight:800;margin-right:6px">{html.escape(glyph)}</span>'
                              f'<span style="font-size:13px;margin-right:6px">({word})</span>')
            comment_html = (f'<span class="cl-comment">{html.escape(comment)}</span>'
                            if comment else "")
            parts.append('<div class="cl-human-note" style="border-left:4px solid '
                         "var(--cl-accent, var(--jp-brand-color1, #1976d2));padding:4px 8px;"
                         f'margin:4px 0;font-size:15px"><b>Comment:</b> {glyph_html}{comment_html}</div>')
        notes = self._round_notes(r)
        auto = notes.deal if a < 0 else notes[a]
        if a < 0:
            dealer = self.record.state_at(r, -1).seat_name(rr.dealer)
            parts.append(f'<div style="font-size:15px">Round {r + 1} dealt; dealer '
                         f"{html.escape(dealer)}.</div>")
        items = "".join(f'<li data-code="{html.escape(n.code)}">{html.escape(n.message)}</li>'
                        for n in auto)
        if items:
            parts.append(f'<ul class="cl-auto-notes" style="margin:4px 0;padding-left:1.3em;'
                         f'font-size:15px;line-height:1.4">{items}</ul>')
        elif a >= 0:
            parts.append('<div style="font-size:14px;font-style:italic">No notes for this '
                         "move.</div>")
        return "".join(parts)

    def _score_row(self, i: int, final: Round | None = None) -> str:
        """The score-sheet row of round ``i`` ("" when the record stops before its end)."""
        row = self._score_rows.get(i)
        if row is None:
            if final is None:
                final = (self.record.final_state(i) if self.record.rounds[i].actions
                         else self.record.state_at(i, -1))
            row = ""
            if final.is_over:
                teams = final.profile.team_count
                totals = [s.total for s in final.scores()]
                running = [final.team_scores[t] + totals[t] for t in range(teams)]
                cells = "".join(
                    f'<td style="text-align:right;padding:1px 8px">{totals[t]}</td>'
                    f'<td style="text-align:right;padding:1px 8px"><b>{running[t]}</b></td>'
                    for t in range(teams))
                row = f'<tr><td style="padding:1px 8px">{i + 1}</td>{cells}</tr>'
            self._score_rows[i] = row
        return row

    def _scores_html(self, r: int, a: int, rnd: Round) -> str:
        rows = [row for row in (self._score_row(i) for i in range(r)) if row]
        if rnd.is_over and self._score_row(r, rnd):
            rows.append(self._score_row(r, rnd))
        teams = rnd.profile.team_count
        names = ["\u2013".join(rnd.seat_name(s) for s in range(rnd.player_count)
                               if rnd.team_of(s) == t) for t in range(teams)]
        if not rows:
            return '<div style="font-size:14px;font-style:italic">No round finished yet.</div>'
        head = "".join(f'<th colspan="2" scope="colgroup" style="padding:1px 8px">'
                       f"Team {html.escape(n)}</th>" for n in names)
        sub = "".join('<th scope="col" style="padding:1px 8px">round</th>'
                      '<th scope="col" style="padding:1px 8px">total</th>' for _ in names)
        return (f'<table class="cl-score-sheet" style="border-collapse:collapse;font-size:14px">'
                f'<thead><tr><th rowspan="2" scope="col">Round</th>{head}</tr><tr>{sub}</tr>'
                f'</thead><tbody>{"".join(rows)}</tbody></table>')
