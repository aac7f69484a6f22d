"""House Hagal rival rules (rules 000, "Solo Mode" and "Two Player Games"), each by
a scenario; docs/decisions.md ("House Hagal rivals") lists the readings pinned here."""
from __future__ import annotations

from collections import Counter

import pytest

from dunec.engine.rules import combat, agents as rules_agents, costs as rules_costs, resources as rules_resources
from dunec.engine.rivals import deck as hagal, play as rivals
from dunec.engine.checks import invariants
from dunec.engine.runs import runner
from dunec.engine.loop import turns
from dunec.engine.effects.context import Ctx
from dunec.cardtest import reveal_conflict

from hagal_support import RivalGame
from test_cards_support import changes, deploy, set_influence, snap
from scenario import settle, run_step

P1, P2, P3 = 0, 1, 2


class Dice:
    """Stands in for the game RNG where a test sets the dice."""

    def __init__(self, *values):
        self.values = list(values)

    def below(self, n):
        return self.values.pop(0) - 1

    def shuffle(self, items):
        pass


# ---------------------------------------------------------------------- revealing cards
def test_occupied_spaces_are_skipped_and_the_failed_card_stays_face_up(content):
    g = RivalGame(content, "solo")
    g.state.occupied["conspire"] = P1
    g.stack("hagal_conspire", "hagal_secrets")
    g.rival_turn(P2)
    assert g.state.occupied == {"conspire": P1, "secrets": P2}
    assert g.state.hagal_discard == ["hagal_conspire", "hagal_secrets"]
    assert any("Conspire is taken; next card" in line for line in g.state.log)
    g.finish()


def test_a_space_blocked_against_the_rival_is_skipped(content):
    g = RivalGame(content, "solo")
    g.state.blocked["wealth"] = P1  # The Voice: P1's opponents may not go there
    g.stack("hagal_wealth", "hagal_foldspace")
    g.rival_turn(P2)
    assert g.state.occupied == {"foldspace_space": P2}
    g.finish()


def test_the_rival_ignores_the_space_cost_and_requirement_and_gets_only_the_card(content):
    g = RivalGame(content, "solo")
    rival = g.p(P2)
    assert rival.spice == 0
    g.stack("hagal_heighliner")  # the space costs 6 spice and gives 5 troops and 2 water
    g.rival_turn(P2)
    assert g.state.occupied == {"heighliner": P2}
    assert rival.water == 1 and rival.spice == 0 and rival.conflict == 5
    g.finish()


def test_the_rival_agent_is_placed_and_counted(content):
    g = RivalGame(content, "solo")
    g.stack("hagal_wealth", "hagal_foldspace")
    g.rival_turn(P2)
    assert g.p(P2).agents_left == 1 and not g.p(P2).revealed_turn
    g.rival_turn(P2)
    assert g.p(P2).agents_left == 0 and g.p(P2).revealed_turn  # all agents placed: done this round
    assert g.state.occupied == {"wealth": P2, "foldspace_space": P2}
    g.rival_turn(P2)  # nothing more to do
    assert len(g.state.occupied) == 2
    g.finish()


def test_when_no_card_can_place_the_agent_the_rival_is_done_for_the_round(content):
    g = RivalGame(content, "solo")
    for m in content.of_kind("space"):
        g.state.occupied[m["id"]] = P1
    g.rival_turn(P2)
    assert g.p(P2).agents_left == 2 and g.p(P2).revealed_turn
    assert set(g.state.occupied.values()) == {P1}
    assert any("finds no space it can visit" in line for line in g.state.log)
    g.finish()


def test_an_empty_deck_is_reshuffled_from_the_revealed_cards(content):
    g = RivalGame(content, "solo")
    st = g.state
    st.hagal_discard, st.hagal_deck = st.hagal_deck, []
    g.rival_turn(P2)
    assert len(st.hagal_deck) == 26 and len(st.hagal_discard) >= 1
    assert any("reshuffled (the deck is empty): 27 cards" in line for line in st.log)
    g.finish()


def test_the_deck_runs_out_mid_turn_and_is_reshuffled(content):
    g = RivalGame(content, "solo")
    st = g.state
    # Only Conspire is left in the deck, and its space is taken.
    rest = list(st.hagal_deck)
    rest.remove("hagal_conspire")
    st.hagal_deck, st.hagal_discard = ["hagal_conspire"], rest
    st.occupied["conspire"] = P1
    g.rival_turn(P2)
    assert P2 in st.occupied.values()
    assert Counter(st.hagal_deck) + Counter(st.hagal_discard) == Counter(hagal.cards_for(content, "solo"))
    g.finish()


