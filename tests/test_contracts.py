"""Contracts (rules 003 "CHOAM Module"; engine/rules/contracts.py; docs/decisions.md,
"CHOAM contracts"): Uprising's free market `contract`, its verb `contract 1`, the
contracts of set `choam` and every way one is completed, `contracts_done`, the
CHOAM cards, the invariant and the observation. Played on both back-ends."""
from __future__ import annotations

import json

import pytest

from dunec.content import load
from dunec.engine.checks import invariants
from dunec.engine.views.observe import observation

from scenario import Scenario

CHOAM = ("core", "uprising", "choam")
_CACHE: dict = {}


def _content(backend: str, sets=CHOAM):
    key = (backend, sets)
    if key not in _CACHE:
        _CACHE[key] = load(backend).select(sets)
    return _CACHE[key]


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def content(request):
    return _content(request.param)


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def plain(request):
    return _content(request.param, ("core", "uprising"))


def _game(content) -> Scenario:
    return Scenario(content, players=4)


def face_up(g: Scenario, *contracts: str) -> None:
    """These contracts face up in the market's slots, the others in its deck."""
    st = g.state
    pool = st.market_decks["contract"] + st.market_slots["contract"]
    for c in contracts:
        pool.remove(c)
    st.market_slots["contract"] = list(contracts)
    st.market_decks["contract"] = pool


def hold(g: Scenario, seat: int, *contracts: str) -> None:
    st = g.state
    for c in contracts:
        (st.market_decks["contract"] if c in st.market_decks["contract"] else st.market_slots["contract"]).remove(c)
        g.p(seat).contracts.append(c)


# ---------------------------------------------------------------------- the market, the verb
def test_the_module_deals_its_contracts_two_face_up(content):
    g = _game(content)
    st = g.state
    assert len(st.market_slots["contract"]) == 2
    assert len(st.market_slots["contract"]) + len(st.market_decks["contract"]) == 20
    invariants.check(g.engine)


def test_the_verb_takes_a_face_up_contract_and_refills_the_slot(content):
    g = _game(content)
    face_up(g, "heighliner_water", "arrakeen_water")
    top = g.state.market_decks["contract"][-1]
    g.answer(0, "take Arrakeen (Water)")
    g.box(0, "dutiful_service", "space")
    kind, shown = g.asked(0)[0]
    assert kind == "buy" and shown == ["take Heighliner (Water)", "take Arrakeen (Water)"]
    assert g.p(0).contracts == ["arrakeen_water"]
    assert g.state.market_slots["contract"] == ["heighliner_water", top]
    g.done()


def test_without_the_module_the_icon_gives_2_solari(plain):
    g = _game(plain)
    before = g.p(0).solari
    g.box(0, "dutiful_service", "space")
    assert g.p(0).solari == before + 2 and g.asked(0) == []


def test_with_every_contract_taken_the_icon_gives_2_solari(content):
    g = _game(content)
    st = g.state
    for c in st.market_decks["contract"] + st.market_slots["contract"]:
        g.p(1).contracts.append(c)
    st.market_decks["contract"], st.market_slots["contract"] = [], []
    before = g.p(0).solari
    g.box(0, "dutiful_service", "space")
    assert g.p(0).solari == before + 2 and g.p(0).contracts == []


def test_an_immediate_contract_is_completed_when_taken(content):
    g = _game(content)
    face_up(g, "immediate", "arrakeen_water")
    before = g.p(0).solari
    g.answer(0, "take Immediate")
    g.box(0, "dutiful_service", "space")
    assert g.p(0).contracts == [] and g.p(0).contracts_done == ["immediate"]
    assert g.p(0).solari == before + 2
    g.done()


# ---------------------------------------------------------------------- completed at a space
def test_an_agent_sent_to_the_named_space_completes_every_contract_for_it(content):
    g = _game(content)
    hold(g, 0, "heighliner_water", "heighliner_troops", "arrakeen_water")
    p = g.p(0)
    p.spice, p.water, before = 5, 0, p.garrison
    g.answer(0, 0)  # deploy nothing
    g.agent(0, "dagger", "heighliner_up")
    assert sorted(p.contracts_done) == ["heighliner_troops", "heighliner_water"]
    assert p.contracts == ["arrakeen_water"]
    assert p.water == 2 and p.garrison == before + 5 + 2


