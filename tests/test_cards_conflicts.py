"""Every reward of every conflict card in cards/base, each choice branch, and the
rules the rewards hook into (Control markers, the Mentat for the next round,
places and ties in a real Combat phase)."""
from __future__ import annotations

from itertools import combinations

import pytest

from dunec.engine.loop import turns
from dunec.cardtest import reveal_conflict

from test_cards_support import changes, deploy, finish, new, snap, top_intrigue
from scenario import settle


def reward(g, seat, conflict, place, *answers):
    g.answer(seat, *answers)
    before = snap(g)
    g.box(seat, conflict, place)
    return changes(g, before)


# Rewards without a choice: (conflict, place, expected change for the player who takes it).
@pytest.mark.parametrize("conflict,place,delta", [
    ("skirmish_a", "second", {"spice": 2}),
    ("skirmish_a", "third", {"spice": 1}),
    ("skirmish_b", "first", {"vp": 1}),
    ("skirmish_b", "second", {"intrigue": 1, "solari": 2}),
    ("skirmish_b", "third", {"solari": 2}),
    ("skirmish_c", "second", {"solari": 3}),
    ("skirmish_c", "third", {"solari": 2}),
    ("skirmish_d", "first", {"vp": 1}),
    ("skirmish_d", "second", {"water": 1}),
    ("skirmish_d", "third", {"spice": 1}),
    ("cloak_and_dagger", "second", {"intrigue": 1, "spice": 1}),
    ("desert_power", "first", {"vp": 1, "water": 1}),
    ("desert_power", "second", {"water": 1, "spice": 1}),
    ("desert_power", "third", {"spice": 1}),
    ("guild_bank_raid", "first", {"solari": 6}),
    ("guild_bank_raid", "second", {"solari": 4}),
    ("guild_bank_raid", "third", {"solari": 2}),
    ("machinations", "second", {"water": 1, "solari": 2}),
    ("machinations", "third", {"water": 1}),
    ("raid_stockpiles", "first", {"intrigue": 1, "spice": 3}),
    ("raid_stockpiles", "second", {"spice": 2}),
    ("raid_stockpiles", "third", {"spice": 1}),
    ("secure_imperial_basin", "second", {"water": 2}),
    ("secure_imperial_basin", "third", {"water": 1}),
    ("siege_of_arrakeen", "second", {"solari": 4}),
    ("siege_of_arrakeen", "third", {"solari": 2}),
    ("siege_of_carthag", "second", {"intrigue": 1, "spice": 1}),
    ("siege_of_carthag", "third", {"spice": 1}),
    ("sort_through_the_chaos", "second", {"intrigue": 1, "solari": 2}),
    ("sort_through_the_chaos", "third", {"solari": 2}),
    ("terrible_purpose", "second", {"water": 1, "spice": 1}),
    ("terrible_purpose", "third", {"spice": 1}),
    ("battle_for_arrakeen", "third", {"intrigue": 1, "solari": 2}),
    ("battle_for_carthag", "second", {"intrigue": 1, "spice": 3}),
    ("battle_for_carthag", "third", {"spice": 3}),
    ("battle_for_imperial_basin", "second", {"spice": 5}),
    ("battle_for_imperial_basin", "third", {"spice": 3}),
    ("grand_vision", "second", {"intrigue": 1, "spice": 3}),
    ("grand_vision", "third", {"spice": 3}),
])
def test_plain_rewards(content, conflict, place, delta):
    g = new(content)
    top = top_intrigue(g, delta.get("intrigue", 0)) if delta.get("intrigue") else []
    assert reward(g, 1, conflict, place) == {1: delta}
    assert g.p(1).intrigue == top
    finish(g)


# ---------------------------------------------------------------------- influence choices
@pytest.mark.parametrize("conflict,extra", [
    ("skirmish_a", {"spice": 1}),
    ("skirmish_c", {"solari": 2}),
])
def test_skirmish_first_influence_with_any_faction(content, conflict, extra):
    g = new(content)
    assert reward(g, 0, conflict, "first", "+1 Influence with Bene Gesserit") == \
        {0: {"bene_gesserit": 1, **extra}}
    assert g.asked(0) == [("influence", ["+1 Influence with Emperor", "+1 Influence with Spacing Guild",
                                         "+1 Influence with Bene Gesserit", "+1 Influence with Fremen"])]
    finish(g)


def test_skirmish_a_first(content):
    g = new(content)
    assert reward(g, 0, "skirmish_a", "first", "+1 Influence with Fremen") == {0: {"fremen": 1, "spice": 1}}


def test_skirmish_c_first(content):
    g = new(content)
    assert reward(g, 0, "skirmish_c", "first", "+1 Influence with Emperor") == {0: {"emperor": 1, "solari": 2}}


