"""A rival on a set's tracks (rules 000, "Two Player Games"; HAGAL.md 3.7): a
freighter climbs to the 2nd step, then cashes out."""
from __future__ import annotations

from dunec.engine.loop.state import Player

# A rival's freighter goes up to this step; from it, instead of moving to the top,
# it cashes out with every step's reward (rules 000, "Two Player Games"; HAGAL.md 3.7).
CASH_OUT_AT = 2


def move(e, p: Player, options: list) -> int:
    """A freighter move: below the 2nd step, advance; there (or above), cash out
    instead of moving to the top: the 2nd step's troops and Influence and the
    1st step's Dividends (rules 000; the rival's `choose` takes the Solari)."""
    track = next(a[1] for a in options if a[0] in ("advance", "cash_out"))
    if p.tracks.get(track, 0) < CASH_OUT_AT and ("advance", track) in options:
        return options.index(("advance", track))
    return options.index(("cash_out", track))
