"""House Hagal rivals on Uprising's board (the rakis rival deck of HAGAL.md 4;
docs/decisions.md, "Uprising House Hagal rivals"): the deck per mode, the rival
leaders, what a rival gets from each card (scenarios on both back-ends), and whole
seeded solo (each difficulty) and two-player games with the invariants checked after
every decision."""
from __future__ import annotations

from collections import Counter

import pytest

from dunec.engine.checks import invariants
from dunec.engine.loop import setup
from dunec.engine.rivals import deck as hagal
from dunec.engine.rivals import play as rivals
from dunec.engine.runs.runner import for_sets, play_game, replay
from dunec.cardtest import reveal_conflict

from hagal_support import RivalGame
from soak_support import soak_game
from test_cards_support import changes, set_influence, snap

P1, P2, P3 = 0, 1, 2
RIVALS = ("uprising_gurney_halleck", "lady_margot_fenring")
PEOPLE = ("muad_dib", "lady_amber_metulli")
LEVEL_1, LEVEL_3 = "skirmish_crysknife", "propaganda"
# HAGAL.md 4: the cards and their copies in both modes (the two Accept Contract /
# Shipping cards are one card twice here); the Reshuffle card with two players only.
DECK = {
    "hagal_place_spy_yellow": 1, "hagal_place_spy_blue": 1, "hagal_place_spy_green": 1,
    "hagal_sardaukar": 2, "hagal_dutiful_service": 1, "hagal_heighliner_up": 1,
    "hagal_deliver_supplies_or_heighliner": 2, "hagal_espionage": 2, "hagal_secrets_up": 1,
    "hagal_desert_tactics": 2, "hagal_fremkit": 2, "hagal_assembly_hall": 1, "hagal_gather_support_1": 1,
    "hagal_gather_support_2": 1, "hagal_accept_contract_or_shipping": 2, "hagal_research_station_up": 2,
    "hagal_spice_refinery": 3, "hagal_arrakeen_up": 2, "hagal_sietch_tabr": 3,
    "hagal_hagga_or_imperial_basin": 4, "hagal_deep_desert": 2,
}
SWORDS = {  # HagalCard.lua (rakis) cardStrengths
    "hagal_place_spy_yellow": 2, "hagal_sardaukar": 4, "hagal_dutiful_service": 2, "hagal_heighliner_up": 5,
    "hagal_deliver_supplies_or_heighliner": 1, "hagal_espionage": 2, "hagal_secrets_up": 1,
    "hagal_desert_tactics": 3, "hagal_fremkit": 1, "hagal_assembly_hall": 0, "hagal_gather_support_1": 0,
    "hagal_gather_support_2": 2, "hagal_accept_contract_or_shipping": 2, "hagal_research_station_up": 2,
    "hagal_spice_refinery": 1, "hagal_arrakeen_up": 1, "hagal_sietch_tabr": 3,
    "hagal_hagga_or_imperial_basin": 2, "hagal_deep_desert": 2,
}


@pytest.fixture
def up(content):
    return content.select(("uprising",))


def game(content, mode: str = "solo", conflict: str = LEVEL_1) -> RivalGame:
    g = RivalGame(content, mode, leader=PEOPLE[0], rival_leaders=RIVALS, leaders=PEOPLE, clear=False)
    setup.give_sets(content, g.state)  # as runner.new_state does
    for p in g.state.players:
        p.deck, p.hand = [], []
    reveal_conflict(g.state, conflict)
    return g


def spies_on(p) -> list:
    return list(p.pieces["spies"]["on"])


# ------------------------------------------------------------------ the deck and the leaders
def test_the_solo_deck_has_37_cards_and_the_two_player_deck_adds_the_reshuffle_card(up):
    assert Counter(hagal.cards_for(up, "solo")) == Counter(DECK)
    assert sum(DECK.values()) == 37
    assert Counter(hagal.cards_for(up, "duo")) == Counter(DECK) + Counter({"hagal_reshuffle_up": 1})


def test_the_swords_are_the_reference_deck_s(up):
    for card, swords in SWORDS.items():
        assert up.defs[card]["swords"] == swords, card


def test_no_base_house_hagal_card_reaches_an_uprising_game(up):
    assert all(up.defs[c]["set"] == "uprising" for c in hagal.cards_for(up, "duo"))


def test_the_rival_leaders_are_those_whose_signet_ring_a_rival_can_use(up):
    """Muad'Dib's ring draws a card and Princess Irulan's acquires or trashes one, which
    a rival (with no deck) cannot use; Feyd-Rautha's and Lady Jessica's feed abilities
    a rival never uses: left out, as the base game leaves Paul Atreides out."""
    assert rivals.rival_leader_pool(up) == ["lady_amber_metulli", "uprising_gurney_halleck", "lady_margot_fenring",
                                            "staban_tuek"]


