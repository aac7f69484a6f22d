"""House Hagal rivals with Rise of Ix (rules 000, "Solo Mode" and "Two Player
Games"; HAGAL.md 3.4-3.9): the rivals' side of a set's markets, units and
tracks, read from the data (a tile's `rival` mark and cost, what its `use` box
gives; a track's steps), never from a tile's or a card's id.

- Decisions (`choose`, called by rivals.choose): "buy" (a solo rival buys the
  most expensive tile with the House Hagal mark it can afford; the two-player
  rival ignores markets), "move" (a freighter: up to the 2nd step, then cash
  out), "place_unit" (cover an opponent's control marker, avoid its own), a
  `choose` between buying a tile and something else (buy when it can), and
  "deploy" (always the most).
- Markets in solo games: pruned until a stack shows a tile a rival may buy
  (`rules_market.prune`, at setup and after each acquisition).
- Tiles a solo rival owns: used by fixed rules (`infiltrator`, `recruit_tile`,
  `vp_trades`), not by a policy.

Functions take the engine `e` (or plain data) and change nothing but what they
say; the state they read is plain data (GameState.markets, Player.tiles,
Player.flipped: getattr with a default where the market part may be absent)."""
from __future__ import annotations

from typing import Optional

from dunec.engine import interpreter, rules_costs, rules_leaving, rules_resources, rules_units
from dunec.engine.state import Player
from dunec.engine.steps import step

# A rival's freighter goes up to this step; from it, instead of moving to the top,
# it cashes out with every step's reward (rules 000, "Two Player Games"; HAGAL.md 3.7).
CASH_OUT_AT = 2
# Where a rival's dreadnought goes when several locations are alike (rules 000).
PASS = ("pass",)


def _tiles(p: Player) -> list:
    return getattr(p, "tiles", [])


def _flipped(p: Player) -> list:
    return getattr(p, "flipped", [])


def _markets(st) -> dict:
    return getattr(st, "markets", {})


def solo_rival(e, p: Player) -> bool:
    """Only solo rivals deal with markets and tiles (the two-player rival ignores them)."""
    return p.rival and e.state.mode == "solo"


# ---------------------------------------------------------------------- decisions
def choose(e, p: Player, kind: str, options: list) -> Optional[int]:
    """A rival's answer to a decision of a set's mechanisms; None when the decision
    is none of them (rivals.choose decides it then)."""
    if kind == "buy" and any(a[0] == "buy" and a[1] in e.content.declared("market") for a in options):
        return buy(e, p, options)
    if kind == "move" and any(a[0] in ("advance", "cash_out") for a in options):
        return move(e, p, options)
    if kind == "place_unit":
        return place_unit(e, p, options)
    if kind == "deploy" and all(a[0] == "deploy" for a in options):
        return max(range(len(options)), key=lambda i: options[i][1])
    if kind == "choose":
        return buy_or_else(e, p, options)
    return None


def _stack_of(e, market: str, tile: str) -> int:
    stacks = _markets(e.state).get(market, ())
    return next((i for i, s in enumerate(stacks) if s and s[-1] == tile), len(stacks))


def buy(e, p: Player, options: list) -> int:
    """The most expensive tile with the House Hagal mark among those offered (it
    can afford them: budget = currency + discount + the rebate counter); ties: the
    topmost stack. None of them, or the two-player rival: pass."""
    mine = [i for i, a in enumerate(options) if a[0] == "buy" and solo_rival(e, p) and e.defs[a[2]].get("rival")]
    if mine:
        return min(mine, key=lambda i: (-e.defs[options[i][2]]["cost"], _stack_of(e, options[i][1], options[i][2])))
    return options.index(PASS) if PASS in options else 0


def offers(e, p: Player, market: str, discount: int = 0) -> list:
    """(stack index, tile, price) for each face-up tile a rival may buy and can
    afford: the House Hagal mark, and price <= currency + the rebate counter."""
    if not solo_rival(e, p):
        return []
    decl = e.content.declared("market").get(market, {})
    budget = sum(_held(p, c) for c in (decl.get("currency", ""), decl.get("rebate", "")) if c)
    out = []
    for i, stack in enumerate(_markets(e.state).get(market, ())):
        if stack and e.defs[stack[-1]].get("rival"):
            price = max(0, e.defs[stack[-1]]["cost"] - discount)
            if price <= budget:
                out.append((i, stack[-1], price))
    return out


def _held(p: Player, what: str) -> int:
    return p.counters[what] if what in p.counters else getattr(p, what, 0)


def move(e, p: Player, options: list) -> int:
    """A freighter move: below the 2nd step, advance; there (or above), cash out
    instead of moving to the top: the 2nd step's troops and Influence and the
    1st step's Dividends (rules 000; the rival's `choose` takes the Solari)."""
    track = next(a[1] for a in options if a[0] in ("advance", "cash_out"))
    if p.tracks.get(track, 0) < CASH_OUT_AT and ("advance", track) in options:
        return options.index(("advance", track))
    return options.index(("cash_out", track))


def place_unit(e, p: Player, options: list) -> int:
    """Where its dreadnought goes: on an opponent's control marker if it can, then
    an uncontrolled location, its own last; ties: Imperial Basin, Arrakeen, Carthag.
    The same rule as a player's placement hint (one home: rules_units)."""
    worth = rules_units.placement_hint(e, p, options)
    return max(range(len(options)), key=lambda i: (worth[i], -i))


def buy_or_else(e, p: Player, options: list) -> Optional[int]:
    """A `choose` a rival settles by a rule of the set: between buying a tile and
    something else (the Tech Negotiation card, Rhombur's signet ring), the purchase
    when a tile it may buy is within its budget, else the first other option (the
    negotiator); between a unit kind of a set and something else, the unit while
    its supply holds one ("rivals always prefer to recruit dreadnoughts over
    troops", rules 000). None: no such choice (rivals.choose decides)."""
    alts = interpreter.choose_alternatives(e, options)
    if alts is None:
        return None
    buys = {i: alt[0].args for i, alt in alts.items() if alt and alt[0].kind == "buy"}
    if buys:
        for i, (market, discount, *_rest) in buys.items():
            if offers(e, p, market, discount):
                return i
        return next((i for i in range(len(options)) if i not in buys), next(iter(buys)))
    for i, alt in alts.items():
        kinds = [o.args[0] for o in alt if o.kind == "gain" and o.args[0] in p.units]  # a set's unit kinds
        if kinds and p.units[kinds[0]]["supply"] > 0:
            return i
    return None


# ---------------------------------------------------------------------- tiles a rival owns
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
    if not solo_rival(e, p):
        return None
    return next((t for t, uses, _ in _usable(e, p) if ("infiltrate",) in uses and e.defs[t].get("flips")), None)


def _troops(uses) -> int:
    return sum(u[2] for u in uses if u[:2] == ("gain", "troops"))


def recruit_tile(e, p: Player, combat: bool) -> Optional[str]:
    """The next tile a solo rival uses to recruit on its agent turn, when its supply
    holds the troops: a free one at the first opportunity each round (Training
    Drones); a paid one only when the agent went to a combat space and it can pay
    (Flagship: they are deployed with the turn's recruits)."""
    if not solo_rival(e, p):
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
    if not solo_rival(e, p):
        return []
    out = []
    for t, uses, cost in _usable(e, p):
        if any(u[:2] == ("gain", "vp") for u in uses) and any(c[0] == "trash_this" for c in cost):
            paid = [c for c in cost if c[0] == "res"]
            if all(_held(p, c[1]) >= c[2] for c in paid):
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

