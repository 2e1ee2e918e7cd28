"""Game records: a versioned JSON document that replays any game exactly.

A record holds the rule profile, the players by seat and, for each round, the dealer, the
team scores at its start, the **explicit deck order** (so a replay never depends on a random
generator) and the actions in their one-line text form, with optional comments and chess-style
glyphs (``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``) per action. The format is plain JSON,
``"format": "canasta-learn-record", "version": 1``; its JSON Schema ships as
``canasta_learn/data/record.schema.json``. Records are never pickled and nothing in them is
evaluated: cards and actions are read with the engine's notation parsers, and every action is
re-checked by the engine when a record is loaded. A round may also hold the coach's game
review in its own ``review`` field (`review_mark`, `canasta_learn.play.review`), kept apart from the
human comments and glyphs.

>>> from canasta_learn.engine.round import Round
>>> rnd = Round(seed=7)
>>> _ = rnd.apply("E draw")
>>> rec = GameRecord.from_round(rnd)
>>> rec.comment(0, 0, "Nothing to take: a plain draw.", glyph="!")
>>> again = GameRecord.load(rec.dump())
>>> again.dump() == rec.dump(), again.rounds[0].actions, again.rounds[0].glyphs
(True, ['E draw'], {0: '!'})
>>> again.state_at(0, 0).phase
'play'

Loading has limits, checked before anything is built, in both modes: a record of at most
`MAX_RECORD_CHARS` characters (a file of at most that many bytes), JSON nested at most
`MAX_NESTING` deep, at most `MAX_ROUNDS` rounds and `MAX_ACTIONS` actions per round, each
action text at most `MAX_ACTION_CHARS` characters. Beyond them `load` raises `RecordError` at
once, saying which limit. A game played to its end always fits (see `Game`'s round limit).
`GameRecord.save` refuses, with the same error, a record that `load` would refuse for its size
(`GameRecord.check_limits`: the same checks, made in one place), and replaces the file whole or
not at all (a temporary file beside it, then renamed).

>>> try:
...     GameRecord.load("[" * 100000 + "]" * 100000)
... except RecordError as error:
...     print(error)
the record nests JSON 100000 deep; a record nests at most 32 deep

Loading is strict by default: the first problem raises `RecordError`, naming the round and
the action (counted from 1 in the message, as ``replay`` prints them; 0-based in its
``round_index`` and ``action_index``, as `GameRecord.state_at` takes them) and the reason.
``strict=False`` collects the problems in ``record.errors`` and keeps the valid prefix of each
round.

>>> text = rec.dump().replace('"E draw"', '"E discard jk"')
>>> try:
...     GameRecord.load(text)
... except RecordError as error:
...     print(error.round_index, error.action_index, error.reason)
0 0 illegal here: E must first draw from the stock or take the discard pile.
>>> lenient = GameRecord.load(text, strict=False)
>>> lenient.rounds[0].actions, len(lenient.errors)
([], 1)
"""

from __future__ import annotations

import json
import os
import re
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.actions import Action, parse_action, seat_name
from ..core.cards import Card, NotationError, deal_order, format_cards, parse_cards
from ..core.files import replace_file
from ..core.i18n import get_language, gettext, ngettext
from ..core.verdicts import IllegalActionError
from ..engine.round import Round
from ..profiles import Profile, ProfileError, get_profile
from ..variants.base import rules_for

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..engine.game import Game

__all__ = [
    "CACHED_ROUNDS",
    "CHECKPOINT_EVERY",
    "GLYPHS",
    "MAX_ACTIONS",
    "MAX_ACTION_CHARS",
    "MAX_NESTING",
    "MAX_RECORD_CHARS",
    "MAX_ROUNDS",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "REVIEW_FIELDS",
    "GameRecord",
    "RecordError",
    "ReplayStep",
    "RoundRecord",
    "review_mark",
    "schema_path",
]

#: The value of the document's ``"format"`` field.
RECORD_FORMAT = "canasta-learn-record"
#: The record format version this module reads and writes.
RECORD_VERSION = 1
#: The glyphs a teacher may attach to an action, with their chess meaning.
GLYPHS: dict[str, str] = {
    "!": "a good move",
    "?": "a mistake",
    "!!": "a brilliant move",
    "??": "a blunder",
    "!?": "an interesting move",
    "?!": "a dubious move",
}
#: `GameRecord.state_at` keeps a copy of the round every this many actions.
CHECKPOINT_EVERY = 16
#: How many rounds keep their replayed states (checkpoints) at once; the least recently used
#: round's states are dropped beyond that, so memory does not grow with the game's length.
CACHED_ROUNDS = 8
#: The largest record `GameRecord.load` reads: characters of text, or bytes of a file (8 MiB,
#: about 3,000 rounds).
MAX_RECORD_CHARS = 8 * 1024 * 1024
#: The deepest JSON nesting of a record (a valid one nests 6 deep).
MAX_NESTING = 32
#: The most rounds in one record (a game ends by its round limit long before).
MAX_ROUNDS = 1000
#: The most actions in one round.
MAX_ACTIONS = 5000
#: The longest action text (a whole hand melded in one action is about 200 characters).
MAX_ACTION_CHARS = 1000

_MORTO_KEYS = ("mortos", "morto_state")
_START_KEYS = ("drew_from", "hands", "has_melded", "melds", "opened", "pile", "red_threes",
               "stock", "to_move")


def schema_path() -> str:
    """The path of the record's JSON Schema (draft 2020-12) inside the package."""
    return os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "record.schema.json")


class RecordError(ValueError):
    """A problem in a game record, naming where it is and why.

    ``round_index`` and ``action_index`` are 0-based, as in `GameRecord.state_at` (None when the
    problem is not inside a round or an action; action -1 is the deal); ``reason`` is the
    sentence without the place. The message counts rounds and actions from 1, as
    ``canasta-learn replay`` prints them:

    >>> str(RecordError("the deck has 107 cards", round_index=2))
    'round 3: the deck has 107 cards'
    >>> str(RecordError("illegal here", round_index=0, action_index=4, action_text="N draw"))
    "round 1, action 5 ('N draw'): illegal here"
    """

    def __init__(self, reason: str, round_index: int | None = None,
                 action_index: int | None = None, action_text: str | None = None) -> None:
        self.reason = reason
        self.round_index = round_index
        self.action_index = action_index
        self.action_text = action_text
        super().__init__(self._describe())

    def _describe(self) -> str:
        place: list[str] = []
        if self.round_index is not None:
            place.append(gettext("round {number}").format(number=self.round_index + 1))
        if self.action_index is not None:
            if self.action_index < 0:
                text = gettext("the deal") if self.action_text is None else gettext("the deal ({text})").format(
                    text=repr(self.action_text))
            elif self.action_text is None:
                text = gettext("action {number}").format(number=self.action_index + 1)
            else:
                text = gettext("action {number} ({text})").format(number=self.action_index + 1,
                                                                  text=repr(self.action_text))
            place.append(text)
        return (", ".join(place) + ": " if place else "") + self.reason


