"""The variants' drill generators (canasta_learn.practice.variant_skills), over many seeds at every
difficulty: the position is legal for its game and within its decks, the engine gives the
answer the position was built for and agrees with it asked another way, grading takes the
engine's answer and refuses another, yes/no skills answer yes 40-60% of the time, and no task
states its answer or shows card notation (docs/variants.md sections as each skill names)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from i18n_words import english_words
from quiz_leaks import QuizFacts, answer_leaks

from canasta_learn.core.actions import TakePile
from canasta_learn.core.i18n import speaking
from canasta_learn.engine.position import Position
from canasta_learn.practice import SKILLS, Drill, Progress, Session, generate, grade, skill_ids
from canasta_learn.practice.variant_skills import VARIANT_PROFILES
from canasta_learn.rules.melds import canasta_kind, cards_value, check_meld, meld_key

SEEDS = range(150)
VARIANT_SKILLS = [s for p in VARIANT_PROFILES for s in skill_ids(p)]
VARIANT_SECTIONS = set(re.findall(r"\(variants\.md#(variants-[a-z0-9-]+)\)",
                                  Path("docs/rule-index.md").read_text(encoding="utf-8")))
_CACHE: dict[str, list[Drill]] = {}


def drills_of(skill: str) -> list[Drill]:
    """The skill's drills: every seed, each at difficulty 1, 2 and 3 in turn."""
    if skill not in _CACHE:
        _CACHE[skill] = [generate(skill, seed, 1 + seed % 3) for seed in SEEDS]
    return _CACHE[skill]


def test_every_variant_has_skills_named_after_it_and_the_rules_a_player_decides() -> None:
    prefixes = {"italian": "italian_", "pennies_from_heaven": "pennies_", "canastra_br": "canastra_",
                "tranca": "tranca_"}
    for profile, prefix in prefixes.items():
        ids = skill_ids(profile)
        assert len(ids) >= 3 and all(s.startswith(prefix) for s in ids), ids
        assert all(SKILLS[s].profile == profile for s in ids)
    trained = {SKILLS[s].rule for s in VARIANT_SKILLS}
    assert {"variants-italian-deuce-melds", "variants-italian-opening", "variants-italian-pile",
            "variants-italian-going-out", "variants-pennies-sevens", "variants-pennies-melds",
            "variants-pennies-reserve", "variants-pennies-going-out", "variants-brazilian-sequences",
            "variants-canastra-br-kinds", "variants-tranca-kinds", "variants-brazilian-morto",
            "variants-brazilian-pile"} <= trained
    assert set(skill_ids()) == set(skill_ids("classic")) | set(VARIANT_SKILLS)


@pytest.mark.parametrize("skill", VARIANT_SKILLS)
def test_every_variant_skill_trains_a_section_of_the_rule_index(skill: str) -> None:
    assert SKILLS[skill].rule in VARIANT_SECTIONS
    assert all(d.rule == SKILLS[skill].rule for d in drills_of(skill)[:20])


@pytest.mark.parametrize("skill", VARIANT_SKILLS)
def test_positions_are_legal_in_their_game_and_within_its_decks(skill: str) -> None:
    profile = SKILLS[skill].profile
    for drill in drills_of(skill):
        position = drill.position
        prof = position.profile
        assert prof.name == profile
        seen = position.hand + position.discard_pile + position.red_threes + [c for m in position.team_melds
                                                                              for c in m]
        counts = Counter(str(c) for c in seen)
        assert counts["jk"] <= prof.joker_count, (drill.seed, counts)
        assert all(n <= prof.deck_count for card, n in counts.items() if card != "jk"), (drill.seed, counts)
        for meld in position.team_melds:  # the table's melds are legal melds of that game
            assert check_meld(meld, prof, going_out=True).ok, (drill.seed, meld)
        # the same cards make the same position again (the constructor checks it all)
        Position(position.hand, discard_pile=position.discard_pile, team_melds=position.team_melds,
                 team_score=position.team_score, team_opened=position.team_opened, profile=prof,
                 drew_from=position.drew_from)


@pytest.mark.parametrize("skill", VARIANT_SKILLS)
def test_the_engine_gives_the_answer_the_position_was_built_for(skill: str) -> None:
    for drill in drills_of(skill):
        assert drill.answer == drill.built_for, (skill, drill.seed, drill.difficulty, drill.task, drill.explain())


def _kinds(drill: Drill) -> list[str]:
    return drill.position.round.canasta_kinds(0)


