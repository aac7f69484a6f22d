"""Cards: drawing, trashing, discarding, acquiring, and the card-moving effects.

Functions of the engine (first argument `e`); effect code reaches them through
the effect context."""
from __future__ import annotations

from typing import Optional

from dunec.engine.rules import leaving as rules_leaving, modifiers as rules_modifiers, tiles as rules_tiles, \
    watchers as rules_watchers
from dunec.engine.loop.actions import ACQUIRE_NOTHING, TRASH_NOTHING
from dunec.engine.loop.state import Player
ROW_SIZE = 5  # the Imperium Row's cards (rules 001; setup.ROW_SIZE)
from dunec.engine.loop.steps import step


def draw(e, p: Player, n: int) -> None:
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                return
            p.deck, p.discard = p.discard, []
            e.rng.shuffle(p.deck)
        p.hand.append(p.deck.pop())


def draw_intrigue(e) -> Optional[str]:
    st = e.state
    if not st.intrigue_deck:
        if not st.intrigue_discard:
            return None
        st.intrigue_deck, st.intrigue_discard = st.intrigue_discard, []
        e.rng.shuffle(st.intrigue_deck)
    return st.intrigue_deck.pop()


def shuffle_discard(e, p: Player) -> None:
    p.deck.extend(p.discard)
    p.discard = []
    e.rng.shuffle(p.deck)


def trash(e, ctx, what: str, zone: str, faction: str = "", optional: bool = True, body=None) -> None:
    """Trash this card, or a card of the player's choice from the zone(s) (of the
    faction, when one is named: another card than the one whose box runs); the
    card's triggers run (rules_leaving). `body`: ops run after a card is trashed,
    with the context's card the one trashed (`trash card { ... }`: `trashed_cost`)."""
    p = ctx.player
    if what == "this":
        for pile in (p.played, p.revealed):
            if ctx.card in pile:
                pile.remove(ctx.card)
                rules_leaving.trashed(e, p, ctx.card)
                return
        if ctx.card in p.tiles:
            rules_tiles.trash_tile(e, p, ctx.card)
        return
    options = trash_options(e, p, zone, faction, but=ctx.card) if faction else trash_options(e, p, zone)
    if not options:
        return
    # Trashing with the card icon is optional (FAQ); as a cost it is not.
    actions = [("trash", c, z) for z, c in options] + ([TRASH_NOTHING] if optional else [])
    if body is None:
        e.ask(p, "trash", actions, "trash_chosen", seat=p.seat)
    else:
        e.ask(p, "trash", actions, "trash_chosen", seat=p.seat, body=body, ctx=ctx.data())


def remove_trashed(e, p: Player, action) -> None:
    if action[0] != "trash":
        return
    c, z = action[1], action[2]
    if z == "play":
        (p.played if c in p.played else p.revealed).remove(c)
    else:
        getattr(p, z).remove(c)
    rules_leaving.trashed(e, p, c)


def trash_options(e, p: Player, zone: str = "", faction: str = "", but=None) -> list:
    """(zone, card) the player may trash: each card once a zone; with a faction, only
    that faction's cards, and never `but` (the card whose box trashes: "another")."""
    zones = (zone,) if zone else ("hand", "discard", "play")
    options: list[tuple[str, str]] = []
    for z in zones:
        piles = (p.played, p.revealed) if z == "play" else (getattr(p, z),)
        seen = set()
        for pile in piles:
            for c in pile:
                if faction and (c == but or faction not in e.defs[c].get("factions", ())):
                    continue
                if c not in seen:
                    seen.add(c)
                    options.append((z, c))
    return options


def trash_hint(e, card: str) -> float:
    h = e._trash_hints.get(card)
    if h is None:
        h = e._trash_hints[card] = _trash_value(e.defs[card])
    return h


def discard(e, p: Player, n: int, remember: bool = False) -> None:
    """Discard n cards of the player's choice from hand; `remember`: each card goes into
    the context of the nearest body waiting to read it (discard_remembered)."""
    discard_next(e, p, min(n, len(p.hand)), remember)


def discard_remembered(e, ctx, n: int, body: list) -> None:
    """`discard N { BODY }`, and a trade paid with a discard (`pay discard N -> BODY`):
    the body waits on the stack, marked `remembers`, and each card discarded is written
    into its context, where the condition `discarded FACTION` reads it."""
    e.push({"do": "ops", "ref": body, "pc": 0, "ctx": ctx.data(), "remembers": True})
    discard(e, ctx.player, n, remember=True)


def remember_discard(e, card: str) -> None:
    """The card joins the cards the nearest remembering body reads (the top of the stack down)."""
    for f in reversed(e.state.stack):
        if f.get("remembers"):
            f["ctx"].setdefault("discarded", []).append(card)
            return


