"""The Epic game (`dunec play --epic`, `Game(epic=True)`; rules 000 "Epic Game",
docs/decisions.md "The Epic game"): each setup fact, the end at 12 VP, seeded
games finishing in every mode through the step API, the back-ends agreeing,
replays, saves and the adapters carrying the flag.

CI plays DUNEC_EPIC_SOAK_GAMES games per mode (default 4); the `slow` test plays
many more (`pytest -m slow tests/test_epic.py`)."""
from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from dunec import Game
from dunec.cli import main
from dunec.engine.checks import invariants, state_check
from dunec.engine.loop import turns
from dunec.engine.loop.game import Engine
from dunec.engine.loop.setup import SetupError, new_game, starting_cards
from dunec.engine.loop.state import TROOPS_PER_PLAYER, GameState
from dunec.engine.records.saves import SaveError, card_record, load_game, save_game
from dunec.engine.runs.runner import new_state, play_game, replay
from dunec.ir.meta import Content

from soak_support import soak_game

IX = ("base", "ix")
GAMES = int(os.environ.get("DUNEC_EPIC_SOAK_GAMES", "4"))
# (people, difficulty): every player count, solo at each difficulty.
MODES = [(4, "novice"), (3, "novice"), (2, "novice"), (1, "novice"), (1, "veteran"), (1, "expert")]


@pytest.fixture(scope="module")
def ix(compiled):
    return compiled.select(IX)


@pytest.fixture(scope="module")
def ix_interpreted(interpreted):
    return interpreted.select(IX)


def _setup(content, people, difficulty="novice", seed=7, epic=True) -> GameState:
    return new_state(content, people, seed, ["random"] * people, difficulty, epic=epic)


def _people(st):
    return [p for p in st.players if not p.rival]


def _level(content, conflict) -> int:
    return content.defs[conflict]["level"]


# ---------------------------------------------------------------------- setup facts
@pytest.mark.parametrize("people, difficulty", MODES)
def test_every_person_starts_on_0_vp_with_5_troops_and_one_intrigue_card(ix, people, difficulty):
    st = _setup(ix, people, difficulty)
    assert st.epic is True
    for p in _people(st):
        assert p.vp == 0 and "start" not in p.vp_ledger  # 0 VP even with four players
        assert (p.garrison, p.supply) == (5, TROOPS_PER_PLAYER - 5)
        assert len(p.intrigue) == 1
    dealt = sum(len(p.intrigue) for p in st.players)
    assert len(st.intrigue_deck) + dealt == len(list(ix.copies_of("intrigue")))


@pytest.mark.parametrize("people, difficulty, garrison, intrigue", [
    (1, "novice", 0, 0), (1, "veteran", 3, 1), (1, "expert", 3, 1), (2, "novice", 0, 0)])
def test_rivals_keep_their_house_hagal_setup(ix, people, difficulty, garrison, intrigue):
    """Epic changes the people's setup; the rivals' garrison and intrigue follow
    the House Hagal setup as in the standard game (docs/decisions.md)."""
    epic, standard = _setup(ix, people, difficulty), _setup(ix, people, difficulty, epic=False)
    for a, b in zip(epic.players, standard.players):
        if a.rival:
            assert (a.garrison, a.supply, len(a.intrigue), a.vp) == (garrison, TROOPS_PER_PLAYER - garrison,
                                                                     intrigue, 0)
            assert (b.garrison, len(b.intrigue)) == (a.garrison, len(a.intrigue))
            assert not a.deck and not a.discard


@pytest.mark.parametrize("people", [1, 2, 3, 4])
def test_control_the_spice_takes_the_place_of_one_dune(ix, people):
    """Rise of Ix's Epic game: one Dune, the Desert Planet gives way to Control the
    Spice in each person's starting deck, which keeps its ten cards."""
    st = _setup(ix, people)
    for p in _people(st):
        deck = Counter(p.deck)
        assert len(p.deck) == 10 and not p.discard
        assert deck["control_the_spice"] == 1 and deck["dune_the_desert_planet"] == 1


