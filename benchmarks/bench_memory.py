"""Memory that grows with use: prints figures; run
`python benchmarks/bench_memory.py [--unpickled N] [--rounds N]`.

Each figure is tracemalloc's memory kept (after a garbage collection) before and after, and
the size of the cache concerned:

The script runs against an older checkout too (``PYTHONPATH`` first), for the figures before.

- `rules_for`'s cache while ``--unpickled`` (2,000) pickled rounds are loaded and asked for their
  legal actions, one at a time (each carries its own copy of its profile); the rounds are dropped
  as they go, so what is kept is the cache's. Before the cache keyed profiles by value: one entry per copy (+10.8 MB).
- `ReplayViewer` stepping to the deal and first move of every round of a ``--rounds`` (1,000)
  round record of random-legal classic play: the notes it keeps (before they were bounded: every
  round's, 50 -> 215 MB). The record's own replayed states (`GameRecord.state_at`'s checkpoints,
  bounded) are shown alone first, as the reference.

No figure is asserted: the bounds themselves are tested (tests/variants/test_rules_hooks.py,
tests/widgets/test_widgets_hand_play_replay.py).
"""

from __future__ import annotations

import argparse
import gc
import os
import pickle
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if not os.environ.get("PYTHONPATH"):  # else the checkout PYTHONPATH names is measured
    sys.path.insert(0, str(ROOT))

from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import play_round  # noqa: E402
from canasta_learn.records.record import CACHED_ROUNDS, GameRecord  # noqa: E402
from canasta_learn.variants import base  # noqa: E402


def kept() -> int:
    """The bytes tracemalloc counts as allocated now, after a full collection."""
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def measure(label: str, run: Callable[[], object], size: Callable[[], str]) -> object:
    """Run ``run`` and print the memory kept before and after, its growth and ``size()``."""
    before = kept()
    start = time.perf_counter()
    result = run()
    seconds = time.perf_counter() - start
    after = kept()
    print(f"{label}: {before / 1e6:8.2f} MB -> {after / 1e6:8.2f} MB kept "
          f"(+{(after - before) / 1e6:.2f} MB) in {seconds:.1f} s; {size()}")
    return result


def unpickle_rounds(count: int) -> None:
    profiles = ["classic", "italian", "pennies_from_heaven", "canastra_br"]
    blobs = [pickle.dumps(Round(name, seed=1)) for name in profiles]
    for name in profiles:  # the registered profiles' answers exist before the count starts
        Round(name, seed=1).legal_actions()

    def run() -> None:
        for i in range(count):
            rnd = pickle.loads(blobs[i % len(blobs)])
            rnd.legal_actions()
            del rnd

    measure(f"rules_for, {count} unpickled rounds", run,
            lambda: f"cache entries: {len(getattr(base, 'RULES_BY_PROFILE', {}))} by value, "
                    f"{len(base.RULES_BY_ID)} by id (id cache holds at most {getattr(base, 'ID_CACHE_SIZE', '-')})")


def long_record(rounds: int) -> GameRecord:
    return GameRecord("classic", rounds=[play_round("random", seed=seed, dealer=seed % 4).rounds[0]
                                         for seed in range(rounds)])


def replay_viewer(record: GameRecord) -> None:
    try:
        from canasta_learn.widgets import replay
    except ImportError as error:  # the widgets extra is missing
        print(f"ReplayViewer: skipped ({error})")
        return
    noted = getattr(replay, "NOTED_ROUNDS", "no bound")  # (older versions: none)
    steps_of = [(r, a) for r, rr in enumerate(record.rounds) for a in range(-1, len(rr.actions))]
    shown = [i for i, (r, a) in enumerate(steps_of) if a in (-1, 1)]
    rounds = len(record.rounds)

    def states() -> None:
        for r in range(rounds):
            record.state_at(r, min(1, len(record.rounds[r].actions)))

    measure(f"GameRecord.state_at, {rounds} rounds (the reference)", states,
            lambda: f"rounds with replayed states kept: {len(record._caches)} (at most {CACHED_ROUNDS})")
    viewer = replay.ReplayViewer(record)

    def steps() -> None:
        for step in shown:
            viewer.go(step)

    measure(f"ReplayViewer, deal and first move of {rounds} rounds", steps,
            lambda: f"rounds with notes kept: {len(viewer._notes)} (at most {noted})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--unpickled", type=int, default=2000, help="unpickled rounds (default 2000)")
    parser.add_argument("--rounds", type=int, default=1000, help="rounds in the replayed record (default 1000)")
    args = parser.parse_args()
    record = long_record(args.rounds)  # made before tracing: only the viewer's memory is counted
    tracemalloc.start()
    unpickle_rounds(args.unpickled)
    replay_viewer(record)
    tracemalloc.stop()


if __name__ == "__main__":
    main()
