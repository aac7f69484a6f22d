"""Markets that deal face-up slots from one deck, with a kept entry, bought on a
reveal turn beside the Imperium Row, whose cards go into decks (issue 21 C;
engine/rules/market.py). The tests' own set `vats` (tests/vats_support.py) and
Immortality's Tleilaxu row, on both back-ends."""
from __future__ import annotations

import json
import random

import pytest

from dunec import Game
from dunec.engine.checks import invariants
from dunec.engine.checks.state_check import StateError, check as state_check
from dunec.engine.loop import turns
from dunec.engine.loop.state import GameState
from dunec.engine.rules import market as rules_market
from dunec.engine.views.observe import observation
from dunec.engine.views.tableview import render_view
from scenario import Scenario
from vats_support import SETS, vats

ROW = "vat_row"


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def backend(request):
    return request.param


@pytest.fixture(scope="module")
def tmp_root(tmp_path_factory):
    return tmp_path_factory.mktemp("vats")


@pytest.fixture(scope="module")
def content(backend, tmp_root):
    return vats(backend, tmp_root)


def show(g: Scenario, *cards: str) -> None:
    """These cards face up in the slots, the others back in the deck (every card kept)."""
    deck = g.state.market_decks[ROW]
    deck.extend(g.state.market_slots[ROW])
    for c in cards:
        deck.remove(c)
    g.state.market_slots[ROW] = list(cards)


def flesh(g: Scenario, seat: int, n: int) -> None:
    """n flesh for a player: troops of its supply held by the counter."""
    p = g.p(seat)
    p.counters["flesh"] += n
    p.supply -= n


def test_setup_deals_the_slots_from_one_deck_and_keeps_the_entry_apart(content):
    g = Scenario(content, players=3, seed=4)
    up, deck = g.state.market_slots[ROW], g.state.market_decks[ROW]
    assert len(up) == 2
    assert sorted(up + deck) == sorted(["vat_grown", "vat_grown", "flesh_crafter", "gene_broker"])
    assert "old_stock" not in up + deck  # the kept entry is the content's, never dealt
    # a market's cards are its own: not in the Imperium deck, the Row or the reserve
    dealt = set(g.state.imperium_deck + g.state.imperium_row) | set(g.state.reserve)
    assert not dealt & {"vat_grown", "flesh_crafter", "gene_broker", "old_stock", "reclaimed_forces"}
    assert rules_market.entries(g.engine, ROW) == up + ["old_stock"] if up[0] != up[1] else [up[0], "old_stock"]
    assert g.state.markets == {}  # no market of stacks in this game


def test_a_reveal_turn_offers_the_market_with_its_currency_beside_the_row(content):
    g = Scenario(content, players=3, seed=4)
    show(g, "vat_grown", "gene_broker")
    flesh(g, 0, 3)
    g.answer(0, ("buy", ROW, "vat_grown"), "end turn")
    g.reveal(0)
    kind, shown = g.asked(0)[0]
    assert kind == "buy"
    assert "buy Vat Grown (2)" in shown and "buy Old Stock (2)" in shown
    assert not any(s.startswith("buy Gene Broker") for s in shown)  # 4 flesh: not affordable with 3
    p = g.p(0)
    assert p.discard.count("vat_grown") == 1 and p.counters["flesh"] == 1
    assert p.supply == 12 - 3 - 3 + 2  # garrison 3; the 2 flesh paid went back to the supply
    assert len(g.state.market_slots[ROW]) == 2 and "gene_broker" in g.state.market_slots[ROW]  # refilled at once
    assert len(g.state.market_decks[ROW]) == 1
    invariants.check(g.engine)
    g.done()


def test_without_the_currency_the_market_is_not_offered(content):
    g = Scenario(content, players=3, seed=4)
    g.p(0).hand = ["tank_tender"]
    g.answer(0, "end turn")
    g.reveal(0)
    assert not any(s.startswith("buy Vat") or s.startswith("buy Old") for _, opts in g.asked(0) for s in opts)


def test_the_kept_entry_plays_its_acquire_box_and_stays(content):
    g = Scenario(content, players=3, seed=4)
    flesh(g, 0, 4)
    before = g.p(0).garrison
    g.answer(0, ("buy", ROW, "old_stock"), "+2 troops", ("buy", ROW, "old_stock"), "+1 water", "end turn")
    g.reveal(0)
    p = g.p(0)
    assert p.garrison == before + 2 and p.water == 2 and p.counters["flesh"] == 0
    assert "old_stock" not in p.discard + p.deck  # never removed from the market, never the player's
    assert "old_stock" in rules_market.entries(g.engine, ROW)
    invariants.check(g.engine)


