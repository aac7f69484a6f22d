"""The engine stepped from outside: `Game`, for bots, search and AI research.

    from dunec import Game
    g = Game(players=4, seed=1)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    g.returns()

A Game is a GameState (plain data: the board, the cards, the RNG, the stack of
steps still to run and the decision it waits on) plus the content it plays. The
engine keeps nothing between calls, so `clone()` is a copy of the state and
`to_json()` saves a game at any decision. Chance is the state's own seeded RNG:
the same seed and the same actions give the same game, byte for byte.
"""
from __future__ import annotations

import json
from typing import Optional

TERMINAL = -1  # current_player() of a finished game
FORMAT = "dunec-game"
VERSION = 1


class IllegalAction(ValueError):
    """An action that is not among the legal ones; the game is unchanged."""


class Game:
    def __init__(self, players: int = 4, seed: int = 0, sets=None, difficulty: str = "novice",
                 churn: str = "reveal", backend: str = "compiled", content=None, leaders=None,
                 epic: bool = False):
        """A new game, advanced to its first decision. `players` counts the people:
        1 is solo against two House Hagal rivals, 2 the two-player game with a
        House Hagal rival, 3 and 4 the standard game. `epic`: the Epic game (to 12
        VP, its own setup; a set must define `deck epic`, as Rise of Ix does)."""
        from dunec.content import load
        from dunec.engine.runs.runner import for_sets, new_state

        if type(epic) is not bool:
            raise ValueError(f"epic: expected True or False, got {epic!r}")
        content = for_sets(content if content is not None else load(backend), None if sets is None else list(sets))
        # A standard game deals the leaders given at setup, which reads them (a leader's
        # own track, the starting cards it leaves out); with rivals, the people's seats
        # take them after.
        whole = leaders is not None and players >= 3 and len(leaders) == players
        state = new_state(content, players, seed, ["external"] * players, difficulty, churn, epic,
                          leaders=list(leaders) if whole else None)
        if leaders is not None and not whole:
            for p, leader in zip((q for q in state.players if not q.rival), leaders):
                p.leader = leader
        self._init(content, state, backend)
        from dunec.engine.loop import flow

        flow.start(self._engine)
        self._engine.advance()

    def _init(self, content, state, backend: str) -> None:
        from dunec.engine.loop.game import Engine

        self.content = content
        self.state = state
        self.backend = backend
        self._engine = Engine(content, state)
        self._engine.quiet = True

    @classmethod
    def _of(cls, content, state, backend: str) -> "Game":
        g = cls.__new__(cls)
        g._init(content, state, backend)
        return g

    @classmethod
    def from_position(cls, position, players: int = 4, seed: int = 0, sets=None,
                      difficulty: str = "novice", churn: str = "reveal", backend: str = "compiled",
                      content=None, epic: bool = False) -> "Game":
        """A new game set to a given position (plain data in the names of a card
        test's `given { }`, or text: one `given { }` block per seat; dunec/engine/
        position.py, docs/engine.md "Starting from a position"), waiting on the first
        decision of that round's player turns. A position that cannot be set up
        raises ValueError naming the field."""
        from dunec.content import load
        from dunec.engine.records import position as positions
        from dunec.engine.checks import state_check
        from dunec.engine.runs.runner import for_sets, new_state

        if isinstance(position, str):
            from dunec.engine.records.position_text import read

            position = read(position)
        content = for_sets(content if content is not None else load(backend), None if sets is None else list(sets))
        state = new_state(content, players, seed, ["external"] * players, difficulty, churn, epic)
        g = cls._of(content, state, backend)
        positions.build(g._engine, position)
        g._engine.advance()
        state_check.read(content, json.loads(state.to_json()))  # a state the engine could have reached
        return g

    @classmethod
    def from_state(cls, content, state, backend: str = "compiled") -> "Game":
        """A game at an existing state (not copied): a guessed or edited state to
        search from, with the content it plays."""
        return cls._of(content, state, backend)

    # ------------------------------------------------------------------ reading
    @property
    def epic(self) -> bool:
        """Whether this is the Epic game (part of its setup: saved, replayed, observed)."""
        return self.state.epic

    def is_terminal(self) -> bool:
        return self.state.phase == "over"

    def current_player(self) -> int:
        """The seat to decide now, or TERMINAL when the game is over."""
        d = self.state.pending
        return d["seat"] if d is not None else TERMINAL

    def decision(self) -> Optional[dict]:
        """The pending decision: {seat, kind, options, about}; None when the game is
        over. `about` is the id of what it is about (the card whose `choose` or
        payment it is, the space to defend), None when the kind says it all."""
        d = self.state.pending
        return None if d is None else {"seat": d["seat"], "kind": d["kind"], "options": list(d["options"]),
                                       "about": d.get("about")}

    def legal_actions(self) -> list:
        """The options of the pending decision, as structured actions
        (dunec/engine/loop/actions.py); empty when the game is over."""
        d = self.state.pending
        return [] if d is None else list(d["options"])

    @property
    def action_space(self):
        """The game-wide numbering of this game's actions (dunec/engine/loop/action_space.py):
        the same for every game of the same sets."""
        from dunec.engine.loop.action_space import space_of

        return space_of(self.content)

    def legal_ids(self) -> list:
        """The pending decision's options as action ids (ascending, each once);
        empty when the game is over."""
        d = self.state.pending
        return [] if d is None else self.action_space.legal_ids(d["options"])

    def hints(self) -> Optional[list]:
        """The engine's value hints for the legal actions (what the greedy player uses)."""
        return None if self.state.pending is None else self._engine.pending_hints()

    def label(self, action) -> str:
        from dunec.engine.loop.actions import label

        return label(self.state, self.content, tuple(action))

    def returns(self) -> list[float]:
        """Per seat: the share of the win (1 for a sole winner, split on a tie for
        first), 0 for everyone else and for every seat before the end."""
        out = [0.0] * len(self.state.players)
        if not self.is_terminal():
            return out
        first = [s["seat"] for s in self.state.standings if s["rank"] == 1]
        for seat in first:
            out[seat] = 1.0 / len(first)
        return out

    def observation(self, seat: int):
        """What `seat` may know: a copy of the state with the other hands, intrigue
        cards and secret choices, every deck's order and the RNG hidden."""
        from dunec.engine.views.observe import observation

        return observation(self.state, seat)

    # ------------------------------------------------------------------ playing
    def apply(self, action) -> None:
        """Answer the pending decision with one of `legal_actions()` and run on to
        the next decision. Anything else raises IllegalAction and changes nothing."""
        d = self.state.pending
        if d is None:
            raise IllegalAction("the game is over: there is no decision to answer")
        key = tuple(action) if isinstance(action, (tuple, list)) else action
        try:
            i = d["options"].index(key)
        except ValueError:
            shown = ", ".join(repr(a) for a in d["options"][:6]) + (" …" if len(d["options"]) > 6 else "")
            raise IllegalAction(f"{action!r} is not a legal action for the `{d['kind']}` decision of seat "
                                f"{d['seat']} (legal: {shown})") from None
        self._engine.answer(i)

    def apply_index(self, i: int) -> None:
        """Answer with the i-th legal action (what the decision log records)."""
        d = self.state.pending
        if d is None or type(i) is not int or not 0 <= i < len(d["options"]):
            raise IllegalAction(f"{i!r} is not the index of a legal action")
        self._engine.answer(i)

    def apply_id(self, i: int) -> None:
        """Answer with the option whose action id is i (one of `legal_ids()`)."""
        from dunec.engine.loop.action_space import ActionError

        d = self.state.pending
        if d is None:
            raise IllegalAction("the game is over: there is no decision to answer")
        try:
            j = self.action_space.index_of(i, d["options"])
        except ActionError:
            raise IllegalAction(f"{i!r} is not a legal action id for the `{d['kind']}` decision of seat "
                                f"{d['seat']} (legal: {self.legal_ids()[:8]}{' …' if len(d['options']) > 8 else ''})") from None
        self._engine.answer(j)

    def clone(self) -> "Game":
        """An independent game at the same point (a copy of the plain-data state)."""
        return Game._of(self.content, self.state.copy(), self.backend)

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        sets = list(self.content.sets)
        return json.dumps({"format": FORMAT, "version": VERSION, "backend": self.backend, "sets": sets,
                           "state": json.loads(self.state.to_json())}, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, content=None) -> "Game":
        """A game saved with to_json, at the same decision. What it reads is checked
        first (dunec/engine/checks/state_check.py): a save that is not one, or a state
        that cannot be played, raises ValueError naming the field."""
        from dunec.content import load
        from dunec.engine.checks import state_check

        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:  # JSONDecodeError, and integers too long to read
            raise ValueError(f"not a {FORMAT} save: not JSON ({e})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"not a {FORMAT} version {VERSION} save")
        unknown = sorted(set(data) - {"format", "version", "backend", "sets", "state"})
        if unknown:
            raise ValueError(f"unknown key `{unknown[0]}` in a {FORMAT} save")
        backend = data.get("backend", "compiled")
        if backend not in ("compiled", "interpreted"):
            raise ValueError(f"backend: expected compiled or interpreted, got {backend!r}")
        content = _for_sets(content if content is not None else load(backend), data.get("sets"))
        state = state_check.read(content, data.get("state"))
        return Game._of(content, state, backend)


def _for_sets(content, sets):
    """The content of the sets a save names: a list of known set ids."""
    from dunec.engine.runs.runner import for_sets
    from dunec.ir.meta import SetsError

    if not isinstance(sets, list) or not sets or not all(isinstance(s, str) and s for s in sets):
        raise ValueError(f"sets: expected a list of set ids, e.g. [\"base\", \"ix\"], got {json.dumps(sets)[:40]}")
    if len(set(sets)) != len(sets):
        raise ValueError(f"sets: a set named twice in {sets}")
    try:
        return for_sets(content, sets)
    except SetsError as e:
        raise ValueError(f"sets: {e}") from None
