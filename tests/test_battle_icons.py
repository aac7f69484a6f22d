"""Battle icons and objectives (rules 003 "Battle Icons", "Resolve Combat", setup
step 5 "Objective cards"; engine/rules/battle_icons.py): the winner of a Conflict
takes its card into their supply, a matching pair among the face-up conflicts and
the objective flips for 1 VP, a wild matches at the Endgame only, objectives are
dealt by player count and decide the first player. The tests' own set `arena`,
written to a temporary folder, on both back-ends."""
from __future__ import annotations

import json

import pytest
from scenario import Scenario, run_step

from dunec import Game
from dunec.engine.checks import invariants
from dunec.engine.checks.state_check import check as state_check
from dunec.engine.loop.setup import SetupError, new_game
from dunec.engine.loop.state import TROOPS_PER_PLAYER
from dunec.engine.rules import battle_icons
from dunec.engine.runs.runner import play_game
from dunec.engine.views.observe import observation
from dunec.engine.views.tableview import holdings

SETS = ("base", "arena")
PLAIN = "glossu_rabban"

ARENA = """\
set arena "Arena" {
  requires base
  kinds conflict objective
  # not `battle`: Uprising, bundled, declares that tag set
  tags duel "Battle icon" { crysknife mouse ornithopter; wild wild }
  tags seals "Seal" { lion eagle; pairs 2 }
  tags marks "Mark" { red; pairs 0 }
}
conflict lion_oath "Lion Oath" {
  level 2
  seals lion
  first { solari 3 }
  second { solari 2 }
}
conflict lion_pact "Lion Pact" {
  level 2
  seals lion
  first { solari 3 }
  second { solari 2 }
}
conflict red_war "Red War" {
  level 2
  marks red
  first { solari 3 }
  second { solari 2 }
}
conflict red_feud "Red Feud" {
  level 2
  marks red
  first { solari 3 }
  second { solari 2 }
}
conflict knife_fight "Knife Fight" {
  level 1
  duel crysknife
  first { solari 3 }
  second { solari 2 }
}
conflict bird_raid "Bird Raid" {
  level 2
  duel ornithopter
  first { solari 3 }
  second { solari 2 }
}
conflict knife_raid "Knife Raid" {
  level 2
  duel crysknife
  first { solari 3 }
  second { solari 2 }
}
conflict third_knife "Third Knife" {
  level 2
  duel crysknife
  first { solari 3 }
  second { solari 2 }
}
conflict mouse_hunt "Mouse Hunt" {
  level 3
  duel mouse
  first { solari 3 }
  second { solari 2 }
}
conflict any_war "Any War" {
  level 3
  duel wild
  first { solari 3 }
  second { solari 2 }
}
objective small_knife "Small Knife" {
  players 1 2 3
  first_player
  duel crysknife
}
objective small_bird "Small Bird" {
  players 1 2 3
  duel ornithopter
}
objective small_mouse "Small Mouse" {
  players 2 3
  duel mouse
}
objective big_knife "Big Knife" {
  players 4
  duel crysknife
}
objective big_bird "Big Bird" {
  players 4
  first_player
  duel ornithopter
}
objective big_mouse "Big Mouse" {
  players 4
  duel mouse
}
objective big_wild "Big Wild" {
  players 4
  duel wild
}
"""

SMALL = {"small_knife", "small_bird", "small_mouse"}
BIG = {"big_knife", "big_bird", "big_mouse", "big_wild"}
TAGGED = {"knife_fight", "bird_raid", "knife_raid", "third_knife", "mouse_hunt", "any_war", "lion_oath", "lion_pact",
          "red_war", "red_feud"}


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def backend(request):
    return request.param


@pytest.fixture(scope="module")
def arena_path(tmp_path_factory):
    folder = tmp_path_factory.mktemp("arena") / "cards" / "arena"
    folder.mkdir(parents=True)
    (folder / "arena.dune").write_text(ARENA, encoding="utf-8")
    return folder / "arena.dune"


@pytest.fixture(scope="module")
def content(backend, arena_path):
    from dunec.content import load

    return load(backend, extra=[str(arena_path)]).select(SETS)


def _game(content, n=3):
    g = Scenario(content, players=n, leaders=[PLAIN] * n)
    for p in g.state.players:
        p.objectives = []
    return g


