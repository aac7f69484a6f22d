"""One scenario per box, branch and condition of every intrigue card in cards/base.

Intrigue boxes are played as the engine plays them (`turns.play_intrigue`, with a
printed cost forced: no yes/no question), through `Scenario.intrigue`. `on win`
cards are also played through a real Combat phase, endgame cards through the
real endgame.
"""
from __future__ import annotations

import pytest

from dunec.engine.rules import combat, cards as rules_cards, resources as rules_resources
from dunec.engine.loop import turns

from card_rows import Box, run_intrigue
from test_cards_support import changes, deploy, finish, legal, new, set_influence, snap, top_intrigue
from scenario import settle, run_step


def play(g, seat, card, box):
    before = snap(g)
    g.intrigue(seat, card, box)
    assert g.state.intrigue_discard[-1] == card
    return changes(g, before)


def plots(g, seat):
    return [a[1] for a in turns.intrigue_options(g.engine, g.p(seat), "plot", [])]


def combats(g, seat):
    return [a[1] for a in turns.intrigue_options(g.engine, g.p(seat), "combat", [])]


# ---------------------------------------------------------------------- the same shape, as a table
@pytest.mark.parametrize("row", [
    # Ambush
    Box("ambush_combat", "ambush", "combat", delta={0: {"swords": 4}}),
    # Allied Armada
    # A played intrigue card pays its printed cost without asking.
    Box("allied_armada_with_an_alliance_pays_for_seven_swords", "allied_armada", "combat",
        influence={0: {"guild": 4}}, given={0: {"spice": 3}}, delta={0: {"spice": -2, "swords": 7}},
        asked={0: []}),
    Box("allied_armada_without_an_alliance", "allied_armada", "combat",
        influence={0: {"guild": 3}}, given={0: {"spice": 3}}, delta={}),
    Box("allied_armada_with_an_alliance_but_no_spice", "allied_armada", "combat",
        influence={0: {"fremen": 4}}, given={0: {"spice": 1}}, delta={}),
    # CHOAM Shares
    Box("choam_shares_pays_seven_solari_for_a_vp", "choam_shares", "plot",
        given={0: {"solari": 8}}, delta={0: {"solari": -7, "vp": 1}}),
    # Corner the Market
    Box("corner_the_market_two_copies_and_the_most", "corner_the_market", "endgame",
        given={0: {"deck": ["the_spice_must_flow"], "discard": ["the_spice_must_flow"]},
               1: {"discard": ["the_spice_must_flow"]}},
        delta={0: {"vp": 2}}),
    Box("corner_the_market_one_copy_and_the_most", "corner_the_market", "endgame",
        given={0: {"hand": ["the_spice_must_flow"]}}, delta={0: {"vp": 1}}),
    Box("corner_the_market_two_copies_but_tied_for_most", "corner_the_market", "endgame",
        given={0: {"deck": ["the_spice_must_flow", "the_spice_must_flow"]},
               2: {"hand": ["the_spice_must_flow", "the_spice_must_flow"]}},
        delta={0: {"vp": 1}}),
    Box("corner_the_market_no_copies", "corner_the_market", "endgame", delta={}),
    # Councilor's Dispensation
    Box("councilors_dispensation_with_a_seat", "councilors_dispensation", "plot",
        given={0: {"seat_on_council": True}}, delta={0: {"spice": 2}}),
    Box("councilors_dispensation_without_a_seat", "councilors_dispensation", "plot", delta={}),
    # Demand Respect
    Box("demand_respect_pays_two_spice_for_two_influence", "demand_respect", "win",
        given={0: {"spice": 2}}, answers={0: ["pay 2 spice", "+2 Influence with Emperor"]},
        delta={0: {"spice": -2, "emperor": 2, "vp": 1}}),
    # single-faction plots
    Box("favored_subject", "favored_subject", "plot", delta={0: {"emperor": 1}}),
    Box("guild_authorization", "guild_authorization", "plot", delta={0: {"guild": 1}}),
    Box("know_their_ways", "know_their_ways", "plot", delta={0: {"fremen": 1}}),
    Box("secret_of_the_sisterhood", "secret_of_the_sisterhood", "plot", delta={0: {"bene_gesserit": 1}}),
    # Master Tactician
    Box("master_tactician_swords", "master_tactician", "combat",
        answers={0: ["+3 swords"]}, delta={0: {"swords": 3}},
        asked={0: [("choose", ["+3 swords", "retreat up to 3 troops"])]}),
    Box("master_tactician_retreat", "master_tactician", "combat",
        deploy={0: 3}, answers={0: ["retreat up to 3", "retreat 3"]}, delta={0: {"conflict": -3, "garrison": 3}}),
    # Plans Within Plans
    Box("plans_within_plans_four_factions_at_three", "plans_within_plans", "endgame",
        influence={0: {"emperor": 3, "guild": 3, "bene_gesserit": 3, "fremen": 3}}, delta={0: {"vp": 2}}),
    Box("plans_within_plans_three_factions_at_three", "plans_within_plans", "endgame",
        influence={0: {"emperor": 3, "guild": 4, "bene_gesserit": 5, "fremen": 2}}, delta={0: {"vp": 1}}),
    Box("plans_within_plans_two_factions_at_three", "plans_within_plans", "endgame",
        influence={0: {"emperor": 3, "guild": 3, "bene_gesserit": 2, "fremen": 2}}, delta={}),
    # Private Army
    Box("private_army_pays_two_spice_for_five_swords", "private_army", "combat",
        given={0: {"spice": 2}}, delta={0: {"spice": -2, "swords": 5}}),
    # Rapid Mobilization
    Box("rapid_mobilization_deploys_any_number", "rapid_mobilization", "plot",
        answers={0: ["deploy 3"]}, delta={0: {"garrison": -3, "conflict": 3}},
        asked={0: [("deploy", ["deploy 0", "deploy 1", "deploy 2", "deploy 3"])]}),
    Box("rapid_mobilization_may_deploy_some", "rapid_mobilization", "plot",
        answers={0: ["deploy 1"]}, delta={0: {"garrison": -1, "conflict": 1}}),
    # Staged Incident
    Box("staged_incident_loses_three_troops_for_a_vp", "staged_incident", "combat",
        deploy={0: 4}, delta={0: {"conflict": -3, "supply": 3, "vp": 1}}),
    # The Sleeper Must Awaken
    Box("the_sleeper_must_awaken", "the_sleeper_must_awaken", "plot",
        given={0: {"spice": 5}}, delta={0: {"spice": -4, "vp": 1}}),
    # Tiebreaker
    Box("tiebreaker_combat", "tiebreaker", "combat", delta={0: {"swords": 2}}),
    Box("tiebreaker_endgame", "tiebreaker", "endgame", delta={0: {"spice": 10}}),
    # To the Victor...
    Box("to_the_victor", "to_the_victor", "win", delta={0: {"spice": 3}}),
    # Water of Life
    Box("water_of_life_pays_water_and_spice_to_draw_three", "water_of_life", "plot",
        given={0: {"spice": 1, "deck": ["dagger", "diplomacy", "reconnaissance", "seek_allies"]}},
        delta={0: {"water": -1, "spice": -1, "hand": 3, "deck": -3}}, after={0: {"deck": ["dagger"]}}),
    # small plots
    Box("water_peddlers_union", "water_peddlers_union", "plot", delta={0: {"water": 1}}),
    Box("windfall", "windfall", "plot", delta={0: {"solari": 2}}),
    # Charisma
    Box("charisma_gives_persuasion", "charisma", "plot", delta={0: {"persuasion": 2}}),
    # Poison Snooper
    Box("poison_snooper_draws_the_top_card", "poison_snooper", "plot",
        given={0: {"deck": ["dagger", "diplomacy"]}}, answers={0: ["draw Diplomacy"]},
        delta={0: {"hand": 1, "deck": -1}}, asked={0: [("top", ["draw Diplomacy", "trash Diplomacy"])]},
        after={0: {"hand": ["diplomacy"]}}),
    Box("poison_snooper_trashes_the_top_card_and_runs_its_on_trash", "poison_snooper", "plot",
        given={0: {"deck": ["dagger", "assassination_mission"]}}, answers={0: ["trash Assassination Mission"]},
        delta={0: {"deck": -1, "trashed": 1, "solari": 4}},
        after={0: {"trashed": ["assassination_mission"], "deck": ["dagger"]}}),
    Box("poison_snooper_with_an_empty_deck_shuffles_the_discard_first", "poison_snooper", "plot",
        given={0: {"discard": ["dagger"]}}, answers={0: ["draw Dagger"]}, delta={0: {"discard": -1, "hand": 1}}),
    Box("poison_snooper_with_no_cards_does_nothing", "poison_snooper", "plot", delta={}, asked={0: []}),
], ids=lambda row: row.name)
def test_intrigue_table(content, row):
    run_intrigue(content, row)


