"""Checking the continuation of a state read from outside: the frames on
`state.stack` and the pending decision (state_check.py reads the rest).

A frame is `{"do": step, ...locals}`. Its locals are checked by what their names
mean everywhere in the engine (a `seat` is a seat, a `card` a definition, a `ref`
a box that exists, a `ctx` an effect context): the names are the steps' own
vocabulary, not a table per step, so a new step whose locals use these names is
checked without a line here. A local of another name is refused: the engine
never writes one."""
from __future__ import annotations

import ast
import inspect
import textwrap
from functools import lru_cache

from dunec.check.tables import FACTIONS, ZONES
from dunec.engine.loop.actions import ASIDE
from dunec.engine.rules.combat import PLACES
from dunec.engine.loop.steps import STEPS
from dunec.engine.rules.watchers import EVENTS as WATCH_EVENTS

DECK_KINDS = ("card", "starter", "reserve")  # the cards of a player's deck (state_check.py)

SMALL = 64  # counts a frame keeps (options, picks, units left): far above any game's
COST_KINDS = ("res", "influence", "influence_different", "trash_this", "trash_card", "trash_other_grafted",
              "trash_intrigue", "discard", "recall", "flip")


def _count(lo: int = 0):
    def check(r, w, v, f):
        r.int(w, v, lo, SMALL)
    return check


def _seat(r, w, v, f):
    r.seat(w, v)


def _seat_or_none(r, w, v, f):
    r.seat(w, v, none=True)


def _def(r, w, v, f):
    if v is not None and (not isinstance(v, str) or v not in r.defs):
        r.fail(w, f"expected a definition of this game, got {v!r}")


def _space(r, w, v, f):
    if v not in r.content.declared("location"):
        r.ident(w, v, ("space",))


def _space_or_none(r, w, v, f):
    if v is not None:
        r.ident(w, v, ("space",))


def _bool(r, w, v, f):
    r.bool(w, v)


def _ctx(r, w, v, f):
    r.ctx(w, v)


def _ref(r, w, v, f):
    r.ref(w, v)


def _seats(r, w, v, f):
    """An order of seats: each seat once."""
    if v is not None:
        for i, s in enumerate(r.list(w, v)):
            r.seat(f"{w}[{i}]", s)
        if not v or len(set(v)) != len(v):
            r.fail(w, f"expected each seat once, got {v!r}")


def _factions(r, w, v, f):
    for i, x in enumerate(r.list(w, v)):
        if x is not None:
            r.one_of(f"{w}[{i}]", x, FACTIONS)


def _faction(r, w, v, f):
    r.one_of(w, v, FACTIONS)


def _track(r, w, v, f):
    r.one_of(w, v, tuple(r.content.declared("track")))


def _market(r, w, v, f):
    r.one_of(w, v, tuple(r.content.declared("market")))


def _unit(r, w, v, f):
    r.one_of(w, v, ("troops", *r.content.declared("unit")))


def _units(r, w, v, f):
    for i, x in enumerate(r.list(w, v)):
        _unit(r, f"{w}[{i}]", x, f)


def _counter(r, w, v, f):
    if v:
        _resource(r, w, v)


def _resource(r, w, v) -> None:
    own = ("solari", "spice", "water", "vp", "intrigue", "garrison", "deployed", "troops", "draw", "persuasion",
           "swords")
    if v not in own and v not in r.content.declared("counter") and v not in r.content.declared("unit"):
        r.fail(w, f"{v!r} is not a resource of this game")


