"""Self-check questions built from a `Position`, answered by clicking, explained by the engine.

``Quiz(question, position, kind=...)`` asks one of:

* ``"can_take_pile"`` - Yes / No (``Position.check_take_pile()``);
* ``"opening_minimum"`` - the profile's minimums as choices (``Position.opening_verdict()``);
* ``"which_meld_opens"`` - sets of melds, exactly one of which opens (``Position.check_opening``
  decides; pass ``choices=[...]`` or let the quiz pick plausible wrong sets);
* ``"pile_state"`` - empty / open / frozen / blocked (``Position.pile_status()``);
* ``"pile_reason"`` - *why* a frozen or blocked pile is so: the reasons of that state as
  choices (`PILE_REASONS`: a buried wild card, a red three, the team has not opened...), which
  tests understanding rather than recall ("frozen for us but not for them: why?").

The generic form ``Quiz(question, choices, correct, explanation_verdict)`` takes the choices,
the right one and the engine verdict that explains it. `meld_quiz` and `canasta_quiz` build the
common meld questions, `opening_quiz` a "which of these opens?" question whose wrong choices
are the traps of the sources. `QuizSet` keeps the score.

**The question never gives the answer away.** The position is drawn in *question mode*
(``render.position_html(question=True, asks=kind)``): the cards and the facts a player sees at
the table, without the pile's state badge and reason, the "Blocked" mark, the opening minimum,
canasta kinds or meld values; a ``pile_state`` or ``pile_reason`` question also draws the
pile's cards upright.
No verdict is shown before an answer.

**Feedback.** After an answer a large banner says right or wrong (icon and words); the
explanation follows in a neutral box: the engine's verdict message for the right answer (for an
``opening_minimum`` question, the band of team scores the minimum applies to) and, for a wrong
choice, why that choice is wrong. Verdict codes stay behind a "Verdict code" toggle.

Where no kernel runs (a page exported with nbconvert), a quiz cannot be clicked: besides the
widget view, `Quiz` and `QuizSet` display a static ``text/html`` rendering (`Quiz.static_html`):
the question, the position's cards, the choices as a list, and the answer with the engine's
verdict inside a closed ``<details>`` element ("Show the answer"). It is script-free, every
text is escaped, and it carries the attribute `STATIC_ATTR` so that ``canasta-learn export``
keeps it instead of the note that replaces other widgets.

**Keys and labels (languages).** A choice is a language-neutral *key* (``"Yes"``, ``"No"``,
a pile state ``"frozen"``, a pile reason as `PILE_REASONS` words it, a number, meld notation,
or the English name of a canasta kind); the button shows its *label* in the quiz's language
(`Quiz.labels`: in Brazilian Portuguese "Sim" / "Não", "congelada", the reason's meaning in
Portuguese, "Canastra suja (300)"). ``quiz.choices`` and ``quiz.answer_text`` are keys, so a
lesson or test written once works in both languages; ``quiz.answer()`` takes the key or the
label the learner sees (``quiz.answer("Yes")`` and ``quiz.answer("Sim")`` are the same answer
in a Portuguese quiz); the feedback and the static page say the labels. In English every
label is its key. A generic quiz translates its choices only when all of them are keys it
knows (Yes / No, or "Natural canasta" / "Mixed canasta" / "Not a canasta"); other choices are
the teacher's words, shown as written.

>>> from canasta_learn import Position
>>> mike = Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])
>>> quiz = Quiz("Can Mike take the pile?", mike, kind="can_take_pile")
>>> quiz.choices, quiz.answer_text
(['Yes', 'No'], 'No')
>>> quiz.answer("Yes")
False
>>> "natural pair of fives" in quiz.feedback
True
>>> "Frozen" in quiz.position_view.value  # the question's picture does not say it
False
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..core.cards import Card, CardsLike, format_cards, symbol_cards, to_cards
from ..core.i18n import gettext, pgettext, speaking
from ..core.verdicts import Verdict, learner_words, phrasing_advice
from ..engine.position import Position
from ..engine.round import Round
from ..profiles import Profile, ProfileLike, get_profile
from ..rules.pile import PILE_REASONS, PILE_STATES, PileStatus, pile_reason_text, state_word
from ..variants.base import rules_for
from .common import plain_advice, spoken, widget_language

if TYPE_CHECKING:
    from .drill_quiz import DrillQuiz

__all__ = ["QUIZ_KINDS", "STATIC_ATTR", "Quiz", "QuizSet", "canasta_quiz", "meld_quiz",
           "minimum_band", "opening_quiz"]

#: The kinds of question a quiz can build from a position.
QUIZ_KINDS = ("can_take_pile", "opening_minimum", "which_meld_opens", "pile_state", "pile_reason")
#: The attribute that marks a widget's static HTML rendering (``canasta_learn.cli.lessons``
#: keeps an exported widget output whose ``text/html`` carries it).
STATIC_ATTR = "data-cl-static"

PositionSource = Position | Callable[[], Position]
#: The reason code of each `PILE_REASONS` sentence (the keys of a ``pile_reason`` quiz).
_REASON_CODES = {text: code for code, text in PILE_REASONS.items()}


def _generic_labels(keys: Sequence[str]) -> dict[str, str] | None:
    """The labels of a generic quiz whose choices are all keys the quiz knows (Yes / No, or the
    canasta kinds as lesson 05 words them: "Natural canasta", "Mixed canasta", "Not a canasta"),
    in the language spoken now; None when any choice is the teacher's own text (then every
    choice is shown as written, never half translated)."""
    from ..render.table import KIND_BADGES

    known = {"Yes": _key_label("Yes", "generic"), "No": _key_label("No", "generic"),
             "Natural canasta": KIND_BADGES["natural"], "Mixed canasta": KIND_BADGES["mixed"],
             "Not a canasta": gettext("Not a canasta")}
    if not all(key in known for key in keys):
        return None
    return {key: known[key] for key in keys}


def _key_label(key: str, kind: str) -> str:
    """What the button of choice ``key`` of a ``kind`` quiz says in the language spoken now
    (see "Keys and labels"): Yes / No, a pile state, a pile reason in words; any other key as
    it is."""
    if key == "Yes":
        return pgettext("quiz answer", "Yes")
    if key == "No":
        return pgettext("quiz answer", "No")
    if kind == "pile_state":
        return state_word(key)
    if kind == "pile_reason" and key in _REASON_CODES:
        return pile_reason_text(_REASON_CODES[key])
    return key


def _meld_text(melds: Sequence[Sequence[Card]]) -> str:
    return " | ".join(format_cards(m) for m in melds)


def _symbols(cards: Sequence[Card]) -> str:
    """Cards as a learner reads them in a question: ``"5♥ 5♥ 2♦"``."""
    with symbol_cards():
        return format_cards(cards)


def _melds_label(text: str) -> str:
    """What the button of a set of melds given in notation (``"h1 c1 d2 | s5 s5 s5"``, a
    ``which_meld_opens`` choice key) says: the cards as symbols (``"A♥ A♣ 2♦ | 5♠ 5♠ 5♠"``);
    text that is not melds stays as written."""
    try:
        melds = [to_cards(part) for part in text.split("|")]
    except (TypeError, ValueError):
        return text
    with symbol_cards():
        return _meld_text(melds)


def _wrong_meld_sets(position: Position, right: str, count: int = 3) -> list[str]:
    """Plausible sets of melds from the hand that do *not* open (per ``check_opening``), the
    near misses first: those short of the minimum by least (the sources' own trap, the seed's
    ``c4 c4 d4 d2`` = 35 against 50), then those refused for another reason."""
    hand = position.hand
    wilds = [c for c in hand if c.is_wild]
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        if not card.is_wild and not card.is_black_three:
            by_rank.setdefault(card.rank, []).append(card)
    # a group is (naturals of one rank, wild cards it takes): a set as it is, with a wild card
    # added, or a pair completed by one
    groups: list[tuple[list[Card], int]] = []
    for cards in by_rank.values():
        if len(cards) >= 3:
            groups.append((list(cards), 0))
        if len(cards) >= 2 and wilds:
            groups.append((list(cards), 1))
    combos = [[g] for g in groups] + [
        [a, b] for i, a in enumerate(groups) for b in groups[i + 1:]
        if a[0][0].rank != b[0][0].rank and a[1] + b[1] <= len(wilds)]
    scored: list[tuple[bool, int, str]] = []
    seen = {right}
    for combo in combos:
        spare = iter(wilds)
        melds = [[*naturals, *(next(spare) for _ in range(w))] for naturals, w in combo]
        text = _meld_text(melds)
        if text in seen:
            continue
        seen.add(text)
        verdict = position.check_opening(melds)
        if not verdict.ok:
            scored.append((verdict.code != "opening_below_minimum", -(verdict.value or 0), text))
    return [text for _other, _value, text in sorted(scored)[:count]]


def _score_step(profile: Profile) -> int:
    """The step between possible team scores: 5 when every card value is a multiple of 5."""
    values = profile.card_values.values() if isinstance(profile.card_values, dict) else profile.card_values
    return 5 if all(int(v) % 5 == 0 for v in values) else 1


def _band_text(profile: Profile, index: int) -> str:
    """The team scores of band ``index`` of the opening table (-1: below its first score)."""
    table = profile.opening_table
    step = _score_step(profile)
    if index < 0:
        first = table[0][0]
        return gettext("a negative team score") if first == 0 else gettext(
            "a team score below {score}").format(score=first)
    low = table[index][0]
    if index + 1 < len(table):
        return gettext("a team score from {low} to {high}").format(low=low, high=table[index + 1][0] - step)
    return gettext("a team score of {low} or more").format(low=low)


def minimum_band(profile: ProfileLike, team_score: int) -> str:
    """Why a team with ``team_score`` needs the opening minimum it needs: the profile's
    opening table band that holds the score (the explanation of an ``opening_minimum`` quiz).

    >>> minimum_band("classic", 1500).split(": ")[1]
    'in the classic profile the minimum is 90 for a team score from 1500 to 2995.'
    """
    prof = get_profile(profile)
    index = -1
    for i, (threshold, _minimum) in enumerate(prof.opening_table):
        if team_score >= threshold:
            index = i
    minimum = prof.opening_minimum(team_score)
    return gettext("With {score} points a team needs {minimum} to open: in the {profile} profile "
                   "the minimum is {minimum} for {band}.").format(score=team_score, minimum=minimum,
                                                                   profile=prof.name, band=_band_text(prof, index))


def _minimum_bands(profile: Profile, minimum: int) -> str:
    """Where ``minimum`` applies: "50 is the minimum for a team score from 0 to 1495"."""
    bands = [_band_text(profile, i) for i, (_t, m) in enumerate(profile.opening_table)
             if m == minimum]
    if profile.opening_below == minimum:
        bands.insert(0, _band_text(profile, -1))
    if not bands:
        return gettext("No team score has an opening minimum of {minimum} in the {profile} profile.").format(
            minimum=minimum, profile=profile.name)
    return gettext("{minimum} is the minimum for {bands}.").format(
        minimum=minimum, bands=gettext(" and for ").join(bands))


class _Why:
    """One explanation shown after an answer: a message, and the engine's verdict or pile
    status it comes from (its code and the cards it names), if any."""

    def __init__(self, message: str, source: Verdict | PileStatus | None = None) -> None:
        self.message = message
        self.source = source

    @property
    def code(self) -> str:
        return self.source.code if self.source is not None else ""

    def html(self, title: str) -> str:
        from ..render import explanation_html

        return explanation_html(self.source if self.source is not None else self.message,
                                title=title)


def _why_title(choice: str, *, wrong: bool = False) -> str:
    """The title of an explanation box: "Why 90" / "Why not 50" (a long choice, such as a
    pile reason, is not repeated: "Why" / "Why not your choice")."""
    if len(choice) > 28:
        return gettext("Why not your choice") if wrong else gettext("Why")
    return (gettext("Why not {choice}") if wrong else gettext("Why {choice}")).format(choice=choice)


def _quiz_badge_html(profile: Profile) -> str:
    """The profile a quiz is asked in, by name only: a profile's description (the badge's
    tooltip elsewhere) can state the answer ("always-frozen pile")."""
    rules = html.escape(gettext("Rules:"))
    return f'<span class="cl-profile-badge">{rules} <b>{html.escape(profile.name)}</b></span>'


def _with_static_html(bundle: Any, static: Callable[[], str]) -> dict[str, Any] | None:
    """Add ``text/html`` (``static()``) to a widget's MIME bundle, if the widget has a view."""
    if not isinstance(bundle, dict):
        return None
    return {**bundle, "text/html": static()}


