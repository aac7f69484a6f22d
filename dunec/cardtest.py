"""Running `test` blocks (dunec/check/cardtests.py) on a back-end: a fresh game,
the situation the test gives, one play with the scripted answers, and the
changes compared with what the test expects.

A test counts every amount and pile it knows (AMOUNTS, PILES, influence): what
it does not list must not change, so a test states the whole outcome of the play.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from dunec.check.cardtests import AMOUNTS, DONE, HELD, PILES, TILES, CardTest
from dunec.check.tables import FACTIONS

BACKENDS = ("interpreted", "compiled")


@dataclass
class Outcome:
    test: CardTest
    backend: str
    problems: list[str] = field(default_factory=list)  # "file:line: what differed"

    @property
    def ok(self) -> bool:
        return not self.problems


# Leader boxes that fire without the test playing anything (every turn, round or
# game): they would add to what a card's test sees.
UNBIDDEN_BOXES = ("passive", "game_start", "round_start", "agent_at")


def _by_set_then_id(content, metas) -> list:
    """The game's own sets first, in their selection order (the set every game of
    them plays comes first), then by id: the same pick in every selection that
    holds it."""
    rank = {s: i for i, s in enumerate(content.sets)}
    return sorted(metas, key=lambda m: (rank.get(m.get("set"), len(rank)), m["id"]))


def quiet_leader(content) -> str:
    """A leader with no box that fires by itself and no passive modifier, so a card's
    test sees only what it plays (the first leader when every one has such a box)."""
    every = _by_set_then_id(content, [m for m in content.of_kind("leader") if not m.get("side_of")])
    quiet = [m for m in every if not m.get("modifiers") and not set(m.get("boxes", ())) & set(UNBIDDEN_BOXES)]
    return (quiet or every)[0]["id"]


def quiet_conflict(content):
    """A level-I conflict of the game's sets whose rewards ask nothing and control no
    location, or None."""
    for m in _by_set_then_id(content, content.of_kind("conflict")):
        if m.get("level") == 1 and not m.get("controls") and \
                not any((m["id"], box) in content.programs for box in m.get("boxes", ())):
            return m["id"]
    return None


def fresh_game(content, players: int = 3, seed: int = 0, leaders=None, clear: bool = True):
    """(state, scripted policies, engine) of a game in round 1 with player 1 first;
    `clear` empties decks and hands and picks a conflict with no side effects, so a
    test sees only what it plays."""
    from dunec.engine.loop.game import Engine
    from dunec.engine.players.policies import ScriptedPolicy
    from dunec.engine.loop.setup import give_sets, new_game

    if leaders is None:
        leaders = [quiet_leader(content)] * players
    state = new_game(content, players, seed, leaders=leaders)
    give_sets(content, state)  # a set's counters, units, tracks and markets (none in a base game)
    scripts = [ScriptedPolicy([]) for _ in range(players)]
    engine = Engine(content, state, scripts)
    state.round, state.first_player = 1, 0
    if clear:
        for p in state.players:
            p.deck, p.hand = [], []
        reveal_conflict(state, quiet_conflict(content))
    return state, scripts, engine


def reveal_conflict(state, conflict: str) -> None:
    """Make `conflict` this round's Conflict, as a scenario sets it up: out of the
    deck (or the done pile) as a revealed card is (each card in one place), the
    card it replaces back in its place in the deck."""
    drawn = state.conflict
    if conflict in state.conflicts_done:  # a scenario playing a card again takes it back
        state.conflicts_done.remove(conflict)
    if conflict in state.conflict_deck:
        i = state.conflict_deck.index(conflict)
        if drawn is None:
            del state.conflict_deck[i]
        else:
            state.conflict_deck[i] = drawn
    state.conflict = conflict


def tally(p, content) -> dict:
    """Everything a test counts, for one player: the engine's amounts and piles and
    the names the game's sets declare (counters, units in the garrison, tracks, tiles)."""
    out = {a: getattr(p, "garrison" if a == "troops" else a) for a in AMOUNTS}
    out.update({pile: len(getattr(p, pile)) for pile in PILES})
    out.update({("influence", f): p.influence[f] for f in FACTIONS})
    out.update(p.counters)
    out.update({u: held["garrison"] for u, held in p.units.items()})
    out.update({piece: len(held["on"]) for piece, held in p.pieces.items()})  # on the board (rules/pieces.py)
    tracks = content.declared("track")
    # a line's step; a graph track's cell counts as its column (`expect research 2`)
    out.update({t: tracks[t]["cells"][at]["column"] if "cells" in tracks.get(t, {}) else at
                for t, at in p.tracks.items()})
    sold = {m["sells"] for m in content.declared("market").values() if not m.get("to")}  # tiles, not cards
    if "contract" in sold:  # a free market's contracts (rules/contracts.py)
        out[HELD], out[DONE] = len(p.contracts), len(p.contracts_done)
    if sold:
        out[TILES] = len(p.tiles)
        out.update({m["id"]: p.tiles.count(m["id"]) for kind in sorted(sold) for m in content.of_kind(kind)})
    return out


