"""The search player: honest guesses at hidden information, legal reproducible
moves, and a policy that plays whole games through play_game."""
import importlib.util
import time
from pathlib import Path

import pytest

from dunec import Game
from dunec.ai.determinise import determinise
from dunec.ai.search import Search, estimate, make_policy
from dunec.content import load
from dunec.engine.views.observe import observation
from dunec.engine.loop.rng import Rng
from dunec.engine.runs.runner import play_game, replay


def game_at(players=4, seed=3, steps=40):
    g = Game(players=players, seed=seed)
    for _ in range(steps):
        g.apply_index(len(g.legal_actions()) // 2)
    return g


def test_a_guess_keeps_all_the_seat_may_know():
    g = game_at()
    seat = g.current_player()
    for k in range(5):
        guess = determinise(g.state, seat, g.content.defs, Rng(k))
        assert observation(guess, seat).digest() == observation(g.state, seat).digest()


def test_a_guess_resamples_what_the_seat_cannot_see():
    g = game_at()
    seat = g.current_player()
    others = [p.seat for p in g.state.players if p.seat != seat]
    hidden = sorted(c for s in others for c in g.state.players[s].hand)
    levels = [g.content.defs[c]["level"] for c in g.state.conflict_deck]
    changed = set()
    for k in range(20):
        guess = determinise(g.state, seat, g.content.defs, Rng(k))
        assert sorted(c for s in others for c in guess.players[s].hand) == hidden
        assert [g.content.defs[c]["level"] for c in guess.conflict_deck] == levels
        assert guess.rng_state != g.state.rng_state
        changed |= {name for name, a, b in (
            ("hands", [guess.players[s].hand for s in others], [g.state.players[s].hand for s in others]),
            ("deck", guess.players[seat].deck, g.state.players[seat].deck),
            ("imperium", guess.imperium_deck, g.state.imperium_deck)) if a != b}
    assert changed == {"hands", "deck", "imperium"}


def hidden_variant(g):
    """The same game as the seat sees it, with everything hidden arranged otherwise."""
    seat = g.current_player()
    other = g.clone()
    st = other.state
    others = [p for p in st.players if p.seat != seat]
    pool = [c for p in others for c in p.hand][::-1]
    for p in others:
        n = len(p.hand)
        p.hand[:] = pool[:n]
        del pool[:n]
    for p in st.players:
        p.deck.reverse()
    st.imperium_deck.reverse()
    st.intrigue_deck.reverse()
    st.rng_state ^= 0xDEADBEEF
    assert other.state.digest() != g.state.digest()
    return other


def test_the_choice_depends_only_on_what_the_seat_may_know():
    g = game_at(steps=45)
    other = hidden_variant(g)
    seat = g.current_player()
    a = determinise(g.state, seat, g.content.defs, Rng(9))
    b = determinise(other.state, seat, g.content.defs, Rng(9))
    assert a.digest() == b.digest()
    assert Search(iterations=12, seed=4).choose_index(g) == Search(iterations=12, seed=4).choose_index(other)


def test_search_picks_a_legal_action_reproducibly_and_leaves_the_game_alone():
    g = game_at(players=2, seed=8, steps=20)
    before = g.state.digest()
    first = Search(iterations=15, seed=1, rollout="random").choose(g)
    assert first in g.legal_actions() and g.state.digest() == before
    assert Search(iterations=15, seed=1, rollout="random").choose(g) == first


def test_a_time_budget_stops_the_search():
    g = game_at(players=4, seed=2, steps=10)
    t = time.perf_counter()
    assert Search(iterations=10**6, seconds=0.2).choose(g) in g.legal_actions()
    assert time.perf_counter() - t < 5.0


def test_estimate_gives_more_to_the_seat_ahead():
    g = game_at(players=3, seed=1, steps=30)
    g.state.players[1].vp += 3
    shares = estimate(g)
    assert sum(shares) == pytest.approx(1.0) and shares[1] == max(shares)


def test_search_as_a_play_game_policy_is_reproducible():
    content = load("compiled")
    names = ["search:4"]
    st = play_game(content, 1, 5, names, quiet=True, make_policy=make_policy)
    assert st.finished and len(st.standings) == 3
    again = replay(content, 1, 5, names, st.decisions)
    assert again.digest() == st.digest()
    assert play_game(content, 1, 5, names, quiet=True, make_policy=make_policy).digest() == st.digest()


def test_search_beats_random_players():
    """Deterministic seeds: search with a small budget against three random players."""
    content = load("compiled")
    wins = 0
    for seed in range(3):
        names = ["random"] * 4
        names[seed] = "search:8"
        st = play_game(content, 4, seed, names, quiet=True, make_policy=make_policy)
        wins += any(s["rank"] == 1 and s["seat"] == seed for s in st.standings)
    assert wins >= 2


@pytest.mark.parametrize("name, words", [("search:x", "write search:N"), ("search:0", "write search:N"),
                                         ("nobody", "unknown policy")])
def test_bad_policy_names_are_refused(name, words):
    with pytest.raises(ValueError, match=words):
        make_policy(name, 0, 0)


def test_bad_search_options_are_refused():
    with pytest.raises(ValueError, match="rollout must be one of"):
        Search(rollout="smart")
    with pytest.raises(ValueError, match="no decision to search"):
        g = Game(players=1, seed=1)
        while not g.is_terminal():
            g.apply_index(0)
        Search().choose(g)


def _bench():
    path = Path(__file__).resolve().parent.parent / "bench" / "bench_search.py"
    spec = importlib.util.spec_from_file_location("dunec_bench_search", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_the_study_runs(capsys):
    table = _bench().main(["--games", "1", "--budgets", "2", "--settings", "4p,solo:novice"])
    out = capsys.readouterr().out
    assert "search:2" in out and "fair share 0.25" in out and "two novice rivals" in out and "s CPU" in out
    assert set(table) == {("4p", 2), ("solo:novice", 2)}


def test_a_recorded_study_is_summarised_as_it_was_played(tmp_path, capsys):
    """--record keeps every finished game (a stopped study keeps them); --summarise
    prints the same table from the file; --option reaches the Search."""
    bench, record = _bench(), tmp_path / "study.jsonl"
    played = bench.main(["--games", "2", "--budgets", "1", "--settings", "solo:novice", "--record", str(record),
                         "--option", "focus=0"])
    lines = record.read_text().splitlines()
    assert len(lines) == 2 and '"seed": 1001' in lines[1]
    first = capsys.readouterr().out
    assert bench.main(["--summarise", str(record)]) == played
    assert capsys.readouterr().out == first
    assert bench._option("c=1.5") == ("c", 1.5) and bench._option("rollout=random") == ("rollout", "random")


def test_with_one_simulation_the_search_plays_as_greedy():
    """A node tries the greedy pick first, so the smallest budget is the greedy player."""
    content = load("compiled")
    search = play_game(content, 1, 6, ["search:1"], quiet=True, make_policy=make_policy)
    greedy = play_game(content, 1, 6, ["greedy"], quiet=True, make_policy=make_policy)
    assert search.decisions == greedy.decisions


def test_points_count_development_less_as_the_conflicts_run_out():
    from dunec.ai.search import points_of

    g = game_at(players=3, seed=1, steps=30)
    p = g.state.players[0]
    before = points_of(g, p)
    p.discard.append("duncan_idaho")  # a bought card counts, at its cost
    p.influence["fremen"] += 1
    assert points_of(g, p) > before
    g.state.conflict_deck.clear()  # the last round: only VP count
    assert points_of(g, p) == p.vp


def test_a_solo_rival_counts_its_holdings_at_its_trade_rates():
    """A solo rival trades 7 Solari, 3 water or 3 intrigue cards for 1 VP, to the end."""
    from dunec.ai.search import points_of
    from dunec.engine.rivals.play import TRADES

    g = game_at(players=1, seed=2, steps=20)
    rival = next(p for p in g.state.players if p.rival)
    g.state.conflict_deck.clear()  # the last round: a person's holdings count nothing
    before = points_of(g, rival)
    rival.solari += dict(TRADES)["solari"]
    assert points_of(g, rival) == pytest.approx(before + 1)
    rival.water += 3
    assert points_of(g, rival) == pytest.approx(before + 2)
    person = next(p for p in g.state.players if not p.rival)
    person.solari += 7
    assert points_of(g, person) == person.vp


def test_focus_spends_the_budget_where_decisions_matter():
    from dunec.ai.search import FOCUS

    g = Game(players=4, seed=1)
    while g.decision()["kind"] != "turn" or len(set(g.legal_actions())) < 2:
        g.apply_index(0)
    focused, plain = Search(iterations=10), Search(iterations=10, focus=False)
    assert focused._budget(g) == round(10 * FOCUS["turn"]) > plain._budget(g) == 10
    focused.choose(g)
    assert focused.simulations == round(10 * FOCUS["turn"])


def test_a_guess_deals_the_tiles_under_the_market_tops_again():
    g = Game(players=4, seed=2, sets=("base", "ix"))
    seat = g.current_player()
    stacks = g.state.markets["tech_tiles"]
    hidden = sorted(t for s in stacks for t in s[:-1])
    changed = False
    for k in range(10):
        guess = determinise(g.state, seat, g.content.defs, Rng(k))
        assert observation(guess, seat).digest() == observation(g.state, seat).digest()
        got = guess.markets["tech_tiles"]
        assert [s[-1] for s in got] == [s[-1] for s in stacks] and [len(s) for s in got] == [len(s) for s in stacks]
        assert sorted(t for s in got for t in s[:-1]) == hidden
        changed |= got != stacks
    assert changed
    other = g.clone()  # the seat cannot tell these two games apart: same guesses
    for s in other.state.markets["tech_tiles"]:
        s[:-1] = s[-2::-1]
    assert other.state.markets != g.state.markets
    a, b = determinise(g.state, seat, g.content.defs, Rng(3)), determinise(other.state, seat, g.content.defs, Rng(3))
    assert a.markets == b.markets


def test_search_plays_a_rise_of_ix_game_to_the_end():
    g = Game(players=1, seed=4, sets=("base", "ix"))
    search = Search(iterations=2, seed=4)
    while not g.is_terminal():
        action = search.choose(g)
        assert action in g.legal_actions()
        g.apply(action)
    assert sum(g.returns()) == pytest.approx(1.0) and search.simulations > 0


def _follow_up(seed: int, budget: int, reuse: bool | None = True, play_chosen: bool = True):
    """Search a solo game's decisions until one is followed by another decision of
    the same seat in the same round; return (the searcher's simulations for that
    next decision, its budget)."""
    g = Game(players=1, seed=seed)
    search = Search(iterations=budget, seed=seed) if reuse is None else Search(iterations=budget, seed=seed, reuse=reuse)
    while not g.is_terminal():
        if len(set(g.legal_actions())) < 2:
            g.apply_index(0)
            continue
        index, seat, rnd = search.choose_index(g), g.current_player(), g.state.round
        if not play_chosen:
            index = next(i for i, a in enumerate(g.legal_actions()) if a != g.legal_actions()[index])
        g.apply_index(index)
        if (not g.is_terminal() and g.current_player() == seat and g.state.round == rnd
                and len(set(g.legal_actions())) > 1):
            before = search.simulations
            search.choose_index(g)
            return search.simulations - before, search._budget(g)
    raise AssertionError("no follow-up decision in the game")


def test_the_next_decision_of_a_turn_reuses_what_the_last_search_explored():
    """The subtree below the chosen move already holds simulations of the next
    decision: the search only tops them up to the budget."""
    spent, budget = _follow_up(seed=3, budget=30)
    assert 1 <= spent < budget
    assert _follow_up(seed=3, budget=30, reuse=False) == (budget, budget)


def test_each_decision_gets_a_fresh_tree_by_default():
    """Reuse is off unless asked for: at 25 and 100 simulations a move it lost solo
    games (docs/decisions.md), so a follow-up decision gets its whole budget."""
    spent, budget = _follow_up(seed=3, budget=30, reuse=None)
    assert spent == budget


def test_a_subtree_is_reused_only_after_the_move_it_was_grown_for():
    spent, budget = _follow_up(seed=3, budget=30, play_chosen=False)
    assert spent == budget


def test_the_game_left_shrinks_as_the_leader_nears_the_end():
    """A game ends at VP_TO_END: with a seat one VP short, what a person holds is
    worth a tenth of what it was, however many conflicts are left."""
    from dunec.ai.search import game_left, points_of
    from dunec.engine.loop.turns import VP_TO_END

    g = game_at(players=1, seed=2, steps=20)
    person = next(p for p in g.state.players if not p.rival)
    rival = next(p for p in g.state.players if p.rival)
    person.vp = rival.vp = 0
    person.solari += 9
    early, worth = game_left(g), points_of(g, person)
    rival.vp = VP_TO_END - 1
    assert game_left(g) == pytest.approx(min(early, 1 / VP_TO_END))
    assert points_of(g, person) < worth
    rival.vp = VP_TO_END + 2  # past the end: nothing is left, never less
    assert game_left(g) == 0.0 and points_of(g, person) == person.vp


def test_a_study_split_over_record_files_counts_each_game_once(tmp_path, capsys):
    """A study run as two processes (or restarted) may record a game in both files:
    --summarise counts it once."""
    bench = _bench()
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    both = bench.main(["--games", "3", "--budgets", "1", "--settings", "solo:novice", "--record", str(a)])
    bench.main(["--games", "2", "--budgets", "1", "--settings", "solo:novice", "--seed", "1001", "--record", str(b)])
    capsys.readouterr()
    assert bench.main(["--summarise", str(a), str(b)]) == both
    assert "over 3 games" in capsys.readouterr().out


def test_a_subtree_is_not_reused_in_another_game():
    """Two searchers that chose alike: the one asked about the same game again reuses
    its subtree; the one asked about another game (another seed, the same decisions
    behind it) starts a fresh tree."""
    g = Game(players=1, seed=3)
    while len(set(g.legal_actions())) < 2:
        g.apply_index(0)
    same, other = Search(iterations=12, seed=1, reuse=True), Search(iterations=12, seed=1, reuse=True)
    index = same.choose_index(g)
    assert other.choose_index(g) == index
    g.apply_index(index)
    twin = g.clone()
    twin.state.seed += 1  # as if another seed had dealt the same table
    spent = [same.simulations, other.simulations]
    same.choose_index(g)
    other.choose_index(twin)
    assert same.simulations - spent[0] < same._budget(g)
    assert other.simulations - spent[1] == other._budget(twin)
