"""Every Immortality card the engine plays today in a scenario, on both back-ends.
Each scenario asserts the whole change it caused (test_cards_support's snapshots,
plus track steps, counters and units: sets_support's snap_sets, generic in the
set's names). Decisions: docs/decisions.md, "Immortality cards as printed"."""
from __future__ import annotations

import pytest

from dunec import content as C
from dunec.engine.loop import turns

from scenario import Scenario
from sets_support import (
    BACKENDS, changes_sets as changes_ix, new_scenario as new_imm, play_box, sets_fixture, snap_sets as snap_ix,
)
from test_cards_support import deploy, finish, set_influence

RESEARCH = "advance on the research track"
TLEILAXU = "advance on the Tleilaxu track"

imm = sets_fixture("imm", "base", "immortality")


def _give(g, hand=(), deck=(), discard=(), revealed=(), played=(), conflict=0, **amounts) -> None:
    """Put P1's pieces where a scenario wants them (influence and counters through the engine)."""
    p = g.p(0)
    p.hand.extend(hand)
    p.deck.extend(deck)
    p.discard.extend(discard)
    p.revealed.extend(revealed)
    p.played.extend(played)
    if "garrison" in amounts:  # recruited from the supply
        n = amounts.pop("garrison")
        p.supply -= n - p.garrison
        p.garrison = n
    if conflict:
        p.garrison -= conflict
        p.conflict += conflict
    influence = {f: amounts.pop(f) for f in list(amounts) if f in p.influence}
    set_influence(g, 0, **influence)
    for k in [k for k in amounts if k in p.tracks]:  # a line's step, a graph's cell
        p.tracks[k] = amounts.pop(k)
    for k in [k for k in amounts if k in p.counters]:
        n = amounts.pop(k)
        p.counters[k] += n
        p.supply -= n
    for k, n in amounts.items():
        setattr(p, k, n)


def _gain(g, res: str, n: int) -> None:
    """P1 gains through the effect context, as a card's box would (tallied this turn)."""
    from dunec.engine.effects.context import Ctx

    Ctx(g.engine, g.p(0)).gain(res, n)


def _in_row(g, card: str) -> None:
    """Put a copy of `card` in the Imperium Row, swapped with a Row card (every card stays in one place)."""
    st = g.state
    if card not in st.imperium_row:
        i = st.imperium_deck.index(card)
        st.imperium_deck[i], st.imperium_row[0] = st.imperium_row[0], card


