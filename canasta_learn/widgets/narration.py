"""Narration: what just happened at the table, told to the learner in the second person.

Every sentence is built from the round's log (the action chosen) and its events (what the
rules then did, `canasta_learn.core.events`), never from a guess: the card named in "You drew 8♠"
is the card of the ``drew`` event, the count in "took the pile (9 cards)" is the pile taken.
Other players' hidden cards are never named ("Ebba drew a card").

>>> from canasta_learn.engine.round import Round
>>> rnd = Round(seed=7)
>>> names = Names(["Ann", "Ebba", "Sam", "Wen"], seat=1, team_of=rnd.team_of)
>>> drawn = rnd.stock[-1]
>>> _ = rnd.apply("E draw")
>>> narrate_action(rnd, 0, names) == [f"You drew {drawn.short}."]
True
>>> names.who(1), names.full(3), names.who(0)
('You', 'Wen (your partner)', 'Ann')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..core.actions import Answer, Ask, Decline, Discard, Draw, Meld, Redraw, Swap, TakePile
from ..core.cards import Card, rank_name, symbol_cards
from ..core.events import Event
from ..core.i18n import gettext, ngettext
from ..engine.round import Round
from ..render.table import KIND_BADGES
from ..rules.melds import canasta_kind
from ..variants.base import rules_for

__all__ = ["Names", "cards_text", "count_events", "narrate_action", "narrate_deal", "narrate_since",
           "round_end_text"]


def _points(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as on screen, with suit symbols: ``"K♥ K♠ Jk"``."""
    return " ".join(c.short for c in cards)


class Names:
    """How the narration calls each seat, seen from the learner's ``seat``.

    ``names[seat]`` is the learner ("You"); the partner is "Sam (your partner)" the first
    time in a sentence and "Sam" after; opponents by their names.
    """

    def __init__(self, names: Sequence[str], seat: int, team_of: Callable[[int], int]) -> None:
        self.names = list(names)
        self.seat = seat
        self.team_of = team_of

    def is_me(self, seat: int | None) -> bool:
        """True for the learner's own seat."""
        return seat == self.seat

    def is_partner(self, seat: int | None) -> bool:
        """True for the learner's partner (same team, another seat)."""
        return seat is not None and seat != self.seat and self.team_of(seat) == self.team_of(self.seat)

    def who(self, seat: int | None) -> str:
        """The short name: "You", "Sam", "Ebba" (the subject of a sentence)."""
        if seat is None:
            return gettext("Nobody")
        if self.is_me(seat):
            return gettext("You")
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return gettext("Seat {seat}").format(seat=seat)

    def full(self, seat: int | None) -> str:
        """The name with the relation for the partner: "Sam (your partner)"."""
        if self.is_partner(seat):
            return gettext("{name} (your partner)").format(name=self.who(seat))
        return self.who(seat)

    def object(self, seat: int | None) -> str:
        """The name as an object: "you", "Sam (your partner)", "Ebba"."""
        return gettext("you") if self.is_me(seat) else self.full(seat)

    def team(self, seat: int | None) -> str:
        """"your team" or "the other team"."""
        if seat is None:
            return gettext("a team")
        return gettext("your team") if self.is_mine(seat) else gettext("the other team")

    def is_mine(self, seat: int) -> bool:
        """True when ``seat`` plays for the learner's team."""
        return self.team_of(seat) == self.team_of(self.seat)


def _group_phrase(rnd: Round, cards: Sequence[Card], top: Card | None = None) -> str:
    """How a take was made: "a pair of kings", "K♥ and a joker", "the team's kings meld"."""
    if not cards and top is not None:
        if rules_for(rnd.profile).suits_matter:  # runs are not named by the top card's rank
            return gettext("onto one of the team's melds")
        return gettext("onto the team's meld of {rank}").format(rank=rank_name(top.rank, plural=True))
    naturals = [c for c in cards if not c.is_wild]
    if top is not None and len(cards) == 2 and len(naturals) == 2 and all(c.rank == top.rank for c in naturals):
        return gettext("a pair of {rank}").format(rank=rank_name(top.rank, plural=True))
    return cards_text(cards)