# ---------------------------------------------------------------------- Ambush
def test_ambush_is_a_combat_card_not_a_plot(content):
    g = new(content)
    g.p(0).intrigue = ["ambush"]
    assert plots(g, 0) == [] and combats(g, 0) == ["ambush"]


# ---------------------------------------------------------------------- Bribery
def test_bribery_plot_pays_for_influence(content):
    g = new(content)
    g.p(0).solari = 3
    g.answer(0, "+1 Influence with Spacing Guild")
    assert play(g, 0, "bribery", "plot") == {0: {"solari": -2, "guild": 1}}
    assert g.asked(0)[0][0] == "influence" and len(g.asked(0)[0][1]) == 4
    finish(g)


def test_bribery_is_not_offered_without_two_solari(content):
    g = new(content)
    g.p(0).intrigue = ["bribery"]
    g.p(0).solari = 1
    assert plots(g, 0) == []
    g.p(0).solari = 2
    assert plots(g, 0) == ["bribery"]


# ---------------------------------------------------------------------- Calculated Hire
def test_calculated_hire_takes_the_mentat(content):
    g = new(content)
    g.p(0).spice = 1
    assert play(g, 0, "calculated_hire", "plot") == {0: {"spice": -1, "has_mentat": 1, "agents_left": 1}}
    assert g.state.mentat_on_board is False
    finish(g)


