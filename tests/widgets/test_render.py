"""Static rendering (issue 4, part 1): every picture parses as XML, names its cards, escapes
user text, and shows frozen / blocked piles and canastas in words as well as in style."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from canasta_learn import Position, Round, Verdict, parse_cards, score_round
from canasta_learn.core.cards import Card, CardList
from canasta_learn.profiles import get_profile
from canasta_learn.render import (
    card_back_svg,
    card_svg,
    cards_row_html,
    meld_html,
    pile_html,
    pile_status_html,
    position_html,
    red_threes_html,
    round_html,
    score_html,
    scores_html,
    stock_html,
    team_side_html,
    verdict_html,
)
from canasta_learn.rules.pile import pile_status

SVG = "{http://www.w3.org/2000/svg}"
EVIL = "<script>alert(1)</script>"
CLASSIC = get_profile("classic")


def parse(fragment: str) -> ET.Element:
    """The fragment must be well-formed: parse it inside a wrapper element."""
    return ET.fromstring(f"<div>{fragment}</div>")


def labels(fragment: str) -> list[str]:
    """Every aria-label in the fragment (as read after XML unescaping)."""
    return [el.get("aria-label", "") for el in parse(fragment).iter() if el.get("aria-label")]


def sideways_cards(fragment: str) -> list[ET.Element]:
    """Card pictures drawn a quarter turn (wider than tall)."""
    return [el for el in parse(fragment).iter(f"{SVG}svg")
            if int(el.get("width", "0")) > int(el.get("height", "0"))]


def table_round(**changes: object) -> Round:
    state: dict[str, object] = dict(
        hands=["c4 c4 h6 d8 s10 h11 c12 d13", "d5 h8 s8 c10 d11 h12 jk h1 s4",
               "h4 d6 c6 s9 d10 c11 h12 d1 s2", "c5 d7 s6 h8 c9 d12 s1 h6"],
        stock="h5 d4 c8 h9",
        pile="s6 h10 c2 d8 s12 h4 c3 h9",
        melds=[["h13 h13 s13 d13 c13 c13 s13", "h7 c7 d7 s7 c7 d2 jk", "h1 c1 d2"],
               ["c9 d9 s9", "h5 s5 jk"]],
        red_threes=["h3", "d3", "", "d3"],
        to_move=2,
        team_scores=(1200, 1650),
    )
    state.update(changes)
    return Round.from_state(**state)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- cards
@pytest.mark.parametrize("token", ["h13", "s1", "d10", "c2", "jk", "h3", "s12", "c11"])
def test_card_svg_parses_and_is_named(token: str) -> None:
    card = Card.parse(token)
    svg = card_svg(card)
    root = parse(svg).find(f"{SVG}svg")
    assert root is not None
    name = card.name[0].upper() + card.name[1:]
    assert root.get("role") == "img"
    assert root.get("aria-label") == name
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == name


def test_card_names_are_capitalised() -> None:
    assert 'aria-label="King of hearts"' in card_svg("h13")
    assert 'aria-label="Joker"' in card_svg("jk")
    assert 'aria-label="Ten of diamonds"' in card_svg("d10")


def test_default_size_reads_on_a_projector() -> None:
    root = parse(card_svg("h13")).find(f"{SVG}svg")
    assert root is not None
    assert 60 <= int(root.get("width", "0")) <= 70
    assert int(root.get("height", "0")) > int(root.get("width", "0"))


def test_joker_is_drawn_distinctly() -> None:
    joker = card_svg("jk")
    assert "JOKER" in joker and "cl-joker" in joker
    assert "JOKER" not in card_svg("h13")


def test_sideways_selected_and_back() -> None:
    side = parse(card_svg("c2", sideways=True)).find(f"{SVG}svg")
    assert side is not None and int(side.get("width", "0")) > int(side.get("height", "0"))
    selected = card_svg("h13", selected=True)
    assert "King of hearts (selected)" in selected and "<circle" in selected
    back = card_back_svg()
    assert labels(back) == ["Face-down card"]


def test_colours_follow_the_theme_with_fallbacks() -> None:
    svg = card_svg("s13")
    assert "var(--jp-layout-color0, #fff)" in svg
    assert "var(--jp-border-color1, #999)" in svg
    assert "var(--jp-ui-font-color0, #111)" in svg


def test_four_colour_deck_changes_clubs_and_diamonds() -> None:
    two_clubs, four_clubs = card_svg("c9"), card_svg("c9", four_color=True)
    assert two_clubs != four_clubs
    assert "--cl-green" in four_clubs and "--cl-green" not in two_clubs
    assert "--cl-blue" in card_svg("d9", four_color=True)
    assert "--cl-blue" not in card_svg("d9")
    assert card_svg("h9") == card_svg("h9", four_color=True)
    assert card_svg("s9") == card_svg("s9", four_color=True)


def test_cards_row() -> None:
    row = cards_row_html(parse_cards("h13 s1 jk"), label="Hand of <b>", selected={1})
    names = labels(row)
    assert names[0] == "Hand of <b>"
    assert "King of hearts" in names and "Ace of spades (selected)" in names and "Joker" in names
    assert "<b>" not in row
    assert "no cards" in cards_row_html([])


# --------------------------------------------------------------------------- melds and pile
def test_canasta_badges_in_words() -> None:
    natural = meld_html(parse_cards("h13 h13 s13 d13 c13 c13 s13"), CLASSIC)
    mixed = meld_html(parse_cards("h7 c7 d7 s7 c7 d2 jk"), CLASSIC)
    plain = meld_html(parse_cards("h1 c1 d2"), CLASSIC)
    for fragment in (natural, mixed, plain):
        parse(fragment)
    assert "Natural canasta" in natural and "solid" in natural
    assert "Mixed canasta" in mixed and "dashed" in mixed
    assert "canasta" not in plain.lower()
    assert "Kings" in natural and "Aces" in plain


def test_frozen_pile_has_the_freezing_card_sideways() -> None:
    pile = parse_cards("s6 h10 c2 d8 h9")
    status = pile_status(pile, CLASSIC, team_opened=True)
    assert status.state == "frozen"
    html = pile_html(pile, status)
    turned = sideways_cards(html)
    assert len(turned) == 1
    assert turned[0].get("aria-label", "").startswith("Two of clubs, turned sideways")
    assert "Frozen" in html and status.message in html


def test_red_three_and_traditional_black_three_freeze_sideways() -> None:
    pile = parse_cards("d3 s9 h9")
    assert len(sideways_cards(pile_html(pile, pile_status(pile, CLASSIC, team_opened=True)))) == 1
    traditional = get_profile("traditional")
    pile = parse_cards("s4 c3 h9")
    status = pile_status(pile, traditional, team_opened=True)
    assert status.code == "frozen_black_three"
    assert "Three of clubs" in sideways_cards(pile_html(pile, status))[0].get("aria-label", "")


def test_pile_frozen_for_not_opened_has_no_sideways_card() -> None:
    pile = parse_cards("s6 h10")
    status = pile_status(pile, CLASSIC, team_opened=False)
    html = pile_html(pile, status)
    assert sideways_cards(html) == [] and "Frozen" in html


def test_blocked_pile_is_marked() -> None:
    pile = parse_cards("s6 h10 s3")
    status = pile_status(pile, CLASSIC, team_opened=True)
    html = pile_html(pile, status)
    parse(html)
    assert "Blocked" in html
    assert any("Three of spades, top of the pile, blocked" in name for name in labels(html))
    assert "Blocked" not in pile_html(parse_cards("s6 h10"), pile_status(parse_cards("s6 h10"),
                                                                        CLASSIC, team_opened=True))


def test_empty_pile_stock_and_red_threes() -> None:
    empty = pile_html([], pile_status([], CLASSIC, team_opened=True))
    assert "Empty" in empty and parse(empty) is not None
    assert "45 cards" in stock_html(45) and "Stock: 1 card" in labels(stock_html(1))
    assert "empty" in stock_html(0)
    threes = red_threes_html(parse_cards("h3 d3"))
    assert "Three of hearts" in labels(threes) and "Red threes" in threes
    status = pile_status_html(pile_status(parse_cards("h9 d2 s5"), CLASSIC, team_opened=True))
    assert "Frozen" in status and "Two of diamonds" in labels(status)


# --------------------------------------------------------------------------- whole table
def test_round_html_shows_the_whole_table() -> None:
    rnd = table_round()
    html = round_html(rnd, player_names=["Ana", "Ben", "Chloé", "Dev"])
    parse(html)
    assert "Team North\u2013South" in rnd._repr_html_()
    for text in ("Team North\u2013South (Ana &amp; Chloé)", "Team East\u2013West", "Natural canasta", "Mixed canasta",
                 "Frozen", "Stock", "4 cards", "score 1200", "score 1650",
                 "opening minimum was 90", "Chloé", "to draw", "Red threes"):
        assert text in html, text
    names = labels(html)
    assert "Three of hearts" in names and "King of spades" in names
    assert len(sideways_cards(html)) == 1


def test_round_html_not_opened_and_hidden_hands() -> None:
    rnd = table_round(melds=[[], []], team_scores=(-20, 3100))
    html = round_html(rnd, show_hands=False)
    parse(html)
    assert "Not opened" in html and "opening minimum 15" in html and "opening minimum 120" in html
    # each hidden hand is one picture named by its size, and no face is drawn
    assert 'aria-label="11 face-down cards"' in html or "face-down card" in html
    assert "Ace of diamonds" not in html
    assert "For Team East\u2013West" not in html  # both teams see the same (frozen) pile


def test_round_html_names_a_pile_state_that_differs_by_team() -> None:
    rnd = table_round(pile="s6 h10 d8 h9", melds=[["h1 c1 d2"], []])
    html = round_html(rnd)
    assert "Open" in html and "For Team East\u2013West the pile is frozen." in html


@pytest.mark.parametrize(("names", "mover", "dealer"), [
    (["Ana", "Ben", "Chloé", "Dev"], "Chloé", "Ben"), (None, "South", "East"), (["N", "E", "S", "W"], "South", "East")])
def test_round_html_names_seats_in_words_and_tells_the_pile_of_the_team_to_move(
        names: list[str] | None, mover: str, dealer: str) -> None:
    """The table said "dealer N", "N · Ana – 8 cards" and the pile's state to "you" ("c2", "your team"):
    it names each seat by its player (a record's seat codes are no names) or its compass word, and
    tells the pile's state of the player to move, cards as symbols."""
    rnd = table_round(dealer=1)
    text = " ".join(re.sub(r"<[^>]*>", " ", re.sub(r"<svg\b.*?</svg>", " ", round_html(rnd, player_names=names),
                                                   flags=re.DOTALL)).split())
    assert f"dealer {dealer} " in text and f"\u25b6 {mover} to draw" in text
    hand = f"{mover} (South)" if mover != "South" else mover  # a name says where its player sits
    assert f"{hand} \u2013 9 cards" in text
    assert (f"The pile is frozen: a wild card (2\u2663) is buried in it, so {mover} needs a natural pair of nines "
            "from the hand to take it.") in text
    assert not re.search(r"\b(?:[Yy]ou|[Yy]our)\b|\b[NESW]\b|\bc2\b", text), text


def test_round_html_at_the_end_shows_scores() -> None:
    rnd = Round(seed=7)
    while not rnd.is_over:
        rnd.apply(rnd.legal_actions()[0])
    html = round_html(rnd)
    parse(html)
    assert "Round over" in html and "Total" in html and "<table" in html


def test_player_names_are_escaped() -> None:
    names = [EVIL, "Ben", "a & b", "Dev"]
    html = round_html(table_round(), player_names=names)
    parse(html)
    assert "<script" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "a &amp; b" in html
    # dict form
    assert "<script" not in round_html(table_round(), player_names={2: EVIL})
    assert "<script" not in team_side_html(table_round(), 0, player_names={0: EVIL})


def test_position_html() -> None:
    mike = Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])
    html = mike._repr_html_()
    parse(html)
    assert html == position_html(mike)
    assert "Five of hearts" in labels(html) and "Frozen" in html and "Kings" in html
    assert len(sideways_cards(html)) == 1


