"""Every board space in cards/base: its cost, requirement, faction influence,
effect, combat deployment, maker bonus and control bonus, played through a real
agent turn (`Scenario.agent`) with a starting card that has no agent box of its
own (so the space is all that happens).

The leader is Glossu Rabban, whose only trigger is at game start, so paying
Solari for a space draws nothing (Count Ilban's trigger is tested with leaders).
"""
from __future__ import annotations

import pytest

from dunec.engine.loop import turns

from test_cards_support import changes, finish, legal, new, set_influence, snap, top_intrigue

AGENT = {"landsraad": "dagger", "city": "reconnaissance", "spice_trade": "dune_the_desert_planet",
         "emperor": "diplomacy", "guild": "diplomacy", "bene_gesserit": "diplomacy", "fremen": "diplomacy"}


def board(content, players=4):
    return new(content, players=players, leaders=["glossu_rabban"] * players)


def send(g, seat, space, *answers, check_legal=True):
    """Send seat's agent to space with the starting card whose icon fits; return the change."""
    card = AGENT[content_icon(g, space)]
    g.p(seat).hand.append(card)
    if check_legal:
        assert legal(g, seat, card, space), f"{card} -> {space} is not offered"
    g.answer(seat, *answers)
    before = snap(g)
    g.agent(seat, card, space)
    assert g.state.occupied[space] == seat
    return changes(g, before)


def content_icon(g, space):
    return g.content.defs[space]["icon"]


PLAYED = {"hand": -1, "played": 1, "agents_left": -1}


# ---------------------------------------------------------------------- Emperor
def test_conspire(content):
    g = board(content)
    g.p(0).spice = 5
    top = top_intrigue(g)
    assert send(g, 0, "conspire") == {0: {**PLAYED, "spice": -4, "emperor": 1, "solari": 5, "garrison": 2,
                                          "supply": -2, "intrigue": 1}}
    assert g.p(0).intrigue == top
    finish(g)


def test_conspire_needs_four_spice(content):
    g = board(content)
    g.p(0).hand = ["diplomacy"]
    g.p(0).spice = 3
    assert not legal(g, 0, "diplomacy", "conspire")


def test_wealth(content):
    g = board(content)
    assert send(g, 0, "wealth") == {0: {**PLAYED, "emperor": 1, "solari": 2}}
    finish(g)


def test_wealth_second_influence_scores_a_vp(content):
    g = board(content)
    set_influence(g, 0, emperor=1)
    assert send(g, 0, "wealth") == {0: {**PLAYED, "emperor": 1, "vp": 1, "solari": 2}}
    finish(g)


# ---------------------------------------------------------------------- Spacing Guild
def test_heighliner(content):
    g = board(content)
    g.p(0).spice = 6
    d = send(g, 0, "heighliner", "deploy 7")
    assert d == {0: {**PLAYED, "spice": -6, "guild": 1, "water": 2, "supply": -5, "garrison": -2, "conflict": 7}}
    # Troops recruited this turn (5) plus up to 2 from the garrison.
    assert g.asked(0) == [("deploy", [f"deploy {i}" for i in range(8)])]
    finish(g)


def test_heighliner_needs_six_spice(content):
    g = board(content)
    g.p(0).hand = ["diplomacy"]
    g.p(0).spice = 5
    assert not legal(g, 0, "diplomacy", "heighliner")


def test_foldspace_space_gains_a_foldspace(content):
    g = board(content)
    assert send(g, 0, "foldspace_space") == {0: {**PLAYED, "guild": 1, "discard": 1}}
    assert g.p(0).discard == ["foldspace"] and g.state.reserve["foldspace"] == 5
    finish(g)


def test_foldspace_space_with_an_empty_reserve(content):
    g = board(content)
    g.state.reserve["foldspace"] = 0
    assert send(g, 0, "foldspace_space") == {0: {**PLAYED, "guild": 1}}
    finish(g)


