"""Players for measuring what hints are worth: two weak players and a player that follows hints.

- `PileShyBot`: GreedyBot that never takes the discard pile (a beginner's habit: the pile looks
  risky, so they always draw);
- `SloppyBot`: GreedyBot that, on a fifth of its decisions, plays a legal move picked at random
  (a beginner who sometimes plays without thinking);
- `HintFollower` (`follow_hints` wraps any bot in one): on every decision it asks for the Hint's
  advice (`advise`) and plays `Advice.recommended`, the move a hint puts first; the wrapped bot
  plays only the decisions the follower does not ask about (``rate`` below 1) and forced moves.

They choose only among ``rnd.legal_actions()``, like every bot. ``benchmarks/bench_hint_followers.py``
measures each one against GreedyBot partners, seats swapped on each deal (classic; the figures
are in each class's docstring, with the seeds they were measured on).

>>> from canasta_learn.engine.round import Round
>>> rnd = Round(seed=3)
>>> PileShyBot(seed=1).choose(rnd) in rnd.legal_actions()
True
>>> SloppyBot(seed=1).choose(rnd) in rnd.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time

from ..core.actions import Action, TakePile
from ..engine.round import Round
from . import position_value
from .bots import Bot, GreedyBot, GreedyWeights, _legal
from .coach import MIN_DEALS, Advice, advise

__all__ = ["FOLLOWER_DEALS", "SLOPPY_RATE", "STRONG_DEALS", "HintFollower", "PileShyBot", "SloppyBot", "follow_hints"]

#: The share of its decisions on which `SloppyBot` plays a random legal move.
SLOPPY_RATE = 0.2
#: Deals of the unseen cards a `HintFollower`'s hint is made from, at the least and at the most
#: (the Hint button's `advise` plays at least `MIN_DEALS`, then more while its top moves are
#: unsettled, within a time budget; the follower has no clock, so its games replay exactly).
FOLLOWER_DEALS = (MIN_DEALS, MIN_DEALS)
#: The deals a hint of the registered follower (`make_bot("follower")`) is made from: twice
#: `FOLLOWER_DEALS`, each cut short (`position_value.CUT`), for about the CPU of 24 deals played to
#: the end (benchmarks/bench_hint_followers.py, ``--deals 48,48 --cut 32``); `FOLLOWER_DEALS`
#: where the cut does not hold.
STRONG_DEALS = (2 * MIN_DEALS, 2 * MIN_DEALS)


class PileShyBot(GreedyBot):
    """GreedyBot that never takes the discard pile: it draws from the stock (or declines the pile
    when the stock is empty) whenever the rules let it; it takes the pile only when taking it is
    the one legal move. Everything else is GreedyBot's play.

    Measured (benchmarks/bench_hint_followers.py, partners against GreedyBot partners, seats
    swapped): on the rounds dealt from seeds 26001-27000 it won 23.8% of 2,000 rounds (95% CI
    22.0-25.7%), margin -486 a round (95% CI -510 to -461); in games to 5000 from seeds
    26001-26500, 4.1% of 1,000 games (95% CI 3.0-5.5%).
    """

    name = "pileshy"

    def __init__(self, seed: int | None = None, weights: GreedyWeights | None = None) -> None:
        super().__init__(seed, weights)

    def __repr__(self) -> str:
        return f"PileShyBot(seed={self.seed!r})"

    def choose(self, rnd: Round) -> Action:
        """GreedyBot's choice with the pile left alone."""
        if rnd.phase == "draw":
            legal = _legal(rnd)
            others: list[Action] = [a for a in legal if not isinstance(a, TakePile)]
            if others and len(others) < len(legal):
                return others[0] if len(others) == 1 else self._draw_phase(rnd, others)
        return super().choose(rnd)


