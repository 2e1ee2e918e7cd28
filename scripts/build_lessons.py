"""Build the lesson notebooks from the text held in this script.

Every lesson's cells live here as plain text, so they can be reviewed in a diff and
regenerated at will. The notebooks are written without outputs (``execution_count`` null,
``outputs`` empty), with ``python3`` kernelspec metadata, deterministic cell ids, cell tags
(``solution`` on answer cells, removed by ``canasta-learn export --student``; ``quiz`` on
self-check cells; ``check-...`` on cells whose output the tests compare with the rule
sources) and slideshow metadata (each ``##`` section starts a slide).

This script is the single source of the lessons. It writes identical copies to
``notebooks/`` (what Binder and the README link to) and ``canasta_learn/lessons/`` (package
data, so ``canasta-learn lessons`` works from an installed wheel)::

    python scripts/build_lessons.py          # write both folders
    python scripts/build_lessons.py --check  # exit 1 if either folder is out of date
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
TARGETS = (ROOT / "notebooks", ROOT / "canasta_learn" / "lessons")

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


@dataclass
class Cell:
    """One cell: ``kind`` is "markdown" or "code"; ``tags`` go into the cell metadata."""

    kind: str
    source: str
    tags: list[str] = field(default_factory=list)


@dataclass
class Lesson:
    """A lesson: its file stem (``03_opening_minimums``), title and cells."""

    name: str
    title: str
    cells: list[Cell]


def md(text: str, *tags: str) -> Cell:
    """A markdown cell (leading/trailing blank lines removed)."""
    return Cell("markdown", text.strip("\n"), list(tags))


def code(text: str, *tags: str) -> Cell:
    """A code cell (leading/trailing blank lines removed)."""
    return Cell("code", text.strip("\n"), list(tags))


def intro(title: str, learn: str, need: str, time: str) -> Cell:
    """The opening cell every lesson shares: title, what you'll learn, what you need, time."""
    return md(
        f"# {title}\n\n### What you'll learn\n{learn.strip()}\n\n"
        f"### What you need\n{need.strip()}\n\n### Time\n{time.strip()}"
    )


SETUP_NOTE = (
    "Run the cells from top to bottom (**Shift+Enter**, or *Run ▸ Run All Cells*). "
    "Nothing here needs a network connection."
)

# =========================================================================== 00 start here
L00 = Lesson("00_start_here", "Start here", [
    intro(
        "00 · Start here: Canasta in ten minutes",
        """
- what Canasta is and what happens in a turn;
- how these lessons work: read a rule, see it with cards, try it with a widget, check
  yourself with a quiz;
- how to read the engine's **verdicts**: every answer says *why*, never just *no*.
""",
        f"Nothing but this notebook. {SETUP_NOTE}",
        "About 10 minutes.",
    ),
    md("""
## What Canasta is

Canasta is a rummy game for **four players in two partnerships**; partners sit opposite each
other (North and South against East and West). It is played with two ordinary packs plus four
jokers: **108 cards**.

On your turn you

1. **draw** the top card of the stock, *or* take the whole discard pile (when the rules let you);
2. **meld** if you wish: lay down sets of three or more cards of the same rank;
3. **discard** one card face up on the discard pile.

Partners share their melds. A meld of seven or more cards is a **canasta**; a team needs one
before it may **go out** (get rid of all its cards). Points come from the cards you melded and
from bonuses; the first team to reach **5000** wins the game.
"""),
    md("""
## How the lessons work

Every lesson states each rule **once, in plain words**, shows it with cards, lets you try it
with a widget, and ends with **self-check quizzes**. Nothing is hard-coded: every answer comes
from the rules engine `canasta_learn`, which checks each move and explains its verdict.

Cards are written in a short notation: a suit letter (`c` clubs, `d` diamonds, `h` hearts,
`s` spades) followed by the rank (`1` ace, `2`–`10`, `11` jack, `12` queen, `13` king);
`jk` is a joker. Run the next cell: a list of cards is drawn as cards.
"""),
    code("""
from canasta_learn import Position, Round, check_meld, get_profile, parse_cards, profile_names

parse_cards("h10 s1 c11 d12 d13 jk h2")
""", "setup"),
    md("""
## A quick tour of a hand

`Round(seed=...)` deals a hand (the same seed always deals the same cards). Displaying the
round draws the whole table: each team's melds and red threes, the stock, the discard pile,
and whose turn it is.
"""),
    code("""
rnd = Round(seed=2024)
rnd
"""),
    md("""
The engine knows every legal move. East (left of the dealer, North) starts; before drawing,
the only legal move here is to draw from the stock:
"""),
    code("""
rnd.legal_actions()
"""),
    md("""
Ask for something illegal and you get a **verdict**: `ok` (legal or not), a stable `code`,
and a message that says why and what would make it legal.
"""),
    code("""
rnd.check("E discard jk")
"""),
    code("""
from canasta_learn.cards import CardList  # a list of cards that is drawn as cards

rnd.apply("E draw")
CardList(rnd.hands[1])  # East's hand after drawing (a red three is laid down and replaced)
"""),
    code("""
[action.text(4) for action in rnd.legal_actions()][:8]
"""),
    md("""
## Verdicts

The same kind of verdict answers every question, from "is this a meld?" to "may I take the
pile?". A verdict is *truthy* when the move is legal, so `if check_meld(...):` reads
naturally.
"""),
    code("""
check_meld("h5 h5 jk")
"""),
    code("""
check_meld("h5 jk d2")
"""),
    md("""
## Rule profiles

Canasta is played with small differences from table to table. The engine names each set of
rules a **profile**; `classic` is the default, and every lesson says which one it uses.
"""),
    code("""
{name: get_profile(name).description for name in profile_names()}
"""),
    md("""
## Try it: pick cards from a hand

Here is East's hand as a widget. Click cards (or move with **Tab** and select with **Space**)
and the engine judges your selection at once: is it a meld?
"""),
    code("""
import ipywidgets as widgets

from canasta_learn.render import verdict_html
from canasta_learn.widgets import HandWidget

east = HandWidget(rnd.hands[1], label="East's hand")
meld_verdict = widgets.HTML("<i>Select cards to see the engine's verdict.</i>")


def show_verdict(_change=None):
    \"\"\"Show the engine's verdict on the selected cards.\"\"\"
    if east.selected:
        meld_verdict.value = verdict_html(check_meld(east.selected))


east.observe(show_verdict, names="selected")
widgets.VBox([east, meld_verdict])
"""),
    md("""
Selecting from Python does exactly what a click does:
"""),
    code("""
east.selected = ["d1", "s1", "c2"]
check_meld(east.selected)
"""),
    md("""
## Check yourself

Click an answer. The right answer and its explanation come from the engine's verdict.
"""),
    code("""
from canasta_learn.widgets import Quiz, QuizSet


def meld_quiz(cards, profile="classic"):
    \"\"\"A yes/no question whose answer and explanation are the engine's check_meld verdict.\"\"\"
    verdict = check_meld(cards, profile)
    return Quiz(f"Is {cards} a legal meld?", ["Yes", "No"], "Yes" if verdict.ok else "No",
                verdict)


quizzes = QuizSet([
    meld_quiz("h5 h5 jk"),
    meld_quiz("h5 jk d2"),
    meld_quiz("c9 d9 h9 s9 d2 c2 jk"),
    Quiz("Can North take the pile?",
         Position("c6 c6 h7 d8", discard_pile="s9 d6", team_melds=["h13 s13 s13"]),
         kind="can_take_pile"),
])
quizzes
""", "quiz"),
    md("""
**Exercise.** Is `s12 d12 c12 jk` a legal meld? Ask the engine in the empty cell, then compare
with the answer below it.
"""),
    code("""
# your answer here
"""),
    code("""
check_meld("s12 d12 c12 jk")
""", "solution"),
    md("""
## Summary

- Canasta: four players, two partnerships, 108 cards; draw, meld, discard; canastas of 7 cards;
  a team needs a canasta to go out; 5000 points wins.
- Cards are written `h10`, `s1`, `c11`, `jk`; a list of cards is drawn as cards.
- The engine answers every question with a **verdict**: legal or not, a code and the reason.
- Next: **01 · Cards and melds**.
"""),
    md("""
## Try it yourself

Change the cards and run the cell again: is it a meld? Why (not)?
"""),
    code("""
check_meld("h7 d7 c2")
"""),
])

# =========================================================================== 01 cards and melds
L01 = Lesson("01_cards_and_melds", "Cards and melds", [
    intro(
        "01 · Cards and melds",
        """
- the deck and what each card is worth;
- wild cards (jokers and twos) and natural cards;
- what makes a **meld** legal, and what makes it a **canasta** (natural or mixed);
- the special threes: black threes and red threes.
""",
        f"Lesson 00 (how to read cards and verdicts). {SETUP_NOTE}",
        "About 15 minutes.",
    ),
    code("""
from canasta_learn import check_meld, get_profile, meld_value, parse_cards
from canasta_learn.cards import new_deck

classic = get_profile("classic")
""", "setup"),
    md("""
## The deck

Two 52-card packs and four jokers: **108 cards**, so there are at most two of any card (two
`h5`, never three) and four jokers.
"""),
    code("""
deck = new_deck()
len(deck), sum(card.is_joker for card in deck)
"""),
    md("""
## What cards are worth

| Cards | Points |
|---|---|
| joker | 50 |
| ace, two | 20 |
| king, queen, jack, ten, nine, eight | 10 |
| seven, six, five, four, black three | 5 |
| red three | no card value: a bonus card (see lesson 04) |

The engine holds the same table (ranks 0 = joker, 1 = ace … 13 = king):
"""),
    code("""
{rank: classic.card_value(rank) for rank in range(14)}
"""),
    md("""
## Wild cards and naturals

**Jokers and twos are wild**: in a meld they stand in for any rank. Every other card is a
**natural**.
"""),
    code("""
hand = parse_cards("jk h2 s2 h13 c4 s3")
[(str(card), card.is_wild) for card in hand]
"""),
    code("""
hand
"""),
    md("""
## Melds

A **meld** is three or more cards of one rank (fours up to aces), with **at least two
naturals** and **at most three wild cards**. Sequences (5-6-7) are not melds in this game,
and wild cards alone are never a meld. Your meld is worth the sum of its cards' values.
"""),
    code("""
check_meld("h13 d13 jk")
"""),
    code("""
check_meld("h13 jk d2")  # one natural king only
"""),
    code("""
check_meld("h5 h6 h7")  # a sequence
"""),
    code("""
check_meld("h9 d9 jk jk d2 c2")  # four wild cards
"""),
    code("""
meld_value("h13 d13 jk")
"""),
    md("""
Partners **share melds**, and a team has at most **one meld per rank**: melding tens when
the team already has tens adds to that meld. Nobody adds to the opponents' melds.

One rule differs between profiles: on cardgames.io (`cardgames_io`) a meld must hold **more
naturals than wild cards**, so `h5 h5 d2 d2` is legal in `classic` and refused there.
"""),
    code("""
check_meld("h5 h5 d2 d2", "classic"), check_meld("h5 h5 d2 d2", "cardgames_io")
"""),
    md("""
## Canastas

A meld of **seven or more cards** is a **canasta**. With no wild card it is a **natural**
canasta (bonus 500); with one or more it is **mixed** (bonus 300). Adding a wild card to a
natural canasta makes it mixed. Natural cards can always be added.
"""),
    code("""
natural = parse_cards("s13 s13 h13 h13 d13 c13 c13")
mixed = parse_cards("s9 h9 h9 d9 c9 jk d2")
natural
"""),
    code("""
mixed
"""),
    code("""
check_meld(natural), check_meld(mixed)
"""),
    md("""
## Black threes and red threes

- **Black threes** (`c3`, `s3`) cannot be melded, except as the last meld of a player going
  out: three or four black threes, no wild cards. Their main use is defensive: a black three
  on top of the discard pile **blocks** it for the next player (lesson 02).
- **Red threes** (`h3`, `d3`) are never melded. As soon as you get one you lay it face up in
  front of you and draw a replacement. Each is worth a bonus of 100 at the end of the hand
  (all four: 800), or a penalty if your team melded nothing (lesson 04).
"""),
    code("""
check_meld("s3 s3 c3")
"""),
    code("""
check_meld("s3 s3 c3", going_out=True)
"""),
    code("""
check_meld("h3 d3 h3")
"""),
    md("""
## Try it: build melds

Select cards in this hand; the engine checks the selection as a meld (and says whether it is a
canasta, natural or mixed). Try a legal meld, a sequence, too many wild cards, black threes.
"""),
    code("""
import ipywidgets as widgets

from canasta_learn.render import verdict_html
from canasta_learn.widgets import HandWidget

builder = HandWidget("s9 h9 h9 d9 c9 s9 d2 jk jk c2 h5 h6 h7 s3 c3 s3", label="Build a meld")
builder_verdict = widgets.HTML("<i>Select cards to see the engine's verdict.</i>")


def judge(_change=None):
    \"\"\"Show the engine's verdict on the selection.\"\"\"
    if builder.selected:
        builder_verdict.value = verdict_html(check_meld(builder.selected))


builder.observe(judge, names="selected")
widgets.VBox([builder, builder_verdict])
"""),
    md("""
## Check yourself
"""),
    code("""
from canasta_learn.melds import is_canasta, is_natural_canasta
from canasta_learn.widgets import Quiz, QuizSet


def meld_quiz(cards, profile="classic"):
    \"\"\"A yes/no question whose answer and explanation are the engine's check_meld verdict.\"\"\"
    verdict = check_meld(cards, profile)
    return Quiz(f"Is {cards} a legal meld in the {profile} profile?", ["Yes", "No"],
                "Yes" if verdict.ok else "No", verdict, profile=profile)


def canasta_quiz(cards):
    \"\"\"Natural, mixed or no canasta: the engine decides and explains.\"\"\"
    meld = parse_cards(cards)
    kind = ("Natural canasta (500)" if is_natural_canasta(meld, classic)
            else "Mixed canasta (300)" if is_canasta(meld, classic) else "Not a canasta")
    return Quiz(f"What is {cards}?",
                ["Natural canasta (500)", "Mixed canasta (300)", "Not a canasta"], kind,
                check_meld(meld))


QuizSet([
    meld_quiz("h13 jk d2"),
    meld_quiz("h5 h5 d2 d2", "cardgames_io"),
    meld_quiz("s3 s3 c3"),
    canasta_quiz("s9 h9 h9 d9 c9 jk d2"),
    canasta_quiz("h12 h12 d12 s12 c12 c12"),
])
""", "quiz"),
    md("""
**Exercise.** Make a legal meld of queens worth exactly 50 points. Write it in the empty
cell, check it with `check_meld` and `meld_value`, then compare with the answer.
"""),
    code("""
# your answer here
"""),
    code("""
answer = "h12 d12 s12 d2"  # 10 + 10 + 10 + 20 = 50 (a joker instead of the two: 80)
check_meld(answer), meld_value(answer)
""", "solution"),
    md("""
## Summary

- 108 cards; jokers 50, aces and twos 20, eights to kings 10, fours to sevens and black
  threes 5; red threes are bonus cards.
- Jokers and twos are wild. A meld: 3+ cards of one rank (4 to ace), at least 2 naturals,
  at most 3 wilds, never a sequence. `cardgames_io` also wants more naturals than wilds.
- Seven or more cards make a canasta: natural (no wilds, 500) or mixed (300).
- Black threes only go down when going out; red threes are never melded.
- Next: **02 · Frozen and blocked piles**.
"""),
    md("""
## Try it yourself

Edit the cards and run: is it a meld, a canasta, natural or mixed?
"""),
    code("""
cards = "d8 d8 h8 c8 s8 jk"
check_meld(cards), meld_value(cards)
"""),
])

