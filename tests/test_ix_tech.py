"""Rise of Ix's tech tiles as a generic market (issue 9): the market dealt at
setup, buying with a discount, negotiators or another counter, tiles used once a
round and refreshed, each tile's effect, and a game paused mid-purchase.
Every scenario runs on both back-ends."""
from __future__ import annotations

import pytest

from dunec.engine.players import hints
from dunec.engine.checks import invariants
from dunec.engine.rules import market as rules_market, tiles as rules_tiles
from dunec.engine.loop import turns
from dunec.engine.loop.game import Engine
from dunec.engine.players.policies import RandomPolicy, ScriptedPolicy
from dunec.engine.runs.runner import new_state
from dunec.engine.loop.state import GameState
from scenario import Scenario

MARKET = "tech_tiles"


@pytest.fixture(scope="module")
def ix(content):
    return content.select(("base", "ix"))


def game(ix, players: int = 3, seed: int = 0) -> Scenario:
    return Scenario(ix, players=players, seed=seed)


class Last(ScriptedPolicy):
    """Answers every decision with its last option (pass, stop buying, end turn)
    and notes the player's Persuasion and swords when the reveal turn buys."""

    def __init__(self):
        super().__init__([])
        self.at_buy = []

    def choose(self, engine, player, kind, actions, hints):
        if kind == "buy":
            self.at_buy.append((player.persuasion, player.swords))
        return len(actions) - 1


def on_top(g: Scenario, tile: str, stack: int = 0) -> None:
    """Put a tile face up on top of a stack (wherever it was dealt)."""
    for s in g.state.markets[MARKET]:
        if tile in s:
            s.remove(tile)
    g.state.markets[MARKET][stack].append(tile)


def give(g: Scenario, seat: int, *tiles: str) -> None:
    for t in tiles:
        for s in g.state.markets[MARKET]:
            if t in s:
                s.remove(t)
        g.p(seat).tiles.append(t)


def buy(g: Scenario, seat: int, *answers, discount: int = 0, currency: str = "") -> None:
    g.answer(seat, *answers)
    rules_market.buy(g.engine, g.engine.context(g.p(seat)), MARKET, discount, currency)
    g.engine.drive()
    g.done()


def check(g: Scenario) -> None:
    invariants.check(g.engine)


# ---------------------------------------------------------------------- the market at setup
def test_the_market_is_three_stacks_of_six_with_the_tops_face_up(ix):
    st = new_state(ix, 3, 7, ["random"] * 3)
    stacks = st.markets[MARKET]
    assert [len(s) for s in stacks] == [6, 6, 6]
    tiles = [t for s in stacks for t in s]
    assert sorted(tiles) == sorted(m["id"] for m in ix.of_kind("tech")) and len(set(tiles)) == 18
    assert [t for _, t in rules_market.face_up(st, MARKET)] == [s[-1] for s in stacks]


def test_the_market_is_dealt_from_the_seed(ix, interpreted, compiled):
    def deal(c, seed):
        return new_state(c.select(("base", "ix")), 4, seed, ["random"] * 4).markets

    assert deal(interpreted, 3) == deal(compiled, 3) == deal(ix, 3)
    assert deal(ix, 3) != deal(ix, 4)


def test_a_base_game_has_no_market_and_draws_nothing_more_from_the_rng(content):
    base = content.select(("base",))
    st = new_state(base, 4, 5, ["random"] * 4)
    assert st.markets == {} and all(p.tiles == [] for p in st.players)
    from dunec.engine.loop.setup import new_game
    assert st.rng_state == new_game(base, 4, 5).rng_state


# ---------------------------------------------------------------------- buying
def test_buying_pays_spice_and_turns_the_next_tile_face_up(ix):
    g = game(ix)
    on_top(g, "minimic_film", 0)
    below = g.state.markets[MARKET][0][-2]
    g.p(0).spice = 5
    buy(g, 0, ("buy", MARKET, "minimic_film"))
    assert g.p(0).tiles == ["minimic_film"] and g.p(0).spice == 3
    assert g.state.markets[MARKET][0][-1] == below
    kind, shown = g.asked(0)[0]
    assert kind == "buy" and shown[-1] == "pass" and "buy Minimic Film (2)" in shown
    check(g)


