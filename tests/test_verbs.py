"""One row per verb (dunec/ir/verbs.py): every row is complete, every form of
every verb the engine plays lowers through its row, and the checker's table, the
rules text, the value hints and the code generator's calls are the rows'."""
from __future__ import annotations

from pathlib import Path

import pytest

from dunec.check import tables as T
from dunec.check.effects import EffectChecker
from dunec.codegen import emit
from dunec.engine.effects import interpreter
from dunec.engine.rules import agents as rules_agents
from dunec.engine.effects.context import Ctx
from dunec.frontend import compile_paths
from dunec.ir import describe, ops as ir_ops, value, verbs as V
from dunec.ir.ops import Op, walk

PLAYED = list(V.ROWS)

# A value for each slot of a form; a track and a card come from the set below.
SAMPLE = {"<int>": "1", "<faction>": "fremen", "<zone>": "hand", "<icon>": "city", "<location>": "arrakeen",
          "<losable>": "vp", "<payable>": "solari", "<track>": "probe_track", "<card>": "probe_card",
          "<reserve>": "the_spice_must_flow", "<space>": "heighliner", "<market>": "probe_market",
          "<counter>": "probe_coin", "<unit>": "probe_unit", "<flag>": "probe_flag", "<piece>": "probe_spies"}

# Where a statement of a box can stand: a definition that has that box.
HOLDERS = {
    "agent": 'card {id} "P" {{ cost 1; agent {{ {stmt} }} }}',
    "reveal": 'card {id} "P" {{ cost 1; reveal {{ {stmt} }} }}',
    "plot": 'intrigue {id} "P" {{ plot {{ {stmt} }} }}',
    "combat": 'intrigue {id} "P" {{ combat {{ {stmt} }} }}',
    "reward": 'conflict {id} "P" {{ level 1; first {{ {stmt} }} }}',
    "passive": 'leader {id} "P" {{ passive {{ {stmt} }} }}',
    "game_start": 'leader {id} "P" {{ on game_start {{ {stmt} }} }}',
    "round_start": 'leader {id} "P" {{ on round_start {{ {stmt} }} }}',
    "hagal": 'hagal {id} "P" {{ copies 1; mode solo; spaces conspire; gain {{ {stmt} }} }}',
    # a two-sided leader (`flip_leader` stands only in one)
    "agent_at": 'leader {id} "P" {{ on agent_at city {{ {stmt} }}; side {id}_back "B" {{ signet {{ solari 1 }} }} }}',
}
BOX_NAMES = {"reward": "first"}  # the model keys a box by its name; a reward by its place

PROBE_SET = '''\
set probes "Probes" {
  requires base
  track probe_track "Probe track" { steps 2; step 1 { solari 1 } }
  counter probe_coin "Probe coin"
  unit probe_unit "Probe unit" { strength 1; supply 2 }
  flag probe_flag "Probe flag" { protects arrakeen }
  market probe_market "Probe market" { currency probe_coin; sells tech; stacks 1 }
  piece probe_spies "Probe spy" { supply 2; on post }
}
'''


def _statement(row: V.VerbRow, form: str) -> str:
    words = [SAMPLE.get(w, w) for w in form.split()]
    return " ".join([SAMPLE.get(row.word, row.word)] + words + (["{ solari 1 }"] if row.block else []))


