"""The teaching notes in Brazilian Portuguese (issue 17): every note code (`NOTE_CODES`) is
produced in pt_BR from real rounds (seeded bot rounds of every profile, plus built positions for
the codes bots rarely reach), and the words the notes module writes are Portuguese.

A note often carries a sentence made elsewhere (the engine's event, the pile's state, a verdict,
a score label): those are other modules' messages. `test_note_words_of_the_notes_module_are_portuguese`
removes them and pins this module's own words; `test_notes_are_wholly_portuguese` checks the
whole sentence, and is an expected failure only while a carried sentence is still English.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from i18n_words import english_words

from canasta_learn.core.i18n import speaking
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import play_round
from canasta_learn.profiles import profile_names
from canasta_learn.records.annotate import NOTE_CODES, Note, annotate, replay_text
from canasta_learn.records.record import GameRecord
from canasta_learn.rules.scoring import canasta_bonus_text
from canasta_learn.variants.base import rules_for

OTHERS = ["s5 s7 s8", "c4 d4 h4", "h11 d11 s12"]

#: Positions for the codes seeded bot rounds do not reach (as in tests/records/test_annotate.py).
BUILT: list[tuple[list[str], dict[str, Any]]] = [
    (["N draw", "N discard h9"],  # could_open
     {"hands": ["h1 c1 d1 h9 s10 c12"] + OTHERS, "stock": "h4 c8", "pile": "c9 s11", "to_move": 0}),
    (["N draw", "N discard h9"],  # opening_refused
     {"hands": ["c5 d5 h5 h9 s10 c12"] + OTHERS, "stock": "h4 c8", "pile": "c9 s11", "to_move": 0}),
    (["N meld h9 h9 c9 c9 d9 d9 s9", "N discard h4"],  # went_out_concealed, opening_waived
     {"hands": ["h9 h9 c9 c9 d9 d9 s9 h4"] + OTHERS, "stock": "c7 c8", "pile": "c10", "to_move": 0,
      "drew_from": "stock", "team_scores": (3000, 0)}),
    (["N draw", "N add 13: c13", "N add 13: d2", "N meld d12 c12 c2", "N discard h7"],  # canasta_turned_mixed
     {"hands": ["c13 d2 d12 c12 c2 h7 s8"] + OTHERS, "stock": "c7 c8", "pile": "c9",
      "melds": [["h13 s13 c13 d13 h13 s13", "h12 s12 jk h12"], []], "to_move": 0}),
    (["N draw"],  # pile_blocked_wild
     {"hands": ["c6 h9 h10 d5"] + OTHERS, "stock": "s13 c12 d12", "pile": "h9 jk",
      "melds": [["h13 s13 c13"], []], "to_move": 0}),
]

#: Codes whose sentence ends with a reason given by another module after the first ": ".
REASON_AFTER_COLON = ("could_not_take_pile", "opening_refused")


def _records() -> list[GameRecord]:
    records = [play_round(players="greedy", profile=name, seed=seed)
               for name in profile_names() for seed in range(6)]
    for actions, state in BUILT:
        start = Round.from_state(**state)
        rnd = start.copy()
        for action in actions:
            rnd.apply(action)
        records.append(GameRecord.from_round(rnd, start=start))
    return records


def _notes(record: GameRecord) -> list[Note]:
    notes = annotate(record)[0]
    return list(notes.deal) + [note for step in notes for note in step]


def _foreign(record: GameRecord) -> set[str]:
    """The sentences other modules made that the notes of ``record`` may carry (in the language
    spoken now): events, pile states, meld labels, canasta bonuses, score labels, rules."""
    final = record.final_state(0)
    prof = final.profile
    rules = rules_for(prof)
    texts = {event.message for event in final.events}
    for index in range(-1, len(record.rounds[0].actions)):
        state = record.state_at(0, index)
        for seat in range(state.player_count):
            texts.add(state.pile_status(seat).message)
        for team in range(prof.team_count):
            texts.update(state.meld_label(key, meld) for key, meld in state.melds[team].items())
    for kind in ("natural", "mixed", "sevens", "wild", "deuce_natural", "deuce_mixed", "real", "de_mil",
                 "limpa", "suja"):
        try:
            texts.add(canasta_bonus_text(prof, kind))
        except (KeyError, ValueError):
            pass
    texts.add(final.canasta_requirement())
    texts.update(rules.stock_empty_rule(flag) for flag in (True, False))
    if final.is_over:
        texts.update(item.label for breakdown in final.scores() for item in breakdown.items)
    return {text for text in texts if text}


def _own_words(note: Note, foreign: set[str]) -> str:
    """``note``'s sentence without the sentences other modules made."""
    text = note.message
    if note.code in REASON_AFTER_COLON:
        text = text.split(": ", 1)[0]
    for piece in sorted(foreign, key=len, reverse=True):
        text = text.replace(piece, " ").replace(piece[:-1], " ") if len(piece) > 3 else text
    return text


