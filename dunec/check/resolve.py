"""Check definitions and lower them to IR in one walk.

Pass 1 collects every id (so cards may refer to each other in any order);
pass 2 checks each definition's fields and boxes against the schemas and the
name tables, emitting IR for what is well-formed and a diagnostic for the rest.
"""
from __future__ import annotations

from typing import Optional

from dunec.check import tables as T
from dunec.check.diagnostics import Diagnostics, an, did_you_mean, one_of
from dunec.check.forms import match, show_forms
from dunec.check.model import CARD_KINDS, KINDS, Def, Model
from dunec.check.schema import SCHEMAS, FieldSpec
from dunec.ir.ops import MODIFIERS, Op
from dunec.syntax import ast


class Checker:
    def __init__(self, diags: Diagnostics):
        self.d = diags
        self.model = Model()
        self._first: dict[str, ast.Definition] = {}
        self._set_uses: list = []  # (span, sets, name) of set-bound constructs in the current definition
        self._refs: list = []  # (arg, kinds, what) card references, resolved after every definition

    # ------------------------------------------------------------------ passes
    def check(self, files: list[ast.SourceFile]) -> Model:
        todo = []
        for f in files:
            self.model.files[f.path] = f.text
            for defn in f.definitions:
                if defn.kind not in SCHEMAS:
                    self.d.error("E0101", defn.kind_span, kind=defn.kind, label="not a definition kind",
                                 help=did_you_mean(defn.kind, SCHEMAS) or one_of(SCHEMAS))
                    continue
                if defn.id in self._first:
                    first = self._first[defn.id]
                    self.d.error("E0102", defn.id_span, id=defn.id, label="defined again here",
                                 notes=[("first defined here", first.id_span)],
                                 help="give each definition its own id")
                    continue
                self._first[defn.id] = defn
                todo.append(defn)
        for defn in todo:
            self._definition(defn)
        return self.model

    # ------------------------------------------------------------------ definitions
    def _definition(self, defn: ast.Definition) -> None:
        schema = SCHEMAS[defn.kind]
        dset = _set_from_path(defn.file)
        out = Def(defn.kind, defn.id, defn.title or _title(defn.id), dset or "base", defn.file, defn.span)
        seen: dict[str, ast.Action] = {}
        for st in defn.body:
            if isinstance(st, ast.Requires):
                if "requires" not in schema:
                    self.d.error("E0104", st.span, field="requires", kind=KINDS[defn.kind],
                                 label="unknown field", help="only a board space has a requirement")
                elif "requires" in out.fields or "requires" in seen:
                    self.d.error("E0105", st.span, field="requires", label="given again here",
                                 notes=[("first given here", seen["requires"].span)] if "requires" in seen else [],
                                 help="combine the conditions with `and` in one `requires`")
                else:
                    c = self._cond(st.cond, defn)
                    seen["requires"] = st
                    if c is not None:
                        out.fields["requires"] = c
                continue
            if not isinstance(st, ast.Action):
                word = _stmt_word(st)
                at = ast.Span(st.span.file, st.span.line, st.span.col, st.span.line, st.span.col + len(word))
                self.d.error("E0104", at, field=word, kind=KINDS[defn.kind],
                             label="effects go inside a box", help="wrap it in a box such as `reveal { ... }`")
                continue
            key, key_span = st.verb, st.verb_span
            if key == "on" and st.args and st.args[0].kind == "name":
                key = "on " + str(st.args[0].value)
                end = st.args[0].span
                key_span = ast.Span(key_span.file, key_span.line, key_span.col, end.end_line, end.end_col)
            spec = schema.get(key)
            if spec is None:
                valid = [k for k in schema]
                self.d.error("E0104", key_span, field=key, kind=KINDS[defn.kind], label="unknown field",
                             help=did_you_mean(key, valid) or one_of(valid))
                continue
            if key in seen and spec.kind != "cards":
                self.d.error("E0105", key_span, field=key, label="given again here",
                             notes=[("first given here", seen[key].verb_span)],
                             help=("merge the two boxes into one" if spec.kind == "box"
                                   else "keep one of the two"))
                continue
            seen[key] = st
            self.model.spans[(out.id, key)] = st.span
            self._field(out, defn, st, key, spec)
        set_known = True
        if "set" in seen:
            if "set" in out.fields:
                out.set = out.fields.pop("set")
            else:
                set_known = False  # a bad `set` value, already reported
        elif dset is None:
            set_known = False
            self.d.error("E0103", defn.id_span, kind=KINDS[defn.kind], id=defn.id, field="set",
                         label="no set", help="add `set base` (or keep the file under cards/<set>/)")
        for key, spec in schema.items():
            if spec.required and key not in seen:
                self.d.error("E0103", defn.id_span, kind=KINDS[defn.kind], id=defn.id, field=key,
                             label=f"needs `{key}`", help=f"add `{spec.example}`")
        if "copies" in out.fields:
            out.copies = out.fields.pop("copies")
        # Re-check context rules that depend on the set, now that it is known.
        for span, needs, name in (self._set_uses if set_known else ()):
            if out.set not in needs:
                self.d.error("E0302", span, name=name, needs=" or ".join(needs), set=out.set,
                             label=f"needs {'/'.join(needs)}",
                             help=f"write `set {needs[0]}` if the card belongs to that expansion, "
                                  f"or remove `{name}`")
            else:
                self.d.error("E0309", span, name=name, set=out.set, label="not played yet",
                             help="the engine plays base-game constructs today; this one arrives with its set")
        self._set_uses = []
        # A House Hagal card that only sends an agent (`spaces ...`) or only reshuffles
        # the deck (`reshuffle`) does something.
        if defn.kind in ("intrigue", "conflict", "space", "hagal") and not out.boxes and \
                not (defn.kind == "hagal" and (out.fields.get("spaces") or out.fields.get("reshuffle"))):
            boxes = [s.example for s in schema.values() if s.kind == "box"]
            help = ("a House Hagal card sends the rival's agent (`spaces conspire`), gives it something "
                    "(`gain { troops 2 }`) or reshuffles the deck (`reshuffle`)") if defn.kind == "hagal" else \
                "add the box the printed card has: " + ", ".join(f"`{b}`" for b in boxes[:4])
            self.d.error("E0107", defn.id_span, label="no boxes", help=help)
        self.model.defs[out.id] = out

    def _field(self, out: Def, defn: ast.Definition, st: ast.Action, key: str, spec: FieldSpec) -> None:
        args = st.args[1:] if key.startswith("on ") else st.args
        if spec.kind == "box":
            if st.body is None:
                self.d.error("E0106", st.span, field=key, label="expects a block",
                             help=f"write `{spec.example}`")
                return
            if args:
                self.d.error("E0106", args[0].span, field=key, label="a box takes no arguments",
                             help=f"write `{spec.example}`")
            context = "reward" if spec.box in ("first", "second", "third") else spec.box
            out.boxes[spec.box] = self._block(st.body, context, defn)
            return
        if spec.kind == "costs" and st.body is not None and not args:
            # Several costs: `cost { spice 2; trash card }`.
            items = [c for c in st.body if isinstance(c, ast.Action) and c.body is None]
            if len(items) != len(st.body):
                self.d.error("E0106", st.span, field=key, label="a cost block lists costs only",
                             help="write `cost { spice 2; trash card }`")
                return
            costs = self._costs(items, defn, st, field=True)
            if costs is not None:
                out.fields[key] = costs
            return
        if st.body is not None:
            self.d.error("E0106", st.span, field=key, label="does not take a block",
                         help=f"write `{spec.example}`")
            return
        if spec.kind == "flag":
            if args:
                self.d.error("E0106", args[0].span, field=key, label="takes no value",
                             help=f"write `{spec.example}`")
                return
            out.fields[key] = True
            return
        if spec.kind == "int":
            if len(args) != 1 or args[0].kind != "int" or not (spec.lo <= args[0].value <= spec.hi):
                at = args[0].span if args else st.verb_span
                self.d.error("E0106", at, field=key,
                             label=f"expects a number from {spec.lo} to {spec.hi}", help=f"write `{spec.example}`")
                return
            out.fields[key] = args[0].value
            return
        if spec.kind in ("name", "names"):
            if not args or (spec.kind == "name" and len(args) != 1):
                at = args[1].span if len(args) > 1 else st.verb_span
                self.d.error("E0106", at, field=key,
                             label="expects one name" if spec.kind == "name" else "expects names",
                             help=f"write `{spec.example}`")
                return
            vals = []
            table = T.SLOT_TABLES[spec.table]
            for a in args:
                if a.kind != "name" or a.value not in table:
                    hint = did_you_mean(str(a.value), table) or one_of(table)
                    if spec.table == "set":
                        self.d.error("E0402", a.span, name=a.text(), label="not a set", help=hint)
                    else:
                        self.d.error("E0203", a.span, what=spec.table, name=a.text(),
                                     label=f"not {an(spec.table)}", help=hint)
                    continue
                if a.value in vals:
                    self.d.error("E0106", a.span, field=key, label="listed twice",
                                 help="list each name once")
                    continue
                vals.append(a.value)
            if spec.kind == "names":
                out.fields[key] = tuple(vals)
            elif vals:
                out.fields[key] = vals[0]
            return
        if spec.kind == "costs":
            costs = self._costs([ast.Action(str(args[0].value), args[0].span, args[1:], None, st.span)]
                                if args and args[0].kind == "name" else [], defn, st, field=True)
            if costs is not None:
                out.fields[key] = costs
            return
        if spec.kind == "cards":  # deck lists: `card ID N`
            if len(args) != 2 or args[0].kind != "name" or args[1].kind != "int" or args[1].value < 1:
                bad_count = len(args) == 2 and args[0].kind == "name" and args[1].kind == "int"
                self.d.error("E0106", args[1].span if bad_count else st.span, field=key,
                             label="a count is at least 1" if bad_count else "expects a card id and a count",
                             help=f"write `{spec.example}`")
                self.model.incomplete.add(out.id)  # the deck size cannot be checked
                return
            self._refs.append((args[0], ("card", "starter", "reserve"), "card"))
            out.fields.setdefault("cards", []).append((args[0].value, args[1].value))
            return
        if spec.kind == "spaces":
            vals = []
            for a in args:
                if a.kind != "name":
                    self.d.error("E0106", a.span, field=key, label="expects space ids",
                                 help=f"write `{spec.example}`")
                    continue
                self._refs.append((a, ("space",), "board space"))
                vals.append(a.value)
            if not args:
                self.d.error("E0106", st.verb_span, field=key, label="expects space ids",
                             help=f"write `{spec.example}`")
            out.fields[key] = tuple(vals)
            return
        raise AssertionError(spec.kind)  # pragma: no cover - schema and checker agree

    # ------------------------------------------------------------------ boxes
    def _block(self, stmts: list, box: str, defn: ast.Definition) -> tuple:
        ops = []
        for st in stmts:
            op = self._stmt(st, box, defn)
            if op is not None:
                ops.append(op)
        return tuple(ops)

    def _stmt(self, st, box: str, defn: ast.Definition) -> Optional[Op]:
        if isinstance(st, ast.Requires):
            self.d.error("E0301", st.span, verb="requires", box=_box_phrase(box),
                         label="a requirement is not an effect",
                         help="write `requires ...` as a field of the board space, outside its boxes")
            return None
        if isinstance(st, ast.If):
            c = self._cond(st.cond, defn)
            then = self._block(st.then, box, defn)
            other = self._block(st.orelse, box, defn) if st.orelse is not None else None
            if c is None:
                return None
            return Op("if", (c,), then, (other,) if other is not None else ())
        if isinstance(st, ast.ForEach):
            q = self._quantity(st.count, st.count_span, st.args, T.COUNTS, "E0306", defn)
            body = self._block(st.body, box, defn)
            return Op("foreach", (q,), body) if q is not None else None
        if isinstance(st, ast.Each):
            if st.target != "opponent" or st.args:
                self.d.error("E0201", st.target_span, verb=f"each {st.target}", label="unknown target",
                             help="`each opponent { ... }` is the only group target")
                return None
            return Op("each_opponent", (), self._block(st.body, box, defn))
        if isinstance(st, ast.Choose):
            n = 1
            if st.args:
                a = st.args[0]
                if len(st.args) != 1 or a.kind != "int" or a.value < 1:
                    self.d.error("E0202", a.span, verb="choose", label="expects how many to pick",
                                 help="write `choose { - a - b }` or `choose 2 { ... }`")
                    return None
                n = a.value
            alts = tuple(self._block(o, box, defn) for o in st.options)
            if n >= len(alts):
                head = st.span
                if st.args:
                    end = st.args[-1].span
                    head = ast.Span(head.file, head.line, head.col, end.end_line, end.end_col)
                else:
                    head = ast.Span(head.file, head.line, head.col, head.line, head.col + len("choose"))
                self.d.error("E0307", head, n=n, options=f"{n} option{'s' if n != 1 else ''}",
                             label=f"only {len(alts)} option{'s' if len(alts) != 1 else ''}",
                             help="add options, lower the number, or drop the choice if every option applies")
                return None
            return Op("choose", (n,), (), alts)
        if isinstance(st, ast.Pay):
            costs = self._costs(st.costs, defn, st)
            gain = self._block(st.gain, box, defn)
            if costs is None:
                return None
            return Op("pay", (costs,), gain)
        return self._action(st, box, defn)

    def _costs(self, costs: list[ast.Action], defn: ast.Definition, st, field: bool = False) -> Optional[tuple]:
        out = []
        ok = True
        if not costs:
            self.d.error("E0202", st.span, verb="cost" if field else "pay", label="expects what to pay",
                         help="write `cost spice 4`" if field else "write `pay spice 2 -> solari 6`")
            return None
        for c in costs:
            words = [c.verb] + [str(a.value) for a in c.args]
            if c.verb == "trash" and [str(a.value) for a in c.args] == ["this"]:
                if defn.kind not in CARD_KINDS:
                    self.d.error("E0301", c.span, verb="trash this", box=an(KINDS[defn.kind]),
                                 label="there is no card to trash", help="only a card can trash itself")
                    ok = False
                out.append(("trash_this",))
                continue
            if c.verb == "trash" and [str(a.value) for a in c.args] == ["card"]:
                out.append(("trash_card",))
                continue
            if c.verb == "influence":
                m, err = match(("<faction> <int>", "any <int>"), c.args, lambda s: T.SLOT_TABLES.get(s))
                if m is None:
                    self._slot_or_form_error("influence", ("<faction> <int>", "any <int>"), c, err)
                    ok = False
                    continue
                n = m.values[-1]
                f = m.values[0] if m.form.startswith("<") else "any"
                if n <= 0 or n > T.MAX_INFLUENCE:
                    self.d.error("E0303", c.args[-1].span,
                                 label="must be at least 1" if n <= 0 else
                                 f"influence tops out at {T.MAX_INFLUENCE}",
                                 help=f"an influence cost is from 1 to {T.MAX_INFLUENCE}")
                    ok = False
                out.append(("influence", f, n))
                continue
            if c.verb not in T.PAYABLE:
                self.d.error("E0203", c.verb_span, what="cost", name=" ".join(words[:1]), label="cannot be paid",
                             help=did_you_mean(c.verb, T.PAYABLE + ("influence", "trash")) or
                             one_of(T.PAYABLE + ("influence", "trash this")))
                ok = False
                continue
            if len(c.args) != 1 or c.args[0].kind != "int":
                self.d.error("E0202", c.span, verb=c.verb, label="a cost is a resource and an amount",
                             help=f"write `cost {c.verb} 2`" if field else f"write `pay {c.verb} 2 -> ...`")
                ok = False
                continue
            n = c.args[0].value
            limit = T.TROOPS_PER_PLAYER if c.verb in ("garrison", "deployed") else None
            if n <= 0 or (limit is not None and n > limit):
                self.d.error("E0303", c.args[0].span,
                             label="must be at least 1" if n <= 0 else f"a player has only {limit} troops",
                             help="a cost must be at least 1; to pay nothing, drop the `pay`" if n <= 0
                             else f"a troop cost is from 1 to {limit}")
                ok = False
                continue
            out.append(("res", c.verb, n))
        return tuple(out) if ok else None

    def _action(self, st: ast.Action, box: str, defn: ast.Definition) -> Optional[Op]:
        verb = T.VERBS.get(st.verb)
        if verb is None:
            if st.verb in T.CONDITIONS and st.verb not in T.VERBS:
                help = f"`{st.verb}` is a condition: write `if {st.verb} ... {{ ... }}`"
            else:
                help = did_you_mean(st.verb, T.VERBS) or "see `docs/language.md` for the effect table"
            self.d.error("E0201", st.verb_span, verb=st.verb, label="not an effect", help=help)
            return None
        if verb.sets != T.SETS:
            self._set_uses.append((st.verb_span, verb.sets, st.verb))
        if box == "passive" and st.verb not in MODIFIERS:
            self.d.error("E0301", st.verb_span, verb=st.verb, box="a passive box",
                         label="a passive box holds rule modifiers",
                         help="use `space_cost`, `ignore_block`, or a trigger such as `on game_start { ... }`")
            return None
        if st.verb in MODIFIERS and box != "passive":
            self.d.error("E0308", st.verb_span, name=st.verb, label="not an effect",
                         help="put it in the leader's `passive { ... }` box")
            return None
        if box not in verb.boxes:
            self.d.error("E0301", st.verb_span, verb=st.verb, box=_box_phrase(box),
                         label="not allowed here", help=_context_help(st.verb, box))
            return None
        if verb.block and st.body is None:
            self.d.error("E0205", st.span, verb=st.verb, label="needs `{ ... }`",
                         help=f"write `{st.verb} {{ ... }}`")
            return None
        if not verb.block and st.body is not None:
            self.d.error("E0206", st.span, verb=st.verb, label="unexpected block",
                         help="only `opponent` and `each opponent` take a block")
            return None
        m, err = match(verb.forms, st.args, self._slot_table)
        if m is None:
            self._slot_or_form_error(st.verb, verb.forms, st, err)
            return None
        v = m.values
        for w, a in zip(m.form.split(), st.args):  # amounts: at least 1, at most MAX_AMOUNT
            if w != "<int>":
                continue
            lo = -T.MAX_AMOUNT if st.verb == "space_cost" else 0 if st.verb == "acquire" else 1
            if a.value < lo:
                self.d.error("E0202", a.span, verb=st.verb, label=f"must be at least {lo}",
                             help="write a positive amount" if st.verb == "lose" else
                             "write a positive amount; use `lose` to take something away")
                return None
            if a.value > T.MAX_AMOUNT:
                self.d.error("E0202", a.span, verb=st.verb, label=f"must be at most {T.MAX_AMOUNT}",
                             help="no card gives or takes that much; check the number")
                return None
        if st.verb in ("solari", "spice", "water", "persuasion", "swords", "troops", "vp", "intrigue", "draw"):
            return Op("gain", (st.verb, v[0]))
        body = self._block(st.body, box, defn) if st.body is not None else ()
        if st.verb == "lose":
            if m.form.startswith("influence"):
                f = v[0] if "<faction>" in m.form else "any"
                return Op("lose_influence", (f, v[-1]))
            if v[-1] <= 0:
                self.d.error("E0202", st.args[-1].span, verb="lose", label="must be at least 1",
                             help="write a positive amount")
                return None
            return Op("lose", (v[0], v[1]))
        if st.verb == "influence":
            f = v[0] if m.form.startswith("<") else m.form.split()[0]
            if f == "space" and box != "agent":
                self.d.error("E0301", st.args[0].span, verb="influence space", box=_box_phrase(box),
                             label="there is no space sent to here",
                             help="`influence space N` works in an agent box")
                return None
            if v[-1] <= 0:
                self.d.error("E0202", st.args[-1].span, verb="influence", label="must be at least 1",
                             help="write a positive amount; use `lose influence` to take influence away")
                return None
            return Op("influence", (f, v[-1]))
        if st.verb == "deploy":
            if m.form == "any":
                return Op("deploy", (-1, "garrison"))
            if m.form == "recruited":
                return Op("deploy", (-2, "garrison"))
            return Op("deploy", (v[0], "supply" if "supply" in m.form else "garrison"))
        if st.verb == "retreat":
            return Op("retreat", (-1 if m.form == "any" else v[0],))
        if st.verb == "trash":
            if m.form == "this":
                if defn.kind not in CARD_KINDS:
                    self.d.error("E0301", st.span, verb="trash this", box=an(KINDS[defn.kind]),
                                 label="there is no card to trash", help="only a card can trash itself")
                    return None
                return Op("trash", ("this", ""))
            return Op("trash", ("card", v[0] if v else ""))
        if st.verb == "discard":
            return Op("discard", (v[0],))
        if st.verb == "acquire":
            return Op("acquire", (v[0], m.form.endswith("top")))
        if st.verb == "gain_card":
            self._refs.append((st.args[0], ("reserve",), "reserve card"))
            return Op("gain_card", (v[0],))
        if st.verb == "steal":
            return Op("steal_intrigue", (v[0],))
        if st.verb == "recall":
            return Op("recall")
        if st.verb == "control":
            return Op("control", (v[0],))
        if st.verb == "signet":
            if defn.kind not in CARD_KINDS + ("hagal",):
                self.d.error("E0301", st.verb_span, verb="signet", box=an(KINDS[defn.kind]),
                             label="only a card can use the leader's signet ring",
                             help="`signet` works in the agent box of a card")
                return None
            return Op("signet")
        if st.verb == "opponent":
            return Op("opponent", (), body)
        if st.verb in ("shuffle_discard", "mentat", "swordmaster", "high_council", "draw_or_trash_top",
                       "acquire_to_top", "manipulate", "infiltrate", "pass_turn", "block_space",
                       "double_harvest", "harvest"):
            return Op(st.verb)
        if st.verb == "retrieve":
            return Op("retrieve", (v[0],))
        if st.verb == "extra_icon":
            return Op("extra_icon", (v[0],))
        if st.verb == "discount":
            self._refs.append((st.args[0], ("card", "starter", "reserve"), "card"))
            return Op("discount", (v[0], v[1]))
        if st.verb in ("space_cost", "ignore_block", "see_top_card"):
            return Op(st.verb, tuple(v))
        # Constructs of sets the engine does not play yet: the set check reports them.
        return Op(st.verb, tuple(v))

    # ------------------------------------------------------------------ conditions
    def _cond(self, c, defn: ast.Definition):
        if isinstance(c, ast.CondOp):
            parts = [self._cond(p, defn) for p in c.parts]
            if any(p is None for p in parts):
                return None
            return (c.op, *parts)
        cd = T.CONDITIONS.get(c.name)
        if cd is None:
            if c.name == "no" and c.args:
                help = f"negate a condition with `not`: `not {' '.join(a.text() for a in c.args)}`"
            else:
                help = did_you_mean(c.name, T.CONDITIONS) or one_of(T.CONDITIONS)
            self.d.error("E0304", c.name_span, name=c.name, label="not a condition", help=help)
            return None
        args = list(c.args)
        if cd.quantity:
            if len(args) < 2 or args[-2].kind != "cmp" or args[-1].kind != "int":
                example = " ".join([c.name] + [w.replace("<faction>", "fremen").replace("<int>", "3")
                                               .replace("<card>", "card_id") for w in cd.forms[0].split()])
                self.d.error("E0305", c.span, name=c.name, label="expects a comparison",
                             help=f"write `{example} >= 2`")
                return None
            q = self._quantity(c.name, c.name_span, args[:-2], {c.name: cd.forms}, "E0305", defn, whole=c)
            if q is None:
                return None
            return ("cmp", q, args[-2].value, args[-1].value)
        m, err = match(cd.forms, args, self._slot_table)
        if m is None:
            if err is not None:
                self._slot_error(err)
            else:
                self.d.error("E0305", c.span, name=c.name, label="wrong arguments",
                             help=show_forms(c.name, cd.forms))
            return None
        if "<card>" in m.form:
            self._refs.append((args[0], ("card", "starter", "reserve"), "card"))
        vals = m.values if m.values else ([] if m.form == "" else [m.form])
        return (c.name, *vals)

    def _quantity(self, name, span, args, table, code, defn, whole=None):
        forms = table.get(name)
        if forms is None:
            self.d.error(code, span, name=name, label="not a count",
                         help=did_you_mean(name, table) or one_of(table))
            return None
        m, err = match(forms, args, self._slot_table)
        if m is None:
            if err is not None:
                self._slot_error(err)
            elif code == "E0305":  # a condition that compares: `influence fremen >= 2`
                self.d.error("E0305", whole.span if whole else span, name=name, label="wrong arguments",
                             help="accepted forms: " + "; ".join(
                                 f"`{' '.join([name] + f.split() + ['>=', 'N'])}`" for f in forms))
            else:  # a count of `for each`
                at = span
                if args:
                    at = ast.Span(span.file, span.line, span.col, args[-1].span.end_line, args[-1].span.end_col)
                self.d.error("E0202", at, verb=f"for each {name}", label="these arguments do not fit",
                             help=show_forms(f"for each {name}", forms))
            return None
        if "<card>" in m.form:
            self._refs.append((args[0], ("card", "starter", "reserve"), "card"))
        return (name, *m.values)

    # ------------------------------------------------------------------ helpers
    def _slot_table(self, slot: str):
        if slot in ("card", "reserve"):
            return tuple(self._first)  # checked against kinds after pass 2
        return T.SLOT_TABLES.get(slot)

    def _slot_error(self, err) -> None:
        what = {"losable": "thing to lose", "payable": "cost", "reserve": "reserve card"}.get(err.slot, err.slot)
        if err.slot in ("card", "reserve"):  # ids: suggest only definitions of the right kind
            kinds = ("reserve",) if err.slot == "reserve" else CARD_KINDS
            ids = [i for i, d in self._first.items() if d.kind in kinds]
            help = did_you_mean(str(err.arg.value), ids) or "define it, or check the spelling"
        else:
            help = did_you_mean(str(err.arg.value), err.candidates) or one_of(err.candidates)
        self.d.error("E0203", err.arg.span, what=what, name=err.arg.text(), label=f"not {an(what)}", help=help)

    def _slot_or_form_error(self, verb, forms, st, err) -> None:
        if err is not None:
            self._slot_error(err)
        else:
            at = st.args[0].span if st.args else st.verb_span
            if st.args:
                at = ast.Span(at.file, at.line, at.col, st.args[-1].span.end_line, st.args[-1].span.end_col)
            self.d.error("E0202", at, verb=verb, label="these arguments do not fit",
                         help=show_forms(verb, forms))

    def resolve_refs(self) -> None:
        for arg, kinds, what in self._refs:
            target = self.model.defs.get(arg.value)
            if target is None:
                if arg.value in self._first:
                    continue  # the definition itself had errors, already reported
                cands = [d.id for d in self.model.defs.values() if d.kind in kinds]
                self.d.error("E0203", arg.span, what=what, name=arg.value, label=f"no such {what}",
                             help=did_you_mean(str(arg.value), cands) or "define it, or check the spelling")
            elif target.kind not in kinds:
                self.d.error("E0204", arg.span, name=arg.value, what=what,
                             label=f"this is {an(KINDS[target.kind])}", help=f"name {an(what)} here")
        self._refs = []


