"""Unload (Rise of Ix rulebook p. 7): a card marked `unload` also gets its Reveal
box when it is discarded or trashed, on every path that discards or trashes
(engine/rules/leaving.py), on both back-ends; the checker knows the flag and
`dunec show` says it (docs/decisions.md, "Unload")."""
from __future__ import annotations

import json

import pytest

from dunec.check.diagnostics import Diagnostics
from dunec.engine.rules import cards as rules_cards, resources as rules_resources
from dunec.engine.loop import turns
from dunec.frontend import compile_sources
from dunec.paths import cards_dir
from dunec.show import show_definition

from test_cards_support import finish
from test_ix_board import ADVANCE, changes_ix, ix, new_ix, snap_ix  # noqa: F401  (ix: the fixture)
from test_ix_content import INVENTORY, model  # noqa: F401  (model: the fixture)


def _start(ix, hand=(), players: int = 3):
    g = new_ix(ix, players=players)
    g.p(0).hand.extend(hand)
    return g, snap_ix(g)


def test_a_discarded_esmar_tuek_gives_its_spice_and_solari(ix):
    g, before = _start(ix, ["esmar_tuek"])
    rules_cards.discard(g.engine, g.p(0), 1)
    g.engine.drive()
    assert changes_ix(g, before) == {0: {"hand": -1, "discard": 1, "spice": 2, "solari": 2}}
    assert g.p(0).discard == ["esmar_tuek"]
    finish(g)


def test_a_card_without_unload_gives_nothing_when_discarded(ix):
    g, before = _start(ix, ["dagger"])
    rules_cards.discard(g.engine, g.p(0), 1)
    g.engine.drive()
    assert changes_ix(g, before) == {0: {"hand": -1, "discard": 1}}


def test_treachery_trashing_itself_gets_its_reveal_box(ix):
    """Agent box: +1 Influence with the space's Faction and trash this; trashed, it
    unloads: 2 troops, deployed to the Conflict."""
    g = new_ix(ix)
    before = snap_ix(g)
    g.box(0, "treachery", "agent", space="stillsuits")
    assert changes_ix(g, before) == {0: {"trashed": 1, "fremen": 1, "supply": -2, "conflict": 2}}
    assert g.p(0).trashed == ["treachery"] and "treachery" not in g.p(0).played
    finish(g)


def test_an_opponents_effect_that_discards_unloads_for_the_discarding_player(ix):
    """Reverend Mother Mohiam (bond with the Bene Gesserit): each opponent discards 2.
    P2 discards Esmar Tuek: P2, who owns it, gets its Reveal box."""
    g = new_ix(ix)
    g.p(0).played.append("truthsayer")  # a Bene Gesserit card in play: the bond
    g.p(1).hand.extend(["esmar_tuek", "dagger"])
    g.p(2).hand.extend(["dagger", "dagger"])
    before = snap_ix(g)
    g.answer(1, "discard Esmar Tuek")  # then the Dagger, the only card left
    g.answer(2, "discard Dagger")
    g.box(0, "reverend_mother_mohiam", "agent", space="carthag")
    got = changes_ix(g, before)
    assert got[1] == {"hand": -2, "discard": 2, "spice": 2, "solari": 2}
    assert got[2] == {"hand": -2, "discard": 2}
    finish(g)


def test_trashing_an_unload_card_from_hand_gets_its_reveal_box(ix):
    """Jamis's agent box: trash a card; CHOAM Delegate from hand gives its 3 Solari."""
    g, before = _start(ix, ["choam_delegate"])
    g.answer(0, "trash CHOAM Delegate")
    g.box(0, "jamis", "agent", space="carthag")
    assert changes_ix(g, before) == {0: {"played": 1, "hand": -1, "trashed": 1, "solari": 3}}
    finish(g)


def test_trashing_from_the_top_of_the_deck_unloads(ix):
    g = new_ix(ix)
    g.p(0).deck.append("water_peddler")
    before = snap_ix(g)
    g.answer(0, "trash")
    rules_cards.draw_or_trash_top(g.engine, g.p(0))
    g.engine.drive()
    assert changes_ix(g, before) == {0: {"deck": -1, "trashed": 1, "water": 1}}


def test_a_discard_cost_unloads_each_card_before_the_next_is_chosen(ix):
    """Ix-Guild Compact: discard 2 cards -> a dreadnought. Freighter Fleet, discarded
    first, asks its freighter move before the second card is chosen."""
    g, before = _start(ix, ["freighter_fleet", "in_the_shadows", "dagger"])
    g.answer(0, "pay", "discard Freighter Fleet", ADVANCE, "discard In the Shadows")
    g.box(0, "ix_guild_compact", "agent", space="carthag")
    got = changes_ix(g, before)
    assert got == {0: {"played": 1, "hand": -2, "discard": 2, "track shipping": 1, "bene_gesserit": 1,
                       "dreadnought garrison": 1}}
    # The answers are taken in order: the freighter move comes between the two discards.
    finish(g)


def test_the_recall_cleanup_and_playing_are_not_discards(ix):
    """Played and revealed cards going to the discard pile at the end of a reveal
    turn do not unload: they were played (their boxes ran as they were)."""
    g = new_ix(ix)
    p = g.p(0)
    p.played.append("esmar_tuek")
    p.revealed.append("choam_delegate")
    before = snap_ix(g)
    g.engine.later("reveal_done", seat=0)
    g.engine.drive()
    got = changes_ix(g, before).get(0, {})
    assert got.get("solari", 0) == 0 and got.get("spice", 0) == 0
    assert sorted(p.discard) == ["choam_delegate", "esmar_tuek"]


