"""A set's own names: read the `set` definitions and join them to the core tables.

A set is a folder `cards/<set>/` whose `set` definition names its title, the sets
it requires and every name it adds. The checker resolves cards against the core
tables (tables.py) plus the names of every known set; a name may only be used by
a definition of the set that declares it or of a set that requires that set.
"""
from __future__ import annotations


from dunec.check import tables as T
from dunec.check.diagnostics import Diagnostics, did_you_mean, one_of
from dunec.check.messages import (
    CONTENT_TWICE, DUPLICATE_FIELD, PRICED_CONTRACTS, FIELD_NEEDS_BLOCK, FIELD_TAKES_NO_BLOCK, FLAG_TAKES_NO_VALUE, FREE_MARKET_PAID,
    MARKET_CARD_FIELD_ON_TILES, MARKET_REBATES_ITS_CURRENCY, MARKET_STACKS_AND_SLOTS, MISSING_FIELD,
    NAME_DECLARED_TWICE, NAME_EXPECTED, NAME_LISTED_TWICE, NAMES_EXPECTED, NUMBER_EXPECTED, NUMBER_OUT_OF_RANGE,
    SET_REQUIRED_TWICE, SET_REQUIRES_ITSELF, TRACK_LINK_NOT_RIGHTWARD, TRACK_MIXES_FORMS, TRACK_UNKNOWN_CELL,
    TRACK_UNREACHABLE_CELL, UNKNOWN_FIELD, UNKNOWN_KIND, UNKNOWN_NAME, FIRST_ON_START_CELL,
    FIRST_ON_UNKNOWN_CELL,
)
from dunec.check.schema import RANGES, SCHEMAS
from dunec.ir import verbs as V
from dunec.record import Record
from dunec.syntax import ast

# What a set body holds: `STATEMENT id "Title"` declarations (with a { } of fields
# for units, tracks, markets and tokens), `requires SET ...` and `kinds KIND ...`.
DECLARATIONS = ("counter", "unit", "track", "market", "token", "location")
# The open tables (docs/language.md, "Declarations any expansion needs"): a definition
# kind derived from a core kind, an agent icon, a tag set, a board-held flag, a
# player's pieces; and the content a set replaces or removes.
OPEN_DECLARATIONS = ("kind", "icon", "tags", "flag", "piece")
CONTENT_CHANGES = ("replace", "remove")
# `default`: the set is the game played when no sets are named (with the sets it requires).
# `mix SET { ... }`: what another game's set brings into a game of this one (rules 003
# "Combining with other Dune: Imperium products"; docs/language.md, "Mixing games").
SET_FIELDS = ("requires", "kinds", "default", "module", "mix") + DECLARATIONS + OPEN_DECLARATIONS + CONTENT_CHANGES
# The fields of a `mix SET { }`: the guest's kinds that join, content of the guest (or of
# a set it requires) taken in although its kind does not join (`take KIND ID epic`: in the
# Epic game only), content it leaves out, and the host's spaces a guest's space covers.
MIX_FIELDS = ("kinds", "take", "remove", "replace")
UNIT_FIELDS = {"strength": "unit_strength", "supply": "unit_supply"}
# A market's numbers: how many face-down stacks its definitions are dealt into, or how
# many face-up slots are dealt from one deck of them (one of the two).
MARKET_FIELDS = {"stacks": "market_stacks", "slots": "market_slots"}
MARKET_WORDS = ("currency", "sells", "rebate", "keeps", "at", "to", "free", "when_empty")
# Where a card bought from a market goes (`to discard` is the default).
MARKET_DESTINATIONS = ("discard", "top")
# A token's boxes: `once { effects }`, spent once a game on the owner's turn.
TOKEN_BOXES = ("once",)


def card_kind(kind: str) -> bool:
    """A definition kind of cards that go into decks and are bought at a price: its
    schema requires a `cost` and has a `reveal` box (an Imperium card, a reserve card, a kind
    derived from them). A market that sells one deals cards, not tiles."""
    if kind in T.MARKET_KINDS:  # a tile has a cost and a reveal box too, and no deck holds it
        return False
    schema = SCHEMAS.get(kind, {})
    return "cost" in schema and schema["cost"].required and "reveal" in schema


def sellable_kinds() -> tuple:
    """The kinds a market may sell: tiles (T.MARKET_KINDS) and card kinds."""
    return tuple(T.MARKET_KINDS) + tuple(k for k in SCHEMAS if card_kind(k))


# A track is a line (`steps N`, `step K { }`, `first K { }`) or a graph of cells
# (`cell ID { column N; next ID...; gives { } }`, `start ID`, `from COLUMN { }`);
# `at_end { }` fits either (docs/language.md, "Tracks").
LINE_FIELDS = ("steps", "step")
GRAPH_FIELDS = ("cell", "start", "from")
# `first K { }` (a line's step K) / `first CELL { }` (a graph's cell): either form
# `leader ID`: the track is printed on that leader, whose player alone has a token on it
# (Feyd-Rautha's Training track); either form
TRACK_FIELDS = LINE_FIELDS + GRAPH_FIELDS + ("first", "at_end", "leader")
CELL_FIELDS = ("column", "next", "gives")


class Cell(Record):
    """One cell of a graph track: its column, the cells its links lead to (id, span),
    and its reward (statements, later IR ops; None: it gives nothing)."""
    FIELDS = ("id", "span", "column", "next", "gives")

    def __init__(self, id: str, span: ast.Span, column: int | None = None, next: list | None = None,
                 gives=None) -> None:
        self.id = id
        self.span = span
        self.column = column
        self.next = [] if next is None else next
        self.gives = gives


class Decl(Record):
    """One declared name: a counter, unit kind, track or market."""
    FIELDS = ("kind", "id", "title", "set", "span", "numbers", "steps", "currency", "currency_span", "sells",
              "rebate", "rebate_span", "holds", "holds_span", "keeps", "keeps_span", "at_reveal", "to", "free",
              "boxes", "sells_span", "returnable", "field_spans", "firsts", "cells", "start", "froms", "at_end")

    def __init__(self, kind: str, id: str, title: str, set: str, span: ast.Span, numbers: dict | None = None,
                 steps: dict | None = None, currency: str = "", currency_span: ast.Span | None = None,
                 sells: str = "", rebate: str = "", rebate_span: ast.Span | None = None, holds: str = "",
                 holds_span: ast.Span | None = None, keeps: str = "", keeps_span: ast.Span | None = None,
                 at_reveal: bool = False, to: str = "", free: bool = False, boxes: dict | None = None,
                 sells_span: ast.Span | None = None, returnable: bool = False,
                 field_spans: dict | None = None) -> None:
        self.kind = kind
        self.id = id
        self.title = title
        self.set = set
        self.span = span
        self.numbers = {} if numbers is None else numbers  # unit: strength, supply; track: steps
        self.steps = {} if steps is None else steps  # track: step -> (span, statements), later IR ops
        self.currency = currency  # market
        self.currency_span = currency_span
        self.sells = sells  # market: the definition kind it deals into its stacks
        self.rebate = rebate  # market: a counter returned for 1 off the price each (optional)
        self.rebate_span = rebate_span
        # counter: the unit kind whose pieces it holds (`holds troops`: a negotiator is a
        # troop from the supply), or "" for a counter of its own tokens
        self.holds = holds
        self.holds_span = holds_span
        # counter that holds units: the player may return them to the supply at any time
        # (Immortality's specimens, rules 002); a negotiator is not returned at will
        self.returnable = returnable
        self.sells_span = sells_span
        self.field_spans = {} if field_spans is None else field_spans  # market: where `keeps`, `to` are given
        # market: a fixed entry never removed (`keeps CARD`), bought on a reveal turn
        # beside the Imperium Row (`at reveal`), where a bought card goes (`to discard|top`),
        # and `free` (no currency: its name is a verb that takes its entries) and
        # `when_empty { effects }` (what that verb gives with none left): rules/contracts.py
        self.keeps = keeps
        self.keeps_span = keeps_span
        self.at_reveal = at_reveal
        self.to = to
        self.free = free
        # market `when_empty`, token `once`: box -> (span, statements), later IR ops
        self.boxes = {} if boxes is None else boxes
        # track: `first K { }` (step -> (span, statements), later IR ops): a one-time
        # reward for the first player to reach step K
        self.firsts: dict = {}
        self.cells: dict = {}  # graph track: cell id -> Cell
        self.start = ""  # graph track: the cell every token starts on
        self.start_span = None
        self.froms: dict = {}  # graph track: column -> (span, statements), later the passive's IR ops
        self.at_end = None  # track: (span, statements), later IR ops: an advance that cannot move
        self.leader = ""  # track: the leader whose player alone has a token on it (`leader ID`), or ""
        self.leader_span = None

    @property
    def graph(self) -> bool:
        """A track of cells (else a line of steps)."""
        return bool(self.cells)