def _without_dunes(content: Content) -> Content:
    """The content with a starting deck a set has already changed (as Immortality
    gives Experimentation for both Dunes): two more Daggers in their place."""
    start = dict(content.defs["starting"])
    start["cards"] = [(c, n + 2 if c == "dagger" else n) for c, n in start["cards"] if c != "dune_the_desert_planet"]
    return Content({**content.defs, "starting": start}, content.effects, content.backend, content.vocab,
                   content.sets, content.programs)


def test_with_the_dunes_replaced_already_control_the_spice_starts_in_the_discard_pile(ix):
    """rules 000 (base + Ix + Immortality): "Do not replace or remove any of your
    starting cards. Place Control the Spice in your discard pile"."""
    changed = _without_dunes(ix)
    deck, discard = starting_cards(changed, epic=True)
    assert discard == ["control_the_spice"]
    assert Counter(deck) == Counter(starting_cards(changed, epic=False)[0]) and len(deck) == 10
    st = _setup(changed, 4)
    for p in st.players:
        assert p.discard == ["control_the_spice"] and len(p.deck) == 10
    state_check.check(changed, json.loads(st.to_json()))  # every card accounted for


def test_the_conflict_deck_is_5_conflict_ii_over_5_conflict_iii(ix):
    for seed in range(5):
        st = _setup(ix, 4, seed=seed)
        levels = [_level(ix, c) for c in st.conflict_deck]  # the top is the end
        assert levels == [3] * 5 + [2] * 5
        assert len(set(st.conflict_deck)) == 10
    assert sum(1 for _ in ix.copies_of("conflict", 3)) == 5  # all five Conflict III: base's four and Ix's


def test_the_standard_game_is_unchanged(ix):
    st = _setup(ix, 4, epic=False)
    assert st.epic is False
    assert [_level(ix, c) for c in st.conflict_deck] == [3] * 4 + [2] * 5 + [1]
    for p in st.players:
        assert (p.vp, p.garrison, p.intrigue, p.discard) == (1, 3, [], [])
        assert "control_the_spice" not in p.deck


def test_the_setup_is_deterministic(ix):
    assert _setup(ix, 4, seed=3).digest() == _setup(ix, 4, seed=3).digest()
    assert _setup(ix, 4, seed=3).digest() != _setup(ix, 4, seed=4).digest()


def test_the_base_game_alone_cannot_play_the_epic_game(compiled):
    base = compiled.select(("base",))
    with pytest.raises(SetupError, match="5 level III conflicts.*have 4"):
        new_game(base, 4, 1, epic=True)
    with pytest.raises(SetupError):
        Game(players=4, seed=1, epic=True)


def test_a_set_without_the_epic_list_is_told_what_is_missing(ix):
    defs = {k: m for k, m in ix.defs.items() if k != "epic"}
    content = Content(defs, ix.effects, ix.backend, ix.vocab, ix.sets, ix.programs)
    with pytest.raises(SetupError, match="deck epic"):
        starting_cards(content, epic=True)


# ---------------------------------------------------------------------- the end at 12
def test_the_epic_game_ends_at_12_vp(ix):
    st = _setup(ix, 4)
    e = Engine(ix, st)
    st.players[0].vp = 11
    assert turns.recall(e) is True  # 10 and 11 do not end it
    st.players[0].vp = 12
    assert turns.recall(e) is False and st.finished
    standard = _setup(ix, 4, epic=False)
    standard.players[0].vp = 10
    assert turns.recall(Engine(ix, standard)) is False


def test_a_game_that_ends_on_vp_ends_on_12(ix):
    ended = 0
    for seed in range(12):
        st = play_game(ix, 1, seed, ["greedy"], quiet=True, difficulty="expert", epic=True)
        if st.round < 10:  # ended before the conflicts ran out: on VP
            ended += 1
            assert max(p.vp for p in st.players) >= 12
        assert st.epic
    assert ended