# --------------------------------------------------------------------------- verdicts and scores
def test_verdict_ok_and_refused_differ_in_words() -> None:
    meld = tuple(parse_cards("h1 c1 d2"))
    ok = Verdict.allow("meld_ok", "h1 c1 d2 is a legal meld.", melds=(meld,), value=60)
    refused = Verdict.refuse("meld_too_few_cards", f"Too few: {EVIL}",
                             cards=tuple(parse_cards("h5 h5")))
    ok_html, refused_html = verdict_html(ok), verdict_html(refused)
    parse(ok_html)
    parse(refused_html)
    assert "OK" in ok_html and "\u2714" in ok_html and "meld_ok" in ok_html
    assert "Refused" in refused_html and "\u2718" in refused_html
    assert "meld_too_few_cards" in refused_html
    assert "<script" not in refused_html
    assert "Five of hearts" in labels(refused_html)
    assert "Ace of hearts" in labels(ok_html) and "Value: 60" in ok_html


def test_engine_verdict_repr_draws_its_cards() -> None:
    bill = Position("c6 c6 h7 d8", discard_pile="s9 d6", team_melds=["h13 s13 s13"])
    verdict = bill.check_take_pile()
    html = verdict._repr_html_()
    parse(html)
    assert "Six of clubs" in labels(html) and "Six of diamonds" in labels(html)


