"""Check definitions and lower them to IR in one walk (boxes: effects.py).

Pass 1 collects every id (so cards may refer to each other in any order);
pass 2 checks each definition's fields and boxes against the schemas and the
name tables, emitting IR for what is well-formed and a diagnostic for the rest.
"""
from __future__ import annotations

import re


from dunec.check.context import Entry, Known
from dunec.check.diagnostics import Diagnostics, did_you_mean, one_of
from dunec.check.effects import EffectChecker
from dunec.check.forms import match, show_forms
from dunec.check.messages import (
    Code, BOX_TAKES_NO_ARGUMENTS, COST_BLOCK_HOLDS_COSTS, SUMMONED_UNIT_HELD, DECK_ROW_EXPECTED, DUPLICATE_BOX, DUPLICATE_FIELD,
    DUPLICATE_ID, DUPLICATE_REQUIREMENT, EFFECT_OUTSIDE_BOX, FIELD_NEEDS_BLOCK, FIELD_TAKES_NO_BLOCK,
    FLAG_TAKES_NO_VALUE, HAGAL_DOES_NOTHING, MISSING_FIELD, MISSING_SEMICOLON, MISSING_SET,
    MISSING_SET_DECLARATION,
    NAMES_EXPECTED, NAME_EXPECTED, NAME_LISTED_TWICE, NOT_IN_THIS_SET, NO_BOXES, NO_SUCH_DEFINITION,
    NAME_AND_NUMBER_EXPECTED, NUMBER_EXPECTED, NUMBER_OUT_OF_RANGE, REQUIREMENT_OUTSIDE_SPACE, SPACES_EXPECTED, UNKNOWN_FIELD, UNKNOWN_KIND,
    NOT_A_FLAG, SIDE_MISPLACED, TRACK_LEADER_UNKNOWN, UNKNOWN_NAME, UNKNOWN_SET, WRONG_ARGUMENTS, WRONG_KIND_OF_DEFINITION, AMBIGUOUS_ID, SET_NOT_CHECKED,
    SET_REQUIREMENT_CYCLE, SET_REQUIREMENT_MISSING, TAG_UNKNOWN, UNLOAD_WITHOUT_REVEAL, GRAFT_NOT_ON_AGENT_CARD,
    MARKET_KEEPS_ANOTHER_KIND, MARKET_CARD_BOUGHT_ELSEWHERE, OBJECTIVE_FIRST_PLAYER_TWICE, DEFAULT_SET_TWICE,
    PIECE_NEAR_VIA_ICON, PIECE_ON_UNLINKED_KIND, IGNORE_REQUIREMENTS_NO_AGENT, VIA_ICON_ON_SPACE,
    LINK_OFF_THE_BOARD, CONTRACT_WITHOUT_REWARD, CONTRACT_COMPLETION, CONTRACT_AT_SPACES,
)
from dunec.check.model import CARD_KINDS, KINDS, Def, Model
from dunec.check.schema import RANGES, SCHEMAS, FieldSpec
from dunec.check.vocab import (
    Decl, SetDecl, Vocabulary, market_sells, reaches, read_replacement, read_set, sellable_kinds,
)
from dunec.syntax import ast


# The kinds that take a field named after a set's tag set (`battle crysknife`).
TAGGED_KINDS = CARD_KINDS + ("conflict", "intrigue", "objective")
# Unknown ids that get a "did you mean" (see Checker._suggest_id).
MAX_ID_SUGGESTIONS = 200
# What a list field's ids name, by the definition kind its table gives (`prefers`).
REF_WHAT = {"post": "observation post"}


# Fields a kind no longer has, and what says the same now: the help of E0104 on an
# old file (docs/language.md, "Replacing cards").
RETIRED_FIELDS = {
    ("hagal", "replaces"): "a set replaces House Hagal cards: write `replace hagal OLD with {id} [N]` in its `set`",
    ("deck", "replaces"): "write `replace starter OLD with NEW N`: the row brings the NEW cards in itself",
}

