"""The rule modifiers a player holds beyond its leader's: the `passive` boxes of its
tiles (Rise of Ix's tech tiles) and the `from COLUMN` boxes of the graph tracks
whose column its token reached (Immortality's genetic markers), for the rest of
the game. The rules that read a modifier (`acquire_on_top`, `win_ties`,
`track_extra`) ask here, so a tile and a track column switch on the same rule.

Functions of the engine (first argument `e`); nothing here names a tile or a track."""
from __future__ import annotations

from dunec.engine.loop.state import Player


def held(e, p: Player, kind: str) -> list:
    """The args of every modifier of this kind the player's tiles and reached track
    columns hold."""
    out = [m[1:] for t in p.tiles for m in e.defs[t].get("modifiers", ()) if m[0] == kind] if p.tiles else []
    if p.tracks:
        out += from_tracks(e, p, kind)
    return out


def from_tracks(e, p: Player, kind: str) -> list:
    """The modifiers of this kind that a graph track's `from COLUMN` box switched on
    for the player: its token is in that column or to its right."""
    out = []
    for t, cells, mods in e.content.track_modifiers(kind):  # only the tracks with such a modifier
        if t in p.tracks:
            col = cells[p.tracks[t]]["column"]
            out += [args for c, args in mods if col >= c]
    return out
