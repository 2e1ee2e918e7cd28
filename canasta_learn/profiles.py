"""Rule profiles: every setting on which the rule sources disagree, in one frozen object.

docs/rules.md marks each rule with the profiles that follow it; a `Profile` holds those
settings, validated when it is built. ``get_profile(name)`` returns a registered profile and
``profile.replace(**changes)`` makes a custom one.

>>> p = get_profile("classic")
>>> p.opening_minimum(1500), p.wild_limit, p.target_score
(90, 3, 5000)
>>> get_profile("cardgames_io").naturals_must_exceed_wilds
True
>>> p.replace(name="house", target_score=3000).target_score
3000
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .core.i18n import N_, gettext

__all__ = [
    "DEALT_RED_THREES",
    "END_OF_STOCK",
    "PERMISSION_TIMINGS",
    "TIE_RULES",
    "Profile",
    "ProfileError",
    "ProfileTypeError",
    "ProfileLike",
    "get_profile",
    "profile_names",
    "register_profile",
]

DealtRedThrees = Literal["at_deal", "first_turn"]
UpcardRule = Literal["cover", "italian", "none"]
MeldFamily = Literal["sets", "sequences"]
CanastaScheme = Literal["classic", "canastra", "tranca"]
Direction = Literal["cw", "ccw"]
PileTakeRule = Literal["classic", "top_card_only"]
CanastaCloses = Literal["never", "deuce", "all"]
ManyCanastasBonus = Literal["none", "italian"]
CANASTA_KINDS = ("natural", "mixed", "deuce_natural", "deuce_mixed", "sevens", "wild",
                 "real", "de_mil", "limpa", "suja")
PermissionTiming = Literal["after_draw_or_top_meld", "after_draw_if_able", "before_pile_or_meld", "never"]
EndOfStock = Literal["play_on_with_pile", "end_when_empty", "pile_or_end"]
TieRule = Literal["lead_at_target", "any_lead"]

DEALT_RED_THREES = ("at_deal", "first_turn")
PERMISSION_TIMINGS = ("after_draw_or_top_meld", "after_draw_if_able", "before_pile_or_meld", "never")
END_OF_STOCK = ("play_on_with_pile", "end_when_empty", "pile_or_end")
TIE_RULES = ("lead_at_target", "any_lead")

#: Card values by rank index 0-13 (0 = joker, 1 = ace, 2 = two, 3 = black three ... 13 = king).
CLASSIC_CARD_VALUES = (50, 20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10)


class ProfileError(ValueError):
    """A profile name is unknown or a profile setting is invalid."""


class ProfileTypeError(ProfileError, TypeError):
    """A profile was given as something other than a name or a `Profile`: a TypeError (the wrong
    kind, see `canasta_learn.core.inputs`) that is also a `ProfileError`."""


def _invalid(name: object, problems: list[str]) -> str:
    """The message of an invalid profile: its name and every problem found."""
    return gettext("Invalid profile {name}: {problems}.").format(name=repr(name), problems="; ".join(problems))


def _one_of(setting: str, accepted: tuple[str, ...]) -> str:
    """The problem of a setting that is not one of its ``accepted`` values."""
    return gettext("{setting} must be one of {accepted}").format(setting=setting, accepted=accepted)


@dataclass(frozen=True, kw_only=True)
class Profile:
    """The settings of one rule profile. Build custom ones with `Profile.replace`.

    Every field is keyword-only and validated in ``__post_init__``. The engine reads only
    these settings, so a variant is a new profile, not a new engine.
    """

    #: Registry name (``"classic"``) or a name of your choice for a custom profile.
    name: str
    #: One line saying what the profile is and where it comes from.
    description: str = ""
    #: Where the profile's rules are stated (a section of docs/rules.md or docs/variants.md) and
    #: the rule text they were taken from.
    source: str = ""

    # --- table and cards ---------------------------------------------------------------
    #: Number of 52-card packs shuffled together.
    deck_count: int = 2
    #: Number of jokers in the deck.
    joker_count: int = 4
    #: Seats at the table (partners sit alternately: seat % team_count is the team).
    player_count: int = 4
    #: Number of teams.
    team_count: int = 2
    #: Direction of play and of the deal: "cw" (clockwise, the next seat is seat + 1) or "ccw"
    #: (counter-clockwise, to the right: seat - 1; Brazilian games).
    direction: Direction = "cw"
    #: Cards dealt to each player.
    hand_size: int = 11
    #: Cards drawn from the stock in one draw.
    stock_draw_count: int = 1
    #: Card values by rank 0-13 (0 = joker, 1 = ace, 2 = two, 3 = black three).
    card_values: tuple[int, ...] = CLASSIC_CARD_VALUES

    # --- deal ----------------------------------------------------------------------------
    #: Upcards covered by the next stock card: any of "wild", "red_three", "black_three".
    upcard_covered: frozenset[str] = frozenset({"wild", "red_three"})
    #: How the discard pile starts: "cover" (turn one card, cover wilds/threes as
    #: ``upcard_covered`` says), "italian" (turn cards until a natural 4-A shows, then slide
    #: as many stock cards as its rank number face down under it) or "none" (no upcard: the
    #: pile starts empty; Brazilian games).
    upcard_rule: UpcardRule = "cover"
    #: Dealt red threes are laid down and replaced before the upcard is turned (Italian).
    red_threes_before_upcard: bool = False
    #: Cards dealt face down to each player as a personal reserve, added to the hand when the
    #: player first completes a canasta (Pennies from Heaven: 11).
    reserve_size: int = 0
    #: When red threes in a dealt hand are laid down and replaced.
    dealt_red_threes: DealtRedThrees = "at_deal"
    #: Cards in each team's face-down *morto* (Brazilian games: 11), taken by the team's first
    #: *batida* (a player running out of cards); a remaining morto becomes the stock when the
    #: stock runs out. 0: no morto.
    morto_size: int = 0
    #: First turn of a hand only: the starter may discard the drawn card at once and draw
    #: another (action ``N redraw``).
    first_turn_redraw: bool = False

    # --- melds ---------------------------------------------------------------------------
    #: "sets" (cards of one rank) or "sequences" (same-suit runs 4-A plus sets of aces, any
    #: number of wild cards, see `canasta_learn.variants.sequences`; Brazilian games).
    meld_family: MeldFamily = "sets"
    #: How canastas are named: "classic" (natural / mixed and the variant kinds), "canastra"
    #: (real / de mil / limpa / suja, by exact size and wild card) or "tranca" (limpa / suja).
    canasta_scheme: CanastaScheme = "classic"
    #: A wild card standing for a natural card in a team meld may be replaced by that natural
    #: and taken into hand, for these wild ranks (0 = joker); action ``N swap 101: h8``.
    swappable_wilds: frozenset[int] = frozenset()
    #: A two at an end of a sequence moves to the other end when the natural card of its rank
    #: is added (Brazilian Canastra).
    two_end_move: bool = False
    #: Fewest cards in a new meld.
    meld_min_size: int = 3
    #: Fewest natural cards in a meld.
    meld_min_naturals: int = 2
    #: Most wild cards in one meld.
    wild_limit: int = 3
    #: cardgames.io: a meld must hold more naturals than wild cards.
    naturals_must_exceed_wilds: bool = False
    #: Cards in a canasta.
    canasta_size: int = 7
    #: Black threes may be melded (3 or 4, no wilds) only by a player going out.
    black_threes_meld_going_out: bool = True
    #: Melds of twos (with jokers as their wild cards) are allowed; while a team's deuce meld is
    #: incomplete its twos go only there (Italian).
    deuce_melds: bool = False
    #: Melds made only of wild cards are allowed, up to ``canasta_size`` cards (Pennies).
    wild_melds: bool = False
    #: Which canastas close at ``canasta_size`` cards (nothing more may be added): "never",
    #: "deuce" (deuce canastas only) or "all" (every meld is capped; after a canasta closes a
    #: new meld of that rank may be started).
    canasta_closes: CanastaCloses = "never"
    #: Sevens: no seven may be discarded before the team has a sevens canasta, and never as
    #: the going-out discard (Pennies).
    sevens_rules: bool = False

    # --- discard pile ----------------------------------------------------------------------
    #: A discarded black three freezes the pile once it is covered (traditional).
    black_three_freezes: bool = False
    #: The pile is always frozen (Italian Canasta).
    pile_always_frozen: bool = False
    #: A player holding one card may not take a pile of one card.
    one_card_pile_ban: bool = True
    #: How the pile is taken: "classic" (freezing, natural pairs) or "top_card_only" (never
    #: frozen; the top card must go into a team meld at once, the other pile cards join the
    #: hand and may not be melded this turn; Brazilian games).
    pile_take_rule: PileTakeRule = "classic"

    # --- opening ---------------------------------------------------------------------------
    #: (lowest team score, minimum) pairs, ascending; scores below the first use ``opening_below``.
    opening_table: tuple[tuple[int, int], ...] = ((0, 50), (1500, 90), (3000, 120))
    #: Minimum for a negative team score (below the table's first threshold).
    opening_below: int = 15
    #: Wild cards may be used in the opening melds.
    opening_wilds_allowed: bool = True

    # --- going out -------------------------------------------------------------------------
    #: Canastas the team needs on the table before a player may go out.
    go_out_canastas: int = 1
    #: Canasta kinds that do not count toward ``go_out_canastas`` (Italian: deuce canastas).
    go_out_excluded_kinds: frozenset[str] = frozenset()
    #: Canasta kinds of which the team needs one each to go out (Pennies: all four kinds).
    go_out_required_kinds: frozenset[str] = frozenset()
    #: Kinds of which the team needs at least one canasta to go out (Brazilian games: a
    #: *canastra limpa* for the hand-ending batida; empty: no such condition).
    go_out_any_kinds: frozenset[str] = frozenset()
    #: When a player may ask "Partner, may I go out?" ("never": no asking in this game).
    permission_timing: PermissionTiming = "after_draw_or_top_meld"
    #: Going out concealed after a stock draw waives the opening minimum.
    concealed_waives_minimum: bool = True
    #: cardgames.io: the concealed bonus survives merging into the partner's melds.
    concealed_allows_partner_merge: bool = False

    # --- end of the stock --------------------------------------------------------------------
    #: What happens when the stock runs out.
    end_of_stock: EndOfStock = "play_on_with_pile"

    # --- scoring -----------------------------------------------------------------------------
    #: Bonus for a natural canasta.
    natural_canasta_bonus: int = 500
    #: Bonus for a mixed canasta.
    mixed_canasta_bonus: int = 300
    #: Red-three bonus by the number a team holds (index = count).
    red_three_bonuses: tuple[int, ...] = (0, 100, 200, 300, 800)
    #: Red threes count negative for a team that melded nothing this hand.
    red_threes_negative_without_meld: bool = True
    #: Red threes count negative unless the team has a sevens canasta (Pennies).
    red_threes_need_sevens_canasta: bool = False
    #: Red threes count negative unless the team has a canasta of one of these kinds
    #: (Canastra: real or de mil; Tranca: limpa).
    red_threes_need_kinds: frozenset[str] = frozenset()
    #: Canasta kinds whose bonus counts only when the team has a canasta of a
    #: ``bonus_condition_kinds`` kind (Canastra: limpa and suja need a real).
    conditional_bonus_kinds: frozenset[str] = frozenset()
    #: See ``conditional_bonus_kinds``.
    bonus_condition_kinds: frozenset[str] = frozenset()
    #: Penalty for a team that never took its morto.
    morto_not_taken_penalty: int = 0
    #: Penalty for each player who melded no card in the hand (red threes do not count).
    no_meld_player_penalty: int = 0
    #: Bonuses for canasta kinds beyond natural and mixed: (kind, bonus) pairs, kinds
    #: "deuce_natural", "deuce_mixed", "sevens", "wild".
    extra_canasta_bonuses: tuple[tuple[str, int], ...] = ()
    #: Canasta kinds whose bonus counts only for the team that went out (else face value).
    bonus_needs_going_out: frozenset[str] = frozenset()
    #: Extra bonuses for many canastas: "none" or "italian" (five / ten canastas).
    many_canastas_bonus: ManyCanastasBonus = "none"
    #: Bonus for going out.
    going_out_bonus: int = 100
    #: Bonus for going out concealed (in total, replacing ``going_out_bonus``).
    concealed_going_out_bonus: int = 200

    # --- the game ----------------------------------------------------------------------------
    #: A hand after which a team has this many points ends the game.
    target_score: int = 5000
    #: How a tie at the end is broken.
    tie_rule: TieRule = "lead_at_target"

    def __post_init__(self) -> None:
        problems = []

        def need(condition: bool, message: Callable[[], str]) -> None:
            if not condition:  # the message is made only for a problem (profiles are built at import)
                problems.append(message())

        need(isinstance(self.name, str) and bool(self.name.strip()),
             lambda: gettext("name must be a non-empty text"))
        for name in ("deck_count", "player_count", "team_count", "hand_size", "stock_draw_count",
                     "meld_min_size", "meld_min_naturals", "canasta_size", "go_out_canastas",
                     "target_score"):
            value = getattr(self, name)
            if not (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
                problems.append(gettext("{name} must be a whole number of at least 1, not {value}").format(
                    name=name, value=repr(value)))
        for name in ("joker_count", "wild_limit", "opening_below", "natural_canasta_bonus",
                     "mixed_canasta_bonus", "going_out_bonus", "concealed_going_out_bonus"):
            value = getattr(self, name)
            if not (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
                problems.append(gettext("{name} must be a whole number of at least 0, not {value}").format(
                    name=name, value=repr(value)))
        if problems:
            raise ProfileError(_invalid(self.name, problems))
        need(self.player_count % self.team_count == 0,
             lambda: gettext("player_count ({players}) must divide into {teams} equal teams").format(
                 players=self.player_count, teams=self.team_count))
        need(self.player_count >= 2, lambda: gettext("player_count must be at least 2"))
        need(len(self.card_values) == 14 and all(isinstance(v, int) for v in self.card_values),
             lambda: gettext("card_values must hold 14 whole numbers (joker, ace, two, three ... king)"))
        need(self.upcard_covered <= {"wild", "red_three", "black_three"},
             lambda: gettext("upcard_covered may hold only 'wild', 'red_three' and 'black_three'"))
        need(self.dealt_red_threes in DEALT_RED_THREES,
             lambda: _one_of("dealt_red_threes", DEALT_RED_THREES))
        need(self.permission_timing in PERMISSION_TIMINGS,
             lambda: _one_of("permission_timing", PERMISSION_TIMINGS))
        need(self.end_of_stock in END_OF_STOCK, lambda: _one_of("end_of_stock", END_OF_STOCK))
        need(self.tie_rule in TIE_RULES, lambda: _one_of("tie_rule", TIE_RULES))
        need(self.upcard_rule in ("cover", "italian", "none"),
             lambda: gettext("upcard_rule must be 'cover', 'italian' or 'none'"))
        need(self.direction in ("cw", "ccw"), lambda: gettext("direction must be 'cw' or 'ccw'"))
        need(self.meld_family in ("sets", "sequences"),
             lambda: gettext("meld_family must be 'sets' or 'sequences'"))
        need(self.canasta_scheme in ("classic", "canastra", "tranca"),
             lambda: gettext("canasta_scheme must be 'classic', 'canastra' or 'tranca'"))
        need(self.pile_take_rule in ("classic", "top_card_only"),
             lambda: gettext("pile_take_rule must be 'classic' or 'top_card_only'"))
        need(set(self.swappable_wilds) <= {0, 2},
             lambda: gettext("swappable_wilds may hold only 0 (joker) and 2 (two)"))
        for name in ("morto_size", "morto_not_taken_penalty", "no_meld_player_penalty"):
            value = getattr(self, name)
            if not (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
                problems.append(gettext("{name} must be a whole number of at least 0, not {value}").format(
                    name=name, value=repr(value)))
        need(self.canasta_closes in ("never", "deuce", "all"),
             lambda: gettext("canasta_closes must be 'never', 'deuce' or 'all'"))
        need(self.many_canastas_bonus in ("none", "italian"),
             lambda: gettext("many_canastas_bonus must be 'none' or 'italian'"))
        need(isinstance(self.reserve_size, int) and self.reserve_size >= 0,
             lambda: gettext("reserve_size must be 0 or more"))
        kinds = set(CANASTA_KINDS)
        need(all(k in kinds and isinstance(b, int) for k, b in self.extra_canasta_bonuses),
             lambda: gettext("extra_canasta_bonuses must pair canasta kinds {kinds} with whole numbers").format(
                 kinds=CANASTA_KINDS))
        for name in ("go_out_excluded_kinds", "go_out_required_kinds", "bonus_needs_going_out",
                     "go_out_any_kinds", "red_threes_need_kinds", "conditional_bonus_kinds",
                     "bonus_condition_kinds"):
            if not set(getattr(self, name)) <= kinds:
                problems.append(gettext("{name} may hold only canasta kinds {kinds}").format(
                    name=name, kinds=CANASTA_KINDS))
        need(not (self.deuce_melds and self.wild_melds),
             lambda: gettext("deuce_melds and wild_melds cannot both be on"))
        need(self.meld_min_naturals <= self.meld_min_size,
             lambda: gettext("meld_min_naturals cannot exceed meld_min_size"))
        need(self.meld_min_size <= self.canasta_size, lambda: gettext("meld_min_size cannot exceed canasta_size"))
        thresholds = [t for t, _ in self.opening_table]
        need(bool(self.opening_table) and thresholds == sorted(set(thresholds)),
             lambda: gettext("opening_table must list (score, minimum) pairs with strictly rising scores"))
        need(all(m >= 0 for _, m in self.opening_table), lambda: gettext("opening minimums cannot be negative"))
        red_three_count = 2 * self.deck_count
        need(len(self.red_three_bonuses) == red_three_count + 1,
             lambda: gettext("red_three_bonuses must give a bonus for 0..{most} red threes ({count} numbers), "
                             "not {given}").format(most=red_three_count, count=red_three_count + 1,
                                                   given=len(self.red_three_bonuses)))
        deck_size = 52 * self.deck_count + self.joker_count
        need(self.player_count * (self.hand_size + self.reserve_size) + self.team_count * self.morto_size
             < deck_size,
             lambda: gettext("{players} hands of {size} need more than the {deck} cards of the deck").format(
                 players=self.player_count, size=self.hand_size, deck=deck_size))
        if problems:
            raise ProfileError(_invalid(self.name, problems))

    # --- derived values ------------------------------------------------------------------
    @property
    def deck_size(self) -> int:
        """Cards in the whole deck (108 for classic)."""
        return 52 * self.deck_count + self.joker_count

    @property
    def team_size(self) -> int:
        """Players in one team."""
        return self.player_count // self.team_count

    def opening_minimum(self, team_score: int) -> int:
        """The opening minimum for a team whose total score is ``team_score``."""
        minimum = self.opening_below
        for threshold, value in self.opening_table:
            if team_score >= threshold:
                minimum = value
        return minimum

    def canasta_bonus(self, kind: str) -> int:
        """The bonus of a canasta of ``kind`` ("natural", "mixed", "deuce_natural", ...)."""
        for name, bonus in self.extra_canasta_bonuses:
            if name == kind:
                return bonus
        if kind == "natural":
            return self.natural_canasta_bonus
        return self.mixed_canasta_bonus

    def card_value(self, rank: int) -> int:
        """The point value of a card of ``rank`` (0 = joker)."""
        return self.card_values[rank]

    def describe(self) -> str:
        """`description` in the language spoken now: a built-in profile's description is in the
        catalogue; a custom profile's own words are given as written.

        >>> from canasta_learn.core.i18n import speaking
        >>> with speaking("pt_BR"):
        ...     words = get_profile("traditional").describe()
        >>> words
        'A leitura mais antiga e mais rígida: três pretos e curingas congelam a pilha.'
        """
        return gettext(self.description) if self.description else ""

    def replace(self, **changes: Any) -> Profile:
        """A copy with some settings changed (validated like any profile).

        >>> get_profile("classic").replace(name="short game", target_score=1500).target_score
        1500
        """
        unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(self)})
        if unknown:
            raise ProfileError(gettext("Profile has no setting {unknown}; known settings: {known}").format(
                unknown=", ".join(unknown), known=", ".join(f.name for f in dataclasses.fields(self))))
        for key in _SET_FIELDS:
            if key in changes:
                changes[key] = frozenset(changes[key])
        for key in ("card_values", "red_three_bonuses", "opening_table", "extra_canasta_bonuses"):
            if key in changes:
                value = changes[key]
                changes[key] = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        return dataclasses.replace(self, **changes)

    def settings(self) -> dict[str, Any]:
        """All settings as plain JSON-ready values (for records and comparisons)."""
        result: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                value = sorted(value)
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            result[f.name] = value
        return result

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> Profile:
        """Build a profile from `settings()` output; unknown keys raise `ProfileError`."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(settings) - known)
        if unknown:
            raise ProfileError(gettext("Unknown profile settings: {unknown}.").format(unknown=", ".join(unknown)))
        values = dict(settings)
        for key in _SET_FIELDS:
            if key in values:
                values[key] = frozenset(values[key])
        for key in ("card_values", "red_three_bonuses"):
            if key in values:
                values[key] = tuple(values[key])
        for key in ("opening_table", "extra_canasta_bonuses"):
            if key in values:
                values[key] = tuple(tuple(pair) for pair in values[key])
        try:
            return cls(**values)
        except TypeError as error:
            raise ProfileError(gettext("Incomplete profile settings: {problem}.").format(problem=error)) from None

    def differences(self, other: Profile) -> dict[str, tuple[Any, Any]]:
        """Settings that differ from ``other``: ``{name: (mine, theirs)}`` (name excluded)."""
        mine, theirs = self.settings(), other.settings()
        return {
            key: (mine[key], theirs[key])
            for key in mine
            if key not in ("name", "description", "source") and mine[key] != theirs[key]
        }

    def __str__(self) -> str:
        return self.name