# ---------------------------------------------------------------------- deployment
def test_combat_card_deploys_the_recruits_and_up_to_two_from_the_garrison(content):
    g = RivalGame(content, "solo")
    g.p(P2).garrison, g.p(P2).supply = 6, 6
    g.stack("hagal_hardy_warriors")  # recruits 2
    g.rival_turn(P2)
    assert g.p(P2).conflict == 4 and g.p(P2).garrison == 4
    g.finish()


def test_combat_card_deploys_from_the_garrison_even_when_it_recruited_nothing(content):
    g = RivalGame(content, "solo")
    g.p(P2).garrison, g.p(P2).supply = 1, 11
    g.stack("hagal_stillsuits")
    g.rival_turn(P2)
    assert g.p(P2).conflict == 1 and g.p(P2).garrison == 0
    g.finish()


def test_a_card_that_is_not_a_combat_card_keeps_its_recruits_in_the_garrison(content):
    g = RivalGame(content, "solo")
    g.stack("hagal_rally_troops")
    g.rival_turn(P2)
    assert g.p(P2).conflict == 0 and g.p(P2).garrison == 7
    g.finish()


# ---------------------------------------------------------------------- the signet ring
@pytest.mark.parametrize("leader,setup,delta", [
    ("count_ilban_richese", {}, {"solari": 1}),
    ("countess_ariana_thorvald", {}, {"water": 1}),
    ("earl_memnon_thorvald", {}, {"spice": 1}),
    ("baron_vladimir_harkonnen", {"solari": 2}, {"solari": -1, "intrigue": 1}),
    ("baron_vladimir_harkonnen", {}, {}),  # cannot pay: nothing
    ("glossu_rabban", {}, {"supply": -1, "conflict": 1}),  # its troop is recruited this turn: deployed
])
def test_signet_ring_icon_uses_the_rival_leaders_signet_ring(content, leader, setup, delta):
    g = RivalGame(content, "solo", rival_leaders=(leader, "count_ilban_richese"))
    rival = g.p(P2)
    for k, v in setup.items():
        setattr(rival, k, v)
    g.stack("hagal_arrakeen_solo")
    before = snap(g)
    g.rival_turn(P2)
    base = {"garrison": -2, "supply": -1, "conflict": 3, "agents_left": -1}
    want = {k: base.get(k, 0) + delta.get(k, 0) for k in set(base) | set(delta)}
    assert changes(g, before) == {P2: {k: v for k, v in want.items() if v}}
    ring = [line for line in g.state.log if "signet ring" in line]
    name = g.engine.defs[leader]["name"]
    if delta:
        assert len(ring) == 1 and ring[0].startswith(f"  P2 (rival {name}) uses {name}'s signet ring: ")
    else:  # it cannot pay: the log does not claim it used the ring
        assert ring == [f"  P2 (rival {name}): {name}'s signet ring has no effect"]
    g.finish()


def test_rabban_signet_gives_two_troops_with_an_alliance(content):
    g = RivalGame(content, "solo", rival_leaders=("glossu_rabban", "count_ilban_richese"))
    set_influence(g, P2, fremen=4)
    g.stack("hagal_arrakeen_solo")
    g.rival_turn(P2)
    assert g.p(P2).conflict == 3 + 2  # 1 + 2 recruited, 2 from the garrison
    g.finish()


def test_leto_signet_pays_spice_for_influence_where_someone_is_ahead(content):
    g = RivalGame(content, "solo", rival_leaders=("duke_leto_atreides", "count_ilban_richese"))
    set_influence(g, P1, emperor=2, fremen=1)
    set_influence(g, P2, emperor=1)
    g.p(P2).spice = 1
    g.stack("hagal_arrakeen_solo")
    g.rival_turn(P2)
    # Behind in Emperor (1 < 2) and Fremen (0 < 1): the lowest is Fremen.
    assert g.p(P2).spice == 0 and g.p(P2).influence == {"emperor": 1, "guild": 0, "bene_gesserit": 0, "fremen": 1}
    g.finish()


@pytest.mark.parametrize("leaders", [("glossu_rabban", "earl_memnon_thorvald"),
                                     ("countess_ariana_thorvald", "count_ilban_richese")])