def test_negotiators_pay_first_and_only_what_is_needed(ix):
    g = game(ix)
    on_top(g, "minimic_film", 0)  # cost 2
    g.p(0).spice, g.p(0).counters["negotiators"] = 4, 3
    buy(g, 0, ("buy", MARKET, "minimic_film"))
    assert (g.p(0).counters["negotiators"], g.p(0).spice) == (1, 4)


def test_the_discount_comes_first_then_negotiators_then_spice(ix):
    g = game(ix)
    on_top(g, "flagship", 1)  # cost 8
    g.p(0).spice, g.p(0).counters["negotiators"] = 6, 1
    buy(g, 0, ("buy", MARKET, "flagship"), discount=1)
    assert (g.p(0).counters["negotiators"], g.p(0).spice) == (0, 0)
    assert g.p(0).tiles == ["flagship"] and g.p(0).vp == 1  # its acquisition bonus


def test_buying_with_another_counter(ix):
    """Appropriate: `buy tech_tiles with solari` pays Solari instead of spice."""
    g = game(ix)
    on_top(g, "windtraps", 2)
    g.p(0).spice, g.p(0).solari, g.p(0).water = 9, 2, 0
    buy(g, 0, ("buy", MARKET, "windtraps"), currency="solari")
    assert (g.p(0).solari, g.p(0).spice, g.p(0).water) == (0, 9, 1)


def test_what_cannot_be_afforded_is_not_offered(ix):
    g = game(ix)
    on_top(g, "artillery", 0)  # 1
    on_top(g, "holtzman_engine", 1)  # 6
    on_top(g, "flagship", 2)  # 8
    g.p(0).spice, g.p(0).counters["negotiators"] = 4, 1
    offers = rules_market.offers(g.engine, g.p(0), MARKET, discount=1)
    assert offers == [(0, "artillery", 0), (1, "holtzman_engine", 5)]
    g.p(0).spice = 0
    g.p(0).counters["negotiators"] = 0
    g.p(0).tiles = []
    assert rules_market.offers(g.engine, g.p(0), MARKET) == []
    buy(g, 0)  # nothing affordable: nothing asked
    assert g.asked(0) == [] and g.p(0).tiles == []


def test_passing_buys_nothing(ix):
    g = game(ix)
    g.p(0).spice = 20
    stacks = [list(s) for s in g.state.markets[MARKET]]
    buy(g, 0, "pass")
    assert g.p(0).tiles == [] and g.p(0).spice == 20 and g.state.markets[MARKET] == stacks


def test_the_tech_negotiation_space_buys_for_one_less_or_gives_a_negotiator(ix):
    g = game(ix)
    on_top(g, "training_drones", 0)  # 3
    g.p(0).spice = 2
    g.answer(0, 0, ("buy", MARKET, "training_drones"))
    g.agent(0, _any_card(ix, "tech_negotiation"), "tech_negotiation")
    assert g.p(0).tiles == ["training_drones"] and g.p(0).spice == 0
    g2 = game(ix)
    g2.answer(0, 1)
    g2.agent(0, _any_card(ix, "tech_negotiation"), "tech_negotiation")
    assert g2.p(0).counters["negotiators"] == 1 and g2.p(0).persuasion == 1


def _any_card(ix, space: str) -> str:
    """A card whose icons send an agent to the space."""
    icon = ix.defs[space]["icon"]
    return next(m["id"] for m in sorted(ix.of_kind("card"), key=lambda m: m["id"]) if icon in m.get("icons", ())
                and "agent" not in m["boxes"])


