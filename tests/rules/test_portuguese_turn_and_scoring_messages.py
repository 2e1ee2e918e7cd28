"""The turn, discard, end-of-stock, going-out, red-three, scoring and engine messages in Brazilian
Portuguese (issue 17): every verdict these modules give, the events of seeded rounds, the score
labels of scored rounds of every profile and the game results are translated (no English
stop-word left, different from the English text), while codes, cards, facts, points and
values stay exactly the same in both languages."""

from __future__ import annotations

import importlib.util
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from i18n_words import english_words

from canasta_learn import Game, Position, Round, Verdict
from canasta_learn.core.i18n import speaking
from canasta_learn.play.bots import play_game_live, play_round_live
from canasta_learn.profiles import get_profile, profile_names
from canasta_learn.rules.scoring import score_round
from canasta_learn.variants.base import rules_for

_spec = importlib.util.spec_from_file_location(
    "verdict_code_scenarios", Path(__file__).resolve().parents[1] / "core" / "test_verdict_codes.py")
assert _spec is not None and _spec.loader is not None
_codes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_codes)
SCENARIOS: dict[str, tuple[Callable[[], Verdict], tuple[str, ...]]] = _codes.SCENARIOS
table, ready, asked, brazil, KINGS = _codes.table, _codes.ready, _codes.asked, _codes.brazil, _codes.KINGS

#: The verdict codes whose message the turn, discard, end-of-stock, going-out modules, the round
#: and `Position` make (test_verdict_codes.py builds a position for each).
CODES = ("round_over", "not_your_turn", "already_drew", "must_draw_first", "awaiting_answer", "stock_empty",
         "must_take_pile", "card_not_in_hand", "discard_not_in_hand", "decline_only_at_end_of_stock",
         "go_out_discarding_seven", "discard_seven_forbidden", "must_go_out", "opening_incomplete",
         "permission_wrong_time", "permission_already_asked", "permission_cannot_go_out", "permission_not_asked",
         "go_out_forbidden_by_partner", "cannot_go_out_without_canasta", "batida_needs_clean_canasta",
         "redraw_not_allowed", "ok", "opening_ok", "opening_not_needed", "go_out_ok", "go_out_concealed_ok",
         "not_concealed", "go_out_not_whole_hand", "opening_below_minimum", "opening_impossible")


def _taken_pile_round() -> Round:
    rnd = table(["c9 h9 d9 c10"], melds=[["h8 c8 d8"]], pile="h4 s8")
    rnd.take_pile()
    return rnd


def _single_card_asks() -> Verdict:
    rnd = table(["c9", "c4", "c5", "c6"], melds=[[KINGS]], drew_from="stock")
    return rnd.can_ask()


def _kept_card_yes() -> Verdict:
    rnd = asked(True)
    return rnd.can_meld("h9 c9 jk")


#: Other sentences of the same codes (another variant of the message).
VARIANTS: dict[str, tuple[str, Callable[[], Verdict]]] = {
    "already_drew after taking the pile": ("already_drew", lambda: _taken_pile_round().can_draw()),
    "not_your_turn for an answer": ("not_your_turn", lambda: asked().can_answer(True, seat=1)),
    "must_take_pile when drawing from an empty stock": ("stock_empty", lambda: table(
        ["c9 h9 d9"], stock="", pile="h4 s8", melds=[["h8 c8 d8"]]).can_draw()),
    "permission_wrong_time holding one card": ("permission_wrong_time", _single_card_asks),
    "permission_wrong_time where nobody asks": ("permission_wrong_time", lambda: Round.from_state(
        profile="canastra_br", hands=["h9 c9 d9", "h4", "h5", "h6"], stock="h12 h12 h13",
        drew_from="stock").can_ask()),
    "permission_already_asked after a no": ("permission_already_asked", lambda: asked(False).can_ask()),
    "must_go_out after a move that keeps a card too many": ("must_go_out", _kept_card_yes),
    "opening_not_needed with legal melds": ("opening_not_needed", lambda: Position(
        "h4 c4 d4 c9 c9 s9 c10 h11", team_melds=["h1 c1 d1"], drew_from="stock").check_opening("h4 c4 d4 | c9 c9 s9")),
    "opening_not_needed without melds": ("opening_not_needed", lambda: Position(
        "h4 c4 d4 c9 c10", team_melds=["h1 c1 d1"]).check_opening(())),
    "opening_ok with the top card": ("opening_ok", lambda: Position(
        "h1 c1 c5 h6 h8", discard_pile="s9 d1").check_opening("h1 c1 d1")),
    "cannot_go_out_without_canasta when opening": ("cannot_go_out_without_canasta", lambda: Position(
        "h1 c1 d1 h13 c13 d13", drew_from="stock").check_opening("h1 c1 d1 | h13 c13 d13")),
}