def test_rivals_use_no_other_leader_ability(content, leaders):
    g = RivalGame(content, "solo", rival_leaders=leaders)
    before = snap(g)
    for r in g.rivals:
        # Rabban's game-start resources, Memnon's High Council influence, Ariana's
        # harvest, Ilban's card for paying a space: none of them for a rival.
        for box in ("game_start", "high_council", "harvest", "space_paid", "once"):
            rules_agents.leader_trigger(g.engine, r, box)
            g.engine.drive()
    assert changes(g, before) == {}
    g.finish()


# ---------------------------------------------------------------------- combat
def test_each_rival_draws_one_card_in_turn_order_and_adds_its_swords(content):
    g = RivalGame(content, "solo")
    deploy(g, P2, 2)
    deploy(g, P3, 1)
    g.state.first_player = P3
    g.stack("hagal_heighliner", "hagal_conspire")  # P3 draws first, then P2
    rivals.combat_draws(g.engine)
    assert g.p(P3).swords == 6 and g.p(P2).swords == 4
    assert turns.strength(g.p(P3)) == 2 + 6 and turns.strength(g.p(P2)) == 4 + 4
    g.finish()


def test_a_rival_with_no_units_draws_no_card(content):
    g = RivalGame(content, "solo")
    deploy(g, P3, 1)
    g.stack("hagal_heighliner", "hagal_conspire")  # P2 (no units) is first in turn order
    rivals.combat_draws(g.engine)
    assert g.state.hagal_discard == ["hagal_heighliner"] and g.top() == ["hagal_conspire"]
    assert g.p(P3).swords == 6 and g.p(P2).swords == 0 and turns.strength(g.p(P2)) == 0
    assert not any(e.startswith("  P2") and "draws" in e for e in g.state.log)
    g.finish()


def test_a_rival_with_no_units_forces_no_reshuffle(content):
    g = RivalGame(content, "solo")
    st = g.state
    st.hagal_discard, st.hagal_deck = st.hagal_discard + st.hagal_deck, []
    revealed = list(st.hagal_discard)
    rivals.combat_draws(g.engine)
    assert st.hagal_deck == [] and st.hagal_discard == revealed
    assert not any("reshuffled" in line for line in st.log)
    g.finish()


def test_rivals_draw_before_people_play_combat_intrigue(content):
    g = RivalGame(content, "solo")
    deploy(g, P1, 1)
    deploy(g, P2, 1)
    g.p(P1).intrigue = ["tiebreaker"]
    seen = []

    class Watch:
        def choose(self, engine, player, kind, labels, hints):
            seen.append((kind, engine.state.players[P2].swords))
            return len(labels) - 1

    g.engine.policies[P1] = Watch()
    g.stack("hagal_conspire")
    g.combat()
    assert seen and seen[0] == ("combat", 4)


def test_rivals_never_play_intrigue_cards(content):
    g = RivalGame(content, "solo")
    deploy(g, P2, 1)
    g.p(P2).intrigue = ["tiebreaker", "ambush"]  # combat intrigue in a rival's hand
    assert turns.intrigue_options(g.engine, g.p(P2), "combat", []) == []
    g.combat()
    assert g.p(P2).intrigue == ["tiebreaker", "ambush"]


def test_solo_rivals_take_first_and_second_rewards(content):
    g = RivalGame(content, "solo")
    reveal_conflict(g.state, "guild_bank_raid")  # 1st: 6 Solari, 2nd: 4 Solari
    deploy(g, P2, 3)
    deploy(g, P3, 2)
    deploy(g, P1, 1)
    g.stack("hagal_wealth", "hagal_hall_of_oratory")  # P2 draws first (first player), then P3
    g.state.first_player = P2
    g.combat()
    assert g.p(P2).solari == 6 and g.p(P3).solari == 4 and g.p(P1).solari == 0
    g.finish()


def test_rivals_never_take_a_third_reward(content):
    g = RivalGame(content, "solo")
    assert rivals.refuses_reward(g.engine, g.p(P2), "third")
    assert not rivals.refuses_reward(g.engine, g.p(P2), "second")
    assert [pl for _, pl in combat.placings(g.state.players, g.state.n_players)] == []
    deploy(g, P1, 3)
    deploy(g, P2, 2)
    deploy(g, P3, 1)
    assert [pl for _, pl in combat.placings(g.state.players, g.state.n_players)] == ["first", "second"]


def test_a_rival_wins_control_and_defends_it_at_round_start(content):
    g = RivalGame(content, "solo")
    reveal_conflict(g.state, "siege_of_arrakeen")
    deploy(g, P2, 2)
    g.combat()
    assert g.state.control == {"arrakeen": P2} and g.p(P2).vp == 1
    g.state.conflict_deck.append("battle_for_arrakeen")
    g.state.round = 2
    settle(g.engine, turns.round_start, g.engine)
    assert g.p(P2).conflict == 1 and g.p(P2).supply == 10  # its defensive troop, from the supply
    g.finish()


