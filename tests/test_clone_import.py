"""`from dunec import Game` in the folder above a clone named dunec: Python finds
the clone folder first (the current folder leads sys.path); it must hand over to
the real package, not be an empty namespace package ("unknown location")."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLAY = ("import dunec; from dunec import Game; from dunec.paths import cards_dir; "
        "g = Game(players=2, seed=1); g.apply(g.legal_actions()[0]); "
        "print(dunec.__file__, cards_dir().name, len(g.state.decisions))")
# Without the installed package's finder: a clone nobody installed.
UNINSTALLED = ("import sys; sys.meta_path = [f for f in sys.meta_path "
               "if 'Editable' not in getattr(f, '__name__', type(f).__name__)]; ")


@pytest.mark.parametrize("prelude", ["", UNINSTALLED], ids=["installed", "uninstalled"])
def test_the_game_imports_from_the_clones_parent_folder(tmp_path, prelude):
    (tmp_path / "dunec").symlink_to(ROOT, target_is_directory=True)
    r = subprocess.run([sys.executable, "-c", prelude + PLAY], cwd=tmp_path, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    origin, cards, decisions = r.stdout.split()
    assert Path(origin).resolve() == ROOT / "dunec" / "__init__.py" and cards == "cards" and decisions == "1"
