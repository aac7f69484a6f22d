"""Check the statements of a box and lower them to IR: effects, costs, choices,
conditions and counts. Mixed into the Checker (resolve.py), whose diagnostics
sink, name references and set bookkeeping it shares."""
from __future__ import annotations


from dunec.check import tables as T
from dunec.check.diagnostics import an, did_you_mean, one_of
from dunec.check.forms import _is_slot as is_slot, match, show_forms
from dunec.check.messages import (
    BUY_FROM_FREE_MARKET, RESERVE_FROM_PRICED_MARKET,
    BLOCK_NEEDED, BLOCK_NOT_TAKEN, FORM_TAKES_NO_BLOCK, CHOICE_COUNT_EXPECTED, COMPARISON_EXPECTED, COST_WITHOUT_AMOUNT,
    ACQUIRED_OUTSIDE_WATCH, DISCARDED_OUTSIDE_DISCARD,
    EFFECT_IN_PASSIVE, FLIP_WITHOUT_SIDE, GRAFT_READ_OUTSIDE_AGENT_BOX, LEADER_TRACK_ELSEWHERE, MODIFIER_AS_EFFECT,
    NOTHING_TO_PAY, NO_CARD_TO_TRASH, NO_AGENT_SENT, NO_SPACE_SENT_TO, PIECE_HERE_NO_AGENT, PIECE_NEAR_VIA_ICON,
    REPEAT_WITHOUT_SPACE, REQUIREMENT_IN_BOX, SIGNET_OUTSIDE_CARD, TAG_UNKNOWN, TOO_FEW_OPTIONS,
    TRACK_REACHED_BEYOND, TRASHED_COST_OUTSIDE_TRASH, PLACED_OUTSIDE_PIECE, SUMMONED_AFTER_COMBAT,
    SUMMONED_TO_GARRISON, UNKNOWN_CONDITION, UNKNOWN_COST,
    UNKNOWN_COUNT, UNKNOWN_EFFECT, UNKNOWN_GROUP_TARGET, UNPAYABLE_COST, WRONG_ARGUMENTS, WRONG_BOX,
    WRONG_CONDITION_ARGUMENTS,
)
from dunec.check.model import CARD_KINDS, KINDS
from dunec.check.schema import NUMBER_OF_ARGUMENT, NUMBER_OF_COST, NUMBER_OF_QUANTITY, NUMBER_OF_VERB, SCHEMAS
from dunec.ir import verbs as V
from dunec.ir.ops import Op
from dunec.syntax import ast


