"""Rule profiles: the settings docs/rules.md gives each profile, validation, round trips."""

from __future__ import annotations

import pytest

import canasta_learn
from canasta_learn import Profile, ProfileError, get_profile, opening_minimum, profile_names

PROFILES = ("classic", "cardgames_io", "traditional")


def test_registered_profiles() -> None:
    assert list(profile_names())[:3] == list(PROFILES)
    assert get_profile() is get_profile("classic")
    assert get_profile(None) is get_profile("classic")
    p = get_profile("traditional")
    assert get_profile(p) is p


@pytest.mark.parametrize("name", PROFILES)
def test_rules1_shared_settings(name: str) -> None:
    """§1, §3, §5, §8, §9 settings that every profile of the classic family shares."""
    p = get_profile(name)
    assert p.name == name
    assert (p.deck_count, p.joker_count, p.deck_size) == (2, 4, 108)
    assert (p.player_count, p.team_count, p.hand_size) == (4, 2, 11)
    assert p.card_values == (50, 20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10)
    assert (p.meld_min_size, p.meld_min_naturals, p.wild_limit, p.canasta_size) == (3, 2, 3, 7)
    assert p.black_threes_meld_going_out
    assert p.opening_table == ((0, 50), (1500, 90), (3000, 120)) and p.opening_below == 15
    assert p.opening_wilds_allowed
    assert p.go_out_canastas == 1
    assert (p.natural_canasta_bonus, p.mixed_canasta_bonus) == (500, 300)
    assert p.red_three_bonuses == (0, 100, 200, 300, 800)
    assert p.red_threes_negative_without_meld
    assert (p.going_out_bonus, p.concealed_going_out_bonus) == (100, 200)
    assert p.target_score == 5000
    assert not p.pile_always_frozen


def test_classic_profile_settings() -> None:
    p = get_profile("classic")
    assert p.upcard_covered == frozenset({"wild", "red_three"})
    assert p.dealt_red_threes == "at_deal"
    assert not p.naturals_must_exceed_wilds
    assert not p.black_three_freezes
    assert p.one_card_pile_ban
    assert p.permission_timing == "after_draw_or_top_meld"
    assert p.concealed_waives_minimum and not p.concealed_allows_partner_merge
    assert p.end_of_stock == "play_on_with_pile"
    assert p.tie_rule == "lead_at_target"


def test_cardgames_io_profile_settings() -> None:
    p = get_profile("cardgames_io")
    assert p.upcard_covered == frozenset({"wild", "red_three"})
    assert p.dealt_red_threes == "first_turn"
    assert p.naturals_must_exceed_wilds
    assert not p.black_three_freezes
    assert not p.one_card_pile_ban
    assert p.permission_timing == "after_draw_if_able"
    assert not p.concealed_waives_minimum and p.concealed_allows_partner_merge
    assert p.end_of_stock == "end_when_empty"
    assert p.tie_rule == "any_lead"


def test_traditional_profile_settings() -> None:
    p = get_profile("traditional")
    assert p.upcard_covered == frozenset({"wild", "red_three", "black_three"})
    assert p.dealt_red_threes == "at_deal"
    assert not p.naturals_must_exceed_wilds
    assert p.black_three_freezes
    assert p.one_card_pile_ban
    assert p.permission_timing == "before_pile_or_meld"
    assert p.concealed_waives_minimum and not p.concealed_allows_partner_merge
    assert p.end_of_stock == "play_on_with_pile"
    assert p.tie_rule == "any_lead"


def test_differences_between_profiles() -> None:
    diff = get_profile("traditional").differences(get_profile("classic"))
    assert set(diff) == {"upcard_covered", "black_three_freezes", "permission_timing", "tie_rule"}


@pytest.mark.parametrize("bad", ["nope", "Klassic", "", 7])  # "Classic" is classic (any case)
def test_get_profile_unknown_name_lists_known_ones(bad: object) -> None:
    with pytest.raises(ProfileError) as info:
        get_profile(bad)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    for name in PROFILES:
        assert name in message


