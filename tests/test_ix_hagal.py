"""House Hagal rivals with Rise of Ix (rules 000, "Solo Mode" and "Two Player
Games"; HAGAL.md 1, 2.2, 3.4-3.9): the deck per mode, the rival leader pool, the
rivals' decisions on the set's mechanisms, the solo market pruning, tile use and
trades. docs/decisions.md ("House Hagal with Rise of Ix") lists the readings
pinned here. Tests of a whole flow that needs another part of the set's engine
(the market, the freighter, unit counts) are skipped, naming it, until it is merged."""
from __future__ import annotations

from collections import Counter

import pytest

from dunec.engine.rivals import deck as hagal, play as rivals
from dunec.engine.rivals import markets as rival_markets, tiles as rival_tiles
from dunec.engine.rules import costs as rules_costs, market as rules_market, resources as rules_resources
from dunec.engine.players import seats
from dunec.engine.loop import setup
from dunec.engine.loop.actions import NO, YES
from dunec.engine.effects.context import Ctx
from dunec.cardtest import reveal_conflict

from hagal_support import RivalGame

P1, P2, P3 = 0, 1, 2
BASE_POOL = ["glossu_rabban", "duke_leto_atreides", "baron_vladimir_harkonnen", "count_ilban_richese",
             "countess_ariana_thorvald", "earl_memnon_thorvald"]

@pytest.fixture
def ix(content):
    return content.select(("base", "ix"))


def solo(ix, **kw) -> RivalGame:
    g = RivalGame(ix, "solo", **kw)
    setup.give_sets(ix, g.state)  # as runner.new_state does
    for p in g.state.players:  # the market part's fields, given here where it is not merged yet
        if not hasattr(p, "tiles"):
            p.tiles, p.flipped = [], []
    if not hasattr(g.state, "markets"):
        g.state.markets = {}
    return g


def stacks(g, *stacks_):
    g.state.markets = {"tech_tiles": [list(s) for s in stacks_]}
    _elsewhere(g)


def own(g, seat, *tiles):
    for s in g.state.markets.get("tech_tiles", ()):
        s[:] = [t for t in s if t not in tiles]
    g.p(seat).tiles = list(tiles)
    _elsewhere(g)


def _elsewhere(g):
    """The tiles a test put neither in a stack nor with a player are trashed, so
    that every tile stays in one place (the market part's invariant)."""
    st = g.state
    if not hasattr(st, "tiles_trashed"):
        return
    left = Counter({m["id"]: m["copies"] for m in g.content.of_kind("tech")})
    left.subtract(t for s in st.markets.get("tech_tiles", ()) for t in s)
    left.subtract(t for p in st.players for t in p.tiles)
    st.tiles_trashed = sorted(left.elements())


# ---------------------------------------------------------------------- the deck and the leaders
def test_the_deck_per_mode_with_ix(ix):
    """HAGAL.md 1: 30 cards solo, 29 with two players; the overlay's covered spaces
    take Rally Troops and Hall of Oratory out by themselves."""
    for mode, total in (("solo", 30), ("duo", 29)):
        deck = Counter(hagal.cards_for(ix, mode))
        assert sum(deck.values()) == total
        assert "hagal_rally_troops" not in deck and "hagal_hall_of_oratory" not in deck
        for c in ("hagal_interstellar_shipping", "hagal_foldspace_or_shipping", "hagal_smuggling_or_shipping"):
            assert deck[c] == 1
    solo_deck, duo_deck = Counter(hagal.cards_for(ix, "solo")), Counter(hagal.cards_for(ix, "duo"))
    assert solo_deck["hagal_tech_negotiation"] == 2 and solo_deck["hagal_dreadnought_solo"] == 2
    assert "hagal_dreadnought_duo" not in solo_deck and "hagal_reshuffle" not in solo_deck
    assert duo_deck["hagal_dreadnought_duo"] == 2 and duo_deck["hagal_reshuffle"] == 1
    assert "hagal_tech_negotiation" not in duo_deck and "hagal_dreadnought_solo" not in duo_deck


def test_the_base_deck_is_unchanged(content):
    base = content.select(("base",))
    assert len(hagal.cards_for(base, "solo")) == 27 and len(hagal.cards_for(base, "duo")) == 28
    assert Counter(hagal.cards_for(base, "solo"))["hagal_rally_troops"] == 2


