"""The engine: bookkeeping, decisions and the round loop.

The rule primitives every effect goes through are mixed in from rules_*.py
(resources, cards, agents, costs); phase details live in turns.py and combat.py."""
from __future__ import annotations

from collections import deque
from contextlib import contextmanager
from typing import Optional

from dunec.engine import rivals
from dunec.engine.actions import NO, player_name
from dunec.engine.observe import SeatView
from dunec.engine.rng import Rng
from dunec.engine.rules_agents import AgentRules
from dunec.engine.rules_cards import CardRules
from dunec.engine.rules_costs import CostRules
from dunec.engine.rules_resources import ResourceRules
from dunec.engine.state import FACTIONS, GameState, Player



class PolicyError(Exception):
    """A policy answered with something that is not one of the options."""


class ReplayError(PolicyError):
    """A recorded decision (a save, a replay) does not fit the game it replays;
    the message starts with `decisions[INDEX]`."""

    def __init__(self, index: int, problem: str):
        super().__init__(f"decisions[{index}]: {problem}")
        self.index = index


class Engine(ResourceRules, CardRules, AgentRules, CostRules):
    def __init__(self, content, state: GameState, policies, replay=()):
        self.content = content
        self.defs = content.defs
        self.state = state
        self.policies = policies
        self.rng = Rng(state=state.rng_state)
        self.replay = deque(replay)
        self.quiet = False
        # Optional hook called after every decision (invariant checks). A decision asked
        # in the middle of a rule step (whom a falling holder gives an alliance to) is
        # checked once the step has finished, never half done: see `step`.
        self.after_turn = None
        self._unfinished = 0
        self.echo = None  # optional: print each log line as it happens (a person is playing)
        self._trash_hints: dict = {}

    # ------------------------------------------------------------------ bookkeeping
    @property
    def turn_kind(self) -> str:
        """The state's turn kind (kept on the engine for older callers: the state,
        not the engine, knows where the game is)."""
        return self.state.turn_kind

    @turn_kind.setter
    def turn_kind(self, kind: str) -> None:
        self.state.turn_kind = kind

    @property
    def players(self) -> list[Player]:
        return self.state.players

    def log(self, msg: str) -> None:
        if not self.quiet:
            self.state.log.append(msg)
            if self.echo is not None and not self.replay:
                self.echo(msg)

    def pname(self, p: Player) -> str:
        return player_name(self.defs, p)

    def cname(self, ident: str) -> str:
        return self.defs[ident]["name"]

    def sync(self) -> None:
        self.state.rng_state = self.rng.state

    def order(self) -> list[Player]:
        if self.state.mode == "duo":
            return rivals.order(self)  # the rival acts right after the first player
        n = self.state.n_players
        return [self.players[(self.state.first_player + i) % n] for i in range(n)]

    def opponents(self, p: Player) -> list[Player]:
        n = self.state.n_players
        return [self.players[(p.seat + i) % n] for i in range(1, n)]

    # ------------------------------------------------------------------ decisions
    def decide(self, p: Player, kind: str, actions, hints=None) -> int:
        """Ask p's policy to pick one of the actions; record the answer's index.
        `hints` (value estimates, one per action) may be a function: it is called
        only when a policy asks for them."""
        n = len(actions)
        if n == 0:
            raise PolicyError(f"no options for {kind}")
        if n == 1:
            return 0
        lazy = hints if callable(hints) else (lambda: hints)
        if p.rival:  # rivals decide by fixed rules: no policy, nothing recorded
            return rivals.choose(self, p, kind, actions, lazy)
        if self.replay:
            i = self.replay.popleft()
            if type(i) is not int or not 0 <= i < n:
                at = len(self.state.decisions)
                raise ReplayError(at, f"{i!r} is not a legal choice (options 0–{n - 1}) at decision {at + 1}, "
                                      f"a `{kind}` decision of {self.pname(p)}")
            policy = self.policies[p.seat]
            if getattr(policy, "follows_replay", False):
                # Keep a seeded policy's own RNG in step, so a resumed game goes on
                # exactly as the uninterrupted one would have.
                self.sync()
                policy.choose(self._view(policy, p), p, kind, list(actions), lazy)
        else:
            self.sync()
            policy = self.policies[p.seat]
            i = policy.choose(self._view(policy, p), p, kind, list(actions), lazy)
        if not isinstance(i, int) or not 0 <= i < n:
            raise PolicyError(f"{kind}: {i!r} is not one of {n} options")
        self.state.decisions.append(i)
        if self.after_turn is not None and not self._unfinished:
            self.after_turn(self)
        return i

    def _view(self, policy, p: Player):
        """What the policy sees: the seat's view of the game (observe.SeatView), or
        the engine itself for a policy that declares `sees_everything`."""
        return self if getattr(policy, "sees_everything", False) else SeatView(self, p.seat)

    @contextmanager
    def step(self):
        """A rule step that asks a decision before it has finished: the hook runs
        after the step instead of after the decision."""
        self._unfinished += 1
        try:
            yield
        finally:
            self._unfinished -= 1
        if self.after_turn is not None and not self._unfinished:
            self.after_turn(self)

    def choose_options(self, ctx, n: int, labels, hints, costs, factions=None) -> list[int]:
        """Pick n different options; an option that starts with a cost is offered
        only when the player can pay it. `labels` are the card's own words for its
        options; `factions` the faction each option is influence with, if it is."""
        p = ctx.player
        ok = [i for i in range(len(labels)) if costs[i] is None or self.can_pay(p, costs[i], ctx.card)]
        factions = factions or (None,) * len(labels)
        picked: list[int] = []
        for _ in range(min(n, len(ok))):
            idx = [i for i in ok if i not in picked]
            j = self.decide(p, "choose", [("option", i, labels[i], factions[i]) for i in idx],
                            (lambda: [hints[i] for i in idx]) if hints else None)
            picked.append(idx[j])
        return picked

    def yes_no(self, p: Player, kind: str, label: str, hint: float = 0.0) -> bool:
        return self.decide(p, kind, [("yes", label), NO], lambda: [hint, 0.0]) == 0

    def pick_opponent(self, p: Player, label: str) -> Optional[Player]:
        opps = self.opponents(p)
        if not opps:
            return None
        i = self.decide(p, "opponent", [("opponent", o.seat, label) for o in opps],
                        lambda: [float(o.vp) for o in opps])
        return opps[i]

    # ------------------------------------------------------------------ the game
    def log_summary(self) -> None:
        if self.quiet:
            return
        for p in self.order():
            inf = " ".join(f"{f[:3]}{p.influence[f]}" for f in FACTIONS)
            self.log(f"  end of round {self.state.round}: {self.pname(p)} {p.vp} VP | {p.solari} Solari "
                     f"{p.spice} spice {p.water} water | garrison {p.garrison} | influence {inf} | "
                     f"{len(p.intrigue)} intrigue")

    def play(self) -> GameState:
        from dunec.engine import combat, turns

        st = self.state
        if st.phase == "setup":
            rivals.game_start(self)
            for p in self.players:
                self.leader_trigger(p, "game_start")
            st.phase = "rounds"
        while not st.finished:
            st.round += 1
            turns.round_start(self)
            turns.player_turns(self)
            combat.resolve(self)
            turns.makers(self)
            self.log_summary()
            if not turns.recall(self):
                break
        turns.endgame(self)
        self.sync()
        return st
