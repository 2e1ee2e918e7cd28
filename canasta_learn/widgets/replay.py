"""`ReplayViewer`: step through a recorded game, with the engine's notes on every move.

First / back / forward / last buttons, a named slider over every step of the game (each
round's deal, then each of its actions), the arrow keys ←/→ anywhere in the viewer (and, while
nothing else has focus, as soon as the viewer is on screen; a click anywhere in the viewer gives
it the focus, and in JupyterLab ←/→ then step the replay, not the notebook's cells), and
Play / Pause (Pause stops where it is). For the step shown: the notes beside the controls
(the human comment and its glyph first, then the automatic annotations of
`canasta_learn.records.annotate`, ranked: the routine ones - "could not take the pile" again for the
same player and pile state, a pile state already told - folded under "routine notes"), the
move list (click a move to go there), the table, and the score sheet of the rounds finished
so far. "Continue from here" opens a `PlayWidget` at exactly that position.

"Review game" asks the coach (`canasta_learn.play.review`, seeded, computed only when pressed)
for its opinion of every move; moves it estimates lose a lot against its best are flagged in
the move list, and the step shows the coach's alternative and its reasons in a panel of its
own, labelled as the coach's opinion (the rule notes and the human comments stay apart). The
marks go into the record's own ``review`` field, so Save keeps them and a comment is never
overwritten.
"""

from __future__ import annotations

import html
from collections import OrderedDict
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..core.actions import action_words, parse_action, seat_label
from ..core.i18n import gettext, ngettext, pgettext, speaking
from ..core.verdicts import learner_words
from ..engine.round import Round
from ..play.bots import acting_seat
from ..records.examples import teacher_text
from ..records.record import CACHED_ROUNDS, GameRecord
from .common import profile_badge, spoken, widget_language
from .table import TableWidget

__all__ = ["MovesPane", "ReplayViewer", "StepSlider"]

_HERE = Path(__file__).parent


class MovesPane(anywidget.AnyWidget):
    """The move list: trusted HTML (``value``) whose ``[data-step]`` items are clickable;
    a click calls ``on_go(step)``."""

    _esm = _HERE / "replay_moves.js"
    #: The HTML shown.
    value = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_go: Any = None
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("go"), int) and self.on_go:
            self.on_go(content["go"])

    def click(self, step: int) -> None:
        """What a click on the move of step ``step`` does (for tests)."""
        self._message(self, {"go": step}, [])


class StepSlider(anywidget.AnyWidget):
    """A range input over the steps (counted from 1) with an accessible name; the arrow keys
    anywhere in the viewer call ``on_move(+1 / -1)``."""

    _esm = _HERE / "replay_slider.js"
    value = traitlets.Int(1).tag(sync=True)
    min = traitlets.Int(1).tag(sync=True)
    max = traitlets.Int(1).tag(sync=True)
    #: The visible caption and the accessible name of the slider.
    description = traitlets.Unicode("Step").tag(sync=True)
    aria_label = traitlets.Unicode("Step of the game").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_move: Any = None
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("move") in (1, -1) and self.on_move:
            self.on_move(content["move"])

    def key(self, name: str) -> None:
        """What pressing ArrowLeft / ArrowRight in the viewer does (for tests)."""
        if name not in ("ArrowLeft", "ArrowRight"):
            raise ValueError(f"key must be 'ArrowLeft' or 'ArrowRight', not {name!r}.")
        self._message(self, {"move": 1 if name == "ArrowRight" else -1}, [])


#: Notes that teach something: shown first.
_TEACHING = ("could_take_pile", "could_open", "opening_refused", "went_out", "went_out_concealed",
             "natural_canasta", "mixed_canasta", "opening", "round_score", "stock_empty")

#: Moves listed before and after the current one.
MOVES_AROUND = 7

_GLYPH_WORDS = {
    "!": "good move", "?": "mistake", "!!": "brilliant move", "??": "blunder",
    "!?": "interesting move", "?!": "dubious move",
}


def _mark_values(mark: dict[str, Any]) -> dict[str, Any]:
    """The numbers of a review mark as its sentences show them (the 95% margin kept out of the
    templates: a '%' there reads as a python-format directive)."""
    return {"loss": f"{mark['loss']:.0f}", "margin": f"{1.96 * mark['stderr']:.0f}", "confidence": "95%",
            "rollouts": mark["rollouts"], "best": mark["best_words"]}


