"""Every number the lessons' prose states is checked (issue 12: "make every number a lesson
states either computed by the engine ... or checked by a test, so such slips cannot return").

The inventory reads every number in the Markdown cells of ``notebooks/*.ipynb`` (what a learner
reads). Each must be covered by one of

* a **claim**: a pattern over the prose whose groups capture the numbers, compared with what
  the engine says (a profile's constant, ``meld_value``, ``opening_minimum``, ``score_round``,
  a position of a shipped example game, or the literal a code cell of the lesson uses);
* an **allowed** pattern: a number that is not a game number (a lesson number, a list
  ordinal, a seed number, minutes, the card notation), with the reason.

A new number in a lesson's prose fails ``test_every_number_in_the_prose_is_checked`` until a
claim or an allowance covers it. The numbers a learner reads in code cells (the strings of quiz
questions, choices and labels, and comments; an f-string's computed fields excepted) are held
to the same rule. Two more tests show that no claim is a tautology: each claimed number,
written 10 higher (or, for a word, one higher), is reported. Fast: no kernel, only engine calls.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")

from canasta_learn import get_profile, meld_value, opening_minimum, parse_cards, score_round  # noqa: E402
from canasta_learn.core.cards import new_deck  # noqa: E402
from canasta_learn.profiles import Profile  # noqa: E402
from canasta_learn.records.examples import load_example  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: A number as the prose writes it: 5000, 10,000; not inside a card (h13), a name (P4) or 1.5.
NUMBER = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:,\d{3})+|\d+)(?![\w])")

Expected = tuple[int, ...] | Callable[["re.Match[str]", str], tuple[int, ...]]


def _p(pattern: str) -> str:
    """Words of a pattern may be broken across lines in the Markdown: a space is any space."""
    return re.sub(r" (?![*+?{])", r"\\s+", pattern)


@dataclass(frozen=True)
class Claim:
    lesson: str  #: the two-digit prefix of the lesson
    pattern: str  #: its groups capture the stated numbers
    expected: Expected  #: the engine's numbers, one per group (or a function of the match and the lesson's code)


@dataclass(frozen=True)
class Allowed:
    lesson: str  #: a two-digit prefix, or "" for every lesson
    pattern: str  #: every number inside a match is not a game number
    reason: str


@dataclass(frozen=True)
class Mention:
    lesson: str
    cell: int
    start: int
    end: int
    text: str
    context: str


# --------------------------------------------------------------------------- the prose
@cache
def lessons() -> dict[str, tuple[list[tuple[int, str]], str]]:
    """prefix -> ([(cell index, markdown source)], the lesson's code joined)."""
    found: dict[str, tuple[list[tuple[int, str]], str]] = {}
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = nbformat.read(str(path), as_version=4)
        markdown = [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        found[path.name[:2]] = (markdown, code)
    return found


def inventory() -> Iterator[Mention]:
    """Every number stated in a Markdown cell of every lesson."""
    for lesson, (cells, _code) in lessons().items():
        for index, source in cells:
            for m in NUMBER.finditer(source):
                context = source[max(0, m.start() - 40):m.end() + 25].replace("\n", " ")
                yield Mention(lesson, index, m.start(), m.end(), m.group(), context)


@cache
def code_cells() -> dict[str, list[tuple[int, str]]]:
    """prefix -> [(cell index, code source)]."""
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = nbformat.read(str(path), as_version=4)
        found[path.name[:2]] = [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    return found


def read_regions(source: str) -> Iterator[tuple[int, int]]:
    """The spans of a code cell a learner reads as text: string literals (an f-string's
    ``{...}`` fields left out: they are computed) and comments."""
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.STRING, tokenize.COMMENT):
            continue
        begin = starts[token.start[0] - 1] + token.start[1]
        end = starts[token.end[0] - 1] + token.end[1]
        if token.type == tokenize.STRING and re.match(r"[rbRB]*[fF]", token.string):
            cursor = begin
            for field in re.finditer(r"\{[^{}]*\}", source[begin:end]):
                yield cursor, begin + field.start()
                cursor = begin + field.end()
            yield cursor, end
        else:
            yield begin, end


def code_inventory() -> Iterator[Mention]:
    """Every number a learner reads in a code cell: in its strings (quiz questions, choices,
    labels) and comments."""
    for lesson, cells in code_cells().items():
        for index, source in cells:
            for begin, end in read_regions(source):
                for m in NUMBER.finditer(source, begin, end):
                    context = source[max(0, m.start() - 40):m.end() + 25].replace("\n", " ")
                    yield Mention(lesson, index, m.start(), m.end(), m.group(), context)


#: Numbers the prose writes as words (only in claims: the inventory lists digits).
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9}


def value(text: str) -> int:
    word = WORDS.get(text.lower())
    return word if word is not None else int(text.replace(",", ""))


# --------------------------------------------------------------------------- the engine's numbers
def deck(profile: Profile) -> int:
    return len(new_deck(profile.deck_count, profile.joker_count))


def one(values: Any) -> int:
    """The single value all of ``values`` share (-1, which no prose states, if they differ)."""
    distinct = set(values)
    return distinct.pop() if len(distinct) == 1 else -1


def bonus(profile: Profile, kind: str) -> int:
    return dict(profile.extra_canasta_bonuses)[kind]


def band(profile: Profile, index: int) -> tuple[int, int, int]:
    """The ``index``-th band of the opening table: lowest score, highest score, minimum."""
    table = profile.opening_table
    low, minimum = table[index]
    return low, table[index + 1][0] - 5, minimum


def in_code(literal: str) -> Callable[[re.Match[str], str], tuple[int, ...]]:
    """The stated number is the one the lesson's code uses, in ``literal`` (``{}`` = the number)."""
    def check(m: re.Match[str], code: str) -> tuple[int, ...]:
        return tuple(value(g) if literal.format(g) in code else -1 for g in m.groups())
    return check


def claims() -> list[Claim]:
    classic, cardgames = get_profile("classic"), get_profile("cardgames_io")
    italian, pennies = get_profile("italian"), get_profile("pennies_from_heaven")
    br, tranca = get_profile("canastra_br"), get_profile("tranca")
    cv = classic.card_values  # by rank index: 0 joker, 1 ace, 2 two, 3 three ... 13 king
    bonuses = classic.red_three_bonuses
    nat, mix = classic.natural_canasta_bonus, classic.mixed_canasta_bonus
    out, concealed = classic.going_out_bonus, classic.concealed_going_out_bonus
    target = classic.target_score
    assert cardgames.target_score == target
    kings = "s13 s13 h13 h13 d13 c13 c13"

    # lesson 05: the shipped game "frozen_pile_fight" at its key moments
    fight = load_example("frozen_pile_fight")
    moment2, moment3 = fight.state_at(0, 32), fight.state_at(0, 34)
    taken = len(moment2.pile) if len(moment3.pile) == 0 else -1

    #: Italian red threes: 100 each up to three, 200 each from four on
    it_four_or_more = one(b // k for k, b in enumerate(italian.red_three_bonuses[4:], 4))
    five_natural_canastas = [" ".join(f"{suit}{rank}" for suit in "hdcshdc") for rank in (4, 5, 6, 8, 9)]
    five_naturals = score_round(five_natural_canastas, went_out=True, profile="italian").points("many_canastas")
    # lesson 09: the Italian and Pennies score examples (cells check-italian-5225, check-pennies-4155)
    it_melds = [kings, "h12 h12 s12 s12 d12 c12 c12 jk", "c2 c2 d2 d2 h2 h2 s2"]
    it_score = score_round(it_melds, red_threes="h3 h3 d3 d3", hands_left=["c5"], went_out=True,
                           profile="italian")
    pf_melds = ["c7 c7 d7 d7 h7 h7 s7", "jk jk c2 c2 d2 d2 h2", "c1 c1 d1 d1 h1 h1 s1",
                "c10 c10 d10 d10 h10 h2 s2"]
    pf_bonuses = [bonus(pennies, "sevens"), bonus(pennies, "wild"), pennies.natural_canasta_bonus,
                  pennies.mixed_canasta_bonus]  # the kinds of pf_melds, in order
    pf_score = score_round(pf_melds, red_threes="h3 h3 d3", hands_left=["h9"], went_out=True,
                           profile="pennies_from_heaven")
    # lesson 11: the Brazilian score examples (cells check-br-1885, check-br-195, check-tranca-1420)
    full = ["jk s9 s10 s11 s12 s13 s1", "d5 d6 d7 c2 d9 d10 d11"]
    real = "h4 h5 h6 h7 h8 h9 h10"
    br_1885 = score_round([real, *full], red_threes="h3 d3", hands_left=["s3"], went_out=True,
                          profile="canastra_br")
    br_195 = score_round(["h4 h5 h6 h7 h8 h9 h10 h11", *full], red_threes="h3 d3", hands_left=["s3"],
                         went_out=True, profile="canastra_br")
    tr_melds = ["h4 h5 h6 h7 h8 h9 h10", "s4 s5 s6 s7 c2 s9 s10 s11"]
    tr_1420 = score_round(tr_melds, red_threes="h3 d3 h3 d3", hands_left=["c5 c9 d12"], went_out=True,
                          profile="tranca")
    score_925 = score_round([kings, "h1 c1 s1"], red_threes="h3 d3", hands_left=["c7"], went_out=True)

    def ranks_worth(values: tuple[int, ...]) -> Callable[[re.Match[str], str], tuple[int, ...]]:
        def check(m: re.Match[str], _code: str) -> tuple[int, ...]:
            low, high = int(m[1]), int(m[2])
            return low, high, one(values[low:high + 1])
        return check

    def minimum_at(profile: str = "classic") -> Callable[[re.Match[str], str], tuple[int, ...]]:
        """A worked example's team score (the one its code uses) and the minimum for it."""
        def check(m: re.Match[str], code: str) -> tuple[int, ...]:
            score = value(m[1]) if f"team_score={m[1]}," in code else -1
            return (score, opening_minimum(value(m[1]), profile))
        return check

    def c(lesson: str, pattern: str, expected: Expected) -> Claim:
        return Claim(lesson, _p(pattern), expected)

    return [
        # 00 · Start here
        c("00", r"plus four jokers: \*\*(\d+) cards\*\*", (deck(classic),)),
        c("00", r"a team reaches \*\*(\d+)\*\* or more", (target,)),
        c("00", r"\(no wild card, (\d+)\) or \*\*mixed\*\* \((\d+)\)", (nat, mix)),
        c("00", r"two partnerships, (\d+) cards; draw, meld, discard; canastas of (\d+) cards",
          (deck(classic), classic.canasta_size)),
        c("00", r"a team reaches (\d+),", (target,)),
        c("00", r"\*\*(four) players in (two) partnerships\*\*", (classic.player_count, classic.team_count)),
        c("00", r"played with (two) ordinary packs plus (four) jokers", (classic.deck_count, classic.joker_count)),
        c("00", r"A meld of (seven) or more cards is a \*\*canasta\*\*", (classic.canasta_size,)),
        c("00", r"\*\*canasta\*\* \| a meld of (seven) or more cards", (classic.canasta_size,)),
        c("00", r"\*\*meld\*\* \| (three) or more cards of one rank on the table, at least (two) of them natural",
          (classic.meld_min_size, classic.meld_min_naturals)),
        # 01 · Cards and melds
        c("01", r"packs and (four) jokers: \*\*108 cards\*\*, so there are at most (two) of any card",
          (classic.joker_count, classic.deck_count)),
        c("01", r"A \*\*meld\*\* is (three) or more cards", (classic.meld_min_size,)),
        c("01", r"\*\*at least (two) naturals\*\* and \*\*at most (three) wild cards\*\*",
          (classic.meld_min_naturals, classic.wild_limit)),
        c("01", r"A meld of \*\*(seven) or more cards\*\* is a \*\*canasta\*\*", (classic.canasta_size,)),
        c("01", r"(Seven) or more cards make a canasta", (classic.canasta_size,)),
        c("01", r"Two (\d+)-card packs and four jokers: \*\*(\d+) cards\*\*",
          (len(new_deck(1, 0)), deck(classic))),
        c("01", r"\| joker \| (\d+) \|", (cv[0],)),
        c("01", r"\| ace, two \| (\d+) \|", (one(cv[1:3]),)),
        c("01", r"\| king, queen, jack, ten, nine, eight \| (\d+) \|", (one(cv[8:14]),)),
        c("01", r"\| seven, six, five, four, black three \| (\d+) \|", (one(cv[3:8]),)),
        c("01", r"\(bonus (\d+)\); with one or more it is \*\*mixed\*\* \(bonus (\d+)\)", (nat, mix)),
        c("01", r"a bonus of (\d+) at the end of the hand \(all four: (\d+)\)", (bonuses[1], bonuses[4])),
        c("01", r"worth exactly (\d+) points",
          lambda m, _code: (meld_value("c12 d12 h12 s12 c12"),)),  # five queens: the exercise has an answer
        c("01", r"- (\d+) cards; jokers (\d+), aces and twos (\d+), eights to kings (\d+), fours to sevens "
                r"and black threes (\d+);",
          (deck(classic), cv[0], one(cv[1:3]), one(cv[8:14]), one(cv[3:8]))),
        c("01", r"A meld: (\d+)\+ cards of one rank \(4 to ace\), at least (\d+) naturals, at most (\d+) wilds",
          (classic.meld_min_size, classic.meld_min_naturals, classic.wild_limit)),
        c("01", r"natural \(no wilds, (\d+)\) or mixed \((\d+)\)", (nat, mix)),
        # 03 · Opening minimums
        c("03", r"the rule sources \((\d+), (\d+), (\d+) and (\d+) points\)", in_code("team_score={}")),
        c("03", r"\| below (0) \| (\d+) \|", (classic.opening_table[0][0], classic.opening_below)),
        c("03", r"\| (\d+) to (\d+) \| (\d+) \|", lambda m, _code: next(
            (band(classic, i) for i in range(len(classic.opening_table) - 1)
             if classic.opening_table[i][0] == int(m[1])), (-1, -1, -1))),
        c("03", r"\| (\d+) or more \| (\d+) \|", classic.opening_table[-1]),
        c("03", r"exactly (\d+) already needs (\d+)\.", (classic.opening_table[1][0], opening_minimum(1500))),
        c("03", r"Worked example \d — (\d+) points, minimum (\d+)", minimum_at()),
        c("03", r"Your total is (\d+), so you need (\d+)\.", minimum_at()),
        c("03", r"is h1 c1 d2, worth (\d+)\.", (meld_value("h1 c1 d2"),)),
        c("03", r"that is only (\d+), a little short of (\d+)\.", (meld_value("c4 c4 d4 d2"), opening_minimum(1100))),
        c("03", r"h1 c1 d2 together with c9 c9 d9 make (\d+)\.", (meld_value("h1 c1 d2 c9 c9 d9"),)),
        c("03", r"no set of melds that reaches (\d+),", (opening_minimum(3000),)),
        c("03", r"would reach exactly (\d+),", (meld_value("h5 d5 c5 s5 d9 c9 h9 h13 d13 d13 c13"),)),
        c("03", r"fives (\d+) \+ nines (\d+) \+ kings (\d+) = (\d+) exactly",
          (meld_value("h5 d5 c5 s5"), meld_value("d9 c9 h9"), meld_value("h13 d13 d13 c13"),
           meld_value("h5 d5 c5 s5 d9 c9 h9 h13 d13 d13 c13"))),
        c("03", r"with the `d7` make (\d+), far from (\d+)\.", (meld_value("h7 c7 d7"), opening_minimum(0))),
        c("03", r"Opening minimum by team score: below (0) → (\d+); (\d+)–(\d+) → (\d+); (\d+)–(\d+) → (\d+); "
                r"(\d+)\+ → (\d+)\.",
          (classic.opening_table[0][0], classic.opening_below, *band(classic, 0), *band(classic, 1),
           *classic.opening_table[2])),
        # 04 · Scoring
        c("04", r"the rule source: (\d+) points", (score_925.total,)),
        c("04", r"natural canasta (\d+)\*\* each, \*\*mixed canasta (\d+)\*\*", (nat, mix)),
        c("04", r"red threes (\d+)\*\* each, \*\*(\d+)\*\* for all four", (bonuses[1], bonuses[4])),
        c("04", r"going out (\d+)\*\*, or \*\*(\d+)\*\* in all if concealed", (out, concealed)),
        c("04", r"Worked example — (\d+) points", (score_925.total,)),
        c("04", r"seven kings is worth (\d+) in cards and (\d+) bonus\. Three aces add (\d+), two red threes "
                r"(\d+), going out (\d+), while the partner's seven costs (\d+)\. Total (\d+) \+ (\d+) \+ (\d+) "
                r"\+ (\d+) \+ (\d+) − (\d+) = (\d+)\.",
          (meld_value(kings), nat, meld_value("h1 c1 s1"), bonuses[2], out, meld_value("c7"),
           meld_value(kings), nat, meld_value("h1 c1 s1"), bonuses[2], out, meld_value("c7"),
           score_925.total)),
        c("04", r"A natural canasta earns (\d+), a mixed one (\d+)\.", (nat, mix)),
        c("04", r"`d2` added score (\d+) in cards but only (\d+) bonus", (meld_value(kings + " d2"), mix)),
        c("04", r"Each red three is worth (\d+), all four (\d+)\.", (bonuses[1], bonuses[4])),
        c("04", r"Going out earns (\d+)\.", (out,)),
        c("04", r"earns (\d+) in all \(never (\d+)\)", (concealed, out + concealed)),
        c("04", r"The (\d+) example", (score_925.total,)),
        c("04", r"starts on the (\d+) example", (score_925.total,)),
        c("04", r"a whole game to (\d+)", (target,)),
        c("04", r"Natural canasta (\d+), mixed (\d+);", (nat, mix)),
        c("04", r"Red threes (\d+) each, (\d+) for four", (bonuses[1], bonuses[4])),
        c("04", r"Going out (\d+), concealed (\d+) in all", (out, concealed)),
        c("04", r"example: (\d+) \+ (\d+) \+ (\d+) \+ (\d+) \+ (\d+) − (\d+)\.",
          (meld_value(kings), nat, meld_value("h1 c1 s1"), bonuses[2], out, meld_value("c7"))),
        # 05 · Replay a game (the shipped game frozen_pile_fight)
        c("05", r"the pile grows to (\d+) cards", (len(moment2.pile),)),
        c("05", r"on a (\d+)-card pile", (len(moment2.pile),)),
        c("05", r"make the opening \((\d+)\)", (opening_minimum(moment2.team_scores[0]),)),
        c("05", r"North takes the (\d+) cards", (taken,)),
        # 06 · What-if sandbox
        c("06", r"A team at (\d+) needs (\d+) to open", minimum_at()),
        # 07 · Play a round
        c("07", r"Play a whole game to (\d+),", (target,)),
        # 08 · For teachers
        c("08", r"`kind=\"opening_minimum\"` — (\d+) / (\d+) / (\d+) / (\d+);",
          (classic.opening_below, *(m for _low, m in classic.opening_table))),
        # 09 · Italian Canasta and Pennies from Heaven
        c("09", r"how the two variants score \(the (\d+) and (\d+) examples\)", (it_score.total, pf_score.total)),
        c("09", r"(Four) players in (two) partnerships; \*\*(three) packs and (six) jokers\*\*",
          (italian.player_count, italian.team_count, italian.deck_count, italian.joker_count)),
        c("09", r"You \*\*draw (two)\*\* cards from the stock", (italian.stock_draw_count,)),
        c("09", r"\*\*(Six) players in (two) teams of (three)\*\*",
          (pennies.player_count, pennies.team_count, pennies.team_size)),
        c("09", r"\*\*(four) packs and (eight) jokers\*\*", (pennies.deck_count, pennies.joker_count)),
        c("09", r"you \*\*draw (two)\*\* and discard one", (pennies.stock_draw_count,)),
        c("09", r"\*\*Every meld closes at (seven) cards\*\*", (pennies.canasta_size,)),
        c("09", r"\*\*Going out\*\* needs \*\*(two) canastas that are not deuce canastas\*\*",
          (italian.go_out_canastas,)),
        c("09", r"six jokers\*\* \((\d+) cards\); \*\*(\d+) cards\*\*", (deck(italian), italian.hand_size)),
        c("09", r"the minimum rises to (\d+), (\d+) and (\d+) for scores from (\d+), (\d+) and (\d+)\.",
          (*(m for _low, m in italian.opening_table[3:]), *(low for low, _m in italian.opening_table[3:]))),
        c("09", r"Scoring: going out (\d+) \(nothing more for concealed\); red threes (\d+) each for up to "
                r"three, and (\d+) each once there are four or more \(four: (\d+)\); a deuce canasta earns (\d+) "
                r"\(seven twos\) or (\d+) \(with jokers\)",
          (one([italian.going_out_bonus, italian.concealed_going_out_bonus]),
           one(b // k for k, b in enumerate(italian.red_three_bonuses[1:4], 1)),
           it_four_or_more, italian.red_three_bonuses[4], bonus(italian, "deuce_natural"),
           bonus(italian, "deuce_mixed"))),
        c("09", r"The game goes to (12,000)\.", (italian.target_score,)),
        c("09", r"eight jokers\*\* \((\d+) cards\)\. Each player gets \*\*(\d+) cards\*\* and an "
                r"\*\*(\d+)-card reserve",
          (deck(pennies), pennies.hand_size, pennies.reserve_size)),
        c("09", r"Scoring: sevens canasta (\d+), wild canasta (\d+), natural (\d+), mixed (\d+); red threes (\d+) "
                r"each, all eight (\d+)",
          (bonus(pennies, "sevens"), bonus(pennies, "wild"), pennies.natural_canasta_bonus,
           pennies.mixed_canasta_bonus, pennies.red_three_bonuses[1], pennies.red_three_bonuses[8])),
        c("09", r"The opening minimum is (\d+) from (\d+) points\.", pennies.opening_table[1][::-1]),
        c("09", r"The game goes to (20,000)\.", (pennies.target_score,)),
        c("09", r"Team score (\d+), minimum (\d+): two aces and a joker are worth (\d+)\.",
          lambda m, code: (minimum_at()(m, code) + (meld_value("h1 h1 jk"),))),
        c("09", r"his (\d+)-card reserve joins his hand", (pennies.reserve_size,)),
        c("09", r"Six bots play (\d+) moves", in_code("range({})")),
        c("09", r"Italian: (\d+) for the team that goes out", (it_score.total,)),
        c("09", r"Seven kings (\d+) \+ (\d+); eight queens with a joker (\d+) \+ (\d+) \+ (\d+); seven twos "
                r"(\d+) \+ (\d+); four red threes (\d+); going out (\d+); the partner keeps a `c5`, −(\d+)\.",
          (meld_value(kings, "italian"), italian.natural_canasta_bonus, meld_value("h12 h12 s12 s12 d12 c12 c12",
           "italian"), meld_value("jk", "italian"), italian.mixed_canasta_bonus, meld_value(it_melds[2], "italian"),
           bonus(italian, "deuce_natural"), italian.red_three_bonuses[4], italian.going_out_bonus,
           meld_value("c5", "italian"))),
        c("09", r"Pennies from Heaven: (\d+) for the team that goes out", (pf_score.total,)),
        c("09", r"Seven sevens (\d+) \+ (\d+); a wild canasta (\d+) \+ (\d+); seven aces (\d+) \+ (\d+); five tens "
                r"and two twos (\d+) \+ (\d+); three red threes (\d+); going out (\d+); a partner keeps an `h9`, "
                r"−(\d+)\.",
          (*(x for melds, kind_bonus in zip(pf_melds, pf_bonuses, strict=True)
             for x in (meld_value(melds, pennies), kind_bonus)),
           pennies.red_three_bonuses[3], pennies.going_out_bonus, meld_value("h9", pennies))),
        c("09", r"Italian pays (\d+) for going out", (italian.going_out_bonus,)),
        c("09", r"the profile deals \*\*(\d+) cards\*\*", (italian.hand_size,)),
        c("09", r"\((\d+)–(\d+) as printed, jack (\d+), queen (\d+), king (\d+), ace (\d+)\)",
          lambda m, _code: (parse_cards("h4")[0].rank, parse_cards("h10")[0].rank,
                            *(parse_cards(card)[0].rank for card in ("h11", "h12", "h13", "h1")))),
        c("09", r"A deuce canasta is \*\*closed at (\d+) cards\*\*", (italian.canasta_size,)),
        c("09", r"\*\*Deuce bonuses\*\* (\d+) / (\d+) \*\*replace\*\* the (\d+) / (\d+) canasta bonus",
          (bonus(italian, "deuce_natural"), bonus(italian, "deuce_mixed"), italian.natural_canasta_bonus,
           italian.mixed_canasta_bonus)),
        c("09", r"four or more are worth (\d+) each", (it_four_or_more,)),
        c("09", r"five natural canastas is (\d+);", (five_naturals,)),
        c("09", r"\*\*Exactly (\d+)\*\* points already needs \*\*(\d+)\*\* to open \(\"more than (10,000)\"",
          lambda m, _code: (italian.opening_table[-1][0], opening_minimum(10000, "italian"),
                            italian.opening_table[-1][0])),
        c("09", r"\*\*Openings:\*\* (\d+) from (\d+) points", pennies.opening_table[1][::-1]),
        c("09", r"other sources use (\d+) and (\d+) steps", tuple(m for _low, m in classic.opening_table[1:])),
        c("09", r"valem (\d+)\":\*\* read as \*\*all eight red threes = (\d+)\*\*",
          (pennies.red_three_bonuses[8], pennies.red_three_bonuses[8])),
        c("09", r"going-out meld has (\d+) to (\d+) cards", (pennies.meld_min_size, pennies.canasta_size)),
        c("09", r"\*\*Italian Canasta\*\*: (\d+) cards, (\d+) each, draw two;", (deck(italian), italian.hand_size)),
        c("09", r"openings without wild cards, up to (\d+);", (max(m for _low, m in italian.opening_table),)),
        c("09", r"going out (\d+), deuce canastas (\d+) / (\d+) for the team",
          (italian.going_out_bonus, bonus(italian, "deuce_natural"), bonus(italian, "deuce_mixed"))),
        c("09", r"teams of three, (\d+) cards, (\d+) each plus an (\d+)-card reserve",
          (deck(pennies), pennies.hand_size, pennies.reserve_size)),
        c("09", r"sevens canasta (\d+), wild canasta (\d+); red threes negative",
          (bonus(pennies, "sevens"), bonus(pennies, "wild"))),
        # 10 · Going out and the end of the game
        c("10", r"gives \*\*(\d+) cards\*\* to each", (classic.hand_size,)),
        c("10", r"Each red three scores (\d+) at the end of the hand, all four (\d+)", (bonuses[1], bonuses[4])),
        c("10", r"team earns (\d+) for it", (out,)),
        c("10", r"It earns (\d+) for going out instead of (\d+) \((\d+) in all, never (\d+)\)",
          (concealed, out, concealed, out + concealed)),
        c("10", r"a team reaches (\d+) or more\*\*", (target,)),
        c("10", r"even if both passed (\d+)\.", (target,)),
        c("10", r"until one team leads with at least (\d+)\.", (target,)),
        c("10", r"North–South at (\d+)", in_code("finish(({}, ")),
        c("10", r"East–West at (\d+) before the hand", in_code(", {}))")),
        c("10", r"both teams passed (\d+),", (target,)),
        c("10", r"\*\*tie\*\* above (\d+) after", (target,)),
        c("10", r"The deal: (\d+) cards each", (classic.hand_size,)),
        c("10", r"with or without a final discard \((\d+)\)\.", (out,)),
        c("10", r"canasta of your own \((\d+) in all\)", (concealed,)),
        c("10", r"in which a team reaches (\d+);", (target,)),
        # 11 · Brazilian Canastra and Tranca
        c("11", r"the (\d+), (\d+) and (\d+) scoring examples", (br_1885.total, br_195.total, tr_1420.total)),
        c("11", r"face-down reserve of (\d+) cards", (one([br.morto_size, tranca.morto_size]),)),
        c("11", r"a meld of (\d+) or more cards that earns a bonus", (one([br.canasta_size, tranca.canasta_size]),)),
        c("11", r"\*\*(\d+) face-down cards\*\*", (one([br.morto_size, tranca.morto_size]),)),
        c("11", r"a set of \*\*(\d+) or more aces\*\*", (one([br.meld_min_size, tranca.meld_min_size]),)),
        c("11", r"exactly \*\*(\d+) cards, no wild card\*\* — (\d+)\.", (br.canasta_size, bonus(br, "real"))),
        c("11", r"exactly \*\*(\d+) aces, no wild card\*\* — (\d+)\.", (br.canasta_size, bonus(br, "de_mil"))),
        c("11", r"exactly \*\*(\d+) cards with one joker\*\* — (\d+); in \*Tranca\* \*\*(\d+) or more cards, "
                r"no wild card\*\* — (\d+)\.",
          (br.canasta_size, bonus(br, "limpa"), tranca.canasta_size, bonus(tranca, "limpa"))),
        c("11", r"\*\*(\d+) or more cards\*\*, or (\d+) with \*\*one two\*\* — (\d+); in \*Tranca\* (\d+) or more "
                r"cards with \*\*one wild card\*\* — (\d+)\.",
          (br.canasta_size + 1, br.canasta_size, bonus(br, "suja"), tranca.canasta_size, bonus(tranca, "suja"))),
        c("11", r"(Four) players, partners opposite; \*\*play passes to the right\*\*\. (Two) packs with "
                r"\*\*(two) jokers\*\*",
          (one([br.player_count, tranca.player_count]), one([br.deck_count, tranca.deck_count]),
           one([br.joker_count, tranca.joker_count]))),
        c("11", r"\*\*two jokers\*\* \((\d+) cards\)\. Canastra deals \*\*(\d+) cards\*\* each, Tranca \*\*(\d+)\*\*; "
                r"each team gets its \*\*morto\*\* of (\d+)\.",
          (one([deck(br), deck(tranca)]), br.hand_size, tranca.hand_size, one([br.morto_size, tranca.morto_size]))),
        c("11", r"\*\*ends the hand\*\* \(\+(\d+)\)", (one([br.going_out_bonus, tranca.going_out_bonus]),)),
        c("11", r"needs \*\*(\d+)\*\* points \(\*\*(\d+)\*\* from (\d+)\)",
          (br.opening_below, br.opening_table[0][1], br.opening_table[0][0])),
        c("11", r"cards (\d+)–(\d+) are worth (\d+),", ranks_worth(br.card_values)),
        c("11", r"8–K and twos (\d+), aces (\d+), jokers (\d+)\.",
          (one([*br.card_values[8:14], br.card_values[2]]), br.card_values[1], br.card_values[0])),
        c("11", r"\*\*every card is worth (\d+)\*\*", (one(tranca.card_values),)),
        c("11", r"Both: −(\d+) for a morto never taken, −(\d+) for each player who laid down no card; game to (\d+)\.",
          (one([br.morto_not_taken_penalty, tranca.morto_not_taken_penalty]),
           one([br.no_meld_player_penalty, tranca.no_meld_player_penalty]),
           one([br.target_score, tranca.target_score]))),
        c("11", r"Four bots play (\d+) moves", in_code("range({})")),
        c("11", r"## Scoring: (\d+) and (\d+) \(Canastra\), (\d+) \(Tranca\)",
          (br_1885.total, br_195.total, tr_1420.total)),
        c("11", r"\*(\d+) \+ (\d+), (\d+) \+ (\d+), (\d+) \+ (\d+), red threes \+(\d+), batida (\d+), −(\d+) =\* "
                r"\*\*(\d+)\*\*:",
          (meld_value(real, br), bonus(br, "real"), meld_value(full[0], br), bonus(br, "limpa"),
           meld_value(full[1], br), bonus(br, "suja"), br.red_three_bonuses[2], br.going_out_bonus,
           meld_value("s3", br), br_1885.total)),
        c("11", r"\*(\d+) \+ (\d+) \+ (\d+), −(\d+), batida (\d+), −(\d+) =\* \*\*(\d+)\*\*:",
          (meld_value("h4 h5 h6 h7 h8 h9 h10 h11", br), meld_value(full[0], br), meld_value(full[1], br),
           br.red_three_bonuses[2], br.going_out_bonus, meld_value("s3", br), br_195.total)),
        c("11", r"Every card is worth (\d+)\. A limpa of seven \((\d+) \+ (\d+)\), a suja of eight with one two "
                r"\((\d+) \+ (\d+)\), all four red threes \(\+(\d+), the team has a limpa\), the second batida "
                r"(\d+), the partner keeps three cards \(−(\d+)\): \*\*(\d+)\*\*\.",
          (one(tranca.card_values), meld_value(tr_melds[0], tranca), bonus(tranca, "limpa"),
           meld_value(tr_melds[1], tranca), bonus(tranca, "suja"), tranca.red_three_bonuses[4],
           tranca.going_out_bonus, meld_value("c5 c9 d12", tranca), tr_1420.total)),
        c("11", r"(\d+) cards, play to the right, a \*\*morto\*\* of (\d+) per team",
          (one([deck(br), deck(tranca)]), one([br.morto_size, tranca.morto_size]))),
        c("11", r"\*\*real\*\* and \*\*limpa\*\* (\d+), \*\*de mil\*\* (\d+), \*\*suja\*\* (\d+) — limpa and suja "
                r"only with a real \((\d+) vs (\d+)\); Tranca: every card (\d+), \*\*limpa\*\* (\d+), \*\*suja\*\* "
                r"(\d+) \((\d+)\)\.",
          (one([bonus(br, "real"), bonus(br, "limpa")]), bonus(br, "de_mil"), bonus(br, "suja"), br_1885.total,
           br_195.total, one(tranca.card_values), bonus(tranca, "limpa"), bonus(tranca, "suja"), tr_1420.total)),
        c("12", r"from at least (\d+) simulated endings", (lesson12_verdicts()["min_endings"],)),
        c("12", r"stored verdict from (\d+) simulated endings\), and taking it with the two kings",
          (lesson12_verdict("take")["endings"],)),
    ]


def lesson12_verdicts() -> Any:
    """Lesson 12's stored coach verdicts (canasta_learn/data/lesson12_verdicts.json)."""
    import json

    path = Path(__file__).resolve().parents[2] / "canasta_learn" / "data" / "lesson12_verdicts.json"
    return json.loads(path.read_text(encoding="utf-8"))


def lesson12_verdict(name: str) -> Any:
    """The stored verdict ``name`` of lesson 12."""
    return next(v for v in lesson12_verdicts()["positions"] if v["name"] == name)


#: Numbers in the prose that are not game numbers, each with the reason.
ALLOWED = [
    Allowed("", r"^# \d\d ·", "the lesson's own number in its title"),
    Allowed("", r"\*\*\d\d ·", "the number of the next lesson, in a 'Next:' link"),
    Allowed("", r"[Ll]essons? \d\d(?:'s)?(?:(?:–| and | or |, )\d\d)*", "a reference to another lesson"),
    Allowed("", r"\(\d\d helps\)", "a reference to another lesson"),
    Allowed("09", r"the Brazilian games in \*\*11\*\*", "a reference to lesson 11"),
    Allowed("00", r"\| \d\d(?:, \d\d)* \|$", "the glossary's column of lessons that teach the word"),
    Allowed("", r"About \d+ minutes|Time \d+–\d+ minutes", "how long the lesson takes"),
    Allowed("", r"Worked example \d|Key moment \d|back to moment \d", "the number of an example in the lesson"),
    Allowed("", r"^ *\d\. ", "an ordinal of a numbered list (the steps of a turn)"),
    Allowed("", r"[Ss]eed \d+", "the number of a rule source's seed file or of a random seed"),
    Allowed("", r"seed=\d+", "a random seed passed to a widget in a code span"),
    Allowed("00", r"`1` ace, `2`–`10`, `11` jack, `12` queen, `13` king", "the card notation's rank numbers"),
    Allowed("00", r"not wild: 3 to king", "a range of ranks, not a count"),
    Allowed("01", r"\(4 to ace\)", "a range of ranks, not a count"),
    Allowed("01", r"Sequences \(5-6-7\)", "the ranks of an example sequence"),
    Allowed("11", r"from 4 up to the ace|from 4 to the ace", "a range of ranks, not a count"),
    Allowed("11", r"8–K", "a range of ranks (its value is claimed)"),
    Allowed("11", r"becomes 5, joker \(= 6\), 7", "the ranks of the example run, in order"),
    Allowed("11", r"`N swap 101: h7`", "a meld number in the action notation"),
    Allowed("05", r"final_state\(0\)", "a round index in a code span"),
    Allowed("12", r"the 95% margin", "the confidence level of a margin, not a game number"),
    Allowed("03", r"Your team has 2000 points\. You hold", "the exercise's given score (the learner asks the engine)"),
    Allowed("09", r"at a score of 0\? Ask the engine", "the exercise's given score (the learner asks the engine)"),
]


def code_claims() -> list[Claim]:
    """The numbers of the code cells' strings and comments (quiz questions and choices, labels)."""
    classic = get_profile("classic")

    def c(lesson: str, pattern: str, expected: Expected) -> Claim:
        return Claim(lesson, pattern, expected)

    def same_as_argument(m: re.Match[str], _code: str) -> tuple[int, ...]:
        """A label that names the argument of the call that computes the value beside it."""
        return (value(m[2]), value(m[2]))

    return [
        c("01", r"# (\d+) \+ (\d+) \+ (\d+) \+ (\d+) = (\d+) \(a joker instead of the two: (\d+)\)",
          (*(meld_value(card) for card in "h12 d12 s12 d2".split()), meld_value("h12 d12 s12 d2"),
           meld_value("h12 d12 s12 jk"))),
        c("04", r"axhline\((\d+), .*label=\"target (\d+)\"", (classic.target_score, classic.target_score)),
        c("04", r"bonus = \"(\d+)\" if is_natural_canasta\(kings_and_two, get_profile\(\"classic\"\)\) "
                r"else \"(\d+)\"", (classic.natural_canasta_bonus, classic.mixed_canasta_bonus)),
        c("04", r"nines_bonus = \"(\d+)\" if is_natural_canasta\(nines_and_joker, get_profile\(\"classic\"\)\) "
                r"else \"(\d+)\"", (classic.natural_canasta_bonus, classic.mixed_canasta_bonus)),
        c("04", r"What bonus does it earn now\?\",\n *\[\"(\d+)\", \"(\d+)\"\]",
          (classic.natural_canasta_bonus, classic.mixed_canasta_bonus)),
        c("04", r"\"Yes, concealed: (\d+) in all\"", (classic.concealed_going_out_bonus,)),
        c("04", r"\"Yes: (\d+)\"", (classic.going_out_bonus,)),
        c("09", r"the opening minimum at (\d+) is \{italian\.opening_minimum\((\d+)\)\}", same_as_argument),
        c("09", r"the opening minimum at (\d+) is \"\n *f\"\{pennies\.opening_minimum\((\d+)\)\}",
          same_as_argument),
        c("10", r"\"Yes: (\d+) in all\"", (classic.concealed_going_out_bonus,)),
        c("10", r"\"No: going out, (\d+)\"", (classic.going_out_bonus,)),
        c("11", r"\"opening at (\d+)\": opening_minimum\((\d+), p\)", same_as_argument),
        c("12", r"North holds (\d+)♦ (\d+)♠ (\d+)♣ (\d+)♠ (\d+)♥ and must discard",
          lambda _m, _code: tuple(card.rank for card in
                                  parse_cards(lesson12_verdict("other_freeze")["state"]["hands"][0]))),
    ]


#: Numbers in the code cells' strings and comments that are not game numbers.
CODE_ALLOWED = [
    Allowed("", r"\"\d+: [shdc]\d+\"", "a meld's number in the action notation (\"13: h13\" adds h13 to meld 13)"),
    Allowed("06", r"lessons 09 \(Italian, Pennies\) and 11", "a reference to other lessons"),
    Allowed("12", r"encoding=\"utf-8\"", "the encoding of the stored verdicts' file"),
    Allowed("08", r"DrillQuiz\(\"\w+\", seed=\d+\)",
            "the seed of a drill quiz in the example lesson (which position the generator deals)"),
    Allowed("08", r"Python 3 \(ipykernel\)|name: python3|\"utf-8\"", "the example lesson's kernel and encoding"),
    Allowed("08", r"^# \d\d ·|Lesson \d\d\.|Time \d+ minutes", "the example lesson's number, prerequisite and time"),
]


def covered(only: str = "", claimed: list[Claim] | None = None, in_code_cells: bool = False
            ) -> tuple[dict[tuple[str, int, int], str], list[str]]:
    """Which number spans the claims and allowances cover, and every mismatch found (of the
    lesson ``only``, or of all lessons; of the Markdown cells, or of the code cells). A claim's
    named groups capture context (cards), not stated numbers."""
    spans: dict[tuple[str, int, int], str] = {}
    problems: list[str] = []
    if claimed is None:
        claimed = code_claims() if in_code_cells else claims()

    def cells_of(lesson: str) -> list[tuple[int, str]]:
        return code_cells()[lesson] if in_code_cells else lessons()[lesson][0]

    for claim in claimed:
        if only and claim.lesson != only:
            continue
        cells, code = cells_of(claim.lesson), lessons()[claim.lesson][1]
        hits = 0
        for index, source in cells:
            for m in re.finditer(claim.pattern, source, flags=re.M):
                hits += 1
                numbers = [g for g in range(1, len(m.groups()) + 1) if g not in m.re.groupindex.values()]
                stated = tuple(value(m[g]) for g in numbers)
                expected = claim.expected(m, code) if callable(claim.expected) else claim.expected
                if stated != tuple(expected):
                    problems.append(f"lesson {claim.lesson} says {m.group()!r}: the engine says {expected}")
                for group in numbers:
                    spans[(claim.lesson, index, m.start(group))] = "claim"
        if not hits:
            problems.append(f"lesson {claim.lesson} no longer says {claim.pattern!r}: drop or update the claim")
    for allowed in CODE_ALLOWED if in_code_cells else ALLOWED:
        hits = 0
        for lesson in lessons():
            if allowed.lesson not in ("", lesson) or (only and lesson != only):
                continue
            for index, source in cells_of(lesson):
                for m in re.finditer(_p(allowed.pattern), source, flags=re.M):
                    hits += 1
                    for n in NUMBER.finditer(source, m.start(), m.end()):
                        spans.setdefault((lesson, index, n.start()), "allowed")
        if not hits and not only:
            problems.append(f"the allowance {allowed.pattern!r} ({allowed.reason}) matches nothing: drop it")
    return spans, problems


def test_the_inventory_finds_the_prose_numbers() -> None:
    """The inventory is not empty and reads numbers as the prose writes them."""
    found = list(inventory())
    assert len(found) > 400
    assert {"108", "5000", "925", "12,000", "20,000"} <= {m.text for m in found}
    assert not any(m.text in ("13", "2") and "`h13`" in m.context[38:45] for m in found)


def test_every_number_in_the_prose_is_what_the_engine_says() -> None:
    """Each claim's numbers are the engine's (profile constants, meld values, minimums, scores)."""
    _spans, problems = covered()
    assert problems == [], "\n".join(problems)


def test_every_number_in_the_prose_is_checked() -> None:
    """A number in a lesson's prose is either claimed (checked against the engine) or allowed
    as no game number: a new number must come with its check."""
    spans, _problems = covered()
    unchecked = [f"lesson {m.lesson} cell {m.cell}: {m.text!r} in …{m.context}…" for m in inventory()
                 if (m.lesson, m.cell, m.start) not in spans]
    assert unchecked == [], "numbers neither checked nor allowed:\n" + "\n".join(unchecked)


def test_a_changed_number_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a wrong bonus in lesson 04 is reported, and so is a new number
    that nothing checks."""
    cells, code = lessons()["04"]
    wrong = [(i, s.replace("mixed one 300", "mixed one 350")) for i, s in cells]
    monkeypatch.setitem(lessons(), "04", (wrong, code))
    _spans, problems = covered()
    assert any("mixed one 350" in p for p in problems), problems
    extra = [(i, s + "\n\nA new number: 77.") for i, s in cells]
    monkeypatch.setitem(lessons(), "04", (extra, code))
    spans, _problems = covered()
    assert any(m.text == "77" and (m.lesson, m.cell, m.start) not in spans for m in inventory())


def test_each_checked_number_is_really_compared_with_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """No claim is a tautology: each claimed number, written 10 higher in the prose, is reported
    (a claim that read its expected value back from the text would let a slip through)."""
    spans, _problems = covered()
    claimed = claims()
    original = dict(lessons())
    missed = []
    for m in inventory():
        if spans.get((m.lesson, m.cell, m.start)) != "claim":
            continue
        cells, code = original[m.lesson]
        slip = str(value(m.text) + 10)
        edited = [(i, s[:m.start] + slip + s[m.end:] if i == m.cell else s) for i, s in cells]
        monkeypatch.setitem(lessons(), m.lesson, (edited, code))
        _spans, problems = covered(m.lesson, claimed)
        if not problems:
            missed.append(f"lesson {m.lesson} cell {m.cell}: {m.text} -> {slip} in …{m.context}…")
    assert missed == [], "\n".join(missed)


def test_each_number_written_as_a_word_is_compared_with_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same for the rule constants the prose writes in words ("a meld of seven or more
    cards"): one word higher ("eight or more") is reported."""
    claimed = claims()
    higher = {n: word for word, n in WORDS.items()}
    original = dict(lessons())
    missed, tried = [], 0
    for claim in claimed:
        cells, code = original[claim.lesson]
        for index, source in cells:
            for m in re.finditer(claim.pattern, source, flags=re.M):
                for group in range(1, len(m.groups()) + 1):
                    if m[group].lower() not in WORDS or value(m[group]) + 1 not in higher:
                        continue
                    tried += 1
                    slip = higher[value(m[group]) + 1]
                    edited = [(i, s[:m.start(group)] + slip + s[m.end(group):] if i == index else s)
                              for i, s in cells]
                    monkeypatch.setitem(lessons(), claim.lesson, (edited, code))
                    _spans, problems = covered(claim.lesson, claimed)
                    monkeypatch.setitem(lessons(), claim.lesson, original[claim.lesson])
                    if not problems:
                        missed.append(f"lesson {claim.lesson}: {m[group]} -> {slip} in {m.group()!r}")
    assert tried >= 25 and missed == [], "\n".join(missed)


def test_every_number_in_the_code_cells_text_is_checked() -> None:
    """The numbers a learner reads in code cells (quiz questions and choices, labels,
    comments) are claimed or allowed too, and each claim holds."""
    spans, problems = covered(in_code_cells=True)
    assert problems == [], "\n".join(problems)
    found = list(code_inventory())
    assert {"1500", "200", "100"} <= {m.text for m in found}
    unchecked = [f"lesson {m.lesson} cell {m.cell}: {m.text!r} in …{m.context}…" for m in found
                 if (m.lesson, m.cell, m.start) not in spans]
    assert unchecked == [], "numbers neither checked nor allowed:\n" + "\n".join(unchecked)


def test_each_checked_number_in_code_cells_is_really_compared(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each claimed number of a code cell's text, written 10 higher, is reported."""
    spans, _problems = covered(in_code_cells=True)
    claimed = code_claims()
    original = dict(code_cells())
    missed = []
    for m in code_inventory():
        if spans.get((m.lesson, m.cell, m.start)) != "claim":
            continue
        slip = str(value(m.text) + 10)
        edited = [(i, s[:m.start] + slip + s[m.end:] if i == m.cell else s) for i, s in original[m.lesson]]
        monkeypatch.setitem(code_cells(), m.lesson, edited)
        _spans, problems = covered(m.lesson, claimed, in_code_cells=True)
        monkeypatch.setitem(code_cells(), m.lesson, original[m.lesson])
        if not problems:
            missed.append(f"lesson {m.lesson} cell {m.cell}: {m.text} -> {slip} in …{m.context}…")
    assert missed == [], "\n".join(missed)
