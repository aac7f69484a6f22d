"""Uprising's Feyd-Rautha Harkonnen (a track printed on the leader, `leader ID` in
the track: his Training track; Devious Strength) and Lady Jessica (a two-sided
leader: `side ID "Title" { }` and `flip_leader`; memories; `on agent_at ICON`;
Reverend Mother Jessica's `repeat_space`), each played on both back-ends in a game
of `--sets uprising` (docs/decisions.md, "Uprising's two-sided and training leaders")."""
from __future__ import annotations

import json

import pytest

from dunec.content import load
from dunec.engine.checks import invariants
from dunec.engine.checks.state_check import StateError, check as check_state
from dunec.engine.loop.setup import give_sets, new_game
from dunec.engine.rules import pieces as rules_pieces, tracks as rules_tracks
from dunec.engine.views.observe import observation
from dunec.ai import features
from dunec.engine.runs.runner import play_game

from scenario import Scenario

FEYD, JESSICA, MOTHER = "feyd_rautha_harkonnen", "uprising_lady_jessica", "reverend_mother_jessica"
OTHERS = ["muad_dib", "lady_amber_metulli"]


@pytest.fixture(scope="module", params=["interpreted", "compiled"])
def uprising(request):
    return load(request.param).select(("uprising",))


def game(content, leader: str) -> Scenario:
    return Scenario(content, players=4, leaders=[leader, *OTHERS, JESSICA if leader == FEYD else FEYD])


def finish(g: Scenario) -> None:
    g.done()
    invariants.check(g.engine)


def signet(g: Scenario, *answers) -> None:
    """The Signet Ring sent to the Assembly Hall (+1 intrigue, +1 persuasion), its box first."""
    g.p(0).hand.append("signet_ring")
    g.answer(0, "card first", *answers)
    g.agent(0, "signet_ring", "assembly_hall")


# ---------------------------------------------------------------------- Feyd-Rautha Harkonnen
def test_only_feyds_player_has_a_token_on_the_training_track(uprising):
    g = game(uprising, FEYD)
    assert g.p(0).tracks == {"feyd_training": "t0"}
    assert all("feyd_training" not in g.p(s).tracks for s in (1, 2, 3))
    finish(g)


def test_a_saved_game_with_the_track_reads_back(uprising):
    """The state check knows a leader's track is its player's only."""
    st = new_game(uprising, 4, 3, leaders=[FEYD, JESSICA, *OTHERS])
    give_sets(uprising, st)
    data = json.loads(st.to_json())
    check_state(uprising, data)
    data["players"][1]["tracks"] = {"feyd_training": "t0"}
    with pytest.raises(StateError, match="tracks"):
        check_state(uprising, data)


def test_personal_training_moves_one_space_and_pays_it(uprising):
    g = game(uprising, FEYD)
    posts = len(g.p(0).pieces["spies"]["on"])
    signet(g, ("cell", "feyd_training", "t1_spy"), 0)  # the spy branch, then the first free post
    assert g.p(0).tracks["feyd_training"] == "t1_spy"
    assert len(g.p(0).pieces["spies"]["on"]) == posts + 1
    assert g.asked(0)[1][0] == "cell"
    finish(g)


def test_the_paid_trash_branch_and_a_skipped_column(uprising):
    """t3_trash links to t5 (column 5): the upper branch is one space shorter."""
    g = game(uprising, FEYD)
    p = g.p(0)
    p.tracks["feyd_training"] = "t3_trash"
    supply, garrison = p.supply, p.garrison
    signet(g, 0)  # t5's spy: the first free post
    assert p.tracks["feyd_training"] == "t5"
    assert (p.garrison, p.supply) == (garrison + 1, supply - 1)
    assert rules_tracks.reached(g.engine, p, "feyd_training") == 5
    finish(g)


