"""One scenario per box, branch and condition of every Imperium card in cards/base.

Every test runs on both back-ends (the `content` fixture) and asserts the whole
change it caused through `changes()`: a delta that is not listed did not happen.
"""
from __future__ import annotations

import pytest

from dunec.engine import turns

from test_cards_support import (changes, custom_content, deploy, finish, legal, new, set_influence, snap,
                                top_intrigue)


def agent_cards(g, seat):
    return {opt[2][0] for opt in turns.agent_options(g.engine, g.p(seat))}


# ---------------------------------------------------------------------- Arrakis Recruiter
def test_arrakis_recruiter_agent_recruits_one_troop(content):
    g = new(content)
    before = snap(g)
    g.box(0, "arrakis_recruiter", "agent")
    assert changes(g, before) == {0: {"garrison": 1, "supply": -1, "played": 1}}
    finish(g)


def test_arrakis_recruiter_agent_at_a_city_space(content):
    g = new(content)
    g.p(0).hand = ["arrakis_recruiter"]
    assert legal(g, 0, "arrakis_recruiter", "arrakeen")
    assert not legal(g, 0, "arrakis_recruiter", "hall_of_oratory")  # landsraad: no icon
    g.p(0).deck = ["dagger"]
    before = snap(g)
    # Arrakeen: +1 troop, draw 1; the card: +1 troop; then deploy up to recruited + 2.
    g.answer(0, "card first", "deploy 4")
    g.agent(0, "arrakis_recruiter", "arrakeen")
    assert changes(g, before) == {0: {"supply": -2, "conflict": 4, "garrison": -2, "deck": -1,
                                      "played": 1, "agents_left": -1}}
    assert g.p(0).hand == ["dagger"] and g.state.occupied == {"arrakeen": 0}
    finish(g)


def test_arrakis_recruiter_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "arrakis_recruiter", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Assassination Mission
def test_assassination_mission_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "assassination_mission", "reveal")
    assert changes(g, before) == {0: {"swords": 1, "solari": 1, "revealed": 1}}
    finish(g)


def test_assassination_mission_on_trash_gives_four_solari(content):
    g = new(content)
    g.p(0).hand = ["assassination_mission"]
    before = snap(g)
    g.answer(0, "trash Assassination Mission from hand")
    g.box(0, "fedaykin_death_commando", "agent")
    assert changes(g, before) == {0: {"solari": 4, "hand": -1, "trashed": 1, "played": 1}}
    assert g.p(0).trashed == ["assassination_mission"]
    finish(g)


def test_assassination_mission_has_no_agent_icon(content):
    g = new(content)
    g.p(0).hand = ["assassination_mission", "dagger"]
    assert agent_cards(g, 0) == {"dagger"}


# ---------------------------------------------------------------------- Bene Gesserit Sister
def test_bene_gesserit_sister_reveal_persuasion(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "+2 Persuasion")
    g.box(0, "bene_gesserit_sister", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    assert g.asked(0) == [("choose", ["+2 Persuasion", "+2 swords"])]
    finish(g)


def test_bene_gesserit_sister_reveal_swords(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "+2 swords")
    g.box(0, "bene_gesserit_sister", "reveal")
    assert changes(g, before) == {0: {"swords": 2, "revealed": 1}}
    finish(g)


def test_bene_gesserit_sister_has_no_agent_box(content):
    g = new(content)
    g.p(0).hand = ["bene_gesserit_sister"]
    assert legal(g, 0, "bene_gesserit_sister", "secrets")
    assert legal(g, 0, "bene_gesserit_sister", "mentat_space") is False  # costs 2 Solari, has 0
    g.p(0).solari = 2
    assert legal(g, 0, "bene_gesserit_sister", "mentat_space")
    before = snap(g)
    g.agent(0, "bene_gesserit_sister", "hall_of_oratory")  # no agent box: no order question
    assert changes(g, before) == {0: {"garrison": 1, "supply": -1, "persuasion": 1, "hand": -1, "played": 1,
                                      "agents_left": -1}}
    finish(g)


# ---------------------------------------------------------------------- Chani
def test_chani_on_acquire_gives_water(content):
    g = new(content)
    before = snap(g)
    g.engine.receive_card(g.p(0), "chani")
    assert changes(g, before) == {0: {"water": 1, "discard": 1}}
    assert g.p(0).discard == ["chani"]
    finish(g)


def test_chani_reveal_retreats_any(content):
    g = new(content)
    deploy(g, 0, 3)
    before = snap(g)
    g.answer(0, "retreat 3")
    g.box(0, "chani", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "conflict": -3, "garrison": 3, "revealed": 1}}
    assert g.asked(0) == [("retreat", ["retreat 0", "retreat 1", "retreat 2", "retreat 3"])]
    finish(g)