@pytest.mark.parametrize("humans", [1, 2])
def test_a_person_s_leader_that_removes_a_starting_card_does_so_against_rivals(up, humans):
    leaders = ["staban_tuek", "muad_dib"]
    if humans == 1:
        st = rivals.new_solo_game(up, 5, leader="staban_tuek", rival_leaders=list(RIVALS))
    else:
        st = rivals.new_duo_game(up, 5, leaders=leaders)
    staban = st.players[0]
    assert "diplomacy" not in staban.deck and staban.trashed == ["diplomacy"]
    assert len(staban.deck) == 9
    if humans == 2:
        assert st.players[1].deck.count("diplomacy") == 1


def test_staban_tuek_as_a_rival_places_a_spy_with_his_ring(up):
    g = RivalGame(up, "solo", leader=PEOPLE[0], rival_leaders=("staban_tuek", RIVALS[0]), clear=False)
    setup.give_sets(up, g.state)
    reveal_conflict(g.state, LEVEL_1)
    g.stack("hagal_spice_refinery")
    g.rival_turn(P2)
    assert len(spies_on(g.p(P2))) == 1
    g.finish()


@pytest.mark.parametrize("humans", [1, 2])
def test_each_seat_keeps_its_objective_and_the_first_player_holds_the_marker(up, humans):
    """Rivals hold the objective cards their seats were dealt; the First Player marker
    goes to the seat the rival rules start with (solo: the rival to your left)."""
    for seed in range(12):
        st = rivals.new_game(up, humans, seed)
        held = [c for p in st.players for c, _up in p.objectives]
        assert len(held) == len(set(held)) == 3
        marked = [p.seat for p in st.players for c, _up in p.objectives if up.defs[c].get("first_player")]
        assert marked == [st.first_player]
        assert st.first_player == 1 if humans == 1 else st.first_player in (0, 1)


# ------------------------------------------------------------------ spies
def test_a_place_spy_card_puts_a_spy_on_its_first_post_and_the_rival_reveals_again(up):
    g = game(up)
    rival = g.p(P2)
    g.stack("hagal_place_spy_yellow", "hagal_sardaukar")
    g.rival_turn(P2)
    assert spies_on(rival) == ["post_choam"]
    assert g.state.occupied == {"sardaukar": P2}  # the next card placed the agent
    assert rival.influence["emperor"] == 1
    g.finish()


def test_a_taken_post_sends_the_spy_to_the_next_one_in_the_card_s_order(up):
    g = game(up)
    g.p(P1).pieces["spies"]["on"].append("post_choam")
    g.p(P1).pieces["spies"]["supply"] -= 1
    g.stack("hagal_place_spy_yellow", "hagal_sardaukar")
    g.rival_turn(P2)
    assert spies_on(g.p(P2)) == ["post_imperial_basin"]
    g.stack("hagal_place_spy_blue", "hagal_dutiful_service")
    g.rival_turn(P3)
    assert spies_on(g.p(P3)) == ["post_arrakeen_refinery"]
    g.finish()


def test_the_green_spy_takes_the_assembly_hall_post_first(up):
    g = game(up)
    g.stack("hagal_place_spy_green", "hagal_sardaukar")
    g.rival_turn(P2)
    assert spies_on(g.p(P2)) == ["post_landsraad_hall"]
    g.finish()


def test_espionage_gives_bene_gesserit_influence_and_a_spy_where_it_has_least_influence(up):
    g = game(up)
    before = snap(g)
    g.stack("hagal_espionage")
    g.rival_turn(P2)
    assert g.state.occupied == {"espionage": P2}
    assert spies_on(g.p(P2)) == ["post_emperor"]  # a tie at 0: the first post offered
    assert changes(g, before) == {P2: {"bene_gesserit": 1, "agents_left": -1}}
    g.finish()
    g = game(up)
    set_influence(g, P2, emperor=1, guild=1)
    g.stack("hagal_espionage")
    g.rival_turn(P2)
    assert spies_on(g.p(P2)) == ["post_fremen"]
    g.finish()


# ------------------------------------------------------------------ the Guild and the Emperor
def test_sardaukar_recruits_to_the_garrison(up):
    g = game(up)
    before = snap(g)
    g.stack("hagal_sardaukar")
    g.rival_turn(P2)
    assert changes(g, before) == {P2: {"emperor": 1, "supply": -2, "garrison": 2, "agents_left": -1}}
    g.finish()


