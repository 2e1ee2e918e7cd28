"""Move generation: every legal action of a round, at the grain a bot or a learner uses.

`Round.legal_actions` lists the moves through these functions; the rules themselves stay in
the round's checks (`Round.check` and its public ``x_problem`` checks, see `RoundView`), which every candidate goes
through, or, for the commonest cases, spelled-out shortcuts whose agreement with the full
checks `tests/core/test_shortcuts.py` pins (``exact=True`` switches them off).

>>> from canasta_learn import Round
>>> rnd = Round(seed=1)
>>> [str(action) for action in legal_actions(rnd)]
['E draw']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Protocol, TypeVar

from ..core.actions import Action, Answer, Ask, Decline, Discard, Draw, Meld, MeldGroup, Redraw, Swap, TakePile
from ..core.cards import Card
from ..profiles import Profile
from ..rules.going_out import may_ask
from ..rules.melds import BLACK_THREE_RANK, DEUCE_RANK, WILD_MELD_RANK, cards_value, meld_counts, meld_counts_problem
from ..rules.pile import PileStatus, take_status
from ..rules.planning import enumerate_openings, group_by_rank
from ..rules.state import PileStatusLike, RoundState
from ..variants.base import ClassicRules, rules_for, when_plug_ins_change
from ..variants.sequences import ACE_SET_KEY, candidate_groups, natural_may_join

__all__ = [
    "RoundView",
    "bound_moves_unjudged",
    "discard_candidates",
    "legal_actions",
    "meld_candidates",
    "opening_combos",
    "sequence_meld_candidates",
    "sequence_take_candidates",
    "take_candidates",
    "unlocked_hand",
]


class RoundView(RoundState, Protocol):
    """What move generation reads of a round: what the rule checks read (`RoundState`), and the
    round's public rule checks.

    `canasta_learn.engine.round.Round` is the one implementation; it imports this module, and this
    module never imports it (not even for type checking), so the two form no import cycle.
    Each ``*_problem`` check returns the refusal, or None when the action is legal."""

    @property
    def legal_counts_cache(self) -> dict[tuple[int, int, int], bool]: ...
    @property
    def meld_action_cache(self) -> dict[tuple[int, tuple[Card, ...], int | None], Meld]: ...

    def pile_status(self, seat: int | None = None) -> PileStatus: ...
    def pile_pick_up_count(self) -> int: ...
    def group_fits(self, group: MeldGroup, base: dict[int, list[Card]]) -> bool: ...
    def take_problem(self, seat: int, cards: Sequence[Card], extra: Sequence[MeldGroup],
                     target: int | None = None, status: PileStatusLike | None = None) -> object: ...
    def meld_problem(self, seat: int, groups: Sequence[MeldGroup]) -> object: ...
    def opening_at_once(self, team: int, added_value: int, cards: Sequence[Card]) -> object: ...
    def opening_problem(self, seat: int, added_value: int, cards: Sequence[Card],
                        remaining: Sequence[Card], melds_after: dict[int, list[Card]],
                        going_out: bool, take: bool) -> object: ...
    def discard_problem(self, seat: int, card: Card) -> object: ...
    def ask_problem(self, seat: int, by_rank: dict[int, list[Card]] | None = None) -> object: ...
    def decline_problem(self, seat: int) -> object: ...
    def swap_problem(self, seat: int, key: int, card: Card) -> object: ...
    def redraw_problem(self, seat: int) -> object: ...


_K = TypeVar("_K")
_V = TypeVar("_V")



#: The wild-card ways of a hand without wild cards: none added.
_NO_WILD_WAYS: list[tuple[int, tuple[Card, ...]]] = [(0, ())]


def _wild_ways(jokers: Sequence[Card], twos: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
    """Every way to add wild cards to a meld, (wild count, cards), in the order candidates are
    listed: jokers first (none, one, two...), then twos."""
    if not jokers and not twos:
        return _NO_WILD_WAYS
    return [(j + t, tuple(jokers[:j]) + tuple(twos[:t])) for j in range(len(jokers) + 1) for t in range(len(twos) + 1)]


class _MadeOnce(dict[_K, _V]):
    """Values made on first use by ``make(key)``, then shared: actions are immutable values,
    so `legal_actions` hands out one object per (seat, card) instead of new ones every call."""

    def __init__(self, make: Callable[[_K], _V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: _K) -> _V:
        value = self[key] = self.make(key)
        return value


#: Draw actions by seat, and discard actions by seat, then card.
_DRAWS: _MadeOnce[int, Draw] = _MadeOnce(Draw)
_DISCARDS: _MadeOnce[int, _MadeOnce[Card, Discard]] = _MadeOnce(lambda seat: _MadeOnce(partial(Discard, seat)))


class _LastRules:
    """The profile of the last round `legal_actions` served and its `rules_for` (asked again
    when a plug-in registered since has cleared the variant layer's cache)."""

    profile: Profile | None = None
    rules: ClassicRules


def _remember_rules(profile: Profile) -> ClassicRules:
    """``rules_for(profile)``, remembered in `_LastRules`."""
    rules = _LastRules.rules = rules_for(profile)
    _LastRules.profile = profile
    return rules


def _forget_rules() -> None:
    _LastRules.profile = None


when_plug_ins_change(_forget_rules)


def legal_actions(rnd: RoundView) -> list[Action]:
    """Every distinct legal action of ``rnd`` now (see `Round.legal_actions`, which keeps the
    answer for `Round.apply`)."""
    if rnd.phase == "over":
        return []
    seat = rnd.to_move
    if rnd.phase == "answer":
        assert rnd.asker is not None
        partner = rnd.partner_of(rnd.asker)
        return [Answer(partner, True), Answer(partner, False)]
    actions: list[Action] = []
    prof = rnd.profile
    # the rules of the last profile seen, kept here: `rules_for` is a call, and this runs every turn
    rules = _LastRules.rules if prof is _LastRules.profile else _remember_rules(prof)
    if rnd.phase == "draw":
        if rnd.stock:
            actions.append(_DRAWS[seat])
        actions.extend(take_candidates(rnd, seat, rules))
        if not rnd.stock and rnd.decline_problem(seat) is None:
            actions.append(Decline(seat))
        if rules.may_ask_before_drawing and may_ask(rnd, seat):  # `Round.ask_problem` finds nothing
            actions.append(Ask(seat))
        return actions
    hand = rnd.hands[seat]
    by_rank = group_by_rank(hand)
    if rules.suits_matter:
        actions.extend(sequence_meld_candidates(rnd, seat, rules=rules))
    else:
        actions.extend(meld_candidates(rnd, seat, by_rank=by_rank, rules=rules))
    actions.extend(discard_candidates(rnd, seat, rules))
    if rnd.permission is None and may_ask(rnd, seat, by_rank):  # `Round.ask_problem` finds nothing
        actions.append(Ask(seat))
    return actions


def bound_moves_unjudged(rnd: RoundView) -> list[Action] | None:
    """For a player bound by "yes" to go out, in the play phase of a sets profile (no deuce meld
    of the team taking its twos): the candidates of `legal_actions` in its order before their
    checks, melds then discards. Each is in `legal_actions` exactly when the round's check of
    it (`Round.meld_problem`, `Round.discard_problem`) finds nothing, the check `legal_actions`
    makes; so a search trying a few of them judges only those (after "yes" a meld's check is the
    search over what the hand can still meld). None in every other state."""
    if rnd.phase != "play" or rnd.permission != "yes":
        return None
    seat = rnd.to_move
    prof = rnd.profile
    rules = _LastRules.rules if prof is _LastRules.profile else _remember_rules(prof)
    if rules.suits_matter or (DEUCE_RANK in rules.wild_card_meld_keys and DEUCE_RANK in rnd.melds[rnd.team_of(seat)]):
        return None  # other candidates, or some refused before their check (`_judge`'s twos_reserved)
    hand = rnd.hands[seat]
    groups: list[MeldGroup] = []

    def listed(group: MeldGroup) -> bool:
        groups.append(group)
        return False  # judged by the caller, one by one

    # after "yes" (no fast path) `meld_candidates` offers every candidate to ``only``, in its order
    meld_candidates(rnd, seat, by_rank=group_by_rank(hand), rules=rules, only=listed)
    moves: list[Action] = [Meld(seat, (group,)) for group in groups]
    moves.extend(Discard(seat, card) for card in dict.fromkeys(hand))  # `discard_candidates`' order
    return moves


def discard_candidates(rnd: RoundView, seat: int, rules: ClassicRules | None = None) -> list[Discard]:
    """The discard actions of `legal_actions` in its order (one per distinct card of the hand, in
    hand order; ``rules``: the round's `rules_for`, when the caller has it)."""
    hand = rnd.hands[seat]
    unconstrained = (len(hand) >= 2 and rnd.permission is None
                     and not (rules or rules_for(rnd.profile)).discards_restricted
                     and (rnd.opened[rnd.team_of(seat)] or rnd.turn_value == 0))
    discards = _DISCARDS[seat]
    if unconstrained:
        return list(map(discards.__getitem__, dict.fromkeys(hand)))
    return [discards[card] for card in dict.fromkeys(hand) if rnd.discard_problem(seat, card) is None]


#: A pile take as `_judged_takes` tries it: (cards from hand, the target meld or None).
_TakeOption = tuple[tuple[Card, ...], int | None]


def take_candidates(rnd: RoundView, seat: int, rules: ClassicRules | None = None) -> Iterable[TakePile]:
    """Every legal pile take at the grain of `legal_actions`, each judged by `take_problem`
    (``rules``: the round's `rules_for`, when the caller has it)."""
    if not rnd.pile or rnd.phase != "draw" or seat != rnd.to_move:
        return ()
    if (rules or rules_for(rnd.profile)).takes_top_card_alone:
        return sequence_take_candidates(rnd, seat)
    top = rnd.pile[-1]
    if top.is_black_three or top.is_wild:
        return ()
    hand = rnd.hands[seat]
    team = rnd.team_of(seat)
    rank = top.rank
    naturals: list[Card] = []
    joker = two = None
    for card in hand:
        if card.rank == rank:
            naturals.append(card)
        elif card.rank == 0:
            joker = joker or card
        elif card.rank == 2:
            two = two or card
    options: list[_TakeOption] = []
    if rank in rnd.melds[team]:
        options.append(((), None))
    if len(naturals) >= 2:
        options.append((tuple(naturals[:2]), None))
    if naturals:
        if joker is not None:
            options.append(((naturals[0], joker), None))
        if two is not None:
            options.append(((naturals[0], two), None))
    if not options:
        return ()
    return _judged_takes(rnd, seat, team, top, dict.fromkeys(options), _has_natural_pair, _pair_openings)


def _has_natural_pair(cards: tuple[Card, ...], target: int | None) -> bool:
    """Whether a take puts down a pair of naturals (not a natural and a wild card), so that
    more melds from hand may join it to open."""
    return len([c for c in cards if not c.is_wild]) >= 2


def _forms_new_meld(cards: tuple[Card, ...], target: int | None) -> bool:
    """Whether a take forms a new meld (no ``target``), so that more melds may join it to open."""
    return target is None


def _pair_openings(rnd: RoundView, pool: list[Card], needed: int) -> Iterable[tuple[tuple[Card, ...], ...]]:
    """The opening melds from ``pool`` worth ``needed`` that may join a pair take: `enumerate_openings`."""
    return (option.melds for option in enumerate_openings(
        pool, needed, rnd.profile, extra_kept=rnd.pile_pick_up_count(), max_results=20))


def _sequence_openings(rnd: RoundView, pool: list[Card], needed: int) -> Iterable[tuple[tuple[Card, ...], ...]]:
    """The opening melds from ``pool`` worth ``needed`` that may join a take forming a run or
    an ace set: `opening_combos` of the runs and ace sets."""
    return opening_combos(rnd, candidate_groups(pool), pool, needed, limit=4)


def _judged_takes(rnd: RoundView, seat: int, team: int, top: Card, options: Iterable[_TakeOption],
                  may_open_with_more: Callable[[tuple[Card, ...], int | None], bool],
                  openings: Callable[[RoundView, list[Card], int], Iterable[tuple[tuple[Card, ...], ...]]],
                  ) -> list[TakePile]:
    """The legal takes among ``options``, each judged by `take_problem` (the one loop both pile
    rules use); an option refused to ``team`` (the seat's) while it has not opened, when
    ``may_open_with_more``, is tried again with each of ``openings(rnd, pool, needed)``: more
    melds from the hand left (``pool``), worth the minimum still ``needed`` with ``top``."""
    # the take checks read the pile's state, never its message here: `take_status` makes none
    status = take_status(rnd.pile, rnd.profile, team_opened=rnd.opened[team], team_ranks=rnd.melds[team],
                         rules=rnd.rules)
    found: list[TakePile] = []
    for cards, target in options:
        if rnd.take_problem(seat, cards, (), target, status) is None:
            found.append(TakePile(seat, cards, (), target))
        elif not rnd.opened[team] and may_open_with_more(cards, target):
            pool = list(rnd.hands[seat])
            for card in cards:
                pool.remove(card)
            needed = rnd.opening_minimum(team) - cards_value((top,) + cards, rnd.profile)
            for melds in openings(rnd, pool, needed):
                extra = tuple(MeldGroup(m) for m in melds)
                if rnd.take_problem(seat, cards, extra, None, status) is None:
                    found.append(TakePile(seat, cards, extra))
    return found


def unlocked_hand(rnd: RoundView, seat: int) -> list[Card]:
    """The seat's hand without the pile cards locked this turn (pile rule "top_card_only")."""
    pool = list(rnd.hands[seat])
    for card in rnd.turn_locked:
        pool.remove(card)
    return pool


def opening_combos(rnd: RoundView, groups: list[tuple[Card, ...]], pool: Sequence[Card], needed: int,
                    limit: int = 12) -> list[tuple[tuple[Card, ...], ...]]:
    """Disjoint new melds from ``pool`` worth at least ``needed`` together (at most three)."""
    ranked = sorted(groups, key=lambda g: -cards_value(g, rnd.profile))[:40]
    found: list[tuple[tuple[Card, ...], ...]] = []

    def search(start: int, chosen: tuple[tuple[Card, ...], ...], left: list[Card], total: int) -> None:
        if len(found) >= limit:
            return
        if total >= needed and chosen:
            found.append(chosen)
            return
        if len(chosen) == 3:
            return
        for i in range(start, len(ranked)):
            group = ranked[i]
            rest = list(left)
            try:
                for card in group:
                    rest.remove(card)
            except ValueError:
                continue
            search(i + 1, chosen + (group,), rest, total + cards_value(group, rnd.profile))

    search(0, (), list(pool), 0)
    return found


def sequence_take_candidates(rnd: RoundView, seat: int) -> Iterable[TakePile]:
    """Brazilian games: the top card onto each team meld that takes it, or into each new
    meld it forms with hand cards (with opening melds when the team has not opened)."""
    top = rnd.pile[-1]
    if top.is_black_three or top.is_wild:
        return ()
    team = rnd.team_of(seat)
    hand = rnd.hands[seat]
    options: list[tuple[tuple[Card, ...], int | None]] = [((), key) for key in sorted(rnd.melds[team])]
    for group in candidate_groups(hand, must_include=top):
        cards = list(group)
        cards.remove(top)
        options.append((tuple(cards), None))
    return _judged_takes(rnd, seat, team, top, options, _forms_new_meld, _sequence_openings)


def sequence_meld_candidates(rnd: RoundView, seat: int, exact: bool = False,
                             rules: ClassicRules | None = None) -> list[Action]:
    """Brazilian games: new melds (combined to reach the opening minimum), single cards
    added to each team meld, joker swaps, the first-turn redraw (``exact``: every card tried
    on every meld, which tests compare with the suit filter; ``rules``: the round's `rules_for`,
    when the caller has it)."""
    team = rnd.team_of(seat)
    pool = unlocked_hand(rnd, seat)
    melds = rnd.melds[team]
    groups = candidate_groups(pool)
    out: list[Action] = []
    candidates: list[Meld] = []
    # an opening under way this turn (docs/variants.md#variants-canastra-br-opening) goes on with
    # the rest of the minimum, new melds or cards added to the melds laid this turn
    continuing = not rnd.opened[team] and rnd.turn_value > 0
    if rnd.opened[team]:
        candidates.extend(Meld(seat, (MeldGroup(g),)) for g in groups)
    else:
        needed = rnd.opening_minimum(team) - rnd.turn_value
        candidates.extend(Meld(seat, tuple(MeldGroup(g) for g in combo))
                          for combo in opening_combos(rnd, groups, pool, needed))
        if continuing:
            candidates.extend(Meld(seat, (MeldGroup(g),)) for g in groups)
    if rnd.opened[team] or continuing:
        for key in sorted(melds):
            # naturals of another kind than the meld takes are refused anyway: not tried
            for card in dict.fromkeys(pool):
                if not exact and not card.is_wild and not natural_may_join(melds[key], card, key == ACE_SET_KEY):
                    continue
                candidates.append(Meld(seat, (MeldGroup((card,), key),)))
    # one group keeping two or more cards in hand, for an opened team with no "may I go
    # out?" answer: only the group itself can be refused (as in `meld_candidates`)
    fast = not exact and rnd.opened[team] and rnd.permission is None
    hand_size = len(rnd.hands[seat])
    for meld in candidates:
        if fast and len(meld.groups) == 1 and hand_size - len(meld.groups[0].cards) >= 2:
            if rnd.group_fits(meld.groups[0], melds):
                out.append(meld)
        elif rnd.meld_problem(seat, meld.groups) is None:
            out.append(meld)
    for key, meld_cards in sorted(melds.items()):
        if any(c.rank == 0 for c in meld_cards):
            for card in dict.fromkeys(pool):
                if card.is_wild or (not exact and not natural_may_join(meld_cards, card, key == ACE_SET_KEY)):
                    continue  # only a natural of the kind the meld takes can replace its joker
                if rnd.swap_problem(seat, key, card) is None:
                    out.append(Swap(seat, key, card))
    if (rules or rules_for(rnd.profile)).redraws_first_card and rnd.redraw_problem(seat) is None:
        out.append(Redraw(seat))
    return out


def meld_candidates(rnd: RoundView, seat: int, exact: bool = False,
                     by_rank: dict[int, list[Card]] | None = None, rules: ClassicRules | None = None,
                     only: Callable[[MeldGroup], bool] | None = None) -> list[Meld]:
    """The meld actions of `legal_actions` (``exact``: every candidate through `meld_problem`,
    which tests compare with the shortcut; ``by_rank``: the hand by `group_by_rank`; ``rules``:
    the round's `rules_for`, when the caller has it).

    ``only``: a cheaper generator for a player who wants a few of the moves, not all of them:
    each candidate (every one is a single meld group) is judged only when ``only(group)`` is
    true, and the answer is the legal melds among those, in the same order as without it
    (`GreedyBot` asks only for the melds its choice may depend on)."""
    hand = rnd.hands[seat]
    team = rnd.team_of(seat)
    prof = rnd.profile
    melds = rnd.melds[team]
    if by_rank is None:
        by_rank = group_by_rank(hand)
    wild_keys = (rules or rules_for(prof)).wild_card_meld_keys
    # A single meld keeping two or more cards in hand, with no "may I go out?" answer to
    # honour, needs only the meld's counts and (before the team opens) the opening minimum
    # checked: `meld_problem` would find every other check passed by construction.
    fast = rnd.permission is None and not rnd.turn_locked and not exact
    opened = rnd.opened[team]
    # the commonest case, an opened team of a plain sets profile, also shares the counts'
    # verdicts and the actions made between calls (`legal_counts_cache`, `meld_action_cache`)
    shared = fast and opened and not wild_keys
    hand_size = len(hand)
    limit = prof.wild_limit
    min_naturals = prof.meld_min_naturals
    wild_ways = _wild_ways(by_rank.get(0, ()), by_rank.get(2, ()))
    have_wilds = wild_ways is not _NO_WILD_WAYS
    out: list[Meld] = []
    consider = None
    if not shared:
        consider = _judge(rnd, seat, team, hand, melds, opened, out, fast,
                          DEUCE_RANK in wild_keys and DEUCE_RANK in melds)
        if only is not None:
            consider = _filtered(consider, only)
        if wild_keys:
            _wild_family_candidates(rnd, melds, by_rank.get(0, []), by_rank.get(2, []), consider, wild_keys)
    legal_counts = rnd.legal_counts_cache
    known_melds = rnd.meld_action_cache
    new_group = tuple.__new__  # MeldGroup without its slower Python-level constructor
    for rank in sorted(by_rank.keys() | melds.keys()) if melds else sorted(by_rank):
        if rank == 0 or rank == 2:
            continue
        cards = by_rank.get(rank, [])
        n = len(cards)
        existing = melds.get(rank)
        if existing is None:
            if n < min_naturals:
                continue
            en = ew = 0
        elif not n and not have_wilds:
            continue  # nothing in hand for this meld
        else:  # meld_counts, inlined (not a deuce or wild-card meld: those keys are skipped)
            ew = 0
            for card in existing:
                if card.is_wild:
                    ew += 1
            en = len(existing) - ew
        if rank == BLACK_THREE_RANK and (existing is None or not shared):
            if n >= prof.meld_min_size and hand_size - n <= 1:
                groups = (MeldGroup(tuple(cards)),)
                if (only is None or only(groups[0])) and rnd.meld_problem(seat, groups) is None:
                    out.append(Meld(seat, groups))
            continue
        # keep one natural back when going out would otherwise be forced, and while opening
        # (a smaller meld may be the only one that reaches the minimum and keeps a card)
        if (hand_size - n <= 1 or not opened) and n - 1 >= (1 if existing is not None else min_naturals):
            counts: tuple[int, ...] = (n, n - 1)
        else:
            counts = (n,)
        wild_room = limit - ew
        for count in counts:
            naturals = tuple(cards[:count])
            target = rank if existing is not None and not count else None
            nat = en + count
            if consider is not None:  # every candidate judged by `consider`
                for wild, wilds in wild_ways:
                    used = count + wild
                    if wild <= wild_room and used:
                        consider((new_group(MeldGroup, (naturals + wilds, target)),), nat, ew + wild, rank, used)
                continue
            for wild, wilds in wild_ways:
                used = count + wild
                if wild > wild_room or not used:
                    continue
                if only is not None and not only(new_group(MeldGroup, (naturals + wilds, target))):
                    continue
                if hand_size - used >= 2:
                    key = (nat, ew + wild, rank)
                    ok = legal_counts.get(key)
                    if ok is None:
                        ok = legal_counts[key] = meld_counts_problem(nat, ew + wild, rank, prof) is None
                    if ok:
                        action_key = (seat, naturals + wilds, target)
                        action = known_melds.get(action_key)
                        if action is None:
                            action = known_melds[action_key] = Meld(
                                seat, (new_group(MeldGroup, action_key[1:]),))
                        out.append(action)
                else:  # going out (or down to one card): every check
                    groups = (new_group(MeldGroup, (naturals + wilds, target)),)
                    if rnd.meld_problem(seat, groups) is None:
                        out.append(Meld(seat, groups))
    return out


#: How a meld candidate is judged: (groups, naturals, wild cards, meld key, cards used from hand).
_Consider = Callable[[tuple[MeldGroup, ...], int, int, int, int], None]


def _filtered(consider: _Consider, only: Callable[[MeldGroup], bool]) -> _Consider:
    """``consider`` for the candidates whose group ``only`` keeps (`meld_candidates`' ``only``)."""

    def judged(groups: tuple[MeldGroup, ...], nat: int, wild: int, rank: int, used: int) -> None:
        if only(groups[0]):
            consider(groups, nat, wild, rank, used)

    return judged


def _judge(rnd: RoundView, seat: int, team: int, hand: list[Card], melds: dict[int, list[Card]], opened: bool,
           out: list[Meld], fast: bool, twos_reserved: bool) -> _Consider:
    """How `meld_candidates` judges each candidate outside its commonest case: the candidate
    (``groups``, natural and wild counts of the meld it makes, its key, cards used from hand)
    goes to ``out`` when legal. The seat's ``team``, ``hand``, team ``melds`` and whether it has
    ``opened``; ``fast``: a meld keeping two or more cards needs only its counts and the opening
    minimum checked; ``twos_reserved``: the team has a deuce meld, which every two joins. (A
    closure of its own: the hot loop's variables stay plain locals.)"""
    prof = rnd.profile
    hand_size = len(hand)

    def consider(groups: tuple[MeldGroup, ...], nat: int, wild: int, rank: int, used: int) -> None:
        if twos_reserved and rank != DEUCE_RANK and any(c.rank == 2 for g in groups for c in g.cards):
            return
        if fast and hand_size - used >= 2 and rank != BLACK_THREE_RANK:
            if meld_counts_problem(nat, wild, rank, prof, check_size=True) is not None:
                return
            if not opened:
                cards = groups[0].cards
                value = cards_value(cards, prof)
                at_once = rnd.opening_at_once(team, value, cards)
                if at_once is not False:  # decided by the cards alone: no need for the hand left
                    if at_once is True:
                        out.append(Meld(seat, groups))
                    return
                remaining = list(hand)
                for card in cards:
                    remaining.remove(card)
                melds_after = dict(melds)
                melds_after[rank] = melds.get(rank, []) + list(cards)
                if rnd.opening_problem(seat, value, cards, remaining, melds_after, False, take=False) is not None:
                    return
            out.append(Meld(seat, groups))
            return
        if rnd.meld_problem(seat, groups) is None:
            out.append(Meld(seat, groups))

    return consider


def _wild_family_candidates(rnd: RoundView, melds: dict[int, list[Card]], jokers: list[Card], twos: list[Card],
                            consider: _Consider,
                            wild_keys: frozenset[int]) -> None:
    """Deuce melds (Italian: all the twos, plus jokers) and wild-card melds (Pennies), the melds
    of ``wild_keys`` (`ClassicRules.wild_card_meld_keys`)."""
    prof = rnd.profile
    if DEUCE_RANK in wild_keys and twos:
        existing = melds.get(DEUCE_RANK)
        en, ew = meld_counts(existing, DEUCE_RANK) if existing else (0, 0)
        if existing is not None or len(twos) >= prof.meld_min_naturals:
            for j in range(min(len(jokers), prof.wild_limit - ew) + 1):
                cards = tuple(twos) + tuple(jokers[:j])
                target = DEUCE_RANK if existing is not None else None
                consider((MeldGroup(cards, target),), en + len(twos), ew + j, DEUCE_RANK, len(cards))
    if WILD_MELD_RANK in wild_keys and (jokers or twos):
        existing = melds.get(WILD_MELD_RANK)
        size = len(existing) if existing else 0
        for j in range(len(jokers) + 1):
            for t in range(len(twos) + 1):
                count = j + t
                if not count or size + count > prof.canasta_size:
                    continue
                if existing is None and count < prof.meld_min_size:
                    continue
                cards = tuple(jokers[:j]) + tuple(twos[:t])
                consider((MeldGroup(cards, 0 if existing is not None else None),), 0, size + count, 0, count)
