"""A player's pieces on board locations linked to spaces (rules 003, "Spies /
observation posts"; engine/rules/pieces.py; docs/decisions.md, "Spies and
observation posts"). The tests' own set `lookouts`, written to a temporary folder
and played on both back-ends: a piece `spotters` (2 each) on `post` locations, an
agent icon `via spotters`, cards and spaces that place and recall them."""
from __future__ import annotations

import json

import pytest

from dunec.api import Game
from dunec.content import load
from dunec.engine.checks import invariants
from dunec.engine.checks.state_check import StateError, check as check_state
from dunec.engine.loop import turns
from dunec.engine.loop.action_space import space_of
from dunec.engine.loop.actions import NO, label
from dunec.engine.loop.state import GameState
from dunec.engine.players import hints
from dunec.engine.rules import pieces as rules_pieces
from dunec.engine.runs.runner import play_game
from dunec.engine.views.observe import observation
from dunec.engine.views.tableview import holdings

from scenario import Scenario

SETS = ("base", "lookouts")

TEXT = """\
set lookouts "Lookouts" {
  requires base
  kinds card space post
  piece spotters "Spotter" { supply 2; on post }
  icon spotter "Spotter" { via spotters }
}
post north_post "North Post" {
  links arrakeen carthag
}
post east_post "East Post" {
  links arrakeen
}
post south_post "South Post" {
  links imperial_basin
}
post den_post "Den Post" {
  links spy_den dead_drop
}
space spy_den "Spy Den" {
  icon city
  effect { spotters 1 }
}
space dead_drop "Dead Drop" {
  icon landsraad
  effect { pay recall spotters 1 -> draw 2 }
}
card spotter_card "Spotter Card" {
  copies 4
  cost 1; icons spotter
  agent { spotters 1 }
  reveal { persuasion 1 }
}
card near_card "Near Card" {
  copies 4
  cost 1; icons city
  agent { spotters 1 near spice_trade }
  reveal { persuasion 1; spotters 1 }
}
card count_card "Count Card" {
  cost 1; icons city
  agent { if spotters >= 2 { draw 1 } else { solari 1 } }
  reveal { persuasion 1 }
}
card recall_card "Recall Card" {
  copies 4
  cost 1; icons city spice_trade
  agent { pay recall spotters 1 -> solari 3 }
  reveal { persuasion 1 }
}
"""

_CACHE: dict = {}


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def content(request, tmp_path_factory):
    if request.param not in _CACHE:
        folder = tmp_path_factory.mktemp(request.param) / "cards" / "lookouts"
        folder.mkdir(parents=True)
        path = folder / "lookouts.dune"
        path.write_text(TEXT, encoding="utf-8")
        _CACHE[request.param] = load(request.param, extra=[str(path)]).select(SETS)
    return _CACHE[request.param]


def _game(content, players: int = 3) -> Scenario:
    return Scenario(content, players=players)


def put(g: Scenario, seat: int, *posts: str) -> None:
    for loc in posts:
        rules_pieces.put(g.engine, g.p(seat), "spotters", loc)


def on(g: Scenario, seat: int) -> list:
    return sorted(g.p(seat).pieces["spotters"]["on"])


def _places(g: Scenario, seat: int = 0) -> list:
    return [a for a in turns.agent_options(g.engine, g.p(seat)) if a[0] == "place"]


# ---------------------------------------------------------------------- setup, the verb
def test_each_player_starts_with_the_declared_pieces_in_supply(content):
    g = _game(content)
    for p in g.state.players:
        assert p.pieces == {"spotters": {"supply": 2, "on": [], "recalled": 0}}
    assert rules_pieces.locations(content, "spotters") == ("den_post", "east_post", "north_post", "south_post")


def test_the_verb_places_a_piece_on_a_free_location_the_player_picks(content):
    g = _game(content)
    put(g, 1, "east_post")  # another player's piece: that location is not free
    g.answer(0, "place a Spotter on North Post")
    g.box(0, "spotter_card", "agent")
    kind, shown = g.asked(0)[0]
    assert kind == "place_piece"
    assert shown == ["place a Spotter on Den Post", "place a Spotter on North Post", "place a Spotter on South Post"]
    assert g.p(0).pieces["spotters"] == {"supply": 1, "on": ["north_post"], "recalled": 0}
    g.done()


def test_with_none_in_supply_one_of_the_players_own_is_recalled_first(content):
    g = _game(content)
    put(g, 0, "north_post", "south_post")
    g.answer(0, "recall your Spotter from South Post", "place a Spotter on East Post")
    g.box(0, "spotter_card", "agent")
    (k1, recalls), (k2, places) = g.asked(0)
    assert k1 == "relocate" and recalls == ["recall your Spotter from North Post",
                                            "recall your Spotter from South Post"]
    assert k2 == "place_piece" and "place a Spotter on South Post" in places  # free again
    assert g.p(0).pieces["spotters"] == {"supply": 0, "on": ["north_post", "east_post"], "recalled": 1}
    g.done()


