"""Invariants that hold at every point of a game; tests call check() after
every decision of thousands of games."""
from __future__ import annotations

from dunec.engine.rules import battle_icons as rules_battle_icons, holding as rules_holding
from dunec.engine.rules.aside import BACK
from dunec.engine.loop.state import FACTIONS, TROOPS_PER_PLAYER


class InvariantError(AssertionError):
    pass


def _declared(engine, p, who: str) -> None:
    """A set's names: counters never negative, each unit kind conserved against its
    declared supply, each track marker between the bottom and the top of a line,
    or on a cell of a graph."""
    for name, n in p.counters.items():
        if n < 0:
            raise InvariantError(f"{who} has negative {name}: {n}")
    if not (p.units or p.tracks):
        return  # a base game: checked without asking for its content
    units, tracks = engine.content.declared("unit"), engine.content.declared("track")
    for kind, u in p.units.items():
        board = sum(1 for seat, k in engine.state.placed.values() if seat == p.seat and k == kind)
        held = _held(engine, p, kind)
        if min(u["supply"], u["garrison"], u["conflict"]) < 0 or \
                u["supply"] + u["garrison"] + u["conflict"] + board + held != units[kind]["supply"]:
            raise InvariantError(f"{who} {kind} units not conserved: {u}, {board} on the board, {held} held")
        if u["garrison"] and "summoned" in units[kind].get("flags", ()):
            raise InvariantError(f"{who} has summoned {kind} units in the garrison: {u}")  # rules/summons.py
    for name, at in p.tracks.items():
        m = tracks[name]
        if m.get("leader") and m["leader"] not in (p.leader, engine.defs.get(p.leader, {}).get("side_of")):
            raise InvariantError(f"{who} has a token on the {name} track, printed on {m['leader']}")
        if "cells" in m:  # a graph: the token on one of its cells, reachable from the start
            if at not in m["cells"]:
                raise InvariantError(f"{who} is off the {name} track: no cell {at!r}")
            if at not in _reachable(m):
                raise InvariantError(f"{who} is on cell {at!r} of the {name} track, which no move from "
                                     f"{m['start']!r} reaches")
        elif not isinstance(at, int) or not 0 <= at <= m["steps"]:
            raise InvariantError(f"{who} is off the {name} track: step {at}")


_REACHABLE: dict = {}  # id of a graph track's declaration -> (the declaration, the cells its start reaches)


def _reachable(m: dict) -> frozenset:
    """The cells of a graph track reached from its start by following links."""
    got = _REACHABLE.get(id(m))
    if got is None or got[0] is not m:
        seen, todo = set(), [m["start"]]
        while todo:
            c = todo.pop()
            if c in seen or c not in m["cells"]:
                continue
            seen.add(c)
            todo.extend(m["cells"][c]["next"])
        got = _REACHABLE[id(m)] = (m, frozenset(seen))
    return got[1]


def _held(engine, p, unit: str) -> int:
    """The units of a kind a player's counters hold (`holds UNIT`: negotiators are
    troops); 0 for a bare state holder, which cannot say which counters hold."""
    content = getattr(engine, "content", None)
    return rules_holding.held(content, p, unit) if p.counters and content is not None else 0


def _ix_cards(engine, p, who: str) -> None:
    """Snooper tokens: each Faction's at most once, and only for a leader with them;
    a card set aside names a definition; another turn is owed only to a player who
    has not revealed."""
    if len(set(p.snoopers)) != len(p.snoopers) or not set(p.snoopers) <= set(FACTIONS):
        raise InvariantError(f"{who} Snooper tokens {p.snoopers} are not distinct Factions")
    if p.snoopers and not any(m[0] == "snoop" for m in engine.defs[p.leader].get("modifiers", ())):
        raise InvariantError(f"{who} holds Snooper tokens without a leader that uses them")
    if p.aside and (len(p.aside) != 4 or p.aside[0] not in engine.defs or p.aside[3] not in (0, 1, 2)):
        raise InvariantError(f"{who} set aside {p.aside[:1]}, not a card")
    if p.extra_turn and p.revealed_turn:
        raise InvariantError(f"{who} is owed another turn after revealing")