def test_a_rival_controller_takes_the_bonus_when_anyone_visits(content):
    g = RivalGame(content, "solo")
    g.state.control["arrakeen"] = P2
    g.answer(P1, "deploy 0")
    g.agent(P1, "dagger", "arrakeen")
    assert g.p(P2).solari == 1
    g.state.control["carthag"] = P3
    g.stack("hagal_carthag")
    g.rival_turn(P2)
    assert g.p(P3).solari == 1
    g.finish()


def test_a_person_controller_takes_the_bonus_when_a_rival_visits(content):
    g = RivalGame(content, "solo")
    g.state.control["imperial_basin"] = P1
    g.state.maker_spice["imperial_basin"] = 1
    g.stack("hagal_harvest_spice")
    g.rival_turn(P2)
    assert g.p(P1).spice == 1 and g.p(P2).spice == 2
    g.finish()


# ---------------------------------------------------------------------- the log
def test_the_log_says_what_a_rival_gained_on_its_turn(content):
    g = RivalGame(content, "solo")
    g.state.maker_spice["hagga_basin"] = 2
    lines = g.turn_log(P2, "hagal_harvest_spice")
    assert lines[0].endswith("reveals House Hagal card Harvest Spice and sends an agent to Hagga Basin")
    assert lines[1] == "    -> +4 spice"
    g.finish()


def test_the_log_says_what_each_part_of_a_signet_turn_gave(content):
    g = RivalGame(content, "solo", rival_leaders=("baron_vladimir_harkonnen", "count_ilban_richese"))
    g.p(P2).solari = 2
    assert g.turn_log(P2, "hagal_arrakeen_solo")[1:3] == [
        "  P2 (rival Baron Vladimir Harkonnen) uses Baron Vladimir Harkonnen's signet ring: -1 Solari, +1 intrigue",
        "    -> -1 Solari, +1 troops in garrison, +1 intrigue"]
    g.finish()


def test_the_log_says_what_a_controller_gains_when_anyone_visits(content):
    g = RivalGame(content, "solo")
    g.state.control["arrakeen"] = P2
    g.answer(P1, "deploy 0")
    n = len(g.state.log)
    g.agent(P1, "dagger", "arrakeen")
    assert "  P2 (rival Count Ilban Richese) takes the Arrakeen control bonus: +1 Solari" in g.log_since(n)
    g.finish()


def test_the_log_shows_no_gain_for_the_two_player_rival(content):
    g = RivalGame(content, "duo")
    g.state.maker_spice["the_great_flat"] = 1
    assert not any(line.startswith("    ->") for line in g.turn_log(2, "hagal_harvest_spice"))
    g.finish()


# ---------------------------------------------------------------------- influence and VP
def test_rivals_score_influence_and_alliances_but_never_the_four_bonus(content):
    g = RivalGame(content, "solo")
    rival = g.p(P2)
    for _ in range(4):
        g.stack("hagal_wealth")
        rival.agents_left, rival.revealed_turn = 1, False
        g.state.occupied.clear()
        g.rival_turn(P2)
    assert rival.influence["emperor"] == 4
    assert rival.vp == 2 and rival.vp_ledger == {"influence": 1, "alliance": 1}
    assert g.state.alliances["emperor"] == P2
    assert rival.garrison == 3 and rival.four_bonus == []  # no +2 troops
    g.finish()


def test_a_rival_picks_the_faction_where_it_has_least(content):
    g = RivalGame(content, "solo")
    set_influence(g, P2, emperor=2, guild=1, bene_gesserit=0, fremen=0)
    rules_resources.gain_influence(g.engine, g.p(P2), "any", 1)
    g.engine.drive()
    assert g.p(P2).influence["bene_gesserit"] == 1  # ties: track order
    reveal_conflict(g.state, "machinations")  # 1st: choose two factions
    deploy(g, P2, 1)
    g.combat()
    assert g.p(P2).influence == {"emperor": 2, "guild": 2, "bene_gesserit": 1, "fremen": 1}
    g.finish()


def test_a_rival_without_a_hand_loses_a_troop_to_test_of_humanity(content):
    g = RivalGame(content, "solo")
    deploy(g, P2, 2)
    g.answer(P1, "card first")
    g.agent(P1, "test_of_humanity", "secrets")
    assert g.p(P2).conflict == 1
    g.finish()


