"""The engine's speed work changes no game: pinned digests (state and log) of
base, base + Rise of Ix and Uprising (random players, with and without the CHOAM
Module) games on both back-ends, and the per-game caches on
the Content keyed by the game's own sets. No timing is asserted here (bench/)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dunec.engine.loop import turns
from dunec.engine.loop.rng import _MASK, Rng
from dunec.engine.runs.runner import play_game

DIGESTS = json.loads((Path(__file__).parent / "data" / "engine_digests.json").read_text())


def _play(content, key: str):
    sets, people, policy, seed = key.split("/")
    policies = [policy] * int(people) if policy == "random" else ["greedy", "random", "greedy"]
    st = play_game(content.select(tuple(sets.split("+"))), int(people), int(seed), policies, quiet=False)
    return st.digest() + " " + st.log_digest()


@pytest.mark.parametrize("key", sorted(DIGESTS))
def test_games_are_the_pinned_games_compiled(compiled, key):
    assert _play(compiled, key) == DIGESTS[key]


@pytest.mark.parametrize("key", [k for k in sorted(DIGESTS) if k.endswith("/0") or k.endswith("/1")])
def test_games_are_the_pinned_games_interpreted(interpreted, key):
    assert _play(interpreted, key) == DIGESTS[key]


def _reference_below(state: int, n: int) -> tuple[int, int]:
    """Rng.below as first written, on next64: the inlined draw must give the same."""
    r = Rng(state=state)
    limit = (_MASK + 1) - ((_MASK + 1) % n)
    while True:
        x = r.next64()
        if x < limit:
            return x % n, r.state


def test_below_draws_as_next64_does():
    r = Rng(12345)
    for n in [1, 2, 3, 7, 10, 33, 1000, (1 << 63) + 5, (1 << 64) - 1]:
        for _ in range(50):
            want, state = _reference_below(r.state, n)
            assert r.below(n) == want and r.state == state


def test_board_and_agent_cards_are_per_selection(compiled):
    """A game's tables come from its own sets: the overlay's spaces and the Ix
    cards are in a base + Ix game's tables only, and a covered base space in its
    base tables only."""
    base, ix = compiled.select(("base",)), compiled.select(("base", "ix"))
    base_board = {row[0] for row in base.board()}
    ix_board = {row[0] for row in ix.board()}
    assert ix_board - base_board and base_board - ix_board
    assert set(base.agent_cards()) == set(base.defs) and set(ix.agent_cards()) == set(ix.defs)
    for ident, info in ix.agent_cards().items():
        m = ix.defs[ident]
        assert (info is None) == (not m.get("icons"))
        if info is not None:
            assert info[0] == ident and info[1] == frozenset(m["icons"])
            assert info[2:5] == (bool(m.get("infiltrate")), bool(m.get("from_anywhere")), m.get("space_discounts", ()))
            assert info[5] == tuple(row[0] for row in ix.board() if row[1] in m["icons"])


def test_plain_costs_read_as_the_general_cost_rule(compiled):
    """The agent menu's quick cost check agrees with can_pay for every space."""
    from dunec.engine.rules import costs as rules_costs
    from dunec.engine.loop.game import Engine
    from dunec.engine.loop.setup import new_game

    content = compiled.select(("base", "ix"))
    e = Engine(content, new_game(content, 4, 1))
    p = e.players[0]
    for amount in range(0, 12):
        p.solari = p.spice = p.water = amount
        for _sid, _icon, _req, costs, plain, _sp in content.board():
            if plain is None:
                continue
            quick = not plain or (p.solari >= plain[0] and p.spice >= plain[1] and p.water >= plain[2])
            assert quick == rules_costs.can_pay(e, p, costs)


def test_agent_menu_appends_to_the_given_list(compiled):
    """The turn menu hands its list to agent_options to extend: the same options
    after whatever is already there."""
    from dunec.api import Game

    g = Game(players=4, seed=3, content=compiled)
    while g.state.pending["kind"] != "turn":
        g.apply(g.legal_actions()[0])
    e = g._engine
    p = e.players[g.state.pending["seat"]]
    alone = turns.agent_options(e, p)
    mark = ("mark",)
    assert alone and turns.agent_options(e, p, [mark]) == [mark] + alone
    assert [a for a in g.state.pending["options"] if a[0] == "place"] == alone


def test_cost_table_is_price_of_without_discounts(compiled):
    from dunec.engine.rules import cards as rules_cards
    from dunec.engine.loop.game import Engine
    from dunec.engine.loop.setup import new_game

    for sets in (("base",), ("base", "ix")):
        content = compiled.select(sets)
        e = Engine(content, new_game(content, 4, 1))
        p = e.players[0]
        buyable = [k for k, m in content.defs.items() if m["kind"] in ("card", "reserve")]
        assert buyable and all(content.costs()[c] == rules_cards.price_of(e, p, c) for c in buyable)
        p.discounts = {buyable[0]: 1}  # a discount takes the general rule (the buy step checks it)
        assert rules_cards.price_of(e, p, buyable[0]) == max(0, content.costs()[buyable[0]] - 1)


