"""A fixed-size number vector of what one seat may know: the observation that the
OpenSpiel and PettingZoo adapters hand to learners (docs/engine.md, "The
observation vector").

It is read from `observation(state, seat)` only, so it never leaks a hidden card.
Seats are numbered relative to the observer (slot 0 is the observer, slot 1 the
next seat clockwise, ...), so one network can play any seat. The layout depends
only on the content (its card, intrigue, space and conflict ids, sorted), never on
the game being played, so every state of one content gives a vector of one size.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dunec.engine.observe import HIDDEN, observation
from dunec.engine.state import FACTIONS

MAX_SEATS = 4  # a 4-player game; solo and the 2-player game with a rival have 3 seats
HIGH = 255.0  # every entry is a count, an amount or a 0/1 flag, clipped to [0, HIGH]
# The decision kinds the engine asks about; a kind not listed sets the `other` entry.
DECISION_KINDS = ("turn", "buy", "deploy", "combat", "choose", "pay", "trash", "discard", "acquire",
                  "block", "influence", "secret", "retreat", "manipulate", "plot", "recall", "opponent",
                  "lose_influence", "order", "defend", "top", "win", "other")
SEAT_FIELDS = ("present", "rival", "vp", "solari", "spice", "water") + tuple(f"influence_{f}" for f in FACTIONS) \
    + tuple(f"alliance_{f}" for f in FACTIONS) + (
    "agents", "agents_left", "garrison", "conflict_troops", "supply", "hand", "intrigue", "deck", "discard",
    "in_play", "swordmaster", "council_seat", "mentat", "persuasion", "swords", "first_player")
DECK_KINDS = ("card", "starter", "reserve")  # what a player's deck, hand and discard pile hold


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

    @property
    def size(self) -> int:
        return sum(n for _, n in self.blocks)

    def offsets(self) -> dict:
        out, at = {}, 0
        for name, n in self.blocks:
            out[name] = (at, at + n)
            at += n
        return out


_LAYOUTS: dict = {}


def layout(content) -> Layout:
    """The vector layout of a content (cached per content object)."""
    key = id(content)
    if key not in _LAYOUTS:
        _LAYOUTS[key] = _make_layout(content)
    return _LAYOUTS[key]


def _make_layout(content) -> Layout:
    defs = content.defs
    ids = lambda *kinds: tuple(sorted(i for i, d in defs.items() if d["kind"] in kinds))  # noqa: E731
    cards, intrigues, spaces, conflicts = ids(*DECK_KINDS), ids("intrigue"), ids("space"), ids("conflict")
    blocks = (
        ("global", 6),  # round, conflict deck, imperium deck, intrigue deck, intrigue discard, mentat on board
        ("decision", len(DECISION_KINDS)),
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
    return Layout(cards, intrigues, spaces, conflicts, blocks, {c: i for i, c in enumerate(cards)},
                  {c: i for i, c in enumerate(intrigues)})


def encode(state, seat: int, content, out=None) -> np.ndarray:
    """The vector of what `seat` may know of `state` (float32, `layout(content).size`)."""
    lay = layout(content)
    view = observation(state, seat)
    vec = np.zeros(lay.size, np.float32) if out is None else out
    vec.fill(0.0)
    at = lay.offsets()
    n = len(view.players)
    rel = lambda s: (s - seat) % n  # noqa: E731  (the observer is slot 0)

    g = at["global"][0]
    vec[g:g + 6] = (view.round, len(view.conflict_deck), len(view.imperium_deck), len(view.intrigue_deck),
                    len(view.intrigue_discard), float(view.mentat_on_board))
    if view.pending is not None and view.pending["seat"] == seat:
        kind = view.pending["kind"]
        vec[at["decision"][0] + DECISION_KINDS.index(kind if kind in DECISION_KINDS else "other")] = 1.0
    if view.conflict in lay.conflicts:
        vec[at["conflict"][0] + lay.conflicts.index(view.conflict)] = 1.0
    for i, space in enumerate(lay.spaces):
        if space in view.occupied:
            vec[at["occupied"][0] + i] = 1 + rel(view.occupied[space])
        if view.control.get(space) is not None:
            vec[at["control"][0] + i] = 1 + rel(view.control[space])
    for p in view.players:
        _seat_fields(vec, at["seats"][0] + rel(p.seat) * len(SEAT_FIELDS), p, view)
    _count(vec, at["row"][0], lay.card_index, view.imperium_row)
    for card, left in view.reserve.items():
        vec[at["reserve"][0] + lay.card_index[card]] = left
    me = view.players[seat]
    for block, cards in (("hand", me.hand), ("deck", me.deck), ("discard", me.discard),
                         ("in_play", me.played + me.revealed)):
        _count(vec, at[block][0], lay.card_index, cards)
    _count(vec, at["own_intrigue"][0], lay.intrigue_index, me.intrigue)
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


def _count(vec, base: int, index: dict, cards) -> None:
    """Add one per card at its id's index. An id outside the layout is a content
    whose decks hold a kind the layout does not know: a KeyError, not a silent gap."""
    for c in cards:
        if c != HIDDEN:
            vec[base + index[c]] += 1.0