class OpenDecl(Decl):
    """A declaration of the open tables: a derived kind (`like`: its core kind), an
    icon (`via`: the piece that places it, Uprising's spies), a tag set (`words`: its
    tags, `wild`: the tag that matches any), a flag (`words`: the spaces it
    protects), a piece (`numbers`: supply; `on`: the definition kind it stands on)."""
    FIELDS = Decl.FIELDS + ("like", "via", "via_span", "words", "wild", "on", "on_span")

    def __init__(self, kind: str, id: str, title: str, set: str, span: ast.Span) -> None:
        super().__init__(kind, id, title, set, span)
        self.like = ""
        self.via, self.via_span = "", None
        self.words = []  # (name, span)
        self.wild = ""
        self.on, self.on_span = "", None


class Replacement(Record):
    """One `replace KIND OLD with NEW [N]` of a set or a deck list: N copies of OLD
    (every copy when N is left out: n is None) leave the pile KIND's cards are dealt
    into, and as many copies of NEW take their place (docs/language.md, "Replacing
    cards"; engine/rules/replacements.py)."""
    FIELDS = ("kind", "old", "new", "n", "span", "kind_span", "old_span", "new_span", "n_span")

    def __init__(self, kind: str, old: str, new: str, n, span: ast.Span, kind_span: ast.Span,
                 old_span: ast.Span, new_span: ast.Span, n_span: ast.Span | None = None) -> None:
        self.kind, self.old, self.new, self.n = kind, old, new, n
        self.span, self.kind_span, self.old_span, self.new_span, self.n_span = (
            span, kind_span, old_span, new_span, n_span)

    def row(self) -> tuple:
        """The plain data the engine reads: (kind, old, new, n or None)."""
        return (self.kind, self.old, self.new, self.n)


# The kinds whose cards a `replace` may swap, each dealt into one pile: starting
# cards into the starting deck, House Hagal cards into each mode's House Hagal deck.
REPLACEABLE = ("starter", "hagal")
REPLACE_EXAMPLE = "replace starter dune_the_desert_planet with experimentation"


def read_replacement(st: ast.Action, diags: Diagnostics, example: str = REPLACE_EXAMPLE):
    """`replace KIND OLD with NEW [N]` (a set's statement or a deck list's row): a
    Replacement, or None once the mistake is reported. The names are judged against
    the content in check/sets.py (check_replacements), the one checker path."""
    words = list(st.args)
    shape = (len(words) in (4, 5) and st.body is None and all(a.kind == "name" for a in words[:4])
             and words[2].value == "with" and (len(words) == 4 or words[4].kind == "int"))
    if not shape:
        diags.error(NAME_EXPECTED, words[0].span if words else st.verb_span, field="replace", example=example)
        return None
    kind, old, _, new = words[:4]
    if kind.value not in REPLACEABLE:
        diags.error(UNKNOWN_KIND, kind.span, kind=kind.value,
                    help=f"`replace` swaps {' or '.join(f'`{k}`' for k in REPLACEABLE)} cards: `{example}`")
        return None
    n = words[4] if len(words) == 5 else None
    if n is not None and not 1 <= n.value <= RANGES["deck_row"].hi:
        r = RANGES["deck_row"]
        diags.error(NUMBER_OUT_OF_RANGE, n.span, what=r.what, lo=r.lo, hi=r.hi, number=f"`{n.value}`", why=r.why,
                    beyond=f"below {r.lo}" if n.value < r.lo else f"above {r.hi}")
        return None
    return Replacement(str(kind.value), str(old.value), str(new.value), None if n is None else n.value, st.span,
                       kind.span, old.span, new.span, None if n is None else n.span)


class SetDecl(Record):
    FIELDS = ("id", "title", "defn", "requires", "kinds", "names", "derived", "replaces", "removes", "unplayed",
              "default", "default_span", "module", "mixes")

    def __init__(self, id: str, title: str, defn: ast.Definition, requires: list | None = None,
                 kinds: tuple = (), names: dict | None = None) -> None:
        self.id = id
        self.title = title
        self.defn = defn
        self.requires = [] if requires is None else requires  # (set, span)
        self.kinds = kinds
        self.names = {} if names is None else names  # id -> Decl
        self.derived = {}  # kind id -> OpenDecl: the definition kinds the set derives (`kind ID { like K }`)
        self.replaces = []  # Replacement: `replace KIND OLD with NEW [N]`
        self.removes = []  # (kind, id, span): `remove KIND ID`
        # (construct, span) of each construct of the set's declarations the engine does not
        # play yet (T.UNPLAYED_CONSTRUCTS; its definitions' are found in check/constructs.py)
        self.unplayed = []
        self.default = False  # `default`: the game played when no sets are named
        self.default_span = None
        self.module = False  # `module`: an optional part of the sets it requires (listed with them)
        self.mixes = {}  # guest set id -> MixDecl: `mix SET { ... }`


class MixDecl(Record):
    """`mix SET { kinds KIND...; take KIND ID; remove KIND ID; replace KIND OLD with NEW }`
    in a set (the host): in a game of the host, set SET (the guest, another game or a
    set built on one) brings its declarations and only its definitions of these kinds,
    the content taken, less the content removed; a guest's space covers a host's, and
    the host's card NEW is the guest's OLD wherever a guest's card names it."""
    FIELDS = ("guest", "span", "kinds", "takes", "epic_takes", "removes", "covers", "stands")

    def __init__(self, guest: str, span: ast.Span) -> None:
        self.guest = guest
        self.span = span
        self.kinds = []  # (kind, span)
        self.takes = []  # (kind, id, span)
        self.epic_takes = []  # (kind, id, span): `take KIND ID epic`, in the Epic game only
        self.removes = []  # (kind, id, span)
        self.covers = []  # (old space, new space, old span, new span)
        # `replace KIND OLD with NEW` of another kind: the guest's OLD (left out) is the
        # host game's NEW wherever a card names it (old, new, old span, new span, kind)
        self.stands = []


def read_set(defn: ast.Definition, diags: Diagnostics) -> SetDecl:
    """The declarations of one `set` definition; a malformed statement is reported and skipped."""
    out = SetDecl(defn.id, defn.title or defn.id.replace("_", " ").title(), defn)
    listed = []  # the `kinds` names, judged once the set's own derived kinds are read
    for st in defn.body:
        if isinstance(st, ast.Requires):
            terms = _names_of_cond(st.cond)
            if terms is None:
                diags.error(NAME_EXPECTED, st.span, field="requires", example="requires base")
            else:
                _add_requirements(out, terms, diags)
            continue
        if not isinstance(st, ast.Action) or st.verb not in SET_FIELDS:
            word = st.verb if isinstance(st, ast.Action) else "statement"
            span = st.verb_span if isinstance(st, ast.Action) else st.span
            diags.error(UNKNOWN_FIELD, span, field=word, kind="set definition",
                        help=did_you_mean(word, SET_FIELDS) or one_of(SET_FIELDS, near=word))
            continue
        if st.verb == "kinds":
            listed += st.args
            continue
        if st.verb in ("default", "module"):
            if st.args or st.body is not None:
                diags.error(FLAG_TAKES_NO_VALUE, st.args[0].span if st.args else st.span, field=st.verb,
                            example=st.verb)
            if st.verb == "default":
                out.default, out.default_span = True, st.span
            else:
                out.module = True
            continue
        if st.verb in OPEN_DECLARATIONS + CONTENT_CHANGES:
            _read_open(st, out, diags)
            continue
        if st.verb == "mix":
            _read_mix(st, out, diags)
            continue
        decl = _declaration(st, out.id, diags)
        if decl is None:
            continue
        if decl.id in out.names:
            diags.error(NAME_DECLARED_TWICE, st.args[0].span, name=decl.id, set=out.id,
                        notes=[("first declared here", out.names[decl.id].span)])
            continue
        out.names[decl.id] = decl
        out.unplayed += list(getattr(decl, "flags", ()))
    _read_kinds(out, listed, diags)
    return out