def _battle_icons(engine, p, who: str) -> None:
    """The cards in a player's supply (rules/battle_icons.py): face-down cards come in
    pairs, but for those flipped alone as a cost (`flipped_paid`), and the pairs' VP
    is what those pairs score (each pair at most the largest `pairs` of the game's
    tag sets, at least the smallest)."""
    paid = getattr(p, "flipped_paid", [])
    face_down = [c for c, up in p.won if not up]
    if any(paid.count(c) > face_down.count(c) for c in paid):
        raise InvariantError(f"{who} has flipped {paid} as a cost, not all of them face-down conflict cards won")
    down = sum(not up for _, up in p.objectives + p.won) - len(paid)
    if down % 2:
        raise InvariantError(f"{who} has {down} supply cards face down in pairs: a pair flips two")
    content = getattr(engine, "content", None)  # (a finished state is checked without its engine)
    if content is None:
        return
    vp = p.vp_ledger.get(rules_battle_icons.VP_SOURCE, 0)
    worth = [ts["pairs"] for ts in rules_battle_icons.pairing_sets(content).values()] or [0]
    if p.rival and engine.state.mode == "duo":
        worth = [0]  # it scores nothing
    if not min(worth) * down // 2 <= vp <= max(worth) * down // 2:
        raise InvariantError(f"{who} has {vp} battle-icon VP for {down // 2} pairs face down")


def _conflict_cards(engine) -> None:
    """Every conflict card is in one place: the deck, the done pile or a player's supply."""
    st = engine.state
    cards = st.conflict_deck + st.conflicts_done + [c for q in st.players for c, _ in q.won]
    defs = getattr(engine, "defs", None)
    for c in set(cards):
        if cards.count(c) > (defs[c]["copies"] if defs is not None else 1):
            raise InvariantError(f"the conflict card {c} is in two places (deck, done pile, a player's supply)")


def check(engine) -> None:
    st = engine.state
    seats = set(range(st.n_players))
    for p in st.players:
        who = f"P{p.seat + 1}"
        for res in ("solari", "spice", "water", "persuasion", "swords", "garrison", "conflict", "supply", "vp"):
            if getattr(p, res) < 0:
                raise InvariantError(f"{who} has negative {res}: {getattr(p, res)}")
        held = _held(engine, p, "troops")
        if p.supply + p.garrison + p.conflict + held != TROOPS_PER_PLAYER:
            raise InvariantError(f"{who} troop cubes not conserved: supply {p.supply} + garrison {p.garrison} "
                                 f"+ conflict {p.conflict} + held by counters {held} != {TROOPS_PER_PLAYER}")
        _declared(engine, p, who)
        _ix_cards(engine, p, who)
        if p.vp != sum(p.vp_ledger.values()):
            raise InvariantError(f"{who} VP {p.vp} != sum of sources {p.vp_ledger}")
        _battle_icons(engine, p, who)
        if p.rival:
            _rival(engine, p, who)
            if st.mode == "duo":
                continue  # it scores nothing: no VP for its influence or alliances
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
    _conflict_cards(engine)
    for f, s in st.alliances.items():
        if s is not None:
            if s not in seats or st.players[s].influence[f] < 4:
                raise InvariantError(f"{f} alliance held by P{s + 1} below 4 influence")
            if any(q.influence[f] > st.players[s].influence[f] for q in st.players):
                raise InvariantError(f"{f} alliance held by P{s + 1} while someone is higher")
    if st.turn_seat is not None and (st.turn_seat not in seats or st.players[st.turn_seat].rival):
        raise InvariantError(f"the turn belongs to seat {st.turn_seat}, not a player")
    if st.round > 10:
        raise InvariantError(f"round {st.round} > 10")
    if len(st.imperium_row) > 5:
        raise InvariantError("Imperium row holds more than 5 cards")
    for space, seat in st.occupied.items():
        if seat not in seats:
            raise InvariantError(f"{space} occupied by unknown seat {seat}")
    for space, seat in st.infiltrators:
        if seat not in seats or space not in st.occupied:
            raise InvariantError(f"infiltrating agent of seat {seat} at {space} without a first agent there")
    _placed(st, getattr(engine, "content", None))
    _cards(engine)
    if any(p.pieces for p in st.players):
        _pieces(engine)
    if st.mode != "standard":
        _hagal(engine)
    if st.markets:
        _tiles(engine)


