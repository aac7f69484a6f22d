"""Invariants that hold at every point of a game; tests call check() after
every decision of thousands of games."""
from __future__ import annotations

from dunec.engine.state import FACTIONS, TROOPS_PER_PLAYER


class InvariantError(AssertionError):
    pass


def check(engine) -> None:
    st = engine.state
    seats = set(range(st.n_players))
    for p in st.players:
        who = f"P{p.seat + 1}"
        for res in ("solari", "spice", "water", "persuasion", "swords", "garrison", "conflict", "supply", "vp"):
            if getattr(p, res) < 0:
                raise InvariantError(f"{who} has negative {res}: {getattr(p, res)}")
        if p.supply + p.garrison + p.conflict != TROOPS_PER_PLAYER:
            raise InvariantError(f"{who} troop cubes not conserved: supply {p.supply} + garrison {p.garrison} "
                                 f"+ conflict {p.conflict} != {TROOPS_PER_PLAYER}")
        if p.vp != sum(p.vp_ledger.values()):
            raise InvariantError(f"{who} VP {p.vp} != sum of sources {p.vp_ledger}")
        if p.vp_ledger.get("influence", 0) != sum(1 for f in FACTIONS if p.influence[f] >= 2):
            raise InvariantError(f"{who} influence VP {p.vp_ledger.get('influence', 0)} disagrees with tracks")
        held = sum(1 for s in st.alliances.values() if s == p.seat)
        if p.vp_ledger.get("alliance", 0) != held:
            raise InvariantError(f"{who} alliance VP disagrees with {held} alliance(s) held")
        for f in FACTIONS:
            if not 0 <= p.influence[f] <= 6:
                raise InvariantError(f"{who} {f} influence {p.influence[f]} off the track")
        if not 0 <= p.agents_left <= p.agents + 1:
            raise InvariantError(f"{who} has {p.agents_left} agents left of {p.agents}")
    for f, s in st.alliances.items():
        if s is not None:
            if s not in seats or st.players[s].influence[f] < 4:
                raise InvariantError(f"{f} alliance held by P{s + 1} below 4 influence")
            if any(q.influence[f] > st.players[s].influence[f] for q in st.players):
                raise InvariantError(f"{f} alliance held by P{s + 1} while someone is higher")
    if st.round > 10:
        raise InvariantError(f"round {st.round} > 10")
    if len(st.imperium_row) > 5:
        raise InvariantError("Imperium row holds more than 5 cards")
    for space, seat in st.occupied.items():
        if seat not in seats:
            raise InvariantError(f"{space} occupied by unknown seat {seat}")