def _meld_sentence(rnd: Round, event: Event, names: Names) -> str:
    who = names.full(event.seat)
    cards = cards_text(event.cards)
    values = rnd.profile.card_values
    points = sum(values[c.rank] for c in event.cards)
    naturals = [c for c in event.cards if not c.is_wild]
    what = ""
    if not rules_for(rnd.profile).suits_matter:  # a set is named by its rank
        rank = naturals[0].rank if naturals else event.value
        if rank is not None:
            what = rank_name(rank, plural=True)
    if event.kind == "meld_new":
        template = (gettext("{who} melded {cards} (a new meld of {rank}, {points}).") if what
                    else gettext("{who} melded {cards} (a new meld, {points})."))
    else:
        template = (gettext("{who} added {cards} to the meld of {rank} ({points}).") if what
                    else gettext("{who} added {cards} to the meld ({points})."))
    return template.format(who=who, cards=cards, rank=what, points=_points(points))


def _event_sentence(rnd: Round, event: Event, names: Names, action: object) -> str | None:
    """One event as a sentence for the learner, or None when the action's own sentence says it."""
    kind = event.kind
    who = names.full(event.seat)
    mine = names.is_me(event.seat)
    if kind in ("drew", "pile_taken", "permission_asked", "permission_answered", "round_over"):
        return None  # said by the action's sentence (and the round's end by `round_end_text`)
    if kind in ("meld_new", "meld_added"):
        return _meld_sentence(rnd, event, names)
    if kind == "red_three":
        return gettext("{who} laid down the red three {cards} for {team}.").format(
            who=who, cards=cards_text(event.cards), team=names.team(event.seat))
    if kind == "replacement":
        if mine:
            return gettext("You drew {cards} to replace it.").format(cards=cards_text(event.cards))
        return gettext("{who} drew a card to replace it.").format(who=who)
    if kind == "canasta_completed":
        key = event.value if event.value is not None else 0
        # the kind is the engine's (a deuce canasta, a canastra limpa...), never guessed from wild cards
        kind_code = canasta_kind(event.cards, key, rnd.profile)
        name = KIND_BADGES.get(kind_code or "", "canasta")
        name = name[0].lower() + name[1:]
        an = name[0] in "aeiou"
        if kind_code in ("natural", "mixed"):
            template = (gettext("That completes an {kind} of {rank} for {team} ({cards}).") if an
                        else gettext("That completes a {kind} of {rank} for {team} ({cards})."))
        else:
            template = (gettext("That completes an {kind} for {team} ({cards}).") if an
                        else gettext("That completes a {kind} for {team} ({cards})."))
        return template.format(kind=name, rank=rank_name(key, plural=True), team=names.team(event.seat),
                               cards=_cards(len(event.cards)))
    if kind == "canasta_closed":
        return gettext("The canasta is closed: nothing more can be added to it.")
    if kind == "canasta_turned_mixed":
        return gettext("The natural canasta became a mixed one (a smaller bonus).")
    if kind == "canasta_kind_changed":
        return event.message  # the meld's label and its new kind, from the engine
    if kind == "opening_reached":
        value = event.value if event.value is not None else 0
        template = (gettext("Your team has opened: {points} melded this turn.")
                    if event.seat is not None and names.is_mine(event.seat)
                    else gettext("The other team has opened: {points} melded this turn.")
                    if event.seat is not None else gettext("A team has opened: {points} melded this turn."))
        return template.format(points=_points(value))
    if kind == "opening_waived":
        return gettext("Going out concealed after drawing from the stock waives the opening minimum.")
    if kind == "went_out":
        if rnd.went_out_concealed:
            return gettext("{who} went out concealed.").format(who=who)
        return gettext("{who} went out.").format(who=who)
    if kind == "stock_exhausted":
        return gettext("The stock has run out.")
    if kind == "reserve_taken":
        return gettext("{who} completed a first canasta and picked up the reserve.").format(who=who)
    if kind == "morto_taken":
        if event.seat is None:
            template = gettext("{who} ran out of cards and picked up a team's morto.")
        elif names.is_mine(event.seat):
            template = gettext("{who} ran out of cards and picked up your team's morto.")
        else:
            template = gettext("{who} ran out of cards and picked up the other team's morto.")
        return template.format(who=who)
    if kind == "morto_to_stock":
        return gettext("The stock is empty: a morto becomes the new stock.")
    if kind == "joker_swapped":
        natural, joker = event.cards[0], event.cards[1]
        return gettext("{who} put {natural} in place of the {joker} and took it into the hand.").format(
            who=who, natural=natural.short, joker=joker.short)
    if kind == "redraw":
        return None
    return event.message or None


