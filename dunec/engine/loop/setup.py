"""Game setup for the base game (rules 001, "For setup")."""
from __future__ import annotations

from dataclasses import fields

from dunec.check.tables import EPIC_DECK, deck_named, starting_deck
from dunec.ir.meta import Content
from dunec.engine.rules import (
    battle_icons as rules_battle_icons, flags as rules_flags, market as rules_market, pieces as rules_pieces,
    replacements as rules_replacements, tracks as rules_tracks,
)
from dunec.engine.loop.rng import Rng
from dunec.engine.loop.state import GameState, Player

CONFLICT_LAYERS = ((3, 4), (2, 5), (1, 1))  # (level, how many) from the bottom up
HAND_SIZE = 5
ROW_SIZE = 5
START_GARRISON = 3  # troops in each player's garrison at setup (rules 001)
# The Epic game (rules 000, "Epic Game"; docs/decisions.md, "The Epic game"): no
# Conflict I, 5 Conflict II over 5 Conflict III; each person starts on 0 VP with 5
# troops in the garrison, one Intrigue card and the `epic` deck list's cards.
EPIC_CONFLICT_LAYERS = ((3, 5), (2, 5))
EPIC_GARRISON = 5
EPIC_INTRIGUE = 1


class SetupError(Exception):
    pass


# The engine's own fields of a player (troops: garrison, conflict and supply).
_OWN = frozenset(f.name for f in fields(Player)) | {"troops"}


def remove_starters(content: Content, p: Player) -> None:
    """The starting cards the player's leader begins without (`remove_starter`: Staban
    Tuek's Diplomacy) go from the deck to the player's trash."""
    for card, n in content.defs[p.leader].get("remove_starter", ()):
        for _ in range(min(n, p.deck.count(card))):
            p.deck.remove(card)
            p.trashed.append(card)


def give_sets(content: Content, state: GameState) -> None:
    """Each player's holdings of the names the game's sets declare beyond the
    engine's own fields (the base game's solari, spice, water and troops): counters
    at 0, each unit kind all in its supply, each track's token at its start, a
    track's first-to-reach boxes on their steps (decisions.md)."""
    counters = [c for c in content.declared("counter") if c not in _OWN]
    units = [(u, d) for u, d in content.declared("unit").items() if u not in _OWN]
    for p in state.players:
        p.counters = {c: 0 for c in counters}
        p.units = {u: {"strength": d["strength"], "supply": d["supply"], "garrison": 0, "conflict": 0}
                   for u, d in units}
        p.tokens = sorted(content.declared("token"))  # each player has one of each (rules/tokens.py)
    rules_tracks.give(content, state)
    rules_pieces.give(content, state)
    rules_market.deal(content, state)
    rules_flags.give(content, state)  # every flag up (rules/flags.py)


def starting_cards(content: Content, epic: bool = False) -> tuple[list, list]:
    """A person's starting deck and discard pile, as lists of card ids: the sets'
    `deck starting` after the sets' `replace starter` rows; in the Epic game with
    the `epic` list's cards too, its `replace` rows bringing theirs in place of
    starting cards while the starting deck holds them all, else (a set replaced
    those cards already) every card of the list in the discard pile, no starting
    card replaced (rules/replacements.py; issue 21: the sets' rows apply first)."""
    starting = starting_deck(content.of_kind("deck"))
    if starting is None:
        raise SetupError("the cards define no `deck starting`")
    rows = rules_replacements.replace(starting["cards"], rules_replacements.of_sets(content, "starter"))
    deck = rules_replacements.dealt(rows)
    if not epic:
        return deck, []
    listed = deck_named(content.of_kind("deck"), EPIC_DECK)
    if listed is None:
        raise SetupError(f"the Epic game needs the `deck {EPIC_DECK}` list of Rise of Ix (Control the Spice), "
                         f"which the sets {', '.join(content.sets) or 'played'} do not define; "
                         f"play it with --sets base,ix")
    changes = [(old, new, n) for _, old, new, n in listed.get("replace", ())]
    cards = rules_replacements.dealt(listed.get("cards", ()))
    if changes and rules_replacements.holds(rows, changes):
        return rules_replacements.dealt(rules_replacements.replace(rows, changes)) + cards, []
    return deck, rules_replacements.dealt((new, n) for _, new, n in changes) + cards


