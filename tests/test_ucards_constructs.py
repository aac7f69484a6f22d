"""The generic constructs Uprising's Imperium cards brought (session 23, branch
ucards), played on both back-ends beyond what a card's own `test` block states:
where a trashed Intrigue card goes and that every check counts it there.
Decisions: docs/decisions.md, "Uprising Imperium constructs (session 23, ucards)"."""
from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from dunec.cardtest import fresh_game, reveal_conflict
from dunec.engine.checks import invariants, state_check
from dunec.engine.effects.context import Ctx


@pytest.fixture(scope="module")
def uprising(content):
    return content.select(("uprising",))


def _game(content, **p1):
    """A dealt game in round 1, its Conflict revealed: a state the state checker accepts."""
    state, scripts, engine = fresh_game(content, clear=False)
    reveal_conflict(state, state.conflict_deck[-1])
    state.phase = "rounds"  # the cards are counted from here on
    for pile, cards in p1.items():
        setattr(state.players[0], pile, list(cards))
    invariants.check(engine)  # counts every card where it is now
    return state, scripts, engine


def _data(state) -> dict:
    return json.loads(json.dumps(asdict(state)))


def _take_from_deck(state, card: str) -> str:
    state.intrigue_deck.remove(card)
    return card


def test_a_trashed_intrigue_card_leaves_the_game_and_stays_counted(uprising):
    state, scripts, engine = _game(uprising)
    p = state.players[0]
    p.intrigue = [_take_from_deck(state, "buy_access"), _take_from_deck(state, "cunning")]
    del engine._invariant_cards  # the cards' places changed by hand: count them again
    invariants.check(engine)
    scripts[0].answers.extend(["Cunning"])
    Ctx(engine, p).trash_intrigue(1)
    engine.drive()
    assert p.intrigue == ["buy_access"] and p.trashed == ["cunning"]
    assert "cunning" not in state.intrigue_discard + state.intrigue_deck
    invariants.check(engine)
    state_check.check(uprising, _data(state))
    p.trashed.clear()  # a trashed card lost from the trash pile is a card lost
    with pytest.raises(invariants.InvariantError, match="cunning"):
        invariants.check(engine)
    with pytest.raises(state_check.StateError, match="intrigue cards: not conserved:; missing: cunning"):
        state_check.check(uprising, _data(state))


def test_trash_intrigue_as_a_cost_is_offered_only_with_the_cards(uprising):
    from dunec.engine.rules import costs as rules_costs

    state, scripts, engine = _game(uprising)
    p = state.players[0]
    assert not rules_costs.can_pay(engine, p, (("trash_intrigue", 1),))
    p.intrigue = [_take_from_deck(state, "buy_access")]
    assert rules_costs.can_pay(engine, p, (("trash_intrigue", 1),))
    assert not rules_costs.can_pay(engine, p, (("trash_intrigue", 2),))


def test_cards_revealed_counts_the_revealed_cards_of_the_faction_only(uprising):
    state, scripts, engine = _game(uprising)
    p = state.players[0]
    p.played = ["sardaukar_coordination"]  # played on an agent turn: in play, not revealed
    p.revealed = ["sardaukar_coordination", "corrinth_city", "captured_mentat"]
    ctx = Ctx(engine, p, card="sardaukar_coordination", box="reveal")
    assert ctx.quantity(("cards_revealed", "emperor")) == 2
    assert ctx.quantity(("cards_in_play", "emperor")) == 3


def test_maker_space_reads_the_space_the_agent_went_to(uprising):
    state, scripts, engine = _game(uprising)
    p = state.players[0]
    assert Ctx(engine, p, space="deep_desert").flag(("maker_space",))
    assert not Ctx(engine, p, space="sardaukar").flag(("maker_space",))
    assert not Ctx(engine, p).flag(("maker_space",))  # a box with no space


# A discard whose body reads it, in each place a body can wait: a `discard N { }`, a
# trade's gains, a trade chosen among options, and an intrigue card's forced trade.
REMEMBERING = """
card mem_block "Mem Block" {
  set base
  cost 1; icons city
  agent { discard 1 { if discarded fremen { water 2 } else { solari 1 } } }
}
card mem_choose "Mem Choose" {
  set base
  cost 1; icons city
  agent {
    choose {
      - spice 1
      - pay discard 1 -> { if discarded fremen { water 2 } }
    }
  }
}
intrigue mem_plot "Mem Plot" {
  set base
  plot { pay discard 2 -> { if discarded fremen { water 2 } } }
}
"""