def _read_kinds(out: SetDecl, listed: list, diags: Diagnostics) -> None:
    """`kinds KIND ...`: the definition kinds the set holds, core or its own derived."""
    known = list(SCHEMAS) + list(out.derived)
    kinds = []
    for a in listed:
        if a.kind != "name" or a.value not in known:
            diags.error(UNKNOWN_KIND, a.span, kind=a.text(),
                        help=did_you_mean(str(a.value), known) or one_of(known, near=str(a.value)))
        else:
            kinds.append(a.value)
    out.kinds += tuple(kinds) + tuple(k for k in out.derived if k not in kinds)  # a derived kind is the set's own


OPEN_EXAMPLES = {
    "kind": 'kind tleilaxu "Tleilaxu card" { like card }',
    "icon": 'icon spy "Spy"',
    "tags": 'tags battle "Battle icon" { crysknife desert_mouse ornithopter; wild wild }',
    "flag": 'flag shield_wall "Shield Wall" { protects arrakeen imperial_basin }',
    "piece": 'piece spies "Spy" { supply 3; on post }',
    "replace": REPLACE_EXAMPLE,
    "remove": "remove space mentat",
}
REMOVABLE = ("space", "starter", "reserve", "card")
# The fields a unit may carry besides its numbers (Uprising's sandworm: syntax only).
UNIT_FLAGS = ("summoned", "doubles")
# The fields of each open declaration (`tags` also takes its tag names as fields).
OPEN_FIELDS = {"kind": ("like",), "icon": ("via",), "tags": ("wild", "pairs"), "flag": ("protects",),
               "piece": ("supply", "on")}


def _read_open(st: ast.Action, out: SetDecl, diags: Diagnostics) -> None:
    """One statement of the open tables or a content change, into the set declaration."""
    example = OPEN_EXAMPLES[st.verb]
    if st.verb in CONTENT_CHANGES:
        _read_change(st, out, example, diags)
        return
    args = st.args
    if not args or args[0].kind != "name" or len(args) > 2 or (len(args) == 2 and args[1].kind != "str"):
        diags.error(NAME_EXPECTED, args[0].span if args else st.verb_span, field=st.verb, example=example)
        return
    ident = str(args[0].value)
    title = str(args[1].value) if len(args) == 2 else ident.replace("_", " ").capitalize()
    decl = OpenDecl(st.verb, ident, title, out.id, args[0].span)
    if st.verb in ("piece", "tags"):
        out.unplayed.append((st.verb, st.verb_span))
    body = st.body or []
    if st.body is None and st.verb != "icon":
        diags.error(FIELD_NEEDS_BLOCK, st.span, field=st.verb, example=example)
        return
    fields = OPEN_FIELDS[st.verb]
    seen: dict = {}
    for f in body:
        if not isinstance(f, ast.Action) or (f.verb not in fields and st.verb != "tags"):
            word = f.verb if isinstance(f, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, f.verb_span if isinstance(f, ast.Action) else f.span, field=word,
                        kind=st.verb, help=did_you_mean(word, fields) or one_of(fields, near=word))
            continue
        if st.verb == "tags" and f.verb not in fields:  # a line of tag names
            _add_words(decl, [ast.Arg("name", f.verb, f.verb_span)] + list(f.args), f, diags)
            continue
        if f.verb in seen:
            diags.error(DUPLICATE_FIELD, f.verb_span, field=f.verb, notes=[("first given here", seen[f.verb])])
            continue
        seen[f.verb] = f.verb_span
        if f.verb in ("protects",):
            _add_words(decl, list(f.args), f, diags)
            continue
        if f.verb in ("supply", "pairs"):  # a piece's supply; the VP a tag set's matched pair scores
            r = RANGES["unit_supply" if f.verb == "supply" else "tag_pairs"]
            if len(f.args) != 1 or f.args[0].kind != "int" or f.body is not None:
                diags.error(NUMBER_EXPECTED, f.args[0].span if f.args else f.verb_span, field=f.verb, lo=r.lo,
                            hi=r.hi, example=f"{f.verb} {1 if f.verb == 'pairs' else 3}")
            elif _in_range(f.args[0], r, diags):
                decl.numbers[f.verb] = f.args[0].value
            continue
        if len(f.args) != 1 or f.args[0].kind != "name" or f.body is not None:
            diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field=f.verb,
                        example={"like": "like card", "via": "via spies", "wild": "wild wild",
                                 "on": "on post"}[f.verb])
            continue
        value, span = str(f.args[0].value), f.args[0].span
        if f.verb == "like":
            if value not in SCHEMAS:
                diags.error(UNKNOWN_KIND, span, kind=value, help=did_you_mean(value, SCHEMAS) or one_of(SCHEMAS, near=value))
                continue
            decl.like = value
        elif f.verb == "via":
            decl.via, decl.via_span = value, span
            out.unplayed.append(("via", f.verb_span))
        elif f.verb == "on":
            decl.on, decl.on_span = value, span
        else:  # wild: a tag of the set that matches any other
            decl.wild = value
            if value not in [w for w, _ in decl.words]:
                decl.words.append((value, span))
    missing = {"kind": "like", "flag": "protects", "piece": "supply"}.get(st.verb)
    if missing and missing not in seen:
        diags.error(MISSING_FIELD, args[0].span, kind=st.verb, id=ident, field=missing,
                    example={"like": "like card", "protects": "protects arrakeen", "supply": "supply 3"}[missing])
        return
    if st.verb == "piece" and "on" not in seen:
        diags.error(MISSING_FIELD, args[0].span, kind="piece", id=ident, field="on", example="on post")
        return
    if st.verb == "kind":
        if ident in SCHEMAS or ident in out.derived:
            first = out.derived.get(ident)
            diags.error(NAME_DECLARED_TWICE, args[0].span, name=ident, set=out.id,
                        notes=[("first declared here", first.span)] if first else
                        [("it is a core definition kind (see docs/language.md)", None)])
            return
        if decl.like:
            out.derived[ident] = decl
        return
    if st.verb == "tags" and any(ident in schema for schema in SCHEMAS.values()):
        # a card's field named after the tag set would read as the core field
        diags.error(NAME_DECLARED_TWICE, args[0].span, name=ident, set=out.id,
                    notes=[("it is a field of a definition kind (see docs/language.md)", None)])
        return
    if ident in out.names:
        diags.error(NAME_DECLARED_TWICE, args[0].span, name=ident, set=out.id,
                    notes=[("first declared here", out.names[ident].span)])
        return
    out.names[ident] = decl


def _add_words(decl: OpenDecl, args: list, f: ast.Action, diags: Diagnostics) -> None:
    """Names listed in a declaration's { }: a tag set's tags, the spaces a flag protects."""
    if not args or f.body is not None or any(a.kind != "name" for a in args):
        bad = next((a for a in args if a.kind != "name"), None)
        diags.error(NAMES_EXPECTED, bad.span if bad else f.verb_span, field=f.verb,
                    example=OPEN_EXAMPLES[decl.kind].split("{ ")[1].split(";")[0].rstrip(" }"))
        return
    for a in args:
        if any(w == a.value for w, _ in decl.words):
            diags.error(NAME_LISTED_TWICE, a.span, field=decl.kind)
            continue
        decl.words.append((str(a.value), a.span))


