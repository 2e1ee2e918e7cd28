"""The skills of the variant games, one drill generator each, registered into `SKILLS`.

Each skill trains a rule of docs/variants.md that a player of that game decides and that the
classic game does not have: Italian Canasta (deuce melds and the twos they keep, an opening
without wild cards, a pile that is always frozen, two canastas that are not deuce canastas to go
out), Pennies from Heaven (sevens kept out of the pile, melds closed at seven cards, the reserve
picked up with a canasta, a canasta of each kind to go out), and the Brazilian games, Canastra
and Tranca (same-suit sequences and sets of aces, the kinds of canastra, the opening of 75 or
120, the pile's top card melded at once, a batida that ends the hand needing a clean canastra).
A skill's id starts with its game (``italian_``, ``pennies_``, ``canastra_``, ``tranca_``) and
its `Skill.profile` names the profile.

As in `practice.skills`, each position is BUILT FROM THE TASK: a fair coin drawn from the seed
chooses yes or no (or a choice among all the choices), then the cards are laid out from the
profile's own decks (`_Deck`: without replacement, so never more copies than the decks hold),
with the near misses the rule turns on at difficulty 3 (a deuce meld one card short of its
canasta, an opening five points short or with one wild card, a meld of six sevens, an eighth
card turning a canastra suja). The answer is read from the engine's own checks under that
profile (`check_meld`, `Position.check_meld`, `check_opening`, `check_take_pile`,
`check_go_out`, the round's `can_discard`, the reserve picked up when the meld is performed),
never from the generator's intention (``built_for``; tests check that the two agree).

>>> from canasta_learn.practice import generate
>>> drill = generate("italian_deuce_meld", seed=1, difficulty=3)
>>> drill.kind, drill.position.profile.name
('yes_no', 'italian')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..core.actions import MeldGroup
from ..core.cards import Card, new_deck
from ..core.i18n import N_, gettext
from ..core.verdicts import Verdict
from ..engine.position import Position
from ..engine.round import Round
from ..profiles import Profile, get_profile
from ..rules.melds import check_meld
from ..variants.base import rules_for
from ..variants.keys import WILD_MELD_RANK
from .drills import Drill, Explanation
from .skills import SKILLS, Skill, register

__all__ = ["VARIANT_PROFILES"]

#: The variant profiles that have skills, in the order their skills are registered.
VARIANT_PROFILES = ("italian", "pennies_from_heaven", "canastra_br", "tranca")

#: Natural ranks of the set games (aces, fours to kings), sevens left out where asked.
_SET_RANKS = (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
_SUITS = ("c", "d", "h", "s")
#: The Brazilian games' names as a learner reads them.
_GAME = {"canastra_br": "Canastra", "tranca": "Tranca"}


class _Deck:
    """The profile's cards not yet used in the position being built."""

    def __init__(self, rng: random.Random, profile: Profile) -> None:
        self.rng = rng
        self.left = list(new_deck(profile.deck_count, profile.joker_count))

    def take(self, wanted: Callable[[Card], bool], count: int) -> list[Card]:
        """``count`` cards that are ``wanted`` (chosen at random among those left)."""
        chosen = self.rng.sample([c for c in self.left if wanted(c)], count)
        for card in chosen:
            self.left.remove(card)
        return chosen

    def naturals(self, rank: int, count: int) -> list[Card]:
        """``count`` natural cards of ``rank`` (any suits; never red threes)."""
        return self.take(lambda c: c.rank == rank and not c.is_wild and not c.is_red_three, count)

    def card(self, rank: int, suit: str) -> Card:
        """One card of ``rank`` (1-13) and ``suit``."""
        return self.take(lambda c: c.rank == rank and c.suit == suit, 1)[0]

    def wilds(self, count: int, *, jokers: bool | None = None) -> list[Card]:
        """``count`` wild cards (only jokers / only twos when ``jokers`` says)."""
        return self.take(lambda c: c.is_wild and (jokers is None or c.is_joker == jokers), count)

    def singles(self, count: int, avoid: Sequence[int] = (), ranks: Sequence[int] = _SET_RANKS) -> list[Card]:
        """``count`` natural cards of different ranks among ``ranks``, none of ``avoid``."""
        chosen = self.rng.sample([r for r in ranks if r not in avoid], count)
        return [self.naturals(r, 1)[0] for r in chosen]

    def off_suit(self, count: int, suits: Sequence[str], avoid: Sequence[int] = ()) -> list[Card]:
        """``count`` natural cards of ``suits`` of different ranks 4-K (no aces, threes or wilds),
        never ``avoid``, far enough apart that no two of them make a sequence with a third."""
        ranks = [r for r in range(4, 14) if r not in avoid]
        self.rng.shuffle(ranks)
        picked: list[int] = []
        for rank in ranks:
            if all(abs(rank - other) > 2 for other in picked):
                picked.append(rank)
            if len(picked) == count:
                break
        return [self.of_suits(rank, suits) for rank in picked]

    def of_suits(self, rank: int, suits: Sequence[str]) -> Card:
        """One card of ``rank`` in one of ``suits``."""
        return self.take(lambda c: c.rank == rank and c.suit in suits, 1)[0]


def _rng(skill: str, seed: int, difficulty: int) -> random.Random:
    return random.Random(f"{skill}:{seed}:{difficulty}")


def _cards(cards: Sequence[Card]) -> str:
    """Cards as the learner reads them: ranks and suit symbols (``'K♥ 10♣ Jk'``), never notation."""
    return " ".join(card.short for card in cards) or "-"


def _melds(melds: Sequence[Sequence[Card]]) -> str:
    return " + ".join(_cards(m) for m in melds) or "-"


class _Said(NamedTuple):
    """What the engine did, when it is no verdict of a check (the reserve picked up by a meld)."""

    ok: bool
    code: str
    message: str


