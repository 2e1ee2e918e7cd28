"""The skills a learner practises, one drill generator each, and their registry (classic profile).

`SKILLS` maps a skill id to its `Skill`: a learner-facing title, the docs/rules.md section it
trains (``rule``, listed in docs/rule-index.md) and its generator. A generator takes
``(seed, difficulty)`` and returns a `Drill`. Each position is BUILT FROM THE TASK: the
generator first chooses the answer it wants (a yes/no by a fair coin drawn from the seed, a
choice among all the choices, a score bracket), then lays out cards that have it, favouring the
near misses the rules turn on as the difficulty rises (difficulty 1: plain cases; 2: mixed;
3: near misses: one wild card too many, one card short of a canasta, one scoring step short
of the opening minimum, a black three one card down). The drill's answer is then read from the
engine's own checks (`check_meld`, `Position.pile_status`, `Position.check_take_pile`,
`Position.opening_verdict`, `able_to_go_out`, `Round.can_ask`, `score_round`), never from the
generator's intention; tests check that the two agree for every generator over many seeds.

Where a rule is judged on more than the player's position (the stock running out, what the pile
is after a take, the deal, the end of the game), the generator builds the smallest real engine
object from the same cards and lets it play: a `Round` made by ``Round.from_state`` with the
stock the task describes (taking the pile or drawing, then discarding; a draw from a stock whose
last card is a red three), a `Round` dealt from a deck order or a seed, or a `Game` whose hand
ends with the player going out. The drill's ``position`` is still the `Position` a view draws
(the player's hand, the pile, the team's melds), and the task says the rest in words; cards in
the tasks of these drills are shown by their symbols (``K♥``), never in notation.

Cards are drawn from the profile's decks without replacement (`_Pool`), so every position
holds at most two copies of a card and four jokers.

>>> drill = generate("meld_validity", seed=1, difficulty=3)
>>> drill.kind, type(drill.answer).__name__
('yes_no', 'bool')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..core.actions import Discard, Meld, MeldGroup, TakePile, seat_label, seat_name
from ..core.cards import Card, new_deck
from ..core.i18n import N_, gettext, ngettext
from ..core.verdicts import Verdict
from ..engine.game import Game
from ..engine.position import Position
from ..engine.round import Round
from ..profiles import Profile, get_profile
from ..rules.going_out import able_to_go_out
from ..rules.melds import canasta_kind, check_meld, meld_key, meld_value
from ..rules.pile import pile_reason_text
from ..rules.scoring import ScoreBreakdown, score_round
from .drills import Drill, Explanation

__all__ = ["DIFFICULTIES", "SKILLS", "Skill", "drill_set", "generate", "register", "skill_ids"]

#: The difficulties a generator accepts: 1 plain cases, 2 mixed, 3 near misses.
DIFFICULTIES = (1, 2, 3)

#: Ranks of natural cards that may be melded (aces, fours to kings).
_NATURAL_RANKS = (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
_PROFILE = "classic"


@dataclass(frozen=True)
class Skill:
    """One skill: its id, its title (English, translated when shown: `title_words`), the rule
    section it trains (``rule``: an id of docs/rules.md, or of docs/variants.md for a variant's
    skill), the rule's name, its generator, and the ``profile`` (game) it belongs to."""

    id: str
    title: str
    rule: str
    rule_name: str
    generator: Callable[[int, int], Drill]
    profile: str = "classic"

    @property
    def title_words(self) -> str:
        """The title in the language spoken now."""
        return gettext(self.title)

    def generate(self, seed: int, difficulty: int = 2) -> Drill:
        """A fresh drill of this skill (see `generate`)."""
        return generate(self.id, seed, difficulty)


class _Pool:
    """The profile's cards not yet used in the position being built."""

    def __init__(self, rng: random.Random, profile: Profile) -> None:
        self.rng = rng
        self.left = list(new_deck(profile.deck_count, profile.joker_count))

    def naturals(self, rank: int, count: int) -> list[Card]:
        """``count`` natural cards of ``rank`` (random suits); threes count black ones only."""
        found = [c for c in self.left if c.rank == rank and not c.is_wild and not c.is_red_three]
        if rank == 3:
            found = [c for c in found if c.is_black_three]
        chosen = self.rng.sample(found, count)
        for card in chosen:
            self.left.remove(card)
        return chosen

    def wilds(self, count: int, *, jokers: bool | None = None) -> list[Card]:
        """``count`` wild cards (jokers and twos; only jokers / only twos when ``jokers`` says)."""
        found = [c for c in self.left if c.is_wild and (jokers is None or (c.rank == 0) == jokers)]
        chosen = self.rng.sample(found, count)
        for card in chosen:
            self.left.remove(card)
        return chosen

    def red_threes(self, count: int) -> list[Card]:
        """``count`` red threes."""
        chosen = self.rng.sample([c for c in self.left if c.is_red_three], count)
        for card in chosen:
            self.left.remove(card)
        return chosen

    def singles(self, count: int, avoid: Sequence[int] = ()) -> list[Card]:
        """``count`` natural cards of different ranks, none of ``avoid`` (never threes or wild cards)."""
        ranks = self.rng.sample([r for r in _NATURAL_RANKS if r not in avoid], count)
        return [self.naturals(r, 1)[0] for r in ranks]

    def rank(self, avoid: Sequence[int] = ()) -> int:
        """A natural rank, none of ``avoid``."""
        return self.rng.choice([r for r in _NATURAL_RANKS if r not in avoid])


def _rng(skill: str, seed: int, difficulty: int) -> random.Random:
    return random.Random(f"{skill}:{seed}:{difficulty}")


def _cards(cards: Sequence[Card]) -> str:
    """Cards as a learner reads them, ``K♥ K♠`` (never the notation ``h13``)."""
    return " ".join(card.short for card in cards) or "-"


def _shown(cards: Sequence[Card]) -> str:
    """Cards as the learner reads them in a task: their short labels with suit symbols (``K♥ 10♣``)."""
    return " ".join(card.short for card in cards) or "-"


def _verdict_of(make: Callable[[], object]) -> Callable[[], Explanation]:
    """An explanation made by re-running an engine check (so it speaks the language spoken)."""

    def explain() -> Explanation:
        verdict = make()
        return verdict.code, verdict.message  # type: ignore[attr-defined]

    return explain


# ---------------------------------------------------------------------------------------- melds
def _meld_validity(seed: int, difficulty: int) -> Drill:
    rng = _rng("meld_validity", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    legal = rng.random() < 0.5
    rank = pool.rank()
    limit = prof.wild_limit
    if legal:
        naturals = rng.randint(prof.meld_min_naturals, 5)
        wilds = limit if difficulty == 3 else rng.randint(0, min(limit, naturals))
        if naturals + wilds < prof.meld_min_size:
            wilds = prof.meld_min_size - naturals
        cards = pool.naturals(rank, naturals) + pool.wilds(wilds)
    else:
        misses = ["too_many_wilds", "too_few_naturals"] if difficulty == 3 else [
            "too_many_wilds", "too_few_naturals", "too_few_cards", "mixed_ranks", "black_threes"]
        miss = rng.choice(misses)
        if miss == "too_many_wilds":  # one wild card too many
            cards = pool.naturals(rank, rng.randint(prof.meld_min_naturals, 4)) + pool.wilds(limit + 1)
        elif miss == "too_few_naturals":  # one natural card short
            cards = pool.naturals(rank, prof.meld_min_naturals - 1) + pool.wilds(rng.randint(2, limit))
        elif miss == "too_few_cards":
            cards = pool.naturals(rank, prof.meld_min_size - 1)
        elif miss == "mixed_ranks":
            cards = pool.naturals(rank, 2) + pool.naturals(pool.rank(avoid=[rank]), 1) + pool.wilds(rng.randint(0, 1))
        else:
            cards = pool.naturals(3, 3)
    position = Position(cards, profile=prof)
    cards = list(position.hand)  # in the order the learner sees them

    def task() -> str:
        return gettext("Is {cards} a legal meld on its own (you are not going out)? Answer yes or no.").format(
            cards=_cards(cards))

    def fact() -> str:
        wild = sum(1 for c in cards if c.is_wild)
        return gettext("{cards} holds {naturals} and {wilds}. A meld needs at least {size} cards, at least "
                       "{minimum} natural cards of one rank and at most {limit} wild cards; black threes are "
                       "melded only when going out.").format(
            cards=_cards(cards), naturals=ngettext("{count} natural card", "{count} natural cards",
                                                   len(cards) - wild).format(count=len(cards) - wild),
            wilds=ngettext("{count} wild card", "{count} wild cards", wild).format(count=wild),
            size=prof.meld_min_size, minimum=prof.meld_min_naturals, limit=limit)

    return Drill("meld_validity", seed, difficulty, "yes_no", position, check_meld(cards, prof).ok,
                 _verdict_of(lambda: check_meld(cards, prof)), task, fact, "rules-melds",
                 SKILLS["meld_validity"].rule_name, built_for=legal)


_KINDS = ("natural", "mixed", "none")


def _kind_words(kind: str) -> str:
    return {"natural": gettext("a natural canasta"), "mixed": gettext("a mixed canasta"),
            "none": gettext("not a canasta")}[kind]


def _canasta_kind(seed: int, difficulty: int) -> Drill:
    rng = _rng("canasta_kind", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    target = rng.choice(_KINDS)
    rank = pool.rank()
    size = prof.canasta_size
    if target == "natural":
        cards = pool.naturals(rank, size if difficulty == 3 else rng.randint(size, size + 1))
    elif target == "mixed":  # difficulty 3: one wild card among naturals
        wild = 1 if difficulty == 3 else rng.randint(1, prof.wild_limit)
        cards = pool.naturals(rank, rng.randint(size - wild, size - wild + 1)) + pool.wilds(wild)
    else:  # one card short of a canasta
        wild = rng.randint(0, 2)
        cards = pool.naturals(rank, size - 1 - wild) + pool.wilds(wild)
    rng.shuffle(cards)
    hand = pool.singles(3, avoid=[rank])
    position = Position(hand, team_melds=[cards], profile=prof)

    def answer() -> str:
        key = meld_key(cards, prof)
        assert key is not None
        return canasta_kind(cards, key, prof) or "none"

    def task() -> str:
        return gettext("Your team has laid {cards}. Is it a natural canasta, a mixed canasta, or not a canasta "
                       "at all?").format(cards=_cards(cards))

    def fact() -> str:
        wild = sum(1 for c in cards if c.is_wild)
        return gettext("{cards} has {count} and {wilds}; a canasta has at least {size} cards, and it is natural "
                       "only without wild cards.").format(
            cards=_cards(cards), count=ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards)),
            wilds=ngettext("{count} wild card", "{count} wild cards", wild).format(count=wild), size=size)

    return Drill("canasta_kind", seed, difficulty, "choice", position, answer(),
                 _verdict_of(lambda: check_meld(cards, prof)), task, fact, "rules-canastas",
                 SKILLS["canasta_kind"].rule_name, built_for=target, choices=_KINDS, choice_words=_kind_words)