def test_a_contract_taken_on_the_turn_waits_for_a_later_agent(content):
    g = _game(content)
    face_up(g, "heighliner_water", "arrakeen_water")
    p = g.p(0)
    p.spice, p.water = 5, 0
    # Priority Contracts' agent box takes the Heighliner contract at the Heighliner:
    # not held when the agent was sent, so it waits for a later turn
    g.answer(0, "card first", "take Heighliner (Water)", 0)
    g.agent(0, "priority_contracts", "heighliner_up")
    assert p.contracts == ["heighliner_water"] and p.contracts_done == [] and p.water == 0
    g.done()


def test_a_harvest_contract_needs_its_spice_gained_that_turn_at_a_maker_space(content):
    g = _game(content)
    hold(g, 0, "harvest_3", "harvest_4")
    p = g.p(0)
    g.answer(0, 0)
    g.agent(0, "dagger", "hagga_basin_up")
    gained = p.gained.get("spice", 0)
    done = sorted(c for c, n in (("harvest_3", 3), ("harvest_4", 4)) if gained >= n)
    assert sorted(p.contracts_done) == done


def test_acquiring_the_spice_must_flow_completes_its_contract(content):
    g = _game(content)
    hold(g, 0, "acquire_tsmf")
    p = g.p(0)
    before = (p.solari, p.influence["guild"])
    from dunec.engine.rules import cards as rules_cards
    rules_cards.receive_card(g.engine, p, "the_spice_must_flow_up", True)
    g.engine.drive()
    assert p.contracts_done == ["acquire_tsmf"]
    assert (p.solari, p.influence["guild"]) == (before[0] + 3, before[1] + 1)


# ---------------------------------------------------------------------- the count, the cards
def test_contracts_done_counts_completed_contracts(content):
    g = _game(content)
    p = g.p(0)
    p.contracts_done = ["immediate", "harvest_3"]
    p.deck = ["dagger", "dagger"]
    g.box(0, "cargo_runner", "agent")
    assert len(p.hand) == 1
    before = p.persuasion
    g.box(0, "interstellar_trade", "reveal")
    assert p.persuasion == before + 2


def test_the_conflicts_give_a_contract(content):
    g = _game(content)
    face_up(g, "arrakeen_water", "heighliner_water")
    g.answer(0, "take Heighliner (Water)")
    g.box(0, "choam_security", "first")
    assert g.p(0).contracts == ["heighliner_water"]
    g.done()


# ---------------------------------------------------------------------- invariant, observation
def test_contracts_are_conserved_and_observed(content):
    g = _game(content)
    hold(g, 0, "arrakeen_water")
    g.p(1).contracts_done.append(g.state.market_decks["contract"].pop())
    invariants.contracts(g.engine)
    seen = observation(g.state, 1)
    assert seen.players[0].contracts == ["arrakeen_water"] and len(seen.players[1].contracts_done) == 1
    assert seen.market_slots["contract"] == g.state.market_slots["contract"]
    assert seen.market_decks["contract"] == sorted(g.state.market_decks["contract"])  # never what comes next
    g.state.market_decks["contract"].pop()  # a contract lost
    with pytest.raises(invariants.InvariantError, match="contracts lost"):
        invariants.contracts(g.engine)


# ---------------------------------------------------------------------- whole games
@pytest.mark.parametrize("players,seed", [(3, 0), (4, 1), (4, 2)])
def test_uprising_games_with_the_module_play_to_the_end_alike(players, seed):
    """Seeded games of `--sets uprising --choam` (random and greedy seats): the
    invariants (contract conservation among them) hold after every decision,
    contracts are taken and completed, and both back-ends play them alike."""
    from dunec.engine.runs.runner import play_game

    done = 0
    for names in (["random"] * players, ["greedy"] * players):
        a = play_game(_content("interpreted"), players, seed, list(names), check=invariants.check)
        b = play_game(_content("compiled"), players, seed, list(names), check=invariants.check)
        assert a.finished and a.digest() == b.digest() and a.log_digest() == b.log_digest()
        done += sum(len(p.contracts_done) for p in a.players)
    assert done > 0