def test_a_game_with_ix_deals_the_ix_deck(ix):
    g = solo(ix)
    assert sorted(g.state.hagal_deck) == sorted(hagal.cards_for(ix, "solo"))


def test_rival_leaders_come_from_the_cards(content, ix):
    """The base pool keeps the order it was dealt from before it was data (the
    recorded solo games depend on it); Rise of Ix adds Rhombur and Hundro."""
    assert rivals.rival_leader_pool(content.select(("base",))) == BASE_POOL
    assert rivals.rival_leader_pool(ix) == BASE_POOL + ["prince_rhombur_vernius", "viscount_hundro_moritani"]
    seen = set()
    for seed in range(40):
        st = rivals.new_solo_game(ix, seed)
        seen.update(p.leader for p in st.players[1:])
    assert {"prince_rhombur_vernius", "viscount_hundro_moritani"} & seen


# ---------------------------------------------------------------------- shipping cards: where they go
def test_interstellar_shipping_needs_two_guild_influence(ix):
    """The space's own requirement applies to a rival (its cost does not)."""
    g = solo(ix)
    g.stack("hagal_interstellar_shipping", "hagal_conspire")
    g.rival_turn(P2)
    assert g.state.occupied == {"conspire": P2}
    assert any("Interstellar Shipping: it does not meet the requirement of Interstellar Shipping" in line
               for line in g.state.log)
    g.p(P2).influence["guild"] = 2
    assert hagal.target(g.engine, g.p(P2), ix.defs["hagal_interstellar_shipping"]) == ("interstellar_shipping", "")


def test_a_qualified_pick_tries_only_the_space_whose_requirement_it_meets(ix):
    """Foldspace / Interstellar Shipping: under 2 Guild influence only Foldspace is
    tried; with 2, only Interstellar Shipping, and a taken one is never swapped."""
    g = solo(ix)
    rival = g.p(P2)
    m = ix.defs["hagal_foldspace_or_shipping"]
    assert hagal.target(g.engine, rival, m) == ("foldspace_space", "")
    g.state.occupied["foldspace_space"] = P1
    assert hagal.target(g.engine, rival, m)[0] is None  # Interstellar Shipping is free but not tried
    rival.influence["guild"] = 2
    g.state.occupied = {"interstellar_shipping": P1}
    assert hagal.target(g.engine, rival, m)[0] is None  # Foldspace is free but not tried
    g.state.occupied = {}
    assert hagal.target(g.engine, rival, m) == ("interstellar_shipping", "")
    smug = ix.defs["hagal_smuggling_or_shipping"]
    rival.influence["guild"] = 1
    assert hagal.target(g.engine, rival, smug) == ("smuggling", "")


def test_foldspace_half_gives_guild_influence(ix):
    g = solo(ix)
    g.stack("hagal_foldspace_or_shipping")
    g.rival_turn(P2)
    assert g.state.occupied == {"foldspace_space": P2} and g.p(P2).influence["guild"] == 1
    g.finish()


def test_interstellar_shipping_moves_the_freighter_twice(ix):
    g = solo(ix)
    rules_resources.change_influence(g.engine, g.p(P2), "guild", 2)  # the space's requirement, VP and all
    g.stack("hagal_interstellar_shipping")
    g.rival_turn(P2)
    assert g.p(P2).tracks["shipping"] == 2
    g.finish()


# ---------------------------------------------------------------------- the freighter
def _apply(p, a):
    """What the engine does with a freighter move (the part BOARD owns), for the
    rival's choices to be followed through a worked example."""
    if a[0] == "advance":
        p.tracks[a[1]] += 1
    else:
        p.tracks[a[1]] = 0


def _moves(g, p, n):
    out = []
    for _ in range(n):
        opts = [("advance", "shipping"), ("cash_out", "shipping")]
        if p.tracks["shipping"] >= 3:
            opts = opts[1:]
        a = opts[rivals.choose(g.engine, p, "move", opts, lambda: None)]
        out.append((a[0], p.tracks["shipping"]))
        _apply(p, a)
    return out


