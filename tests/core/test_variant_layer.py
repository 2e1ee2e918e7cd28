"""The variant layer (docs/variants.md): only it reads the profile fields that select behaviour.

A `Profile` is data; `rules_for(profile)` is the behaviour it selects, `ClassicRules` with the
plug-ins that apply stacked on top. These tests pin (1) that no module outside
``canasta_learn/variants`` and ``profiles.py`` reads a field of `BEHAVIOUR_FIELDS` (read from
the source with `ast`, as a reader would find the reads), (2) which plug-ins each registered
profile gets, and (3) that every hook the readers ask answers, for every registered profile,
exactly as the field test it replaced did (the old expression is written out beside each hook).
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from canasta_learn import Round
from canasta_learn.core.cards import new_deck, parse_cards
from canasta_learn.engine import moves
from canasta_learn.engine.moves import legal_actions
from canasta_learn.profiles import Profile, get_profile, profile_names
from canasta_learn.render.table import KIND_BADGES, naturals_and_wilds
from canasta_learn.rules.melds import DEUCE_RANK, WILD_MELD_RANK, meld_counts, meld_key, meld_name
from canasta_learn.rules.pile import PILE_REASONS
from canasta_learn.variants import base, brazilian, italian, pennies
from canasta_learn.variants.base import BEHAVIOUR_FIELDS, ClassicRules, plug_in, plug_ins, rules_for
from canasta_learn.variants.sequences import sequence_title

PACKAGE = Path(__file__).resolve().parents[2] / "canasta_learn"


def _reads_in(source: str, rel: str) -> list[str]:
    """The reads of behaviour-selecting fields in one module's source, as "module:line: .field"
    (an attribute) or "module:line: 'field'" (a string, as getattr takes it)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in BEHAVIOUR_FIELDS:
            found.append(f"{rel}:{node.lineno}: .{node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr", "setattr") and len(node.args) >= 2):
            name = node.args[1]  # a field named for getattr (a skill id spelled like a field is no read)
            if isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value in BEHAVIOUR_FIELDS:
                found.append(f"{rel}:{name.lineno}: {name.value!r}")
    return sorted(found)


def _field_reads() -> list[str]:
    """Every read of a behaviour-selecting field outside the variant layer and profiles.py."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("variants/") or rel == "profiles.py":
            continue
        found.extend(_reads_in(path.read_text(encoding="utf-8"), rel))
    return found


def test_only_the_variant_layer_reads_behaviour_fields() -> None:
    """The rules, the engine, the records, the bots, the renderer and the widgets read no
    behaviour-selecting profile field: they ask the variant layer's hooks."""
    assert _field_reads() == []


def test_the_scan_finds_attribute_and_getattr_reads() -> None:
    """The scan is not vacuous: it finds a field read as an attribute and one named for getattr,
    and each field it looks for is one the profile has."""
    source = ("def f(p):\n    return p.meld_family == 'sets' or getattr(p, 'morto_size')\n"
              "def g(rules):\n    return rules.suits_matter, rules.has_morto\n")
    assert _reads_in(source, "m.py") == ["m.py:2: 'morto_size'", "m.py:2: .meld_family"]
    # a string spelled like a field but read by nobody (a drill's id) is no read
    assert _reads_in("SKILL = 'end_of_stock'\n", "m.py") == []
    assert all(hasattr(get_profile("classic"), field) for field in BEHAVIOUR_FIELDS)


