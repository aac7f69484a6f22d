"""Rules: Round Start (rules 001 "Each round has five phases", "Winning a Conflict ...
when a Conflict card is revealed for a space you already control")."""
from __future__ import annotations

from scenario import Scenario, settle

from dunec.engine.loop import turns

PLAIN = "glossu_rabban"  # no passive effects outside Engine.play()


def _game(content, n=3):
    g = Scenario(content, players=n, leaders=[PLAIN] * n)
    g.state.conflict = None
    return g


def test_round_start_reveals_the_top_conflict_card(content):
    g = _game(content)
    top = g.state.conflict_deck[-1]
    rest = g.state.conflict_deck[:-1]
    settle(g.engine, turns.round_start, g.engine)
    assert g.state.conflict == top
    assert g.state.conflict_deck == rest
    g.done()


def test_everyone_draws_five_from_the_top_of_their_deck(content):
    g = _game(content)
    for p in g.state.players:
        p.deck = ["dagger"] * 3 + ["convincing_argument"] * 5  # top = end of list
    settle(g.engine, turns.round_start, g.engine)
    for p in g.state.players:
        assert p.hand == ["convincing_argument"] * 5
        assert p.deck == ["dagger"] * 3
    g.done()


def test_drawing_from_a_short_deck_reshuffles_the_discard(content):
    g = _game(content)
    p = g.p(0)
    p.deck = ["dagger", "dagger"]
    p.discard = ["diplomacy"] * 4
    settle(g.engine, turns.round_start, g.engine)
    assert len(p.hand) == 5
    assert sorted(p.hand) == ["dagger", "dagger", "diplomacy", "diplomacy", "diplomacy"]
    assert p.deck == ["diplomacy"] and p.discard == []


def _put_on_top(g, conflict):
    if conflict in g.state.conflict_deck:
        g.state.conflict_deck.remove(conflict)
    g.state.conflict_deck.append(conflict)


def test_controller_may_deploy_one_troop_from_supply_when_its_conflict_is_revealed(content):
    g = _game(content)
    _put_on_top(g, "siege_of_arrakeen")
    g.state.control = {"arrakeen": 1}
    p = g.p(1)
    before = (p.supply, p.garrison, p.conflict)
    g.answer(1, "deploy 1 troop to defend")
    settle(g.engine, turns.round_start, g.engine)
    # From the supply straight into the Conflict; the garrison is untouched.
    assert (p.supply, p.garrison, p.conflict) == (before[0] - 1, before[1], before[2] + 1)
    # Nobody else gets a troop.
    assert g.p(0).conflict == 0 and g.p(2).conflict == 0
    g.done()


def test_defending_troop_is_optional(content):
    g = _game(content)
    _put_on_top(g, "battle_for_carthag")
    g.state.control = {"carthag": 2}
    g.answer(2, "no")
    settle(g.engine, turns.round_start, g.engine)
    assert g.p(2).conflict == 0 and g.p(2).supply == 9
    g.done()


def test_no_defending_troop_for_a_conflict_over_another_space(content):
    g = _game(content)
    _put_on_top(g, "siege_of_carthag")
    g.state.control = {"arrakeen": 0, "imperial_basin": 1}
    settle(g.engine, turns.round_start, g.engine)  # no decision: the script would fail if one were asked
    assert all(p.conflict == 0 for p in g.state.players)
    g.done()


def test_no_defending_troop_without_troops_in_supply(content):
    g = _game(content)
    _put_on_top(g, "secure_imperial_basin")
    g.state.control = {"imperial_basin": 0}
    p = g.p(0)
    p.garrison, p.supply = 12, 0
    settle(g.engine, turns.round_start, g.engine)
    assert p.conflict == 0
    g.done()
