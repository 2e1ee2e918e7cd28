"""A coach: "what would a good player do here, and why?" (engine part).

`advise` lists the candidate actions for the player to move, best first, each with its
estimated value — the expected difference in the round's final score between the seat's team
and the other team — with an uncertainty and the reasons in plain words. The estimate comes
from *determinized Monte Carlo rollouts*: the cards the seat cannot see (the other hands, the
stock, a morto or reserve, cards face down under an Italian upcard) are dealt again at random,
consistently with everything the seat has seen (cards other players picked up with the pile
stay in their hands; a player who has just discarded a card is dealt another of its rank less
often: discards show what players lack), and each such deal is played to the end of the round by `GreedyBot`
players. Every candidate is played on the same deals (common random numbers), so
differences between candidates are measured more tightly than the values themselves.

The coach uses **public information only**: what it samples is built from the seat's own
hand, the table, the pile and the public history, never from the hidden cards themselves.

A hint puts GreedyBot's move first unless the best estimate beats it by more than a standard
error of their paired difference (the floor, `Advice.recommended`: the registered coach's rule).
The best of a dozen noisy estimates is often only the luckiest (the winner's curse);
``advise(check=True)`` plays it and GreedyBot's move again on fresh deals, where one 95% margin
is an honest test (`Advice.checked`; off by default, see `advise`).

Reasons are facts computed from the state (the table after the action, the pile, what the
opponents have shown) and from the rollouts; each `Reason` carries those facts as data.

>>> from canasta_learn.engine.round import Round
>>> rnd = Round(seed=11)
>>> rnd.draw()  # doctest: +ELLIPSIS
Draw(seat=1)
>>> advice = advise(rnd, rollouts=6, seed=1)
>>> advice.seat, advice.best.action in rnd.legal_actions()
(1, True)
>>> advice.best.rollouts
6
>>> all(c.low <= c.value <= c.high for c in advice.candidates)
True

A closer look at the same position adds fresh deals to those of the earlier advice:

>>> closer = advise(rnd, rollouts=6, seed=2, earlier=advice)
>>> closer.samples, closer.best.rollouts
(12, 12)
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..core.actions import Action, Answer, Ask, Discard, Draw, Meld, Redraw, Swap, TakePile, parse_action, seat_label
from ..core.cards import CARD_KEY, Card, rank_name
from ..core.i18n import gettext, ngettext
from ..engine.moves import bound_moves_unjudged
from ..engine.round import Round
from ..rules.pile import pile_status
from ..rules.state import kind_word
from ..variants.base import rules_for
from . import position_value
from .bots import MAX_ROUND_ACTIONS, GreedyBot, NoLegalActionError, RoundTooLongError, _Memory, acting_seat
from .draw_orders import DrawOrders, Draws, apply_with
from .estimates import clearly_better, margin95, mean_and_stderr, paired_gap

__all__ = [
    "DEFAULT_TIME_BUDGET",
    "MAX_DEALS",
    "MIN_DEALS",
    "Advice",
    "Candidate",
    "CoachBot",
    "Determinizer",
    "Judgement",
    "Reason",
    "advise",
    "best_going_out",
    "bound_to_go_out",
    "equal_margins",
    "judge",
    "known_cards",
    "play_out",
    "position_digest",
    "stuck_endings",
    "team_label",
]

#: CPU seconds (of the calling thread) `advise` spends on rollouts unless told otherwise: a soft
#: budget. The deals come first: at least `MIN_DEALS` are played whatever the time, more while the
#: ranking is unsettled, up to `MAX_DEALS` or this budget (a loaded machine plays the same deals,
#: only slower: the budget is CPU time, not wall-clock time).
DEFAULT_TIME_BUDGET = 0.7
#: Deals of the unseen cards `advise` plays out at the least (each on every candidate still in).
MIN_DEALS = 24
#: Deals after which `advise` stops even if its top moves are still not told apart.
MAX_DEALS = 200
#: Two moves whose paired difference is known to within this many points (95% margin) are
#: "about equal" when neither is clearly better: more deals would not change the advice.
SETTLED_MARGIN = 40.0
#: `advise` stops early on a move only when the best beats it by this many 95% margins (about
#: three standard errors).
SETTLED_MARGINS = 1.5
#: A hint calls a move clearly worse than the best estimate (so not "about equal", and the
#: best "Best by about N") only when the gap is beyond this many 95% margins of their paired
#: difference (`equal_margins`: about 3.6 standard errors at 24 deals), when it compares more
#: than `FEW_MOVES` moves: the best is the highest of many noisy estimates, so against each other
#: move one margin is passed by luck far more often than 1 time in 20, and the more moves, the
#: more the highest owes to luck. With one margin the same position's hint changed with the seed
#: (five seeds' hints agreed at 45% of 200 positions; benchmarks/bench_hint_honesty.py, seeds
#: 60001-60205, recomputed from the recorded outcomes), with 1.5 at 86%, with this rule at 96%;
#: confirmed on the fresh seeds 61001-61207: 186 of 200 (93%, 95% CI 89-96%).
EQUAL_MARGINS = 1.75
#: Up to this many moves compared, `EQUAL_MARGINS_FEW` margins are enough (a draw-or-take choice).
FEW_MOVES = 3
#: The margins of `equal_margins` for a hint comparing at most `FEW_MOVES` moves.
EQUAL_MARGINS_FEW = 1.5
#: `Advice.recommended` leaves GreedyBot's move for the best only when the best beats it by more
#: than this many standard errors of their paired difference: the registered coach's rule
#: (``CoachBot(keep_greedy_within=1.0)``). Measured against 10x references
#: (benchmarks/bench_hint_agreement.py, points lost on deals the reference's best was not picked
#: on): chosen on the 410 positions of seeds 40001-40110 (21.7 -> 11.1 points a decision against
#: a bar of 1.5 95% margins, about three standard errors), then confirmed on 400 fresh positions
#: (seeds from 42001, 100 per decision kind): 29.5 -> 11.3 (-18.2 +- 9.3 paired); draw/take 5.8,
#: discard 1.5, ask/answer 6.7, meld 31.0. The best of a dozen noisy estimates is partly luck, but
#: GreedyBot's move is no safer: it lost 28-160 points a decision (plain loss) on the same positions.
#: With play-outs cut short (``advise(cut=...)``) the floor still counts the luck of the deals
#: only, not the learned estimate's error (`position_value.GAP_ERROR`), which "about equal" and the
#: margins between moves count: replayed on the cut hints of 400 meld positions (seeds 44001,
#: 47001-50050, 51001, 52001) against their 10x references, counting it in the floor too kept
#: GreedyBot's move more often and lost more (held-out +1.6 +- 1.2 points a decision), for the
#: same agreement (+0.5 +- 0.7 points) and steadiness.
FLOOR_STDERRS = 1.0
#: Fresh deals ``advise(check=True)`` plays on just two moves when its search ends with the best
#: estimate ahead of GreedyBot's move but not by `FLOOR_STDERRS` (see `Advice.checked`): a move picked as
#: the highest of a dozen noisy estimates is tested again on deals it was not picked on, where
#: one 95% margin is an honest test (no winner's curse), so the floor yields when the best
#: really is better.
CHECK_DEALS = 48
#: At most this many meld (and pile-taking) candidates are simulated by default (``advise``'s
#: ``meld_candidates``); the rest are cut by a quick heuristic (the greedy player's own choice is
#: always kept). The play view's Hint keeps more (`widgets.play.HINT_MELD_CANDIDATES`).
MAX_MELD_CANDIDATES = 6
#: Deals after which clearly worse candidates stop being simulated (then every doubling).
FIRST_PRUNE = 8
#: Deals tried for one consistent with a pending "may I go out?" (see `Determinizer.sample`).
ASK_TRIES = 2000
#: Refused deals after which an asker hand found earlier is reused.
ASK_TRIES_BEFORE_REUSE = 30
#: Positions `best_going_out` looks at, at most, for an asker bound to go out. On 187 such
#: positions met in review play-outs (a tuning set), its plan (canasta-completing melds first,
#: then the largest natural melds) was never worse than a 3,000-position search in the engine's
#: order, 5 times better (8 points on average), in a third of the CPU time of the earlier
#: 60-position search in the engine's order (which took 47% of a review's time).
GOING_OUT_NODES = 12
#: Rollouts that met a state with no legal action so far, and the last such round (see `play_out`).
_STUCK: list[Round] = []
_STUCK_COUNT = [0]
#: A candidate is dropped when its paired difference to the best is below -PRUNE_Z standard errors.
PRUNE_Z = 3.0
#: Candidates always kept when pruning.
KEEP_AT_LEAST = 3
#: How much less likely a deal is in which a player still holds a card of the rank of their last
#: discard (a natural card, in the games of sets): GreedyBot players (classic, seeds 1-800,
#: 14,092 discards) held another card of the rank they had just discarded 10.7% of the time,
#: against 32.2% for a rank picked at random, so a third as often.
LACK_WEIGHT = 1 / 3
#: Deals dealt for each sample, one of which is kept with a chance in proportion to its weight
#: (`LACK_WEIGHT`; sampling-importance-resampling).
LACK_DEALS = 4

FactValue = int | float | str | bool


# ---------------------------------------------------------------------- public information
def known_cards(rnd: Round, seat: int) -> list[Counter[Card]]:
    """For every seat other than ``seat``, the cards everyone saw it take into its hand with
    the pile (or a joker taken back by a swap) and that it has not melded or discarded since.

    The cards are exact (a pile is face up), so they are public; the seat's own entry is empty.
    A card melded or discarded that matches a known one is assumed to be that one (when two
    decks hold two identical cards an observer cannot tell them apart, and neither can we).
    """
    known: list[Counter[Card]] = [Counter() for _ in range(rnd.player_count)]
    by_action: dict[int, list[tuple[str, int | None, tuple[Card, ...]]]] = {}
    for event in rnd.events:
        if event.kind in ("pile_taken", "joker_swapped"):
            by_action.setdefault(event.action_index, []).append((event.kind, event.seat, event.cards))
    for index, action in enumerate(rnd.log):
        who = action.seat
        gone: list[Card] = []
        for kind, event_seat, cards in by_action.get(index, ()):
            if event_seat is None:
                continue
            if kind == "pile_taken":
                known[event_seat].update(c for c in cards if not c.is_red_three)
            else:  # joker_swapped: (natural given, joker taken)
                known[event_seat][cards[1]] += 1
        if isinstance(action, Meld):
            gone.extend(action.cards)
        elif isinstance(action, TakePile):
            gone.extend(action.cards)
            for group in action.extra_melds:
                gone.extend(group.cards)
        elif isinstance(action, Discard):
            gone.append(action.card)
        elif isinstance(action, Swap):
            gone.append(action.card)
        held = known[who]
        for card in gone:
            if held[card] > 0:
                held[card] -= 1
                if not held[card]:
                    del held[card]
    known[seat] = Counter()
    return known


def _lacks(rnd: Round, seat: int, known: Sequence[Counter[Card]]) -> list[tuple[int, int, int]]:
    """For each player but ``seat`` whose last discard was a natural card: (that player, the
    card's rank, the cards of that rank known to be in their hand). Empty where a card's suit
    decides which meld it joins (the Brazilian sequences), since there a discard says nothing
    about the other cards of its rank."""
    if rules_for(rnd.profile).suits_matter:
        return []
    last: dict[int, Card] = {}
    for action in rnd.log:
        if isinstance(action, Discard) and action.seat != seat:
            last[action.seat] = action.card
    return [(other, card.rank, sum(n for c, n in known[other].items() if c.rank == card.rank))
            for other, card in sorted(last.items()) if not card.is_wild and not card.is_black_three]


def _hidden_pile_slots(rnd: Round) -> list[int]:
    """Indexes of pile cards lying face down (Italian: the cards slid under the upcard, until
    the pile is first taken)."""
    if not rules_for(rnd.profile).upcard_hides_cards_below or not rnd.pile:
        return []
    upcard = next((e.cards[0] for e in rnd.events if e.kind == "upcard" and e.cards), None)
    if upcard is None or any(e.kind == "pile_taken" for e in rnd.events):
        return []
    added = sum(1 for a in rnd.log if isinstance(a, Discard | Redraw))
    first = len(rnd.pile) - added  # the pile as dealt is still at the bottom
    if first < 1 or rnd.pile[first - 1] != upcard:
        return []
    under = min(upcard.rank, first - 1)
    return list(range(first - 1 - under, first - 1))


class Determinizer:
    """Deals the cards ``seat`` cannot see again at random, consistently with what it saw.

    Built from public information only: the multiset of unseen cards (every card of the round
    minus the seat's hand, the table, the face-up pile and the cards others are known to hold)
    is sorted before shuffling, and the places it is dealt to (other hands, stock, mortos,
    reserves) are known by size alone. ``sample(rng)`` returns an independent `Round`.
    """

    def __init__(self, rnd: Round, seat: int) -> None:
        self.round = rnd
        self.seat = seat
        self.known = known_cards(rnd, seat)
        pool: list[Card] = []
        self.hand_free: list[int] = []
        for other in range(rnd.player_count):
            if other == seat:
                self.hand_free.append(0)
                continue
            left = Counter(self.known[other])
            free = 0
            for card in rnd.hands[other]:
                if left[card] > 0:
                    left[card] -= 1
                else:
                    pool.append(card)
                    free += 1
            # a known card no longer in the hand cannot happen (known cards are tracked as they
            # leave); if it did, the hand keeps its real size and the known part shrinks
            self.hand_free.append(free)
        self.known_in_hand = [
            self._known_part(rnd.hands[s], self.known[s]) if s != seat else [] for s in range(rnd.player_count)]
        pool.extend(rnd.stock)
        for morto in rnd.mortos:
            pool.extend(morto)
        for reserve in rnd.reserves:
            pool.extend(reserve)
        self.pile_slots = _hidden_pile_slots(rnd)
        pool.extend(rnd.pile[i] for i in self.pile_slots)
        self.pool = sorted(pool, key=CARD_KEY)
        #: (seat, rank, copies known to be in that hand) for each other player whose last
        #: discard was a natural card, in games of sets (see `sample`).
        self.lacks = _lacks(rnd, seat, self.known)
        #: Asker hands (their unseen part) already found able to go out (see `sample`).
        self.asker_fills: list[list[Card]] = []

    @staticmethod
    def _known_part(hand: Sequence[Card], known: Counter[Card]) -> list[Card]:
        left = Counter(known)
        kept: list[Card] = []
        for card in hand:
            if left[card] > 0:
                left[card] -= 1
                kept.append(card)
        return kept

    def _asker_can_go_out(self, new: Round) -> bool:
        """After "yes", does the asker of this deal have a legal way on (judged after the draw
        when the question came before drawing)?"""
        probe = new.copy()
        probe.apply(Answer(acting_seat(self.round), True))
        legal = probe.legal_actions()
        if probe.phase == "draw":
            draw = next((a for a in legal if isinstance(a, Draw)), None)
            if draw is not None:
                probe.apply(draw)
                legal = [] if probe.is_over else probe.legal_actions()
        return bool(legal) or probe.is_over

    def sample(self, rng: random.Random) -> Round:
        """One consistent deal of the unseen cards, as a fresh copy of the round.

        Discards show what players lack: of `LACK_DEALS` deals, one is kept with a chance in
        proportion to its `weight`, so a player is dealt the rank of their last discard less
        often. While a partner must answer "may I go out?", the asker's hand must be one that can go
        out (asking says so publicly): deals where it cannot are dealt again. Such hands can
        be rare, so after `ASK_TRIES_BEFORE_REUSE` refused deals the unseen part of an asker
        hand found earlier is kept and the other cards are dealt again; after `ASK_TRIES`
        the last deal is used (its asker may then be unable to go on; `play_out` scores that).
        """
        rnd = self.round
        asker = rnd.asker
        if rnd.phase != "answer" or asker is None or asker == self.seat:
            return self._weighed_deal(rng)
        new = self._deal(rng)
        for tries in range(1, ASK_TRIES + 1):
            if self._asker_can_go_out(new):
                fill = sorted((Counter(new.hands[asker]) - Counter(self.known_in_hand[asker])).elements(),
                              key=CARD_KEY)
                if fill not in self.asker_fills:
                    self.asker_fills.append(fill)
                return new
            if self.asker_fills and tries >= ASK_TRIES_BEFORE_REUSE:
                new = self._deal(rng, asker, rng.choice(self.asker_fills))
            else:
                new = self._deal(rng)
        return new

    def weight(self, new: Round) -> float:
        """How likely deal ``new`` is, against a deal that ignores the discards: `LACK_WEIGHT`
        for each other player whose hand still holds, beyond the cards known to be in it, a card
        of the rank of their last discard."""
        weight = 1.0
        for other, rank, known in self.lacks:
            if sum(1 for card in new.hands[other] if card.rank == rank) > known:
                weight *= LACK_WEIGHT
        return weight

    def _weighed_deal(self, rng: random.Random) -> Round:
        """One of `LACK_DEALS` deals, kept with a chance in proportion to its `weight`: deals where
        players hold what their discards showed they lack are kept less often."""
        if not self.lacks:
            return self._deal(rng)
        deals = [self._deal(rng) for _ in range(LACK_DEALS)]
        return rng.choices(deals, [self.weight(deal) for deal in deals])[0]

    def _deal(self, rng: random.Random, fixed_seat: int | None = None, fixed: Sequence[Card] = ()) -> Round:
        """Deal the unseen cards; ``fixed``: the unseen part of ``fixed_seat``'s hand, kept."""
        rnd = self.round
        new = rnd.copy()
        pool = self.pool
        free = list(self.hand_free)
        if fixed_seat is not None:
            remove = Counter(fixed)
            pool = []
            for card in self.pool:
                if remove[card] > 0:
                    remove[card] -= 1
                else:
                    pool.append(card)
            free[fixed_seat] = 0
        # red threes never stay in a hand once its first turn is done: they go face up at once
        red_ok: list[int] = []
        pos = 0
        for other in range(rnd.player_count):
            if other != self.seat:
                if not rnd.first_turn_done[other]:
                    red_ok.extend(range(pos, pos + free[other]))
                pos += free[other]
        red_ok.extend(range(pos, len(pool)))
        reds = [c for c in pool if c.is_red_three]
        rest = [c for c in pool if not c.is_red_three]
        rng.shuffle(rest)
        if reds and len(red_ok) >= len(reds):
            red_places = set(rng.sample(red_ok, len(reds)))
            red_iter = iter(reds)
            others = iter(rest)
            cards = [next(red_iter) if i in red_places else next(others) for i in range(len(pool))]
        else:
            cards = reds + rest
        pos = 0
        for other in range(rnd.player_count):
            if other == self.seat:
                continue
            hand = self.known_in_hand[other] + cards[pos:pos + free[other]]
            if other == fixed_seat:
                hand += list(fixed)
            pos += free[other]
            hand.sort(key=CARD_KEY)
            new.hands[other] = hand
        count = len(rnd.stock)
        new.stock = cards[pos:pos + count]
        pos += count
        new.mortos = []
        for morto in rnd.mortos:
            new.mortos.append(cards[pos:pos + len(morto)])
            pos += len(morto)
        new.reserves = []
        for reserve in rnd.reserves:
            new.reserves.append(cards[pos:pos + len(reserve)])
            pos += len(reserve)
        for index in self.pile_slots:
            new.pile[index] = cards[pos]
            pos += 1
        return new


# ---------------------------------------------------------------------- results
@dataclass(frozen=True)
class Reason:
    """One plain-words reason for (or against) a candidate, with the facts it states.

    ``code`` names the kind of fact ("takes_pile", "canasta", "safe_discard", "estimate"...);
    ``facts`` holds every number and name the sentence uses, so a test can check them.
    """

    code: str
    text: str
    facts: Mapping[str, FactValue] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Candidate:
    """One candidate action with its estimated value for the seat's team.

    ``value`` is the mean over ``rollouts`` simulated endings of (the team's final round
    score minus the other team's); ``stderr`` its standard error; ``margin`` its 95% margin
    with the small-sample multiplier (`canasta_learn.play.estimates`; infinite below
    `MIN_ENDINGS_FOR_MARGIN` endings, when no margin is stated); ``low``/``high`` the interval
    value ± margin. ``equivalent`` lists the legal actions this one stands for (discards of
    the same rank are the same move in games of sets). ``cut``: when set, each play-out stopped
    that many actions after the move and was scored by `position_value.estimate` (unless the
    round had ended), instead of being played to the end.
    """

    action: Action
    text: str
    value: float
    stderr: float
    rollouts: int
    reasons: tuple[Reason, ...]
    equivalent: tuple[Action, ...] = ()
    #: The simulated results, deal by deal (deal ``k`` is the same for every candidate).
    outcomes: tuple[int, ...] = field(default=(), repr=False)
    cut: int | None = None

    def stands_for(self, action: Action) -> bool:
        """True when ``action`` is this candidate or one it stands for."""
        return action == self.action or action in self.equivalent

    @property
    def margin(self) -> float:
        """The 95% margin of the estimate (Student's t for ``rollouts - 1`` degrees of freedom);
        infinite when too few endings were played to state one. With a ``cut`` it also counts the
        learned estimate's own error (`position_value.VALUE_ERROR`)."""
        return _value_margin(self.stderr, self.rollouts, self.cut)

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return self.value - self.margin

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return self.value + self.margin

    def summary(self) -> str:
        """One line: the action, the estimate and its 95% margin (none below a few endings)."""
        if self.cut is not None:
            how = ngettext("{count} deal played {cut} moves ahead, then estimated",
                           "{count} deals played {cut} moves ahead, then estimated",
                           self.rollouts).format(count=self.rollouts, cut=self.cut)
            if math.isinf(self.margin):
                return gettext("{move}: {value} ({how}, too few for a margin)").format(
                    move=self.text, value=f"{self.value:+.0f}", how=how)
            return gettext("{move}: {value} \u00b1 {margin} ({how})").format(
                move=self.text, value=f"{self.value:+.0f}", margin=f"{self.margin:.0f}", how=how)
        if math.isinf(self.margin):
            return gettext("{move}: {value} ({rollouts} simulated endings, too few for a margin)").format(
                move=self.text, value=f"{self.value:+.0f}", rollouts=self.rollouts)
        return gettext("{move}: {value} \u00b1 {margin} ({rollouts} simulated endings)").format(
            move=self.text, value=f"{self.value:+.0f}", margin=f"{self.margin:.0f}", rollouts=self.rollouts)


@dataclass(frozen=True)
class Advice:
    """The coach's answer for one position: the candidates, best first.

    ``samples`` is the number of deals of the unseen cards that were played out; ``seconds``
    the time it took (not compared: two equal advices may take different times). ``greedy``
    is the move GreedyBot, the reference player, would make here (when it was simulated).

    ``candidates`` come in this order: the moves played on every deal, highest estimate first, then
    those the search dropped as trailing (`Advice.dropped`), highest estimate first.

    ``best`` is the leading move (the first); ``about_equal`` the moves that are not clearly worse than
    it (their paired difference to it is within its 95% margin): among them the estimates do
    not tell which is better. ``recommended`` is the move a hint puts first: ``best`` when it
    is clearly better than GreedyBot's move, else GreedyBot's move (a player following every
    hint never does worse than GreedyBot because of the estimates' noise).
    """

    seat: int
    team: int
    candidates: tuple[Candidate, ...]
    samples: int
    profile_name: str
    seconds: float = field(default=0.0, compare=False)
    greedy: Action | None = None
    #: When the search ended with its best estimate ahead of GreedyBot's move but not by
    #: `FLOOR_STDERRS`: the move that led (the challenger) and the deal from which the two were
    #: played on `CHECK_DEALS` fresh deals, alone (their ``outcomes`` from that index on).
    checked: tuple[Action, int] | None = None
    #: A digest of the position the advice is for (`position_digest`): ``advise(earlier=...)``
    #: pools only an advice made for the same position.
    position: str = field(default="", compare=False, repr=False)
    #: The play-outs' cut (``advise(cut=...)``), None when they were played to the end.
    cut: int | None = None

    @property
    def best(self) -> Candidate:
        """The leading move: the highest estimate of the moves played on every deal (a move the
        search dropped keeps the estimate of its few deals, which may be higher although it
        trailed on them; see `Advice.dropped`)."""
        return self.candidates[0]

    @property
    def dropped(self) -> tuple[Candidate, ...]:
        """The moves the search stopped playing because they trailed (played on fewer than
        ``samples`` deals); they come last in ``candidates``."""
        return tuple(c for c in self.candidates if len(c.outcomes) < self.samples)

    def clearly_better(self, first: Candidate, second: Candidate, margins: float = 1.0) -> bool:
        """True when ``first`` beats ``second`` by more than ``margins`` times the 95% margin of
        their paired difference."""
        gap, stderr = self.gap(first, second)
        return clearly_better(gap, stderr, min(len(first.outcomes), len(second.outcomes)), margins)

    @property
    def about_equal(self) -> tuple[Candidate, ...]:
        """The candidates the estimates cannot tell from the best (the best first): every
        candidate that the best does not beat beyond `equal_margins` 95% margins of their paired
        difference."""
        best = self.best
        margins = equal_margins(len(self.candidates))
        return (best, *(c for c in self.candidates[1:] if not self.clearly_better(best, c, margins)))

    @property
    def named_equal(self) -> tuple[Candidate, ...]:
        """The moves a hint calls about equal, the recommended one first: `about_equal`, and the
        recommended move when it is not among them (GreedyBot's move kept by the floor is always
        within one margin of the best, but a move confirmed by `checked` may not be): the hint
        never calls its recommended move clearly better than a best estimate it could not tell
        it from. A single move when the recommended one is told apart from every other."""
        first = self.recommended
        return (first, *(c for c in self.about_equal if c is not first))

    @property
    def recommended(self) -> Candidate:
        """The move a hint puts first: the best, unless it does not beat GreedyBot's move by more
        than `FLOOR_STDERRS` standard errors of their paired difference (then GreedyBot's move,
        the floor; also when too few deals were played for a margin). When the two were played
        again on fresh deals (`checked`), the challenger is put first if it beats GreedyBot's move
        by one margin on those deals alone, where it was not picked."""
        mine = None if self.greedy is None else self.find(self.greedy)
        if mine is None or mine is self.best or self.beats_floor(self.best, mine):
            return self.best
        if self.checked is not None:
            challenger = self.find(self.checked[0])
            if challenger is not None and challenger is not mine and self.check_gap(challenger, mine)[2]:
                return challenger
        return mine

    def is_for(self, round: Round, seat: int | None = None) -> bool:
        """True when this advice was made for ``round`` as it stands, for ``seat`` (default: the
        seat that acts now): the same `position_digest`."""
        seat = acting_seat(round) if seat is None else seat
        return self.seat == seat and self.position == position_digest(round, seat)

    def can_look_closer(self, round: Round) -> bool:
        """True when ``advise(round, earlier=self)`` pools its deals with this advice's: it was
        made for ``round`` as it stands and was not checked (`checked`)."""
        return self.checked is None and self.is_for(round)

    def beats_floor(self, first: Candidate, floor: Candidate) -> bool:
        """True when ``first`` beats ``floor`` (GreedyBot's move) by more than `FLOOR_STDERRS`
        standard errors of their paired difference, on enough deals for a 95% margin."""
        return _beats_floor(first.outcomes, floor.outcomes)

    def check_gap(self, first: Candidate, second: Candidate) -> tuple[float, float, bool]:
        """On the fresh deals of the check (`checked`; every deal if there was none): the mean
        and 95% margin of ``first`` minus ``second``, and whether ``first`` is clearly better."""
        start = 0 if self.checked is None else self.checked[1]
        gap, stderr = _paired_gap(first.outcomes[start:], second.outcomes[start:])
        n = min(len(first.outcomes), len(second.outcomes)) - start
        margin = margin95(stderr, n)
        return gap, margin, not math.isinf(margin) and gap > margin

    def find(self, action: Action) -> Candidate | None:
        """The candidate that is (or stands for) ``action``, if it was simulated."""
        return next((c for c in self.candidates if c.stands_for(action)), None)

    @staticmethod
    def gap(first: Candidate, second: Candidate) -> tuple[float, float]:
        """Mean and standard error of ``first`` minus ``second`` on the deals both were played on
        (with their ``cut``, the error counts the learned estimate's own, `position_value.GAP_ERROR`)."""
        return _paired_gap(first.outcomes, second.outcomes, first.cut)

    def top(self, count: int = 3) -> tuple[Candidate, ...]:
        """The best ``count`` candidates."""
        return self.candidates[:count]

    def __str__(self) -> str:
        lines = [gettext("Coach's opinion for {seat} ({samples} deals of the unseen cards):").format(
            seat=seat_label(self.seat), samples=self.samples)]
        for number, candidate in enumerate(self.candidates, 1):
            lines.append(f"{number}. {candidate.summary()}")
            lines.extend(f"   - {reason.text}" for reason in candidate.reasons)
        return "\n".join(lines)


# ---------------------------------------------------------------------- words
def team_label(rnd: Round, team: int) -> str:
    """A team by its seats: 'North–South', 'East–West', or 'P1–P3–P5' at six seats."""
    seats = [s for s in range(rnd.player_count) if rnd.team_of(s) == team]
    if rnd.player_count == 4:
        full = {"N": "North", "E": "East", "S": "South", "W": "West"}
        return "–".join(full[rnd.seat_name(s)] for s in seats)
    return "–".join(rnd.seat_name(s) for s in seats)


def _team_words(rnd: Round, team: int) -> str:
    """`team_label` as a sentence says it, in the language spoken now ('Norte–Sul'); the
    reasons' facts keep `team_label`."""
    return "–".join(rnd.seat_label(s, "compass") for s in range(rnd.player_count) if rnd.team_of(s) == team)


def _points(value: float) -> str:
    return ngettext("{count} point", "{count} points", round(abs(value))).format(count=f"{abs(value):.0f}")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# ---------------------------------------------------------------------- candidates

def _wilds(cards: Sequence[Card]) -> int:
    return sum(1 for c in cards if c.is_wild)


def _meld_cards(action: Action) -> tuple[Card, ...]:
    if isinstance(action, Meld):
        return action.cards
    if isinstance(action, TakePile):
        return action.cards + tuple(c for g in action.extra_melds for c in g.cards)
    return ()


def _canasta_progress(action: Action, team_melds: Mapping[int, Sequence[Card]], size: int) -> int:
    """How close a meld action brings a meld of the team to a canasta of ``size`` cards: the
    largest meld it adds to or lays down, counted up to ``size``; -1 for cards added to a meld
    that is a canasta already (no progress), 0 for other actions."""
    if not isinstance(action, Meld):
        return 0
    best = -1
    for group in action.groups:
        before = len(team_melds.get(group.target, ())) if group.target is not None else 0
        if before < size:
            best = max(best, min(size, before + len(group.cards)))
    return best


def _candidates(rnd: Round, seat: int,
                max_melds: int | None = MAX_MELD_CANDIDATES) -> list[tuple[Action, tuple[Action, ...]]]:
    """The actions worth simulating, each with the legal actions it stands for: every one but
    melds and pile takes, of which at most ``max_melds`` each (the candidate cut; None: all)."""
    legal = rnd.legal_actions()
    groups: dict[tuple[int, str], list[Action]] = {}
    melds: list[Action] = []
    takes: list[Action] = []
    others: list[Action] = []
    discard_key = rules_for(rnd.profile).discard_key  # discards with the same key are the same move
    for action in legal:
        if isinstance(action, Discard):
            groups.setdefault(discard_key(action.card), []).append(action)
        elif isinstance(action, Meld):
            melds.append(action)
        elif isinstance(action, TakePile):
            takes.append(action)
        else:
            others.append(action)
    greedy_pick: Action | None = None
    if max_melds is not None and (len(melds) > max_melds or len(takes) > max_melds):
        greedy_pick = GreedyBot(seed=0).choose(rnd)
    chosen: list[tuple[Action, tuple[Action, ...]]] = [(a, ()) for a in others]
    team_melds = rnd.melds[rnd.team_of(seat)]
    canasta_size = rnd.profile.canasta_size
    for family in (takes, melds):
        if max_melds is not None and len(family) > max_melds:
            # the quick heuristic: most natural cards down first, fewest wild cards spent, then
            # the meld left closest to a canasta (adding a wild card to a meld of five beats
            # adding it to a meld of three; measured: benchmarks/bench_hint_agreement.py)
            ranked = sorted(family, key=lambda a: (-(len(_meld_cards(a)) - _wilds(_meld_cards(a))),
                                                   _wilds(_meld_cards(a)),
                                                   -_canasta_progress(a, team_melds, canasta_size)))
            keep = ranked[:max_melds]
            if greedy_pick is not None and greedy_pick in family and greedy_pick not in keep:
                keep[-1] = greedy_pick
            family = [a for a in family if a in keep]
        chosen.extend((a, ()) for a in family)
    for same in groups.values():
        chosen.append((same[0], tuple(same[1:])))
    return chosen


# ---------------------------------------------------------------------- rollouts
def _value(rnd: Round, team: int) -> int:
    scores = [rnd.score_team(t).total for t in range(rnd.profile.team_count)]
    return scores[team] - max(s for t, s in enumerate(scores) if t != team)


def _memory_for(base: _Memory, rnd: Round) -> _Memory:
    """A copy of ``base`` (what each seat was seen to hold, read from the history ``rnd``
    shares with the round ``base`` was built on) that follows ``rnd`` from here."""
    memory = _Memory.__new__(_Memory)
    memory.round = rnd
    memory.events_seen = base.events_seen
    memory.log_seen = base.log_seen
    memory.known = [dict(k) for k in base.known]
    memory.discarded = [list(d) for d in base.discarded]
    return memory


def bound_to_go_out(rnd: Round) -> bool:
    """True when the seat to act asked "may I go out?", was told yes, and so must go out this
    turn (a forced sequence: the play-outs then take `best_going_out`, not GreedyBot's)."""
    return (not rnd.is_over and rnd.permission == "yes" and rnd.asker is not None
            and rnd.phase != "answer" and acting_seat(rnd) == rnd.asker)


def _going_out_order(action: Action, rnd: Round, team: int) -> tuple[int, int, int, int]:
    """The order `best_going_out` tries an asker's actions in: melds (and a take with its
    melds) that complete the most canastas first, then those laying down the most natural
    cards with the fewest wild cards, then other actions (a draw), discards last."""
    if isinstance(action, Discard):
        return (2, 0, 0, 0)
    cards = _meld_cards(action)
    if not cards:
        return (1, 0, 0, 0)
    groups = action.groups if isinstance(action, Meld) else ()
    size = rnd.profile.canasta_size
    melds = rnd.melds[team]
    completes = 0
    for group in groups:
        target = group.target
        if target is None:
            ranks = {c.rank for c in group.cards if not c.is_wild}
            target = next(iter(ranks)) if len(ranks) == 1 else None
        before = len(melds.get(target, ())) if target is not None else 0
        completes += before < size <= before + len(group.cards)
    return (0, -completes, _wilds(cards) - len(cards), _wilds(cards))


def best_going_out(rnd: Round, limit: int = GOING_OUT_NODES) -> tuple[Action, ...] | None:
    """The asker's best way to go out after "yes": every sequence of the asker's legal actions
    (draw or take, melds, the last discard) that ends the round, searched depth first on copies
    of ``rnd`` (at most ``limit`` positions; the melds laying down the most natural cards with
    the fewest wild cards first, discards last, so the first ending found is already a good
    one), the one leaving the asker's team furthest ahead
    (its final score minus the best other team's). None when ``rnd`` is not `bound_to_go_out`
    or no ending was found within ``limit``. ``rnd`` is not changed."""
    found = _best_ending(rnd, limit)
    return found[0] if found is not None else None


def _best_ending(rnd: Round, limit: int = GOING_OUT_NODES) -> tuple[tuple[Action, ...], Round] | None:
    """`best_going_out`'s search: the best plan and the round it ends in (``rnd`` with the plan
    applied, over), or None."""
    if not bound_to_go_out(rnd):
        return None
    seat = acting_seat(rnd)
    team = rnd.team_of(seat)
    best: list[tuple[int, tuple[Action, ...], Round]] = []
    budget = [limit]

    def search(state: Round, path: tuple[Action, ...]) -> None:
        if budget[0] <= 0:  # no position left to try: the state's actions are not listed
            return
        # the play phase's candidates are judged one by one, only those the budget reaches: the
        # legal ones come in the order of the legal list sorted (a stable sort, then filtered)
        unjudged = bound_moves_unjudged(state)
        moves = state.legal_actions() if unjudged is None else unjudged
        for action in sorted(moves, key=lambda a: _going_out_order(a, state, team)):
            if budget[0] <= 0:
                return
            if unjudged is not None and not state.is_legal(action):
                continue  # not a legal action
            budget[0] -= 1
            # judged once: by ``state.legal_actions()`` or by ``is_legal`` just above
            after = state.child(action)
            if after.is_over:
                # only the asker acts in a plan, so the other teams' scores are the same at the end
                # of every plan: the asker's team's score alone orders the plans as `_value` would
                value = after.score_team(team).total
                if not best or value > best[0][0]:
                    best[:] = [(value, (*path, action), after)]
            elif acting_seat(after) == seat and after.permission == "yes":
                search(after, (*path, action))

    search(rnd, ())
    return (best[0][1], best[0][2]) if best else None


def play_out(sample: Round, action: Action, team: int, seed: int, memory: _Memory | None = None,
             cut: int | None = None, orders: DrawOrders | None = None) -> int:
    """Play ``action`` on a copy of ``sample`` (one deal of the unseen cards), let seeded
    `GreedyBot` players finish the round, and return ``team``'s final score minus the best
    other team's. ``sample`` is not changed. ``memory``: GreedyBot's public memory of the
    history so far (saves each bot re-reading it). ``cut``: stop that many actions after
    ``action`` and, unless the round is over, return `position_value.estimate` of the position
    reached (rounded to a whole point) instead.

    A forced sequence is played as a sensible player would: an asker told "yes" (bound to go
    out) goes out the best way its hand allows (`best_going_out`), not GreedyBot's way, which
    could meld a joker with a five and miss a canasta, so the play-outs undervalued asking.

    ``orders``: the deal's `DrawOrders` (made from ``sample``), which every move compared on this
    deal shares: each seat then draws the first cards of its own order still in the stock, so the
    moves' play-outs draw alike (common random numbers) and each move's value is unchanged."""
    rnd = sample.copy()
    draws = orders.start(rnd) if orders is not None else None
    apply_with(rnd, action, draws)
    rnd, _played = _play_on(rnd, _rollout_bots(sample, rnd, seed, memory), cut, draws)
    if not rnd.is_over and cut is not None:
        return round(position_value.estimate(rnd, team))
    return _value(rnd, team)


def _rollout_bots(sample: Round, rnd: Round, seed: int, memory: _Memory | None) -> list[GreedyBot]:
    """A play-out's seeded GreedyBots for ``rnd`` (``sample`` played on), each given a copy of
    ``memory`` when it was built on ``sample``'s history."""
    bots = [GreedyBot(seed=seed + s) for s in range(rnd.player_count)]
    if memory is not None and memory.log_seen <= len(sample.log):
        # the memory is public (what each seat was seen to hold) and read in the order things
        # happened, so one copy shared by the bots knows what each one's own copy would
        shared = _memory_for(memory, rnd)
        for bot in bots:
            bot._memory = shared
    return bots


def _play_on(rnd: Round, bots: Sequence[GreedyBot], actions: int | None = None,
             draws: Draws | None = None) -> tuple[Round, int]:
    """Let ``bots`` play ``rnd`` on, in place, until the round is over (or, given ``actions``,
    at least that many actions were played): (the round played on, actions played). An asker
    bound to go out plays `best_going_out`'s plan, whose ending is then the round returned.
    Stops early, the round not over, where the engine offers no legal action (`stuck_endings`).
    ``draws``: the play-out's `Draws` (`play_out`'s ``orders``), told of every draw."""
    count = 0
    while not rnd.is_over and (actions is None or count < actions):
        if bound_to_go_out(rnd):
            if draws is not None and rnd.phase == "draw":
                draws.before(rnd)  # the plans that draw take the asker's first cards
            found = _best_ending(rnd)
            if found is not None:
                # the search already played the plan on copies of ``rnd``: its ending is the
                # round the plan's steps would make again here (the round is over)
                plan, rnd = found
                count += len(plan)
                continue
        try:
            choice = bots[acting_seat(rnd)].choose(rnd)
        except NoLegalActionError:
            # only after a deal where the asker of a pending "may I go out?" cannot go out
            # (`Determinizer.sample` found no other in `ASK_TRIES`): scored as it stands
            _STUCK[:] = [rnd]
            _STUCK_COUNT[0] += 1
            break
        apply_with(rnd, choice, draws)
        count += 1
        if count > MAX_ROUND_ACTIONS:
            raise RoundTooLongError(f"A coach rollout went on for more than {MAX_ROUND_ACTIONS} actions: {rnd!r}.")
    return rnd, count


def stuck_endings() -> tuple[int, Round | None]:
    """How many rollouts in this process met a state where the engine offered no legal action
    (scored as they stood), and the last such round, for diagnosis."""
    return _STUCK_COUNT[0], (_STUCK[0] if _STUCK else None)


def _stats(values: Sequence[int]) -> tuple[float, float]:
    return mean_and_stderr(values)


def _paired_gap(a: Sequence[int], b: Sequence[int], cut: int | None = None) -> tuple[float, float]:
    """Mean and standard error of a - b over the deals both were played on; with a ``cut``, the
    error counts the learned estimate's own error between two moves (`position_value.GAP_ERROR`),
    which more deals do not shrink."""
    gap, stderr = paired_gap(a, b)
    return gap, stderr if cut is None else math.hypot(stderr, position_value.GAP_ERROR)


def _value_margin(stderr: float, n: int, cut: int | None = None) -> float:
    """The 95% margin of one move's value from ``n`` play-outs with standard error ``stderr``;
    with a ``cut``, it counts the learned estimate's own error (`position_value.VALUE_ERROR`)."""
    margin = margin95(stderr, n)
    return margin if cut is None else math.hypot(margin, 1.96 * position_value.VALUE_ERROR)


# ---------------------------------------------------------------------- reasons from facts
def _action_reasons(rnd: Round, seat: int, action: Action, after: Round, index: int) -> list[Reason]:
    """Facts about ``action`` read from the state and from ``after`` (the action applied to one
    deal of the unseen cards; only public consequences are read from it)."""
    prof = rnd.profile
    team = rnd.team_of(seat)
    reasons: list[Reason] = []
    events = [e for e in after.events[len(rnd.events):] if e.action_index == index]
    kinds = {e.kind for e in events}
    rules = rules_for(rnd.profile)
    word = rules.canasta_word
    if isinstance(action, TakePile):
        pile = rnd.pile
        wild = _wilds(pile[:-1])
        threes = sum(1 for c in pile if c.is_red_three)
        counted = {"cards": ngettext("{count} card", "{count} cards", len(pile)).format(count=len(pile)),
                   "wild": ngettext("{count} wild card", "{count} wild cards", wild).format(count=wild),
                   "threes": ngettext("{count} red three", "{count} red threes", threes).format(count=threes)}
        if wild and threes:
            text = gettext("Takes the pile: {cards}, including {wild} and {threes}.")
        elif wild:
            text = gettext("Takes the pile: {cards}, including {wild}.")
        elif threes:
            text = gettext("Takes the pile: {cards}, including {threes}.")
        else:
            text = gettext("Takes the pile: {cards}.")
        reasons.append(Reason("takes_pile", text.format(**counted), {"cards": len(pile), "wild_cards": wild,
                                                                     "red_threes": threes}))
    if isinstance(action, Meld | TakePile):
        used = _wilds(_meld_cards(action))
        held = _wilds(rnd.hands[seat])
        if held:
            kept = held - used
            if used:
                text = gettext("Spends {cards} of the {held} in your hand ({kept} kept).").format(
                    cards=ngettext("{count} wild card", "{count} wild cards", used).format(count=used),
                    held=held, kept=kept)
            else:
                text = ngettext("Uses no wild card: your {count} wild card stays in hand.",
                                "Uses no wild card: your {count} wild cards stay in hand.", held).format(count=held)
            reasons.append(Reason("wild_cards", text, {"used": used, "held": held}))
    if not rnd.opened[team] and after.opened[team] and "opening_reached" in kinds:
        minimum = rnd.opening_minimum(team)
        reasons.append(Reason(
            "opens", gettext("Opens for your team: melds worth {value} this turn (the opening minimum is {minimum}).")
            .format(value=after.turn_value, minimum=minimum), {"value": after.turn_value, "minimum": minimum}))
    if isinstance(action, Meld | TakePile | Swap):
        before_kinds = Counter(rnd.canasta_kinds(team))
        after_kinds = Counter(after.canasta_kinds(team))
        for kind, count in (after_kinds - before_kinds).items():
            bonus = prof.canasta_bonus(kind)
            counts_now = kind not in prof.bonus_needs_going_out and not (
                kind in prof.conditional_bonus_kinds and not prof.bonus_condition_kinds & set(after_kinds))
            text = _canasta_reason(word, kind, count, bonus, counts_now=counts_now,
                                   needs_going_out=kind in prof.bonus_needs_going_out,
                                   needed=sorted(prof.bonus_condition_kinds))
            reasons.append(Reason("canasta", text, {"kind": kind, "count": count, "bonus": bonus,
                                                    "counts_now": counts_now}))
    if "reserve_taken" in kinds:
        size = len(rnd.reserves[seat])
        reasons.append(Reason("reserve", gettext("Your first canasta: your {count}-card reserve joins your hand.")
                              .format(count=size),
                              {"cards": size}))
    if "morto_taken" in kinds:
        size = len(rnd.mortos[team])
        text = (gettext("You run out of cards and take your team's morto ({count} cards; batida direta: you keep "
                        "playing).") if isinstance(action, Meld | TakePile) else
                gettext("You run out of cards and take your team's morto ({count} cards; batida indireta: you pick it "
                        "up as your turn ends)."))
        reasons.append(Reason("morto", text.format(count=size),
                              {"cards": size, "direct": isinstance(action, Meld | TakePile)}))
    if "went_out" in kinds:
        concealed = after.went_out_concealed
        bonus = prof.concealed_going_out_bonus if concealed else prof.going_out_bonus
        what = rules.going_out_word(concealed)
        reasons.append(Reason("goes_out", gettext("Ends the round now ({what}: +{bonus} for your team).").format(
                              what=what, bonus=bonus),
                              {"bonus": bonus, "concealed": concealed}))
    if isinstance(action, Discard) and not after.is_over:
        reasons.extend(_discard_reasons(rnd, seat, action.card))
    return reasons


def _canasta_reason(word: str, kind: str, count: int, bonus: int, *, counts_now: bool,
                    needs_going_out: bool, needed: Sequence[str]) -> str:
    """"Completes a canasta (natural, +500 now)." in the language spoken now: ``word`` is the
    game's word (canasta / canastra), ``needed`` the kinds a conditional bonus waits for."""
    values = {"kind": kind_word(kind), "count": count, "bonus": bonus}
    brazilian = word == "canastra"
    if count > 1:
        template = (gettext("Completes {count} canastras ({kind}, {bonus} each).") if brazilian
                    else gettext("Completes {count} canastas ({kind}, {bonus} each)."))
    elif counts_now:
        template = (gettext("Completes a canastra ({kind}, +{bonus} now).") if brazilian
                    else gettext("Completes a canasta ({kind}, +{bonus} now)."))
    elif needs_going_out:
        template = (gettext("Completes a canastra ({kind}, its {bonus} bonus counts only if your team goes out).")
                    if brazilian else
                    gettext("Completes a canasta ({kind}, its {bonus} bonus counts only if your team goes out)."))
    else:
        names = [kind_word(k) for k in needed]
        either = names[0] if names else ""
        for name in names[1:]:
            either = gettext("{first} or {second}").format(first=either, second=name)
        values["needed"] = either
        template = (gettext("Completes a canastra ({kind}, its {bonus} bonus counts once your team has a "
                            "canastra {needed}).") if brazilian else
                    gettext("Completes a canasta ({kind}, its {bonus} bonus counts once your team has a "
                            "canasta {needed})."))
    return template.format(**values)


def _discard_reasons(rnd: Round, seat: int, card: Card) -> list[Reason]:
    prof = rnd.profile
    nxt = rnd.next_seat(seat)
    their_team = rnd.team_of(nxt)
    them = team_label(rnd, their_team)
    team_words = _team_words(rnd, their_team)
    name = rnd.seat_name(nxt)  # the facts keep the code; the text says the seat's label
    label = rnd.seat_label(nxt, "compass")
    opened = rnd.opened[their_team]
    reasons: list[Reason] = []
    top_after = pile_status(rnd.pile + [card], prof, team_opened=opened)
    if top_after.state == "blocked":
        text = (gettext("{name} cannot take the pile next turn: a black three on top blocks it.")
                if card.is_black_three else
                gettext("{name} cannot take the pile next turn: a wild card on top blocks it."))
        reasons.append(Reason("blocks", text.format(name=label),
                              {"next_seat": name, "state": top_after.state}))
    probe = Card(4, "c")
    by_rank = not rules_for(prof).suits_matter  # the next player takes a discard by its rank
    if by_rank and card.is_wild:
        before = pile_status(rnd.pile + [probe], prof, team_opened=opened)
        after = pile_status(rnd.pile + [card, probe], prof, team_opened=opened)
        if before.state != "frozen" and after.state == "frozen":
            reasons.append(Reason(
                "freezes", gettext("Freezes the pile: with a wild card in it, {team} need a natural pair to take it.")
                .format(team=team_words),
                {"team": them, "pile_after": len(rnd.pile) + 1}))
    if not by_rank or card.is_wild or card.is_black_three:
        return reasons
    rank = card.rank
    plural = rank_name(rank, plural=True)
    singular = rank_name(rank)
    their_meld = rank in rnd.melds[their_team]
    frozen = top_after.state == "frozen"
    picked = sum(1 for e in rnd.events if e.kind == "pile_taken" and e.seat == nxt
                 for c in e.cards if c.rank == rank)
    thrown = sum(1 for a in rnd.log if isinstance(a, Discard) and a.seat == nxt and a.card.rank == rank)
    facts: dict[str, FactValue] = {"rank": rank, "next_seat": name, "their_meld": their_meld,
                                   "frozen": frozen, "picked_up": picked, "discarded": thrown,
                                   "pile_after": len(rnd.pile) + 1}
    if not their_meld and frozen and picked == 0:
        values = {"team": team_words, "ranks": plural, "rank": singular, "name": label}
        if thrown:
            values["discarded"] = ngettext("{count} {rank}", "{count} {ranks}", thrown).format(
                count=thrown, rank=singular, ranks=plural)
            text = (gettext("Safer discard: {team} have no meld of {ranks}, {name} has not picked up an {rank} "
                            "from the pile, and the pile is frozen for them, so {name} needs a natural pair of "
                            "{ranks} from hand to take it ({name} has discarded {discarded} already).")
                    if singular[0] in "aeiou" else
                    gettext("Safer discard: {team} have no meld of {ranks}, {name} has not picked up a {rank} "
                            "from the pile, and the pile is frozen for them, so {name} needs a natural pair of "
                            "{ranks} from hand to take it ({name} has discarded {discarded} already)."))
        else:
            text = (gettext("Safer discard: {team} have no meld of {ranks}, {name} has not picked up an {rank} "
                            "from the pile, and the pile is frozen for them, so {name} needs a natural pair of "
                            "{ranks} from hand to take it.")
                    if singular[0] in "aeiou" else
                    gettext("Safer discard: {team} have no meld of {ranks}, {name} has not picked up a {rank} "
                            "from the pile, and the pile is frozen for them, so {name} needs a natural pair of "
                            "{ranks} from hand to take it."))
        reasons.append(Reason("safe_discard", text.format(**values), facts))
    elif their_meld and not frozen:
        cards = ngettext("{count} card", "{count} cards", len(rnd.pile) + 1).format(count=len(rnd.pile) + 1)
        reasons.append(Reason(
            "risky_discard", gettext("Risky: {team} have a meld of {ranks} and the pile ({cards} with this one) "
                                     "is not frozen for them.").format(team=team_words, ranks=plural, cards=cards),
            facts))
    return reasons


def _goes_out(candidate_reasons: Sequence[Reason], action: Action) -> bool:
    return isinstance(action, Ask) or any(r.code == "goes_out" for r in candidate_reasons)


# ---------------------------------------------------------------------- the coach
def advise(
    round: Round,
    seat: int | None = None,
    *,
    time_budget: float = DEFAULT_TIME_BUDGET,
    rollouts: int | None = None,
    seed: int | None = None,
    include: Sequence[Action] = (),
    min_deals: int = MIN_DEALS,
    max_deals: int = MAX_DEALS,
    check: bool = False,
    earlier: Advice | None = None,
    cut: int | None = None,
    progress: Callable[[int], None] | None = None,
    shared_draws: bool = True,
    meld_candidates: int | None = MAX_MELD_CANDIDATES,
) -> Advice:
    """The coach's candidates for the player who must act now, best first.

    ``seat`` defaults to the seat that must act (the partner answering "may I go out?" in
    phase "answer"); giving another seat is a ValueError. With ``rollouts`` given, exactly
    that many deals of the unseen cards are played out (candidates clearly worse than the
    best stop early) and ``time_budget`` is ignored: with a ``seed`` the advice is then
    reproducible. Otherwise the advice is made from a number of deals, never from the time
    alone: at least ``min_deals`` whatever the time, then more while the top moves are not
    yet told apart (a move neither clearly worse than the best nor known to within
    `SETTLED_MARGIN` points of it), until ``max_deals`` or until ``time_budget`` seconds of CPU
    time (of the calling thread, `time.thread_time`: on a loaded machine the advice takes
    longer, but is made from as many deals as on an idle one) have been spent. GreedyBot's move
    is always simulated (``Advice.greedy``, the floor of ``Advice.recommended``). ``include``:
    legal actions to simulate even if the candidate cut would leave them out (a move to review).
    ``check=True``: when the best estimate leads GreedyBot's move but not by `FLOOR_STDERRS`, the
    two are played again on `CHECK_DEALS` fresh deals and the best is recommended only if it wins
    there by one margin (`Advice.checked`; not with ``rollouts``, which plays exactly that many
    deals). Off by default: measured (with the earlier floor of 1.5 margins) on 110 meld positions
    against a 10× reference it lost 5.8 ± 5.3 points a decision less, but cost 0.3 s CPU a hint
    and made the same position's hint change with the seed more often (all five seeds' first
    moves alike at 150 of 200 positions, against 179 without it; benchmarks/bench_hint_agreement.py,
    bench_hint_honesty.py). ``earlier``: an advice made for this same position (`Advice.position`):
    a closer look. Its candidates are played again on fresh deals (those it had stopped
    simulating, clearly worse, keep their results), at least ``min_deals`` more, and the returned
    advice pools the earlier deals with the new ones, so each look is made from more endings than
    the last (``rollouts``: exactly that many more deals). Not with ``check`` nor with an advice
    that was checked (`Advice.checked`: its last deals were played on two moves only), and only
    with the same ``cut``. ``cut``: each play-out stops that many actions after the move and is
    scored by `position_value.estimate` of the position it reached (unless the round ended):
    cheaper, and most of the luck of the cards drawn later is left out, so more deals fit the
    budget and the estimates are tighter (`position_value` says what was measured); only where
    the estimate holds (`position_value.applies`: the classic profile), else a ValueError.
    ``progress``: called after each deal with the number of deals the estimates rest on so far
    (the earlier advice's too), for a caller that shows a long search at work (the play view's
    Hint in the Brazilian games, whose endings are long). ``shared_draws``: after every move
    compared on a deal each seat draws the same cards, the first of its own order of the deal's
    stock still there (`draw_orders.DrawOrders`: each move's value is unchanged, the gaps between
    moves are less noisy); False: every play-out draws from the deal's stock order, as `judge`
    does for the review, whose screens were tuned on such play-outs. ``meld_candidates``: at
    most this many melds (and as many pile takes) are simulated, those a quick heuristic ranks
    first (`MAX_MELD_CANDIDATES`; GreedyBot's move is always among them; the play view's Hint keeps
    more, `widgets.play.HINT_MELD_CANDIDATES`); None: every legal one; with ``earlier`` the earlier
    advice's candidates are played again whatever this says. Never changes ``round``.
    """
    if not isinstance(round, Round):
        raise TypeError(f"round must be a Round, not {type(round).__name__}.")
    if round.is_over:
        raise ValueError("round is over: there is no move to advise on.")
    actor = acting_seat(round)
    if seat is None:
        seat = actor
    if not isinstance(seat, int) or isinstance(seat, bool) or seat != actor:
        raise ValueError(f"seat must be the seat that acts now ({round.seat_name(actor)} = {actor}), "
                         f"not {seat!r}.")
    if rollouts is not None and (not isinstance(rollouts, int) or isinstance(rollouts, bool) or rollouts < 1):
        raise ValueError(f"rollouts must be a whole number of at least 1 (or None), not {rollouts!r}.")
    if isinstance(time_budget, bool) or not isinstance(time_budget, int | float) or not time_budget > 0:
        raise ValueError(f"time_budget must be a positive number of seconds, not {time_budget!r}.")
    for name, value in (("min_deals", min_deals), ("max_deals", max_deals)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 2:
            raise ValueError(f"{name} must be a whole number of at least 2, not {value!r}.")
    if max_deals < min_deals:
        raise ValueError(f"max_deals ({max_deals}) must be at least min_deals ({min_deals}).")
    if not isinstance(check, bool):
        raise TypeError(f"check must be True or False, not {check!r}.")
    if not isinstance(shared_draws, bool):
        raise TypeError(f"shared_draws must be True or False, not {shared_draws!r}.")
    if meld_candidates is not None and (not isinstance(meld_candidates, int) or isinstance(meld_candidates, bool)
                                        or meld_candidates < 1):
        raise ValueError(f"meld_candidates must be a whole number of at least 1 (or None: every legal meld), "
                         f"not {meld_candidates!r}.")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of the number of deals played (or None), not {progress!r}.")
    position_value.check_cut(cut)
    if cut is not None:
        if not position_value.applies(round.profile):
            raise ValueError(f"cut is for the {position_value.PROFILE} profile of two teams, whose positions the "
                             f"learned estimate was fitted on, not {round.profile.name}: leave cut=None to play "
                             "every play-out to the end.")
    if earlier is not None:
        _verify_earlier(round, seat, earlier, check)
        if earlier.cut != cut:
            raise ValueError(f"earlier advice cut its play-outs at {earlier.cut}, not {cut}: its deals cannot be "
                             "pooled with these. Call advise with the earlier advice's cut, or without earlier.")
    greedy = GreedyBot(seed=0).choose(round)  # the same reference move whatever the advice's seed
    return _search(round, seat, time_budget, rollouts, seed, (*include, greedy), min_deals=min_deals,
                   max_deals=max_deals, greedy=greedy, check=check and rollouts is None, earlier=earlier,
                   cut=cut, progress=progress, shared_draws=shared_draws, meld_candidates=meld_candidates)


def position_digest(round: Round, seat: int) -> str:
    """A short digest of what ``seat`` knows of the position: the profile (every rule of it, so two
    house rules under one name differ), the moves played, the phase, the seat's hand, the table and
    the pile (`Advice.position`). Two rounds with the same digest offer the seat the same
    candidates, so their advice can be pooled.

    >>> from canasta_learn.engine.round import Round
    >>> position_digest(Round(seed=1), 1) == position_digest(Round(seed=1), 1)
    True
    >>> position_digest(Round(seed=1), 1) == position_digest(Round(seed=2), 1)
    False
    """
    seen = (round.profile, round.log, round.phase, round.to_move, sorted(round.hands[seat], key=CARD_KEY),
            round.melds, round.pile)
    return hashlib.blake2b(repr(seen).encode(), digest_size=8).hexdigest()


def _verify_earlier(round: Round, seat: int, earlier: Advice, check: bool) -> None:
    """The checks of ``advise(earlier=...)``: an advice for this position, never checked."""
    if not isinstance(earlier, Advice):
        raise TypeError(f"earlier must be an Advice from advise() or None, not {type(earlier).__name__}.")
    if not earlier.is_for(round, seat):
        raise ValueError("earlier advice was made for another position: its deals cannot be pooled with this "
                         "one's. Call advise without earlier for a new position.")
    if check or earlier.checked is not None:
        raise ValueError("a checked advice cannot be pooled (its last deals were played on two moves only): "
                         "call advise with check=False and without a checked earlier advice.")


#: The clock of the advice's time budget: the CPU time of the calling thread where the platform
#: has it (`time.thread_time`), else of the process (Pyodide, in a JupyterLite site, has no
#: ``thread_time``; it runs one thread).
_cpu_clock: Callable[[], float] = getattr(time, "thread_time", time.process_time)


def _settled(alive: Sequence[int], values: Sequence[Sequence[int]]) -> bool:
    """True when more deals would not change the advice: every move still in is known to
    within `SETTLED_MARGIN` points of the best, or worse than it by more than
    `SETTLED_MARGINS` of its 95% margins (a stricter test than the advice's own "clearly
    better", since it is asked after every deal and a test repeated often errs more often)."""
    means = {i: sum(values[i]) / len(values[i]) for i in alive}
    best = max(alive, key=lambda i: (means[i], -i))
    for i in alive:
        if i == best:
            continue
        n = min(len(values[i]), len(values[best]))
        gap, se = paired_gap(values[best], values[i])
        margin = margin95(se, n)
        if not (gap > SETTLED_MARGINS * margin or margin <= SETTLED_MARGIN):
            return False
    return True


def _search(round: Round, seat: int, time_budget: float, rollouts: int | None, seed: int | None,
            include: Sequence[Action] = (), only: Callable[[Action], bool] | None = None, *,
            min_deals: int = 2, max_deals: int | None = None, greedy: Action | None = None,
            extend: Callable[[Sequence[tuple[Action, tuple[Action, ...]]], Sequence[Sequence[int]]], int]
            | None = None, check: bool = False, earlier: Advice | None = None, cut: int | None = None,
            progress: Callable[[int], None] | None = None, shared_draws: bool = True,
            meld_candidates: int | None = MAX_MELD_CANDIDATES) -> Advice:
    """`advise` after its checks; ``only``: simulate just the candidates it accepts (or that
    stand for an action it accepts). ``min_deals``/``max_deals`` as for `advise` (the bot's
    searches keep its measured behaviour: at least two deals, then its time budget).
    ``extend``: with ``rollouts``, asked (the candidates and their results so far) each time
    the deals played reach ``rollouts``, for the deals to reach now (no more than those played:
    stop); the deals are the ones a search with the final number would play, in order.
    ``earlier`` (checked by `advise`): its candidates are the options, their results the first
    deals; ``min_deals`` and ``rollouts`` count the new deals. ``progress``, ``shared_draws`` and
    ``meld_candidates`` as for `advise`."""
    start = time.perf_counter()
    cpu_start = _cpu_clock()  # the budget counts this thread's CPU: a loaded machine is slower, not shallower
    team = round.team_of(seat)
    # a closer look deals afresh even when given the earlier look's seed (pooled deals must differ)
    rng = random.Random(seed if earlier is None or seed is None else f"{seed}+{earlier.samples}")
    det = Determinizer(round, seat)
    if earlier is None:
        options = _candidates(round, seat, meld_candidates)
        if only is not None:
            options = [o for o in options if only(o[0]) or any(only(a) for a in o[1])]
    else:
        options = [(c.action, c.equivalent) for c in earlier.candidates]
    for extra in dict.fromkeys(include):
        round.verify_apply(extra)
        if not any(extra == a or extra in same for a, same in options):
            if earlier is not None:
                raise ValueError(f"{round.action_text(extra)} was not simulated by the earlier advice, so it has no "
                                 "results on its deals: call advise without earlier to include it.")
            options.append((extra, ()))
    values: list[list[int]] = [[] for _ in options]
    alive = list(range(len(options)))
    done = 0  # deals of the earlier advice
    if earlier is not None:
        done = earlier.samples
        values = [list(c.outcomes) for c in earlier.candidates]
        # a candidate the earlier search stopped simulating (clearly worse) keeps its results, a
        # prefix of the deals, so the pairs stay deal by deal
        alive = [i for i, v in enumerate(values) if len(v) == done]
    first = det.sample(rng)
    index = len(round.log)
    reasons = []
    for action, _same in options:
        after = first.copy()
        after.apply(action)
        reasons.append(_action_reasons(round, seat, action, after, index))
    memory = _Memory(round)
    memory.update()
    samples = 0  # new deals
    next_prune = FIRST_PRUNE
    while next_prune <= done:
        next_prune *= 2
    sample = first
    while True:
        bot_seed = rng.getrandbits(30)
        orders = DrawOrders(sample, bot_seed) if shared_draws else None  # every move of this deal draws alike
        for i in alive:
            values[i].append(play_out(sample, options[i][0], team, bot_seed, memory, cut, orders))
        samples += 1
        if progress is not None:
            progress(done + samples)
        if rollouts is not None:
            if samples >= rollouts and extend is not None:
                rollouts = max(rollouts, extend(options, values))
            if samples >= rollouts:
                break
        elif samples >= min_deals and (_cpu_clock() - cpu_start >= time_budget
                                       or (max_deals is not None and samples >= max_deals)
                                       or (max_deals is not None and _settled(alive, values))):
            break
        if len(alive) > 1 and done + samples >= next_prune:
            next_prune *= 2
            alive = _prune(alive, values)
        if len(alive) == 1 and rollouts is None and samples >= min_deals:
            break
        sample = det.sample(rng)
    checked = None
    if check and greedy is not None:
        checked = _check_floor(det, rng, options, values, greedy, team, memory, cut, shared_draws)
    stats = [_stats(v) for v in values]
    # the moves played on every deal first, by estimate, then those dropped as trailing (by
    # estimate): a dropped move's few deals may have gone well for every move, so its mean, read
    # beside means of more deals, can lead although it trailed on the very deals it was played on
    dropped = {i for i, v in enumerate(values) if len(v) < done + samples}
    order = sorted(range(len(options)), key=lambda i: (i in dropped, -stats[i][0], i))
    best_i = order[0]
    candidates = []
    for rank_pos, i in enumerate(order):
        action, same = options[i]
        mean, se = stats[i]
        facts = list(reasons[i])
        facts.extend(_rollout_reasons(round, i, rank_pos, order, options, values, stats, reasons, best_i, cut,
                                      i in dropped))
        candidates.append(Candidate(action, round.action_text(action), mean, se, len(values[i]),
                                    tuple(facts), same, tuple(values[i]), cut))
    return Advice(seat, team, tuple(candidates), done + samples, round.profile.name,
                  seconds=time.perf_counter() - start, greedy=greedy, checked=checked,
                  position=position_digest(round, seat), cut=cut)


def _beats_floor(first: Sequence[int], floor: Sequence[int]) -> bool:
    """The floor's one test (`Advice.beats_floor`, `_check_floor`): ``first`` beats ``floor``
    by more than `FLOOR_STDERRS` paired standard errors, on enough shared deals for a margin.
    The standard errors count the luck of the deals only, with a cut too (`FLOOR_STDERRS`)."""
    gap, stderr = _paired_gap(first, floor)
    n = min(len(first), len(floor))
    return not math.isinf(margin95(stderr, n)) and gap > FLOOR_STDERRS * stderr


def _check_floor(det: Determinizer, rng: random.Random, options: Sequence[tuple[Action, tuple[Action, ...]]],
                 values: list[list[int]], greedy: Action, team: int, memory: _Memory,
                 cut: int | None = None, shared_draws: bool = True) -> tuple[Action, int] | None:
    """When the best estimate leads GreedyBot's move but not by `FLOOR_STDERRS`: play the two
    alone on `CHECK_DEALS` fresh deals (appended to their ``values``) and return the leader and
    the index of the first fresh deal; else None (nothing played)."""
    means = [sum(v) / len(v) if v else -math.inf for v in values]
    best = max(range(len(options)), key=lambda i: (means[i], -i))
    mine = next((i for i, (action, same) in enumerate(options) if action == greedy or greedy in same), None)
    if mine is None or mine == best or len(values[best]) != len(values[mine]) or means[best] <= means[mine]:
        return None
    if _beats_floor(values[best], values[mine]):
        return None  # the floor yields without a check
    first = len(values[best])
    for _ in range(CHECK_DEALS):
        sample = det.sample(rng)
        bot_seed = rng.getrandbits(30)
        orders = DrawOrders(sample, bot_seed) if shared_draws else None
        for i in (best, mine):
            values[i].append(play_out(sample, options[i][0], team, bot_seed, memory, cut, orders))
    return options[best][0], first


def equal_margins(moves: int) -> float:
    """How many 95% margins a gap must pass for a hint comparing ``moves`` moves to call one
    clearly better than another (`EQUAL_MARGINS`, `EQUAL_MARGINS_FEW`).

    >>> equal_margins(2), equal_margins(10)
    (1.5, 1.75)
    """
    return EQUAL_MARGINS_FEW if moves <= FEW_MOVES else EQUAL_MARGINS


def _is_discard(action: Action) -> bool:
    return isinstance(action, Discard)


def _prune(alive: list[int], values: list[list[int]]) -> list[int]:
    means = {i: sum(values[i]) / len(values[i]) for i in alive}
    best = max(alive, key=lambda i: (means[i], -i))
    keep = []
    scored = []
    for i in alive:
        gap, se = _paired_gap(values[i], values[best])
        scored.append((gap + PRUNE_Z * se, i))
        if i == best or gap + PRUNE_Z * se >= 0:
            keep.append(i)
    if len(keep) < KEEP_AT_LEAST:
        for _score, i in sorted(scored, reverse=True):
            if i not in keep:
                keep.append(i)
            if len(keep) >= min(KEEP_AT_LEAST, len(alive)):
                break
    return sorted(keep)


def _trailed(i: int, order: Sequence[int], values: Sequence[Sequence[int]]) -> int | None:
    """The move a dropped candidate ``i`` trailed: of the moves played on at least its deals, the
    one leading it by the most on them (paired); None when none leads it."""
    n = len(values[i])
    leads = [(paired_gap(values[j], values[i])[0], -rank, j) for rank, j in enumerate(order)
             if j != i and len(values[j]) >= n]
    if not leads:
        return None
    lead, _rank, j = max(leads)
    return j if lead > 0 else None


def _about_equal_words(next_choice: bool, cut: bool, count: int) -> str:
    """The "about equal" reason's sentence, to be formatted with ``other``, ``points`` and
    ``count`` (the shared deals): against the next choice, or against the leading move (`Advice.best`; not
    "the coach's choice": the hint may put GreedyBot's move first, the floor, and this reason is
    read beside it). With a ``cut`` the margin counts the learned estimate's error too
    (`_paired_gap`), and the sentence says so."""
    if cut:
        return (ngettext("About equal to the next choice ({other}): the difference, about {points}, is within the "
                         "noise of {count} shared deal and the error of the coach's estimate.",
                         "About equal to the next choice ({other}): the difference, about {points}, is within the "
                         "noise of {count} shared deals and the error of the coach's estimate.", count)
                if next_choice else
                ngettext("About equal to the leading move ({other}): the difference, about {points}, is within "
                         "the noise of {count} shared deal and the error of the coach's estimate.",
                         "About equal to the leading move ({other}): the difference, about {points}, is within "
                         "the noise of {count} shared deals and the error of the coach's estimate.", count))
    return (ngettext("About equal to the next choice ({other}): the difference, about {points}, is within the "
                     "noise of {count} shared deal.",
                     "About equal to the next choice ({other}): the difference, about {points}, is within the "
                     "noise of {count} shared deals.", count)
            if next_choice else
            ngettext("About equal to the leading move ({other}): the difference, about {points}, is within "
                     "the noise of {count} shared deal.",
                     "About equal to the leading move ({other}): the difference, about {points}, is within "
                     "the noise of {count} shared deals.", count))


def _rollout_reasons(rnd: Round, i: int, rank_pos: int, order: list[int],
                     options: list[tuple[Action, tuple[Action, ...]]], values: list[list[int]],
                     stats: list[tuple[float, float]], reasons: list[list[Reason]], best_i: int,
                     cut: int | None, dropped: bool) -> list[Reason]:
    """The reasons the play-outs give for candidate ``i`` (``rank_pos`` in ``order``): its
    estimate, how it compares with the leading move (or, for the leading move, the next one),
    and for a move that goes out, with waiting. ``dropped``: the search stopped playing it as
    trailing, so it is compared, on its own deals, with the move it trailed."""
    mean, se = stats[i]
    n = len(values[i])

    def versus(other: int) -> tuple[float, float, str]:
        """Candidate ``i`` against ``other`` on the deals both were played on: the mean and the
        standard error of their paired difference, the other's move (with a move played on
        every deal this is the difference of their estimates)."""
        gap, gap_se = _paired_gap(values[i], values[other], cut)
        return gap, gap_se, rnd.action_text(options[other][0])

    margin = _value_margin(se, n, cut)
    endings = (ngettext("{count} simulated ending", "{count} simulated endings", n).format(count=n) if cut is None
               else ngettext("{count} deal played {cut} moves ahead, then estimated",
                             "{count} deals played {cut} moves ahead, then estimated", n).format(count=n, cut=cut))
    if math.isinf(margin):
        estimate = (gettext("Estimated result: your team ahead by about {points} at the end of the round ({endings}).")
                    if mean >= 0 else
                    gettext("Estimated result: the other team ahead by about {points} at the end of the round "
                            "({endings})."))
    else:
        estimate = (gettext("Estimated result: your team ahead by about {points} at the end of the round "
                            "({endings}, ±{margin} at 95%).") if mean >= 0 else
                    gettext("Estimated result: the other team ahead by about {points} at the end of the round "
                            "({endings}, ±{margin} at 95%)."))
    stated: dict[str, FactValue] = {"value": mean, "stderr": se, "rollouts": n}
    if cut is not None:
        stated["cut"] = cut
    out = [Reason("estimate", estimate.format(points=_points(mean), endings=endings, margin=f"{margin:.0f}"),
                  stated)]
    if dropped:
        # compared, on its own deals, with the move that led it by the most there (the search
        # drops only a move another leads, so there is one)
        trailed = _trailed(i, order, values)
        if trailed is not None:
            gap, gap_se, other_text = versus(trailed)
            common = min(n, len(values[trailed]))
            gap_margin = margin95(gap_se, common)
            tail = "" if math.isinf(gap_margin) else ngettext(
                ", ±{margin} at {confidence} on that deal", ", ±{margin} at {confidence} on those deals",
                common).format(margin=f"{gap_margin:.0f}", confidence="95%")
            text = ngettext("Dropped after {count} deal: on it this move trailed another ({other}) by about "
                            "{points}{tail}, so the coach stopped playing it; its estimate rests on that deal alone.",
                            "Dropped after {count} deals: on them this move trailed another ({other}) by about "
                            "{points}{tail}, so the coach stopped playing it; its estimate rests on those deals alone.",
                            common)
            out.append(Reason("dropped", text.format(count=common, other=other_text, points=_points(-gap), tail=tail),
                              {"gap": gap, "stderr": gap_se, "margin": gap_margin, "other": other_text,
                               "deals": common}))
    elif len(order) > 1:
        other = order[1] if rank_pos == 0 else best_i
        gap, gap_se, other_text = versus(other)
        common = min(n, len(values[other]))
        gap_margin = margin95(gap_se, common)
        tail = "" if math.isinf(gap_margin) else ngettext(
            ", ±{margin} at {confidence} on {count} shared deal", ", ±{margin} at {confidence} on {count} shared deals",
            common).format(margin=f"{gap_margin:.0f}", confidence="95%", count=common)
        facts: dict[str, FactValue] = {"gap": gap, "stderr": gap_se, "margin": gap_margin, "other": other_text,
                                       "deals": common}
        if not clearly_better(abs(gap), gap_se, common, equal_margins(len(order))):
            text = _about_equal_words(rank_pos == 0, cut is not None, common)
            out.append(Reason("about_equal", text.format(other=other_text, points=_points(abs(gap)), count=common),
                              facts))
        elif rank_pos == 0:
            text = gettext("Best by about {points} over the next choice ({other}{tail}).")
            out.append(Reason("best_by", text.format(points=_points(gap), other=other_text, tail=tail), facts))
        else:
            text = gettext("About {points} worse than the leading move ({other}{tail}).")
            out.append(Reason("worse_by", text.format(points=_points(gap), other=other_text, tail=tail), facts))
    action = options[i][0]
    if _goes_out(reasons[i], action):
        waiting = [j for j in order if not _goes_out(reasons[j], options[j][0])]
        if waiting:
            gap, gap_se, other_text = versus(waiting[0])
            shared = min(n, len(values[waiting[0]]))
            if not clearly_better(abs(gap), gap_se, shared, equal_margins(len(order))):
                text = (gettext("Asking to go out and waiting are about equal here (the best move that does not: "
                                "{other}).") if isinstance(action, Ask) else
                        gettext("Going out now and waiting are about equal here (the best move that does not: "
                                "{other})."))
            elif isinstance(action, Ask):
                text = (gettext("Asking to go out wins about {points} more than waiting (the best move that does "
                                "not: {other}).") if gap >= 0 else
                        gettext("Asking to go out wins about {points} less than waiting (the best move that does "
                                "not: {other})."))
            else:
                text = (gettext("Going out now wins about {points} more than waiting (the best move that does "
                                "not: {other}).") if gap >= 0 else
                        gettext("Going out now wins about {points} less than waiting (the best move that does "
                                "not: {other})."))
            out.append(Reason("going_out", text.format(points=_points(gap), other=other_text),
                              {"gap": gap, "stderr": gap_se, "other": other_text}))
    return out


@dataclass(frozen=True)
class Judgement:
    """The coach's opinion of one move: its estimate, the coach's best, and the estimated loss
    (best minus played, on the same deals; 0 when the move is the best)."""

    played: Candidate
    best: Candidate
    loss: float
    stderr: float
    advice: Advice

    @property
    def is_best(self) -> bool:
        """True when the move played is (or stands for) the coach's best."""
        return self.played is self.best

    def __str__(self) -> str:
        if self.is_best:
            return f"Coach's opinion: {self.played.text} is the coach's choice too."
        margin = "" if math.isinf(self.stderr) else f", ±{1.96 * self.stderr:.0f} at 95%"
        return (f"Coach's opinion: {self.played.text} gives up about {_points(self.loss)} against "
                f"{self.best.text}{margin}.")


def judge(
    round: Round,
    action: Action | str,
    *,
    time_budget: float = DEFAULT_TIME_BUDGET,
    rollouts: int | None = None,
    seed: int | None = None,
) -> Judgement:
    """The coach's opinion of ``action`` (legal now for the seat that acts) against its best
    candidate: the engine part of a game review. An illegal action raises
    `IllegalActionError`; the round is not changed.

    >>> from canasta_learn.engine.round import Round
    >>> rnd = Round(seed=11)
    >>> opinion = judge(rnd, "E draw", rollouts=4, seed=2)
    >>> opinion.loss >= 0 or not opinion.is_best
    True
    """
    if not isinstance(round, Round):
        raise TypeError(f"round must be a Round, not {type(round).__name__}.")
    if isinstance(action, str):
        action = parse_action(action, round.player_count)
    round.verify_apply(action)
    # the review's first look and its checks (`review`) were tuned on play-outs drawing from each
    # deal's stock order: with shared draws a review of frozen_pile_fight took twice the CPU (15-17
    # s, not 7-8; 43 progress calls, not 37) for no more marks
    advice = advise(round, time_budget=time_budget, rollouts=rollouts, seed=seed, include=(action,),
                    shared_draws=False)
    played = advice.find(action)
    assert played is not None  # included above
    best = advice.best
    if played is best:
        return Judgement(played, best, 0.0, 0.0, advice)
    _gap, se = advice.gap(best, played)
    return Judgement(played, best, best.value - played.value, se, advice)


# ---------------------------------------------------------------------- the bot
class CoachBot:
    """Plays the coach's best action (`advise`), with a time or rollout budget per decision.

    ``rollouts`` fixes the deals per decision (reproducible with a seed); otherwise each
    decision spends ``time_budget`` CPU seconds. Forced moves (one legal action) are played at once.

    ``keep_greedy_within``: with a small budget the estimates are noisy, so the bot keeps
    GreedyBot's own choice unless the coach's best beats it by more than this many standard
    errors of their paired difference (0 always plays the coach's best).

    ``objective``: "margin" plays the candidate with the best expected score difference (the
    coach's best); "wins" the one that wins the round on the most simulated deals (a loss
    counts -1, a tie 0; ties broken by the expected difference).

    ``phases``: the decisions the coach is asked about ("draw": draw or take the pile,
    "play": every meld and discard, "ask": meld and discard decisions where asking "may I go
    out?" is legal, "discard": which card to discard, when GreedyBot would discard (only the
    discards are simulated, so the melds stay GreedyBot's), "answer": answering "may I go
    out?"); GreedyBot's choice is played in the others (a budget spent where it counts).
    Measured (benchmarks/bench_coach.py, 24 deals, objective "wins"): adding "discard" to
    draw/ask/answer won 65% of the rounds of seeds 1-50 (twice, seats swapped) against 56%
    without, but only 53.4% (95% CI 50.0-56.9%) over the fresh seeds 1001-1400: on fresh deals
    its departures from GreedyBot's discard gain about nothing (the best of several discards
    on 24 deals is mostly the luckiest). With 16 deals, the same phases and objective, on the
    fresh seeds 7001-7400: 53.6% of 800 rounds (95% CI 50.1-57.0%), margin +70 a round (95% CI
    +30 to +110).

    ``searches`` and ``search_seconds`` count the decisions searched and the time they took.
    """

    name = "coach"

    def __init__(self, seed: int | None = None, *, time_budget: float = DEFAULT_TIME_BUDGET,
                 rollouts: int | None = None, keep_greedy_within: float = 0.0,
                 phases: Sequence[str] = ("draw", "play", "answer"), objective: str = "margin") -> None:
        if rollouts is not None and (not isinstance(rollouts, int) or isinstance(rollouts, bool) or rollouts < 1):
            raise ValueError(f"rollouts must be a whole number of at least 1 (or None), not {rollouts!r}.")
        if isinstance(time_budget, bool) or not isinstance(time_budget, int | float) or not time_budget > 0:
            raise ValueError(f"time_budget must be a positive number of seconds, not {time_budget!r}.")
        if (isinstance(keep_greedy_within, bool) or not isinstance(keep_greedy_within, int | float)
                or not keep_greedy_within >= 0):
            raise ValueError(f"keep_greedy_within must be a number >= 0, not {keep_greedy_within!r}.")
        if isinstance(phases, str) or not set(phases) <= {"draw", "play", "ask", "discard", "answer"}:
            raise ValueError(f"phases must name some of 'draw', 'play', 'ask', 'discard', 'answer', "
                             f"not {phases!r}.")
        self.seed = seed
        self.time_budget = time_budget
        self.rollouts = rollouts
        self.keep_greedy_within = keep_greedy_within
        if objective not in ("margin", "wins"):
            raise ValueError(f"objective must be 'margin' or 'wins', not {objective!r}.")
        self.phases = frozenset(phases)
        self.objective = objective
        self._greedy = GreedyBot(seed=seed)
        #: Decisions this bot searched (asked the coach about) and the seconds they took.
        self.searches = 0
        self.search_seconds = 0.0

    def __repr__(self) -> str:
        return (f"CoachBot(seed={self.seed!r}, time_budget={self.time_budget!r}, rollouts={self.rollouts!r}, "
                f"keep_greedy_within={self.keep_greedy_within!r}, phases={tuple(sorted(self.phases))!r}, "
                f"objective={self.objective!r})")

    def choose(self, rnd: Round) -> Action:
        """The coach's best action among ``rnd.legal_actions()``."""
        legal = rnd.legal_actions()
        if len(legal) == 1:
            return legal[0]
        greedy: Action | None = None
        only: Callable[[Action], bool] | None = None
        asked = rnd.phase in self.phases or (
            rnd.phase == "play" and "ask" in self.phases and any(isinstance(a, Ask) for a in legal))
        if not asked and rnd.phase == "play" and "discard" in self.phases and rnd.permission != "yes":
            greedy = self._greedy.choose(rnd)
            if isinstance(greedy, Discard) and sum(1 for a in legal if isinstance(a, Discard)) > 1:
                asked, only = True, _is_discard
        if not asked:
            return greedy if greedy is not None else self._greedy.choose(rnd)
        seed = None if self.seed is None else self.seed * 1_000_003 + len(rnd.log)
        advice = _search(rnd, acting_seat(rnd), self.time_budget, self.rollouts, seed, only=only)
        self.searches += 1
        self.search_seconds += advice.seconds
        if self.objective == "wins":
            def score(candidate: Candidate) -> tuple[int, ...]:
                return tuple((v > 0) - (v < 0) for v in candidate.outcomes)
            # of the moves played on every deal, as `Advice.best` (a dropped move's few deals may
            # have gone well for every move)
            kept = advice.candidates[:len(advice.candidates) - len(advice.dropped)]  # the dropped come last
            best = max(kept, key=lambda c: (sum(score(c)) / max(1, len(c.outcomes)), c.value))
        else:
            def score(candidate: Candidate) -> tuple[int, ...]:
                return candidate.outcomes
            best = advice.best
        if self.keep_greedy_within > 0:
            if greedy is None:
                greedy = self._greedy.choose(rnd)
            mine = advice.find(greedy)
            if mine is not None and mine is not best:
                gap, se = _paired_gap(score(best), score(mine))
                if not gap > self.keep_greedy_within * se:
                    return greedy
        return best.action