class Checker(EffectChecker):
    def __init__(self, diags: Diagnostics):
        self.d = diags
        self.model = Model()
        self.v: Vocabulary | None = None
        # Every definition by its id and by `set.id`; an id of several sets (a clash)
        # only by `set.id`, and its sets in _clashes.
        self._first: dict[str, ast.Definition] = {}
        self._clashes: dict[str, list[str]] = {}
        self._set_now: str | None = None  # the set of the definition being checked, if known
        self._set_uses: list = []  # (span, sets, name) of set-bound constructs in the current definition
        self._refs: list = []  # (arg, kinds, what) card references, resolved after every definition
        self._keeps: list = []  # market declarations of the checked files with a `keeps` entry
        self._priced: list = []  # (arg, verb): cards named where persuasion or the reserve would buy them
        # (what names it, its set, arg, verb): a post's `links` and a flag's `protects`, each on its board (E0444)
        self._links: list = []
        self._ids_of: dict[tuple, list[str]] = {}  # kinds -> ids, for suggestions (ids are known after pass 1)
        self._suggested = 0
        self._side_of: dict[str, str] = {}  # a leader's side (`side ID`) -> the leader it is the back of
        self._sides: list = []  # the `side` statements of the definition being checked, read once its set is known

    # ------------------------------------------------------------------ passes
    def check(self, files: list[ast.SourceFile], bundled: dict[str, SetDecl] | None = None,
              sets: tuple[str, ...] | None = None, known: Known | None = None) -> Model:
        """Check the files against the core language and the names of the sets declared
        in them or bundled (`bundled`: set id -> declaration, used for the sets the files
        do not declare). `sets`, when given, are the sets this check is for. `known`:
        the definitions of the bundled files among `files` (given without them),
        checked before (check/context.py); raises context.Changed, before checking
        anything, when the files could make those check otherwise."""
        decls: dict[str, SetDecl] = {}
        here: dict[str, ast.Definition] = {}
        for f in files:
            for defn in f.definitions:
                if defn.kind == "set":
                    if defn.id in here:
                        self.d.error(DUPLICATE_ID, defn.id_span, id=defn.id,
                                     notes=[("first defined here", here[defn.id].id_span)])
                        continue
                    here[defn.id] = defn
                    decls[defn.id] = read_set(defn, self.d)
        for sid, decl in (bundled or {}).items():
            decls.setdefault(sid, decl)
        defaults = [s for s in sorted(decls, key=lambda s: (s in here, s)) if decls[s].default]
        for sid in defaults[1:]:
            if sid in here:  # one default game (E0451), reported in the files checked
                self.d.error(DEFAULT_SET_TWICE, decls[sid].default_span, first=defaults[0], set=sid)
        if sets is None:
            named = set(here) | {self._peek_set(defn, decls) for f in files for defn in f.definitions
                                 if defn.kind != "set"} | {e.set for e in (known.entries if known else ())}
            if None in named:  # a definition of no set belongs to the default game (`default`)
                named |= {s for s, d in decls.items() if getattr(d, "default", False)}
            in_check = frozenset().union(*(reaches(decls, s) for s in named if s is not None))
        else:
            # the shared foundations (`core`) the sets require come with them, as in a game
            reached = frozenset().union(*(reaches(decls, s) for s in sets if s in decls))
            in_check = frozenset(sets) | {s for s in reached if not decls[s].requires and not decls[s].default}
        self.v = Vocabulary(decls, self.d, in_check, frozenset(here))
        self.model.sets = decls
        for decl in decls.values():
            self._set_names(decl, checked=decl.id in here)
        todo: dict[tuple, ast.Definition] = {(e.set, e.id): e for e in (known.entries if known else ())}
        for f in files:
            self.model.files[f.path] = f.text
            for defn in f.definitions:
                if defn.kind == "set":
                    continue
                if defn.kind not in SCHEMAS and defn.kind not in self.v.derived:
                    kinds = [*SCHEMAS, *self.v.derived]
                    self.d.error(UNKNOWN_KIND, defn.kind_span, kind=defn.kind,
                                 help=did_you_mean(defn.kind, kinds) or one_of(kinds, near=defn.kind))
                    continue
                key = (self._peek_set(defn, self.v.sets), defn.id)
                if key in todo:
                    self.d.error(DUPLICATE_ID, defn.id_span, id=defn.id,
                                 notes=[("first defined here", todo[key].id_span)])
                    continue
                todo[key] = defn
        if known is not None:
            known.check_usable([d for f in files if f.path not in known.files for d in f.definitions if d.kind == "set"],
                               [k for k, d in todo.items() if not isinstance(d, Entry)])
        self.todo = todo
        by_id: dict[str, list] = {}
        for (dset, ident), defn in todo.items():
            by_id.setdefault(ident, []).append(dset)
            self._first[f"{dset}.{ident}"] = defn
        for ident, dsets in by_id.items():
            # An id of several sets still matches a card slot; resolve_refs reports it.
            self._first[ident] = todo[(dsets[0], ident)]
            if len(dsets) > 1:
                self._clashes[ident] = sorted(str(x) for x in dsets)
        for (dset, ident), defn in todo.items():
            key = f"{dset}.{ident}" if ident in self._clashes else ident
            if isinstance(defn, Entry):
                self.model.defs[key] = defn.defn
                self.model.spans.update(defn.spans)
                if defn.incomplete:
                    self.model.incomplete.add(key)
            else:
                self._definition(defn, key)
        self._check_sets(here, sets, in_check)
        self._leader_tracks(here)
        self._first_players()
        return self.model

    def _set_names(self, decl: SetDecl, checked: bool) -> None:
        """Lower a set's track rewards and check its markets' currencies. A bundled
        declaration is the same every check: its names are judged only when the
        declaration is among the checked files."""
        defn = decl.defn
        self._set_now = decl.id
        sink, self.d = self.d, (self.d if checked else Diagnostics())
        try:
            self._set_names_of(decl, defn, checked)
        finally:
            self.d = sink

    def _set_names_of(self, decl: SetDecl, defn: ast.Definition, checked: bool) -> None:
        for d in decl.names.values():
            # A track's boxes: each step's, first-to-reach and cell reward and its at_end
            # box are effects (box "track"); a `from COLUMN` box holds rule modifiers.
            for boxes in (d.steps, d.firsts):
                for n, (span, body) in list(boxes.items()):
                    boxes[n] = self._block(body, "track", defn)
            for c in d.cells.values():
                if c.gives is not None:
                    c.gives = self._block(c.gives, "track", defn)
            if d.at_end is not None:
                d.at_end = self._block(d.at_end[1], "track", defn)
            for n, (span, body) in list(d.froms.items()):
                d.froms[n] = self._block(body, "passive", defn)
            # a token's `once` is played on the owner's turn like a leader's; a market's
            # `when_empty` like a track's reward
            for box, (span, body) in list(d.boxes.items()):
                if isinstance(body, list):
                    d.boxes[box] = self._block(body, "once" if d.kind == "token" else "track", defn)
            if d.kind == "market" and d.sells:
                like = getattr(self.v, "like", None)  # a set's derived kind is played as its core kind
                market_sells(d, like(d.sells) if like else d.sells, self.d if checked else Diagnostics(),
                             sellable_kinds())
            if d.keeps and checked:
                self._keeps.append(d)
            if checked:
                self._judge_set_uses(decl.id)
            self._set_uses = []
            for counter, span in ((d.currency, d.currency_span), (d.rebate, d.rebate_span)):
                if counter and checked:
                    self._market_counter(decl, counter, span)
            if d.holds and checked:
                self._held_unit(decl, d.holds, d.holds_span, d.id)
        if checked:
            self._open_names(decl)

    def _held_unit(self, decl, unit: str, span, counter: str) -> None:
        """A counter's `holds UNIT`: a unit kind of the set or of one it requires
        (the base game's `troops` for negotiators), never a summoned one (E0461)."""
        x = self.v.decls.get(unit)
        if x is None or x.kind != "unit" or x.set not in self.v.reaches(decl.id):
            units = [n for n, y in self.v.decls.items() if y.kind == "unit" and y.set in self.v.reaches(decl.id)]
            self.d.error(UNKNOWN_NAME, span, what="unit", name=unit,
                         help=did_you_mean(unit, units) or one_of(units, near=unit))
        elif any(w == "summoned" for w, _ in getattr(x, "flags", ())):
            self.d.error(SUMMONED_UNIT_HELD, span, counter=counter, unit=unit)

    def _market_counter(self, decl, counter: str, span) -> None:
        """A market's currency or rebate: a counter of the set or of one it requires."""
        if counter not in self.v.tables["payable"] or counter not in self.v.owner:
            counters = [n for n, x in self.v.decls.items()
                        if x.kind == "counter" and x.set in self.v.reaches(decl.id)]
            self.d.error(UNKNOWN_NAME, span, what="counter", name=counter,
                         help=did_you_mean(counter, counters) or one_of(counters, near=counter))
        else:
            self._note_set_use(counter, span)
            self._judge_set_uses(decl.id)

    @staticmethod
    def _peek_set(defn: ast.Definition, sets) -> str | None:
        """The set a definition belongs to, before its fields are checked: its `set`
        field if it names one, else its folder."""
        for st in defn.body:
            if isinstance(st, ast.Action) and st.verb == "set" and len(st.args) == 1 and st.args[0].kind == "name":
                return str(st.args[0].value)
        return _set_from_path(defn.file, sets)

    def _check_sets(self, here: dict, sets: tuple | None, checked: frozenset) -> None:
        """Every set of the check has the sets it requires alongside it. `checked`:
        the sets the check is for (`sets`, or those the files need)."""
        first: dict[str, ast.Span] = {}
        for d in self.model.defs.values():
            first.setdefault(d.set, d.span)
        for sid, defn in here.items():
            first.setdefault(sid, defn.id_span)
        if sets is not None:
            for sid in sets:
                if sid not in self.v.sets:
                    self.d.error(UNKNOWN_SET, None, name=sid,
                                 help=did_you_mean(sid, self.v.sets) or one_of(self.v.sets, near=sid))
        for sid in sorted(first):
            if sid not in self.v.sets:
                continue  # an unknown set, already reported
            if sets is not None and sid not in checked:
                self.d.error(SET_NOT_CHECKED, first[sid], set=sid, sets=",".join(sets))
            elif sets is None and sid not in checked:
                continue  # only the default game's set given to a definition whose `set` is wrong (reported)
            for need, span in self.v.sets[sid].requires:
                if need not in checked or need not in self.v.sets:
                    self.d.error(SET_REQUIREMENT_MISSING, span if sid in here else first[sid], set=sid, needs=need)
        self._requirement_circles(here)

    def _leader_tracks(self, here: dict) -> None:
        """A track printed on a leader (`leader ID`) names a leader definition of its set
        or of one it requires (E0475); judged when the set's leaders were checked."""
        for sid in sorted(here):
            decl = self.v.sets.get(sid)
            if decl is None:
                continue
            reach = self.v.reaches(sid)
            leaders = sorted(d.id for d in self.model.defs.values()
                             if d.kind == "leader" and d.set in reach and d.id not in self._side_of)
            for t in decl.names.values():
                if t.kind != "track" or not t.leader or not leaders:
                    continue
                d = self.model.defs.get(t.leader)
                if d is None or d.kind != "leader":
                    self.d.error(TRACK_LEADER_UNKNOWN, t.leader_span, track=t.id, leader=t.leader,
                                 help=did_you_mean(t.leader, leaders) or one_of(leaders, near=t.leader))

    def _requirement_circles(self, here: dict) -> None:
        """Sets of the checked files that require each other, directly or not: each
        circle once, at the first of its sets' requirements that closes it."""
        sets = self.v.sets
        seen: set = set()
        for sid in sorted(here):
            for need, span in sets[sid].requires if sid in sets else ():
                path = _requirement_path(sets, need, sid)
                if path is None or frozenset(path) in seen:
                    continue
                seen.add(frozenset(path))
                self.d.error(SET_REQUIREMENT_CYCLE, span, circle=" -> ".join(f"`{s}`" for s in [sid, *path]),
                             set=need, needs=need)

    # ------------------------------------------------------------------ definitions
    def _definition(self, defn: ast.Definition, key: str) -> None:
        kind = defn.kind
        if kind in self.v.derived:  # a set's derived kind: checked as its core kind, listed as itself
            defn = ast.Definition(self.v.like(kind), defn.kind_span, defn.id, defn.id_span, defn.title, defn.body,
                                  defn.span, defn.file)
        schema = SCHEMAS[defn.kind]
        self._set_now = self._peek_set(defn, self.v.sets)
        dset = _set_from_path(defn.file, self.v.sets)
        # a definition outside every set's folder belongs to the default game's set (`default`)
        game = dset or next((s for s in sorted(self.v.sets) if getattr(self.v.sets[s], "default", False)), "")
        out = Def(defn.kind, key, defn.title or _title(defn.id), game, defn.file, defn.span)
        seen: dict[str, ast.Action] = {}
        for st in defn.body:
            if isinstance(st, ast.Requires):
                if "requires" not in schema:
                    self.d.error(REQUIREMENT_OUTSIDE_SPACE, st.span, field="requires", kind=KINDS[defn.kind])
                elif "requires" in out.fields or "requires" in seen:
                    self.d.error(DUPLICATE_REQUIREMENT, st.span, field="requires",
                                 notes=[("first given here", seen["requires"].span)] if "requires" in seen else [])
                else:
                    c = self._cond(st.cond, defn)
                    if c is not None and not self._graft_reads(st.cond, "requires", defn):
                        c = None
                    seen["requires"] = st
                    if c is not None:
                        out.fields["requires"] = c
                continue
            if not isinstance(st, ast.Action):
                word = _stmt_word(st)
                at = ast.Span(st.span.file, st.span.line, st.span.col, st.span.line, st.span.col + len(word))
                self.d.error(EFFECT_OUTSIDE_BOX, at, field=word, kind=KINDS[defn.kind])
                continue
            key, key_span = st.verb, st.verb_span
            if key == "on" and st.args and st.args[0].kind == "name":
                key = "on " + str(st.args[0].value)
                end = st.args[0].span
                key_span = ast.Span(key_span.file, key_span.line, key_span.col, end.end_line, end.end_col)
            spec = schema.get(key)
            if spec is None and key in self.v.tags and defn.kind in TAGGED_KINDS:
                self._tag_field(out, st, self.v.tags[key])
                seen[key] = st
                self.model.spans[(out.id, key)] = st.span
                continue
            if spec is None and key in ("graft", "grafted_icons", "graft_from_row"):  # cards played on agent turns
                self.d.error(GRAFT_NOT_ON_AGENT_CARD, key_span, field=key, kind=KINDS[defn.kind], id=defn.id)
                continue
            if spec is None:
                valid = [k for k in schema]
                retired = RETIRED_FIELDS.get((defn.kind, key))
                self.d.error(UNKNOWN_FIELD, key_span, field=key, kind=KINDS[defn.kind],
                             help=retired.format(id=defn.id) if retired else
                             did_you_mean(key, valid) or one_of(valid, near=key))
                continue
            if key in seen and spec.kind not in ("cards", "replace"):  # rows, each its own
                self.d.error(DUPLICATE_BOX if spec.kind == "box" else DUPLICATE_FIELD, key_span, field=key,
                             notes=[("first given here", seen[key].verb_span)])
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
            folder = _new_set_folder(defn.file)
            if folder is None:
                self.d.error(MISSING_SET, defn.id_span, kind=KINDS[defn.kind], id=defn.id, field="set")
            else:
                self.d.error(MISSING_SET_DECLARATION, defn.id_span, kind=KINDS[defn.kind], id=defn.id, field="set",
                             folder=folder[0], name=folder[1])
        for key, spec in schema.items():
            if spec.required and key not in seen:
                self.d.error(MISSING_FIELD, defn.id_span, kind=KINDS[defn.kind], id=defn.id, field=key,
                             example=spec.example)
        if defn.kind == "contract":
            self._contract(out, defn, seen)
        if out.fields.get("unload") and "reveal" not in out.boxes:
            self.d.error(UNLOAD_WITHOUT_REVEAL, seen["unload"].verb_span, kind=KINDS[defn.kind], id=defn.id,
                         field="reveal")
        if out.fields.get("ignore_requirements") and not out.fields.get("icons"):
            self.d.error(IGNORE_REQUIREMENTS_NO_AGENT, seen["ignore_requirements"].verb_span, kind=KINDS[defn.kind],
                         id=defn.id)
        if "copies" in out.fields:
            out.copies = out.fields.pop("copies")
        if kind != defn.kind:
            out.kind, out.fields["like"] = kind, defn.kind  # the engine reads its core kind
        # Re-check context rules that depend on the set, now that it is known.
        if set_known:
            if not any(kind in self.v.sets[s].kinds for s in self.v.reaches(out.set) if s in self.v.sets):
                listing = [s for s, x in self.v.sets.items() if kind in x.kinds] or ["a set that lists it"]
                self.d.error(NOT_IN_THIS_SET, defn.kind_span, name=kind, needs=" or ".join(listing),
                             set=out.set, expansion=listing[0])
            self._judge_set_uses(out.set)
        self._set_uses = []
        sides, self._sides = self._sides, []
        for st in sides:  # a two-sided leader's back, now that the front's set is known
            self._side_definition(out, defn, st, explicit_set="set" in seen)
        # A House Hagal card that only sends an agent (`spaces ...`) or only reshuffles
        # the deck (`reshuffle`) does something.
        if defn.kind in ("intrigue", "conflict", "space", "hagal") and not out.boxes and \
                not (defn.kind == "hagal" and (out.fields.get("spaces") or out.fields.get("reshuffle"))):
            if defn.kind == "hagal":
                self.d.error(HAGAL_DOES_NOTHING, defn.id_span)
            else:
                boxes = [s.example for s in schema.values() if s.kind == "box"]
                self.d.error(NO_BOXES, defn.id_span, boxes=", ".join(f"`{b}`" for b in boxes[:4]))
        self.model.defs[out.id] = out

    def _contract(self, out: Def, defn: ast.Definition, seen: dict) -> None:
        """A contract: a reward (E0480), exactly one way of completing it (E0481), one
        space for `at` (E0482)."""
        if "reward" not in seen:
            self.d.error(CONTRACT_WITHOUT_REWARD, defn.id_span, id=defn.id)
        forms = [k for k in ("at", "harvest", "immediate", "acquired") if k in seen]
        if not forms:
            self.d.error(CONTRACT_COMPLETION, defn.id_span, id=defn.id, does="says not how it is completed",
                         what="no `at`, `harvest`, `immediate` or `acquired`")
        for k in forms[1:]:
            self.d.error(CONTRACT_COMPLETION, seen[k].verb_span, id=defn.id,
                         does=f"is completed in two ways: `{forms[0]}` and `{k}`", what="a second way")
        if len(out.fields.get("at", ())) > 1:
            self.d.error(CONTRACT_AT_SPACES, seen["at"].args[1].span, id=defn.id, n=len(out.fields["at"]))
        if len(out.fields.get("acquired", ())) > 1:
            self.d.error(CONTRACT_COMPLETION, seen["acquired"].args[1].span, id=defn.id,
                         does="names more than one card to acquire", what="one card only")

    def _side(self, out: Def, defn: ast.Definition, st: ast.Action) -> None:
        """`side ID "Title" { boxes }`: the back of a two-sided leader (E0478 when it
        cannot be one); read as a definition of its own once the front is checked."""
        example = 'side reverend_mother_jessica "Reverend Mother Jessica" {{ signet {{ water 1 }} }}'
        if out.id in self._side_of:
            self.d.error(SIDE_MISPLACED, st.verb_span, what=f"side `{out.id}` holds a side")
            return
        if any(x is not st for x in self._sides) or "side" in out.fields:
            self.d.error(SIDE_MISPLACED, st.verb_span, what=f"leader `{out.id}` has a second side")
            return
        if not st.args or st.args[0].kind != "name" or len(st.args) > 2 or \
                (len(st.args) == 2 and st.args[1].kind != "str"):
            self.d.error(NAME_EXPECTED, st.args[0].span if st.args else st.verb_span, field="side",
                         example=example.replace("{{", "{").replace("}}", "}"))
            return
        if st.body is None:
            self.d.error(FIELD_NEEDS_BLOCK, st.span, field="side", example=example.replace("{{", "{").replace("}}", "}"))
            return
        ident = str(st.args[0].value)
        if ident in self._first or ident in self.model.defs or ident in self._side_of:
            first = self._first.get(ident)
            self.d.error(DUPLICATE_ID, st.args[0].span, id=ident,
                         notes=[("first defined here", first.id_span)] if first is not None else [])
            return
        out.fields["side"] = ident
        self._side_of[ident] = out.id
        self._sides.append(st)

    def _side_definition(self, out: Def, defn: ast.Definition, st: ast.Action, explicit_set: bool) -> None:
        ident = str(st.args[0].value)
        title = str(st.args[1].value) if len(st.args) == 2 else None
        body = list(st.body)
        if explicit_set:  # the front's `set`: the back is of the same set
            body.insert(0, ast.Action("set", st.verb_span, [ast.Arg("name", out.set, st.verb_span)], None,
                                      st.verb_span))
        side = ast.Definition("leader", st.verb_span, ident, st.args[0].span, title, body, st.span, defn.file)
        uses, now = self._set_uses, self._set_now
        self._definition(side, ident)
        self._set_uses, self._set_now = uses, now
        if ident in self.model.defs:
            self.model.defs[ident].fields["side_of"] = out.id

    def _field(self, out: Def, defn: ast.Definition, st: ast.Action, key: str, spec: FieldSpec) -> None:
        args = st.args[1:] if key.startswith("on ") else st.args
        if spec.kind == "box":
            if st.body is None:
                self.d.error(FIELD_NEEDS_BLOCK, st.span, field=key, example=spec.example)
                return
            if spec.number and spec.table:  # a name and a number: `on reach emperor 2 { ... }`
                table = self.v.tables[spec.table]
                if len(args) != 2 or args[0].kind != "name" or args[1].kind != "int":
                    r = RANGES[spec.number]
                    self.d.error(NAME_AND_NUMBER_EXPECTED, args[2].span if len(args) > 2 else st.verb_span,
                                 field=key, what=spec.table, lo=r.lo, hi=r.hi, example=spec.example)
                elif args[0].value not in table:
                    hint = did_you_mean(str(args[0].value), table) or one_of(table, near=str(args[0].value))
                    self.d.error(UNKNOWN_NAME, args[0].span, name=args[0].text(), what=spec.table, help=hint)
                elif self._number(args[1], spec.number):
                    out.fields[spec.box] = (args[0].value, args[1].value)
            elif spec.table:  # a box with names: `on agent_at bene_gesserit fremen { ... }`,
                # `on opponent_agent_at maker spying { ... }`
                table = self.v.tables[spec.table]
                if not args:
                    self.d.error(NAMES_EXPECTED, st.verb_span, field=key, example=spec.example)
                    return
                names = []
                for a in args:
                    if a.kind != "name" or a.value not in table:
                        hint = did_you_mean(str(a.value), table) or one_of(table, near=str(a.value))
                        self.d.error(UNKNOWN_NAME, a.span, what=spec.table.replace("_", " "), name=a.text(),
                                     help=hint)
                        return
                    if str(a.value) in names:
                        self.d.error(NAME_LISTED_TWICE, a.span, field=key)
                        return
                    self._note_set_use(str(a.value), a.span)
                    names.append(str(a.value))
                out.fields[spec.box] = tuple(names)
            elif spec.number:  # a box with one number: `on lose_troops 3 { ... }`
                if len(args) != 1 or args[0].kind != "int":
                    r = RANGES[spec.number]
                    self.d.error(NUMBER_EXPECTED, args[1].span if len(args) > 1 else st.verb_span, field=key,
                                 lo=r.lo, hi=r.hi, example=spec.example)
                elif self._number(args[0], spec.number):
                    out.fields[spec.box] = args[0].value
            elif args:
                self.d.error(BOX_TAKES_NO_ARGUMENTS, args[0].span, field=key, example=spec.example)
            context = "reward" if spec.box in ("first", "second", "third") else spec.box
            out.boxes[spec.box] = self._block(st.body, context, defn)
            return
        if spec.kind == "side":
            self._side(out, defn, st)
            return
        if spec.kind == "costs" and st.body is not None and not args:
            # Several costs: `cost { spice 2; trash card }`.
            items = [c for c in st.body if isinstance(c, ast.Action) and c.body is None]
            if len(items) != len(st.body):
                self.d.error(COST_BLOCK_HOLDS_COSTS, st.span, field=key)
                return
            costs = self._costs(items, defn, st, field=True)
            if costs is not None:
                out.fields[key] = costs
            return
        if st.body is not None:
            self.d.error(FIELD_TAKES_NO_BLOCK, st.span, field=key, example=spec.example)
            return
        if spec.kind == "flag":
            if args:
                self.d.error(FLAG_TAKES_NO_VALUE, args[0].span, field=key, example=spec.example)
                return
            out.fields[key] = True
            return
        if spec.kind == "int":
            if len(args) != 1 or args[0].kind != "int":
                r = RANGES[spec.number]
                at = args[0].span if args else st.verb_span
                self.d.error(NUMBER_EXPECTED, at, field=key, lo=r.lo, hi=r.hi, example=spec.example)
                return
            if self._number(args[0], spec.number):
                out.fields[key] = args[0].value
            return
        if spec.kind in ("name", "names"):
            if not args or (spec.kind == "name" and len(args) != 1):
                at = args[1].span if len(args) > 1 else st.verb_span
                self.d.error(NAME_EXPECTED if spec.kind == "name" else NAMES_EXPECTED, at, field=key,
                             example=spec.example)
                return
            vals = []
            table = self.v.tables[spec.table]
            for a in args:
                if a.kind != "name" or a.value not in table:
                    hint = did_you_mean(str(a.value), table) or one_of(table, near=str(a.value))
                    if spec.table == "set":
                        self.d.error(UNKNOWN_SET, a.span, name=a.text(), help=hint)
                    else:
                        self.d.error(UNKNOWN_NAME, a.span, what=spec.table, name=a.text(), help=hint)
                    continue
                if a.value in vals:
                    self.d.error(NAME_LISTED_TWICE, a.span, field=key)
                    continue
                vals.append(a.value)
            if spec.table == "icon":
                self._note_names(args)  # a set's declared icon belongs to it
                if key == "icon" and defn.kind == "space":
                    self._no_via_icon(out, args, vals)
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
        if spec.kind == "counts":  # whole numbers, each once: an objective's `players 1 2 3`
            vals = []
            r = RANGES[spec.number]
            if not args:
                self.d.error(NUMBER_EXPECTED, st.verb_span, field=key, lo=r.lo, hi=r.hi, example=spec.example)
            for a in args:
                if a.kind != "int":
                    self.d.error(NUMBER_EXPECTED, a.span, field=key, lo=r.lo, hi=r.hi, example=spec.example)
                elif a.value in vals:
                    self.d.error(NAME_LISTED_TWICE, a.span, field=key)
                elif self._number(a, spec.number):
                    vals.append(a.value)
            out.fields[key] = tuple(sorted(vals))
            return
        if spec.kind == "cards":  # deck lists: `card ID N`
            if len(args) != 2 or args[0].kind != "name" or args[1].kind != "int":
                self.d.error(DECK_ROW_EXPECTED, st.span, field=key, example=spec.example)
                self.model.incomplete.add(out.id)  # the deck size cannot be checked
                return
            if not self._number(args[1], spec.number):
                self.model.incomplete.add(out.id)
                return
            rows = "cards" if key == "card" else key  # a deck's `card` rows are its list; a leader's `remove_starter`
            out.fields.setdefault(rows, []).append((self._ref(args[0], CARD_KINDS, "card"), args[1].value))
            return
        if spec.kind == "replace":  # a deck list's `replace KIND OLD with NEW N`, read as a set's is
            row = read_replacement(st, self.d, spec.example)
            if row is None:
                self.model.incomplete.add(out.id)  # the deck size cannot be checked
                return
            rows = out.fields.setdefault("replace", [])
            self.model.spans[(out.id, "replace", len(rows))] = row
            rows.append(row.row())
            return
        if spec.kind == "spaces":
            vals = []
            for a in args:
                if a.kind != "name":
                    self.d.error(SPACES_EXPECTED, a.span, field=key, example=spec.example)
                    continue
                # `spaces` names board spaces; a contract's `acquired`, cards a player acquires;
                # another field with a table, definitions of that kind (`prefers`: posts)
                vals.append(self._ref(a, CARD_KINDS, "card") if spec.table == "reserve"
                            else self._ref(a, (spec.table,), REF_WHAT.get(spec.table, spec.table)) if spec.table
                            else self._ref(a, ("space",), "board space"))
                if key == "links":  # on the board of the post's game (E0444)
                    self._links.append((out, None, a, "links"))
            if not args:
                self.d.error(SPACES_EXPECTED, st.verb_span, field=key, example=spec.example)
            out.fields[key] = tuple(vals)
            return
        raise AssertionError(spec.kind)  # pragma: no cover - schema and checker agree

    # ------------------------------------------------------------------ helpers
    def _judge_set_uses(self, dset: str) -> None:
        """A name of a set may be used by that set and the sets that require it."""
        reach = self.v.reaches(dset)
        for span, needs, name in self._set_uses:
            if not reach.intersection(needs):
                self.d.error(NOT_IN_THIS_SET, span, name=name, needs=" or ".join(needs), set=dset,
                             expansion=needs[0])
        self._set_uses = []

    def _key(self, ident: str) -> str:
        if "." in ident and ident.split(".", 1)[1] not in self._clashes:
            return ident.split(".", 1)[1]
        return ident

    def _ref(self, arg: ast.Arg, kinds: tuple, what: str) -> str:
        """A reference to a definition, resolved after every definition is checked; the
        key the model holds it under (`id`, or `set.id` for an id of several sets)."""
        self._refs.append((arg, kinds, what))
        return self._key(str(arg.value))

    def _number(self, arg: ast.Arg, number: str, code: Code = NUMBER_OUT_OF_RANGE) -> bool:
        """Whether a number is within the named range of RANGES; if not, say so."""
        r = RANGES[number]
        if r.lo <= arg.value <= r.hi:
            return True
        shown = f"`{arg.value}`" if abs(arg.value) < 10 ** 9 else "this number"
        self.d.error(code, arg.span, what=r.what, lo=r.lo, hi=r.hi, number=shown, why=r.why,
                     beyond=f"below {r.lo}" if arg.value < r.lo else f"above {r.hi}")
        return False

    def _numbers(self, form: str, args: list, number: str) -> bool:
        """Range-check the numbers (`<int>` slots) of a matched form."""
        return all(self._number(a, number) for w, a in zip(form.split(), args) if w == "<int>")

    def _slot_table(self, slot: str):
        if slot in ("card", "reserve", "space"):
            # Every id, checked against kinds after pass 2. A view, not a copy: one card
            # reference must cost the same in a set of ten cards as in one of 25,000.
            return self._first.keys()
        return self.v.tables.get(slot)

    def _slot_error(self, err) -> None:
        what = {"losable": "thing to lose", "payable": "cost", "reserve": "reserve card",
                "space": "board space", "tags": "tag set"}.get(err.slot, err.slot)
        if err.slot in ("card", "reserve", "space"):  # ids: suggest only definitions of the right kind
            kinds = {"reserve": ("reserve",), "space": ("space",)}.get(err.slot, CARD_KINDS)
            help = self._suggest_id(str(err.arg.value), kinds)
        else:
            # Offer only the names this definition's set may use (its own and its requirements').
            reach = self.v.reaches(self._set_now) if self._set_now in self.v.sets else None
            names = [c for c in err.candidates if reach is None or self.v.owner.get(c, self._set_now) in reach]
            help = did_you_mean(str(err.arg.value), names) or one_of(names, near=str(err.arg.value))
        if err.slot == "flag":  # `clear X`, `flag X`: X is not a flag of the set's reach
            other = self.v.decls.get(str(err.arg.value))
            what = f"this is a {other.kind}" if other is not None and other.kind != "flag" else "not a flag"
            hint = help if names else "declare it in the set: `flag shield_wall \"Shield Wall\" { protects arrakeen }`"
            self.d.error(NOT_A_FLAG, err.arg.span, name=err.arg.text(), what=what, hint=hint)
            return
        self.d.error(UNKNOWN_NAME, err.arg.span, what=what, name=err.arg.text(), help=help)

    def _suggest_id(self, word: str, kinds: tuple) -> str:
        """A near id of the right kinds, or where to look. Each suggestion compares the
        word with every id; past MAX_ID_SUGGESTIONS unknown ids (a file of mass errors)
        none is made, so checking stays linear in the number of cards."""
        self._suggested += 1
        if self._suggested <= MAX_ID_SUGGESTIONS:
            if kinds not in self._ids_of:
                self._ids_of[kinds] = sorted(i for i, d in self._first.items() if d.kind in kinds and "." not in i)
            near = did_you_mean(word, self._ids_of[kinds])
            if near:
                return near
        return "define it, or check the spelling"

    def _slot_or_form_error(self, verb, forms, st, err) -> None:
        if err is not None:
            self._slot_error(err)
        else:
            at = st.args[0].span if st.args else st.verb_span
            if st.args:
                at = ast.Span(at.file, at.line, at.col, st.args[-1].span.end_line, st.args[-1].span.end_col)
            cut = self._missing_semicolon(forms, st.args)
            if cut is None:
                self.d.error(WRONG_ARGUMENTS, at, verb=verb, help=show_forms(verb, forms))
            else:
                head = " ".join([verb] + [a.text() for a in st.args[:cut]])
                tail = " ".join(a.text() for a in st.args[cut:])
                self.d.error(MISSING_SEMICOLON, at, verb=verb, next=str(st.args[cut].value), fixed=f"{head}; {tail}")

    def _missing_semicolon(self, forms, args) -> int | None:
        """Where a second effect starts among `args` (a verb after arguments that
        already make a whole effect), or None."""
        for i, a in enumerate(args):
            if i and a.kind == "name" and a.value in self.v.verbs and match(forms, args[:i], self._slot_table)[0]:
                return i
        return None

    def resolve_refs(self) -> None:
        for arg, kinds, what in self._refs:
            if arg.value in self._clashes:
                dsets = self._clashes[arg.value]
                self.d.error(AMBIGUOUS_ID, arg.span, name=arg.value, sets=" and ".join(f"`{s}`" for s in dsets),
                             choices=" or ".join(f"`{s}.{arg.value}`" for s in dsets))
                continue
            target = self.model.defs.get(self._key(str(arg.value)))
            if target is None:
                if arg.value in self._first:
                    continue  # the definition itself had errors, already reported
                self.d.error(NO_SUCH_DEFINITION, arg.span, what=what, name=arg.value,
                             help=self._suggest_id(str(arg.value), kinds))
            elif self.v.like(target.kind) not in kinds:
                self.d.error(WRONG_KIND_OF_DEFINITION, arg.span, name=arg.value, what=what,
                             kind=self.kind_title(target.kind))
        self._refs = []
        self._market_entries()
        self._board_links()

    def _no_via_icon(self, out: Def, args: list, vals: list) -> None:
        """A board space's icon is never one placed through a piece (`icon spy { via
        spies }`): that icon is on cards only (E0443)."""
        for a in args:
            d = self.v.decls.get(a.value) if a.kind == "name" and a.value in vals else None
            if d is not None and d.kind == "icon" and d.via:
                self.d.error(VIA_ICON_ON_SPACE, a.span, space=out.id, icon=a.value, piece=d.via)

    def _board_links(self) -> None:
        """A post's `links` and a flag's `protects` name spaces on the board of the
        game they belong to: of their set or a set it requires, not removed by one
        of those (E0444)."""
        for owner, sid, arg, does in self._links:
            sid = sid or owner.set
            target = self.model.defs.get(self._key(str(arg.value)))
            if target is None or target.kind != "space" or sid not in self.v.sets:
                continue  # an unknown or wrong reference: said by resolve_refs
            reach = self.v.reaches(sid)
            ident = target.id.split(".")[-1]
            remover = next((s for s in sorted(reach) if any(k == "space" and i == ident
                                                            for k, i, _ in self.v.sets[s].removes)), None)
            if target.set in reach and remover is None:
                continue
            why = (f"a board space of set `{target.set}`, which `{sid}` does not require" if target.set not in reach
                   else f"removed by set `{remover}`")
            on_board = sorted(d.id for d in self.model.defs.values() if d.kind == "space" and d.set in reach
                              and "." not in d.id)
            hint = did_you_mean(ident, on_board) or f"name a board space of set `{sid}` or of a set it requires"
            self.d.error(LINK_OFF_THE_BOARD, arg.span, id=owner.id, does=does, space=arg.value, set=sid, why=why,
                         hint=hint)
        self._links = []

    def _first_players(self) -> None:
        """One objective with the First Player marker per player count (E0465): the
        objectives of the check whose sets build one on the other (a set and the sets it
        requires deal them together; two standalone games, or two expansions of one, each
        keep their own: Uprising's beside a test set built on base)."""
        marked: dict = {}
        top = RANGES["player_count"].hi

        def together(a, b) -> bool:
            return a == b or a in self.v.reaches(b) or b in self.v.reaches(a)

        for d in sorted(self.model.defs.values(), key=lambda d: (d.span.file, d.span.line, d.span.col)):
            if d.kind != "objective" or not d.fields.get("first_player"):
                continue
            counts = d.fields.get("players") or tuple(range(1, top + 1))
            clash = next(((n, m) for n in counts for m in marked.get(n, ()) if together(m.set, d.set)), None)
            if clash is not None:
                n, m = clash
                self.d.error(OBJECTIVE_FIRST_PLAYER_TWICE, self.model.spans.get((d.id, "first_player"), d.span),
                             first=m.id, other=d.id, n=n,
                             notes=[("the first one", self.model.spans.get((m.id, "first_player"), m.span))])
                continue
            for n in counts:
                marked.setdefault(n, []).append(d)

    def _market_of(self, target) -> Decl | None:
        """The market that deals a definition: one selling its kind, of its set or of a
        set it builds on."""
        found = [m for m in self.v.decls.values()
                 if m.kind == "market" and m.sells == target.kind and m.set in self.v.reaches(target.set)]
        return next((m for m in found if m.set == target.set), found[0] if found else None)

    def _market_entries(self) -> None:
        """Each `keeps` entry is a definition the market sells (E0426); a card a market
        deals is never named where persuasion or the reserve would buy it (E0429)."""
        for m in self._keeps:
            target = self.model.defs.get(self._key(m.keeps))
            if target is None or target.kind != m.sells or m.set not in self.v.reaches(target.set):
                kinds = sorted(i for i, d in self._first.items() if d.kind == m.sells and "." not in i)
                self.d.error(MARKET_KEEPS_ANOTHER_KIND, m.keeps_span, market=m.id, card=m.keeps, kind=m.sells,
                             set=m.set, help=did_you_mean(m.keeps, kinds) or one_of(kinds, near=m.keeps))
        self._keeps = []
        for arg, verb in self._priced:
            target = self.model.defs.get(self._key(str(arg.value)))
            m = self._market_of(target) if target is not None and self.v is not None else None
            if m is not None:
                self.d.error(MARKET_CARD_BOUGHT_ELSEWHERE, arg.span, card=arg.value, market=m.id)
        self._priced = []

    def kind_title(self, kind: str) -> str:
        """What a player calls a definition kind: the core's name, or a derived kind's title."""
        d = self.v.derived.get(kind)
        return KINDS[kind] if d is None else d.title

    # ------------------------------------------------------------------ open tables
    def _tag_field(self, out: Def, st: ast.Action, tags) -> None:
        """A card's or conflict's field named after a tag set: some of its tags."""
        self._note_set_use(tags.id, st.verb_span)
        if st.body is not None or not st.args:
            self.d.error(NAMES_EXPECTED, st.verb_span, field=tags.id,
                         example=f"{tags.id} {tags.words[0][0] if tags.words else 'NAME'}")
            return
        have = [w for w, _ in tags.words]
        vals = []
        for a in st.args:
            if a.kind != "name" or a.value not in have:
                self.d.error(TAG_UNKNOWN, a.span, name=a.text(), tags=tags.id,
                             help=did_you_mean(str(a.value), have) or one_of(have, near=str(a.value)))
            elif a.value in vals:
                self.d.error(NAME_LISTED_TWICE, a.span, field=tags.id)
            else:
                vals.append(a.value)
        out.fields[tags.id] = tuple(vals)

    def _open_names(self, decl: SetDecl) -> None:
        """The names the open tables refer to: a flag's spaces, a piece's kind, an
        icon's piece (judged when the set is among the checked files)."""
        reach = self.v.reaches(decl.id)
        for d in decl.names.values():
            if d.kind == "flag":
                for w, span in d.words:
                    arg = ast.Arg("name", w, span)
                    self._ref(arg, ("space",), "board space")
                    self._links.append((d, decl.id, arg, "protects"))  # on the board of the flag's game (E0444)
            if d.kind == "piece" and d.on and d.on not in SCHEMAS and d.on not in self.v.derived:
                kinds = [*SCHEMAS, *self.v.derived]
                self.d.error(UNKNOWN_KIND, d.on_span, kind=d.on, help=did_you_mean(d.on, kinds) or one_of(kinds, near=d.on))
            elif d.kind == "piece" and d.on and "links" not in SCHEMAS.get(self.v.like(d.on), {}):
                self.d.error(PIECE_ON_UNLINKED_KIND, d.on_span, id=d.id, kind=d.on)
            if d.kind == "icon" and d.via:
                x = self.v.decls.get(d.via)
                if x is None or x.kind != "piece" or x.set not in reach:
                    pieces = [n for n, y in self.v.decls.items() if y.kind == "piece" and y.set in reach]
                    self.d.error(UNKNOWN_NAME, d.via_span, what="piece", name=d.via,
                                 help=did_you_mean(d.via, pieces) or one_of(pieces, near=d.via))


