"""Every leader in cards/base: the signet ring ability (through the Signet Ring
card and as a box), passive rule modifiers, once-per-game abilities and the
triggers, each through the situation that fires it."""
from __future__ import annotations

import pytest

from dunec.engine.rules import agents as rules_agents, cards as rules_cards
from dunec.engine.loop import turns
from dunec.engine.loop.game import Engine
from dunec.engine.players.policies import make
from dunec.engine.loop.setup import new_game

from test_cards_support import changes, finish, legal, new, set_influence, snap
from scenario import run_step

SIGNET_PLAYED = {"played": 1, "agents_left": -1}


def with_leader(content, leader, players=4):
    return new(content, players=players, leaders=[leader] * players)


def signet_ring(g, seat, *answers):
    """Play the Signet Ring to Secure Contract (+3 Solari), card first; return the change."""
    g.p(seat).hand.append("signet_ring")
    g.answer(seat, "card first", *answers)
    before = snap(g)
    g.agent(seat, "signet_ring", "secure_contract")
    d = changes(g, before)
    d[seat]["solari"] = d[seat].get("solari", 0) - 3
    if not d[seat]["solari"]:
        del d[seat]["solari"]
    return d


# ---------------------------------------------------------------------- Duke Leto Atreides
@pytest.mark.parametrize("space,solari,delta", [
    ("rally_troops", 3, {"garrison": 4, "supply": -4}),
    ("mentat_space", 1, {"has_mentat": 1, "agents_left": 1}),
    ("high_council_space", 4, {"seat_on_council": 1}),
    ("swordmaster_space", 7, {"swordmaster": 1, "agents": 1, "agents_left": 1}),
])
def test_duke_leto_atreides_landsraad_spaces_cost_one_solari_less(content, space, solari, delta):
    g = with_leader(content, "duke_leto_atreides")
    g.p(0).hand = ["dagger"]
    g.p(0).solari = solari - 1
    assert not legal(g, 0, "dagger", space)
    g.p(0).solari = solari
    assert legal(g, 0, "dagger", space)
    before = snap(g)
    g.agent(0, "dagger", space)
    want = {"solari": -solari, "hand": -1, "played": 1, "agents_left": -1}
    for k, v in delta.items():
        want[k] = want.get(k, 0) + v
    assert changes(g, before) == {0: {k: v for k, v in want.items() if v}}
    finish(g)


def test_duke_leto_atreides_passive_leaves_other_costs_alone(content):
    g = with_leader(content, "duke_leto_atreides")
    g.p(0).hand = ["diplomacy", "reconnaissance"]
    g.p(0).spice = 3
    assert not legal(g, 0, "diplomacy", "conspire")  # spice 4, unchanged
    g.p(0).water = 1
    assert not legal(g, 0, "reconnaissance", "research_station")  # water 2, unchanged
    assert content.defs["duke_leto_atreides"]["modifiers"] == (("space_cost", "landsraad", "solari", -1),)


def test_duke_leto_atreides_signet_one_faction_behind(content):
    g = with_leader(content, "duke_leto_atreides")
    g.p(0).spice = 1
    set_influence(g, 2, guild=1)
    assert signet_ring(g, 0, "pay") == {0: {**SIGNET_PLAYED, "hand": -1, "spice": -1, "guild": 1}}
    assert g.asked(0)[1] == ("pay", ["pay 1 spice -> +1 Influence with a Faction where an opponent has more "
                                     "than you", "no"])
    finish(g)


def test_duke_leto_atreides_signet_chooses_among_factions_behind(content):
    g = with_leader(content, "duke_leto_atreides")
    g.p(0).spice = 2
    set_influence(g, 0, emperor=2)
    set_influence(g, 1, emperor=3, fremen=1)
    set_influence(g, 3, bene_gesserit=1)
    assert signet_ring(g, 0, "pay", "+1 Influence with Fremen") == \
        {0: {**SIGNET_PLAYED, "hand": -1, "spice": -1, "fremen": 1}}
    assert g.asked(0)[2] == ("influence", ["+1 Influence with Emperor", "+1 Influence with Bene Gesserit",
                                           "+1 Influence with Fremen"])
    finish(g)


