"""Players and House Hagal rivals go through the same rule for deploying after
a combat space and for a third agent (the Swordmaster)."""
from __future__ import annotations

from dunec.engine.rules import agents as rules_agents, resources as rules_resources
from dunec.engine.runs.runner import play_game


def _callers(monkeypatch, module, name):
    """Who calls the rule `module.name` (a function of the engine) in a game."""
    seen = []
    real = getattr(module, name)

    def spy(e, p, *a, **k):
        seen.append((p.rival, p.seat))
        return real(e, p, *a, **k)
    monkeypatch.setattr(module, name, spy)
    return seen


def test_players_and_rivals_deploy_after_a_combat_space_by_one_rule(compiled, monkeypatch):
    seen = _callers(monkeypatch, rules_resources, "combat_space_deploy_most")
    sent = _callers(monkeypatch, rules_resources, "send_troops")
    st = play_game(compiled, 2, 3, ["greedy", "greedy"], quiet=True)
    assert st.finished
    assert {rival for rival, _ in seen} == {True, False}
    assert {rival for rival, _ in sent} >= {True, False}


def test_solo_rivals_take_their_third_agent_as_a_player_takes_the_swordmaster(compiled, monkeypatch):
    seen = _callers(monkeypatch, rules_agents, "gain_swordmaster")
    st = play_game(compiled, 1, 4, ["greedy"], quiet=True, difficulty="expert")
    rivals = [p for p in st.players if p.rival]
    assert rivals and all(p.swordmaster and p.agents == 3 for p in rivals)
    assert {seat for rival, seat in seen if rival} == {p.seat for p in rivals}
