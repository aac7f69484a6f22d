"""The table a person reads at the terminal: what a player plans with on the
physical table (rivals' holdings, Alliances, control, the Conflict's rewards,
each space's cost and gain, deck and discard), and the prompts' wording."""
from __future__ import annotations

import subprocess
import sys

from dunec.content import check_cards
from dunec.engine.rules import cards as rules_cards
from dunec.engine.loop import turns
from dunec.engine.loop.game import Engine
from dunec.engine.players.human import HumanPolicy, QuitGame
from dunec.engine.views.info import CardWords
from dunec.engine.views.observe import SeatView
from dunec.engine.runs.runner import new_state
from dunec.engine.records.saves import card_record
from dunec.engine.views.tableview import option_details, render_view

WORDS = CardWords(None, check_cards)
SETUP = {"seed": 5, "people": 3, "difficulty": "novice", "churn": "reveal", "policies": ["human"] * 3,
         "backend": "compiled", "cards": card_record(None), "with": []}


def _table(content, sets=("base",)):
    content = content.select(sets)
    st = new_state(content, 3, 5, ["human"] * 3)
    e = Engine(content, st, [None] * 3)
    st.round = 1
    st.conflict = "siege_of_arrakeen"
    for p in st.players:
        rules_cards.draw(e, p, 5)
    return e


def _policy(lines):
    out, answers = [], list(lines)

    def read(prompt):
        if not answers:
            raise QuitGame("input ended")
        return answers.pop(0)
    return HumanPolicy(SETUP, read=read, write=out.append, rules=WORDS.rules, says=WORDS.says), out


def test_the_table_shows_what_a_player_plans_with(compiled):
    e = _table(compiled)
    st = e.state
    me, rival = st.players[0], st.players[1]
    rival.garrison, rival.conflict, rival.influence["fremen"] = 5, 2, 3
    rival.discard = rival.hand[:2]
    del rival.hand[:2]
    st.alliances["emperor"] = 1
    st.control["arrakeen"] = 2
    view = render_view(SeatView(e, 0), me, WORDS.says)
    # The conflict card's rewards, by place.
    assert ("Conflict: Siege of Arrakeen (level II): 1st +1 Victory Point, Arrakeen Control | "
            "2nd +4 Solari | 3rd +2 Solari") in view
    # Every control marker, taken or not, with its bonus; every Alliance's holder.
    assert "Control: Arrakeen P3 (+1 Solari), Carthag nobody (+1 Solari), Imperial Basin nobody (+1 spice)" in view
    assert "Alliances: Emperor P2, Spacing Guild nobody, Bene Gesserit nobody, Fremen nobody" in view
    # A rival's garrison, troops in the Conflict, cards and influence, as counts only.
    rival_line = next(line for line in view.splitlines() if line.startswith(f"  {e.pname(rival)}:"))
    assert "garrison 5, in the Conflict 2" in rival_line
    assert "hand 3, deck 5, discard 2, intrigue 0" in rival_line
    assert "influence Emperor 0 (Alliance), Spacing Guild 0, Bene Gesserit 0, Fremen 3" in view
    assert not any(e.defs[c]["name"] in rival_line for c in rival.hand)  # hidden cards stay hidden
    # The player's own deck and discard sizes.
    assert f"hand 5, deck {len(me.deck)}, discard 0" in view


def test_a_sets_counters_units_and_tracks_are_on_the_table(compiled):
    e = _table(compiled, ("base", "ix"))
    o = e.state.players[2]
    o.counters["negotiators"], o.tracks["shipping"] = 2, 1
    o.units["dreadnought"].update(garrison=1, supply=1)
    line = next(x for x in render_view(SeatView(e, 0), e.state.players[0], WORDS.says).splitlines()
                if x.startswith(f"  {e.pname(o)}:"))
    assert "water, negotiators 2 |" in line and "shipping track step 1" in line
    assert "dreadnought: garrison 1, in the Conflict 0, supply 1" in line


def test_agent_options_say_what_the_space_costs_and_gives(compiled):
    e = _table(compiled)
    st, me = e.state, e.state.players[0]
    st.maker_spice["hagga_basin"] = 2
    actions = [("place", "dune_the_desert_planet", "hagga_basin"), ("place", "diplomacy", "hardy_warriors"),
               ("place", "signet_ring", "secure_contract"), ("place", "diplomacy", "high_council_space"),
               ("reveal",)]
    details = option_details(SeatView(e, 0), me, actions, WORDS.says)
    assert details == ["cost: 1 water; gives: +2 spice, +2 bonus spice; combat",
                       "cost: 1 water; gives: +1 Fremen Influence, +2 troops; combat",
                       "gives: +3 Solari",
                       "cost: 5 Solari; gives: take a High Council seat",
                       ""]
    pol, out = _policy(["1"])
    pol.choose(SeatView(e, 0), me, "turn", actions, None)
    assert "   1) Dune, the Desert Planet -> Hagga Basin (cost: 1 water; gives: +2 spice, +2 bonus spice; combat)" in out