def _read_change(st: ast.Action, out: SetDecl, example: str, diags: Diagnostics) -> None:
    """`replace KIND OLD with NEW [N]`; `remove KIND ID`: checked against the content in
    check/sets.py (check_replacements, check_content_changes)."""
    if st.verb == "replace":
        row = read_replacement(st, diags, example)
        if row is not None:
            out.replaces.append(row)
        return
    words = [a for a in st.args]
    if st.body is not None or any(a.kind != "name" for a in words):
        diags.error(NAME_EXPECTED, st.verb_span, field=st.verb, example=example)
        return
    if len(words) != 2:
        diags.error(NAME_EXPECTED, words[0].span if words else st.verb_span, field="remove", example=example)
        return
    kind, ident = words
    if kind.value not in REMOVABLE:
        diags.error(UNKNOWN_KIND, kind.span, kind=kind.value,
                    help=f"a set removes a {', a '.join(REMOVABLE[:-1])} or a {REMOVABLE[-1]}: `{example}`")
        return
    if any(i == ident.value and k == kind.value for k, i, _ in out.removes):
        first = next(s for k, i, s in out.removes if i == ident.value and k == kind.value)
        diags.error(CONTENT_TWICE, ident.span, what=kind.value, name=ident.value, verb="remove", other=f"set `{out.id}`",
                    notes=[("first removed here", first)])
        return
    out.removes.append((str(kind.value), str(ident.value), ident.span))


MIX_EXAMPLE = "mix base { kinds card intrigue; remove intrigue calculated_hire }"
MIX_EXAMPLES = {"kinds": "kinds card intrigue", "take": "take reserve foldspace (or `take conflict ID epic`)",
                "remove": "remove intrigue calculated_hire",
                "replace": "replace space assembly_hall with interstellar_shipping"}


def _read_mix(st: ast.Action, out: SetDecl, diags: Diagnostics) -> None:
    """`mix SET { ... }`: read here; the guest set and the content named are checked
    against the sets known in check/sets.py (check_mixes)."""
    if len(st.args) != 1 or st.args[0].kind != "name":
        diags.error(NAME_EXPECTED, st.args[0].span if st.args else st.verb_span, field="mix", example=MIX_EXAMPLE)
        return
    if st.body is None:
        diags.error(FIELD_NEEDS_BLOCK, st.span, field="mix", example=MIX_EXAMPLE)
        return
    guest = str(st.args[0].value)
    if guest in out.mixes:
        diags.error(NAME_DECLARED_TWICE, st.args[0].span, name=guest, set=out.id,
                    notes=[("first mixed here", out.mixes[guest].span)])
        return
    mix = MixDecl(guest, st.args[0].span)
    for f in st.body:
        if not isinstance(f, ast.Action) or f.verb not in MIX_FIELDS:
            word = f.verb if isinstance(f, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, f.verb_span if isinstance(f, ast.Action) else f.span, field=word,
                        kind="mix", help=did_you_mean(word, MIX_FIELDS) or one_of(MIX_FIELDS, near=word))
            continue
        words = list(f.args)
        if f.body is not None or not words or any(a.kind != "name" for a in words):
            diags.error(NAME_EXPECTED, words[0].span if words else f.verb_span, field=f.verb,
                        example=MIX_EXAMPLES[f.verb])
            continue
        if f.verb == "kinds":
            for a in words:
                if any(k == a.value for k, _ in mix.kinds):
                    diags.error(NAME_LISTED_TWICE, a.span, field="kinds")
                else:
                    mix.kinds.append((str(a.value), a.span))
            continue
        if f.verb == "replace":
            if len(words) != 4 or words[2].value != "with":
                diags.error(NAME_EXPECTED, words[0].span, field="replace", example=MIX_EXAMPLES["replace"])
                continue
            kind, old, new = words[0], words[1], words[3]
            rows = mix.covers if kind.value == "space" else mix.stands
            if any(o == old.value for o, *_ in rows):
                first = next(r[2] for r in rows if r[0] == old.value)
                diags.error(CONTENT_TWICE, old.span, what=str(kind.value), name=old.value, verb="replace",
                            other=out.id, notes=[("first replaced here", first)])
                continue
            if kind.value == "space":
                mix.covers.append((str(old.value), str(new.value), old.span, new.span))
            else:
                mix.stands.append((str(old.value), str(new.value), old.span, new.span, str(kind.value)))
            continue
        epic = f.verb == "take" and len(words) == 3 and words[2].value == "epic"
        if len(words) != 2 and not epic:
            diags.error(NAME_EXPECTED, words[0].span, field=f.verb, example=MIX_EXAMPLES[f.verb])
            continue
        kind, ident = words[:2]
        rows = (mix.epic_takes if epic else mix.takes) if f.verb == "take" else mix.removes
        if any(i == ident.value and k == kind.value for k, i, _ in rows):
            first = next(s for k, i, s in rows if i == ident.value and k == kind.value)
            diags.error(CONTENT_TWICE, ident.span, what=kind.value, name=ident.value,
                        verb="name" if f.verb == "take" else "remove", other=out.id,
                        notes=[("first named here", first)])
            continue
        rows.append((str(kind.value), str(ident.value), ident.span))
    out.mixes[guest] = mix


