"""The classic rules' hooks (`ClassicRules`), the plug-in registry and `rules_for`.

`ClassicRules` answers, for one profile, every question on which the variants differ, the way
the classic game answers it; a plug-in is a subclass that overrides some hooks and is
registered with `plug_in(applies)`, where ``applies(profile)`` says whether a profile uses it.
`rules_for(profile)` stacks the plug-ins that apply (in registration order) over
`ClassicRules`, once per profile object.
"""

from __future__ import annotations

from collections.abc import Callable

from ..profiles import Profile

__all__ = ["BEHAVIOUR_FIELDS", "ClassicRules", "plug_in", "plug_ins", "rules_for"]

#: The profile fields that select behaviour: only the variant layer reads them. The other fields
#: are data the rules read directly: numbers (sizes, limits, bonuses, the opening table) and the
#: classic family's options on which classic, cardgames.io and traditional differ
#: (``naturals_must_exceed_wilds``, ``one_card_pile_ban``, ``opening_wilds_allowed``...).
BEHAVIOUR_FIELDS = frozenset({
    "upcard_rule", "meld_family", "canasta_scheme", "pile_take_rule", "morto_size", "reserve_size",
    "swappable_wilds", "two_end_move", "deuce_melds", "wild_melds", "canasta_closes", "sevens_rules",
    "black_three_freezes", "pile_always_frozen", "permission_timing", "end_of_stock", "dealt_red_threes",
    "first_turn_redraw", "many_canastas_bonus", "red_threes_before_upcard", "tie_rule",
})


class ClassicRules:
    """The classic behaviour at every point where the variants differ (the base plug-in).

    Built by `rules_for`; ``profile`` is the profile it answers for. Subclasses (plug-ins)
    override hooks and may call ``super()``.
    """

    #: The word for a canasta in the game's own terms.
    canasta_word = "canasta"

    def __init__(self, profile: Profile) -> None:
        self.profile = profile

    def __repr__(self) -> str:
        return f"<{type(self).__name__} for {self.profile.name!r}>"


_PLUG_INS: list[tuple[type[ClassicRules], Callable[[Profile], bool]]] = []
_BUILT: dict[tuple[type[ClassicRules], ...], type[ClassicRules]] = {}
_FOR: dict[int, tuple[Profile, ClassicRules]] = {}

Plug = type[ClassicRules]


def plug_in(applies: Callable[[Profile], bool]) -> Callable[[Plug], Plug]:
    """Register a plug-in class (a `ClassicRules` subclass) used by the profiles for which
    ``applies(profile)`` is true."""
    def register(cls: Plug) -> Plug:
        _PLUG_INS.append((cls, applies))
        _BUILT.clear()
        _FOR.clear()
        return cls
    return register


def plug_ins(profile: Profile) -> tuple[Plug, ...]:
    """The plug-ins a profile uses, most specific first (the order of the built class)."""
    return tuple(cls for cls, applies in reversed(_PLUG_INS) if applies(profile))


def rules_for(profile: Profile) -> ClassicRules:
    """The hooks of ``profile``'s behaviour: `ClassicRules` with its plug-ins stacked on top.

    Built once per profile object (a profile is frozen), so asking again is a dictionary look-up.
    """
    found = _FOR.get(id(profile))
    if found is not None and found[0] is profile:
        return found[1]
    chosen = plug_ins(profile)
    cls = _BUILT.get(chosen)
    if cls is None:
        if not chosen:
            cls = ClassicRules
        elif len(chosen) == 1:
            cls = chosen[0]
        else:
            cls = type("+".join(c.__name__ for c in chosen), chosen, {})
        _BUILT[chosen] = cls
    rules = cls(profile)
    _FOR[id(profile)] = (profile, rules)
    return rules
