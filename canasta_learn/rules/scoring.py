"""Scoring a hand (``docs/rules.md#rules-scoring``).

>>> b = score_round(["s13 s13 h13 h13 d13 c13 c13", "h1 c1 s1"], red_threes="h3 d3",
...                 hands_left=["c7"], went_out=True)
>>> b.total
925
>>> [(item.label, item.points) for item in b.items][:2]
[('Melded cards', 130), ('Natural canastas (1 × 500)', 500)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..core.cards import Card, CardsLike, format_cards
from ..core.i18n import gettext, ngettext
from ..core.inputs import need_bool, need_card_lists, need_cards, need_counts_in_deck
from ..profiles import Profile, ProfileLike, get_profile
from ..variants import rules_for
from .melds import cards_value, check_meld_cards
from .state import RoundState, kinds_text

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["ScoreBreakdown", "ScoreItem", "ScoredRound", "canasta_bonus_text", "round_team_score", "score_round",
           "score_team"]


def canasta_bonus_text(profile: Profile, kind: str) -> str:
    """A canasta's bonus in words, with the condition `score_team` puts on it, if any.

    >>> canasta_bonus_text(get_profile(), "natural")
    'bonus 500'
    >>> canasta_bonus_text(get_profile("italian"), "deuce_natural")
    'bonus 3000 if the team goes out (otherwise its cards count at face value)'
    """
    bonus = profile.canasta_bonus(kind)
    if kind in profile.bonus_needs_going_out:
        return gettext("bonus {bonus} if the team goes out (otherwise its cards count at face value)").format(
            bonus=bonus)
    if kind in profile.conditional_bonus_kinds:
        needed = kinds_text(profile.bonus_condition_kinds)
        return gettext("bonus {bonus} once the team also has a canastra {kinds}").format(bonus=bonus, kinds=needed)
    return gettext("bonus {bonus}").format(bonus=bonus)


class ScoreItem(NamedTuple):
    """One line of a score breakdown."""

    label: str
    points: int
    code: str


@dataclass(frozen=True)
class ScoreBreakdown:
    """A team's score for one hand, line by line."""

    items: tuple[ScoreItem, ...]
    team: int | None = None
    profile_name: str = "classic"

    @property
    def total(self) -> int:
        """The hand's total for the team."""
        return sum(item.points for item in self.items)

    def points(self, code: str) -> int:
        """The points of the items with this code (``"melds"``, ``"hand"``, ``"red_threes"``...)."""
        return sum(item.points for item in self.items if item.code == code)

    def to_frame(self) -> pandas.DataFrame:
        """The breakdown as a pandas DataFrame (label, points), with a total row."""
        from ..core.extras import import_pandas

        pd = import_pandas("ScoreBreakdown.to_frame()")
        rows: list[dict[str, Any]] = [{"item": i.label, "points": i.points} for i in self.items]
        rows.append({"item": gettext("Total"), "points": self.total})
        frame: pandas.DataFrame = pd.DataFrame(rows)
        return frame

    def __str__(self) -> str:
        total = gettext("Total")
        width = max([len(i.label) for i in self.items] + [len(total)])
        lines = [f"{i.label:<{width}}  {i.points:>6}" for i in self.items]
        lines.append(f"{total:<{width}}  {self.total:>6}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"ScoreBreakdown(total={self.total}, items={len(self.items)})"

    def _repr_html_(self) -> str:
        from ..render import score_html

        return score_html(self)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"team": self.team, "total": self.total,
                "items": [{"label": i.label, "points": i.points, "code": i.code} for i in self.items]}