# ---------------------------------------------------------------------- solo trades
@pytest.mark.parametrize("res,n", [("water", 3), ("solari", 7)])
def test_solo_rival_trades_resources_for_a_vp_at_once(content, res, n):
    g = RivalGame(content, "solo")
    rival = g.p(P2)
    setattr(rival, res, n)
    g.stack("hagal_foldspace")
    g.rival_turn(P2)
    assert getattr(rival, res) == 0 and rival.vp_ledger.get("trades") == 1
    assert any(f"trades {n}" in line and "for 1 VP" in line for line in g.state.log)
    g.finish()


def test_solo_rival_trades_three_intrigue_cards(content):
    g = RivalGame(content, "solo")
    rival = g.p(P2)  # Veteran: it starts with 1 intrigue card
    rival.intrigue += [g.state.intrigue_deck.pop(), g.state.intrigue_deck.pop()]
    first = list(rival.intrigue)
    g.stack("hagal_foldspace")
    g.rival_turn(P2)
    assert rival.intrigue == [] and rival.vp == 1 and g.state.intrigue_discard[-3:] == first
    g.finish()


def test_on_a_combat_card_the_rival_trades_first_and_then_deploys(content):
    # The official order (solo): the card's effects, the VP trades, then the troops.
    g = RivalGame(content, "solo")  # P2 is Count Ilban Richese: his signet ring gives 1 Solari
    g.p(P2).solari = 6
    lines = g.turn_log(P2, "hagal_arrakeen_solo")
    trade = next(i for i, line in enumerate(lines) if "trades 7 Solari for 1 VP" in line)
    deploy_ = next(i for i, line in enumerate(lines) if "deploys 3 troops" in line)
    assert trade < deploy_
    assert g.p(P2).solari == 0 and g.p(P2).vp == 1 and g.p(P2).conflict == 3
    g.finish()


def test_trades_happen_on_someone_elses_turn_too(content):
    g = RivalGame(content, "solo")
    g.state.control["arrakeen"] = P2
    g.p(P2).solari = 6
    g.p(P1).hand = ["reconnaissance"]
    g.answer(P1, "Reconnaissance -> Arrakeen", "deploy 0")
    settle(g.engine, turns.take_turn, g.engine, g.p(P1))
    rivals.after_turn(g.engine)
    assert g.p(P2).solari == 0 and g.p(P2).vp == 1
    g.finish()


def test_seven_spice_is_traded_only_during_a_level_three_conflict(content):
    g = RivalGame(content, "solo")
    rival = g.p(P2)
    rival.spice = 8
    reveal_conflict(g.state, "guild_bank_raid")  # level II
    rivals.trade(g.engine, rival)
    assert rival.spice == 8 and rival.vp == 0
    g.state.conflict = None
    g.state.conflict_deck.append("battle_for_carthag")  # level III
    settle(g.engine, turns.round_start, g.engine)  # revealing it lets the rival trade at once
    assert rival.spice == 1 and rival.vp == 1
    g.finish()


def test_solo_rival_trades_after_conflict_rewards(content):
    g = RivalGame(content, "solo")
    reveal_conflict(g.state, "desert_power")  # 1st: 1 VP and 1 water
    g.p(P2).water = 2
    deploy(g, P2, 1)
    g.combat()
    assert g.p(P2).water == 0 and g.p(P2).vp == 2
    g.finish()


# ---------------------------------------------------------------------- Imperium Row churn
def test_churn_trashes_the_rolled_positions(content):
    g = RivalGame(content, "solo")
    st = g.state
    row = list(st.imperium_row)
    nxt = list(reversed(st.imperium_deck[-2:]))
    g.engine.rng = Dice(2, 5)
    rivals.churn(g.engine)
    assert st.imperium_trash == [row[1], row[4]]
    assert st.imperium_row == [row[0], nxt[0], row[2], row[3], nxt[1]]  # refilled in place


def test_churn_a_six_does_nothing_and_a_double_counts_once(content):
    g = RivalGame(content, "solo")
    st = g.state
    row = list(st.imperium_row)
    g.engine.rng = Dice(6, 6)
    rivals.churn(g.engine)
    assert st.imperium_row == row and st.imperium_trash == []
    g.engine.rng = Dice(3, 3)
    rivals.churn(g.engine)
    assert st.imperium_trash == [row[2]] and len(st.imperium_row) == 5
    g.engine.rng = Dice(6, 1)
    rivals.churn(g.engine)
    assert st.imperium_trash == [row[2], row[0]]


