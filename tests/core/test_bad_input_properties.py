"""Bad input, property-based: every public entry point fed random wrong input (random text,
wrong types, more copies of a card than the deck holds, out-of-range numbers, unknown
profiles) either answers or raises one of the package's documented errors, with a message that
says what is wrong; a TypeError or plain ValueError names the argument. Where there is a state
(a `Round`), a refused call leaves it exactly as it was.

Each test runs a bounded number of examples (no deadline) so the file stays fast.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_learn import (
    DeckError,
    Game,
    IllegalActionError,
    NotationError,
    Position,
    ProfileError,
    Round,
    check_meld,
    meld_value,
    opening_minimum,
    profile_names,
    score_round,
)
from canasta_learn.core.cards import ALL_CARDS

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TOKENS = [str(c) for c in ALL_CARDS]
#: Errors with their own documented type: their messages name the card, deck or profile.
OWN_ERRORS = (NotationError, DeckError, ProfileError, IllegalActionError)

card_text = st.lists(st.sampled_from(TOKENS), max_size=14).map(" ".join)
#: Many copies of few cards: often more than the deck holds.
crowded_text = st.lists(st.sampled_from(TOKENS[:6]), min_size=3, max_size=12).map(" ".join)
junk = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
    st.text(max_size=10), st.binary(max_size=4),
    st.lists(st.integers(-3, 20), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.sampled_from(["h14", "x7", "jkr", "h1,,c1 z", "10h", "h-1", "|", "13:", "  "]),
)
cards_like = st.one_of(card_text, crowded_text, junk, st.lists(st.one_of(st.sampled_from(TOKENS), junk), max_size=5))
card_lists = st.one_of(junk, card_text, st.lists(cards_like, max_size=7))
profiles = st.one_of(st.sampled_from(profile_names()), junk)
small_ints = st.one_of(st.integers(-3, 9), st.integers(-10**9, 10**9), junk)
flags = st.one_of(st.booleans(), junk)


def judge(call: Callable[[], Any], names: tuple[str, ...]) -> BaseException | None:
    """Run ``call``; only documented errors may come out. Returns the error, if any."""
    try:
        call()
    except OWN_ERRORS as error:
        assert str(error).strip(), f"{type(error).__name__} without a message"
        return error
    except TypeError as error:
        message = str(error)
        assert any(message.startswith(name) for name in names), f"TypeError not naming the argument: {message}"
        return error
    except ValueError as error:
        message = str(error)
        assert any(name in message for name in names), f"ValueError not naming the argument: {message}"
        assert message.rstrip().endswith((".", ")", "...")), message
        return error
    return None


def arguments(data: st.DataObject, plausible: dict[str, st.SearchStrategy[Any]],
              wrong: dict[str, st.SearchStrategy[Any]]) -> dict[str, Any]:
    """Plausible values for every argument (right kinds, contents possibly impossible: too many
    copies of a card, illegal melds), then wrong ones for one to three of them."""
    values = {name: data.draw(strategy, label=name) for name, strategy in plausible.items()}
    spoiled = data.draw(st.lists(st.sampled_from(sorted(wrong)), min_size=1, max_size=3, unique=True), label="spoiled")
    for name in spoiled:
        values[name] = data.draw(wrong[name], label=f"wrong {name}")
    return values


plain_cards = st.one_of(card_text, crowded_text)
plain_melds = st.lists(plain_cards, max_size=4)
wrong_cards = st.one_of(junk, st.lists(st.one_of(st.sampled_from(TOKENS), junk), min_size=1, max_size=4))
wrong_card_lists = st.one_of(junk, st.lists(wrong_cards, min_size=1, max_size=3))
wrong_ints = st.one_of(st.integers(-10**9, -1), st.integers(7, 10**9), junk)
wrong_flags = junk.filter(lambda v: not isinstance(v, bool))


@FAST
@given(data=st.data())
def test_check_meld_and_meld_value_refuse_bad_input_with_documented_errors(data: st.DataObject) -> None:
    v = arguments(data, {"cards": plain_cards, "profile": st.sampled_from(profile_names()),
                         "going_out": st.booleans()},
                  {"cards": wrong_cards, "profile": junk, "going_out": wrong_flags})
    judge(lambda: check_meld(v["cards"], v["profile"], going_out=v["going_out"]), ("cards", "going_out"))
    judge(lambda: meld_value(v["cards"], v["profile"]), ("cards",))


@FAST
@given(team_score=small_ints, profile=profiles)
def test_opening_minimum_refuses_bad_input_with_documented_errors(team_score: Any, profile: Any) -> None:
    judge(lambda: opening_minimum(team_score, profile), ("team_score",))


@FAST
@given(data=st.data())
def test_score_round_refuses_bad_input_with_documented_errors(data: st.DataObject) -> None:
    v = arguments(data, {
        "team_melds": plain_melds, "red_threes": st.sampled_from(["", "h3", "h3 d3", "h3 h3 h3", "c3 h3", "h5"]),
        "hands_left": st.lists(plain_cards, max_size=2), "went_out": st.booleans(), "concealed": st.booleans(),
        "profile": st.sampled_from(profile_names()), "has_melded": st.sampled_from([None, True, False]),
    }, {"team_melds": wrong_card_lists, "red_threes": wrong_cards, "hands_left": wrong_card_lists,
        "went_out": wrong_flags, "concealed": wrong_flags, "profile": junk,
        "has_melded": wrong_flags.filter(lambda f: f is not None)})
    judge(lambda: score_round(**v), tuple(name for name in v if name != "profile"))


@FAST
@given(data=st.data())
def test_position_refuses_bad_input_with_documented_errors(data: st.DataObject) -> None:
    v = arguments(data, {
        "hand": plain_cards, "discard_pile": plain_cards, "team_melds": plain_melds,
        "team_opened": st.sampled_from([None, True, False]), "team_score": st.integers(-500, 6000),
        "profile": st.sampled_from(profile_names()), "drew_from": st.sampled_from([None, "stock", "pile"]),
        "red_threes": st.sampled_from(["", "h3", "d3 d3", "h3 c3"]), "player_has_melded": st.booleans(),
    }, {"hand": wrong_cards, "discard_pile": wrong_cards, "team_melds": wrong_card_lists,
        "team_opened": wrong_flags.filter(lambda f: f is not None),
        "team_score": junk.filter(lambda x: type(x) is not int),
        "profile": junk, "drew_from": st.one_of(junk, st.just("hand")).filter(lambda d: d is not None),
        "red_threes": wrong_cards, "player_has_melded": wrong_flags})
    judge(lambda: Position(**v), tuple(name for name in v if name != "profile"))


@FAST
@given(data=st.data())
def test_round_and_game_refuse_bad_input_with_documented_errors(data: st.DataObject) -> None:
    v = arguments(data, {
        "profile": st.sampled_from(profile_names()), "seed": st.one_of(st.none(), st.integers(0, 10**6)),
        "deck": st.one_of(st.none(), plain_cards), "dealer": st.integers(0, 3),
        "team_scores": st.one_of(st.none(), st.lists(st.integers(-500, 6000), min_size=2, max_size=2)),
    }, {"profile": junk, "seed": junk.filter(lambda x: x is not None and type(x) is not int), "deck": wrong_cards,
        "dealer": wrong_ints, "team_scores": st.one_of(junk, st.lists(wrong_ints, max_size=3))})
    judge(lambda: Round(**v), ("seed", "deck", "dealer", "team_scores"))
    deck = v["deck"]
    judge(lambda: Game(v["profile"], seed=v["seed"], dealer=v["dealer"], decks=None if deck is None else [deck]),
          ("seed", "dealer", "decks"))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_from_state_refuses_bad_input_with_documented_errors(data: st.DataObject) -> None:
    v = arguments(data, {
        "profile": st.sampled_from(profile_names()), "hands": st.lists(plain_cards, max_size=4),
        "stock": plain_cards, "pile": plain_cards, "melds": st.lists(plain_melds, max_size=2),
        "red_threes": st.lists(st.sampled_from(["", "h3", "d3", "h3 d3"]), max_size=4),
        "to_move": st.integers(0, 3), "dealer": st.one_of(st.none(), st.integers(0, 3)),
        "drew_from": st.sampled_from([None, "stock", "pile"]),
        "opened": st.one_of(st.none(), st.lists(st.booleans(), min_size=2, max_size=2)),
        "has_melded": st.one_of(st.none(), st.lists(st.booleans(), min_size=4, max_size=4)),
        "team_scores": st.one_of(st.none(), st.lists(st.integers(-500, 6000), min_size=2, max_size=2)),
    }, {"profile": junk, "hands": wrong_card_lists, "stock": wrong_cards, "pile": wrong_cards,
        "melds": st.one_of(junk, st.lists(wrong_card_lists, min_size=1, max_size=3)),
        "red_threes": st.one_of(wrong_card_lists, st.lists(st.just("h3"), min_size=7, max_size=8)),
        "to_move": wrong_ints, "dealer": wrong_ints,
        "drew_from": st.one_of(junk, st.just("hand")).filter(lambda d: d is not None),
        "opened": st.one_of(junk, st.lists(flags, max_size=3)).filter(lambda f: f is not None),
        "has_melded": st.one_of(junk, st.lists(flags, max_size=7)).filter(lambda f: f is not None),
        "team_scores": st.one_of(junk, st.lists(wrong_ints, max_size=3)).filter(lambda f: f is not None)})
    names = tuple(name for name in v if name != "profile") + ("reserves", "mortos", "morto_state")
    judge(lambda: Round.from_state(**v), names)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 40), draw_first=st.booleans(), cards=cards_like, melds=card_lists, seat=small_ints)
def test_round_methods_refuse_bad_input_and_change_nothing(
        seed: int, draw_first: bool, cards: Any, melds: Any, seat: Any) -> None:
    rnd = Round(seed=seed)
    if draw_first:
        rnd.draw()
    calls: list[tuple[Callable[[], Any], tuple[str, ...]]] = [
        (lambda: rnd.can_meld(melds if not isinstance(melds, str) else [melds]), ("melds",)),
        (lambda: rnd.can_take_pile(cards), ("cards",)),
        (lambda: rnd.can_discard(cards), ("card",)),
        (lambda: rnd.can_draw(seat=seat), ("seat",)),
        (lambda: rnd.meld(melds if not isinstance(melds, str) else [melds]), ("melds",)),
        (lambda: rnd.take_pile(cards), ("cards",)),
        (lambda: rnd.discard(cards, seat=seat), ("card", "seat")),
    ]
    for call, names in calls:
        before = rnd.snapshot()
        if judge(call, names) is not None:
            assert rnd.snapshot() == before, call
        if rnd.is_over:
            break


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 30), opened=st.booleans(), cards=cards_like, melds=card_lists)
def test_position_queries_refuse_bad_input_and_change_nothing(
        seed: int, opened: bool, cards: Any, melds: Any) -> None:
    rnd = Round(seed=seed)
    hand = [c for c in rnd.hands[rnd.to_move] if c.rank != 13]  # the kings go to the team meld
    pile = [c for c in rnd.pile[-1:] if c.rank != 13]
    pos = Position(hand, discard_pile=pile, team_melds=["h13 s13 d13"] if opened else [])
    before = pos._round.snapshot()
    listed = melds if not isinstance(melds, str) else [melds]
    for call, names in [
        (lambda: pos.check_take_pile(cards), ("cards",)),
        (lambda: pos.check_take_pile(None, listed), ("melds",)),
        (lambda: pos.check_opening(listed), ("melds",)),
        (lambda: pos.check_meld(listed), ("melds",)),
        (lambda: pos.check_go_out(listed), ("melds",)),
        (lambda: pos.check_go_out([], cards), ("discard",)),
    ]:
        judge(call, names)
        assert pos._round.snapshot() == before
