"""Finding English left in a translated sentence (issue 17): the tests that produce every
verdict, note, label and badge in Brazilian Portuguese use `english_words` to fail on a message
that was not translated, or only in part.

Card notation (``h13``, ``jk``), code spans (```take```), verdict codes (``meld_ok``) and numbers
are not words of a language and are ignored; so are names (seats, profiles). The stop-words are
English words that are not also Portuguese words (``a``, ``do``, ``no``, ``se`` and ``natural``
are both, so they are not listed).
"""

from __future__ import annotations

import re
from typing import Any

#: English words that never appear in a Portuguese sentence of the toolkit.
ENGLISH_STOP_WORDS = frozenset("""
the and you your yours is are was were be been with from into onto of to for by at it its this that these
those which when while after before only one two three four five six seven eight nine ten not can cannot
can't must may would could should will has have had does did take takes taken taking draw draws drew discard
discards discarded meld melds melded melding pile card cards team teams hand hands stock frozen blocked
wild red black points point score scores going out goes went opening open opened partner partners round game
turn next first last more less than all any each every other none nothing yes here there their them they he
she his her who what why how also still yet already
""".split())

_CODE = re.compile(r"`[^`]*`|\b[a-z]+_[a-z_]+\b")  # code spans and verdict codes
_CARD = re.compile(r"\b(?:[hdcs](?:1[0-3]|[1-9])|jk)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")  # words of any alphabet: "até" is one word


def english_words(text: str) -> list[str]:
    """The English stop-words in ``text``, outside card notation, code spans and codes.

    >>> english_words("Você pegou a pilha: h13 h13 `take`.")
    []
    >>> english_words("Você took the pile")
    ['the', 'pile']
    """
    plain = _CARD.sub(" ", _CODE.sub(" ", text))
    return [w for w in _WORD.findall(plain) if w.lower() in ENGLISH_STOP_WORDS]


# --------------------------------------------------------------------------- seat letters
#: An English seat letter, E or W, standing alone as a word (also in a team "E–W"): the
#: Portuguese text names seats Norte, Leste, Sul, Oeste and teams N–S, L–O
#: (`canasta_learn.core.actions.seat_label`), and a lone "E" there reads as the word "e" (and).
_SEAT_LETTER = re.compile(r"(?<![\w`'\"‘’“”-])[EW](?![\w`'\"‘’“”-])")
#: Left alone: an action's text form ("W discard c9"), which keeps the seat codes in every
#: language, and the joker's letters drawn down a card picture ("J O K E R").
_SEAT_NOTATION = re.compile(r"\b(?:[NESW]|P\d) (?:draw|take|meld|add|discard|ask|answer|decline|swap|redraw)\b")
_JOKER_LETTERS = re.compile(r"J\s+O\s+K\s+E\s+R")


def english_seat_letters(text: str) -> list[str]:
    """The English seat letters standing alone in a Portuguese ``text``, outside code spans,
    action notation and the joker's picture.

    >>> english_seat_letters("E não pegou nenhuma carta; `E draw` e W discard c9 são notação; L–O.")
    ['E']
    >>> english_seat_letters("Totais finais: N–S 5210, E–W 5385")
    ['E', 'W']
    """
    plain = _JOKER_LETTERS.sub(" ", _SEAT_NOTATION.sub(" ", _CODE.sub(" ", text)))
    return _SEAT_LETTER.findall(plain)


# --------------------------------------------------------------------------- executed lessons
#: Words a table or a chart shows that are English only: headers (``why``, ``item``), values
#: (``True``, ``False``) and the suits' names. ``legal`` is left out: Portuguese says *jogada
#: legal* (docs/glossary.md), a meld is *válida*; ``item`` and ``total`` are Portuguese too.
OUTPUT_STOP_WORDS = ENGLISH_STOP_WORDS | frozenset("""
true false why hearts spades diamonds clubs ccw clockwise counterclockwise
""".split())

