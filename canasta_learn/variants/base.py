"""The classic rules' hooks (`ClassicRules`), the plug-in registry and `rules_for`.

`ClassicRules` answers, for one profile, every question on which the variants differ, the way
the classic game answers it; a plug-in is a subclass that overrides some hooks and is
registered with `plug_in(applies)`, where ``applies(profile)`` says whether a profile uses it.
`rules_for(profile)` stacks the plug-ins that apply (in registration order) over
`ClassicRules`, once per profile object.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import cast

from ..core.cards import Card
from ..core.verdicts import Verdict
from ..profiles import Profile
from .keys import BLACK_THREE_RANK, DEUCE_RANK, WILD_MELD_RANK

__all__ = ["BEHAVIOUR_FIELDS", "RULES_BY_ID", "BlackThreesFreeze", "ClassicRules", "FirstTurnRedThrees",
           "PlanningOptions", "plug_in", "plug_ins", "rules_for"]

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


# --- what the rules ask (helper: rules-hooks)
@dataclass(frozen=True)
class PlanningOptions:
    """What melds exist, as the searches over a hand (`canasta_learn.rules.planning`) need it.

    ``plain_sets``: sets only, canastas never close, no deuce or wild-card melds, no sevens
    rules (where the quick bounds apply, ``docs/rules.md#rules-melds``);
    ``deuce_meld_takes_twos``: an open deuce meld takes every two the team melds
    (``docs/variants.md#variants-italian-deuce-melds``); ``twos_play_as_jokers``: no meld tells
    a two from a joker, so a search that needs no values may count them as one kind of wild card.
    """

    plain_sets: bool = True
    deuce_meld_takes_twos: bool = False
    twos_play_as_jokers: bool = True


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

    # --- hooks the rules ask (helper: rules-hooks)
    def meld_key(self, cards: Sequence[Card]) -> int | None:
        """Which meld ``cards`` form (``docs/rules.md#rules-melds``): the naturals' rank; for
        wild cards only, `meld_key_of_wilds`; None when the naturals differ or there are no cards."""
        rank = None
        for card in cards:
            if card.is_wild:
                continue
            if rank is None:
                rank = card.rank
            elif card.rank != rank:
                return None
        if rank is not None:
            return rank
        return self.meld_key_of_wilds(cards) if cards else None

    def meld_key_of_wilds(self, cards: Sequence[Card]) -> int | None:
        """The key of a meld of wild cards only: none in the classic game (a meld needs two
        naturals, ``docs/rules.md#rules-melds``)."""
        return None

    def canasta_kind(self, cards: Sequence[Card], key: int) -> str | None:
        """The kind of canasta the meld ``cards`` (key ``key``) is, or None when it is not one
        (``docs/rules.md#rules-canastas``): "natural" without wild cards, "mixed" with some; a
        meld of black threes never (``docs/rules.md#rules-black-threes``)."""
        if len(cards) < self.profile.canasta_size or key == BLACK_THREE_RANK:
            return None
        if key == WILD_MELD_RANK:
            return "wild"  # only a profile with wild melds files a meld there
        if key == DEUCE_RANK:  # a meld of twos counts its twos as naturals, its jokers as wilds
            return self.set_canasta_kind(key, sum(1 for c in cards if c.rank != 2))
        for card in cards:
            if card.is_wild:
                return "mixed"
        return "natural"

    def set_canasta_kind(self, key: int, wild_count: int) -> str:
        """The kind of a canasta of sets with meld key ``key`` and ``wild_count`` wild cards
        (``docs/rules.md#rules-canastas``; the searches ask it of melds they only count)."""
        if key == WILD_MELD_RANK:
            return "wild"  # only a profile with wild melds files a meld there
        return "natural" if not wild_count else "mixed"

    #: The meld keys whose melds take no more cards once they are canastas (a container, set once
    #: per class; `closes_at_canasta` asks it): none in the classic game.
    closing_keys: Container[int] = frozenset()

    def closes_at_canasta(self, key: int) -> bool:
        """True when a meld of key ``key`` takes no more cards once it is a canasta: never in the
        classic game (``docs/rules.md#rules-canastas``)."""
        return key in self.closing_keys

    def family_meld_verdict(self, cards: Sequence[Card], key: int | None,
                            added: Sequence[Card]) -> Verdict | None:
        """The verdict on ``cards`` as one meld where the game's melds are not sets of one rank
        (the Brazilian sequences); None where they are sets (``docs/rules.md#rules-melds``), which
        `canasta_learn.rules.melds.check_meld_cards` judges."""
        return None

    @cached_property
    def planning(self) -> PlanningOptions:
        """What melds exist, for the searches over a hand (computed once per profile)."""
        return self.planning_options()

    def planning_options(self) -> PlanningOptions:
        """The `PlanningOptions` of the game: plain sets in the classic game."""
        return PlanningOptions()

    def pile_freeze_reason(self, pile: Sequence[Card]) -> tuple[str, Card | None] | None:
        """Why ``pile`` (bottom to top, its top card neither wild nor a black three) is frozen for
        everyone, as (reason code, the card responsible), or None when it is not
        (``docs/rules.md#rules-pile-frozen``): a wild card or a red three buried in it.
        ``("never_frozen", None)`` is the answer of a game whose pile never freezes."""
        for card in pile[:-1]:
            if card.is_wild:
                return "frozen_wild", card
            if card.is_red_three:
                return "frozen_red_three", card
        return None

    def going_out_score(self, concealed: bool) -> tuple[str, int]:
        """The score line (label, points) of the team that went out
        (``docs/rules.md#rules-scoring-going-out``)."""
        if concealed:
            return "Going out concealed", self.profile.concealed_going_out_bonus
        return "Going out", self.profile.going_out_bonus

    def many_canastas_score(self, kinds: Sequence[str]) -> tuple[str, int] | None:
        """A bonus (label, points) for a team holding canastas of ``kinds``, beyond each
        canasta's own: none in the classic game (``docs/rules.md#rules-scoring``)."""
        return None

    def scored_hand_red_three_problem(self) -> str | None:
        """Why a hand scored by `canasta_learn.rules.scoring.score_round` may not hold a red
        three, or None when one may stay there: red threes go face up as soon as they are dealt
        or drawn (``docs/rules.md#rules-dealt-red-threes``)."""
        return (f"hands_left holds a red three, but in the {self.profile.name} profile red threes are laid "
                "face up as soon as they are dealt or drawn: pass them as red_threes=... instead.")


_PLUG_INS: list[tuple[type[ClassicRules], Callable[[Profile], bool]]] = []
_BUILT: dict[tuple[type[ClassicRules], ...], type[ClassicRules]] = {}
#: `rules_for`'s answers by ``id(profile)``. Each entry keeps its profile alive (through the
#: rules' ``profile``), so no other object can have that id while the entry exists.
RULES_BY_ID: dict[int, ClassicRules] = {}
#: The last profile `rules_for` answered for, with its answer (one tuple, replaced at once): a
#: program plays one profile at a time, and an identity test is cheaper than hashing an id.
#: (A fresh object() stands for "none yet": no caller passes it.)
_LAST: tuple[object, ClassicRules] = (object(), cast(ClassicRules, None))

Plug = type[ClassicRules]


def plug_in(applies: Callable[[Profile], bool]) -> Callable[[Plug], Plug]:
    """Register a plug-in class (a `ClassicRules` subclass) used by the profiles for which
    ``applies(profile)`` is true."""
    def register(cls: Plug) -> Plug:
        _PLUG_INS.append((cls, applies))
        global _LAST
        _BUILT.clear()
        RULES_BY_ID.clear()
        _LAST = (object(), cast(ClassicRules, None))
        return cls
    return register


def plug_ins(profile: Profile) -> tuple[Plug, ...]:
    """The plug-ins a profile uses, most specific first (the order of the built class)."""
    return tuple(cls for cls, applies in reversed(_PLUG_INS) if applies(profile))


def rules_for(profile: Profile) -> ClassicRules:
    """The hooks of ``profile``'s behaviour: `ClassicRules` with its plug-ins stacked on top.

    Built once per profile object (a profile is frozen), so asking again is an identity test (the
    profile asked last) or a dictionary look-up.
    """
    global _LAST
    last = _LAST
    if last[0] is profile:
        return last[1]
    found = RULES_BY_ID.get(id(profile))
    if found is not None:
        _LAST = (profile, found)
        return found
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
    RULES_BY_ID[id(profile)] = rules
    _LAST = (profile, rules)
    return rules


# --- the classic family's options, plug-ins of the classic rules (helper: rules-hooks)
# Registered here, first, so that every variant's plug-in stacks over them.
@plug_in(lambda profile: profile.black_three_freezes)
class BlackThreesFreeze(ClassicRules):
    """A buried black three freezes the pile, as a wild card does (``traditional``,
    ``docs/rules.md#rules-pile-frozen``)."""

    def pile_freeze_reason(self, pile: Sequence[Card]) -> tuple[str, Card | None] | None:
        """The lowest buried wild card, red three or black three."""
        for card in pile[:-1]:
            if card.is_wild:
                return "frozen_wild", card
            if card.is_red_three:
                return "frozen_red_three", card
            if card.is_black_three:
                return "frozen_black_three", card
        return None


@plug_in(lambda profile: profile.dealt_red_threes == "first_turn")
class FirstTurnRedThrees(ClassicRules):
    """Dealt red threes go down at the start of their owner's first turn (``cardgames_io``,
    ``docs/rules.md#rules-dealt-red-threes``)."""

    def scored_hand_red_three_problem(self) -> str | None:
        """None: a dealt red three may still be in hand when the hand ends."""
        return None
