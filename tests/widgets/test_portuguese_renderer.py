"""The renderer in Brazilian Portuguese (issue 17): card names (the cards' accessible names),
rank and suit names, the canasta kinds' badges (`render.table.KIND_BADGES`), the pile-state
badges and the labels, titles and alt texts of the table, verdicts, scores and quiz banners,
each produced from real cards, rounds and positions under ``speaking("pt_BR")``."""

from __future__ import annotations

import html
import re

import pytest
from i18n_words import english_words

from canasta_learn import Position
from canasta_learn.core.actions import TakePile
from canasta_learn.core.cards import ALL_CARDS, RANK_NAMES, SUITS, Card, parse_cards, rank_name, suit_name
from canasta_learn.core.i18n import speaking
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import play_round
from canasta_learn.profiles import get_profile, profile_names
from canasta_learn.render import (
    card_back_svg,
    card_label,
    card_svg,
    cards_row_html,
    meld_html,
    pile_status_html,
    position_html,
    quiz_banner_html,
    round_html,
    scores_html,
    verdict_html,
)
from canasta_learn.render.cards import hidden_hand_svg
from canasta_learn.render.paper import key_moments_html
from canasta_learn.render.table import KIND_BADGES
from canasta_learn.rules.melds import canasta_kind, meld_key
from canasta_learn.rules.scoring import canasta_bonus_text
from canasta_learn.variants.base import rules_for
from canasta_learn.variants.sequences import sequence_title

#: The Brazilian canastras keep their Brazilian names in English too.
BRAZILIAN_KINDS = {"real", "de_mil", "limpa", "suja"}


def _attributes(page: str) -> list[str]:
    """The accessible names and titles in ``page`` (aria-label, <title>, title=)."""
    found = re.findall(r'aria-label="([^"]*)"', page) + re.findall(r"<title>([^<]*)</title>", page)
    found += re.findall(r' title="([^"]*)"', page)
    return [html.unescape(text) for text in found]


def _visible_text(page: str) -> str:
    """The text between tags of ``page`` (what a sighted reader sees)."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_card_names_are_portuguese_for_every_card() -> None:
    for card in set(ALL_CARDS):
        english = card.name
        with speaking("pt_BR"):
            name, label = card.name, card_label(card)
            svg = card_svg(card)
        assert name != english and english_words(name) == [], name
        assert f'aria-label="{label}"' in svg and f"<title>{label}</title>" in svg
    with speaking("pt_BR"):
        assert Card(13, "h").name == "rei de copas" and Card(1, "s").name == "ás de espadas"
        assert Card.parse("jk").name == "curingão" and card_label(Card(12, "d")) == "Dama de ouros"
    assert Card(13, "h").name == "king of hearts"  # English is back outside the block


@pytest.mark.parametrize("rank", sorted(RANK_NAMES))
def test_rank_names_singular_and_plural_are_portuguese(rank: int) -> None:
    english = (rank_name(rank), rank_name(rank, plural=True))
    with speaking("pt_BR"):
        singular, plural = rank_name(rank), rank_name(rank, plural=True)
    for word in (singular, plural):
        assert english_words(word) == [], word
    assert singular != english[0] and plural != english[1]


def test_suit_names_are_the_brazilian_suits() -> None:
    with speaking("pt_BR"):
        names = [suit_name(s) for s in SUITS]
    assert names == ["paus", "ouros", "copas", "espadas"]
    assert [suit_name(s) for s in SUITS] == ["clubs", "diamonds", "hearts", "spades"]


def test_kind_badges_are_portuguese() -> None:
    english = dict(KIND_BADGES)
    with speaking("pt_BR"):
        portuguese = dict(KIND_BADGES)
    assert portuguese.keys() == english.keys()
    for kind, word in portuguese.items():
        assert english_words(word) == [], word
        if kind in BRAZILIAN_KINDS:
            assert word == english[kind]
        else:
            assert word != english[kind], kind
    assert portuguese["natural"] == "Canastra limpa" and portuguese["mixed"] == "Canastra suja"


def test_canasta_meld_badges_and_labels_in_portuguese() -> None:
    prof = get_profile("classic")
    for meld in ("h13 " * 7, "h13 h13 h13 h13 h13 d2 jk", "s9 s9 d2"):
        english = meld_html(parse_cards(meld), prof)
        with speaking("pt_BR"):
            page = meld_html(parse_cards(meld), prof)
        assert page != english
        for text in _attributes(page) + [_visible_text(page)]:
            assert english_words(text) == [], text


def test_pile_state_badges_in_portuguese() -> None:
    positions = {"frozen": Position("h5 d2", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"]),
                 "blocked": Position("h5 d2", discard_pile="h9 s3", team_melds=["h13 s13 s13"]),
                 "open": Position("h5 h5", discard_pile="h9 s5", team_melds=["h13 s13 s13"])}
    words = {"frozen": "Congelada", "blocked": "Bloqueada", "open": "Aberta"}
    for state, position in positions.items():
        status = position.pile_status()
        assert status.state == state
        with speaking("pt_BR"):
            page = pile_status_html(status)
            table = position_html(position)
        assert words[state] in page and words[state] in table
        for text in _attributes(table):
            assert english_words(text) == [], text


def test_face_down_cards_and_rows_are_named_in_portuguese() -> None:
    with speaking("pt_BR"):
        assert 'aria-label="Carta virada para baixo"' in card_back_svg()
        assert 'aria-label="11 cartas viradas para baixo"' in hidden_hand_svg(11)
        assert 'aria-label="1 carta virada para baixo"' in hidden_hand_svg(1)
        row = cards_row_html([])
        selected = card_svg("h13", selected=True)
    assert 'aria-label="Cartas"' in row and "nenhuma carta" in row
    assert 'aria-label="Rei de copas (selecionada)"' in selected


def _foreign(state: Round) -> set[str]:
    """The texts of other modules a round's table shows (in the language spoken now)."""
    prof = state.profile
    rules = rules_for(prof)
    texts = {state.morto_text(team) for team in range(prof.team_count)} if rules.has_morto else set()
    for team in range(prof.team_count):
        for key, meld in list(state.melds[team].items()) + [(meld_key(m, prof), m) for m in state.closed[team]]:
            texts.add(rules.meld_title(list(meld), key))
            texts.add(sequence_title(list(meld), key))
            texts.add(state.meld_label(key, meld))
            kind = canasta_kind(list(meld), key, prof) if key is not None else None
            if kind is not None:
                texts.add(canasta_bonus_text(prof, kind))
    texts.add(state.pile_status().message)
    texts.update(state.pile_status(seat).message for seat in range(state.player_count))
    if state.is_over:
        texts.update(item.label for breakdown in state.scores() for item in breakdown.items)
    return {text for text in texts if text}


