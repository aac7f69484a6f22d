"""Graft (Immortality rulebook, "Graft Cards"; rules 000, "Grafting Cards"): a card
marked `graft` is played on an agent turn with exactly one other card; the agent
may use an icon of either; both sent the agent; both agent boxes and the space's
effect resolve in the order the player picks; on a reveal turn it is an ordinary
card (engine/rules/graft.py; docs/decisions.md, "Graft"). The cards here are the
test's own: Immortality's printed cards are data of their own set."""
from __future__ import annotations

import json

import pytest

from dunec.api import Game
from dunec.content import load
from dunec.engine.checks.state_check import check as check_state
from dunec.engine.loop import turns
from dunec.engine.loop.actions import GRAFT, GRAFT_FIRST, SPACE_FIRST
from dunec.engine.loop.action_space import space_of
from dunec.engine.loop.rng import Rng
from dunec.engine.loop.state import GameState
from dunec.engine.runs.runner import for_sets, play_game
from dunec.show import show_definition

from scenario import Scenario

CARDS = '''
card graft_city "Graft City" {
  set base; copies 4
  cost 2; icons city
  graft
  agent { solari 1; if grafted { spice 1 } }
  reveal { persuasion 1 }
}
card graft_blank "Graft Blank" {
  set base; copies 4
  cost 1
  graft
  agent { draw 1 }
  reveal { persuasion 1 }
}
card plain_landsraad "Plain Landsraad" {
  set base
  cost 2; icons landsraad
  factions emperor
  agent { water 1; if grafted { vp 1 } }
  reveal { persuasion 2 }
}
card plain_two "Plain Two" {
  set base
  cost 3; icons landsraad spice_trade
  factions fremen
  reveal { persuasion 1 }
}
card graft_thirsty "Graft Thirsty" {
  set base; copies 4
  cost 2; icons landsraad
  graft
  agent { if water >= 2 { spice 5 } }
}
card graft_slig "Graft Slig" {
  set base; copies 4
  cost 2; icons fremen
  graft
  agent { for each other_grafted icons { solari 1 } }
}
card graft_conspiracy "Graft Conspiracy" {
  set base; copies 4
  cost 4; icons bene_gesserit
  graft
  agent { spice 1; if grafted_with emperor guild { solari 3 } }
}
card graft_kit "Graft Kit" {
  set base; copies 4
  cost 2; icons city
  graft
  agent { pay trash other_grafted -> water 2 }
}
card graft_ghola "Graft Ghola" {
  set base
  cost 3; icons bene_gesserit
  graft
  agent { copy_agent_box other_grafted }
}
card graft_chairdog "Graft Chairdog" {
  set base
  cost 1; icons bene_gesserit
  graft
  agent { return_at_reveal other_grafted }
}
card graft_slate "Graft Slate" {
  set base
  cost 1
  graft
  grafted_icons emperor guild bene_gesserit fremen
  reveal { persuasion 1 }
}
card graft_usurp "Graft Usurp" {
  set base; copies 4
  cost 4
  graft
  graft_from_row
  reveal { persuasion 1 }
}
card graft_pheromones "Graft Pheromones" {
  set base
  cost 3; icons city
  graft
  agent {
    if faction_space {
      choose {
        - trash this, influence space 1
        - trash other_grafted, influence space 1
      }
    }
  }
}
card plain_accord "Plain Accord" {
  set base
  cost 6; icons guild
  agent { cheaper_space heighliner spice 2 }
}
'''


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("graft") / "graft.dune"
    path.write_text(CARDS)
    return path


@pytest.fixture(scope="module", params=["compiled", "interpreted"])
def content(request, cards):
    return for_sets(load(request.param, extra=[cards]), ["base"])


def _game(content, hand, players: int = 3) -> Scenario:
    g = Scenario(content, players=players)
    g.p(0).hand.extend(hand)
    return g


def _places(g, seat: int = 0) -> list:
    return [a for a in turns.agent_options(g.engine, g.p(seat)) if a[0] == "place"]


def test_a_graft_card_alone_is_never_offered(content):
    g = _game(content, ["graft_city"])
    assert _places(g) == []
    g.p(0).hand.append("graft_city")  # a second copy: the two graft to each other
    assert ("place", "graft_city", "arrakeen") in _places(g)


