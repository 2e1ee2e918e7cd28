"""Verdicts that were wrong (issue 11, section 1), each pinned by the rule it breaks."""

from __future__ import annotations

import pytest

from canasta_learn import Position, Round
from canasta_learn.cards import parse_cards

QUEENS = "h12 s12 d12"


# --------------------------------------------------------------------------- check_opening


def test_check_opening_after_opened_still_needs_legal_melds() -> None:
    opened = Position("h5 h6 h7 c9", team_melds=[QUEENS])
    verdict = opened.check_opening("h5 h6 h7")
    assert not verdict.ok and verdict.code == "meld_mixed_ranks"


def test_check_opening_after_opened_needs_cards_in_hand() -> None:
    opened = Position("h5 h6 h7 c9", team_melds=[QUEENS])
    verdict = opened.check_opening("h5 h5 jk")
    assert not verdict.ok and verdict.code == "card_not_in_hand"
    assert "jk" in verdict.message


def test_check_opening_after_opened_must_leave_a_legal_hand() -> None:
    # melding every card without a canasta would go out: refused
    verdict = Position("h5 c5 d5", team_melds=[QUEENS]).check_opening("h5 c5 d5")
    assert not verdict.ok and verdict.code == "cannot_go_out_without_canasta"


def test_check_opening_after_opened_waives_only_the_minimum() -> None:
    verdict = Position("h5 c5 d5 c9 c10", team_melds=[QUEENS]).check_opening("h5 c5 d5")
    assert verdict.ok and verdict.code == "opening_not_needed"
    assert verdict.value == 15 and verdict.melds == (tuple(parse_cards("h5 c5 d5")),)
    # with the pile's top card: a take, judged as one
    take = Position("h5 c5 c9 c10", discard_pile="c4 d5", team_melds=[QUEENS]).check_opening("h5 c5 d5")
    assert take.ok and take.meld is not None and set(take.meld) == set(parse_cards("h5 c5 d5"))


@pytest.mark.parametrize("melds, code", [
    ("h5 h6 d7", "card_not_in_hand"),
    ("h5 h6 c9", "seq_mixed_suits"),
])
def test_check_opening_in_tranca_still_needs_legal_melds(melds: str, code: str) -> None:
    tranca = Position("h5 h6 h7 c9 c10", profile="tranca")
    verdict = tranca.check_opening(melds)
    assert not verdict.ok and verdict.code == code
    assert tranca.check_opening("h5 h6 h7").ok


def test_check_opening_with_no_melds_after_opened_is_meld_freely() -> None:
    verdict = Position("h5 c9", team_melds=[QUEENS]).check_opening(())
    assert verdict.ok and verdict.code == "opening_not_needed"


# --------------------------------------------------------------------------- check_take_pile


def test_check_take_pile_finds_any_legal_take() -> None:
    # issue 11: melding s13 c13 d2 with the top king reaches exactly the minimum of 50
    pos = Position("s13 c13 d2 h4 c7", discard_pile="c5 h13", team_score=0, team_opened=False)
    options = pos.opening_options()
    assert options and options[0].takes_pile
    verdict = pos.check_take_pile()
    assert verdict.ok and verdict.code == "pile_takeable"
    assert verdict.meld is not None and sorted(verdict.meld) == sorted(parse_cards("s13 c13 d2 h13"))
    # the take it names is really legal
    assert pos.check_take_pile([c for c in verdict.meld if c != pos.top_card], verdict.melds).ok


def test_check_take_pile_with_cards_judges_those_cards() -> None:
    pos = Position("s13 c13 d2 h4 c7", discard_pile="c5 h13", team_score=0, team_opened=False)
    verdict = pos.check_take_pile("s13 c13")
    assert not verdict.ok and verdict.code == "opening_below_minimum"


def test_check_take_pile_best_take_uses_fewest_wild_cards() -> None:
    # both s13 c13 + top (pair) and s13 jk + top are legal for an opened team: the pair wins
    pos = Position("s13 c13 jk c7", discard_pile="c5 h13", team_melds=[QUEENS])
    verdict = pos.check_take_pile()
    assert verdict.ok and verdict.meld is not None and not any(c.is_wild for c in verdict.meld)


def test_check_take_pile_explains_when_no_take_exists() -> None:
    pos = Position("s13 c4 h4 c7", discard_pile="c5 h13", team_score=0, team_opened=False)
    assert not pos.opening_options() or not any(o.takes_pile for o in pos.opening_options())
    verdict = pos.check_take_pile()
    assert not verdict.ok


# --------------------------------------------------------------------------- Round.from_state


PENNIES_CLOSED = ["h7 h7 c7 c7 d7 d7 s7", "jk jk c2 c2 d2 d2 h2", "h13 h13 c13 c13 d13 d13 s13",
                  "h12 h12 c12 c12 d12 d12 jk"]


def pennies_going_out(**kwargs: object) -> Round:
    rnd = Round.from_state(profile="pennies_from_heaven", hands=["h9 h9 c9 c9 d9 d9 s9 c4", "c5", "c6", "c8"],
                           melds=[PENNIES_CLOSED], stock="s10 s11", drew_from="stock", **kwargs)  # type: ignore[arg-type]
    rnd.meld("h9 h9 c9 c9 d9 d9 s9")
    rnd.discard("c4")
    assert rnd.is_over and rnd.went_out == 0
    return rnd


def test_from_state_has_melded_counts_closed_canastas() -> None:
    # Pennies from Heaven: a team holding only closed canastas has melded, like it has opened
    rnd = Round.from_state(profile="pennies_from_heaven", hands=["c4 c5"], melds=[PENNIES_CLOSED])
    assert rnd.melds[0] == {} and len(rnd.closed[0]) == 4
    assert rnd.opened[0] and all(rnd.has_melded[s] for s in (0, 2, 4))
    assert not any(rnd.has_melded[s] for s in (1, 3, 5))
    # so its player going out in one turn is not concealed (no concealed bonus)
    rnd = pennies_going_out()
    assert not rnd.went_out_concealed
    assert rnd.scores()[0].points("going_out") == rnd.profile.going_out_bonus
    # only a player who truly melded nothing before goes out concealed
    assert pennies_going_out(has_melded=[False] * 6).went_out_concealed
