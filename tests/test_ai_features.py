"""The observation vector: a fixed layout, documented as it is, that never shows hidden cards."""
import re
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="numpy is not installed")

from dunec import Game  # noqa: E402
from dunec.ai import features  # noqa: E402

DOC = Path(__file__).resolve().parent.parent / "docs" / "engine.md"


def test_the_documented_layout_is_the_layout():
    lay = features.layout(Game(players=4, seed=1).content)
    text = DOC.read_text().split("## The observation vector", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^|]+)` \| ([^|]+) \|", text, re.M)
    documented = {}
    for names, size in rows:
        count, _, each = size.strip().partition(" x ")
        for name in re.findall(r"[a-z_]+", names):
            documented[name] = int(each) * int(count) // len(re.findall(r"[a-z_]+", names)) if each else int(count)
    assert documented == dict(lay.blocks)
    assert f"({lay.size} numbers for the base game)" in text
    assert f"4 x {len(features.SEAT_FIELDS)}" in text


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_state_of_a_game_has_one_size_and_hides_other_hands(players):
    g = Game(players=players, seed=players)
    size = features.layout(g.content).size
    rng = np.random.default_rng(players)
    while not g.is_terminal():
        seat = g.current_player()
        vec = features.encode(g.state, seat, g.content)
        assert vec.shape == (size,) and vec.dtype == np.float32 and vec.min() >= 0
        other = g.clone()
        for p in other.state.players:
            if p.seat != seat:
                p.hand[:] = sorted(p.hand, reverse=True)
                p.intrigue[:] = ["?"] * len(p.intrigue)
            p.deck.reverse()
        assert np.array_equal(vec, features.encode(other.state, seat, other.content))
        g.apply_index(int(rng.integers(len(g.legal_actions()))))


def test_own_cards_are_counted_by_id():
    g = Game(players=3, seed=4)
    seat = g.current_player()
    lay = features.layout(g.content)
    vec = features.encode(g.state, seat, g.content)
    start, end = lay.offsets()["deck"]
    me = g.state.players[seat]
    for card in set(me.deck):
        assert vec[start + lay.card_index[card]] == me.deck.count(card)
    assert vec[start:end].sum() == len(me.deck)


def test_a_card_outside_the_layout_is_an_error_not_a_gap():
    g = Game(players=3, seed=4)
    g.state.players[g.current_player()].hand.append("no_such_card")
    with pytest.raises(KeyError, match="no_such_card"):
        features.encode(g.state, g.current_player(), g.content)


IX_BLOCKS = ("set_seats", "placed", "tiles", "market")


def test_the_base_vector_has_no_block_of_an_expansion_it_does_not_play():
    base = features.layout(Game(players=4, seed=1).content)
    ix = features.layout(Game(players=4, seed=1, sets=("base", "ix")).content)
    assert not {name for name, _ in base.blocks} & set(IX_BLOCKS) and base.set_fields == ()
    assert [name for name, _ in ix.blocks][-4:] == list(IX_BLOCKS)
    assert ix.set_fields == ("dreadnought_garrison", "dreadnought_conflict", "dreadnought_supply",
                             "dreadnought_placed", "track_shipping", "negotiators", "tiles", "tiles_flipped")
    assert dict(ix.blocks)["set_seats"] == features.MAX_SEATS * len(ix.set_fields)
    assert dict(ix.blocks)["tiles"] == len(ix.tiles) > 0


def _seat_block(vec, lay, slot):
    start = lay.offsets()["set_seats"][0] + slot * len(lay.set_fields)
    return dict(zip(lay.set_fields, vec[start:start + len(lay.set_fields)]))


@pytest.mark.parametrize("players", [1, 4])
def test_rise_of_ix_state_is_read_from_the_declarations(players):
    """Every entry of the Ix blocks equals the state it reads, in every state of a
    random game, and the market shows only the face-up tops."""
    g = Game(players=players, seed=3, sets=("base", "ix"))
    lay = features.layout(g.content)
    at = lay.offsets()
    rng = np.random.default_rng(players)
    seen = set()
    while not g.is_terminal():
        seat = g.current_player()
        vec = features.encode(g.state, seat, g.content)
        assert vec.shape == (lay.size,)
        n = len(g.state.players)
        for p in g.state.players:
            got = _seat_block(vec, lay, (p.seat - seat) % n)
            dread = p.units["dreadnought"]
            placed = sum(1 for s, k in g.state.placed.values() if s == p.seat and k == "dreadnought")
            want = {"dreadnought_garrison": dread["garrison"], "dreadnought_conflict": dread["conflict"],
                    "dreadnought_supply": dread["supply"], "dreadnought_placed": placed,
                    "track_shipping": p.tracks["shipping"], "negotiators": p.counters["negotiators"],
                    "tiles": len(p.tiles), "tiles_flipped": len(p.flipped)}
            assert got == want
            seen |= {k for k, v in want.items() if v}
            for t in p.tiles:
                assert vec[at["tiles"][0] + lay.tiles.index(t)] == 1 + (p.seat - seat) % n
        tops = [s[-1] for stacks in g.state.markets.values() for s in stacks if s]
        market = vec[at["market"][0]:at["market"][1]]
        assert market.sum() == len(tops) and all(market[lay.tiles.index(t)] for t in tops)
        hidden = g.clone()  # the tiles under each top are hidden: reordering them changes nothing
        for stacks in hidden.state.markets.values():
            for s in stacks:
                s[:-1] = s[-2::-1]
        assert np.array_equal(vec, features.encode(hidden.state, seat, hidden.content))
        g.apply_index(int(rng.integers(len(g.legal_actions()))))
    if players == 4:  # the random game reached the expansion's state
        assert {"dreadnought_garrison", "track_shipping", "tiles"} <= seen


def test_a_layout_serves_only_the_content_it_was_made_for(monkeypatch):
    """The cache is keyed by id(content), and an id is reused once its object is
    freed: an entry left by another content (a base game's, under the id a Rise of
    Ix content now has) is made again, not served."""
    base, ix = Game(players=3, seed=2).content, Game(players=3, seed=2, sets=("base", "ix")).content
    monkeypatch.setattr(features, "_LAYOUTS", {id(ix): (base, features._make_layout(base))})
    lay = features.layout(ix)
    assert "bounty_hunter" in lay.card_index and features.layout(ix) is lay
    assert features.layout(base) is not lay and "bounty_hunter" not in features.layout(base).card_index


def test_the_pending_decision_is_named_by_kind_and_what_it_is_about():
    """A decision about a card or space (a `choose`, a payment, a defence) sets
    that id in the `about` block for the decider only; the kind in `decision`."""
    seen = set()
    for seed in range(8):
        g = Game(players=4, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_terminal() and len(seen) < 2:
            d = g.decision()
            lay = features.layout(g.content)
            at = lay.offsets()
            vec = features.encode(g.state, d["seat"], g.content)
            kind = d["kind"] if d["kind"] in features.DECISION_KINDS else "other"
            assert vec[at["decision"][0] + features.DECISION_KINDS.index(kind)] == 1.0
            block = vec[at["about"][0]:at["about"][1]]
            if d["about"] is not None:
                assert block.sum() == 1.0 and block[lay.subjects.index(d["about"])] == 1.0
                other = features.encode(g.state, (d["seat"] + 1) % 4, g.content)
                assert other[at["about"][0]:at["about"][1]].sum() == 0.0
                seen.add(d["kind"])
            else:
                assert block.sum() == 0.0
            g.apply_index(int(rng.integers(len(g.legal_actions()))))
    assert len(seen) >= 2
