"""Game review: how fast the first marks arrive, the whole review, whether planted blunders
are found and how many marks a 10-times re-check overturns; prints figures; run
`python benchmarks/bench_review.py [--planted N] [--find] [--no-overturns] [--timing-only]`.

- Timing: from calling `review_game` (default rollouts, seed 0) on the example game
  ``frozen_pile_fight`` (45 actions, 46 steps in the viewer), then on the hand of
  tests/review_games.py with a refusal to go out, to the first progress call that carries a
  mark, and to the end, in wall seconds and in CPU seconds of this process
  (`time.process_time`: what a loaded machine does not inflate); the progress calls and the
  moves marked.
- Planted blunders (tests/planted_blunders.py, `PLANTED`: 20 planted moves a 10-times
  reference confirms): the review of the planted move alone marks it or not; the share marked
  with its 95% (Wilson) interval.
- Overturns: every mark of the planted reviews and of the timed reviews, and of a GreedyBot
  round against random players (late moves), is checked again, the move played against the
  mark's alternative, at 10 times the review's check (480 shared deals, another seed); a mark
  the one rule (`confirmed`) does not keep there is overturned. The share overturned with its
  95% (Wilson) interval.
- ``--find``: the reference check of planted blunders (kinds in turn, hand seeds 0, 1, ...)
  until N are confirmed, printed as the `PLANTED` table.

Measured on 2026-12-04 (2 cores shared with other jobs, load 4-6, under `nice`), the rule of
`canasta_learn.play.review` now: the check's alternative is GreedyBot's move unless the first
look's best beats it by more than 1 SE; the check goes on while the loss plus 0.5 SE reaches the
threshold; a mark needs its loss beyond 3.0 SE (Student's t) at the interim looks (48, 96, 192
deals) and 2.0 at the last (384): the four looks together mark a move that loses nothing at most
2.5% of the time, as one 95% test does (1.96 at every look: 7.1%).

- ``frozen_pile_fight``: whole review 9.9 s CPU (19.9 s wall) in the full run, 9.7 s CPU (13.3 s
  wall) with `--timing-only`; the same session's earlier rule 9.2 s CPU (13.3 s wall); by phases
  (a profiling run, 9.8 s): the screen of 27 decisions 6.0 s, the checks of 10 suspects 3.8 s.
  No move marked. Before this rule: 9.4-10.7 s CPU. Move 33 (index 32, W's jack onto the frozen
  pile of 17, "?" in the teacher's notes) is not marked: against the coach's alternatives
  (discard 5♣, 6♣) it loses 20 ± 42 and 26 ± 44 points (SE) on 480 deals, under the 50-point
  threshold. A first try picking the alternative as the best of the first look's top 2 and
  GreedyBot's move on 16 fresh deals of their own cost 1.2 s CPU more (with the earlier stop at
  a loss below the threshold it marked 13 of 20, as before).
- The refusal-to-go-out hand of tests/review_games.py (84 actions): whole review 18.5 s CPU
  (37 s wall), 3 moves marked (before: 14.6-15.2 s, 5), the first mark (the refusal, screened
  first) after 0.1 s CPU.
- Planted blunders: the reference confirmed 20 of 35 planted moves (it refuted 7 of 14
  refusals to go out: asking was worse there). Marked 16 of 20 (80%, 95% interval 58-92%);
  before: 13 (65%, 43-82%). Misses: the first look finds the planted move best (wild 5); the
  check against the chosen alternative does not confirm the loss (feed 2, wild 4, wild 10).
- Overturns: 2 of 25 marks (8%, 95% interval 2-25%; before: 3 of 24, 12%, 4-31%): marks of
  125 ± 45 and 59 ± 28 re-checked at 31 ± 39 and 18 ± 24.

Figures depend on the machine and its load: run under `nice` on a shared machine and say so.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from planted_blunders import KINDS, PLANTED, REFERENCE_ROLLOUTS, REFERENCE_SEED, planted  # noqa: E402
from review_games import greedy_against_random, refused_to_go_out  # noqa: E402

from canasta_learn.core.actions import parse_action  # noqa: E402
from canasta_learn.play.estimates import wilson95 as wilson  # noqa: E402
from canasta_learn.play.review import confirm_loss, confirmed, review_game, review_round  # noqa: E402
from canasta_learn.records.examples import load_example  # noqa: E402
from canasta_learn.records.record import GameRecord  # noqa: E402

#: The re-check's seed (neither the review's nor the planted reference's).
RECHECK_SEED = 4242


def timing(name: str, record: GameRecord | None = None) -> GameRecord:
    record = load_example(name) if record is None else record
    wall, cpu = time.perf_counter(), time.process_time()
    first: list[tuple[float, float]] = []
    calls: list[tuple[int, int]] = []

    def progress(done: int, total: int, marks: dict[int, dict[int, dict[str, object]]]) -> None:
        calls.append((done, total))
        if not first and any(marks.values()):
            first.append((time.perf_counter() - wall, time.process_time() - cpu))

    count = review_game(record, seed=0, progress=progress)
    whole = (time.perf_counter() - wall, time.process_time() - cpu)
    print(f"{name}: whole review {whole[0]:.1f} s wall, {whole[1]:.1f} s CPU; {len(calls)} progress calls, "
          f"the first after {calls[0] if calls else None}; {count} moves marked "
          f"{sorted(record.rounds[0].review)}; first mark at "
          + (f"{first[0][0]:.1f} s wall, {first[0][1]:.1f} s CPU" if first else "none"), flush=True)
    return record


def reference(record: GameRecord, at: int, alternative: str) -> tuple[float, float, bool]:
    """The planted move at ``at`` against ``alternative`` on the reference's deals."""
    state = record.state_at(0, at - 1)
    played = parse_action(record.rounds[0].actions[at], state.player_count)
    other = parse_action(alternative, state.player_count)
    loss, se, _best, _advice = confirm_loss(state, played, other, rollouts=REFERENCE_ROLLOUTS,
                                            seed=REFERENCE_SEED)
    return loss, se, confirmed(loss, se, REFERENCE_ROLLOUTS)


