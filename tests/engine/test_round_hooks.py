"""The round asks the variant hooks (issue 15): `Round` and the rule-topic modules read no
behaviour-selecting profile field, and each profile's hooks are the plug-ins its rules name
(docs/variants.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from canasta_learn import Round
from canasta_learn.core.cards import parse_card
from canasta_learn.profiles import get_profile
from canasta_learn.variants import BEHAVIOUR_FIELDS, plug_ins, rules_for

PACKAGE = Path(__file__).resolve().parents[2] / "canasta_learn"

#: The engine's round and the rule-topic modules split out of it; `pile_status` (rules/pile.py)
#: is the pile's state, not one of the round's checks, and is left to its own hooks.
MODULES = ["engine/round.py", "rules/turn.py", "rules/pile.py", "rules/meld_groups.py", "rules/opening.py",
           "rules/going_out.py", "rules/end_of_stock.py", "rules/discards.py", "rules/state.py"]


def _field_reads(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(n) for f in tree.body if isinstance(f, ast.FunctionDef) and f.name == "pile_status"
               for n in ast.walk(f)}
    return [f"line {node.lineno}: .{node.attr}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in BEHAVIOUR_FIELDS and id(node) not in skipped]


@pytest.mark.parametrize("name", MODULES)
def test_round_and_rule_topics_read_no_behaviour_field(name: str) -> None:
    """Only the variant layer reads `BEHAVIOUR_FIELDS`; the round and its checks ask hooks."""
    assert _field_reads(PACKAGE / name) == []


@pytest.mark.parametrize("profile", ["classic", "cardgames_io", "traditional", "italian", "pennies_from_heaven",
                                     "canastra_br", "tranca"])
def test_each_round_plays_with_the_hooks_of_its_profile(profile: str) -> None:
    """A round asks the hooks `rules_for` builds for its profile: the plug-ins of its rules
    (listed per profile in tests/core/test_variant_layer.py), stacked over ClassicRules."""
    prof = get_profile(profile)
    rules = rules_for(prof)
    assert all(isinstance(rules, cls) for cls in plug_ins(prof))
    assert Round(profile, seed=1).rules is rules


@pytest.mark.parametrize(("profile", "when"), [
    ("classic", "right after drawing or taking the pile (after the top card's meld), before other melds"),
    ("cardgames_io", "only after drawing from the stock, before any meld"),
    ("traditional", "before taking the pile or melding"),
])
def test_permission_window_of_the_classic_family(profile: str, when: str) -> None:
    """docs/rules.md#rules-permission: before the draw only in the traditional rules."""
    window = rules_for(get_profile(profile)).permission_window("draw", None, 0)
    assert window == (profile == "traditional", when)


def test_brazilian_games_ask_no_permission() -> None:
    assert rules_for(get_profile("tranca")).permission_window("play", "stock", 0) is None


def test_pennies_sevens_never_end_a_hand_by_discard() -> None:
    """docs/variants.md#variants-pennies-sevens: no going out by discarding a seven, and a
    seven waits for the team's canasta of sevens."""
    sevens = rules_for(get_profile("pennies_from_heaven"))
    classic = rules_for(get_profile("classic"))
    seven, eight = parse_card("h7"), parse_card("h8")
    assert not sevens.may_go_out_discarding(seven) and sevens.may_go_out_discarding(eight)
    assert sevens.discard_waits_for(seven) == "sevens" and sevens.discard_waits_for(eight) is None
    assert classic.may_go_out_discarding(seven) and classic.discard_waits_for(seven) is None
    assert sevens.kept_for_discard([seven, eight]) == 0 and classic.kept_for_discard([seven, eight]) == 1


@pytest.mark.parametrize(("profile", "ends", "compulsory"), [
    ("classic", False, True), ("cardgames_io", True, False), ("canastra_br", False, False)])
def test_end_of_stock_hooks(profile: str, ends: bool, compulsory: bool) -> None:
    """docs/rules.md#rules-end-of-stock, docs/variants.md#variants-brazilian-stock."""
    rules = rules_for(get_profile(profile))
    assert (rules.hand_ends_when_stock_empties, rules.must_take_fitting_pile) == (ends, compulsory)


@pytest.mark.parametrize("profile", ["classic", "italian", "pennies_from_heaven", "canastra_br"])
def test_a_round_pickles_with_its_hooks(profile: str) -> None:
    """A round holds its hooks (`Round.rules`); it pickles and deep-copies as it did before,
    and the copy asks the same plug-ins."""
    import copy
    import pickle

    rnd = Round(profile, seed=3)
    rnd.apply(rnd.legal_actions()[0])
    for again in (pickle.loads(pickle.dumps(rnd)), copy.deepcopy(rnd)):
        assert again.snapshot() == rnd.snapshot()
        assert type(again.rules) is type(rnd.rules)
        assert ([again.action_text(a) for a in again.legal_actions()]
                == [rnd.action_text(a) for a in rnd.legal_actions()])
