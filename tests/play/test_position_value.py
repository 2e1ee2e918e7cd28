"""The coach's cut play-outs (`advise(cut=...)`): the learned estimate reads facts of the position,
a cut play-out is the coach's play-out stopped where it says, and a hint made that way says so."""

from __future__ import annotations

import dataclasses
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_hint_agreement import pick_positions  # noqa: E402
from bench_meld_noise import meld_position  # noqa: E402

from canasta_learn.core.i18n import speaking  # noqa: E402
from canasta_learn.engine.round import Round  # noqa: E402
from canasta_learn.play import position_value  # noqa: E402
from canasta_learn.play.bots import GreedyBot, acting_seat  # noqa: E402
from canasta_learn.play.coach import Advice, advise, bound_to_go_out, play_out  # noqa: E402
from canasta_learn.play.estimates import margin95, paired_gap  # noqa: E402
from canasta_learn.widgets.coach_view import advice_html  # noqa: E402
from canasta_learn.widgets.play import HINT_CUT  # noqa: E402


def _played(seed: int, moves: int, profile: str = "classic") -> Round:
    rnd = Round(seed=seed, profile=profile)
    for _ in range(moves):
        rnd.apply(GreedyBot(seed=1).choose(rnd))
    return rnd


def test_the_features_are_facts_of_the_position() -> None:
    rnd = _played(5, 9)
    for team in (0, 1):
        found = position_value.features(rnd, team)
        assert len(found) == 21 == len(position_value.WEIGHTS) - 1
        for start, t in ((0, team), (9, 1 - team)):
            seats = [s for s in range(rnd.player_count) if rnd.team_of(s) == t]
            assert found[start] == GreedyBot.table_value(rnd, t) / 100
            assert found[start + 4] == sum(len(rnd.hands[s]) for s in seats) / 10
            assert found[start + 6] == sum(1 for s in seats for c in rnd.hands[s] if c.is_wild)
            assert found[start + 7] == float(rnd.opened[t])
            assert found[start + 8] == min(len(rnd.hands[s]) for s in seats) / 10
        assert found[18:] == [len(rnd.stock) / 60, len(rnd.pile) / 10,
                              float(rnd.team_of(acting_seat(rnd)) == team)]


def test_the_estimate_holds_for_the_classic_profile_only() -> None:
    assert position_value.applies(Round(seed=1).profile)
    assert not position_value.applies(Round(seed=1, profile="italian").profile)
    assert HINT_CUT == position_value.CUT  # the Hint cuts where the weights were fitted


def test_a_cut_play_out_is_the_coachs_play_out_stopped_where_it_says() -> None:
    """Never cut (a cut beyond any round): the play-out to the end. Cut after one action: the
    estimate of the position GreedyBot's one answer to the move leaves."""
    checked = 0
    for _kind, seed, step in pick_positions(31_001, 2, ("meld",)):
        _rnd, team, moves, memory, dealt = meld_position(seed, step, 1)
        for sample, _bot_seed in dealt:
            for move in moves[:4]:
                assert play_out(sample, move, team, 41, memory, cut=10_000) == play_out(sample, move, team, 41, memory)
                after = sample.copy()
                after.apply(move)
                if after.is_over or bound_to_go_out(after):
                    continue
                after.apply(GreedyBot(seed=41 + acting_seat(after)).choose(after))
                if not after.is_over:
                    assert play_out(sample, move, team, 41, None, cut=1) == round(position_value.estimate(after, team))
                    checked += 1
    assert checked >= 4


def test_a_cut_hint_is_reproducible_and_says_how_it_was_made() -> None:
    rnd = _played(7, 12)
    first = advise(rnd, rollouts=8, seed=3, cut=32)
    assert first == advise(rnd, rollouts=8, seed=3, cut=32)
    assert first.cut == 32 and all(c.cut == 32 for c in first.candidates)
    estimate = next(r for r in first.best.reasons if r.code == "estimate")
    assert estimate.facts["cut"] == 32 and "8 deals played 32 moves ahead, then estimated" in estimate.text
    assert "8 deals played 32 moves ahead, then estimated" in first.best.summary()
    panel = advice_html(first, 3, rnd)
    assert "8 deals of the unseen cards, each played 32 moves ahead" in panel and "simulated endings" not in panel
    assert "the margins count the luck of the deals and that estimate&#x27;s own error" in panel.replace("'", "&#x27;")
    with speaking("pt_BR"):
        portuguese = advice_html(first, 3, rnd)
    assert "8 distribuições das cartas que você não vê, cada uma levada 32 jogadas adiante" in portuguese
    plain = advise(rnd, rollouts=8, seed=3)
    assert plain.cut is None and "simulated endings" in advice_html(plain, 3, rnd)