def test_losing_an_intrigue_card_goes_through_the_same_place(ix):
    g = new_ix(ix)
    p = g.p(0)
    p.intrigue.extend(["bribery", "dispatch_an_envoy"])
    g.answer(0, 0, 0)
    rules_resources.lose(g.engine, p, "intrigue", 2)
    g.engine.drive()
    assert p.intrigue == [] and g.state.intrigue_discard[-2:] == ["bribery", "dispatch_an_envoy"]


def test_a_trashed_tile_goes_through_the_same_place(ix):
    g = new_ix(ix)
    p = g.p(0)
    p.tiles.append("spy_satellites")
    from dunec.engine.rules import tiles as rules_tiles
    rules_tiles.trash_tile(g.engine, p, "spy_satellites")
    g.engine.drive()
    assert p.tiles == [] and g.state.tiles_trashed == ["spy_satellites"] and p.trashed == []


# ---------------------------------------------------------------------- the language
def _check(text: str) -> Diagnostics:
    _model, diags = compile_sources([("cards/base/extra.dune", text)])
    return diags


def test_unload_is_a_flag_of_cards():
    assert not _check('card spare "Spare" { set base\n cost 2\n unload\n reveal { spice 1 } }\n').items


def test_unload_without_a_reveal_box_is_a_diagnostic():
    d = _check('card spare "Spare" { set base\n cost 2; icons city\n unload\n agent { spice 1 } }\n')
    [item] = d.items
    out = d.render()
    assert item.code == "E0103" and " --> cards/base/extra.dune:3:2" in out
    assert "^^^^^^ `unload` needs a `reveal` box" in out
    assert "help: add the card's `reveal { ... }` box, or drop `unload`" in out


def test_unload_takes_no_value():
    d = _check('card spare "Spare" { set base\n cost 2\n unload 2\n reveal { spice 1 } }\n')
    assert [i.code for i in d.items] == ["E0106"] and "^ takes no value" in d.render()


def test_show_says_the_reveal_box_also_runs_on_discard_and_trash(model):
    text = show_definition(model.defs["esmar_tuek"])
    assert "Unload: the Reveal box also runs when this card is discarded or trashed." in text
    assert "Reveal (Unload): +2 spice, +2 Solari" in text
    assert "Unload" not in show_definition(model.defs["truthsayer"])


# ---------------------------------------------------------------------- against the inventory
# Marked `unload` in the inventory but not by us, with the reason (docs/decisions.md, "Unload").
UNLOAD_NOT_OURS = {"Boundless Ambition": "a promo card: not in our content; no shared source prints it"}


@pytest.mark.skipif(not INVENTORY.is_file(), reason=f"no card inventory at {INVENTORY}")
def test_the_unload_cards_are_the_inventorys(model):
    rows = [r for rows in json.loads(INVENTORY.read_text(encoding="utf-8")).values() for r in rows]
    theirs = {r["name"].lower() for r in rows if r.get("unload") and r["name"] not in UNLOAD_NOT_OURS}
    ours = {d.name.lower() for d in model.defs.values() if d.fields.get("unload")}
    assert ours == theirs
    assert len(ours) == 8
    marked = {r["name"] for r in rows if r.get("unload")}
    assert set(UNLOAD_NOT_OURS) <= marked  # each exception is still marked there
    names = {d.name for d in model.defs.values()}
    assert not set(UNLOAD_NOT_OURS) & names  # written one day, it must be decided again


# ---------------------------------------------------------------------- both back-ends, random boxes
from hypothesis import HealthCheck, assume, given, settings, strategies as st  # noqa: E402

from test_backends import _bundled, _stmts  # noqa: E402


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=_stmts(2), seed=st.integers(0, 10_000), trash=st.booleans())
def test_an_unloaded_random_reveal_box_runs_the_same_on_both_backends(body, seed, trash):
    """A card with a random Reveal box, discarded (or trashed) from hand: the
    interpreter and the generated code leave the same game (effects a reveal box
    does not admit, such as `mentat`, are left out)."""
    from dunec.codegen.emit import compile_in_memory
    from dunec.content import from_model
    from dunec.engine.effects.context import Ctx
    from dunec.engine.loop.game import Engine
    from dunec.engine.players.policies import RandomPolicy
    from dunec.engine.loop.setup import new_game

    text = 'card fuzz "Fuzz" {\n  cost 1\n  unload\n  reveal {\n    ' + "\n    ".join(body) + "\n  }\n}\n"
    model, diags = compile_sources(_bundled() + [("cards/base/fuzz.dune", text)])
    assume(not diags.errors)
    finals = []
    for content in (from_model(model), compile_in_memory(model)):
        state = new_game(content, 3, seed)
        e = Engine(content, state, [RandomPolicy(seed, i) for i in range(3)])
        p = state.players[0]
        p.hand.append("fuzz")
        p.solari, p.spice, p.water = 3, 3, 2
        if trash:
            rules_cards.trash(e, Ctx(e, p, card="dagger", box="agent"), "card", "hand", optional=False)
        else:
            rules_cards.discard(e, p, len(p.hand))
        e.drive()
        assert "fuzz" not in p.hand
        finals.append(state.to_json())
    assert finals[0] == finals[1], text
