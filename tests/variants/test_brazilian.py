"""Brazilian games (issue 7): Canastra (``canastra_br``) and Tranca (``tranca``), as
docs/variants.md#variants-brazilian, #variants-canastra-br and #variants-tranca specify them. Test
names follow the numbered test cases of the rule sources; then the sequence meld family, the morto,
and properties of random and bot rounds."""

from __future__ import annotations

import random
import warnings

import pytest

from canasta_learn import Round, check_meld, get_profile, parse_cards
from canasta_learn.core.actions import Redraw, Swap, TakePile, parse_action
from canasta_learn.engine.game import Game
from canasta_learn.records.record import GameRecord
from canasta_learn.rules.melds import canasta_kind, check_meld_cards
from canasta_learn.rules.scoring import score_team
from canasta_learn.variants.sequences import ACE_SET_KEY, arrange_new, extend_meld, sequence_kind, sequence_title

CANASTRA = get_profile("canastra_br")
TRANCA = get_profile("tranca")
MORTOS = ["c4 c5 c6 c7 c8 c9 c10 d4 d5 d6 d7", "d8 d9 d10 d11 d12 d13 s4 s5 c13 c13 d13"]
STOCK = "h12 h12 h13"


def table(hand: str, melds: list[str], profile: object = CANASTRA, others: tuple[str, ...] = ("c11", "c12", "s12"),
          **kw: object) -> Round:
    """N to play (drawn from the stock by default), team N-S with ``melds``; both mortos waiting."""
    kw.setdefault("drew_from", "stock")
    kw.setdefault("mortos", MORTOS)
    kw.setdefault("stock", STOCK)
    return Round.from_state(profile=profile, hands=[hand, *others], melds=[melds],  # type: ignore[arg-type]
                            **kw)


def cards(text: str) -> list:  # type: ignore[type-arg]
    return parse_cards(text)


# --------------------------------------------------------------------------- profiles
def test_profiles_are_registered_with_their_decks_and_deal() -> None:
    for prof, hand, stock in ((CANASTRA, 15, 24), (TRANCA, 11, 40)):
        assert prof.deck_size == 106 and prof.joker_count == 2 and prof.morto_size == 11
        assert prof.direction == "ccw" and prof.target_score == 3000
        rnd = Round(prof, seed=4)
        assert all(len(h) + len(t) >= hand for h, t in zip(rnd.hands, rnd.red_threes, strict=True))
        threes = sum(len(t) for t in rnd.red_threes)
        assert len(rnd.stock) == stock - threes
        assert [len(m) for m in rnd.mortos] == [11, 11]
        assert rnd.pile == []  # no upcard
        assert len(rnd.all_cards()) == 106


def test_play_and_deal_go_counter_clockwise() -> None:
    rnd = Round(TRANCA, seed=1, dealer=0)
    assert rnd.to_move == 3  # the player to the dealer's right starts
    rnd.draw()
    rnd.discard(rnd.hands[3][-1])
    assert rnd.to_move == 2
    game = Game(TRANCA, seed=2, dealer=0)
    assert game.round.to_move == 3
    assert game.round.next_seat(game.round.dealer) == 3


def test_card_values() -> None:
    assert [CANASTRA.card_value(r) for r in (3, 7, 8, 13, 2, 1, 0)] == [5, 5, 10, 10, 10, 15, 20]
    assert {TRANCA.card_value(r) for r in range(14)} == {10}


