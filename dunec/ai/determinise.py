"""One guess at what a seat cannot see: a full game state that agrees with
everything the seat may know (`observation`) and resamples the rest.

What `observation(state, seat)` hides, and how each is resampled:
- the other seats' hands: their cards are pooled (sorted, so only the multiset
  counts) and dealt back at random, each hand keeping its size. The multiset is
  what a player who remembers every acquisition and every revealed card knows;
  which opponent holds which card is the guess;
- the other seats' intrigue cards: likewise pooled and dealt back (every
  intrigue copy not in view is in some other seat's hand);
- the order of every deck (each player's, the Imperium, intrigue and House Hagal
  decks): sorted, then shuffled; the conflict deck is shuffled only among cards
  of the same level, as setup stacks it (level I over II over III);
- the tiles under each market stack's face-up top (Rise of Ix): a market's
  hidden tiles are pooled and dealt back under the tops, each stack keeping its
  size and its top;
- the order of a slot market's deck (Immortality's Tleilaxu deck): sorted, then
  shuffled, like the Imperium deck;
- the RNG state: a fresh one, so the future shuffles are guesses too.
Kept as they are: the other seats' secret faction choices (rare, and constrained
by the card that asked, so a uniform guess could be illegal) and the steps still
to run (`state.stack`, the rules in progress).

The result depends only on what the seat may know, the multiset of the hidden
cards and the `rng` given: two games that differ only in hidden places give
the same guesses (tests/test_ai_search.py checks it).
"""
from __future__ import annotations

from dunec.engine.loop.rng import Rng
from dunec.engine.loop.state import GameState

DECKS = ("imperium_deck", "intrigue_deck", "hagal_deck")


def determinise(state: GameState, seat: int, defs, rng: Rng) -> GameState:
    """A copy of `state` with what `seat` cannot see resampled with `rng`."""
    guess = state.copy()
    guess.rng_state = rng.next64()
    others = [p for p in guess.players if p.seat != seat]
    _deal(rng, [p.hand for p in others])
    _deal(rng, [p.intrigue for p in others])
    for p in guess.players:
        _shuffle(rng, p.deck)
    for name in DECKS:
        _shuffle(rng, getattr(guess, name))
    _shuffle_within_levels(rng, guess.conflict_deck, defs)
    for stacks in guess.markets.values():  # none in a game without markets: no draw from rng
        _deal_under_tops(rng, stacks)
    for market in sorted(guess.market_decks):  # a slot market's deck: its order is hidden
        _shuffle(rng, guess.market_decks[market])
    return guess


def _deal(rng: Rng, places: list) -> None:
    """Pool the cards of these places and deal them back, each place its size."""
    pool = sorted(c for place in places for c in place)
    rng.shuffle(pool)
    for place in places:
        n = len(place)
        place[:] = pool[:n]
        del pool[:n]


def _deal_under_tops(rng: Rng, stacks: list) -> None:
    """Deal a market's hidden tiles back under its stacks' tops (the top is the END)."""
    under = [s[:-1] for s in stacks]
    _deal(rng, under)
    for s, hidden in zip(stacks, under):
        s[:-1] = hidden


def _shuffle(rng: Rng, deck: list) -> None:
    deck.sort()
    rng.shuffle(deck)


def _shuffle_within_levels(rng: Rng, deck: list, defs) -> None:
    """Shuffle the conflict deck keeping each position's level."""
    by_level: dict = {}
    for i, c in enumerate(deck):
        by_level.setdefault(defs[c].get("level", 0), []).append(i)
    for positions in by_level.values():
        cards = sorted(deck[i] for i in positions)
        rng.shuffle(cards)
        for i, c in zip(positions, cards):
            deck[i] = c
