"""The team's melds: laying down and adding to them (docs/rules.md#rules-melds-team).

This module owns the check of a meld action: each group against the team's melds (one meld per
rank, never onto the opponents' melds, closed canastas, Italian reserved twos, the Brazilian
sequences and sets of aces), then what the action does to the hand (going out, Pennies' reserve,
the opening); the cards taken with the pile this turn that may not be melded yet; and the
Brazilian joker swap. The card-level meld rules live in `melds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Meld, MeldGroup, narrates, speaks_to
from ..core.cards import CARD_KEY, RANK_NAMES, Card, format_cards, rank_name
from ..core.i18n import gettext
from ..core.verdicts import Advice, Verdict, advice_words
from ..variants.brazilian import new_sequence_key
from ..variants.sequences import ACE_SET_KEY, candidate_groups, swap_joker
from .going_out import go_out_problem, still_go_out_problem
from .melds import (
    BLACK_THREE_RANK,
    DEUCE_RANK,
    cards_value,
    check_meld_cards,
    meld_counts,
    meld_counts_problem,
    meld_name,
)
from .opening import opening_problem
from .state import Problem, RoundState
from .turn import hand_problem, turn_problem

__all__ = ["apply_groups", "completes_canasta", "group_fits", "group_problem", "kinds_with", "locked_problem",
           "meld_problem", "meld_verdict", "new_sequence_key", "reserve_after", "sequence_completion",
           "sequence_group_problem",
           "swap_problem"]


def meld_problem(rnd: RoundState, seat: int, groups: Sequence[MeldGroup]) -> Problem | None:
    """Why ``seat`` may not lay down ``groups`` now (every meld check: counts, team melds, opening, going
    out), or None. (docs/rules.md#rules-melds-team)"""
    problem = turn_problem(rnd, seat, "play")
    if problem:
        return problem
    if not groups:
        return Problem("no_cards_given", lambda: gettext("{seat} named no cards to meld.").format(
            seat=rnd.seat_label(seat)) if narrates(seat) else advice_words(
            Advice("name_cards_to_meld", {}), lambda: gettext("Name the cards to meld, as in 'meld h1 c1 d2'.")),
            advice=Advice("name_cards_to_meld", {}))
    cards = [c for g in groups for c in g.cards]
    problem = hand_problem(rnd, seat, cards) or locked_problem(rnd, seat, cards)
    if problem:
        return problem
    team = rnd.team_of(seat)
    hand_after = len(rnd.hands[seat]) - len(cards)
    going_out = hand_after <= 1
    changed, problem = apply_groups(rnd, team, groups, rnd.melds[team], going_out)
    if problem:
        return problem
    if hand_after == 1:
        left = list(rnd.hands[seat])
        for card in cards:
            left.remove(card)
        if not rnd.rules.may_go_out_discarding(left[0]):
            # DECISION (docs/variants.md#variants-pennies-sevens): a meld that would leave a single
            # seven in hand is refused, whatever waits (the seven could never be the going-out
            # discard, and the valve never lets a player go out)
            last = left[0]
            return Problem("go_out_discarding_seven", lambda: gettext(
                "This meld would leave a single seven ({card}) in your hand. In the {profile} profile that is "
                "refused: nobody may go out by discarding a seven. Choose melds that do not leave a single "
                "seven.").format(card=last, profile=rnd.profile.name), (last,), {"hand_cards": (last,)})
    reserve = reserve_after(rnd, seat, team, changed) if going_out else 0
    if reserve:
        hand_after += reserve
        going_out = False
        changed, problem = apply_groups(rnd, team, groups, rnd.melds[team], going_out)
        if problem:
            return problem
    if BLACK_THREE_RANK in changed and hand_after > 1:
        return Problem("meld_black_threes_not_going_out", lambda: gettext(
            "Black threes may be melded only as the last meld of a player going out."))
    remaining = list(rnd.hands[seat])
    for card in cards:
        remaining.remove(card)
    if going_out:
        problem = go_out_problem(rnd, seat, kinds_with(rnd, team, changed))
        if problem:
            return problem
    melds_after = dict(rnd.melds[team])
    melds_after.update(changed)
    if rnd.permission == "yes" and not going_out:
        problem = still_go_out_problem(rnd, seat, remaining, melds_after, kinds_with(rnd, team, changed))
        if problem:
            return problem
    if not rnd.opened[team]:
        value = cards_value(cards, rnd.profile)
        complete = None
        if rnd.rules.suits_matter:  # runs and sets of aces: their own search
            def complete(rest: Sequence[Card], melds: dict[int, list[Card]], short: int) -> bool | None:
                return sequence_completion(rnd, rest, melds, short)
        problem = opening_problem(rnd, seat, value, cards, remaining, melds_after,
                                  hand_after == 0, take=False, complete=complete)
        if problem:
            return problem
    return None


def apply_groups(rnd: RoundState, team: int, groups: Sequence[MeldGroup], base: dict[int, list[Card]],
                 going_out: bool) -> tuple[dict[int, list[Card]], Problem | None]:
    """Combine groups with the team's melds; return the changed melds or a problem.
    (docs/rules.md#rules-melds-team)"""
    changed: dict[int, list[Card]] = {}
    for group in groups:
        result = group_problem(rnd, group, base, changed, going_out)
        if isinstance(result, Problem):
            return changed, result
        rank, final = result
        changed[rank] = final
    return changed, None


def group_problem(rnd: RoundState, group: MeldGroup, base: dict[int, list[Card]], changed: dict[int, list[Card]],
                  going_out: bool) -> tuple[int, list[Card]] | Problem:
    """Check one meld group against the team's melds: its rank and final meld, or a problem.
    (docs/rules.md#rules-melds-team)"""
    cards = group.cards
    if not cards:
        return Problem("no_cards_given", lambda: gettext("A meld group names no cards."))
    if rnd.rules.suits_matter:  # melds kept by run number (docs/variants.md#variants-brazilian-sequences)
        return sequence_group_problem(rnd, group, base, changed)
    naturals = [c for c in cards if not c.is_wild]
    if group.target is not None:
        rank = group.target
        if rank not in base and rank not in changed and any(
                rnd.rules.meld_key(m) == rank for m in rnd.closed[rnd.team_of(rnd.to_move)]):
            return Problem("meld_canasta_closed", lambda: gettext(
                "Your team's canasta of {ranks} is closed at {size} cards "
                "in the {profile} profile: nothing more can be added. Start a new meld of "
                "{ranks} instead.").format(ranks=meld_name(rank), size=rnd.profile.canasta_size,
                                           profile=rnd.profile.name))
        if rank not in base and rank not in changed:
            own = rnd.team_of(rnd.to_move)
            if any(rank in melds for t, melds in enumerate(rnd.melds) if t != own):
                return Problem("meld_opponents_meld", lambda: gettext(
                    "Only the opponents have a meld of {ranks}, and cards may never "
                    "be added to the opponents' melds. Start your team's own meld with at least "
                    "{minimum} natural {ranks}.").format(ranks=rank_name(rank, plural=True),
                                                          minimum=rnd.profile.meld_min_naturals),
                    (), {"no_team_meld_ranks": (rank,)})
            if rank not in RANK_NAMES:  # not a rank at all, as in 'add 101: jk'
                return Problem("meld_no_such_meld", lambda: gettext(
                    "{key} is not a rank, so your team has no meld {key} to add to: name the "
                    "meld by its rank, 1 (aces) to 13 (kings), as in 'add 13: h13'.").format(key=rank))
            return Problem("meld_no_such_meld", lambda: gettext(
                "Your team has no meld of {ranks} to add to; start one with "
                "at least {minimum} natural {ranks}.").format(ranks=meld_name(rank),
                                                              minimum=rnd.profile.meld_min_naturals),
                (), {"no_team_meld_ranks": (rank,)})
        wrong = [c for c in naturals if c.rank != rank]
        if wrong:
            return Problem("meld_rank_mismatch", lambda: gettext(
                "{cards} cannot go onto the meld of {ranks}: "
                "only cards of its rank and wild cards can.").format(cards=format_cards(wrong),
                                                                     ranks=rank_name(rank, plural=True)),
                tuple(wrong), {"hand_cards": tuple(wrong)})
    else:
        if any(c.is_red_three for c in cards) or len({c.rank for c in naturals}) > 1:
            verdict = check_meld_cards(list(cards), rnd.profile)
            return Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
        key = rnd.rules.meld_key(cards)
        if key is None:
            wilds_advice = Advice("wilds_onto_meld", {"cards": tuple(cards)})
            seat = rnd.to_move

            def only_wilds() -> str:
                if narrates(seat):  # a narrator tells what happened, not what to type
                    return gettext("{cards} is only wild cards: a meld needs natural cards.").format(
                        cards=format_cards(cards))
                return gettext("{cards} is only wild cards: a meld needs natural cards. To put wild "
                               "cards on a meld, {advice}.").format(
                    cards=format_cards(cards),
                    advice=advice_words(wilds_advice, lambda: gettext("name it, as in 'add 13: d2'")))
            return Problem("meld_no_naturals", only_wilds, advice=wilds_advice)
        rank = key
    if rank in changed:
        return Problem("meld_same_rank_twice", lambda: gettext(
            "This names two melds of {ranks}; a team has one meld per rank, "
            "so put those cards in one group.").format(ranks=meld_name(rank)))
    if (DEUCE_RANK in base and rnd.rules.twos_kept_for_deuce_meld(rank, base)
            and any(c.rank == 2 for c in cards)):
        twos = [c for c in cards if c.rank == 2]
        twos_advice = Advice("twos_onto_deuce_meld", {"twos": tuple(twos), "profile": rnd.profile.name})
        seat = rnd.to_move

        def twos_reserved() -> str:
            if narrates(seat):
                return gettext("The team's deuce meld is not a canasta yet, so in the {profile} profile its twos "
                               "({cards}) may go only onto it.").format(profile=rnd.profile.name,
                                                                         cards=format_cards(twos))
            return gettext("Your team's deuce meld is not a canasta yet, so in the {profile} profile its twos "
                           "({cards}) may go only onto it: {advice}.").format(
                profile=rnd.profile.name, cards=format_cards(twos),
                advice=advice_words(twos_advice, lambda: gettext("'add 2: {cards}'").format(
                    cards=format_cards(twos))))
        return Problem("meld_twos_reserved", twos_reserved, tuple(twos), advice=twos_advice)
    existing = base.get(rank)
    final = (existing or []) + list(cards)
    nat, wild = meld_counts(final, rank)
    problem = meld_counts_problem(nat, wild, rank, rnd.profile,
                                  going_out=going_out, check_size=True)
    if problem is not None:
        verdict = check_meld_cards(final, rnd.profile, going_out=going_out,
                                   added=cards if existing else ())
        return Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
    return rank, final


def group_fits(rnd: RoundState, group: MeldGroup, base: dict[int, list[Card]]) -> bool:
    """True when this one group can go down with the team's melds ``base`` (Brazilian games;
    the group check alone, for move generation). (docs/variants.md#variants-brazilian-sequences)"""
    return not isinstance(sequence_group_problem(rnd, group, base, {}), Problem)


def sequence_group_problem(rnd: RoundState, group: MeldGroup, base: dict[int, list[Card]],
                           changed: dict[int, list[Card]]) -> tuple[int, list[Card]] | Problem:
    """Brazilian games: a new sequence or set of aces, or cards added to a team meld.
    (docs/variants.md#variants-brazilian-sequences)"""
    prof = rnd.profile
    cards = list(group.cards)
    red = [c for c in cards if c.is_red_three]
    if red:
        verdict = check_meld_cards(cards, prof)
        return Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
    key = group.target
    if key is None:
        aces = changed.get(ACE_SET_KEY, base.get(ACE_SET_KEY))
        if aces is not None and len(cards) >= prof.meld_min_size and rnd.rules.meld_key(cards) == ACE_SET_KEY:
            # a new set of aces joins the team's set: the whole set holds the three natural aces
            final = list(aces) + cards
            verdict = check_meld_cards(final, prof, added=cards)
            if not verdict:
                return Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
            return ACE_SET_KEY, final
        verdict = check_meld_cards(cards, prof)
        if not verdict:
            return Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
        key = rnd.rules.meld_key(cards)
        assert key is not None
        if key == ACE_SET_KEY:
            aces = changed.get(ACE_SET_KEY, base.get(ACE_SET_KEY, []))
            return ACE_SET_KEY, list(aces) + cards
        return new_sequence_key(base, changed), list(verdict.meld or cards)
    existing = changed.get(key, base.get(key))
    if existing is None:
        own = rnd.team_of(rnd.to_move)
        if any(key in melds for t, melds in enumerate(rnd.melds) if t != own):
            return Problem("meld_opponents_meld", lambda: gettext(
                "Meld {key} belongs to the opponents, and cards may never be added to the opponents' "
                "melds.").format(key=key))
        return Problem("meld_no_such_meld", lambda: (
            gettext("Your team has no meld {key} to add to; its melds are {melds}.").format(
                key=key, melds=", ".join(f"{k} ({rnd.meld_label(k, m)})" for k, m in sorted(base.items())))
            if base else gettext("Your team has no meld {key} to add to; its melds are none yet.").format(key=key)))
    if key == ACE_SET_KEY:
        final = list(existing) + cards
        verdict = check_meld_cards(final, prof, added=cards)
        if not verdict:
            return Problem(verdict.code, lambda: verdict.message, verdict.cards, verdict.facts)
        return key, final
    result, problem = rnd.rules.extend_run(existing, cards)
    if problem is not None:
        code, message = problem
        return Problem(code, lambda: message, tuple(cards))
    assert result is not None
    return key, result


def kinds_with(rnd: RoundState, team: int, changed: dict[int, list[Card]]) -> list[str]:
    """Canasta kinds of the team once ``changed`` melds are laid. (docs/rules.md#rules-canastas)"""
    melds = dict(rnd.melds[team])
    melds.update(changed)
    return rnd.canasta_kinds(team, melds)


def completes_canasta(rnd: RoundState, team: int, changed: dict[int, list[Card]]) -> bool:
    """True when one of these melds becomes a canasta now (for the reserve pick-up).
    (docs/variants.md#variants-pennies-reserve)"""
    size = rnd.profile.canasta_size
    melds = rnd.melds[team]
    return any(len(m) >= size and len(melds.get(rank, ())) < size and rank != BLACK_THREE_RANK
               for rank, m in changed.items())


def reserve_after(rnd: RoundState, seat: int, team: int, changed: dict[int, list[Card]]) -> int:
    """Cards the player's reserve adds to the hand if this move completes a canasta.
    (docs/variants.md#variants-pennies-reserve)"""
    reserve = rnd.reserves[seat]
    if reserve and completes_canasta(rnd, team, changed):
        return sum(1 for c in reserve if not c.is_red_three)
    return 0


def locked_problem(rnd: RoundState, seat: int, cards: Sequence[Card]) -> Problem | None:
    """Cards taken with the pile this turn may not be melded before the next turn.
    (docs/variants.md#variants-brazilian-pile)"""
    if not rnd.turn_locked:
        return None
    pool = list(rnd.hands[seat])
    for card in rnd.turn_locked:
        pool.remove(card)
    missing = []
    for card in cards:
        if card in pool:
            pool.remove(card)
        else:
            missing.append(card)
    if not missing:
        return None
    return Problem("meld_pile_cards_locked", lambda: gettext(
        "{cards} came from the discard pile this turn: in the {profile} profile "
        "only the top card is melded at once, the other pile cards may be melded from your next turn on "
        "(you may discard them).").format(cards=format_cards(missing), profile=rnd.profile.name), tuple(missing))


def swap_problem(rnd: RoundState, seat: int, key: int, card: Card) -> Problem | None:
    """Why ``seat`` may not take back the joker of meld ``key`` with ``card`` (Brazilian games), or None.
    (docs/variants.md#variants-brazilian-joker-swap)"""
    problem = turn_problem(rnd, seat, "play")
    if problem:
        return problem
    prof = rnd.profile
    if not rnd.rules.takes_back_jokers:
        return Problem("swap_not_possible", lambda: gettext(
            "In the {profile} profile melded cards never return to the hand.").format(profile=prof.name))
    problem = hand_problem(rnd, seat, [card]) or locked_problem(rnd, seat, [card])
    if problem:
        return problem
    team = rnd.team_of(seat)
    meld = rnd.melds[team].get(key)
    if meld is None:
        return Problem("swap_not_possible", lambda: gettext(
            "Your team has no meld {key}: a joker may be taken back only from your team's melds.").format(key=key))
    result = swap_joker(meld, card, key == ACE_SET_KEY)
    if isinstance(result, str):
        text = result
        return Problem("swap_not_possible", lambda: text, (card,))
    return None


def meld_verdict(rnd: RoundState, action: Meld, after: RoundState | None) -> Verdict:
    """The verdict allowing a legal meld action, in words: the melds, their value and what an
    emptied hand does (go out, a batida taking the morto, Pennies' reserve), read from ``after``,
    the round once the action is performed (given when the action empties the hand;
    docs/rules.md#rules-melds-team)."""
    name = rnd.seat_label(action.seat)
    cards = action.cards
    value = cards_value(cards, rnd.profile)
    empties = len(rnd.hands[action.seat]) == len(cards)
    goes_out = False
    you = speaks_to(action.seat)  # said to the learner who acts: "You may meld 9♣ 9♦ 9♠"
    template = (gettext("You may meld {groups} ({value} points).") if you else
                gettext("{seat} may meld {groups} ({value} points)."))
    facts_extra: dict[str, Any] = {}
    reserve = 0
    if empties and after is not None:
        goes_out = after.went_out == action.seat
        kinds = {e.kind for e in after.events_for(len(after.log) - 1)}
        if goes_out:
            template = (gettext("You may meld {groups} ({value} points) and go out.") if you else
                        gettext("{seat} may meld {groups} ({value} points) and go out."))
        elif "morto_taken" in kinds:
            template = (gettext("You may meld {groups} ({value} points) and run out of cards: a batida, which "
                                "takes your team's morto into your hand, and play goes on.") if you else
                        gettext("{seat} may meld {groups} ({value} points) and run out of cards: a batida, which "
                                "takes the team's morto into the hand, and play goes on."))
        elif "reserve_taken" in kinds:
            reserve = len(rnd.reserves[action.seat])
            facts_extra["reserve"] = reserve
            template = (gettext("You may meld {groups} ({value} points) and empty your hand, but the canasta "
                                "brings the {count}-card reserve into it, and play goes on.") if you else
                        gettext("{seat} may meld {groups} ({value} points) and empty the hand, but the canasta "
                                "brings the {count}-card reserve into it, and play goes on."))
    groups = " | ".join(str(g) for g in action.groups)
    facts = {"action": "meld", "seat": action.seat, "hand_cards": cards, "value": value,
             "goes_out": goes_out, "empties_hand": empties,
             "team_meld_ranks": tuple(g.target for g in action.groups if g.target is not None),
             **facts_extra}
    return Verdict.allow("ok", template.format(seat=name, groups=groups, value=value, count=reserve),
                         value=value, facts=facts)



#: How many positions `sequence_completion` looks at before it gives up (no hand met in tests
#: or bot games comes near it; see benchmarks/).
SEQUENCE_COMPLETION_BUDGET = 4000


class _Exhausted(Exception):
    """`sequence_completion` looked at its whole budget."""


def sequence_completion(rnd: RoundState, remaining: Sequence[Card], melds: dict[int, list[Card]],
                        short: int) -> bool | None:
    """Brazilian games: whether more melds this turn, from ``remaining`` (the hand after a
    partial opening) with the team's melds ``melds`` (the runs and sets laid this turn), can add
    ``short`` points while keeping a card to discard: new runs and sets of aces (at the grain of
    `candidate_groups`) and cards added one at a time to the melds, each judged by the meld
    check itself (`sequence_group_problem`). Depth first, the most valuable move first, a position
    seen once; None when the search gave up after `SEQUENCE_COMPLETION_BUDGET` positions
    (docs/variants.md#variants-canastra-br-opening)."""
    values = rnd.profile.card_values
    seen: set[tuple[tuple[Card, ...], frozenset[tuple[Card, ...]]]] = set()

    def search(rest: list[Card], team: dict[int, list[Card]], got: int) -> bool:
        if got >= short:
            return len(rest) >= 1
        if len(rest) <= 1:
            return False
        worths = [values[c.rank] for c in rest]
        if got + sum(worths) - min(worths) < short:
            return False
        key = (tuple(sorted(rest, key=CARD_KEY)),
               frozenset(tuple(sorted(m, key=CARD_KEY)) for m in team.values()))
        if key in seen:
            return False
        if len(seen) >= SEQUENCE_COMPLETION_BUDGET:
            raise _Exhausted
        seen.add(key)
        moves: list[tuple[int, tuple[Card, ...], int, list[Card]]] = []
        for group in candidate_groups(rest):
            result = sequence_group_problem(rnd, MeldGroup(group), team, {})
            if not isinstance(result, Problem):
                moves.append((cards_value(group, rnd.profile), group, *result))
        for meld_key in team:
            for card in dict.fromkeys(rest):
                result = sequence_group_problem(rnd, MeldGroup((card,), meld_key), team, {})
                if not isinstance(result, Problem):
                    moves.append((values[card.rank], (card,), *result))
        moves.sort(key=lambda move: -move[0])
        for worth, cards, meld_key, final in moves:
            left = list(rest)
            for card in cards:
                left.remove(card)
            if search(left, {**team, meld_key: final}, got + worth):
                return True
        return False

    try:
        return search(list(remaining), dict(melds), 0)
    except _Exhausted:
        return None
