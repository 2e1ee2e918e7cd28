"""One deal of Canasta as an explicit state machine (docs/rules.md#rules-deal to #rules-scoring).

This module owns the round's state, the dispatch of an action to its rule check, the verdicts
and performing. Every operation is a pokerkit-style triple: ``verify_x()`` raises
`IllegalActionError` (carrying a `Verdict`), ``can_x()`` returns the `Verdict`, ``x()`` performs
it, appends the action to ``round.log`` and returns it. A refused operation changes nothing.
The rule checks themselves live in one module per rule topic in `canasta_learn.rules` (``turn``,
``pile``, ``meld_groups``, ``opening``, ``going_out``, ``end_of_stock``, ``discards``), plain
functions of the round (`rules.state.RoundState`) that `Round` exposes as its methods; so do
the deal (``rules.deal``) and laying red threes (``rules.red_threes``). What the variants perform
their own way is their hooks' (`ClassicRules.take_pile`, ``lay_groups``, ``swap_joker``,
``redraw``), done through the round's `perform.Performer`; a described position is built by
`scenario.round_from_state`.

>>> r = Round(seed=7)
>>> r.to_move, r.phase, len(r.hands[1])
(1, 'draw', 11)
>>> r.can_take_pile("c6 c6").ok
False
>>> str(r.draw())
'E draw'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core.actions import (
    Action,
    Answer,
    Ask,
    Decline,
    Discard,
    Draw,
    Meld,
    MeldGroup,
    MeldsLike,
    Redraw,
    SeatForm,
    Swap,
    TakePile,
    action_words,
    learner_view,
    parse_action,
    seat_label,
    seat_name,
    speaks_to,
    to_groups,
)
from ..core.cards import (
    CARD_KEY,
    Card,
    CardsLike,
    deal_order,
    format_cards,
    rank_name,
    shuffled_deck,
)
from ..core.events import Event
from ..core.i18n import get_language, gettext, ngettext
from ..core.inputs import need_bool, need_cards, need_int, need_one_card, need_team_scores, wrong_kind
from ..core.verdicts import IllegalActionError, OutdatedVerdictError, Verdict, keep_maker
from ..profiles import Profile, ProfileLike, get_profile
from ..rules import discards, end_of_stock, going_out, meld_groups, opening, pile, turn
from ..rules import red_threes as red_three_rules
from ..rules.deal import deal
from ..rules.end_of_stock import draw_problem
from ..rules.going_out import is_concealed
from ..rules.melds import (
    BLACK_THREE_RANK,
    cards_value,
    meld_name,
)
from ..rules.pile import PileStatus, pile_status
from ..rules.scoring import ScoreBreakdown, round_team_score
from ..rules.state import Problem, kind_word
from ..rules.turn import answer_problem
from ..variants import rules_for
from .moves import legal_actions as list_legal_actions
from .moves import meld_candidates, take_candidates
from .perform import Performer
from .scenario import round_from_state

__all__ = ["PHASES", "Round", "MeldsLike"]

#: Phases of a round: the player to move must draw, or may play (meld/discard), or the
#: partner must answer "may I go out?", or the round is over.
PHASES = ("draw", "play", "answer", "over")



_DREW_MESSAGES: dict[tuple[str, int, int, int], str] = {}


def _drew_message(seat: int, player_count: int, count: int) -> str:
    """"N draws 1 card." in the language spoken now, made once per language, seat (at a table of
    ``player_count``) and count (the commonest event: every draw announces one)."""
    if learner_view() is not None:  # said to a learner (names, "you"): not cached
        return (ngettext("You draw {count} card.", "You draw {count} cards.", count) if speaks_to(seat) else
                ngettext("{seat} draws {count} card.", "{seat} draws {count} cards.", count)).format(
            seat=seat_label(seat, player_count), count=count)
    key = (get_language(), seat, player_count, count)
    message = _DREW_MESSAGES.get(key)
    if message is None:
        message = _DREW_MESSAGES[key] = ngettext("{seat} draws {count} card.", "{seat} draws {count} cards.",
                                                 count).format(seat=seat_label(seat, player_count), count=count)
    return message


class Round:
    """One deal: four seats (two teams of partners opposite), the stock, the pile, the melds.

    ``Round(profile="classic", seed=None, deck=None, dealer=0, team_scores=(0, 0))`` deals
    from a seeded shuffle or an explicit deck order (``deck[0]`` is dealt first).
    """

    # ------------------------------------------------------------------ construction
    def __init__(
        self,
        profile: ProfileLike = "classic",
        seed: int | None = None,
        deck: Sequence[Card | str] | str | None = None,
        dealer: int = 0,
        team_scores: Sequence[int] | None = None,
    ) -> None:
        prof = get_profile(profile)
        need_int(seed, "seed", allow_none=True)
        if deck is None:
            cards = shuffled_deck(seed, prof.deck_count, prof.joker_count)
        else:
            cards = deal_order(need_cards(deck, "deck"), deck_count=prof.deck_count, joker_count=prof.joker_count)
        self._setup(prof, dealer, team_scores)
        self.seed = seed
        self.deck: tuple[Card, ...] = tuple(cards)
        deal(self)  # docs/rules.md#rules-deal
        self._begin_turn_state()
        self._start_turn()

    def _setup(self, profile: Profile, dealer: int, team_scores: Sequence[int] | None) -> None:
        n = profile.player_count
        need_int(dealer, "dealer", low=0, high=n - 1)
        scores = need_team_scores(team_scores, profile.team_count)
        self.profile = profile
        #: The hooks of the profile's behaviour (`canasta_learn.variants.rules_for`).
        self.rules = rules_for(profile)
        self.dealer = dealer
        self.team_scores: tuple[int, ...] = scores
        self.seed = None
        self.deck = ()
        self.stock: list[Card] = []
        self.pile: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.red_threes: list[list[Card]] = [[] for _ in range(n)]
        self.melds: list[dict[int, list[Card]]] = [{} for _ in range(profile.team_count)]
        #: Closed canastas per team (profiles where canastas close at seven cards).
        self.closed: list[list[list[Card]]] = [[] for _ in range(profile.team_count)]
        #: Each player's face-down reserve, until picked up (Pennies from Heaven).
        self.reserves: list[list[Card]] = [[] for _ in range(n)]
        #: Each team's *morto* (Brazilian games) until taken or turned into the stock.
        self.mortos: list[list[Card]] = [[] for _ in range(profile.team_count)]
        #: Each team's morto: "none" (profile without), "waiting", "taken" (by a batida) or
        #: "stock" (it became the stock when the stock ran out).
        self.morto_state: list[str] = ["waiting" if self.rules.has_morto else "none"] * profile.team_count
        #: The seat that took each team's morto (None until then).
        self.morto_taker: list[int | None] = [None] * profile.team_count
        self.opened: list[bool] = [profile.opening_minimum(s) == 0 for s in scores]
        self.has_melded: list[bool] = [False] * n
        self.first_turn_done: list[bool] = [False] * n
        self.log: list[Action] = []
        self.events: list[Event] = []
        self.to_move = self.next_seat(dealer)
        self.phase = "draw"
        self.turn_number = 0
        self.end_reason: str | None = None
        self.went_out: int | None = None
        self.went_out_concealed = False
        #: The last `legal_actions()` answer and the log length it was computed at: `apply`
        #: performs an action from that very list without checking it a second time.
        self._legal_memo: tuple[int, list[Action]] | None = None
        #: The last action `is_legal` found legal and the log length it was judged at: `child`
        #: applies that very action without judging it again.
        self._judged: tuple[int, Action] | None = None
        #: `meld_counts_problem` answers for this profile: (naturals, wilds, meld key) -> legal.
        self.legal_counts_cache: dict[tuple[int, int, int], bool] = {}
        #: Single-group meld actions already made this round, by (seat, cards, target): actions
        #: are immutable values, so `legal_actions` hands out the same object again.
        self.meld_action_cache: dict[tuple[int, tuple[Card, ...], int | None], Meld] = {}
        self._reset_turn()

    def _reset_turn(self) -> None:
        self.drew_from: str | None = None
        self.turn_meld_actions = 0
        self.turn_value = 0
        self.turn_own: dict[int, list[Card]] = {}
        self.turn_added_to_old = False
        self.turn_start_ranks: frozenset[int] = frozenset()
        self.turn_start_has_melded = False
        self.permission: str | None = None
        self.asker: int | None = None
        self.phase_before_answer = "draw"
        #: Cards picked up with the pile this turn: they may not be melded until the next turn
        #: (pile rule "top_card_only").
        self.turn_locked: list[Card] = []
        #: The card drawn this turn (for the first-turn redraw) and whether it was redrawn.
        self.turn_drawn: tuple[Card, ...] = ()

    @classmethod
    def from_state(
        cls,
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
    ) -> Round:
        """Build a round in any position (scenarios, lessons, sandboxes).

        ``stock`` lists cards top first; ``pile`` bottom to top; ``melds`` one list of melds
        per team; ``reserves`` each player's face-down reserve (profiles with reserves).
        ``drew_from`` None means the player to move has not drawn yet. ``mortos``
        gives each team's morto (Brazilian games) and ``morto_state`` its state ("waiting",
        "taken", "stock"); by default a morto given is waiting and a missing one taken.
        Raises `DeckError` for impossible card counts, `NotationError` for unreadable cards,
        a ValueError naming the argument for illegal melds or values out of range (a seat
        number beyond the table, lists longer than the seats or teams), and a TypeError naming
        the argument for a value of the wrong kind.
        """
        return round_from_state(
            cls._blank, profile=profile, hands=hands, stock=stock, pile=pile, melds=melds, red_threes=red_threes,
            to_move=to_move, dealer=dealer, drew_from=drew_from, opened=opened, has_melded=has_melded,
            team_scores=team_scores, check_counts=check_counts, reserves=reserves, mortos=mortos,
            morto_state=morto_state)

    @classmethod
    def _blank(cls, profile: Profile, dealer: int, team_scores: Sequence[int] | None) -> Round:
        """A round of ``profile`` set up with no cards anywhere (`scenario.round_from_state` fills it)."""
        rnd = cls.__new__(cls)
        rnd._setup(profile, dealer, team_scores)
        return rnd

    # ------------------------------------------------------------------ basic queries
    @property
    def player_count(self) -> int:
        """Seats at the table."""
        return self.profile.player_count

    def team_of(self, seat: int) -> int:
        """The team of a seat (partners sit alternately)."""
        return seat % self.profile.team_count

    def partner_of(self, seat: int) -> int:
        """The partner who answers this seat's "may I go out?" (the next teammate)."""
        return (seat + self.profile.team_count) % self.profile.player_count

    def seat_name(self, seat: int) -> str:
        """``N``, ``E``, ``S``, ``W`` (or ``P1``... at other tables)."""
        return seat_name(seat, self.player_count)

    def seat_label(self, seat: int, form: SeatForm = "sentence") -> str:
        """The seat as learner text names it, in the language spoken now ("E"; "Leste" in
        Brazilian Portuguese; ``form="letter"``: "L"): `canasta_learn.core.actions.seat_label`.
        `seat_name` is the code that notation and records keep."""
        return seat_label(seat, self.player_count, form)

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` (clockwise, or to the right when the profile
        plays counter-clockwise)."""
        step = -1 if self.profile.direction == "ccw" else 1
        return (seat + step) % self.player_count

    def morto_text(self, team: int) -> str:
        """The team's morto in words: 'waiting, 11 cards face down', 'taken by S', 'became the stock (not
        taken)', 'none' (the variant's `morto_text` hook, docs/variants.md#variants-brazilian-morto)."""
        return self.rules.morto_text(self, team)

    def morto_available(self, team: int) -> bool:
        """True while the team's morto waits for its first batida (Brazilian games)."""
        return self.morto_state[team] == "waiting"

    def meld_label(self, key: int, cards: Sequence[Card]) -> str:
        """How messages name a team meld: 'kings', 'Hearts 4–10', 'Aces'."""
        return self.rules.meld_label(key, cards, meld_name)

    @property
    def is_over(self) -> bool:
        """True when the round has ended."""
        return self.phase == "over"

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile, or None."""
        return self.pile[-1] if self.pile else None

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.stock)

    def opening_minimum(self, team: int) -> int:
        """The opening minimum in force for a team this round (from its total score)."""
        return self.profile.opening_minimum(self.team_scores[team])

    def canasta_count(self, team: int) -> int:
        """The team's canastas on the table (closed ones included)."""
        return len(self.canasta_kinds(team))

    def canasta_kinds(self, team: int, melds: dict[int, list[Card]] | None = None) -> list[str]:
        """The kinds of the team's canastas ("natural", "mixed", ...), closed ones included;
        ``melds`` replaces the team's open melds (to judge a move before it is made)."""
        open_melds = self.melds[team] if melds is None else melds
        rules = self.rules
        size = self.profile.canasta_size  # shorter melds are no canasta in any game (`melds.canasta_kind`)
        kinds = [rules.canasta_kind(m, rank) for rank, m in open_melds.items() if len(m) >= size]
        if self.closed[team]:
            kinds += [rules.canasta_kind(m, rules.meld_key(m) or 0) for m in self.closed[team]]
        return [k for k in kinds if k is not None]

    def pile_status(self, seat: int | None = None) -> PileStatus:
        """The pile's state for the team of ``seat`` (default: the player to move)."""
        if seat is None:
            seat = self.to_move
        elif not isinstance(seat, int) or isinstance(seat, bool):  # (the rule checks pass any action's seat)
            need_int(seat, "seat", low=0, high=self.player_count - 1, allow_none=True)
        team = self.team_of(seat)
        return pile_status(self.pile, self.profile, team_opened=self.opened[team], team_ranks=self.melds[team],
                           rules=self.rules, seat=seat)

    def pile_state(self, seat: int | None = None) -> str:
        """``"empty"``, ``"open"``, ``"frozen"`` or ``"blocked"`` for the team of ``seat``."""
        return self.pile_status(seat).state

    # ------------------------------------------------------------------ the rule checks
    # Each check is a plain function of a rule-topic module in `canasta_learn.rules`, reading the
    # round through `rules.state.RoundState`; these class attributes make them methods.
    missing_cards = turn.missing_cards
    redraw_problem = turn.redraw_problem
    has_enough_canastas = going_out.has_enough_canastas
    canasta_requirement = going_out.canasta_requirement
    ask_problem = going_out.ask_problem
    _enough_after = going_out.enough_after
    _able_to_go_out_exactly = going_out.able_to_go_out_exactly
    _clearly_can_go_out = going_out.clearly_can_go_out
    _canasta_within_reach = going_out.canasta_within_reach
    opening_at_once = opening.opening_at_once
    opening_problem = opening.opening_problem
    meld_problem = meld_groups.meld_problem
    apply_groups = meld_groups.apply_groups
    group_fits = meld_groups.group_fits
    swap_problem = meld_groups.swap_problem
    pile_pick_up_count = pile.pile_pick_up_count
    take_problem = pile.take_problem
    decline_problem = end_of_stock.decline_problem
    discard_problem = discards.discard_problem

    def meld_candidates(self, seat: int) -> list[Meld]:
        """The meld actions move generation lists for ``seat``, each still to be checked
        (docs/rules.md#rules-melds-team)."""
        return meld_candidates(self, seat)

    def _begin_turn_state(self) -> None:
        self._reset_turn()
        team = self.team_of(self.to_move)
        self.turn_start_ranks = frozenset(self.melds[team])
        self.turn_start_has_melded = self.has_melded[self.to_move]

    # ------------------------------------------------------------------ the deal and red threes
    def lay_dealt_red_threes(self) -> None:
        """Lay the red threes of every dealt hand, from the dealer's left, each replaced from the
        stock (docs/rules.md#rules-dealt-red-threes; `rules.red_threes.lay_dealt_red_threes`)."""
        red_three_rules.lay_dealt_red_threes(self)

    def lay_red_threes(self, seat: int, action_index: int) -> None:
        """Lay down every red three of ``seat``'s hand, each replaced from the stock (the new
        ones too) (docs/rules.md#rules-red-threes; `rules.red_threes.lay_red_threes`)."""
        red_three_rules.lay_red_threes(self, seat, action_index)

    def _start_turn(self) -> None:
        """Automatic steps at the start of a turn (first-turn red threes, end of stock)."""
        seat = self.to_move
        if not self.first_turn_done[seat]:
            self.first_turn_done[seat] = True
            self.lay_red_threes(seat, len(self.log) - 1)
        if not self.stock:
            self.rules.stock_ran_out(self, seat, len(self.log) - 1)
        if not self.stock and not self.rules.hand_ends_when_stock_empties:
            if not any(True for _ in take_candidates(self, seat)):
                self._end_round("stock_exhausted", gettext(
                    "The stock is empty and {seat} cannot take the pile: the hand ends (no going-out "
                    "bonus).").format(seat=self.seat_label(seat)))

    # ------------------------------------------------------------------ checks (shared)
    def _problem(self, action: Action) -> Problem | None:
        if isinstance(action, Draw):
            return draw_problem(self, action.seat)
        if isinstance(action, TakePile):
            return pile.take_action_problem(self, action)
        if isinstance(action, Swap):
            return self.swap_problem(action.seat, action.target, action.card)
        if isinstance(action, Redraw):
            return self.redraw_problem(action.seat)
        if isinstance(action, Meld):
            return self.meld_problem(action.seat, action.groups)
        if isinstance(action, Discard):
            return self.discard_problem(action.seat, action.card)
        if isinstance(action, Ask):
            return self.ask_problem(action.seat)
        if isinstance(action, Answer):
            return answer_problem(self, action.seat)
        if isinstance(action, Decline):
            return self.decline_problem(action.seat)
        raise wrong_kind(action, "action", gettext("an action (such as Draw(0)) or its text (such as 'N draw')"))

    # ------------------------------------------------------------------ verdicts
    def check(self, action: Action | str) -> Verdict:
        """The verdict on any action (object or text), without performing it."""
        if isinstance(action, str):
            action = parse_action(action, self.player_count)
        problem = self._problem(action)
        if problem is not None:
            return keep_maker(Verdict.refuse(problem.code, problem.message(), cards=problem.cards,
                                             facts=dict(problem.facts or {}), advice=problem.advice),
                              self._maker(action))
        return keep_maker(self._ok_verdict(action), self._maker(action))

    def _maker(self, action: Action) -> Callable[[], str]:
        """The maker of the message of this round's verdict on ``action``, kept by the verdict for
        `Verdict.message_in`: the check run again (in the language spoken then); it raises
        `OutdatedVerdictError` once the round has moved on (the message would speak of another state)."""
        moves = len(self.log)

        def remake() -> str:
            if len(self.log) != moves:
                raise OutdatedVerdictError()
            problem = self._problem(action)
            return problem.message() if problem is not None else self._ok_verdict(action).message
        return remake

    def _ok_verdict(self, action: Action) -> Verdict:
        if isinstance(action, TakePile):
            return pile.take_verdict(self, action)
        if isinstance(action, Meld):
            after = None
            if len(self.hands[action.seat]) == len(action.cards):
                # what emptying the hand does depends on the profile: simulate it on a copy
                after = self.copy()
                after._perform(action)
            return meld_groups.meld_verdict(self, action, after)
        facts = {"action": type(action).__name__.lower(), "seat": action.seat}
        if isinstance(action, Discard):
            facts["hand_cards"] = (action.card,)
        # the move in words ("Discard h4"), never the record's action text ("N discard h4")
        return Verdict.allow("ok", gettext("You may do this: {move}.").format(move=action_words(action, notation=True)),
                             facts=facts)

    def _verify(self, action: Action) -> None:
        problem = self._problem(action)
        if problem is not None:
            raise IllegalActionError(keep_maker(Verdict.refuse(problem.code, problem.message(), cards=problem.cards),
                                                self._maker(action)))

    # public triples --------------------------------------------------------------
    def _seat(self, seat: int | None) -> int:
        if seat is None:
            if self.phase == "answer" and self.asker is not None:
                return self.partner_of(self.asker)
            return self.to_move
        return need_int(seat, "seat", low=0, high=self.player_count - 1, allow_none=True)

    def can_draw(self, seat: int | None = None) -> Verdict:
        """Verdict on drawing from the stock."""
        return self.check(Draw(self._seat(seat)))

    def verify_draw(self, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless drawing is legal."""
        self._verify(Draw(self._seat(seat)))

    def draw(self, seat: int | None = None) -> Draw:
        """Draw from the stock (red threes are laid down and replaced automatically)."""
        return self._perform(Draw(self._seat(seat)))  # type: ignore[return-value]

    def _take_action(self, cards: CardsLike, extra_melds: MeldsLike, seat: int | None) -> TakePile:
        return TakePile(self._seat(seat), tuple(need_cards(cards, "cards")), to_groups(extra_melds or ()))

    def can_take_pile(self, cards: CardsLike = (), extra_melds: MeldsLike = (), seat: int | None = None) -> Verdict:
        """Verdict on taking the pile, melding its top card with ``cards`` from hand (none:
        onto the team's meld of its rank), laying ``extra_melds`` for the opening."""
        return self.check(self._take_action(cards, extra_melds, seat))

    def verify_take_pile(self, cards: CardsLike = (), extra_melds: MeldsLike = (), seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless this pile take is legal."""
        self._verify(self._take_action(cards, extra_melds, seat))

    def take_pile(self, cards: CardsLike = (), extra_melds: MeldsLike = (), seat: int | None = None) -> TakePile:
        """Take the discard pile (see `can_take_pile`)."""
        return self._perform(self._take_action(cards, extra_melds, seat))  # type: ignore[return-value]

    def can_meld(self, melds: MeldsLike, seat: int | None = None) -> Verdict:
        """Verdict on laying down melds / additions (``"h1 c1 d2 | 13: d2"``)."""
        return self.check(Meld(self._seat(seat), to_groups(melds)))

    def verify_meld(self, melds: MeldsLike, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless the melds are legal."""
        self._verify(Meld(self._seat(seat), to_groups(melds)))

    def meld(self, melds: MeldsLike, seat: int | None = None) -> Meld:
        """Lay down melds or add to the team's melds."""
        return self._perform(Meld(self._seat(seat), to_groups(melds)))  # type: ignore[return-value]

    def _one_card(self, card: Card | str) -> Card:
        return need_one_card(card, "card")

    def can_discard(self, card: Card | str, seat: int | None = None) -> Verdict:
        """Verdict on discarding ``card``."""
        return self.check(Discard(self._seat(seat), self._one_card(card)))

    def verify_discard(self, card: Card | str, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless the discard is legal."""
        self._verify(Discard(self._seat(seat), self._one_card(card)))

    def discard(self, card: Card | str, seat: int | None = None) -> Discard:
        """Discard a card, ending the turn (or going out with the last card)."""
        return self._perform(Discard(self._seat(seat), self._one_card(card)))  # type: ignore[return-value]

    def can_ask(self, seat: int | None = None) -> Verdict:
        """Verdict on asking the partner "may I go out?"."""
        return self.check(Ask(self._seat(seat)))

    def verify_ask(self, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless asking is legal now."""
        self._verify(Ask(self._seat(seat)))

    def ask(self, seat: int | None = None) -> Ask:
        """Ask the partner for permission to go out; the partner must answer next."""
        return self._perform(Ask(self._seat(seat)))  # type: ignore[return-value]

    def can_answer(self, yes: bool, seat: int | None = None) -> Verdict:
        """Verdict on answering the partner's question."""
        return self.check(Answer(self._seat(seat), need_bool(yes, "yes")))

    def verify_answer(self, yes: bool, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless this answer is legal."""
        self._verify(Answer(self._seat(seat), need_bool(yes, "yes")))

    def answer(self, yes: bool, seat: int | None = None) -> Answer:
        """Answer "may I go out?" (binding)."""
        return self._perform(Answer(self._seat(seat), need_bool(yes, "yes")))  # type: ignore[return-value]

    def can_decline(self, seat: int | None = None) -> Verdict:
        """Verdict on declining the pile when the stock is empty (ends the hand)."""
        return self.check(Decline(self._seat(seat)))

    def verify_decline(self, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless declining is legal."""
        self._verify(Decline(self._seat(seat)))

    def decline(self, seat: int | None = None) -> Decline:
        """Decline the pile at the end of the stock, ending the hand."""
        return self._perform(Decline(self._seat(seat)))  # type: ignore[return-value]

    def can_swap(self, target: int, card: Card | str, seat: int | None = None) -> Verdict:
        """Verdict on replacing the joker of team meld ``target`` by ``card`` (Brazilian games)."""
        return self.check(Swap(self._seat(seat), need_int(target, "target", low=0), self._one_card(card)))

    def verify_swap(self, target: int, card: Card | str, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless this joker swap is legal."""
        self._verify(Swap(self._seat(seat), need_int(target, "target", low=0), self._one_card(card)))

    def swap(self, target: int, card: Card | str, seat: int | None = None) -> Swap:
        """Put ``card`` in the place of the joker it stands for and take the joker into hand."""
        return self._perform(Swap(self._seat(seat), need_int(target, "target", low=0), self._one_card(card)))  # type: ignore[return-value]

    def can_redraw(self, seat: int | None = None) -> Verdict:
        """Verdict on the first-turn option: discard the drawn card and draw another."""
        return self.check(Redraw(self._seat(seat)))

    def verify_redraw(self, seat: int | None = None) -> None:
        """Raise `IllegalActionError` unless the first-turn redraw is legal."""
        self._verify(Redraw(self._seat(seat)))

    def redraw(self, seat: int | None = None) -> Redraw:
        """First turn of a hand: discard the card just drawn (it starts the pile) and draw another."""
        return self._perform(Redraw(self._seat(seat)))  # type: ignore[return-value]

    def can_apply(self, action: Action | str) -> Verdict:
        """Verdict on any action (object or one-line text)."""
        return self.check(action)

    def is_legal(self, action: Action) -> bool:
        """True when ``action`` is legal now: `check`'s answer without its verdict or sentence
        (for searches that try many actions). `child` then applies that action without judging
        it a second time.

        >>> rnd = Round(seed=1)
        >>> rnd.is_legal(rnd.legal_actions()[0]), rnd.is_legal(Discard(rnd.to_move, rnd.hands[rnd.to_move][0]))
        (True, False)
        """
        if self._problem(action) is not None:
            return False
        self._judged = (len(self.log), action)
        return True

    def child(self, action: Action) -> Round:
        """A copy of the round with ``action`` applied; this round is not changed.

        The action is checked first (`IllegalActionError` when it is not legal) unless this
        very round, unchanged since, already judged it: it is in the last `legal_actions` list
        or the last action `is_legal` allowed (the same object). Searches try each candidate
        on a child, so each is judged once.
        """
        new = self.copy()
        trusted = False
        judged = self._judged
        if judged is not None and judged[0] == len(self.log) and judged[1] is action:
            trusted = True
        else:
            memo = self._legal_memo
            if memo is not None and memo[0] == len(self.log):
                trusted = any(listed is action for listed in memo[1])
        new._perform(action, checked=trusted)
        return new

    def verify_apply(self, action: Action | str) -> None:
        """Raise `IllegalActionError` unless the action is legal."""
        if isinstance(action, str):
            action = parse_action(action, self.player_count)
        self._verify(action)

    def apply(self, action: Action | str) -> Action:
        """Perform any action (object or one-line text) through its verify/do pair."""
        if isinstance(action, str):
            action = parse_action(action, self.player_count)
        return self._perform(action)

    # ------------------------------------------------------------------ performing
    def _perform(self, action: Action, checked: bool = False) -> Action:
        """Perform ``action``, checked first unless the last `legal_actions` list holds it or
        the caller found this very state allowing it (``checked``)."""
        memo = self._legal_memo
        trusted = checked
        if not trusted and memo is not None and memo[0] == len(self.log):
            for listed in memo[1]:
                if listed is action:
                    trusted = True  # an action from the last legal_actions() list was checked there
                    break
        if not trusted:
            self._verify(action)
        index = len(self.log)
        self.log.append(action)
        if isinstance(action, Draw):
            self._do_draw(action.seat, index)
        elif isinstance(action, TakePile):
            self.rules.take_pile(self, Performer(self), action, index)
        elif isinstance(action, Meld):
            self._do_meld(action.seat, action.groups, index)
            self.turn_meld_actions += 1
            self._after_meld(action.seat, index)
        elif isinstance(action, Discard):
            self._do_discard(action.seat, action.card, index)
        elif isinstance(action, Ask):
            self.permission = "asked"
            self.asker = action.seat
            self.phase_before_answer = self.phase
            self.phase = "answer"
            self.events.append(Event("permission_asked", action.seat, (),
                                     gettext("{seat} asks: \"Partner, may I go out?\"").format(
                                         seat=self.seat_label(action.seat)), index))
        elif isinstance(action, Answer):
            self.permission = "yes" if action.yes else "no"
            self.phase = self.phase_before_answer
            self.events.append(Event("permission_answered", action.seat, (),
                                     (gettext("{seat} answers yes: the player must go out this turn.")
                                      if action.yes else
                                      gettext("{seat} answers no: the player may not go out this turn.")).format(
                                         seat=self.seat_label(action.seat)), index))
        elif isinstance(action, Swap):
            self.rules.swap_joker(self, Performer(self), action, index)
        elif isinstance(action, Redraw):
            self.rules.redraw(self, Performer(self), action.seat, index)
        elif isinstance(action, Decline):
            self._end_round("stock_exhausted", gettext(
                "The stock is empty and {seat} declines the pile: the hand ends (no going-out bonus).").format(
                seat=self.seat_label(action.seat)), index)
        self._legal_memo = None  # asked mid-action (a red three drawn last), it described no real state
        return action

    def _do_draw(self, seat: int, index: int) -> None:
        hand = self.hands[seat]
        drawn = []
        for _ in range(self.profile.stock_draw_count):
            if not self.stock:
                self.rules.stock_ran_out(self, seat, index)
            if not self.stock:
                break
            card = self.stock.pop()
            drawn.append(card)
            hand.append(card)
        self.events.append(Event("drew", seat, tuple(drawn),
                                 _drew_message(seat, self.profile.player_count, len(drawn)), index))
        hand.sort(key=CARD_KEY)
        self.drew_from = "stock"
        self.phase = "play"
        for card in hand:
            if card.is_red_three:
                break
        else:  # the common draw: no red three to lay down
            self.turn_drawn = tuple(drawn)
            return
        still_drawn, last_was_red_three = red_three_rules.lay_drawn_red_threes(self, seat, index, drawn)
        if last_was_red_three and self.rules.last_red_three_ends_hand:
            self._end_round("stock_exhausted", gettext(
                "The last card of the stock was a red three: it is laid face up and the hand ends at once (no "
                "meld, no discard)."), index)
        elif last_was_red_three and not self.legal_actions():
            # end_when_empty: no replacement left and a hand that can neither meld nor
            # discard (one card, no canasta to go out with): the hand ends here.
            self._end_round("stock_exhausted", gettext(
                "The last card of the stock was a red three: with no replacement, {seat} can neither meld nor "
                "discard, so the hand ends.").format(seat=self.seat_label(seat)), index)
        self.turn_drawn = still_drawn

    def _lay_meld(self, seat: int, team: int, rank: int, cards: Sequence[Card], index: int) -> None:
        melds = self.melds[team]
        size = self.profile.canasta_size
        existing = melds.get(rank)
        was_canasta = existing is not None and len(existing) >= size
        was_natural = was_canasta and existing is not None and not any(c.is_wild for c in existing)
        name = self.seat_label(seat)
        if existing is None:
            melds[rank] = list(cards)
            self.events.append(Event("meld_new", seat, tuple(cards),
                                     gettext("{seat} melds {cards}.").format(seat=name, cards=format_cards(cards)),
                                     index))
        else:
            existing.extend(cards)
            self.events.append(Event("meld_added", seat, tuple(cards),
                                     gettext("{seat} adds {cards} to the meld of {ranks}.").format(
                                         seat=name, cards=format_cards(cards), ranks=rank_name(rank, plural=True)),
                                     index, value=rank))
            if rank in self.turn_start_ranks:
                self.turn_added_to_old = True
        meld = melds[rank]
        if len(meld) >= size and not was_canasta and rank != BLACK_THREE_RANK:
            kind = self.rules.canasta_kind(meld, rank)  # the meld has canasta_size cards
            if kind is not None:  # a meld the profile never counts as a canasta is not announced as one
                self.events.append(Event("canasta_completed", seat, tuple(meld),
                                         gettext("{seat} completes a {kind} canasta of {meld}.").format(
                                             seat=name, kind=kind_word(kind), meld=meld_name(rank)),
                                         index, value=rank))
            if self.rules.closes_at_canasta(rank):
                self.closed[team].append(melds.pop(rank))
                self.events.append(Event("canasta_closed", seat, tuple(meld),
                                         gettext("The canasta of {meld} is closed: nothing more can be added to "
                                                 "it.").format(meld=meld_name(rank)), index, value=rank))
            self.rules.canasta_completed(self, seat, index)
        elif was_natural and any(c.is_wild for c in cards):
            self.events.append(Event("canasta_turned_mixed", seat, tuple(c for c in cards if c.is_wild),
                                     gettext("The natural canasta of {ranks} becomes mixed (bonus {natural} → "
                                             "{mixed}).").format(ranks=rank_name(rank, plural=True),
                                                                 natural=self.profile.natural_canasta_bonus,
                                                                 mixed=self.profile.mixed_canasta_bonus),
                                     index, value=rank))
        self._record_meld(seat, team, rank, cards)

    def _record_meld(self, seat: int, team: int, key: int, cards: Sequence[Card]) -> None:
        self.turn_own.setdefault(key, []).extend(cards)
        self.has_melded[seat] = True
        if not self.opened[team]:
            self.turn_value += cards_value(cards, self.profile)

    def _do_meld(self, seat: int, groups: Sequence[MeldGroup], index: int) -> None:
        self.rules.lay_groups(self, Performer(self), seat, groups, index)

    def _after_meld(self, seat: int, index: int) -> None:
        team = self.team_of(seat)
        if not self.opened[team] and self.turn_value >= self.opening_minimum(team):
            self.opened[team] = True
            self.events.append(Event("opening_reached", seat, (),
                                     gettext("The team's melds this turn are worth {value}, reaching the opening "
                                             "minimum of {minimum}: the team has opened.").format(
                                         value=self.turn_value, minimum=self.opening_minimum(team)),
                                     index, value=self.turn_value))
        if not self.hands[seat] and not self.rules.run_out_of_cards(self, seat, index, True):
            self._go_out(seat, index)

    def _do_discard(self, seat: int, card: Card, index: int) -> None:
        self.hands[seat].remove(card)
        self.pile.append(card)
        if card in self.turn_locked:
            self.turn_locked.remove(card)
        if not self.hands[seat] and not self.rules.run_out_of_cards(self, seat, index, False):
            self._go_out(seat, index)
            return
        self._end_turn()

    def _go_out(self, seat: int, index: int) -> None:
        team = self.team_of(seat)
        concealed = is_concealed(self, seat) and self.rules.concealed_going_out
        if not self.opened[team]:
            self.opened[team] = True
            self.events.append(Event("opening_waived", seat, (),
                                     gettext("Going out concealed after drawing from the stock waives the "
                                             "opening minimum."), index))
        self.went_out = seat
        self.went_out_concealed = concealed
        self.events.append(Event("went_out", seat, (),
                                 (gettext("{seat} goes out concealed.") if concealed else
                                  gettext("{seat} goes out.")).format(seat=self.seat_label(seat)), index))
        self._end_round("went_out", gettext("{seat} went out.").format(seat=self.seat_label(seat)), index)

    def _end_turn(self) -> None:
        if not self.stock and self.rules.hand_ends_when_stock_empties:
            self._end_round("stock_exhausted", gettext("The turn ended with the stock empty: the hand ends."),
                            len(self.log) - 1)
            return
        self.to_move = self.next_seat(self.to_move)
        self.turn_number += 1
        self.phase = "draw"
        self._begin_turn_state()
        self._start_turn()

    def _end_round(self, reason: str, message: str, index: int | None = None) -> None:
        self.phase = "over"
        self.end_reason = reason
        if index is None:
            index = len(self.log) - 1
        if reason == "stock_exhausted":
            self.events.append(Event("stock_exhausted", None, (), message, index))
        self.events.append(Event("round_over", None, (), message, index))

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every distinct legal action now, at a grain a bot or a learner can use.

        Draw; each way of taking the pile (pair, natural + joker, natural + two, onto the team
        meld; with opening melds when needed); each meld or addition by rank (all naturals of
        that rank in hand, one kept back when going out would otherwise be forced) and by the
        wild cards used (jokers and twos apart); each discard; ask; answer. Never changes state.
        """
        memo = self._legal_memo
        if memo is not None and memo[0] == len(self.log):
            return list(memo[1])
        actions = list_legal_actions(self)
        self._legal_memo = (len(self.log), actions)
        return list(actions)

    # ------------------------------------------------------------------ results
    def scores(self) -> list[ScoreBreakdown]:
        """One score breakdown per team (the round must be over)."""
        if not self.is_over:
            raise ValueError("The round is not over yet; scores() is available once it ends.")
        return [self.score_team(team) for team in range(self.profile.team_count)]

    def score_team(self, team: int) -> ScoreBreakdown:
        """A team's score for the round as it stands (final once the round is over;
        `rules.scoring.round_team_score`)."""
        return round_team_score(self, team)

    # ------------------------------------------------------------------ state
    def snapshot(self) -> tuple[Any, ...]:
        """A comparable, immutable picture of the whole state (for tests and caches)."""
        return (
            self.profile.name, self.dealer, self.team_scores, self.to_move, self.phase, self.turn_number,
            tuple(self.stock), tuple(self.pile), tuple(tuple(h) for h in self.hands),
            tuple(tuple(t) for t in self.red_threes),
            tuple(tuple(sorted((r, tuple(m)) for r, m in team.items())) for team in self.melds),
            tuple(self.opened), tuple(self.has_melded), tuple(self.first_turn_done),
            tuple(self.log), tuple(self.events), self.end_reason, self.went_out, self.went_out_concealed,
            self.drew_from, self.turn_meld_actions, self.turn_value,
            tuple(sorted((r, tuple(c)) for r, c in self.turn_own.items())), self.turn_added_to_old,
            self.turn_start_ranks, self.turn_start_has_melded, self.permission, self.asker,
            self.phase_before_answer,
            tuple(tuple(tuple(m) for m in team) for team in self.closed), tuple(tuple(r) for r in self.reserves),
            tuple(tuple(m) for m in self.mortos), tuple(self.morto_state), tuple(self.morto_taker),
            tuple(self.turn_locked),
            self.turn_drawn,
        )

    def copy(self) -> Round:
        """An independent copy of the round (bots search on copies)."""
        new = Round.__new__(Round)
        new.__dict__.update(self.__dict__)
        new._legal_memo = None  # a copy may be edited directly (Position does) before it is asked
        new._judged = None
        new.stock = list(self.stock)
        new.pile = list(self.pile)
        new.hands = [list(h) for h in self.hands]
        new.red_threes = [list(t) for t in self.red_threes]
        new.melds = [{r: list(m) for r, m in team.items()} for team in self.melds]
        new.closed = [[list(m) for m in team] for team in self.closed]
        new.reserves = [list(r) for r in self.reserves]
        new.mortos = [list(m) for m in self.mortos]
        new.morto_state = list(self.morto_state)
        new.morto_taker = list(self.morto_taker)
        new.turn_locked = list(self.turn_locked)
        new.opened = list(self.opened)
        new.has_melded = list(self.has_melded)
        new.first_turn_done = list(self.first_turn_done)
        new.log = list(self.log)
        new.events = list(self.events)
        new.turn_own = {r: list(c) for r, c in self.turn_own.items()}
        return new

    def all_cards(self) -> list[Card]:
        """Every card of the round wherever it is (108 in classic)."""
        cards = list(self.stock) + list(self.pile)
        for hand in self.hands:
            cards.extend(hand)
        for threes in self.red_threes:
            cards.extend(threes)
        for team in self.melds:
            for meld in team.values():
                cards.extend(meld)
        for closed in self.closed:
            for meld in closed:
                cards.extend(meld)
        for reserve in self.reserves:
            cards.extend(reserve)
        for morto in self.mortos:
            cards.extend(morto)
        return cards

    def events_for(self, action_index: int) -> list[Event]:
        """The events caused by the action at ``action_index`` (-1: the deal)."""
        return [e for e in self.events if e.action_index == action_index]

    def action_text(self, action: Action) -> str:
        """An action's one-line text at this table."""
        return action.text(self.player_count)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.seat_name(self.to_move)} to {self.phase}"
        return (f"<Round {self.profile.name}: dealer {self.seat_name(self.dealer)}, {state}, "
                f"stock {len(self.stock)}, pile {len(self.pile)}, {len(self.log)} actions>")

    def __str__(self) -> str:
        from ..render.text import round_text

        return round_text(self)

    def _repr_html_(self) -> str:
        from ..render import round_html

        return round_html(self)
