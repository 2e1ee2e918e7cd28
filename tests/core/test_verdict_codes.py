"""Every code in VERDICT_CODES is produced by a scenario, with a full-sentence message that
names the cards and numbers involved."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from canasta_learn import (
    VERDICT_CODES,
    Position,
    Round,
    Verdict,
    check_meld,
    get_profile,
)
from canasta_learn.core.actions import Meld

STOCK = "s12 s12 s11 s11"
KINGS = "h13 h13 s13 s13 d13 c13 c13"  # a natural canasta


def table(hands: list[str], profile: object = "classic", **kw: object) -> Round:
    kw.setdefault("stock", STOCK)
    return Round.from_state(profile=profile, hands=hands, **kw)  # type: ignore[arg-type]


def ready(hand: str = "h9 c9 d9 h10 c10 jk h5", **kw: object) -> Round:
    """N has drawn and can go out (team has a canasta)."""
    kw.setdefault("drew_from", "stock")
    return table([hand, "c4", "c5", "c6"], melds=[[KINGS]], has_melded=[True] * 4, **kw)


def asked(yes: bool | None = None) -> Round:
    rnd = ready()
    rnd.ask()
    if yes is not None:
        rnd.answer(yes)
    return rnd


def over() -> Round:
    rnd = ready("h9 c9 d9 c10")
    rnd.meld("h9 c9 d9")
    rnd.discard("c10")
    assert rnd.is_over
    return rnd


def opened_take_with_extra() -> Verdict:
    rnd = table(["c6 c6 h1 c1 d1 h9"], melds=[["h8 c8 d8"]], pile="h7 d6")
    return rnd.can_take_pile("c6 c6", "h1 c1 d1")


def no_wild_opening() -> Verdict:
    strict = get_profile("classic").replace(name="strict", opening_wilds_allowed=False)
    return table(["h1 c1 jk h9 c9 d9 c10 c11"], profile=strict, drew_from="stock").can_meld(
        "h1 c1 jk | h9 c9 d9")


def opening_incomplete() -> Verdict:
    rnd = table(["h1 c1 d1 h9 c9 d9 s10 h4"], drew_from="stock")
    rnd.meld("h9 c9 d9")
    return rnd.can_discard("h4")


#: code -> (scenario, words the message must contain)
def italian(hand: str, melds: list[str]) -> Round:
    return Round.from_state(profile="italian", hands=[hand, "c4", "c5", "c6"], stock=STOCK, melds=[melds],
                            drew_from="stock")


def pennies(hand: str, melds: list[str]) -> Round:
    return Round.from_state(profile="pennies_from_heaven", hands=[hand, "c4", "c5", "c6", "c7", "c8"],
                            stock=STOCK, melds=[melds], drew_from="stock")


def brazil(hand: str, melds: list[str], profile: str = "canastra_br", **kw: object) -> Round:
    kw.setdefault("drew_from", "stock")
    kw.setdefault("mortos", ["c4 c5 c6 c7 c8 c9 c10 d4 d5 d6 d7", "d8 d9 d10 d11 d12 d13 s4 s5 c13 c13 d13"])
    return Round.from_state(profile=profile, hands=[hand, "h4", "h5", "h6"], stock="h12 h12 h13", melds=[melds],
                            **kw)  # type: ignore[arg-type]


def locked_pile_card() -> Verdict:
    rnd = brazil("s10 s11 c9", ["s6 s7 s8"], pile="h9 h10 h11 s9", drew_from=None)
    rnd.take_pile((), (), None)
    return rnd.can_meld("h9 h10 h11")


def redraw_after_meld() -> Verdict:
    rnd = Round("tranca", seed=3)
    rnd.draw()
    rnd.discard(rnd.hands[rnd.to_move][0])
    rnd.draw()
    return rnd.can_redraw()


PENNIES_FULL = ["c7 c7 d7 d7 h7 h7 s7", "jk jk c2 c2 d2 d2 h2", "c1 c1 d1 d1 h1 h1 s1", "c10 c10 d10 d10 h10 h2 s2"]

SCENARIOS: dict[str, tuple[Callable[[], Verdict], tuple[str, ...]]] = {
    "meld_threes_in_sequence": (lambda: check_meld("s3 s4 s5", "canastra_br"), ("threes", "s3")),
    "meld_set_not_aces": (lambda: check_meld("d13 s13 c13", "canastra_br"), ("only aces",)),
    "seq_mixed_suits": (lambda: check_meld("h5 h6 d7", "canastra_br"), ("diamonds and hearts",)),
    "seq_rank_twice": (lambda: check_meld("h5 h5 h6", "tranca"), ("fives",)),
    "seq_gap": (lambda: check_meld("h5 h8 jk", "tranca"), ("six", "seven")),
    "seq_ace_low": (lambda: check_meld("h1 h4 h5", "canastra_br"), ("ace", "high")),
    "seq_too_long": (lambda: brazil("jk c2 h9", ["s4 s5 s6 s7 s8 s9 s10 s11 s12 s13"]).can_meld("101: jk c2"),
                     ("11",)),
    "seq_wild_fixed": (lambda: brazil("h6 h9 c9", ["h5 c2 h7"]).can_meld("101: h6"), ("c2", "h6")),
    "meld_pile_cards_locked": (locked_pile_card, ("h9", "next turn")),
    "batida_needs_clean_canasta": (lambda: brazil("h9", ["h6 h7 h8"], mortos=[]).can_meld("101: h9"),
                                   ("morto", "batida", "limpa")),
    "swap_not_possible": (lambda: brazil("h8 c9 d9", ["h5 h6 jk"]).can_swap(101, "h8"), ("joker", "h7")),
    "redraw_not_allowed": (redraw_after_meld, ("first player",)),
    "meld_canasta_closed": (lambda: pennies("h13 c4 c5", [KINGS]).can_meld("13: h13"), ("kings", "7")),
    "meld_twos_reserved": (lambda: italian("s2 c9 d9 h9", ["c2 d2 h2", "h13 s13 d13"]).can_meld("13: s2"),
                           ("s2", "deuce meld")),
    "discard_seven_forbidden": (lambda: pennies("h7 c4 c5 c9", []).can_discard("h7"), ("h7", "sevens")),
    "go_out_discarding_seven": (lambda: pennies("s7", PENNIES_FULL).can_discard("s7"), ("s7",)),
    "ok": (lambda: Round(seed=7).can_draw(), ("Draw from the stock",)),
    "meld_ok": (lambda: check_meld("h1 c1 d2"), ("h1 c1 d2", "60")),
    "pile_takeable": (lambda: Position("c6 c6 h7 d8", discard_pile="s9 d6",
                                       team_melds=["h13 s13 s13"]).check_take_pile(),
                      ("c6 c6", "d6")),
    "opening_ok": (lambda: Position("h1 c1 d2 c5 h6", drew_from="stock").check_opening(
        "h1 c1 d2"), ("60", "50")),
    "opening_not_needed": (lambda: Position("h4 c4 d4 c9 c10", team_melds=["h1 c1 d1"]
                                            ).check_opening("h4 c4 d4"), ("opened",)),
    "go_out_ok": (lambda: Position("h9 c9 d9 c10", team_melds=[KINGS], player_has_melded=True,
                                   drew_from="stock").check_go_out("h9 c9 d9", "c10"),
                  ("canasta",)),
    "go_out_concealed_ok": (lambda: Position("h4 h4 c4 c4 d4 d4 s4 h1 c1 d1 c9",
                                             drew_from="stock").check_go_out(
        "h4 h4 c4 c4 d4 d4 s4 | h1 c1 d1", "c9"), ("concealed", "200")),
    "round_over": (lambda: over().check("E draw"), ("over",)),
    "not_your_turn": (lambda: Round(seed=7).check("N draw"), ("E", "N")),
    "already_drew": (lambda: ready().can_draw(), ("already",)),
    "must_draw_first": (lambda: table(["c9 h9 d9"]).can_discard("c9"), ("draw",)),
    "awaiting_answer": (lambda: asked().can_discard("h5"), ("S", "answer")),
    "stock_empty": (lambda: table(["c9 h9 d9"], stock="", pile="s7",
                                  melds=[["h8 c8 d8"]]).can_draw(), ("stock is empty",)),
    "must_take_pile": (lambda: table(["c9 h9 d9"], stock="", pile="h4 s8",
                                     melds=[["h8 c8 d8"]]).can_decline(), ("s8", "eights")),
    "card_not_in_hand": (lambda: ready().can_meld("h7 c7 d7"), ("c7 d7 h7", "jk h5")),
    "no_cards_given": (lambda: ready().check(Meld(0, ())), ("meld",)),
    "meld_too_few_cards": (lambda: check_meld("h5 c5"), ("h5 c5", "3")),
    "meld_mixed_ranks": (lambda: check_meld("h4 h5 h6"), ("fours", "fives", "sixes")),
    "meld_no_naturals": (lambda: check_meld("jk d2 c2"), ("jk d2 c2",)),
    "meld_too_few_naturals": (lambda: check_meld("h5 jk d2"), ("h5 jk d2", "2")),
    "meld_too_many_wilds": (lambda: check_meld("h5 c5 d5 jk jk d2 c2"), ("4 wild", "3")),
    "meld_wilds_not_fewer": (lambda: check_meld("h5 c5 d2 c2", "cardgames_io"),
                             ("2 naturals", "2 wild", "cardgames_io")),
    "meld_red_three": (lambda: check_meld("h3 d3 jk"), ("h3 d3",)),
    "meld_black_threes_not_going_out": (lambda: check_meld("c3 s3 c3"), ("c3 s3 c3",)),
    "meld_black_threes_with_wilds": (lambda: check_meld("c3 s3 jk", going_out=True), ("jk",)),
    "meld_no_such_meld": (lambda: ready().can_meld("9: h9"), ("nines",)),
    "meld_opponents_meld": (lambda: table(["h9 c9 d9 jk c10"], melds=[[KINGS], ["h7 c7 d7"]],
                                          drew_from="stock").can_meld("7: jk"),
                            ("opponents", "sevens")),
    "meld_rank_mismatch": (lambda: ready().can_meld("13: h9"), ("h9", "kings")),
    "meld_same_rank_twice": (lambda: ready("h9 c9 d9 s9 h9 c9 jk c10").can_meld(
        "h9 c9 d9 | s9 h9 c9"), ("nines",)),
    "pile_empty": (lambda: table(["c9 h9 d9"], melds=[["h8 c8 d8"]]).can_take_pile("c9 h9"),
                   ("empty",)),
    "pile_blocked_black_three": (lambda: table(["c9 h9 d9"], pile="h9 c3").can_take_pile(),
                                 ("c3",)),
    "pile_blocked_wild": (lambda: table(["c9 h9 d9"], pile="h9 d2").can_take_pile(), ("d2",)),
    "pile_frozen_needs_natural_pair": (lambda: table(["c9 jk h10"], melds=[["h8 c8 d8"]],
                                                     pile="h5 d2 d9").can_take_pile("c9 jk"),
                                       ("d2", "pair of nines", "c9")),
    "pile_no_meld_for_top_card": (lambda: table(["c9 jk h10"], melds=[["h8 c8 d8"]],
                                                pile="h5 d7").can_take_pile(), ("d7", "sevens")),
    "pile_one_card_ban": (lambda: table(["c9", "c4", "c5", "c6"], melds=[[KINGS]],
                                        pile="d13").can_take_pile(), ("one card",)),
    "pile_extra_melds_need_opening": (opened_take_with_extra, ("opened",)),
    "opening_below_minimum": (lambda: Position(
        "h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13", team_score=1100,
        drew_from="stock").check_opening("c4 c4 d4 d2"), ("35", "50", "15 short")),
    "opening_incomplete": (opening_incomplete, ("30", "50", "20")),
    "opening_no_wilds": (no_wild_opening, ("jk",)),
    "opening_impossible": (lambda: Position("h1 c1 d2 h2 c5 h6 h7 c8 c4 c4 d4 h4 d13",
                                            team_score=3000,
                                            drew_from="stock").opening_verdict(), ("120",)),
    "cannot_go_out_without_canasta": (lambda: table(["h9 c9 d9 c10"], melds=[["h8 c8 d8"]],
                                                    drew_from="stock").can_meld("h9 c9 d9"),
                                      ("canasta", "0")),
    "go_out_forbidden_by_partner": (lambda: asked(False).can_meld("h9 c9 d9 | h10 c10 jk"),
                                    ("no", "S")),
    "must_go_out": (lambda: asked(True).can_discard("h5"), ("yes", "S")),
    "go_out_not_whole_hand": (lambda: Position("h9 c9 d9 c10 h10", team_melds=[KINGS],
                                               drew_from="stock").check_go_out("h9 c9 d9"),
                              ("c10 h10",)),
    "permission_wrong_time": (lambda: table(["h9 c9 d9 c10"], melds=[[KINGS]]).can_ask(),
                              ("classic",)),
    "permission_already_asked": (lambda: asked(True).can_ask(), ("yes",)),
    "permission_cannot_go_out": (lambda: ready("h9 c9 d9 h10 c11 h5").can_ask(), ("N",)),
    "permission_not_asked": (lambda: ready().can_answer(True), ("Nobody",)),
    "not_concealed": (lambda: Position("h9 c9 d9 c10", team_melds=[KINGS], drew_from="stock",
                                       player_has_melded=True).check_go_out(
        "h9 c9 d9", "c10", concealed=True), ("100", "200")),
    "discard_not_in_hand": (lambda: ready().can_discard("s4"), ("s4",)),
    "decline_only_at_end_of_stock": (lambda: ready(drew_from=None).can_decline(),
                                     ("4 cards",)),
}


def test_every_code_has_a_scenario() -> None:
    assert set(SCENARIOS) == set(VERDICT_CODES)


@pytest.mark.parametrize("code", sorted(VERDICT_CODES))
def test_verdict_code_is_produced(code: str) -> None:
    scenario, words = SCENARIOS[code]
    verdict = scenario()
    assert verdict.code == code, verdict
    assert verdict.ok == (code in {"ok", "meld_ok", "pile_takeable", "opening_ok",
                                   "opening_not_needed", "go_out_ok", "go_out_concealed_ok"})
    assert bool(verdict) == verdict.ok
    assert verdict.meaning == VERDICT_CODES[code]
    for word in words:
        assert word in verdict.message, (word, verdict.message)


@pytest.mark.parametrize("code", sorted(VERDICT_CODES))
def test_verdict_message_is_a_full_sentence(code: str) -> None:
    verdict = SCENARIOS[code][0]()
    message = verdict.message
    assert message == message.strip()
    assert message[0].isupper() or message[0].isdigit() or re.match(r"[a-z]\d|jk", message)
    assert message.endswith((".", ".)")), message
    assert "  " not in message
    assert "None" not in message


@pytest.mark.parametrize("code", sorted(VERDICT_CODES))
def test_verdict_code_meaning_is_a_sentence(code: str) -> None:
    assert re.fullmatch(r"[a-z][a-z_]*", code)
    assert VERDICT_CODES[code].endswith(".")
