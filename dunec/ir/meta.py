"""What the engine knows about every definition: the plain-data description of
each (`meta_of`, also what codegen writes) and the `Content` a game is played
with. Below both back-ends: the engine and codegen import it, it imports neither."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Callable

from dunec.check.constructs import mentat_uses, unplayed_uses
from dunec.check.messages import MIX_TAKES_MENTAT, NOT_PLAYED_YET
from dunec.check.model import Def
from dunec.check.tables import UNPLAYED_CONSTRUCTS, starting_deck
from dunec.ir import value
from dunec.ir.ops import turn_start, walk


def declared_worths(model) -> dict:
    """counter -> the `worth` its set declares, for the value estimates of meta_of
    (run them inside `lexicon.worthed(declared_worths(model))`)."""
    return {ident: d.numbers["worth"] for s in model.sets.values() for ident, d in s.names.items()
            if d.kind == "counter" and "worth" in d.numbers}


def meta_of(d: Def) -> dict:
    """The plain-data description of a definition (also what codegen writes)."""
    m = {"id": d.id, "kind": d.kind, "name": d.name, "set": d.set, "copies": d.copies}
    for k, v in sorted(d.fields.items()):
        m[k] = [tuple(x) for x in v] if d.kind == "deck" and k in ("cards", "replace") or k == "remove_starter" \
            else v
    m["boxes"] = tuple(sorted(d.boxes))
    m["values"] = {b: value.estimate(ops) for b, ops in sorted(d.boxes.items())}
    m["forced"] = {b: ops[0].args[0] for b, ops in sorted(d.boxes.items())
                   if len(ops) == 1 and ops[0].kind == "pay"}
    m["modifiers"] = tuple((o.kind, *o.args) for o in d.boxes.get("passive", ()))
    if turn_start(d.boxes.get("plot", ())):
        m["turn_start"] = True
    if d.kind == "space" and influence_only(d.fields.get("requires")):
        # A requirement of Influence alone: a card `ignore_requirements` lifts it.
        m["influence_requirement"] = True
    if d.kind == "space" and d.fields.get("maker"):
        # The base harvest (Carryall doubles it): the spice the space itself gives.
        m["harvest"] = sum(o.args[1] for o in d.boxes.get("space", ()) if o.kind == "gain" and o.args[0] == "spice")
    if d.kind == "tech" and "plot" in d.boxes:
        # What a tile's `use` gives beyond its cost (a House Hagal rival reads it to
        # know when it uses the tile: engine/rivals/tiles.py): (kind, *args) per op.
        m["uses"] = tuple((o.kind, *o.args) for o in walk(d.boxes["plot"]) if o.kind != "pay")
    if d.kind == "hagal" and any(o.kind == "signet" for o in walk(d.boxes.get("hagal", ()))):
        m["signet"] = True  # the signet ring icon: the rival uses its leader's signet ring
    # Rise of Ix rules read from a card's IR: the space discounts its agent box gives
    # (`cheaper_space`, applied when the agent is placed) and whether its reveal box
    # gives swords (`sword_cards`).
    cheaper = tuple(o.args for o in d.boxes.get("agent", ()) if o.kind == "cheaper_space")
    if cheaper:
        m["space_discounts"] = cheaper
    # Graft: an agent box that copies the other grafted card's is never copied in turn
    # (two such cards grafted to each other would copy each other forever).
    if any(o.kind == "copy_agent_box" for o in walk(d.boxes.get("agent", ()))):
        m["copies_agent_box"] = True
    if any(o.kind == "gain" and o.args[0] == "swords" for o in walk(d.boxes.get("reveal", ()))):
        m["reveal_swords"] = True
    reads = reads_gains(d)
    if reads:
        m["reads_gains"] = reads
    first = d.boxes.get("first", ())
    ctl = [o.args[0] for o in first if o.kind == "control"]
    if ctl:
        m["controls"] = ctl[0]
    return m


def influence_only(c) -> bool:
    """Whether a condition compares Influence only (`influence fremen >= 2`, joined by
    `and`/`or`): a board space's Influence requirement (rules 003, Undercover Asset)."""
    if not c:
        return False
    if c[0] in ("and", "or"):
        return all(influence_only(x) for x in c[1:])
    return c[0] == "cmp" and c[1][0] == "influence"


def reads_gains(d: Def) -> tuple:
    """The counters a condition `gained_this_turn` of the definition reads (sorted):
    the engine tallies their gains (rules_resources.watched_gains), and effect code
    never inlines a gain of one (codegen's `inlined`)."""
    found: set = set()

    def scan(x) -> None:
        if isinstance(x, (tuple, list)):
            if len(x) == 2 and x[0] == "gained_this_turn" and isinstance(x[1], str):
                found.add(x[1])
            for y in x:
                scan(y)

    for ops in d.boxes.values():
        for o in walk(ops):
            scan(o.args)
    scan(d.fields.get("requires"))
    if d.kind == "contract" and d.fields.get("harvest"):  # spice gained on the turn (rules/contracts.py)
        found.add("spice")
    return tuple(sorted(found))


