"""Hypothetical situations: "can I take the pile? what is my best opening? can I go out?".

A `Position` is the situation of the player to move, built from a hand, the discard pile,
the team's melds and score. Its checks run the same engine code as a real `Round`.

Seed 000, Mike: the pile is frozen and he holds no natural pair of fives.

>>> mike = Position("h5 d2 d2 s12 d12", discard_pile="h9 c2 s5", team_melds=["h13 s13 s13"])
>>> mike.pile_state()
'frozen'
>>> v = mike.check_take_pile()
>>> v.ok, v.code
(False, 'pile_frozen_needs_natural_pair')

Seed 000, Bill: an open pile, a natural pair of sixes.

>>> bill = Position("c6 c6 h7 d8", discard_pile="s9 d6", team_melds=["h13 s13 s13"])
>>> bill.check_take_pile().meld
(d6, c6, c6)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Concatenate, ParamSpec

from ..core.actions import Action, MeldGroup, TakePile, to_groups
from ..core.cards import Card, CardsLike, check_card_counts, format_cards, new_deck
from ..core.i18n import gettext, pgettext, speaking
from ..core.inputs import (
    need_bool,
    need_card_lists,
    need_cards,
    need_int,
    need_no_red_three_on_top,
    need_one_card,
    wrong_kind,
)
from ..core.verdicts import Verdict, keep_maker
from ..profiles import Profile, ProfileLike, get_profile
from ..rules.melds import cards_value, meld_counts_problem, meld_name
from ..rules.pile import PileStatus
from ..rules.planning import OpeningOption, enumerate_openings, plan_values
from ..variants.base import rules_for
from .moves import opening_combos, take_candidates
from .round import MeldsLike, Round

__all__ = ["Position"]

_P = ParamSpec("_P")


def _remade(check: Callable[Concatenate[Position, _P], Verdict]) -> Callable[Concatenate[Position, _P], Verdict]:
    """A check of a position whose verdict keeps the way to make its message again (the same check,
    re-run), so that `Verdict.message_in` can say it in another language."""

    @functools.wraps(check)
    def checked(position: Position, /, *args: _P.args, **kwargs: _P.kwargs) -> Verdict:
        return keep_maker(check(position, *args, **kwargs), lambda: check(position, *args, **kwargs).message)

    return checked


class Position:
    """The situation of the player to move (seat N, team 0), for teaching queries.

    Cards may be notation text or `Card` lists; ``discard_pile`` runs bottom to top;
    ``team_melds`` is a list of melds; ``team_opened=None`` means "opened if the team has
    melds"; ``drew_from`` is None (before drawing), ``"stock"`` or ``"pile"``.
    Impossible card counts raise `DeckError`, unreadable cards `NotationError`; illegal table
    melds, a red three in hand or on top of the pile, and values out of range raise a ValueError,
    values of the wrong kind a TypeError, each naming the argument.
    """

    def __init__(
        self,
        hand: CardsLike,
        discard_pile: CardsLike = (),
        team_melds: Sequence[CardsLike] | str = (),
        team_opened: bool | None = None,
        team_score: int = 0,
        profile: ProfileLike = "classic",
        drew_from: str | None = None,
        red_threes: CardsLike = (),
        player_has_melded: bool = False,
    ) -> None:
        self.profile: Profile = get_profile(profile)
        self.hand = sorted(need_cards(hand, "hand"))
        self.discard_pile = need_cards(discard_pile, "discard_pile")
        need_no_red_three_on_top(self.discard_pile, "discard_pile")
        if isinstance(team_melds, str):
            team_melds = [m for m in team_melds.split("|") if m.strip()]
        self.team_melds = need_card_lists(team_melds, "team_melds", "melds (each notation text or a list of cards)")
        self.red_threes = need_cards(red_threes, "red_threes")
        need_int(team_score, "team_score")
        need_bool(team_opened, "team_opened", allow_none=True)
        need_bool(player_has_melded, "player_has_melded")
        if drew_from is not None and drew_from not in ("stock", "pile"):
            accepted = gettext("None (not drawn yet), 'stock' or 'pile'")
            if not isinstance(drew_from, str):
                raise wrong_kind(drew_from, "drew_from", accepted)
            raise ValueError(gettext("{name} must be {accepted}, not {value}.").format(
                name="drew_from", accepted=accepted, value=repr(drew_from)))
        self.team_score = team_score
        self.drew_from = drew_from
        self.player_has_melded = player_has_melded
        prof = self.profile
        visible = self.hand + self.discard_pile + self.red_threes + [c for m in self.team_melds for c in m]
        check_card_counts(visible, deck_count=prof.deck_count, joker_count=prof.joker_count,
                          what=gettext("The position"))
        if any(c.is_red_three for c in self.hand):
            raise ValueError("Red threes are never kept in hand: pass them as red_threes=... instead.")
        if team_opened is False and self.team_melds:
            raise ValueError("team_opened=False contradicts the team's melds: a team with melds has opened.")
        if team_opened is None:
            opened = bool(self.team_melds) or prof.opening_minimum(team_score) == 0
        else:
            opened = team_opened
        self.team_opened = opened
        stock = list(new_deck(prof.deck_count, prof.joker_count))
        for card in visible:
            stock.remove(card)
        # Brazilian games: the mortos still wait (face down, taken from the unseen cards)
        mortos, stock = rules_for(prof).set_aside_mortos(stock)
        try:
            self._round = Round.from_state(
                mortos=mortos,
                profile=prof,
                hands=[self.hand],
                stock=stock,
                pile=self.discard_pile,
                melds=[self.team_melds],
                red_threes=[self.red_threes],
                to_move=0,
                drew_from=drew_from,
                opened=[opened] + [False] * (prof.team_count - 1),
                has_melded=[player_has_melded] + [False] * (prof.player_count - 1),
                team_scores=(team_score,) + (0,) * (prof.team_count - 1),
            )
        except ValueError as error:
            # the round's melds[0] are this position's team_melds: say so in the learner's terms
            if type(error) is not ValueError or not str(error).startswith("melds[0]"):
                raise
            raise ValueError("team_melds" + str(error)[len("melds[0]"):]) from None

    # ------------------------------------------------------------------ queries
    @property
    def round(self) -> Round:
        """A copy of the engine round behind this position (seat 0 to move)."""
        return self._round.copy()

    @property
    def opening_minimum(self) -> int:
        """The opening minimum for the team's score."""
        return self.profile.opening_minimum(self.team_score)

    @property
    def top_card(self) -> Card | None:
        """The pile's top card, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    def pile_status(self) -> PileStatus:
        """The pile's state for this team, with the reason."""
        return self._round.pile_status(0)

    def pile_state(self) -> str:
        """``"empty"``, ``"open"``, ``"frozen"`` or ``"blocked"`` (for this team)."""
        return self.pile_status().state

    @_remade
    def check_take_pile(self, cards: CardsLike | None = None, extra_melds: MeldsLike = ()) -> Verdict:
        """Can the player take the pile? With ``cards``: that way. Without: yes when any legal
        take exists; the engine searches every take, openings with the top card included (as
        `opening_options` does), and returns the best (fewest wild cards, then fewest cards):
        ``verdict.meld`` holds the cards that go down with the top card, ``verdict.melds`` any
        further melds laid to reach the opening minimum. Otherwise it explains why there is none."""
        rnd = self._round
        if cards is not None:
            return rnd.can_take_pile(cards, extra_melds, seat=0)
        best = self._best_take()
        if best is not None:
            return best
        # no legal way: report the refusal of the most promising attempt
        top = self.top_card
        attempts: list[tuple[Card, ...]] = []
        if top is not None:
            naturals = [c for c in self.hand if c.rank == top.rank]
            wilds = [c for c in self.hand if c.is_wild]
            if len(naturals) >= 2:
                attempts.append(tuple(naturals[:2]))
            if naturals and wilds:
                attempts.append((naturals[0], wilds[0]))
            attempts.append(())
        else:
            attempts.append(())
        return rnd.can_take_pile(attempts[0], (), seat=0)

    def _best_take(self) -> Verdict | None:
        """The verdict on the best legal pile take (fewest wild cards, then fewest cards from
        hand), searching the engine's takes and, for a team that has not opened, every opening
        with the top card (as `opening_options` does); None when there is none."""
        rnd = self._round
        takes = list(take_candidates(rnd, 0))
        if not self.team_opened and not rules_for(self.profile).suits_matter:
            for option in self.opening_options():
                if option.top_card is None:
                    continue
                first = list(option.melds[0])
                first.remove(option.top_card)
                takes.append(TakePile(0, tuple(first), tuple(MeldGroup(m) for m in option.melds[1:])))

        def cost(take: TakePile) -> tuple[int, int]:
            used = list(take.cards) + [c for g in take.extra_melds for c in g.cards]
            return sum(1 for c in used if c.is_wild), len(used)

        for take in sorted(takes, key=cost):
            verdict = rnd.check(take)
            if verdict:
                return verdict
        return None

    @_remade
    def check_opening(self, melds: MeldsLike) -> Verdict:
        """Do these melds (laid together this turn) reach the opening minimum and leave a
        legal hand? A meld may include the pile's top card: then it is an opening by taking
        the pile, and only the top card and cards from hand count. Once the team has opened (or
        in a profile without a minimum) only the minimum is waived (``opening_not_needed``): the
        melds must still be legal melds of cards in the hand that leave a legal hand."""
        rnd = self._round
        prof = self.profile
        groups = to_groups(melds)
        cards = [c for g in groups for c in g.cards]
        missing = rnd.missing_cards(0, cards)
        top = self.top_card
        if self.team_opened:
            return self._check_opened_melds(groups, cards, missing)
        if top is not None and missing == [top] and self.drew_from is None:
            first = next(i for i, g in enumerate(groups) if top in g.cards)
            with_top = list(groups[first].cards)
            with_top.remove(top)
            others = tuple(g for i, g in enumerate(groups) if i != first)
            verdict = rnd.can_take_pile(with_top, others, seat=0)
            if not verdict:
                return verdict
            value = cards_value(cards, prof)
            return Verdict.allow("opening_ok", self._opening_message(groups, value, top=top),
                                 melds=tuple(g.cards for g in groups), value=value, meld=verdict.meld)
        if missing:
            return rnd.can_meld(groups, seat=0) if self.drew_from else Verdict.refuse(
                "card_not_in_hand", gettext("{cards} not in your hand ({hand}).").format(
                    cards=format_cards(missing), hand=format_cards(self.hand)),
                cards=tuple(missing))
        changed, problem = rnd.apply_groups(0, groups, rnd.melds[0], going_out=len(self.hand) - len(cards) <= 1)
        if problem is not None:
            return Verdict.refuse(problem.code, problem.message(), cards=problem.cards)
        if not prof.opening_wilds_allowed and any(c.is_wild for c in cards):
            return Verdict.refuse("opening_no_wilds",
                                  gettext("In the {profile} profile the opening melds may contain no wild "
                                          "card.").format(profile=prof.name))
        value = cards_value(cards, prof)
        minimum = self.opening_minimum
        parts = " + ".join(f"{format_cards(g.cards)} ({cards_value(g.cards, prof)})"
                           for g in groups)
        if value < minimum:
            return Verdict.refuse(
                "opening_below_minimum",
                gettext("With a team score of {score} the opening minimum is {minimum}; {melds} make {value}, "
                        "{missing} short. Add another meld in the same turn, or wait (your partner may "
                        "open).").format(score=self.team_score, minimum=minimum, melds=parts, value=value,
                                         missing=minimum - value), value=value)
        left = len(self.hand) - len(cards)
        # going out is the engine's rule: its canasta requirement (kinds, counts), or a batida
        # that takes the team's morto
        kinds = rnd.canasta_kinds(0, {**rnd.melds[0], **changed})
        if left < 2 and not rnd.morto_available(0) and not rnd.has_enough_canastas(kinds):
            return Verdict.refuse(
                "cannot_go_out_without_canasta",
                (gettext("{melds} make {value}, enough for the minimum of {minimum}, but would leave you no "
                         "card: you must discard and still keep a card, because going out needs {requirement} "
                         "on the team's side. Keep a card back.") if left == 0 else
                 gettext("{melds} make {value}, enough for the minimum of {minimum}, but would leave you one "
                         "card: you must discard and still keep a card, because going out needs {requirement} "
                         "on the team's side. Keep a card back.")).format(
                    melds=parts, value=value, minimum=minimum, requirement=rnd.canasta_requirement()),
                value=value)
        return Verdict.allow("opening_ok", self._opening_message(groups, value),
                             melds=tuple(g.cards for g in groups), value=value)

    def _check_opened_melds(self, groups: Sequence[MeldGroup], cards: Sequence[Card],
                            missing: Sequence[Card]) -> Verdict:
        """`check_opening` for a team that has opened (or a profile without a minimum): no
        minimum applies, but the melds must still be legal melds of cards from the hand (or
        a pile take with its top card) that leave a legal hand."""
        profile_says = not self.team_melds and self.opening_minimum == 0
        if not groups:
            return Verdict.allow("opening_not_needed", (
                gettext("In the {profile} profile there is no opening minimum: meld freely.") if profile_says else
                gettext("Your team has already opened, so no minimum applies: meld freely.")).format(
                profile=self.profile.name))
        top = self.top_card
        if top is not None and self.drew_from is None and top in missing:
            first = next(i for i, g in enumerate(groups) if top in g.cards)
            with_top = list(groups[first].cards)
            with_top.remove(top)
            others = tuple(g for i, g in enumerate(groups) if i != first)
            verdict = self._round.can_take_pile(with_top, others, seat=0)
        elif missing:
            return Verdict.refuse(
                "card_not_in_hand", gettext("{cards} not in your hand ({hand}).").format(
                    cards=format_cards(missing), hand=format_cards(self.hand)),
                cards=tuple(missing))
        else:
            verdict = self.check_meld(list(groups))
        if not verdict:
            return verdict
        value = cards_value(cards, self.profile)
        parts = " + ".join(format_cards(g.cards) for g in groups)
        if profile_says:
            message = (gettext("In the {profile} profile there is no opening minimum: {melds} is a legal meld, "
                               "worth {value} points.") if len(groups) == 1 else
                       gettext("In the {profile} profile there is no opening minimum: {melds} are legal melds, "
                               "worth {value} points."))
        else:
            message = (gettext("Your team has already opened, so no minimum applies: {melds} is a legal meld, "
                               "worth {value} points.") if len(groups) == 1 else
                       gettext("Your team has already opened, so no minimum applies: {melds} are legal melds, "
                               "worth {value} points."))
        return Verdict.allow("opening_not_needed", message.format(profile=self.profile.name, melds=parts,
                                                                   value=value),
                             melds=tuple(g.cards for g in groups), value=value, meld=verdict.meld)

    def _opening_message(self, groups: Sequence[MeldGroup], value: int, top: Card | None = None) -> str:
        prof = self.profile
        parts = " + ".join(f"{format_cards(g.cards)} ({cards_value(g.cards, prof)})"
                           for g in groups)
        message = gettext("{melds} = {value}, at least the opening minimum of {minimum} for a team score of "
                          "{score}.").format(melds=parts, value=value, minimum=self.opening_minimum,
                                             score=self.team_score)
        if top:
            message += " " + gettext("Taking the pile, the top card {top} counts; the buried cards would "
                                     "not.").format(top=top)
        return message

    def opening_options(self) -> list[OpeningOption]:
        """Every minimal set of melds that opens, best first: from the hand alone (after a draw),
        and, when the pile could be taken, with its top card (``option.takes_pile``)."""
        if self.team_opened:
            return []
        prof = self.profile
        rnd = self._round
        if rules_for(prof).suits_matter:
            from ..variants.sequences import candidate_groups

            combos = opening_combos(rnd, candidate_groups(self.hand), self.hand, self.opening_minimum)
            found = [OpeningOption(tuple(combo), sum(cards_value(m, prof) for m in combo)) for combo in combos
                     if sum(len(m) for m in combo) < len(self.hand)]
            return sorted(found, key=lambda o: (o.wild_count, o.card_count, -o.value))
        options = enumerate_openings(self.hand, self.opening_minimum, prof,
                                     can_go_out=True, canastas_before=0)
        top = self.top_card
        if self.drew_from is None and top is not None:
            rest = sum(1 for c in self.discard_pile[:-1] if not c.is_red_three)
            for option in enumerate_openings(self.hand, self.opening_minimum, prof, top=top,
                                             extra_kept=rest):
                first = list(option.melds[0])
                first.remove(top)
                extra = tuple(MeldGroup(m) for m in option.melds[1:])
                if rnd.take_problem(0, tuple(first), extra) is None:
                    options.append(option)
        return sorted(options, key=lambda o: (o.wild_count, o.card_count, -o.value))

    @_remade
    def opening_verdict(self) -> Verdict:
        """The verdict on opening now: the best of `opening_options` (checked by `check_opening`),
        or why no set of melds opens (``opening_impossible``): the highest value the hand can
        meld while keeping a card to discard, against the minimum, or the keep-a-card problem."""
        if self.team_opened:
            return self.check_opening(())
        options = self.opening_options()
        if options:
            return self.check_opening(list(options[0].melds))
        prof = self.profile
        minimum = self.opening_minimum
        if rules_for(prof).suits_matter:
            return Verdict.refuse("opening_impossible", gettext(
                "With a team score of {score} the opening minimum is {minimum}, and no sequences or sets of aces "
                "from your hand reach it in one action while keeping a card to discard.").format(
                score=self.team_score, minimum=minimum))
        plans = plan_values(self.hand, {}, prof, allow_wilds=prof.opening_wilds_allowed,
                            black_threes=True, canastas_needed=prof.go_out_canastas)
        legal = [v for (kept, enough), v in plans.items() if kept >= 2 or enough]
        best_legal = max(legal, default=0)
        best_any = max(plans.values(), default=0)
        if best_any >= minimum:
            message = gettext(
                "With a team score of {score} the opening minimum is {minimum}. Your hand could meld {best_any}, "
                "but only by leaving you at most one card, and going out needs a canasta: you must keep a card "
                "to discard. Keeping one, the best is {best}, {missing} short.")
        else:
            message = gettext(
                "With a team score of {score} the opening minimum is {minimum}; the most your hand can meld this "
                "turn is {best}, {missing} short. Draw and wait, or let your partner open.")
        message = message.format(score=self.team_score, minimum=minimum, best_any=best_any, best=best_legal,
                                 missing=minimum - best_legal)
        if self.top_card is not None and self.drew_from is None:
            message += " " + gettext("Taking the pile does not help: {why}").format(
                why=self.check_take_pile().message)
        return Verdict.refuse("opening_impossible", message, value=best_legal,
                              details={"minimum": minimum, "best_any": best_any})

    @_remade
    def check_go_out(self, melds: MeldsLike, discard: Card | str | None = None, *,
                     concealed: bool = False) -> Verdict:
        """Could the player go out by laying ``melds`` (then discarding ``discard``)?
        The verdict says whether it would be concealed (``verdict.concealed``). With
        ``concealed=True`` the question is "can I go out concealed?": a legal but ordinary
        going out is refused with ``not_concealed``, saying why."""
        need_bool(concealed, "concealed")
        if discard is not None:
            discard = need_one_card(discard, "discard")
        rnd = self._round.copy()
        if rnd.phase == "draw":
            rnd.drew_from = "stock"
            rnd.phase = "play"
        groups = to_groups(melds)
        if groups:
            verdict = rnd.can_meld(groups, seat=0)
            if not verdict:
                return verdict
            rnd.meld(groups, seat=0)
        if discard is not None and not rnd.is_over:
            verdict = rnd.can_discard(discard, seat=0)
            if not verdict:
                return verdict
            rnd.discard(discard, seat=0)
        batida = next((e for e in rnd.events if e.kind == "morto_taken" and e.seat == 0), None)
        if batida is not None and self._round.morto_available(0):
            # Brazilian games: running out of cards is a batida, which takes the waiting morto
            if concealed:  # the question was "concealed?": these games have no concealed going out
                return Verdict.refuse("not_concealed", gettext(
                    "You may run out of cards (a batida), but not concealed: the {profile} profile has no concealed "
                    "going out, and this batida takes the morto without ending the hand.").format(
                    profile=self.profile.name), concealed=False,
                                      facts={"action": "go_out", "goes_out": False})
            return Verdict.allow("go_out_ok", gettext("You may run out of cards: a batida. {event}").format(
                event=batida.message),
                                 concealed=False, facts={"action": "go_out", "goes_out": False})
        if rnd.went_out != 0:
            left = rnd.hands[0]
            return Verdict.refuse("go_out_not_whole_hand",
                                  gettext("This leaves {cards} in your hand: going out needs every card melded, "
                                          "or all but one melded and the last one discarded.").format(
                                      cards=format_cards(left)),
                                  cards=tuple(left))
        prof = self.profile
        bonus, concealed_bonus = prof.going_out_bonus, prof.concealed_going_out_bonus
        same_bonus = bonus == concealed_bonus
        if concealed and not rnd.went_out_concealed:
            why = self._not_concealed_reason(rnd)
            tail = (gettext("In the {profile} profile going out scores {bonus} either way: there is no extra bonus "
                            "for a concealed hand.") if same_bonus else
                    gettext("You would score the ordinary bonus of {bonus}, not {concealed_bonus}.")).format(
                profile=prof.name, bonus=bonus, concealed_bonus=concealed_bonus)
            return Verdict.refuse("not_concealed", gettext("You may go out, but not concealed: {why}.").format(why=why)
                                  + " " + tail,
                                  concealed=False,
                                  facts={"action": "go_out", "goes_out": True,
                                         "bonuses": (("going_out", bonus),)})
        if rnd.went_out_concealed:
            message = (gettext("You may go out concealed: the whole hand goes down in one turn, with a canasta, and "
                               "no earlier melds (in the {profile} profile that earns no extra bonus: going out "
                               "scores {bonus} either way).") if same_bonus else
                       gettext("You may go out concealed: the whole hand goes down in one turn, with a canasta, and "
                               "no earlier melds (bonus {concealed_bonus})."))
            return Verdict.allow("go_out_concealed_ok",
                                 message.format(profile=prof.name, bonus=bonus, concealed_bonus=concealed_bonus),
                                 concealed=True,
                                 facts={"action": "go_out", "goes_out": True,
                                        "bonuses": (("going_out_concealed", concealed_bonus),)})
        plain = not (prof.go_out_required_kinds or prof.go_out_excluded_kinds or prof.go_out_any_kinds)
        message = (gettext("You may go out: your team has a canasta and every card is melded or discarded.")
                   if plain and prof.go_out_canastas == 1 else
                   gettext("You may go out: going out needs {requirement}, your team has that, and every card is "
                           "melded or discarded.").format(requirement=rnd.canasta_requirement()))
        with speaking("en"):  # a fact: language-neutral, in the words the engine states it (English)
            requirement = rnd.canasta_requirement()
        return Verdict.allow("go_out_ok", message,
                             concealed=False, facts={"action": "go_out", "goes_out": True,
                                                     "canasta_requirement": requirement})

    def _not_concealed_reason(self, rnd: Round) -> str:
        """Why going out in ``rnd`` (just done) was not concealed, in the order the engine decides it."""
        prof = self.profile
        if not rules_for(prof).concealed_going_out:
            return gettext("the {profile} profile has no concealed going out").format(profile=prof.name)
        if rnd.turn_start_has_melded:
            return gettext("you have already melded in this hand, and a concealed hand goes down all in one turn")
        if rnd.turn_added_to_old and not prof.concealed_allows_partner_merge:
            return gettext("your cards go onto melds your team already has, and a concealed hand makes its own "
                           "melds")
        if rnd.turn_added_to_old:
            for key, cards in rnd.turn_own.items():
                nat = sum(1 for c in cards if not c.is_wild)
                if meld_counts_problem(nat, len(cards) - nat, key, prof, going_out=True):
                    return gettext("{cards}, which you add to your team's meld of {meld}, would not be a legal meld "
                                   "on its own, and a concealed hand is made of your own legal melds").format(
                        cards=format_cards(cards), meld=meld_name(key))
        return gettext("none of your own melds is a canasta of {size} or more cards").format(size=prof.canasta_size)

    @_remade
    def check_meld(self, melds: MeldsLike) -> Verdict:
        """Verdict on laying these melds now (after drawing from the stock if not drawn)."""
        rnd = self._round.copy()
        if rnd.phase == "draw":
            rnd.drew_from = "stock"
            rnd.phase = "play"
        return rnd.can_meld(melds, seat=0)

    def legal_actions(self) -> list[Action]:
        """The engine's legal actions in this position."""
        return self._round.legal_actions()

    def describe(self) -> dict[str, Any]:
        """The position as plain values (for tables and widgets)."""
        return {
            "profile": self.profile.name, "hand": format_cards(self.hand),
            "discard_pile": format_cards(self.discard_pile),
            "team_melds": [format_cards(m) for m in self.team_melds],
            "team_opened": self.team_opened, "team_score": self.team_score,
            "opening_minimum": self.opening_minimum, "pile_state": self.pile_state(),
        }

    def __repr__(self) -> str:
        return (f"Position(hand={format_cards(self.hand)!r}, discard_pile={format_cards(self.discard_pile)!r}, "
                f"team_melds={[format_cards(m) for m in self.team_melds]!r}, team_score={self.team_score}, "
                f"profile={self.profile.name!r})")

    def __str__(self) -> str:
        melds = " | ".join(format_cards(m) for m in self.team_melds) or pgettext("melds", "none")
        state = self.pile_state()
        states = {"empty": pgettext("pile", "empty"), "open": pgettext("pile", "open"),
                  "frozen": pgettext("pile", "frozen"), "blocked": pgettext("pile", "blocked")}
        lines = [gettext("Hand: {cards}").format(cards=format_cards(self.hand) or "-"),
                 gettext("Pile (bottom to top): {cards} [{state}]").format(
                     cards=format_cards(self.discard_pile) or "-", state=states.get(state, state)),
                 gettext("Team melds: {melds}").format(melds=melds),
                 (gettext("Team score {score}: opening minimum {minimum} (opened); profile {profile}")
                  if self.team_opened else
                  gettext("Team score {score}: opening minimum {minimum}; profile {profile}")).format(
                     score=self.team_score, minimum=self.opening_minimum, profile=self.profile.name)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from ..render import position_html

        return position_html(self)


def prof_bonus(profile: Profile) -> int:
    """The concealed going-out bonus of a profile."""
    return profile.concealed_going_out_bonus