# --------------------------------------------------------------------------- canastra_br
def test_canastra_br1_melds() -> None:
    assert check_meld("h5 h6 h7", CANASTRA).ok
    assert check_meld("h5 h6 d7", CANASTRA).code == "seq_mixed_suits"
    threes = check_meld("h3 h4 h5", CANASTRA)
    assert not threes.ok and "never part of a meld" in threes.message
    assert check_meld("s3 s4 s5", CANASTRA).code == "meld_threes_in_sequence"
    assert check_meld("h1 h4 h5", CANASTRA).code == "seq_ace_low"
    two_as_queen = check_meld("h13 h1 c2", CANASTRA)
    assert two_as_queen.ok and [str(c) for c in two_as_queen.meld] == ["c2", "h13", "h1"]
    assert "c2(=h12)" in two_as_queen.message
    assert check_meld("d1 s1 c1", CANASTRA).ok
    assert check_meld("d13 s13 c13", CANASTRA).code == "meld_set_not_aces"
    two_wilds = check_meld("h5 jk c2", CANASTRA)
    assert two_wilds.ok and "never count as a canasta" in two_wilds.message
    grown = arrange_new(cards("h5 jk c2 h6 h7 h8 h9 h10"))
    assert len(grown) == 8 and canasta_kind(grown, 101, CANASTRA) is None


def test_canastra_br2_canasta_type_limpa_then_suja() -> None:
    limpa = arrange_new(cards("s9 s10 s11 s12 s13 s1 jk"))
    assert str(limpa[0]) == "jk"  # the joker stands for s8: nothing above the ace
    assert canasta_kind(limpa, 101, CANASTRA) == "limpa"
    rnd = table("h8 s7 c9", ["s9 s10 s11 s12 s13 s1 jk"])
    assert rnd.canasta_kinds(0) == ["limpa"]
    # h8 is not a spade; an eighth card (s7, below the joker's s8) downgrades the canasta to suja
    assert rnd.can_meld("101: h8").code == "meld_rank_mismatch"
    rnd.meld("101: s7")
    assert rnd.canasta_kinds(0) == ["suja"]
    assert any(e.kind == "canasta_kind_changed" and "suja" in e.message for e in rnd.events)
    assert sequence_kind(cards("s4 s5 s6 s7 s8 s9 s10"), 101, "canastra") == "real"
    assert sequence_kind(cards("s4 s5 s6 c2 s8 s9 s10"), 101, "canastra") == "suja"
    assert sequence_kind(cards("s1 h1 d1 c1 s1 h1 d1"), ACE_SET_KEY, "canastra") == "de_mil"


def test_canastra_br3_opening_75_below_2500_and_120_from_2500() -> None:
    hand = "h11 h12 h13 s1 d1 c1 c9"
    ok = table(hand, [], stock="s13 s13", team_scores=(2495, 0))
    assert ok.opening_minimum(0) == 75
    assert ok.can_meld("h11 h12 h13 | s1 d1 c1").ok
    refused = table(hand, [], stock="s13 s13", team_scores=(2500, 0))
    verdict = refused.can_meld("h11 h12 h13 | s1 d1 c1")
    assert verdict.code == "opening_below_minimum" and "120" in verdict.message and "75" in verdict.message
    # melds laid in one action add up; so do melds over several actions of the turn, and one the
    # rest of the hand cannot complete is refused with the reason
    assert ok.can_meld("s1 d1 c1").ok
    short = refused.can_meld("s1 d1 c1")
    assert short.code == "opening_below_minimum" and "cannot add the missing 75" in short.message
    ok.meld("h11 h12 h13 | s1 d1 c1")
    assert ok.opened[0]


def test_canastra_br_opening_over_several_meld_actions_in_one_turn() -> None:
    """DECISION (docs/variants.md#variants-canastra-br-opening): «combinações simultâneas» means
    laid down in the same turn, as in the classic family: s1 d1 c1 (45) then h11 h12 h13 (30) = 75
    opens at score 0, with the same progress (45 of 75, 30 more this turn) on the way."""
    rnd = table("h11 h12 h13 s1 d1 c1 s5 s6", [], stock="s13 s13")
    assert rnd.opening_minimum(0) == 75
    first = rnd.can_meld("s1 d1 c1")
    assert first.ok, first.message
    assert "Lay all your opening melds in one action" not in first.message
    rnd.meld("s1 d1 c1")
    assert not rnd.opened[0] and rnd.turn_value == 45
    # the discard waits for the rest of the minimum, as in the classic family
    waiting = rnd.can_discard("s5")
    assert waiting.code == "opening_incomplete"
    assert "worth 45; it needs 75. Meld 30 more before you discard." in waiting.message
    # the move generator offers the rest of the opening
    assert "N meld h11 h12 h13" in [a.text() for a in rnd.legal_actions()]
    second = rnd.can_meld("h11 h12 h13")
    assert second.ok, second.message
    rnd.meld("h11 h12 h13")
    assert rnd.opened[0] and rnd.turn_value == 75
    assert any(e.kind == "opening_reached" and e.value == 75 for e in rnd.events)
    rnd.discard("s5")


