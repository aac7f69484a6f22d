"""The table as a person at the terminal reads it.

What a player plans with on the physical table: the Conflict card and its
rewards, the agents, control markers and Alliances on the board, every seat's
holdings (resources, garrison, influence, cards in hand, deck and discard), and,
beside each agent option, what the space costs and gives. Read only from the
seat's view (dunec/engine/views/observe.py), so nothing hidden is shown.

A definition's box text comes from `says(ident, box)` (the checked cards' words,
dunec/engine/views/info.py's CardWords); without it the options still show the costs.
"""
from __future__ import annotations

from typing import Callable

from dunec.engine.loop.state import FACTIONS, vp_to_end
from dunec.engine.loop.turns import space_costs
from dunec.engine.rules.units import location_title
from dunec.ir.describe import NAMES, cost as cost_words

Says = Callable[[str, str], "str | None"]
PLACES = (("first", "1st"), ("second", "2nd"), ("third", "3rd"))


def render_view(engine, player, says: Says | None = None) -> str:
    st, d = engine.state, engine.defs
    epic = f" | Epic game: to {vp_to_end(st)} VP" if st.epic else ""
    lines = [f"=== Round {st.round} | first player P{st.first_player + 1}{epic} ==="]
    if st.conflict:
        lines.append(conflict_line(d[st.conflict], says))
    lines.extend(board_lines(engine, says))
    p = player
    lines.append(f"You, {engine.pname(p)}: {holdings(p)}" + (" | High Council seat" if p.seat_on_council else ""))
    lines.append("Influence: " + influence(st, p))
    if p.secret:  # only the chooser sees it; opponents' lines never show it
        lines.append("Chosen in secret: " + ", ".join(NAMES[f] for f in p.secret))
    lines.append("Hand: " + (", ".join(d[c]["name"] for c in p.hand) or "empty"))
    if p.played:
        lines.append("Played this round: " + ", ".join(d[c]["name"] for c in p.played))
    if p.grafted:  # Graft: the pair of the agent turn under way
        lines.append(f"Grafted this turn: {d[p.grafted[0]]['name']} with {d[p.grafted[1]]['name']}")
    if p.returning:
        lines.append("Back to your hand when your Reveal turn starts: " + ", ".join(d[c]["name"] for c in p.returning))
    lines.append("Intrigue: " + (", ".join(d[c]["name"] for c in p.intrigue) or "none"))
    if any(m[0] == "see_top_card" for m in d[p.leader].get("modifiers", ())) and p.deck:
        lines.append("Top of your deck: " + d[p.deck[-1]]["name"])
    lines.append("Imperium Row: " + ", ".join(f"{d[c]['name']} ({d[c].get('cost', 0)})" for c in st.imperium_row))
    lines.extend(market_lines(engine))
    for o in engine.opponents(p):
        lines.append(f"  {engine.pname(o)}: {holdings(o)}")
        lines.append(f"    influence {influence(st, o)}")
    return "\n".join(lines)


def market_lines(engine) -> list[str]:
    """Each market of the game's sets: its face-up entries with their price in its
    currency, its kept entry, and how many are left face down."""
    from dunec.engine.rules import market as rules_market

    st, d = engine.state, engine.defs
    out = []
    for market, m in sorted(engine.content.markets().items()):
        shown = [f"{d[t]['name']} ({d[t].get('cost', 0)})" for _, t in rules_market.face_up(st, market)]
        if m.get("keeps"):
            shown.append(f"{d[m['keeps']]['name']} ({d[m['keeps']].get('cost', 0)}, stays)")
        left = len(st.market_decks[market]) if market in st.market_decks else \
            sum(max(0, len(s) - 1) for s in st.markets.get(market, ()))
        out.append(f"{m['title']} ({m['currency'] or 'free'}{', at reveal' if m.get('at_reveal') else ''}): "
                   f"{', '.join(shown) or 'empty'}; {left} face down")
    return out


def conflict_line(conflict: dict, says: Says | None) -> str:
    line = f"Conflict: {conflict['name']} (level {'I' * conflict['level']})"
    rewards = [f"{place} {says(conflict['id'], box)}" for box, place in PLACES
               if says and box in conflict.get("boxes", ()) and says(conflict["id"], box)]
    return line + (": " + " | ".join(rewards) if rewards else "")


