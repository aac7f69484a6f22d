"""One scenario per box, branch and condition of every Imperium card in cards/base.

Every test runs on both back-ends (the `content` fixture) and asserts the whole
change it caused through `changes()`: a delta that is not listed did not happen.
"""
from __future__ import annotations

import pytest

from dunec.engine.rules import cards as rules_cards
from dunec.engine.loop import turns

from card_rows import Box, run_box
from test_cards_support import (changes, custom_content, deploy, finish, legal, new, set_influence, snap,
                                top_intrigue)
from scenario import settle


def agent_cards(g, seat):
    return {opt[1] for opt in turns.agent_options(g.engine, g.p(seat))}


# ---------------------------------------------------------------------- the same shape, as a table
@pytest.mark.parametrize("row", [
    # Arrakis Recruiter
    Box("arrakis_recruiter_agent_recruits_one_troop", "arrakis_recruiter", "agent",
        delta={0: {"garrison": 1, "supply": -1, "played": 1}}),
    Box("arrakis_recruiter_reveal", "arrakis_recruiter", "reveal",
        delta={0: {"persuasion": 1, "swords": 1, "revealed": 1}}),
    # Assassination Mission
    Box("assassination_mission_reveal", "assassination_mission", "reveal",
        delta={0: {"swords": 1, "solari": 1, "revealed": 1}}),
    Box("assassination_mission_on_trash_gives_four_solari", "fedaykin_death_commando", "agent",
        given={0: {"hand": ["assassination_mission"]}}, answers={0: ["trash Assassination Mission from hand"]},
        delta={0: {"solari": 4, "hand": -1, "trashed": 1, "played": 1}},
        after={0: {"trashed": ["assassination_mission"]}}),
    # Bene Gesserit Sister
    Box("bene_gesserit_sister_reveal_persuasion", "bene_gesserit_sister", "reveal",
        answers={0: ["+2 Persuasion"]}, delta={0: {"persuasion": 2, "revealed": 1}},
        asked={0: [("choose", ["+2 Persuasion", "+2 swords"])]}),
    Box("bene_gesserit_sister_reveal_swords", "bene_gesserit_sister", "reveal",
        answers={0: ["+2 swords"]}, delta={0: {"swords": 2, "revealed": 1}}),
    # Chani
    Box("chani_reveal_retreats_any", "chani", "reveal",
        deploy={0: 3}, answers={0: ["retreat 3"]},
        delta={0: {"persuasion": 2, "conflict": -3, "garrison": 3, "revealed": 1}},
        asked={0: [("retreat", ["retreat 0", "retreat 1", "retreat 2", "retreat 3"])]}),
    Box("chani_reveal_may_retreat_none", "chani", "reveal",
        deploy={0: 2}, answers={0: ["retreat 0"]}, delta={0: {"persuasion": 2, "revealed": 1}}),
    Box("chani_reveal_without_troops_asks_nothing", "chani", "reveal",
        delta={0: {"persuasion": 2, "revealed": 1}}, asked={0: []}),
    # CHOAM Directorship
    Box("choam_directorship_reveal", "choam_directorship", "reveal", delta={0: {"solari": 3, "revealed": 1}}),
    # Crysknife
    Box("crysknife_agent", "crysknife", "agent", delta={0: {"solari": 1, "played": 1}}),
    Box("crysknife_reveal_alone_has_no_fremen_bond", "crysknife", "reveal",
        delta={0: {"swords": 1, "revealed": 1}}),
    Box("crysknife_reveal_with_another_fremen_card_revealed", "crysknife", "reveal",
        given={0: {"revealed": ["chani"]}}, delta={0: {"swords": 1, "fremen": 1, "revealed": 1}}),
    # Arrakis Liaison is a reserve card with the Fremen faction.
    Box("crysknife_reveal_with_a_fremen_card_played_as_agent", "crysknife", "reveal",
        given={0: {"played": ["arrakis_liaison"]}}, delta={0: {"swords": 1, "fremen": 1, "revealed": 1}}),
    Box("crysknife_reveal_a_non_fremen_card_is_no_bond", "crysknife", "reveal",
        given={0: {"revealed": ["dagger", "bene_gesserit_sister"]}}, delta={0: {"swords": 1, "revealed": 1}}),
    # Dr. Yueh
    Box("dr_yueh_agent_draws", "dr_yueh", "agent",
        given={0: {"deck": ["diplomacy", "dagger"]}}, delta={0: {"hand": 1, "deck": -1, "played": 1}},
        after={0: {"hand": ["dagger"]}}),
    Box("dr_yueh_reveal", "dr_yueh", "reveal", delta={0: {"persuasion": 1, "revealed": 1}}),
    # Duncan Idaho
    Box("duncan_idaho_agent_pays_water", "duncan_idaho", "agent",
        given={0: {"deck": ["dagger"]}}, answers={0: ["pay"]},
        delta={0: {"water": -1, "garrison": 1, "supply": -1, "hand": 1, "deck": -1, "played": 1}},
        asked={0: [("pay", ["pay 1 water -> +1 troop, draw 1 card", "no"])]}),
    Box("duncan_idaho_agent_declines", "duncan_idaho", "agent",
        given={0: {"deck": ["dagger"]}}, answers={0: ["no"]}, delta={0: {"played": 1}}),
    Box("duncan_idaho_agent_without_water_asks_nothing", "duncan_idaho", "agent",
        given={0: {"water": 0}}, delta={0: {"played": 1}}, asked={0: []}),
    Box("duncan_idaho_reveal", "duncan_idaho", "reveal", delta={0: {"swords": 2, "water": 1, "revealed": 1}}),
    # Fedaykin Death Commando
    Box("fedaykin_death_commando_agent_trashes_from_hand", "fedaykin_death_commando", "agent",
        given={0: {"hand": ["dagger"], "discard": ["diplomacy"]}}, answers={0: ["trash Dagger from hand"]},
        delta={0: {"hand": -1, "trashed": 1, "played": 1}},
        asked={0: [("trash", ["trash Dagger from hand", "trash Diplomacy from discard",
                              "trash Fedaykin Death Commando from play", "trash nothing"])]},
        after={0: {"trashed": ["dagger"]}}),
    Box("fedaykin_death_commando_agent_trashes_from_discard", "fedaykin_death_commando", "agent",
        given={0: {"discard": ["diplomacy"]}}, answers={0: ["trash Diplomacy from discard"]},
        delta={0: {"discard": -1, "trashed": 1, "played": 1}}, after={0: {"trashed": ["diplomacy"]}}),
    Box("fedaykin_death_commando_agent_trashes_itself_from_play", "fedaykin_death_commando", "agent",
        answers={0: ["trash Fedaykin Death Commando from play"]}, delta={0: {"trashed": 1}},
        after={0: {"played": [], "trashed": ["fedaykin_death_commando"]}}),
    Box("fedaykin_death_commando_agent_may_trash_nothing", "fedaykin_death_commando", "agent",
        given={0: {"hand": ["dagger"]}}, answers={0: ["trash nothing"]}, delta={0: {"played": 1}}),
    Box("fedaykin_death_commando_reveal_without_bond", "fedaykin_death_commando", "reveal",
        delta={0: {"persuasion": 1, "revealed": 1}}),
    Box("fedaykin_death_commando_reveal_with_fremen_bond", "fedaykin_death_commando", "reveal",
        given={0: {"revealed": ["crysknife"]}}, delta={0: {"persuasion": 1, "swords": 3, "revealed": 1}}),
    Box("fedaykin_death_commando_two_copies_bond_each_other", "fedaykin_death_commando", "reveal",
        given={0: {"revealed": ["fedaykin_death_commando"]}},
        delta={0: {"persuasion": 1, "swords": 3, "revealed": 1}}),
    # Firm Grip
    Box("firm_grip_agent_declines_to_pay", "firm_grip", "agent",
        given={0: {"solari": 2}}, answers={0: ["no"]}, delta={0: {"played": 1}}),
    Box("firm_grip_agent_cannot_pay", "firm_grip", "agent",
        given={0: {"solari": 1}}, delta={0: {"played": 1}}, asked={0: []}),
    # Guild Ambassador
    Box("guild_ambassador_agent_influence", "guild_ambassador", "agent",
        answers={0: ["+1 Influence with Spacing Guild"]}, delta={0: {"guild": 1, "played": 1}},
        asked={0: [("choose", ["+1 Influence with Spacing Guild", "+2 spice"])]}),
    Box("guild_ambassador_agent_spice", "guild_ambassador", "agent",
        answers={0: ["+2 spice"]}, delta={0: {"spice": 2, "played": 1}}),
    Box("guild_ambassador_reveal_with_alliance_pays_for_vp", "guild_ambassador", "reveal",
        influence={0: {"guild": 4}}, given={0: {"spice": 3}}, answers={0: ["pay"]},
        delta={0: {"spice": -3, "vp": 1, "revealed": 1}}),
    Box("guild_ambassador_reveal_with_alliance_declines", "guild_ambassador", "reveal",
        influence={0: {"guild": 4}}, given={0: {"spice": 3}}, answers={0: ["no"]}, delta={0: {"revealed": 1}}),
    Box("guild_ambassador_reveal_without_alliance", "guild_ambassador", "reveal",
        given={0: {"spice": 3}}, delta={0: {"revealed": 1}}, asked={0: []}),
    # Gun Thopter
    Box("gun_thopter_agent_each_opponent_loses_a_garrisoned_troop", "gun_thopter", "agent",
        given={3: {"garrison": 0, "supply": 12}},
        delta={0: {"played": 1}, 1: {"garrison": -1, "supply": 1}, 2: {"garrison": -1, "supply": 1}}),
    Box("gun_thopter_reveal_deploys_one", "gun_thopter", "reveal",
        answers={0: ["deploy 1"]}, delta={0: {"swords": 3, "garrison": -1, "conflict": 1, "revealed": 1}},
        asked={0: [("deploy", ["deploy 0", "deploy 1"])]}),
    Box("gun_thopter_reveal_may_deploy_none", "gun_thopter", "reveal",
        answers={0: ["deploy 0"]}, delta={0: {"swords": 3, "revealed": 1}}),
    # Imperial Spy
    Box("imperial_spy_agent_declines", "imperial_spy", "agent", answers={0: ["no"]}, delta={0: {"played": 1}}),
    Box("imperial_spy_reveal", "imperial_spy", "reveal", delta={0: {"persuasion": 1, "swords": 1, "revealed": 1}}),
    # Liet Kynes
    Box("liet_kynes_reveal_counts_itself", "liet_kynes", "reveal", delta={0: {"persuasion": 2, "revealed": 1}}),
    Box("liet_kynes_reveal_counts_every_fremen_card_in_play", "liet_kynes", "reveal",
        given={0: {"played": ["crysknife"], "revealed": ["chani", "dagger"]}},
        delta={0: {"persuasion": 6, "revealed": 1}}),
    # Missionaria Protectiva
    Box("missionaria_protectiva_agent_with_bene_gesserit_bond", "missionaria_protectiva", "agent",
        given={0: {"played": ["bene_gesserit_sister"]}}, answers={0: ["+1 Influence with Fremen"]},
        delta={0: {"fremen": 1, "played": 1}}),
    Box("missionaria_protectiva_agent_without_bond", "missionaria_protectiva", "agent",
        delta={0: {"played": 1}}, asked={0: []}),
    Box("missionaria_protectiva_reveal", "missionaria_protectiva", "reveal",
        delta={0: {"persuasion": 1, "revealed": 1}}),
    # Opulence
    Box("opulence_agent", "opulence", "agent", delta={0: {"solari": 3, "played": 1}}),
    Box("opulence_reveal_pays_six_for_vp", "opulence", "reveal",
        given={0: {"solari": 7}}, answers={0: ["pay"]},
        delta={0: {"persuasion": 1, "solari": -6, "vp": 1, "revealed": 1}}),
    Box("opulence_reveal_declines", "opulence", "reveal",
        given={0: {"solari": 6}}, answers={0: ["no"]}, delta={0: {"persuasion": 1, "revealed": 1}}),
    Box("opulence_reveal_cannot_pay", "opulence", "reveal",
        given={0: {"solari": 5}}, delta={0: {"persuasion": 1, "revealed": 1}}, asked={0: []}),
    # Power Play
    # No space: `influence space` does nothing.
    Box("power_play_box_without_a_space_only_trashes", "power_play", "agent", delta={0: {"trashed": 1}}),
    # Reverend Mother Mohiam
    Box("reverend_mother_mohiam_agent_with_bond_each_opponent_discards_two", "reverend_mother_mohiam", "agent",
        given={0: {"played": ["missionaria_protectiva"]}, 1: {"hand": ["dagger", "diplomacy", "reconnaissance"]},
               2: {"hand": ["dagger"]}},
        answers={1: ["discard Diplomacy", "discard Dagger"]},
        delta={0: {"played": 1}, 1: {"hand": -2, "discard": 2}, 2: {"hand": -1, "discard": 1}},
        after={1: {"hand": ["reconnaissance"], "discard": ["diplomacy", "dagger"]}}),
    Box("reverend_mother_mohiam_agent_does_not_bond_with_itself", "reverend_mother_mohiam", "agent",
        given={1: {"hand": ["dagger", "diplomacy"]}}, delta={0: {"played": 1}}),
    Box("reverend_mother_mohiam_reveal", "reverend_mother_mohiam", "reveal",
        delta={0: {"persuasion": 2, "spice": 2, "revealed": 1}}),
    # Sardaukar Legion
    Box("sardaukar_legion_agent", "sardaukar_legion", "agent",
        delta={0: {"garrison": 2, "supply": -2, "played": 1}}),
    Box("sardaukar_legion_reveal_deploys_up_to_three", "sardaukar_legion", "reveal",
        given={0: {"garrison": 5, "supply": 7}}, answers={0: ["deploy 3"]},
        delta={0: {"persuasion": 1, "garrison": -3, "conflict": 3, "revealed": 1}},
        asked={0: [("deploy", ["deploy 0", "deploy 1", "deploy 2", "deploy 3"])]}),
    Box("sardaukar_legion_reveal_with_an_empty_garrison", "sardaukar_legion", "reveal",
        given={0: {"garrison": 0, "supply": 12}}, delta={0: {"persuasion": 1, "revealed": 1}}),
    # Scout
    Box("scout_reveal_retreats_up_to_two", "scout", "reveal",
        deploy={0: 3}, answers={0: ["retreat 2"]},
        delta={0: {"persuasion": 1, "swords": 1, "conflict": -2, "garrison": 2, "revealed": 1}},
        asked={0: [("retreat", ["retreat 0", "retreat 1", "retreat 2"])]}),
    Box("scout_reveal_without_troops", "scout", "reveal", delta={0: {"persuasion": 1, "swords": 1, "revealed": 1}}),
    # Smuggler's Thopter
    Box("smugglers_thopter_agent_with_guild_influence_two", "smugglers_thopter", "agent",
        influence={0: {"guild": 2}}, given={0: {"deck": ["dagger", "diplomacy", "reconnaissance"]}},
        delta={0: {"hand": 2, "deck": -2, "played": 1}}, after={0: {"hand": ["reconnaissance", "diplomacy"]}}),
    Box("smugglers_thopter_agent_with_guild_influence_one", "smugglers_thopter", "agent",
        influence={0: {"guild": 1}}, given={0: {"deck": ["dagger", "diplomacy"]}}, delta={0: {"played": 1}}),
    Box("smugglers_thopter_reveal", "smugglers_thopter", "reveal",
        delta={0: {"persuasion": 1, "spice": 1, "revealed": 1}}),
    # Test of Humanity
    Box("test_of_humanity_reveal", "test_of_humanity", "reveal", delta={0: {"persuasion": 2, "revealed": 1}}),
    # Worm Riders
    Box("worm_riders_agent", "worm_riders", "agent", delta={0: {"spice": 2, "played": 1}}),
    Box("worm_riders_reveal_below_two_fremen", "worm_riders", "reveal",
        influence={0: {"fremen": 1}}, delta={0: {"revealed": 1}}),
    Box("worm_riders_reveal_two_fremen_influence", "worm_riders", "reveal",
        influence={0: {"fremen": 2}}, delta={0: {"swords": 4, "revealed": 1}}),
    Box("worm_riders_reveal_with_fremen_alliance", "worm_riders", "reveal",
        influence={0: {"fremen": 4}}, delta={0: {"swords": 6, "revealed": 1}}),
    Box("worm_riders_reveal_four_fremen_but_no_alliance", "worm_riders", "reveal",
        influence={0: {"fremen": 4}, 2: {"fremen": 5}}, delta={0: {"swords": 4, "revealed": 1}}),
    # Bene Gesserit Initiate
    Box("bene_gesserit_initiate_agent_draws", "bene_gesserit_initiate", "agent",
        given={0: {"deck": ["dagger"]}}, delta={0: {"hand": 1, "deck": -1, "played": 1}}),
    Box("bene_gesserit_initiate_reveal", "bene_gesserit_initiate", "reveal",
        delta={0: {"persuasion": 1, "revealed": 1}}),
    # Carryall
    Box("carryall_agent_box_without_a_space", "carryall", "agent", delta={0: {"played": 1}}),
    Box("carryall_reveal", "carryall", "reveal", delta={0: {"persuasion": 1, "spice": 1, "revealed": 1}}),
    # Fremen Camp
    Box("fremen_camp_agent_pays_spice_for_three_troops", "fremen_camp", "agent",
        given={0: {"spice": 2}}, answers={0: ["pay"]},
        delta={0: {"spice": -2, "garrison": 3, "supply": -3, "played": 1}},
        asked={0: [("pay", ["pay 2 spice -> +3 troops", "no"])]}),
    Box("fremen_camp_agent_declines", "fremen_camp", "agent",
        given={0: {"spice": 2}}, answers={0: ["no"]}, delta={0: {"played": 1}}),
    Box("fremen_camp_reveal", "fremen_camp", "reveal", delta={0: {"persuasion": 2, "swords": 1, "revealed": 1}}),
    # Gene Manipulation
    Box("gene_manipulation_agent_with_bene_gesserit_bond", "gene_manipulation", "agent",
        given={0: {"played": ["bene_gesserit_initiate"], "discard": ["dagger"]}},
        answers={0: ["trash Dagger from discard"]},
        delta={0: {"discard": -1, "trashed": 1, "spice": 2, "played": 1}}),
    Box("gene_manipulation_agent_without_bond", "gene_manipulation", "agent",
        given={0: {"hand": ["dagger"]}}, answers={0: ["trash Dagger from hand"]},
        delta={0: {"hand": -1, "trashed": 1, "played": 1}}),
    # The copy already in play bonds.
    Box("gene_manipulation_agent_may_trash_nothing_and_keep_the_bond_spice", "gene_manipulation", "agent",
        given={0: {"played": ["gene_manipulation"]}}, answers={0: ["trash nothing"]},
        delta={0: {"spice": 2, "played": 1}}),
    Box("gene_manipulation_reveal", "gene_manipulation", "reveal", delta={0: {"persuasion": 2, "revealed": 1}}),
    # Guild Administrator
    Box("guild_administrator_agent_trashes_a_card", "guild_administrator", "agent",
        given={0: {"hand": ["convincing_argument"]}}, answers={0: ["trash Convincing Argument from hand"]},
        delta={0: {"hand": -1, "trashed": 1, "played": 1}}, after={0: {"trashed": ["convincing_argument"]}}),
    # Gurney Halleck
    Box("gurney_halleck_agent", "gurney_halleck", "agent",
        given={0: {"deck": ["dagger"]}},
        delta={0: {"garrison": 2, "supply": -2, "hand": 1, "deck": -1, "played": 1}}),
    Box("gurney_halleck_reveal_declines", "gurney_halleck", "reveal",
        given={0: {"solari": 3}}, answers={0: ["no"]}, delta={0: {"persuasion": 2, "revealed": 1}}),
    # Kwisatz Haderach
    Box("kwisatz_haderach_agent_draws", "kwisatz_haderach", "agent",
        given={0: {"deck": ["dagger"]}}, delta={0: {"hand": 1, "deck": -1, "played": 1}}),
    # Lady Jessica
    Box("lady_jessica_agent_draws_two", "lady_jessica", "agent",
        given={0: {"deck": ["dagger", "diplomacy", "reconnaissance"]}},
        delta={0: {"hand": 2, "deck": -2, "played": 1}}),
    Box("lady_jessica_reveal", "lady_jessica", "reveal", delta={0: {"persuasion": 3, "swords": 1, "revealed": 1}}),
    # Other Memory
    Box("other_memory_agent_draws", "other_memory", "agent",
        given={0: {"deck": ["dagger"], "discard": ["the_voice"]}}, answers={0: ["draw 1 card"]},
        delta={0: {"hand": 1, "deck": -1, "played": 1}},
        asked={0: [("choose", ["draw 1 card", "put a Bene Gesserit card from your discard pile into your hand"])]}),
    Box("other_memory_agent_retrieve_without_a_bene_gesserit_card", "other_memory", "agent",
        given={0: {"discard": ["dagger", "chani"]}}, answers={0: ["put a Bene Gesserit card"]},
        delta={0: {"played": 1}}),
    Box("other_memory_reveal", "other_memory", "reveal", delta={0: {"persuasion": 2, "revealed": 1}}),
    # Piter De Vries
    Box("piter_de_vries_reveal", "piter_de_vries", "reveal",
        delta={0: {"persuasion": 3, "swords": 1, "revealed": 1}}),
    # Sardaukar Infantry
    Box("sardaukar_infantry_reveal", "sardaukar_infantry", "reveal",
        delta={0: {"persuasion": 1, "swords": 2, "revealed": 1}}),
    # Shifting Allegiances
    Box("shifting_allegiances_declines", "shifting_allegiances", "agent",
        influence={0: {"guild": 1}}, given={0: {"spice": 2}}, answers={0: ["no"]}, delta={0: {"played": 1}}),
    Box("shifting_allegiances_reveal", "shifting_allegiances", "reveal",
        delta={0: {"persuasion": 2, "revealed": 1}}),
    # Sietch Reverend Mother
    Box("sietch_reverend_mother_agent_trashes", "sietch_reverend_mother", "agent",
        given={0: {"discard": ["convincing_argument"]}}, answers={0: ["trash Convincing Argument from discard"]},
        delta={0: {"discard": -1, "trashed": 1, "played": 1}}),
    Box("sietch_reverend_mother_reveal_with_fremen_bond", "sietch_reverend_mother", "reveal",
        given={0: {"revealed": ["stilgar"]}}, delta={0: {"persuasion": 3, "spice": 1, "revealed": 1}}),
    # The bond gates the spice too (every independent source; docs/decisions.md); the card's
    # own Fremen faction does not bond with itself.
    Box("sietch_reverend_mother_reveal_without_bond_gives_nothing", "sietch_reverend_mother", "reveal",
        given={0: {"revealed": ["bene_gesserit_initiate"]}}, delta={0: {"revealed": 1}}),
    # Space Travel
    Box("space_travel_agent_draws", "space_travel", "agent",
        given={0: {"deck": ["dagger"]}}, delta={0: {"hand": 1, "deck": -1, "played": 1}}),
    Box("space_travel_reveal", "space_travel", "reveal", delta={0: {"persuasion": 2, "revealed": 1}}),
    # Spice Hunter
    Box("spice_hunter_reveal_without_bond", "spice_hunter", "reveal",
        delta={0: {"persuasion": 1, "swords": 1, "revealed": 1}}),
    Box("spice_hunter_reveal_with_fremen_bond", "spice_hunter", "reveal",
        given={0: {"played": ["fremen_camp"]}},
        delta={0: {"persuasion": 1, "swords": 1, "spice": 1, "revealed": 1}}),
    # Spice Smugglers
    Box("spice_smugglers_agent_pays_spice", "spice_smugglers", "agent",
        given={0: {"spice": 2}}, answers={0: ["pay"]},
        delta={0: {"spice": -2, "guild": 1, "solari": 3, "played": 1}}),
    Box("spice_smugglers_agent_declines", "spice_smugglers", "agent",
        given={0: {"spice": 2}}, answers={0: ["no"]}, delta={0: {"played": 1}}),
    Box("spice_smugglers_reveal", "spice_smugglers", "reveal",
        delta={0: {"persuasion": 1, "swords": 1, "revealed": 1}}),
    # Stilgar
    Box("stilgar_agent", "stilgar", "agent", delta={0: {"water": 1, "played": 1}}),
    Box("stilgar_reveal", "stilgar", "reveal", delta={0: {"persuasion": 2, "swords": 3, "revealed": 1}}),
    # The Voice
    Box("the_voice_reveal", "the_voice", "reveal", delta={0: {"persuasion": 2, "revealed": 1}}),
    # Thufir Hawat
    Box("thufir_hawat_agent_draws", "thufir_hawat", "agent",
        given={0: {"deck": ["dagger"]}}, delta={0: {"hand": 1, "deck": -1, "played": 1}}),
], ids=lambda row: row.name)
def test_box_table(content, row):
    run_box(content, row)


