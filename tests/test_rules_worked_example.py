"""Rules 001, "A turn, played out": the worked example, step by step, every stated number.

Seats: P1 (seat 0) is "you", P2 (seat 1) is "the player to your left" (next clockwise),
P3 (seat 2) is "the player to your right".

Decisions taken to set the example up on this board and these cards:
- "You take the space's effect and the card's Agent box, which recruits 2 troops": Carthag
  itself recruits 1 troop (and gives an Intrigue card), so the card played is Arrakis
  Recruiter (City icon, Agent box: 1 troop): 2 recruited in all. Reading it as 2 troops from
  the card alone would give 6 troops and strength 13, contradicting the stated 11.
- "Pay its cost first": Carthag has no cost on this board, so nothing is paid.
- "Your garrison of 5" is before the 2 recruits: 5 + 2 = 7, 4 deployed, 3 stay behind.
- "5 Persuasion and 1 sword" from two cards: Firm Grip (4 Persuasion with the Emperor
  Alliance, held from an earlier round) and Arrakis Recruiter (1 Persuasion, 1 sword).
- The other players' 11 and 9 are built by playing their turns: P3 sends an Agent to the
  Heighliner (5 troops deployed) and reveals a Dagger; P2 deploys 3 troops at Arrakeen and
  reveals 3 swords.
- "You have 1 Agent left and 3 cards in hand": the first Agent went to Secure Contract
  earlier this round; decks are empty so the Round Start draw does not disturb the hands.
"""
from __future__ import annotations

from scenario import Scenario, settle

from dunec.engine.loop import turns
from dunec.engine.loop.turns import strength

PLAIN = "glossu_rabban"


def test_a_turn_played_out(content):
    g = Scenario(content, players=3, leaders=[PLAIN] * 3)
    st, e = g.state, g.engine
    you, left, right = g.p(0), g.p(1), g.p(2)

    # --- the situation: round 5, 3 players; you control Arrakeen, the player to your right Carthag
    st.round = 5
    st.first_player = 0
    st.conflict = None
    if "siege_of_arrakeen" in st.conflict_deck:
        st.conflict_deck.remove("siege_of_arrakeen")
    st.conflict_deck.append("siege_of_arrakeen")  # the Conflict card revealed is for Arrakeen
    st.control = {"arrakeen": 0, "carthag": 2}
    st.imperium_row = ["duncan_idaho", "chani", "opulence", "liet_kynes", "worm_riders"]
    st.imperium_deck = ["imperial_spy"]  # the Row refills with a card costing 2
    st.intrigue_deck.append("windfall")  # the Intrigue card Carthag gives you
    you.garrison, you.supply = 5, 7
    you.influence["emperor"] = 4
    st.alliances["emperor"] = 0
    you.vp, you.vp_ledger = 2, {"influence": 1, "alliance": 1}
    right.spice = 6
    left.intrigue = ["ambush"]
    right.intrigue = ["ambush"]
    vp_before = [p.vp for p in st.players]

    # --- Round Start: reveal the Conflict; you control Arrakeen, so 1 troop from supply to the Conflict
    g.answer(0, "deploy 1 troop to defend")
    settle(e, turns.round_start, e)
    assert st.conflict == "siege_of_arrakeen"
    assert you.conflict == 1 and you.supply == 6 and you.garrison == 5

    # Earlier this round you sent your first Agent; you have 1 Agent left and 3 cards in hand.
    st.occupied["secure_contract"] = 0
    you.played = ["dune_the_desert_planet"]
    you.agents_left = 1
    you.hand = ["arrakis_recruiter", "arrakis_recruiter", "firm_grip"]

    # --- The player to your left sends an Agent to Arrakeen: you gain 1 Solari.
    g.answer(1, "deploy 3")
    g.agent(1, "reconnaissance", "arrakeen")
    assert you.solari == 1
    assert left.solari == 0
    assert left.conflict == 3

    # (The player to your right puts 5 troops in the Conflict at the Heighliner.)
    g.answer(2, "deploy 5")
    g.agent(2, "diplomacy", "heighliner")
    assert right.conflict == 5 and right.spice == 0

    # --- You play a card whose Agent icon matches Carthag, a Combat space.
    assert ("place", "arrakis_recruiter", "carthag") in turns.agent_options(e, you)
    g.answer(0, "space first", "deploy 4")
    g.agent(0, "arrakis_recruiter", "carthag")
    assert you.solari == 1  # nothing paid for Carthag, and the control bonus is not yours
    assert right.solari == 1  # the player to your right controls Carthag: 1 Solari
    assert you.agents_left == 0 and you.hand == ["arrakis_recruiter", "firm_grip"]
    # 2 recruited (space + card) go in, plus 2 more from the garrison of 5: 3 stay behind.
    deploys = [labels for kind, labels in g.asked(0) if kind == "deploy"]
    assert deploys == [[f"deploy {i}" for i in range(5)]]  # recruited 2 + up to 2: at most 4
    assert you.garrison == 3
    assert you.conflict == 1 + 4  # 5 troops

    # (Reveal turns of the other two: 3 swords for the left, 1 for the right.)
    left.hand = ["dagger", "dagger", "imperial_spy"]
    g.reveal(1)
    right.hand = ["dagger"]
    g.reveal(2)

    # --- Next turn you reveal your last 2 cards: 5 Persuasion and 1 sword; buy a Row card costing 4.
    # Carthag gave you an intrigue card: a plot may be played before, between or after the
    # purchases; not now.
    assert [content.defs[c]["boxes"] for c in you.intrigue] == [("plot",)]
    g.answer(0, "buy Duncan Idaho", "end turn")
    g.reveal(0)
    buys = [labels for kind, labels in g.asked(0) if kind == "buy"]
    assert "buy Duncan Idaho (4)" in buys[0]
    # After the buy, 1 Persuasion is left and nothing costs 1: only the plot and the end remain.
    assert [lab for lab in buys[1] if lab.startswith("buy ")] == [] and buys[1][-1] == "end turn"
    assert "imperial_spy" in st.imperium_row and len(st.imperium_row) == 5  # the refill, costing 2
    assert content.defs["imperial_spy"]["cost"] == 2
    assert "duncan_idaho" in you.discard
    assert you.persuasion == 0  # the leftover point is lost
    assert you.swords == 1

    # --- Strength: 5 troops at 2 each plus 1 sword = 11; right 11; left 9.
    assert strength(you) == 11
    assert strength(right) == 11
    assert strength(left) == 9

    # --- Combat: everyone passes in turn, so it resolves.
    g.answer(1, "pass")
    g.answer(2, "pass")
    g.combat()
    assert [kind for kind, _ in g.asked(1)] == ["deploy", "combat"]
    assert [kind for kind, _ in g.asked(2)] == ["deploy", "combat"]
    # You and the player to your right tie for first: nobody wins, each takes the second reward
    # (Siege of Arrakeen: 4 Solari). In 3 players the 9 earns nothing.
    assert you.solari == 1 + 4
    assert right.solari == 1 + 4
    assert left.solari == 0
    assert [p.vp for p in st.players] == vp_before  # nobody took the first reward's Victory Point
    # No one won Arrakeen, so your Control marker stays.
    assert st.control == {"arrakeen": 0, "carthag": 2}
    # All troops return to supplies, not garrisons.
    assert [p.conflict for p in st.players] == [0, 0, 0]
    assert you.garrison == 3 and you.supply == 9
    assert right.garrison == 3 and right.supply == 9
    assert left.garrison == 1 and left.supply == 11
    assert [p.swords for p in st.players] == [0, 0, 0]
    g.done()
