"""The play view's advice after a refusal speaks Brazilian Portuguese (issue 17): where the
engine advises typed commands ("as in 'take h4 h4'"; in Portuguese "como em `take h4 h4`"),
the view says which controls to use: the refusal carries its advice as an `Advice` (a kind and
facts), and the view fills the rule template's slot with its own words (`phrasing_advice`, in
`for_clicks`), never by rewriting the engine's sentence; so it works in both languages and names
the buttons as they are labelled.

Each case is a real refusal (tests/click_advice_cases.py), asked in English and in
Portuguese.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from click_advice_cases import CASES, refusal  # noqa: E402
from i18n_words import english_words  # noqa: E402

from canasta_learn.core.actions import Meld, TakePile  # noqa: E402
from canasta_learn.core.i18n import pgettext, speaking  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.widgets import PlayWidget  # noqa: E402
from canasta_learn.widgets.play import for_clicks  # noqa: E402

#: Command syntax in either language: 'take h4 h4' (English) or `take h4 h4` (Portuguese), '|'.
COMMANDS = re.compile(r"['`](take|add|meld)\b|['`]\|['`]")

#: What the English view says: the controls to use, the cards as symbols (issue 27).
ENGLISH = {
    "you_hold_the_cards": "You hold 4♥ 4♥: select them in your hand, then press Take pile.",
    "frozen_pair_none_named": "You named no cards, but you hold the natural pair 4♥ 4♥: take the pile with it: "
                              "select the pair, then press Take pile.",
    "frozen_pair_one_named": "You named 4♥ 2♦, but you hold the natural pair 4♥ 4♥: take the pile with it: "
                             "select the pair, then press Take pile.",
    "only_wild_cards": "2♦ Jk is only wild cards: a meld needs natural cards. To put wild cards on a meld, "
                       "choose that meld in the Meld: list, then press Meld selected.",
    "no_cards_named": "Select the cards to meld in your hand, then press Meld selected.",
    "take_short_of_the_opening": "these melds are worth 15, 35 short. Set aside more melds from your hand "
                                 "(Set aside as a meld) before pressing Take pile, or draw from the stock.",
    "twos_onto_the_deuce_meld": "its twos (2♥) may go only onto it: choose it in the Meld: list, then press "
                                "Meld selected.",
    "take_without_a_meld_number": "the top card goes onto the team's meld of its rank: choose \"as a new meld\" "
                                  "in the Meld: list, then press Take pile.",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_advice_after_a_refusal_names_the_controls_in_each_language(name: str) -> None:
    with speaking("en"):
        rnd, action, verdict = refusal(name)
        english = for_clicks(verdict, action).message
    with speaking("pt_BR"):
        rnd, action, verdict = refusal(name)
        portuguese = for_clicks(verdict, action).message
        buttons = [pgettext("button", "Take pile"), pgettext("button", "Meld selected")]
    assert english.endswith(ENGLISH[name]), english
    assert portuguese != verdict.message  # the engine's advice replaced in Portuguese too
    assert not COMMANDS.search(english) and not COMMANDS.search(portuguese), (english, portuguese)
    assert any(button in portuguese for button in buttons), portuguese
    assert portuguese != english and english_words(portuguese) == [], (english_words(portuguese), portuguese)


def test_a_verdict_without_command_advice_is_only_said_to_the_learner() -> None:
    rnd = Round(seed=7)
    action = TakePile(rnd.to_move)
    with speaking("pt_BR"):
        verdict = rnd.check(Meld(rnd.to_move, ()))  # before drawing: a turn-order refusal
        shown = for_clicks(verdict, action).message
        assert shown == verdict.learner_message(you=rnd.to_move) != verdict.message
        assert shown == "Você precisa primeiro comprar do monte ou pegar a pilha de descarte."


@pytest.mark.parametrize("name", ["frozen_pair_none_named", "frozen_pair_one_named", "only_wild_cards",
                                  "take_short_of_the_opening", "twos_onto_the_deuce_meld"])
def test_the_portuguese_play_view_shows_the_advice_after_a_click(name: str) -> None:
    """Pressing the buttons of a Portuguese play view gives the advice in Portuguese (the
    message and the "why?" panel), the same as `for_clicks` of the engine's refusal."""
    state, action = CASES[name]
    play = PlayWidget(round=Round.from_state(**state), seat=0, autoplay=False, language="pt_BR")
    cards = action.cards if isinstance(action, TakePile) else action.groups[0].cards  # type: ignore[attr-defined]
    if cards:
        play.select(" ".join(str(c) for c in cards))
    play.why.value = True
    play.click("take" if isinstance(action, TakePile) else "meld")
    with speaking("pt_BR"):
        rnd, action, verdict = refusal(name)
        expected = for_clicks(verdict, action).message
    assert play.message == expected
    assert not COMMANDS.search(play.why_panel.value), play.why_panel.value
    assert english_words(play.message) == []


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_a_narrated_refusal_tells_of_the_seat_without_commands_or_you(language: str) -> None:
    """Told of a player (the replay's narrate mode), every case's refusal names the seat in words
    and keeps no advice to type ("as in 'take h4 h4'"), nor "you"; its Advice is still there."""
    from canasta_learn.core.verdicts import learner_words

    second_person = re.compile(r"\b(?:[Yy]ou|[Yy]our|[Vv]ocê|[Ss]ua mão|[Ss]ua equipe)\b")
    with speaking(language):
        for name in CASES:
            rnd, action, verdict = refusal(name)
            with learner_words(narrate=True):
                told = rnd.check(action).message
            assert not COMMANDS.search(told) and not second_person.search(told), (name, told)
            assert verdict.advice is not None, name  # the advice is data, said (or left out) by each reader