def _explained(make: Callable[[], Verdict | _Said]) -> Callable[[], Explanation]:
    """An explanation made by re-running an engine check (so it speaks the language spoken)."""

    def explain() -> Explanation:
        verdict = make()
        return verdict.code, verdict.message

    return explain


def _yes_no(skill: str, seed: int, difficulty: int, position: Position, check: Callable[[], Verdict | _Said],
            task: Callable[[], str], fact: Callable[[], str], built_for: bool, **shown: object) -> Drill:
    """A yes/no drill whose answer is the engine's ``check`` (run now, and again to explain)."""
    info = SKILLS[skill]
    return Drill(skill, seed, difficulty, "yes_no", position, check().ok, _explained(check), task, fact,
                 info.rule, info.rule_name, built_for=built_for, shown=dict(shown))


def _task_meld(cards: Sequence[Card], game: str) -> str:
    return gettext("In {game}, is {cards} a legal meld on its own (you are not going out)? Answer yes or "
                   "no.").format(game=game, cards=_cards(cards))


def _task_go_out(melds: Sequence[Sequence[Card]], hand: Sequence[Card], laid: Sequence[Card], card: Card) -> str:
    return gettext("Your team has melded {melds}. You have drawn; your hand is {hand}. May you go out by laying "
                   "{laid} and discarding {card}?").format(melds=_melds(melds), hand=_cards(hand),
                                                          laid=_cards(laid), card=card.short)


def _task_open(score: int, hand: Sequence[Card], melds: Sequence[Sequence[Card]]) -> str:
    return gettext("Your team's score is {score} and it has not opened. You have drawn; your hand is {hand}. May "
                   "you open by laying {melds} together?").format(score=score, hand=_cards(hand),
                                                                  melds=_melds(melds))


def _task_pile(pile: Sequence[Card], melds: Sequence[Sequence[Card]], hand: Sequence[Card]) -> str:
    return gettext("It is your turn and you have not drawn yet. The pile holds, bottom to top, {pile}; your team "
                   "has melded {melds}; your hand is {hand}. May you take the pile?").format(
        pile=_cards(pile), melds=_melds(melds), hand=_cards(hand))


def _task_add(melds: Sequence[Sequence[Card]], hand: Sequence[Card], cards: Sequence[Card],
              meld: Sequence[Card]) -> str:
    return gettext("Your team has melded {melds}. You have drawn; your hand is {hand}. May you add {cards} to "
                   "your team's meld {meld}?").format(melds=_melds(melds), hand=_cards(hand), cards=_cards(cards),
                                                       meld=_cards(meld))


# ------------------------------------------------------------------------------------- Italian
def _italian_deuce_meld(seed: int, difficulty: int) -> Drill:
    skill = "italian_deuce_meld"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("italian")
    deck = _Deck(rng, prof)
    legal = rng.random() < 0.5
    size, limit, least = prof.canasta_size, prof.wild_limit, prof.meld_min_naturals
    if legal:  # difficulty 3: at the edges (two twos, three jokers, seven cards)
        twos = least if difficulty == 3 and rng.random() < 0.5 else rng.randint(least, size)
        jokers = min(limit, size - twos) if difficulty == 3 else rng.randint(0, min(limit, size - twos))
        if twos + jokers < prof.meld_min_size:
            jokers = prof.meld_min_size - twos
    else:
        misses = ["one_two", "four_jokers", "eight"] if difficulty == 3 else ["one_two", "four_jokers", "short"]
        miss = rng.choice(misses)
        if miss == "one_two":  # one two short
            twos, jokers = least - 1, rng.randint(2, limit)
        elif miss == "four_jokers":  # one joker too many
            twos, jokers = rng.randint(least, 3), limit + 1
        elif miss == "eight":  # one card over the closed deuce canasta
            twos = rng.randint(size - limit + 1, size)
            jokers = size + 1 - twos
        else:
            twos, jokers = least, 0
    cards = deck.wilds(twos, jokers=False) + deck.wilds(jokers, jokers=True)
    position = Position(cards, profile=prof)
    shown = list(position.hand)

    def fact() -> str:
        return gettext("In Italian Canasta twos may make their own meld: at least {least} twos, with jokers as its "
                       "wild cards (at most {limit}), closed at {size} cards.").format(
            least=least, limit=limit, size=size)

    return _yes_no(skill, seed, difficulty, position, lambda: check_meld(shown, prof),
                   lambda: _task_meld(shown, "Italian Canasta"), fact, legal)


def _italian_twos_reserved(seed: int, difficulty: int) -> Drill:
    skill = "italian_twos_reserved"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("italian")
    deck = _Deck(rng, prof)
    may = rng.random() < 0.5
    size = prof.canasta_size
    rank = rng.choice(_SET_RANKS)
    own = deck.naturals(rank, rng.randint(3, 5)) + deck.wilds(rng.randint(0, 1), jokers=True)
    if may:  # no deuce meld, or a deuce canasta already closed (difficulty 3)
        deuce = deck.wilds(size, jokers=False) if difficulty == 3 or rng.random() < 0.5 else []
    else:  # a deuce meld short of its canasta: one card short at difficulty 3
        count = size - 1 if difficulty == 3 else rng.randint(3, size - 1)
        deuce = deck.wilds(count, jokers=False)
    two = deck.wilds(1, jokers=False)
    hand = two + deck.singles(3, avoid=[rank])
    melds = [own] + ([deuce] if deuce else [])
    position = Position(hand, team_melds=melds, drew_from="stock", profile=prof)

    def check() -> Verdict:
        return position.check_meld([MeldGroup(tuple(two), rank)])

    def fact() -> str:
        return gettext("While your team's deuce meld is not yet a canasta, every two your team melds goes onto "
                       "it; a team without a deuce meld, or whose deuce canasta is closed, uses twos as wild "
                       "cards.")

    return _yes_no(skill, seed, difficulty, position, check,
                   lambda: _task_add(melds, position.hand, two, own), fact, may)