# =========================================================================== 02 piles
L02 = Lesson("02_frozen_and_blocked_piles", "Frozen and blocked piles", [
    intro(
        "02 · Taking the pile: frozen and blocked piles",
        """
- when you may take the discard pile and what you must do with its top card;
- **blocked** piles (a black three or a wild card on top) and **frozen** piles (a wild card or
  red three buried in it, or a team that has not opened);
- what unfreezes the pile;
- the four worked examples of the rule sources, live: Bill, Mike, Lisa, and Bill again.
""",
        f"Lessons 00 and 01 (cards, melds, verdicts). {SETUP_NOTE}",
        "About 20 minutes.",
    ),
    code("""
from canasta_learn import Position, Round
""", "setup"),
    md("""
## Taking the pile

Instead of drawing from the stock you may take the **whole discard pile** — often a rich
reward. But the **top card must go into a meld at once**, using one of:

- a **natural pair** of its rank from your hand;
- **one natural** of its rank **plus one wild card** from your hand;
- your team's **existing meld** of that rank.

The top card is melded first; only then does the rest of the pile join your hand.

A `Position` describes the situation of the player to move: hand, discard pile (bottom to
top), the team's melds, its score. Displaying it draws it.
"""),
    md("""
### Worked example 1 — Bill takes the pile

*Bill holds c6 c6 h7 d8 and the top card is d6. He shows his two sixes, melds them with the
six from the pile, then picks up the rest of the pile and continues his turn.*
"""),
    code("""
bill = Position("c6 c6 h7 d8", discard_pile="s9 d6", team_melds=["h13 s13 s13"])
bill
"""),
    code("""
bill.check_take_pile()
""", "check-seed000-bill"),
    md("""
Played out in a round: the sixes go down with the `d6`, then the `s9` under it joins the hand.
"""),
    code("""
from canasta_learn.cards import CardList  # a list of cards that is drawn as cards

rnd = bill.round
rnd.take_pile("c6 c6")
CardList(rnd.melds[0][6])  # the team's new meld of sixes
"""),
    code("""
CardList(rnd.hands[0])  # Bill's hand: h7 d8 and the s9 from under the d6
"""),
    md("""
## Blocked piles

A pile whose **top card is a black three or a wild card is blocked**: nobody may take it,
whatever they hold. (That is why players discard black threes: a safe, blocking discard.) In
`classic` and `cardgames_io` a black three blocks only while it is on top.
"""),
    code("""
blocked = Position("h9 h9 c5 c6", discard_pile="h4 d9 s3", team_melds=["h13 s13 s13"])
blocked.pile_status()
"""),
    code("""
Position("h9 h9 c5 c6", discard_pile="h4 d9 jk", team_melds=["h13 s13 s13"]).check_take_pile()
"""),
    md("""
## Frozen piles

A pile is **frozen**

- **for everyone** while a wild card (or the red three of the first upcard) is **buried** in
  it — the player who discarded it turns it sideways so everyone sees;
- **for a team that has not opened** yet (no meld this hand), always.

To take a frozen pile you need a **natural pair of the top card's rank from your hand**. One
natural plus a wild card will not do, and neither will your team's meld of that rank.
"""),
    md("""
### Worked example 2 — Mike and the frozen pile

*Mike holds h5 d2 d2 s12 d12, the top card is s5 and the pile is frozen. Normally he could
meld h5 s5 d2, but because the pile is frozen he needs a pair of fives from his own hand. He
draws from the stock instead.*
"""),
    code("""
mike = Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])
mike
"""),
    code("""
mike.check_take_pile()
""", "check-seed000-mike"),
    md("""
"Normally he could": if nothing wild were buried, `h5 d2` with the top `s5` would take it.
"""),
    code("""
Position("h5 d2 d2 s12 d12", discard_pile="h9 s5", team_melds=["h13 s13 s13"]).check_take_pile()
"""),
    md("""
### Worked example 3 — Lisa adds the top card to her team's meld

*The top card is h13. Lisa holds no kings, but her team has melded d13 d13 c13 h2, so she
simply adds the king to that meld and takes the rest of the pile.*
"""),
    code("""
lisa = Position("c6 h7 d8", discard_pile="s9 h13", team_melds=["d13 d13 c13 h2"])
lisa.check_take_pile()
""", "check-seed000-lisa"),
    md("""
### Worked example 4 — Bill and the frozen pile with a team meld

*The pile is frozen and the top card is h13. Bill's team has a meld of kings, but he has no
pair of kings in his hand, so he cannot add the top card: he must draw from the stock.*
"""),
    code("""
bill_frozen = Position("c6 h7 d8 h13", discard_pile="s9 jk c8 h13",
                       team_melds=["d13 c13 c13 h2"])
bill_frozen
"""),
    code("""
bill_frozen.check_take_pile()
""", "check-seed000-bill-frozen"),
    md("""
### Frozen for a team that has not opened

Until its first meld of the hand, a team faces a frozen pile even with nothing wild in it —
and taking the pile must then also make the **opening** (lesson 03), counting the top card but
never the buried cards.
"""),
    code("""
Position("h7 c7 c9", discard_pile="s12 d7", team_opened=False).check_take_pile()
"""),
    md("""
## What unfreezes the pile

**Taking it.** The pile is then empty; the next discard starts an open pile (unless it is a
wild card, which freezes it again). And a team's pile stops being frozen "for them" once the
team has opened.
"""),
    code("""
rnd = Round.from_state(hands=["h9 h9 c5 c6 d8"], pile="s4 jk d9", melds=[["h13 s13 s13"]],
                       stock="c4 c4 h4")
before = rnd.pile_status(0).state
rnd.take_pile("h9 h9")
rnd.discard("c5")
before, rnd.pile_status(0).state
"""),
    md("""
## Try it: the pile explorer

Start from Mike's position and change it: give him a second five, remove the buried `c2`,
put a black three on top, untick "opened"… The explorer shows the pile's state and whether and
how it can be taken, at every keystroke.
"""),
    code("""
from canasta_learn.widgets import PileExplorer

PileExplorer(hand="h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds="h13 s13 s13")
"""),
    md("""
## Check yourself
"""),
    code("""
from canasta_learn.widgets import Quiz, QuizSet

QuizSet([
    Quiz("Mike holds h5 d2 d2 s12 d12. Can he take the pile?", mike, kind="can_take_pile"),
    Quiz("Lisa holds no kings. Can she take the pile?", lisa, kind="can_take_pile"),
    Quiz("Bill's team has a meld of kings. Can he take this frozen pile?", bill_frozen,
         kind="can_take_pile"),
    Quiz("What state is this pile in?", blocked, kind="pile_state"),
    Quiz("Your team has not opened yet. What state is the pile in for you?",
         Position("h7 c7 c9", discard_pile="s12 d7", team_opened=False), kind="pile_state"),
])
""", "quiz"),
    md("""
**Exercise.** Ann holds `h10 d10 jk c4` and the top card is `s10`; a joker is buried in the
pile. Can she take it, and how? Build the position and ask the engine.
"""),
    code("""
# your answer here
"""),
    code("""
ann = Position("h10 d10 jk c4", discard_pile="s6 jk s10", team_melds=["h13 s13 s13"])
ann.check_take_pile()  # yes: the pile is frozen and she holds a natural pair of tens
""", "solution"),
    md("""
## Summary

- Take the pile only if its top card goes into a meld at once: a natural pair, one natural
  plus a wild card, or your team's meld of that rank.
- **Blocked**: a black three or wild card on top — nobody may take it.
- **Frozen**: a buried wild card or red three (for everyone), or a team that has not opened —
  you need a natural pair from your hand; the team's meld does not help.
- Taking the pile unfreezes it.
- Next: **03 · Opening minimums**.
"""),
    md("""
## Try it yourself

Change the hand, the pile (bottom to top) or the team's melds, and run the cell.
"""),
    code("""
mine = Position("h8 jk c5 c6", discard_pile="s9 c2 h8", team_melds=["h13 s13 s13"])
mine.pile_status(), mine.check_take_pile()
"""),
])

