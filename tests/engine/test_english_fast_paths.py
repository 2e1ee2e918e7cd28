"""The English fast paths say what the templates say.

The commonest events (a meld laid, a red three laid, the pile taken...) fill their English
template as an f-string instead of ``gettext(template).format(...)``, which costs several times
as much (benchmarks/bench_instructions.py). These tests play the same seeded rounds twice: in
English, and in a language code with no catalogue, where `gettext` hands every template back
unchanged and so every message goes the template way; the two must agree word for word.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from canasta_learn import Round
from canasta_learn.core import i18n
from canasta_learn.core.events import Event

PROFILES = ["classic", "cardgames_io", "traditional", "italian", "pennies_from_heaven", "canastra_br", "tranca"]


def _played(profile: str, seed: int) -> tuple[list[Event], list[str]]:
    """A random-legal round's events and the verdict on every action it played."""
    rng = random.Random(seed)
    rnd = Round(profile, seed=seed)
    verdicts = []
    while not rnd.is_over:
        action = rng.choice(rnd.legal_actions())
        verdicts.append(rnd.check(action).message)
        rnd.apply(action)
    return rnd.events, verdicts


@pytest.fixture
def templates_only() -> Iterator[None]:
    """Speak a language without a catalogue: `gettext` returns each English template as it is,
    and no English fast path applies (they test for ``"en"``)."""
    i18n.set_language("en")
    i18n.spoken()[:] = ["en_templates"]
    try:
        yield
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("profile", PROFILES)
def test_english_events_are_their_templates_filled(profile: str, request: pytest.FixtureRequest) -> None:
    """Every event message (and verdict) of English play equals its template filled by
    ``str.format`` (the pt_BR editions use the templates, through the catalogue)."""
    i18n.set_language("en")
    english = [_played(profile, seed) for seed in range(4)]
    request.getfixturevalue("templates_only")
    assert i18n.get_language() == "en_templates"
    templated = [_played(profile, seed) for seed in range(4)]
    assert [[(e.kind, e.message) for e in events] for events, _ in english] == \
        [[(e.kind, e.message) for e in events] for events, _ in templated]
    assert [verdicts for _, verdicts in english] == [verdicts for _, verdicts in templated]
    kinds = {e.kind for events, _ in english for e in events}
    assert {"meld_new", "meld_added", "red_three"} <= kinds  # the fast paths ran
