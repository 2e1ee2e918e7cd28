"""The weak players and the hint follower (canasta_learn.play.followers): legal moves only; the
pile-shy player never takes the pile when it may do anything else; the sloppy player plays at
random on a fifth of its decisions and is GreedyBot otherwise; the follower plays the move its
hint recommends."""

from __future__ import annotations

import math

import pytest

from canasta_learn.core.actions import Action, TakePile
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import BOT_NAMES, GreedyBot, acting_seat, make_bot, make_bots, run_round
from canasta_learn.play.coach import advise
from canasta_learn.play.followers import (
    FOLLOWER_DEALS,
    SLOPPY_RATE,
    STRONG_DEALS,
    HintFollower,
    PileShyBot,
    SloppyBot,
    follow_hints,
)

SEEDS = range(400, 440)


def _greedy_partners(bot_for: type[GreedyBot], seed: int) -> list[GreedyBot]:
    return [bot_for(seed=seed * 10 + s) if s % 2 == 0 else GreedyBot(seed=seed * 10 + s) for s in range(4)]


def _mid_round(seed: int, actions: int) -> Round:
    """A round dealt from ``seed`` and played by GreedyBots for ``actions`` actions, then on to
    the next position with a choice (stopping before the action that would end it)."""
    rnd = Round(seed=seed)
    bots = [GreedyBot(seed=seed * 31 + s) for s in range(4)]
    played = 0
    while played < actions or len(rnd.legal_actions()) < 2:
        action = bots[acting_seat(rnd)].choose(rnd)
        probe = rnd.copy()
        probe.apply(action)
        if probe.is_over:
            break
        rnd.apply(action)
        played += 1
    return rnd


def test_weak_bots_choose_only_legal_moves() -> None:
    for kind in (PileShyBot, SloppyBot):
        for seed in SEEDS[:10]:
            bots = _greedy_partners(kind, seed)

            def check(rnd: Round, action: Action) -> None:
                assert action in rnd.legal_actions()

            run_round(Round(seed=seed, dealer=seed % 4), bots, on_action=check)


def test_pile_shy_bot_never_takes_the_pile_when_it_may_do_anything_else() -> None:
    shy_takes = 0
    greedy_would_take = 0
    for seed in SEEDS:
        bots = _greedy_partners(PileShyBot, seed)

        def watch(rnd: Round, action: Action) -> None:
            nonlocal shy_takes, greedy_would_take
            seat = acting_seat(rnd)
            if seat % 2 or rnd.phase != "draw":
                return
            legal = rnd.legal_actions()
            if any(not isinstance(a, TakePile) for a in legal):
                shy_takes += isinstance(action, TakePile)
                greedy_would_take += isinstance(GreedyBot(seed=0).choose(rnd), TakePile)

        run_round(Round(seed=seed, dealer=seed % 4), bots, on_action=watch)
    assert shy_takes == 0
    assert greedy_would_take > 10  # the positions were ones where GreedyBot takes the pile


def test_sloppy_bot_plays_at_random_on_a_fifth_of_its_decisions() -> None:
    decisions = random_moves = 0
    for seed in SEEDS:
        bots = _greedy_partners(SloppyBot, seed)
        run_round(Round(seed=seed, dealer=seed % 4), bots)
        for bot in bots[0::2]:
            assert isinstance(bot, SloppyBot)
            decisions += bot.decisions
            random_moves += bot.random_moves
    assert decisions > 1000
    # seeded, so the figure is the same on every run; 5 binomial standard errors besides
    spread = 5 * math.sqrt(SLOPPY_RATE * (1 - SLOPPY_RATE) / decisions)
    assert abs(random_moves / decisions - SLOPPY_RATE) < spread


def test_sloppy_bot_at_rate_zero_is_greedy_bot_move_for_move() -> None:
    for seed in SEEDS[:10]:
        sloppy = run_round(Round(seed=seed), [SloppyBot(seed=seed + s, rate=0) for s in range(4)])
        greedy = run_round(Round(seed=seed), [GreedyBot(seed=seed + s) for s in range(4)])
        assert sloppy.log == greedy.log


def test_sloppy_bot_at_rate_one_plays_every_decision_at_random() -> None:
    bots = [SloppyBot(seed=7 + s, rate=1) for s in range(4)]
    run_round(Round(seed=7), bots)
    assert all(bot.random_moves == bot.decisions > 0 for bot in bots)


@pytest.mark.parametrize("rate", [-0.1, 1.5, True, "0.2"])
def test_sloppy_bot_refuses_a_rate_outside_zero_to_one(rate: object) -> None:
    with pytest.raises(ValueError, match="rate must be a number from 0 to 1"):
        SloppyBot(seed=1, rate=rate)  # type: ignore[arg-type]


