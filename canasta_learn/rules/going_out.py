"""Going out: the permission, the canasta requirement and going out concealed
(docs/rules.md#rules-going-out, #rules-permission, #rules-concealed).

This module owns when a player may empty the hand (enough canastas of the kinds the profile
asks for, the partner's binding answer, the Brazilian batida while the morto waits), when the
player may ask "may I go out?" and whether going out is possible this turn (cheap conditions,
then the exact search of `planning.plan_values`), and whether the hand went out concealed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.actions import speaks_to
from ..core.cards import Card
from ..core.i18n import gettext, ngettext, pgettext
from .melds import (
    BLACK_THREE_RANK,
    meld_counts,
    meld_counts_problem,
)
from .planning import group_by_rank, plan_values, stranded_count
from .state import Problem, RoundState, kind_word, kinds_text
from .turn import turn_problem

__all__ = ["able_to_go_out", "able_to_go_out_exactly", "ask_problem", "canasta_requirement", "canasta_within_reach",
           "cannot_go_out_problem", "clearly_can_go_out", "counting_kinds", "enough_after", "go_out_problem",
           "has_enough_canastas", "is_concealed", "kept_for_discard", "may_ask", "morto_state_words",
           "permission_times_words", "still_go_out_problem"]


def has_enough_canastas(rnd: RoundState, kinds: Sequence[str]) -> bool:
    """Whether canastas of these kinds let a player of the team go out (profile rules).
    (docs/rules.md#rules-going-out)"""
    prof = rnd.profile
    counted = counting_kinds(rnd, kinds)
    if prof.go_out_any_kinds and not prof.go_out_any_kinds & set(kinds):
        return False
    return len(counted) >= prof.go_out_canastas and prof.go_out_required_kinds <= set(kinds)


def enough_after(rnd: RoundState, base_kinds: Sequence[str]) -> Callable[[tuple[str, ...]], bool]:
    """For the going-out search: enough canastas with these plus the newly completed kinds.
    (docs/rules.md#rules-going-out)"""
    def enough(new_kinds: tuple[str, ...]) -> bool:
        return has_enough_canastas(rnd, list(base_kinds) + list(new_kinds))
    return enough


def go_out_problem(rnd: RoundState, seat: int, kinds_after: Sequence[str]) -> Problem | None:
    """Why ``seat`` may not empty the hand with the team's canastas ``kinds_after``, or None:
    a Brazilian batida with the morto gone needs a clean canasta, the partner said no, or the
    canastas the profile asks for are missing (a batida while the morto waits is always allowed)
    (docs/rules.md#rules-going-out)."""
    if rnd.morto_available(rnd.team_of(seat)):
        return None  # a first batida: the player takes the morto (no canasta needed)
    if rnd.rules.has_morto and not has_enough_canastas(rnd, kinds_after):
        def batida_message() -> str:
            has = kinds_text(kinds_after, ",", sort=False) or gettext("none")
            kinds = kinds_text(rnd.profile.go_out_any_kinds)
            if speaks_to(seat):
                return gettext(
                    "This would leave you without cards: a batida. The team's morto is gone ({morto}), so this "
                    "batida would end the hand, and that needs a clean canasta on the team's side (canastra "
                    "{kinds}); its canastas: {has}. Keep at least one card after your discard.").format(
                    morto=morto_state_words(rnd.morto_state[rnd.team_of(seat)]), kinds=kinds, has=has)
            return gettext(
                "This would leave {seat} without cards: a batida. The team's morto is gone ({morto}), so this "
                "batida would end the hand, and that needs a clean canasta on the team's side (canastra "
                "{kinds}); its canastas: {has}. Keep at least one card after your discard.").format(
                seat=rnd.seat_label(seat), morto=morto_state_words(rnd.morto_state[rnd.team_of(seat)]),
                kinds=kinds, has=has)

        return Problem("batida_needs_clean_canasta", batida_message)
    if rnd.permission == "no":
        return Problem("go_out_forbidden_by_partner", lambda: (
            gettext("{partner} answered no to \"may I go out?\": you may not go out this turn, so you must keep "
                    "a card after discarding.") if speaks_to(seat) else
            gettext("{partner} answered no to \"may I go out?\": {seat} may not go out this turn, so must keep a "
                    "card after discarding.")).format(partner=rnd.seat_label(rnd.partner_of(seat)),
                                                      seat=rnd.seat_label(seat)))
    if not has_enough_canastas(rnd, kinds_after):
        # only the canastas that count toward going out are counted and named (Italian: no
        # deuce canasta, docs/variants.md#variants-italian-going-out)
        counted = counting_kinds(rnd, kinds_after)

        def message() -> str:
            has = kinds_text(counted, ",", sort=False)
            if speaks_to(seat):
                return (gettext(
                    "This would leave you without cards (after the meld or the final discard), which is "
                    "going out, but going out needs {requirement} on the team's side, and it has {count}: "
                    "{has}. Keep at least one card after your discard.") if has else gettext(
                    "This would leave you without cards (after the meld or the final discard), which is "
                    "going out, but going out needs {requirement} on the team's side, and it has {count}. Keep "
                    "at least one card after your discard.")).format(
                    requirement=canasta_requirement(rnd), count=len(counted), has=has)
            if has:
                return gettext(
                    "This would leave {seat} without cards (after the meld or the final discard), which is "
                    "going out, but going out needs {requirement} on the team's side, and it has {count}: "
                    "{has}. Keep at least one card after your discard.").format(
                    seat=rnd.seat_label(seat), requirement=canasta_requirement(rnd), count=len(counted),
                    has=has)
            return gettext(
                "This would leave {seat} without cards (after the meld or the final discard), which is "
                "going out, but going out needs {requirement} on the team's side, and it has {count}. Keep "
                "at least one card after your discard.").format(
                seat=rnd.seat_label(seat), requirement=canasta_requirement(rnd), count=len(counted))

        return Problem("cannot_go_out_without_canasta", message, (), {"canastas": len(counted)})
    return None


def counting_kinds(rnd: RoundState, kinds: Sequence[str]) -> list[str]:
    """The canasta kinds among ``kinds`` that count toward going out: all but the profile's
    excluded kinds (Italian: deuce canastas) (docs/rules.md#rules-going-out)."""
    excluded = rnd.profile.go_out_excluded_kinds
    return [k for k in kinds if k not in excluded]


def canasta_requirement(rnd: RoundState) -> str:
    """The going-out requirement in words: '1 canasta', '2 canastas (deuce canastas do not count)'.
    (docs/rules.md#rules-going-out)"""
    prof = rnd.profile
    text = ngettext("{count} canasta", "{count} canastas", prof.go_out_canastas).format(count=prof.go_out_canastas)
    if prof.go_out_required_kinds:
        text = gettext("a canasta of each kind: {kinds}").format(kinds=kinds_text(prof.go_out_required_kinds, ","))
    if prof.go_out_excluded_kinds:
        excluded = sorted({"deuce" if k.startswith("deuce") else k for k in prof.go_out_excluded_kinds},
                          key=lambda k: k.replace("_", " "))
        words = gettext(" and ").join(pgettext("canasta kind", "deuce") if k == "deuce" else kind_word(k)
                                      for k in excluded)
        text = gettext("{requirement} ({kinds} canastas do not count)").format(requirement=text, kinds=words)
    if prof.go_out_any_kinds:
        clean = kinds_text(prof.go_out_any_kinds)
        text = (gettext("a canastra {kinds}").format(kinds=clean) if prof.go_out_canastas == 1 else
                gettext("{requirement}, one of them a canastra {kinds}").format(requirement=text, kinds=clean))
    return text


def still_go_out_problem(rnd: RoundState, seat: int, remaining: Sequence[Card], melds_after: dict[int, list[Card]],
                         kinds: Sequence[str]) -> Problem | None:
    """After a binding "yes", refuse a move that would make going out this turn impossible.
    (docs/rules.md#rules-permission)"""
    prof = rnd.profile
    most_kept = kept_for_discard(rnd, remaining)
    plans = plan_values(remaining, melds_after, prof, black_threes=True, enough=enough_after(rnd, kinds),
                        max_kept=most_kept, values_needed=False)
    if any(kept <= most_kept and enough for (kept, enough) in plans):
        return None
    return Problem("must_go_out", lambda: (gettext(
        "{partner} answered yes, so you must go out this turn, and after this move the remaining cards "
        "could no longer all be melded (all but one discarded). Choose melds that keep going out "
        "possible.") if speaks_to(seat) else gettext(
        "{partner} answered yes, so {seat} must go out this turn, and after this move the remaining cards "
        "could no longer all be melded (all but one discarded). Choose melds that keep going out "
        "possible.")).format(partner=rnd.seat_label(rnd.partner_of(seat)), seat=rnd.seat_label(seat)))


def kept_for_discard(rnd: RoundState, hand: Sequence[Card]) -> int:
    """Cards a player going out may keep for the final discard: 1, or 0 when the only
    card left could be a seven that may not be discarded (Pennies). (docs/variants.md#variants-pennies-sevens)"""
    return rnd.rules.kept_for_discard(hand)


def ask_problem(rnd: RoundState, seat: int, by_rank: dict[int, list[Card]] | None = None) -> Problem | None:
    """Why ``seat`` may not ask "may I go out?" now, or None (``by_rank``: the hand by `group_by_rank`,
    when the caller has it). (docs/rules.md#rules-permission)"""
    decided, problem = _ask_time_verdict(rnd, seat)
    if decided:
        return problem
    if not able_to_go_out(rnd, seat, by_rank):
        return cannot_go_out_problem(rnd, seat)
    return None


def may_ask(rnd: RoundState, seat: int, by_rank: dict[int, list[Card]] | None = None) -> bool:
    """``ask_problem(rnd, seat, by_rank) is None``, without making the refusal of a player
    unable to go out (the move generation asks every turn, and most players cannot go out)."""
    decided, problem = _ask_time_verdict(rnd, seat)
    if decided:
        return problem is None
    return able_to_go_out(rnd, seat, by_rank)


def _ask_time_verdict(rnd: RoundState, seat: int) -> tuple[bool, Problem | None]:
    """`ask_problem`'s checks before the hand's: (True, its answer) when one of them decides,
    (False, None) when the hand decides."""
    if rnd.phase == "over":
        return True, turn_problem(rnd, seat, "any")
    if rnd.phase == "answer":
        return True, turn_problem(rnd, seat, "any")
    if seat != rnd.to_move:
        return True, turn_problem(rnd, seat, "any")
    if rnd.permission is not None:
        return True, Problem("permission_already_asked", lambda: (
            gettext("You already asked this turn and the answer (yes) binds.")
            if speaks_to(seat) and rnd.permission == "yes" else
            gettext("You already asked this turn and the answer (no) binds.")
            if speaks_to(seat) and rnd.permission == "no" else
            gettext("{seat} already asked this turn and the answer (yes) binds.") if rnd.permission == "yes" else
            gettext("{seat} already asked this turn and the answer (no) binds.") if rnd.permission == "no" else
            gettext("{seat} already asked this turn and the answer ({answer}) binds.")).format(
            seat=rnd.seat_label(seat), answer=rnd.permission))
    window = rnd.rules.permission_window(rnd.phase, rnd.drew_from, rnd.turn_meld_actions)
    if window is None:
        return True, Problem("permission_wrong_time", lambda: gettext(
            "In the {profile} profile nobody asks the partner for permission to go out.").format(
            profile=rnd.profile.name))
    right, when = window
    if not right:
        return True, Problem("permission_wrong_time", lambda: gettext(
            "In the {profile} profile you may ask to go out {when}.").format(
            profile=rnd.profile.name, when=permission_times_words(when)))
    if rnd.phase == "play" and len(rnd.hands[seat]) < 2:
        return True, Problem("permission_wrong_time", lambda: (gettext(
            "You hold a single card: discarding it goes out, so a \"no\" could not be obeyed. Asking makes "
            "sense only while you could still keep a card.") if speaks_to(seat) else gettext(
            "{seat} holds a single card: discarding it goes out, so a \"no\" could not be obeyed. Asking makes "
            "sense only while you could still keep a card.")).format(seat=rnd.seat_label(seat)))
    return False, None


def cannot_go_out_problem(rnd: RoundState, seat: int) -> Problem:
    """The refusal of "may I go out?" from a player unable to go out: what going out needs
    and how many of the canastas that count the team has now (a fact of the state, never the
    requirement read as a count); before the draw ([traditional]) the judgement is on the cards
    held now, the card to be drawn being unknown (docs/rules.md#rules-permission)."""
    count = len(counting_kinds(rnd, rnd.canasta_kinds(rnd.team_of(seat))))
    requirement = canasta_requirement(rnd)
    seat_name = rnd.seat_label(seat)

    def message() -> str:
        if count == 0:
            has = gettext("Your team has no canasta now.")
        elif rnd.profile.go_out_excluded_kinds:
            has = ngettext("Your team has {count} canasta that counts now.",
                           "Your team has {count} canastas that count now.", count).format(count=count)
        else:
            has = ngettext("Your team has {count} canasta now.",
                           "Your team has {count} canastas now.", count).format(count=count)
        if speaks_to(seat):
            return (gettext(
                "With the cards you hold now, you could not go out: going out means melding every card "
                "(or all but one, then discarding it) with {requirement} on the team's side. {has} The card "
                "you would draw is unknown, so it is not counted: you may still ask after drawing from the "
                "stock, before melding, if that card makes going out possible.") if rnd.phase == "draw" else gettext(
                "You cannot go out this turn with this hand: going out means melding every card (or all but "
                "one, then discarding it) with {requirement} on the team's side. {has} So there is nothing to "
                "ask.")).format(requirement=requirement, has=has)
        if rnd.phase == "draw":
            return gettext(
                "With the cards you hold now, {seat} could not go out: going out means melding every card "
                "(or all but one, then discarding it) with {requirement} on the team's side. {has} The card "
                "you would draw is unknown, so it is not counted: you may still ask after drawing from the "
                "stock, before melding, if that card makes going out possible.").format(
                seat=seat_name, requirement=requirement, has=has)
        return gettext(
            "{seat} cannot go out this turn with this hand: going out means melding every card (or all but "
            "one, then discarding it) with {requirement} on the team's side. {has} So there is nothing to "
            "ask.").format(seat=seat_name, requirement=requirement, has=has)

    return Problem("permission_cannot_go_out", message, (), {"canastas": count})


def permission_times_words(when: str) -> str:
    """The times a player may ask "may I go out?" (the words of the variant's
    ``permission_window`` hook), in the language spoken now (docs/rules.md#rules-permission)."""
    words = {
        "right after drawing or taking the pile (after the top card's meld), before other melds": gettext(
            "right after drawing or taking the pile (after the top card's meld), before other melds"),
        "only after drawing from the stock, before any meld": gettext(
            "only after drawing from the stock, before any meld"),
        "before taking the pile or melding": gettext("before taking the pile or melding"),
    }
    return words.get(when, when)


def morto_state_words(state: str) -> str:
    """A team's morto state ('waiting', 'taken', 'stock', 'none') in words, in the language spoken
    now (docs/variants.md#variants-brazilian-morto)."""
    words = {"waiting": pgettext("morto", "waiting"), "taken": pgettext("morto", "taken"),
             "stock": pgettext("morto", "stock"), "none": pgettext("morto", "none")}
    return words.get(state, state)


def able_to_go_out(rnd: RoundState, seat: int, by_rank: dict[int, list[Card]] | None = None) -> bool:
    """Could the player go out this turn? Cheap conditions first, then the exact search.
    (docs/rules.md#rules-permission)"""
    if not canasta_within_reach(rnd, seat, by_rank):
        return False
    if rnd.opened[rnd.team_of(seat)] and rnd.phase != "draw" and clearly_can_go_out(rnd, seat):
        return True
    return able_to_go_out_exactly(rnd, seat)


def able_to_go_out_exactly(rnd: RoundState, seat: int) -> bool:
    """The exact search behind `_able_to_go_out` (tests check the shortcuts against it).
    (docs/rules.md#rules-permission)"""
    team = rnd.team_of(seat)
    prof = rnd.profile
    before_draw = rnd.phase == "draw"
    most_kept = 0 if before_draw else kept_for_discard(rnd, rnd.hands[seat])
    plans = plan_values(rnd.hands[seat], rnd.melds[team], prof,
                        allow_wilds=prof.opening_wilds_allowed or rnd.opened[team],
                        black_threes=True, enough=enough_after(rnd, rnd.canasta_kinds(team)),
                        max_kept=most_kept, values_needed=not rnd.opened[team])
    minimum = rnd.opening_minimum(team)
    waiver = prof.concealed_waives_minimum and not rnd.has_melded[seat] and rnd.drew_from != "pile"
    for (kept, enough), value in plans.items():
        if not enough or kept > most_kept:
            continue
        if rnd.opened[team] or rnd.turn_value + value >= minimum or waiver:
            return True
    return False


def clearly_can_go_out(rnd: RoundState, seat: int) -> bool:
    """A cheap sufficient condition (plain classic-family rules only): the team already has
    its canastas (or one rank's naturals complete one now), every natural can go onto a meld
    (the team's, or a new one of three, or a pair with a wild card), the other wild cards fit
    on melds, and at most one card is left for the discard. When it fails, the exact search
    decides. (docs/rules.md#rules-permission)"""
    prof = rnd.profile
    if not rnd.rules.planning.plain_sets or prof.naturals_must_exceed_wilds:
        return False
    team = rnd.team_of(seat)
    melds = rnd.melds[team]
    counts: dict[int, int] = {}
    wilds = 0
    for card in rnd.hands[seat]:
        if card.is_wild:
            wilds += 1
        else:
            counts[card.rank] = counts.get(card.rank, 0) + 1
    kinds = rnd.canasta_kinds(team)
    if not has_enough_canastas(rnd, kinds):
        # ... or the naturals of one rank complete a new canasta this turn, which is enough
        # whichever kind it ends up (the wild cards below may go onto it)
        size = prof.canasta_size
        if not (has_enough_canastas(rnd, [*kinds, "natural"]) and has_enough_canastas(rnd, [*kinds, "mixed"])
                and any(rank != BLACK_THREE_RANK and (rank in melds or count >= prof.meld_min_size)
                        and len(melds.get(rank, ())) < size <= count + len(melds.get(rank, ()))
                        for rank, count in counts.items())):
            return False
    left = 0
    capacity = 0
    for rank, count in counts.items():
        if rank == BLACK_THREE_RANK:
            if count < prof.meld_min_size:
                left += count
        elif rank in melds:
            capacity += max(0, prof.wild_limit - meld_counts(melds[rank], rank)[1])
        elif count >= prof.meld_min_size:
            capacity += prof.wild_limit
        elif count == prof.meld_min_size - 1 and count >= prof.meld_min_naturals and wilds and prof.wild_limit:
            wilds -= 1  # a pair takes one wild card to become a meld
            capacity += prof.wild_limit - 1
        else:
            left += count
    for rank, meld in melds.items():
        if rank not in counts:
            capacity += max(0, prof.wild_limit - meld_counts(meld, rank)[1])
    if wilds > capacity:
        left += wilds - capacity
    return left <= 1 and sum(counts.values()) + wilds > left  # a card must remain to meld or discard


def canasta_within_reach(rnd: RoundState, seat: int, by_rank: dict[int, list[Card]] | None = None) -> bool:
    """A cheap necessary condition for going out this turn: the team has its canastas, or
    some rank could reach a canasta with the hand's naturals and wild cards. ``by_rank``:
    the hand grouped by `group_by_rank`, when the caller has it. (docs/rules.md#rules-permission)"""
    team = rnd.team_of(seat)
    prof = rnd.profile
    if by_rank is None:
        by_rank = group_by_rank(rnd.hands[seat])
    melds = rnd.melds[team]
    if stranded_count(by_rank, melds, prof) > 1:
        return False
    wilds = len(by_rank.get(0, ())) + len(by_rank.get(2, ()))
    if has_enough_canastas(rnd, rnd.canasta_kinds(team)):
        return True
    reach = min(wilds, prof.wild_limit)
    for rank in by_rank.keys() | melds.keys():
        if rank != 0 and rank != 2 and (len(by_rank.get(rank, ())) + len(melds.get(rank, ())) + reach
                                        >= prof.canasta_size):
            return True
    return False


def is_concealed(rnd: RoundState, seat: int) -> bool:
    """True when ``seat`` goes out concealed this turn: no meld before the turn, a canasta
    of the player's own this turn, and (where the profile allows it at all) cards added to the
    partner's melds only in legal melds of the player's own (docs/rules.md#rules-concealed)."""
    if rnd.turn_start_has_melded:
        return False
    prof = rnd.profile
    if rnd.turn_added_to_old:
        if not prof.concealed_allows_partner_merge:
            return False
        for rank, cards in rnd.turn_own.items():
            nat = sum(1 for c in cards if not c.is_wild)
            if meld_counts_problem(nat, len(cards) - nat, rank, prof, going_out=True):
                return False
    return any(len(cards) >= prof.canasta_size and rank != BLACK_THREE_RANK
               for rank, cards in rnd.turn_own.items())