def _cost(r, w, c, f=None):
    if not isinstance(c, list) or not c or c[0] not in COST_KINDS:
        r.fail(w, f"expected a cost ({', '.join(COST_KINDS)} ...), got {c!r}")
    if c[0] == "res":
        if len(c) != 3:
            r.fail(w, f"expected [\"res\", resource, amount], got {c!r}")
        _resource(r, f"{w}[1]", c[1])
        r.int(f"{w}[2]", c[2], 0, SMALL)
    elif c[0] == "influence":
        if len(c) != 3 or (c[1] != "any" and c[1] not in FACTIONS):
            r.fail(w, f"expected [\"influence\", faction or any, amount], got {c!r}")
        r.int(f"{w}[2]", c[2], 0, 6)
    elif c[0] in ("discard", "trash_intrigue"):
        if len(c) != 2:
            r.fail(w, f"expected [{c[0]!r}, amount], got {c!r}")
        r.int(f"{w}[1]", c[1], 0, SMALL)
    elif c[0] == "trash_card" and len(c) == 3:  # a card from a zone (of a faction, or "": any)
        r.one_of(f"{w}[1]", c[1], ZONES)
        r.one_of(f"{w}[2]", c[2], FACTIONS + ("",))
    elif c[0] in ("recall", "flip"):  # (recall, piece, n), (flip, tag set, tag)
        if len(c) != 3:
            r.fail(w, f"expected [{c[0]!r}, name, {'amount' if c[0] == 'recall' else 'tag'}], got {c!r}")
    elif c[0] == "influence_different":
        if len(c) != 2:
            r.fail(w, f"expected [\"influence_different\", number of factions], got {c!r}")
        r.int(f"{w}[1]", c[1], 1, len(FACTIONS))
    elif len(c) != 1:
        r.fail(w, f"expected [{c[0]!r}], got {c!r}")


def check_costs(r, w, v, f=None):
    """A list of costs, as a box's `pay` or a space's cost holds them."""
    for i, c in enumerate(r.list(w, v)):
        _cost(r, f"{w}[{i}]", c)


def _ints(r, w, v, f):
    for i, x in enumerate(r.list(w, v)):
        r.int(f"{w}[{i}]", x, 0, SMALL)


def _strings(r, w, v, f):
    for i, x in enumerate(r.list(w, v)):
        r.str(f"{w}[{i}]", x)


def _left(r, w, v, f):
    if isinstance(v, list):
        _factions(r, w, v, f)
    else:
        r.int(w, v, -SMALL, SMALL)  # a countdown some steps run below 0


def _then(r, w, v, f):
    if isinstance(v, dict):
        check_frame(r, w, v)
    elif v not in STEPS:
        r.fail(w, f"expected a step or a frame, got {v!r}")


def _results(r, w, v, f):
    for i, x in enumerate(r.list(w, v)):
        if not isinstance(x, list) or len(x) != 2 or x[1] not in PLACES:
            r.fail(f"{w}[{i}]", f"expected [seat, place], got {x!r}")
        r.seat(f"{w}[{i}][0]", x[0])


def _place(r, w, v, f):
    r.one_of(w, v, PLACES)


def _cards(r, w, v, f):
    if v is not None:
        for i, x in enumerate(r.list(w, v)):
            _def(r, f"{w}[{i}]", x, f)


def _hints(r, w, v, f):
    if v is not None:
        for i, x in enumerate(r.list(w, v)):
            if type(x) not in (int, float) or x != x:
                r.fail(f"{w}[{i}]", f"expected a number, got {x!r}")


def _before(r, w, v, f):
    """A tally the log compares with after the step (a dict of counts), or none."""
    if v is not None:
        for k, n in r.dict(w, v).items():
            r.int(f"{w}.{k}", n, 0, 10 ** 6)


def _influence(r, w, v, f):
    r.keys(w, v, FACTIONS, "factions")
    for x in FACTIONS:
        r.int(f"{w}.{x}", v[x], 0, 6)


def _extras(r, w, v, f):
    for i, x in enumerate(r.list(w, v)):
        if not isinstance(x, list) or len(x) != 3:
            r.fail(f"{w}[{i}]", f"expected [unit, amount, supply before], got {x!r}")
        _unit(r, f"{w}[{i}][0]", x[0], f)
        r.int(f"{w}[{i}][1]", x[1], 0, SMALL)
        r.int(f"{w}[{i}][2]", x[2], 0, SMALL)


def _to(r, w, v, f):
    r.one_of(w, v, ("garrison", "supply"))


def _rest(r, w, v, f):
    """What a grafted agent turn still resolves: "" (the space's effect) or a card id."""
    for i, x in enumerate(r.list(w, v)):
        if x != "":
            _def(r, f"{w}[{i}]", x, f)


def _piece(r, w, v, f):
    """A set's piece (rules/pieces.py)."""
    from dunec.engine.rules import pieces as rules_pieces

    r.one_of(w, v, tuple(rules_pieces.declared(r.content)))