def conflict_deck(content: Content, rng: Rng, epic: bool = False) -> list[str]:
    """The conflict deck, its top at the end: standard, 4 level III at the bottom,
    5 level II, 1 level I on top; Epic, 5 level III and 5 level II."""
    deck: list[str] = []
    for level, take in EPIC_CONFLICT_LAYERS if epic else CONFLICT_LAYERS:
        # a mix's conflict taken for the Epic game only (`take conflict ID epic`) stays out of a standard one
        pool = [c for c in content.copies_of("conflict", level) if epic or not content.defs[c].get("epic_only")]
        rng.shuffle(pool)
        if len(pool) < take:
            raise SetupError(f"the {'Epic game' if epic else 'conflict deck'} needs {take} level {'I' * level} "
                             f"conflicts, the cards of {', '.join(content.sets) or 'the game'} have {len(pool)}"
                             + ("; Rise of Ix adds the fifth (--sets base,ix)" if epic and level == 3 else ""))
        deck.extend(pool[:take])
    return deck


def new_game(content: Content, n_players: int, seed: int, leaders=None, policies=None, epic: bool = False,
             people: int | None = None) -> GameState:
    """A standard setup of n_players seats; `epic` plays the Epic game. `people`:
    the first seats that are people (the rest become House Hagal rivals, set up by
    rivals/play.py; default every seat)."""
    if not 1 <= n_players <= 4:
        raise SetupError("a base game seats 1 to 4 players")
    rng = Rng(seed)
    deck = conflict_deck(content, rng, epic)
    imperium = list(content.copies_of("card"))
    rng.shuffle(imperium)
    intrigue = list(content.copies_of("intrigue"))
    rng.shuffle(intrigue)
    sold = content.market_cards()  # a market's cards are dealt by the market (rules_market.deal)
    reserve = {m["id"]: m["copies"] for m in content.of_kind("reserve") if m["id"] not in sold}
    start_cards, start_discard = starting_cards(content, epic)
    # a two-sided leader is dealt face up on its front; its back (`side_of`) is no leader of its own
    all_leaders = sorted(m["id"] for m in content.of_kind("leader") if not m.get("side_of"))
    if leaders is None:
        if len(all_leaders) < n_players:
            raise SetupError(f"{n_players} players need {n_players} leaders, the cards have {len(all_leaders)}")
        pool = list(all_leaders)
        rng.shuffle(pool)
        leaders = pool[:n_players]
    players = []
    for seat in range(n_players):
        p = Player(seat=seat, leader=leaders[seat], policy=(policies or ["random"] * n_players)[seat])
        p.deck = list(start_cards)
        remove_starters(content, p)
        rng.shuffle(p.deck)
        p.discard = list(start_discard)
        if n_players == 4 and not epic:  # the Epic game starts every count on 0 (rules 000)
            p.vp = 1
            p.vp_ledger = {"start": 1}
        if epic:
            p.garrison, p.supply = EPIC_GARRISON, p.supply - (EPIC_GARRISON - START_GARRISON)
        players.append(p)
    state = GameState(seed=seed, n_players=n_players, rng_state=0, players=players, epic=epic)
    state.conflict_deck = deck
    state.imperium_deck = imperium
    state.imperium_row = [state.imperium_deck.pop() for _ in range(min(ROW_SIZE, len(state.imperium_deck)))]
    state.intrigue_deck = intrigue
    if epic:  # one Intrigue card to each person, in seat order, from the top of the shuffled deck
        for p in players[:n_players if people is None else people]:
            for _ in range(EPIC_INTRIGUE):
                if state.intrigue_deck:
                    p.intrigue.append(state.intrigue_deck.pop())
    state.reserve = reserve
    state.maker_spice = {m["id"]: 0 for m in content.of_kind("space") if m.get("maker")}
    state.first_player = rng.below(n_players)
    try:  # objective cards: one each; the First Player marker's holder starts (rules/battle_icons.py)
        marked = rules_battle_icons.deal_objectives(content, players, rng)
    except rules_battle_icons.ObjectiveError as err:
        raise SetupError(str(err)) from None
    if marked is not None:
        state.first_player = marked
    state.rng_state = rng.state
    return state
