"""The agent menu by bits (turns.placements_by_bits, the plain menu's fast path) is
the general rule's (turns.placements): at every agent menu of seeded games of each
game, the same options in the same order; and the per-content tables it reads."""
from __future__ import annotations

import pytest

from dunec.engine.loop import turns
from dunec.engine.rules import pieces as rules_pieces
from dunec.engine.runs.runner import play_game

GAMES = [("base",), ("base", "ix"), ("base", "ix", "immortality"), ("uprising",), ("uprising", "choam")]


@pytest.mark.parametrize("sets", GAMES)
def test_menu_by_bits_is_the_general_rule(compiled, sets, monkeypatch):
    content = compiled.select(sets)
    by_bits = turns.placements_by_bits
    judged = []

    def compared(e, p, menu, cards, want, out):
        start = len(out)
        done = by_bits(e, p, menu, cards, want, out)
        if done:
            wanted = set()
            for card in cards:
                wanted |= card[1]
            assert out[start:] == turns.placements(e, p, cards, wanted, [], menu)
            judged.append(len(out) - start)
        else:
            assert len(out) == start  # nothing appended when the general rule judges
        return done

    monkeypatch.setattr(turns, "placements_by_bits", compared)
    for seed in range(4):
        play_game(content, 4, seed, ["random"] * 4, quiet=True)
        play_game(content, 3, seed, ["greedy", "random", "greedy"], quiet=True)
    assert len(judged) > 200 and sum(judged) > 1000


def test_space_and_card_bits_follow_the_board(compiled):
    """A space's bit is its board position; a card's bits are its icons' spaces."""
    content = compiled.select(("uprising",))
    bits = content.space_bits()
    assert [bits[row[0]] for row in content.board()] == [1 << i for i in range(len(content.board()))]
    for card, info in content.agent_cards().items():
        if info is not None:
            assert content.card_bits()[card] == sum(bits[s] for s in info[5])
            assert {row[0] for row in content.board() if row[1] in info[1]} == set(info[5])


def test_reach_tables_link_each_post_to_its_spaces(compiled):
    """A location's bits are the spaces it links; the via cards are those with a via icon."""
    content = compiled.select(("uprising",))
    link_bits, via_cards = rules_pieces.reach_tables(content)
    bits = content.space_bits()
    for loc, linked in rules_pieces.board_links(content).items():
        assert link_bits[loc] == sum(bits[row[0]] for _at, row in linked)
    via = rules_pieces.via_icons(content)
    assert via_cards and all(not content.agent_cards()[c][1].isdisjoint(via) for c in via_cards)


def test_buy_offers_are_the_printed_prices(compiled):
    content = compiled.select(("uprising", "choam"))
    offers, reserve, _markets = content.buy_offers()
    assert all(offer == ("buy", card, content.costs()[card]) for card, offer in offers.items())
    assert [card for card, _offer in reserve] == list(content.reserve_buys())