def test_the_buy_verb_reaches_the_market_outside_a_reveal_turn(content):
    g = Scenario(content, players=3, seed=4)
    show(g, "flesh_crafter", "vat_grown")
    g.answer(0, ("buy", ROW, "flesh_crafter"))
    g.box(0, "tank_tender", "agent")  # flesh 2, then buy
    p = g.p(0)
    assert "flesh_crafter" in p.discard and p.counters["flesh"] == 1


def test_a_card_bought_goes_on_top_of_the_deck_with_to_top(backend, tmp_root):
    top = vats(backend, tmp_root, "top")
    g = Scenario(top, players=3, seed=4)
    show(g, "gene_broker", "vat_grown")
    flesh(g, 0, 4)
    g.answer(0, ("buy", ROW, "gene_broker"), "end turn")
    g.reveal(0)
    p = g.p(0)
    assert p.deck[-1] == "gene_broker" and "gene_broker" not in p.discard
    assert p.solari == 1  # its `on acquire` box ran


def test_effects_on_the_imperium_row_never_reach_the_market(content):
    g = Scenario(content, players=3, seed=4)
    show(g, "flesh_crafter", "vat_grown")
    p = g.p(0)
    rules_cardsmod = __import__("dunec.engine.rules.cards", fromlist=["acquire_effect"])
    g.answer(0, "acquire nothing")
    rules_cardsmod.acquire_effect(g.engine, p, 9, False)
    g.engine.drive()
    (kind, shown), = g.asked(0)
    assert kind == "acquire" and not any("Vat" in s or "Flesh" in s for s in shown)


def test_rivals_never_buy_from_a_market_of_cards(content):
    g = Scenario(content, players=3, seed=4)
    p = g.p(1)
    p.rival = True
    flesh(g, 1, 4)
    rules_market.buy(g.engine, g.engine.context(p), ROW)
    assert g.state.pending is None and g.p(1).counters["flesh"] == 4


def test_the_action_space_numbers_the_markets_cards(content):
    g = Scenario(content, players=3, seed=4)
    from dunec.engine.loop.action_space import ActionSpace

    space = ActionSpace(content)
    lo, hi = next(r[1:3] for r in space.ranges if r[0] == "buy_market")
    # the vats' cards and Immortality's Tleilaxu cards (the bundled row): every card a market sells
    tleilaxu = [m["id"] for m in content.of_kind("tleilaxu")]
    assert "reclaimed_forces" in tleilaxu and len(tleilaxu) >= 2
    assert [space.keys[i][1] for i in range(lo, hi)] == sorted(
        ["flesh_crafter", "gene_broker", "old_stock", "vat_grown"] + tleilaxu)
    ids = space.legal_ids([("buy", ROW, "vat_grown"), ("buy", ROW, "old_stock"), ("buy", "dagger", 1)])
    assert len(ids) == 3
    assert space.describe(space.id_of(("buy", ROW, "vat_grown"))) == ("buy_market", "vat_grown")
    assert g.engine  # the scenario's content is the space's


def test_what_a_seat_sees_of_the_market(content):
    g = Scenario(content, players=3, seed=4)
    view = observation(g.state, 1)
    assert view.market_slots == g.state.market_slots
    assert view.market_decks[ROW] == sorted(g.state.market_decks[ROW])  # what is left, not the order
    text = render_view(g.engine, g.p(0))
    assert "Vat row (flesh, at reveal):" in text and "Old Stock (2, stays)" in text


def test_a_saved_state_is_checked_and_resumes(content, backend):
    g = Game(players=3, seed=4, sets=SETS, content=content, backend=backend)
    data = json.loads(g.state.to_json())
    state_check(content, data)
    assert GameState.from_json(g.state.to_json()).market_slots == g.state.market_slots
    bad = json.loads(g.state.to_json())
    bad["market_decks"][ROW].append(bad["market_slots"][ROW].pop())  # a slot left empty with cards in the deck
    with pytest.raises(StateError, match="market_slots"):
        state_check(content, bad)
    lost = json.loads(g.state.to_json())
    lost["market_decks"][ROW] = lost["market_decks"][ROW][1:]
    with pytest.raises(StateError, match="not conserved"):
        state_check(content, lost)