def give_position(engine, t) -> None:
    """A test's `given` amounts and influence for the first seat, set through the
    rules that keep the books (Game.from_position's): influence gives its VP and
    Alliances, troops and units leave the supply, a counter that holds troops
    (specimens, negotiators) takes them from it, a track is reached step by step, a
    piece stands on the locations given (or the first free ones), a slot market
    shows the entries given."""
    from dunec.engine.records.position import Builder

    builder = Builder(engine, {})
    if t.given_influence:
        builder.influence([{"influence": dict(t.given_influence)}])
    amounts = dict(t.given_amounts)
    pieces = {k: amounts.pop(k) for k in list(amounts) if k in builder.pieces}
    for held in (HELD, DONE):  # contracts from the top of their market's deck (rules/contracts.py)
        n = amounts.pop(held, 0)
        if n:
            deck = next((d for m, d in sorted(engine.state.market_decks.items())
                         if d and engine.defs[d[-1]]["kind"] == "contract"), [])
            builder.contracts(0, held, list(reversed(deck))[:n])
    builder.holdings(0, amounts)
    if t.given_rows:  # a slot market's face-up entries, the ones they replace back on its deck
        builder.markets_shown(dict(t.given_rows))
    for piece, where in pieces.items():  # a set's pieces on locations (rules/pieces.py)
        builder.piece_locations(0, piece, where)


def sets_of_test(model, t: CardTest) -> tuple:
    """The sets a test's game plays: its card's set and the sets that set requires,
    each after what it requires (a card of no set, or of a shared foundation such as
    `core`, which is no game of its own, plays the default game: the sets that
    declare `default`)."""
    from dunec.check.vocab import reaches

    own = model.defs[t.card].set
    decl = model.sets.get(own)
    shared = decl is not None and not decl.requires and not decl.default and \
        any(own == r for d in model.sets.values() for r, _ in d.requires)
    if decl is None or shared:
        chosen = sorted(s for s, d in model.sets.items() if getattr(d, "default", False))
        need = set().union(*(reaches(model.sets, s) for s in chosen)) if chosen else set()
        return tuple(sorted(need, key=lambda s: (len(reaches(model.sets, s)), s)))
    need = reaches(model.sets, own)
    return tuple(sorted(need, key=lambda s: (len(reaches(model.sets, s)), s)))


