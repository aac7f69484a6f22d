"""Tracks a set declares (docs/language.md, "Tracks"): a line of steps or a graph of
cells, a token per player on each.

- `advance TRACK N`: N moves, each paying the reward of the step or cell reached
  (and a `first K` box still on the step, or `first CELL` on the cell: the first
  player to reach it takes it, after the reward).
  On a graph, where two links leave the cell the player chooses; where none leaves
  (or at the top of a line) the track's `at_end` box plays instead, if it has one.
- `move TRACK N` and `cash_out TRACK`: the freighter of a line (rules 000,
  "Shipping Track"): one step up paying nothing, or back to the bottom collecting
  every step's reward up to the position.
- `reached TRACK N` (a condition; `for each reached TRACK` a count): the position's
  step, or its cell's column, is N or more.
- `from COLUMN { modifiers }` of a graph: rule modifiers that switch on for a player
  whose token reached that column, for the rest of the game (read with a tile's
  by engine/rules/modifiers.py).

A line's position is its step (0: the bottom); a graph's is the id of its cell.
A track declared with `leader ID` is printed on that leader: only the player whose
leader (either side of it) is ID has a token on it (`owns`); for everyone else it
does not exist (no position, an `advance` of it does nothing).
House Hagal rivals move on lines only (rules 002: rivals do not use the research
track). Functions of the engine (first argument `e`); nothing here names a track.
"""
from __future__ import annotations

from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step
from dunec.engine.rules import tiles as rules_tiles


def shape(e, track: str) -> dict:
    """The track as declared (ir/meta.py `_track_entry`)."""
    return e.content.declared("track")[track]


def is_graph(m: dict) -> bool:
    return "cells" in m


def start(m: dict):
    """Where every token starts: the bottom step of a line, the start cell of a graph."""
    return m["start"] if is_graph(m) else 0


def level(m: dict, at) -> int:
    """A position's step (a line) or its cell's column (a graph)."""
    return m["cells"][at]["column"] if is_graph(m) else at


def reached(e, p: Player, track: str) -> int:
    """`reached TRACK`: the step or column the player's token stands on (a player
    with no token on a leader's track stands at its start)."""
    m = shape(e, track)
    return level(m, p.tracks.get(track, start(m)))


def owns(content, p: Player, m: dict) -> bool:
    """Whether the player has a token on the track: every player on a set's track;
    on a leader's (`leader ID`) only the player leading with ID, either side up."""
    owner = m.get("leader")
    if not owner:
        return True
    if not p.leader or p.leader not in content.defs:
        return False
    return owner in (p.leader, content.defs[p.leader].get("side_of"))


def words(m: dict, at) -> str:
    """A position in words: `step 3`, `cell r3_0 (column 3)`."""
    return f"cell {at} (column {m['cells'][at]['column']})" if is_graph(m) else f"step {at}"


def title(e, track: str) -> str:
    return shape(e, track).get("title", track.replace("_", " "))


# ------------------------------------------------------------------ setup
def give(content, state) -> None:
    """Each player's token at the start of each track; each `first K` box placed on
    its step (the table shows it until the first player to reach it takes it)."""
    tracks = content.declared("track")
    for p in state.players:
        p.tracks = {t: start(m) for t, m in tracks.items() if owns(content, p, m)}
    state.track_firsts = {t: list(m["firsts"]) for t, m in tracks.items() if m.get("firsts")}


def taken_by_positions(state) -> None:
    """A position put tokens on the tracks (records/position.py): a `first` box on a
    step some token has reached, or on a cell some token stands on, was taken by
    whoever came first."""
    for t, left in state.track_firsts.items():
        at = [p.tracks.get(t, 0) for p in state.players]
        if left and isinstance(left[0], str):  # a graph: its cells
            left[:] = [c for c in left if c not in at]
        else:
            left[:] = [n for n in left if n > max(at)]


# ------------------------------------------------------------------ advance
def advance(e, ctx, track: str, n: int) -> None:
    """`advance TRACK N`: N moves, each paying what it reaches, in order (tail
    position: the moves left wait on the stack under the rewards)."""
    p = ctx.player
    m = shape(e, track)
    if n <= 0 or (p.rival and is_graph(m)) or track not in p.tracks:
        return
    if n > 1:
        e.later("track_advance", ctx=ctx.data(), track=track, left=n - 1)
    one_move(e, ctx, track, m)


@step
def track_advance(e, f):
    advance(e, e.context_of(f["ctx"]), f["track"], f["left"])


def one_move(e, ctx, track: str, m: dict) -> None:
    p = ctx.player
    at = p.tracks[track]
    if is_graph(m):
        links = m["cells"][at]["next"]
        if not links:
            end(e, ctx, track, m)
        elif len(links) == 1:
            enter(e, ctx, track, links[0])
        else:
            e.ask(p, "cell", [("cell", track, c) for c in links], "track_cell_chosen", about=track,
                  ctx=ctx.data(), track=track)
        return
    if at >= m["steps"]:
        end(e, ctx, track, m)
        return
    enter(e, ctx, track, at + 1)


