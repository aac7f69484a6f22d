"""State is plain data: JSON round trips, and a replay from seed + decisions
reproduces a game exactly."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from dunec.engine.loop.rng import Rng
from dunec.engine.runs.runner import play_game, replay
from dunec.engine.loop.state import GameState


def test_final_state_round_trips_through_json(compiled):
    s = play_game(compiled, 3, 7, ["random"] * 3)
    again = GameState.from_json(s.to_json())
    assert again.to_json() == s.to_json()
    assert again.digest() == s.digest()


def test_mid_game_states_round_trip(compiled):
    snaps = []

    def snap(engine):
        if len(engine.state.decisions) % 37 == 0:
            engine.sync()
            snaps.append(engine.state.to_json())

    play_game(compiled, 4, 3, ["random"] * 4, check=snap)
    assert len(snaps) > 5
    for text in snaps:
        assert GameState.from_json(text).to_json() == text


PLAYERS_BY_MODE = {"solo": 1, "duo": 2}


def _saved_at(content, players, seed, names, at, difficulty="novice"):
    """Play a whole game; return it and its state, as JSON, right after decision `at`."""
    saved = []

    def save(engine):
        if len(engine.state.decisions) == at and not saved:
            engine.sync()
            saved.append(engine.state.to_json())

    whole = play_game(content, players, seed, names, check=save, difficulty=difficulty)
    assert saved, f"the game ended after {len(whole.decisions)} decisions, before decision {at}"
    return whole, saved[0]


def _resume(content, text):
    """Continue a saved mid-game state to the end. The engine resumes by replay: the
    loaded state gives the setup (seed, seats, policies, mode) and the decisions so
    far; the seats' own policies then play on. On the way, the state the replay
    reaches at the save point must be the loaded one, byte for byte."""
    loaded = GameState.from_json(text)
    players = PLAYERS_BY_MODE.get(loaded.mode, loaded.n_players)
    names = [p.policy for p in loaded.players if not p.rival]
    reached = []

    def compare(engine):
        if len(engine.state.decisions) == len(loaded.decisions) and not reached:
            engine.sync()
            reached.append(engine.state.to_json())

    resumed = play_game(content, players, loaded.seed, names, replay=loaded.decisions, check=compare,
                        difficulty=loaded.difficulty or "novice", churn=loaded.churn)
    assert reached == [text]
    return resumed


@pytest.mark.parametrize("players,seed,names,difficulty", [
    (4, 3, ["random", "greedy", "random", "greedy"], "novice"),
    (3, 8, ["greedy", "random", "random"], "novice"),
    (2, 5, ["random", "greedy"], "novice"),
    (1, 9, ["greedy"], "expert"),
])
def test_a_mid_game_json_save_resumes_to_the_same_end(compiled, players, seed, names, difficulty):
    whole, text = _saved_at(compiled, players, seed, names, 60, difficulty)
    mid = GameState.from_json(text)
    assert not mid.finished and mid.round >= 2 and len(mid.decisions) == 60
    resumed = _resume(compiled, text)
    assert resumed.finished
    assert resumed.decisions == whole.decisions
    assert resumed.standings == whole.standings
    assert resumed.digest() == whole.digest()


def test_a_resume_from_a_tampered_save_is_told_apart(compiled):
    # The comparison above can fail: a save whose state differs from what its own
    # decisions reach is not the game the replay produces.
    _, text = _saved_at(compiled, 4, 3, ["random"] * 4, 60)
    tampered = GameState.from_json(text)
    tampered.players[0].solari += 1
    with pytest.raises(AssertionError):
        _resume(compiled, tampered.to_json())


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_replay_from_seed_and_decisions_is_exact(compiled, seed, players):
    names = ["random", "greedy", "random", "greedy"][:players]
    original = play_game(compiled, players, seed, names)
    again = replay(compiled, players, seed, names, original.decisions)
    assert again.digest() == original.digest()


def test_digest_is_the_game_not_its_log(compiled):
    # A quiet game keeps no log; its logged replay is the same game.
    quiet = play_game(compiled, 3, 12, ["greedy", "random", "random"], quiet=True)
    again = replay(compiled, 3, 12, ["greedy", "random", "random"], quiet.decisions)
    assert not quiet.log and again.log
    assert quiet.digest() == again.digest()
    assert quiet.log_digest() != again.log_digest()
    again.round += 1  # but any change to the game itself changes the digest
    assert quiet.digest() != again.digest()


def test_different_seeds_give_different_games(compiled):
    a = play_game(compiled, 4, 1, ["random"] * 4)
    b = play_game(compiled, 4, 2, ["random"] * 4)
    assert a.digest() != b.digest()


def test_rng_is_a_fixed_sequence():
    # Pinned values: a change here changes every seeded game.
    r = Rng(42)
    assert [r.below(100) for _ in range(5)] == [83, 58, 51, 40, 56]


def test_rng_state_continues_exactly():
    a = Rng(9)
    for _ in range(10):
        a.next64()
    b = Rng(state=a.state)
    assert [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]


def test_shuffle_is_a_permutation():
    r = Rng(3)
    items = list(range(50))
    r.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


def _game_digest_in_subprocess(hash_seed: str) -> str:
    import os
    import subprocess
    import sys
    code = ("from dunec.content import load;from dunec.engine.runs.runner import play_game;"
            "c=load('compiled');"
            "g=play_game(c,4,21,['random','greedy','random','greedy']);print(g.digest(),g.log_digest(),"
            "play_game(c,1,22,['greedy'],difficulty='expert').digest(),"
            "play_game(c,2,23,['random','greedy']).digest())")
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout


def test_games_are_identical_under_any_hash_seed():
    assert _game_digest_in_subprocess("0") == _game_digest_in_subprocess("4242") == _game_digest_in_subprocess("7")
