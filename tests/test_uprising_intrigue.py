"""Uprising's intrigue cards whose constructs need more than a card test can set up
(rules 003; docs/decisions.md, "Uprising intrigue constructs"), as scenarios on both
back-ends: a sandworm in the Conflict (Devour), a combat acquisition (Impress),
influence lost with two different factions (Opportunism), an opponent's Alliance
(Shadow Alliance), face-up battle-icon cards flipped for VP (Crysknife, Desert
Mouse, Ornithopter) and a rule for the round (Call to Arms)."""
from __future__ import annotations

import json

import pytest

from dunec.engine.checks import invariants
from dunec.engine.checks.state_check import StateError, check as state_check, read as state_read
from dunec.engine.loop.state import GameState
from dunec.engine.loop import turns
from dunec.engine.rules import cards as rules_cards, resources as rules_resources
from scenario import Scenario, settle

SETS = ("uprising",)


@pytest.fixture
def up(content):
    return content.select(SETS)


def game(up, players: int = 4, clear: bool = True) -> Scenario:
    return Scenario(up, players=players, seed=1, clear=clear)


def worm_in_conflict(p, n: int = 1) -> None:
    """n sandworms summoned earlier this round (rules 003: a sandworm in the Conflict
    is one from this round)."""
    u = p.units["sandworm"]
    u["supply"] -= n
    u["conflict"] += n


def give_won(g: Scenario, seat: int, *cards: tuple) -> None:
    """Conflict cards the player won, [card, face up] each, taken out of the deck and
    the done pile (each conflict card in one place)."""
    st = g.state
    for c, _ in cards:
        assert c != st.conflict
        st.conflict_deck = [x for x in st.conflict_deck if x != c]
        st.conflicts_done = [x for x in st.conflicts_done if x != c]
    g.p(seat).won = [[c, up] for c, up in cards]


# ---------------------------------------------------------------------- Devour
def test_devour_with_a_sandworm_gives_4_swords_and_trashes_a_card(up):
    g = game(up)
    p = g.p(0)
    worm_in_conflict(p)
    p.discard = ["dagger", "reconnaissance"]
    g.answer(0, "trash Dagger")
    g.intrigue(0, "devour", "combat")
    assert p.swords == 4
    assert p.trashed == ["dagger"] and p.discard == ["reconnaissance"]
    kind, shown = g.asked(0)[-1]
    assert kind == "trash" and "trash nothing" in " ".join(shown).lower()  # optional: the card icon (FAQ)
    invariants.check(g.engine)
    g.done()


def test_devour_without_a_sandworm_asks_nothing(up):
    g = game(up)
    p = g.p(0)
    p.discard = ["dagger"]
    g.intrigue(0, "devour", "combat")
    assert p.swords == 2 and p.discard == ["dagger"] and not p.trashed
    assert not g.asked(0)


# ---------------------------------------------------------------------- Impress
def test_impress_acquires_a_card_of_cost_3_or_less_in_combat(up):
    g = game(up)
    p = g.p(0)
    st = g.state
    st.turn_kind = "combat"
    cheap = [c for c in st.imperium_row if up.defs[c].get("cost", 0) <= 3]
    dear = [c for c in st.imperium_row if up.defs[c].get("cost", 0) > 3]
    if not cheap:
        pytest.skip("no card of cost 3 or less in this seed's Imperium Row")
    card = cheap[0]
    g.answer(0, f"acquire {up.defs[card]['name']}")
    g.intrigue(0, "impress", "combat")
    assert p.swords == 2 and p.discard == [card]
    kind, shown = g.asked(0)[-1]
    assert kind == "acquire" and any(s.endswith(up.defs[card]["name"]) for s in shown)
    assert not any(s.endswith(up.defs[c]["name"]) for s in shown for c in dear)
    invariants.check(g.engine)
    g.done()


# ---------------------------------------------------------------------- Shadow Alliance
@pytest.mark.parametrize("holder, mine, vp", [
    (1, 4, 1),  # an opponent holds the Alliance, the player has 4: +1 VP
    (1, 3, 0),  # 3 is not enough
    (0, 4, 0),  # the player's own Alliance is no rival's
    (None, 4, 0),  # no one holds it
])
def test_shadow_alliance_needs_4_influence_where_an_opponent_holds_the_alliance(up, holder, mine, vp):
    g = game(up)
    p = g.p(0)
    g.state.alliances["guild"] = holder
    p.influence["guild"] = mine
    if holder is not None:
        g.p(holder).influence["guild"] = max(g.p(holder).influence["guild"], 5 if holder else mine)
    before = p.vp
    g.intrigue(0, "shadow_alliance", "endgame")
    assert p.vp - before == vp
    g.done()


