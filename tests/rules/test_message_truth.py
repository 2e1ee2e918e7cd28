"""Every sentence a learner reads is true: one test per message that used to state something
false (issue 11, section 3), named after the rule the true sentence follows."""

from __future__ import annotations

from canasta_learn import Position, Round, check_meld
from canasta_learn.render import round_html, verdict_html

FOUR_HANDS = ["c4 c5 c6 c7 c8 c10", "c4 c5 c6 c7 c8", "c4 c5 c6 c7 c8"]


def test_meld_last_cards_says_go_out_only_when_the_hand_ends() -> None:
    """Classic: melding the last cards with a canasta on the table goes out, and says so."""
    rnd = Round.from_state(hands=["h9 h9 s9", *FOUR_HANDS], melds=[["d9 d9 s9 c9"], []],
                           stock="s4 s5 s6", drew_from="stock", check_counts=False)
    verdict = rnd.can_meld("9: h9 h9 s9")
    assert verdict.message.endswith("and go out.")
    assert verdict.facts["goes_out"] is True
    rnd.meld("9: h9 h9 s9")
    assert rnd.went_out == 0


def test_meld_last_cards_with_a_reserve_waiting_says_the_reserve_arrives() -> None:
    """Pennies from Heaven (docs/variants.md#variants-pennies): a player's first canasta brings the reserve into
    the hand, so melding the last cards into that canasta does not go out."""
    rnd = Round.from_state(profile="pennies_from_heaven",
                           hands=["h9 h9 s9", *FOUR_HANDS, "c4 c5 c6", "c4 c5 c6"],
                           melds=[["d9 d9 s9 c9"], []], stock="s4 s5 s6 s8 s10 s11", drew_from="stock",
                           reserves=["h4 h5 h6 h8 h10 h11 h12 h13 d4 d5 d6", "", "", "", "", ""],
                           check_counts=False)
    verdict = rnd.can_meld("9: h9 h9 s9")
    assert "go out" not in verdict.message
    assert "11-card reserve" in verdict.message and "play goes on" in verdict.message
    assert verdict.facts["goes_out"] is False and verdict.facts["reserve"] == 11
    rnd.meld("9: h9 h9 s9")
    assert not rnd.is_over and len(rnd.hands[0]) == 11


def test_batida_direta_with_the_morto_waiting_says_play_goes_on() -> None:
    """Tranca (docs/variants.md#variants-canastra-br): running out of cards by melding while the team's morto waits
    is a batida direta: the player takes the morto and goes on; the hand does not end."""
    rnd = Round.from_state(profile="tranca", hands=["h4 h5 h6", *FOUR_HANDS], stock="s4 s5 s6 s8 s10 s11",
                           drew_from="stock", mortos=["d4 d5 d6 d7 d8 d9 d10 d11 d12 d13 d1",
                                                      "s4 s5 s6 s7 s8 s9 s10 s11 s12 s13 s1"],
                           check_counts=False)
    verdict = rnd.can_meld("h4 h5 h6")
    assert "go out" not in verdict.message
    assert "batida" in verdict.message and "morto" in verdict.message
    assert verdict.facts["goes_out"] is False and verdict.facts["empties_hand"] is True
    rnd.meld("h4 h5 h6")
    assert not rnd.is_over and rnd.went_out is None


def test_open_pile_names_the_team_meld_only_when_it_exists() -> None:
    """docs/rules.md#rules-pile-frozen: an open pile's top card may go onto the team's meld of its rank - when
    the team has one. Lessons 02, 06, 07, 08 showed "onto your team's meld of sixes" without."""
    without = Position("s6 c4 c5 c7", discard_pile="s5 h6", team_melds=["c13 d13 h13"]).pile_status()
    assert without.state == "open"
    assert "onto your team's meld" not in without.message
    assert "your team has no meld of sixes" in without.message
    assert without.facts["team_meld_ranks"] == ()
    with_sixes = Position("s9 c4 c5 c7", discard_pile="s5 h6", team_melds=["c6 d6 s6"]).pile_status()
    assert with_sixes.message.endswith("or onto your team's meld of sixes.")
    assert with_sixes.facts["team_meld_ranks"] == (6,)