# =========================================================================== 03 openings
L03 = Lesson("03_opening_minimums", "Opening minimums", [
    intro(
        "03 · Opening minimums",
        """
- the **opening minimum**: how much a team's first melds of a hand must be worth;
- the table and its exact boundaries;
- combining several melds; what counts (the top card of the pile) and what never does
  (buried pile cards, bonuses, red threes); keeping a card to discard;
- the four worked examples of the rule sources (1100, 1500, 3000 and 1800 points), live.
""",
        f"Lessons 01 and 02. {SETUP_NOTE}",
        "About 20 minutes.",
    ),
    code("""
import pandas as pd

from canasta_learn import Position, Round, opening_minimum
""", "setup"),
    md("""
## The rule

The first meld a team makes in each hand is its **opening**. Its cards must be worth at least
a **minimum** that depends on the team's total score at the start of the hand:

| Team's total score | Opening minimum |
|---|---|
| below 0 | 15 |
| 0 to 1495 | 50 |
| 1500 to 2995 | 90 |
| 3000 or more | 120 |

The engine computes the same table. Look at the boundaries: exactly 1500 already needs 90.
"""),
    code("""
scores = [-50, -5, 0, 1495, 1500, 2995, 3000, 4500]
pd.DataFrame({"team score": scores, "minimum": [opening_minimum(s) for s in scores]})
""", "check-opening-table"),
    md("""
## What counts

- **Only card values count**: no canasta bonus, and red threes never.
- **Several melds laid in the same turn add up.**
- When you take the pile to open, the **top card counts**, but the **buried cards never do**:
  the minimum must be met with the top card and the cards already in your hand.
- You must **keep a card** to discard (unless your team has a canasta and you go out), so an
  opening that would empty your hand is refused.
- Once a team has opened, both partners meld freely.
"""),
    md("""
### Worked example 1 — 1100 points, minimum 50

*Your total is 1100, so you need 50. You hold h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13. The only
opening that reaches the minimum is h1 c1 d2, worth 60. After that nothing stops you from also
melding c4 c4 d4, though you need not. But you cannot meld just the fours with the two: that
is only 35, a little short of 50.*
"""),
    code("""
p1100 = Position("h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13", team_score=1100, drew_from="stock")
p1100.opening_minimum, p1100.opening_options()
""", "check-seed000-1100"),
    code("""
p1100.check_opening("c4 c4 d4 d2")
"""),
    md("""
### Worked example 2 — 1500 points, minimum 90

*Your total is 1500, so you need 90. You hold h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13. The aces
alone are not enough this time, but h1 c1 d2 together with c9 c9 d9 make 90.*
"""),
    code("""
p1500 = Position("h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", team_score=1500, drew_from="stock")
p1500.check_opening("h1 c1 d2")
"""),
    code("""
p1500.check_opening("h1 c1 d2 | c9 c9 d9")
""", "check-seed000-1500"),
    md("""
In a round you may lay the aces first (the nines can still complete the minimum), but the
turn cannot end until the minimum is met:
"""),
    code("""
rnd = Round.from_state(hands=[p1500.hand], stock="h4 c4 c4", drew_from="stock",
                       team_scores=(1500, 0))
rnd.meld("h1 c1 d2")
rnd.can_discard("d13")
"""),
    md("""
### Worked example 3 — 3000 points, minimum 120

*Your total is 3000, so you need 120. You hold h1 c1 d2 h2 c5 h6 h7 c8 c4 c4 d4 h4 d13. There
is no set of melds that reaches 120, so you cannot meld yet (perhaps your partner can open and
get you out of trouble).*
"""),
    code("""
p3000 = Position("h1 c1 d2 h2 c5 h6 h7 c8 c4 c4 d4 h4 d13", team_score=3000, drew_from="stock")
p3000.opening_options(), p3000.opening_verdict()
""", "check-seed000-3000"),
    md("""
### Worked example 4 — 1800 points, minimum 90, and a card to keep

*Your total is 1800, so you need 90. The melds of fives, nines and kings would reach exactly
90, but they would leave you with a single card, the s3, and going out needs a canasta: you
cannot open.*

The rule source writes this hand as `h5 h5 h5 h5 d9 d9 d9 …`: **four** five of hearts and
**three** nine of diamonds. With two packs there are only two of each card, and the engine
checks the deck: it refuses such a hand.
"""),
    code("""
from canasta_learn import DeckError

try:
    Position("h5 h5 h5 h5 d9 d9 d9 h13 d13 d13 c13 s3", team_score=1800)
except DeckError as error:
    print("DeckError:", error)
""", "check-seed000-1800-deck"),
    md("""
So we play the example with four different fives and three different nines, which keeps its
point: fives 20 + nines 30 + kings 40 = 90 exactly, and only the `s3` would be left.
"""),
    code("""
p1800 = Position("h5 d5 c5 s5 d9 c9 h9 h13 d13 d13 c13 s3", team_score=1800, drew_from="stock")
p1800.check_opening("h5 d5 c5 s5 | d9 c9 h9 | h13 d13 d13 c13")
""", "check-seed000-1800"),
    code("""
p1800.opening_verdict()
"""),
    md("""
## Buried cards never count

The pile below holds 200 points of buried cards, but only the top card `d7` can help an
opening: `h7 c7` with the `d7` make 15, far from 50. With enough points in hand, the same pile
can be taken, and the buried cards still add nothing to the opening.
"""),
    code("""
rich_pile = "jk s13 s13 c12 c12 s1 d7"
Position("h7 c7 c9 c10 h11", discard_pile=rich_pile).check_take_pile("h7 c7")
"""),
    code("""
Position("h7 c7 h1 c1 d1 c9", discard_pile=rich_pile).check_take_pile("h7 c7", "h1 c1 d1")
"""),
    md("""
## Try it: the opening explorer

Edit the hand, the team score and (optionally) the top card of the pile: the explorer shows the
minimum in force and every set of melds that opens, or exactly why none does. Try the four
worked examples, then your own hands.
"""),
    code("""
from canasta_learn.widgets import OpeningExplorer

OpeningExplorer(hand="h1 c1 d2 c5 h6 h7 c8 c9 c9 d9 h9 d13", team_score=1500)
"""),
    md("""
## Check yourself
"""),
    code("""
from canasta_learn.widgets import Quiz, QuizSet

QuizSet([
    Quiz("Your team has 1500 points. What is the opening minimum?", p1500,
         kind="opening_minimum"),
    Quiz("Your team has -20 points. What is the opening minimum?",
         Position("h1 c1 d2 c5 h6 h7 c8 d13", team_score=-20, drew_from="stock"),
         kind="opening_minimum"),
    Quiz("Your team has 1100 points. Which melds open?", p1100, kind="which_meld_opens"),
    Quiz("200 points are buried in this pile. Can you take it to open?",
         Position("h7 c7 c9 c10 h11", discard_pile=rich_pile), kind="can_take_pile"),
])
""", "quiz"),
    md("""
**Exercise.** Your team has 2000 points. You hold `jk s1 d1 h8 h8 c8 c5 c6 c10 d11`. Which
melds open? Ask the engine for the minimum and the options.
"""),
    code("""
# your answer here
"""),
    code("""
exercise = Position("jk s1 d1 h8 h8 c8 c5 c6 c10 d11", team_score=2000, drew_from="stock")
exercise.opening_minimum, exercise.opening_options()
""", "solution"),
    md("""
## Summary

- Opening minimum by team score: below 0 → 15; 0–1495 → 50; 1500–2995 → 90; 3000+ → 120.
- Only card values count; melds laid in the same turn add up.
- Taking the pile to open: the top card counts, buried cards never do.
- You must keep a card to discard unless your team has a canasta.
- Next: **04 · Scoring**.
"""),
    md("""
## Try it yourself

Change the hand and the team score: what is the minimum, and what opens?
"""),
    code("""
mine = Position("h1 c1 d2 c9 c9 d9 h4 c4 s6 d13", team_score=1500, drew_from="stock")
mine.opening_minimum, mine.opening_verdict()
"""),
])

# =========================================================================== 04 scoring
L04 = Lesson("04_scoring", "Scoring", [
    intro(
        "04 · Scoring",
        """
- how a hand is scored, line by line;
- canasta bonuses, red threes (and their penalty), going out and going out concealed;
- the worked example of the rule source: 925 points;
- a whole game's score sheet, as a table and as a chart.
""",
        f"Lessons 01–03. {SETUP_NOTE}",
        "About 15 minutes.",
    ),
    code("""
from canasta_learn import Round, score_round
""", "setup"),
    md("""
## The breakdown

At the end of a hand each team scores:

- **plus** the values of all the cards it melded;
- **minus** the values of the cards left in both partners' hands;
- **natural canasta 500** each, **mixed canasta 300** each;
- **red threes 100** each, **800** for all four — **negative** if the team made no meld;
- **going out 100**, or **200** in all if concealed.

`score_round` scores one team from its melds, red threes and the cards left.
"""),
    md("""
### Worked example — 925 points

*A natural canasta of seven kings is worth 70 in cards and 500 bonus. Three aces add 60, two
red threes 200, going out 100, while the partner's seven costs 5. Total
70 + 500 + 60 + 200 + 100 − 5 = 925.*
"""),
    code("""
example = score_round(["s13 s13 h13 h13 d13 c13 c13", "h1 c1 s1"], red_threes="h3 d3",
                      hands_left=["c7"], went_out=True)
example
""", "check-seed001-925"),
    code("""
example.to_frame()
"""),
    md("""
## Canasta bonuses

A natural canasta earns 500, a mixed one 300. Adding a wild card to a natural canasta turns it
mixed: the same kings with a `d2` added score 90 in cards but only 300 bonus.
"""),
    code("""
score_round(["s13 s13 h13 h13 d13 c13 c13"]).total, score_round(["s13 s13 h13 h13 d13 c13 c13 d2"]).total
"""),
    md("""
## Red threes and their penalty

Each red three is worth 100, all four 800. But if the team **made no meld** in the hand, the
same red threes count **against** it.
"""),
    code("""
score_round(["h9 d9 c9"], red_threes="h3 d3").points("red_threes"), \\
    score_round([], red_threes="h3 d3").points("red_threes")
"""),
    code("""
score_round(["h9 d9 c9"], red_threes="h3 h3 d3 d3").points("red_threes")
"""),
    md("""
## Going out, and going out concealed

Going out earns 100. **Concealed** going out — melding the whole hand in one turn, with a
canasta, having melded nothing before — earns 200 in all (never 300).
"""),
    code("""
melds = ["s13 s13 h13 h13 d13 c13 c13"]
(score_round(melds, went_out=True).points("going_out"),
 score_round(melds, went_out=True, concealed=True).points("going_out"))
"""),
    md("""
The 925 example played out in a round: South melds the aces and goes out by discarding the
`c9`; North keeps the `c7`.
"""),
    code("""
rnd = Round.from_state(
    hands=["c7", "h4 h4 c5", "h1 c1 s1 c9", "h6 h6 c6"],
    melds=[["s13 s13 h13 h13 d13 c13 c13"], ["h8 d8 c8"]],
    red_threes=["h3", "", "d3"], stock="c10 c10", pile="d6", to_move=2, drew_from="stock")
rnd.meld("h1 c1 s1")
rnd.discard("c9")
rnd  # the table at the end of the hand
"""),
    code("""
rnd.scores()[0].total
""", "check-seed001-925-round"),
    md("""
## A whole game's score sheet

Four bots play a whole game to 5000 (seeded, so always the same game). `score_sheet()` lists
every hand for both teams; the running totals make the chart.
"""),
    code("""
from canasta_learn.bots import play_game_live

game = play_game_live(seed=3)
sheet = game.score_sheet()
sheet
""", "check-score-sheet"),
    code("""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(7, 3.5))
for team, rows in sheet.groupby("team"):
    label = "North–South" if team == 0 else "East–West"
    ax.plot(rows["round"], rows["running_total"], marker="o", label=label)
ax.axhline(5000, color="grey", linestyle="--", linewidth=1, label="target 5000")
ax.set_xlabel("hand")
ax.set_ylabel("running total")
ax.set_title(f"Game totals {game.totals}")
ax.legend()
plt.show()
"""),
    md("""
## Try it: the score calculator

The calculator starts on the 925 example. Add a wild card to the kings, untick "went out",
remove the melds to see the red threes turn negative…
"""),
    code("""
from canasta_learn.widgets import ScoreCalculator

ScoreCalculator(team_melds="s13 s13 h13 h13 d13 c13 c13 | h1 c1 s1", red_threes="h3 d3",
                cards_left="c7", went_out=True)
"""),
    md("""
## Check yourself
"""),
    code("""
from canasta_learn import Position, check_meld, get_profile, parse_cards
from canasta_learn.melds import is_natural_canasta
from canasta_learn.widgets import Quiz, QuizSet

kings_and_two = parse_cards("s13 s13 h13 h13 d13 c13 c13 d2")
bonus = "500" if is_natural_canasta(kings_and_two, get_profile("classic")) else "300"


def going_out_quiz(question, position, melds, discard=None):
    \"\"\"Concealed, ordinary or refused: the engine's check_go_out decides and explains.\"\"\"
    verdict = position.check_go_out(melds, discard)
    answer = ("No" if not verdict.ok else
              "Yes, concealed: 200 in all" if verdict.concealed else "Yes: 100")
    return Quiz(question, ["Yes: 100", "Yes, concealed: 200 in all", "No"], answer, verdict,
                position=position)


QuizSet([
    Quiz("A d2 is added to a natural canasta of kings. What bonus does it earn now?",
         ["500", "300"], bonus, check_meld(kings_and_two)),
    going_out_quiz("Your team has no canasta. May you go out by melding h9 d9 c9 and "
                   "discarding c4?",
                   Position("h9 d9 c9 c4", team_melds=["h12 s12 c12"], drew_from="stock"),
                   "h9 d9 c9", "c4"),
    going_out_quiz("You have melded nothing this hand and drew from the stock. May you go out "
                   "with these melds, and for how much?",
                   Position("h5 d5 c5 s5 h5 d5 jk c4 c4 d4", team_melds=["h12 s12 c12"],
                            drew_from="stock"),
                   "h5 d5 c5 s5 h5 d5 jk | c4 c4 d4"),
])
""", "quiz"),
    md("""
**Exercise.** A team melded `h10 d10 c10 s10 jk` and `s1 h1 d1`, has one red three, and the
partners kept `c4 s6` in their hands; the opponents went out. What did the team score?
"""),
    code("""
# your answer here
"""),
    code("""
score_round(["h10 d10 c10 s10 jk", "s1 h1 d1"], red_threes="h3", hands_left=["c4", "s6"])
""", "solution"),
    md("""
## Summary

- Cards melded plus, cards left in hand minus.
- Natural canasta 500, mixed 300; a wild card added to a natural canasta makes it mixed.
- Red threes 100 each, 800 for four; negative if the team made no meld.
- Going out 100, concealed 200 in all.
- The 925 example: 70 + 500 + 60 + 200 + 100 − 5.
- Next: **05 · Replay a game**.
"""),
    md("""
## Try it yourself

Change the melds, red threes and cards left, and see the breakdown.
"""),
    code("""
score_round(["d8 d8 h8 c8 s8 jk h2", "s12 h12 c12"], red_threes="d3", hands_left=["c5 d6"],
            went_out=True)
"""),
])