def test_a_game_paused_in_a_buy_decision_resumes_from_json_and_a_clone(ix):
    g = game(ix)
    on_top(g, "spaceport", 0)
    g.p(0).spice = 5
    g.p(0).deck = ["dagger", "convincing_argument", "diplomacy"]
    rules_market.buy(g.engine, g.engine.context(g.p(0)), MARKET, 0, "")
    g.engine.advance()
    assert g.state.pending["kind"] == "buy"
    saved = g.state.to_json()
    clone = g.state.copy()
    back = GameState.from_json(saved)
    assert back.to_json() == saved
    i = g.state.pending["options"].index(("buy", MARKET, "spaceport"))
    results = []
    for st in (g.state, clone, back):
        e = Engine(ix, st, [ScriptedPolicy([]) for _ in range(3)])
        e.answer(i)
        e.drive()
        results.append(st.digest())
        assert st.players[0].tiles == ["spaceport"] and len(st.players[0].hand) == 2
    assert len(set(results)) == 1


def test_greedy_hints_value_a_tile_at_about_its_cost_and_random_can_answer(ix):
    g = game(ix)
    on_top(g, "artillery", 0)
    on_top(g, "spy_satellites", 1)
    g.p(0).spice = 10
    options = [("buy", MARKET, "artillery"), ("buy", MARKET, "spy_satellites"), ("pass",)]
    values = hints.of(g.engine, g.p(0), "buy", options, [0, ""])
    assert values[0] > values[2] and values[1] > values[2]  # a tile is worth buying at its price
    g.p(0).counters["negotiators"] = 4  # the negotiators pay: the spice kept is worth more
    assert hints.of(g.engine, g.p(0), "buy", options, [0, ""])[1] > values[1]
    assert 0 <= RandomPolicy(1, 0).choose(g.engine, g.p(0), "buy", options, lambda: None) < 3


# ---------------------------------------------------------------------- using tiles
def test_a_flipping_tile_is_used_once_per_round_and_refreshed_at_round_start(ix):
    g = game(ix)
    give(g, 0, "training_drones")
    g.answer(0, "use Training Drones")  # then the menu holds only the reveal: taken at once
    garrison = g.p(0).garrison
    g.turn(0)
    g.done()
    assert g.p(0).garrison == garrison + 1 and g.p(0).flipped == ["training_drones"]
    assert turns.tile_options(g.engine, g.p(0)) == []  # flipped: not offered again this round
    g.state.conflict_deck.append("ix_skirmish_b")
    turns.round_start(g.engine)
    g.engine.drive()
    assert g.p(0).flipped == []
    check(g)


def test_a_tile_is_used_after_the_agent_action_too(ix):
    g = game(ix)
    give(g, 0, "training_drones")
    g.p(0).hand = [_any_card(ix, "tech_negotiation")]
    g.answer(0, ("place", g.p(0).hand[0], "tech_negotiation"), 1, "use Training Drones")
    g.turn(0)
    assert g.p(0).flipped == ["training_drones"] and g.p(0).counters["negotiators"] == 1


def test_flagship_pays_4_solari_for_3_troops(ix):
    g = game(ix)
    give(g, 0, "flagship")
    g.p(0).solari = 5
    garrison = g.p(0).garrison
    g.answer(0, "use Flagship", "reveal")
    g.turn(0)
    assert (g.p(0).solari, g.p(0).garrison) == (1, garrison + 3)
    g2 = game(ix)
    give(g2, 0, "flagship")
    g2.p(0).solari = 3
    g2.answer(0, "reveal")
    g2.turn(0)
    assert not any("use Flagship" in s for _, s in g2.asked(0))  # cannot pay: not offered


def test_holoprojectors_discard_a_card_to_draw_a_card(ix):
    g = game(ix)
    give(g, 0, "holoprojectors")
    g.p(0).hand = ["dagger", "convincing_argument"]
    g.p(0).deck = ["diplomacy"]
    g.answer(0, "discard Dagger")
    rules_tiles.use(g.engine, g.p(0), "holoprojectors")
    g.engine.drive()
    g.done()
    assert (g.p(0).discard, g.p(0).hand) == (["dagger"], ["convincing_argument", "diplomacy"])
    assert g.p(0).flipped == ["holoprojectors"]


def test_invasion_ships_discard_to_infiltrate(ix):
    g = game(ix)
    give(g, 0, "invasion_ships")
    g.p(0).hand = ["dagger", "diplomacy"]
    g.answer(0, "discard Dagger")
    rules_tiles.use(g.engine, g.p(0), "invasion_ships")
    g.engine.drive()
    g.done()
    assert g.p(0).flipped == ["invasion_ships"] and g.p(0).discard == ["dagger"] and g.p(0).infiltrate