def test_pile_take_counts_only_the_cards_that_join_the_hand() -> None:
    """docs/rules.md#rules-pile-frozen: a red three in the pile taken is laid face up (not into the hand): the
    verdict counts the cards that join the hand, as the engine's event does."""
    position = Position("c6 c6 c4 c5", discard_pile="h3 s5 h6", team_melds=["c13 d13 h13"])
    verdict = position.check_take_pile("c6 c6")
    assert "the other 1 card" in verdict.message and "the other 2" not in verdict.message
    assert "h3" in verdict.message and "laid face up" in verdict.message
    assert verdict.facts["picked_up"] == 1
    rnd = Round.from_state(hands=["c6 c6 c4 c5", "s7 s8", "s7 s8", "s9 s10"], pile="h3 s5 h6",
                           melds=[["c13 d13 h13"], []], stock="s4", opened=[True, False], check_counts=False)
    rnd.take_pile("c6 c6")
    taken = next(e for e in rnd.events if e.kind == "pile_taken")
    assert "1 card joins the hand" in taken.message


def test_pile_take_of_a_single_card_picks_up_nothing() -> None:
    """A pile of one card: nothing but the top card, so no "other 0 cards"."""
    verdict = Position("c6 c6 c4 c5", discard_pile="h6", team_melds=["c13 d13 h13"]).check_take_pile("c6 c6")
    assert verdict.ok
    assert "0 cards" not in verdict.message and "no other card" in verdict.message
    assert verdict.facts["picked_up"] == 0


def test_too_many_wilds_tells_to_keep_only_cards_still_in_the_hand() -> None:
    """docs/rules.md#rules-melds (at most three wild cards): adding a joker to a meld already holding
    three wild cards - the advice names the card being added, not those on the table."""
    position = Position("jk c4 c5 c6", team_melds=["h9 s9 d9 c9 jk c2 d2"])
    verdict = position.check_meld("9: jk")
    assert verdict.code == "meld_too_many_wilds"
    assert verdict.message.endswith("Keep jk in your hand.")
    assert "c2" not in verdict.message.split("Keep")[1]
    assert verdict.facts["hand_cards"] == verdict.cards[-1:]
    # a new meld: the wild cards named are all in the hand
    fresh = check_meld("h9 h9 jk jk c2 d2")
    assert fresh.message.endswith("Keep 1 of jk jk c2 d2 in your hand.")


def test_black_three_meld_too_short_asks_for_another_black_three() -> None:
    """docs/rules.md#rules-opening-minimum: a going-out meld of black threes holds no wild card, so the fix is never
    "or a wild card"."""
    verdict = check_meld("s3 c3", going_out=True)
    assert verdict.code == "meld_too_few_cards"
    assert "wild" not in verdict.message and "black three" in verdict.message


def test_not_concealed_names_the_lone_card_that_is_not_a_meld() -> None:
    """cardgames_io (docs/rules.md#rules-end-of-stock: the concealed bonus survives merging into the partner's
    melds if the player's own cards form legal melds): seven fours are a canasta, so the
    reason is that the lone king added to the partner's kings is not a meld on its own."""
    position = Position("c4 c4 d4 d4 h4 h4 s4 h13 s6 s6 c6", team_melds=["s13 d13 c13"],
                        profile="cardgames_io")
    verdict = position.check_go_out("c4 c4 d4 d4 h4 h4 s4 | 13: h13 | s6 s6 c6", concealed=True)
    assert verdict.code == "not_concealed"
    assert "none of your own melds is a canasta" not in verdict.message
    assert "h13" in verdict.message and "not be a legal meld on its own" in verdict.message


def test_italian_concealed_going_out_promises_no_extra_bonus() -> None:
    """docs/variants.md#variants-italian (Italian): going out 300, no concealed bonus (a ruling)."""
    hand = "c13 c13 d13 d13 h13 h13 s13 c12 c12 d12 d12 h12 h12 s12 s5"
    verdict = Position(hand, profile="italian").check_go_out(
        "c13 c13 d13 d13 h13 h13 s13 | c12 c12 d12 d12 h12 h12 s12", "s5", concealed=True)
    assert verdict.code == "go_out_concealed_ok"
    assert "(bonus 300)" not in verdict.message and "no extra bonus" in verdict.message
    ordinary = Position("c12 c12 d12 s5", profile="italian", team_opened=True,
                        team_melds=["c13 c13 d13 d13 h13 h13 s13", "c11 c11 d11 d11 h11 h11 s11"])
    refused = ordinary.check_go_out("c12 c12 d12", "s5", concealed=True)
    assert refused.code == "not_concealed" and "not 300" not in refused.message


