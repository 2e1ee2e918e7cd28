"""Italian Canasta (``italian``), as docs/variants.md#variants-italian gives it: the deal and the
buried upcard, deuce melds, the opening table, the pile always frozen, two canastas to go
out, scoring. The numbered tests (italian1 ...) follow that page's worked examples
(#variants-italian-examples); helpers in variant_helpers.py.
"""

from __future__ import annotations

import pytest
from variant_helpers import ITALIAN, KINGS7, STOCK, italian_table

from canasta_learn import Position, Round, check_meld, parse_cards
from canasta_learn.rules.scoring import score_team


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
    """docs/variants.md#variants-italian arithmetic: no dealt red threes, upcard d10 -> pile 11 cards, stock 91."""
    for seed in range(400):
        rnd = Round(ITALIAN, seed=seed)
        if rnd.pile[-1].rank == 10 and len(rnd.pile) == 11 and not any(rnd.red_threes):
            assert len(rnd.stock) == 91
            return
    pytest.skip("no seed among 400 dealt a first-card ten without red threes")


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


def test_italian4_going_out_refusal_counts_only_the_canastas_that_count() -> None:
    """docs/variants.md#variants-italian-going-out: deuce canastas do not count toward going out,
    so the refusal counts and names only the others (1: natural), not "it has 2: natural,
    deuce natural"."""
    rnd = italian_table("c5", [KINGS7, "c2 c2 d2 d2 h2 h2 s2"])
    refused = rnd.can_discard("c5")
    assert refused.code == "cannot_go_out_without_canasta"
    assert "and it has 1: natural." in refused.message
    assert "deuce natural" not in refused.message.split("do not count)")[1]
    assert refused.facts["canastas"] == 1