def test_invasion_ships_lets_the_agent_past_an_enemy(ix):
    g = game(ix)
    give(g, 0, "invasion_ships")
    card = _any_card(ix, "tech_negotiation")
    g.p(0).hand = ["dagger", card]
    g.state.occupied["tech_negotiation"] = 1
    g.answer(0, ("place", card, "tech_negotiation"))
    assert ("place", card, "tech_negotiation") not in turns.agent_options(g.engine, g.p(0))  # blocked
    g.scripts[0].answers.clear()
    g.answer(0, "use Invasion Ships", "discard Dagger", ("place", card, "tech_negotiation"), 1, "end turn")
    g.turn(0)
    assert g.p(0).counters["negotiators"] == 1


def test_sonic_snoopers_gives_an_intrigue_card_and_is_trashed_when_used(ix):
    g = game(ix)
    on_top(g, "sonic_snoopers", 0)
    g.p(0).spice = 2
    buy(g, 0, ("buy", MARKET, "sonic_snoopers"))
    assert len(g.p(0).intrigue) == 1
    assert ("use", "sonic_snoopers") in turns.tile_options(g.engine, g.p(0))
    check(g)


def test_spy_satellites_trashes_itself_for_a_vp(ix):
    g = game(ix)
    give(g, 0, "spy_satellites")
    g.p(0).spice = 3
    g.answer(0, "use Spy Satellites", "reveal")
    g.turn(0)
    assert g.p(0).tiles == [] and g.state.tiles_trashed == ["spy_satellites"]
    assert (g.p(0).spice, g.p(0).vp) == (0, 1)
    check(g)
    g2 = game(ix)
    give(g2, 0, "spy_satellites")
    g2.p(0).spice = 2
    assert turns.tile_options(g2.engine, g2.p(0)) == []


# ---------------------------------------------------------------------- acquisition bonuses
@pytest.mark.parametrize("tile, answers, gained", [
    ("windtraps", (), {"water": 1}),
    ("invasion_ships", (), {"garrison": 4}),
    ("chaumurky", (), {"intrigue": 2}),
    ("spaceport", (), {"hand": 2}),
    ("memocorders", ("+1 Influence with Fremen",), {"fremen": 1}),
    ("shuttle_fleet", ("+1 Influence with Emperor", "+1 Influence with Fremen"), {"emperor": 1, "fremen": 1}),
    ("disposal_facility", ("trash Dagger",), {"hand": -1, "trashed": 1}),
    ("troop_transports", (), {}),
])
def test_acquisition_bonuses(ix, tile, answers, gained):
    g = game(ix)
    on_top(g, tile, 0)
    p = g.p(0)
    p.spice = 10
    p.deck = ["convincing_argument", "diplomacy"]
    p.hand = ["dagger"]

    def seen():
        return {"water": p.water, "garrison": p.garrison, "intrigue": len(p.intrigue), "hand": len(p.hand),
                "fremen": p.influence["fremen"], "emperor": p.influence["emperor"], "trashed": len(p.trashed)}

    before = seen()
    buy(g, 0, ("buy", MARKET, tile), *answers)
    after = seen()
    assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == gained
    check(g)


# ---------------------------------------------------------------------- reveal, round start, win, endgame
def reveal_turn(g: Scenario, seat: int) -> Last:
    """A whole reveal turn of Convincing Argument (2 Persuasion), with a card of
    cost 1 on the Row so that the purchases are asked, then ended at once; what
    the buy step saw."""
    g.p(seat).hand = ["convincing_argument"]
    g.state.imperium_row = ["missionaria_protectiva"]
    last = g.scripts[seat] = Last()
    g.engine.policies[seat] = last
    g.reveal(seat)
    return last


def test_minimic_film_gives_persuasion_on_the_reveal_turn(ix):
    g = game(ix)
    assert reveal_turn(g, 0).at_buy == [(2, 0)]
    g = game(ix)
    give(g, 0, "minimic_film")
    assert reveal_turn(g, 0).at_buy == [(3, 0)]