def card_places(st):
    """(place, card) for every card of the game where it is now: each player's piles,
    hand, Intrigue cards, cards set aside or removed for a reveal turn and the cards of
    their supply (objectives, conflict cards won); the Imperium
    deck, Row, trash and reserve; every market of cards' deck and face-up slots; the
    Intrigue deck and discard; the Conflict deck, the current Conflict and those done.
    (`grafted`, `borrowed` and `returning` name cards that are in play or trashed: not
    places of their own. A market's kept entry never moves: not counted.)"""
    for p in st.players:
        for zone in ("deck", "hand", "discard", "played", "revealed", "trashed", "intrigue", "manipulated"):
            for c in getattr(p, zone):
                yield f"P{p.seat + 1}.{zone}", c
        if p.aside and p.aside[3] != BACK:  # back in the hand (rules/aside.py): counted there
            yield f"P{p.seat + 1}.aside", p.aside[0]
        for c, _up in p.objectives + p.won:  # the cards of the player's supply (rules/battle_icons.py)
            yield f"P{p.seat + 1}.supply", c
    for zone in ("imperium_deck", "imperium_row", "imperium_trash", "intrigue_deck", "intrigue_discard",
                 "conflict_deck", "conflicts_done"):
        for c in getattr(st, zone):
            yield zone, c
    for c, n in st.reserve.items():
        for _ in range(n):
            yield "reserve", c
    for m, cards in st.market_decks.items():
        for c in cards:
            yield f"{m}.deck", c
    for m, cards in st.market_slots.items():
        for c in cards:
            if c is not None:
                yield f"{m}.slots", c
    if st.conflict:
        yield "conflict", st.conflict
    for f in st.stack:  # a card on its way to a player, asked whether it goes on top (as state_check)
        if isinstance(f, dict) and f.get("do") == "received":
            yield "received", f.get("card")


def _cards(engine) -> None:
    """Every card in exactly one place: the count of each card over all its places is
    the count the game started with (taken at the first check of the engine after
    setup). A card lost, duplicated or counted in two
    places changes a count."""
    from collections import Counter

    if engine.state.phase == "setup":  # the decks are still being dealt
        return
    now = Counter(c for _, c in card_places(engine.state))
    first = getattr(engine, "_invariant_cards", None)
    if first is None:
        try:
            engine._invariant_cards = now
        except AttributeError:  # a state holder without attributes of its own: nothing to compare with later
            pass
        return
    if now != first:
        lost, extra = first - now, now - first
        raise InvariantError(f"cards not conserved: lost {sorted(lost.elements())}, "
                             f"duplicated {sorted(extra.elements())}")


def _pieces(engine) -> None:
    """A set's pieces (rules/pieces.py): each player's conserved (supply + on the board =
    the declared supply), each on a location of the piece's kind, one piece of a player
    a location (pieces placed `shared` stand beside another player's)."""
    from dunec.engine.rules import pieces as rules_pieces

    declared = rules_pieces.declared(engine.content)
    where: dict = {}
    for p in engine.state.players:
        for piece, h in p.pieces.items():
            if h["recalled"] < 0:
                raise InvariantError(f"P{p.seat + 1} {piece}: recalled {h['recalled']} this turn")
            if h["supply"] < 0 or h["supply"] + len(h["on"]) != declared[piece]["supply"]:
                raise InvariantError(f"P{p.seat + 1} {piece} not conserved: {h} of {declared[piece]['supply']}")
            for loc in h["on"]:
                if loc not in rules_pieces.locations(engine.content, piece):
                    raise InvariantError(f"P{p.seat + 1} {piece} on {loc!r}, not a location of its kind")
                if (p.seat, loc) in where:
                    raise InvariantError(f"two pieces of P{p.seat + 1} on {loc}")
                where[(p.seat, loc)] = piece


