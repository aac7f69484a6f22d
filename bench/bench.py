"""Benchmark: build time, effect execution compiled vs interpreted, and complete
4-player random games per second on each back-end (the base game, its expansions,
Uprising with and without CHOAM). Prints ratios; asserts nothing.

    python3 bench/bench.py [--games N] [--effects N] [--repeats N]
    python3 bench/bench.py --adapter [--games N] [--repeats N]   # the PettingZoo adapter alone
"""
from __future__ import annotations

import argparse
import time

from dunec.build import build
from dunec.content import from_model, load
from dunec.engine.effects.context import Ctx
from dunec.engine.effects.interpreter import HANDLERS
from dunec.engine.loop.game import Engine
from dunec.engine.runs.runner import play_game, state_at_round
from dunec.engine.loop.setup import new_game
from dunec.frontend import compile_paths
from dunec.paths import cards_dir
from dunec.codegen.emit import render


FULL_SETS = ("base", "ix", "immortality")
FULL_FLOOR = 150  # 4-player random games per second of the three sets, compiled (issue 21)
UPRISING_SETS = ("uprising",)
UPRISING_FLOOR = 200  # 4-player random Uprising games per second, compiled (issue 22)


class FirstOption:
    """Always the first option: the cheapest decision, so effects dominate the timing."""

    def choose(self, engine, player, kind, actions, hints):
        return 0


def _fresh(content, seed: int = 0):
    st = new_game(content, 4, seed, leaders=None)
    e = Engine(content, st, [FirstOption()] * 4)
    e.quiet = True
    for p in st.players:
        p.solari = p.spice = p.water = 50
        p.hand = list(p.deck)
    st.conflict = sorted(m["id"] for m in content.of_kind("conflict"))[0]
    return e


def _box_rate(content, keys, rounds: int, play) -> float:
    """Boxes played per second, each on a player as in a game: the card itself in
    play, a starting hand, a small discard pile. Only `play(engine, ident, box,
    ctx)` is timed."""
    calls = 0
    spent = 0.0
    clock = time.perf_counter
    for r in range(rounds):
        e = _fresh(content, r)
        p = e.state.players[0]
        hand, discard = list(p.hand[:5]), list(p.hand[5:])
        for ident, box in keys:
            p.hand, p.discard, p.revealed = list(hand), list(discard), []
            p.played = [ident] if content.defs[ident]["kind"] in ("card", "starter", "reserve") else []
            ctx = Ctx(e, p, card=ident, box=box, forced=True)
            t0 = clock()
            play(e, ident, box, ctx)
            spent += clock() - t0
            calls += 1
    return calls / spent


def effect_rate(content, rounds: int) -> float:
    """Straight-line effect calls per second over every box that asks nothing (a
    track step's reward is keyed by the track, not a definition)."""
    keys = sorted(k for k in content.effects if k[1] != "requires" and k[0] in content.defs)
    return _box_rate(content, keys, rounds, lambda e, ident, box, ctx: content.effects[(ident, box)](ctx))


def program_rate(content, rounds: int) -> float:
    """Boxes that may ask (run from interpreter frames on both back-ends) per
    second, each played to its end with the first option of every decision."""
    def play(e, ident, box, ctx):
        e.run_box(ident, box, ctx)
        e.drive()
    return _box_rate(content, sorted(k for k in content.programs if k[0] in content.defs), rounds, play)


class _StubPlayer:
    def __init__(self):
        self.solari = self.spice = self.water = self.persuasion = self.swords = 0
        self.conflict = self.garrison = 2
        self.seat = 0
        self.seat_on_council = self.swordmaster = False
        self.influence = {"emperor": 1, "guild": 2, "bene_gesserit": 3, "fremen": 4}
        self.intrigue = ["x", "y"]


class _StubState:
    alliances = {"emperor": 0, "guild": None, "bene_gesserit": 1, "fremen": 0}