class SloppyBot(GreedyBot):
    """GreedyBot that plays a legal move picked at random on a share ``rate`` of its decisions
    (default `SLOPPY_RATE`, a fifth); a decision with one legal move is not a decision and is
    played as it must be. Seeded: the same seed plays the same moves.

    ``decisions`` and ``random_moves`` count the decisions it met (two legal moves or more) and
    those on which it played at random.

    Measured (benchmarks/bench_hint_followers.py, partners against GreedyBot partners, seats
    swapped): on the rounds dealt from seeds 26001-27000 it won 36.8% of 2,000 rounds (95% CI
    34.7-39.0%), margin -128 a round (95% CI -154 to -103); in games to 5000 from seeds
    26001-26500, 33.0% of 1,000 games (95% CI 30.2-36.0%).
    """

    name = "sloppy"

    def __init__(self, seed: int | None = None, weights: GreedyWeights | None = None,
                 rate: float = SLOPPY_RATE) -> None:
        if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 <= rate <= 1:
            raise ValueError(f"rate must be a number from 0 to 1, not {rate!r}.")
        super().__init__(seed, weights)
        self.rate = float(rate)
        self._dice = random.Random(None if seed is None else seed * 7919 + 1)
        #: Decisions met (two legal moves or more), and those played at random.
        self.decisions = 0
        self.random_moves = 0

    def __repr__(self) -> str:
        return f"SloppyBot(seed={self.seed!r}, rate={self.rate!r})"

    def choose(self, rnd: Round) -> Action:
        """A random legal move on a share ``rate`` of the decisions, else GreedyBot's choice."""
        legal = _legal(rnd)
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        if self._dice.random() < self.rate:
            self.random_moves += 1
            return self._dice.choice(legal)
        return super().choose(rnd)


