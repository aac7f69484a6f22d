"""The game-wide action space: every distinct action of a set selection, numbered.

A decision's options are structured actions (actions.py); learners need each
to keep one number across decisions and games. `ActionSpace(content)` numbers
them from the content alone: a *family* per action kind (placing an agent is
card x space, buying a card is card, option i of a definition's `choose` is
(definition, i), ...), each a product of *domains* read from the content (its
agent cards, spaces, intrigue cards, leaders, the tiles its markets sell, its
declared unit kinds, tracks and the cells of graph tracks, the locations of its pieces, the choices its
programs hold). Families and
domains come in a fixed order and every domain is sorted, so one selection of
sets always gives the same numbering; another selection gives another.

An id names what an action is, not the amounts that follow from the state: a
card's price, the influence a choice grants. Those stay in the action tuple,
and `option_of(id, options)` finds the pending option with that id. Two
options of one decision never share an id (tests/test_action_space.py walks
seeded games to hold that); options that are the same tuple (two copies of a
card to discard) are one action and share theirs.
"""
from __future__ import annotations

from dunec.engine.loop.state import FACTIONS, TROOPS_PER_PLAYER
from dunec.engine.rules import pieces as rules_pieces
from dunec.ir.ops import Op

MAX_SEATS = 4
DECK_KINDS = ("card", "starter", "reserve")
ZONES = ("hand", "discard", "play")  # where a card may be trashed from (rules_cards.trash_options)
FIRST = ("space", "card")  # ("first", what): which of an agent turn's two rewards runs first

# The actions that name nothing: one id each.
CONSTANTS = ("yes", "no", "reveal", "pass_turn", "pass", "end_turn", "stop_buying", "trash_nothing",
             "acquire_nothing", "swap_done", "discard_nothing")

# Per action kind: (family, the domains of the fields that make up its id, what it means).
# The same kind may name a card or a unit (`place`) or a card or a tile (`buy`): `key_of` tells them apart.
FAMILIES = (
    ("first", ("first",), "which of the agent turn's rewards runs first: the space's or the card's"),
    ("place", ("agent_card", "space"), "send an agent with a card to a space"),
    ("place_unit", ("placed_unit", "place"), "place a unit on a location after a won Conflict"),
    ("play", ("intrigue",), "play an intrigue card (plot, combat)"),
    ("once", ("leader",), "use the leader's once-per-game ability"),
    ("token", ("token",), "spend a once-a-game token"),
    ("use", ("tile",), "use an owned tile's ability"),
    ("buy", ("deck_card",), "buy a card from the Imperium Row or the reserve (at its price)"),
    ("buy_aside", ("deck_card",), "buy a card set aside for the player"),
    ("buy_tile", ("tile",), "buy a tile from a market"),
    ("buy_market", ("market_card",), "buy a card from a market of cards (a slot or its kept card)"),
    ("trash", ("zone", "deck_card"), "trash a card from a zone"),
    ("discard", ("deck_card",), "discard a card from hand"),
    ("acquire", ("deck_card",), "acquire a card from the Imperium Row"),
    ("retrieve", ("deck_card",), "take a card into the hand"),
    ("draw_top", ("deck_card",), "draw the card on top of the deck"),
    ("trash_top", ("deck_card",), "trash the card on top of the deck"),
    ("set_aside", ("deck_card",), "set a card aside"),
    ("block", ("space",), "block a space"),
    ("move", ("space",), "move an agent from a space"),
    ("recall", ("space",), "recall the agent at a space"),
    ("lose_intrigue", ("intrigue",), "lose or trash an intrigue card (the decision says which)"),
    ("swap", ("intrigue",), "put an intrigue card on the bottom of the Intrigue deck"),
    ("keep", ("intrigue",), "keep an intrigue card"),
    ("advance", ("track",), "advance on a track"),
    ("cash_out", ("track",), "recall to the bottom of a track, collecting its rewards"),
    ("cell", ("cell",), "move a token to a cell of a graph track (track, cell)"),
    ("deploy", ("unit", "count"), "deploy N units of a kind"),
    ("retreat", ("unit", "count"), "retreat N units of a kind"),
    ("option", ("choice",), "option i of a definition's `choose` (0-based)"),
    ("opponent", ("seat",), "pick the opponent in a seat"),
    ("influence", ("faction",), "gain influence with a faction (the amount is the card's)"),
    ("lose_influence", ("faction",), "lose influence with a faction"),
    ("secret", ("faction",), "choose a faction in secret"),
    ("ally", ("faction", "seat"), "give a faction's alliance to the player in a seat"),
    ("graft", ("grafted_card",), "graft a card of the hand to the graft card just placed"),
    ("graft_row", ("grafted_card",), "graft a card of the Imperium Row to the graft card just placed"),
    ("graft_first", ("grafted_card",), "of a grafted agent turn's rewards, this grafted card's agent box next"),
    ("place_piece", ("piece_location",), "place a piece on a board location (piece, location)"),
    ("recall_piece", ("piece_location",), "recall one of the player's pieces from a board location (piece, location)"),
    ("flip", ("tagged_card",), "flip one of the player's face-up tagged conflict cards (a cost)"),
)