def _icons(r, w, v, f):
    """The agent icons a piece's location must link to (`near ICON...`)."""
    for i, x in enumerate(r.list(w, v)):
        r.str(f"{w}[{i}]", x)


def _chosen(r, w, v, f):
    r.list(w, v)


def _optional_seq(r, w, v, f):
    if v is not None:
        r.list(w, v)


# What each local means, by its name (every name the engine's steps use).
# The declared names a decision may be about: a track's step or cell, a token's `once`, a
# market's purchase, a location defended (a board's location that is no space: Uprising).
ABOUT_DECLARED = ("track", "token", "market", "location")


def _about(r, w, v, f) -> None:
    """What a decision a step asks is about (Engine.ask): a definition or a declared name."""
    if not (isinstance(v, str) and (v in r.defs or any(v in r.content.declared(k) for k in ABOUT_DECLARED))):
        r.fail(w, f"expected the id of a definition or of a declared track, token, market or location of this game, got {v!r}")


LOCALS = {
    "about": _about,
    "seat": _seat, "holder": _seat, "owner": _seat, "winner": _seat_or_none,
    "card": _def, "ident": _def, "space": _space, "loc": _space, "box": lambda r, w, v, f: r.str(w, v),
    "ctx": _ctx, "ref": _ref, "body": _ref, "order": _seats, "factions": _factions, "f": _faction,
    "track": _track, "market": _market, "unit": _unit, "kinds": _units, "currency": _counter,
    "cost": _cost, "costs": check_costs, "ok": _ints, "picked": _ints, "labels": _strings, "hints": _hints,
    "left": _left, "taken": _factions, "then": _then, "results": _results, "place": _place, "cards": _cards,
    "before": _before, "influence": _influence, "extras": _extras, "to": _to,
    "due": _cards, "harvest": _cards,  # contracts held as an agent was sent (rules/contracts.py)
    "i": _count(), "last": _seat_or_none, "pc": _count(), "passes": _count(), "picks": _count(), "n": _count(),
    "step": _count(), "done": _count(), "extra": _count(), "discount": _count(), "row": _count(-1),
    "aside": _count(-1), "answer": _count(), "chosen": _chosen, "tries": _optional_seq, "every": _optional_seq,
    "failed": _optional_seq, "takes": _bool, "to_top": _bool, "to_hand": _bool, "free_units": _bool, "unfinished": _bool,
    "deploys": _bool, "combat": _bool, "recruits": _bool, "rest": _rest, "piece": _piece, "icons": _icons,
    "remember": _bool, "remembers": _bool,  # a discard remembered for the body that reads it (rules/cards.py)
    "event": lambda r, w, v, f: r.one_of(w, v, WATCH_EVENTS),  # a rule for the round's event (rules/watchers.py)
    "here": _space_or_none, "shared": _bool,  # rules/pieces.py: a piece placed by the agent's space, beside another's
}


# Steps that index one of their lists directly (the others wrap their position around).
INDEXES = {"player_turns": (("i", "order"),)}


# Set on a frame when its decision is answered, not by the step that pushed it.
ANSWERED = ("answer", "chosen", "picked")


@lru_cache(maxsize=None)
def reads(do: str) -> frozenset:
    """The locals a step cannot run without: those its code reads as `f["name"]`
    outside the branch it takes once answered (`if "chosen" in f:`). Read from the
    step itself, so a new step needs no entry anywhere."""
    fn = STEPS[do]
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    arg = fn.__code__.co_varnames[1]  # (engine, frame)
    out = set()

    def answered(test) -> bool:
        return any(isinstance(n, ast.Constant) and n.value in ANSWERED for n in ast.walk(test))

    def walk(node) -> None:
        if isinstance(node, ast.If) and answered(node.test):
            for n in node.orelse:
                walk(n)
            return
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == arg \
                and isinstance(node.slice, ast.Constant) and isinstance(node.ctx, ast.Load) \
                and node.slice.value not in ANSWERED:
            out.add(node.slice.value)
        for n in ast.iter_child_nodes(node):
            walk(n)

    walk(tree)
    return frozenset(out)