def test_deliver_supplies_before_a_conflict_iii_and_nothing_deployed(up):
    g = game(up, conflict=LEVEL_1)
    before = snap(g)
    g.stack("hagal_deliver_supplies_or_heighliner")
    g.rival_turn(P2)
    assert g.state.occupied == {"deliver_supplies": P2}
    assert changes(g, before) == {P2: {"guild": 1, "agents_left": -1}}  # veteran's garrison of 3 stays
    g.finish()


def test_heighliner_in_a_conflict_iii_recruits_3_and_deploys_them_with_2_more(up):
    g = game(up, conflict=LEVEL_3)
    before = snap(g)
    g.stack("hagal_deliver_supplies_or_heighliner")
    g.rival_turn(P2)
    assert g.state.occupied == {"heighliner_up": P2}
    assert changes(g, before) == {P2: {"guild": 1, "supply": -3, "garrison": -2, "conflict": 5,
                                       "agents_left": -1}}
    g.finish()


def test_in_a_conflict_iii_a_taken_heighliner_fails_the_card(up):
    g = game(up, conflict=LEVEL_3)
    g.state.occupied["heighliner_up"] = P1
    g.stack("hagal_deliver_supplies_or_heighliner", "hagal_sardaukar")
    g.rival_turn(P2)
    assert g.state.occupied == {"heighliner_up": P1, "sardaukar": P2}
    g.finish()


def test_accept_contract_without_two_guild_influence_shipping_with_it(up):
    g = game(up)
    before = snap(g)
    g.stack("hagal_accept_contract_or_shipping")
    g.rival_turn(P2)
    assert g.state.occupied == {"accept_contract": P2}
    assert changes(g, before) == {P2: {"solari": 2, "agents_left": -1}}
    set_influence(g, P3, guild=2, emperor=1, bene_gesserit=1)
    before = snap(g)
    g.stack("hagal_accept_contract_or_shipping")
    g.rival_turn(P3)
    assert g.state.occupied["shipping_up"] == P3
    # Influence where it has least: the Fremen.
    assert changes(g, before) == {P3: {"solari": 2, "fremen": 1, "agents_left": -1}}
    g.finish()


# ------------------------------------------------------------------ the Bene Gesserit and the Fremen
def test_secrets_steals_from_each_opponent_holding_four_intrigue_cards(up):
    g = game(up)
    person = g.p(P1)
    person.intrigue = g.state.intrigue_deck[-4:]
    del g.state.intrigue_deck[-4:]
    before = snap(g)
    g.stack("hagal_secrets_up")
    g.rival_turn(P2)
    assert changes(g, before) == {P1: {"intrigue": -1}, P2: {"bene_gesserit": 1, "intrigue": 1, "agents_left": -1}}
    g.finish()


def test_desert_tactics_recruits_and_deploys_and_with_maker_hooks_brings_the_shield_wall_down(up):
    g = game(up)
    g.stack("hagal_desert_tactics")
    g.rival_turn(P2)
    assert g.state.flags["shield_wall"] is True  # no hooks
    assert g.p(P2).conflict == 3  # its recruit and 2 from the garrison
    g.finish()
    g = game(up)
    g.p(P2).counters["maker_hooks"] = 1
    g.stack("hagal_desert_tactics")
    g.rival_turn(P2)
    assert g.state.flags["shield_wall"] is False
    g.finish()


def test_sietch_tabr_needs_two_fremen_influence_and_gives_the_maker_hooks(up):
    g = game(up)
    rival = g.p(P2)
    g.stack("hagal_sietch_tabr", "hagal_sardaukar")
    g.rival_turn(P2)
    assert g.state.occupied == {"sardaukar": P2}  # the space's requirement held it back
    set_influence(g, P2, fremen=2)
    before = snap(g)
    g.stack("hagal_sietch_tabr")
    g.rival_turn(P2)
    assert g.state.occupied["sietch_tabr_up"] == P2
    assert rival.counters["maker_hooks"] == 1
    # its recruit and 2 of the garrison (3, and Sardaukar's 2)
    assert changes(g, before) == {P2: {"water": 1, "supply": -1, "garrison": -2, "conflict": 3, "agents_left": -1}}
    g.finish()


# ------------------------------------------------------------------ the makers
def test_the_basin_card_fails_without_bonus_spice(up):
    g = game(up)
    g.stack("hagal_hagga_or_imperial_basin", "hagal_sardaukar")
    g.rival_turn(P2)
    assert g.state.occupied == {"sardaukar": P2}
    g.finish()