def test_restricted_ordnance_needs_a_high_council_seat(ix):
    g = game(ix)
    give(g, 0, "restricted_ordnance")
    assert reveal_turn(g, 0).at_buy == [(2, 0)]
    g = game(ix)
    give(g, 0, "restricted_ordnance")
    g.p(0).seat_on_council = True
    assert reveal_turn(g, 0).at_buy == [(4, 4)]  # the seat's 2 Persuasion, the tile's 4 swords


def test_round_start_tiles_and_the_refresh(ix):
    g = game(ix)
    give(g, 0, "shuttle_fleet", "holtzman_engine")
    g.p(0).deck = ["dagger"] * 7
    g.p(0).flipped = []
    g.state.conflict_deck.append("ix_skirmish_b")
    solari = g.p(0).solari
    turns.round_start(g.engine)
    g.engine.drive()
    assert g.p(0).solari == solari + 2 and len(g.p(0).hand) == 6


def test_windtraps_and_win_boxes_run_for_the_conflicts_winner(ix):
    g = game(ix)
    give(g, 0, "windtraps")
    g.p(0).conflict, g.p(1).conflict = 3, 1
    for seat in range(3):
        g.engine.policies[seat] = Last()
    water = [p.water for p in g.state.players]
    g.combat()
    assert [p.water - w for p, w in zip(g.state.players, water)] == [1, 0, 0]
    assert g.p(0).vp_ledger.get("cards") == 1  # skirmish: 1st place's VP


@pytest.mark.parametrize("tile, setup, vp", [
    ("holtzman_engine", lambda p: p.deck.extend(["the_spice_must_flow"] * 2), 1),
    ("holtzman_engine", lambda p: p.deck.extend(["the_spice_must_flow"]), 0),
    ("memocorders", lambda p: p.influence.update({f: 3 for f in p.influence}), 1),
    ("memocorders", lambda p: p.influence.update({"emperor": 3, "guild": 3, "bene_gesserit": 3}), 0),
    ("spy_satellites", lambda p: p.influence.update({"emperor": 1, "guild": 0, "bene_gesserit": 2, "fremen": 5}), 2),
])
def test_endgame_tiles(ix, tile, setup, vp):
    g = game(ix)
    give(g, 0, tile)
    p = g.p(0)
    p.influence = {f: 0 for f in p.influence}
    p.vp_ledger, p.vp = {}, 0
    setup(p)
    g.state.stack.append({"do": "endgame_tiles", "seat": 0})
    g.engine.drive()
    assert p.vp == vp


def test_chaumurky_wins_ties_in_the_standings(ix):
    g = game(ix)
    for p in g.state.players:
        p.vp, p.vp_ledger, p.spice, p.solari, p.water, p.garrison = 5, {"cards": 5}, 0, 0, 0, 0
    g.p(1).spice = 3
    give(g, 2, "chaumurky")
    g.state.stack.append({"do": "standings"})
    g.engine.drive()
    assert [s["seat"] for s in g.state.standings] == [2, 1, 0]
    assert [s["rank"] for s in g.state.standings] == [1, 2, 3]


# ---------------------------------------------------------------------- passives on other rules
def test_spaceport_lets_acquired_cards_go_on_top_of_the_deck(ix):
    g = game(ix)
    give(g, 0, "spaceport")
    from dunec.engine.rules import cards as rules_cards
    g.answer(0, "put ")
    rules_cards.receive_card(g.engine, g.p(0), "dagger")
    g.engine.drive()
    assert g.p(0).deck[-1:] == ["dagger"]
    g2 = game(ix)
    rules_cards.receive_card(g2.engine, g2.p(0), "dagger")
    g2.engine.drive()
    assert g2.p(0).discard == ["dagger"] and g2.asked(0) == []