def check_frame(r, where: str, f) -> None:
    r.dict(where, f)
    if f.get("do") not in STEPS:
        r.fail(f"{where}.do", f"expected a step of the engine, got {f.get('do')!r}")
    missing = sorted(k for k in reads(f["do"]) if k not in f)
    if missing:
        r.fail(where, f"the step {f['do']} needs the local {missing[0]}")
    for k, v in f.items():
        if k == "do":
            continue
        check = LOCALS.get(k)
        if check is None:
            r.fail(f"{where}.{k}", f"the step {f['do']} keeps no such local")
        check(r, f"{where}.{k}", v, f)
    _indexes(r, where, f)


def _indexes(r, where: str, f) -> None:
    """Positions a frame keeps into its own lists (an order of seats, the results)."""
    for key, seq in INDEXES.get(f["do"], ()):
        if isinstance(f.get(seq), list) and f[key] >= len(f[seq]):
            r.fail(f"{where}.{key}", f"{f[key]} is past the end of {seq} ({len(f[seq])})")
    if "pc" in f and "ref" in f:
        from dunec.engine.effects.interpreter import resolve

        if f["pc"] > len(resolve(r.content, f["ref"])):
            r.fail(f"{where}.pc", f"{f['pc']} is past the end of the box")
    if "i" in f and "ref" in f:  # the op of the box the step runs (a `choose`, a `foreach`)
        from dunec.engine.effects.interpreter import resolve

        seq = resolve(r.content, f["ref"])
        if f["i"] >= len(seq) or ("picked" in f and any(k >= len(seq[f["i"]].alts or ()) for k in f["picked"])):
            r.fail(f"{where}.i", f"{f['i']} is not an op of the box {f['ref'][0]} {f['ref'][1]}")
    if "picks" in f and "ok" in f and f["picks"] > len(f["ok"]):
        r.fail(f"{where}.picks", f"{f['picks']} picks of {len(f['ok'])} options")
    if "ok" in f and "labels" in f and any(i >= len(f["labels"]) for i in f["ok"]):
        r.fail(f"{where}.ok", "names an option that has no label")


# Option kinds and, per field after the kind, what it names.
_ID, _SEAT, _FACTION, _INT, _TEXT, _ANY = "id", "seat", "faction", "int", "text", "any"
OPTION_FIELDS = {
    "place": None,  # (place, card, space) or (place, unit, location): checked below
    "buy": None, "deploy": None, "retreat": None,
    "play": (_ID,), "once": (_ID,), "use": (_ID,), "trash": (_ID, _TEXT), "discard": (_ID,),
    "acquire": (_ID,), "retrieve": (_ID,), "draw_top": (_ID,), "trash_top": (_ID,), "set_aside": (_ID,),
    "graft": (_ID,), "graft_row": (_ID,), "graft_first": (_ID,),
    "block": (_ID,), "move": (_ID,), "recall": (_ID,), "lose_intrigue": (_ID,), "swap": (_ID,), "keep": (_ID,),
    "advance": ("track",), "cash_out": ("track",), "cell": ("track", "cell"), "first": (_TEXT,), "token": ("token",),
    "option": (_ID, _INT, _ANY), "yes": (), "opponent": (_SEAT,),  # ids only (actions.py)
    "place_piece": ("piece", "location"), "recall_piece": ("piece", "location"),  # rules/pieces.py
    "flip": (_ID,),  # a face-up tagged conflict card (rules/battle_icons.py)
    "influence": (_FACTION, _INT), "lose_influence": (_FACTION, _INT), "secret": (_FACTION,),
    "ally": (_FACTION, _SEAT),
    "no": (), "reveal": (), "pass_turn": (), "pass": (), "end_turn": (), "stop_buying": (), "trash_nothing": (),
    "acquire_nothing": (), "swap_done": (), "discard_nothing": (),
}


