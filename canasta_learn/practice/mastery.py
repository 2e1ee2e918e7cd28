"""Mastery per skill and the practice session that picks what to practise next.

The model is a **Leitner schedule** per skill: five boxes, a skill starts in box 1, a right
answer moves it up one box (at most 5), a wrong one (or an illegal or not-asked action) sends it
back to box 1. A skill is due for review when the time since it was last seen reaches its box's
interval (`INTERVALS`: box 1 at once, box 2 after 1 day, 3 after 3 days, 4 after 7, 5 after
21). Why Leitner rather than an Elo-style rating: our drills are generated fresh, so no item
has a stable difficulty to rate against (Elo needs one per item); the boxes need no tuning, are
deterministic (tests pin them with an injected clock), and a learner or a teacher reads them at
once ("box 4 of 5, next review in a week"). A rating can be added later from the same counts.

`Session` picks the skills to practise: first the due skills (never seen counts as due), the
weakest first (lowest box, then most wrong answers, then longest unseen); when none is due,
the weakest skills anyway. The clock is a parameter (``now``), never read inside the model.

>>> from datetime import datetime, timezone
>>> t0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
>>> m = SkillMastery()
>>> m = m.record(True, t0).record(True, t0)
>>> m.box, m.streak, m.due(t0)
(3, 2, datetime.datetime(2026, 1, 4, 0, 0, tzinfo=datetime.timezone.utc))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from typing import Any

from .drills import Drill, Grade, grade
from .skills import SKILLS, generate, skill_ids

__all__ = ["BOXES", "BOX_DIFFICULTY", "INTERVALS", "Progress", "Session", "SkillMastery", "utc_now"]

#: The Leitner boxes.
BOXES = (1, 2, 3, 4, 5)
#: How long after the last answer a skill in each box is due again.
INTERVALS: dict[int, timedelta] = {1: timedelta(0), 2: timedelta(days=1), 3: timedelta(days=3),
                                   4: timedelta(days=7), 5: timedelta(days=21)}


def utc_now() -> datetime:
    """The current time (UTC, aware): the default clock of `Session`."""
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class SkillMastery:
    """One skill's record: its Leitner ``box``, answers ``right`` and ``wrong``, the current
    ``streak`` of right answers, the ``best_streak`` and when it was ``last_seen`` (UTC)."""

    box: int = 1
    right: int = 0
    wrong: int = 0
    streak: int = 0
    best_streak: int = 0
    last_seen: datetime | None = None

    def record(self, right: bool, now: datetime) -> SkillMastery:
        """This record after one more answer at ``now``: up a box when right, back to box 1 when not."""
        if right:
            streak = self.streak + 1
            return replace(self, box=min(self.box + 1, BOXES[-1]), right=self.right + 1, streak=streak,
                           best_streak=max(self.best_streak, streak), last_seen=now)
        return replace(self, box=1, wrong=self.wrong + 1, streak=0, last_seen=now)

    def due(self, now: datetime) -> datetime:
        """When the skill is next due (``now`` for a skill never seen)."""
        if self.last_seen is None:
            return now
        return self.last_seen + INTERVALS[self.box]

    def is_due(self, now: datetime) -> bool:
        """True when the skill should be reviewed at ``now``."""
        return self.due(now) <= now

    @property
    def seen(self) -> int:
        """How many answers were recorded."""
        return self.right + self.wrong


@dataclass
class Progress:
    """A learner's practice: the ``learner``'s name (as they typed it) and each skill's record.
    Skills never practised have no entry (they count as new, box 1)."""

    learner: str = ""
    skills: dict[str, SkillMastery] = field(default_factory=dict)
    #: Entries of skills this version does not know, kept as they were read (see `store`).
    other_skills: dict[str, Any] = field(default_factory=dict)

    def mastery(self, skill: str) -> SkillMastery:
        """The record of ``skill`` (a fresh one when never practised)."""
        return self.skills.get(skill, SkillMastery())

    def record(self, skill: str, right: bool, now: datetime) -> SkillMastery:
        """Record one answer to ``skill`` at ``now``; returns the new record."""
        updated = self.mastery(skill).record(right, now)
        self.skills[skill] = updated
        return updated


#: The drill difficulty for a skill in each box when the session adapts it: new and shaky
#: skills get plain cases, mastered ones the near misses.
BOX_DIFFICULTY = {1: 1, 2: 2, 3: 2, 4: 3, 5: 3}


class Session:
    """A practice session over ``progress``: `next_skills` picks what to practise, `drill` makes a
    fresh drill of a skill, `answer` grades it and records the outcome, and after a wrong answer
    `retry` gives a fresh position of the same skill. ``now`` is the clock (UTC, aware);
    ``skills`` the skill ids in play (default: every skill of ``profile``, the game practised:
    ``"classic"`` unless given, or ``"italian"``, ``"pennies_from_heaven"``, ``"canastra_br"``,
    ``"tranca"``; `skill_ids` lists them); ``seed`` the first seed
    (default: a random one, so each session sees new positions; pass one to replay a session);
    ``difficulty`` 1-3 for every drill, or None to follow each skill's box (`BOX_DIFFICULTY`)."""

    def __init__(self, progress: Progress, *, now: Callable[[], datetime] = utc_now,
                 skills: Iterable[str] | None = None, seed: int | None = None,
                 difficulty: int | None = None, profile: str = "classic") -> None:
        self.progress = progress
        self.now = now
        if skills is None and not skill_ids(profile):
            games = sorted({skill.profile for skill in SKILLS.values()})
            raise ValueError(f"profile must be a game with skills ({', '.join(games)}), not {profile!r}.")
        self.skills = skill_ids(profile) if skills is None else list(skills)
        unknown = [s for s in self.skills if s not in SKILLS]
        if unknown:
            raise ValueError(f"skills holds {', '.join(map(repr, unknown))}, not a skill; known: {', '.join(SKILLS)}.")
        if difficulty is not None and difficulty not in (1, 2, 3):
            raise ValueError(f"difficulty must be 1, 2, 3 or None (follow each skill's box), not {difficulty!r}.")
        self._seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        self.difficulty = difficulty

    def _weakness(self, skill: str) -> tuple[int, int, datetime]:
        record = self.progress.mastery(skill)
        return record.box, -record.wrong, record.last_seen or datetime.min.replace(tzinfo=timezone.utc)

    def due_skills(self) -> list[str]:
        """The skills due for review now, weakest first (lowest box, most wrong, longest unseen)."""
        now = self.now()
        due = [s for s in self.skills if self.progress.mastery(s).is_due(now)]
        return sorted(due, key=self._weakness)

    def next_skills(self, count: int = 3) -> list[str]:
        """Up to ``count`` skills to practise now: the due ones, weakest first, then (when fewer
        are due) the weakest of the others."""
        due = self.due_skills()
        rest = sorted((s for s in self.skills if s not in due), key=self._weakness)
        return (due + rest)[:count]

    def difficulty_for(self, skill: str) -> int:
        """The difficulty of the next drill of ``skill``."""
        return self.difficulty or BOX_DIFFICULTY[self.progress.mastery(skill).box]

    def drill(self, skill: str) -> Drill:
        """A fresh drill of ``skill`` (each call the next seed)."""
        self._seed += 1
        return generate(skill, self._seed, self.difficulty_for(skill))

    def answer(self, drill: Drill, answer: object) -> Grade:
        """Grade ``answer`` to ``drill`` and record it in the progress at ``now``."""
        result = grade(drill, answer)
        self.progress.record(drill.skill, result.right, self.now())
        return result

    def retry(self, drill: Drill) -> Drill:
        """A fresh drill of the same skill (after a wrong answer), never the same task again."""
        for _ in range(20):
            fresh = self.drill(drill.skill)
            if fresh.task != drill.task:
                return fresh
        raise RuntimeError(f"no fresh position of {drill.skill} in 20 seeds")  # pragma: no cover
