"""Players and House Hagal rivals go through the same rule for deploying after
a combat space and for a third agent (the Swordmaster)."""
from __future__ import annotations

from dunec.engine.game import Engine
from dunec.engine.runner import play_game


def _callers(monkeypatch, name):
    seen = []
    real = getattr(Engine, name)

    def spy(self, p, *a, **k):
        seen.append((p.rival, p.seat))
        return real(self, p, *a, **k)
    monkeypatch.setattr(Engine, name, spy)
    return seen


def test_players_and_rivals_deploy_after_a_combat_space_by_one_rule(compiled, monkeypatch):
    seen = _callers(monkeypatch, "combat_space_deploy_most")
    sent = _callers(monkeypatch, "send_troops")
    st = play_game(compiled, 2, 3, ["greedy", "greedy"], quiet=True)
    assert st.finished
    assert {rival for rival, _ in seen} == {True, False}
    assert {rival for rival, _ in sent} >= {True, False}


def test_solo_rivals_take_their_third_agent_as_a_player_takes_the_swordmaster(compiled, monkeypatch):
    seen = _callers(monkeypatch, "gain_swordmaster")
    st = play_game(compiled, 1, 4, ["greedy"], quiet=True, difficulty="expert")
    rivals = [p for p in st.players if p.rival]
    assert rivals and all(p.swordmaster and p.agents == 3 for p in rivals)
    assert {seat for rival, seat in seen if rival} == {p.seat for p in rivals}
