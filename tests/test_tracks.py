"""Tracks a set declares (engine/rules/tracks.py): a line of steps or a graph of
cells. Every step or cell reached pays, the first player to reach a `first K`
step takes its box once, two links ask the player, `at_end` plays when the token
cannot move, `reached` reads the position, a `from COLUMN` box switches rule
modifiers on; both back-ends agree; random advances keep every token on a cell.
Immortality's two tracks as declared (rules 002, TleilaxuResearch.lua)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dunec.content import load
from dunec.engine.checks import invariants, state_check
from dunec.engine.effects.context import Ctx
from dunec.engine.loop.game import Engine
from dunec.engine.rules import cards as rules_cards, costs as rules_costs, modifiers as rules_modifiers, tracks as rules_tracks
from dunec.engine.runs.runner import for_sets, new_state
from dunec.engine.views.tableview import board_lines, holdings

LAB_SET = '''\
set lab "Lab" {
  requires base
  kinds card
  track ladder "Ladder" {
    steps 4
    step 1 { spice 1 }
    step 2 { water 1 }
    step 3 { solari 2 }
    first 3 { vp 1 }
    at_end { draw 1 }
  }
  track study "Study track" {
    start s0
    cell s0 { column 0; next a1 b1 }
    cell a1 { column 1; next a2; gives { spice 2 } }
    cell b1 { column 1; next a2 b2; gives { solari 3 } }
    cell a2 { column 2; gives { water 1 } }
    cell b2 { column 2; gives { advance ladder 1 } }
    from 2 { acquire_on_top; win_ties }
    at_end { intrigue 1 }
  }
}
'''
LAB_CARDS = '''\
card lab_assistant "Lab Assistant" {
  cost 2; icons city
  agent { advance study 1; if reached study 2 { spice 1 } }
  reveal { persuasion 1; for each reached ladder { solari 1 } }
}
'''


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("cards") / "lab"
    folder.mkdir()
    (folder / "set.dune").write_text(LAB_SET, encoding="utf-8")
    (folder / "cards.dune").write_text(LAB_CARDS, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def lab_content(lab):
    return {b: for_sets(load(b, extra=[lab]), ["base", "lab"]) for b in ("interpreted", "compiled")}


@pytest.fixture(params=["interpreted", "compiled"])
def backend(request):
    return request.param


def _game(content, seed: int = 1):
    state = new_state(content, 4, seed, ["random"] * 4)
    return Engine(content, state, [None] * 4)


def _run(e, answers=()):
    """Run until the stack is empty, answering each pending decision in turn."""
    answers = list(answers)
    e.advance()
    while e.state.pending is not None:
        e.answer(answers.pop(0))
    assert not answers, "answers left over"


def test_a_line_pays_every_step_reached_and_the_first_box_once(lab_content, backend):
    e = _game(lab_content[backend])
    p, q = e.state.players[0], e.state.players[1]
    assert e.state.track_firsts == {"ladder": [3]}  # placed at setup
    before = (p.spice, p.water, p.solari, p.vp)
    Ctx(e, p).advance("ladder", 3)
    _run(e)
    assert p.tracks["ladder"] == 3
    assert (p.spice, p.water, p.solari, p.vp) == (before[0] + 1, before[1] + 1, before[2] + 2, before[3] + 1)
    assert e.state.track_firsts == {"ladder": []}  # taken: gone
    vp, solari = q.vp, q.solari
    Ctx(e, q).advance("ladder", 3)
    _run(e)
    assert (q.solari, q.vp) == (solari + 2, vp)  # the step's reward, not the first box


def test_at_the_top_of_a_line_at_end_plays(lab_content, backend):
    e = _game(lab_content[backend])
    p = e.state.players[0]
    p.tracks["ladder"] = 4
    hand = len(p.hand)
    Ctx(e, p).advance("ladder", 2)  # twice at the top: twice the at_end box
    _run(e)
    assert (p.tracks["ladder"], len(p.hand)) == (4, hand + 2)


def test_two_links_ask_the_player_with_ids_only(lab_content, backend):
    e = _game(lab_content[backend])
    p = e.state.players[0]
    assert p.tracks["study"] == "s0"
    solari = p.solari
    Ctx(e, p).advance("study", 1)
    e.advance()
    d = e.state.pending
    assert (d["kind"], d["options"], d["about"]) == ("cell", [("cell", "study", "a1"), ("cell", "study", "b1")],
                                                     "study")
    state_check.check(e.content, json.loads(e.state.to_json()))  # a game paused on the choice is a valid state
    saved = json.loads(e.state.to_json())
    saved["pending"]["options"][1] = ["cell", "study", "a2"]  # a cell, but no link from s0 leads there
    with pytest.raises(state_check.StateError, match="not linked from the cell 's0'"):
        state_check.check(e.content, saved)
    saved["pending"]["options"][1] = ["cell", "study", "zz"]
    with pytest.raises(state_check.StateError, match="expected one of"):
        state_check.check(e.content, saved)
    e.answer(1)
    _run(e)
    assert (p.tracks["study"], p.solari) == ("b1", solari + 3)


def test_a_cell_reward_may_advance_another_track_and_at_end_plays_at_the_last_column(lab_content, backend):
    e = _game(lab_content[backend])
    p = e.state.players[0]
    spice, intrigue = p.spice, len(p.intrigue)
    Ctx(e, p).advance("study", 3)  # b1, then b2 (advance ladder 1: its step 1), then no link: at_end
    _run(e, [1, 1])
    assert (p.tracks["study"], p.tracks["ladder"], p.spice, len(p.intrigue)) == ("b2", 1, spice + 1, intrigue + 1)


def test_one_link_moves_without_asking(lab_content, backend):
    e = _game(lab_content[backend])
    p = e.state.players[0]
    p.tracks["study"] = "a1"
    water = p.water
    Ctx(e, p).advance("study", 1)
    _run(e)
    assert (p.tracks["study"], p.water) == ("a2", water + 1)


def test_reached_is_the_step_or_the_column(lab_content, backend):
    e = _game(lab_content[backend])
    p = e.state.players[0]
    ctx = Ctx(e, p)
    assert not rules_costs.flag(e, ctx, ("reached", "study", 1))
    p.tracks["study"], p.tracks["ladder"] = "b1", 2
    assert rules_costs.flag(e, ctx, ("reached", "study", 1)) and not rules_costs.flag(e, ctx, ("reached", "study", 2))
    assert rules_costs.quantity(e, ctx, ("reached", "ladder")) == 2
    assert rules_costs.quantity(e, ctx, ("reached", "study")) == 1
    # the card's boxes: `if reached study 2` and `for each reached ladder`
    p.tracks["study"] = "a1"
    p.hand.append("lab_assistant")
    spice = p.spice
    e.run_box("lab_assistant", "agent", e.context(p, card="lab_assistant", box="agent"))
    _run(e)
    assert (p.tracks["study"], p.spice) == ("a2", spice + 1)  # reached column 2: the `if` holds
    solari = p.solari
    e.run_box("lab_assistant", "reveal", e.context(p, card="lab_assistant", box="reveal"))
    _run(e)
    assert p.solari == solari + 2


def test_a_from_column_passive_switches_on_for_the_rest_of_the_game(lab_content, backend):
    e = _game(lab_content[backend])
    p = e.state.players[0]
    card = e.state.imperium_row[0]
    assert rules_modifiers.held(e, p, "acquire_on_top") == []
    assert not rules_cards.on_top_allowed(e, p, card)
    p.tracks["study"] = "a2"  # column 2
    assert rules_modifiers.held(e, p, "acquire_on_top") == [()]
    assert rules_cards.on_top_allowed(e, p, card)
    assert not rules_cards.on_top_allowed(e, e.state.players[1], card)  # only for the player who reached it


def test_a_rival_never_moves_on_a_graph(lab_content):
    content = lab_content["compiled"]
    state = new_state(content, 1, 1, ["random"])
    e = Engine(content, state, [None])
    rival = next(p for p in state.players if p.rival)
    Ctx(e, rival).advance("study", 1)
    Ctx(e, rival).advance("ladder", 1)
    _run(e)
    assert (rival.tracks["study"], rival.tracks["ladder"]) == ("s0", 1)


def _scripted(content) -> str:
    e = _game(content, seed=3)
    p, q = e.state.players[0], e.state.players[2]
    Ctx(e, p).advance("study", 2)
    _run(e, [0])
    Ctx(e, q).advance("study", 3)
    _run(e, [1, 1])
    Ctx(e, q).advance("ladder", 5)
    _run(e)
    Ctx(e, p).advance("ladder", 3)
    _run(e)
    return e.state.digest()


def test_both_back_ends_agree(lab_content):
    assert _scripted(lab_content["interpreted"]) == _scripted(lab_content["compiled"])


def test_state_and_table_show_the_positions_and_the_first_box(lab_content):
    e = _game(lab_content["compiled"])
    p = e.state.players[0]
    p.tracks["study"] = "b1"
    assert "study track cell b1" in holdings(p) and "ladder track step 0" in holdings(p)
    lines = board_lines(e, lambda ident, box: "+1 VP" if (ident, box) == ("ladder", "first 3") else None)
    assert "First to reach: Ladder step 3 (+1 VP)" in lines
    data = json.loads(e.state.to_json())
    assert data["track_firsts"] == {"ladder": [3]} and data["players"][0]["tracks"]["study"] == "b1"
    state_check.check(e.content, data)
    data["players"][0]["tracks"]["study"] = "nowhere"
    with pytest.raises(state_check.StateError, match="tracks.study"):
        state_check.check(e.content, data)
    data["players"][0]["tracks"]["study"] = "b1"
    data["track_firsts"] = {"ladder": [2]}
    with pytest.raises(state_check.StateError, match="no `first` box"):
        state_check.check(e.content, data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["study", "ladder"]), st.integers(1, 3),
                                st.lists(st.integers(0, 1), max_size=4)), max_size=8))
def test_random_advances_keep_every_token_on_a_reachable_cell(lab_content, moves):
    e = _game(lab_content["compiled"])
    cells = lab_content["compiled"].declared("track")["study"]["cells"]
    for seat, track, n, picks in moves:
        Ctx(e, e.state.players[seat]).advance(track, n)
        e.advance()
        picks = list(picks)
        while e.state.pending is not None:
            e.answer(picks.pop(0) % len(e.state.pending["options"]) if picks else 0)
        for p in e.state.players:
            assert p.tracks["study"] in cells and 0 <= p.tracks["ladder"] <= 4
        invariants.check(e)
        state_check.check(e.content, json.loads(e.state.to_json()))


# ---------------------------------------------------------------------- Immortality
@pytest.fixture(scope="module")
def immortality():
    return {b: load(b).select(("base", "immortality")) for b in ("interpreted", "compiled")}


def test_immortality_declares_its_two_tracks(immortality):
    tracks = immortality["compiled"].declared("track")
    t, r = tracks["tleilaxu"], tracks["research"]
    assert (t["steps"], t["rewards"], t["firsts"]) == (7, (2, 4, 6, 7), (4,))
    assert (r["start"], r["top"], len(r["cells"]), r["at_end"]) == ("r0", 8, 22, True)
    assert r["cells"]["r0"]["next"] == ("r1_0",) and r["cells"]["r1_0"]["next"] == ("r2_1", "r2_m1")
    assert all(not c["next"] for c in r["cells"].values() if c["column"] == 8)
    # every link one column right and at most one row up or down (TleilaxuResearch.lua)
    for cid, c in r["cells"].items():
        for n in c["next"]:
            assert r["cells"][n]["column"] == c["column"] + 1


def test_the_first_to_reach_the_fourth_tleilaxu_space_takes_the_spice(immortality, backend):
    e = _game(immortality[backend])
    p, q = e.state.players[0], e.state.players[1]
    assert e.state.track_firsts == {"tleilaxu": [4]}
    spice, vp, intrigue = p.spice, p.vp, len(p.intrigue)
    Ctx(e, p).advance("tleilaxu", 4)
    _run(e)
    assert (p.tracks["tleilaxu"], p.spice, p.vp, len(p.intrigue)) == (4, spice + 2, vp + 1, intrigue + 1)
    spice, vp = q.spice, q.vp
    Ctx(e, q).advance("tleilaxu", 4)
    _run(e)
    assert (q.spice, q.vp) == (spice, vp + 1)


def test_research_moves_right_and_draws_from_the_last_column(immortality, backend):
    e = _game(immortality[backend])
    p = e.state.players[0]
    specimens = p.counters["specimen"]
    Ctx(e, p).advance("research", 2)  # r1_0 (forced: a specimen), then the choice r2_1 / r2_m1
    e.advance()
    assert e.state.pending["options"] == [("cell", "research", "r2_1"), ("cell", "research", "r2_m1")]
    e.answer(1)  # r2_m1: advance tleilaxu 1
    _run(e)
    assert (p.tracks["research"], p.tracks["tleilaxu"], p.counters["specimen"]) == ("r2_m1", 1, specimens + 1)
    p.tracks["research"] = "r8_1"
    hand = len(p.hand)
    Ctx(e, p).advance("research", 1)
    _run(e)
    assert (p.tracks["research"], len(p.hand)) == ("r8_1", hand + 1)


def test_a_research_cell_moves_again(immortality, backend):
    e = _game(immortality[backend])
    p = e.state.players[0]
    p.tracks["research"] = "r2_1"
    tleilaxu = p.tracks["tleilaxu"]
    Ctx(e, p).advance("research", 1)
    e.advance()
    e.answer(0)  # r3_2: research again, to r4_1 (its only link): advance tleilaxu 1
    _run(e)
    assert (p.tracks["research"], p.tracks["tleilaxu"]) == ("r4_1", tleilaxu + 1)


def test_a_position_puts_tokens_on_cells_and_steps(immortality):
    from dunec import Game
    from dunec.engine.records.position import PositionError

    g = Game.from_position({"seats": [{"research": "r3_0", "tleilaxu": 5}, {"tleilaxu": 2}]},
                           players=4, seed=2, sets=("base", "immortality"), content=immortality["compiled"])
    st = g.state
    assert st.players[0].tracks == {"research": "r3_0", "tleilaxu": 5}
    assert st.players[1].tracks == {"research": "r0", "tleilaxu": 2}
    assert st.track_firsts == {"tleilaxu": []}  # step 4 was passed: its spice is gone
    with pytest.raises(PositionError, match="unknown cell of the research track"):
        Game.from_position({"seats": [{"research": "r9_9"}]}, players=4, seed=2, sets=("base", "immortality"),
                           content=immortality["compiled"])


LAB_CARD_TEST = '''\
test lab_assistant_studies "From a1 the token moves to a2: water, and the column-2 spice" {
  card lab_assistant
  given { study a1 }
  play agent
  expect { study 1; water 1; spice 1 }
}
'''


def test_a_card_test_gives_a_cell_and_counts_columns(lab, tmp_path, monkeypatch, capsys):
    from dunec.cli import main

    folder = tmp_path / "cards" / "lab"
    folder.mkdir(parents=True)
    (folder / "set.dune").write_text(LAB_SET, encoding="utf-8")
    (folder / "cards.dune").write_text(LAB_CARDS + LAB_CARD_TEST, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["test", "cards/lab"]) == 0, capsys.readouterr()
    (folder / "cards.dune").write_text(LAB_CARDS + LAB_CARD_TEST.replace("study a1", "study z9"), encoding="utf-8")
    assert main(["test", "cards/lab"]) == 1
    assert "not a cell of track `study`" in capsys.readouterr().err


def test_the_terminal_shows_what_each_cell_gives(immortality):
    from dunec.engine.views.tableview import option_details

    e = _game(immortality["compiled"])
    says = {("research", "cell r2_1"): "+1 specimen", ("research", "cell r2_m1"): "advance on the Tleilaxu track"}
    got = option_details(e, e.state.players[0], [("cell", "research", "r2_1"), ("cell", "research", "r2_m1")],
                         lambda ident, box: says.get((ident, box)))
    assert got == ["column 2; gives: +1 specimen; then r3_2 or r3_0",
                   "column 2; gives: advance on the Tleilaxu track; then r3_0 or r3_m2"]


def test_a_tracks_boxes_are_worded_for_the_table():
    from dunec.content import check_cards
    from dunec.engine.views.info import CardWords

    model = check_cards()
    words = CardWords(model, lambda: model)
    assert words.says("tleilaxu", "first 4") == "+2 spice"
    assert words.says("tleilaxu", "step 2") == "+1 Intrigue card"
    assert words.says("research", "at_end") == "draw 1 card"
    assert words.says("research", "cell r0") is None  # the start gives nothing


def _reachable(cells: dict, start: str) -> set:
    seen, todo = set(), [start]
    while todo:
        c = todo.pop()
        if c not in seen:
            seen.add(c)
            todo.extend(cells[c]["next"])
    return seen


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(["research", "tleilaxu"]), st.integers(1, 4),
                                st.lists(st.integers(0, 1), max_size=8)), max_size=10))
def test_random_research_keeps_every_token_on_a_cell_reachable_from_the_start(immortality, moves):
    e = _game(immortality["compiled"], seed=5)
    m = immortality["compiled"].declared("track")["research"]
    reachable = _reachable(m["cells"], m["start"])
    for seat, track, n, picks in moves:
        p = e.state.players[seat]
        column = rules_tracks.reached(e, p, "research")
        Ctx(e, p).advance(track, n)
        e.advance()
        picks = list(picks)
        while e.state.pending is not None:
            e.answer(picks.pop(0) % len(e.state.pending["options"]) if picks else 0)
        assert p.tracks["research"] in reachable
        assert rules_tracks.reached(e, p, "research") >= column  # a token never moves left
        invariants.check(e)
    state_check.check(e.content, json.loads(e.state.to_json()))


def test_a_track_columns_modifiers_join_the_tiles_rules(lab_content):
    """A `from COLUMN` box holds any rule modifier a tile may: the tie-break reads it too."""
    from dunec.engine.rules import tiles as rules_tiles

    e = _game(lab_content["compiled"])
    p = e.state.players[0]
    assert rules_tiles.tiebreak(e, p) == 0
    p.tracks["study"] = "b2"
    assert rules_tiles.tiebreak(e, p) == 1 and rules_modifiers.held(e, p, "acquire_on_top") == [()]