# ---------------------------------------------------------------------- Bene Gesserit
def test_selective_breeding(content):
    g = board(content)
    g.p(0).spice = 2
    g.p(0).hand = ["convincing_argument"]
    g.p(0).deck = ["dagger", "reconnaissance", "seek_allies"]
    d = send(g, 0, "selective_breeding", "trash Convincing Argument from hand")
    # hand: -1 played, -1 trashed, +2 drawn
    assert d == {0: {"played": 1, "agents_left": -1, "spice": -2, "bene_gesserit": 1, "trashed": 1, "deck": -2}}
    assert g.p(0).trashed == ["convincing_argument"] and g.p(0).hand == ["seek_allies", "reconnaissance"]
    finish(g)


def test_selective_breeding_may_trash_the_card_just_played(content):
    g = board(content)
    g.p(0).spice = 2
    # The card just played is the only card: the trash (part of the cost) takes it unasked.
    d = send(g, 0, "selective_breeding")
    assert d == {0: {"hand": -1, "agents_left": -1, "spice": -2, "bene_gesserit": 1, "trashed": 1}}
    assert g.p(0).trashed == ["diplomacy"]
    finish(g)


def test_selective_breeding_trashing_is_part_of_the_cost(content):
    g = board(content)
    g.p(0).spice = 2
    g.p(0).hand = ["convincing_argument"]
    g.p(0).deck = ["dagger", "reconnaissance"]
    send(g, 0, "selective_breeding", "trash Convincing Argument from hand")
    trash_options = [labels for kind, labels in g.asked(0) if kind == "trash"]
    assert trash_options and "trash nothing" not in trash_options[0]


def test_secrets_takes_from_each_opponent_with_four_intrigue(content):
    g = board(content)
    g.p(1).intrigue = ["windfall"] * 4
    g.p(2).intrigue = ["windfall"] * 3
    g.p(3).intrigue = ["ambush"] * 5
    d = send(g, 0, "secrets")
    assert d == {0: {**PLAYED, "bene_gesserit": 1, "intrigue": 3}, 1: {"intrigue": -1}, 3: {"intrigue": -1}}
    assert sorted(g.p(0).intrigue[1:]) == ["ambush", "windfall"]
    finish(g)


def test_secrets_without_rich_opponents(content):
    g = board(content)
    g.p(1).intrigue = ["windfall"] * 3
    assert send(g, 0, "secrets") == {0: {**PLAYED, "bene_gesserit": 1, "intrigue": 1}}
    finish(g)


# ---------------------------------------------------------------------- Fremen
def test_hardy_warriors(content):
    g = board(content)
    d = send(g, 0, "hardy_warriors", "deploy 4")
    assert d == {0: {**PLAYED, "water": -1, "fremen": 1, "supply": -2, "garrison": -2, "conflict": 4}}
    assert g.asked(0) == [("deploy", [f"deploy {i}" for i in range(5)])]
    finish(g)


def test_hardy_warriors_needs_water(content):
    g = board(content)
    g.p(0).hand = ["diplomacy"]
    g.p(0).water = 0
    assert not legal(g, 0, "diplomacy", "hardy_warriors")


def test_stillsuits(content):
    g = board(content)
    d = send(g, 0, "stillsuits", "deploy 2")
    assert d == {0: {**PLAYED, "fremen": 1, "water": 1, "garrison": -2, "conflict": 2}}
    assert g.asked(0) == [("deploy", ["deploy 0", "deploy 1", "deploy 2"])]
    finish(g)


# ---------------------------------------------------------------------- Landsraad
def test_mentat_space(content):
    g = board(content)
    g.p(0).solari = 2
    g.p(0).deck = ["seek_allies"]
    assert send(g, 0, "mentat_space") == {0: {"played": 1, "solari": -2, "has_mentat": 1, "deck": -1}}
    assert g.p(0).hand == ["seek_allies"] and not g.state.mentat_on_board
    finish(g)


def test_mentat_space_after_the_mentat_is_taken(content):
    g = board(content)
    g.p(0).solari = 2
    g.state.mentat_on_board = False
    assert send(g, 0, "mentat_space") == {0: {**PLAYED, "solari": -2}}
    finish(g)


def test_high_council_space(content):
    g = board(content)
    g.p(0).solari = 5
    assert send(g, 0, "high_council_space") == {0: {**PLAYED, "solari": -5, "seat_on_council": 1}}
    finish(g)


