"""Teaching notes: the engine explains every step of a round (the core of `annotate`).

`notes_for_actions(start, actions)` replays the actions from a round just after the deal and
attaches to each a list of `Note` objects, each with a stable ``code`` (listed in `NOTE_CODES`),
a ``message`` sentence and the cards involved. Every note comes from the engine itself: the
pile's status (`Round.pile_status`), the legal ways of taking it (the engine's take candidates)
or its refusal (`Round.check`), the events the rules produced (`Round.events_for`) and the
scores (`Round.scores`) - never from text written for a particular game.

This module knows rounds and actions, not game records: `canasta_learn.records.record` uses it for
`GameRecord.actions_frame`, and `canasta_learn.records.annotate` (which reads records) builds on it,
so record and annotation never import each other.

>>> from canasta_learn.engine.round import Round
>>> start = Round.from_state(hands=["c6 h9 h10 d5", "s5 s7 s8", "c4 d4 d4", "h11"],
...                          stock="s13 s12", pile="d7 d2 h6", to_move=0)
>>> from canasta_learn.core.actions import parse_action
>>> notes = notes_for_actions(start.copy(), [parse_action("N draw")])
>>> [note.code for note in notes[0]]
['pile_frozen_wild', 'could_not_take_pile']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.actions import Action, Decline, Discard, Draw, Meld, MeldGroup, SeatForm, TakePile, learner_view
from ..core.cards import Card, format_cards
from ..core.events import Event
from ..core.i18n import gettext, ngettext
from ..engine.moves import take_candidates
from ..engine.round import Round
from ..rules.going_out import counting_kinds
from ..rules.melds import canasta_kind, cards_value, meld_key
from ..rules.pile import PILE_REASONS
from ..rules.scoring import canasta_bonus_text
from ..variants.base import rules_for

__all__ = ["NOTE_CODES", "PILE_NOTE_CODES", "Note", "RoundNotes", "notes_for_actions", "team_name"]

#: Pile-state notes, one of which is attached to the first action of every turn: one per
#: `pile.PILE_REASONS` code, prefixed ``pile_``.
PILE_NOTE_CODES: dict[str, str] = {f"pile_{code}": f"At the start of the turn: {meaning}"
                                   for code, meaning in PILE_REASONS.items()}

#: Every note code with its meaning.
NOTE_CODES: dict[str, str] = {
    **PILE_NOTE_CODES,
    "could_take_pile": "The player drew from the stock but could legally have taken the pile;"
    " the note names the cards (every legal way).",
    "could_not_take_pile": "The player could not take the pile; the note gives the engine's"
    " refusal of the most promising attempt.",
    "pile_taken": "The player took the pile: the top card's meld and the cards picked up.",
    "opening_minimum": "The team has not opened: the opening minimum in force for its score.",
    "opening_reached": "The opening melds reached the minimum: value of each meld and total.",
    "opening_refused": "The player's melds would not reach the opening minimum (the engine's"
    " refusal, with the numbers).",
    "could_open": "The player discarded without melding although these melds would have opened.",
    "opening_waived": "Going out concealed waived the opening minimum.",
    "meld_new": "A new meld was laid down (with its point value).",
    "meld_added": "Cards were added to, or merged into, an existing meld of the team.",
    "natural_canasta": "A natural canasta (no wild card) was completed.",
    "mixed_canasta": "A mixed canasta (with wild cards) was completed.",
    "canasta_turned_mixed": "A wild card went onto a natural canasta, which became mixed.",
    "red_three": "A red three was laid face up for the team.",
    "replacement": "A replacement card was drawn for a red three.",
    "permission_asked": "The player asked the partner \"may I go out?\".",
    "permission_answered": "The partner answered; the answer binds.",
    "went_out": "The player went out (ordinary), and why it was allowed.",
    "went_out_concealed": "The player went out concealed, and why it was allowed.",
    "stock_empty": "The last card of the stock was drawn: the end-of-stock rule now applies.",
    "stock_exhausted": "The stock ran out and the hand ended.",
    "round_over": "The round ended.",
    "round_score": "A team's score breakdown for the round (one note per team).",
    "upcard": "The first card of the pile was turned up at the deal.",
    "upcard_covered": "A wild card or three turned up was covered by the next stock card.",
}


@dataclass(frozen=True)
class Note:
    """One teaching note: a stable ``code`` (see `NOTE_CODES`), a sentence, the cards it names,
    the seat (or ``team``) it is about and its main number (``value``), when it has one.

    ``facts`` holds what the sentence claims, as data (keys as in `verdicts.FACT_KEYS`)."""

    code: str
    message: str
    cards: tuple[Card, ...] = ()
    seat: int | None = None
    value: int | None = None
    team: int | None = None
    facts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.code not in NOTE_CODES:
            raise KeyError(f"Note code {self.code!r} is not listed in NOTE_CODES.")

    def __str__(self) -> str:
        return self.message


class RoundNotes(list[list[Note]]):
    """The notes of one round, indexed by action; ``deal`` holds the notes of the deal."""

    def __init__(self, per_action: Sequence[list[Note]] = (), deal: Sequence[Note] = ()) -> None:
        super().__init__(per_action)
        self.deal: list[Note] = list(deal)


def team_name(rnd: Round, team: int) -> str:
    """A team by its seats, as the notes name it in the language spoken now: "N-S", "E-W" ("L-O");
    for a learner (`canasta_learn.core.actions.learner_seats`) in words: "North-South"."""
    seats = [s for s in range(rnd.player_count) if rnd.team_of(s) == team]
    form: SeatForm = "compass" if learner_view() is not None else "letter"
    return "-".join(rnd.seat_label(s, form=form) for s in seats)


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _value(rnd: Round, cards: Sequence[Card]) -> int:
    return cards_value(cards, rnd.profile)


def _pile_note(rnd: Round, seat: int) -> Note:
    status = rnd.pile_status(seat)
    top = rnd.top_card
    message = status.message
    if top is not None:
        message = gettext("Pile ({cards}, top {top}): {message}").format(
            cards=_cards(len(rnd.pile)), top=top, message=message)
    return Note("pile_" + status.code if status.code != "empty" else "pile_empty",
                message, status.cards, seat, len(rnd.pile), facts=dict(status.facts))


def _take_option_text(rnd: Round, option: TakePile) -> str:
    top = rnd.top_card
    assert top is not None
    if option.target is not None:
        meld = rnd.melds[rnd.team_of(rnd.to_move)].get(option.target, [])
        label = rnd.meld_label(option.target, meld)
        text = (gettext("the top card onto {meld} with {cards}").format(meld=label, cards=format_cards(option.cards))
                if option.cards else gettext("the top card onto {meld}").format(meld=label))
    else:
        text = (format_cards(option.cards) if option.cards
                else gettext("the top card onto the team's meld of {ranks}").format(ranks=top.rank_plural))
    if option.extra_melds:
        text = gettext("{option} (opening with {melds})").format(
            option=text, melds=" | ".join(format_cards(g.cards) for g in option.extra_melds))
    return text


def _take_notes(rnd: Round, seat: int) -> list[Note]:
    """Could the player to move have taken the pile, and with what - or exactly why not."""
    top = rnd.top_card
    if top is None or rnd.pile_status(seat).state == "blocked":
        return []
    name = rnd.seat_label(seat)
    options = list(take_candidates(rnd, seat))
    if options:
        texts = list(dict.fromkeys(_take_option_text(rnd, o) for o in options))
        return [Note("could_take_pile",
                     gettext("{seat} could have taken the pile ({cards}, top {top}) with {options}.").format(
                         seat=name, cards=_cards(len(rnd.pile)), top=top, options=gettext(", or ").join(texts)),
                     (top,) + options[0].cards, seat, len(rnd.pile),
                     facts={"top": top, "hand_cards": options[0].cards, "seat": seat})]
    hand = rnd.hands[seat]
    naturals = [c for c in hand if c.rank == top.rank]
    wilds = [c for c in hand if c.is_wild]
    attempt: tuple[Card, ...] = ()
    if len(naturals) >= 2:
        attempt = tuple(naturals[:2])
    elif naturals and wilds:
        attempt = (naturals[0], wilds[0])
    verdict = rnd.check(TakePile(seat, attempt))
    if verdict:
        return []
    message = verdict.message
    status = rnd.pile_status(seat).message
    if message.startswith(status) and message[len(status):].strip():
        message = message[len(status):].strip()  # the pile note already says it
    return [Note("could_not_take_pile",
                 gettext("{seat} could not take the pile: {reason}").format(seat=name, reason=message.strip()),
                 verdict.cards, seat, facts=dict(verdict.facts))]


def _opening_minimum_note(rnd: Round, seat: int, action: Action) -> Note:
    team = rnd.team_of(seat)
    minimum = rnd.opening_minimum(team)
    # every game counts the melds of one turn (docs/rules.md#rules-opening-count,
    # docs/variants.md#variants-canastra-br-opening)
    message = gettext("Team {team} has not opened: with a score of {score} its first melds must be worth "
                      "at least {minimum} in one turn.")
    message = message.format(team=team_name(rnd, team), score=rnd.team_scores[team], minimum=minimum)
    if isinstance(action, TakePile):
        message += " " + gettext("Taking the pile, only the top card and the cards from the hand count.")
    return Note("opening_minimum", message, (), seat, minimum, team, {"minimum": minimum, "opened": False})


def _discard_opening_notes(rnd: Round, seat: int) -> list[Note]:
    """At a discard without melding by a team that has not opened: could it have opened?"""
    prof = rnd.profile
    by_rank: dict[int, list[Card]] = {}
    for card in rnd.hands[seat]:
        if not card.is_wild and not card.is_red_three and not card.is_black_three:
            by_rank.setdefault(card.rank, []).append(card)
    groups = tuple(MeldGroup(tuple(cards)) for cards in by_rank.values()
                   if len(cards) >= max(prof.meld_min_naturals, 2)
                   and len(cards) >= prof.meld_min_size)
    if not groups:
        return []
    meld = Meld(seat, groups)
    verdict = rnd.check(meld)
    cards = meld.cards
    value = _value(rnd, cards)
    name = rnd.seat_label(seat)
    if verdict:
        minimum = rnd.opening_minimum(rnd.team_of(seat))
        return [Note("could_open", gettext("{seat} could have opened with {melds} ({value} points, minimum "
                                           "{minimum}).").format(
                         seat=name, melds=" | ".join(format_cards(g.cards) for g in groups), value=value,
                         minimum=minimum), cards, seat, value,
                     facts={"hand_cards": cards, "value": value, "minimum": minimum, "seat": seat})]
    if verdict.code == "opening_below_minimum":
        melds = " | ".join(format_cards(g.cards) for g in groups)
        return [Note("opening_refused", gettext("Melding {melds} was not possible for the opening: {reason}").format(
            melds=melds, reason=verdict.message), cards, seat, value)]
    return []


def _event_notes(before: Round, after: Round, events: Sequence[Event]) -> list[Note]:
    """Notes from the events the rules produced (red threes, melds, canastas, going out...)."""
    notes: list[Note] = []
    prof = after.profile
    for event in events:
        seat = event.seat
        kind = event.kind
        if kind in ("upcard", "upcard_covered", "red_three", "permission_asked",
                    "stock_exhausted", "round_over", "opening_waived"):
            message = event.message
            if kind == "round_over" and any(n.message == message for n in notes):
                message = gettext("The round is over.")
            if kind == "permission_asked":
                message += " " + gettext("Asking is allowed: the engine finds a way for this player to go out "
                                         "this turn.")
            notes.append(Note(kind, message, event.cards, seat))
        elif kind == "replacement":
            drawn = format_cards(event.cards)
            message = (gettext("{seat} draws a replacement for the red three: {cards}.").format(
                seat=after.seat_label(seat), cards=drawn) if seat is not None
                else gettext("The player draws a replacement for the red three: {cards}.").format(cards=drawn))
            notes.append(Note(kind, message, event.cards, seat))
        elif kind == "permission_answered":
            notes.append(Note(kind, event.message, (), seat))
        elif kind == "pile_taken" and seat is not None:
            frozen = before.pile_status(seat).frozen
            extra = " " + gettext("The pile was frozen, so it took a natural pair.") if frozen else ""
            joined = sum(1 for c in event.cards if not c.is_red_three)
            notes.append(Note(kind, event.message + extra, event.cards, seat, len(event.cards),
                              facts={"picked_up": joined}))
        elif kind == "meld_new" and seat is not None:
            value = _value(after, event.cards)
            # the English says "points" for any value: its singular is the same
            message = ngettext("{event} ({value} points).", "{event} ({value} points).", value).format(
                event=event.message[:-1], value=value)
            notes.append(Note(kind, message, event.cards, seat,
                              value, facts={"table_cards": event.cards, "value": value}))
        elif kind == "meld_added" and seat is not None and event.value is not None:
            size = _meld_size_after(after, after.team_of(seat), event)
            # the English says "cards" for any size: its singular is the same
            message = ngettext("{event} (now {size} cards).", "{event} (now {size} cards).", size).format(
                event=event.message[:-1], size=size)
            notes.append(Note(kind, message, event.cards,
                              seat, event.value, facts={"table_cards": event.cards, "meld_size": size}))
        elif kind == "canasta_completed":
            natural = not any(c.is_wild for c in event.cards)
            canasta = canasta_kind(event.cards, event.value or 0, prof) or ("natural" if natural else "mixed")
            bonus = prof.canasta_bonus(canasta)
            notes.append(Note("natural_canasta" if natural else "mixed_canasta",
                              ngettext("{event}: {count} cards, {bonus}.", "{event}: {count} cards, {bonus}.",
                                       len(event.cards)).format(event=event.message[:-1], count=len(event.cards),
                                                                bonus=canasta_bonus_text(prof, canasta)),
                              event.cards, seat, bonus,
                              facts={"table_cards": event.cards, "bonuses": ((canasta, bonus),)}))
        elif kind == "canasta_turned_mixed":
            notes.append(Note(kind, event.message, event.cards, seat, prof.mixed_canasta_bonus,
                              facts={"bonuses": (("natural", prof.natural_canasta_bonus),
                                                 ("mixed", prof.mixed_canasta_bonus))}))
        elif kind == "opening_reached" and seat is not None:
            team = after.team_of(seat)
            parts = [f"{format_cards(cards)} ({_value(after, cards)})"
                     for cards in after.turn_own.values()]
            total = event.value if event.value is not None else after.turn_value
            minimum = after.opening_minimum(team)
            cards = tuple(c for cards in after.turn_own.values() for c in cards)
            notes.append(Note(kind, gettext("Opening: {melds} = {total}, at least the minimum of {minimum} for a "
                                            "team score of {score}.").format(
                melds=" + ".join(parts), total=total, minimum=minimum, score=after.team_scores[team]),
                cards, seat, total, team,
                              {"table_cards": cards, "value": total, "minimum": minimum}))
        elif kind == "went_out" and seat is not None:
            notes.append(_went_out_note(after, seat))
    if any(e.kind == "round_over" for e in events):
        notes.extend(_score_notes(after))
    return notes


def _meld_size_after(after: Round, team: int, event: Event) -> int:
    """The size of the meld cards were added to, after the action: a meld that became a
    canasta and closed (Pennies) has left the open melds for the team's closed canastas."""
    key = event.value if event.value is not None else 0
    meld = after.melds[team].get(key)
    if meld is not None:
        return len(meld)
    closed = [m for m in after.closed[team] if all(c in m for c in event.cards)
              and meld_key(m, after.profile) == key]
    return len(closed[-1]) if closed else 0


