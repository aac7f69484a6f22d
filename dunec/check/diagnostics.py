"""Diagnostics: one record per problem, rendered Rust-style or as JSON.

A checker never raises for bad input; it appends to a Diagnostics sink and the
caller decides what to do once every file has been read.
"""
from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterable

from dunec.check.messages import Code
from dunec.record import Frozen, Record
from dunec.syntax.ast import Span
from dunec.syntax.lines import Lines
from dunec.terminal import printable

# Diagnostics printed as text; the rest are counted (JSON output lists them all).
MAX_SHOWN = 50


class Fix(Frozen):
    """The edit that applies a suggestion: replace the text at `span` by `replacement`."""
    __slots__ = FIELDS = ("span", "replacement")

    def __init__(self, span: Span, replacement: str) -> None:
        object.__setattr__(self, "span", span)
        object.__setattr__(self, "replacement", replacement)

    def to_json(self) -> dict:
        s = self.span
        return {"file": s.file, "line": s.line, "column": s.col, "end_line": s.end_line,
                "end_column": s.end_col, "replacement": self.replacement}


class Suggestion(str):
    """A "did you mean" hint that remembers the word it corrects and the word it
    offers, so that the diagnostic it helps can carry the edit as a Fix."""
    typo: str
    word: str


class Diagnostic(Record):
    """notes: (text, span or None) pairs."""
    FIELDS = ("code", "message", "span", "label", "help", "notes", "fix")

    def __init__(self, code: str, message: str, span: Span | None, label: str = "", help: str = "",
                 notes: list | None = None, fix: Fix | None = None) -> None:
        self.code = code
        self.message = message
        self.span = span
        self.label = label
        self.help = help
        self.notes = [] if notes is None else notes
        self.fix = fix

    @property
    def severity(self) -> str:
        return "warning" if self.code.startswith("W") else "error"

    def sort_key(self):
        s = self.span
        return (s.file, s.line, s.col, self.code) if s else ("", 0, 0, self.code)

    def to_json(self) -> dict:
        d = {"code": self.code, "severity": self.severity, "message": self.message,
             "label": self.label, "help": self.help}
        if self.span:
            d.update(file=self.span.file, line=self.span.line, column=self.span.col,
                     end_line=self.span.end_line, end_column=self.span.end_col)
        if self.fix:
            d["fix"] = self.fix.to_json()
        d["notes"] = [{"message": m, **({"file": s.file, "line": s.line, "column": s.col} if s else {})}
                      for m, s in self.notes]
        return d


class Diagnostics:
    """Collects diagnostics; knows the source text of each file to render carets."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []
        self.sources: dict[str, str] = {}
        self._seen: dict[tuple, Diagnostic] = {}

    def add_source(self, path: str, text: str) -> None:
        self.sources[path] = text

    def error(self, code: Code, span: Span | None, label: str | None = None, help: str | None = None,
              notes=None, **args) -> Diagnostic:
        """Record one occurrence of a registry entry. `args` fill its placeholders;
        `label` and `help` are given only where the registry leaves them to the case."""
        if not isinstance(code, Code):
            raise TypeError(f"a diagnostic code is an entry of dunec.check.messages, not {code!r}")
        message, label, help = code.render(args, label, help)
        # One mistake reached from several paths (each branch of a condition checks
        # the same words) is one diagnostic: the first report stands.
        if span is not None and (code.code, span) in self._seen:
            return self._seen[(code.code, span)]
        return self.add(Diagnostic(code.code, message, span, label, help, list(notes or []), _fix(span, help)))

    def add(self, d: Diagnostic) -> Diagnostic:
        """Record a diagnostic made before (a parse done once, reported again); the
        first report of a code at one place stands, as in `error`."""
        key = (d.code, d.span)
        if d.span is not None:
            if key in self._seen:
                return self._seen[key]
            self._seen[key] = d
        self.items.append(d)
        return d

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=Diagnostic.sort_key)

    def render(self, color: bool = False, limit: int | None = MAX_SHOWN) -> str:
        """The diagnostics as a person reads them: the first `limit` in file order,
        a count of the rest, and a summary line."""
        items = self.sorted()
        shown = items if limit is None else items[:limit]
        index: dict[str, Lines | None] = {}
        out = [render_one(d, self.sources, index) for d in shown]
        rest = items[len(shown):]
        if rest:
            out.append(f"… and {_counts(rest, 'more ')} not shown (`--format json` lists every one)\n")
        if items:
            out.append(f"{_counts(items)} found")
        return "\n".join(out)

    def to_json(self) -> str:
        import json  # here: a check printed as text (an editor's loop) never needs it

        return json.dumps([d.to_json() for d in self.sorted()], indent=2)


def _fix(span: Span | None, help) -> Fix | None:
    """The edit a suggestion makes, when the diagnostic points at exactly the
    misspelt word (a span that covers more, or a quoted string, gets no edit)."""
    if not isinstance(help, Suggestion) or span is None:
        return None
    if span.end_line != span.line or span.end_col - span.col != len(help.typo):
        return None
    return Fix(span, help.word)


def _counts(items: list[Diagnostic], more: str = "") -> str:
    """`3 errors and 1 warning`, `1 more error`."""
    n = sum(1 for d in items if d.severity == "error")
    parts = [f"{k:,} {more}{word}{'s' if k != 1 else ''}"
             for k, word in ((n, "error"), (len(items) - n, "warning")) if k]
    return " and ".join(parts)


# Echoed source lines longer than this are shown as a window around the caret.
WINDOW = 100
# Context kept before the caret when a line is cut.
_LEAD = 30


def _window(src: str, col: int, width: int) -> tuple[str, int, int]:
    """(shown text, caret column, caret width) of a source line cut to WINDOW."""
    if len(src) <= WINDOW:
        return src, col, width
    start = max(0, min(col - 1 - _LEAD, len(src) - WINDOW))
    end = start + WINDOW
    head = "…" if start else ""
    tail = "…" if end < len(src) else ""
    width = max(1, min(width, end - (col - 1)))
    return head + src[start:end] + tail, col - start + len(head), width


def render_one(d: Diagnostic, sources: dict[str, str], index: dict | None = None) -> str:
    """One diagnostic. `index` caches each file's line index across calls, so that
    rendering many diagnostics reads each file once."""
    index = {} if index is None else index
    lines = [f"{d.severity}[{d.code}]: {d.message}"]
    if d.span:
        s = d.span
        num = str(s.line)
        pad = " " * len(num)
        lines.append(f"{pad}--> {s.file}:{s.line}:{s.col}")
        if s.file not in index:
            text = sources.get(s.file)
            index[s.file] = Lines(text) if text is not None else None
        src_lines = index[s.file]
        if src_lines is not None and 0 < s.line <= len(src_lines):
            src = printable(src_lines.line(s.line).rstrip("\r"))
            width = (s.end_col - s.col) if s.end_line == s.line and s.end_col > s.col else 1
            width = max(1, min(width, len(src) - s.col + 1)) if len(src) >= s.col else 1
            src, col, width = _window(src, s.col, width)
            lines.append(f"{pad} |")
            lines.append(f"{num} | {src}")
            caret = " " * (col - 1) + "^" * width
            lines.append(f"{pad} | {caret}{(' ' + d.label) if d.label else ''}")
        elif d.label:
            lines.append(f"{pad} = {d.label}")
        for msg, span in d.notes:
            where = f" (at {span})" if span else ""
            lines.append(f"{pad} = note: {msg}{where}")
        if d.help:
            lines.append(f"{pad} = help: {d.help}")
    else:
        for msg, span in d.notes:
            lines.append(f"  = note: {msg}")
        if d.help:
            lines.append(f"  = help: {d.help}")
    lines.append("")
    # the file's name, and a message quoting what was written, reach the terminal as text
    return "\n".join(map(printable, lines))


def an(noun: str) -> str:
    """`noun` with its indefinite article: an icon, a faction."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


