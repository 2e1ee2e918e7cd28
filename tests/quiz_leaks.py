"""What a quiz's question may not show: its own answer. Shared by the quiz unit tests and the
test over every quiz of every lesson (live widgets and exported pages).

`answer_leaks` reads what a learner can see or hear in the question (visible text, and the
``aria-label`` / ``title`` a screen reader or tooltip gives) and lists every way it gives the
answer away: the right choice's text, the explanation's sentences, the verdict code, the pile
state word or badge, the opening minimum asked for, canasta kinds, verdict words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

#: Words a question's picture never shows (pattern, what it is, case-sensitive?): they are
#: what the engine works out from the cards.
ALWAYS_HIDDEN = (
    (r"\bblocked\b", "a 'Blocked' mark", False),
    (r"\bfrozen\b|\bfroze\b", "a 'Frozen' state", False),
    (r"\bopening minimum\b", "the opening minimum", False),
    (r"\b(natural|mixed|sevens|wild-card) canastas?\b|\bcanastra (real|limpa|suja|de mil)\b"
     r"|\bcanasta of (seven )?twos\b|\bnot a canastr?a\b", "a canasta kind", False),
    (r"\bRefused\b", "a verdict ('Refused')", True),
    (r"\bOK\b", "a verdict ('OK')", True),
    (r"\bpts\b", "a meld value", False),
)
PILE_STATE_WORDS = ("empty", "open", "frozen", "blocked")


@dataclass
class QuizFacts:
    """What a test knows about one quiz: its question, kind, choices, answer, explanation."""

    question: str
    kind: str
    choices: list[str]
    answer: str
    message: str
    code: str = ""
    where: str = ""
    #: The engine's messages about the other choices (why each is wrong), also never shown.
    other_messages: list[str] = field(default_factory=list)
    #: What each choice's button says, in the choices' order (`Quiz.labels`; the choices
    #: themselves when not given): a Portuguese quiz shows "Sim" for the key "Yes".
    labels: list[str] = field(default_factory=list)

    @property
    def shown_choices(self) -> list[str]:
        """The labels of the choices (the choices themselves when no labels are known)."""
        return self.labels or self.choices

    @property
    def answer_label(self) -> str:
        """The right choice as its button says it."""
        return self.shown_choices[self.choices.index(self.answer)]

    @classmethod
    def of(cls, quiz: Any, where: str = "") -> QuizFacts:
        """The facts of a live `Quiz` object."""
        code, message = quiz.explanation
        others = [v.message for c, v in quiz.choice_verdicts.items() if c != quiz.answer_text]
        return cls(quiz.question, quiz.kind, list(quiz.choices), quiz.answer_text, message, code,
                   where, others, [quiz.labels[c] for c in quiz.choices])


class _Reader(HTMLParser):
    """Visible text plus accessible names (aria-label, title, <title>) of an HTML fragment. A
    picture (an ``<svg role="img">``, such as a card) says its accessible name ("Four of
    spades"), not the glyphs drawn inside it (the corner "4"s, which are a card's rank, never a
    number the question states)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._picture_depth = 0

    INLINE = frozenset({"b", "i", "em", "strong", "code", "span", "a"})

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._picture_depth:
            self._picture_depth += tag == "svg"
            return
        if tag not in self.INLINE:
            self.parts.append(" ")
        for name, value in attrs:
            if name in ("aria-label", "title", "alt") and value:
                self.parts.append(f" {value} ")
        if tag == "svg" and dict(attrs).get("role") == "img" and dict(attrs).get("aria-label"):
            self._picture_depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self._picture_depth:
            self._picture_depth -= tag == "svg"
            if self._picture_depth:
                return
        if tag not in self.INLINE:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self._picture_depth:
            self.parts.append(data)


def readable_text(markup: str) -> str:
    """Everything a learner reads or hears in ``markup``, one space between pieces."""
    reader = _Reader()
    reader.feed(markup)
    reader.close()
    return re.sub(r"\s+", " ", "".join(reader.parts)).strip()


def _sentences(message: str) -> list[str]:
    """The explanation's sentences and clauses long enough to be its own words."""
    pieces = re.split(r"(?<=[.:;!?])\s+", message)
    return [p.strip(" .:;") for p in pieces if len(p.strip(" .:;")) >= 24]


def _has(pattern: str, text: str, *, flags: int = re.IGNORECASE) -> bool:
    return re.search(pattern, text, flags) is not None


def _word(text: str) -> str:
    """``text`` as a whole word; a number is not a card's rank (the 4 of "4♥" or "10♣")."""  # noqa: RUF002
    return r"(?<![\w-])" + re.escape(text) + r"(?![\w\-\u2660\u2661\u2662\u2663\u2664\u2665\u2666\u2667])"