def test_cloak_and_dagger_first(content):
    g = new(content)
    top = top_intrigue(g, 2)
    assert reward(g, 0, "cloak_and_dagger", "first", "+1 Influence with Spacing Guild") == \
        {0: {"guild": 1, "intrigue": 2}}
    assert g.p(0).intrigue == top
    finish(g)


def test_cloak_and_dagger_third_intrigue(content):
    g = new(content)
    assert reward(g, 0, "cloak_and_dagger", "third", "+1 Intrigue card") == {0: {"intrigue": 1}}
    assert g.asked(0) == [("choose", ["+1 Intrigue card", "+1 spice"])]
    finish(g)


def test_cloak_and_dagger_third_spice(content):
    g = new(content)
    assert reward(g, 0, "cloak_and_dagger", "third", "+1 spice") == {0: {"spice": 1}}
    finish(g)


FACTION_LABELS = {"emperor": "+1 Influence with Emperor", "guild": "+1 Influence with Spacing Guild",
                  "bene_gesserit": "+1 Influence with Bene Gesserit", "fremen": "+1 Influence with Fremen"}


@pytest.mark.parametrize("pair", list(combinations(["emperor", "guild", "bene_gesserit", "fremen"], 2)))
def test_machinations_first_two_different_factions(content, pair):
    g = new(content)
    a, b = pair
    assert reward(g, 0, "machinations", "first", FACTION_LABELS[b], FACTION_LABELS[a]) == {0: {a: 1, b: 1}}
    first, second = g.asked(0)
    assert len(first[1]) == 4 and len(second[1]) == 3 and FACTION_LABELS[b] not in second[1]
    finish(g)


def test_grand_vision_first(content):
    g = new(content)
    top = top_intrigue(g)
    assert reward(g, 0, "grand_vision", "first", "+2 Influence with Fremen") == \
        {0: {"fremen": 2, "vp": 1, "intrigue": 1}}
    assert g.p(0).intrigue == top
    finish(g)


# ---------------------------------------------------------------------- Control and VP
@pytest.mark.parametrize("conflict,location,vp", [
    ("secure_imperial_basin", "imperial_basin", 1),
    ("siege_of_arrakeen", "arrakeen", 1),
    ("siege_of_carthag", "carthag", 1),
    ("battle_for_arrakeen", "arrakeen", 2),
    ("battle_for_carthag", "carthag", 2),
    ("battle_for_imperial_basin", "imperial_basin", 2),
])
def test_first_reward_takes_control(content, conflict, location, vp):
    g = new(content)
    g.state.control = {location: 3}
    assert reward(g, 2, conflict, "first") == {2: {"vp": vp}}
    assert g.state.control == {location: 2}
    assert content.defs[conflict]["controls"] == location
    finish(g)


def test_secure_imperial_basin_first(content):
    g = new(content)
    assert reward(g, 0, "secure_imperial_basin", "first") == {0: {"vp": 1}}
    assert g.state.control == {"imperial_basin": 0}


def test_siege_of_arrakeen_first(content):
    g = new(content)
    assert reward(g, 0, "siege_of_arrakeen", "first") == {0: {"vp": 1}}
    assert g.state.control == {"arrakeen": 0}


def test_siege_of_carthag_first(content):
    g = new(content)
    assert reward(g, 0, "siege_of_carthag", "first") == {0: {"vp": 1}}
    assert g.state.control == {"carthag": 0}


def test_battle_for_arrakeen_first(content):
    g = new(content)
    assert reward(g, 0, "battle_for_arrakeen", "first") == {0: {"vp": 2}}
    assert g.state.control == {"arrakeen": 0}


def test_battle_for_carthag_first(content):
    g = new(content)
    assert reward(g, 0, "battle_for_carthag", "first") == {0: {"vp": 2}}
    assert g.state.control == {"carthag": 0}


def test_battle_for_imperial_basin_first(content):
    g = new(content)
    assert reward(g, 0, "battle_for_imperial_basin", "first") == {0: {"vp": 2}}
    assert g.state.control == {"imperial_basin": 0}


def test_controller_defends_at_round_start(content):
    g = new(content)
    g.state.control = {"arrakeen": 1}
    g.state.conflict_deck.append("siege_of_arrakeen")
    before = snap(g)
    g.answer(1, "deploy 1 troop to defend Arrakeen")
    settle(g.engine, turns.round_start, g.engine)
    assert g.state.conflict == "siege_of_arrakeen"
    assert changes(g, before) == {1: {"supply": -1, "conflict": 1}}
    finish(g)


def test_controller_may_decline_to_defend(content):
    g = new(content)
    g.state.control = {"carthag": 2}
    g.state.conflict_deck.append("battle_for_carthag")
    before = snap(g)
    g.answer(2, "no")
    settle(g.engine, turns.round_start, g.engine)
    assert changes(g, before) == {}
    finish(g)