def test_canastra_br4_pile_no_pair_needed_blocked_by_black_three_and_wilds() -> None:
    rnd = table("c9 h4", ["s6 s7 s8"], pile="d5 s9", drew_from=None)
    verdict = rnd.can_take_pile()
    assert verdict.ok, verdict
    rnd.take_pile()
    assert [str(c) for c in rnd.melds[0][101]] == ["s6", "s7", "s8", "s9"]
    assert "d5" in [str(c) for c in rnd.hands[0]]
    for top in ("c3", "c2", "jk"):
        blocked = table("c9 h4", ["s6 s7 s8"], pile=f"d5 {top}", drew_from=None)
        assert not blocked.can_take_pile().ok
        assert blocked.can_take_pile().code in ("pile_blocked_black_three", "pile_blocked_wild")


def test_canastra_br5_batida_direta_takes_the_morto_then_second_batida_needs_a_clean_canasta() -> None:
    rnd = table("h9", ["h6 h7 h8"])
    rnd.meld("101: h9")
    assert rnd.morto_state[0] == "taken" and rnd.mortos[0] == []
    assert len(rnd.hands[0]) + len(rnd.red_threes[0]) == 11
    assert rnd.phase == "play" and rnd.to_move == 0  # goes on melding, no draw
    assert any(e.kind == "morto_taken" and "batida direta" in e.message for e in rnd.events)
    later = table("h9", ["h6 h7 h8"], mortos=[[], MORTOS[1]], morto_state=["taken", "waiting"])
    verdict = later.can_meld("101: h9")
    assert verdict.code == "batida_needs_clean_canasta"
    assert "morto" in verdict.message and "batida" in verdict.message


FULL = ["h4 h5 h6 h7 h8 h9 h10", "jk s9 s10 s11 s12 s13 s1", "d5 d6 d7 c2 d9 d10 d11"]


def test_canastra_br6_score_1885() -> None:
    breakdown = score_team([cards(m) for m in FULL], cards("h3 d3"), [cards("s3")], CANASTRA, went_out=True,
                           morto_taken=True)
    assert breakdown.total == 1885
    # the same hand played: N melds his last card (h10) and ends the hand with the second batida
    rnd = table("h10", ["h4 h5 h6 h7 h8 h9", FULL[1], FULL[2]], others=("c11", "s3", "c12"),
                red_threes=["h3", "", "d3"], mortos=[[], MORTOS[1]], morto_state=["taken", "waiting"])
    rnd.meld("101: h10")
    assert rnd.is_over and rnd.went_out == 0
    assert rnd.scores()[0].total == 1885


def test_canastra_br6_score_195_without_a_real() -> None:
    melds = [cards("h4 h5 h6 h7 h8 h9 h10 h11")] + [cards(m) for m in FULL[1:]]
    breakdown = score_team(melds, cards("h3 d3"), [cards("s3")], CANASTRA, went_out=True, morto_taken=True)
    assert breakdown.total == 195
    assert breakdown.points("red_threes") == -200
    assert breakdown.points("limpa_canastas") == 0 and breakdown.points("suja_canastas") == 0


def test_canastra_br_de_mil_and_the_four_red_threes() -> None:
    breakdown = score_team([cards("s1 h1 d1 c1 s1 h1 d1")], cards("h3 d3 h3 d3"), [], CANASTRA,
                           morto_taken=True)
    assert breakdown.total == 105 + 1000 + 800


