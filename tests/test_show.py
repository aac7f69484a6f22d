"""`dunec show` and `dunec list` over the whole base set: every definition is
printed as a player reads it (name, cost, icons, every box as text), a few
renderings exactly, and the set's counts as `list --json` reports them."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from dunec.cli import main
from dunec.ir import describe
from dunec.show import box_title, titles_of


@pytest.fixture(scope="module")
def base_defs(model):
    return {i: d for i, d in model.defs.items() if d.set == "base"}


@pytest.fixture(scope="module")
def shown(base_defs):
    """`dunec show --set base`, as {title line: block}."""
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["show", "--set", "base"]) == 0
    blocks = buf.getvalue().rstrip("\n").split("\n\n")
    assert len(blocks) == len(base_defs)
    return blocks


def show(capsys, *ids) -> str:
    assert main(["show", *ids]) == 0
    return capsys.readouterr().out.rstrip("\n")


def test_show_set_base_prints_every_base_definition_in_id_order(shown, base_defs):
    for block, ident in zip(shown, sorted(base_defs)):
        d = base_defs[ident]
        head, rule = block.split("\n")[:2]
        assert head.startswith(f"{d.name}  [") and set(rule) == {"-"} and len(rule) == len(head), ident


def test_show_set_base_prints_cost_icons_and_every_box(shown, base_defs, model):
    with describe.titled(titles_of(model)):  # the words show uses for what the sets declare
        _prints_cost_icons_and_every_box(shown, base_defs)


def _prints_cost_icons_and_every_box(shown, base_defs):
    for block, ident in zip(shown, sorted(base_defs)):
        d = base_defs[ident]
        lines = block.split("\n")
        if d.kind in ("card", "reserve"):
            assert f"Cost: {d.fields['cost']} Persuasion" in lines, ident
        if d.fields.get("icons"):
            assert "Agent icons: " + ", ".join(describe.name(i) for i in d.fields["icons"]) in lines, ident
        if d.fields.get("factions"):
            assert "Faction: " + ", ".join(describe.name(f) for f in d.fields["factions"]) in lines, ident
        if d.kind == "conflict":
            assert f"Level: {'I' * d.fields['level']}" in lines, ident
        for box, ops in d.boxes.items():
            text = describe.ops(ops)
            assert text and f"{box_title(d, box)}: {text}" in lines, (ident, box)


def test_show_set_base_names_the_copies(shown, base_defs):
    for block, ident in zip(shown, sorted(base_defs)):
        copies = base_defs[ident].copies
        assert (f", {copies} copies]" in block.split("\n")[0]) is (copies > 1), ident


def test_show_duncan_idaho(capsys):
    assert show(capsys, "duncan_idaho") == (
        "Duncan Idaho  [Imperium card, base]\n"
        "-----------------------------------\n"
        "Cost: 4 Persuasion\n"
        "Agent icons: City\n"
        "Agent: pay 1 water -> +1 troop, draw 1 card\n"
        "Reveal: +2 swords, +1 water")


def test_show_sell_melange(capsys):
    assert show(capsys, "sell_melange") == (
        "Sell Melange  [board space, base]\n"
        "---------------------------------\n"
        "Icon: Spice Trade\n"
        "Requires: spice >= 2\n"
        "Effect: choose one: pay 2 spice -> +6 Solari | pay 3 spice -> +8 Solari | pay 4 spice -> +10 Solari"
        " | pay 5 spice -> +12 Solari")


KWISATZ_HADERACH = [
    "Kwisatz Haderach  [Imperium card, base]",
    "---------------------------------------",
    "Cost: 8 Persuasion",
    "Agent icons: Landsraad, City, Spice Trade, Emperor, Spacing Guild, Bene Gesserit, Fremen",
    "Faction: Bene Gesserit",
    "Agent: draw 1 card",
]


def test_show_kwisatz_haderach(capsys):
    lines = show(capsys, "kwisatz_haderach").split("\n")
    # Exactly these lines, in this order (a line for the two card flags may join them).
    assert [line for line in lines if line in KWISATZ_HADERACH] == KWISATZ_HADERACH
    assert lines[:2] == KWISATZ_HADERACH[:2]


def test_show_kwisatz_haderach_says_how_it_sends_its_agent(capsys):
    text = show(capsys, "kwisatz_haderach").lower()
    assert "anywhere" in text and "enemy agent" in text


def test_show_gained_only_and_leader_modifiers(capsys):
    assert "Cannot be bought with Persuasion." in show(capsys, "foldspace").split("\n")
    assert show(capsys, "helena_richese").split("\n")[2:] == [
        "Passive: enemy agents don't block you at Landsraad spaces, enemy agents don't block you at City spaces",
        "Signet ring: remove a card from the Imperium Row: during your Reveal turn this round only you may "
        "acquire it, for 1 Persuasion less",
    ]
    assert show(capsys, "paul_atreides").split("\n")[2:] == [
        "Passive: you may look at the top card of your deck at any time",
        "Signet ring: draw 1 card",
    ]


def test_show_several_ids_are_separated_by_a_blank_line(capsys):
    out = show(capsys, "duncan_idaho", "sell_melange")
    assert out.count("\n\n") == 1 and out.startswith("Duncan Idaho") and "\n\nSell Melange" in out


def test_show_without_an_id_or_set_is_a_usage_error(capsys):
    assert main(["show"]) == 2


# ---------------------------------------------------------------------- list
@pytest.fixture(scope="module")
def listed():
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["list", "--set", "base", "--json"]) == 0
    return json.loads(buf.getvalue())


@pytest.mark.parametrize("kind,copies", [("card", 67), ("intrigue", 40), ("conflict", 18), ("leader", 8),
                                         ("reserve", 24), ("starter", 7), ("space", 22)])
def test_list_base_counts(listed, kind, copies):
    assert sum(r["copies"] for r in listed if r["kind"] == kind) == copies


def test_list_base_starting_deck_has_ten_cards(listed, base_defs):
    starting = next(r for r in listed if r["id"] == "starting")
    assert starting["kind"] == "deck" and starting["size"] == 10
    assert sum(n for _, n in base_defs["starting"].fields["cards"]) == 10


def test_list_base_is_the_base_set_in_id_order(listed, base_defs):
    assert [r["id"] for r in listed] == sorted(base_defs)
    assert {r["set"] for r in listed} == {"base"}


def test_list_base_leaders(listed):
    assert sorted(r["name"] for r in listed if r["kind"] == "leader") == [
        "Baron Vladimir Harkonnen", "Count Ilban Richese", "Countess Ariana Thorvald", "Duke Leto Atreides",
        "Earl Memnon Thorvald", 'Glossu "The Beast" Rabban', "Helena Richese", "Paul Atreides"]


def test_list_base_cards_carry_cost_icons_and_factions(listed, base_defs):
    for r in listed:
        if r["kind"] in ("card", "starter", "reserve"):
            d = base_defs[r["id"]]
            assert r["cost"] == d.fields.get("cost")
            assert r["icons"] == list(d.fields.get("icons", ()))
            assert r["factions"] == list(d.fields.get("factions", ()))
        if r["kind"] == "conflict":
            assert r["level"] == base_defs[r["id"]].fields["level"]
    levels = Counter(r["level"] for r in listed if r["kind"] == "conflict")
    assert levels == {1: 4, 2: 10, 3: 4}


def test_list_text_ends_with_the_totals(capsys):
    assert main(["list", "--set", "base", "--kind", "leader"]) == 0
    out = capsys.readouterr().out.rstrip("\n").split("\n")
    assert out[-1] == "8 definitions, 8 copies" and len(out) == 9


# ---------------------------------------------------------------------- the scope of conditions and costs
def _split_top(text: str) -> list[str]:
    """The "; "-separated parts of a rendering, outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and text.startswith("; ", i):
            parts.append(text[start:i])
            start = i + 2
    return parts + [text[start:]]


