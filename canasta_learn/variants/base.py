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
from typing import Protocol, cast

from ..core.actions import MeldGroup, SeatForm, Swap, TakePile
from ..core.cards import Card, format_cards, rank_name
from ..core.events import Event
from ..core.i18n import gettext, pgettext
from ..core.verdicts import Verdict
from ..profiles import Profile, ProfileError, get_profile
from .keys import BLACK_THREE_RANK, DEUCE_RANK, WILD_MELD_RANK

__all__ = ["BEHAVIOUR_FIELDS", "ID_CACHE_SIZE", "RULES_BY_ID", "RULES_BY_PROFILE",
           "AnyLeadWins", "AskBeforeDrawing", "BlackThreesFreeze", "ClassicRules",
           "EndWhenStockEmpty", "FirstTurnRedThrees", "Performer", "PlanningOptions", "Table", "forget_built_rules",
           "plug_in", "plug_ins", "rules_for", "when_plug_ins_change"]


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


class Table(Protocol):
    """The round as the engine's hooks see it: the cards they deal and move, the events they
    record, and the few queries they ask (the engine's ``Round`` is the one implementation;
    this layer never imports the engine)."""

    stock: list[Card]
    pile: list[Card]

    @property
    def profile(self) -> Profile: ...
    @property
    def dealer(self) -> int: ...
    @property
    def player_count(self) -> int: ...
    @property
    def hands(self) -> list[list[Card]]: ...
    @property
    def reserves(self) -> list[list[Card]]: ...
    @property
    def mortos(self) -> list[list[Card]]: ...
    @property
    def morto_state(self) -> list[str]: ...
    @property
    def morto_taker(self) -> list[int | None]: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def melds(self) -> list[dict[int, list[Card]]]: ...
    @property
    def has_melded(self) -> list[bool]: ...
    @property
    def turn_drawn(self) -> tuple[Card, ...]: ...

    def seat_name(self, seat: int) -> str: ...
    def seat_label(self, seat: int, form: SeatForm = "sentence") -> str: ...
    def team_of(self, seat: int) -> int: ...
    def morto_available(self, team: int) -> bool: ...
    def canasta_kinds(self, team: int, melds: dict[int, list[Card]] | None = None) -> list[str]: ...
    def meld_label(self, key: int, cards: Sequence[Card]) -> str: ...
    def lay_red_threes(self, seat: int, action_index: int) -> None: ...
    def lay_dealt_red_threes(self) -> None: ...