# ---------------------------------------------------------------------------- plug-ins
#: Every plug-in of the variant layer and the registered profiles that use it (docs/variants.md):
#: each rule a profile changes is one plug-in stacked over ClassicRules.
EXPECTED_PLUG_INS: dict[type[ClassicRules], set[str]] = {
    base.AnyLeadWins: {"cardgames_io", "traditional", "canastra_br", "tranca"},
    base.AskBeforeDrawing: {"traditional"},
    base.BlackThreesFreeze: {"traditional"},
    base.EndWhenStockEmpty: {"cardgames_io"},
    base.FirstTurnRedThrees: {"cardgames_io"},
    italian.SlidUpcard: {"italian"},
    italian.RedThreesBeforeUpcard: {"italian"},
    italian.DeuceMelds: {"italian"},
    italian.ClosedDeuceCanastas: {"italian"},
    italian.AlwaysFrozenPile: {"italian"},
    italian.ManyCanastasBonus: {"italian"},
    pennies.Reserves: {"pennies_from_heaven"},
    pennies.Sevens: {"pennies_from_heaven"},
    pennies.ClosedCanastas: {"pennies_from_heaven"},
    pennies.WildCardMelds: {"pennies_from_heaven"},
    brazilian.SequenceMelds: {"canastra_br", "tranca"},
    brazilian.BrazilianCanastas: {"canastra_br", "tranca"},
    brazilian.Morto: {"canastra_br", "tranca"},
    brazilian.TopCardTakes: {"canastra_br", "tranca"},
    brazilian.NoUpcard: {"canastra_br", "tranca"},
    brazilian.PileOrEnd: {"canastra_br", "tranca"},
    brazilian.JokerSwaps: {"canastra_br", "tranca"},
    brazilian.FirstTurnRedraw: {"canastra_br", "tranca"},
}

KNOWN_PROFILES = {"classic", "cardgames_io", "traditional", "italian", "pennies_from_heaven", "canastra_br",
                  "tranca"}


def test_every_registered_profile_is_pinned_here() -> None:
    """A new profile gets its row in `EXPECTED_PLUG_INS` (which plug-ins it uses) here."""
    assert set(profile_names()) == KNOWN_PROFILES


def test_every_plug_in_is_pinned_here() -> None:
    """A new plug-in gets its row in `EXPECTED_PLUG_INS` (the profiles that use it)."""
    registered = {cls for cls, _ in base._PLUG_INS}
    assert sorted(c.__name__ for c in registered - set(EXPECTED_PLUG_INS)) == []


@pytest.mark.parametrize("name", profile_names())
def test_rules_for_stacks_the_plug_ins_the_profile_uses(name: str) -> None:
    profile = get_profile(name)
    rules = rules_for(profile)
    used = plug_ins(profile)
    for cls, names in EXPECTED_PLUG_INS.items():
        assert (cls in used) == (name in names), cls.__name__
        assert isinstance(rules, cls) == (name in names), cls.__name__
    # the built class is the plug-ins, most specific first, over the classic rules
    assert [c for c in type(rules).__mro__ if c in used] == list(used)
    assert isinstance(rules, ClassicRules) and rules.profile is profile


def test_the_classic_profile_uses_the_classic_rules_alone() -> None:
    assert type(rules_for(get_profile("classic"))) is ClassicRules


@pytest.mark.parametrize("name", profile_names())
def test_rules_for_answers_the_same_object_for_the_same_profile(name: str) -> None:
    profile = get_profile(name)
    assert rules_for(profile) is rules_for(profile)
    # equal, but another object (an unpickled round's copy): the same answer, kept once (issue 24
    # §2: one answer per copy grew without bound), whose profile is the registered one
    copy = dataclasses.replace(profile)
    assert rules_for(copy) is rules_for(profile) and rules_for(copy).profile is profile
    other = profile.replace(name=f"{name}_house")  # a different profile: its own answer
    assert rules_for(other) is not rules_for(profile) and rules_for(other).profile is other
    assert type(rules_for(other)) is type(rules_for(profile))


@pytest.fixture
def scratch_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Plug-ins registered in a test are gone after it (the registry and its caches restored)."""
    monkeypatch.setattr(base, "_PLUG_INS", list(base._PLUG_INS))
    yield
    monkeypatch.undo()
    base.forget_built_rules()  # the move generator's remembered rules, too


def test_a_plug_in_registered_later_is_used_by_the_next_move_list(scratch_registry: None) -> None:
    """Move generation keeps the last profile's rules; registering a plug-in makes it ask again."""
    profile = dataclasses.replace(get_profile("classic"), name="classic_test_copy")
    rnd = Round(profile, seed=3)
    rnd.apply(rnd.legal_actions()[0])  # E draws: now melds and discards
    before = legal_actions(rnd)
    assert moves._LastRules.rules is rules_for(profile)

    @plug_in(lambda p: p is profile)
    class NoDiscardShortcut(ClassicRules):
        discards_restricted = True

    assert isinstance(rules_for(profile), NoDiscardShortcut)
    assert legal_actions(rnd) == before  # every discard now goes through the full check: same list
    assert isinstance(moves._LastRules.rules, NoDiscardShortcut)
    assert rules_for(get_profile("classic")).discards_restricted is False


