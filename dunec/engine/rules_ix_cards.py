"""Rules the Rise of Ix cards and leaders print, as generic mechanisms: intrigue
cards swapped and picked, influence by the agents' spaces, a space cheaper with a
card, another turn, a card set aside at round start, Snooper tokens, a counter
gained with a bonus on your own turn, and the conditions and counts they read.

Functions of the engine (first argument `e`); effect code reaches them through
the effect context. The freighter (`move`) is in rules_resources with the tracks.
"""
from __future__ import annotations

from dunec.engine import rules_cards, rules_resources
from dunec.engine.state import FACTIONS, Player
from dunec.engine.steps import step

SWAP_DONE = ("swap_done",)

# ------------------------------------------------------------------ intrigue cards


def swap_intrigue(e, p: Player, n: int) -> None:
    """Put up to n (n < 0: any number) of your Intrigue cards on the bottom of the
    Intrigue deck, one at a time, then draw as many as were put there."""
    _swap_next(e, p, n, 0)


def _swap_next(e, p: Player, left: int, done: int) -> None:
    if left != 0 and p.intrigue:
        e.ask(p, "swap_intrigue", [("swap", c) for c in dict.fromkeys(p.intrigue)] + [SWAP_DONE],
              "intrigue_swapped", seat=p.seat, left=left, done=done)
        return
    if done:
        rules_resources.gain(e, p, "intrigue", done)
        if not e.quiet:
            e.log(f"  {e.pname(p)} swaps {done} Intrigue card{'s' if done != 1 else ''}")


def pick_intrigue(e, p: Player, n: int) -> None:
    """Look at the top n Intrigue cards: keep one, the others go back on top in
    their order."""
    deck = e.state.intrigue_deck
    top = deck[-n:] if n > 0 else []
    if not top:
        return
    e.ask(p, "pick_intrigue", [("keep", c) for c in reversed(top)], "intrigue_kept", seat=p.seat, n=len(top))


# ------------------------------------------------------------------ influence by the agents' spaces


def factions_visited(e, p: Player, which: str) -> list[str]:
    """The factions of the board spaces holding your agents (`all`) or that this
    turn's agent went to (`one`), in track order."""
    if which == "all":
        st = e.state
        spaces = [s for s, who in st.occupied.items() if who == p.seat] + \
                 [s for s, who in st.infiltrators if who == p.seat]
    else:
        spaces = p.visited
    have = {e.defs[s].get("faction") for s in spaces if s in e.defs}
    return [f for f in FACTIONS if f in have]


def influence_visited(e, ctx, which: str, n: int) -> None:
    p = ctx.player
    factions = factions_visited(e, p, which)
    if which == "all":
        rules_resources.influence_each(e, p, factions, n)
    elif factions:
        e.ask(p, "influence", [("influence", f, n) for f in factions], "influence_chosen", seat=p.seat)


# ------------------------------------------------------------------ a space cheaper with a card


def card_discounts(e, card: str) -> tuple:
    """The (space, counter, amount) discounts a card's agent box gives the space it
    sends the agent to (`cheaper_space`), read from its IR when it is placed."""
    return e.defs[card].get("space_discounts", ()) if card in e.defs else ()


def discounted(costs: tuple, space: str, discounts) -> tuple:
    """A space's costs less a card's discounts for that space."""
    if not discounts:
        return costs
    out = []
    for c in costs:
        n = c[2] if c[0] == "res" else None
        if n is not None:
            n -= sum(d[2] for d in discounts if d[0] == space and d[1] == c[1])
            if n > 0:
                out.append((c[0], c[1], n))
        else:
            out.append(c)
    return tuple(out)


# ------------------------------------------------------------------ another turn


def extra_turn(e, p: Player) -> None:
    p.extra_turn = True


def next_is_extra(e, seat) -> bool:
    """Whether the player who just took a turn takes another right away (spent here)."""
    if seat is None:
        return False
    p = e.players[seat]
    if not p.extra_turn:
        return False
    p.extra_turn = False
    return not p.revealed_turn


# ------------------------------------------------------------------ a card set aside at round start


# `Player.aside` is [card, body ref, ctx data, stage]: stage AWAY, the card is out of
# the hand until the player's first turn of the round is over (rulebook: not usable
# on it); DONE once that turn ended; BACK once it is in the hand again (the next
# turn's start), where sending an agent with it runs the body.
AWAY, DONE, BACK = 0, 1, 2


def set_aside(e, ctx, body: list) -> None:
    """Set aside a card of your hand: from your second turn of the round, when you
    send an agent with it, the body runs (`set_aside { ... }`, Ilesa Ecaz)."""
    p = ctx.player
    if not p.hand:
        return
    e.ask(p, "set_aside", [("set_aside", c) for c in dict.fromkeys(p.hand)], "aside_chosen", seat=p.seat,
          body=body, ctx=ctx.data())


def sent_with(e, p: Player, card: str, space: str) -> None:
    """An agent goes out with the card set aside: its body runs, with that space."""
    if p.aside and p.aside[0] == card and p.aside[3] == BACK:
        _card, ref, data, _stage = p.aside
        p.aside = []
        e.later("ops", ref=ref, pc=0, ctx={**data, "space": space, "card": card})  # interpreter.push


# ------------------------------------------------------------------ Snooper tokens


def snoopers_at_start(e, p: Player) -> None:
    """A leader with `snoop` puts a Snooper token on each Faction's track."""
    if any(m[0] == "snoop" for m in e.defs[p.leader].get("modifiers", ())):
        p.snoopers = list(FACTIONS)


