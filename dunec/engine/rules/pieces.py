"""A player's pieces on board locations linked to spaces (Uprising's spies on
observation posts, rules 003 "Spies / observation posts"), for any set that declares
`piece ID "Title" { supply N; on KIND }` and definitions of KIND with `links SPACE...`.

State: `p.pieces` = {piece: {"supply": n, "on": [location ids], "recalled": k}}
(supply + on = the declared supply; k: the pieces the player recalled this turn, for
any reason, read by the condition `recalled PIECE`). A location holds one piece of
anyone, or, placed `shared`, one piece of each player at most. The rules:

- the piece's verb (`spies 1`, `spies 1 near city`): one piece from the supply onto a
  free location (linked to a space of one of the icons when `near`; to the space the
  agent of the box was sent to when `here`; free when `shared` means holding no piece
  of the player's own: another player's may be there), the player's choice; with none
  in the supply, one of the player's own is first recalled (for no effect), also the
  player's choice;
- the cost `pay recall spies N -> ...`: N of the player's pieces back to the supply;
- an agent icon `via PIECE`: an agent of a card with it may go to an unoccupied space
  linked to a location where the player has that piece (the piece stays);
- Infiltrate: recall a piece from a location linked to a space another player's agent
  holds to send the agent there anyway (never onto a space the player holds);
- Gather Intelligence: right after the agent is placed, recall a piece from a location
  linked to that space to draw a card (not the piece recalled to infiltrate);
- the conditions: `recalled PIECE` (the player recalled one this turn), `spying maker`
  (one of the player's pieces is on a location linked to a maker space); the piece's
  name is a quantity (those on the board: costs.py).

Every decision's options are ids only: ("place_piece", piece, location) and
("recall_piece", piece, location) (loop/action_space.py numbers them per location).
"""
from __future__ import annotations

from dunec.engine.loop.actions import NO
from dunec.engine.loop.state import FACTIONS, Player
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


def posts_of(content) -> dict:
    """space -> the locations linked to it (`links SPACE`), made once per content: the
    spaces' side of the links, read on every agent turn (linked_to)."""
    table = content._by_kind.get("posts_of")
    if table is None:
        table = {}
        for k, m in content.defs.items():
            for s in m.get("links", ()):
                table.setdefault(s, set()).add(k)
        table = content._by_kind["posts_of"] = {s: frozenset(locs) for s, locs in table.items()}
    return table


def post_icons(content) -> dict:
    """location -> the agent icons of the spaces linked to it, made once per content:
    what `spies 1 near ICON` asks of a location (free_locations)."""
    table = content._by_kind.get("post_icons")
    if table is None:
        defs = content.defs
        table = content._by_kind["post_icons"] = {
            k: frozenset(defs[s].get("icon") for s in m["links"] if s in defs)
            for k, m in defs.items() if m.get("links")}
    return table


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
        p.pieces = {piece: {"supply": m["supply"], "on": [], "recalled": 0}
                    for piece, m in sorted(declared(content).items())}


def new_turn(p: Player) -> None:
    """A turn begins or ends: no piece recalled this turn yet."""
    for h in p.pieces.values():
        h["recalled"] = 0


def recalled(p: Player, piece: str) -> bool:
    """`recalled PIECE`: the player recalled one of these pieces this turn."""
    h = p.pieces.get(piece)
    return bool(h and h["recalled"])


def spying_maker(e, p: Player) -> bool:
    """`spying maker`: one of the player's pieces is on a location linked to a maker space."""
    defs = e.defs
    return any(defs.get(s, {}).get("maker") for _piece, loc in mine(p) for s in links(e.content, loc))


def spied_factions(e, p: Player) -> list:
    """The factions the player is spying on (`influence spied N`, Guild Spy): those of
    the board spaces linked to a location holding one of the player's pieces, in track order."""
    have = {e.defs.get(s, {}).get("faction") for _piece, loc in mine(p) for s in links(e.content, loc)}
    return [f for f in FACTIONS if f in have]


# ------------------------------------------------------------------ where pieces stand
def taken(state) -> dict:
    """location -> (seat, piece) of the piece on it."""
    return {loc: (p.seat, piece) for p in state.players for piece, h in p.pieces.items() for loc in h["on"]}


def mine(p: Player) -> list:
    """(piece, location) of each of the player's pieces on the board."""
    return [(piece, loc) for piece, h in p.pieces.items() for loc in h["on"]]


def linked_to(e, p: Player, space: str) -> list:
    """(piece, location) of the player's pieces on a location linked to the space."""
    posts = posts_of(e.content).get(space)
    if not posts:
        return []
    return [(piece, loc) for piece, h in p.pieces.items() for loc in h["on"] if loc in posts]