def test_the_rightmost_space_keeps_the_token(uprising):
    g = game(uprising, FEYD)
    p = g.p(0)
    p.tracks["feyd_training"] = "t5"
    garrison = p.garrison
    signet(g)
    assert p.tracks["feyd_training"] == "t5" and p.garrison == garrison  # no move, no reward
    finish(g)


def test_pay_one_solari_to_trash(uprising):
    g = game(uprising, FEYD)
    p = g.p(0)
    p.solari, p.discard = 1, ["dagger"]
    signet(g, ("cell", "feyd_training", "t1_trash"), "pay", "trash Dagger")
    assert p.tracks["feyd_training"] == "t1_trash"
    assert p.solari == 0 and "dagger" not in p.discard
    finish(g)


def test_devious_strength_recalls_a_spy_for_two_swords(uprising):
    g = game(uprising, FEYD)
    p = g.p(0)
    e = g.engine
    rules_pieces.place(e, p, "spies", 1, ())
    g.answer(0, 0)
    e.drive()
    assert len(p.pieces["spies"]["on"]) == 1
    swords = p.swords
    g.state.turn_kind = "reveal"
    g.answer(0, "pay")  # the one spy on the board: recalled without a question
    g.box(0, FEYD, "reveal")
    assert p.swords == swords + 2 and not p.pieces["spies"]["on"]
    finish(g)


def test_the_track_is_observed_for_its_owner_only(uprising):
    g = game(uprising, FEYD)
    g.p(0).tracks["feyd_training"] = "t2"
    view = observation(g.state, 1)
    assert view.players[0].tracks == {"feyd_training": "t2"} and "feyd_training" not in view.players[1].tracks
    lay = features.layout(uprising)
    assert "track_feyd_training" in lay.set_fields
    vec = features.encode(g.state, 0, uprising)
    at = lay.offsets()["set_seats"][0]
    assert vec[at + lay.set_fields.index("track_feyd_training")] == 2.0  # column 2
    finish(g)


# ---------------------------------------------------------------------- Lady Jessica
def test_jessica_begins_on_her_front(uprising):
    g = game(uprising, JESSICA)
    assert g.p(0).leader == JESSICA and uprising.defs[JESSICA]["side"] == MOTHER
    assert MOTHER not in [p.leader for p in g.state.players]
    finish(g)


def test_spice_agony_makes_a_memory(uprising):
    g = game(uprising, JESSICA)
    p = g.p(0)
    p.spice, supply, intrigue = 2, p.supply, len(p.intrigue)
    signet(g, "pay")
    assert p.spice == 1 and len(p.intrigue) == intrigue + 2  # one of them the Assembly Hall's
    assert p.counters["memories"] == 1 and p.supply == supply - 1
    finish(g)


def test_other_memories_draws_a_card_per_memory_and_flips(uprising):
    g = game(uprising, JESSICA)
    p = g.p(0)
    p.deck = ["dagger", "dune_the_desert_planet", "diplomacy"]
    p.counters["memories"], p.supply = 2, p.supply - 2
    supply = p.supply
    g.answer(0, "you may")
    g.agent(0, "diplomacy", "secrets_up")
    assert p.counters["memories"] == 0 and p.supply == supply + 2
    assert len(p.hand) == 2 and p.leader == MOTHER
    assert p.influence["bene_gesserit"] == 1
    finish(g)


def test_other_memories_declined_keeps_the_front(uprising):
    g = game(uprising, JESSICA)
    p = g.p(0)
    p.counters["memories"], p.supply = 1, p.supply - 1
    g.answer(0, "no")
    g.agent(0, "diplomacy", "secrets_up")
    assert p.leader == JESSICA and p.counters["memories"] == 1
    finish(g)


def test_no_trigger_off_bene_gesserit_spaces(uprising):
    g = game(uprising, JESSICA)
    p = g.p(0)
    p.counters["memories"], p.supply = 1, p.supply - 1
    g.agent(0, "diplomacy", "dutiful_service")  # no question asked
    assert p.leader == JESSICA and g.asked(0) == []
    finish(g)


