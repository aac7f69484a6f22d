"""The examples in docs/ai.md run as written (in order, sharing names), and so
does the adapters' check in docs/engine.md (its block is fenced `python ai`, so
the engine guide's own test, which needs no extra, leaves it to this one)."""
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


def test_engine_guide_adapter_check_runs(capsys):
    text = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text()
    blocks = re.findall(r"```python ai\n(.*?)```", text, re.S)
    assert len(blocks) == 1 and "random_sim_test" in blocks[0] and "api_test(" in blocks[0]
    exec(compile(blocks[0], "docs/engine.md", "exec"), {})
    assert "MCTS game over:" in capsys.readouterr().out
