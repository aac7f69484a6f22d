"""A set's markets: dealing them at setup and buying a face-up entry with the
market's currency. A market is data (`market ID { currency C; sells KIND; stacks N |
slots N; rebate R; keeps CARD; at reveal; to discard|top }` in a set definition):
nothing here names a set, a market or what it sells.

- `stacks N` (Rise of Ix's tech tiles, rules 000 "Prepare Ix board" and "Tech Tiles"):
  the entries shuffled into N face-down stacks, the top of each face up.
- `slots N` (Immortality's Tleilaxu row, rules 002 "Tleilaxu Cards and Specimens"):
  one shuffled deck dealing N face-up entries, a bought one replaced at once from it.
- `keeps CARD`: a fixed entry beside them, never removed: buying it plays its
  `on acquire` box and it stays.
- A market of tiles (a tile kind) gives its buyer the tile to keep (`Player.tiles`);
  a market of cards (a card kind: `vocab.card_kind`) deals the card into the buyer's
  discard pile or on top of their deck (`to`).
- `at reveal`: also offered on a reveal turn beside the Imperium Row (turns.buy);
  any market is bought through the `buy` verb.

Functions of the engine (first argument `e`); effect code reaches `buy` through the
effect context."""
from __future__ import annotations

from dunec.engine.rules import cards as rules_cards, holding as rules_holding
from dunec.engine.players import seats
from dunec.engine.loop.actions import PASS
from dunec.engine.loop.rng import Rng
from dunec.engine.loop.state import GameState, Player
from dunec.engine.loop.steps import step


# ---------------------------------------------------------------------- setup
def deal(content, state: GameState) -> None:
    """Each declared market: what it sells shuffled with the game's RNG and dealt
    into its stacks (sizes differ by at most one, the top of each face up), or into
    one deck dealing its slots face up. A market sells the definitions of its kind
    that belong to its set or to a set built on it (Content.market_cards), less its
    `keeps` entry, which stays apart. A game without markets draws nothing from the
    RNG (base games unchanged)."""
    markets = content.declared("market")
    if not markets:
        return
    rng = Rng(state=state.rng_state)
    owner = content.market_cards()
    for market in sorted(markets):
        m = markets[market]
        pool = [d["id"] for d in sorted(content.of_kind(m["sells"]), key=lambda d: d["id"])
                if owner.get(d["id"]) == market and d["id"] != m.get("keeps") for _ in range(d["copies"])]
        rng.shuffle(pool)
        if m.get("slots"):
            state.market_decks[market] = pool
            state.market_slots[market] = []
            refill(state, market, m["slots"])
        else:
            n = m["stacks"]
            state.markets[market] = [pool[i::n] for i in range(n)]
    state.rng_state = rng.state


def refill(state: GameState, market: str, slots: int) -> list:
    """Fill a slot market's empty slots from the top of its deck (the END of the
    list) while it lasts; the entries dealt."""
    up, deck = state.market_slots[market], state.market_decks[market]
    dealt = []
    while len(up) < slots and deck:
        dealt.append(deck.pop())
        up.append(dealt[-1])
    return dealt


def trash_slot(e, market: str, n: int) -> None:
    """`trash_slot MARKET N`: the entry in the Nth slot of a slot market (counted from
    the first dealt; never the kept entry) leaves the game, and the slot is refilled in
    place from the deck (Immortality's House Hagal Carthag cards, HAGAL.md 2.2).
    Nothing when the slot is empty or the market has no slots."""
    st = e.state
    up = st.market_slots.get(market)
    if up is None or not 1 <= n <= len(up):
        return
    card = up[n - 1]
    deck = st.market_decks[market]
    if deck:
        up[n - 1] = deck.pop()
    else:
        del up[n - 1]
    st.imperium_trash.append(card)
    if not e.quiet:
        e.log(f"  {e.cname(card)} is trashed from the {e.content.declared('market')[market]['title']}")


def _declaring_set(content, market: str) -> str:
    return next(s for s in content.sets if market in content.vocab[s]["market"])


