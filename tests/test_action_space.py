"""The game-wide action space: one id per distinct action of a set selection, the
same at every decision, and one function from ids to options and back."""
import pytest

from dunec import Game
from dunec.api import IllegalAction
from dunec.engine.loop.action_space import ActionError, ActionSpace, space_of
from dunec.engine.loop.rng import Rng

ENGLISH = set("abcdefghijklmnopqrstuvwxyz ")


def _walk(sets, players, seed, visit):
    g = Game(players=players, seed=seed, sets=sets)
    rng = Rng(seed)
    while not g.is_terminal():
        visit(g)
        options = g.legal_actions()
        g.apply(options[rng.below(len(options))])
    return g


@pytest.mark.parametrize("sets", [("base",), ("base", "ix")])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_legal_id_maps_to_one_option_and_back(sets, players):
    seen = {"decisions": 0, "families": set()}

    def visit(g):
        space = g.action_space
        options = g.legal_actions()
        ids = g.legal_ids()
        assert ids == sorted(set(ids)) and len(ids) == len(set(options))  # distinct options, distinct ids
        for i in ids:
            j = space.index_of(i, options)
            assert space.id_of(options[j]) == i and options.index(options[j]) == j
            seen["families"].add(space.describe(i)[0])
        for a in options:
            assert space.index_of(space.id_of(a), options) == options.index(a)
            # ids and amounts only: no field is a sentence
            assert not any(isinstance(v, str) and " " in v for v in a), a
        seen["decisions"] += 1

    for seed in range(6):
        _walk(sets, players, seed, visit)
    assert seen["decisions"] > 250
    assert {"place", "buy", "reveal"} <= seen["families"]


def test_one_id_is_one_action_across_decisions_and_games():
    """The same action has the same id wherever it is offered, and the numbering
    depends on the sets only (a new content of the same sets numbers alike)."""
    from dunec.content import load

    by_action = {}
    for seed in range(3):
        def visit(g):
            for a in g.legal_actions():
                by_action.setdefault(g.action_space.key(a), set()).add(g.action_space.id_of(a))
        _walk(("base",), 4, seed, visit)
    assert all(len(ids) == 1 for ids in by_action.values())
    a = ActionSpace(load("compiled").select(("base",)))
    b = ActionSpace(load("interpreted").select(("base",)))
    assert a.keys == b.keys and a.ranges == b.ranges
    ix = ActionSpace(load("compiled").select(("base", "ix")))
    assert ix.size > a.size and any(r[0] == "buy_tile" and r[2] > r[1] for r in ix.ranges)


def test_ranges_cover_the_space_in_order_and_describe_each_id():
    space = Game(players=4, seed=1, sets=("base", "ix")).action_space
    at = 0
    for name, start, end, meaning in space.ranges:
        assert start == at and end >= start and meaning
        for i in range(start, end):
            key = space.describe(i)
            assert key[0] == name or (name == "constant" and len(key) == 1)
        at = end
    assert at == space.size == len(space.keys)
    # A placement is card x space: Duncan Idaho on Arrakeen has its own id.
    i = space.id_of(("place", "duncan_idaho", "arrakeen"))
    assert space.describe(i) == ("place", "duncan_idaho", "arrakeen")
    # A purchase names the card, not its price; a card set aside for the buyer is another action.
    assert space.id_of(("buy", "stilgar", 5)) == space.id_of(("buy", "stilgar", 3))
    assert space.id_of(("buy", "stilgar", 5, "aside")) != space.id_of(("buy", "stilgar", 5))
    with pytest.raises(ActionError, match="no id in the action space"):
        space.id_of(("place", "duncan_idaho", "no_such_space"))
    with pytest.raises(ActionError, match="is not an action id"):
        space.describe(space.size)


