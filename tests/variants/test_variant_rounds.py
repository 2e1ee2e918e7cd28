"""The Italian and Pennies profiles together (docs/variants.md#variants-italian,
#variants-pennies): their decks and tables, and properties of seeded random and bot rounds
of both (every card kept, every meld legal, the score a recount, records that replay).
The Brazilian games have their own in test_brazilian.py.
"""

from __future__ import annotations

import random
import warnings

import pytest
from variant_helpers import ITALIAN, PENNIES

from canasta_learn import Round, get_profile
from canasta_learn.records.record import GameRecord
from canasta_learn.rules.melds import check_meld_cards, meld_key
from canasta_learn.rules.scoring import score_team


def test_variant_profiles_are_registered_with_their_decks() -> None:
    assert ITALIAN.deck_size == 162 and ITALIAN.hand_size == 15 and ITALIAN.stock_draw_count == 2
    assert PENNIES.deck_size == 216 and PENNIES.player_count == 6 and PENNIES.team_size == 3
    assert PENNIES.hand_size == 13 and PENNIES.reserve_size == 11 and PENNIES.target_score == 20000
    assert ITALIAN.target_score == 12000


def _recount(rnd: Round, team: int) -> int:
    """An independent recount of a team's hand score (card values and canasta bonuses)."""
    prof = rnd.profile
    seats = [s for s in range(prof.player_count) if s % prof.team_count == team]
    melds = list(rnd.melds[team].values()) + rnd.closed[team]
    total = sum(prof.card_values[c.rank] for m in melds for c in m)
    total -= sum(prof.card_values[c.rank] for s in seats for c in rnd.hands[s])
    # a red three in a reserve never picked up has no card value
    total -= sum(prof.card_values[c.rank] for s in seats for c in rnd.reserves[s] if not c.is_red_three)
    went_out = rnd.went_out is not None and rnd.went_out % prof.team_count == team
    kinds = []
    for meld in melds:
        if len(meld) >= 7:
            wild = any(c.is_wild for c in meld)
            if all(c.is_wild for c in meld):
                kinds.append("deuce" if prof.deuce_melds else "wild")
            elif prof.sevens_rules and any(c.rank == 7 for c in meld):
                kinds.append("sevens")
            else:
                kinds.append("mixed" if wild else "natural")
    for kind in kinds:
        if kind == "deuce":
            if went_out:
                meld = next(m for m in melds if len(m) >= 7 and all(c.is_wild for c in m))
                total += 2000 if any(c.is_joker for c in meld) else 3000
        else:
            total += {"natural": 500, "mixed": 300, "sevens": 1500, "wild": 1000}[kind]
    threes = sum(len(rnd.red_threes[s]) for s in seats)
    if threes:
        bonus = prof.red_three_bonuses[threes]
        negative = (prof.red_threes_need_sevens_canasta and "sevens" not in kinds) or not melds
        total += -bonus if negative else bonus
    if went_out:
        total += prof.concealed_going_out_bonus if rnd.went_out_concealed else prof.going_out_bonus
    total += score_team([], [], [], prof).total  # no extra bonuses from an empty team
    extra = rnd.score_team(team).points("many_canastas")
    return total + extra


@pytest.mark.parametrize("profile", ["italian", "pennies_from_heaven"])
@pytest.mark.parametrize("seed", range(6))
def test_seeded_random_rounds_keep_every_card_and_melds_legal(profile: str, seed: int) -> None:
    rnd = Round(profile, seed=seed)
    size = rnd.profile.deck_size
    rng = random.Random(seed)
    while not rnd.is_over:
        legal = rnd.legal_actions()
        assert legal, "no legal action before the end of the round"
        rnd.apply(rng.choice(legal))
        cards = rnd.all_cards()
        assert len(cards) == size
    for team in range(rnd.profile.team_count):
        for key, meld in rnd.melds[team].items():
            assert check_meld_cards(meld, rnd.profile, going_out=True).ok, meld
            assert meld_key(meld, rnd.profile) == key or key == 3
        for meld in rnd.closed[team]:
            assert len(meld) == rnd.profile.canasta_size
        assert rnd.score_team(team).total == _recount(rnd, team)


@pytest.mark.parametrize("profile", ["italian", "pennies_from_heaven"])
@pytest.mark.parametrize("seed", range(3))
def test_bot_rounds_round_trip_and_replay_identically(profile: str, seed: int) -> None:
    from canasta_learn.play.bots import play_round

    seats = get_profile(profile).player_count
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        record = play_round(("greedy",) * seats, profile=profile, seed=seed)
    text = record.dump()
    again = GameRecord.load(text)
    assert again.dump() == text
    final = again.state_at(0, len(again.rounds[0].actions) - 1)
    assert final.is_over
    live = record.state_at(0, len(record.rounds[0].actions) - 1)
    assert final.snapshot() == live.snapshot()
    assert len(final.all_cards()) == get_profile(profile).deck_size
    for team in range(final.profile.team_count):
        assert final.score_team(team).total == _recount(final, team)
