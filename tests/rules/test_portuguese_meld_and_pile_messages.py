"""The meld, pile, opening and sequence rules speak Brazilian Portuguese (issue 17): every verdict
code that rules/melds.py, rules/meld_groups.py, rules/pile.py, rules/opening.py and the variants
give, every pile state (`PILE_REASONS`) and the variants' event messages, made from real
positions under ``speaking("pt_BR")``, differ from the English sentence of the same position,
hold no English stop-word (`i18n_words.english_words`), and state the same facts (code, legality,
cards, facts) in both languages.

The positions are those of tests/core/test_verdict_codes.py (its ``SCENARIOS`` and position
builders, loaded from that file), plus one position for each further form of a sentence these
files make.

Rank names ("seven", "kings") are made by core/cards.py, another part of the translation: while
`rank_name` still answers English under pt_BR, those words (and only those) are left out of the
stop-word check; once it speaks Portuguese the exemption is empty.
"""

from __future__ import annotations

import importlib.util
import random
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from i18n_words import english_words

from canasta_learn import Round, Verdict, check_meld
from canasta_learn.core.actions import TakePile
from canasta_learn.core.cards import RANK_NAMES, parse_cards, rank_name
from canasta_learn.core.i18n import speaking
from canasta_learn.profiles import get_profile, profile_names
from canasta_learn.rules.pile import PILE_REASONS, PileStatus, joined_text, pile_reason_text, pile_status
from canasta_learn.variants import rules_for
from canasta_learn.variants.sequences import ace_set_problem, extend_meld, sequence_title, swap_joker


