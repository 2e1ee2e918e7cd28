"""GreedyBot hands with a planted blunder (shared by the review test and
benchmarks/bench_review.py): where GreedyBot asks its partner "may I go out?", the asker
discards a card instead (its most valuable natural card that is legal), so the round goes on
and the other side gets the turn."""

from __future__ import annotations

from canasta_learn.core.actions import Ask, Discard
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import GreedyBot, acting_seat
from canasta_learn.records.record import GameRecord


def planted_refusal(seed: int) -> tuple[GameRecord, int] | None:
    """The GreedyBot hand dealt from ``seed`` with the first "may I go out?" GreedyBot would
    ask replaced by a discard; the record and the planted action's index (None when GreedyBot
    never asks in that hand or no discard is legal there)."""
    rnd = Round(seed=seed, dealer=0)
    bots = [GreedyBot(seed=seed * 10 + s) for s in range(rnd.player_count)]
    planted = None
    while not rnd.is_over:
        choice = bots[acting_seat(rnd)].choose(rnd)
        if planted is None and isinstance(choice, Ask):
            discards = [a for a in rnd.legal_actions() if isinstance(a, Discard) and not a.card.is_wild]
            if discards:
                planted = len(rnd.log)
                choice = max(discards, key=lambda a: (a.card.rank, str(a.card)))
        rnd.apply(choice)
    return None if planted is None else (GameRecord.from_round(rnd), planted)