def _both(make: Callable[[], Any]) -> tuple[Any, Any]:
    english = make()
    with speaking("pt_BR"):
        portuguese = make()
    return english, portuguese


def _same_verdict_facts(english: Verdict, portuguese: Verdict) -> None:
    assert (portuguese.code, portuguese.ok, portuguese.cards) == (english.code, english.ok, english.cards)
    assert portuguese.facts == english.facts


def _translated(english: str, portuguese: str) -> None:
    assert portuguese != english, portuguese
    assert english_words(portuguese) == [], (portuguese, english_words(portuguese))


@pytest.mark.parametrize("code", CODES)
def test_verdict_message_is_portuguese_with_the_same_facts(code: str) -> None:
    english, portuguese = _both(SCENARIOS[code][0])
    assert english.code == code
    _same_verdict_facts(english, portuguese)
    _translated(english.message, portuguese.message)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_other_sentence_of_a_verdict_is_portuguese_with_the_same_facts(name: str) -> None:
    code, make = VARIANTS[name]
    english, portuguese = _both(make)
    assert english.code == code, english
    _same_verdict_facts(english, portuguese)
    _translated(english.message, portuguese.message)


#: The events the round and the red-three rules announce (others come from the pile's and the
#: variants' modules: the upcard, taking the pile, the morto, sequence melds).
EVENT_KINDS = {"drew", "replacement", "red_three", "permission_asked", "permission_answered", "meld_new",
               "meld_added", "canasta_completed", "canasta_closed", "canasta_turned_mixed", "opening_reached",
               "opening_waived", "went_out", "round_over", "stock_exhausted"}


@pytest.mark.parametrize("profile", profile_names())
def test_events_of_seeded_rounds_are_portuguese_with_the_same_facts(profile: str) -> None:
    sequences = rules_for(get_profile(profile)).suits_matter
    checked = 0
    for seed in range(3):
        english, portuguese = _both(lambda: play_round_live("greedy", profile, seed))  # noqa: B023
        assert [e.kind for e in portuguese.events] == [e.kind for e in english.events]
        for e, p in zip(english.events, portuguese.events, strict=True):
            assert (p.seat, p.cards, p.action_index, p.value) == (e.seat, e.cards, e.action_index, e.value)
            if e.kind not in EVENT_KINDS or (sequences and e.kind in ("meld_new", "meld_added", "canasta_completed")) \
                    or "found in the pile" in e.message:  # the pile's own red-three event
                continue
            _translated(e.message, p.message)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("profile", profile_names())
def test_score_labels_of_scored_rounds_are_portuguese_with_the_same_points(profile: str) -> None:
    checked = 0
    for seed in range(3):
        english, portuguese = _both(lambda: play_round_live("greedy", profile, seed).scores())  # noqa: B023
        for e, p in zip(english, portuguese, strict=True):
            assert [(i.code, i.points) for i in p.items] == [(i.code, i.points) for i in e.items]
            assert p.total == e.total
            for ei, pi in zip(e.items, p.items, strict=True):
                if ei.label.startswith(("Canastras reais", "Canastras de mil", "Canastras limpas",
                                        "Canastras sujas")) and ei.label.endswith(")"):
                    assert pi.label == ei.label  # already the Brazilian names
                    continue
                _translated(ei.label, pi.label)
                checked += 1
    assert checked >= 6


