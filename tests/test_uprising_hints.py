"""The greedy player's hints for Uprising's sandworm decisions (docs/decisions.md,
"Uprising quality"): a counter held at its declared `limit` (Maker Hooks) is worth
nothing more, clearing a flag that protects this round's Conflict (the Shield Wall)
is worth a share of the summoned units it lets in, and a maker space is worth its
sandworms to a player holding Maker Hooks. Every scenario runs on both back-ends."""
from __future__ import annotations

import pytest

from dunec.engine.players import hints
from dunec.engine.players.policies import GreedyPolicy
from scenario import Scenario

PROTECTED, OPEN = "uprising_battle_for_arrakeen", "propaganda"


@pytest.fixture(scope="module")
def uprising(content):
    return content.select(("uprising",))


def at_sietch_tabr(uprising, conflict: str, hooks: int) -> Scenario:
    """The greedy first player, Fremen Influence 2, sends an agent to Sietch Tabr
    in a round whose Conflict is `conflict`."""
    g = Scenario(uprising, players=4)
    g.engine.policies[0] = GreedyPolicy()
    p = g.p(0)
    p.influence["fremen"] = 2
    p.counters["maker_hooks"] = hooks
    g.state.conflict = conflict
    g.agent(0, "dagger", "sietch_tabr_up")
    return g


def test_greedy_takes_maker_hooks_when_it_has_none(uprising):
    g = at_sietch_tabr(uprising, PROTECTED, hooks=0)
    assert g.p(0).counters["maker_hooks"] == 1 and g.state.flags["shield_wall"]


def test_with_maker_hooks_greedy_brings_the_shield_wall_down_for_a_protected_conflict(uprising):
    g = at_sietch_tabr(uprising, PROTECTED, hooks=1)
    assert not g.state.flags["shield_wall"] and g.p(0).counters["maker_hooks"] == 1


def test_with_maker_hooks_and_an_open_conflict_greedy_takes_the_troop(uprising):
    troops = at_sietch_tabr(uprising, OPEN, hooks=0).p(0).garrison
    g = at_sietch_tabr(uprising, OPEN, hooks=1)
    assert g.state.flags["shield_wall"] and g.p(0).garrison == troops


def test_the_clear_hint_follows_the_conflict_and_the_flag(uprising):
    g = Scenario(uprising, players=4)
    e = g.engine
    g.state.conflict = OPEN
    assert hints.clear_worth(e, "shield_wall") == hints.CLEAR_LATER
    g.state.conflict = PROTECTED
    now = hints.clear_worth(e, "shield_wall")
    assert now == hints.CLEAR_LATER + hints.CLEAR_NOW_SHARE * hints._summoned_worth(e, "sandworm") > 2.0
    g.state.flags["shield_wall"] = False
    assert hints.clear_worth(e, "shield_wall") == 0.0  # down already: nothing to clear


def test_a_maker_space_is_worth_its_sandworms_to_a_player_with_maker_hooks(uprising):
    """Where the agent goes is judged as the game stands: Deep Desert's two sandworms
    count for a player holding Maker Hooks while the Conflict is open, its 4 spice
    otherwise; a second sandworm adds no second doubling."""
    g = Scenario(uprising, players=4)
    e, p = g.engine, g.p(0)
    g.state.conflict = OPEN
    without = hints.box_now(e, p, "deep_desert", "space")
    p.counters["maker_hooks"] = 1
    worms = hints.box_now(e, p, "deep_desert", "space")
    each = hints._summoned_worth(e, "sandworm")
    assert worms == pytest.approx(2 * each - hints.DOUBLING_WORTH) and worms > without
    g.state.conflict = PROTECTED  # the Shield Wall keeps them out: the spice
    assert hints.box_now(e, p, "deep_desert", "space") == pytest.approx(without)
    g.state.conflict = OPEN
    p.units["sandworm"]["supply"] -= 1
    p.units["sandworm"]["conflict"] += 1  # one already doubles this player's rewards
    assert hints.box_now(e, p, "deep_desert", "space") == pytest.approx(2 * (each - hints.DOUBLING_WORTH))