class HintFollower:
    """A player who follows the hints: on each decision it asks for the Hint's advice (`advise`,
    public information only) and plays `Advice.recommended` (the coach's best when it beats
    GreedyBot's move by a paired standard error, else GreedyBot's move).

    ``deals``: (at least, at most) deals of the unseen cards per hint (default `FOLLOWER_DEALS`);
    unlike the Hint button, the follower has no time budget, so a seeded game replays exactly.
    ``rate``: the share of its decisions on which it asks (1: every decision); on the others, and
    on forced moves (one legal move), ``base`` plays (default GreedyBot). With ``rate`` 1 the base
    never chooses, so a weak player following every hint plays exactly as this follower does.

    Measured (benchmarks/bench_hint_followers.py, 24 deals a hint, partners against GreedyBot
    partners, seats swapped; 2-core machine shared, under nice): on the rounds dealt from seeds
    26001-26106 it won 52.4% of 212 rounds (95% CI 45.7-59.0%), margin +170 a round (95% CI
    +91 to +249): not worse than GreedyBot, and ahead on the margin. On the same seeds it gained
    +566 a round (95% CI +447 to +686) and 24.5 points of rounds won (95% CI 17.5-31.5) over
    `PileShyBot`, +314 (95% CI +205 to +422) and 15.1 points (95% CI 7.1-23.1) over
    `SloppyBot`. 3.8% of its 6,019 hints recommended a move that is not GreedyBot's; a hint took
    0.47 CPU s, a round 13.3 CPU s, so games to 5000 (6.5 rounds each) were not measured. That was
    with the hint's earlier floor (1.5 95% margins); with the floor at one standard error
    (`coach.FLOOR_STDERRS`), on seeds 26001-26076 (152 rounds; stopped at its time limit): won
    50.3% (95% CI 42.5-58.2%), margin +354 a round (95% CI +205 to +504); +683 a round (95% CI
    +526 to +839) over `PileShyBot` and +491 (95% CI +319 to +662) over `SloppyBot`; 34.7% of its
    4,846 hints recommended a move that is not GreedyBot's; 0.49 CPU s a hint, 15.5 a round. In
    games to 5000 (the same floor, 98 games from seeds 27001-27050, 13.5 CPU s a round): won 76.5%
    (95% CI 67.2-83.8%), margin +1620 a game (95% CI +1239 to +2001), where `PileShyBot` won 4.2%
    and `SloppyBot` 28.3% of 120.

    ``cut``: the hint's play-outs stop that many actions after the move and are scored by the
    coach's learned estimate (``advise(cut=...)``), in games where it holds
    (`position_value.applies`); None (the default): every play-out is played to the end. With
    ``deals=(48, 48), cut=32`` (the same CPU a hint as 24 deals played to the end) it won 311 of
    364 games to 5000 (85.4%, 95% CI 81.4-88.7%), against the uncut follower's 75.5% of 282; on the
    141 seeds both played, +9.6 points of % (95% CI +3.3 to +15.8). ``uncut_deals``: the deals of a
    hint where the cut does not hold (default ``deals``): in the classic game a play-out to the end
    costs about twice a cut one, so ``deals=(48, 48), cut=32, uncut_deals=(24, 24)``
    (`make_bot("follower")`) plays cut hints there and hints of that same CPU elsewhere.

    ``hints`` and ``hint_seconds`` count the hints asked for and the CPU seconds they took,
    ``departures`` the hints whose recommended move is not GreedyBot's; ``last_advice`` is the
    last hint's advice.
    """

    name = "follower"

    def __init__(self, base: Bot | None = None, seed: int | None = None, *,
                 deals: tuple[int, int] = FOLLOWER_DEALS, rate: float = 1.0, cut: int | None = None,
                 uncut_deals: tuple[int, int] | None = None) -> None:
        for label, given in (("deals", deals), ("uncut_deals", deals if uncut_deals is None else uncut_deals)):
            if (not isinstance(given, tuple) or len(given) != 2
                    or not all(isinstance(d, int) and not isinstance(d, bool) for d in given)
                    or not 2 <= given[0] <= given[1]):
                raise ValueError(f"{label} must be (at least, at most) deals, whole numbers with 2 <= at least <= "
                                 f"at most, not {given!r}.")
        if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 <= rate <= 1:
            raise ValueError(f"rate must be a number from 0 to 1, not {rate!r}.")
        position_value.check_cut(cut)
        self.base: Bot = GreedyBot(seed=seed) if base is None else base
        self.seed = seed
        self.deals = deals
        self.uncut_deals = deals if uncut_deals is None else uncut_deals
        self.rate = float(rate)
        self.cut = cut
        self._dice = random.Random(None if seed is None else seed * 6007 + 3)
        #: Hints asked for, and the CPU seconds they took.
        self.hints = 0
        self.hint_seconds = 0.0
        #: Hints whose recommended move is not GreedyBot's (the hint's floor).
        self.departures = 0
        #: The advice of the last hint (None before the first).
        self.last_advice: Advice | None = None

    def __repr__(self) -> str:
        return (f"HintFollower(base={self.base!r}, seed={self.seed!r}, deals={self.deals!r}, rate={self.rate!r}, "
                f"cut={self.cut!r}" + ("" if self.uncut_deals == self.deals else f", uncut_deals={self.uncut_deals!r}")
                + ")")

    def hint(self, rnd: Round) -> Advice:
        """The advice the follower acts on in this position (seeded by the seed and the hints asked
        so far, so the same game replays the same hints)."""
        seed = None if self.seed is None else self.seed * 1_000_003 + self.hints
        cut = position_value.cut_for(rnd.profile, self.cut)
        low, high = self.deals if cut is not None or self.cut is None else self.uncut_deals
        return advise(rnd, seed=seed, min_deals=low, max_deals=high, time_budget=math.inf, cut=cut)

    def choose(self, rnd: Round) -> Action:
        """The hint's recommended move (or the base bot's, on a decision it does not ask about)."""
        legal = _legal(rnd)
        if len(legal) == 1:
            return legal[0]
        if self.rate < 1 and self._dice.random() >= self.rate:
            return self.base.choose(rnd)
        start = time.process_time()
        advice = self.hint(rnd)
        self.hints += 1
        self.hint_seconds += time.process_time() - start
        self.last_advice = advice
        recommended = advice.recommended
        if advice.greedy is not None and not recommended.stands_for(advice.greedy):
            self.departures += 1
        return recommended.action


def follow_hints(bot: Bot, seed: int | None = None, *, deals: tuple[int, int] = FOLLOWER_DEALS,
                 rate: float = 1.0, cut: int | None = None) -> HintFollower:
    """``bot`` following the hints: a `HintFollower` that plays the hint's recommended move on a
    share ``rate`` of its decisions (every one by default) and ``bot``'s move on the others.

    >>> follow_hints(SloppyBot(seed=2), seed=2).base
    SloppyBot(seed=2, rate=0.2)
    """
    return HintFollower(bot, seed, deals=deals, rate=rate, cut=cut)
