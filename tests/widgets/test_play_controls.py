"""Every legal action can be made with PlayWidget's controls alone (issue 13).

For random reachable states of every profile, each action of ``legal_actions()`` for the
seat to act is performed by clicking: cards toggled one by one in the hand (what a click on
a card does), the meld chooser set, the buttons pressed ("Set aside as a meld" for the extra
melds of a take or an opening of several melds). The widget's round must then be exactly
the round the action itself gives.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from canasta_learn.core.actions import (  # noqa: E402
    Action,
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
from canasta_learn.core.cards import Card  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play.bots import acting_seat, make_bots  # noqa: E402
from canasta_learn.profiles import profile_names  # noqa: E402
from canasta_learn.widgets import PlayWidget  # noqa: E402

#: Bot games walked per profile, and how many states are kept for each kind of action.
GAMES = 8
PER_KIND = 3

def click_cards(play: PlayWidget, cards: tuple[Card, ...]) -> None:
    """Select exactly ``cards`` by clicking cards in the hand (as a learner does)."""
    hand = play.hand
    for position, item in enumerate(hand.items):  # unselect what is selected
        if item["id"] in hand.selected_ids:
            hand.toggle(position)
    need = Counter(cards)
    for position, item in enumerate(hand.items):
        card = hand.cards[item["id"]]
        if need[card] > 0:
            need[card] -= 1
            hand.toggle(position)
    assert not +need, f"{need} not in the hand shown"


def choose_target(play: PlayWidget, target: int | None) -> None:
    value = -1 if target is None else target
    assert value in [v for _, v in play.target.options], (target, play.target.options)
    play.target.value = value


def perform_by_clicking(play: PlayWidget, action: Action) -> None:
    """Make ``action`` with the widget's controls only."""
    def set_aside(groups: tuple[MeldGroup, ...]) -> None:
        for group in groups:
            click_cards(play, group.cards)
            choose_target(play, group.target)
            play.buttons["aside"].click()

    if isinstance(action, Draw):
        play.buttons["draw"].click()
    elif isinstance(action, TakePile):
        set_aside(action.extra_melds)
        click_cards(play, action.cards)
        choose_target(play, action.target)
        play.buttons["take"].click()
    elif isinstance(action, Meld):
        set_aside(action.groups[:-1])
        last = action.groups[-1]
        click_cards(play, last.cards)
        choose_target(play, last.target)
        play.buttons["meld"].click()
    elif isinstance(action, Discard):
        click_cards(play, (action.card,))
        play.buttons["discard"].click()
    elif isinstance(action, Ask):
        play.buttons["ask"].click()
    elif isinstance(action, Answer):
        play.buttons["yes" if action.yes else "no"].click()
    elif isinstance(action, Decline):
        play.buttons["decline"].click()
    elif isinstance(action, Swap):
        click_cards(play, (action.card,))
        choose_target(play, action.target)
        play.buttons["swap"].click()
    elif isinstance(action, Redraw):
        play.buttons["redraw"].click()
    else:  # pragma: no cover - a new kind of action needs a control
        raise AssertionError(f"no control for {action!r}")


def outcome(rnd: Round) -> tuple[Any, ...]:
    """The state that matters, whatever order the cards were picked in."""
    return (
        rnd.phase, rnd.to_move, tuple(sorted(map(str, rnd.stock))), tuple(map(str, rnd.pile)),
        tuple(tuple(sorted(map(str, h))) for h in rnd.hands),
        tuple(tuple(sorted((k, tuple(sorted(map(str, m)))) for k, m in team.items())) for team in rnd.melds),
        tuple(tuple(sorted(map(str, t))) for t in rnd.red_threes), tuple(rnd.opened),
        rnd.turn_value, rnd.permission, rnd.end_reason, len(rnd.log),
    )


def kind_of(action: Action) -> str:
    """The kind of an action, telling apart the forms that need other controls."""
    name = type(action).__name__
    if isinstance(action, TakePile):
        name += " with extra melds" if action.extra_melds else ""
        name += " onto a chosen meld" if action.target is not None else ""
    if isinstance(action, Meld) and len(action.groups) > 1:
        name += " of several melds"
    if isinstance(action, Answer):
        name += " yes" if action.yes else " no"
    return name


def reachable_samples(profile: str) -> dict[str, list[tuple[Round, Action]]]:
    """Along bot games of ``profile``, up to `PER_KIND` (state, legal action) pairs of every
    kind of action that comes up (draws, takes with and without extra melds, melds, discards,
    questions, answers, and the profile's swaps, redraws and declines)."""
    samples: dict[str, list[tuple[Round, Action]]] = {}
    rng = random.Random(profile)
    for seed in range(1, GAMES + 1):
        rnd = Round(profile, seed=seed)
        bots = make_bots((["greedy", "random"] * 3)[: rnd.player_count], rnd.player_count, seed)
        while not rnd.is_over:
            actions = rnd.legal_actions()
            by_kind: dict[str, list[Action]] = {}
            for action in actions:
                by_kind.setdefault(kind_of(action), []).append(action)
            for kind, group in by_kind.items():
                kept = samples.setdefault(kind, [])
                if len(kept) < PER_KIND and rng.random() < 0.5:
                    kept.append((rnd.copy(), rng.choice(group)))
            rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    return samples


