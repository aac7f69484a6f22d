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
    CONTENT_TWICE, DUPLICATE_FIELD, FIELD_NEEDS_BLOCK, FIELD_TAKES_NO_BLOCK, FLAG_TAKES_NO_VALUE, NAMES_EXPECTED,
    NAME_LISTED_TWICE, MARKET_REBATES_ITS_CURRENCY, MISSING_FIELD,
    NAME_DECLARED_TWICE, NAME_EXPECTED, NUMBER_EXPECTED, NUMBER_OUT_OF_RANGE, SET_REQUIRED_TWICE,
    SET_REQUIRES_ITSELF, UNKNOWN_FIELD, UNKNOWN_KIND,
)
from dunec.check.schema import RANGES, SCHEMAS
from dunec.record import Record
from dunec.syntax import ast

# What a set body holds: `STATEMENT id "Title"` declarations (with a { } of fields
# for units, tracks and markets), `requires SET ...` and `kinds KIND ...`.
DECLARATIONS = ("counter", "unit", "track", "market")
# The open tables (docs/language.md, "Declarations any expansion needs"): a definition
# kind derived from a core kind, an agent icon, a tag set, a board-held flag, a
# player's pieces; and the content a set replaces or removes.
OPEN_DECLARATIONS = ("kind", "icon", "tags", "flag", "piece")
CONTENT_CHANGES = ("replace", "remove")
SET_FIELDS = ("requires", "kinds") + DECLARATIONS + OPEN_DECLARATIONS + CONTENT_CHANGES
UNIT_FIELDS = {"strength": "unit_strength", "supply": "unit_supply"}
# A market's numbers: how many face-down stacks its definitions are dealt into.
MARKET_FIELDS = {"stacks": "market_stacks"}


class Decl(Record):
    """One declared name: a counter, unit kind, track or market."""
    FIELDS = ("kind", "id", "title", "set", "span", "numbers", "steps", "currency", "currency_span", "sells",
              "rebate", "rebate_span", "holds", "holds_span")

    def __init__(self, kind: str, id: str, title: str, set: str, span: ast.Span, numbers: dict | None = None,
                 steps: dict | None = None, currency: str = "", currency_span: ast.Span | None = None,
                 sells: str = "", rebate: str = "", rebate_span: ast.Span | None = None, holds: str = "",
                 holds_span: ast.Span | None = None) -> None:
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