def test_high_council_space_requires_no_seat(content):
    g = board(content)
    g.p(0).hand = ["dagger"]
    g.p(0).solari = 9
    g.p(0).seat_on_council = True
    assert not legal(g, 0, "dagger", "high_council_space")
    g.p(0).seat_on_council = False
    assert legal(g, 0, "dagger", "high_council_space")


def test_high_council_seat_adds_two_persuasion_on_reveal(content):
    g = board(content)
    g.p(0).seat_on_council = True
    g.p(0).hand = ["dagger"]
    g.state.imperium_row = ["arrakis_recruiter", "chani"]
    g.state.reserve = {}
    g.answer(0, "buy Arrakis Recruiter (2)")
    g.reveal(0)
    # Dagger gives no Persuasion: the 2 from the seat buy the 2-cost card.
    assert g.asked(0) == [("buy", ["buy Arrakis Recruiter (2)", "stop buying"])]
    assert g.p(0).swords == 1 and g.p(0).discard[0] == "arrakis_recruiter" and g.p(0).persuasion == 0
    finish(g)


def test_without_a_seat_there_is_nothing_to_buy(content):
    g = board(content)
    g.p(0).hand = ["dagger"]
    g.state.imperium_row = ["arrakis_recruiter", "chani"]
    g.state.reserve = {}
    g.reveal(0)
    assert g.asked(0) == [] and g.p(0).discard == ["dagger"]
    finish(g)


def test_swordmaster_space(content):
    g = board(content)
    g.p(0).solari = 8
    d = send(g, 0, "swordmaster_space")
    # The Swordmaster is an extra agent, usable this round.
    assert d == {0: {"hand": -1, "played": 1, "solari": -8, "swordmaster": 1, "agents": 1}}
    finish(g)


def test_swordmaster_space_requires_no_swordmaster(content):
    g = board(content)
    g.p(0).hand = ["dagger"]
    g.p(0).solari = 8
    g.p(0).swordmaster = True
    assert not legal(g, 0, "dagger", "swordmaster_space")


def test_rally_troops(content):
    g = board(content)
    g.p(0).solari = 4
    assert send(g, 0, "rally_troops") == {0: {**PLAYED, "solari": -4, "garrison": 4, "supply": -4}}
    finish(g)


def test_hall_of_oratory(content):
    g = board(content)
    assert send(g, 0, "hall_of_oratory") == {0: {**PLAYED, "garrison": 1, "supply": -1, "persuasion": 1}}
    finish(g)


def test_an_occupied_space_is_blocked(content):
    g = board(content)
    g.p(1).hand = ["dagger"]
    send(g, 0, "hall_of_oratory")
    assert not legal(g, 1, "dagger", "hall_of_oratory")
    assert not legal(g, 0, "dagger", "hall_of_oratory")


# ---------------------------------------------------------------------- City
def test_arrakeen(content):
    g = board(content)
    g.p(0).deck = ["seek_allies"]
    d = send(g, 0, "arrakeen", "deploy 3")
    assert d == {0: {"played": 1, "agents_left": -1, "deck": -1, "supply": -1, "garrison": -2, "conflict": 3}}
    assert g.p(0).hand == ["seek_allies"]
    finish(g)


def test_arrakeen_control_bonus_goes_to_the_controller(content):
    g = board(content)
    g.state.control = {"arrakeen": 2}
    d = send(g, 0, "arrakeen", "deploy 0")
    assert d == {0: {**PLAYED, "supply": -1, "garrison": 1}, 2: {"solari": 1}}
    finish(g)


def test_carthag(content):
    g = board(content)
    top = top_intrigue(g)
    d = send(g, 0, "carthag", "deploy 1")
    assert d == {0: {**PLAYED, "supply": -1, "conflict": 1, "intrigue": 1}}
    assert g.p(0).intrigue == top
    finish(g)


def test_carthag_control_bonus_goes_to_the_controller(content):
    g = board(content)
    g.state.control = {"carthag": 0}
    d = send(g, 0, "carthag", "deploy 0")
    assert d == {0: {**PLAYED, "supply": -1, "garrison": 1, "intrigue": 1, "solari": 1}}
    finish(g)


