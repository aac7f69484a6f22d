"""Mixing games (rules 003 "Combining with other Dune: Imperium products"): each
mix is data, a `mix GUEST { }` in the host game's set (cards/uprising/set.dune,
cards/base/set.dune), played by one generic selection (ir/meta.py `mix_guests`).

One test per mix: what the game holds (checks of the selection), and seeded whole
games on both back-ends with the invariants after every decision."""
from __future__ import annotations

import re

import pytest

from dunec.cli import main
from dunec.content import from_model
from dunec.engine.checks import invariants
from dunec.engine.loop.game import Engine
from dunec.engine.players.policies import make
from dunec.engine.rules import costs as rules_costs
from dunec.engine.rules import flags as rules_flags
from dunec.engine.runs.runner import new_state, play_game
from dunec.frontend import compile_sources
from dunec.ir.meta import SetsError
from dunec.paths import cards_dir

NAMES = ["greedy", "random", "greedy", "random"]


def _of(content, kind, set_=None):
    return {k for k, m in content.defs.items() if m["kind"] == kind and (set_ is None or m["set"] == set_)}


def _games(compiled, interpreted, sets, seeds=range(3), people=(4, 3)):
    """Seeded games of these sets on both back-ends, the invariants checked after every
    decision; the two back-ends agree byte for byte. The log lines of every game."""
    lines = []
    for n in people:
        for seed in seeds:
            a = play_game(interpreted.select(sets), n, seed, NAMES[:n], check=invariants.check,
                          echo=lines.append)
            b = play_game(compiled.select(sets), n, seed, NAMES[:n], check=invariants.check)
            assert a.digest() == b.digest(), f"{sets} {n} players seed {seed}: the back-ends disagree"
            assert a.log_digest() == b.log_digest(), f"{sets} {n} players seed {seed}: the logs differ"
            assert max(p.vp for p in a.players) > 0
    return lines


# ---------------------------------------------------------------------- Uprising's cards in a base game
def test_uprising_cards_in_a_base_game(compiled, interpreted):
    game = compiled.select(("base", "uprising"))
    # Uprising's Imperium and intrigue cards join; its board, leaders, Conflicts and objectives do not
    assert _of(game, "card", "uprising") == _of(compiled.select(("uprising",)), "card", "uprising")
    assert _of(game, "intrigue", "uprising")
    for kind in ("space", "leader", "conflict", "objective", "post", "reserve"):
        assert not _of(game, kind, "uprising"), kind
    assert "mentat_space" in game.defs and "arrakeen" in game.defs
    # the Shield Wall is on Uprising's board, which this game leaves out
    assert game.declared("flag") == {}
    st = new_state(game, 4, 1, NAMES)
    imperium = set(st.imperium_deck) | set(st.imperium_row)
    assert imperium & _of(game, "card", "uprising") and imperium & _of(game, "card", "base")
    lines = _games(compiled, interpreted, ("base", "uprising"))
    assert not any("Shield Wall" in ln for ln in lines)


# ---------------------------------------------------------------------- base cards in an Uprising game
def test_base_cards_in_an_uprising_game(compiled, interpreted):
    game = compiled.select(("uprising", "base"))
    assert _of(game, "card", "base") and _of(game, "intrigue", "base")
    # no Mentat in Uprising: Calculated Hire stays out, and the base board, Conflicts, leaders too
    assert "calculated_hire" not in game.defs and "mentat_space" not in game.defs
    for kind in ("space", "leader", "conflict", "reserve", "hagal"):
        assert not _of(game, kind, "base"), kind
    assert "shield_wall" in game.declared("flag")
    # a base card counting or discounting The Spice Must Flow means Uprising's, the one this game holds
    assert game.aliases == {"the_spice_must_flow": "the_spice_must_flow_up"}
    assert "the_spice_must_flow" not in game.defs and "the_spice_must_flow_up" in game.defs
    e = Engine(game, new_state(game, 4, 1, NAMES), [make(n, 1, i) for i, n in enumerate(NAMES)])
    p = e.state.players[0]
    p.deck += ["the_spice_must_flow_up"] * 2
    assert rules_costs.copies(e, p, "the_spice_must_flow") == 2
    assert compiled.select(("base", "uprising")).aliases == {"the_spice_must_flow_up": "the_spice_must_flow"}
    lines = _games(compiled, interpreted, ("uprising", "base"))
    base_titles = {m["name"] for k, m in game.defs.items() if m["set"] == "base"}
    assert any(f"plays {t}" in ln or f"acquires {t}" in ln for ln in lines for t in base_titles)