def test_the_basin_card_takes_the_base_and_bonus_spice_where_the_bonus_is_highest(up):
    g = game(up)
    g.state.maker_spice.update(hagga_basin_up=1, imperial_basin_up=2)
    before = snap(g)
    g.stack("hagal_hagga_or_imperial_basin")
    g.rival_turn(P2)
    assert g.state.occupied == {"imperial_basin_up": P2}
    assert g.state.maker_spice["imperial_basin_up"] == 0
    assert changes(g, before) == {P2: {"spice": 1 + 2, "garrison": -2, "conflict": 2, "agents_left": -1}}
    g.finish()


def test_at_hagga_basin_with_hooks_the_rival_takes_the_bonus_and_summons_a_sandworm(up):
    g = game(up)
    rival = g.p(P2)
    rival.counters["maker_hooks"] = 1
    g.state.maker_spice.update(hagga_basin_up=1, imperial_basin_up=1)  # a tie: Hagga Basin
    before = snap(g)
    g.stack("hagal_hagga_or_imperial_basin")
    g.rival_turn(P2)
    assert g.state.occupied == {"hagga_basin_up": P2}
    assert g.state.flags["shield_wall"] is False
    assert rival.units["sandworm"]["conflict"] == 1
    assert changes(g, before)[P2]["spice"] == 1
    g.finish()


def test_deep_desert_gives_four_spice_and_the_bonus_while_the_shield_wall_stands(up):
    g = game(up)
    rival = g.p(P2)
    rival.counters["maker_hooks"] = 1
    g.state.maker_spice["deep_desert"] = 2
    before = snap(g)
    g.stack("hagal_deep_desert")
    g.rival_turn(P2)
    assert changes(g, before)[P2]["spice"] == 4 + 2
    assert rival.units["sandworm"]["conflict"] == 0
    g.finish()


def test_deep_desert_with_hooks_and_the_wall_down_summons_two_sandworms(up):
    g = game(up)
    rival = g.p(P2)
    rival.counters["maker_hooks"] = 1
    g.state.flags["shield_wall"] = False
    g.state.maker_spice["deep_desert"] = 1
    before = snap(g)
    g.stack("hagal_deep_desert")
    g.rival_turn(P2)
    assert changes(g, before)[P2]["spice"] == 1
    assert rival.units["sandworm"]["conflict"] == 2
    g.finish()


# ------------------------------------------------------------------ cities and signet rings
def test_arrakeen_uses_the_rival_leader_s_signet_ring(up):
    g = game(up)
    before = snap(g)
    g.stack("hagal_arrakeen_up")
    g.rival_turn(P2)  # Gurney Halleck: his ring recruits a troop
    assert g.state.occupied == {"arrakeen_up": P2}
    assert changes(g, before) == {P2: {"supply": -2, "garrison": -2, "conflict": 4, "agents_left": -1}}
    g.finish()


def test_the_two_player_rival_has_no_ring_and_keeps_no_intrigue_card(up):
    g = game(up, mode="duo")
    rival = g.p(P3)
    before = snap(g)
    g.stack("hagal_spice_refinery")
    g.rival_turn(P3)
    assert g.state.occupied == {"spice_refinery": P3}
    assert changes(g, before) == {P3: {"agents_left": -1}}  # an empty garrison: nothing to deploy
    dealt = len(g.state.intrigue_deck)
    g.stack("hagal_assembly_hall")
    g.rival_turn(P3)
    assert rival.intrigue == [] and len(g.state.intrigue_deck) == dealt  # it takes no card
    person = g.p(P1)
    person.intrigue = g.state.intrigue_deck[-4:]
    del g.state.intrigue_deck[-4:]
    g.stack("hagal_secrets_up")
    g.rival_turn(P3)
    # The card it steals is discarded: it never holds one.
    assert len(person.intrigue) == 3 and rival.intrigue == [] and len(g.state.intrigue_discard) == 1
    g.finish()


def test_the_two_player_rival_takes_no_maker_hooks(up):
    """It gains no counter (HAGAL.md 2.4): Sietch Tabr gives it a troop only."""
    g = game(up, mode="duo")
    rival = g.p(P3)
    set_influence(g, P3, fremen=2)
    g.stack("hagal_sietch_tabr")
    g.rival_turn(P3)
    assert rival.counters["maker_hooks"] == 0 and rival.water == 0 and rival.conflict == 1
    g.finish()