def _fight(g, conflict: str, *strengths) -> None:
    """One combat of `conflict` with strengths[i] troops in the Conflict for seat i."""
    st = g.state
    if conflict in st.conflict_deck:
        st.conflict_deck.remove(conflict)
    st.conflict = conflict
    for seat, troops in enumerate(strengths):
        p = g.p(seat)
        p.conflict, p.supply = troops, TROOPS_PER_PLAYER - p.garrison - troops
    g.combat()


def _vp(p) -> int:
    return p.vp_ledger.get(battle_icons.VP_SOURCE, 0)


# ---------------------------------------------------------------------- the Conflict won
def test_the_winner_takes_the_conflict_card_into_their_supply(content):
    g = _game(content)
    _fight(g, "knife_fight", 3, 1, 0)
    assert g.p(0).won == [["knife_fight", True]]
    assert "knife_fight" not in g.state.conflicts_done and g.state.conflict is None
    assert g.p(1).won == [] and _vp(g.p(0)) == 0


def test_a_tie_for_first_takes_no_card(content):
    g = _game(content)
    _fight(g, "knife_fight", 2, 2, 1)
    assert all(p.won == [] for p in g.state.players)
    assert g.state.conflicts_done[-1] == "knife_fight"


def test_a_conflict_without_tags_goes_to_the_done_pile(content):
    g = _game(content)
    _fight(g, "guild_bank_raid", 3, 0, 0)
    assert g.p(0).won == [] and g.state.conflicts_done[-1] == "guild_bank_raid"


def test_a_matching_pair_flips_face_down_for_one_vp(content):
    g = _game(content)
    _fight(g, "knife_fight", 3, 0, 0)
    vp = g.p(0).vp
    _fight(g, "knife_raid", 3, 0, 0)
    assert g.p(0).won == [["knife_fight", False], ["knife_raid", False]]
    assert g.p(0).vp == vp + 1 and _vp(g.p(0)) == 1


def test_the_objective_pairs_with_a_won_conflict(content):
    g = _game(content)
    g.p(0).objectives = [["small_bird", True]]
    _fight(g, "knife_fight", 3, 0, 0)
    assert _vp(g.p(0)) == 0  # another icon: no pair
    _fight(g, "bird_raid", 3, 0, 0)
    assert g.p(0).objectives == [["small_bird", False]]
    assert g.p(0).won == [["knife_fight", True], ["bird_raid", False]] and _vp(g.p(0)) == 1


def test_a_third_card_does_not_flip_again_a_fourth_pairs_with_it(content):
    g = _game(content)
    g.p(0).objectives = [["small_knife", True]]
    _fight(g, "knife_fight", 3, 0, 0)  # pairs with the objective
    _fight(g, "knife_raid", 3, 0, 0)  # the other two are face down: stays up
    assert g.p(0).won == [["knife_fight", False], ["knife_raid", True]] and _vp(g.p(0)) == 1
    _fight(g, "third_knife", 3, 0, 0)
    assert g.p(0).won[-2:] == [["knife_raid", False], ["third_knife", False]] and _vp(g.p(0)) == 2


def test_another_players_cards_never_pair(content):
    g = _game(content)
    _fight(g, "knife_fight", 3, 0, 0)
    _fight(g, "knife_raid", 0, 3, 0)
    assert g.p(0).won == [["knife_fight", True]] and g.p(1).won == [["knife_raid", True]]
    assert _vp(g.p(0)) == _vp(g.p(1)) == 0


def test_a_wild_pairs_with_nothing_during_the_game(content):
    g = _game(content)
    _fight(g, "knife_fight", 3, 0, 0)
    _fight(g, "any_war", 3, 0, 0)
    assert g.p(0).won == [["knife_fight", True], ["any_war", True]] and _vp(g.p(0)) == 0


def test_a_wild_matches_at_the_endgame_as_many_pairs_as_there_are(content):
    g = _game(content)
    p = g.p(0)
    p.objectives = [["big_wild", True]]
    _fight(g, "knife_fight", 3, 0, 0)
    _fight(g, "bird_raid", 3, 0, 0)
    _fight(g, "any_war", 3, 0, 0)
    _fight(g, "mouse_hunt", 0, 3, 0)
    vp = p.vp
    run_step(g.engine, "endgame")
    # two wilds, two face-up cards of other icons: two pairs
    assert all(not up for _, up in p.objectives + p.won)
    assert p.vp == vp + 2 and _vp(p) == 2
    assert g.p(1).won == [["mouse_hunt", True]]  # no wild: nothing to match
    assert g.state.finished and next(s["vp"] for s in g.state.standings if s["seat"] == 0) == p.vp


