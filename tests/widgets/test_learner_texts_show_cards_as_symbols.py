"""What a learner reads shows cards as symbols and seats by name (issue 27): never card notation
("c8 d8 s2 h2 jk jk has 4 wild cards") nor a bare seat letter ("N must first draw"), nor advice
to type a command ("as in 'take h4 h4'") where there is nothing to type.

The play view's refusals are found by clicking, over seeded rounds, every button that a learner
can press while it is refused (Meld or Discard before drawing, Draw after, a meld of one card or of
mixed ranks, a take with the wrong cards, Yes/No nobody asked for...) and reading the message, the
refusal box and the "why?" panel after each click; the quizzes by answering every choice of each
ready-made kind and of every practice skill's lesson question; the explorers by their views; the
replay's notes at every step of seeded bot rounds in several profiles (told in the third person,
so never "you"). Each in English and in Brazilian Portuguese.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ipywidgets as widgets  # noqa: E402

from canasta_learn.core.actions import Answer, Ask, Decline, Meld, MeldGroup, Redraw, TakePile  # noqa: E402
from canasta_learn.core.cards import Card, format_cards  # noqa: E402
from canasta_learn.engine.position import Position  # noqa: E402
from canasta_learn.practice import SKILLS  # noqa: E402
from canasta_learn.widgets import PlayWidget  # noqa: E402
from canasta_learn.widgets.drill_quiz import DrillQuiz  # noqa: E402
from canasta_learn.widgets.explorers import OpeningExplorer, PileExplorer, ScoreCalculator  # noqa: E402
from canasta_learn.widgets.hand import HandWidget  # noqa: E402
from canasta_learn.widgets.pane import HtmlPane  # noqa: E402
from canasta_learn.widgets.quiz import Quiz, canasta_quiz, meld_quiz, opening_quiz  # noqa: E402

#: A card in notation: c8, h10, s13, jk.
NOTATION = re.compile(r"\b[cdhs](1[0-3]|[1-9])\b|\bjk\b")
#: A seat as a bare letter, in each language ("N must first draw"; Portuguese letters N L S O, less
#: "O", which is also the word "the").
SEAT_LETTER = {"en": re.compile(r"\b[NESW]\b"), "pt_BR": re.compile(r"\b[NLS]\b")}
LANGUAGES = ("en", "pt_BR")
#: Advice to type a command: 'take h4 h4' (English) or `take h4 h4` (Portuguese), a '|' separator.
COMMAND = re.compile(r"['`](?:take|add|meld|draw|discard|swap)\b|['`]\|['`]")
#: The engine's second person, in a text that tells of other players (the replay's notes).
SECOND_PERSON = {"en": re.compile(r"\b[Yy]ou(?:r|rs)?\b"),
                 "pt_BR": re.compile(r"\b(?:[Vv]ocê|[Ss]ua mão|[Ss]ua equipe|[Ss]eu parceiro)\b")}
#: A keyboard shortcut in a button's tooltip ("(key: S)"): a key to press, not a seat.
_SHORTCUT = re.compile(r"\((?:key|tecla): [^)]*\)")
#: A button caption's keyboard shortcut ("Skip bots' moves (S)").
_CAPTION_KEY = re.compile(r" \([A-Z]\)$")
_ATTRIBUTE = re.compile(r'\b(?:aria-label|title|alt)="([^"]*)"')
_TAG = re.compile(r"<[^>]*>")
_CODE = re.compile(r"<code\b[^>]*>.*?</code>", re.DOTALL)
_PICTURE = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_STYLE = re.compile(r"<style\b.*?</style>", re.DOTALL)


def readable(markup: str) -> str:
    """What a learner reads or hears in ``markup``: its visible text and its aria-label, title and
    alt attributes (verdict codes, shown to teachers behind a toggle, left out)."""
    markup = _STYLE.sub(" ", _CODE.sub(" ", markup))
    heard = " ".join(html.unescape(value) for value in _ATTRIBUTE.findall(markup))
    markup = _PICTURE.sub(" ", markup)  # a card's face: its accessible name is an attribute
    return html.unescape(_TAG.sub(" ", markup)) + " " + heard


def offences(texts: list[str], language: str, *, narrated: bool = False) -> list[str]:
    """Each text that shows card notation, a bare seat letter or advice to type a command, with
    what it shows; ``narrated`` texts (told of other players) also never say "you"."""
    found = []
    checks = [(NOTATION, "card notation"), (SEAT_LETTER[language], "a seat letter"), (COMMAND, "a typed command")]
    if narrated:
        checks.append((SECOND_PERSON[language], "the second person"))
    for text in texts:
        text = " ".join(_SHORTCUT.sub(" ", text).split())
        for pattern, what in checks:
            for match in pattern.finditer(text):
                found.append(f"{what} {match.group(0)!r} in: ...{text[max(0, match.start() - 90):match.end() + 40]}...")
    return sorted(set(found))


def widget_texts(widget: Any) -> Iterator[str]:
    """The texts a widget tree shows (HTML and labels, button captions and tooltips, less their
    keyboard shortcuts: "(S)" is a key), not what the learner types into text boxes (notation is an
    input form there)."""
    if isinstance(widget, (widgets.HTML, widgets.Label, HtmlPane)):  # HtmlPane: the play view's table...
        yield readable(widget.value)
    elif isinstance(widget, HandWidget):  # its caption: "Your hand (North): 7 cards"
        yield widget.label
    elif isinstance(widget, widgets.Button):
        yield _CAPTION_KEY.sub("", widget.description)
        yield widget.tooltip or ""
    for child in getattr(widget, "children", ()):
        yield from widget_texts(child)


# --------------------------------------------------------------------------- the play view
def _play_texts(play: PlayWidget) -> list[str]:
    """Everything the play view shows: the message, the refusal box, the "why?" panel and the table
    (the pile's state under the discard pile, the players by name with their cards), the whole widget
    tree."""
    return [play.message, readable(play.verdict.value), readable(play.why_panel.value), *widget_texts(play)]


def _press(play: PlayWidget, name: str, cards: list[Card] | None = None) -> list[str]:
    play.select(format_cards(cards or []))
    play.click(name)
    return _play_texts(play)


def _refused(play: PlayWidget, action: Any) -> bool:
    return not play.state.check(action)


def _refusals_over_a_round(seed: int, language: str, profile: str, turns: int = 6) -> tuple[list[str], int]:
    """Every refused click over the learner's first ``turns`` turns of a seeded round: the texts
    read after each, and how many refusals were shown."""
    play = PlayWidget(profile=profile, seed=seed, language=language)
    play.why.value = True
    texts: list[str] = []
    refusals = 0

    def press(name: str, cards: list[Card] | None, action: Any) -> None:
        nonlocal refusals
        if action is None or _refused(play, action):
            texts.extend(_press(play, name, cards))
            refusals += 'class="cl-verdict cl-verdict-refused"' in play.verdict.value

    for _turn in range(turns):
        if not play.my_turn:
            break
        rnd, seat = play.state, play.seat
        hand = sorted(rnd.hands[seat])
        top = rnd.top_card
        other_rank = [c for c in hand if top is None or c.rank != top.rank]
        mixed = list({c.rank: c for c in hand if c.is_natural}.values())[:3]
        wilds = [c for c in hand if c.is_wild]
        if rnd.phase == "draw":
            press("meld", hand[:3], Meld(seat, (MeldGroup(tuple(hand[:3])),)))
            press("discard", hand[:1], None)
            press("take", other_rank[:2], TakePile(seat, tuple(other_rank[:2])))
            press("take", [], TakePile(seat))
        for name, action in (("yes", Answer(seat, True)), ("no", Answer(seat, False)), ("decline", Decline(seat)),
                             ("ask", Ask(seat)), ("redraw", Redraw(seat))):
            press(name, [], action)
        if rnd.phase == "draw":
            play.select("")
            play.click("draw")
        if not play.my_turn or play.state.phase != "play":
            continue
        hand = sorted(play.state.hands[seat])
        mixed = list({c.rank: c for c in hand if c.is_natural}.values())[:3]
        wilds = [c for c in hand if c.is_wild]
        press("draw", [], None)
        press("take", hand[:2], None)
        press("meld", hand[:1], Meld(seat, (MeldGroup(tuple(hand[:1])),)))
        if len(mixed) == 3:
            press("meld", mixed, Meld(seat, (MeldGroup(tuple(mixed)),)))
        if wilds:
            press("meld", wilds[:3], Meld(seat, (MeldGroup(tuple(wilds[:3])),)))
        press("meld", [], Meld(seat, ()))
        for card in sorted(play.state.hands[seat], key=lambda c: (c.is_wild, c.rank == 3, c)):
            if not play.my_turn or play.state.phase != "play":
                break
            play.select(format_cards([card]))
            play.click("discard")
            texts.extend(_play_texts(play))
    return texts, refusals


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", ["classic", "canastra_br"])
def test_the_play_views_refusals_show_cards_as_symbols_and_seats_by_name(language: str, profile: str) -> None:
    texts: list[str] = []
    shown = 0
    for seed in range(4):
        found, refusals = _refusals_over_a_round(seed, language, profile)
        texts += found
        shown += refusals
    assert shown >= 20, f"only {shown} refusals were shown: the test clicks too little"
    # the table was read: its team boxes name where each player sits, in words ("Ebba (East)")
    assert any(re.search(r"\((?:East|Leste)\): ", text) for text in texts)
    assert offences(texts, language) == []


# --------------------------------------------------------------------------- quizzes
def _answered(make: Any) -> Iterator[str]:
    """Each choice of a quiz answered (a fresh quiz each time), and every text it then shows."""
    for choice in make().choices:
        quiz = make()
        quiz.answer(choice)
        yield quiz.feedback
        yield from widget_texts(quiz)


def _quizzes() -> list[Any]:
    return [
        lambda: meld_quiz("h5 h5 d2 d2", "cardgames_io"),
        lambda: meld_quiz("c8 d8 s2 h2 jk jk"),
        lambda: meld_quiz("h5 c5"),
        lambda: canasta_quiz("h5 h5 c5 d5 s5 d2 jk"),
        lambda: opening_quiz("h1 c1 d2 s5 d5 c5 h9 h9 c9 h13", ["h1 c1 d2", "s5 d5 c5", "h9 h9 c9"]),
        lambda: Quiz("Can you take the pile?", Position(hand="c6 h7 d8 h13", discard_pile="s9 jk c8 h13",
                                                        team_melds="d13 c13 c13 h2"), kind="can_take_pile"),
        lambda: Quiz("Can you take the pile?", Position(hand="c6 c6 h7 d8", discard_pile="s9 d6"),
                     kind="can_take_pile"),
        lambda: Quiz("Can you take the pile?", Position(hand="c6 c6 h7 d8", discard_pile="s9 d6",
                                                        team_melds="h13 s13 s13"), kind="can_take_pile"),
        lambda: Quiz("Why is the pile frozen?", Position(hand="c6 h7 d8", discard_pile="s9 d2 d6"),
                     kind="pile_reason"),
        lambda: Quiz("Which melds open?", Position(hand="h1 c1 d2 s5 d5 c5 h9 h9 c9 h13 s4"),
                     kind="which_meld_opens"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_quiz_feedback_and_buttons_show_cards_as_symbols(language: str) -> None:
    from canasta_learn.core.i18n import speaking

    texts: list[str] = []
    with speaking(language):
        for make in _quizzes():
            texts += list(_answered(make))
    assert len(texts) > 40
    assert offences(texts, language) == []
    # a position quiz is about the learner's own hand: "You may take the pile", never "North may"
    assert [t for t in texts if re.search(r"\b(?:North|Norte)\b", t)] == []
    assert any(re.search(r"\b(?:You may take the pile|Você pode pegar a pilha)\b", t) for t in texts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_skills_lesson_question_and_its_answer_show_cards_as_symbols(language: str) -> None:
    texts = []
    for skill in sorted(SKILLS):
        quiz = DrillQuiz(skill, seed=3, language=language)
        texts.append(readable(quiz.static_html()))
        texts += list(widget_texts(quiz))
    assert offences(texts, language) == []


# --------------------------------------------------------------------------- explorers
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_explorers_show_cards_as_symbols(language: str) -> None:
    explorers = [
        PileExplorer("c6 c6 h7 d8", "s9 d6", "h13 s13 s13", language=language),
        PileExplorer("h5 d2 d2 s12 d12", "h9 c2 s5", "h13 s13 s13", language=language),
        PileExplorer("c6 h7 d8", "s9 d6 s3", language=language),
        PileExplorer("c6 h7 d8", "s9 h13", "d13 d13 c13 h2", language=language),
        OpeningExplorer("h1 c1 d2 s5 d5 c5 h9 h9 c9 h13", language=language),
        OpeningExplorer("c8 d8 s2 h2 jk jk h4", team_score=1500, language=language),
        ScoreCalculator("h5 h5 c5 d5 c5 s5 d5 | h13 s13 jk", red_threes="h3", hands_left="jk jk h2 c9 | s4",
                        language=language),
    ]
    texts = [text for explorer in explorers for text in widget_texts(explorer)]
    assert offences(texts, language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_lines_at_the_end_of_a_round_show_cards_as_symbols(language: str) -> None:
    """"Cards left in hand (jk jk h2)" was notation in the play view's score tables and narration."""
    from canasta_learn.engine.round import Round
    from canasta_learn.play.bots import make_bots, run_round
    from canasta_learn.widgets.narration import round_end_text

    texts, symbols = [], 0
    for seed in range(3):
        rnd = run_round(Round(seed=seed), make_bots("greedy", 4, seed))
        play = PlayWidget(round=rnd, language=language)
        scores = readable(play.scores_view.value)
        symbols += len(re.findall("[\u2663\u2666\u2665\u2660]|Jk", scores))
        texts += [scores, round_end_text(rnd, play.names)]
    assert symbols > 0, "no cards left in any hand: the test shows nothing"
    assert offences(texts, language) == []


# --------------------------------------------------------------------------- the replay's notes
#: The seat codes a record names its players by when it knows no names (shown as "North"...).
SEAT_CODES = ("N", "E", "S", "W")
_HUMAN_NOTE = re.compile(r'<div class="cl-human-note".*?</div>', re.DOTALL)


def _replay_note_texts(record: Any, language: str) -> tuple[list[str], int]:
    """The notes and the table the replay shows at every step (a teacher's own comment aside: the
    record's words), and how many of them quote a refusal or a pile state (the engine's sentences)."""
    from canasta_learn.widgets import ReplayViewer

    viewer = ReplayViewer(record, language=language)
    texts, quoted = [], 0
    for step in range(viewer.step_count):
        viewer.go(step)
        texts.append(readable(_HUMAN_NOTE.sub(" ", viewer.notes.value)))
        # the table: its header, teams, hands and the pile's state; the players' names are the record's
        # words (the shipped examples name their bots "greedy N"), as a teacher's comment is
        table = readable(viewer.table.html.value)
        for name in sorted(set(record.players) - set(SEAT_CODES), key=len, reverse=True):
            table = table.replace(name, " ")
        texts.append(table)
        texts.append(readable(viewer.scores.value))  # the score sheet: "Team North–South"
        quoted += len(re.findall(r'data-code="(?:could_not_take_pile|opening_refused|pile_[a-z_]+)"',
                                 viewer.notes.value))
    return texts, quoted


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", ["classic", "italian", "pennies_from_heaven", "canastra_br"])
def test_the_replays_notes_tell_of_each_seat_by_name_in_cards_without_commands(language: str, profile: str) -> None:
    """The replay makes each note from the rules' templates in narrate mode: "North holds only 1 four
    (4♥)", never "N", "h4", "You hold" nor "as in 'take h4 h4'"."""
    from canasta_learn.play.bots import play_round
    from canasta_learn.records.record import GameRecord

    rounds = [play_round("greedy", profile=profile, seed=seed, dealer=seed % 4).rounds[0] for seed in range(3)]
    texts, quoted = _replay_note_texts(GameRecord(profile, rounds=rounds), language)
    assert quoted >= 20, f"only {quoted} notes quote the engine: the test reads too little"
    assert offences(texts, language, narrated=True) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_example_games_notes_tell_of_each_seat_by_name_in_cards(language: str) -> None:
    from canasta_learn.records.examples import EXAMPLES, load_example

    texts: list[str] = []
    for name in EXAMPLES:
        texts += _replay_note_texts(load_example(name), language)[0]
    assert offences(texts, language, narrated=True) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile", ["classic", "canastra_br"])
def test_the_replays_move_list_names_seats_in_words_and_cards_as_symbols(language: str, profile: str) -> None:
    """The move list said the record's notation ("1. E draw", "E meld h13 s13 jk"); it says
    "1. South: Draw from the stock", "South: Meld J♣ J♥ Jk"."""
    from canasta_learn.play.bots import play_round
    from canasta_learn.widgets import ReplayViewer

    record = play_round("greedy", profile=profile, seed=4, dealer=1)
    viewer = ReplayViewer(record, language=language)
    texts, symbols = [], 0
    for step in range(viewer.step_count):
        viewer.go(step)
        texts.append(readable(viewer.moves.value))
        symbols += sum(viewer.moves.value.count(suit) for suit in "♣♦♥♠")
    assert symbols > 0, "no card in the move list: the test reads nothing"
    seats = "North|East|South|West" if language == "en" else "Norte|Leste|Sul|Oeste"
    draw = "Draw from the stock" if language == "en" else "Comprar do monte"
    assert re.search(rf"\b1\. (?:{seats}): {draw}", texts[1]), texts[1]
    assert offences(texts, language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pile_explorers_refusals_name_its_fields_and_hide_the_code(language: str) -> None:
    """"You hold 6♣: name the cards, as in 'take 6♣'" advised a command the explorer has no box for,
    and "(frozen_wild)" showed a code outside the details toggle."""
    from canasta_learn.core.i18n import gettext, speaking

    one_six = PileExplorer("c6 h7 d8", "s9 d6", "h13 s13 s13", language=language)
    frozen = PileExplorer("h5 d2 d2 s12 d12", "h9 c2 s5", "h13 s13 s13", language=language)
    short = PileExplorer("c6 c6 h7 d8", "s9 d6", language=language)
    with speaking(language):
        hand = gettext("Hand")
    shown = [readable(e.verdict_view.value) for e in (one_six, short)]
    assert all(re.search(rf"\b{hand}\b", text) for text in shown), shown  # the field to change, by its label
    assert offences(shown, language) == []
    line = frozen.state_view.value
    assert "frozen_wild" not in readable(line) and "frozen_wild" in line.split("<details", 1)[1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hint_panel_names_seats_in_words_and_cards_as_symbols(language: str) -> None:
    """The coach's panel after Hint, at the draw and at the discard of the learner's turns over
    seeded rounds: its headline, estimates and reasons ("West has not picked up an eight...": it
    said "W has not picked up")."""
    texts: list[str] = []
    panels = 0
    for seed in range(3):
        play = PlayWidget(seed=seed, language=language, hint_rollouts=2, hint_seed=seed)
        for _turn in range(5):
            if not play.my_turn:
                break
            for _phase in range(2):  # at the draw, then after drawing
                play.click("hint")
                panels += "cl-coach" in play.coach_panel.value
                texts.extend(_play_texts(play))
                if play.state.phase == "draw":
                    play.select("")
                    play.click("draw")
            hand = sorted(play.state.hands[play.seat], key=lambda c: (c.is_wild, c.rank == 3, c))
            for card in hand:
                if not play.my_turn or play.state.phase != "play":
                    break
                play.select(format_cards([card]))
                play.click("discard")
    assert panels >= 20, f"only {panels} hint panels were read"
    assert any(re.search(r"\b(?:West|East|North|South|Oeste|Leste|Norte|Sul)\b", t) for t in texts)
    assert offences(texts, language) == []