def answer_leaks(facts: QuizFacts, question_text: str, picture: str) -> list[str]:
    """Every way the question (its text and its picture, HTML) gives the answer away; [] when
    it does not. The choices list itself is not part of the question."""
    seen = readable_text(picture)
    problems: list[str] = []
    where = f"{facts.where}: {facts.question!r}"

    def problem(what: str) -> None:
        problems.append(f"{where}: the question shows {what}")

    # the explanation's own words and its code
    for message in [facts.message, *facts.other_messages]:
        normalised = re.sub(r"\s+", " ", message).strip()
        for sentence in [normalised, *_sentences(normalised)]:
            if sentence and sentence.lower() in seen.lower():
                problem(f"the explanation ({sentence!r})")
                break
    code_word = re.compile(rf"(?<!\w){re.escape(facts.code)}(?!\w)") if facts.code else None
    if code_word is not None and (code_word.search(seen) or code_word.search(question_text)):  # "ok", not "look"
        problem(f"the verdict code {facts.code!r}")
    # what the engine works out, never in the picture
    for pattern, what, case in ALWAYS_HIDDEN:
        if _has(pattern, seen, flags=0 if case else re.IGNORECASE):
            problem(f"{what} in its picture: ...{_context(pattern, seen)}...")
    # the right choice (its key and its label), unless the question names every choice (an
    # "A or B?" question)
    pairs = list(zip(facts.choices, facts.shown_choices, strict=True))
    for answer, others in ((facts.answer, [c for c, _ in pairs if c != facts.answer]),
                           (facts.answer_label, [lab for c, lab in pairs if c != facts.answer])):
        if facts.answer in ("Yes", "No"):
            continue  # Yes / No (Sim / Não) name no fact
        in_text = _has(_word(answer), question_text) and not all(
            _has(_word(c), question_text) for c in others)
        if _has(_word(answer), seen) or in_text:
            problem(f"the right choice {answer!r}")
        if facts.kind == "pile_state":
            if _has(_word(answer), question_text) and not all(
                    _has(_word(c), question_text) for c in others):
                problem(f"the pile state {answer!r} in its text")
    if facts.kind == "pile_state":
        for word in dict.fromkeys([*PILE_STATE_WORDS, *facts.shown_choices]):
            if _has(_word(word), seen):
                problem(f"the pile state word {word!r} in its picture")
    if facts.kind == "opening_minimum":
        number = r"(?<!\d)" + re.escape(answer) + r"(?!\d)"
        if _has(number, seen) or _has(number, question_text):
            problem(f"the minimum {answer} asked for")
    return problems


def _context(pattern: str, text: str) -> str:
    found = re.search(pattern, text, re.IGNORECASE)
    if found is None:
        return ""
    return text[max(0, found.start() - 40):found.end() + 40]


class StaticQuiz:
    """One quiz of a static page: its question text, picture and the folded answer (with the
    ``<summary>`` that unfolds it and the right choice the answer names)."""

    def __init__(self, question: str, picture: str, answer_part: str, summary: str = "",
                 answer: str = "") -> None:
        self.question = question
        self.picture = picture
        self.answer_part = answer_part
        #: The words of the ``<summary>`` that unfolds the answer ("Show the answer").
        self.summary = summary
        #: The right choice as the folded answer names it (its ``<b>`` in ``cl-quiz-answer-text``).
        self.answer = answer


def _after(text: str, marker: str, where: str) -> str:
    if marker not in text:
        raise AssertionError(f"a static quiz without {marker!r} ({where})")
    return text.split(marker, 1)[1]


def static_quizzes(page: str) -> list[StaticQuiz]:
    """The quizzes of a static page (``Quiz.static_html`` fragments), in order, found by the
    page's classes and structure, not by its words (the page speaks the lesson's language):
    the question (the text of ``<p class="cl-quiz-question">``), the picture (the profile badge
    beside the question and everything up to ``<p class="cl-quiz-choices-label">``) and the
    answer (inside ``<details class="cl-quiz-answer">``: its ``<summary>`` and the right choice
    in ``<p class="cl-quiz-answer-text">``)."""
    found = []
    for chunk in page.split('<div class="cl-quiz-static"')[1:]:
        head, rest = chunk.split('<p class="cl-quiz-choices-label">', 1)
        question_p = _after(head, '<p class="cl-quiz-question">', "question")
        question_markup, picture = question_p.split("</p>", 1)
        question_only, _, badge = question_markup.partition("<span")
        question = readable_text(question_only)
        answer_part = _after(rest, '<details class="cl-quiz-answer">', "answer")
        summary = readable_text(_after(answer_part, "<summary>", "summary").split("</summary>", 1)[0])
        said = _after(answer_part, '<p class="cl-quiz-answer-text">', "answer text").split("</p>", 1)[0]
        answer = readable_text(_after(said, "<b>", "answer text").split("</b>", 1)[0])
        found.append(StaticQuiz(question, ("<span" + badge if badge else "") + picture,
                                answer_part, summary, answer))
    return found
