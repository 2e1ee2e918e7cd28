"""Annotated game records: the engine explains every step of a recorded game.

`annotate(record)` replays a `GameRecord` and attaches to each action a list of `Note` objects
(made by `canasta_learn.records.notes`, which this module re-exports: `Note`, `RoundNotes`,
`NOTE_CODES`, `PILE_NOTE_CODES`). `replay_text` prints the annotated game as plain text.

>>> from canasta_learn.records.record import GameRecord
>>> from canasta_learn.engine.round import Round
>>> start = Round.from_state(hands=["c6 h9 h10 d5", "s5 s7 s8", "c4 d4 d4", "h11"],
...                          stock="s13 s12", pile="d7 d2 h6", to_move=0)
>>> rnd = start.copy()
>>> _ = rnd.apply("N draw")
>>> notes = annotate(GameRecord.from_round(rnd, start=start))
>>> [note.code for note in notes[0][0]]
['pile_frozen_wild', 'could_not_take_pile']
>>> print(notes[0][0][0].message[:66])
Pile (3 cards, top h6): The pile is frozen: a wild card (d2) is bu
>>> print(notes[0][0][1].message)
N could not take the pile: You hold only 1 six (c6). Draw from the stock instead.
"""

from __future__ import annotations

from ..core.actions import learner_view, seat_name
from ..core.i18n import gettext, ngettext
from .examples import teacher_text
from .notes import NOTE_CODES, PILE_NOTE_CODES, Note, RoundNotes, notes_for_actions, team_name
from .record import GameRecord

__all__ = ["NOTE_CODES", "PILE_NOTE_CODES", "Note", "RoundNotes", "annotate", "annotate_round",
           "replay_text"]


def annotate_round(record: GameRecord, round_index: int) -> RoundNotes:
    """The notes of one round of ``record``: ``result[action_index]`` and ``result.deal``, in the
    words in force (inside `canasta_learn.core.verdicts.learner_words`, the round is dealt again
    so that the deal's notes are told in them too: cards as symbols, seats in words)."""
    actions = record._cache(round_index).actions
    start = record.state_at(round_index, -1)
    if learner_view() is not None:  # the record's cached deal spoke the engine's words
        start = record.rounds[round_index].initial_round(record.profile)
    return notes_for_actions(start, actions)


def annotate(record: GameRecord) -> list[RoundNotes]:
    """Notes for every action of every round: ``annotate(record)[round][action]`` is a list of
    `Note`; ``annotate(record)[round].deal`` holds the notes of the deal."""
    return [annotate_round(record, r) for r in range(len(record.rounds))]


# ---------------------------------------------------------------------- plain text
CARD_LEGEND = ("Cards: suit letter then rank - c clubs, d diamonds, h hearts, s spades; "
               "1 ace, 11 jack, 12 queen, 13 king; jk joker. Pile cards run bottom to top.")


def card_legend() -> str:
    """`CARD_LEGEND` in the language spoken now."""
    return gettext("Cards: suit letter then rank - c clubs, d diamonds, h hearts, s spades; "
                   "1 ace, 11 jack, 12 queen, 13 king; jk joker. Pile cards run bottom to top.")


def _round_header(record: GameRecord, r: int) -> str:
    rr = record.rounds[r]
    rnd = record.state_at(r, -1)
    teams = " / ".join(gettext("{team} {score} (minimum {minimum})").format(
        team=team_name(rnd, t), score=rr.team_scores[t], minimum=rnd.opening_minimum(t))
        for t in range(rnd.profile.team_count))
    return gettext("=== Round {number} - dealer {dealer} ({player}) - team scores {teams} ===").format(
        number=r + 1, dealer=rnd.seat_label(rr.dealer), player=record.players[rr.dealer], teams=teams)


def replay_text(record: GameRecord, round_index: int | None = None,
                step: int | None = None) -> str:
    """The annotated game step by step as plain text (no colour needed: cards in notation).

    ``round_index`` (0-based) limits the text to one round; ``step`` (with a round: the number
    of actions already played, 0 = just after the deal) starts there, showing the table at that
    point first. Actions are numbered from 1 as in the text.
    """
    lines = [gettext("Canasta game record - profile {profile}").format(profile=record.profile.name),
             gettext("Players: {players}").format(players=", ".join(
                 seat if name == seat else f"{seat} {name}"
                 for seat, name in zip((seat_name(s, len(record.players))
                                        for s in range(len(record.players))), record.players,
                                       strict=True))),
             card_legend()]
    for key, value in sorted(record.info.items()):
        lines.append(f"{key}: {value}")
    if step is not None and round_index is None:
        round_index = 0
    indices = range(len(record.rounds)) if round_index is None else [round_index]
    for r in indices:
        rr = record.rounds[r]
        notes = annotate_round(record, r)
        lines.append("")
        lines.append(_round_header(record, r))
        begin = 0
        if step is not None:
            if not 0 <= step <= len(rr.actions):
                raise ValueError(ngettext("step {step} is outside round {number}, which has {count} actions "
                                          "(0 = after the deal).",
                                          "step {step} is outside round {number}, which has {count} actions "
                                          "(0 = after the deal).", len(rr.actions)).format(
                    step=step, number=r + 1, count=len(rr.actions)))
            begin = step
            lines.append(ngettext("Position after {count} action:", "Position after {count} actions:",
                                  step).format(count=step))
            lines.append(str(record.state_at(r, step - 1)))
        else:
            if -1 in rr.comments:
                lines.append("  " + gettext("Comment: {comment}").format(comment=teacher_text(rr.comments[-1])))
            for note in notes.deal:
                lines.append("  " + gettext("deal: {note}").format(note=note.message))
        for index in range(begin, len(rr.actions)):
            glyph = rr.glyphs.get(index, "")
            head = f"{index + 1:>4}. {rr.actions[index]}" + (f"  {glyph}" if glyph else "")
            lines.append(head)
            if index in rr.comments:
                comment = teacher_text(rr.comments[index])
                lines.append("        " + gettext("Comment: {comment}").format(comment=comment))
            for note in notes[index]:
                lines.append(f"        - {note.message}")
    for error in record.errors:
        lines.append(gettext("Problem while loading: {error}").format(error=error))
    return "\n".join(lines) + "\n"
