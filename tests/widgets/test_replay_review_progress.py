"""The replay viewer's Review shows the review's progress (issue 26): the status line counts
the decisions done and the moves marked so far while the review runs, then the summary."""

from __future__ import annotations

import re

from review_games import refused_to_go_out

from canasta_learn.widgets import ReplayViewer


def test_the_review_status_counts_decisions_done_while_the_review_runs() -> None:
    viewer = ReplayViewer(refused_to_go_out(), review_rollouts=8, review_seed=0)
    seen: list[str] = []
    viewer.review_status.observe(lambda change: seen.append(str(change["new"])), names="value")
    count = viewer.review(rounds=[0])
    running = [re.search(r"reviewing: (\d+) of (\d+) decisions, (\d+) moves? marked", s) for s in seen]
    steps = [(int(m[1]), int(m[2]), int(m[3])) for m in running if m]
    assert len(steps) >= 2
    assert [d for d, _t, _m in steps] == list(range(1, len(steps) + 1))  # in order
    assert steps[-1][0] == steps[-1][1] and steps[-1][2] == count
    assert "The coach marked" in seen[-1]  # the summary replaces the progress at the end
