"""Hostile input: every parser refuses what is outside its grammar with its documented error,
and a refusal never changes the state.

The property tests generate arbitrary text and arbitrary (well-typed) action objects against
states reached by random legal play in each of the seven profiles, and accept only
`IllegalActionError` and `NotationError`, with ``snapshot()`` unchanged.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_learn import IllegalActionError, NotationError, Round, parse_action, parse_cards
from canasta_learn.core.actions import (
    ActionNotationError,
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
    parse_seat,
)
from canasta_learn.core.cards import ALL_CARDS, parse_card
from canasta_learn.profiles import profile_names

PROFILES = tuple(profile_names())
HOSTILE_SETTINGS = settings(max_examples=150, deadline=None,
                            suppress_health_check=[HealthCheck.too_slow])


@cache
def reachable_states(profile: str) -> tuple[Round, ...]:
    """A few states of the profile reached by random legal play (the deal, mid-turn, late)."""
    rng = random.Random(f"hostile {profile}")
    states = []
    for seed in (3, 11):
        rnd = Round(profile, seed=seed)
        states.append(rnd.copy())
        for step in range(400):
            if rnd.is_over:
                break
            rnd.apply(rng.choice(rnd.legal_actions()))
            if step in (1, 2, 40, 120, 399):
                states.append(rnd.copy())
        states.append(rnd.copy())
    return tuple(states)


def all_states() -> list[tuple[str, int]]:
    return [(p, i) for p in PROFILES for i in range(len(reachable_states(p)))]


# --------------------------------------------------------------------------- the repros


@pytest.mark.parametrize("text", ["E add 101: jk", "E meld 110: jk", "E add 999: h5"])
@pytest.mark.parametrize("how", ["apply", "check"])
def test_a_target_that_is_not_a_rank_is_refused_not_a_key_error(text: str, how: str) -> None:
    rnd = Round(seed=7)
    rnd.apply("E draw")
    before = rnd.snapshot()
    if how == "apply":
        with pytest.raises(IllegalActionError) as info:
            rnd.apply(text)
        message = info.value.verdict.message
    else:
        verdict = rnd.check(text)
        assert not verdict.ok
        message = verdict.message
    assert rnd.snapshot() == before
    if "101" in text:
        assert message.startswith("101 is not a rank") and "'add 13: h13'" in message


@pytest.mark.parametrize("text", ["P² draw", "P١ draw", "P³ meld h5", "N² draw", "P1² draw"])
def test_non_ascii_digits_in_a_seat_name_are_not_a_seat(text: str) -> None:
    with pytest.raises(ActionNotationError, match="is not a seat"):
        parse_action(text, 6)


@pytest.mark.parametrize("text", ["N meld h5 h5\nx", "N meld h5\nh5 h5", "N add 13:\nh13",
                                  "N take 101:\nh5", "N swap 101:\nh8", "N meld 13: h13\n"])
def test_newlines_inside_an_action_are_read_or_refused_never_asserted(text: str) -> None:
    try:
        action = parse_action(text)
    except ActionNotationError as error:
        assert repr(text) in str(error)
    else:  # a newline is whitespace between cards: the action reads back from its text form
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("token", ["h\u212a", "s\u0131", "h１", "ｈ5", "h5\n", "h٥"])
def test_card_tokens_outside_ascii_are_not_cards(token: str) -> None:
    if token == "h5\n":  # surrounding whitespace is not part of the token
        assert str(parse_card(token)) == "h5"
        return
    with pytest.raises(NotationError, match="is not a card"):
        parse_card(token)


@pytest.mark.parametrize("value", [None, 3, b"N", ["N"]])
def test_a_seat_name_must_be_text(value: object) -> None:
    with pytest.raises(ActionNotationError, match="seat"):
        parse_seat(value)  # type: ignore[arg-type]


def test_a_huge_meld_number_is_refused_as_notation() -> None:
    for text in ("N swap " + "9" * 5000 + ": h8", "N take " + "9" * 5000 + ": h8 h8"):
        with pytest.raises(ActionNotationError):
            parse_action(text)


# --------------------------------------------------------------------------- properties

TOKENS = ["N", "E", "S", "W", "P1", "P3", "P6", "P7", "P0", "draw", "take", "meld", "add",
          "discard", "ask", "answer", "yes", "no", "decline", "swap", "redraw", "jk", "h5",
          "s13", "d2", "c1", "hk", "101:", "13:", "0:", "2:", "|", ",", ":", " ", "\n", "²",
          "h14", "x7", "999:"]
grammar_like = st.lists(st.sampled_from(TOKENS), min_size=0, max_size=9).map(" ".join)
any_text = st.one_of(st.text(max_size=40), grammar_like,
                     st.builds(lambda a, b: a + b, grammar_like, st.text(max_size=8)))

cards = st.lists(st.sampled_from(ALL_CARDS), max_size=5).map(tuple)
targets = st.one_of(st.none(), st.integers(-3, 16), st.integers(99, 112),
                    st.integers(-(10 ** 9), 10 ** 9))
seats = st.one_of(st.integers(-2, 7), st.integers(-(10 ** 9), 10 ** 9))
groups = st.lists(st.builds(MeldGroup, cards, targets), max_size=3).map(tuple)
action_objects = st.one_of(
    st.builds(Draw, seats), st.builds(Ask, seats), st.builds(Decline, seats),
    st.builds(Redraw, seats), st.builds(Answer, seats, st.booleans()),
    st.builds(Discard, seats, st.sampled_from(ALL_CARDS)),
    st.builds(Meld, seats, groups),
    st.builds(TakePile, seats, cards, groups, targets),
    st.builds(Swap, seats, st.integers(-3, 200), st.sampled_from(ALL_CARDS)),
)


def refuse_or_apply(rnd: Round, action: object) -> None:
    """check() and apply() either accept, or refuse with a documented error and change nothing."""
    before = rnd.snapshot()
    try:
        verdict = rnd.check(action)  # type: ignore[arg-type]
    except NotationError:
        assert rnd.snapshot() == before
        with pytest.raises(NotationError):
            rnd.apply(action)  # type: ignore[arg-type]
        assert rnd.snapshot() == before
        return
    assert rnd.snapshot() == before
    if verdict.ok:
        rnd.copy().apply(action)  # type: ignore[arg-type]
        return
    with pytest.raises(IllegalActionError):
        rnd.apply(action)  # type: ignore[arg-type]
    assert rnd.snapshot() == before


@pytest.mark.parametrize("profile", PROFILES)
@HOSTILE_SETTINGS
@given(data=st.data())
def test_arbitrary_text_is_refused_with_a_documented_error(profile: str, data: st.DataObject) -> None:
    states = reachable_states(profile)
    rnd = states[data.draw(st.integers(0, len(states) - 1))]
    text = data.draw(any_text)
    refuse_or_apply(rnd, text)
    try:
        parse_cards(text)
    except NotationError:
        pass
    try:
        seat = parse_seat(text, rnd.player_count)
    except ActionNotationError as error:
        assert repr(text) in str(error)
    else:
        assert 0 <= seat < rnd.player_count


@pytest.mark.parametrize("profile", PROFILES)
@HOSTILE_SETTINGS
@given(data=st.data())
def test_arbitrary_action_objects_are_refused_with_a_documented_error(
        profile: str, data: st.DataObject) -> None:
    states = reachable_states(profile)
    rnd = states[data.draw(st.integers(0, len(states) - 1))]
    refuse_or_apply(rnd, data.draw(action_objects))


@pytest.mark.parametrize("profile", PROFILES)
@HOSTILE_SETTINGS
@given(data=st.data())
def test_mutated_legal_action_texts_are_refused_or_legal(profile: str, data: st.DataObject) -> None:
    states = [s for s in reachable_states(profile) if not s.is_over]
    rnd = states[data.draw(st.integers(0, len(states) - 1))]
    legal = [a.text(rnd.player_count) for a in rnd.legal_actions()]
    text = data.draw(st.sampled_from(legal))
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(chars)))
        piece = data.draw(st.one_of(st.sampled_from(TOKENS), st.text(max_size=2)))
        if data.draw(st.booleans()) and chars:
            del chars[min(where, len(chars) - 1)]
        else:
            chars.insert(where, piece)
    refuse_or_apply(rnd, "".join(chars))