def _went_out_note(after: Round, seat: int) -> Note:
    prof = after.profile
    team = after.team_of(seat)
    name = after.seat_label(seat)
    # only the canastas that count toward going out (Italian: no deuce canasta), as the
    # requirement beside them says (docs/rules.md#rules-going-out)
    canastas = len(counting_kinds(after, after.canasta_kinds(team)))
    plain = not (prof.go_out_required_kinds or prof.go_out_excluded_kinds or prof.go_out_any_kinds)
    need = str(prof.go_out_canastas) if plain else after.canasta_requirement()  # kinds matter: say which
    facts: dict[str, Any] = {"goes_out": True, "canastas": canastas, "seat": seat}
    if after.went_out_concealed:
        bonus = prof.concealed_going_out_bonus
        facts["bonuses"] = (("going_out_concealed", bonus),)
        message = ngettext(
            "{seat} goes out concealed: the whole hand went down in one turn with no earlier melds, including a "
            "canasta; the team has {count} canasta (going out needs {need}) and every card was melded or "
            "discarded. Bonus {bonus}.",
            "{seat} goes out concealed: the whole hand went down in one turn with no earlier melds, including a "
            "canasta; the team has {count} canastas (going out needs {need}) and every card was melded or "
            "discarded. Bonus {bonus}.", canastas)
        return Note("went_out_concealed", message.format(seat=name, count=canastas, need=need, bonus=bonus),
                    (), seat, bonus, team, facts)
    bonus = prof.going_out_bonus
    facts["bonuses"] = (("going_out", bonus),)
    message = ngettext(
        "{seat} goes out: the team has {count} canasta (going out needs {need}) and every card was melded or "
        "discarded. Bonus {bonus}.",
        "{seat} goes out: the team has {count} canastas (going out needs {need}) and every card was melded or "
        "discarded. Bonus {bonus}.", canastas)
    return Note("went_out", message.format(seat=name, count=canastas, need=need, bonus=bonus),
                (), seat, bonus, team, facts)