def discard_next(e, p: Player, left: int, remember: bool = False) -> None:
    """One of the `left` discards still owed; each card's triggers (`on discard`,
    `unload`: rules_leaving) run before the next is chosen."""
    if left > 0:
        if remember:
            e.ask(p, "discard", [("discard", c) for c in p.hand], "discarded", seat=p.seat, left=left - 1,
                  remember=True)
        else:
            e.ask(p, "discard", [("discard", c) for c in p.hand], "discarded", seat=p.seat, left=left - 1)


def discard_at(e, p: Player, i: int, left: int, remember: bool = False) -> None:
    c = p.hand.pop(i)
    if remember:
        remember_discard(e, c)
        e.later("discard_more", seat=p.seat, left=left, remember=True)
    else:
        e.later("discard_more", seat=p.seat, left=left)
    rules_leaving.discarded(e, p, c)


def cost_of(e, p: Player, card: str) -> int:
    """The printed persuasion cost (what "a card costing N or less" reads)."""
    return e.defs[card].get("cost", 0)


def price_of(e, p: Player, card: str, aside: bool = False) -> int:
    """What buying the card costs this player now: discounts applied, and 1 less
    for the copy set aside for them (Helena's Manipulate)."""
    cost = e.defs[card].get("cost", 0) - p.discounts.get(card, 0) - (1 if aside else 0)
    return max(0, cost)


def acquire_effect(e, p: Player, max_cost: int, to_top: bool, to_hand: bool = False, exact: bool = False) -> None:
    """`acquire cost <= N` (`top`: onto the deck; `hand`: into the hand; `cost == N`,
    exact: that cost only) from the Imperium Row."""
    if exact:
        row = [c for c in e.state.imperium_row if cost_of(e, p, c) == max_cost]
    else:
        row = [c for c in e.state.imperium_row if cost_of(e, p, c) <= max_cost]
    if not row:
        return
    if to_hand:
        e.ask(p, "acquire", [("acquire", c) for c in row] + [ACQUIRE_NOTHING], "acquired", seat=p.seat,
              to_top=False, to_hand=True)
        return
    e.ask(p, "acquire", [("acquire", c) for c in row] + [ACQUIRE_NOTHING], "acquired", seat=p.seat,
             to_top=to_top)


def acquire_with(e, p: Player, counter: str, to_hand: bool) -> None:
    """`acquire with COUNTER [hand]`: a card of the Imperium Row or of a reserve pile,
    its price (cost_of less this turn's discounts: price_of) paid with the counter
    instead of Persuasion, into the discard pile or (`hand`) the hand; the player may
    acquire nothing."""
    have = _held(p, counter)
    row = [c for c in dict.fromkeys(e.state.imperium_row) if price_of(e, p, c) <= have]
    reserve = [c for c, n in sorted(e.state.reserve.items()) if n > 0 and price_of(e, p, c) <= have]
    if not row + reserve:
        return
    e.ask(p, "acquire", [("acquire", c) for c in row + reserve] + [ACQUIRE_NOTHING], "acquired_with", seat=p.seat,
          currency=counter, to_hand=to_hand)


def _held(p: Player, counter: str) -> int:
    return p.counters[counter] if counter in p.counters else getattr(p, counter)


def take_from_row(e, p: Player, card: str, to_top: bool = False) -> None:
    st = e.state
    st.imperium_row.remove(card)
    if st.imperium_deck:
        st.imperium_row.append(st.imperium_deck.pop())
    receive_card(e, p, card, to_top)


def new_row(e) -> None:
    """`new_row` (Family Atomics, rules 002): every card of the Imperium Row is removed
    to the trash (out of the game: docs/decisions.md "Family Atomics"), then a new Row
    is dealt from the Imperium deck, as many cards as the Row held at most (5)."""
    st = e.state
    gone, st.imperium_row = st.imperium_row, []
    st.imperium_trash.extend(gone)
    while len(st.imperium_row) < ROW_SIZE and st.imperium_deck:
        st.imperium_row.append(st.imperium_deck.pop())
    if not e.quiet:
        e.log(f"  the Imperium Row is removed ({', '.join(e.cname(c) for c in gone) or 'empty'}); "
              f"a new Row: {', '.join(e.cname(c) for c in st.imperium_row) or 'none left'}")


def take_to_hand(e, p: Player, card: str) -> None:
    """A card of the Imperium Row acquired straight into the hand (the Row refills);
    its `on acquire` box runs."""
    st = e.state
    st.imperium_row.remove(card)
    if st.imperium_deck:
        st.imperium_row.append(st.imperium_deck.pop())
    into_hand(e, p, card)