def _read_unit_flag(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    """`summoned` or `doubles` in a unit's { } (Uprising's sandworm): a flag, kept in
    `decl.flags` as (word, span); the engine does not play them yet (read_set notes them)."""
    if f.args or f.body is not None:
        diags.error(FLAG_TAKES_NO_VALUE, (f.args[0].span if f.args else f.span), field=f.verb, example=f.verb)
        return
    flags = getattr(decl, "flags", ())
    if any(w == f.verb for w, _ in flags):
        diags.error(DUPLICATE_FIELD, f.verb_span, field=f.verb, notes=[])
        return
    decl.flags = (*flags, (f.verb, f.verb_span))


def _add_requirements(out: SetDecl, terms: list, diags: Diagnostics) -> None:
    """The sets a `requires` names: not the set itself, each once (decisions.md)."""
    for name, span in terms:
        if name == out.id:
            diags.error(SET_REQUIRES_ITSELF, span, set=out.id)
        elif any(name == have for have, _ in out.requires):
            once = " ".join(dict.fromkeys(n for n, _ in [*out.requires, *terms] if n != out.id))
            diags.error(SET_REQUIRED_TWICE, span, set=out.id, needs=name, once=once)
        else:
            out.requires.append((name, span))


def _names_of_cond(c) -> list | None:
    """`requires base ix` reads as one condition term: its name and its arguments."""
    if not isinstance(c, ast.CondTerm) or any(a.kind != "name" for a in c.args):
        return None
    return [(c.name, c.name_span)] + [(a.value, a.span) for a in c.args]


def _declaration(st: ast.Action, set_id: str, diags: Diagnostics) -> Decl | None:
    example = {"counter": 'counter negotiators "Negotiator"',
               "location": 'location spice_refinery "Spice Refinery"',
               "unit": 'unit dreadnought "Dreadnought" { strength 3; supply 2 }',
               "track": 'track shipping "Shipping track" { steps 3; step 2 { spice 2 } }',
               "market": 'market tech "Tech tiles" { currency spice; sells tech; stacks 3 }',
               "token": 'token atomics "Family Atomics" { once { new_row } }'}[st.verb]
    args = st.args
    if not args or args[0].kind != "name" or len(args) > 2 or (len(args) == 2 and args[1].kind != "str"):
        diags.error(NAME_EXPECTED, args[0].span if args else st.verb_span, field=st.verb, example=example)
        return None
    ident = str(args[0].value)
    title = str(args[1].value) if len(args) == 2 else ident.replace("_", " ").capitalize()
    decl = Decl(st.verb, ident, title, set_id, args[0].span)
    if st.verb == "counter":
        if st.body is not None:
            _read_holds(decl, st, diags)
        return decl
    if st.verb == "location":  # a place of the board a space stands for and a Conflict is about
        if st.body is not None:
            diags.error(FIELD_TAKES_NO_BLOCK, st.verb_span, field="location", example=example)
            return None
        return decl
    if st.body is None:
        diags.error(FIELD_NEEDS_BLOCK, st.span, field=st.verb, example=example)
        return None
    if st.verb == "token":
        return _read_token(decl, st, example, diags)
    if st.verb == "track":
        return decl if _read_track(decl, st, diags) else None
    fields = {"unit": UNIT_FIELDS, "market": MARKET_FIELDS}[st.verb]
    _read_fields(decl, st, fields, diags)
    if st.verb == "market":
        return _market_checked(decl, st, diags)
    for need in fields:
        if need not in decl.numbers and not any(
                isinstance(f, ast.Action) and f.verb == need for f in st.body):
            diags.error(MISSING_FIELD, st.args[0].span, kind=st.verb, id=ident, field=need,
                        example=f"{need} {RANGES[fields[need]].lo + 1}")
            return None
    return decl


def _given(st: ast.Action, field: str):
    """The statement of a declaration's { } that gives a field (well formed or not), or None."""
    return next((f for f in st.body if isinstance(f, ast.Action) and f.verb == field), None)


def _market_checked(decl: Decl, st: ast.Action, diags: Diagnostics) -> Decl | None:
    """A market's fields together: `stacks` or `slots` (one), what it sells, a currency
    unless `free`, a rebate other than its currency, and the fields of a market of cards
    (`keeps`, `to`) only on one. A missing field skips the market (already reported
    if malformed); a contradicting one is reported and dropped."""
    ident = decl.id
    if "stacks" in decl.numbers and "slots" in decl.numbers:
        diags.error(MARKET_STACKS_AND_SLOTS, _given(st, "slots").verb_span, market=ident,
                    stacks=decl.numbers["stacks"], slots=decl.numbers["slots"])
        del decl.numbers["slots"]
    if not any(n in decl.numbers for n in MARKET_FIELDS):
        if not any(_given(st, n) for n in MARKET_FIELDS):
            diags.error(MISSING_FIELD, st.args[0].span, kind="market", id=ident, field="slots",
                        example="slots 2` (face up from one deck) or `stacks 3")
        return None
    needs = (("sells", decl.sells, "sells tech"),) if decl.free else \
        (("currency", decl.currency, "currency spice"), ("sells", decl.sells, "sells tech"))
    for need, have, example in needs:
        if not have:
            if not _given(st, need):
                diags.error(MISSING_FIELD, st.args[0].span, kind="market", id=ident, field=need, example=example)
            return None
    if decl.free:
        for paid in ("currency", "rebate"):
            if getattr(decl, paid):
                diags.error(FREE_MARKET_PAID, getattr(decl, paid + "_span"), market=ident, field=paid)
                setattr(decl, paid, "")
                setattr(decl, paid + "_span", None)
    if decl.rebate and decl.rebate == decl.currency:
        diags.error(MARKET_REBATES_ITS_CURRENCY, decl.rebate_span, market=ident, counter=decl.rebate)
        decl.rebate, decl.rebate_span = "", None
    decl.field_spans = {f: _given(st, f).verb_span for f in ("keeps", "to") if _given(st, f)}
    return decl


def market_sells(decl: Decl, core: str, diags: Diagnostics, sellable: tuple) -> None:
    """A market's sold kind, once every set's kinds are known (`core`: the core kind
    a set's derived kind is `like`): a kind of tile or of card, else E0101 and the
    market sells nothing; a market of tiles has no `keeps` or `to` (E0427); a market
    of cards puts a bought card in the discard pile unless it says `to top`."""
    if decl.sells not in T.MARKET_KINDS and not card_kind(core):
        diags.error(UNKNOWN_KIND, decl.sells_span, kind=decl.sells,
                    help=did_you_mean(decl.sells, sellable) or one_of(sellable, near=decl.sells))
        decl.sells = ""
        return
    if core == "contract" and not getattr(decl, "free", False):  # taken by the market's name, never bought
        diags.error(PRICED_CONTRACTS, decl.sells_span, market=decl.id)
    if not card_kind(core):
        for field in ("keeps", "to"):
            if getattr(decl, field):
                diags.error(MARKET_CARD_FIELD_ON_TILES, decl.field_spans[field], field=field, market=decl.id,
                            kind=decl.sells)
                setattr(decl, field, "")
    elif not decl.to:
        decl.to = "discard"


def _read_token(decl: Decl, st: ast.Action, example: str, diags: Diagnostics) -> Decl | None:
    """A token's { }: its `once { effects }` box (lowered with the set's names in resolve.py)."""
    for f in st.body:
        if not isinstance(f, ast.Action) or f.verb not in TOKEN_BOXES:
            word = f.verb if isinstance(f, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, f.verb_span if isinstance(f, ast.Action) else f.span, field=word,
                        kind="token", help=did_you_mean(word, TOKEN_BOXES) or one_of(TOKEN_BOXES, near=word))
            continue
        if f.verb in decl.boxes:
            diags.error(DUPLICATE_FIELD, f.verb_span, field=f.verb, notes=[("first given here", decl.boxes[f.verb][0])])
            continue
        if f.args or f.body is None:
            diags.error(FIELD_NEEDS_BLOCK, f.verb_span, field=f.verb, example="once { new_row }")
            continue
        decl.boxes[f.verb] = (f.verb_span, f.body)
    if "once" not in decl.boxes:
        if not _given(st, "once"):
            diags.error(MISSING_FIELD, st.args[0].span, kind="token", id=decl.id, field="once",
                        example="once { new_row }")
        return None
    return decl


def _read_market_word(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    """`keeps CARD`, `at reveal`, `to discard|top`, `free`, `when_empty { effects }`."""
    one_name = len(f.args) == 1 and f.args[0].kind == "name" and f.body is None
    if f.verb in ("keeps", "at", "to", "free") and (decl.boxes.get(f.verb) or getattr(
            decl, {"at": "at_reveal"}.get(f.verb, f.verb))):
        diags.error(DUPLICATE_FIELD, f.verb_span, field=f.verb, notes=[])
        return
    if f.verb == "keeps":
        if not one_name:
            diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="keeps",
                        example="keeps reclaimed_forces")
            return
        decl.keeps, decl.keeps_span = str(f.args[0].value), f.args[0].span
    elif f.verb == "at":
        if not one_name or f.args[0].value != "reveal":
            diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="at", example="at reveal")
            return
        decl.at_reveal = True
    elif f.verb == "to":
        if not one_name:
            diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="to", example="to discard")
            return
        where = str(f.args[0].value)
        if where not in MARKET_DESTINATIONS:
            diags.error(UNKNOWN_NAME, f.args[0].span, what="place for a bought card", name=where,
                        help=did_you_mean(where, MARKET_DESTINATIONS) or one_of(MARKET_DESTINATIONS, near=where))
            return
        decl.to = where
    elif f.verb == "free":
        if f.args or f.body is not None:
            diags.error(FIELD_TAKES_NO_BLOCK, f.verb_span, field="free", example="free")
            return
        decl.free = True
        decl.flags = (*getattr(decl, "flags", ()), ("free", f.verb_span))  # the engine reads it (rules/contracts.py)
    else:  # when_empty
        if "when_empty" in decl.boxes:
            diags.error(DUPLICATE_FIELD, f.verb_span, field=f.verb, notes=[("first given here", decl.boxes[f.verb][0])])
            return
        if f.args or f.body is None:
            diags.error(FIELD_NEEDS_BLOCK, f.verb_span, field="when_empty", example="when_empty { solari 2 }")
            return
        decl.boxes["when_empty"] = (f.verb_span, f.body)
        decl.flags = (*getattr(decl, "flags", ()), ("when_empty", f.verb_span))


