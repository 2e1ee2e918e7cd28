"""The classic rules' hooks (`ClassicRules`), the plug-in registry and `rules_for`.

`ClassicRules` answers, for one profile, every question on which the variants differ, the way
the classic game answers it; a plug-in is a subclass that overrides some hooks and is
registered with `plug_in(applies)`, where ``applies(profile)`` says whether a profile uses it.
`rules_for(profile)` stacks the plug-ins that apply (in registration order) over
`ClassicRules`, once per profile object.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.cards import Card, rank_name
from ..profiles import Profile

__all__ = ["AnyLeadWins", "AskBeforeDrawing", "BEHAVIOUR_FIELDS", "BlackThreeFreezes", "ClassicRules",
           "EndWhenStockEmpty", "plug_in", "plug_ins", "rules_for", "when_plug_ins_change"]

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

    # --- hooks the readers ask (helper: consumers)
    #: Whether a card's suit decides which melds it joins (runs of one suit, docs/variants.md
    #: ``variants-brazilian-sequences``); otherwise its rank alone does (``rules-melds``), and
    #: melds are searched, named and described rank by rank.
    suits_matter = False
    #: Whether a pile take names the meld the top card goes onto (the top card alone has to be
    #: melded, ``variants-brazilian-pile``); otherwise a take melds the top card with a pair
    #: from hand or onto the team's meld of its rank (``rules-pile-take-open``).
    take_names_target = False
    #: Whether a player may ask "may I go out?" at the start of the turn, before drawing
    #: (``rules-permission``); otherwise only after drawing.
    may_ask_before_drawing = False
    #: Whether some discards are refused even from a hand free to discard anything (Pennies'
    #: sevens, ``variants-pennies-sevens``), so every discard goes through the full check.
    discards_restricted = False
    #: Whether the pile cards laid under the upcard lie face down until the pile is first
    #: taken (Italian, ``variants-italian-deal``).
    upcard_hides_cards_below = False
    #: Whether each team has a morto waiting face down (``variants-brazilian-morto``): the
    #: table, the plain text and the records show it.
    has_morto = False
    #: Whether a player may go out concealed (``rules-concealed``).
    has_concealed_going_out = True
    #: Over what the opening minimum is counted in sentences about it: one "turn" (all its
    #: melds, ``rules-opening-count``) or one "action" (Brazilian games, ``variants-brazilian-turn``).
    opening_counted_per = "turn"

    #: The keys of the melds made of wild cards alone: none in the classic game; Italian's
    #: deuce melds (key 2, ``variants-italian-deuce-melds``) and Pennies' wild-card melds
    #: (key 0, ``variants-pennies-melds``). Plug-ins add theirs (a plain attribute here: move
    #: generation reads it at every turn).
    wild_card_meld_keys: frozenset[int] = frozenset()
    #: The moves beyond the classic ones that this game offers: ``"swap"`` (taking back a
    #: joker, ``variants-brazilian-joker-swap``), ``"redraw"`` (the first-turn redraw,
    #: ``variants-brazilian-turn``). Plug-ins add theirs.
    extra_moves: frozenset[str] = frozenset()

    @property
    def canasta_choices(self) -> tuple[str, ...]:
        """The canasta kinds a learner is asked to choose from (``rules-canastas``)."""
        return ("natural", "mixed")

    def lead_wins(self, best: int, target_reached: bool) -> bool:
        """Whether the one team leading with ``best`` points has won the game once a round is
        scored (``rules-game-end``): here when its own score reaches the target
        (``target_reached``: whether any team's does)."""
        return best >= self.profile.target_score

    def canasta_bonus_fixed(self, kind: str) -> bool:
        """Whether a canasta of ``kind`` always scores the same bonus, so that a choice may show
        it; not when it depends on the team's other canastas (``conditional_bonus_kinds``)."""
        return kind not in self.profile.conditional_bonus_kinds

    def pile_reason_applies(self, code: str) -> bool:
        """Whether the pile reason ``code`` (a `rules.pile.PILE_REASONS` code) can arise in this
        game: a black three freezing the pile (``frozen_black_three``) and a pile frozen always
        (``frozen_always``) do not in the classic game (``rules-pile-frozen``)."""
        return code not in ("frozen_black_three", "frozen_always")

    def discard_key(self, card: Card) -> tuple[int, str]:
        """Discards with the same key are the same move: here the rank alone matters."""
        return (card.rank, "")

    def meld_title(self, cards: Sequence[Card], key: int | None) -> str:
        """A meld's title on the table: its rank ("Kings"; "Wild cards" for a wild-card meld,
        key 0), or "Meld" for cards that form none (``key`` None)."""
        if key is None:
            return "Meld"
        return ("wild cards" if key == 0 else rank_name(key, plural=True)).capitalize()

    def the_meld(self, label: str) -> str:
        """A team meld named in a sentence, from its label (`Round.meld_label`): "the kings"."""
        return f"the {label}"

    def going_out_word(self, concealed: bool) -> str:
        """What going out is called: "going out" or "going out concealed" (``rules-going-out``)."""
        return "going out concealed" if concealed else "going out"

    def set_aside_mortos(self, stock: list[Card]) -> tuple[list[list[Card]] | None, list[Card]]:
        """(the mortos, the rest of the stock) from unseen cards: no mortos here."""
        return None, stock

    def stock_empty_rule(self, morto_waiting: bool) -> str:
        """What happens once the stock is empty (``rules-end-of-stock``), as the end of a sentence;
        ``morto_waiting``: a team's morto still waits (it becomes the stock)."""
        if morto_waiting:
            return "a morto still waiting becomes the stock for the next draw (the drawing team's, if both wait)."
        return ("from now on each player must take the discard pile when it is not frozen for the team and "
                "its top card fits a team meld; a player who cannot (or may decline) ends the hand.")


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
        for forget in _FORGETTERS:
            forget()
        return cls
    return register


# --- hooks the readers ask (helper: consumers)
#: Called when a plug-in registers: callers that keep a `rules_for` answer forget it.
_FORGETTERS: list[Callable[[], None]] = []


def when_plug_ins_change(forget: Callable[[], None]) -> None:
    """Call ``forget()`` whenever a plug-in registers, so that a caller keeping a `rules_for`
    answer (move generation keeps the last one) asks again."""
    _FORGETTERS.append(forget)


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


# --- plug-ins of the classic family's options (helper: consumers)
@plug_in(lambda profile: profile.tie_rule == "any_lead")
class AnyLeadWins(ClassicRules):
    """Once any team reaches the target, the one team in the lead wins (``rules-game-end``)."""

    def lead_wins(self, best: int, target_reached: bool) -> bool:
        """Whether the sole leader has won: once any team has reached the target."""
        return target_reached


@plug_in(lambda profile: profile.permission_timing == "before_pile_or_meld")
class AskBeforeDrawing(ClassicRules):
    """"May I go out?" is asked before drawing (``rules-permission``)."""

    may_ask_before_drawing = True


@plug_in(lambda profile: profile.black_three_freezes)
class BlackThreeFreezes(ClassicRules):
    """A black three discarded freezes the pile (``rules-pile-frozen``)."""

    def pile_reason_applies(self, code: str) -> bool:
        """The black-three freeze can arise here."""
        return code == "frozen_black_three" or super().pile_reason_applies(code)


@plug_in(lambda profile: profile.end_of_stock == "end_when_empty")
class EndWhenStockEmpty(ClassicRules):
    """The hand ends with the turn that empties the stock (``rules-end-of-stock``)."""

    def stock_empty_rule(self, morto_waiting: bool) -> str:
        """The hand ends when this turn ends."""
        return "the hand ends when this turn ends."