class Performer(Protocol):
    """The round's performing steps a performing hook (`ClassicRules.take_pile`, `lay_groups`,
    `swap_joker`, `redraw`) uses for an action the round has already verified: none checks
    anything again. The round passes its performer (``engine.perform.Performer``, the one
    implementation) to the hook, so no unchecked step is a public method of the round, and a
    learner cannot skip the rules with it."""

    def lay_meld(self, seat: int, team: int, key: int, cards: Sequence[Card], index: int) -> None:
        """Put ``cards`` (already out of the hand) on the team's meld of rank ``key``, with its events."""
    def lay_groups(self, seat: int, groups: Sequence[MeldGroup], index: int) -> None:
        """Lay the groups of a meld action from ``seat``'s hand (the variant's `lay_groups`)."""
    def record_meld(self, seat: int, team: int, key: int, cards: Sequence[Card], added: bool) -> None:
        """Count ``cards`` laid on meld ``key`` for the turn (``added``: onto a meld already there)."""
    def place_in_run(self, team: int, group: MeldGroup) -> tuple[int, list[Card]]:
        """The key and the whole stored meld that ``group`` (verified) makes among the team's runs."""
    def fits_run(self, team: int, group: MeldGroup) -> bool:
        """Whether ``group`` fits the team's melds as they are (to find the meld a top card joins)."""
    def pick_up_pile(self, seat: int) -> tuple[list[Card], list[Card], list[Card]]:
        """Empty the pile into ``seat``'s hand, its red threes laid down: (the pile, the cards now in
        the hand, the red threes)."""
    def joined_text(self, count: int) -> str:
        """How many pile cards join the hand, in words ("2 cards join the hand")."""
    def lock_until_next_turn(self, cards: Sequence[Card]) -> None:
        """The pile cards just picked up may be melded only from the next turn."""
    def pile_taken(self, seat: int, index: int) -> None:
        """End the take: ``seat`` has drawn (from the pile) and goes on to meld."""
    def draw(self, seat: int, index: int) -> None:
        """Draw from the stock for ``seat``, as a draw action does."""
    def forget_drawn(self) -> None:
        """The card drawn this turn is no longer the one a first-turn redraw could discard."""


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
            return pgettext("score line", "Going out concealed"), self.profile.concealed_going_out_bonus
        return pgettext("score line", "Going out"), self.profile.going_out_bonus

    def many_canastas_score(self, kinds: Sequence[str]) -> tuple[str, int] | None:
        """A bonus (label, points) for a team holding canastas of ``kinds``, beyond each
        canasta's own: none in the classic game (``docs/rules.md#rules-scoring``)."""
        return None

    def scored_hand_red_three_problem(self) -> str | None:
        """Why a hand scored by `canasta_learn.rules.scoring.score_round` may not hold a red
        three, or None when one may stay there: red threes go face up as soon as they are dealt
        or drawn (``docs/rules.md#rules-dealt-red-threes``)."""
        return gettext("hands_left holds a red three, but in the {profile} profile red threes are laid "
                       "face up as soon as they are dealt or drawn: pass them as red_threes=... instead.").format(
            profile=self.profile.name)


    # --- hooks the engine asks (helper: round-split)
    def __reduce__(self) -> tuple[Callable[[Profile], ClassicRules], tuple[Profile]]:
        """Pickled as ``rules_for(profile)``: a round holding its hooks pickles as before (the
        class of several stacked plug-ins is built at run time, so it has no importable name)."""
        return rules_for, (self.profile,)

    #: Each team has a morto, taken by its first batida (docs/variants.md#variants-brazilian-morto).
    has_morto = False

    @property
    def reserve_cards(self) -> int:
        """Cards in each player's reserve (Pennies from Heaven); 0 in the games without one."""
        return 0

    @property
    def morto_cards(self) -> int:
        """Cards in each team's morto (the Brazilian games); 0 in the games without one."""
        return 0
    #: Each player has a face-down reserve, picked up with a first canasta
    #: (docs/variants.md#variants-pennies-reserve).
    has_reserves = False
    #: Going out concealed is possible (and waives the opening where the profile says so;
    #: docs/rules.md#rules-concealed).
    concealed_going_out = True
    #: A pile take melds the top card alone at once (with cards from hand or onto a named
    #: meld); the other cards join the hand, meldable from the next turn, and the pile never
    #: freezes (docs/variants.md#variants-brazilian-pile).
    takes_top_card_alone = False
    #: The first player of a hand may discard the card just drawn and draw again
    #: (docs/variants.md#variants-brazilian-turn).
    redraws_first_card = False
    #: A joker on a team meld may be taken back by the natural card it stands for
    #: (docs/variants.md#variants-brazilian-joker-swap).
    takes_back_jokers = False

    # --- hooks the engine performs with (helper: trim)
    def take_pile(self, table: Table, perform: Performer, action: TakePile, index: int) -> None:
        """Perform a verified pile take: the top card goes down with ``action.cards`` (none: onto
        the team's meld of its rank), the opening melds follow, and the rest of the pile joins the
        hand, its red threes laid down without replacement (docs/rules.md#rules-pile-top-first,
        #rules-red-threes)."""
        seat = action.seat
        hand = table.hands[seat]
        top = table.pile.pop()
        for card in action.cards:
            hand.remove(card)
        perform.lay_meld(seat, table.team_of(seat), top.rank, (top,) + action.cards, index)
        perform.lay_groups(seat, action.extra_melds, index)
        rest, picked, threes = perform.pick_up_pile(seat)
        name = table.seat_label(seat)
        table.events.append(Event("pile_taken", seat, tuple(rest),
                                  (gettext("{seat} takes the pile: {top} goes down with {cards}, {joined}.")
                                   if action.cards else
                                   gettext("{seat} takes the pile: {top} goes down with the team meld, {joined}.")
                                   ).format(seat=name, top=top, cards=format_cards(action.cards),
                                            joined=perform.joined_text(len(picked))), index))
        for card in threes:
            table.events.append(Event("red_three", seat, (card,),
                                      gettext("{seat} lays down the red three {card} found in the "
                                              "pile (no replacement).").format(seat=name, card=card), index))
        perform.pile_taken(seat, index)

    def lay_groups(self, table: Table, perform: Performer, seat: int, groups: Sequence[MeldGroup],
                   index: int) -> None:
        """Lay the verified groups of a meld action from ``seat``'s hand, each on the team's meld
        of its rank (its target, or the rank its cards form; docs/rules.md#rules-melds-team)."""
        team = table.team_of(seat)
        hand = table.hands[seat]
        for group in groups:
            for card in group.cards:
                hand.remove(card)
            key = group.target if group.target is not None else self.meld_key(group.cards)
            assert key is not None
            perform.lay_meld(seat, team, key, group.cards, index)

    def swap_joker(self, table: Table, perform: Performer, action: Swap, index: int) -> None:
        """Perform a verified joker swap: there is none in the classic game, whose swap check
        refuses every one (docs/variants.md#variants-brazilian-joker-swap)."""
        raise ValueError(f"The {self.profile.name} profile has no joker swaps: {action!r} cannot be performed.")

    def redraw(self, table: Table, perform: Performer, seat: int, index: int) -> None:
        """Perform a verified first-turn redraw: there is none in the classic game, whose redraw
        check refuses every one (docs/variants.md#variants-brazilian-turn)."""
        raise ValueError(f"The {self.profile.name} profile has no first-turn redraw.")

    def morto_text(self, table: Table, team: int) -> str:
        """The team's morto in words: "none", there is no morto in the classic game
        (docs/variants.md#variants-brazilian-morto)."""
        return pgettext("morto", "none")

    def set_aside(self, table: Table) -> None:
        """Deal what the game sets aside after the hands: nothing in the classic game
        (docs/rules.md#rules-deal)."""

    def open_the_pile(self, table: Table) -> None:
        """After the hands: turn the upcard, then lay the red threes of the dealt hands (at the
        deal in the classic game; docs/rules.md#rules-upcard, #rules-dealt-red-threes)."""
        self.turn_upcard(table)
        table.lay_dealt_red_threes()

    def covers_upcard(self, card: Card) -> bool:
        """True when this card, turned up, is covered by the next stock card (the profile's
        ``upcard_covered``: wild cards, red threes, black threes; docs/rules.md#rules-upcard)."""
        covered = self.profile.upcard_covered
        return ((card.is_wild and "wild" in covered)
                or (card.is_red_three and "red_three" in covered)
                or (card.is_black_three and "black_three" in covered))

    def turn_upcard(self, table: Table) -> None:
        """Turn the stock's top card onto the pile, covering each card the profile covers
        (docs/rules.md#rules-upcard)."""
        upcard = table.stock.pop()
        table.pile.append(upcard)
        table.events.append(Event("upcard", None, (upcard,), gettext("The upcard is {card}.").format(card=upcard)))
        while self.covers_upcard(table.pile[-1]) and table.stock:
            card = table.stock.pop()
            table.pile.append(card)
            table.events.append(Event("upcard_covered", None, (table.pile[-2], card),
                                      gettext("{card} turned up is covered by {cover}; the pile is frozen.").format(
                                          card=table.pile[-2], cover=card)))

    def canasta_completed(self, table: Table, seat: int, action_index: int) -> None:
        """``seat`` has just completed a canasta: nothing more happens in the classic game
        (docs/rules.md#rules-canastas)."""

    def stock_ran_out(self, table: Table, seat: int, action_index: int) -> None:
        """The stock is empty as ``seat`` needs a card: nothing replaces it in the classic game
        (docs/rules.md#rules-end-of-stock)."""

    def run_out_of_cards(self, table: Table, seat: int, action_index: int, direct: bool) -> bool:
        """``seat``'s hand is empty (``direct``: by a meld, else by the last discard): True when
        play goes on (the hook dealt with it), False when the player goes out, as always in the
        classic game (docs/rules.md#rules-going-out)."""
        return False

    #: The hand ends as soon as a turn ends with the stock empty (cardgames.io); in the classic
    #: game play goes on with the pile (docs/rules.md#rules-end-of-stock).
    hand_ends_when_stock_empties = False
    #: The stock empty, a pile whose top card fits a team meld must be taken
    #: (docs/rules.md#rules-end-of-stock).
    must_take_fitting_pile = True
    #: A red three as the stock's last card ends the hand at once (docs/rules.md#rules-end-of-stock).
    last_red_three_ends_hand = True

    def permission_window(self, phase: str, drew_from: str | None, meld_actions: int) -> tuple[bool, str] | None:
        """When a player may ask "may I go out?": (whether now is such a time, the times in
        words), or None when nobody asks (docs/rules.md#rules-permission)."""
        timing = self.profile.permission_timing
        if timing == "after_draw_or_top_meld":
            return (phase == "play" and meld_actions == 0,
                    "right after drawing or taking the pile (after the top card's meld), before other melds")
        if timing == "after_draw_if_able":
            return (phase == "play" and drew_from == "stock" and meld_actions == 0,
                    "only after drawing from the stock, before any meld")
        if timing == "before_pile_or_meld":
            return (phase == "draw" or (drew_from == "stock" and meld_actions == 0),
                    "before taking the pile or melding")
        return None

    def may_go_out_discarding(self, card: Card) -> bool:
        """True when a player may go out by discarding ``card`` (any card in the classic game;
        docs/variants.md#variants-pennies-sevens)."""
        return True

    def kept_for_discard(self, hand: Sequence[Card]) -> int:
        """Cards a player going out may keep for the final discard: 1 (docs/rules.md#rules-going-out)."""
        return 1

    def discard_waits_for(self, card: Card) -> str | None:
        """The canasta kind a team needs before ``card`` may be discarded, or None (any card may
        be, in the classic game; docs/variants.md#variants-pennies-sevens)."""
        return None

    def twos_kept_for_deuce_meld(self, key: int, base: dict[int, list[Card]]) -> bool:
        """True when twos may not go onto meld ``key`` because the team's deuce meld (in
        ``base``) takes them (never in the classic game; docs/variants.md#variants-italian-deuce-melds)."""
        return False


    def meld_label(self, key: int, cards: Sequence[Card], by_rank: Callable[[int], str]) -> str:
        """How messages name a team meld: by its rank ('kings', from ``by_rank``), or a
        sequence by its suit and run (docs/rules.md#rules-melds-team)."""
        return by_rank(key)

    def stored_meld(self, team_melds: dict[int, list[Card]], cards: list[Card], key: int) -> tuple[int, list[Card]]:
        """The key and card order a meld given to a position is stored under: its rank here
        (docs/rules.md#rules-melds-team)."""
        return key, cards

    def extend_run(self, meld: list[Card], cards: Sequence[Card]) -> tuple[list[Card] | None, tuple[str, str] | None]:
        """Add ``cards`` to the run ``meld``: (the new meld, None) or (None, (code, message));
        classic melds are no runs (docs/variants.md#variants-brazilian-sequences)."""
        return None, ("meld_no_such_meld", gettext("{cards} cannot extend a run: melds here are by rank.").format(
            cards=format_cards(cards)))


    # --- hooks the readers ask (helper: consumers)
    #: Whether a card's suit decides which melds it joins (runs of one suit, docs/variants.md
    #: ``variants-brazilian-sequences``); otherwise its rank alone does (``rules-melds``), and
    #: melds are searched, named and described rank by rank.
    suits_matter = False
    #: Whether a player may ask "may I go out?" at the start of the turn, before drawing
    #: (``rules-permission``); otherwise only after drawing.
    may_ask_before_drawing = False
    #: Whether some discards are refused even from a hand free to discard anything (Pennies'
    #: sevens, ``variants-pennies-sevens``), so every discard goes through the full check.
    discards_restricted = False
    #: Whether the pile cards laid under the upcard lie face down until the pile is first
    #: taken (Italian, ``variants-italian-deal``).
    upcard_hides_cards_below = False

    #: The keys of the melds made of wild cards alone: none in the classic game; Italian's
    #: deuce melds (key 2, ``variants-italian-deuce-melds``) and Pennies' wild-card melds
    #: (key 0, ``variants-pennies-melds``). Plug-ins add theirs (a plain attribute here: move
    #: generation reads it at every turn).
    wild_card_meld_keys: frozenset[int] = frozenset()

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
            return pgettext("meld title", "Meld")
        if key == 0:
            return pgettext("meld title", "Wild cards")
        return rank_name(key, plural=True).capitalize()

    def the_meld(self, label: str) -> str:
        """A team meld named in a sentence, from its label (`Round.meld_label`): "the kings"."""
        return gettext("the {meld}").format(meld=label)

    def going_out_word(self, concealed: bool) -> str:
        """What going out is called: "going out" or "going out concealed" (``rules-going-out``)."""
        return gettext("going out concealed") if concealed else gettext("going out")

    def set_aside_mortos(self, stock: list[Card]) -> tuple[list[list[Card]] | None, list[Card]]:
        """(the mortos, the rest of the stock) from unseen cards: no mortos here."""
        return None, stock

    def stock_empty_rule(self, morto_waiting: bool) -> str:
        """What happens once the stock is empty (``rules-end-of-stock``), as the end of a sentence;
        ``morto_waiting``: a team's morto still waits (it becomes the stock)."""
        if morto_waiting:
            return gettext("a morto still waiting becomes the stock for the next draw (the drawing team's, if both "
                           "wait).")
        return gettext("from now on each player must take the discard pile when it is not frozen for the team and "
                       "its top card fits a team meld; a player who cannot (or may decline) ends the hand.")


    @property
    def extra_moves(self) -> frozenset[str]:
        """The moves beyond the classic ones that this game offers: ``"swap"`` (taking back a
        joker, docs/variants.md#variants-brazilian-joker-swap) and ``"redraw"`` (the first-turn
        redraw, docs/variants.md#variants-brazilian-turn)."""
        return frozenset(move for move, offered in (("swap", self.takes_back_jokers),
                                                     ("redraw", self.redraws_first_card)) if offered)