@pytest.mark.parametrize("profile", profile_names())
def test_every_legal_action_is_reachable_by_clicking(profile: str) -> None:
    samples = reachable_samples(profile)
    for kind, pairs in samples.items():
        for rnd, action in pairs:
            seat = acting_seat(rnd)
            expected = rnd.copy()
            expected.apply(action)
            play = PlayWidget(round=rnd.copy(), seat=seat, autoplay=False)
            perform_by_clicking(play, action)
            assert outcome(play.state) == outcome(expected), (kind, action, play.message)
    kinds = set(samples)
    assert {"Draw", "Discard", "Meld", "TakePile"} <= kinds, kinds
    prof = Round(profile, seed=1).profile
    if prof.first_turn_redraw:
        assert "Redraw" in kinds
    if prof.swappable_wilds:
        assert "Swap" in kinds


def test_refusals_advise_controls_never_command_syntax() -> None:
    """The engine's text-interface advice ("as in 'take h4 h4'", groups with '|') becomes the
    buttons that do it: every case, from real refusals (tests/click_advice_cases.py)."""
    from click_advice_cases import CASES, refusal

    from canasta_learn.widgets.play import for_clicks

    rnd = Round.from_state(
        hands=["h4 h4 c9 d9 s9 h13 s13", "c5 c6 c7 c8", "s5 s6 s8 h5", "d5 d6 d7 d8"],
        stock="s7 d6 c10 h6", pile="d7 s4", to_move=0)
    play = PlayWidget(round=rnd, seat=0, autoplay=False)
    play.buttons["take"].click()  # no cards selected, no meld of fours
    engine = rnd.check(TakePile(0))
    assert "('take h4 h4')" in engine.message
    assert "'take" not in play.message and play.message.endswith(
        "take the pile with it: select the pair, then press Take pile.")
    assert play.message.split(": select")[0] == engine.learner_message(play.names.names, 0).split(" ('take")[0]
    for name in CASES:
        rnd, action, verdict = refusal(name)
        shown = for_clicks(verdict, action).message
        assert shown != verdict.message, (name, verdict.message)  # the engine's advice is replaced
        assert not re.search(r"'(take|add|meld)\b|'\|'", shown), shown
        assert "press" in shown or "Set aside" in shown, shown


def test_lesson_05_brilliant_take_can_be_replayed_by_clicking_from_the_replay() -> None:
    """The "!!" move of the frozen-pile example (a take with an opening meld) from "continue
    from here": set aside d9 h9 s2, select c11 d11, Take pile."""
    from canasta_learn.records.examples import load_example
    from canasta_learn.widgets import ReplayViewer

    record = load_example("frozen_pile_fight")
    assert record.rounds[0].glyphs[33] == "!!"
    viewer = ReplayViewer(record)
    viewer.go(viewer.steps.index((0, 32)))  # after West's h11: North to move
    play = viewer.continue_here()
    assert play is not None and play.seat == 0
    expected = record.state_at(0, 33)
    action = expected.log[33]
    assert isinstance(action, TakePile) and action.extra_melds
    play.autoplay = False
    perform_by_clicking(play, action)
    assert outcome(play.state) == outcome(expected), play.message
    assert play.narration_lines[0].startswith("You took the pile (")
    assert "and melded 9\u2666 9\u2665 2\u2660" in play.narration_lines[0]


def test_a_legal_verdict_is_said_to_the_learner_in_the_second_person_with_symbols() -> None:
    """Issue 27: what the learner reads about their own action says "You" and shows cards as
    symbols, in both languages; the engine's own message (for the command line) keeps notation."""
    from canasta_learn.core.cards import parse_cards
    from canasta_learn.core.i18n import speaking
    from canasta_learn.widgets.play import for_clicks

    rnd = Round.from_state(hands=["h4 c4 c9 d9 s9 h7", "c5 c6 c7", "s5 s6 s8", "d5 d6 d7"],
                           stock="s7 d6 c10 h6", pile="d7 s4 d4", opened=[True, False])
    take = TakePile(0, tuple(parse_cards("h4 c4")))
    expected = {
        "en": "You may take the pile by melding 4♥ 4♣ with the top card 4♦, then pick up the other 2 cards.",
        "pt_BR": "Você pode pegar a pilha baixando 4♥ 4♣ com a carta do topo 4♦, e depois recolher as outras 2 "
                 "cartas."}
    for language, said in expected.items():
        with speaking(language):
            verdict = rnd.check(take)
            assert verdict.ok and for_clicks(verdict, take).message == said
    assert rnd.check(take).message.startswith("N may take the pile by melding h4 c4")
    rnd.apply("N draw")
    meld = Meld(0, (MeldGroup(tuple(parse_cards("c9 d9 s9"))),))
    discard = Discard(0, Card.parse("h7"))
    assert for_clicks(rnd.check(meld), meld).message == "You may meld 9♣ 9♦ 9♠ (30 points)."
    assert for_clicks(rnd.check(discard), discard).message == "You may do this: Discard 7♥."
    with speaking("pt_BR"):
        assert for_clicks(rnd.check(meld), meld).message == "Você pode baixar 9♣ 9♦ 9♠ (30 pontos)."
