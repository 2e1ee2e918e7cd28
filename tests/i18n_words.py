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
