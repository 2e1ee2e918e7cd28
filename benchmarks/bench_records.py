"""Record benchmarks (issue 3): prints figures; run `python benchmarks/bench_records.py`.

- dump and load (load re-checks every action: it is a full replay) of a whole 5000-point game;
- worst and median `state_at` for random jumps into that game, right after loading;
- `annotate` time for the whole game.
The game is the shipped example `game_to_5000.json` when present, else random-legal play.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from canasta_learn.annotate import annotate  # noqa: E402
from canasta_learn.game import Game  # noqa: E402
from canasta_learn.record import CHECKPOINT_EVERY, GameRecord  # noqa: E402


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


if __name__ == "__main__":
    main()