def into_hand(e, p: Player, card: str) -> None:
    """An acquired card goes into the hand: the rules for the round watching
    acquisitions, after its `on acquire` box."""
    p.hand.append(card)
    if not e.quiet:
        e.log(f"  {e.pname(p)} acquires {e.cname(card)} into their hand")
    if p.watching:  # after the card's own acquire box (rules/watchers.py)
        rules_watchers.fire(e, p, "acquire", card)
    if e.has_box(card, "acquire"):
        e.run_box(card, "acquire", e.context(p, card=card, box="acquire"))


def receive_card(e, p: Player, card: str, to_top: bool = False) -> None:
    if not to_top and (p.acquire_to_top or on_top_allowed(e, p, card)):
        e.yes_no(p, "top", f"put {e.cname(card)} on top of your deck", 1.0, "received", card, seat=p.seat,
                 card=card)
        return
    put_received(e, p, card, to_top)


def on_top_allowed(e, p: Player, card: str) -> bool:
    """An `acquire_on_top` modifier lets the card go on top of the deck: one of the
    player's tiles or a track's `from COLUMN` box the player reached; with a market
    named, only for a card that market deals (Content.market_cards)."""
    mods = rules_modifiers.held(e, p, "acquire_on_top") if p.tiles or p.tracks else None
    if not mods:
        return False
    seller = e.content.market_cards().get(card)  # the market that deals the card, if one does
    return any(not m or m[0] == seller for m in mods)


def put_received(e, p: Player, card: str, to_top: bool) -> None:
    (p.deck if to_top else p.discard).append(card)
    if not e.quiet:
        e.log(f"  {e.pname(p)} acquires {e.cname(card)}")
    if p.watching:  # after the card's own acquire box (rules/watchers.py)
        rules_watchers.fire(e, p, "acquire", card)
    if e.has_box(card, "acquire"):  # few cards have one: no context made for the others
        e.run_box(card, "acquire", e.context(p, card=card, box="acquire"))


def return_to_hand(e, p: Player, card) -> None:
    """`return_to_hand this`: the card whose agent box runs goes from play back to
    the hand (it may be played again this round); nothing when it is not in play."""
    if card is None or card not in p.played:
        return
    p.played.remove(card)
    p.hand.append(card)
    if not e.quiet:
        e.log(f"  {e.pname(p)} returns {e.cname(card)} to their hand")


def retrieve(e, p: Player, faction: str) -> None:
    cards = [c for c in dict.fromkeys(p.discard) if faction in e.defs[c].get("factions", ())]
    if not cards:
        return
    e.ask(p, "retrieve", [("retrieve", c) for c in cards], "retrieved", seat=p.seat)


def draw_or_trash_top(e, p: Player) -> None:
    if not p.deck:
        if not p.discard:
            return
        shuffle_discard(e, p)
    card = p.deck[-1]
    e.ask(p, "top", [("draw_top", card), ("trash_top", card)], "top_chosen", seat=p.seat)


def sort_top(e, p: Player, n: int) -> None:
    """`sort_top N`: with N or more cards in the deck (no reshuffle), look at the top N:
    draw one, trash one, discard the others (Long Live the Fighters, N = 3). Each
    card stays on the deck until it goes, so every card is always in one place."""
    if n < 2 or len(p.deck) < n:
        return
    top = list(dict.fromkeys(reversed(p.deck[-n:])))
    e.ask(p, "sort_draw", [("draw_top", c) for c in top], "sort_drawn", seat=p.seat, n=n)


def _take_top(p: Player, card: str, n: int) -> None:
    """The card out of the top n of the deck (the topmost copy)."""
    for i in range(len(p.deck) - 1, len(p.deck) - 1 - n, -1):
        if p.deck[i] == card:
            del p.deck[i]
            return
    raise ValueError(f"{card} is not among the top {n} cards")


def manipulate(e, p: Player) -> None:
    row = list(dict.fromkeys(e.state.imperium_row))
    if not row:
        return
    e.ask(p, "manipulate", [("set_aside", c) for c in row], "set_aside", seat=p.seat)


def manipulated_lapse(e, p: Player) -> None:
    """A card removed with Manipulate and not acquired on this reveal turn stays
    removed: it goes to the Imperium trash, never back to the Row."""
    for c in p.manipulated:
        e.state.imperium_trash.append(c)
        if not e.quiet:
            e.log(f"  {e.cname(c)}, removed from the Imperium Row, is not acquired and leaves the game")
    p.manipulated = []


def block_space(e, p: Player) -> None:
    st = e.state
    free = [m["id"] for m in e.content.of_kind("space") if m["id"] not in st.occupied
            and m["id"] not in st.blocked]
    if not free:
        return
    e.ask(p, "block", [("block", s) for s in free], "blocked_space", seat=p.seat)