def vocab_of(model) -> dict:
    """Every set's declarations as plain data (also what codegen writes): its title,
    the sets it requires, and its counters, unit kinds, tracks and markets. A track
    step's reward is an effect keyed (track, "step N")."""
    out = {}
    unplayed = unplayed_uses(model)
    mentat = mentat_uses(model)
    for sid in sorted(model.sets):
        s = model.sets[sid]
        names = {k: {} for k in ("counter", "unit", "track", "market", "token")}
        for ident in sorted(s.names):
            d = s.names[ident]
            entry = {"title": d.title, **d.numbers}
            if d.kind == "track":
                entry.update(_track_entry(d))
            if d.kind == "counter" and d.holds:
                entry["holds"] = d.holds  # the unit kind whose pieces the counter holds
                if d.returnable:
                    entry["returnable"] = True  # returned to the supply at will (rules/holding.py)
            if d.kind == "market":
                entry["currency"] = d.currency
                entry["sells"] = d.sells
                entry["rebate"] = d.rebate
                # a market of cards (rules/market.py): its fixed entry, bought on a reveal
                # turn, where a bought card goes (`free`, `when_empty`: its `flags`, read by
                # rules/contracts.py; its `when_empty` box is an effect keyed (market, "when_empty"))
                entry["keeps"] = d.keeps
                entry["at_reveal"] = d.at_reveal
                entry["to"] = d.to
            if d.kind == "token":
                entry["boxes"] = tuple(sorted(d.boxes))  # its effects keyed (token, box): "once"
                entry["worth"] = value.estimate(d.boxes["once"])  # the value hint of spending it
            if d.kind in OPEN_KINDS:
                entry.update(_open_entry(d))
            if getattr(d, "flags", ()):
                entry["flags"] = tuple(w for w, _ in d.flags)  # a unit's `summoned`, `doubles`
            names.setdefault(d.kind, {})[ident] = entry
        out[sid] = {"title": s.title, "requires": tuple(r for r, _ in s.requires), **names}
        if getattr(s, "default", False):
            out[sid]["default"] = True  # the game played when no sets are named
        if getattr(s, "module", False):
            out[sid]["module"] = True  # an optional part of the sets it requires: `list --sets` shows it
        out[sid].update(_open_tables(s, unplayed.get(sid, ())))
        if mentat.get(sid):
            out[sid]["mentat"] = mentat[sid]  # (id, file, line, col) of each definition taking the Mentat
    return out


# The declarations of the open tables (check/vocab.py OpenDecl), as plain data.
OPEN_KINDS = ("icon", "tags", "flag", "piece")


def _open_entry(d) -> dict:
    if d.kind == "icon":
        return {"via": d.via}
    if d.kind == "piece":
        return {"on": d.on}
    if d.kind == "tags":
        return {"tags": tuple(w for w, _ in d.words), "wild": d.wild}
    return {"protects": tuple(w for w, _ in d.words)}


def _open_tables(s, unplayed) -> dict:
    """A set's derived kinds, content changes and unplayed constructs, only when it has some
    (a set without them reads as before)."""
    out = {}
    if s.derived:
        out["kinds"] = {k: {"title": d.title, "like": d.like} for k, d in sorted(s.derived.items())}
    if s.replaces:
        out["replaces"] = tuple(r.row() for r in s.replaces)  # (kind, old, new, n): engine/rules/replacements.py
    if s.removes:
        out["removes"] = tuple((kind, ident) for kind, ident, _ in s.removes)
    if unplayed:
        out["unplayed"] = tuple((c, sp.file, sp.line, sp.col) for c, sp in unplayed)
    if getattr(s, "mixes", None):
        # `mix GUEST { }`: what another game's set brings into a game of this one (select())
        out["mixes"] = {g: {"kinds": tuple(k for k, _ in m.kinds), "takes": tuple((k, i) for k, i, _ in m.takes),
                            "epic_takes": tuple((k, i) for k, i, _ in m.epic_takes),
                            "removes": tuple((k, i) for k, i, _ in m.removes),
                            "covers": tuple((o, n) for o, n, _, _ in m.covers),
                            "stands": tuple((o, n) for o, n, *_ in m.stands)}
                        for g, m in sorted(s.mixes.items())}
    return out


def _changed(defs: dict, vocabs: list) -> dict:
    """The content of a game after its sets' `remove KIND ID` (the content leaves the
    game, and the starting deck's rows of it). A set's `replace` applies where its
    cards are dealt (engine/rules/replacements.py)."""
    like = {k: v["like"] for x in vocabs for k, v in x.get("kinds", {}).items()}
    removes = {(kind, ident) for x in vocabs for kind, ident in x.get("removes", ())}
    if not removes:
        return defs
    gone = {k for k, m in defs.items() if (like.get(m["kind"], m["kind"]), m["id"].split(".")[-1]) in removes}
    out = {k: m for k, m in defs.items() if k not in gone}
    start = starting_deck([m for m in out.values() if m.get("kind") == "deck"])
    if start is not None:
        gone_ids = {m["id"] for k, m in defs.items() if k in gone}
        rows = tuple((c, n) for c, n in start["cards"] if c not in gone_ids)
        key = next(k for k, m in out.items() if m is start)
        out[key] = {**start, "cards": rows}
    return out