def test_near_an_icon_only_a_location_linked_to_a_space_with_it(content):
    g = _game(content)
    g.box(0, "near_card", "agent")  # only South Post links a spice trade space: no decision
    assert g.asked(0) == [] and on(g, 0) == ["south_post"]
    g.box(0, "near_card", "agent")  # none free any more: nothing happens, nothing is recalled
    assert on(g, 0) == ["south_post"] and g.p(0).pieces["spotters"]["supply"] == 1


def test_recall_is_a_cost_paid_with_a_piece_the_player_picks(content):
    g = _game(content)
    before = g.p(0).solari
    g.box(0, "recall_card", "agent")  # no piece on the board: the payment is not offered
    assert g.asked(0) == [] and g.p(0).solari == before
    put(g, 0, "north_post", "south_post")
    g.answer(0, "pay recall 1 spotters", "recall your Spotter from North Post")
    g.box(0, "recall_card", "agent")
    assert [k for k, _ in g.asked(0)] == ["pay", "recall_piece"]
    assert g.p(0).solari == before + 3 and on(g, 0) == ["south_post"]
    assert g.p(0).pieces["spotters"]["supply"] == 1
    g.done()


def test_a_piece_is_a_condition_counting_those_on_the_board(content):
    g = _game(content)
    g.p(0).deck = ["dagger"]
    put(g, 0, "north_post")
    before = g.p(0).solari
    g.box(0, "count_card", "agent")
    assert g.p(0).solari == before + 1 and g.p(0).hand == []
    put(g, 0, "south_post")
    g.box(0, "count_card", "agent")
    assert g.p(0).hand == ["dagger"]


# ---------------------------------------------------------------------- the agent turn
def test_the_via_icon_reaches_the_unoccupied_spaces_linked_to_the_players_pieces(content):
    g = _game(content)
    g.p(0).hand = ["spotter_card"]
    assert _places(g) == []  # no piece on the board: the icon is on no space
    put(g, 0, "north_post")
    assert _places(g) == [("place", "spotter_card", "arrakeen"), ("place", "spotter_card", "carthag")]
    g.p(1).hand = ["recall_card"]
    g.answer(1, "space first", 0)
    g.agent(1, "recall_card", "carthag")
    assert _places(g) == [("place", "spotter_card", "arrakeen")]  # the via icon never infiltrates


def test_an_agent_sent_through_the_via_icon_leaves_the_piece_on_its_location(content):
    g = _game(content)
    put(g, 0, "north_post")
    g.answer(0, "no", "space first", "place a Spotter on South Post", 0)  # no Gather Intelligence; its spotter
    g.agent(0, "spotter_card", "arrakeen")
    assert g.state.occupied["arrakeen"] == 0 and on(g, 0) == ["north_post", "south_post"]
    assert g.asked(0)[0][0] == "gather"
    g.done()


def test_infiltrate_recalls_a_piece_linked_to_a_space_another_player_holds(content):
    g = _game(content)
    g.p(1).hand = ["recall_card"]
    g.answer(1, "space first", 0)
    g.agent(1, "recall_card", "imperial_basin")
    g.p(0).hand = ["recall_card"]
    assert ("place", "recall_card", "imperial_basin") not in _places(g)  # no piece linked to it
    put(g, 0, "south_post")
    assert ("place", "recall_card", "imperial_basin") in _places(g)
    g.answer(0, "space first", 0)  # the card's own recall cost: no piece left to pay it; deploy none
    g.agent(0, "recall_card", "imperial_basin")
    assert [1 for k, _ in g.asked(0) if k == "gather"] == []  # the one piece went to Infiltrate
    assert ["imperial_basin", 0] in g.state.infiltrators and on(g, 0) == []
    assert g.p(0).spice >= 1  # the space's effect: Imperial Basin's spice


def test_infiltrate_never_onto_a_space_the_player_holds(content):
    g = _game(content)
    put(g, 0, "south_post", "north_post")
    g.answer(0, "no", "space first", "no", 0)
    g.agent(0, "recall_card", "imperial_basin")
    g.p(0).hand = ["recall_card"]
    assert ("place", "recall_card", "imperial_basin") not in _places(g)


def test_gather_intelligence_draws_a_card_for_a_piece_linked_to_the_space(content):
    g = _game(content)
    p = g.p(0)
    p.deck = ["dagger", "diplomacy"]
    put(g, 0, "south_post")
    g.answer(0, "recall your Spotter from South Post", "space first", 0)  # gather; the card's recall cost: none left
    g.agent(0, "recall_card", "imperial_basin")
    assert g.asked(0)[0] == ("gather", ["recall your Spotter from South Post", "no"])
    assert p.hand == ["diplomacy"] and on(g, 0) == [] and p.pieces["spotters"]["supply"] == 2