# ---------------------------------------------------------------------- Shaddam Corrino IV
def test_shaddams_sardaukar_contracts_are_his_alone_taken_in_place_of_a_face_up_one(content):
    g = Scenario(content, players=4, leaders=["shaddam_corrino_iv", "muad_dib", "lady_amber_metulli",
                                              "uprising_gurney_halleck"])
    st, p = g.state, g.p(0)
    g.engine.run_box("shaddam_corrino_iv", "game_start", g.engine.context(p, box="game_start"))
    g.engine.drive()
    assert sorted(p.contracts_reserved) == ["sardaukar_cards", "sardaukar_recall"]
    assert not {"sardaukar_cards", "sardaukar_recall"} & set(st.market_slots["contract"] + st.market_decks["contract"])
    assert len(st.market_slots["contract"]) == 2 and p.contracts == []  # he does not start holding them
    invariants.contracts(g.engine)
    face_up(g, "arrakeen_water", "heighliner_water")
    g.answer(0, "take Sardaukar (Recall)")
    g.box(0, "dutiful_service", "space")
    assert g.asked(0)[0][1] == ["take Arrakeen (Water)", "take Heighliner (Water)", "take Sardaukar (Cards)",
                                "take Sardaukar (Recall)"]
    assert p.contracts == ["sardaukar_recall"] and p.contracts_reserved == ["sardaukar_cards"]
    assert st.market_slots["contract"] == ["arrakeen_water", "heighliner_water"]  # nothing refilled
    g.answer(1, 0)
    g.box(1, "dutiful_service", "space")  # another player is never offered his
    assert g.asked(1)[0][1] == ["take Arrakeen (Water)", "take Heighliner (Water)"]
    g.done()


def test_shaddams_signet_ring_forbids_deploying_this_turn(content):
    g = Scenario(content, players=4, leaders=["shaddam_corrino_iv", "muad_dib", "lady_amber_metulli",
                                              "uprising_gurney_halleck"])
    p = g.p(0)
    p.spice = 5
    g.answer(0, 0, 0)  # the space or the ring first; the ring's first option
    g.agent(0, "signet_ring", "heighliner_up")  # a combat space: troops are offered only without the rule
    assert p.no_deploy and p.conflict == 0 and not any(k == "deploy" for k, _ in g.asked(0))


def test_the_observation_vector_shows_the_contracts(content):
    from dunec.ai import features

    g = _game(content)
    face_up(g, "arrakeen_water", "heighliner_water")
    hold(g, 1, "harvest_4")
    g.p(2).contracts_done.append(g.state.market_decks["contract"].pop())
    lay = features.layout(content)
    vec = features.encode(g.state, 0, content)
    k = len(lay.contracts)
    held, done = lay.at["contracts_held"][0], lay.at["contracts_done"][0]
    assert vec[held + 1 * k + lay.contracts.index("harvest_4")] == 1.0  # seat 1 holds it
    assert vec[done:done + 4 * k].sum() == 1.0 and vec[done + 2 * k:done + 3 * k].sum() == 1.0
    market = lay.at["market"][0]
    assert vec[market + lay.tiles.index("arrakeen_water")] == 1.0
    assert features.encode(g.state, 1, content)[held + lay.contracts.index("harvest_4")] == 1.0  # its own slot 0


# ---------------------------------------------------------------------- the module's other cards
def test_delivery_agreement_discards_a_card_for_a_contract(content):
    g = _game(content)
    face_up(g, "arrakeen_water", "heighliner_water")
    p = g.p(0)
    p.hand = ["dagger"]
    g.answer(0, "pay", "take Arrakeen (Water)")  # one card in hand: discarded unasked
    g.box(0, "delivery_agreement", "agent")
    assert p.contracts == ["arrakeen_water"] and p.discard == ["dagger"]
    g.done()


