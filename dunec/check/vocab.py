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
    DUPLICATE_FIELD, FIELD_NEEDS_BLOCK, FIELD_TAKES_NO_BLOCK, MARKET_REBATES_ITS_CURRENCY, MISSING_FIELD,
    NAME_DECLARED_TWICE, NAME_EXPECTED, NUMBER_EXPECTED, NUMBER_OUT_OF_RANGE, SET_REQUIRED_TWICE,
    SET_REQUIRES_ITSELF, UNKNOWN_FIELD, UNKNOWN_KIND,
)
from dunec.check.schema import RANGES, SCHEMAS
from dunec.record import Record
from dunec.syntax import ast

# What a set body holds: `STATEMENT id "Title"` declarations (with a { } of fields
# for units, tracks and markets), `requires SET ...` and `kinds KIND ...`.
DECLARATIONS = ("counter", "unit", "track", "market")
SET_FIELDS = ("requires", "kinds") + DECLARATIONS
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


class SetDecl(Record):
    FIELDS = ("id", "title", "defn", "requires", "kinds", "names")

    def __init__(self, id: str, title: str, defn: ast.Definition, requires: list | None = None,
                 kinds: tuple = (), names: dict | None = None) -> None:
        self.id = id
        self.title = title
        self.defn = defn
        self.requires = [] if requires is None else requires  # (set, span)
        self.kinds = kinds
        self.names = {} if names is None else names  # id -> Decl


def read_set(defn: ast.Definition, diags: Diagnostics) -> SetDecl:
    """The declarations of one `set` definition; a malformed statement is reported and skipped."""
    out = SetDecl(defn.id, defn.title or defn.id.replace("_", " ").title(), defn)
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
            kinds = []
            for a in st.args:
                if a.kind != "name" or a.value not in SCHEMAS:
                    diags.error(UNKNOWN_KIND, a.span, kind=a.text(),
                                help=did_you_mean(str(a.value), SCHEMAS) or one_of(SCHEMAS, near=str(a.value)))
                else:
                    kinds.append(a.value)
            out.kinds += tuple(kinds)
            continue
        decl = _declaration(st, out.id, diags)
        if decl is None:
            continue
        if decl.id in out.names:
            diags.error(NAME_DECLARED_TWICE, st.args[0].span, name=decl.id, set=out.id,
                        notes=[("first declared here", out.names[decl.id].span)])
            continue
        out.names[decl.id] = decl
    return out


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