def test_a_conflict_without_a_location_asks_no_defence(content):
    g = new(content)
    g.state.control = {"arrakeen": 1}
    g.state.conflict_deck.append("battle_for_carthag")
    settle(g.engine, turns.round_start, g.engine)
    assert g.asked(1) == []


# ---------------------------------------------------------------------- Battle for Arrakeen, second
@pytest.mark.parametrize("picks,delta", [
    (("+1 Intrigue card", "+2 spice"), {"intrigue": 1, "spice": 2}),
    (("+1 Intrigue card", "+3 Solari"), {"intrigue": 1, "solari": 3}),
    (("+2 spice", "+3 Solari"), {"spice": 2, "solari": 3}),
])
def test_battle_for_arrakeen_second_choose_two(content, picks, delta):
    g = new(content)
    assert reward(g, 0, "battle_for_arrakeen", "second", *picks) == {0: delta}
    assert g.asked(0)[0] == ("choose", ["+1 Intrigue card", "+2 spice", "+3 Solari"])
    finish(g)


# ---------------------------------------------------------------------- Sort Through the Chaos
def test_sort_through_the_chaos_first_gives_the_mentat_next_round(content):
    g = new(content)
    assert reward(g, 3, "sort_through_the_chaos", "first") == {3: {"intrigue": 1, "solari": 2}}
    assert g.state.mentat_next_round == 3 and g.state.mentat_on_board
    assert turns.recall(g.engine)
    p = g.p(3)
    assert p.has_mentat and p.agents_left == p.agents + 1 == 3
    assert not g.state.mentat_on_board and g.state.mentat_next_round is None
    finish(g)


# ---------------------------------------------------------------------- Terrible Purpose
def test_terrible_purpose_first_trashes_a_card(content):
    g = new(content)
    g.p(0).hand = ["dagger"]
    g.p(0).discard = ["assassination_mission"]
    before = snap(g)
    g.answer(0, "trash Assassination Mission from discard")
    g.box(0, "terrible_purpose", "first")
    assert changes(g, before) == {0: {"vp": 1, "discard": -1, "trashed": 1, "solari": 4}}
    finish(g)


def test_terrible_purpose_first_may_trash_nothing(content):
    g = new(content)
    g.p(0).hand = ["dagger"]
    assert reward(g, 0, "terrible_purpose", "first", "trash nothing") == {0: {"vp": 1}}
    finish(g)


# ---------------------------------------------------------------------- the Combat phase
def test_combat_places_and_ties_with_four_players(content):
    g = new(content)
    reveal_conflict(g.state, "guild_bank_raid")
    deploy(g, 0, 3)   # strength 6
    deploy(g, 1, 2)   # 4
    deploy(g, 2, 2)   # 4: tied with P2, so both take the third reward
    before = snap(g)
    g.combat()
    assert changes(g, before) == {0: {"solari": 6, "conflict": -3, "supply": 3},
                                  1: {"solari": 2, "conflict": -2, "supply": 2},
                                  2: {"solari": 2, "conflict": -2, "supply": 2}}
    assert g.state.conflicts_done == ["guild_bank_raid"] and g.state.conflict is None
    finish(g)


def test_combat_tie_for_first_takes_second(content):
    g = new(content)
    reveal_conflict(g.state, "skirmish_d")
    deploy(g, 0, 1)
    deploy(g, 1, 1)
    g.p(1).swords = 0
    before = snap(g)
    g.combat()
    assert changes(g, before) == {0: {"water": 1, "conflict": -1, "supply": 1},
                                  1: {"water": 1, "conflict": -1, "supply": 1}}
    finish(g)


def test_combat_third_reward_only_with_four_players(content):
    g = new(content, players=3)
    reveal_conflict(g.state, "desert_power")
    deploy(g, 0, 3)
    deploy(g, 1, 2)
    deploy(g, 2, 1)
    before = snap(g)
    g.combat()
    assert changes(g, before) == {0: {"vp": 1, "water": 1, "conflict": -3, "supply": 3},
                                  1: {"water": 1, "spice": 1, "conflict": -2, "supply": 2},
                                  2: {"conflict": -1, "supply": 1}}
    finish(g)


def test_swords_without_troops_earn_nothing(content):
    g = new(content)
    reveal_conflict(g.state, "raid_stockpiles")
    g.p(0).swords = 9
    deploy(g, 1, 1)
    before = snap(g)
    g.combat()
    assert changes(g, before) == {0: {"swords": -9},
                                  1: {"intrigue": 1, "spice": 3, "conflict": -1, "supply": 1}}
    finish(g)
