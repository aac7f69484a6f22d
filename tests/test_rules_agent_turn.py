"""Rules: Player Turns and Agent turns (rules 001 "Each round has five phases",
"On an Agent turn ...", "Combat spaces ...", "Winning a Conflict ... Control marker")."""
from __future__ import annotations

from scenario import Scenario, settle, run_step

from dunec.engine.loop import turns

PLAIN = "glossu_rabban"  # a leader with no passive rule modifiers or triggers inside a turn


def _game(content, n=3):
    return Scenario(content, players=n, leaders=[PLAIN] * n)


def _spaces(g, seat, hand):
    p = g.p(seat)
    p.hand = list(hand)
    return {space for _, _, space in turns.agent_options(g.engine, p)}


def _labels(g, seat, kind):
    return [labels for k, labels in g.asked(seat) if k == kind]


# ---------------------------------------------------------------------- where an agent may go
def test_agent_goes_only_to_a_space_whose_icon_is_on_the_card(content):
    g = _game(content)
    p = g.p(0)
    p.water, p.influence["fremen"] = 2, 2
    assert _spaces(g, 0, ["reconnaissance"]) == {"arrakeen", "carthag", "research_station", "sietch_tabr"}
    p.water = 0
    assert _spaces(g, 0, ["dune_the_desert_planet"]) == {"imperial_basin", "secure_contract"}
    assert _spaces(g, 0, ["diplomacy"]) == {"wealth", "foldspace_space", "secrets", "stillsuits"}


def test_cards_without_agent_icons_cannot_be_played_on_an_agent_turn(content):
    g = _game(content)
    p = g.p(0)
    p.solari = p.spice = p.water = 20
    assert _spaces(g, 0, ["convincing_argument", "assassination_mission"]) == set()
    # With only icon-less cards in hand the only possible turn is the Reveal turn (no question asked).
    p.hand = ["convincing_argument"]
    g.answer(0, "stop buying")  # 2 Persuasion could buy an Arrakis Liaison
    settle(g.engine, turns.take_turn, g.engine, p)
    assert p.revealed_turn and p.agents_left == 2 and g.state.occupied == {}
    g.done()


def test_occupied_spaces_are_blocked_for_everyone_including_their_owner(content):
    g = _game(content)
    g.state.occupied = {"arrakeen": 1, "carthag": 0}
    assert _spaces(g, 0, ["reconnaissance"]) == set()
    assert _spaces(g, 2, ["reconnaissance"]) == set()


def test_space_cost_must_be_payable(content):
    g = _game(content)
    p = g.p(0)
    p.solari = 1
    assert "mentat_space" not in _spaces(g, 0, ["dagger"])
    p.solari = 2
    assert "mentat_space" in _spaces(g, 0, ["dagger"])
    p.spice = 5
    assert "heighliner" not in _spaces(g, 0, ["diplomacy"])
    p.spice = 6
    assert "heighliner" in _spaces(g, 0, ["diplomacy"])
    p.water = 1
    assert "hardy_warriors" in _spaces(g, 0, ["diplomacy"])
    p.water = 0
    assert "hardy_warriors" not in _spaces(g, 0, ["diplomacy"])


def test_space_cost_is_paid_before_anything_resolves(content):
    # Research Station costs 2 water. Duncan Idaho's agent box offers "pay 1 water -> 1 troop
    # and draw 1". With exactly 2 water the space's cost is paid first, so even resolving the
    # card first Duncan's payment can no longer be offered.
    g = _game(content)
    p = g.p(0)
    p.water = 2
    p.deck = ["dagger"] * 4
    g.answer(0, "card first", "deploy 0")
    g.agent(0, "duncan_idaho", "research_station")
    assert p.water == 0
    assert len(p.hand) == 3  # the space's 3 cards only
    assert not _labels(g, 0, "pay")
    assert p.recruited == 0
    assert _labels(g, 0, "deploy") == [["deploy 0", "deploy 1", "deploy 2"]]  # nothing recruited
    g.done()


def test_space_cost_paid_first_still_leaves_enough_for_the_card(content):
    g = _game(content)
    p = g.p(0)
    p.water = 3
    p.deck = ["dagger"] * 5
    g.answer(0, "card first", 0, "deploy 0")  # 0 = yes, pay 1 water
    g.agent(0, "duncan_idaho", "research_station")
    assert p.water == 0
    assert len(p.hand) == 4  # 1 from Duncan, 3 from the space
    assert p.garrison == 4
    g.done()


def test_faction_space_moves_influence_up_one(content):
    g = _game(content)
    p = g.p(0)
    g.agent(0, "diplomacy", "wealth")
    assert p.influence["emperor"] == 1 and p.solari == 2
    g.agent(0, "diplomacy", "foldspace_space")
    assert p.influence["guild"] == 1
    assert "foldspace" in p.discard
    # Non-faction spaces move nothing.
    g.agent(0, "dagger", "hall_of_oratory")
    assert p.influence == {"emperor": 1, "guild": 1, "bene_gesserit": 0, "fremen": 0}
    g.done()


