"""A set's board-held flags (docs/language.md, "Declarations any expansion needs"):
`flag ID "Title" { protects LOCATION... }` in a set definition is up at setup
(Uprising's Shield Wall).

- `clear FLAG` (a verb): the flag is lowered for the rest of the game (logged).
- `flag FLAG` (a condition): the flag is still up.
- `protected` (a condition; `protected(e)` for other rules, e.g. summoned units
  that never go into a protected Conflict): this round's Conflict card is for a
  location (its `control LOCATION` reward, the location its winner controls) that
  an up flag protects.

State: `state.flags` = {flag id: True while up, False once cleared}, plain data.
Functions of the engine (first argument `e`); nothing here names a set or a flag.
"""
from __future__ import annotations


def give(content, state) -> None:
    """Setup: every flag the game's sets declare is up."""
    state.flags = {f: True for f in sorted(content.declared("flag"))}


def title(e, flag: str) -> str:
    return e.content.declared("flag").get(flag, {}).get("title", flag.replace("_", " "))


def up(e, flag: str) -> bool:
    """`flag FLAG`: the flag is declared by this game's sets and still up."""
    return bool(e.state.flags.get(flag))


def clear(e, ctx, flag: str) -> None:
    """`clear FLAG`: lower the flag for the rest of the game (nothing when it is
    already down, or not of this game's sets)."""
    if not e.state.flags.get(flag):
        return
    e.state.flags[flag] = False
    if not e.quiet:
        e.log(f"  {e.pname(ctx.player)} removes the {title(e, flag)}")


def location(e, conflict=None) -> str | None:
    """The location a Conflict card is for: the one its first reward gives control of."""
    card = e.state.conflict if conflict is None else conflict
    if card is None:
        return None
    return e.defs.get(card, {}).get("controls")


def protecting(e, conflict=None) -> list:
    """The up flags that protect the location of this round's Conflict (or `conflict`)."""
    where = location(e, conflict)
    if where is None:
        return []
    declared = e.content.declared("flag")
    return [f for f, on in sorted(e.state.flags.items())
            if on and where in guarded(e, declared.get(f, {}).get("protects", ()))]


def guarded(e, names) -> set:
    """The locations a flag's `protects` names stand for: a board space's `location`
    (Uprising's Shield Wall names the spaces Arrakeen, Spice Refinery and Imperial
    Basin, whose locations its Conflicts are for), or the name itself."""
    return {e.defs.get(n, {}).get("location") or n for n in names}


def protected(e, conflict=None) -> bool:
    """`protected`: this round's Conflict (or `conflict`) is for a location an up flag protects."""
    return bool(protecting(e, conflict))
