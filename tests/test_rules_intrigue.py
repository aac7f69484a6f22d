"""Rules: when Intrigue cards may be played (rules 001 "Intrigue cards stay face down ...
Plot cards ... during one of your own Agent or Reveal turns, Combat cards only during the
Combat phase, and Endgame cards only at the very end of the game")."""
from __future__ import annotations

from scenario import Scenario, settle, run_step

from dunec.engine.loop import turns

PLAIN = "glossu_rabban"


def _game(content, n=3):
    g = Scenario(content, players=n, leaders=[PLAIN] * n)
    g.state.imperium_row = ["gun_thopter", "opulence", "chani", "liet_kynes", "worm_riders"]
    return g


def _turn_labels(g, seat):
    return [labels for k, labels in g.asked(seat) if k == "turn"]


def test_plot_card_is_offered_on_your_own_turn(content):
    # At the start of the turn, before the agent or reveal; also after the agent action
    # and with the purchases of the reveal turn (tests below).
    g = _game(content)
    p = g.p(0)
    p.intrigue = ["windfall"]
    p.hand = ["dagger"]
    g.answer(0, "play Windfall", "reveal")
    settle(g.engine, turns.take_turn, g.engine, p)
    assert _turn_labels(g, 0)[0][0] == "play Windfall"
    assert p.solari == 2
    assert p.intrigue == [] and "windfall" in g.state.intrigue_discard
    assert p.revealed_turn
    g.done()


def test_plot_card_is_offered_before_a_reveal_turn_too(content):
    g = _game(content)
    p = g.p(0)
    p.intrigue = ["windfall"]
    p.hand = []  # no agent turn possible: a Reveal turn, but plots are still offered first
    g.answer(0, "play Windfall")
    settle(g.engine, turns.take_turn, g.engine, p)
    assert _turn_labels(g, 0) == [["play Windfall", "reveal"]]
    assert p.solari == 2 and p.revealed_turn
    g.done()


def test_plot_cards_are_not_offered_on_other_players_turns(content):
    g = _game(content)
    g.p(1).intrigue = ["windfall"]
    g.p(2).intrigue = ["windfall"]
    p = g.p(0)
    p.hand = []
    settle(g.engine, turns.take_turn, g.engine, p)  # P2 and P3 have no scripted answers: any question to them fails
    assert g.asked(1) == [] and g.asked(2) == []
    assert g.p(1).intrigue == ["windfall"]


def test_plot_cards_are_not_offered_in_combat(content):
    g = _game(content)
    g.state.conflict = "guild_bank_raid"
    for seat in range(3):
        g.p(seat).intrigue = ["windfall", "the_sleeper_must_awaken"]
        g.p(seat).conflict, g.p(seat).supply = 1, 8
    g.p(0).swords = 1
    g.combat()
    assert all(g.asked(s) == [] for s in range(3))
    assert all(p.intrigue == ["windfall", "the_sleeper_must_awaken"] for p in g.state.players)


def test_combat_and_endgame_cards_are_not_plots(content):
    g = _game(content)
    p = g.p(0)
    p.intrigue = ["ambush", "plans_within_plans", "to_the_victor", "windfall"]
    p.hand = []
    g.answer(0, "reveal", "end turn")
    settle(g.engine, turns.take_turn, g.engine, p)
    assert _turn_labels(g, 0) == [["play Windfall", "reveal"]]
    # Plot cards are offered again during the reveal turn, with the purchases.
    assert [labels for kind, labels in g.asked(0) if kind == "buy"] == [["play Windfall", "end turn"]]
    g.done()


def test_combat_cards_are_offered_in_the_combat_phase(content):
    g = _game(content)
    g.state.conflict = "guild_bank_raid"
    p = g.p(0)
    p.intrigue = ["ambush", "windfall", "plans_within_plans"]
    p.conflict, p.supply = 1, 8
    g.answer(0, "play Ambush")
    g.combat()
    assert [labels for k, labels in g.asked(0) if k == "combat"] == [["play Ambush", "pass"]]
    assert p.solari == 6 and "ambush" in g.state.intrigue_discard  # alone in the Conflict: first reward
    g.done()


def test_endgame_cards_are_played_at_the_end_of_the_game(content):
    g = _game(content)
    p = g.p(0)
    p.intrigue = ["tiebreaker", "windfall"]
    run_step(g.engine, "endgame")
    assert p.spice == 10  # Tiebreaker's endgame box
    assert p.intrigue == ["windfall"]  # a plot is not played at the end
    g.done()


# ---------------------------------------------------------------------- plots on the reveal turn
# Rules 001: plot cards "may be played at any point during one of your own Agent or Reveal
# turns"; persuasion buys cards "before, between, or after your other effects".
def _revealing(content):
    """P1 about to reveal 2 Persuasion, with only the reserve to buy from."""
    g = _game(content)
    g.state.imperium_row = []
    g.p(0).hand = ["convincing_argument"]
    return g, g.p(0)


def test_a_plot_may_follow_a_purchase(content):
    # Refocus after buying: the card just bought is shuffled into the deck with the discard.
    g, p = _revealing(content)
    p.discard = ["dagger", "dagger"]
    p.intrigue = ["refocus"]
    g.answer(0, "buy Arrakis Liaison (2)", "play Refocus")
    g.reveal(0)
    assert [labels for k, labels in g.asked(0) if k == "buy"] == [
        ["buy Arrakis Liaison (2)", "play Refocus", "end turn"], ["play Refocus", "end turn"]]
    assert sorted(p.deck + p.hand) == ["arrakis_liaison", "dagger", "dagger"] and len(p.hand) == 1
    assert p.discard == ["convincing_argument"] and p.intrigue == []
    g.done()


def test_a_plot_may_come_between_purchases(content):
    # Charisma's persuasion, played after a first purchase, buys a second card.
    g, p = _revealing(content)
    p.intrigue = ["charisma"]
    g.answer(0, "buy Arrakis Liaison (2)", "play Charisma", "buy Arrakis Liaison (2)")
    g.reveal(0)
    assert p.discard.count("arrakis_liaison") == 2 and p.persuasion == 0
    assert g.state.reserve["arrakis_liaison"] == 6
    g.done()


def test_ending_the_reveal_turn_keeps_the_plot(content):
    g, p = _revealing(content)
    p.intrigue = ["windfall"]
    g.answer(0, "buy Arrakis Liaison (2)", "end turn")
    g.reveal(0)
    assert p.intrigue == ["windfall"] and p.solari == 0 and p.revealed_turn
    g.done()


def test_a_turn_start_plot_is_not_offered_with_the_purchases(content):
    g, p = _revealing(content)
    p.intrigue = ["bindu_suspension"]
    g.answer(0, "stop buying")
    g.reveal(0)
    assert [labels for k, labels in g.asked(0) if k == "buy"] == [["buy Arrakis Liaison (2)", "stop buying"]]
    g.done()
