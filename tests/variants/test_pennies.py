"""Pennies from Heaven (``pennies_from_heaven``), as docs/variants.md#variants-pennies gives it:
six players in two teams, the reserves, wild melds and canastas closed at seven, sevens,
the pile, the opening, a canasta of each kind to go out, scoring. The numbered tests
(pennies1 ...) follow that page's worked examples (#variants-pennies-examples); helpers in
variant_helpers.py.
"""

from __future__ import annotations

import pytest
from variant_helpers import KINGS7, PENNIES, STOCK, pennies_table

from canasta_learn import Position, Round, check_meld, parse_cards
from canasta_learn.rules.melds import canasta_kind, meld_key
from canasta_learn.rules.scoring import score_team


def test_pennies_deal_thirteen_cards_and_eleven_card_reserves() -> None:
    rnd = Round(PENNIES, seed=3)
    assert all(len(h) == 13 for h in rnd.hands)
    assert all(len(r) == 11 for r in rnd.reserves)
    threes = sum(len(t) for t in rnd.red_threes)
    assert len(rnd.stock) + len(rnd.pile) == 216 - 78 - 66 - threes  # 72, less the replacements
    assert rnd.seat_name(5) == "P6"


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


def test_pennies_eight_black_threes_refused_without_calling_them_a_canasta() -> None:
    """docs/rules.md#rules-scoring ruling: a meld of black threes is never a canasta; Pennies caps it at 7
    cards, and the refusal says so (not "a canasta is closed ... start a new meld")."""
    from canasta_learn import check_meld

    verdict = check_meld("c3 c3 s3 s3 c3 c3 s3 s3", "pennies_from_heaven")
    assert verdict.code == "meld_canasta_closed"
    assert "a meld of black threes holds at most 7 cards (it is never a canasta)" in verdict.message
    assert "new meld" not in verdict.message and "canasta is closed" not in verdict.message


def test_pennies_top_card_cannot_go_onto_a_closed_canasta_start_a_new_meld() -> None:
    """docs/variants.md#variants-pennies-melds: the top card may go onto an open meld of its rank,
    never onto a closed canasta. The refusal gives that reason (the canasta of kings is closed,
    start a new meld), not "onto your team's meld of kings (it has none)"."""
    rnd = Round.from_state(profile=PENNIES, hands=["c4 c5 c9 h6", "c4", "c5", "c6", "c7", "c8"], stock=STOCK,
                           melds=[[KINGS7]], pile="c6 d13")
    assert rnd.closed[0] and 13 not in rnd.melds[0]
    verdict = rnd.can_take_pile()
    assert verdict.code == "pile_no_meld_for_top_card"
    assert "(it has none)" not in verdict.message
    assert "canasta of kings is closed" in verdict.message and "start a new meld" in verdict.message
    assert verdict.facts["closed_canasta_ranks"] == (13,)
    # the new meld it speaks of is legal
    assert Round.from_state(profile=PENNIES, hands=["h13 s13 c5 c9 h6", "c4", "c5", "c6", "c7", "c8"], stock=STOCK,
                            melds=[[KINGS7]], pile="c6 d13").can_take_pile("h13 s13").ok


def test_pennies_sevens_valve_a_meld_leaving_a_single_seven_is_refused() -> None:
    """DECISION (docs/variants.md#variants-pennies-sevens): a meld that would leave a single seven
    in hand is refused (with a reserve waiting too, where the refusal used to speak of going out);
    a position holding a single seven (made by hand, it cannot arise in play) has no legal move,
    and its verdict says why, never "meld h7 instead"."""
    waiting = Round.from_state(profile=PENNIES, hands=["h9 s9 d9 h7", "c4", "c5", "c6", "c7", "c8"], stock=STOCK,
                               melds=[[KINGS7]], drew_from="stock", reserves=["c10 c11 c12"])
    refused = waiting.can_meld("h9 s9 d9")
    assert refused.code == "go_out_discarding_seven"
    assert "single seven (h7)" in refused.message and "without cards" not in refused.message
    assert not any(a.text() == "P1 meld h9 s9 d9" for a in waiting.legal_actions())
    for melds in ([KINGS7], ["h8 s8 d8"], [KINGS7, "s7 d7 c7"]):
        stuck = pennies_table("h7", melds, opened=[True, False])
        assert stuck.legal_actions() == []
        verdict = stuck.can_discard("h7")
        assert verdict.code == "go_out_discarding_seven"
        assert "instead" not in verdict.message and "No move is legal" in verdict.message
        assert ("meld of sevens would go out" in verdict.message) == (7 in stuck.melds[0])