def _tiles(engine) -> None:
    """Every tile of a market is in exactly one place: a stack, one player's tiles,
    or trashed; a player's flipped tiles are tiles it owns."""
    from collections import Counter

    st = engine.state
    where = Counter(t for stacks in st.markets.values() for s in stacks for t in s)
    where.update(st.tiles_trashed)
    for p in st.players:
        where.update(p.tiles)
        if any(t not in p.tiles for t in p.flipped) or len(set(p.flipped)) != len(p.flipped):
            raise InvariantError(f"P{p.seat + 1} has flipped tiles it does not own: {p.flipped}")
    content = getattr(engine, "content", None)
    if content is None:
        return
    sold = {m["sells"] for m in content.declared("market").values() if not m.get("to")}  # tiles, not cards
    want = Counter({m["id"]: m["copies"] for k in sold for m in content.of_kind(k)})
    if where != want:
        raise InvariantError(f"tiles lost or duplicated: {sorted((where - want) + (want - where))}")


def _placed(st, content) -> None:
    """Units on the board: at most one per location (a dict of the game's declared
    locations), each a unit kind of a seat that declares it."""
    where = content.declared("location") if content is not None and content.vocab else None
    for loc, held in st.placed.items():
        if (where is not None and loc not in where) or not (isinstance(held, list) and len(held) == 2):
            raise InvariantError(f"a unit placed on {loc!r} as {held!r}")
        seat, kind = held
        if not 0 <= seat < st.n_players or kind not in st.players[seat].units:
            raise InvariantError(f"{loc}: a {kind} of seat {seat} that has no such unit")


def _rival(engine, p, who: str) -> None:
    """A rival has no cards of its own, never the 4-influence bonus, at most 3 agents
    (and the Mentat); the two-player rival holds nothing and controls nothing."""
    st = engine.state
    if p.deck or p.hand or p.discard or p.played or p.revealed:
        raise InvariantError(f"{who} is a rival but holds Imperium cards")
    if p.four_bonus:
        raise InvariantError(f"{who} is a rival but took the 4-influence bonus {p.four_bonus}")
    if p.agents > 3:
        raise InvariantError(f"{who} is a rival with {p.agents} agents")
    if st.mode == "duo":
        held = {"solari": p.solari, "spice": p.spice, "water": p.water, "vp": p.vp, "intrigue": len(p.intrigue)}
        if any(held.values()) or p.vp_ledger:
            raise InvariantError(f"{who} is the two-player rival but holds {held} {p.vp_ledger}")
        if p.seat in st.control.values() or any(held[0] == p.seat for held in st.placed.values()):
            raise InvariantError(f"{who} is the two-player rival but controls a location")
        if st.first_player == p.seat:
            raise InvariantError(f"{who} is the two-player rival but holds the first-player marker")
    elif not p.leader:
        raise InvariantError(f"{who} is a solo rival without a leader")


def _hagal(engine) -> None:
    """Every House Hagal card of the mode is in the deck or face up, exactly once per copy."""
    from collections import Counter

    from dunec.engine.rivals.deck import cards_for
    st = engine.state
    content = getattr(engine, "content", None)  # a bare state holder cannot say the composition
    if content is None:
        return
    if Counter(st.hagal_deck) + Counter(st.hagal_discard) != Counter(cards_for(content, st.mode)):
        raise InvariantError("House Hagal cards lost or duplicated")
