"""Play-outs that don't bias decisions (issue 26): after a partner's "yes" to "may I go out?"
the asker, bound to go out, goes out the best way its hand allows, not GreedyBot's way."""

from __future__ import annotations

from canasta_learn.core.actions import Answer, Ask
from canasta_learn.engine.moves import bound_moves_unjudged
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import GreedyBot, acting_seat
from canasta_learn.play.coach import _value, best_going_out, bound_to_go_out, play_out

#: In the GreedyBot hand dealt from seed 16 (bots seeded 160-163), East asks at action 66 and
#: West answers yes at 67. East holds two jokers and a five: GreedyBot puts both jokers on the
#: sixes; the jokers on the jacks make a canasta of jacks instead.
SEED, ANSWER_AT = 16, 67


def _before_the_answer() -> Round:
    rnd = Round(seed=SEED, dealer=0)
    bots = [GreedyBot(seed=SEED * 10 + s) for s in range(rnd.player_count)]
    while len(rnd.log) < ANSWER_AT:
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    return rnd


def _greedy_finish(rnd: Round) -> Round:
    done = rnd.copy()
    bots = [GreedyBot(seed=1 + s) for s in range(done.player_count)]
    while not done.is_over:
        done.apply(bots[acting_seat(done)].choose(done))
    return done


def test_after_yes_the_play_out_goes_out_with_the_canasta_greedy_misses() -> None:
    before = _before_the_answer()
    assert isinstance(before.log[-1], Ask)
    yes = Answer(acting_seat(before), True)
    assert yes in before.legal_actions()
    after = before.copy()
    after.apply(yes)
    assert bound_to_go_out(after)
    asker_team = after.team_of(after.asker or 0)
    greedy = _greedy_finish(after)
    plan = best_going_out(after)
    assert plan is not None
    best = after.copy()
    for step in plan:
        best.apply(step)
    assert best.is_over and greedy.is_over
    assert best.canasta_count(asker_team) > greedy.canasta_count(asker_team)  # GreedyBot misses it
    for seed in (0, 7):
        value = play_out(before, yes, asker_team, seed)
        assert value == _value(best, asker_team) > _value(greedy, asker_team)


def test_best_going_out_is_the_best_ending_of_the_asker_and_changes_nothing() -> None:
    before = _before_the_answer()
    after = before.copy()
    after.apply(Answer(acting_seat(before), True))
    snapshot = after.copy()
    plan = best_going_out(after)
    assert plan is not None and [str(a) for a in after.log] == [str(a) for a in snapshot.log]
    team = after.team_of(after.asker or 0)
    best = after.copy()
    for step in plan:
        best.apply(step)
    # every single legal first step, finished the best way, does no better
    for first in after.legal_actions():
        trial = after.copy()
        trial.apply(first)
        rest = best_going_out(trial) if not trial.is_over else ()
        if rest is None:
            continue
        for step in rest:
            trial.apply(step)
        assert _value(trial, team) <= _value(best, team)


def test_a_seat_not_bound_to_go_out_has_no_going_out_plan() -> None:
    before = _before_the_answer()
    assert not bound_to_go_out(before)  # the partner is to answer
    assert best_going_out(before) is None
    no = before.copy()
    no.apply(Answer(acting_seat(before), False))
    assert not bound_to_go_out(no) and best_going_out(no) is None


def test_the_bound_players_unjudged_moves_are_the_legal_list_before_its_checks() -> None:
    """`best_going_out` judges the candidates one by one: those the round's check allows are the
    legal list, in its order, at every step of the asker's plan; other states have none."""
    before = _before_the_answer()
    assert bound_moves_unjudged(before) is None  # the partner is to answer
    state = before.copy()
    state.apply(Answer(acting_seat(before), True))
    plan = best_going_out(state)
    assert plan is not None
    steps = refused = 0
    for step in plan:
        unjudged = bound_moves_unjudged(state)
        if state.phase == "play":
            assert unjudged is not None
            allowed = [a for a in unjudged if state.check(a).ok]
            assert allowed == state.legal_actions()
            steps += 1
            refused += len(unjudged) - len(allowed)
        else:
            assert unjudged is None
        state.apply(step)
    assert steps and refused and state.is_over and bound_moves_unjudged(state) is None
