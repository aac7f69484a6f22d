"""Contracts: entries of a `free` market that a player takes and holds until they
are completed, once, for their `reward` box (Uprising's CHOAM Module, rules 003
"CHOAM Module"). Nothing here names a set, a market, a space or a contract: a
contract is data (`contract ID "Title" { at SPACE | harvest N | immediate |
acquired CARD; reward { ... } }`) and its market is a set's declaration (`market
ID { free; sells contract; slots N; when_empty { ... } }`).

- Taking (`MARKET N`, the free market's name as a verb): N times, one of the face-up
  entries (or one set aside for the player: `reserve`), without a price; the slot is
  refilled from the market's deck. A free market of cards deals the card like an
  acquired one, of tiles gives the tile (its `on acquire` box played): only a contract
  is held until completed. With nothing to take, the market's `when_empty` box
  is played instead (rules 003: "if all taken, the icon reverts to 2 Solari"; a game
  without the contracts deals none, so it is always empty).
- Completing, as printed: `at SPACE` when the holder sends an agent there, the contract
  held before the agent was sent (a snapshot at placement: one taken on that turn waits
  for a later turn); several for one space complete together, judged after the
  space's and the card's boxes, before troops are deployed (a reward's troops may go
  to the Conflict). `harvest N`: held when an agent is sent to a maker space, and N
  spice gained that turn (every source counts, a plot intrigue played after the
  agent too: rules_resources.tally), judged when the turn ends (`defer_harvests`:
  the snapshot rides on the frame that ends the turn). `immediate`: when taken.
  `acquired CARD`: when the holder acquires that card.
- A completed contract stays with its holder, face down (`Player.contracts_done`):
  the count `contracts_done` reads it.

Functions of the engine (first argument `e`)."""
from __future__ import annotations

from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step
from dunec.engine.rules import cards as rules_cards, market as rules_market


def free_market(e, market: str) -> dict:
    return e.content.declared("market")[market]


def offers(e, p: Player, market: str) -> list:
    """("buy", market, entry): each face-up entry once, then those set aside for the player."""
    out = [t for _, t in rules_market.face_up(e.state, market)]
    out += [c for c in p.contracts_reserved if e.content.market_cards().get(c) == market]
    return [("buy", market, t) for t in dict.fromkeys(out)]


def take(e, ctx, market: str, n: int) -> None:
    """`MARKET N` (tail position): the player takes N entries one at a time, each a
    decision; the market's `when_empty` box for each it cannot give."""
    p = ctx.player
    if n > 1:
        e.later("take_again", seat=p.seat, market=market, n=n - 1)
    options = offers(e, p, market)
    if not options or p.rival:  # a House Hagal rival keeps no contracts: what an empty market gives
        if not e.quiet and market in e.content.market_cards().values():  # a game dealing none says nothing
            e.log(f"  no {free_market(e, market)['title']} left to take: {e.pname(p)} gets what the icon gives instead")
        e.run_box(market, "when_empty", e.context(p, box="track"))
        return
    e.ask(p, "buy", options, "contract_taken", seat=p.seat, market=market)


@step
def take_again(e, f):
    p = e.players[f["seat"]]
    take(e, e.context(p), f["market"], f["n"])


@step
def contract_taken(e, f):
    p = e.players[f["seat"]]
    receive(e, p, f["market"], f["chosen"][2])


def receive(e, p: Player, market: str, entry: str) -> None:
    """The entry leaves the market (its slot refilled, or the next of its stack face
    up) or the player's set-aside pile and is held; an `immediate` one is completed at
    once (tail position). A free market of tiles gives the tile, its `on acquire` box played."""
    st = e.state
    if entry in p.contracts_reserved:
        p.contracts_reserved.remove(entry)
    elif market in st.market_slots:
        st.market_slots[market].remove(entry)
        rules_market.refill(st, market, free_market(e, market)["slots"])
    else:
        next(s for s in st.markets[market] if s and s[-1] == entry).pop()
    to = free_market(e, market).get("to")
    if to:  # a free market of cards: the card is received like an acquired one
        rules_cards.receive_card(e, p, entry, to == "top")
        return
    if e.defs[entry]["kind"] != "contract":
        p.tiles.append(entry)
        if not e.quiet:
            e.log(f"  {e.pname(p)} takes the tile {e.cname(entry)}")
        e.run_box(entry, "acquire", e.context(p, card=entry, box="acquire"))
        return
    p.contracts.append(entry)
    if not e.quiet:
        e.log(f"  {e.pname(p)} takes the contract {e.cname(entry)}")
    if e.defs[entry].get("immediate"):
        complete(e, p, [entry])