def test_calculated_hire_needs_a_spice(content):
    g = new(content)
    g.p(0).intrigue = ["calculated_hire"]
    assert plots(g, 0) == []


# ---------------------------------------------------------------------- CHOAM Shares
def test_choam_shares_is_not_offered_below_seven_solari(content):
    g = new(content)
    g.p(0).intrigue = ["choam_shares"]
    g.p(0).solari = 6
    assert plots(g, 0) == []


# ---------------------------------------------------------------------- Corner the Market
def test_corner_the_market_in_the_real_endgame(content):
    g = new(content)
    g.p(0).discard = ["the_spice_must_flow", "the_spice_must_flow"]
    g.p(0).intrigue = ["corner_the_market"]
    run_step(g.engine, "endgame")
    assert g.p(0).vp == 3 and g.p(0).intrigue == []
    assert g.state.standings[0]["seat"] == 0
    finish(g)


# ---------------------------------------------------------------------- Demand Respect
def test_demand_respect_one_influence(content):
    g = new(content)
    g.p(0).spice = 2
    g.answer(0, "+1 Influence with any Faction", "+1 Influence with Fremen")
    assert play(g, 0, "demand_respect", "win") == {0: {"fremen": 1}}
    assert g.asked(0)[0] == ("choose", ["+1 Influence with any Faction",
                                        "pay 2 spice -> +2 Influence with any Faction"])
    finish(g)


def test_demand_respect_without_spice_offers_only_the_free_option(content):
    g = new(content)
    g.p(0).spice = 1
    g.answer(0, "+1 Influence with Spacing Guild")
    assert play(g, 0, "demand_respect", "win") == {0: {"guild": 1}}
    assert [kind for kind, _ in g.asked(0)] == ["influence"]
    finish(g)


