"""A game started from a given position (api.Game.from_position): plain data in
the vocabulary of a card test's `given { }` (dunec/check/cardtests.py), per seat,
plus the board.

    {"round": 3, "conflict": "secure_imperial_basin", "first_player": 1,
     "control": {"arrakeen": 0}, "placed": {"carthag": [1, "dreadnought"]},
     "markets": {"tech_tiles": ["holtzman_engine", "spy_satellites", "trade_shuttles"]},
     "flags": {"shield_wall": false},
     "seats": [{"spice": 4, "troops": 5, "conflict": {"troops": 2, "dreadnought": 1},
                "influence": {"fremen": 4}, "alliances": ["fremen"], "hand": ["dagger", "chani"],
                "tiles": ["minimic_film"], "shipping": 2, "negotiators": 1}, {}]}

Every change goes through the rule that keeps its books: influence through the
influence rule (its VP, alliances, the 4-Influence bonus), troops and units
through the supply, cards taken from where the game keeps them, tiles out of
their market's stacks, so the result is a state the engine could have reached,
checked like any state read from outside (state_check.py). The game then waits
on the first decision of the round's player turns, after round start.
"""
from __future__ import annotations

import json

from dunec.check.cardtests import GIVEN_AMOUNTS
from dunec.check.tables import FACTIONS
from dunec.engine.rivals import play as rivals
from dunec.engine.rules import (
    agents as rules_agents,
    cards as rules_cards,
    market as rules_market,
    pieces as rules_pieces,
    resources as rules_resources,
    snoopers as rules_snoopers,
    summons as rules_summons,
    tracks as rules_tracks,
    units as rules_units,
)
from dunec.engine.players import seats
from dunec.engine.loop.setup import HAND_SIZE, _OWN
from dunec.engine.checks.state_check import MAX_ROUNDS as ROUNDS
PILES = ("hand", "deck", "discard", "intrigue")  # given { }'s piles (deck: top last)
SEAT_WORDS = GIVEN_AMOUNTS + PILES + ("influence", "conflict", "alliances", "tiles", "leader", "swordmaster",
                                      "seat_on_council", "tokens")
BOARD_WORDS = ("round", "conflict", "first_player", "control", "placed", "markets", "flags", "seats")


class PositionError(ValueError):
    """A position that cannot be set up; the message names the field."""


def _fail(where: str, what: str):
    raise PositionError(f"position.{where}: {what}")


def _count(where: str, v, hi: int = 10 ** 6) -> int:
    if type(v) is not int or not 0 <= v <= hi:
        _fail(where, f"expected an integer from 0 to {hi}, got {json.dumps(v)[:40]}")
    return v


def _known(where: str, v, choices, what: str) -> str:
    if not isinstance(v, str) or v not in choices:
        shown = ", ".join(sorted(choices)[:12]) + (" ..." if len(choices) > 12 else "")
        _fail(where, f"unknown {what} {json.dumps(v)[:40]} (known: {shown})")
    return v