def test_a_leaders_own_space_costs_are_the_ones_shown(compiled):
    """The cost shown is the one this player pays (a rival rule's Mentat price here),
    not the printed one."""
    e = _table(compiled)
    e.state.cost_overrides = {"mentat_space": [["res", "solari", 5]]}
    shown = option_details(SeatView(e, 0), e.state.players[0], [("place", "dagger", "mentat_space")], WORDS.says)
    assert shown[0].startswith("cost: 5 Solari;")


def test_the_buy_prompt_names_tiles_only_with_a_tile_market(compiled):
    actions = [("buy", "stilgar", 5), ("stop_buying",)]
    for sets, tiles in ((("base",), False), (("base", "ix"), True)):
        e = _table(compiled, sets)
        pol, out = _policy(["1"])
        pol.choose(SeatView(e, 0), e.state.players[0], "buy", actions, None)
        question = next(line for line in out if line.startswith("Buy a card"))
        assert ("(or a tile)" in question) is tiles, sets


def test_quit_right_after_save_says_the_game_is_saved(compiled, tmp_path):
    e = _table(compiled)
    target = tmp_path / "g.json"
    pol, _ = _policy([f"save {target}", "quit"])
    try:
        pol.choose(SeatView(e, 0), e.state.players[0], "pay", [("yes", "a"), ("no",)], None)
    except QuitGame as q:
        assert q.saved == str(target)
    else:
        raise AssertionError("quit did not stop the game")
    # A save at an earlier decision does not count for this one.
    pol, _ = _policy([f"save {target}", "1", "quit"])
    pol.choose(SeatView(e, 0), e.state.players[0], "pay", [("yes", "a"), ("no",)], None)
    e.state.decisions.append(0)
    try:
        pol.choose(SeatView(e, 0), e.state.players[0], "pay", [("yes", "a"), ("no",)], None)
    except QuitGame as q:
        assert q.saved is None


def test_the_command_line_says_so_too(tmp_path):
    save = tmp_path / "g.json"
    args = [sys.executable, "-m", "dunec", "play", "--players", "3", "--seed", "8", "--policy", "human,greedy,random"]
    r = subprocess.run(args, input=f"1\nsave {save}\nquit\n", capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert f"It is saved: `dunec play --resume {save}` continues it." in r.stdout
    assert "Type `save FILE`" not in r.stdout
    r = subprocess.run(args, input="1\nquit\n", capture_output=True, text=True, timeout=300)
    assert "Type `save FILE` at a prompt to keep a game for later." in r.stdout


def test_a_plot_card_says_what_it_did_or_that_it_did_nothing(compiled):
    e = _table(compiled)
    p = e.state.players[0]
    p.seat_on_council = False
    p.intrigue = ["councilors_dispensation", "windfall"]
    for card, said in (("councilors_dispensation", "    -> no effect"), ("windfall", "    -> +2 Solari")):
        n = len(e.state.log)
        turns.play_intrigue(e, p, card, "plot")
        e.advance()
        assert e.state.log[n + 1:] == [said], card


def test_a_card_whose_cost_cannot_be_paid_is_not_offered(compiled):
    """Every intrigue card with a cost: offered with the cost in hand, not without."""
    content = compiled.select(("base", "ix"))
    costly = sorted((c, box) for c, m in content.defs.items() if m["kind"] == "intrigue"
                    for box in ("plot", "combat") if m["forced"].get(box))
    assert len(costly) >= 15
    for card, box in costly:
        e = _table(compiled, ("base", "ix"))
        p = e.state.players[0]
        p.solari = p.spice = p.water = p.garrison = p.conflict = 0
        p.hand, p.influence = [], dict.fromkeys(p.influence, 0)
        p.intrigue = [card]
        assert turns.intrigue_options(e, p, box, []) == [], card
        p.solari = p.spice = p.water = p.garrison = p.conflict = 10
        p.hand, p.influence = list(p.deck[:3]), dict.fromkeys(p.influence, 2)
        for o in e.state.players[1:]:  # Double Cross needs an opponent in the Conflict
            o.conflict = 2
        assert turns.intrigue_options(e, p, box, []) == [("play", card)], card