def _load_verdict_scenarios() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "core" / "test_verdict_codes.py"
    spec = importlib.util.spec_from_file_location("verdict_code_positions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


V = _load_verdict_scenarios()
KINGS: str = V.KINGS
table: Callable[..., Round] = V.table
ready: Callable[..., Round] = V.ready
brazil: Callable[..., Round] = V.brazil
pennies: Callable[..., Round] = V.pennies

#: The codes whose test_verdict_codes scenario is refused or allowed by these files.
FROM_SCENARIOS = (
    "meld_threes_in_sequence", "meld_set_not_aces", "seq_mixed_suits", "seq_rank_twice", "seq_gap",
    "seq_ace_low", "seq_too_long", "seq_wild_fixed", "meld_pile_cards_locked", "swap_not_possible",
    "meld_canasta_closed", "meld_twos_reserved", "meld_ok", "pile_takeable", "no_cards_given",
    "meld_too_few_cards", "meld_mixed_ranks", "meld_no_naturals", "meld_too_few_naturals",
    "meld_too_many_wilds", "meld_wilds_not_fewer", "meld_red_three", "meld_black_threes_not_going_out",
    "meld_black_threes_with_wilds", "meld_no_such_meld", "meld_opponents_meld", "meld_rank_mismatch",
    "meld_same_rank_twice", "pile_empty", "pile_blocked_black_three", "pile_blocked_wild",
    "pile_frozen_needs_natural_pair", "pile_no_meld_for_top_card", "pile_one_card_ban",
    "pile_extra_melds_need_opening", "opening_no_wilds",
)

#: (name, code, position): the further forms of the sentences these files make.
FURTHER: list[tuple[str, str, Callable[[], Verdict]]] = [
    ("meld_action_allowed", "ok", lambda: ready().can_meld("h9 c9 d9")),
    ("meld_action_goes_out", "ok", lambda: ready("h9 c9 d9").can_meld("h9 c9 d9")),
    ("meld_action_batida_takes_morto", "ok",
     lambda: brazil("h9 h10 h11", ["s6 s7 s8"]).can_meld("h9 h10 h11")),
    ("meld_is_natural_canasta", "meld_ok", lambda: check_meld(KINGS)),
    ("meld_is_mixed_canasta", "meld_ok", lambda: check_meld("h13 h13 s13 s13 d13 c13 jk")),
    ("deuce_meld_is_legal", "meld_ok", lambda: check_meld("c2 d2 h2", "italian")),
    ("deuce_canasta_kind", "meld_ok", lambda: check_meld("c2 c2 d2 d2 h2 h2 s2", "italian")),
    ("wild_card_meld_is_legal", "meld_ok", lambda: check_meld("jk jk c2", "pennies_from_heaven")),
    ("set_of_aces_is_legal", "meld_ok", lambda: check_meld("h1 c1 d1 jk", "canastra_br")),
    ("sequence_is_legal", "meld_ok", lambda: check_meld("h5 h6 jk", "canastra_br")),
    ("sequence_with_two_wilds_never_a_canasta", "meld_ok", lambda: check_meld("h5 h6 jk c2", "canastra_br")),
    ("black_threes_need_a_third", "meld_too_few_cards", lambda: check_meld("c3 s3", going_out=True)),
    ("deuce_meld_too_few_cards", "meld_too_few_cards", lambda: check_meld("c2 d2", "italian")),
    ("deuce_meld_too_few_twos", "meld_too_few_naturals", lambda: check_meld("c2 jk jk", "italian")),
    ("new_sequence_too_few_cards", "meld_too_few_cards", lambda: check_meld("h5 h6", "canastra_br")),
    ("set_of_aces_too_few_aces", "meld_too_few_naturals", lambda: check_meld("h1 c1 jk", "canastra_br")),
    ("adding_too_many_wilds", "meld_too_many_wilds",
     lambda: table(["jk jk c2 c9"], melds=[["h13 s13 d13 d2"]], drew_from="stock").can_meld("13: jk jk c2")),
    ("top_card_wrong_cards", "pile_no_meld_for_top_card",
     lambda: table(["c9 c9 h10"], melds=[["h8 c8 d8"]], pile="h5 d7").can_take_pile("c9 c9")),
    ("top_card_held_pair_not_named", "pile_no_meld_for_top_card",
     lambda: table(["c7 s7 h10"], melds=[["h8 c8 d8"]], pile="h5 d7").can_take_pile()),
    ("top_card_wilds_only", "pile_no_meld_for_top_card",
     lambda: table(["jk d2 h10"], melds=[["h8 c8 d8"]], pile="h5 d7").can_take_pile("jk d2")),
    ("top_card_fits_no_team_sequence", "pile_no_meld_for_top_card",
     lambda: brazil("h9 c10", ["s6 s7 s8"], pile="h4 d12", drew_from=None).can_take_pile()),
    ("frozen_pile_pair_held_not_named", "pile_frozen_needs_natural_pair",
     lambda: table(["c9 h9 jk"], melds=[["h8 c8 d8"]], pile="h5 d2 d9").can_take_pile("c9 jk")),
    ("frozen_pile_no_cards_named", "pile_frozen_needs_natural_pair",
     lambda: table(["c9 h9 jk", "c4", "c5", "c6"], melds=[["h9 s9 d9"]], pile="h5 d2 c9").can_take_pile()),
    ("frozen_pile_no_card_of_rank", "pile_frozen_needs_natural_pair",
     lambda: table(["c10 jk h10"], melds=[["h9 s9 d9"]], pile="h5 d2 d9").can_take_pile()),
    ("take_below_opening_minimum", "opening_below_minimum",
     lambda: table(["c6 c6 h9"], pile="h7 d6").can_take_pile("c6 c6")),
    ("opening_sequence_short", "opening_below_minimum",
     lambda: brazil("h9 h10 h11 c5", [], drew_from="stock").can_meld("h9 h10 h11")),
    ("opening_short_rest_of_hand", "opening_below_minimum",
     lambda: table(["h4 c4 d4 h9 c10"], drew_from="stock").can_meld("h4 c4 d4")),
    ("meld_leaves_only_a_seven", "go_out_discarding_seven",
     lambda: pennies("h9 c9 d9 s7", V.PENNIES_FULL).can_meld("h9 c9 d9")),
    ("add_to_what_is_not_a_rank", "meld_no_such_meld", lambda: ready().can_meld("101: jk")),
    ("take_names_a_meld_number", "meld_no_such_meld",
     lambda: table(["c9 h9 d9"], melds=[["h8 c8 d8"]], pile="h4 s8").check(TakePile(0, (), (), 8))),
    ("no_such_sequence", "meld_no_such_meld", lambda: brazil("h9 c9", ["s6 s7 s8"]).can_meld("102: h9")),
    ("no_such_sequence_no_melds_yet", "meld_no_such_meld", lambda: brazil("h9 c9", []).can_meld("101: h9")),
    ("swap_in_a_game_without_swaps", "swap_not_possible", lambda: ready().can_swap(13, "h13")),
    ("swap_with_no_such_meld", "swap_not_possible", lambda: brazil("h8 c9 d9", ["h5 h6 jk"]).can_swap(105, "h8")),
    ("swap_a_card_of_another_suit", "swap_not_possible",
     lambda: brazil("c7 c9 d9", ["h5 h6 jk"]).can_swap(101, "c7")),
    ("joker_keeps_its_place", "seq_wild_fixed", lambda: brazil("h6 h9 c9", ["h5 jk h7"]).can_meld("101: h6")),
    ("card_of_another_suit_onto_sequence", "meld_rank_mismatch",
     lambda: brazil("c9 h9 d9", ["h5 h6 h7"]).can_meld("101: c9")),
    ("rank_already_in_sequence", "seq_rank_twice", lambda: brazil("s9 c9 d9", ["s8 s9 s10"]).can_meld("101: s9")),
    ("adding_leaves_a_gap", "seq_gap", lambda: brazil("h10 c9 d9", ["h5 h6 h7"]).can_meld("101: h10")),
]


def _untranslated_rank_words() -> frozenset[str]:
    """The English rank names core/cards.py still gives under pt_BR (none once it speaks it)."""
    with speaking("pt_BR"):
        if rank_name(7) != "seven":
            return frozenset()
    return frozenset(rank_name(r, plural=p) for r in RANK_NAMES for p in (False, True))


RANK_WORDS = _untranslated_rank_words()


def english_left(text: str) -> list[str]:
    """The English stop-words in ``text``, apart from rank names core/cards.py has not translated."""
    if RANK_WORDS:
        text = re.sub(r"\b(" + "|".join(sorted(RANK_WORDS, key=len, reverse=True)) + r")\b", " ", text)
    return english_words(text)


def both(make: Callable[[], Any]) -> tuple[Any, Any]:
    """What ``make`` gives in English and in Brazilian Portuguese (a fresh position each time)."""
    with speaking("en"):
        english = make()
    with speaking("pt_BR"):
        portuguese = make()
    return english, portuguese


def assert_same_facts(english: Verdict, portuguese: Verdict) -> None:
    assert (portuguese.code, portuguese.ok, portuguese.cards, portuguese.meld, portuguese.melds,
            portuguese.value) == (english.code, english.ok, english.cards, english.meld, english.melds,
                                  english.value)
    assert portuguese.facts == english.facts


def assert_portuguese(english: str, portuguese: str) -> None:
    assert portuguese != english
    assert english_left(portuguese) == [], portuguese
    assert "{" not in portuguese and "}" not in portuguese, portuguese


POSITIONS = [(code, code, V.SCENARIOS[code][0]) for code in FROM_SCENARIOS] + FURTHER


@pytest.mark.parametrize(("name", "code", "make"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_verdict_is_portuguese_with_the_same_facts(name: str, code: str, make: Callable[[], Verdict]) -> None:
    english, portuguese = both(make)
    assert english.code == code, english
    assert_same_facts(english, portuguese)
    assert_portuguese(english.message, portuguese.message)


def test_every_code_these_files_give_has_a_portuguese_position() -> None:
    codes = {code for _name, code, _make in POSITIONS}
    assert codes == {
        "ok", "meld_ok", "pile_takeable", "no_cards_given", "meld_red_three", "meld_no_naturals",
        "meld_mixed_ranks", "meld_canasta_closed", "meld_black_threes_not_going_out",
        "meld_black_threes_with_wilds", "meld_too_few_cards", "meld_too_few_naturals", "meld_too_many_wilds",
        "meld_wilds_not_fewer", "meld_no_such_meld", "meld_opponents_meld", "meld_rank_mismatch",
        "meld_same_rank_twice", "meld_twos_reserved", "meld_pile_cards_locked", "swap_not_possible",
        "go_out_discarding_seven", "pile_empty", "pile_blocked_black_three", "pile_blocked_wild",
        "pile_frozen_needs_natural_pair", "pile_no_meld_for_top_card", "pile_one_card_ban",
        "pile_extra_melds_need_opening", "opening_no_wilds", "opening_below_minimum",
        "meld_threes_in_sequence", "meld_set_not_aces", "seq_mixed_suits", "seq_rank_twice", "seq_gap",
        "seq_ace_low", "seq_too_long", "seq_wild_fixed",
    }


#: (name, code, refusal): the sequence family's refusals that a round reaches only in rare positions,
#: asked of its functions directly with real cards.
SEQUENCE_REFUSALS: list[tuple[str, str, Callable[[], tuple[str, str] | None]]] = [
    ("ace_set_mixed_with_other_cards", "meld_mixed_ranks", lambda: ace_set_problem(parse_cards("h1 c1 d1 h5"))),
    ("ace_set_wild_cards_only", "meld_no_naturals", lambda: ace_set_problem(parse_cards("jk c2 d2"))),
    ("two_cannot_move_past_the_ace", "seq_wild_fixed",
     lambda: extend_meld(parse_cards("h4 h5 h6 h7 h8 h9 h10 h11 h12 h13 c2"), parse_cards("h1"),
                         two_end_move=True)[1]),
    ("two_keeps_its_place_without_end_moves", "seq_wild_fixed",
     lambda: extend_meld(parse_cards("h5 c2 h7"), parse_cards("h6"), two_end_move=False)[1]),
    ("adding_passes_the_ends", "seq_too_long",
     lambda: extend_meld(parse_cards("h4 h5 h6 h7 h8 h9 h10 h11 h12 h13 h1"), parse_cards("jk"),
                         two_end_move=False)[1]),
]


@pytest.mark.parametrize(("name", "code", "make"), SEQUENCE_REFUSALS, ids=[p[0] for p in SEQUENCE_REFUSALS])
def test_sequence_refusal_is_portuguese(name: str, code: str, make: Callable[[], tuple[str, str] | None]) -> None:
    english, portuguese = both(make)
    assert english is not None and portuguese is not None
    assert english[0] == portuguese[0] == code, english
    assert_portuguese(english[1], portuguese[1])


@pytest.mark.parametrize(("meld", "card", "ace_set"), [("h1 c1 d1 jk", "h5", True), ("h1 c1 d1", "s1", True),
                                                       ("h5 h6 h7", "h6", False)])
def test_joker_swap_refusal_is_portuguese(meld: str, card: str, ace_set: bool) -> None:
    english, portuguese = both(lambda: swap_joker(parse_cards(meld), parse_cards(card)[0], ace_set))
    assert isinstance(english, str) and isinstance(portuguese, str)
    assert_portuguese(english, portuguese)


def test_sequence_titles_are_portuguese() -> None:
    english, portuguese = both(lambda: [sequence_title(parse_cards("h5 jk h7")), sequence_title(parse_cards("h1"), 1),
                                        sequence_title(parse_cards("jk c2"))])
    assert english == ["Hearts 5–7", "Aces", "Wild cards"]
    assert portuguese == ["Copas 5–7", "Ases", "Curingas"]


def _status(pile: str, profile: str = "classic", opened: bool = True,
            ranks: list[int] | None = None) -> Callable[[], PileStatus]:
    return lambda: pile_status(parse_cards(pile), get_profile(profile), team_opened=opened, team_ranks=ranks)


#: (name, reason code, status): every pile state and every form of the open pile's sentence.
PILE_POSITIONS: list[tuple[str, str, Callable[[], PileStatus]]] = [
    ("empty", "empty", _status("")),
    ("blocked_black_three", "blocked_black_three", _status("h9 s3")),
    ("blocked_wild", "blocked_wild", _status("h9 d2")),
    ("frozen_wild", "frozen_wild", _status("jk s5")),
    ("frozen_red_three", "frozen_red_three", _status("h9 h3 s5")),
    ("frozen_black_three", "frozen_black_three", _status("s3 s5", "traditional")),
    ("frozen_not_opened", "frozen_not_opened", _status("s5 h6", opened=False)),
    ("frozen_always", "frozen_always", _status("s5 h6", "italian")),
    ("open_never_frozen", "open", _status("s5 h6", "canastra_br")),
    ("open_team_melds_unknown", "open", _status("s5 h6")),
    ("open_team_has_the_meld", "open", _status("s5 h6", ranks=[6])),
    ("open_team_has_no_meld", "open", _status("s5 h6", ranks=[13])),
    ("open_an_ace_unknown", "open", _status("s5 h1")),
    ("open_an_eight_has_meld", "open", _status("s5 h8", ranks=[8])),
    ("open_an_ace_no_meld", "open", _status("s5 h1", ranks=[13])),
]


@pytest.mark.parametrize(("name", "code", "make"), PILE_POSITIONS, ids=[p[0] for p in PILE_POSITIONS])
def test_pile_state_is_portuguese_with_the_same_facts(name: str, code: str, make: Callable[[], PileStatus]) -> None:
    english, portuguese = both(make)
    assert english.code == code
    assert (portuguese.state, portuguese.code, portuguese.cards) == (english.state, english.code, english.cards)
    assert portuguese.facts == english.facts
    assert_portuguese(english.message, portuguese.message)


def test_every_pile_reason_has_a_portuguese_position() -> None:
    assert {code for _name, code, _make in PILE_POSITIONS} == set(PILE_REASONS)


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_joined_cards_count_in_portuguese(count: int) -> None:
    english, portuguese = both(lambda: joined_text(count))
    assert_portuguese(english, portuguese)
    assert (str(count) in portuguese) == (count > 0)
    assert ("cartas" in portuguese) == (count > 1)  # pt_BR: 0 and 1 singular


#: The kinds of event the variants make (a meld's events only where melds are sequences; a red
#: three's only when found in a taken pile: elsewhere other modules make them).
VARIANT_EVENTS = {"upcard", "upcard_covered", "pile_taken", "canasta_kind_changed", "morto_to_stock",
                  "morto_taken", "redraw", "joker_swapped", "reserve_taken"}
SEQUENCE_PROFILES = ("canastra_br", "tranca")


def made_by_the_variants(profile: str, kind: str, english: str) -> bool:
    """True for an event these files make."""
    if kind in ("meld_new", "meld_added"):
        return profile in SEQUENCE_PROFILES
    if kind == "red_three":
        return "found in the" in english
    return kind in VARIANT_EVENTS


def _played(profile: str, seed: int) -> Round:
    rng = random.Random(seed)
    rnd = Round(profile, seed=seed)
    for _ in range(150):
        if rnd.is_over:
            break
        actions = rnd.legal_actions()
        takes = [a for a in actions if isinstance(a, TakePile)]
        rnd.apply(rng.choice(takes) if takes and rng.random() < 0.7 else rng.choice(actions))
    return rnd


@pytest.mark.parametrize("profile", profile_names())
def test_variant_event_messages_are_portuguese(profile: str) -> None:
    english, portuguese = both(lambda: _played(profile, 3))
    assert [(e.kind, e.seat, e.cards) for e in portuguese.events] == [
        (e.kind, e.seat, e.cards) for e in english.events]
    checked = 0
    for en_event, pt_event in zip(english.events, portuguese.events, strict=True):
        if not made_by_the_variants(profile, en_event.kind, en_event.message):
            continue
        assert_portuguese(en_event.message, pt_event.message)
        checked += 1
    assert checked > 0


WORD_HOOKS: list[tuple[str, str, Callable[[], str]]] = [
    ("going_out_score_line", "classic", lambda: rules_for(get_profile("classic")).going_out_score(False)[0]),
    ("concealed_going_out_score_line", "classic",
     lambda: rules_for(get_profile("classic")).going_out_score(True)[0]),
    ("batida_score_line", "canastra_br", lambda: rules_for(get_profile("canastra_br")).going_out_score(False)[0]),
    ("five_natural_canastas_line", "italian",
     lambda: str((rules_for(get_profile("italian")).many_canastas_score(["natural"] * 5) or ("", 0))[0])),
    ("ten_canastas_line", "italian",
     lambda: str((rules_for(get_profile("italian")).many_canastas_score(["natural"] * 4 + ["mixed"] * 6)
                  or ("", 0))[0])),
    ("meld_title_of_no_meld", "classic", lambda: rules_for(get_profile("classic")).meld_title([], None)),
    ("meld_title_of_wild_cards", "pennies_from_heaven",
     lambda: rules_for(get_profile("pennies_from_heaven")).meld_title(parse_cards("jk jk c2"), 0)),
    ("the_meld", "classic", lambda: rules_for(get_profile("classic")).the_meld("kings")),
    ("going_out_word", "classic", lambda: rules_for(get_profile("classic")).going_out_word(False)),
    ("going_out_concealed_word", "classic", lambda: rules_for(get_profile("classic")).going_out_word(True)),
    ("morto_waiting", "canastra_br", lambda: brazil("h9 c9", []).morto_text(0)),
    ("no_morto", "classic", lambda: ready().morto_text(0)),
    ("red_three_left_in_hand_refused", "classic",
     lambda: str(rules_for(get_profile("classic")).scored_hand_red_three_problem())),
]


@pytest.mark.parametrize(("name", "profile", "make"), WORD_HOOKS, ids=[w[0] for w in WORD_HOOKS])
def test_variant_words_are_portuguese(name: str, profile: str, make: Callable[[], str]) -> None:
    english, portuguese = both(make)
    assert english, name
    assert_portuguese(english, portuguese)


@pytest.mark.parametrize("code", sorted(PILE_REASONS))
def test_pile_reason_meaning_is_portuguese(code: str) -> None:
    english, portuguese = both(lambda: pile_reason_text(code))
    assert english == PILE_REASONS[code]
    assert_portuguese(english, portuguese)


def test_pt_br_counts_take_their_own_plural_and_none_reads_as_none() -> None:
    """Issue 24 §4: pt_BR's rule (nplurals=2; plural=(n > 1)) gives 0 the singular, so a meld
    without wild cards said "0 curinga" and a team without canastas "0 canastra"; a meld panel
    pluralised its wild cards by the card count ("1 curinga(s)")."""
    from canasta_learn import Round
    from canasta_learn.render.table import meld_html

    with speaking("pt_BR"):
        natural = check_meld("s13 s13 h13 h13 d13 c13 c13").message
        one_wild = meld_html(parse_cards("h5 h5 d5 c5 jk"))
        two_wilds = meld_html(parse_cards("h5 h5 d5 jk c2"))
        table = Round(seed=1)._repr_html_()
    assert "(7 naturais, nenhum curinga)" in natural, natural
    assert "5 cartas, 1 curinga \u00b7" in one_wild and "curinga(s)" not in one_wild, one_wild
    assert "5 cartas, 2 curingas \u00b7" in two_wilds, two_wilds
    assert "nenhuma canastra" in table and "0 canastra" not in table
    with speaking("en"):  # the English is unchanged
        assert "(7 naturals, 0 wild cards)" in check_meld("s13 s13 h13 h13 d13 c13 c13").message
        assert "5 cards, 1 wild \u00b7" in meld_html(parse_cards("h5 h5 d5 c5 jk"))
        assert "0 canastas" in Round(seed=1)._repr_html_()