class _StubEngine:
    """Answers every call of the effect API at (almost) no cost, so what is timed
    is the evaluation of the effect language itself."""
    state = _StubState()

    def add_vp(self, p, source, n): pass
    def draw(self, p, n): pass
    def change_influence(self, p, f, n): pass
    def gain(self, p, res, n): pass


class StubCtx:
    __slots__ = ("player", "engine", "card", "box")

    def __init__(self):
        self.player = _StubPlayer()
        self.engine = _StubEngine()

    def sub(self, p): return self
    def gain(self, res, n):
        if res in ("solari", "spice", "water", "persuasion", "swords"):
            setattr(self.player, res, getattr(self.player, res) + n)
        else:
            self.engine.gain(self.player, res, n)  # the stub, not the rule
    def offer_pay(self, costs, label, hint): return True
    def pay_now(self, costs): pass
    def choose(self, n, labels, hints, costs, factions=None): return list(range(n))
    def each_opponent(self): return [self, self]
    def pick_opponent(self, label): return self
    def quantity(self, q): return 2
    def flag(self, c): return True
    def influence(self, f, n): pass
    def _noop(self, *a): pass


# Every other effect-API call (trash, deploy, recall, ...) is a plain no-op method.
for _name in HANDLERS:
    if not hasattr(StubCtx, _name):
        setattr(StubCtx, _name, StubCtx._noop)


def language_rate(content, rounds: int) -> float:
    """Effect calls per second against a stub engine: the cost of the effect
    language alone, which is what compiling changes."""
    fns = [content.effects[k] for k in sorted(content.effects) if k[1] != "requires" and k[0] in content.defs]
    ctx = StubCtx()
    t0 = time.perf_counter()
    for _ in range(rounds):
        for fn in fns:
            fn(ctx)
    return rounds * len(fns) / (time.perf_counter() - t0)


def _games_once(content, games: int) -> tuple[float, float, int]:
    """CPU and wall seconds for 4-player random games on seeds 0..games-1, and their decisions."""
    steps = 0
    c0, w0 = time.process_time(), time.perf_counter()
    for seed in range(games):
        steps += len(play_game(content, 4, seed, ["random"] * 4, quiet=True).decisions)
    return time.process_time() - c0, time.perf_counter() - w0, steps


def games_rates(contents: dict, games: int, repeats: int = 1) -> dict:
    """For each back-end: 4-player random games per second by CPU time and by wall
    time, decisions (steps) per second (CPU), and the slowest run's games per
    second, the best of `repeats` runs of the same seeds. The back-ends take turns
    run by run (the order alternating), so a disturbance of a shared machine falls
    on both alike; the least disturbed run is the engine's own speed."""
    cpu = {k: [] for k in contents}
    wall = {k: [] for k in contents}
    steps = {}
    names = list(contents)
    for r in range(repeats):
        for name in (names if r % 2 == 0 else names[::-1]):
            c, w, steps[name] = _games_once(contents[name], games)
            cpu[name].append(c)
            wall[name].append(w)
    return {k: (games / min(cpu[k]), games / min(wall[k]), steps[k] / min(cpu[k]), games / max(cpu[k]))
            for k in contents}


def api_rate(content, games: int) -> tuple[float, float]:
    """4-player games per second and steps per second (CPU time) played from
    outside through Game.legal_actions()/apply() with seeded random picks."""
    from dunec.api import Game
    from dunec.engine.loop.rng import Rng

    steps = 0
    t0 = time.process_time()
    for seed in range(games):
        g = Game(players=4, seed=seed, content=content)
        rng = Rng(seed)
        while not g.is_terminal():
            actions = g.legal_actions()
            g.apply(actions[rng.below(len(actions))])
            steps += 1
    spent = time.process_time() - t0
    return games / spent, steps / spent