def test_chani_reveal_may_retreat_none(content):
    g = new(content)
    deploy(g, 0, 2)
    before = snap(g)
    g.answer(0, "retreat 0")
    g.box(0, "chani", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


def test_chani_reveal_without_troops_asks_nothing(content):
    g = new(content)
    before = snap(g)
    g.box(0, "chani", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    assert g.asked(0) == []
    finish(g)


# ---------------------------------------------------------------------- CHOAM Directorship
def test_choam_directorship_on_acquire_gives_influence_with_all(content):
    g = new(content)
    set_influence(g, 0, emperor=1, guild=1, bene_gesserit=1, fremen=1)
    before = snap(g)
    g.engine.receive_card(g.p(0), "choam_directorship")
    assert changes(g, before) == {0: {"emperor": 1, "guild": 1, "bene_gesserit": 1, "fremen": 1, "vp": 4,
                                      "discard": 1}}
    finish(g)


def test_choam_directorship_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "choam_directorship", "reveal")
    assert changes(g, before) == {0: {"solari": 3, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Crysknife
def test_crysknife_agent(content):
    g = new(content)
    before = snap(g)
    g.box(0, "crysknife", "agent")
    assert changes(g, before) == {0: {"solari": 1, "played": 1}}
    finish(g)


def test_crysknife_reveal_alone_has_no_fremen_bond(content):
    g = new(content)
    before = snap(g)
    g.box(0, "crysknife", "reveal")
    assert changes(g, before) == {0: {"swords": 1, "revealed": 1}}
    finish(g)


def test_crysknife_reveal_with_another_fremen_card_revealed(content):
    g = new(content)
    g.p(0).revealed = ["chani"]
    before = snap(g)
    g.box(0, "crysknife", "reveal")
    assert changes(g, before) == {0: {"swords": 1, "fremen": 1, "revealed": 1}}
    finish(g)


def test_crysknife_reveal_with_a_fremen_card_played_as_agent(content):
    g = new(content)
    g.p(0).played = ["arrakis_liaison"]  # reserve card with the Fremen faction
    before = snap(g)
    g.box(0, "crysknife", "reveal")
    assert changes(g, before) == {0: {"swords": 1, "fremen": 1, "revealed": 1}}
    finish(g)


def test_crysknife_reveal_a_non_fremen_card_is_no_bond(content):
    g = new(content)
    g.p(0).revealed = ["dagger", "bene_gesserit_sister"]
    before = snap(g)
    g.box(0, "crysknife", "reveal")
    assert changes(g, before) == {0: {"swords": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Dr. Yueh
def test_dr_yueh_agent_draws(content):
    g = new(content)
    g.p(0).deck = ["diplomacy", "dagger"]
    before = snap(g)
    g.box(0, "dr_yueh", "agent")
    assert changes(g, before) == {0: {"hand": 1, "deck": -1, "played": 1}}
    assert g.p(0).hand == ["dagger"]
    finish(g)


def test_dr_yueh_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "dr_yueh", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Duncan Idaho
def test_duncan_idaho_agent_pays_water(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.answer(0, "pay")
    g.box(0, "duncan_idaho", "agent")
    assert changes(g, before) == {0: {"water": -1, "garrison": 1, "supply": -1, "hand": 1, "deck": -1,
                                      "played": 1}}
    assert g.asked(0) == [("pay", ["pay 1 water -> +1 troop, draw 1 card", "no"])]
    finish(g)


def test_duncan_idaho_agent_declines(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "duncan_idaho", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_duncan_idaho_agent_without_water_asks_nothing(content):
    g = new(content)
    g.p(0).water = 0
    before = snap(g)
    g.box(0, "duncan_idaho", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    assert g.asked(0) == []
    finish(g)


def test_duncan_idaho_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "duncan_idaho", "reveal")
    assert changes(g, before) == {0: {"swords": 2, "water": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Fedaykin Death Commando
def test_fedaykin_death_commando_agent_trashes_from_hand(content):
    g = new(content)
    g.p(0).hand = ["dagger"]
    g.p(0).discard = ["diplomacy"]
    before = snap(g)
    g.answer(0, "trash Dagger from hand")
    g.box(0, "fedaykin_death_commando", "agent")
    assert changes(g, before) == {0: {"hand": -1, "trashed": 1, "played": 1}}
    assert g.asked(0) == [("trash", ["trash Dagger from hand", "trash Diplomacy from discard",
                                     "trash Fedaykin Death Commando from play", "trash nothing"])]
    assert g.p(0).trashed == ["dagger"]
    finish(g)


def test_fedaykin_death_commando_agent_trashes_from_discard(content):
    g = new(content)
    g.p(0).discard = ["diplomacy"]
    before = snap(g)
    g.answer(0, "trash Diplomacy from discard")
    g.box(0, "fedaykin_death_commando", "agent")
    assert changes(g, before) == {0: {"discard": -1, "trashed": 1, "played": 1}}
    assert g.p(0).trashed == ["diplomacy"]
    finish(g)


def test_fedaykin_death_commando_agent_trashes_itself_from_play(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "trash Fedaykin Death Commando from play")
    g.box(0, "fedaykin_death_commando", "agent")
    assert changes(g, before) == {0: {"trashed": 1}}
    assert g.p(0).played == [] and g.p(0).trashed == ["fedaykin_death_commando"]
    finish(g)


def test_fedaykin_death_commando_agent_may_trash_nothing(content):
    g = new(content)
    g.p(0).hand = ["dagger"]
    before = snap(g)
    g.answer(0, "trash nothing")
    g.box(0, "fedaykin_death_commando", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_fedaykin_death_commando_reveal_without_bond(content):
    g = new(content)
    before = snap(g)
    g.box(0, "fedaykin_death_commando", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "revealed": 1}}
    finish(g)


def test_fedaykin_death_commando_reveal_with_fremen_bond(content):
    g = new(content)
    g.p(0).revealed = ["crysknife"]
    before = snap(g)
    g.box(0, "fedaykin_death_commando", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 3, "revealed": 1}}
    finish(g)


def test_fedaykin_death_commando_two_copies_bond_each_other(content):
    g = new(content)
    g.p(0).revealed = ["fedaykin_death_commando"]
    before = snap(g)
    g.box(0, "fedaykin_death_commando", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 3, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Firm Grip
def _firm_grip_agent(content, answer, faction):
    g = new(content)
    g.p(0).solari = 3
    before = snap(g)
    g.answer(0, "pay", answer)
    g.box(0, "firm_grip", "agent")
    assert changes(g, before) == {0: {"solari": -2, faction: 1, "played": 1}}
    assert g.asked(0)[1] == ("choose", ["+1 Influence with Spacing Guild", "+1 Influence with Bene Gesserit",
                                        "+1 Influence with Fremen"])
    finish(g)


def test_firm_grip_agent_guild(content):
    _firm_grip_agent(content, "+1 Influence with Spacing Guild", "guild")


def test_firm_grip_agent_bene_gesserit(content):
    _firm_grip_agent(content, "+1 Influence with Bene Gesserit", "bene_gesserit")


def test_firm_grip_agent_fremen(content):
    _firm_grip_agent(content, "+1 Influence with Fremen", "fremen")


def test_firm_grip_agent_declines_to_pay(content):
    g = new(content)
    g.p(0).solari = 2
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "firm_grip", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_firm_grip_agent_cannot_pay(content):
    g = new(content)
    g.p(0).solari = 1
    before = snap(g)
    g.box(0, "firm_grip", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    assert g.asked(0) == []
    finish(g)


def test_firm_grip_reveal_with_emperor_alliance(content):
    g = new(content)
    set_influence(g, 0, emperor=4)
    assert g.state.alliances["emperor"] == 0
    before = snap(g)
    g.box(0, "firm_grip", "reveal")
    assert changes(g, before) == {0: {"persuasion": 4, "revealed": 1}}
    finish(g)


def test_firm_grip_reveal_without_emperor_alliance(content):
    g = new(content)
    set_influence(g, 0, emperor=4)
    set_influence(g, 1, emperor=5)  # the alliance passes to the higher player
    assert g.state.alliances["emperor"] == 1
    before = snap(g)
    g.box(0, "firm_grip", "reveal")
    assert changes(g, before) == {0: {"revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Guild Ambassador
def test_guild_ambassador_agent_influence(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "+1 Influence with Spacing Guild")
    g.box(0, "guild_ambassador", "agent")
    assert changes(g, before) == {0: {"guild": 1, "played": 1}}
    assert g.asked(0) == [("choose", ["+1 Influence with Spacing Guild", "+2 spice"])]
    finish(g)


def test_guild_ambassador_agent_spice(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "+2 spice")
    g.box(0, "guild_ambassador", "agent")
    assert changes(g, before) == {0: {"spice": 2, "played": 1}}
    finish(g)


def test_guild_ambassador_reveal_with_alliance_pays_for_vp(content):
    g = new(content)
    set_influence(g, 0, guild=4)
    g.p(0).spice = 3
    before = snap(g)
    g.answer(0, "pay")
    g.box(0, "guild_ambassador", "reveal")
    assert changes(g, before) == {0: {"spice": -3, "vp": 1, "revealed": 1}}
    finish(g)


def test_guild_ambassador_reveal_with_alliance_declines(content):
    g = new(content)
    set_influence(g, 0, guild=4)
    g.p(0).spice = 3
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "guild_ambassador", "reveal")
    assert changes(g, before) == {0: {"revealed": 1}}
    finish(g)


def test_guild_ambassador_reveal_without_alliance(content):
    g = new(content)
    g.p(0).spice = 3
    before = snap(g)
    g.box(0, "guild_ambassador", "reveal")
    assert changes(g, before) == {0: {"revealed": 1}}
    assert g.asked(0) == []
    finish(g)


# ---------------------------------------------------------------------- Gun Thopter
def test_gun_thopter_agent_each_opponent_loses_a_garrisoned_troop(content):
    g = new(content)
    g.p(3).garrison, g.p(3).supply = 0, 12
    before = snap(g)
    g.box(0, "gun_thopter", "agent")
    assert changes(g, before) == {0: {"played": 1},
                                  1: {"garrison": -1, "supply": 1},
                                  2: {"garrison": -1, "supply": 1}}
    finish(g)


def test_gun_thopter_reveal_deploys_one(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "deploy 1")
    g.box(0, "gun_thopter", "reveal")
    assert changes(g, before) == {0: {"swords": 3, "garrison": -1, "conflict": 1, "revealed": 1}}
    assert g.asked(0) == [("deploy", ["deploy 0", "deploy 1"])]
    finish(g)


def test_gun_thopter_reveal_may_deploy_none(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "deploy 0")
    g.box(0, "gun_thopter", "reveal")
    assert changes(g, before) == {0: {"swords": 3, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Imperial Spy
def test_imperial_spy_agent_trashes_itself_for_intrigue(content):
    g = new(content)
    top = top_intrigue(g)
    before = snap(g)
    g.answer(0, "pay")
    g.box(0, "imperial_spy", "agent")
    assert changes(g, before) == {0: {"trashed": 1, "intrigue": 1}}
    assert g.p(0).trashed == ["imperial_spy"] and g.p(0).intrigue == top
    assert g.asked(0) == [("pay", ["pay trash this card -> +1 Intrigue card", "no"])]
    finish(g)


def test_imperial_spy_agent_declines(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "imperial_spy", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_imperial_spy_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "imperial_spy", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Liet Kynes
def test_liet_kynes_on_acquire_emperor_influence(content):
    g = new(content)
    before = snap(g)
    g.engine.receive_card(g.p(0), "liet_kynes")
    assert changes(g, before) == {0: {"emperor": 1, "discard": 1}}
    finish(g)


def test_liet_kynes_reveal_counts_itself(content):
    g = new(content)
    before = snap(g)
    g.box(0, "liet_kynes", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


def test_liet_kynes_reveal_counts_every_fremen_card_in_play(content):
    g = new(content)
    g.p(0).played = ["crysknife"]
    g.p(0).revealed = ["chani", "dagger"]
    before = snap(g)
    g.box(0, "liet_kynes", "reveal")
    assert changes(g, before) == {0: {"persuasion": 6, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Missionaria Protectiva
def test_missionaria_protectiva_agent_with_bene_gesserit_bond(content):
    g = new(content)
    g.p(0).played = ["bene_gesserit_sister"]
    before = snap(g)
    g.answer(0, "+1 Influence with Fremen")
    g.box(0, "missionaria_protectiva", "agent")
    assert changes(g, before) == {0: {"fremen": 1, "played": 1}}
    finish(g)


def test_missionaria_protectiva_agent_without_bond(content):
    g = new(content)
    before = snap(g)
    g.box(0, "missionaria_protectiva", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    assert g.asked(0) == []
    finish(g)


def test_missionaria_protectiva_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "missionaria_protectiva", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Opulence
def test_opulence_agent(content):
    g = new(content)
    before = snap(g)
    g.box(0, "opulence", "agent")
    assert changes(g, before) == {0: {"solari": 3, "played": 1}}
    finish(g)


def test_opulence_reveal_pays_six_for_vp(content):
    g = new(content)
    g.p(0).solari = 7
    before = snap(g)
    g.answer(0, "pay")
    g.box(0, "opulence", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "solari": -6, "vp": 1, "revealed": 1}}
    finish(g)


def test_opulence_reveal_declines(content):
    g = new(content)
    g.p(0).solari = 6
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "opulence", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "revealed": 1}}
    finish(g)


def test_opulence_reveal_cannot_pay(content):
    g = new(content)
    g.p(0).solari = 5
    before = snap(g)
    g.box(0, "opulence", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "revealed": 1}}
    assert g.asked(0) == []
    finish(g)


# ---------------------------------------------------------------------- Power Play
def test_power_play_agent_doubles_the_faction_space_influence_and_trashes_itself(content):
    g = new(content)
    g.p(0).hand = ["power_play"]
    assert legal(g, 0, "power_play", "wealth")
    before = snap(g)
    g.answer(0, "space first")
    g.agent(0, "power_play", "wealth")
    assert changes(g, before) == {0: {"emperor": 2, "vp": 1, "solari": 2, "hand": -1, "trashed": 1,
                                      "agents_left": -1}}
    assert g.p(0).trashed == ["power_play"] and g.p(0).played == []
    finish(g)


def test_power_play_agent_card_first(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "card first")
    g.agent(0, "power_play", "secrets")
    top = g.p(0).intrigue
    assert changes(g, before) == {0: {"bene_gesserit": 2, "vp": 1, "intrigue": 1, "trashed": 1,
                                      "agents_left": -1}}
    assert len(top) == 1
    finish(g)


def test_power_play_box_without_a_space_only_trashes(content):
    g = new(content)
    before = snap(g)
    g.box(0, "power_play", "agent")  # no space: `influence space` does nothing
    assert changes(g, before) == {0: {"trashed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Reverend Mother Mohiam
def test_reverend_mother_mohiam_agent_with_bond_each_opponent_discards_two(content):
    g = new(content)
    g.p(0).played = ["missionaria_protectiva"]
    g.p(1).hand = ["dagger", "diplomacy", "reconnaissance"]
    g.p(2).hand = ["dagger"]
    before = snap(g)
    g.answer(1, "discard Diplomacy", "discard Dagger")
    g.box(0, "reverend_mother_mohiam", "agent")
    assert changes(g, before) == {0: {"played": 1},
                                  1: {"hand": -2, "discard": 2},
                                  2: {"hand": -1, "discard": 1}}
    assert g.p(1).hand == ["reconnaissance"] and g.p(1).discard == ["diplomacy", "dagger"]
    finish(g)


def test_reverend_mother_mohiam_agent_does_not_bond_with_itself(content):
    g = new(content)
    g.p(1).hand = ["dagger", "diplomacy"]
    before = snap(g)
    g.box(0, "reverend_mother_mohiam", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_reverend_mother_mohiam_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "reverend_mother_mohiam", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "spice": 2, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Sardaukar Legion
def test_sardaukar_legion_agent(content):
    g = new(content)
    before = snap(g)
    g.box(0, "sardaukar_legion", "agent")
    assert changes(g, before) == {0: {"garrison": 2, "supply": -2, "played": 1}}
    finish(g)


def test_sardaukar_legion_reveal_deploys_up_to_three(content):
    g = new(content)
    g.p(0).garrison, g.p(0).supply = 5, 7
    before = snap(g)
    g.answer(0, "deploy 3")
    g.box(0, "sardaukar_legion", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "garrison": -3, "conflict": 3, "revealed": 1}}
    assert g.asked(0) == [("deploy", ["deploy 0", "deploy 1", "deploy 2", "deploy 3"])]
    finish(g)


def test_sardaukar_legion_reveal_with_an_empty_garrison(content):
    g = new(content)
    g.p(0).garrison, g.p(0).supply = 0, 12
    before = snap(g)
    g.box(0, "sardaukar_legion", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Scout
def test_scout_reveal_retreats_up_to_two(content):
    g = new(content)
    deploy(g, 0, 3)
    before = snap(g)
    g.answer(0, "retreat 2")
    g.box(0, "scout", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 1, "conflict": -2, "garrison": 2,
                                      "revealed": 1}}
    assert g.asked(0) == [("retreat", ["retreat 0", "retreat 1", "retreat 2"])]
    finish(g)


def test_scout_reveal_without_troops(content):
    g = new(content)
    before = snap(g)
    g.box(0, "scout", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 1, "revealed": 1}}
    finish(g)


def test_scout_has_no_agent_box(content):
    g = new(content)
    g.p(0).hand = ["scout"]
    assert legal(g, 0, "scout", "secure_contract") and legal(g, 0, "scout", "arrakeen")
    assert content.effect("scout", "agent") is None


# ---------------------------------------------------------------------- Smuggler's Thopter
def test_smugglers_thopter_agent_with_guild_influence_two(content):
    g = new(content)
    set_influence(g, 0, guild=2)
    g.p(0).deck = ["dagger", "diplomacy", "reconnaissance"]
    before = snap(g)
    g.box(0, "smugglers_thopter", "agent")
    assert changes(g, before) == {0: {"hand": 2, "deck": -2, "played": 1}}
    assert g.p(0).hand == ["reconnaissance", "diplomacy"]
    finish(g)


def test_smugglers_thopter_agent_with_guild_influence_one(content):
    g = new(content)
    set_influence(g, 0, guild=1)
    g.p(0).deck = ["dagger", "diplomacy"]
    before = snap(g)
    g.box(0, "smugglers_thopter", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_smugglers_thopter_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "smugglers_thopter", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "spice": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Test of Humanity
def test_test_of_humanity_agent_each_opponent_chooses(content):
    g = new(content)
    g.p(1).hand = ["dagger", "diplomacy"]
    deploy(g, 2, 2)
    g.p(3).hand = ["reconnaissance"]
    deploy(g, 3, 1)
    before = snap(g)
    # An option a player cannot carry out is not offered: P2 has no troops in the
    # Conflict (must discard), P3 has no cards in hand (must lose a troop), P4 chooses.
    g.answer(1, "discard Diplomacy")
    g.answer(3, "discard 1 card")
    g.box(0, "test_of_humanity", "agent")
    assert changes(g, before) == {0: {"played": 1},
                                  1: {"hand": -1, "discard": 1},
                                  2: {"conflict": -1, "supply": 1},
                                  3: {"hand": -1, "discard": 1}}
    assert g.p(1).discard == ["diplomacy"]
    assert g.asked(3) == [("choose", ["discard 1 card", "lose 1 troop in the Conflict"])]
    assert g.asked(2) == [] and all(kind != "choose" for kind, _ in g.asked(1))
    finish(g)


def test_test_of_humanity_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "test_of_humanity", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Worm Riders
def test_worm_riders_agent(content):
    g = new(content)
    before = snap(g)
    g.box(0, "worm_riders", "agent")
    assert changes(g, before) == {0: {"spice": 2, "played": 1}}
    finish(g)


def test_worm_riders_reveal_below_two_fremen(content):
    g = new(content)
    set_influence(g, 0, fremen=1)
    before = snap(g)
    g.box(0, "worm_riders", "reveal")
    assert changes(g, before) == {0: {"revealed": 1}}
    finish(g)


def test_worm_riders_reveal_two_fremen_influence(content):
    g = new(content)
    set_influence(g, 0, fremen=2)
    before = snap(g)
    g.box(0, "worm_riders", "reveal")
    assert changes(g, before) == {0: {"swords": 4, "revealed": 1}}
    finish(g)


def test_worm_riders_reveal_with_fremen_alliance(content):
    g = new(content)
    set_influence(g, 0, fremen=4)
    before = snap(g)
    g.box(0, "worm_riders", "reveal")
    assert changes(g, before) == {0: {"swords": 6, "revealed": 1}}
    finish(g)


def test_worm_riders_reveal_four_fremen_but_no_alliance(content):
    g = new(content)
    set_influence(g, 0, fremen=4)
    set_influence(g, 2, fremen=5)
    before = snap(g)
    g.box(0, "worm_riders", "reveal")
    assert changes(g, before) == {0: {"swords": 4, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- "when trashed" by the card itself
@pytest.mark.parametrize("backend", ["interpreted", "compiled"])
def test_on_trash_runs_when_a_card_trashes_itself(backend):
    content = custom_content(backend, 'card self_trasher "Self Trasher" {\n  cost 1; icons city\n'
                                      '  agent { trash this }\n  on trash { solari 4 }\n}\n')
    g = new(content)
    before = snap(g)
    g.box(0, "self_trasher", "agent")
    assert changes(g, before) == {0: {"trashed": 1, "solari": 4}}
    finish(g)


@pytest.mark.parametrize("backend", ["interpreted", "compiled"])
def test_on_trash_runs_when_trash_this_is_paid_as_a_cost(backend):
    content = custom_content(backend, 'card paid_trasher "Paid Trasher" {\n  cost 1; icons city\n'
                                      '  agent { pay trash this -> water 1 }\n  on trash { solari 4 }\n}\n')
    g = new(content)
    before = snap(g)
    g.answer(0, "pay")
    g.box(0, "paid_trasher", "agent")
    assert changes(g, before) == {0: {"trashed": 1, "water": 1, "solari": 4}}
    finish(g)


# ====================================================================== the rest of the base Imperium deck
# Cards costing more than any Reveal turn below can spend: a row that offers nothing to buy.
EXPENSIVE_ROW = ["kwisatz_haderach", "choam_directorship", "lady_jessica", "gurney_halleck", "opulence"]


# ---------------------------------------------------------------------- Bene Gesserit Initiate
def test_bene_gesserit_initiate_agent_draws(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.box(0, "bene_gesserit_initiate", "agent")
    assert changes(g, before) == {0: {"hand": 1, "deck": -1, "played": 1}}
    finish(g)


def test_bene_gesserit_initiate_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "bene_gesserit_initiate", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "revealed": 1}}
    finish(g)


def test_bene_gesserit_initiate_icons(content):
    g = new(content)
    g.p(0).hand = ["bene_gesserit_initiate"]
    for space in ("hall_of_oratory", "arrakeen", "secure_contract"):
        assert legal(g, 0, "bene_gesserit_initiate", space), space
    for space in ("wealth", "secrets", "stillsuits", "foldspace_space"):
        assert not legal(g, 0, "bene_gesserit_initiate", space), space


# ---------------------------------------------------------------------- Carryall
@pytest.mark.parametrize("space,water,harvest", [
    ("imperial_basin", 0, 1), ("hagga_basin", 1, 2), ("the_great_flat", 2, 3),
])
@pytest.mark.parametrize("order", ["space first", "card first"])
def test_carryall_agent_doubles_the_base_harvest_not_the_bonus(content, space, water, harvest, order):
    g = new(content)
    g.p(0).water = 2
    g.state.maker_spice[space] = 2
    g.p(0).hand = ["carryall"]
    before = snap(g)
    g.answer(0, order, "deploy 0")
    g.agent(0, "carryall", space)
    want = {"spice": 2 * harvest + 2, "water": -water, "hand": -1, "played": 1, "agents_left": -1}
    assert changes(g, before) == {0: {k: v for k, v in want.items() if v}}
    assert g.state.maker_spice[space] == 0
    finish(g)


def test_carryall_agent_on_a_non_maker_space_does_nothing_more(content):
    g = new(content)
    g.p(0).hand = ["carryall"]
    before = snap(g)
    g.answer(0, "card first")
    g.agent(0, "carryall", "secure_contract")
    assert changes(g, before) == {0: {"solari": 3, "hand": -1, "played": 1, "agents_left": -1}}
    finish(g)


def test_carryall_agent_box_without_a_space(content):
    g = new(content)
    before = snap(g)
    g.box(0, "carryall", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_carryall_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "carryall", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "spice": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Fremen Camp
def test_fremen_camp_agent_pays_spice_for_three_troops(content):
    g = new(content)
    g.p(0).spice = 2
    before = snap(g)
    g.answer(0, "pay")
    g.box(0, "fremen_camp", "agent")
    assert changes(g, before) == {0: {"spice": -2, "garrison": 3, "supply": -3, "played": 1}}
    assert g.asked(0) == [("pay", ["pay 2 spice -> +3 troops", "no"])]
    finish(g)


def test_fremen_camp_agent_declines(content):
    g = new(content)
    g.p(0).spice = 2
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "fremen_camp", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_fremen_camp_agent_cannot_pay(content):
    g = new(content)
    g.p(0).spice = 1
    before = snap(g)
    g.box(0, "fremen_camp", "agent")
    assert changes(g, before) == {0: {"played": 1}} and g.asked(0) == []
    finish(g)


def test_fremen_camp_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "fremen_camp", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "swords": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Gene Manipulation
def test_gene_manipulation_agent_with_bene_gesserit_bond(content):
    g = new(content)
    g.p(0).played = ["bene_gesserit_initiate"]
    g.p(0).discard = ["dagger"]
    before = snap(g)
    g.answer(0, "trash Dagger from discard")
    g.box(0, "gene_manipulation", "agent")
    assert changes(g, before) == {0: {"discard": -1, "trashed": 1, "spice": 2, "played": 1}}
    finish(g)


def test_gene_manipulation_agent_without_bond(content):
    g = new(content)
    g.p(0).hand = ["dagger"]
    before = snap(g)
    g.answer(0, "trash Dagger from hand")
    g.box(0, "gene_manipulation", "agent")
    assert changes(g, before) == {0: {"hand": -1, "trashed": 1, "played": 1}}
    finish(g)


def test_gene_manipulation_agent_may_trash_nothing_and_keep_the_bond_spice(content):
    g = new(content)
    g.p(0).played = ["gene_manipulation"]  # the other copy bonds
    before = snap(g)
    g.answer(0, "trash nothing")
    g.box(0, "gene_manipulation", "agent")
    assert changes(g, before) == {0: {"spice": 2, "played": 1}}
    finish(g)


def test_gene_manipulation_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "gene_manipulation", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Guild Administrator
def test_guild_administrator_agent_trashes_a_card(content):
    g = new(content)
    g.p(0).hand = ["convincing_argument"]
    before = snap(g)
    g.answer(0, "trash Convincing Argument from hand")
    g.box(0, "guild_administrator", "agent")
    assert changes(g, before) == {0: {"hand": -1, "trashed": 1, "played": 1}}
    assert g.p(0).trashed == ["convincing_argument"]
    finish(g)


def test_guild_administrator_reveal_and_icons(content):
    g = new(content)
    g.p(0).hand = ["guild_administrator"]
    assert legal(g, 0, "guild_administrator", "foldspace_space")
    assert legal(g, 0, "guild_administrator", "secure_contract")
    assert not legal(g, 0, "guild_administrator", "arrakeen")
    g.p(0).hand = []
    before = snap(g)
    g.box(0, "guild_administrator", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Guild Bankers
def test_guild_bankers_reveal_discounts_the_spice_must_flow(content):
    g = new(content)
    before = snap(g)
    g.box(0, "guild_bankers", "reveal")
    assert changes(g, before) == {0: {"revealed": 1}}
    assert g.engine.price_of(g.p(0), "the_spice_must_flow") == 6
    assert g.engine.price_of(g.p(0), "arrakis_liaison") == 2  # only The Spice Must Flow
    assert g.engine.price_of(g.p(1), "the_spice_must_flow") == 9  # only for its owner
    finish(g)


def test_guild_bankers_discount_applies_to_each_copy_bought_and_ends_with_the_turn(content):
    g = new(content)
    g.state.imperium_row = list(EXPENSIVE_ROW)
    g.p(0).hand = ["guild_bankers"]
    g.p(0).agents_left = 0
    g.p(0).persuasion = 12
    before = snap(g)
    g.answer(0, "buy The Spice Must Flow (6)", "buy The Spice Must Flow (6)")
    turns.take_turn(g.engine, g.p(0))  # the Reveal turn: the only option
    assert changes(g, before) == {0: {"persuasion": -12, "vp": 2, "hand": -1, "discard": 3}}
    assert g.state.reserve["the_spice_must_flow"] == 8
    buys = [labels for kind, labels in g.asked(0) if kind == "buy"]
    assert len(buys) == 2 and all("buy The Spice Must Flow (6)" in labels for labels in buys)
    assert g.p(0).discounts == {}
    assert g.engine.price_of(g.p(0), "the_spice_must_flow") == 9
    finish(g)


def test_guild_bankers_icons(content):
    g = new(content)
    g.p(0).hand = ["guild_bankers"]
    g.p(0).solari = 0
    for space in ("wealth", "foldspace_space", "hall_of_oratory"):
        assert legal(g, 0, "guild_bankers", space), space
    assert not legal(g, 0, "guild_bankers", "arrakeen")


# ---------------------------------------------------------------------- Gurney Halleck
def test_gurney_halleck_agent(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.box(0, "gurney_halleck", "agent")
    assert changes(g, before) == {0: {"garrison": 2, "supply": -2, "hand": 1, "deck": -1, "played": 1}}
    finish(g)


@pytest.mark.parametrize("deployed", [0, 1, 2])
def test_gurney_halleck_reveal_turn_pays_three_solari_and_deploys_the_recruits(content, deployed):
    g = new(content)
    g.state.imperium_row = list(EXPENSIVE_ROW)
    g.p(0).hand = ["gurney_halleck"]
    g.p(0).solari = 3
    before = snap(g)
    g.answer(0, "pay", f"deploy {deployed}", "stop buying")
    g.reveal(0)
    want = {"solari": -3, "supply": -2, "garrison": 2 - deployed, "conflict": deployed, "hand": -1, "discard": 1}
    assert changes(g, before) == {0: {k: v for k, v in want.items() if v}}
    # Any of the two recruited troops; not the three already in the garrison.
    assert g.asked(0)[:2] == [("pay", ["pay 3 Solari -> +2 troops, deploy any of these recruited troops",
                                       "no"]),
                              ("deploy", ["deploy 0", "deploy 1", "deploy 2"])]
    finish(g)


def test_gurney_halleck_reveal_declines(content):
    g = new(content)
    g.p(0).solari = 3
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "gurney_halleck", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


def test_gurney_halleck_reveal_cannot_pay(content):
    g = new(content)
    g.p(0).solari = 2
    before = snap(g)
    g.box(0, "gurney_halleck", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}} and g.asked(0) == []
    finish(g)


def test_gurney_halleck_reveal_with_one_troop_in_supply(content):
    g = new(content)
    g.p(0).solari = 3
    g.p(0).garrison, g.p(0).supply = 11, 1
    before = snap(g)
    g.answer(0, "pay", "deploy 1")
    g.box(0, "gurney_halleck", "reveal")
    assert changes(g, before) == {0: {"solari": -3, "supply": -1, "conflict": 1, "persuasion": 2,
                                      "revealed": 1}}
    assert g.asked(0)[1] == ("deploy", ["deploy 0", "deploy 1"])
    finish(g)


# ---------------------------------------------------------------------- Kwisatz Haderach
def test_kwisatz_haderach_agent_draws(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.box(0, "kwisatz_haderach", "agent")
    assert changes(g, before) == {0: {"hand": 1, "deck": -1, "played": 1}}
    finish(g)


def test_kwisatz_haderach_with_an_agent_left_sends_it(content):
    g = new(content)
    g.p(0).hand = ["kwisatz_haderach"]
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.answer(0, "space first")
    g.agent(0, "kwisatz_haderach", "wealth")
    assert changes(g, before) == {0: {"solari": 2, "emperor": 1, "deck": -1, "played": 1, "agents_left": -1}}
    assert g.state.occupied == {"wealth": 0}
    finish(g)


def test_kwisatz_haderach_moves_a_placed_agent_when_none_is_left(content):
    g = new(content)
    g.state.occupied = {"wealth": 0, "arrakeen": 1}
    g.p(0).agents_left = 0
    g.p(0).hand = ["kwisatz_haderach", "dagger"]
    g.p(0).deck = ["diplomacy"]
    assert agent_cards(g, 0) == {"kwisatz_haderach"}  # no agent left: only a card that moves one
    before = snap(g)
    g.answer(0, "space first")
    g.agent(0, "kwisatz_haderach", "secure_contract")
    assert changes(g, before) == {0: {"solari": 3, "deck": -1, "played": 1}}
    assert g.state.occupied == {"arrakeen": 1, "secure_contract": 0}  # Wealth is free again
    assert g.p(0).agents_left == 0
    finish(g)


def test_kwisatz_haderach_chooses_which_placed_agent_moves(content):
    g = new(content)
    g.state.occupied = {"wealth": 0, "secrets": 0}
    g.p(0).agents_left = 0
    g.p(0).hand = ["kwisatz_haderach"]
    g.answer(0, "move the agent from Wealth", "card first")
    g.agent(0, "kwisatz_haderach", "hall_of_oratory")
    assert g.asked(0)[0] == ("move", ["move the agent from Secrets", "move the agent from Wealth"])
    assert g.state.occupied == {"secrets": 0, "hall_of_oratory": 0}
    finish(g)


def test_kwisatz_haderach_needs_an_agent_somewhere(content):
    g = new(content)
    g.p(0).agents_left = 0
    g.p(0).hand = ["kwisatz_haderach"]
    g.state.occupied = {"wealth": 1}  # an opponent's, not ours
    assert agent_cards(g, 0) == set()


def test_kwisatz_haderach_goes_where_an_enemy_agent_is(content):
    g = new(content)
    g.state.occupied = {"arrakeen": 1, "carthag": 0}
    g.p(0).hand = ["kwisatz_haderach", "reconnaissance"]
    assert legal(g, 0, "kwisatz_haderach", "arrakeen")  # infiltrate
    assert not legal(g, 0, "reconnaissance", "arrakeen")
    assert not legal(g, 0, "kwisatz_haderach", "carthag")  # our own agent still blocks
    g.p(0).deck = ["dagger", "diplomacy"]
    before = snap(g)
    g.answer(0, "space first", "deploy 0")
    g.agent(0, "kwisatz_haderach", "arrakeen")
    assert changes(g, before) == {0: {"garrison": 1, "supply": -1, "hand": 1, "deck": -2, "played": 1,
                                      "agents_left": -1}}
    finish(g)


def test_kwisatz_haderach_infiltrating_leaves_the_enemy_agent_on_the_space(content):
    g = new(content)
    g.state.occupied = {"arrakeen": 1}
    g.p(1).agents_left = 1
    g.p(0).hand = ["kwisatz_haderach"]
    g.answer(0, "space first", "deploy 0")
    g.agent(0, "kwisatz_haderach", "arrakeen")
    g.intrigue(1, "urgent_mission", "plot")  # P2 recalls its agent at Arrakeen
    assert g.p(1).agents_left == 2


def test_kwisatz_haderach_is_not_free_to_enter_a_blocked_space(content):
    g = new(content)
    g.state.blocked = {"wealth": 1}  # The Voice of an opponent
    g.p(0).hand = ["kwisatz_haderach"]
    assert not legal(g, 0, "kwisatz_haderach", "wealth")
    assert legal(g, 0, "kwisatz_haderach", "secrets")


# ---------------------------------------------------------------------- Lady Jessica
def test_lady_jessica_on_acquire_gives_influence_of_your_choice(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "+1 Influence with Fremen")
    g.engine.receive_card(g.p(0), "lady_jessica")
    assert changes(g, before) == {0: {"fremen": 1, "discard": 1}}
    finish(g)


def test_lady_jessica_agent_draws_two(content):
    g = new(content)
    g.p(0).deck = ["dagger", "diplomacy", "reconnaissance"]
    before = snap(g)
    g.box(0, "lady_jessica", "agent")
    assert changes(g, before) == {0: {"hand": 2, "deck": -2, "played": 1}}
    finish(g)


def test_lady_jessica_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "lady_jessica", "reveal")
    assert changes(g, before) == {0: {"persuasion": 3, "swords": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Other Memory
def test_other_memory_agent_draws(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    g.p(0).discard = ["the_voice"]
    before = snap(g)
    g.answer(0, "draw 1 card")
    g.box(0, "other_memory", "agent")
    assert changes(g, before) == {0: {"hand": 1, "deck": -1, "played": 1}}
    assert g.asked(0) == [("choose", ["draw 1 card",
                                      "put a Bene Gesserit card from your discard pile into your hand"])]
    finish(g)


def test_other_memory_agent_retrieves_a_bene_gesserit_card(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    g.p(0).discard = ["dagger", "bene_gesserit_initiate", "chani", "the_voice"]
    before = snap(g)
    g.answer(0, "put a Bene Gesserit card", "take The Voice into your hand")
    g.box(0, "other_memory", "agent")
    assert changes(g, before) == {0: {"hand": 1, "discard": -1, "played": 1}}
    assert g.p(0).hand == ["the_voice"]
    assert g.asked(0)[1] == ("retrieve", ["take Bene Gesserit Initiate into your hand",
                                          "take The Voice into your hand"])
    finish(g)


def test_other_memory_agent_retrieve_without_a_bene_gesserit_card(content):
    g = new(content)
    g.p(0).discard = ["dagger", "chani"]
    before = snap(g)
    g.answer(0, "put a Bene Gesserit card")
    g.box(0, "other_memory", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_other_memory_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "other_memory", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Piter De Vries
def test_piter_de_vries_agent_draws_intrigue(content):
    g = new(content)
    top = top_intrigue(g)
    before = snap(g)
    g.box(0, "piter_de_vries", "agent")
    assert changes(g, before) == {0: {"intrigue": 1, "played": 1}}
    assert g.p(0).intrigue == top
    finish(g)


def test_piter_de_vries_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "piter_de_vries", "reveal")
    assert changes(g, before) == {0: {"persuasion": 3, "swords": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Sardaukar Infantry
def test_sardaukar_infantry_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "sardaukar_infantry", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 2, "revealed": 1}}
    finish(g)


def test_sardaukar_infantry_has_no_agent_icon(content):
    g = new(content)
    g.p(0).hand = ["sardaukar_infantry", "dagger"]
    assert agent_cards(g, 0) == {"dagger"}


# ---------------------------------------------------------------------- Shifting Allegiances
def test_shifting_allegiances_loses_and_gains_with_the_same_faction(content):
    g = new(content)
    set_influence(g, 0, emperor=1)
    g.p(0).spice = 2
    before = snap(g)
    g.answer(0, "pay", "+2 Influence with Emperor")
    g.box(0, "shifting_allegiances", "agent")
    # 1 -> 0 -> 2: the VP at 2 is new.
    assert changes(g, before) == {0: {"spice": -2, "emperor": 1, "vp": 1, "played": 1}}
    assert g.asked(0)[0] == ("pay", ["pay 1 Influence with any Faction, 2 spice -> +2 Influence with any "
                                     "Faction", "no"])
    finish(g)


def test_shifting_allegiances_moves_influence_between_factions(content):
    g = new(content)
    set_influence(g, 0, emperor=2, guild=1)
    g.p(0).spice = 3
    before = snap(g)
    g.answer(0, "pay", "lose 1 Influence with Emperor", "+2 Influence with Fremen")
    g.box(0, "shifting_allegiances", "agent")
    assert changes(g, before) == {0: {"spice": -2, "emperor": -1, "fremen": 2, "played": 1}}
    assert g.asked(0)[1] == ("lose_influence", ["lose 1 Influence with Emperor", "lose 1 Influence with Spacing Guild"])
    finish(g)


def test_shifting_allegiances_declines(content):
    g = new(content)
    set_influence(g, 0, guild=1)
    g.p(0).spice = 2
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "shifting_allegiances", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


@pytest.mark.parametrize("influence,spice", [(0, 2), (1, 1)])
def test_shifting_allegiances_cannot_pay(content, influence, spice):
    g = new(content)
    set_influence(g, 0, guild=influence)
    g.p(0).spice = spice
    before = snap(g)
    g.box(0, "shifting_allegiances", "agent")
    assert changes(g, before) == {0: {"played": 1}} and g.asked(0) == []
    finish(g)


def test_shifting_allegiances_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "shifting_allegiances", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Sietch Reverend Mother
def test_sietch_reverend_mother_agent_trashes(content):
    g = new(content)
    g.p(0).discard = ["convincing_argument"]
    before = snap(g)
    g.answer(0, "trash Convincing Argument from discard")
    g.box(0, "sietch_reverend_mother", "agent")
    assert changes(g, before) == {0: {"discard": -1, "trashed": 1, "played": 1}}
    finish(g)


def test_sietch_reverend_mother_reveal_with_fremen_bond(content):
    g = new(content)
    g.p(0).revealed = ["stilgar"]
    before = snap(g)
    g.box(0, "sietch_reverend_mother", "reveal")
    assert changes(g, before) == {0: {"persuasion": 3, "spice": 1, "revealed": 1}}
    finish(g)


def test_sietch_reverend_mother_reveal_without_bond_gives_nothing(content):
    # The bond gates the spice too (every independent source; docs/decisions.md).
    g = new(content)
    g.p(0).revealed = ["bene_gesserit_initiate"]  # its own Fremen faction does not bond with itself
    before = snap(g)
    g.box(0, "sietch_reverend_mother", "reveal")
    assert changes(g, before) == {0: {"revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Space Travel
def test_space_travel_agent_draws(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.box(0, "space_travel", "agent")
    assert changes(g, before) == {0: {"hand": 1, "deck": -1, "played": 1}}
    finish(g)


def test_space_travel_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "space_travel", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Spice Hunter
def test_spice_hunter_reveal_without_bond(content):
    g = new(content)
    before = snap(g)
    g.box(0, "spice_hunter", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 1, "revealed": 1}}
    finish(g)


def test_spice_hunter_reveal_with_fremen_bond(content):
    g = new(content)
    g.p(0).played = ["fremen_camp"]
    before = snap(g)
    g.box(0, "spice_hunter", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 1, "spice": 1, "revealed": 1}}
    finish(g)


def test_spice_hunter_has_no_agent_box(content):
    g = new(content)
    g.p(0).hand = ["spice_hunter"]
    assert legal(g, 0, "spice_hunter", "stillsuits") and legal(g, 0, "spice_hunter", "secure_contract")
    before = snap(g)
    g.agent(0, "spice_hunter", "secure_contract")  # no agent box: no order question
    assert changes(g, before) == {0: {"solari": 3, "hand": -1, "played": 1, "agents_left": -1}}
    finish(g)


# ---------------------------------------------------------------------- Spice Smugglers
def test_spice_smugglers_agent_pays_spice(content):
    g = new(content)
    g.p(0).spice = 2
    before = snap(g)
    g.answer(0, "pay")
    g.box(0, "spice_smugglers", "agent")
    assert changes(g, before) == {0: {"spice": -2, "guild": 1, "solari": 3, "played": 1}}
    finish(g)


def test_spice_smugglers_agent_declines(content):
    g = new(content)
    g.p(0).spice = 2
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "spice_smugglers", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    finish(g)


def test_spice_smugglers_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "spice_smugglers", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "swords": 1, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Stilgar
def test_stilgar_agent(content):
    g = new(content)
    before = snap(g)
    g.box(0, "stilgar", "agent")
    assert changes(g, before) == {0: {"water": 1, "played": 1}}
    finish(g)


def test_stilgar_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "stilgar", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "swords": 3, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- The Voice
def test_the_voice_agent_blocks_a_space_for_opponents_only(content):
    g = new(content)
    before = snap(g)
    g.answer(0, "block Wealth")
    g.box(0, "the_voice", "agent")
    assert changes(g, before) == {0: {"played": 1}}
    assert g.state.blocked == {"wealth": 0}
    for seat in (1, 2, 3):
        g.p(seat).hand = ["diplomacy"]
        assert not legal(g, seat, "diplomacy", "wealth")
        assert legal(g, seat, "diplomacy", "secrets")
    g.p(0).hand = ["diplomacy"]
    assert legal(g, 0, "diplomacy", "wealth")  # not for its owner
    finish(g)


def test_the_voice_on_an_agent_turn_cannot_block_an_occupied_space(content):
    g = new(content)
    g.state.occupied = {"wealth": 1}
    g.p(0).hand = ["the_voice"]
    before = snap(g)
    g.answer(0, "space first", "block Secrets", "deploy 0")
    g.agent(0, "the_voice", "arrakeen")
    assert changes(g, before) == {0: {"garrison": 1, "supply": -1, "hand": -1, "played": 1, "agents_left": -1}}
    labels = next(labels for kind, labels in g.asked(0) if kind == "block")
    assert "block Wealth" not in labels and "block Arrakeen" not in labels and "block Secrets" in labels
    assert g.state.blocked == {"secrets": 0}
    finish(g)


def test_the_voice_block_is_cleared_at_recall(content):
    g = new(content)
    g.answer(0, "block Wealth")
    g.box(0, "the_voice", "agent")
    g.p(1).hand = ["diplomacy"]
    assert not legal(g, 1, "diplomacy", "wealth")
    assert turns.recall(g.engine)
    assert g.state.blocked == {}
    assert legal(g, 1, "diplomacy", "wealth")
    finish(g)


def test_the_voice_reveal(content):
    g = new(content)
    before = snap(g)
    g.box(0, "the_voice", "reveal")
    assert changes(g, before) == {0: {"persuasion": 2, "revealed": 1}}
    finish(g)


# ---------------------------------------------------------------------- Thufir Hawat
def test_thufir_hawat_agent_draws(content):
    g = new(content)
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.box(0, "thufir_hawat", "agent")
    assert changes(g, before) == {0: {"hand": 1, "deck": -1, "played": 1}}
    finish(g)


def test_thufir_hawat_reveal_draws_intrigue(content):
    g = new(content)
    top = top_intrigue(g)
    before = snap(g)
    g.box(0, "thufir_hawat", "reveal")
    assert changes(g, before) == {0: {"persuasion": 1, "intrigue": 1, "revealed": 1}}
    assert g.p(0).intrigue == top
    finish(g)


def test_thufir_hawat_icons(content):
    g = new(content)
    g.p(0).hand = ["thufir_hawat"]
    for space in ("arrakeen", "secure_contract", "wealth", "foldspace_space", "secrets", "stillsuits"):
        assert legal(g, 0, "thufir_hawat", space), space
    assert not legal(g, 0, "thufir_hawat", "hall_of_oratory")  # no Landsraad icon
