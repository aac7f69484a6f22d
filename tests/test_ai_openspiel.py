"""The OpenSpiel adapter passes OpenSpiel's own checks and plays with its MCTS bot."""
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the `ai` extra (open_spiel) is not installed")
import numpy as np  # noqa: E402

import dunec.ai.openspiel_game  # noqa: E402,F401  (registers python_dune_imperium)
from dunec.ai import features  # noqa: E402



@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_sim_test_passes(players):
    game = pyspiel.load_game("python_dune_imperium", {"players": players, "seed": players})
    size = game.new_initial_state().engine_game.action_space.size
    assert game.num_players() == players and game.num_distinct_actions() == size
    pyspiel.random_sim_test(game, num_sims=2 if players < 3 else 1, serialize=False, verbose=False)


def test_mcts_bot_plays_a_whole_game():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_dune_imperium", {"players": 2, "seed": 4})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng, solve=False)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(1.0) and state.engine_game.state.finished


def test_one_seed_and_actions_is_one_game():
    """Declared deterministic: the same seed and actions give the same state, and a clone is independent."""
    game = pyspiel.load_game("python_dune_imperium", {"players": 3, "seed": 9})
    a, b = game.new_initial_state(), game.new_initial_state()
    for _ in range(40):
        a.apply_action(a.legal_actions()[-1])
        b.apply_action(b.legal_actions()[-1])
    twin = a.clone()
    a.apply_action(a.legal_actions()[0])
    assert b.engine_game.state.digest() == twin.engine_game.state.digest() != a.engine_game.state.digest()
    assert twin.history() == b.history()


def test_solo_has_one_player_and_rivals_never_ask():
    game = pyspiel.load_game("python_dune_imperium", {"players": 1, "seed": 2})
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.current_player() == 0
        state.apply_action(state.legal_actions()[0])
    assert len(state.returns()) == 1 and state.returns()[0] in (0.0, 1.0)


def test_observation_tensor_is_the_feature_vector_of_the_seat():
    game = pyspiel.load_game("python_dune_imperium", {"players": 4, "seed": 1})
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    g = state.engine_game
    for player in range(4):
        want = features.encode(g.state, player, g.content)
        assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), want)
    assert state.observation_string(0) != state.observation_string(1)
    # The pending decision is named (kind and what it is about) for its decider only.
    me = state.current_player()
    assert f"decide {g.decision()['kind']} about" in state.observation_string(me)
    assert "decide " not in state.observation_string((me + 1) % 4)


@pytest.mark.parametrize("players", [1, 4])
def test_rise_of_ix_is_a_parameter(players):
    game = pyspiel.load_game("python_dune_imperium", {"players": players, "seed": 5, "sets": "base,ix"})
    state = game.new_initial_state()
    assert state.engine_game.content.sets == ("core", "base", "ix")  # core comes with base
    assert game.observation_tensor_size() == features.layout(state.engine_game.content).size
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("params, words", [({"players": 5}, "players must be 1"),
                                           ({"difficulty": "easy"}, "difficulty must be one of"),
                                           ({"sets": "base,nosuchset"}, "unknown set `nosuchset`")])
def test_bad_parameters_are_refused_by_name(params, words):
    with pytest.raises(Exception, match=words):
        pyspiel.load_game("python_dune_imperium", params)


def test_legal_actions_are_the_action_space_ids_and_name_their_option():
    game = pyspiel.load_game("python_dune_imperium", {"players": 4, "seed": 1, "sets": "base,ix"})
    state = game.new_initial_state()
    for _ in range(60):
        g = state.engine_game
        ids = state.legal_actions()
        assert ids == sorted(ids) == g.legal_ids() and all(0 <= i < game.num_distinct_actions() for i in ids)
        words = {state.action_to_string(i) for i in ids}
        assert len(words) == len(ids) and not any("not an option" in w for w in words)
        state.apply_action(ids[-1])
    assert "(not an option now)" in state.action_to_string(0) or 0 in state.legal_actions()
