"""Rules: Influence tracks and Alliances (rules 001 "On the Influence tracks ...";
FAQ "Alliance": how a holder who loses Influence loses the token)."""
from __future__ import annotations

import pytest
from scenario import Scenario

from dunec.engine.loop.state import FACTIONS
from dunec.engine.rules import resources as rules_resources

PLAIN = "glossu_rabban"
PLOT = {"emperor": "favored_subject", "guild": "guild_authorization",
        "bene_gesserit": "secret_of_the_sisterhood", "fremen": "know_their_ways"}


def _game(content, n=3):
    return Scenario(content, players=n, leaders=[PLAIN] * n)


def _up(g, seat, faction, times=1):
    """Raise Influence the way the game does: a +1 Influence Plot intrigue card."""
    for _ in range(times):
        g.intrigue(seat, PLOT[faction], "plot")


def _down(g, seat, faction, times=1):
    for _ in range(times):
        rules_resources.lose_influence(g.engine, g.p(seat), faction, 1)
        g.engine.drive()


# ---------------------------------------------------------------------- 2 Influence: a Victory Point
@pytest.mark.parametrize("faction", FACTIONS)
def test_two_influence_gives_a_victory_point_lost_below_two(content, faction):
    g = _game(content)
    p = g.p(0)
    _up(g, 0, faction)
    assert p.influence[faction] == 1 and p.vp == 0
    _up(g, 0, faction)
    assert p.vp == 1
    _up(g, 0, faction)
    assert p.vp == 1  # 3 Influence adds nothing
    _down(g, 0, faction)
    assert p.influence[faction] == 2 and p.vp == 1
    _down(g, 0, faction)
    assert p.influence[faction] == 1 and p.vp == 0  # dropped below 2: the point is lost
    _up(g, 0, faction)
    assert p.vp == 1  # and won again


def test_each_faction_at_two_is_its_own_victory_point(content):
    g = _game(content)
    for f in FACTIONS:
        _up(g, 0, f, 2)
    assert g.p(0).vp == 4
    assert g.p(1).vp == 0


def test_influence_from_a_faction_space_scores_too(content):
    g = _game(content)
    p = g.p(0)
    p.influence["emperor"] = 1
    p.vp, p.vp_ledger = 0, {}
    g.agent(0, "diplomacy", "wealth")
    assert p.influence["emperor"] == 2 and p.vp == 1


# ---------------------------------------------------------------------- 4 Influence: the bonus
FOUR_BONUS = {
    "emperor": lambda p: p.garrison - 3,  # 2 troops
    "guild": lambda p: p.solari,  # 3 Solari
    "bene_gesserit": lambda p: len(p.intrigue),  # 1 Intrigue card
    "fremen": lambda p: p.water - 1,  # 1 water
}
FOUR_AMOUNT = {"emperor": 2, "guild": 3, "bene_gesserit": 1, "fremen": 1}


@pytest.mark.parametrize("faction", FACTIONS)
def test_four_influence_gives_the_faction_bonus_kept_after_falling_back(content, faction):
    g = _game(content)
    p = g.p(0)
    _up(g, 0, faction, 3)
    assert FOUR_BONUS[faction](p) == 0
    _up(g, 0, faction)
    assert FOUR_BONUS[faction](p) == FOUR_AMOUNT[faction]
    if faction == "emperor":
        assert p.supply == 9 - 2  # recruited from the supply into the garrison
    _down(g, 0, faction)
    assert p.influence[faction] == 3
    assert FOUR_BONUS[faction](p) == FOUR_AMOUNT[faction]  # you keep the bonus


def test_four_influence_bonus_is_earned_again_after_dropping_below_four(content):
    # Decision: Uprising (003) says the bonus "can be earned again if you drop and re-reach";
    # the base documents are silent, so the explicit rule applies. Staying at 4 or more
    # (5 -> 4) is no new reaching.
    g = _game(content)
    p = g.p(0)
    _up(g, 0, "guild", 4)
    assert p.solari == 3
    _down(g, 0, "guild")
    _up(g, 0, "guild")
    assert p.solari == 6
    _up(g, 0, "guild")
    _down(g, 0, "guild")
    assert p.solari == 6
    assert p.four_bonus == ["guild", "guild"]


# ---------------------------------------------------------------------- Alliances
def test_first_to_four_takes_the_alliance_and_its_point(content):
    g = _game(content)
    _up(g, 0, "fremen", 4)
    assert g.state.alliances["fremen"] == 0
    assert g.p(0).vp == 2  # 1 for 2 Influence, 1 for the Alliance
    assert g.p(0).vp_ledger.get("alliance") == 1


def test_reaching_the_same_space_does_not_take_the_alliance(content):
    g = _game(content)
    _up(g, 0, "emperor", 4)
    _up(g, 1, "emperor", 4)
    assert g.state.alliances["emperor"] == 0
    assert g.p(0).vp == 2 and g.p(1).vp == 1


def test_alliance_passes_to_whoever_rises_higher(content):
    g = _game(content)
    _up(g, 0, "guild", 4)
    _up(g, 1, "guild", 5)
    assert g.state.alliances["guild"] == 1
    assert g.p(0).vp == 1 and g.p(1).vp == 2
    # And back again.
    _up(g, 0, "guild", 2)
    assert g.state.alliances["guild"] == 0
    assert g.p(0).vp == 2 and g.p(1).vp == 1


def test_holder_falling_below_four_loses_it(content):
    g = _game(content)
    _up(g, 0, "bene_gesserit", 4)
    _up(g, 1, "bene_gesserit", 3)
    _down(g, 0, "bene_gesserit")
    # Nobody else has 4: the token goes back to the board.
    assert g.state.alliances["bene_gesserit"] is None
    assert g.p(0).vp == 1 and g.p(0).vp_ledger.get("alliance", 0) == 0
    assert g.p(1).vp == 1


def test_holder_falling_below_four_hands_it_to_a_player_at_four(content):
    g = _game(content)
    _up(g, 0, "fremen", 4)
    _up(g, 1, "fremen", 4)
    _down(g, 0, "fremen")
    assert g.state.alliances["fremen"] == 1
    assert g.p(0).vp == 1 and g.p(1).vp == 2


def test_holder_tied_then_falling_hands_it_to_the_tied_player(content):
    # FAQ: a holder who was tied and loses Influence gives the token to the player tied with.
    g = _game(content)
    _up(g, 0, "emperor", 5)
    _up(g, 1, "emperor", 5)
    assert g.state.alliances["emperor"] == 0
    _down(g, 0, "emperor")
    assert g.p(0).influence["emperor"] == 4
    assert g.state.alliances["emperor"] == 1
