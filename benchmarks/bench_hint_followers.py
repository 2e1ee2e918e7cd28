"""What following the hints is worth: prints figures; run `python benchmarks/bench_hint_followers.py`.

Each pairing puts one kind of player in two partner seats against GreedyBot partners, on
``--seeds`` deals from ``--first-seed``, each dealt twice with the teams' seats swapped (as in
bench_coach.py), and prints:

- ``--mode rounds``: rounds won by the pairing's team (ties count half) with a Wilson 95%
  interval, and its mean margin a round with a 95% interval over the seeds (each seed's two
  rounds averaged, so the swapped pair counts once);
- ``--mode games``: the same for whole games to 5000 (games won; mean final margin);
- the CPU seconds per round (``time.process_time``; under nice on a shared machine), and for a
  hint follower the hints asked for, CPU seconds per hint and the share of hints whose
  recommended move is not GreedyBot's;
- for every two pairings measured on the same seeds: the paired difference of their margins
  with a 95% interval (``follower`` against ``pileshy``: what the hints gain the weak player).

Pairings: ``greedy`` (GreedyBot: 50% by symmetry, a check), ``pileshy`` (`PileShyBot`, never
takes the pile), ``sloppy`` (`SloppyBot`, a random legal move on 20% of its decisions),
``follower`` (`HintFollower`: the hint's recommended move on every decision, ``--deals`` deals
per hint), ``pileshy+hints`` / ``sloppy+hints`` (`follow_hints` around the weak bot; with
``--hint-rate`` 1, the default, the hint replaces every move, so these play exactly as
``follower`` does and need not be run again), ``coach`` (the registered "coach" bot).

``--results FILE`` appends one JSON line per seed and pairing; a run given the same file skips
the seeds already recorded for the same pairing, mode and settings (resumable), and
``--report`` prints the file's figures without playing.

Measured (classic; 2-core machine shared by several jobs, under nice; ``--results`` files
pooled with ``--report``):

- ``--pairings greedy,pileshy,sloppy --first-seed 26001 --seeds 1000``: 2,000 rounds each.
  pileshy won 23.8% (95% CI 22.0-25.7%), margin -486 (-510 to -461); sloppy 36.8% (34.7-39.0%),
  margin -128 (-154 to -103); greedy 50.0% exactly (the same play in both seatings), 0.004 CPU s
  a round;
- the same with ``--mode games --seeds 500``: 1,000 games to 5000 each (6.2-6.7 rounds a game).
  pileshy won 4.1% (3.0-5.5%), sloppy 33.0% (30.2-36.0%);
- ``--pairings follower --deals 24,24 --first-seed 26001 --seeds 300``, stopped for the deadline
  and resumed with ``--max-seconds 780``, seeds 26001-26106: 212 rounds, won 52.4% (45.7-59.0%),
  margin +170 (+91 to +249), 13.3 CPU s a round (0.47 CPU s a hint, 3.8% of 6,019 hints not
  GreedyBot's move). On those 106 seeds: follower minus pileshy +566 a round (+447 to +686),
  24.5 points of rounds won (17.5 to 31.5); follower minus sloppy +314 (+205 to +422), 15.1
  points (7.1 to 23.1). The follower's games to 5000 (about 90 CPU s a game) were not played;
- ``--pairings coach --mode games --seeds 1``: 0.53 CPU s a round (2 games; a cost figure only);
- after the hint's floor moved to one standard error (`coach.FLOOR_STDERRS`),
  ``--pairings pileshy,sloppy,follower --first-seed 26001 --seeds 106 --max-seconds 2700``: the
  follower stopped at seed 26076 (152 rounds), won 50.3% (42.5-58.2%), margin +354 a round (+205
  to +504), 15.5 CPU s a round, 0.49 CPU s a hint, 34.7% of 4,846 hints not GreedyBot's move;
  follower minus pileshy +683 a round (+526 to +839), 18.8 points of rounds won (10.2 to 27.3);
  follower minus sloppy +491 (+319 to +662), 14.8 points (4.1 to 25.5). pileshy (212 rounds)
  won 27.8%, margin -396; sloppy 37.3%, margin -144. The margin is about twice the earlier
  floor's (+170 on seeds 26001-26106); rounds won stay near half;
- games to 5000 with that floor: ``--pairings pileshy,sloppy,follower --mode games --first-seed
  27001 --seeds 60 --max-seconds 4800`` and, alongside, ``--pairings follower --mode games
  --first-seed 27031 --seeds 30 --max-seconds 3600``, files pooled (2 cores, a third job, under
  nice): the follower played 49 seeds (27001-27029 and 27031-27050), 98 games: won 75 (76.5%, 95%
  CI 67.2-83.8%), margin +1620 a game (+1239 to +2001), 5.2 rounds a game, 13.5 CPU s a round,
  0.42 CPU s a hint, 33.3% of 16,622 hints not GreedyBot's move. pileshy won 4.2% of 120 games,
  sloppy 28.3%; on the 49 common seeds the follower won 72.4 points of games more than pileshy
  (63.4 to 81.5) and 51.0 more than sloppy (38.7 to 63.3). Following every hint beats GreedyBot
  partners in games (the registered coach: 71.3% of 442 games, bench_coach.py); 80% is not shown;
- more of the follower's games on fresh seeds, pooled with those 98 (its choices depend only on its
  deal counts, and the play-outs end exactly as before the speed-ups of 2026-12-05): seeds
  27061-27079, 27101-27128 and 27161-27172 (stopped for time; only finished seeds are kept; 2
  cores, the test suite beside, under nice): 216 games in all, won 168 (77.8%, 95% CI
  71.8-82.8%), margin +1684 a game (+1435 to +1934), 5.1 rounds a game, 13.0 CPU s a round. The
  118 new games alone: 93 won (78.8%). The interval still holds 80%, but the estimate stays near
  78% as the games add up: 80% is not shown;
- 66 more on fresh seeds (27201-27218 and 27261-27275, two runs stopped for time, only finished
  seeds kept; 2 cores, other benchmarks beside, under nice): 45 won (68.2%, 95% CI 56.2-78.2%).
  Pooled, 282 games: won 213 (75.5%, 95% CI 70.2-80.2%), margin +1566 a game (+1347 to +1786),
  5.2 rounds a game. 80% is now at the edge of the interval: the follower of 24-deal hints does
  not win 80% of its games;
- the follower of cut hints, as the Hint now makes them (``--deals 48,48 --cut 32``: 0.39 CPU s
  a hint, the same as 24 deals played to the end), on seeds 27001-27012 and 27031-27035 (two runs
  stopped for time, only finished seeds kept; 2 cores, other benchmarks and the test suite
  beside, under nice): 34 games, won 29 (85.3%, 95% CI 69.9-93.6%), margin +1635 a game (+1161 to
  +2110), 5.3 rounds a game, 13.2 CPU s a round, 35.4% of 5,981 hints not GreedyBot's move. On
  the same 17 seeds, minus the follower of uncut 24-deal hints: won +11.8 points of % (-9.7 to
  +33.2), margin -58 (-863 to +747). Too few games to tell; more are needed (the same seeds
  first, so the difference stays paired);
- 164 more games of the follower of cut hints (seeds 27013-27030, 27036-27079, 27101-27104,
  27161-27172 and 27201-27204; two runs on 2 cores, a test-suite run beside for 35 minutes,
  under nice; stopped for time, only finished seeds kept; the coach as of commit cdbf176, before
  dropped moves were listed last): 137 won (83.5%, 95% CI 77.1-88.4%). Pooled with the 34 above,
  **198 games: won 166 (83.8%, 95% CI 78.1-88.3%)**, margin +1892 a game (+1660 to +2123), 5.0
  rounds a game, 13.1 CPU s a round, 0.39 CPU s a hint, 34.8% of 33,341 hints not GreedyBot's
  move. Above the bar of 80%, with the interval's low end just below it. Paired with the follower
  of uncut 24-deal hints on the 88 seeds both played: won +5.1 points of % (-3.0 to +13.2),
  margin +198 (-190 to +585): likely better, not yet told apart;
- 166 more games of the follower of cut hints, the coach as of commit 6c0dc22 (dropped moves
  listed last; a few meld recommendations differ from cdbf176), on the seeds the uncut follower
  had played and the cut one had not, then fresh ones: 27105-27146, 27205-27218 and 27261-27287
  (two runs on 2 cores, under nice, other benchmarks beside for 40 minutes; stopped for time, only
  finished seeds kept): 145 won (87.3%, 95% CI 81.4-91.6%), margin +2127 a game (+1884 to +2369).
  These seeds were picked before playing them, so they do not flatter the cut follower; some had
  been hard for the uncut one (it won 68.2% of the games of 27201-27218 and 27261-27275), so the
  two versions' rates, on different seeds, are not a comparison of versions. Pooled with the 198
  above, **364 games: won 311 (85.4%, 95% CI 81.4-88.7%)**, margin +1999 a game (+1831 to +2167),
  4.8 rounds a game, 13.3 CPU s a round, 0.38 CPU s a hint, 35.2% of 60,709 hints not GreedyBot's
  move: the bar of 80% is met, the whole interval above it. Paired with the follower of uncut
  24-deal hints on the 141 seeds both played: won +9.6 points of % (+3.3 to +15.8), margin +377
  (+90 to +663): the cut hints are the better player, told apart. (Results: one JSON line a seed,
  pooled with ``--results FILE --report``.)
- the coach as it is now (commit 2bf6935: GreedyBot's memory read in the order things happened,
  play-outs 5-15% faster, draws shared between the moves compared), the follower of cut hints on
  fresh seeds 27301-27350 (``--pairings follower --mode games --deals 48,48 --cut 32 --max-seconds
  6300``; 2 cores, meld agreement runs beside for most of it, under nice), and ``--pairings
  pileshy,sloppy,greedy --mode games`` on seeds 27301-27380: the follower won **83 of 100 games
  (83.0%, 95% CI 74.5-89.1%)**, margin +2215 a game (+1822 to +2608), 4.7 rounds a game, 13.1 CPU
  s a round, 0.37 CPU s a hint, 36.4% of 16,596 hints not GreedyBot's move; greedy 50.0% of 160,
  pileshy 6.2%, sloppy 33.8%. On the 50 common seeds the follower won 77.0 points of games more
  than pileshy (69.0 to 85.0) and 47.0 more than sloppy (34.0 to 60.0). Within the noise of the
  85.4% above, and above the bar of 80% at its estimate, not beyond the noise on these 100 games.
  Then 86 more games with the same coach on fresh seeds 28001-28028 and 28101-28115 (the same
  command, two runs side by side with meld agreement runs, 2 cores, under nice; the runs' time
  limits ended them): won **74 of 86 (86.0%, 95% CI 77.2-91.8%)**, margin +2261 a game. Pooled with
  the 100: **157 of 186 (84.4%, 78.5-88.9%)**, margin +2236 (+1980 to +2493), 4.7 rounds a game,
  14.0 CPU s a round, 0.39 CPU s a hint, 36.3% of 31,220 hints not GreedyBot's move: the bar of
  80% is met, the interval reaching just below it.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.engine.game import Game  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import Bot, GreedyBot, make_bot, run_round  # noqa: E402
from canasta_learn.play.estimates import wilson95 as wilson  # noqa: E402
from canasta_learn.play.followers import FOLLOWER_DEALS, HintFollower, PileShyBot, SloppyBot, follow_hints  # noqa: E402

PAIRINGS = ("greedy", "pileshy", "sloppy", "follower", "pileshy+hints", "sloppy+hints", "coach")


def factory(pairing: str, deals: tuple[int, int], rate: float, cut: int | None = None) -> Callable[[int], Bot]:
    """The bot of ``pairing`` for a seat, from its seed."""
    if pairing == "greedy":
        return lambda seed: GreedyBot(seed=seed)
    if pairing == "pileshy":
        return lambda seed: PileShyBot(seed=seed)
    if pairing == "sloppy":
        return lambda seed: SloppyBot(seed=seed)
    if pairing == "follower":
        return lambda seed: HintFollower(GreedyBot(seed=seed), seed, deals=deals, rate=rate, cut=cut)
    if pairing == "pileshy+hints":
        return lambda seed: follow_hints(PileShyBot(seed=seed), seed, deals=deals, rate=rate, cut=cut)
    if pairing == "sloppy+hints":
        return lambda seed: follow_hints(SloppyBot(seed=seed), seed, deals=deals, rate=rate, cut=cut)
    if pairing == "coach":
        return lambda seed: make_bot("coach", seed)
    raise SystemExit(f"unknown pairing {pairing!r}: choose from {', '.join(PAIRINGS)}")


def settings(pairing: str, deals: tuple[int, int], rate: float, cut: int | None = None) -> str:
    """The settings that change a pairing's play (part of a result's key; the play-outs' cut only
    when there is one, so the rows recorded before it existed keep their key).

    >>> settings("follower", (24, 24), 1.0), settings("follower", (48, 48), 1.0, 32), settings("greedy", (24, 24), 1.0)
    ('deals=24-24,rate=1', 'deals=48-48,rate=1,cut=32', '')
    """
    if "hints" in pairing or pairing == "follower":
        return f"deals={deals[0]}-{deals[1]},rate={rate:g}" + ("" if cut is None else f",cut={cut}")
    return ""


def outcome(mine: float, theirs: float) -> float:
    """1 for a win, 0.5 for a tie, 0 for a loss."""
    return 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)


def play_seed(pairing: str, mode: str, seed: int, make: Callable[[int], Bot]) -> dict[str, object]:
    """One seed: the pairing's team in seats N/S, then E/W, against GreedyBot partners."""
    row: dict[str, object] = {"pairing": pairing, "mode": mode, "seed": seed}
    margins: list[int] = []
    wins: list[float] = []
    rounds: list[int] = []
    hints = departures = 0
    hint_seconds = 0.0
    start = time.process_time()
    for team in (0, 1):
        bots = [make(seed * 10 + s) if s % 2 == team else GreedyBot(seed=seed * 10 + s) for s in range(4)]
        if mode == "rounds":
            rnd = run_round(Round(seed=seed, dealer=seed % 4), bots)
            scores = [rnd.score_team(t).total for t in (0, 1)]
            rounds.append(1)
        else:
            game = Game(seed=seed, dealer=seed % 4)
            while not game.is_over:
                run_round(game.round, bots, apply=game.apply)
            scores = list(game.totals)
            rounds.append(len(game.rounds))
        margins.append(scores[team] - scores[1 - team])
        wins.append(outcome(scores[team], scores[1 - team]))
        for bot in bots:
            if isinstance(bot, HintFollower):
                hints += bot.hints
                hint_seconds += bot.hint_seconds
                departures += bot.departures
    row.update(margins=margins, wins=wins, rounds=rounds, cpu=round(time.process_time() - start, 3))
    if hints:
        row.update(hints=hints, hint_cpu=round(hint_seconds, 2), departures=departures)
    return row


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal; the seeds are many)."""
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, 1.96 * se


def report(rows: list[dict[str, object]]) -> None:
    """Print each pairing's figures, then the paired differences between pairings."""
    groups: dict[tuple[str, str, str], dict[int, dict[str, object]]] = {}
    for row in rows:
        key = (str(row["mode"]), str(row["pairing"]), str(row.get("settings", "")))
        groups.setdefault(key, {})[int(str(row["seed"]))] = row
    for (mode, pairing, config), by_seed in sorted(groups.items()):
        seeds = sorted(by_seed)
        wins = [w for s in seeds for w in by_seed[s]["wins"]]  # type: ignore[attr-defined]
        pairs = [statistics.fmean(by_seed[s]["margins"]) for s in seeds]  # type: ignore[arg-type]
        rounds = sum(r for s in seeds for r in by_seed[s]["rounds"])  # type: ignore[attr-defined]
        cpu = sum(float(str(by_seed[s]["cpu"])) for s in seeds)
        low, high = wilson(sum(wins), len(wins))
        mean, half = mean_ci(pairs)
        what = "rounds" if mode == "rounds" else "games to 5000"
        label = _label((mode, pairing, config))
        span = f"seeds {seeds[0]}-{seeds[-1]}" if seeds == list(range(seeds[0], seeds[-1] + 1)) else \
            f"{len(seeds)} seeds from {seeds[0]} to {seeds[-1]} (not consecutive)"
        print(f"{label} vs GreedyBot partners, {what}, {span} x 2 seatings:")
        print(f"  won {sum(wins):.1f} of {len(wins)}: {100 * sum(wins) / len(wins):.1f}% "
              f"(95% CI {100 * low:.1f}%-{100 * high:.1f}%, Wilson; ties count half)")
        print(f"  mean margin {mean:+.0f} points (95% CI {mean - half:+.0f} to {mean + half:+.0f}, over "
              f"{len(pairs)} seat-swapped pairs)")
        per_game = f" ({rounds / len(wins):.1f} a game)" if mode == "games" else ""
        print(f"  {rounds} rounds played{per_game}, {cpu / rounds:.3f} CPU s per round")
        hints = sum(int(str(by_seed[s].get("hints", 0))) for s in seeds)
        if hints:
            hint_cpu = sum(float(str(by_seed[s].get("hint_cpu", 0))) for s in seeds)
            departures = sum(int(str(by_seed[s].get("departures", 0))) for s in seeds)
            print(f"  {hints} hints, {hint_cpu / hints:.2f} CPU s each; {100 * departures / hints:.1f}% of them "
                  f"recommend a move that is not GreedyBot's")
    # each difference is the later pairing of PAIRINGS minus the earlier: what the hints gain
    keys = sorted(groups, key=lambda k: (k[0], PAIRINGS.index(k[1]) if k[1] in PAIRINGS else len(PAIRINGS), k[2]))
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            if a[0] != b[0]:
                continue
            common = sorted(set(groups[a]) & set(groups[b]))
            if len(common) < 2:
                continue
            diffs = [statistics.fmean(groups[b][s]["margins"]) - statistics.fmean(groups[a][s]["margins"])  # type: ignore[arg-type]
                     for s in common]
            wdiff = [statistics.fmean(groups[b][s]["wins"]) - statistics.fmean(groups[a][s]["wins"])  # type: ignore[arg-type]
                     for s in common]
            mean, half = mean_ci(diffs)
            wmean, whalf = mean_ci(wdiff)
            print(f"{_label(b)} minus {_label(a)} ({a[0]}, {len(common)} common seeds): margin {mean:+.0f} "
                  f"(95% CI {mean - half:+.0f} to {mean + half:+.0f}); won {100 * wmean:+.1f} points of % "
                  f"(95% CI {100 * (wmean - whalf):+.1f} to {100 * (wmean + whalf):+.1f})")


