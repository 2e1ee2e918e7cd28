"""The discard pile: its state, and every check on taking it (docs/rules.md#rules-pile-blocked to
#rules-pile-one-card; docs/variants.md#variants-brazilian-pile).

This module owns the pile's state (`pile_status`: empty, open, frozen or blocked for a team, and
why, in `PILE_REASONS`, decided by `take_status`, which move generation uses as it is, its
message made only when read; the frozen-pile rule lives here and nowhere else,
docs/rules.md#rules-pile-frozen) and the take checks: the turn and a blocked pile
(`take_basics_problem`, docs/rules.md#rules-pile-blocked), the frozen pile's natural pair, the
top card's meld, the opening and going out with the pile (`take_action_problem`, `take_problem`,
docs/rules.md#rules-pile-take-open, #rules-pile-take-frozen, #rules-pile-top-first,
#rules-pile-one-card), the Brazilian top-card take (`take_top_card_problem`,
docs/variants.md#variants-brazilian-pile), the compulsory take at the end of the stock
(`must_take`, docs/rules.md#rules-end-of-stock), the cards a take adds to the hand
(`pile_pick_up_count`, `joined_text`) and the verdict on a legal take (`take_verdict`). Each
check takes the round (`RoundState`) and returns a `Problem` or None.

>>> pile_status(parse_cards("h9 d2 s5"), get_profile(), team_opened=True).state
'frozen'
>>> pile_status(parse_cards("h9 s3"), get_profile(), team_opened=True).code
'blocked_black_three'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.actions import narrates, seat_label
from ..core.cards import Card, parse_cards  # noqa: F401  (parse_cards: doctests)
from ..core.i18n import gettext, ngettext, pgettext
from ..profiles import Profile, get_profile  # noqa: F401  (get_profile: doctests)
from ..variants import ClassicRules, rules_for

__all__ = ["PILE_REASONS", "PILE_STATES", "DeferredPileStatus", "PileStatus", "joined_text", "pile_reason_text",
           "pile_status", "state_word", "take_status"]

PILE_STATES = ("empty", "open", "frozen", "blocked")


def state_word(state: str) -> str:
    """A pile state (`PILE_STATES`) in words, in the language spoken now: in English the state
    itself ('frozen'), in Portuguese 'congelada' (docs/rules.md#rules-pile); any other text is
    given as it is.

    >>> state_word("blocked")
    'blocked'
    """
    if state == "open":
        return pgettext("pile state", "open")
    if state == "frozen":
        return pgettext("pile state", "frozen")
    if state == "blocked":
        return pgettext("pile state", "blocked")
    if state == "empty":
        return pgettext("pile state", "empty")
    return state

#: Reason codes of a pile status, with their meaning.
PILE_REASONS = {
    "empty": "There is no discard pile to take.",
    "open": "The pile is neither frozen nor blocked.",
    "blocked_black_three": "A black three is on top: nobody may take the pile.",
    "blocked_wild": "A wild card is on top: nobody may take the pile.",
    "frozen_wild": "A wild card is buried in the pile: it is frozen for everyone.",
    "frozen_red_three": "A red three (turned up at the deal) is in the pile: it is frozen.",
    "frozen_black_three": "A buried black three freezes the pile (this profile).",
    "frozen_not_opened": "The team has not made its opening meld: the pile is frozen for it.",
    "frozen_always": "In this profile the pile is always frozen.",
}


def pile_reason_text(code: str) -> str:
    """The meaning of a pile status's reason code (`PILE_REASONS`), in the language spoken now
    (a quiz offers these sentences as answers); a KeyError for a code that is not listed.

    >>> pile_reason_text("frozen_always") == PILE_REASONS["frozen_always"]
    True
    """
    english = PILE_REASONS[code]
    meanings = {
        "empty": gettext("There is no discard pile to take."),
        "open": gettext("The pile is neither frozen nor blocked."),
        "blocked_black_three": gettext("A black three is on top: nobody may take the pile."),
        "blocked_wild": gettext("A wild card is on top: nobody may take the pile."),
        "frozen_wild": gettext("A wild card is buried in the pile: it is frozen for everyone."),
        "frozen_red_three": gettext("A red three (turned up at the deal) is in the pile: it is frozen."),
        "frozen_black_three": gettext("A buried black three freezes the pile (this profile)."),
        "frozen_not_opened": gettext("The team has not made its opening meld: the pile is frozen for it."),
        "frozen_always": gettext("In this profile the pile is always frozen."),
    }
    return meanings.get(code, english)


@dataclass(frozen=True)
class PileStatus:
    """A pile's state for one team, with the reason and the cards responsible.

    ``facts`` holds what the message states, as data a test can check: ``"top"`` (the top
    card), ``"pile_cards"`` (cards it says lie in the pile), ``"team_meld_ranks"`` (ranks of
    team melds it says exist) and ``"opened"`` (when it says whether the team has opened).
    """

    state: str
    code: str
    message: str
    cards: tuple[Card, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def frozen(self) -> bool:
        """True when the pile is frozen (taking it needs a natural pair)."""
        return self.state == "frozen"

    @property
    def state_word(self) -> str:
        """The state in words, in the language spoken now (`state_word`): 'frozen', 'congelada'."""
        return state_word(self.state)

    def __str__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        from ..render import pile_status_html

        return pile_status_html(self)


def pile_status(pile: Sequence[Card], profile: Profile, *, team_opened: bool,
                team_ranks: Collection[int] | None = None, rules: ClassicRules | None = None,
                seat: int | None = None) -> PileStatus:
    """The state of ``pile`` (bottom to top) for a team that has or has not opened
    (``docs/rules.md#rules-pile-blocked``, ``docs/rules.md#rules-pile-frozen``; why a pile is
    frozen for everyone is the hook `ClassicRules.pile_freeze_reason`, which the variants change:
    ``docs/variants.md#variants-italian-pile``, ``docs/variants.md#variants-brazilian-pile``).

    ``team_ranks`` (the ranks of the team's open melds) lets an open pile's message name the
    team meld the top card could go onto only when that meld exists; without it the message
    says "if it has one". ``rules``: the profile's hooks when the caller holds them (a round's
    ``rules``), so they are not looked up again. ``seat``: the player the status is told of, when
    a narrator tells it (`canasta_learn.core.actions.narrates`: "so North needs a natural pair").

    >>> print(pile_status(parse_cards("s5 h6"), get_profile(), team_opened=True, team_ranks=[13]).message)
    ... # doctest: +NORMALIZE_WHITESPACE
    The pile is open: its top card h6 can be taken with a natural pair or a six and a wild card
    (your team has no meld of sixes).
    """
    status = take_status(pile, profile, team_opened=team_opened, team_ranks=team_ranks, rules=rules, seat=seat)
    return PileStatus(status.state, status.code, status.message, status.cards, status.facts)


class DeferredPileStatus:
    """A pile's status as the take checks read it (`rules.state.PileStatusLike`): its state,
    code, cards and facts at once, its message (the `PileStatus` message) made only when read,
    in the language spoken then. Move generation judges every take with one and reads no
    message (`take_status`)."""

    __slots__ = ("_make", "cards", "code", "facts", "state")

    def __init__(self, state: str, code: str, make: Callable[[], str], cards: tuple[Card, ...] = (),
                 facts: dict[str, Any] | None = None) -> None:
        self.state = state
        self.code = code
        self._make = make
        self.cards = cards
        self.facts: dict[str, Any] = {} if facts is None else facts

    @property
    def message(self) -> str:
        """The status in words, as `pile_status` says it."""
        return self._make()


def take_status(pile: Sequence[Card], profile: Profile, *, team_opened: bool,
                team_ranks: Collection[int] | None = None, rules: ClassicRules | None = None,
                seat: int | None = None) -> DeferredPileStatus:
    """`pile_status` with its message made only when read (`DeferredPileStatus`): the one place
    the pile's state is decided, for the take checks of move generation, which never read it."""
    def told() -> bool:  # told of ``seat`` by a narrator (the replay), not said to "you"
        return narrates(seat)

    def who() -> str:
        assert seat is not None
        return seat_label(seat, profile.player_count)

    if not pile:
        return DeferredPileStatus("empty", "empty", lambda: gettext("The discard pile is empty."))
    top = pile[-1]
    if top.is_black_three:
        return DeferredPileStatus(
            "blocked", "blocked_black_three",
            lambda: gettext("The pile is blocked: a black three ({card}) is on top, so nobody may take "
                            "it this turn. Draw from the stock.").format(card=top),
            (top,), {"top": top, "pile_cards": (top,)})
    if top.is_wild:
        return DeferredPileStatus(
            "blocked", "blocked_wild",
            lambda: gettext("The pile is blocked: a wild card ({card}) is on top, so nobody may take "
                            "it. Draw from the stock.").format(card=top),
            (top,), {"top": top, "pile_cards": (top,)})
    reason = (rules or rules_for(profile)).pile_freeze_reason(pile)
    if reason is None:
        pass
    elif reason[0] == "never_frozen":
        return DeferredPileStatus(
            "open", "open",
            lambda: (gettext("The pile is open (it never freezes in the {profile} profile): its top card "
                             "{top} must go into one of {seat}'s team's melds at once, with cards from the hand "
                             "or onto a meld; the other cards join the hand and may be melded from the next "
                             "turn on.").format(profile=profile.name, top=top, seat=who()) if told() else
                     gettext("The pile is open (it never freezes in the {profile} profile): its top card "
                             "{top} must go into one of your team's melds at once, with cards from your hand "
                             "or onto a meld; the other cards join your hand and may be melded from your next "
                             "turn.").format(profile=profile.name, top=top)), (),
            {"top": top, "pile_cards": (top,)})
    elif reason[0] == "frozen_always":
        return DeferredPileStatus(
            "frozen", "frozen_always",
            lambda: (gettext("In the {profile} profile the pile is always frozen: {seat} needs a "
                             "natural pair of {ranks} from the hand to take it.").format(
                profile=profile.name, ranks=top.rank_plural, seat=who()) if told() else
                gettext("In the {profile} profile the pile is always frozen: you need a "
                        "natural pair of {ranks} from your hand to take it.").format(
                profile=profile.name, ranks=top.rank_plural)))
    else:
        code, card = reason
        if code == "frozen_wild":
            def text() -> str:
                if told():
                    return gettext("The pile is frozen: a wild card ({card}) is buried in it, so {seat} needs "
                                   "a natural pair of {ranks} from the hand to take it.").format(
                        card=card, ranks=top.rank_plural, seat=who())
                return gettext("The pile is frozen: a wild card ({card}) is buried in it, so you need "
                               "a natural pair of {ranks} from your hand to take it.").format(
                    card=card, ranks=top.rank_plural)
        elif code == "frozen_red_three":
            def text() -> str:
                if told():
                    return gettext("The pile is frozen: a red three ({card}) turned up at the deal lies in "
                                   "it, so {seat} needs a natural pair of {ranks} from the hand.").format(
                        card=card, ranks=top.rank_plural, seat=who())
                return gettext("The pile is frozen: a red three ({card}) turned up at the deal lies in "
                               "it, so you need a natural pair of {ranks} from your hand.").format(
                    card=card, ranks=top.rank_plural)
        else:  # frozen_black_three
            def text() -> str:
                if told():
                    return gettext("The pile is frozen: a black three ({card}) is buried in it "
                                   "({profile} profile), so {seat} needs a natural pair of "
                                   "{ranks} from the hand.").format(card=card, profile=profile.name,
                                                                    ranks=top.rank_plural, seat=who())
                return gettext("The pile is frozen: a black three ({card}) is buried in it "
                               "({profile} profile), so you need a natural pair of "
                               "{ranks} from your hand.").format(card=card, profile=profile.name,
                                                                 ranks=top.rank_plural)
        return DeferredPileStatus("frozen", code, text, (card,) if card is not None else (),
                                  {"pile_cards": (card,)} if card is not None else {})
    if not team_opened:
        return DeferredPileStatus(
            "frozen", "frozen_not_opened",
            lambda: (gettext("The pile is frozen for {seat}'s team because it has not made its opening "
                             "meld yet: {seat} needs a natural pair of {ranks} from the hand, "
                             "and melds worth the opening minimum.").format(ranks=top.rank_plural, seat=who())
                     if told() else
                     gettext("The pile is frozen for your team because it has not made its opening "
                             "meld yet: you need a natural pair of {ranks} from your hand, "
                             "and melds worth the opening minimum.").format(ranks=top.rank_plural)),
            (), {"opened": False})
    if team_ranks is None:
        return DeferredPileStatus("open", "open", _open_text(
            top,
            lambda: gettext("The pile is open: its top card {top} can be taken with a natural pair, an {rank} and a "
                            "wild card, or onto the team's meld of {ranks} if it has one.") if told() else
            gettext("The pile is open: its top card {top} can be taken with a natural pair, an {rank} and a "
                    "wild card, or onto your team's meld of {ranks} if it has one."),
            lambda: gettext("The pile is open: its top card {top} can be taken with a natural pair, a {rank} and a "
                            "wild card, or onto the team's meld of {ranks} if it has one.") if told() else
            gettext("The pile is open: its top card {top} can be taken with a natural pair, a {rank} and a "
                    "wild card, or onto your team's meld of {ranks} if it has one.")),
            (), {"top": top, "pile_cards": (top,)})
    if top.rank in team_ranks:
        return DeferredPileStatus("open", "open", _open_text(
            top,
            lambda: gettext("The pile is open: its top card {top} can be taken with a natural pair, an {rank} and a "
                            "wild card, or onto the team's meld of {ranks}.") if told() else
            gettext("The pile is open: its top card {top} can be taken with a natural pair, an {rank} and a "
                    "wild card, or onto your team's meld of {ranks}."),
            lambda: gettext("The pile is open: its top card {top} can be taken with a natural pair, a {rank} and a "
                            "wild card, or onto the team's meld of {ranks}.") if told() else
            gettext("The pile is open: its top card {top} can be taken with a natural pair, a {rank} and a "
                    "wild card, or onto your team's meld of {ranks}.")),
            (), {"top": top, "pile_cards": (top,), "team_meld_ranks": (top.rank,)})
    return DeferredPileStatus("open", "open", _open_text(
        top,
        lambda: gettext("The pile is open: its top card {top} can be taken with a natural pair or an {rank} and a "
                        "wild card (the team has no meld of {ranks}).") if told() else
        gettext("The pile is open: its top card {top} can be taken with a natural pair or an {rank} and a "
                "wild card (your team has no meld of {ranks})."),
        lambda: gettext("The pile is open: its top card {top} can be taken with a natural pair or a {rank} and a "
                        "wild card (the team has no meld of {ranks}).") if told() else
        gettext("The pile is open: its top card {top} can be taken with a natural pair or a {rank} and a "
                "wild card (your team has no meld of {ranks}).")),
        (), {"top": top, "pile_cards": (top,), "team_meld_ranks": (), "no_team_meld_ranks": (top.rank,)})


def _open_text(top: Card, with_an: Callable[[], str], with_a: Callable[[], str]) -> Callable[[], str]:
    """The open pile's sentence about ``top``, made when read: the template with "an" before a
    rank sounding with a vowel ("an ace"), else the one with "a" (English needs both)."""
    def make() -> str:
        singular = top.rank_singular
        template = with_an() if singular[0] in "aeiou" else with_a()
        return template.format(top=top, rank=singular, ranks=top.rank_plural)

    return make


def joined_text(count: int) -> str:
    """How many of the pile's other cards join the taker's hand, as the pile-taken sentence says
    it (docs/rules.md#rules-pile-top-first).

    >>> joined_text(2), joined_text(1), joined_text(0)
    ('2 cards join the hand', '1 card joins the hand', 'no other card joins the hand')
    """
    if count == 0:
        return gettext("no other card joins the hand")
    return ngettext("{count} card joins the hand", "{count} cards join the hand", count).format(count=count)



# --- every take check (helper: round-split): the turn, a blocked pile, the frozen pile's natural
# pair, the top card's meld, the opening and going out with the pile (docs/rules.md#rules-pile-take-open)

from ..core.actions import MeldGroup, TakePile, speaks_to  # noqa: E402  (the take checks' imports, apart from pile_status's)
from ..core.cards import command_cards, format_cards  # noqa: E402
from ..core.verdicts import Advice, Verdict, advice_words  # noqa: E402
from ..variants.sequences import suit_name  # noqa: E402
from .going_out import go_out_problem, still_go_out_problem  # noqa: E402
from .meld_groups import apply_groups, kinds_with, reserve_after, sequence_group_problem  # noqa: E402
from .melds import cards_value  # noqa: E402
from .opening import opening_problem  # noqa: E402
from .state import PileStatusLike, Problem, RoundState  # noqa: E402
from .turn import hand_problem, turn_problem  # noqa: E402

__all__ += ["must_take", "pile_pick_up_count", "take_action_problem", "take_basics_problem", "take_problem",
            "take_top_card_problem", "take_verdict"]

def pile_pick_up_count(rnd: RoundState) -> int:
    """Cards a pile take adds to the hand: those below the top card, red threes apart
    (they are laid down). (docs/rules.md#rules-pile-top-first)"""
    count = 0
    for card in rnd.pile:
        if not card.is_red_three:
            count += 1
    return count - (1 if rnd.pile and not rnd.pile[-1].is_red_three else 0)


def take_basics_problem(rnd: RoundState, seat: int, cards: Sequence[Card], extra: Sequence[MeldGroup],
                        status: PileStatusLike) -> Problem | None:
    """What every pile rule checks first: the turn, an empty or blocked pile, the cards in hand.
    (docs/rules.md#rules-pile-blocked)"""
    problem = turn_problem(rnd, seat, "draw")
    if problem:
        return problem
    if not rnd.pile:
        return Problem("pile_empty", lambda: gettext("The discard pile is empty: draw from the stock."))
    if status.state == "blocked":
        return Problem("pile_" + status.code, lambda: status.message, status.cards, status.facts)
    return hand_problem(rnd, seat, list(cards) + [c for g in extra for c in g.cards])


def take_action_problem(rnd: RoundState, action: TakePile) -> Problem | None:
    """Check a pile-take action: a meld number is named only where the top card alone goes down
    (docs/variants.md#variants-brazilian-pile; elsewhere it goes onto the team's meld of its rank,
    docs/rules.md#rules-pile-top-first), then `take_problem`."""
    if action.target is not None and not rnd.rules.takes_top_card_alone:
        number_advice = Advice("take_without_meld_number", {"profile": rnd.profile.name})

        def no_meld_number() -> str:
            if narrates(action.seat):
                return gettext("In the {profile} profile the top card goes onto the team's meld of its rank, "
                               "never onto a meld named by number.").format(profile=rnd.profile.name)
            return gettext("In the {profile} profile the top card goes onto the team's meld of its rank: "
                           "{advice}.").format(profile=rnd.profile.name, advice=advice_words(
                number_advice, lambda: gettext("write 'take' without a meld number")))
        return Problem("meld_no_such_meld", no_meld_number, advice=number_advice)
    return take_problem(rnd, action.seat, action.cards, action.extra_melds, action.target)


def take_problem(rnd: RoundState, seat: int, cards: Sequence[Card], extra: Sequence[MeldGroup],
                 target: int | None = None, status: PileStatusLike | None = None) -> Problem | None:
    """Check a pile take (``status``: the pile's status for the seat's team, when known).
    (docs/rules.md#rules-pile-take-open; the frozen pile's natural pair, docs/rules.md#rules-pile-take-frozen)"""
    if status is None:
        status = rnd.pile_status(seat)
    if rnd.rules.takes_top_card_alone:
        return take_top_card_problem(rnd, seat, cards, extra, target, status)
    problem = take_basics_problem(rnd, seat, cards, extra, status)
    if problem:
        return problem
    prof = rnd.profile
    team = rnd.team_of(seat)
    extra_cards = [c for g in extra for c in g.cards]
    hand = rnd.hands[seat]
    if prof.one_card_pile_ban and len(hand) == 1 and len(rnd.pile) == 1:
        return Problem("pile_one_card_ban", lambda: (gettext(
            "You hold one card and the pile has one card: in the {profile} "
            "profile a player holding one card may not take a pile of one card. Draw instead.")
            if speaks_to(seat) else gettext(
            "{seat} holds one card and the pile has one card: in the {profile} "
            "profile a player holding one card may not take a pile of one card. Draw instead.")).format(
            seat=rnd.seat_label(seat), profile=prof.name))
    top = rnd.pile[-1]
    rank = top.rank
    team_melds = rnd.melds[team]
    naturals = [c for c in cards if not c.is_wild]
    wrong = [c for c in naturals if c.rank != rank]
    if wrong:
        return Problem("pile_no_meld_for_top_card", lambda: gettext(
            "{cards} cannot be melded with the top card {top}: only {ranks} and wild cards can.").format(
            cards=format_cards(wrong), top=top, ranks=top.rank_plural), tuple(wrong))
    if status.state == "frozen" and len(naturals) < 2:
        held = [c for c in hand if c.rank == rank]
        pair_advice = Advice("take_with_pair", {"pair": tuple(held[:2])}) if len(held) >= 2 else None

        def frozen_message() -> str:
            parts = [status.message]
            if narrates(seat):  # told of a player (the replay): what the hand holds, no advice to type
                return " ".join(parts + frozen_told())
            if pair_advice is not None:  # a natural pair of the top card's rank is held
                pair = format_cards(held[:2])
                advice = advice_words(pair_advice, lambda: gettext("take the pile with it ('take {pair}')").format(
                    pair=command_cards(held[:2])))
                if cards:
                    parts.append(gettext("You named {cards}, but you hold the natural pair {pair}: {advice}.").format(
                        cards=format_cards(cards), pair=pair, advice=advice))
                else:
                    parts.append(gettext("You named no cards, but you hold the natural pair {pair}: {advice}.").format(
                        pair=pair, advice=advice))
                return " ".join(parts)
            if held:
                parts.append(ngettext("You hold only {count} {ranks} ({cards}).",  # the rank's name carries the number
                                      "You hold only {count} {ranks} ({cards}).", len(held)).format(
                    count=len(held), ranks=top.rank_singular if len(held) == 1 else top.rank_plural,
                    cards=format_cards(held)))
            else:
                parts.append(gettext("You hold no {ranks}.").format(ranks=top.rank_plural))
            if any(c.is_wild for c in hand):
                parts.append(gettext("A wild card cannot stand in for the pair."))
            if rank in team_melds:
                parts.append(gettext("Your team's meld of {ranks} does not help while the pile is frozen.").format(
                    ranks=top.rank_plural))
            parts.append(gettext("Draw from the stock instead."))
            return " ".join(parts)

        def frozen_told() -> list[str]:
            name = rnd.seat_label(seat)
            if len(held) >= 2:
                pair = format_cards(held[:2])
                return [gettext("{seat} named {cards}, but holds the natural pair {pair}, which could take the "
                                "pile.").format(seat=name, cards=format_cards(cards), pair=pair) if cards else
                        gettext("{seat} named no cards, but holds the natural pair {pair}, which could take the "
                                "pile.").format(seat=name, pair=pair)]
            told = [ngettext("{seat} holds only {count} {ranks} ({cards}).", "{seat} holds only {count} {ranks} "
                             "({cards}).", len(held)).format(
                seat=name, count=len(held), ranks=top.rank_singular if len(held) == 1 else top.rank_plural,
                cards=format_cards(held)) if held else
                gettext("{seat} holds no {ranks}.").format(seat=name, ranks=top.rank_plural)]
            if any(c.is_wild for c in hand):
                told.append(gettext("A wild card cannot stand in for the pair."))
            if rank in team_melds:
                told.append(gettext("The team's meld of {ranks} does not help while the pile is frozen.").format(
                    ranks=top.rank_plural))
            return told

        frozen_facts = {**status.facts, "seat": seat,
                        "hand_cards": tuple(held[:2]) if len(held) >= 2 else tuple(held),
                        "team_meld_ranks": (rank,) if len(held) < 2 and rank in team_melds else ()}
        return Problem("pile_frozen_needs_natural_pair", frozen_message, status.cards, frozen_facts, pair_advice)
    if not cards and rank not in team_melds:
        held = [c for c in hand if c.rank == rank]
        no_meld_facts = {"top": top, "no_team_meld_ranks": (rank,), "hand_cards": tuple(held[:2])}
        held_advice = Advice("take_with_held", {"cards": tuple(held), "pair": tuple(held[:2])}) if held else None

        def you_hold() -> str:
            """ "You hold h4 h4: name the cards, as in 'take h4 h4'." (the advice in the front end's words)"""
            if not held:
                return ""
            if narrates(seat):
                return " " + gettext("{seat} holds {cards}.").format(seat=rnd.seat_label(seat),
                                                                      cards=format_cards(held))
            assert held_advice is not None
            advice = advice_words(held_advice, lambda: gettext("name the cards, as in 'take {pair}'").format(
                pair=command_cards(held[:2])))
            return " " + gettext("You hold {cards}: {advice}.").format(cards=format_cards(held), advice=advice)
        if any(rnd.rules.meld_key(meld) == rank for meld in rnd.closed[team]):
            # a closed canasta takes no card (docs/variants.md#variants-pennies-melds): the top
            # card can only start a new meld of its rank
            return Problem("pile_no_meld_for_top_card", lambda: (gettext(
                "To take the pile, the top card {top} must go into a meld at once. The team's canasta "
                "of {ranks} is closed and takes no more cards, so only a new meld could take it: the top card "
                "with a natural pair of {ranks} or one {rank} and a wild card from the hand.") if narrates(seat)
                else gettext(
                "To take the pile, the top card {top} must go into a meld at once. Your team's canasta "
                "of {ranks} is closed and takes no more cards, so start a new meld: the top card with a "
                "natural pair of {ranks} or one {rank} and a wild card from your hand.")).format(
                top=top, ranks=top.rank_plural, rank=top.rank_singular) + you_hold(), (),
                {**no_meld_facts, "closed_canasta_ranks": (rank,)}, held_advice)
        return Problem("pile_no_meld_for_top_card", lambda: (gettext(
            "To take the pile, the top card {top} must go into a meld at once: with a natural pair "
            "of {ranks} or one {rank} and a wild card from the hand, or onto "
            "the team's meld of {ranks} (it has none).") if narrates(seat) else gettext(
            "To take the pile, the top card {top} must go into a meld at once: with a natural pair "
            "of {ranks} or one {rank} and a wild card from your hand, or onto "
            "your team's meld of {ranks} (it has none).")).format(top=top, ranks=top.rank_plural,
                                                                 rank=top.rank_singular)
            + you_hold(), (), no_meld_facts, held_advice)
    if cards and len(naturals) < 1 and rank not in team_melds:
        return Problem("pile_no_meld_for_top_card", lambda: (gettext(
            "The top card {top} needs a natural {rank} from the hand to form a meld "
            "with wild cards.") if narrates(seat) else gettext(
            "The top card {top} needs a natural {rank} from your hand to form a meld "
            "with wild cards.")).format(top=top, rank=top.rank_singular))
    # the top card's meld
    remaining_count = len(hand) - len(cards) - len(extra_cards)
    hand_after = remaining_count + pile_pick_up_count(rnd)
    going_out = hand_after <= 1
    top_group = MeldGroup((top,) + tuple(cards))
    changed, problem = apply_groups(rnd, team, [top_group], team_melds, going_out)
    if problem:
        return problem
    if extra:
        if rnd.opened[team]:
            return Problem("pile_extra_melds_need_opening", lambda: gettext(
                "Extra melds go with a pile take only to reach the opening minimum; your team has "
                "opened, so take the pile first, then meld."))
        base = dict(team_melds)
        base.update(changed)
        more, problem = apply_groups(rnd, team, extra, base, going_out)
        if problem:
            return problem
        if rank in more:
            return Problem("meld_same_rank_twice", lambda: gettext(
                "The top card's meld already holds the {ranks}; name them once.").format(ranks=top.rank_plural))
        changed.update(more)
    if going_out and reserve_after(rnd, seat, team, changed):
        going_out = False
    if going_out or rnd.permission == "yes":  # the hand after the take matters only then
        remaining = list(hand)
        for card in list(cards) + extra_cards:
            remaining.remove(card)
        remaining.extend(c for c in rnd.pile[:-1] if not c.is_red_three)
    if going_out:
        problem = go_out_problem(rnd, seat, kinds_with(rnd, team, changed))
        if problem:
            return problem
        if len(remaining) == 1 and not rnd.rules.may_go_out_discarding(remaining[0]):
            return Problem("go_out_discarding_seven", lambda: gettext(
                "This would leave only {card} to discard, but in the {profile} profile nobody "
                "may go out by discarding a seven.").format(card=remaining[0], profile=prof.name))
    elif rnd.permission == "yes":
        melds_after = dict(team_melds)
        melds_after.update(changed)
        kinds = kinds_with(rnd, team, changed)
        problem = still_go_out_problem(rnd, seat, remaining, melds_after, kinds)
        if problem:
            return problem
    if not rnd.opened[team]:
        put_down = [top] + list(cards) + extra_cards
        value = cards_value(put_down, prof)
        problem = opening_problem(rnd, seat, value, put_down, [], {}, going_out, take=True)
        if problem:
            return problem
    return None


def take_top_card_problem(rnd: RoundState, seat: int, cards: Sequence[Card], extra: Sequence[MeldGroup],
                          target: int | None, status: PileStatusLike) -> Problem | None:
    """Brazilian games: no freezing and no natural pair; the top card goes into a team meld
    at once (a new one with cards from hand, or onto ``target``), the rest joins the hand.
    (docs/variants.md#variants-brazilian-pile)"""
    problem = take_basics_problem(rnd, seat, cards, extra, status)
    if problem:
        return problem
    prof = rnd.profile
    team = rnd.team_of(seat)
    extra_cards = [c for g in extra for c in g.cards]
    top = rnd.pile[-1]
    team_melds = rnd.melds[team]
    if target is None and not cards:
        target = next((k for k in sorted(team_melds)
                       if not isinstance(sequence_group_problem(rnd, MeldGroup((top,), k), team_melds, {}),
                                         Problem)), None)
        if target is None:
            return Problem("pile_no_meld_for_top_card", lambda: (gettext(
                "To take the pile, the top card {top} must go into one of the team's melds at once, and "
                "none of them can take it: only cards from the hand that form a new meld with it "
                "(a sequence of {suit} or a set of aces) could take it.") if narrates(seat) else gettext(
                "To take the pile, the top card {top} must go into one of your team's melds at once, and "
                "none of them can take it: name cards from your hand that form a new meld with it "
                "(a sequence of {suit} or a set of aces).")).format(top=top, suit=suit_name(top.suit).lower()))
    top_group = MeldGroup((top,) + tuple(cards), target)
    changed, problem = apply_groups(rnd, team, [top_group], team_melds, False)
    if problem:
        inner = problem
        return Problem(inner.code if inner.code != "meld_no_such_meld" else "pile_no_meld_for_top_card",
                        lambda: gettext("The top card {top} must go into a meld at once.").format(top=top)
                        + " " + inner.message(),
                        inner.cards)
    if extra:
        base = dict(team_melds)
        base.update(changed)
        more, problem = apply_groups(rnd, team, extra, base, False)
        if problem:
            return problem
        changed.update(more)
    hand_after = len(rnd.hands[seat]) - len(cards) - len(extra_cards) + pile_pick_up_count(rnd)
    if hand_after <= 1:
        problem = go_out_problem(rnd, seat, kinds_with(rnd, team, changed))
        if problem:
            return problem
    if not rnd.opened[team]:
        put_down = [top] + list(cards) + extra_cards
        value = cards_value(put_down, prof)
        problem = opening_problem(rnd, seat, value, put_down, [], {}, hand_after == 0, take=True)
        if problem:
            return problem
    return None


def must_take(rnd: RoundState, seat: int) -> bool:
    """End of stock: an unfrozen pile whose top card fits a team meld must be taken.
    (docs/rules.md#rules-end-of-stock)"""
    team = rnd.team_of(seat)
    top = rnd.top_card
    if not rnd.rules.must_take_fitting_pile or top is None or top.rank not in rnd.melds[team]:
        return False
    if pile_status(rnd.pile, rnd.profile, team_opened=rnd.opened[team]).state != "open":
        return False
    return take_problem(rnd, seat, (), ()) is None


def take_verdict(rnd: RoundState, action: TakePile) -> Verdict:
    """The verdict allowing a legal pile take, in words: how the top card goes down, the other
    melds, the cards picked up and the red threes laid, and the frozen pile's reason
    (docs/rules.md#rules-pile-take-open)."""
    name = rnd.seat_label(action.seat)
    top = rnd.pile[-1]
    meld = (top,) + action.cards
    below = rnd.pile[:-1]
    picked = [c for c in below if not c.is_red_three]
    threes = [c for c in below if c.is_red_three]
    top_card_alone = rnd.rules.takes_top_card_alone
    onto_team_meld = not action.cards and not top_card_alone
    # the sentence "{seat} may take the pile by {how}{extra}{rest}." is made of these parts, each
    # translated whole: how the top card goes down, each further meld, what happens to the rest
    shown = format_cards(action.cards)
    if top_card_alone:
        if action.cards and action.target is not None:
            how = gettext("melding the top card {top} with {cards} onto meld {key}").format(
                top=top, cards=shown, key=action.target)
        elif action.cards:
            how = gettext("melding the top card {top} with {cards}").format(top=top, cards=shown)
        elif action.target is not None:
            how = gettext("melding the top card {top} onto meld {key}").format(top=top, key=action.target)
        else:
            how = gettext("melding the top card {top}").format(top=top)
    elif action.cards:
        how = gettext("melding {cards} with the top card {top}").format(cards=shown, top=top)
    else:
        how = gettext("adding the top card {top} to the team's meld of {ranks}").format(top=top,
                                                                                        ranks=top.rank_plural)
    extra = "".join(gettext(", then {cards}").format(cards=format_cards(g.cards)) for g in action.extra_melds)
    state = rnd.pile_status(action.seat)
    note = f" ({state.message})" if state.state == "frozen" else ""
    you = speaks_to(action.seat)  # said to the learner who acts: "You may take the pile by ..."
    if not below:
        rest_text = gettext("; the pile holds no other card")
    elif you:
        rest_text = ngettext(", then pick up the other {count} card", ", then pick up the other {count} cards",
                             len(picked)).format(count=len(picked))
    else:
        rest_text = ngettext(", then picks up the other {count} card", ", then picks up the other {count} cards",
                             len(picked)).format(count=len(picked))
        if threes:
            rest_text += " " + ngettext("(the red three {cards} in it is laid face up for the team)",
                                        "(the red threes {cards} in it are laid face up for the team)",
                                        len(threes)).format(cards=format_cards(threes))
    facts: dict[str, Any] = {
        "action": "take_pile", "seat": action.seat, "top": top,
        "pile_cards": (top, *threes, *(c for c in (state.facts.get("pile_cards", ()) if note else ())
                                       if c not in threes)),
        "hand_cards": action.cards + tuple(c for g in action.extra_melds for c in g.cards),
        "picked_up": len(picked), "red_threes_laid": tuple(threes), "goes_out": False,
        "team_meld_ranks": (top.rank,) if onto_team_meld else (),
    }
    return Verdict.allow("pile_takeable",
                         (gettext("You may take the pile by {how}{extra}{rest}.") if you else
                          gettext("{seat} may take the pile by {how}{extra}{rest}.")).format(
                             seat=name, how=how, extra=extra, rest=rest_text) + note, meld=meld,
                         melds=tuple(g.cards for g in action.extra_melds), facts=facts)