def test_canastra_br_two_at_an_end_moves_to_the_other_end() -> None:
    rnd = table("h8 h6 c9", ["h5 h6 h7 c2"])
    assert [str(c) for c in rnd.melds[0][101]] == ["h5", "h6", "h7", "c2"]  # c2 = h8
    rnd.meld("101: h8")
    assert [str(c) for c in rnd.melds[0][101]] == ["c2", "h5", "h6", "h7", "h8"]  # c2 = h4 now
    interior = table("h6 h9 c9", ["h5 c2 h7"])
    verdict = interior.can_meld("101: h6")
    assert verdict.code == "seq_wild_fixed" and "c2" in verdict.message


# --------------------------------------------------------------------------- tranca
def test_tranca1_first_meld_at_any_score() -> None:
    for score in (-500, 0, 2999, 5000):
        rnd = table("h4 h5 h6 c9", [], profile=TRANCA, team_scores=(score, 0))
        assert rnd.opening_minimum(0) == 0
        assert rnd.can_meld("h4 h5 h6").ok


def test_tranca2_pile_top_melded_with_hand_cards() -> None:
    rnd = table("h8 h9 c5 c6", [], profile=TRANCA, pile="d4 h7", drew_from=None)
    verdict = rnd.can_take_pile("h8 h9")
    assert verdict.ok, verdict
    rnd.take_pile("h8 h9")
    assert [str(c) for c in rnd.melds[0][101]] == ["h7", "h8", "h9"]
    blocked = table("h8 h9 c5", [], profile=TRANCA, pile="d4 s3", drew_from=None)
    assert blocked.can_take_pile("h8 h9").code == "pile_blocked_black_three"


def test_tranca3_batida_indireta_takes_the_morto_and_the_turn_passes() -> None:
    rnd = table("c5", ["h4 h5 h6"], profile=TRANCA)
    rnd.discard("c5")
    assert rnd.morto_state[0] == "taken"
    assert len(rnd.hands[0]) + len(rnd.red_threes[0]) == 11
    assert rnd.to_move == 3 and rnd.phase == "draw"
    assert any(e.kind == "morto_taken" and "batida indireta" in e.message for e in rnd.events)


def test_tranca4_end_stock_and_mortos_gone_take_the_pile_or_end_the_hand() -> None:
    rnd = table("c5 c9", ["h4 h5 h6"], profile=TRANCA, stock="", pile="d9 h7", drew_from=None,
                mortos=[], morto_state=["taken", "stock"])
    legal = rnd.legal_actions()
    assert any(isinstance(a, TakePile) for a in legal)
    assert rnd.can_decline().ok
    assert rnd.can_draw().code == "stock_empty"
    rnd.decline()
    assert rnd.is_over and rnd.end_reason == "stock_exhausted"


def test_tranca5_score_1420() -> None:
    limpa = cards("h4 h5 h6 h7 h8 h9 h10")
    suja = cards("s4 s5 s6 s7 c2 s9 s10 s11")
    breakdown = score_team([limpa, suja], cards("h3 d3 h3 d3"), [cards("c5 c9 d12")], TRANCA, went_out=True,
                           morto_taken=True)
    assert breakdown.total == 1420


def test_tranca_has_no_two_end_move() -> None:
    rnd = table("h8 c9 d9", ["h5 h6 h7 c2"], profile=TRANCA)
    assert rnd.can_meld("101: h8").code == "seq_wild_fixed"


# --------------------------------------------------------------------------- sequences
def test_sequence_ordering_and_wild_cards_filling_gaps() -> None:
    assert [str(c) for c in arrange_new(cards("h7 h5 jk"))] == ["h5", "jk", "h7"]
    assert [str(c) for c in arrange_new(cards("d10 d12 c2 jk"))] == ["d10", "c2", "d12", "jk"]
    assert check_meld("h5 h8 jk", TRANCA).code == "seq_gap"
    assert check_meld("h5 h8 jk c2", TRANCA).ok
    assert sequence_title(arrange_new(cards("h4 h5 h6 h7 h8 h9 h10"))) == "Hearts 4–10"
    assert check_meld("h1 h13 h12 h11 h10 h9 h8 h7 h6 h5 h4 jk", CANASTRA).code == "seq_too_long"