# ---------------------------------------------------------------------- Arrakis Recruiter
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


# ---------------------------------------------------------------------- Assassination Mission
def test_assassination_mission_has_no_agent_icon(content):
    g = new(content)
    g.p(0).hand = ["assassination_mission", "dagger"]
    assert agent_cards(g, 0) == {"dagger"}


# ---------------------------------------------------------------------- Bene Gesserit Sister
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
    rules_cards.receive_card(g.engine, g.p(0), "chani")
    g.engine.drive()
    assert changes(g, before) == {0: {"water": 1, "discard": 1}}
    assert g.p(0).discard == ["chani"]
    finish(g)


# ---------------------------------------------------------------------- CHOAM Directorship
def test_choam_directorship_on_acquire_gives_influence_with_all(content):
    g = new(content)
    set_influence(g, 0, emperor=1, guild=1, bene_gesserit=1, fremen=1)
    before = snap(g)
    rules_cards.receive_card(g.engine, g.p(0), "choam_directorship")
    g.engine.drive()
    assert changes(g, before) == {0: {"emperor": 1, "guild": 1, "bene_gesserit": 1, "fremen": 1, "vp": 4,
                                      "discard": 1}}
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


# ---------------------------------------------------------------------- Liet Kynes
def test_liet_kynes_on_acquire_emperor_influence(content):
    g = new(content)
    before = snap(g)
    rules_cards.receive_card(g.engine, g.p(0), "liet_kynes")
    g.engine.drive()
    assert changes(g, before) == {0: {"emperor": 1, "discard": 1}}
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


