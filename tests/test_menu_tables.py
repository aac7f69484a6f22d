"""The turn menu's per-content tables are caches of the general rules: each is
checked here against the rule it stands for, for every leader and every amount
up to past the table's caps."""
from __future__ import annotations

import itertools

import pytest

from dunec.engine import rules_costs, turns
from dunec.engine.game import Engine
from dunec.engine.setup import new_game


@pytest.mark.parametrize("sets", [("base",), ("base", "ix")])
def test_agent_menu_tables_give_the_general_rule(compiled, sets):
    """space_rows (the agent menu's cost table) keeps exactly the spaces the
    general cost rule lets the player pay for, in board order, handing on the
    leader's own cost of a space whose cost is not plain resources."""
    content = compiled.select(sets)
    e = Engine(content, new_game(content, 4, 1))
    p = e.players[0]
    board = content.board()
    leaders = [m["id"] for m in content.of_kind("leader")]
    assert any(content.leader_rules(leader)[1] for leader in leaders)  # a leader with its own costs is checked
    for leader in leaders:
        p.leader = leader
        _table, *reached = content.agent_menu(leader)
        for p.solari, p.spice, p.water in itertools.product(*(range(len(at) + 2) for at in reached)):
            rows = turns.space_rows(e, p)
            kept = {row[0]: row for row in rows}
            assert [row[0] for row in rows] == [row[0] for row in board if row[0] in kept]
            for sid, icon, req, _costs, _plain, sp in board:
                costs = turns.space_costs(e, p, sp)
                pays = rules_costs.can_pay(e, p, costs)
                if sid not in kept:
                    assert not pays, (leader, sid)
                    continue
                assert kept[sid][1:3] == (icon, req)
                judged = kept[sid][3]
                assert judged is None and pays or judged == costs and rules_costs.can_pay(e, p, judged) == pays


def test_agent_menu_tables_are_made_once_per_leader_costs(compiled):
    """Leaders whose modifiers leave space costs alone share one table; a leader
    who changes them has its own, and a second selection has its own tables."""
    base = compiled.select(("base",))
    leaders = [m["id"] for m in base.of_kind("leader")]
    plain = [leader for leader in leaders if not base.leader_rules(leader)[1]]
    own = [leader for leader in leaders if base.leader_rules(leader)[1]]
    assert plain and own
    assert all(base.agent_menu(leader) is base.agent_menu(plain[0]) for leader in plain)
    assert all(base.agent_menu(leader) is not base.agent_menu(plain[0]) for leader in own)
    assert compiled.select(("base", "ix")).agent_menu(plain[0]) is not base.agent_menu(plain[0])