def test_duke_leto_atreides_signet_declined(content):
    g = with_leader(content, "duke_leto_atreides")
    g.p(0).spice = 1
    set_influence(g, 1, guild=1)
    assert signet_ring(g, 0, "no") == {0: {**SIGNET_PLAYED, "hand": -1}}
    finish(g)


def test_duke_leto_atreides_signet_without_spice(content):
    g = with_leader(content, "duke_leto_atreides")
    before = snap(g)
    g.box(0, "duke_leto_atreides", "signet")
    assert changes(g, before) == {} and g.asked(0) == []
    finish(g)


# ---------------------------------------------------------------------- Baron Vladimir Harkonnen
# Masterstroke, the printed card: at the start of the game he chooses two factions in
# secret; when he deploys 4 or more troops to the Conflict in one turn he reveals them and
# gains 1 Influence with each, once per game.
def _baron(content, secret=("emperor", "fremen")):
    g = with_leader(content, "baron_vladimir_harkonnen")
    g.p(0).secret = list(secret)
    return g


def test_baron_vladimir_harkonnen_chooses_two_factions_in_secret_at_game_start(content):
    g = with_leader(content, "baron_vladimir_harkonnen")
    g.answer(0, "choose Spacing Guild in secret", "choose Fremen in secret")
    before = snap(g)
    rules_agents.leader_trigger(g.engine, g.p(0), "game_start")
    g.engine.drive()
    assert g.p(0).secret == ["guild", "fremen"]
    assert [len(labels) for _, labels in g.asked(0)] == [4, 3]  # two different factions
    assert changes(g, before) == {}  # nothing gained yet
    # The log says a choice was made, never which.
    assert g.state.log[-1] == "  P1 (Baron Vladimir Harkonnen) chooses two factions in secret"
    finish(g)


def test_baron_vladimir_harkonnen_reveals_when_deploying_four_in_one_turn(content):
    g = _baron(content)
    p = g.p(0)
    p.garrison, p.supply = 6, 6
    p.hand = ["reconnaissance"]
    g.answer(0, "Reconnaissance -> Arrakeen", "deploy 3")  # 1 recruited + 2: 3 is not enough
    g.turn(0)
    assert p.secret == ["emperor", "fremen"] and p.influence["emperor"] == 0
    g.state.occupied = {}
    p.hand = ["arrakis_recruiter"]
    g.answer(0, "Arrakis Recruiter -> Arrakeen", "space first", "deploy 4")  # 2 recruited + 2
    g.turn(0)
    assert p.secret == [] and p.influence["emperor"] == 1 and p.influence["fremen"] == 1
    assert "  P1 (Baron Vladimir Harkonnen) reveals the factions chosen in secret: Emperor, Fremen" in g.state.log
    finish(g)


def test_baron_vladimir_harkonnen_counts_every_deployment_of_the_turn(content):
    # A plot deploys 2 at the start of the turn, the combat space 2 more: 4 in one turn.
    g = _baron(content, ("guild", "bene_gesserit"))
    p = g.p(0)
    p.hand = ["dagger"]
    p.garrison, p.supply = 5, 7
    p.intrigue = ["rapid_mobilization"]
    g.answer(0, "play Rapid Mobilization", "deploy 2", "Dagger -> Hall of Oratory")
    g.turn(0)
    assert p.secret == ["guild", "bene_gesserit"] and p.deployed_turn == 0  # 2 only: the count ends
    p.hand = ["reconnaissance"]
    p.intrigue = ["rapid_mobilization"]
    g.answer(0, "play Rapid Mobilization", "deploy 2", "Reconnaissance -> Arrakeen", "deploy 2")
    g.turn(0)
    assert p.secret == [] and p.influence["guild"] == 1 and p.influence["bene_gesserit"] == 1
    finish(g)


