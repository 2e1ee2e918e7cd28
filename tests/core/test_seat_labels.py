"""A seat in learner text is named by `canasta_learn.core.actions.seat_label`, in the language
spoken now: the Portuguese edition says Norte, Leste, Sul, Oeste (teams "N–S", "L–O", as the
glossary and the lessons do), never the English letters E and W, which read there as the word
"e" (and) or as no word at all (issue 24 §4). Action notation, records and verdict facts keep
the language-neutral codes (`seat_name`), and the English text is the same as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from i18n_words import english_seat_letters

from canasta_learn import Round
from canasta_learn.core.actions import FOUR_SEATS, Draw, seat_label, seat_name
from canasta_learn.core.i18n import speaking
from canasta_learn.play.bots import play_round
from canasta_learn.play.coach import advise
from canasta_learn.play.coach_words import reason_texts
from canasta_learn.records.annotate import annotate_round
from canasta_learn.records.notes import team_name
from canasta_learn.render.text import round_text

#: Several families: classic, its Italian and Pennies cousins, and the Brazilian games.
PROFILES = ("classic", "traditional", "italian", "pennies_from_heaven", "canastra_br", "tranca")


def test_seat_label_in_english_is_the_seat_code_so_english_text_is_unchanged() -> None:
    with speaking("en"):
        for players in (4, 6):
            for seat in range(players):
                assert seat_label(seat, players) == seat_name(seat, players)
                assert seat_label(seat, players, "letter") == seat_name(seat, players)
        assert [seat_label(s, 4, "compass") for s in range(4)] == ["North", "East", "South", "West"]


def test_seat_label_in_portuguese_follows_the_glossary() -> None:
    with speaking("pt_BR"):
        assert [seat_label(s) for s in range(4)] == ["Norte", "Leste", "Sul", "Oeste"]
        assert [seat_label(s, 4, "letter") for s in range(4)] == ["N", "L", "S", "O"]
        assert [seat_label(s, 4, "compass") for s in range(4)] == ["Norte", "Leste", "Sul", "Oeste"]
        assert [seat_label(s, 6) for s in range(6)] == [f"P{s + 1}" for s in range(6)]  # Pennies
        rnd = Round(seed=3)
        assert [team_name(rnd, t) for t in range(2)] == ["N-S", "L-O"]
    assert FOUR_SEATS == ("N", "E", "S", "W")  # the codes themselves do not change


def test_seat_label_refuses_an_unknown_form() -> None:
    with pytest.raises(ValueError, match="form must be"):
        seat_label(1, 4, "long")  # type: ignore[arg-type]


def test_the_portuguese_turn_message_names_seats_and_the_notation_keeps_codes() -> None:
    rnd = Round(seed=7)
    verdict = rnd.check(Draw((rnd.to_move + 3) % 4))
    assert verdict.message_in("pt_BR") == "É a vez de Leste, não de Norte."
    assert verdict.message_in("en") == "It is E's turn, not N's."
    assert str(Draw(1)) == "E draw"  # language-neutral
    with speaking("pt_BR"):
        assert str(Draw(1)) == "E draw"


def _portuguese_texts(profile: str, seed: int) -> Iterator[tuple[str, str]]:
    """Every note, event message and table picture of one seeded bot round, and the verdicts
    on the legal moves and on a move out of turn at each step, in Brazilian Portuguese."""
    with speaking("pt_BR"):
        record = play_round("greedy", profile=profile, seed=seed)
        notes = annotate_round(record, 0)
        for note in notes.deal:
            yield "note", note.message
        for step in notes:
            for note in step:
                yield "note", note.message
        final = record.final_state(0)
        for event in final.events:
            yield "event", event.message
        for step in range(0, len(final.log), 3):
            rnd = record.state_at(0, step)
            yield "table", round_text(rnd)
            if rnd.is_over:
                continue
            for action in rnd.legal_actions()[:6]:
                yield "verdict", rnd.check(action).message
            other = (rnd.to_move + 1) % rnd.player_count
            yield "verdict", rnd.check(Draw(other)).message


@pytest.mark.parametrize("profile", PROFILES)
def test_seeded_bot_games_name_seats_in_portuguese_in_every_note_event_and_verdict(profile: str) -> None:
    seen = 0
    for seed in (1, 2):
        for kind, text in _portuguese_texts(profile, seed):
            assert english_seat_letters(text) == [], (profile, seed, kind, text)
            seen += 1
    assert seen > 100


def test_the_coachs_portuguese_reasons_name_seats_in_portuguese() -> None:
    named = 0
    for profile in ("classic", "canastra_br"):
        record = play_round("greedy", profile=profile, seed=3)
        for step in (5, 9, 14, 20):
            rnd = record.state_at(0, step)
            if rnd.is_over:
                continue
            with speaking("pt_BR"):
                advice = advise(rnd, rollouts=2, seed=1)
                texts = [str(advice)] + [t for c in advice.candidates for t in reason_texts(c, advice.candidates, rnd)]
            for text in texts:
                assert english_seat_letters(text) == [], (profile, step, text)
                named += len(re.findall(r"\b(?:Norte|Leste|Sul|Oeste)\b", text))
            for candidate in advice.candidates:  # the facts keep the codes
                for reason in candidate.reasons:
                    if "next_seat" in reason.facts:
                        assert reason.facts["next_seat"] in FOUR_SEATS
    assert named > 0