class EffectChecker:
    """Boxes, statements, costs and conditions."""

    # ------------------------------------------------------------------ sets
    def _note_set_use(self, name: str, span) -> None:
        """Remember a name that belongs to a set, judged once the definition's set is known."""
        needs = self.v.sets_of(name)
        if needs:
            self._set_uses.append((span, needs, name))

    def _note_names(self, args) -> None:
        """Declared names given as arguments (`advance shipping 1`, `lose spice 2`)."""
        for a in args:
            if a.kind == "name" and a.value in self.v.owner:
                self._note_set_use(a.value, a.span)

    # ------------------------------------------------------------------ boxes
    def _block(self, stmts: list, box: str, defn: ast.Definition) -> tuple:
        ops = []
        for st in stmts:
            op = self._stmt(st, box, defn)
            if op is not None:
                ops.append(op)
        return tuple(ops)

    def _stmt(self, st, box: str, defn: ast.Definition) -> Op | None:
        if isinstance(st, ast.Requires):
            self.d.error(REQUIREMENT_IN_BOX, st.span, verb="requires", box=_box_phrase(box))
            return None
        if isinstance(st, ast.If):
            c = self._cond(st.cond, defn)
            if c is not None and not self._graft_reads(st.cond, box, defn):
                c = None
            then = self._block(st.then, box, defn)
            other = self._block(st.orelse, box, defn) if st.orelse is not None else None
            if c is None:
                return None
            return Op("if", (c,), then, (other,) if other is not None else ())
        if isinstance(st, ast.ForEach):
            q = self._quantity(st.count, st.count_span, st.args, self.v.counts, defn)
            if q is not None and st.count in T.GRAFT_READS and \
                    not self._graft_read_here(st.count_span, st.count, box, defn):
                q = None
            self._note_names(st.args)
            body = self._block(st.body, box, defn)
            return Op("foreach", (q,), body) if q is not None else None
        if isinstance(st, ast.Each):
            if st.target != "opponent" or st.args:
                self.d.error(UNKNOWN_GROUP_TARGET, st.target_span, verb=f"each {st.target}")
                return None
            return Op("each_opponent", (), self._block(st.body, box, defn))
        if isinstance(st, ast.Choose):
            n = 1
            if st.args:
                a = st.args[0]
                if len(st.args) != 1 or a.kind != "int":
                    self.d.error(CHOICE_COUNT_EXPECTED, a.span, verb="choose")
                    return None
                if not self._number(a, "choices"):
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
                self.d.error(TOO_FEW_OPTIONS, head, n=n, options=_options(n), given=_options(len(alts)))
                return None
            return Op("choose", (n,), (), alts)
        if isinstance(st, ast.Pay):
            costs = self._costs(st.costs, defn, st)
            for c in st.costs:  # `pay trash other_grafted -> ...` (Dissecting Kit)
                if costs is not None and c.verb == "trash" and [str(a.value) for a in c.args] == ["other_grafted"] \
                        and not self._graft_read_here(c.args[0].span, "trash other_grafted", box, defn):
                    costs = None
            remembers = costs is not None and any(c[0] == "discard" for c in costs)
            gain = self._remembering(st.gain, box, defn) if remembers else self._block(st.gain, box, defn)
            if costs is None:
                return None
            return Op("pay", (costs,), gain)
        return self._action(st, box, defn)

    def _costs(self, costs: list[ast.Action], defn: ast.Definition, st, field: bool = False) -> tuple | None:
        out = []
        ok = True
        if not costs:
            self.d.error(NOTHING_TO_PAY, st.span, verb="cost" if field else "pay",
                         example="cost spice 4" if field else "pay spice 2 -> solari 6")
            return None
        for c in costs:
            words = [c.verb] + [str(a.value) for a in c.args]
            if c.verb == "trash" and [str(a.value) for a in c.args] == ["this"]:
                if defn.kind not in TRASHABLE:
                    self.d.error(NO_CARD_TO_TRASH, c.span, verb="trash this", box=an(KINDS[defn.kind]))
                    ok = False
                out.append(("trash_this",))
                continue
            if c.verb == "trash" and [str(a.value) for a in c.args] == ["card"]:
                out.append(("trash_card",))
                continue
            if c.verb == "trash" and c.args and str(c.args[0].value) in ("intrigue", "card"):
                # `trash intrigue N` (your Intrigue cards); `trash card from ZONE [FACTION]`
                # (a card from the zone; with a faction, another card of that faction)
                forms = ("intrigue <int>", "card from <zone>", "card from <zone> <faction>")
                m, err = match(forms, c.args, self.v.tables.get)
                if m is None:
                    self._slot_or_form_error("trash", forms, c, err)
                    ok = False
                elif m.form == "intrigue <int>":
                    if self._number(c.args[-1], "cost", UNPAYABLE_COST):
                        out.append(("trash_intrigue", m.values[0]))
                    else:
                        ok = False
                else:
                    out.append(("trash_card", m.values[0], m.values[1] if len(m.values) > 1 else ""))
                continue
            if c.verb == "trash" and [str(a.value) for a in c.args] == ["other_grafted"]:
                out.append(("trash_other_grafted",))  # where it stands: checked by the `pay` (E0431)
                continue
            if c.verb == "discard":  # "discard a card ->" (first printed by Rise of Ix)
                if len(c.args) != 1 or c.args[0].kind != "int":
                    self.d.error(COST_WITHOUT_AMOUNT, c.span, verb=c.verb, example="pay discard 1 -> ...")
                    ok = False
                elif self._number(c.args[0], "cost", UNPAYABLE_COST):
                    out.append(("discard", c.args[0].value))
                else:
                    ok = False
                continue
            if c.verb == "influence":
                forms = ("<faction> <int>", "any <int>", "different <int>")
                m, err = match(forms, c.args, self.v.tables.get)
                if m is None:
                    self._slot_or_form_error("influence", forms, c, err)
                    ok = False
                    continue
                n = m.values[-1]
                if m.form == "different <int>":  # 1 influence with each of N different factions (Opportunism)
                    ok = self._number(c.args[-1], "factions_chosen", UNPAYABLE_COST) and ok
                    out.append(("influence_different", n))
                    continue
                f = m.values[0] if m.form.startswith("<") else "any"
                ok = self._number(c.args[-1], NUMBER_OF_COST["influence"], UNPAYABLE_COST) and ok
                out.append(("influence", f, n))
                continue
            if c.verb == "flip":  # `pay flip battle crysknife -> ...`: a face-up tagged card (rules/battle_icons.py)
                flipped = self._flip_cost(c)
                ok = flipped is not None and ok
                if flipped is not None:
                    out.append(flipped)
                continue
            if c.verb == "recall":  # `pay recall spies 1 -> ...`: a piece back from a location (rules/pieces.py)
                m, err = match(("<piece> <int>",), c.args, self.v.tables.get)
                if m is None:
                    self._slot_or_form_error("recall", ("<piece> <int>",), c, err)
                    ok = False
                elif self._number(c.args[-1], "cost", UNPAYABLE_COST):
                    self._note_set_use(m.values[0], c.args[0].span)
                    out.append(("recall", m.values[0], m.values[1]))
                else:
                    ok = False
                continue
            if c.verb not in self.v.payable:
                self.d.error(UNKNOWN_COST, c.verb_span, what="cost", name=" ".join(words[:1]),
                             help=did_you_mean(c.verb, self.v.payable + ("influence", "trash")) or
                             one_of(self.v.payable + ("influence", "trash this"), near=c.verb))
                ok = False
                continue
            if len(c.args) != 1 or c.args[0].kind != "int":
                self.d.error(COST_WITHOUT_AMOUNT, c.span, verb=c.verb,
                             example=f"cost {c.verb} 2" if field else f"pay {c.verb} 2 -> ...")
                ok = False
                continue
            if not self._number(c.args[0], NUMBER_OF_COST.get(c.verb, "cost"), UNPAYABLE_COST):
                ok = False
                continue
            self._note_set_use(c.verb, c.verb_span)
            out.append(("res", c.verb, c.args[0].value))
        return tuple(out) if ok else None

    def _flip_cost(self, c: ast.Action) -> tuple | None:
        """`flip TAGS TAG`: one of the player's face-up conflict cards carrying the tag
        (or the tag set's wild) turned face down: ("flip", tag set, tag)."""
        forms = ("<tags> <tag>",)
        if len(c.args) != 2 or c.args[1].kind != "name":
            self._slot_or_form_error("flip", forms, c, None)
            return None
        m, err = match(("<tags>",), c.args[:1], self.v.tables.get)
        if m is None:
            self._slot_or_form_error("flip", forms, c, err)
            return None
        tags, tag = self.v.tags[m.values[0]], c.args[1]
        have = [w for w, _ in tags.words]
        if tag.value not in have:
            self.d.error(TAG_UNKNOWN, tag.span, name=tag.text(), tags=tags.id,
                         help=did_you_mean(str(tag.value), have) or one_of(have, near=str(tag.value)))
            return None
        self._note_set_use(tags.id, c.args[0].span)
        return ("flip", tags.id, tag.value)

    def _action(self, st: ast.Action, box: str, defn: ast.Definition) -> Op | None:
        verb = self.v.verbs.get(st.verb)
        if verb is None:
            if st.verb in self.v.conditions:
                help = f"`{st.verb}` is a condition: write `if {st.verb} ... {{ ... }}`"
            else:
                # a set's piece (`spies`) is suggested last: it is a short word near many others
                pieces = self.v.tables["piece"]
                help = did_you_mean(st.verb, [w for w in self.v.verbs if w not in pieces]) or \
                    did_you_mean(st.verb, self.v.verbs) or "see `docs/language.md` for the effect table"
            self.d.error(UNKNOWN_EFFECT, st.verb_span, verb=st.verb, help=help)
            return None
        self._note_set_use(st.verb, st.verb_span)
        if box == "passive" and st.verb not in V.MODIFIERS:
            self.d.error(EFFECT_IN_PASSIVE, st.verb_span, verb=st.verb, box="a passive box")
            return None
        if st.verb in V.MODIFIERS and box != "passive":
            self.d.error(MODIFIER_AS_EFFECT, st.verb_span, name=st.verb)
            return None
        if box not in verb.boxes:
            self.d.error(WRONG_BOX, st.verb_span, verb=st.verb, box=_box_phrase(box),
                         help=_context_help(st.verb, box, verb))
            return None
        if verb.block is True and st.body is None:
            self.d.error(BLOCK_NEEDED, st.span, verb=st.verb)
            return None
        if verb.block is False and st.body is not None:
            self.d.error(BLOCK_NOT_TAKEN, st.span, verb=st.verb)
            return None
        m, err = match(verb.forms, st.args, self._slot_table)
        if m is None:
            self._slot_or_form_error(st.verb, verb.forms, st, err)
            return None
        piece = st.verb in self.v.tables["piece"]
        if verb.block is None and st.body is not None and not piece and \
                V.row_for(st.verb, m.form, body=True) is None:
            forms = [f"`{st.verb} {f}`" for (w, f) in V.BLOCK_LOWERING if w == st.verb]
            self.d.error(FORM_TAKES_NO_BLOCK, st.span, verb=st.verb,  # `trash this { ... }`
                         help=f"a block follows only {' or '.join(forms)}")
            return None
        self._note_names(st.args)
        if st.verb == "buy" and st.args and st.args[0].value in self.v.free_markets:  # taken, never bought
            self.d.error(BUY_FROM_FREE_MARKET, st.args[0].span, market=st.args[0].value)
            return None
        if st.verb == "reserve" and st.args[0].value not in self.v.free_markets:  # set aside from a free market
            self.d.error(RESERVE_FROM_PRICED_MARKET, st.args[0].span, market=st.args[0].value)
            return None
        if st.verb in self.v.tables["piece"] and not self._near_icons(st):
            return None
        if not self._numbers(m.form, st.args, NUMBER_OF_VERB.get(st.verb, "amount")):
            return None
        if st.verb in TO_GARRISON and not self._not_summoned(st):
            return None
        if box in AFTER_COMBAT and self._summoned(st.verb):  # E0445
            self.d.error(SUMMONED_AFTER_COMBAT, st.verb_span, unit=st.verb, box=_box_phrase(box))
            return None
        if any(w == "<track>" and not self._own_track(str(a.value), a.span, st.verb, defn)
               for w, a in zip(m.form.split(), st.args)):
            return None
        trashing = st.verb == "trash" and st.body is not None  # its body reads `trashed_cost`
        placing = piece and st.body is not None  # its body reads `placed`
        self._trash_bodies = getattr(self, "_trash_bodies", 0) + trashing
        self._piece_bodies = getattr(self, "_piece_bodies", 0) + placing
        try:
            # a discard's body reads its cards, a rule for the round's the card acquired
            body = () if st.body is None else self._remembering(st.body, box, defn) if st.verb == "discard" else \
                self._remembering(st.body, box, defn, "_acquiring") if st.verb == "this_round" else \
                self._block(st.body, box, defn)
        finally:
            self._trash_bodies -= trashing
            self._piece_bodies -= placing
        if piece:
            row = V.PIECE_BLOCK_ROW if st.body is not None else V.PIECE_ROW
        elif st.verb in self.v.free_markets:  # a free market's name takes its entries (rules/contracts.py)
            row = V.TAKE_ROW
        else:
            row = V.row_for(st.verb, m.form, st.body is not None)
        need = row.needs.get(m.form)
        if need is not None and not self._NEEDS[need](self, st, box, defn):
            return None
        # Card references resolve after every definition is checked: lower their keys.
        slots = [(w, a) for w, a in zip(m.form.split(), st.args) if is_slot(w)]
        v = [self._ref(a, *_REFS[w]) if w in _REFS else x for (w, a), x in zip(slots, m.values)]
        if st.verb in PRICED_VERBS:
            self._priced.extend((a, st.verb) for w, a in slots if w in _REFS)
        return Op(row.op, row.lower(st.verb, m.form, v), body)

    def _not_summoned(self, st: ast.Action) -> bool:
        """A verb that moves a named unit kind to the garrison names no `summoned`
        unit (E0460): a summoned unit is never in a garrison (rules/summons.py)."""
        for a in st.args:
            d = self.v.decls.get(a.value) if a.kind == "name" else None
            if d is not None and d.kind == "unit" and any(w == "summoned" for w, _ in getattr(d, "flags", ())):
                self.d.error(SUMMONED_TO_GARRISON, a.span, verb=st.verb, unit=a.value)
                return False
        return True
    def _summoned(self, name: str) -> bool:
        """A unit kind declared `summoned` (its verb summons it into the Conflict)."""
        d = self.v.decls.get(name)
        return d is not None and d.kind == "unit" and any(w == "summoned" for w, _ in getattr(d, "flags", ()))

    def _near_icons(self, st) -> bool:
        """`spies 1 near ICON`: an icon placed through a piece (`via`) is on no space (E0456)."""
        ok = True
        for a in st.args[2:]:
            d = self.v.decls.get(a.value)
            if d is not None and d.kind == "icon" and d.via:
                self.d.error(PIECE_NEAR_VIA_ICON, a.span, icon=a.value, piece=d.via)
                ok = False
        return ok

    def _own_track(self, track: str, span, name: str, defn) -> bool:
        """A track printed on a leader (`leader ID`) is moved and read only by that
        leader's boxes (either side) and the track's own rewards (E0476)."""
        d = self.v.decls.get(track)
        owner = getattr(d, "leader", "") if d is not None and d.kind == "track" else ""
        if not owner or defn.kind == "set" or owner in (defn.id, self._side_of.get(defn.id)):
            return True
        self.d.error(LEADER_TRACK_ELSEWHERE, span, name=name, track=track, leader=owner)
        return False

    # A form's extra rule (VerbRow.needs): whether the statement passes it; if not, said.
    def _needs_card_definition(self, st, box, defn) -> bool:
        if defn.kind not in TRASHABLE:
            self.d.error(NO_CARD_TO_TRASH, st.span, verb="trash this", box=an(KINDS[defn.kind]))
            return False
        return True

    def _needs_agent_box(self, st, box, defn) -> bool:
        if box != "agent":
            self.d.error(NO_SPACE_SENT_TO, st.args[0].span, verb="influence space", box=_box_phrase(box))
            return False
        return True

    def _needs_sent_agent(self, st, box, defn) -> bool:
        if box != "agent":
            self.d.error(NO_AGENT_SENT, st.verb_span, verb="recall agent here", box=_box_phrase(box))
            return False
        return True

    def _needs_piece_here(self, st, box, defn) -> bool:
        """`PIECE N here`: by the space this box's agent went to (an agent box only)."""
        if box != "agent":
            self.d.error(PIECE_HERE_NO_AGENT, st.verb_span, verb=f"{st.verb} here", box=_box_phrase(box))
            return False
        return True

    def _needs_card_or_hagal(self, st, box, defn) -> bool:
        if defn.kind not in CARD_KINDS + ("hagal",):
            self.d.error(SIGNET_OUTSIDE_CARD, st.verb_span, verb="signet", box=an(KINDS[defn.kind]))
            return False
        return True

    def _needs_grafted_agent_box(self, st, box, defn) -> bool:
        return self._graft_read_here(st.args[0].span, f"{st.verb} other_grafted", box, defn)

    def _graft_read_here(self, span, name: str, box: str, defn) -> bool:
        """A read of the grafted cards (Graft: engine/rules/graft.py) stands in a card's
        agent box, the only box that runs while two cards are grafted (E0431)."""
        if box != "agent" or "graft" not in SCHEMAS.get(defn.kind, SCHEMAS["card"]):
            self.d.error(GRAFT_READ_OUTSIDE_AGENT_BOX, span, name=name)
            return False
        return True

    def _graft_reads(self, c, box: str, defn) -> bool:
        """Every grafted-card condition of `c` (an ast condition) in a card's agent box."""
        if isinstance(c, ast.CondOp):
            return all([self._graft_reads(x, box, defn) for x in c.parts])
        if c.name in T.GRAFT_READS:
            return self._graft_read_here(c.name_span, c.name, box, defn)
        return True

    def _needs_two_sided_leader(self, st, box, defn) -> bool:
        """`flip_leader` in a leader with a `side`, or in the side itself (E0477)."""
        if defn.kind == "leader" and (defn.id in self._side_of or any(
                isinstance(x, ast.Action) and x.verb == "side" for x in defn.body)):
            return True
        what = f"leader `{defn.id}`" if defn.kind == "leader" else an(KINDS.get(defn.kind, defn.kind))
        self.d.error(FLIP_WITHOUT_SIDE, st.verb_span, what=what)
        return False

    def _needs_sent_space(self, st, box, defn) -> bool:
        """`repeat_space` where the agent's space is known: an agent or `on agent_at` box (E0479)."""
        if box in ("agent", "agent_at"):
            return True
        self.d.error(REPEAT_WITHOUT_SPACE, st.verb_span, box=_box_phrase(box))
        return False

    _NEEDS = {"card_definition": _needs_card_definition, "agent_box": _needs_agent_box,
              "card_or_hagal": _needs_card_or_hagal, "grafted_agent_box": _needs_grafted_agent_box,
              "sent_agent": _needs_sent_agent, "piece_here": _needs_piece_here,
              "two_sided_leader": _needs_two_sided_leader, "sent_space": _needs_sent_space}

    # ------------------------------------------------------------------ conditions
    def _remembering(self, stmts: list, box: str, defn: ast.Definition, what: str = "_remembers") -> tuple:
        """The body of a discard that remembers its cards (`discard N { ... }`, the gains of
        `pay discard N -> ...`): where the condition `discarded` may read them (E0495);
        with `what` "_acquiring", the body of `this_round acquire { ... }`, where `acquired`
        may read the card acquired (E0496)."""
        setattr(self, what, getattr(self, what, 0) + 1)
        try:
            return self._block(stmts, box, defn)
        finally:
            setattr(self, what, getattr(self, what) - 1)

    def _cond(self, c, defn: ast.Definition):
        if not isinstance(c, ast.CondOp) and c.name == "discarded" and not getattr(self, "_remembers", 0):
            faction = c.args[0].text() if c.args else "FACTION"
            self.d.error(DISCARDED_OUTSIDE_DISCARD, c.name_span, faction=faction)
            return None
        if not isinstance(c, ast.CondOp) and c.name == "acquired" and not getattr(self, "_acquiring", 0):
            self.d.error(ACQUIRED_OUTSIDE_WATCH, c.name_span, card=c.args[0].text() if c.args else "CARD")
            return None
        if isinstance(c, ast.CondOp):
            parts = [self._cond(p, defn) for p in c.parts]
            if any(p is None for p in parts):
                return None
            return (c.op, *parts)
        cd = self.v.conditions.get(c.name)
        if cd is None:
            if c.name == "no" and c.args:
                help = f"negate a condition with `not`: `not {' '.join(a.text() for a in c.args)}`"
            else:
                help = did_you_mean(c.name, self.v.conditions) or one_of(self.v.conditions, near=c.name)
            self.d.error(UNKNOWN_CONDITION, c.name_span, name=c.name, help=help)
            return None
        if c.name == "trashed_cost" and not getattr(self, "_trash_bodies", 0):
            self.d.error(TRASHED_COST_OUTSIDE_TRASH, c.name_span, name=c.name)
            return None
        if c.name == "placed" and not getattr(self, "_piece_bodies", 0):
            self.d.error(PLACED_OUTSIDE_PIECE, c.name_span, name=c.name)
            return None
        self._note_set_use(c.name, c.name_span)
        self._note_names(c.args)
        args = list(c.args)
        if cd.quantity:
            if len(args) < 2 or args[-2].kind != "cmp" or args[-1].kind != "int":
                example = " ".join([c.name] + [w.replace("<faction>", "fremen").replace("<int>", "3")
                                               .replace("<card>", "card_id") for w in cd.forms[0].split()])
                self.d.error(COMPARISON_EXPECTED, c.span, name=c.name, example=example)
                return None
            q = self._quantity(c.name, c.name_span, args[:-2], {c.name: cd.forms}, defn, whole=c)
            if q is None or not self._number(args[-1], NUMBER_OF_QUANTITY.get(c.name, "held")):
                return None
            return ("cmp", q, args[-2].value, args[-1].value)
        m, err = match(cd.forms, args, self._slot_table)
        if m is None:
            if err is not None:
                self._slot_error(err)
            else:
                self.d.error(WRONG_CONDITION_ARGUMENTS, c.span, name=c.name, help=show_forms(c.name, cd.forms))
            return None
        if not self._numbers(m.form, args, NUMBER_OF_ARGUMENT.get(c.name, "amount")):
            return None
        if c.name == "reached" and not (self._reachable(args[0].value, args[1])
                                        and self._own_track(str(args[0].value), args[0].span, "reached", defn)):
            return None
        vals = m.values if m.values else ([] if m.form == "" else [m.form])
        if "<card>" in m.form:
            vals = [self._ref(args[0], CARD_KINDS, "card")] + list(vals[1:])
        elif "<space>" in m.form:
            vals = [self._ref(args[0], ("space",), "board space")] + list(vals[1:])
        return (c.name, *vals)

    def _reachable(self, track: str, n: ast.Arg) -> bool:
        """`reached TRACK N`: N within the track (its last step, or a graph's last column)."""
        d = self.v.decls.get(track)
        if d is None or d.kind != "track":
            return True
        top = max((c.column for c in d.cells.values()), default=0) if d.cells else d.numbers.get("steps")
        if top is None or n.value <= top:
            return True
        self.d.error(TRACK_REACHED_BEYOND, n.span, track=track, n=n.value, top=top)
        return False

    def _quantity(self, name, span, args, table, defn, whole=None):
        """A count of `for each`, or with `whole` the quantity a condition compares."""
        forms = table.get(name)
        if forms is None:
            self.d.error(UNKNOWN_COUNT, span, name=name, help=did_you_mean(name, table) or one_of(table, near=name))
            return None
        m, err = match(forms, args, self._slot_table)
        if m is None:
            if err is not None:
                self._slot_error(err)
            elif whole is not None:  # a condition that compares: `influence fremen >= 2`
                self.d.error(WRONG_CONDITION_ARGUMENTS, whole.span, name=name,
                             help="accepted forms: " + "; ".join(
                                 f"`{' '.join([name] + f.split() + ['>=', 'N'])}`" for f in forms))
            else:  # a count of `for each`
                at = span
                if args:
                    at = ast.Span(span.file, span.line, span.col, args[-1].span.end_line, args[-1].span.end_col)
                self.d.error(WRONG_ARGUMENTS, at, verb=f"for each {name}", help=show_forms(f"for each {name}", forms))
            return None
        if not self._numbers(m.form, args, NUMBER_OF_ARGUMENT.get(name, "amount")):
            return None
        if any(w == "<track>" and not self._own_track(str(a.value), a.span, f"for each {name}", defn)
               for w, a in zip(m.form.split(), args)):
            return None
        if "<card>" in m.form:
            return (name, self._ref(args[0], CARD_KINDS, "card"), *m.values[1:])
        return (name, *m.values)