# ---------------------------------------------------------------------- Opportunism
def test_opportunism_asks_two_different_factions_and_the_alliance_follows(up):
    g = game(up)
    p, rival = g.p(0), g.p(1)
    for who, f, n in ((p, "emperor", 2), (p, "guild", 4), (p, "fremen", 1), (rival, "guild", 4)):
        rules_resources.change_influence(g.engine, who, f, n)  # with its VP and the Alliance
    assert g.state.alliances["guild"] == 0
    p.solari = 2  # after the 4-influence bonus
    g.answer(0, "lose 1 Influence with Spacing Guild", "lose 1 Influence with Emperor")
    g.intrigue(0, "opportunism", "plot")
    (k1, first), (k2, second) = g.asked(0)
    assert k1 == k2 == "lose_influence"
    assert len(first) == 3 and len(second) == 2 and not any("Spacing Guild" in s for s in second)
    assert p.influence == {"emperor": 1, "guild": 3, "bene_gesserit": 0, "fremen": 1}
    assert g.state.alliances["guild"] == 1  # fallen below the rival: the Alliance passes (rules 003)
    assert p.solari == 0 and p.vp_ledger.get("cards", 0) == 1  # the card's VP
    invariants.check(g.engine)
    g.done()


# ---------------------------------------------------------------------- Crysknife, Desert Mouse, Ornithopter
def test_crysknife_flips_a_face_up_crysknife_conflict_for_a_vp(up):
    g = game(up)
    p = g.p(0)
    give_won(g, 0, ("skirmish_crysknife", True), ("skirmish_ornithopter", True))
    g.intrigue(0, "uprising_crysknife", "endgame")
    assert p.won == [["skirmish_crysknife", False], ["skirmish_ornithopter", True]]
    assert p.vp_ledger.get("cards", 0) == 1
    assert not g.asked(0)  # one card qualifies: nothing to ask
    invariants.check(g.engine)


def test_a_face_down_card_or_another_icon_does_not_pay(up):
    g = game(up)
    p = g.p(0)
    give_won(g, 0, ("skirmish_crysknife", False), ("protect_the_sietches", False), ("skirmish_ornithopter", True))
    g.intrigue(0, "uprising_desert_mouse", "endgame")
    assert p.won == [["skirmish_crysknife", False], ["protect_the_sietches", False], ["skirmish_ornithopter", True]]
    assert p.vp_ledger.get("cards", 0) == 0


def test_the_objective_is_no_conflict_card(up):
    g = game(up)
    p = g.p(0)
    p.objectives = [["crysknife_objective", True]]
    g.intrigue(0, "uprising_crysknife", "endgame")
    assert p.objectives == [["crysknife_objective", True]] and p.vp_ledger.get("cards", 0) == 0


def test_a_wild_card_matches_too_and_the_player_picks_which_to_flip(up):
    """The card left face up still pairs at the Endgame: flipping the ornithopter
    keeps the wild for the crysknife (rules 003 "Battle Icons")."""
    g = game(up)
    p = g.p(0)
    p.objectives = []
    give_won(g, 0, ("propaganda", True), ("shadow_contest", True), ("skirmish_crysknife", True))
    g.answer(0, "flip Shadow Contest")
    g.intrigue(0, "ornithopter", "endgame")
    kind, shown = g.asked(0)[-1]
    assert kind == "flip" and shown == ["flip Propaganda face down", "flip Shadow Contest face down"]
    assert p.won == [["propaganda", True], ["shadow_contest", False], ["skirmish_crysknife", True]]
    vp = p.vp
    g.engine.later("wild_pairs")
    g.engine.drive()
    assert p.won == [["propaganda", False], ["shadow_contest", False], ["skirmish_crysknife", False]]
    assert p.vp == vp + 1 and p.vp_ledger.get("cards", 0) == 1
    invariants.check(g.engine)
    g.done()


