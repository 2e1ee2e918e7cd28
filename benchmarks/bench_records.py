"""Record benchmarks: prints figures; run `python benchmarks/bench_records.py`.

- dump and load (load re-checks every action: it is a full replay) of a whole 5000-point game;
- worst and median `state_at` for random jumps into that game, right after loading;
- `annotate` time for the whole game.
The game is the shipped example `game_to_5000.json` when present, else random-legal play.

Then the limits section: the largest record the limits allow (`MAX_ROUNDS` rounds
of random-legal canastra_br play, the profile with the longest rounds), its load time and
memory (tracemalloc: peak while loading and kept after) per 100 rounds, strict and lazy, a
lazy replay of round 5, and the cost of refusing hostile input (deep nesting, lenient repair
of a truncated maximum-size record, megabytes of garbage).

Last, `ReplayViewer` (when ipywidgets is installed): the median time of one step forward in
round 1 and in round 120 of a 130-round record (the score sheet is kept incrementally, so the
two should be alike).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from canasta_learn.engine.game import Game  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.records.annotate import annotate  # noqa: E402
from canasta_learn.records.record import (  # noqa: E402
    CHECKPOINT_EVERY,
    MAX_RECORD_CHARS,
    MAX_ROUNDS,
    GameRecord,
    RecordError,
)


def long_game_text() -> tuple[str, str]:
    """A whole game to 5000 as record text, and where it came from."""
    shipped = ROOT / "canasta_learn" / "data" / "games" / "game_to_5000.json"
    if shipped.exists():
        return shipped.read_text(encoding="utf-8"), shipped.name
    rng = random.Random(2024)
    game = Game(seed=2024)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return GameRecord.from_game(game).dump(), "random-legal game, seed 2024"


def main() -> None:
    text, source = long_game_text()
    record = GameRecord.load(text)
    actions = sum(len(rr.actions) for rr in record.rounds)
    print(f"game: {source}: {len(record.rounds)} rounds, {actions} actions, {len(text)} bytes")
    loads = []
    for _ in range(5):
        start = time.perf_counter()
        record = GameRecord.load(text)
        loads.append(time.perf_counter() - start)
    dumps = []
    for _ in range(20):
        start = time.perf_counter()
        record.dump()
        dumps.append(time.perf_counter() - start)
    print(f"load + replay (every action re-checked): median {statistics.median(loads) * 1e3:.1f} ms")
    print(f"dump: median {statistics.median(dumps) * 1e3:.2f} ms")
    rng = random.Random(1)
    jumps = []
    for _ in range(1000):
        r = rng.randrange(len(record.rounds))
        a = rng.randrange(-1, len(record.rounds[r].actions))
        start = time.perf_counter()
        record.state_at(r, a)
        jumps.append(time.perf_counter() - start)
    print(f"state_at over 1000 random jumps (checkpoint every {CHECKPOINT_EVERY} actions): "
          f"median {statistics.median(jumps) * 1e3:.2f} ms, worst {max(jumps) * 1e3:.2f} ms")
    cold = GameRecord.from_game(record.to_game())
    start = time.perf_counter()
    cold.state_at(len(cold.rounds) - 1, len(cold.rounds[-1].actions) - 1)
    print(f"state_at cold (record built from a live game, nothing replayed yet): "
          f"{(time.perf_counter() - start) * 1e3:.2f} ms")
    start = time.perf_counter()
    annotate(record)
    print(f"annotate whole game: {(time.perf_counter() - start) * 1e3:.0f} ms")


def long_record(rounds: int, distinct: int = 40) -> str:
    """A record of ``rounds`` random-legal canastra_br rounds (``distinct`` of them, repeated:
    the loader re-checks each copy in full all the same)."""
    played = []
    for seed in range(distinct):
        rng = random.Random(seed)
        rnd = Round("canastra_br", seed=seed, dealer=seed % 4)
        while not rnd.is_over:
            rnd.apply(rng.choice(rnd.legal_actions()))
        played.append(GameRecord.from_round(rnd).rounds[0])
    return GameRecord("canastra_br", rounds=[played[i % distinct] for i in range(rounds)]).dump()


def measure(label: str, load: object) -> object:
    """Run ``load()`` twice: its CPU time alone, then its memory under tracemalloc (peak while
    running, kept after); print both."""
    start = time.process_time()
    load()  # type: ignore[operator]
    elapsed = time.process_time() - start
    tracemalloc.start()
    result = load()  # type: ignore[operator]
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  {label}: {elapsed * 1e3:.0f} ms CPU, peak {peak / 1e6:.1f} MB, kept "
          f"{kept / 1e6:.1f} MB")
    return result


def limits() -> None:
    print("\nlimits and long records")
    text = long_record(MAX_ROUNDS)
    per_round = len(text.encode()) / MAX_ROUNDS
    print(f"largest record: {MAX_ROUNDS} canastra_br rounds, {len(text.encode()) / 1e6:.2f} MB "
          f"({per_round / 1e3:.1f} kB a round; the size limit is {MAX_RECORD_CHARS / 1e6:.1f} MB)")
    hundred = long_record(100)
    print(f"100 rounds: {len(hundred.encode()) / 1e3:.0f} kB (times are CPU seconds)")
    measure("strict load of 100 rounds (every action re-checked)", lambda: GameRecord.load(hundred))
    measure("lazy load of 100 rounds (notation only)", lambda: GameRecord.load(hundred, lazy=True))
    record = measure(f"strict load of {MAX_ROUNDS} rounds", lambda: GameRecord.load(text))
    assert isinstance(record, GameRecord)
    def every_round() -> None:
        for r in range(len(record.rounds)):
            record.final_state(r)
    measure(f"final_state of every one of the {MAX_ROUNDS} rounds (states of 8 kept)",
            every_round)
    lazy = measure(f"lazy load of {MAX_ROUNDS} rounds", lambda: GameRecord.load(text, lazy=True))
    assert isinstance(lazy, GameRecord)
    measure("then replay round 5 step 3 (one round checked)", lambda: lazy.state_at(4, 2))
    print("hostile input (each refused or repaired):")
    for label, payload, strict in (
            ("'[' * 100000 + ']' * 100000", "[" * 100000 + "]" * 100000, True),
            ("'{\\n' + '[' * 16000, lenient", "{\n" + "[" * 16000, False),
            ("8 MB of garbage, lenient", "{" + "x!" * (MAX_RECORD_CHARS // 2 - 1), False),
            (f"the {MAX_ROUNDS}-round record cut in the middle, lenient",
             text[:len(text) // 2], False)):
        def attempt(payload: str = payload, strict: bool = strict) -> str:
            try:
                record = GameRecord.load(payload, strict=strict)
            except RecordError as error:
                return f"RecordError: {error}"
            return f"{len(record.rounds)} rounds kept, {len(record.errors)} problems"
        print(f"    -> {measure(label, attempt)}")


def replay_steps() -> None:
    try:
        from canasta_learn.widgets import ReplayViewer
    except ImportError:
        print("\nReplayViewer: ipywidgets not installed, skipped")
        return
    print("\nReplayViewer step forward (median of 40, CPU time)")
    text = long_record(130, distinct=20)
    viewer = ReplayViewer(GameRecord.load(text))
    for r in (0, 119):
        viewer.go(viewer.steps.index((r, 0)))  # the round's notes are made once, here
        samples = []
        for _ in range(40):
            start = time.process_time()
            viewer.next()
            samples.append(time.process_time() - start)
        print(f"  round {r + 1}: {statistics.median(samples) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
    limits()
    replay_steps()
