"""A search player: information-set MCTS (UCT) over `Game.clone()`.

Each simulation starts from a fresh guess at what the deciding seat cannot see
(dunec/ai/determinise.py), walks one tree shared by all guesses (single-observer
ISMCTS: a child is scored against how often it was available, since the other
seats' options differ between guesses; a node widens progressively, the greedy
player's pick first), adds one node, then plays on with a
rollout policy until the game ends or `rounds` rounds have passed, and backs up
one value per seat. A finished game is worth its win shares (Game.returns); a
cut-off one its estimate (`estimate`). The move is the most visited root child.
With `reuse=True` the next decision of the same turn starts from the subtree
below that child (`_reused`) and only tops it up to the budget; off by default,
since at 25 and 100 simulations a move it lost solo games (docs/decisions.md).

    from dunec import Game
    from dunec.ai.search import Search
    g = Game(players=4, seed=1)
    g.apply(Search(iterations=50).choose(g))

As a policy for `play_game`: `make_policy` builds "search" (or "search:N", N
simulations a move) and every built-in name. With an iteration budget a game is
reproducible from its seed; a time budget (`seconds=`) is not.
"""
from __future__ import annotations

import math
import time
from typing import Optional

from dunec.ai.determinise import determinise
from dunec.api import Game
from dunec.engine.loop.actions import player_name
from dunec.engine.players.policies import GreedyPolicy
from dunec.engine.rivals.play import TRADES
from dunec.engine.loop.rng import Rng
from dunec.engine.loop.turns import vp_to_end
from dunec.ir.lexicon import WORTH

ROLLOUTS = ("greedy", "random")
# Points at a cut-off, beyond VP: what a seat holds and has built that the
# look-ahead has not yet turned into VP, in the hints' units (WORTH: 9 is one VP).
HOLDINGS = ("solari", "spice", "water", "garrison")
INFLUENCE_STEP = 2.6  # one influence step, as dunec/ir/value.py prices it
CARD_ZONES = ("deck", "hand", "discard", "played", "revealed")  # a card is worth its cost, as the buy hints say
GAME_CONFLICTS = 10  # conflicts in a game: development counts less as they run out
# How much of the budget a decision gets, by kind, with `focus`: where agents go
# and what is bought shape the game; the order of two rewards or a plot card
# rarely does. A kind not listed gets the budget as it is.
FOCUS = {"turn": 2.0, "buy": 1.5, "plot": 0.5, "order": 0.25, "manipulate": 0.5}