def _meld_merge(seed: int, difficulty: int) -> Drill:
    rng = _rng("meld_merge", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    target = rng.choice(_KINDS)
    rank = pool.rank()
    size = prof.canasta_size
    table_count = rng.randint(3, 4)
    total = size - 1 if target == "none" else size if difficulty == 3 else rng.randint(size, size + 1)
    # the wild card (at most one) lies on the table or comes from the hand; none in a natural canasta
    wild = 0 if target == "natural" else 1 if target == "mixed" else rng.randint(0, 1)
    wild_on_table = wild and rng.random() < 0.5
    table = pool.naturals(rank, table_count - (1 if wild_on_table else 0)) + (pool.wilds(1) if wild_on_table else [])
    laid = pool.naturals(rank, total - table_count - (wild if not wild_on_table else 0))
    laid += pool.wilds(1) if wild and not wild_on_table else []
    hand = laid + pool.singles(3, avoid=[rank])
    position = Position(hand, team_melds=[table], drew_from="stock", profile=prof)
    laid = sorted(laid, key=hand.index)

    def merged() -> list[Card]:
        after = position.round
        after.meld([laid], seat=0)
        return list(after.melds[0][rank])

    def answer() -> str:
        after = position.round
        after.meld([laid], seat=0)
        kinds = after.canasta_kinds(0)
        return kinds[0] if kinds else "none"

    def task() -> str:
        return gettext("Your team has melded {table}. You have drawn and you lay {laid}. What does your team's "
                       "meld become: a natural canasta, a mixed canasta, or not a canasta?").format(
            table=_cards(table), laid=_cards(laid))

    def fact() -> str:
        return gettext("Melds belong to the team: cards you lay of a rank your team has melded join that meld, "
                       "which then holds {count}.").format(
            count=ngettext("{count} card", "{count} cards", len(table) + len(laid)).format(
                count=len(table) + len(laid)))

    return Drill("meld_merge", seed, difficulty, "choice", position, answer(),
                 _verdict_of(lambda: check_meld(merged(), prof)), task, fact, "rules-melds-team",
                 SKILLS["meld_merge"].rule_name, built_for=target, choices=_KINDS, choice_words=_kind_words,
                 shown={"laid": tuple(laid)})


def _meld_value(seed: int, difficulty: int) -> Drill:
    rng = _rng("meld_value", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    rank = pool.rank()
    naturals = rng.randint(2, 5)
    wild = 0 if difficulty == 1 else rng.randint(0 if difficulty == 2 else 1, prof.wild_limit)
    cards = pool.naturals(rank, max(naturals, 3 - wild)) + pool.wilds(wild)
    position = Position(cards, profile=prof)
    cards = list(position.hand)  # in the order the learner sees them

    def task() -> str:
        return gettext("Add up the card values of {cards} (no bonuses). How many points is it worth?").format(
            cards=_cards(cards))

    def fact() -> str:
        values = prof.card_values
        return gettext("A joker is worth {joker}, a two or an ace {ace}, an eight to a king {high}, a four to a "
                       "seven {low}.").format(joker=values[0], ace=values[1], high=values[8], low=values[4])

    return Drill("meld_value", seed, difficulty, "number", position, meld_value(cards, prof),
                 _verdict_of(lambda: check_meld(cards, prof)), task, fact, "rules-cards",
                 SKILLS["meld_value"].rule_name)


# ----------------------------------------------------------------------------------------- pile
_PILE_REASONS = ("open", "blocked_black_three", "blocked_wild", "frozen_wild", "frozen_red_three",
                 "frozen_not_opened")


def _pile_state(seed: int, difficulty: int) -> Drill:
    rng = _rng("pile_state", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    target = rng.choice(_PILE_REASONS)
    meld_rank = pool.rank()
    plain = [pool.naturals(pool.rank(avoid=[meld_rank]), 1)[0] for _ in range(rng.randint(2, 5))]
    top = pool.naturals(pool.rank(avoid=[meld_rank]), 1)
    opened = target != "frozen_not_opened"
    if target == "open":
        pile = plain + top
        if difficulty >= 2:  # a black three one card down does not freeze it
            pile = plain + pool.naturals(3, 1) + top
    elif target == "blocked_black_three":
        pile = plain + top + pool.naturals(3, 1)
    elif target == "blocked_wild":
        pile = plain + top + pool.wilds(1)
    elif target == "frozen_wild":
        where = 0 if difficulty == 3 else rng.randint(0, len(plain))
        pile = plain[:where] + pool.wilds(1) + plain[where:] + top
    elif target == "frozen_red_three":  # turned up at the deal: at the bottom
        pile = pool.red_threes(1) + plain + top
    else:
        pile = plain + top
    melds = [pool.naturals(meld_rank, 3)] if opened else []
    hand = pool.singles(4, avoid=[meld_rank])
    position = Position(hand, discard_pile=pile, team_melds=melds, team_opened=opened, profile=prof)

    def task() -> str:
        if opened:
            said = gettext("The discard pile holds, bottom to top, {pile}. Your team has melded {melds}. Which "
                           "sentence says what the pile is for you, and why?")
        else:
            said = gettext("The discard pile holds, bottom to top, {pile}. Your team has not melded yet. Which "
                           "sentence says what the pile is for you, and why?")
        return said.format(pile=_cards(pile), melds=" + ".join(_cards(m) for m in melds))

    def fact() -> str:
        status = position.pile_status()
        if status.cards:
            return gettext("Look at {card}: where it lies in the pile decides.").format(card=status.cards[0].short)
        if not opened:
            return gettext("Your team has not made its opening meld yet.")
        return gettext("Only a wild card or a red three buried in the pile, or a wild card or a black three on "
                       "top, changes what the pile is.")

    status_now = position.pile_status()
    return Drill("pile_state", seed, difficulty, "choice", position, status_now.code,
                 lambda: (position.pile_status().code, position.pile_status().message), task, fact,
                 "rules-pile-frozen", SKILLS["pile_state"].rule_name, built_for=target, choices=_PILE_REASONS,
                 choice_words=pile_reason_text)


def _take_pile(seed: int, difficulty: int) -> Drill:
    rng = _rng("take_pile", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    takeable = rng.random() < 0.5
    frozen = rng.random() < 0.5
    # the team's meld is of the top card's rank: the third way into an open pile, and (the near
    # miss) no help at all with a frozen one
    onto_meld = difficulty >= 2 and rng.random() < 0.4 and (takeable != frozen)
    meld_rank = pool.rank()
    rank = meld_rank if onto_meld else pool.rank(avoid=[meld_rank])
    melds = [pool.naturals(meld_rank, 3)]
    top = pool.naturals(rank, 1)
    plain = pool.singles(rng.randint(2, 4), avoid=[rank, meld_rank])
    if frozen:
        pile = plain[:1] + pool.wilds(1) + plain[1:] + top
    elif difficulty >= 2:  # a black three one card down: the pile is not blocked
        pile = plain + pool.naturals(3, 1) + top
    else:
        pile = plain + top
    if onto_meld and takeable:  # open: the top card goes onto the team's meld, nothing from the hand
        own: list[Card] = []
    elif takeable:
        own = pool.naturals(rank, 2) if frozen or rng.random() < 0.5 else pool.naturals(rank, 1) + pool.wilds(1)
    elif frozen:  # one natural card short of the pair a frozen pile needs
        own = pool.naturals(rank, 1) + pool.wilds(1)
    else:  # one card short: a single natural card and no wild card
        own = pool.naturals(rank, 1)
    hand = own + pool.singles(4, avoid=[rank, meld_rank])
    position = Position(hand, discard_pile=pile, team_melds=melds, profile=prof)
    best = position.check_take_pile()
    answer: tuple[Card, ...] | None = None
    if best.ok and best.meld is not None:
        kept = list(best.meld)
        kept.remove(top[0])
        answer = tuple(kept)

    def task() -> str:
        return gettext("It is your turn and you have not drawn yet. The pile holds, bottom to top, {pile}; your "
                       "team has melded {melds}; your hand is {hand}. Take the pile: choose the cards from your "
                       "hand that go down with its top card, or say that you may not take it.").format(
            pile=_cards(pile), melds=" + ".join(_cards(m) for m in melds), hand=_cards(position.hand))

    def judge(cards: tuple[Card, ...]) -> Explanation | None:
        verdict = position.check_take_pile(list(cards))
        return None if verdict.ok else (verdict.code, verdict.message)

    return Drill("take_pile", seed, difficulty, "take_pile", position, answer,
                 _verdict_of(position.check_take_pile), task, lambda: position.pile_status().message,
                 "rules-pile-take-frozen" if frozen else "rules-pile-take-open", SKILLS["take_pile"].rule_name,
                 built_for=takeable, judge=judge, legal=lambda cards: False)


# -------------------------------------------------------------------------------------- opening
def _team_score(rng: random.Random, difficulty: int, *, negative: bool = True) -> int:
    """A team score for a drill: near a threshold of the opening table at difficulty 3, else
    anywhere in a bracket (multiples of 5, never a minimum itself, so the task never shows it)."""
    prof = get_profile(_PROFILE)
    if difficulty == 3:
        edges = [t for t, _ in prof.opening_table]
        edge = rng.choice([e for e in edges if negative or e > 0])
        return edge - 5 if rng.random() < 0.5 else edge
    minimums = {m for _, m in prof.opening_table} | {prof.opening_below}
    while True:
        bracket = rng.randrange(0 if negative else 1, 4)
        score = (-5 * rng.randint(1, 80), 5 * rng.randint(0, 299), 1500 + 5 * rng.randint(0, 299),
                 3000 + 5 * rng.randint(0, 400))[bracket]
        if score not in minimums:
            return score


def _opening_minimum(seed: int, difficulty: int) -> Drill:
    rng = _rng("opening_minimum", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    score = _team_score(rng, difficulty)
    position = Position(pool.singles(5), team_score=score, team_opened=False, drew_from="stock", profile=prof)

    def task() -> str:
        return gettext("Your team's score is {score} and it has not opened this hand. What is its opening "
                       "minimum (the points its first melds must reach)?").format(score=score)

    def fact() -> str:
        table = prof.opening_table
        return gettext("The minimum rises with the team's score: below {first} it is {below}; from {first} "
                       "it is {m1}, from {second} {m2}, from {third} {m3}.").format(
            first=table[0][0], below=prof.opening_below, m1=table[0][1], second=table[1][0], m2=table[1][1],
            third=table[2][0], m3=table[2][1])

    return Drill("opening_minimum", seed, difficulty, "number", position, position.opening_minimum,
                 _verdict_of(position.opening_verdict), task, fact, "rules-opening-minimum",
                 SKILLS["opening_minimum"].rule_name)


def _opening_goal(rng: random.Random, prof: Profile, difficulty: int, *,
                  steps_over: int) -> tuple[bool, int, int, int]:
    """An opening drill's goal: whether it opens (a fair coin), the team score, its minimum, and
    the total the melds are built to: the minimum itself (difficulty 3) or up to ``steps_over``
    steps of 5 over it; one step (5) short when it does not open."""
    opens = rng.random() < 0.5
    score = 5 * rng.randint(0, 299) if difficulty == 1 else _team_score(rng, difficulty, negative=False)
    minimum = prof.opening_minimum(score)
    target = (minimum + (0 if difficulty == 3 else 5 * rng.randint(0, steps_over))) if opens else minimum - 5
    return opens, score, minimum, target


def _meld_specs(pool: _Pool, avoid: Sequence[int]) -> list[tuple[int, int, int]]:
    """Candidate melds (rank, naturals, twos) for an opening, worth their card values."""
    specs = [(rank, n, w) for rank in _NATURAL_RANKS if rank not in avoid for n in (3, 4) for w in (0, 1)]
    pool.rng.shuffle(specs)
    return specs


def _opening(seed: int, difficulty: int) -> Drill:
    rng = _rng("opening", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    opens, score, minimum, target = _opening_goal(rng, prof, difficulty, steps_over=4)
    values = prof.card_values
    specs = _meld_specs(pool, ())

    def fits(combo: tuple[tuple[int, int, int], ...]) -> bool:  # distinct ranks, exactly the target
        worth = [n * values[r] + w * values[2] for r, n, w in combo]
        return (len({r for r, _, _ in combo}) == len(combo) and sum(worth) == target
                and all(v < minimum for v in worth) and sum(w for _, _, w in combo) <= 2)

    # two melds if two can make it, else three (the first in the shuffled order)
    chosen = next((combo for count in (2, 3) for combo in combinations(specs, count) if fits(combo)), None)
    assert chosen is not None, (minimum, target)
    melds = [pool.naturals(r, n) + pool.wilds(w, jokers=False) for r, n, w in chosen]
    hand = [c for m in melds for c in m] + pool.singles(3, avoid=[r for r, _, _ in chosen])
    position = Position(hand, team_score=score, team_opened=False, drew_from="stock", profile=prof)
    verdict = position.opening_verdict()
    answer = tuple(tuple(m) for m in verdict.melds) if verdict.ok else None

    def task() -> str:
        return gettext("Your team's score is {score} and it has not opened. You have drawn; your hand is {hand}. "
                       "Open now: choose the melds to lay down together, or say that you cannot open this "
                       "turn.").format(score=score, hand=_cards(position.hand))

    def fact() -> str:
        return gettext("With a team score of {score} the opening minimum is {minimum}; several melds laid in "
                       "the same turn count together, each at its card values.").format(
            score=score, minimum=minimum)

    def judge(melds: tuple[tuple[Card, ...], ...]) -> Explanation | None:
        verdict = position.check_opening([list(m) for m in melds])
        return None if verdict.ok else (verdict.code, verdict.message)

    return Drill("opening", seed, difficulty, "open", position, answer, _verdict_of(position.opening_verdict),
                 task, fact, "rules-opening-count", SKILLS["opening"].rule_name, built_for=opens, judge=judge,
                 legal=lambda melds: False)


def _open_with_pile(seed: int, difficulty: int) -> Drill:
    rng = _rng("open_with_pile", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    opens, score, minimum, target = _opening_goal(rng, prof, difficulty, steps_over=3)
    values = prof.card_values
    # the top card's meld (the top card and a natural pair from the hand), then one or two melds
    # of natural cards from the hand, all of different ranks, worth exactly the target together
    chosen: tuple[int, list[tuple[int, int]]] | None = None
    tops = list(_NATURAL_RANKS)
    rng.shuffle(tops)
    others = [(rank, n) for rank in _NATURAL_RANKS for n in (3, 4, 5)]
    rng.shuffle(others)
    for top_rank in tops:
        rest = target - 3 * values[top_rank]
        for i, (a, na) in enumerate(others):
            if a == top_rank:
                continue
            if na * values[a] == rest:
                chosen = top_rank, [(a, na)]
                break
            for b, nb in others[i + 1:]:
                if b not in (a, top_rank) and na * values[a] + nb * values[b] == rest:
                    chosen = top_rank, [(a, na), (b, nb)]
                    break
            if chosen:
                break
        if chosen:
            break
    assert chosen is not None, (minimum, target)
    top_rank, extra = chosen
    top = pool.naturals(top_rank, 1)
    pair = pool.naturals(top_rank, 2)
    melds = [pool.naturals(rank, n) for rank, n in extra]
    ranks = [top_rank] + [rank for rank, _ in extra]
    # buried cards of value, which never count toward the opening
    buried = pool.singles(rng.randint(2, 4), avoid=ranks)
    hand = pair + [c for m in melds for c in m] + pool.singles(2, avoid=ranks + [c.rank for c in buried])
    position = Position(hand, discard_pile=buried + top, team_score=score, team_opened=False, profile=prof)

    def task() -> str:
        return gettext("Your team's score is {score} and it has not opened. It is your turn and you have not "
                       "drawn. The pile holds, bottom to top, {pile}; your hand is {hand}. May you take the pile "
                       "now, opening with its top card?").format(
            score=score, pile=_cards(position.discard_pile), hand=_cards(position.hand))

    def fact() -> str:
        return gettext("Opening with the pile, the top card and the cards from your hand count toward the minimum "
                       "of {minimum}; the cards underneath never do.").format(minimum=minimum)

    def verdict() -> object:  # the engine on the take that melds every meldable card of the hand
        return position.check_take_pile(pair, melds)

    return Drill("open_with_pile", seed, difficulty, "yes_no", position, position.check_take_pile().ok,
                 _verdict_of(verdict), task, fact, "rules-pile-top-first", SKILLS["open_with_pile"].rule_name,
                 built_for=opens, shown={"pair": tuple(pair), "melds": tuple(tuple(m) for m in melds)})


# ------------------------------------------------------------------------------------ going out
def _go_out(seed: int, difficulty: int) -> Drill:
    rng = _rng("go_out", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    goes = rng.random() < 0.5
    size = prof.canasta_size
    long_rank = pool.rank()
    rank = pool.rank(avoid=[long_rank])
    completes = goes and difficulty == 3  # the hand holds the card that makes the canasta
    if goes and not completes:
        wild = rng.randint(0, 2)
        long_meld = pool.naturals(long_rank, size - wild) + pool.wilds(wild)
    else:  # one card short of a canasta
        long_meld = pool.naturals(long_rank, size - 1 - (wild := rng.randint(0, 1))) + pool.wilds(wild)
    own = pool.naturals(rank, 3)
    melds: list[list[Card]] = [own]
    if completes:
        melds.append(pool.naturals(long_rank, 1))
    discard = pool.singles(1, avoid=[rank, long_rank])[0]
    hand = [c for m in melds for c in m] + [discard]
    position = Position(hand, team_melds=[long_meld], drew_from="stock", profile=prof)
    possible = able_to_go_out(position.round, 0)
    answer = (tuple(tuple(m) for m in melds), discard) if possible else None

    def task() -> str:
        return gettext("You have drawn. Your team has melded {melds}; your hand is {hand}. Go out this turn: "
                       "choose the melds to lay and the card to discard, or say that you may not go out.").format(
            melds=_cards(long_meld), hand=_cards(position.hand))

    def fact() -> str:
        return gettext("Going out needs at least one canasta ({size} cards or more) on your team's side once "
                       "your melds are down; your team's meld has {count} now.").format(
            size=size, count=ngettext("{count} card", "{count} cards", len(long_meld)).format(count=len(long_meld)))

    def judge(action: tuple[tuple[tuple[Card, ...], ...], Card | None]) -> Explanation | None:
        verdict = position.check_go_out([list(m) for m in action[0]], action[1])
        return None if verdict.ok else (verdict.code, verdict.message)

    def legal(action: tuple[tuple[tuple[Card, ...], ...], Card | None]) -> bool:
        # the engine checked the melds and the discard and found them legal, with cards left over
        return position.check_go_out([list(m) for m in action[0]], action[1]).code == "go_out_not_whole_hand"

    return Drill("go_out", seed, difficulty, "go_out", position, answer,
                 _verdict_of(lambda: position.check_go_out([list(m) for m in melds], discard)), task, fact,
                 "rules-going-out", SKILLS["go_out"].rule_name, built_for=goes, judge=judge, legal=legal)


def _concealed(seed: int, difficulty: int) -> Drill:
    rng = _rng("concealed", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    concealed = rng.random() < 0.5
    size = prof.canasta_size
    canasta_rank = pool.rank()
    wild = rng.randint(0, 1)
    laid: list[list[Card]] = [pool.naturals(canasta_rank, size - wild) + pool.wilds(wild)]
    partner_rank = pool.rank(avoid=[canasta_rank])
    # why not concealed: you melded earlier in the hand, or (the near miss) one card of yours goes
    # onto a meld your partner started
    why = None if concealed else "onto_partner" if difficulty == 3 or rng.random() < 0.5 else "melded_before"
    team_melds = [pool.naturals(partner_rank, 3)] if why is not None or rng.random() < 0.5 else []
    if why == "onto_partner":
        laid.append(pool.naturals(partner_rank, 1))
    elif rng.random() < 0.5:
        laid.append(pool.naturals(pool.rank(avoid=[canasta_rank, partner_rank]), 3))
    used = [c.rank for m in laid for c in m]
    discard = pool.singles(1, avoid=[*used, partner_rank])[0]
    hand = [c for m in laid for c in m] + [discard]
    position = Position(hand, team_melds=team_melds, drew_from="stock", player_has_melded=why == "melded_before",
                        profile=prof)

    def verdict() -> object:
        return position.check_go_out(laid, discard, concealed=True)

    def task() -> str:
        if why == "melded_before":
            said = gettext("You have drawn. Your team has melded {melds}, and you yourself melded earlier in this "
                           "hand. You go out now by laying {laid} and discarding {card}. Is that going out "
                           "concealed?")
        elif team_melds:
            said = gettext("You have drawn. Your partner has melded {melds}; you have not melded yet in this hand. "
                           "You go out now by laying {laid} and discarding {card}. Is that going out concealed?")
        else:
            said = gettext("You have drawn. Your team has not melded yet in this hand. You go out now by laying "
                           "{laid} and discarding {card}. Is that going out concealed?")
        return said.format(melds=" + ".join(_cards(m) for m in team_melds), laid=" + ".join(_cards(m) for m in laid),
                           card=discard.short)

    def fact() -> str:
        return gettext("A concealed hand goes down all in one turn, in melds of your own with a canasta among "
                       "them: no meld earlier in the hand, and nothing added to your partner's melds.")

    answer = position.check_go_out(laid, discard, concealed=True).ok
    return Drill("concealed", seed, difficulty, "yes_no", position, answer, _verdict_of(verdict), task, fact,
                 "rules-concealed", SKILLS["concealed"].rule_name, built_for=concealed,
                 shown={"laid": tuple(tuple(m) for m in laid), "discard": discard})


# -------------------------------------------------------------------------------------- scoring
def _breakdown_words(breakdown: ScoreBreakdown) -> str:
    """The engine's score breakdown on one line: each item, then the total."""
    items = "; ".join(f"{item.label}: {item.points}" for item in breakdown.items)
    return gettext("{items}; total: {total}.").format(items=items, total=breakdown.total)


def _hand_score(seed: int, difficulty: int) -> Drill:
    rng = _rng("hand_score", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    size = prof.canasta_size
    went_out = rng.random() < 0.5
    ranks = rng.sample(_NATURAL_RANKS, 4)
    melds: list[list[Card]] = []
    canastas = 1 if difficulty == 1 else rng.randint(1, 2)
    for rank in ranks[:canastas]:
        wild = rng.choice([0, 0, 1, 2]) if difficulty >= 2 else 0
        melds.append(pool.naturals(rank, size - wild) + pool.wilds(wild))
    for rank in ranks[canastas:canastas + rng.randint(1, 2)]:
        wild = rng.randint(0, 1) if difficulty >= 2 else 0
        melds.append(pool.naturals(rank, rng.randint(3, 4) - wild) + pool.wilds(wild))
    threes = pool.red_threes(rng.randint(0, 2) if difficulty >= 2 else 0)
    left = pool.singles(rng.randint(0 if went_out else 1, 3), avoid=ranks)
    position = Position(left, team_melds=melds, red_threes=threes, team_opened=True, profile=prof)

    def breakdown() -> ScoreBreakdown:
        return score_round(melds, threes, [left], went_out=went_out, profile=prof)

    def explain() -> Explanation:
        return "score_breakdown", _breakdown_words(breakdown())

    def task() -> str:
        said = (gettext("The hand is over and your team went out (not concealed). Its melds: {melds}; its red "
                        "threes: {threes}; left in your partner's hand: {left}. What does your team score for "
                        "this hand?") if went_out else
                gettext("The hand is over; another player went out. Your team's melds: {melds}; its red "
                        "threes: {threes}; left in your hands: {left}. What does your team score for this "
                        "hand?"))
        return said.format(melds=" + ".join(_cards(m) for m in melds), threes=_cards(threes), left=_cards(left))

    def fact() -> str:
        return gettext("Add the card values of the melds, each canasta's bonus, the red threes and the "
                       "going-out bonus, then take away the card values left in hand.")

    return Drill("hand_score", seed, difficulty, "number", position,
                 score_round(melds, threes, [left], went_out=went_out, profile=prof).total, explain, task, fact,
                 "rules-scoring", SKILLS["hand_score"].rule_name)


def _red_threes(seed: int, difficulty: int) -> Drill:
    rng = _rng("red_threes", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    melded = rng.random() < 0.5
    count = rng.choice([3, 4]) if difficulty == 3 else rng.randint(1, 2 * prof.deck_count)
    threes = pool.red_threes(count)
    rank = pool.rank()
    melds = [pool.naturals(rank, 3)] if melded else []
    left = pool.singles(3, avoid=[rank])
    position = Position(left, team_melds=melds, red_threes=threes, team_opened=melded, profile=prof)

    def breakdown() -> ScoreBreakdown:
        return score_round(melds, threes, [left], profile=prof)

    def explain() -> Explanation:
        return "score_breakdown", _breakdown_words(breakdown())

    def task() -> str:
        said = (gettext("The hand is over. Your team laid the red threes {threes} and melded {melds}. How many "
                        "points do its red threes count (a loss as a negative number)?") if melded else
                gettext("The hand is over. Your team laid the red threes {threes} but melded nothing. How many "
                        "points do its red threes count (a loss as a negative number)?"))
        return said.format(threes=_cards(threes), melds=" + ".join(_cards(m) for m in melds))

    def fact() -> str:
        bonuses = prof.red_three_bonuses
        return gettext("Red threes score {one} for one, {two} for two, {three} for three and {four} for all "
                       "four; a team that has melded nothing loses that much instead.").format(
            one=bonuses[1], two=bonuses[2], three=bonuses[3], four=bonuses[4])

    return Drill("red_threes", seed, difficulty, "number", position,
                 score_round(melds, threes, [left], profile=prof).points("red_threes"), explain, task, fact,
                 "rules-scoring-red-threes", SKILLS["red_threes"].rule_name)


# ---------------------------------------------------------------------- the pile, more rules
def _one_card_pile(seed: int, difficulty: int) -> Drill:
    rng = _rng("one_card_pile", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    takeable = rng.random() < 0.5
    meld_rank = pool.rank()
    melds = [pool.naturals(meld_rank, 3)]
    top = pool.naturals(meld_rank, 1)  # it always fits the team's meld: only the counts decide
    if not takeable:  # one card in hand against a pile of one
        hand_count, pile_count = 1, 1
    elif difficulty == 1:
        hand_count, pile_count = rng.randint(3, 5), rng.randint(2, 4)
    elif difficulty == 3:  # one card more on either side
        hand_count, pile_count = rng.choice([(1, 2), (2, 1)])
    else:
        hand_count, pile_count = rng.choice([(1, rng.randint(2, 4)), (rng.randint(2, 3), 1),
                                             (rng.randint(3, 5), rng.randint(2, 4))])
    hand = pool.singles(hand_count, avoid=[meld_rank])
    pile = pool.singles(pile_count - 1, avoid=[meld_rank]) + top
    position = Position(hand, discard_pile=pile, team_melds=melds, profile=prof)

    def task() -> str:
        return gettext("It is your turn and you have not drawn yet. You hold {held}: {hand}. The discard pile "
                       "holds, bottom to top, {pile}; your team has melded {melds}. May you take the "
                       "pile?").format(
            held=ngettext("{count} card", "{count} cards", len(hand)).format(count=len(hand)),
            hand=_shown(position.hand), pile=_shown(pile), melds=_shown(melds[0]))

    def fact() -> str:
        return gettext("A player holding a single card may not take a pile of a single card; you hold {held} "
                       "and the pile holds {pile}.").format(
            held=ngettext("{count} card", "{count} cards", len(hand)).format(count=len(hand)),
            pile=ngettext("{count} card", "{count} cards", len(pile)).format(count=len(pile)))

    return Drill("one_card_pile", seed, difficulty, "yes_no", position, position.check_take_pile().ok,
                 _verdict_of(position.check_take_pile), task, fact, "rules-pile-one-card",
                 SKILLS["one_card_pile"].rule_name, built_for=takeable)


_AFTER_TAKE = ("open", "frozen_wild", "blocked_wild", "blocked_black_three", "frozen_not_opened")


def _others(pool: _Pool, count: int = 2) -> list[list[Card]]:
    """The other three seats' hands (plain cards the task never names)."""
    return [pool.singles(count) for _ in range(3)]


def _pile_unfreezes(seed: int, difficulty: int) -> Drill:
    rng = _rng("pile_unfreezes", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    target = rng.choice(_AFTER_TAKE)
    # taking the pile empties it; drawing from the stock leaves the buried wild card where it is
    took = target in ("open", "frozen_not_opened") or (target != "frozen_wild" and rng.random() < 0.5)
    next_opened = target != "frozen_not_opened"
    meld_rank = pool.rank()
    rank = pool.rank(avoid=[meld_rank])
    opp_rank = pool.rank(avoid=[meld_rank, rank])
    melds = [pool.naturals(meld_rank, 3)]
    opp_melds = [pool.naturals(opp_rank, 3)] if next_opened else []
    top = pool.naturals(rank, 1)
    plain = pool.singles(rng.randint(2, 4), avoid=[meld_rank, rank, opp_rank])
    where = 0 if difficulty == 1 else rng.randint(0, len(plain) - 1)
    pile = plain[:where] + pool.wilds(1) + plain[where:]
    if difficulty >= 2 and rng.random() < 0.5:  # a black three one card down: it changes nothing
        pile += pool.naturals(3, 1)
    pile += top
    pair = pool.naturals(rank, 2)
    avoid = [meld_rank, rank, opp_rank] + [c.rank for c in plain]
    if target == "blocked_wild":
        discard = pool.wilds(1)[0]
    elif target == "blocked_black_three":
        discard = pool.naturals(3, 1)[0]
    else:
        discard = pool.singles(1, avoid=avoid)[0]
    hand = pair + [discard] + pool.singles(2, avoid=avoid + [discard.rank])
    stock = pool.singles(3)
    others = _others(pool)
    position = Position(hand, discard_pile=pile, team_melds=melds, profile=prof)

    def after() -> Round:
        rnd = Round.from_state(profile=prof, hands=[hand, *others], stock=stock, pile=pile,
                               melds=[melds, opp_melds], opened=[True, next_opened])
        if took:
            rnd.take_pile(pair)
        else:
            rnd.draw()
        rnd.discard(discard)
        return rnd

    def explain() -> Explanation:
        status = after().pile_status(1)
        return status.code, status.message

    def task() -> str:
        said = (gettext("The discard pile holds, bottom to top, {pile}; your team has melded {melds}. You take the "
                        "pile with {pair}, then discard {card}.") if took else
                gettext("The discard pile holds, bottom to top, {pile}; your team has melded {melds}. You draw "
                        "from the stock instead, then discard {card}."))
        nxt = (gettext("The next player, {seat}, is an opponent whose team has melded {opp}. What is the pile "
                       "for {seat} now?") if next_opened else
               gettext("The next player, {seat}, is an opponent whose team has not melded yet. What is the pile "
                       "for {seat} now?"))
        return (said.format(pile=_shown(pile), melds=_shown(melds[0]), pair=_shown(pair), card=discard.short) + " "
                + nxt.format(seat=seat_label(1, form="compass"), opp=" + ".join(_shown(m) for m in opp_melds)))

    def fact() -> str:
        return gettext("Once someone takes the pile it is empty, and so no longer frozen: only the cards "
                       "discarded on it since count, and for a team that has not opened it is always frozen.")

    return Drill("pile_unfreezes", seed, difficulty, "choice", position, after().pile_status(1).code, explain,
                 task, fact, "rules-pile-frozen", SKILLS["pile_unfreezes"].rule_name, built_for=target,
                 choices=_AFTER_TAKE, choice_words=pile_reason_text,
                 shown={"took": took, "discard": discard, "pair": tuple(pair), "next_opened": next_opened,
                        "next_melds": tuple(tuple(m) for m in opp_melds)})


# ------------------------------------------------------------------------- the end of the stock
_END_OF_STOCK = ("must_take", "may_take", "hand_ends")


def _end_words(key: str) -> str:
    return {"must_take": gettext("You must take the pile"),
            "may_take": gettext("You may take the pile, or decline it and end the hand"),
            "hand_ends": gettext("You cannot take the pile: the hand ends")}[key]


def _end_of_stock_answer(rnd: Round) -> str:
    """What the engine lets the player do with the stock empty: must take, may take or decline,
    or only decline (which ends the hand)."""
    if rnd.can_decline().code == "must_take_pile":
        return "must_take"
    return "may_take" if any(isinstance(a, TakePile) for a in rnd.legal_actions()) else "hand_ends"


def _end_of_stock(seed: int, difficulty: int) -> Drill:
    rng = _rng("end_of_stock", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    target = rng.choice(_END_OF_STOCK)
    meld_rank = pool.rank()
    melds = [pool.naturals(meld_rank, 3)]
    # near misses: a frozen pile whose top card fits the team's meld is never compulsory, and
    # without a natural pair it cannot be taken at all
    frozen = target != "must_take" and difficulty >= 2 and (difficulty == 3 or rng.random() < 0.5)
    fits = target == "must_take" or frozen
    rank = meld_rank if fits else pool.rank(avoid=[meld_rank])
    top = pool.naturals(rank, 1)
    plain = pool.singles(rng.randint(1, 3), avoid=[meld_rank, rank])
    pile = (plain[:1] + pool.wilds(1) + plain[1:]) if frozen else plain
    if not frozen and difficulty >= 2 and rng.random() < 0.5:  # a black three one card down: still open
        pile = pile + pool.naturals(3, 1)
    pile = pile + top
    if target == "must_take":
        own = pool.naturals(rank, rng.randint(0, 1)) if difficulty >= 2 else []
    elif target == "may_take":
        own = pool.naturals(rank, 2) if frozen or rng.random() < 0.5 else pool.naturals(rank, 1) + pool.wilds(1)
    else:
        own = (pool.naturals(rank, 1) + pool.wilds(1)) if frozen else []
    hand = own + pool.singles(3, avoid=[meld_rank, rank] + [c.rank for c in plain])
    others = _others(pool)
    position = Position(hand, discard_pile=pile, team_melds=melds, profile=prof)

    def table() -> Round:
        return Round.from_state(profile=prof, hands=[hand, *others], stock=(), pile=pile, melds=[melds, []],
                                opened=[True, False])

    def explain() -> Explanation:
        rnd = table()
        answer = _end_of_stock_answer(rnd)
        verdict = rnd.can_decline() if answer == "must_take" else position.check_take_pile()
        return verdict.code, verdict.message

    def task() -> str:
        return gettext("The stock is empty and it is your turn. The discard pile holds, bottom to top, {pile}; "
                       "your team has melded {melds}; your hand is {hand}. What do the rules say?").format(
            pile=_shown(pile), melds=_shown(melds[0]), hand=_shown(position.hand))

    def fact() -> str:
        return gettext("With the stock empty, a pile that is not frozen and whose top card fits your team's meld "
                       "must be taken; any other pile you can take you may take or decline; if you cannot take "
                       "it, the hand ends.")

    return Drill("end_of_stock", seed, difficulty, "choice", position, _end_of_stock_answer(table()), explain, task,
                 fact, "rules-end-of-stock", SKILLS["end_of_stock"].rule_name, built_for=target,
                 choices=_END_OF_STOCK, choice_words=_end_words)


def _events_words(rnd: Round, since: int) -> str:
    """The engine's own narration of what happened from event ``since`` on, one sentence each."""
    return " ".join(event.message for event in rnd.events[since:] if event.kind != "round_over")


def _last_card_red_three(seed: int, difficulty: int) -> Drill:
    rng = _rng("last_card_red_three", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    ends = rng.random() < 0.5
    if ends:  # the last card is a red three (difficulty 3: as the replacement of a red three drawn)
        stock = pool.red_threes(2 if difficulty == 3 and rng.random() < 0.5 else 1)
    else:
        misses = (["red_then_last", "black_three"] if difficulty == 3 else
                  ["last_natural", "red_not_last", "red_then_last", "black_three"] if difficulty == 2 else
                  ["last_natural", "red_not_last"])
        miss = rng.choice(misses)
        if miss == "last_natural":
            stock = pool.singles(1)
        elif miss == "black_three":  # a three, but a black one
            stock = pool.naturals(3, 1)
        elif miss == "red_then_last":  # a red three drawn, its replacement the last card
            stock = pool.red_threes(1) + pool.singles(1)
        else:
            stock = pool.red_threes(1) + pool.singles(rng.randint(2, 3))
    meld_rank = pool.rank()
    melds = [pool.naturals(meld_rank, 3)]
    hand = pool.singles(rng.randint(3, 5), avoid=[meld_rank])
    pile = pool.singles(rng.randint(1, 3), avoid=[meld_rank])
    others = _others(pool)
    position = Position(hand, discard_pile=pile, team_melds=melds, profile=prof)

    def drawn() -> Round:
        rnd = Round.from_state(profile=prof, hands=[hand, *others], stock=stock, pile=pile, melds=[melds, []],
                               opened=[True, False])
        rnd.draw()
        return rnd

    def explain() -> Explanation:
        rnd = drawn()
        return ("stock_exhausted" if rnd.is_over else "drew"), _events_words(rnd, 0)

    def task() -> str:
        return ngettext("The stock holds {count} card: {stock}. It is your turn; your hand is {hand} and your team "
                        "has melded {melds}. You draw from the stock. Does the hand end at once?",
                        "The stock holds {count} cards, top first: {stock}. It is your turn; your hand is {hand} "
                        "and your team has melded {melds}. You draw from the stock. Does the hand end at once?",
                        len(stock)).format(count=len(stock), stock=_shown(stock), hand=_shown(position.hand),
                                           melds=_shown(melds[0]))

    def fact() -> str:
        return gettext("A red three drawn is laid face up and replaced from the stock. When the last card of the "
                       "stock is a red three, there is no replacement: it is laid down and the hand ends at once, "
                       "with no meld and no discard.")

    return Drill("last_card_red_three", seed, difficulty, "yes_no", position, drawn().is_over, explain, task, fact,
                 "rules-end-of-stock", SKILLS["last_card_red_three"].rule_name, built_for=ends,
                 shown={"stock": tuple(stock)})


# ----------------------------------------------------------------------------- the game's end
_GAME_END = ("you_win", "they_win", "goes_on")


def _game_end_words(key: str) -> str:
    return {"you_win": gettext("The game is over: your team wins"),
            "they_win": gettext("The game is over: the other team wins"),
            "goes_on": gettext("The game goes on: another hand is dealt")}[key]


def _game_end(seed: int, difficulty: int) -> Drill:
    rng = _rng("game_end", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    target = rng.choice(_GAME_END)
    size = prof.canasta_size
    ranks = rng.sample(_NATURAL_RANKS, 5)
    # you go out: a canasta on your side, a meld in hand and a card to discard
    canasta = pool.naturals(ranks[0], size - (wild := rng.randint(0, 1))) + pool.wilds(wild)
    melds = [canasta] + ([pool.naturals(ranks[1], 3)] if rng.random() < 0.5 else [])
    own = pool.naturals(ranks[2], 3)
    discard = pool.singles(1, avoid=ranks)[0]
    theirs = [pool.naturals(ranks[3], rng.randint(3, 5))] + ([pool.naturals(ranks[4], 3)] if rng.random() < 0.5
                                                             else [])
    others = [pool.singles(rng.randint(1, 4), avoid=ranks) for _ in range(3)]
    stock = pool.singles(2)

    def played(before: tuple[int, int]) -> Game:
        """A game on ``before`` in which you go out this hand (the engine scores it and says who won)."""
        game = Game(prof, seed=0)
        game.totals = before
        game.rounds[-1] = Round.from_state(profile=prof, hands=[own + [discard], *others], stock=stock,
                                           pile=(), melds=[melds, theirs], drew_from="stock", team_scores=before)
        game.apply(Meld(0, (MeldGroup(tuple(own)),)))
        game.apply(Discard(0, discard))
        return game

    hand_scores = played((0, 0)).totals
    mine, yours = hand_scores
    target_score = prof.target_score
    step = 5 * rng.randint(1, 60 if difficulty == 1 else 12)
    if target == "you_win":  # difficulty 3: both over the target, you ahead, or you exactly on it
        after = (target_score + (0 if difficulty == 3 and rng.random() < 0.5 else step),
                 target_score - step if difficulty < 3 else target_score + step - 5 * rng.randint(1, 3))
        after = (max(after), min(after)) if after[0] != after[1] else (after[0] + 5, after[1])
    elif target == "they_win":
        after = (target_score - step if difficulty < 3 else target_score + step - 5 * rng.randint(1, 3),
                 target_score + (0 if difficulty == 3 and rng.random() < 0.5 else step))
        after = (min(after), max(after)) if after[0] != after[1] else (after[0], after[1] + 5)
    elif difficulty == 3 and rng.random() < 0.5:  # tied over the target: play on
        after = (target_score + step, target_score + step)
    else:  # nobody on the target yet (difficulty 3: one step short of it)
        near = target_score - (5 if difficulty == 3 else step)
        after = (near, near - 5 * rng.randint(1, 200)) if rng.random() < 0.5 else (near - 5 * rng.randint(1, 200), near)
    before = (after[0] - mine, after[1] - yours)
    position = Position(own + [discard], team_melds=melds, team_score=before[0], drew_from="stock", profile=prof)

    def answer(game: Game) -> str:
        if not game.is_over:
            return "goes_on"
        return "you_win" if game.winner == 0 else "they_win"

    def explain() -> Explanation:
        game = played(before)
        words = gettext("After this hand your team has {mine} and the other team {theirs}.").format(
            mine=game.totals[0], theirs=game.totals[1])
        return ("game_over" if game.is_over else "game_goes_on"), f"{words} {_game_end_words(answer(game))}."

    def task() -> str:
        return gettext("Before this hand the totals were {mine} for your team and {theirs} for the other team. "
                       "You go out by laying {meld} and discarding {card}; this hand scores {hand_mine} for your "
                       "team and {hand_theirs} for the other team. What happens now?").format(
            mine=before[0], theirs=before[1], meld=_shown(own), card=discard.short, hand_mine=mine,
            hand_theirs=yours)

    def fact() -> str:
        return gettext("Once a hand brings a team to {target} points or more, the game is over and the larger "
                       "total wins; while the totals are tied, further hands are played until one team is in "
                       "front with {target} or more.").format(target=target_score)

    return Drill("game_end", seed, difficulty, "choice", position, answer(played(before)), explain, task, fact,
                 "rules-game-end", SKILLS["game_end"].rule_name, built_for=target, choices=_GAME_END,
                 choice_words=_game_end_words, shown={"before": before, "hand_scores": hand_scores})


# ------------------------------------------------------------------------------------- the deal
_SEATS = ("N", "E", "S", "W")


def _seat_words(key: str) -> str:
    return {"N": gettext("You (North)"), "E": gettext("East, on your left"), "S": gettext("Your partner (South)"),
            "W": gettext("West, on your right")}[key]


def _deal(seed: int, difficulty: int) -> Drill:
    rng = _rng("deal", seed, difficulty)
    prof = get_profile(_PROFILE)
    target = rng.choice(_SEATS)
    # the question: who plays first this hand (the dealer named), who deals this hand or who plays
    # first this hand (the last hand's dealer named: the deal moved on one seat)
    asks = ("first" if difficulty == 1 else rng.choice(["first", "dealer", "first_after"]) if difficulty == 2
            else "first_after")
    seats = range(prof.player_count)
    probe = Round.from_state(profile=prof, hands=[[]])  # the engine's seat order (clockwise)
    # the seat the task names, found from the answer: the seat before it (twice before)
    back = {"first": 1, "dealer": 1, "first_after": 2}[asks]
    named = next(s for s in seats if _nth_seat(probe, s, back) == _SEATS.index(target))
    dealer = named if asks == "first" else probe.next_seat(named)
    rnd = Round(prof, seed=rng.randrange(2**31), dealer=dealer)
    position = Position(rnd.hands[0], discard_pile=rnd.pile, red_threes=rnd.red_threes[0], profile=prof)
    answer = seat_name(rnd.dealer if asks == "dealer" else rnd.to_move)

    def task() -> str:
        said = {"first": gettext("You sit North, your partner South, and your opponents East (on your left) and West "
                                 "(on your right). {seat} deals this hand. Who plays first?"),
                "dealer": gettext("You sit North, your partner South, and your opponents East (on your left) and "
                                  "West (on your right). {seat} dealt the last hand. Who deals this hand?"),
                "first_after": gettext("You sit North, your partner South, and your opponents East (on your left) "
                                       "and West (on your right). {seat} dealt the last hand. Who plays first "
                                       "this hand?")}[asks]
        return said.format(seat=seat_label(named, form="compass"))

    def fact() -> str:
        return gettext("Each player receives {count} cards, dealt one at a time from the dealer's left; the player "
                       "on the dealer's left plays first, and the deal moves one seat clockwise each "
                       "hand.").format(count=prof.hand_size)

    def explain() -> Explanation:
        return "deal", gettext("{dealer} deals: {first}, on the dealer's left, plays first; each player holds "
                               "{count} cards.").format(dealer=seat_label(dealer, form="compass"),
                                                         first=seat_label(probe.next_seat(dealer), form="compass"),
                                                         count=len(rnd.hands[0]) + len(rnd.red_threes[0]))

    return Drill("deal", seed, difficulty, "choice", position, answer, explain, task, fact, "rules-deal",
                 SKILLS["deal"].rule_name, built_for=target, choices=_SEATS, choice_words=_seat_words,
                 shown={"asks": asks, "named": named, "dealer": dealer})


def _nth_seat(rnd: Round, seat: int, steps: int) -> int:
    for _ in range(steps):
        seat = rnd.next_seat(seat)
    return seat


def _dealt_red_threes(seed: int, difficulty: int) -> Drill:
    rng = _rng("dealt_red_threes", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    dealt = rng.randint(1, 2) if difficulty == 1 else rng.randint(1, 3)
    # red threes among the replacements (difficulty 3: at least one, a replacement that is a red three too)
    redrawn = 0 if difficulty == 1 else min(4 - dealt, rng.randint(1, 2) if difficulty == 3 else rng.randint(0, 1))
    threes = pool.red_threes(dealt)
    more = pool.red_threes(redrawn)

    def take(count: int) -> list[Card]:
        chosen = rng.sample([c for c in pool.left if not c.is_red_three], count)
        for card in chosen:
            pool.left.remove(card)
        return chosen

    rest_of_hand = take(prof.hand_size - dealt)
    hands = [threes + rest_of_hand] + [take(prof.hand_size) for _ in range(3)]
    for hand in hands:
        rng.shuffle(hand)
    upcard = pool.singles(1)
    replacements = take(dealt)
    for card in more:  # each red three drawn as a replacement needs one more card
        replacements.insert(rng.randint(0, len(replacements) - 1), card)
    # difficulty 3: a red three lies just after the last replacement: never drawn at the deal
    after = pool.red_threes(1) if difficulty == 3 and dealt + redrawn < 4 and rng.random() < 0.5 else take(1)
    after += take(1)
    rest = list(pool.left)
    rng.shuffle(rest)
    # dealt one card at a time from the dealer's left (West deals: you are served first)
    deck = [hands[seat][i] for i in range(prof.hand_size) for seat in range(4)] + upcard + replacements + after + rest
    position = Position(rest_of_hand, discard_pile=upcard, profile=prof)
    stock_top = replacements + after

    def dealt_round() -> Round:
        return Round(prof, deck=deck, dealer=3)

    def explain() -> Explanation:
        rnd = dealt_round()
        mine = [e.message for e in rnd.events if e.seat == 0 and e.kind in ("red_three", "replacement")]
        return "dealt_red_threes", " ".join(mine)

    def task() -> str:
        return gettext("Besides the cards shown, you were dealt {threes}. The upcard {upcard} is turned; the stock's "
                       "next cards, top first, are {stock}. How many red threes lie face up in front of you when "
                       "the deal is done?").format(threes=_shown(threes), upcard=upcard[0].short,
                                                   stock=_shown(stock_top))

    def fact() -> str:
        return gettext("A red three is never kept in hand: each one dealt is laid face up and replaced with a card "
                       "from the stock, and a replacement that is a red three is laid down and replaced too.")

    return Drill("dealt_red_threes", seed, difficulty, "number", position, len(dealt_round().red_threes[0]), explain,
                 task, fact, "rules-dealt-red-threes", SKILLS["dealt_red_threes"].rule_name,
                 built_for=dealt + redrawn, shown={"deck": tuple(deck)})


# ------------------------------------------------------------------------------- the permission
def _permission(seed: int, difficulty: int) -> Drill:
    rng = _rng("permission", seed, difficulty)
    prof = get_profile(_PROFILE)
    pool = _Pool(rng, prof)
    may = rng.random() < 0.5
    size = prof.canasta_size
    long_rank = pool.rank()
    rank = pool.rank(avoid=[long_rank])
    # the question: may you ask now, or (difficulty 2-3) what the partner's binding answer lets you do:
    # go out by laying your meld and discarding, or discard and keep your meld in hand
    asks = "ask" if difficulty == 1 or rng.random() < 0.5 else "after"
    if asks == "after":
        partner_yes = rng.random() < 0.5
        asks = ("go_out" if partner_yes else "discard") if may else ("discard" if partner_yes else "go_out")
    else:
        partner_yes = False
    # asking: yes with a canasta on your side (difficulty 3: your hand holds the card that completes
    # it); no one card short of a canasta, or (difficulty 2-3) with a hand that cannot all go down
    why = None if may or asks != "ask" else "no_canasta" if difficulty == 1 or rng.random() < 0.5 else "stranded"
    completes = may and asks == "ask" and difficulty == 3 and rng.random() < 0.5
    short = completes or why == "no_canasta"
    wild = rng.randint(0, 1)
    long_meld = pool.naturals(long_rank, size - wild - (1 if short else 0)) + pool.wilds(wild)
    own = pool.naturals(rank, 3)
    hand = own + (pool.naturals(long_rank, 1) if completes else [])
    odd = pool.singles(2 if why == "stranded" else 1, avoid=[rank, long_rank])
    hand += odd
    position = Position(hand, team_melds=[long_meld], drew_from="stock", profile=prof)

    def verdict() -> Verdict:
        """The engine on the question: asking now, or the move after the partner's answer."""
        rnd = position.round
        if asks == "ask":
            return rnd.can_ask(0)
        rnd.ask(0)
        rnd.answer(partner_yes, seat=rnd.partner_of(0))
        if asks == "discard":
            return rnd.can_discard(odd[0])
        laid = rnd.can_meld([own])
        if not laid:
            return laid
        rnd.meld([own])
        return rnd.can_discard(odd[0])

    def task() -> str:
        if asks == "ask":
            return gettext("You have drawn from the stock and melded nothing yet this turn. Your team has melded "
                           "{melds}; your hand is {hand}. May you ask your partner \u201cmay I go out?\u201d "
                           "now?").format(melds=_shown(long_meld), hand=_shown(position.hand))
        said = {(True, "go_out"): gettext(
                    "You have drawn from the stock. Your team has melded {melds}; your hand is {hand}. You asked "
                    "your partner \u201cmay I go out?\u201d and the answer was yes. May you now go out by laying "
                    "{meld} and discarding {card}?"),
                (False, "go_out"): gettext(
                    "You have drawn from the stock. Your team has melded {melds}; your hand is {hand}. You asked "
                    "your partner \u201cmay I go out?\u201d and the answer was no. May you now go out by laying "
                    "{meld} and discarding {card}?"),
                (True, "discard"): gettext(
                    "You have drawn from the stock. Your team has melded {melds}; your hand is {hand}. You asked "
                    "your partner \u201cmay I go out?\u201d and the answer was yes. May you now discard {card} and "
                    "keep {meld} in your hand?"),
                (False, "discard"): gettext(
                    "You have drawn from the stock. Your team has melded {melds}; your hand is {hand}. You asked "
                    "your partner \u201cmay I go out?\u201d and the answer was no. May you now discard {card} and "
                    "keep {meld} in your hand?")}[(partner_yes, asks)]
        return said.format(melds=_shown(long_meld), hand=_shown(position.hand), meld=_shown(own),
                           card=odd[0].short)

    def fact() -> str:
        return gettext("You may ask only when you could go out this turn: meld every card, or all but one and "
                       "discard it, with a canasta on your team's side. After a yes you must go out; after a no "
                       "you may not.")

    return Drill("permission", seed, difficulty, "yes_no", position, verdict().ok, _verdict_of(verdict), task,
                 fact, "rules-permission", SKILLS["permission"].rule_name, built_for=may,
                 shown={"asks": asks, "partner_yes": partner_yes})

SKILLS: dict[str, Skill] = {skill.id: skill for skill in (
    Skill("meld_validity", N_("Legal melds and wild cards"), "rules-melds", N_("what makes a meld"),
          _meld_validity),
    Skill("canasta_kind", N_("Natural and mixed canastas"), "rules-canastas", N_("canastas, natural and mixed"),
          _canasta_kind),
    Skill("meld_merge", N_("Adding to your team's melds"), "rules-melds-team", N_("melds belong to the team"),
          _meld_merge),
    Skill("meld_value", N_("Card values"), "rules-cards", N_("cards and card values"), _meld_value),
    Skill("pile_state", N_("Open, frozen or blocked pile"), "rules-pile-frozen",
          N_("a frozen pile, a blocked pile"), _pile_state),
    Skill("take_pile", N_("Taking the discard pile"), "rules-pile-take-frozen",
          N_("taking the discard pile (a frozen pile needs a natural pair)"), _take_pile),
    Skill("opening_minimum", N_("The opening minimum"), "rules-opening-minimum", N_("the opening minimum"),
          _opening_minimum),
    Skill("opening", N_("Opening with several melds"), "rules-opening-count",
          N_("what counts toward the opening"), _opening),
    Skill("open_with_pile", N_("Opening with the pile"), "rules-pile-top-first",
          N_("the top card goes down first"), _open_with_pile),
    Skill("go_out", N_("Going out"), "rules-going-out", N_("going out needs a canasta"), _go_out),
    Skill("concealed", N_("Going out concealed"), "rules-concealed", N_("going out concealed"), _concealed),
    Skill("hand_score", N_("Scoring a hand"), "rules-scoring", N_("scoring a hand"), _hand_score),
    Skill("red_threes", N_("Red threes"), "rules-scoring-red-threes", N_("the sign of red threes"),
          _red_threes),
    Skill("one_card_pile", N_("One card against a pile of one"), "rules-pile-one-card",
          N_("one card against a pile of one"), _one_card_pile),
    Skill("pile_unfreezes", N_("Taking the pile unfreezes it"), "rules-pile-frozen",
          N_("a taken pile is empty, so no longer frozen"), _pile_unfreezes),
    Skill("end_of_stock", N_("When the stock runs out"), "rules-end-of-stock", N_("when the stock runs out"),
          _end_of_stock),
    Skill("last_card_red_three", N_("A red three as the last card"), "rules-end-of-stock",
          N_("a red three drawn as the last stock card ends the hand"), _last_card_red_three),
    Skill("game_end", N_("The end of the game"), "rules-game-end", N_("the end of the game"), _game_end),
    Skill("deal", N_("Seats and the deal"), "rules-deal", N_("seats and the deal"), _deal),
    Skill("dealt_red_threes", N_("Red threes in the dealt hand"), "rules-dealt-red-threes",
          N_("red threes in the dealt hand"), _dealt_red_threes),
    Skill("permission", N_("Asking your partner"), "rules-permission",
          N_("asking the partner \u201cmay I go out?\u201d"), _permission),
)}


def register(skill: Skill) -> None:
    """Add ``skill`` to `SKILLS` (how `practice.variant_skills` adds the variants' skills); an id
    already registered raises a ValueError naming it."""
    if skill.id in SKILLS:
        raise ValueError(f"skill {skill.id!r} is already registered; give the new skill another id.")
    SKILLS[skill.id] = skill


def skill_ids(profile: str | None = None) -> list[str]:
    """The ids of the registered skills, in teaching order: every skill, or with ``profile``
    (``"classic"``, ``"italian"``...) only the skills of that game."""
    return [s.id for s in SKILLS.values() if profile is None or s.profile == profile]


def generate(skill: str, seed: int, difficulty: int = 2) -> Drill:
    """A fresh drill of ``skill`` from ``seed`` (any whole number) and ``difficulty`` (1-3).
    An unknown skill or difficulty raises a ValueError naming it and the accepted values."""
    if skill not in SKILLS:
        raise ValueError(f"skill must be one of {', '.join(SKILLS)}, not {skill!r}.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, not {seed!r}.")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be 1, 2 or 3, not {difficulty!r}.")
    return SKILLS[skill].generator(seed, difficulty)



#: The most drills `drill_set` makes at once (a printed sheet of 200 runs to over 100 A4 pages).
MAX_DRILLS = 200


def drill_set(skills: Sequence[str] | None = None, *, seed: int = 0, count: int = 12,
              difficulty: int = 2) -> list[Drill]:
    """``count`` drills of ``skills`` (default: every skill), the skills in turn, each from its own
    seed drawn from ``seed``: the same arguments make the same drills (a printed sheet, a quiz).

    An unknown skill, an empty list, a count outside 1-200 or a difficulty outside 1-3 raises a
    ValueError naming it and what to give; a seed that is not a whole number, a TypeError.

    >>> [drill.skill for drill in drill_set(["meld_value", "red_threes"], seed=4, count=3)]
    ['meld_value', 'red_threes', 'meld_value']
    """
    chosen = list(SKILLS) if skills is None else list(skills)
    if not chosen:
        raise ValueError(f"skills must name at least one skill: {', '.join(SKILLS)}.")
    for skill in chosen:
        if skill not in SKILLS:
            raise ValueError(f"skill must be one of {', '.join(SKILLS)}, not {skill!r}.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, not {seed!r}.")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_DRILLS:
        raise ValueError(f"count must be a whole number from 1 to {MAX_DRILLS}, not {count!r}.")
    rng = random.Random(seed)
    return [generate(chosen[index % len(chosen)], rng.randrange(2**31), difficulty) for index in range(count)]
