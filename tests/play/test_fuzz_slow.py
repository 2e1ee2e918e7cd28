"""Slow fuzz (marked ``slow``; CI runs it): 100,000 random actions against reachable states of
all seven profiles, and 10,000 mutated records, with zero unexpected exceptions and zero state
changes on a refusal.

Actions: mutated legal texts, random token soup, arbitrary text and well-typed action objects
with arbitrary seats, cards and targets; only `IllegalActionError` / `NotationError` may come
out, ``check`` and ``apply`` agree, and a refusal leaves ``snapshot()`` equal.

Records: small records of every profile (dealt from a deck, and from an explicit start
position), mutated as text (insert, delete, replace, truncate,
duplicate) and as JSON (a field removed, retyped or replaced, actions swapped, dropped or
garbled); strict loading either succeeds or raises `RecordError`, lenient loading never raises
and its result dumps to a record that loads strictly to the same text, and no action ever makes
the engine itself fail ("the engine could not apply it").
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from canasta_learn import IllegalActionError, NotationError, Round
from canasta_learn.core.actions import (
    Answer,
    Ask,
    Decline,
    Discard,
    Draw,
    Meld,
    MeldGroup,
    Redraw,
    Swap,
    TakePile,
)
from canasta_learn.core.cards import ALL_CARDS
from canasta_learn.profiles import profile_names
from canasta_learn.records.record import GameRecord, RecordError, _start_from_round

pytestmark = pytest.mark.slow

PROFILES = tuple(profile_names())
ACTIONS_PER_PROFILE = 100_000 // len(PROFILES) + 1
RECORD_MUTATIONS = 10_000
TOKENS = ["N", "E", "S", "W", "P1", "P4", "P6", "P7", "P0", "P²", "draw", "take", "meld", "add",
          "discard", "ask", "answer", "yes", "no", "decline", "swap", "redraw", "jk", "h5", "s13",
          "d2", "c1", "hk", "sA", "h14", "x7", "101:", "102:", "13:", "0:", "2:", "999:", "|", ",",
          ":", " ", "\n", "\t", "²", "١", "K", "\x00", "'", '"', "\\"]


def random_text(rng: random.Random, legal: list[str]) -> str:
    kind = rng.random()
    if kind < 0.5 and legal:
        chars = list(rng.choice(legal))
        for _ in range(rng.randint(1, 3)):
            where = rng.randint(0, len(chars))
            if rng.random() < 0.4 and chars:
                del chars[min(where, len(chars) - 1)]
            else:
                chars.insert(where, rng.choice(TOKENS))
        return "".join(chars)
    if kind < 0.85:
        return " ".join(rng.choice(TOKENS) for _ in range(rng.randint(0, 8)))
    return "".join(chr(rng.randint(0, 0x2FF)) for _ in range(rng.randint(0, 20)))


def random_object(rng: random.Random, players: int) -> Any:
    seat = rng.choice([0, 1, 2, 3, players - 1, players, -1, 7, 10 ** 6])

    def cards() -> tuple[Any, ...]:
        return tuple(rng.choice(ALL_CARDS) for _ in range(rng.randint(0, 5)))

    def target() -> int | None:
        return rng.choice([None, 0, 1, 2, 3, 7, 13, 14, -1, 100, 101, 102, 103, 110, 999])

    def groups() -> tuple[MeldGroup, ...]:
        return tuple(MeldGroup(cards(), target()) for _ in range(rng.randint(0, 3)))

    return rng.choice([
        lambda: Draw(seat), lambda: Ask(seat), lambda: Decline(seat), lambda: Redraw(seat),
        lambda: Answer(seat, rng.random() < 0.5), lambda: Discard(seat, rng.choice(ALL_CARDS)),
        lambda: Meld(seat, groups()), lambda: TakePile(seat, cards(), groups(), target()),
        lambda: Swap(seat, target() or 0, rng.choice(ALL_CARDS)),
    ])()


@pytest.mark.parametrize("profile", PROFILES)
def test_random_actions_never_crash_and_refusals_change_nothing(profile: str) -> None:
    rng = random.Random(f"fuzz actions {profile}")
    tried = accepted = 0
    rnd = Round(profile, seed=rng.randrange(10 ** 6))
    while tried < ACTIONS_PER_PROFILE:
        if rnd.is_over:
            rnd = Round(profile, seed=rng.randrange(10 ** 6))
        legal = rnd.legal_actions()
        texts = [a.text(rnd.player_count) for a in legal]
        for _ in range(6):
            attempt = (random_text(rng, texts) if rng.random() < 0.6
                       else random_object(rng, rnd.player_count))
            before = rnd.snapshot()
            tried += 1
            try:
                verdict = rnd.check(attempt)
            except NotationError:
                assert rnd.snapshot() == before
                with pytest.raises(NotationError):
                    rnd.apply(attempt)
                assert rnd.snapshot() == before
                continue
            assert rnd.snapshot() == before, attempt
            if verdict.ok:
                accepted += 1
                rnd.copy().apply(attempt)
            else:
                with pytest.raises(IllegalActionError):
                    rnd.apply(attempt)
                assert rnd.snapshot() == before, attempt
        if legal:
            rnd.apply(rng.choice(legal))
    assert tried >= ACTIONS_PER_PROFILE and accepted > 0


# --------------------------------------------------------------------------- records
def base_records() -> list[str]:
    """Small records of every profile: a round part-played, comments and glyphs included."""
    texts = []
    for index, profile in enumerate(PROFILES):
        rng = random.Random(index)
        rnd = Round(profile, seed=index)
        for _ in range(rng.randint(15, 40)):
            if rnd.is_over:
                break
            rnd.apply(rng.choice(rnd.legal_actions()))
        record = GameRecord.from_round(rnd)
        record.comment(0, 2, "a comment", glyph="?!")
        record.comment(0, -1, "the deal")
        texts.append(record.dump())
        # the same round from an explicit start position (as Round.from_state records it)
        doc = record.to_json()
        del doc["rounds"][0]["deck"]
        doc["rounds"][0]["start"] = _start_from_round(Round(profile, seed=index))
        texts.append(json.dumps(doc, indent=1))
    return texts


JUNK: list[Any] = [None, True, 0, -1, 3, 10 ** 30, 1.5, "", "x", "N draw", "h5 h5", [], {}, [1],
                   {"a": 1}, "E add 101: jk", "P² draw", "N meld h5 h5\nx", "-1", "0", "99"]


def mutate_json(rng: random.Random, doc: Any) -> Any:
    doc = copy.deepcopy(doc)
    nodes: list[tuple[Any, Any]] = []  # (container, key)

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in list(node):
                nodes.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for i in range(len(node)):
                nodes.append((node, i))
                walk(node[i])

    walk(doc)
    for _ in range(rng.randint(1, 3)):
        if not nodes:
            break
        container, key = rng.choice(nodes)
        try:
            value = container[key]
        except (KeyError, IndexError):
            continue
        choice = rng.random()
        if choice < 0.15 and isinstance(container, dict):
            del container[key]
        elif choice < 0.3 and isinstance(container, list) and container:
            container.insert(rng.randint(0, len(container)), copy.deepcopy(rng.choice(container)))
        elif choice < 0.45 and isinstance(value, str) and value:
            chars = list(value)
            chars[rng.randrange(len(chars))] = rng.choice(TOKENS)
            container[key] = "".join(chars)
        elif choice < 0.55 and isinstance(container, list) and len(container) > 1:
            i, j = rng.randrange(len(container)), rng.randrange(len(container))
            container[i], container[j] = container[j], container[i]
        else:
            container[key] = copy.deepcopy(rng.choice(JUNK))
    return doc


def mutate_text(rng: random.Random, text: str) -> str:
    choice = rng.random()
    if choice < 0.3:
        return text[:rng.randint(0, len(text))]
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(len(chars) + 1)
        if choice < 0.6 and chars:
            del chars[min(where, len(chars) - 1)]
        else:
            chars.insert(where, rng.choice(TOKENS + ["{", "}", "[", "]", '"', ","]))
    return "".join(chars)


def test_mutated_records_load_or_fail_with_a_record_error() -> None:
    rng = random.Random("fuzz records")
    bases = base_records()
    docs = [json.loads(t) for t in bases]
    loaded = failed = 0
    for n in range(RECORD_MUTATIONS):
        index = rng.randrange(len(bases))
        text = (mutate_text(rng, bases[index]) if n % 2
                else json.dumps(mutate_json(rng, docs[index])))
        lazy = n % 7 == 0
        try:
            GameRecord.load(text, lazy=lazy)
            loaded += 1
        except RecordError:
            failed += 1
        lenient = GameRecord.load(text, strict=False, lazy=lazy)
        for r in range(len(lenient.rounds)):
            lenient.final_state(r)  # a lazy round is checked here
        assert not any("engine could not apply" in str(e) for e in lenient.errors), text
        again = lenient.dump()
        assert GameRecord.load(again).dump() == again
    assert loaded > 0 and failed > 0
