"""Uprising's leaders (cards/uprising/leaders.dune), each through the situation
that fires it, on both back-ends; and whole Uprising games at 3 and 4 players,
which need the four leaders a game deals (docs/decisions.md, "Uprising's
leaders"), with the invariants checked after every decision and the back-ends
agreeing."""
from __future__ import annotations

import json

import pytest

from dunec.engine.checks import invariants
from dunec.engine.checks.state_check import check as check_state
from dunec.api import Game
from dunec.engine.loop.actions import NO
from dunec.engine.loop.setup import new_game
from dunec.engine.loop import turns
from dunec.engine.rules import resources as rules_resources
from dunec.engine.runs.runner import play_game

from scenario import Scenario

UPRISING = ("uprising",)
LEADERS = ["muad_dib", "lady_amber_metulli", "uprising_gurney_halleck", "lady_margot_fenring", "princess_irulan",
           "staban_tuek"]


@pytest.fixture(scope="module")
def up_interpreted(interpreted):
    return interpreted.select(UPRISING)


@pytest.fixture(scope="module")
def up_compiled(compiled):
    return compiled.select(UPRISING)


@pytest.fixture(params=["interpreted", "compiled"])
def up(request, up_interpreted, up_compiled):
    return up_interpreted if request.param == "interpreted" else up_compiled


def game(content, leader: str, players: int = 4) -> Scenario:
    return Scenario(content, players=players, leaders=[leader] + [x for x in LEADERS if x != leader][:players - 1])


# ---------------------------------------------------------------------- Gurney Halleck
@pytest.mark.parametrize("troops,swords,gains", [(3, 0, 1), (2, 2, 1), (2, 1, 0), (0, 7, 0), (5, 0, 1)])
def test_gurney_halleck_smiles_with_six_strength_on_his_reveal_turn(up, troops, swords, gains):
    """Always Smiling: +1 Persuasion with 6 or more strength in the Conflict (strength
    is 0 without a unit there, swords or not)."""
    g = game(up, "uprising_gurney_halleck")
    p = g.p(0)
    p.conflict, p.supply = troops, p.supply - troops
    p.swords = swords
    g.state.turn_kind = "reveal"
    g.engine.run_box("uprising_gurney_halleck", "reveal", g.engine.context(p, box="reveal"))
    g.engine.drive()
    assert p.persuasion == gains
    assert turns.strength(p, g.engine) == (2 * troops + swords if troops else 0)


@pytest.mark.parametrize("troops,persuasion", [(2, "+3 Persuasion"), (1, "+2 Persuasion")])
def test_gurney_halleck_counts_the_swords_his_revealed_cards_give(up, troops, persuasion):
    """The leader's box runs after the revealed cards' boxes, so their swords count:
    2 troops and two Daggers are 6 strength (+1 Persuasion besides the Convincing
    Argument's 2); 1 troop and two Daggers are 4."""
    g = game(up, "uprising_gurney_halleck")
    p = g.p(0)
    p.conflict, p.supply = troops, p.supply - troops
    p.hand = ["dagger", "dagger", "convincing_argument"]
    g.answer(0, "stop buying")
    g.reveal(0)
    said = g.state.log[g.state.log.index(next(x for x in g.state.log if "reveals Dagger" in x)) + 1]
    assert said.strip() == f"-> {persuasion}, +2 swords"
    g.done()


def test_gurney_halleck_threshold_is_ten_with_six_players(up):
    """The six-player threshold is part of the box, as printed: the condition reads
    the player count (the engine seats up to 4, so 6 strength is the one that plays)."""
    g = game(up, "uprising_gurney_halleck")
    p = g.p(0)
    p.conflict, p.supply, p.swords = 4, p.supply - 4, 1  # 9 strength
    g.state.n_players = 6
    g.engine.run_box("uprising_gurney_halleck", "reveal", g.engine.context(p, box="reveal"))
    g.engine.drive()
    assert p.persuasion == 0
    p.swords = 2  # 10
    g.engine.run_box("uprising_gurney_halleck", "reveal", g.engine.context(p, box="reveal"))
    g.engine.drive()
    assert p.persuasion == 1


