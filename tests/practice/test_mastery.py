"""The Leitner schedule per skill and the session that picks due and weak skills, with an
injected clock (canasta_learn.practice.mastery)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from canasta_learn.practice import INTERVALS, SKILLS, Progress, Session, SkillMastery, skill_ids

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def test_a_right_answer_moves_a_skill_up_a_box_and_a_wrong_one_back_to_box_1() -> None:
    record = SkillMastery()
    for expected in (2, 3, 4, 5, 5):
        record = record.record(True, T0)
        assert record.box == expected
    assert (record.streak, record.best_streak, record.right) == (5, 5, 5)
    record = record.record(False, T0)
    assert (record.box, record.streak, record.best_streak, record.wrong) == (1, 0, 5, 1)


@pytest.mark.parametrize("box", [1, 2, 3, 4, 5])
def test_a_skill_is_due_exactly_when_its_boxs_interval_has_passed(box: int) -> None:
    record = SkillMastery(box=box, last_seen=T0)
    interval = INTERVALS[box]
    assert record.is_due(T0 + interval)
    if interval:
        assert not record.is_due(T0 + interval - timedelta(seconds=1))


def test_intervals_grow_with_the_box() -> None:
    assert [INTERVALS[b] for b in (1, 2, 3, 4, 5)] == sorted(INTERVALS.values())
    assert INTERVALS[1] == timedelta(0) and INTERVALS[5] == timedelta(days=21)


def test_a_session_puts_the_weakest_due_skill_first_and_skips_what_is_not_due() -> None:
    clock = Clock()
    progress = Progress("Ana")
    session = Session(progress, now=clock, skills=["meld_validity", "go_out", "hand_score"])
    assert session.next_skills(3) == ["meld_validity", "go_out", "hand_score"]  # all new: teaching order
    progress.record("meld_validity", True, clock())  # box 2: due tomorrow
    progress.record("go_out", False, clock())  # box 1, one wrong: due now, weakest
    assert session.due_skills() == ["go_out", "hand_score"]
    assert session.next_skills(1) == ["go_out"]
    clock.advance(days=1)
    assert session.due_skills() == ["go_out", "hand_score", "meld_validity"]


def test_when_nothing_is_due_the_session_still_offers_the_weakest_skills() -> None:
    clock = Clock()
    progress = Progress()
    session = Session(progress, now=clock, skills=["meld_validity", "go_out"])
    for _ in range(3):
        progress.record("meld_validity", True, clock())
    progress.record("go_out", True, clock())
    assert session.due_skills() == []
    assert session.next_skills(2) == ["go_out", "meld_validity"]


def test_a_session_answer_records_the_grade_at_the_clocks_time_and_a_retry_is_a_fresh_position() -> None:
    clock = Clock()
    progress = Progress()
    session = Session(progress, now=clock, seed=0)
    drill = session.drill("meld_validity")
    result = session.answer(drill, not drill.answer)
    assert result.outcome == "wrong"
    assert progress.mastery("meld_validity") == SkillMastery(box=1, wrong=1, last_seen=T0)
    retry = session.retry(drill)
    assert retry.skill == "meld_validity" and retry.task != drill.task
    assert session.answer(retry, retry.answer).right
    assert progress.mastery("meld_validity").box == 2


def test_a_session_refuses_an_unknown_skill() -> None:
    with pytest.raises(ValueError, match="'chess', not a skill"):
        Session(Progress(), skills=["chess"])
    assert Session(Progress()).skills == skill_ids("classic")


def test_a_session_practises_the_classic_skills_unless_given_a_game() -> None:
    """The variants' skills are registered too, but a session of no game is the classic one; a
    game's session has that game's skills only, and a game with none is refused."""
    assert all(SKILLS[s].profile == "classic" for s in Session(Progress()).skills)
    italian = Session(Progress(), profile="italian", seed=1)
    assert italian.skills == skill_ids("italian") and len(italian.skills) >= 4
    assert italian.drill(italian.next_skills(1)[0]).position.profile.name == "italian"
    with pytest.raises(ValueError, match="profile must be a game with skills .*tranca.*, not 'chess'"):
        Session(Progress(), profile="chess")


def test_the_drills_difficulty_follows_the_skills_box_unless_fixed() -> None:
    progress = Progress()
    session = Session(progress, now=Clock(), seed=3)
    assert session.drill("opening").difficulty == 1
    for _ in range(3):
        progress.record("opening", True, T0)
    assert session.drill("opening").difficulty == 3
    assert Session(progress, seed=3, difficulty=2).drill("opening").difficulty == 2
    with pytest.raises(ValueError, match="difficulty must be 1, 2, 3 or None"):
        Session(progress, difficulty=0)


def test_two_sessions_without_a_seed_start_from_different_positions() -> None:
    tasks = {Session(Progress()).drill("hand_score").task for _ in range(5)}
    assert len(tasks) > 1