def test_the_agent_may_use_an_icon_of_either_card(content):
    g = _game(content, ["graft_city", "plain_landsraad"])
    places = _places(g)
    assert ("place", "graft_city", "arrakeen") in places  # its own city icon
    assert ("place", "graft_city", "hall_of_oratory") in places  # the Landsraad icon of the other card
    assert ("place", "plain_landsraad", "hall_of_oratory") in places  # the other card alone, as ever
    assert ("place", "plain_landsraad", "arrakeen") not in places
    assert len(places) == len(set(places))  # each placement once


def test_a_graft_card_without_icons_goes_with_the_other_cards(content):
    g = _game(content, ["graft_blank", "plain_landsraad"])
    places = _places(g)
    assert ("place", "graft_blank", "hall_of_oratory") in places
    assert not [a for a in places if a[1] == "graft_blank" and content.defs[a[2]]["icon"] != "landsraad"]


def test_both_agent_boxes_and_the_space_resolve(content):
    """Graft City (+1 Solari, grafted: +1 spice) with Plain Landsraad (+1 water,
    grafted: +1 VP) at the Hall of Oratory (+1 troop, +1 Persuasion)."""
    g = _game(content, ["graft_city", "plain_landsraad", "plain_two"])
    p = g.p(0)
    before = (p.solari, p.spice, p.water, p.vp, p.garrison, p.persuasion)
    g.answer(0, "graft Plain Landsraad", "space first", 0)
    g.agent(0, "graft_city", "hall_of_oratory")
    assert (p.solari, p.spice, p.water, p.vp, p.garrison, p.persuasion) == \
        (before[0] + 1, before[1] + 1, before[2] + 1, before[3] + 1, before[4] + 1, before[5] + 1)
    assert p.played == ["graft_city", "plain_landsraad"] and p.hand == ["plain_two"]
    assert p.grafted == ["graft_city", "plain_landsraad"]
    assert p.agents_left == 1 and g.state.occupied["hall_of_oratory"] == 0
    g.done()


def test_the_other_card_is_chosen_among_those_that_reach_the_space(content):
    """At the Hall of Oratory (Landsraad) only a Landsraad card may go with Graft City."""
    g = _game(content, ["graft_city", "plain_landsraad", "plain_two", "graft_slig"])
    g.answer(0, 0, 0, 0)
    g.agent(0, "graft_city", "hall_of_oratory")
    kind, shown = g.asked(0)[0]
    assert kind == "graft" and shown == ["graft Plain Landsraad to it", "graft Plain Two to it"]


def test_the_order_is_the_players(content):
    """Graft Thirsty gives 5 spice with 2 water or more; the player holds 1, and
    Plain Landsraad's box gives 1: its box first pays, Graft Thirsty's first does not."""
    for first, spice in (("Plain Landsraad's agent box next", 5), ("Graft Thirsty's agent box next", 0)):
        g = _game(content, ["graft_thirsty", "plain_landsraad"])
        p = g.p(0)
        p.water, start = 1, p.spice
        g.answer(0, first, 0)
        g.agent(0, "graft_thirsty", "hall_of_oratory")
        assert p.spice - start == spice
        orders = [shown for kind, shown in g.asked(0) if kind == "order"]
        assert orders[0] == ["space first", "Graft Thirsty's agent box next", "Plain Landsraad's agent box next"]
        assert len(orders) == 2 and len(orders[1]) == 2  # then the two left
        g.done()


def test_the_graft_decisions_name_ids_only(content):
    """The "graft" and "order" options are a kind and definition ids, each with its
    own id of the fixed action space."""
    g = _graft_game(content, 2, 3)
    rng = Rng(2)
    seen = set()
    while not g.is_terminal() and len(seen) < 2:
        d = g.decision()
        if d["kind"] in ("graft", "order") and any(p.grafted or d["kind"] == "graft" for p in g.state.players):
            for a in g.legal_actions():
                assert a == SPACE_FIRST or (a[0] in (GRAFT, GRAFT_FIRST, "graft_row") and len(a) == 2
                                            and a[1] in content.defs)
            assert len(g.legal_ids()) == len(set(g.legal_actions()))
            seen.add(d["kind"])
        options = g.legal_actions()
        g.apply(options[rng.below(len(options))])
    assert seen == {"graft", "order"}