def _read_fields(decl: Decl, st: ast.Action, fields: dict, diags: Diagnostics) -> None:
    """The { } of a unit, track or market: its numbers, a track's steps, a market's currency."""
    valid = list(fields) + (list(MARKET_WORDS) if st.verb == "market" else [])
    for f in st.body:
        if st.verb == "unit" and isinstance(f, ast.Action) and f.verb in UNIT_FLAGS:
            _read_unit_flag(decl, f, diags)
            continue
        if not isinstance(f, ast.Action) or f.verb not in valid:
            word = f.verb if isinstance(f, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, f.verb_span if isinstance(f, ast.Action) else f.span, field=word,
                        kind=st.verb, help=did_you_mean(word, valid) or one_of(valid, near=word))
            continue
        if f.verb in ("currency", "rebate"):
            if len(f.args) != 1 or f.args[0].kind != "name" or f.body is not None:
                diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field=f.verb,
                            example="currency spice" if f.verb == "currency" else "rebate negotiators")
                continue
            setattr(decl, f.verb, str(f.args[0].value))
            setattr(decl, f.verb + "_span", f.args[0].span)
            continue
        if f.verb == "sells":
            _read_sells(decl, f, diags)
            continue
        if f.verb in MARKET_WORDS:
            _read_market_word(decl, f, diags)
            continue
        if f.verb in decl.numbers:
            diags.error(DUPLICATE_FIELD, f.verb_span, field=f.verb, notes=[])
            continue
        r = RANGES[fields[f.verb]]
        if len(f.args) != 1 or f.args[0].kind != "int" or f.body is not None:
            diags.error(NUMBER_EXPECTED, f.args[0].span if f.args else f.verb_span, field=f.verb, lo=r.lo, hi=r.hi,
                        example=f"{f.verb} {r.lo + 1}")
            continue
        if _in_range(f.args[0], r, diags):
            decl.numbers[f.verb] = f.args[0].value


COUNTER_FIELDS = ("holds", "returnable", "limit", "worth")
COUNTER_NUMBERS = {"limit": 'counter maker_hooks "Maker Hooks" { limit 1 }',
                   "worth": 'counter maker_hooks "Maker Hooks" { worth 3 }'}


def _read_holds(decl: Decl, st: ast.Action, diags: Diagnostics) -> None:
    """A counter's { }: `holds UNIT`, the unit kind its pieces are (checked against
    the declared units in resolve.py), and the flag `returnable`: its player may put
    the held units back in the supply at any time (a counter that holds units); and
    `limit N`: a player holds at most N (Uprising's one Maker Hooks token), a gain
    beyond it is not taken; `worth N`: what one is worth to the value hints (the
    greedy player, rivals), where the set knows better than 1 each."""
    example = 'counter negotiators "Negotiator" { holds troops }'
    for f in st.body:
        if not isinstance(f, ast.Action) or f.verb not in COUNTER_FIELDS:
            word = f.verb if isinstance(f, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, f.verb_span if isinstance(f, ast.Action) else f.span, field=word,
                        kind="counter", help=did_you_mean(word, COUNTER_FIELDS) or one_of(COUNTER_FIELDS, near=word))
            continue
        if f.verb in COUNTER_NUMBERS:
            r = RANGES["amount"]
            if f.verb in decl.numbers:
                diags.error(DUPLICATE_FIELD, f.verb_span, field=f.verb, notes=[])
            elif len(f.args) != 1 or f.args[0].kind != "int" or f.body is not None:
                diags.error(NUMBER_EXPECTED, f.args[0].span if f.args else f.verb_span, field=f.verb, lo=r.lo,
                            hi=r.hi, example=COUNTER_NUMBERS[f.verb])
            elif _in_range(f.args[0], r, diags):
                decl.numbers[f.verb] = f.args[0].value
            continue
        if f.verb == "returnable":
            if f.args or f.body is not None:
                diags.error(FIELD_TAKES_NO_BLOCK, f.verb_span, field="returnable",
                            example='counter specimen "Specimen" { holds troops; returnable }')
            elif decl.returnable:
                diags.error(DUPLICATE_FIELD, f.verb_span, field="returnable", notes=[])
            else:
                decl.returnable = True
            continue
        if decl.holds:
            diags.error(DUPLICATE_FIELD, f.verb_span, field="holds", notes=[("first given here", decl.holds_span)])
            continue
        if len(f.args) != 1 or f.args[0].kind != "name" or f.body is not None:
            diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="holds", example=example)
            continue
        decl.holds, decl.holds_span = str(f.args[0].value), f.args[0].span
    if decl.returnable and not decl.holds and not any(isinstance(f, ast.Action) and f.verb == "holds"
                                                       for f in st.body):
        diags.error(MISSING_FIELD, st.args[0].span, kind="counter", id=decl.id, field="holds",
                    example="holds troops` (only held units are returned to the supply")
        decl.returnable = False


def _read_sells(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    """`sells KIND`: a kind of tile (T.MARKET_KINDS), which a player keeps owned, or a
    kind of card (`card_kind`), which goes into the buyer's deck; judged once every
    set's kinds are known (market_sells, from resolve.py). The market deals the
    definitions of that kind of its set (and of sets built on it): no other rule deals
    them (not the Imperium deck, not the reserve; docs/decisions.md "Markets")."""
    if len(f.args) != 1 or f.args[0].kind != "name" or f.body is not None:
        diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="sells", example="sells tech")
        return
    decl.sells, decl.sells_span = str(f.args[0].value), f.args[0].span


def _read_track(decl: Decl, st: ast.Action, diags: Diagnostics) -> bool:
    """A track's { }: a line of steps or a graph of cells (TRACK_FIELDS). False when
    the track cannot be declared (no `steps` for a line, no `start` for a graph)."""
    form = ""  # "line" or "graph": the form of the first field that says
    for f in st.body:
        if not isinstance(f, ast.Action) or f.verb not in TRACK_FIELDS:
            word = f.verb if isinstance(f, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, f.verb_span if isinstance(f, ast.Action) else f.span, field=word,
                        kind="track", help=did_you_mean(word, TRACK_FIELDS) or one_of(TRACK_FIELDS, near=word))
            continue
        this = "line" if f.verb in LINE_FIELDS else "graph" if f.verb in GRAPH_FIELDS else form
        if form and this != form:
            other = ", ".join(f"`{x}`" for x in (LINE_FIELDS if form == "line" else GRAPH_FIELDS))
            diags.error(TRACK_MIXES_FORMS, f.verb_span, track=decl.id, field=f.verb, form=this,
                        help=f"this track is a {form} ({other}): drop `{f.verb}`, or make it a {this} throughout")
            continue
        form = this
        _TRACK_READERS[f.verb](decl, f, diags)
    if form == "graph":
        if not decl.start:
            diags.error(MISSING_FIELD, st.args[0].span, kind="track", id=decl.id, field="start",
                        example=f"start {next(iter(decl.cells), 'r0')}")
            return False
        _check_graph(decl, diags)
        _check_graph_firsts(decl, diags)
        return True
    if "steps" not in decl.numbers:
        if not any(isinstance(f, ast.Action) and f.verb == "steps" for f in st.body):
            diags.error(MISSING_FIELD, st.args[0].span, kind="track", id=decl.id, field="steps",
                        example=f"steps {RANGES['track_steps'].lo + 1}")
        return False
    for n, (span, _) in list(decl.firsts.items()):
        if not isinstance(n, int):  # `first CELL` names a cell of a graph track
            diags.error(NUMBER_EXPECTED, span, field="first", lo=RANGES["track_steps"].lo, hi=RANGES["track_steps"].hi,
                        example="first 4 { spice 2 }")
            del decl.firsts[n]
    for boxes, what in ((decl.steps, "a step"), (decl.firsts, "a first-to-reach step")):
        _drop_numbers_off(decl, boxes, f"{what} of track `{decl.id}`", 1, decl.numbers["steps"],
                          f"the track has steps 1 to {decl.numbers['steps']} (`steps {decl.numbers['steps']}`)", diags)
    return True