def test_troop_transports_gives_one_more_troop_from_the_shipping_track_and_may_deploy(ix):
    g = game(ix)
    give(g, 0, "troop_transports")
    p = g.p(0)
    p.tracks["shipping"] = 2
    g.state.turn_kind = "agent"
    garrison = p.garrison
    g.answer(0, "+1 Influence with Emperor", ("deploy", 3), "+2 spice")
    g.engine.context(p).cash_out("shipping")
    g.engine.drive()
    assert (p.garrison, p.conflict) == (garrison, 3)
    check(g)


def test_without_troop_transports_the_shipping_track_gives_what_it_prints(ix):
    g = game(ix)
    p = g.p(0)
    p.tracks["shipping"] = 2
    garrison = p.garrison
    g.answer(0, "+1 Influence with Emperor", "+2 spice")
    g.engine.context(p).cash_out("shipping")
    g.engine.drive()
    assert p.garrison == garrison + 2 and [k for k, _ in g.asked(0)] == ["influence", "choose"]


def test_the_tiles_condition_counts_owned_tiles(ix):
    g = game(ix)
    give(g, 0, "windtraps", "artillery")
    assert g.engine.context(g.p(0)).quantity(("tiles", MARKET)) == 2


def test_negotiators_is_a_counter_gain(ix):
    g = game(ix)
    g.engine.context(g.p(0)).gain("negotiators", 2)
    assert g.p(0).counters["negotiators"] == 2


# ---------------------------------------------------------------------- invariants
def test_the_invariants_catch_a_lost_or_duplicated_tile(ix):
    g = game(ix)
    check(g)
    g.p(0).tiles.append(g.state.markets[MARKET][0][-1])
    with pytest.raises(invariants.InvariantError, match="tiles lost or duplicated"):
        check(g)
    g.p(0).tiles = []
    g.p(0).flipped = ["flagship"]
    with pytest.raises(invariants.InvariantError, match="flipped"):
        check(g)


def test_a_seat_sees_the_tops_of_the_stacks_only(ix):
    from dunec.engine.views.observe import HIDDEN, StateView, observation
    g = game(ix)
    stacks = g.state.markets[MARKET]
    for view in (observation(g.state, 1).markets, StateView(g.state, 1).markets):
        assert [s[-1] for s in view[MARKET]] == [s[-1] for s in stacks]
        assert all(s[:-1] == [HIDDEN] * 5 for s in view[MARKET])


# ---------------------------------------------------------------------- cards that buy tiles
def test_appropriate_buys_a_tile_with_solari_from_its_agent_box(ix):
    g = game(ix)
    on_top(g, "shuttle_fleet", 0)  # 6
    p = g.p(0)
    p.influence["emperor"], p.solari, p.spice = 2, 6, 0
    g.answer(0, "acquire one of the tech tiles, paying with Solari", ("buy", MARKET, "shuttle_fleet"),
             "+1 Influence with Spacing Guild", "+1 Influence with Fremen")
    g.box(0, "appropriate", "agent")
    g.done()
    assert (p.tiles, p.solari, p.spice) == (["shuttle_fleet"], 0, 0)
    assert (p.influence["guild"], p.influence["fremen"]) == (1, 1)


def test_appropriate_may_pay_spice_as_usual(ix):
    # "may use Solari instead of spice": a choice, not always Solari
    g = game(ix)
    on_top(g, "shuttle_fleet", 0)  # 6
    p = g.p(0)
    p.influence["emperor"], p.solari, p.spice = 2, 6, 6
    g.answer(0, "acquire one of the tech tiles", ("buy", MARKET, "shuttle_fleet"),
             "+1 Influence with Spacing Guild", "+1 Influence with Fremen")
    g.box(0, "appropriate", "agent")
    g.done()
    assert (p.tiles, p.solari, p.spice) == (["shuttle_fleet"], 6, 0)
    assert len(g.asked(0)[0][1]) == 2  # the currency, asked first


def test_machine_culture_scores_with_three_tiles(ix):
    g = game(ix)
    p = g.p(0)
    give(g, 0, "windtraps", "artillery")
    g.intrigue(0, "machine_culture", "endgame")
    assert p.vp == 0
    give(g, 0, "minimic_film")
    g.intrigue(0, "machine_culture", "endgame")
    assert p.vp == 1


