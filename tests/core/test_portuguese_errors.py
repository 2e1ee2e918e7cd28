"""The package's errors speak Brazilian Portuguese (issue 17): what a learner or a teacher reads
after bad input — unreadable cards ("h14"), unreadable actions, impossible decks, unknown
profiles and invalid profile settings, bad record files — raised from real bad inputs under
``speaking("pt_BR")``, differs from its English message and holds no English word.

Card notation, action texts ('N discard s3', quoted: they are the language-neutral notation,
as PGN keeps its moves), setting and JSON key names (``deal_order``, ``team_scores``) and Python
names stay as they are; `english_words` ignores notation and snake_case names, and the quoted
action texts are set aside before it looks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from i18n_words import english_words

from canasta_learn import (
    Card,
    DeckError,
    NotationError,
    Position,
    ProfileError,
    Round,
    check_meld,
    get_profile,
    parse_action,
    parse_cards,
)
from canasta_learn.core.actions import ACTION_FORMS, action_forms
from canasta_learn.core.cards import ACCEPTED_FORMS, accepted_forms, deal_order, new_deck, parse_card, to_cards
from canasta_learn.core.i18n import speaking
from canasta_learn.profiles import Profile, register_profile
from canasta_learn.records.annotate import replay_text
from canasta_learn.records.examples import load_example
from canasta_learn.records.record import GameRecord, RecordError, review_mark


def _record_text() -> str:
    rnd = Round(seed=3)
    rnd.draw()
    return GameRecord.from_round(rnd).dump()


def _record(change: Callable[[dict], None]) -> str:  # type: ignore[type-arg]
    doc = json.loads(_record_text())
    change(doc)
    return json.dumps(doc)


def _set(path: tuple[object, ...], value: object) -> Callable[[dict], None]:  # type: ignore[type-arg]
    def change(doc: dict) -> None:  # type: ignore[type-arg]
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _load(text: str) -> Callable[[], object]:
    return lambda: GameRecord.load(text)


#: name -> (the error expected, the bad input that raises it)
BAD_INPUTS: dict[str, tuple[type[Exception], Callable[[], object]]] = {
    # --- card notation -----------------------------------------------------------------------
    "card_h14": (NotationError, lambda: parse_cards("h5 h14")),
    "card_token_x7": (NotationError, lambda: parse_card("x7")),
    "card_token_not_text": (NotationError, lambda: parse_card(7)),  # type: ignore[arg-type]
    "cards_not_text": (NotationError, lambda: parse_cards(7)),  # type: ignore[arg-type]
    "card_in_list": (NotationError, lambda: to_cards([Card(5, "h"), 3.5])),  # type: ignore[list-item]
    "card_no_such_rank": (NotationError, lambda: Card(14, "h")),
    "joker_rank": (NotationError, lambda: Card(3, "j")),
    "position_hand_h14": (NotationError, lambda: Position("h14 c5")),
    "check_meld_h14": (NotationError, lambda: check_meld("h5 c5 h14")),
    # --- action notation ---------------------------------------------------------------------
    "seat_X": (NotationError, lambda: parse_action("X draw")),
    "seat_not_text": (NotationError, lambda: parse_action("N draw") and __import__(
        "canasta_learn.core.actions", fromlist=["parse_seat"]).parse_seat(3)),
    "action_one_word": (NotationError, lambda: parse_action("N")),
    "action_not_text": (NotationError, lambda: parse_action(5)),  # type: ignore[arg-type]
    "action_unknown_verb": (NotationError, lambda: parse_action("N fly")),
    "action_draw_with_cards": (NotationError, lambda: parse_action("N draw h5")),
    "action_answer_maybe": (NotationError, lambda: parse_action("N answer maybe")),
    "action_discard_two": (NotationError, lambda: parse_action("N discard h5 c5")),
    "action_discard_h14": (NotationError, lambda: parse_action("N discard h14")),
    "action_swap_form": (NotationError, lambda: parse_action("N swap h8")),
    "action_swap_two": (NotationError, lambda: parse_action("N swap 101: h8 h9")),
    "action_meld_nothing": (NotationError, lambda: parse_action("N meld")),
    "action_add_no_target": (NotationError, lambda: parse_action("N add h13")),
    "action_meld_empty_group": (NotationError, lambda: parse_action("N meld h5 c5 d5 |")),
    "action_take_h14": (NotationError, lambda: parse_action("N take h14 h13")),
    "round_check_h14": (NotationError, lambda: Round(seed=1).check("E discard h14")),
    "melds_not_melds": (TypeError, lambda: Round(seed=1).can_meld(5)),  # type: ignore[arg-type]
    # --- impossible decks --------------------------------------------------------------------
    "deck_three_copies": (DeckError, lambda: check_meld("h5 h5 h5")),
    "deck_five_jokers": (DeckError, lambda: Position("jk jk jk jk jk h5")),
    "deck_too_short": (DeckError, lambda: deal_order(new_deck()[:-1])),
    "deck_position_pile": (DeckError, lambda: Position("h5 h5", discard_pile="h5")),
    # --- profiles ----------------------------------------------------------------------------
    "profile_unknown": (ProfileError, lambda: get_profile("canastra brasileira")),
    "profile_no_setting": (ProfileError, lambda: get_profile().replace(target=1500)),
    "profile_bad_numbers": (ProfileError, lambda: get_profile().replace(hand_size=0, going_out_bonus=-5)),
    "profile_bad_choices": (ProfileError, lambda: get_profile().replace(
        direction="up", tie_rule="coin", meld_family="runs", player_count=5, card_values=(1, 2),
        canasta_closes="sometimes", reserve_size=-1, extra_canasta_bonuses=(("huge", 5),),
        go_out_required_kinds=frozenset({"huge"}), deuce_melds=True, wild_melds=True, meld_min_naturals=9,
        meld_min_size=8, opening_table=((0, 50), (0, 90)), red_three_bonuses=(1,),
        upcard_covered=frozenset({"ace"}), dealt_red_threes="x", permission_timing="x",
        end_of_stock="x", upcard_rule="x", canasta_scheme="x", pile_take_rule="x",
        swappable_wilds=frozenset({5}), many_canastas_bonus="x")),
    "profile_too_many_cards": (ProfileError, lambda: get_profile().replace(hand_size=40)),
    "profile_empty_name": (ProfileError, lambda: get_profile().replace(name=" ")),
    "profile_unknown_settings": (ProfileError, lambda: Profile.from_settings({"name": "x", "colour": "red"})),
    "register_not_a_profile": (ProfileError, lambda: register_profile("classic")),  # type: ignore[arg-type]
    # --- record files ------------------------------------------------------------------------
    "record_not_json": (RecordError, _load('{"format": "canasta_learn.record", "rounds": [')),
    "record_not_json_lenient": (RecordError, lambda: GameRecord.load('{"format": 1', strict=False).errors[0]),
    "record_not_an_object": (RecordError, _load("[1, 2]")),
    "record_format": (RecordError, lambda: GameRecord.load(_record(_set(("format",), "pgn")))),
    "record_version": (RecordError, lambda: GameRecord.load(_record(_set(("version",), 99)))),
    "record_profile_unknown": (RecordError, lambda: GameRecord.load(_record(_set(("profile",), {"name": "nope"})))),
    "record_profile_not_object": (RecordError, lambda: GameRecord.load(_record(_set(("profile",), 5)))),
    "record_profile_settings": (RecordError, lambda: GameRecord.load(_record(_set(("profile",), {
        "name": "x", "settings": []})))),
    "record_players": (RecordError, lambda: GameRecord.load(_record(_set(("players",), ["Ann"])))),
    "record_info": (RecordError, lambda: GameRecord.load(_record(_set(("info",), {"a": 1})))),
    "record_rounds": (RecordError, lambda: GameRecord.load(_record(_set(("rounds",), {})))),
    "record_round_not_object": (RecordError, lambda: GameRecord.load(_record(_set(("rounds",), [3])))),
    "record_dealer": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "dealer"), 9)))),
    "record_team_scores": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "team_scores"), [0])))),
    "record_no_deck": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "deck"), None)))),
    "record_deck_h14": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "deck"), "h14")))),
    "record_deck_short": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "deck"), "h5 h6")))),
    "record_actions_not_list": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "actions"), "x")))),
    "record_action_not_text": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "actions"), [5])))),
    "record_action_unreadable": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "actions"),
                                                                                  ["E fly"])))),
    "record_action_illegal": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "actions"),
                                                                                ["E discard jk"])))),
    "record_action_too_long": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "actions"),
                                                                                 ["E meld " + "h5 " * 200])))),
    "record_comments": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "comments"), [])))),
    "record_comment_key": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "comments"),
                                                                             {"7": "x"})))),
    "record_comment_value": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "comments"),
                                                                               {"0": 5})))),
    "record_glyph_value": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "glyphs"),
                                                                             {"0": "!!!"})))),
    "record_review": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "review"), [])))),
    "record_review_key": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "review"),
                                                                            {"9": {}})))),
    "record_deck_and_start": (RecordError, lambda: GameRecord.load(_record(_set(("rounds", 0, "start"), {})))),
    "record_too_deep": (RecordError, _load("[" * 40 + "]" * 40)),
    "record_not_text": (RecordError, lambda: GameRecord.load(5)),  # type: ignore[arg-type]
    "record_comment_no_action": (RecordError, lambda: GameRecord.load(_record_text()).comment(0, 9, "x")),
    "record_bad_glyph": (RecordError, lambda: GameRecord.load(_record_text()).comment(0, 0, "x", glyph="?!?")),
    "record_glyph_on_deal": (RecordError, lambda: GameRecord.load(_record_text()).comment(0, -1, "x", glyph="!")),
    "record_no_round": (RecordError, lambda: GameRecord.load(_record_text()).state_at(4, 0)),
    "record_no_action": (RecordError, lambda: GameRecord.load(_record_text()).state_at(0, 9)),
    "record_players_given": (RecordError, lambda: GameRecord(players=["Ann", "Bo"])),
    "record_from_state_with_actions": (RecordError, lambda: GameRecord.from_round(_played_from_state())),
    "replay_step_outside": (ValueError, lambda: replay_text(GameRecord.load(_record_text()), 0, 9)),
    "example_unknown": (ValueError, lambda: load_example("no_such_game")),
    "review_mark_keys": (RecordError, lambda: review_mark({"best": "N draw"})),
    "review_mark_loss": (RecordError, lambda: review_mark({"best": "N draw", "best_words": "x", "loss": -1,
                                                          "stderr": 0, "reasons": [], "rollouts": 1, "seed": 0})),
    "review_mark_rollouts": (RecordError, lambda: review_mark({"best": "N draw", "best_words": "x", "loss": 1,
                                                              "stderr": 0, "reasons": [], "rollouts": 0,
                                                              "seed": 0})),
}


def _played_from_state() -> Round:
    rnd = Round.from_state(hands=["h5 c5 d9", "c4", "c6", "c7"], stock="s12 s12 s11 s11")
    rnd.draw()
    return rnd


def _raised(name: str) -> Exception:
    expected, bad_input = BAD_INPUTS[name]
    try:
        result = bad_input()
    except expected as error:
        return error
    if isinstance(result, expected):  # a lenient load collects the problem instead
        return result
    raise AssertionError(f"{name}: no {expected.__name__} raised")


def _without_notation(text: str) -> str:
    """The message without its quoted notation ('N discard s3', 'pgn'), the argument it names
    first (``melds must be ...``) and the names it gives (``game_to_5000``, ``Card(0, 'j')``,
    ``Round.from_state``)."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", " ", text)
    text = re.sub(r"^[a-z_]+(?= (?:precisa|must)\b)", " ", text)  # the argument the message names
    text = re.sub(r"\b\w+_\w+\b", " ", text)  # names: game_to_5000, team_scores
    return re.sub(r"\b(?:Card|Round)\b(?:\.\w+|\([^)]*\))?", " ", text)


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_error_from_bad_input_speaks_portuguese(name: str) -> None:
    english = str(_raised(name))
    with speaking("pt_BR"):
        error = _raised(name)
    portuguese = str(error)
    assert isinstance(error, BAD_INPUTS[name][0])
    assert portuguese != english
    assert english_words(_without_notation(portuguese)) == [], portuguese


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_error_keeps_its_english_message_in_english(name: str) -> None:
    before = str(_raised(name))
    with speaking("pt_BR"):
        _raised(name)
    assert str(_raised(name)) == before  # speaking Portuguese once leaves the English message as it was