# ---------------------------------------------------------------------- whole games
@pytest.mark.parametrize("people, difficulty", MODES)
def test_seeded_epic_games_finish_through_the_step_api(ix, people, difficulty):
    decisions = sum(soak_game(ix, people, n, difficulty, epic=True, sets=IX) for n in range(GAMES))
    assert decisions > GAMES * 20


@pytest.mark.slow
@pytest.mark.parametrize("people, difficulty", MODES)
def test_many_seeded_epic_games_finish(ix, people, difficulty):
    for seed in range(200):
        st = play_game(ix, people, seed, ["random", "greedy", "random", "greedy"][:people], quiet=True,
                       difficulty=difficulty, epic=True, check=invariants.check)
        assert st.phase == "over" and st.standings


@pytest.mark.parametrize("people, difficulty", MODES)
def test_the_back_ends_agree_on_an_epic_game(ix, ix_interpreted, people, difficulty):
    names = ["greedy", "random", "greedy", "random"][:people]
    for seed in range(2):
        a = play_game(ix_interpreted, people, seed, names, difficulty=difficulty, epic=True)
        b = play_game(ix, people, seed, names, difficulty=difficulty, epic=True)
        assert a.digest() == b.digest() and a.log_digest() == b.log_digest(), f"seed {seed}"


@pytest.mark.parametrize("people, difficulty", [(4, "novice"), (2, "novice"), (1, "veteran")])
def test_an_epic_replay_is_exact(ix, people, difficulty):
    names = ["random", "greedy", "random", "greedy"][:people]
    original = play_game(ix, people, 5, names, difficulty=difficulty, epic=True)
    again = replay(ix, people, 5, names, original.decisions, difficulty=difficulty, epic=True)
    assert again.digest() == original.digest()


# ---------------------------------------------------------------------- saves and the outside face
def test_game_to_json_round_trips_the_epic_flag(ix):
    g = Game(players=3, seed=2, sets=IX, epic=True)
    assert g.epic
    for _ in range(40):
        g.apply(g.legal_actions()[0])
    back = Game.from_json(g.to_json())
    assert back.epic and back.state.digest() == g.state.digest()
    while not g.is_terminal():  # both continue alike
        a = g.legal_actions()[-1]
        g.apply(a)
        back.apply(a)
    assert back.state.digest() == g.state.digest()


def test_a_state_check_reads_the_flag(ix, compiled):
    g = Game(players=4, seed=1, sets=IX, epic=True)
    data = json.loads(g.to_json())
    data["state"]["epic"] = "yes"
    with pytest.raises(ValueError, match=r"state\.epic: expected true or false"):
        Game.from_json(json.dumps(data))
    data["state"]["epic"] = False  # a standard game with an Epic game's cards: not conserved
    with pytest.raises(ValueError, match="not conserved"):
        Game.from_json(json.dumps(data))


def test_game_refuses_a_flag_that_is_not_a_bool():
    with pytest.raises(ValueError, match="epic"):
        Game(players=4, seed=1, sets=IX, epic="yes")


def test_the_observation_and_its_vector_carry_the_flag(ix):
    from dunec.ai import features

    g = Game(players=4, seed=1, sets=IX, epic=True)
    assert g.observation(0).epic is True
    vec = features.encode(g.state, 0, g.content)
    start = features.layout(g.content).offsets()["global"][0]
    assert vec[start + 6] == 12.0
    plain = Game(players=4, seed=1, sets=IX)
    assert features.encode(plain.state, 0, plain.content)[start + 6] == 10.0


