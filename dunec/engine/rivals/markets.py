"""A solo rival and a set's markets (rules 000, "Solo Mode"; HAGAL.md 3.8): it buys
the most expensive face-up tile with the House Hagal mark it can afford, read
from the data (a tile's `rival` mark and cost), never from a tile's id. The
two-player rival ignores markets."""
from __future__ import annotations

from typing import Optional

from dunec.engine.effects import interpreter
from dunec.engine.loop.actions import PASS
from dunec.engine.loop.state import Player
from dunec.engine.players import seats
from dunec.engine.rules import market as rules_market


def _markets(st) -> dict:
    return getattr(st, "markets", {})


def _stack_of(e, market: str, tile: str) -> int:
    stacks = _markets(e.state).get(market, ())
    return next((i for i, s in enumerate(stacks) if s and s[-1] == tile), len(stacks))


def buy(e, p: Player, options: list) -> int:
    """The most expensive tile with the House Hagal mark among those offered (it
    can afford them: budget = currency + discount + the rebate counter); ties: the
    topmost stack. None of them, or the two-player rival: pass."""
    mine = [i for i, a in enumerate(options) if a[0] == "buy" and seats.solo_rival(e, p) and e.defs[a[2]].get("rival")]
    if mine:
        return min(mine, key=lambda i: (-e.defs[options[i][2]]["cost"], _stack_of(e, options[i][1], options[i][2])))
    return options.index(PASS) if PASS in options else 0


def offers(e, p: Player, market: str, discount: int = 0) -> list:
    """(stack index, tile, price) for each face-up tile a rival may buy and can
    afford: the House Hagal mark, and price <= currency + the rebate counter."""
    if not seats.solo_rival(e, p):
        return []
    decl = e.content.declared("market").get(market, {})
    budget = sum(rules_market.held(p, c) for c in (decl.get("currency", ""), decl.get("rebate", "")) if c)
    out = []
    for i, stack in enumerate(_markets(e.state).get(market, ())):
        if stack and e.defs[stack[-1]].get("rival"):
            price = max(0, e.defs[stack[-1]]["cost"] - discount)
            if price <= budget:
                out.append((i, stack[-1], price))
    return out


def buy_or_else(e, p: Player, options: list) -> Optional[int]:
    """A `choose` between buying a tile and something else (the Tech Negotiation
    card, Rhombur's signet ring): the purchase when a tile it may buy is within its
    budget, else the first other option (the negotiator). None: no purchase among
    the options."""
    alts = interpreter.choose_alternatives(e, options)
    if alts is None:
        return None
    buys = {i: alt[0].args for i, alt in alts.items() if alt and alt[0].kind == "buy"}
    if not buys:
        return None
    for i, (market, discount, *_rest) in buys.items():
        if offers(e, p, market, discount):
            return i
    return next((i for i in range(len(options)) if i not in buys), next(iter(buys)))