def test_shipping_worked_example(ix):
    """HAGAL.md 3.7: 2 steps from the bottom advance to the 1st then the 2nd
    space; from the 2nd, the next 2 steps cash out and then advance to the 1st.
    It cashes out from the 2nd space: never from the top (its tech tile)."""
    g = solo(ix)
    rival = g.p(P2)
    assert _moves(g, rival, 2) == [("advance", 0), ("advance", 1)]
    assert rival.tracks["shipping"] == 2
    assert _moves(g, rival, 2) == [("cash_out", 2), ("advance", 0)]
    assert rival.tracks["shipping"] == 1


def test_the_two_player_rival_ships_the_same_way(ix):
    g = RivalGame(ix, "duo")
    setup.give_sets(ix, g.state)
    hag = g.p(P3)
    hag.tracks["shipping"] = 2
    opts = [("advance", "shipping"), ("cash_out", "shipping")]
    assert rivals.choose(g.engine, hag, "move", opts, lambda: None) == 1
    assert hag.tracks["shipping"] == 2  # recalled from the 2nd space: troops and influence, others 1 Solari


def test_a_rival_cash_out_pays_every_step_and_others_one_solari(ix):
    g = solo(ix)
    rival, you, other = g.p(P2), g.p(P1), g.p(P3)
    rules_resources.change_influence(g.engine, rival, "guild", 2)
    rival.tracks["shipping"] = 2
    before = (rival.solari, you.solari, other.solari, rival.garrison, sum(rival.influence.values()))
    g.stack("hagal_interstellar_shipping")
    g.rival_turn(P2)
    assert rival.tracks["shipping"] == 1
    assert rival.solari == before[0] + 5  # Dividends, not the 2 spice
    assert you.solari == before[1] + 1 and other.solari == before[2] + 1
    assert rival.garrison == before[3] + 2 and sum(rival.influence.values()) == before[4] + 1
    g.finish()


# ---------------------------------------------------------------------- tech: the purchase
def test_a_rival_buys_the_most_expensive_marked_tile_ties_topmost(ix):
    g = solo(ix)
    rival = g.p(P2)
    stacks(g, ["flagship", "memocorders"], ["spaceport", "windtraps"], ["artillery", "troop_transports"])
    opts = [("buy", "tech_tiles", "memocorders"), ("buy", "tech_tiles", "windtraps"),
            ("buy", "tech_tiles", "troop_transports"), ("pass",)]
    assert rivals.choose(g.engine, rival, "buy", opts, lambda: None) == 0  # all cost 2: the topmost stack
    stacks(g, ["memocorders"], ["shuttle_fleet"], ["spaceport"])
    opts = [("buy", "tech_tiles", t) for t in ("memocorders", "shuttle_fleet", "spaceport")] + [("pass",)]
    assert rivals.choose(g.engine, rival, "buy", opts, lambda: None) == 1  # 6 > 2; Spaceport has no mark
    opts = [("buy", "tech_tiles", "spaceport"), ("pass",)]
    assert rivals.choose(g.engine, rival, "buy", opts, lambda: None) == 1  # nothing it may buy: pass


def test_the_two_player_rival_ignores_tech(ix):
    g = RivalGame(ix, "duo")
    setup.give_sets(ix, g.state)
    g.state.markets = {"tech_tiles": [["memocorders"]]}
    opts = [("buy", "tech_tiles", "memocorders"), ("pass",)]
    assert rivals.choose(g.engine, g.p(P3), "buy", opts, lambda: None) == 1
    g.p(P3).spice = 9
    assert rival_markets.offers(g.engine, g.p(P3), "tech_tiles", 1) == []


def test_the_budget_is_spice_discount_and_negotiators(ix, monkeypatch):
    g = solo(ix)
    market = ix.vocab["ix"]["market"]["tech_tiles"]
    if "rebate" not in market:  # the market's rebate counter is declared by the market part (TECH)
        monkeypatch.setitem(market, "rebate", "negotiators")
    rival = g.p(P2)
    stacks(g, ["invasion_ships"], ["spy_satellites"], ["spaceport"])
    rival.spice = 2
    assert rival_markets.offers(g.engine, rival, "tech_tiles") == []
    assert rival_markets.offers(g.engine, rival, "tech_tiles", 1) == []
    rival.counters["negotiators"] = 1
    assert rival_markets.offers(g.engine, rival, "tech_tiles", 1) == [(1, "spy_satellites", 3)]
    rival.counters["negotiators"] = 2
    assert rival_markets.offers(g.engine, rival, "tech_tiles", 1) == [(0, "invasion_ships", 4), (1, "spy_satellites", 3)]