# =========================================================================== 05 replay
L05 = Lesson("05_replay_a_game", "Replay a game", [
    intro(
        "05 · Replay a game",
        """
- how to follow a whole hand move by move, with notes on the key moments;
- to spot the moments that decide a hand: taking the pile, the opening, the first canasta,
  going out;
- how to **continue from any moment** and try another move.
""",
        f"Lessons 01–04. {SETUP_NOTE}",
        "About 20 minutes.",
    ),
    code("""
from canasta_learn.cards import CardList  # a list of cards that is drawn as cards
from canasta_learn.examples import EXAMPLES, load_example
from canasta_learn.widgets import Quiz, ReplayViewer

EXAMPLES
""", "setup"),
    md("""
## The example game: a frozen pile fight

The package ships a few example games, played by the bots and annotated by a teacher. In this
one a wild card turns up at the deal and freezes the pile; both teams block it with black
threes; the pile grows to 17 cards until someone can take it.

The **replay viewer** steps through the game: *First / Back / Forward / Last*, the slider, or
*Play* to watch it move. Beside the table: the move list (the current move highlighted), the
**notes** for that move (automatic notes from the engine, and the teacher's comments with
their glyphs: `!` good, `?` mistake), and the score sheet.
"""),
    code("""
record = load_example("frozen_pile_fight")
viewer = ReplayViewer(record)
viewer
"""),
    md("""
Below, the key moments are shown as pictures (they stay visible in an exported page too),
each with a question. Step the viewer to the same move to see its notes.

## Key moment 1: a black three on top

East opened with kings and a joker, then discarded the `c3`. South is next.
"""),
    code("""
moment1 = record.state_at(0, 2)  # after East's third action, the discard of c3
moment1
"""),
    code("""
Quiz("South is to move. Can South take the pile?", ["Yes", "No"],
     "Yes" if moment1.can_take_pile().ok else "No", moment1.can_take_pile())
""", "quiz"),
    md("""
## Key moment 2: seventeen cards, and a pair of jacks

After many blocked and frozen turns, West discards the `h11` on a 17-card pile. North holds
the natural pair `c11 d11`, but North–South have **not opened**: taking the pile must also
make the opening (50), counting only the top card and cards from North's hand.
"""),
    code("""
moment2 = record.state_at(0, 32)  # after West discards h11
viewer.go(viewer.steps.index((0, 32)))
print(viewer.notes_text)
CardList(moment2.hands[0])  # North's hand
"""),
    code("""
jacks_only = moment2.can_take_pile("c11 d11")
Quiz("Can North take the pile with the jacks alone (c11 d11 with the top h11)?", ["Yes", "No"],
     "Yes" if jacks_only.ok else "No", jacks_only)
""", "quiz"),
    code("""
jacks_and_nines = moment2.can_take_pile("c11 d11", "d9 h9 s2")
Quiz("And with the jacks plus a second meld, d9 h9 s2, from the hand?", ["Yes", "No"],
     "Yes" if jacks_and_nines.ok else "No", jacks_and_nines)
""", "quiz"),
    md("""
## Key moment 3: a canasta out of the pile

North takes the 17 cards, and with them many sevens.
"""),
    code("""
moment3 = record.state_at(0, 34)
sevens = CardList(moment3.melds[0][7])
sevens
"""),
    code("""
from canasta_learn import check_meld

sevens_verdict = check_meld(sevens)
kind = "Mixed canasta" if any(card.is_wild for card in sevens) else "Natural canasta"
Quiz("What did North just lay down?", ["Natural canasta", "Mixed canasta", "Not a canasta"],
     kind if len(sevens) >= 7 else "Not a canasta", sevens_verdict)
""", "quiz"),
    md("""
## Continue from here

What if North had played differently? **Continue from here** (the button under the viewer, or
`viewer.continue_here()`) opens a game at exactly this position: you play North, the bots play
the others. Here we go back to moment 2 and try the jacks alone first: the engine refuses and
says why. Then it is your turn: try another move in the widget.
"""),
    code("""
viewer.go(viewer.steps.index((0, 32)))
sandbox = viewer.continue_here()
sandbox.select("c11 d11")
sandbox.click("take")
print(sandbox.message)
sandbox
"""),
    md("""
**Exercise.** In the example `concealed_going_out`, who goes out, is it concealed, and what
does each team score? (Hint: `load_example(...).final_state(0)` is the round at its end.)
"""),
    code("""
# your answer here
"""),
    code("""
final = load_example("concealed_going_out").final_state(0)
final.seat_name(final.went_out), final.went_out_concealed, [s.total for s in final.scores()]
""", "solution"),
    md("""
## Summary

- The replay viewer steps through a recorded game, with the engine's notes and a teacher's
  comments at every move.
- Key moments: a black three blocks the pile; a frozen pile needs a natural pair; a team that
  has not opened must also reach its minimum when it takes the pile (top card and hand only).
- *Continue from here* lets you replay any moment differently.
- Next: **06 · What-if sandbox**.
"""),
    md("""
## Try it yourself

Replay another example game: `concealed_going_out` or the whole `game_to_5000`.
"""),
    code("""
ReplayViewer(load_example("concealed_going_out"))
"""),
])

# =========================================================================== 06 sandbox
L06 = Lesson("06_what_if_sandbox", "What-if sandbox", [
    intro(
        "06 · What-if sandbox: any situation, every profile",
        """
- to build any hypothetical hand and situation and ask the engine about it;
- how the rule profiles differ, computed side by side: "legal in `classic`, refused in
  `cardgames_io` because …".
""",
        f"Lessons 01–04. {SETUP_NOTE}",
        "About 15 minutes.",
    ),
    code("""
import pandas as pd

from canasta_learn import Position, check_meld, get_profile

pd.set_option("display.max_colwidth", None)  # show the engine's whole explanation
# the classic family; the variant games (Italian, Pennies, Brazilian) are compared in lesson 09
PROFILES = ["classic", "cardgames_io", "traditional"]
PROFILES
""", "setup"),
    md("""
## Building a situation

A `Position` takes a hand, the discard pile (bottom to top), the team's melds, whether the team
has opened, its score, the profile, and whether the player has drawn yet. Its questions are
answered by the same engine code as a real game.
"""),
    code("""
what_if = Position("h8 jk c5 c6 c9 c9", discard_pile="s4 s3 h8", team_melds=["h13 s13 s13"],
                   team_score=1200)
what_if
"""),
    code("""
what_if.pile_status(), what_if.check_take_pile()
"""),
    md("""
## Comparing profiles side by side

`compare` asks one question under every profile and tabulates the verdicts. Where the profiles
disagree, the engine's messages say why.
"""),
    code("""
def compare(question):
    \"\"\"Ask ``question(profile_name)`` (which returns a verdict) under every profile.\"\"\"
    rows = []
    for name in PROFILES:
        verdict = question(name)
        rows.append({"profile": name, "legal": verdict.ok, "code": verdict.code,
                     "why": verdict.message})
    return pd.DataFrame(rows).set_index("profile")
"""),
    md("""
### Two naturals and two wild cards

`classic` allows as many wild cards as naturals (up to three); `cardgames_io` wants more
naturals than wild cards.
"""),
    code("""
compare(lambda name: check_meld("h5 h5 d2 d2", name))
""", "check-compare-meld"),
    md("""
### A buried black three

In `classic` and `cardgames_io` a black three blocks only while it is on top; once covered it
does nothing. In `traditional` a covered black three **freezes** the pile, so one natural plus a
wild card no longer takes it.
"""),
    code("""
compare(lambda name: Position("h8 jk c5 c6", discard_pile="s9 s3 h8",
                              team_melds=["h13 s13 s13"], profile=name).check_take_pile())
""", "check-compare-black-three"),
    md("""
### One card in hand, one card in the pile

The classic table rule forbids a player holding one card to take a pile of one card;
cardgames.io has no such rule.
"""),
    code("""
compare(lambda name: Position("h8", discard_pile="c8", profile=name,
                              team_melds=["h8 s8 s8", "h13 s13 s13 d13 d13 c13 c13"],
                              ).check_take_pile())
""", "check-compare-one-card"),
    md("""
### Going out concealed before opening

A team at 3000 needs 120 to open. In `classic` and `traditional`, a player who drew from the
stock and melds the whole hand at once (with a canasta) goes out concealed and the minimum is
waived; `cardgames_io` keeps the minimum.
"""),
    code("""
concealed_hand = "h5 d5 c5 s5 h5 d5 jk c4 c4 d4"
compare(lambda name: Position(concealed_hand, team_score=3000, drew_from="stock", profile=name)
        .check_go_out("h5 d5 c5 s5 h5 d5 jk | c4 c4 d4"))
""", "check-compare-concealed"),
    md("""
### Every setting that differs

Each profile is a list of settings; `differences` lists those that differ between two.
"""),
    code("""
classic = get_profile("classic")
pd.DataFrame(
    [(setting, *values) for setting, values in classic.differences(get_profile("cardgames_io")).items()],
    columns=["setting", "classic", "cardgames_io"],
)
"""),
    md("""
## Try it: explore with every profile at once

The explorers can compare the profiles side by side: "compare profiles" is ticked below. Change
the hand or the pile and watch where the profiles agree and where they part.
"""),
    code("""
from canasta_learn.widgets import PileExplorer

explorer = PileExplorer(hand="h8 jk c5 c6", discard_pile="s9 s3 h8", team_melds="h13 s13 s13")
explorer.compare_box.value = True
explorer
"""),
    code("""
{name: verdict.code for name, verdict in explorer.comparison.items()}
"""),
    md("""
## Check yourself
"""),
    code("""
from canasta_learn.widgets import Quiz, QuizSet


def meld_quiz(cards, profile):
    \"\"\"Is it a meld under this profile? The engine answers and explains.\"\"\"
    verdict = check_meld(cards, profile)
    return Quiz(f"Is {cards} a legal meld in {profile}?", ["Yes", "No"],
                "Yes" if verdict.ok else "No", verdict, profile=profile)


QuizSet([
    meld_quiz("h5 h5 d2 d2", "cardgames_io"),
    meld_quiz("h5 h5 d2 d2", "classic"),
    Quiz("traditional: a black three is buried. Can you take the pile with h8 jk?",
         Position("h8 jk c5 c6", discard_pile="s9 s3 h8", team_melds=["h13 s13 s13"],
                  profile="traditional"), kind="can_take_pile"),
    Quiz("cardgames_io: one card in your hand, one card in the pile. Can you take it?",
         Position("h8", discard_pile="c8", team_melds=["h8 s8 s8", "h13 s13 s13 d13 d13 c13 c13"],
                  profile="cardgames_io"), kind="can_take_pile"),
])
""", "quiz"),
    md("""
**Exercise.** Find a situation where `traditional` refuses to let a player take the pile but
`classic` allows it. (Hint: what does `traditional` do with a covered wild card… or black
three?)
"""),
    code("""
# your answer here
"""),
    code("""
compare(lambda name: Position("c10 jk h4", discard_pile="s5 c3 s10",
                              team_melds=["h13 s13 s13"], profile=name).check_take_pile())
""", "solution"),
    md("""
## Summary

- `Position(...)` builds any situation; its checks run the real engine.
- The profiles differ in a few precise settings: naturals versus wilds in a meld, black threes
  freezing the pile, the one-card pile rule, concealed going out before opening, and more.
- Next: **07 · Play a round**.
"""),
    md("""
## Try it yourself

Write your own question and compare the profiles.
"""),
    code("""
compare(lambda name: check_meld("s9 d9 jk d2 h2", name))
"""),
])