def test_red_three_and_reserve_labels_are_portuguese() -> None:
    english, portuguese = _both(lambda: score_round(["h13 h13 s13"], red_threes="h3", hands_left=["c7 d3"],
                                                    profile="cardgames_io"))
    assert [(i.code, i.points) for i in portuguese.items] == [(i.code, i.points) for i in english.items]
    for e, p in zip(english.items, portuguese.items, strict=True):
        _translated(e.label, p.label)
    assert "Total" in str(portuguese)


def test_going_out_concealed_label_is_portuguese() -> None:
    english, portuguese = _both(lambda: score_round([KINGS, "h1 c1 s1"], went_out=True, concealed=True))
    labels = {i.code: (e, i.label) for e, i in zip([x.label for x in english.items], portuguese.items,
                                                    strict=True)}
    e, p = labels["going_out"]
    assert e == "Going out concealed" and p == "Batida fechada"


@pytest.mark.parametrize("profile", ["classic", "tranca", "italian"])
def test_game_result_is_portuguese_with_the_same_totals(profile: str) -> None:
    def game() -> tuple[Game, str]:
        done = play_game_live("greedy", profile, seed=1)
        return done, done.result

    (english, english_result), (portuguese, portuguese_result) = _both(game)
    assert (portuguese.totals, portuguese.winner) == (english.totals, english.winner)
    assert english.winner is not None
    _translated(english_result, portuguese_result)


def test_unfinished_and_ongoing_game_results_are_portuguese() -> None:
    def unfinished() -> tuple[Game, str]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            done = play_game_live("greedy", "classic", seed=1, max_rounds=2)
        return done, done.result

    (english, english_result), (portuguese, portuguese_result) = _both(unfinished)
    assert english.unfinished and portuguese.totals == english.totals
    _translated(english_result, portuguese_result)
    english_result, portuguese_result = _both(lambda: Game("classic", seed=2).result)
    _translated(english_result, portuguese_result)


@pytest.mark.parametrize("position", [
    lambda: Position("h1 c1 d2 c5 h6", drew_from="stock"),
    lambda: Position("h4 c4 d4 c9 c10", team_melds=["h1 c1 d1"], discard_pile="s9 d6 c3"),
    lambda: Position("h9 c9 d9 c10", team_melds=[KINGS], discard_pile="h5 d2 d9"),
    lambda: Position("h4 c4 c9", discard_pile="h9 d9"),
], ids=["empty pile", "blocked pile", "frozen pile", "open pile"])
def test_position_summary_is_portuguese_with_the_same_cards(position: Callable[[], Position]) -> None:
    english, portuguese = _both(lambda: str(position()))
    _translated(english, portuguese)
    assert [line.split(": ", 1)[1].split(" [")[0] for line in portuguese.splitlines()[:2]] == \
        [line.split(": ", 1)[1].split(" [")[0] for line in english.splitlines()[:2]]


def test_game_summary_is_portuguese_with_the_same_totals() -> None:
    def summaries() -> tuple[str, str]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return str(play_game_live("greedy", "classic", seed=1)), str(play_game_live(
                "greedy", "classic", seed=1, max_rounds=2))

    for english, portuguese in zip(*_both(summaries), strict=True):
        _translated(english, portuguese)
        numbers = [w for w in english.replace(":", " ").split() if w.lstrip("-").isdigit()]
        assert [w for w in portuguese.replace(":", " ").split() if w.lstrip("-").isdigit()] == numbers


def test_a_legal_moves_verdict_says_the_move_in_words_not_in_notation() -> None:
    """Issue 24 §4: the Portuguese said "`E draw` é uma jogada legal": the record's action text
    as prose. The verdict says the move in words, the cards in the engine's notation."""
    rnd = Round(seed=7)
    with speaking("pt_BR"):
        drawing = rnd.can_draw().message
    assert drawing == "Você pode fazer isto: Comprar do monte.", drawing
    rnd.draw()
    discard = next(a for a in rnd.legal_actions() if type(a).__name__ == "Discard")
    card = discard.card
    with speaking("pt_BR"):
        discarding = rnd.check(discard).message
    assert discarding == f"Você pode fazer isto: Descartar {card}.", discarding
    assert english_words(drawing + discarding) == []