def test_random_games_buy_from_the_market_and_keep_every_invariant(content, backend):
    bought = 0
    for seed in range(3):
        g = Game(players=4, seed=seed, sets=SETS, content=content, backend=backend)
        for p in g.state.players:  # enough currency that purchases happen
            p.counters["flesh"], p.supply = 3, p.supply - 3
        rng = random.Random(seed)
        n = 0
        while not g.is_terminal() and n < 3000:
            acts = g.legal_actions()
            g.legal_ids()  # every option has an id
            buys = [a for a in acts if a[0] == "buy" and a[1] == ROW]
            a = rng.choice(buys) if buys and rng.random() < 0.7 else rng.choice(acts)
            bought += a in buys
            g.apply(a)
            invariants.check(g._engine)
            n += 1
        state_check(g.content, json.loads(g.state.to_json()))
    assert bought > 0


def test_immortality_deals_its_tleilaxu_row_with_reclaimed_forces_kept(backend):
    g = Game(players=3, seed=1, sets=("base", "immortality"), backend=backend)
    m = g.content.declared("market")["tleilaxu_row"]
    assert (m["currency"], m["slots"], m["keeps"], m["at_reveal"], m["to"]) == \
        ("specimen", 2, "reclaimed_forces", True, "discard")
    assert "reclaimed_forces" in rules_market.entries(g._engine, "tleilaxu_row")
    assert "reclaimed_forces" not in g.state.imperium_deck + g.state.imperium_row
    assert "reclaimed_forces" not in g.state.reserve


def test_a_free_market_of_cards_plays_its_name_as_a_verb(tmp_path):
    """`free` and `when_empty` play (engine/rules/contracts.py): the market's name takes
    a face-up card without a price into the discard pile; with none left, `when_empty`."""
    from dunec.content import load
    from scenario import Scenario

    folder = tmp_path / "cards" / "gifts"
    folder.mkdir(parents=True)
    (folder / "set.dune").write_text(
        'set gifts "Gifts" {\n  requires base\n  kinds card reserve\n'
        '  market alms "Alms" { free; sells reserve; slots 2; when_empty { solari 2 } }\n}\n'
        'reserve bowl "Bowl" {\n  set gifts\n  cost 1\n  reveal { persuasion 1 }\n}\n'
        'card beggar "Beggar" {\n  set gifts\n  cost 1; icons city\n  agent { alms 2 }\n}\n', encoding="utf-8")
    content = load("interpreted", extra=[str(folder / "set.dune")]).select(("base", "gifts"))
    g = Scenario(content, players=3)
    assert g.state.market_slots["alms"] == ["bowl"]
    before = g.p(0).solari
    g.box(0, "beggar", "agent")
    assert g.p(0).discard == ["bowl"] and g.p(0).solari == before + 2  # the second: nothing left
    assert g.state.market_slots["alms"] == []


def test_a_position_names_the_cards_face_up_in_the_slots(content, backend):
    from dunec.engine.records.position import PositionError

    g = Game.from_position({"markets": {ROW: ["gene_broker"]}}, players=3, seed=1, sets=SETS, content=content,
                           backend=backend)
    up, deck = g.state.market_slots[ROW], g.state.market_decks[ROW]
    assert up[0] == "gene_broker" and len(up) == 2
    assert sorted(up + deck) == sorted(["vat_grown", "vat_grown", "flesh_crafter", "gene_broker"])
    state_check(g.content, json.loads(g.state.to_json()))
    with pytest.raises(PositionError, match=f"markets.{ROW}"):
        Game.from_position({"markets": {ROW: ["old_stock"]}}, players=3, seed=1, sets=SETS, content=content,
                           backend=backend)


def test_show_words_a_market_cards_cost_in_its_currency(tmp_path):
    from dunec.frontend import compile_paths
    from dunec.show import show_definition, titles_of
    from vats_support import TEXT

    folder = tmp_path / "cards" / "vats"
    folder.mkdir(parents=True)
    (folder / "vats.dune").write_text(TEXT.replace("DESTINATION", "discard"), encoding="utf-8")
    from conftest import ROOT

    model, diags = compile_paths([ROOT / "cards", folder / "vats.dune"], root=ROOT)
    assert not diags.errors, diags.render()
    titles = titles_of(model)
    assert "Cost: 4 Flesh" in show_definition(model.defs["gene_broker"], titles)  # its own set's market
    assert "Cost: 2 Persuasion" in show_definition(model.defs["tank_tender"], titles)  # an Imperium card
    assert "Cost: 3 Specimens" in show_definition(model.defs["reclaimed_forces"], titles)