ProfileLike = str | Profile | None

_SET_FIELDS = ("upcard_covered", "go_out_excluded_kinds", "go_out_required_kinds", "bonus_needs_going_out",
               "swappable_wilds", "go_out_any_kinds", "red_threes_need_kinds", "conditional_bonus_kinds",
               "bonus_condition_kinds")

_CLASSIC = Profile(
    name="classic",
    description=N_("Classic partnership Canasta, the precise profile with its table rules."),
    source="docs/rules.md#rules-profiles (from a precise classic rules text)",
)

_REGISTRY: dict[str, Profile] = {
    "classic": _CLASSIC,
    "cardgames_io": _CLASSIC.replace(
        name="cardgames_io",
        description=N_("cardgames.io's Classic Canasta, with its simplifications."),
        source="docs/rules.md#rules-profiles (from cardgames.io's rules page)",
        dealt_red_threes="first_turn",
        naturals_must_exceed_wilds=True,
        one_card_pile_ban=False,
        permission_timing="after_draw_if_able",
        concealed_waives_minimum=False,
        concealed_allows_partner_merge=True,
        end_of_stock="end_when_empty",
        tie_rule="any_lead",
    ),
    "traditional": _CLASSIC.replace(
        name="traditional",
        description=N_("The older, stricter reading: black threes and wild cards freeze the pile."),
        source="docs/rules.md#rules-profiles (from a translation of the basic rules)",
        upcard_covered=frozenset({"wild", "red_three", "black_three"}),
        black_three_freezes=True,
        permission_timing="before_pile_or_meld",
        tie_rule="any_lead",
    ),
}


