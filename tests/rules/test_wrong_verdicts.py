"""Verdicts that were wrong (issue 11, section 1), each pinned by the rule it breaks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta_learn import Position, Round, check_meld, get_profile, score_round
from canasta_learn.core.actions import Meld, MeldGroup
from canasta_learn.core.cards import new_deck, parse_cards
from canasta_learn.render.text import round_text

QUEENS = "h12 s12 d12"


# --------------------------------------------------------------------------- check_opening


def test_check_opening_after_opened_still_needs_legal_melds() -> None:
    opened = Position("h5 h6 h7 c9", team_melds=[QUEENS])
    verdict = opened.check_opening("h5 h6 h7")
    assert not verdict.ok and verdict.code == "meld_mixed_ranks"


def test_check_opening_after_opened_needs_cards_in_hand() -> None:
    opened = Position("h5 h6 h7 c9", team_melds=[QUEENS])
    verdict = opened.check_opening("h5 h5 jk")
    assert not verdict.ok and verdict.code == "card_not_in_hand"
    assert "jk" in verdict.message


def test_check_opening_after_opened_must_leave_a_legal_hand() -> None:
    # melding every card without a canasta would go out: refused
    verdict = Position("h5 c5 d5", team_melds=[QUEENS]).check_opening("h5 c5 d5")
    assert not verdict.ok and verdict.code == "cannot_go_out_without_canasta"


def test_check_opening_after_opened_waives_only_the_minimum() -> None:
    verdict = Position("h5 c5 d5 c9 c10", team_melds=[QUEENS]).check_opening("h5 c5 d5")
    assert verdict.ok and verdict.code == "opening_not_needed"
    assert verdict.value == 15 and verdict.melds == (tuple(parse_cards("h5 c5 d5")),)
    # with the pile's top card: a take, judged as one
    take = Position("h5 c5 c9 c10", discard_pile="c4 d5", team_melds=[QUEENS]).check_opening("h5 c5 d5")
    assert take.ok and take.meld is not None and set(take.meld) == set(parse_cards("h5 c5 d5"))


@pytest.mark.parametrize("melds, code", [
    ("h5 h6 d7", "card_not_in_hand"),
    ("h5 h6 c9", "seq_mixed_suits"),
])
def test_check_opening_in_tranca_still_needs_legal_melds(melds: str, code: str) -> None:
    tranca = Position("h5 h6 h7 c9 c10", profile="tranca")
    verdict = tranca.check_opening(melds)
    assert not verdict.ok and verdict.code == code
    assert tranca.check_opening("h5 h6 h7").ok


def test_check_opening_with_no_melds_after_opened_is_meld_freely() -> None:
    verdict = Position("h5 c9", team_melds=[QUEENS]).check_opening(())
    assert verdict.ok and verdict.code == "opening_not_needed"


# --------------------------------------------------------------------------- check_take_pile


def test_check_take_pile_finds_any_legal_take() -> None:
    # issue 11: melding s13 c13 d2 with the top king reaches exactly the minimum of 50
    pos = Position("s13 c13 d2 h4 c7", discard_pile="c5 h13", team_score=0, team_opened=False)
    options = pos.opening_options()
    assert options and options[0].takes_pile
    verdict = pos.check_take_pile()
    assert verdict.ok and verdict.code == "pile_takeable"
    assert verdict.meld is not None and sorted(verdict.meld) == sorted(parse_cards("s13 c13 d2 h13"))
    # the take it names is really legal
    assert pos.check_take_pile([c for c in verdict.meld if c != pos.top_card], verdict.melds).ok


def test_check_take_pile_with_cards_judges_those_cards() -> None:
    pos = Position("s13 c13 d2 h4 c7", discard_pile="c5 h13", team_score=0, team_opened=False)
    verdict = pos.check_take_pile("s13 c13")
    assert not verdict.ok and verdict.code == "opening_below_minimum"


def test_check_take_pile_best_take_uses_fewest_wild_cards() -> None:
    # both s13 c13 + top (pair) and s13 jk + top are legal for an opened team: the pair wins
    pos = Position("s13 c13 jk c7", discard_pile="c5 h13", team_melds=[QUEENS])
    verdict = pos.check_take_pile()
    assert verdict.ok and verdict.meld is not None and not any(c.is_wild for c in verdict.meld)


def test_check_take_pile_explains_when_no_take_exists() -> None:
    pos = Position("s13 c4 h4 c7", discard_pile="c5 h13", team_score=0, team_opened=False)
    assert not pos.opening_options() or not any(o.takes_pile for o in pos.opening_options())
    verdict = pos.check_take_pile()
    assert not verdict.ok


# --------------------------------------------------------------------------- Round.from_state


PENNIES_CLOSED = ["h7 h7 c7 c7 d7 d7 s7", "jk jk c2 c2 d2 d2 h2", "h13 h13 c13 c13 d13 d13 s13",
                  "h12 h12 c12 c12 d12 d12 jk"]


def pennies_going_out(**kwargs: object) -> Round:
    rnd = Round.from_state(profile="pennies_from_heaven", hands=["h9 h9 c9 c9 d9 d9 s9 c4", "c5", "c6", "c8"],
                           melds=[PENNIES_CLOSED], stock="s10 s11", drew_from="stock", **kwargs)  # type: ignore[arg-type]
    rnd.meld("h9 h9 c9 c9 d9 d9 s9")
    rnd.discard("c4")
    assert rnd.is_over and rnd.went_out == 0
    return rnd


def test_from_state_has_melded_counts_closed_canastas() -> None:
    # Pennies from Heaven: a team holding only closed canastas has melded, like it has opened
    rnd = Round.from_state(profile="pennies_from_heaven", hands=["c4 c5"], melds=[PENNIES_CLOSED])
    assert rnd.melds[0] == {} and len(rnd.closed[0]) == 4
    assert rnd.opened[0] and all(rnd.has_melded[s] for s in (0, 2, 4))
    assert not any(rnd.has_melded[s] for s in (1, 3, 5))
    # so its player going out in one turn is not concealed (no concealed bonus)
    rnd = pennies_going_out()
    assert not rnd.went_out_concealed
    assert rnd.scores()[0].points("going_out") == rnd.profile.going_out_bonus
    # only a player who truly melded nothing before goes out concealed
    assert pennies_going_out(has_melded=[False] * 6).went_out_concealed


# --------------------------------------------------------------------------- red threes never laid


def test_dealt_red_three_never_laid_counts_as_red_three_penalty_without_meld() -> None:
    # cardgames_io: the hand ended before the holder's first turn, and his team melded nothing
    score = score_round([], hands_left=["h3 c9", "c10"], profile="cardgames_io")
    assert score.points("red_threes") == -100
    assert score.points("hand") == -20  # c9 and c10; the h3 is no card in hand
    assert "h3" not in next(i.label for i in score.items if i.code == "hand")
    bonus = score_round(["h5 c5 d5"], red_threes="d3", hands_left=["h3 c9"], profile="cardgames_io")
    assert bonus.points("red_threes") == 200  # two red threes, the team melded



# --------------------------------------------------------------------------- rulings

KINGS = "h13 h13 s13 s13 d13 c13 c13"
QUEENS_CANASTA = "h12 h12 c12 c12 d12 d12 s12"
# team melds that satisfy each profile's going-out canasta requirement
GO_OUT_MELDS = {
    "classic": [KINGS], "cardgames_io": [KINGS], "traditional": [KINGS],
    "italian": [KINGS, QUEENS_CANASTA],
    "pennies_from_heaven": PENNIES_CLOSED,
}


@pytest.mark.parametrize("profile", sorted(GO_OUT_MELDS))
def test_ask_permission_only_when_able_to_go_out(profile: str) -> None:
    """docs/rules.md#rules-going-out ruling [all]: a player may ask only when able to go out this turn."""
    def ready(hand: str) -> Round:
        return Round.from_state(profile=profile, hands=[hand, "c4", "c5", "c6"], melds=[GO_OUT_MELDS[profile]],
                                stock="s10 s11", drew_from="stock")

    unable = ready("h9 c9 d9 h10 c11 h5")
    before = unable.snapshot()
    verdict = unable.can_ask()
    assert not verdict.ok and verdict.code == "permission_cannot_go_out"
    assert "cannot go out" in verdict.message
    assert not any(a.verb == "ask" for a in unable.legal_actions())
    assert unable.snapshot() == before
    able = ready("h9 c9 d9 c10")
    assert able.can_ask().ok
    assert any(a.verb == "ask" for a in able.legal_actions())