@cache
def _corpus() -> tuple[list[tuple[Note, Note, str]], set[str]]:
    """(Portuguese note, English note, its own words in Portuguese) for every note, and the
    foreign sentences still in English."""
    rows: list[tuple[Note, Note, str]] = []
    untranslated: set[str] = set()
    for record in _records():
        english = _notes(record)
        with speaking("pt_BR"):
            portuguese = _notes(record)
            foreign = _foreign(record)
        untranslated.update(text for text in foreign if english_words(text))
        assert [n.code for n in portuguese] == [n.code for n in english]
        rows.extend((pt, en, _own_words(pt, foreign)) for pt, en in zip(portuguese, english, strict=True))
    return rows, untranslated


def test_every_note_code_is_produced_in_portuguese_from_real_rounds() -> None:
    rows, _ = _corpus()
    assert {pt.code for pt, _, _ in rows} == set(NOTE_CODES)


def test_note_words_of_the_notes_module_are_portuguese() -> None:
    rows, _ = _corpus()
    own_codes = set()
    for pt, en, own in rows:
        assert english_words(own) == [], (pt.code, pt.message, own)
        if own.strip(" .:"):  # the note has words of its own: they were translated
            own_codes.add(pt.code)
            assert pt.message != en.message, (pt.code, pt.message)
    # every code whose sentence is written here (not only carried) was seen translated
    assert own_codes >= {"could_take_pile", "could_not_take_pile", "opening_minimum", "opening_reached",
                         "opening_refused", "could_open", "meld_new", "meld_added", "natural_canasta",
                         "mixed_canasta", "went_out", "went_out_concealed", "round_score", "replacement",
                         "permission_asked", "stock_empty"} | {c for c in NOTE_CODES if c.startswith("pile_")
                                                                 and c != "pile_empty"}


def test_notes_are_wholly_portuguese() -> None:
    rows, untranslated = _corpus()
    english = [(pt.code, pt.message) for pt, _, _ in rows if english_words(pt.message)]
    assert english == [] and untranslated == set()


def test_replay_text_speaks_portuguese() -> None:
    record = _records()[-2]  # the built round with a canasta turned mixed (5 actions)
    with speaking("pt_BR"):
        text = replay_text(record)
        stepped = replay_text(record, 0, 2)
    assert text.startswith("Registro de partida de Canasta - perfil classic\nJogadores: ")
    assert "=== Rodada 1 - carteador " in text and "Cartas: letra do naipe" in text
    assert "Posição depois de 2 ações:" in stepped
    header = [line for line in text.splitlines() if not line.startswith(" ")]
    english = english_words("\n".join(header))
    assert english == [], english


def test_the_shipped_games_teacher_words_are_said_in_portuguese() -> None:
    """Issue 24 §4: lessons 05 and 12 showed the shipped games' titles and comments in English
    to a learner reading pt_BR. Every title and comment of the shipped files is in the
    catalogue (`TEACHER_TEXTS`), and the replay text says each one in Portuguese, while the
    record itself keeps the English it was written in."""
    from canasta_learn.records.annotate import replay_text
    from canasta_learn.records.examples import TEACHER_TEXTS, example_games, teacher_text

    games = example_games()
    assert games
    for name, record in games.items():
        said = [str(record.info["title"])] + [c for rr in record.rounds for c in rr.comments.values()]
        assert said[1:], name
        for text in said:
            assert text in TEACHER_TEXTS, (name, text)
            with speaking("pt_BR"):
                portuguese = teacher_text(text)
            assert portuguese != text and english_words(portuguese) == [], (text, portuguese)
        with speaking("pt_BR"):
            lines = [line for line in replay_text(record).splitlines() if "Comentário:" in line]
        assert len(lines) == len(said) - 1, name
        assert [line for line in lines if english_words(line)] == [], name
        assert record.rounds[-1].comments and all(c in TEACHER_TEXTS for c in record.rounds[-1].comments.values())
    assert teacher_text("My own note.") == "My own note."  # a user's comment is shown as written