# Verbs that name a card bought with persuasion or taken from the reserve: never a
# card a set's market deals (E0429).
PRICED_VERBS = ("discount", "gain_card")
# The verbs that move units of a named kind from the Conflict to the garrison, or give
# more of them into it (a track's extra units): never a summoned kind (E0460).
TO_GARRISON = ("retreat_unit", "retreat_for", "track_extra")
# The boxes that play once the Conflict is fought: a summoned unit would join a
# Conflict over (E0445).
AFTER_COMBAT = ("reward", "lose_troops")
# Slots whose value names a definition: (the kinds it may be, what it is called).
_REFS = {"<card>": (CARD_KINDS, "card"), "<reserve>": (("reserve",), "reserve card"),
         "<space>": (("space",), "board space")}
# What `trash this` may trash: a card, or a set's tile (a tech tile trashes itself).
TRASHABLE = CARD_KINDS + ("tech",)


def _options(n: int) -> str:
    return f"{n} option{'s' if n != 1 else ''}"


def _box_phrase(box: str) -> str:
    return {
        "agent": "an agent box", "reveal": "a reveal box", "acquire": "an acquire bonus",
        "plot": "a plot intrigue box", "combat": "a combat intrigue box", "endgame": "an endgame box",
        "win": "an `on win` box", "trash": "an `on trash` box", "discard": "an `on discard` box",
        "space": "a board space effect", "control": "a control bonus", "reward": "a conflict reward",
        "signet": "a signet ring ability", "passive": "a passive box", "hagal": "a House Hagal card",
        "track": "a track step's reward", "lose_troops": "an `on lose_troops` box",
        "reach": "an `on reach` box", "agent_at": "an `on agent_at` box",
        "opponent_agent_at": "an `on opponent_agent_at` box",
    }.get(box, f"a `{box}` box")


def _context_help(verb: str, box: str, spec: T.Verb) -> str:
    if verb == "swords":
        return "swords count on a Reveal turn or in combat: put them in `reveal { ... }` or `combat { ... }`"
    if box == "combat":
        return "a combat intrigue box holds swords, retreat, deploy, losses, trashing, acquiring and paid effects"
    if verb == "persuasion":
        return "persuasion is spent on the Reveal turn: put it in `reveal { ... }`"
    allowed = [_box_phrase(b) for b in spec.boxes]
    if 0 < len(allowed) <= 6:
        where = allowed[0] if len(allowed) == 1 else ", ".join(allowed[:-1]) + " or " + allowed[-1]
        return f"`{verb}` works in {where}"
    return "see the effect table in `docs/language.md` for where each effect may stand"