def test_a_second_wild_card_makes_a_canasta_ineligible() -> None:
    run = cards("h4 h5 h6 h7 h8 h9 jk")
    assert canasta_kind(run, 101, CANASTRA) == "limpa"
    assert canasta_kind(run, 101, TRANCA) == "suja"
    with_two = run + cards("c2")
    assert canasta_kind(with_two, 101, CANASTRA) is None
    assert canasta_kind(with_two, 101, TRANCA) is None
    rnd = table("c2 c9 d9", ["h4 h5 h6 h7 h8 h9 jk"], profile=TRANCA)
    rnd.meld("101: c2")
    assert rnd.canasta_kinds(0) == []
    assert any(e.kind == "canasta_kind_changed" and "no longer a canasta" in e.message for e in rnd.events)


def test_sets_of_aces() -> None:
    verdict = check_meld("d1 s1 c1 jk", CANASTRA)
    assert verdict.ok and "set of aces" in verdict.message
    rnd = table("h1 h1 c2 jk c9 d9", ["d1 s1 c1"])
    assert ACE_SET_KEY in rnd.melds[0]
    rnd.meld("1: h1")
    rnd.meld("h1 c2 jk")  # melding aces again joins the team's set of aces
    assert len(rnd.melds[0][ACE_SET_KEY]) == 7 and list(rnd.melds[0]) == [ACE_SET_KEY]
    assert check_meld("c2 jk d2", CANASTRA).code == "meld_no_naturals"


def test_refusals_are_explained() -> None:
    rnd = table("h9 s9 c10 d5", ["h4 h5 h6"])
    gap = rnd.can_meld("101: h9")
    assert gap.code == "seq_gap" and "seven" in gap.message and "eight" in gap.message
    suit = rnd.can_meld("101: s9")
    assert suit.code == "meld_rank_mismatch" and "hearts" in suit.message
    assert rnd.can_meld("105: s9").code == "meld_no_such_meld"
    assert "Hearts 4–6" in rnd.can_meld("105: s9").message


def test_extend_meld_places_wild_cards_at_the_high_end_then_low() -> None:
    result, problem = extend_meld(cards("h12 h13 h1"), cards("jk"), two_end_move=False)
    assert problem is None and result is not None and str(result[0]) == "jk"
    result, problem = extend_meld(cards("h5 h6 h7"), cards("jk h9"), two_end_move=False)
    assert problem is None and result is not None and [str(c) for c in result] == ["h5", "h6", "h7", "jk", "h9"]


def test_joker_swap_and_its_text_form() -> None:
    rnd = table("h7 c9 d9", ["h5 h6 jk h8"])
    verdict = rnd.can_swap(101, "h7")
    assert verdict.ok
    action = rnd.swap(101, "h7")
    assert str(action) == "N swap 101: h7" and parse_action("N swap 101: h7") == action
    assert isinstance(action, Swap)
    assert [str(c) for c in rnd.melds[0][101]] == ["h5", "h6", "h7", "h8"]
    assert "jk" in [str(c) for c in rnd.hands[0]]
    assert rnd.can_swap(101, "c9").code in ("swap_not_possible", "card_not_in_hand")


def test_take_text_forms_round_trip() -> None:
    for text in ("E take 101:", "E take 1:", "E take h8 h9", "E take 102: jk", "N redraw"):
        assert parse_action(text).text() == text
    assert parse_action("E take 101:") == TakePile(1, (), (), 101)
    assert parse_action("N redraw") == Redraw(0)


def test_pile_cards_are_locked_for_the_turn_but_may_be_discarded() -> None:
    rnd = table("s10 s11 c9", ["s6 s7 s8"], pile="h9 h10 h11 s9", drew_from=None)
    rnd.take_pile()
    assert rnd.can_meld("h9 h10 h11").code == "meld_pile_cards_locked"
    assert rnd.can_meld("101: s10 s11").ok
    assert rnd.can_discard("h9").ok
    rnd.discard("h9")
    assert rnd.to_move == 3


