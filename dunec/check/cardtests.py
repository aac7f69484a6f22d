"""Checking `test` blocks: a situation, one play and the expected changes, written
beside the card they test. A test is checked against the model like any
reference, but it never joins the model's definitions: it is not content.

    test chani_water "Acquiring Chani gives 1 water" {
      card chani
      given { water 0 }
      play acquire
      expect { water 1 }
    }
"""
from __future__ import annotations


from dunec.check.diagnostics import Diagnostics, did_you_mean, one_of
from dunec.check.messages import (DUPLICATE_FIELD, DUPLICATE_ID, MISSING_FIELD, SUMMONED_IN_TEST, TEST_BAD_STEP,
                                  TEST_UNKNOWN_NAME, TEST_UNKNOWN_STEP)
from dunec.check.model import CARD_KINDS, Model
from dunec.check.vocab import reaches
from dunec.check.tables import FACTIONS
from dunec.record import Record
from dunec.syntax import ast
from dunec.syntax.ast import Span

KIND = "card test"
STEPS = ("card", "given", "answer", "play", "expect")
# What a test may count. Each is read from the player before and after the play;
# `troops` is the garrison, `conflict` the troops in the Conflict, the card lists
# count cards. The tested card itself is not in the hand before the play.
AMOUNTS = ("solari", "spice", "water", "vp", "persuasion", "swords", "troops", "conflict")
PILES = ("hand", "deck", "discard", "intrigue", "trashed")
# `given` sets the amounts and fills the piles with named cards.
GIVEN_AMOUNTS = ("solari", "spice", "water", "vp", "persuasion", "swords", "troops")
# Beyond those, a test counts every name a set declares, by its kind: a counter's
# amount, a unit kind's units in the garrison, a track's position, a piece's pieces on
# the board (`given { spies east_wall }` puts them on those locations, `spies 2` on the
# first free ones), and the tiles a player owns (`tiles`, and each tile by its id, from
# the markets' `sells` kinds); with a market of contracts, the contracts held and
# completed (`contracts`, `contracts_done`: `given` takes them from the market's deck).
DECLARED = ("counter", "unit", "track", "piece")
TILES = "tiles"
# With a market of contracts: the contracts a player holds and has completed, as numbers.
HELD, DONE = "contracts", "contracts_done"


def declared_names(model: Model) -> dict:
    """name -> what it is ("counter", "unit", "track", "tile"), for every set of the model."""
    out: dict = {}
    sold = set()
    for sid in sorted(model.sets):
        for ident, decl in sorted(model.sets[sid].names.items()):
            if decl.kind in DECLARED:
                out[ident] = decl.kind
            elif decl.kind == "market" and decl.sells and not decl.to:  # a market of tiles, not of cards
                sold.add(decl.sells)
                if decl.sells == "contract":  # a free market's contracts: held, completed (rules/contracts.py)
                    out.update({HELD: "contracts", DONE: "contracts"})
    out.update({i: "tile" for i, x in sorted(model.defs.items()) if x.kind in sold})
    return out


def everything(candidates) -> str:
    """`expected one of` with every accepted name: a cut list hides the one wanted."""
    cands = set(candidates)
    return one_of(cands, limit=max(len(cands), 1))


class Expect(Record):
    """what: an amount, a pile or "influence"."""
    FIELDS = ("what", "faction", "delta", "span")

    def __init__(self, what: str, faction: str | None, delta: int, span: Span) -> None:
        self.what = what
        self.faction = faction
        self.delta = delta
        self.span = span