# Off while a check runs only to learn whether a file has an error (a file
# checked alone before it is checked with the bundled cards): its diagnostics
# are thrown away, and the hints were most of what that first check cost.
_HINTS = contextvars.ContextVar("dunec_hints", default=True)


@contextlib.contextmanager
def without_hints():
    """did_you_mean and one_of give "" within."""
    token = _HINTS.set(False)
    try:
        yield
    finally:
        _HINTS.reset(token)


# The most characters of a name that difflib compares. Its cost grows with the
# square of the lengths: an unknown 1 MB name in a condition took over 10 s to rank
# against the condition names, and the language server checks on every keystroke.
# No bundled name is half this long, and a name longer than it is no typo of one.
HINT_CHARS = 64


def _closest(word: str, candidates: Iterable[str]) -> list[str]:
    """The candidate most like `word` (difflib's ratio at least 0.6), if any; none
    for a word longer than HINT_CHARS, and longer candidates are not compared."""
    if len(word) > HINT_CHARS:
        return []
    import difflib  # with heapq, ~1.5 ms that a check of a file with no mistake never needs

    cands = sorted({c for c in candidates if len(c) <= HINT_CHARS})
    return difflib.get_close_matches(word, cands, n=1, cutoff=0.6)


def _likeness(near: str):
    """A sort key putting the candidates most like `near` first, each name cut to
    HINT_CHARS so the ranking costs the same whatever was written."""
    import difflib

    matcher = difflib.SequenceMatcher(None, near[:HINT_CHARS])

    def key(c: str) -> float:
        matcher.set_seq2(c[:HINT_CHARS])
        return -matcher.ratio()
    return key


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """A 'did you mean' hint, or an empty string when nothing is close."""
    if not _HINTS.get():
        return ""
    best = _closest(word, candidates)
    if best:
        hint = Suggestion(f"did you mean `{best[0]}`?")
        hint.typo, hint.word = word, best[0]
        return hint
    return ""


def one_of(candidates: Iterable[str], limit: int = 12, near: str | None = None) -> str:
    """`expected one of ...`; a list longer than `limit` shows the candidates most
    like `near` (the word written) first, so the cut keeps the likely ones."""
    if not _HINTS.get():
        return ""
    cands = sorted(set(candidates))
    if not cands:  # nothing of that kind among the checked files: a list would be empty
        return "none is defined in the files checked; define one, or check with the files that do"
    if near is not None and len(cands) > limit:
        cands.sort(key=_likeness(near))
    shown = ", ".join(f"`{c}`" for c in cands[:limit])
    more = f" and {len(cands) - limit} more" if len(cands) > limit else ""
    return f"expected one of {shown}{more}"
