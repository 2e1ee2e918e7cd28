"""A game: rounds until a team reaches the target (docs/rules.md#rules-game-end), or the round limit.

>>> g = Game(seed=1)
>>> g.round.dealer, g.totals, g.is_over
(0, (0, 0), False)

Safety rule (canasta_learn's own: the sources give no end for a game that cannot reach its
target, and with weak players a game can drift below zero for ever): a game stops once
``max_rounds`` rounds (default `MAX_GAME_ROUNDS`, 200) have been scored. It is then over but
*unfinished*: `Game.unfinished` is True, `Game.winner` is None and `Game.result` says so.
So `play_game` and ``canasta-learn record --game`` always end.

>>> short = Game(seed=1, max_rounds=1)
>>> while not short.is_over:
...     _ = short.apply(short.legal_actions()[0])
>>> short.is_over, short.unfinished, short.winner, len(short.round_scores)
(True, True, None, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.cards import Card, deal_order
from ..core.i18n import gettext, ngettext
from ..core.inputs import need_cards, need_int, need_sequence
from ..core.verdicts import Verdict, keep_maker
from ..profiles import ProfileLike, get_profile
from ..rules.scoring import ScoreBreakdown
from ..variants.base import rules_for
from .round import Round

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["MAX_GAME_ROUNDS", "Game"]

#: The default round limit of a game (see the safety rule above).
MAX_GAME_ROUNDS = 200


class Game:
    """Rounds until one team ends a hand with the target score (5000) and the lead, or until
    ``max_rounds`` rounds have been scored (the game is then over and `unfinished`).

    The dealer passes clockwise each hand; each round's opening minimum comes from the totals.
    A finished round is scored and the next one is dealt automatically.
    """

    def __init__(self, profile: ProfileLike = "classic", seed: int | None = None, dealer: int = 0,
                 decks: Sequence[Sequence[Card | str]] | None = None,
                 max_rounds: int = MAX_GAME_ROUNDS) -> None:
        need_int(max_rounds, "max_rounds", low=1)
        self.max_rounds = max_rounds
        self.profile = get_profile(profile)
        need_int(seed, "seed", allow_none=True)
        need_int(dealer, "dealer", low=0, high=self.profile.player_count - 1)
        self.seed = seed
        self._rng = random.Random(seed)
        self._decks: list[list[Card]] | None = None
        if decks is not None:
            # each deck is checked now, so a bad one is refused before any round is dealt
            given = need_sequence(decks, "decks", "deck orders (each a full deck, first card dealt first)")
            self._decks = [deal_order(need_cards(d, f"decks[{i}]"), deck_count=self.profile.deck_count,
                                      joker_count=self.profile.joker_count) for i, d in enumerate(given)]
        self.rounds: list[Round] = []
        self.round_scores: list[list[ScoreBreakdown]] = []
        self.totals: tuple[int, ...] = (0,) * self.profile.team_count
        self.target_reached = False
        self._new_round(dealer)

    def _next_deck(self) -> list[Card] | None:
        index = len(self.rounds)
        if self._decks is not None and index < len(self._decks):
            return list(self._decks[index])
        return None

    def _new_round(self, dealer: int) -> None:
        deck = self._next_deck()
        seed = None if deck is not None else self._rng.randrange(2**32)
        self.rounds.append(Round(self.profile, seed=seed, deck=deck, dealer=dealer,
                                 team_scores=self.totals))

    @property
    def round(self) -> Round:
        """The current round (the last one dealt)."""
        return self.rounds[-1]

    @property
    def is_over(self) -> bool:
        """True once the end rule has been met."""
        return self._finished()

    @property
    def unfinished(self) -> bool:
        """True when the game stopped at its round limit without a winner."""
        return self._finished() and not self._won()

    def _finished(self) -> bool:
        if not self.round.is_over or len(self.round_scores) < len(self.rounds):
            return False
        return self._won() or len(self.round_scores) >= self.max_rounds

    def _won(self) -> bool:
        best = max(self.totals)
        leaders = [t for t, s in enumerate(self.totals) if s == best]
        if len(leaders) != 1:
            return False
        return rules_for(self.profile).lead_wins(best, self.target_reached)

    @property
    def winner(self) -> int | None:
        """The winning team, once the game is over (None while it goes on, or unfinished)."""
        if not self.is_over or self.unfinished:
            return None
        return max(range(len(self.totals)), key=lambda t: self.totals[t])

    @property
    def result(self) -> str:
        """The game's outcome in a sentence ("Team 0 won with totals 5120 to 3410.", or why the game is
        unfinished, or that it goes on)."""
        totals = gettext(" to ").join(str(t) for t in self.totals)
        if not self.is_over:
            return gettext("The game goes on: round {number}, totals {totals}.").format(
                number=len(self.rounds), totals=totals)
        if self.unfinished:
            # English says "rounds" even for 1 (as it always did); other languages have their plural forms
            return ngettext("The game is unfinished: it stopped at its limit of {count} rounds with totals "
                            "{totals}, and no team won.",
                            "The game is unfinished: it stopped at its limit of {count} rounds with totals "
                            "{totals}, and no team won.", self.max_rounds).format(count=self.max_rounds,
                                                                                totals=totals)
        return gettext("Team {team} won with totals {totals}.").format(team=self.winner, totals=totals)

    def legal_actions(self) -> list[Action]:
        """The current round's legal actions."""
        return self.round.legal_actions()

    def check(self, action: Action | str) -> Verdict:
        """The verdict on an action in the current round."""
        return self.round.check(action)

    def apply(self, action: Action | str) -> Action:
        """Perform an action in the current round; deal the next round when it ends."""
        if self.is_over:
            from ..core.verdicts import IllegalActionError

            raise IllegalActionError(keep_maker(Verdict.refuse("round_over", self._over_message()), self._over_message))
        done = self.round.apply(action)
        if self.round.is_over:
            self._finish_round()
        return done

    def _over_message(self) -> str:
        return gettext("The game is over. {result}").format(result=self.result)

    def _finish_round(self) -> None:
        scores = self.round.scores()
        self.round_scores.append(scores)
        self.totals = tuple(t + s.total for t, s in zip(self.totals, scores, strict=False))
        if max(self.totals) >= self.profile.target_score:
            self.target_reached = True
        if not self._finished():
            # the deal (and so the first turn) passes in the direction of play
            self._new_round(self.round.next_seat(self.round.dealer))

    def score_sheet(self) -> pandas.DataFrame:
        """Per round and team: melds, canasta bonuses, red threes, going out, cards left,
        round total and running total (a pandas DataFrame)."""
        from ..core.extras import import_pandas

        pd = import_pandas("Game.score_sheet()")

        rows: list[dict[str, Any]] = []
        running = [0] * self.profile.team_count
        for number, scores in enumerate(self.round_scores, 1):
            for breakdown in scores:
                team = breakdown.team or 0
                running[team] += breakdown.total
                rows.append({
                    "round": number, "team": team,
                    "melds": breakdown.points("melds"),
                    "canasta_bonuses": breakdown.points("natural_canastas") + breakdown.points("mixed_canastas"),
                    "red_threes": breakdown.points("red_threes"),
                    "going_out": breakdown.points("going_out"),
                    "cards_left": breakdown.points("hand"),
                    "round_total": breakdown.total,
                    "running_total": running[team],
                })
        frame: pandas.DataFrame = pd.DataFrame(rows)
        return frame

    def __repr__(self) -> str:
        state = (f"unfinished after {len(self.round_scores)} rounds" if self.unfinished
                 else f"over, team {self.winner} wins" if self.is_over else f"round {len(self.rounds)}")
        return f"<Game {self.profile.name}: totals {self.totals}, {state}>"

    def __str__(self) -> str:
        lines = [gettext("Game ({profile}), target {target}: totals {totals}").format(
            profile=self.profile.name, target=self.profile.target_score,
            totals=" / ".join(str(t) for t in self.totals))]
        for number, scores in enumerate(self.round_scores, 1):
            lines.append("  " + gettext("round {number}: {totals}").format(
                number=number, totals=" / ".join(str(s.total) for s in scores)))
        if self.unfinished:
            # English says "rounds" even for 1 (as it always did)
            lines.append("  " + ngettext("unfinished: stopped at the limit of {count} rounds",
                                         "unfinished: stopped at the limit of {count} rounds",
                                         self.max_rounds).format(count=self.max_rounds))
        elif self.is_over:
            lines.append("  " + gettext("winner: team {team}").format(team=self.winner))
        else:
            lines.append(str(self.round))
        return "\n".join(lines)