#: Dropped with their content: styles, scripts and ``<code>`` (a verdict or state code).
_STYLE = re.compile(r"<(style|script|code)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
_KEYWORD = re.compile(r"\b[A-Za-z_]\w*(?==)")  # a repr's field names: Verdict(ok=..., message=...)
_CALL = re.compile(r"\b[A-Z]\w*(?=\()")  # a repr's class name: Position(
_NAME = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")  # an identifier: game_to_5000
_DOTTED = re.compile(r"\b\w+(?:\.\w+)+\b")  # module paths, attributes: canasta_learn.widgets.hand
#: Output types a learner sees in place of the plain-text fallback.
_RICH = ("text/html", "image/png", "image/svg+xml", "application/vnd.jupyter.widget-view+json")


def strip_html(text: str) -> str:
    """The text a page shows: style, script and code elements dropped, tags removed, entities read."""
    import html

    return html.unescape(_TAG.sub(" ", _STYLE.sub(" ", text)))


def english_output_words(text: str) -> list[str]:
    """The English stop-words (`OUTPUT_STOP_WORDS`) in a lesson's output, outside what
    `english_words` ignores (card notation, code spans, verdict codes) and outside a repr's class
    and field names (``Verdict(ok=True, message='…')``: the message is read, ``ok`` is not).

    >>> english_output_words("Verdict(ok=True, code='meld_ok', message='Uma combinação válida.')")
    []
    >>> english_output_words("legal  why  points")
    ['why', 'points']
    """
    plain = _DOTTED.sub(" ", _CALL.sub(" ", _KEYWORD.sub(" ", text)))
    plain = re.sub(r"\bok=|\b(?:True|False)(?=[,)])", " ", plain)  # a repr's flags
    plain = _CARD.sub(" ", _CODE.sub(" ", _NAME.sub(" ", plain)))
    return [w for w in _WORD.findall(plain) if w.lower() in OUTPUT_STOP_WORDS]


def widget_texts(nb: Any) -> dict[str, str]:
    """The text each widget of an executed notebook shows (its saved state): model id -> the
    value of an HTML / Label widget, or the description and tooltip of a control."""
    states = nb.get("metadata", {}).get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    texts: dict[str, str] = {}
    for model_id, model in states.items():
        state = model.get("state", {})
        parts = []
        if model.get("model_name") in ("HTMLModel", "HTMLMathModel", "LabelModel"):
            parts.append(strip_html(str(state.get("value", ""))))
        for key in ("description", "tooltip", "placeholder"):
            if isinstance(state.get(key), str):
                parts.append(state[key])
        if isinstance(state.get("options"), list) or isinstance(state.get("_options_labels"), list):
            parts += [str(o) for o in state.get("_options_labels", state.get("options", []))]
        if any(parts):
            texts[model_id] = "\n".join(p for p in parts if p)
    return texts


def learner_texts(nb: Any) -> list[tuple[int, str]]:
    """What a learner reads in an executed notebook's outputs, as (cell index, text): streams,
    HTML without its tags and styles, plain text where nothing richer stands in its place, and
    the text of the widgets a cell displays (their saved state)."""
    widgets = widget_texts(nb)
    found: list[tuple[int, str]] = []
    for index, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                found.append((index, out.get("text", "")))
                continue
            data = out.get("data", {})
            if "text/html" in data:
                found.append((index, strip_html(str(data["text/html"]))))
            if "text/plain" in data and not any(kind in data for kind in _RICH):
                found.append((index, str(data["text/plain"])))
            view = data.get("application/vnd.jupyter.widget-view+json")
            if view:
                found += [(index, text) for text in _widget_tree(view.get("model_id", ""), nb, widgets)]
    return found


def _widget_tree(model_id: str, nb: Any, texts: dict[str, str]) -> list[str]:
    """The texts of a displayed widget and of every widget inside it."""
    states = nb.get("metadata", {}).get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    seen: set[str] = set()
    todo = [model_id]
    found: list[str] = []
    while todo:
        current = todo.pop()
        if current in seen or current not in states:
            continue
        seen.add(current)
        if current in texts:
            found.append(texts[current])
        state = states[current].get("state", {})
        for value in state.values():
            refs = value if isinstance(value, list) else [value]
            todo += [r[len("IPY_MODEL_"):] for r in refs if isinstance(r, str) and r.startswith("IPY_MODEL_")]
    return found
