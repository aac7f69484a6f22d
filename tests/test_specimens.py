"""Specimens (Immortality, rules 002): troops of the player's supply held in the
Axlotl tanks (`counter specimen { holds troops; returnable }`). Paid as a cost;
returned to the supply at will, which the engine does when a troop is to be
taken from an empty supply (docs/decisions.md "Specimens"); the 12 troops are
conserved. Both back-ends, with the tests' own set (tests/vats_support.py), whose
`flesh` holds troops but is not returnable."""
from __future__ import annotations

import pytest

from dunec.engine.checks import invariants
from dunec.engine.checks.invariants import InvariantError
from dunec.engine.loop.state import TROOPS_PER_PLAYER
from dunec.engine.rules import holding as rules_holding, resources as rules_resources
from scenario import Scenario
from vats_support import vats


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def content(request, tmp_path_factory):
    return vats(request.param, tmp_path_factory.mktemp("vats"))


def troops(p) -> int:
    return p.supply + p.garrison + p.conflict + p.counters["specimen"] + p.counters["flesh"]


def empty_supply(g: Scenario, seat: int, specimens: int) -> None:
    """The player's supply all in the tanks (specimens) or the garrison."""
    p = g.p(seat)
    p.counters["specimen"] = specimens
    p.garrison += p.supply - specimens
    p.supply = 0


def test_a_specimen_gain_takes_a_troop_from_the_supply(content):
    g = Scenario(content, players=3)
    p = g.p(0)
    g.box(0, "tank_tender", "reveal")  # specimen 1
    assert p.counters["specimen"] == 1 and p.supply == TROOPS_PER_PLAYER - 3 - 1
    assert troops(p) == TROOPS_PER_PLAYER
    invariants.check(g.engine)


def test_pay_specimens_as_a_cost(content):
    g = Scenario(content, players=3)
    p = g.p(0)
    p.counters["specimen"], p.supply = 2, p.supply - 2
    p.deck = ["dagger", "dune_the_desert_planet", "signet_ring"]
    g.answer(0, "pay 2 specimens")
    g.box(0, "spec_user", "agent")
    assert p.counters["specimen"] == 0 and len(p.hand) == 2
    assert p.supply == TROOPS_PER_PLAYER - 3  # the spent specimens are back in the supply
    invariants.check(g.engine)


def test_a_cost_of_more_specimens_than_held_is_not_offered(content):
    g = Scenario(content, players=3)
    p = g.p(0)
    p.counters["specimen"], p.supply = 1, p.supply - 1
    p.deck = ["dagger", "signet_ring"]
    g.box(0, "spec_user", "agent")  # nothing asked: the cost cannot be paid
    assert p.counters["specimen"] == 1 and p.hand == [] and g.asked(0) == []


def test_recruiting_with_an_empty_supply_returns_specimens_first(content):
    g = Scenario(content, players=3)
    p = g.p(0)
    empty_supply(g, 0, 3)
    garrison = p.garrison
    rules_resources.add(g.engine, p, "troops", 2)
    assert p.garrison == garrison + 2 and p.counters["specimen"] == 1 and p.supply == 0
    assert troops(p) == TROOPS_PER_PLAYER
    invariants.check(g.engine)


def test_only_as_many_as_are_missing_and_never_more_than_held(content):
    g = Scenario(content, players=3)
    p = g.p(0)
    empty_supply(g, 0, 1)
    p.supply, p.garrison = 1, p.garrison - 1
    garrison = p.garrison
    rules_resources.add(g.engine, p, "troops", 4)  # 1 in the supply, 1 specimen: 2 recruited
    assert p.garrison == garrison + 2 and p.counters["specimen"] == 0 and p.supply == 0
    invariants.check(g.engine)


def test_a_counter_that_is_not_returnable_keeps_its_troops(content):
    g = Scenario(content, players=3)
    p = g.p(0)
    p.counters["flesh"] = 2
    p.garrison += p.supply - 2
    p.supply = 0
    garrison = p.garrison
    rules_resources.add(g.engine, p, "troops", 1)
    assert p.garrison == garrison and p.counters["flesh"] == 2  # flesh is held, not returned
    invariants.check(g.engine)


def test_another_counter_taking_troops_takes_a_returned_specimen(content):
    g = Scenario(content, players=3)
    p = g.p(0)
    empty_supply(g, 0, 2)
    rules_resources.add(g.engine, p, "flesh", 1)
    assert p.counters["flesh"] == 1 and p.counters["specimen"] == 1 and p.supply == 0
    rules_resources.add(g.engine, p, "specimen", 1)  # a specimen is never returned to take a specimen
    assert p.counters["specimen"] == 1
    invariants.check(g.engine)


def test_deploying_from_an_empty_supply_returns_a_specimen(content):
    g = Scenario(content, players=3)
    p = g.p(0)
    empty_supply(g, 0, 2)
    rules_resources.deploy(g.engine, p, 1, "supply")
    g.engine.drive()
    assert p.conflict == 1 and p.counters["specimen"] == 1
    invariants.check(g.engine)


def test_held_units_are_counted_among_the_twelve(content):
    g = Scenario(content, players=3)
    p = g.p(0)
    p.counters["specimen"] = 2  # two specimens out of nowhere: 14 troops
    with pytest.raises(InvariantError, match="troop cubes not conserved"):
        invariants.check(g.engine)
    p.supply -= 2
    invariants.check(g.engine)
    assert rules_holding.available(g.engine, p, "troops") == p.supply + 2
