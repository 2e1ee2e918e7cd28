"""Simulation benchmarks: prints figures; run `python benchmarks/bench_simulate.py`.

- peak memory (the child's maximum resident set size) of `canasta-learn simulate --rounds
  10000000 --csv FILE`, interrupted with SIGINT after 10 seconds, and what it left: the rounds
  summarized, the CSV rows written, the exit status;
- for comparison, the resident size of a bare interpreter that imports the package.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN_SECONDS = 10.0


def peak_rss_of(command: list[str], interrupt_after: float | None) -> tuple[float, int, str, str]:
    """Run ``command`` in a fresh child (SIGINT after ``interrupt_after`` s); its peak RSS in
    MB (from getrusage of the children), exit status, stdout and stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    if interrupt_after is not None:
        time.sleep(interrupt_after)
        child.send_signal(signal.SIGINT)
    out, err = child.communicate()
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if peak <= before:
        print("  (the child's peak did not exceed an earlier child's; figure is an upper bound)")
    return peak / 1024, child.returncode, out.decode(), err.decode()


def main() -> None:
    base, _, _, _ = peak_rss_of([sys.executable, "-c", "import canasta_learn.cli.simulate"], None)
    print(f"python + import canasta_learn.cli.simulate: peak RSS {base:.1f} MB")
    with tempfile.TemporaryDirectory() as folder:
        csv_path = Path(folder) / "rounds.csv"
        peak, status, out, err = peak_rss_of(
            [sys.executable, "-m", "canasta_learn.cli", "simulate", "--rounds", "10000000",
             "--csv", str(csv_path), "--progress"], RUN_SECONDS)
        rows = csv_path.read_text().count("\n") - 1
    played = out.split(" rounds, profile")[0].split()[-1] if " rounds, profile" in out else "?"
    print(f"simulate --rounds 10000000 --csv, SIGINT after {RUN_SECONDS:.0f} s: peak RSS "
          f"{peak:.1f} MB, exit {status}, {played} rounds summarized, {rows} CSV rows")
    last = err.replace("\r", "\n").strip().splitlines()[-1] if err.strip() else ""
    print(f"  last stderr line: {last}")


if __name__ == "__main__":
    main()
