"""The interpreter and the compiled back-end agree: on seeded games of the
bundled cards, and on random well-typed cards (hypothesis)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from dunec.codegen.emit import compile_in_memory
from dunec.content import from_model
from dunec.engine.effects.context import Ctx
from dunec.engine.loop.game import Engine
from dunec.engine.players.policies import RandomPolicy
from dunec.engine.runs.runner import play_game
from dunec.engine.loop.setup import new_game
from dunec.frontend import compile_paths, compile_sources
from dunec.engine.rules import cards as rules_cards


def test_200_seeded_random_games_agree(interpreted, compiled):
    for seed in range(200):
        n = 2 + seed % 3
        a = play_game(interpreted, n, seed, ["random"] * n, quiet=True)
        b = play_game(compiled, n, seed, ["random"] * n, quiet=True)
        assert a.digest() == b.digest(), f"seed {seed}: back-ends disagree"


def test_greedy_games_agree(interpreted, compiled):
    for seed in range(20):
        a = play_game(interpreted, 4, seed, ["greedy", "random", "greedy", "random"])
        b = play_game(compiled, 4, seed, ["greedy", "random", "greedy", "random"])
        assert a.digest() == b.digest(), f"seed {seed}"
        assert a.log_digest() == b.log_digest(), f"seed {seed}: the logs differ"


# --- random well-typed cards --------------------------------------------------
_BUNDLED: list = []


def _bundled() -> list:
    """The bundled card files as (path, text) pairs, read once."""
    from pathlib import Path
    if not _BUNDLED:
        root = Path(__file__).resolve().parent.parent
        _BUNDLED.extend((p.relative_to(root).as_posix(), p.read_text())
                        for p in sorted((root / "cards").rglob("*.dune")))
    return list(_BUNDLED)


FACTIONS = ["emperor", "guild", "bene_gesserit", "fremen"]
simple = st.one_of(
    st.builds(lambda r, n: f"{r} {n}", st.sampled_from(["solari", "spice", "water", "persuasion", "swords",
                                                       "troops", "vp", "intrigue", "draw"]), st.integers(1, 3)),
    st.builds(lambda f, n: f"influence {f} {n}", st.sampled_from(FACTIONS + ["any", "all"]), st.integers(1, 2)),
    st.builds(lambda r, n: f"lose {r} {n}", st.sampled_from(["solari", "spice", "water", "garrison", "deployed"]),
              st.integers(1, 2)),
    st.sampled_from(["deploy 2", "deploy any", "deploy 1 from supply", "retreat 1", "retreat any", "trash card",
                     "discard 1", "acquire cost <= 4", "gain_card foldspace", "mentat", "draw 1"]),
)
cond = st.one_of(
    st.builds(lambda f: f"bond {f}", st.sampled_from(FACTIONS)),
    st.builds(lambda f: f"alliance {f}", st.sampled_from(FACTIONS + ["any"])),
    st.builds(lambda f, n: f"influence {f} >= {n}", st.sampled_from(FACTIONS), st.integers(0, 3)),
    st.builds(lambda q, n: f"{q} >= {n}", st.sampled_from(["units", "garrison", "intrigue", "solari", "spice"]),
              st.integers(0, 3)),
    st.sampled_from(["seat", "not seat", "swordmaster"]),
)


def _stmts(depth: int):
    base = simple
    if depth == 0:
        return st.lists(base, min_size=1, max_size=3)
    inner = _stmts(depth - 1)
    compound = st.one_of(
        st.builds(lambda r, n, b: f"pay {r} {n} -> {{ {'; '.join(b)} }}",
                  st.sampled_from(["solari", "spice", "water"]), st.integers(1, 3), inner),
        st.builds(lambda alts: "choose { " + " ".join(f"- {', '.join(a)}" for a in alts) + " }",
                  st.lists(inner, min_size=2, max_size=3)),
        st.builds(lambda c, a, b: f"if {c} {{ {'; '.join(a)} }} else {{ {'; '.join(b)} }}", cond, inner, inner),
        st.builds(lambda b: f"each opponent {{ {'; '.join(b)} }}", inner),
        st.builds(lambda b: f"for each cards_in_play fremen {{ {'; '.join(b)} }}", inner),
    )
    return st.lists(st.one_of(base, compound), min_size=1, max_size=3)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=_stmts(2), seed=st.integers(0, 10_000))
def test_random_cards_run_the_same_on_both_backends(body, seed):
    # A plot box admits every effect in the strategy except swords.
    text = 'intrigue fuzz "Fuzz" {\n  plot {\n    ' + \
        "\n    ".join(body).replace("swords", "solari") + "\n  }\n}\n"
    extra, diags = compile_sources(_bundled() + [("cards/base/fuzz.dune", text)])
    assert not diags.errors, diags.render() + "\n" + text
    finals = []
    for content in (from_model(extra), compile_in_memory(extra)):
        state = new_game(content, 3, seed)
        e = Engine(content, state, [RandomPolicy(seed, i) for i in range(3)])
        p = state.players[0]
        rules_cards.draw(e, p, 5)
        p.solari, p.spice, p.water = 3, 3, 2
        p.played.append("dr_yueh")
        e.run_box("fuzz", "plot", Ctx(e, p, card="fuzz", box="plot"))
        e.drive()
        finals.append(state.to_json())
    assert finals[0] == finals[1], text
