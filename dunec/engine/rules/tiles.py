"""Tiles a player owns (Rise of Ix's tech tiles), generically by their boxes: `use`
(box plot: played on your own turn, once per round when the tile `flips`),
`reveal`, `on round_start`, `on win`, `endgame`, and the rule modifiers of their
`passive` box (read with a track column's by rules/modifiers.py; rules 000,
"Tech Tiles"). Nothing here names a tile.

Functions of the engine (first argument `e`)."""
from __future__ import annotations

from dunec.engine.rules import leaving as rules_leaving, modifiers as rules_modifiers
from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step


def owned(e, p: Player, market: str) -> int:
    """`tiles MARKET`: how many tiles of that market's kind the player owns."""
    kind = e.content.declared("market")[market]["sells"]
    return sum(1 for t in p.tiles if e.defs[t]["kind"] == kind)


def trash_tile(e, p: Player, tile: str) -> None:
    """`pay trash this` on a tile: it leaves its owner for good (tail position:
    its triggers run, rules_leaving)."""
    p.tiles.remove(tile)
    if tile in p.flipped:
        p.flipped.remove(tile)
    rules_leaving.trashed(e, p, tile)


# ---------------------------------------------------------------------- use on your turn
def use(e, p: Player, tile: str) -> None:
    """Play the tile's `use` box (its costs paid: the player chose to use it); a
    tile that flips is spent until Round Start (tail position)."""
    if e.defs[tile].get("flips"):
        p.flipped.append(tile)
    if not e.quiet:
        e.log(f"  {e.pname(p)} uses the tile {e.cname(tile)}")
    e.run_box(tile, "plot", e.context(p, card=tile, box="plot", forced=True))


# ---------------------------------------------------------------------- triggers
def boxes(e, p: Player, box: str) -> list:
    """(tile, box, player, card, space) for run_boxes: the player's tiles with this box."""
    return [(t, box, p, t, None) for t in p.tiles if box in e.defs[t]["boxes"]]


def round_start(e) -> None:
    """Round Start: every player refreshes their tiles (rules 000), then each
    tile's `on round_start` box runs, player by player in turn order."""
    for p in e.players:
        p.flipped = []
    for p in reversed(e.order()):
        for t in reversed(p.tiles):
            if "round_start" in e.defs[t]["boxes"]:
                e.box_later(t, "round_start", p, card=t)


@step
def tiles_won(e, f):
    """The Conflict's winner: each tile's `on win` box."""
    p = e.players[f["seat"]]
    e.run_boxes(boxes(e, p, "win"))


@step
def endgame_tiles(e, f):
    p = e.players[f["seat"]]
    e.run_boxes(boxes(e, p, "endgame"))


def tiebreak(e, p: Player) -> int:
    """1 for a player whose tile (or track column) wins ties at the end of the game (`win_ties`)."""
    return 1 if (p.tiles or p.tracks) and rules_modifiers.held(e, p, "win_ties") else 0


# ---------------------------------------------------------------------- track rewards
def supply(p: Player, unit: str) -> int:
    return p.supply if unit == "troops" else p.units[unit]["supply"]


def track_gains_before(e, p: Player, track: str):
    """The `track_extra TRACK UNIT N` modifiers that apply to this track, with the
    supply of each unit kind before the step's reward (a gain leaves the supply)."""
    extras = [(unit, n) for t, unit, n in rules_modifiers.held(e, p, "track_extra") if t == track]
    return [[unit, n, supply(p, unit)] for unit, n in extras] or None
