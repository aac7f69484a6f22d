"""The examples in docs/ai.md run as written (in order, sharing names)."""
import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the `ai` extra (open_spiel) is not installed")
pytest.importorskip("pettingzoo", reason="the `ai` extra (pettingzoo) is not installed")


def test_ai_guide_examples_run(capsys):
    text = (Path(__file__).resolve().parent.parent / "docs" / "ai.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) == 3
    scope: dict = {}
    for block in blocks:
        exec(compile(block, "docs/ai.md", "exec"), scope)
    out = capsys.readouterr().out
    assert "solo MCTS game:" in out and "PettingZoo game over:" in out
