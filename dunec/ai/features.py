"""A fixed-size number vector of what one seat may know: the observation that the
OpenSpiel and PettingZoo adapters hand to learners (docs/engine.md, "The
observation vector").

It is read from the seat's view of the state only (`observe.StateView`, the values
`observation(state, seat)` gives, read without copying), so it never leaks a
hidden card. The pending decision is named by its kind and by what it is about
(`pending["about"]`: the card whose choice or payment it is, the space to defend).
Seats are numbered relative to the observer (slot 0 is the observer, slot 1 the
next seat clockwise, ...), so one network can play any seat. The layout depends
only on the content (its card, intrigue, space and conflict ids, sorted), never on
the game being played, so every state of one content gives a vector of one size.

An expansion's state is read from what its sets declare (`content.declared`):
each unit kind beyond troops (in garrison, in the conflict, in supply, placed
on the board), each track, each counter beyond the engine's own, each
market's tiles (owned by whom, face up on a stack), each market of cards'
face-up and kept entries, each once-a-game token (held or not), each piece (in
supply, on the board) and who stands on each location the pieces stand on (the
observation posts), and each board-held flag (up or not). A set the content does not
hold adds no block, so the base game's vector is the same with or without the
expansions installed, and a declared name a seat has not touched counts zero.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dunec.engine.views.observe import HIDDEN, StateView
from dunec.engine.loop.state import FACTIONS, vp_to_end

MAX_SEATS = 4  # a 4-player game; solo and the 2-player game with a rival have 3 seats
HIGH = 255.0  # every entry is a count, an amount or a 0/1 flag, clipped to [0, HIGH]
# The decision kinds the engine asks about; a kind not listed sets the `other` entry.
DECISION_KINDS = ("turn", "buy", "deploy", "combat", "choose", "pay", "trash", "discard", "acquire",
                  "block", "influence", "secret", "retreat", "manipulate", "plot", "recall", "opponent",
                  "lose_influence", "order", "defend", "top", "win", "move", "alliance", "retrieve",
                  "place_unit", "retreat_unit", "set_aside", "swap_intrigue", "pick_intrigue", "extra_turn",
                  "other")
SEAT_FIELDS = ("present", "rival", "vp", "solari", "spice", "water") + tuple(f"influence_{f}" for f in FACTIONS) \
    + tuple(f"alliance_{f}" for f in FACTIONS) + (
    "agents", "agents_left", "garrison", "conflict_troops", "supply", "hand", "intrigue", "deck", "discard",
    "in_play", "swordmaster", "council_seat", "mentat", "persuasion", "swords", "first_player")
DECK_KINDS = ("card", "starter", "reserve")  # what a player's deck, hand and discard pile hold
UNIT_FIELDS = ("garrison", "conflict", "supply", "placed")  # per declared unit kind beyond troops


@dataclass(frozen=True)
class Layout:
    """Where each block of the vector starts, for one content."""
    cards: tuple      # deck card ids, sorted: the index of the card-count blocks
    intrigues: tuple  # intrigue ids, sorted
    spaces: tuple     # board space ids, sorted
    conflicts: tuple  # conflict ids, sorted
    blocks: tuple     # (name, size) in order
    card_index: dict  # card id -> its index in `cards`
    intrigue_index: dict
    subjects: tuple = ()  # what a decision may be about: every definition and declared track, sorted
    units: tuple = ()     # declared unit kinds beyond troops, sorted
    tracks: tuple = ()    # declared tracks, sorted
    counters: tuple = ()  # declared counters beyond solari, spice and water, sorted
    tiles: tuple = ()     # the ids every declared market of tiles sells, sorted
    subject_index: dict = None
    at: dict = None       # block name -> (start, end): offsets(), made once
    columns: dict = None  # graph track -> {cell: its column}: a token's position as a number
    tokens: tuple = ()    # the sets' once-a-game tokens, sorted
    card_markets: bool = False  # a market of cards: its face-up entries by card (block `market_cards`)
    cells: dict = None    # graph track -> {cell: its index among the cells, sorted}
    grafts: bool = False  # a card with `graft`: the cards grafted on the agent turn under way (block `grafted`)
    pieces: tuple = ()    # the sets' pieces (spies), sorted: per seat, in supply and on the board
    posts: tuple = ()     # the locations pieces stand on (observation posts), sorted (block `posts`)
    places: dict = None   # a location a unit is placed on -> the indexes of its spaces in `spaces`

    @property
    def set_fields(self) -> tuple:
        """The per-seat entries of the sets' declarations (block `set_seats`)."""
        fields = tuple(f"{u}_{f}" for u in self.units for f in UNIT_FIELDS)
        fields += tuple(f"track_{t}" for t in self.tracks) + self.counters
        # a graph track's cell itself (1 + its index in the cells sorted), beside its column:
        # two cells of a column lead to different cells
        fields += tuple(f"cell_{t}" for t in self.tracks if t in (self.columns or {}))
        fields += tuple(f"token_{t}" for t in self.tokens)
        fields += tuple(f"{x}_{f}" for x in self.pieces for f in ("supply", "on"))
        return fields + (("tiles", "tiles_flipped") if self.tiles else ())

    @property
    def size(self) -> int:
        return sum(n for _, n in self.blocks)

    def offsets(self) -> dict:
        return _offsets(self.blocks)