def test_italian_go_out_ok_names_the_two_canastas_it_needs() -> None:
    """docs/variants.md#variants-italian: going out needs two canastas that are not deuce canastas."""
    position = Position("c12 c12 d12 s5", profile="italian", team_opened=True,
                        team_melds=["c13 c13 d13 d13 h13 h13 s13", "c11 c11 d11 d11 h11 h11 s11"])
    verdict = position.check_go_out("c12 c12 d12", "s5")
    assert verdict.code == "go_out_ok"
    assert "has a canasta" not in verdict.message
    assert "2 canastas (deuce canastas do not count)" in verdict.message


def test_plain_meld_verdict_is_not_captioned_as_a_pile_take() -> None:
    """A check_meld verdict has no pile: its cards are shown as "Meld", not as the meld made
    with the top card; a pile take keeps that caption."""
    html = verdict_html(check_meld("h9 h9 jk"))
    assert "top card" not in html and "Meld" in html
    take = Position("c6 c6 c4 c5", discard_pile="s5 h6", team_melds=["c13 d13 h13"]).check_take_pile("c6 c6")
    assert "Meld made with the top card" in verdict_html(take)


def test_round_over_says_went_out_once() -> None:
    rnd = Round.from_state(hands=["h9 h9 s9", *FOUR_HANDS], melds=[["d9 d9 s9 c9"], []],
                           stock="s4 s5 s6", drew_from="stock", check_counts=False)
    rnd.meld("9: h9 h9 s9")
    html = round_html(rnd)
    assert "went out (went out)" not in html and "went out" in html


def test_ace_set_counts_one_ace_in_the_singular() -> None:
    verdict = check_meld("h1 h1 jk", "tranca")
    assert "2 natural aces" in verdict.message
    single = check_meld("h1 jk c2", "tranca")
    assert "1 aces" not in single.message and "holds 1 natural ace;" in single.message


def test_permission_refusal_names_the_profiles_going_out_requirement() -> None:
    """docs/rules.md ruling (ask only when able to go out) with docs/variants.md#variants-italian: in Italian going
    out needs two non-deuce canastas, so the refusal does not speak of "a canasta"."""
    rnd = Round.from_state(profile="italian", hands=["c4 c5 c9", "c4", "c4", "c4"],
                           melds=[["h13 h13 s13 s13 d13 d13 c13"], []], stock="s5 s6 s7 s8",
                           opened=[True, False], drew_from="stock", check_counts=False)
    verdict = rnd.can_ask()
    assert verdict.code == "permission_cannot_go_out"
    assert "with a canasta" not in verdict.message
    assert "2 canastas (deuce canastas do not count)" in verdict.message


def test_cannot_go_out_refusal_does_not_say_the_move_lets_you_go_out() -> None:
    rnd = Round.from_state(hands=["c4 c4 c4", *FOUR_HANDS], melds=[["h13 h13 s13"], []], stock="s5 s6",
                           opened=[True, False], drew_from="stock", check_counts=False)
    verdict = rnd.can_meld("c4 c4 c4")
    assert verdict.code == "cannot_go_out_without_canasta"
    assert "would let" not in verdict.message and "needs 1 canasta" in verdict.message


def test_round_over_refusal_speaks_words_not_codes() -> None:
    rnd = Round.from_state(hands=["h9 h9 s9", *FOUR_HANDS], melds=[["d9 d9 s9 c9"], []],
                           stock="s4 s5 s6", drew_from="stock", check_counts=False)
    rnd.meld("9: h9 h9 s9")
    verdict = rnd.can_draw(1)
    assert verdict.code == "round_over" and "went_out" not in verdict.message
    assert "over (went out)" in str(rnd)


def test_meld_added_note_counts_the_canasta_that_closed() -> None:
    """Pennies from Heaven (docs/variants.md#variants-pennies): a canasta closes at seven cards and leaves the
    open melds; the note on the addition counts its 7 cards, not "now 0 cards"."""
    from canasta_learn.records.annotate import annotate_round
    from canasta_learn.records.record import GameRecord

    start = Round.from_state(profile="pennies_from_heaven",
                             hands=["h12 c5 c6 c8", "d4 d5", "d4 d5", "h4 h5", "h4 h5", "s4 s5"],
                             melds=[["d12 d12 s12 c12 c12 s12", "h9 d9 s9 c9 s9 c9 h9"], []],
                             stock="s6 s8 s10 s11", drew_from="stock")
    rnd = start.copy()
    rnd.meld("12: h12")
    notes = annotate_round(GameRecord.from_round(rnd, start=start), 0)
    added = next(n for n in notes[0] if n.code == "meld_added")
    assert "now 7 cards" in added.message and added.facts["meld_size"] == 7