@pytest.fixture(scope="module", params=("interpreted", "compiled"))
def remembering(request):
    from test_cards_support import custom_content

    return custom_content(request.param, REMEMBERING)


@pytest.mark.parametrize("card,box,answers,discards,gains", [
    ("mem_block", "agent", ["discard Stilgar"], ["stilgar"], {"water": 2}),
    ("mem_block", "agent", ["discard Dagger"], ["dagger"], {"solari": 1}),
    ("mem_choose", "agent", ["pay", "discard Stilgar"], ["stilgar"], {"water": 2}),
    ("mem_choose", "agent", ["+1 spice"], [], {"spice": 1}),
    # forced (an intrigue card's own price): the second discard is the Fremen card
    ("mem_plot", "plot", ["discard Dagger"], ["dagger", "stilgar"], {"water": 2}),
])
def test_a_discard_body_reads_the_cards_discarded(remembering, card, box, answers, discards, gains):
    state, scripts, engine = fresh_game(remembering)
    p = state.players[0]
    p.hand = ["dagger", "stilgar"]
    before = {k: getattr(p, k) for k in ("water", "solari", "spice")}
    scripts[0].answers.extend(answers)
    if box == "plot":
        p.intrigue.append(card)
        from dunec.engine.loop import turns

        turns.play_intrigue(engine, p, card, "plot")
    else:
        p.played.append(card)
        engine.run_box(card, box, Ctx(engine, p, card=card, box=box))
    engine.drive()
    assert not scripts[0].answers and p.discard == discards
    assert {k: getattr(p, k) - n for k, n in before.items() if getattr(p, k) != n} == gains
    assert not any(f.get("remembers") for f in state.stack)


def test_trash_another_card_of_a_faction_from_play(uprising):
    """Calculus of Power: "trash another Emperor card you have in play -> 3 swords"."""
    state, scripts, engine = _game(uprising)
    p = state.players[0]
    p.hand = []
    p.revealed = ["calculus_of_power", "captured_mentat"]  # no other Emperor card: nothing offered
    engine.run_box("calculus_of_power", "reveal", Ctx(engine, p, card="calculus_of_power", box="reveal"))
    engine.drive()
    assert (p.persuasion, p.swords, p.trashed) == (2, 0, [])
    p.revealed.append("corrinth_city")
    scripts[0].answers.extend(["pay"])  # the one other Emperor card: trashed without asking which
    engine.run_box("calculus_of_power", "reveal", Ctx(engine, p, card="calculus_of_power", box="reveal"))
    engine.drive()
    assert (p.swords, p.trashed, p.revealed) == (3, ["corrinth_city"], ["calculus_of_power", "captured_mentat"])


def test_sort_top_draws_trashes_and_discards_the_top_three(uprising):
    """Long Live the Fighters: every card of the three goes where it was told, each
    one always in one place (the invariants hold after each decision)."""
    state, scripts, engine = _game(uprising)
    p = state.players[0]
    p.hand, p.discard, p.trashed = [], [], []
    rest = p.deck[:-3]
    top = p.deck[-3:]
    drawn, trashed = top[1], top[2]
    kept = top[0]
    scripts[0].answers.extend([("draw_top", drawn), ("trash_top", trashed)])
    Ctx(engine, p, card="long_live_the_fighters", box="agent").sort_top(3)
    while state.pending is not None or state.stack:
        invariants.check(engine)
        engine.drive()
    invariants.check(engine)
    assert (p.hand, p.trashed, p.discard, p.deck) == ([drawn], [trashed], [kept], rest)


def test_acquire_with_solari_from_the_row_into_the_hand(uprising):
    """Price is No Object: a card of the Row, its cost paid in Solari, into the hand
    (the Row refills); a card dearer than the Solari held is not offered."""
    state, scripts, engine = _game(uprising)
    p = state.players[0]
    p.hand = []
    card = state.imperium_row[0]
    cost = uprising.defs[card]["cost"]
    p.solari = cost
    scripts[0].answers.append(("acquire", card))
    Ctx(engine, p, card="price_is_no_object", box="agent").acquire_with("solari", True)
    offered = [a[1] for a in state.pending["options"] if a[0] == "acquire"]
    assert card in offered and all(uprising.defs[c]["cost"] <= cost for c in offered)
    engine.drive()
    assert card in p.hand and p.solari == 0 and len(state.imperium_row) == 5
    invariants.check(engine)