def test_a_choice_is_named_by_its_definition_and_option():
    """A `choose` offers ("option", definition, i, faction): the card's words are the
    decision's, shown by label, and the observation says which definition asks."""
    found = []

    def visit(g):
        d = g.decision()
        if d["kind"] == "choose" and not found:
            found.append((g.clone(), d))

    for seed in range(12):
        if found:
            break
        _walk(("base",), 4, seed, visit)
    g, d = found[0]
    owner = d["about"]
    assert owner in g.content.defs
    for a in d["options"]:
        assert a[0] == "option" and a[1] == owner and isinstance(a[2], int)
        assert g.label(a) == g.state.pending["words"][a[2]]  # the card's own words for option a[2]
        assert g.action_space.describe(g.action_space.id_of(a)) == ("option", (owner, a[2]))


def test_apply_id_answers_the_option_and_refuses_others():
    g = Game(players=4, seed=2)
    twin = g.clone()
    i = g.legal_ids()[-1]
    option = g.legal_actions()[g.action_space.index_of(i, g.legal_actions())]
    g.apply_id(i)
    twin.apply(option)
    assert g.state.digest() == twin.state.digest()
    outside = next(k for k in range(g.action_space.size) if k not in g.legal_ids())
    before = g.state.digest()
    with pytest.raises(IllegalAction, match="is not a legal action id"):
        g.apply_id(outside)
    assert g.state.digest() == before


def test_space_of_is_kept_per_content():
    g = Game(players=4, seed=1)
    assert space_of(g.content) is space_of(g.content) is g.action_space


def test_the_documented_id_table_is_the_action_space():
    """docs/ai.md's table of id ranges, row by row, is what the content derives."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "ai.md").read_text()
    rows = re.findall(r"^\| `([a-z_]+)` \| ([0-9-]+|none) \| ([0-9-]+|none) \| (.+) \|$", text, re.M)
    base = Game(players=4, seed=1).action_space
    ix = Game(players=4, seed=1, sets=("base", "ix")).action_space

    def shown(start, end):
        return "none" if end == start else str(start) if end == start + 1 else f"{start}-{end - 1}"

    want = [(name, shown(s, e), shown(*next(r[1:3] for r in ix.ranges if r[0] == name)), meaning)
            for name, s, e, meaning in base.ranges]
    assert [tuple(r) for r in rows] == want
    assert f"{base.size} for the base\n  game, {ix.size} with Rise of Ix" in text


def test_the_cells_of_every_graph_track_have_ids():
    """`cell` ids: (track, cell) for each cell of a graph track (Immortality's Research
    track), none for a line; the move a player picks between two links is one of them."""
    g = Game(players=4, seed=1, sets=("base", "immortality"))
    cells = g.content.declared("track")["research"]["cells"]
    start, end = next(r[1:3] for r in g.action_space.ranges if r[0] == "cell")
    assert end - start == len(cells) == 22
    assert {g.action_space.describe(i)[1] for i in range(start, end)} == {("research", c) for c in cells}
    assert g.action_space.id_of(("cell", "research", "r2_1")) in range(start, end)


# The decisions only a box of a definition asks (a card's choice, payment, `may`, a
# trash or discard it orders, a Faction it lets the player pick, ...): each names that
# definition (or the declared track or token whose box asks) as what it is about.
BOX_DECISIONS = ("choose", "pay", "opponent", "trash", "discard", "influence", "retreat", "retrieve", "top",
                 "cell", "swap_intrigue", "pick_intrigue", "lose_influence", "secret", "block")


@pytest.mark.parametrize("sets", [("base",), ("base", "ix"), ("base", "ix", "immortality")])
def test_a_decision_a_box_asks_says_whose_box_asks_it(sets):
    seen: dict = {}

    def visit(g):
        d = g.decision()
        if d is None or d["kind"] not in BOX_DECISIONS:
            return
        about = g.state.pending.get("about")
        seen[d["kind"]] = seen.get(d["kind"], 0) + 1
        declared = set()
        for kind in ("track", "token", "market"):
            declared |= set(g.content.declared(kind))
        assert about in g.content.defs or about in declared, (d["kind"], about, g.state.log[-3:])

    for seed in range(6):
        _walk(sets, 4, seed, visit)
    assert {"choose", "pay", "trash"} <= set(seen), seen
