"""Bot benchmarks: prints figures; run `python benchmarks/bench_bots.py`.

- greedy-bot full rounds per second (four GreedyBots), one core;
- random-bot full rounds per second (four RandomBots), one core;
- greedy against random, for reference;
with the mean actions per round and the time per bot decision;
- with ``--all-profiles``: greedy-bot rounds per second for every registered profile, and the
  time per action of each relative to classic (a six-player round should be at most
  three times slower per action than a classic round).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import make_bots, run_round  # noqa: E402
from canasta_learn.profiles import get_profile, profile_names  # noqa: E402


def bench(players: tuple[str, ...], rounds: int, profile: str) -> dict[str, float]:
    """Play ``rounds`` full rounds with these bots; return the rates."""
    actions = 0
    start = time.perf_counter()
    for seed in range(rounds):
        seats = get_profile(profile).player_count
        bots = make_bots(players, seats, seed)
        rnd = run_round(Round(profile, seed=seed, dealer=seed % seats), bots)
        actions += len(rnd.log)
    elapsed = time.perf_counter() - start
    return {"rounds_per_s": rounds / elapsed, "actions_per_round": actions / rounds,
            "us_per_action": 1e6 * elapsed / actions}


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="rounds per figure (default 100)")
    parser.add_argument("--profile", default="classic")
    parser.add_argument("--all-profiles", action="store_true", help="greedy rounds/s for every profile")
    args = parser.parse_args()
    if args.all_profiles:
        print(f"greedy-bot rounds per profile: {args.rounds} rounds each, one core")
        base = None
        for name in profile_names():
            result = bench(("greedy",), args.rounds, name)
            base = base or result["us_per_action"]
            print(f"  {name:<20} {result['rounds_per_s']:7.1f} rounds/s   {result['actions_per_round']:6.1f} "
                  f"actions/round   {result['us_per_action']:6.0f} us/action   "
                  f"x{result['us_per_action'] / base:.2f} per action vs classic")
        return
    print(f"bot benchmarks: {args.rounds} rounds each, profile {args.profile}, one core")
    for label, players in (("greedy x4", ("greedy",)), ("random x4", ("random",)),
                           ("greedy vs random", ("greedy", "random", "greedy", "random"))):
        result = bench(players, args.rounds, args.profile)
        print(f"  {label:<17} {result['rounds_per_s']:7.1f} rounds/s   "
              f"{result['actions_per_round']:6.1f} actions/round   "
              f"{result['us_per_action']:6.0f} us/action (choose + apply)")


if __name__ == "__main__":
    main()