def test_sietch_tabr_needs_two_fremen_influence(content):
    g = _game(content)
    p = g.p(0)
    p.influence["fremen"] = 1
    assert "sietch_tabr" not in _spaces(g, 0, ["reconnaissance"])
    p.influence["fremen"] = 2
    assert "sietch_tabr" in _spaces(g, 0, ["reconnaissance"])


def test_high_council_seat_is_taken_once(content):
    g = _game(content)
    p = g.p(0)
    p.solari = 20
    assert "high_council_space" in _spaces(g, 0, ["dagger"])
    g.agent(0, "dagger", "high_council_space")
    assert p.seat_on_council and p.solari == 15
    g.state.occupied = {}
    assert "high_council_space" not in _spaces(g, 0, ["dagger"])
    # Other players still may (it is a seat per player, not a single space taken once per game).
    g.p(1).solari = 5
    assert "high_council_space" in _spaces(g, 1, ["dagger"])


def test_swordmaster_is_a_third_agent_usable_this_round_and_taken_once(content):
    g = _game(content)
    p = g.p(0)
    p.solari = 20
    g.agent(0, "dagger", "swordmaster_space")
    assert p.solari == 12
    assert p.swordmaster and p.agents == 3
    assert p.agents_left == 2  # 2 - 1 placed + the Swordmaster
    g.state.occupied = {}
    assert "swordmaster_space" not in _spaces(g, 0, ["dagger"])
    turns.recall(g.engine)
    assert p.agents == 3 and p.agents_left == 3


def test_mentat_is_an_extra_agent_this_round_and_returns_at_recall(content):
    g = _game(content)
    p = g.p(0)
    p.solari = 2
    p.deck = ["reconnaissance"]
    g.agent(0, "dagger", "mentat_space")
    assert p.solari == 0
    assert p.has_mentat and not g.state.mentat_on_board
    assert p.agents_left == 2  # 2 - 1 placed + the Mentat
    assert p.hand == ["reconnaissance"]  # the Mentat space also draws a card
    g.agent(0, "dagger", "hall_of_oratory")
    g.agent(0, "diplomacy", "wealth")
    assert p.agents_left == 0
    turns.recall(g.engine)
    assert not p.has_mentat and g.state.mentat_on_board
    assert p.agents == 2 and p.agents_left == 2
    g.done()


# ---------------------------------------------------------------------- deploying troops
def test_combat_space_deploys_troops_recruited_this_turn_plus_up_to_two_from_garrison(content):
    g = _game(content)
    p = g.p(0)
    p.garrison, p.supply = 6, 6
    g.answer(0, "space first", "deploy 4")
    g.agent(0, "arrakis_recruiter", "arrakeen")  # 1 troop from the space, 1 from the card
    assert _labels(g, 0, "deploy") == [[f"deploy {i}" for i in range(5)]]
    assert p.conflict == 4 and p.garrison == 4 and p.supply == 4
    g.done()


def test_deploying_is_optional_and_partial(content):
    g = _game(content)
    p = g.p(0)
    g.answer(0, "space first", "deploy 1")
    g.agent(0, "arrakis_recruiter", "arrakeen")
    assert p.conflict == 1 and p.garrison == 4
    g.done()


def test_combat_space_without_recruiting_still_allows_two_from_garrison(content):
    g = _game(content)
    p = g.p(0)
    g.answer(0, "deploy 2")
    g.agent(0, "diplomacy", "stillsuits")
    assert _labels(g, 0, "deploy") == [["deploy 0", "deploy 1", "deploy 2"]]
    assert p.conflict == 2 and p.garrison == 1
    g.done()


def test_deploy_is_limited_by_the_garrison(content):
    g = _game(content)
    p = g.p(0)
    p.garrison, p.supply = 1, 11
    g.answer(0, "deploy 1")
    g.agent(0, "diplomacy", "stillsuits")
    assert _labels(g, 0, "deploy") == [["deploy 0", "deploy 1"]]
    g.done()


def test_troops_recruited_on_an_earlier_turn_count_against_the_garrison_limit(content):
    g = _game(content)
    p = g.p(0)
    p.solari = 4
    p.hand = ["dagger", "diplomacy"]
    g.answer(0, "Dagger -> Rally Troops")
    g.turn(0)  # not a combat space: no deploy question at all
    assert p.garrison == 7 and p.conflict == 0
    assert not _labels(g, 0, "deploy")
    g.answer(0, "Diplomacy -> Stillsuits", "deploy 2")
    g.turn(0)  # next turn: only 2 of the 7
    assert _labels(g, 0, "deploy") == [["deploy 0", "deploy 1", "deploy 2"]]
    assert p.conflict == 2
    g.done()