def score_team(
    melds: Iterable[Sequence[Card]],
    red_threes: Sequence[Card],
    hands: Iterable[Sequence[Card]],
    profile: Profile,
    *,
    went_out: bool = False,
    concealed: bool = False,
    has_melded: bool | None = None,
    team: int | None = None,
    reserves: Iterable[Sequence[Card]] = (),
    morto_taken: bool | None = None,
    players_without_meld: int = 0,
) -> ScoreBreakdown:
    """Score one team: the engine's scoring, also behind `score_round`.

    ``melds`` holds every meld and canasta of the team (closed canastas included);
    ``reserves`` the reserve piles its players never picked up (they count like cards in hand).
    Brazilian games: ``morto_taken`` False costs the morto penalty, and each of the
    ``players_without_meld`` the no-meld penalty; ``went_out`` is the hand-ending batida.
    """
    rules = rules_for(profile)
    melds = [list(m) for m in melds]
    hands = [list(h) for h in hands]
    # docs/rules.md#rules-dealt-red-threes, Ruling: a dealt red three never laid (cardgames_io
    # lays dealt ones down only at the holder's first turn, and the hand may end before it)
    # still counts as the team's red three, never as a card left in hand
    unlaid = [c for h in hands for c in h if c.is_red_three]
    if unlaid:
        red_threes = list(red_threes) + unlaid
        hands = [[c for c in h if not c.is_red_three] for h in hands]
    items: list[ScoreItem] = []
    meld_points = sum(cards_value(m, profile) for m in melds)
    items.append(ScoreItem(gettext("Melded cards"), meld_points, "melds"))
    kinds: list[str] = []
    for meld in melds:
        key = rules.meld_key(meld)
        kind = rules.canasta_kind(meld, key) if key is not None else None
        if kind is not None:
            kinds.append(kind)
    for kind in ("natural", "mixed", "sevens", "wild", "deuce_natural", "deuce_mixed", "real", "de_mil",
                 "limpa", "suja"):
        count = kinds.count(kind)
        if not count:
            continue
        label = kind_label(kind)
        if kind in profile.bonus_needs_going_out and not went_out:
            items.append(ScoreItem(gettext("{label} ({count}): no bonus, the team did not go out").format(
                label=label, count=count), 0, kind + "_canastas"))
            continue
        if kind in profile.conditional_bonus_kinds and not profile.bonus_condition_kinds & set(kinds):
            needed = kinds_text(profile.bonus_condition_kinds)
            items.append(ScoreItem(gettext("{label} ({count}): no bonus without a canastra {kinds}").format(
                label=label, count=count, kinds=needed), 0, kind + "_canastas"))
            continue
        bonus = profile.canasta_bonus(kind)
        items.append(ScoreItem(gettext("{label} ({count} × {bonus})").format(label=label, count=count, bonus=bonus),
                               count * bonus, kind + "_canastas"))
    extra = rules.many_canastas_score(kinds)
    if extra:
        items.append(ScoreItem(hook_label(extra[0]), extra[1], "many_canastas"))
    if red_threes:
        count = min(len(red_threes), len(profile.red_three_bonuses) - 1)
        bonus = profile.red_three_bonuses[count]
        melded = bool(melds) if has_melded is None else has_melded
        threes = gettext("Red threes ({count})").format(count=len(red_threes))
        if unlaid:
            threes = gettext("Red threes ({count}, {cards} dealt and never laid down: the hand ended before its "
                             "holder's first turn)").format(count=len(red_threes), cards=format_cards(unlaid))
        if profile.red_threes_need_kinds and not profile.red_threes_need_kinds & set(kinds):
            needed = kinds_text(profile.red_threes_need_kinds)
            items.append(ScoreItem(gettext("{red_threes}, negative: no canastra {kinds}").format(
                red_threes=threes, kinds=needed), -bonus, "red_threes"))
        elif profile.red_threes_need_sevens_canasta and "sevens" not in kinds:
            items.append(ScoreItem(gettext("{red_threes}, negative: no sevens canasta").format(red_threes=threes),
                                   -bonus, "red_threes"))
        elif not melded and profile.red_threes_negative_without_meld:
            items.append(ScoreItem(gettext("{red_threes}, negative: the team melded nothing").format(
                red_threes=threes), -bonus, "red_threes"))
        else:
            items.append(ScoreItem(threes, bonus, "red_threes"))
    if went_out:
        label, points = rules.going_out_score(concealed)
        items.append(ScoreItem(hook_label(label), points, "going_out"))
    if morto_taken is False and profile.morto_not_taken_penalty:
        items.append(ScoreItem(gettext("Morto not taken"), -profile.morto_not_taken_penalty, "morto"))
    if players_without_meld and profile.no_meld_player_penalty:
        items.append(ScoreItem(gettext("Players who melded no card ({count})").format(count=players_without_meld),
                               -players_without_meld * profile.no_meld_player_penalty, "no_meld"))
    # A reserve never picked up counts like cards in hand, and a red three has no card value
    # (it is a bonus card, never a card left in hand): its red threes cost nothing.
    unpicked = [c for r in reserves for c in r if not c.is_red_three]
    if unpicked:
        items.append(ScoreItem(ngettext("Reserve never picked up ({count} card)",
                                        "Reserve never picked up ({count} cards)", len(unpicked)).format(
                                   count=len(unpicked)), -cards_value(unpicked, profile), "reserve"))
    left = [c for h in hands for c in h]
    penalty = cards_value(left, profile)
    if left:
        items.append(ScoreItem(gettext("Cards left in hand ({cards})").format(cards=format_cards(left)), -penalty,
                               "hand"))
    return ScoreBreakdown(tuple(items), team, profile.name)


def kind_label(kind: str) -> str:
    """The score-sheet label of a kind of canasta ('Natural canastas', 'Canastras reais'), in
    the language spoken now (``docs/rules.md#rules-scoring``).

    >>> kind_label("deuce_natural")
    'Canastas of seven twos'
    """
    if kind == "natural":
        return gettext("Natural canastas")
    if kind == "mixed":
        return gettext("Mixed canastas")
    if kind == "sevens":
        return gettext("Sevens canastas")
    if kind == "wild":
        return gettext("Wild-card canastas")
    if kind == "deuce_natural":
        return gettext("Canastas of seven twos")
    if kind == "deuce_mixed":
        return gettext("Mixed deuce canastas")
    if kind == "real":
        return gettext("Canastras reais")
    if kind == "de_mil":
        return gettext("Canastras de mil")
    if kind == "limpa":
        return gettext("Canastras limpas")
    if kind == "suja":
        return gettext("Canastras sujas")
    return kind.replace("_", " ")


