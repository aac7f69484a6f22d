"""`dunec check FILE` parses each file once and takes the bundled cards' parses
from the user's cache (dunec/parsecache.py). Whatever the cache holds, or fails to
hold, the diagnostics and the model are those of parsing everything afresh."""
from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from dunec import parsecache
from dunec.check.diagnostics import Diagnostics
from dunec.frontend import compile_paths, compile_sources, read_sources
from dunec.paths import cards_dir

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "cards").rglob("*.dune")) + sorted((ROOT / "tests" / "diagnostics").glob("*.dune"))


def _full_path(path: Path):
    """`check FILE` as it was before any parse was reused: the file alone, then (when
    it has errors) with the bundled cards it does not name or stand in for (a
    checked file at a bundled file's place below `cards/` replaces it, which
    matters when dunec is installed from another checkout), every file parsed
    afresh."""
    read_diags = Diagnostics()
    read = read_sources([path], ROOT, read_diags)
    sources = [(shown, text) for _, shown, text in read]

    def run(context):
        diags = Diagnostics()
        diags.items.extend(read_diags.items)
        diags.sources.update(read_diags.sources)
        return compile_sources(sources, diags, None, context)

    model, diags = run([])
    if len(diags.errors) > len(read_diags.errors):
        named = {p.resolve() for p, _, _ in read}
        places = {_place(p, "cards") for p in named}
        bundled = cards_dir().resolve()
        context = [(s, t) for p, s, t in read_sources([cards_dir()], ROOT, Diagnostics())
                   if p.resolve() not in named and _place(p.resolve(), bundled) not in places]
        if context:
            model, diags = run(context)
    return model, diags


def _place(path: Path, below) -> tuple | None:
    """The path's parts below `below` (a folder), or below its nearest `cards`
    folder when `below` is that name."""
    parts = path.parts
    if isinstance(below, Path):
        return parts[len(below.parts):] if parts[:len(below.parts)] == below.parts else None
    where = [i for i, part in enumerate(parts[:-1]) if part == below]
    return parts[where[-1] + 1:] if where else None


def _outcome(model, diags):
    return ([d.to_json() for d in diags.items], diags.render(), sorted(diags.sources),
            {k: (d.kind, d.set, d.file, d.span, d.fields, d.copies, sorted(d.boxes)) for k, d in model.defs.items()},
            sorted(model.files), model.context, [(t.id, t.card, t.span) for t in model.tests])


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DUNEC_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / parsecache.CACHE_FILE


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_fast_and_full_paths_give_the_same_check(path, cache):
    want = _outcome(*_full_path(path))
    cold = _outcome(*compile_paths([path], root=ROOT, with_bundled=True))  # fills the cache when it reads context
    warm = _outcome(*compile_paths([path], root=ROOT, with_bundled=True))
    assert cold == want
    assert warm == want


def test_the_cache_holds_only_bundled_cards_and_is_used(cache, tmp_path):
    mine = tmp_path / "mine.dune"
    mine.write_text('card probe "Probe" {\n  cost 1\n  acquire_cost 1\n  reveal { acquire dagger }\n}\n', encoding="utf-8")
    first = _outcome(*compile_paths([mine], root=ROOT, with_bundled=True))
    stamp, entries = pickle.loads(cache.read_bytes())
    assert stamp == parsecache.code_stamp()
    bundled = cards_dir().resolve()  # shown relative to ROOT when dunec is this checkout's
    assert entries and all((ROOT / p).resolve().is_relative_to(bundled) for p, _ in entries)
    assert not any('card probe "Probe"' in text for _, text in entries)  # the user's file is never kept
    before = cache.stat().st_mtime_ns
    assert _outcome(*compile_paths([mine], root=ROOT, with_bundled=True)) == first
    assert cache.stat().st_mtime_ns == before  # read, not written again


@pytest.mark.parametrize("damage", ["garbage", "stale", "wrong text"])
@pytest.mark.parametrize("name", [parsecache.CACHE_FILE, parsecache.SETS_FILE])
def test_a_damaged_or_stale_cache_is_parsed_afresh(cache, damage, name):
    from dunec import frontend

    path = ROOT / "cards" / "base" / "imperium.dune"
    want = _outcome(*_full_path(path))
    frontend._bundled_set_files.cache_clear()  # read once a process: here, through this test's cache
    compile_paths([path], root=ROOT, with_bundled=True)
    frontend._bundled_set_files.cache_clear()
    cache = cache.with_name(name)
    stamp, entries = pickle.loads(cache.read_bytes())
    if damage == "garbage":
        cache.write_bytes(b"not a pickle")
    else:
        # A kept parse that does not match its text would show here as a wrong check.
        (key, entry), *_ = entries.items()
        other = next(e for k, e in entries.items() if k != key)
        entries = {k: other for k in entries}
        if damage == "stale":
            stamp = stamp[:-1] + ((("dune.lark", -1, -1),),)
        else:
            entries = {(p, t + "\n# edited\n"): e for (p, t), e in entries.items()}
        cache.write_bytes(pickle.dumps((stamp, entries)))
    assert _outcome(*compile_paths([path], root=ROOT, with_bundled=True)) == want


