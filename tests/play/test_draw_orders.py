"""Common random numbers for the stock (issue 26): with a deal's `DrawOrders` every seat draws the
first cards of its own order still in the stock, so the play-outs of two moves draw alike even
where one stock order would shift who draws what."""

from __future__ import annotations

import random

import pytest
from greedy_positions import greedy_position

from canasta_learn.core.actions import Action, Draw, TakePile
from canasta_learn.core.cards import Card
from canasta_learn.engine.round import Round
from canasta_learn.play.bots import GreedyBot, acting_seat
from canasta_learn.play.coach import Determinizer, _play_on, _rollout_bots, advise, judge, play_out
from canasta_learn.play.draw_orders import DrawOrders, apply_with


def _first_undrawn(order: list[int], drawn: set[int], count: int) -> list[int]:
    return [place for place in order if place not in drawn][:count]


def test_each_draw_takes_the_first_cards_of_the_seats_order_still_in_the_stock() -> None:
    checked = 0
    for seed in (3, 8):
        deal = Round(seed=seed)
        orders = DrawOrders(deal, seed=seed * 7)
        rnd = deal.copy()
        draws = orders.start(rnd)
        assert draws is not None
        bots = [GreedyBot(seed=seed + s) for s in range(rnd.player_count)]
        drawn: set[int] = set()
        while not rnd.is_over:
            choice = bots[acting_seat(rnd)].choose(rnd)
            if not isinstance(choice, Draw):
                rnd.apply(choice)
                continue
            before = list(rnd.stock)
            draws.before(rnd)
            assert sorted(rnd.stock, key=id) == sorted(before, key=id)  # the same cards, reordered
            top = list(rnd.stock)
            rnd.apply(choice)
            took = top[len(rnd.stock):][::-1]  # the stock's top card is its last one
            expected = _first_undrawn(orders.orders[choice.seat], drawn, len(took))
            assert took == [orders.cards[place] for place in expected]
            draws.after(rnd)
            drawn.update(expected)
            checked += 1
        assert draws.live
    assert checked >= 16


def _draw_position() -> Round:
    """A classic GreedyBot position where the player to move may draw or take the pile."""
    for seed in range(1, 60):
        for moves in range(20, 60):
            rnd = greedy_position(seed, moves)
            if rnd.is_over:
                break
            legal = rnd.legal_actions()
            if rnd.phase == "draw" and any(isinstance(a, TakePile) for a in legal):
                return rnd
    raise AssertionError("no draw-or-take position found")


def _draws_of(rnd: Round, seat: int, since: int) -> list[tuple[Card, ...]]:
    """The cards ``seat`` drew from the stock, draw by draw, in events from ``since`` on."""
    return [event.cards for event in rnd.events[since:] if event.kind == "drew" and event.seat == seat]


def _branch(sample: Round, action: Action, orders: DrawOrders | None, seed: int) -> Round:
    """``action`` played on a copy of ``sample``, then 8 actions of a play-out, as `play_out` plays them."""
    rnd = sample.copy()
    draws = orders.start(rnd) if orders is not None else None
    apply_with(rnd, action, draws)
    return _play_on(rnd, _rollout_bots(sample, rnd, seed, None), 8, draws)[0]


def test_after_draw_or_take_the_next_player_draws_the_same_card_with_the_orders() -> None:
    position = _draw_position()
    mover = acting_seat(position)
    nxt = position.next_seat(mover)
    legal = position.legal_actions()
    draw = next(a for a in legal if isinstance(a, Draw))
    take = next(a for a in legal if isinstance(a, TakePile))
    det = Determinizer(position, mover)
    rng = random.Random(5)
    same = {True: 0, False: 0}
    compared = 0
    for deal in range(12):
        sample = det.sample(rng)
        since = len(sample.events)
        orders = DrawOrders(sample, seed=deal)
        after_draw = {c: _branch(sample, draw, orders if c else None, deal) for c in (True, False)}
        after_take = {c: _branch(sample, take, orders if c else None, deal) for c in (True, False)}
        nexts = {c: (_draws_of(after_draw[c], nxt, since), _draws_of(after_take[c], nxt, since)) for c in same}
        if not all(drawn for pair in nexts.values() for drawn in pair):
            continue  # the next player took the pile after one of the moves
        compared += 1
        own_first = orders.cards[orders.orders[nxt][0]]
        assert nexts[True][1][0][0] == own_first  # after the take nobody drew before it
        if not any(own_first in cards for cards in _draws_of(after_draw[True], mover, since)):
            # and after the draw too, unless the mover's draw took that very card
            assert nexts[True][0][0][0] == own_first
        for coupled, (drawn_after_draw, drawn_after_take) in nexts.items():
            same[coupled] += drawn_after_draw[0][0] == drawn_after_take[0][0]
    assert compared >= 6
    # from one stock order the mover's draw shifts the next player's card: the same card only where
    # the stock holds two of it one above the other
    assert same[True] >= compared - 1 and same[False] <= 1, (same, compared)


def test_a_play_out_with_the_orders_is_a_play_out_of_the_same_deal() -> None:
    position = greedy_position(4, 30)
    seat = acting_seat(position)
    sample = Determinizer(position, seat).sample(random.Random(2))
    move = position.legal_actions()[0]
    orders = DrawOrders(sample, seed=9)
    value = play_out(sample, move, position.team_of(seat), 9, None, None, orders)
    assert isinstance(value, int)
    assert play_out(sample, move, position.team_of(seat), 9, None, None, orders) == value  # orders are reusable
    assert sample.snapshot() == Determinizer(position, seat).sample(random.Random(2)).snapshot()  # unchanged


def test_the_orders_stand_aside_where_a_morto_may_refill_the_stock() -> None:
    deal = Round("canastra_br", seed=2)
    assert DrawOrders(deal, seed=1).start(deal.copy()) is None


def test_advise_shares_the_draws_unless_told_not_to_and_the_review_does_not() -> None:
    rnd = greedy_position(6, 24)
    shared = advise(rnd, rollouts=8, seed=4)
    own = advise(rnd, rollouts=8, seed=4, shared_draws=False)
    assert {c.text for c in shared.candidates} == {c.text for c in own.candidates}
    assert {c.text: c.outcomes for c in shared.candidates} != {c.text: c.outcomes for c in own.candidates}
    # the review's first look (`judge`) plays the deals' own stock orders, as its screens were tuned on
    played = rnd.legal_actions()[-1]
    opinion = judge(rnd, played, rollouts=8, seed=4)
    plain = advise(rnd, rollouts=8, seed=4, include=(played,), shared_draws=False)
    assert [c.outcomes for c in opinion.advice.candidates] == [c.outcomes for c in plain.candidates]
    with pytest.raises(TypeError, match="shared_draws must be True or False"):
        advise(rnd, rollouts=2, shared_draws="yes")  # type: ignore[arg-type]