def test_a_base_card_taking_the_mentat_in_an_uprising_game_is_e0466():
    """Rules 003 removes Calculated Hire; a game of a mix that forgets it is refused at
    the card (the card itself checks clean: it plays in a base game)."""
    root = cards_dir()
    sources = [(f"cards/{s}/{p.name}", p.read_text(encoding="utf-8"))
               for s in ("core", "base", "uprising") for p in sorted((root / s).glob("*.dune"))]
    sources = [(path, text.replace("    remove intrigue calculated_hire\n", "")
                if path == "cards/uprising/set.dune" else text) for path, text in sources]
    model, diags = compile_sources(sources)
    assert not diags.errors, diags.render()
    content = from_model(model)
    with pytest.raises(SetsError) as e:
        content.select(("uprising", "base"))
    assert re.search(r"cards/base/intrigue\.dune:\d+:1: error\[E0466\]: intrigue `calculated_hire` of set `base` "
                     r"takes the Mentat, but a game of `uprising` has no Mentat", str(e.value))
    assert str(e.value).count("E0466") == 1
    # a base game keeps it (its board has the Mentat space)
    assert "calculated_hire" in content.select(("base", "uprising")).defs


# ---------------------------------------------------------------------- Rise of Ix with Uprising
def test_rise_of_ix_with_uprising(compiled, interpreted):
    game = compiled.select(("uprising", "ix"))
    spaces = _of(game, "space")
    # the CHOAM overlay folded over the top-right corner; the Ix board's spaces join
    assert not {"assembly_hall", "gather_support"} & spaces
    assert {"interstellar_shipping", "smuggling", "tech_negotiation", "dreadnought_space"} <= spaces
    # one observation post each: the overlay's (the covered spaces' post) and the Ix board's
    assert game.defs["post_landsraad_hall"]["links"] == ("interstellar_shipping", "smuggling")
    assert game.defs["post_ix_board"]["links"] == ("tech_negotiation", "dreadnought_space")
    assert all(x in spaces for k in _of(game, "post") for x in game.defs[k]["links"])
    # no Conflict cards of Rise of Ix; Ilesa Ecaz's Foldspace from the base game, nothing else of it
    assert _of(game, "conflict", "ix") == {"economic_supremacy"}  # the Epic game's only (below)
    assert "ilesa_ecaz" in game.defs
    assert {k for k, m in game.defs.items() if m["set"] == "base"} == {"foldspace"}
    assert "tech_tiles" in game.declared("market") and "dreadnought" in game.declared("unit")
    lines = _games(compiled, interpreted, ("uprising", "ix"))
    assert any("tile" in ln for ln in lines) and any("dreadnought" in ln for ln in lines)
    # Economic Supremacy is the Epic game's fifth Conflict III, and in no standard game
    assert game.defs["economic_supremacy"].get("epic_only")
    assert "economic_supremacy" not in new_state(game, 4, 1, NAMES).conflict_deck
    for seed in range(2):
        a = play_game(interpreted.select(("uprising", "ix")), 4, seed, NAMES, check=invariants.check, epic=True)
        b = play_game(game, 4, seed, NAMES, check=invariants.check, epic=True)
        assert a.digest() == b.digest() and a.log_digest() == b.log_digest()
        cards = [c for _, c in invariants.card_places(a)]
        # the Epic game's conflict deck holds it; each player's Control the Spice (Rise of Ix's deck list)
        assert "economic_supremacy" in cards and cards.count("control_the_spice") == 4


# ---------------------------------------------------------------------- Immortality with Uprising
def test_immortality_with_uprising(compiled, interpreted):
    game = compiled.select(("uprising", "immortality"))
    # the Research Station overlay covers Uprising's Research Station, and takes its post
    assert "research_station_up" not in game.defs and "research_station_immortality" in game.defs
    assert game.defs["post_refinery_station"]["links"] == ("spice_refinery", "research_station_immortality")
    assert _of(game, "tleilaxu", "immortality") and _of(game, "card", "immortality")
    assert not _of(game, "conflict", "immortality") and not _of(game, "hagal", "immortality")
    assert {"tleilaxu", "research"} <= set(game.declared("track"))
    # each Dune, the Desert Planet of the starting deck becomes an Experimentation
    for p in new_state(game, 4, 1, NAMES).players:
        cards = p.deck + p.hand + p.discard
        assert cards.count("experimentation") == 2 and "dune_the_desert_planet" not in cards
    lines = _games(compiled, interpreted, ("uprising", "immortality"))
    assert any("Research Station" in ln for ln in lines)


# ---------------------------------------------------------------------- the Shield Wall, asking a mix
def test_the_shield_wall_protects_the_conflicts_of_its_three_locations(compiled):
    game = compiled.select(("uprising", "ix"))
    e = Engine(game, new_state(game, 4, 1, NAMES), [make(n, 1, i) for i, n in enumerate(NAMES)])
    protected = {c for c in _of(game, "conflict") if rules_flags.protected(e, c)}
    assert protected == {c for c in _of(game, "conflict")
                         if game.defs[c].get("controls") in ("arrakeen", "spice_refinery", "imperial_basin")}
    assert {"uprising_siege_of_arrakeen", "uprising_secure_imperial_basin", "seize_spice_refinery"} <= protected


