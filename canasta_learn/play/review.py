"""Game review: the coach's opinion of every move of a recorded game.

`review_round` screens each decision (moves with a single legal choice are skipped), the
decisions most likely to matter first (an unused chance to go out, then the decisions on the
biggest piles; see `_stakes`), with `canasta_learn.play.coach.judge` on `review_endings`
(``rollouts``, at least `MIN_REVIEW_ROLLOUTS`) simulated endings; a move whose estimated loss
against the coach's best move is at least ``threshold`` points and more than `FIRST_LOOK_Z`
standard errors is a *suspect*. The best of several moves measured on the same few endings
looks better than it is, and a few endings can be unlucky, so each suspect is judged again as
soon as it is found. First the alternative (`choose_alternative`): GreedyBot's move, unless the
first look's best beats it by more than `KEEP_GREEDY_Z` standard errors. Then the check: the
move played against that alternative only, on `CONFIRM_ROLLOUTS` fresh endings (another seed,
so the luck that picked the alternative does not count), doubled up to `MAX_CONFIRM_ROLLOUTS`
while the loss could still reach the threshold (the loss plus `FUTILITY_Z` standard errors is
at least the threshold) but is not yet told from 0 (`confirm_loss`: at most 4 looks, at 48,
96, 192 and 384 endings). One rule marks a move (`review_confirmed`): the confirmed loss is at least
``threshold`` (`REVIEW_THRESHOLD`, 50 points) and the lower end of its interval is above 0,
the interval being ``INTERIM_Z`` (3.0) standard errors wide at an interim look (fewer than
`MAX_CONFIRM_ROLLOUTS` endings) and `FINAL_Z` (2.0) at the last (Student's t: both scaled by
`canasta_learn.play.estimates.t95` / 1.96). Looking up to 4 times with the usual 1.96 would
mark a move that loses nothing 7.1% of the time instead of 2.5% (the lower end of one 95%
interval); these bounds (Haybittle-Peto: strict interim looks, about the usual test at the
last) keep it at 2.5% over all the looks, so the overall 95% still holds. A mark holds the
coach's move (in notation and in words), the confirmed loss with its standard error, the
reasons (the coach's move's, then the played move's own), and the rollouts and seed of the
check, which make it repeatable: ``confirm_loss`` on them gives the loss again, and
`review_confirmed` on the loss, its error and the rollouts gives the mark. A
``progress(done, total, marks)`` callback follows the review as it goes, so the first marks
show before the review ends. Marks are stored in the record's own ``review`` field of each
round (`canasta_learn.records.record.RoundRecord.review`), never in the human comments or
glyphs.

Measured (benchmarks/bench_review.py): see its docstring.

Everything is seeded: the same record, seed and rollouts give the same marks.

>>> from canasta_learn.records.examples import load_example
>>> record = load_example("concealed_going_out")
>>> marks = review_round(record, 0, rollouts=3, seed=1)
>>> marks == review_round(record, 0, rollouts=3, seed=1)
True
>>> all(review_confirmed(m["loss"], m["stderr"], m["rollouts"]) for m in marks.values())
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.actions import Action, Answer, Ask, parse_action
from ..engine.round import Round
from ..records.record import GameRecord, review_mark
from .bots import acting_seat
from .coach import Advice, Candidate, _search, judge
from .estimates import margin95, paired_gap

__all__ = ["CONFIRM_ROLLOUTS", "FINAL_Z", "FIRST_LOOK_Z", "FUTILITY_Z", "INTERIM_Z", "KEEP_GREEDY_Z",
           "MAX_CONFIRM_ROLLOUTS", "MIN_REVIEW_ROLLOUTS", "REVIEW_ROLLOUTS", "REVIEW_THRESHOLD", "Progress",
           "choose_alternative", "confirm_loss", "confirmed", "look_z", "review_confirmed", "review_endings",
           "review_game", "review_round"]

#: A move is marked when the coach estimates it loses at least this many points.
REVIEW_THRESHOLD = 50.0
#: Simulated endings per decision unless told otherwise (small: a review should take seconds).
REVIEW_ROLLOUTS = 8
#: Fewer simulated endings than this are raised to it: with 4 to 6 endings the coach flagged
#: good moves (the canasta of sevens of ``frozen_pile_fight``) as losing hundreds of points.
MIN_REVIEW_ROLLOUTS = 8
#: Fresh simulated endings on which a candidate mark is judged again before it is kept.
CONFIRM_ROLLOUTS = 48
#: The check goes on, doubling its endings up to this many, while the loss it finds is at
#: least the threshold but its 95% interval still reaches 0 (a sequential check: see
#: `confirm_loss`). Planted blunders lose 100 to 150 points with a standard deviation of some
#: 750 points a deal: 48 deals rarely tell them from 0, a few hundred do. With 192, 10 of the 20
#: planted blunders were marked, with 384, 11 (13 with `FIRST_LOOK_Z` 0.5).
MAX_CONFIRM_ROLLOUTS = 384
#: A first look makes a move a candidate when its loss is at least the threshold and more than
#: this many standard errors. Only a filter: the check on `CONFIRM_ROLLOUTS` (up to
#: `MAX_CONFIRM_ROLLOUTS`) fresh endings keeps the marks honest. With 1.96 a real blunder
#: (``tests/review_games.py``, a loss of some 500 points) went unmarked at 2 of 10 seeds; with
#: 1.0, 5 of the 20 planted blunders of ``tests/planted_blunders.py`` (losses of 118 to 301 at
#: 480 deals) were not suspected; with 0.5, 1 (whose first look found the planted move best);
#: the checks of the extra suspects of the 46-step ``frozen_pile_fight`` cost about 190 deals.
FIRST_LOOK_Z = 0.5
#: Standard errors (scaled to Student's t) the loss must clear at an interim look of the
#: sequential check (fewer than `MAX_CONFIRM_ROLLOUTS` deals): a strict bound, so that looking
#: again does not inflate false marks (Haybittle-Peto).
INTERIM_Z = 3.0
#: Standard errors (scaled to Student's t) the loss must clear at the check's last look. With
#: `INTERIM_Z` at the looks before (48, 96 and 192 of 384 deals), a move that loses nothing is
#: marked at most 2.5% of the time over all the looks (Monte Carlo of the four looks, 2 million
#: runs: 2.50%), as one 95% interval is; 1.96 at every look would give 7.1%.
FINAL_Z = 2.0
#: The check's alternative is GreedyBot's move unless the first look's best beats it by more
#: than this many standard errors (`choose_alternative`). Checking against the first look's
#: best alone (the best of some ten moves on 8 deals) missed 4 of the 20 planted blunders; on
#: 16 fresh deals of their own the best of the first look's top 2 and GreedyBot's move still
#: picked a worse move in 2 of the 7 misses, and cost 1.2 s CPU of the frozen_pile_fight review.
KEEP_GREEDY_Z = 1.0
#: The check stops without a mark once the loss plus this many standard errors is below the
#: threshold (it cannot reach it); before, it stopped as soon as the loss was below the threshold,
#: which ended 3 checks of planted blunders (true losses of 114 to 124) at 48 deals with estimates
#: of 21 to 37 (standard errors 74 to 133); with 0.5 all three went on and were marked. The
#: review of ``frozen_pile_fight`` took 9.6 s CPU with the old stop, 9.8 s with 0.5, 12.5 s with
#: 1.0 (a suspect checked up to 384 deals). The false-mark bound of `INTERIM_Z` and `FINAL_Z` is
#: for checks that always take all four looks: stopping early only removes marks, whatever this is.
FUTILITY_Z = 0.5


def review_endings(rollouts: int) -> int:
    """The simulated endings a review spends per decision when asked for ``rollouts``
    (never fewer than `MIN_REVIEW_ROLLOUTS`).

    >>> review_endings(4), review_endings(20)
    (8, 20)
    """
    return max(rollouts, MIN_REVIEW_ROLLOUTS)


def _move_seed(seed: int | None, round_index: int, action_index: int) -> int | None:
    return None if seed is None else (seed * 1_000_003 + round_index * 10_007 + action_index)


def _confirm_seed(seed: int | None) -> int | None:
    return None if seed is None else seed * 7_919 + 104_729


def look_z(rollouts: int, up_to: int = MAX_CONFIRM_ROLLOUTS) -> float:
    """The standard errors a check's loss must clear at a look on ``rollouts`` deals of a
    sequential check that goes up to ``up_to``: `INTERIM_Z` before the last look, `FINAL_Z` at it.

    >>> look_z(48), look_z(192), look_z(384), look_z(500)
    (3.0, 3.0, 2.0, 2.0)
    """
    return FINAL_Z if rollouts >= up_to else INTERIM_Z


def choose_alternative(advice: Advice, played: Action) -> Action:
    """The move a suspect is checked against, from the first look's ``advice`` (every
    candidate on the same deals): GreedyBot's move (``advice.greedy``), unless the first look's
    best beats it by more than `KEEP_GREEDY_Z` standard errors of their paired difference, then
    that best move; never the move ``played`` (then the best other move). The best of many moves
    on a few deals is mostly the luckiest: GreedyBot's move is the steady reference. The check
    plays deals of its own, so the luck that picked the alternative does not count there.

    >>> from canasta_learn.engine.round import Round
    >>> from canasta_learn.play.coach import advise
    >>> rnd = Round(seed=11)
    >>> advice = advise(rnd, rollouts=8, seed=2)
    >>> choose_alternative(advice, advice.best.action) != advice.best.action
    True
    """
    others = [c for c in advice.candidates if not c.stands_for(played)]
    if not others:
        raise ValueError("choose_alternative needs a candidate other than the move played.")
    best = others[0]
    greedy = None if advice.greedy is None else advice.find(advice.greedy)
    if greedy is None or greedy.stands_for(played) or greedy is best:
        return best.action
    gap, stderr = advice.gap(best, greedy)
    return best.action if gap > KEEP_GREEDY_Z * stderr else greedy.action


def _stakes(rnd: Round, played: Action, legal: Sequence[Action], index: int) -> tuple[int, int, int]:
    """How early a decision is screened (smallest first): the decisions most likely to matter
    first. A chance to ask "may I go out?" (or to answer it) left unused comes first: going out
    ends the round; then the decisions on the largest pile (taking it or not, or the discard
    that feeds it: whoever takes a big pile gets its cards); ties the later move first."""
    going_out = isinstance(played, Answer) or (any(isinstance(a, Ask) for a in legal) and not isinstance(played, Ask))
    return (0 if going_out else 1, -len(rnd.pile), -index)


def confirm_loss(rnd: Round, played: Action, alternative: Action, *, rollouts: int = CONFIRM_ROLLOUTS,
                 seed: int | None = None, up_to: int | None = None,
                 threshold: float = REVIEW_THRESHOLD) -> tuple[float, float, Candidate, Advice]:
    """The move ``played`` against the coach's ``alternative`` (both legal now), on ``rollouts``
    fresh deals of the unseen cards, the two on the same deals: the loss (alternative minus
    played), its standard error, the alternative's candidate and the advice holding both.

    Only the two moves are simulated, so the loss is not inflated by picking the best of many
    candidates on the same deals.

    ``up_to``: a sequential check. While the loss plus `FUTILITY_Z` standard errors is at least
    ``threshold`` (it could still reach it) but its interval still reaches 0 (`confirmed` with
    the look's `look_z` says no, more deals could say yes), the deals are doubled, up to
    ``up_to``; the deals are those a check on the final number plays, so
    ``confirm_loss(..., rollouts=n, seed=seed)`` with the ``n`` reached repeats the result.
    """
    rnd.verify_apply(played)
    rnd.verify_apply(alternative)

    def more(options: Sequence[tuple[Action, tuple[Action, ...]]], values: Sequence[Sequence[int]]) -> int:
        done = len(values[0])
        if up_to is None or done >= up_to:
            return done
        mine = next(i for i, (a, same) in enumerate(options) if a == played or played in same)
        theirs = next(i for i, (a, same) in enumerate(options) if a == alternative or alternative in same)
        loss, stderr = paired_gap(values[theirs], values[mine])
        if loss + FUTILITY_Z * stderr >= threshold and not confirmed(loss, stderr, done, threshold,
                                                                      z=look_z(done, up_to)):
            return min(up_to, 2 * done)
        return done

    advice = _search(rnd, acting_seat(rnd), 1.0, rollouts, seed, include=(played, alternative),
                     only=lambda a: a == played or a == alternative, extend=more, shared_draws=False)  # as `judge`
    mine, theirs = advice.find(played), advice.find(alternative)
    assert mine is not None and theirs is not None  # both included
    gap, se = advice.gap(theirs, mine)
    return gap, se, theirs, advice


#: A progress callback: called with (decisions done, decisions to do, the marks found so far).
Progress = Callable[[int, int, dict[int, dict[str, Any]]], None]


def confirmed(loss: float, stderr: float, rollouts: int, threshold: float = REVIEW_THRESHOLD, *,
              z: float = 1.96) -> bool:
    """A loss is told: the estimated ``loss`` (on ``rollouts`` shared deals) is at least
    ``threshold`` points and the lower end of its interval, ``z`` standard errors (1.96: a 95%
    interval) scaled to Student's t for ``rollouts - 1`` degrees of freedom
    (`canasta_learn.play.estimates.margin95` times ``z / 1.96``), is above 0: the move loses,
    and it loses a lot. One test on one set of deals; the review's marks use `review_confirmed`.

    >>> confirmed(224.0, 101.0, 48), confirmed(224.0, 150.0, 48), confirmed(40.0, 5.0, 48)
    (True, False, False)
    >>> confirmed(224.0, 101.0, 48, z=INTERIM_Z)
    False
    """
    margin = margin95(stderr, rollouts)
    return loss >= threshold and not math.isinf(margin) and loss - margin * z / 1.96 > 0


def review_confirmed(loss: float, stderr: float, rollouts: int, threshold: float = REVIEW_THRESHOLD) -> bool:
    """The one marking rule of the review: `confirmed` with the bound of the sequential check's
    look on ``rollouts`` deals (`look_z`: `INTERIM_Z` below `MAX_CONFIRM_ROLLOUTS` deals,
    `FINAL_Z` at it), so that its up to 4 looks mark a move that loses nothing no more often
    than one 95% test does.

    >>> review_confirmed(224.0, 101.0, 48), review_confirmed(330.0, 101.0, 48)
    (False, True)
    >>> review_confirmed(80.0, 38.0, 384), confirmed(80.0, 40.0, 384), review_confirmed(80.0, 40.0, 384)
    (True, True, False)
    """
    return confirmed(loss, stderr, rollouts, threshold, z=look_z(rollouts))


def review_round(
    record: GameRecord,
    round_index: int,
    *,
    rollouts: int = REVIEW_ROLLOUTS,
    seed: int | None = 0,
    threshold: float = REVIEW_THRESHOLD,
    seats: Iterable[int] | None = None,
    progress: Progress | None = None,
    moves: Iterable[int] | None = None,
) -> dict[int, dict[str, Any]]:
    """The review marks of one round, keyed by action index (the record is not changed).

    Every decision (moves with a single legal choice are skipped) is screened on
    `review_endings` (``rollouts``) deals, the decisions most likely to matter first (`_stakes`);
    a move whose first-look loss is at least ``threshold`` and more than `FIRST_LOOK_Z` standard
    errors is a suspect, and is judged again at once: the alternative is GreedyBot's move unless
    the first look's best beats it by more than `KEEP_GREEDY_Z` standard errors
    (`choose_alternative`), then the move played against it only, on `CONFIRM_ROLLOUTS` fresh
    deals (doubled up to `MAX_CONFIRM_ROLLOUTS` while the loss plus `FUTILITY_Z` standard errors
    is at least ``threshold`` but its interval still reaches 0), marked by the one rule of
    `review_confirmed`: the confirmed loss is at least ``threshold`` and the lower end of its
    interval (`INTERIM_Z` standard errors at an interim look, `FINAL_Z` at the last, Student's
    t) is above 0. A mark's reasons are the coach's move's
    reasons, then the played move's own (why it was worse).

    ``progress(done, total, marks)`` is called after each decision screened and each suspect
    judged, in order (``done`` grows by one each call; ``total`` is the decisions to screen plus
    the suspects found so far; the last call has ``done == total``), with the marks found so
    far. ``seats``: review only these seats' moves (default: every seat); ``moves``: only these
    action indices. ``rollouts`` below `MIN_REVIEW_ROLLOUTS` are raised to it. ``seed=None`` is
    not repeatable. A ValueError names a bad ``round_index``, ``rollouts`` or ``threshold``.
    """
    from .coach_words import move_words, reason_texts

    if not isinstance(record, GameRecord):
        raise TypeError(f"record must be a GameRecord, not {type(record).__name__}.")
    if not isinstance(round_index, int) or isinstance(round_index, bool) or not (
            0 <= round_index < len(record.rounds)):
        raise ValueError(f"round_index must be 0-{len(record.rounds) - 1}, not {round_index!r}.")
    if not isinstance(rollouts, int) or isinstance(rollouts, bool) or rollouts < 1:
        raise ValueError(f"rollouts must be a whole number of at least 1, not {rollouts!r}.")
    if isinstance(threshold, bool) or not isinstance(threshold, int | float) or not threshold >= 0:
        raise ValueError(f"threshold must be a number of points >= 0, not {threshold!r}.")
    chosen = None if seats is None else set(seats)
    picked = None if moves is None else set(moves)
    endings = review_endings(rollouts)
    rr = record.rounds[round_index]
    rnd = record.state_at(round_index, -1)
    decisions: list[tuple[tuple[int, int, int], int, Action, Round]] = []
    for index, text in enumerate(rr.actions):
        action = parse_action(text, rnd.player_count)
        legal = rnd.legal_actions()
        if ((chosen is None or action.seat in chosen) and (picked is None or index in picked)
                and len(legal) > 1):
            decisions.append((_stakes(rnd, action, legal, index), index, action, rnd.copy()))
        rnd.apply(action)
    decisions.sort(key=lambda d: d[0])
    marks: dict[int, dict[str, Any]] = {}
    suspects = 0
    done = 0
    for _stake, index, action, state in decisions:
        opinion = judge(state, action, rollouts=endings, seed=_move_seed(seed, round_index, index))
        suspect = opinion.loss >= threshold and opinion.loss > FIRST_LOOK_Z * opinion.stderr
        suspects += suspect
        done += 1
        if progress is not None:
            progress(done, len(decisions) + suspects, dict(sorted(marks.items())))
        if not suspect:
            continue
        again = _confirm_seed(_move_seed(seed, round_index, index))
        count = max(CONFIRM_ROLLOUTS, endings)
        alternative = choose_alternative(opinion.advice, action)
        loss, stderr, best, advice = confirm_loss(state, action, alternative, rollouts=count, seed=again,
                                                  up_to=max(MAX_CONFIRM_ROLLOUTS, count), threshold=threshold)
        if review_confirmed(loss, stderr, best.rollouts, threshold):
            mine = advice.find(action)
            reasons = reason_texts(best, advice.candidates, state)
            if mine is not None:
                reasons += [t for t in reason_texts(mine, advice.candidates, state) if t not in reasons]
            marks[index] = review_mark({
                "best": best.text, "best_words": move_words(best.action, state),
                "loss": round(loss, 1), "stderr": round(stderr, 1),
                "reasons": reasons, "rollouts": best.rollouts, "seed": again})
        done += 1
        if progress is not None:
            progress(done, len(decisions) + suspects, dict(sorted(marks.items())))
    return dict(sorted(marks.items()))


def review_game(
    record: GameRecord,
    *,
    rollouts: int = REVIEW_ROLLOUTS,
    seed: int | None = 0,
    threshold: float = REVIEW_THRESHOLD,
    seats: Iterable[int] | None = None,
    rounds: Iterable[int] | None = None,
    progress: Callable[[int, int, dict[int, dict[int, dict[str, Any]]]], None] | None = None,
) -> int:
    """Review every round (or those in ``rounds``) and store the marks in each round's own
    ``review`` field, replacing earlier review marks of those rounds only; comments and
    glyphs are left as they are. Returns the number of moves marked. Marking rule as in
    `review_round` (`confirmed`). ``progress(done, total, marks)``: as for `review_round`,
    counted over the rounds reviewed so far, ``marks`` keyed by round index then action index."""
    seat_list = None if seats is None else list(seats)
    count = 0
    found: dict[int, dict[int, dict[str, Any]]] = {}
    state = {"offset": 0, "done": 0}

    def tell(r: int) -> Progress:
        def told(done: int, total: int, so_far: dict[int, dict[str, Any]]) -> None:
            state["done"] = done
            if progress is not None:
                progress(state["offset"] + done, state["offset"] + total, {**found, r: so_far})
        return told

    for r in (range(len(record.rounds)) if rounds is None else rounds):
        state["done"] = 0
        marks = review_round(record, r, rollouts=rollouts, seed=seed, threshold=threshold, seats=seat_list,
                             progress=tell(r))
        state["offset"] += state["done"]
        found[r] = marks
        record.rounds[r].review = marks
        count += len(marks)
    return count