def test_score_tables() -> None:
    b = score_round(["s13 s13 h13 h13 d13 c13 c13", "h1 c1 s1"], red_threes="h3 d3",
                    hands_left=["c7"], went_out=True)
    html = score_html(b)
    root = parse(html)
    assert root.find("table") is not None
    assert "Natural canastas" in html and "925" in html and "Total" in html
    assert "\u22125" in html  # the card left in hand, with a real minus sign
    assert html == b._repr_html_()
    both = scores_html([b, b], team_names=["Team <N>", "Team E"])
    parse(both)
    assert both.count("<table") == 2 and "Team &lt;N&gt;" in both


# --------------------------------------------------------------------------- hooks
def test_card_and_card_list_reprs() -> None:
    card = Card.parse("h13")
    assert "King of hearts" in labels(card._repr_html_())
    cards = parse_cards("h1 c1")
    assert isinstance(cards, CardList) and isinstance(cards, list)
    assert cards == [Card.parse("h1"), Card.parse("c1")]
    assert repr(cards) == "[h1, c1]" == repr(list(cards))
    assert labels(cards._repr_html_())[1:] == ["Ace of hearts", "Ace of clubs"]


def test_pile_status_repr() -> None:
    status = pile_status(parse_cards("h9 s3"), CLASSIC, team_opened=True)
    html = status._repr_html_()
    parse(html)
    assert "Blocked" in html and "Three of spades" in labels(html)