def _stmt_word(st) -> str:
    return {ast.If: "if", ast.Requires: "requires", ast.ForEach: "for each", ast.Each: "each", ast.Choose: "choose",
            ast.Pay: "pay"}.get(type(st), "statement")


def _new_set_folder(path: str) -> tuple[str, str] | None:
    """(folder, set id) of a file in a set folder `cards/<set>/` whose set is not
    declared; None elsewhere."""
    parts = path.replace("\\", "/").split("/")
    if len(parts) >= 3 and parts[-3] == "cards" and re.fullmatch(r"[a-z_][a-z0-9_]*", parts[-2]):
        return "/".join(parts[:-1]), parts[-2]
    return None


def _set_from_path(path: str, sets) -> str | None:
    parts = path.replace("\\", "/").split("/")
    for p in reversed(parts[:-1]):
        if p in sets:
            return p
    return None


def _title(ident: str) -> str:
    return " ".join(w.capitalize() for w in ident.split("_"))


def _requirement_path(sets: dict, start: str, goal: str) -> list | None:
    """The shortest chain of requirements from `start` to `goal` ([start, ..., goal]), if any."""
    back: dict = {start: None}
    todo = [start]
    while todo:
        s = todo.pop(0)
        if s == goal:
            path = []
            while s is not None:
                path.append(s)
                s = back[s]
            return path[::-1]
        for need, _ in sets[s].requires if s in sets else ():
            if need not in back:
                back[need] = s
                todo.append(need)
    return None