def _churns(g) -> int:
    return sum("Imperium Row churn: dice" in line for line in g.state.log)


@pytest.mark.parametrize("mode,churn,after_rival,after_reveals", [
    ("solo", "reveal", 0, 1),  # the official (Rise of Ix) timing: after the person's reveal turn
    ("duo", "reveal", 0, 0),  # ... in solo games only
    ("solo", "rival", 1, 1),  # rules 000 as written: after every rival turn, in both modes
    ("duo", "rival", 1, 1),
    ("solo", "off", 0, 0),
    ("duo", "off", 0, 0)])
def test_when_the_row_churns(content, mode, churn, after_rival, after_reveals):
    g = RivalGame(content, mode)
    g.state.churn = churn
    g.stack("hagal_wealth")
    g.rival_turn(g.rivals[0].seat)
    assert _churns(g) == after_rival
    for p in g.state.players:
        if not p.rival:
            settle(g.engine, turns.reveal_turn, g.engine, p)
    assert _churns(g) == after_reveals
    g.finish()


@pytest.mark.parametrize("churn,per_round", [("reveal", True), ("rival", False)])
def test_a_whole_solo_game_churns_once_a_round_with_the_official_timing(content, churn, per_round):
    kw = {} if churn == "reveal" else {"churn": churn}  # the official timing is the default
    st = runner.play_game(content, 1, 4, ["greedy"], difficulty="expert", **kw)
    lines = sum("Imperium Row churn: dice" in line for line in st.log)
    assert (lines == st.round) is per_round and st.churn == churn
    if per_round:  # the Imperium deck lasts the game
        assert st.imperium_deck and len(st.imperium_row) == 5


def test_an_unknown_churn_is_a_setup_error(content):
    with pytest.raises(rivals.RivalSetupError, match="unknown Imperium Row churn 'often'"):
        rivals.new_game(content, 1, 1, churn="often")


# ---------------------------------------------------------------------- solo setup
@pytest.mark.parametrize("difficulty,garrison,intrigue,mentat,under", [
    ("novice", 0, 0, 2, 5), ("veteran", 3, 1, 5, 4), ("expert", 3, 1, 5, 3)])
def test_solo_setup_by_difficulty(content, difficulty, garrison, intrigue, mentat, under):
    st = rivals.new_solo_game(content, 11, difficulty, leader="paul_atreides")
    human, r1, r2 = st.players
    assert st.mode == "solo" and st.difficulty == difficulty and st.n_players == 3
    assert not human.rival and r1.rival and r2.rival
    for r in (r1, r2):
        assert r.garrison == garrison and r.supply == 12 - garrison and len(r.intrigue) == intrigue
        assert r.water == 1 and r.solari == 0 and r.spice == 0 and r.vp == 0
        assert r.agents == 2 and r.deck == [] and r.hand == [] and r.influence == dict.fromkeys(r.influence, 0)
    novice = difficulty == "novice"
    assert (human.solari, human.spice, human.water, human.garrison) == (int(novice), int(novice), 1, 3)
    assert len(human.deck) == 10
    assert st.rival_agent_cards == under
    costs = turns.space_costs(_Engine(content, st), human, content.defs["mentat_space"])
    assert costs == (("res", "solari", mentat),)
    assert st.first_player == 1  # the rival to your left
    assert Counter(st.hagal_deck) == Counter(hagal.cards_for(content, "solo"))


class _Engine:
    def __init__(self, content, st):
        self.content, self.defs, self.state = content, content.defs, st


def test_solo_rival_leaders_come_from_the_rules_list(content):
    for seed in range(30):
        st = rivals.new_solo_game(content, seed)
        human, r1, r2 = (p.leader for p in st.players)
        assert r1 != r2 and {r1, r2} <= set(rivals.rival_leader_pool(content)) and human not in (r1, r2)


def test_above_novice_the_mentat_costs_five_solari(content):
    g = RivalGame(content, "solo", difficulty="veteran")
    g.p(P1).hand = ["dagger"]
    g.p(P1).solari = 4
    assert ("place", "dagger", "mentat_space") not in turns.agent_options(g.engine, g.p(P1))
    g.p(P1).solari = 5
    g.agent(P1, "dagger", "mentat_space")
    assert g.p(P1).solari == 0 and g.p(P1).has_mentat
    g.finish()


