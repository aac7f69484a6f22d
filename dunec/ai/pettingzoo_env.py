"""Dune: Imperium as a PettingZoo AEC environment.

    from dunec.ai.pettingzoo_env import env
    e = env(players=4, seed=1)
    e.reset()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        e.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0]))

Agents are the people, `player_0` .. `player_{players-1}` (seat order); House
Hagal rivals (players=1: solo against two; players=2: one) decide inside the
engine and are not agents. An observation is a dict: `observation`, the
fixed-size vector of dunec.ai.features (layout in docs/engine.md), and
`action_mask`, 1 at the action id of each of the pending decision's options in
the game-wide action space (dunec/engine/loop/action_space.py, table in docs/ai.md):
one id is one action at every decision. The reward is the terminal win share (1
for a sole winner, split on a tie).

The vector is made when it is first read (dunec.ai.lazy): a player that reads
only the mask (masked random play) never pays for it, and one read after the
game has moved on is the vector of the moment it was observed.

Seeds: `env(seed=s)` plays seed s at the first reset; `reset(seed=s)` plays seed s;
a reset without a seed plays the next seed, so a loop of resets sees new games
and one seed is always one game. `env(sets=(...))` plays any selection of sets
the engine plays (default: the base game alone); the observation vector then
holds a block for each name the selected sets declare (docs/ai.md). `env(epic=True)`
plays the Epic game (with a set that defines its `deck epic` list).
"""
from __future__ import annotations

import sys
from itertools import repeat

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env import AECIterable

from dunec.ai import features
from dunec.ai.lazy import History, observation
from dunec.ai.table import people
from dunec.api import Game

_zeros, _int8 = np.zeros, np.int8


def env(players: int = 4, seed: int = 0, difficulty: str = "novice", render_mode=None,
        sets=None, epic: bool = False) -> "DuneImperiumEnv":
    return DuneImperiumEnv(players=players, seed=seed, difficulty=difficulty, render_mode=render_mode, sets=sets,
                           epic=epic)


class DuneImperiumEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "dune_imperium_v0", "is_parallelizable": False}

    def __init__(self, players: int = 4, seed: int = 0, difficulty: str = "novice", render_mode=None,
                 sets=None, epic: bool = False):
        super().__init__()
        if not 1 <= players <= 4:
            raise ValueError(f"players must be 1 (solo against two rivals) to 4, not {players}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.players, self.difficulty, self.render_mode = players, difficulty, render_mode
        self.sets = None if sets is None else tuple(sets)  # None: the default game (data)
        self.epic = epic  # the Epic game (Game(epic=...) checks it)
        self._next_seed = seed
        self._content = None
        self.game: Game = self._new_game(seed)  # checks the difficulty and the sets too
        # Every later game plays the first one's content: its tables (agent menus, programs,
        # the action space) are made once, not at every reset.
        self._content = self.game.content
        self._history = History(self.game, lambda: self._new_game(seed))
        self._decision, self._option_ids = None, []  # the decision _ids() last read, and its ids
        self._seats = people(self.game)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._agent_index = {a: i for i, a in enumerate(self.possible_agents)}
        self._agent_of = dict(zip(self._seats, self.possible_agents))  # seat -> agent
        self._seat_of = dict(zip(self.possible_agents, self._seats))  # agent -> seat
        size = features.layout(self.game.content).size
        self._space = self.game.action_space
        n = self._size = self._space.size
        self._known = self._space._cache  # option -> id, filled by the space as options are met
        obs = spaces.Dict({
            "observation": spaces.Box(0.0, features.HIGH, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the loop
    # What one step costs on top of the engine is kept small (issue 20: at most
    # 1.5x the bare API for masked random play): the ids of a decision's options
    # are read once per decision, in option order, and an action id is found
    # among them by position; rewards are 0 until the game ends, so they are
    # written and accumulated only then.
    def reset(self, seed=None, options=None):
        if seed is not None:
            self._next_seed = int(seed)
        seed = self._next_seed
        self.game = self._new_game(seed)
        self._history = History(self.game, lambda: self._new_game(seed))
        self._next_seed += 1
        self._decision, self._option_ids = None, []
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _new_game(self, seed: int) -> Game:
        return Game(players=self.players, seed=seed, difficulty=self.difficulty, sets=self.sets,
                    content=self._content, epic=self.epic)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        d = game.state.pending
        ids = self._option_ids if d is self._decision else self._ids()
        try:
            i = ids.index(action if type(action) is int else int(action))  # the first option with the id
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"{action!r} is not a legal action for {agent}: the action mask allows "
                             f"{sorted(set(ids))}") from None
        game._engine.answer(i)
        d = game.state.pending
        if d is not None:
            self.agent_selection = self._agent_of[d["seat"]]
            return
        # The game is over: every agent is terminated with its win share.
        self._cumulative_rewards[agent] = 0.0
        shares = game.returns()
        for a, seat in zip(self.possible_agents, self._seats):
            self.rewards[a] = shares[seat]
            self.terminations[a] = True
        self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        """The deciding person's agent; once the game is over, the first agent
        still listed, so the dead steps remove them one by one."""
        seat = self.game.current_player()
        self.agent_selection = self.agents[0] if seat < 0 else self._agent_of[seat]

    def _ids(self) -> list:
        """The action id of each option of the pending decision, in option order,
        made once per decision (observe and step both read it; a decision is a
        new `pending` dict)."""
        d = self.game.state.pending
        if self._decision is not d:
            self._decision = d
            if d is None:
                self._option_ids = []
            else:
                # ActionSpace.option_ids, its cache read here: this runs at every decision
                known, options = self._known, d["options"]
                try:
                    self._option_ids = [known[a] for a in options]
                except KeyError:
                    self._option_ids = self._space.option_ids(options)
        return self._option_ids

    def observe(self, agent):
        seat = self._seat_of[agent]
        history = self._history
        d = history.game.state.pending
        mask = _zeros(self._size, _int8)
        if d is not None and d["seat"] == seat:
            for i in (self._option_ids if d is self._decision else self._ids()):
                mask[i] = 1
        return observation(history, seat, mask)

    def agent_iter(self, max_iter: int = 2**63):
        return _Agents(self, max_iter)

    def render(self):
        if self.render_mode is None:
            return None
        st = self.game.state
        return f"round {st.round}, phase {st.phase}, VP " + " ".join(f"P{p.seat + 1}:{p.vp}" for p in st.players)

    def close(self):
        """Nothing to release: the game is plain data in this process."""


class _Agents(AECIterable):
    """`agent_iter()`: the agent to act while any is left, at most max_iter times
    (PettingZoo's AECIterable, iterated by a generator rather than a class's
    __next__)."""

    def __iter__(self):
        env = self.env
        # repeat() counts in a machine word; the default bound (2**63) is past it and never reached
        for _ in repeat(None) if self.max_iter >= sys.maxsize else repeat(None, max(0, self.max_iter)):
            if not env.agents:
                return
            yield env.agent_selection
