"""Tiles a solo rival owns (rules 000, "Solo Mode"; HAGAL.md 3.9): used by fixed
rules, not by a policy, read from the data (what a tile's `use` box gives, its
cost, whether it `flips`), never from a tile's id. The state they read is plain
data (Player.tiles, Player.flipped: getattr with a default where no set with
tiles is selected)."""
from __future__ import annotations

from typing import Optional

from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step
from dunec.engine.players import seats
from dunec.engine.rules import (
    costs as rules_costs,
    leaving as rules_leaving,
    market as rules_market,
    resources as rules_resources,
)


def _tiles(p: Player) -> list:
    return getattr(p, "tiles", [])


def _flipped(p: Player) -> list:
    return getattr(p, "flipped", [])


def _usable(e, p: Player) -> list:
    """(tile, what its `use` gives, its cost) for each unflipped tile with a `use` box."""
    out = []
    for t in _tiles(p):
        m = e.defs[t]
        if "uses" in m and t not in _flipped(p):
            out.append((t, m["uses"], m["forced"].get("plot", ())))
    return out


def infiltrator(e, p: Player) -> Optional[str]:
    """The tile a solo rival flips, without paying its cost, so that an opponent's
    agent does not block its own (Invasion Ships)."""
    if not seats.solo_rival(e, p):
        return None
    return next((t for t, uses, _ in _usable(e, p) if ("infiltrate",) in uses and e.defs[t].get("flips")), None)


def _troops(uses) -> int:
    return sum(u[2] for u in uses if u[:2] == ("gain", "troops"))


def recruit_tile(e, p: Player, combat: bool) -> Optional[str]:
    """The next tile a solo rival uses to recruit on its agent turn, when its supply
    holds the troops: a free one at the first opportunity each round (Training
    Drones); a paid one only when the agent went to a combat space and it can pay
    (Flagship: they are deployed with the turn's recruits)."""
    if not seats.solo_rival(e, p):
        return None
    for t, uses, cost in _usable(e, p):
        n = _troops(uses)
        if not n or p.supply < n or not e.defs[t].get("flips") or any(c[0] == "trash_this" for c in cost):
            continue
        if not cost or (combat and rules_costs.can_pay(e, p, cost, t)):
            return t
    return None


def use_recruit_tiles(e, p: Player, combat: bool) -> None:
    """Use every recruiting tile the rival would, one after another (tail position)."""
    t = recruit_tile(e, p, combat)
    if t is None:
        return
    p.flipped.append(t)
    if not e.quiet:
        e.log(f"  {e.pname(p)} flips its tile {e.cname(t)}")
    e.later("rival_recruit_tiles", seat=p.seat, combat=combat)
    e.run_box(t, "plot", e.context(p, card=t, box="plot", forced=True))


@step
def rival_recruit_tiles(e, f):
    use_recruit_tiles(e, e.players[f["seat"]], f["combat"])


def vp_trades(e, p: Player) -> list:
    """Tiles a solo rival trashes for VP as one of its trades when it can pay their
    cost in resources (Spy Satellites); a tile trashed for anything else (Sonic
    Snoopers) it never trashes."""
    if not seats.solo_rival(e, p):
        return []
    out = []
    for t, uses, cost in _usable(e, p):
        if any(u[:2] == ("gain", "vp") for u in uses) and any(c[0] == "trash_this" for c in cost):
            paid = [c for c in cost if c[0] == "res"]
            if all(rules_market.held(p, c[1]) >= c[2] for c in paid):
                out.append(t)
    return out


def trade_tile(e, p: Player, tile: str) -> str:
    """Trash the tile for its VP, paying its resources; returns what was traded."""
    m = e.defs[tile]
    for c in m["forced"]["plot"]:
        if c[0] == "res":
            rules_resources.lose(e, p, c[1], c[2])
    p.tiles.remove(tile)
    # No tile has a trash trigger (the tech schema has none), so this runs no box
    # and the rival's trade loop may go on at once.
    rules_leaving.trashed(e, p, tile)
    vp = sum(u[2] for u in m["uses"] if u[:2] == ("gain", "vp"))
    rules_resources.add_vp(e, p, "trades", vp)
    paid = ", ".join(f"{c[2]} {c[1]}" for c in m["forced"]["plot"] if c[0] == "res")
    return f"{paid} and the tile {m['name']}"
