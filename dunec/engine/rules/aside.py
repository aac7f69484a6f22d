"""A card set aside from the hand until the player's next turn (`set_aside { ... }`):
when an agent goes out with it, its body runs with that space.

Functions of the engine (first argument `e`); effect code reaches them through
the effect context."""
from __future__ import annotations

from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step

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


def back_in_hand(p: Player) -> None:
    """A card kept out through the first turn of the round comes back to the hand
    (at the start of the player's next turn)."""
    if p.aside and p.aside[3] == DONE:
        p.hand.append(p.aside[0])
        p.aside[3] = BACK


def first_turn_over(p: Player) -> None:
    if p.aside and p.aside[3] == AWAY:
        p.aside[3] = DONE


def aside_lapses(p: Player) -> None:
    """At the round's end the mark lapses; a card still out of the hand (she took a
    single turn, her reveal) joins the cards played this round in the discard pile."""
    if p.aside and p.aside[3] != BACK:
        p.discard.append(p.aside[0])
    p.aside = []


@step
def aside_chosen(e, f):
    p = e.players[f["seat"]]
    card = f["chosen"][1]
    p.hand.remove(card)
    p.aside = [card, f["body"], f["ctx"], AWAY]
    if not e.quiet:
        e.log(f"  {e.pname(p)} sets aside a card")
