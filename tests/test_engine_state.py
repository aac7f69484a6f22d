"""The state, not the engine, holds where the game is: the turn kind travels
with the state (and its JSON)."""
from __future__ import annotations

from dunec.engine.players.policies import RandomPolicy
from dunec.engine.runs.runner import play_game
from dunec.engine.loop.state import GameState


def test_the_turn_kind_is_part_of_the_state(content):
    seen: dict = {}

    class Watch(RandomPolicy):
        def choose(self, engine, player, kind, actions, hints):
            st = engine.state
            seen.setdefault(kind, set()).add(st.turn_kind)
            if kind == "buy":
                assert GameState.from_json(st.to_json()).turn_kind == "reveal"
            return super().choose(engine, player, kind, actions, hints)

    st = play_game(content, 4, 9, ["random"] * 4, quiet=True, make_policy=lambda n, s, seat: Watch(s, seat))
    assert seen["buy"] == {"reveal"} and seen["combat"] == {"combat"} and seen["order"] == {"agent"}
    assert st.finished and st.turn_kind == "endgame"


def test_a_copy_is_equal_and_independent(compiled):
    st = play_game(compiled, 4, 4, ["random"] * 4)
    twin = st.copy()
    assert twin.digest() == st.digest() and twin.log_digest() == st.log_digest() and twin is not st
    twin.players[0].hand.append("dagger")
    twin.players[1].influence["guild"] += 1
    twin.alliances["emperor"] = 3
    twin.decisions.append(0)
    assert twin.digest() != st.digest()
    assert len(st.players[0].hand) + 1 == len(twin.players[0].hand)
    assert st.players[1].influence["guild"] + 1 == twin.players[1].influence["guild"]
    assert st.digest() == play_game(compiled, 4, 4, ["random"] * 4).digest()
