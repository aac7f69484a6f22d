"""A graph track's first-to-reach box (`first CELL { }`, engine/rules/tracks.py): on
its cell from setup, taken once by the first token to reach the cell (after the
cell's `gives`), saved and checked in `state.track_firsts`, shown on the table,
and taken by a position that puts a token on the cell."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dunec.api import Game
from dunec.content import load
from dunec.engine.checks import state_check
from dunec.engine.effects.context import Ctx
from dunec.engine.loop.game import Engine
from dunec.engine.runs.runner import for_sets, new_state
from dunec.engine.views.tableview import render_view

RIDGE = '''\
set climbers "Climbers" {
  requires base
  kinds card
  track ridge "Ridge" {
    start foot
    cell foot { column 0; next left right }
    cell left { column 1; next top; gives { spice 1 } }
    cell right { column 1; next top }
    cell top { column 2; gives { vp 1 } }
    first left { solari 2 }
    first top { water 1 }
  }
}
card rope "Rope" {
  cost 1; icons city
  agent { advance ridge 1 }
}
'''
SETS = ("base", "climbers")


@pytest.fixture(scope="module", params=("interpreted", "compiled"))
def game(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("ridge") / "cards" / "climbers"
    folder.mkdir(parents=True)
    (folder / "set.dune").write_text(RIDGE, encoding="utf-8")
    content = for_sets(load(request.param, extra=[folder]), list(SETS))
    return content, request.param


def _engine(content):
    return Engine(content, new_state(content, 4, 2, ["random"] * 4), [None] * 4)


def _advance(e, seat: int, cell: str) -> None:
    """Seat's token one move on the ridge, the link chosen where two leave the cell."""
    Ctx(e, e.state.players[seat]).advance("ridge", 1)
    e.advance()
    while e.state.pending is not None:
        e.answer(e.state.pending["options"].index(("cell", "ridge", cell)))


def test_the_first_token_on_a_cell_takes_its_box_once(game):
    content, backend = game
    e = _engine(content)
    st = e.state
    assert st.track_firsts == {"ridge": ["left", "top"]}
    assert "First to reach: Ridge cell left, Ridge cell top" in render_view(e, st.players[0])
    p0, p1 = st.players[0], st.players[1]
    solari, spice = p0.solari, p0.spice
    _advance(e, 0, "left")
    assert p0.tracks["ridge"] == "left" and (p0.solari, p0.spice) == (solari + 2, spice + 1)
    assert st.track_firsts == {"ridge": ["top"]}
    assert any(line.endswith("is the first to reach cell left (column 1) of the Ridge") for line in st.log)
    solari, spice = p1.solari, p1.spice
    _advance(e, 1, "left")  # the second token on the cell: its reward, no box
    assert p1.tracks["ridge"] == "left" and (p1.solari, p1.spice) == (solari, spice + 1)
    water = p1.water
    _advance(e, 1, "top")
    assert st.track_firsts == {"ridge": []} and p1.water == water + 1
    data = json.loads(st.to_json())
    state_check.read(content, data)  # the state the engine reached reads back
    with pytest.raises(ValueError, match=r"track_firsts.ridge\[0\]"):
        state_check.read(content, {**data, "track_firsts": {"ridge": ["foot"]}})


def test_a_position_with_a_token_on_the_cell_took_its_box(game):
    content, backend = game
    g = Game.from_position({"seats": [{"ridge": "right"}, {"ridge": "top"}]}, sets=SETS, content=content,
                           backend=backend)
    assert g.state.track_firsts == {"ridge": ["left"]}