class Quiz(widgets.VBox):  # type: ignore[misc]
    """One self-check question: choices as buttons, feedback quoting the engine's verdict.

    ``Quiz(question, position_or_callable, kind=...)`` (kinds in `QUIZ_KINDS`; a callable is
    called once to build the position), or generically ``Quiz(question, choices, correct,
    explanation_verdict)``. ``which_meld_opens`` accepts ``choices=[...]`` (meld sets as
    notation, ``|`` between melds); exactly one must open. ``position=`` shows the position of
    a generic quiz (a `Position`, or a `Round`: the table as the seat to move sees it),
    ``cards=`` a row of cards; ``profile=`` names its rules (default: the position's). The
    position is drawn in question mode (nothing the engine works out).

    Each choice's button says its label (the choice itself, with Yes / No, pile states and
    pile reasons said in the quiz's language; see "Keys and labels").

    ``answer(choice)`` answers as a click does (``choice``: a choice or its label) and returns
    whether it was right; ``.labels`` holds each choice's label, ``.answer_label`` the right
    one's; ``.correct`` is True/False (None before an answer), ``.feedback`` the feedback text,
    ``.verdict`` the engine's verdict explaining the right answer; ``reset()`` clears it.
    """

    def __init__(
        self,
        question: str,
        source: PositionSource | Sequence[str],
        correct: str | None = None,
        explanation: Verdict | None = None,
        *,
        kind: str | None = None,
        choices: Sequence[str] | None = None,
        position: Position | Round | None = None,
        profile: ProfileLike | None = None,
        cards: CardsLike | None = None,
        language: str | None = None,
    ) -> None:
        #: The language the widget speaks (everything it shows, in every callback).
        self.language = widget_language(language)
        with speaking(self.language):
            super().__init__()
            self.question = question
            if position is not None and not isinstance(position, (Position, Round)):
                raise TypeError(f"position= takes a Position or a Round (the table the question is "
                                f"asked at), not {type(position).__name__}.")
            table = position if isinstance(position, Round) else None
            #: The table a generic quiz is asked at (``position=`` a `Round`), drawn in question
            #: mode from the seat to move.
            self.table: Round | None = table
            if table is not None and profile is None:
                profile = table.profile
            #: Cards shown with the question (a plain row, e.g. the meld a `meld_quiz` asks about).
            self.cards: list[Card] = to_cards(cards) if cards is not None else []
            if kind is None and correct in QUIZ_KINDS and not isinstance(source, (list, tuple)):
                kind, correct = correct, None
            self.kind = kind or "generic"
            self.position: Position | None = position if isinstance(position, Position) else None
            #: The verdict of each choice, when the engine gives one per choice (meld sets).
            self.choice_verdicts: dict[str, Verdict] = {}
            #: The pile's status (``pile_state`` / ``pile_reason`` quizzes: the explanation).
            self.status: PileStatus | None = None
            self.verdict: Verdict | None = None
            if kind is None:
                if isinstance(source, (Position, str)) or callable(source):
                    raise TypeError("Quiz(question, position, kind=...) needs a kind: "
                                    + ", ".join(QUIZ_KINDS))
                if correct is None or explanation is None:
                    raise TypeError("The generic form is Quiz(question, choices, correct, verdict).")
                self.choices = [str(c) for c in source]
                self.answer_text = str(correct)
                self.verdict = explanation
            else:
                if kind not in QUIZ_KINDS:
                    raise ValueError(f"Unknown quiz kind {kind!r}; kinds: {', '.join(QUIZ_KINDS)}.")
                if isinstance(source, Position):
                    self.position = source
                elif callable(source):
                    self.position = source()
                else:
                    raise TypeError(f"A {kind!r} quiz is built from a Position (or a callable).")
                built = self._build(kind, self.position, choices)
                self.choices, self.answer_text, self.verdict, self.choice_verdicts = built
                if kind in ("pile_state", "pile_reason"):
                    self.status = self.position.pile_status()
            if self.answer_text not in self.choices:
                raise ValueError(f"The right answer {self.answer_text!r} is not among the choices "
                                 f"{self.choices!r}.")
            known = ((_generic_labels(self.choices) or {c: c for c in self.choices}) if self.kind == "generic"
                     else {c: _key_label(c, self.kind) for c in self.choices})
            if self.kind == "which_meld_opens":  # the melds as a learner reads cards: "A♥ A♣ 2♦", not "h1 c1 d2"
                known = {c: _melds_label(c) for c in self.choices}
            #: What each choice's button says, in the quiz's language (key -> label).
            self.labels: dict[str, str] = known
            self.profile: Profile = get_profile(
                profile if profile is not None else (self.position.profile if self.position
                                                     else "classic"))
            self.correct: bool | None = None
            self.chosen: str | None = None
            self.feedback = ""
            self._listeners: list[Callable[[Quiz], None]] = []
            self._why = self._explain()
            self._build_view()

    # ------------------------------------------------------------------ questions
    @staticmethod
    def _build(kind: str, position: Position, choices: Sequence[str] | None
               ) -> tuple[list[str], str, Verdict | None, dict[str, Verdict]]:
        if kind == "can_take_pile":
            verdict = position.check_take_pile()
            return ["Yes", "No"], "Yes" if verdict.ok else "No", verdict, {}
        if kind == "pile_state":
            return list(PILE_STATES), position.pile_state(), None, {}
        if kind == "pile_reason":
            status = position.pile_status()
            applies = rules_for(position.profile).pile_reason_applies
            codes = [code for code in PILE_REASONS if code.startswith(f"{status.state}_")
                     and (applies(code) or code == status.code)]
            if len(codes) < 2:
                raise ValueError(f"A pile_reason quiz needs a frozen or blocked pile; this one is "
                                 f"{status.state}: {status.message}")
            return [PILE_REASONS[c] for c in codes], PILE_REASONS[status.code], None, {}
        if kind == "opening_minimum":
            if position.team_opened:
                raise ValueError("An opening_minimum quiz needs a team that has not opened.")
            prof = position.profile
            values = sorted({prof.opening_below, *(m for _, m in prof.opening_table)})
            return ([str(v) for v in values], str(position.opening_minimum),
                    position.opening_verdict(), {})
        # which_meld_opens
        if choices is None:
            options = position.opening_options()
            if not options:
                raise ValueError("No set of melds opens in this position: "
                                 + position.opening_verdict().message)
            right_text = _meld_text(options[0].melds)
            wrong = _wrong_meld_sets(position, right_text)
            if not wrong:
                raise ValueError("No wrong choice found; pass choices=[...].")
            texts = sorted([right_text, *wrong])
        else:
            texts = [str(c) for c in choices]
        verdicts = {text: position.check_opening(text) for text in texts}
        right = [text for text, v in verdicts.items() if v.ok]
        if len(right) != 1:
            raise ValueError(f"Exactly one choice must open (check_opening); {len(right)} do: "
                             f"{right!r}.")
        return texts, right[0], verdicts[right[0]], verdicts

    def _explain(self) -> _Why:
        """The explanation of the right answer (what the question asked about)."""
        if self.status is not None:
            if self.position is not None:  # the status again, its message as a learner reads it
                with learner_words():
                    status = self.position.pile_status()
                return _Why(status.message, status)
            return _Why(self.status.message, self.status)
        if self.kind == "opening_minimum" and self.position is not None:
            return _Why(minimum_band(self.position.profile, self.position.team_score))
        assert self.verdict is not None
        said = self._said(self.verdict)
        return _Why(said.message, said)

    def _said(self, verdict: Verdict) -> Verdict:
        """``verdict`` as the learner reads it: cards as symbols, and about a position's player
        (seat 0, the hand the question shows) in the second person ("You may take the pile...");
        a copy whose message is fixed, so the explanation box shows it as said here."""
        you = 0 if self.position is not None else None
        with phrasing_advice(plain_advice):  # nothing to type in a quiz: the advice in plain words
            message = verdict.learner_message(you=you)
        return dataclasses.replace(verdict, message=message)

    def _why_not(self, choice: str) -> _Why | None:
        """Why a wrong ``choice`` is wrong, when the engine can say (meld sets, minimums)."""
        if choice == self.answer_text:
            return None
        own = self.choice_verdicts.get(choice)
        if own is not None:
            said = self._said(own)
            return _Why(said.message, said)
        if self.kind == "opening_minimum" and self.position is not None and choice.isdigit():
            return _Why(_minimum_bands(self.position.profile, int(choice)))
        return None

    # ------------------------------------------------------------------ view
    @spoken
    def question_html(self) -> str:
        """The question's picture: the position in question mode and/or the quiz's cards
        (nothing that gives the answer away)."""
        from ..render import cards_row_html, position_html, round_html

        parts = []
        if self.table is not None:
            parts.append(round_html(self.table, question=True))
        if self.cards:
            parts.append(cards_row_html(self.cards, label=gettext("The cards")))
        if self.position is not None:
            asks = self.kind if self.kind != "generic" else None
            parts.append(position_html(self.position, question=True, asks=asks))
        return "".join(parts)

    def _build_view(self) -> None:
        self.add_class("cl-quiz")
        self.badge = widgets.HTML(_quiz_badge_html(self.profile))
        self.badge.add_class("cl-profile")
        self.question_view = widgets.HTML(f'<b class="cl-quiz-question" style="font-size:17px">'
                                          f"{html.escape(self.question)}</b>")
        self.position_view = widgets.HTML(self.question_html())
        self.position_view.add_class("cl-quiz-position")
        self.buttons: list[widgets.Button] = []
        for choice in self.choices:
            label = self.labels[choice]
            button = widgets.Button(description=label, tooltip=label,
                                    layout=widgets.Layout(width="auto"))
            button.add_class("cl-quiz-choice")
            button.on_click(lambda _b, c=choice: self.answer(c))
            self.buttons.append(button)
        self.feedback_view = widgets.HTML("")
        self.feedback_view.add_class("cl-quiz-feedback")
        self.children = [widgets.HBox([self.question_view, self.badge]), self.position_view,
                         widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap")),
                         self.feedback_view]

    # ------------------------------------------------------------------ answering
    def on_answer(self, callback: Callable[[Quiz], None]) -> None:
        """Call ``callback(quiz)`` after each answer (QuizSet uses it to keep the score)."""
        self._listeners.append(callback)

    def _relabel(self, labels: Mapping[str, str]) -> None:
        """Show ``labels`` (choice -> label) on the buttons instead of the default labels (the
        ready-made quizzes whose keys are English texts, such as `canasta_quiz`)."""
        self.labels = {c: str(labels.get(c, self.labels[c])) for c in self.choices}
        for button, key in zip(self.buttons, self.choices, strict=True):
            button.description = button.tooltip = self.labels[key]

    @property
    def answer_label(self) -> str:
        """What the right choice's button says (`answer_text` in the quiz's language)."""
        return self.labels[self.answer_text]

    @spoken
    def answer(self, choice: str) -> bool:
        """Answer with ``choice`` (what clicking its button does): a choice (key) or its label
        (``"Yes"`` or, in a Portuguese quiz, ``"Sim"``); return whether it is right.
        A quiz takes one answer until `reset`; later answers are ignored (the first counts)."""
        choice = str(choice)
        if choice not in self.choices:
            by_label = [c for c in self.choices if self.labels[c] == choice]
            if not by_label:
                shown = [self.labels[c] for c in self.choices]
                also = f" (or their labels {shown!r})" if shown != self.choices else ""
                raise ValueError(f"{choice!r} is not a choice; choices: {self.choices!r}{also}.")
            choice = by_label[0]
        if self.correct is not None:
            return self.correct
        self.chosen = choice
        self.correct = choice == self.answer_text
        if self.correct:
            head = gettext("Right: {answer}.").format(answer=self.answer_label)
        else:
            head = gettext("Not quite: you chose {choice}; the answer is {answer}.").format(
                choice=self.labels[choice], answer=self.answer_label)
        why = " " + self._why.message
        mine = self._why_not(choice)
        if mine is not None:
            why += " " + gettext("Your choice: {why}").format(why=mine.message)
        self.feedback = head + why
        for button, key in zip(self.buttons, self.choices, strict=True):
            button.disabled = True
            # no icon: the accessible name stays exactly the choice's label; the words are in
            # the tooltip and the feedback (not colour alone)
            if key == self.answer_text:
                button.button_style = "success"
                button.tooltip = gettext("The right answer")
            elif key == choice:
                button.button_style = "danger"
                button.tooltip = gettext("Your answer (not right)")
        self.feedback_view.value = self._feedback_html(choice, mine)
        for listener in self._listeners:
            listener(self)
        return self.correct

    @property
    @spoken
    def explanation(self) -> tuple[str, str]:
        """(code, message) of the explanation of the right answer: the engine's verdict or
        pile status (for ``opening_minimum``, the opening-table band, code ``""``)."""
        return self._why.code, self._why.message

    def _feedback_html(self, choice: str, mine: _Why | None) -> str:
        from ..render import quiz_banner_html

        banner = quiz_banner_html(self.answer_label, None if self.correct else self.labels[choice])
        explained = self._why.html(_why_title(self.answer_label))
        if mine is not None:
            explained += mine.html(_why_title(self.labels[choice], wrong=True))
        return f'<div class="cl-quiz-result" role="status">{banner}{explained}</div>'

    @spoken
    def answer_html(self) -> str:
        """The answer and why (what the static page folds under "Show the answer"): the right
        choice, its explanation, and why each other choice is wrong where the engine says."""
        # the page's parts are found by their classes (tests/quiz_leaks.py), not by these words
        said = html.escape(gettext("The answer is {answer}.")).format(
            answer=f"<b>{html.escape(self.answer_label)}</b>")
        parts = [f'<p class="cl-quiz-answer-text">{said}</p>',
                 self._why.html(_why_title(self.answer_label))]
        for choice in self.choices:
            mine = self._why_not(choice)
            if mine is not None:
                parts.append(mine.html(gettext("Why not {choice}").format(choice=self.labels[choice])))
        return "".join(parts)

    # ------------------------------------------------------------------ static page
    @spoken
    def static_html(self) -> str:
        """The quiz as static HTML, for pages where no kernel runs (nbconvert exports).

        The question and the profile, its picture (`question_html`: question mode, nothing
        that gives the answer away), the choices as a plain list, then a closed ``<details>``
        element, "Show the answer", holding `answer_html`. No script; every text is escaped.
        Its parts carry classes (``cl-quiz-question``, ``cl-quiz-choices-label``,
        ``cl-quiz-choices``, ``cl-quiz-answer``, ``cl-quiz-answer-text``), so a reader finds them
        in any language.
        """
        choices = "".join(f"<li>{html.escape(self.labels[choice])}</li>" for choice in self.choices)
        choices_word, show = html.escape(gettext("Choices:")), html.escape(gettext("Show the answer"))
        return (f'<div class="cl-quiz-static" {STATIC_ATTR}="quiz">'
                f'<p class="cl-quiz-question"><b>{html.escape(self.question)}</b> '
                f"{_quiz_badge_html(self.profile)}</p>{self.question_html()}"
                f'<p class="cl-quiz-choices-label">{choices_word}</p><ul class="cl-quiz-choices">{choices}</ul>'
                f'<details class="cl-quiz-answer"><summary>{show}</summary>'
                f"{self.answer_html()}</details></div>")

    @spoken
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget view plus `static_html` as ``text/html`` (shown where no kernel runs;
        a live front end prefers the widget view)."""
        return _with_static_html(super()._repr_mimebundle_(**kwargs), self.static_html)

    @spoken
    def reset(self) -> None:
        """Clear the answer and the feedback; the buttons can be clicked again."""
        self.correct = None
        self.chosen = None
        self.feedback = ""
        self.feedback_view.value = ""
        for button in self.buttons:
            button.disabled = False
            button.button_style = ""
            button.tooltip = button.description
        for listener in self._listeners:
            listener(self)


class QuizSet(widgets.VBox):  # type: ignore[misc]
    """A list of quizzes with a running score ("3 of 4 correct") and a reset button.

    The quizzes are `Quiz` and `DrillQuiz` widgets (a drill quiz counts its first answer).

    ``.score`` counts right answers, ``.answered`` answered quizzes, ``.summary`` the text
    shown; ``reset()`` clears every quiz.
    """

    def __init__(self, quizzes: Sequence[Quiz | DrillQuiz], title: str = "Check yourself", *,
                 language: str | None = None) -> None:
        #: The language the widget speaks (everything it shows, in every callback).
        self.language = widget_language(language)
        with speaking(self.language):
            super().__init__()
            self.quizzes = list(quizzes)
            if title == "Check yourself":
                title = gettext("Check yourself")
            self.title = title
            self.add_class("cl-quiz-set")
            self.score_view = widgets.HTML("")
            self.score_view.add_class("cl-quiz-score")
            self.reset_button = widgets.Button(description=gettext("Start again"), icon="refresh")
            self.reset_button.add_class("cl-quiz-reset")
            self.reset_button.on_click(lambda _b: self.reset())
            for quiz in self.quizzes:
                quiz.on_answer(lambda _q: self._show_score())
            heading = widgets.HTML(f"<h3>{html.escape(title)}</h3>")
            self.children = [heading, *self.quizzes,
                             widgets.HBox([self.score_view, self.reset_button])]
            self._show_score()

    @property
    def score(self) -> int:
        """Quizzes answered right."""
        return sum(1 for q in self.quizzes if q.correct)

    @property
    def answered(self) -> int:
        """Quizzes answered (right or wrong)."""
        return sum(1 for q in self.quizzes if q.correct is not None)

    @property
    @spoken
    def summary(self) -> str:
        """``"3 of 4 correct"`` (with how many are still open)."""
        left = len(self.quizzes) - self.answered
        if left:
            return gettext("{score} of {count} correct ({left} still to answer)").format(
                score=self.score, count=len(self.quizzes), left=left)
        return gettext("{score} of {count} correct").format(score=self.score, count=len(self.quizzes))

    @spoken
    def static_html(self) -> str:
        """The quizzes as static HTML (each `Quiz.static_html`, numbered, under the title)."""
        items = "".join(f"<li>{quiz.static_html()}</li>" for quiz in self.quizzes)
        return (f'<div class="cl-quiz-set-static" {STATIC_ATTR}="quiz-set">'
                f"<h3>{html.escape(self.title)}</h3><ol>{items}</ol></div>")

    @spoken
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget view plus `static_html` as ``text/html`` (see `Quiz`)."""
        return _with_static_html(super()._repr_mimebundle_(**kwargs), self.static_html)

    @spoken
    def _show_score(self) -> None:
        self.score_view.value = (f'<span role="status" class="cl-quiz-score-text">'
                                 f"{html.escape(self.summary)}</span>")

    @spoken
    def reset(self) -> None:
        """Clear every quiz's answer and the score."""
        for quiz in self.quizzes:
            quiz.reset()
        self._show_score()