def test_ask_permission_before_the_draw_only_when_able_to_go_out() -> None:
    # traditional: asking is allowed before taking the pile or melding, so before the draw too
    def ready(hand: str) -> Round:
        return Round.from_state(profile="traditional", hands=[hand, "c4", "c5", "c6"], melds=[[KINGS]],
                                stock="s10 s11")

    assert ready("h9 c9 d9 h10 c11 h5").can_ask().code == "permission_cannot_go_out"
    assert ready("h9 c9 d9").can_ask().ok


BLACK_THREES = "s3 s3 c3 c3 s3 c3 s3"


def test_black_three_meld_is_never_a_canasta() -> None:
    """docs/rules.md#rules-scoring ruling [all]: seven black threes (Pennies from Heaven) are no canasta."""
    verdict = check_meld(BLACK_THREES, "pennies_from_heaven", going_out=True)
    assert verdict.ok and "never a canasta" in verdict.message
    score = score_round([BLACK_THREES, PENNIES_CLOSED[0]], profile="pennies_from_heaven", went_out=True)
    assert score.points("melds") == 35 + 35
    assert [i.code for i in score.items if i.code.endswith("_canastas")] == ["sevens_canastas"]


def test_black_three_meld_does_not_meet_a_going_out_canasta_requirement() -> None:
    # the team has sevens, wild and mixed canastas but no natural one: seven natural black threes
    # would be the missing natural canasta, if they were a canasta
    without_natural = [PENNIES_CLOSED[0], PENNIES_CLOSED[1], PENNIES_CLOSED[3]]
    rnd = Round.from_state(profile="pennies_from_heaven", hands=[BLACK_THREES, "c4", "c5", "c6"],
                           melds=[without_natural], stock="s10 s11", drew_from="stock")
    before = rnd.snapshot()
    verdict = rnd.can_meld(BLACK_THREES)
    assert not verdict.ok and verdict.code == "cannot_go_out_without_canasta"
    assert rnd.snapshot() == before


