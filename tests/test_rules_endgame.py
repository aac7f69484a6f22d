"""Rules: the end of the game (rules 001 "When the game does end, players may first play
and resolve any Endgame Intrigue cards. Then the most Victory Points wins. Ties are broken
by most spice, then Solari, then water, then garrisoned troops.")."""
from __future__ import annotations

import pytest
from scenario import Scenario, run_step

from dunec.engine.loop import turns

PLAIN = "glossu_rabban"


def _game(content, n=4):
    g = Scenario(content, players=n, leaders=[PLAIN] * n)
    for p in g.state.players:
        p.vp, p.vp_ledger = 5, {"cards": 5}
        p.spice = p.solari = p.water = 0
        p.garrison, p.supply = 0, 12
    return g


def _seats_by_rank(g):
    return [s["seat"] for s in g.state.standings]


def _ranks(g):
    return {s["seat"]: s["rank"] for s in g.state.standings}


def test_most_victory_points_wins(content):
    g = _game(content)
    g.p(2).vp, g.p(2).vp_ledger = 11, {"cards": 11}
    g.p(0).spice = 20  # resources do not beat points
    run_step(g.engine, "endgame")
    assert _seats_by_rank(g)[0] == 2 and _ranks(g)[2] == 1
    assert g.state.finished


@pytest.mark.parametrize("field,order", [
    ("spice", ["spice"]),
    ("solari", ["spice", "solari"]),
    ("water", ["spice", "solari", "water"]),
    ("garrison", ["spice", "solari", "water", "garrison"]),
])
def test_tiebreakers_spice_then_solari_then_water_then_garrison(content, field, order):
    g = _game(content)
    # Everyone ties on the earlier tiebreakers; P3 wins the deciding one even though
    # P1 is ahead on every later one.
    later = ["spice", "solari", "water", "garrison"][len(order):]
    for f in later:
        setattr(g.p(0), f, 9)
    setattr(g.p(2), field, 1)
    for p in g.state.players:
        p.supply = 12 - p.garrison
    run_step(g.engine, "endgame")
    assert _seats_by_rank(g)[0] == 2
    assert _ranks(g)[2] == 1 and _ranks(g)[0] == 2


def test_full_tie_shares_the_rank(content):
    g = _game(content)
    g.p(3).vp, g.p(3).vp_ledger = 4, {"cards": 4}
    run_step(g.engine, "endgame")
    assert _ranks(g) == {0: 1, 1: 1, 2: 1, 3: 4}


def test_endgame_intrigue_is_resolved_before_the_winner_is_decided(content):
    g = _game(content)
    g.p(1).spice = 5  # P2 would win the spice tiebreak ...
    g.p(0).intrigue = ["tiebreaker"]  # ... but P1's Endgame card gives 10 spice first
    run_step(g.engine, "endgame")
    assert _seats_by_rank(g)[0] == 0
    assert g.p(0).spice == 10 and g.p(0).intrigue == []


def test_endgame_intrigue_can_score_victory_points(content):
    g = _game(content)
    p = g.p(3)
    p.influence = {"emperor": 3, "guild": 3, "bene_gesserit": 3, "fremen": 3}
    p.vp, p.vp_ledger = 9, {"cards": 5, "influence": 4}
    p.intrigue = ["plans_within_plans"]
    run_step(g.engine, "endgame")
    assert p.vp == 11
    assert _seats_by_rank(g)[0] == 3