def test_demand_respect_is_offered_to_the_conflict_winner(content):
    g = new(content)
    g.p(0).intrigue = ["demand_respect"]
    deploy(g, 0, 2)
    before = snap(g)
    g.answer(0, "play Demand Respect", "+1 Influence with Emperor")  # no spice: only the free option
    g.combat()
    # Skirmish (skirmish_b) first reward: +1 VP; the troops go back to the supply.
    assert changes(g, before) == {0: {"vp": 1, "emperor": 1, "intrigue": -1, "conflict": -2, "supply": 2}}
    finish(g)


# ---------------------------------------------------------------------- Double Cross
def test_double_cross_an_opponent_loses_a_troop_and_you_deploy_one(content):
    g = new(content)
    g.p(0).solari = 1
    deploy(g, 2, 2)
    g.answer(0, "P3")
    assert play(g, 0, "double_cross", "plot") == {0: {"solari": -1, "supply": -1, "conflict": 1},
                                                  2: {"conflict": -1, "supply": 1}}
    kind, labels = g.asked(0)[0]
    assert kind == "opponent" and len(labels) == 3
    assert labels[1] == "P3 (Count Ilban Richese): lose 1 troop in the Conflict"
    finish(g)


def test_double_cross_needs_a_solari(content):
    g = new(content)
    g.p(0).intrigue = ["double_cross"]
    assert plots(g, 0) == []


# ---------------------------------------------------------------------- single-faction plots
@pytest.mark.parametrize("card,faction", [
    ("favored_subject", "emperor"),
    ("guild_authorization", "guild"),
    ("know_their_ways", "fremen"),
    ("secret_of_the_sisterhood", "bene_gesserit"),
])
def test_faction_plot_cards_give_one_influence(content, card, faction):
    g = new(content)
    assert play(g, 0, card, "plot") == {0: {faction: 1}}
    set_influence(g, 1, **{faction: 1})
    assert play(g, 1, card, "plot") == {1: {faction: 1, "vp": 1}}
    finish(g)


# ---------------------------------------------------------------------- Private Army
def test_private_army_is_not_offered_without_spice(content):
    g = new(content)
    g.p(0).intrigue = ["private_army"]
    g.p(0).spice = 1
    assert combats(g, 0) == []