def test_troops_a_plot_recruited_earlier_in_the_turn_may_be_deployed(content):
    # Rules 000: "You may deploy any combat units recruited during your current turn". A
    # plot played at the start of the turn recruits 3 (Reinforcements, not on a reveal
    # turn: they stay in the garrison); the agent then goes to a combat space, where
    # those 3 and up to 2 more from the garrison may go to the Conflict.
    g = _game(content)
    p = g.p(0)
    p.solari, p.garrison, p.supply = 3, 3, 9
    p.hand = ["diplomacy"]
    p.intrigue = ["reinforcements"]
    g.answer(0, "play Reinforcements", "Diplomacy -> Stillsuits", "deploy 5")
    g.turn(0)
    assert p.recruited == 0  # the count ends with the turn
    assert _labels(g, 0, "deploy") == [[f"deploy {i}" for i in range(6)]]
    assert p.conflict == 5 and p.garrison == 1 and p.supply == 6
    g.done()


def test_no_deploying_from_a_non_combat_space(content):
    g = _game(content)
    p = g.p(0)
    p.spice = 4
    g.agent(0, "diplomacy", "conspire")  # recruits 2 troops, but not a combat space
    assert p.garrison == 5 and p.conflict == 0 and p.spice == 0 and p.solari == 5
    assert not _labels(g, 0, "deploy")
    g.done()


# ---------------------------------------------------------------------- the card
def test_agent_box_resolves_and_reveal_box_is_ignored(content):
    g = _game(content)
    p = g.p(0)
    g.answer(0, "card first", "deploy 0")
    g.agent(0, "arrakis_recruiter", "carthag")
    assert p.played == ["arrakis_recruiter"] and p.hand == []
    assert p.garrison == 5  # 1 from Carthag, 1 from the card's agent box
    assert len(p.intrigue) == 1
    assert p.persuasion == 0 and p.swords == 0  # its Reveal box (1 persuasion, 1 sword) is ignored
    assert p.agents_left == 1 and g.state.occupied == {"carthag": 0}
    g.done()


def test_space_and_card_effects_in_either_order(content):
    g = _game(content)
    g.answer(0, "space first", "deploy 0")
    g.agent(0, "arrakis_recruiter", "carthag")
    assert _labels(g, 0, "order") == [["space first", "card first"]]


def test_reveal_may_be_taken_early(content):
    g = _game(content)
    p = g.p(0)
    p.hand = ["dagger"]
    g.answer(0, "reveal")
    settle(g.engine, turns.take_turn, g.engine, p)
    labels = _labels(g, 0, "turn")[0]
    assert labels[-1] == "reveal" and any(" -> " in lab for lab in labels)
    assert p.revealed_turn and p.agents_left == 2
    assert p.discard == ["dagger"] and p.swords == 1
    g.done()


# ---------------------------------------------------------------------- control bonus
def test_control_bonus_goes_to_the_controller_when_anyone_visits(content):
    g = _game(content)
    g.state.control = {"arrakeen": 1, "carthag": 2, "imperial_basin": 0}
    g.answer(0, "deploy 0")
    g.agent(0, "reconnaissance", "arrakeen")
    assert g.p(1).solari == 1 and g.p(0).solari == 0
    g.answer(0, "deploy 0")
    g.agent(0, "dagger", "carthag")
    assert g.p(2).solari == 1 and g.p(0).solari == 0
    g.answer(1, "deploy 0")
    g.agent(1, "dune_the_desert_planet", "imperial_basin")
    assert g.p(0).spice == 1 and g.p(1).spice == 1  # control bonus to P1, space's spice to P2
    g.done()


def test_control_bonus_is_paid_to_yourself(content):
    g = _game(content)
    g.state.control = {"arrakeen": 0}
    g.answer(0, "deploy 0")
    g.agent(0, "reconnaissance", "arrakeen")
    assert g.p(0).solari == 1
    g.done()


def test_no_control_bonus_for_uncontrolled_spaces(content):
    g = _game(content)
    g.answer(0, "deploy 0")
    g.agent(0, "reconnaissance", "arrakeen")
    assert [p.solari for p in g.state.players] == [0, 0, 0]
    g.done()


# ---------------------------------------------------------------------- the turn loop
def test_turns_go_clockwise_one_at_a_time_and_revealed_players_are_skipped(content):
    g = _game(content)
    st = g.state
    st.first_player = 1
    st.imperium_row = ["gun_thopter", "opulence", "chani", "liet_kynes", "worm_riders"]  # nothing costs 1
    p0, p1, p2 = g.p(0), g.p(1), g.p(2)
    p0.hand = ["reconnaissance"]
    p1.hand = []  # nothing to play: P2 must reveal at once
    p2.hand = ["dagger", "dagger"]
    p2.solari = 4
    g.answer(2, "Dagger -> Hall of Oratory", "Dagger -> Rally Troops")
    g.answer(0, "Reconnaissance -> Arrakeen", "deploy 0")
    st.log.clear()
    run_step(g.engine, "player_turns", order=None, i=0)
    seq = [(line.split()[0], "reveal" if " reveals " in line else "agent")
           for line in st.log if " reveals " in line or "sends an agent" in line]
    assert seq == [("P2", "reveal"), ("P3", "agent"), ("P1", "agent"), ("P3", "agent"),
                   ("P1", "reveal"), ("P3", "reveal")], st.log
    assert all(p.revealed_turn for p in st.players)
    g.done()