def test_reprs_use_no_scripts_or_external_resources() -> None:
    rnd = table_round()
    fragments = [rnd._repr_html_(), verdict_html(rnd.can_draw()), card_svg("jk"),
                 score_html(rnd.score_team(0))]
    for fragment in fragments:
        assert "<script" not in fragment and "javascript:" not in fragment
        assert not re.search(r"(src|href)=", fragment)
        assert "&nbsp;" not in fragment


def test_render_is_not_imported_with_the_package() -> None:
    code = ("import sys, canasta_learn; "
            "print(any(m.startswith('canasta_learn.render') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_blocked_pile_says_blocked_once() -> None:
    """Issue 27: the state badge and a second badge on the top card both said "Blocked"."""
    pile = parse_cards("s6 h10 s3")
    html = pile_html(pile, pile_status(pile, CLASSIC, team_opened=True))
    shown = re.sub(r"<[^>]+>", " ", re.sub(r"<title>.*?</title>", "", html))  # the visible text
    assert shown.count("Blocked") == 1, shown
    assert "outline:4px solid #c62828" in html  # the top card is still marked


def test_a_teams_score_table_shown_alone_names_the_team_in_words() -> None:
    """A round's score breakdown displayed in a notebook (its _repr_html_, no team names given)
    says "Team North–South", as the play view and the replay do; it said "Team N–S"."""
    from canasta_learn.core.i18n import speaking
    from canasta_learn.engine.round import Round
    from canasta_learn.play.bots import make_bots, run_round

    rnd = run_round(Round(seed=3), make_bots("greedy", 4, seed=3))
    assert rnd.is_over
    north_south, east_west = rnd.scores()
    assert "Team North\u2013South" in north_south._repr_html_()
    assert "Team East\u2013West" in scores_html([north_south, east_west])
    assert "N\u2013S" not in north_south._repr_html_()
    with speaking("pt_BR"):
        assert "Equipe Leste\u2013Oeste" in east_west._repr_html_()