def _read_steps(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    if f.verb in decl.numbers:
        diags.error(DUPLICATE_FIELD, f.verb_span, field=f.verb, notes=[])
        return
    r = RANGES["track_steps"]
    if len(f.args) != 1 or f.args[0].kind != "int" or f.body is not None:
        diags.error(NUMBER_EXPECTED, f.args[0].span if f.args else f.verb_span, field="steps", lo=r.lo, hi=r.hi,
                    example=f"steps {r.lo + 1}")
        return
    if _in_range(f.args[0], r, diags):
        decl.numbers["steps"] = f.args[0].value


def _numbered_box(boxes: dict, f: ast.Action, range_: str, example: str, diags: Diagnostics) -> None:
    """`step K { }`, `first K { }`, `from COLUMN { }`: a box keyed by its number."""
    r = RANGES[range_]
    if len(f.args) != 1 or f.args[0].kind != "int" or f.body is None:
        diags.error(NUMBER_EXPECTED, f.args[0].span if f.args else f.verb_span, field=f.verb,
                    lo=r.lo, hi=r.hi, example=example)
        return
    n = f.args[0].value
    if n in boxes:
        diags.error(DUPLICATE_FIELD, f.args[0].span, field=f"{f.verb} {n}", notes=[("first given here", boxes[n][0])])
        return
    boxes[n] = (f.args[0].span, f.body)


def _read_first(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    """`first K { }` on a line (step K), `first CELL { }` on a graph: a one-time box
    for the first player to reach it (which form the track is, is judged once read)."""
    if len(f.args) == 1 and f.args[0].kind == "name" and f.body is not None:
        cell = str(f.args[0].value)
        if cell in decl.firsts:
            diags.error(DUPLICATE_FIELD, f.args[0].span, field=f"first {cell}",
                        notes=[("first given here", decl.firsts[cell][0])])
            return
        decl.firsts[cell] = (f.args[0].span, f.body)
        return
    _numbered_box(decl.firsts, f, "track_steps", "first 4 { spice 2 }", diags)


def _check_graph_firsts(decl: Decl, diags: Diagnostics) -> None:
    """A graph's `first CELL` boxes: each on a cell of the track other than the start
    (every token starts there: no one reaches it first)."""
    cells = sorted(decl.cells)
    if not cells:  # the cells could not be read (reported): nothing to place a box on
        decl.firsts.clear()
        return
    for key, (span, _) in list(decl.firsts.items()):
        if isinstance(key, int):
            diags.error(NAME_EXPECTED, span, field="first", example=f"first {cells[-1] if cells else 'r2_1'} {{ vp 1 }}")
        elif key not in decl.cells:
            diags.error(FIRST_ON_UNKNOWN_CELL, span, track=decl.id, cell=key,
                        help=did_you_mean(key, cells) or one_of(cells, near=key))
        elif key == decl.start:
            diags.error(FIRST_ON_START_CELL, span, track=decl.id, cell=key)
        else:
            continue
        del decl.firsts[key]


def _read_start(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    if decl.start:
        diags.error(DUPLICATE_FIELD, f.verb_span, field="start", notes=[("first given here", decl.start_span)])
        return
    if len(f.args) != 1 or f.args[0].kind != "name" or f.body is not None:
        diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="start", example="start r0")
        return
    decl.start, decl.start_span = str(f.args[0].value), f.args[0].span


def _read_leader(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    """`leader ID`: the leader the track is printed on (checked once the leaders are
    known: check/resolve.py `_leader_tracks`)."""
    if decl.leader:
        diags.error(DUPLICATE_FIELD, f.verb_span, field="leader", notes=[("first given here", decl.leader_span)])
    elif len(f.args) != 1 or f.args[0].kind != "name" or f.body is not None:
        diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="leader",
                    example="leader feyd_rautha_harkonnen")
    else:
        decl.leader, decl.leader_span = str(f.args[0].value), f.args[0].span


def _read_at_end(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    if decl.at_end is not None:
        diags.error(DUPLICATE_FIELD, f.verb_span, field="at_end", notes=[("first given here", decl.at_end[0])])
    elif f.args or f.body is None:
        diags.error(FIELD_NEEDS_BLOCK, f.span, field="at_end", example="at_end { draw 1 }")
    else:
        decl.at_end = (f.verb_span, f.body)


def _read_cell(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    """`cell ID { column N; next ID...; gives { effects } }`."""
    example = "cell r1_0 { column 1; next r2_1 r2_m1; gives { spice 1 } }"
    if len(f.args) != 1 or f.args[0].kind != "name":
        diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="cell", example=example)
        return
    if f.body is None:
        diags.error(FIELD_NEEDS_BLOCK, f.span, field="cell", example=example)
        return
    ident = str(f.args[0].value)
    if ident in decl.cells:
        diags.error(DUPLICATE_FIELD, f.args[0].span, field=f"cell {ident}",
                    notes=[("first given here", decl.cells[ident].span)])
        return
    cell = Cell(ident, f.args[0].span)
    r = RANGES["track_column"]
    for g in f.body:
        if not isinstance(g, ast.Action) or g.verb not in CELL_FIELDS:
            word = g.verb if isinstance(g, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, g.verb_span if isinstance(g, ast.Action) else g.span, field=word,
                        kind="cell", help=did_you_mean(word, CELL_FIELDS) or one_of(CELL_FIELDS, near=word))
        elif g.verb == "column":
            if cell.column is not None:
                diags.error(DUPLICATE_FIELD, g.verb_span, field="column", notes=[])
            elif len(g.args) != 1 or g.args[0].kind != "int" or g.body is not None:
                diags.error(NUMBER_EXPECTED, g.args[0].span if g.args else g.verb_span, field="column",
                            lo=r.lo, hi=r.hi, example="column 1")
            elif _in_range(g.args[0], r, diags):
                cell.column = g.args[0].value
        elif g.verb == "next":
            if not g.args or any(a.kind != "name" for a in g.args) or g.body is not None:
                diags.error(NAMES_EXPECTED, g.args[0].span if g.args else g.verb_span, field="next",
                            example="next r2_1 r2_m1")
                continue
            for a in g.args:
                if any(a.value == n for n, _ in cell.next):
                    diags.error(NAME_LISTED_TWICE, a.span, field="next")
                else:
                    cell.next.append((str(a.value), a.span))
        elif cell.gives is not None:
            diags.error(DUPLICATE_FIELD, g.verb_span, field="gives", notes=[])
        elif g.args or g.body is None:
            diags.error(FIELD_NEEDS_BLOCK, g.span, field="gives", example="gives { specimen 1 }")
        else:
            cell.gives = g.body
    if cell.column is None:
        if not any(isinstance(g, ast.Action) and g.verb == "column" for g in f.body):
            diags.error(MISSING_FIELD, f.args[0].span, kind="cell", id=ident, field="column", example="column 1")
        return
    decl.cells[ident] = cell


_TRACK_READERS = {
    "steps": _read_steps,
    "step": lambda d, f, diags: _numbered_box(d.steps, f, "track_steps", "step 2 { spice 2 }", diags),
    "first": _read_first,
    "from": lambda d, f, diags: _numbered_box(d.froms, f, "track_column", "from 4 { acquire_on_top }", diags),
    "cell": _read_cell,
    "start": _read_start,
    "at_end": _read_at_end,
    "leader": _read_leader,
}


def _check_graph(decl: Decl, diags: Diagnostics) -> None:
    """The cells' links: each to a cell of the track in a column to the right (so no
    cycle; a path may skip a column another path goes through), every cell reachable
    from `start`; `from` columns within the track.
    A bad link is dropped, so the engine never follows it."""
    cells = decl.cells
    for c in cells.values():
        kept = []
        for to, span in c.next:
            if to not in cells:
                diags.error(TRACK_UNKNOWN_CELL, span, track=decl.id, cell=to,
                            help=did_you_mean(to, cells) or one_of(cells, near=to))
            elif cells[to].column <= c.column:
                diags.error(TRACK_LINK_NOT_RIGHTWARD, span, cell=c.id, to=to, column=cells[to].column,
                            from_column=c.column, want=c.column + 1)
            else:
                kept.append((to, span))
        c.next = kept
    if decl.start not in cells:
        diags.error(TRACK_UNKNOWN_CELL, decl.start_span, track=decl.id, cell=decl.start,
                    help=did_you_mean(decl.start, cells) or one_of(cells, near=decl.start))
        decl.cells = {}
        return
    seen, todo = set(), [decl.start]
    while todo:
        c = todo.pop()
        if c not in seen:
            seen.add(c)
            todo.extend(n for n, _ in cells[c].next)
    for c in cells.values():
        if c.id not in seen:
            diags.error(TRACK_UNREACHABLE_CELL, c.span, track=decl.id, cell=c.id, start=decl.start,
                        column=c.column - 1)
    decl.cells = {k: c for k, c in cells.items() if k in seen}
    top = max(c.column for c in decl.cells.values())
    low = cells[decl.start].column
    _drop_numbers_off(decl, decl.froms, f"a column of track `{decl.id}`", low + 1, top,
                      f"the track's cells go from column {low} to {top}", diags)


def _drop_numbers_off(decl: Decl, boxes: dict, what: str, lo: int, hi: int, why: str, diags: Diagnostics) -> None:
    """Steps are numbered 1 to `steps` (the bottom, 0, gives nothing); a graph's
    `from` columns lie right of the start."""
    for n, (span, _) in list(boxes.items()):
        if not lo <= n <= hi:
            diags.error(NUMBER_OUT_OF_RANGE, span, what=what, lo=lo, hi=hi, number=f"`{n}`", why=why,
                                   beyond=f"below {lo}" if n < lo else f"above {hi}")
            del boxes[n]


def _in_range(arg: ast.Arg, r, diags: Diagnostics) -> bool:
    if r.lo <= arg.value <= r.hi:
        return True
    diags.error(NUMBER_OUT_OF_RANGE, arg.span, what=r.what, lo=r.lo, hi=r.hi,
                number=f"`{arg.value}`" if abs(arg.value) < 10 ** 9 else "this number", why=r.why,
                beyond=f"below {r.lo}" if arg.value < r.lo else f"above {r.hi}")
    return False


def reaches(sets: dict[str, SetDecl], sid: str) -> frozenset:
    """A set and every set it requires, directly or not, among the declarations."""
    seen, todo = set(), [sid]
    while todo:
        s = todo.pop()
        if s not in seen:
            seen.add(s)
            if s in sets:
                todo.extend(r for r, _ in sets[s].requires)
    return frozenset(seen)


def _required_first(sets: dict[str, SetDecl]) -> list[SetDecl]:
    """The sets, each after the sets it requires (so a name declared twice is
    reported at the set that builds on the other); a cycle is broken where met."""
    out: list[SetDecl] = []
    state: dict[str, int] = {}

    def visit(sid: str) -> None:
        if sid not in sets or state.get(sid):
            return
        state[sid] = 1
        for need, _ in sets[sid].requires:
            visit(need)
        state[sid] = 2
        out.append(sets[sid])

    for sid in sets:
        visit(sid)
    return out


class Vocabulary:
    """The core tables joined with the names every known set declares."""

    def __init__(self, sets: dict[str, SetDecl], diags: Diagnostics, in_check: frozenset = frozenset(),
                 in_files: frozenset = frozenset()):
        """`in_check`: the sets this check is for; `in_files`: those declared by the
        checked files. A name two sets of the check declare is an error, reported in a
        checked file; a set outside the check (a bundled one, known so that its names
        can be told where they belong) never clashes: the check's own names win."""
        self.sets = sets
        self.owner: dict[str, str] = {}  # declared name -> the set that declares it
        self.decls: dict[str, Decl] = {}
        order = _required_first(sets)
        for s in [x for x in order if x.id in in_check] + [x for x in order if x.id not in in_check]:
            for name, decl in s.names.items():
                first = self.decls.get(name)
                if first is None and name not in T.VERBS and name not in T.CONDITIONS:
                    self.decls[name] = decl
                    self.owner[name] = s.id
                    continue
                if s.id not in in_check:
                    continue
                at, other = (decl, first) if s.id in in_files or first is None else (first, decl)
                if at.set in in_files:
                    diags.error(NAME_DECLARED_TWICE, at.span, name=name, set=at.set,
                                notes=[(f"also declared by set `{other.set}`", other.span)] if other else
                                [("it is a word of the core language (see docs/language.md)", None)])
        of = lambda kind: tuple(n for n, d in self.decls.items() if d.kind == kind)  # noqa: E731
        counters, units = of("counter"), of("unit")
        self.verbs = dict(T.VERBS)
        for n in counters:
            self.verbs[n] = T.Verb(("<int>",))
        for n in units:  # a conflict reward may give units to the garrison (Rise of Ix's and Uprising's do)
            self.verbs[n] = T.Verb(("<int>",), boxes=T.NOT_IN_COMBAT + ("reward",))
        for n in of("piece"):  # a piece placed on a free location (`spies 1 near city`)
            self.verbs[n] = T.Verb(V.PIECE_ROW.forms, V.PIECE_ROW.boxes, block=None)  # a block optional
        # a `free` market's name takes its entries (`contract 1`: rules/contracts.py)
        self.free_markets = tuple(n for n in of("market")
                                  if any(w == "free" for w, _ in getattr(self.decls[n], "flags", ())))
        for n in self.free_markets:
            self.verbs[n] = T.Verb(V.TAKE_ROW.forms, V.TAKE_ROW.boxes)
        self.conditions = dict(T.CONDITIONS)
        self.counts = dict(T.COUNTS)
        for n in counters:
            self.conditions[n] = T.CondDef(("",), quantity=True)
            self.counts[n] = ("",)  # `for each memories { draw 1 }`: what the player holds
        for n in of("piece"):  # `if spies >= 2`: the player's pieces on the board (rules/pieces.py)
            self.conditions[n] = T.CondDef(("",), quantity=True)
        self.gains = frozenset(T.GAINABLE + counters + units)
        self.payable = counters + T.PAYABLE
        self.tables = {**T.SLOT_TABLES, "set": tuple(sets), "losable": counters + T.LOSABLE,
                       "payable": self.payable, "track": of("track"), "unit": units, "market": of("market"),
                       "counter": counters, "flag": of("flag"),
                       "location": of("location")}
        self._reach: dict[str, frozenset] = {}
        self._open_tables(of, order, diags, in_check, in_files)

    def _open_tables(self, of, order: list, diags: Diagnostics, in_check: frozenset, in_files: frozenset) -> None:
        """The open tables join the core: a set's icons the agent icons, its tag sets
        (a card's field named after one), its derived definition kinds (`kind ID { like K }`:
        one name across the checked sets, as a declared name, E0406)."""
        self.tables["icon"] = T.ICONS + of("icon")
        self.tables["piece"] = of("piece")
        self.tags = {n: self.decls[n] for n in of("tags")}
        self.tables["tags"] = of("tags")  # `pay flip TAGS TAG -> ...` (check/effects.py)
        self.derived: dict[str, OpenDecl] = {}  # derived kind -> its declaration
        for s in [x for x in order if x.id in in_check] + [x for x in order if x.id not in in_check]:
            for k, d in s.derived.items():
                first = self.derived.setdefault(k, d)
                if first is not d and s.id in in_check and s.id in in_files:
                    diags.error(NAME_DECLARED_TWICE, d.span, name=k, set=s.id,
                                notes=[(f"also declared by set `{first.set}`", first.span)])

    def like(self, kind: str) -> str:
        """The core kind of a definition kind: itself, or the kind a set derives it from."""
        d = self.derived.get(kind)
        return d.like if d is not None else kind

    def reaches(self, set_id: str) -> frozenset:
        """The set and every set it requires, directly or not."""
        if set_id not in self._reach:
            self._reach[set_id] = reaches(self.sets, set_id)
        return self._reach[set_id]

    def sets_of(self, name: str) -> tuple:
        """The set a declared name belongs to; () for a core name every set may use."""
        if name in self.owner:
            return (self.owner[name],)
        return ()


def declaration_fields() -> dict:
    """kind of a set's declaration (or `mix`) -> the fields its `{ }` takes: what an
    editor offers there (dunec/lsp/complete.py)."""
    return {"counter": COUNTER_FIELDS, "unit": tuple(UNIT_FIELDS) + UNIT_FLAGS,
            "market": tuple(MARKET_FIELDS) + MARKET_WORDS, "track": TRACK_FIELDS, "cell": CELL_FIELDS,
            "token": TOKEN_BOXES, "mix": MIX_FIELDS, **OPEN_FIELDS}
