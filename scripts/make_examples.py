"""Regenerate the annotated example games in ``canasta_learn/data/games/``.

Each example is played by greedy bots with a fixed seed (deterministic), then the teacher's
comments and glyphs below are attached. Every comment names the action text it expects at
its index, and every example states the situation it shows; if the bots or the engine ever
play differently, the script stops with an explanation instead of writing comments onto the
wrong moves.

The titles and comments are the teacher's words: each one is also listed, marked for the
catalogue, in ``canasta_learn.records.examples.TEACHER_TEXTS`` (the records keep the English;
the viewers say it in the learner's language), and a test fails when one is missing there. A
new or reworded comment goes into both places, with its pt_BR translation.

    python scripts/make_examples.py           # write the files
    python scripts/make_examples.py --check   # exit 1 if the shipped files differ
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canasta_learn.core.actions import TakePile  # noqa: E402
from canasta_learn.play.bots import play_game, play_round  # noqa: E402
from canasta_learn.records.record import GameRecord  # noqa: E402

OUT_DIR = Path(__file__).resolve().parents[1] / "canasta_learn" / "data" / "games"

#: (round index, action index or -1 for the deal, expected action text or "", comment, glyph)
Comment = tuple[int, int, str, str, str | None]


@dataclass
class Example:
    """One example game: how to play it, what to say about it, what it must contain."""

    name: str
    title: str
    kind: str  # "round" or "game"
    seed: int
    comments: list[Comment]
    check: Callable[[GameRecord], str | None]
    players: tuple[str, ...] = ("greedy",) * 4
    dealer: int = 0
    extra: dict[str, str] = field(default_factory=dict)


def frozen_take(record: GameRecord, min_pile: int = 10) -> str | None:
    """A pile take of at least ``min_pile`` cards while the pile was frozen for the taker."""
    for step in record.replay():
        if isinstance(step.action, TakePile):
            before = record.state_at(step.round_index, step.action_index - 1)
            if before.pile_state(step.action.seat) == "frozen" and len(before.pile) >= min_pile:
                return None
    return f"no take of a frozen pile of {min_pile}+ cards"


def concealed(record: GameRecord) -> str | None:
    """The (last) round ends with a concealed going out."""
    final = record.final_state(len(record.rounds) - 1)
    return None if final.went_out_concealed else "nobody went out concealed"


def reaches_target(record: GameRecord) -> str | None:
    """The game is over with a team at 5000 or more."""
    game = record.to_game()
    if game.is_over and max(game.totals) >= game.profile.target_score:
        return None
    return f"the game did not end past the target (totals {game.totals})"


EXAMPLES = [
    Example(
        name="frozen_pile_fight", kind="round", seed=139,
        title="A frozen pile fight",
        comments=[
            (0, -1, "", "The upcard d2 is a wild card, so it is covered by s4 and the pile "
             "starts frozen for everyone: from now on only a natural pair matching the top "
             "card can take it.", None),
            (0, 1, "E meld d13 h13 s13 jk", "E opens with three kings and a joker (80, the "
             "minimum is 50). Opening does not unfreeze this pile: the buried d2 freezes it "
             "for both teams.", None),
            (0, 2, "E discard c3", "A black three on top blocks the pile: S cannot take it "
             "next turn, whatever S holds.", "!"),
            (0, 9, "N discard s3", "N blocks E the same way. N-S have not opened either, so "
             "for them the pile is frozen twice over.", None),
            (0, 32, "W discard h11", "A single jack onto a frozen pile of 17 cards, and N holds "
             "the natural pair c11 d11. W had no black three left to block with, and the other "
             "choices broke the pairs c5 s5 or c6 d6: nothing was safe, but this discard hands "
             "over the only pile taken this round.", "?"),
            (0, 33, "N take c11 d11 | d9 h9 s2", "N-S have not opened, so the take must also "
             "meet the minimum of 50: h11 c11 d11 (30) + d9 h9 s2 (40) = 70. Only the top card "
             "and cards from the hand count; then the 16 buried cards join N's hand.", "!!"),
            (0, 34, "N meld c7 c7 d7 h7 s7 s7 d2", "Everybody had thrown sevens away: with "
             "the d2 that froze the pile at the deal, they make N a mixed canasta at once.",
             None),
            (0, 44, "E discard c8", "E goes out at once, so N-S never get another turn: 17 "
             "cards stay in their hands (-175) and E-W win the round 965 to 335.", None),
        ],
        check=frozen_take,
    ),
    Example(
        name="concealed_going_out", kind="round", seed=564,
        title="Going out concealed on the first turn",
        comments=[
            (0, -1, "", "W's two red threes are laid down at once and replaced; the second "
             "replacement is a joker. W holds jk jk s2, three eights, three nines and two "
             "jacks.", None),
            (0, 4, "S discard c8", "S cannot know that W holds c8 h8: this eight lets W take "
             "the pile.", None),
            (0, 5, "W take c8 h8 | d9 d9 s9", "E-W have not opened, so the pile is frozen for "
             "them: W needs a natural pair (c8 h8) and 50 points of melds from the hand. "
             "Eights 30 + nines 30 = 60. W picks up d8 and h5.", "!"),
            (0, 6, "W ask", "W can go out this turn and asks the partner first; a yes will "
             "oblige W to go out.", None),
            (0, 7, "E answer yes", "Going out now earns the bonus and leaves N-S holding 19 "
             "cards.", None),
            (0, 8, "W meld d8 s8 jk s2", "d8 from the pile, s8 and two wild cards turn the "
             "eights into a mixed canasta (c8 c8 h8 d8 s8 jk s2): going out needs one "
             "canasta.", None),
            (0, 10, "W discard h5", "W goes out concealed: nothing melded before this turn, "
             "the whole hand down in one turn, with a canasta. The bonus is 200 instead of "
             "100; E-W win the round 830 to -140.", "!!"),
        ],
        check=concealed,
    ),
    Example(
        name="game_to_5000", kind="game", seed=3,
        title="A whole game to 5000",
        comments=[
            (0, -1, "", "A game is a series of rounds; it ends when a team finishes a round "
             "with 5000 or more and the lead. The opening minimum follows the team's total: "
             "50 below 1500, 90 from 1500, 120 from 3000.", None),
            (3, -1, "", "Both teams have passed 1500 (N-S 2305, E-W 1550): each now needs 90 "
             "points to open.", None),
            (3, 3, "E meld c1 d1 jk", "E reaches exactly 90: two aces (20 each) and a joker "
             "(50).", None),
            (5, -1, "", "E-W have 3350, so they need 120 to open; N-S (1560) still need 90.",
             None),
            (7, 35, "N take c9 h9 | c12 h12 s12 | d6 s6 jk", "N meets the 120 minimum exactly "
             "while taking a frozen pile of 19 cards: c9 c9 h9 (30) + c12 h12 s12 (30) + d6 s6 "
             "jk (60) = 120. The 18 cards under the top card never count for the opening.", "!"),
            (7, 138, "S discard c3", "S goes out, discarding a black three. N-S score 2995 in "
             "this round (three natural canastas) and finish on 7130 against 5735: both teams "
             "are past 5000 and the higher total wins.", None),
        ],
        check=reaches_target,
    ),
]


def build(example: Example) -> GameRecord:
    """Play the example with its seed and attach its comments (checking each action text)."""
    if example.kind == "round":
        record = play_round(example.players, seed=example.seed, dealer=example.dealer)
    else:
        record = play_game(example.players, seed=example.seed)
    for round_index, action_index, expected, text, glyph in example.comments:
        if action_index >= 0:
            actual = record.rounds[round_index].actions[action_index]
            if actual != expected:
                raise SystemExit(f"{example.name}: round {round_index} action {action_index} is "
                                 f"{actual!r}, the comment expects {expected!r}; the bots play "
                                 "differently now: review the comments.")
        record.comment(round_index, action_index, text, glyph)
    problem = example.check(record)
    if problem:
        raise SystemExit(f"{example.name}: {problem}")
    record.info.update({
        "title": example.title,
        "example": example.name,
        "made_by": f"scripts/make_examples.py: {'/'.join(sorted(set(example.players)))} bots, "
                   f"{example.kind}, seed {example.seed}",
        **example.extra,
    })
    return record


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check, compare) every example file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the shipped files instead of writing them")
    args = parser.parse_args(argv)
    os.makedirs(OUT_DIR, exist_ok=True)
    status = 0
    for example in EXAMPLES:
        text = build(example).dump()
        path = OUT_DIR / f"{example.name}.json"
        if args.check:
            same = path.is_file() and path.read_text(encoding="utf-8") == text
            print(f"{path.name}: {'up to date' if same else 'DIFFERS'}")
            status |= 0 if same else 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(OUT_DIR.parents[2])}")
    return status


if __name__ == "__main__":
    sys.exit(main())