def test_first_turn_redraw() -> None:
    rnd = Round(TRANCA, seed=3)
    seat = rnd.to_move
    rnd.draw()
    size = len(rnd.hands[seat])
    assert rnd.can_redraw().ok
    assert any(isinstance(a, Redraw) for a in rnd.legal_actions())
    rnd.redraw()
    assert len(rnd.pile) == 1 and len(rnd.hands[seat]) == size
    assert not rnd.can_redraw().ok


def test_morto_becomes_the_stock_of_the_drawing_team_and_costs_100() -> None:
    rnd = table("c9 d9", ["h4 h5 h6"], profile=TRANCA, stock="", drew_from=None, to_move=1,
                others=("c11 c12", "s12", "s13"))
    assert rnd.can_draw().ok
    rnd.draw()
    assert rnd.morto_state == ["waiting", "stock"]
    assert any(e.kind == "morto_to_stock" for e in rnd.events)
    assert len(rnd.stock) == 10
    team = rnd.score_team(1)
    assert team.points("morto") == -100


def test_players_who_melded_nothing_cost_100_each() -> None:
    breakdown = score_team([cards("h4 h5 h6")], [], [], TRANCA, morto_taken=True, players_without_meld=1)
    assert breakdown.points("no_meld") == -100 and breakdown.total == 30 - 100


def test_game_tie_rule_and_target() -> None:
    assert CANASTRA.tie_rule == TRANCA.tie_rule == "any_lead"


# --------------------------------------------------------------------------- properties
def _recount(rnd: Round, team: int) -> int:
    """An independent recount of a team's hand score under the Brazilian tables."""
    prof = rnd.profile
    seats = [s for s in range(4) if s % 2 == team]
    melds = list(rnd.melds[team].items())
    total = sum(prof.card_values[c.rank] for _, m in melds for c in m)
    total -= sum(prof.card_values[c.rank] for s in seats for c in rnd.hands[s])
    kinds = []
    for key, meld in melds:
        wild = sum(1 for c in meld if c.rank in (0, 2))
        if len(meld) < 7 or wild > 1:
            continue
        if prof.name == "tranca":
            kinds.append("limpa" if not wild else "suja")
        elif len(meld) > 7 or any(c.rank == 2 for c in meld):
            kinds.append("suja")
        elif wild:
            kinds.append("limpa")
        else:
            kinds.append("de_mil" if key == 1 else "real")
    if prof.name == "tranca":
        total += sum({"limpa": 200, "suja": 100}[k] for k in kinds)
        positive = "limpa" in kinds
    else:
        has_real = "real" in kinds or "de_mil" in kinds
        total += sum({"real": 500, "de_mil": 1000}.get(k, 0) for k in kinds)
        if has_real:
            total += sum({"limpa": 500, "suja": 300}.get(k, 0) for k in kinds)
        positive = has_real
    threes = sum(len(rnd.red_threes[s]) for s in seats)
    if threes:
        bonus = 800 if threes == 4 else 100 * threes
        total += bonus if positive else -bonus
    if rnd.went_out is not None and rnd.went_out % 2 == team:
        total += 200
    if rnd.morto_state[team] != "taken":
        total -= 100
    total -= 100 * sum(1 for s in seats if not rnd.has_melded[s])
    return total


def _check_final(rnd: Round) -> None:
    assert len(rnd.all_cards()) == 106
    for team in range(2):
        for key, meld in rnd.melds[team].items():
            assert check_meld_cards(meld, rnd.profile).ok, meld
            if key != ACE_SET_KEY:
                # stored in rank order: the sequence as it lies is its own arrangement
                assert extend_meld(meld, (), two_end_move=False) == (list(meld), None)
        assert rnd.score_team(team).total == _recount(rnd, team)


