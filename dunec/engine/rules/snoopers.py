"""Snooper tokens (a leader with `snoop`): one on each Faction's track at the start,
each recalled the first time the player's Influence there reaches 2, the k-th one
recalled giving reward k.

Functions of the engine (first argument `e`); effect code reaches them through
the effect context."""
from __future__ import annotations

from dunec.engine.loop.state import FACTIONS, Player
from dunec.engine.loop.steps import step
from dunec.engine.rules import cards as rules_cards, resources as rules_resources


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