def test_baron_vladimir_harkonnen_masterstroke_is_once_per_game(content):
    g = _baron(content)
    p = g.p(0)
    p.garrison, p.supply = 5, 7
    for _ in range(2):
        p.hand = ["arrakis_recruiter"]
        g.answer(0, "Arrakis Recruiter -> Arrakeen", "space first", "deploy 4")
        g.turn(0)
        g.state.occupied = {}
        p.agents_left = 2
    assert p.influence["emperor"] == 1 and p.influence["fremen"] == 1
    finish(g)


def test_baron_vladimir_harkonnen_secret_is_hidden_from_the_other_seats(content):
    from dunec.engine.players.human import render_view
    g = _baron(content, ("guild", "bene_gesserit"))
    mine = render_view(g.engine, g.p(0)).split("\n")
    assert "Chosen in secret: Spacing Guild, Bene Gesserit" in mine
    for seat in (1, 2, 3):
        theirs = render_view(g.engine, g.p(seat))
        assert "secret" not in theirs.lower()


def test_baron_vladimir_harkonnen_as_a_rival_chooses_nothing(content):
    from hagal_support import RivalGame
    g = RivalGame(content, "solo", rival_leaders=("baron_vladimir_harkonnen", "glossu_rabban"))
    rules_agents.leader_trigger(g.engine, g.p(1), "game_start")
    g.engine.drive()
    assert g.p(1).secret == []
    g.finish()


def test_baron_vladimir_harkonnen_signet_pays_for_intrigue(content):
    g = with_leader(content, "baron_vladimir_harkonnen")
    g.p(0).solari = 1
    assert signet_ring(g, 0, "pay") == {0: {**SIGNET_PLAYED, "hand": -1, "solari": -1, "intrigue": 1}}
    finish(g)


def test_baron_vladimir_harkonnen_signet_declined(content):
    g = with_leader(content, "baron_vladimir_harkonnen")
    g.p(0).solari = 1
    before = snap(g)
    g.answer(0, "no")
    g.box(0, "baron_vladimir_harkonnen", "signet")
    assert changes(g, before) == {}
    finish(g)


# ---------------------------------------------------------------------- Glossu "The Beast" Rabban
def test_glossu_rabban_game_start_box(content):
    g = with_leader(content, "glossu_rabban")
    before = snap(g)
    g.box(0, "glossu_rabban", "game_start")
    assert changes(g, before) == {0: {"spice": 1, "solari": 1}}
    finish(g)


class _Stop(Exception):
    pass


def test_glossu_rabban_game_start_fires_when_the_game_starts(content):
    leaders = ["glossu_rabban", "duke_leto_atreides", "count_ilban_richese", "earl_memnon_thorvald"]
    st = new_game(content, 4, 3, leaders=leaders)
    e = Engine(content, st, [make("random", 3, i) for i in range(4)])
    seen = []

    def stop(engine):
        seen.append([(p.spice, p.solari) for p in engine.players])
        raise _Stop

    e.after_turn = stop
    with pytest.raises(_Stop):
        e.play()
    assert seen == [[(1, 1), (0, 0), (0, 0), (0, 0)]]


def test_glossu_rabban_signet_without_alliance(content):
    g = with_leader(content, "glossu_rabban")
    assert signet_ring(g, 0) == {0: {**SIGNET_PLAYED, "hand": -1, "garrison": 1, "supply": -1}}
    finish(g)


def test_glossu_rabban_signet_with_an_alliance(content):
    g = with_leader(content, "glossu_rabban")
    set_influence(g, 0, bene_gesserit=4)
    before = snap(g)
    g.box(0, "glossu_rabban", "signet")
    assert changes(g, before) == {0: {"garrison": 2, "supply": -2}}
    finish(g)


# ---------------------------------------------------------------------- Count Ilban Richese
def test_count_ilban_richese_draws_when_paying_solari_for_a_space(content):
    g = with_leader(content, "count_ilban_richese")
    g.p(0).solari = 4
    g.p(0).deck = ["dagger", "diplomacy"]
    g.p(0).hand = ["dagger"]
    before = snap(g)
    g.agent(0, "dagger", "rally_troops")
    assert changes(g, before) == {0: {"solari": -4, "garrison": 4, "supply": -4, "played": 1,
                                      "agents_left": -1, "deck": -1}}
    assert g.p(0).hand == ["diplomacy"]
    finish(g)


