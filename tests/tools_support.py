"""What the per-set tool tests share (tests/test_tools_*.py): a language-server
session on one user's file, and a whole random game through each game-AI adapter,
reporting the action families its legal actions fell in."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent


def family(g, action_id: int) -> str:
    """The family of the action space an id falls in (its `ranges` row)."""
    return next(name for name, lo, hi, _ in g.action_space.ranges if lo <= action_id < hi)


@contextmanager
def lsp_session(path: Path):
    """A started server with `path` open and checked clean: yields (client, at),
    `at(needle, after)` the hover/completion position `after` characters into the
    first line holding `needle`. Shuts the server down and checks it exits 0."""
    from lsp_client import Client

    text = path.read_text(encoding="utf-8")
    uri = path.resolve().as_uri()
    doc = {"uri": uri}
    lines = text.splitlines()

    def at(needle: str, after: int = 1) -> dict:
        line = next(i for i, t in enumerate(lines) if needle in t)
        return {"textDocument": doc, "position": {"line": line, "character": lines[line].index(needle) + after}}
    c = Client(str(ROOT))
    try:
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        c.notify("initialized", {})
        c.notify("textDocument/didOpen", {"textDocument": {**doc, "languageId": "dune", "version": 1, "text": text}})
        assert c.diagnostics(uri) == []
        yield c, at
        assert c.request("shutdown", None) is None
        c.notify("exit", None)
        assert c.proc.wait(timeout=30) == 0
    finally:
        if c.proc.poll() is None:
            c.proc.kill()
            c.proc.wait()


def hover(c, position: dict) -> str:
    return c.request("textDocument/hover", position)["contents"]["value"]


def openspiel_families(sets: str, seed: int, sets_played: tuple) -> set:
    """A 4-player OpenSpiel game of `sets` (its registered game, random picks):
    checks its sizes against the engine's and its returns; the families seen."""
    pyspiel = pytest.importorskip("pyspiel", reason="the `ai` extra (open_spiel) is not installed")
    import dunec.ai.openspiel_game  # noqa: F401  (registers python_dune_imperium)
    from dunec.ai import features

    game = pyspiel.load_game("python_dune_imperium", {"players": 4, "seed": seed, "sets": sets})
    state = game.new_initial_state()
    assert state.engine_game.content.sets == sets_played
    assert game.observation_tensor_size() == features.layout(state.engine_game.content).size
    assert game.num_distinct_actions() == state.engine_game.action_space.size
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    rng = np.random.default_rng(seed)
    kinds = set()
    while not state.is_terminal():
        ids = state.legal_actions()
        kinds.update(family(state.engine_game, i) for i in ids)
        state.apply_action(int(rng.choice(ids)))
    assert sum(state.returns()) == pytest.approx(1.0)
    return kinds


def pettingzoo_families(sets: tuple, seed: int, sets_played: tuple) -> set:
    """A 4-player PettingZoo game of `sets` (the API test, then masked random
    picks): every observation in its space, returns summing to 1; the families seen."""
    pytest.importorskip("pettingzoo", reason="the `ai` extra (pettingzoo) is not installed")
    from pettingzoo.test import api_test

    from dunec.ai.pettingzoo_env import env

    e = env(players=4, seed=seed, sets=sets)
    assert e.game.content.sets == sets_played
    api_test(e, num_cycles=200)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    last, seen = {}, set()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        last[agent] = reward
        assert e.observation_space(agent).contains(obs)
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        seen.update(family(e.game, int(i)) for i in legal)
        e.step(int(rng.choice(legal)))
    assert e.game.is_terminal() and sum(last.values()) == pytest.approx(1.0)
    return seen