def test_reverend_mother_repeats_a_fremen_space_for_water(uprising):
    g = game(uprising, JESSICA)
    p = g.p(0)
    p.leader = MOTHER
    p.deck = ["dagger", "reconnaissance"]
    p.water = 1
    g.answer(0, "pay", "deploy 0")  # Fremkit is a combat space: then the deployment
    g.agent(0, "diplomacy", "fremkit")  # draw 1, then again for 1 water
    assert len(p.hand) == 2 and p.water == 0
    assert p.influence["fremen"] == 1  # the influence is not repeated
    finish(g)


def test_reverend_mother_signet_is_the_water_of_life(uprising):
    g = game(uprising, JESSICA)
    p = g.p(0)
    p.leader = MOTHER
    p.spice, water = 1, p.water
    signet(g, "pay")
    assert p.spice == 0 and p.water == water + 1 and p.counters["memories"] == 0
    finish(g)


def test_the_side_is_observed(uprising):
    g = game(uprising, JESSICA)
    g.p(0).leader = MOTHER
    assert observation(g.state, 1).players[0].leader == MOTHER
    lay = features.layout(uprising)
    vec = features.encode(g.state, 1, uprising)
    at = lay.offsets()["sides"][0]
    assert list(vec[at:at + 4]) == [0.0, 0.0, 0.0, 1.0]  # seat 0 seen by seat 1: the last relative seat
    finish(g)


# ---------------------------------------------------------------------- whole games
def _seeds_dealing_both(content, n: int = 3) -> list[int]:
    """The first seeds whose 4-player deal gives Feyd-Rautha and Lady Jessica a seat."""
    out, seed = [], 0
    while len(out) < n:
        if {FEYD, JESSICA} <= {p.leader for p in new_game(content, 4, seed).players}:
            out.append(seed)
        seed += 1
    return out


def test_games_with_both_leaders_play_alike_on_both_back_ends():
    """Seeded 4-player games of `--sets uprising` dealing both leaders: the invariants
    hold after every decision, both back-ends play them alike, and the Training
    track and the flip show in the logs."""
    interpreted, compiled = load("interpreted").select(("uprising",)), load("compiled").select(("uprising",))
    logs = []
    for seed in _seeds_dealing_both(interpreted):
        for names in (["random"] * 4, ["greedy"] * 4):
            a = play_game(interpreted, 4, seed, list(names), check=invariants.check)
            b = play_game(compiled, 4, seed, list(names), check=invariants.check)
            assert a.finished and a.digest() == b.digest() and a.log_digest() == b.log_digest(), (seed, names)
            logs += a.log
    assert any("of the Training track" in line for line in logs)
    assert any("becomes Reverend Mother Jessica" in line for line in logs)


# ---------------------------------------------------------------------- positions
def test_a_position_gives_the_track_with_its_leader():
    from dunec.api import Game
    from dunec.engine.records.position import PositionError

    content = load("interpreted").select(("uprising",))
    seed = next(s for s in range(200) if [p.leader for p in new_game(content, 4, s).players][:2] == [FEYD, JESSICA])
    start = lambda seats: Game.from_position({"seats": seats}, players=4, seed=seed, sets=("uprising",))  # noqa: E731
    g = start([{"leader": FEYD, "feyd_training": "t3_spy"}, {"leader": MOTHER}])
    me, her = g.state.players[0], g.state.players[1]
    assert me.tracks == {"feyd_training": "t3_spy"} and "feyd_training" not in her.tracks
    assert her.leader == MOTHER
    with pytest.raises(PositionError, match="feyd_training"):
        start([{}, {"leader": JESSICA, "feyd_training": "t2"}])
    with pytest.raises(PositionError, match="already leads"):
        start([{"leader": MOTHER}])  # seat 1 leads Lady Jessica: one card, two faces
