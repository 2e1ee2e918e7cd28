"""Plain-text pictures of rounds and tables (terminal, `str()`, the demo)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import Card, format_cards, rank_name
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
        return "    (no melds)"
    lines = []
    if rnd is not None and rules_for(rnd.profile).suits_matter:
        from ..rules.melds import canasta_kind
        from ..variants.sequences import describe_run

        for key in sorted(melds):
            meld = melds[key]
            kind = canasta_kind(meld, key, rnd.profile)
            mark = f"  [canastra {kind.replace('_', ' ')}]" if kind else ""
            shown = format_cards(meld) if key == 1 else describe_run(meld)
            lines.append(f"    {key:>3} {rnd.meld_label(key, meld)}: {shown}{mark}")
        return "\n".join(lines)
    for rank in sorted(melds, key=lambda r: (r == 1, r)):
        meld = melds[rank]
        mark = ""
        if rnd is not None:  # the profile decides the kind (seven twos, a wild-card meld, sevens...)
            from ..rules.melds import canasta_kind

            kind = canasta_kind(meld, rank, rnd.profile)
            mark = f"  [{kind.replace('_', ' ')} canasta]" if kind else ""
        elif len(meld) >= canasta_size and rank != 3:  # black threes are never a canasta
            mark = "  [natural canasta]" if not any(c.is_wild for c in meld) else "  [mixed canasta]"
        name = "wild" if rank == 0 else rank_name(rank, plural=True)
        lines.append(f"    {name:>7}: {format_cards(meld)}{mark}")
    return "\n".join(lines)


def round_text(rnd: Round) -> str:
    """The whole table as plain text: pile, stock, each seat's hand, red threes and melds."""
    prof = rnd.profile
    status = "over (" + str(rnd.end_reason).replace("_", " ") + ")" if rnd.is_over else (
        f"{rnd.seat_name(rnd.to_move)} to {rnd.phase}")
    pile = rnd.pile_status()
    lines = [
        f"Round ({prof.name}) - dealer {rnd.seat_name(rnd.dealer)} - {status}",
        f"Stock: {len(rnd.stock)} cards   Pile ({len(rnd.pile)}): top "
        f"{rnd.top_card if rnd.top_card else '-'}  [{pile.state}]",
    ]
    for team in range(prof.team_count):
        seats = [s for s in range(prof.player_count) if rnd.team_of(s) == team]
        names = "-".join(rnd.seat_name(s) for s in seats)
        opened = "opened" if rnd.opened[team] else f"not opened, minimum {rnd.opening_minimum(team)}"
        lines.append(f"Team {names} (score {rnd.team_scores[team]}, {opened}):")
        lines.append(melds_text(rnd.melds[team], prof.canasta_size, rnd))
        if rules_for(prof).has_morto:
            lines.append(f"    morto: {rnd.morto_text(team)}")
        for meld in rnd.closed[team]:
            lines.append(f"    closed canasta: {format_cards(meld)}")
        for seat in seats:
            threes = rnd.red_threes[seat]
            extra = f"  red threes: {format_cards(threes)}" if threes else ""
            reserve = f"  reserve: {len(rnd.reserves[seat])} cards face down" if rnd.reserves[seat] else ""
            hand = rnd.hands[seat]
            lines.append(f"  {rnd.seat_name(seat)} ({len(hand)}): {cards_text(hand)}{extra}{reserve}")
    return "\n".join(lines)