#: The variant profiles of the sources (docs/variants.md#variants-italian, #variants-pennies), built on
#: the classic settings.
VARIANTS: dict[str, Profile] = {
    "italian": _CLASSIC.replace(
        name="italian",
        description=N_("Italian Canasta: three decks and six jokers, draw two, deuce melds, always-frozen "
                    "pile, wild-free openings, two non-deuce canastas to go out, to 12,000."),
        source="docs/variants.md#variants-italian (from a translation of the Italian rules)",
        deck_count=3,
        joker_count=6,
        hand_size=15,
        stock_draw_count=2,
        upcard_rule="italian",
        red_threes_before_upcard=True,
        deuce_melds=True,
        canasta_closes="deuce",
        pile_always_frozen=True,
        opening_table=((0, 50), (1500, 90), (3000, 120), (5000, 160), (7500, 180), (10000, 200)),
        opening_wilds_allowed=False,
        go_out_canastas=2,
        go_out_excluded_kinds=frozenset({"deuce_natural", "deuce_mixed"}),
        extra_canasta_bonuses=(("deuce_natural", 3000), ("deuce_mixed", 2000)),
        bonus_needs_going_out=frozenset({"deuce_natural", "deuce_mixed"}),
        red_three_bonuses=(0, 100, 200, 300, 800, 1000, 1200),
        going_out_bonus=300,
        concealed_going_out_bonus=300,
        many_canastas_bonus="italian",
        target_score=12000,
    ),
    "pennies_from_heaven": _CLASSIC.replace(
        name="pennies_from_heaven",
        description=N_("Pennies from Heaven: six players in two teams of three, four decks and eight jokers, "
                    "11-card reserves, draw two, canastas closed at 7, wild and sevens canastas, to 20,000."),
        source="docs/variants.md#variants-pennies (from a translation of the Pennies from Heaven rules)",
        deck_count=4,
        joker_count=8,
        player_count=6,
        hand_size=13,
        reserve_size=11,
        stock_draw_count=2,
        wild_melds=True,
        canasta_closes="all",
        sevens_rules=True,
        opening_table=((0, 50), (1500, 150)),
        go_out_required_kinds=frozenset({"sevens", "wild", "natural", "mixed"}),
        red_threes_need_sevens_canasta=True,
        extra_canasta_bonuses=(("sevens", 1500), ("wild", 1000)),
        red_three_bonuses=(0, 100, 200, 300, 400, 500, 600, 700, 1000),
        target_score=20000,
    ),
}

