"""A set's per-player tokens (Immortality's Family Atomics, rules 002): `token ID
"Title" { once { effects } }` in a set definition gives each player one at setup;
once a game, on their own turn (an agent or reveal turn, offered in the turn menu
like a plot intrigue), the player spends it for its effects and it is gone. Data
only: nothing here names a set or a token.

Functions of the engine (first argument `e`)."""
from __future__ import annotations

from dunec.engine.players import seats
from dunec.engine.loop.state import Player


def options(e, p: Player) -> list:
    """("token", token) for each token the player still holds (House Hagal rivals
    spend none: they use no ability but their signet, rules 000)."""
    if not p.tokens or not seats.uses_abilities(p):
        return []
    return [("token", t) for t in p.tokens]


def spend(e, p: Player, token: str) -> None:
    """Spend a token (returned to the box) and play its `once` box (tail position)."""
    p.tokens.remove(token)
    if not e.quiet:
        title = e.content.declared("token")[token]["title"]
        e.log(f"  {e.pname(p)} spends {title}")
    e.run_box(token, "once", e.context(p, box="once"))
