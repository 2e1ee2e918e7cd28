"""A round built in a described position: scenarios, lessons and sandboxes (docs/rules.md#rules-turn).

This module owns `round_from_state`, the one function behind ``Round.from_state``: it checks
every part of the described state (the cards, the melds, the flags, the morto), raising the
package's documented errors, and fills a blank round with it. The round passes its blank
constructor in, so this module never imports the round (no import cycle; the round is typed
here by `BlankRound`).

>>> from canasta_learn import Round
>>> rnd = Round.from_state(hands=["h5 c5 d5 s9", "", "", ""], pile="c6 h7", melds=[["c13 d13 s13"]])
>>> rnd.to_move, rnd.phase, rnd.opened, rnd.pile_state()
(0, 'draw', [True, False], 'open')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ..core.cards import CARD_KEY, Card, CardsLike, check_card_counts, format_cards, rank_name
from ..core.i18n import gettext
from ..core.inputs import need_bool, need_card_lists, need_cards, need_int, need_no_red_three_on_top, need_sequence
from ..profiles import Profile, ProfileLike, get_profile
from ..rules.melds import BLACK_THREE_RANK, check_meld_cards, closes_at_canasta, meld_key
from ..variants.base import ClassicRules

__all__ = ["BlankRound", "round_from_state"]


class BlankRound(Protocol):
    """A round just set up with no cards anywhere, as ``Round.from_state`` hands it over to be
    filled (the engine's ``Round`` is the one implementation)."""

    rules: ClassicRules
    to_move: int
    phase: str
    drew_from: str | None
    deck: tuple[Card, ...]
    stock: list[Card]
    pile: list[Card]
    hands: list[list[Card]]
    red_threes: list[list[Card]]
    melds: list[dict[int, list[Card]]]
    closed: list[list[list[Card]]]
    reserves: list[list[Card]]
    mortos: list[list[Card]]
    morto_state: list[str]
    opened: list[bool]
    has_melded: list[bool]
    first_turn_done: list[bool]

    def opening_minimum(self, team: int) -> int: ...
    def _begin_turn_state(self) -> None: ...


R = TypeVar("R", bound=BlankRound)


def round_from_state(
    blank: Callable[[Profile, int, Sequence[int] | None], R],
    *,
    profile: ProfileLike = "classic",
    hands: Sequence[CardsLike],
    stock: CardsLike = (),
    pile: CardsLike = (),
    melds: Sequence[Sequence[CardsLike]] = (),
    red_threes: Sequence[CardsLike] = (),
    to_move: int = 0,
    dealer: int | None = None,
    drew_from: str | None = None,
    opened: Sequence[bool] | None = None,
    has_melded: Sequence[bool] | None = None,
    team_scores: Sequence[int] | None = None,
    check_counts: bool = True,
    reserves: Sequence[CardsLike] = (),
    mortos: Sequence[CardsLike] | None = None,
    morto_state: Sequence[str] | None = None,
) -> R:
    """The round ``Round.from_state`` describes (see there for the arguments and the errors),
    built on ``blank(profile, dealer, team_scores)``: every argument is checked before the blank
    round is made, the cards after (docs/rules.md#rules-turn, #rules-pile-red-three-top)."""
    prof = get_profile(profile)
    n = prof.player_count
    teams = prof.team_count
    need_int(to_move, "to_move", low=0, high=n - 1)
    need_int(dealer, "dealer", low=0, high=n - 1, allow_none=True)
    if dealer is None:
        dealer = (to_move - 1) % n
    given_hands = need_card_lists(hands, "hands", f"hands (one per seat, at most {n})", most=n)
    seats_text = f"one per seat, at most {n}"
    given_threes = need_card_lists(red_threes, "red_threes", f"red-three lists ({seats_text})", most=n)
    given_reserves = need_card_lists(reserves, "reserves", f"reserves ({seats_text})", most=n)
    team_meld_lists = need_sequence(melds, "melds", f"meld lists (one per team, at most {teams})", most=teams)
    given_melds = [need_card_lists(m, f"melds[{t}]", "melds (each notation text or a list of cards)")
                   for t, m in enumerate(team_meld_lists)]
    for name, flags, size, who in (("opened", opened, teams, "team"), ("has_melded", has_melded, n, "seat")):
        if flags is not None:
            items = need_sequence(flags, name, f"True/False values (one per {who})")
            if len(items) != size or not all(isinstance(f, bool) for f in items):
                raise ValueError(f"{name} must give {size} True/False values (one per {who}), not {flags!r}.")
    need_bool(check_counts, "check_counts")
    if mortos is not None:
        mortos = need_card_lists(mortos, "mortos", f"mortos (one per team, at most {teams})", most=teams)
    if morto_state is not None:
        states = need_sequence(morto_state, "morto_state", f"morto states (one per team, {teams})")
        if len(states) != teams or any(s not in ("none", "waiting", "taken", "stock") for s in states):
            raise ValueError(f"morto_state must give {teams} of 'waiting', 'taken', 'stock' or 'none' (one per "
                             f"team), not {morto_state!r}.")
    rnd = blank(prof, dealer, team_scores)
    rnd.to_move = to_move
    rnd.hands = [sorted(h, key=CARD_KEY) for h in given_hands] + [[] for _ in range(n - len(given_hands))]
    rnd.stock = list(reversed(need_cards(stock, "stock")))
    rnd.pile = need_cards(pile, "pile")
    need_no_red_three_on_top(rnd.pile, "pile")
    for seat, cards in enumerate(given_threes):
        if any(not c.is_red_three for c in cards):
            raise ValueError(f"red_threes for seat {seat} hold {format_cards(cards)}: only h3 and d3.")
        rnd.red_threes[seat] = cards
    for team, team_melds in enumerate(given_melds):
        for cards in team_melds:
            verdict = check_meld_cards(cards, prof, going_out=True)
            if not verdict:
                raise ValueError(f"melds[{team}] holds {format_cards(cards) or 'an empty meld'}, an illegal "
                                 f"meld: {verdict.message}")
            rank = meld_key(cards, prof)
            assert rank is not None
            rank, cards = rnd.rules.stored_meld(rnd.melds[team], cards, rank)
            if closes_at_canasta(rank, prof) and len(cards) >= prof.canasta_size and rank != BLACK_THREE_RANK:
                rnd.closed[team].append(cards)
                continue
            if rank in rnd.melds[team]:
                raise ValueError(
                    f"melds[{team}] has two melds of {rank_name(rank, plural=True)}; "
                    "a team has one meld per rank: put them together."
                )
            rnd.melds[team][rank] = cards
    if reserves and not rnd.rules.has_reserves:
        raise ValueError(f"The {prof.name} profile has no reserves; leave reserves=() for it.")
    for seat, reserve in enumerate(given_reserves):
        rnd.reserves[seat] = reserve
    everything = [c for h in rnd.hands for c in h] + rnd.stock + rnd.pile
    everything += [c for r in rnd.reserves for c in r]
    everything += [c for t in rnd.red_threes for c in t]
    everything += [c for m in rnd.melds for cards in m.values() for c in cards]
    everything += [c for team_closed in rnd.closed for cards in team_closed for c in cards]
    if rnd.rules.has_morto:
        given = list(mortos) if mortos is not None else []
        for team in range(prof.team_count):
            rnd.mortos[team] = list(given[team]) if team < len(given) else []
            rnd.morto_state[team] = "waiting" if rnd.mortos[team] else "taken"
        if morto_state is not None:
            rnd.morto_state = list(morto_state)
        everything += [c for m in rnd.mortos for c in m]
    if check_counts:
        check_card_counts(everything, deck_count=prof.deck_count, joker_count=prof.joker_count,
                          what=gettext("The position"))
    rnd.opened = list(opened) if opened is not None else [
        bool(m) or bool(c) or rnd.opening_minimum(t) == 0
        for t, (m, c) in enumerate(zip(rnd.melds, rnd.closed, strict=True))]
    for team, flag in enumerate(rnd.opened):
        if not flag and rnd.melds[team]:
            raise ValueError(
                f"opened[{team}] is False, but team {team} has melds on the table; a team "
                "opens with its first melds (leave opened=None to derive it)."
            )
    rnd.has_melded = list(has_melded) if has_melded is not None else [
        bool(rnd.melds[s % prof.team_count]) or bool(rnd.closed[s % prof.team_count]) for s in range(n)]
    rnd.first_turn_done = [True] * n
    rnd.deck = ()
    rnd._begin_turn_state()
    if drew_from is not None:
        if drew_from not in ("stock", "pile"):
            raise ValueError(f"drew_from must be None (not drawn yet), 'stock' or 'pile', not {drew_from!r}.")
        rnd.drew_from = drew_from
        rnd.phase = "play"
    return rnd