_PLUG_INS: list[tuple[type[ClassicRules], Callable[[Profile], bool]]] = []
_BUILT: dict[tuple[type[ClassicRules], ...], type[ClassicRules]] = {}
#: `rules_for`'s answers by profile value: one entry per distinct profile (a profile is frozen,
#: hashed and compared by its settings), so a program that unpickles thousands of rounds, each
#: with its own copy of the same profile, keeps one answer, not one per copy.
RULES_BY_PROFILE: dict[Profile, ClassicRules] = {}
#: The last answers by ``id(profile)``, each with its profile (kept alive, so no other object can
#: have that id while the entry exists): a look-up cheaper than comparing two equal profiles'
#: settings. At most `ID_CACHE_SIZE` entries, the oldest forgotten first.
RULES_BY_ID: dict[int, tuple[Profile, ClassicRules]] = {}
#: How many profile objects `RULES_BY_ID` remembers.
ID_CACHE_SIZE = 64
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
        forget_built_rules()
        return cls
    return register


def forget_built_rules() -> None:
    """Forget every class and answer `rules_for` built (after the registry changed): the next
    question builds them again."""
    global _LAST
    _BUILT.clear()
    RULES_BY_PROFILE.clear()
    RULES_BY_ID.clear()
    _LAST = (object(), cast(ClassicRules, None))
    for forget in _FORGETTERS:
        forget()


