"""The hooks the rules ask of the variant layer (issue 15): each variant's answer, from its own
plug-in, pinned against the rule it implements in docs/rules.md and docs/variants.md."""

from __future__ import annotations

import dataclasses

import pytest

from canasta_learn.core.cards import parse_cards
from canasta_learn.profiles import get_profile
from canasta_learn.rules.melds import DEUCE_RANK, WILD_MELD_RANK, canasta_kind, check_meld, meld_key
from canasta_learn.rules.pile import pile_status
from canasta_learn.rules.planning import is_plain_sets
from canasta_learn.variants import ClassicRules, PlanningOptions, rules_for


def rules(name: str) -> ClassicRules:
    """The hooks of the registered profile ``name``."""
    return rules_for(get_profile(name))


def test_rules_melds_classic_meld_of_wild_cards_has_no_key() -> None:
    assert rules("classic").meld_key(parse_cards("jk d2 c2")) is None
    assert rules("classic").meld_key(parse_cards("h9 s9 jk")) == 9
    assert rules("classic").meld_key(parse_cards("h9 s8 jk")) is None


def test_variants_italian_deuce_melds_key_kind_and_closing() -> None:
    italian = rules("italian")
    assert italian.meld_key(parse_cards("d2 c2 jk")) == DEUCE_RANK
    assert italian.meld_key(parse_cards("jk jk jk")) is None  # no two: not a deuce meld
    assert italian.canasta_kind(parse_cards("d2 c2 h2 s2 d2 c2 h2"), DEUCE_RANK) == "deuce_natural"
    assert italian.canasta_kind(parse_cards("d2 c2 h2 s2 d2 jk jk"), DEUCE_RANK) == "deuce_mixed"
    assert italian.canasta_kind(parse_cards("d2 c2 h2 s2 d2 jk"), DEUCE_RANK) is None
    assert italian.closes_at_canasta(DEUCE_RANK) and not italian.closes_at_canasta(13)
    assert not rules("classic").closes_at_canasta(DEUCE_RANK)


def test_variants_pennies_melds_wild_melds_sevens_and_every_canasta_closed() -> None:
    pennies = rules("pennies_from_heaven")
    assert pennies.meld_key(parse_cards("jk d2 c2")) == WILD_MELD_RANK
    assert pennies.canasta_kind(parse_cards("jk jk d2 c2 h2 s2 d2"), WILD_MELD_RANK) == "wild"
    assert pennies.canasta_kind(parse_cards("h7 s7 d7 c7 h7 s7 jk"), 7) == "sevens"
    assert pennies.canasta_kind(parse_cards("h8 s8 d8 c8 h8 s8 jk"), 8) == "mixed"
    assert pennies.closes_at_canasta(13) and pennies.closes_at_canasta(WILD_MELD_RANK)
    assert check_meld("h9 s9 d9 c9 h9 s9 d9 c9", "pennies_from_heaven").code == "meld_canasta_closed"
    assert check_meld("h9 s9 d9 c9 h9 s9 d9 c9").ok


@pytest.mark.parametrize(("name", "kind"), [("canastra_br", "real"), ("tranca", "limpa"), ("classic", "natural")])
def test_variants_canastra_br_kinds_come_from_the_games_scheme(name: str, kind: str) -> None:
    cards = parse_cards("h4 h5 h6 h7 h8 h9 h10") if name != "classic" else parse_cards("h9 s9 d9 c9 h9 s9 d9")
    key = meld_key(cards, get_profile(name))
    assert key is not None
    assert canasta_kind(cards, key, get_profile(name)) == kind == rules(name).canasta_kind(cards, key)


def test_variants_brazilian_sequences_verdict_comes_from_the_plug_in() -> None:
    cards = parse_cards("h5 h6 h7")
    verdict = rules("canastra_br").family_meld_verdict(cards, 101, ())
    assert verdict is not None and verdict.ok and verdict.message == check_meld(cards, "canastra_br").message
    assert rules("classic").family_meld_verdict(cards, None, ()) is None


def test_rules_pile_frozen_reasons_by_profile() -> None:
    buried_wild = parse_cards("h9 jk s5 h6")
    buried_black_three = parse_cards("h9 s3 s5 h6")
    plain = parse_cards("h9 s5 h6")
    assert rules("classic").pile_freeze_reason(buried_wild) == ("frozen_wild", parse_cards("jk")[0])
    assert rules("classic").pile_freeze_reason(buried_black_three) is None
    assert rules("traditional").pile_freeze_reason(buried_black_three) == ("frozen_black_three", parse_cards("s3")[0])
    assert rules("italian").pile_freeze_reason(plain) == ("frozen_always", None)
    assert rules("italian").pile_freeze_reason(buried_wild) == ("frozen_wild", parse_cards("jk")[0])
    assert rules("canastra_br").pile_freeze_reason(buried_wild) == ("never_frozen", None)
    assert pile_status(buried_wild, get_profile("canastra_br"), team_opened=False).state == "open"
    assert pile_status(buried_black_three, get_profile("traditional"), team_opened=True).code == "frozen_black_three"
    assert pile_status(plain, get_profile("italian"), team_opened=True).code == "frozen_always"


def test_scoring_going_out_line_batida_and_concealed() -> None:
    classic = get_profile("classic")
    assert rules("classic").going_out_score(True) == ("Going out concealed", classic.concealed_going_out_bonus)
    assert rules("classic").going_out_score(False) == ("Going out", classic.going_out_bonus)
    canastra = get_profile("canastra_br")
    assert rules("canastra_br").going_out_score(True) == ("Batida ending the hand", canastra.going_out_bonus)


