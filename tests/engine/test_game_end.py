"""The game's safety rule (game.py): a game that cannot reach its target stops once
``max_rounds`` rounds (default 200) have been scored, over but unfinished, so `play_game` and
``canasta-learn record --game`` always end."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

from canasta_learn import Game, IllegalActionError
from canasta_learn.cli import main
from canasta_learn.engine.game import MAX_GAME_ROUNDS
from canasta_learn.play.bots import UnfinishedGameWarning, play_game, play_game_live
from canasta_learn.profiles import profile_names
from canasta_learn.records.record import GameRecord


def play_random(game: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_default_round_limit_is_the_documented_200() -> None:
    assert MAX_GAME_ROUNDS == 200 and Game().max_rounds == 200


@pytest.mark.parametrize("profile", profile_names())
def test_a_game_stops_at_its_round_limit_unfinished(profile: str) -> None:
    game = play_random(Game(profile, seed=4, max_rounds=3), seed=4)
    assert len(game.round_scores) == len(game.rounds) == 3
    assert game.is_over and game.unfinished and game.winner is None
    assert max(game.totals) < game.profile.target_score  # weak play: far from the target
    assert game.result.startswith("The game is unfinished: it stopped at its limit of 3 rounds")
    assert " to ".join(map(str, game.totals)) in game.result
    assert "unfinished" in repr(game) and "unfinished" in str(game)
    with pytest.raises(IllegalActionError, match="The game is over. The game is unfinished"):
        game.apply(game.round.legal_actions()[0] if not game.round.is_over else "N draw")


def test_a_won_game_is_not_unfinished() -> None:
    game = play_game("greedy", seed=2).to_game()
    assert game.is_over and not game.unfinished and game.winner is not None
    assert game.result == (f"Team {game.winner} won with totals "
                           f"{' to '.join(map(str, game.totals))}.")


def test_a_weak_canastra_game_ends_at_the_limit_with_a_warning() -> None:
    with pytest.warns(UnfinishedGameWarning, match="stopped after 4 rounds"):
        game = play_game_live("random", "canastra_br", seed=3, max_rounds=4)
    assert game.is_over and game.unfinished and len(game.round_scores) == 4


def test_the_record_of_an_unfinished_game_holds_its_rounds_and_plays_on() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UnfinishedGameWarning)
        live = play_game_live("random", seed=6, max_rounds=2)
        record = play_game("random", seed=6, max_rounds=2)
    assert len(record.rounds) == 2
    # the record keeps the rounds, not the limit: rebuilt, the game goes on under the default
    again = GameRecord.load(record.dump()).to_game()
    assert again.totals == live.totals and len(again.round_scores) == 2
    assert not again.is_over and again.max_rounds == MAX_GAME_ROUNDS


@pytest.mark.parametrize("value, error", [(0, ValueError), (-1, ValueError), (2.5, TypeError), (True, TypeError),
                                          ("10", TypeError)])
def test_max_rounds_must_be_a_whole_number_of_rounds(value: object, error: type[Exception]) -> None:
    """A wrong kind is a TypeError, a whole number below 1 a ValueError (core/inputs.py's rule)."""
    with pytest.raises(error, match="^max_rounds must be a whole number of at least 1, not "):
        Game(max_rounds=value)  # type: ignore[arg-type]


def test_cli_record_game_stops_at_max_rounds(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.json"
    assert main(["record", "--bots", "random", "--profile", "canastra_br", "--game",
                 "--max-rounds", "2", "-o", str(out)]) == 0
    captured = capsys.readouterr()
    assert "stopped after 2 rounds without a winner" in captured.err
    assert len(GameRecord.load(str(out)).rounds) == 2
