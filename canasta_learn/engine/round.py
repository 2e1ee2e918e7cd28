"""One deal of Canasta as an explicit state machine (``RULES.md`` §2–§9).

Every operation is a pokerkit-style triple: ``verify_x()`` raises `IllegalActionError`
(carrying a `Verdict`), ``can_x()`` returns the `Verdict`, ``x()`` performs it, appends the
action to ``round.log`` and returns it. A refused operation changes nothing.

>>> r = Round(seed=7)
>>> r.to_move, r.phase, len(r.hands[1])
(1, 'draw', 11)
>>> r.can_take_pile("c6 c6").ok
False
>>> str(r.draw())
'E draw'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from ..core.actions import (
    Action,
    Answer,
    Ask,
    Decline,
    Discard,
    Draw,
    Meld,
    MeldGroup,
    Redraw,
    Swap,
    TakePile,
    parse_action,
    seat_name,
)
from ..core.cards import (
    CARD_KEY,
    RANK_NAMES,
    Card,
    CardsLike,
    check_card_counts,
    deal_order,
    format_cards,
    rank_name,
    shuffled_deck,
)
from ..core.events import Event
from ..core.inputs import need_bool, need_card_lists, need_cards, need_int, need_no_red_three_on_top, need_sequence
from ..core.verdicts import IllegalActionError, Verdict
from ..profiles import Profile, ProfileLike, get_profile
from ..rules.melds import (
    BLACK_THREE_RANK,
    DEUCE_RANK,
    canasta_kind,
    cards_value,
    check_meld_cards,
    closes_at_canasta,
    meld_counts,
    meld_counts_problem,
    meld_key,
    meld_name,
)
from ..rules.pile import PileStatus, pile_status
from ..rules.planning import (
    group_by_rank,
    is_plain_sets,
    melding_bounds,
    plan_values,
    stranded_count,
)
from ..rules.scoring import ScoreBreakdown, score_team
from ..variants.sequences import (
    ACE_SET_KEY,
    FIRST_SEQUENCE_KEY,
    SUIT_NAMES,
    describe_run,
    extend_meld,
    is_sequence_key,
    sequence_title,
    stored_order,
    swap_joker,
)
from .moves import legal_actions as list_legal_actions
from .moves import meld_candidates, take_candidates

__all__ = ["PHASES", "Round", "MeldsLike"]

#: Phases of a round: the player to move must draw, or may play (meld/discard), or the
#: partner must answer "may I go out?", or the round is over.
PHASES = ("draw", "play", "answer", "over")

MeldsLike = Any  # "h1 c1 d2 | c9 c9 d9", [cards, ...] or [MeldGroup, ...]


class _Problem(NamedTuple):
    """A refusal found by a ``*_problem`` check: verdict code, message (made on demand), cards
    and facts; `Round.check` turns it into a `Verdict`."""

    code: str
    message: Callable[[], str]
    cards: tuple[Card, ...] = ()
    facts: dict[str, Any] | None = None  # what the message claims (see verdicts.FACT_KEYS)



def _plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else (plural or word + 's')}"


def _joined_text(count: int) -> str:
    """How many pile cards join the hand: '2 cards join the hand', 'no other card joins the hand'."""
    if count == 0:
        return "no other card joins the hand"
    return f"{_plural(count, 'card')} join{'s' if count == 1 else ''} the hand"


def to_groups(melds: MeldsLike) -> tuple[MeldGroup, ...]:
    """Normalise meld input: notation with ``|`` between melds (``"13: h13"`` adds to the
    kings meld), a list of card lists, or `MeldGroup` objects."""
    if isinstance(melds, MeldGroup):
        return (melds,)
    if isinstance(melds, str):
        from ..core.actions import _parse_groups

        if not melds.strip():
            return ()
        return _parse_groups(melds, need_target=False, original=melds)
    if isinstance(melds, Card) or not isinstance(melds, Iterable):
        raise TypeError(f"melds must be meld notation ('h5 c5 d5 | 13: jk'), a list of melds (card lists) or "
                        f"MeldGroup objects, not {type(melds).__name__} {melds!r}.")
    groups = []
    for index, item in enumerate(melds):
        if isinstance(item, MeldGroup):
            groups.append(item)
        elif isinstance(item, str):
            groups.extend(to_groups(item))
        else:
            groups.append(MeldGroup(tuple(need_cards(item, f"melds[{index}]"))))
    return tuple(groups)




class Round:
    """One deal: four seats (two teams of partners opposite), the stock, the pile, the melds.

    ``Round(profile="classic", seed=None, deck=None, dealer=0, team_scores=(0, 0))`` deals
    from a seeded shuffle or an explicit deck order (``deck[0]`` is dealt first).
    """

    # ------------------------------------------------------------------ construction
    def __init__(
        self,
        profile: ProfileLike = "classic",
        seed: int | None = None,
        deck: Sequence[Card | str] | str | None = None,
        dealer: int = 0,
        team_scores: Sequence[int] | None = None,
    ) -> None:
        prof = get_profile(profile)
        need_int(seed, "seed", allow_none=True)
        if deck is None:
            cards = shuffled_deck(seed, prof.deck_count, prof.joker_count)
        else:
            cards = deal_order(need_cards(deck, "deck"), deck_count=prof.deck_count, joker_count=prof.joker_count)
        self._setup(prof, dealer, team_scores)
        self.seed = seed
        self.deck: tuple[Card, ...] = tuple(cards)
        self._deal()

    def _setup(self, profile: Profile, dealer: int, team_scores: Sequence[int] | None) -> None:
        n = profile.player_count
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0-{n - 1}, not {dealer!r}.")
        if team_scores is not None and (isinstance(team_scores, (str, bytes, dict))
                                        or not isinstance(team_scores, Iterable)):
            raise TypeError(f"team_scores must be a list of {profile.team_count} whole numbers (one per team), "
                            f"not {type(team_scores).__name__} {team_scores!r}.")
        scores = tuple(team_scores) if team_scores is not None else (0,) * profile.team_count
        if len(scores) != profile.team_count or not all(isinstance(s, int) and not isinstance(s, bool)
                                                        for s in scores):
            raise ValueError(
                f"team_scores must give {profile.team_count} whole numbers (one per team), "
                f"not {team_scores!r}."
            )
        self.profile = profile
        self.dealer = dealer
        self.team_scores: tuple[int, ...] = scores
        self.seed = None
        self.deck = ()
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.red_threes: list[list[Card]] = [[] for _ in range(n)]
        self.melds: list[dict[int, list[Card]]] = [{} for _ in range(profile.team_count)]
        #: Closed canastas per team (profiles where canastas close at seven cards).
        self.closed: list[list[list[Card]]] = [[] for _ in range(profile.team_count)]
        #: Each player's face-down reserve, until picked up (Pennies from Heaven).
        self.reserves: list[list[Card]] = [[] for _ in range(n)]
        #: Each team's *morto* (Brazilian games) until taken or turned into the stock.
        self.mortos: list[list[Card]] = [[] for _ in range(profile.team_count)]
        #: Each team's morto: "none" (profile without), "waiting", "taken" (by a batida) or
        #: "stock" (it became the stock when the stock ran out).
        self.morto_state: list[str] = ["waiting" if profile.morto_size else "none"] * profile.team_count
        #: The seat that took each team's morto (None until then).
        self.morto_taker: list[int | None] = [None] * profile.team_count
        self.opened: list[bool] = [profile.opening_minimum(s) == 0 for s in scores]
        self.has_melded: list[bool] = [False] * n
        self.first_turn_done: list[bool] = [False] * n
        self.log: list[Action] = []
        self.events: list[Event] = []
        self.to_move = self.next_seat(dealer)
        self.phase = "draw"
        self.turn_number = 0
        self.end_reason: str | None = None
        self.went_out: int | None = None
        self.went_out_concealed = False
        #: The last `legal_actions()` answer and the log length it was computed at: `apply`
        #: performs an action from that very list without checking it a second time.
        self._legal_memo: tuple[int, list[Action]] | None = None
        #: `meld_counts_problem` answers for this profile: (naturals, wilds, meld key) -> legal.
        self.legal_counts_cache: dict[tuple[int, int, int], bool] = {}
        #: Single-group meld actions already made this round, by (seat, cards, target): actions
        #: are immutable values, so `legal_actions` hands out the same object again.
        self.meld_action_cache: dict[tuple[int, tuple[Card, ...], int | None], Meld] = {}
        self._reset_turn()

    def _reset_turn(self) -> None:
        self.drew_from: str | None = None
        self.turn_meld_actions = 0
        self.turn_value = 0
        self.turn_own: dict[int, list[Card]] = {}
        self.turn_added_to_old = False
        self.turn_start_ranks: frozenset[int] = frozenset()
        self.turn_start_has_melded = False
        self.permission: str | None = None
        self.asker: int | None = None
        self.phase_before_answer = "draw"
        #: Cards picked up with the pile this turn: they may not be melded until the next turn
        #: (pile rule "top_card_only").
        self.turn_locked: list[Card] = []
        #: The card drawn this turn (for the first-turn redraw) and whether it was redrawn.
        self.turn_drawn: tuple[Card, ...] = ()

    @classmethod
    def from_state(
        cls,
        *,
        profile: ProfileLike = "classic",
        hands: Sequence[CardsLike],
        stock: CardsLike = (),
        pile: CardsLike = (),
        melds: Sequence[Sequence[CardsLike]] = (),
        red_threes: Sequence[CardsLike] = (),
        to_move: int = 0,
        dealer: int | None = None,
        drew_from: str | None = None,
        opened: Sequence[bool] | None = None,
        has_melded: Sequence[bool] | None = None,
        team_scores: Sequence[int] | None = None,
        check_counts: bool = True,
        reserves: Sequence[CardsLike] = (),
        mortos: Sequence[CardsLike] | None = None,
        morto_state: Sequence[str] | None = None,
    ) -> Round:
        """Build a round in any position (scenarios, lessons, sandboxes).

        ``stock`` lists cards top first; ``pile`` bottom to top; ``melds`` one list of melds
        per team; ``reserves`` each player's face-down reserve (profiles with reserves).
        ``drew_from`` None means the player to move has not drawn yet. ``mortos``
        gives each team's morto (Brazilian games) and ``morto_state`` its state ("waiting",
        "taken", "stock"); by default a morto given is waiting and a missing one taken.
        Raises `DeckError` for impossible card counts, `NotationError` for unreadable cards,
        a ValueError naming the argument for illegal melds or values out of range (a seat
        number beyond the table, lists longer than the seats or teams), and a TypeError naming
        the argument for a value of the wrong kind.
        """
        prof = get_profile(profile)
        n = prof.player_count
        teams = prof.team_count
        need_int(to_move, "to_move", low=0, high=n - 1)
        need_int(dealer, "dealer", low=0, high=n - 1, allow_none=True)
        if dealer is None:
            dealer = (to_move - 1) % n
        given_hands = need_card_lists(hands, "hands", f"hands (one per seat, at most {n})", most=n)
        seats_text = f"one per seat, at most {n}"
        given_threes = need_card_lists(red_threes, "red_threes", f"red-three lists ({seats_text})", most=n)
        given_reserves = need_card_lists(reserves, "reserves", f"reserves ({seats_text})", most=n)
        team_meld_lists = need_sequence(melds, "melds", f"meld lists (one per team, at most {teams})", most=teams)
        given_melds = [need_card_lists(m, f"melds[{t}]", "melds (each notation text or a list of cards)")
                       for t, m in enumerate(team_meld_lists)]
        for name, flags, size, who in (("opened", opened, teams, "team"), ("has_melded", has_melded, n, "seat")):
            if flags is not None:
                items = need_sequence(flags, name, f"True/False values (one per {who})")
                if len(items) != size or not all(isinstance(f, bool) for f in items):
                    raise ValueError(f"{name} must give {size} True/False values (one per {who}), not {flags!r}.")
        need_bool(check_counts, "check_counts")
        if mortos is not None:
            mortos = need_card_lists(mortos, "mortos", f"mortos (one per team, at most {teams})", most=teams)
        if morto_state is not None:
            states = need_sequence(morto_state, "morto_state", f"morto states (one per team, {teams})")
            if len(states) != teams or any(s not in ("none", "waiting", "taken", "stock") for s in states):
                raise ValueError(f"morto_state must give {teams} of 'waiting', 'taken', 'stock' or 'none' (one per "
                                 f"team), not {morto_state!r}.")
        self = cls.__new__(cls)
        self._setup(prof, dealer, team_scores)
        self.to_move = to_move
        self.hands = [sorted(h, key=CARD_KEY) for h in given_hands] + [[] for _ in range(n - len(given_hands))]
        self.stock = list(reversed(need_cards(stock, "stock")))
        self.pile = need_cards(pile, "pile")
        need_no_red_three_on_top(self.pile, "pile")
        for seat, cards in enumerate(given_threes):
            if any(not c.is_red_three for c in cards):
                raise ValueError(f"red_threes for seat {seat} hold {format_cards(cards)}: only h3 and d3.")
            self.red_threes[seat] = cards
        for team, team_melds in enumerate(given_melds):
            for cards in team_melds:
                verdict = check_meld_cards(cards, prof, going_out=True)
                if not verdict:
                    raise ValueError(f"melds[{team}] holds {format_cards(cards) or 'an empty meld'}, an illegal "
                                     f"meld: {verdict.message}")
                rank = meld_key(cards, prof)
                assert rank is not None
                if prof.meld_family == "sequences" and rank != ACE_SET_KEY:
                    rank = self._new_sequence_key(self.melds[team], {})
                    cards = stored_order(cards)
                if closes_at_canasta(rank, prof) and len(cards) >= prof.canasta_size and rank != BLACK_THREE_RANK:
                    self.closed[team].append(cards)
                    continue
                if rank in self.melds[team]:
                    raise ValueError(
                        f"melds[{team}] has two melds of {rank_name(rank, plural=True)}; "
                        "a team has one meld per rank: put them together."
                    )
                self.melds[team][rank] = cards
        if reserves and not prof.reserve_size:
            raise ValueError(f"The {prof.name} profile has no reserves; leave reserves=() for it.")
        for seat, reserve in enumerate(given_reserves):
            self.reserves[seat] = reserve
        everything = [c for h in self.hands for c in h] + self.stock + self.pile
        everything += [c for r in self.reserves for c in r]
        everything += [c for t in self.red_threes for c in t]
        everything += [c for m in self.melds for cards in m.values() for c in cards]
        everything += [c for team_closed in self.closed for cards in team_closed for c in cards]
        if prof.morto_size:
            given = list(mortos) if mortos is not None else []
            for team in range(prof.team_count):
                self.mortos[team] = list(given[team]) if team < len(given) else []
                self.morto_state[team] = "waiting" if self.mortos[team] else "taken"
            if morto_state is not None:
                self.morto_state = list(morto_state)
            everything += [c for m in self.mortos for c in m]
        if check_counts:
            check_card_counts(everything, deck_count=prof.deck_count, joker_count=prof.joker_count,
                              what="The position")
        self.opened = list(opened) if opened is not None else [
            bool(m) or bool(c) or self.opening_minimum(t) == 0
            for t, (m, c) in enumerate(zip(self.melds, self.closed, strict=True))]
        for team, flag in enumerate(self.opened):
            if not flag and self.melds[team]:
                raise ValueError(
                    f"opened[{team}] is False, but team {team} has melds on the table; a team "
                    "opens with its first melds (leave opened=None to derive it)."
                )
        self.has_melded = list(has_melded) if has_melded is not None else [
            bool(self.melds[s % prof.team_count]) or bool(self.closed[s % prof.team_count]) for s in range(n)]
        self.first_turn_done = [True] * n
        self.deck = ()
        self._begin_turn_state()
        if drew_from is not None:
            if drew_from not in ("stock", "pile"):
                raise ValueError(f"drew_from must be None (not drawn yet), 'stock' or 'pile', not {drew_from!r}.")
            self.drew_from = drew_from
            self.phase = "play"
        return self

    # ------------------------------------------------------------------ basic queries
    @property
    def player_count(self) -> int:
        """Seats at the table."""
        return self.profile.player_count

    def team_of(self, seat: int) -> int:
        """The team of a seat (partners sit alternately)."""
        return seat % self.profile.team_count

    def partner_of(self, seat: int) -> int:
        """The partner who answers this seat's "may I go out?" (the next teammate)."""
        return (seat + self.profile.team_count) % self.profile.player_count

    def seat_name(self, seat: int) -> str:
        """``N``, ``E``, ``S``, ``W`` (or ``P1``... at other tables)."""
        return seat_name(seat, self.player_count)

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` (clockwise, or to the right when the profile
        plays counter-clockwise)."""
        step = -1 if self.profile.direction == "ccw" else 1
        return (seat + step) % self.player_count

    def morto_text(self, team: int) -> str:
        """The team's morto in words: 'waiting (11 cards)', 'taken by S', 'became the stock'."""
        state = self.morto_state[team]
        if state == "waiting":
            return f"waiting, {len(self.mortos[team])} cards face down"
        if state == "taken":
            taker = self.morto_taker[team]
            return "taken" + (f" by {self.seat_name(taker)}" if taker is not None else "")
        if state == "stock":
            return "became the stock (not taken)"
        return "none"

    def morto_available(self, team: int) -> bool:
        """True while the team's morto waits for its first batida (Brazilian games)."""
        return self.morto_state[team] == "waiting"

    def meld_label(self, key: int, cards: Sequence[Card]) -> str:
        """How messages name a team meld: 'kings', 'Hearts 4–10', 'Aces'."""
        if self.profile.meld_family == "sequences":
            return sequence_title(cards, key)
        return meld_name(key)

    @staticmethod
    def _new_sequence_key(base: dict[int, list[Card]], changed: dict[int, list[Card]]) -> int:
        """The key of a new sequence: one above the highest sequence key of the team."""
        keys = [k for k in list(base) + list(changed) if k >= FIRST_SEQUENCE_KEY]
        return max(keys) + 1 if keys else FIRST_SEQUENCE_KEY

    @property
    def is_over(self) -> bool:
        """True when the round has ended."""
        return self.phase == "over"

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile, or None."""
        return self.pile[-1] if self.pile else None

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.stock)

    def opening_minimum(self, team: int) -> int:
        """The opening minimum in force for a team this round (from its total score)."""
        return self.profile.opening_minimum(self.team_scores[team])

    def canasta_count(self, team: int) -> int:
        """The team's canastas on the table (closed ones included)."""
        return len(self.canasta_kinds(team))

    def canasta_kinds(self, team: int, melds: dict[int, list[Card]] | None = None) -> list[str]:
        """The kinds of the team's canastas ("natural", "mixed", ...), closed ones included;
        ``melds`` replaces the team's open melds (to judge a move before it is made)."""
        prof = self.profile
        open_melds = self.melds[team] if melds is None else melds
        kinds = [canasta_kind(m, rank, prof) for rank, m in open_melds.items()]
        kinds += [canasta_kind(m, meld_key(m, prof) or 0, prof) for m in self.closed[team]]
        return [k for k in kinds if k is not None]

    def has_enough_canastas(self, kinds: Sequence[str]) -> bool:
        """Whether canastas of these kinds let a player of the team go out (profile rules)."""
        prof = self.profile
        counted = [k for k in kinds if k not in prof.go_out_excluded_kinds]
        if prof.go_out_any_kinds and not prof.go_out_any_kinds & set(kinds):
            return False
        return len(counted) >= prof.go_out_canastas and prof.go_out_required_kinds <= set(kinds)

    def _enough_after(self, base_kinds: Sequence[str]) -> Callable[[tuple[str, ...]], bool]:
        """For the going-out search: enough canastas with these plus the newly completed kinds."""
        def enough(new_kinds: tuple[str, ...]) -> bool:
            return self.has_enough_canastas(list(base_kinds) + list(new_kinds))
        return enough

    def pile_status(self, seat: int | None = None) -> PileStatus:
        """The pile's state for the team of ``seat`` (default: the player to move)."""
        seat = self.to_move if seat is None else seat
        team = self.team_of(seat)
        return pile_status(self.pile, self.profile, team_opened=self.opened[team], team_ranks=self.melds[team])

    def pile_state(self, seat: int | None = None) -> str:
        """``"empty"``, ``"open"``, ``"frozen"`` or ``"blocked"`` for the team of ``seat``."""
        return self.pile_status(seat).state

    def _begin_turn_state(self) -> None:
        self._reset_turn()
        team = self.team_of(self.to_move)
        self.turn_start_ranks = frozenset(self.melds[team])
        self.turn_start_has_melded = self.has_melded[self.to_move]

    # ------------------------------------------------------------------ the deal
    def _deal(self) -> None:
        prof = self.profile
        self.stock = list(reversed(self.deck))
        n = prof.player_count
        order = [self.dealer]
        for _ in range(n - 1):
            order.append(self.next_seat(order[-1]))
        order = order[1:] + order[:1]
        for _ in range(prof.hand_size):
            for seat in order:
                self.hands[seat].append(self.stock.pop())
        for hand in self.hands:
            hand.sort(key=CARD_KEY)
        if prof.reserve_size:
            for offset in range(1, n + 1):
                seat = (self.dealer + offset) % n
                self.reserves[seat] = [self.stock.pop() for _ in range(prof.reserve_size)]
        for team in range(prof.team_count if prof.morto_size else 0):
            self.mortos[team] = [self.stock.pop() for _ in range(prof.morto_size)]
        if prof.red_threes_before_upcard:
            self._lay_dealt_red_threes()
        if prof.upcard_rule == "italian":
            self._turn_italian_upcard()
        elif prof.upcard_rule == "none":
            pass
        else:
            upcard = self.stock.pop()
            self.pile.append(upcard)
            self.events.append(Event("upcard", None, (upcard,), f"The upcard is {upcard}."))
            while self._covers(self.pile[-1]) and self.stock:
                card = self.stock.pop()
                self.pile.append(card)
                self.events.append(Event("upcard_covered", None, (self.pile[-2], card),
                                         f"{self.pile[-2]} turned up is covered by {card}; the pile is frozen."))
        if prof.dealt_red_threes == "at_deal" and not prof.red_threes_before_upcard:
            self._lay_dealt_red_threes()
        self._begin_turn_state()
        self._start_turn()

    def _lay_dealt_red_threes(self) -> None:
        n = self.profile.player_count
        seat = self.dealer
        for _ in range(n):
            seat = self.next_seat(seat)
            self._lay_red_threes(seat, -1)
        self.first_turn_done = [True] * n

    def _turn_italian_upcard(self) -> None:
        """Italian Canasta: turn cards until a natural 4-A shows (wild cards and threes turned
        first stay underneath), then slide as many stock cards as its rank number under it."""
        turned: list[Card] = []
        upcard = None
        while self.stock:
            card = self.stock.pop()
            if card.is_wild or card.rank == 3:
                turned.append(card)
                continue
            upcard = card
            break
        under = [self.stock.pop() for _ in range(min(upcard.rank if upcard else 0, len(self.stock)))]
        self.pile = turned + under + ([upcard] if upcard else [])
        if upcard is not None:
            self.events.append(Event("upcard", None, (upcard,),
                                     f"The upcard is {upcard}; {len(under)} stock cards go face down under it"
                                     + (f", above {format_cards(turned)} turned first" if turned else "") + "."))

    def _covers(self, card: Card) -> bool:
        covered = self.profile.upcard_covered
        return ((card.is_wild and "wild" in covered)
                or (card.is_red_three and "red_three" in covered)
                or (card.is_black_three and "black_three" in covered))

    def _lay_red_threes(self, seat: int, action_index: int) -> None:
        hand = self.hands[seat]
        while True:
            threes = [c for c in hand if c.is_red_three]
            if not threes:
                return
            for card in threes:
                hand.remove(card)
                self.red_threes[seat].append(card)
                self.events.append(Event("red_three", seat, (card,),
                                         f"{self.seat_name(seat)} lays down the red three {card}.",
                                         action_index))
            for _ in threes:
                if not self.stock:
                    self._morto_to_stock(seat, action_index)
                if not self.stock:
                    return
                new = self.stock.pop()
                hand.append(new)
                self.events.append(Event("replacement", seat, (new,),
                                         f"{self.seat_name(seat)} draws a replacement.", action_index))
            hand.sort(key=CARD_KEY)

    def _morto_to_stock(self, seat: int, action_index: int) -> None:
        """Brazilian games: the stock ran out, so a remaining morto becomes the stock (the
        drawing player's team's one when both remain); that team can no longer take a morto."""
        waiting = [t for t in range(self.profile.team_count) if self.morto_available(t)]
        if not waiting:
            return
        team = self.team_of(seat) if self.team_of(seat) in waiting else waiting[0]
        self.stock = list(reversed(self.mortos[team]))
        self.mortos[team] = []
        self.morto_state[team] = "stock"
        self.events.append(Event("morto_to_stock", seat, (),
                                 f"The stock is empty: team {self._team_label(team)}'s morto ({len(self.stock)} cards) "
                                 "becomes the "
                                 "stock, and that team can no longer take a morto.", action_index))

    def _team_label(self, team: int) -> str:
        """A team as messages name it: its seats, 'N-S'."""
        return "-".join(self.seat_name(s) for s in range(self.player_count) if self.team_of(s) == team)

    def _take_morto(self, seat: int, index: int, direct: bool) -> None:
        """A team's first batida: the player picks up the team's morto (red threes in it are
        laid down and replaced from the stock)."""
        team = self.team_of(seat)
        morto = self.mortos[team]
        self.mortos[team] = []
        self.morto_state[team] = "taken"
        self.morto_taker[team] = seat
        self.hands[seat].extend(morto)
        self.hands[seat].sort(key=CARD_KEY)
        how = ("batida direta: every card melded, so the player takes the morto and goes on playing without drawing"
               if direct else "batida indireta: the last card discarded, so the player takes the morto and the "
               "turn passes")
        self.events.append(Event("morto_taken", seat, (),
                                 f"{self.seat_name(seat)} runs out of cards ({how}; {len(morto)} cards).", index))
        self._lay_red_threes(seat, index)

    def _start_turn(self) -> None:
        """Automatic steps at the start of a turn (first-turn red threes, end of stock)."""
        seat = self.to_move
        if not self.first_turn_done[seat]:
            self.first_turn_done[seat] = True
            self._lay_red_threes(seat, len(self.log) - 1)
        if not self.stock:
            self._morto_to_stock(seat, len(self.log) - 1)
        if not self.stock and self.profile.end_of_stock in ("play_on_with_pile", "pile_or_end"):
            if not any(True for _ in take_candidates(self, seat)):
                self._end_round("stock_exhausted",
                                f"The stock is empty and {self.seat_name(seat)} cannot take the pile: "
                                "the hand ends (no going-out bonus).")

    # ------------------------------------------------------------------ checks (shared)
    def _turn_problem(self, seat: int, need: str) -> _Problem | None:
        if self.phase == "over":
            return _Problem("round_over", lambda: (
                f"The round is over ({(self.end_reason or 'ended').replace('_', ' ')}); start a new one."))
        if self.phase == "answer":
            asker, partner = self.asker, self.partner_of(self.asker or 0)
            return _Problem("awaiting_answer", lambda: (
                f"{self.seat_name(asker or 0)} asked to go out; {self.seat_name(partner)} must answer "
                "yes or no first."))
        if seat != self.to_move:
            return _Problem("not_your_turn", lambda: (
                f"It is {self.seat_name(self.to_move)}'s turn, not {self.seat_name(seat)}'s."))
        if need == "draw" and self.phase == "play":
            return _Problem("already_drew", lambda: (
                f"{self.seat_name(seat)} has already {'taken the pile' if self.drew_from == 'pile' else 'drawn'}"
                " this turn: meld, then discard to end the turn."))
        if need == "play" and self.phase == "draw":
            return _Problem("must_draw_first", lambda: (
                f"{self.seat_name(seat)} must first draw from the stock or take the discard pile."))
        return None

    def missing_cards(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """The cards of ``cards`` that ``seat``'s hand does not hold (counting copies), sorted."""
        pool = list(self.hands[seat])
        missing = []
        for card in cards:
            try:
                pool.remove(card)
            except ValueError:
                missing.append(card)
        return sorted(missing, key=CARD_KEY)

    def _hand_problem(self, seat: int, cards: Sequence[Card]) -> _Problem | None:
        missing = self.missing_cards(seat, cards)
        if missing:
            return _Problem("card_not_in_hand", lambda: (
                f"{format_cards(missing)} {'is' if len(missing) == 1 else 'are'} not in "
                f"{self.seat_name(seat)}'s hand ({format_cards(self.hands[seat]) or 'empty'})."), tuple(missing),
                {"seat": seat, "not_in_hand": tuple(missing), "hand_cards": tuple(self.hands[seat])})
        return None

    def _go_out_problem(self, seat: int, kinds_after: Sequence[str]) -> _Problem | None:
        if self.morto_available(self.team_of(seat)):
            return None  # a first batida: the player takes the morto (no canasta needed)
        if self.profile.morto_size and not self.has_enough_canastas(kinds_after):
            def batida_message() -> str:
                has = ", ".join(k.replace("_", " ") for k in kinds_after) or "none"
                kinds = " or ".join(sorted(k.replace("_", " ") for k in self.profile.go_out_any_kinds))
                return (f"This would leave {self.seat_name(seat)} without cards: a batida. The team's morto is gone "
                        f"({self.morto_state[self.team_of(seat)]}), so this batida would end the hand, and that "
                        f"needs a clean canasta on the team's side (canastra {kinds}); its canastas: {has}. "
                        "Keep at least one card after your discard.")

            return _Problem("batida_needs_clean_canasta", batida_message)
        if self.permission == "no":
            return _Problem("go_out_forbidden_by_partner", lambda: (
                f"{self.seat_name(self.partner_of(seat))} answered no to \"may I go out?\": "
                f"{self.seat_name(seat)} may not go out this turn, so must keep a card after discarding."))
        if not self.has_enough_canastas(kinds_after):
            def message() -> str:
                has = ", ".join(k.replace("_", " ") for k in kinds_after)
                return (f"This would leave {self.seat_name(seat)} without cards (after the meld or the final "
                        f"discard), which is going out, but going out needs {self.canasta_requirement()} on the "
                        "team's side, and it has "
                        f"{len(kinds_after)}{': ' + has if has else ''}. Keep at least one card after your discard.")

            return _Problem("cannot_go_out_without_canasta", message)
        return None

    def canasta_requirement(self) -> str:
        """The going-out requirement in words: '1 canasta', '2 canastas (deuce canastas do not count)'."""
        prof = self.profile
        text = _plural(prof.go_out_canastas, "canasta")
        if prof.go_out_required_kinds:
            kinds = sorted(k.replace("_", " ") for k in prof.go_out_required_kinds)
            text = "a canasta of each kind: " + ", ".join(kinds)
        if prof.go_out_excluded_kinds:
            excluded = {"deuce" if k.startswith("deuce") else k.replace("_", " ") for k in prof.go_out_excluded_kinds}
            text += " (" + " and ".join(sorted(excluded)) + " canastas do not count)"
        if prof.go_out_any_kinds:
            clean = " or ".join(sorted(k.replace("_", " ") for k in prof.go_out_any_kinds))
            text = ("a canastra " if prof.go_out_canastas == 1 else text + ", one of them a canastra ") + clean
        return text

    def _still_go_out_problem(self, seat: int, remaining: Sequence[Card], melds_after: dict[int, list[Card]],
                              kinds: Sequence[str]) -> _Problem | None:
        """After a binding "yes", refuse a move that would make going out this turn impossible."""
        prof = self.profile
        most_kept = self._most_kept(remaining)
        plans = plan_values(remaining, melds_after, prof, black_threes=True, enough=self._enough_after(kinds),
                            max_kept=most_kept, values_needed=False)
        if any(kept <= most_kept and enough for (kept, enough) in plans):
            return None
        return _Problem("must_go_out", lambda: (
            f"{self.seat_name(self.partner_of(seat))} answered yes, so {self.seat_name(seat)} must go out "
            "this turn, and after this move the remaining cards could no longer all be melded "
            "(all but one discarded). Choose melds that keep going out possible."))

    def apply_groups(self, team: int, groups: Sequence[MeldGroup], base: dict[int, list[Card]],
                      going_out: bool) -> tuple[dict[int, list[Card]], _Problem | None]:
        """Combine groups with the team's melds; return the changed melds or a problem."""
        changed: dict[int, list[Card]] = {}
        for group in groups:
            result = self._group_problem(group, base, changed, going_out)
            if isinstance(result, _Problem):
                return changed, result
            rank, final = result
            changed[rank] = final
        return changed, None

    def _group_problem(self, group: MeldGroup, base: dict[int, list[Card]], changed: dict[int, list[Card]],
                       going_out: bool) -> tuple[int, list[Card]] | _Problem:
        """Check one meld group against the team's melds: its rank and final meld, or a problem."""
        cards = group.cards
        if not cards:
            return _Problem("no_cards_given", lambda: "A meld group names no cards.")
        if self.profile.meld_family == "sequences":
            return self._sequence_group_problem(group, base, changed)
        naturals = [c for c in cards if not c.is_wild]
        if group.target is not None:
            rank = group.target
            if rank not in base and rank not in changed and any(
                    meld_key(m, self.profile) == rank for m in self.closed[self.team_of(self.to_move)]):
                return _Problem("meld_canasta_closed", lambda: (
                    f"Your team's canasta of {meld_name(rank)} is closed at {self.profile.canasta_size} cards "
                    f"in the {self.profile.name} profile: nothing more can be added. Start a new meld of "
                    f"{meld_name(rank)} instead."))
            if rank not in base and rank not in changed:
                own = self.team_of(self.to_move)
                if any(rank in melds for t, melds in enumerate(self.melds) if t != own):
                    return _Problem("meld_opponents_meld", lambda: (
                        f"Only the opponents have a meld of {rank_name(rank, plural=True)}, and cards may never "
                        "be added to the opponents' melds. Start your team's own meld with at least "
                        f"{self.profile.meld_min_naturals} natural {rank_name(rank, plural=True)}."),
                        (), {"no_team_meld_ranks": (rank,)})
                if rank not in RANK_NAMES:  # not a rank at all, as in 'add 101: jk'
                    return _Problem("meld_no_such_meld", lambda: (
                        f"{rank} is not a rank, so your team has no meld {rank} to add to: name the "
                        "meld by its rank, 1 (aces) to 13 (kings), as in 'add 13: h13'."))
                return _Problem("meld_no_such_meld", lambda: (
                    f"Your team has no meld of {meld_name(rank)} to add to; start one with "
                    f"at least {self.profile.meld_min_naturals} natural {meld_name(rank)}."),
                    (), {"no_team_meld_ranks": (rank,)})
            wrong = [c for c in naturals if c.rank != rank]
            if wrong:
                return _Problem("meld_rank_mismatch", lambda: (
                    f"{format_cards(wrong)} cannot go onto the meld of {rank_name(rank, plural=True)}: "
                    "only cards of its rank and wild cards can."), tuple(wrong), {"hand_cards": tuple(wrong)})
        else:
            if any(c.is_red_three for c in cards) or len({c.rank for c in naturals}) > 1:
                verdict = check_meld_cards(list(cards), self.profile)
                return _Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
            key = meld_key(cards, self.profile)
            if key is None:
                return _Problem("meld_no_naturals", lambda: (
                    f"{format_cards(cards)} is only wild cards: a meld needs natural cards. To put wild "
                    "cards on a meld, name it, as in 'add 13: d2'."))
            rank = key
        if rank in changed:
            return _Problem("meld_same_rank_twice", lambda: (
                f"This names two melds of {meld_name(rank)}; a team has one meld per rank, "
                "so put those cards in one group."))
        if (self.profile.deuce_melds and rank != DEUCE_RANK and DEUCE_RANK in base
                and any(c.rank == 2 for c in cards)):
            twos = [c for c in cards if c.rank == 2]
            return _Problem("meld_twos_reserved", lambda: (
                f"Your team's deuce meld is not a canasta yet, so in the {self.profile.name} profile its twos "
                f"({format_cards(twos)}) may go only onto it: 'add 2: {format_cards(twos)}'."), tuple(twos))
        existing = base.get(rank)
        final = (existing or []) + list(cards)
        nat, wild = meld_counts(final, rank)
        problem = meld_counts_problem(nat, wild, rank, self.profile,
                                      going_out=going_out, check_size=True)
        if problem is not None:
            verdict = check_meld_cards(final, self.profile, going_out=going_out,
                                       added=cards if existing else ())
            return _Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
        return rank, final

    def group_fits(self, group: MeldGroup, base: dict[int, list[Card]]) -> bool:
        """True when this one group can go down with the team's melds ``base`` (Brazilian games;
        the group check alone, for move generation)."""
        return not isinstance(self._sequence_group_problem(group, base, {}), _Problem)

    def _sequence_group_problem(self, group: MeldGroup, base: dict[int, list[Card]],
                                changed: dict[int, list[Card]]) -> tuple[int, list[Card]] | _Problem:
        """Brazilian games: a new sequence or set of aces, or cards added to a team meld."""
        prof = self.profile
        cards = list(group.cards)
        red = [c for c in cards if c.is_red_three]
        if red:
            verdict = check_meld_cards(cards, prof)
            return _Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
        key = group.target
        if key is None:
            aces = changed.get(ACE_SET_KEY, base.get(ACE_SET_KEY))
            if aces is not None and len(cards) >= prof.meld_min_size and meld_key(cards, prof) == ACE_SET_KEY:
                # a new set of aces joins the team's set: the whole set holds the three natural aces
                final = list(aces) + cards
                verdict = check_meld_cards(final, prof, added=cards)
                if not verdict:
                    return _Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
                return ACE_SET_KEY, final
            verdict = check_meld_cards(cards, prof)
            if not verdict:
                return _Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
            key = meld_key(cards, prof)
            assert key is not None
            if key == ACE_SET_KEY:
                aces = changed.get(ACE_SET_KEY, base.get(ACE_SET_KEY, []))
                return ACE_SET_KEY, list(aces) + cards
            return self._new_sequence_key(base, changed), list(verdict.meld or cards)
        existing = changed.get(key, base.get(key))
        if existing is None:
            own = self.team_of(self.to_move)
            if any(key in melds for t, melds in enumerate(self.melds) if t != own):
                return _Problem("meld_opponents_meld", lambda: (
                    f"Meld {key} belongs to the opponents, and cards may never be added to the opponents' melds."))
            return _Problem("meld_no_such_meld", lambda: (
                f"Your team has no meld {key} to add to; its melds are "
                + (", ".join(f"{k} ({self.meld_label(k, m)})" for k, m in sorted(base.items())) or "none yet")
                + "."))
        if key == ACE_SET_KEY:
            final = list(existing) + cards
            verdict = check_meld_cards(final, prof, added=cards)
            if not verdict:
                return _Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
            return key, final
        result, problem = extend_meld(existing, cards, two_end_move=prof.two_end_move)
        if problem is not None:
            code, message = problem
            return _Problem(code, lambda: message, tuple(cards))
        assert result is not None
        return key, result

    def _kinds_with(self, team: int, changed: dict[int, list[Card]]) -> list[str]:
        """Canasta kinds of the team once ``changed`` melds are laid."""
        melds = dict(self.melds[team])
        melds.update(changed)
        return self.canasta_kinds(team, melds)

    def _most_kept(self, hand: Sequence[Card]) -> int:
        """Cards a player going out may keep for the final discard: 1, or 0 when the only
        card left could be a seven that may not be discarded (Pennies)."""
        if self.profile.sevens_rules and any(c.rank == 7 for c in hand):
            return 0
        return 1

    def _completes_canasta(self, team: int, changed: dict[int, list[Card]]) -> bool:
        """True when one of these melds becomes a canasta now (for the reserve pick-up)."""
        size = self.profile.canasta_size
        melds = self.melds[team]
        return any(len(m) >= size and len(melds.get(rank, ())) < size and rank != BLACK_THREE_RANK
                   for rank, m in changed.items())

    def _reserve_after(self, seat: int, team: int, changed: dict[int, list[Card]]) -> int:
        """Cards the player's reserve adds to the hand if this move completes a canasta."""
        reserve = self.reserves[seat]
        if reserve and self._completes_canasta(team, changed):
            return sum(1 for c in reserve if not c.is_red_three)
        return 0

    def opening_at_once(self, team: int, added_value: int, cards: Sequence[Card]) -> _Problem | bool:
        """The part of the opening check that needs only the cards laid: a problem (wild cards
        where the profile forbids them in an opening), True (the minimum is reached), or False
        (short: the rest of the hand must make it up, which `opening_problem` searches)."""
        prof = self.profile
        if not prof.opening_wilds_allowed:
            wild = [c for c in cards if c.is_wild]
            if wild:
                return _Problem("opening_no_wilds", lambda: (
                    f"In the {prof.name} profile the opening melds may contain no wild card; "
                    f"keep {format_cards(wild)} until your team has opened."), tuple(wild))
        return self.turn_value + added_value >= self.opening_minimum(team)

    def opening_problem(self, seat: int, added_value: int, cards: Sequence[Card],
                         remaining: Sequence[Card], melds_after: dict[int, list[Card]],
                         going_out: bool, take: bool) -> _Problem | None:
        """Check the opening minimum for a team that has not opened."""
        team = self.team_of(seat)
        prof = self.profile
        at_once = self.opening_at_once(team, added_value, cards)
        if at_once is not False:
            return None if at_once is True else at_once
        minimum = self.opening_minimum(team)
        total = self.turn_value + added_value
        score = self.team_scores[team]
        if prof.meld_family == "sequences" and not take:
            return _Problem("opening_below_minimum", lambda: (
                f"Your team has not opened: with a score of {score} its first melds must be worth at least "
                f"{minimum}. These are worth {total}, {minimum - total} short. Lay all your opening melds in one "
                "action (groups separated by '|') so that together they reach the minimum."), (),
                {"minimum": minimum, "value": total, "opened": False})
        if take:
            return _Problem("opening_below_minimum", lambda: (
                f"Your team has not opened: with a score of {score} it needs melds worth {minimum}. "
                f"Taking the pile, only the top card and cards from your hand count (buried pile cards "
                f"never do): these melds are worth {total}, {minimum - total} short. Add melds from "
                "your hand to the take, or draw from the stock."), (),
                {"minimum": minimum, "value": total, "opened": False})
        can_go_out = self.permission != "no"
        waiver = (self.drew_from == "stock" and prof.concealed_waives_minimum
                  and not self.turn_start_has_melded)
        if going_out:
            if waiver and self.has_enough_canastas(self.canasta_kinds(team, melds_after)):
                return None
        else:
            if is_plain_sets(prof):  # the clear cases first, without the exact search
                lower, upper = melding_bounds(remaining, melds_after, prof, allow_wilds=prof.opening_wilds_allowed)
                if total + lower >= minimum:
                    return None
                if total + upper < minimum and (
                        not waiver or stranded_count(group_by_rank(remaining), melds_after, prof) > 1):
                    return self._opening_short_problem(score, minimum, total)
            plans = plan_values(remaining, melds_after, prof, allow_wilds=prof.opening_wilds_allowed,
                                black_threes=True, enough=self._enough_after(self.canasta_kinds(team, melds_after)))
            most_kept = self._most_kept(remaining)
            for (kept, enough), value in plans.items():
                if total + value >= minimum and (kept >= 2 or (enough and can_go_out and kept <= most_kept)):
                    return None
                if waiver and kept <= most_kept and enough and can_go_out:
                    return None
        return self._opening_short_problem(score, minimum, total)

    @staticmethod
    def _opening_short_problem(score: int, minimum: int, total: int) -> _Problem:
        return _Problem("opening_below_minimum", lambda: (
            f"Your team has not opened: with a score of {score} its first melds must be worth at least "
            f"{minimum} in this turn. These are worth {total}, and the cards left in your hand cannot "
            f"add the missing {minimum - total} while keeping a card to discard."), (),
            {"minimum": minimum, "value": total, "opened": False})

    def meld_problem(self, seat: int, groups: Sequence[MeldGroup]) -> _Problem | None:
        """Why ``seat`` may not lay down ``groups`` now (every meld check: counts, team melds, opening, going
        out), or None."""
        problem = self._turn_problem(seat, "play")
        if problem:
            return problem
        if not groups:
            return _Problem("no_cards_given", lambda: "Name the cards to meld, as in 'meld h1 c1 d2'.")
        cards = [c for g in groups for c in g.cards]
        problem = self._hand_problem(seat, cards) or self._locked_problem(seat, cards)
        if problem:
            return problem
        team = self.team_of(seat)
        hand_after = len(self.hands[seat]) - len(cards)
        going_out = hand_after <= 1
        changed, problem = self.apply_groups(team, groups, self.melds[team], going_out)
        if problem:
            return problem
        reserve = self._reserve_after(seat, team, changed) if going_out else 0
        if reserve:
            hand_after += reserve
            going_out = False
            changed, problem = self.apply_groups(team, groups, self.melds[team], going_out)
            if problem:
                return problem
        if BLACK_THREE_RANK in changed and hand_after > 1:
            return _Problem("meld_black_threes_not_going_out", lambda: (
                "Black threes may be melded only as the last meld of a player going out."))
        remaining = list(self.hands[seat])
        for card in cards:
            remaining.remove(card)
        if going_out:
            problem = self._go_out_problem(seat, self._kinds_with(team, changed))
            if problem:
                return problem
            if hand_after == 1 and self.profile.sevens_rules and remaining[0].rank == 7:
                return _Problem("go_out_discarding_seven", lambda: (
                    f"This would leave only {remaining[0]} to discard, but in the {self.profile.name} "
                    "profile nobody may go out by discarding a seven. Meld it too, or keep another card."))
        melds_after = dict(self.melds[team])
        melds_after.update(changed)
        if self.permission == "yes" and not going_out:
            problem = self._still_go_out_problem(seat, remaining, melds_after, self._kinds_with(team, changed))
            if problem:
                return problem
        if not self.opened[team]:
            value = cards_value(cards, self.profile)
            problem = self.opening_problem(seat, value, cards, remaining, melds_after,
                                            hand_after == 0, take=False)
            if problem:
                return problem
        return None

    def _locked_problem(self, seat: int, cards: Sequence[Card]) -> _Problem | None:
        """Cards taken with the pile this turn may not be melded before the next turn."""
        if not self.turn_locked:
            return None
        pool = list(self.hands[seat])
        for card in self.turn_locked:
            pool.remove(card)
        missing = []
        for card in cards:
            if card in pool:
                pool.remove(card)
            else:
                missing.append(card)
        if not missing:
            return None
        return _Problem("meld_pile_cards_locked", lambda: (
            f"{format_cards(missing)} came from the discard pile this turn: in the {self.profile.name} profile "
            "only the top card is melded at once, the other pile cards may be melded from your next turn on "
            "(you may discard them)."), tuple(missing))

    def pile_pick_up_count(self) -> int:
        """Cards a pile take adds to the hand: those below the top card, red threes apart
        (they are laid down)."""
        count = 0
        for card in self.pile:
            if not card.is_red_three:
                count += 1
        return count - (1 if self.pile and not self.pile[-1].is_red_three else 0)

    def _take_basics_problem(self, seat: int, cards: Sequence[Card], extra: Sequence[MeldGroup],
                             status: PileStatus) -> _Problem | None:
        """What every pile rule checks first: the turn, an empty or blocked pile, the cards in hand."""
        problem = self._turn_problem(seat, "draw")
        if problem:
            return problem
        if not self.pile:
            return _Problem("pile_empty", lambda: "The discard pile is empty: draw from the stock.")
        if status.state == "blocked":
            return _Problem("pile_" + status.code, lambda: status.message, status.cards, status.facts)
        return self._hand_problem(seat, list(cards) + [c for g in extra for c in g.cards])

    def take_problem(self, seat: int, cards: Sequence[Card], extra: Sequence[MeldGroup],
                      target: int | None = None, status: PileStatus | None = None) -> _Problem | None:
        """Check a pile take (``status``: the pile's status for the seat's team, when known)."""
        if status is None:
            status = self.pile_status(seat)
        if self.profile.pile_take_rule == "top_card_only":
            return self._take_top_card_problem(seat, cards, extra, target, status)
        problem = self._take_basics_problem(seat, cards, extra, status)
        if problem:
            return problem
        prof = self.profile
        team = self.team_of(seat)
        extra_cards = [c for g in extra for c in g.cards]
        hand = self.hands[seat]
        if prof.one_card_pile_ban and len(hand) == 1 and len(self.pile) == 1:
            return _Problem("pile_one_card_ban", lambda: (
                f"{self.seat_name(seat)} holds one card and the pile has one card: in the {prof.name} "
                "profile a player holding one card may not take a pile of one card. Draw instead."))
        top = self.pile[-1]
        rank = top.rank
        team_melds = self.melds[team]
        naturals = [c for c in cards if not c.is_wild]
        wrong = [c for c in naturals if c.rank != rank]
        if wrong:
            return _Problem("pile_no_meld_for_top_card", lambda: (
                f"{format_cards(wrong)} cannot be melded with the top card {top}: only "
                f"{top.rank_plural} and wild cards can."), tuple(wrong))
        if status.state == "frozen" and len(naturals) < 2:
            held = [c for c in hand if c.rank == rank]

            def frozen_message() -> str:
                parts = [status.message]
                if len(held) >= 2:
                    pair = format_cards(held[:2])
                    named = format_cards(cards) or "no cards"
                    parts.append(f"You named {named}, but you hold the natural pair {pair}: "
                                 f"take the pile with it ('take {pair}').")
                    return " ".join(parts)
                if held:
                    parts.append(f"You hold only {_plural(len(held), top.rank_singular, top.rank_plural)} "
                                 f"({format_cards(held)}).")
                else:
                    parts.append(f"You hold no {top.rank_plural}.")
                if any(c.is_wild for c in hand):
                    parts.append("A wild card cannot stand in for the pair.")
                if rank in team_melds:
                    parts.append(f"Your team's meld of {top.rank_plural} does not help while the pile is frozen.")
                parts.append("Draw from the stock instead.")
                return " ".join(parts)

            frozen_facts = {**status.facts, "seat": seat,
                            "hand_cards": tuple(held[:2]) if len(held) >= 2 else tuple(held),
                            "team_meld_ranks": (rank,) if len(held) < 2 and rank in team_melds else ()}
            return _Problem("pile_frozen_needs_natural_pair", frozen_message, status.cards, frozen_facts)
        if not cards and rank not in team_melds:
            held = [c for c in hand if c.rank == rank]
            no_meld_facts = {"top": top, "no_team_meld_ranks": (rank,), "hand_cards": tuple(held[:2])}
            return _Problem("pile_no_meld_for_top_card", lambda: (
                f"To take the pile, the top card {top} must go into a meld at once: with a natural pair "
                f"of {top.rank_plural} or one {top.rank_singular} and a wild card from your hand, or onto "
                f"your team's meld of {top.rank_plural} (it has none)."
                + (f" You hold {format_cards(held)}: name the cards, as in 'take {format_cards(held[:2])}'."
                   if held else "")), (), no_meld_facts)
        if cards and len(naturals) < 1 and rank not in team_melds:
            return _Problem("pile_no_meld_for_top_card", lambda: (
                f"The top card {top} needs a natural {top.rank_singular} from your hand to form a meld "
                "with wild cards."))
        # the top card's meld
        remaining_count = len(hand) - len(cards) - len(extra_cards)
        hand_after = remaining_count + self.pile_pick_up_count()
        going_out = hand_after <= 1
        top_group = MeldGroup((top,) + tuple(cards))
        changed, problem = self.apply_groups(team, [top_group], team_melds, going_out)
        if problem:
            return problem
        if extra:
            if self.opened[team]:
                return _Problem("pile_extra_melds_need_opening", lambda: (
                    "Extra melds go with a pile take only to reach the opening minimum; your team has "
                    "opened, so take the pile first, then meld."))
            base = dict(team_melds)
            base.update(changed)
            more, problem = self.apply_groups(team, extra, base, going_out)
            if problem:
                return problem
            if rank in more:
                return _Problem("meld_same_rank_twice", lambda: (
                    f"The top card's meld already holds the {top.rank_plural}; name them once."))
            changed.update(more)
        if going_out and self._reserve_after(seat, team, changed):
            going_out = False
        if going_out or self.permission == "yes":  # the hand after the take matters only then
            remaining = list(hand)
            for card in list(cards) + extra_cards:
                remaining.remove(card)
            remaining.extend(c for c in self.pile[:-1] if not c.is_red_three)
        if going_out:
            problem = self._go_out_problem(seat, self._kinds_with(team, changed))
            if problem:
                return problem
            if len(remaining) == 1 and prof.sevens_rules and remaining[0].rank == 7:
                return _Problem("go_out_discarding_seven", lambda: (
                    f"This would leave only {remaining[0]} to discard, but in the {prof.name} profile nobody "
                    "may go out by discarding a seven."))
        elif self.permission == "yes":
            melds_after = dict(team_melds)
            melds_after.update(changed)
            problem = self._still_go_out_problem(seat, remaining, melds_after, self._kinds_with(team, changed))
            if problem:
                return problem
        if not self.opened[team]:
            put_down = [top] + list(cards) + extra_cards
            value = cards_value(put_down, prof)
            problem = self.opening_problem(seat, value, put_down, [], {}, going_out, take=True)
            if problem:
                return problem
        return None

    def _take_top_card_problem(self, seat: int, cards: Sequence[Card], extra: Sequence[MeldGroup],
                               target: int | None, status: PileStatus) -> _Problem | None:
        """Brazilian games: no freezing and no natural pair; the top card goes into a team meld
        at once (a new one with cards from hand, or onto ``target``), the rest joins the hand."""
        problem = self._take_basics_problem(seat, cards, extra, status)
        if problem:
            return problem
        prof = self.profile
        team = self.team_of(seat)
        extra_cards = [c for g in extra for c in g.cards]
        top = self.pile[-1]
        team_melds = self.melds[team]
        if target is None and not cards:
            target = next((k for k in sorted(team_melds)
                           if not isinstance(self._sequence_group_problem(MeldGroup((top,), k), team_melds, {}),
                                             _Problem)), None)
            if target is None:
                return _Problem("pile_no_meld_for_top_card", lambda: (
                    f"To take the pile, the top card {top} must go into one of your team's melds at once, and "
                    "none of them can take it: name cards from your hand that form a new meld with it "
                    f"(a sequence of {SUIT_NAMES[top.suit].lower()} or a set of aces)."))
        top_group = MeldGroup((top,) + tuple(cards), target)
        changed, problem = self.apply_groups(team, [top_group], team_melds, False)
        if problem:
            inner = problem
            return _Problem(inner.code if inner.code != "meld_no_such_meld" else "pile_no_meld_for_top_card",
                            lambda: f"The top card {top} must go into a meld at once. {inner.message()}",
                            inner.cards)
        if extra:
            base = dict(team_melds)
            base.update(changed)
            more, problem = self.apply_groups(team, extra, base, False)
            if problem:
                return problem
            changed.update(more)
        hand_after = len(self.hands[seat]) - len(cards) - len(extra_cards) + self.pile_pick_up_count()
        if hand_after <= 1:
            problem = self._go_out_problem(seat, self._kinds_with(team, changed))
            if problem:
                return problem
        if not self.opened[team]:
            put_down = [top] + list(cards) + extra_cards
            value = cards_value(put_down, prof)
            problem = self.opening_problem(seat, value, put_down, [], {}, hand_after == 0, take=True)
            if problem:
                return problem
        return None

    def discard_problem(self, seat: int, card: Card) -> _Problem | None:
        """Why ``seat`` may not discard ``card`` now (turn, opening left unfinished, Pennies sevens...), or None."""
        problem = self._turn_problem(seat, "play")
        if problem:
            return problem
        hand = self.hands[seat]
        if card not in hand:
            return _Problem("discard_not_in_hand", lambda: (
                f"{card} is not in {self.seat_name(seat)}'s hand ({format_cards(hand) or 'empty'})."), (card,),
                {"not_in_hand": (card,), "hand_cards": tuple(hand)})
        team = self.team_of(seat)
        going_out = len(hand) == 1
        prof = self.profile
        if prof.sevens_rules and card.rank == 7:
            if going_out:
                return _Problem("go_out_discarding_seven", lambda: (
                    f"In the {prof.name} profile nobody may go out by discarding a seven; meld {card} instead."),
                    (card,))
            if "sevens" not in self.canasta_kinds(team) and not self._only_sevens_stuck(seat):
                return _Problem("discard_seven_forbidden", lambda: (
                    f"In the {prof.name} profile no seven may be discarded until your team has a canasta of "
                    f"sevens; discard another card than {card}."), (card,))
        if going_out:
            problem = self._go_out_problem(seat, self.canasta_kinds(team))
            if problem:
                return problem
        elif self.permission == "yes":
            return _Problem("must_go_out", lambda: (
                f"{self.seat_name(self.partner_of(seat))} answered yes, so {self.seat_name(seat)} must go "
                f"out this turn: meld the other cards before discarding the last one."))
        if not self.opened[team] and self.turn_value > 0:
            minimum = self.opening_minimum(team)
            waived = (going_out and self.drew_from == "stock" and self.profile.concealed_waives_minimum
                      and self._is_concealed(seat))
            if not waived:
                return _Problem("opening_incomplete", lambda: (
                    f"Your team's opening melds this turn are worth {self.turn_value}; it needs "
                    f"{minimum}. Meld {minimum - self.turn_value} more before you discard."), (),
                    {"minimum": minimum, "value": self.turn_value, "opened": False})
        return None

    def _only_sevens_stuck(self, seat: int) -> bool:
        """Pennies safety valve: every card in hand is a seven and none may be melded."""
        hand = self.hands[seat]
        if any(c.rank != 7 for c in hand):
            return False
        return not any(self.meld_problem(seat, m.groups) is None for m in meld_candidates(self, seat))

    def ask_problem(self, seat: int, by_rank: dict[int, list[Card]] | None = None) -> _Problem | None:
        """Why ``seat`` may not ask "may I go out?" now, or None (``by_rank``: the hand by `group_by_rank`,
        when the caller has it)."""
        if self.phase == "over":
            return self._turn_problem(seat, "any")
        if self.phase == "answer":
            return self._turn_problem(seat, "any")
        if seat != self.to_move:
            return self._turn_problem(seat, "any")
        if self.permission is not None:
            return _Problem("permission_already_asked", lambda: (
                f"{self.seat_name(seat)} already asked this turn and the answer ({self.permission}) binds."))
        timing = self.profile.permission_timing
        if timing == "after_draw_or_top_meld":
            right = self.phase == "play" and self.turn_meld_actions == 0
            when = "right after drawing or taking the pile (after the top card's meld), before other melds"
        elif timing == "after_draw_if_able":
            right = self.phase == "play" and self.drew_from == "stock" and self.turn_meld_actions == 0
            when = "only after drawing from the stock, before any meld"
        elif timing == "before_pile_or_meld":
            right = self.phase == "draw" or (self.drew_from == "stock" and self.turn_meld_actions == 0)
            when = "before taking the pile or melding"
        else:
            return _Problem("permission_wrong_time", lambda: (
                f"In the {self.profile.name} profile nobody asks the partner for permission to go out."))
        if not right:
            return _Problem("permission_wrong_time", lambda: (
                f"In the {self.profile.name} profile you may ask to go out {when}."))
        if self.phase == "play" and len(self.hands[seat]) < 2:
            return _Problem("permission_wrong_time", lambda: (
                f"{self.seat_name(seat)} holds a single card: discarding it goes out, so a \"no\" could not "
                "be obeyed. Asking makes sense only while you could still keep a card."))
        if not self._able_to_go_out(seat, by_rank):
            return _Problem("permission_cannot_go_out", lambda: (
                f"{self.seat_name(seat)} cannot go out this turn with this hand (every card melded, or all "
                f"but one discarded, with {self.canasta_requirement()} on the team's side), so there is nothing "
                "to ask."))
        return None

    def _able_to_go_out(self, seat: int, by_rank: dict[int, list[Card]] | None = None) -> bool:
        """Could the player go out this turn? Cheap conditions first, then the exact search."""
        if not self._canasta_within_reach(seat, by_rank):
            return False
        if self.opened[self.team_of(seat)] and self.phase != "draw" and self._clearly_can_go_out(seat):
            return True
        return self._able_to_go_out_exactly(seat)

    def _able_to_go_out_exactly(self, seat: int) -> bool:
        """The exact search behind `_able_to_go_out` (tests check the shortcuts against it)."""
        team = self.team_of(seat)
        prof = self.profile
        before_draw = self.phase == "draw"
        most_kept = 0 if before_draw else self._most_kept(self.hands[seat])
        plans = plan_values(self.hands[seat], self.melds[team], prof,
                            allow_wilds=prof.opening_wilds_allowed or self.opened[team],
                            black_threes=True, enough=self._enough_after(self.canasta_kinds(team)),
                            max_kept=most_kept, values_needed=not self.opened[team])
        minimum = self.opening_minimum(team)
        waiver = prof.concealed_waives_minimum and not self.has_melded[seat] and self.drew_from != "pile"
        for (kept, enough), value in plans.items():
            if not enough or kept > most_kept:
                continue
            if self.opened[team] or self.turn_value + value >= minimum or waiver:
                return True
        return False

    def _clearly_can_go_out(self, seat: int) -> bool:
        """A cheap sufficient condition (plain classic-family rules only): the team already has
        its canastas (or one rank's naturals complete one now), every natural can go onto a meld
        (the team's, or a new one of three, or a pair with a wild card), the other wild cards fit
        on melds, and at most one card is left for the discard. When it fails, the exact search
        decides."""
        prof = self.profile
        if not is_plain_sets(prof) or prof.naturals_must_exceed_wilds:
            return False
        team = self.team_of(seat)
        melds = self.melds[team]
        counts: dict[int, int] = {}
        wilds = 0
        for card in self.hands[seat]:
            if card.is_wild:
                wilds += 1
            else:
                counts[card.rank] = counts.get(card.rank, 0) + 1
        kinds = self.canasta_kinds(team)
        if not self.has_enough_canastas(kinds):
            # ... or the naturals of one rank complete a new canasta this turn, which is enough
            # whichever kind it ends up (the wild cards below may go onto it)
            size = prof.canasta_size
            if not (self.has_enough_canastas([*kinds, "natural"]) and self.has_enough_canastas([*kinds, "mixed"])
                    and any(rank != BLACK_THREE_RANK and (rank in melds or count >= prof.meld_min_size)
                            and len(melds.get(rank, ())) < size <= count + len(melds.get(rank, ()))
                            for rank, count in counts.items())):
                return False
        left = 0
        capacity = 0
        for rank, count in counts.items():
            if rank == BLACK_THREE_RANK:
                if count < prof.meld_min_size:
                    left += count
            elif rank in melds:
                capacity += max(0, prof.wild_limit - meld_counts(melds[rank], rank)[1])
            elif count >= prof.meld_min_size:
                capacity += prof.wild_limit
            elif count == prof.meld_min_size - 1 and count >= prof.meld_min_naturals and wilds and prof.wild_limit:
                wilds -= 1  # a pair takes one wild card to become a meld
                capacity += prof.wild_limit - 1
            else:
                left += count
        for rank, meld in melds.items():
            if rank not in counts:
                capacity += max(0, prof.wild_limit - meld_counts(meld, rank)[1])
        if wilds > capacity:
            left += wilds - capacity
        return left <= 1 and sum(counts.values()) + wilds > left  # a card must remain to meld or discard

    def _canasta_within_reach(self, seat: int, by_rank: dict[int, list[Card]] | None = None) -> bool:
        """A cheap necessary condition for going out this turn: the team has its canastas, or
        some rank could reach a canasta with the hand's naturals and wild cards. ``by_rank``:
        the hand grouped by `group_by_rank`, when the caller has it."""
        team = self.team_of(seat)
        prof = self.profile
        if by_rank is None:
            by_rank = group_by_rank(self.hands[seat])
        melds = self.melds[team]
        if stranded_count(by_rank, melds, prof) > 1:
            return False
        wilds = len(by_rank.get(0, ())) + len(by_rank.get(2, ()))
        if self.has_enough_canastas(self.canasta_kinds(team)):
            return True
        reach = min(wilds, prof.wild_limit)
        for rank in by_rank.keys() | melds.keys():
            if rank != 0 and rank != 2 and (len(by_rank.get(rank, ())) + len(melds.get(rank, ())) + reach
                                            >= prof.canasta_size):
                return True
        return False

    def _answer_problem(self, seat: int) -> _Problem | None:
        if self.phase == "over":
            return self._turn_problem(seat, "any")
        if self.phase != "answer" or self.asker is None:
            return _Problem("permission_not_asked",
                            lambda: "Nobody has asked to go out, so there is nothing to answer.")
        partner = self.partner_of(self.asker)
        if seat != partner:
            return _Problem("not_your_turn", lambda: (
                f"{self.seat_name(self.asker or 0)} asked {self.seat_name(partner)}, so only "
                f"{self.seat_name(partner)} may answer."))
        return None

    def _must_take(self, seat: int) -> bool:
        """End of stock: an unfrozen pile whose top card fits a team meld must be taken."""
        team = self.team_of(seat)
        top = self.top_card
        if self.profile.end_of_stock != "play_on_with_pile" or top is None or top.rank not in self.melds[team]:
            return False
        if pile_status(self.pile, self.profile, team_opened=self.opened[team]).state != "open":
            return False
        return self.take_problem(seat, (), ()) is None

    def _draw_problem(self, seat: int) -> _Problem | None:
        problem = self._turn_problem(seat, "draw")
        if problem:
            return problem
        if not self.stock and not any(self.morto_available(t) for t in range(self.profile.team_count)):
            return _Problem("stock_empty", lambda: (
                "The stock is empty: the top card fits your team's meld and the pile is not frozen for it, so "
                "you must take the pile." if self._must_take(seat) else
                "The stock is empty: take the discard pile if you can, or decline it to end the hand."))
        return None

    def redraw_problem(self, seat: int) -> _Problem | None:
        """Why ``seat`` may not use the first-turn redraw now (Brazilian games), or None."""
        problem = self._turn_problem(seat, "play")
        if problem:
            return problem
        prof = self.profile
        if not prof.first_turn_redraw or self.turn_number != 0 or self.drew_from != "stock" \
                or len(self.turn_drawn) != 1 or self.turn_meld_actions or not self.stock:
            why = ("this profile has no such option" if not prof.first_turn_redraw else
                   "only the first player of a hand may, once, right after drawing from the stock and before "
                   "melding, while the stock has cards")
            return _Problem("redraw_not_allowed", lambda: (
                f"{self.seat_name(seat)} may not discard the drawn card and draw again: {why}."))
        return None

    def swap_problem(self, seat: int, key: int, card: Card) -> _Problem | None:
        """Why ``seat`` may not take back the joker of meld ``key`` with ``card`` (Brazilian games), or None."""
        problem = self._turn_problem(seat, "play")
        if problem:
            return problem
        prof = self.profile
        if 0 not in prof.swappable_wilds:
            return _Problem("swap_not_possible", lambda: (
                f"In the {prof.name} profile melded cards never return to the hand."))
        problem = self._hand_problem(seat, [card]) or self._locked_problem(seat, [card])
        if problem:
            return problem
        team = self.team_of(seat)
        meld = self.melds[team].get(key)
        if meld is None:
            return _Problem("swap_not_possible", lambda: (
                f"Your team has no meld {key}: a joker may be taken back only from your team's melds."))
        result = swap_joker(meld, card, key == ACE_SET_KEY)
        if isinstance(result, str):
            text = result
            return _Problem("swap_not_possible", lambda: text, (card,))
        return None

    def decline_problem(self, seat: int) -> _Problem | None:
        """Why ``seat`` may not decline the pile now (end of stock only), or None: `verify_decline`'s rule,
        public for move generation."""
        problem = self._turn_problem(seat, "draw")
        if problem:
            return problem
        if self.stock:
            return _Problem("decline_only_at_end_of_stock", lambda: (
                f"The stock still has {_plural(len(self.stock), 'card')}: draw one (or take the pile). "
                "Declining ends the hand only when the stock is empty."), (), {"stock_count": len(self.stock)})
        if self._must_take(seat):
            top = self.top_card
            return _Problem("must_take_pile", lambda: (
                f"The stock is empty and the top card {top} fits your team's meld of "
                f"{top.rank_plural if top else ''}: you must take the pile."), (),
                {"top": top, "team_meld_ranks": (top.rank,) if top else (), "stock_count": 0})
        return None

    def _problem(self, action: Action) -> _Problem | None:
        if isinstance(action, Draw):
            return self._draw_problem(action.seat)
        if isinstance(action, TakePile):
            if action.target is not None and self.profile.pile_take_rule != "top_card_only":
                return _Problem("meld_no_such_meld", lambda: (
                    f"In the {self.profile.name} profile the top card goes onto the team's meld of its rank: "
                    "write 'take' without a meld number."))
            return self.take_problem(action.seat, action.cards, action.extra_melds, action.target)
        if isinstance(action, Swap):
            return self.swap_problem(action.seat, action.target, action.card)
        if isinstance(action, Redraw):
            return self.redraw_problem(action.seat)
        if isinstance(action, Meld):
            return self.meld_problem(action.seat, action.groups)
        if isinstance(action, Discard):
            return self.discard_problem(action.seat, action.card)
        if isinstance(action, Ask):
            return self.ask_problem(action.seat)
        if isinstance(action, Answer):
            return self._answer_problem(action.seat)
        if isinstance(action, Decline):
            return self.decline_problem(action.seat)
        raise TypeError(f"Not an action: {action!r}")

    # ------------------------------------------------------------------ verdicts
    def check(self, action: Action | str) -> Verdict:
        """The verdict on any action (object or text), without performing it."""
        if isinstance(action, str):
            action = parse_action(action, self.player_count)
        problem = self._problem(action)
        if problem is not None:
            return Verdict.refuse(problem.code, problem.message(), cards=problem.cards,
                                  facts=dict(problem.facts or {}))
        return self._ok_verdict(action)

    def _ok_verdict(self, action: Action) -> Verdict:
        name = self.seat_name(action.seat)
        if isinstance(action, TakePile):
            top = self.pile[-1]
            meld = (top,) + action.cards
            below = self.pile[:-1]
            picked = [c for c in below if not c.is_red_three]
            threes = [c for c in below if c.is_red_three]
            onto_team_meld = not action.cards and self.profile.pile_take_rule != "top_card_only"
            how = (f"melding {format_cards(action.cards)} with the top card {top}" if action.cards
                   else f"adding the top card {top} to the team's meld of {top.rank_plural}")
            if self.profile.pile_take_rule == "top_card_only":
                how = (f"melding the top card {top}" + (f" with {format_cards(action.cards)}" if action.cards else "")
                       + (f" onto meld {action.target}" if action.target is not None else ""))
            extra = "".join(f", then {format_cards(g.cards)}" for g in action.extra_melds)
            state = self.pile_status(action.seat)
            note = f" ({state.message})" if state.state == "frozen" else ""
            if not below:
                rest_text = "; the pile holds no other card"
            else:
                rest_text = f", then picks up the other {_plural(len(picked), 'card')}"
                if threes:
                    rest_text += (f" (the red three{'s' if len(threes) != 1 else ''} {format_cards(threes)} in it "
                                  f"{'is' if len(threes) == 1 else 'are'} laid face up for the team)")
            facts: dict[str, Any] = {
                "action": "take_pile", "seat": action.seat, "top": top,
                "pile_cards": (top, *threes, *(c for c in (state.facts.get("pile_cards", ()) if note else ())
                                               if c not in threes)),
                "hand_cards": action.cards + tuple(c for g in action.extra_melds for c in g.cards),
                "picked_up": len(picked), "red_threes_laid": tuple(threes), "goes_out": False,
                "team_meld_ranks": (top.rank,) if onto_team_meld else (),
            }
            return Verdict.allow("pile_takeable",
                                 f"{name} may take the pile by {how}{extra}{rest_text}.{note}", meld=meld,
                                 melds=tuple(g.cards for g in action.extra_melds), facts=facts)
        if isinstance(action, Meld):
            cards = action.cards
            value = cards_value(cards, self.profile)
            empties = len(self.hands[action.seat]) == len(cards)
            goes_out = False
            then = ""
            facts_extra: dict[str, Any] = {}
            if empties:
                # what emptying the hand does depends on the profile: simulate it on a copy
                after = self.copy()
                after._perform(action)
                goes_out = after.went_out == action.seat
                kinds = {e.kind for e in after.events_for(len(after.log) - 1)}
                if goes_out:
                    then = " and go out"
                elif "morto_taken" in kinds:
                    then = (" and run out of cards: a batida, which takes the team's morto into the hand, "
                            "and play goes on")
                elif "reserve_taken" in kinds:
                    facts_extra["reserve"] = len(self.reserves[action.seat])
                    then = (f" and empty the hand, but the canasta brings the {len(self.reserves[action.seat])}-card "
                            "reserve into it, and play goes on")
            groups = " | ".join(str(g) for g in action.groups)
            facts = {"action": "meld", "seat": action.seat, "hand_cards": cards, "value": value,
                     "goes_out": goes_out, "empties_hand": empties,
                     "team_meld_ranks": tuple(g.target for g in action.groups if g.target is not None),
                     **facts_extra}
            return Verdict.allow("ok", f"{name} may meld {groups} ({value} points){then}.",
                                 value=value, facts=facts)
        facts = {"action": type(action).__name__.lower(), "seat": action.seat}
        if isinstance(action, Discard):
            facts["hand_cards"] = (action.card,)
        return Verdict.allow("ok", f"{action.text(self.player_count)} is legal.", facts=facts)

    def _verify(self, action: Action) -> None:
        problem = self._problem(action)
        if problem is not None:
            raise IllegalActionError(Verdict.refuse(problem.code, problem.message(), cards=problem.cards))

    # public triples --------------------------------------------------------------
    def _seat(self, seat: int | None) -> int:
        if seat is None:
            if self.phase == "answer" and self.asker is not None:
                return self.partner_of(self.asker)
            return self.to_move
        if not isinstance(seat, int) or not 0 <= seat < self.player_count:
            raise ValueError(f"seat must be 0-{self.player_count - 1}, not {seat!r}.")
        return seat

    def can_draw(self, seat: int | None = None) -> Verdict:
        """Verdict on drawing from the stock."""
        return self.check(Draw(self._seat(seat)))

    def verify_draw(self, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless drawing is legal."""
        self._verify(Draw(self._seat(seat)))

    def draw(self, seat: int | None = None) -> Draw:
        """Draw from the stock (red threes are laid down and replaced automatically)."""
        return self._perform(Draw(self._seat(seat)))  # type: ignore[return-value]

    def _take_action(self, cards: CardsLike, extra_melds: MeldsLike, seat: int | None) -> TakePile:
        return TakePile(self._seat(seat), tuple(need_cards(cards, "cards")), to_groups(extra_melds or ()))

    def can_take_pile(self, cards: CardsLike = (), extra_melds: MeldsLike = (), seat: int | None = None) -> Verdict:
        """Verdict on taking the pile, melding its top card with ``cards`` from hand (none:
        onto the team's meld of its rank), laying ``extra_melds`` for the opening."""
        return self.check(self._take_action(cards, extra_melds, seat))

    def verify_take_pile(self, cards: CardsLike = (), extra_melds: MeldsLike = (), seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless this pile take is legal."""
        self._verify(self._take_action(cards, extra_melds, seat))

    def take_pile(self, cards: CardsLike = (), extra_melds: MeldsLike = (), seat: int | None = None) -> TakePile:
        """Take the discard pile (see `can_take_pile`)."""
        return self._perform(self._take_action(cards, extra_melds, seat))  # type: ignore[return-value]

    def can_meld(self, melds: MeldsLike, seat: int | None = None) -> Verdict:
        """Verdict on laying down melds / additions (``"h1 c1 d2 | 13: d2"``)."""
        return self.check(Meld(self._seat(seat), to_groups(melds)))

    def verify_meld(self, melds: MeldsLike, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless the melds are legal."""
        self._verify(Meld(self._seat(seat), to_groups(melds)))

    def meld(self, melds: MeldsLike, seat: int | None = None) -> Meld:
        """Lay down melds or add to the team's melds."""
        return self._perform(Meld(self._seat(seat), to_groups(melds)))  # type: ignore[return-value]

    def _one_card(self, card: Card | str) -> Card:
        cards = need_cards(card, "card")
        if len(cards) != 1:
            raise ValueError(f"Name exactly one card to discard, not {format_cards(cards) or 'none'}.")
        return cards[0]

    def can_discard(self, card: Card | str, seat: int | None = None) -> Verdict:
        """Verdict on discarding ``card``."""
        return self.check(Discard(self._seat(seat), self._one_card(card)))

    def verify_discard(self, card: Card | str, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless the discard is legal."""
        self._verify(Discard(self._seat(seat), self._one_card(card)))

    def discard(self, card: Card | str, seat: int | None = None) -> Discard:
        """Discard a card, ending the turn (or going out with the last card)."""
        return self._perform(Discard(self._seat(seat), self._one_card(card)))  # type: ignore[return-value]

    def can_ask(self, seat: int | None = None) -> Verdict:
        """Verdict on asking the partner "may I go out?"."""
        return self.check(Ask(self._seat(seat)))

    def verify_ask(self, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless asking is legal now."""
        self._verify(Ask(self._seat(seat)))

    def ask(self, seat: int | None = None) -> Ask:
        """Ask the partner for permission to go out; the partner must answer next."""
        return self._perform(Ask(self._seat(seat)))  # type: ignore[return-value]

    def can_answer(self, yes: bool, seat: int | None = None) -> Verdict:
        """Verdict on answering the partner's question."""
        return self.check(Answer(self._seat(seat), bool(yes)))

    def verify_answer(self, yes: bool, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless this answer is legal."""
        self._verify(Answer(self._seat(seat), bool(yes)))

    def answer(self, yes: bool, seat: int | None = None) -> Answer:
        """Answer "may I go out?" (binding)."""
        return self._perform(Answer(self._seat(seat), bool(yes)))  # type: ignore[return-value]

    def can_decline(self, seat: int | None = None) -> Verdict:
        """Verdict on declining the pile when the stock is empty (ends the hand)."""
        return self.check(Decline(self._seat(seat)))

    def verify_decline(self, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless declining is legal."""
        self._verify(Decline(self._seat(seat)))

    def decline(self, seat: int | None = None) -> Decline:
        """Decline the pile at the end of the stock, ending the hand."""
        return self._perform(Decline(self._seat(seat)))  # type: ignore[return-value]

    def can_swap(self, target: int, card: Card | str, seat: int | None = None) -> Verdict:
        """Verdict on replacing the joker of team meld ``target`` by ``card`` (Brazilian games)."""
        return self.check(Swap(self._seat(seat), target, self._one_card(card)))

    def verify_swap(self, target: int, card: Card | str, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless this joker swap is legal."""
        self._verify(Swap(self._seat(seat), target, self._one_card(card)))

    def swap(self, target: int, card: Card | str, seat: int | None = None) -> Swap:
        """Put ``card`` in the place of the joker it stands for and take the joker into hand."""
        return self._perform(Swap(self._seat(seat), target, self._one_card(card)))  # type: ignore[return-value]

    def can_redraw(self, seat: int | None = None) -> Verdict:
        """Verdict on the first-turn option: discard the drawn card and draw another."""
        return self.check(Redraw(self._seat(seat)))

    def verify_redraw(self, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless the first-turn redraw is legal."""
        self._verify(Redraw(self._seat(seat)))

    def redraw(self, seat: int | None = None) -> Redraw:
        """First turn of a hand: discard the card just drawn (it starts the pile) and draw another."""
        return self._perform(Redraw(self._seat(seat)))  # type: ignore[return-value]

    def can_apply(self, action: Action | str) -> Verdict:
        """Verdict on any action (object or one-line text)."""
        return self.check(action)

    def verify_apply(self, action: Action | str) -> None:
        """Raise `IllegalActionError` unless the action is legal."""
        if isinstance(action, str):
            action = parse_action(action, self.player_count)
        self._verify(action)

    def apply(self, action: Action | str) -> Action:
        """Perform any action (object or one-line text) through its verify/do pair."""
        if isinstance(action, str):
            action = parse_action(action, self.player_count)
        return self._perform(action)

    # ------------------------------------------------------------------ performing
    def _perform(self, action: Action) -> Action:
        memo = self._legal_memo
        trusted = False
        if memo is not None and memo[0] == len(self.log):
            for listed in memo[1]:
                if listed is action:
                    trusted = True  # an action from the last legal_actions() list was checked there
                    break
        if not trusted:
            self._verify(action)
        index = len(self.log)
        self.log.append(action)
        if isinstance(action, Draw):
            self._do_draw(action.seat, index)
        elif isinstance(action, TakePile):
            self._do_take(action, index)
        elif isinstance(action, Meld):
            self._do_meld(action.seat, action.groups, index)
            self.turn_meld_actions += 1
            self._after_meld(action.seat, index)
        elif isinstance(action, Discard):
            self._do_discard(action.seat, action.card, index)
        elif isinstance(action, Ask):
            self.permission = "asked"
            self.asker = action.seat
            self.phase_before_answer = self.phase
            self.phase = "answer"
            self.events.append(Event("permission_asked", action.seat, (),
                                     f"{self.seat_name(action.seat)} asks: \"Partner, may I go out?\"", index))
        elif isinstance(action, Answer):
            self.permission = "yes" if action.yes else "no"
            self.phase = self.phase_before_answer
            self.events.append(Event("permission_answered", action.seat, (),
                                     f"{self.seat_name(action.seat)} answers {self.permission}: "
                                     + ("the player must go out this turn." if action.yes
                                        else "the player may not go out this turn."), index))
        elif isinstance(action, Swap):
            self._do_swap(action, index)
        elif isinstance(action, Redraw):
            self._do_redraw(action.seat, index)
        elif isinstance(action, Decline):
            self._end_round("stock_exhausted",
                            f"The stock is empty and {self.seat_name(action.seat)} declines the pile: "
                            "the hand ends (no going-out bonus).", index)
        self._legal_memo = None  # asked mid-action (a red three drawn last), it described no real state
        return action

    def _do_draw(self, seat: int, index: int) -> None:
        hand = self.hands[seat]
        drawn = []
        for _ in range(self.profile.stock_draw_count):
            if not self.stock:
                self._morto_to_stock(seat, index)
            if not self.stock:
                break
            card = self.stock.pop()
            drawn.append(card)
            hand.append(card)
        self.events.append(Event("drew", seat, tuple(drawn),
                                 f"{self.seat_name(seat)} draws {_plural(len(drawn), 'card')}.", index))
        hand.sort(key=CARD_KEY)
        self.drew_from = "stock"
        self.phase = "play"
        for card in hand:
            if card.is_red_three:
                break
        else:  # the common draw: no red three to lay down
            self.turn_drawn = tuple(drawn)
            return
        before = len(self.events)
        self._lay_red_threes(seat, index)
        # the last stock card may be the drawn card or a red three's replacement
        last_card = next((e.cards[-1] for e in reversed(self.events) if e.action_index == index
                          and e.kind in ("drew", "replacement") and e.cards), None)
        last_was_red_three = not self.stock and last_card is not None and last_card.is_red_three
        if last_was_red_three and self.profile.end_of_stock == "play_on_with_pile":
            self._end_round("stock_exhausted",
                            "The last card of the stock was a red three: it is laid face up and the "
                            "hand ends at once (no meld, no discard).", index)
        elif last_was_red_three and not self.legal_actions():
            # end_when_empty: no replacement left and a hand that can neither meld nor
            # discard (one card, no canasta to go out with): the hand ends here.
            self._end_round("stock_exhausted",
                            "The last card of the stock was a red three: with no replacement, "
                            f"{self.seat_name(seat)} can neither meld nor discard, so the hand ends.",
                            index)
        replacements = [c for e in self.events[before:] if e.kind == "replacement" for c in e.cards]
        self.turn_drawn = tuple(c for c in drawn + replacements if c in hand and not c.is_red_three)

    def _do_redraw(self, seat: int, index: int) -> None:
        card = self.turn_drawn[0]
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.events.append(Event("redraw", seat, (card,),
                                 f"{self.seat_name(seat)} discards the drawn card {card} (first turn of the hand) "
                                 "and draws again.", index))
        self._do_draw(seat, index)
        self.turn_drawn = ()

    def _do_swap(self, action: Swap, index: int) -> None:
        seat = action.seat
        team = self.team_of(seat)
        result = swap_joker(self.melds[team][action.target], action.card, action.target == ACE_SET_KEY)
        assert not isinstance(result, str)
        meld, joker = result
        before = self.canasta_kinds(team)
        self.melds[team][action.target] = meld
        self.hands[seat].remove(action.card)
        self.hands[seat].append(joker)
        self.hands[seat].sort(key=CARD_KEY)
        self.has_melded[seat] = True
        self.events.append(Event("joker_swapped", seat, (action.card, joker),
                                 f"{self.seat_name(seat)} puts {action.card} in place of the joker in "
                                 f"{self.meld_label(action.target, meld)} and takes the joker into hand.", index,
                                 value=action.target))
        self._note_kind_change(seat, team, action.target, before, index)

    def _note_kind_change(self, seat: int, team: int, key: int, before: Sequence[str], index: int) -> None:
        """Brazilian games: say when a meld becomes a canasta or changes kind (real → suja...)."""
        after = self.canasta_kinds(team)
        if sorted(before) == sorted(after):
            return
        meld = self.melds[team][key]
        kind = canasta_kind(meld, key, self.profile)
        label = self.meld_label(key, meld)
        if kind is None:
            message = f"{label} is no longer a canasta (more than one wild card)."
        else:
            message = f"{label} is now a canastra {kind.replace('_', ' ')}."
        self.events.append(Event("canasta_kind_changed", seat, tuple(meld), message, index, value=key))

    def _lay_meld(self, seat: int, team: int, rank: int, cards: Sequence[Card], index: int,
                  final: list[Card] | None = None) -> None:
        melds = self.melds[team]
        if final is not None:
            self._lay_sequence_meld(seat, team, rank, cards, final, index)
            return
        size = self.profile.canasta_size
        existing = melds.get(rank)
        was_canasta = existing is not None and len(existing) >= size
        was_natural = was_canasta and existing is not None and not any(c.is_wild for c in existing)
        name = self.seat_name(seat)
        if existing is None:
            melds[rank] = list(cards)
            self.events.append(Event("meld_new", seat, tuple(cards),
                                     f"{name} melds {format_cards(cards)}.", index))
        else:
            existing.extend(cards)
            self.events.append(Event("meld_added", seat, tuple(cards),
                                     f"{name} adds {format_cards(cards)} to the meld of "
                                     f"{rank_name(rank, plural=True)}.", index, value=rank))
            if rank in self.turn_start_ranks:
                self.turn_added_to_old = True
        meld = melds[rank]
        if len(meld) >= size and not was_canasta and rank != BLACK_THREE_RANK:
            kind = canasta_kind(meld, rank, self.profile)
            if kind is not None:  # a meld the profile never counts as a canasta is not announced as one
                self.events.append(Event("canasta_completed", seat, tuple(meld),
                                         f"{name} completes a {kind.replace('_', ' ')} canasta of "
                                         f"{meld_name(rank)}.", index, value=rank))
            if closes_at_canasta(rank, self.profile):
                self.closed[team].append(melds.pop(rank))
                self.events.append(Event("canasta_closed", seat, tuple(meld),
                                         f"The canasta of {meld_name(rank)} is closed: nothing more can be "
                                         "added to it.", index, value=rank))
            if self.reserves[seat]:
                self._pick_up_reserve(seat, index)
        elif was_natural and any(c.is_wild for c in cards):
            self.events.append(Event("canasta_turned_mixed", seat, tuple(c for c in cards if c.is_wild),
                                     f"The natural canasta of {rank_name(rank, plural=True)} becomes mixed "
                                     f"(bonus {self.profile.natural_canasta_bonus} → "
                                     f"{self.profile.mixed_canasta_bonus}).", index, value=rank))
        self.turn_own.setdefault(rank, []).extend(cards)
        self.has_melded[seat] = True
        if not self.opened[team]:
            self.turn_value += cards_value(cards, self.profile)

    def _lay_sequence_meld(self, seat: int, team: int, key: int, cards: Sequence[Card], final: list[Card],
                           index: int) -> None:
        """Brazilian games: a new sequence / set of aces, or cards added to one (``final`` is the
        whole meld in its stored order)."""
        melds = self.melds[team]
        name = self.seat_name(seat)
        before = self.canasta_kinds(team)
        label = self.meld_label(key, final)
        if key not in melds:
            shown = f" ({describe_run(final)})" if is_sequence_key(key) else ""
            self.events.append(Event("meld_new", seat, tuple(cards),
                                     f"{name} melds {format_cards(cards)}: {label}{shown}.", index, value=key))
        else:
            self.events.append(Event("meld_added", seat, tuple(cards),
                                     f"{name} adds {format_cards(cards)} to {label}.", index, value=key))
            if key in self.turn_start_ranks:
                self.turn_added_to_old = True
        melds[key] = list(final)
        self._note_kind_change(seat, team, key, before, index)
        self.turn_own.setdefault(key, []).extend(cards)
        self.has_melded[seat] = True
        if not self.opened[team]:
            self.turn_value += cards_value(cards, self.profile)

    def _pick_up_reserve(self, seat: int, index: int) -> None:
        """Pennies from Heaven: the player's first canasta brings his reserve into his hand."""
        reserve = self.reserves[seat]
        self.reserves[seat] = []
        self.hands[seat].extend(reserve)
        self.hands[seat].sort(key=CARD_KEY)
        self.events.append(Event("reserve_taken", seat, (),
                                 f"{self.seat_name(seat)} completed a canasta and picks up the "
                                 f"{len(reserve)}-card reserve.", index))
        self._lay_red_threes(seat, index)

    def _do_meld(self, seat: int, groups: Sequence[MeldGroup], index: int) -> None:
        team = self.team_of(seat)
        hand = self.hands[seat]
        if self.profile.meld_family == "sequences":
            for group in groups:
                result = self._sequence_group_problem(group, self.melds[team], {})
                assert not isinstance(result, _Problem), result
                for card in group.cards:
                    hand.remove(card)
                self._lay_meld(seat, team, result[0], group.cards, index, final=result[1])
            return
        for group in groups:
            for card in group.cards:
                hand.remove(card)
            rank = group.target if group.target is not None else meld_key(group.cards, self.profile)
            assert rank is not None
            self._lay_meld(seat, team, rank, group.cards, index)

    def _after_meld(self, seat: int, index: int) -> None:
        team = self.team_of(seat)
        if not self.opened[team] and self.turn_value >= self.opening_minimum(team):
            self.opened[team] = True
            self.events.append(Event("opening_reached", seat, (),
                                     f"The team's melds this turn are worth {self.turn_value}, reaching the "
                                     f"opening minimum of {self.opening_minimum(team)}: the team has opened.",
                                     index, value=self.turn_value))
        if not self.hands[seat]:
            if self.morto_available(team):
                self._take_morto(seat, index, direct=True)
            else:
                self._go_out(seat, index)

    def _do_take(self, action: TakePile, index: int) -> None:
        if self.profile.pile_take_rule == "top_card_only":
            self._do_take_top_card(action, index)
            return
        seat = action.seat
        team = self.team_of(seat)
        hand = self.hands[seat]
        top = self.pile.pop()
        for card in action.cards:
            hand.remove(card)
        self._lay_meld(seat, team, top.rank, (top,) + action.cards, index)
        self._do_meld(seat, action.extra_melds, index)
        rest = self.pile
        self.pile = []
        picked = [c for c in rest if not c.is_red_three]
        threes = [c for c in rest if c.is_red_three]
        hand.extend(picked)
        hand.sort(key=CARD_KEY)
        self.red_threes[seat].extend(threes)
        self.events.append(Event("pile_taken", seat, tuple(rest),
                                 f"{self.seat_name(seat)} takes the pile: {top} goes down with "
                                 f"{format_cards(action.cards) or 'the team meld'}, "
                                 f"{_joined_text(len(picked))}.", index))
        for card in threes:
            self.events.append(Event("red_three", seat, (card,),
                                     f"{self.seat_name(seat)} lays down the red three {card} found in the "
                                     "pile (no replacement).", index))
        self.drew_from = "pile"
        self.phase = "play"
        self._after_meld(seat, index)

    def _do_take_top_card(self, action: TakePile, index: int) -> None:
        """Brazilian games: the top card into a team meld, the rest into the hand, locked."""
        seat = action.seat
        team = self.team_of(seat)
        hand = self.hands[seat]
        top = self.pile[-1]
        target = action.target
        if target is None and not action.cards:
            target = next(k for k in sorted(self.melds[team])
                          if not isinstance(self._sequence_group_problem(MeldGroup((top,), k), self.melds[team], {}),
                                            _Problem))
        result = self._sequence_group_problem(MeldGroup((top,) + action.cards, target), self.melds[team], {})
        assert not isinstance(result, _Problem), result
        self.pile.pop()
        for card in action.cards:
            hand.remove(card)
        self._lay_meld(seat, team, result[0], (top,) + action.cards, index, final=result[1])
        rest = self.pile
        self.pile = []
        picked = [c for c in rest if not c.is_red_three]
        threes = [c for c in rest if c.is_red_three]
        hand.extend(picked)
        hand.sort(key=CARD_KEY)
        self.turn_locked = list(picked)
        self.red_threes[seat].extend(threes)
        self.events.append(Event("pile_taken", seat, tuple(rest),
                                 f"{self.seat_name(seat)} takes the pile: {top} goes down at once, "
                                 + (f"{_joined_text(len(picked))} (meldable from the next turn)." if picked
                                    else f"{_joined_text(0)}."),
                                 index))
        self._do_meld(seat, action.extra_melds, index)
        self.drew_from = "pile"
        self.phase = "play"
        self._after_meld(seat, index)

    def _do_discard(self, seat: int, card: Card, index: int) -> None:
        self.hands[seat].remove(card)
        self.pile.append(card)
        if card in self.turn_locked:
            self.turn_locked.remove(card)
        if not self.hands[seat]:
            if self.morto_available(self.team_of(seat)):
                self._take_morto(seat, index, direct=False)
                self._end_turn()
                return
            self._go_out(seat, index)
            return
        self._end_turn()

    def _is_concealed(self, seat: int) -> bool:
        if self.turn_start_has_melded:
            return False
        prof = self.profile
        if self.turn_added_to_old:
            if not prof.concealed_allows_partner_merge:
                return False
            for rank, cards in self.turn_own.items():
                nat = sum(1 for c in cards if not c.is_wild)
                if meld_counts_problem(nat, len(cards) - nat, rank, prof, going_out=True):
                    return False
        return any(len(cards) >= prof.canasta_size and rank != BLACK_THREE_RANK
                   for rank, cards in self.turn_own.items())

    def _go_out(self, seat: int, index: int) -> None:
        team = self.team_of(seat)
        concealed = self._is_concealed(seat) and not self.profile.morto_size
        if not self.opened[team]:
            self.opened[team] = True
            self.events.append(Event("opening_waived", seat, (),
                                     "Going out concealed after drawing from the stock waives the opening "
                                     "minimum.", index))
        self.went_out = seat
        self.went_out_concealed = concealed
        self.events.append(Event("went_out", seat, (),
                                 f"{self.seat_name(seat)} goes out{' concealed' if concealed else ''}.", index))
        self._end_round("went_out", f"{self.seat_name(seat)} went out.", index)

    def _end_turn(self) -> None:
        if not self.stock and self.profile.end_of_stock == "end_when_empty":
            self._end_round("stock_exhausted", "The turn ended with the stock empty: the hand ends.",
                            len(self.log) - 1)
            return
        self.to_move = self.next_seat(self.to_move)
        self.turn_number += 1
        self.phase = "draw"
        self._begin_turn_state()
        self._start_turn()

    def _end_round(self, reason: str, message: str, index: int | None = None) -> None:
        self.phase = "over"
        self.end_reason = reason
        if index is None:
            index = len(self.log) - 1
        if reason == "stock_exhausted":
            self.events.append(Event("stock_exhausted", None, (), message, index))
        self.events.append(Event("round_over", None, (), message, index))

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every distinct legal action now, at a grain a bot or a learner can use.

        Draw; each way of taking the pile (pair, natural + joker, natural + two, onto the team
        meld; with opening melds when needed); each meld or addition by rank (all naturals of
        that rank in hand, one kept back when going out would otherwise be forced) and by the
        wild cards used (jokers and twos apart); each discard; ask; answer. Never changes state.
        """
        memo = self._legal_memo
        if memo is not None and memo[0] == len(self.log):
            return list(memo[1])
        actions = list_legal_actions(self)
        self._legal_memo = (len(self.log), actions)
        return list(actions)

    # ------------------------------------------------------------------ results
    def scores(self) -> list[ScoreBreakdown]:
        """One score breakdown per team (the round must be over)."""
        if not self.is_over:
            raise ValueError("The round is not over yet; scores() is available once it ends.")
        return [self.score_team(team) for team in range(self.profile.team_count)]

    def score_team(self, team: int) -> ScoreBreakdown:
        """A team's score for the round as it stands (final once the round is over)."""
        seats = [s for s in range(self.player_count) if self.team_of(s) == team]
        went_out = self.went_out is not None and self.team_of(self.went_out) == team
        return score_team(
            list(self.melds[team].values()) + list(self.closed[team]),
            [c for s in seats for c in self.red_threes[s]],
            [self.hands[s] for s in seats],
            self.profile,
            went_out=went_out,
            concealed=went_out and self.went_out_concealed,
            has_melded=bool(self.melds[team]) or bool(self.closed[team]),
            team=team,
            reserves=[self.reserves[s] for s in seats],
            morto_taken=self.morto_state[team] == "taken" if self.profile.morto_size else None,
            players_without_meld=sum(1 for s in seats if not self.has_melded[s]),
        )

    # ------------------------------------------------------------------ state
    def snapshot(self) -> tuple[Any, ...]:
        """A comparable, immutable picture of the whole state (for tests and caches)."""
        return (
            self.profile.name, self.dealer, self.team_scores, self.to_move, self.phase, self.turn_number,
            tuple(self.stock), tuple(self.pile), tuple(tuple(h) for h in self.hands),
            tuple(tuple(t) for t in self.red_threes),
            tuple(tuple(sorted((r, tuple(m)) for r, m in team.items())) for team in self.melds),
            tuple(self.opened), tuple(self.has_melded), tuple(self.first_turn_done),
            tuple(self.log), tuple(self.events), self.end_reason, self.went_out, self.went_out_concealed,
            self.drew_from, self.turn_meld_actions, self.turn_value,
            tuple(sorted((r, tuple(c)) for r, c in self.turn_own.items())), self.turn_added_to_old,
            self.turn_start_ranks, self.turn_start_has_melded, self.permission, self.asker,
            self.phase_before_answer,
            tuple(tuple(tuple(m) for m in team) for team in self.closed), tuple(tuple(r) for r in self.reserves),
            tuple(tuple(m) for m in self.mortos), tuple(self.morto_state), tuple(self.morto_taker),
            tuple(self.turn_locked),
            self.turn_drawn,
        )

    def copy(self) -> Round:
        """An independent copy of the round (bots search on copies)."""
        new = Round.__new__(Round)
        new.__dict__.update(self.__dict__)
        new._legal_memo = None  # a copy may be edited directly (Position does) before it is asked
        new.stock = list(self.stock)
        new.pile = list(self.pile)
        new.hands = [list(h) for h in self.hands]
        new.red_threes = [list(t) for t in self.red_threes]
        new.melds = [{r: list(m) for r, m in team.items()} for team in self.melds]
        new.closed = [[list(m) for m in team] for team in self.closed]
        new.reserves = [list(r) for r in self.reserves]
        new.mortos = [list(m) for m in self.mortos]
        new.morto_state = list(self.morto_state)
        new.morto_taker = list(self.morto_taker)
        new.turn_locked = list(self.turn_locked)
        new.opened = list(self.opened)
        new.has_melded = list(self.has_melded)
        new.first_turn_done = list(self.first_turn_done)
        new.log = list(self.log)
        new.events = list(self.events)
        new.turn_own = {r: list(c) for r, c in self.turn_own.items()}
        return new

    def all_cards(self) -> list[Card]:
        """Every card of the round wherever it is (108 in classic)."""
        cards = list(self.stock) + list(self.pile)
        for hand in self.hands:
            cards.extend(hand)
        for threes in self.red_threes:
            cards.extend(threes)
        for team in self.melds:
            for meld in team.values():
                cards.extend(meld)
        for closed in self.closed:
            for meld in closed:
                cards.extend(meld)
        for reserve in self.reserves:
            cards.extend(reserve)
        for morto in self.mortos:
            cards.extend(morto)
        return cards

    def events_for(self, action_index: int) -> list[Event]:
        """The events caused by the action at ``action_index`` (-1: the deal)."""
        return [e for e in self.events if e.action_index == action_index]

    def action_text(self, action: Action) -> str:
        """An action's one-line text at this table."""
        return action.text(self.player_count)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.seat_name(self.to_move)} to {self.phase}"
        return (f"<Round {self.profile.name}: dealer {self.seat_name(self.dealer)}, {state}, "
                f"stock {len(self.stock)}, pile {len(self.pile)}, {len(self.log)} actions>")

    def __str__(self) -> str:
        from ..render.text import round_text

        return round_text(self)

    def _repr_html_(self) -> str:
        from ..render import round_html

        return round_html(self)