def test_grafted_is_false_for_a_card_played_alone(content):
    g = _game(content, ["plain_landsraad"])
    p = g.p(0)
    vp = p.vp
    g.answer(0, 0)
    g.agent(0, "plain_landsraad", "hall_of_oratory")
    assert p.vp == vp and p.grafted == []


def test_two_graft_cards_graft_to_each_other_and_never_a_third(content):
    g = _game(content, ["graft_city", "graft_kit", "plain_landsraad"])
    p = g.p(0)
    g.answer(0, "graft Graft Kit", "Graft City's agent box next", "Graft Kit's agent box next", "pay trash", "deploy 0")
    g.agent(0, "graft_city", "arrakeen")
    assert p.hand == ["plain_landsraad"]  # never a third card
    assert p.played == ["graft_kit"] and p.trashed == ["graft_city"]  # the Kit trashed the other
    g.done()


def test_trash_other_grafted_as_a_cost(content):
    """Graft Kit: trash the other grafted card -> 2 water; its box first, so the
    other card's box is lost (it left play)."""
    g = _game(content, ["graft_kit", "graft_city"])
    p = g.p(0)
    water, solari = p.water, p.solari
    g.answer(0, "Graft Kit's agent box next", "pay trash", "deploy 0")
    g.agent(0, "graft_kit", "arrakeen")
    assert p.trashed == ["graft_city"] and p.played == ["graft_kit"]
    assert p.water == water + 2 and p.solari == solari  # Graft City's box never ran
    g.done()


def test_other_grafted_icons_counts_the_other_cards_icons(content):
    g = _game(content, ["graft_slig", "plain_two"])
    p = g.p(0)
    solari = p.solari
    g.answer(0, 0, "Graft Slig's agent box next")
    g.agent(0, "graft_slig", "hall_of_oratory")
    assert p.solari == solari + 2  # Landsraad and Spice Trade


def test_grafted_with_a_faction(content):
    for other, gain in (("plain_landsraad", 3), ("plain_two", 0)):  # Emperor, then Fremen
        g = _game(content, ["graft_conspiracy", other])
        p = g.p(0)
        solari, spice = p.solari, p.spice
        g.answer(0, "Graft Conspiracy's agent box next", 0)
        g.agent(0, "graft_conspiracy", "hall_of_oratory")
        assert p.spice == spice + 1 and p.solari == solari + gain


def test_a_space_discount_of_the_other_card_applies(content):
    """Plain Accord makes the Heighliner 2 spice cheaper: grafted to Graft City,
    its Guild icon and its discount send the agent there with 4 spice."""
    g = _game(content, ["graft_city", "plain_accord"])
    p = g.p(0)
    p.spice = 4
    assert ("place", "graft_city", "heighliner") in _places(g)
    g.answer(0, 0, 0, "deploy 0")
    g.agent(0, "graft_city", "heighliner")
    assert p.spice == 0 + 1  # paid 4; Graft City, grafted: +1 spice


def test_on_a_reveal_turn_a_graft_card_is_ordinary(content):
    """Revealed alone, Graft City gives its Persuasion; nothing is grafted."""
    g = _game(content, ["graft_city"])
    p = g.p(0)
    seen = []

    class Last:  # buys nothing: the last option stops buying
        def choose(self, engine, player, kind, actions, hints):
            return len(actions) - 1
    g.scripts[0].fallback = Last()
    g.engine.on_reveal = lambda e, who: seen.append((who.persuasion, list(who.grafted)))
    g.reveal(0)
    assert p.revealed == [] and p.discard == ["graft_city"] and p.grafted == []
    assert seen == [(1, [])]  # its reveal box: +1 Persuasion; nothing grafted


def test_the_grafted_pair_lasts_the_turn_and_is_plain_data(content):
    """At a grafted turn's order decision the state, saved as JSON, checks, shows
    the pair to every seat and resumes to the same game; the turn's end clears it."""
    g = _graft_game(content, 5, 3)
    rng = Rng(5)
    while not (g.decision() and g.decision()["kind"] == "order" and any(p.grafted for p in g.state.players)):
        options = g.legal_actions()
        g.apply(options[rng.below(len(options))])
    seat = g.current_player()
    pair = list(g.state.players[seat].grafted)
    assert len(pair) == 2 and any(content.defs[c].get("graft") for c in pair)
    text = g.to_json()
    check_state(content, json.loads(g.state.to_json()))
    assert g.observation((seat + 1) % 3).players[seat].grafted == pair
    again = Game.from_json(text, content=content)
    for game in (g, again):
        r = Rng(9)
        while game.state.players[seat].grafted:
            options = game.legal_actions()
            game.apply(options[r.below(len(options))])
    assert g.state.digest() == again.state.digest()
    assert all(not p.grafted for p in g.state.players)