def _choose_frame(g, ident, box="hagal"):
    """The frame of a `choose` being asked, as the step loop leaves it on top."""
    g.state.stack.append({"do": "choose_pick", "then": {"do": "choose_run", "ref": [ident, box], "i": 0}})


def test_tech_negotiation_buys_when_it_can_else_a_negotiator(ix):
    g = solo(ix)
    rival = g.p(P2)
    opts = [("option", "hagal_tech_negotiation", 0, None), ("option", "hagal_tech_negotiation", 1, None)]
    stacks(g, ["flagship"], ["spaceport"])
    rival.spice = 6
    _choose_frame(g, "hagal_tech_negotiation")
    assert rivals.choose(g.engine, rival, "choose", opts, lambda: [9, 0]) == 1  # 8 - 1 > 6: the negotiator
    rival.spice = 7
    assert rivals.choose(g.engine, rival, "choose", opts, lambda: [0, 9]) == 0  # 8 - 1 = 7: the tile
    g.state.stack.pop()


def test_rhombur_signet_reads_the_same_rule(ix):
    g = solo(ix)
    rival = g.p(P2)
    stacks(g, ["windtraps"])
    _choose_frame(g, "prince_rhombur_vernius", "signet")
    opts = [("option", "prince_rhombur_vernius", 0, None), ("option", "prince_rhombur_vernius", 1, None)]
    assert rivals.choose(g.engine, rival, "choose", opts, lambda: [9, 0]) == 1  # no spice: the negotiator
    rival.spice = 2
    assert rivals.choose(g.engine, rival, "choose", opts, lambda: [0, 9]) == 0
    g.state.stack.pop()


def test_tech_negotiation_without_a_tile_it_may_buy_places_a_negotiator(ix):
    """The whole card: nothing affordable, so the negotiator (no market needed)."""
    g = solo(ix)
    stacks(g, ["spaceport"], ["artillery"])
    g.p(P2).spice = 9
    g.stack("hagal_tech_negotiation")
    g.rival_turn(P2)
    assert g.state.occupied == {"tech_negotiation": P2} and g.p(P2).counters["negotiators"] == 1
    g.finish()


def test_tech_negotiation_buys_and_pays_discount_then_negotiators_then_spice(ix):
    g = solo(ix)
    rival = g.p(P2)
    stacks(g, ["flagship"], ["spy_satellites"], ["spaceport"])
    rival.spice = 5
    rules_resources.gain(g.engine, rival, "negotiators", 2)  # two troops from its supply
    supply = rival.supply
    g.stack("hagal_tech_negotiation")
    g.rival_turn(P2)
    assert "flagship" in rival.tiles and rival.counters["negotiators"] == 0 and rival.spice == 0
    assert rival.supply == supply + 2  # the negotiators went back to its supply
    g.finish()


def test_the_dreadnought_card_fails_with_no_dreadnought_in_supply(ix):
    g = solo(ix)
    rival = g.p(P2)
    rival.units["dreadnought"]["supply"] = 0
    rival.units["dreadnought"]["garrison"] = 2
    g.stack("hagal_dreadnought_solo", "hagal_conspire")
    g.rival_turn(P2)
    assert g.state.occupied == {"conspire": P2}
    g.finish()


def test_the_two_player_rival_gains_dreadnoughts_but_no_negotiators(ix):
    """It gains units like troops (HAGAL.md 2.4: influence, troops, dreadnoughts and
    shipping steps), never resources or a set's counters."""
    d = RivalGame(ix, "duo")
    setup.give_sets(ix, d.state)
    hag = d.p(P3)
    rules_resources.gain(d.engine, hag, "dreadnought", 1)
    rules_resources.gain(d.engine, hag, "negotiators", 1)
    rules_resources.gain(d.engine, hag, "solari", 5)
    assert hag.units["dreadnought"]["garrison"] == 1 and hag.counters["negotiators"] == 0 and hag.solari == 0