def test_research_station(content):
    g = board(content)
    g.p(0).water = 2
    g.p(0).deck = ["dagger", "diplomacy", "seek_allies", "signet_ring"]
    d = send(g, 0, "research_station", "deploy 2")
    assert d == {0: {"played": 1, "agents_left": -1, "water": -2, "hand": 2, "deck": -3, "garrison": -2,
                     "conflict": 2}}
    assert g.p(0).deck == ["dagger"]
    finish(g)


def test_sietch_tabr(content):
    g = board(content)
    set_influence(g, 0, fremen=2)
    d = send(g, 0, "sietch_tabr", "deploy 0")
    assert d == {0: {**PLAYED, "supply": -1, "garrison": 1, "water": 1}}
    finish(g)


def test_sietch_tabr_requires_two_fremen_influence(content):
    g = board(content)
    g.p(0).hand = ["reconnaissance"]
    set_influence(g, 0, fremen=1)
    assert not legal(g, 0, "reconnaissance", "sietch_tabr")
    set_influence(g, 0, fremen=2)
    assert legal(g, 0, "reconnaissance", "sietch_tabr")


# ---------------------------------------------------------------------- Spice Trade
def test_imperial_basin(content):
    g = board(content)
    d = send(g, 0, "imperial_basin", "deploy 0")
    assert d == {0: {**PLAYED, "spice": 1}}
    finish(g)


def test_imperial_basin_with_bonus_spice_and_control(content):
    g = board(content)
    g.state.maker_spice["imperial_basin"] = 2
    g.state.control = {"imperial_basin": 1}
    d = send(g, 0, "imperial_basin", "deploy 1")
    assert d == {0: {**PLAYED, "spice": 3, "garrison": -1, "conflict": 1}, 1: {"spice": 1}}
    assert g.state.maker_spice["imperial_basin"] == 0
    finish(g)


def test_hagga_basin(content):
    g = board(content)
    g.state.maker_spice["hagga_basin"] = 1
    d = send(g, 0, "hagga_basin", "deploy 2")
    assert d == {0: {**PLAYED, "water": -1, "spice": 3, "garrison": -2, "conflict": 2}}
    finish(g)


def test_the_great_flat(content):
    g = board(content)
    g.p(0).water = 2
    d = send(g, 0, "the_great_flat", "deploy 0")
    assert d == {0: {**PLAYED, "water": -2, "spice": 3}}
    finish(g)


def test_the_great_flat_needs_two_water(content):
    g = board(content)
    g.p(0).hand = ["dune_the_desert_planet"]
    assert not legal(g, 0, "dune_the_desert_planet", "the_great_flat")


def test_unvisited_maker_spaces_gather_spice(content):
    g = board(content)
    send(g, 0, "hagga_basin", "deploy 0")
    turns.makers(g.engine)
    assert g.state.maker_spice == {"hagga_basin": 0, "imperial_basin": 1, "the_great_flat": 1}


@pytest.mark.parametrize("spice,label,paid,solari", [
    (2, None, 2, 6),
    (5, "pay 2 spice", 2, 6),
    (5, "pay 3 spice", 3, 8),
    (5, "pay 4 spice", 4, 10),
    (5, "pay 5 spice", 5, 12),
])
def test_sell_melange(content, spice, label, paid, solari):
    g = board(content)
    g.p(0).spice = spice
    d = send(g, 0, "sell_melange", *([label] if label else []))
    assert d == {0: {**PLAYED, "spice": -paid, "solari": solari}}
    if label is None:
        assert g.asked(0) == []  # only the 2-spice option is affordable
    else:
        assert [len(labels) for _, labels in g.asked(0)] == [4]
    finish(g)


def test_sell_melange_offers_only_affordable_options(content):
    g = board(content)
    g.p(0).spice = 3
    send(g, 0, "sell_melange", "pay 3 spice")
    assert g.asked(0) == [("choose", ["pay 2 spice -> +6 Solari", "pay 3 spice -> +8 Solari"])]
    finish(g)


def test_sell_melange_requires_two_spice(content):
    g = board(content)
    g.p(0).hand = ["dune_the_desert_planet"]
    g.p(0).spice = 1
    assert not legal(g, 0, "dune_the_desert_planet", "sell_melange")


def test_secure_contract(content):
    g = board(content)
    assert send(g, 0, "secure_contract") == {0: {**PLAYED, "solari": 3}}
    finish(g)
