"""`dunec fmt`: card files in one canonical layout, comments kept.

The layout (docs/language.md, "Layout"): two spaces per block level; one space
between words; `; ` between statements an author put on one line, `, ` inside a
choice option or after `->`; a definition's body spans lines, any other block
(a `choose` too) stays on one line if the author wrote it on one line; at most
one blank line where the author left some, none after `{`, before `}` or at the
top; a comment stays on its line (two spaces before a comment after code).
Line breaks are the author's, as in gofmt: the printer keeps which statements
share a line, so its output is its own fixed point.

It prints the Lark tree, not the AST: the tree still tells `-> { a }` from
`-> a` and `else { if … }` from `else if …`, which the AST merges.
"""
from __future__ import annotations

import bisect
import dataclasses
import re
from typing import Optional

from dunec.check.diagnostics import Diagnostics
from dunec.syntax import ast
from dunec.syntax.lines import Lines
from dunec.syntax.parser import Tree, _parser, parse_source
from dunec.terminal import printable

INDENT = "  "
# Comments, and strings so that a `#` inside a title is not taken for one.
_COMMENTS = re.compile(r'#[^\n]*|"(?:[^"\\\n]|\\["\\])*"')
# Binding strength of each condition node: a child weaker than its place needs parentheses.
_PREC = {"or_cond": 1, "and_cond": 2, "not_cond": 3, "cond_term": 4}


class FormatBug(Exception):
    """The formatted text would not mean what the file means: a bug, the file is kept."""


@dataclasses.dataclass
class _Comment:
    line: int
    text: str
    trailing: bool  # after code on its line


def _comments(text: str) -> dict[int, _Comment]:
    found = {}
    where = Lines(text)
    for m in _COMMENTS.finditer(text):
        if m.group().startswith("#"):
            line, col = where.position(m.start())
            before = where.line(line)[:col - 1]
            found[line] = _Comment(line, m.group().rstrip(), bool(before.strip(" \t;")))
    return found


