"""The PettingZoo AEC environment passes PettingZoo's own api_test and plays whole games."""
import pytest

pytest.importorskip("pettingzoo", reason="the `ai` extra (pettingzoo) is not installed")
import numpy as np  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from dunec.ai import features  # noqa: E402
from dunec.ai.pettingzoo_env import env  # noqa: E402
from dunec.ai.table import people  # noqa: E402
from dunec.api import Game  # noqa: E402


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
    assert e.game.content.sets == ("core", "base", "ix")  # core comes with base
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


class _Reference(AECEnv):
    """The environment as first written (before the per-step cost was cut, issue
    20): a mask made from an {id: option index} map of every option, the vector
    encoded at once, rewards written and accumulated at every step, PettingZoo's
    own agent_iter and last. The fast one must read exactly the same."""

    def __init__(self, players, sets):
        super().__init__()
        self.players, self.sets = players, sets
        self.possible_agents = [f"player_{i}" for i in range(players)]

    def reset(self, seed=None, options=None):
        self.game = Game(players=self.players, seed=seed, sets=self.sets)
        self._space = self.game.action_space
        self._seats = people(self.game)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _ids(self):
        d = self.game.state.pending
        return self._space.index_map(d["options"]) if d is not None else {}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game._engine.answer(self._ids()[int(action)])
        if self.game.is_terminal():
            shares = self.game.returns()
            for a, seat in zip(self.possible_agents, self._seats):
                self.rewards[a] = shares[seat]
                self.terminations[a] = True
        self._select()
        self._accumulate_rewards()

    def _select(self):
        seat = self.game.current_player()
        self.agent_selection = self.agents[0] if seat < 0 else self.possible_agents[self._seats.index(seat)]

    def observe(self, agent):
        seat = self._seats[self.possible_agents.index(agent)]
        d = self.game.state.pending
        mask = np.zeros(self._space.size, np.int8)
        if d is not None and d["seat"] == seat:
            for i in self._ids():
                mask[i] = 1
        return {"observation": features.encode(self.game.state, seat, self.game.content), "action_mask": mask}


def _same_observation(got, want):
    assert list(got) == list(want)
    for key in want:
        assert got[key].dtype == want[key].dtype and np.array_equal(got[key], want[key]), key


@pytest.mark.parametrize("players, sets, seed", [(4, ("base",), 3), (3, ("base",), 4), (2, ("base",), 5),
                                                 (1, ("base",), 6), (4, ("base", "ix"), 7)])
def test_the_fast_environment_reads_as_the_first_one_did(players, sets, seed):
    """Masked random play in lockstep with the reference, over whole seeded
    games: the same agent to act, the same masks (for the decider and the
    others), observations, rewards, terminations and dicts at every step, the
    dead steps included; observations kept and read at the end are those of
    their moment; an id no option has is refused and changes nothing."""
    fast, ref = env(players=players, seed=0, sets=sets), _Reference(players, sets)
    fast.reset(seed=seed)
    ref.reset(seed=seed)
    rng = np.random.default_rng(seed)
    kept, steps = [], 0
    for agent in fast.agent_iter():
        assert agent == ref.agent_selection
        got, want = fast.last(), ref.last()
        _same_observation(got[0], want[0])
        assert got[1:] == want[1:]
        for name in ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
            assert getattr(fast, name) == getattr(ref, name), name
        if steps % 7 == 0:
            kept.append((fast.observe(agent), want[0]))
            other = fast.possible_agents[(fast.possible_agents.index(agent) + 1) % players]
            _same_observation(fast.observe(other), ref.observe(other))
        if got[2] or got[3]:
            fast.step(None)
            ref.step(None)
            continue
        legal = np.flatnonzero(got[0]["action_mask"])
        if steps % 50 == 0:
            digest = fast.game.state.digest()
            with pytest.raises(ValueError, match="is not a legal action"):
                fast.step(int(np.flatnonzero(got[0]["action_mask"] == 0)[-1]))
            assert fast.game.state.digest() == digest and fast.agent_selection == agent
        pick = rng.choice(legal)
        fast.step(pick if steps % 3 else int(pick))  # numpy integers are ids too
        ref.step(int(pick))
        steps += 1
    assert not ref.agents and fast.game.state.digest() == ref.game.state.digest() and steps > 20
    for obs, want in kept[::-1]:
        _same_observation(obs, want)


def test_an_observation_reads_as_the_dict_of_both_keys_before_its_vector_is_made():
    """The mask is stored at once and the vector only when read; every other
    reading of the dict sees both keys, the vector first, and a change to it
    stores the vector first."""
    import copy
    import pickle

    e = env(players=3, seed=8)
    e.reset()

    def fresh():
        agent = e.agent_selection
        return e.observe(agent), features.encode(e.game.state, e._seat_of[agent], e.game.content)

    o, want = fresh()
    assert len(o) == 2 and "observation" in o and "action_mask" in o and "other" not in o
    assert list(o) == list(o.keys()) == ["observation", "action_mask"]
    assert o.keys() == {"observation": 0, "action_mask": 0}.keys()
    assert not dict.__contains__(o, "observation")  # reading the keys made nothing
    for made in (dict, lambda o: {**o}, lambda o: (lambda **kw: kw)(**o), copy.copy, copy.deepcopy,
                 lambda o: pickle.loads(pickle.dumps(o)), lambda o: o.copy(), lambda o: dict(o.items())):
        o, want = fresh()
        got = made(o)
        assert type(got) is dict and list(got) == ["observation", "action_mask"]
        assert np.array_equal(got["observation"], want) and np.array_equal(got["action_mask"], o["action_mask"])
    o, want = fresh()
    assert list(o | {"z": 1}) == ["observation", "action_mask", "z"] and np.array_equal((o | {})["observation"], want)
    assert list({"z": 1} | fresh()[0]) == ["z", "observation", "action_mask"]
    assert list(reversed(fresh()[0])) == ["action_mask", "observation"]
    o, want = fresh()
    assert np.array_equal(o.get("observation"), want) and o.get("other", 7) == 7
    o, _ = fresh()
    o["observation"] = "mine"
    assert o["observation"] == "mine" and list(o) == ["observation", "action_mask"]
    o, _ = fresh()
    del o["observation"]
    assert "observation" not in o and list(o) == ["action_mask"] and o.get("observation") is None
    with pytest.raises(KeyError):
        o["observation"]
    o, want = fresh()
    assert np.array_equal(o.pop("observation"), want) and len(o) == 1
    o, _ = fresh()
    o.update(z=1)
    assert list(o) == ["observation", "action_mask", "z"]
    o, _ = fresh()
    o.clear()
    assert len(o) == 0 and list(o) == [] and "observation" not in o
    with pytest.raises(KeyError):
        fresh()[0]["other"]
    o, _ = fresh()
    assert "observation" in repr(o) and e.observation_space("player_0").contains(o)