def test_count_ilban_richese_no_draw_for_water_or_free_spaces(content):
    g = with_leader(content, "count_ilban_richese")
    g.p(0).deck = ["dagger", "diplomacy"]
    before = snap(g)
    g.answer(0, "deploy 0")
    g.agent(0, "dune_the_desert_planet", "hagga_basin")
    g.agent(0, "dagger", "hall_of_oratory")
    assert changes(g, before) == {0: {"water": -1, "spice": 2, "persuasion": 1, "garrison": 1, "supply": -1,
                                      "played": 2, "agents_left": -2}}
    finish(g)


def test_count_ilban_richese_signet(content):
    g = with_leader(content, "count_ilban_richese")
    assert signet_ring(g, 0) == {0: {**SIGNET_PLAYED, "hand": -1, "solari": 1}}
    finish(g)


# ---------------------------------------------------------------------- Countess Ariana Thorvald
def test_countess_ariana_thorvald_harvest_gives_one_less_spice_and_a_card(content):
    g = with_leader(content, "countess_ariana_thorvald")
    g.state.maker_spice["hagga_basin"] = 1
    g.p(0).deck = ["dagger"]
    g.p(0).hand = ["dune_the_desert_planet"]
    before = snap(g)
    g.answer(0, "deploy 0")
    g.agent(0, "dune_the_desert_planet", "hagga_basin")
    # hand: -1 played, +1 drawn; spice: +2 and +1 bonus, -1 for the Spice Addict
    assert changes(g, before) == {0: {"water": -1, "spice": 2, "played": 1, "agents_left": -1, "deck": -1}}
    assert g.p(0).hand == ["dagger"]
    finish(g)


def test_countess_ariana_thorvald_no_trigger_off_maker_spaces(content):
    g = with_leader(content, "countess_ariana_thorvald")
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.agent(0, "dune_the_desert_planet", "secure_contract")
    assert changes(g, before) == {0: {"solari": 3, "played": 1, "agents_left": -1}}
    finish(g)


def test_countess_ariana_thorvald_harvest_box(content):
    g = with_leader(content, "countess_ariana_thorvald")
    g.p(0).spice = 2
    g.p(0).deck = ["dagger"]
    before = snap(g)
    g.box(0, "countess_ariana_thorvald", "harvest")
    assert changes(g, before) == {0: {"spice": -1, "hand": 1, "deck": -1}}
    finish(g)


def test_countess_ariana_thorvald_signet(content):
    g = with_leader(content, "countess_ariana_thorvald")
    assert signet_ring(g, 0) == {0: {**SIGNET_PLAYED, "hand": -1, "water": 1}}
    finish(g)


# ---------------------------------------------------------------------- Earl Memnon Thorvald
def test_earl_memnon_thorvald_influence_on_taking_a_high_council_seat(content):
    g = with_leader(content, "earl_memnon_thorvald")
    g.p(0).solari = 5
    before = snap(g)
    g.answer(0, "+1 Influence with Spacing Guild")
    g.agent(0, "dagger", "high_council_space")
    assert changes(g, before) == {0: {"solari": -5, "seat_on_council": 1, "guild": 1, "played": 1,
                                      "agents_left": -1}}
    finish(g)


def test_earl_memnon_thorvald_trigger_only_on_a_new_seat(content):
    g = with_leader(content, "earl_memnon_thorvald")
    g.p(0).seat_on_council = True
    before = snap(g)
    rules_agents.take_seat(g.engine, g.p(0))
    g.engine.drive()
    assert changes(g, before) == {} and g.asked(0) == []


def test_earl_memnon_thorvald_signet(content):
    g = with_leader(content, "earl_memnon_thorvald")
    assert signet_ring(g, 0) == {0: {**SIGNET_PLAYED, "hand": -1, "spice": 1}}
    finish(g)


