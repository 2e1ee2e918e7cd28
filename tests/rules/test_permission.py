"""Asking the partner for permission to go out: docs/rules.md#rules-permission (and the
pending answer that holds the turn, #rules-turn).

One test per rule, per profile where the profiles differ (the classic profiles of
docs/rules.md#rules-profiles). Positions are built with ``Round.from_state`` (stock listed
top first, pile bottom to top, one list of melds per team), ``Position`` or explicit
108-card decks (helpers in rule_helpers.py).
"""

from __future__ import annotations

import pytest
from rule_helpers import PROFILES, table

from canasta_learn import IllegalActionError, Round


def _can_go_out(profile: str, hand: str = "h9 c9 d9 h10 c10 jk h5", **kw: object) -> Round:
    """N can go out after drawing: h9 c9 d9 | h10 c10 jk, then discard h5."""
    return table(profile, [hand, "c4", "c5", "c6"],
                 melds=[["h8 h8 c8 c8 d8 d8 s8"]], has_melded=[True] * 4, **kw)


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_after_drawing(profile: str) -> None:
    rnd = _can_go_out(profile, drew_from="stock")
    assert rnd.can_ask().ok
    rnd.ask()
    assert rnd.phase == "answer"
    assert [a.text() for a in rnd.legal_actions()] == ["S answer yes", "S answer no"]


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_before_drawing(profile: str) -> None:
    """[traditional] ask before taking the pile or melding; the others ask after drawing."""
    # before drawing, the current hand must go down entirely (the drawn card is discarded)
    rnd = _can_go_out(profile, hand="h9 c9 d9 h10 c10 jk", stock="c11 s12")
    verdict = rnd.can_ask()
    if profile == "traditional":
        assert verdict.ok
        assert "N ask" in [a.text() for a in rnd.legal_actions()]
    else:
        assert verdict.code == "permission_wrong_time"
        assert "N ask" not in [a.text() for a in rnd.legal_actions()]


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_after_taking_the_pile(profile: str) -> None:
    """[classic] right after taking the pile (the top card's meld first) is fine;
    [cardgames_io] only after drawing from the stock; [traditional] before taking."""
    rnd = table(profile, ["h9 c9 d9 c10 h10", "c4", "c5", "c6"],
                melds=[["h8 h8 c8 c8 d8 d8 s8"]], has_melded=[True] * 4, pile="c11 h10")
    rnd.take_pile("c10 h10")  # then h9 c9 d9 c11: meld the nines, discard c11
    verdict = rnd.can_ask()
    if profile == "classic":
        assert verdict.ok
    else:
        assert verdict.code == "permission_wrong_time"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_not_after_a_meld(profile: str) -> None:
    rnd = _can_go_out(profile, drew_from="stock")
    rnd.meld("h9 c9 d9")
    assert rnd.can_ask().code == "permission_wrong_time"


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_only_when_able_to_go_out(profile: str) -> None:
    """cardgames_io asks only when able to go out; the engine applies this to every profile:
    a binding "yes" that cannot be obeyed would be meaningless (documented reading)."""
    rnd = table(profile, ["h9 c9 d9 c10 h11 s4"], melds=[["h8 h8 c8 c8 d8 d8 s8"]],
                drew_from="stock")
    assert rnd.can_ask().code == "permission_cannot_go_out"


