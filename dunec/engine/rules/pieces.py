"""A player's pieces on board locations linked to spaces (Uprising's spies on
observation posts, rules 003 "Spies / observation posts"), for any set that declares
`piece ID "Title" { supply N; on KIND }` and definitions of KIND with `links SPACE...`.

State: `p.pieces` = {piece: {"supply": n, "on": [location ids]}} (supply + on = the
declared supply). A location holds one piece at most, of anyone. The rules:

- the piece's verb (`spies 1`, `spies 1 near city`): one piece from the supply onto a
  free location (linked to a space of one of the icons when `near`), the player's
  choice; with none in the supply, one of the player's own is first recalled (for no
  effect), also the player's choice;
- the cost `pay recall spies N -> ...`: N of the player's pieces back to the supply;
- an agent icon `via PIECE`: an agent of a card with it may go to an unoccupied space
  linked to a location where the player has that piece (the piece stays);
- Infiltrate: recall a piece from a location linked to a space another player's agent
  holds to send the agent there anyway (never onto a space the player holds);
- Gather Intelligence: right after the agent is placed, recall a piece from a location
  linked to that space to draw a card (not the piece recalled to infiltrate).

Every decision's options are ids only: ("place_piece", piece, location) and
("recall_piece", piece, location) (loop/action_space.py numbers them per location).
"""
from __future__ import annotations

from dunec.engine.loop.actions import NO
from dunec.engine.loop.state import Player
from dunec.engine.loop.steps import step
from dunec.engine.rules import cards as rules_cards

PLACE = "place_piece"
RECALL = "recall_piece"


# ------------------------------------------------------------------ the content's tables
def declared(content) -> dict:
    """piece -> its terms ({title, supply, on}) for this game's sets, made once."""
    table = content._by_kind.get("pieces")
    if table is None:
        table = content._by_kind["pieces"] = content.declared("piece") if content.vocab else {}
    return table


def locations(content, piece: str) -> tuple:
    """The ids of the locations a piece stands on (definitions of its `on` kind, or of a
    kind derived from it), sorted."""
    key = ("piece_locations", piece)
    table = content._by_kind.get(key)
    if table is None:
        on = declared(content)[piece]["on"]
        table = content._by_kind[key] = tuple(sorted(
            k for k, m in content.defs.items() if m["kind"] == on or m.get("like") == on))
    return table


def links(content, location: str) -> tuple:
    return content.defs[location].get("links", ())


def via_icons(content) -> dict:
    """agent icon -> the piece that opens its spaces (`icon spy { via spies }`), made once."""
    table = content._by_kind.get("via_icons")
    if table is None:
        table = content._by_kind["via_icons"] = {
            i: m["via"] for i, m in (content.declared("icon") if content.vocab else {}).items() if m.get("via")}
    return table


def give(content, state) -> None:
    """Setup: each player's pieces, all in the supply."""
    for p in state.players:
        p.pieces = {piece: {"supply": m["supply"], "on": []} for piece, m in sorted(declared(content).items())}


# ------------------------------------------------------------------ where pieces stand
def taken(state) -> dict:
    """location -> (seat, piece) of the piece on it."""
    return {loc: (p.seat, piece) for p in state.players for piece, h in p.pieces.items() for loc in h["on"]}


def mine(p: Player) -> list:
    """(piece, location) of each of the player's pieces on the board."""
    return [(piece, loc) for piece, h in p.pieces.items() for loc in h["on"]]


def linked_to(e, p: Player, space: str) -> list:
    """(piece, location) of the player's pieces on a location linked to the space."""
    return [(piece, loc) for piece, loc in mine(p) if space in links(e.content, loc)]


def free_locations(e, piece: str, icons=()) -> list:
    """The free locations a piece may go to (linked to a space of one of `icons` when given)."""
    held = taken(e.state)
    out = []
    for loc in locations(e.content, piece):
        if loc in held:
            continue
        if icons and not any(e.defs[s]["icon"] in icons for s in links(e.content, loc) if s in e.defs):
            continue
        out.append(loc)
    return out


