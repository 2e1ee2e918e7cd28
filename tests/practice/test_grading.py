"""Grading a learner's own answer by the engine: right, legal but not what was asked, illegal or
wrong, each with the engine's verdict code and message; hints escalate from the rule's name to
the deciding fact to the answer (canasta_learn.practice.drills)."""

from __future__ import annotations

import pytest

from canasta_learn.core.cards import parse_cards
from canasta_learn.core.i18n import speaking
from canasta_learn.practice import Drill, generate, grade
from canasta_learn.rules.melds import check_meld


def first(skill: str, wanted: bool, difficulty: int = 2) -> Drill:
    """The first drill of ``skill`` whose answer is (not) None / True."""
    for seed in range(200):
        drill = generate(skill, seed, difficulty)
        has = drill.answer is not None if drill.kind != "yes_no" else drill.answer
        if has == wanted:
            return drill
    raise AssertionError(f"no {skill} drill with a way: {wanted}")


def test_rules_melds_a_wrong_yes_is_graded_wrong_with_the_engines_own_refusal() -> None:
    drill = first("meld_validity", False)
    result = grade(drill, True)
    verdict = check_meld(drill.position.hand)
    assert (result.outcome, result.code, result.message) == ("wrong", verdict.code, verdict.message)
    assert result.answer == "no"
    assert grade(drill, False).outcome == "right"


def test_rules_pile_take_frozen_taking_without_a_natural_pair_is_illegal_and_says_why() -> None:
    drill = next(d for d in (generate("take_pile", s, 2) for s in range(200))
                 if d.answer is None and d.position.pile_state() == "frozen")
    top = drill.position.top_card
    assert top is not None
    natural = next(c for c in drill.position.hand if c.rank == top.rank)
    wild = next(c for c in drill.position.hand if c.is_wild)
    result = grade(drill, [natural, wild])
    verdict = drill.position.check_take_pile([natural, wild])
    assert not verdict.ok
    assert (result.outcome, result.code, result.message) == ("illegal", verdict.code, verdict.message)
    assert result.code == "pile_frozen_needs_natural_pair"
    assert grade(drill, None).outcome == "right"


def test_rules_pile_take_open_any_legal_take_is_right_not_only_the_engines_choice() -> None:
    drill = first("take_pile", True)
    result = grade(drill, list(drill.answer))
    assert result.outcome == "right" and result.code == "pile_takeable"
    assert grade(drill, None).outcome == "wrong"


def test_rules_going_out_melds_that_leave_cards_are_legal_but_not_what_was_asked() -> None:
    drill = first("go_out", True)
    melds, _discard = drill.answer
    result = grade(drill, (melds, None))  # lay the melds, keep the last card, do not discard
    assert result.outcome == "legal_not_asked"
    assert result.code == "go_out_not_whole_hand"
    assert result.message == drill.position.check_go_out([list(m) for m in melds]).message


def test_rules_going_out_without_a_canasta_is_illegal_and_the_engine_says_so() -> None:
    drill = first("go_out", False)
    hand = drill.position.hand
    by_rank = {c.rank: [d for d in hand if d.rank == c.rank] for c in hand}
    meld = next(cards for cards in by_rank.values() if len(cards) >= 3)
    discard = next(c for c in hand if c not in meld)
    result = grade(drill, ([meld], discard))
    assert result.outcome == "illegal"
    assert result.code == "cannot_go_out_without_canasta"
    assert grade(drill, None).outcome == "right"


def test_rules_opening_count_melds_short_of_the_minimum_are_illegal_with_the_shortfall() -> None:
    drill = first("opening", True, difficulty=3)
    melds = [list(m) for m in drill.answer]
    result = grade(drill, melds[:1])  # one meld alone never reaches the minimum
    assert result.outcome == "illegal" and result.code == "opening_below_minimum"
    assert "short" in result.message


def test_rules_scoring_a_number_one_step_off_is_wrong_and_shows_the_breakdown() -> None:
    drill = generate("hand_score", 4, 2)
    result = grade(drill, drill.answer - 5)
    assert result.outcome == "wrong" and result.code == "score_breakdown"
    assert result.message.endswith(f"total: {drill.answer}.")


def test_hints_escalate_from_the_rule_to_the_fact_to_the_answer() -> None:
    drill = generate("canasta_kind", 2, 2)
    hints = [drill.hint(level) for level in (1, 2, 3)]
    assert hints[0] == "The rule: canastas, natural and mixed."
    assert drill.answer_text() in hints[2] and drill.answer_text() not in hints[0] + hints[1]
    assert "7 cards" in hints[1]
    with pytest.raises(ValueError, match="level must be 1, 2 or 3"):
        drill.hint(4)


def test_the_explanation_speaks_the_language_spoken_when_graded() -> None:
    drill = first("meld_validity", False)
    with speaking("pt_BR"):
        result = grade(drill, True)
        feedback = result.feedback
    assert result.message == check_meld(drill.position.hand).message_in("pt_BR")
    assert result.answer == "não"
    assert feedback == f"Não exatamente. {result.message}"


@pytest.mark.parametrize(("skill", "answer", "error"), [
    ("meld_validity", "yes", TypeError), ("hand_score", 12.5, TypeError), ("canasta_kind", "sevens", ValueError),
    ("take_pile", 5, TypeError), ("go_out", ["h5 h5 h5"], TypeError),
])
def test_an_answer_of_the_wrong_form_is_refused_naming_answer(skill: str, answer: object,
                                                                error: type[Exception]) -> None:
    with pytest.raises(error, match="answer"):
        grade(generate(skill, 1), answer)


def test_the_learners_cards_may_be_notation_text() -> None:
    drill = first("take_pile", True)
    text = " ".join(str(c) for c in drill.answer)
    assert grade(drill, text).outcome == "right"
    assert parse_cards(text) == list(drill.answer)


def test_rules_pile_take_open_the_top_card_may_go_onto_the_teams_meld_with_no_card_from_hand() -> None:
    drill = next(d for d in (generate("take_pile", s, 2) for s in range(200)) if d.answer == ())
    assert grade(drill, []).outcome == "right"
    assert drill.answer_text() == "take the pile, adding its top card to your team's meld"


def test_rules_pile_take_frozen_a_team_meld_of_the_rank_does_not_help() -> None:
    drill = next(d for d in (generate("take_pile", s, 3) for s in range(200))
                 if d.position.pile_state() == "frozen" and d.position.top_card is not None
                 and any(m[0].rank == d.position.top_card.rank for m in d.position.team_melds))
    assert drill.answer is None
    result = grade(drill, [])
    assert (result.outcome, result.code) == ("illegal", "pile_frozen_needs_natural_pair")