def _score_notes(after: Round) -> list[Note]:
    notes = []
    for breakdown in after.scores():
        team = breakdown.team or 0
        items = ", ".join(f"{item.label} {item.points:+d}" for item in breakdown.items)
        notes.append(Note("round_score", gettext("Team {team} scores {total}: {items}.").format(
            team=team_name(after, team), total=breakdown.total, items=items), (), None,
                          breakdown.total, team, {"value": breakdown.total}))
    return notes


def _stock_empty_note(rnd: Round) -> Note:
    rule = rules_for(rnd.profile).stock_empty_rule(any(rnd.morto_available(t) for t in range(rnd.profile.team_count)))
    return Note("stock_empty", gettext("The stock is empty after this draw: {rule}").format(rule=rule), (),
                rnd.to_move)


def notes_for_actions(start: Round, actions: Sequence[Action]) -> RoundNotes:
    """The notes of a round played from ``start`` (just after the deal) through ``actions``:
    ``result[action_index]`` and ``result.deal``. ``start`` is played on: pass a copy to keep it."""
    rnd = start
    deal = _event_notes(rnd, rnd, rnd.events_for(-1)) if rnd.events else []
    per_action: list[list[Note]] = []
    last_turn: int | None = None
    opening_told: set[int] = set()
    for action in actions:
        notes: list[Note] = []
        seat = action.seat
        team = rnd.team_of(seat)
        first = rnd.turn_number != last_turn
        last_turn = rnd.turn_number
        if first:
            notes.append(_pile_note(rnd, rnd.to_move))
            opening_told = set()
        if isinstance(action, (Draw, Decline)):
            notes.extend(_take_notes(rnd, seat))
        if (isinstance(action, (Meld, TakePile)) and not rnd.opened[team]
                and rnd.turn_number not in opening_told):
            opening_told.add(rnd.turn_number)
            notes.append(_opening_minimum_note(rnd, seat, action))
        if (isinstance(action, Discard) and not rnd.opened[team] and rnd.turn_value == 0
                and len(rnd.hands[seat]) > 1):
            notes.extend(_discard_opening_notes(rnd, seat))
        before = rnd.copy() if isinstance(action, TakePile) else rnd
        had_stock = bool(rnd.stock)
        count = len(rnd.events)
        rnd.apply(action)
        notes.extend(_event_notes(before, rnd, rnd.events[count:]))
        if isinstance(action, Draw) and had_stock and not rnd.stock and not rnd.is_over:
            notes.append(_stock_empty_note(rnd))
        per_action.append(notes)
    return RoundNotes(per_action, deal)