def _offsets(blocks) -> dict:
    out, at = {}, 0
    for name, n in blocks:
        out[name] = (at, at + n)
        at += n
    return out


_LAYOUTS: dict = {}  # id(content) -> (the content, its layout)
_KEPT = 16  # contents whose layouts are kept; a process rarely plays more


def layout(content) -> Layout:
    """The vector layout of a content (cached per content object). The entry keeps
    its content and is used only for that very object: an id alone is reused by
    a new object once the old one is freed (a base game's layout served to a
    Rise of Ix content was a KeyError on an Ix card in the row)."""
    entry = _LAYOUTS.get(id(content))
    if entry is None or entry[0] is not content:
        if len(_LAYOUTS) >= _KEPT:
            _LAYOUTS.clear()
        entry = _LAYOUTS[id(content)] = (content, _make_layout(content))
    return entry[1]


def _make_layout(content) -> Layout:
    defs = content.defs
    # a kind a set derives (a Tleilaxu card) counts as its core kind
    ids = lambda *kinds: tuple(sorted(i for i, d in defs.items()  # noqa: E731
                                      if d["kind"] in kinds or d.get("like") in kinds))
    markets = content.declared("market") if content.vocab else {}
    # a market of cards sells cards that go into decks; one of tiles, tiles kept owned
    card_kinds = tuple(sorted({m["sells"] for m in markets.values() if m.get("to")}))
    cards, intrigues, spaces, conflicts = ids(*DECK_KINDS, *card_kinds), ids("intrigue"), ids("space"), \
        ids("conflict")
    subjects = tuple(sorted(set(defs) | (set(content.declared("track")) if content.vocab else set())))
    blocks = (
        # round, conflict deck, imperium deck, intrigue deck, intrigue discard, mentat on board, the VP that
        # end the game (10, or 12 in the Epic game)
        ("global", 7),
        ("decision", len(DECISION_KINDS)),
        ("about", len(subjects)),   # one-hot: what the observer's pending decision is about
        ("conflict", len(conflicts)),
        ("occupied", len(spaces)),  # 1 + the relative seat of the space's first agent, 0 if free
        ("control", len(spaces)),   # 1 + the relative seat that controls it, 0 if nobody
        ("seats", MAX_SEATS * len(SEAT_FIELDS)),
        ("row", len(cards)),        # the Imperium Row, by card
        ("reserve", len(cards)),    # the reserve piles, copies left by card
        ("hand", len(cards)),       # the observer's own cards, by card, in each zone
        ("deck", len(cards)),
        ("discard", len(cards)),
        ("in_play", len(cards)),    # played on agent turns and revealed this round
        ("own_intrigue", len(intrigues)),
    )
    own = set(SEAT_FIELDS) | {"troops"}  # names the engine's own fields already hold
    units = tuple(sorted(u for u in content.declared("unit") if u not in own)) if content.vocab else ()
    tracks = tuple(sorted(content.declared("track"))) if content.vocab else ()
    counters = tuple(sorted(c for c in content.declared("counter") if c not in own)) if content.vocab else ()
    sold = {m["sells"] for m in markets.values() if not m.get("to")}
    tiles = ids(*sold) if sold else ()
    tokens = tuple(sorted(content.declared("token"))) if content.vocab else ()
    columns = {t: {c: m["column"] for c, m in content.declared("track")[t]["cells"].items()}
               for t in tracks if "cells" in content.declared("track")[t]}
    pieces = content.declared("piece") if content.vocab else {}
    # the locations a piece stands on: the definitions of its `on` kind (posts)
    posts = ids(*sorted({m["on"] for m in pieces.values()})) if pieces else ()
    lay = Layout(cards, intrigues, spaces, conflicts, blocks, {c: i for i, c in enumerate(cards)},
                 {c: i for i, c in enumerate(intrigues)}, subjects, units, tracks, counters, tiles,
                 columns=columns, tokens=tokens, pieces=tuple(sorted(pieces)))
    extra = []
    if lay.set_fields:
        extra.append(("set_seats", MAX_SEATS * len(lay.set_fields)))
    if units:
        extra.append(("placed", len(spaces)))  # 1 + the relative seat of a unit placed there, 0 if none
    if tiles:
        extra.append(("tiles", len(tiles)))    # 1 + the relative seat owning the tile, 0 if nobody
        extra.append(("market", len(tiles)))   # 1 if the tile is face up on top of a market stack
    if card_kinds:
        extra.append(("market_cards", len(cards)))  # a market of cards' face-up and kept entries, by card
    flags = content.declared("flag") if content.vocab else {}
    if flags:
        extra.append(("flags", len(flags)))  # a set's board-held flags, sorted: 1 while up (rules/flags.py)
    if any(d.get("side_of") for d in defs.values()):
        extra.append(("sides", MAX_SEATS))  # by relative seat: 1 while the leader shows its other side
    grafts = any(defs[c].get("graft") for c in cards)
    if grafts:
        extra.append(("grafted", len(cards)))  # the two cards grafted on the agent turn under way, by card
    if posts:
        # per seat slot, per location: how many of the seat's pieces stand there (a post may
        # hold two players' spies: Uprising's shared placement)
        extra.append(("posts", MAX_SEATS * len(posts)))
    return Layout(cards, intrigues, spaces, conflicts, blocks + tuple(extra), lay.card_index, lay.intrigue_index,
                  subjects, units, tracks, counters, tiles, {s: i for i, s in enumerate(subjects)},
                  _offsets(blocks + tuple(extra)), columns, tokens, bool(card_kinds),
                  {t: {c: i for i, c in enumerate(sorted(cols))} for t, cols in columns.items()}, grafts,
                  lay.pieces, posts, _places(defs, spaces))