def test_a_set_no_mix_names_is_refused_and_list_says_what_a_mix_brings(compiled, capsys):
    with pytest.raises(SetsError, match="set `promo` is not of a game of `uprising`.*mixes it knows: base, "
                                        "immortality, ix"):
        compiled.select(("uprising", "promo"))
    assert main(["list", "--sets", "uprising,ix"]) == 0
    out = capsys.readouterr().out
    assert ("mix: ix brings card, intrigue, space, post, leader, tech, starter, deck; takes reserve foldspace; "
            "takes conflict economic_supremacy in the Epic game; "
            "interstellar_shipping covers assembly_hall; smuggling covers gather_support; "
            "its the_spice_must_flow is the_spice_must_flow_up") in out
    assert "mix: base brings its declarations only (a guest requires it)" in out


def test_both_back_ends_select_a_mix_alike(model, compiled):
    interpreted = from_model(model)
    for sets in (("base", "uprising"), ("uprising", "base"), ("uprising", "ix"), ("uprising", "immortality")):
        assert set(interpreted.select(sets).defs) == set(compiled.select(sets).defs), sets


# ---------------------------------------------------------------------- what the adapters observe
def test_the_adapters_observe_spies_posts_the_shield_wall_and_sandworms():
    """Read from the declarations: a game of `--sets uprising` through the PettingZoo
    environment, the vector checked against the state."""
    np = pytest.importorskip("numpy", reason="numpy is not installed")
    from dunec.ai import features
    from dunec.ai.pettingzoo_env import env as make_env

    environment = make_env(players=4, seed=3, sets=("uprising",))
    environment.reset(seed=3)
    game = environment.unwrapped.game if hasattr(environment, "unwrapped") else environment.game
    lay = features.layout(game.content)
    assert lay.pieces == ("spies",) and len(lay.posts) == len(_of(game.content, "post")) and "flags" in lay.at
    assert {"sandworm_conflict", "spies_supply", "spies_on"} <= set(lay.set_fields)
    rng = np.random.default_rng(3)
    seen = {"post": False, "wall_down": False}
    while not game.is_terminal():
        st, seat = game.state, game.current_player()
        vec = features.encode(st, seat, game.content)
        a, _ = lay.at["posts"]
        for p in st.players:
            rel = (p.seat - seat) % len(st.players)
            mine = p.pieces.get("spies", {}).get("on", ())
            row = vec[a + rel * len(lay.posts):a + (rel + 1) * len(lay.posts)]
            assert list(row) == [float(mine.count(x)) for x in lay.posts]
            seen["post"] |= bool(mine)
            base = lay.at["set_seats"][0] + rel * len(lay.set_fields)
            fields = dict(zip(lay.set_fields, vec[base:base + len(lay.set_fields)]))
            assert fields["spies_on"] == len(p.pieces.get("spies", {}).get("on", ()))
            assert fields["spies_supply"] == p.pieces.get("spies", {}).get("supply", 0)
            assert fields["sandworm_conflict"] == p.units.get("sandworm", {}).get("conflict", 0)
        assert vec[lay.at["flags"][0]] == float(st.flags["shield_wall"])
        seen["wall_down"] |= not st.flags["shield_wall"]
        game.apply_index(int(rng.integers(len(game.legal_actions()))))
    assert seen["post"] and seen["wall_down"], seen
    # no sandworm is summoned without Maker Hooks (Sietch Tabr is not on the board yet):
    # one in the Conflict, as a summoning leaves it, is read from the unit's declaration
    st = game.state
    st.players[1].units.setdefault("sandworm", {})["conflict"] = 2
    vec = features.encode(st, 0, game.content)
    base = lay.at["set_seats"][0] + 1 * len(lay.set_fields)
    assert vec[base + lay.set_fields.index("sandworm_conflict")] == 2


def test_a_unit_placed_on_a_location_of_uprising_has_an_action_id_and_is_observed(compiled):
    """Rise of Ix's dreadnought placed on Arrakeen in an Uprising game: the location is
    `arrakeen`, its space `arrakeen_up` (a PettingZoo game of the mix plays through)."""
    np = pytest.importorskip("numpy", reason="numpy is not installed")
    from dunec.ai import features
    from dunec.ai.pettingzoo_env import env as make_env
    from dunec.engine.loop.action_space import space_of

    game = compiled.select(("uprising", "ix"))
    space = space_of(game)
    assert space.id_of(("place", "dreadnought", "arrakeen")) != space.id_of(("place", "dreadnought", "spice_refinery"))
    lay = features.layout(game)
    st = new_state(game, 4, 1, NAMES)
    st.placed["arrakeen"] = (2, "dreadnought")
    vec = features.encode(st, 0, game)
    assert vec[lay.at["placed"][0] + lay.spaces.index("arrakeen_up")] == 1 + 2
    environment = make_env(players=4, seed=2, sets=("uprising", "ix"))
    environment.reset(seed=2)
    turns = 0
    for _ in environment.agent_iter():
        obs, _, done, cut, _ = environment.last()
        mask = None if done or cut else obs["action_mask"]
        environment.step(None if mask is None else int(np.flatnonzero(mask)[turns % int(mask.sum())]))
        turns += 1
    assert turns > 100