def test_the_two_player_dreadnought_card(ix):
    g = RivalGame(ix, "duo")
    setup.give_sets(ix, g.state)
    hag = g.p(P3)
    g.stack("hagal_dreadnought_duo")
    g.rival_turn(P3)
    assert hag.units["dreadnought"]["garrison"] == 1 and hag.garrison == 2
    g.finish()


# ---------------------------------------------------------------------- tech: pruning
def test_pruning_trashes_from_the_largest_stack_until_a_marked_tile_shows(ix):
    defs = ix.defs
    markets = {"tech_tiles": [["windtraps", "spaceport"], ["memocorders", "artillery", "holoprojectors"],
                              ["flagship", "minimic_film", "restricted_ordnance"]]}
    gone = rules_market.prune_markets(defs, markets)
    # 2, 3, 3: a tie, the topmost of the two; then 2, 2, 3: the largest; then 2, 2, 2:
    # the topmost, which shows Windtraps.
    assert gone == ["holoprojectors", "restricted_ordnance", "spaceport"]
    assert markets["tech_tiles"] == [["windtraps"], ["memocorders", "artillery"], ["flagship", "minimic_film"]]
    assert rules_market.prune_markets(defs, markets) == []  # a marked tile shows: nothing more


def test_pruning_stops_when_the_market_is_empty(ix):
    markets = {"tech_tiles": [["spaceport"], ["artillery"], []]}
    assert rules_market.prune_markets(ix.defs, markets) == ["spaceport", "artillery"]
    assert markets == {"tech_tiles": [[], [], []]}


def test_pruning_runs_after_each_turn_in_solo_only(ix):
    g = solo(ix)
    stacks(g, ["windtraps", "spaceport"], ["artillery"])
    rivals.after_turn(g.engine)
    assert g.state.markets["tech_tiles"] == [["windtraps"], ["artillery"]]
    d = RivalGame(ix, "duo")
    setup.give_sets(ix, d.state)
    d.state.markets = {"tech_tiles": [["windtraps", "spaceport"], ["artillery"]]}
    rules_market.prune(d.engine)
    assert d.state.markets["tech_tiles"] == [["windtraps", "spaceport"], ["artillery"]]


def test_the_market_is_pruned_when_a_solo_game_starts(ix):
    g = solo(ix)
    stacks(g, ["windtraps", "spaceport"], ["artillery"])
    rivals.game_start(g.engine)
    assert g.state.markets["tech_tiles"] == [["windtraps"], ["artillery"]]
    assert any("trashed Spaceport" in line for line in g.state.log)


# ---------------------------------------------------------------------- dreadnoughts
def test_dreadnought_placement_prefers_an_opponents_marker_then_uncontrolled(ix):
    g = solo(ix)
    rival = g.p(P2)
    opts = [("place", "dreadnought", loc) for loc in ("arrakeen", "carthag", "imperial_basin")]
    assert rivals.choose(g.engine, rival, "place_unit", opts, lambda: None) == 2  # none held: Imperial Basin
    g.state.control = {"imperial_basin": P2}
    assert rivals.choose(g.engine, rival, "place_unit", opts, lambda: None) == 0  # avoid its own: Arrakeen
    g.state.control = {"imperial_basin": P2, "carthag": P1}
    assert rivals.choose(g.engine, rival, "place_unit", opts, lambda: None) == 1  # cover P1's marker
    g.state.control = {"imperial_basin": P2, "arrakeen": P2, "carthag": P2}
    assert rivals.choose(g.engine, rival, "place_unit", opts, lambda: None) == 2
    only_own = [("place", "dreadnought", "arrakeen")]
    assert rivals.choose(g.engine, rival, "place_unit", only_own + [("place", "dreadnought", "carthag")],
                         lambda: None) == 0


def test_the_two_player_rival_places_no_dreadnought(ix):
    """HAGAL.md OQ 13: it controls nothing, so a win places no unit (seats.places_units)."""
    d = RivalGame(ix, "duo")
    g = solo(ix)
    assert not seats.places_units(d.engine, d.p(P3)) and seats.places_units(d.engine, d.p(P1))
    assert seats.places_units(g.engine, g.p(P2))


