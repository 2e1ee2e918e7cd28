"""`PlayWidget`: play a round (or a whole game) in one seat against bots.

Your partner and both opponents are bots (`canasta_learn.play.bots`). You pick cards in a
`HandWidget` and press Draw / Take pile / Meld selected / Discard selected / Ask partner
(and Yes / No when your partner asks you). Every button builds an engine action and asks
``round.check(action)``: a refusal changes nothing and shows the engine's verdict beside the
cards (its code only behind a "details" toggle, unless ``teacher=True``). The optional "why?"
panel lists the engine's verdicts for the current selection. Every move is told in the
second person from the engine's events ("You drew 8♠", the new card highlighted in your
hand; "Sam (your partner) answered yes: you must go out this turn"). After your move the
bots play until it is your turn again, one move at a time at the chosen ``speed``.
"Set aside" keeps the selected cards as an extra meld for the next Meld or Take pile (an
opening made of several melds, or a take of the pile with opening melds).
The game is recorded (`GameRecord`) and Save writes it as JSON.

Keyboard: the hand is one Tab stop (arrow keys move within it, Space selects); D draws, T
takes the pile, M melds, X discards, H asks for a Hint and S skips the bots' paced moves (the
letters are shown on the buttons). While the view has focus (a click anywhere on it, or Tab)
its keys are its own: JupyterLab's command-mode keys (D D, M, X, the arrows) never see them,
and Escape gives them back (``keys.js``). The bots' moves are paced by timers, so your own
clicks never wait behind them.

Tests (and teachers) drive it from Python::

    play = PlayWidget(seed=7)
    play.click("draw")
    play.select("h13 s13 d13")
    play.click("meld")
    play.message          # what happened ("You melded ..."), or why the engine refused it
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import html
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..core.actions import Action, Answer, Ask, Decline, Discard, Draw, Meld, MeldGroup, Redraw, Swap, TakePile
from ..core.cards import Card, CardsLike, rank_name, symbol_cards
from ..core.i18n import gettext, ngettext, pgettext, speaking
from ..core.inputs import need_int
from ..core.verdicts import Advice, Verdict, phrasing_advice
from ..engine.game import Game
from ..engine.round import Round
from ..profiles import ProfileLike, get_profile
from ..rules.melds import canasta_kind
from ..variants.base import rules_for
from .common import profile_badge, profile_badge_html, spoken, widget_language
from .hand import HandWidget
from .narration import Names, cards_text, narrate_action, narrate_deal, round_end_text
from .play_table import PlayTable

__all__ = ["PlayWidget", "SPEEDS", "default_player_names", "for_clicks"]

#: How many moves the log keeps on screen.
LOG_LINES = 14
#: Button names accepted by `PlayWidget.click`.
BUTTONS = ("draw", "take", "meld", "discard", "ask", "yes", "no", "decline", "new", "save", "swap", "redraw",
           "aside", "clear_aside", "take_back", "hint", "skip")
#: CPU seconds the coach spends on a Hint unless ``hint_budget=`` says otherwise (about a second in
#: all on an idle machine). 0.9, not 0.6: at meld positions (a dozen candidates) the hint is limited
#: by how few deals fit, and 0.9 s is the most that keeps the CPU median under a second
#: (benchmarks/bench_hint_agreement.py).
HINT_BUDGET = 0.9
#: Actions after the move at which a Hint cuts its play-outs and scores the position with the
#: coach's learned estimate (`canasta_learn.play.position_value`, where it holds: the classic
#: profile; elsewhere every play-out is played to the end); None: never cut. Cut after 32 actions
#: (`position_value.CUT`), hints named a 10x reference's best at 80% of 400 meld positions instead
#: of 73% and lost 8.6 points a decision instead of 18.0 (benchmarks/bench_cut_playouts.py); with
#: "about equal" and the margins counting the estimate's own error (`position_value.GAP_ERROR`)
#: they named the same moves over five seeds at 198 of 200 fresh positions (99%; 94.5% uncut;
#: benchmarks/bench_hint_honesty.py). The value is `position_value.CUT`, where the estimate was
#: fitted (tests/play/test_position_value.py checks it; this module imports the coach lazily).
HINT_CUT: int | None = 32
#: The most melds (and pile takes) a Hint whose play-outs are cut (`HINT_CUT`) simulates
#: (`coach.advise`'s ``meld_candidates``; `hint_meld_candidates`; None would be every legal one).
#: The coach's quick cut to 6 (`coach.MAX_MELD_CANDIDATES`) left the best move out at 34 of 600
#: meld positions, mostly wild cards added to a meld. On the same positions and references
#: (benchmarks/bench_hint_agreement.py), hints keeping 12 named the reference's best 1.8 ± 2.1
#: points more often (83% of 600; 11 left out) and lost 2.7 ± 1.9 points a decision less, from as
#: many deals (88, median): the moves the cut lets in are mostly dropped after the first deals.
#: Keeping every legal meld did no better (+1.2 ± 1.4 points, the same loss) and at a hand of many
#: wild cards simulates 30-40 moves on the fewest deals (24), naming most of them "about equal".
#: On 166 fresh positions 12 lost 1.8 ± 2.1 points a decision less than 6, with the same agreement
#: (81%): the wider cut lowers the loss, it does not make the headline name the best more often.
HINT_MELD_CANDIDATES: int | None = 12
#: Moves a Hint shows.
HINT_MOVES = 3
#: A Hint still at work after this many seconds shows how many deals it has played, and again
#: every `HINT_PROGRESS_EVERY` seconds: in the Brazilian games, whose endings are long, the
#: fewest deals a hint plays take several seconds (benchmarks/bench_hint_games.py).
HINT_PROGRESS_AFTER = 1.0
#: Seconds between two of a long Hint's messages of how many deals it has played.
HINT_PROGRESS_EVERY = 0.5
#: Keyboard shortcuts: the letter that presses each button (shown on it, as in "Draw (D)").
SHORTCUTS: dict[str, str] = {"draw": "d", "take": "t", "meld": "m", "discard": "x", "hint": "h", "skip": "s"}
#: Bot speeds: seconds between two bot moves (each shown and highlighted before the next).
SPEEDS: dict[str, float] = {"instant": 0.0, "normal": 0.9, "slow": 2.0}
#: Names given to the other seats (in seat order after yours) when none are given.
DEFAULT_NAMES = ("Ebba", "Sam", "Wen", "Ana", "Rui", "Lea")


def hint_meld_candidates(cut: int | None) -> int | None:
    """The ``meld_candidates`` of a Hint whose play-outs are cut at ``cut`` (`HINT_CUT`, where the
    coach's estimate holds): `HINT_MELD_CANDIDATES`; played to the end (None: the other games,
    whose rounds are long), the coach's own cut, `coach.MAX_MELD_CANDIDATES`, which keeps the
    fewest deals a hint plays there within reach.

    >>> hint_meld_candidates(32), hint_meld_candidates(None)
    (12, 6)
    """
    from ..play.coach import MAX_MELD_CANDIDATES

    return HINT_MELD_CANDIDATES if cut is not None else MAX_MELD_CANDIDATES


#: The play view's layout follows the width of its own container (a CSS container query), not
#: the window's: a notebook's output area beside JupyterLab's file browser is narrow (about 848
#: px) in a wide window. Wide, the messages sit in a column beside the table and hand; narrow,
#: the two columns become one (their boxes ``display: contents``), ordered so that what just
#: happened comes right under the buttons: the refusal or notice, the coach's Hint, the
#: narration, then New round and Save (once the round is over, New round and Save come first,
#: as the status line asks for New round); the score tables and the earlier moves after them. The
#: panels that grow (narration, Hint, score tables) scroll inside a bounded height, the
#: narration kept scrolled to its newest line, so the buttons, the hand, the pile and the
#: newest message stay on one screen. The melds are drawn a little smaller on a short screen and
#: in a narrow container (CSS ``zoom``: more of them in a row, fewer rows).
LAYOUT_CSS = """<style>
.cl-play-widget { container-type: inline-size; container-name: cl-play; }
.cl-play-widget .cl-play-side > .cl-play-message { order: 1; }
.cl-play-widget .cl-play-side > .cl-play-narration { order: 2; }
.cl-play-widget .cl-play-side > .cl-play-files { order: 3; }
.cl-play-widget .cl-play-side > .cl-play-scores { order: 4; }
.cl-play-widget .cl-play-side > .cl-play-log-box { order: 5; }
.cl-play-widget .cl-play-side > .cl-play-settings { order: 6; }
.cl-play-widget .cl-narration-scroll { display: flex; flex-direction: column-reverse;
  max-height: 11.5em; overflow-y: auto; }