def put(e, p: Player, piece: str, loc: str) -> None:
    h = p.pieces[piece]
    h["supply"] -= 1
    h["on"].append(loc)
    if not e.quiet:
        e.log(f"  {e.pname(p)} places a {declared(e.content)[piece]['title']} on {e.defs[loc]['name']}")


def take_back(e, p: Player, piece: str, loc: str, why: str = "") -> None:
    h = p.pieces[piece]
    h["on"].remove(loc)
    h["supply"] += 1
    if not e.quiet:
        e.log(f"  {e.pname(p)} recalls a {declared(e.content)[piece]['title']} from {e.defs[loc]['name']}{why}")


# ------------------------------------------------------------------ the verb: place pieces
def place(e, p: Player, piece: str, n: int, icons=(), body=None, ctx=None) -> None:
    """`spies N [near ICON...]`: N times, a piece onto a free location the player picks;
    with none in the supply, one of the player's own is recalled first (for no effect).
    Nothing happens when no location is free. `body` (with the context's data `ctx`):
    ops run after each piece is placed, the context's card the location (`spies 1 { ... }`)."""
    icons = tuple(icons)
    if n <= 0 or not free_locations(e, piece, icons):
        return
    about = {} if body is None else {"body": body, "ctx": ctx}
    if n > 1:
        e.later("piece_place_more", seat=p.seat, piece=piece, n=n - 1, icons=list(icons), **about)
    h = p.pieces[piece]
    if h["supply"] <= 0:
        options = [(RECALL, piece, loc) for loc in dict.fromkeys(h["on"])]
        e.ask(p, "relocate", options, "piece_relocated", seat=p.seat, piece=piece, icons=list(icons), **about)
        return
    ask_place(e, p, piece, icons, about)


def ask_place(e, p: Player, piece: str, icons, about=None) -> None:
    free = free_locations(e, piece, icons)
    if free:
        e.ask(p, "place_piece", [(PLACE, piece, loc) for loc in free], "piece_placed", seat=p.seat, **(about or {}))


def placed_near(e, location, what: str) -> bool:
    """`placed ICON` / `placed faction`: the location is linked to a space of that agent
    icon, or to a Faction's space."""
    if location not in e.defs:
        return False
    spaces = [e.defs[s] for s in links(e.content, location) if s in e.defs]
    if what == "faction":
        return any(sp.get("faction") for sp in spaces)
    return any(sp.get("icon") == what for sp in spaces)


@step
def piece_place_more(e, f):
    place(e, e.players[f["seat"]], f["piece"], f["n"], f["icons"], f.get("body"), f.get("ctx"))


@step
def piece_relocated(e, f):
    p = e.players[f["seat"]]
    _k, piece, loc = f["chosen"]
    take_back(e, p, piece, loc, " (for no effect)")
    body = f.get("body")  # (frames without a body have none: read with get)
    ask_place(e, p, piece, f["icons"], {"body": body, "ctx": f.get("ctx")} if body is not None else None)


@step
def piece_placed(e, f):
    _k, piece, loc = f["chosen"]
    body = f.get("body")
    if body is not None:  # `PIECE N { ... }`: the body, about the location
        e.later("ops", ref=body, pc=0, ctx=dict(f.get("ctx"), card=loc))
    put(e, e.players[f["seat"]], piece, loc)


# ------------------------------------------------------------------ the cost: recall pieces
def can_recall(p: Player, piece: str, n: int) -> bool:
    h = p.pieces.get(piece)
    return h is not None and len(h["on"]) >= n


