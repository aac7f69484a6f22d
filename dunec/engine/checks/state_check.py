"""Checking a game state read from outside (`Game.from_json`): types, ranges, known
names, seat indexes, card conservation and the game's invariants, before the
engine plays a single step of it. A state the engine wrote always passes; any
other is refused with a `StateError` (a ValueError) naming the field:
`state.players[1].spice: expected an integer of 0 or more, got -3`.

Everything is read from the content the state plays (its definitions and the
names its sets declare): nothing here names a set or a card."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import fields

from dunec.check.tables import FACTIONS, ICONS, starting_deck
from dunec.engine.rules import battle_icons as rules_battle_icons
from dunec.engine.rules.aside import AWAY, BACK
from dunec.engine.rules.watchers import EVENTS as WATCH_EVENTS
from dunec.engine.checks import invariants
from dunec.engine.checks.frames import DECK_KINDS
from dunec.engine.rivals.play import CHURN
from dunec.engine.loop.state import GameState, Player

MODES = ("standard", "solo", "duo")
DIFFICULTIES = ("", "novice", "veteran", "expert")
PHASES = ("setup", "rounds", "over")
TURN_KINDS = ("", "agent", "reveal", "combat", "endgame")
MAX_ROUNDS = 10
MAX_AGENTS = 3  # two, a third with the Swordmaster (rivals' third agent included)
BIG = 10 ** 6  # an amount no game reaches: a bound that keeps arithmetic sane


class StateError(ValueError):
    """A state that cannot be played; the message names the field and the problem."""


def _show(v) -> str:
    try:
        text = json.dumps(v)
    except (TypeError, ValueError):
        text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(v) -> bool:
    return type(v) is int


class _Reader:
    """The checks of one state against one content; `fail` raises at the first problem."""

    def __init__(self, content, data: dict):
        self.content, self.defs, self.data = content, content.defs, data
        self.n = 0  # players, once read
        self.piece_at: dict = {}  # (seat, location) -> the seat's piece on it (pieces())

    # ------------------------------------------------------------------ primitives
    def fail(self, where: str, what: str):
        raise StateError(f"state.{where}: {what}")

    def int(self, where: str, v, lo: int = 0, hi: int = BIG) -> int:
        if not _is_int(v) or not lo <= v <= hi:
            rng = f"from {lo} to {hi}" if hi < BIG else f"of {lo} or more"
            self.fail(where, f"expected an integer {rng}, got {_show(v)}")
        return v

    def bool(self, where: str, v) -> None:
        if type(v) is not bool:
            self.fail(where, f"expected true or false, got {_show(v)}")

    def str(self, where: str, v) -> str:
        if not isinstance(v, str):
            self.fail(where, f"expected a string, got {_show(v)}")
        return v

    def one_of(self, where: str, v, choices) -> None:
        if not isinstance(v, str) or v not in choices:
            shown = ", ".join(c or '""' for c in choices)
            self.fail(where, f"expected one of {shown}, got {_show(v)}")

    def list(self, where: str, v) -> list:
        if not isinstance(v, list):
            self.fail(where, f"expected a list, got {_show(v)}")
        return v

    def dict(self, where: str, v) -> dict:
        if not isinstance(v, dict):
            self.fail(where, f"expected an object, got {_show(v)}")
        return v

    def seat(self, where: str, v, none: bool = False) -> None:
        if v is None and none:
            return
        if not _is_int(v) or not 0 <= v < self.n:
            self.fail(where, f"expected a seat from 0 to {self.n - 1}, got {_show(v)}")

    def ident(self, where: str, v, kinds) -> str:
        """A definition id of one of the kinds."""
        if not kinds:
            self.fail(where, f"this game has none (got {_show(v)})")
        if not isinstance(v, str) or v not in self.defs or (self.defs[v]["kind"] not in kinds and
                                                            self.defs[v].get("like") not in kinds):
            # (a kind a set derives, such as a Tleilaxu card, is checked as its core kind)
            self.fail(where, f"expected the id of a {' or '.join(kinds)} of this game, got {_show(v)}")
        return v

    def ids(self, where: str, v, kinds) -> list:
        for i, x in enumerate(self.list(where, v)):
            self.ident(f"{where}[{i}]", x, kinds)
        return v

    def keys(self, where: str, v, want, what: str) -> dict:
        """An object whose keys are exactly `want`."""
        self.dict(where, v)
        if set(v) != set(want):
            extra, missing = sorted(set(v) - set(want)), sorted(set(want) - set(v))
            self.fail(where, f"expected the {what} {', '.join(want) or '(none)'}"
                      + (f"; unknown: {', '.join(map(str, extra))}" if extra else "")
                      + (f"; missing: {', '.join(missing)}" if missing else ""))
        return v

    def fields_of(self, where: str, v, cls) -> dict:
        names = [f.name for f in fields(cls)]
        return self.keys(where, v, names, "fields")

    # ------------------------------------------------------------------ the whole state
    def run(self) -> None:
        d = self.fields_of("", self.data, GameState) if isinstance(self.data, dict) else \
            self.fail("", f"expected an object, got {_show(self.data)}")
        self.int("seed", d["seed"], -(1 << 64), 1 << 64)
        self.int("rng_state", d["rng_state"], 0, (1 << 64) - 1)
        players = self.list("players", d["players"])
        self.n = self.int("n_players", d["n_players"], 1, 4)
        if len(players) != self.n:
            self.fail("players", f"{len(players)} players for n_players {self.n}")
        self.one_of("mode", d["mode"], MODES)
        self.one_of("difficulty", d["difficulty"], DIFFICULTIES)
        self.one_of("churn", d["churn"], tuple(CHURN))
        self.bool("epic", d["epic"])
        for i, p in enumerate(players):
            self.player(f"players[{i}]", i, p)
        self.mode(d)
        self.board(d)
        self.agents(d)
        self.cards(d)
        self.tiles(d)
        self.track_firsts(d)
        self.flags(d)
        self.progress(d)
        self.continuation(d)

    def mode(self, d) -> None:
        rivals = [p["rival"] for p in d["players"]]
        humans = rivals.count(False)
        want = {"standard": (self.n, 3), "solo": (1, 1), "duo": (2, 2)}[d["mode"]]
        if humans != want[0] or (d["mode"] == "standard" and self.n < want[1]):
            self.fail("mode", f"{d['mode']} game with {humans} people among {self.n} seats")
        if (d["mode"] == "solo") != bool(d["difficulty"]):
            self.fail("difficulty", f"{_show(d['difficulty'])} in a {d['mode']} game "
                      "(a difficulty is the solo game's and only its)")
        for i, p in enumerate(d["players"]):
            if not p["leader"] and not (p["rival"] and d["mode"] == "duo"):
                self.fail(f"players[{i}].leader", "only the two-player rival has no leader")
        self.ids("hagal_deck", d["hagal_deck"], ("hagal",))
        self.ids("hagal_discard", d["hagal_discard"], ("hagal",))
        self.int("rival_agent_cards", d["rival_agent_cards"], 0, MAX_ROUNDS)

    # ------------------------------------------------------------------ a player
    def player(self, w: str, seat: int, p) -> None:
        self.fields_of(w, p, Player)
        if p["seat"] != seat or not _is_int(p["seat"]):
            self.fail(f"{w}.seat", f"expected {seat} (the player's place in the list), got {_show(p['seat'])}")
        self.str(f"{w}.leader", p["leader"])
        if p["leader"]:
            self.ident(f"{w}.leader", p["leader"], ("leader",))
        self.str(f"{w}.policy", p["policy"])
        for name in ("solari", "spice", "water", "vp", "persuasion", "swords", "garrison", "conflict", "supply",
                     "recruited", "deployed_turn"):
            self.int(f"{w}.{name}", p[name])
        self.int(f"{w}.agents", p["agents"], 0, MAX_AGENTS)
        self.int(f"{w}.agents_left", p["agents_left"], 0, MAX_AGENTS + 1)
        for name in ("swordmaster", "seat_on_council", "has_mentat", "once_used", "revealed_turn", "acquire_to_top",
                     "infiltrate", "may_pass", "rival", "extra_turn"):
            self.bool(f"{w}.{name}", p[name])
        for src, n in self.dict(f"{w}.vp_ledger", p["vp_ledger"]).items():
            self.int(f"{w}.vp_ledger.{src}", n, -BIG)
        self.keys(f"{w}.influence", p["influence"], FACTIONS, "factions")
        for f in FACTIONS:
            self.int(f"{w}.influence.{f}", p["influence"][f], 0, 6)
        for name in ("four_bonus", "secret", "snoopers"):
            for i, f in enumerate(self.list(f"{w}.{name}", p[name])):
                self.one_of(f"{w}.{name}[{i}]", f, FACTIONS)
        for pile in ("deck", "hand", "discard", "played", "revealed", "manipulated"):
            self.ids(f"{w}.{pile}", p[pile], self.deck_kinds())
        # the player's trash: the Imperium cards and the Intrigue cards they trashed (rules/intrigue.py)
        self.ids(f"{w}.trashed", p["trashed"], self.deck_kinds() + ("intrigue",))
        self.ids(f"{w}.returning", p["returning"], DECK_KINDS)
        for i, c in enumerate(p["returning"]):  # back to the hand at the Reveal: in play till then, or trashed
            if c not in p["played"] and c not in p["trashed"]:
                self.fail(f"{w}.returning[{i}]", f"{c} is to return to the hand but is neither in play nor trashed")
        self.ids(f"{w}.borrowed", p["borrowed"], DECK_KINDS)
        for i, c in enumerate(p["borrowed"]):  # in play, or trashed already (a card from play, a cost)
            if c not in p["played"] and c not in p["trashed"]:
                self.fail(f"{w}.borrowed[{i}]", f"{c}, grafted from the Imperium Row, is neither in play nor trashed")
        self.ids(f"{w}.intrigue", p["intrigue"], ("intrigue",))
        for card, n in self.dict(f"{w}.discounts", p["discounts"]).items():
            self.ident(f"{w}.discounts", card, DECK_KINDS)
            self.int(f"{w}.discounts.{card}", n)
        for i, icon in enumerate(self.list(f"{w}.extra_icons", p["extra_icons"])):
            self.one_of(f"{w}.extra_icons[{i}]", icon, ICONS)
        self.ids(f"{w}.visited", p["visited"], ("space",))
        self.grafted(f"{w}.grafted", p)
        self.aside(f"{w}.aside", p)
        self.watching(f"{w}.watching", p)
        self.declared(w, p)

    def agents(self, d) -> None:
        """Every agent a player owns (and the Mentat it holds) is on the board or still to place."""
        for i, p in enumerate(d["players"]):
            placed = sum(1 for s in d["occupied"].values() if s == i) + sum(1 for _, s in d["infiltrators"] if s == i)
            if p["agents_left"] + placed != p["agents"] + p["has_mentat"]:
                self.fail(f"players[{i}].agents_left", f"{p['agents_left']} to place and {placed} on the board, "
                          f"for {p['agents']} agents{' and the Mentat' if p['has_mentat'] else ''}")

    def grafted(self, w: str, p) -> None:
        """Graft (rules/graft.py): [] or the two cards of the agent turn under way, one
        of them a graft card, each in play or trashed by the other."""
        g = self.list(w, p["grafted"])
        if not g:
            return
        if len(g) != 2:
            self.fail(w, f"expected [] or [card, the card grafted to it], got {_show(g)}")
        self.ids(w, g, DECK_KINDS)
        if not any(self.defs[c].get("graft") for c in g):
            self.fail(w, f"neither {g[0]} nor {g[1]} is a graft card")
        for i, c in enumerate(g):
            if c not in p["played"] and c not in p["trashed"]:
                self.fail(f"{w}[{i}]", f"{c} is grafted but neither in play nor trashed")

    def aside(self, w: str, p) -> None:
        a = self.list(w, p["aside"])
        if not a:
            return
        if len(a) != 4:
            self.fail(w, f"expected [] or [card, box reference, context, stage], got {_show(a)}")
        self.ident(f"{w}[0]", a[0], DECK_KINDS)
        self.ref(f"{w}[1]", a[1])
        self.ctx(f"{w}[2]", a[2])
        self.int(f"{w}[3]", a[3], AWAY, BACK)

    def watching(self, w: str, p) -> None:
        """The rules set for the rest of the round (rules/watchers.py): [event, body
        reference, context] each."""
        for i, x in enumerate(self.list(w, p["watching"])):
            if not isinstance(x, list) or len(x) != 3:
                self.fail(f"{w}[{i}]", f"expected [event, box reference, context], got {_show(x)}")
            self.one_of(f"{w}[{i}][0]", x[0], WATCH_EVENTS)
            self.ref(f"{w}[{i}][1]", x[1])
            self.ctx(f"{w}[{i}][2]", x[2])

    def declared(self, w: str, p) -> None:
        """A set's counters, unit kinds and tracks: exactly those the game's sets declare."""
        from dunec.engine.loop.setup import _OWN

        counters = [c for c in self.content.declared("counter") if c not in _OWN]
        units = {u: m for u, m in self.content.declared("unit").items() if u not in _OWN}
        # a leader's track (`leader ID`): only its player has a token (rules/tracks.py owns)
        lead = p.get("leader") or ""
        faces = (lead, self.content.defs[lead].get("side_of")) if lead in self.content.defs else ()
        tracks = {t: m for t, m in self.content.declared("track").items() if not m.get("leader") or m["leader"] in faces}
        self.keys(f"{w}.counters", p["counters"], counters, "counters")
        for c in counters:
            self.int(f"{w}.counters.{c}", p["counters"][c])
        self.keys(f"{w}.units", p["units"], list(units), "unit kinds")
        for u in units:
            fields = ("strength", "supply", "garrison", "conflict")
            fields += ("deployed",) if "deployed" in p["units"][u] else ()  # this turn's, once any (rules_units)
            held = self.keys(f"{w}.units.{u}", p["units"][u], fields, "fields")
            for k in held:
                self.int(f"{w}.units.{u}.{k}", held[k], 0, units[u]["supply"] if k != "strength" else BIG)
        self.keys(f"{w}.tracks", p["tracks"], list(tracks), "tracks")
        for t, m in tracks.items():
            if "cells" in m:  # a graph: the token on one of its cells, all reachable from the start
                self.one_of(f"{w}.tracks.{t}", p["tracks"][t], tuple(m["cells"]))
            else:
                self.int(f"{w}.tracks.{t}", p["tracks"][t], 0, m["steps"])
        for u, n in self.dict(f"{w}.recruited_units", p["recruited_units"]).items():
            if u not in units:
                self.fail(f"{w}.recruited_units", f"{_show(u)} is not a unit kind of this game")
            self.int(f"{w}.recruited_units.{u}", n)
        counted = tuple(self.content.declared("counter"))
        for c, n in self.dict(f"{w}.gained", p["gained"]).items():
            self.one_of(f"{w}.gained", c, counted)
            self.int(f"{w}.gained.{c}", n, 1)
        self.supply_cards(w, p)
        tokens = self.content.declared("token")
        for i, t in enumerate(self.list(f"{w}.tokens", p["tokens"])):
            self.one_of(f"{w}.tokens[{i}]", t, tuple(tokens))
        if len(set(p["tokens"])) != len(p["tokens"]):
            self.fail(f"{w}.tokens", f"a token held twice: {_show(p['tokens'])} (each player has one of each)")
        self.ids(f"{w}.tiles", p["tiles"], self.tile_kinds())
        self.ids(f"{w}.flipped", p["flipped"], self.tile_kinds())
        self.pieces(w, p)

    def pieces(self, w: str, p) -> None:
        """A set's pieces (rules/pieces.py): exactly those the sets declare, each
        {supply, on, recalled}: the supply and the locations (of the piece's kind) add up
        to the declared supply; a location holds one piece of each player at most (a piece
        placed `shared` stands beside another player's); recalled: this turn's recalls."""
        from dunec.engine.rules import pieces as rules_pieces

        declared = rules_pieces.declared(self.content)
        held = self.keys(f"{w}.pieces", p.get("pieces", {}), list(declared), "pieces")
        for piece, h in held.items():
            h = self.keys(f"{w}.pieces.{piece}", h, ("supply", "on", "recalled"), "fields")
            n = declared[piece]["supply"]
            self.int(f"{w}.pieces.{piece}.recalled", h["recalled"], 0)
            supply = self.int(f"{w}.pieces.{piece}.supply", h["supply"], 0, n)
            on = self.list(f"{w}.pieces.{piece}.on", h["on"])
            for i, loc in enumerate(on):
                self.one_of(f"{w}.pieces.{piece}.on[{i}]", loc, rules_pieces.locations(self.content, piece))
                if (w, loc) in self.piece_at:
                    self.fail(f"{w}.pieces.{piece}.on[{i}]", f"{_show(loc)} already holds {self.piece_at[w, loc]}")
                self.piece_at[w, loc] = f"{w}'s {piece}"
            if supply + len(on) != n:
                self.fail(f"{w}.pieces.{piece}", f"supply {supply} + {len(on)} on the board != {n}")

    def track_firsts(self, d) -> None:
        """The `first K` boxes still on the lines (a graph's `first CELL` on its cells):
        each a declared one, listed once."""
        tracks = self.content.declared("track")
        for t, steps in self.dict("track_firsts", d["track_firsts"]).items():
            self.one_of("track_firsts", t, tuple(n for n, m in tracks.items() if m.get("firsts")))
            left = self.list(f"track_firsts.{t}", steps)
            for i, n in enumerate(left):
                if "cells" in tracks[t]:
                    self.one_of(f"track_firsts.{t}[{i}]", n, tracks[t]["firsts"])
                elif self.int(f"track_firsts.{t}[{i}]", n, 1, tracks[t]["steps"]) not in tracks[t]["firsts"]:
                    self.fail(f"track_firsts.{t}[{i}]", f"step {n} has no `first` box")
            if len(set(left)) != len(left):
                self.fail(f"track_firsts.{t}", f"a step listed twice: {_show(left)}")

    def flags(self, d) -> None:
        """The board-held flags: exactly the game's sets' flags, each up (true) or
        cleared (false) (rules/flags.py)."""
        flags = self.keys("flags", d["flags"], sorted(self.content.declared("flag")), "flags of this game's sets")
        for f, up in flags.items():
            self.bool(f"flags.{f}", up)

    def tile_kinds(self) -> tuple:
        """The kinds of tiles the game's markets sell (none: a game without them holds no tiles)."""
        return tuple(sorted({m["sells"] for m in self.content.declared("market").values() if not m.get("to")}))

    def deck_kinds(self) -> tuple:
        """The kinds of cards a player's piles hold: the core's and those a market of cards sells."""
        return DECK_KINDS + tuple(sorted({m["sells"] for m in self.content.declared("market").values()
                                          if m.get("to") and m["sells"] not in DECK_KINDS}))

    # ------------------------------------------------------------------ the board
    def board(self, d) -> None:
        spaces = ("space",)
        for name in ("occupied", "blocked"):
            for sp, seat in self.dict(name, d[name]).items():
                self.ident(name, sp, spaces)
                self.seat(f"{name}.{sp}", seat)
        for i, s in enumerate(self.list("combat_intrigue", d["combat_intrigue"])):
            self.seat(f"combat_intrigue[{i}]", s)
        for i, a in enumerate(self.list("infiltrators", d["infiltrators"])):
            if not isinstance(a, list) or len(a) != 2:
                self.fail(f"infiltrators[{i}]", f"expected [space, seat], got {_show(a)}")
            self.ident(f"infiltrators[{i}][0]", a[0], spaces)
            self.seat(f"infiltrators[{i}][1]", a[1])
        self.bool("mentat_on_board", d["mentat_on_board"])
        self.seat("mentat_next_round", d["mentat_next_round"], none=True)
        makers = sorted(m["id"] for m in self.content.of_kind("space") if m.get("maker"))
        self.keys("maker_spice", d["maker_spice"], makers, "maker spaces")
        for sp in makers:
            self.int(f"maker_spice.{sp}", d["maker_spice"][sp])
        for loc, seat in self.dict("control", d["control"]).items():
            self.one_of("control", loc, tuple(self.content.declared("location")))
            self.seat(f"control.{loc}", seat)
        for loc, held in self.dict("placed", d["placed"]).items():
            self.one_of("placed", loc, tuple(self.content.declared("location")))
            if not isinstance(held, list) or len(held) != 2:
                self.fail(f"placed.{loc}", f"expected [seat, unit kind], got {_show(held)}")
            self.seat(f"placed.{loc}[0]", held[0])
            if held[1] not in d["players"][held[0]]["units"]:
                self.fail(f"placed.{loc}[1]", f"{_show(held[1])} is not a unit kind of this game")
        self.keys("alliances", d["alliances"], FACTIONS, "factions")
        for f in FACTIONS:
            self.seat(f"alliances.{f}", d["alliances"][f], none=True)
        from dunec.engine.checks.frames import check_costs

        for sp, costs in self.dict("cost_overrides", d["cost_overrides"]).items():
            self.ident("cost_overrides", sp, spaces)
            check_costs(self, f"cost_overrides.{sp}", costs)

    def supply_cards(self, w: str, p) -> None:
        """The cards in a player's supply (rules/battle_icons.py): entries [card, face up];
        at most one objective; a conflict won carries a tag; face-down cards come in
        pairs (a matched pair flips together)."""
        down = 0
        for name, kinds in (("objectives", ("objective",)), ("won", ("conflict",))):
            for i, x in enumerate(self.list(f"{w}.{name}", p[name])):
                if not isinstance(x, list) or len(x) != 2:
                    self.fail(f"{w}.{name}[{i}]", f"expected [card, face up], got {_show(x)}")
                self.ident(f"{w}.{name}[{i}][0]", x[0], kinds)
                self.bool(f"{w}.{name}[{i}][1]", x[1])
                down += not x[1]
                if name == "won" and not rules_battle_icons.carries(self.content, x[0]):
                    self.fail(f"{w}.won[{i}]", f"{x[0]} carries no tag: nobody takes it into their supply")
        if len(p["objectives"]) > 1:
            self.fail(f"{w}.objectives", f"{len(p['objectives'])} objective cards (one each)")
        paid = self.ids(f"{w}.flipped_paid", p["flipped_paid"], ("conflict",))
        face_down = [x[0] for x in p["won"] if isinstance(x, list) and x and not x[-1]]
        for i, c in enumerate(paid):
            if paid.count(c) > face_down.count(c):
                self.fail(f"{w}.flipped_paid[{i}]", f"{c} is flipped as a cost but is no face-down conflict card won")
        down -= len(paid)
        if down % 2:
            self.fail(f"{w}.won", f"{down} cards face down in pairs: a matched pair flips two")

    # ------------------------------------------------------------------ cards
    def cards(self, d) -> None:
        """Every card is in one place: the Imperium cards, reserve piles, starting
        decks and intrigue cards each as many times as the game has copies of them."""
        conflicts = self.ids("conflict_deck", d["conflict_deck"], ("conflict",)) + \
            self.ids("conflicts_done", d["conflicts_done"], ("conflict",)) + _won(d)
        if d["conflict"] is not None:
            self.ident("conflict", d["conflict"], ("conflict",))
            if d["conflict"] not in d["conflicts_done"][-1:]:  # after its combat it is done, still shown
                conflicts = conflicts + [d["conflict"]]
        for c, n in Counter(conflicts).items():
            if n > self.defs[c]["copies"]:
                self.fail("conflict_deck", f"the conflict {c} is in the game {n} times")
        self.conflicts(d)
        dealt = [x[0] for p in d["players"] for x in p["objectives"] if isinstance(x, list) and x]
        for c, n in Counter(dealt).items():
            if n > self.defs[c]["copies"]:
                self.fail("players", f"the objective {c} is dealt {n} times")
        for name in ("imperium_deck", "imperium_row", "imperium_trash"):
            self.ids(name, d[name], DECK_KINDS)
        if len(d["imperium_row"]) > 5:
            self.fail("imperium_row", f"{len(d['imperium_row'])} cards (the row holds 5)")
        sold = self.content.market_cards()  # dealt by their market, not the reserve
        reserve = {m["id"]: m["copies"] for m in self.content.of_kind("reserve") if m["id"] not in sold}
        self.keys("reserve", d["reserve"], sorted(reserve), "reserve piles")
        for c, most in reserve.items():
            self.int(f"reserve.{c}", d["reserve"][c], 0, most)
        self.ids("intrigue_deck", d["intrigue_deck"], ("intrigue",))
        self.ids("intrigue_discard", d["intrigue_discard"], ("intrigue",))
        self.conserved(d, reserve)

    def conflicts(self, d) -> None:
        """One conflict a round: before round 1 all ten in the deck; in round r,
        10 - r left, r - 1 done and one revealed, which joins the done ones at its
        combat (and leaves the board once the round ends)."""
        r, done, deck, shown = d["round"], len(d["conflicts_done"]) + len(_won(d)), len(d["conflict_deck"]), d["conflict"]
        self.int("round", r, 0, MAX_ROUNDS)
        resolved = r > 0 and (shown is None or shown in d["conflicts_done"][-1:])
        if done != max(0, r - 1) + resolved or deck != MAX_ROUNDS - r or (r == 0 and shown is not None):
            self.fail("conflict_deck", f"{deck} conflicts left, {done} done"
                      f"{'' if shown is None else ' and ' + shown + ' revealed'} in round {r} "
                      f"(round r has r - 1 done, one revealed and {MAX_ROUNDS} - r left)")

    def conserved(self, d, reserve: dict) -> None:
        where = Counter(d["imperium_deck"] + d["imperium_row"] + d["imperium_trash"])
        intrigue = Counter(d["intrigue_deck"] + d["intrigue_discard"])
        for p in d["players"]:
            for pile in ("deck", "hand", "discard", "played", "revealed", "manipulated"):
                where.update(p[pile])
            for c in p["trashed"]:  # a trashed Intrigue card stays an Intrigue card of the game
                (intrigue if self.defs[c]["kind"] == "intrigue" else where).update([c])
            if isinstance(p["aside"], list) and len(p["aside"]) == 4 and p["aside"][3] != BACK:
                where.update(p["aside"][:1])  # out of the hand until it comes back (rules/aside.py)
            intrigue.update(p["intrigue"])
        for f in d["stack"] if isinstance(d["stack"], list) else ():
            if isinstance(f, dict) and f.get("do") == "received":  # a card on its way to a player
                where.update([f.get("card")])
        want = Counter(self.content.copies_of("card"))
        markets = self.content.declared("market")
        for c, market in self.content.market_cards().items():  # a market of cards' deck and slots
            if markets[market].get("to") and c != markets[market].get("keeps"):
                want[c] += self.defs[c]["copies"]
        decks, slots = d["market_decks"], d["market_slots"]
        for m in decks if isinstance(decks, dict) and isinstance(slots, dict) else ():
            where.update(list(decks[m]) + list(slots.get(m, [])))
        for c, most in reserve.items():
            want[c] += most - d["reserve"][c]
        people = sum(1 for p in d["players"] if not p["rival"])
        if starting_deck(self.content.of_kind("deck")) is not None:  # each person's starting cards
            from dunec.engine.loop.setup import SetupError, starting_cards

            try:
                deck, discard = starting_cards(self.content, d["epic"])
            except SetupError as e:
                self.fail("epic", f"{_show(d['epic'])}, but {e}")
            for c in deck + discard:
                want[c] += people
        self.same("cards", where, want)
        self.same("intrigue cards", intrigue, Counter(self.content.copies_of("intrigue")))

    def same(self, what: str, got: Counter, want: Counter) -> None:
        if got != want:
            more, fewer = sorted((got - want).elements()), sorted((want - got).elements())
            self.fail(what, "not conserved:" + (f" more than the game has: {', '.join(more)}" if more else "")
                      + (f"; missing: {', '.join(fewer)}" if fewer else ""))

    def tiles(self, d) -> None:
        markets = self.content.declared("market")
        slotted = sorted(m for m in markets if markets[m].get("slots"))
        self.keys("market_decks", d["market_decks"], slotted, "slot markets")
        self.keys("market_slots", d["market_slots"], slotted, "slot markets")
        for m in slotted:
            self.ids(f"market_decks.{m}", d["market_decks"][m], (markets[m]["sells"],))
            up = self.ids(f"market_slots.{m}", d["market_slots"][m], (markets[m]["sells"],))
            if len(up) > markets[m]["slots"] or (len(up) < markets[m]["slots"] and d["market_decks"][m]):
                self.fail(f"market_slots.{m}", f"{len(up)} entries face up with {len(d['market_decks'][m])} "
                          f"in the deck (the market shows {markets[m]['slots']}, refilled at once)")
        markets = {m: t for m, t in markets.items() if not t.get("slots")}
        self.keys("markets", d["markets"], sorted(markets), "markets")
        for m, stacks in d["markets"].items():
            if len(self.list(f"markets.{m}", stacks)) != markets[m]["stacks"]:
                self.fail(f"markets.{m}", f"{len(stacks)} stacks (the market has {markets[m]['stacks']})")
            for i, s in enumerate(stacks):
                self.ids(f"markets.{m}[{i}]", s, (markets[m]["sells"],))
        self.ids("tiles_trashed", d["tiles_trashed"], self.tile_kinds())

    # ------------------------------------------------------------------ progress
    def progress(self, d) -> None:
        self.int("round", d["round"], 0, MAX_ROUNDS)
        self.seat("first_player", d["first_player"])
        self.one_of("phase", d["phase"], PHASES)
        self.seat("turn_seat", d["turn_seat"], none=True)
        self.one_of("turn_kind", d["turn_kind"], TURN_KINDS)
        self.bool("finished", d["finished"])
        if d["finished"] != (d["phase"] == "over"):
            self.fail("finished", f"{_show(d['finished'])} in the phase {d['phase']}")
        for i, s in enumerate(self.list("standings", d["standings"])):
            self.dict(f"standings[{i}]", s)
            self.seat(f"standings[{i}].seat", s.get("seat"))
            self.int(f"standings[{i}].rank", s.get("rank"), 1, self.n)
        for i, x in enumerate(self.list("decisions", d["decisions"])):
            self.int(f"decisions[{i}]", x)
        for i, line in enumerate(self.list("log", d["log"])):
            self.str(f"log[{i}]", line)

    # ------------------------------------------------------------------ the continuation
    def continuation(self, d) -> None:
        from dunec.engine.checks.frames import check_frame, check_pending

        for i, f in enumerate(self.list("stack", d["stack"])):
            check_frame(self, f"stack[{i}]", f)
        if d["pending"] is not None:
            check_pending(self, "pending", d["pending"], d["stack"])
        elif d["phase"] != "over" and d["stack"]:
            self.fail("pending", "null while the game is not over (it must wait on a decision)")
        if d["phase"] == "over" and (d["pending"] is not None or d["stack"]):
            self.fail("phase", "over, but steps or a decision are left")

    def ref(self, where: str, ref) -> None:
        """A box reference: [definition, box, [op index, which]...] naming ops that exist."""
        from dunec.engine.effects.interpreter import resolve

        if not isinstance(ref, list) or len(ref) < 2 or not all(isinstance(x, str) for x in ref[:2]) or \
                (ref[0], ref[1]) not in self.content.programs:
            self.fail(where, f"expected a reference to a box that asks, got {_show(ref)}")
        seq = self.content.programs[(ref[0], ref[1])]
        for step in ref[2:]:
            if not (isinstance(step, list) and len(step) == 2 and all(_is_int(x) for x in step)
                    and 0 <= step[0] < len(seq)):
                self.fail(where, f"{_show(step)} is not a place in the box {ref[0]} {ref[1]}")
            op = seq[step[0]]
            inner = op.body if step[1] < 0 else (op.alts[step[1]] if step[1] < len(op.alts or ()) else None)
            if inner is None:
                self.fail(where, f"{_show(step)} is not a place in the box {ref[0]} {ref[1]}")
            seq = inner
        resolve(self.content, ref)

    def ctx(self, where: str, c) -> None:
        """An effect context as plain data (context.Ctx.data)."""
        self.dict(where, c)
        self.keys(where, {"before": None, "discarded": [], "acquired": None, **c},
                  ("seat", "owner", "card", "space", "box", "forced", "before", "discarded", "acquired"),
                  "fields")  # without "before" the troops are counted when the box runs
        self.seat(f"{where}.seat", c["seat"])
        self.seat(f"{where}.owner", c["owner"])
        for name in ("card", "space"):
            if c[name] is not None and c[name] not in self.defs:
                self.fail(f"{where}.{name}", f"{_show(c[name])} is not a definition of this game")
        if c["box"] is not None:
            self.str(f"{where}.box", c["box"])
        self.bool(f"{where}.forced", c["forced"])
        if c.get("before") is not None:
            self.int(f"{where}.before", c["before"])
        if "discarded" in c:  # the cards a discard discarded, read in its body (context.Ctx)
            self.ids(f"{where}.discarded", c["discarded"], DECK_KINDS)
        if c.get("acquired") is not None:  # the card an acquisition that runs this body acquired
            self.ids(f"{where}.acquired", [c["acquired"]], DECK_KINDS)


def check(content, data) -> None:
    """Raise StateError unless `data` (a state as plain JSON data) can be played
    with `content`; then the game's invariants must hold too."""
    r = _Reader(content, data)
    try:
        r.run()
    except StateError:
        raise
    except (KeyError, IndexError, TypeError, AttributeError) as e:  # a shape the checks above did not foresee
        raise StateError(f"state: malformed ({type(e).__name__}: {e})") from None


def read(content, data) -> GameState:
    """A GameState from checked plain data; its invariants are checked too (as the
    test suite does after every decision), unless it waits in the middle of a rule
    step that leaves them broken until it finishes."""
    from dunec.engine.loop.game import Engine

    check(content, data)
    state = GameState.from_json(json.dumps(data))
    if not any(f.get("unfinished") for f in state.stack):
        try:
            invariants.check(Engine(content, state))
        except invariants.InvariantError as e:
            raise StateError(f"state: {e}") from None
    return state


def _won(d) -> list:
    """The conflict cards the players took into their supply (rules/battle_icons.py)."""
    return [x[0] for p in d["players"] for x in p["won"] if isinstance(x, list) and x]
