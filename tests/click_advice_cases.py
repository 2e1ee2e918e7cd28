"""Real refusals whose engine message advises typed commands ("as in 'take h4 h4'"), one per
case the play view says in its own words (`canasta_learn.widgets.play.for_clicks`); shared by
the play-control tests and the Portuguese ones."""

from __future__ import annotations

from typing import Any

from canasta_learn.core.actions import Action, Meld, MeldGroup, TakePile
from canasta_learn.core.cards import parse_cards
from canasta_learn.core.verdicts import Verdict
from canasta_learn.engine.round import Round

_OTHERS = ["c5 c6 c7 c8", "s5 s6 s8 h5", "d5 d6 d7 d8"]
_OPENED = {"melds": [["h1 c1 s1"], []], "opened": [True, False]}


def _cards(text: str) -> tuple[Any, ...]:
    return tuple(parse_cards(text))


#: name -> (Round.from_state arguments, the action refused, the advice it gets).
CASES: dict[str, tuple[dict[str, Any], Action]] = {
    # an open pile, no meld of fours: "You hold h4 h4: name the cards, as in 'take h4 h4'."
    "you_hold_the_cards": ({"hands": ["h4 h4 c9 d9 s9 h13 s13", *_OTHERS], "stock": "s7 d6 c10 h6",
                            "pile": "d7 s4", **_OPENED}, TakePile(0)),
    # a frozen pile (c2 buried), the pair held, none named / one named
    "frozen_pair_none_named": ({"hands": ["h4 h4 c9 d9 s9 h13 s13 d2", *_OTHERS], "stock": "s7 d6 c10 h6",
                                "pile": "c2 d7 s4", **_OPENED}, TakePile(0)),
    "frozen_pair_one_named": ({"hands": ["h4 h4 c9 d9 s9 h13 s13 d2", *_OTHERS], "stock": "s7 d6 c10 h6",
                               "pile": "c2 d7 s4", **_OPENED}, TakePile(0, _cards("h4 d2"))),
    # only wild cards as a new meld
    "only_wild_cards": ({"hands": ["h4 h4 c9 d9 s9 h13 s13 d2 jk", *_OTHERS], "stock": "s7 d6 c10 h6",
                         "pile": "d7 s4", "drew_from": "stock", **_OPENED},
                        Meld(0, (MeldGroup(_cards("d2 jk")),))),
    # no cards at all
    "no_cards_named": ({"hands": ["h4 h4 c9 d9 s9 h13 s13", *_OTHERS], "stock": "s7 d6 c10 h6",
                        "pile": "d7 s4", "drew_from": "stock", **_OPENED}, Meld(0, ())),
    # the take's melds short of the opening minimum (15 of 50)
    "take_short_of_the_opening": ({"hands": ["h4 h4 c9 d9 s9 h13 s13 d2 jk", *_OTHERS],
                                   "stock": "s7 d6 c10 h6", "pile": "d7 s4"}, TakePile(0, _cards("h4 h4"))),
    # Italian: the twos go only onto the deuce meld until it is a canasta
    "twos_onto_the_deuce_meld": ({"profile": "italian", "hands": ["h4 h4 h2 c2 s9 h13 s13", *_OTHERS],
                                  "stock": "s7 d6 c10 h6", "pile": "d7 s4", "drew_from": "stock",
                                  "melds": [["d2 d2 s2", "h1 c1 s1"], []], "opened": [True, False]},
                                 Meld(0, (MeldGroup(_cards("h4 h4 h2")),))),
    # classic: the top card goes onto the meld of its rank, no meld number
    "take_without_a_meld_number": ({"hands": ["h4 h4 c9 d9 s9 h13 s13", *_OTHERS], "stock": "s7 d6 c10 h6",
                                    "pile": "d7 s4", "melds": [["h1 c1 s1", "c4 d4 s4"], []],
                                    "opened": [True, False]}, TakePile(0, (), (), 4)),
}


def refusal(name: str) -> tuple[Round, Action, Verdict]:
    """The round, the action and the engine's refusal of case ``name`` (in the language spoken)."""
    state, action = CASES[name]
    rnd = Round.from_state(**state)
    verdict = rnd.check(action)
    assert not verdict.ok, (name, verdict)
    return rnd, action, verdict