def gain_reserve_card(e, p: Player, card: str) -> None:
    if e.state.reserve.get(card, 0) > 0:
        e.state.reserve[card] -= 1
        receive_card(e, p, card)


def steal_intrigue(e, giver: Player, taker: Player, n: int) -> None:
    for _ in range(min(n, len(giver.intrigue))):
        card = giver.intrigue.pop(e.rng.below(len(giver.intrigue)))
        taker.intrigue.append(card)
        if not e.quiet:
            e.log(f"  {e.pname(giver)} gives an intrigue card to {e.pname(taker)}")


def _trash_value(meta: dict) -> float:
    """Trash the weakest card first: starting cards that only give persuasion; an
    `unload` card pays its Reveal box as it goes (rules_leaving)."""
    base = meta.get("cost", 0) + sum(meta.get("values", {}).values())
    return 10.0 - base + unload_value(meta)


def unload_value(meta: dict) -> float:
    """What a card gives as it is discarded or trashed beyond its own `on` boxes:
    its Reveal box when it has Unload."""
    return meta.get("values", {}).get("reveal", 0.0) if meta.get("unload") else 0.0


# ---------------------------------------------------------------------- the steps after an answer


@step
def trash_chosen(e, f):
    a = f["chosen"]
    body = f.get("body")
    if body is not None and a[0] == "trash":  # the body of `trash card { ... }`, about the card
        e.later("ops", ref=body, pc=0, ctx=dict(f.get("ctx"), card=a[1]))
    remove_trashed(e, e.players[f["seat"]], a)


@step
def discarded(e, f):
    discard_at(e, e.players[f["seat"]], f["answer"], f["left"], f.get("remember", False))


@step
def discard_more(e, f):
    discard_next(e, e.players[f["seat"]], f["left"], f.get("remember", False))


@step
def acquired(e, f):
    if f["chosen"][0] == "acquire":
        if f.get("to_hand"):
            take_to_hand(e, e.players[f["seat"]], f["chosen"][1])
        else:
            take_from_row(e, e.players[f["seat"]], f["chosen"][1], f["to_top"])


@step
def acquired_with(e, f):
    if f["chosen"][0] != "acquire":
        return
    p, card = e.players[f["seat"]], f["chosen"][1]
    e.context(p).lose(f["currency"], price_of(e, p, card))  # the loss rule (rules_resources), through the context
    if card in e.state.imperium_row:
        if f["to_hand"]:
            take_to_hand(e, p, card)
        else:
            take_from_row(e, p, card)
        return
    e.state.reserve[card] -= 1
    if f["to_hand"]:
        into_hand(e, p, card)
    else:
        receive_card(e, p, card)


@step
def received(e, f):
    put_received(e, e.players[f["seat"]], f["card"], f["answer"] == 0)


@step
def retrieved(e, f):
    p, c = e.players[f["seat"]], f["chosen"][1]
    p.discard.remove(c)
    p.hand.append(c)


@step
def top_chosen(e, f):
    p = e.players[f["seat"]]
    if f["answer"] == 0:
        p.hand.append(p.deck.pop())
    else:
        rules_leaving.trashed(e, p, p.deck.pop())


@step
def sort_drawn(e, f):
    p, n = e.players[f["seat"]], f["n"]
    _take_top(p, f["chosen"][1], n)
    p.hand.append(f["chosen"][1])
    top = list(dict.fromkeys(reversed(p.deck[-(n - 1):])))
    e.ask(p, "sort_trash", [("trash_top", c) for c in top], "sort_trashed", seat=p.seat, n=n - 1)


@step
def sort_trashed(e, f):
    p, n = e.players[f["seat"]], f["n"]
    _take_top(p, f["chosen"][1], n)
    e.later("sort_discard", seat=p.seat, left=n - 1)
    rules_leaving.trashed(e, p, f["chosen"][1])


@step
def sort_discard(e, f):
    """The cards left of those looked at, from the top, each with its triggers."""
    if f["left"] > 0:
        p = e.players[f["seat"]]
        card = p.deck.pop()
        e.later("sort_discard", seat=p.seat, left=f["left"] - 1)
        rules_leaving.discarded(e, p, card)


@step
def set_aside(e, f):
    p, c = e.players[f["seat"]], f["chosen"][1]
    st = e.state
    st.imperium_row.remove(c)
    if st.imperium_deck:
        st.imperium_row.append(st.imperium_deck.pop())
    p.manipulated.append(c)
    if not e.quiet:
        e.log(f"  {e.pname(p)} sets aside {e.cname(c)}")


@step
def blocked_space(e, f):
    p, s = e.players[f["seat"]], f["chosen"][1]
    e.state.blocked[s] = p.seat
    if not e.quiet:
        e.log(f"  {e.pname(p)} blocks {e.cname(s)} for opponents this round")
