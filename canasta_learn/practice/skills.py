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
`Position.opening_verdict`, `able_to_go_out`, `score_round`), never from the generator's
intention; tests check that the two agree for every generator over many seeds.

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

from ..core.cards import Card, new_deck
from ..core.i18n import N_, gettext, ngettext
from ..engine.position import Position
from ..profiles import Profile, get_profile
from ..rules.going_out import able_to_go_out
from ..rules.melds import canasta_kind, check_meld, meld_key, meld_value
from ..rules.pile import pile_reason_text
from ..rules.scoring import ScoreBreakdown, score_round
from .drills import Drill, Explanation

__all__ = ["DIFFICULTIES", "SKILLS", "Skill", "generate", "skill_ids"]

#: The difficulties a generator accepts: 1 plain cases, 2 mixed, 3 near misses.
DIFFICULTIES = (1, 2, 3)

#: Ranks of natural cards that may be melded (aces, fours to kings).
_NATURAL_RANKS = (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
_PROFILE = "classic"


@dataclass(frozen=True)
class Skill:
    """One skill: its id, its title (English, translated when shown: `title_words`), the rule
    section it trains (``rule``: an id of docs/rules.md), the rule's name, and its generator."""

    id: str
    title: str
    rule: str
    rule_name: str
    generator: Callable[[int, int], Drill]

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
)}


def skill_ids() -> list[str]:
    """The ids of the registered skills, in teaching order."""
    return list(SKILLS)


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

