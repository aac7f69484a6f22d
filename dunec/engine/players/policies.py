"""Players as policies over explicitly enumerated options.

A policy gets the engine (read-only by contract), the deciding player, the kind
of decision, the options as structured actions (dunec/engine/loop/actions.py) in a
stable order and a function giving value hints (computed only if called), and
returns an index. Random and greedy policies own their RNG, seeded from the game seed and
seat, so the game's own RNG stream never depends on who is playing.
"""
from __future__ import annotations

import re

from dunec.engine.loop.actions import labels
from dunec.engine.loop.rng import _LIMITS, Rng, limit
from dunec.engine.loop.state import vp_to_end
from dunec.engine.rules import battle_icons as rules_battle_icons
from dunec.ir.value import WORTH


class Policy:
    name = "policy"

    def choose(self, engine, player, kind: str, actions: list[tuple], hints) -> int:
        raise NotImplementedError


class RandomPolicy(Policy):
    name = "random"
    follows_replay = True
    AHEAD = 24  # raw draws made per call of Rng.ahead

    def __init__(self, seed: int, seat: int):
        self.rng = Rng(seed * 7919 + seat * 104729 + 17)
        # The rng's next raw draws, made AHEAD at a time (Rng.ahead), the next one
        # last: a decision costs a list pop instead of an Rng call. The results are
        # rng.below's exactly (tests/test_rng_ahead.py); the policy is never saved
        # (a resumed game replays its decisions through it: Engine._replayed).
        self.ahead: list = []

    def choose(self, engine, player, kind, actions, hints):
        return self.pick(kind, len(actions), player)

    def pick(self, kind: str, n: int, player) -> int:
        """The choice among n options: it reads nothing else of them, so the engine
        asks for it directly when `choose` is this class's (Engine.drive, which
        makes the plain draw itself)."""
        if kind == "turn" and n > 1 and player.agents_left > 0:
            # A random player still uses its agents: reveal early only now and then.
            ahead = self.ahead
            if len(ahead) > 1 and n <= 256 and ahead[-1] < _LIMITS[10] and ahead[-2] < _LIMITS[n - 1]:
                # Nearly always: both draws below() would make are the next two values.
                return n - 1 if ahead.pop() % 10 == 0 else ahead.pop() % (n - 1)
            if self.below(10) == 0:
                return n - 1
            return self.below(n - 1)
        return self.below(n)

    def below(self, n: int) -> int:
        """self.rng.below(n), drawn from the values made ahead."""
        ahead = self.ahead
        if ahead and 0 < n < 256 and ahead[-1] < _LIMITS[n]:  # nearly always: the next value
            return ahead.pop() % n
        top = limit(n)
        while True:
            if not ahead:
                ahead += self.rng.ahead(self.AHEAD)
            x = ahead.pop()
            if x < top:  # else rejected, as Rng.below rejects it
                return x % n


