"""`dunec lsp` driven over stdio the way an editor drives it, plus the pieces it
stands on: the fix a "did you mean" carries, UTF-16 positions and the completion
context."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from dunec.check.diagnostics import Diagnostics, did_you_mean
from dunec.check.messages import UNKNOWN_EFFECT
from dunec.cli import main
from dunec.fmt import format_source
from dunec.lsp.text import Doc
from dunec.syntax.ast import Span

ROOT = Path(__file__).resolve().parent.parent
# A title with a character outside the BMP: one code point, two UTF-16 code units.
TYPO = ('card lsp_probe "Spice 𝔇ealer" { set base; cost 2; icons citty\n'
        "  reveal { persuasin 1; discount arrakis_recruiter 1 }\n"
        "  agent { influence  }\n"
        "}\n")
CLEAN = ('card lsp_probe "Spice 𝔇ealer" {\n  set base;  cost 2\n  reveal { persuasion 1 }\n}\n'
         'card lsp_user "User" {\n  set base; cost 1\n  reveal { discount lsp_probe 1 }\n}\n')


def _pos(text: str, needle: str, after: int = 0) -> dict:
    """The LSP position (UTF-16) of `needle` (plus `after` characters) in `text`."""
    at = text.index(needle) + after
    line = text[:at].count("\n")
    col = at - (text.rfind("\n", 0, at) + 1)
    units = len(text.splitlines()[line][:col].encode("utf-16-le")) // 2
    return {"line": line, "character": units}


# ------------------------------------------------------------------ the fix
def test_check_json_carries_the_fix(tmp_path, capsys):
    f = tmp_path / "typo.dune"
    f.write_text(TYPO, encoding="utf-8")
    main(["check", str(f), str(ROOT / "cards" / "base"), "--format", "json"])
    fixes = {d["message"]: d.get("fix") for d in json.loads(capsys.readouterr().out)}
    assert fixes["unknown effect `persuasin`"] == {"file": str(f), "line": 2, "column": 12, "end_line": 2,
                                                   "end_column": 21, "replacement": "persuasion"}
    col = TYPO.splitlines()[0].index("citty") + 1  # dunec counts code points
    assert fixes["unknown icon `citty`"]["column"] == col
    assert fixes["unknown icon `citty`"]["replacement"] == "city"


def test_no_fix_when_the_span_is_not_the_word():
    # A fresh report each time: one code at one place is one diagnostic (repeats merge).
    word = Span("f.dune", 1, 1, 1, 10)
    wide = Span("f.dune", 1, 1, 1, 14)
    hint = did_you_mean("persuasin", ["persuasion"])
    assert Diagnostics().error(UNKNOWN_EFFECT, word, verb="persuasin", help=hint).fix
    assert Diagnostics().error(UNKNOWN_EFFECT, wide, verb="persuasin", help=hint).fix is None
    assert Diagnostics().error(UNKNOWN_EFFECT, word, verb="persuasin", help="no hint").fix is None


# ------------------------------------------------------------------ positions and context
def test_positions_count_utf16_code_units():
    doc = Doc('x "𝔇é" ab\r\nnext')
    assert doc.to_lsp(1, 8) == (0, 8)  # the astral character counts twice, é once
    assert doc.from_lsp(0, 8) == 7
    assert doc.word_at(0, 9) == "ab"
    assert doc.to_lsp(2, 1) == (1, 0)  # \r\n is one line ending
    assert doc.before(1, 2) == 'x "𝔇é" ab\nne'


def test_completion_context():
    from dunec.check.diagnostics import Diagnostics as D
    from dunec.check.vocab import Vocabulary
    from dunec.frontend import bundled_sets, compile_paths
    from dunec.lsp.complete import candidates

    vocab = Vocabulary(bundled_sets(), D())
    defs = compile_paths([ROOT / "cards" / "base"])[0].defs
    names = lambda before: {n for n, _ in candidates(before, vocab, defs)}  # noqa: E731
    head = 'card x "X" {\n  set base\n'
    assert {"persuasion", "draw", "if", "spice"} <= names(head + "  reveal { ")
    assert names(head + "  reveal { influence ") >= {"fremen", "emperor", "any"}
    assert "arrakis_recruiter" not in names(head + "  reveal { influence ")
    assert "arrakis_recruiter" in names(head + "  reveal { discount ")
    assert names(head + "  agent { gain_card ") == {d for d in defs if defs[d].kind == "reserve"}
    assert names(head + "  reveal { if ") == set(vocab.conditions)
    assert names(head + "  reveal { if high_council and ") == set(vocab.conditions)
    assert {"cost", "icons", "reveal"} <= names(head + "  ")
    assert "card" in names("# a { comment\n")
    assert names(head + '  reveal { draw 1 } # } {\n  ') >= {"cost"}
    # a set's declarations and each declaration's fields (tables in dunec/check/vocab.py)
    up = 'set x "X" {\n  requires core\n  '
    assert {"counter", "market", "module", "default", "flag", "mix"} <= names(up)
    assert names(up + 'counter hooks "Hooks" { limit 1; ') == {"holds", "returnable", "limit", "worth"}
    assert {"slots", "free", "when_empty", "keeps"} <= names(up + 'market m "M" { slots 2; ')
    assert {"solari", "draw"} <= names(up + 'market m "M" { free; when_empty { ')  # an effect box
    assert names(up + 'flag wall "Wall" { ') == {"protects"}


def test_an_open_bundled_file_replaces_its_copy(tmp_path):
    from dunec.lsp.analysis import check, path_uri, uri_path

    bundled = (ROOT / "cards" / "base" / "imperium.dune").resolve()
    link = tmp_path / "imperium.dune"
    link.symlink_to(bundled)
    path = uri_path(link.as_uri())
    assert path == bundled.as_posix() and uri_path(path_uri(path)) == path
    model, diags = check(path, bundled.read_text(encoding="utf-8"))
    assert not diags.items and "arrakis_recruiter" in model.defs
    edited = bundled.read_text(encoding="utf-8").replace("persuasion 1", "persuasin 1", 1)
    assert [d.code for d in check(path, edited)[1].items] == ["E0201"]


@pytest.mark.parametrize("argv", [["lsp"], ["lsp", "--stdio"]])
def test_lsp_without_pygls_says_how_to_install(argv):
    code = f"import sys; sys.modules['pygls'] = None; from dunec.cli import main; sys.exit(main({argv!r}))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 1
    assert "pip install dunec[lsp]" in r.stderr and "Traceback" not in r.stderr


def test_a_copy_at_a_bundled_files_place_stands_in_for_it(tmp_path):
    """An author editing another checkout's (or a copy's) cards/base/imperium.dune
    checks it against the other bundled cards, as `dunec check` does: not beside
    the installed copy with every id defined twice. Anywhere else the ids clash."""
    from dunec.lsp.analysis import check

    text = (ROOT / "cards" / "base" / "imperium.dune").read_text(encoding="utf-8")
    copy = tmp_path / "checkout" / "cards" / "base" / "imperium.dune"
    copy.parent.mkdir(parents=True)
    copy.write_text(text, encoding="utf-8")
    model, diags = check(copy.resolve().as_posix(), text)
    assert not diags.items and "arrakis_recruiter" in model.defs
    elsewhere = (tmp_path / "imperium.dune").resolve().as_posix()
    assert "E0102" in {d.code for d in check(elsewhere, text)[1].items}


# ------------------------------------------------------------------ the server over stdio
@pytest.mark.skipif(importlib.util.find_spec("pygls") is None, reason="pygls is not installed (extra dunec[lsp])")
def test_server_over_stdio(tmp_path):
    from lsp_client import Client

    path = tmp_path / "probe.dune"
    path.write_text(TYPO, encoding="utf-8")
    uri = path.resolve().as_uri()
    doc = {"uri": uri}
    c = Client(str(ROOT))
    try:
        init = c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        caps = init["capabilities"]
        for cap in ("hoverProvider", "completionProvider", "definitionProvider",
                    "documentFormattingProvider", "codeActionProvider"):
            assert caps.get(cap), cap
        c.notify("initialized", {})
        c.notify("textDocument/didOpen", {"textDocument": {**doc, "languageId": "dune", "version": 1,
                                                           "text": TYPO}})
        diags = {d["message"].splitlines()[0]: d for d in c.diagnostics(uri)}
        icon = diags["unknown icon `citty`"]
        start = _pos(TYPO, "citty")
        assert start["character"] == TYPO.splitlines()[0].index("citty") + 1  # 𝔇 is two code units
        assert icon["range"] == {"start": start, "end": _pos(TYPO, "citty", 5)}
        assert icon["code"] == "E0203" and icon["severity"] == 1
        verb = diags["unknown effect `persuasin`"]
        assert "did you mean `persuasion`?" in verb["message"]

        actions = c.request("textDocument/codeAction", {"textDocument": doc, "range": icon["range"],
                                                        "context": {"diagnostics": [icon, verb]}})
        edits = [a["edit"]["changes"][uri][0] for a in actions]
        assert edits == [{"range": icon["range"], "newText": "city"},
                         {"range": verb["range"], "newText": "persuasion"}]
        assert all(a["kind"] == "quickfix" for a in actions)

        at_ref = {"textDocument": doc, "position": _pos(TYPO, "arrakis_recruiter", 3)}
        hover = c.request("textDocument/hover", at_ref)
        assert "Arrakis Recruiter" in hover["contents"]["value"]
        assert "reveal" in hover["contents"]["value"].lower()
        where = c.request("textDocument/definition", at_ref)
        # the server's own bundled cards: this checkout's, or those of the dunec it runs
        assert where["uri"].startswith("file://") and "/cards/base/" in where["uri"]
        line = Path(where["uri"][len("file://"):]).read_text(encoding="utf-8").splitlines()[where["range"]["start"]["line"]]
        assert "arrakis_recruiter" in line

        def complete(needle, after):
            got = c.request("textDocument/completion", {"textDocument": doc, "position": _pos(TYPO, needle, after)})
            return {i["label"] for i in got["items"]}
        factions = complete("influence  ", len("influence "))
        assert {"fremen", "bene_gesserit"} <= factions and "arrakis_recruiter" not in factions
        assert "arrakis_recruiter" in complete("discount ", len("discount "))
        assert {"persuasion", "swords", "if"} <= complete("agent { ", len("agent { "))

        c.notify("textDocument/didChange", {"textDocument": {**doc, "version": 2},
                                            "contentChanges": [{"text": CLEAN}]})
        assert c.diagnostics(uri) == []
        at_own = {"textDocument": doc, "position": _pos(CLEAN, "discount lsp_probe", 10)}
        assert "Spice 𝔇ealer" in c.request("textDocument/hover", at_own)["contents"]["value"]
        where = c.request("textDocument/definition", at_own)
        assert where == {"uri": uri, "range": c_range(CLEAN)}

        edits = c.request("textDocument/formatting", {"textDocument": doc,
                                                      "options": {"tabSize": 2, "insertSpaces": True}})
        assert len(edits) == 1 and edits[0]["range"]["start"] == {"line": 0, "character": 0}
        assert edits[0]["newText"] == format_source(str(path), CLEAN, Diagnostics()) != CLEAN

        dup = 'card arrakis_recruiter "Again" {\n  set base; cost 1\n}\n'
        c.notify("textDocument/didChange", {"textDocument": {**doc, "version": 3}, "contentChanges": [{"text": dup}]})
        [twice] = c.diagnostics(uri)
        assert twice["code"] == "E0102" and twice["range"]["start"] == {"line": 0, "character": 5}
        [first] = twice["relatedInformation"]
        assert first["message"] == "first defined here"
        assert first["location"]["uri"].startswith("file://")  # the server's bundled cards (as above)
        assert first["location"]["uri"].endswith("/cards/base/imperium.dune")
        bundled = Path(unquote(first["location"]["uri"][len("file://"):]))
        line = bundled.read_text(encoding="utf-8").splitlines()[first["location"]["range"]["start"]["line"]]
        assert line.startswith("card arrakis_recruiter ")

        assert c.request("shutdown", None) is None
        c.notify("exit", None)
        assert c.proc.wait(timeout=30) == 0
    finally:
        if c.proc.poll() is None:
            c.proc.kill()
            c.proc.wait()


def c_range(text: str) -> dict:
    """Where the checker says `lsp_probe` is defined: its definition's span."""
    from dunec.frontend import compile_sources
    d = compile_sources([("probe.dune", text)])[0].defs["lsp_probe"]
    doc = Doc(text)
    (sl, sc), (el, ec) = doc.to_lsp(d.span.line, d.span.col), doc.to_lsp(d.span.end_line, d.span.end_col)
    return {"start": {"line": sl, "character": sc}, "end": {"line": el, "character": ec}}