def test_hint_follower_plays_the_move_its_hint_recommends() -> None:
    departures = 0
    for seed, actions in ((1004, 40), (1006, 10), (1002, 31)):
        rnd = _mid_round(seed, actions)
        assert len(rnd.legal_actions()) > 1
        follower = HintFollower(seed=seed, deals=(8, 8))
        # the advice the follower's hint is: the same seed, deals and clock-free budget
        advice = advise(rnd, seed=seed * 1_000_003, min_deals=8, max_deals=8, time_budget=math.inf)
        action = follower.choose(rnd)
        assert action == advice.recommended.action
        assert follower.last_advice == advice
        assert follower.hints == 1
        assert action in rnd.legal_actions()
        departures += action != GreedyBot(seed=0).choose(rnd)
    assert departures >= 1  # in some of these positions the hint is not GreedyBot's move


class _Refuses:
    """A base bot that must never be asked (the follower asks the hint on every decision)."""

    name = "refuses"

    def choose(self, rnd: Round) -> Action:
        raise AssertionError("the base bot was asked although every decision gets a hint")


def test_following_every_hint_never_asks_the_wrapped_bot() -> None:
    rnd = _mid_round(1004, 26)
    follower = follow_hints(_Refuses(), seed=3, deals=(4, 4))
    assert follower.choose(rnd) in rnd.legal_actions()


def test_following_no_hint_plays_the_wrapped_bot_move_for_move() -> None:
    for seed in SEEDS[:5]:
        wrapped = run_round(Round(seed=seed), [follow_hints(SloppyBot(seed=seed + s), seed + s, rate=0)
                                               for s in range(4)])
        alone = run_round(Round(seed=seed), [SloppyBot(seed=seed + s) for s in range(4)])
        assert wrapped.log == alone.log


@pytest.mark.parametrize("deals", [(1, 4), (6, 4), (2.0, 4), [6, 6]])
def test_hint_follower_refuses_deals_that_are_not_a_range_of_whole_numbers(deals: object) -> None:
    with pytest.raises(ValueError, match="deals must be"):
        HintFollower(seed=1, deals=deals)  # type: ignore[arg-type]


def test_hint_follower_with_a_cut_plays_the_cut_hint() -> None:
    """``cut``: the follower's hint is ``advise(cut=...)`` in the classic game (where the learned
    estimate holds) and an uncut hint in a variant."""
    rnd = _mid_round(1004, 40)
    follower = HintFollower(seed=1004, deals=(8, 8), cut=32)
    advice = advise(rnd, seed=1004 * 1_000_003, min_deals=8, max_deals=8, time_budget=math.inf, cut=32)
    assert follower.choose(rnd) == advice.recommended.action
    assert follower.last_advice == advice and advice.cut == 32
    italian = Round(seed=5, profile="italian")
    while len(italian.legal_actions()) < 2:
        italian.apply(GreedyBot(seed=1).choose(italian))
    follower = HintFollower(seed=5, deals=(4, 4), cut=32)
    follower.choose(italian)
    assert follower.last_advice is not None and follower.last_advice.cut is None


@pytest.mark.parametrize("cut", [0, -3, 2.5, True, "32"])
def test_hint_follower_refuses_a_cut_that_is_not_a_whole_number_of_actions(cut: object) -> None:
    with pytest.raises(ValueError, match="cut must be a whole number of actions"):
        HintFollower(seed=1, cut=cut)  # type: ignore[arg-type]


def test_the_follower_by_name_follows_cut_hints_of_48_deals() -> None:
    """`make_bot("follower")` (the CLI's and the play view's ``--bots follower``) is the follower
    measured in games to 5000: 48 deals a hint, cut 32 actions after the move where the learned
    estimate holds; seeded from the name's seed, so a seeded game replays."""
    bot = make_bot("follower", 7)
    assert isinstance(bot, HintFollower) and bot.name == "follower"
    assert (bot.deals, bot.cut, bot.rate, bot.seed) == (STRONG_DEALS, 32, 1.0, 7) and STRONG_DEALS == (48, 48)
    rnd = _mid_round(1006, 10)
    advice = advise(rnd, seed=7 * 1_000_003, min_deals=48, max_deals=48, time_budget=math.inf, cut=32)
    assert bot.choose(rnd) == advice.recommended.action and bot.last_advice == advice
    assert advice.samples == 48 and advice.cut == 32
    assert "follower" in BOT_NAMES and make_bots("follower", 4, seed=1)[2].seed == 1 * 1009 + 17 * 2
    # where the cut does not hold, 24 deals each played to the end (about the same CPU)
    assert bot.uncut_deals == FOLLOWER_DEALS == (24, 24)
    italian = Round(seed=5, profile="italian")
    while len(italian.legal_actions()) < 2:
        italian.apply(GreedyBot(seed=1).choose(italian))
    played = make_bot("follower", 7)
    uncut = advise(italian, seed=7 * 1_000_003, min_deals=24, max_deals=24, time_budget=math.inf)
    assert played.choose(italian) == uncut.recommended.action and played.last_advice == uncut
    assert uncut.samples == 24 and uncut.cut is None


@pytest.mark.parametrize("deals", [(1, 4), (6, 4), [6, 6]])
def test_hint_follower_refuses_uncut_deals_that_are_not_a_range_of_whole_numbers(deals: object) -> None:
    with pytest.raises(ValueError, match="uncut_deals must be"):
        HintFollower(seed=1, cut=32, uncut_deals=deals)  # type: ignore[arg-type]