def _cases() -> list[tuple[str, V.VerbRow, str, str]]:
    """(definition id, row, form, box) for every form of every played row."""
    out = []
    for i, row in enumerate(PLAYED):
        box = "agent_at" if "two_sided_leader" in row.needs.values() else next(b for b in HOLDERS if b in row.boxes)
        for j, form in enumerate(row.forms):
            out.append((f"probe_{i}_{j}", row, form, box))
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def probe_model(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cards") / "probes"
    folder.mkdir()
    (folder / "set.dune").write_text(PROBE_SET, encoding="utf-8")
    defs = ['card probe_card "Probe card" { cost 1; reveal { persuasion 1 } }']
    defs += [HOLDERS[box].format(id=ident, stmt=_statement(row, form)) for ident, row, form, box in CASES]
    (folder / "probes.dune").write_text("\n".join(defs) + "\n", encoding="utf-8")
    model, diags = compile_paths([folder], root=folder.parent, with_bundled=True)
    assert not diags.errors, diags.render()
    return model


@pytest.fixture(scope="module")
def probed(probe_model) -> dict:
    return probe_model.defs


@pytest.mark.parametrize("ident,row,form,box", CASES, ids=[f"{c[1].word} {c[2]}".strip() for c in CASES])
def test_every_form_of_every_played_verb_lowers_through_its_row(probed, ident, row, form, box):
    ops = probed[ident].boxes[BOX_NAMES.get(box, box)]
    assert len(ops) == 1, ops
    op = ops[0]
    assert op.kind == row.op and (row is V.PIECE_ROW or V.row_for(row.word, form, row.block) is row)
    assert describe.op(op) == (f"{row.say(op.args)}: +1 Solari" if row.block else row.say(op.args))
    assert value.estimate(ops) == round(row.value(op.args) * (value.estimate(op.body) if row.block else 1), 3)
    assert V.asks(ops) is row.asks


QUIET = [c for c in CASES if not c[1].asks and c[1].runtime]


@pytest.mark.parametrize("ident,row,form,box", QUIET, ids=[f"{c[1].word} {c[2]}".strip() for c in QUIET])
def test_a_verb_said_not_to_ask_plays_with_no_decision_and_no_other_box(probe_model, ident, row, form, box):
    """`asks=False` is what lets a box stay straight-line code: played on a state where a
    decision would be possible (cards everywhere, troops, an agent out, opponents with
    intrigue), the verb's engine rule asks nothing and runs no box."""
    from dunec.content import from_model
    from tests.scenario import Scenario

    g = Scenario(from_model(probe_model), players=4)
    p = g.p(0)
    p.hand, p.deck, p.discard, p.intrigue = ["dagger"] * 2, ["dagger"] * 3, ["diplomacy"] * 2, ["ambush"]
    p.garrison = 3
    for o in (g.p(1), g.p(2), g.p(3)):
        o.intrigue = ["ambush", "windfall"]
    rules_agents.place_agent(g.engine, "arrakeen", 0)
    boxes_run = []
    effect = g.content.effect
    g.content.effect = lambda i, b: boxes_run.append((i, b)) or effect(i, b)
    ctx = Ctx(g.engine, p, card=ident, space="imperial_basin", box=box)
    interpreter.run(probe_model.defs[ident].boxes[BOX_NAMES.get(box, box)], ctx)
    assert g.asked(0) == [] and boxes_run == []


def test_every_op_kind_of_the_bundled_cards_has_a_row_or_is_a_control_construct(model):
    kinds = {o.kind for d in model.defs.values() for box in d.boxes.values() for o in walk(box)}
    assert kinds <= set(V.OPS) | set(V.CONTROL), kinds - set(V.OPS) - set(V.CONTROL)
    assert not set(V.OPS) & set(V.CONTROL)


def test_every_row_is_complete():
    for r in V.ROWS:
        assert r.word and r.forms and r.boxes, r
        assert set(r.boxes) <= set(V.ALL_BOXES), r.word
        assert set(r.needs) <= set(r.forms), r.word
        assert set(r.needs.values()) <= set(EffectChecker._NEEDS), r.word
        assert callable(r.lower) and isinstance(r.asks, bool)
        # Every verb is played: it names the Ctx method both back-ends call; a rule
        # modifier never does (the rules read it).
        if r.boxes == V.PASSIVE:
            assert not r.runtime, r.word
        else:
            assert r.runtime, r.word
        if r.runtime:
            assert callable(getattr(Ctx, r.runtime, None)), f"{r.word}: no Ctx.{r.runtime}"


def test_the_rows_of_one_word_agree_on_where_it_stands():
    """One word, one set of boxes; a form lowers through one row written without a
    block and one written with (`trash card` and `trash card { ... }`: the block is
    optional there), never two."""
    for word, rows in V.words().items():
        assert len({r.boxes for r in rows}) == 1, word
        for block in (False, True):
            forms = [f for r in rows if r.block is block for f in r.forms]
            assert len(forms) == len(set(forms)), word
    assert T.VERBS["trash"].block is None and T.VERBS["discard"].block is None and \
        T.VERBS["retreat_for"].block is True and \
        T.VERBS["acquire"].block is False


def test_the_rows_of_one_op_kind_agree_on_what_it_does():
    for kind, first in V.OPS.items():
        for r in (r for r in V.ROWS if r.op == kind):
            assert (r.text, r.worth, r.runtime, r.asks, r.lower) == \
                (first.text, first.worth, first.runtime, first.asks, first.lower), (kind, r.word)


def test_the_checkers_verb_table_is_the_rows():
    assert list(T.VERBS) == list(V.words())
    for word, rows in V.words().items():
        spec = T.VERBS[word]
        assert spec.forms == tuple(dict.fromkeys(f for r in rows for f in r.forms))
        blocks = {r.block for r in rows}
        assert (spec.boxes, spec.block) == (rows[0].boxes, rows[0].block if len(blocks) == 1 else None)
    assert T.GAINABLE == ("persuasion", "swords", "vp", "intrigue", "draw")
    assert ir_ops.MODIFIERS == V.MODIFIERS


def test_the_generated_calls_are_the_rows_runtime_operations():
    assert emit.METHODS == {r.op: r.runtime for r in V.ROWS if r.runtime and not r.block}
    # A block verb asks (whom): its box runs from interpreter frames, never as generated code.
    assert "opponent" not in emit.METHODS and interpreter.PAUSING["opponent"]
    # The interpreter plays every op kind a row gives a plain call to.
    assert set(emit.METHODS) <= set(interpreter.HANDLERS)
    with pytest.raises(emit.CodegenError):
        emit._method("space_cost")  # a rule modifier is read by the engine, never called


def test_a_set_counter_lowers_through_the_gain_row():
    assert V.row_for("contraband", "<int>") is V.GAIN
    assert V.GAIN.lower("contraband", "<int>", [2]) == ("contraband", 2)


def test_asks_looks_into_bodies_and_alternatives():
    gain, trash = Op("gain", ("spice", 1)), Op("trash", ("card", ""))
    assert not V.asks(())
    assert not V.asks((gain, Op("mentat"), Op("steal_intrigue", (1,))))
    assert V.asks((gain, trash))
    assert not V.asks((Op("if", (("seat",),), (gain,), ((gain,),)),))
    assert V.asks((Op("if", (("seat",),), (gain,), ((trash,),)),))
    assert V.asks((Op("foreach", (("units",),), (Op("each_opponent", (), (trash,)),)),))
    assert not V.asks((Op("each_opponent", (), (gain,)),))
    assert V.asks((Op("choose", (1,), (), ((gain,), (gain,))),))  # which option
    assert V.asks((Op("pay", ((("res", "spice", 1),),), (gain,)),))  # whether to pay
    assert V.asks((Op("opponent", (), (gain,)),))  # which opponent


def test_most_bundled_boxes_ask_nothing(model):
    """Boxes that ask nothing can stay straight-line code (issue 8): most of them."""
    boxes = [box for d in model.defs.values() for box in d.boxes.values()]
    quiet = [b for b in boxes if not V.asks(b)]
    assert len(boxes) // 2 < len(quiet) < len(boxes)


def test_the_rows_module_imports_neither_engine_nor_codegen():
    src = (Path(V.__file__)).read_text(encoding="utf-8")
    assert "dunec.engine" not in src and "dunec.codegen" not in src