class SetDecl(Record):
    FIELDS = ("id", "title", "defn", "requires", "kinds", "names", "derived", "replaces", "removes", "unplayed")

    def __init__(self, id: str, title: str, defn: ast.Definition, requires: list | None = None,
                 kinds: tuple = (), names: dict | None = None) -> None:
        self.id = id
        self.title = title
        self.defn = defn
        self.requires = [] if requires is None else requires  # (set, span)
        self.kinds = kinds
        self.names = {} if names is None else names  # id -> Decl
        self.derived = {}  # kind id -> OpenDecl: the definition kinds the set derives (`kind ID { like K }`)
        self.replaces = []  # (old, new, old span, new span): `replace starter OLD with NEW`
        self.removes = []  # (kind, id, span): `remove KIND ID`
        # (construct, span) of each construct of the set's declarations the engine does not
        # play yet (T.UNPLAYED_CONSTRUCTS; its definitions' are found in check/constructs.py)
        self.unplayed = []


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
        if st.verb in OPEN_DECLARATIONS + CONTENT_CHANGES:
            _read_open(st, out, diags)
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
    "replace": "replace starter dune_the_desert_planet with experimentation",
    "remove": "remove space mentat",
}
REMOVABLE = ("space", "starter", "reserve", "card")
# The fields a unit may carry besides its numbers (Uprising's sandworm: syntax only).
UNIT_FLAGS = ("summoned", "doubles")


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
    if st.verb in ("flag", "piece", "tags"):
        out.unplayed.append((st.verb, st.verb_span))
    body = st.body or []
    if st.body is None and st.verb != "icon":
        diags.error(FIELD_NEEDS_BLOCK, st.span, field=st.verb, example=example)
        return
    fields = {"kind": ("like",), "icon": ("via",), "tags": ("wild",), "flag": ("protects",),
              "piece": ("supply", "on")}[st.verb]
    seen: dict = {}
    for f in body:
        if not isinstance(f, ast.Action) or (f.verb not in fields and st.verb != "tags"):
            word = f.verb if isinstance(f, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, f.verb_span if isinstance(f, ast.Action) else f.span, field=word,
                        kind=st.verb, help=did_you_mean(word, fields) or one_of(fields, near=word))
            continue
        if st.verb == "tags" and f.verb != "wild":  # a line of tag names
            _add_words(decl, [ast.Arg("name", f.verb, f.verb_span)] + list(f.args), f, diags)
            continue
        if f.verb in seen:
            diags.error(DUPLICATE_FIELD, f.verb_span, field=f.verb, notes=[("first given here", seen[f.verb])])
            continue
        seen[f.verb] = f.verb_span
        if f.verb in ("protects",):
            _add_words(decl, list(f.args), f, diags)
            continue
        if f.verb == "supply":
            r = RANGES["unit_supply"]
            if len(f.args) != 1 or f.args[0].kind != "int" or f.body is not None:
                diags.error(NUMBER_EXPECTED, f.args[0].span if f.args else f.verb_span, field="supply", lo=r.lo,
                            hi=r.hi, example="supply 3")
            elif _in_range(f.args[0], r, diags):
                decl.numbers["supply"] = f.args[0].value
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
    """`replace starter OLD with NEW`; `remove KIND ID`: checked against the content in
    check/resolve.py (check_content_changes)."""
    words = [a for a in st.args]
    if st.body is not None or any(a.kind != "name" for a in words):
        diags.error(NAME_EXPECTED, st.verb_span, field=st.verb, example=example)
        return
    if st.verb == "replace":
        if len(words) != 4 or words[0].value != "starter" or words[2].value != "with":
            diags.error(NAME_EXPECTED, words[0].span if words else st.verb_span, field="replace", example=example)
            return
        old, new = words[1], words[3]
        if any(o == old.value for o, *_ in out.replaces):
            first = next(s for o, _, s, _ in out.replaces if o == old.value)
            diags.error(CONTENT_TWICE, old.span, what="starting card", name=old.value, verb="replace",
                        other=out.id, notes=[("first replaced here", first)])
            return
        out.replaces.append((str(old.value), str(new.value), old.span, new.span))
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
        diags.error(CONTENT_TWICE, ident.span, what=kind.value, name=ident.value, verb="remove", other=out.id,
                    notes=[("first removed here", first)])
        return
    out.removes.append((str(kind.value), str(ident.value), ident.span))


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
               "unit": 'unit dreadnought "Dreadnought" { strength 3; supply 2 }',
               "track": 'track shipping "Shipping track" { steps 3; step 2 { spice 2 } }',
               "market": 'market tech "Tech tiles" { currency spice; sells tech; stacks 3 }'}[st.verb]
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
    if st.body is None:
        diags.error(FIELD_NEEDS_BLOCK, st.span, field=st.verb, example=example)
        return None
    fields = {"unit": UNIT_FIELDS, "track": {"steps": "track_steps"}, "market": MARKET_FIELDS}[st.verb]
    _read_fields(decl, st, fields, diags)
    for need in fields:
        if need not in decl.numbers and not any(
                isinstance(f, ast.Action) and f.verb == need for f in st.body):
            diags.error(MISSING_FIELD, st.args[0].span, kind=st.verb, id=ident, field=need,
                        example=f"{need} {RANGES[fields[need]].lo + 1}")
            return None
    if st.verb == "market":
        for need, have, example in (("currency", decl.currency, "currency spice"), ("sells", decl.sells, "sells tech")):
            if not have:
                if not any(isinstance(f, ast.Action) and f.verb == need for f in st.body):
                    diags.error(MISSING_FIELD, st.args[0].span, kind="market", id=ident, field=need, example=example)
                return None
    if st.verb == "market" and decl.rebate and decl.rebate == decl.currency:
        diags.error(MARKET_REBATES_ITS_CURRENCY, decl.rebate_span, market=ident, counter=decl.rebate)
        decl.rebate, decl.rebate_span = "", None
    if st.verb == "track":
        _drop_steps_off_the_track(decl, diags)
    return decl