def board_lines(engine, says: Says | None) -> list[str]:
    st, d = engine.state, engine.defs
    spaces = engine.content.of_kind("space")
    board = []
    for sp in spaces:
        seat = st.occupied.get(sp["id"])
        mark = f"P{seat + 1}" if seat is not None else ("blocked" if sp["id"] in st.blocked else "")
        if mark:
            board.append(f"{sp['name']} [{mark}]")
    lines = ["Agents on the board: " + (", ".join(board) or "none")]
    makers = ", ".join(f"{d[s]['name']} {n}" for s, n in sorted(st.maker_spice.items()) if n)
    if makers:
        lines.append("Bonus spice: " + makers)
    # Every location's marker, held or not: who may take it is part of the plan.
    control = []
    for sp in spaces:
        loc = sp.get("location")
        if not loc:
            continue
        seat = st.control.get(loc)
        bonus = says(sp["id"], "control") if says and "control" in sp.get("boxes", ()) else None
        control.append(f"{location_title(engine, loc)} {f'P{seat + 1}' if seat is not None else 'nobody'}"
                       + (f" ({bonus})" if bonus else ""))
    if control:
        lines.append("Control: " + ", ".join(control))
    lines.append("Alliances: " + ", ".join(
        f"{NAMES[f]} {f'P{st.alliances[f] + 1}' if st.alliances.get(f) is not None else 'nobody'}" for f in FACTIONS))
    firsts = [(t, n) for t, left in sorted(st.track_firsts.items()) for n in left]
    if firsts:  # a one-time box for the first player to reach its step (2 spice on the Tleilaxu track)
        tracks = engine.content.declared("track")
        lines.append("First to reach: " + ", ".join(
            f"{tracks[t]['title']} {'cell' if 'cells' in tracks[t] else 'step'} {n}" + (f" ({says(t, f'first {n}')})" if says and says(t, f"first {n}") else "")
            for t, n in firsts))
    if st.flags:  # a set's board-held flags (rules/flags.py): what each protects, or cleared
        flags = engine.content.declared("flag")
        lines.append("Flags: " + ", ".join(
            f"{flags[f]['title']} " + ("up, protecting " + ", ".join(NAMES.get(x) or d[x]["name"] if x in d else x
                                                               for x in flags[f]["protects"]) if up else "cleared")
            for f, up in sorted(st.flags.items())))
    if st.placed:
        lines.append("Units on the board (their owners control the location): " + ", ".join(
            f"{location_title(engine, loc)} {kind} P{seat + 1}" for loc, (seat, kind) in sorted(st.placed.items())))
    return lines


def holdings(p) -> str:
    """One seat's resources, troops, agents and cards, as counts anyone at the table sees."""
    parts = [f"{p.vp} VP", f"{p.solari} Solari, {p.spice} spice, {p.water} water"
             + "".join(f", {name} {n}" for name, n in p.counters.items())]
    if p.tracks:  # a set's tracks: the step each marker stands on (0: the bottom), or a graph's cell
        parts.append(", ".join(f"{name} track {'cell' if isinstance(n, str) else 'step'} {n}"
                               for name, n in p.tracks.items()))
    troops = f"garrison {p.garrison}, in the Conflict {p.conflict}"
    for kind, u in p.units.items():
        troops += f"; {kind}: garrison {u['garrison']}, in the Conflict {u['conflict']}, supply {u['supply']}"
    parts.append(troops)
    parts.append(f"agents left {p.agents_left} of {p.agents}")
    if p.objectives or p.won:  # cards in the supply: the objective, conflicts won (rules/battle_icons.py)
        parts.append("supply cards: " + ", ".join(c.replace("_", " ") + ("" if up else " (face down)")
                                                  for c, up in p.objectives + p.won))
    for piece, h in p.pieces.items():  # a set's pieces: the locations they stand on, the rest in supply
        on = ", ".join(h["on"]) if h["on"] else "none on the board"
        parts.append(f"{piece.replace('_', ' ')}: {on}; supply {h['supply']}")
    if p.tokens:  # a set's once-a-game tokens still unspent
        parts.append("tokens: " + ", ".join(t.replace("_", " ") for t in p.tokens))
    if not p.rival:  # a House Hagal rival holds no cards of its own
        parts.append(f"hand {len(p.hand)}, deck {len(p.deck)}, discard {len(p.discard)}, intrigue {len(p.intrigue)}")
    elif p.intrigue:
        parts.append(f"intrigue {len(p.intrigue)}")
    return " | ".join(parts)


def influence(st, p) -> str:
    return ", ".join(f"{NAMES[f]} {p.influence[f]}" + (" (Alliance)" if st.alliances.get(f) == p.seat else "")
                     for f in FACTIONS)


def option_details(engine, player, actions: list[tuple], says: Says | None = None) -> list[str]:
    """Per option, what a player reads on the board beside it ("" for none): for an
    agent sent to a space, the space's cost for this player and what it gives."""
    out = []
    for a in actions:
        if a[0] == "cell":  # a move on a graph track: what the cell gives, where it leads
            out.append(cell_detail(engine, a[1], a[2], says))
            continue
        sp = engine.defs.get(a[2]) if a[0] == "place" and len(a) > 2 else None
        out.append(space_detail(engine, player, sp, says) if sp and sp.get("kind") == "space" else "")
    return out


def cell_detail(engine, track: str, cell: str, says: Says | None) -> str:
    m = engine.content.declared("track")[track]["cells"][cell]
    text = says(track, f"cell {cell}") if says and m["gives"] else None
    bits = [f"column {m['column']}", "gives: " + (text or ("its reward" if m["gives"] else "nothing"))]
    bits.append("then " + " or ".join(m["next"]) if m["next"] else "the last column")
    return "; ".join(bits)


def space_detail(engine, player, sp: dict, says: Says | None) -> str:
    bits = []
    costs = space_costs(engine, player, sp)
    if costs:
        bits.append("cost: " + ", ".join(cost_words(c) for c in costs))
    gives = []
    if sp.get("faction"):
        gives.append(f"+1 {NAMES[sp['faction']]} Influence")
    text = says(sp["id"], "space") if says else None
    if text:
        gives.append(text)
    bonus = engine.state.maker_spice.get(sp["id"], 0)
    if bonus:
        gives.append(f"+{bonus} bonus spice")
    if gives:
        bits.append("gives: " + ", ".join(gives))
    if sp.get("combat"):
        bits.append("combat")
    return "; ".join(bits)
