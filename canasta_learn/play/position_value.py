"""A learned estimate of how a round will end, read from a position: what the coach's play-outs
use when they are cut short (`coach.advise(cut=...)`).

Most of the noise in the coach's estimates at meld positions is the luck of the cards drawn
after the move (benchmarks/bench_draw_luck.py): two candidate moves' play-outs on one deal part
because the same later cards fall on different hands. A play-out that stops `CUT` actions after
the move and is scored by `estimate` carries less of that luck and costs less, so a hint plays
more deals in its budget; the price is the estimate's own error. Measured on 400 meld positions
against 10x references (benchmarks/bench_cut_playouts.py), hints cut after 32 actions named the
reference's best 80% of the time instead of 73% and lost 8.6 points a decision instead of 18.0,
at the same CPU. The play view's Hint uses it (`widgets.play.HINT_CUT`), with "about equal" and
the margins between moves counting the estimate's own error (`GAP_ERROR`).

The estimate is linear in `features` (`WEIGHTS`), fitted by least squares (ridge 1) to the
final value of 74,935 play-outs, 32 actions after the move at 150 meld positions of the classic
game from seed 33001, 80 deals each (`python benchmarks/bench_cut_playouts.py --train
--train-positions 150`). So it holds for the classic profile of two teams only (`applies`).

What it reads: the table and the hands (`table_features`), who is about to get the pile
(`pile_features`: the position at a cut is a deal of the unseen cards, so every hand is known)
and who is ready to go out (`ending_features`). The last two were added on 2026-12-06: over
five folds of the training positions they lowered the estimate's error between two moves from
24.2 to 20.9 points (bench_cut_playouts.py's docstring).

>>> from canasta_learn.engine.round import Round
>>> rnd = Round(seed=5)
>>> len(features(rnd, 0)), applies(rnd.profile)
(44, True)
>>> estimate(rnd, 0) == sum(w * x for w, x in zip(WEIGHTS, [*features(rnd, 0), 1.0]))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine.moves import take_candidates
from ..engine.round import Round
from ..profiles import Profile, get_profile
from ..rules.melds import cards_value
from .bots import GreedyBot, acting_seat

#: Actions after the move at which the weights were fitted: play-outs using `estimate` should be
#: cut there.
CUT = 32

#: How far `estimate`, at a `CUT`, is from what playing the round to its end gives, beyond the luck
#: of the deals, as standard deviations in points: between two moves at one position (the error of
#: their paired gap: what the coach's "about equal" and its margins between moves add), and of one
#: move's value. Measured on 400 meld positions (seeds 44001, 47001-50050, 51001 and 52001): the
#: hints cut after 32 actions against 10x references played to the end, the squared difference
#: of their estimates minus both noises (`bench_hint_agreement.estimate_error`, printed by
#: ``python benchmarks/bench_hint_agreement.py --report-only --results FILE --reference-from
#: REFS``): 30.3 (95% CI 24.0-35.6) between two moves, 54.6 (46.0-62.0) of one value. Hints played
#: to the end, the same way: 18.6 (0-32.1) and 0 (0-22.8), no error beyond the noise. Confirmed on
#: 100 fresh meld positions (seeds 54001): 32.0 (16.3-42.3) and 43.4 (25.3-55.9).
GAP_ERROR = 30.0
VALUE_ERROR = 55.0

#: The profile the estimate was fitted on (`applies`).
PROFILE = "classic"

#: The weights of `features`, then the constant (see the module's docstring for how they were
#: fitted; `benchmarks/bench_cut_playouts.py --train` makes them again).
WEIGHTS: tuple[float, ...] = (
    125.1533612550019,
    -173.7384549335545,
    -96.74146218558744,
    82.34564988691093,
    247.09653482073614,
    111.52338286530431,
    51.28913807201221,
    -217.69972539087738,
    22.56792596402487,
    -109.1665043927135,
    86.82678216576312,
    48.532118424155875,
    -96.49064989494676,
    -246.94270310036458,
    78.46765241141544,
    -65.14725289164372,
    -245.38167852874216,
    55.22178811134307,
    129.4646013677871,
    -2.225275719742663,
    218.01456183220245,
    228.91357935246324,
    94.64014056628373,
    120.22058069736595,
    -130.00664122801334,
    282.7825814391535,
    -167.1670049512704,
    125.95867191792273,
    65.93217144796924,
    67.12319243528825,
    -33.8152500360231,
    -77.63032382909941,
    -3.746442978001838,
    -68.80239335021247,
    -207.94736094723336,
    -25.70339632087214,
    -25.542111234635374,
    207.2241962233283,
    84.05835093714107,
    17.920950490775823,
    -138.203290876822,
    -155.79287359419578,
    40.236995627056736,
    -42.27910536569053,
    253.3382983574674
)


def applies(profile: Profile) -> bool:
    """True when the estimate holds for games of ``profile``: the classic profile (every rule
    of it), two teams."""
    return profile == get_profile(PROFILE) and profile.team_count == 2


def check_cut(cut: object) -> None:
    """Raise a ValueError unless ``cut`` is None (every play-out played to the end) or a whole
    number of actions, at least 1 (``advise(cut=...)``, ``HintFollower(cut=...)``)."""
    if cut is not None and (not isinstance(cut, int) or isinstance(cut, bool) or cut < 1):
        raise ValueError(f"cut must be a whole number of actions, at least 1, or None to play every ending to "
                         f"the end, not {cut!r}.")


def cut_for(profile: Profile, cut: int | None) -> int | None:
    """The cut a hint uses in games of ``profile``: ``cut`` where the estimate holds (`applies`),
    else None (every play-out played to the end), as the play view's Hint, the hint follower and
    the benchmarks do.

    >>> cut_for(get_profile("classic"), 32), cut_for(get_profile("italian"), 32), cut_for(get_profile("classic"), None)
    (32, None, None)
    """
    return cut if cut is not None and applies(profile) else None


def features(rnd: Round, team: int) -> list[float]:
    """What the estimate reads of a position, for ``team`` then the other team (two teams only):
    `table_features`, then `pile_features` (who is about to get the pile) and `ending_features`
    (who is ready to go out, and what the cards still in hands and the stock mean then)."""
    base = table_features(rnd, team)
    return [*base, *pile_features(rnd, team), *ending_features(base)]


def table_features(rnd: Round, team: int) -> list[float]:
    """The table and the hands, for ``team`` then the other team: points on the table
    (GreedyBot's `table_value`, in hundreds), natural and mixed canastas, melds of five or six
    cards, cards in the team's hands (in tens) and their points (in hundreds), wild cards in them,
    whether the team has opened, its shortest hand (in tens); then the stock (in sixties), the pile
    (in tens) and whether ``team`` is to act."""
    prof = rnd.profile
    size = prof.canasta_size
    out: list[float] = []
    for t in (team, 1 - team):
        seats = [s for s in range(rnd.player_count) if rnd.team_of(s) == t]
        hands = [c for s in seats for c in rnd.hands[s]]
        melds = rnd.melds[t]
        natural = sum(1 for m in melds.values() if len(m) >= size and not any(c.is_wild for c in m))
        mixed = sum(1 for m in melds.values() if len(m) >= size and any(c.is_wild for c in m))
        near = sum(1 for m in melds.values() if 5 <= len(m) < size)
        out += [GreedyBot.table_value(rnd, t) / 100, natural, mixed, near, len(hands) / 10,
                cards_value(hands, prof) / 100, sum(1 for c in hands if c.is_wild), float(rnd.opened[t]),
                min(len(rnd.hands[s]) for s in seats) / 10]
    acting = float(rnd.team_of(acting_seat(rnd)) == team) if not rnd.is_over else 0.0
    return [*out, len(rnd.stock) / 60, len(rnd.pile) / 10, acting]


def pile_features(rnd: Round, team: int) -> list[float]:
    """Who is about to get the pile, signed +1 when it is ``team``'s player, -1 the other's (the
    position at a cut is one deal of the unseen cards: every hand is known): when the seat to act
    is to draw and may take the pile, the pile's cards (in tens), points (in hundreds) and
    whether it holds a wild card; whether the seat to act is to draw; when it is to meld and
    discard, the share of the kinds of natural cards in its hand (threes left out) that the next
    seat could take the pile with (two of them in its hand, or its team's meld of them), alone and
    times the pile's cards and points. Zeros when the round is over."""
    if rnd.is_over:
        return [0.0] * 7
    seat = acting_seat(rnd)
    sign = 1.0 if rnd.team_of(seat) == team else -1.0
    pile = rnd.pile
    cards = len(pile) / 10
    points = cards_value(pile, rnd.profile) / 100
    takes = 0.0
    if rnd.phase == "draw" and pile and any(True for _ in take_candidates(rnd, seat)):
        takes = sign
    risk = 0.0
    if rnd.phase == "play":
        after = rnd.next_seat(seat)
        theirs = Counter(c.rank for c in rnd.hands[after] if not c.is_wild)
        their_melds = rnd.melds[rnd.team_of(after)]
        mine = {c.rank for c in rnd.hands[seat] if not c.is_wild and c.rank != 3}
        if mine:
            share = sum(1 for r in mine if theirs[r] >= 2 or r in their_melds) / len(mine)
            risk = share if rnd.team_of(after) == team else -share
    wild = float(any(c.is_wild for c in pile))
    return [takes * cards, takes * points, takes * wild, sign * float(rnd.phase == "draw"),
            risk * cards, risk * points, risk]


def ending_features(table: Sequence[float]) -> list[float]:
    """Read from `table_features` (``table``): for ``team`` then the other team, whether it is
    ready to go out (a canasta, times how far its shortest hand is below ten cards), that times
    the other team's hand points, hand cards and the stock; whether it has a canasta times its own
    hand points and cards; then the stock times each team's hand points and table points."""
    out: list[float] = []
    for own, other in ((0, 9), (9, 0)):
        canasta = float(table[own + 1] + table[own + 2] >= 1)
        ready = canasta * max(0.0, 1.0 - table[own + 8])
        out += [ready, ready * table[other + 5], ready * table[other + 4], ready * table[18],
                canasta * table[own + 5], canasta * table[own + 4]]
    stock = table[18]
    return [*out, stock * table[5], stock * table[14], stock * table[0], stock * table[9]]


def estimate(rnd: Round, team: int, weights: Sequence[float] | None = None) -> float:
    """The estimate of ``team``'s final score minus the other team's at the end of the round, read
    from the position ``rnd`` (``weights``: `WEIGHTS` unless others are being measured)."""
    used = WEIGHTS if weights is None else weights
    return sum(w * x for w, x in zip(used, [*features(rnd, team), 1.0], strict=True))
