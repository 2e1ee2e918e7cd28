"""The coach's reasons read in Brazilian Portuguese (issue 17): every kind of reason it states
from the facts of a move (taking the pile, completing a canasta or canastra, freezing or
blocking the pile, a safer or a risky discard, wild cards spent, the opening, the reserve, the
morto, going out) and its one-line summaries, when it is asked in Portuguese.

The positions are real: seeded rounds of every profile played by a seeded random player that
prefers melding and taking, each candidate move's reasons made as the coach makes them (the
move applied to the position, `coach._action_reasons`) in English and in Portuguese. Each
Portuguese reason must differ from its English text and contain no English stop-word.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from i18n_words import english_words

from canasta_learn.core.i18n import speaking
from canasta_learn.engine.round import Round
from canasta_learn.play import coach
from canasta_learn.play.bots import acting_seat
from canasta_learn.profiles import profile_names

#: Reason codes made from the facts of a move, each of which the scan below must meet.
CODES = ("takes_pile", "canasta", "freezes", "blocks", "safe_discard", "risky_discard", "wild_cards",
         "opens", "reserve", "goes_out")


def positions(profile: str, seeds: range = range(1, 5)) -> Iterator[tuple[Round, int]]:
    """Positions of seeded rounds (every third decision), with the seat to act."""
    for seed in seeds:
        rnd = Round(profile, seed=seed)
        rng = random.Random(seed)
        for step in range(1, 300):
            if rnd.is_over:
                break
            actions = rnd.legal_actions()
            if step % 3 == 0:
                yield rnd, acting_seat(rnd)
            melding = [a for a in actions if type(a).__name__ in ("Meld", "TakePile")]
            rnd.apply(rng.choice(melding) if melding and rng.random() < 0.7 else rng.choice(actions))


def reasons_in(language: str, rnd: Round, seat: int, action: object) -> list[coach.Reason]:
    with speaking(language):
        after = rnd.copy()
        after.apply(action)  # type: ignore[arg-type]
        return coach._action_reasons(rnd, seat, action, after, len(rnd.log))  # type: ignore[arg-type]


def test_every_kind_of_reason_reads_in_portuguese() -> None:
    met: dict[str, int] = {}
    for profile in profile_names():
        for rnd, seat in positions(profile):
            for action in rnd.legal_actions()[:40]:
                english = reasons_in("en", rnd, seat, action)
                portuguese = reasons_in("pt_BR", rnd, seat, action)
                assert [r.code for r in english] == [r.code for r in portuguese]
                for en, pt in zip(english, portuguese, strict=True):
                    assert pt.facts == en.facts  # the facts are the same; only the words change
                    assert pt.text != en.text, en.text
                    assert english_words(pt.text) == [], (english_words(pt.text), pt.text)
                    met[en.code] = met.get(en.code, 0) + 1
    assert set(CODES) <= set(met), sorted(set(CODES) - set(met))


@pytest.mark.parametrize(("word", "kind", "needed", "expected"), [
    ("canasta", "natural", (), "Completa uma canastra (limpa, +500 agora)."),
    ("canastra", "suja", ("de_mil", "real"),
     "Completa uma canastra (suja; o bônus de 100 só conta quando a sua equipe tiver uma canastra de mil ou real)."),
])
def test_a_completed_canasta_names_its_kind_in_portuguese(word: str, kind: str, needed: tuple[str, ...],
                                                          expected: str) -> None:
    bonus = 500 if kind == "natural" else 100
    with speaking("pt_BR"):
        text = coach._canasta_reason(word, kind, 1, bonus, counts_now=not needed, needs_going_out=False,
                                     needed=needed)
    with speaking("en"):
        english = coach._canasta_reason(word, kind, 1, bonus, counts_now=not needed, needs_going_out=False,
                                        needed=needed)
    assert text == expected
    assert english.startswith(f"Completes a {word} ({kind.replace('_', ' ')}, ")


def test_the_coachs_summary_lines_and_team_names_are_portuguese() -> None:
    rnd = Round(seed=3)
    rnd.apply(rnd.legal_actions()[0])
    with speaking("en"):
        english = coach.advise(rnd, rnd.to_move, rollouts=2, seed=0)
        en_team = coach._team_words(rnd, 0)
        en_text = str(english)
    with speaking("pt_BR"):
        portuguese = coach.advise(rnd, rnd.to_move, rollouts=2, seed=0)
        pt_team = coach._team_words(rnd, 0)
        assert coach.team_label(rnd, 0) == "North–South"  # the facts' name stays the same
        pt_text = str(portuguese)
    assert (en_team, pt_team) == ("North–South", "Norte–Sul")
    en_lines, pt_lines = en_text.split("\n"), pt_text.split("\n")
    assert len(en_lines) == len(pt_lines)
    for en, pt in zip(en_lines, pt_lines, strict=True):
        assert pt != en
        assert english_words(pt.replace("discard", "").replace("draw", "")) == [], pt  # notation kept
    assert pt_lines[0].startswith("Opinião do treinador para ")


def test_the_play_outs_reasons_read_in_portuguese_a_dropped_move_too() -> None:
    """The reasons made from the play-outs (the estimate, "about equal", a move dropped after a
    few deals and what it trailed) read in Portuguese, with the same facts as in English."""
    rnd = Round(seed=52)  # a move is dropped after a few deals
    rnd.draw()
    with speaking("en"):
        english = coach.advise(rnd, rollouts=40, seed=52)
    with speaking("pt_BR"):
        portuguese = coach.advise(rnd, rollouts=40, seed=52)
    met: set[str] = set()
    for en_move, pt_move in zip(english.candidates, portuguese.candidates, strict=True):
        assert en_move.outcomes == pt_move.outcomes
        for en, pt in zip(en_move.reasons, pt_move.reasons, strict=True):
            assert (pt.code, pt.facts) == (en.code, en.facts)
            words = pt.text
            for move in english.candidates:  # the moves named in the notation ("E meld c11 d11 s11")
                words = words.replace(move.text, "")
            assert pt.text != en.text and english_words(words) == [], pt.text
            met.add(en.code)
    assert {"estimate", "about_equal", "dropped"} <= met, met
