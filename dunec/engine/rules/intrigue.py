"""Intrigue cards swapped and picked from the Intrigue deck (`swap_intrigue N`,
`pick_intrigue N`): the player chooses one card at a time.

Functions of the engine (first argument `e`); effect code reaches them through
the effect context."""
from __future__ import annotations

from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step
from dunec.engine.rules import resources as rules_resources

SWAP_DONE = ("swap_done",)


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
