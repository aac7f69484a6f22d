"""Positions between dunec and an editor.

dunec counts 1-based lines and 1-based columns in characters (code points) of the
text with its line endings normalized; LSP counts 0-based lines and columns in
UTF-16 code units, so a title with a character outside the BMP shifts every later
column on its line by one per such character.
"""
from __future__ import annotations

import re
from typing import Optional

from dunec.syntax.lines import Lines, normalize

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def _units(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


class Doc:
    """One document's text, indexed by line once."""

    def __init__(self, text: str):
        self.lines = Lines(normalize(text))

    def line(self, n0: int) -> str:
        return self.lines.line(n0 + 1)

    def to_lsp(self, line: int, col: int) -> tuple[int, int]:
        """(0-based line, UTF-16 character) of a dunec (line, column)."""
        return line - 1, _units(self.lines.line(line)[:max(col - 1, 0)])

    def from_lsp(self, line0: int, char: int) -> int:
        """The code-point index on line `line0` of a UTF-16 position."""
        text, units = self.line(line0), 0
        for i, c in enumerate(text):
            if units >= char:
                return i
            units += 2 if ord(c) > 0xFFFF else 1
        return len(text)

    def word_at(self, line0: int, char: int) -> Optional[str]:
        """The identifier under (or just before) the cursor."""
        text, at = self.line(line0), self.from_lsp(line0, char)
        for m in WORD.finditer(text):
            if m.start() <= at <= m.end():
                return m.group()
        return None

    def before(self, line0: int, char: int) -> str:
        """The whole text before the cursor."""
        start = self.lines.starts[line0] if line0 < len(self.lines) else len(self.lines.text)
        return self.lines.text[:start] + self.line(line0)[:self.from_lsp(line0, char)]