def test_gurney_halleck_signet_recruits_a_troop(up):
    g = game(up, "uprising_gurney_halleck")
    p = g.p(0)
    before = p.garrison
    g.box(0, "uprising_gurney_halleck", "signet")
    assert p.garrison == before + 1


# ---------------------------------------------------------------------- Lady Margot Fenring
def _influence(g: Scenario, seat: int, faction: str, n: int) -> None:
    rules_resources.change_influence(g.engine, g.p(seat), faction, n)
    g.engine.drive()


@pytest.mark.parametrize("start,steps,spice", [
    (1, [1], 2),          # reaches 2
    (0, [3], 2),          # moves past 2 at once: reaching counts
    (2, [1], 0),          # already there
    (0, [1], 0),          # not yet
    (1, [1, -1, 1], 4),   # reached, dropped below, reached again
    (3, [-1, 1], 0),      # moving down to 2 is no reaching
])
def test_lady_margot_fenring_loyalty_pays_on_reaching_two_bene_gesserit(up, start, steps, spice):
    g = game(up, "lady_margot_fenring")
    p = g.p(0)
    p.influence["bene_gesserit"] = start
    for n in steps:
        _influence(g, 0, "bene_gesserit", n)
    assert p.spice == spice


def test_lady_margot_fenring_loyalty_is_hers_and_the_bene_gesserits_only(up):
    g = game(up, "lady_margot_fenring")
    _influence(g, 0, "emperor", 2)
    _influence(g, 1, "bene_gesserit", 2)  # another leader
    assert g.p(0).spice == 0 and g.p(1).spice == 0


def test_lady_margot_fenring_loyalty_through_a_faction_space(up):
    """An agent at a Bene Gesserit space moves the track: the trigger fires on the turn."""
    g = game(up, "lady_margot_fenring")
    p = g.p(0)
    p.influence["bene_gesserit"] = 1
    p.hand = ["diplomacy"]
    g.agent(0, "diplomacy", "secrets_up")
    assert p.influence["bene_gesserit"] == 2 and p.vp == 2  # 1 at the start (4 players) + 1 at 2 influence
    assert p.spice == 2 and len(p.intrigue) == 1  # Loyalty, and the space's intrigue card
    g.done()
    invariants.check(g.engine)


def test_lady_margot_fenring_signet_places_a_spy_near_a_city_space(up):
    g = game(up, "lady_margot_fenring")
    p = g.p(0)
    g.answer(0, 0)
    g.box(0, "lady_margot_fenring", "signet")
    spies = p.pieces["spies"]["on"]
    assert len(spies) == 1
    city = {m["id"] for m in up.of_kind("space") if m.get("icon") == "city"}
    assert set(up.defs[spies[0]]["links"]) & city
    invariants.check(g.engine)


# ---------------------------------------------------------------------- Princess Irulan
@pytest.mark.parametrize("start,gain,intrigue", [(1, 1, 1), (0, 2, 1), (2, 1, 0), (0, 1, 0)])
def test_princess_irulan_imperial_birthright_on_reaching_two_emperor(up, start, gain, intrigue):
    g = game(up, "princess_irulan")
    p = g.p(0)
    p.influence["emperor"] = start
    _influence(g, 0, "emperor", gain)
    assert len(p.intrigue) == intrigue
    assert p.spice == 0  # Margot's Loyalty is hers: another leader's trigger


ROW = ["sardaukar_soldier", "desert_survival", "weirding_woman", "covert_operation", "maker_keeper"]