# --------------------------------------------------------------------------- ready-made quizzes
def meld_quiz(cards: CardsLike, profile: ProfileLike = "classic") -> Quiz:
    """"Is X a legal meld in the P profile?" (Yes / No): the answer and its explanation are
    the engine's `check_meld` verdict; the cards are drawn with the question.

    >>> quiz = meld_quiz("h5 h5 d2 d2", "cardgames_io")
    >>> quiz.question, quiz.answer_text
    ('Is 5\u2665 5\u2665 2\u2666 2\u2666 a legal meld in the cardgames_io profile?', 'No')
    """
    from ..rules.melds import check_meld

    prof = get_profile(profile)
    meld = to_cards(cards)
    verdict = check_meld(meld, prof)
    question = gettext("Is {cards} a legal meld in the {profile} profile?").format(
        cards=_symbols(meld), profile=prof.name)
    return Quiz(question, ["Yes", "No"], "Yes" if verdict.ok else "No", verdict, profile=prof, cards=meld)


def _canasta_choice(profile: Profile, kind: str | None) -> str:
    """The choice text of a canasta kind ("Mixed canasta (300)"; the Brazilian kinds without
    a bonus, which depends on the team's other canastas), or of no canasta, in the language
    spoken now (in English: the choice's key)."""
    from ..render.table import KIND_BADGES

    rules = rules_for(profile)
    if kind is None:
        return gettext("Not a canastra") if rules.canasta_word == "canastra" else gettext("Not a canasta")
    if not rules.canasta_bonus_fixed(kind):
        return KIND_BADGES[kind]  # its bonus depends on the team's other canastas
    return f"{KIND_BADGES[kind]} ({profile.canasta_bonus(kind)})"