class CardTest(Record):
    """box: a box of the card; "agent" with a space plays a whole agent turn."""
    FIELDS = ("id", "title", "file", "span", "card", "given_amounts", "given_influence", "given_piles",
              "given_rows", "answers", "box", "space", "expect")

    def __init__(self, id: str, title: str, file: str, span: Span, card: str = "",
                 given_amounts: dict | None = None, given_influence: dict | None = None,
                 given_piles: dict | None = None, answers: list | None = None, box: str = "",
                 space: str | None = None, expect: list | None = None, given_rows: dict | None = None) -> None:
        self.id = id
        self.title = title
        self.file = file
        self.span = span
        self.card = card
        self.given_amounts = {} if given_amounts is None else given_amounts
        self.given_influence = {} if given_influence is None else given_influence
        self.given_piles = {} if given_piles is None else given_piles
        # a slot market's face-up entries (`given { tleilaxu_row ghola usurp }`): a test
        # whose card buys from a row states the row, which the deal would otherwise decide
        self.given_rows = {} if given_rows is None else given_rows
        self.answers = [] if answers is None else answers
        self.box = box
        self.space = space
        self.expect = [] if expect is None else expect


def check_tests(defs: list[ast.Definition], model: Model, d: Diagnostics) -> list[CardTest]:
    out, seen = [], {}
    # What every test may name, read once: per test it made checking quadratic.
    known = _Known(model)
    for defn in defs:
        if defn.id in seen or defn.id in model.defs:
            d.error(DUPLICATE_ID, defn.id_span, id=defn.id)
            continue
        seen[defn.id] = defn
        t = _TestChecker(defn, model, d, known).run()
        if t is not None:
            out.append(t)
    return out


class _Known:
    """The names a model's tests may use: its playable cards and declared names."""

    def __init__(self, model: Model):
        self.cards = [i for i, x in model.defs.items()
                      if x.kind in CARD_KINDS + ("intrigue",) or x.fields.get("like") in CARD_KINDS]
        self.names = declared_names(model)
        # unit kinds declared `summoned`: never in a garrison, where a test counts units (E0442)
        self.summoned = frozenset(i for s in model.sets.values() for i, d in s.names.items()
                                  if d.kind == "unit" and any(w == "summoned" for w, _ in getattr(d, "flags", ())))
        # market with slots -> (its number of slots, the entries it may deal: what it sells of
        # its set and the sets built on it, less its kept entry; ir/meta.Content.market_cards)
        self.rows = {}
        for sid, s in model.sets.items():
            for i, d in s.names.items():
                if d.kind == "market" and "slots" in d.numbers:
                    built_on = {t for t in model.sets if sid in reaches(model.sets, t)}
                    self.rows[i] = (d.numbers["slots"], [x for x, dd in model.defs.items() if dd.kind == d.sells
                                                         and x != d.keeps and dd.set in built_on])