def test_princess_irulan_signet_acquires_a_card_that_costs_exactly_one(up):
    g = game(up, "princess_irulan")
    p = g.p(0)
    g.state.imperium_row = list(ROW)
    deck = len(g.state.imperium_deck)
    g.answer(0, "acquire a card costing 1", "acquire Weirding Woman")
    g.box(0, "princess_irulan", "signet")
    options = [x for x in g.asked(0)[1][1]]
    assert options == ["acquire Sardaukar Soldier", "acquire Weirding Woman", "acquire nothing"]  # not the 2s, 3s
    assert p.discard == ["weirding_woman"]
    assert len(g.state.imperium_row) == 5 and len(g.state.imperium_deck) == deck - 1  # the Row refilled
    g.done()


@pytest.mark.parametrize("card,spice", [("dangerous_rhetoric", 2), ("sardaukar_soldier", 2),
                                        ("convincing_argument", 0), ("signet_ring", 0)])
def test_princess_irulan_signet_trashes_and_pays_for_a_card_that_cost_one_or_more(up, card, spice):
    """Chronicler's Insight: trash a card from your hand; +2 spice if it has a cost of
    1 or more (a starting card has none)."""
    g = game(up, "princess_irulan")
    p = g.p(0)
    p.hand = [card]
    g.answer(0, "trash a card from your hand", 0)
    g.box(0, "princess_irulan", "signet")
    assert p.hand == [] and p.spice == spice
    assert p.trashed == [card]
    g.done()
    invariants.check(g.engine)


def test_princess_irulan_signet_trashing_nothing_gains_nothing(up):
    g = game(up, "princess_irulan")
    p = g.p(0)
    p.hand = ["dangerous_rhetoric"]
    g.answer(0, "trash a card from your hand", "trash nothing")
    g.box(0, "princess_irulan", "signet")
    assert p.hand == ["dangerous_rhetoric"] and p.spice == 0
    g.done()


# ---------------------------------------------------------------------- Staban Tuek
def test_staban_tuek_begins_without_diplomacy(up):
    """Limited Allies: his player's starting deck lacks Diplomacy (trashed at setup,
    as the rakis table does); the others keep the ten cards."""
    st = new_game(up, 4, seed=3, leaders=["staban_tuek", "muad_dib", "princess_irulan", "lady_amber_metulli"])
    staban, other = st.players[0], st.players[1]
    assert len(staban.deck) == 9 and "diplomacy" not in staban.deck and staban.trashed == ["diplomacy"]
    assert len(other.deck) == 10 and other.deck.count("diplomacy") == 1 and other.trashed == []


def _spy(g: Scenario, seat: int, post: str) -> None:
    h = g.p(seat).pieces["spies"]
    h["supply"] -= 1
    h["on"].append(post)


def _smuggling(content, leader: str, post: str, seat: int, space: str) -> int:
    """Seat 0's spice after `seat` sends an agent to `space`, seat 0 spying from `post`."""
    g = game(content, leader)
    _spy(g, 0, post)
    g.p(seat).hand = ["dune_the_desert_planet"]
    g.p(seat).water = 3
    gather = seat == 0 and space in content.defs[post]["links"]  # his own spy: Gather Intelligence?
    g.answer(seat, *([NO] if gather else []), ("deploy", 0))
    g.agent(seat, "dune_the_desert_planet", space)
    g.done()
    invariants.check(g.engine)
    return g.p(0).spice


@pytest.mark.parametrize("post,seat,space,spice", [
    ("post_deep_desert", 1, "deep_desert", 1),            # another player, a maker space he spies on
    ("post_imperial_basin", 2, "imperial_basin_up", 1),
    ("post_hagga_basin", 1, "deep_desert", 0),            # a maker space he does not spy on
    ("post_deep_desert", 0, "deep_desert", 0),            # his own agent
    ("post_arrakeen_refinery", 1, "arrakeen_up", 0),       # spied on, but no maker space
])
def test_staban_tuek_smuggles_spice_from_a_maker_space_he_spies_on(up, post, seat, space, spice):
    """Smuggle Spice: +1 spice when another player sends an agent to a maker space he
    spies on; the same play with another leader in his seat is the baseline."""
    assert _smuggling(up, "staban_tuek", post, seat, space) - _smuggling(up, "muad_dib", post, seat, space) == spice