def test_show_words_a_graft_card(cards):
    from dunec.content import check_cards

    model = check_cards(extra=[cards])
    text = show_definition(model.defs["graft_city"])
    assert "Graft: on an Agent turn, played with exactly one other card" in text
    assert "Graft, Agent: +1 Solari; if this card is grafted: +1 spice" in text
    assert "grafted with an Emperor or Spacing Guild card" in show_definition(model.defs["graft_conspiracy"])


GRAFTS = ("graft_city", "graft_blank", "graft_kit", "graft_slig", "graft_conspiracy", "graft_thirsty", "graft_usurp")


def _graft_game(content, seed: int, players: int = 3) -> Game:
    """A game whose players each have a copy of every graft card in their deck,
    taken from the Imperium deck (the cards come in 4 copies)."""
    g = Game(players=players, seed=seed, content=content)
    st = g.state
    for p in st.players:
        if not p.rival:
            for c in GRAFTS:
                pile = st.imperium_deck if c in st.imperium_deck else st.imperium_row
                pile.remove(c)
                p.deck.insert(0, c)
    st.imperium_row += [st.imperium_deck.pop() for _ in range(5 - len(st.imperium_row))]
    return g


@pytest.mark.parametrize("players", [1, 3, 4])
def test_random_games_with_graft_cards_map_every_option(content, players):
    """Whole games with graft cards in every deck: every option has an id of the
    fixed action space, grafts happen, and every state checks."""
    seen = set()
    for seed in range(2):
        g = _graft_game(content, seed, players)
        rng = Rng(seed)
        while not g.is_terminal():
            options = g.legal_actions()
            ids = g.legal_ids()
            assert len(ids) == len(set(options))
            seen |= {a[0] for a in options}
            if any(p.grafted or p.returning for p in g.state.players):
                check_state(content, json.loads(g.state.to_json()))
            g.apply(options[rng.below(len(options))])
    assert {"graft", "graft_row", "graft_first"} <= seen


def test_the_back_ends_agree_on_games_with_graft_cards(cards):
    digests = []
    for backend in ("compiled", "interpreted"):
        c = for_sets(load(backend, extra=[cards]), ["base"])
        out = []
        for seed in range(2):
            g = _graft_game(c, seed, 4)
            rng = Rng(seed)
            while not g.is_terminal():
                options = g.legal_actions()
                g.apply(options[rng.below(len(options))])
            out.append(g.state.digest())
        digests.append(out)
    assert digests[0] == digests[1]


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_policies_play_graft_cards(content, policy):
    state = play_game(content, 4, 3, [policy] * 4, quiet=True)
    assert state.finished
    space = space_of(content)
    assert space.id_of((GRAFT, "plain_landsraad")) != space.id_of((GRAFT_FIRST, "plain_landsraad"))


def test_copy_agent_box_runs_the_other_cards_box_as_this_cards(content):
    """Graft Ghola with Plain Landsraad (+1 water; grafted: +1 VP): both boxes give
    it, the Ghola's as its own (it is grafted too)."""
    g = _game(content, ["graft_ghola", "plain_landsraad"])
    p = g.p(0)
    water, vp = p.water, p.vp
    g.answer(0, 0, 0)
    g.agent(0, "graft_ghola", "hall_of_oratory")
    assert (p.water - water, p.vp - vp) == (2, 2)


def test_two_copying_cards_grafted_copy_nothing(content):
    g = _game(content, ["graft_ghola", "graft_ghola"])
    p = g.p(0)
    before = (p.solari, p.spice, p.water, p.vp)
    g.answer(0, 0, 0)
    g.agent(0, "graft_ghola", "secrets")  # Bene Gesserit: +1 Influence, +1 intrigue card
    assert (p.solari, p.spice, p.water, p.vp) == before and p.influence["bene_gesserit"] == 1