def _mixed_lists(xs):
    """Every effect list, at any depth, that holds a scoping effect beside another effect."""
    if len(xs) > 1 and any(o.kind in describe.SCOPING for o in xs):
        yield xs
    for o in xs:
        yield from _mixed_lists(o.body)
        for alt in o.alts:
            yield from _mixed_lists(alt)


def _groups(xs):
    out = []
    for i, o in enumerate(xs):
        if o.kind in describe.SCOPING or i == 0 or xs[i - 1].kind in describe.SCOPING:
            out.append([])
        out[-1].append(o)
    return out


def test_every_box_mixing_gated_and_ungated_effects_reads_unambiguously(model):
    # A condition, cost, choice or target governs exactly the effects between its colon or
    # arrow and the next "; "; effects it does not govern stand in their own part.
    seen = set()
    for ident, d in model.defs.items():
        for box, ops in d.boxes.items():
            for xs in _mixed_lists(ops):
                seen.add(ident)
                text = describe.ops(xs)
                parts, groups = _split_top(text), _groups(xs)
                assert len(parts) == len(groups), (ident, box, text)
                for part, group in zip(parts, groups):
                    if group[0].kind in describe.SCOPING:
                        o = group[0]
                        assert part == describe.op(o), (ident, text)
                        body = describe.ops(o.body) if o.body else ""
                        assert not body or part.endswith(body) or part.endswith(f"({body})"), (ident, part)
                        assert "; " not in body or f"({body})" in part, (ident, part)
                    else:  # ungated: nothing here can be read as governed by a condition or cost
                        assert part == ", ".join(describe.op(o) for o in group), (ident, text)
                        assert ":" not in part and "->" not in part, (ident, part)
    # The base set's mixed boxes are all covered.
    assert {"crysknife", "gurney_halleck", "reinforcements", "double_cross", "spice_hunter", "opulence",
            "secrets", "worm_riders", "corner_the_market", "gene_manipulation", "fedaykin_death_commando"} <= seen


