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
from dunec.engine.loop.steps import step
from dunec.engine.views.narration import change_words, log_changes, tally

EVENTS = ("acquire",)


def watch(e, ctx, event: str, body: list) -> None:
    """`this_round EVENT { body }`: from now until the round ends, the body runs for
    the player (with the context of the box that set it) whenever EVENT happens."""
    ctx.player.watching.append([event, body, ctx.data()])
    if not e.quiet:
        e.log(f"  {e.pname(ctx.player)}: {e.cname(ctx.card)} holds for the rest of the round, whenever they {event} a card")


def fire(e, p: Player, event: str, card=None) -> None:
    """EVENT happened to the player: each rule watching it runs, in the order set,
    once what the caller pushes after calling has run (the caller's own rule for the
    event, such as the card's `on acquire` box, comes first); the log says what each
    one changed. `card`: the card acquired, which the body reads (`acquired CARD`)."""
    e.later("watchers_fire", seat=p.seat, event=event, card=card)


@step
def watchers_fire(e, f):
    p = e.players[f["seat"]]
    for w in reversed(p.watching):
        if w[0] == f["event"]:
            if not e.quiet:
                e.later("watched", seat=p.seat, card=w[2]["card"], before=tally(p))
            # the card the event is about, read by `acquired CARD` (context.Ctx.acquired)
            ctx = w[2] if f.get("card") is None else {**w[2], "acquired": f["card"]}
            e.later("ops", ref=w[1], pc=0, ctx=ctx)  # interpreter.push


@step
def watched(e, f):
    """What a rule for the round changed, said after it ran (nothing said when nothing did)."""
    p = e.players[f["seat"]]
    if change_words(f["before"], tally(p)):
        e.log(f"  {e.pname(p)}: {e.cname(f['card'])}")
        log_changes(e, p, f["before"])


def round_over(p: Player) -> None:
    p.watching = []
