"""Computer players: a uniform `RandomBot` and a heuristic `GreedyBot`, and helpers that let
them play whole rounds and games (``play_round`` / ``play_game`` return game records).

Bots choose **only** among ``rnd.legal_actions()``: the engine is the one source of truth
about legality, so a bot can be naive about the rules and still never cheat. `GreedyBot`
reads only public information (the table, the pile, hand sizes, the cards each player was
seen to pick up with the pile) and its own hand.

>>> from canasta_learn.engine.round import Round
>>> rnd = Round(seed=3)
>>> bot = GreedyBot(seed=1)
>>> action = bot.choose(rnd)
>>> action in rnd.legal_actions()
True
>>> live = play_round_live(("greedy", "random", "greedy", "random"), seed=3)
>>> live.is_over
True
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..core.actions import Action, Answer, Ask, Decline, Discard, Draw, Meld, MeldGroup, TakePile
from ..core.cards import Card
from ..core.events import Event
from ..engine.game import Game
from ..engine.moves import discard_candidates, meld_candidates
from ..engine.round import Round
from ..profiles import ProfileLike, get_profile
from ..rules.going_out import may_ask
from ..rules.melds import cards_value
from ..rules.pile import take_status
from ..rules.planning import OpeningOption, enumerate_openings, group_by_rank
from ..variants.base import ClassicRules, rules_for

if TYPE_CHECKING:  # pragma: no cover
    from ..records.record import GameRecord

__all__ = [
    "BOT_NAMES",
    "MAX_ROUND_ACTIONS",
    "Bot",
    "BotLike",
    "GreedyBot",
    "GreedyWeights",
    "NoLegalActionError",
    "RandomBot",
    "RoundTooLongError",
    "UnfinishedGameWarning",
    "acting_seat",
    "default_names",
    "make_bot",
    "make_bots",
    "play_game",
    "play_game_live",
    "play_round",
    "play_round_live",
    "run_round",
]

#: A round longer than this many actions is treated as a bug (bots or engine looping).
MAX_ROUND_ACTIONS = 5000


class NoLegalActionError(RuntimeError):
    """The engine offered no legal action in a round that is not over (an engine bug)."""


class RoundTooLongError(RuntimeError):
    """A round went on for more than `MAX_ROUND_ACTIONS` actions."""


class UnfinishedGameWarning(RuntimeWarning):
    """`play_game` stopped at ``max_rounds`` before a team reached the target."""


@runtime_checkable
class Bot(Protocol):
    """A computer player: picks one of ``rnd.legal_actions()`` for the seat that must act."""

    #: Short name ("greedy", "random") used in default player names.
    name: str

    def choose(self, rnd: Round) -> Action:
        """The action to play now (one of ``rnd.legal_actions()``)."""
        ...


#: A bot instance or the name of a bot kind ("greedy", "random").
BotLike = Bot | str


def acting_seat(rnd: Round) -> int:
    """The seat that must act now: the player to move, or in phase "answer" the partner who
    answers "may I go out?"."""
    if rnd.phase == "answer" and rnd.asker is not None:
        return rnd.partner_of(rnd.asker)
    return rnd.to_move


def _legal(rnd: Round) -> list[Action]:
    legal = rnd.legal_actions()
    if not legal:
        raise NoLegalActionError(
            f"The engine offers no legal action but the round is not over: {rnd!r} "
            f"(phase {rnd.phase}, seat {rnd.seat_name(acting_seat(rnd))}, "
            f"hand {' '.join(map(str, rnd.hands[acting_seat(rnd)]))}, "
            f"pile top {rnd.top_card}, permission {rnd.permission})."
        )
    return legal


class RandomBot:
    """Plays uniformly at random among the legal actions (seeded, so reproducible)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, rnd: Round) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(_legal(rnd))

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"



class _Memory:
    """What each seat was publicly seen to hold: ranks picked up with the pile, minus the
    cards the seat has since melded or discarded. Updated incrementally per round."""

    def __init__(self, rnd: Round) -> None:
        self.round = rnd
        self.events_seen = 0
        self.log_seen = 0
        self.known: list[dict[int, int]] = [{} for _ in range(rnd.player_count)]
        self.discarded: list[list[int]] = [[] for _ in range(rnd.player_count)]

    @staticmethod
    def _forget(known: dict[int, int], rank: int) -> None:
        count = known.get(rank, 0)
        if count > 1:
            known[rank] = count - 1
        elif count == 1:
            del known[rank]

    def update(self) -> None:
        """Read the events and actions added since the last update, in the order they happened
        (an event after the action that made it), so what is known does not depend on how often
        this is called: a rank discarded and later picked up with the pile is known."""
        rnd = self.round
        events = rnd.events
        log = rnd.log
        known = self.known
        seen = self.events_seen
        count = len(events)
        for index in range(self.log_seen, len(log)):
            action = log[index]
            if isinstance(action, Discard):
                while seen < count and events[seen].action_index < index:  # what happened before it
                    self._read(events[seen])
                    seen += 1
                self._forget(known[action.seat], action.card.rank)
                self.discarded[action.seat].append(action.card.rank)
        for index in range(seen, count):
            self._read(events[index])
        self.events_seen = count
        self.log_seen = len(log)

    def _read(self, event: Event) -> None:
        """Take in one event: a pile picked up (its ranks are known to be held) or cards melded."""
        seat = event.seat
        if seat is None:
            return
        kind = event.kind
        if kind == "pile_taken":
            known = self.known[seat]
            for card in event.cards:
                if not card.is_red_three:
                    known[card.rank] = known.get(card.rank, 0) + 1
        elif kind == "meld_new" or kind == "meld_added":
            known = self.known[seat]
            for card in event.cards:
                self._forget(known, card.rank)