def test_the_endgame_plays_the_card_before_the_wilds_pair(up):
    """The Endgame: intrigue cards first, then the wild pairs (rules 003 "Game End")."""
    g = game(up)
    p = g.p(0)
    p.objectives = []
    give_won(g, 0, ("propaganda", True), ("skirmish_crysknife", True), ("skirmish_ornithopter", True))
    p.intrigue = ["uprising_crysknife"]
    g.answer(0, "flip Skirmish")
    g.engine.later("endgame")
    g.engine.drive()
    # The crysknife card flipped for the intrigue card, the wild paired with the ornithopter.
    assert [up_ for _, up_ in p.won] == [False, False, False]
    assert p.vp_ledger.get("cards", 0) == 1 and p.vp_ledger.get("battle icons", 0) == 1
    assert p.flipped_paid == ["skirmish_crysknife"]
    invariants.check(g.engine)
    g.done()


# ---------------------------------------------------------------------- Call to Arms
def _reserve_card(up, name: str) -> str:
    return next(i for i, d in up.defs.items() if d["kind"] == "reserve" and d["name"] == name)


def test_call_to_arms_gives_a_troop_for_each_card_acquired_on_the_reveal_turn(up):
    g = game(up)
    p = g.p(0)
    g.state.turn_kind = "agent"
    g.intrigue(0, "call_to_arms", "plot")  # played on an agent turn: nothing yet
    assert p.watching and p.watching[0][0] == "acquire"
    garrison = p.garrison
    prepare = _reserve_card(up, "Prepare the Way")
    p.hand = ["convincing_argument", "convincing_argument"]  # 4 Persuasion
    g.answer(0, "buy Prepare the Way", "buy Prepare the Way")  # then nothing is left to buy
    g.reveal(0)
    assert p.discard.count(prepare) == 2
    assert p.garrison == garrison + 2  # a troop per card acquired
    invariants.check(g.engine)
    g.done()


def test_call_to_arms_gives_nothing_outside_the_reveal_turn_nor_next_round(up):
    """Impress acquires in combat: no Reveal turn, no troop; the rule ends with the round."""
    g = game(up)
    p = g.p(0)
    g.state.turn_kind = "agent"
    g.intrigue(0, "call_to_arms", "plot")
    garrison = p.garrison
    g.state.turn_kind = "combat"
    g.answer(0, 1)  # the first card of the Row costing 3 or less
    g.intrigue(0, "impress", "combat")
    assert len(p.discard) == 1 and p.garrison == garrison
    turns.recall(g.engine)
    assert p.watching == []
    g.done()


def test_call_to_arms_played_on_the_reveal_turn_counts_the_cards_acquired_after_it(up):
    g = game(up)
    p = g.p(0)
    g.state.turn_kind = "reveal"
    row = g.state.imperium_row[0]
    settle(g.engine, rules_cards.take_from_row, g.engine, p, row)  # before: no troop
    garrison = p.garrison
    g.intrigue(0, "call_to_arms", "plot")
    row = g.state.imperium_row[0]
    settle(g.engine, rules_cards.take_from_row, g.engine, p, row)
    assert p.garrison == garrison + 1
    invariants.check(g.engine)


# ---------------------------------------------------------------------- saves
def test_a_save_holds_the_round_rule_and_the_flipped_card_and_refuses_a_bad_one(up):
    g = game(up, clear=False)  # every card where a game keeps it, for the state check
    p = g.p(0)
    st = g.state
    for c in ("call_to_arms", "uprising_crysknife"):  # the copies played come from where they are
        for pile in [st.intrigue_deck, st.intrigue_discard] + [q.intrigue for q in st.players]:
            if c in pile:
                pile.remove(c)
                break
    g.state.turn_kind = "agent"
    g.intrigue(0, "call_to_arms", "plot")
    knife = next(c for c in g.state.conflict_deck if "crysknife" in up.defs[c].get("battle", ()))
    give_won(g, 0, (knife, True))  # won in round 1: this is round 2, its conflict shown
    g.state.round = 2
    if g.state.conflict is None:
        g.state.conflict = g.state.conflict_deck.pop()
    g.intrigue(0, "uprising_crysknife", "endgame")
    assert p.watching and p.flipped_paid == [knife]
    data = json.loads(g.state.to_json())
    state_check(up, data)  # a valid state
    again = GameState.from_json(g.state.to_json())
    assert again.to_json() == g.state.to_json()  # resumes exactly
    data["players"][0]["watching"][0][0] = "discard"  # no such event
    with pytest.raises(StateError, match="watching"):
        state_read(up, data)
    data = json.loads(g.state.to_json())
    data["players"][0]["won"][0][1] = True  # flipped as a cost, yet face up
    with pytest.raises(StateError, match="flipped_paid"):
        state_read(up, data)
    p.won[0][1] = True
    with pytest.raises(invariants.InvariantError, match="flipped"):
        invariants.check(g.engine)