def _without_cut(advice: Advice) -> Advice:
    """The same outcomes, read as if every play-out had been played to the end."""
    return dataclasses.replace(advice, cut=None,
                               candidates=tuple(dataclasses.replace(c, cut=None) for c in advice.candidates))


def test_a_cut_hint_counts_the_estimates_own_error() -> None:
    """Between two moves the standard error is the deals' and `GAP_ERROR` together, one move's
    margin counts `VALUE_ERROR`, and the words state those margins; so the moves a cut hint calls
    about equal include every move the deals' luck alone would, and more where the gap is small."""
    wider = 0
    for seed, moves in ((7, 12), (9, 14), (4, 10)):  # at (4, 10) the cut's error widens the set
        rnd = _played(seed, moves)
        cut = advise(rnd, rollouts=48, seed=3, cut=32)
        best = cut.best
        for other in cut.candidates[1:]:
            gap, stderr = cut.gap(best, other)
            luck_gap, luck = paired_gap(best.outcomes, other.outcomes)
            assert gap == luck_gap and stderr == pytest.approx(math.hypot(luck, position_value.GAP_ERROR))
        assert best.margin == pytest.approx(math.hypot(margin95(best.stderr, best.rollouts),
                                                       1.96 * position_value.VALUE_ERROR))
        estimate = next(r for r in best.reasons if r.code == "estimate")
        assert f"±{best.margin:.0f} at 95%" in estimate.text
        if len(cut.candidates) > 1:
            versus = next(r for r in best.reasons if r.code in ("about_equal", "best_by"))
            assert versus.facts["stderr"] == pytest.approx(cut.gap(best, cut.candidates[1])[1])
        plain = _without_cut(cut)
        mine = {c.text for c in cut.about_equal}
        assert {c.text for c in plain.about_equal} <= mine
        wider += len(mine) > len(plain.about_equal)
        # the floor counts the deals' luck only (`coach.FLOOR_STDERRS`)
        assert cut.recommended.text == plain.recommended.text
    assert wider >= 1


def test_a_cut_hint_says_its_about_equal_counts_the_estimates_error() -> None:
    """"About equal" with a cut counts the estimate's error, so the headline and each "about
    equal" reason say so (in English and Portuguese); a hint played to the end does not."""
    from canasta_learn.play.coach_words import verdict_words

    rnd = _played(6, 10)
    cut = advise(rnd, rollouts=24, seed=3, cut=32)
    plain = advise(rnd, rollouts=24, seed=3)
    assert len(cut.named_equal) > 1 and len(plain.named_equal) > 1
    headline = verdict_words(cut, rnd)
    assert f"as far as {cut.samples} deals of the unseen cards and the coach's estimate can tell" in headline
    assert "The coach cannot say which is best." in headline
    assert len(headline) <= len(verdict_words(_without_cut(cut), rnd))  # no longer: the moves stay in view
    assert "the coach's estimate" not in verdict_words(plain, rnd)
    equal = [r for c in cut.candidates for r in c.reasons if r.code == "about_equal"]
    assert equal and all(r.text.endswith("shared deals and the error of the coach's estimate.") for r in equal)
    assert all("estimate." not in r.text for c in plain.candidates for r in c.reasons if r.code == "about_equal")
    with speaking("pt_BR"):
        portuguese = advise(rnd, rollouts=24, seed=3, cut=32)
        assert "e a estimativa do treinador conseguem dizer" in verdict_words(portuguese, rnd)
    assert any("e do erro da estimativa do treinador" in r.text for c in portuguese.candidates for r in c.reasons)


def test_a_closer_look_pools_only_with_the_same_cut() -> None:
    rnd = _played(7, 12)
    first = advise(rnd, rollouts=4, seed=3, cut=32)
    closer = advise(rnd, rollouts=4, seed=4, cut=32, earlier=first)
    assert closer.samples == 8 and closer.cut == 32
    with pytest.raises(ValueError, match="cut its play-outs at 32, not None"):
        advise(rnd, rollouts=4, seed=4, earlier=first)


@pytest.mark.parametrize("cut", [0, -3, True, 2.5, "32"])
def test_a_bad_cut_is_refused_and_changes_nothing(cut: object) -> None:
    rnd = _played(7, 12)
    before = (list(rnd.log), [list(h) for h in rnd.hands])
    with pytest.raises(ValueError, match="cut must be a whole number of actions"):
        advise(rnd, rollouts=2, seed=1, cut=cut)  # type: ignore[arg-type]
    assert (list(rnd.log), [list(h) for h in rnd.hands]) == before


def test_a_cut_is_refused_where_the_estimate_was_not_fitted() -> None:
    rnd = _played(7, 12, "italian")
    with pytest.raises(ValueError, match="cut is for the classic profile of two teams.*not italian"):
        advise(rnd, rollouts=2, seed=1, cut=32)