@dataclass(frozen=True, slots=True)
class GreedyWeights:
    """The numbers behind `GreedyBot`'s judgement, named, so a teacher or a benchmark can change
    one and watch the bot play differently (``GreedyBot(weights=GreedyWeights(take_at=3.0))``).

    The defaults are GreedyBot's own. ``benchmarks/bench_greedy_weights.py`` plays each one
    halved, doubled and set to zero against the defaults (seats swapped): on classic seeds
    1-1000 no single change won more than 51.7% of the 2,000 rounds, and many lost badly, so
    the defaults sit at a local optimum of rounds won.

    >>> GreedyWeights().take_at
    1.5
    >>> GreedyBot(weights=GreedyWeights(take_at=3.0)).weights.take_at
    3.0
    """

    # --- drawing: take the pile when its score (in "useful cards") reaches take_at
    #: Take the pile (rather than draw) when taking it scores at least this much.
    take_at: float = 1.5
    #: The pile's top card, which goes down at once.
    take_top: float = 1.0
    #: Each red three in the pile.
    take_red_three: float = 3.0
    #: Each wild card in the pile.
    take_wild: float = 4.0
    #: Each black three in the pile while the stock lasts.
    take_black_three: float = -0.3
    #: Each pile card of a rank the team has melded or the hand holds.
    take_match: float = 1.5
    #: Each other pile card while the stock lasts.
    take_other: float = 0.6
    #: Cost of a joker from hand laid with the top card.
    take_joker_cost: float = 4.0
    #: Cost of a deuce from hand laid with the top card.
    take_deuce_cost: float = 3.0
    #: Cost of each card of an extra meld laid to open with the pile.
    take_extra_card_cost: float = 0.2
    #: Further cost of each wild card in such an extra meld.
    take_extra_wild_cost: float = 2.5
    # --- going out and answering "may I go out?"
    #: Points each card left in a hand is taken to cost, judging whether to go out.
    out_hand_card: float = 10
    #: Go out (and answer yes) whatever the score once the stock holds fewer cards than this.
    out_stock_below: float = 12
    #: Answer yes when the hand holds fewer points than this ...
    answer_yes_below: float = 100
    #: ... or when the team leads on the table by this many times the hand's points.
    answer_lead_factor: float = 2
    # --- melding (a meld is played when it scores more than meld_above)
    #: A meld is played only when it scores more than this.
    meld_above: float = 0.0
    #: Each natural card laid.
    meld_natural: float = 1.5
    #: A new meld of natural cards only.
    meld_new_natural: float = 2.0
    #: Completing a natural canasta.
    canasta_natural: float = 8.0
    #: Completing a mixed canasta, the team's first canasta.
    canasta_mixed_first: float = 6.0
    #: Completing a mixed canasta when the team has one already.
    canasta_mixed_more: float = 3.0
    #: Cost of a wild card that spoils a natural canasta.
    spoil_natural: float = 12.0
    #: Cost of each wild card on a meld of 5 or 6 cards that is still short of a canasta.
    wild_near_canasta: float = 2.5
    #: Cost of each wild card on a shorter meld.
    wild_far_from_canasta: float = 4.0
    #: Cost of each wild card completing the first canasta from 4+ natural cards.
    wild_completing_first: float = 0.5
    #: Cost of each other wild card laid.
    wild_other: float = 1.0
    #: Bonus of a meld that leaves one card or none (when going out is wanted).
    meld_going_out: float = 5.0
    # --- discarding: the card kept least and feeding the next opponent least goes
    #: Keeping a wild card (plus a tenth of its points).
    keep_wild: float = 30.0
    #: Keeping a black three.
    keep_black_three: float = -5.0
    #: Keeping a card of a rank the team has melded.
    keep_melded: float = 0.5
    #: Keeping one of three or more cards of a rank.
    keep_three: float = 6.0
    #: Keeping one of a pair.
    keep_pair: float = 4.0
    #: Keeping a single card.
    keep_single: float = 1.0
    #: Before the team opens, a card's points divided by this are added to keeping it.
    keep_points_closed: float = 20
    #: Once the team has opened, a card's points divided by this are taken from keeping it.
    keep_points_opened: float = 50
    #: Chance the next opponent takes a frozen pile topped by a rank they hold two of.
    chance_frozen_known_pair: float = 0.9
    #: ... a rank they are known to hold one of.
    chance_frozen_known_one: float = 0.35
    #: ... a rank they are not known to hold.
    chance_frozen: float = 0.12
    #: Chance they take an open pile topped by a rank they have melded.
    chance_their_meld: float = 0.95
    #: ... a rank they are known to hold.
    chance_known: float = 0.8
    #: ... another rank.
    chance_unknown: float = 0.3
    #: The chance is multiplied by this for a rank they discarded in their last three discards.
    chance_recent_discard: float = 0.5
    #: How much feeding the pile weighs: the chance times the pile's size times this.
    danger: float = 1.0