def test_the_adapters_take_an_epic_parameter():
    pyspiel = pytest.importorskip("pyspiel")
    import dunec.ai.openspiel_game  # noqa: F401  (registers the game)
    from dunec.ai.pettingzoo_env import env

    game = pyspiel.load_game("python_dune_imperium", {"players": 2, "seed": 3, "sets": "base,ix", "epic": True})
    state = game.new_initial_state()
    assert state.engine_game.epic
    e = env(players=2, seed=3, sets=IX, epic=True)
    e.reset()
    assert e.game.epic and e.game.state.players[0].garrison == 5


def test_the_table_header_says_epic(ix):
    from dunec.engine.views.tableview import render_view

    g = Game(players=4, seed=1, sets=IX, epic=True)
    e = g._engine
    assert "| Epic game: to 12 VP ===" in render_view(e, e.players[0]).splitlines()[0]
    plain = Game(players=4, seed=1, sets=IX)._engine
    assert "Epic" not in render_view(plain, plain.players[0]).splitlines()[0]


# ---------------------------------------------------------------------- the command line
def test_play_epic_plays_the_sets_of_the_epic_list(capsys):
    assert main(["play", "--epic", "--players", "3", "--seed", "2", "--json"]) == 0
    st = json.loads(capsys.readouterr().out)
    assert st["epic"] is True and st["phase"] == "over"
    assert st["log"][0] == "== The Epic game: to 12 VP, 10 conflicts of levels II and III"
    assert main(["play", "--players", "3", "--seed", "2", "--sets", "base,ix", "--json"]) == 0
    assert not any("Epic" in line for line in json.loads(capsys.readouterr().out)["log"])


def test_play_epic_with_the_base_game_alone_is_refused(capsys):
    assert main(["play", "--epic", "--sets", "base"]) == 1
    assert "cannot set up the game: the Epic game needs 5 level III conflicts" in capsys.readouterr().err


def test_simulate_epic_reports_the_epic_game(capsys):
    assert main(["simulate", "--epic", "--solo", "--difficulty", "expert", "--games", "2", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["epic"] is True and stats["games"] == 2
    assert main(["simulate", "--epic", "--players", "2", "--games", "2"]) == 0
    assert "the Epic game" in capsys.readouterr().out


def test_an_epic_save_resumes_the_same_game(tmp_path, capsys, ix):
    decisions = play_game(ix, 2, 4, ["random", "random"], quiet=True, epic=True).decisions
    setup = {"seed": 4, "people": 2, "difficulty": "novice", "churn": "reveal", "policies": ["random", "random"],
             "backend": "compiled", "cards": card_record(None), "with": [], "sets": list(IX), "epic": True}
    f = save_game(tmp_path / "epic.json", setup, decisions)
    assert load_game(f)["epic"] is True
    assert main(["play", "--resume", str(f), "--json"]) == 0
    st = json.loads(capsys.readouterr().out)
    assert st["epic"] is True and st["decisions"] == decisions
    assert main(["play", "--resume", str(f), "--epic"]) == 2  # the save holds the setup
    capsys.readouterr()
    bad = json.loads(f.read_text())
    bad["epic"] = "yes"
    f.write_text(json.dumps(bad))
    with pytest.raises(SaveError, match="epic: expected true or false"):
        load_game(f)


# ---------------------------------------------------------------------- other mixes of sets
@pytest.mark.parametrize("people, difficulty", [(4, "novice"), (2, "novice"), (1, "expert")])
def test_epic_games_of_base_ix_and_immortality_finish(compiled, people, difficulty):
    """Every mix that holds the Epic list and five Conflict III plays it; Immortality's
    own content arrives from its branch (docs/decisions.md, "The Epic game")."""
    sets = ("base", "ix", "immortality")
    assert soak_game(compiled.select(sets), people, 3, difficulty, epic=True, sets=sets) > 20


def test_a_mix_without_rise_of_ix_is_refused_with_the_reason(compiled):
    with pytest.raises(SetupError, match="needs 5 level III conflicts"):
        Game(players=3, seed=1, sets=("base", "immortality"), epic=True)