def _independent(drill: Drill) -> bool:
    """The stated answer, asked of the engine (or read from the cards) another way."""
    position, skill = drill.position, drill.skill
    prof = position.profile
    hand = position.hand
    if skill in ("italian_deuce_meld", "canastra_meld", "tranca_meld"):  # the same cards, as notation text
        return check_meld(" ".join(str(c) for c in hand), prof.name).ok == drill.answer
    if skill == "italian_twos_reserved":  # when the two may not go there, it goes onto the deuce meld
        two = next(c for c in hand if c.rank == 2)
        onto_deuce = position.round
        return drill.answer or onto_deuce.can_meld(f"2: {two}", seat=0).ok
    if skill in ("italian_opening", "canastra_opening"):  # cards from the hand, worth the minimum
        laid = [c for m in drill.shown["melds"] for c in m]
        no_wild = prof.opening_wilds_allowed or not any(c.is_wild for c in laid)
        in_hand = not Counter(laid) - Counter(hand)
        return in_hand and (no_wild and cards_value(laid, prof) >= position.opening_minimum) == drill.answer
    if skill == "italian_pile":  # a natural pair of the top card's rank in hand
        top = position.top_card
        assert top is not None
        return (sum(1 for c in hand if c.rank == top.rank) >= 2) == drill.answer
    if skill == "italian_go_out":
        return (sum(1 for k in _kinds(drill) if not k.startswith("deuce")) >= 2) == drill.answer
    if skill == "pennies_sevens":
        return ("sevens" in _kinds(drill) and len(hand) > 1) == drill.answer
    if skill == "pennies_closed":  # within seven cards: nothing is closed yet
        return (len(drill.shown["meld"]) + len(drill.shown["added"]) <= prof.canasta_size) == drill.answer
    if skill == "pennies_reserve":  # the meld becomes a canasta
        return (len(drill.shown["meld"]) + len(drill.shown["added"]) == prof.canasta_size) == drill.answer
    if skill == "pennies_go_out":
        return ({"sevens", "wild", "natural", "mixed"} <= set(_kinds(drill))) == drill.answer
    if skill in ("canastra_kind", "tranca_kind"):
        meld = position.team_melds[0]
        key = meld_key(meld, prof)
        assert key is not None
        return (canasta_kind(meld, key, prof) or "none") == drill.answer
    if skill in ("canastra_batida", "tranca_batida"):
        clean = {"real", "de_mil", "limpa"} if prof.name == "canastra_br" else {"limpa"}
        return bool(clean & set(_kinds(drill))) == drill.answer
    if skill == "tranca_pile":
        return any(isinstance(a, TakePile) for a in position.legal_actions()) == drill.answer
    raise AssertionError(skill)


@pytest.mark.parametrize("skill", VARIANT_SKILLS)
def test_the_engine_agrees_with_the_stated_answer_asked_another_way(skill: str) -> None:
    bad = [(d.seed, d.difficulty, d.task) for d in drills_of(skill) if not _independent(d)]
    assert bad == []


@pytest.mark.parametrize("skill", VARIANT_SKILLS)
def test_grading_takes_the_engines_answer_and_refuses_another(skill: str) -> None:
    for drill in drills_of(skill):
        assert grade(drill, drill.answer).outcome == "right", (skill, drill.seed)
        other = (not drill.answer if drill.kind == "yes_no" else
                 next(c for c in drill.choices if c != drill.answer))
        assert grade(drill, other).outcome == "wrong", (skill, drill.seed)


@pytest.mark.parametrize("skill", [s for s in VARIANT_SKILLS if generate(s, 0).kind == "yes_no"])
def test_yes_no_variant_skills_answer_yes_between_40_and_60_percent(skill: str) -> None:
    for difficulty in (1, 2, 3):
        yes = sum(generate(skill, seed, difficulty).answer for seed in range(120))
        assert 0.40 <= yes / 120 <= 0.60, (difficulty, yes)


@pytest.mark.parametrize("skill", [s for s in VARIANT_SKILLS if generate(s, 0).kind == "choice"])
def test_choice_variant_skills_give_every_choice_often(skill: str) -> None:
    drill = generate(skill, 0)
    counts = Counter(d.answer for d in drills_of(skill))
    share = len(SEEDS) / len(drill.choices)
    assert all(counts[c] >= 0.6 * share for c in drill.choices), counts


_NOTATION = re.compile(r"(?<![\w])(?:[hdcs](?:1[0-3]|[1-9])|jk)(?![\w])")