# =========================================================================== 07 play
L07 = Lesson("07_play_a_round", "Play a round", [
    intro(
        "07 · Play a round against the bots",
        """
- to play a whole hand in one seat, with a bot partner against two bot opponents;
- to read every refusal: the engine explains why a move is illegal.
""",
        f"Lessons 01–04 (06 helps). {SETUP_NOTE}",
        "20–30 minutes (a hand takes a while).",
    ),
    code("""
from canasta_learn.widgets import PlayWidget, ReplayViewer
""", "setup"),
    md("""
## The rules of the table, in one screen

You play **North** (seat N); your partner is South; East and West are the opponents. Each turn:

1. **Draw** from the stock, or **Take pile** (select the cards from your hand that go down
   with the top card; select nothing to put the top card on your team's meld of its rank);
2. optionally **Meld selected** (choose "as a new meld" or the meld to add to);
3. **Discard selected** (exactly one card) — or go out, once your team has a canasta.

Every refusal shows the engine's verdict beside your cards; toggle **why?** to see each check
for the cards you selected. **Save** writes the game record (JSON) that lesson 05's replay
viewer can open.
"""),
    md("""
## Play

Run the cell and play. (Stuck? Press *New round* to deal again.)
"""),
    code("""
play = PlayWidget(seed=7)
play
"""),
    md("""
`play.state` is the round on the table. Displayed on its own, it is a static picture of the
table (it stays visible in an exported page, where widgets cannot run):
"""),
    code("""
play.state
"""),
    md("""
The buttons can be pressed from Python too. Discarding before drawing is refused, and the
message says why:
"""),
    code("""
play.select(play.state.hands[0][:1])
play.click("discard")
play.message
""", "check-play-refusal"),
    md("""
After your hand (or at any point), replay what happened:
"""),
    code("""
ReplayViewer(play.record())
"""),
    md("""
**Exercise.** What exactly may you do right now in the game above? Ask the engine for the
legal actions of the round on the table (`play.state`).
"""),
    code("""
# your answer here
"""),
    code("""
[action.text(4) for action in play.state.legal_actions()][:10]
""", "solution"),
    md("""
## Check yourself

Three decisions you will meet while playing.
"""),
    code("""
from canasta_learn import Position, Round
from canasta_learn.widgets import Quiz, QuizSet

opening_turn = Round.from_state(hands=["h1 c1 d2 c9 c9 d9 h4 c4 s6 d13"], stock="h5 h5 c5",
                                drew_from="stock", team_scores=(1500, 0))
opening_turn.meld("h1 c1 d2")
may_discard = opening_turn.can_discard("d13")

QuizSet([
    Quiz("The top card is a black three. What state is the pile in?",
         Position("h9 h9 c5 c6", discard_pile="h4 d9 s3", team_melds=["h13 s13 s13"]),
         kind="pile_state"),
    Quiz("Your team has 0 points and has not opened; you drew. Which melds open?",
         Position("h1 c1 d2 c5 h6 h7 c8 c4 c4 d4 c11 d13", drew_from="stock"),
         kind="which_meld_opens"),
    Quiz("Team score 1500: you melded h1 c1 d2 (60). May you discard the d13 now?",
         ["Yes", "No"], "Yes" if may_discard.ok else "No", may_discard),
])
""", "quiz"),
    md("""
## Summary

- Play a hand in one seat against the bots; every refusal is explained by the engine.
- The game is recorded: replay it in the viewer, or save it.
- Next: **08 · For teachers** (or replay your game in lesson 05).
"""),
    md("""
## Try it yourself

Play a whole game to 5000, or with other rules: `PlayWidget(game=True)`,
`PlayWidget(profile="cardgames_io")`.
"""),
    code("""
PlayWidget(profile="cardgames_io", seed=8)
"""),
])

# =========================================================================== 08 teachers
L08 = Lesson("08_for_teachers", "For teachers", [
    intro(
        "08 · For teachers: scenarios, quizzes, handouts, classrooms",
        """
- to write your own scenarios with `Position` and `Round.from_state`;
- to choose (or adapt) a rule profile for your table;
- to export handouts with `canasta-learn export`;
- to run the lessons for a class on Binder or a JupyterHub.
""",
        f"Lessons 00–04. {SETUP_NOTE}",
        "About 20 minutes.",
    ),
    code("""
from canasta_learn import Position, Round, get_profile
""", "setup"),
    md("""
## Writing scenarios

A **`Position`** is the quickest scenario: the situation of the player to move (hand, pile,
team melds, opened, team score, profile). For a whole table — four hands, both teams' melds,
the stock — use **`Round.from_state`**, then play moves on it. Card counts are checked: a
scenario with three `h5` raises `DeckError`.
"""),
    code("""
scenario = Round.from_state(
    hands=["h9 h9 jk c6 d8", "s4 s4 h6", "c11 d11 h12", "d5 d5 s6"],
    pile="d4 jk d9",
    melds=[["h13 s13 s13"], ["h7 d7 c7"]],
    stock="c4 c4 h4",
    team_scores=(1200, 900),
)
scenario
"""),
    code("""
scenario.can_take_pile("h9 h9")
"""),
    md("""
On a projector, `TableWidget` shows the same table with the profile in force (pass
`show_hands=False` to hide the hands).
"""),
    code("""
from canasta_learn.widgets import TableWidget

TableWidget(scenario)
"""),
    md("""
## Writing quizzes

A `Quiz` asks a question about a `Position` and takes its answer and its explanation from the
engine — you never write the answer by hand:

- `Quiz(question, position, kind="can_take_pile")` — Yes / No;
- `kind="pile_state"` — empty / open / frozen / blocked;
- `kind="opening_minimum"` — 15 / 50 / 90 / 120;
- `kind="which_meld_opens"` — sets of melds, one of which opens (pass `choices=[...]` or let
  the quiz find plausible wrong ones);
- the generic form `Quiz(question, choices, right_choice, verdict)` for anything else: compute
  the right choice **from** the verdict, as below.

`QuizSet([...])` keeps the score. Tag the cell `quiz` so that your own tools can find it.
"""),
    code("""
from canasta_learn import check_meld
from canasta_learn.widgets import Quiz, QuizSet

frozen_kings = Position("c6 h7 d8 h13", discard_pile="s9 jk c8 h13", team_melds=["d13 c13 c13 h2"])
four_wilds = check_meld("h9 d9 jk jk d2 c2")

class_quiz = QuizSet([
    Quiz("Can North take the pile?", frozen_kings, kind="can_take_pile"),
    Quiz("What state is the pile in?", frozen_kings, kind="pile_state"),
    Quiz("Is h9 d9 jk jk d2 c2 a meld?", ["Yes", "No"], "Yes" if four_wilds.ok else "No",
         four_wilds),
], title="Friday's class: frozen piles")
class_quiz
""", "quiz"),
    md("""
The quizzes can be answered from Python too, which is how you check your own before class:
"""),
    code("""
class_quiz.quizzes[0].answer("Yes")
class_quiz.summary, class_quiz.quizzes[0].feedback
"""),
    md("""
## Choosing a profile

Pick the profile that matches your table (`classic`, `cardgames_io`, `traditional`), or
derive your own with `replace`: it is checked like the built-in ones.
"""),
    code("""
house = get_profile("classic").replace(name="our_club", one_card_pile_ban=False)
Position("h8", discard_pile="c8", profile=house,
         team_melds=["h8 s8 s8", "h13 s13 s13 d13 d13 c13 c13"]).check_take_pile()
"""),
    md("""
## Exporting handouts

From a terminal (not from this notebook), `canasta-learn export` runs every lesson and writes
static HTML pages in which the cards, tables and verdicts show without Python, a kernel or a
network connection:

```bash
canasta-learn export --to html handouts/             # full lessons
canasta-learn export --to html handouts/ --student   # without the answer cells
canasta-learn export --to slides slides/             # reveal.js slides, one per section
```

`--student` removes every cell tagged `solution` (the answer cells after each exercise). Tag
your own answer cells the same way (*View ▸ Property Inspector ▸ Cell tags* in JupyterLab).
Interactive widgets need a running kernel, so the exported pages replace them with a short note
— except the quizzes: they stay as the question, the cards and the list of choices, with the
answer and the engine's verdict folded under *Show the answer*.
"""),
    md("""
## Running the lessons for a class

- **On your own machine:** `pip install "canasta-learn[lessons]"` then `canasta-learn lessons`
  copies the lessons into `./canasta-lessons` (never overwriting edited copies) and opens
  JupyterLab on them.
- **On Binder:** the repository's `binder/` folder tells mybinder.org how to build it; the
  README has a link per lesson. Nothing to install for your students, but sessions are
  temporary: ask them to download their notebook if they want to keep it.
- **On a JupyterHub:** install `canasta-learn[lessons]` in the user image (or the shared
  environment) and have each student run `canasta-learn lessons ~/canasta-lessons` once.
"""),
    md("""
**Exercise.** Write a scenario in which the pile is **blocked** for North, and check it.
"""),
    code("""
# your answer here
"""),
    code("""
Position("h9 h9 c5", discard_pile="h4 d9 c3", team_melds=["h13 s13 s13"]).pile_status()
""", "solution"),
    md("""
## Summary

- `Position` for one player's situation, `Round.from_state` for a whole table.
- Profiles: pick one or derive one with `replace`.
- `canasta-learn export --to html|slides OUT/ [--student]` for handouts and projection.
- `canasta-learn lessons` locally, Binder or JupyterHub for a class.
"""),
    md("""
## Try it yourself

Sketch the scenario for your next class here.
"""),
    code("""
Position("c6 c6 h7 d8", discard_pile="s9 d6", team_melds=["h13 s13 s13"])
"""),
])