@dataclass
class RoundRecord:
    """One round of a record.

    ``deck`` is the explicit deal order (``deck[0]`` dealt first); it is empty for a round that
    starts from an explicit position (``start``, see `GameRecord.from_round`). ``actions`` are
    one-line texts (``"E take c6 c6"``); ``comments`` and ``glyphs`` are keyed by action index
    (-1: a comment on the deal).
    """

    dealer: int
    deck: tuple[Card, ...]
    team_scores: tuple[int, ...]
    actions: list[str] = field(default_factory=list)
    comments: dict[int, str] = field(default_factory=dict)
    glyphs: dict[int, str] = field(default_factory=dict)
    start: dict[str, Any] | None = None
    #: The coach's game-review marks keyed by action index (`canasta_learn.play.review`): its
    #: opinion, kept apart from the human ``comments`` and ``glyphs`` (see `review_mark`).
    review: dict[int, dict[str, Any]] = field(default_factory=dict)

    def initial_round(self, profile: Profile) -> Round:
        """A fresh `Round` in this round's starting position (after the deal)."""
        if self.start is not None:
            return _round_from_start(profile, self.dealer, self.team_scores, self.start)
        return Round(profile, deck=list(self.deck), dealer=self.dealer,
                     team_scores=self.team_scores)

    def to_json(self) -> dict[str, Any]:
        """The round as JSON-ready values (the ``rounds`` items of the document)."""
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "team_scores": list(self.team_scores),
            "actions": list(self.actions),
        }
        if self.start is not None:
            out["start"] = self.start
        else:
            out["deck"] = format_cards(self.deck)
        if self.comments:
            out["comments"] = {str(k): v for k, v in sorted(self.comments.items())}
        if self.glyphs:
            out["glyphs"] = {str(k): v for k, v in sorted(self.glyphs.items())}
        if self.review:
            out["review"] = {str(k): dict(v) for k, v in sorted(self.review.items())}
        return out


class ReplayStep(NamedTuple):
    """The state after one action of a replay (``round`` is an independent copy)."""

    round_index: int
    action_index: int
    action: Action
    round: Round
    comment: str | None = None
    glyph: str | None = None


class _RoundCache:
    """Parsed actions and checkpoints of one round (see `GameRecord.state_at`)."""

    def __init__(self, key: tuple[Any, ...], initial: Round, actions: list[Action]) -> None:
        self.key = key
        self.actions = actions
        self.checkpoints: list[Round] = [initial.copy()]  # [k]: after k * CHECKPOINT_EVERY
        self.frontier = initial  # owned here: the state after `done` actions
        self.done = 0

    def advance(self, played: int) -> None:
        """Replay (with the engine's checks) until ``played`` actions have been applied."""
        while self.done < played:
            self.frontier.apply(self.actions[self.done])
            self.done += 1
            if self.done % CHECKPOINT_EVERY == 0:
                self.checkpoints.append(self.frontier.copy())

    def state(self, played: int) -> Round:
        """An independent copy of the state after ``played`` actions."""
        if played >= self.done:
            self.advance(played)
            return self.frontier.copy()
        k = played // CHECKPOINT_EVERY
        rnd = self.checkpoints[k].copy()
        for action in self.actions[k * CHECKPOINT_EVERY:played]:
            rnd.apply(action)
        return rnd


