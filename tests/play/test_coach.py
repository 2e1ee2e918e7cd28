"""The coach (issue 18): public information only, reproducible, every profile, true reasons."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable

import pytest

from canasta_learn.core.actions import Answer, Ask, Discard
from canasta_learn.core.cards import Card, rank_name
from canasta_learn.core.verdicts import IllegalActionError
from canasta_learn.engine.round import Round
from canasta_learn.play import coach as coach_module
from canasta_learn.play.bots import GreedyBot, acting_seat, make_bot, run_round
from canasta_learn.play.coach import (
    Advice,
    Candidate,
    CoachBot,
    Determinizer,
    _search,
    advise,
    judge,
    known_cards,
    stuck_endings,
)
from canasta_learn.play.coach_words import move_words, reason_texts
from canasta_learn.play.estimates import clearly_better, paired_gap
from canasta_learn.profiles import get_profile, profile_names
from canasta_learn.rules.pile import pile_status

PROFILES = ("classic", "cardgames_io", "traditional", "italian", "pennies_from_heaven", "canastra_br", "tranca")


def position(profile: str, seed: int, actions: int) -> Round:
    """A round dealt from ``seed`` and played ``actions`` actions by greedy bots (or less, when
    the round would end: it stops one action before the end)."""
    rnd = Round(profile, seed=seed)
    bots = [GreedyBot(seed=seed * 7 + s) for s in range(rnd.player_count)]
    for _ in range(actions):
        probe = rnd.copy()
        action = bots[acting_seat(rnd)].choose(rnd)
        probe.apply(action)
        if probe.is_over:
            break
        rnd.apply(action)
    return rnd


def test_the_seven_profiles_are_the_registered_ones() -> None:
    assert sorted(PROFILES) == sorted(profile_names())


def test_pile_taken_cards_stay_with_the_taker_in_every_deal() -> None:
    rnd = Round.from_state(hands=["h5 h9 s9 c11 c12", "d4 d7 d7 c13 s6", "s4 s6 h10 c1", "d5 d8 s8 c2"],
                           pile="d9 h5 c7", stock="h4 h6 s10 s11 s12 s13 h12 h11", to_move=1, opened=[True, True])
    rnd.apply("E take d7 d7")
    known = known_cards(rnd, 0)
    assert known[1] == Counter({Card(9, "d"): 1, Card(5, "h"): 1})
    det = Determinizer(rnd, 0)
    rng = random.Random(5)
    for _ in range(20):
        sample = det.sample(rng)
        assert Counter(sample.hands[1])[Card(9, "d")] >= 1 and Card(5, "h") in sample.hands[1]
        assert sample.hands[0] == rnd.hands[0]
        assert [len(h) for h in sample.hands] == [len(h) for h in rnd.hands]
        assert len(sample.stock) == len(rnd.stock)
        assert Counter(sample.all_cards()) == Counter(rnd.all_cards())
    rnd.apply("E discard h5")
    assert known_cards(rnd, 0)[1] == Counter({Card(9, "d"): 1})
    assert known_cards(rnd, 1)[1] == Counter()  # a seat knows its own hand anyway


def test_discards_show_what_players_lack_a_player_is_dealt_the_rank_of_their_last_discard_less_often(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = Round.from_state(hands=["h5 h9 s9 c11 c12", "d4 d7 d7 c13 s6 h8 c9", "s4 s6 h10 c1 d6", "d5 d8 s8 c2 c4"],
                           pile="d9 h5 c7", stock="h4 h6 s10 s11 s12 s13 h12 h11 c8 d11 h13 d13 s5 c6 c10 d10",
                           to_move=1, opened=[True, True])
    rnd.apply("E draw")
    rnd.apply("E discard s6")  # East keeps no six, it says: deals giving East a six are less likely
    det = Determinizer(rnd, 2)
    assert det.lacks == [(1, 6, 0)]
    six_in_east = [card for card in det.pool if card.rank == 6]
    assert six_in_east, "a six is among the unseen cards, so East could be dealt one"

    def share_with_a_six(count: int = 1500) -> float:
        rng = random.Random(11)
        return sum(any(c.rank == 6 for c in det.sample(rng).hands[1]) for _ in range(count)) / count

    weighed = share_with_a_six()
    monkeypatch.setattr(coach_module, "LACK_WEIGHT", 1.0)  # the discard ignored
    plain = share_with_a_six()
    assert weighed < plain - 0.08, (weighed, plain)
    deal = det.sample(random.Random(2))
    holds = any(c.rank == 6 for c in deal.hands[1])
    monkeypatch.setattr(coach_module, "LACK_WEIGHT", 0.25)
    assert det.weight(deal) == (0.25 if holds else 1.0)


def test_wild_cards_black_threes_and_sequence_games_say_nothing_of_what_a_player_lacks() -> None:
    rnd = Round.from_state(hands=["h5 h9 s9 c11 c12", "d4 d7 d7 c13 c3 h8 c9", "s4 s6 h10 c1 d6", "d5 d8 s8 c2 c4"],
                           pile="d9 h5 c7", stock="h4 h6 s10 s11 s12 s13 h12 h11 c8 d11 h13 d13 s5 c6 c10 d10",
                           to_move=1, opened=[True, True])
    rnd.apply("E draw")
    rnd.apply("E discard c3")
    assert Determinizer(rnd, 2).lacks == []
    for profile in ("canastra_br", "tranca"):
        brazilian = position(profile, 4, 30)
        assert any(isinstance(a, Discard) for a in brazilian.log)
        assert Determinizer(brazilian, acting_seat(brazilian)).lacks == []


def test_determinized_hands_hold_no_red_three_after_their_first_turn() -> None:
    for profile in PROFILES:
        rnd = position(profile, 4, 24)
        det = Determinizer(rnd, acting_seat(rnd))
        rng = random.Random(1)
        for _ in range(10):
            sample = det.sample(rng)
            for seat, hand in enumerate(sample.hands):
                if rnd.first_turn_done[seat]:
                    assert not any(c.is_red_three for c in hand), (profile, seat)
            assert Counter(sample.all_cards()) == Counter(rnd.all_cards())


def test_a_player_who_asked_to_go_out_can_go_out_in_every_deal() -> None:
    rnd = Round(seed=3, dealer=3)
    bots = [GreedyBot(seed=30 + s) for s in range(4)]
    while rnd.phase != "answer":
        rnd.apply(bots[acting_seat(rnd)].choose(rnd))
    seat = acting_seat(rnd)
    det = Determinizer(rnd, seat)
    rng = random.Random(4)
    for _ in range(6):
        sample = det.sample(rng)
        assert sample.hands[rnd.asker or 0] != rnd.hands[rnd.asker or 0] or det.hand_free[rnd.asker or 0] == 0
        sample.apply(Answer(seat, True))
        if sample.phase == "draw":
            sample.draw()
        assert sample.is_over or sample.legal_actions()
    advice = advise(rnd, rollouts=3, seed=2)
    assert {c.text for c in advice.candidates} == {f"{rnd.seat_name(seat)} answer yes",
                                                   f"{rnd.seat_name(seat)} answer no"}


def italian_face_down(rnd: Round) -> list[int]:
    """Pile indexes of the cards slid face down under an Italian upcard (as many as its rank
    number, docs/variants.md#variants-italian), while the pile has never been taken."""
    if rnd.profile.name != "italian" or any(e.kind == "pile_taken" for e in rnd.events):
        return []
    upcard = next(e.cards[0] for e in rnd.events if e.kind == "upcard")
    dealt = len(rnd.pile) - sum(1 for a in rnd.log if isinstance(a, Discard))
    return list(range(dealt - 1 - upcard.rank, dealt - 1))


def test_italian_cards_under_the_upcard_are_dealt_again_the_rest_of_the_pile_is_kept() -> None:
    rnd = position("italian", 6, 0)
    hidden = italian_face_down(rnd)
    assert hidden
    det = Determinizer(rnd, acting_seat(rnd))
    rng = random.Random(3)
    moved = False
    for _ in range(10):
        pile = det.sample(rng).pile
        assert len(pile) == len(rnd.pile)
        assert all(pile[i] == rnd.pile[i] for i in range(len(pile)) if i not in hidden)
        moved = moved or any(pile[i] != rnd.pile[i] for i in hidden)
    assert moved


def test_an_asker_whose_going_out_hand_is_rare_still_gets_such_hands_in_every_deal() -> None:
    rnd = Round.from_state(hands=["h5 s5 c6 d7", "s4 s10 h12", "h9 s9 c9 d13", "d8 c10 h10 s11"],
                           melds=[["h1 c1 d1 s1 h1 c1 d2"], []], pile="s8 c5 c3 d4",
                           stock="h7 s3 c10 s6 d9 h4 h11 s7 d10 c2 h5 jk s2 d5", to_move=2, drew_from="stock",
                           opened=[True, True])
    rnd.apply("S ask")
    det = Determinizer(rnd, 0)
    rng = random.Random(8)
    stuck_before = stuck_endings()[0]
    for _ in range(25):
        sample = det.sample(rng)
        sample.apply(Answer(0, True))
        assert sample.legal_actions()
    advise(rnd, rollouts=3, seed=1)
    assert stuck_endings()[0] == stuck_before


def _swap_hidden(rnd: Round, seat: int, rng: random.Random) -> Round:
    """The same position with cards the seat cannot see moved around: stock, mortos, reserves
    and the cards of other hands that are of no rank that hand was seen to pick up."""
    other = rnd.copy()
    picked: dict[int, set[int]] = {s: set() for s in range(rnd.player_count)}
    for event in rnd.events:
        if event.kind in ("pile_taken", "joker_swapped") and event.seat is not None:
            picked[event.seat].update(c.rank for c in event.cards)
    slots: list[tuple[list[Card], int]] = []
    for s in range(rnd.player_count):
        if s != seat:
            slots.extend((other.hands[s], i) for i, c in enumerate(other.hands[s])
                         if c.rank not in picked[s] and not c.is_red_three)
    places: list[list[Card]] = [other.stock, *other.mortos, *other.reserves]
    for place in places:
        slots.extend((place, i) for i, c in enumerate(place) if not c.is_red_three)
    slots.extend((other.pile, i) for i in italian_face_down(rnd))
    cards = [place[i] for place, i in slots]
    rng.shuffle(cards)
    for (place, i), card in zip(slots, cards, strict=True):
        place[i] = card
    for hand in other.hands:
        hand.sort(key=lambda c: (c.rank, c.suit))
    return other


@pytest.mark.parametrize("profile", ["classic", "italian", "canastra_br", "pennies_from_heaven"])
def test_advice_uses_public_information_only(profile: str) -> None:
    rnd = position(profile, 12, 33)
    seat = acting_seat(rnd)
    twin = _swap_hidden(rnd, seat, random.Random(2))
    assert twin.snapshot() != rnd.snapshot()  # the hidden cards really differ
    assert twin.hands[seat] == rnd.hands[seat]
    assert advise(rnd, rollouts=4, seed=9) == advise(twin, rollouts=4, seed=9)


def test_same_seed_same_advice_and_the_round_is_untouched() -> None:
    rnd = position("classic", 3, 41)
    before = rnd.snapshot()
    first = advise(rnd, rollouts=6, seed=21)
    assert advise(rnd, rollouts=6, seed=21) == first
    assert rnd.snapshot() == before


@pytest.mark.parametrize("profile", PROFILES)
def test_advice_for_every_profile(profile: str) -> None:
    rnd = position(profile, 5, 30)
    advice = advise(rnd, rollouts=2, seed=1)
    assert isinstance(advice, Advice)
    legal = rnd.legal_actions()
    assert advice.seat == acting_seat(rnd) and advice.best.action in legal
    values = [c.value for c in advice.candidates]
    assert values == sorted(values, reverse=True)
    for candidate in advice.candidates:
        assert candidate.action in legal and all(a in legal for a in candidate.equivalent)
        assert 1 <= candidate.rollouts <= 2
        assert candidate.low <= candidate.value <= candidate.high
        assert candidate.reasons and candidate.reasons[0].text


def test_bad_arguments_name_what_is_wrong() -> None:
    rnd = Round(seed=1)
    with pytest.raises(ValueError, match="seat must be the seat that acts now"):
        advise(rnd, seat=0)
    with pytest.raises(ValueError, match="rollouts must be"):
        advise(rnd, rollouts=0)
    with pytest.raises(ValueError, match="time_budget must be"):
        advise(rnd, time_budget=-1)
    with pytest.raises(TypeError, match="round must be a Round"):
        advise("N draw")  # type: ignore[arg-type]


def table_cards(rnd: Round, team: int) -> Counter[Card]:
    """Every card in the team's melds, open and closed."""
    cards: Counter[Card] = Counter()
    for meld in list(rnd.melds[team].values()) + list(rnd.closed[team]):
        cards.update(meld)
    return cards


def _check_reason(rnd: Round, advice: Advice, candidate_index: int) -> str:
    """Check one candidate's reasons against the real position (hidden cards included); return
    the codes seen."""
    candidate = advice.candidates[candidate_index]
    seat, team = advice.seat, advice.team
    prof = rnd.profile
    after = rnd.copy()
    after.apply(candidate.action)
    new_events = [e.kind for e in after.events[len(rnd.events):]]
    texts = {c.text: c for c in advice.candidates}
    codes = []
    for reason in candidate.reasons:
        f = reason.facts
        codes.append(reason.code)
        if reason.code == "takes_pile":
            assert f["cards"] == len(rnd.pile) and not after.pile
            assert f["wild_cards"] == sum(1 for c in rnd.pile[:-1] if c.is_wild)
            assert f"{f['cards']} card" in reason.text
        elif reason.code == "wild_cards":
            wild_before = sum(1 for c in rnd.hands[seat] if c.is_wild)
            assert f["held"] == wild_before > 0
            laid = table_cards(after, team) - table_cards(rnd, team)
            assert f["used"] == sum(n for c, n in laid.items() if c.is_wild)
        elif reason.code == "opens":
            assert not rnd.opened[team] and after.opened[team]
            assert f["minimum"] == rnd.opening_minimum(team) and f["value"] == after.turn_value >= f["minimum"]
        elif reason.code == "canasta":
            gained = Counter(after.canasta_kinds(team)) - Counter(rnd.canasta_kinds(team))
            assert gained[str(f["kind"])] == f["count"] >= 1
            assert f["bonus"] == prof.canasta_bonus(str(f["kind"]))
        elif reason.code == "reserve":
            assert "reserve_taken" in new_events and f["cards"] == len(rnd.reserves[seat]) > 0
        elif reason.code == "morto":
            assert after.morto_state[team] == "taken" and f["cards"] == len(rnd.mortos[team])
        elif reason.code == "goes_out":
            assert after.is_over and after.went_out == seat
        elif reason.code in ("blocks", "freezes", "safe_discard", "risky_discard"):
            assert isinstance(candidate.action, Discard)
            card = candidate.action.card
            nxt = rnd.next_seat(seat)
            their = rnd.team_of(nxt)
            assert after.to_move == nxt and after.top_card == card
            assert f.get("next_seat", rnd.seat_name(nxt)) == rnd.seat_name(nxt)
            if reason.code == "blocks":
                assert after.pile_state(nxt) == "blocked"
            elif reason.code == "freezes":
                probe = Card(4, "c")
                assert pile_status(after.pile + [probe], prof, team_opened=rnd.opened[their]).frozen
                assert not pile_status(rnd.pile + [probe], prof, team_opened=rnd.opened[their]).frozen
            else:
                assert f["rank"] == card.rank and rank_name(card.rank, plural=True) in reason.text
                picked = sum(1 for e in rnd.events if e.kind == "pile_taken" and e.seat == nxt
                             for c in e.cards if c.rank == card.rank)
                thrown = sum(1 for a in rnd.log if isinstance(a, Discard) and a.seat == nxt
                             and a.card.rank == card.rank)
                assert f["picked_up"] == picked and f["discarded"] == thrown
                if reason.code == "safe_discard":
                    assert card.rank not in rnd.melds[their] and picked == 0
                    assert after.pile_state(nxt) == "frozen"
                else:
                    assert card.rank in rnd.melds[their] and after.pile_state(nxt) != "frozen"
        elif reason.code == "estimate":
            assert f["value"] == candidate.value and f["rollouts"] == candidate.rollouts
        elif reason.code == "dropped":
            # a move the search stopped playing: compared, on the deals it was played on, with
            # the move that led it by the most there
            other = texts[str(f["other"])]
            assert candidate in advice.dropped and candidate is not advice.best
            assert f["deals"] == len(candidate.outcomes) < advice.samples <= len(advice.best.outcomes)
            assert len(other.outcomes) >= len(candidate.outcomes)
            gap = paired_gap(candidate.outcomes, other.outcomes)[0]
            assert f["gap"] == pytest.approx(gap) and gap < 0
            assert all(paired_gap(candidate.outcomes, c.outcomes)[0] >= gap for c in advice.candidates
                       if len(c.outcomes) >= len(candidate.outcomes))
            assert f"Dropped after {f['deals']} deal" in reason.text
        elif reason.code in ("best_by", "worse_by", "about_equal"):
            other = texts[str(f["other"])]
            # the difference on the deals both were played on (of their estimates, for moves
            # played on every deal)
            assert f["gap"] == pytest.approx(paired_gap(candidate.outcomes, other.outcomes)[0])
            if len(candidate.outcomes) == len(other.outcomes):
                assert f["gap"] == pytest.approx(candidate.value - other.value)
            assert candidate not in advice.dropped
            # equal_margins times the paired difference's 95% margin (Student's t) decides "best by"
            # against "about equal": more margins the more moves are compared
            beyond = clearly_better(abs(float(f["gap"])), float(f["stderr"]), int(f["deals"]),
                                    coach_module.equal_margins(len(advice.candidates)))
            assert beyond == (reason.code != "about_equal")
            if reason.code == "best_by":
                assert candidate_index == 0 and float(f["gap"]) >= 0
            elif reason.code == "worse_by":
                assert other is advice.best and float(f["gap"]) <= 0
            else:
                assert "about equal" in reason.text.lower() and f"{int(f['deals'])} shared deal" in reason.text
        elif reason.code == "going_out":
            other = texts[str(f["other"])]
            assert isinstance(candidate.action, Ask) or "goes_out" in [r.code for r in candidate.reasons]
            assert f["gap"] == pytest.approx(paired_gap(candidate.outcomes, other.outcomes)[0])
            if "about equal" not in reason.text:
                assert ("more" in reason.text) == (float(f["gap"]) >= 0)
        else:  # pragma: no cover - a new code must get a check here
            raise AssertionError(f"no check for reason code {reason.code!r}")
    return " ".join(codes)


def crafted_positions() -> list[Round]:
    """Positions where taking the pile, a canasta, an opening, a reserve or a morto is one move away."""
    stock = "h4 h6 s10 s11 s12 h12 h11 d11 c4 c6"
    return [
        Round.from_state(hands=["h13 c5 c6 s9 s9 d4 h7 s7", "d4 d7 d8 c12 s6", "s4 s6 h10 c1 c1", "d5 d8 s8 c2 h9"],
                         melds=[["h13 s13 s13 d13 d13 c13"], []], pile="d9 h5 c7", stock=stock, to_move=0),
        Round.from_state(hands=["h13 c5 c6 s9 s9 d4", "d4 d7 d8 c12 s6", "s4 s6 h10 c1 c1", "d5 d8 s8 c2 h9"],
                         melds=[["h13 s13 s13 d13 d13 c13"], []], pile="d9 h5 c7", stock=stock, to_move=0,
                         drew_from="stock"),
        Round.from_state(hands=["h1 c1 s1 h13 c13 s13 d5 s7", "d4 d7 d8 c12 s6", "s4 s6 h10 c1", "d5 d8 s8 c2 h9"],
                         pile="d9 h5 c7", stock=stock, to_move=0, drew_from="stock", opened=[False, False]),
        Round.from_state(profile="pennies_from_heaven",
                         hands=["h13 c5 c6 s9 s9 d4", "d4 d7 d8 c12 s6", "s4 s6 h10 c1 c1", "d5 d8 s8 c2 h9",
                                "h8 h8 d10", "c9 c10 c11"],
                         melds=[["h13 s13 s13 d13 d13 c13"], []], pile="d9 h5 c7", stock=stock, to_move=0,
                         drew_from="stock", reserves=["c7 c8 c9 c10 h7 h6 h5 d6 d7 d8 d9"]),
    ] + [
        Round.from_state(profile="canastra_br", hands=[hand, "d4 d7 d8 c12 s6", "c4 c6 h10 c1 c1", "d5 d8 s8 c2 h9"],
                         pile="d9 h5 c7", stock=stock + " d6 d7", to_move=0, drew_from="stock",
                         melds=[["s4 s5 s6 s7"], []],
                         mortos=["c8 c9 c10 c11 c12 c13 h1 h2 h3 d1 d2", "s8 s9 s10 s11 s12 s13 h7 h8 h13 d12 d13"])
        for hand in ("h4 h5 h6", "c9")  # the morto by batida direta (meld all) and indireta (discard)
    ]


def test_every_reason_states_facts_that_hold_in_many_positions() -> None:
    seen: Counter[str] = Counter()
    cases = [(p, seed, actions) for p in PROFILES for seed, actions in ((1, 14), (3, 60))]
    rounds = crafted_positions()
    for index, (profile, seed, actions) in enumerate(cases):
        rnd = position(profile, seed + 10 * index, actions)
        if rnd.phase == "draw" and index % 2:  # reach the play phase too
            probe = rnd.copy()
            action = GreedyBot(seed=1).choose(rnd)
            probe.apply(action)
            if not probe.is_over:
                rnd.apply(action)
        rounds.append(rnd)
    for index, rnd in enumerate(rounds):
        advice = advise(rnd, rollouts=1, seed=index)
        for i in range(len(advice.candidates)):
            seen.update(_check_reason(rnd, advice, i).split())
    # one ending each: no move is told apart from another, so every comparison says "about equal"
    assert seen["best_by"] == seen["worse_by"] == 0
    for code in ("estimate", "about_equal", "takes_pile", "wild_cards", "canasta", "opens", "reserve", "morto",
                 "safe_discard", "blocks"):
        assert seen[code] > 0, (code, seen)


def test_best_by_and_worse_by_only_beyond_the_noise(monkeypatch: pytest.MonkeyPatch) -> None:
    """With enough deals a clearly better move is "best by" and a clearly worse one "worse by";
    the facts of each reason pass the same checks as above (Student's t margin of the gap). A
    search drops clearly worse moves as it goes (`coach.PRUNE_Z`), so here it plays every move
    on every deal; the next test lets it drop them."""
    monkeypatch.setattr(coach_module, "PRUNE_Z", 1e12)
    seen: Counter[str] = Counter()
    for seed in (3, 5, 7):  # at seed 7 one move is clearly worse after 40 deals (at 5 and 8 too before 2026-12-06)
        rnd = Round(seed=seed)
        rnd.draw()
        advice = advise(rnd, rollouts=40, seed=seed)
        assert not advice.dropped
        for i in range(len(advice.candidates)):
            seen.update(_check_reason(rnd, advice, i).split())
    assert seen["best_by"] + seen["about_equal"] >= 3 and seen["worse_by"] > 0, seen
    assert seen["dropped"] == 0, seen


def test_a_dropped_move_comes_last_and_says_what_it_trailed_on_its_own_deals() -> None:
    """A move the search stopped playing keeps the estimate of its few deals, which may read
    higher than the estimates of moves played on every deal (those deals went well for every
    move) although it trailed on them: it is listed after every move played on every deal, is
    never the leading move, and its reason compares it on its own deals with the move it trailed
    (paired), not with the leading move's estimate over more deals."""
    seen: Counter[str] = Counter()
    above_the_leader = []
    for seed in (3, 5, 8, 52):
        rnd = Round(seed=seed)
        rnd.draw()
        advice = advise(rnd, rollouts=40, seed=seed)
        full = [c for c in advice.candidates if c not in advice.dropped]
        assert advice.candidates == (*full, *advice.dropped) and advice.best in full
        assert [c.value for c in full] == sorted((c.value for c in full), reverse=True)
        assert [c.value for c in advice.dropped] == sorted((c.value for c in advice.dropped), reverse=True)
        above_the_leader += [c.text for c in advice.dropped if c.value > advice.best.value]
        for candidate in advice.dropped:  # as a hint shows it: the move it trailed in words
            reason = next(r for r in candidate.reasons if r.code == "dropped")
            other = next(c for c in advice.candidates if c.text == reason.facts["other"])
            shown = reason_texts(candidate, advice.candidates, rnd)[candidate.reasons.index(reason)]
            assert f"({move_words(other.action, rnd)})" in shown and other.text not in shown
        for i in range(len(advice.candidates)):
            seen.update(_check_reason(rnd, advice, i).split())
    assert seen["dropped"] > 0, seen
    # at seed 52 a discard dropped after a few deals reads higher than the leading move (seed 29 before the
    # draws were shared between moves, 2026-12-06)
    assert above_the_leader, "no dropped move read higher than the leading one: the case is not tested"


def test_coach_bot_plays_legal_moves_to_the_end_of_a_round() -> None:
    rnd = Round(seed=8)
    bots = [CoachBot(seed=1, rollouts=1), GreedyBot(seed=2), CoachBot(seed=3, rollouts=1), GreedyBot(seed=4)]
    run_round(rnd, bots)
    assert rnd.is_over
    assert make_bot("coach", 5).name == "coach"


def test_the_coach_bot_by_name_is_asked_only_where_it_beats_noise() -> None:
    """`make_bot("coach")` (the play view's and the CLI's coach) searches the draw, ask and
    answer decisions and keeps GreedyBot's choice unless beaten by one paired standard error:
    asked about every move, with 12 deals, it lost most rounds to GreedyBot partners."""
    bot = make_bot("coach", 5)
    assert isinstance(bot, CoachBot)
    assert (bot.rollouts, bot.phases, bot.keep_greedy_within) == (12, frozenset({"draw", "ask", "answer"}), 1.0)
    rnd = position("classic", 9, 36)
    assert rnd.phase == "play" and len(rnd.legal_actions()) > 1
    assert not any(isinstance(a, Ask) for a in rnd.legal_actions())
    assert bot.choose(rnd) == GreedyBot(seed=5).choose(rnd)  # a plain meld-or-discard decision: Greedy's


def test_coach_bot_outside_its_phases_plays_the_greedy_choice() -> None:
    rnd = position("classic", 9, 35)
    bot = CoachBot(seed=4, rollouts=1, phases=("answer",))
    assert bot.choose(rnd) == GreedyBot(seed=4).choose(rnd)
    with pytest.raises(ValueError, match="phases must name"):
        CoachBot(phases=("meld",))
    with pytest.raises(ValueError, match="keep_greedy_within"):
        CoachBot(keep_greedy_within=-1)
    with pytest.raises(ValueError, match="objective must be"):
        CoachBot(objective="points")


def _advance_until(rnd: Round, wanted: Callable[[Round], bool]) -> Round:
    while not wanted(rnd):
        assert not rnd.is_over, "the seeded round ended before the position the test needs"
        rnd.apply(GreedyBot(seed=1).choose(rnd))
    return rnd


def test_coach_bot_asked_which_discard_weighs_only_the_discards_and_leaves_melds_to_greedy() -> None:
    # a play decision where GreedyBot discards and several ranks could go: the coach picks,
    # among the discards alone (never a meld), the one winning the most simulated deals
    def greedy_discards(rnd: Round) -> bool:
        return (rnd.phase == "play" and isinstance(GreedyBot(seed=4).choose(rnd), Discard)
                and len({a.card.rank for a in rnd.legal_actions() if isinstance(a, Discard)}) > 2)
    rnd = _advance_until(position("classic", 2, 26), greedy_discards)
    bot = CoachBot(seed=4, rollouts=6, phases=("discard",), objective="wins")
    choice = bot.choose(rnd)
    assert isinstance(choice, Discard) and bot.searches == 1
    seed = 4 * 1_000_003 + len(rnd.log)
    advice = _search(rnd, acting_seat(rnd), 1.0, 6, seed, only=lambda a: isinstance(a, Discard))
    assert all(isinstance(c.action, Discard) for c in advice.candidates) and len(advice.candidates) > 2
    def wins(c: Candidate) -> float:
        return sum((v > 0) - (v < 0) for v in c.outcomes) / len(c.outcomes)
    top = max(wins(c) for c in advice.candidates)
    assert wins(next(c for c in advice.candidates if c.stands_for(choice))) == top
    # where GreedyBot melds, the discard-phase bot plays GreedyBot's meld, without a search
    def greedy_melds(rnd: Round) -> bool:
        return (rnd.phase == "play" and len(rnd.legal_actions()) > 1
                and not isinstance(GreedyBot(seed=4).choose(rnd), Discard))
    rnd = _advance_until(rnd, greedy_melds)
    other = CoachBot(seed=4, rollouts=6, phases=("discard",))
    assert other.choose(rnd) == GreedyBot(seed=4).choose(rnd) and other.searches == 0


def test_coach_bot_playing_for_wins_picks_the_candidate_winning_most_deals() -> None:
    rnd = position("classic", 2, 26)
    advice = advise(rnd, rollouts=5, seed=7 * 1_000_003 + len(rnd.log))
    def wins(c: Candidate) -> float:
        return sum((v > 0) - (v < 0) for v in c.outcomes) / len(c.outcomes)
    top = max(wins(c) for c in advice.candidates)
    choice = CoachBot(seed=7, rollouts=5, objective="wins").choose(rnd)
    assert wins(next(c for c in advice.candidates if c.stands_for(choice))) == top


def test_judge_measures_a_move_against_the_coach_choice_on_the_same_deals() -> None:
    rnd = position("classic", 2, 26)
    while len(rnd.legal_actions()) < 3:
        rnd.apply(GreedyBot(seed=1).choose(rnd))
    worst = advise(rnd, rollouts=4, seed=5).candidates[-1]
    opinion = judge(rnd, worst.action, rollouts=4, seed=5)
    assert opinion.played.text == worst.text and opinion.best == opinion.advice.best
    assert opinion.loss == pytest.approx(opinion.best.value - opinion.played.value) and opinion.loss >= 0
    assert judge(rnd, opinion.best.action, rollouts=4, seed=5).is_best
    before = rnd.snapshot()
    with pytest.raises(IllegalActionError):
        judge(rnd, "N decline", rollouts=1)
    assert rnd.snapshot() == before


def test_profiles_checked_exist() -> None:
    for name in PROFILES:
        assert get_profile(name).name == name


def test_advice_is_made_from_deals_not_from_the_time_alone() -> None:
    """A tiny time budget (a loaded machine) still plays at least min_deals deals."""
    rnd = Round(seed=4)
    rnd.draw()
    advice = advise(rnd, time_budget=1e-6, seed=3, min_deals=10, max_deals=12)
    assert 10 <= advice.samples <= 12
    assert all(c.rollouts >= 2 for c in advice.candidates)
    with pytest.raises(ValueError, match="min_deals"):
        advise(rnd, min_deals=1)
    with pytest.raises(ValueError, match="max_deals"):
        advise(rnd, min_deals=20, max_deals=10)


def test_the_advice_budget_counts_cpu_time_so_a_slow_machine_plays_the_same_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Waiting is not thinking: each deal here also waits 0.8 s (a machine busy with other work),
    which a wall-clock budget of 1.5 s would have cut after 2 deals; the budget counts the CPU time
    of the thread that asks, so the 3 deals asked for are played. (Three deals take about 0.1 s of
    CPU each on a slow CI machine, well inside the 1.5 s.)"""
    import time as time_module

    from canasta_learn.play import coach as coach_module

    real_sample = coach_module.Determinizer.sample

    def slow_sample(self: coach_module.Determinizer, rng: random.Random) -> Round:
        time_module.sleep(0.8)
        return real_sample(self, rng)

    monkeypatch.setattr(coach_module.Determinizer, "sample", slow_sample)
    rnd = Round(seed=4)
    rnd.draw()
    start = time_module.perf_counter()
    cpu_start = coach_module._cpu_clock()
    advice = advise(rnd, time_budget=1.5, seed=3, min_deals=2, max_deals=3, check=False)
    assert time_module.perf_counter() - start > 1.5  # the wall clock ran past the budget
    assert coach_module._cpu_clock() - cpu_start < 1.5  # the CPU did not
    assert advice.samples == 3


def test_the_budget_clock_does_not_count_sleep() -> None:
    """The clock the budget reads is CPU time: a thread that waits does not spend it."""
    import time as time_module

    from canasta_learn.play import coach as coach_module

    before = coach_module._cpu_clock()
    time_module.sleep(0.3)
    assert coach_module._cpu_clock() - before < 0.25


def test_recommended_keeps_greedys_move_unless_the_best_is_clearly_better() -> None:
    """The floor: a hint puts GreedyBot's move first unless the coach's best beats it beyond the
    noise; the moves it cannot tell from the best are all "about equal"."""
    checked = 0
    for seed in range(1, 9):
        rnd = Round(seed=seed)
        rnd.draw()
        advice = advise(rnd, rollouts=12, seed=seed)
        greedy = GreedyBot(seed=0).choose(rnd)  # the floor's reference move, whatever the seed
        assert advice.greedy == greedy and advice.find(greedy) is not None
        mine = advice.find(greedy)
        assert mine is not None
        gap, stderr = paired_gap(advice.best.outcomes, mine.outcomes)  # recomputed from the outcomes
        if mine is advice.best or gap > coach_module.FLOOR_STDERRS * stderr:
            assert advice.recommended is advice.best
        else:
            assert advice.recommended is mine
            checked += 1
        for candidate in advice.candidates[1:]:
            assert (candidate in advice.about_equal) == (
                not advice.clearly_better(advice.best, candidate, coach_module.equal_margins(len(advice.candidates))))
    assert checked > 0


def test_candidate_margin_uses_students_t_and_states_none_below_five_endings() -> None:
    rnd = Round(seed=4)
    rnd.draw()
    few = advise(rnd, rollouts=3, seed=1).best
    assert math.isinf(few.margin) and "too few for a margin" in few.summary()
    many = advise(rnd, rollouts=10, seed=1).best
    assert many.margin == pytest.approx(2.262 * many.stderr)  # t for 9 degrees of freedom, not 1.96


def test_a_hint_that_keeps_greedys_move_names_the_best_it_cannot_tell_it_from() -> None:
    """When the floor keeps GreedyBot's move, the best estimate does not beat it by a standard
    error, so by its own 95% margin the hint cannot tell them apart: it names both as about
    equal and never calls its recommended move "clearly better"."""
    from canasta_learn.play.coach_words import verdict_words

    kept = 0
    for seed in range(1, 9):
        rnd = Round(seed=seed)
        rnd.draw()
        advice = advise(rnd, rollouts=12, seed=seed)
        named = advice.named_equal
        assert named[0] is advice.recommended
        assert all(any(c is n for n in named) for c in advice.about_equal)
        headline = verdict_words(advice)
        if advice.recommended is not advice.best:
            kept += 1
            assert advice.recommended in advice.about_equal
            assert any(c is advice.best for c in named) and len(named) >= 2
        if len(named) > 1:
            assert "about equal" in headline and "clearly better" not in headline
        else:
            assert named == (advice.best,) and "clearly better" in headline
    assert kept > 0


@pytest.mark.parametrize(("seed", "step", "move"), [(30004, 29, "S add 13: d2"), (30015, 82, "W add 10: c2")])
def test_the_candidate_cut_keeps_the_wild_card_add_that_brings_a_meld_closest_to_a_canasta(
        seed: int, step: int, move: str) -> None:
    """Seeded GreedyBot rounds (make_bots) where a 10x reference (bench_hint_agreement.py, 240+
    deals over every legal meld) found adding a wild card to a meld of five (seven for the
    second: not to the canasta of eight) the best move, and the cut used to leave it out."""
    from canasta_learn.core.actions import Meld
    from canasta_learn.play.coach import MAX_MELD_CANDIDATES, _candidates

    rnd = _greedy_position(seed, step)
    assert sum(isinstance(a, Meld) for a in rnd.legal_actions()) > MAX_MELD_CANDIDATES  # the cut applies
    texts = [rnd.action_text(a) for a, _same in _candidates(rnd, acting_seat(rnd))]
    assert move in texts


def test_advise_meld_candidates_sets_the_candidate_cut_and_none_simulates_every_legal_meld() -> None:
    """`advise(meld_candidates=...)`: at most that many melds are simulated (the quick cut, the
    coach's `MAX_MELD_CANDIDATES` by default); None: every legal meld."""
    from canasta_learn.core.actions import Meld
    from canasta_learn.play.coach import MAX_MELD_CANDIDATES

    rnd = _greedy_position(30004, 29)
    melds = [a for a in rnd.legal_actions() if isinstance(a, Meld)]
    assert len(melds) > MAX_MELD_CANDIDATES  # the cut applies at 6 and at 4
    for limit, expected in ((None, len(melds)), (MAX_MELD_CANDIDATES, MAX_MELD_CANDIDATES), (4, 4)):
        advice = advise(rnd, rollouts=2, seed=1, cut=32, meld_candidates=limit)
        simulated = [a for a in melds if advice.find(a) is not None]
        assert len(simulated) == expected, limit
    default = advise(rnd, rollouts=2, seed=1, cut=32)
    assert default == advise(rnd, rollouts=2, seed=1, cut=32, meld_candidates=MAX_MELD_CANDIDATES)


@pytest.mark.parametrize("bad", [0, -3, True, 2.5, "6"])
def test_advise_refuses_a_meld_candidates_that_is_not_a_positive_whole_number(bad: object) -> None:
    rnd = _greedy_position(30004, 29)
    before = rnd.snapshot()
    with pytest.raises(ValueError, match="meld_candidates must be a whole number of at least 1"):
        advise(rnd, rollouts=2, seed=1, meld_candidates=bad)  # type: ignore[arg-type]
    assert rnd.snapshot() == before


def _greedy_position(seed: int, moves: int) -> Round:
    from greedy_positions import greedy_position

    return greedy_position(seed, moves)


def _check_verdict(advice: Advice, first: Candidate, second: Candidate) -> bool:
    """Recomputed from the outcomes: ``first`` beats ``second`` by one 95% margin on the check's
    fresh deals alone."""
    from canasta_learn.play.estimates import margin95, paired_gap

    assert advice.checked is not None
    start = advice.checked[1]
    gap, stderr = paired_gap(first.outcomes[start:], second.outcomes[start:])
    return gap > margin95(stderr, len(first.outcomes) - start)


@pytest.mark.parametrize(("seed", "moves"), [(1, 12), (1, 39), (2, 33), (3, 30)])
def test_the_floor_is_checked_on_fresh_deals_before_the_best_replaces_greedys_move(seed: int, moves: int) -> None:
    """The winner's curse: the best of a dozen noisy estimates is often just the luckiest. With
    check=True, when it leads GreedyBot's move but not by FLOOR_STDERRS, the two are played again
    on CHECK_DEALS fresh deals, and the best is put first only if it wins there by one margin."""
    rnd = _greedy_position(seed, moves)
    before = rnd.copy()
    advice = advise(rnd, seed=seed, min_deals=24, max_deals=24, time_budget=100, check=True)
    assert rnd.log == before.log and rnd.hands == before.hands  # advising changes nothing
    assert advice.checked is not None and advice.checked[1] == advice.samples == 24
    challenger = advice.find(advice.checked[0])
    assert advice.greedy is not None
    mine = advice.find(advice.greedy)
    assert challenger is not None and mine is not None and challenger is not mine
    # the two were played on the fresh deals, the others were not
    assert len(challenger.outcomes) == len(mine.outcomes) == 24 + coach_module.CHECK_DEALS
    assert all(len(c.outcomes) <= 24 for c in advice.candidates if c not in (challenger, mine))
    # on the first 24 deals the challenger led, but not by the floor's margins
    first24 = Advice(advice.seat, advice.team, tuple(
        dataclasses.replace(c, outcomes=c.outcomes[:24]) for c in (challenger, mine)), 24, "classic")
    assert sum(challenger.outcomes[:24]) > sum(mine.outcomes[:24])
    assert not first24.beats_floor(first24.candidates[0], first24.candidates[1])
    # the recommended move follows the check alone
    confirmed = _check_verdict(advice, challenger, mine)
    assert advice.check_gap(challenger, mine)[2] == confirmed
    if not advice.beats_floor(advice.best, mine):
        assert advice.recommended is (challenger if confirmed else mine)


def test_the_check_can_confirm_the_best_and_can_refute_it() -> None:
    """Both outcomes happen: at seed 1 (39 moves) melding the fours with a joker beats GreedyBot's
    meld of the four fours alone on the fresh deals, at seed 3 (30 moves) the leading discard (9♣)
    does not beat GreedyBot's (4♦) on them."""
    confirmed = advise(_greedy_position(1, 39), seed=1, min_deals=24, max_deals=24, time_budget=100, check=True)
    assert confirmed.checked is not None and confirmed.recommended.action == confirmed.checked[0]
    assert confirmed.recommended.action != confirmed.greedy
    refuted = advise(_greedy_position(3, 30), seed=3, min_deals=24, max_deals=24, time_budget=100, check=True)
    assert refuted.checked is not None and refuted.recommended.action == refuted.greedy


def test_without_the_check_no_fresh_deals_are_played_and_the_first_deals_are_the_same() -> None:
    """The check is off by default (it made hints less steady across seeds: bench_hint_honesty)."""
    rnd = _greedy_position(1, 12)
    plain = advise(rnd, seed=1, min_deals=24, max_deals=24, time_budget=100)  # off by default
    checked = advise(rnd, seed=1, min_deals=24, max_deals=24, time_budget=100, check=True)
    assert plain.checked is None and all(len(c.outcomes) <= 24 for c in plain.candidates)
    for c in plain.candidates:
        other = checked.find(c.action)
        assert other is not None and other.outcomes[:len(c.outcomes)] == c.outcomes
    with pytest.raises(TypeError, match="check must be True or False"):
        advise(rnd, check="yes")  # type: ignore[arg-type]


def test_the_coachs_discard_reasons_name_the_next_player_by_compass_word_not_letter() -> None:
    """The Hint panel is learner text: "West cannot take the pile next turn", never "W cannot..."."""
    import re

    from canasta_learn.play.coach_words import reason_texts

    rnd = _greedy_position(1, 12)  # South to discard; West plays next
    advice = advise(rnd, rollouts=2, seed=1)
    texts = [t for c in advice.candidates for t in reason_texts(c, advice.candidates, rnd)]
    about_west = [t for t in texts if "West" in t]
    assert any("West has not picked up" in t for t in about_west), texts
    assert not any(re.search(r"\b[NESW]\b", t) for t in texts), texts


def test_an_about_equal_hint_says_what_the_choice_comes_down_to_from_the_moves_it_names() -> None:
    """The issue's "names what decides between them": the sentence is chosen from the kinds of
    the moves the headline names (melding or holding back, taking or drawing, which card to give
    away), so it is about the moves the learner reads, and is absent when they are told apart."""
    from canasta_learn.core.actions import Discard, Meld
    from canasta_learn.play.coach_words import NAMED_EQUAL, decides_words, verdict_words

    seen: set[str] = set()
    for seed, moves in [(40001, 63), (1, 12), (2, 12), (3, 30), (8, 45), (4, 30), (6, 30), (1, 45)]:
        rnd = _greedy_position(seed, moves)
        advice = advise(rnd, rollouts=12, seed=seed)
        headline = verdict_words(advice, rnd)
        named = advice.named_equal[:NAMED_EQUAL]
        decides = decides_words(named)
        if len(advice.named_equal) == 1:
            assert "comes down to" not in headline and "differ" not in headline
            continue
        assert headline.endswith(decides)
        kinds = {type(c.action) for c in named}
        if Meld in kinds and Discard in kinds:
            assert decides == "It comes down to melding now or holding your cards back for later."
        elif kinds == {Discard}:
            assert decides.startswith("They differ only in which card you give away")
        seen.add(decides)
    assert len(seen) >= 2, seen  # more than one kind of choice was met


# ---------------------------------------------------------------------- a closer look (earlier=)
def test_closer_look_pools_fresh_deals_with_the_earlier_advice() -> None:
    """advise(earlier=...) keeps every result of the earlier advice, deal by deal, and adds at
    least min_deals fresh deals to each candidate still simulated; a candidate the earlier search
    stopped simulating (clearly worse) keeps its results as they were."""
    rnd = position("classic", 5, 30)
    first = advise(rnd, seed=2, rollouts=16)
    closer = advise(rnd, seed=3, rollouts=16, earlier=first)
    assert closer.samples == 32 and closer.position == first.position
    assert {c.action for c in closer.candidates} == {c.action for c in first.candidates}
    for old in first.candidates:
        new = closer.find(old.action)
        assert new is not None and new.outcomes[:old.rollouts] == old.outcomes
        assert new.rollouts == (32 if old.rollouts == 16 else old.rollouts)
        assert new.value == pytest.approx(sum(new.outcomes) / new.rollouts)
    # the fresh deals are other deals than the first look's: not a copy of its results
    full = [c for c in closer.candidates if c.rollouts == 32]
    assert len(full) >= 2 and any(c.outcomes[16:] != c.outcomes[:16] for c in full)
    # with no rollouts given, at least min_deals fresh deals are played
    again = advise(rnd, seed=4, min_deals=8, max_deals=8, time_budget=100, earlier=closer)
    assert again.samples == 40


def test_closer_look_with_the_same_seed_still_deals_afresh() -> None:
    rnd = position("classic", 5, 30)
    first = advise(rnd, seed=2, rollouts=12)
    closer = advise(rnd, seed=2, rollouts=12, earlier=first)
    best = closer.find(first.best.action)
    assert best is not None and best.outcomes[12:] != best.outcomes[:12]


def test_closer_look_refuses_another_position_and_changes_nothing() -> None:
    rnd = position("classic", 5, 30)
    first = advise(rnd, seed=2, rollouts=6)
    other = position("classic", 6, 30)
    before = other.snapshot()
    with pytest.raises(ValueError, match="another position"):
        advise(other, rollouts=6, earlier=first)
    assert other.snapshot() == before
    moved = rnd.copy()  # the same seat still to move, one action later
    moved.apply(GreedyBot(seed=0).choose(moved))
    assert not moved.is_over and acting_seat(moved) == first.seat
    with pytest.raises(ValueError, match="another position"):
        advise(moved, rollouts=6, earlier=first)
    with pytest.raises(TypeError, match="earlier must be an Advice"):
        advise(rnd, rollouts=6, earlier="advice")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="checked advice cannot be pooled"):
        advise(rnd, earlier=first, check=True)


def test_closer_look_refuses_a_move_the_earlier_advice_did_not_simulate() -> None:
    rnd = position("classic", 1, 43)  # 17 legal melds: the candidate cut leaves some out
    first = advise(rnd, seed=2, rollouts=6)
    simulated = {a for c in first.candidates for a in (c.action, *c.equivalent)}
    missing = [a for a in rnd.legal_actions() if a not in simulated]
    assert missing
    with pytest.raises(ValueError, match="was not simulated by the earlier advice"):
        advise(rnd, rollouts=6, earlier=first, include=(missing[0],))


def test_a_house_rule_under_the_same_name_is_another_position_for_a_closer_look() -> None:
    """The digest holds every rule of the profile, not only its name: the same deal under a house
    rule (here: go out with two canastas) is not pooled with advice made under the classic one."""
    classic = Round("classic", seed=11)
    house = Round(get_profile("classic").replace(go_out_canastas=2), seed=11)
    assert house.profile.name == classic.profile.name and house.hands == classic.hands
    first = advise(classic, rollouts=4, seed=1)
    assert first.is_for(classic) and first.can_look_closer(classic)
    assert not first.is_for(house) and not first.can_look_closer(house)
    with pytest.raises(ValueError, match="another position"):
        advise(house, rollouts=4, earlier=first)


def test_progress_is_told_after_each_deal_and_changes_nothing() -> None:
    """``advise(progress=...)`` hears the deals the estimates rest on after each one (a closer
    look counts the earlier deals too), and the advice is the same as without it."""
    rnd = _greedy_position(1, 12)
    heard: list[int] = []
    told = advise(rnd, rollouts=6, seed=2, progress=heard.append)
    assert heard == [1, 2, 3, 4, 5, 6]
    assert told == advise(rnd, rollouts=6, seed=2)
    closer: list[int] = []
    advise(rnd, rollouts=3, seed=2, earlier=told, progress=closer.append)
    assert closer == [7, 8, 9]
    before = rnd.snapshot()
    with pytest.raises(TypeError, match="progress must be a function"):
        advise(rnd, rollouts=2, progress=5)  # type: ignore[arg-type]
    assert rnd.snapshot() == before