def test_canasta_badge_states_the_bonus_condition() -> None:
    """docs/variants.md#variants-italian: a deuce canasta's bonus counts only for the team that went out; the
    badge's tooltip says so instead of a bare number."""
    from canasta_learn import get_profile, parse_cards
    from canasta_learn.render.table import meld_html

    html = meld_html(parse_cards("c2 c2 d2 d2 h2 h2 s2"), get_profile("italian"))
    assert "bonus 3000 if the team goes out" in html
    assert "7+ cards: bonus 500" in meld_html(parse_cards("h13 " * 7), get_profile())


def test_morto_to_stock_names_the_team_by_its_seats() -> None:
    rnd = Round.from_state(profile="tranca", hands=["h4 h5 h6 c9", *FOUR_HANDS], stock="",
                           mortos=["d4 d5 d6 d7 d8 d9 d10 d11 d12 d13 d1", "s4 s5 s6 s7 s8 s9 s10 s11 s12 s13 s1"],
                           check_counts=False)
    rnd.draw()
    moved = [e.message for e in rnd.events if e.kind == "morto_to_stock"]
    assert moved and "team N-S's morto" in moved[0] and "team 0" not in moved[0]


def test_pile_of_one_card_taken_says_no_other_card_joins() -> None:
    rnd = Round.from_state(hands=["c6 c6 c4 c5", "s7 s8", "s7 s8", "s9 s10"], pile="h6",
                           melds=[["c13 d13 h13"], []], stock="s4", opened=[True, False], check_counts=False)
    rnd.take_pile("c6 c6")
    taken = next(e for e in rnd.events if e.kind == "pile_taken")
    assert "0 cards" not in taken.message and "no other card joins the hand" in taken.message


def test_wild_card_meld_of_one_card_says_card_in_the_singular() -> None:
    assert "has 1 card;" in check_meld("jk", "pennies_from_heaven").message


def test_black_three_meld_size_follows_the_deck() -> None:
    """docs/variants.md#variants-italian: with three decks a going-out meld of black threes may hold up to six,
    so the refusal does not say "three or four"."""
    assert "three or four" in check_meld("c3", "classic").message
    italian = check_meld("c3", "italian").message
    assert "three or four" not in italian and "three or more" in italian


def test_empty_stock_draw_refusal_says_must_take_when_the_take_is_forced() -> None:
    """docs/rules.md#rules-game-end (end of stock): a pile that is not frozen and fits a team meld must be
    taken, so the refusal to draw does not offer to decline."""
    rnd = Round.from_state(hands=["c6 c4 c5 c8", "s7 s8", "s7 s8", "s9 s10"], pile="s5 h9",
                           melds=[["c9 d9 s9"], []], stock="", opened=[True, False], check_counts=False)
    verdict = rnd.can_draw()
    assert verdict.code == "stock_empty"
    assert "decline" not in verdict.message and "must take the pile" in verdict.message
    assert rnd.can_decline().code == "must_take_pile"


def test_adding_cards_refusal_reads_as_a_sentence() -> None:
    position = Position("jk c4 c5 c6", team_melds=["h9 s9 d9 c9 jk c2 d2"])
    message = position.check_meld("9: jk").message
    assert message.startswith("Adding jk: ") and "would make the meld" not in message


def test_batida_asked_as_concealed_is_refused_not_approved() -> None:
    """docs/variants.md#variants-brazilian: the Brazilian games have no concealed going out; asked "can I go out
    concealed?", a batida that takes the morto is not a yes."""
    position = Position("h4 h5 h6 c9", profile="tranca", drew_from="stock")
    verdict = position.check_go_out("h4 h5 h6", "c9", concealed=True)
    assert not verdict and verdict.code == "not_concealed"
    assert "no concealed going out" in verdict.message
    plain = position.check_go_out("h4 h5 h6", "c9")
    assert plain and "batida" in plain.message and plain.facts["goes_out"] is False