# ---------------------------------------------------------------------- Refocus
def test_refocus_shuffles_the_discard_into_the_deck_and_draws(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    g.p(0).discard = ["diplomacy", "reconnaissance", "convincing_argument"]
    assert play(g, 0, "refocus", "plot") == {0: {"discard": -3, "deck": 2, "hand": 1}}
    assert sorted(g.p(0).deck + g.p(0).hand) == ["convincing_argument", "dagger", "diplomacy", "reconnaissance"]
    finish(g)


# ---------------------------------------------------------------------- Staged Incident
def test_staged_incident_needs_three_troops_in_the_conflict(content):
    g = new(content)
    deploy(g, 0, 2)
    g.p(0).intrigue = ["staged_incident"]
    assert combats(g, 0) == []


# ---------------------------------------------------------------------- The Sleeper Must Awaken
def test_the_sleeper_must_awaken_needs_four_spice(content):
    g = new(content)
    g.p(0).intrigue = ["the_sleeper_must_awaken"]
    g.p(0).spice = 3
    assert plots(g, 0) == []


# ---------------------------------------------------------------------- Tiebreaker
def test_tiebreaker_breaks_a_tie_in_the_real_endgame(content):
    g = new(content)
    g.p(2).intrigue = ["tiebreaker"]
    g.p(0).spice = 5
    run_step(g.engine, "endgame")
    assert g.p(2).spice == 10
    assert [s["seat"] for s in g.state.standings] == [2, 0, 1, 3]
    finish(g)


# ---------------------------------------------------------------------- To the Victor...
def test_to_the_victor_after_winning_a_conflict(content):
    g = new(content)
    g.p(1).intrigue = ["to_the_victor"]
    deploy(g, 1, 2)
    deploy(g, 3, 1)
    before = snap(g)
    g.answer(1, "play To the Victor")
    g.combat()
    # skirmish_b: first +1 VP; second +1 intrigue and 2 Solari.
    assert changes(g, before) == {1: {"vp": 1, "spice": 3, "intrigue": -1, "conflict": -2, "supply": 2},
                                  3: {"intrigue": 1, "solari": 2, "conflict": -1, "supply": 1}}
    finish(g)


def test_to_the_victor_is_not_offered_to_the_loser(content):
    g = new(content)
    g.p(1).intrigue = ["to_the_victor"]
    deploy(g, 1, 1)
    deploy(g, 3, 2)
    g.combat()
    # P2 came second: the second reward draws an intrigue card, and no `on win` question is asked.
    assert g.p(1).intrigue[0] == "to_the_victor" and len(g.p(1).intrigue) == 2 and g.asked(1) == []
    finish(g)


# ---------------------------------------------------------------------- Urgent Mission
def test_urgent_mission_recalls_the_only_agent(content):
    g = new(content)
    g.state.occupied = {"wealth": 0, "secrets": 1}
    g.p(0).agents_left = 1
    assert play(g, 0, "urgent_mission", "plot") == {0: {"agents_left": 1}}
    assert g.state.occupied == {"secrets": 1}
    finish(g)


def test_urgent_mission_chooses_which_agent(content):
    g = new(content)
    g.state.occupied = {"wealth": 0, "arrakeen": 0}
    g.p(0).agents_left = 0
    g.answer(0, "recall the agent at Wealth")
    assert play(g, 0, "urgent_mission", "plot") == {0: {"agents_left": 1}}
    assert g.state.occupied == {"arrakeen": 0}
    assert g.asked(0) == [("recall", ["recall the agent at Arrakeen", "recall the agent at Wealth"])]
    finish(g)


# ---------------------------------------------------------------------- Water of Life
def test_water_of_life_needs_both_costs(content):
    g = new(content)
    g.p(0).intrigue = ["water_of_life"]
    assert plots(g, 0) == []  # water 1, spice 0
    g.p(0).spice, g.p(0).water = 1, 0
    assert plots(g, 0) == []
    g.p(0).water = 1
    assert plots(g, 0) == ["water_of_life"]


# ---------------------------------------------------------------------- small plots
def test_a_plot_card_is_played_from_the_turn_menu(content):
    g = new(content)
    g.p(0).intrigue = ["windfall", "ambush"]
    g.p(0).agents_left = 0
    g.answer(0, "play Windfall")  # then "reveal" is the only option left: not asked
    settle(g.engine, turns.take_turn, g.engine, g.p(0))
    assert g.p(0).solari == 2 and g.p(0).intrigue == ["ambush"] and g.p(0).revealed_turn
    assert g.asked(0)[0] == ("turn", ["play Windfall", "reveal"])
    finish(g)


def test_combat_intrigue_is_played_in_the_combat_phase(content):
    g = new(content)
    g.p(0).intrigue = ["ambush"]
    deploy(g, 0, 1)
    deploy(g, 1, 2)
    g.answer(0, "play Ambush")
    run_step(g.engine, "intrigue_rounds", order=[p.seat for p in g.engine.order()], passes=0, i=0)
    assert g.p(0).swords == 4 and turns.strength(g.p(0)) == 6 > turns.strength(g.p(1))
    assert g.asked(1) == []
    finish(g)


def test_intrigue_draws_come_from_the_top_of_the_deck(content):
    g = new(content)
    top = top_intrigue(g, 2)
    rules_resources.gain(g.engine, g.p(0), "intrigue", 2)
    g.engine.drive()
    assert g.p(0).intrigue == top


# ====================================================================== the rest of the base intrigue deck
# A row nothing on a small Reveal turn below can buy.
EXPENSIVE_ROW = ["kwisatz_haderach", "choam_directorship", "lady_jessica", "gurney_halleck", "opulence"]


def labels_of(g, seat, kind):
    return [labels for k, labels in g.asked(seat) if k == kind]


# ---------------------------------------------------------------------- Bindu Suspension
def test_bindu_suspension_draws_and_allows_a_pass(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    assert play(g, 0, "bindu_suspension", "plot") == {0: {"hand": 1, "deck": -1}}
    assert g.p(0).may_pass
    finish(g)


def test_bindu_suspension_pass_the_turn(content):
    g = new(content)
    g.p(0).intrigue = ["bindu_suspension"]
    g.p(0).hand = ["dagger"]
    g.p(0).deck = ["reconnaissance"]
    before = snap(g)
    g.answer(0, "play Bindu Suspension", "pass this turn")
    settle(g.engine, turns.take_turn, g.engine, g.p(0))
    assert changes(g, before) == {0: {"intrigue": -1, "hand": 1, "deck": -1}}
    menu = labels_of(g, 0, "turn")[1]
    assert menu[-2:] == ["pass this turn", "reveal"] and "Dagger -> Hall of Oratory" in menu
    assert not g.p(0).revealed_turn and not g.p(0).may_pass  # the pass lasts this turn only
    assert g.state.occupied == {}
    finish(g)


def test_bindu_suspension_may_still_send_an_agent(content):
    g = new(content)
    g.p(0).intrigue = ["bindu_suspension"]
    g.p(0).hand = ["dagger"]
    g.p(0).deck = ["reconnaissance"]
    before = snap(g)
    g.answer(0, "play Bindu Suspension", "Dagger -> Hall of Oratory")
    settle(g.engine, turns.take_turn, g.engine, g.p(0))
    assert changes(g, before) == {0: {"intrigue": -1, "deck": -1, "garrison": 1, "supply": -1, "persuasion": 1,
                                      "played": 1, "agents_left": -1}}
    assert g.p(0).hand == ["reconnaissance"] and not g.p(0).may_pass
    finish(g)


def test_without_bindu_suspension_a_turn_cannot_be_passed(content):
    g = new(content)
    g.p(0).intrigue = ["windfall"]
    g.p(0).hand = ["dagger"]
    g.answer(0, "Dagger -> Hall of Oratory", "end turn")
    settle(g.engine, turns.take_turn, g.engine, g.p(0))
    assert labels_of(g, 0, "turn") == [["play Windfall", "Dagger -> Hall of Oratory", "reveal"]]
    finish(g)


# ---------------------------------------------------------------------- Bypass Protocol
def test_bypass_protocol_acquires_a_card_costing_three_or_less(content):
    g = new(content)
    g.state.imperium_row = ["dr_yueh", "the_voice", "gene_manipulation", "chani", "stilgar"]
    g.p(0).spice = 2
    g.answer(0, "acquire a card costing 3 or less", "acquire Gene Manipulation")
    assert play(g, 0, "bypass_protocol", "plot") == {0: {"discard": 1}}
    assert g.p(0).discard == ["gene_manipulation"]
    assert labels_of(g, 0, "acquire") == [["acquire Dr. Yueh", "acquire The Voice", "acquire Gene Manipulation",
                                           "acquire nothing"]]
    finish(g)


def test_bypass_protocol_pays_two_spice_for_a_card_costing_five_on_top_of_the_deck(content):
    g = new(content)
    g.state.imperium_row = ["dr_yueh", "the_voice", "gene_manipulation", "chani", "lady_jessica"]
    g.p(0).spice = 2
    g.answer(0, "pay 2 spice -> acquire a card costing 5 or less onto your deck", "acquire Chani")
    assert play(g, 0, "bypass_protocol", "plot") == {0: {"spice": -2, "deck": 1, "water": 1}}  # Chani: +1 water
    assert g.p(0).deck == ["chani"]
    assert "acquire Lady Jessica" not in labels_of(g, 0, "acquire")[0]
    finish(g)


def test_bypass_protocol_without_spice_offers_only_the_cheap_option(content):
    g = new(content)
    g.state.imperium_row = ["dr_yueh", "chani", "stilgar", "lady_jessica", "opulence"]
    g.p(0).spice = 1
    g.answer(0, "acquire Dr. Yueh")
    assert play(g, 0, "bypass_protocol", "plot") == {0: {"discard": 1}}
    assert [k for k, _ in g.asked(0)] == ["acquire"]
    finish(g)


# ---------------------------------------------------------------------- Charisma
def test_charisma_persuasion_is_spent_on_the_reveal_turn(content):
    g = new(content)
    g.state.imperium_row = list(EXPENSIVE_ROW)
    g.intrigue(0, "charisma", "plot")
    g.p(0).hand = ["convincing_argument"]
    before = snap(g)
    g.answer(0, "buy Arrakis Liaison (2)", "buy Arrakis Liaison (2)")
    g.reveal(0)
    assert changes(g, before) == {0: {"persuasion": -2, "hand": -1, "discard": 3}}
    finish(g)


# ---------------------------------------------------------------------- Dispatch an Envoy
def test_dispatch_an_envoy_gives_the_four_faction_icons(content):
    g = new(content)
    g.p(0).hand = ["dune_the_desert_planet"]
    assert not legal(g, 0, "dune_the_desert_planet", "wealth")
    assert play(g, 0, "dispatch_an_envoy", "plot") == {}
    assert g.p(0).extra_icons == ["emperor", "guild", "bene_gesserit", "fremen"]
    for space in ("wealth", "foldspace_space", "secrets", "stillsuits", "secure_contract"):
        assert legal(g, 0, "dune_the_desert_planet", space), space
    assert not legal(g, 0, "dune_the_desert_planet", "hall_of_oratory")  # no Landsraad icon
    assert not legal(g, 0, "dune_the_desert_planet", "arrakeen")  # no City icon
    finish(g)


def test_dispatch_an_envoy_lasts_this_turn_only(content):
    g = new(content)
    g.p(0).intrigue = ["dispatch_an_envoy"]
    g.p(0).hand = ["dune_the_desert_planet", "reconnaissance"]
    before = snap(g)
    g.answer(0, "play Dispatch an Envoy", "Dune, the Desert Planet -> Wealth")
    settle(g.engine, turns.take_turn, g.engine, g.p(0))
    assert changes(g, before) == {0: {"intrigue": -1, "hand": -1, "played": 1, "agents_left": -1, "solari": 2,
                                      "emperor": 1}}
    assert g.p(0).extra_icons == []
    assert not legal(g, 0, "reconnaissance", "secrets")  # the next turn: City only again
    finish(g)


# ---------------------------------------------------------------------- Infiltrate
def test_infiltrate_enemy_agents_do_not_block_this_turn(content):
    g = new(content)
    g.state.occupied = {"arrakeen": 1, "carthag": 0}
    g.p(0).intrigue = ["infiltrate_intrigue"]
    g.p(0).hand = ["reconnaissance"]
    assert not legal(g, 0, "reconnaissance", "arrakeen")
    before = snap(g)
    g.answer(0, "play Infiltrate", "Reconnaissance -> Arrakeen", "deploy 0")
    settle(g.engine, turns.take_turn, g.engine, g.p(0))
    assert changes(g, before) == {0: {"intrigue": -1, "hand": -1, "played": 1, "agents_left": -1, "garrison": 1,
                                      "supply": -1}}
    assert not g.p(0).infiltrate
    finish(g)


def test_infiltrate_own_agent_still_blocks(content):
    g = new(content)
    g.state.occupied = {"arrakeen": 0, "carthag": 2}
    g.p(0).hand = ["reconnaissance"]
    assert play(g, 0, "infiltrate_intrigue", "plot") == {}
    assert g.p(0).infiltrate
    assert not legal(g, 0, "reconnaissance", "arrakeen")
    assert legal(g, 0, "reconnaissance", "carthag")
    finish(g)


def test_infiltrate_does_not_pass_the_voice(content):
    g = new(content)
    g.state.blocked = {"arrakeen": 1}
    g.p(0).hand = ["reconnaissance"]
    play(g, 0, "infiltrate_intrigue", "plot")
    assert not legal(g, 0, "reconnaissance", "arrakeen")  # a blocked space is not an enemy agent
    finish(g)


# ---------------------------------------------------------------------- Recruitment Mission
def test_recruitment_mission_gives_persuasion(content):
    g = new(content)
    assert play(g, 0, "recruitment_mission", "plot") == {0: {"persuasion": 1}}
    assert g.p(0).acquire_to_top
    finish(g)


@pytest.mark.parametrize("on_top", [True, False])
def test_recruitment_mission_acquired_cards_may_go_on_top_of_the_deck(content, on_top):
    g = new(content)
    g.state.imperium_row = list(EXPENSIVE_ROW)
    g.intrigue(0, "recruitment_mission", "plot")
    g.p(0).hand = ["reconnaissance"]
    before = snap(g)
    g.answer(0, "buy Arrakis Liaison (2)", "put Arrakis Liaison on top of your deck" if on_top else "no")
    g.reveal(0)
    zone = "deck" if on_top else "discard"
    want = {"persuasion": -1, "hand": -1, "discard": 1}
    want[zone] = want.get(zone, 0) + 1
    assert changes(g, before) == {0: want}
    assert ("top", ["put Arrakis Liaison on top of your deck", "no"]) in g.asked(0)
    assert (g.p(0).deck == ["arrakis_liaison"]) is on_top
    assert not g.p(0).acquire_to_top  # this round only: over after the Reveal turn
    finish(g)


def test_without_recruitment_mission_acquired_cards_go_to_the_discard(content):
    g = new(content)
    before = snap(g)
    rules_cards.receive_card(g.engine, g.p(0), "arrakis_liaison")
    g.engine.drive()
    assert changes(g, before) == {0: {"discard": 1}} and g.asked(0) == []
    finish(g)


# ---------------------------------------------------------------------- Reinforcements
def test_reinforcements_on_an_agent_turn_recruits_without_deploying(content):
    g = new(content)
    g.p(0).solari = 3
    g.state.turn_kind = "agent"
    assert play(g, 0, "reinforcements", "plot") == {0: {"solari": -3, "garrison": 3, "supply": -3}}
    assert g.asked(0) == []
    finish(g)


def test_reinforcements_on_the_reveal_turn_deploys_the_recruits(content):
    g = new(content)
    g.state.imperium_row = list(EXPENSIVE_ROW)
    g.p(0).intrigue = ["reinforcements"]
    g.p(0).solari = 3
    before = snap(g)
    g.answer(0, "play Reinforcements", "deploy 2")
    g.reveal(0)
    assert changes(g, before) == {0: {"intrigue": -1, "solari": -3, "supply": -3, "garrison": 1, "conflict": 2}}
    # Any of the three recruited; not the three that were in the garrison before.
    assert labels_of(g, 0, "deploy") == [["deploy 0", "deploy 1", "deploy 2", "deploy 3"]]
    finish(g)


def test_reinforcements_needs_three_solari(content):
    g = new(content)
    g.p(0).intrigue = ["reinforcements"]
    g.p(0).solari = 2
    assert plots(g, 0) == []
    g.p(0).solari = 3
    assert plots(g, 0) == ["reinforcements"]


def test_reinforcements_deploys_only_its_own_three_troops(content):
    g = new(content)
    g.state.imperium_row = list(EXPENSIVE_ROW)
    g.p(0).hand = ["gurney_halleck"]
    g.p(0).intrigue = ["reinforcements"]
    g.p(0).solari = 6
    g.answer(0, "pay", "deploy 0", "play Reinforcements", "deploy 0", "stop buying")
    g.reveal(0)
    assert labels_of(g, 0, "deploy")[1] == ["deploy 0", "deploy 1", "deploy 2", "deploy 3"]


def test_bindu_suspension_is_only_offered_at_the_start_of_a_turn(content):
    # "At the start of your turn": after the agent action it is not offered (its pass
    # would mean nothing), while another plot card still is.
    g = new(content)
    g.p(0).intrigue = ["bindu_suspension", "windfall"]
    g.p(0).hand = ["dagger"]
    g.answer(0, "Dagger -> Hall of Oratory", "end turn")
    settle(g.engine, turns.take_turn, g.engine, g.p(0))
    assert labels_of(g, 0, "turn")[0][:2] == ["play Bindu Suspension", "play Windfall"]
    assert labels_of(g, 0, "plot") == [["play Windfall", "end turn"]]
    finish(g)