class ActionError(ValueError):
    """An action the content's action space has no id for, or an id no option has."""


def key_of(action: tuple) -> tuple:
    """(family, value, ...): what an action's id is made of (amounts left out)."""
    k = action[0]
    n = len(action)
    if n == 1 or k == "first":
        return action
    if k == "place":
        return ("place", action[1], action[2])  # told apart from a unit by the domain (ActionSpace.key)
    if k == "buy":
        if n == 4:
            return ("buy_aside", action[1])
        return ("buy", action[1])  # a market's ("buy", market, tile): ActionSpace.key
    if k == "trash":
        return ("trash", action[2], action[1])
    if k in ("deploy", "retreat"):
        return (k, action[2] if n > 2 else "troops", action[1])
    if k == "option":
        return ("option", (action[1], action[2]))
    if k in ("cell", "place_piece", "recall_piece"):
        return (k, (action[1], action[2]))
    if k == "ally":
        return ("ally", action[1], action[2])
    return (k, action[1])


class ActionSpace:
    """The numbering of every action of one content (a selection of sets)."""

    def __init__(self, content):
        self.content = content
        self.domains = domains(content)
        keys: list[tuple] = [(c,) for c in CONSTANTS]
        self.ranges: list[tuple] = [("constant", 0, len(keys), "an action that names nothing: " +
                                     ", ".join(CONSTANTS))]
        for name, fields, meaning in FAMILIES:
            start = len(keys)
            for values in _product([self.domains[f] for f in fields]):
                keys.append((name, *values))
            self.ranges.append((name, start, len(keys), meaning))
        self.keys = tuple(keys)
        self.ids = {k: i for i, k in enumerate(keys)}
        self._agent_cards = frozenset(self.domains["agent_card"])
        self._markets = frozenset(content.declared("market")) if content.vocab else frozenset()
        self._card_markets = frozenset(m for m, t in content.declared("market").items() if t.get("to")) \
            if content.vocab else frozenset()
        self._cache: dict = {}

    @property
    def size(self) -> int:
        """The number of distinct actions (OpenSpiel's num_distinct_actions)."""
        return len(self.keys)

    def key(self, action: tuple) -> tuple:
        k = key_of(action)
        if k[0] == "place" and k[1] not in self._agent_cards:
            return ("place_unit", k[1], k[2])
        if k[0] == "buy" and k[1] in self._markets:
            return ("buy_market" if k[1] in self._card_markets else "buy_tile", action[2])
        return k

    def id_of(self, action) -> int:
        """The id of one action (an option of some decision)."""
        action = tuple(action)
        i = self._cache.get(action)
        if i is None:
            key = self.key(action)
            i = self.ids.get(key)
            if i is None:
                raise ActionError(f"the action {action!r} has no id in the action space of sets "
                                  f"{','.join(self.content.sets) or '(none)'}: {key!r} is outside its domains")
            self._cache[action] = i
        return i

    def legal_ids(self, options) -> list:
        """The ids of a decision's options, ascending, each once."""
        cache = self._cache
        out = {cache[a] if a in cache else self.id_of(a) for a in options}
        return sorted(out)

    def option_ids(self, options) -> list:
        """The id of each of a decision's options, in option order (an id repeats
        where options are the same action); `ids.index(i)` is the first option
        with id i."""
        cache = self._cache
        try:
            return [cache[a] for a in options]
        except KeyError:
            return [self.id_of(a) for a in options]

    def index_map(self, options) -> dict:
        """{id: the index of the first option with it} for a decision's options."""
        cache = self._cache
        out: dict = {}
        for j, a in enumerate(options):
            i = cache.get(a)
            if i is None:
                i = self.id_of(a)
            if i not in out:
                out[i] = j
        return out

    def index_of(self, i: int, options) -> int:
        """The index of the first option with id i; ActionError when none has it."""
        cache = self._cache
        for j, a in enumerate(options):
            if (cache[a] if a in cache else self.id_of(a)) == i:
                return j
        raise ActionError(f"action id {i!r} is not an option of this decision")

    def describe(self, i: int) -> tuple:
        """The id's key: its family and the ids it names (an option i is (definition, i))."""
        if type(i) is not int or not 0 <= i < len(self.keys):
            raise ActionError(f"{i!r} is not an action id (0..{len(self.keys) - 1})")
        return self.keys[i]


