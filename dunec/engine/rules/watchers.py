"""Rules a card sets for the rest of the round: `this_round EVENT { ... }` runs its
block whenever EVENT happens to the player until the round ends (Uprising's Call to
Arms: `this_round acquire { if revealing { troops 1 } }`, "during your Reveal turn
this round, whenever you acquire a card: +1 troop"; docs/decisions.md, "Uprising
intrigue constructs").

`Player.watching` holds [event, body ref, ctx data] per rule, in the order set; the
round's end (turns.recall) empties it. The events, each fired by the one rule where
it happens: `acquire` (a card acquired from anywhere into any pile: rules/cards.py
`put_received`, `take_to_hand`).

Functions of the engine (first argument `e`); effect code reaches them through the
effect context."""
from __future__ import annotations

from dunec.engine.loop.state import Player

EVENTS = ("acquire",)


def watch(e, ctx, event: str, body: list) -> None:
    """`this_round EVENT { body }`: from now until the round ends, the body runs for
    the player (with the context of the box that set it) whenever EVENT happens."""
    ctx.player.watching.append([event, body, ctx.data()])
    if not e.quiet:
        e.log(f"  {e.pname(ctx.player)}: this round, whenever they {event} a card, {e.cname(ctx.card)} acts")


def fire(e, p: Player, event: str) -> None:
    """EVENT happened to the player: each rule watching it runs, in the order set,
    after whatever the caller pushed before calling (the caller is in tail position)."""
    for w in reversed(p.watching):
        if w[0] == event:
            e.later("ops", ref=w[1], pc=0, ctx=w[2])  # interpreter.push


def round_over(p: Player) -> None:
    p.watching = []