def canasta_quiz(cards: CardsLike, profile: ProfileLike = "classic") -> Quiz:
    """"What kind of canasta is X, if any?": the kinds of the profile (natural / mixed with
    their bonuses, the canastra kinds in the Brazilian games) and "not a canasta"; the engine
    decides (`canasta_kind` of a legal meld) and `check_meld` explains.

    >>> quiz = canasta_quiz("s9 h9 h9 d9 c9 jk d2")
    >>> quiz.choices, quiz.answer_text
    (['Natural canasta (500)', 'Mixed canasta (300)', 'Not a canasta'], 'Mixed canasta (300)')
    """
    from ..rules.melds import canasta_kind, check_meld, meld_key

    prof = get_profile(profile)
    meld = to_cards(cards)
    verdict = check_meld(meld, prof)
    key = meld_key(meld, prof) if verdict.ok else None
    kind = canasta_kind(meld, key, prof) if key is not None else None
    rules = rules_for(prof)
    kinds = list(rules.canasta_choices)
    if kind is not None and kind not in kinds:
        kinds.append(kind)
    with speaking("en"):  # the keys (see "Keys and labels"); the labels in the language spoken
        keys = [_canasta_choice(prof, k) for k in [*kinds, None]]
        right = _canasta_choice(prof, kind)
    labels = {key: _canasta_choice(prof, k) for key, k in zip(keys, [*kinds, None], strict=True)}
    question = (gettext("What kind of canastra is {cards}, if any (the {profile} profile)?")
                if rules.canasta_word == "canastra" else
                gettext("What kind of canasta is {cards}, if any (the {profile} profile)?")).format(
        cards=_symbols(meld), profile=prof.name)
    quiz = Quiz(question, keys, right, verdict, profile=prof, cards=meld)
    quiz._relabel(labels)
    return quiz