def test_one_piece_infiltrates_and_another_gathers_intelligence(content):
    """Arrakeen links North Post and East Post: one piece for each."""
    g = _game(content)
    g.p(1).hand = ["recall_card"]
    g.answer(1, "space first", 0)
    g.agent(1, "recall_card", "arrakeen")
    p = g.p(0)
    p.deck = ["dagger"]
    put(g, 0, "north_post", "east_post")
    g.answer(0, "recall your Spotter from East Post", "recall your Spotter from North Post")
    g.answer(0, "space first", 0)  # the card's recall cost: no piece left to pay it; deploy none
    g.agent(0, "recall_card", "arrakeen")
    kinds = [k for k, _ in g.asked(0)]
    assert kinds[:2] == ["infiltrate", "gather"]
    assert g.asked(0)[1][1] == ["recall your Spotter from North Post", "no"]  # not the East Post piece again
    assert p.hand == ["dagger"] and on(g, 0) == []


def test_a_space_effect_places_and_a_space_effect_recalls(content):
    g = _game(content)
    g.answer(0, "space first", "place a Spotter on North Post", "no")  # the card's recall cost: not paid
    g.agent(0, "recall_card", "spy_den")
    assert on(g, 0) == ["north_post"]
    put(g, 0, "den_post")  # links the Dead Drop: the via icon reaches it
    g.p(0).deck = ["dagger", "dagger"]
    g.answer(0, "no", "space first", "pay recall 1 spotters", "recall your Spotter from North Post",
             "place a Spotter on East Post")
    g.agent(0, "spotter_card", "dead_drop")
    assert g.p(0).hand == ["dagger", "dagger"] and on(g, 0) == ["den_post", "east_post"]
    g.done()


# ---------------------------------------------------------------------- ids, hints, saves
def test_the_actions_are_ids_with_a_number_each(content):
    space = space_of(content)
    a, b = ("place_piece", "spotters", "north_post"), ("recall_piece", "spotters", "north_post")
    assert space.describe(space.id_of(a)) == ("place_piece", ("spotters", "north_post"))
    assert space.id_of(a) != space.id_of(b) != space.id_of(("recall_piece", "spotters", "south_post"))
    g = _game(content)
    assert label(g.state, content, a) == "place a Spotter on North Post"
    base = Game(players=4, seed=1).action_space
    assert [r for r in base.ranges if r[0] == "place_piece"][0][1:3] == (base.size, base.size)  # none in base


def test_greedy_hints_value_locations_by_their_links(content):
    g = _game(content)
    options = [("place_piece", "spotters", "north_post"), ("place_piece", "spotters", "east_post")]
    north, east = hints.of(g.engine, g.p(0), "place_piece", options)
    assert north > east > 0
    recall = hints.of(g.engine, g.p(0), "recall_piece", [("recall_piece", "spotters", "north_post"),
                                                          ("recall_piece", "spotters", "east_post")])
    assert recall[1] > recall[0]  # the least worth is recalled first
    gather = hints.of(g.engine, g.p(0), "gather", [("recall_piece", "spotters", "south_post"), NO])
    assert gather[0] > gather[1] == 0.0


def test_the_turn_hint_counts_the_piece_infiltrate_costs(content):
    g = _game(content)
    g.p(1).hand = ["recall_card"]
    g.answer(1, "space first", 0)
    g.agent(1, "recall_card", "imperial_basin")
    put(g, 0, "south_post")
    option = [("place", "recall_card", "imperial_basin")]
    spied = hints.of(g.engine, g.p(0), "turn", option)[0]
    g.p(0).infiltrate = True  # the turn lets the agent in without a piece
    free = hints.of(g.engine, g.p(0), "turn", option)[0]
    assert free - spied == pytest.approx(hints.location_worth(g.engine, "south_post"))


def _until(game: Game, kind: str, seed: int) -> bool:
    """Play greedy-ish random moves until a decision of this kind is pending."""
    import random

    rng = random.Random(seed)
    while not game.is_terminal():
        if game.decision()["kind"] == kind:
            return True
        game.apply(rng.choice(game.legal_actions()))
    return False