def face_up(state: GameState, market: str) -> list:
    """(stack index, tile) for the top of every stack that still holds a tile, or
    (slot index, entry) for every dealt slot of a slot market."""
    if market in state.market_slots:
        return list(enumerate(state.market_slots[market]))
    return [(i, stack[-1]) for i, stack in enumerate(state.markets.get(market, ())) if stack]


def entries(e, market: str) -> list:
    """What a player may buy from the market now, each once: its face-up entries,
    then its `keeps` entry."""
    out = list(dict.fromkeys(t for _, t in face_up(e.state, market)))
    kept = e.content.markets()[market].get("keeps")
    if kept:
        out.append(kept)
    return out


def sells_cards(e, market: str) -> bool:
    """A market of cards (they go into decks) rather than of tiles (kept owned)."""
    return bool(e.content.markets()[market].get("to"))


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
    for i, tile in enumerate(entries(e, market)):
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
    face-up entry or passes (decision "buy": ("buy", market, entry) ... ("pass",)).
    House Hagal rivals never buy from a market of cards (they hold no deck)."""
    p = ctx.player
    if p.rival and sells_cards(e, market):
        return
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
    """Pay for a face-up entry and take it (tail position): from a stack, the next
    tile of the stack turns face up; from a slot, the slot is refilled at once from
    the deck; the `keeps` entry stays. A tile goes to the player's tiles and its
    `on acquire` box runs; a card is received (`to top`: on the deck, else the
    discard pile, which a passive `acquire_on_top` may change) and its `on acquire`
    box runs; the kept entry's `on acquire` box runs, the card staying in the market."""
    m = e.content.markets()[market]
    price = max(0, e.defs[tile]["cost"] - discount)
    back, paid = _pay(e, p, market, price, currency or None)
    kept = tile == m.get("keeps")
    if market in e.state.market_slots and not kept:  # the kept entry is never removed (rules 002)
        e.state.market_slots[market].remove(tile)
        refill(e.state, market, m["slots"])
    elif not kept:
        next(s for s in e.state.markets[market] if s and s[-1] == tile).pop()
    if not e.quiet:
        money, rebate = _terms(e, market, currency or None)
        how = f"{paid} {money}" + (f" and {back} {rebate}" if back else "")
        what = "the card" if m.get("to") else "the tile"
        e.log(f"  {e.pname(p)} {'plays' if kept else 'acquires'} {what} {e.cname(tile)} for {how}")
    if kept:
        e.run_box(tile, "acquire", e.context(p, card=tile, box="acquire"))
        return
    if m.get("to"):
        rules_cards.receive_card(e, p, tile, m["to"] == "top")
        return
    p.tiles.append(tile)
    prune(e)  # a solo rival's market, after any acquisition (HAGAL.md 3.8)
    e.run_box(tile, "acquire", e.context(p, card=tile, box="acquire"))


def reveal_offers(e, p: Player) -> list:
    """("buy", market, entry) for each entry of an `at reveal` market the player can
    afford with its currency: offered on a reveal turn beside the Imperium Row."""
    out = []
    for market, m in sorted(e.content.markets().items()):
        if m.get("at_reveal"):
            out.extend(("buy", market, t) for _, t, _ in offers(e, p, market))
    return out


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


def show_slots(state: GameState, market: str, entries: list) -> bool:
    """These entries face up in the first slots of a slot market, taken from its
    deck or slots (what they replace goes back on the deck, so every entry is kept).
    False: one is not an entry left in the market."""
    up, deck = state.market_slots[market], state.market_decks[market]
    pool = deck + up
    if not all(isinstance(t, str) for t in entries) or any(pool.count(t) < entries.count(t) for t in entries):
        return False
    for t in entries:
        pool.remove(t)
    rest = [t for t in up if t in pool]
    for t in rest:
        pool.remove(t)
    keep = (list(entries) + rest)[:len(up)]
    back = (list(entries) + rest)[len(up):]
    state.market_slots[market] = keep
    state.market_decks[market] = pool + back
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