# =========================================================================== 09 variants
L09 = Lesson("09_variants", "Variants: Italian Canasta, Pennies from Heaven, Canastra and Tranca", [
    intro(
        "09 · Variants: Italian Canasta, Pennies from Heaven, Canastra and Tranca",
        """
- the rules of two family variants, **Italian Canasta** (`italian`) and **Pennies from
  Heaven** (`pennies_from_heaven`), each stated once in plain words;
- side by side on the **same position**, how `classic`, `italian` and `pennies_from_heaven`
  decide differently — every verdict computed by the engine;
- how the two variants score (the 5225 and 4155 examples);
- where the rule sources are unclear, and which reading each profile follows;
- the Brazilian games **Canastra** (`canastra_br`) and **Tranca** (`tranca`) and their words —
  *morto*, *batida direta* and *indireta*, *curingão* and *curinguinha*, *lavadeira de ás*,
  canastas *real*, *de mil*, *limpa* and *suja*, *monte* and *lixo* — with the engine's verdicts on
  their sequences, pile and batidas, a Canastra table with the mortos, and the 1885, 195 and 1420
  scoring examples.
""",
        f"Lessons 01–04 (06 helps). {SETUP_NOTE}",
        "About 35 minutes.",
    ),
    code("""
import pandas as pd

from canasta_learn import Position, Round, check_meld, get_profile, opening_minimum, parse_cards, score_round

pd.set_option("display.max_colwidth", None)  # show the engine's whole explanation
VARIANTS = ["classic", "italian", "pennies_from_heaven"]


def compare(question, profiles=VARIANTS):
    \"\"\"Ask ``question(profile_name)`` (which returns a verdict) under each profile.\"\"\"
    rows = []
    for name in profiles:
        verdict = question(name)
        rows.append({"profile": name, "legal": verdict.ok, "code": verdict.code,
                     "why": verdict.message})
    return pd.DataFrame(rows).set_index("profile")
""", "setup"),
    md("""
## The three games at a glance

Both variants keep the classic family: melds are sets of one rank, jokers and twos are wild,
red threes are bonus cards, a black three blocks the pile. What changes is the table, the deck
and a handful of precise rules. The engine's profiles hold the numbers:
"""),
    code("""
pd.DataFrame(
    {name: {"players": p.player_count, "teams": f"{p.team_count} of {p.team_size}",
            "cards": p.deck_size, "hand": p.hand_size, "reserve": p.reserve_size,
            "cards drawn": p.stock_draw_count, "game to": p.target_score}
     for name, p in ((name, get_profile(name)) for name in VARIANTS)}
)
""", "check-variants-glance"),
    md("""
### Italian Canasta, in plain words

- Four players in two partnerships; **three packs and six jokers** (162 cards); **15 cards**
  each. You **draw two** cards from the stock (or take the pile) and discard one.
- After the deal, the first upcard is a natural card from four to ace, and as many stock cards
  as its rank number go **face down under it** (a ten buries ten cards).
- **Deuce melds**: a meld of twos (at least two twos, jokers as its wild cards, at most three).
  While your team's deuce meld is not yet a canasta, **your twos go only onto it**. Seven cards
  close it.
- **Openings** may contain **no wild card at all**; the minimum rises to 160, 180 and 200
  for scores from 5000, 7500 and 10000.
- The discard pile is **always frozen**: to take it you need a natural pair of the top card's
  rank from your hand — even when your team has a meld of that rank.
- **Going out** needs **two canastas that are not deuce canastas**.
- Scoring: going out 300 (nothing more for concealed); red threes 100 each up to three, then 200
  each; a deuce canasta earns 3000 (seven twos) or 2000 (with jokers) **only for the team that
  goes out**; bonuses for five and ten canastas. The game goes to 12,000.

### Pennies from Heaven, in plain words

- **Six players in two teams of three**, seated alternately (P1, P3, P5 against P2, P4, P6);
  **four packs and eight jokers** (216 cards). Each player gets **13 cards** and an
  **11-card reserve** face down; you **draw two** and discard one.
- The first time **you** complete a canasta, **your reserve joins your hand** at once, and you
  play on.
- **Every meld closes at seven cards**: nothing more can be added, but a new meld of that rank
  may be started. **Melds of wild cards** (three to seven jokers and twos) are allowed.
- **Sevens**: no one in your team may discard a seven until the team has a canasta of sevens,
  and a seven is never the discard that goes out.
- **Going out** needs one canasta of **each kind**: sevens, wild, natural and mixed.
- Scoring: sevens canasta 1500, wild canasta 1000, natural 500, mixed 300; red threes 100 each,
  all eight 1000 — and **negative** if the team has no sevens canasta. The opening minimum is 150
  from 1500 points. The game goes to 20,000.
"""),
    md("""
## Same position, three verdicts

Each question below is asked once per profile, on the same cards. Where the profiles part, the
engine's message says why.

### Taking the pile with the team's meld

Your team has melded three nines; the top card is `c9` and nothing wild is buried. You hold a
`c9` and a joker.
"""),
    code("""
pile_position = Position("c9 jk c4 c5", discard_pile="h5 c9", team_melds=["h9 s9 d9"], profile="italian")
pile_position
"""),
    code("""
compare(lambda name: Position("c9 jk c4 c5", discard_pile="h5 c9", team_melds=["h9 s9 d9"],
                              profile=name).check_take_pile())
""", "check-variants-pile"),
    md("""
In `classic` and `pennies_from_heaven` the top card simply joins the team's nines; the Italian
pile is always frozen, so only a natural pair of nines from the hand would take it:
"""),
    code("""
Position("s9 d9 c4 c5", discard_pile="h5 c9", team_melds=["h9 s9 d9"], profile="italian").check_take_pile()
"""),
    md("""
### An opening with a joker

Team score 0, minimum 50: two aces and a joker are worth 90.
"""),
    code("""
parse_cards("h1 h1 jk")
"""),
    code("""
compare(lambda name: Position("h1 h1 jk c9 c8 c7", team_score=0, drew_from="stock", profile=name)
        .check_opening("h1 h1 jk"))
""", "check-variants-opening"),
    md("""
### A meld of wild cards

Classic melds need two natural cards. Italian Canasta accepts a **deuce meld** (twos, with jokers
as its wild cards), Pennies from Heaven a **wild-card meld**.
"""),
    code("""
parse_cards("jk c2 h2")
"""),
    code("""
compare(lambda name: check_meld("jk c2 h2", name))
""", "check-variants-wild-meld"),
    md("""
### An eighth king

Your team has a natural canasta of seven kings and you hold one more king.
"""),
    code("""
compare(lambda name: Position("h13 c4 c5 c9", team_melds=["h13 s13 s13 d13 d13 c13 c13"],
                              drew_from="stock", profile=name).check_meld("13: h13"))
""", "check-variants-closed"),
    md("""
### Going out with one canasta

Your team has one natural canasta; you meld three eights and discard your last card.
"""),
    code("""
compare(lambda name: Position("c8 d8 h8 c5", team_melds=["h13 h13 s13 s13 d13 c13 c13"],
                              drew_from="stock", profile=name).check_go_out("c8 d8 h8", "c5"))
""", "check-variants-going-out"),
    md("""
### Discarding a seven
"""),
    code("""
compare(lambda name: Position("h7 c4 c5 c9", team_melds=["h13 s13 s13"], drew_from="stock",
                              profile=name).round.can_discard("h7"))
""", "check-variants-seven"),
    md("""
### Italian only: twos belong to the deuce meld

A deuce meld cannot exist in `classic`, so this position is compared in the two variants only.
The team has `c2 d2 h2` and a meld of kings; you want to add `s2` to the kings.
"""),
    code("""
compare(lambda name: Position("s2 c9 d9 h9", team_melds=["c2 d2 h2", "h13 s13 d13"], drew_from="stock",
                              profile=name).check_meld("13: s2"), ["italian", "pennies_from_heaven"])
""", "check-variants-twos"),
    md("""
### Opening minimums

The same team scores, three tables:
"""),
    code("""
scores = [-20, 0, 1495, 1500, 3000, 5000, 7500, 10000]
pd.DataFrame({name: [opening_minimum(s, name) for s in scores] for name in VARIANTS},
             index=pd.Index(scores, name="team score"))
""", "check-variants-opening-table"),
    md("""
## Pennies from Heaven at the table: six seats and reserves

When a player's own meld brings a meld to seven cards, his 11-card reserve joins his hand in the
same turn. Here P1 completes the team's nines:
"""),
    code("""
reserve_turn = Round.from_state(profile="pennies_from_heaven",
                                hands=["h9 c9 c4 c5", "c4", "c5", "c6", "c7", "c8"],
                                melds=[["d9 d9 s9 s9 h9"]], stock="s12 s12 s11 s11", drew_from="stock")
reserve_turn.reserves[0] = parse_cards("c1 c1 d1 d12 d12 h12 c11 h11 s11 d6 d6")  # P1's reserve
before = len(reserve_turn.hands[0]), len(reserve_turn.reserves[0])
reserve_turn.meld("h9 c9")
after = len(reserve_turn.hands[0]), len(reserve_turn.reserves[0])
before, after, reserve_turn.phase  # (hand, reserve) before and after; P1 plays on
""", "check-pennies-reserve"),
    code("""
[event.message for event in reserve_turn.events if event.kind == "reserve_taken"]
"""),
    md("""
## Try it: a Pennies round on the table

Six bots play 40 moves of a seeded round (the same seed always gives the same table). The table
shows the six seats, the two teams' melds — closed canastas, wild-card melds — and the reserves
still waiting.
"""),
    code("""
from canasta_learn.bots import acting_seat, make_bots
from canasta_learn.widgets import TableWidget

pennies_round = Round("pennies_from_heaven", seed=11)
bots = make_bots("greedy", 6, seed=11)
for _move in range(40):
    pennies_round.apply(bots[acting_seat(pennies_round)].choose(pennies_round))
TableWidget(pennies_round)
"""),
    code("""
{pennies_round.seat_name(seat): (len(pennies_round.hands[seat]), len(pennies_round.reserves[seat]))
 for seat in range(6)}  # cards in hand, cards in reserve
""", "check-pennies-table"),
    md("""
And the Italian pile in an explorer: change the hand to `s9 d9 c4 c5` and the pile can be taken;
switch nothing else. (Try the same hand with `profile="classic"` too.)
"""),
    code("""
from canasta_learn.widgets import PileExplorer

PileExplorer(hand="c9 jk c4 c5", discard_pile="h5 c9", team_melds="h9 s9 d9", profile="italian")
"""),
    md("""
## Scoring

### Italian: 5225 for the team that goes out

*Seven kings 70 + 500; eight queens with a joker 70 + 50 + 300; seven twos 140 + 3000; four red
threes 800; going out 300; the partner keeps a `c5`, −5.*
"""),
    code("""
italian_score = score_round(["h13 h13 s13 s13 d13 c13 c13", "h12 h12 s12 s12 d12 c12 c12 jk",
                             "c2 c2 d2 d2 h2 h2 s2"], red_threes="h3 h3 d3 d3", hands_left=["c5"],
                            went_out=True, profile="italian")
italian_score.to_frame()
""", "check-italian-5225"),
    md("""
The opponents' deuce canasta (five twos, two jokers) earns no bonus: they did not go out.
"""),
    code("""
score_round(["c2 c2 d2 d2 h2 jk jk"], profile="italian").to_frame()
""", "check-italian-deuce-200"),
    md("""
### Pennies from Heaven: 4155 for the team that goes out

*Seven sevens 35 + 1500; a wild canasta 200 + 1000; seven aces 140 + 500; five tens and two twos
90 + 300; three red threes 300; going out 100; a partner keeps an `h9`, −10.*
"""),
    code("""
pennies_score = score_round(["c7 c7 d7 d7 h7 h7 s7", "jk jk c2 c2 d2 d2 h2", "c1 c1 d1 d1 h1 h1 s1",
                             "c10 c10 d10 d10 h10 h2 s2"], red_threes="h3 h3 d3", hands_left=["h9"],
                            went_out=True, profile="pennies_from_heaven")
pennies_score.to_frame()
""", "check-pennies-4155"),
    md("""
The other team has two red threes and no sevens canasta: they count against it.
"""),
    code("""
score_round(["c9 d9 h9"], red_threes="h3 d3", profile="pennies_from_heaven").points("red_threes")
""", "check-pennies-red-threes"),
    md("""
### One result, three score sheets

The same hand — a natural canasta of kings, a mixed canasta of queens, two red threes, going
out, a `c5` left — scored by each profile. Italian pays 300 for going out; Pennies turns the red
threes negative, because the team has no sevens canasta:
"""),
    code("""
pd.DataFrame({name: score_round(["h13 h13 s13 s13 d13 c13 c13", "h12 h12 s12 s12 d12 c12 jk"],
                                red_threes="h3 d3", hands_left=["c5"], went_out=True,
                                profile=name).to_frame().set_index("item")["points"]
              for name in VARIANTS}).fillna(0).astype(int)
""", "check-variants-same-score"),
    md("""
## Where the sources are unclear

The rule sources for these games are a Portuguese translation of an English text, with a few
garbled or silent passages. Each profile follows one stated reading (the project's
`VARIANTS.md` gives the sources):

**Italian Canasta**

- **Hand size:** the source is silent; the profile deals **15 cards** (as the English sources do).
- **Cards under the upcard:** after turning a natural upcard, **N more stock cards** go face down
  under it, N = its rank number (4–10 as printed, jack 11, queen 12, king 13, ace 1).
- **The pile:** the source is silent; the profile makes it **always frozen**.
- **"Sem ajuda de trunfos":** openings contain **no wild card at all**, deuce melds included.
- **Twos and the deuce meld:** a garbled sentence is read as "while your deuce meld is
  incomplete, your twos go only onto it"; afterwards twos are ordinary wild cards.
- **"Canastra suja":** here it means a **wild (deuce) canasta**, not a mixed one: going out needs
  two canastas that are not deuce canastas. A deuce canasta is **closed at 7 cards**.
- **Deuce bonuses** 3000 / 2000 **replace** the 500 / 300 canasta bonus.
- **Red threes:** four or more are worth 200 each.
- **Five canastas:** the missing value for five natural canastas is 2000; only the higher of the
  two five-canasta bonuses counts.
- **Exactly 10000** points already needs **200** to open ("more than 10,000" in the source).

**Pennies from Heaven**

- **Two teams of three** (the source also sketches a seating for three pairs; the explicit team
  count wins).
- **The reserve** is picked up **automatically** when the player completes his first canasta;
  red threes in it are laid down and replaced like dealt ones.
- **One open meld per rank**; after a canasta closes at seven, a new meld of that rank may start.
- **Openings:** 150 from 1500 points, as the source says (other sources use 90 and 120 steps in
  between — a custom table, not this profile).
- **"Todos os oitos valem 1000":** read as **all eight red threes = 1000**.
- **Suja / real / limpa** map to **wild / natural / mixed** canastas.
- A reserve never picked up counts against the team, like cards in hand.
- A black-three going-out meld has 3 to 7 cards; a hand of nothing but unmeldable sevens may
  discard one (the engine's safety valve).

The engine's settings say the same (the Italian deal of seed 5 turns an `s8`, so eight cards lie
under it: nine in the pile):
"""),
    code("""
italian, pennies = get_profile("italian"), get_profile("pennies_from_heaven")
dealt = Round("italian", seed=5)
{
    "italian hand size": italian.hand_size,
    "italian upcard and pile": (str(dealt.pile[-1]), len(dealt.pile)),
    "italian pile always frozen": italian.pile_always_frozen,
    "italian wild cards in an opening": italian.opening_wilds_allowed,
    "italian minimum at 10000": italian.opening_minimum(10000),
    "italian canastas that do not count to go out": sorted(italian.go_out_excluded_kinds),
    "pennies teams": (pennies.team_count, pennies.team_size),
    "pennies minimum at 1500": pennies.opening_minimum(1500),
    "pennies all eight red threes": pennies.red_three_bonuses[8],
    "pennies canastas needed to go out": sorted(pennies.go_out_required_kinds),
}
""", "check-variants-decisions"),
    md("""
## The Brazilian games: Canastra and Tranca

Seed 003 describes two games played in Brazil, **Canastra** (`canastra_br`) and **Tranca**
(`tranca`). They share words with classic Canasta, **not** its meld rules: melds are runs of one
suit, each team has a face-down reserve of 11 cards, and going out happens twice. The engine plays
both; learners meet the Portuguese words, so here they are first.

### The words, in plain English

Each word with its literal sense, then what it means at the table:

- **canastra** (a big basket, Spanish *canasta*): a meld of 7 or more cards that earns a bonus —
  and the name of the first game.
- **tranca** (a bolt, a lock; *trancar*, to lock): the second game. The same verb says what a
  black three does to the pile (seed 002: *tranca o lixo*, "locks the pile").
- **morto** ("the dead one", like the dummy of bridge): each team's **11 face-down cards**, dealt
  beside the table. The first player of the team to run out of cards takes it into his hand.
- **bater**, **batida** (to knock, a knock): to **run out of cards** — the Brazilian "going out".
- **batida direta** (direct): the last card goes **onto the table in a meld**; you take the morto
  and **go on playing**, without drawing.
- **batida indireta** (indirect): the last card is **your discard**; you take the morto and the
  turn passes.
- **curinga** (wild card): any wild card. **curingão** (big joker): the **joker**, two in the
  pack. You may **swap it back** out of a meld by putting in the natural card it stands for.
- **curinguinha** (little joker): every **two**, always wild here. In Canastra a two at an
  **end** of a run may move to the other end; inside a run it stays.
- **lavadeira de ás** ("washerwoman of aces"): a set of **3 or more aces** of any suits — the
  **only set** allowed.
- **canastra real** (royal), *Canastra only*: exactly **7 cards, no wild card** — 500.
- **canastra de mil** ("of a thousand"), *Canastra only*: exactly **7 aces, no wild card** — 1000.
- **canastra limpa** (clean): in *Canastra* exactly **7 cards with one joker** — 500; in
  *Tranca* **7 or more cards, no wild card** — 200.
- **canastra suja** (dirty): in *Canastra* **8 or more cards**, or 7 with **one two** — 300; in
  *Tranca* 7 or more cards with **one wild card** — 100.
- **monte** (a heap): the **stock**; seed 003 also says *baralho da mesa*, "the table's pack".
- **lixo**, **lixeira**, **descarte** (rubbish, rubbish bin, discard): the **discard pile**. Here
  it starts **empty**: there is no upcard.
- **partida**, **rodada**: a *partida* is one hand, from the deal to the scoring; a *rodada* is
  one round of four turns.

### The rules, in plain words

- Four players, partners opposite; **play passes to the right**. Two packs with **two jokers**
  (106 cards). Canastra deals **15 cards** each, Tranca **11**; each team gets its **morto** of 11.
- On your turn you **draw one** card, or take the **whole pile**; meld; discard one.
- **Melds are sequences**: three or more cards of **one suit in order, from 4 up to the ace** (the
  ace is only high; threes are never melded). The only sets are **sets of aces**. A meld may hold
  **any number of wild cards**, but with **more than one** it can **never be a canasta**.
- **The pile never freezes**: no natural pair is needed. The top card must go into a meld of your
  team at once; the other cards join your hand and wait until your next turn. A **black three or
  a wild card** on top **locks** it.
- **Your first batida takes the morto.** A batida when your team's morto is gone **ends the
  hand** (+200) and needs a **clean canasta** on your side (Canastra: real, de mil or limpa;
  Tranca: limpa).
- **Canastra**: the first meld turn needs **75** points (**120** from 2500); cards 3–7 are worth
  5, 8–K and twos 10, aces 15, jokers 20. A limpa or suja earns its bonus **only if the team has a
  real** (or de mil), and red threes count **plus** with a real, **minus** without.
- **Tranca**: no minimum; **every card is worth 10**; red threes count plus with a limpa.
- Both: −100 for a morto never taken, −100 for each player who laid down no card; game to 3000.
"""),
    code("""
from IPython.display import HTML

from canasta_learn.melds import canasta_kind, meld_key
from canasta_learn.render import meld_html

BRAZILIAN = ["canastra_br", "tranca"]
pd.DataFrame(
    {name: {"players": p.player_count, "cards": p.deck_size, "jokers": p.joker_count,
            "hand": p.hand_size, "morto": p.morto_size,
            "stock": p.deck_size - p.player_count * p.hand_size - p.team_count * p.morto_size,
            "play passes": p.direction, "opening at 0": opening_minimum(0, p),
            "opening at 2500": opening_minimum(2500, p), "game to": p.target_score}
     for name, p in ((name, get_profile(name)) for name in BRAZILIAN)}
)
""", "check-br-glance"),
    md("""
### Sequences, drawn as runs

The engine puts each meld in order, **every wild card in the place it stands for**, and names the
run ("Hearts Q–A"). `h7 h5 jk` becomes 5, joker (= 6), 7; in `h13 h1 c2` the two stands for the
queen; three aces form a lavadeira:
"""),
    code("""
def runs(*melds, profile="canastra_br"):
    # the engine's own drawing of each meld: in rank order, titled, with its canasta kind
    return HTML("".join(meld_html(check_meld(cards, profile).meld, profile) for cards in melds))


runs("h7 h5 jk", "h13 h1 c2", "d1 s1 c1")
"""),
    md("""
### Which melds are legal

The engine's verdict on each meld, in `canastra_br` (Tranca has the same meld rules):
"""),
    code("""
def judge_melds(melds, profile="canastra_br"):
    rows = []
    for cards in melds:
        verdict = check_meld(cards, profile)
        rows.append({"meld": cards, "legal": verdict.ok, "code": verdict.code, "why": verdict.message})
    return pd.DataFrame(rows).set_index("meld")


judge_melds(["h5 h6 h7", "h5 h6 d7", "s3 s4 s5", "h1 h4 h5", "h13 h1 c2", "d1 s1 c1", "d13 s13 c13",
             "h5 jk c2"])
""", "check-br-melds"),
    md("""
### Which canastas: real, de mil, limpa, suja

The same six melds, classified by each game. An **eighth card** turns a Canastra real into a
suja (in Tranca it stays limpa); a **second wild card** means no canasta at all, in both games:
"""),
    code("""
def kind(cards, profile):
    prof = get_profile(profile)
    meld = check_meld(cards, prof).meld
    return canasta_kind(meld, meld_key(meld, prof), prof) or "no canasta"


CANASTAS = ["h4 h5 h6 h7 h8 h9 h10", "s1 h1 d1 c1 s1 h1 d1", "jk s9 s10 s11 s12 s13 s1",
            "d5 d6 d7 c2 d9 d10 d11", "h4 h5 h6 h7 h8 h9 h10 h11", "h4 h5 h6 h7 h8 h9 jk c2"]
pd.DataFrame({name: [kind(cards, name) for cards in CANASTAS] for name in BRAZILIAN},
             index=pd.Index(CANASTAS, name="meld"))
""", "check-br-kinds"),
    code("""
runs(*CANASTAS)
"""),
    md("""
### Curingão and curinguinha on the table

Melded cards never go back to hand — **except the joker**: on your turn you may put the natural
card it stands for in its place and take the joker (`N swap 101: h7`). A **two** at an end of a
Canastra run moves to the other end when the card it stands for arrives; a two inside the run
stays where it is:
"""),
    code("""
MORTOS = ["c4 c5 c6 c7 c8 c9 c10 d4 d5 d6 d7", "d8 d9 d10 d11 d12 d13 s4 s5 c13 c13 d13"]


def br_table(hand, melds, profile="canastra_br", **state):
    # N to play, having drawn; team N-S has ``melds``; both mortos waiting unless told otherwise
    state.setdefault("drew_from", "stock")
    state.setdefault("mortos", MORTOS)
    state.setdefault("stock", "h12 h12 h13")
    return Round.from_state(profile=profile, hands=[hand, "c11", "c12", "s12"], melds=[melds], **state)


swap = br_table("h7 c9 d9", ["h5 h6 jk h8"])
swap_action = swap.swap(101, "h7")
end_two = br_table("h8 c9 d9", ["h5 h6 h7 c2"])
end_two.meld("101: h8")
{
    "joker swap": (str(swap_action), swap.melds[0][101], swap.hands[0]),
    "two at the end": end_two.melds[0][101],
    "two inside": br_table("h6 c9 d9", ["h5 c2 h7"]).can_meld("101: h6"),
}
""", "check-br-wilds"),
    md("""
### The lixo: no pair needed, but a black three or a wild card locks it

Your team has `s6 s7 s8`; you hold no nine. The top card goes straight onto your run:
"""),
    code("""
rows = []
for top in ("s9", "c3", "jk", "c2"):
    verdict = Position("c9 h4", discard_pile=f"d5 {top}", team_melds=["s6 s7 s8"],
                       profile="canastra_br").check_take_pile()
    rows.append({"top card": top, "legal": verdict.ok, "code": verdict.code, "why": verdict.message})
pd.DataFrame(rows).set_index("top card")
""", "check-br-pile"),
    md("""
### The morto and the batidas

N holds one card, `h9`, and melds it onto the team's hearts: a **batida direta**. He takes the
morto and goes on playing without drawing:
"""),
    code("""
direta = br_table("h9", ["h6 h7 h8"])
direta.meld("101: h9")
{
    "what happened": [event.message for event in direta.events if event.kind == "morto_taken"],
    "morto": direta.morto_state[0],
    "cards in N's hand": len(direta.hands[0]),
    "still N's turn": (direta.seat_name(direta.to_move), direta.phase),
}
""", "check-br-direta"),
    md("""
Later in the hand the team's morto is gone. The same last card would now **end the hand** — allowed
only with a **clean canasta** on the team's side:
"""),
    code("""
SECOND = {"no clean canasta": ["h6 h7 h8"],
          "a canastra suja": ["h6 h7 h8", "d5 d6 d7 c2 d9 d10 d11"],
          "a canastra real": ["h6 h7 h8", "s4 s5 s6 s7 s8 s9 s10"]}
rows = []
for label, melds in SECOND.items():
    verdict = br_table("h9", melds, mortos=[[], MORTOS[1]], morto_state=["taken", "waiting"]).can_meld("101: h9")
    rows.append({"team has": label, "legal": verdict.ok, "code": verdict.code, "why": verdict.message})
pd.DataFrame(rows).set_index("team has")
""", "check-br-second-batida"),
    md("""
### A Canastra table

Four bots play 69 moves of a seeded `canastra_br` hand. On the table: runs and a lavadeira, a
canastra de mil and a real for E–W, a suja for N–S — and a clubs run of seven with **two** wild
cards, which is no canasta. West has just gone out by a **batida indireta** and holds his team's
morto; N–S's morto is still **waiting** face down.
"""),
    code("""
br_round = Round("canastra_br", seed=17)
br_bots = make_bots("greedy", 4, seed=17)
for _move in range(69):
    br_round.apply(br_bots[acting_seat(br_round)].choose(br_round))
TableWidget(br_round)
"""),
    code("""
{
    "mortos": br_round.morto_state,
    "taken by": [None if seat is None else br_round.seat_name(seat) for seat in br_round.morto_taker],
    "canastas N-S": br_round.canasta_kinds(0),
    "canastas E-W": br_round.canasta_kinds(1),
}
""", "check-br-table"),
    md("""
### Scoring: 1885 and 195 (Canastra), 1420 (Tranca)

*Canastra.* N–S have a real `h4`–`h9` on the table (six cards so far), a limpa of spades (the joker
as `s8`) and a suja of diamonds (a two as `d8`), two red threes; their morto is taken. N melds his
last card, `h10`: the real is complete and the **second batida ends the hand**. S keeps an `s3`.
*50 + 500, 85 + 500, 55 + 300, red threes +200, batida 200, −5 =* **1885**:
"""),
    code("""
FULL = ["jk s9 s10 s11 s12 s13 s1", "d5 d6 d7 c2 d9 d10 d11"]
ending = Round.from_state(profile="canastra_br", hands=["h10", "c11", "s3", "c12"],
                          melds=[["h4 h5 h6 h7 h8 h9", *FULL]], red_threes=["h3", "", "d3"],
                          mortos=[[], MORTOS[1]], morto_state=["taken", "waiting"], stock="h12 h12 h13",
                          drew_from="stock")
ending.meld("101: h10")
print(ending.is_over, ending.end_reason)
ending.scores()[0].to_frame()
""", "check-br-1885"),
    md("""
Had the hearts run also held `h11` — eight cards, a suja — the team would have **no real**: the
limpa and the sujas earn nothing, and the red threes count against it. *60 + 85 + 55, −200, batida
200, −5 =* **195**:
"""),
    code("""
score_round(["h4 h5 h6 h7 h8 h9 h10 h11", *FULL], red_threes="h3 d3", hands_left=["s3"], went_out=True,
            profile="canastra_br").to_frame()
""", "check-br-195"),
    md("""
*Tranca.* Every card is worth 10. A limpa of seven (70 + 200), a suja of eight with one two
(80 + 100), all four red threes (+800, the team has a limpa), the second batida 200, the partner
keeps three cards (−30): **1420**.
"""),
    code("""
score_round(["h4 h5 h6 h7 h8 h9 h10", "s4 s5 s6 s7 c2 s9 s10 s11"], red_threes="h3 d3 h3 d3",
            hands_left=["c5 c9 d12"], went_out=True, profile="tranca").to_frame()
""", "check-tranca-1420"),
    md("""
## Check yourself
"""),
    code("""
from canasta_learn.widgets import Quiz, QuizSet

wild_meld = check_meld("jk c2 h2", "classic")
one_canasta = Position("c8 d8 h8 c5", team_melds=["h13 h13 s13 s13 d13 c13 c13"], drew_from="stock",
                       profile="pennies_from_heaven")
one_canasta_out = one_canasta.check_go_out("c8 d8 h8", "c5")

QuizSet([
    Quiz("italian: your team has a meld of nines; you hold c9 jk. Can you take the pile?",
         Position("c9 jk c4 c5", discard_pile="h5 c9", team_melds=["h9 s9 d9"], profile="italian"),
         kind="can_take_pile"),
    Quiz("italian: nothing wild is buried. What state is the pile in?",
         Position("c9 jk c4 c5", discard_pile="h5 c9", team_melds=["h9 s9 d9"], profile="italian"),
         kind="pile_state"),
    Quiz("pennies_from_heaven: your team has 1500 points. What is the opening minimum?",
         Position("h1 c1 d2 c5 h6 h7 c8 d13", team_score=1500, drew_from="stock",
                  profile="pennies_from_heaven"), kind="opening_minimum"),
    Quiz("classic: is jk c2 h2 a legal meld?", ["Yes", "No"], "Yes" if wild_meld.ok else "No",
         wild_meld, profile="classic"),
    Quiz("pennies_from_heaven: one natural canasta on the table. May P1 go out with c8 d8 h8, "
         "discarding c5?", ["Yes", "No"], "Yes" if one_canasta_out.ok else "No", one_canasta_out,
         position=one_canasta),
])
""", "quiz"),
    md("""
Five more on Canastra and Tranca — each answer is explained by the engine's own verdict:
"""),
    code("""
ace_low = check_meld("h1 h4 h5", "canastra_br")
kings = check_meld("d13 s13 c13", "canastra_br")
spades = check_meld("jk s9 s10 s11 s12 s13 s1", "canastra_br")
last_card = br_table("h9", ["h6 h7 h8", "d5 d6 d7 c2 d9 d10 d11"], mortos=[[], MORTOS[1]],
                     morto_state=["taken", "waiting"]).can_meld("101: h9")


def yes_no(verdict):
    return "Yes" if verdict.ok else "No"


QuizSet([
    Quiz("canastra_br: is h1 h4 h5 a legal sequence?", ["Yes", "No"], yes_no(ace_low), ace_low,
         profile="canastra_br"),
    Quiz("canastra_br: may a team meld three kings, d13 s13 c13?", ["Yes", "No"], yes_no(kings), kings,
         profile="canastra_br"),
    Quiz("canastra_br: which canastra is jk s9 s10 s11 s12 s13 s1?",
         ["real", "de mil", "limpa", "suja", "no canasta"],
         kind("jk s9 s10 s11 s12 s13 s1", "canastra_br").replace("_", " "), spades, profile="canastra_br"),
    Quiz("canastra_br: your team has s6 s7 s8 and you hold no nine. Can you take the pile (top s9)?",
         Position("c9 h4", discard_pile="d5 s9", team_melds=["s6 s7 s8"], profile="canastra_br"),
         kind="can_take_pile"),
    Quiz("canastra_br: your team's morto is gone and its only canasta is a suja. May N meld his last "
         "card, h9, onto the hearts?", ["Yes", "No"], yes_no(last_card), last_card, profile="canastra_br"),
], title="Check yourself: Canastra and Tranca")
""", "quiz", "check-br-quiz"),
    md("""
**Exercise.** Under which of the three profiles may a team open with `h1 c1 s1 | c13 d13 jk`
at a score of 0? Ask the engine.
"""),
    code("""
# your answer here
"""),
    code("""
compare(lambda name: Position("h1 c1 s1 c13 d13 jk c4 c5", drew_from="stock", profile=name)
        .check_opening("h1 c1 s1 | c13 d13 jk"))
""", "solution"),
    md("""
## Summary

- **Italian Canasta**: 162 cards, 15 each, draw two; deuce melds, twos reserved for an
  incomplete one; openings without wild cards, up to 200; the pile always frozen; two non-deuce
  canastas to go out; going out 300, deuce canastas 3000 / 2000 for the team that goes out.
- **Pennies from Heaven**: six players in two teams of three, 216 cards, 13 each plus an
  11-card reserve picked up at your first canasta; melds closed at seven, wild-card melds;
  no seven discarded before a sevens canasta; one canasta of each kind to go out; sevens
  canasta 1500, wild canasta 1000; red threes negative without a sevens canasta.
- Where the sources are unclear, each profile follows one stated reading.
- **Canastra** (`canastra_br`) and **Tranca** (`tranca`): 106 cards, play to the right, a
  **morto** of 11 per team; melds are **same-suit sequences** from 4 to the ace plus the
  **lavadeira** (aces only), more than one wild card means no canasta; the **lixo** needs no pair
  but a black three or a wild card locks it; the first **batida** (direta: melding the last card,
  indireta: discarding it) takes the morto, the second ends the hand and needs a clean canasta.
- Canastra's canastas: **real** and **limpa** 500, **de mil** 1000, **suja** 300 — limpa and suja
  only with a real (1885 vs 195); Tranca: every card 10, **limpa** 200, **suja** 100 (1420).
"""),
    md("""
## Try it yourself

Ask your own question of the three profiles, or play a hand of Italian Canasta:
`PlayWidget(profile="italian", seed=3)` — or of Canastra: `PlayWidget(profile="canastra_br", seed=3)`.
"""),
    code("""
compare(lambda name: Position("jk d10 c4 c6", discard_pile="s5 h10", team_melds=["s10 s10 c10"],
                              profile=name).check_take_pile())
"""),
])