#: Called when a plug-in registers: callers that keep a `rules_for` answer forget it.
_FORGETTERS: list[Callable[[], None]] = []


def when_plug_ins_change(forget: Callable[[], None]) -> None:
    """Call ``forget()`` whenever a plug-in registers, so that a caller keeping a `rules_for`
    answer (move generation keeps the last one) asks again."""
    _FORGETTERS.append(forget)


def plug_ins(profile: Profile) -> tuple[Plug, ...]:
    """The plug-ins a profile uses, most specific first (the order of the built class)."""
    return tuple(cls for cls, applies in reversed(_PLUG_INS) if applies(profile))


def _registered_or(profile: Profile) -> Profile:
    """The registered profile equal to ``profile`` (so that the shared answer's ``profile`` is
    the registered object, whoever asked first), else ``profile`` itself."""
    try:
        registered = get_profile(profile.name)
    except (ProfileError, TypeError):
        return profile
    return registered if registered == profile else profile


def rules_for(profile: Profile) -> ClassicRules:
    """The hooks of ``profile``'s behaviour: `ClassicRules` with its plug-ins stacked on top.

    Built once per profile value (a profile is frozen): equal profiles, such as the copies
    that unpickled rounds carry, share one answer. Asking again is an identity test (the profile
    asked last) or a dictionary look-up.
    """
    global _LAST
    last = _LAST
    if last[0] is profile:
        return last[1]
    by_id = RULES_BY_ID.get(id(profile))
    if by_id is not None:
        _LAST = (profile, by_id[1])
        return by_id[1]
    rules = RULES_BY_PROFILE.get(profile)
    if rules is None:
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
        rules = RULES_BY_PROFILE[profile] = cls(_registered_or(profile))
    if len(RULES_BY_ID) >= ID_CACHE_SIZE:
        del RULES_BY_ID[next(iter(RULES_BY_ID))]  # the oldest
    RULES_BY_ID[id(profile)] = (profile, rules)
    _LAST = (profile, rules)
    return rules


