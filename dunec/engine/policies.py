"""Players as policies over explicitly enumerated options.

A policy gets the engine (read-only by contract), the deciding player, the kind
of decision, the option labels in a stable order and value hints, and returns an
index. Random and greedy policies own their RNG, seeded from the game seed and
seat, so the game's own RNG stream never depends on who is playing.
"""
from __future__ import annotations

from dunec.engine.rng import Rng


class Policy:
    name = "policy"

    def choose(self, engine, player, kind: str, labels: list[str], hints) -> int:
        raise NotImplementedError


class RandomPolicy(Policy):
    name = "random"
    follows_replay = True

    def __init__(self, seed: int, seat: int):
        self.rng = Rng(seed * 7919 + seat * 104729 + 17)

    def choose(self, engine, player, kind, labels, hints):
        if kind == "turn" and len(labels) > 1 and player.agents_left > 0:
            # A random player still uses its agents: reveal early only now and then.
            if self.rng.below(10) == 0:
                return len(labels) - 1
            return self.rng.below(len(labels) - 1)
        return self.rng.below(len(labels))


class GreedyPolicy(Policy):
    """Takes the option with the highest value hint, with a few rules of thumb that
    the static hints cannot see (when to commit troops, when to stop buying)."""
    name = "greedy"
    follows_replay = True

    def __init__(self, seed: int = 0, seat: int = 0):
        self.rng = Rng(seed * 31 + seat)

    def choose(self, engine, player, kind, labels, hints):
        if kind == "deploy":
            return self._deploy(engine, player, len(labels) - 1)
        if kind == "combat":
            return self._combat(engine, player, hints)
        if not hints:
            return 0
        best = max(range(len(labels)), key=lambda i: (hints[i], -i))
        return best

    def _deploy(self, engine, player, most: int) -> int:
        conflict = engine.state.conflict
        if conflict is None:
            return most
        worth = engine.defs[conflict]["values"].get("first", 0.0)
        rivals = max((o.conflict for o in engine.opponents(player)), default=0)
        if worth >= 6 or rivals + 1 >= player.conflict:
            return most
        return min(most, 1)

    def _combat(self, engine, player, hints) -> int:
        from dunec.engine.turns import strength
        mine = strength(player)
        best_other = max((strength(o) for o in engine.opponents(player)), default=0)
        if mine <= best_other + 6 and len(hints) > 1:
            return max(range(len(hints) - 1), key=lambda i: hints[i])
        return len(hints) - 1


class ScriptedPolicy(Policy):
    """Plays a fixed list of answers (for tests); fails loudly when it runs out."""
    name = "scripted"

    def __init__(self, answers, fallback: Policy | None = None):
        self.answers = list(answers)
        self.fallback = fallback
        self.asked: list[tuple[str, list[str]]] = []

    def choose(self, engine, player, kind, labels, hints):
        self.asked.append((kind, labels))
        if self.answers:
            a = self.answers.pop(0)
            if isinstance(a, str):
                for i, lab in enumerate(labels):
                    if a == lab or lab.startswith(a):
                        return i
                raise LookupError(f"scripted answer {a!r} is not among {labels}")
            return a
        if self.fallback is not None:
            return self.fallback.choose(engine, player, kind, labels, hints)
        raise LookupError(f"scripted policy has no answer for {kind}: {labels}")


POLICIES = ("random", "greedy")
PLAY_POLICIES = POLICIES + ("human",)  # `human` needs a terminal: dunec play only


def make(name: str, seed: int, seat: int) -> Policy:
    if name == "random":
        return RandomPolicy(seed, seat)
    if name == "greedy":
        return GreedyPolicy(seed, seat)
    raise ValueError(f"unknown policy {name!r} (choose from {', '.join(POLICIES)})")