class GreedyPolicy(Policy):
    """Takes the option with the highest value hint, with rules of thumb that the
    static hints cannot see: what an influence step is worth on the tracks, when a
    conflict is worth fighting for, when combat intrigue changes the outcome."""
    name = "greedy"
    follows_replay = True
    # Tuned on seeded solo games (novice) and checked against random players.
    VP_FIGHT, OTHER_FIGHT = 2.0, 0.0  # extra for a combat space, by the conflict's first reward
    LATE_VP_BUY = 10.0  # extra for a card that gives VP when bought, late in the game
    DEPLOY_WORTH, DEPLOY_FEW = 6.0, 1  # deploy all for a conflict worth this much; else this many
    # Extra for one influence step: to 2 (a VP), to 4 (a free alliance), past the
    # alliance holder, keeping our alliance ahead, and the wasted step at the top.
    INF_VP, INF_ALLY, INF_STEAL, INF_KEEP, INF_TOP = 4.0, 6.0, 10.0, 5.0, -2.0

    def __init__(self, seed: int = 0, seat: int = 0):
        self.rng = Rng(seed * 31 + seat)

    def choose(self, engine, player, kind, actions, hints):
        if kind == "deploy":
            return self._deploy(engine, player, len(actions) - 1)
        if kind == "combat":
            return self._combat(engine, player, actions, hints())
        values = hints()
        if not values:
            return 0
        if kind == "turn":
            values = [h + self._turn_bonus(engine, player, a) for a, h in zip(actions, values)]
        elif kind == "buy":
            values = [h + self._buy_bonus(engine, a) for a, h in zip(actions, values)]
        return max(range(len(actions)), key=lambda i: (values[i], -i))

    # ------------------------------------------------------------------ agent turns
    def _turn_bonus(self, engine, player, action: tuple) -> float:
        """What the static hint of an agent placement misses about the board now."""
        if action[0] != "place":
            return 0.0
        space = engine.defs[action[2]]
        bonus = 0.0
        if space.get("faction"):
            bonus += self._influence_step(engine, player, space["faction"])
        if space.get("combat"):
            bonus += self._combat_space(engine, player)
        return bonus

    def _influence_step(self, engine, player, faction: str) -> float:
        """One more influence: a VP at 2, an alliance at 4 (or taking it from a
        holder we pass), nothing at the top of the track."""
        have = player.influence[faction]
        if have >= 6:
            return self.INF_TOP
        holder = engine.state.alliances[faction]
        theirs = max((o.influence[faction] for o in engine.opponents(player)), default=0)
        if have == 1:
            return self.INF_VP
        if holder is None and have == 3 and theirs < 4:
            return self.INF_ALLY
        if holder is not None and holder != player.seat and have + 1 > theirs >= 4:
            return self.INF_STEAL
        if holder == player.seat and theirs >= have:
            return self.INF_KEEP  # keep the alliance out of reach
        return 0.0

    def _combat_space(self, engine, player) -> float:
        """Against House Hagal rivals, who fight for every conflict, troops on a
        combat space matter most when the conflict gives VP."""
        conflict = engine.state.conflict
        if conflict is None or engine.state.mode == "standard":
            return 0.0
        return self.VP_FIGHT if _gives_vp(engine, conflict) else self.OTHER_FIGHT

    # ------------------------------------------------------------------ buying
    def _buy_bonus(self, engine, action: tuple) -> float:
        """Late in the game a card that gives VP when bought (The Spice Must Flow)
        beats any deck-building."""
        if action[0] != "buy" or action[1] in engine.content.markets() or not _late(engine):
            return 0.0
        card = engine.defs[action[1]]
        return self.LATE_VP_BUY if card["values"].get("acquire", 0.0) >= WORTH["vp"] else 0.0

    # ------------------------------------------------------------------ combat
    def _deploy(self, engine, player, most: int) -> int:
        """Commit everything to a conflict worth winning or still close; otherwise
        keep the garrison for a later one but one troop, for a place."""
        conflict = engine.state.conflict
        if conflict is None:
            return most
        worth = engine.defs[conflict]["values"].get("first", 0.0)
        if player.objectives or player.won:  # a battle icon the win would pair (rules/battle_icons.py)
            worth += WORTH["vp"] * rules_battle_icons.vp_for_winning(engine.content, player, conflict)
        rivals = max((o.conflict for o in engine.opponents(player)), default=0)
        if worth >= self.DEPLOY_WORTH or rivals + 1 >= player.conflict:
            return most
        return min(most, self.DEPLOY_FEW)

    def _combat(self, engine, player, actions, hints) -> int:
        """Combat intrigue only when it changes the outcome: swords while they can
        lift us past someone, a VP-for-troops card when it costs no better place."""
        from dunec.engine.loop.turns import strength
        passing = len(actions) - 1
        mine = strength(player, engine)
        others = sorted((strength(o, engine) for o in engine.opponents(player)), reverse=True)
        cards = [engine.defs[a[1]] for a in actions[:passing]]
        swords = [_swords(c, h) for c, h in zip(cards, hints)]
        for i, c in enumerate(cards):
            if c is not None and _troops_paid(c) and \
                    _place(mine - 2 * _troops_paid(c), others) == _place(mine, others):
                return i
        reach = mine + sum(s for s in swords if s > 0)
        if not any(s > 0 for s in swords) or _place(reach, others) >= _place(mine, others):
            return passing
        return max(range(passing), key=lambda i: (swords[i], -i))