@pytest.mark.parametrize("profile", profile_names())
def test_round_tables_speak_portuguese(profile: str) -> None:
    """The labels, titles and alt texts of a round's table at several steps (over included)."""
    record = play_round(players="greedy", profile=profile, seed=2)
    actions = len(record.rounds[0].actions)
    for step in (0, actions // 2, actions):
        state = record.state_at(0, step - 1)
        english = round_html(state)
        with speaking("pt_BR"):
            page = round_html(state)
            foreign = _foreign(state)
        assert page != english
        assert "Pilha de descarte" in page and "Monte" in page
        for text in _attributes(page) + [_visible_text(page)]:
            # a label may carry another module's words (a meld title, the morto's state, a
            # canasta's bonus, a card): those are checked where they are made; the renderer's
            # own words are Portuguese
            own = text
            for piece in sorted(foreign, key=len, reverse=True):
                own = own.replace(piece, " ")
            assert english_words(own) == [], (text, own)


def test_verdict_scores_and_quiz_banner_in_portuguese() -> None:
    record = play_round(players="greedy", profile="classic", seed=1)
    final = record.final_state(0)
    start = record.state_at(0, 0)
    verdict = start.check(TakePile(start.to_move, ()))
    with speaking("pt_BR"):
        page = verdict_html(verdict, show_code=False)
        scores = scores_html(final.scores())
        right, wrong = quiz_banner_html("Sim"), quiz_banner_html("Não", "Sim")
    assert "Recusada" in page and "<summary>detalhes</summary>" in page
    assert "<th" in scores and ">Item<" in scores and ">Pontos<" in scores and ">Total<" in scores
    assert "Equipe Norte\u2013Sul" in scores  # the team in words, as the play view names it
    assert "Certo!" in right and "A resposta é <b>Sim</b>." in right
    assert "Você escolheu <b>Sim</b>; a resposta é <b>Não</b>." in wrong
    for text in ("Recusada", _visible_text(scores).replace("\n", " ")):
        assert english_words(text) == [] or not {"Item", "Points", "Total", "Team"} & set(english_words(text))


def test_key_moments_heading_in_portuguese() -> None:
    record = play_round(players="greedy", profile="classic", seed=1)
    english = key_moments_html(record, limit=2)
    with speaking("pt_BR"):
        page = key_moments_html(record, limit=2)
    assert page != english
    assert "<b>Momentos importantes desta rodada</b>" in page and "Jogada " in page


@pytest.mark.parametrize("profile", ["classic", "pennies_from_heaven", "tranca"])
def test_text_table_speaks_portuguese(profile: str) -> None:
    """`round_text` (``str(round)``): header, stock and pile, team lines, red threes, reserves."""
    record = play_round(players="greedy", profile=profile, seed=1)
    for step in (0, 30, len(record.rounds[0].actions)):
        state = record.state_at(0, step - 1)
        english = str(state)
        with speaking("pt_BR"):
            text = str(state)
            foreign = _foreign(state)
        assert text != english and text.startswith(f"Rodada ({profile}) - carteador ")
        assert "\nMonte: " in text and "\nEquipe " in text
        own = text
        for piece in sorted(foreign, key=len, reverse=True):
            own = own.replace(piece, " ")
        assert english_words(own) == [], own