class Search:
    def __init__(self, iterations: int = 100, seconds: Optional[float] = None, rounds: int = 1,
                 rollout: str = "greedy", c: float = 0.7, temperature: float = 1.0, seed: int = 0,
                 focus: bool = True, reuse: bool = False):
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if iterations < 1 or rounds < 1:
            raise ValueError("iterations and rounds must be at least 1")
        self.iterations, self.seconds, self.rounds = iterations, seconds, rounds
        self.rollout, self.c, self.temperature, self.focus = rollout, c, temperature, bool(focus)
        self.reuse = bool(reuse)
        self._kept = None  # the last search, for `_reused`: (game, seat, round, index chosen, node)
        self.rng = Rng(seed * 7919 + 4099)
        self.simulations = 0  # simulations run by this searcher, for reports
        self._greedy = GreedyPolicy(seed, 0)  # every seat's rollout player

    # ------------------------------------------------------------------ the move
    def choose(self, game: Game):
        """The action to play at `game`'s pending decision."""
        return game.legal_actions()[self.choose_index(game)]

    def choose_index(self, game: Game) -> int:
        options = game.legal_actions()
        if not options:
            raise ValueError("the game is over: there is no decision to search")
        if len(options) == 1:
            return 0
        seat = game.current_player()
        first = _first_index(options)
        root = self._reused(game, seat, first)
        budget = self._budget(game)
        if root is None:
            root, runs = _Node(-1), budget  # nobody's action led to the root
        else:
            done = sum(ch.n for a, ch in root.children.items() if a in first)
            runs = max(budget - done, 1)  # a top-up: the move is still worth `budget` simulations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(runs):
            self._simulate(game, seat, root)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max((a for a in root.children if a in first), key=lambda a: root.children[a].n)
        if self.reuse:
            st = game.state
            self._kept = ((st.seed, list(st.decisions)), seat, st.round, first[best], root.children[best])
        return first[best]

    def _reused(self, game: Game, seat: int, first: dict):
        """The subtree below the move this searcher chose last, when this decision
        comes right after it in the same game (its seed, the decisions before it
        and the move chosen; the same seat and round: no one else decided in
        between): its simulations already explored this decision."""
        kept, self._kept = self._kept, None
        if not self.reuse or kept is None:
            return None
        made, was_seat, was_round, index, node = kept
        st = game.state
        if (made != (st.seed, st.decisions[:-1]) or st.decisions[-1:] != [index] or seat != was_seat
                or st.round != was_round or node.mover != seat):
            return None
        if not any(a in first and ch.mover == seat for a, ch in node.children.items()):
            return None
        node.mover = -1
        return node

    def _budget(self, game: Game) -> int:
        if not self.focus:
            return self.iterations
        return max(1, round(self.iterations * FOCUS.get(game.decision()["kind"], 1.0)))

    # ------------------------------------------------------------------ one simulation
    def _simulate(self, game: Game, seat: int, root: "_Node") -> None:
        g = Game.from_state(game.content, determinise(game.state, seat, game.content.defs, self.rng), game.backend)
        start = g.state.round
        node, path = root, [root]
        while not g.is_terminal() and not self._cut(g, start):
            first = _first_index(g.legal_actions())
            available = [a for a in first if a in node.children]
            for a in available:
                node.children[a].avail += 1
            if len(available) < self._width(node, len(first)):
                untried = [a for a in self._ranked(g, first) if a not in node.children]
                if untried:
                    a = untried[0]
                    node.children[a] = child = _Node(g.current_player())
                    g.apply_index(first[a])
                    path.append(child)
                    break
            a = max(available, key=lambda a: node.children[a].ucb(self.c))
            node = node.children[a]
            g.apply_index(first[a])
            path.append(node)
        values = self._play_out(g, start)
        for n in path:
            n.n += 1
            n.w += values[n.mover] if n.mover >= 0 else 0.0
        self.simulations += 1

    @staticmethod
    def _width(node: "_Node", options: int) -> int:
        """Progressive widening: a node visited n times tries its best 2 + sqrt(2n)
        actions, so a small budget is spent on the likely moves, not on forty."""
        return min(options, 2 + int(math.sqrt(2 * node.n)))

    def _ranked(self, g: Game, first: dict) -> list:
        """The distinct actions in the order a node tries them: the greedy
        player's pick first (so a small budget plays at least as it would), then
        the engine's best-hinted (stable on ties)."""
        options = g.legal_actions()
        pick = options[self._greedy_index(g)]
        hints = g.hints()
        rest = [a for a in first if a != pick]
        if hints:
            rest.sort(key=lambda a: -hints[first[a]])
        return [pick] + rest

    def _cut(self, g: Game, start: int) -> bool:
        return g.state.round >= start + self.rounds

    def _play_out(self, g: Game, start: int) -> list:
        while not g.is_terminal() and not self._cut(g, start):
            g.apply_index(self._rollout_index(g))
        return g.returns() if g.is_terminal() else estimate(g, self.temperature)

    def _rollout_index(self, g: Game) -> int:
        if self.rollout == "greedy":
            return self._greedy_index(g)
        return self.rng.below(len(g.legal_actions()))

    def _greedy_index(self, g: Game) -> int:
        seat = g.current_player()
        return self._greedy.choose(_View(g), g.state.players[seat], g.decision()["kind"], g.legal_actions(), g.hints)


class _View:
    """What a built-in policy reads of the engine, from a (guessed) Game: the
    rollout player sees the guess whole, which is all the search knows."""
    __slots__ = ("content", "defs", "state")

    def __init__(self, g: Game):
        self.content, self.defs, self.state = g.content, g.content.defs, g.state

    def opponents(self, p) -> list:
        players, n = self.state.players, self.state.n_players
        return [players[(p.seat + i) % n] for i in range(1, n)]

    def pname(self, p) -> str:
        return player_name(self.defs, p)