@pytest.mark.parametrize("profile", ["canastra_br", "tranca"])
@pytest.mark.parametrize("seed", range(8))
def test_seeded_random_rounds_keep_every_card_and_melds_legal(profile: str, seed: int) -> None:
    rnd = Round(profile, seed=seed)
    rng = random.Random(seed)
    while not rnd.is_over:
        legal = rnd.legal_actions()
        assert legal, "no legal action before the end of the round"
        before = rnd.snapshot()
        action = rng.choice(legal)
        assert rnd.check(action).ok
        assert rnd.snapshot() == before
        rnd.apply(action)
        assert len(rnd.all_cards()) == 106
    _check_final(rnd)


@pytest.mark.parametrize("profile", ["canastra_br", "tranca"])
@pytest.mark.parametrize("seed", range(3))
def test_bot_rounds_round_trip_and_replay_identically(profile: str, seed: int) -> None:
    from canasta_learn.play.bots import play_round

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        record = play_round(("greedy", "random", "greedy", "random"), profile=profile, seed=seed)
    text = record.dump()
    again = GameRecord.load(text)
    assert again.dump() == text
    final = again.state_at(0, len(again.rounds[0].actions) - 1)
    assert final.is_over
    live = record.state_at(0, len(record.rounds[0].actions) - 1)
    assert final.snapshot() == live.snapshot()
    _check_final(final)
    for action in record.rounds[0].actions:
        assert parse_action(action).text() == action


def test_a_whole_bot_game_reaches_the_target() -> None:
    from canasta_learn.play.bots import play_game

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        record = play_game(("greedy",) * 4, profile="tranca", seed=3)
    game = record.to_game()
    assert game.is_over and max(game.totals) >= 3000
    dealers = [r.dealer for r in record.rounds]
    assert dealers[:3] == [dealers[0], (dealers[0] - 1) % 4, (dealers[0] - 2) % 4]


def test_a_position_record_keeps_the_mortos() -> None:
    start = table("h9 c9 d9 s4", ["h6 h7 h8", "d1 s1 c1"], mortos=[[], MORTOS[1]], morto_state=["taken", "waiting"])
    rnd = start.copy()
    rnd.meld("101: h9")
    rnd.discard("s4")
    record = GameRecord.from_round(rnd, start=start)
    text = record.dump()
    again = GameRecord.load(text)
    assert again.dump() == text
    final = again.state_at(0, 1)
    assert final.morto_state == ["taken", "waiting"] and final.mortos[1] == parse_cards(MORTOS[1])
    assert final.snapshot()[1:] == rnd.snapshot()[1:]


def test_table_shows_runs_and_the_morto() -> None:
    from canasta_learn.render.table import meld_html, team_side_html

    run = meld_html(cards("h4 h5 h6 c2 h8 h9 h10"), CANASTRA)
    assert "Hearts 4–10" in run and "Canastra suja" in run
    rnd = table("h9 c9 d9 s4", ["h6 h7 h8"], mortos=[[], MORTOS[1]], morto_state=["taken", "waiting"])
    rnd.morto_taker[0] = 2
    side = team_side_html(rnd, 0)
    assert "Morto: taken by S" in side and "Hearts 6–8" in side
    other = team_side_html(rnd, 1)
    assert "Morto" in other and "waiting" in other
    assert "morto: taken by S" in str(rnd)


@pytest.mark.parametrize("profile", ["canastra_br", "tranca"])
def test_play_widget_plays_a_brazilian_round_with_bots(profile: str) -> None:
    from canasta_learn.widgets.play import PlayWidget

    play = PlayWidget(profile=profile, game=True, seed=4, seat=0)
    for _ in range(500):  # draw and discard through the widget; the bots play the other seats
        rnd = play.state
        if rnd.is_over:
            break
        if rnd.phase == "draw":
            play.click("draw" if rnd.stock_count or any(rnd.morto_available(t) for t in range(2)) else "decline")
        else:
            for card in reversed(list(rnd.hands[0])):
                play.select(str(card))
                play.click("discard")
                if rnd.phase != "play" or rnd is not play.state:
                    break
            else:
                legal = rnd.legal_actions()
                rnd.apply(legal[0])  # a hand that may not discard (batida refused): any legal move
    assert play.state.is_over
    table = play.table
    assert table is not None
    assert "Morto" in play.state._repr_html_()
    labels = [label for label, _ in play.target.options]
    assert labels[0] == "as a new meld"