class _Printer:
    def __init__(self, text: str):
        self.comments = _comments(text)  # those not printed yet, by source line
        self.order = sorted(self.comments)  # their lines: `flush` walks them once, in order
        self.next = 0
        self.out: list[str] = []
        self.cur: Optional[str] = None  # the output line being written
        self.indent = 0
        self.last = 0  # the source line of the last thing printed
        self.opened = False  # the last line ended with `{`: no blank line may follow

    # ------------------------------------------------------------------ lines
    def write(self, s: str, line: int = 0) -> None:
        self.cur += s
        self.last = max(self.last, line)

    def end_line(self) -> None:
        if self.cur is None:
            return
        c = self.comments.get(self.last)
        if c is not None and c.trailing:
            del self.comments[self.last]
            self.cur += "  " + c.text
        self.out.append(self.cur.rstrip())
        self.cur = None

    def _new_line(self, line: int) -> None:
        self.end_line()
        if self.out and line > self.last + 1 and not self.opened:
            self.out.append("")
        self.opened = False
        self.cur = INDENT * self.indent
        self.last = max(self.last, line)

    def flush(self, before: int) -> None:
        """Print, each on its own line, the comments above source line `before`."""
        self.end_line()  # first, so a comment after code stays on that line
        while self.next < len(self.order) and self.order[self.next] < before:
            line = self.order[self.next]
            self.next += 1
            c = self.comments.pop(line, None)
            if c is None:  # printed after its code already
                continue
            self._new_line(line)
            self.write(c.text, line)
            self.end_line()

    def item(self, line: int) -> None:
        """Start a new output line for what starts at source line `line`."""
        self.flush(line)
        self._new_line(line)

    # ------------------------------------------------------------------ file
    def file(self, tree: Tree) -> str:
        for d in tree.children:
            self.definition(d)
        self.flush(float("inf"))
        self.end_line()
        return "\n".join(self.out) + "\n" if self.out else ""

    def definition(self, t: Tree) -> None:
        self.item(t.meta.line)
        words = [str(c) for c in t.children[:-1]]
        self.write(" ".join(words) + " ", t.meta.line)
        self.block(t.children[-1], force=True)

    # ------------------------------------------------------------------ blocks
    def block(self, b: Tree, force: bool = False) -> None:
        seqs = b.children
        if not seqs and not self._comment_inside(b.meta.line, b.meta.end_line):
            self.write("{}", b.meta.end_line)
            return
        if not force and b.meta.line == b.meta.end_line:
            self.write("{ ", b.meta.line)
            for i, s in enumerate(seqs):
                self.write("; " if i else "")
                self.seq(s)
            self.write(" }")
            return
        self.open(b.meta.line)
        prev_end = None
        for s in seqs:
            if s.meta.line == prev_end:
                self.write("; ")
            else:
                self.item(s.meta.line)
            self.seq(s)
            prev_end = s.meta.end_line
        self.close(b.meta.end_line)

    def _comment_inside(self, first: int, last: int) -> bool:
        i = bisect.bisect_right(self.order, first, self.next)
        return i < len(self.order) and self.order[i] < last

    def open(self, line: int) -> None:
        self.write("{", line)
        self.end_line()
        self.opened = True
        self.indent += 1

    def close(self, line: int) -> None:
        self.flush(line)
        self.indent -= 1
        self.end_line()
        self.opened = False
        self.cur = INDENT * self.indent
        self.write("}", line)

    def seq(self, s: Tree) -> None:
        for i, stmt in enumerate(s.children):
            self.write(", " if i else "")
            getattr(self, stmt.data)(stmt)

    # ------------------------------------------------------------------ statements
    def action(self, t: Tree) -> None:
        body = t.children[-1] if t.children and isinstance(t.children[-1], Tree) and \
            t.children[-1].data == "body" else None
        self.write(_words(t.children[:-1] if body else t.children), t.meta.line)
        if body is not None:
            self.write(" ")
            self.block(body)

    def if_stmt(self, t: Tree) -> None:
        self.write("if " + _cond(t.children[0]) + " ", t.meta.line)
        self.block(t.children[1])
        if len(t.children) > 2:
            self.write(" else ")
            other = t.children[3]
            self.block(other) if other.data == "body" else self.if_stmt(other)

    def requires_stmt(self, t: Tree) -> None:
        self.write("requires " + _cond(t.children[0]), t.meta.line)

    def for_stmt(self, t: Tree) -> None:
        self.write("for each " + _words(t.children[:-1]) + " ", t.meta.line)
        self.block(t.children[-1])

    def each_stmt(self, t: Tree) -> None:
        self.write("each " + _words(t.children[:-1]) + " ", t.meta.line)
        self.block(t.children[-1])

    def choose_stmt(self, t: Tree) -> None:
        options = [c for c in t.children if c.data == "option"]
        args = [c for c in t.children if c.data != "option"]
        self.write(" ".join(["choose"] + ([_words(args)] if args else [])) + " ", t.meta.line)
        if t.meta.line == t.meta.end_line:
            self.write("{ ")
            for o in options:
                self.write("- ")
                self.seq(o.children[0])
                self.write(" ")
            self.write("}")
            return
        self.open(t.meta.line)
        for o in options:
            self.item(o.meta.line)
            self.write("- ")
            self.seq(o.children[0])
        self.close(t.meta.end_line)

    def pay_stmt(self, t: Tree) -> None:
        costs = ", ".join(_words(c.children) for c in t.children[:-1])
        self.write(f"pay {costs} -> ", t.meta.line)
        gain = t.children[-1]
        self.block(gain) if gain.data == "body" else self.seq(gain)


def _words(items) -> str:
    """Names and arguments: a token as written, an `arg_*` node as its one token."""
    return " ".join(str(x.children[0]) if isinstance(x, Tree) else str(x) for x in items)


