"""Practice that trains: drills the engine generates and grades, mastery with spaced review, and
the learner's progress kept between sessions (the domain layer: no widget library).

* `skills`: one drill generator per skill, in the registry `SKILLS` (`generate`);
* `variant_skills`: the skills of the variant games (Italian, Pennies from Heaven, Canastra,
  Tranca), registered into `SKILLS` when the package is imported (`skill_ids("italian")`);
* `drills`: the `Drill`, its hints, and `grade` (the engine judges the learner's answer);
* `mastery`: a Leitner schedule per skill and the `Session` that picks what to practise;
* `store`: the progress file (documented JSON, written whole or not at all) and the results file
  a learner hands in (`export_results`);
* `report`: a teacher's class report from the results files (pandas, matplotlib).

>>> from canasta_learn.practice import generate, grade
>>> drill = generate("red_threes", seed=5)
>>> grade(drill, drill.answer).outcome
'right'
"""

from __future__ import annotations

from . import variant_skills  # noqa: F401  (registers the variants' skills into SKILLS)
from .drills import KINDS, OUTCOMES, Drill, Grade, grade
from .mastery import BOX_DIFFICULTY, BOXES, INTERVALS, Progress, Session, SkillMastery
from .skills import DIFFICULTIES, SKILLS, Skill, drill_set, generate, skill_ids
from .store import ProgressFileError, default_path, export_results, load_progress, load_results, save_progress

__all__ = ["BOXES", "BOX_DIFFICULTY", "DIFFICULTIES", "INTERVALS", "KINDS", "OUTCOMES", "SKILLS", "Drill", "Grade",
           "Progress", "ProgressFileError", "Session", "Skill", "SkillMastery", "default_path", "drill_set",
           "export_results", "generate", "grade", "load_progress", "load_results", "save_progress", "skill_ids"]