@step
def track_cell_chosen(e, f):
    enter(e, e.context_of(f["ctx"]), f["track"], f["chosen"][2])


def enter(e, ctx, track: str, at) -> None:
    """The token moves onto a step or cell: its reward, then a `first` box still on it."""
    p = ctx.player
    m = shape(e, track)
    p.tracks[track] = at
    if not e.quiet:
        e.log(f"  {e.pname(p)} advances to {words(m, at)} of the {title(e, track)}")
    firsts = e.state.track_firsts.get(track)
    if firsts and at in firsts:
        firsts.remove(at)  # taken: gone from the table for every later player
        if not e.quiet:
            e.log(f"  {e.pname(p)} is the first to reach {words(m, at)} of the {title(e, track)}")
        e.later("track_box", ctx=ctx.data(), track=track, box=f"first {at}")
    if is_graph(m):
        if m["cells"][at]["gives"]:
            reward(e, ctx, track, f"cell {at}")
        return
    if at in m["rewards"]:
        reward(e, ctx, track, f"step {at}")


def end(e, ctx, track: str, m: dict) -> None:
    """An advance that cannot move: the track's `at_end` box, if it has one."""
    if m["at_end"]:
        e.run_box(track, "at_end", ctx)


def reward(e, ctx, track: str, box: str) -> None:
    """One step's or cell's reward; a tile's `track_extra` modifier adds to the units it gives."""
    extras = rules_tiles.track_gains_before(e, ctx.player, track) if ctx.player.tiles or ctx.player.tracks \
        else None
    if extras:
        e.later("track_extra", seat=ctx.player.seat, extras=extras)
    if ctx.forced:  # the step's own `pay` and `may` are asked: an intrigue card's forced play is not theirs
        ctx = e.context_of({**ctx.data(), "forced": False})
    e.run_box(track, box, ctx)


@step
def track_box(e, f):
    reward(e, e.context_of(f["ctx"]), f["track"], f["box"])


@step
def track_step(e, f):
    reward(e, e.context_of(f["ctx"]), f["track"], f"step {f['step']}")


# ------------------------------------------------------------------ the freighter (a line)
def cash_out(e, ctx, track: str) -> None:
    """Every step's reward from the position down to 1, then back to the bottom (rules 000)."""
    p = ctx.player
    m = shape(e, track)
    if is_graph(m):
        return
    at, p.tracks[track] = p.tracks[track], 0
    if at:
        if not e.quiet:
            e.log(f"  {e.pname(p)} cashes out the {track.replace('_', ' ')} from step {at}")
    for n in range(1, at):
        if n in m["rewards"]:
            e.later("track_step", track=track, step=n, ctx=ctx.data())
    if at and at in m["rewards"]:
        reward(e, ctx, track, f"step {at}")


def move(e, ctx, track: str, n: int) -> None:
    """n freighter moves on the track (rules 000, "Shipping Track"), each asked:
    one step up (not offered at the top), or recall to the bottom collecting the
    rewards of the step and every step below. On a graph a move is an advance."""
    if n <= 0:
        return
    p = ctx.player
    m = shape(e, track)
    if is_graph(m):
        advance(e, ctx, track, n)
        return
    options = ([("advance", track)] if p.tracks[track] < m["steps"] else []) + [("cash_out", track)]
    e.ask(p, "move", options, "moved", n - 1, ctx=ctx.data(), track=track, left=n - 1)


def step_up(e, p: Player, track: str) -> None:
    """The freighter's step up: it pays nothing now; the rewards wait for the recall
    (unlike `advance`, whose step gives its reward when reached)."""
    top = shape(e, track)["steps"]
    if p.tracks[track] < top:
        p.tracks[track] += 1
        if not e.quiet:
            e.log(f"  {e.pname(p)} moves up to step {p.tracks[track]} of the {track.replace('_', ' ')}")


@step
def moved(e, f):
    ctx = e.context_of(f["ctx"])
    e.later("move_on", ctx=f["ctx"], track=f["track"], left=f["left"])
    if f["chosen"][0] == "advance":
        step_up(e, ctx.player, f["track"])
    else:
        cash_out(e, ctx, f["track"])


@step
def move_on(e, f):
    move(e, e.context_of(f["ctx"]), f["track"], f["left"])


@step
def track_extra(e, f):
    """`track_extra TRACK UNIT N`: whenever the step's reward gave units of the kind,
    N more; then any of the troops gained may go to the Conflict (a set's unit kind
    goes with the troops, as every deploy). Not while the Combat phase pays rewards:
    the Conflict is being resolved."""
    p = e.players[f["seat"]]
    deployable = 0
    for unit, n, before in f["extras"]:
        if rules_tiles.supply(p, unit) < before:
            e.context(p).gain(unit, n)  # the gain rule, as a card's (rules/resources.py)
            if unit == "troops":
                deployable = min(p.garrison, before - p.supply)
    if deployable and e.state.conflict is not None and e.state.turn_kind != "combat":
        e.ask(p, "deploy", [("deploy", i) for i in range(deployable + 1)], "troops_sent", seat=p.seat)