class _TestChecker:
    def __init__(self, defn: ast.Definition, model: Model, d: Diagnostics, known: _Known | None = None):
        self.defn, self.model, self.d = defn, model, d
        self.known = known if known is not None else _Known(model)
        self.t = CardTest(defn.id, defn.title or defn.id, defn.file, defn.span)
        self.ok = True

    def bad(self, span: Span, what: str, example: str, field: str) -> None:
        self.ok = False
        self.d.error(TEST_BAD_STEP, span, field=field, what=what, example=example)

    def known_ids(self, args, what: str, known) -> list:
        """The ids among `args` that name a `what` in `known`; each other one is an error."""
        ids = []
        for a in args:
            if a.kind != "name" or a.value not in known:
                self.unknown(a.span, what, str(a.value), known)
            else:
                ids.append(a.value)
        return ids

    def unknown(self, span: Span, what: str, name: str, cands) -> None:
        self.ok = False
        hint = did_you_mean(name, cands) or everything(cands)
        self.d.error(TEST_UNKNOWN_NAME, span, what=what, name=name, hint=hint)

    def run(self) -> CardTest | None:
        steps: dict[str, ast.Action] = {}
        for st in self.defn.body:
            if not isinstance(st, ast.Action) or st.verb not in STEPS:
                at = st.verb_span if isinstance(st, ast.Action) else st.span
                word = st.verb if isinstance(st, ast.Action) else "this statement"
                self.ok = False
                self.d.error(TEST_UNKNOWN_STEP, at, field=word, kind=KIND)
                continue
            if st.verb in steps and st.verb != "answer":
                self.ok = False
                self.d.error(DUPLICATE_FIELD, st.verb_span, field=st.verb)
                continue
            steps[st.verb] = st
            if st.verb == "answer":
                self.answer(st)
        for step, example in (("card", "card chani"), ("play", "play reveal"), ("expect", "expect { water 1 }")):
            if step not in steps:
                self.ok = False
                self.d.error(MISSING_FIELD, self.defn.id_span, kind=KIND, id=self.defn.id,
                             field=step, example=example)
        if "card" in steps:
            self.card(steps["card"])
        if "given" in steps:
            self.given(steps["given"])
        if "play" in steps and self.t.card:
            self.play(steps["play"])
        if "expect" in steps:
            self.expect(steps["expect"])
        return self.t if self.ok else None

    def _cards(self) -> list:
        """The ids a test may play or hold: cards (and kinds a set derives from a card
        kind, such as Immortality's Tleilaxu cards) and intrigue cards."""
        return self.known.cards

    def card(self, st: ast.Action) -> None:
        if len(st.args) != 1 or st.args[0].kind != "name" or st.body is not None:
            return self.bad(st.span, "one card id", "card chani", "card")
        name, at = st.args[0].value, st.args[0].span
        playable = self._cards()
        if name not in playable:
            return self.unknown(at, "card", name, playable)
        self.t.card = name

    def given(self, st: ast.Action) -> None:
        if st.args or st.body is None:
            return self.bad(st.span, "a block", "given { spice 2; hand dr_yueh }", "given")
        cards = self._cards()
        names = self.known.names
        amounts = [n for n, k in names.items() if k != "tile"]
        tiles = [n for n, k in names.items() if k == "tile"]
        for g in st.body:
            if not isinstance(g, ast.Action) or g.body is not None:
                self.bad(g.span, "an amount or a pile", "spice 2", "given")
            elif g.verb == "influence":
                self.influence(g, self.t.given_influence, "given", lo=0)
            elif names.get(g.verb) == "track" and self._cells(g.verb):
                # a graph track's token stands on a cell: `given { research r3_0 }`
                cells = self._cells(g.verb)
                if len(g.args) != 1 or g.args[0].kind != "name":
                    self.bad(g.span, "a cell of the track", f"{g.verb} {next(iter(cells))}", "given")
                elif g.args[0].value not in cells:
                    self.unknown(g.args[0].span, f"cell of track `{g.verb}`", g.args[0].value, tuple(cells))
                else:
                    self.t.given_amounts[g.verb] = str(g.args[0].value)
            elif names.get(g.verb) == "piece" and g.args and all(a.kind == "name" for a in g.args):
                # the locations the player's pieces stand on: `given { spies east_wall }`
                locs = [i for i, x in self.model.defs.items() if "links" in x.fields]
                self.t.given_amounts[g.verb] = self.known_ids(g.args, "location", locs)
            elif g.verb in self.known.summoned:
                self.summoned(g)
            elif g.verb in self.known.rows:
                self.row(g)
            elif g.verb in GIVEN_AMOUNTS or g.verb in amounts:
                if len(g.args) != 1 or g.args[0].kind != "int" or g.args[0].value < 0:
                    self.bad(g.span, "a number of 0 or more", f"{g.verb} 2", "given")
                else:
                    self.t.given_amounts[g.verb] = g.args[0].value
            elif g.verb in PILES and g.verb != "trashed":
                self.t.given_piles[g.verb] = self.known_ids(g.args, "card", cards)
            elif g.verb == TILES and tiles:
                self.t.given_piles[TILES] = self.known_ids(g.args, "tile", tiles)
            else:
                self.unknown(g.verb_span, "given amount or pile", g.verb,
                             (*GIVEN_AMOUNTS, *amounts, "influence", "hand", "deck", "discard", "intrigue",
                              *((TILES,) if tiles else ()), *self.known.rows))

    def row(self, g: ast.Action) -> None:
        """The entries face up in a slot market's first slots, the rest dealt as usual."""
        slots, entries = self.known.rows[g.verb]
        if not g.args or len(g.args) > slots or any(a.kind != "name" for a in g.args):
            return self.bad(g.span, f"1 to {slots} entries of the market", f"{g.verb} {entries[0] if entries else 'ID'}",
                            "given")
        self.t.given_rows[g.verb] = self.known_ids(g.args, f"entry of market `{g.verb}`", entries)

    def summoned(self, g: ast.Action) -> None:
        """A test counts a unit kind in the garrison: never a summoned one (E0442)."""
        self.ok = False
        self.d.error(SUMMONED_IN_TEST, g.verb_span, unit=g.verb)

    def _cells(self, track: str) -> dict:
        """The cells of a graph track (none for a line)."""
        for s in self.model.sets.values():
            d = s.names.get(track)
            if d is not None and d.kind == "track":
                return d.cells
        return {}

    def influence(self, g: ast.Action, into: dict, field: str, lo: int | None = None) -> None:
        args = g.args
        if len(args) != 2 or args[0].kind != "name" or args[1].kind != "int" or \
                (lo is not None and args[1].value < lo):
            return self.bad(g.span, "a faction and a number", "influence fremen 1", field)
        if args[0].value not in FACTIONS:
            return self.unknown(args[0].span, "faction", args[0].value, FACTIONS)
        into[args[0].value] = args[1].value

    def answer(self, st: ast.Action) -> None:
        if not st.args or st.body is not None or any(a.kind not in ("str", "int") for a in st.args):
            return self.bad(st.span, "the words of an option or its number", 'answer "Pay"', "answer")
        self.t.answers.extend(a.value for a in st.args)

    def play(self, st: ast.Action) -> None:
        args = st.args
        if not args or args[0].kind != "name" or st.body is not None:
            return self.bad(st.span, "how the card is played", "play agent arrakeen", "play")
        box = args[0].value
        card = self.model.defs[self.t.card]
        if box == "agent" and len(args) == 1 and "agent" in card.boxes:
            self.t.box = "agent"  # the card's agent box by itself, on no space
            return
        if box == "agent" and card.kind != "intrigue":
            spaces = sorted(i for i, x in self.model.defs.items() if x.kind == "space")
            if len(args) != 2 or args[1].kind != "name":
                return self.bad(st.span, "a board space", "play agent arrakeen", "play")
            if args[1].value not in spaces:
                return self.unknown(args[1].span, "board space", str(args[1].value), spaces)
            self.t.box, self.t.space = "agent", args[1].value
            return
        boxes = sorted(b for b in card.boxes if b != "passive")
        if box not in boxes:
            return self.unknown(args[0].span, f"box of `{self.t.card}`", box,
                                boxes + (["agent"] if card.kind != "intrigue" else []))
        if len(args) != 1:
            return self.bad(st.span, "a box and nothing more", f"play {box}", "play")
        self.t.box = box

    def expect(self, st: ast.Action) -> None:
        if st.args or st.body is None:
            return self.bad(st.span, "a block", "expect { water 1 }", "expect")
        names = self.known.names
        counted = [*names, *((TILES,) if "tile" in names.values() else ())]
        for e in st.body:
            if not isinstance(e, ast.Action) or e.body is not None:
                self.bad(e.span, "an amount and its change", "water 1", "expect")
            elif e.verb == "influence":
                got: dict = {}
                self.influence(e, got, "expect")
                for f, n in got.items():
                    self.t.expect.append(Expect("influence", f, n, e.span))
            elif e.verb in self.known.summoned:
                self.summoned(e)
            elif e.verb in AMOUNTS + PILES or e.verb in counted:
                if len(e.args) != 1 or e.args[0].kind != "int":
                    self.bad(e.span, "the change as a number", f"{e.verb} 1", "expect")
                else:
                    self.t.expect.append(Expect(e.verb, None, e.args[0].value, e.span))
            else:
                self.unknown(e.verb_span, "amount a test counts", e.verb, (*AMOUNTS, *PILES, "influence", *counted))