def _read_fields(decl: Decl, st: ast.Action, fields: dict, diags: Diagnostics) -> None:
    """The { } of a unit, track or market: its numbers, a track's steps, a market's currency."""
    valid = list(fields) + (["step"] if st.verb == "track" else []) + \
        (["currency", "sells", "rebate"] if st.verb == "market" else [])
    for f in st.body:
        if st.verb == "unit" and isinstance(f, ast.Action) and f.verb in UNIT_FLAGS:
            _read_unit_flag(decl, f, diags)
            continue
        if not isinstance(f, ast.Action) or f.verb not in valid:
            word = f.verb if isinstance(f, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, f.verb_span if isinstance(f, ast.Action) else f.span, field=word,
                        kind=st.verb, help=did_you_mean(word, valid) or one_of(valid, near=word))
            continue
        if f.verb == "step":
            if len(f.args) != 1 or f.args[0].kind != "int" or f.body is None:
                diags.error(NUMBER_EXPECTED, f.args[0].span if f.args else f.verb_span, field="step",
                            lo=1, hi=RANGES["track_steps"].hi, example="step 2 { spice 2 }")
                continue
            n = f.args[0].value
            if n in decl.steps:
                diags.error(DUPLICATE_FIELD, f.args[0].span, field=f"step {n}",
                            notes=[("first given here", decl.steps[n][0])])
                continue
            decl.steps[n] = (f.args[0].span, f.body)
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


def _read_holds(decl: Decl, st: ast.Action, diags: Diagnostics) -> None:
    """A counter's { }: only `holds UNIT`, the unit kind its pieces are (checked
    against the declared units in resolve.py)."""
    example = 'counter negotiators "Negotiator" { holds troops }'
    for f in st.body:
        if not isinstance(f, ast.Action) or f.verb != "holds":
            word = f.verb if isinstance(f, ast.Action) else "statement"
            diags.error(UNKNOWN_FIELD, f.verb_span if isinstance(f, ast.Action) else f.span, field=word,
                        kind="counter", help=did_you_mean(word, ("holds",)) or one_of(("holds",), near=word))
            continue
        if decl.holds:
            diags.error(DUPLICATE_FIELD, f.verb_span, field="holds", notes=[("first given here", decl.holds_span)])
            continue
        if len(f.args) != 1 or f.args[0].kind != "name" or f.body is not None:
            diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="holds", example=example)
            continue
        decl.holds, decl.holds_span = str(f.args[0].value), f.args[0].span


def _read_sells(decl: Decl, f: ast.Action, diags: Diagnostics) -> None:
    """`sells KIND`: a kind of tile (T.MARKET_KINDS), dealt into the stacks: no other
    rule of the engine deals it, so a tile is never also in a deck."""
    if len(f.args) != 1 or f.args[0].kind != "name" or f.body is not None:
        diags.error(NAME_EXPECTED, f.args[0].span if f.args else f.verb_span, field="sells", example="sells tech")
        return
    kind = str(f.args[0].value)
    sold = list(T.MARKET_KINDS)
    if kind not in sold:
        diags.error(UNKNOWN_KIND, f.args[0].span, kind=kind,
                    help=did_you_mean(kind, sold) or one_of(sold, near=kind))
        return
    decl.sells = kind


def _drop_steps_off_the_track(decl: Decl, diags: Diagnostics) -> None:
    """Steps are numbered 1 to `steps`: the bottom (0) gives nothing."""
    top = decl.numbers.get("steps")
    for n, (span, _) in list(decl.steps.items()):
        if top is not None and not 1 <= n <= top:
            diags.error(NUMBER_OUT_OF_RANGE, span, what=f"a step of track `{decl.id}`", lo=1, hi=top,
                        number=f"`{n}`", why=f"the track has steps 1 to {top} (`steps {top}`)",
                        beyond="below 1" if n < 1 else f"above {top}")
            del decl.steps[n]


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
        self.conditions = dict(T.CONDITIONS)
        self.counts = dict(T.COUNTS)
        for n in counters:
            self.conditions[n] = T.CondDef(("",), quantity=True)
        self.gains = frozenset(T.GAINABLE + counters + units)
        self.payable = counters + T.PAYABLE
        self.tables = {**T.SLOT_TABLES, "set": tuple(sets), "losable": counters + T.LOSABLE,
                       "payable": self.payable, "track": of("track"), "unit": units, "market": of("market"),
                       "counter": counters}
        self._reach: dict[str, frozenset] = {}
        self._open_tables(of, order, diags, in_check, in_files)

    def _open_tables(self, of, order: list, diags: Diagnostics, in_check: frozenset, in_files: frozenset) -> None:
        """The open tables join the core: a set's icons the agent icons, its tag sets
        (a card's field named after one), its derived definition kinds (`kind ID { like K }`:
        one name across the checked sets, as a declared name, E0406)."""
        self.tables["icon"] = T.ICONS + of("icon")
        self.tables["piece"] = of("piece")
        self.tags = {n: self.decls[n] for n in of("tags")}
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
