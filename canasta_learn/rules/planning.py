"""Searches over a hand: what melds could it still make this turn?

The engine asks these questions to keep a turn from reaching a dead end (a partial opening
that can no longer reach the minimum, a "yes" to "may I go out?" that cannot be honoured):

* `plan_values` — for each outcome class (cards kept: 0, 1, 2 or more; whether the team then
  has a canasta) the highest card value the hand can meld this turn.

It works on counts (rank by rank, jokers and twos apart), so it is exact and fast.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass

from ..core.cards import CARD_KEY, Card, format_cards, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..profiles import Profile, get_profile  # noqa: F401  (get_profile: doctests)
from ..variants import rules_for
from .melds import BLACK_THREE_RANK, DEUCE_RANK, cards_value, meld_counts, meld_counts_problem

__all__ = ["OpeningOption", "PlanValues", "count_hand", "enumerate_openings", "is_plain_sets", "melding_bounds",
           "group_by_rank", "plan_values", "stranded_count"]

#: {(kept, canasta): best melded value}; kept is 0, 1 or 2 (2 = two or more).
PlanValues = dict[tuple[int, bool], int]


def count_hand(hand: Iterable[Card]) -> tuple[dict[int, int], int, int]:
    """(natural counts by rank, jokers, twos) of a hand."""
    naturals: dict[int, int] = {}
    jokers = twos = 0
    for card in hand:
        if card.rank == 0:
            jokers += 1
        elif card.rank == 2:
            twos += 1
        else:
            naturals[card.rank] = naturals.get(card.rank, 0) + 1
    return naturals, jokers, twos


#: `_allowed_wilds`' answers: (rules, naturals, wild cards before, meld key, most wild cards, size
#: checked) -> the numbers of wild cards added that keep the meld legal.
_ALLOWED_WILDS: dict[tuple[object, int, int, int, int, bool], frozenset[int]] = {}


def _allowed_wilds(rules: object, profile: Profile, naturals: int, wilds: int, rank: int, limit: int,
                   check_size: bool) -> frozenset[int]:
    """The numbers ``w`` of wild cards (0 to ``limit``) that a meld of key ``rank`` with
    ``naturals`` natural and ``wilds`` + ``w`` wild cards may have (`meld_counts_problem`),
    remembered by ``rules`` (``rules_for(profile)``: one object per profile value and set of
    plug-ins, so the same answer), as `plan_values` asks the same few questions again and again."""
    key = (rules, naturals, wilds, rank, limit, check_size)
    found = _ALLOWED_WILDS.get(key)
    if found is None:
        if len(_ALLOWED_WILDS) >= 4096:
            _ALLOWED_WILDS.clear()
        found = _ALLOWED_WILDS[key] = frozenset(
            w for w in range(limit + 1)
            if not meld_counts_problem(naturals, wilds + w, rank, profile, check_size=check_size))
    return found


def plan_values(
    hand: Sequence[Card],
    existing: Mapping[int, Sequence[Card]],
    profile: Profile,
    *,
    allow_wilds: bool = True,
    black_threes: bool = False,
    canasta_before: bool = False,
    canastas_needed: int = 1,
    canastas_before: int = 0,
    enough: Callable[[tuple[str, ...]], bool] | None = None,
    max_kept: int = 2,
    values_needed: bool = True,
) -> PlanValues:
    """The best melded value for each (cards kept, team then has enough canastas) outcome.

    ``existing`` maps meld keys to the team's melds (cards may be added to them). ``black_threes``
    allows a black-three meld (only for a player going out, so only in outcomes keeping at
    most one card with enough canastas). Whether the team has "enough" canastas is decided by
    ``enough(new_kinds)`` — the kinds of the canastas this plan would complete — or, without
    it, by counting: ``canastas_before + new >= canastas_needed`` (``canasta_before`` = already
    enough). ``max_kept`` below 2 drops every plan keeping more cards than that (the cards kept
    only grow as the search goes on, so going-out questions prune most of it early).
    ``values_needed=False`` asks only which outcomes are reachable: every value is reported as
    0, and where jokers and twos play alike (no deuce or wild-card melds) the search counts
    them as one kind of wild card, which makes it much smaller on big hands.
    """
    if enough is None:
        if canasta_before:
            def enough(kinds: tuple[str, ...]) -> bool:
                return True
        else:
            def enough(kinds: tuple[str, ...]) -> bool:
                return canastas_before + len(kinds) >= canastas_needed
    rules = rules_for(profile)
    options = rules.planning
    kind_of = rules.set_canasta_kind
    values = profile.card_values
    naturals, jokers, twos = count_hand(hand)
    black = naturals.pop(BLACK_THREE_RANK, 0)
    if options.deuce_meld_takes_twos and DEUCE_RANK in existing:
        # an open deuce meld takes every two the team melds (Italian,
        # docs/variants.md#variants-italian-deuce-melds): twos are its naturals
        naturals[DEUCE_RANK] = twos
        twos = 0
    if not values_needed and options.twos_play_as_jokers:
        jokers, twos = jokers + twos, 0
    canasta_size = profile.canasta_size
    limit = profile.wild_limit if allow_wilds else 0
    ranks = sorted(set(naturals) | {r for r in existing if r != BLACK_THREE_RANK})
    # state: (jokers left, twos left, kept capped at 2, kinds of new canastas) -> best value
    State = tuple[int, int, int, tuple[str, ...]]
    states: dict[State, int] = {(jokers, twos, 0, ()): 0}
    for rank in ranks:
        n = naturals.get(rank, 0)
        meld = existing.get(rank)
        if meld is not None:
            en, ew = meld_counts(meld, rank)
            was_canasta = len(meld) >= canasta_size
            uses = sorted({u for u in (n, n - 1, n - 2, 0) if u >= 0})
        else:
            en = ew = 0
            was_canasta = False
            uses = sorted({u for u in (n, n - 1, n - 2) if u >= profile.meld_min_naturals})
        rank_value = values[rank]
        # which numbers of added wild cards keep the meld legal, for each number of naturals used
        allowed_wilds = {used: _allowed_wilds(rules, profile, en + used, ew, rank, limit, meld is None)
                         for used in uses}
        new_states: dict[State, int] = {}
        joker_value, two_value = values[0], values[2]
        for (jl, tl, kept, kinds), value in states.items():
            skip_kept = kept + n if kept + n < 2 else 2
            if skip_kept <= max_kept:
                key: State = (jl, tl, skip_kept, kinds)
                if new_states.get(key, -1) < value:
                    new_states[key] = value
            most = jl + tl if jl + tl < limit else limit
            for used in uses:
                kept_after = kept + n - used
                if kept_after > max_kept:
                    if max_kept < 2:
                        continue
                    kept_after = 2
                base = value + used * rank_value
                for w in allowed_wilds[used]:
                    if w > most or (used == 0 and w == 0):
                        continue
                    new_kinds = kinds
                    if en + used + ew + w >= canasta_size and not was_canasta and len(kinds) < 4:
                        new_kinds = tuple(sorted(kinds + (kind_of(rank, ew + w),)))
                    for j in range(max(0, w - tl), min(jl, w) + 1):
                        t = w - j
                        key = (jl - j, tl - t, kept_after, new_kinds)
                        total = base + j * joker_value + t * two_value
                        if new_states.get(key, -1) < total:
                            new_states[key] = total
        states = new_states
    result: PlanValues = {}
    for (jl, tl, kept, kinds), value in states.items():
        has_enough = enough(kinds)
        outcomes = [(min(2, kept + jl + tl + black), value)]
        if black_threes and black >= profile.meld_min_size and has_enough:
            other = kept + jl + tl
            if other <= 1:
                outcomes.append((other, value + black * values[BLACK_THREE_RANK]))
        for final_kept, final_value in outcomes:
            if final_kept > max_kept:
                continue
            if not values_needed:
                final_value = 0
            key2 = (final_kept, has_enough)
            if result.get(key2, -1) < final_value:
                result[key2] = final_value
    return result


def is_plain_sets(profile: Profile) -> bool:
    """True for the classic family's plain rules (sets only, canastas never close, no deuce
    or wild-card melds, no sevens rules): where the quick bounds below apply
    (`canasta_learn.variants.PlanningOptions`, ``docs/rules.md#rules-melds``)."""
    return rules_for(profile).planning.plain_sets


def group_by_rank(hand: Iterable[Card]) -> dict[int, list[Card]]:
    """The cards of ``hand`` by rank (jokers under 0, twos under 2), in hand order.

    >>> group_by_rank(parse_cards("h13 jk s5 c13"))
    {13: [h13, c13], 0: [jk], 5: [s5]}
    """
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        rank = card.rank
        if rank in by_rank:
            by_rank[rank].append(card)
        else:
            by_rank[rank] = [card]
    return by_rank


def stranded_count(by_rank: Mapping[int, Sized], existing: Container[int], profile: Profile) -> int:
    """How many cards of a hand (grouped by `group_by_rank`) can surely not be melded this
    turn, counting no further than 2: lone naturals of a rank without a meld among
    ``existing``, black threes short of a meld, and pairs beyond the wild cards that would
    complete them. Going out leaves at most one card, so 2 rules it out.

    >>> stranded_count(group_by_rank(parse_cards("h13 h9 s9 jk c5 d5 h5")), {13}, get_profile())
    0
    >>> stranded_count(group_by_rank(parse_cards("h13 h9 s9 jk c6 d6")), set(), get_profile())
    2
    """
    stranded = 0
    pairs: list[int] = []  # new melds one card short: their natural counts
    min_size, min_naturals, wild_limit = profile.meld_min_size, profile.meld_min_naturals, profile.wild_limit
    for rank, cards in by_rank.items():
        if rank == 0 or rank == 2:
            continue
        count = len(cards)
        if rank == BLACK_THREE_RANK:
            stranded += count if count < min_size else 0
        elif rank in existing or count >= min_size:
            continue
        elif count < min_naturals or min_size - count > wild_limit:
            stranded += count
        elif min_size - count == 1:
            pairs.append(count)
        if stranded > 1:
            return 2
    wilds = len(by_rank.get(0, ())) + len(by_rank.get(2, ()))
    if len(pairs) > wilds:
        pairs.sort()
        stranded += sum(pairs[:len(pairs) - wilds])
    return min(stranded, 2)


def melding_bounds(hand: Sequence[Card], existing: Mapping[int, Sequence[Card]], profile: Profile, *,
                   allow_wilds: bool = True) -> tuple[int, int]:
    """Quick bounds on the value ``hand`` can meld this turn while keeping two or more cards,
    for plain-rules profiles (`is_plain_sets`): ``(lower, upper)``.

    ``lower`` is the value of one concrete legal plan that keeps at least two cards (every
    natural that goes onto a meld or forms a natural meld, pairs completed with wild cards,
    then the other wild cards where they fit),
    or -1 when that greedy plan cannot keep two cards. ``upper`` is at least the value of any
    plan, going out included. Exact answers come from `plan_values`; these only spare it
    the clear cases.

    >>> melding_bounds(parse_cards("h13 s13 d13 jk h5 c9"), {}, get_profile())
    (80, 80)
    >>> melding_bounds(parse_cards("h13 s13 d13 jk h5 c9 c9 s4"), {}, get_profile())  # the nines take the joker
    (100, 100)
    >>> melding_bounds(parse_cards("h13 s13 d13 jk h5 c9 c9"), {}, get_profile())  # ... unless two cards must stay
    (80, 100)
    """
    values = profile.card_values
    naturals, jokers, twos = count_hand(hand)
    black = naturals.pop(BLACK_THREE_RANK, 0)
    upper = black * values[BLACK_THREE_RANK]
    if allow_wilds:
        upper += jokers * values[0] + twos * values[2]
    value = used = 0
    rooms: list[list[int]] = []  # [naturals, wilds, rank] of melds that can take wild cards
    short: list[tuple[int, int, int]] = []  # (value, naturals, rank) of would-be melds short of cards
    for rank, count in naturals.items():
        meld = existing.get(rank)
        if meld is not None or count >= profile.meld_min_size:
            upper += count * values[rank]
        elif count >= profile.meld_min_naturals:
            short.append((count * values[rank], count, rank))
        if meld is not None:
            nat, wild = meld_counts(meld, rank)
            nat += count
        elif count >= profile.meld_min_size and not meld_counts_problem(count, 0, rank, profile):
            nat, wild = count, 0
        else:
            continue
        value += count * values[rank]
        used += count
        rooms.append([nat, wild, rank])
    for rank, meld in existing.items():
        if rank not in naturals and rank != BLACK_THREE_RANK:
            rooms.append([*meld_counts(meld, rank), rank])
    if not allow_wilds:
        jokers = twos = 0
    if short:
        # each needs a wild card at least: the upper bound takes the best the wild cards allow,
        # the lower plan completes the best ones it can while two cards stay in hand
        short.sort(reverse=True)
        upper += sum(v for v, _, _ in short[:jokers + twos])
        for pair_value, count, rank in short:
            need = profile.meld_min_size - count
            if (need > jokers + twos or len(hand) - used - count - need < 2
                    or meld_counts_problem(count, need, rank, profile)):
                continue
            from_jokers = min(need, jokers)
            jokers -= from_jokers
            twos -= need - from_jokers
            value += pair_value + from_jokers * values[0] + (need - from_jokers) * values[2]
            used += count + need
            rooms.append([count, need, rank])
    for wild_value, left in ((values[0], jokers), (values[2], twos)):
        for room in rooms:
            while left and len(hand) - used > 2 and not meld_counts_problem(
                    room[0], room[1] + 1, room[2], profile, check_size=False):
                room[1] += 1
                left -= 1
                used += 1
                value += wild_value
    if len(hand) - used < 2:
        return -1, upper
    return value, upper


@dataclass(frozen=True)
class OpeningOption:
    """One way to open: ``melds`` (tuples of cards; when the pile is taken, the first meld
    holds its ``top_card``) and their total ``value``."""

    melds: tuple[tuple[Card, ...], ...]
    value: int
    top_card: Card | None = None

    @property
    def takes_pile(self) -> bool:
        """True when this opening takes the discard pile with its top card."""
        return self.top_card is not None

    @property
    def wild_count(self) -> int:
        """Wild cards used."""
        return sum(1 for m in self.melds for c in m if c.is_wild)

    @property
    def card_count(self) -> int:
        """Cards used."""
        return sum(len(m) for m in self.melds)

    def __str__(self) -> str:
        text = " | ".join(format_cards(m) for m in self.melds) + f" = {self.value}"
        return f"take the pile with {self.top_card}: {text}" if self.top_card else text

    def __repr__(self) -> str:
        return f"OpeningOption({' | '.join(format_cards(m) for m in self.melds)!r}, value={self.value})"


def enumerate_openings(
    hand: Sequence[Card],
    minimum: int,
    profile: Profile,
    *,
    top: Card | None = None,
    extra_kept: int = 0,
    can_go_out: bool = True,
    canastas_before: int = 0,
    max_results: int = 500,
) -> list[OpeningOption]:
    """Every minimal set of new melds from ``hand`` (with ``top``, the pile's top card, forced
    into the first meld with a natural pair from hand) that reaches ``minimum`` and leaves a
    legal hand, best first (fewest wild cards, then fewest cards, then highest value).

    The grain: a meld uses every natural of its rank in the hand (one is kept back when the
    hand would otherwise be too small); wild cards are added only as needed, jokers and twos
    told apart. ``extra_kept`` counts cards that will join the hand anyway (the rest of the
    pile). Going out in the same turn needs a canasta (``can_go_out`` False forbids it).
    """
    values = profile.card_values
    allow_wilds = profile.opening_wilds_allowed
    by_rank: dict[int, list[Card]] = {}
    jokers: list[Card] = []
    twos: list[Card] = []
    for card in sorted(hand, key=CARD_KEY):
        if card.rank == 0:
            jokers.append(card)
        elif card.rank == 2:
            twos.append(card)
        elif card.rank != BLACK_THREE_RANK and not card.is_red_three:
            by_rank.setdefault(card.rank, []).append(card)
    forced_rank = top.rank if top is not None else None
    if forced_rank is not None and len(by_rank.get(forced_rank, ())) < profile.meld_min_naturals:
        return []
    ranks = [r for r in sorted(by_rank, key=lambda r: (-values[r], -r))
             if r != forced_rank and len(by_rank[r]) >= profile.meld_min_naturals]
    min_nat = profile.meld_min_naturals

    def needs_wild(nat: int) -> int:
        return max(0, profile.meld_min_size - nat)

    results: dict[tuple[tuple[Card, ...], ...], OpeningOption] = {}
    hand_size = len(hand)
    joker_value, two_value = values[0], values[2]

    def finish(naturals: list[tuple[int, list[Card]]]) -> None:
        # naturals: [(rank, natural cards incl. top)] ; wilds assigned here
        need = [needs_wild(len(cards)) for _, cards in naturals]
        total_need = sum(need)
        if total_need and not allow_wilds:
            return
        if total_need > len(jokers) + len(twos):
            return
        base = sum(cards_value(cards, profile) for _, cards in naturals)
        capacity = [profile.wild_limit - n for n in need]
        if profile.naturals_must_exceed_wilds:
            capacity = [min(c, len(cards) - 1 - n) for c, n, (_, cards) in zip(capacity, need, naturals, strict=False)]
        for jokers_needed in range(min(len(jokers), total_need) + 1):
            twos_needed = total_need - jokers_needed
            if twos_needed > len(twos):
                continue
            value = base + jokers_needed * joker_value + twos_needed * two_value
            j_left, t_left = len(jokers) - jokers_needed, len(twos) - twos_needed
            free = sum(max(0, c) for c in capacity) if allow_wilds else 0
            for extra_j in range(min(j_left, free) + 1):
                for extra_t in range(min(t_left, free - extra_j) + 1):
                    total = value + extra_j * joker_value + extra_t * two_value
                    if total < minimum:
                        continue
                    # minimal in extra wilds: none can be dropped
                    if extra_t and total - two_value >= minimum:
                        continue
                    if extra_j and not extra_t and total - joker_value >= minimum:
                        continue
                    record(naturals, need, capacity, jokers_needed, twos_needed, extra_j, extra_t, total)

    def record(naturals: list[tuple[int, list[Card]]], need: list[int], capacity: list[int],
               jokers_needed: int, twos_needed: int, extra_j: int, extra_t: int, total: int) -> None:
        joker_pool = list(jokers)
        two_pool = list(twos)
        melds: list[list[Card]] = []
        # needed wilds: jokers first to the earliest melds
        for (_, cards), n in zip(naturals, need, strict=False):
            meld = list(cards)
            for _ in range(n):
                if jokers_needed:
                    meld.append(joker_pool.pop())
                    jokers_needed -= 1
                else:
                    meld.append(two_pool.pop())
                    twos_needed -= 1
            melds.append(meld)
        caps = list(capacity)
        for pool, count in ((joker_pool, extra_j), (two_pool, extra_t)):
            for _ in range(count):
                for index, cap in enumerate(caps):
                    if cap > 0:
                        melds[index].append(pool.pop())
                        caps[index] -= 1
                        break
        # a meld that could be dropped makes the set non-minimal (the top-card meld stays)
        for index, meld in enumerate(melds):
            if forced_rank is not None and index == 0:
                continue
            if total - cards_value(meld, profile) >= minimum:
                return
        used_from_hand = sum(len(m) for m in melds) - (1 if top is not None else 0)
        kept = hand_size - used_from_hand + extra_kept
        canastas = canastas_before + sum(1 for m in melds if len(m) >= profile.canasta_size)
        if kept < 2 and not (can_go_out and canastas >= profile.go_out_canastas):
            # keep a card back: drop one natural from a meld that stays legal
            for index, meld in enumerate(melds):
                nat = [c for c in meld if c.rank != 0 and c.rank != 2]
                wild = len(meld) - len(nat)
                if len(nat) - 1 < min_nat or len(meld) - 1 < profile.meld_min_size:
                    continue
                if profile.naturals_must_exceed_wilds and wild and len(nat) - 1 <= wild:
                    continue
                drop = nat[-1] if not (top is not None and index == 0 and nat[-1] is top) else nat[-2]
                reduced = total - values[drop.rank]
                if reduced >= minimum and kept + 1 >= 2:
                    melds[index] = [c for c in meld if c is not drop] if meld.count(drop) == 1 else \
                        meld[:meld.index(drop)] + meld[meld.index(drop) + 1:]
                    total = reduced
                    break
            else:
                return
        key = tuple(tuple(m) for m in melds)
        if key not in results and len(results) < max_results:
            results[key] = OpeningOption(key, total, top)

    def rest_value(start: int) -> int:
        bound = 0
        for r in ranks[start:]:
            bound += values[r] * len(by_rank[r])
        return bound + (len(jokers) * joker_value + len(twos) * two_value if allow_wilds else 0)

    forced: list[tuple[int, list[Card]]] = []
    if top is not None:
        forced.append((top.rank, [top] + by_rank[top.rank]))

    def dfs(index: int, chosen: list[tuple[int, list[Card]]], value: int) -> None:
        if len(results) >= max_results:
            return
        if chosen and value + (len(jokers) * joker_value + len(twos) * two_value
                               if allow_wilds else 0) >= minimum:
            finish(chosen)
        elif not chosen and top is None and minimum <= 0:
            return
        if index >= len(ranks) or value + rest_value(index) < minimum:
            return
        if chosen and value >= minimum:
            return  # adding more melds would not be minimal
        rank = ranks[index]
        dfs(index + 1, chosen + [(rank, by_rank[rank])], value + values[rank] * len(by_rank[rank]))
        dfs(index + 1, chosen, value)

    start_value = sum(cards_value(cards, profile) for _, cards in forced)
    if forced:
        finish(forced)
    dfs(0, list(forced), start_value)
    return sorted(results.values(), key=lambda o: (o.wild_count, o.card_count, -o.value))
