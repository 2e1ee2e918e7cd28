"""Variant profiles (issue 6): Italian Canasta and Pennies from Heaven, as VARIANTS.md §1-§2
specifies them. Test names follow the numbered test cases of VARIANTS.md."""

from __future__ import annotations

import random
import warnings

import pytest

from canasta_learn import Position, Round, check_meld, get_profile, parse_cards
from canasta_learn.records.record import GameRecord
from canasta_learn.rules.melds import canasta_kind, check_meld_cards, meld_key
from canasta_learn.rules.scoring import score_team

ITALIAN = get_profile("italian")
PENNIES = get_profile("pennies_from_heaven")
STOCK = "s12 s12 s11 s11"
KINGS7 = "h13 h13 s13 s13 d13 c13 c13"


def italian_table(hand: str, melds: list[str], **kw: object) -> Round:
    return Round.from_state(profile=ITALIAN, hands=[hand, "c4", "c5", "c6"], stock=STOCK,
                            melds=[melds], drew_from="stock", **kw)  # type: ignore[arg-type]


def pennies_table(hand: str, melds: list[str], **kw: object) -> Round:
    return Round.from_state(profile=PENNIES, hands=[hand, "c4", "c5", "c6", "c7", "c8"], stock=STOCK,
                            melds=[melds], drew_from="stock", **kw)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- profiles
def test_variant_profiles_are_registered_with_their_decks() -> None:
    assert ITALIAN.deck_size == 162 and ITALIAN.hand_size == 15 and ITALIAN.stock_draw_count == 2
    assert PENNIES.deck_size == 216 and PENNIES.player_count == 6 and PENNIES.team_size == 3
    assert PENNIES.hand_size == 13 and PENNIES.reserve_size == 11 and PENNIES.target_score == 20000
    assert ITALIAN.target_score == 12000


def test_italian_deal_lays_red_threes_before_the_upcard_and_buries_n_cards() -> None:
    rnd = Round(ITALIAN, seed=5)
    assert all(len(h) == 15 for h in rnd.hands)
    top = rnd.pile[-1]
    assert not top.is_wild and top.rank != 3
    turned = [e for e in rnd.events if e.kind == "upcard"]
    assert turned and str(top) in turned[0].message
    # the pile: wild cards and threes turned first, then N = rank number cards, then the upcard
    turned_first = 0
    while rnd.pile[turned_first].is_wild or rnd.pile[turned_first].rank == 3:
        turned_first += 1
    assert len(rnd.pile) == turned_first + top.rank + 1
    threes = sum(len(t) for t in rnd.red_threes)
    assert len(rnd.stock) + len(rnd.pile) == 162 - 60 - threes  # replacements come from the stock


def test_italian_upcard_d10_leaves_pile_11_and_stock_91() -> None:
    """VARIANTS.md §1 arithmetic: no dealt red threes, upcard d10 -> pile 11 cards, stock 91."""
    for seed in range(400):
        rnd = Round(ITALIAN, seed=seed)
        if rnd.pile[-1].rank == 10 and len(rnd.pile) == 11 and not any(rnd.red_threes):
            assert len(rnd.stock) == 91
            return
    pytest.skip("no seed among 400 dealt a first-card ten without red threes")


def test_pennies_deal_thirteen_cards_and_eleven_card_reserves() -> None:
    rnd = Round(PENNIES, seed=3)
    assert all(len(h) == 13 for h in rnd.hands)
    assert all(len(r) == 11 for r in rnd.reserves)
    threes = sum(len(t) for t in rnd.red_threes)
    assert len(rnd.stock) + len(rnd.pile) == 216 - 78 - 66 - threes  # 72, less the replacements
    assert rnd.seat_name(5) == "P6"