def adapter_rate(content, games: int, picks=None):
    """Steps per second (CPU time) of masked random play through the PettingZoo environment
    (AEC loop: last(), a random id of the action mask, step()), 4 players on
    seeds 0..games-1, or None without the `ai` extra. Compared with api_rate's
    steps, it is what the adapter costs on top of the bare API. Given `picks`
    (adapter_picks: the ids that play chose, game by game), the same games are
    stepped without the player's scan of the mask, which is the player's cost
    rather than the environment's."""
    try:
        import numpy as np

        from dunec.ai.pettingzoo_env import env
    except ImportError:
        return None
    from dunec.engine.loop.rng import Rng

    e = env(players=4, seed=0)
    steps = 0
    t0 = time.process_time()
    for seed in range(games):
        e.reset(seed=seed)
        rng = Rng(seed)
        chosen = iter(picks[seed]) if picks is not None else None
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            if chosen is not None:
                e.step(next(chosen))
            else:
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[rng.below(len(legal))]))
            steps += 1
    return steps / (time.process_time() - t0)


def adapter_picks(games: int) -> list:
    """The ids adapter_rate's masked random play picks, game by game (untimed)."""
    import numpy as np

    from dunec.ai.pettingzoo_env import env
    from dunec.engine.loop.rng import Rng

    e = env(players=4, seed=0)
    out = []
    for seed in range(games):
        e.reset(seed=seed)
        rng = Rng(seed)
        out.append([])
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            out[-1].append(int(legal[rng.below(len(legal))]))
            e.step(out[-1][-1])
    return out


def adapter_rates(content, games: int, repeats: int):
    """(bare API steps/s, adapter steps/s, adapter steps/s without the player's
    scan of the mask), each the best of `repeats` runs of the same seeds, taking
    turns run by run (order alternating) as the back-ends do in games_rates; the
    adapter rates are None without the `ai` extra."""
    if adapter_rate(content, 0) is None:
        return max(api_rate(content, games)[1] for _ in range(repeats)), None, None
    picks = adapter_picks(games)
    runs = {"bare": [], "adapter": [], "no scan": []}
    measure = {"bare": lambda: api_rate(content, games)[1], "adapter": lambda: adapter_rate(content, games),
               "no scan": lambda: adapter_rate(content, games, picks)}
    for r in range(repeats):
        for which in (list(runs) if r % 2 == 0 else list(runs)[::-1]):
            runs[which].append(measure[which]())
    return max(runs["bare"]), max(runs["adapter"]), max(runs["no scan"])


def print_adapter(content, games: int, repeats: int) -> None:
    asc, pz, env_only = adapter_rates(content, games, repeats)
    if pz is None:
        print("PettingZoo adapter: not measured (pip install 'dunec[ai]')")
    else:
        print(f"PettingZoo adapter, masked random play: {pz:,.0f} steps/s against {asc:,.0f} through "
              f"Game.apply (compiled; CPU time, best of {repeats}): the adapter costs {asc / pz:.2f}x the bare API; "
              f"the same games without the player's np.flatnonzero of the mask: {env_only:,.0f} steps/s "
              f"({asc / env_only:.2f}x)")


def game_clone_ms(content, copies: int) -> float:
    """Milliseconds for Game.clone() in the middle of a 4-player game."""
    from dunec.api import Game

    g = Game(players=4, seed=1, content=content)
    while g.state.round < 5:
        g.apply(g.legal_actions()[0])
    t0 = time.perf_counter()
    for _ in range(copies):
        g.clone()
    return (time.perf_counter() - t0) / copies * 1000