def narrate_action(rnd: Round, index: int, names: Names) -> list[str]:
    """Sentences for the action ``rnd.log[index]`` and every event it caused, in order."""
    action = rnd.log[index]
    events = [e for e in rnd.events if e.action_index == index]
    seat = action.seat
    who = names.full(seat)
    mine = names.is_me(seat)
    out: list[str] = []
    if isinstance(action, Draw):
        drawn = [c for e in events if e.kind == "drew" for c in e.cards]
        if mine:
            out.append(gettext("You drew {cards}.").format(cards=cards_text(drawn)) if drawn
                       else gettext("You drew nothing: the stock is empty."))
        elif len(drawn) == 1:
            out.append(gettext("{who} drew a card.").format(who=who))
        else:
            out.append(ngettext("{who} drew {count} card.", "{who} drew {count} cards.", len(drawn)).format(
                who=who, count=len(drawn)))
    elif isinstance(action, Redraw):
        redrawn = [c for e in events if e.kind == "redraw" for c in e.cards]
        drawn = [c for e in events if e.kind == "drew" for c in e.cards]
        put = cards_text(redrawn)
        if mine:
            out.append(gettext("You put {put} on the pile and drew {cards} instead.").format(
                put=put, cards=cards_text(drawn)))
        else:
            out.append(gettext("{who} put {put} on the pile and drew another card.").format(who=who, put=put))
    elif isinstance(action, TakePile):
        taken = [e for e in events if e.kind == "pile_taken"]
        rest = taken[0].cards if taken else ()
        # The top card of the pile went down with the take: it is the first card of the
        # take's first meld event.
        melds = [e for e in events if e.kind in ("meld_new", "meld_added")]
        top = melds[0].cards[0] if melds and melds[0].cards else None
        count = len(rest) + 1
        how = _group_phrase(rnd, action.cards, top)
        extra = gettext(" and ").join(cards_text(g.cards) for g in action.extra_melds)
        if not action.cards:
            shown = top.short if top else gettext("its top card")
            template = (gettext("{who} took the pile ({cards}), putting {shown} {how} and melded {extra}.")
                        if extra else gettext("{who} took the pile ({cards}), putting {shown} {how}."))
        else:
            template = (gettext("{who} took the pile ({cards}) with {how} and melded {extra}.")
                        if extra else gettext("{who} took the pile ({cards}) with {how}."))
        out.append(template.format(who=who, cards=_cards(count), shown=shown if not action.cards else "",
                                   how=how, extra=extra))
        for event in events:
            if event.kind in ("meld_new", "meld_added"):
                continue  # the take's sentence names them
            text = _event_sentence(rnd, event, names, action)
            if text:
                out.append(text)
        return out
    elif isinstance(action, Meld):
        pass  # the meld events say it
    elif isinstance(action, Discard):
        out.append(gettext("{who} discarded {card}.").format(who=who, card=action.card.short))
    elif isinstance(action, Ask):
        partner = names.object(rnd.partner_of(seat))
        out.append(gettext("{who} asked {partner}: \u201cmay I go out?\u201d").format(who=who, partner=partner))
    elif isinstance(action, Answer):
        asker = rnd.partner_of(seat)
        if names.is_me(asker):
            template = (gettext("{who} answered yes: you must go out this turn.") if action.yes
                        else gettext("{who} answered no: you may not go out this turn."))
        else:
            template = (gettext("{who} answered yes: {subject} must go out this turn.") if action.yes
                        else gettext("{who} answered no: {subject} may not go out this turn."))
        out.append(template.format(who=who, subject=names.who(asker)))
    elif isinstance(action, Decline):
        out.append(gettext("{who} declined the pile with the stock empty: the round ends.").format(who=who))
    elif isinstance(action, Swap):
        pass  # the joker_swapped event says it
    for event in events:
        text = _event_sentence(rnd, event, names, action)
        if text:
            out.append(text)
    return out