def find(count: int) -> None:
    kept: list[tuple[str, int, float, float]] = []
    tried = 0
    seed = 0
    start = time.process_time()
    while len(kept) < count:
        for kind in KINDS:
            got = planted(kind, seed)
            if got is None or len(kept) >= count:
                continue
            record, at, instead = got
            loss, se, ok = reference(record, at, record.state_at(0, at - 1).action_text(instead))
            tried += 1
            print(f"  {kind} {seed}: {record.rounds[0].actions[at]} at {at} instead of "
                  f"{record.state_at(0, at - 1).action_text(instead)}: loss {loss:.0f} ± {se:.0f} SE"
                  f" -> {'confirmed' if ok else 'not confirmed'}", flush=True)
            if ok:
                kept.append((kind, seed, round(loss, 1), round(se, 1)))
        seed += 1
    print(f"{len(kept)} of {tried} planted moves confirmed by the reference "
          f"({time.process_time() - start:.0f} s CPU):")
    for row in kept:
        print(f"    {row!r},")


def planted_share(count: int) -> list[tuple[GameRecord, int, dict[str, Any]]]:
    marked = 0
    marks: list[tuple[GameRecord, int, dict[str, Any]]] = []
    rows = PLANTED[:count]
    start = time.process_time()
    for kind, seed, ref_loss, ref_se in rows:
        got = planted(kind, seed)
        assert got is not None
        record, at, _instead = got
        found = review_round(record, 0, seed=0, moves=[at])
        marked += at in found
        mark = found.get(at)
        if mark is not None:
            marks.append((record, at, mark))
        print(f"  {kind} {seed}: {record.rounds[0].actions[at]} at {at} (reference {ref_loss:.0f} ± {ref_se:.0f} SE): "
              + (f"marked, loss {mark['loss']} ± {mark['stderr']} SE on {mark['rollouts']} deals" if mark
                 else "not marked"), flush=True)
    low, high = wilson(marked, len(rows))
    print(f"planted blunders marked: {marked} of {len(rows)} ({marked / max(1, len(rows)):.0%}, 95% interval "
          f"{low:.0%}-{high:.0%}); {time.process_time() - start:.1f} s CPU", flush=True)
    return marks


def random_round_marks() -> list[tuple[GameRecord, int, dict[str, Any]]]:
    """Marks of a GreedyBot pair against random players (seed 3), their moves from 120 on."""
    record, late = greedy_against_random()
    found = review_round(record, 0, seed=0, moves=late)
    print(f"random players' late moves: {len(late)} reviewed, {len(found)} marked", flush=True)
    return [(record, at, mark) for at, mark in found.items()]


def overturns(marks: list[tuple[GameRecord, int, dict[str, Any]]]) -> None:
    overturned = 0
    start = time.process_time()
    for record, at, mark in marks:
        state = record.state_at(0, at - 1)
        played = parse_action(record.rounds[0].actions[at], state.player_count)
        best = parse_action(mark["best"], state.player_count)
        rollouts = 10 * 48
        loss, se, _b, _a = confirm_loss(state, played, best, rollouts=rollouts, seed=RECHECK_SEED)
        kept = confirmed(loss, se, rollouts)
        overturned += not kept
        print(f"  {record.rounds[0].actions[at]} at {at}: mark {mark['loss']} ± {mark['stderr']}, re-check "
              f"{loss:.0f} ± {se:.0f} on {rollouts} deals: {'kept' if kept else 'overturned'}", flush=True)
    low, high = wilson(overturned, len(marks))
    print(f"marks overturned by a 10x re-check: {overturned} of {len(marks)} "
          f"({overturned / max(1, len(marks)):.0%}, 95% interval {low:.0%}-{high:.0%}); "
          f"{time.process_time() - start:.1f} s CPU", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--planted", type=int, default=20, help="planted blunders to review (or find)")
    parser.add_argument("--find", action="store_true", help="find planted blunders the reference confirms")
    parser.add_argument("--no-overturns", action="store_true", help="skip the 10x re-check of the marks")
    parser.add_argument("--timing-only", action="store_true", help="only time the review of frozen_pile_fight")
    args = parser.parse_args()
    if args.find:
        find(args.planted)
        return
    if args.timing_only:
        timing("frozen_pile_fight")
        return
    timed = [timing("frozen_pile_fight"), timing("tests/review_games.py refused_to_go_out", refused_to_go_out())]
    marks = planted_share(args.planted)
    marks += [(record, at, mark) for record in timed for at, mark in record.rounds[0].review.items()]
    if not args.no_overturns:
        marks += random_round_marks()
        overturns(marks)


if __name__ == "__main__":
    main()
