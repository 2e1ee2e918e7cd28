"""Recorded hands for the game-review tests: one with a real blunder the review must mark."""

from __future__ import annotations

from canasta_learn.core.actions import parse_action
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import GreedyBot, acting_seat
from canasta_learn.records.record import GameRecord

#: In the GreedyBot hand dealt from seed 8, South (seat 2) may ask "may I go out?" at this
#: action (GreedyBot asks there), with four cards in hand while North holds three. South
#: refuses and discards d11 instead, and West takes the pile with it.
REFUSED_AT = 76
REFUSED = "S discard d11"


def refused_to_go_out() -> GameRecord:
    """The seed-8 GreedyBot hand with South's refusal to go out at `REFUSED_AT` (the other
    moves are GreedyBot's), recorded."""
    rnd = Round(seed=8, dealer=0)
    bots = [GreedyBot(seed=80 + s) for s in range(rnd.player_count)]
    while len(rnd.log) < REFUSED_AT:
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    assert any(str(a) == "S ask" for a in rnd.legal_actions())
    rnd.apply(parse_action(REFUSED, rnd.player_count))
    while not rnd.is_over:
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    return GameRecord.from_round(rnd)