def test_a_rival_in_combat_draws_a_card_for_its_swords(up):
    g = game(up)
    rival = g.p(P2)
    rival.conflict, rival.garrison = 1, rival.garrison - 1
    g.stack("hagal_heighliner_up")
    rivals.combat_draws(g.engine)
    assert rival.swords == 5


# ------------------------------------------------------------------ whole games
DIFFICULTIES = ("novice", "veteran", "expert")


def _finished(content, st, humans: int) -> None:
    assert st.finished and st.phase == "over" and 1 <= st.round <= 10
    # (troops are conserved by the invariants, which count those a set holds elsewhere: memories)
    assert all(p.conflict == 0 for p in st.players)
    assert Counter(st.hagal_deck) + Counter(st.hagal_discard) == Counter(hagal.cards_for(content, st.mode))
    assert sorted(s["seat"] for s in st.standings) == ([0, 1, 2] if humans == 1 else [0, 1])


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_solo_uprising_games_keep_every_invariant(up, difficulty):
    for seed in range(3, 53):
        st = play_game(up, 1, seed, ["greedy"], quiet=True, check=invariants.check, difficulty=difficulty,
                       sets=["uprising"])
        assert st.mode == "solo" and st.difficulty == difficulty
        _finished(up, st, 1)


def test_two_player_uprising_games_keep_every_invariant(up):
    for seed in range(1, 101):
        st = play_game(up, 2, seed, ["greedy", "random"], quiet=True, check=invariants.check, sets=["uprising"])
        assert st.mode == "duo"
        _finished(up, st, 2)
        h = st.players[2]
        assert h.rival and (h.vp, h.solari, h.spice, h.water, h.intrigue) == (0, 0, 0, 0, [])


@pytest.mark.parametrize("people", [1, 2])
def test_uprising_rival_games_through_the_step_api(compiled, people):
    content = compiled.select(("uprising",))
    for seed in range(4):
        assert soak_game(content, people, seed, DIFFICULTIES[seed % 3], sets=("uprising",)) > 20


@pytest.mark.parametrize("humans", [1, 2])
def test_the_back_ends_agree_and_replays_are_exact(interpreted, compiled, humans):
    a_content, b_content = interpreted.select(("uprising",)), compiled.select(("uprising",))
    for seed in range(3):
        names = ["random", "greedy"][:humans]
        a = play_game(a_content, humans, seed, names, difficulty="expert", sets=["uprising"])
        b = play_game(b_content, humans, seed, names, difficulty="expert", sets=["uprising"])
        assert a.digest() == b.digest() and a.log == b.log, f"{humans}, seed {seed}"
        again = replay(b_content, humans, seed, names, b.decisions, difficulty="expert", sets=["uprising"])
        assert again.digest() == b.digest()


@pytest.mark.parametrize("guest", ["base", "ix", "immortality"])
@pytest.mark.parametrize("humans", [1, 2])
def test_rival_games_of_uprising_s_mixes_keep_every_invariant(compiled, guest, humans):
    """A mix brings no House Hagal cards: Uprising's deck plays against the mixed board."""
    mixed = for_sets(compiled, ["uprising", guest])
    for seed in range(6):
        st = play_game(mixed, humans, seed, ["greedy", "random"][:humans], quiet=True, check=invariants.check,
                       difficulty=DIFFICULTIES[seed % 3])
        assert st.finished
        assert Counter(st.hagal_deck + st.hagal_discard) == Counter(hagal.cards_for(mixed, st.mode))
        assert all(mixed.defs[c]["set"] == "uprising" for c in st.hagal_deck)


@pytest.mark.parametrize("players", [1, 2])
def test_the_adapters_play_uprising_against_rivals(players):
    """OpenSpiel and PettingZoo seat the people only; the rivals play inside the engine."""
    pyspiel = pytest.importorskip("pyspiel", reason="the `ai` extra (open_spiel) is not installed")
    pytest.importorskip("pettingzoo", reason="the `ai` extra (pettingzoo) is not installed")
    import numpy as np

    import dunec.ai.openspiel_game  # noqa: F401  (registers python_dune_imperium)
    from dunec.ai import features
    from dunec.ai.pettingzoo_env import env

    game = pyspiel.load_game("python_dune_imperium", {"players": players, "seed": 3, "sets": "uprising"})
    state = game.new_initial_state()
    assert game.observation_tensor_size() == features.layout(state.engine_game.content).size
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.returns()) == players
    e = env(players=players, seed=3, sets=("uprising",))
    e.reset(seed=3)
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _ = e.last()
        assert e.observation_space(agent).contains(obs)
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.game.is_terminal() and e.game.state.mode == ("solo" if players == 1 else "duo")