def test_return_at_reveal_brings_the_other_card_back_to_be_revealed(content):
    """Graft Chairdog with Plain Two: at the start of the Reveal turn Plain Two
    returns to the hand, and is revealed (+1 Persuasion)."""
    g = _game(content, ["graft_chairdog", "plain_two"])
    p = g.p(0)
    g.answer(0, 0)
    g.agent(0, "graft_chairdog", "hall_of_oratory")
    assert p.played == ["graft_chairdog", "plain_two"] and p.returning == ["plain_two"]
    seen = []

    class Last:
        def choose(self, engine, player, kind, actions, hints):
            return len(actions) - 1
    g.scripts[0].fallback = Last()
    g.engine.on_reveal = lambda e, who: seen.append((who.persuasion, list(who.revealed), list(who.played)))
    g.engine.push({"do": "turn_ended", "seat": 0})  # the agent turn over: the pair is no longer grafted
    g.engine.drive()
    assert p.grafted == [] and p.returning == ["plain_two"]
    g.reveal(0)
    # the Hall of Oratory's Persuasion and Plain Two's, revealed
    assert seen == [(2, ["plain_two"], ["graft_chairdog"])] and p.returning == []


def test_grafted_icons_give_the_pair_more_icons(content):
    """Graft Slate, no icon of its own, gives a grafted pair every faction."""
    g = _game(content, ["graft_slate", "plain_landsraad"])
    places = {a[2] for a in _places(g) if a[1] == "graft_slate"}
    assert {"wealth", "hall_of_oratory", "stillsuits", "secrets"} <= places
    assert "arrakeen" not in places  # no City icon on either card
    g = _game(content, ["graft_slate"])
    assert _places(g) == []


def test_the_terminal_words_a_graft(content):
    from dunec.engine.loop.actions import label
    from dunec.engine.players.hints import of as hints_of
    from dunec.engine.players.human import QUESTIONS

    g = _game(content, ["graft_city", "plain_landsraad"])
    st = g.state
    assert label(st, content, ("place", "graft_city", "arrakeen")) == \
        "Graft City (Graft: with one more card) -> Arrakeen"
    assert label(st, content, (GRAFT, "plain_landsraad")) == "graft Plain Landsraad to it"
    assert label(st, content, (GRAFT_FIRST, "plain_landsraad")) == "Plain Landsraad's agent box next"
    assert "Graft" in QUESTIONS["graft"]
    hints = hints_of(g.engine, g.p(0), "graft", [(GRAFT, "plain_landsraad"), (GRAFT, "plain_two")])
    assert len(hints) == 2 and all(isinstance(h, float) for h in hints)


def test_the_search_player_decides_a_grafted_turn(content):
    """The search player (dunec/ai) answers a graft's decisions from the game as
    a seat sees it: a legal option, the game left alone."""
    from dunec.ai.search import Search

    g = _graft_game(content, 5, 3)
    rng = Rng(5)
    while not (g.decision() and g.decision()["kind"] == "order" and any(p.grafted for p in g.state.players)):
        options = g.legal_actions()
        g.apply(options[rng.below(len(options))])
    before = g.state.digest()
    assert Search(iterations=8).choose(g) in g.legal_actions()
    assert g.state.digest() == before


def test_graft_from_row_borrows_a_card_of_the_row_for_the_turn(content):
    """Graft Usurp, no icon of its own, grafted to Plain Landsraad in the Imperium
    Row (not acquired): its Landsraad icon and its box; the Row refills at once and
    the card is trashed (out of the game) at the end of the turn."""
    g = _game(content, ["graft_usurp"])
    p, st = g.p(0), g.state
    st.imperium_row[0] = "plain_landsraad"
    assert ("place", "graft_usurp", "hall_of_oratory") in _places(g)
    water, vp, deck = p.water, p.vp, len(st.imperium_deck)
    g.engine.push({"do": "turn_ended", "seat": 0})
    g.answer(0, "graft Plain Landsraad", "Plain Landsraad's agent box next")
    g.agent(0, "graft_usurp", "hall_of_oratory")
    assert (p.water - water, p.vp - vp) == (1, 1)  # its box, grafted
    assert "plain_landsraad" not in st.imperium_row and len(st.imperium_row) == 5 and len(st.imperium_deck) == deck - 1
    assert st.imperium_trash[-1] == "plain_landsraad" and p.played == ["graft_usurp"] and p.borrowed == []
    assert p.grafted == []
    g.done()