class GameRecord:
    """A recorded game (or a single round): profile, players, rounds, and load problems.

    Build one from a live `Game` or `Round` (`from_game`, `from_round`) or `load` one; `dump`
    and `save` write the JSON document; `replay` and `state_at` rebuild positions; `to_game`
    rebuilds the live game.
    """

    def __init__(self, profile: Profile | str = "classic", players: Sequence[str] | None = None,
                 rounds: Sequence[RoundRecord] | None = None,
                 errors: Sequence[RecordError] | None = None,
                 info: dict[str, str] | None = None) -> None:
        self.profile: Profile = get_profile(profile)
        n = self.profile.player_count
        self.players: list[str] = (list(players) if players is not None
                                   else [seat_name(s, n) for s in range(n)])
        if len(self.players) != n:
            raise RecordError(ngettext("{count} player names given for {seats} seats.",
                                       "{count} player names given for {seats} seats.", len(self.players)).format(
                count=len(self.players), seats=n))
        self.rounds: list[RoundRecord] = list(rounds or [])
        self.errors: list[RecordError] = list(errors or [])
        #: Free-form text tags (title, event, annotator...), as PGN tags.
        self.info: dict[str, str] = dict(info or {})
        self._caches: OrderedDict[int, _RoundCache] = OrderedDict()
        #: Rounds read with ``lazy=True`` whose actions the engine has not re-checked yet.
        self._unchecked: set[int] = set()
        self._strict = True

    # ------------------------------------------------------------------ building
    @classmethod
    def from_game(cls, game: Game, players: Sequence[str] | None = None) -> GameRecord:
        """Record every round of a live game so far (the current round up to its last action)."""
        record = cls(game.profile, players)
        for rnd in game.rounds:
            record.rounds.append(_round_record(rnd, None))
        return record

    @classmethod
    def from_round(cls, rnd: Round, players: Sequence[str] | None = None, *,
                   start: Round | None = None) -> GameRecord:
        """Record one round.

        A dealt round is recorded by its deck. A round built with `Round.from_state` has no
        deck (``rnd.deck == ()``): its position is recorded explicitly under ``"start"``. That
        works when no action has been played on it yet; otherwise pass ``start=`` a copy of the
        round taken before its first action, or a `RecordError` explains the problem.
        """
        record = cls(rnd.profile, players)
        record.rounds.append(_round_record(rnd, start))
        return record

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """The whole record as JSON-ready values."""
        profile: dict[str, Any] = {"name": self.profile.name}
        try:
            registered: Profile | None = get_profile(self.profile.name)
        except ProfileError:
            registered = None
        if registered is None or registered.settings() != self.profile.settings():
            profile["settings"] = self.profile.settings()
        doc: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "profile": profile,
            "players": list(self.players),
            "rounds": [rr.to_json() for rr in self.rounds],
        }
        if self.info:
            doc["info"] = dict(self.info)
        return doc

    def dump(self) -> str:
        """The JSON text: sorted keys, indent 1, a trailing newline; byte-stable on round trip."""
        return json.dumps(self.to_json(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    def check_limits(self) -> str:
        """Raise `RecordError` if `load` would refuse this record for its size (the limits in
        the module's documentation, checked by the same functions `load` calls); else return
        its `dump`."""
        _check_round_count(len(self.rounds))
        for r, rr in enumerate(self.rounds):
            _check_action_count(len(rr.actions), r)
            for index, text in enumerate(rr.actions):
                reason = _action_text_problem(text)
                if reason is not None:
                    raise RecordError(reason, r, index, text[:40] + "...")
        text = self.dump()
        _check_size(len(text.encode("utf-8")))
        _check_nesting(text)
        return text

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write `dump` to ``path`` (UTF-8), whole or not at all: into a temporary file beside
        ``path``, then renamed over it, so an existing file is never left empty or cut short.

        Raises `RecordError` (and writes nothing) for a record `load` would refuse
        (`check_limits`), and `OSError` (one sentence) when the file cannot be written.
        """
        replace_file(path, self.check_limits())

    @classmethod
    def load(cls, path_or_text: str | os.PathLike[str], strict: bool = True, *,
             lazy: bool = False) -> GameRecord:
        """Read a record from a file path or from JSON text, re-checking every action.

        Text is recognised by its first character ``{`` (or by being empty, multi-line, holding
        a NUL character or longer than 4096 characters); anything else is a path (a missing
        file raises `OSError`). In strict mode the first
        problem raises `RecordError`; with ``strict=False`` problems are collected in
        ``record.errors`` and each round keeps its actions up to the first bad one (a
        truncated document is repaired to its last complete value; a round whose deck or
        start position is unusable is left out). The limits (`MAX_RECORD_CHARS`,
        `MAX_NESTING`, `MAX_ROUNDS`, `MAX_ACTIONS`) raise `RecordError` in both modes.

        ``lazy=True`` reads the document, the decks and the action notation of every round but
        leaves the engine's re-check of a round's actions until that round is first replayed
        (`state_at`, `replay`, `final_state`...): a replay of round 5 builds no other round. A
        problem found then raises `RecordError` (strict) or is added to ``errors`` with the
        round cut to its valid prefix (lenient).
        """
        text = _read_text(path_or_text)
        return _Loader(strict, lazy).load(text)

    # ------------------------------------------------------------------ comments
    def comment(self, round_index: int, action_index: int, text: str,
                glyph: str | None = None) -> None:
        """Attach a comment (and optionally a glyph) to an action; -1 comments on the deal.

        An empty ``text`` removes the comment; ``glyph`` must be one of `GLYPHS`.
        """
        rr = self._round(round_index)
        if not -1 <= action_index < len(rr.actions):
            raise RecordError(ngettext(
                "no action index {index} to comment on (the round has {count} actions; -1 is the deal)",
                "no action index {index} to comment on (the round has {count} actions; -1 is the deal)",
                len(rr.actions)).format(index=action_index, count=len(rr.actions)), round_index)
        if glyph is not None:
            if glyph not in GLYPHS:
                raise RecordError(gettext("glyph {glyph} is not one of {glyphs}").format(
                    glyph=repr(glyph), glyphs=" ".join(GLYPHS)), round_index, action_index)
            if action_index < 0:
                raise RecordError(gettext("glyphs go on actions, not on the deal"), round_index)
            rr.glyphs[action_index] = glyph
        if text:
            rr.comments[action_index] = text
        else:
            rr.comments.pop(action_index, None)

    # ------------------------------------------------------------------ replay
    def _round(self, round_index: int) -> RoundRecord:
        if not isinstance(round_index, int) or not 0 <= round_index < len(self.rounds):
            raise RecordError(ngettext("no round index {index}: the record has {count} rounds",
                                       "no round index {index}: the record has {count} rounds",
                                       len(self.rounds)).format(index=repr(round_index), count=len(self.rounds)))
        return self.rounds[round_index]

    def _cache(self, round_index: int) -> _RoundCache:
        rr = self._round(round_index)
        if round_index in self._unchecked:
            self._check_round(round_index)
        # the replayed rounds' events speak the language spoken when they were made: one cache per language
        key = (self.profile, rr.dealer, rr.deck, rr.team_scores, tuple(rr.actions),
               json.dumps(rr.start, sort_keys=True), get_language())
        cache = self._caches.get(round_index)
        if cache is not None and cache.key == key:
            self._caches.move_to_end(round_index)
        else:
            try:
                initial = rr.initial_round(self.profile)
            except ValueError as error:
                raise RecordError(str(error), round_index) from None
            actions = []
            for index, text in enumerate(rr.actions):
                try:
                    actions.append(parse_action(text, self.profile.player_count))
                except NotationError as error:
                    raise RecordError(str(error), round_index, index, text) from None
            cache = _RoundCache(key, initial, actions)
            self._caches[round_index] = cache
            while len(self._caches) > CACHED_ROUNDS:
                self._caches.popitem(last=False)
        return cache

    def _check_round(self, round_index: int) -> None:
        """The engine's re-check of a round read with ``lazy=True`` (see `load`)."""
        rr = self.rounds[round_index]
        self._unchecked.discard(round_index)
        try:
            rnd = rr.initial_round(self.profile)
        except (ValueError, TypeError) as error:
            problem = RecordError(f"deck: {error}", round_index)
            if self._strict:
                self._unchecked.add(round_index)
                raise problem from None
            self.errors.append(problem)
            rr.actions.clear()
            rr.comments = {k: v for k, v in rr.comments.items() if k < 0}
            rr.glyphs.clear()
            rr.review.clear()
            return
        for index, text in enumerate(rr.actions):
            reason = _apply_checked(rnd, text)[1]
            if reason is None:
                continue
            problem = RecordError(reason, round_index, index, text)
            if self._strict:
                self._unchecked.add(round_index)
                raise problem
            self.errors.append(problem)
            del rr.actions[index:]
            rr.comments = {k: v for k, v in rr.comments.items() if k < index}
            rr.glyphs = {k: v for k, v in rr.glyphs.items() if k < index}
            rr.review = {k: v for k, v in rr.review.items() if k < index}
            return

    def state_at(self, round_index: int, action_index: int) -> Round:
        """The round's state after action ``action_index`` (-1: right after the deal).

        Returns an independent `Round`. Checkpoints (a copy every `CHECKPOINT_EVERY` actions)
        make any jump cost at most that many engine steps once the round has been replayed.
        """
        cache = self._cache(round_index)
        count = len(cache.actions)
        if not isinstance(action_index, int) or not -1 <= action_index < count:
            raise RecordError(ngettext("no action index {index}: the round has {count} actions (-1 is the deal)",
                                       "no action index {index}: the round has {count} actions (-1 is the deal)",
                                       count).format(index=repr(action_index), count=count), round_index)
        try:
            return cache.state(action_index + 1)
        except IllegalActionError as error:
            bad = cache.done
            raise RecordError(_illegal_here(error), round_index, bad,
                              self.rounds[round_index].actions[bad]) from None

    def replay(self, round_index: int | None = None) -> Iterator[ReplayStep]:
        """The state after each action, round after round (or of one round).

        Each step's ``round`` is an independent copy, so steps can be kept.
        """
        indices = range(len(self.rounds)) if round_index is None else [round_index]
        for r in indices:
            cache = self._cache(r)
            rr = self.rounds[r]
            rnd = self.state_at(r, -1)
            for index, action in enumerate(cache.actions):
                try:
                    rnd.apply(action)
                except IllegalActionError as error:
                    raise RecordError(_illegal_here(error), r, index,
                                      rr.actions[index]) from None
                yield ReplayStep(r, index, action, rnd.copy(), rr.comments.get(index),
                                 rr.glyphs.get(index))

    def final_state(self, round_index: int) -> Round:
        """The round's state after its last recorded action."""
        self._cache(round_index)  # a lazily read round is checked (and maybe cut) first
        return self.state_at(round_index, len(self.rounds[round_index].actions) - 1)

    def to_game(self, seed: int | None = None) -> Game:
        """Rebuild the live game from the recorded decks and actions.

        The rounds must form one game (first round at 0-0, each next round dealt by the next
        seat with the running totals); otherwise `RecordError` says where it breaks. If the
        last recorded round is over and the game is not, the next round is dealt from ``seed``.
        """
        from ..engine.game import MAX_GAME_ROUNDS, Game

        if not self.rounds:
            raise RecordError(gettext("the record has no rounds to rebuild a game from"))
        if any(rr.start is not None for rr in self.rounds):
            raise RecordError(gettext("a round that starts from an explicit position cannot be part of a "
                                      "Game; use state_at() to replay it"))
        game = Game(self.profile, seed=seed, dealer=self.rounds[0].dealer,
                    decks=[list(rr.deck) for rr in self.rounds],
                    max_rounds=max(MAX_GAME_ROUNDS, len(self.rounds)))
        for r, rr in enumerate(self.rounds):
            if len(game.rounds) != r + 1:
                raise RecordError(gettext("the game was already over before this round"), r)
            live = game.round
            if live.dealer != rr.dealer or live.team_scores != rr.team_scores:
                raise RecordError(gettext(
                    "the game would deal this round by {dealer} with team scores {scores}, but the record has "
                    "dealer {recorded_dealer} and {recorded_scores}").format(
                        dealer=live.seat_label(live.dealer), scores=list(live.team_scores),
                        recorded_dealer=live.seat_label(rr.dealer), recorded_scores=list(rr.team_scores)), r)
            for index, text in enumerate(rr.actions):
                try:
                    game.apply(text)
                except (IllegalActionError, NotationError) as error:
                    raise RecordError(_illegal_here(error), r, index, text) from None
        return game

    # ------------------------------------------------------------------ tables
    def actions_frame(self) -> pandas.DataFrame:
        """One row per action: round (numbered from 1), action index (from 0, as in
        `state_at`), turn, seat, player, action, verb, pile state at the start of the action
        (for the actor's team), the annotation note codes, glyph and comment (a DataFrame)."""
        from ..core.extras import import_pandas

        pd = import_pandas("GameRecord.actions_frame()")

        from .notes import notes_for_actions

        notes = [notes_for_actions(self.state_at(r, -1), self._cache(r).actions) for r in range(len(self.rounds))]
        rows: list[dict[str, Any]] = []
        for r, rr in enumerate(self.rounds):
            rnd = self.state_at(r, -1)
            for index, action in enumerate(self._cache(r).actions):
                rows.append({
                    "round": r + 1, "action_index": index, "turn": rnd.turn_number,
                    "seat": rnd.seat_name(action.seat), "player": self.players[action.seat],
                    "action": rr.actions[index], "verb": action.verb,
                    "pile_state": rnd.pile_state(action.seat),
                    "notes": " ".join(note.code for note in notes[r][index]),
                    "glyph": rr.glyphs.get(index, ""), "comment": rr.comments.get(index, ""),
                })
                rnd.apply(action)
        columns = ["round", "action_index", "turn", "seat", "player", "action", "verb",
                   "pile_state", "notes", "glyph", "comment"]
        frame: pandas.DataFrame = pd.DataFrame(rows, columns=columns)
        return frame

    def score_sheet(self) -> pandas.DataFrame:
        """Per finished round (numbered from 1) and team: melds, canasta bonuses, red threes,
        going out, cards left, round total and running total (from the round's starting team
        score); the same columns as `Game.score_sheet`."""
        from ..core.extras import import_pandas

        pd = import_pandas("GameRecord.score_sheet()")

        rows: list[dict[str, Any]] = []
        for r, rr in enumerate(self.rounds):
            rnd = self.final_state(r) if rr.actions else self.state_at(r, -1)
            if not rnd.is_over:
                continue
            for breakdown in rnd.scores():
                team = breakdown.team or 0
                rows.append({
                    "round": r + 1, "team": team,
                    "melds": breakdown.points("melds"),
                    "canasta_bonuses": breakdown.points("natural_canastas")
                    + breakdown.points("mixed_canastas"),
                    "red_threes": breakdown.points("red_threes"),
                    "going_out": breakdown.points("going_out"),
                    "cards_left": breakdown.points("hand"),
                    "round_total": breakdown.total,
                    "running_total": rr.team_scores[team] + breakdown.total,
                })
        columns = ["round", "team", "melds", "canasta_bonuses", "red_threes", "going_out",
                   "cards_left", "round_total", "running_total"]
        frame: pandas.DataFrame = pd.DataFrame(rows, columns=columns)
        return frame

    def __repr__(self) -> str:
        actions = sum(len(rr.actions) for rr in self.rounds)
        errors = f", {len(self.errors)} errors" if self.errors else ""
        return (f"<GameRecord {self.profile.name}: {len(self.rounds)} rounds, "
                f"{actions} actions{errors}>")


# ---------------------------------------------------------------------- building helpers
def _round_record(rnd: Round, start: Round | None) -> RoundRecord:
    n = rnd.player_count
    actions = [a.text(n) for a in rnd.log]
    if rnd.deck:
        return RoundRecord(rnd.dealer, tuple(rnd.deck), tuple(rnd.team_scores), actions)
    if start is None:
        if rnd.log:
            raise RecordError(gettext(
                "this round was built with Round.from_state (no deck) and has actions already; "
                "its starting position is unknown: pass start= a copy of the round taken before "
                "its first action"))
        start = rnd
    elif [a.text(n) for a in start.log]:
        raise RecordError(gettext("start= must be the round before its first action"))
    return RoundRecord(rnd.dealer, (), tuple(rnd.team_scores), actions,
                       start=_start_from_round(start))


def _start_from_round(rnd: Round) -> dict[str, Any]:
    start = _start_core(rnd)
    if rules_for(rnd.profile).has_morto:  # Brazilian games: the mortos and their states
        start["mortos"] = [format_cards(m) for m in rnd.mortos]
        start["morto_state"] = list(rnd.morto_state)
    return start


def _start_core(rnd: Round) -> dict[str, Any]:
    return {
        "hands": [format_cards(h) for h in rnd.hands],
        "stock": format_cards(reversed(rnd.stock)),
        "pile": format_cards(rnd.pile),
        # the closed canastas too (Pennies, Italian deuce canastas): `Round.from_state` closes
        # a listed meld that is a complete canasta where the profile closes canastas
        "melds": [[format_cards(m) for _, m in sorted(team.items())] + [format_cards(m) for m in closed]
                  for team, closed in zip(rnd.melds, rnd.closed, strict=True)],
        "red_threes": [format_cards(t) for t in rnd.red_threes],
        "to_move": rnd.to_move,
        "drew_from": rnd.drew_from,
        "opened": list(rnd.opened),
        "has_melded": list(rnd.has_melded),
    }


def _round_from_start(profile: Profile, dealer: int, team_scores: Sequence[int],
                      start: dict[str, Any]) -> Round:
    return Round.from_state(
        profile=profile,
        hands=list(start["hands"]),
        stock=start["stock"],
        pile=start["pile"],
        melds=[list(team) for team in start["melds"]],
        red_threes=list(start["red_threes"]),
        to_move=start["to_move"],
        dealer=dealer,
        drew_from=start["drew_from"],
        opened=list(start["opened"]),
        has_melded=list(start["has_melded"]),
        team_scores=list(team_scores),
        mortos=list(start["mortos"]) if "mortos" in start else None,
        morto_state=list(start["morto_state"]) if "morto_state" in start else None,
    )


# ---------------------------------------------------------------------- loading
def _read_text(path_or_text: str | os.PathLike[str]) -> str:
    if isinstance(path_or_text, str):
        stripped = path_or_text.lstrip()
        if (not stripped or stripped[0] in "{[" or "\n" in path_or_text
                or "\x00" in path_or_text or len(path_or_text) > _MAX_PATH):
            _check_size(len(path_or_text), unit="characters")
            return path_or_text
    elif not isinstance(path_or_text, os.PathLike):
        raise RecordError(gettext("load() takes JSON text or a file path, not {kind}").format(
            kind=type(path_or_text).__name__))
    name = os.fspath(path_or_text)
    with open(path_or_text, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        data = handle.read(MAX_RECORD_CHARS + 1)
    _check_size(max(size, len(data)), file=name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(gettext("{file}: not UTF-8 text (byte {byte} at offset {offset}); a record is UTF-8 "
                                  "JSON").format(file=name, byte=f"0x{data[error.start]:02x}",
                                                 offset=error.start)) from None


_MAX_PATH = 4096  # no file path is longer (PATH_MAX): a longer text is record text


# The limits (MAX_RECORD_CHARS, MAX_ROUNDS, MAX_ACTIONS, MAX_ACTION_CHARS, MAX_NESTING) are
# checked here and only here: `load` (both modes) and `save` (`GameRecord.check_limits`) call
# these, so that nothing is saved that cannot be loaded again.
def _check_size(count: int, *, unit: str = "bytes", file: str | None = None) -> None:
    """Raise `RecordError` when a record's text (``unit="characters"``) or file (bytes) is
    longer than `MAX_RECORD_CHARS`."""
    if count <= MAX_RECORD_CHARS:
        return
    if file is not None:
        raise RecordError(gettext("{file}: the file has {count} bytes; a record has at most {most}").format(
            file=file, count=count, most=MAX_RECORD_CHARS))
    if unit == "characters":
        raise RecordError(gettext("the record has {count} characters; a record has at most {most}").format(
            count=count, most=MAX_RECORD_CHARS))
    raise RecordError(gettext("the record has {count} bytes; a record has at most {most}").format(
        count=count, most=MAX_RECORD_CHARS))


def _check_round_count(count: int) -> None:
    """Raise `RecordError` when a record has more than `MAX_ROUNDS` rounds."""
    if count > MAX_ROUNDS:
        raise RecordError(gettext("the record has {count} rounds; a record has at most {most}").format(
            count=count, most=MAX_ROUNDS))


def _check_action_count(count: int, round_index: int) -> None:
    """Raise `RecordError` when round ``round_index`` has more than `MAX_ACTIONS` actions."""
    if count > MAX_ACTIONS:
        raise RecordError(gettext("the round has {count} actions; a round has at most {most}").format(
            count=count, most=MAX_ACTIONS), round_index)


def _action_text_problem(text: str) -> str | None:
    """Why an action text is too long for a record (over `MAX_ACTION_CHARS`), or None."""
    if len(text) > MAX_ACTION_CHARS:
        return gettext("the action has {count} characters; an action has at most {most}").format(
            count=len(text), most=MAX_ACTION_CHARS)
    return None

#: A complete JSON string (escapes included), and the JSON tokens the repair looks at.
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_STRING_RE = re.compile(_STRING, re.DOTALL)
_NOT_BRACKET_RE = re.compile(r"[^\[\]{}]+")
_TOKEN_RE = re.compile(_STRING + r'|"|[\[\]{}]|[-+.\w]+', re.DOTALL)
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _check_nesting(text: str) -> None:
    """Raise `RecordError` when the JSON nests deeper than `MAX_NESTING` (linear, before
    parsing: a deep document would otherwise exhaust the parser's recursion)."""
    brackets = _NOT_BRACKET_RE.sub("", _STRING_RE.sub("", text))
    if len(brackets) <= MAX_NESTING:
        return
    depth = max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)))
    if depth > MAX_NESTING:
        raise RecordError(gettext("the record nests JSON {depth} deep; a record nests at most {most} deep").format(
            depth=depth, most=MAX_NESTING))


def _repair_truncated(text: str, valid_until: int) -> Any:
    """Parse the longest prefix of ``text`` that ends on a complete JSON value, closing the
    open arrays and objects; None if nothing can be recovered.

    Linear in the text: one pass over its tokens up to ``valid_until`` (where the parser
    stopped; nothing after it can be kept), the open brackets kept as a linked stack so that
    each possible cut shares it, and a few parse attempts from the last cut backwards."""
    stack: tuple[str, Any] | None = None  # (bracket, rest of the stack)
    cuts: list[tuple[int, tuple[str, Any] | None]] = []
    end = min(len(text.rstrip()), valid_until + 1)
    for match in _TOKEN_RE.finditer(text, 0, end):
        token = match.group()
        if token == '"':  # a string cut short: nothing after it
            break
        if token in "{[":
            stack = (token, stack)
        elif token in "}]":
            if stack is not None:
                stack = stack[1]
        elif token[0] != '"' and match.end() >= end:
            break  # a number or literal that may be cut short
        cuts.append((match.end(), stack))
        if len(cuts) > 64:
            del cuts[:32]
    for position, open_brackets in reversed(cuts[-16:]):
        close = []
        while open_brackets is not None:
            close.append("}" if open_brackets[0] == "{" else "]")
            open_brackets = open_brackets[1]
        try:
            return json.loads(text[:position] + "".join(close))
        except (ValueError, RecursionError):
            continue
    return None


def _apply_checked(rnd: Round, text: str) -> tuple[Action | None, str | None]:
    """Apply an action text to ``rnd`` with the engine's checks: (the action, None), or
    (None, the reason it cannot be). After a reason the round may not be used any more."""
    try:
        action = parse_action(text, rnd.player_count)
    except NotationError as error:
        return None, gettext("not an action: {problem}").format(problem=error)
    try:
        rnd.apply(action)  # apply() re-checks: a refusal changes nothing
    except IllegalActionError as error:
        return None, _illegal_here(error.verdict.message)
    except Exception as error:  # noqa: BLE001 - a record must never crash the reader
        return None, gettext("the engine could not apply it ({kind}: {problem})").format(
            kind=type(error).__name__, problem=error)
    return action, None


def _illegal_here(problem: object) -> str:
    """The reason of an action the engine refuses at that point of the round."""
    return gettext("illegal here: {problem}").format(problem=problem)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Loader:
    """Reads a record document, strictly or collecting problems."""

    def __init__(self, strict: bool, lazy: bool = False) -> None:
        self.strict = strict
        self.lazy = lazy
        self.texts: dict[str, str] = {}  # one string per distinct action text
        self.errors: list[RecordError] = []

    def problem(self, error: RecordError) -> None:
        if self.strict:
            raise error
        self.errors.append(error)

    def load(self, text: str) -> GameRecord:
        _check_nesting(text)
        try:
            doc = json.loads(text)
        except RecursionError:  # pragma: no cover - _check_nesting refuses such depths first
            raise RecordError(gettext("the record nests JSON too deep; a record nests at most {most} deep").format(
                most=MAX_NESTING)) from None
        except ValueError as error:  # JSONDecodeError
            if isinstance(error, json.JSONDecodeError):
                reason = gettext("the record is not valid JSON (truncated or corrupt) at line {line}, column "
                                 "{column} ({problem})").format(line=error.lineno, column=error.colno,
                                                                problem=error.msg)
            else:  # pragma: no cover - json.loads raises JSONDecodeError
                reason = gettext("the record is not valid JSON (truncated or corrupt)")
            if not self.strict:
                reason += gettext("; recovered the rounds written completely")
            self.problem(RecordError(reason))
            doc = _repair_truncated(text, getattr(error, "pos", len(text)))
        if not isinstance(doc, dict):
            self.problem(RecordError(gettext("the record must be a JSON object with format, version, "
                                             "profile, players and rounds")))
            return GameRecord(errors=self.errors)
        fmt = doc.get("format")
        if fmt != RECORD_FORMAT:
            self.problem(RecordError(gettext("format is {given}, expected {expected}").format(
                given=repr(fmt), expected=repr(RECORD_FORMAT))))
        version = doc.get("version")
        if version != RECORD_VERSION or not _is_int(version):
            self.problem(RecordError(gettext("version is {given}; this canasta_learn reads version {expected}").format(
                given=repr(version), expected=RECORD_VERSION)))
        profile = self.read_profile(doc.get("profile"))
        if profile is None:
            return GameRecord(errors=self.errors)
        record = GameRecord(profile, errors=())
        players = doc.get("players")
        n = profile.player_count
        if (isinstance(players, list) and len(players) == n
                and all(isinstance(p, str) for p in players)):
            record.players = list(players)
        elif players is not None or self.strict:
            self.problem(RecordError(gettext("players must list {count} names (one per seat), not {given}").format(
                count=n, given=repr(players))))
        info = doc.get("info", {})
        if isinstance(info, dict) and all(isinstance(k, str) and isinstance(v, str)
                                          for k, v in info.items()):
            record.info = dict(info)
        else:
            self.problem(RecordError(gettext("info must map names to texts")))
        rounds = doc.get("rounds")
        if not isinstance(rounds, list):
            self.problem(RecordError(gettext("rounds must be a list of rounds")))
            rounds = []
        _check_round_count(len(rounds))
        for r, item in enumerate(rounds):
            self.read_round(record, r, item)
            rounds[r] = None  # the parsed document is dropped as the record is built
        record.errors = self.errors
        record._strict = self.strict
        return record

    def read_profile(self, value: Any) -> Profile | None:
        if not isinstance(value, dict) or not isinstance(value.get("name"), str):
            self.problem(RecordError(gettext("profile must be an object with a name")))
            return None
        try:
            if "settings" in value:
                settings = value["settings"]
                if not isinstance(settings, dict):
                    raise ProfileError(gettext("profile settings must be an object"))
                profile = Profile.from_settings(settings)
                if profile.name != value["name"]:
                    raise ProfileError(gettext("the settings are named {settings}, the profile {profile}").format(
                        settings=repr(profile.name), profile=repr(value["name"])))
                return profile
            return get_profile(value["name"])
        except (ValueError, TypeError) as error:
            self.problem(RecordError(f"profile: {error}"))
            return None

    def read_round(self, record: GameRecord, r: int, item: Any) -> None:
        profile = record.profile
        if not isinstance(item, dict):
            self.problem(RecordError(gettext("a round must be an object"), r))
            return
        dealer = item.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not (
                0 <= dealer < profile.player_count):
            self.problem(RecordError(gettext("dealer must be a seat 0-{last}, not {given}").format(
                last=profile.player_count - 1, given=repr(dealer)), r))
            return
        scores = item.get("team_scores")
        if (not isinstance(scores, list) or len(scores) != profile.team_count
                or not all(_is_int(s) for s in scores)):
            self.problem(RecordError(gettext("team_scores must give {count} whole numbers, not {given}").format(
                count=profile.team_count, given=repr(scores)), r))
            return
        deck: tuple[Card, ...] = ()
        start = item.get("start")
        if start is not None:
            if "deck" in item:
                self.problem(RecordError(gettext("a round has a deck or a start position, not both"), r))
                return
            start = self.read_start(start, r, profile)
            if start is None:
                return
        else:
            deck_text = item.get("deck")
            if not isinstance(deck_text, str):
                self.problem(RecordError(gettext("the round has no deck (card notation text, first "
                                                 "card dealt first)"), r))
                return
            try:
                deck = tuple(deal_order(parse_cards(deck_text), deck_count=profile.deck_count,
                                        joker_count=profile.joker_count))
            except NotationError as error:
                self.problem(RecordError(f"deck: {error}", r))
                return
            except ValueError as error:  # DeckError
                self.problem(RecordError(f"deck: {error}", r))
                return
        rr = RoundRecord(dealer, deck, tuple(scores), [], start=start)
        rnd: Round | None = None
        if rr.start is not None or not self.lazy:
            try:
                rnd = rr.initial_round(profile)
            except (ValueError, TypeError) as error:
                self.problem(RecordError(f"start: {error}", r))
                return
            except Exception as error:  # noqa: BLE001 - a record must never crash the reader
                self.problem(RecordError(gettext("start: the engine could not build this position "
                                                 "({kind}: {problem})").format(kind=type(error).__name__,
                                                                                problem=error), r))
                return
        if rr.start is not None and rnd is not None:
            rr.start = _start_from_round(rnd)
        texts = item.get("actions")
        if not isinstance(texts, list):
            self.problem(RecordError(gettext("actions must be a list of action texts"), r))
            texts = []
        _check_action_count(len(texts), r)
        n = profile.player_count
        for index, text in enumerate(texts):
            reason = None
            if not isinstance(text, str):
                reason = gettext("an action is one line of text, not {given}").format(given=repr(text))
            elif _action_text_problem(text) is not None:
                reason = _action_text_problem(text)
                text = text[:40] + "..."
            elif rnd is None:  # lazy: the notation now, the engine's check on first replay
                try:
                    action = parse_action(text, n)
                except NotationError as error:
                    reason = gettext("not an action: {problem}").format(problem=error)
            else:
                checked, reason = _apply_checked(rnd, text)
                if checked is not None:
                    action = checked
            if reason is not None:
                self.problem(RecordError(reason, r, index, text if isinstance(text, str) else None))
                break
            normal = action.text(n)
            rr.actions.append(self.texts.setdefault(normal, normal))
        count = len(rr.actions)
        for key, kind in (("comments", "comment"), ("glyphs", "glyph")):
            notes = item.get(key, {})
            if not isinstance(notes, dict):
                self.problem(RecordError(gettext("{key} must map action indexes to texts").format(key=key), r))
                continue
            for index_text, value in notes.items():
                key_index = _index_key(index_text)
                if key_index is None or not -1 <= key_index < count:
                    if count < len(texts) and key_index is not None and key_index < len(texts):
                        continue  # on an action dropped after an earlier problem
                    self.problem(RecordError(gettext("{kind} key {key} is not the index of an action (0-{last}, or "
                                                     "-1 for the deal)").format(kind=kind, key=repr(index_text),
                                                                                last=count - 1), r))
                    continue
                if not isinstance(value, str) or (kind == "glyph" and (
                        value not in GLYPHS or key_index < 0)):
                    if kind == "glyph":
                        reason = gettext("glyph {value} must be {glyphs}").format(value=repr(value),
                                                                                  glyphs=" ".join(GLYPHS))
                    else:
                        reason = gettext("comment {value} must be text").format(value=repr(value))
                    self.problem(RecordError(reason, r, key_index))
                    continue
                target = rr.comments if kind == "comment" else rr.glyphs
                target[key_index] = value
        marks = item.get("review", {})
        if not isinstance(marks, dict):
            self.problem(RecordError(gettext("review must map action indexes to review marks"), r))
            marks = {}
        for index_text, value in marks.items():
            key_index = _index_key(index_text)
            if key_index is None or not 0 <= key_index < count:
                if count < len(texts) and key_index is not None and key_index < len(texts):
                    continue  # on an action dropped after an earlier problem
                self.problem(RecordError(gettext("review key {key} is not the index of an action (0-{last})").format(
                    key=repr(index_text), last=count - 1), r))
                continue
            try:
                rr.review[key_index] = review_mark(value)
            except RecordError as error:
                self.problem(RecordError(error.reason, r, key_index))
        if self.lazy and rr.start is None:
            record._unchecked.add(len(record.rounds))
        record.rounds.append(rr)

    def read_start(self, value: Any, r: int, profile: Profile) -> dict[str, Any] | None:
        n, teams = profile.player_count, profile.team_count
        problem = None
        if not isinstance(value, dict) or set(value) - set(_MORTO_KEYS) != set(_START_KEYS):
            problem = gettext("start must be an object with exactly {keys} (and {morto_keys})").format(
                keys=", ".join(_START_KEYS), morto_keys=", ".join(_MORTO_KEYS))
        elif any(key in value for key in _MORTO_KEYS) and not (
                isinstance(value.get("mortos"), list) and len(value["mortos"]) == teams
                and all(isinstance(m, str) for m in value["mortos"])
                and isinstance(value.get("morto_state"), list) and len(value["morto_state"]) == teams
                and all(m in ("none", "waiting", "taken", "stock") for m in value["morto_state"])):
            problem = gettext("start mortos must list {teams} card texts and morto_state {teams} of "
                              "'none', 'waiting', 'taken', 'stock'").format(teams=teams)
        else:
            v = value
            texts = [v["stock"], v["pile"]] + (v["hands"] if isinstance(v["hands"], list) else [])
            texts += v["red_threes"] if isinstance(v["red_threes"], list) else []
            melds = v["melds"]
            if not (isinstance(v["hands"], list) and len(v["hands"]) == n
                    and isinstance(v["red_threes"], list) and len(v["red_threes"]) == n
                    and isinstance(melds, list) and len(melds) == teams
                    and all(isinstance(t, list) for t in melds)):
                problem = gettext("start needs {seats} hands, {seats} red-three lists and {teams} meld lists").format(
                    seats=n, teams=teams)
            elif not all(isinstance(t, str) for t in texts + [m for t in melds for m in t]):
                problem = gettext("start cards must be card notation texts")
            elif not (_is_int(v["to_move"]) and 0 <= v["to_move"] < n):
                problem = gettext("start to_move must be a seat 0-{last}").format(last=n - 1)
            elif v["drew_from"] not in (None, "stock", "pile"):
                problem = gettext("start drew_from must be null, 'stock' or 'pile'")
            elif not all(isinstance(x, list) and len(x) == count
                         and all(isinstance(b, bool) for b in x)
                         for x, count in ((v["opened"], teams), (v["has_melded"], n))):
                problem = gettext("start opened must list {teams} and has_melded {seats} values true/false "
                                  "(one per team, one per seat)").format(teams=teams, seats=n)
        if problem is not None:
            self.problem(RecordError(problem, r))
            return None
        assert isinstance(value, dict)
        return dict(value)


#: The fields of a review mark, and the JSON types each takes.
REVIEW_FIELDS: dict[str, str] = {
    "best": "the coach's best move, in one-line text form",
    "best_words": "the same move in words",
    "loss": "the estimated loss of the move played against it, in points (a number >= 0)",
    "stderr": "the standard error of that loss (a number >= 0)",
    "reasons": "the coach's reasons for its move (a list of texts)",
    "rollouts": "the simulated endings behind the estimate (a whole number >= 1)",
    "seed": "the seed that makes the review repeatable (a whole number, or null)",
}


def review_mark(value: Any) -> dict[str, Any]:
    """A review mark checked and normalised: an object with exactly the keys of
    `REVIEW_FIELDS`; anything else is a `RecordError` saying what is accepted.

    >>> review_mark({"best": "N draw", "best_words": "Draw from the stock", "loss": 80,
    ...              "stderr": 12.5, "reasons": [], "rollouts": 6, "seed": 3})["loss"]
    80.0
    """
    if not isinstance(value, dict) or set(value) != set(REVIEW_FIELDS):
        raise RecordError(gettext("a review mark is an object with exactly the keys {keys}").format(
            keys=", ".join(REVIEW_FIELDS)))
    for key in ("best", "best_words"):
        if not isinstance(value[key], str) or not value[key] or len(value[key]) > MAX_ACTION_CHARS:
            raise _review_field_error(key, value[key])
    for key in ("loss", "stderr"):
        number = value[key]
        if isinstance(number, bool) or not isinstance(number, int | float) or not 0 <= number < float("inf"):
            raise _review_field_error(key, number)
    reasons = value["reasons"]
    if not isinstance(reasons, list) or not all(isinstance(t, str) for t in reasons):
        raise _review_field_error("reasons", reasons)
    if not _is_int(value["rollouts"]) or value["rollouts"] < 1:
        raise _review_field_error("rollouts", value["rollouts"])
    if value["seed"] is not None and not _is_int(value["seed"]):
        raise _review_field_error("seed", value["seed"])
    return {"best": value["best"], "best_words": value["best_words"], "loss": float(value["loss"]),
            "stderr": float(value["stderr"]), "reasons": list(reasons), "rollouts": int(value["rollouts"]),
            "seed": value["seed"]}


def _review_field_error(key: str, value: Any) -> RecordError:
    """The problem of a review mark whose field ``key`` holds ``value`` (what `REVIEW_FIELDS` accepts,
    in the language spoken now)."""
    accepted = {
        "best": gettext("the coach's best move, in one-line text form"),
        "best_words": gettext("the same move in words"),
        "loss": gettext("the estimated loss of the move played against it, in points (a number >= 0)"),
        "stderr": gettext("the standard error of that loss (a number >= 0)"),
        "reasons": gettext("the coach's reasons for its move (a list of texts)"),
        "rollouts": gettext("the simulated endings behind the estimate (a whole number >= 1)"),
        "seed": gettext("the seed that makes the review repeatable (a whole number, or null)"),
    }[key]
    return RecordError(gettext("review {key} must be {accepted}, not {value}").format(
        key=key, accepted=accepted, value=repr(value)))


def _index_key(text: Any) -> int | None:
    if not isinstance(text, str):
        return None
    if text == "-1":
        return -1
    if not (text.isascii() and text.isdigit()) or text != str(int(text)):
        return None
    return int(text)