# ---------------------------------------------------------------------- Scout
def test_scout_has_no_agent_box(content):
    g = new(content)
    g.p(0).hand = ["scout"]
    assert legal(g, 0, "scout", "secure_contract") and legal(g, 0, "scout", "arrakeen")
    assert content.effect("scout", "agent") is None


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


# ---------------------------------------------------------------------- Fremen Camp
def test_fremen_camp_agent_cannot_pay(content):
    g = new(content)
    g.p(0).spice = 1
    before = snap(g)
    g.box(0, "fremen_camp", "agent")
    assert changes(g, before) == {0: {"played": 1}} and g.asked(0) == []
    finish(g)


# ---------------------------------------------------------------------- Guild Administrator
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
    assert rules_cards.price_of(g.engine, g.p(0), "the_spice_must_flow") == 6
    assert rules_cards.price_of(g.engine, g.p(0), "arrakis_liaison") == 2  # only The Spice Must Flow
    assert rules_cards.price_of(g.engine, g.p(1), "the_spice_must_flow") == 9  # only for its owner
    finish(g)


def test_guild_bankers_discount_applies_to_each_copy_bought_and_ends_with_the_turn(content):
    g = new(content)
    g.state.imperium_row = list(EXPENSIVE_ROW)
    g.p(0).hand = ["guild_bankers"]
    g.p(0).agents_left = 0
    g.p(0).persuasion = 12
    before = snap(g)
    g.answer(0, "buy The Spice Must Flow (6)", "buy The Spice Must Flow (6)")
    settle(g.engine, turns.take_turn, g.engine, g.p(0))  # the Reveal turn: the only option
    assert changes(g, before) == {0: {"persuasion": -12, "vp": 2, "hand": -1, "discard": 3}}
    assert g.state.reserve["the_spice_must_flow"] == 8
    buys = [labels for kind, labels in g.asked(0) if kind == "buy"]
    assert len(buys) == 2 and all("buy The Spice Must Flow (6)" in labels for labels in buys)
    assert g.p(0).discounts == {}
    assert rules_cards.price_of(g.engine, g.p(0), "the_spice_must_flow") == 9
    finish(g)


