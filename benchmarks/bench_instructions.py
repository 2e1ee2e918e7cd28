"""Machine instructions per random-legal round, counted by valgrind (a deterministic figure).

Wall-clock rates on a shared machine swing by a third from one minute to the next; the number
of instructions the interpreter executes for the same seeded games does not. Use this to
judge an engine change (before/after on the same machine), and `bench_engine.py` for rates.

    python benchmarks/bench_instructions.py [--rounds 20] [--profile classic] [--tree PATH]

Needs valgrind (Debian: ``apt-get install valgrind``). ``PYTHONHASHSEED`` is fixed so that
dictionary layouts, and therefore the counts, repeat exactly.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

PLAY = """
import random, sys
sys.path.insert(0, sys.argv[1])
from canasta_learn import Round
rng = random.Random(0)
for seed in range(int(sys.argv[3])):
    rnd = Round(sys.argv[2], seed=seed)
    while not rnd.is_over:
        rnd.apply(rng.choice(rnd.legal_actions()))
"""


def count_instructions(tree: Path, profile: str, rounds: int) -> int:
    """Instructions valgrind counts for a Python run playing ``rounds`` random rounds."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    result = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", PLAY, str(tree), profile, str(rounds)],
        capture_output=True, text=True, env=env, check=True)
    match = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    if match is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{result.stderr[-2000:]}")
    return int(match.group(1).replace(",", ""))


def main() -> None:
    """Print instructions per round (start-up and imports subtracted)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--profile", default="classic")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the source tree to measure (another checkout, for a before/after)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind); nothing measured.")
        return
    start_up = count_instructions(args.tree, args.profile, 0)
    total = count_instructions(args.tree, args.profile, args.rounds)
    per_round = (total - start_up) / args.rounds
    print(f"[{args.profile}] {per_round / 1e6:.1f} million instructions per random-legal round "
          f"({per_round:,.0f}; {args.rounds} rounds, seeds 0-{args.rounds - 1}; tree {args.tree})")


if __name__ == "__main__":
    main()