# ------------------------------------------------------------------ the VS Code client
VSCODE = ROOT / "editors" / "vscode"
# Stand-ins for the two modules VS Code provides, recording what the extension asks for.
_STUBS = {
    "vscode/index.js": "module.exports = {workspace: {getConfiguration: (s) => ({get: (k) => "
                       "(global.settings || {})[s + '.' + k]})}};",
    "vscode-languageclient/node.js": "class LanguageClient { constructor(id, name, server, client) {"
                                     " global.made = {id, name, server, client}; }"
                                     " start() { return 'started'; } stop() {} }"
                                     " module.exports = {LanguageClient};",
}
_DRIVE = """
global.settings = JSON.parse(process.argv[3]);
const ext = require(process.argv[2]);
const context = {subscriptions: []};
const started = ext.activate(context);
console.log(JSON.stringify({made: global.made, started, subscribed: context.subscriptions.length}));
"""


@pytest.mark.skipif(__import__("shutil").which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("settings,command", [({}, "dunec"), ({"dunec.command": "/venv/bin/dunec"}, "/venv/bin/dunec")])
def test_vscode_extension_starts_dunec_lsp(tmp_path, settings, command):
    package = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    assert (VSCODE / package["main"]).is_file()
    assert "onLanguage:dune" in package["activationEvents"]
    assert "vscode-languageclient" in package["dependencies"]
    assert package["contributes"]["configuration"]["properties"]["dunec.command"]["default"] == "dunec"
    for name, text in _STUBS.items():
        (tmp_path / "node_modules" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "node_modules" / name).write_text(text)
    (tmp_path / "drive.js").write_text(_DRIVE)
    r = subprocess.run([__import__("shutil").which("node"), str(tmp_path / "drive.js"), str(VSCODE / package["main"]), json.dumps(settings)],
                       capture_output=True, text=True, env={"NODE_PATH": str(tmp_path / "node_modules")})
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["made"]["server"]["run"] == {"command": command, "args": ["lsp"]}
    assert {"scheme": "file", "language": "dune"} in out["made"]["client"]["documentSelector"]
    assert out["started"] == "started" and out["subscribed"] == 1


def test_a_hover_words_a_sets_declared_names_by_their_titles(tmp_path):
    """As `dunec show` does: `+1 Dreadnought`, the title Rise of Ix declares, never the id."""
    from lsp_client import Client

    text = ('card lsp_fleet "Fleet" {\n  set ix; cost 2; icons city\n'
            '  agent { dreadnought 1 }\n  reveal { move shipping 1 }\n}\n')
    path = tmp_path / "fleet.dune"
    path.write_text(text, encoding="utf-8")
    doc = {"uri": path.resolve().as_uri()}
    c = Client(str(ROOT))
    try:
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        c.notify("initialized", {})
        c.notify("textDocument/didOpen", {"textDocument": {**doc, "languageId": "dune", "version": 1, "text": text}})
        assert c.diagnostics(doc["uri"]) == []
        shown = c.request("textDocument/hover", {"textDocument": doc, "position": _pos(text, "lsp_fleet", 2)})
        value = shown["contents"]["value"]
        assert "Dreadnought" in value and "Shipping track" in value, value
        assert c.request("shutdown", None) is None
        c.notify("exit", None)
        assert c.proc.wait(timeout=30) == 0
    finally:
        if c.proc.poll() is None:
            c.proc.kill()
            c.proc.wait()