#: The Brazilian games (docs/variants.md#variants-brazilian): same-suit sequences, the morto, batidas.
_BRAZILIAN = _CLASSIC.replace(
    name="brazilian",
    deck_count=2,
    joker_count=2,
    direction="ccw",
    upcard_rule="none",
    morto_size=11,
    first_turn_redraw=True,
    meld_family="sequences",
    swappable_wilds=frozenset({0}),
    meld_min_naturals=1,
    wild_limit=11,
    black_threes_meld_going_out=False,
    pile_take_rule="top_card_only",
    one_card_pile_ban=False,
    permission_timing="never",
    concealed_waives_minimum=False,
    end_of_stock="pile_or_end",
    red_threes_negative_without_meld=False,
    morto_not_taken_penalty=100,
    no_meld_player_penalty=100,
    going_out_bonus=200,
    concealed_going_out_bonus=200,
    target_score=3000,
    tie_rule="any_lead",
)
VARIANTS.update({
    "canastra_br": _BRAZILIAN.replace(
        name="canastra_br",
        description=N_("Brazilian Canastra: same-suit sequences and sets of aces, 15 cards and an 11-card morto "
                    "per team, batidas, canastas real / limpa / suja / de mil, counter-clockwise, to 3000."),
        source="docs/variants.md#variants-canastra-br (from a Brazilian Canastra and Tranca guide)",
        hand_size=15,
        card_values=(20, 15, 10, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10),
        canasta_scheme="canastra",
        two_end_move=True,
        opening_table=((2500, 120),),
        opening_below=75,
        go_out_any_kinds=frozenset({"real", "de_mil", "limpa"}),
        extra_canasta_bonuses=(("real", 500), ("de_mil", 1000), ("limpa", 500), ("suja", 300)),
        conditional_bonus_kinds=frozenset({"limpa", "suja"}),
        bonus_condition_kinds=frozenset({"real", "de_mil"}),
        red_threes_need_kinds=frozenset({"real", "de_mil"}),
    ),
    "tranca": _BRAZILIAN.replace(
        name="tranca",
        description=N_("Tranca: same-suit sequences and sets of aces, 11 cards and an 11-card morto per team, "
                    "batidas, canastas limpa / suja, every card 10, no opening minimum, counter-clockwise, to 3000."),
        source="docs/variants.md#variants-tranca (from a Brazilian Canastra and Tranca guide)",
        hand_size=11,
        card_values=(10,) * 14,
        canasta_scheme="tranca",
        opening_table=((0, 0),),
        opening_below=0,
        go_out_any_kinds=frozenset({"limpa"}),
        extra_canasta_bonuses=(("limpa", 200), ("suja", 100)),
        red_threes_need_kinds=frozenset({"limpa"}),
    ),
})
_REGISTRY.update(VARIANTS)