# ---------------------------------------------------------------------- Paul Atreides
def test_paul_atreides_signet_draws(content):
    g = with_leader(content, "paul_atreides")
    g.p(0).deck = ["dagger"]
    assert signet_ring(g, 0) == {0: {**SIGNET_PLAYED, "deck": -1}}  # the ring leaves the hand, the card comes
    assert g.p(0).hand == ["dagger"]
    finish(g)


def test_paul_atreides_signet_box(content):
    g = with_leader(content, "paul_atreides")
    g.p(0).deck = ["dagger", "diplomacy"]
    before = snap(g)
    g.box(0, "paul_atreides", "signet")
    assert changes(g, before) == {0: {"hand": 1, "deck": -1}}
    finish(g)


def test_paul_atreides_prescience_is_a_modifier_that_changes_no_rule(content):
    assert content.defs["paul_atreides"]["modifiers"] == (("see_top_card",),)
    g = with_leader(content, "paul_atreides")
    g.p(0).hand = ["dagger"]
    g.state.occupied = {"arrakeen": 1}
    assert not legal(g, 0, "dagger", "arrakeen")  # enemy agents still block
    g.p(0).solari = 3
    assert not legal(g, 0, "dagger", "rally_troops")  # costs unchanged
    assert legal(g, 0, "dagger", "hall_of_oratory")


# ---------------------------------------------------------------------- Helena Richese
@pytest.mark.parametrize("space,free", [
    ("hall_of_oratory", True), ("arrakeen", True), ("carthag", True),  # Landsraad and City
    ("secure_contract", False), ("wealth", False),  # other icons
])
def test_helena_richese_enemy_agents_do_not_block_landsraad_and_city(content, space, free):
    g = with_leader(content, "helena_richese")
    g.state.occupied = {space: 2}
    g.p(0).hand = ["signet_ring", "diplomacy"]  # Landsraad, City, Spice Trade; the four factions
    card = "diplomacy" if space == "wealth" else "signet_ring"
    assert legal(g, 0, card, space) is free
    g.state.occupied = {space: 0}
    assert not legal(g, 0, card, space)  # her own agent still blocks


def test_helena_richese_passive_modifiers(content):
    assert content.defs["helena_richese"]["modifiers"] == (("ignore_block", "landsraad"), ("ignore_block", "city"))


def test_helena_richese_agent_at_a_space_an_enemy_holds(content):
    g = with_leader(content, "helena_richese")
    g.state.occupied = {"hall_of_oratory": 3}
    before = snap(g)
    g.agent(0, "dagger", "hall_of_oratory")
    assert changes(g, before) == {0: {"garrison": 1, "supply": -1, "persuasion": 1, "played": 1,
                                      "agents_left": -1}}
    finish(g)


def test_helena_richese_signet_sets_a_row_card_aside(content):
    g = with_leader(content, "helena_richese")
    g.state.imperium_row = ["dr_yueh", "chani", "stilgar", "the_voice", "carryall"]
    g.state.imperium_deck = ["piter_de_vries", "thufir_hawat"]
    assert signet_ring(g, 0, "set aside Chani") == {0: {**SIGNET_PLAYED, "hand": -1}}
    assert g.p(0).manipulated == ["chani"]
    assert g.state.imperium_row == ["dr_yueh", "stilgar", "the_voice", "carryall", "thufir_hawat"]  # refilled
    assert g.asked(0)[1] == ("manipulate", ["set aside Dr. Yueh", "set aside Chani", "set aside Stilgar",
                                            "set aside The Voice", "set aside Carryall"])
    finish(g)


