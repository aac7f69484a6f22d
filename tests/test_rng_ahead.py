"""A random player draws from values made ahead (Rng.ahead, RandomPolicy.below):
the results are Rng.below's, draw for draw, rejections included. Draws made side
by side (rng._draws: one big integer, a lane per draw) are splitmix64's draws one
by one, and a shuffle made from them is the Fisher-Yates shuffle on below(i + 1)."""
from __future__ import annotations

from dunec.engine.players.policies import RandomPolicy
from dunec.engine.loop.rng import _MASK, Rng

_GOLD, _C1, _C2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _unshift(x: int, k: int) -> int:
    """The inverse of x ^ (x >> k) on 64 bits."""
    y = x
    for _ in range(64 // k + 1):
        y = x ^ (y >> k)
    return y


def _state_before(x: int) -> int:
    """The Rng state whose next raw draw is x (splitmix64 run backwards)."""
    z = _unshift(x, 31)
    z = (z * pow(_C2, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(_C1, -1, 1 << 64)) & _MASK
    z = _unshift(z, 30)
    return (z - _GOLD) & _MASK


def _policy_at(state: int) -> RandomPolicy:
    policy = RandomPolicy(0, 0)
    policy.rng = Rng(state=state)
    return policy


def test_ahead_is_the_next64_stream():
    a, b = Rng(77), Rng(77)
    got = a.ahead(40)
    assert list(reversed(got)) == [b.next64() for _ in range(40)] and a.state == b.state


def test_the_inverse_really_gives_the_draw():
    for x in (0, 1, 12345, _MASK, _MASK - 200):
        assert Rng(state=_state_before(x)).next64() == x


def test_policy_draws_are_rng_below_for_many_bounds():
    bounds = list(range(1, 300)) + [1000, 4096, (1 << 63) + 5, (1 << 64) - 1]
    for seed in (0, 1, 5):
        policy, plain = RandomPolicy(seed, 2), RandomPolicy(seed, 2).rng
        for k in range(3000):
            n = bounds[(k * 7 + seed) % len(bounds)]
            assert policy.below(n) == plain.below(n), (seed, k, n)


def test_rejected_values_are_skipped_as_below_skips_them():
    # Raw draws at the very top of the range are rejected for every n that does
    # not divide 2**64: a state made to draw them tests the small bounds too.
    for n in (3, 5, 7, 10, 33, 255, 257, 1000):
        for top in (_MASK, _MASK - 1, _MASK - n // 2):
            state = _state_before(top)
            plain = Rng(state=state)
            policy = _policy_at(state)
            want = [plain.below(n) for _ in range(30)]
            assert [policy.below(n) for _ in range(30)] == want
            assert Rng(state=state).below(n) == want[0]


def test_picks_across_refills_are_the_plain_picks():
    class Seat:
        agents_left = 1
    for kind in ("turn", "buy"):
        fast, slow = RandomPolicy(3, 1), RandomPolicy(3, 1)
        slow.below = slow.rng.below  # the policy as it was: each draw asks its Rng
        for k in range(500):
            n = 2 + k % 11
            assert fast.pick(kind, n, Seat) == slow.pick(kind, n, Seat)



def _reference_shuffle(rng: Rng, items: list) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def _same_shuffle(state: int, n: int) -> None:
    fast, slow = Rng(state=state), Rng(state=state)
    got, want = list(range(n)), list(range(n))
    fast.shuffle(got)
    _reference_shuffle(slow, want)
    assert (got, fast.state) == (want, slow.state), (state, n)


def test_ahead_is_next64_for_every_length():
    for k in (0, 1, 2, 9, 24, 100):
        a, b = Rng(11 + k), Rng(11 + k)
        assert a.ahead(k) == [b.next64() for _ in range(k)][::-1] and a.state == b.state


def test_shuffles_are_the_reference_shuffle():
    for seed in range(200):
        for n in (0, 1, 2, 3, 5, 10, 16, 40, 65, 255, 256, 300):
            _same_shuffle(Rng(seed).state, n)


def test_a_rejected_draw_is_drawn_again():
    # States whose next draws are at the very top of the range: below(n) rejects
    # them for every n that does not divide 2**64, on its first draw or a later one.
    for top in (_MASK, _MASK - 1, _MASK - 3):
        state = _state_before(top)
        for before in range(4):  # the rejected draw comes after `before` others
            for n in (3, 5, 7, 10, 40, 257):
                _same_shuffle((state - before * 0x9E3779B97F4A7C15) & _MASK, n)