# ------------------------------------------------------------------- hooks vs old fields
PROFILES = [get_profile(name) for name in profile_names()]
IDS = [p.name for p in PROFILES]
profiles = pytest.mark.parametrize("prof", PROFILES, ids=IDS)


@profiles
def test_boolean_hooks_answer_as_the_field_tests_did(prof: Profile) -> None:
    rules = rules_for(prof)
    assert rules.suits_matter == (prof.meld_family == "sequences")
    assert rules.takes_top_card_alone == (prof.pile_take_rule == "top_card_only")
    assert rules.may_ask_before_drawing == (prof.permission_timing == "before_pile_or_meld")
    assert rules.discards_restricted == prof.sevens_rules
    assert rules.upcard_hides_cards_below == (prof.upcard_rule == "italian")
    assert rules.has_morto == bool(prof.morto_size)
    assert rules.concealed_going_out == (not prof.morto_size)


@profiles
def test_wild_card_meld_keys_are_the_deuce_and_wild_meld_fields(prof: Profile) -> None:
    keys = rules_for(prof).wild_card_meld_keys
    assert (DEUCE_RANK in keys) == prof.deuce_melds
    assert (WILD_MELD_RANK in keys) == prof.wild_melds
    assert keys <= {DEUCE_RANK, WILD_MELD_RANK}


@profiles
def test_extra_moves_are_the_swap_and_redraw_fields(prof: Profile) -> None:
    moves = rules_for(prof).extra_moves
    assert ("swap" in moves) == (0 in prof.swappable_wilds)  # the engine swaps jokers only
    assert ("redraw" in moves) == prof.first_turn_redraw
    assert moves <= {"swap", "redraw"}


#: The quiz's canasta choices by canasta scheme, as `widgets.quiz` listed them before the hook.
OLD_CANASTA_CHOICES = {"classic": ("natural", "mixed"), "canastra": ("real", "limpa", "suja"),
                       "tranca": ("limpa", "suja")}


@profiles
def test_canasta_words_choices_and_bonuses_answer_as_the_scheme_did(prof: Profile) -> None:
    rules = rules_for(prof)
    assert rules.canasta_word == ("canasta" if prof.canasta_scheme == "classic" else "canastra")
    assert rules.canasta_word == ("canastra" if prof.meld_family == "sequences" else "canasta")
    assert rules.canasta_choices == OLD_CANASTA_CHOICES.get(prof.canasta_scheme, ("natural", "mixed"))
    for kind in KIND_BADGES:
        old = not (prof.canasta_scheme != "classic" or kind in prof.conditional_bonus_kinds)
        assert rules.canasta_bonus_fixed(kind) == old, kind


@profiles
def test_pile_reason_applies_as_the_freeze_fields_did(prof: Profile) -> None:
    applies = {"frozen_black_three": prof.black_three_freezes, "frozen_always": prof.pile_always_frozen}
    for code in PILE_REASONS:
        assert rules_for(prof).pile_reason_applies(code) == applies.get(code, True), code


@profiles
def test_discard_key_keeps_the_suit_only_in_sequences(prof: Profile) -> None:
    for card in parse_cards("h9 s9 c2 jk d13"):
        old = (card.rank, card.suit) if prof.meld_family == "sequences" else (card.rank, "")
        assert rules_for(prof).discard_key(card) == old


MELDS = ["h13 s13 d13", "h13 s13 jk", "h4 h5 h6", "h1 s1 d1", "c2 d2 h2 jk", "jk jk c2", "h5 s6 d7"]