def narrate_deal(rnd: Round, names: Names) -> list[str]:
    """Sentences for the deal: the first card turned up, and the red threes laid down (yours
    with the cards that replaced them; the others' replacements stay hidden)."""
    out: list[str] = []
    for event in rnd.events:
        if event.action_index != -1:
            continue
        if event.kind == "upcard" and event.cards:
            out.append(gettext("The first card of the discard pile is {card}.").format(card=event.cards[0].short))
        elif event.kind == "upcard_covered" and len(event.cards) == 2:
            out.append(gettext("{card} was turned up, so it is covered by {cover}: the pile is frozen.").format(
                card=event.cards[0].short, cover=event.cards[1].short))
        else:
            text = _event_sentence(rnd, event, names, None)
            if text:
                out.append(text)
    return out


def narrate_since(rnd: Round, start: int, names: Names) -> list[tuple[int, list[str]]]:
    """``(index, sentences)`` for every action from ``rnd.log[start]`` on."""
    return [(i, narrate_action(rnd, i, names)) for i in range(start, len(rnd.log))]


def round_end_text(rnd: Round, names: Names, *, detail: bool = True) -> str:
    """How the round ended and what each team scored, item by item (from the score
    breakdowns; ``detail=False`` gives the totals only)."""
    if not rnd.is_over:
        return ""
    if rnd.end_reason == "went_out" and rnd.went_out is not None:
        who = names.full(rnd.went_out)
        how = (gettext("{who} went out concealed") if rnd.went_out_concealed
               else gettext("{who} went out")).format(who=who)
    elif rnd.end_reason == "stock_exhausted":
        how = gettext("the stock ran out")
    else:
        how = gettext("it ended")
    parts: list[str] = []
    mine = rnd.team_of(names.seat)
    with symbol_cards():  # "Cards left in hand (Jk Jk 2♥)", as the learner reads cards
        breakdowns = rnd.scores()
    for team, breakdown in enumerate(breakdowns):
        first = not parts
        if team == mine:
            label = gettext("Your team") if first else gettext("your team")
        else:
            label = gettext("The other team") if first else gettext("the other team")
        items = ", ".join(f"{item.label} {item.points:+d}" for item in breakdown.items if item.points)
        if items and detail:
            parts.append(gettext("{team} scored {total} ({items})").format(team=label, total=breakdown.total,
                                                                            items=items))
        else:
            parts.append(gettext("{team} scored {total}").format(team=label, total=breakdown.total))
    return gettext("The round is over: {how}. {scores}.").format(how=how, scores="; ".join(parts))


def count_events(rnd: Round, index: int) -> Counter[str]:
    """How many events of each kind the action ``rnd.log[index]`` caused (for checks)."""
    return Counter(e.kind for e in rnd.events if e.action_index == index)