def test_accepted_card_and_action_forms_are_the_documented_ones_in_english() -> None:
    assert accepted_forms() == ACCEPTED_FORMS and action_forms() == ACTION_FORMS
    with speaking("pt_BR"):
        assert accepted_forms() != ACCEPTED_FORMS and action_forms() != ACTION_FORMS
        assert "h10, C6, s12, d1, hK, sA" in accepted_forms() and "'N swap 101: h8'" in action_forms()


def test_record_error_place_speaks_portuguese() -> None:
    with speaking("pt_BR"):
        assert str(RecordError("x", round_index=2, action_index=4, action_text="N draw")) == \
            "rodada 3, ação 5 ('N draw'): x"
        assert str(RecordError("x", round_index=0, action_index=-1)) == "rodada 1, a distribuição: x"


def test_record_file_error_speaks_portuguese(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "\xff"}')
    with speaking("pt_BR"), pytest.raises(RecordError) as error:
        GameRecord.load(bad)
    message = str(error.value)
    assert message.startswith(f"{bad}: ") and english_words(message.removeprefix(f"{bad}: ")) == [], message


def test_unknown_language_is_refused_in_portuguese() -> None:
    from canasta_learn import set_language

    with speaking("pt_BR"), pytest.raises(ValueError) as error:
        set_language("fr")
    assert str(error.value) == "idioma desconhecido 'fr': o kit fala en, pt_BR (inglês e português do Brasil)."


def test_unknown_language_in_the_environment_falls_back_without_a_translated_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading the environment never makes the (translated) refusal: with CANASTA_LEARN_LANG=fr
    and LANG=pt_BR the default is Portuguese, with LANG=de_DE it is English."""
    from canasta_learn.core import i18n
    from canasta_learn.core.i18n import get_language, set_language

    monkeypatch.setenv("CANASTA_LEARN_LANG", "fr")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setattr(i18n, "_warned", set())
    try:
        for lang, expected in (("pt_BR.UTF-8", "pt_BR"), ("de_DE.UTF-8", "en")):
            monkeypatch.setenv("LANG", lang)
            i18n._warned.clear()  # warned once per value: here once per locale
            with pytest.warns(UserWarning, match=f"CANASTA_LEARN_LANG='fr' .*: (falando|speaking) {expected} "):
                set_language(None)
            assert get_language() == expected
    finally:
        monkeypatch.undo()
        set_language("en")