.cl-play-widget .cl-play-coach .cl-coach { max-height: 15em; overflow-y: auto; }
.cl-play-widget .cl-play-scores .widget-html-content { max-height: 14em; overflow-y: auto; }
@media (max-height: 860px) {
  .cl-play-widget .cl-play-table .cl-melds { zoom: 0.85; }
}
@container cl-play (max-width: 959px) {
  .cl-play-widget .cl-play-table .cl-melds { zoom: 0.85; }
  .cl-play-widget .cl-play-body { flex-flow: column nowrap !important; align-items: stretch !important; }
  .cl-play-widget .cl-play-main, .cl-play-widget .cl-play-side { display: contents !important; }
  .cl-play-widget .cl-play-main > * { order: 0; }
  .cl-play-widget .cl-play-main > .cl-play-answer-slot { order: 1; }
  .cl-play-widget .cl-play-side > .cl-play-message { order: 2; }
  .cl-play-widget .cl-play-main > .cl-play-coach { order: 3; }
  .cl-play-widget .cl-play-main > .cl-why { order: 4; }
  .cl-play-widget .cl-play-side > .cl-play-narration { order: 5; }
  .cl-play-widget .cl-play-side > .cl-play-files { order: 6; }
  .cl-play-widget .cl-play-side > .cl-play-scores { order: 7; }
  .cl-play-widget .cl-play-side > .cl-play-log-box { order: 8; }
  .cl-play-widget .cl-play-side > .cl-play-settings { order: 9; }
  .cl-play-widget .cl-play-side > * { margin-left: 0; }
  .cl-play-widget .cl-hand-cards { padding-top: 18px; padding-bottom: 6px; }
  .cl-play-widget .cl-hand { padding-top: 0; }
  .cl-play-widget .cl-play-message .cl-verdict { padding: 4px 10px !important; }
  .cl-play-widget .cl-play-message .cl-message { margin: 2px 0 !important; }
  .cl-play-widget .cl-play-coach .cl-coach { font-size: 14px !important; margin: 2px 0 !important;
    padding-top: 2px !important; padding-bottom: 2px !important; }
  .cl-play-widget.cl-play-over .cl-play-side > .cl-play-files { order: 1; }
  .cl-play-widget .cl-play-narration [aria-live] { font-size: 15px !important; line-height: 1.35 !important; }
  .cl-play-widget .cl-narration-scroll { max-height: 7em; }
  .cl-play-widget .cl-hand-bar { margin-bottom: 0; }
}
</style>"""


def _controls() -> dict[str, str]:
    """The names of the controls the advice points to, as the buttons and the list say them."""
    return {"take": pgettext("button", "Take pile"), "meld": pgettext("button", "Meld selected"),
            "aside": pgettext("button", "Set aside as a meld"), "list": gettext("Meld:"),
            "new": gettext("as a new meld")}


def _click_words(advice: Advice) -> str | None:
    """A refusal's `Advice` said as the play view's controls that do it, in the language spoken now
    (`phrasing_advice`): "select them in your hand, then press Take pile"; None for a kind the
    view has no words for (the engine's are kept). Each phrase fills the slot its rule's template
    leaves for the advice (`canasta_learn.core.verdicts.ADVICE_KINDS`)."""
    controls = _controls()
    kind = advice.kind
    if kind == "take_with_held":
        return gettext("select them in your hand, then press {take}").format(**controls)
    if kind == "take_with_pair":
        return gettext("take the pile with it: select the pair, then press {take}").format(**controls)
    if kind == "name_cards_to_meld":
        return gettext("Select the cards to meld in your hand, then press {meld}.").format(**controls)
    if kind == "twos_onto_deuce_meld":
        return gettext("choose it in the {list} list, then press {meld}").format(**controls)
    if kind == "wilds_onto_meld":
        return gettext("choose that meld in the {list} list, then press {meld}").format(**controls)
    if kind == "lay_opening_together":
        return gettext("Lay all your opening melds together (press {aside} for each of them, then {meld}) so "
                       "that together they reach the minimum.").format(**controls)
    if kind == "add_opening_melds_to_take":
        return gettext("Set aside more melds from your hand ({aside}) before pressing {take}, or draw from the "
                       "stock.").format(**controls)
    if kind == "take_without_meld_number":
        return gettext("choose \"{new}\" in the {list} list, then press {take}").format(**controls)
    return None


def for_clicks(verdict: Verdict, action: Action, names: Sequence[str] | None = None) -> Verdict:
    """The engine's verdict on ``action`` as the play view's learner reads it, in the language
    spoken now: its message made again from its templates (`Verdict.learner_message`: cards as
    symbols, seats by ``names``, said to the seat that acted in the second person, "You may meld
    9♣ 9♦ 9♠ (30 points)."), a refusal's advice (`Verdict.advice`) said as the controls that do
    it ("select them in your hand, then press Take pile", `phrasing_advice`) where the engine
    would advise a typed command: no engine sentence is rewritten. A verdict made from a plain
    message stays as it is."""
    with phrasing_advice(_click_words):
        message = verdict.learner_message(names, action.seat)
    if message == verdict.message:
        return verdict
    return dataclasses.replace(verdict, message=message)


def _timer_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop that will run a paced bot move's timer: the running loop of a Jupyter
    kernel (Voila, JupyterLab), or of a thread that drives a loop of its own; None in plain
    Python, and where a library keeps a loop marked running in the main thread without running
    our callbacks (Playwright's sync API does), so that the bots' moves are never left waiting
    on a timer that no loop will fire."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    if threading.current_thread() is not threading.main_thread():
        return loop
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    return loop if shell is not None and getattr(shell, "kernel", None) is not None else None


def default_player_names(seat: int, player_count: int) -> list[str]:
    """"You" for ``seat`` and a first name for every other seat (the partner of seat 0 in a
    four-player game is "Sam")."""
    names = [gettext("You")] * player_count
    for offset in range(1, player_count):
        names[(seat + offset) % player_count] = DEFAULT_NAMES[(offset - 1) % len(DEFAULT_NAMES)]
    return names


def _speed_word(speed: str) -> str:
    """A bot speed's name on the settings' buttons."""
    words = {"instant": pgettext("bot speed", "instant"), "normal": pgettext("bot speed", "normal"),
             "slow": pgettext("bot speed", "slow")}
    return words.get(speed, speed)


def _speed_options() -> list[str] | list[tuple[str, str]]:
    """The settings' speed buttons: the speeds' names, with their words where they differ."""
    labelled = [(_speed_word(name), name) for name in SPEEDS]
    return list(SPEEDS) if all(word == name for word, name in labelled) else labelled


def _meld_label(rnd: Round, rank: int, cards: Sequence[Card]) -> str:
    """The meld chooser's label; whether the meld is a canasta is the engine's `canasta_kind`
    (seven black threes, for one, are never a canasta)."""
    kind = canasta_kind(cards, rank, rnd.profile)
    count = ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards))
    if rules_for(rnd.profile).suits_matter:
        if kind:
            return gettext("onto {key}: {meld} (canastra {kind}) ({cards})").format(
                key=rank, meld=rnd.meld_label(rank, cards), kind=kind.replace('_', ' '), cards=count)
        return gettext("onto {key}: {meld} ({cards})").format(key=rank, meld=rnd.meld_label(rank, cards), cards=count)
    template = gettext("onto the {rank} canasta ({cards})") if kind else gettext("onto the {rank} meld ({cards})")
    return template.format(rank=rank_name(rank, plural=True), cards=count)


def _write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file beside it, renamed over it once
    complete: a failed write leaves an earlier file of that name as it was."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


class PlayWidget(widgets.VBox):  # type: ignore[misc]
    """Play one seat against bots, with the engine's verdict on every move.

    ``PlayWidget(profile="classic", seat=0, bots="greedy", seed=None, game=False,
    round=None, player_names=None, four_color=False)``

    * ``game=True`` plays a whole `Game` (rounds until the target score), else one round at a
      time (New round deals the next one).
    * ``round=`` starts from a given `Round` (a scenario, or a replay position); it is played
      on as is (pass a copy to keep the original).
    * ``bots``: a bot name ("random", "greedy", "coach", "follower": `play.bots.BOT_NAMES`), a bot,
      or one per seat (yours is unused).
    * ``speed``: "instant", "normal" or "slow" (how the bots' moves are paced; the settings
      panel changes it too). ``teacher=True`` shows the verdict codes.
    * ``language``: the language the widget speaks (``"en"``, ``"pt_BR"``; default: the
      language spoken when it is made), in everything it shows.
    * ``save_dir``: the folder Save writes the game record into (made if missing; default: the
      working folder, in Jupyter the notebook's folder). On a Voila page (``canasta-learn play``)
      the Save press also starts the browser's download of the record, and each save offers it
      as a download link too (the fallback where a browser blocks that download).

    For tests: `select`, `click`, `message`, `narration_lines`, `state`, `record`, `log_lines`.
    """

    def __init__(
        self,
        profile: ProfileLike = "classic",
        seat: int = 0,
        bots: Any = "greedy",
        seed: int | None = None,
        game: bool = False,
        round: Round | None = None,  # noqa: A002 - the documented keyword
        *,
        player_names: Sequence[str] | None = None,
        four_color: bool = False,
        autoplay: bool = True,
        speed: str = "instant",
        teacher: bool = False,
        hint_budget: float = HINT_BUDGET,
        hint_rollouts: int | None = None,
        hint_seed: int | None = 0,
        language: str | None = None,
        save_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        #: The language the widget speaks (everything it shows, in every callback).
        self.language = widget_language(language)
        #: The folder Save writes into (None: the working folder, in Jupyter the notebook's).
        self.save_dir = None if save_dir is None else Path(save_dir).expanduser()
        with speaking(self.language):
            from ..play.bots import BOT_NAMES, make_bots

            if speed not in SPEEDS:
                raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}.")
            self.speed = speed
            self.teacher = bool(teacher)
            if isinstance(hint_budget, bool) or not isinstance(hint_budget, int | float) or not hint_budget > 0:
                raise ValueError(f"hint_budget must be a positive number of seconds, not {hint_budget!r}.")
            if hint_rollouts is not None and (not isinstance(hint_rollouts, int) or isinstance(hint_rollouts, bool)
                                              or hint_rollouts < 1):
                raise ValueError("hint_rollouts must be a whole number of at least 1 (or None), "
                                 f"not {hint_rollouts!r}.")
            self.hint_budget = float(hint_budget)
            self.hint_rollouts = hint_rollouts
            self.hint_seed = hint_seed
            self._hints_asked = 0
            #: The coach's last answer to Hint (None until pressed, and again after any move).
            self.advice: Any = None

            self.seed = seed
            self.seat = seat
            self.autoplay = autoplay
            self.game: Game | None = None
            self._finished: list[Round] = []  # rounds done in round mode (for the record)
            self._starts: dict[int, Round] = {}  # id(round) -> copy before its first action
            if round is not None:
                rnd = round
                prof = rnd.profile
            else:
                prof = get_profile(profile)
                if game:
                    self.game = Game(prof, seed=seed)
                    rnd = self.game.round
                else:
                    rnd = Round(prof, seed=seed)
            need_int(seat, "seat", low=0, high=prof.player_count - 1)
            self.profile = prof
            self._round = rnd
            self._remember_start(rnd)
            self._round_count = 1
            self.bots = make_bots(bots, prof.player_count, seed)
            self._bot_spec = bots if isinstance(bots, str) and bots in BOT_NAMES else None
            if player_names is None:
                names = default_player_names(seat, prof.player_count)
            else:
                names = list(player_names)
                if len(names) != prof.player_count:
                    raise ValueError(f"player_names must name {prof.player_count} players, not {len(names)}.")
            self.player_names = names
            self.names = Names(names, seat, rnd.team_of)
            self._message = ""
            self._log: list[str] = []
            self._narration: list[str] = []  # the sentences shown now (your move, then the bots')
            self._current = -1  # the sentence of the move being shown (pacing), -1 none
            self._aside: list[MeldGroup] = []  # melds set aside for the next Meld / Take pile
            self._hand_before: list[Card] = list(rnd.hands[seat])
            self._told = len(rnd.log)  # actions narrated so far
            self._deal_told = 0  # id() of the round whose deal was told
            #: Your melds (and joker swaps) of this turn that may be taken back: the round before
            #: each, and what was narrated then. Draws, takes and discards cannot be taken back.
            self._undo: list[tuple[Round, int, int]] = []
            #: Moves taken back: (round number, log index, the move) for the record's comments.
            self._taken_back: list[tuple[int, int, str]] = []

            # ------------------------------------------------------------- the parts
            self.badge = profile_badge(prof)
            self.table = PlayTable(rnd, seat, names, four_color=four_color)
            self.hand = HandWidget(rnd.hands[seat], four_color=four_color,
                                   label=gettext("Your hand ({seat})").format(seat=rnd.seat_label(seat, "compass")))
            self.verdict = widgets.HTML("")
            self.verdict.add_class("cl-verdict")
            self.verdict.add_class("cl-play-message")
            self.status = widgets.HTML("")
            self.status.add_class("cl-play-status")

            def button(name: str, description: str, tooltip: str, style: str = "") -> widgets.Button:
                b = widgets.Button(description=description, tooltip=tooltip, button_style=style,
                                   layout=widgets.Layout(width="auto"))
                b.add_class("cl-button")
                b.add_class(f"cl-button-{name}")
                return b

            self.buttons: dict[str, widgets.Button] = {
                "draw": button("draw", pgettext("button", "Draw"), gettext("Draw from the stock"), "primary"),
                "take": button("take", pgettext("button", "Take pile"),
                               gettext("Take the discard pile: the selected cards go down with the top card "
                                       "(none selected: the top card goes onto your meld of its rank)")),
                "meld": button("meld", pgettext("button", "Meld selected"), gettext("Lay the selected cards down")),
                "discard": button("discard", pgettext("button", "Discard selected"),
                                  gettext("Discard the selected card (ends your turn)"), "warning"),
                "ask": button("ask", pgettext("button", "Ask partner"), gettext("Ask your partner: may I go out?")),
                "yes": button("yes", pgettext("button", "Answer: yes"), gettext("Let your partner go out"), "success"),
                "no": button("no", pgettext("button", "Answer: no"), gettext("Do not let your partner go out"),
                             "danger"),
                "decline": button("decline", pgettext("button", "Decline pile"),
                                  gettext("The stock is empty: decline the pile (the round ends)")),
                "swap": button("swap", pgettext("button", "Swap joker"),
                               gettext("Put the selected natural card in place of the joker of the chosen meld and "
                                       "take the joker")),
                "redraw": button("redraw", pgettext("button", "Redraw"),
                                 gettext("First turn only: discard the card you drew and draw another")),
                "aside": button("aside", pgettext("button", "Set aside as a meld"),
                                gettext("Keep the selected cards as one more meld for the next Meld or Take pile "
                                        "(an opening of several melds, or a take of the pile with opening melds)")),
                "clear_aside": button("clear_aside", pgettext("button", "Clear set-aside"),
                                      gettext("Forget the melds set aside")),
                "take_back": button("take_back", pgettext("button", "Take back"),
                                    gettext("Undo your last meld of this turn (marked as taken back in the record)")),
                "new": button("new", pgettext("button", "New round"), gettext("Deal the next round")),
                "save": button("save", pgettext("button", "Save"),
                               gettext("Write the game record (JSON) to the file named")),
                "skip": button("skip", pgettext("button", "Skip bots' moves"),
                               gettext("Play the other players' remaining moves at once")),
                "hint": button("hint", pgettext("button", "Hint"),
                               gettext("The coach's opinion: its three best moves for you, with reasons "
                                       "(nothing is played)")),
            }
            for name, key in SHORTCUTS.items():
                b = self.buttons[name]
                b.description = gettext("{button} ({key})").format(button=b.description, key=key.upper())
                b.tooltip = gettext("{tooltip} (key: {key})").format(tooltip=b.tooltip, key=key.upper())
            from .keys import KeyShortcuts

            self.shortcuts = KeyShortcuts({key: f"cl-button-{name}" for name, key in SHORTCUTS.items()})
            from .download import SaveDownload

            #: Starts the browser's download of a saved record on a Voila page.
            self.save_download = SaveDownload()
            handlers: dict[str, Callable[[], None]] = {
                "draw": self._on_draw, "take": self._on_take, "meld": self._on_meld,
                "discard": self._on_discard, "ask": self._on_ask,
                "yes": lambda: self._on_answer(True), "no": lambda: self._on_answer(False),
                "decline": self._on_decline, "new": self._on_new, "save": self._on_save,
                "swap": self._on_swap, "redraw": lambda: self._try(Redraw(self.seat)),
                "aside": self._on_aside, "clear_aside": self._on_clear_aside,
                "take_back": self._on_take_back, "hint": self._on_hint,
            }
            for name, fn in handlers.items():
                # Your own action first finishes the bots' paced moves: it never waits behind them.
                self.buttons[name].on_click(lambda _b, fn=fn: self._then(fn))
            self.buttons["skip"].on_click(lambda _b: self._on_skip())
            self.buttons["skip"].layout.display = "none"
            self._pending: Any = None  # the timer of the next paced bot move

            self.target = widgets.Dropdown(options=[(gettext("as a new meld"), -1)], value=-1,
                                           description=gettext("Meld:"), layout=widgets.Layout(width="210px"),
                                           style={"description_width": "initial"})
            self.target.add_class("cl-meld-target")
            self.why = widgets.ToggleButton(value=False, description=gettext("why?"),
                                            tooltip=gettext("Show the engine's checks for the selection"),
                                            icon="question", layout=widgets.Layout(width="auto"))
            self.why.add_class("cl-why-toggle")
            self.why_panel = widgets.HTML("", layout=widgets.Layout(display="none"))
            self.why_panel.add_class("cl-why")
            self.why.observe(lambda _c: self._refresh_why(), names="value")
            self.hand.observe(lambda _c: self._on_selection(), names="selected")

            self.narration_html = widgets.HTML("")
            self.narration_html.add_class("cl-play-narration")
            self.scores_view = widgets.HTML("")  # the round's score breakdowns, once it is over
            self.scores_view.add_class("cl-play-scores")
            self.aside_html = widgets.HTML("")
            self.aside_html.add_class("cl-play-aside")
            self.hint = widgets.HTML("")
            self.hint.add_class("cl-play-hint")
            self.coach_panel = widgets.HTML("")  # the coach's opinion, shown when Hint is pressed
            self.coach_panel.add_class("cl-play-coach")
            self.log_html = widgets.HTML("")
            self.log_html.add_class("cl-play-log")
            self.filename = widgets.Text(value="canasta-game.json", description=gettext("File:"),
                                         layout=widgets.Layout(width="220px"),
                                         style={"description_width": "initial"})
            self.filename.add_class("cl-save-name")
            self.download = widgets.HTML("")  # the saved record as a download link, after Save
            self.download.add_class("cl-save-download")

            # ------------------------------------------------------------- settings
            from ..profiles import profile_names

            self.speed_choice = widgets.ToggleButtons(options=_speed_options(),
                                                      value=speed,
                                                      description=gettext("Bot speed:"),
                                                      style={"description_width": "initial",
                                                             "button_width": "auto"})
            self.speed_choice.add_class("cl-speed")
            self.speed_choice.observe(lambda c: setattr(self, "speed", c["new"]), names="value")
            self.profile_choice = widgets.Dropdown(options=profile_names(), value=prof.name
                                                   if prof.name in profile_names() else None,
                                                   description=gettext("Rules (next round):"),
                                                   style={"description_width": "initial"})
            self.profile_choice.add_class("cl-profile-choice")
            self.bot_choice = widgets.Dropdown(options=list(BOT_NAMES), value=self._bot_spec,
                                               description=gettext("Bots (next round):"),
                                               style={"description_width": "initial"})
            self.bot_choice.add_class("cl-bot-choice")
            if self.game is not None:  # a game keeps its rules and bots to the end
                self.profile_choice.disabled = self.bot_choice.disabled = True
                self.profile_choice.description = gettext("Rules (fixed for the game):")
                self.bot_choice.description = gettext("Bots (fixed for the game):")
            self.settings = widgets.VBox([self.speed_choice, self.profile_choice, self.bot_choice],
                                         layout=widgets.Layout(display="none"))
            self.settings.add_class("cl-play-settings")
            self.settings_toggle = widgets.ToggleButton(value=False, description=gettext("Settings"),
                                                        icon="cog", layout=widgets.Layout(width="auto"),
                                                        tooltip=gettext("Bot speed, rules profile, bot strength"))
            self.settings_toggle.add_class("cl-settings-toggle")
            self.settings_toggle.observe(
                lambda c: setattr(self.settings.layout, "display", "" if c["new"] else "none"),
                names="value")

            b = self.buttons
            asks = html.escape(gettext("Your partner asks: may I go out?"))
            self.answer_box = widgets.HBox([widgets.HTML(f"<b>{asks}</b>"),
                                            b["yes"], b["no"]])
            self.answer_box.add_class("cl-answer-box")
            self.answer_box.add_class("cl-play-answer-slot")
            actions_row = widgets.HBox(
                [b["draw"], b["take"], self.target, b["meld"], b["discard"], b["ask"], b["decline"], b["swap"],
                 b["redraw"], b["aside"], b["clear_aside"], b["take_back"], self.why, b["hint"], b["skip"]],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            actions_row.add_class("cl-play-actions")
            left = widgets.VBox([self.table, self.hand, actions_row, self.aside_html, self.hint,
                                 self.answer_box, self.coach_panel, self.why_panel],
                                layout=widgets.Layout(flex="1 1 620px", min_width="0"))
            left.add_class("cl-play-main")
            earlier = html.escape(gettext("Earlier moves"))
            log_box = widgets.VBox([widgets.HTML(f"<b>{earlier}</b>"), self.log_html])
            log_box.add_class("cl-play-log-box")
            file_row = widgets.HBox([b["new"], self.filename, b["save"], self.download, self.settings_toggle],
                                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            file_row.add_class("cl-play-files")
            side = widgets.VBox([self.verdict, self.narration_html, self.scores_view, log_box, file_row,
                                 self.settings],
                                layout=widgets.Layout(flex="1 1 300px", min_width="0",
                                                      max_width="380px", padding="0 0 0 10px"))
            side.add_class("cl-play-side")
            body = widgets.HBox(
                [left, side], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
            body.add_class("cl-play-body")
            self.layout_css = widgets.HTML(LAYOUT_CSS, layout=widgets.Layout(display="none"))
            top = widgets.HBox([self.layout_css, self.shortcuts, self.save_download, self.badge, self.status],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            super().__init__([top, body])
            self.add_class("cl-play-widget")
            if self.autoplay:
                self._run_bots()
            self._tell_new_moves()
            self._refresh(keep_selection=False)

    def _then(self, fn: Callable[[], None]) -> None:
        """Run a button's handler, after playing at once any paced bot moves still to come."""
        if self.bots_pending:
            self._finish_bots()
            self._tell_new_moves()
            self._refresh(keep_selection=True)
        fn()

    # ------------------------------------------------------------------ public API
    @property
    def state(self) -> Round:
        """The round on the table (the finished one until New round is pressed)."""
        return self._round

    @property
    def message(self) -> str:
        """The text of the last verdict or notice shown beside the cards."""
        return self._message

    @property
    def log_lines(self) -> list[str]:
        """Every move played in this widget so far, told as sentences ("Ebba drew a card.")."""
        return list(self._log)

    @property
    def narration_lines(self) -> list[str]:
        """The sentences shown now: your last move, then the other players' moves since."""
        return list(self._narration)

    @property
    def aside(self) -> list[MeldGroup]:
        """The melds set aside for the next Meld or Take pile."""
        return list(self._aside)

    @property
    def my_turn(self) -> bool:
        """True when the engine waits for this seat (to move, or to answer the partner)."""
        from ..play.bots import acting_seat

        return not self._round.is_over and acting_seat(self._round) == self.seat

    def select(self, cards_text: CardsLike) -> None:
        """Select these cards in your hand (notation such as ``"h13 s13 jk"``)."""
        self.hand.select(cards_text)

    def click(self, name: str) -> None:
        """Press a button (one of `BUTTONS`: draw, take, meld, discard, ask, yes, no, ...)."""
        if name not in self.buttons:
            raise ValueError(f"No button {name!r}: choose one of {', '.join(BUTTONS)}.")
        self.buttons[name].click()

    def set_target(self, rank: int | None) -> None:
        """Choose where Meld selected goes: ``None`` a new meld, or the rank of a team meld."""
        self.target.value = -1 if rank is None else rank

    def record(self) -> Any:
        """The game so far as a `GameRecord` (rounds finished here, then the current one)."""
        from ..records.record import GameRecord

        if self.game is not None:
            record = GameRecord.from_game(self.game, players=self.player_names)
        else:
            record = GameRecord(self.profile, self.player_names)
            for rnd in [*self._finished, self._round]:
                start = self._starts.get(id(rnd))
                part = GameRecord.from_round(rnd, players=self.player_names,
                                             start=start if not rnd.deck else None)
                record.rounds.extend(part.rounds)
        notes: dict[tuple[int, int], list[str]] = {}
        for number, index, text in self._taken_back:
            notes.setdefault((number - 1, index - 1), []).append(text)
        for (r, a), texts in notes.items():
            if 0 <= r < len(record.rounds) and -1 <= a < len(record.rounds[r].actions):
                old = record.rounds[r].comments.get(a)
                new = "Then taken back: " + "; ".join(texts) + "."
                record.comment(r, a, f"{old} {new}" if old else new)
        return record

    @spoken
    def checks(self) -> list[tuple[str, Verdict]]:
        """The engine's verdicts for the current selection (what the "why?" panel lists)."""
        return [(label, verdict) for label, _action, verdict in self._checked()]

    def _checked(self) -> list[tuple[str, Action, Verdict]]:
        """`checks` with the action each verdict judges."""
        rnd = self._round
        return [(label, action, rnd.check(action)) for label, action in self._checked_actions()]

    def _checked_actions(self) -> list[tuple[str, Action]]:
        """The actions the "why?" panel asks the engine about, with their labels."""
        rnd, seat = self._round, self.seat
        cards = tuple(self.hand.selected_cards)
        out: list[tuple[str, Action]] = []
        if rnd.is_over:
            return out
        if rnd.phase == "answer":
            out.append((gettext("Answer yes"), Answer(seat, True)))
            return out
        out.append((gettext("Draw from the stock"), Draw(seat)))
        take_label = (gettext("Take the pile with {cards}").format(cards=" ".join(c.short for c in cards))
                      if cards else gettext("Take the pile onto your meld"))
        out.append((take_label, TakePile(seat, cards, tuple(self._aside))))
        if cards:
            shown = " ".join(c.short for c in cards)
            out.append((gettext("Meld {cards} as a new meld").format(cards=shown),
                        Meld(seat, (*self._aside, MeldGroup(cards)))))
            runs = rules_for(rnd.profile).suits_matter  # a run is named by its suit and ranks
            for rank in sorted(rnd.melds[rnd.team_of(seat)]):
                if runs:
                    label = gettext("Add {cards} to {meld}").format(
                        cards=shown, meld=rnd.meld_label(rank, rnd.melds[rnd.team_of(seat)][rank]))
                else:
                    label = gettext("Add {cards} to the {rank}").format(cards=shown, rank=rank_name(rank, plural=True))
                out.append((label, Meld(seat, (*self._aside, MeldGroup(cards, rank)))))
            if len(cards) == 1:
                out.append((gettext("Discard {cards}").format(cards=shown), Discard(seat, cards[0])))
        out.append((gettext("Ask partner to go out"), Ask(seat)))
        return out

    def opening_progress(self) -> tuple[int, int] | None:
        """``(melded, minimum)`` while your team's opening is under way this turn, else None."""
        rnd = self._round
        team = rnd.team_of(self.seat)
        if (rnd.is_over or rnd.opened[team] or rnd.to_move != self.seat or rnd.phase != "play"
                or rnd.turn_value <= 0):
            return None
        return rnd.turn_value, rnd.opening_minimum(team)

    # ------------------------------------------------------------------ buttons
    def _selected(self) -> tuple[Card, ...]:
        return tuple(self.hand.selected_cards)

    def _target(self) -> int | None:
        return None if self.target.value == -1 else int(self.target.value)

    @spoken
    def _on_draw(self) -> None:
        self._try(Draw(self.seat))

    @spoken
    def _on_take(self) -> None:
        target = None
        if rules_for(self._round.profile).takes_top_card_alone:
            target = self._target()
        self._try(TakePile(self.seat, self._selected(), tuple(self._aside), target))

    @spoken
    def _on_swap(self) -> None:
        cards = self._selected()
        if len(cards) != 1 or self.target.value == -1:
            self._notice(gettext("Select one natural card and choose the meld whose joker it replaces."))
            return
        self._try(Swap(self.seat, int(self.target.value), cards[0]))

    @spoken
    def _on_meld(self) -> None:
        cards = self._selected()
        groups = list(self._aside)
        if cards:
            groups.append(MeldGroup(cards, self._target()))
        if not groups:
            self._notice(gettext("Select the cards to meld first (click them in your hand)."))
            return
        self._try(Meld(self.seat, tuple(groups)))

    @spoken
    def _on_aside(self) -> None:
        cards = self._selected()
        if not cards:
            self._notice(gettext("Select the cards of the meld to set aside first (click them in your hand)."))
            return
        self._aside.append(MeldGroup(cards, self._target()))
        self.hand.clear_selection()
        self._notice(gettext("Set aside {cards}: it goes down with your next Meld or Take pile.").format(
            cards=cards_text(cards)), ok=True)
        self._refresh_aside()

    @spoken
    def _on_clear_aside(self) -> None:
        self._aside = []
        self._notice(gettext("Nothing is set aside now."), ok=True)
        self._refresh_aside()

    @spoken
    def _on_take_back(self) -> None:
        rnd = self._round
        if not self._undo or rnd.is_over or rnd.to_move != self.seat:
            self._notice(gettext("Nothing to take back: only your melds (and joker swaps) of this turn, "
                                 "before you discard, can be taken back."))
            return
        before, log_length, _ = self._undo.pop()
        action = rnd.log[len(before.log)]
        self._taken_back.append((self._round_count, len(before.log), action.text(rnd.player_count)))
        if self.game is not None and self.game.round is rnd:
            self.game.rounds[-1] = before
        start = self._starts.pop(id(rnd), None)
        if start is not None:
            self._starts[id(before)] = start
        self._round = before
        self._told = len(before.log)
        taken = [c for g in action.groups for c in g.cards] if isinstance(action, Meld) else (
            [action.card] if isinstance(action, Swap) else [])
        text = gettext("You took back your move: {cards} went back to your hand.").format(cards=cards_text(taken))
        del self._log[log_length:]
        self._log.append(text)
        self._narration = [text]
        self._message = text
        self.verdict.value = ""
        self._hand_before = list(before.hands[self.seat])
        self._refresh(keep_selection=False)

    @spoken
    def _on_discard(self) -> None:
        cards = self._selected()
        if len(cards) != 1:
            self._notice(gettext("Select exactly one card to discard ({count} selected).").format(count=len(cards)))
            return
        self._try(Discard(self.seat, cards[0]))

    @spoken
    def _on_ask(self) -> None:
        self._try(Ask(self.seat))

    @spoken
    def _on_answer(self, yes: bool) -> None:
        self._try(Answer(self.seat, yes))

    @spoken
    def _on_decline(self) -> None:
        self._try(Decline(self.seat))

    @spoken
    def _on_hint(self) -> None:
        """Ask the coach (public information only) for its best moves for your seat; nothing is played."""
        from ..play import position_value
        from ..play.coach import advise
        from .coach_view import thinking_html

        if not self.my_turn:
            self._notice(gettext("Hint is for your turn: wait until it is your move."))
            return
        rnd = self._round
        # each press plays fresh deals (the seed moves on; reproducible from hint_seed); pressed
        # again at the same position, it is a closer look: the new deals are pooled with the last
        # hint's, so the estimate tightens press after press
        seed = None if self.hint_seed is None else self.hint_seed + 1_000_003 * self._hints_asked
        self._hints_asked += 1
        earlier = self.advice if self.advice is not None and self.advice.can_look_closer(rnd) else None
        cut = position_value.cut_for(rnd.profile, HINT_CUT)
        started = time.perf_counter()
        last_shown = started - HINT_PROGRESS_EVERY

        def at_work(deals: int) -> None:  # a long hint says it is at work (the panel updates mid-search)
            nonlocal last_shown
            now = time.perf_counter()
            if now - started >= HINT_PROGRESS_AFTER and now - last_shown >= HINT_PROGRESS_EVERY:
                last_shown = now
                self.coach_panel.value = thinking_html(deals)

        try:
            advice = advise(rnd, self.seat, time_budget=self.hint_budget, rollouts=self.hint_rollouts,
                            seed=seed, earlier=earlier, cut=cut, progress=at_work,
                            meld_candidates=hint_meld_candidates(cut))
        except BaseException:  # interrupted: the panel shows the last opinion again, not a search at work
            self.coach_panel.value = self._coach_html()
            raise
        self.advice = advice
        self._advice_at = self._position_key()
        self.coach_panel.value = self._coach_html()
        self.verdict.value = ""  # the coach's answer is the newest message: an older refusal gives way

    def _position_key(self) -> tuple[int, int, str]:
        rnd = self._round
        return (id(rnd), len(rnd.log), rnd.phase)

    @spoken
    def hint_lines(self) -> list[str]:
        """The coach's last Hint as plain sentences (empty when none is shown): for each of the
        top moves its estimate, then its reasons."""
        from .coach_view import advice_lines

        return [] if self.advice is None else advice_lines(self.advice, HINT_MOVES, self._round)

    @spoken
    def _coach_html(self) -> str:
        from .coach_view import advice_html

        return "" if self.advice is None else advice_html(self.advice, HINT_MOVES, self._round)

    @spoken
    def _on_new(self) -> None:
        from ..play.bots import make_bots

        if self.game is not None:
            if not self._round.is_over:
                self._notice(gettext("Finish this round first: a game deals the next round when one ends."))
                return
            if self.game.is_over:
                self._notice(self._game_over_text())
                return
            self._round = self.game.round
        else:
            if not self._round.is_over and self._round.log:
                self._finished.append(self._round)  # abandoned, but recorded as played
            elif self._round.is_over:
                self._finished.append(self._round)
            seed = None if self.seed is None else self.seed + self._round_count
            dealer = self._round.next_seat(self._round.dealer)
            chosen = self.profile_choice.value
            if chosen and chosen != self.profile.name and not self._finished_other_profile(chosen):
                self.profile = get_profile(chosen)
                self._finished = []  # a record holds one profile: start a new one
                dealer = 0
            if self.bot_choice.value and self.bot_choice.value != self._bot_spec:
                self._bot_spec = self.bot_choice.value
                self.bots = make_bots(self._bot_spec, self.profile.player_count, seed)
            self._round = Round(self.profile, seed=seed, dealer=dealer)
        self._round_count += 1
        self._remember_start(self._round)
        self._log.append(gettext("Round {number} dealt.").format(number=self._round_count))
        self._message = ""
        self.verdict.value = ""
        self._narration = []
        self._aside = []
        self._undo = []
        self._told = len(self._round.log)
        self._hand_before = list(self._round.hands[self.seat])
        if self.table.round.profile is not self._round.profile:
            self.badge.value = profile_badge_html(self._round.profile)
        if self.autoplay:
            self._run_bots()
        self._tell_new_moves()
        self._refresh(keep_selection=False)

    def _finished_other_profile(self, chosen: str) -> bool:
        """A new profile needs a player count this seat fits in (else stay with the old one)."""
        prof = get_profile(chosen)
        if prof.player_count != len(self.player_names):
            self._log.append(gettext("The {profile} profile needs {count} players: staying with {current}.").format(
                profile=chosen, count=prof.player_count, current=self.profile.name))
            return True
        return False

    @spoken
    def _on_save(self) -> None:
        self.download.value = ""
        name = self.filename.value.strip()
        if not name:
            self._notice(gettext("Name the file to save the game in."))
            return
        try:
            text = self.record().dump()
            if self.save_dir is not None:
                self.save_dir.mkdir(parents=True, exist_ok=True)
            path = (self.save_dir if self.save_dir is not None else Path.cwd()) / name
            _write_whole(path, text)
        except (OSError, ValueError) as error:
            self._notice(gettext("Could not save: {error}").format(error=error))
            return
        self._notice(gettext("Saved the game record to {path}.").format(path=path), ok=True)
        self.save_download.start(path.name, text)  # on a Voila page the press itself downloads
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        label = html.escape(gettext("Download {name}").format(name=path.name))
        self.download.value = (f'<a download="{html.escape(path.name, quote=True)}" '
                               f'href="data:application/json;base64,{data}">{label}</a>')

    # ------------------------------------------------------------------ engine round trip
    @spoken
    def _try(self, action: Action) -> None:
        """Ask the engine; on a refusal show why (nothing changes), else play on."""
        rnd = self._round
        verdict = rnd.check(action)
        if not verdict:
            self._show_verdict(for_clicks(verdict, action, self.names.names))
            self._refresh_why()
            return
        self._hand_before = list(rnd.hands[self.seat])
        self._narration = []
        if isinstance(action, (Meld, Swap)):
            self._undo.append((rnd.copy(), len(self._log), len(self._narration)))
        else:
            self._undo = []
        self._apply(action)
        if isinstance(action, (Meld, TakePile)):
            self._aside = []
        mine = self._tell_new_moves()
        self._message = " ".join(mine)
        self.verdict.value = ""
        if self.autoplay:
            self._run_bots()
        self._tell_new_moves()
        self._refresh(keep_selection=False)

    def _apply(self, action: Action) -> None:
        rnd = self._round
        if self.game is not None and self.game.round is rnd:
            self.game.apply(action)
        else:
            rnd.apply(action)

    def _tell_new_moves(self) -> list[str]:
        """Narrate the actions not told yet (and the deal of a fresh round); return the new
        sentences."""
        rnd = self._round
        new: list[str] = []
        if self._told == 0 and id(rnd) != self._deal_told:
            self._deal_told = id(rnd)
            new.extend(narrate_deal(rnd, self.names))
        for index in range(self._told, len(rnd.log)):
            new.extend(narrate_action(rnd, index, self.names))
        if rnd.is_over and self._told < len(rnd.log):
            new.append(round_end_text(rnd, self.names))  # with the breakdown, item by item
        self._told = len(rnd.log)
        self._narration.extend(new)
        self._log.extend(new)
        return new

    def _run_bots(self) -> None:
        """Let the bots play until this seat must act or the round ends, paced at `speed`.

        Each bot move is shown (and highlighted) the moment it is made; the next one follows
        `SPEEDS` seconds later, and the move that hands the turn back is never followed by a
        pause. In a running kernel the pauses are timers on its event loop, not sleeps: the
        kernel stays free, so a click is answered at once. Skip (or any of your own buttons)
        plays the remaining bot moves at once (`_finish_bots`). Without a running event loop
        (plain Python, tests) the pauses are sleeps."""

        from ..play.bots import acting_seat

        self._cancel_pending()
        delay = SPEEDS.get(self.speed, 0.0)
        if not delay:
            self._finish_bots()
            return
        loop = _timer_loop()
        rnd = self._round
        guard = 0
        while not rnd.is_over and acting_seat(rnd) != self.seat:
            self._bot_move()
            if rnd.is_over or acting_seat(rnd) == self.seat:
                break
            if loop is not None:
                self._pending = loop.call_later(delay, self._paced_step)
                self.buttons["skip"].layout.display = ""
                return
            time.sleep(delay)
            guard += 1
            if guard > 5000:  # pragma: no cover - a bot or engine bug
                raise RuntimeError("The bots did not hand the turn back.")
        self._current = -1

    def _bot_move(self) -> None:
        """One bot move, told and shown at once with its sentences highlighted."""
        from ..play.bots import acting_seat

        rnd = self._round
        self._apply(self.bots[acting_seat(rnd)].choose(rnd))
        before = len(self._narration)
        self._tell_new_moves()
        self._current = before
        self._refresh(keep_selection=True)

    @spoken
    def _paced_step(self) -> None:
        """The next paced bot move (a timer of `_run_bots`), then the next timer or the end."""
        import asyncio

        from ..play.bots import acting_seat

        self._pending = None
        rnd = self._round
        if not rnd.is_over and acting_seat(rnd) != self.seat:
            self._bot_move()
        if not rnd.is_over and acting_seat(rnd) != self.seat:
            self._pending = asyncio.get_running_loop().call_later(SPEEDS.get(self.speed, 0.0), self._paced_step)
            self.buttons["skip"].layout.display = ""  # the refresh above saw no timer pending
            return
        self._current = -1
        self.buttons["skip"].layout.display = "none"
        self._refresh(keep_selection=True)

    def _cancel_pending(self) -> None:
        pending = getattr(self, "_pending", None)
        if pending is not None:
            pending.cancel()
        self._pending = None

    @property
    def bots_pending(self) -> bool:
        """True while paced bot moves are still to come (Skip plays them at once)."""
        return getattr(self, "_pending", None) is not None

    def _finish_bots(self) -> None:
        """Play the bots' remaining moves at once, until this seat must act or the round ends."""
        from ..play.bots import acting_seat

        self._cancel_pending()
        rnd = self._round
        guard = 0
        while not rnd.is_over and acting_seat(rnd) != self.seat:
            self._apply(self.bots[acting_seat(rnd)].choose(rnd))
            guard += 1
            if guard > 5000:  # pragma: no cover - a bot or engine bug
                raise RuntimeError("The bots did not hand the turn back.")
        self._current = -1
        self.buttons["skip"].layout.display = "none"

    @spoken
    def _on_skip(self) -> None:
        """Skip: the bots' remaining moves are played and told at once."""
        self._finish_bots()
        self._tell_new_moves()
        self._refresh(keep_selection=True)

    def _remember_start(self, rnd: Round) -> None:
        if not rnd.deck and not rnd.log:
            self._starts[id(rnd)] = rnd.copy()

    # ------------------------------------------------------------------ display
    def _show_verdict(self, verdict: Verdict) -> None:
        from ..render import verdict_html

        self._message = verdict.message
        self.verdict.value = verdict_html(verdict, width=44, show_code=self.teacher)

    def _notice(self, text: str, ok: bool = False) -> None:
        self._message = text
        kind = "cl-notice-ok" if ok else "cl-notice"
        self.verdict.value = (f'<div class="{kind}" role="status" style="font-size:16px;'
                              f'padding:6px 0">{html.escape(text)}</div>')

    def _game_over_text(self) -> str:
        assert self.game is not None
        totals = " \u2013 ".join(str(t) for t in self.game.totals)
        winner = self.game.winner
        mine = self._round.team_of(self.seat)
        if winner == mine:
            return gettext("The game is over ({totals}): your team won.").format(totals=totals)
        return gettext("The game is over ({totals}): the other team won.").format(totals=totals)

    def _team_totals(self) -> list[int] | None:
        """Each team's score as the header says it: the game's totals, or the rounds played
        here; None before any round is over in round mode (the table then shows the round's
        own score, the one its opening minimum is read from)."""
        if self.game is not None:
            return list(self.game.totals)
        played = [r for r in [*self._finished, self._round] if r.is_over]
        if not played:
            return None
        return [sum(col) for col in zip(*[[s.total for s in r.scores()] for r in played], strict=True)]

    def _score_text(self) -> str:
        """Running score and rounds won: the game's totals, or the rounds played here."""
        mine = self._round.team_of(self.seat)
        if self.game is not None:
            per_round = [[s.total for s in scores] for scores in self.game.round_scores]
            totals = list(self.game.totals)
            target = str(self.profile.target_score)
        else:
            played = [r for r in [*self._finished, self._round] if r.is_over]
            if not played:
                return ""
            per_round = [[s.total for s in r.scores()] for r in played]
            totals = [sum(col) for col in zip(*per_round, strict=True)]
            target = ""
        won = [0] * len(totals)
        for scores in per_round:
            best = max(scores)
            if scores.count(best) == 1:
                won[scores.index(best)] += 1
        theirs = sum(t for i, t in enumerate(totals) if i != mine)
        won_theirs = sum(w for i, w in enumerate(won) if i != mine)
        template = (gettext("Score: your team {mine}, the other team {theirs} (game to {target}) \u00b7 "
                            "rounds won: your team {won}, the other team {won_theirs}") if target
                    else gettext("Score: your team {mine}, the other team {theirs} \u00b7 "
                                 "rounds won: your team {won}, the other team {won_theirs}"))
        return template.format(mine=totals[mine], theirs=theirs, target=target, won=won[mine], won_theirs=won_theirs)

    def _status_text(self) -> str:
        rnd = self._round
        if rnd.is_over:
            text = round_end_text(rnd, self.names, detail=False)
            if self.game is not None and self.game.is_over:
                text += " " + self._game_over_text()
            else:
                text += " " + gettext("Press New round to deal the next one.")
            return text
        if rnd.phase == "answer" and self.my_turn:
            asker = self.names.full(rnd.asker)
            return gettext("{asker} asks: may I go out? Answer yes or no.").format(asker=asker)
        if not self.my_turn:
            return gettext("{who} is playing.").format(who=self.names.full(rnd.to_move))
        if rnd.phase == "draw":
            return gettext("Your turn: draw from the stock, or take the pile (select the cards that "
                           "go down with the top card).")
        text = gettext("Your turn: meld if you like, then discard one card.")
        progress = self.opening_progress()
        if progress is not None:
            done, minimum = progress
            if done < minimum:
                text = gettext("Your turn \u00b7 opening: {done} of {minimum} \u2014 {more} more "
                               "this turn, then discard one card.").format(done=done, minimum=minimum,
                                                                           more=minimum - done)
        if rnd.permission == "yes":
            text = gettext("Your partner said yes: you must go out this turn.") + " " + text
        return text

    def _hint_text(self) -> str:
        """A warning about the selection before the engine refuses it (an unfinished opening)."""
        progress = self.opening_progress()
        cards = self._selected()
        if progress is None or len(cards) != 1:
            return ""
        done, minimum = progress
        if done >= minimum or self._round.check(Discard(self.seat, cards[0])).code != "opening_incomplete":
            return ""  # warn only when the engine would refuse the discard for this reason
        return gettext("Careful: your opening is at {done} of {minimum}. Discarding {card} now "
                       "would abandon it, and the rules refuse that: meld {more} more first.").format(
            done=done, minimum=minimum, card=cards[0].short, more=minimum - done)

    @spoken
    def _on_selection(self) -> None:
        self.hint.value = self._hint_html()
        self._refresh_why()

    def _hint_html(self) -> str:
        cards = self._selected()
        chosen = ('<div class="cl-play-selection" style="font-size:14px;margin:2px 0">'
                  + html.escape(gettext("Selected: {cards}").format(cards=cards_text(cards))) + "</div>"
                  if cards else "")
        text = self._hint_text()
        if not text:
            return chosen
        return chosen + (f'<div class="cl-warning" role="alert" style="font-size:15px;color:#8a4b00;'
                f'background:#fff4e0;border-left:5px solid #e08a00;padding:4px 8px;margin:4px 0">'
                f"\u26a0 {html.escape(text)}</div>")

    def _refresh_aside(self) -> None:
        if not self._aside:
            self.aside_html.value = ""
            return
        items = "".join("<li>" + html.escape(
            gettext("{cards} (onto meld {key})").format(cards=cards_text(g.cards), key=g.target)
            if g.target is not None else cards_text(g.cards)) + "</li>" for g in self._aside)
        title = html.escape(gettext("Set aside for your next Meld or Take pile:"))
        self.aside_html.value = (f'<div style="font-size:15px"><b>{title}</b>'
                                 f'<ul style="margin:2px 0">{items}</ul></div>')

    @spoken
    def _refresh(self, keep_selection: bool) -> None:
        rnd = self._round
        if self.advice is not None and getattr(self, "_advice_at", None) != self._position_key():
            self.advice = None  # a move was made: the old advice is about another position
        self.coach_panel.value = self._coach_html()
        self.buttons["hint"].disabled = not self.my_turn
        keep = self.hand.selected_cards if keep_selection else None
        self.hand.set_cards(rnd.hands[self.seat], keep=keep)
        new = Counter(rnd.hands[self.seat]) - Counter(self._hand_before)
        self.hand.highlight(list(new.elements()))
        self.table.update(rnd, self._team_totals())
        if rnd.is_over:
            from ..render import scores_html

            mine = rnd.team_of(self.seat)
            with symbol_cards():  # "Cards left in hand (Jk Jk 2♥)", as the learner reads cards
                breakdowns = rnd.scores()
            self.scores_view.value = scores_html(breakdowns, team_names=[
                gettext("Your team") if t == mine else gettext("The other team")
                for t in range(rnd.profile.team_count)])
        else:
            self.scores_view.value = ""
        score = self._score_text()
        score_html = (f'<div class="cl-play-score" style="font-size:14px">{html.escape(score)}</div>'
                      if score else "")
        self.status.value = (f'<div role="status" style="font-size:16px;font-weight:600;'
                             f'margin:4px 0 4px 10px">{html.escape(self._status_text())}</div>'
                             f"{score_html}")
        team = rnd.team_of(self.seat)
        options: list[tuple[str, int]] = [(gettext("as a new meld"), -1)]
        for rank, cards in sorted(rnd.melds[team].items()):
            options.append((_meld_label(rnd, rank, cards), rank))
        if list(self.target.options) != options:
            value = self.target.value
            self.target.options = options
            self.target.value = value if value in [v for _, v in options] else -1
        answering = rnd.phase == "answer" and self.my_turn
        self.answer_box.layout.display = "flex" if answering else "none"
        stock_empty = not rnd.is_over and rnd.stock_count == 0
        self.buttons["decline"].layout.display = "" if stock_empty else "none"
        extra_moves = rules_for(rnd.profile).extra_moves
        self.buttons["swap"].layout.display = "" if "swap" in extra_moves else "none"
        self.buttons["redraw"].layout.display = "" if "redraw" in extra_moves else "none"
        self.buttons["clear_aside"].layout.display = "" if self._aside else "none"
        can_undo = bool(self._undo) and not rnd.is_over and rnd.to_move == self.seat
        self.buttons["take_back"].layout.display = "" if can_undo else "none"
        self.buttons["skip"].layout.display = "" if self.bots_pending else "none"
        over = rnd.is_over
        self.buttons["new"].button_style = "primary" if over else ""
        if over:
            self.add_class("cl-play-over")
        else:
            self.remove_class("cl-play-over")
        self._refresh_narration()
        shown = len(self._narration)
        earlier = self._log[:len(self._log) - shown] if shown else self._log
        lines = earlier[-LOG_LINES:]
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        self.log_html.value = (f'<ul class="cl-log" style="margin:0;padding-left:1.2em;'
                               f'font-size:13px;line-height:1.4;max-height:12em;overflow:auto">'
                               f"{items}</ul>" if items else "<i>" + html.escape(gettext("No earlier moves.")) + "</i>")
        self._refresh_aside()
        self.hint.value = self._hint_html()
        self._refresh_why()

    def _refresh_narration(self) -> None:
        if not self._narration:
            self.narration_html.value = ""
            return
        items = []
        for i, line in enumerate(self._narration):
            current = i >= self._current >= 0
            style = ("background:#fff3b0;font-weight:600;" if current else "")
            items.append(f'<li class="{"is-current" if current else ""}" style="{style}">'
                         f"{html.escape(line)}</li>")
        self.narration_html.value = (
            '<div aria-live="polite" style="font-size:16px;line-height:1.45">'
            '<b>' + html.escape(gettext("What happened")) + '</b>'
            '<div class="cl-narration-scroll"><ul class="cl-narration" style="margin:2px 0;padding-left:1.2em">'
            + "".join(items) + "</ul></div></div>")

    @spoken
    def _refresh_why(self) -> None:
        if not self.why.value:
            self.why_panel.layout.display = "none"
            return
        self.why_panel.layout.display = ""
        rows = []
        for label, action, verdict in self._checked():
            verdict = for_clicks(verdict, action, self.names.names)
            icon, word = ("\u2714", gettext("legal")) if verdict.ok else ("\u2718", gettext("refused"))
            colour = "#2e7d32" if verdict.ok else "#c62828"
            code = (f' <code style="font-size:12px">{html.escape(verdict.code)}</code>'
                    if self.teacher else "")
            # A legal move needs no engine sentence ("N draw is legal."): say what it is worth.
            text = verdict.message if not verdict.ok else (
                gettext("you may ({points} points).").format(points=verdict.value) if verdict.value is not None
                else gettext("you may."))
            rows.append(
                f'<li><span style="color:{colour};font-weight:700">{icon} {word}</span> '
                f"<b>{html.escape(label)}</b>: {html.escape(text)}{code}</li>")
        body = "".join(rows) or "<li>" + html.escape(gettext("The round is over.")) + "</li>"
        title = html.escape(gettext("What the engine says about the selected cards"))
        self.why_panel.value = (f'<div style="font-size:15px"><b>{title}</b>'
                                f'<ul style="margin:4px 0">{body}</ul></div>')
