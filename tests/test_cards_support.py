"""Shared helpers for the per-definition card tests (tests/test_cards_*.py).

This module holds no tests. The helpers make every scenario assert the *whole*
change it caused: `snap(g)` records every player's resources, influence, troops
and zone sizes; `changes(g, before)` returns only what moved, per seat, so a test
that expects `{0: {"solari": 1}}` also proves nothing else happened to anyone.
`finish(g)` checks that every scripted answer was used and that the engine's
invariants (troop conservation, VP ledger, alliances) still hold.
"""
from __future__ import annotations

from dunec.engine.checks import invariants
from dunec.engine.rules import resources as rules_resources
from dunec.engine.loop import turns
from dunec.engine.loop.state import FACTIONS

from scenario import Scenario

PLAYER_NUMBERS = ("solari", "spice", "water", "vp", "garrison", "conflict", "supply", "persuasion", "swords",
                  "agents", "agents_left")
PLAYER_FLAGS = ("swordmaster", "seat_on_council", "has_mentat", "once_used")
ZONES = ("deck", "hand", "discard", "played", "revealed", "trashed", "intrigue")


def snap_player(p) -> dict:
    d = {k: getattr(p, k) for k in PLAYER_NUMBERS}
    d.update({k: int(getattr(p, k)) for k in PLAYER_FLAGS})
    d.update({f: p.influence[f] for f in FACTIONS})
    d.update({z: len(getattr(p, z)) for z in ZONES})
    return d


def snap(g: Scenario) -> list[dict]:
    return [snap_player(p) for p in g.state.players]


def changes(g: Scenario, before: list[dict]) -> dict:
    """{seat: {key: delta}} for every seat where something changed."""
    out = {}
    for seat, (a, p) in enumerate(zip(before, g.state.players)):
        b = snap_player(p)
        d = {k: b[k] - a[k] for k in a if b[k] != a[k]}
        if d:
            out[seat] = d
    return out


def finish(g: Scenario) -> None:
    g.done()
    invariants.check(g.engine)


def new(content, players: int = 4, leaders=None) -> Scenario:
    return Scenario(content, players=players, leaders=leaders)


def set_influence(g: Scenario, seat: int, **levels) -> None:
    """Move influence tracks through the engine so VP, bonuses and alliances stay consistent."""
    p = g.p(seat)
    for f, n in levels.items():
        rules_resources.change_influence(g.engine, p, f, n - p.influence[f])
        g.engine.drive()


def deploy(g: Scenario, seat: int, n: int) -> None:
    """Put n troops of a player in the Conflict, taking them from the garrison first."""
    p = g.p(seat)
    from_garrison = min(n, p.garrison)
    p.garrison -= from_garrison
    p.supply -= n - from_garrison
    p.conflict += n


def legal(g: Scenario, seat: int, card: str, space: str) -> bool:
    """Whether the agent turn `card -> space` is among the options the engine offers."""
    return ("place", card, space) in turns.agent_options(g.engine, g.p(seat))


def top_intrigue(g: Scenario, n: int = 1) -> list[str]:
    """The next n intrigue cards to be drawn, in draw order."""
    return list(reversed(g.state.intrigue_deck[-n:]))


def custom_content(backend: str, extra: str, path: str = "cards/base/extra.dune"):
    """The bundled cards plus one extra card file, on the named back-end."""
    from pathlib import Path

    from dunec.codegen.emit import compile_in_memory
    from dunec.content import from_model
    from dunec.frontend import compile_sources

    root = Path(__file__).resolve().parent.parent
    sources = [(f"cards/{s}/{p.name}", p.read_text(encoding="utf-8"))  # base and the core it requires
               for s in ("base", "core") for p in sorted((root / "cards" / s).glob("*.dune"))]
    sources.append((path, extra))
    model, diags = compile_sources(sources)
    assert not diags.errors, diags.render()
    return from_model(model) if backend == "interpreted" else compile_in_memory(model)