def _track_entry(d) -> dict:
    """A track's shape as the engine reads it (engine/rules/tracks.py). A line:
    `steps`, the rewarded steps and their value hints (the freighter's decision,
    engine/players/hints.py), the steps with a first-to-reach box. A graph: its
    `start` cell, each cell's column and links, its last column (`top`), the
    rule modifiers that switch on from a column (`froms`: (column, modifiers) pairs),
    the cells with a first-to-reach box. Either: `at_end`."""
    out = {"at_end": d.at_end is not None}
    if getattr(d, "leader", ""):
        out["leader"] = d.leader  # printed on that leader: only its player has a token (rules/tracks.py)
    if d.cells:
        out["start"] = d.start
        # each cell's value hint: the player's choice between two links (engine/players/hints.py)
        out["cells"] = {c.id: {"column": c.column, "next": tuple(n for n, _ in c.next), "gives": c.gives is not None,
                               "worth": value.estimate(c.gives) if c.gives is not None else 0.0}
                        for c in sorted(d.cells.values(), key=lambda c: (c.column, c.id))}
        out["top"] = max(c.column for c in d.cells.values())
        out["froms"] = tuple((n, tuple((o.kind, *o.args) for o in d.froms[n])) for n in sorted(d.froms))
        out["firsts"] = tuple(sorted(d.firsts))  # the cells with a first-to-reach box
        return out
    out["rewards"] = tuple(sorted(d.steps))
    out["worths"] = tuple(value.estimate(d.steps[n]) for n in sorted(d.steps))
    out["firsts"] = tuple(sorted(d.firsts))
    return out


def track_steps(model):
    """(track, box, ops) for every effect a declared track holds: a step's reward
    ("step N"), a first-to-reach box ("first N", a graph's "first CELL"), a cell's ("cell ID"), "at_end"; and
    (token, "once", ops) for every declared token's effects, (market, "when_empty", ops) for a
    market's."""
    for sid in sorted(model.sets):
        for ident, d in sorted(model.sets[sid].names.items()):
            if d.kind in ("token", "market"):  # a token's `once`, a market's `when_empty`
                for box in sorted(d.boxes):
                    yield ident, box, d.boxes[box]
            if d.kind != "track":
                continue
            for n in sorted(d.steps):
                yield ident, f"step {n}", d.steps[n]
            for n in sorted(d.firsts):
                yield ident, f"first {n}", d.firsts[n]
            for c in sorted(d.cells.values(), key=lambda c: (c.column, c.id)):
                if c.gives is not None:
                    yield ident, f"cell {c.id}", c.gives
            if d.at_end is not None:
                yield ident, "at_end", d.at_end


class SetsError(Exception):
    """A game's sets are unknown, miss a set they require, or use a construct the
    engine does not play yet."""


def refusals(vocab: dict, sets) -> list[str]:
    """A coded diagnostic, at its place, for each construct the engine does not play
    yet (T.UNPLAYED_CONSTRUCTS) that a declaration or definition of these sets uses."""
    out = []
    for s in sets:
        for construct, file, line, col in vocab.get(s, {}).get("unplayed", ()):
            why = UNPLAYED_CONSTRUCTS.get(construct)
            if why is None:
                continue  # played since the content was built
            message, _, help = NOT_PLAYED_YET.render({"construct": construct, "why": why, "set": s})
            out.append(f"{file}:{line}:{col}: error[{NOT_PLAYED_YET.code}]: {message}\n  = help: {help}")
    return out


# Declarations held by a set's board (a flag): a guest brings them with its spaces only.
BOARD_HELD = ("flag",)


def _reach(vocab: dict, s: str) -> set:
    out, todo = set(), [s]
    while todo:
        x = todo.pop()
        if x not in out:
            out.add(x)
            todo.extend(vocab.get(x, {}).get("requires", ()))
    return out


def games_of(vocab: dict, s: str) -> set:
    """The games a set is played in: the sets of its reach that require only shared
    foundations (a set that requires nothing and is no game itself: `core`)."""
    def foundation(x):
        return not vocab.get(x, {}).get("requires") and not vocab.get(x, {}).get("default")
    return {x for x in _reach(vocab, s) if not foundation(x)
            and all(foundation(r) for r in vocab.get(x, {}).get("requires", ()))}


def mix_guests(vocab: dict, named) -> dict:
    """A game of the named sets that holds another game's sets (rules 003 "Combining
    with other Dune: Imperium products"): the first named set's game is the host; a
    named set of another game is a guest, brought in as a `mix GUEST { }` of the host's
    sets says (guest -> that mix); a set a guest requires that the host's game lacks
    and no one named comes for its declarations only (guest -> None). {} for a game
    of one game's sets."""
    if not named:
        return {}
    hosts = games_of(vocab, named[0])
    if len(hosts) != 1:
        return {}
    host = next(iter(hosts))
    members = set()
    for s in named:
        if host in _reach(vocab, s):
            members |= _reach(vocab, s)
    mixes = {g: m for x in sorted(members) for g, m in vocab.get(x, {}).get("mixes", {}).items()}
    out: dict = {}
    for s in named:
        if s in members:
            continue
        if s not in mixes:
            raise SetsError(f"set `{s}` is not of a game of `{host}`, and no set of that game mixes it in "
                            f"(`mix {s} {{ ... }}`, docs/language.md \"Mixing games\"): "
                            f"mixes it knows: {', '.join(sorted(mixes)) or 'none'}")
        out[s] = mixes[s]
    for s in list(out):
        for r in sorted(_reach(vocab, s) - members):
            out.setdefault(r, None)
    # a guest's required foundation (core) is the host's too
    return {g: m for g, m in out.items() if g not in members}