def test_wild_never_matches_wild_at_the_endgame(content):
    g = _game(content)
    p = g.p(0)
    p.objectives = [["big_wild", True]]
    _fight(g, "any_war", 3, 0, 0)
    _fight(g, "knife_fight", 3, 0, 0)
    run_step(g.engine, "endgame")
    # one wild pairs with the crysknife, the other stays face up
    assert sorted(up for _, up in p.objectives + p.won) == [False, False, True] and _vp(p) == 1


def test_battle_icon_vp_is_no_reward_box(content):
    """Pairs score on taking the card, never through a conflict's reward box, so a
    doubling of rewards (Uprising's sandworms) never reaches them (003)."""
    g = _game(content)
    _fight(g, "knife_fight", 3, 0, 0)
    _fight(g, "knife_raid", 3, 0, 0)
    assert set(g.p(0).vp_ledger) == {battle_icons.VP_SOURCE}


# ---------------------------------------------------------------------- objectives at setup
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_objectives_are_dealt_one_each_by_player_count(content, n):
    for seed in range(6):
        st = new_game(content, n, seed)
        dealt = [p.objectives for p in st.players]
        assert all(len(x) == 1 and x[0][1] for x in dealt)
        cards = [x[0][0] for x in dealt]
        assert len(set(cards)) == n
        allowed = {c for c in SMALL | BIG if n in content.defs[c].get("players", ())}
        assert set(cards) <= allowed
        marked = [p.seat for p in st.players if content.defs[p.objectives[0][0]].get("first_player")]
        if marked:
            assert st.first_player == marked[0]
        if n >= 3:  # (fewer seats are set up for House Hagal rivals by the runner)
            state_check(content, json.loads(st.to_json()))  # raises StateError on a bad deal


def test_the_first_player_marker_decides_the_first_player(content):
    seen = set()
    for seed in range(20):
        st = new_game(content, 4, seed)
        holder = next(p.seat for p in st.players if p.objectives[0][0] == "big_bird")
        assert st.first_player == holder
        seen.add(holder)
    assert len(seen) > 1  # the objectives are shuffled


def test_one_player_gets_the_marked_objective_or_another(content):
    """1 player: two objectives list the count; the one dealt decides."""
    firsts = {new_game(content, 1, seed).players[0].objectives[0][0] for seed in range(20)}
    assert firsts == {"small_knife", "small_bird"}


def test_too_few_objectives_for_the_count_is_a_setup_error(backend, tmp_path):
    from dunec.content import load

    folder = tmp_path / "cards" / "arena"
    folder.mkdir(parents=True)
    text = ARENA.replace("objective small_mouse", "objective small_mouse_gone").replace("players 2 3", "players 2")
    (folder / "arena.dune").write_text(text, encoding="utf-8")
    content = load(backend, extra=[str(folder / "arena.dune")]).select(SETS)
    with pytest.raises(SetupError, match="3 players need 3 objective cards"):
        new_game(content, 3, 0)


def test_a_game_without_objectives_draws_as_before(backend):
    from dunec.content import load

    base = load(backend).select(("base",))
    st = new_game(base, 3, 5)
    assert all(p.objectives == [] and p.won == [] for p in st.players)


# ---------------------------------------------------------------------- whole games
def _every_conflict_in_one_place(st) -> None:
    where = st.conflict_deck + st.conflicts_done + [c for p in st.players for c, _ in p.won]
    if st.conflict is not None and st.conflict not in st.conflicts_done[-1:]:
        where.append(st.conflict)
    assert len(where) == len(set(where)) == 10 - (st.conflict is not None and st.conflict in st.conflicts_done[-1:])


def _checked(content):
    """After each turn: the game's invariants and every conflict card in one place."""
    def check(e):
        invariants.check(e)
        _every_conflict_in_one_place(e.state)
    return check


@pytest.mark.parametrize("n", [3, 4])
def test_random_games_keep_every_conflict_card_in_one_place(content, n):
    paired = 0
    for seed in range(6):
        st = play_game(content, n, seed, ["random"] * n, quiet=True, check=_checked(content))
        _every_conflict_in_one_place(st)
        state_check(content, json.loads(st.to_json()))  # the finished game's state checks
        for p in st.players:
            cards = p.objectives + p.won
            pairs = sum(not up for _, up in cards) // 2
            assert pairs <= _vp(p) <= 2 * pairs  # a battle pair scores 1, a seal pair 2
            assert all(c in TAGGED for c, _ in p.won)
            paired += _vp(p)
    assert paired  # some pairs were made