def _places(defs: dict, spaces: tuple) -> dict:
    """location -> the indexes of the spaces that stand for it: a space by its own id
    (the base game's Arrakeen), and every space with `location ID` (Uprising's)."""
    out: dict = {}
    for i, s in enumerate(spaces):
        for loc in dict.fromkeys((s, defs[s].get("location") or s)):
            out.setdefault(loc, []).append(i)
    return {k: tuple(v) for k, v in out.items()}


def encode(state, seat: int, content, out=None) -> np.ndarray:
    """The vector of what `seat` may know of `state` (float32, `layout(content).size`)."""
    lay = layout(content)
    view = StateView(state, seat)
    vec = np.zeros(lay.size, np.float32) if out is None else out
    vec.fill(0.0)
    at = lay.at
    players = view.players
    n = len(players)
    rel = lambda s: (s - seat) % n  # noqa: E731  (the observer is slot 0)

    g = at["global"][0]
    vec[g:g + 7] = (view.round, len(state.conflict_deck), len(state.imperium_deck), len(state.intrigue_deck),
                    len(state.intrigue_discard), float(view.mentat_on_board), vp_to_end(state))
    pending = state.pending
    if pending is not None and pending["seat"] == seat:
        kind = pending["kind"]
        vec[at["decision"][0] + DECISION_KINDS.index(kind if kind in DECISION_KINDS else "other")] = 1.0
        about = pending.get("about")
        if about in lay.subject_index:
            vec[at["about"][0] + lay.subject_index[about]] = 1.0
    if view.conflict in lay.conflicts:
        vec[at["conflict"][0] + lay.conflicts.index(view.conflict)] = 1.0
    for i, space in enumerate(lay.spaces):
        if space in view.occupied:
            vec[at["occupied"][0] + i] = 1 + rel(view.occupied[space])
        if view.control.get(space) is not None:
            vec[at["control"][0] + i] = 1 + rel(view.control[space])
    for p in players:
        _seat_fields(vec, at["seats"][0] + rel(p.seat) * len(SEAT_FIELDS), p, view)
    _count(vec, at["row"][0], lay.card_index, view.imperium_row)
    for card, left in view.reserve.items():
        vec[at["reserve"][0] + lay.card_index[card]] = left
    me = players[seat]
    for block, cards in (("hand", me.hand), ("deck", me.deck), ("discard", me.discard),
                         ("in_play", me.played + me.revealed)):
        _count(vec, at[block][0], lay.card_index, cards)
    _count(vec, at["own_intrigue"][0], lay.intrigue_index, me.intrigue)
    if lay.set_fields:
        _set_state(vec, at, lay, view, players, rel)
    if lay.grafts:
        for p in players:
            _count(vec, at["grafted"][0], lay.card_index, p.grafted)
    if lay.card_markets:
        for market, m in sorted(content.markets().items()):
            if m.get("to"):
                up = list(view.market_slots.get(market, ())) + ([m["keeps"]] if m.get("keeps") else [])
                _count(vec, at["market_cards"][0], lay.card_index, up)
    if "sides" in at:  # a two-sided leader turned over (`flip_leader`): its back is up
        for p in players:
            vec[at["sides"][0] + rel(p.seat)] = float(bool(content.defs.get(p.leader, {}).get("side_of")))
    if "flags" in at:
        for i, flag in enumerate(sorted(view.flags)):
            vec[at["flags"][0] + i] = float(view.flags[flag])
    if "posts" in at:
        where = {x: i for i, x in enumerate(lay.posts)}
        for p in players:
            base = at["posts"][0] + rel(p.seat) * len(lay.posts)
            for held in p.pieces.values():
                for x in held.get("on", ()):
                    if x in where:
                        vec[base + where[x]] += 1.0
    np.clip(vec, 0.0, HIGH, out=vec)
    return vec