def test_rules6_traditional_asking_before_the_draw_is_judged_on_the_cards_held_now() -> None:
    """DECISION [traditional] (docs/rules.md#rules-permission): before the draw "able" is judged
    on the cards held now; the refusal says "with the cards you hold now", never that the player
    "cannot go out this turn" (the card to be drawn may make it possible)."""
    rnd = table("traditional", ["h9 c9 d9 c10 h11 s4", "c4", "c5", "c6"], melds=[["h8 h8 c8 c8 d8 d8 s8"]],
                has_melded=[True] * 4, stock="c11 s12")
    assert rnd.phase == "draw"
    verdict = rnd.can_ask()
    assert verdict.code == "permission_cannot_go_out"
    assert "with the cards you hold now" in verdict.message.lower()
    assert "cannot go out this turn" not in verdict.message


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_refusal_states_the_teams_real_canasta_count(profile: str) -> None:
    """A refusal's facts come from the state: with no canasta on the team's side the message
    says so, and never reads "... with 1 canasta on the team's side" as if the team had one."""
    rnd = table(profile, ["h9 c9 d9 c10 h11 s4", "c4", "c5", "c6"], melds=[["h8 c8 d8"]], drew_from="stock")
    verdict = rnd.can_ask()
    assert verdict.code == "permission_cannot_go_out"
    assert rnd.canasta_count(0) == 0 and verdict.facts["canastas"] == 0
    assert "Your team has no canasta now." in verdict.message
    assert "with 1 canasta on the team's side)" not in verdict.message
    with_one = table(profile, ["h9 c9 d9 c10 h11 s4", "c4", "c5", "c6"], melds=[["h8 h8 c8 c8 d8 d8 s8"]],
                     drew_from="stock")
    verdict = with_one.can_ask()
    assert verdict.facts["canastas"] == 1 and "Your team has 1 canasta now." in verdict.message


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_answer_yes_binds(profile: str) -> None:
    rnd = _can_go_out(profile, drew_from="stock")
    rnd.ask()
    assert rnd.can_answer(True, seat=1).code == "not_your_turn"
    rnd.answer(True)
    assert rnd.permission == "yes" and rnd.phase == "play"
    assert rnd.can_ask().code == "permission_already_asked"
    assert rnd.can_answer(True).code == "permission_not_asked"
    assert rnd.can_discard("h5").code == "must_go_out"
    # the joker on the nines would strand the tens: refused
    assert rnd.can_meld("h9 c9 jk").code == "must_go_out"
    rnd.meld("h9 c9 d9")
    assert rnd.can_discard("h5").code == "must_go_out"
    rnd.meld("h10 c10 jk")
    rnd.discard("h5")
    assert rnd.is_over and rnd.went_out == 0


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_permission_answer_no_binds(profile: str) -> None:
    rnd = table(profile, ["h9 c9 d9 c10", "c4", "c5", "c6"],
                melds=[["h8 h8 c8 c8 d8 d8 s8"]], has_melded=[True] * 4, drew_from="stock")
    rnd.ask()
    rnd.answer(False)
    assert rnd.permission == "no"
    assert rnd.can_meld("h9 c9 d9").code == "go_out_forbidden_by_partner"
    assert rnd.can_discard("c10").ok
    rnd.discard("c10")
    assert not rnd.is_over


@pytest.mark.parametrize("profile", PROFILES)
def test_rules6_awaiting_answer_blocks_other_actions(profile: str) -> None:
    rnd = _can_go_out(profile, drew_from="stock")
    rnd.ask()
    before = rnd.snapshot()
    for action in ("N discard h5", "N meld h9 c9 d9", "N draw", "E draw", "N ask"):
        assert rnd.check(action).code == "awaiting_answer"
        with pytest.raises(IllegalActionError):
            rnd.apply(action)
    assert rnd.snapshot() == before


@pytest.mark.parametrize("profile", ["classic", "traditional", "italian", "cardgames_io"])
def test_may_ask_is_ask_problem_finding_nothing(profile: str) -> None:
    """`may_ask`, which the move generation asks every turn, answers as `ask_problem` does, seat
    by seat, at every point of a round played by bots (asking or not, bound or not)."""
    from canasta_learn.play.bots import GreedyBot, acting_seat
    from canasta_learn.rules.going_out import ask_problem, may_ask

    rnd = Round(profile, seed=5)
    bots = [GreedyBot(seed=50 + s) for s in range(rnd.player_count)]
    allowed = refused = 0
    while not rnd.is_over:
        for seat in range(rnd.player_count):
            expected = ask_problem(rnd, seat) is None
            assert may_ask(rnd, seat) == expected
            allowed += expected
            refused += not expected
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    for seat in range(rnd.player_count):
        assert not may_ask(rnd, seat) and ask_problem(rnd, seat) is not None
    assert allowed and refused