def test_a_game_saved_mid_way_resumes_identically(content, backend):
    g = Game(players=3, seed=2, sets=SETS, content=content)
    import random
    rng = random.Random(1)
    while not g.is_terminal() and not any(p.won for p in g.state.players):
        g.apply(rng.choice(g.legal_actions()))
    assert any(p.won for p in g.state.players) and any(p.objectives for p in g.state.players)
    saved = g.to_json()
    other = Game.from_json(saved, content=content)
    assert other.state.digest() == g.state.digest()
    for _ in range(200):
        if g.is_terminal():
            break
        a = rng.choice(g.legal_actions())
        g.apply(a)
        other.apply(a)
    assert other.state.digest() == g.state.digest()


def test_the_table_and_the_observation_show_the_supply_cards(content):
    g = _game(content)
    g.p(0).objectives = [["small_bird", True]]
    _fight(g, "bird_raid", 3, 0, 0)
    line = holdings(g.p(0))
    assert "supply cards: small bird (face down), bird raid (face down)" in line
    view = observation(g.state, 1)
    assert view.players[0].won == [["bird_raid", False]]
    assert view.players[0].objectives == [["small_bird", False]]


@pytest.mark.parametrize("people", [1, 2])
def test_games_with_house_hagal_rivals(content, people):
    """Every seat keeps the objective it was dealt, rivals too (docs/decisions.md,
    "Uprising House Hagal rivals"); a solo rival that wins takes the card, the
    two-player rival (which takes no reward) never does."""
    for seed in range(4):
        st = play_game(content, people, seed, ["random"] * people, quiet=True, check=_checked(content))
        state_check(content, json.loads(st.to_json()))
        assert all(len(p.objectives) == 1 for p in st.players)
        if people == 2:
            assert all(not p.won for p in st.players if p.rival)


def test_the_invariants_catch_a_broken_supply(content):
    g = _game(content)
    _fight(g, "knife_fight", 3, 0, 0)
    invariants.check(g.engine)
    g.p(0).won[0][1] = False  # one card face down alone
    with pytest.raises(invariants.InvariantError, match="face down"):
        invariants.check(g.engine)
    g.p(0).won[0][1] = True
    g.state.conflicts_done.append("knife_fight")  # and in the done pile too
    with pytest.raises(invariants.InvariantError, match="two places"):
        invariants.check(g.engine)
    g.state.conflicts_done.pop()
    g.p(0).vp_ledger[battle_icons.VP_SOURCE] = 1  # VP without a pair
    g.p(0).vp += 1
    with pytest.raises(invariants.InvariantError, match="battle-icon VP"):
        invariants.check(g.engine)


def test_a_policy_reads_what_a_win_would_pair(content):
    g = _game(content)
    p = g.p(0)
    p.objectives = [["small_knife", True]]
    assert battle_icons.vp_for_winning(content, p, "knife_raid") == 1
    assert battle_icons.vp_for_winning(content, p, "bird_raid") == 0
    assert battle_icons.vp_for_winning(content, p, "any_war") == 0  # wild: only at the Endgame
    p.objectives[0][1] = False
    assert battle_icons.vp_for_winning(content, p, "knife_raid") == 0


def test_greedy_games_with_battle_icons(content):
    for seed in range(3):
        st = play_game(content, 3, seed, ["greedy"] * 3, quiet=True, check=_checked(content))
        state_check(content, json.loads(st.to_json()))


def test_each_tag_set_pairs_within_itself_for_its_own_vp(content):
    g = _game(content)
    p = g.p(0)
    _fight(g, "knife_fight", 3, 0, 0)
    _fight(g, "lion_oath", 3, 0, 0)
    assert all(up for _, up in p.won)  # a crysknife and a lion: two sets, no pair
    _fight(g, "lion_pact", 3, 0, 0)
    assert p.won == [["knife_fight", True], ["lion_oath", False], ["lion_pact", False]]
    assert _vp(p) == 2  # `pairs 2`


def test_a_tag_set_of_pairs_0_never_pairs(content):
    g = _game(content)
    p = g.p(0)
    _fight(g, "red_war", 3, 0, 0)
    _fight(g, "red_feud", 3, 0, 0)
    assert p.won == [["red_war", True], ["red_feud", True]] and _vp(p) == 0
    assert battle_icons.vp_for_winning(content, p, "red_war") == 0