def _product(lists):
    out = [()]
    for values in lists:
        out = [(*o, v) for o in out for v in values]
    return out


def domains(content) -> dict:
    """Every domain the families draw on, each sorted: read from the content."""
    defs = content.defs
    # a set's derived kind (`kind gadget { like card }`) counts as its core kind
    ids = lambda *kinds: tuple(sorted(i for i, d in defs.items()  # noqa: E731
                                      if d["kind"] in kinds or d.get("like") in kinds))
    vocab = bool(content.vocab)
    units = content.declared("unit") if vocab else {}
    markets = content.declared("market") if vocab else {}
    tile_kinds = {m["sells"] for m in markets.values() if not m.get("to")}
    card_kinds = {m["sells"] for m in markets.values() if m.get("to")}  # a market of cards: into decks
    declared = content.declared("track") if vocab else {}
    tracks = tuple(sorted(declared))
    most = max([u.get("supply", 0) for u in units.values()] + [TROOPS_PER_PLAYER])
    return {
        "first": FIRST,
        # a card with agent icons, or a graft card (its pair's icons send the agent)
        "agent_card": tuple(sorted(i for i, d in defs.items() if d.get("icons") or d.get("graft"))),
        "deck_card": ids(*DECK_KINDS, *card_kinds),
        # any card may be grafted to a graft card: none without one (the base game, Ix)
        "grafted_card": ids(*DECK_KINDS, *card_kinds) if any(d.get("graft") for d in defs.values()) else (),
        "space": ids("space"),
        # where a unit is placed after a won Conflict: a declared location (Uprising's spaces
        # stand for theirs, arrakeen_up for arrakeen; the base game's share their ids)
        "place": tuple(sorted(set(ids("space")) | set(content.declared("location") if vocab else ()))),
        "intrigue": ids("intrigue"),
        "leader": ids("leader"),
        "tile": ids(*tile_kinds) if tile_kinds else (),
        "market_card": tuple(sorted(i for i, m in content.market_cards().items() if m in markets
                                    and markets[m].get("to"))) if card_kinds else (),
        "token": tuple(sorted(content.declared("token"))) if vocab else (),
        "unit": ("troops",) + tuple(sorted(u for u in units if u != "troops")),
        "placed_unit": tuple(sorted(u for u in units if u != "troops")),  # troops are deployed, never placed
        "count": tuple(range(most + 1)),
        "track": tracks,
        # every cell of every graph track: (track, cell)
        "cell": tuple((t, c) for t in tracks for c in sorted(declared[t].get("cells", ()))),
        # every location of every piece: (piece, location)
        "piece_location": tuple((piece, loc) for piece in sorted(rules_pieces.declared(content))
                                for loc in rules_pieces.locations(content, piece)),
        # the conflict cards that carry a tag of a tag set (rules/battle_icons.py)
        "tagged_card": tuple(sorted(i for i, d in defs.items() if d["kind"] == "conflict"
                                    and any(d.get(t) for t in content.declared("tags")))) if vocab else (),
        "zone": ZONES,
        "seat": tuple(range(MAX_SEATS)),
        "faction": tuple(FACTIONS),
        "choice": choices(content, set(defs) | set(tracks)),
    }


def choices(content, owners) -> tuple:
    """(definition, option number) for every option of every `choose` in the
    content's programs: a definition with several `choose`s has as many numbers
    as its largest."""
    widest: dict = {}
    for (ident, _box), ops in content.programs.items():
        if ident in owners:
            n = _widest(ops)
            if n:
                widest[ident] = max(widest.get(ident, 0), n)
    return tuple((ident, i) for ident in sorted(widest) for i in range(widest[ident]))


def _widest(ops) -> int:
    n = 0
    for op in ops:
        if not isinstance(op, Op):  # a compiled stretch that asks nothing
            continue
        if op.kind == "choose":
            n = max(n, len(op.alts))
        n = max(n, _widest(op.body), *(_widest(a) for a in op.alts)) if (op.body or op.alts) else n
    return n


_SPACES: dict = {}  # id(content) -> (the content, its space)


def space_of(content) -> ActionSpace:
    """The action space of a content, made once per content object (kept with
    it: an id alone may be reused by a new object once the old is freed)."""
    entry = _SPACES.get(id(content))
    if entry is None or entry[0] is not content:
        if len(_SPACES) >= 16:
            _SPACES.clear()
        entry = _SPACES[id(content)] = (content, ActionSpace(content))
    return entry[1]