class Builder:
    def __init__(self, e, position: dict):
        self.e, self.st, self.defs = e, e.state, e.content.defs
        self.pos = position
        c = e.content
        self.counters = [x for x in c.declared("counter") if x not in _OWN]
        self.units = [x for x in c.declared("unit") if x not in _OWN]
        self.tracks = c.declared("track")
        self.markets = c.declared("market")
        self.pieces = rules_pieces.declared(c)

    # ------------------------------------------------------------------ reading
    def seats(self) -> list:
        pos = self.pos
        if not isinstance(pos, dict):
            _fail("", f"expected an object, got {json.dumps(pos)[:40]}")
        for k in pos:
            _known(k, k, BOARD_WORDS, "name")
        given = pos.get("seats", [])
        if not isinstance(given, list) or len(given) > len(self.st.players):
            _fail("seats", f"expected a list of at most {len(self.st.players)} seats (one object each)")
        words = SEAT_WORDS + tuple(self.counters) + tuple(self.units) + tuple(self.tracks) + tuple(self.pieces)
        for i, s in enumerate(given):
            if not isinstance(s, dict):
                _fail(f"seats[{i}]", f"expected an object, got {json.dumps(s)[:40]}")
            for k in s:
                _known(f"seats[{i}].{k}", k, words, "name of a seat's holdings")
        return given + [{}] * (len(self.st.players) - len(given))

    # ------------------------------------------------------------------ building
    def run(self) -> None:
        e, st = self.e, self.st
        given = self.seats()
        for i, s in enumerate(given):
            if "leader" in s:
                self.leader(i, s["leader"])
        rivals.game_start(e)  # the setup the flow's start does, without the leaders' game-start abilities
        for p in e.players:
            if seats.uses_abilities(p):
                rules_snoopers.snoopers_at_start(e, p)
        self.rounds(self.pos.get("round", 1), self.pos.get("conflict"))
        if "first_player" in self.pos:
            st.first_player = self.seat("first_player", self.pos["first_player"])
        self.markets_shown(self.pos.get("markets", {}))
        self.flags(self.pos.get("flags", {}))
        for i, s in enumerate(given):
            self.tiles(i, s.get("tiles", []))
            if "tokens" in s:
                self.tokens(i, s["tokens"])
        self.influence(given)
        for i, s in enumerate(given):
            self.holdings(i, s)
        rules_tracks.taken_by_positions(st)
        for i, s in enumerate(given):
            for piece in self.pieces:
                if piece in s:
                    self.piece_locations(i, piece, s[piece])
        self.board()
        for i, s in enumerate(given):
            self.piles(i, s)
        e.sync()

    def seat(self, where: str, v) -> int:
        if type(v) is not int or not 0 <= v < len(self.st.players):
            _fail(where, f"expected a seat from 0 to {len(self.st.players) - 1}, got {json.dumps(v)[:40]}")
        return v

    def leader(self, i: int, leader) -> None:
        leaders = [m["id"] for m in self.e.content.of_kind("leader")]
        _known(f"seats[{i}].leader", leader, leaders, "leader")
        p = self.st.players[i]
        if p.rival and self.st.mode == "duo":
            _fail(f"seats[{i}].leader", "the two-player House Hagal rival has no leader")
        defs = self.e.content.defs
        card = lambda x: defs[x].get("side_of") or x if x in defs else x  # noqa: E731 (either face: one card)
        if any(card(q.leader) == card(leader) for q in self.st.players if q is not p):
            _fail(f"seats[{i}].leader", f"{leader} already leads another seat")
        p.leader = leader
        for t, m in self.e.content.declared("track").items():  # a leader's track goes with its leader
            if m.get("leader"):
                if rules_tracks.owns(self.e.content, p, m):
                    p.tracks.setdefault(t, rules_tracks.start(m))
                else:
                    p.tracks.pop(t, None)
        self.e.extra_gains = rules_resources.extra_gains(self.e.content, self.st.players)

    def rounds(self, r, conflict) -> None:
        """Round r's conflict revealed, r - 1 done: drawn from the deck as the rounds
        would; a named conflict is the r-th card drawn (from the deck, or in the
        place of a card of its level the game left out)."""
        st = self.st
        r = _count("round", r, ROUNDS)
        if r < 1:
            _fail("round", "expected a round from 1 to 10 (a position is inside a round)")
        deck = st.conflict_deck
        if conflict is not None:
            _known("conflict", conflict, [m["id"] for m in self.e.content.of_kind("conflict")], "conflict")
            if conflict in deck:
                deck.remove(conflict)
            else:
                level = self.defs[conflict]["level"]
                out = next((c for c in deck if self.defs[c]["level"] == level), deck[-1])
                deck.remove(out)
            deck.insert(len(deck) - (r - 1), conflict)
        for n in range(1, r + 1):
            st.round = n
            st.conflict = deck.pop()
            rivals.round_start(self.e)  # a solo game's rivals uncover their third agents on time
            if n < r:
                st.conflicts_done.append(st.conflict)
        st.phase = "rounds"

    def markets_shown(self, shown) -> None:
        if not isinstance(shown, dict):
            _fail("markets", "expected {market: [the tile on top of each stack]}")
        for m, tops in shown.items():
            _known(f"markets.{m}", m, self.markets, "market")
            if m in self.st.market_slots:  # a slot market: the entries face up in its slots
                most = self.markets[m]["slots"]
                if not isinstance(tops, list) or len(tops) > most or not rules_market.show_slots(self.st, m, tops):
                    _fail(f"markets.{m}", f"expected a list of at most {most} entries left in {m}, one per slot")
                continue
            if not isinstance(tops, list) or len(tops) > len(self.st.markets[m]):
                _fail(f"markets.{m}", f"expected a list of at most {len(self.st.markets[m])} tiles, one per stack")
            for i, tile in enumerate(tops):
                if not rules_market.show(self.st, m, i, tile):
                    _fail(f"markets.{m}[{i}]", f"{json.dumps(tile)[:40]} is not a tile left in {m}")

    def flags(self, given) -> None:
        """The sets' board-held flags: {flag: true (still up) | false (cleared)};
        a flag not named is up, as at setup (rules/flags.py)."""
        if not isinstance(given, dict):
            _fail("flags", "expected {flag: true | false}")
        for f, up in given.items():
            _known(f"flags.{f}", f, tuple(self.st.flags), "flag")
            if not isinstance(up, bool):
                _fail(f"flags.{f}", f"expected true (up) or false (cleared), got {json.dumps(up)[:40]}")
            self.st.flags[f] = up

    def tokens(self, i: int, tokens) -> None:
        """The set's once-a-game tokens the seat still holds (the others spent)."""
        held = self.e.content.declared("token")
        if not isinstance(tokens, list):
            _fail(f"seats[{i}].tokens", "expected a list of the tokens still held")
        for k, t in enumerate(tokens):
            _known(f"seats[{i}].tokens[{k}]", t, tuple(held), "token")
        if len(set(tokens)) != len(tokens):
            _fail(f"seats[{i}].tokens", "each token is held once")
        self.st.players[i].tokens = sorted(tokens)

    def tiles(self, i: int, tiles) -> None:
        for k, tile in enumerate(tiles if isinstance(tiles, list) else _fail(f"seats[{i}].tiles", "expected a list")):
            if not rules_market.hand_over(self.st, self.st.players[i], tile):
                _fail(f"seats[{i}].tiles[{k}]", f"{json.dumps(tile)[:40]} is not a tile left in a market")

    def influence(self, given: list) -> None:
        """Each seat's influence, raised by the influence rule from 0; the seats that
        hold an alliance raise that faction first, so the first-to-4 rule gives it to
        them on a tie. A Snooper on a track passed is recalled without its reward
        (the reward is the past's)."""
        e = self.e
        steps = []
        for i, s in enumerate(given):
            inf = s.get("influence", {})
            if not isinstance(inf, dict):
                _fail(f"seats[{i}].influence", "expected {faction: amount}")
            held = s.get("alliances", [])
            if not isinstance(held, list):
                _fail(f"seats[{i}].alliances", "expected a list of factions")
            for f in held:
                _known(f"seats[{i}].alliances", f, FACTIONS, "faction")
            for f, n in inf.items():
                _known(f"seats[{i}].influence.{f}", f, FACTIONS, "faction")
                steps.append((f not in held, i, f, _count(f"seats[{i}].influence.{f}", n, 6)))
        for _, i, f, n in sorted(steps):
            rules_resources.change_influence(e, e.players[i], f, n)
        for frame in [f for f in self.st.stack if f["do"] == "snooper_recall"]:
            e.players[frame["seat"]].snoopers.remove(frame["f"])
        self.st.stack.clear()
        for i, s in enumerate(given):
            for f in s.get("alliances", []):
                if self.st.alliances[f] != i:
                    _fail(f"seats[{i}].alliances", f"seat {i} cannot hold the {f} alliance with these influences "
                          f"(it goes to {self.st.alliances[f]})")

    def holdings(self, i: int, s: dict) -> None:
        e, p = self.e, self.st.players[i]
        w = f"seats[{i}]"
        if s.get("swordmaster"):
            rules_agents.gain_swordmaster(e, p, announce=False)
        if s.get("seat_on_council"):
            p.seat_on_council = True  # its High Council ability, if any, is the past's
        conflict = s.get("conflict", {})
        conflict = {"troops": conflict} if type(conflict) is int else conflict
        if not isinstance(conflict, dict):
            _fail(f"{w}.conflict", "expected the troops in the Conflict, or {unit kind: amount}")
        for kind, n in conflict.items():
            _known(f"{w}.conflict.{kind}", kind, ("troops", *self.units), "unit kind")
            if rules_summons.flagged(e, kind, rules_summons.SUMMONED):  # from the bank, never a garrison
                if not rules_summons.summon_quietly(p, kind, _count(f"{w}.conflict.{kind}", n)):
                    _fail(f"{w}.conflict.{kind}", f"the bank holds too few {kind} for {n}")
                continue
            self.to_garrison(w, p, kind, rules_units.in_play(e, p, kind) + _count(f"{w}.conflict.{kind}", n))
            rules_units.deploy_quietly(p, kind, n)
        for kind in ("troops", *self.units):
            if kind in s:
                if rules_summons.flagged(e, kind, rules_summons.SUMMONED) and s[kind]:
                    _fail(f"{w}.{kind}", f"a summoned unit is never in a garrison: give {kind} in the Conflict")
                self.to_garrison(w, p, kind, _count(f"{w}.{kind}", s[kind]) + rules_units.in_conflict(p, kind))
        for name in self.counters + [a for a in GIVEN_AMOUNTS if a not in ("troops", "vp")]:
            if name in s:
                self.amount(w, p, name, _count(f"{w}.{name}", s[name]))
        for t, m in self.tracks.items():
            if t not in s:
                continue
            if t not in p.tracks:  # a leader's track (`leader ID`): only its player has a token
                _fail(f"{w}.{t}", f"only the player leading with {m.get('leader')} has a token on the {t} track")
            if rules_tracks.is_graph(m):  # a graph's position is the id of its cell
                _known(f"{w}.{t}", s[t], tuple(m["cells"]), f"cell of the {t} track")
                p.tracks[t] = s[t]
                continue
            for _ in range(_count(f"{w}.{t}", s[t], m["steps"]) - p.tracks[t]):
                rules_tracks.step_up(e, p, t)
        if "vp" in s:
            n = _count(f"{w}.vp", s["vp"])
            if n < p.vp:
                _fail(f"{w}.vp", f"{n}, fewer than the {p.vp} VP its start, influence and alliances give")
            rules_resources.add_vp(e, p, "cards", n - p.vp)
            if p.vp != n:
                _fail(f"{w}.vp", "the two-player rival scores nothing")
        p.recruited, p.recruited_units, p.deployed_turn, p.gained = 0, {}, 0, {}

    def to_garrison(self, w: str, p, kind: str, want: int) -> None:
        """Units of a kind out of the supply until `want` are out of it (garrison and
        Conflict), or back to it."""
        have = rules_units.in_play(self.e, p, kind)
        if want > have:
            rules_resources.add(self.e, p, kind, want - have)
            if rules_units.in_play(self.e, p, kind) != want:
                _fail(f"{w}.{kind}", f"the supply holds too few {kind} for {want}")
        elif want < have:  # only troops start out of the supply (the garrison of 3)
            rules_resources.lose(self.e, p, "garrison", have - want)

    def amount(self, w: str, p, name: str, n: int) -> None:
        have = p.counters[name] if name in p.counters else getattr(p, name)
        if n > have:
            rules_resources.add(self.e, p, name, n - have)
        elif n < have:
            if name in ("persuasion", "swords"):  # gathered this turn: no rule loses them
                setattr(p, name, n)
            else:
                rules_resources.lose(self.e, p, name, have - n)
        now = p.counters[name] if name in p.counters else getattr(p, name)
        if now != n:
            _fail(f"{w}.{name}", f"seat {p.seat} cannot hold {n} {name} (the two-player rival holds nothing)")

    def piece_locations(self, i: int, piece: str, where) -> None:
        """A set's piece (`"spies": ["east_wall"]`, or a number: on the first free
        locations in id order): the locations the seat's pieces stand on, taken from its
        supply; a location holds one piece (rules/pieces.py)."""
        w = f"seats[{i}].{piece}"
        p = self.st.players[i]
        if isinstance(where, str):  # the text form's one location (`given { spies east_wall }`)
            where = [where]
        elif type(where) is int:  # a number: on the first free locations, as a card test's `given`
            where = rules_pieces.free_locations(self.e, piece)[:_count(w, where, self.pieces[piece]["supply"])]
        if not isinstance(where, list):
            _fail(w, "expected the locations the seat's pieces stand on (a list), or how many")
        held = rules_pieces.taken(self.st)
        for k, loc in enumerate(where):
            _known(f"{w}[{k}]", loc, rules_pieces.locations(self.e.content, piece), "location")
            if loc in held:
                _fail(f"{w}[{k}]", f"{loc} already holds a piece")
            if p.pieces[piece]["supply"] < 1:
                _fail(w, f"seat {i} has only {self.pieces[piece]['supply']} {piece}")
            rules_pieces.put(self.e, p, piece, loc)
            held[loc] = (i, piece)

    def board(self) -> None:
        e, st = self.e, self.st
        control = self.pos.get("control", {})
        if not isinstance(control, dict):
            _fail("control", "expected {location: seat}")
        for loc, seat in control.items():
            _known(f"control.{loc}", loc, tuple(e.content.declared("location")), "location")
            rules_agents.take_control(e, e.players[self.seat(f"control.{loc}", seat)], loc)
        placed = self.pos.get("placed", {})
        if not isinstance(placed, dict):
            _fail("placed", "expected {location: [seat, unit kind]}")
        for loc, held in placed.items():
            _known(f"placed.{loc}", loc, tuple(e.content.declared("location")), "location")
            if not isinstance(held, list) or len(held) != 2:
                _fail(f"placed.{loc}", f"expected [seat, unit kind], got {json.dumps(held)[:40]}")
            p = e.players[self.seat(f"placed.{loc}[0]", held[0])]
            _known(f"placed.{loc}[1]", held[1], self.units, "unit kind")
            if p.units[held[1]]["supply"] < 1:
                _fail(f"placed.{loc}", f"seat {p.seat} has no {held[1]} left in its supply")
            rules_units.place_from_supply(e, p, held[1], loc)

    def piles(self, i: int, s: dict) -> None:
        """The piles a seat is given, each card taken from where the game keeps it:
        the seat's own starting cards, the Imperium deck, the Row (refilled), the
        reserve; intrigue cards from the Intrigue deck. Starting cards the position
        leaves out are trashed; intrigue cards it replaces go under the Intrigue deck.
        A seat given no hand draws its five as round start does."""
        e, st, p = self.e, self.st, self.st.players[i]
        w = f"seats[{i}]"
        if p.rival and any(k in s for k in PILES[:3]):
            _fail(w, "a House Hagal rival has no cards of its own")
        mine = {k: s[k] for k in PILES[:3] if k in s}
        for k, cards in mine.items():
            if not isinstance(cards, list):
                _fail(f"{w}.{k}", "expected a list of card ids")
        if mine:
            pool = [c for k in PILES[:3] if k in mine for c in getattr(p, k)]
            kept = [getattr(p, k) for k in PILES[:3] if k not in mine]
            for k in mine:
                setattr(p, k, [])
            for k, cards in mine.items():
                for n, card in enumerate(cards):
                    self.take(f"{w}.{k}[{n}]", card, [pool, *kept])
                    getattr(p, k).append(card)
            p.trashed.extend(pool)  # the starting cards the position leaves out
        if "intrigue" in s:
            cards = s["intrigue"]
            if not isinstance(cards, list):
                _fail(f"{w}.intrigue", "expected a list of intrigue card ids")
            if cards and p.rival and seats.duo_rival(e, p):
                _fail(f"{w}.intrigue", "the two-player House Hagal rival holds nothing")
            st.intrigue_deck[:0], p.intrigue = p.intrigue, []
            for n, card in enumerate(cards):
                where = st.intrigue_deck if card in st.intrigue_deck else st.intrigue_discard
                if card not in where:
                    _fail(f"{w}.intrigue[{n}]", f"no copy of {json.dumps(card)[:40]} is left to give")
                where.remove(card)
                p.intrigue.append(card)
        if "hand" not in s and not p.rival:
            rules_cards.draw(e, p, HAND_SIZE)

    def take(self, where: str, card, own: list) -> None:
        """The card out of the seat's own piles (those replaced first), else out of
        the Imperium deck, the Row (refilled from the deck) or the reserve."""
        st = self.st
        pile = next((p for p in own if card in p), None)
        if pile is not None:
            pile.remove(card)
        elif card in st.imperium_deck:
            st.imperium_deck.remove(card)
        elif card in st.imperium_row:
            st.imperium_row.remove(card)
            if st.imperium_deck:
                st.imperium_row.append(st.imperium_deck.pop())
        elif st.reserve.get(card, 0) > 0:
            st.reserve[card] -= 1
        else:
            kinds = ("card", "starter", "reserve")
            if card not in self.defs or self.defs[card]["kind"] not in kinds:
                _fail(where, f"{json.dumps(card)[:40]} is not a card of this game's decks")
            _fail(where, f"no copy of {card} is left to give")


def build(e, position: dict) -> None:
    """Set the position on a fresh game (setup.new_game, before the flow starts) and
    leave the round's player turns on the stack; the caller advances."""
    Builder(e, position).run()
    e.later("round_ends")
    e.later("resolve")
    e.later("player_turns", order=None, i=0)