@pytest.mark.parametrize("difficulty,round_", [("novice", 5), ("veteran", 4), ("expert", 3)])
def test_third_rival_agent_joins_when_its_conflict_card_is_revealed(content, difficulty, round_):
    g = RivalGame(content, "solo", difficulty=difficulty)
    for r in range(1, 7):
        g.state.round = r
        settle(g.engine, turns.round_start, g.engine)
        want = 3 if r >= round_ else 2
        assert [p.agents for p in g.rivals] == [want, want], r
        assert g.p(P1).agents == 2
    g.finish()


def test_first_player_marker_cycles_through_all_three(content):
    g = RivalGame(content, "solo")
    seen = [g.state.first_player]
    for _ in range(3):
        turns.recall(g.engine)
        seen.append(g.state.first_player)
    assert seen == [P2, P3, P1, P2]


def test_rivals_take_agent_turns_in_turn_order_until_their_agents_are_placed(content):
    g = RivalGame(content, "solo")
    g.p(P1).hand = ["dagger", "dagger", "diplomacy"]
    g.engine.policies[P1] = _First()
    run_step(g.engine, "player_turns", order=None, i=0)
    names = actors(g.state.log)
    assert names[:3] == ["P2", "P3", "P1"]
    for r in g.rivals:
        assert r.agents_left == 0 and r.revealed_turn and r.hand == [] and r.played == []
    assert sum(seat == P2 for seat in g.state.occupied.values()) == 2
    assert sum(seat == P3 for seat in g.state.occupied.values()) == 2
    assert not any("P2 (rival Count Ilban Richese) reveals Dagger" in line for line in g.state.log)
    g.finish()


def actors(log) -> list[str]:
    """Who took each turn: an agent sent (by a card or a House Hagal card), or a person's reveal."""
    out = []
    for line in log:
        if "sends an agent" in line or (" reveals " in line and "(House Hagal)" not in line and "(rival" not in line):
            out.append(line.split()[0])
    return out


class _First:
    def choose(self, engine, player, kind, labels, hints):
        return 0


def test_a_rival_with_the_mentat_takes_an_extra_turn(content):
    g = RivalGame(content, "solo")
    reveal_conflict(g.state, "sort_through_the_chaos")
    deploy(g, P2, 1)
    g.combat()
    turns.recall(g.engine)
    assert g.p(P2).has_mentat and g.p(P2).agents_left == 3


# ---------------------------------------------------------------------- two players
def test_duo_setup(content):
    st = rivals.new_duo_game(content, 5)
    a, b, h = st.players
    assert st.mode == "duo" and not a.rival and not b.rival and h.rival and h.leader == ""
    assert h.agents == 3 and h.garrison == 0 and h.supply == 12 and h.water == 0
    assert a.agents == 2 and a.garrison == 3 and len(a.deck) == 10
    assert st.first_player in (0, 1)
    assert Counter(st.hagal_deck) == Counter(hagal.cards_for(content, "duo"))


def test_duo_rival_acts_right_after_the_first_player(content):
    g = RivalGame(content, "duo")
    g.state.first_player = 1
    assert [p.seat for p in g.engine.order()] == [1, 2, 0]
    g.state.first_player = 0
    assert [p.seat for p in g.engine.order()] == [0, 2, 1]


@pytest.mark.parametrize("first_agents,turns_", [(2, 2), (3, 3)])
def test_duo_rival_takes_a_turn_after_each_turn_of_the_first_player_until_they_reveal(content, first_agents,
                                                                                       turns_):
    g = RivalGame(content, "duo")
    g.state.first_player = 0
    first = g.p(0)
    first.agents = first.agents_left = first_agents
    for seat in (0, 1):
        g.p(seat).hand = ["dagger", "dagger", "diplomacy", "reconnaissance", "convincing_argument"]
    g.engine.policies[0] = g.engine.policies[1] = _AgentsThenReveal()
    run_step(g.engine, "player_turns", order=None, i=0)
    hagal_turns = [line for line in g.state.log if "P3 (House Hagal) reveals House Hagal card" in line]
    assert len(hagal_turns) == turns_
    # Every House Hagal turn comes right after one of P1's turns.
    who = actors(g.state.log)
    assert who.count("P3") == turns_
    for i, seat in enumerate(who):
        if seat == "P3":
            assert who[i - 1] == "P1"
    g.finish()


class _AgentsThenReveal:
    def choose(self, engine, player, kind, labels, hints):
        if kind == "turn":
            return 0 if player.agents_left > 0 else len(labels) - 1
        return 0


def test_duo_first_player_marker_passes_between_the_people_only(content):
    g = RivalGame(content, "duo")
    g.state.first_player = 0
    seen = []
    for _ in range(4):
        turns.recall(g.engine)
        seen.append(g.state.first_player)
    assert seen == [1, 0, 1, 0]