def test_guild_bankers_icons(content):
    g = new(content)
    g.p(0).hand = ["guild_bankers"]
    g.p(0).solari = 0
    for space in ("wealth", "foldspace_space", "hall_of_oratory"):
        assert legal(g, 0, "guild_bankers", space), space
    assert not legal(g, 0, "guild_bankers", "arrakeen")


# ---------------------------------------------------------------------- Gurney Halleck
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
    rules_cards.receive_card(g.engine, g.p(0), "lady_jessica")
    g.engine.drive()
    assert changes(g, before) == {0: {"fremen": 1, "discard": 1}}
    finish(g)


# ---------------------------------------------------------------------- Other Memory
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


# ---------------------------------------------------------------------- Piter De Vries
def test_piter_de_vries_agent_draws_intrigue(content):
    g = new(content)
    top = top_intrigue(g)
    before = snap(g)
    g.box(0, "piter_de_vries", "agent")
    assert changes(g, before) == {0: {"intrigue": 1, "played": 1}}
    assert g.p(0).intrigue == top
    finish(g)


# ---------------------------------------------------------------------- Sardaukar Infantry
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


@pytest.mark.parametrize("influence,spice", [(0, 2), (1, 1)])
def test_shifting_allegiances_cannot_pay(content, influence, spice):
    g = new(content)
    set_influence(g, 0, guild=influence)
    g.p(0).spice = spice
    before = snap(g)
    g.box(0, "shifting_allegiances", "agent")
    assert changes(g, before) == {0: {"played": 1}} and g.asked(0) == []
    finish(g)


# ---------------------------------------------------------------------- Spice Hunter
def test_spice_hunter_has_no_agent_box(content):
    g = new(content)
    g.p(0).hand = ["spice_hunter"]
    assert legal(g, 0, "spice_hunter", "stillsuits") and legal(g, 0, "spice_hunter", "secure_contract")
    before = snap(g)
    g.agent(0, "spice_hunter", "secure_contract")  # no agent box: no order question
    assert changes(g, before) == {0: {"solari": 3, "hand": -1, "played": 1, "agents_left": -1}}
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


# ---------------------------------------------------------------------- Thufir Hawat
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