LESSONS: list[Lesson] = [L00, L01, L02, L03, L04, L05, L06, L07, L08, L09]


# =========================================================================== writing
def to_notebook(lesson: Lesson) -> nbformat.NotebookNode:
    """The lesson as an nbformat v4 notebook without outputs."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["canasta_learn"] = {"lesson": lesson.name, "title": lesson.title}
    for index, cell in enumerate(lesson.cells):
        if cell.kind == "markdown":
            node = nbformat.v4.new_markdown_cell(cell.source)
        else:
            node = nbformat.v4.new_code_cell(cell.source)
        node.id = f"{lesson.name[:2]}-{index:03d}"
        if cell.tags:
            node.metadata["tags"] = list(cell.tags)
        starts_section = cell.kind == "markdown" and cell.source.lstrip().startswith(("# ", "## "))
        node.metadata["slideshow"] = {"slide_type": "slide" if starts_section else "-"}
        nb.cells.append(node)
    nbformat.validate(nb)
    return nb


def render(lesson: Lesson) -> str:
    """The notebook file's text (stable: same lesson, same bytes)."""
    return nbformat.writes(to_notebook(lesson)) + "\n"


def build(check: bool = False) -> list[Path]:
    """Write (or, with ``check``, compare) every lesson in every target folder.

    Returns the paths that were written (or that are out of date, when checking).
    """
    changed: list[Path] = []
    for folder in TARGETS:
        if not check:
            folder.mkdir(parents=True, exist_ok=True)
        wanted = {f"{lesson.name}.ipynb": render(lesson) for lesson in LESSONS}
        for name, text in wanted.items():
            path = folder / name
            current = path.read_text(encoding="utf-8") if path.exists() else None
            if current != text:
                changed.append(path)
                if not check:
                    path.write_text(text, encoding="utf-8")
        stale = [p for p in folder.glob("*.ipynb") if p.name not in wanted] if folder.exists() else []
        for path in stale:
            changed.append(path)
            if not check:
                path.unlink()
    return changed


def main(argv: list[str] | None = None) -> int:
    """Command line: build the lessons, or check that they are up to date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 if a lesson file is missing or out of date")
    args = parser.parse_args(argv)
    changed = build(check=args.check)
    for path in changed:
        print(f"{'out of date' if args.check else 'wrote'}: {path.relative_to(ROOT)}")
    if args.check and changed:
        print("run: python scripts/build_lessons.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