@pytest.mark.parametrize("troops,worms,gains", [(2, 1, 1), (3, 0, 1), (2, 0, 0), (0, 2, 0)])
def test_in_conflict_counts_units_of_every_kind(uprising, troops, worms, gains):
    """Chani, Clever Tactician: "three or more units in the Conflict" (troops and sandworms)."""
    state, scripts, engine = _game(uprising)
    p = state.players[0]
    p.garrison, p.supply = p.garrison - troops, p.supply
    p.conflict += troops
    p.units["sandworm"]["supply"] -= worms
    p.units["sandworm"]["conflict"] += worms
    before = len(p.intrigue)
    p.played.append("chani_clever_tactician")
    engine.run_box("chani_clever_tactician", "agent", Ctx(engine, p, card="chani_clever_tactician", box="agent"))
    engine.drive()
    assert len(p.intrigue) - before == gains
    assert Ctx(engine, p).quantity(("in_conflict",)) == troops + worms


def test_influence_spied_gives_influence_with_each_faction_spied_on(uprising):
    """Guild Spy's "+1 influence with each Faction you are spying on": the factions of
    the spaces linked to the posts the player's spies stand on, each once."""
    from dunec.engine.rules import pieces as rules_pieces

    state, scripts, engine = _game(uprising)
    p = state.players[0]
    assert rules_pieces.spied_factions(engine, p) == []
    for post in ("post_emperor", "post_guild", "post_landsraad_hall"):  # the Landsraad is no faction
        rules_pieces.put(engine, p, "spies", post)
    assert rules_pieces.spied_factions(engine, p) == ["emperor", "guild"]
    before = dict(p.influence)
    Ctx(engine, p).influence("spied", 1)
    engine.drive()
    assert {f: p.influence[f] - before[f] for f in p.influence} == \
        {"emperor": 1, "guild": 1, "bene_gesserit": 0, "fremen": 0}
    invariants.check(engine)


def test_a_discard_body_resumes_from_a_saved_game(remembering):
    """The cards discarded live in the waiting body's frame: a game saved between the
    discard and the body (here, after the first of two discards) resumes the same."""
    from dunec.engine.loop.game import Engine
    from dunec.engine.loop.state import GameState
    from dunec.engine.players.policies import ScriptedPolicy

    state, scripts, engine = fresh_game(remembering)
    p = state.players[0]
    p.hand = ["stilgar", "dagger", "dagger"]
    p.intrigue.append("mem_plot")
    from dunec.engine.loop import turns

    turns.play_intrigue(engine, p, "mem_plot", "plot")
    engine.advance()
    assert state.pending["kind"] == "discard"
    engine.answer(state.pending["options"].index(("discard", "stilgar")))  # the Fremen card first
    assert state.pending["kind"] == "discard"  # the second discard: the game is saved here
    saved = GameState.from_json(state.to_json())
    again = Engine(remembering, saved, [ScriptedPolicy([("discard", "dagger")]) for _ in saved.players])
    again.drive()
    assert saved.players[0].water - p.water == 2 and saved.players[0].discard == ["stilgar", "dagger"]


def test_guild_spy_reveal_waits_for_the_spice_must_flow(uprising):
    """Guild Spy: "if you acquire The Spice Must Flow this turn, +1 influence with each
    Faction you are spying on", read when the card is acquired, after the reveal box."""
    from dunec.engine.rules import cards as rules_cards, pieces as rules_pieces

    state, scripts, engine = _game(uprising)
    p = state.players[0]
    for post in ("post_emperor", "post_guild"):
        rules_pieces.put(engine, p, "spies", post)
    p.revealed.append("guild_spy")
    engine.run_box("guild_spy", "reveal", Ctx(engine, p, card="guild_spy", box="reveal"))
    engine.drive()
    before = dict(p.influence)
    rules_cards.gain_reserve_card(engine, p, "prepare_the_way")  # another card: nothing
    engine.drive()
    assert p.influence == before
    rules_cards.gain_reserve_card(engine, p, "the_spice_must_flow_up")
    engine.drive()
    assert {f: p.influence[f] - before[f] for f in p.influence} == \
        {"emperor": 1, "guild": 1, "bene_gesserit": 0, "fremen": 0}
