"""The variants as plug-ins: the behaviour a profile selects, as an object with named hooks.

A `Profile` is data (pokerkit style); the behaviour it selects is a `ClassicRules` object
(python-chess style): `ClassicRules` (``base``) is the classic behaviour at every point where the
sources' games differ, and each variant's module (``italian``, ``pennies``, ``brazilian``)
holds plug-ins that override the hooks they change. `rules_for(profile)` builds (once per
profile) the class made of the plug-ins the profile asks for, over `ClassicRules`.

Only this layer reads the profile fields that select behaviour (`BEHAVIOUR_FIELDS`); the rules,
the engine, the records, the bots, the renderer and the widgets ask the hooks
(``tests/core/test_variant_layer.py``). A new variant is one new module here that registers
its plug-ins with `plug_in`, plus a profile. The rules reference: ``docs/variants.md``.

>>> from canasta_learn.profiles import get_profile
>>> type(rules_for(get_profile("classic"))).__name__
'ClassicRules'
>>> rules_for(get_profile("canastra_br")).canasta_word
'canastra'
"""

from __future__ import annotations

from . import brazilian, italian, pennies
from .base import BEHAVIOUR_FIELDS, ClassicRules, PlanningOptions, plug_in, plug_ins, rules_for

__all__ = ["BEHAVIOUR_FIELDS", "ClassicRules", "PlanningOptions", "brazilian", "italian", "pennies", "plug_in",
           "plug_ins", "rules_for"]
