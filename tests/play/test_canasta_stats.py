"""simulate's canasta columns, for every profile, equal a recount from each round's record:
every canasta at the end, on the table or closed and set aside (pennies_from_heaven closes every
canasta at seven cards, italian its deuce canastas), natural when it holds no wild card."""

from __future__ import annotations

import pytest

from canasta_learn.engine.round import Round
from canasta_learn.play.bots import play_round
from canasta_learn.play.simulate import simulate_rows
from canasta_learn.profiles import get_profile, profile_names
from canasta_learn.records.record import GameRecord


def recount(rnd: Round, team: int) -> tuple[int, int]:
    """(natural, mixed) canastas of ``team``: melds of at least the canasta size (sequences:
    with at most one wild card), those on the table and those closed."""
    profile = rnd.profile
    melds = list(rnd.melds[team].values()) + [list(m) for m in rnd.closed[team]]
    natural = mixed = 0
    for meld in melds:
        wilds = sum(1 for c in meld if c.rank in (0, 2))
        if len(meld) < profile.canasta_size:
            continue
        if profile.meld_family == "sequences" and wilds > 1:
            continue
        if wilds:
            mixed += 1
        else:
            natural += 1
    return natural, mixed


@pytest.mark.parametrize("profile", profile_names())
def test_simulate_counts_canastas_like_a_recount_from_the_records(profile: str) -> None:
    prof = get_profile(profile)
    rows = list(simulate_rows(5, "greedy", profile, seed=11))
    closed_seen = 0
    for row in rows:
        record = play_round("greedy", profile, seed=row["seed"], dealer=row["dealer"])
        final = GameRecord.load(record.dump()).final_state(0)
        assert len(final.log) == row["length"]
        for team in range(prof.team_count):
            assert (row[f"natural_canastas_{team}"], row[f"mixed_canastas_{team}"]) == \
                recount(final, team), (row["seed"], team)
            closed_seen += len(final.closed[team])
    if prof.canasta_closes == "all":  # the bug: closed canastas were never counted
        assert closed_seen > 0
        assert sum(row[f"{kind}_canastas_{t}"] for row in rows
                   for kind in ("natural", "mixed") for t in range(prof.team_count)) >= closed_seen