def test_black_three_meld_going_out_is_not_concealed_and_scores_no_canasta() -> None:
    rnd = Round.from_state(profile="pennies_from_heaven", hands=[BLACK_THREES, "c4", "c5", "c6"],
                           melds=[PENNIES_CLOSED], stock="s10 s11", drew_from="stock", has_melded=[False] * 6)
    rnd.meld(BLACK_THREES)
    assert rnd.is_over and rnd.went_out == 0
    assert not rnd.went_out_concealed  # a concealed hand needs a canasta of its own
    assert not any(e.kind == "canasta_completed" for e in rnd.events)
    assert sorted(rnd.canasta_kinds(0)) == ["mixed", "natural", "sevens", "wild"]  # no canasta of threes
    score = rnd.scores()[0]
    assert score.points("going_out") == rnd.profile.going_out_bonus
    threes_line = next(line for line in round_text(rnd).splitlines() if "threes:" in line)
    assert "canasta" not in threes_line


@pytest.mark.parametrize("profile", ["classic", "cardgames_io", "traditional", "italian",
                                     "pennies_from_heaven", "canastra_br", "tranca"])
def test_red_three_on_top_of_a_hypothetical_pile_is_refused(profile: str) -> None:
    """docs/rules.md#rules-pile-frozen ruling [all]: a red three never lies on top of the pile in play."""
    with pytest.raises(ValueError, match="red three h3 on top"):
        Round.from_state(profile=profile, hands=["c4 c5"], pile="c9 h3")
    with pytest.raises(ValueError, match="red three d3 on top"):
        Position("c4 c5 c6", discard_pile="d3", profile=profile)
    # the covered first upcard may be a red three
    assert Position("c4 c5 c6", discard_pile="h3 c9", profile=profile).top_card == parse_cards("c9")[0]


