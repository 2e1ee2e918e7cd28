"""The widgets speak Brazilian Portuguese (issue 17): ``language="pt_BR"`` on PlayWidget,
HandWidget and TableWidget gives Portuguese labels, buttons, tooltips, notices and narration,
in the constructor and in every callback after it (the language is the widget's, not the one
spoken when a button is pressed).

Each text is collected from the widget tree of a real widget (a seeded round), paired with the
same text of the same widget built in English, and must differ from it and contain no English
stop-word (`i18n_words.english_words`). What other modules write inside the widgets (the
engine's verdicts, the renderer's table pictures, rank names) is tested where it is made.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from i18n_words import english_words  # noqa: E402

from canasta_learn.core.i18n import speaking  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.widgets import HandWidget, PlayWidget, TableWidget  # noqa: E402
from canasta_learn.widgets.hand import hand_words  # noqa: E402
from canasta_learn.widgets.narration import Names, narrate_action, narrate_deal  # noqa: E402
from canasta_learn.widgets.play_table import mini_meld_html  # noqa: E402

#: Words spelled alike in both languages (a label may rightly stay the same).
SAME_IN_BOTH = {"normal", "legal"}
_TAG = re.compile(r"<[^>]+>")


def plain(markup: str) -> str:
    """The text a reader sees in an HTML fragment."""
    return html.unescape(_TAG.sub(" ", markup)).split("\n")[0].strip() if "<style" not in markup else ""


def widget_texts(widget: Any) -> list[str]:
    """Every description, tooltip and choice label of ``widget`` and its children, in tree order
    (the profile and bot dropdowns list code names, the file box a file name: left out)."""
    out: list[str] = []
    names = {"cl-profile-choice", "cl-bot-choice", "cl-profile-select"}
    classes = set(getattr(widget, "_dom_classes", ()))
    for attribute in ("description", "tooltip"):
        value = getattr(widget, attribute, None)
        if isinstance(value, str) and value:
            out.append(value)
    options = getattr(widget, "_options_labels", None)
    if options and not classes & names:
        out.extend(options)
    for child in getattr(widget, "children", ()) or ():
        out.extend(widget_texts(child))
    return out


def assert_portuguese(pairs: list[tuple[str, str]]) -> None:
    """Each (English, Portuguese) pair: translated (unless a card, number or shared word) and free
    of English words."""
    assert pairs
    for english, portuguese in pairs:
        assert english_words(portuguese) == [], (english, portuguese)
        if re.search(r"[A-Za-z]{2,}", english) and english.lower().strip("?:.") not in SAME_IN_BOTH:
            assert portuguese != english, english


def test_play_widget_buttons_labels_and_tooltips_are_portuguese() -> None:
    english = PlayWidget(seed=7, language="en")
    portuguese = PlayWidget(seed=7, language="pt_BR")
    en, pt = widget_texts(english), widget_texts(portuguese)
    assert len(en) == len(pt) > 40
    assert_portuguese(list(zip(en, pt, strict=True)))
    assert portuguese.buttons["draw"].description == "Comprar (D)"
    assert portuguese.buttons["take"].description == "Pegar pilha (T)"
    assert portuguese.buttons["meld"].description == "Baixar seleção (M)"
    assert portuguese.buttons["take_back"].description == "Desfazer"
    assert portuguese.why.description == "por quê?"


def test_play_widget_status_and_headings_are_portuguese_in_each_phase() -> None:
    english = PlayWidget(seed=7, language="en")
    portuguese = PlayWidget(seed=7, language="pt_BR")
    pairs = [(plain(english.status.value), plain(portuguese.status.value))]
    for play in (english, portuguese):
        play.click("draw")
    pairs.append((plain(english.status.value), plain(portuguese.status.value)))
    pairs.append((english.hand.label, portuguese.hand.label))
    assert "Sua vez" in portuguese.status.value
    assert_portuguese(pairs)


def test_play_widget_notices_are_portuguese() -> None:
    english = PlayWidget(seed=7, language="en")
    portuguese = PlayWidget(seed=7, language="pt_BR")
    pairs = []
    for button in ("meld", "aside", "take_back", "swap", "save"):
        if button == "save":
            english.filename.value = portuguese.filename.value = ""
        english.click(button)
        portuguese.click(button)
        pairs.append((english.message, portuguese.message))
    english.click("draw")
    portuguese.click("draw")
    english.click("discard")  # nothing selected: "Select exactly one card ..."
    portuguese.click("discard")
    pairs.append((english.message, portuguese.message))
    english.select(str(english.state.hands[0][0]))
    portuguese.select(str(portuguese.state.hands[0][0]))
    english.click("aside")
    portuguese.click("aside")
    pairs.append((english.message, portuguese.message))
    assert len({pt for _, pt in pairs}) == len(pairs)
    assert_portuguese(pairs)


def test_play_widget_narration_of_moves_is_portuguese() -> None:
    """A few moves (yours, then the bots') told in Portuguese: "Você comprou 8♠." and the bots'
    draws, melds, takes and discards."""
    english = PlayWidget(seed=7, language="en")
    portuguese = PlayWidget(seed=7, language="pt_BR")
    drawn = portuguese.state.stock[-1]
    lines: list[tuple[str, str]] = []
    for play in (english, portuguese):
        play.click("draw")
    assert portuguese.message == f"Você comprou {drawn.short}."
    for _ in range(3):
        for play in (english, portuguese):
            play.select(str(play.state.hands[0][-1]))
            play.click("discard")
        if portuguese.state.is_over:
            break
        for play in (english, portuguese):
            play.click("draw")
        lines.extend(zip(english.narration_lines, portuguese.narration_lines, strict=True))
    lines.extend(zip(english.log_lines, portuguese.log_lines, strict=True))
    assert any("Ebba" in pt or "Sam" in pt or "Wen" in pt for _, pt in lines)
    assert any(pt.startswith("Você descartou") for _, pt in lines)
    assert_portuguese(lines)


@pytest.mark.parametrize("profile", ["classic", "pennies_from_heaven", "canastra_br"])
def test_narration_of_a_whole_bot_round_is_portuguese(profile: str) -> None:
    """Every sentence of a round played by bots (deal, draws, takes, melds, canastas, going out)."""
    from canasta_learn.play.bots import acting_seat, make_bots

    rnd = Round(profile, seed=3)
    bots = make_bots("greedy", rnd.player_count, 3)
    while not rnd.is_over and len(rnd.log) < 400:
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    en_names = Names(["You", "Ebba", "Sam", "Wen", "Ana", "Rui"][:rnd.player_count], 0, rnd.team_of)
    pt_names = Names(["Você", "Ebba", "Sam", "Wen", "Ana", "Rui"][:rnd.player_count], 0, rnd.team_of)
    english = narrate_deal(rnd, en_names) + [s for i in range(len(rnd.log)) for s in narrate_action(rnd, i, en_names)]
    with speaking("pt_BR"):
        portuguese = narrate_deal(rnd, pt_names) + [
            s for i in range(len(rnd.log)) for s in narrate_action(rnd, i, pt_names)]
    assert len(english) == len(portuguese) > 20
    engine_says = {e.message for e in rnd.events if e.kind == "canasta_kind_changed"}  # the engine's to translate
    assert_portuguese([(en, pt) for en, pt in zip(english, portuguese, strict=True) if en not in engine_says])


def test_the_language_is_the_widgets_own_in_later_callbacks() -> None:
    """Built in Portuguese, a widget answers a click in Portuguese after the block is left; the
    default language is the one spoken when it is made."""
    with speaking("pt_BR"):
        play = PlayWidget(seed=7)
        hand = HandWidget("h13 s5 jk")
    assert play.language == "pt_BR" and hand.language == "pt_BR"
    with speaking("en"):
        play.click("draw")
        assert play.message.startswith("Você comprou ")
        assert play.buttons["draw"].description == "Comprar (D)"
        english = PlayWidget(seed=7)
    assert english.language == "en" and english.buttons["draw"].description == "Draw (D)"


def test_unknown_language_is_refused_with_the_accepted_ones() -> None:
    with pytest.raises(ValueError, match="pt_BR"):
        PlayWidget(seed=7, language="klingon")
    with pytest.raises(ValueError, match="pt_BR"):
        HandWidget("h13", language="xx")


def test_hand_widget_words_are_portuguese() -> None:
    portuguese = HandWidget("h13 s5 jk", language="pt_BR")
    english = HandWidget("h13 s5 jk", language="en")
    assert portuguese.label == "Sua mão" and english.label == "Your hand"
    assert english.words == {}  # hand.js keeps its English words
    with speaking("en"):
        words = hand_words()
    pairs: list[tuple[str, str]] = []
    for key, value in portuguese.words.items():
        if isinstance(value, list):
            filled = [(e.format(label="Cards", count=n), p.format(label="Cartas", count=n))
                      for n, (e, p) in enumerate(zip(words[key], value, strict=True))]
            pairs.extend(filled)
        else:
            pairs.append((words[key], value))
    assert portuguese.words["caption"][2].format(label="Sua mão", count=3) == "Sua mão: 3 cartas"
    assert portuguese.words["caption"][1].format(label="Sua mão", count=1) == "Sua mão: 1 carta"
    assert_portuguese(pairs)


def test_table_widget_badge_and_play_table_facts_are_portuguese() -> None:
    rnd = Round(seed=7)
    english = TableWidget(rnd, language="en")
    portuguese = TableWidget(rnd, language="pt_BR")
    assert plain(portuguese.badge.value).startswith("Regras:")
    pairs = [(plain(english.badge.value).replace("classic", ""), plain(portuguese.badge.value).replace("classic", ""))]
    meld = [c for c in rnd.hands[0] if not c.is_wild][:1] * 3
    label = re.compile(r'aria-label="([^"]*)"')  # the meld's own words (the cards' names are the renderer's)
    with speaking("en"):
        en_meld = html.unescape(label.findall(mini_meld_html(meld, rnd.profile))[0])
    with speaking("pt_BR"):
        pt_meld = html.unescape(label.findall(mini_meld_html(meld, rnd.profile))[0])
    assert pt_meld.endswith(": 3 cartas, 60 pontos"), pt_meld
    pairs.append((en_meld, pt_meld))
    play_en = PlayWidget(seed=7, language="en")
    play_pt = PlayWidget(seed=7, language="pt_BR")
    for phrase in ("Sua equipe", "A outra equipe", "Abriu", "pontuação", "cartas", "A mesa"):
        assert phrase in play_pt.table.value
    assert "Your team" in play_en.table.value
    assert_portuguese(pairs)


def test_replay_viewer_controls_step_line_and_notes_are_portuguese() -> None:
    from canasta_learn.records.examples import example_names, load_example
    from canasta_learn.widgets import ReplayViewer

    record = load_example(example_names()[0])
    record.rounds[0].comments[1] = "ok"
    record.rounds[0].glyphs[1] = "?!"
    english = ReplayViewer(record, language="en")
    portuguese = ReplayViewer(record, language="pt_BR")
    pairs = [pair for pair in zip(widget_texts(english), widget_texts(portuguese), strict=True)
             if pair[0] != english.continue_seat.description or pair[1] == "como"]
    for viewer in (english, portuguese):
        viewer.go(2)  # the step of the comment and glyph
    pairs.append((plain(english.where.value), plain(portuguese.where.value)))
    pairs.extend(zip(english.notes_text.split("\n")[:2], portuguese.notes_text.split("\n")[:2], strict=True))
    english.player.value = portuguese.player.value = True
    pairs.append((english.player.description, portuguese.player.description))
    english.player.value = portuguese.player.value = False
    assert portuguese.first_button.description == "Primeira"
    assert portuguese.continue_button.description == "Continuar daqui"
    assert portuguese.review_button.description == "Revisar partida"
    assert plain(portuguese.where.value).startswith("Passo 3 de ")
    assert "Comentário: ok" in portuguese.notes_text and "jogada duvidosa" in portuguese.notes_text
    assert_portuguese(pairs)


def test_quiz_feedback_and_quiz_set_score_are_portuguese() -> None:
    from canasta_learn.widgets import Quiz, QuizSet
    from canasta_learn.widgets.quiz import minimum_band

    def build(language: str) -> tuple[Any, Any]:
        rnd = Round(seed=7)
        verdict = rnd.check(rnd.legal_actions()[0])  # a real verdict as the explanation
        quiz = Quiz("?", ["A", "B"], "A", verdict, language=language)
        return quiz, QuizSet([quiz], language=language)

    english, en_set = build("en")
    portuguese, pt_set = build("pt_BR")
    pairs = [(en_set.summary, pt_set.summary), (en_set.title, pt_set.title),
             (en_set.reset_button.description, pt_set.reset_button.description)]
    english.answer("B")
    portuguese.answer("B")
    pairs.append((english.feedback.split(";")[0], portuguese.feedback.split(";")[0]))
    pairs.extend(zip([b.tooltip for b in english.buttons], [b.tooltip for b in portuguese.buttons], strict=True))
    pairs.append((en_set.summary, pt_set.summary))
    assert portuguese.feedback.startswith("Não exatamente: você escolheu B; a resposta é A.")
    assert pt_set.summary == "0 de 1 certas"
    assert "Por que A" in portuguese.static_html()
    with speaking("pt_BR"):
        band = minimum_band("classic", 1500)
    with speaking("en"):
        pairs.append((minimum_band("classic", 1500), band))
    assert_portuguese(pairs)


@pytest.mark.parametrize("explorer", ["PileExplorer", "OpeningExplorer", "ScoreCalculator"])
def test_explorer_inputs_are_labelled_in_portuguese(explorer: str) -> None:
    import canasta_learn.widgets as components

    make = getattr(components, explorer)
    english, portuguese = make(language="en"), make(language="pt_BR")
    pairs = [pair for pair in zip(widget_texts(english), widget_texts(portuguese), strict=True)
             if pair[0] not in ("classic",)]
    assert len(pairs) >= 3
    assert any(pt.startswith("Regras") for _, pt in pairs) or explorer == "ScoreCalculator"
    assert_portuguese(pairs)


def test_hint_panel_names_moves_and_estimates_in_portuguese() -> None:
    """The coach's panel of a Hint: its title, each move in words, its estimate and its reasons."""
    from canasta_learn.play.coach_words import estimate_words, hint_order, move_words, reason_texts

    english = PlayWidget(seed=7, language="en", hint_budget=0.05, hint_rollouts=4)
    portuguese = PlayWidget(seed=7, language="pt_BR", hint_budget=0.05, hint_rollouts=4)
    for play in (english, portuguese):
        play.click("draw")
        play.click("hint")
    assert "A opinião do treinador" in portuguese.coach_panel.value
    pairs = []
    rnd = portuguese.state
    reasons: list[tuple[str, str]] = []
    for candidate, en_candidate in zip(hint_order(portuguese.advice, 3), hint_order(english.advice, 3), strict=True):
        with speaking("en"):
            en_words = (move_words(candidate.action, rnd), estimate_words(candidate))
        with speaking("pt_BR"):
            pt_words = (move_words(candidate.action, rnd), estimate_words(candidate))
        pairs.extend(zip(en_words, pt_words, strict=True))
        if en_candidate.action == candidate.action:  # the same move advised: its reasons, as shown
            with speaking("en"):
                en_reasons = reason_texts(en_candidate, english.advice.candidates, english.state)
            with speaking("pt_BR"):
                pt_reasons = reason_texts(candidate, portuguese.advice.candidates, rnd)
            reasons.extend(zip(en_reasons, pt_reasons, strict=True))
    assert reasons and all(pt in html.unescape(portuguese.coach_panel.value) for _, pt in reasons)
    pairs.extend(reasons)
    for action in rnd.legal_actions()[:30]:
        with speaking("en"):
            en_move = move_words(action, rnd)
        with speaking("pt_BR"):
            pt_move = move_words(action, rnd)
        pairs.append((en_move, pt_move))
    assert_portuguese(pairs)


def test_coach_estimate_reasons_are_portuguese() -> None:
    """The coach's rollout reasons (its estimate, and best by / worse by) are said in Portuguese
    when it is asked in Portuguese; the same position asked in English gives the English ones."""
    from canasta_learn.play.coach import advise

    rnd = Round(seed=7)
    rnd.apply(f"{rnd.seat_name(rnd.to_move)[0]} draw")  # the play phase: several moves to compare
    with speaking("en"):
        english = advise(rnd, rnd.to_move, rollouts=4, seed=0)
    with speaking("pt_BR"):
        portuguese = advise(rnd, rnd.to_move, rollouts=4, seed=0)
    from canasta_learn.play.coach_words import reason_texts

    codes = ("estimate", "best_by", "worse_by", "going_out", "wild_cards", "opens", "blocks", "reserve")
    pairs = []
    for ce, cp in zip(english.candidates, portuguese.candidates, strict=True):
        with speaking("en"):
            shown_en = reason_texts(ce, english.candidates, rnd)  # the notation in words, as shown
        with speaking("pt_BR"):
            shown_pt = reason_texts(cp, portuguese.candidates, rnd)
        pairs.extend((e, p) for reason, e, p in zip(ce.reasons, shown_en, shown_pt, strict=True)
                     if reason.code in codes)
    assert any(pt.startswith("Resultado estimado:") for _, pt in pairs)
    assert len(pairs) >= 2
    assert_portuguese(pairs)