def _mixed(defs: dict, vocab: dict, guests: dict) -> dict:
    """The definitions of a game with guests: a guest's of the kinds its mix names,
    less those it removes, and what a mix takes from the guest or a set it requires;
    a space a mix replaces leaves the board, the guest's space taking its place and
    its links to posts."""
    like = {k: v["like"] for x in vocab.values() for k, v in x.get("kinds", {}).items()}
    taken = {(like.get(k, k), i) for m in guests.values() if m for k, i in m["takes"]}
    # in the Epic game only (the setup leaves an `epic_only` definition out of a standard game)
    epic = {(like.get(k, k), i) for m in guests.values() if m for k, i in m.get("epic_takes", ())}
    removed = {(like.get(k, k), i) for m in guests.values() if m for k, i in m["removes"]}
    covers = {o: n for m in guests.values() if m for o, n in m["covers"]}
    # the guest's content a host's card stands for is the host's only
    stood = {o for m in guests.values() if m for o, _ in m.get("stands", ())}
    out = {}
    for k, m in defs.items():
        if m["set"] in guests:
            mix = guests[m["set"]]
            if m["id"] in stood:
                continue
            key = (like.get(m["kind"], m["kind"]), m["id"].split(".")[-1])
            kinds = mix["kinds"] if mix else ()
            if key in epic:
                m = {**m, "epic_only": True}
            elif key not in taken and (key in removed or not (m["kind"] in kinds or like.get(m["kind"]) in kinds)):
                continue
        elif m.get("kind") == "space" and m["id"] in covers:
            continue
        if m.get("kind") == "post" and set(covers).intersection(m.get("links", ())):
            m = {**m, "links": tuple(covers.get(x, x) for x in m["links"])}
        out[k] = m
    return out


def _without_mentat(defs: dict, vocab: dict, guests: dict, host: str) -> list:
    """E0466 at each definition a guest brings that takes the Mentat, when no board
    space of the game gives it (rules 003: no Mentat in Uprising, so Calculated Hire
    leaves an Uprising game with base cards)."""
    uses = {(s, i): (f, ln, c) for s, v in vocab.items() for i, f, ln, c in v.get("mentat", ())}
    if any(m.get("kind") == "space" and (m["set"], m["id"]) in uses for m in defs.values()):
        return []
    out = []
    for m in sorted(defs.values(), key=lambda m: uses.get((m["set"], m["id"]), ("",)) + (m["id"],)):
        where = uses.get((m["set"], m["id"]))
        if m["set"] in guests and where is not None:
            message, label, help = MIX_TAKES_MENTAT.render(
                {"kind": m["kind"], "id": m["id"], "guest": m["set"], "host": host})
            out.append(f"{where[0]}:{where[1]}:{where[2]}: error[{MIX_TAKES_MENTAT.code}]: {message}\n"
                       f"  = help: {help}")
    return out


def modules_of(vocab: dict, sets) -> tuple:
    """The `module` sets of a game of these sets: those whose required sets the
    game plays all of (Uprising's CHOAM Module with Uprising), sorted."""
    every = set(required_first(vocab, sets))
    return tuple(sorted(s for s, v in vocab.items()
                        if v.get("module") and s not in every and set(v.get("requires", ())) <= every))


def required_first(vocab: dict, sets) -> tuple:
    """The sets and every set they require (vocab: Content.vocab), each after the
    sets it requires."""
    def reach(s, seen=()):
        out = {s}
        for r in vocab.get(s, {}).get("requires", ()):
            if r not in out and r not in seen:
                out |= reach(r, (*seen, s))
        return out
    every = set().union(*(reach(s) for s in sets)) if sets else set()
    return tuple(sorted(every, key=lambda s: (len(reach(s)), s)))