def test_helena_richese_buys_the_card_set_aside_for_one_less(content):
    g = with_leader(content, "helena_richese")
    g.state.imperium_row = ["kwisatz_haderach", "choam_directorship", "lady_jessica", "gurney_halleck", "opulence"]
    g.answer(0, "set aside Lady Jessica")
    g.box(0, "helena_richese", "signet")
    # Only Helena may buy it: another player's buy menu does not have it.
    g.p(1).persuasion = 7
    g.answer(1, "stop buying")
    run_step(g.engine, "buy", seat=g.p(1).seat)
    assert not any("Lady Jessica" in label for label in g.asked(1)[0][1])
    g.p(0).persuasion = 6
    before = snap(g)
    g.answer(0, "buy Lady Jessica (6)", "+1 Influence with Spacing Guild")
    run_step(g.engine, "buy", seat=g.p(0).seat)
    assert changes(g, before) == {0: {"persuasion": -6, "discard": 1, "guild": 1}}
    assert g.p(0).manipulated == [] and g.p(0).discard == ["lady_jessica"]
    assert "buy Lady Jessica (6), set aside for you" in g.asked(0)[-2][1]
    finish(g)


def test_helena_richese_card_set_aside_costs_its_printed_cost_minus_one(content):
    g = with_leader(content, "helena_richese")
    g.state.imperium_row = ["dr_yueh", "chani", "stilgar", "the_voice", "carryall"]
    g.answer(0, "set aside Chani")
    g.box(0, "helena_richese", "signet")
    assert rules_cards.price_of(g.engine, g.p(0), "chani", aside=True) == 4
    g.p(0).persuasion = 3
    g.answer(0, "stop buying")
    run_step(g.engine, "buy", seat=g.p(0).seat)
    assert not any("Chani" in label for label in g.asked(0)[-1][1])  # 4 is more than 3


def test_helena_richese_discount_is_only_for_the_copy_set_aside(content):
    g = with_leader(content, "helena_richese")
    g.state.imperium_row = ["spice_hunter", "spice_hunter", "chani", "stilgar", "dr_yueh"]
    g.answer(0, "set aside Spice Hunter")
    g.box(0, "helena_richese", "signet")
    g.p(0).persuasion = 2
    g.answer(0, "stop buying")
    run_step(g.engine, "buy", seat=g.p(0).seat)
    assert "buy Spice Hunter (2)" in g.asked(0)[-1][1]  # the copy in the Row: full price


def test_helena_richese_card_not_bought_on_her_reveal_turn_leaves_the_game(content):
    # Both independent texts: she may acquire it "during your Reveal turn this round";
    # the printed text removes it from the Row, so unbought it stays removed (decisions.md).
    g = with_leader(content, "helena_richese")
    g.state.imperium_row = ["dr_yueh", "chani", "stilgar", "the_voice", "carryall"]
    g.state.imperium_deck = ["piter_de_vries"]
    g.answer(0, "set aside Chani")
    g.box(0, "helena_richese", "signet")
    g.p(0).hand = ["convincing_argument"]  # 2 Persuasion: Chani costs her 4
    g.answer(0, "stop buying")
    g.reveal(0)
    assert g.p(0).manipulated == [] and g.state.imperium_trash == ["chani"]
    assert "chani" not in g.state.imperium_row
    # The next round's reveal turn no longer offers it.
    g.p(0).revealed_turn = False
    g.p(0).hand = ["convincing_argument", "convincing_argument", "convincing_argument"]
    g.answer(0, "stop buying")
    asked = len(g.asked(0))
    g.reveal(0)
    assert not any("Chani" in lab for _, labels in g.asked(0)[asked:] for lab in labels)
    finish(g)


def test_helena_richese_signet_with_an_empty_row(content):
    g = with_leader(content, "helena_richese")
    g.state.imperium_row = []
    before = snap(g)
    g.box(0, "helena_richese", "signet")
    assert changes(g, before) == {} and g.p(0).manipulated == []
    finish(g)


@pytest.mark.parametrize("seed", range(6))
def test_paul_and_helena_play_complete_games(content, seed):
    from dunec.engine.checks import invariants
    leaders = ["paul_atreides", "helena_richese", "paul_atreides", "helena_richese"]
    st = new_game(content, 4, seed, leaders=leaders)
    e = Engine(content, st, [make("random", seed, i) for i in range(4)])
    e.quiet = True
    e.after_turn = invariants.check
    e.play()
    assert st.finished
