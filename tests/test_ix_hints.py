"""The greedy player's hints for Rise of Ix decisions (issue 9 follow-ups): a
purchase nobody can make is worth nothing (a `choose` option, a space, a card's
box), and the freighter's move weighs cashing out now against climbing.
Every scenario runs on both back-ends."""
from __future__ import annotations

import pytest

from dunec.engine.players import hints
from dunec.engine.players.policies import GreedyPolicy
from scenario import Scenario

MARKET = "tech_tiles"


@pytest.fixture(scope="module")
def ix(content):
    return content.select(("base", "ix"))


def greedy_game(ix, seat: int = 0) -> Scenario:
    g = Scenario(ix, players=3)
    g.engine.policies[seat] = GreedyPolicy()
    return g


def cheapest_cost(g: Scenario) -> int:
    return min(g.engine.defs[s[-1]]["cost"] for s in g.state.markets[MARKET] if s)


# ---------------------------------------------------------------------- a purchase nobody can make
def test_at_tech_negotiation_with_no_spice_greedy_takes_the_negotiator(ix):
    g = greedy_game(ix)
    p = g.p(0)
    p.spice = 0
    g.agent(0, "convincing_argument", "tech_negotiation")
    assert p.counters["negotiators"] == 1 and p.tiles == []


def test_at_tech_negotiation_with_spice_greedy_buys_a_tile(ix):
    g = greedy_game(ix)
    p = g.p(0)
    p.spice = 12
    g.agent(0, "convincing_argument", "tech_negotiation")
    assert len(p.tiles) == 1 and p.counters["negotiators"] == 0


def test_a_space_and_a_card_are_worth_less_by_their_purchase_when_no_tile_is_affordable(ix):
    g = greedy_game(ix)
    e, p = g.engine, g.p(0)
    static = e.defs["dreadnought_space"]["values"]["space"]
    p.spice = 0
    poor = hints.box_now(e, p, "dreadnought_space", "space")
    p.spice = 12
    rich = hints.box_now(e, p, "dreadnought_space", "space")
    assert poor < static <= rich + 4.0 and rich > poor
    assert hints.buy_now(e, p, MARKET) > 0
    p.spice = cheapest_cost(g) - 1
    assert hints.buy_now(e, p, MARKET) == 0.0  # nothing affordable: the purchase asks nothing
    assert hints.buy_now(e, p, MARKET, 1) > 0  # a discount of 1 makes the cheapest affordable
    # a box without a purchase keeps its static hint
    assert hints.box_now(e, p, "arrakeen", "space") == e.defs["arrakeen"]["values"]["space"]


# ---------------------------------------------------------------------- the freighter
def moves(g: Scenario, at: int, left: int) -> list:
    p = g.p(0)
    p.tracks["shipping"] = at
    top = g.engine.content.declared("track")["shipping"]["steps"]
    options = ([("advance", "shipping")] if at < top else []) + [("cash_out", "shipping")]
    values = hints.of(g.engine, p, "move", options, left)
    return [options[i][0] for i in sorted(range(len(options)), key=lambda i: -values[i])]


def test_the_freighter_climbs_from_the_bottom_and_the_first_step(ix):
    g = greedy_game(ix)
    assert moves(g, 0, 0)[0] == "advance"  # nothing to collect at the bottom
    assert moves(g, 1, 0)[0] == "advance"  # the second step's Influence is worth the wait


def test_the_freighter_cashes_out_at_the_second_step_with_one_move(ix):
    g = greedy_game(ix)
    assert moves(g, 2, 0)[0] == "cash_out"


def test_with_a_second_move_certain_the_freighter_climbs_to_the_top_for_an_affordable_tile(ix):
    g = greedy_game(ix)
    g.p(0).spice = 12
    assert moves(g, 2, 1)[0] == "advance"  # Interstellar Shipping: up, then cash out from the top
    g.p(0).spice = 0
    g.state.markets[MARKET] = [[t for t in s if g.engine.defs[t]["cost"] > 2] for s in g.state.markets[MARKET]]
    assert moves(g, 2, 1)[0] == "cash_out"  # the top's tile for 2 less is out of reach: cash out now


def test_in_the_last_round_a_freighter_left_standing_is_worth_little(ix):
    g = greedy_game(ix)
    g.state.conflict_deck = []
    assert moves(g, 1, 0)[0] == "cash_out"


def test_at_the_top_only_cashing_out_is_offered(ix):
    g = greedy_game(ix)
    assert moves(g, 3, 0) == ["cash_out"]


def test_greedy_plays_interstellar_shipping_up_one_step_and_cashes_out(ix):
    g = greedy_game(ix)
    p = g.p(0)
    p.tracks["shipping"] = 1
    p.influence["guild"] = 2
    garrison, influence = p.garrison, sum(p.influence.values())
    g.agent(0, "convincing_argument", "interstellar_shipping")
    # up to the second step, then back down with its Influence and the first step's troops
    assert p.tracks["shipping"] == 0 and p.garrison == garrison + 2 and sum(p.influence.values()) == influence + 1


def test_an_agent_move_keeps_no_hint(ix):
    g = greedy_game(ix)
    assert hints.of(g.engine, g.p(0), "move", [("move", "arrakeen"), ("move", "carthag")], None) is None


# ---------------------------------------------------------------------- Unload
def test_greedy_discards_a_card_that_unloads_before_an_equal_one_that_does_not(ix):
    """Esmar Tuek (cost 5) pays its Reveal box as it is discarded: discarding it gains
    that box, so it is worth more to discard than another card of its cost."""
    g = greedy_game(ix)
    e, p = g.engine, g.p(0)
    plain = next(i for i, d in e.defs.items() if d.get("kind") == "card" and d.get("cost") == 5
                 and not d.get("unload") and d.get("values", {}).get("reveal", 0) > 0)
    options = [("discard", plain), ("discard", "esmar_tuek")]
    got = hints.of(e, p, "discard", options)
    assert got[1] > got[0], got


def test_trashing_a_card_that_unloads_counts_its_reveal_box(ix):
    g = greedy_game(ix)
    e = g.engine
    meta = dict(e.defs["esmar_tuek"])
    without = dict(meta, unload=False)
    from dunec.engine.rules import cards as rules_cards
    assert rules_cards._trash_value(meta) == pytest.approx(rules_cards._trash_value(without) + meta["values"]["reveal"])