def complete(e, p: Player, done: list, space=None) -> None:
    """These held contracts are completed (tail position): each turns face down and
    its reward box is played, in the order held."""
    for c in done:
        p.contracts.remove(c)
        p.contracts_done.append(c)
        if not e.quiet:
            e.log(f"  {e.pname(p)} completes the contract {e.cname(c)}")
    for c in reversed(done):
        e.box_later(c, "space", p, card=c, space=space)


# ---------------------------------------------------------------------- an agent sent
def due(e, p: Player, space: str) -> list:
    """The contracts the player holds as an agent is sent to the space: those for
    that space, and the harvest ones when it is a maker space (a snapshot: a contract
    taken during the turn is not among them)."""
    if not p.contracts:
        return []
    maker = e.defs[space].get("maker")
    return [c for c in p.contracts if space in e.defs[c].get("at", ()) or (maker and e.defs[c].get("harvest"))]


TURN_END = "more_plots"  # the step whose frame ends an agent turn (engine/loop/turns.py)


def defer_harvests(e, p: Player, due: list) -> list:
    """The snapshot's harvest contracts wait for the end of the turn, when every spice
    of the turn is counted: they ride on the frame that ends the player's turn
    (`TURN_END`, turns.more_plots). The rest of the snapshot is returned; with no
    such frame (an agent sent outside a turn of one's own), nothing waits."""
    harvest = [c for c in due if e.defs[c].get("harvest")]
    if not harvest:
        return due
    closing = next((f for f in reversed(e.state.stack) if f.get("do") == TURN_END and f.get("seat") == p.seat),
                   None)
    if closing is None:
        return due
    closing["harvest"] = closing.get("harvest", []) + harvest
    return [c for c in due if c not in harvest]


@step
def contracts_due(e, f):
    """After the space's and the card's boxes: the snapshot's space contracts complete
    (and its harvest ones, when nothing waits for the turn's end)."""
    harvested(e, e.players[f["seat"]], f["due"], f["space"])


def harvested(e, p: Player, due: list, space=None) -> None:
    """The snapshot's contracts still held complete: a space's at once, a harvest one
    when its amount of spice was gained this turn."""
    spice = p.gained.get("spice", 0)
    done = [c for c in due if c in p.contracts and (e.defs[c].get("at") or spice >= e.defs[c]["harvest"])]
    if done:
        complete(e, p, done, space)


# ---------------------------------------------------------------------- a card acquired
@step
def contract_acquired(e, f):
    acquired(e, e.players[f["seat"]], f["card"])


def acquired(e, p: Player, card: str) -> None:
    """The player acquired a card: the held contracts naming it complete (tail position)."""
    done = [c for c in p.contracts if card in e.defs[c].get("acquired", ())]
    if done:
        complete(e, p, done)


# ---------------------------------------------------------------------- set aside
def reserve(e, p: Player, market: str, space: str) -> None:
    """`reserve MARKET SPACE`: the market's entries completed at that space leave it (a
    face-up one's slot refilled) and are set aside for this player alone, who may take
    one through the market's verb in place of a face-up entry (rules 003, Shaddam
    Corrino IV's Sardaukar Commander)."""
    st = e.state
    if market not in st.market_slots:  # no entries dealt (the checker lets only a free market be named)
        return
    mine = sorted(c for c in st.market_slots.get(market, []) + st.market_decks.get(market, [])
                  if space in e.defs[c].get("at", ()))
    for c in mine:
        if c in st.market_slots[market]:
            st.market_slots[market].remove(c)
        else:
            st.market_decks[market].remove(c)
        p.contracts_reserved.append(c)
    rules_market.refill(st, market, free_market(e, market)["slots"])
    if mine and not e.quiet:
        e.log(f"  {', '.join(e.cname(c) for c in mine)} set aside for {e.pname(p)}")
