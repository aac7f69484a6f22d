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