def test_duo_rival_gains_no_vp_or_rewards_but_influence_and_alliances(content):
    g = RivalGame(content, "duo")
    h = g.p(2)
    set_influence(g, 0, guild=4)
    assert g.state.alliances["guild"] == 0
    set_influence(g, 2, guild=5)
    assert h.influence["guild"] == 5 and g.state.alliances["guild"] == 2  # taken from P1
    assert h.vp == 0 and h.vp_ledger == {} and g.p(0).vp_ledger.get("alliance", 0) == 0
    rules_resources.gain(g.engine, h, "solari", 3)
    g.engine.drive()
    rules_resources.gain(g.engine, h, "intrigue", 1)
    g.engine.drive()
    rules_resources.add_vp(g.engine, h, "cards", 1)
    assert (h.solari, h.intrigue, h.vp) == (0, [], 0)
    g.finish()


def test_duo_rival_winning_takes_no_reward_and_the_second_place_still_does(content):
    g = RivalGame(content, "duo")
    reveal_conflict(g.state, "guild_bank_raid")
    deploy(g, 2, 3)
    deploy(g, 0, 1)
    before = snap(g)
    g.stack("hagal_hall_of_oratory")
    g.combat()
    assert changes(g, before) == {0: {"solari": 4, "conflict": -1, "supply": 1},
                                  2: {"conflict": -3, "supply": 3}}
    g.finish()


def test_duo_rival_winning_a_location_removes_a_persons_control_marker(content):
    g = RivalGame(content, "duo")
    g.state.control = {"arrakeen": 0, "carthag": 1}
    reveal_conflict(g.state, "siege_of_arrakeen")
    deploy(g, 2, 2)
    g.stack("hagal_hall_of_oratory")
    g.combat()
    assert g.state.control == {"carthag": 1}
    assert any("control marker is removed" in line for line in g.state.log)
    g.finish()


def test_duo_rival_tied_for_first_removes_nothing(content):
    g = RivalGame(content, "duo")
    g.state.control = {"arrakeen": 0}
    reveal_conflict(g.state, "siege_of_arrakeen")
    deploy(g, 2, 1)
    deploy(g, 1, 1)
    g.stack("hagal_hall_of_oratory")
    g.combat()
    assert g.state.control == {"arrakeen": 0}
    g.finish()


def test_duo_rival_is_not_ranked(content):
    g = RivalGame(content, "duo")
    run_step(g.engine, "endgame")
    assert sorted(s["seat"] for s in g.state.standings) == [0, 1]


# ---------------------------------------------------------------------- invariants
def test_the_invariants_catch_a_broken_rival(content):
    g = RivalGame(content, "duo")
    invariants.check(g.engine)
    g.state.hagal_deck.pop()
    with pytest.raises(invariants.InvariantError, match="House Hagal cards"):
        invariants.check(g.engine)
    g = RivalGame(content, "duo")
    g.p(2).solari = 1
    with pytest.raises(invariants.InvariantError, match="two-player rival"):
        invariants.check(g.engine)
    g = RivalGame(content, "solo")
    g.p(P2).four_bonus = ["emperor"]
    with pytest.raises(invariants.InvariantError, match="4-influence bonus"):
        invariants.check(g.engine)
    g = RivalGame(content, "solo")
    g.p(P2).hand = ["dagger"]
    with pytest.raises(invariants.InvariantError, match="Imperium cards"):
        invariants.check(g.engine)


def test_a_rival_decision_is_not_recorded(content):
    g = RivalGame(content, "solo")
    ctx = Ctx(g.engine, g.p(P2), box="first")
    ctx.influence("any", 1)
    assert g.state.decisions == []


def test_rivals_play_no_endgame_intrigue_and_a_rival_at_ten_vp_ends_the_game(content):
    g = RivalGame(content, "solo")
    g.p(P2).intrigue = ["tiebreaker"]  # endgame: 10 spice
    rules_resources.add_vp(g.engine, g.p(P2), "cards", 10)
    assert not turns.recall(g.engine) and g.state.finished
    run_step(g.engine, "endgame")
    assert g.p(P2).intrigue == ["tiebreaker"] and g.p(P2).spice == 0
    assert g.state.standings[0]["seat"] == P2 and g.state.standings[0]["rival"]


def test_the_players_condition_counts_the_three_seats(content):
    for mode in ("solo", "duo"):
        g = RivalGame(content, mode)
        assert rules_costs.quantity(g.engine, Ctx(g.engine, g.p(0)), ("players",)) == 3