def profile_names() -> list[str]:
    """The names of the registered profiles."""
    return list(_REGISTRY)


def register_profile(profile: Profile) -> None:
    """Register a profile under its name (replacing one of the same name)."""
    if not isinstance(profile, Profile):
        raise ProfileError(gettext("register_profile() takes a Profile, got {kind}.").format(
            kind=type(profile).__name__))
    _REGISTRY[profile.name] = profile


def get_profile(name: ProfileLike = "classic") -> Profile:
    """The profile registered as ``name`` (a `Profile` passes through; None means classic).

    Names are matched as given, then ignoring case and surrounding spaces, as bot names are:

    >>> get_profile(" Cardgames_IO ").name
    'cardgames_io'
    >>> get_profile("nope")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    canasta_learn.profiles.ProfileError: Unknown profile 'nope'; known profiles: classic, cardgames_io, traditional, ...
    """
    if name is None:
        return _CLASSIC
    if isinstance(name, Profile):
        return name
    if not isinstance(name, str):
        raise ProfileTypeError(gettext("{name} must be {accepted}, not {kind} {value}.").format(
            name="profile",
            accepted=gettext("a profile name (one of {known}) or a Profile").format(known=", ".join(_REGISTRY)),
            kind=type(name).__name__, value=repr(name)[:80]))
    profile = None
    if isinstance(name, str):
        profile = _REGISTRY.get(name)
        if profile is None:
            wanted = name.strip().casefold()
            profile = next((p for key, p in _REGISTRY.items() if key.casefold() == wanted), None)
    if profile is None:
        raise ProfileError(gettext("Unknown profile {name}; known profiles: {known}.").format(
            name=repr(name), known=", ".join(_REGISTRY)))
    return profile
