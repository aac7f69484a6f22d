"""Dune: Imperium as an OpenSpiel Python game: `python_dune_imperium`.

    import pyspiel, dunec.ai.openspiel_game
    game = pyspiel.load_game("python_dune_imperium", {"players": 4, "seed": 7})

`players` counts the people: 1 is solo against two House Hagal rivals, 2 two
people with a House Hagal rival, 3 and 4 the standard game. Rivals decide
inside the engine, so OpenSpiel never sees their seats. `sets` is the sets
played, comma-separated (empty, the default: the sets that declare `default`; or an expansion after the sets it
requires), any selection the engine plays. `epic` (a bool, default False) plays the
Epic game (to 12 VP, its own setup; with a set that defines its `deck epic` list).

Chance is the state's own seeded RNG (decks, the conflict deck, House Hagal's
cards), so the game is declared DETERMINISTIC with an explicit `seed` parameter:
one seed and one sequence of actions is one game, byte for byte, which is the
engine's promise and what makes a failing run reproducible. Exposing the
shuffles as explicit chance nodes would need the engine to stop in the middle of
a rule at every draw; a sampled-stochastic declaration would tell algorithms
that two clones may diverge, which they never do. Vary the seed to vary games.
The information is imperfect (hidden hands and deck orders): observations are
what a seat may know (`observation(seat)`), as a string and as the vector of
dunec.ai.features. OpenSpiel's own search bots clone the true state, RNG
included, so they see the future draws; dunec.ai.search is the honest player.
"""
from __future__ import annotations

import numpy as np
import pyspiel

from dunec.ai import features
from dunec.ai.table import MAX_GAME_LENGTH, people
from dunec.api import Game

DIFFICULTIES = ("novice", "veteran", "expert")

_GAME_TYPE = pyspiel.GameType(
    short_name="python_dune_imperium",
    long_name="Python Dune: Imperium (dunec)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    # A win share: 1 for a sole winner, split on a tie; in solo a rival may win.
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=1,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 4, "seed": 0, "difficulty": "novice", "sets": "", "epic": False},
)


class DuneImperiumGame(pyspiel.Game):
    def __init__(self, params=None):
        params = dict(params or {})
        n = int(params.get("players", 4))
        if not 1 <= n <= 4:
            raise ValueError(f"players must be 1 (solo against two rivals) to 4, not {n}")
        difficulty = str(params.get("difficulty", "novice"))
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
        sets = tuple(s.strip() for s in str(params.get("sets", "")).split(",") if s.strip()) or None
        # cloned for each new state; it checks the sets (an unknown set is an error naming the known ones)
        epic = params.get("epic", False)
        if type(epic) is not bool:
            raise ValueError(f"epic must be True or False, not {epic!r}")
        first = Game(players=n, seed=int(params.get("seed", 0)), difficulty=difficulty, sets=sets, epic=epic)
        # Action ids are the sets' action space (docs/ai.md): one id, one action, in every game.
        info = pyspiel.GameInfo(num_distinct_actions=first.action_space.size, max_chance_outcomes=0, num_players=n,
                                min_utility=0.0, max_utility=1.0, utility_sum=None,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(_GAME_TYPE, info, params)
        self.players, self.seed, self.difficulty, self.sets = n, int(params.get("seed", 0)), difficulty, sets
        self.epic = epic
        self._first = first

    def new_initial_state(self):
        return DuneImperiumState(self, self._first.clone())

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("python_dune_imperium provides observations, not perfect-recall information states")
        return DuneObserver(self._first.content)


class _Live:
    """The engine game inside an OpenSpiel state. OpenSpiel clones a Python state
    with copy.deepcopy: this copies the plain-data state (Game.clone) and shares
    the read-only content, instead of deep-copying the compiled cards."""
    __slots__ = ("game",)

    def __init__(self, game: Game):
        self.game = game

    def __deepcopy__(self, memo):
        return _Live(self.game.clone())


class DuneImperiumState(pyspiel.State):
    def __init__(self, game, live: Game):
        super().__init__(game)
        self._live = _Live(live)
        self._people = people(live)

    @property
    def engine_game(self) -> Game:
        """The dunec Game this state plays (read it; answer through apply_action)."""
        return self._live.game

    def current_player(self):
        g = self._live.game
        if g.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self._people.index(g.current_player())

    def _legal_actions(self, player):
        g = self._live.game
        if g.is_terminal() or player != self.current_player():
            return []
        return g.legal_ids()

    def _apply_action(self, action):
        self._live.game.apply_id(int(action))

    def _action_to_string(self, player, action):
        """The action's id and words: the option's when it is one now, else the
        id's meaning in the action space."""
        from dunec.engine.loop.action_space import ActionError

        g = self._live.game
        space = g.action_space
        try:
            if not g.is_terminal():
                return f"{action}: {g.label(g.legal_actions()[space.index_of(int(action), g.legal_actions())])}"
        except ActionError:
            pass
        try:
            return f"{action}: {' '.join(str(v) for v in space.describe(int(action)))} (not an option now)"
        except ActionError:
            return f"{action}: (not an action id)"

    def is_terminal(self):
        return self._live.game.is_terminal()

    def returns(self):
        shares = self._live.game.returns()
        return [shares[s] for s in self._people]

    def __str__(self):
        st = self._live.game.state
        return f"round {st.round}, phase {st.phase}, VP " + " ".join(f"P{p.seat + 1}:{p.vp}" for p in st.players)


class DuneObserver:
    """OpenSpiel's PyObserver: the features vector, and a short text, of what one
    person's seat may know."""

    def __init__(self, content):
        self.content = content
        self.tensor = np.zeros(features.layout(content).size, np.float32)
        self.dict = {name: self.tensor[a:b] for name, (a, b) in features.layout(content).offsets().items()}

    def set_from(self, state, player):
        g = state.engine_game
        features.encode(g.state, state._people[player], g.content, out=self.tensor)

    def string_from(self, state, player):
        g = state.engine_game
        seat = state._people[player]
        view = g.observation(seat)
        me = view.players[seat]
        tables = " | ".join(f"P{p.seat + 1} vp{p.vp} sol{p.solari} spi{p.spice} wat{p.water} "
                            f"hand{len(p.hand)} int{len(p.intrigue)}" for p in view.players)
        d = g.state.pending
        deciding = f"decide {d['kind']} about {d.get('about') or '-'} | " if d is not None and d["seat"] == seat else ""
        return (f"seat {seat} round {view.round} phase {view.phase} conflict {view.conflict} | {deciding}{tables} | "
                f"hand {','.join(me.hand)} | intrigue {','.join(me.intrigue)} | row {','.join(view.imperium_row)}")


pyspiel.register_game(_GAME_TYPE, DuneImperiumGame)