def run_one(t: CardTest, content, backend: str) -> Outcome:
    from dunec.engine.effects.context import Ctx
    from dunec.engine.loop import turns
    from dunec.engine.records.position import PositionError

    out = Outcome(t, backend)
    if t.space is not None and t.space not in {row[0] for row in content.board()}:
        # a mix of sets that replaces the space (Rise of Ix's board folded onto Uprising's)
        out.problems.append(f"{t.span}: the space `{t.space}` is not on this game's board "
                            f"(sets {','.join(content.sets)}): play the test with the sets it was written for")
        return out
    state, scripts, engine = fresh_game(content)
    p = state.players[0]
    try:
        give_position(engine, t)
    except PositionError as e:  # more than the supply holds, say: the test cannot start
        out.problems.append(f"{t.span}: the `given` cannot be set up: {e}")
        return out
    for pile, cards in t.given_piles.items():
        setattr(p, pile, list(cards))
    scripts[0].answers.extend(t.answers)
    before = tally(p, content)
    kind = content.defs[t.card]["kind"]
    try:
        if t.space is not None:
            p.hand.append(t.card)
            turns.agent_turn(engine, p, t.card, t.space)
        elif kind == "intrigue":
            p.intrigue.append(t.card)
            turns.play_intrigue(engine, p, t.card, t.box)
        else:
            # The card is in play as it would be, so conditions that look there see it.
            if t.box in ("agent", "reveal"):
                (p.played if t.box == "agent" else p.revealed).append(t.card)
                state.turn_kind = t.box
            engine.run_box(t.card, t.box, Ctx(engine, p, card=t.card, box=t.box))
        engine.drive()  # the play runs to its end, asking the scripted answers
    except LookupError as e:  # a decision the answers do not cover, or answer
        out.problems.append(f"{t.span}: the play stopped: {e}")
        return out
    if scripts[0].answers:
        out.problems.append(f"{t.span}: answers left unused: {scripts[0].answers}")
    after = tally(p, content)
    wanted = {(e.what, e.faction) if e.faction else e.what: e for e in t.expect}
    for key in before:
        got = after[key] - before[key]
        e = wanted.get(key)
        want = e.delta if e else 0
        if got != want:
            where = e.span if e else t.span
            name = " ".join(key) if isinstance(key, tuple) else key
            out.problems.append(f"{where.file}:{where.line}: {name}: expected {want:+d}, got {got:+d}"
                                + ("" if e else " (not in `expect`)"))
    return out


def contents(model, bundled: bool) -> dict:
    """Both back-ends for a checked model. The bundled cards' compiled content is
    the generated registry (`dunec build --check` keeps it true to the cards);
    other cards are compiled in memory."""
    from dunec.content import from_model, load

    if bundled:
        compiled = load("compiled")
    else:
        from dunec.codegen.emit import compile_in_memory

        compiled = compile_in_memory(model)
    return {"interpreted": from_model(model), "compiled": compiled}


def run_tests(model, bundled: bool, sets=None) -> list[Outcome]:
    """Each test in a game of `sets` (default: the sets of its card, sets_of_test)."""
    both = contents(model, bundled)
    out = []
    for t in model.tests:
        own = sets_of_test(model, t)
        chosen = tuple(sets) if sets else own
        for b in BACKENDS:
            o = run_one(t, _game(both[b], chosen), b)
            if not o.ok and set(chosen) != set(own) and run_one(t, _game(both[b], own), b).ok:
                # A module or a mix may change what a card does by rule (with CHOAM, Dutiful
                # Service's contract icon takes a contract, not 2 Solari): say so.
                o.problems.append(f"{t.span}: passes in the game of its card's sets ({','.join(own)}): "
                                  f"--sets {','.join(chosen)} changes what the play does")
            out.append(o)
    return out


def _game(content, sets: tuple):
    return content.select(sets) if sets and content.vocab else content


def check_for_tests(paths, root):
    """(model, diagnostics) of the files named, checked with the bundled cards they
    do not name: a test plays a whole game, which needs the board and leaders even
    when the file checks by itself."""
    from dunec.check.diagnostics import Diagnostics
    from dunec.frontend import compile_sources, read_sources
    from dunec.paths import cards_dir

    diags = Diagnostics()
    read = read_sources(paths, root, diags)
    named = {p.resolve() for p, _, _ in read}
    context = [(shown, text) for p, shown, text in read_sources([cards_dir()], root, Diagnostics())
               if p.resolve() not in named]
    return compile_sources([(shown, text) for _, shown, text in read], diags, context=context)


def only_bundled(paths) -> bool:
    from dunec.paths import cards_dir

    root = cards_dir().resolve()
    return all(Path(p).resolve() == root or root in Path(p).resolve().parents for p in paths)