# --------------------------------------------------------------------------- italian
def test_italian1_deuce_melds() -> None:
    assert check_meld("c2 d2 h2", ITALIAN).ok
    assert check_meld("c2 d2 jk jk jk jk", ITALIAN).code == "meld_too_many_wilds"
    assert check_meld("c2 jk jk", ITALIAN).code == "meld_too_few_naturals"
    rnd = italian_table("s2 c9 d9 h9", ["c2 d2 h2", "h13 s13 d13"])
    refused = rnd.can_meld("13: s2")
    assert refused.code == "meld_twos_reserved" and "deuce meld" in refused.message
    assert rnd.can_meld("2: s2").ok


def test_italian1_twos_are_ordinary_wilds_once_the_deuce_canasta_closes() -> None:
    rnd = italian_table("s2 c9 d9 h9", ["c2 c2 d2 d2 h2 h2 s2", "h13 s13 d13"])
    assert rnd.melds[0].get(2) is None and len(rnd.closed[0]) == 1
    assert rnd.can_meld("13: s2").ok
    assert rnd.can_meld("2: s2").code == "meld_canasta_closed"


def test_italian2_opening_at_5000_needs_160_without_wild_cards() -> None:
    position = Position("s1 s1 h1 d1 s13 h13 d13 c13 h12 h12 s12 s12 c9 c8", team_score=5000, profile=ITALIAN)
    assert position.opening_minimum == 160
    verdict = position.check_opening("s1 s1 h1 d1 | s13 h13 d13 c13 | h12 h12 s12 s12")
    assert verdict.ok and verdict.value == 160
    refused = Position("h1 h1 jk c9 c8 c7", team_score=0, profile=ITALIAN).check_opening("h1 h1 jk")
    assert refused.code == "opening_no_wilds"
    rnd = Round.from_state(profile=ITALIAN, hands=["h1 h1 jk c9 c8 c7", "c4", "c5", "c6"], stock=STOCK,
                           drew_from="stock")
    assert rnd.can_meld("h1 h1 jk").code == "opening_no_wilds"


@pytest.mark.parametrize(("score", "minimum"), [(-5, 15), (4995, 120), (5000, 160), (7495, 160),
                                                (7500, 180), (9995, 180), (10000, 200), (12000, 200)])
def test_italian2_opening_table(score: int, minimum: int) -> None:
    assert ITALIAN.opening_minimum(score) == minimum


def test_italian3_pile_always_frozen() -> None:
    frozen = Position("c9 jk c4 c5", discard_pile="h5 c9", team_melds=["h9 s9 d9"], profile=ITALIAN)
    assert frozen.pile_status().code == "frozen_always"
    assert frozen.check_take_pile("c9 jk").code == "pile_frozen_needs_natural_pair"
    pair = Position("s9 d9 c4 c5", discard_pile="h5 c9", team_melds=["h9 s9 d9"], profile=ITALIAN)
    verdict = pair.check_take_pile("s9 d9")
    assert verdict.ok
    rnd = pair.round
    rnd.take_pile("s9 d9", seat=0)
    assert sorted(map(str, rnd.melds[0][9])) == sorted(["h9", "s9", "d9", "c9", "s9", "d9"])
    blocked = Position("s9 d9 c4 c5", discard_pile="h5 c2", team_melds=["h9 s9 d9"], profile=ITALIAN)
    assert blocked.check_take_pile().code == "pile_blocked_wild"


def test_italian4_going_out_needs_two_non_deuce_canastas() -> None:
    melds = [KINGS7, "c2 c2 d2 d2 h2 h2 s2"]
    rnd = italian_table("c5", melds)
    refused = rnd.can_discard("c5")
    assert refused.code == "cannot_go_out_without_canasta"
    assert "2 canastas (deuce canastas do not count)" in refused.message
    rnd = italian_table("c8 d8 h8 s8 jk c8 d8 c5", melds)
    rnd.meld("c8 d8 h8 s8 jk c8 d8")
    assert rnd.canasta_kinds(0).count("mixed") == 1
    rnd.discard("c5")
    assert rnd.is_over and rnd.went_out == 0