@pytest.mark.parametrize("ident,line", [
    # The Fremen bond gates both effects: nothing stands outside it.
    ("sietch_reverend_mother", "Reveal: if another Fremen card in play: +3 Persuasion, +1 spice"),
    ("crysknife", "Reveal: +1 sword; if another Fremen card in play: +1 Influence with Fremen"),
    ("gurney_halleck", "Reveal: +2 Persuasion; pay 3 Solari -> +2 troops, deploy any of these recruited troops"),
    ("reinforcements", "Plot: pay 3 Solari -> (+3 troops; if it is your Reveal turn: deploy any of these "
                       "recruited troops)"),
    ("glossu_rabban", "Signet ring: if a Faction Alliance: +2 troops, otherwise: +1 troop"),
    # Played "at the start of your turn": the show says so.
    ("bindu_suspension", "Plot, at the start of your turn: draw 1 card, you may pass this turn"),
])
def test_show_says_what_the_definition_does(capsys, ident, line):
    assert line in show(capsys, ident).split("\n")


# ---------------------------------------------------------------------- what the engine plays, in the set's words
def test_show_diversion_counts_units_as_the_engine_does(capsys):
    # the engine's deployed_this_turn counts every unit kind (rules_costs.quantity)
    assert "Plot: if units you deployed to the Conflict this turn >= 4: 1 move on the Shipping track" in \
        show(capsys, "diversion")


def test_show_desert_ambush_counts_troops_and_its_retreat_is_optional(capsys):
    assert "Agent: for each troop you deployed to the Conflict this turn: you may: an opponent of your choice: " \
           "retreat 1 unit from the Conflict to the garrison" in show(capsys, "desert_ambush").split("\n")


def test_show_full_scale_assault_reads_for_each_as_english(capsys):
    assert "Reveal: +2 Persuasion; for each Dreadnought of yours in the Conflict: +3 swords" in \
        show(capsys, "full_scale_assault").split("\n")


def _foreach_ops(xs):
    for o in xs:
        if o.kind == "foreach":
            yield o
        yield from _foreach_ops(o.body)
        for alt in o.alts:
            yield from _foreach_ops(alt)


def test_every_for_each_names_one_thing(model):
    # "for each your dreadnought", "for each Intrigue cards": a count reads in the singular
    seen = 0
    with describe.titled(titles_of(model)):
        for d in model.defs.values():
            for ops in d.boxes.values():
                for o in _foreach_ops(ops):
                    seen += 1
                    text = describe.op(o)
                    assert not text.startswith("for each your "), (d.id, text)
                    assert describe.count(o.args[0]) != describe.quantity(o.args[0]) or \
                        o.args[0][0] == "persuasion", (d.id, text)
    assert seen >= 5


SMUGGLE_SET = '''set smuggle "Smugglers" {
  requires base ix
  kinds card space
  counter contacts "Contact"
  unit skiff "Skiff" { strength 1; supply 3 }
  track route "Smuggling route" {
    steps 2
    step 1 { solari 2 }
    step 2 { spice 2 }
  }
  market charts "Star charts" { currency solari; sells tech; stacks 1 }
}
'''
SMUGGLE_CARDS = '''space safe_house "Safe House" {
  icon city
  effect { contacts 1 }
}
card night_run "Night Run" {
  cost 3; icons city
  agent { move route 1; contacts 2; cheaper_space safe_house solari 1 }
  reveal {
    for each in_conflict skiff { swords 1 }
    if in_play skiff >= 2 { advance route 1 }
    buy charts
  }
}
'''


def test_show_uses_a_new_sets_declared_titles(tmp_path, capsys):
    folder = tmp_path / "smuggle"
    folder.mkdir()
    (folder / "set.dune").write_text(SMUGGLE_SET)
    (folder / "cards.dune").write_text(SMUGGLE_CARDS)
    assert main(["show", "--with", str(folder), "night_run"]) == 0
    text = capsys.readouterr().out
    for words in ("1 move on the Smuggling route", "+2 Contacts", "sending an Agent to Safe House",
                  "for each Skiff of yours in the Conflict: +1 sword", "if your Skiffs out of your supply >= 2",
                  "advance on the Smuggling route", "acquire one of the Star charts"):
        assert words in text, words
    for ident in ("the route", "contacts", "skiff", "safe_house", "safe house", "the charts"):
        assert ident not in text, ident


def test_show_harvest_cells_names_its_troops(capsys):
    """A box with one number (`on lose_troops 3`) says it in its title."""
    assert show(capsys, "harvest_cells") == (
        "Harvest Cells  [intrigue card, immortality, 2 copies]\n"
        "-----------------------------------------------------\n"
        "When you lose at least 3 Troops at the end of a Conflict: +2 Specimens, acquire one of the Tleilaxu row")
