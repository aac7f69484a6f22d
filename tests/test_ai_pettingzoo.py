"""The PettingZoo AEC environment passes PettingZoo's own api_test and plays whole games."""
import pytest

pytest.importorskip("pettingzoo", reason="the `ai` extra (pettingzoo) is not installed")
import numpy as np  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from dunec.ai import features  # noqa: E402
from dunec.ai.pettingzoo_env import env  # noqa: E402


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_api_test_passes(players):
    api_test(env(players=players, seed=players), num_cycles=400)


def play(e, pick):
    """Play a whole game through the AEC loop; return the rewards each agent saw last."""
    last = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        last[agent] = reward
        assert e.observation_space(agent).contains(obs)
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert list(legal) == e.game.legal_ids() and len(legal) == len(set(e.game.legal_actions()))
        e.step(int(pick(legal)))
    return last


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_whole_game_ends_with_the_win_shares(players):
    e = env(players=players, seed=11)
    e.reset()
    rng = np.random.default_rng(0)
    last = play(e, lambda legal: rng.choice(legal))
    assert e.game.is_terminal() and not e.agents
    want = e.game.returns()
    assert [last[f"player_{i}"] for i in range(players)] == [want[s] for s in range(players)]
    if players > 1:
        assert sum(last.values()) == pytest.approx(1.0)


def test_one_seed_is_one_game_and_a_plain_reset_plays_the_next():
    e = env(players=3, seed=5)
    digests = []
    for seed in (5, None, 5):
        e.reset(seed=seed)
        play(e, lambda legal: legal[-1])
        digests.append(e.game.state.digest())
    assert digests[0] == digests[2] != digests[1]


def test_observations_hide_the_other_hands_and_mask_only_the_decider():
    e = env(players=4, seed=2)
    e.reset()
    for _ in range(30):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    deciding = e.agent_selection
    lay = features.layout(e.game.content)
    for agent in e.possible_agents:
        obs = e.observe(agent)
        size = e.game.action_space.size
        assert obs["observation"].shape == (lay.size,) and obs["action_mask"].shape == (size,)
        assert obs["action_mask"].any() == (agent == deciding)
    # Another seat's hand is never in the vector: shuffling it changes nothing.
    other = e.game.state.players[1]
    before = e.observe("player_0")["observation"].copy()
    other.hand.reverse()
    other.hand[:] = ["duncan_idaho"] * len(other.hand)
    assert np.array_equal(before, e.observe("player_0")["observation"])


def test_an_illegal_action_is_refused_by_name():
    e = env(players=2, seed=1)
    e.reset()
    with pytest.raises(ValueError, match="is not a legal action for player_"):
        e.step(e.game.action_space.size - 1)


@pytest.mark.parametrize("kwargs, words", [({"players": 0}, "players must be 1"),
                                           ({"render_mode": "human"}, "render_mode must be None or 'ansi'")])
def test_bad_arguments_are_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        env(**kwargs)


def test_rise_of_ix_plays_through_the_environment():
    e = env(players=3, seed=2, sets=("base", "ix"))
    assert e.game.content.sets == ("base", "ix")
    api_test(e, num_cycles=200)
    e.reset(seed=2)
    lay = features.layout(e.game.content)
    assert "set_seats" in dict(lay.blocks) and e.observation_space("player_0")["observation"].shape == (lay.size,)
    rng = np.random.default_rng(1)
    last = play(e, lambda legal: rng.choice(legal))
    assert e.game.is_terminal() and sum(last.values()) == pytest.approx(1.0)


def test_an_observation_read_after_the_game_moved_on_is_the_one_observed():
    """The vector is encoded when first read: read at once, later, out of order,
    copied or pickled, it is the vector of the moment the seat observed."""
    import copy
    import pickle

    e = env(players=3, seed=8)
    e.reset()
    kept, want = [], []
    for _ in range(40):
        agent = e.agent_selection
        obs = e.observe(agent)
        kept.append(obs)
        want.append(features.encode(e.game.state, e._seats[e._agent_index[agent]], e.game.content))
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    order = list(range(len(kept)))[::3] + list(range(len(kept)))[::-2]
    for i in order:
        assert np.array_equal(kept[i]["observation"], want[i])
    assert np.array_equal(dict(kept[1])["observation"], want[1])
    assert np.array_equal({**kept[2]}["observation"], want[2])
    assert np.array_equal(copy.deepcopy(kept[4])["observation"], want[4])
    assert np.array_equal(pickle.loads(pickle.dumps(kept[5]))["observation"], want[5])
    assert np.array_equal(kept[7].get("observation"), want[7])
    assert list(kept[0]) == ["observation", "action_mask"] and e.observation_space("player_0").contains(kept[0])