@profiles
@pytest.mark.parametrize("text", MELDS)
def test_meld_title_is_the_run_title_or_the_rank(prof: Profile, text: str) -> None:
    cards = parse_cards(text)
    key = meld_key(cards, prof)
    if prof.meld_family == "sequences":
        old = sequence_title(cards, key)
    else:
        old = meld_name(key).capitalize() if key is not None else "Meld"
    assert rules_for(prof).meld_title(cards, key) == old


@profiles
def test_the_meld_names_a_set_with_its_article_and_a_run_alone(prof: Profile) -> None:
    for label in ("kings", "Hearts 4\u201310", "Aces"):
        old = f"the {label}" if prof.meld_family == "sets" else label
        assert rules_for(prof).the_meld(label) == old


@profiles
def test_going_out_word_is_batida_with_a_morto(prof: Profile) -> None:
    for concealed in (False, True):
        old = "batida" if prof.morto_size else ("going out concealed" if concealed else "going out")
        assert rules_for(prof).going_out_word(concealed) == old


@profiles
def test_lead_wins_as_the_tie_rule_said(prof: Profile) -> None:
    target = prof.target_score
    for best in (target - 10, target, target + 10):
        for reached in (False, True):
            old = best >= target if prof.tie_rule == "lead_at_target" else reached
            assert rules_for(prof).lead_wins(best, reached) == old, (best, reached)


@profiles
def test_set_aside_mortos_takes_a_morto_per_team_from_the_unseen_cards(prof: Profile) -> None:
    stock = list(new_deck(prof.deck_count, prof.joker_count))
    size = prof.morto_size
    old_mortos = [stock[t * size:(t + 1) * size] for t in range(prof.team_count)] if size else None
    old_stock = stock[prof.team_count * size:]
    assert rules_for(prof).set_aside_mortos(list(stock)) == (old_mortos, old_stock)


@profiles
def test_stock_empty_rule_as_the_end_of_stock_fields_said(prof: Profile) -> None:
    for morto_waiting in (False, True):
        if prof.end_of_stock == "end_when_empty":
            old = "the hand ends when this turn ends."
        elif morto_waiting:
            old = "a morto still waiting becomes the stock for the next draw (the drawing team's, if both wait)."
        elif prof.end_of_stock == "pile_or_end":
            old = "from now on each player may take the discard pile or end the hand."
        elif prof.pile_always_frozen:
            old = ("from now on each player may take the discard pile (with a natural pair of its top card's "
                   "rank, as always here); a player who does not take it ends the hand.")
        else:
            old = ("from now on each player must take the discard pile when it is not frozen for the team and "
                   "its top card fits a team meld; a player who cannot (or may decline) ends the hand.")
        assert rules_for(prof).stock_empty_rule(morto_waiting) == old


# -------------------------------------------------------- the deuce meld, asked of the rules
@pytest.mark.parametrize("text", ["c2 d2 h2 s2 jk", "h2 c2 jk jk", "h9 s9 jk d2", "jk c2 h2", "h5 h6 jk h7"])
def test_meld_pictures_split_a_meld_as_the_rules_count_it(text: str) -> None:
    """A deuce meld's twos are its naturals and its jokers its wild cards (Italian,
    ``variants-italian-deuce-melds``); a wild-card meld is all wild cards (Pennies)."""
    cards = parse_cards(text)
    for name in ("classic", "italian", "pennies_from_heaven", "canastra_br"):
        prof = get_profile(name)
        key = meld_key(cards, prof)
        naturals, wilds = naturals_and_wilds(cards, key)
        assert sorted(naturals + wilds, key=str) == sorted(cards, key=str)
        if key is None:
            assert wilds == [c for c in cards if c.is_wild]
            continue
        assert (len(naturals), len(wilds)) == meld_counts(cards, key)
        if key == DEUCE_RANK:  # the rule the renderer used to re-derive
            assert naturals == [c for c in cards if c.rank == 2] and wilds == [c for c in cards if c.rank == 0]


def test_a_deuce_meld_counts_its_twos_as_naturals_in_italian() -> None:
    cards = parse_cards("c2 d2 h2 jk")
    assert meld_key(cards, get_profile("italian")) == DEUCE_RANK
    assert naturals_and_wilds(cards, DEUCE_RANK) == (cards[:3], cards[3:])