def test_the_trash_for_vp_cards_need_four_contracts(content):
    for done, vp in ((3, 0), (4, 1)):
        g = _game(content)
        p = g.p(0)
        p.contracts_done = list(g.state.market_decks["contract"][:done])
        del g.state.market_decks["contract"][:done]
        before = p.vp
        g.answer(0, 1)  # the second option: trash this card
        g.box(0, "priority_contracts", "reveal")
        assert p.vp == before + vp and "priority_contracts" in p.trashed
        g.box(0, "choam_profits", "endgame")
        assert p.vp == before + 2 * vp


def test_backed_by_choam_and_reach_agreement(content):
    g = _game(content)
    p = g.p(0)
    p.contracts_done = ["immediate", "harvest_4"]
    before = p.swords
    g.box(0, "backed_by_choam", "combat")
    assert p.swords == before + 4
    g.p(1).contracts_done = ["immediate"]
    g.box(1, "backed_by_choam", "combat")
    assert g.p(1).swords == 0
    face_up(g, "arrakeen_water", "heighliner_water")
    p.conflict, p.supply = 2, p.supply - 2
    g.answer(0, 0, "take Heighliner (Water)")  # retreat a troop, then the contract
    g.box(0, "reach_agreement", "combat")
    assert p.contracts == ["heighliner_water"] and p.conflict == 1
    g.done()


def test_leverage_needs_spice_gained_this_turn(content):
    g = _game(content)
    face_up(g, "arrakeen_water", "heighliner_water")
    p = g.p(0)
    g.box(0, "leverage", "plot")
    assert p.contracts == [] and p.solari == 0
    p.gained["spice"] = 1
    g.answer(0, "take Arrakeen (Water)")
    g.box(0, "leverage", "plot")
    assert p.contracts == ["arrakeen_water"] and p.solari == 1
    g.done()


def test_trade_dispute_gives_a_contract_to_its_winner(content):
    g = _game(content)
    face_up(g, "arrakeen_water", "heighliner_water")
    p = g.p(0)
    p.hand = ["dagger"]
    g.answer(0, "take Arrakeen (Water)", 0)
    g.box(0, "trade_dispute", "first")
    assert p.contracts == ["arrakeen_water"] and p.water == 2


def test_show_and_the_table_view_say_the_contracts(content):
    from dunec.engine.views.tableview import holdings, market_lines

    g = _game(content)
    face_up(g, "arrakeen_water", "heighliner_water")
    hold(g, 0, "harvest_4")
    g.p(0).contracts_done.append("immediate")
    g.state.market_decks["contract"].remove("immediate")
    assert "contracts: harvest 4; 1 completed" in holdings(g.p(0))
    assert "CHOAM contracts (free): Arrakeen (Water), Heighliner (Water); " in "\n".join(market_lines(g.engine))


def test_show_says_how_a_contract_is_completed(capsys):
    from dunec.cli import main

    assert main(["show", "harvest_3", "deliver_supplies_c"]) == 0
    out = capsys.readouterr().out
    assert "Completed: send an Agent to a Maker space and gain 3 or more spice that turn\nReward: +3 Solari" in out
    assert "Completed: send an Agent to Deliver Supplies (holding the contract when sending it)" in out


