"""Property tests: random legal play through many seeded rounds and full games.

At every step: all 108 cards are accounted for and none is duplicated beyond the deck,
every table meld is legal, ``legal_actions()`` is non-empty (no dead ends), changes nothing
and lists only actions that ``check()`` accepts and whose text parses back; random actions
(mostly illegal) are either accepted by both ``check`` and ``apply`` or refused by both with
the same code, and a refusal leaves ``snapshot()`` equal. At the end, the engine's scores
equal an independent recount written here from docs/rules.md#rules-cards and §8.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_learn import Game, IllegalActionError, Round, get_profile, parse_action
from canasta_learn.core.actions import Answer, Ask, Decline, Discard, Draw, Meld, MeldGroup, TakePile
from canasta_learn.core.cards import ALL_CARDS, Card, new_deck
from canasta_learn.rules.melds import check_meld_cards, meld_rank

PROFILES = ("classic", "cardgames_io", "traditional")
FULL_DECK = sorted(new_deck())
MAX_ACTIONS = 3000  # a random round takes about 140 actions; this only guards a hang

PROPERTY_SETTINGS = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow],
)

# --------------------------------------------------------------------------- independent rules


def card_value(card: Card) -> int:
    """docs/rules.md#rules-cards, written out again: joker 50; ace and two 20; eight to king 10; four to
    seven 5; black three 5; red threes have no card value."""
    if card.rank == 0:
        return 50
    if card.rank in (1, 2):
        return 20
    if card.rank >= 8:
        return 10
    if card.rank >= 4:
        return 5
    return 0 if card.suit in ("h", "d") else 5


def recount(rnd: Round, team: int) -> int:
    """docs/rules.md#rules-scoring: melded cards, minus both partners' hands, canasta bonuses, red threes
    (100 each, 800 for four, negative without a meld), going out 100 or 200 concealed."""
    seats = [s for s in range(4) if s % 2 == team]
    melds = list(rnd.melds[team].values())
    total = sum(card_value(c) for meld in melds for c in meld)
    total -= sum(card_value(c) for s in seats for c in rnd.hands[s])
    for meld in melds:
        if len(meld) >= 7:
            total += 300 if any(c.is_wild for c in meld) else 500
    threes = sum(len(rnd.red_threes[s]) for s in seats)
    bonus = 800 if threes == 4 else 100 * threes
    total += bonus if melds else -bonus
    if rnd.went_out is not None and rnd.went_out % 2 == team:
        total += 200 if rnd.went_out_concealed else 100
    return total


# --------------------------------------------------------------------------- invariants


def check_invariants(rnd: Round) -> None:
    cards = rnd.all_cards()
    assert sorted(cards) == FULL_DECK, "cards lost or created"
    counts = Counter(cards)
    assert all(n <= (4 if c.is_joker else 2) for c, n in counts.items())
    profile = rnd.profile
    for team in range(2):
        for rank, meld in rnd.melds[team].items():
            assert check_meld_cards(meld, profile, going_out=True).ok, (rank, meld)
            assert meld_rank(meld) == rank
    for seat, hand in enumerate(rnd.hands):
        assert hand == sorted(hand)
        if any(c.is_red_three for c in hand):
            # only cardgames_io keeps dealt red threes until the player's first turn
            assert profile.dealt_red_threes == "first_turn" and not rnd.first_turn_done[seat]
        assert all(c.is_red_three for c in rnd.red_threes[seat])
    if rnd.is_over:
        assert rnd.end_reason in ("went_out", "stock_exhausted")
        if rnd.end_reason == "went_out":
            assert rnd.went_out is not None and rnd.hands[rnd.went_out] == []
            assert rnd.canasta_count(rnd.went_out % 2) >= 1
        else:
            assert rnd.went_out is None


def random_action(rnd: Round, rng: random.Random) -> object:
    """A random action, usually illegal: wrong seats, cards not in hand, random subsets."""
    seat = rng.randrange(4) if rng.random() < 0.3 else rnd.to_move
    hand = rnd.hands[seat]
    kind = rng.randrange(7)
    if kind == 0:
        return Draw(seat)
    if kind == 1:
        return Decline(seat)
    if kind == 2:
        return Ask(seat) if rng.random() < 0.5 else Answer(seat, rng.random() < 0.5)
    if kind == 3:
        card = rng.choice(ALL_CARDS) if not hand or rng.random() < 0.5 else rng.choice(hand)
        return Discard(seat, card)
    pool = list(hand) + [rng.choice(ALL_CARDS) for _ in range(2)]
    if kind == 4:
        take = tuple(rng.sample(pool, min(len(pool), rng.randrange(0, 4))))
        extra: tuple[MeldGroup, ...] = ()
        if rng.random() < 0.3 and len(pool) >= 3:
            extra = (MeldGroup(tuple(rng.sample(pool, 3))),)
        return TakePile(seat, take, extra)
    groups = []
    for _ in range(rng.randrange(1, 3)):
        size = rng.randrange(1, 6)
        chosen = tuple(rng.sample(pool, min(len(pool), size)))
        if not chosen:
            continue
        target = rng.choice([None, None, rng.randrange(1, 14)])
        groups.append(MeldGroup(chosen, target))
    return Meld(seat, tuple(groups))


def probe_random_actions(rnd: Round, rng: random.Random, count: int) -> None:
    """check() and apply() agree on random actions; a refusal changes nothing."""
    for _ in range(count):
        action = random_action(rnd, rng)
        before = rnd.snapshot()
        verdict = rnd.check(action)  # type: ignore[arg-type]
        assert rnd.snapshot() == before
        if verdict.ok:
            other = rnd.copy()
            other.apply(action)  # type: ignore[arg-type]
            check_invariants(other)
            assert rnd.snapshot() == before  # the copy is independent
        else:
            assert verdict.message.endswith("."), verdict
            with pytest.raises(IllegalActionError) as info:
                rnd.apply(action)  # type: ignore[arg-type]
            assert info.value.verdict.code == verdict.code
            assert rnd.snapshot() == before


def play_random_round(profile: str, seed: int, *, probes: int = 2, full: bool = True) -> Round:
    rnd = Round(profile, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    check_invariants(rnd)
    for _ in range(MAX_ACTIONS):
        if rnd.is_over:
            break
        before = rnd.snapshot()
        actions = rnd.legal_actions()
        assert rnd.snapshot() == before, "legal_actions() changed the state"
        assert actions, f"dead end: no legal action in {rnd!r}"
        assert len(set(actions)) == len(actions), "duplicate legal actions"
        if full:
            for action in actions:
                verdict = rnd.check(action)
                assert verdict.ok, (action, verdict)
                assert parse_action(rnd.action_text(action), rnd.player_count) == action
                assert parse_action(str(action), rnd.player_count) == action
            assert rnd.snapshot() == before
            probe_random_actions(rnd, rng, probes)
        action = rng.choice(actions)
        rnd.apply(action)
        check_invariants(rnd)
    assert rnd.is_over, f"round did not end within {MAX_ACTIONS} actions"
    assert rnd.legal_actions() == []
    scores = rnd.scores()
    for team in range(2):
        assert scores[team].total == recount(rnd, team), (team, scores[team].items)
    return rnd


# --------------------------------------------------------------------------- the properties


@pytest.mark.parametrize("profile", PROFILES)
@PROPERTY_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_legal_rounds_keep_every_invariant(profile: str, seed: int) -> None:
    play_random_round(profile, seed)


@pytest.mark.parametrize("profile", PROFILES)
def test_many_seeded_rounds_score_like_the_recount(profile: str) -> None:
    """A fixed range of seeds (reproducible in CI), lighter checks per step."""
    ends = Counter()
    for seed in range(40):
        rnd = play_random_round(profile, seed, probes=0, full=False)
        ends[rnd.end_reason] += 1
    assert ends["went_out"] > 0 and ends["stock_exhausted"] > 0, ends


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_full_games(profile: str, seed: int) -> None:
    """Random legal play through whole games: each round keeps the invariants, the totals
    are the sums of the rounds, the dealer rotates, and the end rule is respected."""
    game = Game(profile, seed=seed)
    rng = random.Random(seed)
    prof = get_profile(profile)
    steps = 0
    while not game.is_over:
        steps += 1
        assert steps < 100_000
        actions = game.legal_actions()
        assert actions
        rnd = game.round
        game.apply(rng.choice(actions))
        if game.round is not rnd or rnd.is_over:
            check_invariants(rnd)
            assert [s.total for s in game.round_scores[-1]] == [recount(rnd, t) for t in range(2)]
    totals = [0, 0]
    for number, (rnd, scores) in enumerate(zip(game.rounds, game.round_scores, strict=True)):
        assert rnd.team_scores == tuple(totals)
        assert rnd.dealer == number % 4
        totals = [t + s.total for t, s in zip(totals, scores, strict=True)]
    assert tuple(totals) == game.totals
    assert len(game.rounds) == len(game.round_scores)
    best = max(game.totals)
    assert game.totals.count(best) == 1 and game.winner == game.totals.index(best)
    running = [0, 0]
    peaks = []
    for scores in game.round_scores:
        running = [t + s.total for t, s in zip(running, scores, strict=True)]
        peaks.append(max(running))
    assert max(peaks) >= prof.target_score  # some hand reached the target
    if prof.tie_rule == "lead_at_target":
        assert best >= prof.target_score
    # no earlier round ended the game
    running = [0, 0]
    for scores in game.round_scores[:-1]:
        running = [t + s.total for t, s in zip(running, scores, strict=True)]
        lead = max(running)
        unique = running.count(lead) == 1
        if prof.tie_rule == "lead_at_target":
            assert not (unique and lead >= prof.target_score)