@pytest.mark.parametrize("profile", ["canastra_br", "tranca"])
@pytest.mark.parametrize("cards, ok", [("d1 jk c2", False), ("d1 h1 jk", False), ("d1 h1 s1", True),
                                       ("d1 h1 s1 jk c2", True)])
def test_brazilian_ace_set_holds_three_natural_aces(profile: str, cards: str, ok: bool) -> None:
    """docs/variants.md#variants-brazilian-ace-sets ruling: an ace set holds at least three natural
    aces at all times."""
    verdict = check_meld(cards, profile)
    assert verdict.ok is ok
    if not ok:
        assert verdict.code == "meld_too_few_naturals" and "three" in verdict.message


@pytest.mark.parametrize("profile", ["canastra_br", "tranca"])
def test_brazilian_engine_never_offers_an_ace_set_of_fewer_than_three_aces(profile: str) -> None:
    rnd = Round.from_state(profile=profile, hands=["d1 h1 jk c2 h5 h9 c11 s13", "c4", "c5", "c6"],
                           stock="s10 s11", drew_from="stock")
    for action in rnd.legal_actions():
        for group in getattr(action, "groups", ()):
            aces = [c for c in group.cards if c.rank == 1]
            if aces and all(c.rank == 1 or c.is_wild for c in group.cards):
                assert len(aces) >= 3, action
    assert not rnd.can_meld("d1 h1 jk").ok


# --------------------------------------------------------------------------- properties of the verdicts


def random_position(seed: int, profile: str, opened: bool) -> Position:
    """A position from a seeded shuffle: 8-14 cards in hand, a short pile, maybe team melds."""
    rng = random.Random(seed)
    prof = get_profile(profile)
    melds = [KINGS] if opened else []
    deck = new_deck(prof.deck_count, prof.joker_count)
    for card in parse_cards(" ".join(melds)):
        deck.remove(card)
    deck = [c for c in deck if not c.is_red_three]
    rng.shuffle(deck)
    size = rng.randint(8, 14)
    hand, pile = deck[:size], deck[size:size + rng.randint(1, 4)]
    return Position(hand, discard_pile=pile, team_melds=melds, profile=profile,
                    team_score=rng.choice([0, 1500, 3000]))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), profile=st.sampled_from(["classic", "cardgames_io", "traditional"]),
       opened=st.booleans())
def test_check_take_pile_yes_exactly_when_a_take_exists(seed: int, profile: str, opened: bool) -> None:
    pos = random_position(seed, profile, opened)
    verdict = pos.check_take_pile()
    takes = [o for o in pos.opening_options() if o.takes_pile]
    if takes:
        assert verdict.ok, (pos, takes[0], verdict)
    if verdict.ok:
        assert verdict.meld is not None and pos.top_card in verdict.meld
        rnd = pos.round
        first = list(verdict.meld)
        first.remove(pos.top_card)  # type: ignore[arg-type]
        rnd.take_pile(first, [list(m) for m in verdict.melds])  # the take it names is legal
        assert rnd.opened[0]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), profile=st.sampled_from(["classic", "cardgames_io", "traditional", "tranca"]))
def test_check_opening_after_opened_agrees_with_the_engine(seed: int, profile: str) -> None:
    pos = random_position(seed, profile, opened=profile != "tranca")  # tranca: opened, no minimum
    rng = random.Random(seed)
    played = pos.round
    played.drew_from, played.phase = "stock", "play"
    engine_melds = [a for a in played.legal_actions() if isinstance(a, Meld)]
    if engine_melds and rng.random() < 0.5:  # one of the engine's legal melds
        chosen: list[MeldGroup] = list(rng.choice(engine_melds).groups)
    else:  # a few cards of the hand, legal or not
        chosen = [MeldGroup(tuple(rng.sample(pos.hand, rng.randint(1, min(5, len(pos.hand))))))]
    verdict = pos.check_opening(chosen)
    engine = pos.check_meld(chosen)
    assert verdict.ok == engine.ok, (pos, chosen, verdict, engine)
    assert pos.team_opened
    if verdict.ok:
        assert verdict.code == "opening_not_needed"