def test_italian5_score_of_the_team_going_out_is_5225() -> None:
    melds = [parse_cards(KINGS7), parse_cards("h12 h12 s12 s12 d12 c12 c12 jk"),
             parse_cards("c2 c2 d2 d2 h2 h2 s2")]
    breakdown = score_team(melds, parse_cards("h3 h3 d3 d3"), [parse_cards("c5")], ITALIAN, went_out=True)
    assert breakdown.total == 570 + 420 + 3140 + 800 + 300 - 5 == 5225
    opponents = score_team([parse_cards("c2 c2 d2 d2 h2 jk jk")], [], [], ITALIAN, went_out=False)
    assert opponents.total == 200


def test_italian6_many_canasta_bonuses() -> None:
    def natural(rank: int) -> list:
        return parse_cards(" ".join(f"{s}{rank}" for s in "cdhscdh"))
    four_and_mixed = [natural(4), natural(5), natural(6), natural(8), parse_cards("c9 c9 d9 d9 h9 h9 jk")]
    assert score_team(four_and_mixed, [], [], ITALIAN).points("many_canastas") == 1000
    five_naturals = [natural(4), natural(5), natural(6), natural(8), natural(9)]
    assert score_team(five_naturals, [], [], ITALIAN).points("many_canastas") == 2000


# --------------------------------------------------------------------------- pennies
def test_pennies1_melds_wild_meld_cap_and_new_meld_after_closing() -> None:
    assert check_meld("jk c2 h2", PENNIES).ok
    assert check_meld("s7 s7 h7 jk", PENNIES).ok
    assert check_meld("h9 h9 jk c2 d2 s2", PENNIES).code == "meld_too_many_wilds"
    rnd = pennies_table("h13 s13 s13 h13 c9 c4", [KINGS7])
    assert rnd.closed[0] and 13 not in rnd.melds[0]
    assert rnd.can_meld("13: h13").code == "meld_canasta_closed"
    assert rnd.can_meld("s13 s13 h13").ok


def test_pennies1_a_meld_closes_at_seven_and_cannot_grow() -> None:
    rnd = pennies_table("h13 c4 c5 c9", ["h13 s13 s13 d13 c13 c13"])
    rnd.meld("13: h13")
    assert 13 not in rnd.melds[0] and rnd.closed[0][0][-1] == parse_cards("h13")[0]
    assert any(e.kind == "canasta_closed" for e in rnd.events)


def test_pennies2_sevens_discard_rules() -> None:
    rnd = pennies_table("h7 c4 c5 c9", [])
    assert rnd.can_discard("h7").code == "discard_seven_forbidden"
    rnd = pennies_table("h7 c4 c5 c9", ["c7 c7 d7 d7 h7 s7 s7"])
    assert rnd.can_discard("h7").ok
    full = ["c7 c7 d7 d7 h7 h7 s7", "jk jk c2 c2 d2 d2 h2", "c1 c1 d1 d1 h1 h1 s1", "c10 c10 d10 d10 h10 h2 s2"]
    rnd = pennies_table("s7", full)
    assert rnd.can_discard("s7").code == "go_out_discarding_seven"


def test_pennies2_safety_valve_a_hand_of_unmeldable_sevens_may_discard_one() -> None:
    rnd = pennies_table("h7 s7", [])
    assert rnd.can_discard("h7").ok


def test_pennies3_pile_rules() -> None:
    assert Position("c4 c5", discard_pile="h5 jk", profile=PENNIES).pile_state() == "blocked"
    frozen = Position("d10 c2 c5", discard_pile="h5 c2 d10", team_melds=["s10 s10 h10"], profile=PENNIES)
    assert frozen.check_take_pile("d10 c2").code == "pile_frozen_needs_natural_pair"
    pair = Position("s10 h10 c5", discard_pile="h5 c2 d10", team_melds=["s10 c10 c10"], profile=PENNIES)
    assert pair.check_take_pile("s10 h10").ok


