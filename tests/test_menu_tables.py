"""The turn menu's per-content tables are caches of the general rules: each is
checked here against the rule it stands for, for every leader and every amount
up to past the table's caps."""
from __future__ import annotations

import itertools

import pytest

from dunec.engine.rules import costs as rules_costs
from dunec.engine.loop import turns
from dunec.engine.loop.actions import END_TURN
from dunec.engine.effects.context import Ctx
from dunec.engine.loop.game import Engine
from dunec.engine.loop.setup import new_game


def _general_rule(e, p) -> list:
    """The agent menu by the general rule, card by card, space by space: the
    card's icons, blocking, the space's requirement, its cost for this leader."""
    out = []
    for card in dict.fromkeys(p.hand):
        m = e.defs[card]
        for sid, icon, req, _costs, _plain, sp in e.content.board():
            if icon in m.get("icons", ()) and not turns.blocked(e, p, sp, m.get("infiltrate", False)) \
                    and (req is None or req(Ctx(e, p, space=sid, box="space"))) \
                    and rules_costs.can_pay(e, p, turns.space_costs(e, p, sp)):
                out.append(("place", card, sid))
    return out


@pytest.mark.parametrize("sets", [("base",), ("base", "ix")])
def test_agent_menu_tables_give_the_general_rule(compiled, sets):
    """The agent menu, read from the content's tables (agent_menu), is the general
    per-space rule's for every leader and every amount of Solari, spice and water
    up to past the tables' caps, with spaces held by opponents and by the player."""
    content = compiled.select(sets)
    e = Engine(content, new_game(content, 4, 1))
    p = e.players[0]
    board = content.board()
    # A hand of every agent card: every icon, an infiltrating card in a game with Ix.
    p.hand = [k for k, m in sorted(content.defs.items()) if m.get("icons") and not m.get("space_discounts")]
    assert {row[1] for row in board} <= {i for c in p.hand for i in content.defs[c]["icons"]}
    ids = [row[0] for row in board]
    e.state.occupied = {ids[0]: 1, ids[5]: 0, ids[9]: 2, ids[12]: 3}
    leaders = [m["id"] for m in content.of_kind("leader")]
    assert any(content.leader_rules(leader)[1] for leader in leaders)  # a leader with its own costs is checked
    for leader in leaders:
        p.leader = leader
        reached = content.agent_menu(leader)[3:6]
        for p.solari, p.spice, p.water in itertools.product(*(range(len(at) + 1) for at in reached)):
            assert turns.agent_options(e, p) == _general_rule(e, p), (leader, p.solari, p.spice, p.water)
    # Agents held and spaces blocked every way the menu reads them, at a few amounts.
    boards = [({"infiltrate": True}, {}, []), ({}, {ids[3]: 2, ids[4]: 0}, []),
              ({}, {}, [[ids[0], 0], [ids[9], 1]]), ({"infiltrate": True}, {ids[12]: 1}, [[ids[5], 2]])]
    for flags, blocked, infiltrators in boards:
        p.infiltrate = flags.get("infiltrate", False)
        e.state.blocked, e.state.infiltrators = blocked, infiltrators
        for leader in leaders:
            p.leader = leader
            for p.solari, p.spice, p.water in ((0, 0, 0), (3, 1, 1), (20, 20, 20)):
                assert turns.agent_options(e, p) == _general_rule(e, p), (leader, flags, blocked, infiltrators)


def test_agent_menu_tables_are_made_once_per_leader_costs(compiled):
    """Leaders whose modifiers leave space costs alone share one table; a leader
    who changes them has its own, and a second selection has its own tables."""
    base = compiled.select(("base",))
    leaders = [m["id"] for m in base.of_kind("leader")]
    plain = [leader for leader in leaders if not base.leader_rules(leader)[1]]
    own = [leader for leader in leaders if base.leader_rules(leader)[1]]
    assert plain and own
    table = base.agent_menu(plain[0])[2]
    assert all(base.agent_menu(leader)[2] is table for leader in plain)
    assert all(base.agent_menu(leader)[2] is not table for leader in own)
    assert compiled.select(("base", "ix")).agent_menu(plain[0])[2] is not table


@pytest.mark.parametrize("sets", [("base",), ("base", "ix")])
def test_intrigue_tables_give_the_general_rule(compiled, sets):
    """The intrigue menus, read from the content's table (intrigue_plays), offer
    each card in hand once whose box the player may play: the box is the card's,
    its forced cost payable, its requirement met, and later in the turn not one
    played at its start."""
    content = compiled.select(sets)
    e = Engine(content, new_game(content, 4, 1))
    p = e.players[0]
    p.intrigue = [k for k, m in sorted(content.defs.items()) if m["kind"] == "intrigue"] * 2
    for amount in range(0, 8):
        p.solari = p.spice = p.water = p.garrison = amount
        for box in ("plot", "combat", "endgame"):
            for later in (False, True):
                want = []
                for c in dict.fromkeys(p.intrigue):
                    m, req = content.defs[c], content.effect(c, "requires")
                    forced = m["forced"].get(box)
                    if box in m["boxes"] and not (later and m.get("turn_start")) \
                            and (forced is None or rules_costs.can_pay(e, p, forced)) \
                            and (req is None or req(Ctx(e, p, card=c, box=box))):
                        want.append(c)
                assert turns.intrigue_options(e, p, box, [], later) == [("play", c) for c in want]
                assert turns.intrigue_options(e, p, box, [END_TURN], later)[1:] == [("play", c) for c in want]


@pytest.mark.parametrize("sets", [("base",), ("base", "ix")])
def test_box_owners_give_the_general_rule(content, sets):
    """The engine's box table (Content.box_owners) says an id has a box exactly
    when the content has an effect or a program for it, for every definition and
    every box name any definition has, on both back-ends."""
    content = content.select(sets)
    e = Engine(content, new_game(content, 4, 1))
    keys = {*content.effects, *content.programs}
    boxes = {box for _ident, box in keys} | {b for m in content.defs.values() for b in m["boxes"]} | {"space_paid"}
    for ident in {*content.defs, *(i for i, _box in keys)}:
        for box in boxes:
            assert e.has_box(ident, box) == ((ident, box) in keys), (ident, box)


@pytest.mark.parametrize("sets", [("base",), ("base", "ix")])
def test_reserve_table_gives_the_general_rule(compiled, sets):
    """The buy menu's reserve rows (Content.reserve_buys) are the game's reserve in
    id order, less the cards only gained."""
    content = compiled.select(sets)
    st = new_game(content, 4, 1)
    assert content.reserve_buys() == tuple(c for c, _left in sorted(st.reserve.items())
                                           if not content.defs[c].get("gained_only"))
