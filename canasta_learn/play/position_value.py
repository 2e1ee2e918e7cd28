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
final value of 48,425 play-outs, 32 actions after the move at 97 meld positions of the classic
game from seed 33001, 80 deals each (`python benchmarks/bench_cut_playouts.py --train`). So it
holds for the classic profile of two teams only (`applies`).

>>> from canasta_learn.engine.round import Round
>>> rnd = Round(seed=5)
>>> len(features(rnd, 0)), applies(rnd.profile)
(21, True)
>>> estimate(rnd, 0) == sum(w * x for w, x in zip(WEIGHTS, [*features(rnd, 0), 1.0]))
True
"""

from __future__ import annotations

from collections.abc import Sequence

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
    159.54038191734463,
    -265.2740044044636,
    -125.34442834398217,
    92.03570875345306,
    221.491976218642,
    16.201032182137755,
    52.60300070139302,
    -318.16954116766476,
    -27.202417609168528,
    -137.5122277974367,
    98.06924752443177,
    80.91939377929161,
    -92.73755429124496,
    -266.6517758990329,
    38.164882813924685,
    -58.04128960158863,
    50.04232296175732,
    160.04888107734618,
    82.5586543383007,
    10.522095072372206,
    27.715092026278892,
    50.04232296176698
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
    """What the estimate reads of a position, for ``team`` then the other team: points on the
    table (GreedyBot's `table_value`, in hundreds), natural and mixed canastas, melds of five or
    six cards, cards in the team's hands (in tens) and their points (in hundreds), wild cards in
    them, whether the team has opened, its shortest hand (in tens); then the stock (in sixties),
    the pile (in tens) and whether ``team`` is to act. Two teams only."""
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


def estimate(rnd: Round, team: int, weights: Sequence[float] | None = None) -> float:
    """The estimate of ``team``'s final score minus the other team's at the end of the round, read
    from the position ``rnd`` (``weights``: `WEIGHTS` unless others are being measured)."""
    used = WEIGHTS if weights is None else weights
    return sum(w * x for w, x in zip(used, [*features(rnd, team), 1.0], strict=True))