def _leaks(drill: Drill) -> list[str]:
    code, message = drill.explain()
    if drill.kind == "choice":
        choices = [drill.choice_label(c) for c in drill.choices]
        answer = drill.choice_label(drill.answer)
    else:
        choices, answer = ["Yes", "No"], "Yes" if drill.answer else "No"
    task = drill.task
    leaks = answer_leaks(QuizFacts(task, drill.kind, choices, answer, message, code, drill.skill), task, "")
    if drill.kind == "choice" and answer.lower() in task.lower():
        leaks.append(f"the right choice's words {answer!r}")
    if re.search(rf"(?<!\w){re.escape(code)}(?!\w)", task):
        leaks.append(f"the code {code}")
    if _NOTATION.search(task) or _NOTATION.search(drill.hint(2)):
        leaks.append(f"card notation in {task!r}")
    return leaks


@pytest.mark.parametrize("skill", VARIANT_SKILLS)
def test_no_task_states_its_answer_or_shows_card_notation(skill: str) -> None:
    assert [leak for drill in drills_of(skill) for leak in _leaks(drill)] == []


@pytest.mark.parametrize("skill", VARIANT_SKILLS)
def test_tasks_hints_and_choices_are_said_in_portuguese(skill: str) -> None:
    drill = generate(skill, 11, 2)
    english = (drill.task, drill.hint(1), drill.hint(2), drill.hint(3), SKILLS[skill].title_words)
    with speaking("pt_BR"):
        portuguese = (drill.task, drill.hint(1), drill.hint(2), drill.hint(3), SKILLS[skill].title_words)
        choices = [drill.choice_label(c) for c in drill.choices]
        _, message = drill.explain()
    assert all(e != p for e, p in zip(english, portuguese, strict=True)), portuguese
    # the games' names stay as they are ("Pennies from Heaven" is a name, not English left over)
    assert [w for text in portuguese for w in english_words(text.replace("Pennies from Heaven", ""))] == [], \
        portuguese
    assert all(c != drill.choice_label(k) for c, k in zip(choices, drill.choices, strict=True))
    assert english_words(message) == [], message


def test_near_misses_are_built_at_difficulty_3() -> None:
    """Difficulty 3 builds the near misses each rule turns on: a deuce meld one card over its
    closed canasta, a deuce meld one card short when adding a two elsewhere, an opening with a two
    in it, a seven as the last card, an eighth card making a canastra suja, two wild cards making
    no canastra at all."""
    def codes(skill: str) -> set[str]:
        return {generate(skill, s, 3).explain()[0] for s in range(80)}

    assert "meld_canasta_closed" in codes("italian_deuce_meld")
    assert "opening_no_wilds" in codes("italian_opening")
    assert "go_out_discarding_seven" in codes("pennies_sevens")
    deuce = [len(m) for s in range(40) for m in generate("italian_twos_reserved", s, 3).position.team_melds
             if all(c.rank == 2 for c in m)]
    assert {6, 7} <= set(deuce)
    sujas = [d.position.team_melds[0] for d in (generate("canastra_kind", s, 3) for s in range(80))
             if d.answer == "suja"]
    assert any(len(m) == 8 and not any(c.is_wild for c in m) for m in sujas)
    nones = [d.position.team_melds[0] for d in (generate("tranca_kind", s, 3) for s in range(60))
             if d.answer == "none"]
    assert nones and all(len(m) == 7 and sum(c.is_wild for c in m) == 2 for m in nones)


def test_a_session_of_a_variant_practises_its_skills_and_records_them() -> None:
    progress = Progress()
    session = Session(progress, profile="pennies_from_heaven", seed=3)
    skill = session.next_skills(1)[0]
    assert SKILLS[skill].profile == "pennies_from_heaven"
    drill = session.drill(skill)
    assert session.answer(drill, drill.answer).right
    assert progress.mastery(skill).box == 2


@pytest.mark.parametrize("skill", VARIANT_SKILLS)
def test_docs_practice_lists_every_variant_skill_with_its_rule_and_answer_kind(skill: str) -> None:
    doc = Path("docs/practice.md").read_text(encoding="utf-8")
    info = SKILLS[skill]
    assert f"| `{skill}` | {info.title} | [`{info.rule}`](variants.md#{info.rule}) | `{generate(skill, 0).kind}` |" \
        in doc


def test_registering_a_skill_id_twice_is_refused_and_the_registry_unchanged() -> None:
    from canasta_learn.practice.skills import register

    before = dict(SKILLS)
    with pytest.raises(ValueError, match="skill 'tranca_kind' is already registered"):
        register(SKILLS["tranca_kind"])
    assert SKILLS == before
