"""Seeded random-legal games for the record and annotation tests (no dependency on bots.py)."""

from __future__ import annotations

import functools
import random

from canasta_learn.engine.game import Game
from canasta_learn.engine.round import Round
from canasta_learn.profiles import get_profile
from canasta_learn.records.record import GameRecord

PROFILES = ("classic", "cardgames_io", "traditional")


def play_random_round(seed: int, profile: str = "classic", dealer: int = 0,
                      team_scores: tuple[int, int] = (0, 0)) -> Round:
    """A round dealt from ``seed`` and played by choosing uniformly among legal actions."""
    rng = random.Random(seed)
    rnd = Round(profile, seed=seed, dealer=dealer, team_scores=team_scores)
    while not rnd.is_over:
        rnd.apply(rng.choice(rnd.legal_actions()))
    return rnd


def play_random_game(seed: int, profile: str = "classic", max_rounds: int = 30) -> Game:
    """A whole game (or ``max_rounds`` rounds) of random-legal play."""
    rng = random.Random(seed)
    game = Game(profile, seed=seed, dealer=seed % 4)
    while not game.is_over and len(game.round_scores) < max_rounds:
        game.apply(rng.choice(game.legal_actions()))
    return game


@functools.cache
def random_games() -> tuple[Game, ...]:
    """Whole random games over the three profiles."""
    return tuple(play_random_game(seed, PROFILES[seed % 3]) for seed in range(12))


@functools.cache
def random_rounds() -> tuple[Round, ...]:
    """At least 200 finished random rounds over the three profiles, varied dealers and scores."""
    scores = ((0, 0), (1500, -40), (3000, 2990), (-100, 4000))
    rounds = []
    for seed in range(210):
        profile = PROFILES[seed % 3]
        rounds.append(play_random_round(1000 + seed, profile, dealer=seed % 4,
                                        team_scores=scores[seed % 4]))
    return tuple(rounds)


@functools.cache
def sample_record_texts() -> tuple[str, ...]:
    """A few dumped records used as bases for corruption tests."""
    texts = [GameRecord.from_game(play_random_game(seed, PROFILES[seed % 3], max_rounds=2)).dump()
             for seed in range(3)]
    texts.append(GameRecord.from_round(play_random_round(77, "traditional")).dump())
    custom = get_profile("classic").replace(name="house", target_score=3000, wild_limit=2)
    rnd = Round(custom, seed=5)
    rng = random.Random(5)
    while not rnd.is_over:
        rnd.apply(rng.choice(rnd.legal_actions()))
    texts.append(GameRecord.from_round(rnd).dump())
    return tuple(texts)