def test_annotations_speak_of_sequences_and_the_morto() -> None:
    from canasta_learn.play.bots import play_round
    from canasta_learn.records.annotate import annotate

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        record = play_round(("greedy", "random", "greedy", "random"), profile="canastra_br", seed=2)
    notes = [n for round_notes in annotate(record) for step in round_notes for n in step]
    texts = [n.message for n in notes]
    assert any("never freezes" in t for t in texts)
    assert not any("must take the discard pile when its top card fits" in t for t in texts)
    assert any(n.code == "stock_empty" and "morto" in n.message for n in notes)


def test_position_queries_under_the_brazilian_profiles() -> None:
    from canasta_learn import Position

    tranca = Position("h8 h9 h10 c5", profile=TRANCA, drew_from="stock")
    assert tranca.team_opened  # no opening minimum
    batida = tranca.check_go_out("h8 h9 h10", "c5")
    assert batida.ok and "batida indireta" in batida.message
    assert tranca.check_go_out("h8 h9 h10").code == "go_out_not_whole_hand"
    canastra = Position("h8 h9 h10 c5 h11 h12 h13 s1 c1 d1 d4", discard_pile="d5 h7", profile=CANASTRA,
                        drew_from="stock")
    verdict = canastra.opening_verdict()
    assert verdict.ok and "75" in verdict.message
    assert canastra.pile_status().state == "open"


def test_red_threes_in_the_morto_are_laid_down_and_replaced() -> None:
    morto = "h3 c4 c5 c6 c7 c8 c9 c10 d4 d5 d6"
    rnd = table("h9", ["h6 h7 h8"], mortos=[morto, MORTOS[1]], stock="s13 s12 s11")
    rnd.meld("101: h9")
    assert [str(c) for c in rnd.red_threes[0]] == ["h3"]
    assert len(rnd.hands[0]) == 11 and "s13" in [str(c) for c in rnd.hands[0]]
    assert len(rnd.stock) == 2


def test_a_two_at_an_end_cannot_move_past_the_ace() -> None:
    full = "c2 h5 h6 h7 h8 h9 h10 h11 h12 h13 h1"  # the two stands for h4, the run is 4-A
    rnd = table("h4 c9 d9", [full], stock="s13")
    assert [str(c) for c in rnd.melds[0][101]][:2] == ["c2", "h5"]
    verdict = rnd.can_meld("101: h4")
    assert verdict.code == "seq_wild_fixed" and "cannot move" in verdict.message
    high = table("h1 c9 d9", ["h12 h13 c2"], stock="s13")  # c2 = ace: it moves down to the jack
    high.meld("101: h1")
    assert [str(c) for c in high.melds[0][101]] == ["c2", "h12", "h13", "h1"]


def test_canastra_br_opening_search_that_gives_up_says_lay_the_melds_together(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the search for the rest of an opening gives up (its budget spent), the partial meld
    is refused with advice that always works (lay the opening melds in one action), never with a
    claim that the rest of the hand cannot make it (docs/variants.md#variants-canastra-br-opening)."""
    from canasta_learn.rules import meld_groups

    monkeypatch.setattr(meld_groups, "SEQUENCE_COMPLETION_BUDGET", 0)
    rnd = table("h11 h12 h13 s1 d1 c1 s5 s6", [], stock="s13 s13")
    verdict = rnd.can_meld("s1 d1 c1")
    assert verdict.code == "opening_below_minimum"
    assert "Lay all your opening melds in one action" in verdict.message and "cannot add" not in verdict.message
    assert rnd.can_meld("s1 d1 c1 | h11 h12 h13").ok
