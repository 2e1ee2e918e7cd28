"""GreedyBot hands with a planted blunder (shared by the review tests and
benchmarks/bench_review.py). In the GreedyBot hand dealt from a seed (bots seeded
``seed * 10 + seat``), at the first place a kind of blunder can be planted, the seat to act
plays the blunder instead of GreedyBot's move; the rest of the hand is GreedyBot's.

Kinds (`KINDS`):

- ``"refusal"``: where GreedyBot asks its partner "may I go out?", the asker discards a card
  instead (its most valuable legal natural card), so the round goes on;
- ``"wild"``: where GreedyBot discards a natural card while holding a wild card, it discards
  a wild card instead;
- ``"feed"``: where GreedyBot discards onto a pile of at least `FEED_PILE` cards, it
  discards instead a card of a rank the next player's team has a meld of (not the rank
  GreedyBot discards), with the pile not frozen for them (a risky discard: the next player
  may take the pile with it).

A planted move is a blunder only if a reference says so: `PLANTED` lists the 20 planted
moves that the marking rule (`canasta_learn.play.review.confirmed`) confirms at 10 times the
review's check, 480 shared deals (seed `REFERENCE_SEED`), against GreedyBot's own move there,
with the reference's loss and standard error; `python benchmarks/bench_review.py --find`
recomputes them. Of the 20 "refusal" hands the earlier benchmark used (seeds 0-22), the
reference confirmed only some (see `PLANTED`), so the set mixes the kinds.
"""

from __future__ import annotations

from canasta_learn.core.actions import Action, Ask, Discard
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import GreedyBot, acting_seat
from canasta_learn.records.record import GameRecord
from canasta_learn.rules.pile import pile_status

#: The kinds of blunder that can be planted.
KINDS = ("refusal", "wild", "feed")
#: A feeding discard is planted only on a pile of this many cards, or more.
FEED_PILE = 6
#: Deals of the reference check (10 times the review's 48) and its seed.
REFERENCE_ROLLOUTS = 480
REFERENCE_SEED = 2026

#: (kind, hand seed, the reference's loss, its standard error): the planted moves the
#: reference confirms, from `python benchmarks/bench_review.py --find`: 20 of the 35 tried
#: (kinds in turn over hand seeds 0-13). The reference refuted 7 of the 14 refusals to go out
#: (asking was worse there, by 73 to 485 points: going on paid more) and 6 of the 12 wild
#: card discards (losses of 1 to 63 points, within noise or under the threshold).
PLANTED: tuple[tuple[str, int, float, float], ...] = (
    ('wild', 2, 123.6, 35.7),
    ('feed', 2, 138.8, 28.5),
    ('wild', 3, 123.8, 36.3),
    ('feed', 3, 184.9, 34.8),
    ('refusal', 4, 384.0, 11.7),
    ('wild', 4, 100.6, 32.4),
    ('refusal', 5, 124.0, 9.5),
    ('wild', 5, 133.0, 37.6),
    ('refusal', 6, 249.7, 22.5),
    ('feed', 7, 127.4, 35.2),
    ('refusal', 8, 305.0, 19.0),
    ('feed', 8, 114.0, 21.7),
    ('refusal', 9, 117.2, 12.6),
    ('feed', 9, 301.0, 40.2),
    ('wild', 10, 146.2, 37.5),
    ('feed', 10, 185.4, 30.8),
    ('refusal', 11, 132.8, 19.5),
    ('wild', 12, 117.7, 25.9),
    ('feed', 12, 207.8, 32.4),
    ('refusal', 13, 913.6, 25.2),
)


def _plant(kind: str, rnd: Round, greedy: Action) -> Action | None:
    """The blunder of ``kind`` to play instead of GreedyBot's ``greedy`` here, if one fits."""
    legal = rnd.legal_actions()
    discards = [a for a in legal if isinstance(a, Discard)]
    if kind == "refusal":
        if isinstance(greedy, Ask):
            naturals = [a for a in discards if not a.card.is_wild]
            if naturals:
                return max(naturals, key=lambda a: (a.card.rank, str(a.card)))
        return None
    if not isinstance(greedy, Discard) or greedy.card.is_wild:
        return None
    seat = acting_seat(rnd)
    if kind == "wild":
        wilds = [a for a in discards if a.card.is_wild]
        if wilds:
            return min(wilds, key=lambda a: str(a.card))
        return None
    if kind == "feed" and len(rnd.pile) >= FEED_PILE:
        them = rnd.team_of(rnd.next_seat(seat))
        opened = rnd.opened[them]
        feeding = [a for a in discards if not a.card.is_wild and not a.card.is_black_three
                   and a.card.rank in rnd.melds[them] and a.card.rank != greedy.card.rank
                   and pile_status(rnd.pile + [a.card], rnd.profile, team_opened=opened).state != "frozen"]
        if feeding:
            return max(feeding, key=lambda a: (a.card.rank, str(a.card)))
    return None


def planted(kind: str, seed: int) -> tuple[GameRecord, int, Action] | None:
    """The GreedyBot hand dealt from ``seed`` with the first blunder of ``kind`` planted:
    the record, the planted action's index and GreedyBot's own move there (None when no such
    blunder fits anywhere in that hand)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}.")
    rnd = Round(seed=seed, dealer=0)
    bots = [GreedyBot(seed=seed * 10 + s) for s in range(rnd.player_count)]
    at: int | None = None
    instead: Action | None = None
    while not rnd.is_over:
        choice = bots[acting_seat(rnd)].choose(rnd)
        if at is None:
            blunder = _plant(kind, rnd, choice)
            if blunder is not None:
                at, instead, choice = len(rnd.log), choice, blunder
        rnd.apply(choice)
    if at is None or instead is None:
        return None
    return GameRecord.from_round(rnd), at, instead


def planted_refusal(seed: int) -> tuple[GameRecord, int] | None:
    """The GreedyBot hand dealt from ``seed`` with the first "may I go out?" GreedyBot would
    ask replaced by a discard; the record and the planted action's index (None when GreedyBot
    never asks in that hand or no discard is legal there)."""
    got = planted("refusal", seed)
    return None if got is None else got[:2]
