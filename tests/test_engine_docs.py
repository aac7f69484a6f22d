"""The examples in docs/engine.md run as written (in order, sharing names)."""
import re
from pathlib import Path


def test_engine_guide_examples_run(capsys):
    text = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 3
    scope: dict = {}
    for block in blocks:
        exec(compile(block, "docs/engine.md", "exec"), scope)