def _seat_fields(vec, base: int, p, view) -> None:
    values = [1.0, float(p.rival), p.vp, p.solari, p.spice, p.water]
    values += [p.influence.get(f, 0) for f in FACTIONS]
    values += [float(view.alliances.get(f) == p.seat) for f in FACTIONS]
    values += [p.agents, p.agents_left, p.garrison, p.conflict, p.supply, len(p.hand), len(p.intrigue),
               len(p.deck), len(p.discard), len(p.played) + len(p.revealed), float(p.swordmaster),
               float(p.seat_on_council), float(p.has_mentat), p.persuasion, p.swords,
               float(view.first_player == p.seat)]
    vec[base:base + len(values)] = values


def _set_state(vec, at: dict, lay: Layout, view, players, rel) -> None:
    """The blocks of the sets' declarations: units, tracks, counters and tiles."""
    placed = {}  # (seat, unit kind) -> units placed on the board
    for space, (seat, kind) in view.placed.items():
        placed[seat, kind] = placed.get((seat, kind), 0) + 1
        if "placed" in at:
            # a location, shown on its space (Uprising's arrakeen_up stands for arrakeen)
            for i in lay.places.get(space, ()):
                vec[at["placed"][0] + i] = 1 + rel(seat)
    width = len(lay.set_fields)
    tile_index = {t: i for i, t in enumerate(lay.tiles)}
    for p in players:
        values = []
        for u in lay.units:
            held = p.units.get(u, {})
            values += [held.get("garrison", 0), held.get("conflict", 0), held.get("supply", 0),
                       placed.get((p.seat, u), 0)]
        # a line's step; a graph's cell as its column
        values += [lay.columns[t].get(p.tracks.get(t), 0) if t in lay.columns else p.tracks.get(t, 0)
                   for t in lay.tracks] + [p.counters.get(c, 0) for c in lay.counters]
        values += [1 + lay.cells[t].get(p.tracks.get(t), -1) for t in lay.tracks if t in lay.columns]
        values += [float(t in p.tokens) for t in lay.tokens]
        for x in lay.pieces:  # a piece's supply and how many stand on the board
            held = p.pieces.get(x, {})
            values += [held.get("supply", 0), len(held.get("on", ()))]
        if lay.tiles:
            values += [len(p.tiles), len(p.flipped)]
            for t in p.tiles:
                vec[at["tiles"][0] + tile_index[t]] = 1 + rel(p.seat)
        base = at["set_seats"][0] + rel(p.seat) * width
        vec[base:base + width] = values
    for stacks in view.markets.values():
        for stack in stacks:
            if stack and stack[-1] != HIDDEN:
                vec[at["market"][0] + tile_index[stack[-1]]] += 1.0


def _count(vec, base: int, index: dict, cards) -> None:
    """Add one per card at its id's index. An id outside the layout is a content
    whose decks hold a kind the layout does not know: a KeyError, not a silent gap."""
    for c in cards:
        if c != HIDDEN:
            vec[base + index[c]] += 1.0