def opening_quiz(
    hand: Position | CardsLike,
    choices: Sequence[str],
    *,
    team_score: int = 0,
    profile: ProfileLike = "classic",
    question: str | None = None,
) -> Quiz:
    """"Which of these opens?" over meld sets you choose (``|`` between melds), exactly one of
    which opens: use the sources' traps as the wrong choices, e.g. the seed's ``c4 c4 d4 d2``
    (35, just under 50) beside ``h1 c1 d2`` (60). The feedback gives each choice's value
    against the minimum (`Position.check_opening`). ``hand`` is a `Position` or the cards of
    a hand that drew from the stock (with ``team_score`` and ``profile``).

    >>> quiz = opening_quiz("h1 c1 d2 c4 c4 d4 c5 h6 h7 c8 c11 d13", ["c4 c4 d4 d2", "h1 c1 d2"])
    >>> quiz.answer_text
    'h1 c1 d2'
    >>> quiz.answer("c4 c4 d4 d2"), "15 short" in quiz.feedback
    (False, True)
    """
    position = (hand if isinstance(hand, Position)
                else Position(hand, team_score=team_score, drew_from="stock", profile=profile))
    if question is None:
        question = gettext("Your team has {score} points and has not opened. "
                           "Which of these melds opens?").format(score=position.team_score)
    return Quiz(question, position, kind="which_meld_opens", choices=choices)
