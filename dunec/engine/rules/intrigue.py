"""Intrigue cards swapped and picked from the Intrigue deck (`swap_intrigue N`,
`pick_intrigue N`), and trashed from the hand (`trash intrigue N`, as an effect or
a cost): the player chooses one card at a time.

A trashed Intrigue card leaves the game: it goes to the player's trash pile
(`Player.trashed`, with the Imperium cards the player trashed), never to the
Intrigue discard pile, so no reshuffle brings it back; the card-conservation
invariant counts it there (docs/decisions.md, "Trashed Intrigue cards").

Functions of the engine (first argument `e`); effect code reaches them through
the effect context."""
from __future__ import annotations

from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step
from dunec.engine.rules import leaving as rules_leaving, resources as rules_resources

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


def trash_intrigue(e, p: Player, n: int) -> None:
    """Trash n of your Intrigue cards (as many as you hold), one at a time, each your
    choice; a card's `on trash` box runs (rules_leaving)."""
    _trash_next(e, p, min(n, len(p.intrigue)))


def _trash_next(e, p: Player, left: int) -> None:
    if left > 0:
        e.ask(p, "trash_intrigue", [("lose_intrigue", c) for c in p.intrigue], "intrigue_trashed", seat=p.seat,
              left=left - 1)


@step
def intrigue_trashed(e, f):
    p = e.players[f["seat"]]
    card = p.intrigue.pop(f["answer"])
    e.later("intrigue_trash_more", seat=p.seat, left=f["left"])
    rules_leaving.trashed(e, p, card)


@step
def intrigue_trash_more(e, f):
    _trash_next(e, e.players[f["seat"]], f["left"])


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