# (card, box, setup, answers, the whole change): a card box is played for P1 with
# the card put in play; an agent box as if sent to Carthag.
CARDS = {
    "bene tleilax lab agent": ("bene_tleilax_lab", "agent", None, [],
                               {0: {"played": 1, "counter specimen": 1, "supply": -1}}),
    "bene tleilax lab reveal, first genetic marker": ("bene_tleilax_lab", "reveal",
                                                      lambda g: _give(g, research="r4_1"), [],
                                                      {0: {"revealed": 1, "persuasion": 1, "spice": 1}}),
    "bene tleilax lab reveal, column 3": ("bene_tleilax_lab", "reveal", lambda g: _give(g, research="r3_0"), [],
                                          {0: {"revealed": 1, "persuasion": 1}}),
    # Graft cards, each box alone (grafted turns: GRAFTED below)
    "bene tleilax researcher agent": ("bene_tleilax_researcher", "agent", None, [],
                                      {0: {"played": 1, "track research": 1, "counter specimen": 1, "supply": -1}}),
    "bene tleilax researcher reveal": ("bene_tleilax_researcher", "reveal", None, [],
                                       {0: {"revealed": 1, "persuasion": 1}}),
    "bene tleilax researcher reveal, first marker": ("bene_tleilax_researcher", "reveal",
                                                     lambda g: _give(g, research="r4_1"), [],
                                                     {0: {"revealed": 1, "persuasion": 2}}),
    "bene tleilax researcher reveal, both markers": ("bene_tleilax_researcher", "reveal",
                                                     lambda g: _give(g, research="r8_1"), [],
                                                     {0: {"revealed": 1, "persuasion": 3}}),
    "blank slate reveal": ("blank_slate", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "clandestine meeting agent": ("clandestine_meeting", "agent", None, [],
                                  {0: {"played": 1, "bene_gesserit": 1, "intrigue": 1}}),
    "clandestine meeting reveal": ("clandestine_meeting", "reveal", None, [], {0: {"revealed": 1, "persuasion": 2}}),
    "corrupt smuggler agent, alone": ("corrupt_smuggler", "agent", None, [], {0: {"played": 1}}),
    "corrupt smuggler reveal": ("corrupt_smuggler", "reveal", None, [],
                                {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "dissecting kit agent, alone": ("dissecting_kit", "agent", None, [], {0: {"played": 1}}),
    "dissecting kit reveal": ("dissecting_kit", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "dissecting kit reveal, first marker": ("dissecting_kit", "reveal", lambda g: _give(g, research="r5_0"), [],
                                            {0: {"revealed": 1, "persuasion": 1, "track tleilaxu": 1}}),
    "interstellar conspiracy agent, alone": ("interstellar_conspiracy", "agent", None, [],
                                             {0: {"played": 1, "spice": 1}}),
    "interstellar conspiracy reveal": ("interstellar_conspiracy", "reveal", None, [],
                                       {0: {"revealed": 1, "persuasion": 2}}),
    "planned coupling agent": ("planned_coupling", "agent", lambda g: _give(g, deck=["dagger"]), [],
                               {0: {"played": 1, "hand": 1, "deck": -1}}),
    "planned coupling reveal": ("planned_coupling", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "replacement eyes agent": ("replacement_eyes", "agent", lambda g: _give(g, hand=["dagger"], deck=["diplomacy"]),
                               ["pay", "trash Dagger"], {0: {"played": 1, "trashed": 1, "deck": -1}}),
    "replacement eyes on trash": ("replacement_eyes", "trash", None, [], {0: {"track tleilaxu": 1}}),
    "replacement eyes reveal": ("replacement_eyes", "reveal", None, [],
                                {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "sardaukar quartermaster agent, alone": ("sardaukar_quartermaster", "agent", None, [], {0: {"played": 1}}),
    "sardaukar quartermaster reveal": ("sardaukar_quartermaster", "reveal", None, [],
                                       {0: {"revealed": 1, "persuasion": 1, "swords": 2}}),
    # Tleilaxu cards, each box alone
    "guild impersonator agent, no spice gained this turn": ("guild_impersonator", "agent", None, [],
                                                            {0: {"played": 1}}),
    "guild impersonator agent, spice gained this turn": ("guild_impersonator", "agent",
                                                         lambda g: _gain(g, "spice", 1), [],
                                                         {0: {"played": 1, "guild": 1}}),
    "guild impersonator agent, only Solari gained": ("guild_impersonator", "agent",
                                                     lambda g: _gain(g, "solari", 2), [], {0: {"played": 1}}),
    "guild impersonator reveal": ("guild_impersonator", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "reclaimed forces acquire, troops": ("reclaimed_forces", "acquire", None, ["+2 troops"],
                                         {0: {"garrison": 2, "supply": -2}}),
    "reclaimed forces acquire, Tleilaxu track": ("reclaimed_forces", "acquire", None, [1], {0: {"track tleilaxu": 1}}),
    "twisted mentat agent, alone": ("twisted_mentat", "agent", None, ["you may"], {0: {"played": 1}}),
    "twisted mentat reveal": ("twisted_mentat", "reveal", None, [],
                              {0: {"revealed": 1, "persuasion": 1, "swords": 1, "counter specimen": 1,
                                   "supply": -1}}),
    "usurp reveal": ("usurp", "reveal", None, [],
                     {0: {"revealed": 1, "persuasion": 1, "swords": 1, "counter specimen": 1, "supply": -1}}),
    "beguiling pheromones agent, not a faction space": ("beguiling_pheromones", "agent", None, [], {0: {"played": 1}}),
    "beguiling pheromones reveal": ("beguiling_pheromones", "reveal", None, [],
                                    {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "ghola reveal": ("ghola", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "scientific breakthrough agent": ("scientific_breakthrough", "agent", None, [],
                                      {0: {"played": 1, "track research": 1, "counter specimen": 1, "supply": -1}}),
    # column 7 to 8 (2 spice there), then the second genetic marker: trashed for 1 VP
    "scientific breakthrough agent, to the second marker": (
        "scientific_breakthrough", "agent", lambda g: _give(g, research="r7_0"),
        ["advance on the Research track to r8_1", "pay"],
        {0: {"spice": 2, "vp": 1, "trashed": 1, "track research": 1}}),
    "scientific breakthrough reveal": ("scientific_breakthrough", "reveal", None, [],
                                       {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "stitched horror agent": ("stitched_horror", "agent", None, ["+1 water", "+1 troop"],
                              {0: {"played": 1, "water": 1, "garrison": 1, "supply": -1}}),
    "stitched horror reveal": ("stitched_horror", "reveal", None, [],
                               {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "unnatural reflexes agent": ("unnatural_reflexes", "agent", None, [], {0: {"played": 1}}),
    "unnatural reflexes agent, first marker": ("unnatural_reflexes", "agent",
                                               lambda g: _give(g, research="r4_1", deck=["dagger", "dagger"]), [],
                                               {0: {"played": 1, "deck": -2, "hand": 2}}),
    "unnatural reflexes reveal": ("unnatural_reflexes", "reveal", None, [],
                                  {0: {"revealed": 1, "persuasion": 1, "swords": 1}}),
    "face dancer agent": ("face_dancer", "agent", lambda g: _give(g, deck=["dagger"]), [],
                          {0: {"played": 1, "deck": -1, "hand": 1}}),
    "face dancer reveal": ("face_dancer", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "from the tanks agent": ("from_the_tanks", "agent", None, [],
                             {0: {"played": 1, "garrison": 1, "supply": -1}}),
    "from the tanks reveal": ("from_the_tanks", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "slig farmer agent, alone": ("slig_farmer", "agent", lambda g: _give(g, solari=5), ["pay"],
                                 {0: {"played": 1, "solari": -5, "track tleilaxu": 1}}),
    "slig farmer reveal": ("slig_farmer", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "subject x-137 acquire": ("subject_x_137", "acquire", None, [], {0: {"track tleilaxu": 1}}),
    "subject x-137 agent": ("subject_x_137", "agent", None, [], {0: {"played": 1}}),
    "subject x-137 agent, first marker": ("subject_x_137", "agent", lambda g: _give(g, research="r4_m1"), [],
                                          {0: {"played": 1, "track tleilaxu": 1}}),
    "subject x-137 reveal": ("subject_x_137", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "tleilaxu infiltrator agent": ("tleilaxu_infiltrator", "agent", lambda g: _give(g, deck=["dagger"]), [],
                                   {0: {"played": 1, "deck": -1, "hand": 1}}),
    "tleilaxu infiltrator agent, second marker": ("tleilaxu_infiltrator", "agent",
                                                  lambda g: _give(g, research="r8_1", deck=["dagger"]), [],
                                                  {0: {"played": 1, "deck": -1, "hand": 1, "intrigue": 1}}),
    "tleilaxu infiltrator reveal": ("tleilaxu_infiltrator", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "chairdog reveal": ("chairdog", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "contaminator agent": ("contaminator", "agent", None, [], {0: {"played": 1, "track tleilaxu": 1}}),
    "contaminator reveal": ("contaminator", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "corrino genes acquire": ("corrino_genes", "acquire", None, [], {0: {"solari": 2}}),
    "corrino genes agent, alone": ("corrino_genes", "agent", None, [], {0: {"played": 1}}),
    "corrino genes reveal": ("corrino_genes", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "face dancer initiate reveal": ("face_dancer_initiate", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "industrial espionage agent, alone": ("industrial_espionage", "agent", lambda g: _give(g, deck=["dagger"]), [],
                                          {0: {"played": 1, "deck": -1, "hand": 1}}),
    "industrial espionage reveal": ("industrial_espionage", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "stillsuit manufacturer agent": ("stillsuit_manufacturer", "agent", None, [], {0: {"played": 1, "water": 1}}),
    # with the Fremen Alliance the card goes back from play to the hand
    "stillsuit manufacturer agent, Fremen Alliance": ("stillsuit_manufacturer", "agent",
                                                      lambda g: _give(g, fremen=4), [], {0: {"hand": 1, "water": 1}}),
    "stillsuit manufacturer reveal, Fremen bond": ("stillsuit_manufacturer", "reveal",
                                                   lambda g: _give(g, revealed=["shadout_mapes"]), [],
                                                   {0: {"revealed": 1, "persuasion": 1, "spice": 2}}),
    "stillsuit manufacturer reveal, no bond": ("stillsuit_manufacturer", "reveal", None, [],
                                               {0: {"revealed": 1, "persuasion": 1}}),
    "tleilaxu master agent, no marker": ("tleilaxu_master", "agent", None, [], {0: {"played": 1}}),
    # Dr. Yueh from the Row (6 Persuasion or less): into the discard pile, then into the hand
    "tleilaxu master agent, first marker": ("tleilaxu_master", "agent",
                                            lambda g: (_give(g, research="r4_1"), _in_row(g, "dr_yueh")),
                                            ["acquire Dr. Yueh"], {0: {"played": 1, "discard": 1}}),
    "tleilaxu master agent, second marker": ("tleilaxu_master", "agent",
                                             lambda g: (_give(g, research="r8_1"), _in_row(g, "dr_yueh")),
                                             ["acquire Dr. Yueh"], {0: {"played": 1, "hand": 1}}),
    "tleilaxu master reveal": ("tleilaxu_master", "reveal", None, ["advance on the Research track to r2_1"],
                               {0: {"revealed": 1, "persuasion": 1, "track research": 2, "counter specimen": 2,
                                    "supply": -2}}),
    "long reach agent": ("long_reach", "agent", None, ["+1 Influence with Emperor", "+1 Influence with Fremen"],
                         {0: {"played": 1, "emperor": 1, "fremen": 1}}),
    "long reach reveal": ("long_reach", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1, "intrigue": 1}}),
    "show of strength agent": ("show_of_strength", "agent", lambda g: _give(g, deck=["dagger", "dagger"]), [],
                               {0: {"played": 1, "deck": -2, "hand": 2}}),
    "show of strength reveal": ("show_of_strength", "reveal", None, [],
                                {0: {"revealed": 1, "persuasion": 1, "swords": 2}}),
    "for humanity agent": ("for_humanity", "agent", None, ["+1 Influence with Fremen"],
                           {0: {"played": 1, "fremen": 1}}),
    "for humanity reveal, no alliance": ("for_humanity", "reveal", lambda g: _give(g, emperor=2), [],
                                         {0: {"revealed": 1, "persuasion": 2}}),
    "for humanity reveal, Bene Gesserit Alliance": (
        "for_humanity", "reveal", lambda g: _give(g, bene_gesserit=4, emperor=2),
        ["pay", "lose 2 Influence with Emperor"], {0: {"revealed": 1, "persuasion": 2, "emperor": -2, "vp": 0}}),
    "imperium ceremony agent": ("imperium_ceremony", "agent", None, [0], {0: {"played": 1, "intrigue": 1}}),
    "imperium ceremony reveal": ("imperium_ceremony", "reveal", None, [], {0: {"revealed": 1, "persuasion": 3}}),
    "keys to power agent, 2 Emperor influence": ("keys_to_power", "agent", lambda g: _give(g, emperor=2), [],
                                                 {0: {"played": 1, "spice": 2}}),
    "keys to power agent, 1": ("keys_to_power", "agent", lambda g: _give(g, emperor=1), [], {0: {"played": 1}}),
    "keys to power reveal": ("keys_to_power", "reveal", None, [], {0: {"revealed": 1, "persuasion": 2}}),
    "lisan al gaib acquire": ("lisan_al_gaib", "acquire", None, [], {0: {"spice": 1}}),
    "lisan al gaib agent, Bene Gesserit bond": ("lisan_al_gaib", "agent", lambda g: _give(g, played=["for_humanity"]),
                                                [], {0: {"played": 1, "fremen": 1}}),
    "lisan al gaib agent, no bond": ("lisan_al_gaib", "agent", None, [], {0: {"played": 1}}),
    "lisan al gaib reveal, Fremen bond": ("lisan_al_gaib", "reveal", lambda g: _give(g, revealed=["shadout_mapes"]),
                                          [], {0: {"revealed": 1, "persuasion": 1, "swords": 2}}),
    "lisan al gaib reveal, no bond": ("lisan_al_gaib", "reveal", None, [], {0: {"revealed": 1, "persuasion": 1}}),
    "organ merchants agent": ("organ_merchants", "agent", lambda g: _give(g, specimen=1), ["pay"],
                              {0: {"played": 1, "counter specimen": -1, "supply": 1, "solari": 4}}),
    "organ merchants agent, no specimen": ("organ_merchants", "agent", None, [], {0: {"played": 1}}),
    "organ merchants reveal": ("organ_merchants", "reveal", None, [],
                               {0: {"revealed": 1, "persuasion": 1, "solari": 1}}),
    "shadout mapes reveal, deploy": ("shadout_mapes", "reveal", None, ["deploy", "deploy 1"],
                                     {0: {"revealed": 1, "persuasion": 1, "swords": 1, "garrison": -1,
                                          "conflict": 1}}),
    "shadout mapes reveal, retreat": ("shadout_mapes", "reveal", lambda g: _give(g, conflict=2),
                                      ["retreat", "retreat 1"],
                                      {0: {"revealed": 1, "persuasion": 1, "swords": 1, "garrison": 1,
                                           "conflict": -1}}),
    # The research grid's first cell gives a specimen (column 1).
    "spiritual fervor acquire": ("spiritual_fervor", "acquire", None, [],
                                 {0: {"track research": 1, "counter specimen": 1, "supply": -1}}),
    "spiritual fervor reveal": ("spiritual_fervor", "reveal", None, [],
                                {0: {"revealed": 1, "persuasion": 1, "counter specimen": 1, "supply": -1}}),
    "throne room politics agent": ("throne_room_politics", "agent", lambda g: _give(g, hand=["dagger"]),
                                   ["trash Dagger"],
                                   {0: {"played": 1, "garrison": 1, "supply": -1, "hand": -1, "trashed": 1}}),
    "throne room politics reveal": ("throne_room_politics", "reveal", None, [],
                                    {0: {"revealed": 1, "persuasion": 1, "bene_gesserit": 1}}),
    "tleilaxu surgeon agent": ("tleilaxu_surgeon", "agent", lambda g: _give(g, specimen=2), ["pay"],
                               {0: {"played": 1, "counter specimen": -2, "supply": 2, "track tleilaxu": 2,
                                    "intrigue": 1}}),
    "tleilaxu surgeon reveal, from the garrison": (
        "tleilaxu_surgeon", "reveal", lambda g: _give(g, garrison=2), [],
        {0: {"revealed": 1, "persuasion": 2, "garrison": -2, "counter specimen": 2}}),
    "tleilaxu surgeon reveal, from the Conflict": (
        "tleilaxu_surgeon", "reveal", lambda g: _give(g, garrison=4, conflict=2), ["pay 2 troops in the Conflict"],
        {0: {"revealed": 1, "persuasion": 2, "conflict": -2, "counter specimen": 2}}),
    "experimentation agent": ("experimentation", "agent", None, [],
                              {0: {"played": 1, "track research": 1, "counter specimen": 1, "supply": -1}}),
    "experimentation reveal": ("experimentation", "reveal", None, [],
                               {0: {"revealed": 1, "persuasion": 1, "counter specimen": 1, "supply": -1}}),
    "breakthrough plot": ("breakthrough", "plot", None, [],
                          {0: {"track research": 1, "counter specimen": 1, "supply": -1}}),
    "illicit dealings plot": ("illicit_dealings", "plot", None, [], {0: {"track tleilaxu": 1}}),
    "counterattack plot": ("counterattack", "plot", lambda g: _give(g, garrison=3), ["deploy 2"],
                           {0: {"garrison": -2, "conflict": 2}}),
    "counterattack combat, no opponent's combat intrigue": ("counterattack", "combat", None, [], {}),
    "counterattack combat, after an opponent's": ("counterattack", "combat",
                                                  lambda g: g.state.combat_intrigue.append(1), [], {0: {"swords": 4}}),
    "counterattack combat, after one of your own": ("counterattack", "combat",
                                                    lambda g: g.state.combat_intrigue.append(0), [], {}),
    "disguised bureaucrat plot, no marker": ("disguised_bureaucrat", "plot", None, [], {}),
    "disguised bureaucrat plot, first marker": ("disguised_bureaucrat", "plot", lambda g: _give(g, research="r4_m1"),
                                                [], {0: {"spice": 1}}),
    "disguised bureaucrat plot, both markers": ("disguised_bureaucrat", "plot", lambda g: _give(g, research="r8_1"),
                                                ["+1 Influence with Fremen"], {0: {"spice": 1, "fremen": 1}}),
    "gruesome sacrifice combat": ("gruesome_sacrifice", "combat", lambda g: _give(g, garrison=3, conflict=2), [],
                                  {0: {"conflict": -2, "track tleilaxu": 1, "counter specimen": 2}}),
    "gruesome sacrifice combat, one troop": ("gruesome_sacrifice", "combat", lambda g: _give(g, garrison=3, conflict=1),
                                             [], {}),
    "shadowy bargain plot": ("shadowy_bargain", "plot", None, [], {0: {"counter specimen": 1, "supply": -1}}),
    # The Tleilaxu track's step 4 is worth 1 VP (and the first there takes 2 spice).
    "shadowy bargain endgame": ("shadowy_bargain", "endgame", lambda g: _give(g, tleilaxu=3), [],
                                {0: {"track tleilaxu": 1, "vp": 1, "spice": 2}}),
    "study melange plot": ("study_melange", "plot", None, [], {0: {"spice": 1}}),
    "study melange endgame, 3 spice and both markers": ("study_melange", "endgame",
                                                        lambda g: _give(g, spice=3, research="r8_m1"), [],
                                                        {0: {"vp": 1}}),
    "study melange endgame, first marker only": ("study_melange", "endgame",
                                                 lambda g: _give(g, spice=3, research="r7_0"), [], {}),
    "tleilaxu puppet plot": ("tleilaxu_puppet", "plot", None, [], {0: {"persuasion": 1}}),
    "tleilaxu puppet endgame, a seat and both markers": (
        "tleilaxu_puppet", "endgame", lambda g: _give(g, seat_on_council=True, research="r8_m3"), [], {0: {"vp": 1}}),
    "tleilaxu puppet endgame, no seat": ("tleilaxu_puppet", "endgame", lambda g: _give(g, research="r8_m3"), [], {}),
    "vicious talents combat": ("vicious_talents", "combat", None, [], {0: {"swords": 2}}),
    "vicious talents combat, first marker": ("vicious_talents", "combat", lambda g: _give(g, research="r4_m3"), [],
                                             {0: {"swords": 4}}),
    "vicious talents combat, both markers": ("vicious_talents", "combat", lambda g: _give(g, research="r8_1"), [],
                                             {0: {"swords": 6}}),
    # An intrigue card's price is paid when it is played: the two troops retreat at once.
    "economic positioning combat": ("economic_positioning", "combat", lambda g: _give(g, garrison=3, conflict=2), [],
                                    {0: {"garrison": 2, "conflict": -2, "solari": 3}}),
    "economic positioning combat, one troop": ("economic_positioning", "combat",
                                               lambda g: _give(g, garrison=3, conflict=1), [], {}),
    "economic positioning endgame, 10 Solari": ("economic_positioning", "endgame", lambda g: _give(g, solari=10), [],
                                                {0: {"vp": 1}}),
    "economic positioning endgame, 9": ("economic_positioning", "endgame", lambda g: _give(g, solari=9), [], {}),
    # the box alone (the end of a Conflict: test_harvest_cells_*); the Tleilaxu card not bought
    "harvest cells on lose_troops": ("harvest_cells", "lose_troops", None, ["pass"],
                                     {0: {"counter specimen": 2, "supply": -2}}),
}


# Grafted agent turns: (graft card, the other card in hand, space, answers, setup, the whole change).
GRAFTED = {
    # Hall of Oratory: +1 troop, +1 Persuasion
    "corrupt smuggler grafted": ("corrupt_smuggler", "dagger", "hall_of_oratory", ["space first"], None,
                                 {0: {"spice": 2, "garrison": 1, "supply": -1, "persuasion": 1, "agents_left": -1,
                                      "hand": -1, "played": 2}}),
    "sardaukar quartermaster grafted": ("sardaukar_quartermaster", "dagger", "hall_of_oratory", ["space first"],
                                        lambda g: _give(g, deck=["diplomacy"]),
                                        {0: {"garrison": 2, "supply": -2, "persuasion": 1, "agents_left": -1,
                                             "deck": -1, "played": 2}}),
    # grafted with an Emperor card (Sardaukar Infantry has no icon: the pair uses the city icon); Carthag
    "interstellar conspiracy grafted with an Emperor card": (
        "interstellar_conspiracy", "sardaukar_infantry", "carthag",
        ["space first", "+1 Influence with Fremen", "deploy 0"], None,
        {0: {"spice": 1, "garrison": 1, "supply": -1, "agents_left": -1, "fremen": 1, "hand": -1, "played": 2,
             "intrigue": 1}}),
    "interstellar conspiracy grafted with another card": (
        "interstellar_conspiracy", "dagger", "hall_of_oratory", ["space first"], None,
        {0: {"spice": 1, "garrison": 1, "supply": -1, "persuasion": 1, "agents_left": -1, "hand": -1,
             "played": 2}}),
    # the other grafted card trashed for a specimen
    "dissecting kit grafted": ("dissecting_kit", "dagger", "hall_of_oratory", ["space first", "pay"], None,
                               {0: {"garrison": 1, "supply": -2, "persuasion": 1, "agents_left": -1, "hand": -1,
                                    "played": 1, "trashed": 1, "counter specimen": 1}}),
    # all four Faction icons while grafted: Dagger has none, yet the pair goes to Wealth
    "blank slate grafted to a faction space": ("blank_slate", "dagger", "wealth", [], None,
                                               {0: {"solari": 2, "agents_left": -1, "emperor": 1, "hand": -1,
                                                    "played": 2}}),
    "industrial espionage grafted": ("industrial_espionage", "dagger", "hall_of_oratory", ["space first"],
                                     lambda g: _give(g, deck=["diplomacy"]),
                                     {0: {"garrison": 1, "supply": -3, "persuasion": 1, "agents_left": -1,
                                          "deck": -1, "played": 2, "track research": 1, "counter specimen": 2}}),
    # Corrino Genes has no graft box: Face Dancer Initiate (which has) takes it along
    "corrino genes grafted": ("face_dancer_initiate", "corrino_genes", "wealth", ["space first"], None,
                              {0: {"solari": 2, "agents_left": -1, "emperor": 1, "hand": -1, "played": 2,
                                   "track tleilaxu": 1}}),
    # +1 Solari for Dagger's one agent icon
    "slig farmer grafted": ("slig_farmer", "dagger", "hall_of_oratory", ["space first"], None,
                            {0: {"solari": 1, "garrison": 1, "supply": -1, "persuasion": 1, "agents_left": -1,
                                 "hand": -1, "played": 2}}),
    # From the Tanks' agent box twice: its own and Ghola's copy
    "ghola grafted": ("ghola", "from_the_tanks", "hall_of_oratory", ["space first", "Ghola's agent box next"], None,
                      {0: {"garrison": 3, "supply": -3, "persuasion": 1, "agents_left": -1, "hand": -1,
                           "played": 2}}),
    # At Wealth (a Faction space): Beguiling Pheromones trashed, +1 more Emperor influence (2: a VP)
    "beguiling pheromones grafted at a faction space": (
        "beguiling_pheromones", "face_dancer", "wealth",
        ["space first", "Beguiling Pheromones's agent box next", "trash this card"],
        lambda g: _give(g, deck=["diplomacy"]),
        {0: {"solari": 2, "vp": 1, "agents_left": -1, "emperor": 2, "deck": -1, "played": 1, "trashed": 1}}),
    # the agent comes back: the space is free again
    "twisted mentat grafted": ("twisted_mentat", "dagger", "hall_of_oratory", ["space first", "you may"], None,
                               {0: {"garrison": 1, "supply": -1, "persuasion": 1, "hand": -1, "played": 2}}),
    "stitched horror grafted": ("stitched_horror", "dagger", "hall_of_oratory",
                                ["space first", "+1 water", "advance on the"], None,
                                {0: {"water": 1, "garrison": 1, "supply": -1, "persuasion": 1, "agents_left": -1,
                                     "hand": -1, "played": 2, "track tleilaxu": 1}}),
    # "If you gain spice this turn": Imperial Basin's spice counts when the space resolves first
    "guild impersonator grafted, the space's spice first": (
        "guild_impersonator", "dune_the_desert_planet", "imperial_basin", ["space first", "deploy 0"], None,
        {0: {"spice": 1, "guild": 1, "agents_left": -1, "hand": -1, "played": 2}}),
    "guild impersonator grafted, its box first": (
        "guild_impersonator", "dune_the_desert_planet", "imperial_basin",
        ["Guild Impersonator's agent box next", "deploy 0"], None,
        {0: {"spice": 1, "agents_left": -1, "hand": -1, "played": 2}}),
    "clandestine meeting grafted": ("clandestine_meeting", "dagger", "hall_of_oratory", ["space first"], None,
                                    {0: {"bene_gesserit": 1, "intrigue": 1, "garrison": 1, "supply": -1,
                                         "persuasion": 1, "agents_left": -1, "hand": -1, "played": 2}}),
}


@pytest.mark.parametrize("name", sorted(GRAFTED))
def test_each_grafted_turn(imm, name):
    card, other, space, answers, setup, want = GRAFTED[name]
    g = new_imm(imm)
    _give(g, hand=[other])
    if setup:
        setup(g)
    before = snap_ix(g)
    g.answer(0, *answers)
    g.agent(0, card, space)
    assert sorted(g.p(0).grafted) == sorted([card, other])  # the pair, for the rest of the turn
    assert name != "twisted mentat grafted" or space not in g.state.occupied
    assert changes_ix(g, before) == want
    g.done()
    finish(g)


def test_a_graft_card_alone_is_not_offered(imm):
    g = new_imm(imm)
    g.p(0).hand[:] = ["corrupt_smuggler"]
    assert not [a for a in turns.agent_options(g.engine, g.p(0)) if a[0] == "place"]


_play = play_box  # (content, card, box, setup, answers) -> (scenario, changes)


@pytest.mark.parametrize("name", sorted(CARDS))
def test_each_immortality_card(imm, name):
    card, box, setup, answers, want = CARDS[name]
    g, got = _play(imm, card, box, setup, answers)
    assert got == {s: {k: v for k, v in d.items() if v} for s, d in want.items()}
    g.done()
    finish(g)


def test_every_immortality_card_the_engine_plays_has_a_scenario(imm):
    played = ({v[0] for v in CARDS.values()} | {v[0] for v in GRAFTED.values()}
              | {v[0] for v in COMBAT_TURNS.values()})
    ours = {m["id"] for kind in ("card", "intrigue", "starter", "tleilaxu") for m in imm.of_kind(kind)
            if m["set"] == "immortality"}
    assert ours == played


# ---------------------------------------------------------------------- the Research Station overlay
def test_the_research_station_overlay_takes_the_base_space_s_place(imm):
    board = {b[0] for b in imm.board()}
    assert "research_station_immortality" in board and "research_station" not in board
    sp = imm.defs["research_station_immortality"]
    assert (sp["icon"], sp["combat"], sp["cost"]) == ("city", True, (("res", "water", 2),))


def test_an_agent_at_the_research_station_draws_2_researches_and_may_deploy(imm):
    g = new_imm(imm)
    _give(g, water=2, deck=["dagger", "dagger", "diplomacy"], garrison=2)
    before = snap_ix(g)
    # The research reaches the grid's first cell (a specimen), which Organ Merchants
    # then offers to sell: declined.
    g.answer(0, "space first", "no", 2)
    g.agent(0, "organ_merchants", "research_station_immortality")
    assert changes_ix(g, before) == {0: {"water": -2, "hand": 2, "deck": -2, "played": 1, "track research": 1,
                                         "counter specimen": 1, "supply": -1, "garrison": -2, "conflict": 2,
                                         "agents_left": -1}}
    g.done()
    finish(g)


# ---------------------------------------------------------------------- Experimentation in the starting deck
def test_experimentation_replaces_dune_the_desert_planet_in_every_starting_deck(imm):
    """rules 002 "Preparation" 7: two Experimentation in place of the two Dune, the
    Desert Planet; the deck keeps its 10 cards."""
    from collections import Counter

    from dunec.engine.loop.setup import new_game

    st = new_game(imm, 4, 1)
    for p in st.players:
        cards = Counter(p.deck + p.hand + p.discard)
        assert cards["experimentation"] == 2 and "dune_the_desert_planet" not in cards
        assert sum(cards.values()) == 10


# ---------------------------------------------------------------------- the combat icon
COMBAT_ICON = "you may deploy troops this turn"
COMBAT_TURNS = {
    # Hall of Oratory is no combat space: with the icon, its recruit and two more deploy.
    "high priority travel, the combat icon": (
        "high_priority_travel", "hall_of_oratory", ["space first", COMBAT_ICON, "deploy 3"],
        dict(guild=2, garrison=3),
        {0: {"supply": -1, "conflict": 3, "garrison": -2, "persuasion": 1, "agents_left": -1, "played": 1}}),
    "high priority travel, the card": (
        "high_priority_travel", "hall_of_oratory", ["space first", "draw 1 card"], dict(guild=2, deck=["dagger"]),
        {0: {"garrison": 1, "supply": -1, "persuasion": 1, "agents_left": -1, "deck": -1, "hand": 1, "played": 1}}),
    "high priority travel, 1 Spacing Guild influence": (
        "high_priority_travel", "hall_of_oratory", ["space first"], dict(guild=1),
        {0: {"garrison": 1, "supply": -1, "persuasion": 1, "agents_left": -1, "played": 1}}),
    "occupation at Wealth": (
        "occupation", "wealth", ["space first", "deploy 2"], dict(garrison=2, deck=["dagger"]),
        {0: {"solari": 2, "garrison": -2, "conflict": 2, "agents_left": -1, "emperor": 1, "deck": -1, "hand": 1,
             "played": 1}}),
}


@pytest.mark.parametrize("name", sorted(COMBAT_TURNS))
def test_the_combat_icon_deploys_as_at_a_combat_space(imm, name):
    card, space, answers, given, want = COMBAT_TURNS[name]
    g = new_imm(imm)
    _give(g, **given)
    before = snap_ix(g)
    g.answer(0, *answers)
    g.agent(0, card, space)
    assert not imm.defs[space].get("combat")
    assert changes_ix(g, before) == want
    g.done()
    finish(g)


def test_the_combat_icon_lasts_one_agent_turn(imm):
    """The next agent turn at a space that is no combat space offers no deployment."""
    g = new_imm(imm)
    _give(g, garrison=3)
    g.answer(0, "space first", "deploy 2")
    g.agent(0, "occupation", "wealth")
    asked = len(g.asked(0))
    g.agent(0, "dagger", "hall_of_oratory")  # Dagger has no agent box: nothing to order
    assert g.asked(0)[asked:] == [] and g.p(0).conflict == 2
    g.done()


# ---------------------------------------------------------------------- icons that hold under a condition
def _places(g, card=None) -> set:
    return {a[2] for a in turns.agent_options(g.engine, g.p(0)) if a[0] == "place" and (card is None or a[1] == card)}


def test_long_reach_has_its_icons_only_with_another_bene_gesserit_card_in_play(imm):
    g = new_imm(imm)
    g.p(0).hand[:] = ["long_reach"]
    assert _places(g) == set()
    g.p(0).played.append("for_humanity")  # a Bene Gesserit card in play
    places = _places(g, "long_reach")
    assert "hall_of_oratory" in places and "carthag" in places  # Landsraad and City
    assert all(imm.defs[s]["icon"] in ("landsraad", "city", "spice_trade") for s in places)


def test_long_reach_grafted_adds_its_icons_only_with_the_bond(imm):
    """Grafted to Corrupt Smuggler (Spice Trade, Spacing Guild): the pair reaches a
    Landsraad space only while Long Reach's icons hold."""
    g = new_imm(imm)
    g.p(0).hand[:] = ["corrupt_smuggler", "long_reach"]
    assert "hall_of_oratory" not in _places(g, "corrupt_smuggler")
    assert "heighliner" in _places(g, "corrupt_smuggler") or "foldspace_space" in _places(g, "corrupt_smuggler")
    g.p(0).played.append("for_humanity")
    assert "hall_of_oratory" in _places(g, "corrupt_smuggler")


def test_show_of_strength_has_its_icons_only_with_more_troops_in_the_conflict(imm):
    """Grafted to Face Dancer Initiate (Faction icons): the pair reaches a Landsraad
    space only while P1 has more troops in the Conflict than each opponent."""
    g = new_imm(imm)
    g.p(0).hand[:] = ["show_of_strength", "face_dancer_initiate"]
    assert "hall_of_oratory" not in _places(g, "show_of_strength")
    assert "wealth" in _places(g, "show_of_strength")  # the other card's icons
    deploy(g, 1, 2)
    deploy(g, 0, 2)
    assert "hall_of_oratory" not in _places(g, "show_of_strength")  # tied: not more
    deploy(g, 0, 1)
    assert "hall_of_oratory" in _places(g, "show_of_strength")


def test_a_combat_intrigue_card_is_remembered_for_this_rounds_conflict(imm):
    """P2 plays Vicious Talents in the combat: P1's Counterattack then gives 4 swords;
    the record is cleared with the round."""
    from dunec.engine.loop import turns as loop_turns

    g = new_imm(imm)
    g.p(1).intrigue.append("vicious_talents")
    loop_turns.play_intrigue(g.engine, g.p(1), "vicious_talents", "combat")
    g.engine.drive()
    assert g.state.combat_intrigue == [1]
    g.p(0).intrigue.append("counterattack")
    swords = g.p(0).swords
    loop_turns.play_intrigue(g.engine, g.p(0), "counterattack", "combat")
    g.engine.drive()
    assert g.p(0).swords == swords + 4 and g.state.combat_intrigue == [1, 0]
    assert loop_turns.recall(g.engine)  # the round's end (the game goes on)
    assert g.state.combat_intrigue == []


# ---------------------------------------------------------------------- Harvest Cells: `on lose_troops N`
def _harvest(imm, troops: int, answers=(), sets=None) -> tuple:
    g = new_imm(imm)
    g.p(0).intrigue.append("harvest_cells")
    deploy(g, 0, troops)
    deploy(g, 1, 4)  # P2 wins: P1 comes second
    before = snap_ix(g)
    g.answer(0, *answers)
    g.combat()
    return g, changes_ix(g, before)


def test_harvest_cells_is_offered_when_three_troops_are_lost(imm):
    """P1's three troops go back to the supply at the end of the Conflict: Harvest Cells
    gives 2 specimens (two of those troops), and P1 buys Chairdog from the Tleilaxu row with them."""
    g, got = _harvest(imm, 3, ["play Harvest Cells", "buy Chairdog"])
    assert g.asked(0)[0] == ("lose_troops", ["play Harvest Cells", "no"])
    # Skirmish: P2 first (+1 VP), P1 second (+1 intrigue, +2 Solari); the specimens spent
    # on Chairdog are back in the supply with the three troops
    assert got == {0: {"solari": 2, "conflict": -3, "supply": 3, "discard": 1},
                   1: {"vp": 1, "conflict": -4, "supply": 4}}
    assert "chairdog" in g.p(0).discard and g.p(0).counters["specimen"] == 0
    assert "harvest_cells" in g.state.intrigue_discard
    finish(g)


def test_harvest_cells_may_be_kept(imm):
    g, got = _harvest(imm, 3, ["no"])
    assert g.p(0).intrigue[0] == "harvest_cells" and got[0] == {"solari": 2, "intrigue": 1, "conflict": -3,
                                                                "supply": 3}
    finish(g)


def test_harvest_cells_is_not_offered_for_two_troops(imm):
    g, got = _harvest(imm, 2)
    assert g.asked(0) == [] and g.p(0).intrigue[0] == "harvest_cells"
    finish(g)


def test_harvest_cells_counts_troops_only():
    """Two troops and a dreadnought in the Conflict are two troops lost: a dreadnought
    goes back to the garrison (rules 000), and the card says Troops."""
    for backend in BACKENDS:
        content = C.load(backend).select(("base", "ix", "immortality"))
        g = new_imm(content)
        p = g.p(0)
        p.intrigue.append("harvest_cells")
        deploy(g, 0, 2)
        p.units["dreadnought"]["supply"] -= 1
        p.units["dreadnought"]["conflict"] += 1
        deploy(g, 1, 6)
        g.combat()
        assert g.asked(0) == [] and p.intrigue[0] == "harvest_cells"
        finish(g)


def test_harvest_cells_is_offered_to_each_player_in_turn_order(imm):
    g = new_imm(imm)
    for seat in (0, 1):
        g.p(seat).intrigue.append("harvest_cells")
        deploy(g, seat, 3)
    g.answer(0, "no").answer(1, "play Harvest Cells", "pass")
    g.combat()
    assert g.asked(0)[0][0] == "lose_troops" and g.asked(1)[0][0] == "lose_troops"
    assert g.p(0).intrigue[0] == "harvest_cells" and g.p(1).counters["specimen"] == 2
    finish(g)


# ---------------------------------------------------------------------- gained_this_turn: the tally
def test_gains_are_tallied_for_the_turn_and_forgotten_when_a_turn_begins(imm):
    from dunec.engine.rules import own_turn

    g = new_imm(imm)
    assert g.engine.watched_gains == frozenset({"spice"})
    _gain(g, "spice", 2)
    _gain(g, "solari", 3)  # a counter no condition reads: not tallied
    assert g.p(0).gained == {"spice": 2}
    own_turn.turn_begins(g.engine, g.p(1))
    assert g.p(0).gained == {}
    finish(g)


def test_a_card_s_compiled_spice_gain_is_tallied(imm):
    """A box's spice gain (inlined for unwatched counters by the compiled back-end)
    reaches the tally on both back-ends: Study Melange's plot."""
    g = new_imm(imm)
    g.intrigue(0, "study_melange", "plot")
    assert g.p(0).gained == {"spice": 1}
    finish(g)


def test_a_maker_space_s_bonus_spice_is_tallied(imm):
    from scenario import run_step

    g = new_imm(imm)
    g.state.maker_spice["imperial_basin"] = 2
    run_step(g.engine, "maker_harvest", seat=0, space="imperial_basin")
    assert g.p(0).spice == 2 and g.p(0).gained == {"spice": 2}
    finish(g)


def test_a_game_without_the_condition_tallies_nothing():
    for backend in BACKENDS:
        base = C.load(backend).select(("base",))
        g = Scenario(base, players=3)
        assert g.engine.watched_gains == frozenset()
        _gain(g, "spice", 2)
        assert g.p(0).spice == 2 and g.p(0).gained == {}


def test_immortality_counts_as_printed():
    """Issue 21: Immortality's 30 Imperium cards, 15 intrigue cards and 18 Tleilaxu cards
    (besides Reclaimed Forces, the row's fixed entry), as `dunec list` counts them."""
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "dunec", "list", "--sets", "base,ix,immortality",
                          "--set", "immortality", "--json"], capture_output=True, text=True, check=True)
    copies: dict = {}
    for d in json.loads(out.stdout):
        copies[d["kind"]] = copies.get(d["kind"], 0) + d["copies"]
    tleilaxu = {d["id"] for d in json.loads(out.stdout) if d["kind"] == "tleilaxu"}
    assert (copies["card"], copies["intrigue"]) == (30, 15)
    assert "reclaimed_forces" in tleilaxu and len(tleilaxu - {"reclaimed_forces"}) == 18 == copies["tleilaxu"] - 1


def test_a_house_hagal_rival_never_plays_harvest_cells():
    """Rules 000: a rival keeps intrigue cards only to trade three for a VP; it plays none."""
    from hagal_support import RivalGame

    for backend in BACKENDS:
        g = RivalGame(C.load(backend).select(("base", "immortality")), "solo")
        st = g.state
        if st.conflict in st.conflict_deck:  # the harness's conflict, out of the deck
            st.conflict_deck.remove(st.conflict)
        rival = g.rivals[0]
        rival.intrigue[:] = ["harvest_cells"]
        deploy(g, rival.seat, 3)
        supply = rival.supply
        g.engine.later("resolve")
        g.engine.drive()
        assert rival.intrigue == ["harvest_cells"] and rival.conflict == 0 and rival.supply >= supply + 3
        assert not rival.counters.get("specimen")
        g.finish()