@pytest.mark.parametrize("post,spice,solari,answers,want", [
    ("post_landsraad_council", 1, 0, ["pay"], {"spice": 0, "solari": 3, "intrigue": 0}),
    ("post_landsraad_council", 1, 0, ["no"], {"spice": 1, "solari": 0, "intrigue": 0}),
    ("post_emperor", 0, 2, ["pay"], {"spice": 0, "solari": 0, "intrigue": 1}),
    ("post_deep_desert", 1, 2, [], {"spice": 1, "solari": 2, "intrigue": 0}),  # neither: nothing asked
])
def test_staban_tuek_signet_places_a_spy_and_trades_by_where_it_went(up, post, spice, solari, answers, want):
    g = game(up, "staban_tuek")
    p = g.p(0)
    p.spice, p.solari = spice, solari
    g.answer(0, f"place a Spy on {up.defs[post]['name']}", *answers)
    g.box(0, "staban_tuek", "signet")
    assert p.pieces["spies"]["on"] == [post]
    assert {"spice": p.spice, "solari": p.solari, "intrigue": len(p.intrigue)} == want
    g.done()
    invariants.check(g.engine)


# ---------------------------------------------------------------------- whole games
GAMES = [(players, seed) for players in (3, 4) for seed in range(3)]


@pytest.mark.parametrize("players,seed", GAMES)
def test_uprising_games_play_to_the_end_on_both_back_ends(up_interpreted, up_compiled, players, seed):
    """Seeded games of `--sets uprising` at 3 and 4 players, random and greedy seats:
    the invariants hold after every decision, the game ends (10 VP or the Conflict
    deck empty) and both back-ends play it byte for byte alike."""
    for names in (["random"] * players, ["greedy"] * players):
        a = play_game(up_interpreted, players, seed, list(names), check=invariants.check)
        b = play_game(up_compiled, players, seed, list(names), check=invariants.check)
        assert a.finished and a.decisions
        assert max(p.vp for p in a.players) >= 10 or not a.conflict_deck
        assert a.digest() == b.digest() and a.log_digest() == b.log_digest(), (players, seed, names)


def _until_block(game: Game, seed: int) -> bool:
    """Random moves until a decision inside a block verb's rule is pending (its frame
    keeps the block: `trash card { ... }`, `spies 1 { ... }`)."""
    import random

    rng = random.Random(seed)
    while not game.is_terminal():
        if any("body" in f and f.get("do") in ("trash_chosen", "piece_placed") for f in game._engine.state.stack):
            return True
        game.apply(rng.choice(game.legal_actions()))
    return False


@pytest.mark.parametrize("leader", ["princess_irulan", "staban_tuek"])
def test_a_game_saved_inside_a_block_verb_is_checked_and_resumes(up, leader):
    """A decision inside `trash card { ... }` (Irulan) or `spies 1 { ... }` (Staban)
    keeps the block and its context on the stack as plain data: the state check reads
    it, and the game resumes from its JSON alike."""
    others = [x for x in LEADERS if x != leader][:3]
    game = next(g for seed in range(1, 60)
                if _until_block(g := Game(players=4, seed=seed, sets=UPRISING, content=up,
                                          leaders=[leader] + others), seed))
    check_state(up, json.loads(game._engine.state.to_json()))
    back = Game.from_json(game.to_json(), content=up)
    assert back.decision() == game.decision() and back.legal_ids() == game.legal_ids()
    for _ in range(40):  # a few moves on: both alike
        if game.is_terminal():
            break
        action = game.legal_actions()[0]
        game.apply(action)
        back.apply(action)
    assert back.to_json() == game.to_json()
