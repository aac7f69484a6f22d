"""Text from outside (a file's name, a line of a card file) as a terminal may show it."""
from __future__ import annotations


def printable(text) -> str:
    """`text` with each character that is not printable shown as `?` and a tab as a
    space: a control character, a bidirectional control or a line separator in a
    file name or card text would be obeyed by the terminal (clear the screen,
    reorder the line) instead of shown; one character for one keeps a caret under
    its column."""
    text = str(text)
    if text.isprintable():  # the common case, at C speed
        return text
    return "".join(c if c.isprintable() else " " if c == "\t" else "?" for c in text)