def _stmt_word(st) -> str:
    return {ast.If: "if", ast.Requires: "requires", ast.ForEach: "for each", ast.Each: "each", ast.Choose: "choose",
            ast.Pay: "pay"}.get(type(st), "statement")


def _box_phrase(box: str) -> str:
    return {
        "agent": "an agent box", "reveal": "a reveal box", "acquire": "an acquire bonus",
        "plot": "a plot intrigue box", "combat": "a combat intrigue box", "endgame": "an endgame box",
        "win": "an `on win` box", "trash": "an `on trash` box", "discard": "an `on discard` box",
        "space": "a board space effect", "control": "a control bonus", "reward": "a conflict reward",
        "signet": "a signet ring ability", "passive": "a passive box", "hagal": "a House Hagal card",
    }.get(box, f"a `{box}` box")


def _context_help(verb: str, box: str) -> str:
    if verb == "swords":
        return "swords count on a Reveal turn or in combat: put them in `reveal { ... }` or `combat { ... }`"
    if box == "combat":
        return "a combat intrigue box holds swords, retreat, deploy, losses and paid effects"
    if verb == "persuasion":
        return "persuasion is spent on the Reveal turn: put it in `reveal { ... }`"
    allowed = [_box_phrase(b) for b in (T.VERBS[verb].boxes if verb in T.VERBS else ())]
    if 0 < len(allowed) <= 6:
        where = allowed[0] if len(allowed) == 1 else ", ".join(allowed[:-1]) + " or " + allowed[-1]
        return f"`{verb}` works in {where}"
    return "see the effect table in `docs/language.md` for where each effect may stand"


def _set_from_path(path: str) -> Optional[str]:
    parts = path.replace("\\", "/").split("/")
    for p in reversed(parts[:-1]):
        if p in T.SETS:
            return p
    return None


def _title(ident: str) -> str:
    return " ".join(w.capitalize() for w in ident.split("_"))