#: GreedyBot's own weights.
GREEDY_WEIGHTS = GreedyWeights()


class GreedyBot:
    """A sensible heuristic player, one cheap score per legal action (no search).

    - opens as soon as it can, with the cheapest qualifying opening (fewest wild cards);
    - takes the pile when it pays (size and content against the wild cards it costs);
    - melds naturals, adds to its melds, completes canastas (natural ones preferred), keeps
      wild cards for melds close to a canasta, keeps pairs in hand to take the pile;
    - discards black threes first, then singletons the next opponent is unlikely to use
      (judged from the opponents' melds and the cards they were seen to pick up);
    - asks "may I go out?" when going out helps its team, and answers its partner's question
      "yes" unless it holds many points while its team is not ahead.

    Deterministic for a given seed (the seed only breaks near-ties). ``weights``: the numbers
    behind these judgements (`GreedyWeights`; default GreedyBot's own).

    In the play phase of a sets game, before its team opens and after its partner's "yes", it
    asks the engine only for the moves its choice can depend on (`meld_candidates` with
    ``only``: the melds its opening plans name; the melds judged best first, the first legal one
    played), not for every legal move: the same choice, and the same draws of its seeded
    tie-breaker, for less work (coach play-outs spend most of their time choosing; measured in
    benchmarks/bench_rollouts.py). Elsewhere it scores every legal move, so it reads them all.
    ``every_move=True`` always chooses from the whole ``rnd.legal_actions()`` list: the
    reference that tests/play/test_greedy_moves.py plays seeded rounds against, action for action.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, weights: GreedyWeights | None = None,
                 every_move: bool = False) -> None:
        if weights is not None and not isinstance(weights, GreedyWeights):
            raise TypeError(f"weights must be a GreedyWeights, not {type(weights).__name__}.")
        self.seed = seed
        #: Choose from every legal action (``rnd.legal_actions()``) rather than the few the
        #: choice depends on: slower, the same choices.
        self.every_move = every_move
        self.rng = random.Random(seed)
        self.weights = GREEDY_WEIGHTS if weights is None else weights
        self._memory: _Memory | None = None

    def __repr__(self) -> str:
        if self.weights == GREEDY_WEIGHTS:
            return f"GreedyBot(seed={self.seed!r})"
        return f"GreedyBot(seed={self.seed!r}, weights={self.weights!r})"

    # ------------------------------------------------------------------ entry point
    def choose(self, rnd: Round) -> Action:
        """The heuristic's pick among the legal actions."""
        if rnd.phase == "play" and not self.every_move:
            choice = self._play_phase_lazy(rnd)
            if choice is not None:
                return choice
        legal = _legal(rnd)
        if len(legal) == 1:
            return legal[0]
        if rnd.phase == "answer":
            return self._answer(rnd, legal)
        if rnd.phase == "draw":
            return self._draw_phase(rnd, legal)
        return self._play_phase(rnd, legal)

    def _jitter(self) -> float:
        return self.rng.random() * 1e-3

    def _remember(self, rnd: Round) -> _Memory:
        memory = self._memory
        if memory is None or memory.round is not rnd or memory.log_seen > len(rnd.log):
            memory = self._memory = _Memory(rnd)
        memory.update()
        return memory

    # ------------------------------------------------------------------ public estimates
    @staticmethod
    def table_value(rnd: Round, team: int) -> int:
        """A team's points on the table: melded cards, canasta bonuses, red threes."""
        prof = rnd.profile
        total = 0
        for rank, meld in rnd.melds[team].items():
            total += cards_value(meld, prof)
            if len(meld) >= prof.canasta_size and rank != 3:  # black threes: never a canasta
                natural = not any(c.is_wild for c in meld)
                total += prof.natural_canasta_bonus if natural else prof.mixed_canasta_bonus
        threes = sum(len(rnd.red_threes[s]) for s in range(rnd.player_count)
                     if rnd.team_of(s) == team)
        if threes:
            bonus = prof.red_three_bonuses[min(threes, len(prof.red_three_bonuses) - 1)]
            total += bonus if rnd.melds[team] else -bonus
        return total

    def _wants_out(self, rnd: Round, seat: int) -> bool:
        """Going out ends the round now: good when the team is not behind on the table
        (counting the cards still in hands), or when the stock is nearly gone."""
        w = self.weights
        team = rnd.team_of(seat)
        seats = range(rnd.player_count)
        ours: float = self.table_value(rnd, team) + rnd.profile.going_out_bonus
        ours -= w.out_hand_card * sum(len(rnd.hands[s]) for s in seats if rnd.team_of(s) == team and s != seat)
        theirs: float = sum(self.table_value(rnd, t) for t in range(rnd.profile.team_count) if t != team)
        theirs -= w.out_hand_card * sum(len(rnd.hands[s]) for s in seats if rnd.team_of(s) != team)
        return ours >= theirs or len(rnd.stock) < w.out_stock_below

    # ------------------------------------------------------------------ answering
    def _answer(self, rnd: Round, legal: list[Action]) -> Action:
        seat = acting_seat(rnd)
        team = rnd.team_of(seat)
        my_points = cards_value(rnd.hands[seat], rnd.profile)
        lead = self.table_value(rnd, team) - max(
            self.table_value(rnd, t) for t in range(rnd.profile.team_count) if t != team)
        w = self.weights
        yes = (my_points < w.answer_yes_below or lead >= w.answer_lead_factor * my_points
               or len(rnd.stock) < w.out_stock_below)
        for action in legal:
            if isinstance(action, Answer) and action.yes == yes:
                return action
        return legal[0]

    # ------------------------------------------------------------------ draw phase
    def _draw_phase(self, rnd: Round, legal: list[Action]) -> Action:
        seat = rnd.to_move
        takes = [a for a in legal if isinstance(a, TakePile)]
        draw = next((a for a in legal if isinstance(a, Draw)), None)
        decline = next((a for a in legal if isinstance(a, Decline)), None)
        ask = next((a for a in legal if isinstance(a, Ask)), None)
        best: TakePile | None = None
        best_score = float("-inf")
        if takes:
            hand_ranks = Counter(c.rank for c in rnd.hands[seat])
            for take in takes:
                score = self._take_score(rnd, take, hand_ranks, end_of_stock=draw is None)
                score += self._jitter()
                if score > best_score:
                    best, best_score = take, score
        if draw is not None:
            if best is not None and best_score >= self.weights.take_at:
                return best
            if ask is not None and self._wants_out(rnd, seat):
                return ask
            return draw
        # the stock is empty: take the pile only if it melds well (or if we must)
        if best is not None and (decline is None or best_score >= 0):
            return best
        if decline is not None:
            return decline
        return best if best is not None else legal[0]

    def _take_score(self, rnd: Round, take: TakePile, hand_ranks: Counter[int],
                    end_of_stock: bool) -> float:
        """What taking the pile this way is worth, in rough "useful cards" units."""
        w = self.weights
        team = rnd.team_of(take.seat)
        melds = rnd.melds[team]
        gain = w.take_top  # the top card goes down at once
        for card in rnd.pile[:-1]:
            if card.is_red_three:
                gain += w.take_red_three
            elif card.is_wild:
                gain += w.take_wild
            elif card.is_black_three:
                gain += -1.0 if end_of_stock else w.take_black_three
            elif card.rank in melds or hand_ranks[card.rank] >= 1:
                gain += w.take_match
            else:
                gain += -1.0 if end_of_stock else w.take_other
        cost = 0.0
        for card in take.cards:
            if card.rank == 0:
                cost += w.take_joker_cost
            elif card.rank == 2:
                cost += w.take_deuce_cost
        for group in take.extra_melds:
            cost += w.take_extra_card_cost * len(group.cards)
            cost += sum(w.take_extra_wild_cost for c in group.cards if c.is_wild)
        return gain - cost

    # ------------------------------------------------------------------ play phase
    def _play_phase(self, rnd: Round, legal: list[Action]) -> Action:
        seat = rnd.to_move
        team = rnd.team_of(seat)
        melds = [a for a in legal if isinstance(a, Meld)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if rnd.permission == "yes":
            # the engine offers only moves that keep going out possible: meld the most cards
            if melds:
                return max(melds, key=lambda m: _going_out_worth(m.cards))
            return discards[0] if discards else legal[0]
        ask = next((a for a in legal if isinstance(a, Ask)), None)
        if ask is not None and self._wants_out(rnd, seat):
            return ask
        if melds:
            if not rnd.opened[team]:
                choice = self._opening_meld(rnd, melds)
                if choice is not None:
                    return choice
            else:
                choice = self._best_meld(rnd, melds)
                if choice is not None:
                    return choice
        if discards:
            return self._discard_choice(rnd, discards)
        return melds[0] if melds else legal[0]

    def _play_phase_lazy(self, rnd: Round) -> Action | None:
        """`_play_phase`'s choice, asking the engine only for the moves it depends on; None
        where that saves nothing or the full list is needed (then `choose` uses it).

        Each step mirrors `_play_phase` on the full list. With permission to go out no
        tie-breaker is drawn: the best legal meld, else the first legal discard (the one action
        when only one is legal). Before the team opens, the discards come first, so the full
        list has two actions or more (``choose``'s one-action shortcut draws no tie-breaker), and
        the melds are those of `meld_candidates` that an opening plan names, in the engine's
        order."""
        seat = rnd.to_move
        team = rnd.team_of(seat)
        permission = rnd.permission
        if rnd.opened[team] and permission != "yes":
            # every legal meld is scored (each draws a tie-breaker): the full list is needed, and
            # taking it from `legal_actions` lets `Round.apply` skip checking the choice again
            return None
        rules = rules_for(rnd.profile)
        if rules.suits_matter:
            return None
        by_rank = group_by_rank(rnd.hands[seat])
        if permission == "yes":
            meld = self._going_out_meld(rnd, seat, by_rank, rules)
            if meld is not None:
                return meld
            discards = discard_candidates(rnd, seat, rules)
            return discards[0] if discards else None  # None: no legal action, `choose` says so
        discards = discard_candidates(rnd, seat, rules)
        if len(discards) < 2:
            return None
        if rnd.permission is None and may_ask(rnd, seat, by_rank) and self._wants_out(rnd, seat):
            return Ask(seat)
        if not rnd.opened[team]:
            options = self._opening_options(rnd)
            plans = {_plan_key(planned) for option in options for planned in option.melds}

            def planned(group: MeldGroup) -> bool:
                return _group_key(group.cards) in plans

            melds = meld_candidates(rnd, seat, by_rank=by_rank, rules=rules, only=planned) if plans else []
            # every meld kept matches a plan, so `_opening_meld` picks one of them when any is legal
            choice = self._opening_meld(rnd, melds, options) if melds else None
            if choice is None and rnd.turn_value > 0:  # the fallback reads every legal meld
                melds = meld_candidates(rnd, seat, by_rank=by_rank, rules=rules)
                if melds:
                    choice = self._opening_meld(rnd, melds, options)
            if choice is not None:
                return choice
        return self._discard_choice(rnd, discards)

    @staticmethod
    def _going_out_meld(rnd: Round, seat: int, by_rank: dict[int, list[Card]],
                        rules: ClassicRules) -> Meld | None:
        """With permission to go out, the legal meld `_play_phase` picks (most cards, fewest
        wild cards, the engine's first of equals): the candidates are judged best first, a
        worth at a time, so most are never judged (each judgement asks whether the hand can
        still go out)."""
        worths: set[float] = set()

        def collect(group: MeldGroup) -> bool:  # lists the candidates' worths, judges none
            worths.add(_going_out_worth(group.cards))
            return False

        meld_candidates(rnd, seat, by_rank=by_rank, rules=rules, only=collect)
        for worth in sorted(worths, reverse=True):
            found = meld_candidates(rnd, seat, by_rank=by_rank, rules=rules, only=_worth_is(worth))
            if found:
                return found[0]
        return None

    @staticmethod
    def _opening_options(rnd: Round) -> list[OpeningOption]:
        """The openings the hand allows for the rest of the minimum, cheapest first."""
        seat = rnd.to_move
        team = rnd.team_of(seat)
        needed = rnd.opening_minimum(team) - rnd.turn_value
        return enumerate_openings(rnd.hands[seat], needed, rnd.profile, max_results=30)

    def _opening_meld(self, rnd: Round, melds: list[Meld],
                      options: list[OpeningOption] | None = None) -> Meld | None:
        """The next meld of the cheapest opening the hand allows (fewest wild cards)."""
        if options is None:
            options = self._opening_options(rnd)
        for option in options:
            for planned in option.melds:
                rank = next(c.rank for c in planned if not c.is_wild)
                jokers = sum(1 for c in planned if c.rank == 0)
                twos = sum(1 for c in planned if c.rank == 2)
                for meld in melds:
                    if len(meld.groups) != 1:
                        continue
                    cards = meld.groups[0].cards
                    naturals = [c for c in cards if not c.is_wild]
                    if (naturals and naturals[0].rank == rank
                            and sum(1 for c in cards if c.rank == 0) == jokers
                            and sum(1 for c in cards if c.rank == 2) == twos):
                        return meld
        # no plan matched the engine's grain: the legal meld with the fewest wild cards
        if rnd.turn_value > 0:  # an opening is under way: it must be completed
            return min(melds, key=lambda m: (_wild_count(m), -len(m.cards)))
        return None

    def _best_meld(self, rnd: Round, melds: list[Meld]) -> Meld | None:
        """The best-scoring meld once the team has opened, if one is worth playing."""
        seat = rnd.to_move
        prof = rnd.profile
        size = prof.canasta_size
        table: dict[int, tuple[int, bool]] = {}
        has_canasta = False
        for rank, cards in rnd.melds[rnd.team_of(seat)].items():
            table[rank] = (len(cards), not any(c.is_wild for c in cards))
            has_canasta = has_canasta or len(cards) >= size
        hand_size = len(rnd.hands[seat])
        wants_out: bool | None = None
        best: Meld | None = None
        best_score = self.weights.meld_above
        for meld in melds:
            hand_after = hand_size - len(meld.cards)
            if hand_after <= 1:
                if wants_out is None:
                    wants_out = self._wants_out(rnd, seat)
                if not wants_out:
                    continue
            score = self._meld_score(meld, table, has_canasta, size) + self._jitter()
            if hand_after <= 1:
                score += self.weights.meld_going_out
            if score > best_score:
                best, best_score = meld, score
        return best

    def _meld_score(self, meld: Meld, table: dict[int, tuple[int, bool]], has_canasta: bool,
                    size: int) -> float:
        """Heuristic worth of a meld once the team has opened (> ``meld_above``: worth playing).

        ``table`` maps the team's meld ranks to (cards, all natural)."""
        w = self.weights
        score = 0.0
        for group in meld.groups:
            naturals = [c for c in group.cards if c.rank != 0 and c.rank != 2]
            wilds = len(group.cards) - len(naturals)
            if group.target is not None:
                rank = group.target
            elif naturals:
                rank = naturals[0].rank
            else:  # a deuce meld (Italian) or a wild-card meld (Pennies)
                rank = 2 if any(c.rank == 2 for c in group.cards) else 0
            existing = table.get(rank)
            before, was_natural = existing if existing is not None else (0, False)
            after = before + len(group.cards)
            score += w.meld_natural * len(naturals)
            if existing is None and not wilds:
                score += w.meld_new_natural
            if after >= size > before:
                natural = not wilds and (existing is None or was_natural)
                score += w.canasta_natural if natural else (
                    w.canasta_mixed_first if not has_canasta else w.canasta_mixed_more)
            if wilds:
                if existing is not None and before >= size and was_natural:
                    score -= w.spoil_natural  # would spoil a natural canasta
                elif after < size:
                    score -= w.wild_near_canasta * wilds if after >= 5 else w.wild_far_from_canasta * wilds
                elif was_natural and before >= 4 and not has_canasta:
                    score -= w.wild_completing_first * wilds
                else:
                    score -= w.wild_other * wilds
        return score

    def _discard_choice(self, rnd: Round, discards: list[Discard]) -> Discard:
        seat = rnd.to_move
        team = rnd.team_of(seat)
        hand = rnd.hands[seat]
        values = rnd.profile.card_values
        ranks = Counter(c.rank for c in hand)
        melds = rnd.melds[team]
        opened = rnd.opened[team]
        memory = self._remember(rnd)
        opponent = rnd.next_seat(seat)
        opp_team = rnd.team_of(opponent)
        opp_melds = rnd.melds[opp_team]
        opp_known = memory.known[opponent]
        opp_recent = set(memory.discarded[opponent][-3:])
        probe = Card(4, "c")
        # the pile's state alone: `take_status` decides it for `pile_status`, with no message made
        frozen = take_status(rnd.pile + [probe], rnd.profile,
                             team_opened=rnd.opened[opp_team]).state == "frozen"
        pile_size = len(rnd.pile) + 1
        w = self.weights
        best = discards[0]
        best_score = float("-inf")
        for action in discards:
            card = action.card
            value = values[card.rank]
            if card.is_wild:
                keep, danger = w.keep_wild + value / 10, 0.0
            elif card.is_black_three:
                keep, danger = w.keep_black_three, 0.0
            else:
                count = ranks[card.rank]
                if card.rank in melds:
                    keep = w.keep_melded
                elif count >= 3:
                    keep = w.keep_three
                elif count == 2:
                    keep = w.keep_pair
                else:
                    keep = w.keep_single
                keep += value / w.keep_points_closed if not opened else -value / w.keep_points_opened
                known = opp_known.get(card.rank, 0)
                if frozen:
                    chance = (w.chance_frozen_known_pair if known >= 2 else
                              (w.chance_frozen_known_one if known == 1 else w.chance_frozen))
                elif card.rank in opp_melds:
                    chance = w.chance_their_meld
                else:
                    chance = w.chance_known if known >= 1 else w.chance_unknown
                if card.rank in opp_recent:
                    chance *= w.chance_recent_discard
                danger = w.danger * chance * pile_size
            score = -keep - danger + self._jitter()
            if score > best_score:
                best, best_score = action, score
        return best


def _wild_count(meld: Meld) -> int:
    return sum(1 for c in meld.cards if c.is_wild)


def _going_out_worth(cards: Sequence[Card]) -> float:
    """How much a meld is worth once the partner said "yes": most cards, then fewest wild cards."""
    return len(cards) - 0.1 * sum(1 for c in cards if c.is_wild)


def _worth_is(worth: float) -> Callable[[MeldGroup], bool]:
    """Whether a meld group's `_going_out_worth` is ``worth``."""
    return lambda group: _going_out_worth(group.cards) == worth


def _plan_key(planned: Sequence[Card]) -> tuple[int, int, int]:
    """A planned opening meld as `GreedyBot._opening_meld` matches it: (rank, jokers, twos)."""
    rank = next(c.rank for c in planned if not c.is_wild)
    return rank, sum(1 for c in planned if c.rank == 0), sum(1 for c in planned if c.rank == 2)


def _group_key(cards: Sequence[Card]) -> tuple[int, int, int] | None:
    """A meld group's cards as `_plan_key` keys a plan (None: no natural card, no plan's)."""
    rank = next((c.rank for c in cards if not c.is_wild), None)
    if rank is None:
        return None
    return rank, sum(1 for c in cards if c.rank == 0), sum(1 for c in cards if c.rank == 2)


def _coach_bot(seed: int | None) -> Bot:
    """The coach as a player: a fixed number of deals per decision, so seeded games replay
    exactly, asked where its estimates beat noise (drawing or taking the pile, asking and
    answering "may I go out?"), GreedyBot's choice kept unless the coach's best beats it by one
    paired standard error. Measured in benchmarks/bench_coach.py (classic, seats swapped): asked
    about every move with no such guard it won 20% of 80 rounds against GreedyBot partners
    (margin -268 a round); so set up, 52.4% of 800 rounds (seeds 2001-2400, 95% CI 48.9-55.8%),
    margin +216 a round (95% CI +171 to +261); with its deals weighed by the discards (stop 22),
    52.8% of the same 800 rounds (95% CI 49.3-56.3%), margin +218 (95% CI +175 to +260)."""
    from .coach import CoachBot  # the coach plays its rollouts with the bots above

    return CoachBot(seed, rollouts=12, phases=("draw", "ask", "answer"), keep_greedy_within=1.0)


def _follower_bot(seed: int | None) -> Bot:
    """A player who follows the Hint on every decision (`followers.HintFollower`): 48 deals of the
    unseen cards a decision, each played 32 actions ahead and then scored by the coach's learned
    estimate where it holds (`position_value.CUT`, the classic game; in other games 24 deals, each
    played to its end). The strongest player here and the slowest: about 0.4 CPU s a decision in
    the classic game, several seconds early in a round of the Brazilian games, whose endings are
    long.
    Measured in benchmarks/bench_hint_followers.py (classic, partners against GreedyBot partners,
    seats swapped): 311 of 364 games to 5000 won (85.4%, 95% CI 81.4-88.7%), where the "coach"
    above won 71.3% of 442."""
    from . import position_value
    from .followers import FOLLOWER_DEALS, STRONG_DEALS, HintFollower  # it asks the coach, which plays these bots

    return HintFollower(seed=seed, deals=STRONG_DEALS, cut=position_value.CUT, uncut_deals=FOLLOWER_DEALS)


#: Bot kinds by name.
BOT_NAMES: dict[str, Callable[[int | None], Bot]] = {"greedy": GreedyBot, "random": RandomBot,
                                                     "coach": _coach_bot, "follower": _follower_bot}


def make_bot(spec: BotLike, seed: int | None = None) -> Bot:
    """A bot from an instance (returned as is) or a name (`BOT_NAMES`: "greedy", "random",
    "coach", "follower"; case ignored) and a seed."""
    if isinstance(spec, str):
        factory = BOT_NAMES.get(spec.strip().lower())
        if factory is None:
            raise ValueError(f"Unknown bot {spec!r}: choose one of {', '.join(BOT_NAMES)}.")
        return factory(seed)
    if not isinstance(spec, Bot):
        raise ValueError(f"{spec!r} is not a bot: give a name ({', '.join(BOT_NAMES)}) or an "
                         "object with a choose(round) method.")
    return spec


def make_bots(players: Sequence[BotLike] | BotLike, player_count: int,
              seed: int | None) -> list[Bot]:
    """One bot per seat. A single entry (or name) serves every seat; names are seeded from
    ``seed`` and the seat, so the same seed gives the same bots."""
    if isinstance(players, str) or isinstance(players, Bot):
        players = [players]
    specs = list(players)
    if len(specs) == 1:
        specs = specs * player_count
    if len(specs) != player_count:
        raise ValueError(f"Give one bot per seat ({player_count}), or one for every seat; "
                         f"got {len(specs)}.")
    return [make_bot(spec, None if seed is None else seed * 1009 + 17 * seat)
            for seat, spec in enumerate(specs)]


def default_names(bots: Sequence[Bot], rnd_or_count: Round | int) -> list[str]:
    """Player names such as ``"greedy N"``, ``"random E"``."""
    count = rnd_or_count if isinstance(rnd_or_count, int) else rnd_or_count.player_count
    from ..core.actions import seat_name

    return [f"{bot.name} {seat_name(seat, count)}" for seat, bot in enumerate(bots)]


def run_round(rnd: Round, bots: Sequence[Bot],
              on_action: Callable[[Round, Action], None] | None = None,
              apply: Callable[[Action], object] | None = None) -> Round:
    """Let the bots play ``rnd`` to its end (``on_action(rnd, action)`` is called before each
    action is applied; ``apply`` performs it, by default ``rnd.apply`` — a `Game` passes its
    own so the finished round is scored). Returns the same round."""
    count = 0
    perform = rnd.apply if apply is None else apply
    while not rnd.is_over:
        action = bots[acting_seat(rnd)].choose(rnd)
        if on_action is not None:
            on_action(rnd, action)
        perform(action)
        count += 1
        if count > MAX_ROUND_ACTIONS:
            raise RoundTooLongError(f"The round went on for more than {MAX_ROUND_ACTIONS} "
                                    f"actions: {rnd!r}.")
    return rnd


def play_round_live(
    players: Sequence[BotLike] | BotLike = ("greedy",) * 4,
    profile: ProfileLike = "classic",
    seed: int | None = None,
    deck: Sequence[Card | str] | str | None = None,
    dealer: int = 0,
    team_scores: Sequence[int] | None = None,
) -> Round:
    """Deal a round and let the bots play it; return the finished `Round`.

    ``players``: one bot (instance or name "greedy"/"random") per seat, or one for all
    seats; named bots are seeded from ``seed`` and the seat. ``deck``, ``dealer`` and
    ``team_scores`` are passed to `Round`. `play_round` is this function's thin form that
    returns the round's game record instead.
    """
    prof = get_profile(profile)
    return run_round(Round(prof, seed=seed, deck=deck, dealer=dealer, team_scores=team_scores),
                     make_bots(players, prof.player_count, seed))


def play_round(
    players: Sequence[BotLike] | BotLike = ("greedy",) * 4,
    profile: ProfileLike = "classic",
    seed: int | None = None,
    deck: Sequence[Card | str] | str | None = None,
    dealer: int = 0,
    team_scores: Sequence[int] | None = None,
    names: Sequence[str] | None = None,
) -> GameRecord:
    """`play_round_live` with the same arguments, returned as the round's game record.

    The arguments mean what they mean there; ``names`` (the record's players) default to the
    bots' names and seats, as in `default_names`.
    """
    from ..records.record import GameRecord

    rnd = play_round_live(players, profile, seed, deck, dealer, team_scores)
    if not names:
        names = default_names(make_bots(players, rnd.player_count, seed), rnd)
    return GameRecord.from_round(rnd, players=list(names))


def play_game_live(
    players: Sequence[BotLike] | BotLike = ("greedy",) * 4,
    profile: ProfileLike = "classic",
    seed: int | None = None,
    max_rounds: int = 200,
) -> Game:
    """Let the bots play a whole game (to the target score); return the `Game`.

    Stops after ``max_rounds`` rounds (the game's round limit: it is then over and
    ``game.unfinished``) with an `UnfinishedGameWarning` if no team has won.
    """
    game = Game(profile, seed=seed, max_rounds=max_rounds)
    bots = make_bots(players, game.profile.player_count, seed)
    while not game.is_over:
        run_round(game.round, bots, apply=game.apply)
    if game.unfinished:
        warnings.warn(f"The game stopped after {max_rounds} rounds without a winner "
                      f"(totals {game.totals}).", UnfinishedGameWarning, stacklevel=2)
    return game


def play_game(
    players: Sequence[BotLike] | BotLike = ("greedy",) * 4,
    profile: ProfileLike = "classic",
    seed: int | None = None,
    max_rounds: int = 200,
    names: Sequence[str] | None = None,
) -> GameRecord:
    """Let the bots play a whole game and return its game record (see `play_game_live`)."""
    from ..records.record import GameRecord

    game = play_game_live(players, profile, seed, max_rounds)
    if names is None:
        bots = make_bots(players, game.profile.player_count, seed)
        names = default_names(bots, game.profile.player_count)
    return GameRecord.from_game(game, players=list(names))