def test_a_rival_prefers_a_dreadnought_and_always_deploys_the_most(ix):
    g = solo(ix)
    rival = g.p(P2)
    assert rivals.choose(g.engine, rival, "deploy", [("deploy", i) for i in range(4)], lambda: [9, 0, 0, 0]) == 3
    # Detonation Devices and other optional trades: always yes.
    assert rivals.choose(g.engine, rival, "win", [YES, NO], lambda: [0, 9]) == 0


def test_a_choose_between_a_dreadnought_and_troops_takes_the_dreadnought(ix, monkeypatch):
    """No printed card offers it yet; the rule reads any `choose` whose option gains a unit kind."""
    from dunec.ir.ops import Op
    g = solo(ix)
    rival = g.p(P2)
    op = Op("choose", (1,), alts=((Op("gain", ("troops", 2)),), (Op("gain", ("dreadnought", 1)),)))
    monkeypatch.setitem(g.engine.content.programs, ("test_card", "agent"), (op,))
    _choose_frame(g, "test_card", "agent")
    opts = [("option", "test_card", 0, None), ("option", "test_card", 1, None)]
    assert rivals.choose(g.engine, rival, "choose", opts, lambda: [9, 0]) == 1
    rival.units["dreadnought"]["supply"] = 0
    assert rivals.choose(g.engine, rival, "choose", opts, lambda: [9, 0]) == 0  # none left: by value
    g.state.stack.pop()


# ---------------------------------------------------------------------- tiles a rival owns
def test_invasion_ships_lets_a_rival_share_a_space_and_flips(ix):
    g = solo(ix)
    rival = g.p(P2)
    g.state.occupied["conspire"] = P1
    assert not hagal.can_visit(g.engine, rival, "conspire")
    own(g, P2, "invasion_ships")
    assert hagal.can_visit(g.engine, rival, "conspire")
    g.stack("hagal_conspire")
    g.rival_turn(P2)
    assert [["conspire", P2]] == g.state.infiltrators and rival.flipped == ["invasion_ships"]
    assert rival.influence["emperor"] == 1
    assert not hagal.can_visit(g.engine, rival, "wealth") or "wealth" not in g.state.occupied


def test_training_drones_flip_at_the_first_opportunity(ix):
    g = solo(ix)
    rival = g.p(P2)
    own(g, P2, "training_drones")
    g.stack("hagal_carthag")
    g.rival_turn(P2)
    # Carthag recruits 1 and the drones 1: both deployed, with up to 2 from the garrison.
    assert rival.flipped == ["training_drones"] and rival.conflict == 2 + 2
    g.stack("hagal_foldspace")
    garrison = rival.garrison
    g.rival_turn(P2)
    assert rival.garrison == garrison  # flipped already this round
    g.finish()


def test_training_drones_wait_for_a_troop_in_supply(ix):
    g = solo(ix)
    rival = g.p(P2)
    own(g, P2, "training_drones")
    rival.garrison, rival.supply = rival.garrison + rival.supply, 0
    g.stack("hagal_conspire")
    g.rival_turn(P2)
    assert rival.flipped == []  # nothing to recruit: the opportunity has not come
    g.finish()


@pytest.mark.parametrize("solari,supply,card,used", [
    (4, 9, "hagal_carthag", True),  # a combat card, 4 Solari, 3 troops in supply: spend, flip, recruit, deploy
    (3, 9, "hagal_carthag", False),  # not without the Solari
    (4, 3, "hagal_carthag", False),  # nor without 3 troops in supply besides the card's recruit
    (4, 9, "hagal_foldspace", False),  # nor off a combat card
])
def test_flagship_on_a_combat_card(ix, solari, supply, card, used):
    g = solo(ix)
    rival = g.p(P2)
    own(g, P2, "flagship")
    rival.solari = solari
    rival.garrison, rival.supply = rival.garrison + rival.supply - supply, supply
    g.stack(card)
    g.rival_turn(P2)
    assert (rival.flipped == ["flagship"]) == used
    assert rival.solari == solari - 4 * used
    if card == "hagal_carthag":  # 1 recruited by the card, 3 by the Flagship, and 2 from the garrison
        assert rival.conflict == 1 + 3 * used + 2
    g.finish()