def test_variants_italian_scoring_many_canastas() -> None:
    assert rules("italian").many_canastas_score(["natural"] * 5) == ("Five natural canastas", 2000)
    assert rules("italian").many_canastas_score(["natural"] * 4 + ["mixed"]) == ("Five canastas, one not natural", 1000)
    assert rules("italian").many_canastas_score(["natural"] * 4 + ["deuce_mixed"]) is None
    assert rules("italian").many_canastas_score(["mixed"] * 10) == ("ten canastas", 2000)
    assert rules("classic").many_canastas_score(["natural"] * 10) is None


def test_rules_dealt_red_threes_may_stay_in_a_scored_hand_only_in_cardgames_io() -> None:
    assert rules("cardgames_io").scored_hand_red_three_problem() is None
    problem = rules("classic").scored_hand_red_three_problem()
    assert problem is not None and "classic profile" in problem


def test_planning_options_per_profile() -> None:
    assert rules("classic").planning == PlanningOptions()
    assert rules("italian").planning == PlanningOptions(plain_sets=False, deuce_meld_takes_twos=True,
                                                        twos_play_as_jokers=False)
    assert rules("pennies_from_heaven").planning == PlanningOptions(plain_sets=False, twos_play_as_jokers=False)
    assert rules("canastra_br").planning == PlanningOptions(plain_sets=False)
    assert [is_plain_sets(get_profile(n)) for n in ("classic", "cardgames_io", "traditional", "tranca")] == [
        True, True, True, False]


def test_rules_for_answers_each_profile_object_with_its_own_rules() -> None:
    classic = get_profile("classic")
    first = rules_for(classic)
    assert rules_for(get_profile("traditional")) is not first
    custom = dataclasses.replace(classic, name="classic_with_black_three_freezes", black_three_freezes=True)
    assert type(rules_for(custom)).__name__ == "BlackThreesFreeze" and rules_for(custom).profile is custom
    assert rules_for(classic) is first and rules_for(custom) is rules_for(custom)
    assert rules_for(custom).pile_freeze_reason(parse_cards("h9 s3 h6")) == ("frozen_black_three", parse_cards("s3")[0])


def test_the_rules_read_no_behaviour_selecting_field() -> None:
    """rules/melds, rules/planning, rules/scoring and rules/pile's pile_status (and take_status, which
    decides it) ask hooks (issue 15)."""
    import ast
    from pathlib import Path

    import canasta_learn.rules as rules_package
    from canasta_learn.variants import BEHAVIOUR_FIELDS

    folder = Path(rules_package.__file__).parent
    reads = []
    for name in ("melds.py", "planning.py", "scoring.py", "pile.py"):
        module = ast.parse((folder / name).read_text())
        trees: list[ast.AST] = [module]
        if name == "pile.py":
            trees = [n for n in ast.walk(module) if isinstance(n, ast.FunctionDef)
                     and n.name in ("pile_status", "take_status")]
            assert len(trees) == 2
        for node in (node for tree in trees for node in ast.walk(tree)):
            if isinstance(node, ast.Attribute) and node.attr in BEHAVIOUR_FIELDS:
                reads.append(f"{name}:{node.lineno}: .{node.attr}")
            if isinstance(node, ast.Constant) and node.value in BEHAVIOUR_FIELDS:
                reads.append(f"{name}:{node.lineno}: {node.value!r}")
    assert reads == []


def test_rules_for_keeps_one_answer_per_profile_value_not_per_unpickled_copy() -> None:
    """Issue 24 §2: every unpickled round carries its own copy of its profile; `rules_for`
    built (and kept, with the copy) one answer per copy, so 2,000 unpickled rounds grew the cache
    by 2,000 entries. Equal profiles now share one answer, the cache stays bounded, and the
    copies of dropped rounds are freed."""
    import gc
    import pickle
    import weakref

    from canasta_learn import Round
    from canasta_learn.variants import base

    profile_names = ["classic", "pennies_from_heaven", "canastra_br"]
    blobs = [pickle.dumps(Round(name, seed=1)) for name in profile_names]
    for name in profile_names:
        rules_for(get_profile(name))
    before = len(base.RULES_BY_PROFILE) + len(base.RULES_BY_ID)
    copies = []
    for i in range(2000):
        rnd = pickle.loads(blobs[i % len(blobs)])
        assert rnd.legal_actions()  # the hooks are asked
        assert rules_for(rnd.profile) is rules_for(get_profile(profile_names[i % len(blobs)]))
        copies.append(weakref.ref(rnd.profile))
        del rnd
    assert len(base.RULES_BY_PROFILE) + len(base.RULES_BY_ID) - before <= base.ID_CACHE_SIZE
    assert all(name in {r.profile.name for r in base.RULES_BY_PROFILE.values()} for name in profile_names)
    gc.collect()
    alive = sum(ref() is not None for ref in copies)
    assert alive <= base.ID_CACHE_SIZE + 1  # only the few the identity cache still names


def test_rules_for_gives_equal_profiles_the_same_hooks_and_different_ones_their_own() -> None:
    classic = get_profile("classic")
    copy = dataclasses.replace(classic)
    assert copy is not classic and copy == classic
    assert rules_for(copy) is rules_for(classic)
    changed = classic.replace(name="classic_house", description="A house rule.")
    assert rules_for(changed) is not rules_for(classic)
    assert rules_for(changed).profile == changed