def hook_label(label: str) -> str:
    """A score line's label made by a variant hook (going out, many canastas), in the language
    spoken now; English labels are returned as they are (``docs/rules.md#rules-scoring``).

    >>> hook_label("Five natural canastas + ten canastas")
    'Five natural canastas + ten canastas'
    """
    if label == "Going out":
        return gettext("Going out")
    if label == "Going out concealed":
        return gettext("Going out concealed")
    if label == "Batida ending the hand":
        return gettext("Batida ending the hand")
    if " + " in label:
        return " + ".join(hook_label(part) for part in label.split(" + "))
    if label == "Five natural canastas":
        return gettext("Five natural canastas")
    if label == "Five canastas, one not natural":
        return gettext("Five canastas, one not natural")
    if label == "ten canastas":
        return gettext("ten canastas")
    return label


def score_round(
    team_melds: Iterable[CardsLike] = (),
    red_threes: CardsLike = (),
    hands_left: Iterable[CardsLike] | CardsLike = (),
    went_out: bool = False,
    concealed: bool = False,
    profile: ProfileLike = "classic",
    has_melded: bool | None = None,
) -> ScoreBreakdown:
    """Score one team's hand from its melds, red threes and the cards left in its hands.

    ``team_melds`` is a list of melds (notation text or card lists); ``hands_left`` a list
    of the partners' remaining hands (or one text). ``has_melded`` overrides "the team made
    a meld" (default: it has melds), which decides the sign of red threes.

    Impossible input is refused: a meld that is not a legal meld (ValueError naming
    ``team_melds``), a card in ``red_threes`` that is not a red three, more copies of a card
    than the profile's decks hold (`DeckError`), a red three left in hand where dealt ones are
    laid down at once, unreadable cards (`NotationError`), or a value of the wrong kind (a
    TypeError naming the argument).
    """
    prof = get_profile(profile)
    if isinstance(team_melds, (str, Card)):
        team_melds = [team_melds]
    melds = need_card_lists(team_melds, "team_melds", "melds (each notation text or a list of cards)")
    if isinstance(hands_left, (str, Card)):
        hands = [need_cards(hands_left, "hands_left")]
    else:
        hands = need_card_lists(hands_left, "hands_left", "hands (each notation text or a list of cards)")
    threes = need_cards(red_threes, "red_threes")
    need_bool(went_out, "went_out")
    need_bool(concealed, "concealed")
    need_bool(has_melded, "has_melded", allow_none=True)
    if concealed and not went_out:
        raise ValueError("concealed=True needs went_out=True: only a player going out can be concealed.")
    others = [c for c in threes if not c.is_red_three]
    if others:
        raise ValueError(f"red_threes holds {format_cards(others)}, which {'is' if len(others) == 1 else 'are'} "
                         "not red threes: give only h3 and d3 cards there.")
    for index, meld in enumerate(melds):
        verdict = check_meld_cards(meld, prof, going_out=went_out)
        if not verdict:
            raise ValueError(f"team_melds[{index}] ({format_cards(meld) or 'no cards'}) is not a legal meld: "
                             f"{verdict.message} Give each of the team's melds as it lies on the table.")
    if any(c.is_red_three for h in hands for c in h):
        problem = rules_for(prof).scored_hand_red_three_problem()
        if problem is not None:
            raise ValueError(problem)
    need_counts_in_deck([c for m in melds for c in m] + threes + [c for h in hands for c in h], prof,
                        gettext("The scored hand (its melds, red threes and hands left)"))
    return score_team(melds, threes, hands, prof, went_out=went_out,
                      concealed=concealed, has_melded=has_melded)


class ScoredRound(RoundState, Protocol):
    """The round as its scoring reads it: the state checks read, each seat's red threes, whether
    the player who went out did so concealed, the seats (the engine's ``Round`` implements it)."""

    @property
    def red_threes(self) -> list[list[Card]]: ...
    @property
    def went_out_concealed(self) -> bool: ...
    @property
    def player_count(self) -> int: ...


def round_team_score(rnd: ScoredRound, team: int) -> ScoreBreakdown:
    """A team's score for the round as it stands (final once the round is over): `score_team`
    over the team's melds and canastas, its players' red threes, hands and reserves, its going
    out and its morto (docs/rules.md#rules-scoring, docs/variants.md#variants-brazilian-scoring)."""
    seats = [s for s in range(rnd.player_count) if rnd.team_of(s) == team]
    went_out = rnd.went_out is not None and rnd.team_of(rnd.went_out) == team
    return score_team(
        list(rnd.melds[team].values()) + list(rnd.closed[team]),
        [c for s in seats for c in rnd.red_threes[s]],
        [rnd.hands[s] for s in seats],
        rnd.profile,
        went_out=went_out,
        concealed=went_out and rnd.went_out_concealed,
        has_melded=bool(rnd.melds[team]) or bool(rnd.closed[team]),
        team=team,
        reserves=[rnd.reserves[s] for s in seats],
        morto_taken=rnd.morto_state[team] == "taken" if rnd.rules.has_morto else None,
        players_without_meld=sum(1 for s in seats if not rnd.has_melded[s]),
    )
