"""Recorded hands for the game-review tests: one with a real blunder the review must mark."""

from __future__ import annotations

from canasta_learn.core.actions import parse_action
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import GreedyBot, RandomBot, acting_seat
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


#: The first move of `greedy_against_random`'s round from which the random players' moves are
#: reviewed: late in the hand, where a random take or discard costs hundreds of points.
RANDOM_LATE_FROM = 120


def greedy_against_random() -> tuple[GameRecord, list[int]]:
    """A GreedyBot pair (North, South) against random players (East, West), the hand dealt from
    seed 3, recorded; and the random players' moves from `RANDOM_LATE_FROM` on (the moves a
    review should find mistakes among)."""
    rnd = Round(seed=3, dealer=0)
    bots = [GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3), RandomBot(seed=4)]
    while not rnd.is_over:
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    late = [i for i, action in enumerate(rnd.log) if action.seat in (1, 3) and i >= RANDOM_LATE_FROM]
    return GameRecord.from_round(rnd), late
