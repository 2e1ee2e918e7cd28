"""Plain-text pictures of rounds and tables (terminal, `str()`, the demo)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import Card, format_cards, rank_name
from ..core.i18n import gettext, ngettext, pgettext
from ..rules.pile import state_word
from ..variants.base import rules_for

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.round import Round

__all__ = ["cards_text", "melds_text", "round_text"]


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards in notation, or a dash when there are none."""
    return format_cards(cards) or "-"


def melds_text(melds: dict[int, list[Card]], canasta_size: int = 7, rnd: Round | None = None) -> str:
    """A team's melds, one per line, canastas marked (with ``rnd``: sequences as runs and
    their canasta kinds, for the Brazilian games)."""
    if not melds:
        return "    " + gettext("(no melds)")
    lines = []
    if rnd is not None and rules_for(rnd.profile).suits_matter:
        from ..rules.melds import canasta_kind
        from ..variants.sequences import describe_run

        for key in sorted(melds):
            meld = melds[key]
            kind = canasta_kind(meld, key, rnd.profile)
            mark = f"  [canastra {kind.replace('_', ' ')}]" if kind else ""  # Brazilian names in every language
            shown = format_cards(meld) if key == 1 else describe_run(meld)
            lines.append(f"    {key:>3} {rnd.meld_label(key, meld)}: {shown}{mark}")
        return "\n".join(lines)
    for rank in sorted(melds, key=lambda r: (r == 1, r)):
        meld = melds[rank]
        mark = ""
        if rnd is not None:  # the profile decides the kind (seven twos, a wild-card meld, sevens...)
            from ..rules.melds import canasta_kind

            kind = canasta_kind(meld, rank, rnd.profile)
            mark = f"  [{_kind_text(kind)}]" if kind else ""
        elif len(meld) >= canasta_size and rank != 3:  # black threes are never a canasta
            mark = f"  [{_kind_text('natural' if not any(c.is_wild for c in meld) else 'mixed')}]"
        name = pgettext("meld of", "wild") if rank == 0 else rank_name(rank, plural=True)
        lines.append(f"    {name:>7}: {format_cards(meld)}{mark}")
    return "\n".join(lines)


def _kind_text(kind: str) -> str:
    """A canasta kind as the text table marks it: "natural canasta"."""
    words = {"natural": gettext("natural canasta"), "mixed": gettext("mixed canasta"),
             "sevens": gettext("sevens canasta"), "wild": gettext("wild canasta"),
             "deuce_natural": gettext("deuce natural canasta"), "deuce_mixed": gettext("deuce mixed canasta")}
    return words.get(kind, f"{kind.replace('_', ' ')} canasta")


def _status(rnd: Round) -> str:
    if rnd.is_over:
        reason = (gettext("stock exhausted") if rnd.end_reason == "stock_exhausted"
                  else gettext("went out") if rnd.end_reason == "went_out"
                  else str(rnd.end_reason).replace("_", " "))
        return gettext("over ({reason})").format(reason=reason)
    seat = rnd.seat_label(rnd.to_move)
    if rnd.phase == "draw":
        return gettext("{seat} to draw").format(seat=seat)
    if rnd.phase == "play":
        return gettext("{seat} to play").format(seat=seat)
    if rnd.phase == "answer":
        return gettext("{seat} to answer").format(seat=seat)
    return f"{seat} to {rnd.phase}"


def round_text(rnd: Round) -> str:
    """The whole table as plain text: pile, stock, each seat's hand, red threes and melds."""
    prof = rnd.profile
    pile = rnd.pile_status()
    lines = [
        gettext("Round ({profile}) - dealer {dealer} - {status}").format(
            profile=prof.name, dealer=rnd.seat_label(rnd.dealer), status=_status(rnd)),
        # the English says "cards" for any number: its singular is the same
        ngettext("Stock: {stock} cards   Pile ({pile}): top {top}  [{state}]",
                 "Stock: {stock} cards   Pile ({pile}): top {top}  [{state}]", len(rnd.stock)).format(
            stock=len(rnd.stock), pile=len(rnd.pile), top=rnd.top_card if rnd.top_card else "-",
            state=state_word(pile.state)),
    ]
    for team in range(prof.team_count):
        seats = [s for s in range(prof.player_count) if rnd.team_of(s) == team]
        names = "-".join(rnd.seat_label(s, form="letter") for s in seats)
        if rnd.opened[team]:
            line = gettext("Team {team} (score {score}, opened):")
        else:
            line = gettext("Team {team} (score {score}, not opened, minimum {minimum}):")
        lines.append(line.format(team=names, score=rnd.team_scores[team], minimum=rnd.opening_minimum(team)))
        lines.append(melds_text(rnd.melds[team], prof.canasta_size, rnd))
        if rules_for(prof).has_morto:
            lines.append("    " + gettext("morto: {state}").format(state=rnd.morto_text(team)))
        for meld in rnd.closed[team]:
            lines.append("    " + gettext("closed canasta: {cards}").format(cards=format_cards(meld)))
        for seat in seats:
            threes = rnd.red_threes[seat]
            extra = "  " + gettext("red threes: {cards}").format(cards=format_cards(threes)) if threes else ""
            count = len(rnd.reserves[seat])
            # the English says "cards" for any number: its singular is the same
            reserve = ("  " + ngettext("reserve: {count} cards face down", "reserve: {count} cards face down",
                                       count).format(count=count) if rnd.reserves[seat] else "")
            hand = rnd.hands[seat]
            lines.append(f"  {rnd.seat_label(seat, 'letter')} ({len(hand)}): {cards_text(hand)}{extra}{reserve}")
    return "\n".join(lines)
