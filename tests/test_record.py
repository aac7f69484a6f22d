"""The plain records that replaced the check path's dataclasses (dunec/record.py)
behave as the dataclasses did where dunec relies on it: equality by fields,
a repr, immutability, hashing and pickling of the frozen ones, defaults that are
not shared between instances; and `dunec check` no longer loads `dataclasses`."""
import copy
import json
import pickle
import subprocess
import sys

import pytest

from dunec.check.diagnostics import Diagnostic, Fix
from dunec.check.model import Def, Model
from dunec.ir.ops import Op
from dunec.ir.verbs import OPS
from dunec.syntax.ast import Span

SPAN = Span("x.dune", 1, 2, 1, 5)


def test_frozen_record_compares_hashes_and_pickles_by_fields():
    op = Op("choose", (1,), alts=((Op("gain", ("troops", 2)),),))
    same = Op("choose", (1,), (), ((Op("gain", ("troops", 2)),),))
    assert op == same and hash(op) == hash(same) and len({op, same}) == 1
    assert hash(op) == hash(("choose", (1,), (), ((Op("gain", ("troops", 2)),),)))  # as a dataclass hashed
    assert op != Op("choose", (2,), alts=op.alts) and op != ("choose", (1,), (), op.alts)
    assert pickle.loads(pickle.dumps(op, pickle.HIGHEST_PROTOCOL)) == op
    assert copy.deepcopy(op) == op
    assert repr(Op("gain", ("spice", 1))) == "Op(kind='gain', args=('spice', 1), body=(), alts=())"
    with pytest.raises(AttributeError):
        op.kind = "pay"
    with pytest.raises(AttributeError):
        op.extra = 1  # slotted: no stray attributes on a hashed value


def test_mutable_record_defaults_are_not_shared_and_it_is_unhashable():
    a, b = Def("card", "x", "X", "base", "x.dune", SPAN), Def("card", "x", "X", "base", "x.dune", SPAN)
    a.fields["cost"] = 1
    assert b.fields == {} and a != b
    b.fields["cost"] = 1
    assert a == b and Model() == Model() and Model().defs is not Model().defs
    with pytest.raises(TypeError):
        hash(a)
    assert pickle.loads(pickle.dumps(a)) == a
    d = Diagnostic("E0201", "unknown effect", SPAN, fix=Fix(SPAN, "spice"))
    assert d.notes == [] and Diagnostic("E0201", "unknown effect", SPAN).notes is not d.notes
    assert repr(d).startswith("Diagnostic(code='E0201', message='unknown effect', span=Span(")


def test_verb_rows_keep_their_defaults():
    row = OPS["gain"] if "gain" in OPS else next(iter(OPS.values()))
    assert row.needs == {} or isinstance(row.needs, dict)
    assert all(r.op == (r.kind or r.word) for r in OPS.values())


def test_check_loads_no_dataclasses(tmp_path):
    """Once the cache folder holds the parser's tables (the first check writes them),
    a check of a file that needs the bundled cards loads none of these modules
    (pickle.py neither: the caches are read with the C pickler; nor the module that
    finds lark's tables, which a file that parses never needs)."""
    card = tmp_path / "probe.dune"
    card.write_text('card probe "Probe" {\n  cost 1\n  reveal { persuasion 1 }\n}\n', encoding="utf-8")
    code = ("import json, sys\nfrom dunec.cli import main\nrc = main(['check', sys.argv[1]])\n"
            "print(json.dumps([rc, sorted(m for m in ('dataclasses', 'inspect', 'pickle', 'dunec.syntax.lalr') if m in sys.modules)]))")
    runs = [subprocess.run([sys.executable, "-c", code, str(card)], capture_output=True, text=True, check=True)
            for _ in range(2)]
    assert json.loads(runs[1].stdout.splitlines()[-1]) == [1, []]  # E0103: no `set` (the verdict, unchanged)
    assert "E0103" in runs[1].stderr


def test_span_stays_immutable_and_pickles_through_its_constructor():
    again = pickle.loads(pickle.dumps(SPAN, pickle.HIGHEST_PROTOCOL))
    assert again == SPAN and hash(again) == hash(("x.dune", 1, 2, 1, 5)) and str(again) == "x.dune:1:2"
    assert copy.deepcopy(SPAN) == SPAN and SPAN.__reduce__() == (Span, ("x.dune", 1, 2, 1, 5))
    for name in Span.FIELDS:
        with pytest.raises(AttributeError):
            setattr(again, name, 0)


def test_a_clean_check_loads_no_difflib(tmp_path):
    """The "did you mean" machinery is loaded by the first hint, not by every check."""
    card = tmp_path / "clean.dune"
    card.write_text('card clean "Clean" {\n  set base\n  cost 1\n  reveal { persuasion 1 }\n}\n', encoding="utf-8")
    code = ("import json, sys\nfrom dunec.cli import main\nrc = main(['check', sys.argv[1]])\n"
            "print(json.dumps([rc, 'difflib' in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", code, str(card)], capture_output=True, text=True, check=True).stdout
    assert json.loads(out.splitlines()[-1]) == [0, False]
