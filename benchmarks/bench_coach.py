"""Coach benchmarks: prints figures; run `python benchmarks/bench_coach.py`.

- rollouts per second: one deal of the unseen cards played to the end of the round by
  GreedyBots, from mid-round classic positions, one core;
- `advise` latency (median, p90) on mid-round classic positions at the default time budget;
- CoachBot partners against GreedyBot partners over ``--rounds`` seeded deals, each played
  twice with the teams' seats swapped (by default the measured preset: 24 deals per decision,
  asked on draw/take, ask and answer decisions, GreedyBot's choice kept unless beaten by one
  paired standard error; ``--max-seconds`` caps the run and the N played is printed): the
  coach team's win rate (ties count half) with a
  Wilson 95% interval and its mean margin with a 95% interval over the seeds (each seed's two
  rounds averaged, so the swapped pair counts once); ``--results`` keeps one line per seed
  and ``--pool`` prints runs over disjoint seed ranges together;
- measured (2-core machine shared, under nice): ``--phases draw,ask,discard,answer
  --objective wins --first-seed 1001 --rounds 400``: 800 rounds, 53.4% won (95% CI
  50.0%-56.9%), mean margin +34 (95% CI -5 to +73), 0.245 s per search, 3493 s; the default
  preset measured 52% (277 of 532 rounds) and 53% on seeds 1-50, with mean margins whose 95%
  CI lay above zero. In 258 of those 400 deals the same seats won whoever played them (one
  seating won, the other lost; 1 more had a tie), so a 60% win rate needs the coach to turn
  about one deal in five. The default preset with ``--coach-rollouts 96`` on seeds 1001-1100:
  200 rounds, 54.2% won (95% CI 47.3%-61.0%), mean margin +252 (95% CI +156 to +348), 0.29 s
  per search;
- measured (stop 22, same machine): ``--phases draw,ask,discard,answer --objective wins
  --coach-rollouts 16 --first-seed 7001 --rounds 400`` with the deals weighed by the discards
  (`Determinizer.weight`): 800 rounds, 53.6% won (95% CI 50.1%-57.0%), mean margin +70 (95% CI
  +30 to +110), 1.9 s per round; the same seeds with the discards ignored (``LACK_WEIGHT`` 1):
  55.0% (51.5%-58.4%), +60 (+22 to +99). The paired difference, -1.4 +- 3.7 points of rounds
  won and +10 +- 52 points of margin, is no difference that 400 seeds can show;
- with ``--sees-hands``: the same match, but the coach's deals keep the other players' real hands
  (only the stock is shuffled). That coach cheats: it is a measurement of how far the rollout
  method could go with perfect knowledge of the hands, never a player (see `SeeingDeterminizer`).
  Measured with the preset above on seeds 7001-7200 (400 rounds, discards ignored): 69.2% won
  (95% CI 64.6%-73.6%), margin +240 (+185 to +295), against 56.2% (51.4%-61.0%), +88 (+35 to
  +141) for the fair coach on the same seeds. The gap is what the hidden hands are worth to
  this method; the public history tells little of them;
- with ``--profile``: where the rollout loop spends its time (cProfile, top functions).

Figures depend on the machine and its load: run under `nice` on a shared machine and say so.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import math
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import canasta_learn.play.coach as coach_module  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import GreedyBot, _Memory, acting_seat, run_round  # noqa: E402
from canasta_learn.play.coach import (  # noqa: E402
    DEFAULT_TIME_BUDGET,
    CoachBot,
    Determinizer,
    advise,
    play_out,
    stuck_endings,
)
from canasta_learn.play.estimates import wilson95 as wilson  # noqa: E402


def mid_round(seed: int, actions: int, profile: str = "classic") -> Round:
    """A round dealt from ``seed`` and played ``actions`` actions by GreedyBots (stopping
    before the action that would end it)."""
    rnd = Round(profile, seed=seed)
    bots = [GreedyBot(seed=seed * 31 + s) for s in range(rnd.player_count)]
    for _ in range(actions):
        action = bots[acting_seat(rnd)].choose(rnd)
        probe = rnd.copy()
        probe.apply(action)
        if probe.is_over:
            break
        rnd.apply(action)
    return rnd


def positions(count: int, profile: str = "classic") -> list[Round]:
    """``count`` mid-round positions (20 to 50 actions into the round) where a choice exists."""
    found: list[Round] = []
    seed = 1000
    while len(found) < count:
        rnd = mid_round(seed, 20 + (seed * 7) % 31, profile)
        seed += 1
        if len(rnd.legal_actions()) > 1:
            found.append(rnd)
    return found


def rollout_rate(seconds: float) -> tuple[float, float]:
    """Rollouts per second (`play_out` on a fresh deal of the unseen cards, deal included) and
    mean actions per ending, from mid-round classic positions."""
    spots = positions(10)
    memories = []
    for rnd in spots:  # as in advise: the bots' public memory is read once per position
        memory = _Memory(rnd)
        memory.update()
        memories.append(memory)
    rng = random.Random(1)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rnd = spots[done % len(spots)]
        seat = acting_seat(rnd)
        sample = Determinizer(rnd, seat).sample(rng)
        play_out(sample, GreedyBot(seed=done).choose(sample), rnd.team_of(seat), done, memories[done % len(spots)])
        done += 1
    elapsed = time.perf_counter() - start
    lengths = []
    for index, rnd in enumerate(spots):  # untimed: how long an ending is
        sample = Determinizer(rnd, acting_seat(rnd)).sample(rng)
        before = len(sample.log)
        run_round(sample, [GreedyBot(seed=index + s) for s in range(sample.player_count)])
        lengths.append(len(sample.log) - before)
    return done / elapsed, statistics.fmean(lengths)


def latency(count: int, budget: float) -> tuple[list[float], list[int], list[int]]:
    """Seconds, deals and candidates of `advise` on ``count`` mid-round classic positions."""
    times: list[float] = []
    deals: list[int] = []
    cands: list[int] = []
    for index, rnd in enumerate(positions(count)):
        start = time.perf_counter()
        advice = advise(rnd, time_budget=budget, seed=index)
        times.append(time.perf_counter() - start)
        deals.append(advice.samples)
        cands.append(len(advice.candidates))
    return times, deals, cands


class SeeingDeterminizer(Determinizer):
    """A measurement aid, not a coach: its deals keep every hand as it really is and shuffle
    only the stock (and any morto or reserve), so a CoachBot using it knows the other players'
    cards. ``--sees-hands`` swaps it in for the coach's `Determinizer` to measure the ceiling of
    the rollout method when nothing about the hands is hidden."""

    def sample(self, rng: random.Random) -> Round:
        """A copy of the round with the stock (and mortos, reserves) shuffled; hands untouched."""
        new = self.round.copy()
        rng.shuffle(new.stock)
        new.mortos = [list(m) for m in new.mortos]
        for morto in new.mortos:
            rng.shuffle(morto)
        new.reserves = [list(r) for r in new.reserves]
        for reserve in new.reserves:
            rng.shuffle(reserve)
        return new


def match(rounds: int, coach_rollouts: int | None, coach_budget: float, first_seed: int,
          keep_greedy: float = 0.0, max_seconds: float = math.inf,
          phases: tuple[str, ...] = ("draw", "play", "answer"), objective: str = "margin",
          results: str | None = None) -> None:
    """CoachBot partners against GreedyBot partners, seats swapped; prints the figures.
    ``results``: also append one JSON line per seed (its two margins and seconds) to this file,
    so runs over disjoint seed ranges can be pooled (`pool`)."""
    rows: list[dict[str, object]] = []
    decisions: list[float] = [0, 0]  # coach searches, seconds in them
    start = time.perf_counter()
    out = open(results, "a", encoding="utf-8") if results else None  # noqa: SIM115
    for seed in range(first_seed, first_seed + rounds):
        if time.perf_counter() - start > max_seconds:
            print(f"(stopped after {seed - first_seed} of {rounds} seeds: --max-seconds {max_seconds:.0f} reached)")
            break
        pair = []
        began = time.perf_counter()
        for coach_team in (0, 1):
            bots = [CoachBot(seed=seed * 10 + s, rollouts=coach_rollouts, time_budget=coach_budget,
                             keep_greedy_within=keep_greedy, phases=phases, objective=objective)
                    if s % 2 == coach_team else GreedyBot(seed=seed * 10 + s) for s in range(4)]
            rnd = run_round(Round(seed=seed, dealer=seed % 4), bots)
            scores = [rnd.score_team(t).total for t in (0, 1)]
            pair.append(scores[coach_team] - scores[1 - coach_team])
            for bot in bots:
                if isinstance(bot, CoachBot):
                    decisions[0] += bot.searches
                    decisions[1] += bot.search_seconds
        row = {"seed": seed, "margins": pair, "seconds": round(time.perf_counter() - began, 2)}
        rows.append(row)
        if out is not None:
            out.write(json.dumps(row) + "\n")
            out.flush()
    if out is not None:
        out.close()
    elapsed = time.perf_counter() - start
    budget = f"{coach_rollouts} deals per decision" if coach_rollouts else f"{coach_budget:.2f} s per decision"
    budget += ", searching in phases " + "/".join(phases) + f", objective {objective}"
    if keep_greedy:
        budget += f", keeps GreedyBot's choice unless beaten by {keep_greedy} paired SE"
    print(f"CoachBot ({budget}) vs GreedyBot, classic")
    if decisions[0]:
        print(f"  {decisions[0]:.0f} coach searches, {decisions[1] / decisions[0]:.3f} s each on average")
    report(rows, elapsed)


def report(rows: list[dict[str, object]], elapsed: float | None = None) -> None:
    """Print the win rate (Wilson 95% CI) and the mean margin (95% CI over seat-swapped pairs)."""
    wins = 0.0
    pair_means: list[float] = []
    n = 0
    for row in rows:
        pair = row["margins"]
        assert isinstance(pair, list)
        for margin in pair:
            wins += 1.0 if margin > 0 else (0.5 if margin == 0 else 0.0)
            n += 1
        pair_means.append(sum(pair) / 2)
    seeds = sorted(int(str(row["seed"])) for row in rows)
    if seeds != list(range(seeds[0], seeds[0] + len(seeds))):
        print("  (warning: the seeds are not consecutive)")
    if elapsed is None:
        elapsed = sum(float(str(row["seconds"])) for row in rows)
    low, high = wilson(wins, n)
    mean = statistics.fmean(pair_means)
    se = statistics.stdev(pair_means) / math.sqrt(len(pair_means)) if len(pair_means) > 1 else math.inf
    print(f"  seeds {seeds[0]}-{seeds[-1]} x 2 seatings = {n} rounds in {elapsed:.0f} s "
          f"({elapsed / n:.1f} s per round)")
    print(f"  coach team wins {wins:.1f} of {n} rounds: {100 * wins / n:.1f}% "
          f"(95% CI {100 * low:.1f}%–{100 * high:.1f}%, Wilson; ties count half)")
    print(f"  mean margin per round {mean:+.0f} points (95% CI {mean - 1.96 * se:+.0f} to {mean + 1.96 * se:+.0f}, "
          f"over {len(pair_means)} seat-swapped pairs)")


def pool(paths: list[str]) -> None:
    """Print the figures of the seeds recorded in ``paths`` (`match` ``results`` files) together;
    a seed recorded twice is an error."""
    rows: list[dict[str, object]] = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            rows.extend(json.loads(line) for line in handle if line.strip())
    seen = [row["seed"] for row in rows]
    if len(seen) != len(set(seen)):
        raise SystemExit("a seed is recorded twice in the pooled files")
    print(f"pooled from {', '.join(paths)}:")
    report(rows)


def profile_rollouts(seconds: float) -> None:
    """Print where the rollout loop spends its time."""
    profiler = cProfile.Profile()
    profiler.enable()
    rollout_rate(seconds)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(15)
    stats.sort_stats("cumulative").print_stats(20)
    print(out.getvalue())


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of rollouts for the rate (10)")
    parser.add_argument("--positions", type=int, default=30, help="positions for the advise latency (30)")
    parser.add_argument("--budget", type=float, default=DEFAULT_TIME_BUDGET,
                        help=f"advise time budget in seconds (default {DEFAULT_TIME_BUDGET})")
    parser.add_argument("--rounds", type=int, default=400,
                        help="seeds for CoachBot vs GreedyBot, each played twice (default 400; 0 skips)")
    parser.add_argument("--coach-rollouts", type=int, default=24,
                        help="deals of the unseen cards per CoachBot decision (default 24; 0: use --coach-budget)")
    parser.add_argument("--coach-budget", type=float, default=0.2, help="seconds per CoachBot decision when "
                        "--coach-rollouts is 0 (default 0.2)")
    parser.add_argument("--keep-greedy", type=float, default=1.0,
                        help="CoachBot keep_greedy_within (standard errors; default 1; 0: always the coach's best)")
    parser.add_argument("--phases", default="draw,ask,answer",
                        help="decisions where CoachBot asks the coach: draw, play, ask, discard, answer "
                        "(default draw,ask,answer)")
    parser.add_argument("--objective", default="margin", choices=("margin", "wins"),
                        help="CoachBot objective (default margin: the coach's best; wins: most simulated deals won)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=math.inf,
                        help="start no new seed of the match after this many seconds (reports the N played)")
    parser.add_argument("--results", help="append one JSON line per seed of the match to this file")
    parser.add_argument("--pool", nargs="+", metavar="FILE",
                        help="print the figures of --results files together (and nothing else)")
    parser.add_argument("--sees-hands", action="store_true",
                        help="measurement only: the coach's deals keep the real hands (a cheating coach; the ceiling)")
    parser.add_argument("--profile", action="store_true", help="cProfile the rollout loop")
    parser.add_argument("--skip-rate", action="store_true")
    parser.add_argument("--skip-latency", action="store_true")
    args = parser.parse_args()
    if args.pool:
        pool(args.pool)
        return
    if not args.skip_rate:
        rate, length = rollout_rate(args.seconds)
        print(f"rollouts per second (classic, mid-round, GreedyBot endings, one core): {rate:.0f} "
              f"({length:.0f} actions per ending)")
    if not args.skip_latency:
        times, deals, cands = latency(args.positions, args.budget)
        times.sort()
        p90 = times[min(len(times) - 1, math.ceil(0.9 * len(times)) - 1)]
        print(f"advise latency, {args.positions} mid-round classic positions, budget {args.budget} s: "
              f"median {statistics.median(times):.2f} s, p90 {p90:.2f} s, max {times[-1]:.2f} s; "
              f"median {statistics.median(deals):.0f} deals x up to {statistics.median(cands):.0f} candidates")
    if args.sees_hands:
        coach_module.Determinizer = SeeingDeterminizer  # type: ignore[misc]
        print("(--sees-hands: the coach sees the other players' hands; a ceiling, not a fair coach)")
    if args.rounds:
        match(args.rounds, args.coach_rollouts or None, args.coach_budget, args.first_seed, args.keep_greedy,
              args.max_seconds, tuple(args.phases.split(",")), args.objective, args.results)
    if args.profile:
        profile_rollouts(min(args.seconds, 10.0))
    stuck, last = stuck_endings()
    print(f"rollouts that met a state with no legal action (scored as they stood): {stuck}")
    if last is not None:
        print(f"  last one: {last!r}, phase {last.phase}, permission {last.permission}, "
              f"log tail {[str(a) for a in last.log[-4:]]}")


if __name__ == "__main__":
    main()
