"""What a line is, in one place: line endings, and offsets to (line, column).

Card files come from every editor: `\\n` (Unix), `\\r\\n` (Windows) and a bare `\\r`
(classic Mac OS) all end a line, so a comment ends where its line does and the
line numbers in diagnostics are the ones an editor shows.
"""
from __future__ import annotations

import bisect
import re

_CR = re.compile(r"\r\n?")


def normalize(text: str) -> str:
    """`text` with every line ending written `\\n`."""
    return _CR.sub("\n", text) if "\r" in text else text


class Lines:
    """The lines of a normalized text, indexed once so that any number of
    diagnostics can look up their source line in constant time."""

    def __init__(self, text: str):
        self.text = text
        self.starts = [0]
        at = text.find("\n")
        while at >= 0:
            self.starts.append(at + 1)
            at = text.find("\n", at + 1)

    def __len__(self) -> int:
        return len(self.starts)

    def line(self, n: int) -> str:
        """Line `n` (1-based) without its line ending; "" past the end."""
        if not 0 < n <= len(self.starts):
            return ""
        end = self.starts[n] - 1 if n < len(self.starts) else len(self.text)
        return self.text[self.starts[n - 1]:end]

    def position(self, offset: int) -> tuple[int, int]:
        """The 1-based (line, column) of a character offset."""
        n = bisect.bisect_right(self.starts, offset)
        return n, offset - self.starts[n - 1] + 1