def test_a_save_mid_decision_resumes_and_is_checked(content):
    game = next(g for seed in range(1, 40)
                if _until(g := Game(players=4, seed=seed, sets=SETS, content=content), "place_piece", seed))
    text = game.to_json()
    back = Game.from_json(text, content=content)  # read through the state check
    assert back.decision() == game.decision() and back.legal_ids() == game.legal_ids()
    action = game.legal_actions()[0]
    game.apply(action)
    back.apply(action)
    assert back.to_json() == game.to_json()
    data = json.loads(game._engine.state.to_json())
    check_state(content, data)
    mine = data["players"][0]["pieces"]["spotters"]
    other = data["players"][1]["pieces"]["spotters"]
    kept = dict(mine)
    mine["supply"], mine["on"] = 0, []
    with pytest.raises(StateError, match="on the board"):
        check_state(content, data)  # not conserved
    mine.update(kept)
    mine["supply"], mine["on"] = 0, ["north_post", "north_post"]
    with pytest.raises(StateError, match="already holds"):
        check_state(content, data)  # two pieces of one player on one location
    mine.update(kept)
    mine["recalled"] = -1
    with pytest.raises(StateError, match="recalled"):
        check_state(content, data)
    mine.update(kept)
    if other["on"] and mine["supply"]:  # beside another player's (placed `shared`): a state that may be
        mine["supply"] -= 1
        mine["on"].append(other["on"][0])
        check_state(content, data)


def test_pieces_are_public_in_the_observation_and_the_table(content):
    g = _game(content)
    put(g, 1, "north_post")
    assert observation(g.state, 0).players[1].pieces == {"spotters": {"supply": 1, "on": ["north_post"], "recalled": 0}}
    assert "spotters: north_post; supply 1" in holdings(g.p(1))


def test_a_position_places_the_seats_pieces(content):
    game = Game.from_position({"seats": [{"spotters": ["south_post"]}]}, players=3, seed=2, sets=SETS,
                              content=content)
    p = game._engine.state.players[0]
    assert p.pieces["spotters"] == {"supply": 1, "on": ["south_post"], "recalled": 0}
    as_text = Game.from_position("given { spotters 2 }\ngiven { }", players=3, seed=2, sets=SETS, content=content)
    assert as_text._engine.state.players[0].pieces["spotters"]["on"] == ["den_post", "east_post"]
    with pytest.raises(ValueError, match="already holds a piece"):
        Game.from_position({"seats": [{"spotters": ["south_post"]}, {"spotters": ["south_post"]}]}, players=3,
                           seed=2, sets=SETS, content=content)


# ---------------------------------------------------------------------- whole games
@pytest.mark.parametrize("seed", range(1, 7))
def test_random_and_greedy_games_keep_the_pieces_conserved(content, seed):
    names = ["random", "greedy", "random", "greedy"][: 3 + seed % 2]
    st = play_game(content, len(names), seed, names, quiet=True, check=invariants.check)
    assert st.finished
    for p in st.players:
        assert p.pieces["spotters"]["supply"] + len(p.pieces["spotters"]["on"]) == 2


def test_both_back_ends_play_the_same_games(tmp_path_factory):
    contents = []
    for backend in ("interpreted", "compiled"):
        if backend not in _CACHE:
            folder = tmp_path_factory.mktemp(backend) / "cards" / "lookouts"
            folder.mkdir(parents=True)
            (folder / "lookouts.dune").write_text(TEXT, encoding="utf-8")
            _CACHE[backend] = load(backend, extra=[str(folder / "lookouts.dune")]).select(SETS)
        contents.append(_CACHE[backend])
    used = 0
    for seed in range(1, 5):
        a, b = (play_game(c, 4, seed, ["random"] * 4) for c in contents)
        assert a.digest() == b.digest() and a.log == b.log, f"seed {seed}: back-ends disagree"
        used += sum(1 for line in a.log if "recalls a Spotter" in line)
    assert used  # the games did place and recall pieces


# ---------------------------------------------------------------------- card tests
CARD_TESTS = """
test spotter_card_places "Spotter Card places a spotter" {
  card spotter_card
  given { spotters north_post }
  answer "place a Spotter on South Post"
  play agent
  expect { spotters 1 }
}
test recall_card_pays "Recall Card pays with a spotter for 3 Solari" {
  card recall_card
  given { spotters 1 }
  answer "pay recall 1 spotters"
  play agent
  expect { solari 3; spotters -1 }
}
"""


def test_card_tests_give_and_count_pieces(tmp_path, capsys):
    from dunec.cli import main

    folder = tmp_path / "cards" / "lookouts"
    folder.mkdir(parents=True)
    (folder / "lookouts.dune").write_text(TEXT + CARD_TESTS, encoding="utf-8")
    assert main(["test", str(folder)]) == 0, capsys.readouterr()
    (folder / "lookouts.dune").write_text(TEXT + CARD_TESTS.replace("spotters -1", "spotters 1"), encoding="utf-8")
    assert main(["test", str(folder)]) == 1
    assert "spotters" in capsys.readouterr().out
