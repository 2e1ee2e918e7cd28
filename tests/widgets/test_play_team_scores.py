"""The play view's team boxes show the score its header shows (issue 27: the boxes said
"score 0" while the header said 215)."""

from __future__ import annotations

import re

from canasta_learn.engine.round import Round
from canasta_learn.widgets import PlayWidget


def ask_round() -> Round:
    """South (your partner) has asked "may I go out?"; South can go out."""
    rnd = Round.from_state(
        hands=["c4 c6 c8 d4 d5", "s11 h11 h12 s12", "c5 h5 s5 d8", "s6 s8 h4 h6"],
        stock="s7 d6 c10", pile="d7 s4", melds=[["h9 h9 s9 s9 d9 d9 c9"]], to_move=2,
        drew_from="stock")
    rnd.apply("S ask")
    return rnd


def box_score(table_html: str, box: str) -> int:
    """The "score N" said in the team box of class ``box``."""
    start = table_html.index(box)
    found = re.search(r"score (-?\d+)", table_html[start:])
    assert found, table_html[start:start + 2000]
    return int(found.group(1))


def test_team_boxes_show_the_headers_score_once_a_round_is_over() -> None:
    play = PlayWidget(round=ask_round(), seat=0, player_names=["You", "Ebba", "Sam", "Wen"])
    play.click("yes")
    rnd = play.state
    assert rnd.is_over
    mine, theirs = (s.total for s in rnd.scores())
    assert mine != 0
    assert f"your team {mine}, the other team {theirs}" in play.status.value
    assert box_score(play.table.value, "cl-own-team") == mine
    assert box_score(play.table.value, "cl-opponents") == theirs


def test_team_boxes_show_the_rounds_score_before_any_round_is_over() -> None:
    rnd = Round(seed=3, team_scores=(1600, 40))
    play = PlayWidget(round=rnd, seat=0)
    assert box_score(play.table.value, "cl-own-team") == 1600
    assert box_score(play.table.value, "cl-opponents") == 40


def test_a_game_shows_its_totals_in_the_team_boxes() -> None:
    play = PlayWidget(seed=3, game=True)
    assert box_score(play.table.value, "cl-own-team") == play.game.totals[0]
