"""Compute, once, the coach's verdicts that lesson 12 (lessons/12_strategy.md) states, and store
them in canasta_learn/data/lesson12_verdicts.json.

Each position is asked of the coach (`advise(rnd, rollouts=N, seed=S)`); the moves a claim
compares are the candidates of one kind (every way to take the pile and the draw, or every
discard). A verdict is **decisive** when the claimed best beats each other compared move beyond
the 95% margin of their paired gap (Student's t, `Advice.clearly_better`) with every compared
move played on at least `MIN_ENDINGS` shared deals. A position is tried with the endings and
seeds of `TRIES` in turn; the first decisive verdict is stored. A position with no decisive
verdict is stored as "about equal" with its figures (the lesson then says so).

Run: ``PYTHONPATH=. python scripts/lesson12_verdicts.py`` (about a minute on one core);
``--check`` recomputes each stored verdict and exits 1 if one differs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from canasta_learn import Round
from canasta_learn.core.actions import Action, Discard, Draw, TakePile
from canasta_learn.play.coach import DEFAULT_TIME_BUDGET, Advice, Candidate, _search, advise
from canasta_learn.play.estimates import margin95

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "canasta_learn" / "data" / "lesson12_verdicts.json"
#: Fewest shared deals behind every compared move of a decisive verdict.
MIN_ENDINGS = 400
#: (endings, seed) tried in turn for each position.
TRIES = ((400, 1), (400, 2), (1000, 1))


EAST = "c4 h4 c8 d4 s4 h7 d7"
SOUTH = "s8 h8 c10 d10 s13"
WEST = "s11 h11 h12 d12 h10"
STOCK = "s7 d3 c2 h2 c3 s3 d5 c10 h13 s10 c13 h5 d11"
BIG_PILE = "d8 s7 c7 d13 s9 c9 h9 d9 c11 c12 s12 h1 d1 s1"

#: name -> (what is compared, the Round.from_state arguments)
POSITIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "take": ("take_or_draw", {
        "hands": ["h13 s13 c7 h7 s4 h9 d10 jk h5 d6", "c4 c5 c8 d4 d5", "s5 s6 s8 h4", "s11 h11 h12 d7"],
        "stock": "s7 d2 c2 h2 c3 s3 d5 c10", "pile": "d4 s7 c5 c6 d8 s9 c4 d13",
        "melds": [["c9 d9 s9"]], "to_move": 0}),
    "queens": ("take_or_draw", {
        "hands": ["h12 s12 c8 h8 s5 h10 d11 jk h6 d7", "c4 c5 c9 d4 d5", "s5 s6 s9 h4", "s11 h11 h13 d7"],
        "stock": "s7 d2 c2 h2 c3 s3 d5 c10", "pile": "d4 s7 c5 c6 d9 s8 c4 d12",
        "melds": [["c10 d10 s10"]], "to_move": 0}),
    "freeze": ("discards", {
        "hands": ["c6 c6 s5 s5 d2", EAST, SOUTH, WEST], "stock": STOCK, "pile": BIG_PILE,
        "melds": [["h13 s13 c13"], ["h6 d6 s6", "h5 d5 c5"]], "to_move": 0, "drew_from": "stock"}),
    "other_freeze": ("discards", {
        "hands": ["d6 s6 c5 s5 h2", EAST, SOUTH, WEST], "stock": STOCK, "pile": BIG_PILE,
        "melds": [["h13 s13 c13"], ["h6 d6 s6", "h5 d5 c5"]], "to_move": 0, "drew_from": "stock"}),
}


def is_compared(action: Action, kind: str) -> bool:
    """True when a claim of ``kind`` compares ``action``."""
    if kind == "take_or_draw":
        return isinstance(action, TakePile | Draw)
    if kind == "discards":
        return isinstance(action, Discard)
    raise ValueError(f"unknown kind {kind!r}")


def compared(advice: Advice, kind: str) -> list[Candidate]:
    """The candidates a claim of ``kind`` compares, best first."""
    return [c for c in advice.candidates if is_compared(c.action, kind)]


def verdict(name: str, endings: int, seed: int) -> dict[str, Any]:
    """The coach's verdict on position ``name`` from ``endings`` shared deals and ``seed``."""
    kind, state = POSITIONS[name]
    rnd = Round.from_state(**state)
    public = advise(rnd, rollouts=endings, seed=seed)
    # advise stops simulating a move once it is clearly worse (after 8 deals, then every doubling);
    # the coach's own search restricted to the compared moves (at most three here, and it always
    # keeps three) plays every one of them on all the deals. The deals are drawn from the seed
    # whatever moves are simulated, so each move's endings are the ones advise played, continued.
    advice = _search(rnd, rnd.to_move, DEFAULT_TIME_BUDGET, endings, seed, only=lambda a: is_compared(a, kind))
    moves = compared(advice, kind)
    for candidate in compared(public, kind):
        twin = advice.find(candidate.action)
        assert twin is not None and twin.outcomes[:len(candidate.outcomes)] == candidate.outcomes, candidate
    best = moves[0]
    rows = []
    for other in moves[1:]:
        gap, stderr = advice.gap(best, other)
        shared = min(len(best.outcomes), len(other.outcomes))
        margin = margin95(stderr, shared)
        rows.append({"move": rnd.action_text(other.action), "gap": round(gap, 2),
                     "margin": round(margin, 2), "endings": shared,
                     "clearly_better": advice.clearly_better(best, other) and shared >= MIN_ENDINGS})
    return {"name": name, "kind": kind, "state": state, "endings": endings, "seed": seed,
            "best": rnd.action_text(best.action), "best_value": round(best.value, 2),
            "moves": [rnd.action_text(c.action) for c in moves],
            "values": {rnd.action_text(c.action): round(c.value, 2) for c in moves},
            "against": rows, "decisive": all(r["clearly_better"] for r in rows)}


def search(name: str) -> dict[str, Any]:
    """The first decisive verdict over `TRIES`, else the last one tried (marked not decisive)."""
    found: dict[str, Any] = {}
    for endings, seed in TRIES:
        found = verdict(name, endings, seed)
        print(name, endings, seed, found["best"], [(r["move"], r["gap"], r["margin"], r["endings"])
                                                   for r in found["against"]], found["decisive"], flush=True)
        if found["decisive"]:
            break
    return found


def main(argv: list[str]) -> int:
    """Write the verdicts (or, with ``--check``, compare them with the stored ones)."""
    if "--check" in argv:
        stored = json.loads(OUT.read_text(encoding="utf-8"))
        bad = [v["name"] for v in stored["positions"] if verdict(v["name"], v["endings"], v["seed"]) != v]
        print("differ:", bad or "none")
        return 1 if bad else 0
    names = [a for a in argv if not a.startswith("-")] or list(POSITIONS)
    old = json.loads(OUT.read_text(encoding="utf-8"))["positions"] if OUT.exists() else []
    by_name = {v["name"]: v for v in old}
    for name in names:
        by_name[name] = search(name)
    data = {"about": "The coach's verdicts lesson 12 states, computed once by scripts/lesson12_verdicts.py: "
                     "advise(Round.from_state(**state), rollouts=endings, seed=seed); for each compared move, "
                     "the paired gap of the best over it on the shared deals and its 95% margin (Student's t).",
            "min_endings": MIN_ENDINGS,
            "positions": [by_name[n] for n in POSITIONS if n in by_name]}
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