def test_shuffle_draws_as_below_does():
    """Rng.shuffle inlines its draws: the same permutation and final state as
    Fisher-Yates on below()."""
    for seed in range(20):
        items = list(range(seed * 3))
        want, ref = list(items), Rng(seed)
        for i in range(len(want) - 1, 0, -1):
            j = ref.below(i + 1)
            want[i], want[j] = want[j], want[i]
        r = Rng(seed)
        r.shuffle(items)
        assert items == want and r.state == ref.state


def test_below_draws_as_rejection_sampling_on_next64():
    """below(n) reads its rejection limit from a table for small n and works it
    out for large n: either way the draws and the final state are those of plain
    rejection sampling on next64 (splitmix64)."""
    span = 1 << 64
    for n in (1, 2, 3, 7, 13, 40, 255, 256, 257, 1000, (1 << 63) + 5):
        for seed in range(5):
            r, ref = Rng(seed), Rng(seed)
            got = [r.below(n) for _ in range(30)]
            want = []
            for _ in range(30):
                x = ref.next64()
                while x >= span - span % n:
                    x = ref.next64()
                want.append(x % n)
            assert got == want and r.state == ref.state


def test_spaces_of_icons_are_the_selections_board(compiled):
    """The agent menu's per-icon tables are the game's own board filtered by icon,
    in board order, whichever set of icons is asked first, and never shared
    between selections (the overlay covers base spaces in a base + Ix game only)."""
    for sets in (("base",), ("base", "ix")):
        content = compiled.select(sets)
        board = content.board()
        icons = sorted({row[1] for row in board})
        asks = [frozenset(icons[i:i + k]) for k in (1, 2, 3) for i in range(len(icons))] + [frozenset(icons)]
        for wanted in asks + list(reversed(asks)):
            ids, rows = content.spaces_by_icons().get(wanted) or content.spaces_of(wanted)
            assert rows == tuple(row for row in board if row[1] in wanted)
            assert ids == tuple(row[0] for row in rows)
    base, ix = compiled.select(("base",)), compiled.select(("base", "ix"))
    every = frozenset(row[1] for row in ix.board())
    assert base.spaces_of(every)[0] != ix.spaces_of(every)[0]
    assert base.spaces_by_icons() is not ix.spaces_by_icons()


def test_random_players_asked_by_count_play_as_through_choose(compiled):
    """The engine asks a random player for its index alone (RandomPolicy.pick); a
    subclass whose `choose` is its own goes the long way, through choose: the same
    draws, so the same games, in every mode."""
    from dunec.engine.players import policies

    class Long(policies.RandomPolicy):
        calls = 0

        def choose(self, engine, player, kind, actions, hints):
            Long.calls += 1
            return super().choose(engine, player, kind, actions, hints)

    def long_way(name, seed, seat):
        return Long(seed, seat) if name == "random" else policies.make(name, seed, seat)

    base = compiled.select(("base",))
    for people, seed in ((4, 3), (3, 5), (1, 2)):
        quick = play_game(base, people, seed, ["random"] * people, quiet=True)
        Long.calls = 0
        slow = play_game(base, people, seed, ["random"] * people, quiet=True, make_policy=long_way)
        assert Long.calls == len(slow.decisions) > 0
        assert quick.decisions == slow.decisions and quick.digest() == slow.digest()


def test_tables_made_once_serve_every_game_of_a_content(compiled):
    """The per-game tables on a Content (decks before shuffling, the agent menu's
    tables) are made by the first game and read by the next: games played one
    after another on one content are the games each plays on a fresh one."""
    for sets in (("base",), ("base", "ix")):
        shared = compiled.select(sets)
        for seed in (4, 9, 4):
            alone = play_game(compiled.select(sets), 4, seed, ["random"] * 4, quiet=True)
            again = play_game(shared, 4, seed, ["random"] * 4, quiet=True)
            assert again.digest() == alone.digest()
        for kind in ("card", "intrigue"):
            want = sorted(k for k, m in shared.defs.items() if m["kind"] == kind for _ in range(m["copies"]))
            assert list(shared.copies_of(kind)) == want
        conflicts = [m for m in shared.defs.values() if m["kind"] == "conflict"]
        for level in (1, 2, 3):
            assert list(shared.copies_of("conflict", level)) == sorted(
                m["id"] for m in conflicts if m["level"] == level for _ in range(m["copies"]))


def test_a_clone_pushes_its_frames_on_its_own_stack(compiled):
    """Engine.push is the stack's append, bound when the engine is made: a clone's
    frames go on the clone's stack, and the original and its clone play on alike."""
    from dunec.api import Game

    g = Game(players=4, seed=6, content=compiled)
    for _ in range(40):
        g.apply(g.legal_actions()[-2 if len(g.legal_actions()) > 1 else 0])
    twin = g.clone()
    assert twin._engine.push.__self__ is twin.state.stack is not g.state.stack
    while not g.is_terminal():
        for game in (g, twin):
            actions = game.legal_actions()
            game.apply(actions[len(actions) // 2])
    assert twin.is_terminal() and twin.state.digest() == g.state.digest()
