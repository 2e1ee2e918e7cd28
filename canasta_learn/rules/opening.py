"""The opening minimum and its check (docs/rules.md#rules-opening-minimum,
#rules-opening-count, #rules-opening-complete).

This module owns the test that a team which has not opened reaches its minimum this turn: at
once with the cards laid, or with what the rest of the hand can still meld (the searches live
in `planning`), and the refusals that say how far short it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.actions import narrates
from ..core.cards import Card, format_cards
from ..core.i18n import gettext
from ..core.verdicts import Advice, advice_words
from .going_out import enough_after, has_enough_canastas, kept_for_discard
from .planning import group_by_rank, melding_bounds, plan_values, stranded_count
from .state import Problem, RoundState

__all__ = ["opening_at_once", "opening_problem", "opening_short_problem", "opening_ways_on"]


def opening_at_once(rnd: RoundState, team: int, added_value: int, cards: Sequence[Card]) -> Problem | bool:
    """The part of the opening check that needs only the cards laid: a problem (wild cards
    where the profile forbids them in an opening), True (the minimum is reached), or False
    (short: the rest of the hand must make it up, which `opening_problem` searches).
    (docs/rules.md#rules-opening-count)"""
    prof = rnd.profile
    if not prof.opening_wilds_allowed:
        wild = [c for c in cards if c.is_wild]
        if wild:
            return Problem("opening_no_wilds", lambda: gettext(
                "In the {profile} profile the opening melds may contain no wild card; "
                "keep {cards} until your team has opened.").format(profile=prof.name, cards=format_cards(wild)),
                tuple(wild))
    return rnd.turn_value + added_value >= rnd.opening_minimum(team)


#: A search for the rest of an opening: (the hand left, the team's melds, the points still
#: missing) -> whether more melds this turn can add them keeping a card to discard, or None
#: when it gave up (the Brazilian games' runs, `meld_groups.sequence_completion`).
Completion = Callable[[Sequence[Card], dict[int, list[Card]], int], "bool | None"]


def opening_problem(rnd: RoundState, seat: int, added_value: int, cards: Sequence[Card],
                    remaining: Sequence[Card], melds_after: dict[int, list[Card]],
                    going_out: bool, take: bool, complete: Completion | None = None) -> Problem | None:
    """Check the opening minimum for a team that has not opened: the melds of the turn add up,
    over one meld action or several (docs/rules.md#rules-opening-complete,
    docs/variants.md#variants-canastra-br-opening). ``complete`` replaces the search over sets
    of one rank (`planning.plan_values`) where melds are runs."""
    team = rnd.team_of(seat)
    prof = rnd.profile
    at_once = opening_at_once(rnd, team, added_value, cards)
    if at_once is not False:
        return None if at_once is True else at_once
    minimum = rnd.opening_minimum(team)
    total = rnd.turn_value + added_value
    score = rnd.team_scores[team]
    short = minimum - total
    numbers = {"minimum": minimum, "value": total, "short": short}
    facts = {"minimum": minimum, "value": total, "opened": False}
    if take:
        take_advice = Advice("add_opening_melds_to_take", numbers)

        def take_short() -> str:
            if narrates(seat):  # told of a player: what the take lacked, no advice to type
                return gettext(
                    "The team has not opened: with a score of {score} it needs melds worth {minimum}. "
                    "Taking the pile, only the top card and cards from the hand count (buried pile cards "
                    "never do): these melds are worth {total}, {short} short.").format(
                    score=score, minimum=minimum, total=total, short=short)
            return gettext(
                "Your team has not opened: with a score of {score} it needs melds worth {minimum}. "
                "Taking the pile, only the top card and cards from your hand count (buried pile cards "
                "never do): these melds are worth {total}, {short} short. {advice}").format(
                score=score, minimum=minimum, total=total, short=short, advice=advice_words(
                    take_advice, lambda: gettext("Add melds from your hand to the take, or draw from the stock.")))
        return Problem("opening_below_minimum", take_short, (), facts, take_advice)
    can_go_out = rnd.permission != "no"
    waiver = (rnd.drew_from == "stock" and prof.concealed_waives_minimum
              and not rnd.turn_start_has_melded)
    if going_out:
        if waiver and has_enough_canastas(rnd, rnd.canasta_kinds(team, melds_after)):
            return None
    elif complete is not None:
        found = complete(remaining, melds_after, minimum - total)
        if found is None:  # the search gave up: laying the opening in one action always works
            together = Advice("lay_opening_together", numbers)

            def lay_together() -> str:
                if narrates(seat):
                    return gettext(
                        "The team has not opened: with a score of {score} its first melds must be worth at least "
                        "{minimum}. These are worth {total}, {short} short.").format(
                        score=score, minimum=minimum, total=total, short=short)
                return gettext(
                    "Your team has not opened: with a score of {score} its first melds must be worth at least "
                    "{minimum}. These are worth {total}, {short} short. {advice}").format(
                    score=score, minimum=minimum, total=total, short=short, advice=advice_words(
                        together, lambda: gettext("Lay all your opening melds in one action (groups separated "
                                                  "by '|') so that together they reach the minimum.")))
            return Problem("opening_below_minimum", lay_together, (), facts, together)
        if found:
            return None
    else:
        if rnd.rules.planning.plain_sets:  # the clear cases first, without the exact search
            lower, upper = melding_bounds(remaining, melds_after, prof, allow_wilds=prof.opening_wilds_allowed)
            if total + lower >= minimum:
                return None
            if total + upper < minimum and (
                    not waiver or stranded_count(group_by_rank(remaining), melds_after, prof) > 1):
                return opening_short_problem(score, minimum, total, seat)
        plans = plan_values(remaining, melds_after, prof, allow_wilds=prof.opening_wilds_allowed,
                            black_threes=True, enough=enough_after(rnd, rnd.canasta_kinds(team, melds_after)))
        most_kept = kept_for_discard(rnd, remaining)
        for (kept, enough), value in plans.items():
            if total + value >= minimum and (kept >= 2 or (enough and can_go_out and kept <= most_kept)):
                return None
            if waiver and kept <= most_kept and enough and can_go_out:
                return None
    return opening_short_problem(score, minimum, total, seat)


def opening_short_problem(score: int, minimum: int, total: int, seat: int | None = None) -> Problem:
    """The refusal of an opening ``total`` points short of ``minimum`` (team score ``score``)
    that the rest of the hand cannot complete, said to or of ``seat``
    (docs/rules.md#rules-opening-complete)."""
    def short() -> str:
        if narrates(seat):
            return gettext(
                "The team has not opened: with a score of {score} its first melds must be worth at least "
                "{minimum} in this turn. These are worth {total}, and the cards left in the hand cannot "
                "add the missing {short} while keeping a card to discard.").format(
                score=score, minimum=minimum, total=total, short=minimum - total)
        return gettext(
            "Your team has not opened: with a score of {score} its first melds must be worth at least "
            "{minimum} in this turn. These are worth {total}, and the cards left in your hand cannot "
            "add the missing {short} while keeping a card to discard.").format(
            score=score, minimum=minimum, total=total, short=minimum - total)
    return Problem("opening_below_minimum", short, (), {"minimum": minimum, "value": total, "opened": False})


def opening_ways_on(rnd: RoundState, seat: int) -> tuple[bool, bool]:
    """For a player whose team has not opened and whose opening melds this turn are short of
    the minimum: whether the hand can still (1) reach the minimum this turn, keeping a card to
    discard (or going out with enough canastas), and (2) go out concealed, which waives the
    minimum where the profile says so (drew from the stock; docs/rules.md#rules-concealed).
    The team has not opened, so every team meld is the player's own of this turn. The search
    is `opening_problem`'s, so a refusal names only ways that exist
    (docs/rules.md#rules-opening-complete)."""
    prof = rnd.profile
    waiver = rnd.drew_from == "stock" and prof.concealed_waives_minimum and not rnd.turn_start_has_melded
    if not waiver:
        # the meld check accepts a partial opening only when the hand can complete it
        # (`opening_problem`), and without the waiver that is the only way on
        return True, False
    team = rnd.team_of(seat)
    hand = rnd.hands[seat]
    minimum = rnd.opening_minimum(team)
    can_go_out = rnd.permission != "no"
    plans = plan_values(hand, rnd.melds[team], prof, allow_wilds=prof.opening_wilds_allowed, black_threes=True,
                        enough=enough_after(rnd, rnd.canasta_kinds(team)))
    most_kept = kept_for_discard(rnd, hand)
    reach = concealed = False
    for (kept, enough), value in plans.items():
        if rnd.turn_value + value >= minimum and (kept >= 2 or (enough and can_go_out and kept <= most_kept)):
            reach = True
        if enough and can_go_out and kept <= most_kept:
            concealed = True
    return reach, concealed