AXLOTL = """\
set axlotl "Axlotl" {
  requires base immortality
  kinds card
}
tleilaxu vat_child "Vat Child" {
  cost 2
  icons city
  agent { draw 1 }
  reveal { persuasion 1 }
}
tleilaxu grown_blade "Grown Blade" {
  cost 1
  icons city
  reveal { swords 2 }
}
"""


@pytest.fixture(scope="module")
def axlotl(backend, tmp_path_factory):
    from dunec.content import load

    folder = tmp_path_factory.mktemp("axlotl") / "cards" / "axlotl"
    folder.mkdir(parents=True)
    (folder / "set.dune").write_text(AXLOTL, encoding="utf-8")
    return load(backend, extra=[str(folder / "set.dune")]).select(("base", "immortality", "axlotl"))


def _show_tleilaxu(g: Scenario, *cards: str) -> None:
    """These cards face up in the Tleilaxu row's slots, the others back in its deck
    (Immortality's own Tleilaxu cards share the deck with the tests')."""
    row = "tleilaxu_row"
    deck = g.state.market_decks[row]
    deck.extend(g.state.market_slots[row])
    for c in cards:
        deck.remove(c)
    g.state.market_slots[row] = list(cards)


def test_the_tleilaxu_row_deals_and_sells_tleilaxu_cards(axlotl):
    g = Scenario(axlotl, players=3, seed=2)
    row = "tleilaxu_row"
    dealt = g.state.market_slots[row] + g.state.market_decks[row]
    assert {"grown_blade", "vat_child"} <= set(dealt)  # a card kind a set derives, dealt by the row
    assert len(g.state.market_slots[row]) == 2 and "reclaimed_forces" not in dealt
    assert not {"vat_child", "grown_blade"} & set(g.state.imperium_deck + g.state.imperium_row)
    _show_tleilaxu(g, "grown_blade", "vat_child")
    left = len(g.state.market_decks[row])
    p = g.p(0)
    p.counters["specimen"], p.supply = 3, p.supply - 3
    g.answer(0, ("buy", row, "grown_blade"), ("buy", row, "vat_child"), "end turn")
    g.reveal(0)
    assert sorted(p.discard) == ["grown_blade", "vat_child"] and p.counters["specimen"] == 0
    up = g.state.market_slots[row]
    assert len(up) == 2 and not {"grown_blade", "vat_child"} & set(up)  # each bought slot refilled at once
    assert len(g.state.market_decks[row]) == left - 2
    assert sorted(rules_market.entries(g.engine, row)) == sorted(up + ["reclaimed_forces"])  # the kept entry stays
    invariants.check(g.engine)


def test_the_first_genetic_marker_lets_a_tleilaxu_card_go_on_top(axlotl):
    g = Scenario(axlotl, players=3, seed=2)
    _show_tleilaxu(g, "grown_blade", "vat_child")
    p = g.p(0)
    cells = g.content.declared("track")["research"]["cells"]
    p.tracks["research"] = next(c for c, m in cells.items() if m["column"] == 4)  # the first genetic marker
    p.counters["specimen"], p.supply = 1, p.supply - 1
    g.answer(0, ("buy", "tleilaxu_row", "grown_blade"), "put Grown Blade on top", "end turn")
    g.reveal(0)
    assert p.deck[-1] == "grown_blade"
    asked = [k for k, _ in g.asked(0)]
    assert asked == ["buy", "top", "buy"]


def test_games_with_tleilaxu_cards_keep_every_check(axlotl, backend):
    for seed in range(2):
        g = Game(players=3, seed=seed, sets=("base", "immortality", "axlotl"), content=axlotl, backend=backend)
        for p in g.state.players:
            p.counters["specimen"], p.supply = 3, p.supply - 3
        rng = random.Random(seed)
        while not g.is_terminal():
            acts = g.legal_actions()
            g.legal_ids()
            buys = [a for a in acts if a[0] == "buy" and a[1] == "tleilaxu_row"]
            g.apply(rng.choice(buys) if buys else rng.choice(acts))
            invariants.check(g._engine)
        state_check(g.content, json.loads(g.state.to_json()))
