"""The engine's speed shortcuts never change an answer.

`Round` answers some questions with cheap conditions before (or instead of) an exact search,
and `apply` trusts the list `legal_actions()` just returned. These tests pin each shortcut
against the slow, exact way over random rounds, and check that the trust never outlives the
state it was computed for.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from canasta_learn import IllegalActionError, Round, get_profile
from canasta_learn.core.actions import Draw, Meld, Swap, TakePile
from canasta_learn.engine.moves import meld_candidates, sequence_meld_candidates, take_candidates
from canasta_learn.rules.planning import melding_bounds, plan_values

SET_PROFILES = ("classic", "cardgames_io", "traditional", "italian", "pennies_from_heaven")


def random_states(profile: str, rounds: int) -> list[Round]:
    """Copies of every state met in ``rounds`` random-legal rounds."""
    rng = random.Random(11)
    states = []
    for seed in range(rounds):
        rnd = Round(profile, seed=seed)
        while not rnd.is_over:
            states.append(rnd.copy())
            rnd.apply(rng.choice(rnd.legal_actions()))
    return states


@pytest.mark.parametrize("profile", SET_PROFILES)
def test_going_out_shortcuts_agree_with_the_exact_search(profile: str) -> None:
    """`_canasta_within_reach` is necessary and `_clearly_can_go_out` sufficient for the exact
    "could this player go out this turn?" search that decides whether asking is allowed."""
    fired: Counter[str] = Counter()
    for rnd in random_states(profile, 25):
        if rnd.phase not in ("draw", "play"):
            continue
        seat = rnd.to_move
        exact = rnd._able_to_go_out_exactly(seat)
        if not rnd._canasta_within_reach(seat):
            fired["ruled out cheaply"] += 1
            assert not exact, (rnd, rnd.hands[seat])
        elif rnd.opened[rnd.team_of(seat)] and rnd.phase == "play" and rnd._clearly_can_go_out(seat):
            fired["clearly able"] += 1
            assert exact, (rnd, rnd.hands[seat])
        fired["exact yes" if exact else "exact no"] += 1
    assert fired["ruled out cheaply"] > 100, fired
    if profile != "pennies_from_heaven":  # two canastas to go out: random play never gets there
        assert fired["exact yes"] > 5, fired
    if profile in ("classic", "traditional"):  # the sufficient condition covers the plain rules only
        assert fired["clearly able"] > 5, fired


@pytest.mark.parametrize("profile", SET_PROFILES)
def test_meld_candidates_shortcut_agrees_with_full_checks(profile: str) -> None:
    """`legal_actions` checks a single meld that keeps cards in hand by its counts and the
    opening minimum only; putting every candidate through `meld_problem` gives the same list."""
    compared: Counter[str] = Counter()
    for rnd in random_states(profile, 20):
        if rnd.phase != "play":
            continue
        seat = rnd.to_move
        fast = meld_candidates(rnd, seat)
        assert fast == meld_candidates(rnd, seat, exact=True), rnd
        compared["opened" if rnd.opened[rnd.team_of(seat)] else "not opened"] += 1
        compared["with melds" if fast else "without melds"] += 1
    assert min(compared.values()) > 20, compared


@pytest.mark.parametrize("profile", ["canastra_br", "tranca"])
def test_sequence_candidates_suit_filter_agrees_with_full_checks(profile: str) -> None:
    """Brazilian games try a natural card only on the set of aces (an ace) or a sequence of its
    suit (to add or to swap for a joker), and judge a group that keeps cards in hand by the
    group check alone; trying every card on every meld through the full checks agrees."""
    compared: Counter[str] = Counter()
    for rnd in random_states(profile, 6):
        if rnd.phase != "play":
            continue
        seat = rnd.to_move
        fast = sequence_meld_candidates(rnd, seat)
        assert fast == sequence_meld_candidates(rnd, seat, exact=True), rnd
        compared["opened" if rnd.opened[rnd.team_of(seat)] else "not opened"] += 1
        compared["additions" if any(isinstance(a, Meld) and a.groups[0].target for a in fast) else "none"] += 1
        compared["swaps"] += any(isinstance(a, Swap) for a in fast)
    assert compared["opened"] > 5 and compared["additions"] > 5 and compared["swaps"] > 5, compared


@pytest.mark.parametrize("profile", SET_PROFILES)
def test_take_candidates_are_the_takes_the_engine_accepts(profile: str) -> None:
    """The pile takes `legal_actions` lists without extra melds are exactly the takes at its
    grain (onto the team's meld, a natural pair, a natural with a joker or a two) that
    `Round.check` accepts."""
    compared: Counter[str] = Counter()
    for rnd in random_states(profile, 20):
        if rnd.phase != "draw" or not rnd.pile:
            continue
        seat = rnd.to_move
        listed = [a for a in take_candidates(rnd, seat) if not a.extra_melds]
        hand, rank = rnd.hands[seat], rnd.pile[-1].rank
        naturals = [c for c in hand if c.rank == rank]
        wilds = [next((c for c in hand if c.rank == wild), None) for wild in (0, 2)]
        grain = [()] + ([tuple(naturals[:2])] if len(naturals) >= 2 else [])
        grain += [(naturals[0], w) for w in wilds if naturals and w is not None]
        accepted = [TakePile(seat, cards) for cards in dict.fromkeys(grain) if rnd.check(TakePile(seat, cards))]
        assert listed == accepted, rnd
        if listed:
            compared[rnd.pile_state()] += 1
        if len(grain) > 1:
            compared["opened" if rnd.opened[rnd.team_of(seat)] else "not opened"] += 1
    assert min(compared.values()) > 5 and len(compared) >= 3, compared


@pytest.mark.parametrize("profile", ["classic", "cardgames_io", "traditional"])
def test_melding_bounds_bracket_the_exact_search(profile: str) -> None:
    """`melding_bounds` (which spares the opening check its exact search in clear cases) gives a
    lower bound some plan keeping two cards reaches, and an upper bound no plan exceeds."""
    prof = get_profile(profile)
    seen: Counter[str] = Counter()
    for rnd in random_states(profile, 12):
        if rnd.phase != "play":
            continue
        hand = rnd.hands[rnd.to_move]
        melds = rnd.melds[rnd.team_of(rnd.to_move)]
        for allow_wilds in (True, False):
            lower, upper = melding_bounds(hand, melds, prof, allow_wilds=allow_wilds)
            plans = plan_values(hand, melds, prof, allow_wilds=allow_wilds, black_threes=True,
                                enough=lambda kinds: True)
            keeping_two = max((v for (kept, _), v in plans.items() if kept >= 2), default=-1)
            assert lower <= keeping_two, (hand, melds, lower, plans)
            assert upper >= max(plans.values()), (hand, melds, upper, plans)
            seen["lower exact" if lower == keeping_two else "lower below"] += 1
    assert seen["lower exact"] > 100, seen


@pytest.mark.parametrize("profile", SET_PROFILES)
def test_plan_search_without_values_reaches_the_same_outcomes(profile: str) -> None:
    """Asked only which outcomes are reachable (``values_needed=False``, jokers and twos counted
    as one kind of wild card where they play alike), the search finds the same ones."""
    prof = get_profile(profile)
    compared = 0
    for rnd in random_states(profile, 8):
        if rnd.phase != "play":
            continue
        hand = rnd.hands[rnd.to_move]
        melds = rnd.melds[rnd.team_of(rnd.to_move)]
        for max_kept in (1, 2):
            kinds = rnd.canasta_kinds(rnd.team_of(rnd.to_move))
            enough = rnd._enough_after(kinds)
            full = plan_values(hand, melds, prof, black_threes=True, enough=enough, max_kept=max_kept)
            lean = plan_values(hand, melds, prof, black_threes=True, enough=enough, max_kept=max_kept,
                               values_needed=False)
            assert set(lean) == set(full) and not any(lean.values()), (hand, melds, full, lean)
            compared += 1
    assert compared > 200


def test_apply_trusts_only_the_list_of_the_current_state() -> None:
    """An action from an earlier `legal_actions()` list is checked again once the state moved on."""
    rnd = Round(seed=3)
    legal = rnd.legal_actions()
    draw = next(a for a in legal if isinstance(a, Draw))
    rnd.apply(draw)
    before = rnd.snapshot()
    with pytest.raises(IllegalActionError) as info:
        rnd.apply(draw)
    assert info.value.verdict.code == "already_drew"
    assert rnd.snapshot() == before


def test_legal_actions_answers_are_independent_lists() -> None:
    """Editing the returned list changes neither the round nor the next answer."""
    rnd = Round(seed=5)
    first = rnd.legal_actions()
    first.clear()
    again = rnd.legal_actions()
    assert again and again == rnd.copy().legal_actions()


def test_copies_do_not_inherit_the_trusted_list() -> None:
    """A copy edited directly (as `Position` does) is checked afresh: the original's list,
    whose draw was legal there, is not trusted in the copy where drawing is no longer legal."""
    rnd = Round(seed=8)
    draw = next(a for a in rnd.legal_actions() if isinstance(a, Draw))
    copy = rnd.copy()
    copy.drew_from, copy.phase = "stock", "play"  # as Position.check_meld prepares its copy
    before = copy.snapshot()
    with pytest.raises(IllegalActionError) as info:
        copy.apply(draw)
    assert info.value.verdict.code == "already_drew"
    assert copy.snapshot() == before
    rnd.apply(draw)  # the original still trusts its own list
    assert rnd.phase == "play"