LATE_VP_SHORT = 4  # the last rounds begin when someone is this close to the end


def _late(engine) -> bool:
    """The last rounds: someone is near the VP that end the game (6 of 10, 8 of the
    Epic game's 12) or the conflict deck is nearly out."""
    st = engine.state
    return len(st.conflict_deck) <= 3 or max(p.vp for p in st.players) >= vp_to_end(st) - LATE_VP_SHORT


def _troops_paid(card) -> int:
    """Deployed troops a combat card costs (such a card buys VP, not strength)."""
    return sum(c[2] for c in card["forced"].get("combat", ()) if c[0] == "res" and c[1] == "deployed")


def _swords(card, hint: float) -> float:
    """Swords a combat card adds, read back from its value hint (and price)."""
    if card is None or _troops_paid(card):
        return 0.0
    price = sum(WORTH.get(c[1], 1.0) * c[2] for c in card["forced"].get("combat", ()) if c[0] == "res")
    return (hint + price) / WORTH["swords"]


def _place(strength: int, others) -> int:
    """0 for first, 1 for a shared first or second, ...: how many beat or tie us."""
    if strength <= 0:
        return len(others) + 1
    return sum(1 for s in others if s >= strength)


def _gives_vp(engine, conflict: str) -> bool:
    """Whether a conflict's first reward includes VP: its value hint is at least one
    VP's worth (every base conflict with VP for first is, and none without)."""
    return engine.defs[conflict]["values"].get("first", 0.0) >= WORTH["vp"]


class ScriptedPolicy(Policy):
    """Plays a fixed list of answers (for tests); fails loudly when it runs out.
    An answer is an index, an action (a tuple, matched exactly), or words shown
    to a person (matched by prefix against the options' display labels). It
    keeps what it was asked, as display labels, for tests to read."""
    name = "scripted"

    def __init__(self, answers, fallback: Policy | None = None):
        self.answers = list(answers)
        self.fallback = fallback
        self.asked: list[tuple[str, list[str]]] = []

    def choose(self, engine, player, kind, actions, hints):
        shown = labels(engine.state, engine.content, actions)
        self.asked.append((kind, shown))
        if self.answers:
            a = self.answers.pop(0)
            if isinstance(a, tuple):
                if a in actions:
                    return actions.index(a)
                raise LookupError(f"scripted answer {a!r} is not among {actions}")
            if isinstance(a, str):
                for i, lab in enumerate(shown):
                    if a == lab or lab.startswith(a):
                        return i
                raise LookupError(f"scripted answer {a!r} is not among {shown}")
            return a
        if self.fallback is not None:
            return self.fallback.choose(engine, player, kind, actions, hints)
        raise LookupError(f"scripted policy has no answer for {kind}: {shown}")


POLICIES = ("random", "greedy")
PLAY_POLICIES = POLICIES + ("human",)  # `human` needs a terminal: dunec play only
# `dunec play` also seats the search player (dunec/ai/search.py, built by the CLI,
# which sits above both): "search", or "search:N" for N simulations a move.
SEARCH = re.compile(r"search(:[1-9][0-9]*)?")


def playable(name: str) -> bool:
    """Whether `dunec play` (and a save it writes) can seat this policy."""
    return name in PLAY_POLICIES or SEARCH.fullmatch(name) is not None


def make(name: str, seed: int, seat: int) -> Policy:
    if name == "random":
        return RandomPolicy(seed, seat)
    if name == "greedy":
        return GreedyPolicy(seed, seat)
    raise ValueError(f"unknown policy {name!r} (choose from {', '.join(POLICIES)})")
