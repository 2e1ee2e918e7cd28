"""Coach rollouts per CPU second, GreedyBot choosing from every legal move or from the few its
choice depends on; run `python benchmarks/bench_rollouts.py`.

A rollout is what the coach's `advise` spends 92-98% of its time on: `play_out` deals the unseen
cards once (`Determinizer.sample`) and lets seeded GreedyBots finish the round. Both ways play
the same rollouts (same mid-round positions as benchmarks/bench_coach.py, same deals, same bot
seeds), and the script checks that they end in the same action logs. ``GreedyBot(every_move=True)``
is the reference: the bot reads the whole ``Round.legal_actions()`` list every turn. The default
bot asks `meld_candidates` only for the melds its choice can depend on (see `GreedyBot`).

Times are CPU seconds (`time.process_time`), best of ``--repeats`` runs of ``--rollouts``
rollouts each, so a shared machine's load counts less than in wall-clock time.

Measured (2-core machine shared by 8 people, under nice, 10 mid-round positions, all endings
identical): classic, 400 rollouts, best of 3: 661 rollouts per CPU second before, 732 after
(1.11x); italian, 200 rollouts, best of 2: 405 before, 499 after (1.23x). Before the change,
cProfile (``bench_coach.py --profile``) put `legal_actions` at 48% of `play_out` and
`meld_candidates` at 29%; after it, 37% and 23%. Where the time went: after a partner's "yes"
(11% of the play turns of these endings, yet 18% of their CPU time) every candidate meld was
judged by asking whether the hand could still go out; now the best are judged first and the
first legal one is played. Most play turns (the team opened, no "yes") gain nothing: GreedyBot
scores every legal meld there and draws a tie-breaker for each, so identical choices need the
whole list, which `legal_actions` gives with the choice then trusted by `Round.apply`.

Later (2 cores, two other jobs, under nice; the same 10 positions, 600 play-outs each way, CPU
time): the asker's search after "yes" (`coach.best_going_out`, 12 positions at most) costs a third
of a play-out: 462 play-outs a CPU second with it, 691 with GreedyBot going out its own way
(which misses canastas, so it stays). With 6 positions at most it found the same plans on 282
asker positions of other play-outs (bench_coach.py positions 11-30), one position none, for 7-9%
more play-outs a second (495 and 502 against 462 and 461, two runs): too little to change a tuned rule for.

2026-12-05 (2 cores, another benchmark on one of them, under nice; this script, classic, 400
rollouts, best of 3, two runs each way interleaved with the code before): 452 and 462 rollouts
per CPU second before, 563 and 571 after (1.24x), the same endings. The asker's search after
"yes" judges its candidate moves one by one, only those its budget of positions reaches
(`moves.bound_moves_unjudged`), and play_out keeps the ending it found instead of replaying the
plan; `plan_values` remembers which wild-card counts keep a meld legal; the move generation asks
`going_out.may_ask` (no refusal message made for a player unable to go out); GreedyBot's discard
reads the pile's state without its message; `seat_label` looks up one word, not four. 740
play-outs over seven profiles (classic, italian, canastra_br, tranca, cardgames_io,
pennies_from_heaven, traditional) ended in the same action logs and scores before and after.

2026-12-06 (2 cores, a test run on the other one, under nice; this script, classic, 400 rollouts,
best of 3, two runs each way interleaved with the code before): 600 and 623 rollouts per CPU
second before, 693 and 710 after (1.14x). A one-group meld's cards are its group's own tuple, not
a copy; the asker's search after "yes" orders its endings by its own team's score alone (the other
teams' scores are the same at every ending of a plan only the asker plays), half the scoring;
these two change no ending (64 ``advise`` results over the seven profiles and 16 classic meld
positions, 8,980 play-outs, identical). The play-out bots share one copy of the public memory of
what each seat picked up, read in the order things happened (GreedyBot's memory read events
before discards, so one reading over a whole history, as a play-out's bots start from, counted a
rank discarded and taken back with the pile once short per discard: mended, which changes some
endings; tests/play/test_greedy_memory.py). At the Hint's meld positions (play-outs cut after 32
actions, 16 positions, 60 deals each) the gain is smaller, 5-8% (826-880 play-outs per CPU second
before, 881-940 after, four interleaved runs): there a play-out is mostly GreedyBot choosing
(`meld_candidates`, `_best_meld`, `_discard_choice`: about 40% of it, in cProfile) and the engine
applying its moves (16%), which these changes do not touch.

Tried and not kept (2026-12-06, scratch copy): the same source compiled with mypyc (which ships
with mypy), to see what compiled code would buy the Hint. Compiled: core.actions, core.events,
core.counts, engine.moves, engine.perform, engine.position, every rules module, play.bots,
play.draw_orders, play.position_value, play.coach, play.estimates and profiles; `Round`, `Card` and
the variant classes stayed interpreted (mypyc cannot compile them as written: closures inside
methods, a copy through ``__dict__``, ``object.__new__``, mixin subclasses), and some forty lines
were changed for it (exception classes marked non-native, `Round`'s methods borrowed from rule
modules wrapped, the `Bot` protocol's run-time check replaced, one nested function in `plan_values`
made a module function, two class attributes marked ``ClassVar``). The Hint's work as measured:
``advise(..., rollouts=40, cut=32)`` at the 20 positions of bench_coach.py, 5,944 play-outs, two
runs each way interleaved (2 cores, idle, under nice): 907 and 838 play-outs per CPU second
interpreted, 1,361 and 1,407 compiled (1.5-1.7x), every outcome identical. Not kept: the package is
pure Python (JupyterLite runs it in Pyodide as it is), compiled functions check the declared types
of their arguments and raise mypyc's own TypeError (met in the trial) where the package raises its
documented errors, and the meld hints would still fall short of their bar of 85% with twice the
deals (84% pressed twice, bench_hint_agreement.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import canasta_learn.play.coach as coach_module  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import GreedyBot, GreedyWeights, _Memory, acting_seat  # noqa: E402
from canasta_learn.play.coach import Determinizer, play_out  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_coach import positions  # noqa: E402


class EveryMoveGreedyBot(GreedyBot):
    """GreedyBot reading every legal move (the reference), built as `play_out` builds its bots."""

    def __init__(self, seed: int | None = None, weights: GreedyWeights | None = None) -> None:
        super().__init__(seed, weights, every_move=True)


def rollouts(spots: list[Round], count: int, every_move: bool) -> tuple[float, list[list[str]]]:
    """CPU seconds for ``count`` rollouts over ``spots`` and each rollout's final action log."""
    memories = []
    for rnd in spots:  # as in advise: the bots' public memory is read once per position
        memory = _Memory(rnd)
        memory.update()
        memories.append(memory)
    samples = []
    rng = random.Random(1)
    for done in range(count):  # the deals, untimed: the same for both ways
        rnd = spots[done % len(spots)]
        samples.append(Determinizer(rnd, acting_seat(rnd)).sample(rng))
    logs: list[list[str]] = []
    original = vars(coach_module)["GreedyBot"]  # the class play_out builds its bots from
    setattr(coach_module, "GreedyBot", EveryMoveGreedyBot if every_move else GreedyBot)  # noqa: B010
    try:
        start = time.process_time()
        for done, sample in enumerate(samples):
            rnd = spots[done % len(spots)]
            seat = acting_seat(rnd)
            first = GreedyBot(seed=done, every_move=every_move).choose(sample)
            play_out(sample, first, rnd.team_of(seat), done, memories[done % len(spots)])
        elapsed = time.process_time() - start
    finally:
        setattr(coach_module, "GreedyBot", original)  # noqa: B010
    for done, sample in enumerate(samples):  # untimed: the endings, to compare the two ways
        ending = sample.copy()
        ending.apply(GreedyBot(seed=done, every_move=every_move).choose(ending))
        bots = [GreedyBot(seed=done + s, every_move=every_move) for s in range(ending.player_count)]
        while not ending.is_over:
            ending.apply(bots[acting_seat(ending)].choose(ending))
        logs.append([str(a) for a in ending.log])
    return elapsed, logs


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="classic", help="rules profile of the positions (classic)")
    parser.add_argument("--positions", type=int, default=10, help="mid-round positions (10)")
    parser.add_argument("--rollouts", type=int, default=400, help="rollouts per run (400)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each way; the best counts (3)")
    args = parser.parse_args()
    spots = positions(args.positions, args.profile)
    best: dict[bool, float] = {}
    logs: dict[bool, list[list[str]]] = {}
    for _ in range(args.repeats):
        for every_move in (True, False):  # interleaved, so load changes hit both alike
            elapsed, logs[every_move] = rollouts(spots, args.rollouts, every_move)
            best[every_move] = min(best.get(every_move, float("inf")), elapsed)
    same = sum(1 for a, b in zip(logs[True], logs[False], strict=True) if a == b)
    actions = sum(len(log) for log in logs[False])
    print(f"{args.profile}, {args.positions} mid-round positions, {args.rollouts} rollouts, best of {args.repeats} "
          f"(CPU time), {actions / args.rollouts:.0f} actions per finished round:")
    for every_move, label in ((True, "every legal move (before)"), (False, "the moves the choice needs (after)")):
        print(f"  {label}: {args.rollouts / best[every_move]:.0f} rollouts per CPU second")
    print(f"  speed-up {best[True] / best[False]:.2f}x; identical endings: {same} of {args.rollouts}")
    if same != args.rollouts:
        raise SystemExit("the two ways played different endings")


if __name__ == "__main__":
    main()