def _option(r, w: str, a) -> None:
    if not isinstance(a, list) or not a or a[0] not in OPTION_FIELDS:
        r.fail(w, f"expected an action ([kind, ...]), got {a!r}")
    k, rest = a[0], a[1:]
    shape = OPTION_FIELDS[k]
    if k == "place":
        if len(rest) != 2:
            r.fail(w, f"expected [\"place\", card or unit, space], got {a!r}")
        if rest[0] in r.defs:
            r.ident(f"{w}[1]", rest[0], DECK_KINDS)
            r.ident(f"{w}[2]", rest[1], ("space",))
        else:
            _unit(r, f"{w}[1]", rest[0], None)
            r.one_of(f"{w}[2]", rest[1], tuple(r.content.declared("location")))
        return
    if k == "buy":  # (buy, card, price[, aside]) from the Imperium Row or set aside, or (buy, market, tile)
        if len(rest) == 3 and rest[2] == ASIDE:
            rest = rest[:2]
        if len(rest) != 2:
            r.fail(w, f"expected [\"buy\", card, price] or [\"buy\", market, tile], got {a!r}")
        if rest[0] in r.content.declared("market"):
            r.ident(f"{w}[2]", rest[1], (r.content.declared("market")[rest[0]]["sells"],))
        else:
            r.ident(f"{w}[1]", rest[0], DECK_KINDS)
            r.int(f"{w}[2]", rest[1], 0, SMALL)
        return
    if k in ("deploy", "retreat"):
        if len(rest) not in (1, 2):
            r.fail(w, f"expected [{k!r}, amount] or [{k!r}, amount, unit], got {a!r}")
        r.int(f"{w}[1]", rest[0], 0, SMALL)
        if len(rest) == 2:
            _unit(r, f"{w}[2]", rest[1], None)
        return
    if len(rest) != len(shape):
        r.fail(w, f"expected {len(shape) + 1} fields for {k!r}, got {a!r}")
    for i, (what, v) in enumerate(zip(shape, rest), 1):
        at = f"{w}[{i}]"
        if what == _ID:
            _def(r, at, v, None)
            if v is None:
                r.fail(at, "expected a definition, got null")
        elif what == _SEAT:
            r.seat(at, v)
        elif what == _FACTION:
            r.one_of(at, v, FACTIONS)
        elif what == _INT:
            r.int(at, v, 0, SMALL)
        elif what == _TEXT:
            r.str(at, v)
        elif what == "track":
            _track(r, at, v, None)
        elif what == "cell":  # a cell of the graph track the option names before it
            r.one_of(at, v, tuple(r.content.declared("track")[rest[0]].get("cells", ())))
        elif what == "token":
            r.one_of(at, v, tuple(r.content.declared("token")))
        elif what == "piece":
            _piece(r, at, v, None)
        elif what == "location":  # a location of the piece the option names before it
            from dunec.engine.rules import pieces as rules_pieces

            r.one_of(at, v, rules_pieces.locations(r.content, rest[0]))
        elif v is not None:
            r.one_of(at, v, FACTIONS)


# Where the card an option names must be for the option to be played: piles of
# the deciding player, or of the board.
HELD = {"play": ("hand", "intrigue"), "graft": ("hand",), "graft_row": ("imperium_row",), "graft_first": ("played",), "discard": ("hand",), "set_aside": ("hand", "imperium_row"),
        "lose_intrigue": ("intrigue",), "swap": ("intrigue",), "keep": ("intrigue_deck",),
        "acquire": ("imperium_row", "reserve"), "use": ("tiles",), "draw_top": ("deck",), "trash_top": ("deck",),
        "token": ("tokens",)}


def _held(r, w: str, a, p, shared: bool = False) -> None:
    """`shared`: the decision places a piece beside another player's (rules/pieces.py)."""
    k = a[0]
    if k == "cell":  # a move on a graph track: a link out of the cell the player's token is on
        m = r.content.declared("track")[a[1]]
        at = p["tracks"].get(a[1])
        if at not in m["cells"] or a[2] not in m["cells"][at]["next"]:
            r.fail(f"{w}[2]", f"{a[2]!r} is not linked from the cell {at!r} the token is on")
        return
    if k in ("place_piece", "recall_piece"):  # a free location; one where the player's piece stands
        mine = a[2] in p["pieces"].get(a[1], {}).get("on", ())
        if mine != (k == "recall_piece") or (k == "place_piece" and not shared and any(
                a[2] in h["on"] for q in r.data["players"] for h in q["pieces"].values())):
            r.fail(f"{w}[2]", f"{a[2]!r} is {'not ' if k == 'recall_piece' else ''}where the player's {a[1]} stands"
                   if k == "recall_piece" or mine else f"{a[2]!r} already holds a piece")
        return
    piles = HELD.get(k)
    if k == "place" and a[1] in r.defs:
        piles = ("hand",)
    if k == "buy" and a[1] in r.defs:
        piles = ("imperium_row", "manipulated", "reserve")
    if k == "trash":
        piles = ("played", "revealed") if a[2] == "play" else (a[2],)
        if a[2] not in ("hand", "discard", "play"):
            r.fail(f"{w}[2]", f"expected hand, discard or play, got {a[2]!r}")
    if piles is None:
        return
    st = r.data
    for pile in piles:
        held = p.get(pile) if pile in p else st.get(pile)
        if (held.get(a[1], 0) > 0 if isinstance(held, dict) else a[1] in held):
            return
    r.fail(f"{w}[1]", f"{a[1]} is not in {' or '.join(piles)}, where {k!r} takes it from")