def _set_melds(rng: random.Random, values: Sequence[int], target: int, avoid: Sequence[int],
               sizes: Sequence[int] = (3, 4, 5), most: int = 4) -> list[tuple[int, int]] | None:
    """Melds (rank, naturals) of different ranks whose card values add up to ``target``."""
    specs = [(r, n) for r in _SET_RANKS if r not in avoid for n in sizes]
    rng.shuffle(specs)

    def search(start: int, total: int, chosen: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
        if total == target:
            return chosen
        if len(chosen) == most:
            return None
        for i in range(start, len(specs)):
            rank, n = specs[i]
            worth = n * values[rank]
            if total + worth <= target and all(rank != r for r, _ in chosen):
                found = search(i + 1, total + worth, [*chosen, (rank, n)])
                if found:
                    return found
        return None

    return search(0, 0, [])


def _italian_opening(seed: int, difficulty: int) -> Drill:
    skill = "italian_opening"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("italian")
    deck = _Deck(rng, prof)
    opens = rng.random() < 0.5
    brackets = [(low, minimum) for low, minimum in prof.opening_table if low >= 0]
    low, _ = rng.choice(brackets)
    nxt = [t for t, _ in prof.opening_table if t > low]
    score = low + 5 * rng.randint(0, ((nxt[0] if nxt else low + 3000) - low) // 5 - 1)
    minimum = prof.opening_minimum(score)
    values = prof.card_values
    wild = False
    if opens:
        target = minimum + (0 if difficulty == 3 else 5 * rng.randint(0, 4))
    elif difficulty == 3 or rng.random() < 0.5:  # enough only with a two among them (3), or five short
        wild = difficulty == 3 and rng.random() < 0.5
        target = minimum - 5 if not wild else minimum - values[2] + 5 * rng.randint(0, 3)
    else:
        target = minimum - 5 * rng.randint(1, 4)
    chosen = _set_melds(rng, values, target, avoid=())
    assert chosen is not None, (minimum, target)
    melds = [deck.naturals(rank, n) for rank, n in chosen]
    if wild:
        melds[0] = melds[0] + deck.wilds(1, jokers=False)
    hand = [c for m in melds for c in m] + deck.singles(2, avoid=[r for r, _ in chosen])
    position = Position(hand, team_score=score, team_opened=False, drew_from="stock", profile=prof)

    def fact() -> str:
        return gettext("In Italian Canasta the opening melds may hold no wild card at all, and with a team score of "
                       "{score} they must reach {minimum}.").format(score=score, minimum=minimum)

    return _yes_no(skill, seed, difficulty, position, lambda: position.check_opening(melds),
                   lambda: _task_open(score, position.hand, melds), fact, opens,
                   melds=tuple(tuple(m) for m in melds))


def _italian_pile(seed: int, difficulty: int) -> Drill:
    skill = "italian_pile"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("italian")
    deck = _Deck(rng, prof)
    takes = rng.random() < 0.5
    rank = rng.choice(_SET_RANKS)
    other = rng.choice([r for r in _SET_RANKS if r != rank])
    # the team's meld of the top card's rank: in classic the pile would be open for it
    melds = [deck.naturals(rank, 3)] if difficulty >= 2 else []
    melds.append(deck.naturals(other, 3))
    top = deck.naturals(rank, 1)
    pile = deck.singles(rng.randint(2, 4), avoid=[rank, other]) + top
    if takes:
        own = deck.naturals(rank, 2)
    elif difficulty == 3 or rng.random() < 0.5:  # a natural and a wild card: no pair
        own = deck.naturals(rank, 1) + deck.wilds(1)
    else:
        own = deck.naturals(rank, 1)
    ranks = [rank, other] + [c.rank for c in pile]
    hand = own + deck.singles(3, avoid=ranks)
    position = Position(hand, discard_pile=pile, team_melds=melds, profile=prof)

    def fact() -> str:
        return gettext("In Italian Canasta the pile never thaws: every take needs a natural pair of the top card's "
                       "rank from your hand, even onto a meld your team has.")

    return _yes_no(skill, seed, difficulty, position, position.check_take_pile,
                   lambda: _task_pile(pile, melds, position.hand), fact, takes)


def _set_canasta(deck: _Deck, rank: int, size: int, wild: int) -> list[Card]:
    return deck.naturals(rank, size - wild) + deck.wilds(wild, jokers=True)


def _italian_go_out(seed: int, difficulty: int) -> Drill:
    skill = "italian_go_out"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("italian")
    deck = _Deck(rng, prof)
    goes = rng.random() < 0.5
    size = prof.canasta_size
    first, second, laid_rank = rng.sample([r for r in _SET_RANKS if r != 7], 3)
    melds = [_set_canasta(deck, first, size, rng.randint(0, 1))]
    if goes:
        melds.append(_set_canasta(deck, second, size, rng.randint(0, 2)))
    elif difficulty == 3 or rng.random() < 0.5:  # a deuce canasta, which does not count
        melds.append(deck.wilds(size, jokers=False))
    else:  # one card short of a second canasta
        melds.append(_set_canasta(deck, second, size - 1, rng.randint(0, 1)))
    if difficulty >= 2 and goes and rng.random() < 0.5:  # a deuce canasta besides
        melds.append(deck.wilds(size, jokers=False))
    laid = deck.naturals(laid_rank, 3)
    card = deck.singles(1, avoid=[first, second, laid_rank, 7])[0]
    position = Position(laid + [card], team_melds=melds, drew_from="stock", profile=prof)

    def fact() -> str:
        return gettext("In Italian Canasta going out needs {count} canastas on your team's side, and deuce "
                       "canastas do not count toward them.").format(count=prof.go_out_canastas)

    return _yes_no(skill, seed, difficulty, position, lambda: position.check_go_out([laid], card),
                   lambda: _task_go_out(melds, position.hand, laid, card), fact, goes)


# ------------------------------------------------------------------------------------ Pennies
_PENNIES_RANKS = tuple(r for r in _SET_RANKS if r != 7)


def _pennies_sevens(seed: int, difficulty: int) -> Drill:
    skill = "pennies_sevens"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("pennies_from_heaven")
    deck = _Deck(rng, prof)
    may = rng.random() < 0.5
    size = prof.canasta_size
    rank = rng.choice(_PENNIES_RANKS)
    melds = [deck.naturals(rank, rng.randint(3, 5))]
    last = False
    if may:  # the team owns a canasta of sevens
        melds.append(deck.naturals(7, size - rng.randint(0, 1 if difficulty >= 2 else 0)))
        melds[-1] += deck.wilds(size - len(melds[-1]))
    elif difficulty == 3 and rng.random() < 0.5:  # a canasta of every kind, but the seven is your last card
        last = True
        melds = [deck.naturals(7, size), deck.wilds(size), deck.naturals(rank, size),
                 _set_canasta(deck, rng.choice([r for r in _PENNIES_RANKS if r != rank]), size, 1)]
    elif difficulty >= 2:  # sevens melded, but no canasta of them yet (six sevens at difficulty 3)
        melds.append(deck.naturals(7, size - 1 if difficulty == 3 else rng.randint(3, size - 1)))
    seven = deck.naturals(7, 1)[0]
    hand = [seven] if last else [seven] + deck.singles(rng.randint(2, 3), ranks=_PENNIES_RANKS, avoid=[rank])
    position = Position(hand, team_melds=melds, drew_from="stock", profile=prof)

    def check() -> Verdict:
        return position.round.can_discard(seven, seat=0)

    def task() -> str:
        return gettext("Your team has melded {melds}. You have drawn and melded what you wanted; your hand is {hand}. "
                       "May you discard {card}?").format(melds=_melds(melds), hand=_cards(position.hand),
                                                                           card=seven.short)

    def fact() -> str:
        return gettext("In Pennies from Heaven no seven goes onto the pile until your team owns a canasta of "
                       "sevens, and a seven is never the discard that goes out.")

    return _yes_no(skill, seed, difficulty, position, check, task, fact, may)


def _pennies_closed(seed: int, difficulty: int) -> Drill:
    skill = "pennies_closed"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("pennies_from_heaven")
    deck = _Deck(rng, prof)
    may = rng.random() < 0.5
    size = prof.canasta_size
    wild_meld = difficulty >= 2 and rng.random() < 0.3
    if may:  # the meld stays within seven cards (reaches exactly seven at difficulty 3)
        added_count = rng.randint(1, 2)
        count = size - added_count if difficulty == 3 else rng.randint(3, size - added_count)
    else:  # the meld is closed, or (difficulty 3) one card too many
        added_count = 1 if difficulty < 3 else rng.randint(1, 2)
        count = size if difficulty < 3 or rng.random() < 0.5 else size + 1 - added_count
        if count == size:
            added_count = 1
    rank = rng.choice(_PENNIES_RANKS)
    if wild_meld:
        meld = deck.wilds(count)
        added = deck.wilds(added_count)
        key = WILD_MELD_RANK
    else:
        wild = rng.randint(0, min(1, count - 3))
        meld = deck.naturals(rank, count - wild) + deck.wilds(wild)
        added = deck.naturals(rank, added_count)
        key = rank
    other = rng.choice([r for r in _PENNIES_RANKS if r != rank])
    melds = [meld, deck.naturals(other, 3)]
    hand = added + deck.singles(3, ranks=_PENNIES_RANKS, avoid=[rank, other])
    position = Position(hand, team_melds=melds, drew_from="stock", profile=prof)

    def check() -> Verdict:
        return position.check_meld([MeldGroup(tuple(added), key)])

    def fact() -> str:
        return gettext("In Pennies from Heaven every meld is closed at {size} cards: it becomes a canasta and "
                       "nothing more can be added to it.").format(size=size)

    return _yes_no(skill, seed, difficulty, position, check, lambda: _task_add(melds, position.hand, added, meld),
                   fact, may, meld=tuple(meld), added=tuple(added))


def _pennies_reserve(seed: int, difficulty: int) -> Drill:
    skill = "pennies_reserve"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("pennies_from_heaven")
    deck = _Deck(rng, prof)
    picks = rng.random() < 0.5
    size = prof.canasta_size
    rank, other = rng.sample(_PENNIES_RANKS, 2)
    # the meld reaches seven cards (a canasta), or stops one card short (difficulty 3) or more
    total = size if picks else size - 1 if difficulty == 3 else rng.randint(size - 2, size - 1)
    added_count = rng.randint(1, min(3, total - prof.meld_min_size))
    meld = deck.naturals(rank, total - added_count)
    added = deck.naturals(rank, added_count)
    melds = [meld]
    if difficulty >= 2 and rng.random() < 0.5:  # a canasta your partner closed: not yours
        melds.append(deck.naturals(other, size))
    hand = added + deck.singles(3, ranks=_PENNIES_RANKS, avoid=[rank, other])
    reserve = deck.take(lambda c: not c.is_red_three, rules_for(prof).reserve_cards)
    position = Position(hand, team_melds=melds, drew_from="stock", profile=prof)

    def check() -> Verdict | _Said:
        # the engine's round with the reserve waiting: perform the meld and see what it does
        rnd = Round.from_state(profile=prof, hands=[position.hand], stock=deck.left, melds=[melds],
                               reserves=[reserve], drew_from="stock")
        group = [MeldGroup(tuple(added), rank)]
        verdict = rnd.can_meld(group, seat=0)
        if not verdict:
            return verdict
        rnd.meld(group, seat=0)
        taken = next((e for e in rnd.events if e.kind == "reserve_taken"), None)
        if taken is not None:
            return _Said(True, "reserve_taken", taken.message)
        return _Said(False, verdict.code, verdict.message + " " + gettext(
            "Your team's meld then holds {count} cards, no canasta: your reserve stays face down until your own "
            "melding completes a canasta of {size} cards.").format(count=total, size=size))

    def task() -> str:
        return gettext("You have not picked up your reserve yet. Your team has melded {melds}; you have drawn and "
                       "you add {cards} to your team's meld {meld}. Do you pick up your reserve now?").format(
            melds=_melds(melds), cards=_cards(added), meld=_cards(meld))

    def fact() -> str:
        return gettext("In Pennies from Heaven your reserve comes into your hand as soon as your own melding "
                       "completes a canasta ({size} cards).").format(size=size)

    return _yes_no(skill, seed, difficulty, position, check, task, fact, picks, meld=tuple(meld),
                   added=tuple(added))


def _pennies_go_out(seed: int, difficulty: int) -> Drill:
    skill = "pennies_go_out"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("pennies_from_heaven")
    deck = _Deck(rng, prof)
    goes = rng.random() < 0.5
    size = prof.canasta_size
    natural_rank, mixed_rank, laid_rank = rng.sample(_PENNIES_RANKS, 3)
    def sevens() -> list[Card]:  # with a wild card or two at difficulty 2-3
        wild = rng.randint(0, 0 if difficulty == 1 else 2)
        return deck.naturals(7, size - wild) + deck.wilds(wild)

    kinds: dict[str, Callable[[], list[Card]]] = {
        "sevens": sevens, "wild": lambda: deck.wilds(size), "natural": lambda: deck.naturals(natural_rank, size),
        "mixed": lambda: _set_canasta(deck, mixed_rank, size, rng.randint(1, 3))}
    missing = None if goes else rng.choice(list(kinds))
    melds: list[list[Card]] = []
    for kind, make in kinds.items():
        if kind == missing and (difficulty < 3 or kind == "wild"):
            if kind == "mixed":  # a second natural canasta instead of the mixed one
                melds.append(deck.naturals(mixed_rank, size))
            continue
        cards = make()
        if kind == missing:  # one card short of that canasta (difficulty 3): a natural card less
            cards = cards[1:]
        melds.append(cards)
    laid = deck.naturals(laid_rank, 3)
    card = deck.singles(1, ranks=_PENNIES_RANKS, avoid=[natural_rank, mixed_rank, laid_rank])[0]
    position = Position(laid + [card], team_melds=melds, drew_from="stock", profile=prof)

    def fact() -> str:
        return gettext("In Pennies from Heaven going out needs a canasta of each kind on your team's side: sevens, "
                       "wild cards, natural and mixed.")

    return _yes_no(skill, seed, difficulty, position, lambda: position.check_go_out([laid], card),
                   lambda: _task_go_out(melds, position.hand, laid, card), fact, goes)


# ---------------------------------------------------------------------------- Brazilian games
def _card_of(rank: int) -> int:
    """A sequence rank (4-14, the ace high) as a card rank (1-13)."""
    return 1 if rank == 14 else rank


def _run(deck: _Deck, suit: str, low: int, length: int, wilds: Sequence[int] = ()) -> list[Card]:
    """A sequence of ``suit`` from ``low`` (4-14), ``length`` places; the places in ``wilds``
    (inside the run) are wild cards."""
    cards: list[Card] = []
    for place in range(length):
        if place in wilds:
            cards.extend(deck.wilds(1))
        else:
            cards.append(deck.card(_card_of(low + place), suit))
    return cards


def _sequence_meld(profile_name: str) -> Callable[[int, int], Drill]:
    def generate(seed: int, difficulty: int) -> Drill:
        skill = f"{profile_name.split('_')[0]}_meld"
        rng = _rng(skill, seed, difficulty)
        prof = get_profile(profile_name)
        deck = _Deck(rng, prof)
        legal = rng.random() < 0.5
        suit = rng.choice(_SUITS)
        cards: list[Card]
        if legal:
            shape = rng.choice(["run", "gap", "aces"] if difficulty >= 2 else ["run", "run", "aces"])
            length = rng.randint(3, 5)
            low = rng.randint(4, 15 - length)
            if shape == "aces":
                cards = deck.naturals(1, 3) + deck.wilds(1 if difficulty >= 2 and rng.random() < 0.5 else 0)
            else:
                cards = _run(deck, suit, low, length, [rng.randint(1, length - 2)] if shape == "gap" else [])
        else:
            misses = (["two_suits", "low_ace", "gap"] if difficulty == 3 else
                      ["two_suits", "three", "low_ace", "kings", "gap"])
            miss = rng.choice(misses)
            if miss == "two_suits":  # one card of another suit
                length = rng.randint(3, 5)
                cards = _run(deck, suit, rng.randint(4, 15 - length), length)
                place = rng.randrange(length)
                odd = cards[place]
                cards[place] = deck.card(odd.rank, rng.choice([s for s in _SUITS if s != suit]))
                deck.left.append(odd)
            elif miss == "three":
                cards = [deck.card(3, rng.choice("cs")) if suit in "hd" else deck.card(3, suit)]
                suit = cards[0].suit
                cards += [deck.card(4, suit), deck.card(5, suit)]
            elif miss == "low_ace":  # the ace is high only
                cards = [deck.card(1, suit), deck.card(4, suit), deck.card(5, suit)]
            elif miss == "kings":  # no set but aces
                rank = rng.choice(range(4, 14))
                cards = deck.naturals(rank, 3)
            else:  # a gap with no wild card to fill it
                low = rng.randint(4, 11)
                cards = [deck.card(_card_of(low + p), suit) for p in (0, 1, 3)]
        position = Position(cards, profile=prof)
        shown = list(position.hand)
        game = _GAME[profile_name]

        def fact() -> str:
            return gettext("In {game} a meld is a sequence of one suit, from 4 up to the ace (the ace high only, "
                           "no threes), its gaps filled by wild cards, or a set of at least three aces; no other "
                           "rank makes a set.").format(game=game)

        return _yes_no(skill, seed, difficulty, position, lambda: check_meld(shown, prof),
                       lambda: _task_meld(shown, game), fact, legal)

    return generate


def _kind_words(kind: str) -> str:
    """A kind of canastra in words (the language spoken now)."""
    return {"real": gettext("a canastra real"), "de_mil": gettext("a canastra de mil"),
            "limpa": gettext("a canastra limpa"), "suja": gettext("a canastra suja"),
            "none": gettext("not a canastra")}[kind]


def _canasta_kind(profile_name: str) -> Callable[[int, int], Drill]:
    choices = ("real", "de_mil", "limpa", "suja", "none") if profile_name == "canastra_br" else (
        "limpa", "suja", "none")

    def generate(seed: int, difficulty: int) -> Drill:
        skill = f"{profile_name.split('_')[0]}_kind"
        rng = _rng(skill, seed, difficulty)
        prof = get_profile(profile_name)
        deck = _Deck(rng, prof)
        target = rng.choice(choices)
        size = prof.canasta_size
        suit = rng.choice(_SUITS)
        tranca = profile_name == "tranca"
        inside = list(range(1, size - 1))
        if target == "de_mil":
            meld = deck.naturals(1, size)
        elif target == "real" or (tranca and target == "limpa"):
            length = size + (rng.randint(0, 1) if tranca and difficulty < 3 else 0)
            meld = _run(deck, suit, rng.randint(4, 15 - length), length)
        elif target == "limpa":  # seven cards, one joker
            meld = _run(deck, suit, rng.randint(4, 15 - size), size)
            place = rng.choice(inside)
            deck.left.append(meld[place])
            meld[place] = deck.wilds(1, jokers=True)[0]
        elif target == "suja":
            # canastra: an eighth card (difficulty 3) or a two among seven; tranca: one wild card
            eight = not tranca and (difficulty == 3 or rng.random() < 0.5)
            length = size + 1 if eight else size
            wild = [] if eight and (difficulty == 3 or rng.random() < 0.5) else [rng.choice(inside)]
            meld = _run(deck, suit, rng.randint(4, 15 - length), length)
            for place in wild:
                deck.left.append(meld[place])
                meld[place] = deck.wilds(1, jokers=tranca and rng.random() < 0.5)[0]
        else:  # one card short (difficulty 1-2), or seven cards with two wild cards (3)
            two_wilds = difficulty == 3 or (difficulty == 2 and rng.random() < 0.5)
            length = size if two_wilds else size - 1
            meld = _run(deck, suit, rng.randint(4, 15 - length), length)
            for place in (rng.sample(inside, 2) if two_wilds else []):
                deck.left.append(meld[place])
                meld[place] = deck.wilds(1)[0]
        hand = deck.off_suit(3, [s for s in _SUITS if s != suit])
        position = Position(hand, team_melds=[meld], profile=prof)
        stored = position.team_melds[0]

        def answer() -> str:
            kinds = position.round.canasta_kinds(0)
            return kinds[0] if kinds else "none"

        def explain() -> Explanation:
            verdict = check_meld(stored, prof)
            return verdict.code, verdict.message

        def task() -> str:
            return gettext("Your team has laid {cards}. What kind of canastra is it?").format(cards=_cards(stored))

        def fact() -> str:
            if tranca:
                return gettext("In Tranca a canastra has {size} or more cards and at most one wild card: limpa "
                               "without one, suja with one.").format(size=size)
            return gettext("In Canastra a canastra has {size} or more cards and at most one wild card: real is "
                           "exactly {size} natural cards (de mil when they are aces), limpa exactly {size} with "
                           "one joker, suja any other.").format(size=size)

        info = SKILLS[skill]
        return Drill(skill, seed, difficulty, "choice", position, answer(), explain, task, fact, info.rule,
                     info.rule_name, built_for=target, choices=choices, choice_words=_kind_words)

    return generate


def _run_melds(rng: random.Random, values: Sequence[int], target: int) -> list[tuple[str, int, int]] | None:
    """Sequences (suit, low, length), at most one per suit, with or without a set of three aces
    (suit ``"aces"``), whose card values add up to ``target``."""

    def worth(low: int, length: int) -> int:
        return sum(values[_card_of(low + p)] for p in range(length))

    specs = [(low, length) for length in (3, 4, 5) for low in range(4, 15 - length + 1)]
    rng.shuffle(specs)
    suits = list(_SUITS)
    rng.shuffle(suits)
    with_aces = rng.random() < 0.5

    def search(total: int, chosen: list[tuple[str, int, int]]) -> list[tuple[str, int, int]] | None:
        if total == target:
            return chosen
        if len(chosen) == len(suits):
            return None
        for low, length in specs:
            value = worth(low, length)
            if total + value <= target:
                found = search(total + value, [*chosen, (suits[len(chosen)], low, length)])
                if found:
                    return found
        return None

    aces = 3 * values[1]
    found = search(aces, [("aces", 0, 3)]) if with_aces and aces <= target else None
    return found or search(0, [])


def _canastra_opening(seed: int, difficulty: int) -> Drill:
    skill = "canastra_opening"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("canastra_br")
    deck = _Deck(rng, prof)
    opens = rng.random() < 0.5
    edge = prof.opening_table[-1][0]  # 2500: the minimum rises from there
    if difficulty == 3:
        score = edge - 5 if rng.random() < 0.5 else edge
    else:
        score = 5 * rng.randint(0, edge // 5 - 1) if rng.random() < 0.5 else edge + 5 * rng.randint(0, 99)
    minimum = prof.opening_minimum(score)
    # difficulty 3: exactly the minimum, or five points short
    target = (minimum + (0 if difficulty == 3 else 5 * rng.randint(0, 4)) if opens else
              minimum - 5 if difficulty == 3 or rng.random() < 0.5 else minimum - 5 * rng.randint(2, 5))
    chosen = _run_melds(rng, prof.card_values, target)
    assert chosen is not None, (minimum, target)
    runs = {i: _run(deck, suit, low, length) for i, (suit, low, length) in enumerate(chosen) if suit != "aces"}
    melds = [runs[i] if i in runs else deck.naturals(1, 3) for i in range(len(chosen))]  # aces after the runs
    hand = [c for m in melds for c in m] + deck.take(lambda c: c.rank == 3 and c.is_black_three, 1)
    hand += deck.take(lambda c: c.rank in (4, 5, 6) and c.is_natural, 1)
    position = Position(hand, team_score=score, team_opened=False, drew_from="stock", profile=prof)

    def fact() -> str:
        return gettext("In Canastra the melds of your team's first melding turn must be worth at least {low} "
                       "below {edge} points and {high} from {edge} on; only card values count.").format(
            low=prof.opening_below, edge=edge, high=prof.opening_table[-1][1])

    return _yes_no(skill, seed, difficulty, position, lambda: position.check_opening(melds),
                   lambda: _task_open(score, position.hand, melds), fact, opens,
                   melds=tuple(tuple(m) for m in melds))


def _tranca_pile(seed: int, difficulty: int) -> Drill:
    skill = "tranca_pile"
    rng = _rng(skill, seed, difficulty)
    prof = get_profile("tranca")
    deck = _Deck(rng, prof)
    takes = rng.random() < 0.5
    suit = rng.choice(_SUITS)
    others = [s for s in _SUITS if s != suit]
    rank = rng.randint(6, 11)  # room for a sequence on either side
    onto_meld = difficulty >= 2 and rng.random() < 0.5
    melds: list[list[Card]] = [_run(deck, rng.choice(others), 4 + 6 * rng.randint(0, 1), 3)]
    own: list[Card] = []
    blocker: list[Card] = []
    if takes and onto_meld:  # the top card extends your team's sequence of its suit
        melds.append(_run(deck, suit, rank - 3, 3) if rank >= 7 and rng.random() < 0.5 else
                     _run(deck, suit, rank + 1, 3))
    elif takes:  # two cards of its suit from the hand make a sequence with it
        low = rng.choice([rank - 2, rank - 1, rank])
        own = [deck.card(_card_of(r), suit) for r in range(low, low + 3) if r != rank]
    elif difficulty == 3 or (difficulty == 2 and rng.random() < 0.5):
        if onto_meld:  # your team's sequence of its suit, but not next to it
            melds.append(_run(deck, suit, rank + 2, 3) if rank <= 10 else _run(deck, suit, rank - 4, 3))
        else:  # the two cards next to it, of another suit
            odd = rng.choice(others)
            own = [deck.card(_card_of(rank + 1), odd), deck.card(_card_of(rank + 2), odd)]
    else:  # a black three or a wild card on top blocks it
        blocker = deck.take(lambda c: c.is_black_three, 1) if rng.random() < 0.5 else deck.wilds(1)
        own = [deck.card(_card_of(rank + 1), suit), deck.card(_card_of(rank + 2), suit)]
    top = [deck.card(rank, suit)]
    below = deck.off_suit(rng.randint(2, 3), others)
    if difficulty >= 2 and rng.random() < 0.5:  # a wild card buried: no pile freezes in Tranca
        below.insert(1, deck.wilds(1)[0])
    pile = below + top + blocker
    used = {c.rank for c in own + pile}
    hand = own + deck.off_suit(3, others, avoid=sorted(used))
    position = Position(hand, discard_pile=pile, team_melds=melds, profile=prof)

    def fact() -> str:
        return gettext("In Tranca the pile never freezes: you may take it when its top card goes at once into a "
                       "meld, new with cards from your hand or onto your team's meld; a black three or a wild "
                       "card on top blocks it.")

    return _yes_no(skill, seed, difficulty, position, position.check_take_pile,
                   lambda: _task_pile(pile, melds, position.hand), fact, takes)


def _batida(profile_name: str) -> Callable[[int, int], Drill]:
    def generate(seed: int, difficulty: int) -> Drill:
        skill = f"{profile_name.split('_')[0]}_batida"
        rng = _rng(skill, seed, difficulty)
        prof = get_profile(profile_name)
        deck = _Deck(rng, prof)
        ends = rng.random() < 0.5
        size = prof.canasta_size
        tranca = profile_name == "tranca"
        suits = list(_SUITS)
        rng.shuffle(suits)
        canasta_suit, laid_suit, *others = suits
        inside = list(range(1, size - 1))
        if ends:  # a clean canastra: tranca limpa; canastra real or limpa
            joker = not tranca and rng.random() < 0.5
            melds = [_run(deck, canasta_suit, rng.randint(4, 15 - size), size)]
            if joker:
                place = rng.choice(inside)
                deck.left.append(melds[0][place])
                melds[0][place] = deck.wilds(1, jokers=True)[0]
        elif difficulty == 1:  # one card short of a canastra
            melds = [_run(deck, canasta_suit, rng.randint(4, 15 - size + 1), size - 1)]
        else:  # only a suja: one wild card, or (Canastra, difficulty 3) an eighth card
            eight = not tranca and difficulty == 3 and rng.random() < 0.5
            length = size + 1 if eight else size
            melds = [_run(deck, canasta_suit, rng.randint(4, 15 - length), length)]
            if not eight:  # a two (in Canastra a joker among seven would make it limpa)
                place = rng.choice(inside)
                deck.left.append(melds[0][place])
                melds[0][place] = deck.wilds(1, jokers=None if tranca else False)[0]
        laid = _run(deck, laid_suit, rng.randint(4, 12), 3)
        card = deck.off_suit(1, others)[0]
        if rng.random() < 0.5:  # a set of aces besides (after the sequences, which may need an ace)
            melds.append(deck.naturals(1, 3))
        position = Position(laid + [card], team_melds=melds, drew_from="stock", profile=prof)
        game = _GAME[profile_name]

        def check() -> Verdict:
            # the team's morto is gone (taken), the other team's still waits
            morto = deck.left[:rules_for(prof).morto_cards]
            rnd = Round.from_state(profile=prof, hands=[position.hand], stock=deck.left[rules_for(prof).morto_cards:],
                                   melds=[position.team_melds], mortos=[[], morto],
                                   morto_state=["taken", "waiting"], drew_from="stock")
            verdict = rnd.can_meld([laid], seat=0)
            if not verdict:
                return verdict
            rnd.meld([laid], seat=0)
            verdict = rnd.can_discard(card, seat=0)
            if not verdict:
                return verdict
            kinds = ", ".join(k.replace("_", " ") for k in rnd.canasta_kinds(0))
            return Verdict.allow("go_out_ok", gettext(
                "Your team's canastras ({kinds}) include a clean one, so this batida may end the hand.").format(
                kinds=kinds))

        def task() -> str:
            return gettext("In {game}, your team has already taken its morto and has melded {melds}. You have "
                           "drawn; your hand is {hand}. May you lay {laid} and discard {card}, emptying your "
                           "hand?").format(game=game, melds=_melds(position.team_melds), hand=_cards(position.hand),
                                           laid=_cards(laid), card=card.short)

        def fact() -> str:
            return (gettext("In Tranca, once your team's morto is taken, a batida ends the hand and needs a canastra "
                            "limpa (no wild card) on your team's side.") if tranca else
                    gettext("In Canastra, once your team's morto is taken, a batida ends the hand and needs a clean "
                            "canastra (real, de mil or limpa) on your team's side."))

        return _yes_no(skill, seed, difficulty, position, check, task, fact, ends)

    return generate


for _skill in (
    Skill("italian_deuce_meld", N_("Italian: deuce melds"), "variants-italian-deuce-melds",
          N_("deuce melds (Italian)"), _italian_deuce_meld, "italian"),
    Skill("italian_twos_reserved", N_("Italian: twos kept for the deuce meld"), "variants-italian-deuce-melds",
          N_("twos kept for the deuce meld (Italian)"), _italian_twos_reserved, "italian"),
    Skill("italian_opening", N_("Italian: opening without wild cards"), "variants-italian-opening",
          N_("the opening without wild cards (Italian)"), _italian_opening, "italian"),
    Skill("italian_pile", N_("Italian: the pile is always frozen"), "variants-italian-pile",
          N_("the pile always frozen (Italian)"), _italian_pile, "italian"),
    Skill("italian_go_out", N_("Italian: two canastas to go out"), "variants-italian-going-out",
          N_("two canastas, not deuce canastas, to go out (Italian)"), _italian_go_out, "italian"),
    Skill("pennies_sevens", N_("Pennies: discarding sevens"), "variants-pennies-sevens",
          N_("sevens stay out of the pile (Pennies from Heaven)"), _pennies_sevens, "pennies_from_heaven"),
    Skill("pennies_closed", N_("Pennies: melds closed at seven"), "variants-pennies-melds",
          N_("every meld closes at seven cards (Pennies from Heaven)"), _pennies_closed, "pennies_from_heaven"),
    Skill("pennies_reserve", N_("Pennies: the reserve"), "variants-pennies-reserve",
          N_("the reserve comes with a canasta (Pennies from Heaven)"), _pennies_reserve, "pennies_from_heaven"),
    Skill("pennies_go_out", N_("Pennies: a canasta of each kind to go out"), "variants-pennies-going-out",
          N_("a canasta of each kind to go out (Pennies from Heaven)"), _pennies_go_out, "pennies_from_heaven"),
    Skill("canastra_meld", N_("Canastra: sequences and sets of aces"), "variants-brazilian-sequences",
          N_("sequences and sets of aces (Brazilian games)"), _sequence_meld("canastra_br"), "canastra_br"),
    Skill("canastra_kind", N_("Canastra: real, de mil, limpa or suja"), "variants-canastra-br-kinds",
          N_("the kinds of canastra (Canastra)"), _canasta_kind("canastra_br"), "canastra_br"),
    Skill("canastra_opening", N_("Canastra: the opening of 75 or 120"), "variants-canastra-br-opening",
          N_("the opening of 75 or 120 (Canastra)"), _canastra_opening, "canastra_br"),
    Skill("canastra_batida", N_("Canastra: a batida that ends the hand"), "variants-brazilian-morto",
          N_("the morto and the batida (Brazilian games)"), _batida("canastra_br"), "canastra_br"),
    Skill("tranca_meld", N_("Tranca: sequences and sets of aces"), "variants-brazilian-sequences",
          N_("sequences and sets of aces (Brazilian games)"), _sequence_meld("tranca"), "tranca"),
    Skill("tranca_kind", N_("Tranca: limpa or suja"), "variants-tranca-kinds",
          N_("the kinds of canastra (Tranca)"), _canasta_kind("tranca"), "tranca"),
    Skill("tranca_pile", N_("Tranca: taking the pile"), "variants-brazilian-pile",
          N_("the pile's top card melded at once (Brazilian games)"), _tranca_pile, "tranca"),
    Skill("tranca_batida", N_("Tranca: a batida that ends the hand"), "variants-brazilian-morto",
          N_("the morto and the batida (Brazilian games)"), _batida("tranca"), "tranca"),
):
    register(_skill)
