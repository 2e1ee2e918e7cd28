"""Events: what happened as a consequence of an action (or of the deal).

Actions are what players choose; events are what the rules then did: red threes laid down and
replaced, the pile picked up, a canasta completed, the round ending. Annotations and replays
read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card

__all__ = ["EVENT_KINDS", "Event"]

#: Every event kind, with its meaning.
EVENT_KINDS: dict[str, str] = {
    "upcard": "The first card of the discard pile was turned up.",
    "upcard_covered": "A wild card or three turned up was covered by the next stock card.",
    "red_three": "A red three was laid face up for the team.",
    "replacement": "A card was drawn from the stock to replace a red three.",
    "drew": "Cards were drawn from the stock.",
    "pile_taken": "The player took the discard pile into the hand.",
    "meld_new": "A new meld was laid down.",
    "meld_added": "Cards were added to (or merged into) one of the team's melds.",
    "canasta_completed": "A meld reached seven cards: a canasta.",
    "canasta_turned_mixed": "A wild card was added to a natural canasta, which became mixed.",
    "canasta_closed": "A canasta reached seven cards in a profile where canastas close: no more cards.",
    "reserve_taken": "A player's first canasta brought the personal reserve into the hand (Pennies).",
    "morto_taken": "A batida: the player ran out of cards and took the team's morto (Brazilian games).",
    "morto_to_stock": "The stock ran out and a remaining morto became the stock (Brazilian games).",
    "redraw": "First turn of a hand: the drawn card was discarded and another drawn (Brazilian games).",
    "joker_swapped": "A joker in a team meld was replaced by the natural it stood for and taken into hand.",
    "canasta_kind_changed": "A meld became a canasta or changed kind (real, limpa, suja, de mil).",
    "opening_reached": "The team's melds reached the opening minimum: the team has opened.",
    "opening_waived": "The opening minimum was waived by going out concealed.",
    "permission_asked": "A player asked the partner for permission to go out.",
    "permission_answered": "The partner answered the question (binding).",
    "went_out": "A player went out (ordinary or concealed).",
    "stock_exhausted": "The stock ran out and the hand ended.",
    "round_over": "The round ended.",
}


@dataclass(frozen=True)
class Event:
    """Something the rules did: ``kind`` (see `EVENT_KINDS`), the seat, the cards, a sentence.

    ``action_index`` is the index in the round's log of the action that caused it
    (-1 for the deal).
    """

    kind: str
    seat: int | None
    cards: tuple[Card, ...] = ()
    message: str = ""
    action_index: int = -1
    value: int | None = None

    def __str__(self) -> str:
        return self.message or self.kind