def test_ixian_engineer_trashes_itself_for_a_vp_with_three_tiles(ix):
    g = game(ix)
    p = g.p(0)
    give(g, 0, "windtraps", "artillery", "minimic_film")
    g.answer(0, "pay trash this card")
    g.box(0, "ixian_engineer", "reveal")
    g.done()
    assert p.vp == 1 and "ixian_engineer" in p.trashed


# ---------------------------------------------------------------------- tiles that read other Ix rules
# These tiles read conditions and verbs of the units and card rules (sword_cards,
# persuasion, in_conflict, return_for, swap_intrigue).


class First(ScriptedPolicy):
    def __init__(self):
        super().__init__([])

    def choose(self, engine, player, kind, actions, hints):
        return 0


def test_artillery_gives_a_sword_per_revealed_sword_card(ix):
    g = game(ix)
    give(g, 0, "artillery")
    g.p(0).hand = ["dagger", "convincing_argument"]
    g.state.imperium_row = ["missionaria_protectiva"]
    last = g.scripts[0] = Last()
    g.engine.policies[0] = last
    g.reveal(0)
    assert last.at_buy == [(2, 2)]  # Dagger's sword and Artillery's one for it


def test_disposal_facility_trashes_a_card_in_play_at_6_persuasion(ix):
    g = game(ix)
    give(g, 0, "disposal_facility")
    p = g.p(0)
    p.revealed = ["convincing_argument"]
    p.persuasion = 6
    g.engine.policies[0] = First()
    g.engine.run_boxes([("disposal_facility", "reveal", p, "disposal_facility", None)])
    g.engine.drive()
    assert p.trashed == ["convincing_argument"]


def test_detonation_devices_returns_a_dreadnought_for_a_vp_on_a_win(ix):
    g = game(ix)
    give(g, 0, "detonation_devices")
    p = g.p(0)
    d = p.units["dreadnought"]
    d["supply"], d["conflict"] = 1, 1
    g.engine.policies[0] = First()
    g.engine.run_boxes([("detonation_devices", "win", p, "detonation_devices", None)])
    g.engine.drive()
    assert p.vp == 1 and (d["supply"], d["conflict"]) == (2, 0)


def test_sonic_snoopers_swaps_intrigue_and_is_trashed(ix):
    g = game(ix)
    give(g, 0, "sonic_snoopers")
    p = g.p(0)
    p.intrigue = [g.state.intrigue_deck.pop()]
    g.engine.policies[0] = First()
    rules_tiles.use(g.engine, p, "sonic_snoopers")
    g.engine.drive()
    assert p.tiles == [] and g.state.tiles_trashed == ["sonic_snoopers"] and len(p.intrigue) == 1


def test_the_options_read_as_words_and_name_the_tile(ix):
    from dunec.engine.loop.actions import idents, label
    g = game(ix)
    assert label(g.state, ix, ("buy", MARKET, "flagship")) == "buy Flagship (8)"
    assert label(g.state, ix, ("use", "flagship")) == "use Flagship"
    assert idents(("buy", MARKET, "flagship")) == idents(("use", "flagship")) == ["flagship"]
    assert label(g.state, ix, ("buy", "dagger", 1)) == "buy Dagger (1)"  # an Imperium card still reads as before


def test_a_greedy_player_buys_the_tile_it_values_most(ix):
    from dunec.engine.players.policies import GreedyPolicy
    g = game(ix)
    on_top(g, "minimic_film", 0)
    on_top(g, "holtzman_engine", 1)
    p = g.p(0)
    p.spice = 10
    options = [("buy", MARKET, "minimic_film"), ("buy", MARKET, "holtzman_engine"), ("pass",)]
    greedy = GreedyPolicy()
    pick = greedy.choose(g.engine, p, "buy", options, lambda: hints.of(g.engine, p, "buy", options, [0, ""]))
    assert options[pick] == ("buy", MARKET, "holtzman_engine")
    # paying in Solari (worth less than spice) for a tile priced in spice is a bargain
    solari = hints.of(g.engine, p, "buy", options, [0, "solari"])
    assert solari[1] > hints.of(g.engine, p, "buy", options, [0, ""])[1]
