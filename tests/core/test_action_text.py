"""Every action's text form is accepted back by its round (issue 24 §3): at a Pennies from
Heaven table (six seats, P1 to P6) ``str(action)`` gave ``E draw``, which the same round
refused ("seats are P1, ..., P6"). The property runs over every registered profile: random
rounds of seeded random bots, and at every step each legal action's text forms
(``str(action)``, ``rnd.action_text(action)``) are read by the round as the same action.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_learn import Round
from canasta_learn.core.actions import ActionNotationError, Draw, parse_action, parse_seat
from canasta_learn.profiles import profile_names

PROFILES = tuple(profile_names())


def test_pennies_str_of_a_draw_is_accepted_by_its_round() -> None:
    """The audit's case: the second seat's draw at a six-player table."""
    rnd = Round("pennies_from_heaven", seed=4, dealer=0)
    action = next(a for a in rnd.legal_actions())
    assert str(action) != rnd.action_text(action) or rnd.player_count == 4
    assert rnd.check(str(action)).ok
    assert rnd.copy().apply(str(action)) == action
    assert rnd.copy().apply(rnd.action_text(action)) == action
    assert parse_action("E draw", 6) == parse_action("P2 draw", 6) == Draw(1)


def test_the_compass_seats_name_only_seats_the_table_has() -> None:
    assert [parse_seat(name, 6) for name in ("N", "E", "S", "W", "P5", "P6")] == [0, 1, 2, 3, 4, 5]
    assert [parse_seat(name) for name in ("n", "E", "s", "W", "p1", "P4")] == [0, 1, 2, 3, 0, 3]
    for text, players in (("S", 2), ("W", 3), ("P7", 6), ("P5", 4)):
        with pytest.raises(ActionNotationError, match=r"is not a seat; seats are "):
            parse_seat(text, players)


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_legal_actions_text_form_parses_back_through_its_round(profile: str, seed: int) -> None:
    rnd = Round(profile, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    for _ in range(400):
        if rnd.is_over:
            break
        actions = rnd.legal_actions()
        for action in actions:
            for text in {str(action), rnd.action_text(action)}:
                assert parse_action(text, rnd.player_count) == action, (profile, text)
                verdict = rnd.check(text)
                assert verdict.ok, (profile, text, verdict.message)
        chosen = rng.choice(actions)
        text = rng.choice([str(chosen), rnd.action_text(chosen)])
        assert rnd.apply(text) == chosen, (profile, text)