def test_replace_makes_a_validated_custom_profile() -> None:
    base = get_profile("classic")
    house = base.replace(name="house", target_score=3000, upcard_covered=["wild"])
    assert house.target_score == 3000 and house.name == "house"
    assert house.upcard_covered == frozenset({"wild"})
    assert base.target_score == 5000  # the original is untouched
    assert house.differences(base) == {"target_score": (3000, 5000),
                                       "upcard_covered": (["wild"], ["red_three", "wild"])}


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"wild_limit": -1}, "wild_limit"),
        ({"hand_size": 0}, "hand_size"),
        ({"target_score": "lots"}, "target_score"),
        ({"permission_timing": "whenever"}, "permission_timing"),
        ({"end_of_stock": "never"}, "end_of_stock"),
        ({"tie_rule": "coin"}, "tie_rule"),
        ({"dealt_red_threes": "later"}, "dealt_red_threes"),
        ({"upcard_covered": ["wild", "kings"]}, "upcard_covered"),
        ({"card_values": (1, 2, 3)}, "card_values"),
        ({"opening_table": ((1500, 90), (0, 50))}, "opening_table"),
        ({"red_three_bonuses": (0, 100)}, "red_three_bonuses"),
        ({"hand_size": 30}, "hands of 30"),
        ({"name": " "}, "name"),
        ({"meld_min_naturals": 4}, "meld_min_naturals"),
    ],
)
def test_replace_validates_bad_values(changes: dict[str, object], words: str) -> None:
    with pytest.raises(ProfileError) as info:
        get_profile("classic").replace(**changes)
    assert words in str(info.value)
    assert str(info.value).endswith(".")


def test_replace_unknown_setting_raises() -> None:
    with pytest.raises(ProfileError) as info:
        get_profile("classic").replace(wildcards=4)
    assert "wildcards" in str(info.value)
    assert "wild_limit" in str(info.value)  # the known settings are listed


@pytest.mark.parametrize("name", PROFILES)
def test_settings_round_trip(name: str) -> None:
    p = get_profile(name)
    settings = p.settings()
    assert Profile.from_settings(settings) == p
    # JSON-ready values only
    import json

    assert Profile.from_settings(json.loads(json.dumps(settings))) == p


def test_from_settings_unknown_key_raises() -> None:
    settings = get_profile("classic").settings()
    settings["frobnicate"] = 1
    with pytest.raises(ProfileError) as info:
        Profile.from_settings(settings)
    assert "frobnicate" in str(info.value)


def test_from_settings_missing_name_raises() -> None:
    settings = get_profile("classic").settings()
    del settings["name"]
    with pytest.raises(ProfileError):
        Profile.from_settings(settings)


def test_profile_is_frozen_and_keyword_only() -> None:
    p = get_profile("classic")
    with pytest.raises(AttributeError):
        p.wild_limit = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        Profile("x")  # type: ignore[misc]


@pytest.mark.parametrize(
    "score, minimum",
    [(-5, 15), (-1, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)],
)
@pytest.mark.parametrize("name", PROFILES)
def test_rules5_opening_minimum_boundaries(name: str, score: int, minimum: int) -> None:
    assert opening_minimum(score, name) == minimum
    assert get_profile(name).opening_minimum(score) == minimum


def test_rules5_opening_minimum_default_profile() -> None:
    assert [canasta_learn.opening_minimum(s) for s in (-5, 0, 1495, 1500, 2995, 3000)] == [
        15, 50, 50, 90, 90, 120]
    with pytest.raises(ProfileError):
        canasta_learn.opening_minimum(0, "nope")


def test_custom_opening_table() -> None:
    p = get_profile("classic").replace(name="steep", opening_table=[(0, 60), (2000, 100)],
                                       opening_below=0)
    assert [p.opening_minimum(s) for s in (-1, 0, 1999, 2000)] == [0, 60, 60, 100]