def test_graft_from_row_is_worded_and_offered_beside_the_hand(content):
    from dunec.engine.loop.actions import GRAFT_ROW, label

    g = _game(content, ["graft_usurp", "plain_two"])
    st = g.state
    st.imperium_row[0] = "plain_landsraad"
    g.answer(0, 0, 0)
    g.engine.push({"do": "turn_ended", "seat": 0})
    g.agent(0, "graft_usurp", "hall_of_oratory")
    kind, shown = g.asked(0)[0]
    assert kind == "graft" and shown[:2] == ["graft Plain Two to it", "graft Plain Landsraad from the Imperium Row "
                                             "to it (trashed at the end of the turn)"]
    assert label(st, content, (GRAFT_ROW, "plain_two")).startswith("graft Plain Two from the Imperium Row")


def test_the_table_shows_the_grafted_pair(content):
    from dunec.engine.views.tableview import render_view

    g = _game(content, ["graft_chairdog", "plain_two"])
    p = g.p(0)
    g.answer(0, 0)
    g.agent(0, "graft_chairdog", "hall_of_oratory")
    text = render_view(g.engine, p)
    assert "Grafted this turn: Graft Chairdog with Plain Two" in text
    assert "Back to your hand when your Reveal turn starts: Plain Two" in text


def test_a_person_at_the_terminal_plays_a_graft(content):
    """The terminal player picks the graft card's placement, the card to graft and
    the order by their numbers, and reads the graft's words."""
    from dunec.engine.players.human import HumanPolicy

    g = _game(content, ["graft_thirsty", "plain_landsraad", "plain_two"])
    p = g.p(0)
    out, typed = [], ["2", "1"]  # Plain Two (no agent box), then the space first
    human = HumanPolicy({}, read=lambda prompt: typed.pop(0), write=out.append)
    e = g.engine
    e.policies[0] = human
    e.push({"do": "turn_ended", "seat": 0})
    turns.agent_turn(e, p, "graft_thirsty", "hall_of_oratory")
    e.drive()
    text = "\n".join(out)
    assert "Graft: which card of your hand do you play with it" in text
    assert "1) graft Plain Landsraad to it" in text and "2) graft Plain Two to it" in text
    assert "1) space first" in text and "2) Graft Thirsty's agent box next" in text
    assert "Graft: which resolves next, the board space or a grafted card's agent box?" in text
    assert p.played == ["graft_thirsty", "plain_two"] and not typed


def test_trash_one_of_the_grafted_cards_at_a_faction_space(content):
    """Graft Pheromones (as Beguiling Pheromones): at a Faction board space, trash
    one of the two grafted cards for one more Influence; elsewhere nothing."""
    g = _game(content, ["graft_pheromones", "graft_conspiracy"])
    p = g.p(0)
    g.answer(0, "Graft Pheromones's agent box next", 1)  # option 2: trash the other grafted card
    g.agent(0, "graft_pheromones", "secrets")  # Bene Gesserit: Graft Conspiracy's icon
    assert p.influence["bene_gesserit"] == 2  # the space's and the card's
    assert p.trashed == ["graft_conspiracy"] and p.played == ["graft_pheromones"]
    g = _game(content, ["graft_pheromones", "plain_two"])
    p = g.p(0)
    g.answer(0, "Graft Pheromones's agent box next", "deploy 0")
    g.agent(0, "graft_pheromones", "arrakeen")
    assert p.trashed == [] and sum(p.influence.values()) == 0


@pytest.mark.parametrize("field, value, words", [
    ("grafted", ["graft_city"], "expected [] or [card, the card grafted to it]"),
    ("grafted", ["plain_two", "plain_landsraad"], "neither plain_two nor plain_landsraad is a graft card"),
    ("grafted", ["graft_city", "plain_two"], "is grafted but neither in play nor trashed"),
    ("returning", ["plain_two"], "is to return to the hand but is neither in play nor trashed"),
    ("borrowed", ["plain_two"], "grafted from the Imperium Row, is neither in play nor trashed"),
])
def test_a_saved_state_with_a_bad_graft_is_refused(content, field, value, words):
    from dunec.engine.checks.state_check import StateError

    g = _graft_game(content, 1, 3)
    data = json.loads(g.state.to_json())
    data["players"][0][field] = value
    with pytest.raises(StateError, match=words):
        check_state(content, data)
