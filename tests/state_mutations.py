"""Mutated saves of real games, for the from_json validation tests: states of
seeded games (base and base+ix, every player count) saved at a decision, then
one mutation each (a value replaced, a key dropped or added, a card copied,
moved or lost, the sets renamed), each seeded so a failure can be repeated.

`outcome` loads one with Game.from_json and, if it is accepted, plays it to the
end with random legal actions, checking the invariants after every decision."""
from __future__ import annotations

import json

from dunec import Game
from dunec.engine.checks import invariants
from dunec.engine.loop.rng import Rng

SETS = (("base",), ("base", "ix"))
DIFFICULTIES = ("novice", "veteran", "expert")  # a solo game's; the others have none
PILES = ("deck", "hand", "discard", "played", "revealed", "trashed", "intrigue")
BOARD = ("imperium_deck", "imperium_row", "imperium_trash", "intrigue_deck", "intrigue_discard",
         "conflict_deck", "conflicts_done")
ODD = (-1, -5, 0, 1, 2, 9, 99, 10 ** 9, "x", "no_such_card", "", None, True, False, 1.5, [], {}, [9], {"x": 1})


def saved_games(content, games: int = 16, seed: int = 0) -> list[str]:
    """`games` saves, each of a different game, at a random decision of it."""
    out = []
    rng = Rng(seed)
    for k in range(games):
        sets, people = SETS[k % 2], 1 + (k // 2) % 4
        g = Game(players=people, seed=100 + k, sets=sets, content=content, difficulty=DIFFICULTIES[k // 8 % 3])
        stop = rng.below(400)
        for _ in range(stop):
            if g.is_terminal():
                break
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])
        out.append(g.to_json())
    return out


def _nodes(x, path=()):
    """(path, value) of every node below the root, the log lines left out."""
    if isinstance(x, dict):
        items = x.items()
    elif isinstance(x, list):
        items = enumerate(x)
    else:
        return
    for k, v in items:
        if path[-1:] == ("log",):
            return
        yield path + (k,), v
        yield from _nodes(v, path + (k,))


def _at(root, path):
    for k in path:
        root = root[k]
    return root


def _pick(rng, seq):
    return seq[rng.below(len(seq))]


def mutate(text: str, seed: int, ids=()) -> tuple[str, str]:
    """(what was done, the mutated save) for one seed; `ids`: names to put in the
    place of a name (the game's definitions: plausible, and often wrong there)."""
    rng = Rng(seed)
    data = json.loads(text)
    st = data["state"]
    kind = rng.below(13)
    if kind == 0:  # the sets, the header
        key = _pick(rng, ("sets", "sets", "format", "version", "backend"))
        value = _pick(rng, ("base", ["nope"], ["ix"], [], ["base", "base"], ["base", "ix"], ["base"], None, 2))
        data[key] = value
        return f"{key} = {value!r}", json.dumps(data)
    if kind in (1, 2):  # a card copied, lost or moved between piles
        zones = [("state", z) for z in BOARD if st[z]] + \
            [("state", "players", i, z) for i, p in enumerate(st["players"]) for z in PILES if p[z]]
        if not zones:
            return "nothing", text
        src = _at(st, _pick(rng, zones)[1:])
        card = src[rng.below(len(src))]
        dest = _at(st, _pick(rng, zones)[1:])
        how = _pick(rng, ("copy", "lose", "move"))
        if how != "copy":
            src.remove(card)
        if how != "lose":
            dest.append(card)
        return f"{how} {card}", json.dumps(data)
    nodes = list(_nodes(st))
    path, value = _pick(rng, nodes)
    parent = _at(st, path[:-1])
    if kind == 3 and isinstance(parent, dict):  # a key dropped
        del parent[path[-1]]
        return f"del {path}", json.dumps(data)
    if kind == 4 and isinstance(parent, dict):  # a key added
        parent["zz_" + str(path[-1])] = 1
        return f"add beside {path}", json.dumps(data)
    if kind in (5, 6) and type(value) is int:  # a count off by a little
        parent[path[-1]] = value + _pick(rng, (-2, -1, 1, 2, 7))
        return f"{path} {value} -> {parent[path[-1]]}", json.dumps(data)
    if kind in (7, 8) and isinstance(value, str) and ids:  # another name
        parent[path[-1]] = _pick(rng, ids)
        return f"{path} {value} -> {parent[path[-1]]}", json.dumps(data)
    if kind in (9, 10) and type(value) is int:  # another small count
        parent[path[-1]] = rng.below(8)
        return f"{path} {value} -> {parent[path[-1]]}", json.dumps(data)
    new = _pick(rng, ODD)
    parent[path[-1]] = new
    return f"{path} = {new!r}", json.dumps(data)


def outcome(text: str, content, seed: int, load=None, limit: int = 5000) -> str:
    """"rejected" (ValueError from the load), "played" (to the end, the invariants
    held after every decision), "corrupt" (accepted, then an invariant failed) or
    "crashed: ..." (any other exception)."""
    load = load or (lambda t: Game.from_json(t, content))
    try:
        g = load(text)
    except ValueError:
        return "rejected"
    except Exception as e:  # noqa: BLE001  (what the test counts)
        return f"crashed at load: {type(e).__name__}: {e}"
    rng = Rng(seed)
    try:
        _check(g)
        for _ in range(limit):
            if g.is_terminal():
                return "played"
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])
            _check(g)
        return f"crashed: no end after {limit} decisions"
    except invariants.InvariantError as e:
        return f"corrupt: {e}"
    except Exception as e:  # noqa: BLE001
        return f"crashed: {type(e).__name__}: {e}"


def _check(g) -> None:
    """The invariants, as the runner checks them: not in the middle of a rule step
    that leaves them broken until it finishes (a falling alliance holder's choice)."""
    if not any(f.get("unfinished") for f in g.state.stack):
        invariants.check(g._engine)
