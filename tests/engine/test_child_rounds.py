"""`Round.is_legal` and `Round.child`: the search pair (the coach's going-out search tries each
candidate on a child). ``is_legal`` answers as `Round.check` does; ``child`` is ``copy`` then
``apply``, leaves the round unchanged, and judges an action only once."""

from __future__ import annotations

import pytest

from canasta_learn import Round
from canasta_learn.core.actions import Action, Discard, Draw
from canasta_learn.core.verdicts import IllegalActionError
from canasta_learn.play.bots import GreedyBot, acting_seat

PROFILES = ["classic", "traditional", "italian", "canastra_br"]


def _tried(rnd: Round) -> list[Action]:
    """The legal actions and, for the seat to act, every discard of its hand (most illegal in
    the draw phase), plus a draw by the next seat (out of turn)."""
    seat = acting_seat(rnd)
    tried = list(rnd.legal_actions())
    tried.extend(Discard(seat, card) for card in dict.fromkeys(rnd.hands[seat]))
    tried.append(Draw((seat + 1) % rnd.player_count))
    return tried


@pytest.mark.parametrize("profile", PROFILES)
def test_is_legal_answers_as_check_and_child_is_copy_then_apply(profile: str) -> None:
    """At every point of a bot-played round: ``is_legal`` is ``check(...).ok`` for legal and
    illegal actions alike; ``child`` of a legal action is the state ``copy().apply`` makes, and
    of an illegal one raises `IllegalActionError`; the round itself never changes."""
    rnd = Round(profile, seed=11)
    bots = [GreedyBot(seed=110 + s) for s in range(rnd.player_count)]
    legal = illegal = 0
    while not rnd.is_over:
        before = rnd.snapshot()
        for action in _tried(rnd):
            allowed = rnd.check(action).ok
            assert rnd.is_legal(action) == allowed
            if allowed:
                legal += 1
                expected = rnd.copy()
                expected.apply(action)
                assert rnd.child(action).snapshot() == expected.snapshot()
            else:
                illegal += 1
                with pytest.raises(IllegalActionError):
                    rnd.child(action)
            assert rnd.snapshot() == before
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    assert legal > 50 and illegal > 50


def _counting_checks(monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """Record every action `Round` judges (its one check, ``_problem``)."""
    judged: list[Action] = []
    original = Round._problem

    def counted(self: Round, action: Action) -> object:
        judged.append(action)
        return original(self, action)

    monkeypatch.setattr(Round, "_problem", counted)
    return judged


def test_child_judges_an_action_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """An action ``is_legal`` just allowed, or one from the last ``legal_actions`` list, is not
    judged again by ``child``; any other action is."""
    rnd = Round(seed=3)
    draw = next(a for a in rnd.legal_actions() if isinstance(a, Draw))
    judged = _counting_checks(monkeypatch)
    rnd.child(draw)  # listed by legal_actions() on this very state
    assert judged == []
    same = Draw(draw.seat)  # an equal action, not the listed object: judged
    rnd.child(same)
    assert judged == [same]
    judged.clear()
    fresh = Draw(draw.seat)
    assert rnd.is_legal(fresh)
    rnd.child(fresh)
    assert judged == [fresh]  # by is_legal only


def test_child_judges_again_once_the_round_moved_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``is_legal`` allowed was true of that state only: after a move the round judges the
    same action again (and here refuses it)."""
    rnd = Round(seed=3)
    seat = rnd.to_move
    draw = Draw(seat)
    assert rnd.is_legal(draw)
    rnd.apply(draw)
    judged = _counting_checks(monkeypatch)
    with pytest.raises(IllegalActionError):
        rnd.child(draw)  # drawing twice in one turn
    assert judged == [draw]


def test_a_copy_forgets_what_its_round_judged() -> None:
    """A copy may be edited directly before it is asked (as `Position` does), so it trusts nothing
    its original judged: an action allowed on the original is judged afresh on the copy."""
    rnd = Round(seed=3)
    draw = Draw(rnd.to_move)
    assert rnd.is_legal(draw)
    copy = rnd.copy()
    copy.stock = []  # an edit the log does not show
    copy.phase = "play"
    with pytest.raises(IllegalActionError):
        copy.child(draw)
