"""The Brazilian games' plug-ins, Canastra and Tranca (``docs/variants.md``, Brazilian games):
hooks for sequences (same-suit runs, `canasta_learn.variants.sequences`), the morto and batidas,
top-card takes, wild-card swaps and the first-turn redraw."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..core.actions import MeldGroup, Swap, TakePile
from ..core.cards import CARD_KEY, Card, format_cards
from ..core.counts import wild_cards_text
from ..core.events import Event
from ..core.i18n import gettext, ngettext, pgettext
from ..core.verdicts import Verdict
from .base import ClassicRules, Performer, PlanningOptions, Table, plug_in
from .sequences import (
    ACE_SET_KEY,
    FIRST_SEQUENCE_KEY,
    ace_set_problem,
    describe_run,
    extend_meld,
    is_sequence_key,
    sequence_kind,
    sequence_problem,
    sequence_title,
    stored_order,
    swap_joker,
)

#: The canasta kinds offered as choices, by canasta scheme (``variants-canastra-br-kinds``,
#: ``variants-tranca-kinds``).
_CANASTA_CHOICES = {"canastra": ("real", "limpa", "suja"), "tranca": ("limpa", "suja")}

__all__ = ["BrazilianCanastas", "FirstTurnRedraw", "JokerSwaps", "Morto", "NoUpcard", "PileOrEnd", "SequenceMelds",
           "TopCardTakes", "lay_run_meld", "new_sequence_key", "note_kind_change"]



def new_sequence_key(base: dict[int, list[Card]], changed: dict[int, list[Card]]) -> int:
    """The key of a team's new sequence: one above its highest sequence key, in ``base`` and
    ``changed`` (docs/variants.md#variants-brazilian-sequences).

    >>> new_sequence_key({}, {}), new_sequence_key({1: [], 101: []}, {102: []})
    (101, 103)
    """
    keys = [k for k in list(base) + list(changed) if k >= FIRST_SEQUENCE_KEY]
    return max(keys) + 1 if keys else FIRST_SEQUENCE_KEY


def note_kind_change(table: Table, rules: ClassicRules, seat: int, team: int, key: int, before: Sequence[str],
                     index: int) -> None:
    """Say when a team meld becomes a canastra or changes kind (real → suja...), from the team's
    canasta kinds ``before`` the change (docs/variants.md#variants-canastra-br-kinds)."""
    after = table.canasta_kinds(team)
    if sorted(before) == sorted(after):
        return
    meld = table.melds[team][key]
    kind = rules.canasta_kind(meld, key) if len(meld) >= table.profile.canasta_size else None
    label = table.meld_label(key, meld)
    if kind is None:
        message = gettext("{meld} is no longer a canasta (more than one wild card).").format(meld=label)
    else:
        message = gettext("{meld} is now a canastra {kind}.").format(meld=label, kind=kind.replace('_', ' '))
    table.events.append(Event("canasta_kind_changed", seat, tuple(meld), message, index, value=key))


def lay_run_meld(table: Table, rules: ClassicRules, perform: Performer, seat: int, key: int,
                 cards: Sequence[Card], final: list[Card], index: int) -> None:
    """Lay a new sequence or set of aces, or cards added to one (already out of the hand;
    ``final`` is the whole meld in its stored order), with its events
    (docs/variants.md#variants-brazilian-sequences)."""
    team = table.team_of(seat)
    melds = table.melds[team]
    name = table.seat_label(seat)
    before = table.canasta_kinds(team)
    label = table.meld_label(key, final)
    added = key in melds
    if not added:
        message = (gettext("{seat} melds {cards}: {meld} ({run}).").format(
            seat=name, cards=format_cards(cards), meld=label, run=describe_run(final)) if is_sequence_key(key)
            else gettext("{seat} melds {cards}: {meld}.").format(seat=name, cards=format_cards(cards), meld=label))
        table.events.append(Event("meld_new", seat, tuple(cards), message, index, value=key))
    else:
        table.events.append(Event("meld_added", seat, tuple(cards),
                                  gettext("{seat} adds {cards} to {meld}.").format(
                                      seat=name, cards=format_cards(cards), meld=label), index, value=key))
    melds[key] = list(final)
    note_kind_change(table, rules, seat, team, key, before, index)
    perform.record_meld(seat, team, key, cards, added)


@plug_in(lambda profile: profile.meld_family == "sequences")
class SequenceMelds(ClassicRules):
    """Melds are same-suit runs and sets of aces (`canasta_learn.variants.sequences`)."""

    canasta_word = "canastra"

    # --- hooks the engine performs with (helper: trim)
    def lay_groups(self, table: Table, perform: Performer, seat: int, groups: Sequence[MeldGroup],
                   index: int) -> None:
        """Each verified group goes onto the team's melds as they are after the groups before it
        (docs/variants.md#variants-brazilian-sequences)."""
        team = table.team_of(seat)
        hand = table.hands[seat]
        for group in groups:
            key, final = perform.place_in_run(team, group)
            for card in group.cards:
                hand.remove(card)
            lay_run_meld(table, self, perform, seat, key, group.cards, final, index)

    # --- hooks the rules ask (helper: rules-hooks)
    def meld_key(self, cards: Sequence[Card]) -> int | None:
        """A set of aces has key 1 and any other meld the first sequence key (101): a team's
        sequences get keys 101, 102, ... as they are laid
        (``docs/variants.md#variants-brazilian-sequences``); wild cards only, None."""
        natural = False
        for card in cards:  # a plain loop: the engine asks this very often
            if not card.is_wild:
                if card.rank != 1:
                    return FIRST_SEQUENCE_KEY
                natural = True
        return ACE_SET_KEY if natural else None

    def family_meld_verdict(self, cards: Sequence[Card], key: int | None,
                            added: Sequence[Card]) -> Verdict | None:
        """A same-suit sequence 4-A (``docs/variants.md#variants-brazilian-sequences``) or a set
        of aces (``docs/variants.md#variants-brazilian-ace-sets``), any number of wild cards."""
        profile = self.profile
        text = format_cards(cards)
        if key == ACE_SET_KEY:
            problem = ace_set_problem(cards)
        else:
            problem = sequence_problem(cards)
        if problem is None and len(cards) < profile.meld_min_size:
            problem = ("meld_too_few_cards",
                       ngettext("{cards} has {count} card; a new meld needs at least {minimum}.",
                                "{cards} has {count} cards; a new meld needs at least {minimum}.", len(cards)).format(
                           cards=text, count=len(cards), minimum=profile.meld_min_size))
        if problem is not None:
            code, message = problem
            if added:
                message = gettext("Adding {cards}: {problem}").format(cards=format_cards(added),
                                                                      problem=message[0].lower() + message[1:])
            return Verdict.refuse(code, message, cards=tuple(cards))
        values = profile.card_values
        value = wild = 0
        for card in cards:
            value += values[card.rank]
            if card.is_wild:
                wild += 1
        if key == ACE_SET_KEY:
            aces = len(cards) - wild
            ordered = list(cards)
            legal = gettext("{cards} is a legal set of aces (lavadeira, {aces}, {wilds}), worth {value} "
                            "points.").format(
                cards=text, aces=ngettext("{count} ace", "{count} aces", aces).format(count=aces),
                wilds=wild_cards_text(wild), value=value)
        else:
            ordered = stored_order(cards)
            legal = gettext("{cards} is a legal sequence, {title} ({run}), worth {value} points.").format(
                cards=text, title=sequence_title(ordered), run=describe_run(ordered), value=value)
        kind = self.canasta_kind(ordered, key or FIRST_SEQUENCE_KEY)
        extra = ""
        if kind is not None:
            extra = " " + gettext("It is a canastra {kind}.").format(kind=kind.replace('_', ' '))
        elif wild > 1:
            extra = " " + gettext("With more than one wild card it can never count as a canasta.")
        return Verdict.allow("meld_ok", legal + extra,
                             meld=tuple(ordered), value=value)

    def planning_options(self) -> PlanningOptions:
        """Sequences are not plain sets."""
        return replace(super().planning_options(), plain_sets=False)

    def meld_label(self, key: int, cards: Sequence[Card], by_rank: Callable[[int], str]) -> str:
        """'Hearts 4–10', 'Aces' (docs/variants.md#variants-brazilian-sequences)."""
        return sequence_title(cards, key)

    def stored_meld(self, team_melds: dict[int, list[Card]], cards: list[Card], key: int) -> tuple[int, list[Card]]:
        """A sequence gets the team's next run number and its rank order; the set of aces keeps
        its key (docs/variants.md#variants-brazilian-sequences)."""
        if key == ACE_SET_KEY:
            return key, cards
        return new_sequence_key(team_melds, {}), stored_order(cards)

    def extend_run(self, meld: list[Card], cards: Sequence[Card]) -> tuple[list[Card] | None, tuple[str, str] | None]:
        """Naturals at their places, wild cards filling gaps, a two moved to an end where the
        profile allows it (docs/variants.md#variants-canastra-br-two-end)."""
        return extend_meld(meld, cards, two_end_move=self.profile.two_end_move)

    # --- hooks the readers ask (helper: consumers)
    suits_matter = True

    @property
    def canasta_choices(self) -> tuple[str, ...]:
        """The canastra kinds of the game's scheme (``variants-canastra-br-kinds``)."""
        return _CANASTA_CHOICES.get(self.profile.canasta_scheme, super().canasta_choices)

    def canasta_bonus_fixed(self, kind: str) -> bool:
        """Never: a canastra's bonus depends on the team's other canastras
        (``variants-canastra-br-scoring``)."""
        return False

    def discard_key(self, card: Card) -> tuple[int, str]:
        """Rank and suit: a card's suit decides which runs it joins."""
        return (card.rank, card.suit)

    def meld_title(self, cards: Sequence[Card], key: int | None) -> str:
        """A run's suit and ranks ("Hearts Q–A"), or "Aces" for a set of aces."""
        return sequence_title(cards, key)

    def the_meld(self, label: str) -> str:
        """A run named in a sentence by its label alone: "Hearts 4–10"."""
        return label


@plug_in(lambda profile: profile.canasta_scheme != "classic")
class BrazilianCanastas(ClassicRules):
    """Canastra's real / de mil / limpa / suja and Tranca's limpa / suja canastas
    (``docs/variants.md#variants-canastra-br-kinds``, ``docs/variants.md#variants-tranca-kinds``)."""

    # --- hooks the rules ask (helper: rules-hooks)
    def canasta_kind(self, cards: Sequence[Card], key: int) -> str | None:
        """The kind `canasta_learn.variants.sequences.sequence_kind` gives under the game's scheme."""
        return sequence_kind(cards, key, self.profile.canasta_scheme, self.profile.canasta_size)


@plug_in(lambda profile: profile.morto_size > 0)
class Morto(ClassicRules):
    """Each team has a morto: set aside at the deal, picked up by the team's first batida, or
    turned into the stock when the stock runs out (docs/variants.md#variants-brazilian-morto)."""

    # --- hooks the engine asks (helper: round-split)
    has_morto = True
    concealed_going_out = False

    @property
    def morto_cards(self) -> int:
        """Cards in each team's morto: the profile's ``morto_size``."""
        return self.profile.morto_size

    # --- hooks the engine performs with (helper: trim)
    def morto_text(self, table: Table, team: int) -> str:
        """'waiting, 11 cards face down', 'taken by S', 'became the stock (not taken)', or 'none'
        (a position given without one; docs/variants.md#variants-brazilian-morto)."""
        state = table.morto_state[team]
        if state == "waiting":
            return gettext("waiting, {count} cards face down").format(count=len(table.mortos[team]))
        if state == "taken":
            taker = table.morto_taker[team]
            if taker is None:
                return gettext("taken")
            return gettext("taken by {seat}").format(seat=table.seat_label(taker))
        if state == "stock":
            return gettext("became the stock (not taken)")
        return pgettext("morto", "none")

    # --- hooks the rules ask (helper: rules-hooks)
    def going_out_score(self, concealed: bool) -> tuple[str, int]:
        """The batida ending the hand earns the going-out bonus, concealed or not
        (``docs/variants.md#variants-brazilian-scoring``)."""
        return pgettext("score line", "Batida ending the hand"), self.profile.going_out_bonus

    # --- hooks the readers ask (helper: consumers)
    def going_out_word(self, concealed: bool) -> str:
        """Going out is a batida."""
        return "batida"

    def set_aside_mortos(self, stock: list[Card]) -> tuple[list[list[Card]] | None, list[Card]]:
        """One morto per team from the front of the unseen cards, and the rest."""
        size = self.profile.morto_size
        teams = self.profile.team_count
        return [stock[t * size:(t + 1) * size] for t in range(teams)], stock[teams * size:]

    # --- hooks the engine asks (helper: round-split)

    def set_aside(self, table: Table) -> None:
        """Deal each team's morto after the hands (docs/variants.md#variants-brazilian-deal)."""
        super().set_aside(table)
        size = self.profile.morto_size
        for team in range(self.profile.team_count):
            table.mortos[team] = [table.stock.pop() for _ in range(size)]

    def stock_ran_out(self, table: Table, seat: int, action_index: int) -> None:
        """A remaining morto becomes the stock (the drawing player's team's one when both
        remain); that team can no longer take a morto (docs/variants.md#variants-brazilian-stock)."""
        waiting = [t for t in range(self.profile.team_count) if table.morto_available(t)]
        if not waiting:
            return
        team = table.team_of(seat) if table.team_of(seat) in waiting else waiting[0]
        table.stock = list(reversed(table.mortos[team]))
        table.mortos[team] = []
        table.morto_state[team] = "stock"
        label = "-".join(table.seat_label(s, "letter") for s in range(table.player_count) if table.team_of(s) == team)
        table.events.append(Event("morto_to_stock", seat, (),
                                  gettext("The stock is empty: team {team}'s morto ({count} cards) becomes the "
                                          "stock, and that team can no longer take a morto.").format(
                                      team=label, count=len(table.stock)), action_index))

    def run_out_of_cards(self, table: Table, seat: int, action_index: int, direct: bool) -> bool:
        """A team's first batida: the player picks up the team's morto (red threes in it are
        laid down and replaced from the stock) and play goes on (docs/variants.md#variants-brazilian-morto)."""
        team = table.team_of(seat)
        if not table.morto_available(team):
            return super().run_out_of_cards(table, seat, action_index, direct)
        morto = table.mortos[team]
        table.mortos[team] = []
        table.morto_state[team] = "taken"
        table.morto_taker[team] = seat
        table.hands[seat].extend(morto)
        table.hands[seat].sort(key=CARD_KEY)
        message = (gettext("{seat} runs out of cards (batida direta: every card melded, so the player takes the "
                           "morto and goes on playing without drawing; {count} cards).") if direct else
                   gettext("{seat} runs out of cards (batida indireta: the last card discarded, so the player takes "
                           "the morto and the turn passes; {count} cards)."))
        table.events.append(Event("morto_taken", seat, (),
                                  message.format(seat=table.seat_label(seat), count=len(morto)),
                                  action_index))
        table.lay_red_threes(seat, action_index)
        return True


@plug_in(lambda profile: profile.pile_take_rule == "top_card_only")
class TopCardTakes(ClassicRules):
    """The top card alone goes into a meld at once, the rest joins the hand for the next turn;
    the pile never freezes (docs/variants.md#variants-brazilian-pile)."""

    # --- hooks the engine asks (helper: round-split)
    takes_top_card_alone = True

    # --- hooks the engine performs with (helper: trim)
    def take_pile(self, table: Table, perform: Performer, action: TakePile, index: int) -> None:
        """The top card goes into a team meld at once (with ``action.cards``, onto the named meld,
        or else onto the first meld it fits), the rest of the pile joins the hand, meldable from the
        next turn (docs/variants.md#variants-brazilian-pile)."""
        seat = action.seat
        team = table.team_of(seat)
        hand = table.hands[seat]
        top = table.pile[-1]
        target = action.target
        if target is None and not action.cards:
            target = next(k for k in sorted(table.melds[team]) if perform.fits_run(team, MeldGroup((top,), k)))
        key, final = perform.place_in_run(team, MeldGroup((top,) + action.cards, target))
        table.pile.pop()
        for card in action.cards:
            hand.remove(card)
        lay_run_meld(table, self, perform, seat, key, (top,) + action.cards, final, index)
        rest, picked, _threes = perform.pick_up_pile(seat)
        perform.lock_until_next_turn(picked)
        table.events.append(Event("pile_taken", seat, tuple(rest),
                                  (gettext("{seat} takes the pile: {top} goes down at once, {joined} (meldable "
                                           "from the next turn).") if picked else
                                   gettext("{seat} takes the pile: {top} goes down at once, {joined}.")).format(
                                      seat=table.seat_label(seat), top=top, joined=perform.joined_text(len(picked))),
                                  index))
        perform.lay_groups(seat, action.extra_melds, index)
        perform.pile_taken(seat, index)

    # --- hooks the rules ask (helper: rules-hooks)
    def pile_freeze_reason(self, pile: Sequence[Card]) -> tuple[str, Card | None] | None:
        """Never frozen, whatever lies in it."""
        return "never_frozen", None


@plug_in(lambda profile: profile.upcard_rule == "none")
class NoUpcard(ClassicRules):
    """No upcard: the first player draws from the stock (docs/variants.md#variants-brazilian-deal)."""

    # --- hooks the engine asks (helper: round-split)
    def turn_upcard(self, table: Table) -> None:
        """Nothing is turned up (docs/variants.md#variants-brazilian-deal)."""


@plug_in(lambda profile: profile.end_of_stock == "pile_or_end")
class PileOrEnd(ClassicRules):
    """The stock empty, the next player takes the pile or the hand ends; no take is compulsory
    (docs/variants.md#variants-brazilian-stock)."""

    # --- hooks the engine asks (helper: round-split)
    #: Play goes on with the pile (docs/variants.md#variants-brazilian-stock).
    hand_ends_when_stock_empties = False
    #: No take is compulsory (docs/variants.md#variants-brazilian-stock).
    must_take_fitting_pile = False
    #: A last red three does not end the hand at once (docs/variants.md#variants-brazilian-stock).
    last_red_three_ends_hand = False

    # --- hooks the readers ask (helper: consumers)
    def stock_empty_rule(self, morto_waiting: bool) -> str:
        """Take the pile or end the hand, once no morto waits."""
        if morto_waiting:
            return super().stock_empty_rule(morto_waiting)
        return gettext("from now on each player may take the discard pile or end the hand.")


@plug_in(lambda profile: profile.first_turn_redraw)
class FirstTurnRedraw(ClassicRules):
    """The first player may discard the card drawn and draw again, once
    (docs/variants.md#variants-brazilian-turn)."""

    # --- hooks the engine asks (helper: round-split)
    redraws_first_card = True

    # --- hooks the engine performs with (helper: trim)
    def redraw(self, table: Table, perform: Performer, seat: int, index: int) -> None:
        """The card just drawn starts the pile and ``seat`` draws again
        (docs/variants.md#variants-brazilian-turn)."""
        card = table.turn_drawn[0]
        table.hands[seat].remove(card)
        table.pile.append(card)
        table.events.append(Event("redraw", seat, (card,),
                                  gettext("{seat} discards the drawn card {card} (first turn of the "
                                          "hand) and draws again.").format(seat=table.seat_label(seat), card=card),
                                  index))
        perform.draw(seat, index)
        perform.forget_drawn()


@plug_in(lambda profile: 0 in profile.swappable_wilds)
class JokerSwaps(ClassicRules):
    """A joker on a team meld may be taken back with the natural it stands for
    (docs/variants.md#variants-brazilian-joker-swap)."""

    # --- hooks the engine asks (helper: round-split)
    takes_back_jokers = True

    # --- hooks the engine performs with (helper: trim)
    def swap_joker(self, table: Table, perform: Performer, action: Swap, index: int) -> None:
        """``action.card`` takes the place of the joker it stands for, the joker goes into the hand
        (docs/variants.md#variants-brazilian-joker-swap)."""
        seat = action.seat
        team = table.team_of(seat)
        result = swap_joker(table.melds[team][action.target], action.card, action.target == ACE_SET_KEY)
        assert not isinstance(result, str)
        meld, joker = result
        before = table.canasta_kinds(team)
        table.melds[team][action.target] = meld
        hand = table.hands[seat]
        hand.remove(action.card)
        hand.append(joker)
        hand.sort(key=CARD_KEY)
        table.has_melded[seat] = True
        table.events.append(Event("joker_swapped", seat, (action.card, joker),
                                  gettext("{seat} puts {card} in place of the joker in "
                                          "{meld} and takes the joker into hand.").format(
                                      seat=table.seat_label(seat), card=action.card,
                                      meld=table.meld_label(action.target, meld)), index,
                                  value=action.target))
        note_kind_change(table, self, seat, team, action.target, before, index)