def _label(key: tuple[str, str, str]) -> str:
    """A pairing with its settings, as a report names it: ``("games", "follower", "deals=48-48")``
    is "follower (deals=48-48)", so two settings of one pairing are told apart.

    >>> _label(("games", "follower", "deals=48-48,rate=1,cut=32")), _label(("games", "greedy", ""))
    ('follower (deals=48-48,rate=1,cut=32)', 'greedy')
    """
    return key[1] + (f" ({key[2]})" if key[2] else "")


def load(path: str | None) -> list[dict[str, object]]:
    """The rows recorded in ``path`` (none when it does not exist)."""
    if path is None or not Path(path).exists():
        return []
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def main() -> None:
    """Play the pairings asked for and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairings", default="pileshy,sloppy", help="comma-separated, from: " + ", ".join(PAIRINGS))
    parser.add_argument("--mode", choices=("rounds", "games"), default="rounds")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=100, help="deals (or games), each played twice (default 100)")
    parser.add_argument("--deals", default=f"{FOLLOWER_DEALS[0]},{FOLLOWER_DEALS[1]}",
                        help="a hint follower's deals per hint: at least,at most (default %(default)s)")
    parser.add_argument("--hint-rate", type=float, default=1.0, help="share of decisions a follower asks (1)")
    parser.add_argument("--cut", type=int, default=0,
                        help="a hint follower's play-outs stop this many actions after the move and are scored by "
                             "the coach's learned estimate (HintFollower(cut=...), advise(cut=...)); default 0: "
                             "every play-out played to the end")
    parser.add_argument("--max-seconds", type=float, default=math.inf,
                        help="start no new seed after this many seconds (the figures say how many were played)")
    parser.add_argument("--results", help="append one JSON line per seed and pairing to this file (resumable)")
    parser.add_argument("--report", action="store_true", help="print the figures of --results and play nothing")
    args = parser.parse_args()
    low, high = (int(x) for x in args.deals.split(","))
    deals = (low, high)
    rows = load(args.results)
    if not args.report:
        done = {(str(r["mode"]), str(r["pairing"]), str(r.get("settings", "")), int(str(r["seed"]))) for r in rows}
        out = open(args.results, "a", encoding="utf-8") if args.results else None  # noqa: SIM115
        start = time.perf_counter()
        played: list[dict[str, object]] = []
        for pairing in args.pairings.split(","):
            make = factory(pairing, deals, args.hint_rate, args.cut or None)
            config = settings(pairing, deals, args.hint_rate, args.cut or None)
            for seed in range(args.first_seed, args.first_seed + args.seeds):
                if (args.mode, pairing, config, seed) in done:
                    continue
                if time.perf_counter() - start > args.max_seconds:
                    print(f"(--max-seconds {args.max_seconds:.0f} reached: {pairing} stopped before seed {seed})")
                    break
                row = play_seed(pairing, args.mode, seed, make)
                row["settings"] = config
                played.append(row)
                if out is not None:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
        if out is not None:
            out.close()
        rows = rows + played if args.results else played
    if rows:
        report(rows)


if __name__ == "__main__":
    main()