class _Node:
    __slots__ = ("mover", "children", "n", "w", "avail")

    def __init__(self, mover: int):
        self.mover = mover  # the seat whose action led here: the value backed up is theirs
        self.children: dict = {}
        self.n = 0
        self.w = 0.0
        self.avail = 1

    def ucb(self, c: float) -> float:
        if self.n == 0:
            return math.inf
        return self.w / self.n + c * math.sqrt(math.log(self.avail) / self.n)


def _first_index(options: list) -> dict:
    """Each distinct action and its first index (two copies of a card in hand
    are one action)."""
    first: dict = {}
    for i, a in enumerate(options):
        first.setdefault(a, i)
    return first


def estimate(g: Game, temperature: float = 1.0) -> list:
    """Win shares estimated at a cut-off: a softmax over points, one point a VP,
    so one VP ahead is e times the weight (temperature 1)."""
    points = [points_of(g, p) for p in g.state.players]
    top = max(points)
    weights = [math.exp((x - top) / temperature) for x in points]
    total = sum(weights)
    return [w / total for w in weights]


def points_of(g: Game, p) -> float:
    """VP, plus holdings, influence, intrigue and bought cards at the hints'
    worth, scaled down as the game runs out (`game_left`; in the last round only VP count).
    A solo rival's holdings are worth what it trades them for (rival_points)."""
    if p.rival and g.state.mode == "solo":
        return rival_points(g, p)
    defs = g.content.defs
    worth = sum(WORTH[r] * getattr(p, r) for r in HOLDINGS) + WORTH["intrigue"] * len(p.intrigue)
    worth += INFLUENCE_STEP * sum(p.influence.values())
    worth += sum(defs[c].get("cost", 0) for zone in CARD_ZONES for c in getattr(p, zone))
    return p.vp + game_left(g) * worth / WORTH["vp"]


def game_left(g: Game) -> float:
    """How much of the game is left, from 1 at the start to 0 in its last round:
    the conflicts left or, when someone is racing to the end, the VP the leader
    still needs (turns.vp_to_end ends the game: 10, 12 in the Epic game), whichever is less. A rival on 8 VP ends
    the game soon, so the Solari and cards a person holds then are worth little."""
    conflicts = len(g.state.conflict_deck) / GAME_CONFLICTS
    end = vp_to_end(g.state)
    race = (end - max(p.vp for p in g.state.players)) / end
    return max(0.0, min(1.0, conflicts, race))


def rival_points(g: Game, p) -> float:
    """A solo House Hagal rival buys no cards: it trades its intrigue, water,
    Solari and spice for VP at fixed rates (rivals.TRADES) as soon as it has
    them, so they count at that rate to the end; troops and influence are worth
    what they are to a person, shrinking as the game runs out."""
    have = sum((len(p.intrigue) if res == "intrigue" else getattr(p, res)) / n for res, n in TRADES)
    worth = WORTH["garrison"] * p.garrison + INFLUENCE_STEP * sum(p.influence.values())
    return p.vp + have + game_left(g) * worth / WORTH["vp"]


# ---------------------------------------------------------------------- as a policy
class SearchPolicy:
    """Search as a `play_game` policy. It asks for the whole engine
    (`sees_everything`) only to copy the continuation of the game, the steps
    still to run; every simulation then replaces what the seat cannot see with a
    guess (determinise), so the choice depends only on what the seat may know."""
    name = "search"
    sees_everything = True
    follows_replay = True

    def __init__(self, seed: int = 0, seat: int = 0, **options):
        self.search = Search(seed=seed * 104729 + seat * 31 + 7, **options)

    def choose(self, engine, player, kind, actions, hints) -> int:
        if len(actions) == 1:
            return 0
        return self.search.choose_index(Game.from_state(engine.content, engine.state.copy(), engine.content.backend))


def make_policy(name: str, seed: int, seat: int):
    """`play_game`'s make_policy: "search", "search:N" (N simulations a move), or
    a built-in policy name."""
    from dunec.engine.players.policies import make

    if name == "search" or name.startswith("search:"):
        n = name.partition(":")[2]
        if n and not (n.isdigit() and int(n) > 0):
            raise ValueError(f"policy {name!r}: write search:N with N a positive number of simulations")
        return SearchPolicy(seed, seat, **({"iterations": int(n)} if n else {}))
    return make(name, seed, seat)