# ---------------------------------------------------------------------- --choam
def test_choam_on_play_and_simulate_adds_the_module(capsys):
    from dunec.cli import main

    assert main(["play", "--players", "4", "--sets", "uprising", "--choam", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "takes the contract" in out and "completes the contract" in out
    assert main(["play", "--players", "4", "--sets", "uprising", "--seed", "1"]) == 0
    assert "contract" not in capsys.readouterr().out.replace("Accept Contract", "")  # 2 Solari, no contract
    assert main(["simulate", "--players", "4", "--sets", "uprising", "--choam", "--games", "2"]) == 0
    capsys.readouterr()
    assert main(["play", "--players", "4", "--choam", "--seed", "1"]) == 2  # the module needs Uprising
    assert "set `choam` requires uprising" in capsys.readouterr().err


def test_a_state_holding_a_contract_that_is_none_is_refused(content):
    from dunec.api import Game
    from dunec.engine.checks.state_check import StateError, check as check_state

    g = Game(players=4, seed=3, sets=("uprising", "choam"), backend=content.backend)
    data = json.loads(g.state.to_json())
    check_state(g.content, data)
    data["players"][0]["contracts"] = [data["market_decks"]["contract"].pop()]
    check_state(g.content, data)  # a contract held, out of the deck
    data["players"][1]["contracts_done"] = ["immediate"]
    with pytest.raises(StateError, match="contracts: not conserved"):
        check_state(g.content, data)
    data["players"][1]["contracts_done"] = ["dagger"]
    with pytest.raises(StateError, match="contracts_done"):
        check_state(g.content, data)


def test_a_position_gives_contracts_held_and_completed():
    from dunec.api import Game
    from dunec.engine.records.position import PositionError

    g = Game.from_position({"markets": {"contract": ["immediate", "harvest_4"]},
                            "seats": [{"contracts": ["arrakeen_water"], "contracts_done": ["harvest_4", "acquire_tsmf"]}]},
                           players=4, seed=1, sets=("uprising", "choam"))
    p = g.state.players[0]
    assert p.contracts == ["arrakeen_water"] and p.contracts_done == ["harvest_4", "acquire_tsmf"]
    assert g.state.market_slots["contract"][0] == "immediate" and len(g.state.market_slots["contract"]) == 2
    with pytest.raises(PositionError, match="not a contract left"):
        Game.from_position({"seats": [{"contracts": ["arrakeen_water", "arrakeen_water"]}]}, players=4, seed=1,
                           sets=("uprising", "choam"))


def test_a_person_at_the_terminal_is_asked_which_contract_to_take(content):
    from dunec.engine.players.human import HumanPolicy

    g = _game(content)
    face_up(g, "arrakeen_water", "heighliner_water")
    said: list = []
    human = HumanPolicy({}, read=lambda prompt: "2", write=said.append)
    options = [("buy", "contract", "arrakeen_water"), ("buy", "contract", "heighliner_water")]
    assert human.choose(g.engine, g.p(0), "buy", options, None) == 1
    assert "Take which one (without a price)?" in said
    assert "   1) take Arrakeen (Water)" in said and "   2) take Heighliner (Water)" in said


def test_the_free_market_reads_as_a_player_reads_it():
    from dunec.frontend import compile_paths
    from dunec.paths import cards_dir
    from dunec.show import show_declaration

    model, _ = compile_paths([cards_dir() / "uprising", cards_dir() / "choam"], root=cards_dir(), with_bundled=True)
    text = show_declaration(model.sets["uprising"].names["contract"])
    assert "Sells: contract for nothing" in text or "Sells: Contract for nothing" in text
    assert "Taken without a price: `contract N` takes N of the face-up ones" in text
    assert "With none left: +2 Solari" in text


# ---------------------------------------------------------------------- a harvest judged as the turn ends
@pytest.mark.parametrize("plot_spice", [True, False])
def test_a_harvest_contract_counts_the_spice_of_the_whole_turn(content, plot_spice):
    """Rules 003: a harvest contract needs the shown amount of spice gained that turn,
    "total, including other sources": Hagga Basin's 2 spice and a Crysknife played as
    a plot after the agent make 3, judged when the turn ends."""
    from dunec.engine.loop.actions import END_TURN

    g = _game(content)
    hold(g, 0, "harvest_3")
    g.state.maker_spice["hagga_basin_up"] = 0
    p = g.p(0)
    p.hand, p.water, p.intrigue = ["dune_the_desert_planet"], 1, ["uprising_crysknife"]
    g.answer(0, ("place", "dune_the_desert_planet", "hagga_basin_up"), 0)
    g.answer(0, ("play", "uprising_crysknife") if plot_spice else END_TURN)  # then nothing left to play
    g.turn(0)
    assert p.gained.get("spice", 0) == (3 if plot_spice else 2)
    assert p.contracts_done == (["harvest_3"] if plot_spice else [])
    assert p.contracts == ([] if plot_spice else ["harvest_3"])
    assert p.solari == (3 if plot_spice else 0)
    g.done()
