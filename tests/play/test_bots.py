"""Bots, bot rounds and games, simulate(), the simulate/record commands, the example games."""

from __future__ import annotations

import csv
import json
import warnings
from pathlib import Path

import pytest

from canasta_learn.cli import main
from canasta_learn.core.actions import Action, TakePile
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import (
    Bot,
    GreedyBot,
    GreedyWeights,
    RandomBot,
    UnfinishedGameWarning,
    acting_seat,
    make_bot,
    make_bots,
    play_game,
    play_game_live,
    play_round,
    play_round_live,
    run_round,
)
from canasta_learn.play.simulate import round_columns, simulate, simulate_rows, summarize
from canasta_learn.records.examples import (
    EXAMPLES,
    example_games,
    example_names,
    example_path,
    load_example,
)
from canasta_learn.records.record import GameRecord

DOCUMENTED_COLUMNS = [
    "round", "seed", "dealer", "length", "turns", "winner", "score_0", "score_1",
    "natural_canastas_0", "mixed_canastas_0", "natural_canastas_1", "mixed_canastas_1",
    "went_out", "concealed", "end_reason", "pile_takes", "frozen_turns",
]


class CheckingBot:
    """Wraps a bot and asserts that every choice is among the engine's legal actions."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.choices = 0

    def choose(self, rnd: Round) -> Action:
        legal = rnd.legal_actions()
        seat = acting_seat(rnd)
        action = self.inner.choose(rnd)
        assert action in legal, f"{action} is not among the legal actions {legal}"
        assert action.seat == seat
        self.choices += 1
        return action


# ---------------------------------------------------------------------- legality, determinism
@pytest.mark.parametrize("profile", ["classic", "traditional", "cardgames_io"])
def test_bots_choose_only_legal_actions(profile: str) -> None:
    for seed in range(6):
        bots = [CheckingBot(GreedyBot(seed * 10 + s) if s % 2 == 0 else RandomBot(seed + s))
                for s in range(4)]
        if seed % 2:
            bots = [CheckingBot(GreedyBot(seed + s)) for s in range(4)]
        rnd = run_round(Round(profile, seed=seed, dealer=seed % 4), bots)
        assert rnd.is_over
        assert sum(b.choices for b in bots) == len(rnd.log)


def test_acting_seat_is_the_partner_when_answering() -> None:
    for seed in range(40):
        rnd = Round(seed=seed)
        bots = make_bots("greedy", 4, seed)
        while not rnd.is_over:
            if rnd.phase == "answer":
                assert rnd.asker is not None
                assert acting_seat(rnd) == rnd.partner_of(rnd.asker)
                assert all(a.seat == acting_seat(rnd) for a in rnd.legal_actions())
                return
            rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    pytest.fail("no greedy round in 40 asked for permission")


def test_same_seed_same_round_and_game() -> None:
    players = ("greedy", "random", "greedy", "random")
    first = play_round_live(players, seed=11, dealer=2)
    second = play_round_live(players, seed=11, dealer=2)
    assert first.log == second.log
    assert play_round(players, seed=5).dump() == play_round(players, seed=5).dump()
    assert play_game("greedy", seed=4).dump() == play_game("greedy", seed=4).dump()
    other = play_round_live(players, seed=12, dealer=2)
    assert other.log != first.log


def test_bot_instances_are_seeded() -> None:
    rnd_a, rnd_b = Round(seed=1), Round(seed=1)
    run_round(rnd_a, [GreedyBot(3), RandomBot(4), GreedyBot(5), RandomBot(6)])
    run_round(rnd_b, [GreedyBot(3), RandomBot(4), GreedyBot(5), RandomBot(6)])
    assert rnd_a.log == rnd_b.log


def test_make_bot_names_and_errors() -> None:
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot(" Random ", 1), RandomBot)
    bot = GreedyBot(2)
    assert make_bot(bot) is bot
    with pytest.raises(ValueError, match="Unknown bot 'clever'"):
        make_bot("clever")
    with pytest.raises(ValueError, match="one bot per seat"):
        make_bots(["greedy", "random", "greedy"], 4, 0)


def test_play_game_reaches_the_target_and_records_it() -> None:
    record = play_game(("greedy", "random", "greedy", "random"), seed=2)
    game = record.to_game()
    assert game.is_over and game.winner == 0
    assert max(game.totals) >= 5000
    assert record.players == ["greedy N", "random E", "greedy S", "random W"]


def test_play_game_guards_against_endless_games() -> None:
    with pytest.warns(UnfinishedGameWarning, match="stopped after 1 rounds"):
        game = play_game_live("random", seed=1, max_rounds=1)
    # the round limit ends the game: over, unfinished, no winner (game.py's safety rule)
    assert game.is_over and game.unfinished and game.winner is None
    assert len(game.round_scores) == len(game.rounds) == 1


def test_play_round_record_replays_to_the_live_result() -> None:
    live = play_round_live("greedy", seed=21, dealer=1, team_scores=(1600, 3100))
    record = play_round("greedy", seed=21, dealer=1, team_scores=(1600, 3100),
                        names=["Ann", "Bob", "Cy", "Di"])
    final = record.final_state(0)
    assert final.is_over and final.log == live.log
    assert [s.total for s in final.scores()] == [s.total for s in live.scores()]
    assert record.players == ["Ann", "Bob", "Cy", "Di"]


# ---------------------------------------------------------------------- strength
def test_greedy_team_beats_random_team() -> None:
    # Measured (seed 0, 200 rounds): greedy wins 97.5% of the rounds, by 758 points on average
    # (seed 1: 97% / 756). The margins asserted are well below that.
    frame = simulate(200, ("greedy", "random", "greedy", "random"), seed=0)
    assert len(frame) == 200
    assert (frame["winner"] == 0).mean() >= 0.85
    assert (frame["score_0"] - frame["score_1"]).mean() >= 500


def test_greedy_wins_from_either_seat() -> None:
    rows = list(simulate_rows(60, ("random", "greedy", "random", "greedy"), seed=7))
    summary = summarize(rows)
    assert summary["win_rate"][1] >= 0.8
    assert summary["mean_score"][1] - summary["mean_score"][0] >= 400


# ---------------------------------------------------------------------- simulate
def test_simulate_returns_the_documented_columns() -> None:
    frame = simulate(6, seed=3)
    assert list(frame.columns) == DOCUMENTED_COLUMNS == round_columns(2)
    assert list(frame["round"]) == list(range(6))
    assert set(frame["end_reason"]) <= {"went_out", "stock_exhausted"}
    assert str(frame["went_out"].dtype) == "Int64" and str(frame["winner"].dtype) == "Int64"
    assert frame["concealed"].dtype == bool
    assert (frame["length"] > 0).all() and (frame["turns"] > 0).all()
    assert (frame["frozen_turns"] <= frame["turns"]).all()
    # a row's seed and dealer replay that round
    row = frame.iloc[4]
    again = play_round_live(("greedy", "random", "greedy", "random"), seed=int(row["seed"]),
                            dealer=int(row["dealer"]))
    assert len(again.log) == row["length"]
    assert [s.total for s in again.scores()] == [row["score_0"], row["score_1"]]
    assert again.went_out == (None if row["went_out"] is None or str(row["went_out"]) == "<NA>"
                              else int(row["went_out"]))
    assert sum(isinstance(a, TakePile) for a in again.log) == row["pile_takes"]


def test_simulate_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="Unknown bot"):
        list(simulate_rows(2, ("greedy", "nobody", "greedy", "random"), seed=0))
    with pytest.raises(ValueError, match="Unknown profile"):
        list(simulate_rows(2, "greedy", profile="nope"))
    with pytest.raises(ValueError, match="whole number"):
        list(simulate_rows(-1, "greedy"))


# ---------------------------------------------------------------------- command line
def test_cli_simulate_prints_a_summary_and_writes_csv(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rounds.csv"
    assert main(["simulate", "--rounds", "8", "--bots", "greedy,random", "--seed", "2",
                 "--csv", str(out), "--progress"]) == 0
    captured = capsys.readouterr()
    assert "8 rounds, profile classic, seed 2" in captured.out
    assert "win rate" in captured.out and "greedy (N, S)" in captured.out
    assert "went out concealed" in captured.out
    assert "8/8 rounds" in captured.err  # the progress bar
    with open(out, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 8 and list(rows[0]) == DOCUMENTED_COLUMNS


def test_cli_record_writes_a_round_and_a_game(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    one = tmp_path / "round.json"
    assert main(["record", "--bots", "greedy", "--seed", "9", "-o", str(one)]) == 0
    record = GameRecord.load(str(one))
    assert len(record.rounds) == 1 and record.final_state(0).is_over
    assert record.dump() == play_round("greedy", seed=9).dump()
    game = tmp_path / "game.json"
    assert main(["record", "--bots", "greedy,random", "--seed", "4", "-o", str(game),
                 "--game"]) == 0
    assert GameRecord.load(str(game)).to_game().is_over
    three = tmp_path / "three.json"
    assert main(["record", "--seed", "4", "-o", str(three), "--rounds", "3",
                 "--profile", "traditional"]) == 0
    loaded = GameRecord.load(str(three))
    assert len(loaded.rounds) == 3 and loaded.profile.name == "traditional"
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--rounds", "2", "--bots", "greedy,wizard"], "Unknown bot 'wizard'"),
    (["simulate", "--rounds", "2", "--profile", "nope"], "Unknown profile 'nope'"),
    (["simulate", "--rounds", "2", "--bots", "greedy,random,greedy"], "3 names for 4 seats"),
    (["simulate", "--rounds", "2", "--csv", "/nonexistent-dir/x.csv"], "cannot write"),
    (["record", "--bots", "robot", "-o", "x.json"], "Unknown bot 'robot'"),
    (["record", "--profile", "nope", "-o", "x.json"], "Unknown profile 'nope'"),
    (["record", "-o", "/nonexistent-dir/x.json"], "cannot write"),
])
def test_cli_errors_are_one_line(argv: list[str], message: str, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("canasta-learn: error: ") and message in lines[0]


# ---------------------------------------------------------------------- example games
def test_example_games_are_shipped_and_load() -> None:
    games = example_games()
    assert set(games) == set(EXAMPLES) == set(example_names())
    for name, record in games.items():
        path = Path(__file__).resolve().parents[2] / "canasta_learn" / "data" / "games"
        assert record.dump() == (path / f"{name}.json").read_text(encoding="utf-8")
        assert record.info["example"] == name
        for r in range(len(record.rounds)):
            assert record.final_state(r).is_over  # replays to the end
        assert any(rr.comments for rr in record.rounds)
    with pytest.raises(ValueError, match="No example game"):
        load_example("missing")


def test_example_frozen_pile_fight_shows_a_frozen_take() -> None:
    record = load_example("frozen_pile_fight")
    assert len(record.rounds) == 1 and len(record.rounds[0].actions) <= 60
    takes = []
    for step in record.replay():
        if isinstance(step.action, TakePile):
            before = record.state_at(0, step.action_index - 1)
            takes.append((before.pile_status(step.action.seat).code, len(before.pile)))
    assert ("frozen_wild", 17) in takes
    frozen_turns = 0
    blocked = 0
    rnd = record.state_at(0, -1)
    for step in record.replay():
        if step.action.verb == "draw":
            before = record.state_at(0, step.action_index - 1)
            state = before.pile_state(step.action.seat)
            frozen_turns += state == "frozen"
            blocked += state == "blocked"
        rnd = step.round
    assert frozen_turns >= 8 and blocked >= 3
    assert rnd.is_over


def test_example_concealed_going_out() -> None:
    record = load_example("concealed_going_out")
    final = record.final_state(0)
    assert final.went_out_concealed and final.end_reason == "went_out"
    assert final.went_out is not None
    items = [item.code for item in final.scores()[final.went_out % 2].items]
    assert "going_out" in items
    assert final.scores()[final.went_out % 2].points("going_out") == 200


def test_example_game_reaches_5000() -> None:
    record = load_example("game_to_5000")
    game = record.to_game()
    assert game.is_over and max(game.totals) >= 5000
    assert len(record.rounds) >= 3
    minimums = {record.state_at(r, -1).opening_minimum(t)
                for r in range(len(record.rounds)) for t in (0, 1)}
    assert {50, 90, 120} <= minimums


def test_example_comments_carry_glyphs() -> None:
    data = json.loads(Path(example_path("frozen_pile_fight")).read_text(encoding="utf-8"))
    glyphs = data["rounds"][0]["glyphs"]
    assert set(glyphs.values()) <= {"!", "?", "!!", "??", "!?", "?!"} and glyphs


# ---------------------------------------------------------------------- engine dead end
def test_engine_last_red_three_leaves_a_legal_action() -> None:
    """Found by random bots (cardgames_io, seed 91): the last stock card is a red three and the
    player keeps one card without a canasta, so no discard is legal; the round must not stall."""
    rnd = Round.from_state(profile="cardgames_io", hands=["s9", "s13", "d7", "c4 c4 d4"],
                           stock="h3", pile="c1", melds=[["c13 d13 h13"], ["c5 h5 jk"]],
                           to_move=0, check_counts=False)
    rnd.apply("N draw")
    assert rnd.is_over or rnd.legal_actions()


def test_no_warnings_from_a_finished_game() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert play_game_live("greedy", seed=6).is_over


def _pile_choices(weights: GreedyWeights | None, seeds: range) -> tuple[int, int]:
    """(times a bot with ``weights`` in seat 0 took the pile, times it could have) while the
    stock lasted, over ``seeds``."""
    took = could = 0
    for seed in seeds:
        rnd = Round(seed=seed)
        bots = [GreedyBot(seed, weights)] + [GreedyBot(seed * 10 + s) for s in range(1, 4)]
        while not rnd.is_over:
            seat = acting_seat(rnd)
            action = bots[seat].choose(rnd)
            if seat == 0 and rnd.phase == "draw" and rnd.stock and any(
                    isinstance(a, TakePile) for a in rnd.legal_actions()):
                could += 1
                took += isinstance(action, TakePile)
            rnd.apply(action)
    return took, could


def test_greedy_weights_change_how_the_bot_plays_and_the_defaults_are_its_own() -> None:
    seeds = range(1, 41)
    default = _pile_choices(None, seeds)
    assert _pile_choices(GreedyWeights(), seeds) == default
    never_took, never_could = _pile_choices(GreedyWeights(take_at=1e9), seeds)
    always_took, always_could = _pile_choices(GreedyWeights(take_at=-1e9), seeds)
    assert never_could > 0 and never_took == 0
    assert always_could > 0 and always_took == always_could
    assert 0 < default[0] < default[1]  # GreedyBot's own weights take some piles, not all
    assert repr(GreedyBot(3)) == "GreedyBot(seed=3)"
    assert "take_at=3.0" in repr(GreedyBot(3, GreedyWeights(take_at=3.0)))
    with pytest.raises(TypeError, match="weights must be a GreedyWeights"):
        GreedyBot(3, {"take_at": 3.0})  # type: ignore[arg-type]
