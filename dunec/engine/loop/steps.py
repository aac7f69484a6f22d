"""The step registry: every procedure the engine can leave on the state's stack.

A frame on `state.stack` is a plain dict: `{"do": step name, ...locals}`. The
engine pops the top frame and calls `STEPS[name](engine, frame)`; a step may
push frames (the rest of its own procedure first, then what runs before it) and
may leave a decision pending (`Engine.ask`), which stops the loop until it is
answered. Everything a game needs to continue is in the state, so a copy of the
state is a copy of the game."""
from __future__ import annotations

STEPS: dict = {}


def step(fn):
    """Register a step under its function's name (names are unique engine-wide)."""
    name = fn.__name__
    if name in STEPS:
        raise ValueError(f"two steps named {name}")
    STEPS[name] = fn
    return fn