def snooper_recalled(e, p: Player, f: str) -> None:
    """The first time your Influence with a Faction reaches 2 (the Victory Point
    space), its Snooper comes off: the k-th one recalled gives reward k."""
    p.snoopers.remove(f)
    k = len(FACTIONS) - len(p.snoopers)
    if not e.quiet:
        e.log(f"  {e.pname(p)} recalls Snooper {k} from the {f.replace('_', ' ')} track")
    if k == 1:  # you may discard a card for 1 spice
        if p.hand:
            e.ask(p, "snooper", [("discard", c) for c in dict.fromkeys(p.hand)] + [SNOOPER_NOTHING],
                  "snooper_discard", seat=p.seat)
        return
    if k == 3:
        e.later("influence_change", seat=p.seat, f=f, n=1)
        return
    if k == 4:
        e.later("influence_change", seat=p.seat, f=f, n=1)
    res, n = rules_resources.FOUR_BONUS[f]
    rules_resources.gain(e, p, res, n)


SNOOPER_NOTHING = ("discard_nothing",)


def snooper_influence(e, p: Player, n: int) -> None:
    """+n Influence with a Faction whose Snooper token is still on its track."""
    pool = [f for f in FACTIONS if f in p.snoopers]
    if pool:
        e.ask(p, "influence", [("influence", f, n) for f in pool], "influence_chosen", seat=p.seat)


# ------------------------------------------------------------------ more of a counter on your own turn


def extra_gains(content, players) -> dict:
    """seat -> {counter: extra} for each player whose leader's `extra_gain` modifiers
    give more of a counter on its own turn; the gain rule applies them
    (rules_resources.gain), and effect code never inlines a gain of such a counter
    (codegen's `inlined`)."""
    out: dict = {}
    for p in players:
        for m in content.defs[p.leader].get("modifiers", ()) if p.leader else ():
            if m[0] == "extra_gain":
                more = out.setdefault(p.seat, {})
                more[m[1]] = more.get(m[1], 0) + m[2]
    return out


def turn_begins(e, p: Player) -> None:
    e.state.turn_seat = p.seat
    p.visited = []
    if p.aside and p.aside[3] == DONE:
        p.hand.append(p.aside[0])
        p.aside[3] = BACK


def turn_ends(e, p: Player) -> None:
    e.state.turn_seat = None
    p.visited = []
    if p.aside and p.aside[3] == AWAY:
        p.aside[3] = DONE


def aside_lapses(p: Player) -> None:
    """At the round's end the mark lapses; a card still out of the hand (she took a
    single turn, her reveal) joins the cards played this round in the discard pile."""
    if p.aside and p.aside[3] != BACK:
        p.discard.append(p.aside[0])
    p.aside = []


# ------------------------------------------------------------------ conditions and counts


def _my_spaces(e, p: Player) -> list:
    st = e.state
    mine = [s for s, who in st.occupied.items() if who == p.seat] + [s for s, who in st.infiltrators if who == p.seat]
    return [s for s in mine if s in e.defs]


def agent_at(e, p: Player, icon: str) -> bool:
    return any(e.defs[s].get("icon") == icon for s in _my_spaces(e, p))


def agents_at(e, p: Player, icons) -> int:
    """`agents_at ICON...`: your agents on board spaces with any of these icons."""
    return sum(1 for s in _my_spaces(e, p) if e.defs[s].get("icon") in icons)


def card_icons(e, card) -> int:
    """`card_icons`: the agent icons of the card a box is about (a set-aside card's
    bonus is fixed by them)."""
    return len(e.defs[card].get("icons", ())) if card in e.defs else 0


def enemy_agent_here(e, p: Player, space) -> bool:
    if space is None:
        return False
    st = e.state
    return st.occupied.get(space, p.seat) != p.seat or any(s == space and who != p.seat for s, who in st.infiltrators)


def sword_cards(e, p: Player, but=None) -> int:
    """Your cards in play this turn whose reveal box gives swords (`but`: not that one)."""
    cards = p.revealed if e.state.turn_kind == "reveal" else p.revealed + p.played
    n = sum(1 for c in cards if e.defs[c].get("reveal_swords"))
    if but is not None and but in cards and e.defs[but].get("reveal_swords"):
        n -= 1
    return n


def factions_below(e, p: Player, n: int) -> int:
    return sum(1 for f in FACTIONS if p.influence[f] < n)


# ---------------------------------------------------------------------- the steps after an answer


@step
def intrigue_swapped(e, f):
    p = e.players[f["seat"]]
    a = f["chosen"]
    if a[0] != "swap":
        _swap_next(e, p, 0, f["done"])
        return
    p.intrigue.remove(a[1])
    e.state.intrigue_deck.insert(0, a[1])  # the bottom: the top is the end of the list
    _swap_next(e, p, f["left"] - 1, f["done"] + 1)


@step
def intrigue_kept(e, f):
    p = e.players[f["seat"]]
    deck = e.state.intrigue_deck
    deck.remove(f["chosen"][1])
    p.intrigue.append(f["chosen"][1])
    if not e.quiet:
        e.log(f"  {e.pname(p)} keeps 1 of the top {f['n']} Intrigue cards")


@step
def aside_chosen(e, f):
    p = e.players[f["seat"]]
    card = f["chosen"][1]
    p.hand.remove(card)
    p.aside = [card, f["body"], f["ctx"], AWAY]
    if not e.quiet:
        e.log(f"  {e.pname(p)} sets aside a card")


@step
def snooper_recall(e, f):
    snooper_recalled(e, e.players[f["seat"]], f["f"])


@step
def snooper_discard(e, f):
    p = e.players[f["seat"]]
    a = f["chosen"]
    if a[0] == "discard":
        rules_cards.discard_at(e, p, p.hand.index(a[1]), 0)
        rules_resources.gain(e, p, "spice", 1)