def free_locations(e, piece: str, icons=(), here=None, shared: Player | None = None) -> list:
    """The free locations a piece may go to: linked to a space of one of `icons` when
    given, to the space `here` when given; `shared` (a player): holding no piece of that
    player's, another player's may be there (else: holding no piece)."""
    players = (shared,) if shared is not None else e.state.players
    held = {loc for p in players for h in p.pieces.values() for loc in h["on"]}
    posts = posts_of(e.content).get(here, ()) if here is not None else None
    near_icons = post_icons(e.content) if icons else None
    out = []
    for loc in locations(e.content, piece):
        if loc in held or (posts is not None and loc not in posts):
            continue
        if icons and near_icons.get(loc, frozenset()).isdisjoint(icons):
            continue
        out.append(loc)
    return out


def put(e, p: Player, piece: str, loc: str) -> None:
    h = p.pieces[piece]
    h["supply"] -= 1
    h["on"].append(loc)
    if not e.quiet:
        beside = [e.pname(o) for o in e.players if o is not p and any(loc in x["on"] for x in o.pieces.values())]
        with_ = f" beside {', '.join(beside)}'s" if beside else ""
        e.log(f"  {e.pname(p)} places a {declared(e.content)[piece]['title']} on {e.defs[loc]['name']}{with_}")


def take_back(e, p: Player, piece: str, loc: str, why: str = "") -> None:
    h = p.pieces[piece]
    h["on"].remove(loc)
    h["supply"] += 1
    h["recalled"] += 1
    if not e.quiet:
        e.log(f"  {e.pname(p)} recalls a {declared(e.content)[piece]['title']} from {e.defs[loc]['name']}{why}")


# ------------------------------------------------------------------ the verb: place pieces
def place(e, p: Player, piece: str, n: int, icons=(), *how: str, space=None, body=None, ctx=None) -> None:
    """`spies N [near ICON...] [here] [shared]`: N times, a piece onto a free location
    the player picks (`here`: linked to `space`, the space the box's agent went to;
    `shared`: beside another player's piece too); with none in the supply, one of the
    player's own is recalled first (for no effect). Nothing happens when no location is
    free. `body` (with the context's data `ctx`): ops run after each piece is placed,
    the context's card the location (`spies 1 { ... }`)."""
    icons = tuple(icons)
    where = {"icons": list(icons), "here": space if "here" in how else None, "shared": "shared" in how}
    if n <= 0 or (where["here"] is None and "here" in how):
        return
    free = _free(e, p, piece, where)
    if not free:
        return
    about = {} if body is None else {"body": body, "ctx": ctx}
    if n > 1:
        e.later("piece_place_more", seat=p.seat, piece=piece, n=n - 1, **where, **about)
    h = p.pieces[piece]
    if h["supply"] <= 0:
        options = [(RECALL, piece, loc) for loc in dict.fromkeys(h["on"])]
        e.ask(p, "relocate", options, "piece_relocated", seat=p.seat, piece=piece, **where, **about)
        return
    ask_place(e, p, piece, where, about, free)


def _free(e, p: Player, piece: str, where: dict) -> list:
    return free_locations(e, piece, where["icons"], where["here"], p if where["shared"] else None)


def ask_place(e, p: Player, piece: str, where: dict, about=None, free=None) -> None:
    """Ask where the piece goes among the free locations (`free`: already found, the
    pieces unmoved since)."""
    if free is None:
        free = _free(e, p, piece, where)
    if free:
        shared = {"shared": True} if where["shared"] else {}  # another's piece may be there (a save's check reads it)
        e.ask(p, "place_piece", [(PLACE, piece, loc) for loc in free], "piece_placed", seat=p.seat,
              **(about or {}), **shared)


def placed_near(e, location, what: str) -> bool:
    """`placed ICON` / `placed faction`: the location is linked to a space of that agent
    icon, or to a Faction's space."""
    if location not in e.defs:
        return False
    spaces = [e.defs[s] for s in links(e.content, location) if s in e.defs]
    if what == "faction":
        return any(sp.get("faction") for sp in spaces)
    return any(sp.get("icon") == what for sp in spaces)


def _where(f) -> dict:
    return {"icons": f["icons"], "here": f.get("here"), "shared": f.get("shared", False)}


@step
def piece_place_more(e, f):
    w = _where(f)
    p = e.players[f["seat"]]
    how = ("here",) * (w["here"] is not None) + ("shared",) * w["shared"]
    place(e, p, f["piece"], f["n"], w["icons"], *how, space=w["here"], body=f.get("body"), ctx=f.get("ctx"))


@step
def piece_relocated(e, f):
    p = e.players[f["seat"]]
    _k, piece, loc = f["chosen"]
    take_back(e, p, piece, loc, " (for no effect)")
    body = f.get("body")  # (frames without a body have none: read with get)
    ask_place(e, p, piece, _where(f), {"body": body, "ctx": f.get("ctx")} if body is not None else None)


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


def board_links(content) -> dict:
    """location -> (position in board order, board row: Content.board()) of each space
    of this game's board linked to it, made once per content: what the agent menu
    reads of the locations holding the player's pieces."""
    table = content._by_kind.get("board_links")
    if table is None:
        at = {row[0]: (i, row) for i, row in enumerate(content.board())}
        table = content._by_kind["board_links"] = {
            k: tuple(at[s] for s in m["links"] if s in at) for k, m in content.defs.items() if m.get("links")}
    return table