def test_an_unwritable_cache_folder_is_no_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("DUNEC_CACHE_DIR", str(blocker / "cache"))  # below a file: cannot be made
    path = ROOT / "cards" / "base" / "imperium.dune"
    assert _outcome(*compile_paths([path], root=ROOT, with_bundled=True)) == _outcome(*_full_path(path))
    assert sorted(os.listdir(tmp_path)) == ["a file"]


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    from dunec.paths import cache_dir

    monkeypatch.delenv("DUNEC_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "dunec"
    monkeypatch.setenv("DUNEC_CACHE_DIR", str(tmp_path / "own"))
    assert cache_dir() == tmp_path / "own"


def test_one_kept_context_serves_every_file_alike(cache, monkeypatch):
    """The Known made checking one file is used for the next ones it fits, and
    each check is still the full one; most files must have used it."""
    from dunec import frontend

    used = []
    real = frontend.compile_sources

    def spy(*a, **k):
        out = real(*a, **k)  # raises context.Changed when the Known does not fit
        used.append(k.get("known") is not None)
        return out

    monkeypatch.setattr(frontend, "compile_sources", spy)
    for path in FILES:
        assert _outcome(*compile_paths([path], root=ROOT, with_bundled=True)) == _outcome(*_full_path(path)), path
    assert sum(used) > 20 and cache.with_name(parsecache.CONTEXT_FILE).exists()


@pytest.mark.parametrize("text, why", [
    ('card dagger "Dagger Again" {\n  cost 1\n  reveal { persuasion 1 }\n}\n', "redefines a bundled id"),
    ('card fremen "Fremen" {\n  cost 1\n  reveal { influence fremen 1; acquire nowhere }\n}\n', "a name the bundled cards mention"),
    ('set mine "Mine" {\n  requires base\n}\ncard mine_card "M" {\n  set mine\n  cost 1\n  reveal { acquire nowhere }\n}\n',
     "declares a set"),
])
def test_a_file_that_could_change_the_context_is_checked_in_full(cache, tmp_path, monkeypatch, text, why):
    from dunec import frontend

    primer = tmp_path / "primer.dune"
    primer.write_text('card primer "P" {\n  cost 1\n  reveal { acquire nowhere }\n}\n', encoding="utf-8")
    compile_paths([primer], root=ROOT, with_bundled=True)  # makes the Known
    assert cache.with_name(parsecache.CONTEXT_FILE).exists()
    mine = tmp_path / "mine.dune"
    mine.write_text(text, encoding="utf-8")
    tried = []
    real = frontend.compile_sources

    def spy(*a, **k):
        try:
            return real(*a, **k)
        except Exception as e:
            tried.append(type(e).__name__)
            raise

    monkeypatch.setattr(frontend, "compile_sources", spy)
    assert _outcome(*compile_paths([mine], root=ROOT, with_bundled=True)) == _outcome(*_full_path(mine))
    assert tried == ["_FoundError", "Changed"], why  # alone: an error; the Known: refused


def test_a_bundled_file_edited_to_drop_an_id_others_use_is_checked_in_full(cache, monkeypatch):
    """board.dune, being edited: its `arrakeen` is one that hagal.dune sends agents
    to. The Known made with it must not serve the edit that renames it."""
    from dunec import frontend

    board = (cards_dir() / "base" / "board.dune").resolve()
    real = frontend.read_card_file
    edit = [b"\ncard probe_x \"P\" {\n  cost 1\n  reveal { acquire nowhere }\n}\n"]  # an error: checked with context

    def read(p):
        data = real(p)
        if Path(p).resolve() != board:
            return data
        return data.replace(b"space arrakeen ", b"space arrakeen_gone ") + edit[0] if len(edit) > 1 else data + edit[0]

    monkeypatch.setattr(frontend, "read_card_file", read)
    first = _outcome(*compile_paths([board], root=ROOT, with_bundled=True))
    assert first == _outcome(*_full_path(board))
    assert "arrakeen" in parsecache.read_kept(parsecache.CONTEXT_FILE)[1].present
    edit.append("rename")
    got = _outcome(*compile_paths([board], root=ROOT, with_bundled=True))
    assert got == _outcome(*_full_path(board)) and got != first


def test_the_stamp_follows_the_checker_and_parser_code():
    """An edit to the code that parses or checks (here: a new modification time)
    makes every kept result stale."""
    source = Path(parsecache.__file__).parent / "check" / "context.py"
    st = source.stat()
    before = parsecache.code_stamp.__wrapped__()
    try:
        os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
        assert parsecache.code_stamp.__wrapped__() != before
    finally:
        os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert parsecache.code_stamp.__wrapped__() == before


def test_the_check_alone_stops_at_its_first_error(monkeypatch, tmp_path):
    """The first check of `check FILE` is only asked whether FILE checks by itself
    once it finds an error: it stops there, and the bundled cards' check reports."""
    from dunec import frontend

    card = tmp_path / "two.dune"
    card.write_text('card two "Two" {\n  set base\n  cost 1\n  reveal { spcie 1; watr 1 }\n}\n', encoding="utf-8")
    seen = []
    real = frontend.compile_sources

    def spy(sources, diags=None, *a, **kw):
        try:
            return real(sources, diags, *a, **kw)
        finally:
            seen.append((type(diags).__name__, [d.code for d in diags.items]))

    monkeypatch.setattr(frontend, "compile_sources", spy)
    model, diags = compile_paths([card], root=tmp_path, with_bundled=True)
    assert [d.code for d in diags.items] == ["E0201", "E0201"]  # both, from the check with the bundled cards
    assert seen == [("_UntilError", []), ("Diagnostics", ["E0201", "E0201"])]
    # a warning alone ends nothing: the file checks by itself, and its warnings are kept
    d = frontend._UntilError()
    d.add(frontend.Diagnostic("W0001", "a warning", None))
    assert [x.code for x in d.items] == ["W0001"]
    with pytest.raises(frontend._FoundError):
        d.add(frontend.Diagnostic("E0201", "an error", None))


def test_a_file_at_a_bundled_files_place_stands_in_for_it(cache, tmp_path):
    """`check FILE` of an edited copy of a bundled file (a checkout's cards while
    another dunec is installed, or a copied cards folder) checks the edit against
    the other bundled cards: the bundled file at the same place below `cards/` is
    left out, so no id is defined twice. A file anywhere else still may not reuse
    a bundled id."""
    text = (ROOT / "cards" / "base" / "imperium.dune").read_text(encoding="utf-8")
    edited = text.replace("copies 2; cost 2; icons city\n  agent { troops 1 }", "copies 2; cost 3; icons city\n  agent { troops 1 }", 1)
    assert edited != text
    copy = tmp_path / "mine" / "cards" / "base" / "imperium.dune"
    copy.parent.mkdir(parents=True)
    copy.write_text(edited, encoding="utf-8")
    model, diags = compile_paths([copy], root=tmp_path, with_bundled=True)
    assert diags.items == [] and model.defs["arrakis_recruiter"].fields["cost"] == 3
    assert model.defs["arrakis_recruiter"].file == "mine/cards/base/imperium.dune"
    assert "dagger" in model.defs and "arrakeen" in model.defs  # the other bundled cards resolve its names
    beside = copy.with_name("more.dune")
    beside.write_text(text.split("\ntest ", 1)[0] + '\ntest mine "Mine" {\n  card arrakis_recruiter\n'
                      '  given { deck dagger }\n  play reveal\n  expect { persuasion 1; swords 1 }\n}\n',
                      encoding="utf-8")  # arrakis_recruiter again, and a name only the bundled cards define
    copy.unlink()
    _, diags = compile_paths([beside], root=tmp_path, with_bundled=True)
    assert [d.code for d in diags.errors] == ["E0102"]


def test_the_check_alone_computes_no_hints_and_the_real_check_does(monkeypatch, tmp_path):
    """The first check only asks whether the file has an error: its "did you mean"
    hints are not worked out (without_hints); the check that reports has them."""
    from dunec.check import diagnostics

    card = tmp_path / "two.dune"
    card.write_text('card two "Two" {\n  set base\n  cost 1\n  reveal { spcie 1 }\n}\n', encoding="utf-8")
    asked = []
    hints = diagnostics._HINTS

    class Spy:  # the switch, noting each time a hint asks it
        def get(self):
            asked.append(hints.get())
            return asked[-1]

        set, reset = hints.set, hints.reset

    monkeypatch.setattr(diagnostics, "_HINTS", Spy())
    _, diags = compile_paths([card], root=tmp_path, with_bundled=True)
    assert [d.help for d in diags.items] == ["did you mean `spice`?"]
    assert asked[0] is False and asked[-1] is True
    with diagnostics.without_hints():
        assert hints.get() is False and diagnostics.did_you_mean("spcie", ["spice"]) == ""
    assert hints.get() is True and diagnostics.did_you_mean("spcie", ["spice"]) == "did you mean `spice`?"