@pytest.mark.parametrize(("score", "minimum"), [(-20, 15), (1495, 50), (1500, 150)])
def test_pennies4_opening_minimums(score: int, minimum: int) -> None:
    assert PENNIES.opening_minimum(score) == minimum


def test_pennies5_first_canasta_brings_the_reserve_into_the_hand() -> None:
    rnd = pennies_table("h9 c9 c4 c5", ["d9 d9 s9 s9 h9"], reserves=["c1 c1 d1 d12 d12 h12 c11 h11 s11 d6 d6"])
    rnd.meld("h9 c9")
    assert len(rnd.hands[0]) == 2 + 11 and rnd.reserves[0] == []
    assert any(e.kind == "reserve_taken" for e in rnd.events)
    assert rnd.phase == "play"  # the player keeps playing


def test_pennies5_going_out_needs_a_canasta_of_each_kind() -> None:
    melds = ["jk jk c2 c2 d2 d2 h2", "c1 c1 d1 d1 h1 h1 s1", "c10 c10 d10 d10 h10 h2 s2", "c4 d4 h4"]
    rnd = pennies_table("h5 c4", melds)
    refused = rnd.can_meld("4: c4")
    assert refused.code == "cannot_go_out_without_canasta" and "sevens" in refused.message


def test_pennies6_score_4155_and_red_threes_negative_without_sevens_canasta() -> None:
    melds = [parse_cards("c7 c7 d7 d7 h7 h7 s7"), parse_cards("jk jk c2 c2 d2 d2 h2"),
             parse_cards("c1 c1 d1 d1 h1 h1 s1"), parse_cards("c10 c10 d10 d10 h10 h2 s2")]
    kinds = [canasta_kind(m, meld_key(m, PENNIES) or 0, PENNIES) for m in melds]
    assert kinds == ["sevens", "wild", "natural", "mixed"]
    breakdown = score_team(melds, parse_cards("h3 h3 d3"), [parse_cards("h9")], PENNIES, went_out=True)
    assert breakdown.total == 1535 + 1200 + 640 + 390 + 300 + 100 - 10 == 4155
    assert score_team([], parse_cards("h3 d3"), [], PENNIES).total == -200


def test_reserves_only_for_profiles_that_have_them() -> None:
    with pytest.raises(ValueError, match="no reserves"):
        Round.from_state(hands=["c4"], stock=STOCK, reserves=["c5"])


def test_pennies_unpicked_reserve_counts_against_the_team() -> None:
    breakdown = score_team([parse_cards("c9 d9 h9")], [], [], PENNIES, reserves=[parse_cards("jk c13")])
    assert breakdown.points("reserve") == -60


def test_pennies_red_three_in_an_unpicked_reserve_costs_nothing() -> None:
    """A red three has no card value (it is never a card left in hand): in a reserve never
    picked up only the other cards count against the team."""
    breakdown = score_team([parse_cards("c9 d9 h9")], [], [], PENNIES, reserves=[parse_cards("h3 d3 c4")])
    assert breakdown.points("reserve") == -5
    assert "(1 card)" in str(breakdown)
    only_threes = score_team([parse_cards("c9 d9 h9")], [], [], PENNIES, reserves=[parse_cards("h3")])
    assert only_threes.points("reserve") == 0


# --------------------------------------------------------------------------- properties
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


def test_pennies_eight_black_threes_refused_without_calling_them_a_canasta() -> None:
    """RULES.md §8 ruling: a meld of black threes is never a canasta; Pennies caps it at 7
    cards, and the refusal says so (not "a canasta is closed ... start a new meld")."""
    from canasta_learn import check_meld

    verdict = check_meld("c3 c3 s3 s3 c3 c3 s3 s3", "pennies_from_heaven")
    assert verdict.code == "meld_canasta_closed"
    assert "a meld of black threes holds at most 7 cards (it is never a canasta)" in verdict.message
    assert "new meld" not in verdict.message and "canasta is closed" not in verdict.message