def recall(e, p: Player, piece: str, n: int) -> None:
    """`pay recall PIECE N`: N of the player's pieces back to the supply, each from a
    location the player picks."""
    if n <= 0 or not p.pieces[piece]["on"]:
        return
    if n > 1:
        e.later("piece_recall_more", seat=p.seat, piece=piece, n=n - 1)
    options = [(RECALL, piece, loc) for loc in dict.fromkeys(p.pieces[piece]["on"])]
    e.ask(p, "recall_piece", options, "piece_recalled", seat=p.seat)


@step
def piece_recall_more(e, f):
    recall(e, e.players[f["seat"]], f["piece"], f["n"])


@step
def piece_recalled(e, f):
    _k, piece, loc = f["chosen"]
    take_back(e, e.players[f["seat"]], piece, loc)


# ------------------------------------------------------------------ the agent turn
def _card_infiltrates(e, p: Player, card: str) -> bool:
    cards = e.content.agent_cards()
    return any((cards.get(c) or (None, None, False))[2] for c in (p.grafted or [card]))


def spy_needed(e, p: Player, card: str, space: str) -> bool:
    """Whether the agent `card` sends to `space` gets there only by Infiltrate: another
    player's agent holds it and neither the card, the turn nor the leader lets it in."""
    seat = e.state.occupied.get(space)
    if seat is None or seat == p.seat:
        return False
    if p.infiltrate or _card_infiltrates(e, p, card):
        return False
    mods = e.defs[p.leader].get("modifiers", ())
    return not any(m[0] == "ignore_block" and m[1] == e.defs[space]["icon"] for m in mods)


def reach(e, p: Player) -> dict:
    """space -> the pieces of the player on locations linked to it."""
    out: dict = {}
    for piece, loc in mine(p):
        for s in links(e.content, loc):
            out.setdefault(s, set()).add(piece)
    return out


def opened(e, p: Player, icons, infiltrating: bool, sid: str, near: dict) -> bool:
    """Whether the player's pieces open `sid` to a card (the agent menu's other rules,
    requirement and cost, are the agent turn's): a `via` icon reaches an unoccupied
    space linked to a location with the piece; Infiltrate, a space another player's
    agent holds linked to a location with any of the player's pieces (never one the
    player holds, nor one closed to the player's opponents). `near`: reach()."""
    st, seat = e.state, p.seat
    holder = st.occupied.get(sid)
    if st.blocked.get(sid, seat) != seat or holder == seat or [sid, seat] in st.infiltrators:
        return False
    by_icon = e.defs[sid]["icon"] in icons
    if holder is None:  # an unoccupied space of the card's own icon is the menu's already
        via = via_icons(e.content)
        return not by_icon and any(via[i] in near[sid] for i in icons if i in via)
    # the via icon reaches unoccupied spaces only (rules 003); entered without a piece: the menu's
    return by_icon and not (infiltrating or p.infiltrate)


def infiltration(e, p: Player, card: str, space: str) -> list:
    """Before the agent is placed: when only Infiltrate lets it in, the pieces the player
    may recall for it ((RECALL, piece, location) options), else []."""
    if not p.pieces or not spy_needed(e, p, card, space):
        return []
    return [(RECALL, piece, loc) for piece, loc in linked_to(e, p, space)]


def offer_gather(e, p: Player, space: str) -> None:
    """Gather Intelligence: right after the agent is placed, the player may recall a
    piece from a location linked to the space to draw a card."""
    if p.pieces and linked_to(e, p, space):
        e.later("piece_gather", seat=p.seat, space=space)


@step
def piece_gather(e, f):
    p = e.players[f["seat"]]
    options = [(RECALL, piece, loc) for piece, loc in linked_to(e, p, f["space"])]
    if options:
        e.ask(p, "gather", options + [NO], "piece_gathered", seat=p.seat)


@step
def piece_gathered(e, f):
    if f["chosen"] == NO:
        return
    p = e.players[f["seat"]]
    _k, piece, loc = f["chosen"]
    take_back(e, p, piece, loc, " to gather intelligence")
    rules_cards.draw(e, p, 1)