def clone_ms(content, copies: int) -> float:
    """Milliseconds to copy a state in the middle of a 4-player game (round 5)."""
    mid = state_at_round(content, 4, 1, 5)
    t0 = time.perf_counter()
    for _ in range(copies):
        mid.copy()
    return (time.perf_counter() - t0) / copies * 1000


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--effects", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=5, help="runs of the same games; the best counts")
    ap.add_argument("--adapter", action="store_true",
                    help="only the PettingZoo adapter against the bare API (masked random play)")
    args = ap.parse_args(argv)
    if args.adapter:
        print_adapter(load("compiled"), args.games, args.repeats)
        return

    t0 = time.perf_counter()
    model, diags = compile_paths([cards_dir()], root=cards_dir().parent)
    t_front = time.perf_counter() - t0
    t0 = time.perf_counter()
    render(model)
    t_render = time.perf_counter() - t0
    t0 = time.perf_counter()
    build(check=True)
    t_build = time.perf_counter() - t0
    print(f"build: front end {t_front * 1000:.0f} ms, codegen {t_render * 1000:.0f} ms, "
          f"full `build --check` {t_build * 1000:.0f} ms ({len(model.defs)} definitions)")

    interpreted = from_model(model)
    compiled = load("compiled")
    li = language_rate(interpreted, args.effects * 10)
    lc = language_rate(compiled, args.effects * 10)
    print(f"effect language alone (stub engine): interpreted {li:,.0f}/s, compiled {lc:,.0f}/s, "
          f"ratio {lc / li:.2f}x")
    ei = effect_rate(interpreted, args.effects)
    ec = effect_rate(compiled, args.effects)
    print(f"effects against the real engine:      interpreted {ei:,.0f}/s, compiled {ec:,.0f}/s, "
          f"ratio {ec / ei:.2f}x")

    pi = program_rate(interpreted, max(1, args.effects // 10))
    pc = program_rate(compiled, max(1, args.effects // 10))
    print(f"boxes that may ask, from frames ({len(compiled.programs)} of "
          f"{len(compiled.programs) + len(compiled.effects)}): interpreted {pi:,.0f}/s, compiled {pc:,.0f}/s")

    # One core, one process; the interpreter is measured in the same run, taking turns
    # with the compiled back-end on the same seeds, and each game's content selected once
    # (as `dunec simulate` does).
    # Each mix of sets beside the base game: its games/s as a share of the base game's
    # (the expansions' cost), and the compiled back-end against its floor.
    base_rates = None
    for title, sets in (("4-player random games", ("base",)),
                        ("4-player random games, base + Rise of Ix", ("base", "ix")),
                        ("4-player random games, base + Rise of Ix + Immortality", FULL_SETS),
                        ("4-player random games, Uprising", UPRISING_SETS),
                        ("4-player random games, Uprising with CHOAM", UPRISING_SETS + ("choam",))):
        r = games_rates({"interpreted": interpreted.select(sets), "compiled": compiled.select(sets)},
                        args.games, args.repeats)
        (gi, wi, si, slow_i), (gc, wc, sc, slow_c) = r["interpreted"], r["compiled"]
        print(f"{title}: interpreted {gi:.1f}/s, compiled {gc:.1f}/s (CPU time, best of {args.repeats}; "
              f"wall {wi:.1f}/s, {wc:.1f}/s; slowest run {slow_i:.1f}/s, {slow_c:.1f}/s), ratio {gc / gi:.2f}x")
        if sets == ("base",):
            base_rates = gi, gc
            print(f"steps (decisions): interpreted {si:,.0f}/s, compiled {sc:,.0f}/s")
        else:
            print(f"  against the base game: interpreted {gi / base_rates[0]:.2f}x, compiled {gc / base_rates[1]:.2f}x"
                  f"; steps interpreted {si:,.0f}/s, compiled {sc:,.0f}/s")
        floor = {FULL_SETS: FULL_FLOOR, UPRISING_SETS: UPRISING_FLOOR,
                 UPRISING_SETS + ("choam",): UPRISING_FLOOR}.get(sets)
        if floor is not None:
            print(f"  floor {floor} games/s compiled: {'met' if gc >= floor else 'NOT MET'}")
    ai, asi = api_rate(interpreted, args.games)
    ac, asc = api_rate(compiled, args.games)
    print(f"4-player games stepped from outside (Game.apply): interpreted {ai:.1f}/s, compiled {ac:.1f}/s; "
          f"steps {asi:,.0f}/s, {asc:,.0f}/s")
    print_adapter(compiled, args.games, args.repeats)
    print(f"clone of a mid-game state: {clone_ms(compiled, max(10, args.effects)):.3f} ms; "
          f"Game.clone() {game_clone_ms(compiled, max(10, args.effects)):.3f} ms")


if __name__ == "__main__":
    main()