def _cond(t: Tree, needs: int = 0) -> str:
    parts = [c for c in t.children if isinstance(c, Tree)]
    if t.data == "or_cond":
        text = " or ".join(_cond(p, 2) for p in parts)
    elif t.data == "and_cond":
        text = " and ".join(_cond(p, 3) for p in parts)
    elif t.data == "not_cond":
        text = "not " + _cond(parts[0], 3)
    else:
        text = _words(t.children)
    return f"({text})" if _PREC[t.data] < needs else text


# ---------------------------------------------------------------------- API
def format_source(path: str, text: str, diags: Diagnostics) -> Optional[str]:
    """The canonical layout of `text`, or None when it does not parse (the
    diagnostics `check` gives are added to `diags`)."""
    errors = len(diags.errors)
    before = parse_source(path, text, diags)
    # The parser reads on past a control character (E0002) as if it were a space, so
    # that check reports the rest; a layout printed from that reading would write the
    # space into the file and the file would then check clean.
    if before is None or len(diags.errors) > errors:
        return None
    out = _Printer(before.text).file(_parser().parse(before.text))
    after = parse_source(path, out, Diagnostics())
    if after is None or shape(after.definitions) != shape(before.definitions) or \
            _comment_texts(out) != _comment_texts(before.text):
        raise FormatBug(f"{path}: the formatted text would not parse to the same cards and comments")
    return out


def _comment_texts(text: str) -> list[str]:
    return [c.text for _, c in sorted(_comments(text).items())]


def shape(node):
    """An AST without its positions: equal for two texts that say the same thing."""
    if isinstance(node, list):
        return [shape(x) for x in node]
    if isinstance(node, ast.Node) and not isinstance(node, ast.Span):
        return (type(node).__name__,) + tuple(
            shape(getattr(node, f)) for f in node.FIELDS
            if f != "file" and not isinstance(getattr(node, f), ast.Span))
    return node


# ---------------------------------------------------------------------- command
def run(paths, check: bool, diff: bool, root) -> int:
    """`dunec fmt`: rewrite each file in its canonical layout (or, with `check`,
    name the files that would change; with `diff`, print the changes). A file
    that does not parse gets `check`'s diagnostics and is left as it is.
    Returns the exit code: 1 if a file did not parse or (`check`) would change."""
    import difflib
    import sys

    from dunec.frontend import read_sources

    diags = Diagnostics()
    changed, same, failed = [], 0, False
    for path, shown, text in read_sources(paths, root, diags):
        out = format_source(shown, text, diags)
        if out is None:
            failed = True
            continue
        if out == text:
            same += 1
            continue
        changed.append(shown)
        if diff:
            sys.stdout.writelines(difflib.unified_diff(
                text.splitlines(keepends=True), out.splitlines(keepends=True),
                f"{printable(shown)} (now)", f"{printable(shown)} (formatted)"))
        if check or diff:
            print(f"would reformat {printable(shown)}", file=sys.stderr)
        else:
            _replace(path, out)
            print(f"reformatted {printable(shown)}", file=sys.stderr)
    if diags.items:
        print(diags.render(), file=sys.stderr)
    failed = failed or bool(diags.errors)
    would = "would be " if check or diff else ""
    print(f"{_files(len(changed))} {would}reformatted, {_files(same)} left unchanged"
          + (", some files not formatted: they have errors" if failed else ""), file=sys.stderr)
    return 1 if failed or (check and changed) else 0


def _files(n: int) -> str:
    return f"{n} file{'s' if n != 1 else ''}"


def _replace(path, text: str) -> None:
    """Write atomically (a temporary file, then rename) with the file's permissions:
    an interrupted run leaves the old file or the new one, never half of one."""
    import os
    import tempfile

    path = os.path.realpath(path)  # through a link to the file, so the link stays a link
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".fmt.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