def reach_tables(content) -> tuple:
    """(location -> the board spaces linked to it as one number (Content.space_bits),
    the cards with an agent icon that a piece opens (`via`)), made once per content:
    what the agent menu asks first of the player's pieces, whether they may open
    anything at all (engine/loop/turns.py placements_by_bits)."""
    table = content._by_kind.get("reach_tables")
    if table is None:
        bits = content.space_bits()
        via = via_icons(content)
        table = content._by_kind["reach_tables"] = (
            {loc: sum(bits[row[0]] for _at, row in linked) for loc, linked in board_links(content).items()},
            frozenset(k for k, info in content.agent_cards().items()
                      if info is not None and not info[1].isdisjoint(via)))
    return table


def openings(e, p: Player) -> list:
    """(board position, board row, unoccupied, the player's pieces linked to it) for
    each space the player's pieces may open to some card, in board order: opened()'s
    half that does not depend on the card, judged once per agent menu. Never a space
    the player holds, nor one closed to the player's opponents; unoccupied, or held by
    another player's agent."""
    # The spaces the pieces reach and their filter in one pass: asked on nearly every
    # Uprising agent menu, where the player has a piece or two on the board, often none.
    links_of = board_links(e.content)
    st, seat = e.state, p.seat
    occupied, blocked, infiltrators = st.occupied, st.blocked, st.infiltrators
    near = None
    for piece, h in p.pieces.items():
        for loc in h["on"]:
            for at, row in links_of.get(loc, ()):
                if near is None:
                    near = {}
                else:
                    there = near.get(at)
                    if there is not None:
                        there[3].add(piece)
                        continue
                sid = row[0]
                holder = occupied.get(sid)
                if holder == seat or (blocked and blocked.get(sid, seat) != seat) or \
                        (infiltrators and [sid, seat] in infiltrators):
                    continue
                near[at] = (at, row, holder is None, {piece})
    if not near:
        return []
    out = list(near.values())
    if len(out) > 1:
        out.sort()  # by position: no two spaces share one, so nothing else is compared
    return out


def via_pieces(content, icons: frozenset) -> frozenset:
    """The pieces whose locations open spaces to an agent of a card with these icons
    (`icon ID { via PIECE }`), made once per content and set of icons."""
    table = content._by_kind.get("via_pieces")
    if table is None:
        table = content._by_kind["via_pieces"] = {}
    pieces = table.get(icons)
    if pieces is None:
        via = via_icons(content)
        pieces = table[icons] = frozenset(via[i] for i in icons if i in via)
    return pieces


def opened(e, p: Player, cards: list, rows: list) -> list:
    """(card row, board row) for each card of the agent menu (`cards`: agent_cards
    rows) and each space of `rows` (openings()) the player's pieces open to it (the
    menu's other rules, requirement and cost, are the agent turn's): a `via` icon
    reaches an unoccupied space linked to a location with the piece (a space of the
    card's own icon is the menu's already); Infiltrate, a space of the card's icon
    another player's agent holds (entered without a piece when the card or the turn
    infiltrates: the menu's)."""
    extra = frozenset(p.extra_icons) if p.extra_icons else None
    # A card's via pieces matter only where a piece's space is unoccupied, and only
    # for a card with a via icon (few are): looked up then; any other card reads only
    # the spaces another player's agent holds (`taken`).
    via = None
    taken = []
    for row in rows:
        if not row[2]:
            taken.append(row)
        elif via is None:
            via = via_icons(e.content)
    out = []
    for card in cards:
        icons = card[1] if extra is None else card[1] | extra
        pieces = via_pieces(e.content, icons) if via and not icons.isdisjoint(via) else None
        enter = not (card[2] or p.infiltrate)
        if pieces:
            for _at, row, unoccupied, there in rows:
                if unoccupied:
                    if row[1] not in icons and not pieces.isdisjoint(there):
                        out.append((card, row))
                elif enter and row[1] in icons:
                    out.append((card, row))
        elif enter:
            for _at, row, _unoccupied, _there in taken:
                if row[1] in icons:
                    out.append((card, row))
    return out


def infiltration(e, p: Player, card: str, space: str) -> list:
    """Before the agent is placed: when only Infiltrate lets it in, the pieces the player
    may recall for it ((RECALL, piece, location) options), else []."""
    if not p.pieces or not spy_needed(e, p, card, space):
        return []
    return [(RECALL, piece, loc) for piece, loc in linked_to(e, p, space)]


def offer_gather(e, p: Player, space: str) -> None:
    """Gather Intelligence: right after the agent is placed, the player may recall a
    piece from a location linked to the space to draw a card."""
    posts = posts_of(e.content).get(space)
    if not posts:
        return
    for h in p.pieces.values():  # linked_to(), without its list: asked on every agent turn
        for loc in h["on"]:
            if loc in posts:
                e.later("piece_gather", seat=p.seat, space=space)
                return


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
