"""The log's account of a turn: what a player's counts were before, and the
words for what changed ("+1 Solari"). Shared by players' and rivals' turns."""
from __future__ import annotations

import hashlib

from dunec.engine.loop.state import Player


TALLIED = (("persuasion", "Persuasion"), ("swords", "swords"), ("solari", "Solari"), ("spice", "spice"),
           ("water", "water"), ("vp", "VP"), ("garrison", "troops in garrison"), ("conflict", "troops in the Conflict"))


def tally(p: Player) -> dict:
    """The counts a turn's log line reports."""
    t = {k: getattr(p, k) for k, _ in TALLIED}
    t["intrigue"] = len(p.intrigue)
    t["cards"] = len(p.hand)
    if p.pieces:  # a set's pieces on the board (spies): their placing has its own log line
        t["pieces"] = sum(len(v["on"]) for v in p.pieces.values())
    if p.counters:  # a set's counters (negotiators, specimens, Maker Hooks)
        t["counters"] = dict(p.counters)
    return t


def change_words(before: dict, after: dict, content=None) -> list[str]:
    """What changed between two tallies, as the log says it ("+1 Solari"); a set's
    counters by their declared titles (`content`: the game's)."""
    words = [f"{after[k] - before[k]:+d} {name}" for k, name in TALLIED if after[k] != before[k]]
    if after["intrigue"] != before["intrigue"]:
        words.append(f"{after['intrigue'] - before['intrigue']:+d} intrigue")
    if after["cards"] > before["cards"]:
        words.append(f"draws {after['cards'] - before['cards']}")
    was, now = before.get("counters", {}), after.get("counters", {})
    if was != now:
        titles = content.declared("counter") if content is not None else {}
        for c, n in now.items():
            if n != was.get(c, 0):
                words.append(f"{n - was.get(c, 0):+d} {titles.get(c, {}).get('title', c)}")
    return words


def log_changes(e, p: Player, before: dict) -> bool:
    """Log what changed since `before`; whether anything did."""
    words = change_words(before, tally(p), e.content)
    if words:
        e.log(f"    -> {', '.join(words)}")
    return bool(words)


def seen(st) -> str:
    """A short fingerprint of every player and the log's length: equal before and
    after an effect only when it changed nothing anyone holds and said nothing."""
    return hashlib.sha1(repr((len(st.log), [vars(p) for p in st.players])).encode()).hexdigest()[:16]
