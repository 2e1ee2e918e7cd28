"""Engine benchmarks: prints figures; run `python benchmarks/bench_engine.py`.

- full random-legal rounds per second and actions per second (one core; the best of three
  passes over the same 200 seeded rounds, the slowest pass printed alongside);
- median and worst `legal_actions()` time over those rounds;
- worst `opening_options()` time over hard hands (20-25 cards, many pairs and wilds);
- `import canasta_learn` time in a fresh interpreter, and whether pandas/ipywidgets got imported.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn import Position, Round  # noqa: E402
from canasta_learn.core.cards import new_deck  # noqa: E402


def bench_random_rounds(rounds: int, profile: str, passes: int = 3) -> dict[str, float]:
    """Play ``rounds`` full rounds choosing uniformly among legal actions, ``passes`` times over
    the same seeds (the same games); rates come from the fastest pass, as timeit does, since a
    shared machine only ever slows a pass down."""
    timings: list[float] = []
    elapsed_passes: list[float] = []
    actions = 0
    for _ in range(passes):
        rng = random.Random(0)
        actions = 0
        start = time.perf_counter()
        for seed in range(rounds):
            rnd = Round(profile, seed=seed)
            while not rnd.is_over:
                t0 = time.perf_counter()
                legal = rnd.legal_actions()
                timings.append(time.perf_counter() - t0)
                rnd.apply(rng.choice(legal))
                actions += 1
        elapsed_passes.append(time.perf_counter() - start)
    elapsed = min(elapsed_passes)
    timings.sort()
    return {
        "rounds_per_s": rounds / elapsed,
        "rounds_per_s_slowest_pass": rounds / max(elapsed_passes),
        "actions_per_s": actions / elapsed,
        "actions_per_round": actions / rounds,
        "legal_median_us": statistics.median(timings) * 1e6,
        "legal_p99_us": timings[int(len(timings) * 0.99)] * 1e6,
        "legal_worst_ms": timings[-1] * 1e3,
    }


def hard_hands(count: int, seed: int = 1) -> list[list]:
    """Hands of 20-25 cards, rich in pairs and wild cards."""
    rng = random.Random(seed)
    hands = []
    deck = [c for c in new_deck() if not c.is_red_three]
    wilds = [c for c in deck if c.is_wild]
    naturals = [c for c in deck if not c.is_wild and not c.is_black_three]
    for _ in range(count):
        size = rng.randint(20, 25)
        pool = list(naturals)
        rng.shuffle(pool)
        pool.sort(key=lambda c: c.rank)  # grouped ranks -> many pairs
        start = rng.randrange(0, len(pool) - size)
        hand = pool[start:start + size - 6] + rng.sample(wilds, 6)
        hands.append(hand)
    return hands


def bench_opening_options(count: int) -> dict[str, float]:
    """Worst and median `opening_options()` over hard hands at every minimum."""
    timings = []
    for hand in hard_hands(count):
        for score in (-5, 0, 1500, 3000):
            position = Position(hand, team_score=score)
            t0 = time.perf_counter()
            position.opening_options()
            timings.append(time.perf_counter() - t0)
    timings.sort()
    return {"opening_median_ms": statistics.median(timings) * 1e3, "opening_worst_ms": timings[-1] * 1e3}


def bench_import() -> dict[str, float]:
    """Import time in a fresh interpreter (best of 5) and heavy modules pulled in."""
    code = (
        "import time,sys; t=time.perf_counter(); import canasta_learn; "
        "print(time.perf_counter()-t, 'pandas' in sys.modules, 'ipywidgets' in sys.modules)"
    )
    best = float("inf")
    heavy = ""
    # as installed for a user: bytecode caches written once (this machine's sessions set
    # PYTHONDONTWRITEBYTECODE, which would make every run recompile from source)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-c", "import canasta_learn"], check=True, cwd=root, env=env)
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             cwd=root, env=env).stdout.split()
        best = min(best, float(out[0]))
        heavy = f"pandas={out[1]} ipywidgets={out[2]}"
    print(f"import canasta_learn: {best * 1e3:.1f} ms (best of 5, bytecode cached); imported {heavy}")
    return {"import_ms": best * 1e3}


def main() -> None:
    """Run every benchmark and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--passes", type=int, default=3, help="passes over the same rounds (best one reported)")
    args = parser.parse_args()
    for profile in ("classic", "cardgames_io", "traditional", "italian", "pennies_from_heaven"):
        r = bench_random_rounds(args.rounds, profile, args.passes)
        print(f"[{profile}] random-legal rounds: {r['rounds_per_s']:.0f}/s (slowest of {args.passes} passes "
              f"{r['rounds_per_s_slowest_pass']:.0f}/s), {r['actions_per_s']:.0f} actions/s "
              f"({r['actions_per_round']:.0f} actions/round); legal_actions median "
              f"{r['legal_median_us']:.0f} us, p99 {r['legal_p99_us']:.0f} us, worst {r['legal_worst_ms']:.2f} ms")
    o = bench_opening_options(args.hands)
    print(f"opening_options over {args.hands * 4} hard hands (20-25 cards): median {o['opening_median_ms']:.2f} ms, "
          f"worst {o['opening_worst_ms']:.2f} ms")
    bench_import()


if __name__ == "__main__":
    main()
