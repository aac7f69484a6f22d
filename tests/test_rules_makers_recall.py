"""Rules: the Makers phase and Recall (rules 001 "In the Makers phase ...", "Then comes
Recall ...")."""
from __future__ import annotations

from scenario import Scenario

from dunec.engine.loop import turns
from dunec.engine.loop.game import Engine
from dunec.engine.players.policies import RandomPolicy

PLAIN = "glossu_rabban"
MAKERS = ("hagga_basin", "imperial_basin", "the_great_flat")


def _game(content, n=3):
    return Scenario(content, players=n, leaders=[PLAIN] * n)


# ---------------------------------------------------------------------- Makers
def test_each_empty_maker_space_gains_one_bonus_spice(content):
    g = _game(content)
    st = g.state
    st.occupied = {"hagga_basin": 0, "arrakeen": 1}
    turns.makers(g.engine)
    assert st.maker_spice == {"hagga_basin": 0, "imperial_basin": 1, "the_great_flat": 1}
    st.occupied = {}
    turns.makers(g.engine)
    assert st.maker_spice == {"hagga_basin": 1, "imperial_basin": 2, "the_great_flat": 2}


def test_only_the_three_maker_spaces_collect_spice(content):
    g = _game(content)
    turns.makers(g.engine)
    assert set(g.state.maker_spice) == set(MAKERS)
    assert g.state.maker_spice == {m: 1 for m in MAKERS}


def test_bonus_spice_goes_to_the_next_visitor(content):
    g = _game(content)
    st = g.state
    st.maker_spice["hagga_basin"] = 2
    p = g.p(1)
    p.water = 1
    g.answer(1, "deploy 0")
    g.agent(1, "dune_the_desert_planet", "hagga_basin")
    assert p.spice == 2 + 2  # the space's 2 and the 2 bonus
    assert p.water == 0
    assert st.maker_spice["hagga_basin"] == 0
    g.done()


def test_imperial_basin_bonus_and_control_bonus(content):
    g = _game(content)
    st = g.state
    st.maker_spice["imperial_basin"] = 3
    st.control = {"imperial_basin": 2}
    g.answer(0, "deploy 0")
    g.agent(0, "dune_the_desert_planet", "imperial_basin")
    assert g.p(0).spice == 1 + 3
    assert g.p(2).spice == 1
    assert st.maker_spice["imperial_basin"] == 0
    g.done()


# ---------------------------------------------------------------------- Recall
def test_recall_resets_the_round(content):
    g = _game(content)
    st = g.state
    st.first_player = 1
    st.occupied = {"arrakeen": 0, "mentat_space": 1, "wealth": 2}
    st.mentat_on_board = False
    p1 = g.p(1)
    p1.has_mentat, p1.agents_left = True, 0
    for p in st.players:
        p.revealed_turn = True
        p.agents_left = 0
    assert turns.recall(g.engine) is True
    assert not st.finished
    assert st.occupied == {}  # all Agents back on their Leaders
    assert st.mentat_on_board and not p1.has_mentat
    assert [p.agents_left for p in st.players] == [2, 2, 2]
    assert not any(p.revealed_turn for p in st.players)
    assert st.first_player == 2  # clockwise


def test_first_player_marker_goes_round_the_table(content):
    g = _game(content, n=4)
    seen = []
    for _ in range(5):
        seen.append(g.state.first_player)
        turns.recall(g.engine)
    assert seen == [0, 1, 2, 3, 0]


def test_game_ends_at_recall_when_a_player_has_ten_victory_points(content):
    g = _game(content)
    st = g.state
    st.first_player = 0
    st.occupied = {"arrakeen": 0}
    g.p(2).vp, g.p(2).vp_ledger = 10, {"cards": 10}
    assert turns.recall(g.engine) is False
    assert st.finished
    assert st.first_player == 0 and st.occupied == {"arrakeen": 0}  # no reset


def test_nine_victory_points_do_not_end_the_game(content):
    g = _game(content)
    g.p(2).vp, g.p(2).vp_ledger = 9, {"cards": 9}
    assert turns.recall(g.engine) is True


def test_game_ends_at_recall_when_the_conflict_deck_is_empty(content):
    g = _game(content)
    g.state.conflict_deck = []
    assert turns.recall(g.engine) is False
    assert g.state.finished


def _random_engine(g, seed=0):
    return Engine(g.content, g.state, [RandomPolicy(seed, s) for s in range(g.state.n_players)])


def test_ten_victory_points_end_the_game_only_at_the_end_of_the_round(content):
    g = Scenario(content, players=3, leaders=[PLAIN] * 3, clear=False)
    st = g.state
    st.round, st.phase, st.conflict = 0, "rounds", None
    g.p(0).vp, g.p(0).vp_ledger = 10, {"cards": 10}
    e = _random_engine(g)
    e.play()
    assert st.round == 1
    assert st.conflicts_done and len(st.conflicts_done) == 1  # the round's Combat was resolved
    assert all(p.revealed_turn for p in st.players)  # every player had their turns
    assert st.finished and st.standings


def test_a_game_lasts_at_most_ten_rounds(content):
    g = Scenario(content, players=2, leaders=[PLAIN] * 2, clear=False)
    st = g.state
    st.round, st.phase, st.conflict = 0, "rounds", None
    e = _random_engine(g, seed=3)
    e.play()
    assert st.round <= 10
    assert st.round == 10 or any(p.vp >= 10 for p in st.players)
    assert len(st.conflicts_done) == st.round
    if st.round == 10:
        assert st.conflict_deck == []