@dataclass
class Content:
    defs: dict  # id -> meta dict
    effects: dict  # (id, box) -> fn(ctx); (space id, "requires") -> fn(ctx) -> bool
    backend: str
    vocab: dict = field(default_factory=dict)  # set id -> its declarations (vocab_of)
    sets: tuple = ()  # the sets this game plays; () before select()
    # (id, box) -> IR ops of a box that may ask a decision: run from interpreter frames on
    # both back-ends, so a game paused inside it is plain data (dunec/engine/effects/interpreter.py).
    programs: dict = field(default_factory=dict)
    _by_kind: dict = field(default_factory=dict)
    # Before any selection, the definitions of expansions (a set that `requires`
    # another, as Rise of Ix requires base) and of sets using a construct the engine
    # does not play yet (their vocab's `unplayed`) are held out of `defs`: content loaded whole plays the stand-alone
    # game, as harnesses and card tests expect; select() brings them in.
    held: dict = field(default_factory=dict)
    # The sets the author's `--with` files need (content.sets_needed): a command
    # plays them by default and refuses a --sets that leaves one out.
    needs: tuple = ()
    # The guests of a mixed game (mix_guests): guest set -> its mix, or None (declarations only).
    guests: dict = field(default_factory=dict)
    # A mix's `replace KIND OLD with NEW` (not a space): a card naming OLD reads NEW (rules
    # that take a card's id: `copies`, `most_copies`, `discount`, `gain_card`).
    aliases: dict = field(default_factory=dict)

    def __post_init__(self):
        if not self.sets:
            # Held out: every set outside the default game (`default_sets`), and a set
            # whose constructs the engine does not play yet.
            game = set(self.default_sets())
            outside = {s for s in self.vocab if s not in game} if game else \
                {s for s, v in self.vocab.items() if v.get("requires")}
            unplayed = {s for s, v in self.vocab.items() if v.get("unplayed")}
            held = {k: m for k, m in self.defs.items()
                    if m.get("set") in unplayed or m.get("set") in outside}
            if held:
                self.held = {**self.held, **held}
                self.defs = {k: m for k, m in self.defs.items() if k not in held}

    def default_sets(self) -> tuple:
        """The game played when no sets are named: the sets that declare `default`
        and every set they require, each after the sets it requires (data, never a
        set's id: docs/decisions.md "Uprising as its own game")."""
        chosen = sorted(s for s, v in self.vocab.items() if v.get("default"))
        return required_first(self.vocab, chosen)

    def select(self, sets=None, playing: bool = True) -> "Content":
        """The content of a game of these sets: their definitions and names only.
        A definition of no declared set (an author's loose cards) always plays.
        `playing=False` selects them to list or show: a set whose mechanisms the
        engine does not play yet is refused only for a game. The same selection
        is the same Content, so its tables (board, agent cards, decks) are made
        once for every game played from this content."""
        sets = self.default_sets() if sets is None else tuple(dict.fromkeys(sets))
        key = ("select", sets, playing)
        made = self._by_kind.get(key)
        if made is None:
            made = self._by_kind[key] = self._select(sets, playing)
        return made

    def _select(self, sets: tuple, playing: bool) -> "Content":
        # A foundation every game shares (a set that requires nothing and is no game of
        # its own: `core`) comes with the sets that require it, named or not.
        named = [s for s in sets if s in self.vocab]
        shared = [s for s in required_first(self.vocab, named)
                  if s not in sets and not self.vocab[s]["requires"] and not self.vocab[s].get("default")]
        sets = (*shared, *sets)
        for s in sets:
            if s not in self.vocab:
                raise SetsError(f"unknown set `{s}` (known: {', '.join(sorted(self.vocab))})")
        guests = mix_guests(self.vocab, [s for s in sets if s not in shared])
        sets = (*sets, *(g for g in guests if g not in sets))  # a guest's required sets: declarations only
        for s in sets:
            missing = [r for r in self.vocab[s]["requires"] if r not in sets]
            if missing:  # (a shared foundation comes unnamed: not in the example)
                raise SetsError(f"set `{s}` requires {', '.join(missing)}: add it to --sets "
                                f"(e.g. --sets {','.join(x for x in (*missing, *sets) if x not in shared)})")
        refused = refusals(self.vocab, sets) if playing else []
        if refused:
            raise SetsError("a game of these sets uses what the engine does not play yet "
                            "(`dunec show` shows the cards):\n" + "\n".join(refused))
        every = {**self.defs, **self.held}
        defs = {k: m for k, m in every.items() if m["set"] in sets or m["set"] not in self.vocab}
        if guests:
            defs = _mixed(defs, self.vocab, guests)
            refused = _without_mentat(defs, self.vocab, guests, sets[len(shared)]) if playing else []
            if refused:
                raise SetsError("a card of this mix takes the Mentat, which the game's board does not hold:\n"
                                + "\n".join(refused))
        # An overlay: a selected set's space takes the place of the spaces it `replaces`
        # (the CHOAM overlay covers base spaces, rules 000 setup), so the board, the agent
        # menus and House Hagal's cards never see a covered space.
        covered = {r.split(".")[-1] for m in defs.values() if m.get("kind") == "space" for r in m.get("replaces", ())}
        defs = {k: m for k, m in defs.items() if not (m.get("kind") == "space" and k in covered)}
        defs = _changed(defs, [self.vocab[s] for s in sets])
        aliases = {o: n for m in guests.values() if m for o, n in m.get("stands", ())}
        return Content(defs, self.effects, self.backend, self.vocab, sets, self.programs, guests=guests,
                       aliases=aliases)

    def declared(self, kind: str) -> dict:
        """The names of one kind ("counter", "unit", "track", "market", "token") this
        game's sets declare; made once per content and kind (the rules ask on every
        buy, track move and modifier read), so never to be changed by a caller."""
        key = ("declared", kind)
        out = self._by_kind.get(key)
        if out is None:
            out = {}
            for s in self.sets:
                if kind in BOARD_HELD and s in self.guests and "space" not in (self.guests[s] or {}).get("kinds", ()):
                    continue  # a flag stands on its set's board, which a guest without spaces leaves out
                out.update(self.vocab[s].get(kind, {}))
            self._by_kind[key] = out
        return out

    def markets(self) -> dict:
        """market -> its terms (declared("market")), made once per content: what every
        buy decision asks of an option ("buy", market, entry)."""
        table = self._by_kind.get("markets")
        if table is None:
            table = self._by_kind["markets"] = self.declared("market") if self.vocab else {}
        return table

    def unit_flags(self) -> dict:
        """unit kind -> its flags (`summoned`, `doubles`: rules/summons.py) for the kinds
        that carry any, made once per content."""
        table = self._by_kind.get("unit_flags")
        if table is None:
            table = self._by_kind["unit_flags"] = {
                k: u["flags"] for k, u in self.declared("unit").items() if u.get("flags")} if self.vocab else {}
        return table

    def market_cards(self) -> dict:
        """id -> the market that deals it: the definitions of the kind a market sells of
        its set and of the sets built on it (where two markets sell a kind, the one of
        the definition's own set), and its `keeps` entry. No other rule deals them
        (never the Imperium deck nor the reserve: docs/decisions.md "Markets")."""
        table = self._by_kind.get("market_cards")
        if table is None:
            table = {}
            # (market, its set, its terms), a definition's own set's markets first
            markets = [(market, s, m) for s in self.sets for market, m in sorted(self.vocab[s].get("market", {}).items())]
            for market, s, m in markets:
                for d in self.of_kind(m["sells"]):
                    mine = d["set"] == s
                    if (mine or s in self.vocab.get(d["set"], {}).get("requires", ())) and \
                            (d["id"] not in table or mine):
                        table[d["id"]] = market
            for market, s, m in markets:
                if m.get("keeps"):
                    table[m["keeps"]] = market
            self._by_kind["market_cards"] = table
        return table

    def market_floor(self) -> dict:
        """market -> the lowest cost of anything it may offer (a definition of the kind
        it sells, or its `keeps` entry), made once per content: a player holding less
        (with the discount) can afford nothing there, found without dealing its entries."""
        table = self._by_kind.get("market_floor")
        if table is None:
            table = {}
            for market, m in self.markets().items():
                costs = [d.get("cost", 0) for d in self.of_kind(m["sells"])]
                if m.get("keeps") in self.defs:
                    costs.append(self.defs[m["keeps"]].get("cost", 0))
                table[market] = min(costs, default=0)
            self._by_kind["market_floor"] = table
        return table

    def reveal_markets(self) -> tuple:
        """The `at reveal` markets, sorted, made once per content."""
        table = self._by_kind.get("reveal_markets")
        if table is None:
            table = self._by_kind["reveal_markets"] = tuple(
                market for market, m in sorted(self.markets().items()) if m.get("at_reveal"))
        return table

    def track_modifiers(self, kind: str) -> tuple:
        """(track, its cells, ((column, modifier args), ...)) for each graph track whose
        `from COLUMN` boxes hold a modifier of this kind, made once per content and kind."""
        key = ("track_modifiers", kind)
        table = self._by_kind.get(key)
        if table is None:
            table = []
            for t, m in self.declared("track").items():
                mods = tuple((c, mod[1:]) for c, ms in (m.get("froms") or ()) for mod in ms if mod[0] == kind)
                if mods:
                    table.append((t, m["cells"], mods))
            table = self._by_kind[key] = tuple(table)
        return table

    def holders(self) -> dict:
        """counter -> the unit kind it holds, for each counter of this game's sets
        declared `holds UNIT` (a negotiator is a troop), made once per content."""
        table = self._by_kind.get("holders")
        if table is None:
            table = self._by_kind["holders"] = {c: m["holds"] for c, m in self.declared("counter").items()
                                                if m.get("holds")}
        return table

    def returnable(self) -> tuple:
        """(counter, unit) for each counter whose held units the player may return
        to the supply at any time (`holds UNIT; returnable`), sorted, made once."""
        table = self._by_kind.get("returnable")
        if table is None:
            table = self._by_kind["returnable"] = tuple(sorted(
                (c, m["holds"]) for c, m in self.declared("counter").items() if m.get("returnable")))
        return table

    def board(self) -> list:
        """The board spaces as (id, icon, requirement function or None, printed
        cost, plain cost, definition), in board order: what the agent menu reads
        every turn. The plain cost is (solari, spice, water) when the cost is only
        those, () when the space is free, None when the general cost rule decides."""
        if "board" not in self._by_kind:
            self._by_kind["board"] = [(m["id"], m["icon"], self.effects.get((m["id"], "requires")), m.get("cost", ()),
                                       _plain_costs(m.get("cost", ())), m) for m in self.of_kind("space")]
        return self._by_kind["board"]

    def spaces_by_icons(self) -> dict:
        """frozenset of icons -> (the ids of their spaces, their board rows), both in
        board order, for each set of icons asked for so far (spaces_of fills it)."""
        table = self._by_kind.get("by_icons")
        if table is None:
            table = self._by_kind["by_icons"] = {}
        return table

    def spaces_of(self, icons: frozenset) -> tuple:
        """The board spaces an agent of a card with these icons may visit, as
        spaces_by_icons keeps them: the agent menu's static half."""
        rows = tuple(row for row in self.board() if row[1] in icons)
        entry = self.spaces_by_icons()[icons] = (tuple(row[0] for row in rows), rows)
        return entry

    def agent_cards(self) -> dict:
        """id -> (id, icons as a frozenset, infiltrate, from_anywhere, space discounts,
        the ids of its icons' spaces in board order) for every definition with agent
        icons, None for the others: what the agent menu reads of each card in hand,
        made once per game's content."""
        table = self._by_kind.get("agent_cards")
        if table is None:
            table = self._by_kind["agent_cards"] = {
                k: (k, frozenset(m["icons"]), bool(m.get("infiltrate")), bool(m.get("from_anywhere")),
                    m.get("space_discounts", ()), self.spaces_of(frozenset(m["icons"]))[0]) if m.get("icons") else None
                for k, m in self.defs.items()}
        return table

    def requirement_rules(self) -> tuple:
        """(the cards marked `ignore_requirements`, the board spaces whose requirement is
        Influence alone) as frozensets, made once per content: the agent of such a card
        may go to such a space without the Influence (engine/loop/turns.py placements)."""
        table = self._by_kind.get("requirement_rules")
        if table is None:
            table = self._by_kind["requirement_rules"] = (
                frozenset(k for k, m in self.defs.items() if m.get("ignore_requirements")),
                frozenset(k for k, m in self.defs.items() if m.get("influence_requirement")))
        return table

    def graft_cards(self) -> frozenset:
        """The ids of the cards marked `graft` (never played alone on an agent turn:
        engine/rules/graft.py), made once per content."""
        table = self._by_kind.get("graft_cards")
        if table is None:
            table = self._by_kind["graft_cards"] = frozenset(k for k, m in self.defs.items() if m.get("graft"))
        return table

    def requiring(self) -> frozenset:
        """The ids of the cards with a `requires` (their agent icons hold only while it
        does: engine/rules/agents.py icons_hold), made once per content."""
        table = self._by_kind.get("requiring")
        if table is None:
            table = self._by_kind["requiring"] = frozenset(
                k for k, m in self.defs.items() if m.get("like", m["kind"]) in ("card", "starter", "reserve")
                and (k, "requires") in self.effects)
        return table

    def box_owners(self) -> dict:
        """box name -> frozenset of the ids with that box (an effect or a program):
        the engine's has_box as a table, made once per content (a rule asks it
        a few times in every agent turn)."""
        table = self._by_kind.get("box_owners")
        if table is None:
            owners: dict = {}
            for ident, box in (*self.effects, *self.programs):
                owners.setdefault(box, set()).add(ident)
            table = self._by_kind["box_owners"] = {box: frozenset(ids) for box, ids in owners.items()}
        return table

    def reserve_buys(self) -> tuple:
        """The reserve cards a player may buy (not those only gained: `gained_only`),
        in id order: the buy menu's reserve rows, made once per content."""
        table = self._by_kind.get("reserve_buys")
        if table is None:
            sold = self.market_cards()
            table = self._by_kind["reserve_buys"] = tuple(sorted(m["id"] for m in self.of_kind("reserve")
                                                                 if not m.get("gained_only") and m["id"] not in sold))
        return table

    def costs(self) -> dict:
        """id -> printed cost (0 when none, never below 0) of every definition whose
        cost is a number (a space's cost is a list of payments), for the buy menu."""
        table = self._by_kind.get("costs")
        if table is None:
            table = self._by_kind["costs"] = {k: max(0, m.get("cost", 0)) for k, m in self.defs.items()
                                              if isinstance(m.get("cost", 0), int)}
        return table

    def buy_offers(self) -> tuple:
        """(card -> its buy option ("buy", card, printed cost as costs() gives it),
        the reserve's offers in reserve_buys order as (card, option), the at-reveal
        markets): what the buy menu reads when no discount changes a price, made
        once per content (the menu is rebuilt after every purchase)."""
        table = self._by_kind.get("buy_offers")
        if table is None:
            costs = self.costs()
            table = self._by_kind["buy_offers"] = ({k: ("buy", k, n) for k, n in costs.items()},
                                                   tuple((c, ("buy", c, costs[c])) for c in self.reserve_buys()),
                                                   self.reveal_markets())
        return table

    def intrigue_plays(self, box: str) -> dict:
        """id -> (forced cost or None, requirement function or None, played "at the
        start of your turn") for every definition with this box (an intrigue's
        "plot" or "combat"): what the intrigue menus read of each card in hand."""
        key = ("plays", box)
        table = self._by_kind.get(key)
        if table is None:
            table = self._by_kind[key] = {k: (m["forced"].get(box), self.effects.get((k, "requires")),
                                              bool(m.get("turn_start")))
                                          for k, m in self.defs.items() if box in m["boxes"]}
        return table

    def leader_rules(self, leader: str) -> tuple:
        """(icons whose spaces the leader may enter though occupied, whether the
        leader changes space costs): the modifiers the agent menu reads."""
        key = ("leader", leader)
        if key not in self._by_kind:
            mods = self.defs[leader].get("modifiers", ()) if leader else ()
            self._by_kind[key] = (frozenset(m[1] for m in mods if m[0] == "ignore_block"),
                                  any(m[0] == "space_cost" for m in mods))
        return self._by_kind[key]

    def leader_costs(self, leader: str) -> dict:
        """space id -> (its cost for this leader, that cost as board() gives plain
        costs) for a leader whose modifiers change space costs: the agent menu's
        costs when no rival rule overrides them, worked out once per content."""
        key = ("leader_costs", leader)
        table = self._by_kind.get(key)
        if table is None:
            mods = self.defs[leader].get("modifiers", ())
            table = self._by_kind[key] = {}
            for sid, icon, _req, costs, _plain, _sp in self.board():
                costs = modified_costs(costs, icon, mods)
                table[sid] = (costs, _plain_costs(costs))
        return table

    def agent_menu(self, leader: str) -> tuple:
        """What the agent menu reads for a player of this leader, made once per
        content: (agent_cards, icons whose spaces the leader may enter though
        occupied, cost table, solari_at, spice_at, water_at, spaces_by_icons,
        graft_cards, requiring, the two requirement_rules, space_bits, card_bits,
        place_options): one lookup gives the menu every table it reads. An
        `_at` tuple maps an amount of its resource (capped at its last index, the
        most any plain space cost asks) to the plain cost it reaches (the largest
        such cost not above it: amounts between two costs pay for the same
        spaces); the cost table maps every (solari, spice, water) so reached to
        agent_rows for those amounts: one table for the printed costs, one of its
        own for a leader whose modifiers change space costs."""
        menu = self._by_kind.get(("agent_menu", leader))
        if menu is None:
            ignore, own_costs = self.leader_rules(leader)
            key = ("agent_costs", leader if own_costs else None)
            if key not in self._by_kind:
                costs = self.leader_costs(leader) if own_costs else {row[0]: (row[3], row[4]) for row in self.board()}
                self._by_kind[key] = self._agent_costs(costs)
            menu = self._by_kind[("agent_menu", leader)] = (self.agent_cards(), ignore, *self._by_kind[key],
                                                            self.spaces_by_icons(), self.graft_cards(),
                                                            self.requiring(), *self.requirement_rules(),
                                                            self.space_bits(), self.card_bits(), self.place_options())
        return menu

    def _agent_costs(self, costs: dict) -> tuple:
        """agent_menu's (cost table, solari_at, spice_at, water_at) for spaces
        costing `costs` (as leader_costs gives them)."""
        plains = [plain for _cost, plain in costs.values() if plain]
        reached = []
        for i in range(3):
            needs = {0} | {plain[i] for plain in plains}
            reached.append(tuple(max(n for n in needs if n <= amount) for amount in range(max(needs) + 1)))
        table = {have: self.agent_rows(costs, have) for have in itertools.product(*(sorted(set(at)) for at in reached))}
        return (table, *reached)

    def agent_rows(self, costs: dict, have: tuple) -> tuple:
        """The board spaces whose cost (`costs`: space id -> (cost, plain cost), as
        leader_costs gives them) does not rule them out for a player with `have`
        (Solari, spice, water): (icon -> the ids of its spaces that need nothing
        more, checked rows). A plain cost (only those resources) is judged here; a
        space with a requirement or another cost is a checked row, (id, icon,
        requirement, cost, the space's bit: space_bits), its cost None when plain
        (judged here), else the cost the general rule judges in play; and the
        spaces that need nothing more of any icon as one number (space_bits)."""
        solari, spice, water = have
        by_icon, checked, free = {}, [], 0
        bits = self.space_bits()
        for sid, icon, req, _cost, _plain, _sp in self.board():
            cost, plain = costs[sid]
            if plain is not None and plain and (solari < plain[0] or spice < plain[1] or water < plain[2]):
                continue
            if req is None and plain is not None:
                by_icon.setdefault(icon, set()).add(sid)
                free |= bits[sid]
            else:
                checked.append((sid, icon, req, None if plain is not None else cost, bits[sid]))
        return {icon: frozenset(ids) for icon, ids in by_icon.items()}, tuple(checked), free

    def space_bits(self) -> dict:
        """space id -> a number with the bit of its position on the board (board()),
        made once per content: the agent menu's sets of spaces as numbers, a set
        operation one arithmetic step (engine/loop/turns.py placements_by_bits)."""
        table = self._by_kind.get("space_bits")
        if table is None:
            table = self._by_kind["space_bits"] = {row[0]: 1 << i for i, row in enumerate(self.board())}
        return table

    def card_bits(self) -> dict:
        """card id -> the spaces its agent icons reach (agent_cards) as one number
        (space_bits), for every card with agent icons, made once per content."""
        table = self._by_kind.get("card_bits")
        if table is None:
            bits = self.space_bits()
            table = self._by_kind["card_bits"] = {k: sum(bits[s] for s in info[5])
                                                  for k, info in self.agent_cards().items() if info is not None}
        return table

    def place_options(self) -> dict:
        """card id -> {spaces as a number (space_bits) -> the options ("place",
        card, space) for those spaces in board order} for every card with agent
        icons, each filled as menus ask: a card's options for the spaces open to
        it, made once per content, not in every menu."""
        table = self._by_kind.get("place_options")
        if table is None:
            table = self._by_kind["place_options"] = {k: {} for k in self.card_bits()}
        return table

    def options_for(self, card: str, spaces: tuple, room: int) -> tuple:
        """place_options' entry for a card (`spaces`: its icons' spaces in board
        order) and the spaces open to it (`room`, space_bits), made now; each option
        made once per content and shared by every entry holding it, so that the
        table stays small however many games fill it."""
        key = ("place_atoms", card)
        atoms = self._by_kind.get(key)
        if atoms is None:
            atoms = self._by_kind[key] = {s: ("place", card, s) for s in spaces}
        bits = self.space_bits()
        return tuple(atoms[s] for s in spaces if bits[s] & room)

    def copies_of(self, kind: str, level=None) -> tuple:
        """Every copy of the definitions of a kind (of one conflict level), by id: a
        deck before it is shuffled, the same for every game of this content."""
        key = ("copies", kind, level)
        pile = self._by_kind.get(key)
        if pile is None:
            sold = self.market_cards()  # a market's cards are its own deck, not this kind's
            pile = self._by_kind[key] = tuple(m["id"] for m in sorted(self.of_kind(kind), key=lambda m: m["id"])
                                              if (level is None or m["level"] == level) and m["id"] not in sold
                                              for _ in range(m["copies"]))
        return pile

    def of_kind(self, kind: str) -> list:
        if kind not in self._by_kind:
            self._by_kind[kind] = [m for m in self.defs.values() if m["kind"] == kind]
        return self._by_kind[kind]

    def effect(self, ident: str, box: str) -> Callable | None:
        return self.effects.get((ident, box))


_PLAIN = ("solari", "spice", "water")


def modified_costs(costs, icon: str, mods) -> tuple:
    """A space's resource costs changed by a leader's `space_cost` modifiers for
    spaces of its icon; a cost brought to 0 or below is dropped."""
    if not mods or not costs:
        return costs
    out = []
    for c in costs:
        if c[0] != "res":
            out.append(c)
            continue
        n = c[2]
        for m in mods:
            if m[0] == "space_cost" and m[1] == icon and m[2] == c[1]:
                n += m[3]
        if n > 0:
            out.append((c[0], c[1], n))
    return tuple(out)


def _plain_costs(costs):
    """A space cost in plain resources as the (solari, spice, water) it needs, ()
    when it costs nothing, or None when it asks for anything else (then the
    general cost rule decides)."""
    if not costs:
        return ()
    if all(c[0] == "res" and c[1] in _PLAIN for c in costs):
        return tuple(sum(c[2] for c in costs if c[1] == res) for res in _PLAIN)
    return None