# --- the classic family's options, plug-ins of the classic rules (registered here, first, so that
# every variant's plug-in stacks over them)
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

    def pile_reason_applies(self, code: str) -> bool:
        """The black-three freeze can arise here."""
        return code == "frozen_black_three" or super().pile_reason_applies(code)


@plug_in(lambda profile: profile.end_of_stock == "end_when_empty")
class EndWhenStockEmpty(ClassicRules):
    """The hand ends with the turn that empties the stock (``rules-end-of-stock``)."""

    hand_ends_when_stock_empties = True
    must_take_fitting_pile = False
    last_red_three_ends_hand = False

    def stock_empty_rule(self, morto_waiting: bool) -> str:
        """The hand ends when this turn ends."""
        return gettext("the hand ends when this turn ends.")


@plug_in(lambda profile: profile.dealt_red_threes == "first_turn")
class FirstTurnRedThrees(ClassicRules):
    """Dealt red threes go down at the start of their owner's first turn (``cardgames_io``,
    ``docs/rules.md#rules-dealt-red-threes``)."""

    def scored_hand_red_three_problem(self) -> str | None:
        """None: a dealt red three may still be in hand when the hand ends."""
        return None

    def open_the_pile(self, table: Table) -> None:
        """Turn the upcard; the dealt red threes wait for their owners' first turns."""
        self.turn_upcard(table)