def _buy_offsets(r, where: str, f, options, p) -> None:
    """The buy menu counts its options: the Row's first (`row` of them), then the
    cards set aside for the player (`aside`), then the reserve's."""
    row, aside = f["row"], f["aside"]
    if row < 0 or aside < 0 or row + aside > len(options):
        r.fail(f"{where}.row", f"{row} Row and {aside} set-aside options of {len(options)}")
    for i, a in enumerate(options[:row + aside]):
        pile = "imperium_row" if i < row else "manipulated"
        held = r.data[pile] if i < row else p[pile]
        if a[0] != "buy" or a[1] not in held:
            r.fail(f"{where}.row", f"option {i} is not a buy from the {pile}")
    markets = r.content.declared("market")
    for i, a in enumerate(options[row + aside:], row + aside):
        if a[0] == "buy" and a[1] in markets:  # an `at reveal` market's entry, after the reserve's
            if not markets[a[1]].get("at_reveal"):
                r.fail(f"{where}.row", f"option {i} buys from {a[1]}, a market not bought on a reveal turn")
        elif a[0] == "buy" and r.data["reserve"].get(a[1], 0) <= 0:
            r.fail(f"{where}.row", f"option {i} buys {a[1]}, not a card of the reserve")


def check_pending(r, where: str, d, stack) -> None:
    # `about` and `words` are optional: the engine writes them only when it has them (Engine.ask).
    r.keys(where, d, ("seat", "kind", "options", "hint", *(k for k in ("about", "words") if k in d)), "fields")
    if "about" in d:
        _about(r, f"{where}.about", d["about"], d)
    words = d.get("words")
    if "words" in d and not (isinstance(words, str)
                             or isinstance(words, list) and all(isinstance(w, str) for w in words)):
        r.fail(f"{where}.words", f"expected a text or a list of texts, got {words!r}")
    r.seat(f"{where}.seat", d["seat"])
    if r.data["players"][d["seat"]]["rival"]:
        r.fail(f"{where}.seat", f"seat {d['seat']} is a House Hagal rival, which never waits on a decision")
    r.str(f"{where}.kind", d["kind"])
    options = r.list(f"{where}.options", d["options"])
    if len(options) < 2:
        r.fail(f"{where}.options", f"{len(options)} options (a decision asked has two or more)")
    shared = bool(stack) and stack[-1].get("shared") is True
    for i, a in enumerate(options):
        _option(r, f"{where}.options[{i}]", a)
        _held(r, f"{where}.options[{i}]", a, r.data["players"][d["seat"]], shared)
    if not stack:
        r.fail("stack", "empty while a decision waits (its step must be on top)")
    top = stack[-1]
    if "answer" in top or "chosen" in top:
        r.fail(f"stack[{len(stack) - 1}]", "the step waiting on the decision already has an answer")
    if "seat" in top and top["seat"] != d["seat"]:  # the step reads the answer as that seat's
        r.fail(f"stack[{len(stack) - 1}].seat", f"{top['seat']}, but the decision is seat {d['seat']}'s")
    if top.get("do") == "buy" and "row" in top:
        _buy_offsets(r, f"stack[{len(stack) - 1}]", top, options, r.data["players"][d["seat"]])
    h = d["hint"]
    if h is not None and type(h) not in (int, float, list):
        r.fail(f"{where}.hint", f"expected a number, a list or null, got {h!r}")
