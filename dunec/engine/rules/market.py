"""A set's markets (Rise of Ix's tech tiles): dealing the stacks at setup and buying
a face-up tile with the market's currency (rules 000, "Prepare Ix board" and "Tech
Tiles"). A market is data (`market ID { currency C; sells KIND; stacks N; rebate R }`
in a set definition): nothing here names a set, a market or a tile.

Functions of the engine (first argument `e`); effect code reaches `buy` through the
effect context."""
from __future__ import annotations

from dunec.engine.rules import holding as rules_holding
from dunec.engine.players import seats
from dunec.engine.loop.actions import PASS
from dunec.engine.loop.rng import Rng
from dunec.engine.loop.state import GameState, Player
from dunec.engine.loop.steps import step


# ---------------------------------------------------------------------- setup
def deal(content, state: GameState) -> None:
    """Each declared market: its tiles shuffled with the game's RNG and dealt into
    its stacks (sizes differ by at most one), the top of each face up. A market
    sells the definitions of its kind that belong to its set or to a set built on
    it. A game without markets draws nothing from the RNG (base games unchanged)."""
    markets = content.declared("market")
    if not markets:
        return
    rng = Rng(state=state.rng_state)
    for market in sorted(markets):
        m = markets[market]
        home = _declaring_set(content, market)
        sets = {s for s in content.sets if s == home or home in content.vocab[s]["requires"]}
        pool = [d["id"] for d in sorted(content.of_kind(m["sells"]), key=lambda d: d["id"])
                if d["set"] in sets for _ in range(d["copies"])]
        rng.shuffle(pool)
        n = m["stacks"]
        state.markets[market] = [pool[i::n] for i in range(n)]
    state.rng_state = rng.state


def _declaring_set(content, market: str) -> str:
    return next(s for s in content.sets if market in content.vocab[s]["market"])


def face_up(state: GameState, market: str) -> list:
    """(stack index, tile) for the top of every stack that still holds a tile."""
    return [(i, stack[-1]) for i, stack in enumerate(state.markets.get(market, ())) if stack]


# ---------------------------------------------------------------------- prices
def _terms(e, market: str, currency) -> tuple:
    m = e.content.declared("market")[market]
    return currency or m["currency"], m.get("rebate") or ""


def held(p: Player, counter: str) -> int:
    """How much of a counter a player holds: the engine's own fields or a set's counter."""
    if not counter:
        return 0
    return p.counters[counter] if counter in p.counters else getattr(p, counter)


def offers(e, p: Player, market: str, discount: int = 0, currency=None) -> list:
    """(stack index, tile, price) for each face-up tile the player can afford: the
    price is the tile's cost less the discount, paid with the market's rebate
    counter (1 each) and then the currency (the market's, or `currency`)."""
    money, rebate = _terms(e, market, currency)
    have = held(p, money) + held(p, rebate)
    out = []
    for i, tile in face_up(e.state, market):
        price = max(0, e.defs[tile]["cost"] - discount)
        if price <= have:
            out.append((i, tile, price))
    return out


def _pay(e, p: Player, market: str, price: int, currency) -> tuple:
    """The rebate counter first (returned to the supply, never more than needed),
    then the currency. Returns (rebate returned, currency paid)."""
    money, rebate = _terms(e, market, currency)
    back = min(price, held(p, rebate))
    for counter, n in ((rebate, back), (money, price - back)):
        if n:
            if counter in p.counters:
                rules_holding.spend(e, p, counter, n)  # a negotiator returns to the supply
            else:
                setattr(p, counter, getattr(p, counter) - n)
    return back, price - back


# ---------------------------------------------------------------------- buying
def buy(e, ctx, market: str, discount: int = 0, currency: str = "") -> None:
    """`buy MARKET [discount N | with COUNTER]`: the player picks one affordable
    face-up tile or passes (decision "buy": ("buy", market, tile) ... ("pass",))."""
    p = ctx.player
    options = [("buy", market, tile) for _, tile, _ in offers(e, p, market, discount, currency or None)]
    if not options:
        if not e.quiet:
            e.log(f"  {e.pname(p)} can afford no tile of the {market.replace('_', ' ')}")
        return
    e.ask(p, "buy", options + [PASS], "tile_chosen", [discount, currency], seat=p.seat, market=market,
          discount=discount, currency=currency)


@step
def tile_chosen(e, f):
    a = f["chosen"]
    if a[0] == "buy":
        acquire(e, e.players[f["seat"]], f["market"], a[2], f["discount"], f["currency"])


def acquire(e, p: Player, market: str, tile: str, discount: int = 0, currency: str = "") -> None:
    """Pay for a face-up tile and take it: the next tile of its stack turns face
    up, then the tile's `on acquire` box runs (tail position)."""
    stack = next(s for s in e.state.markets[market] if s and s[-1] == tile)
    price = max(0, e.defs[tile]["cost"] - discount)
    back, paid = _pay(e, p, market, price, currency or None)
    stack.pop()
    p.tiles.append(tile)
    if not e.quiet:
        money, rebate = _terms(e, market, currency or None)
        how = f"{paid} {money}" + (f" and {back} {rebate}" if back else "")
        e.log(f"  {e.pname(p)} acquires the tile {e.cname(tile)} for {how}")
    prune(e)  # a solo rival's market, after any acquisition (HAGAL.md 3.8)
    e.run_box(tile, "acquire", e.context(p, card=tile, box="acquire"))


# ---------------------------------------------------------------------- a position set up
def _stack_of(state: GameState, tile: str):
    return next(((m, s) for m, stacks in state.markets.items() for s in stacks if tile in s), (None, None))


def hand_over(state: GameState, p: Player, tile: str) -> bool:
    """A tile out of its market's stacks to a player, unpaid and without its
    acquisition bonus (a position being set up). False: no stack holds it."""
    _, stack = _stack_of(state, tile)
    if stack is None:
        return False
    stack.remove(tile)
    p.tiles.append(tile)
    return True


def show(state: GameState, market: str, i: int, tile: str) -> bool:
    """The tile face up on top of stack i of the market: it changes places with
    the top there, so every stack keeps its size. False: the market holds no such tile."""
    stacks = state.markets.get(market, [])
    _, stack = _stack_of(state, tile)
    if stack is None or not any(s is stack for s in stacks) or not 0 <= i < len(stacks) or not stacks[i]:
        return False
    j = stack.index(tile)
    stack[j], stacks[i][-1] = stacks[i][-1], tile
    return True


# ---------------------------------------------------------------------- solo games
def prune_markets(defs: dict, markets: dict) -> list:
    """While no stack of a market shows a tile with the House Hagal mark, trash
    the top tile of the stack with the most tiles (ties: the topmost stack).
    Returns the tiles trashed (rules 000, Solo Mode)."""
    gone = []
    for market in sorted(markets):
        stacks = markets[market]
        while any(stacks) and not any(s and defs[s[-1]].get("rival") for s in stacks):
            i = max(range(len(stacks)), key=lambda k: (len(stacks[k]), -k))
            gone.append(stacks[i].pop())
    return gone


def prune(e) -> None:
    """The solo market rule, at the game's start (rivals.game_start) and after every
    tile acquisition by anyone (and rivals.after_turn runs it after every turn)."""
    st = e.state
    if not st.markets or not seats.rivals_buy_tiles(e):
        return
    gone = prune_markets(e.defs, st.markets)
    st.tiles_trashed.extend(gone)
    if gone and not e.quiet:
        e.log("  no tile a rival may buy is face up: trashed " + ", ".join(e.cname(t) for t in gone))