def _glyph_word(glyph: str) -> str:
    """What a move's glyph means, in words (``_GLYPH_WORDS``, in the language spoken)."""
    words = {"!": gettext("good move"), "?": gettext("mistake"), "!!": gettext("brilliant move"),
             "??": gettext("blunder"), "!?": gettext("interesting move"), "?!": gettext("dubious move")}
    return words.get(glyph, gettext("annotated"))


#: How many rounds' notes a `ReplayViewer` keeps at once (the least recently shown dropped
#: beyond that, and made again if shown again), like `GameRecord.state_at`'s checkpoints.
NOTED_ROUNDS = CACHED_ROUNDS


def _keep(cache: OrderedDict[int, Any], key: int, value: Any) -> None:
    """Put ``value`` in ``cache`` as the most recent entry, dropping the least recently used
    beyond `NOTED_ROUNDS`."""
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > NOTED_ROUNDS:
        cache.popitem(last=False)


class ReplayViewer(widgets.VBox):  # type: ignore[misc]
    """A step-by-step viewer for a `GameRecord` (or a path / JSON text of one).

    Steps run over the whole game: for each round its deal (action index -1) and then each
    action. ``go(step)``, ``next()``, ``back()``, ``first()``, ``last()`` move; ``step`` and
    ``position`` (round index, action index) say where; ``notes_text`` is the notes shown.
    ``continue_here()`` opens a `PlayWidget` on a copy of the position (also a button).
    """

    def __init__(self, record: GameRecord | str, *, four_color: bool = False,
                 interval_ms: int = 900, bots: Any = "greedy",
                 review_rollouts: int | None = None, review_seed: int | None = 0, language: str | None = None) -> None:
        #: The language the widget speaks (everything it shows, in every callback).
        self.language = widget_language(language)
        with speaking(self.language):
            from ..play.review import REVIEW_ROLLOUTS

            if not isinstance(record, GameRecord):
                record = GameRecord.load(record)
            self.record = record
            self.bots = bots
            self.review_rollouts = REVIEW_ROLLOUTS if review_rollouts is None else review_rollouts
            self.review_seed = review_seed
            self.four_color = four_color
            self.steps: list[tuple[int, int]] = [
                (r, a) for r, rr in enumerate(record.rounds) for a in range(-1, len(rr.actions))]
            if not self.steps:
                raise ValueError("The record has no rounds to replay.")
            # the notes of the rounds shown lately (least recently used dropped beyond
            # NOTED_ROUNDS, as `GameRecord.state_at` keeps its checkpoints): a long game shown
            # round after round no longer keeps every round's notes
            self._notes: OrderedDict[int, Any] = OrderedDict()
            # The score sheet is kept incrementally: each finished round's row is made once (its
            # scores counted once), so a step in round 120 no longer rescores 119 rounds.
            self._score_rows: dict[int, str] = {}
            self._ranked: OrderedDict[int, dict[int, tuple[list[Any], list[Any]]]] = OrderedDict()
            self._round_base = {r: i for i, (r, a) in enumerate(self.steps) if a < 0}
            self._step = -1
            self.play_widget: Any = None

            last = len(self.steps) - 1
            self.badge = profile_badge(record.profile)
            title = record.info.get("title") if record.info else None
            self.title = widgets.HTML(
                f'<div style="font-size:20px;font-weight:700">{html.escape(teacher_text(title))}</div>'
                if title else "")

            def button(name: str, description: str, tooltip: str, icon: str) -> widgets.Button:
                b = widgets.Button(description=description, tooltip=tooltip, icon=icon,
                                   layout=widgets.Layout(width="auto"))
                b.add_class("cl-button")
                b.add_class(f"cl-replay-{name}")
                return b

            self.first_button = button("first", pgettext("replay button", "First"), gettext("Go to the first step"),
                                       "fast-backward")
            self.back_button = button("back", pgettext("replay button", "Back"), gettext("One step back"),
                                      "step-backward")
            self.forward_button = button("forward", pgettext("replay button", "Forward"), gettext("One step forward"),
                                         "step-forward")
            self.last_button = button("last", pgettext("replay button", "Last"), gettext("Go to the last step"),
                                      "fast-forward")
            self.first_button.on_click(lambda _b: self.first())
            self.back_button.on_click(lambda _b: self.back())
            self.forward_button.on_click(lambda _b: self.next())
            self.last_button.on_click(lambda _b: self.last())
            # The slider counts steps from 1 (what the page says); ``step`` is 0-based.
            self.slider = StepSlider(value=1, min=1, max=last + 1, description=gettext("Step"),
                                     aria_label=gettext("Step of the game (arrow keys: back / forward)"))
            self.slider.add_class("cl-replay-slider")
            self.slider.observe(lambda change: self._show(change["new"] - 1), names="value")
            self.slider.on_move = lambda delta: self.go(self._step + delta)
            self.interval_ms = interval_ms
            self.player = widgets.ToggleButton(value=False, description=pgettext("replay button", "Play"),
                                               icon="play",
                                               tooltip=gettext("Play the moves one by one (press again to pause)"),
                                               layout=widgets.Layout(width="auto"))
            self.player.add_class("cl-button")
            self.player.add_class("cl-replay-play")
            self.player.observe(self._on_play, names="value")
            self._timer: Any = None
            self.where = widgets.HTML("")
            self.where.add_class("cl-replay-where")

            first_round = record.state_at(0, -1)
            self.table = TableWidget(first_round, show_hands=True, player_names=record.players,
                                     four_color=four_color, width=52, show_badge=False, language=self.language)
            self.moves = MovesPane()
            self.moves.add_class("cl-replay-moves")
            self.moves.on_go = self.go
            self.notes = widgets.HTML("")
            self.notes.add_class("cl-replay-notes")
            self.scores = widgets.HTML("")
            self.scores.add_class("cl-replay-scores")
            self.continue_button = button("continue", pgettext("replay button", "Continue from here"),
                                          gettext("Play on from this position against bots"), "play")
            self.continue_seat = widgets.Dropdown(description=pgettext("continue from here as seat", "as"),
                                                  options=[(self._seat_words(0), 0)], value=0,
                                                  layout=widgets.Layout(width="140px"),
                                                  style={"description_width": "initial"})
            self.continue_seat.add_class("cl-continue-seat")
            self.continue_button.on_click(lambda _b: self.continue_here())
            self.sandbox = widgets.VBox([])
            self.sandbox.add_class("cl-replay-sandbox")
            self.review_button = button("review", pgettext("replay button", "Review game"),
                                        gettext("The coach's opinion of every move (takes a few seconds per round)"),
                                        "search")
            self.review_button.on_click(lambda _b: self.review())
            self.review_status = widgets.HTML("")
            self.review_status.add_class("cl-replay-review-status")
            self.review_panel = widgets.HTML("")
            self.review_panel.add_class("cl-replay-review")

            controls = widgets.HBox(
                [self.first_button, self.back_button, self.player, self.forward_button,
                 self.last_button, self.slider],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            controls.add_class("cl-replay-controls")
            moves_head = gettext("<b>Moves</b> (click one to go there)")
            moves_box = widgets.VBox([widgets.HTML(moves_head), self.moves])
            left = widgets.VBox([controls, self.where, moves_box],
                                layout=widgets.Layout(flex="1 1 460px", min_width="0"))
            review_row = widgets.HBox([self.review_button, self.review_status],
                                      layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            notes_head = "<b>" + html.escape(gettext("Notes")) + "</b>"
            sheet_head = "<b>" + html.escape(gettext("Score sheet so far")) + "</b>"
            right = widgets.VBox([widgets.HTML(notes_head), self.notes, review_row, self.review_panel,
                                  widgets.HTML(sheet_head), self.scores],
                                 layout=widgets.Layout(flex="1 1 380px", min_width="0", padding="0 0 0 12px"))
            right.add_class("cl-replay-side")
            top = widgets.HBox([left, right],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
            self.table.layout = widgets.Layout(width="100%")
            continue_row = widgets.HBox([self.continue_button, self.continue_seat],
                                        layout=widgets.Layout(align_items="center"))
            super().__init__([widgets.HBox([self.badge, self.title]), top, self.table,
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

    @spoken
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

    @property
    def playing(self) -> bool:
        """True while Play steps through the moves."""
        return bool(self.player.value)

    def play(self) -> None:
        """Start stepping forward every ``interval_ms`` (from the step shown)."""
        self.player.value = True

    def pause(self) -> None:
        """Stop where it is (the step shown stays)."""
        self.player.value = False

    @spoken
    def _on_play(self, change: Any) -> None:
        playing = bool(change["new"])
        self.player.description = pgettext("replay button", "Pause") if playing else pgettext("replay button", "Play")
        self.player.icon = "pause" if playing else "play"
        if playing:
            if self._step >= len(self.steps) - 1:
                self.go(0)  # at the end: play from the start
            self._schedule()
        elif self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _schedule(self) -> None:
        import asyncio

        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:  # pragma: no cover - no event loop (a plain script)
            return
        self._timer = loop.call_later(self.interval_ms / 1000, self.tick)

    @spoken
    def tick(self) -> None:
        """One step of Play: forward, or pause at the last step (the timer calls it)."""
        self._timer = None
        if not self.playing:
            return
        if self._step >= len(self.steps) - 1:
            self.pause()
            return
        self.next()
        if self._step >= len(self.steps) - 1:
            self.pause()
        else:
            self._schedule()

    def state(self) -> Round:
        """A copy of the round at the step shown (`GameRecord.state_at`)."""
        r, a = self.position
        return self.record.state_at(r, a)

    @property
    @spoken
    def notes_text(self) -> str:
        """The notes of the step shown, as plain text (one line each)."""
        return "\n".join(self._note_lines(*self.position))

    @spoken
    def review(self, rounds: Any = None) -> int:
        """Run the coach's game review (every round, or those in ``rounds``) with the viewer's
        ``review_rollouts`` and ``review_seed``; store the marks in the record's ``review``
        field and show them. Returns the number of moves marked."""
        from ..play.review import review_endings, review_game

        def progress(done: int, total: int, marks: dict[int, dict[int, dict[str, Any]]]) -> None:
            found = sum(len(m) for m in marks.values())
            said = gettext("The coach is reviewing: {done} of {total} decisions, {moves} marked so far.").format(
                done=done, total=total,
                moves=ngettext("{count} move", "{count} moves", found).format(count=found))
            self.review_status.value = f'<span style="font-size:14px">{html.escape(said, quote=False)}</span>'

        count = review_game(self.record, rollouts=self.review_rollouts, seed=self.review_seed, rounds=rounds,
                            progress=progress)
        rounds_done = len(self.record.rounds) if rounds is None else len(list(rounds))
        said = gettext("The coach marked {moves} in {rounds} ({rollouts} simulated endings per decision, "
                       "seed {seed}).").format(
            moves=ngettext("{count} move", "{count} moves", count).format(count=count),
            rounds=ngettext("{count} round", "{count} rounds", rounds_done).format(count=rounds_done),
            rollouts=review_endings(self.review_rollouts), seed=self.review_seed)
        self.review_status.value = f'<span style="font-size:14px">{html.escape(said, quote=False)}</span>'

        self._show(self._step)
        return count

    @property
    @spoken
    def review_text(self) -> str:
        """The coach's review mark of the step shown, as plain text ("" when none)."""
        return "\n".join(self._review_lines(*self.position))

    def _review_lines(self, r: int, a: int) -> list[str]:
        mark = self.record.rounds[r].review.get(a) if a >= 0 else None
        if mark is None:
            return []
        who = self.record.state_at(r, -1).seat_label(self._mover(r, a))
        lines = [gettext("Coach's opinion: this move gives up about {loss} points (\u00b1{margin} at {confidence}, "
                         "{rollouts} simulated endings) against {best}.").format(**_mark_values(mark))]
        reason_line = gettext("Coach's reason (seen from {who}'s seat): {reason}")
        lines.extend(reason_line.format(who=who, reason=reason) for reason in mark["reasons"])
        return lines

    def _mover(self, r: int, a: int) -> int:
        from ..core.actions import parse_action

        return parse_action(self.record.rounds[r].actions[a], self.record.profile.player_count).seat

    def _review_html(self, r: int, a: int) -> str:
        mark = self.record.rounds[r].review.get(a) if a >= 0 else None
        if mark is None:
            return ""
        who = self.record.state_at(r, -1).seat_label(self._mover(r, a))
        reasons = "".join(f"<li>{html.escape(reason)}</li>" for reason in mark["reasons"])
        values = _mark_values(mark)
        opinion = html.escape(gettext(
            "{opinion} (an estimate, not a rule): this move gives up about {loss} points (\u00b1{margin} at "
            "{confidence}, {rollouts} simulated endings)."), quote=False).format(
            **{**values, "opinion": "<b>" + html.escape(gettext("The coach's opinion"), quote=False) + "</b>"})
        best = html.escape(gettext("The coach would play {move}."), quote=False).format(
            move=f'<b class="cl-coach-alternative">{html.escape(mark["best_words"])}</b>')
        seen = html.escape(gettext("Its reasons, seen from {who}'s seat:"), quote=False).format(who=html.escape(who))
        return ('<div class="cl-coach-review" role="note" style="font-size:15px;background:#eef4ff;'
                'border-left:5px solid #3b6fd8;padding:4px 8px;margin:4px 0">'
                f'{opinion} {best} {seen}<ul style="margin:2px 0">{reasons}</ul></div>')

    @spoken
    def continue_here(self) -> Any:
        """Open a `PlayWidget` at exactly this position (a copy), playing the chosen seat."""
        from .play import PlayWidget

        rnd = self.state()
        if rnd.is_over:
            over = gettext("This round is over: step back to continue from an earlier position.")
            self.sandbox.children = [widgets.HTML(f"<i>{html.escape(over)}</i>")]
            return None
        seat = int(self.continue_seat.value)
        play = PlayWidget(round=rnd, seat=seat, bots=self.bots, player_names=self._names_for(seat),
                          four_color=self.four_color, language=self.language)
        self.play_widget = play
        r, a = self.position
        title = gettext("Sandbox: round {round}, after move {move} \u2013 you play {seat}").format(
            round=r + 1, move=a + 1, seat=self._seat_words(seat))
        head = widgets.HTML(f"<h4 style='margin:8px 0'>{html.escape(title)}</h4>")
        self.sandbox.children = [head, play]
        return play

    # ------------------------------------------------------------------ drawing
    def _names_for(self, seat: int) -> list[str]:
        names = list(self.record.players)
        names[seat] = gettext("You ({name})").format(name=names[seat])
        return names

    def _seat_words(self, seat: int) -> str:
        """A seat as the notes name it: "North" ("Norte"), never a bare letter."""
        return seat_label(seat, self.record.profile.player_count, form="compass")

    def _round_notes(self, r: int) -> Any:
        notes = self._notes.get(r)
        if notes is None:
            from ..records.annotate import annotate_round

            with learner_words(narrate=True):  # told of each seat by name, cards as symbols, no typed commands
                notes = annotate_round(self.record, r)
            _keep(self._notes, r, notes)
        else:
            self._notes.move_to_end(r)
        return notes

    def _ranked_round(self, r: int) -> dict[int, tuple[list[Any], list[Any]]]:
        """For every step of round ``r`` (-1 the deal): (notes shown, routine notes folded),
        told in the third person (made so by `_round_notes`). Folded: "could not take the pile" again for the same
        player and pile state, and a pile state already told to that team."""
        cached = self._ranked.get(r)
        if cached is not None:
            self._ranked.move_to_end(r)
            return cached
        notes = self._round_notes(r)
        teams = self.record.profile.team_count
        told_pile: dict[int, str] = {}
        told_cannot: set[tuple[int | None, str]] = set()
        pile_code: dict[int, str] = {}
        out: dict[int, tuple[list[Any], list[Any]]] = {}
        for a in range(-1, len(self.record.rounds[r].actions)):
            shown: list[Any] = []
            folded: list[Any] = []
            for note in (notes.deal if a < 0 else notes[a]):
                team = note.seat % teams if note.seat is not None else -1
                if note.code.startswith("pile_"):
                    pile_code[team] = note.code
                    if told_pile.get(team) == note.code:
                        folded.append(note)
                        continue
                    told_pile[team] = note.code
                elif note.code == "could_not_take_pile":
                    key = (note.seat, pile_code.get(team, ""))
                    if key in told_cannot:
                        folded.append(note)
                        continue
                    told_cannot.add(key)
                shown.append(note)
            shown.sort(key=lambda n: 0 if n.code in _TEACHING else 1)
            out[a] = (shown, folded)
        _keep(self._ranked, r, out)
        return out

    def _note_lines(self, r: int, a: int) -> list[str]:
        rr = self.record.rounds[r]
        shown, folded = self._ranked_round(r)[a]
        lines: list[str] = []
        if a < 0:
            lines.append(gettext("Round {round} dealt; dealer {dealer}.").format(
                round=r + 1, dealer=self._seat_words(rr.dealer)))
        glyph = rr.glyphs.get(a)
        if glyph:
            lines.append(gettext("Glyph {glyph} ({meaning})").format(glyph=glyph, meaning=_glyph_word(glyph)))
        comment = rr.comments.get(a)
        if comment:
            lines.append(gettext("Comment: {comment}").format(comment=teacher_text(comment)))
        lines.extend(note.message for note in shown)
        lines.extend(gettext("Routine: {note}").format(note=note.message) for note in folded)
        return lines

    @spoken
    def _show(self, step: int) -> None:
        step = max(0, min(len(self.steps) - 1, step))
        self._step = step
        self.slider.value = step + 1
        r, a = self.steps[step]
        rnd = self.record.state_at(r, a)
        self.table.update(rnd)
        rr = self.record.rounds[r]
        move = gettext("the deal") if a < 0 else gettext("move {number} of {count}").format(
            number=a + 1, count=len(rr.actions))
        where = gettext("Step {step} of {steps} \u00b7 round {round} of {rounds} \u00b7 {move}").format(
            step=step + 1, steps=len(self.steps), round=r + 1, rounds=len(self.record.rounds), move=move)
        self.where.value = (f'<div style="font-size:16px;margin:4px 0" aria-live="polite">'
                            f"{html.escape(where)}</div>")
        self.moves.value = self._moves_html(r, a)
        self.notes.value = self._notes_html(r, a)
        self.review_panel.value = self._review_html(r, a)
        self.scores.value = self._scores_html(r, a, rnd)
        n = rnd.player_count
        self.continue_seat.options = [(self._seat_words(s), s) for s in range(n)]
        self.continue_seat.value = acting_seat(rnd) if not rnd.is_over else 0
        self.first_button.disabled = self.back_button.disabled = step == 0
        self.forward_button.disabled = self.last_button.disabled = step == len(self.steps) - 1
        self.continue_button.disabled = rnd.is_over

    def _move_words(self, action: str) -> str:
        """A recorded move as the move list shows it: the seat in words and the move as a
        learner says it, cards as symbols ("East: Discard 4♥"); the record keeps the notation."""
        parsed = parse_action(action, self.record.profile.player_count)
        return gettext("{seat}: {move}").format(seat=self._seat_words(parsed.seat), move=action_words(parsed))

    def _moves_html(self, r: int, a: int) -> str:
        rr = self.record.rounds[r]
        base = self._round_base[r]
        start = max(-1, a - MOVES_AROUND)
        end = min(len(rr.actions), a + MOVES_AROUND + 1)
        items = []
        if start > -1:
            items.append('<li class="cl-more" aria-hidden="true" style="list-style:none">'
                         "\u2026</li>")
        button_css = ("font:inherit;color:inherit;background:none;border:0;padding:1px 6px;"
                      "text-align:left;cursor:pointer;width:100%;white-space:nowrap")
        for i in range(start, end):
            text = pgettext("move list", "Deal") if i < 0 else self._move_words(rr.actions[i])
            glyph = rr.glyphs.get(i, "") if i >= 0 else ""
            label = html.escape(text) + (f" <b>{html.escape(glyph)}</b>" if glyph else "")
            if i in rr.comments:
                has_comment = html.escape(gettext("has a comment"))
                label += f' <span title="{has_comment}" aria-label="{has_comment}">\u270e</span>'
            if i in rr.review:
                flag_title = html.escape(gettext("the coach estimates a large loss"))
                flag_label = html.escape(gettext("marked by the coach's review"), quote=False).replace('"', "&quot;")
                label += (f' <span class="cl-review-flag" title="{flag_title}" '
                          f'aria-label="{flag_label}">\u2691</span>')
            number = "" if i < 0 else f"{i + 1}. "
            step = base + i + 1
            if i == a:
                items.append(
                    '<li class="cl-current" aria-current="step" style="list-style:none;'
                    "background:var(--cl-accent, var(--jp-brand-color1, #1976d2));color:#fff;"
                    'font-weight:700;border-radius:4px">'
                    f'<button type="button" data-step="{step}" style="{button_css}">'
                    f'<span aria-hidden="true">\u25b6 </span>{number}{label}</button></li>')
            else:
                items.append(f'<li style="list-style:none">'
                             f'<button type="button" data-step="{step}" style="{button_css}">'
                             f'<span aria-hidden="true" style="visibility:hidden">\u25b6 </span>'
                             f"{number}{label}</button></li>")
        if end < len(rr.actions):
            items.append('<li class="cl-more" aria-hidden="true" style="list-style:none">'
                         "\u2026</li>")
        moves_of = html.escape(gettext("Moves of round {round}").format(round=r + 1))
        return (f'<ol aria-label="{moves_of}" style="margin:0;padding:0;'
                f'font-family:var(--jp-code-font-family, monospace);font-size:14px;'
                f'line-height:1.5">{"".join(items)}</ol>')

    def _notes_html(self, r: int, a: int) -> str:
        rr = self.record.rounds[r]
        parts = []
        glyph = rr.glyphs.get(a)
        comment = rr.comments.get(a)
        if glyph or comment:
            comment_word = gettext("Comment:")
            glyph_html = ""
            if glyph:
                word = _glyph_word(glyph)
                glyph_html = (f'<span class="cl-glyph" title="{word}" style="font-size:20px;'
                              f'font-weight:800;margin-right:6px">{html.escape(glyph)}</span>'
                              f'<span style="font-size:13px;margin-right:6px">({word})</span>')
            comment_html = (f'<span class="cl-comment">{html.escape(teacher_text(comment))}</span>'
                            if comment else "")
            parts.append('<div class="cl-human-note" style="border-left:4px solid '
                         "var(--cl-accent, var(--jp-brand-color1, #1976d2));padding:4px 8px;"
                         f'margin:4px 0;font-size:15px"><b>{html.escape(comment_word)}</b> '
                         f"{glyph_html}{comment_html}</div>")
        shown, folded = self._ranked_round(r)[a]
        if a < 0:
            dealer = self._seat_words(rr.dealer)
            dealt = gettext("Round {round} dealt; dealer {dealer}.").format(round=r + 1, dealer=dealer)
            parts.append(f'<div style="font-size:15px">{html.escape(dealt)}</div>')
        items = "".join(f'<li data-code="{html.escape(n.code)}">{html.escape(n.message)}</li>'
                        for n in shown)
        if items:
            parts.append(f'<ul class="cl-auto-notes" style="margin:4px 0;padding-left:1.3em;'
                         f'font-size:15px;line-height:1.4">{items}</ul>')
        if folded:
            routine = "".join(f'<li data-code="{html.escape(n.code)}">{html.escape(n.message)}</li>'
                              for n in folded)
            summary = html.escape(gettext("Routine notes ({count}): said before for this player and pile").format(
                count=len(folded)))
            parts.append(f'<details class="cl-routine-notes" style="font-size:14px"><summary>{summary}'
                         f'</summary><ul style="margin:2px 0;padding-left:1.3em">{routine}</ul></details>')
        if not items and not folded and a >= 0 and not (glyph or comment):
            parts.append('<div style="font-size:14px;font-style:italic">'
                         + html.escape(gettext("No notes for this move.")) + "</div>")
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
        names = ["\u2013".join(rnd.seat_label(s, "compass") for s in range(rnd.player_count)
                               if rnd.team_of(s) == t) for t in range(teams)]
        if not rows:
            return ('<div style="font-size:14px;font-style:italic">'
                    + html.escape(gettext("No round finished yet.")) + "</div>")
        head = "".join('<th colspan="2" scope="colgroup" style="padding:1px 8px">'
                       + html.escape(gettext("Team {names}").format(names=n)) + "</th>" for n in names)
        round_word, total_word = html.escape(gettext("round")), html.escape(gettext("total"))
        sub = "".join(f'<th scope="col" style="padding:1px 8px">{round_word}</th>'
                      f'<th scope="col" style="padding:1px 8px">{total_word}</th>' for _ in names)
        round_head = html.escape(gettext("Round"))
        return (f'<table class="cl-score-sheet" style="border-collapse:collapse;font-size:14px">'
                f'<thead><tr><th rowspan="2" scope="col">{round_head}</th>{head}</tr><tr>{sub}</tr>'
                f'</thead><tbody>{"".join(rows)}</tbody></table>')