def test_training_drones_flip_when_acquired(ix):
    g = solo(ix)
    rival = g.p(P2)
    stacks(g, ["training_drones"], ["spaceport"])
    rival.spice = 2
    garrison = rival.garrison
    g.stack("hagal_tech_negotiation")
    g.rival_turn(P2)
    assert rival.tiles == ["training_drones"] and rival.flipped == ["training_drones"]
    assert rival.garrison == garrison + 1
    g.finish()


def test_spy_satellites_trade_on_its_own_turn_in_the_trade_order(ix):
    g = solo(ix)
    rival = g.p(P2)
    own(g, P2, "spy_satellites", "sonic_snoopers")
    rival.spice = 3
    rivals.trade(g.engine, rival)  # someone else's turn: not now
    assert rival.tiles == ["spy_satellites", "sonic_snoopers"] and rival.vp == 0
    g.stack("hagal_foldspace")
    g.rival_turn(P2)
    assert rival.tiles == ["sonic_snoopers"] and rival.spice == 0 and rival.vp_ledger.get("trades") == 1
    assert any("Spy Satellites for VP" in line for line in g.state.log)


def test_sonic_snoopers_is_never_trashed(ix):
    g = solo(ix)
    rival = g.p(P2)
    own(g, P2, "sonic_snoopers")
    rival.spice = 9
    assert rival_tiles.vp_trades(g.engine, rival) == []
    assert rival_tiles.recruit_tile(g.engine, rival, combat=True) is None


def test_seven_spice_only_in_a_level_three_conflict_with_ix(ix):
    g = solo(ix)
    rival = g.p(P2)
    rival.spice = 8
    reveal_conflict(g.state, "ix_skirmish_a")
    rivals.trade(g.engine, rival)
    assert rival.spice == 8 and rival.vp == 0
    reveal_conflict(g.state, next(m["id"] for m in ix.of_kind("conflict") if m.get("level") == 3))
    rivals.trade(g.engine, rival)
    assert rival.spice == 1 and rival.vp == 1


def test_holtzman_engine_is_worth_a_vp_to_a_rival(ix):
    """A rival holds no cards: it counts as holding two of any (HAGAL.md 3.8)."""
    g = solo(ix)
    q = ("copies", "the_spice_must_flow")
    assert rules_costs.quantity(g.engine, Ctx(g.engine, g.p(P2)), q) == 2
    assert rules_costs.quantity(g.engine, Ctx(g.engine, g.p(P1)), q) == 0
    own(g, P2, "holtzman_engine")
    before = g.p(P2).vp
    g.engine.run_box("holtzman_engine", "endgame", Ctx(g.engine, g.p(P2), card="holtzman_engine", box="endgame"))
    g.engine.drive()
    assert g.p(P2).vp == before + 1


def test_sonic_snoopers_draws_an_intrigue_on_acquire(ix):
    g = solo(ix)
    rival = g.p(P2)
    n = len(rival.intrigue)
    g.engine.run_box("sonic_snoopers", "acquire", Ctx(g.engine, rival, card="sonic_snoopers", box="acquire"))
    g.engine.drive()
    assert len(rival.intrigue) == n + 1


def test_a_rival_game_with_ix_tiles_saves_mid_turn(ix):
    """Tiles and the flip are plain data: the state after a rival turn is JSON."""
    g = solo(ix)
    own(g, P2, "training_drones")
    g.stack("hagal_conspire")
    g.rival_turn(P2)
    assert g.p(P2).flipped == ["training_drones"]
    if "tiles" in type(g.p(P2)).__dataclass_fields__:
        from dunec.engine.loop.state import GameState
        back = GameState.from_json(g.state.to_json())
        assert back.players[P2].flipped == ["training_drones"]


def test_both_back_ends_play_the_rival_turns_alike(interpreted, compiled):
    """The same stacked cards and tiles give byte for byte the same state."""
    digests = []
    for c in (interpreted, compiled):
        g = solo(c.select(("base", "ix")))
        stacks(g, ["spaceport"], ["artillery"])
        own(g, P2, "training_drones", "flagship")
        g.p(P2).solari = 4
        for seat, card in ((P2, "hagal_carthag"), (P3, "hagal_tech_negotiation"), (P2, "hagal_foldspace_or_shipping")):
            g.stack(card)
            g.rival_turn(seat)
        g.finish()
        digests.append((g.state.digest(), g.state.log_digest()))
    assert digests[0] == digests[1]
