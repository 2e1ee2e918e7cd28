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

    @classmethod
    def of(cls, quiz: Any, where: str = "") -> QuizFacts:
        """The facts of a live `Quiz` object."""
        code, message = quiz.explanation
        others = [v.message for c, v in quiz.choice_verdicts.items() if c != quiz.answer_text]
        return cls(quiz.question, quiz.kind, list(quiz.choices), quiz.answer_text, message, code,
                   where, others)


class _Reader(HTMLParser):
    """Visible text plus accessible names (aria-label, title, <title>) of an HTML fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    INLINE = frozenset({"b", "i", "em", "strong", "code", "span", "a"})

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.INLINE:
            self.parts.append(" ")
        for name, value in attrs:
            if name in ("aria-label", "title", "alt") and value:
                self.parts.append(f" {value} ")

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.INLINE:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
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
    return r"(?<![\w-])" + re.escape(text) + r"(?![\w-])"


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
    if facts.code and (facts.code in seen or facts.code in question_text):
        problem(f"the verdict code {facts.code!r}")
    # what the engine works out, never in the picture
    for pattern, what, case in ALWAYS_HIDDEN:
        if _has(pattern, seen, flags=0 if case else re.IGNORECASE):
            problem(f"{what} in its picture: ...{_context(pattern, seen)}...")
    # the right choice, unless the question names every choice (an "A or B?" question)
    answer = facts.answer
    others = [c for c in facts.choices if c != answer]
    if answer not in ("Yes", "No"):
        in_text = _has(_word(answer), question_text) and not all(
            _has(_word(c), question_text) for c in others)
        if _has(_word(answer), seen) or in_text:
            problem(f"the right choice {answer!r}")
    if facts.kind == "pile_state":
        for word in PILE_STATE_WORDS:
            if _has(_word(word), seen):
                problem(f"the pile state word {word!r} in its picture")
        if _has(_word(answer), question_text) and not all(
                _has(_word(c), question_text) for c in others):
            problem(f"the pile state {answer!r} in its text")
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
    """One quiz of a static page: its question text, picture and the folded answer."""

    def __init__(self, question: str, picture: str, answer_part: str) -> None:
        self.question = question
        self.picture = picture
        self.answer_part = answer_part


def static_quizzes(page: str) -> list[StaticQuiz]:
    """The quizzes of a static page (``Quiz.static_html`` fragments), in order: the question
    (its text), the picture (the profile badge beside the question and everything up to the
    choices) and the answer (inside ``<details class="cl-quiz-answer">``)."""
    found = []
    for chunk in page.split('<div class="cl-quiz-static"')[1:]:
        head, rest = chunk.split('<p>Choices:</p>', 1)
        question_p = head.split('<p class="cl-quiz-question">', 1)[1]
        question_markup, picture = question_p.split("</p>", 1)
        question_only, _, badge = question_markup.partition("<span")
        question = readable_text(question_only)
        answer_part = rest.split('<details class="cl-quiz-answer">', 1)[1]
        found.append(StaticQuiz(question, ("<span" + badge if badge else "") + picture,
                                answer_part))
    return found
