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
    it has errors) with the bundled cards it does not name, every file parsed afresh."""
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
        context = [(s, t) for p, s, t in read_sources([cards_dir()], ROOT, Diagnostics()) if p.resolve() not in named]
        if context:
            model, diags = run(context)
    return model, diags


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
    assert entries and all(p.startswith("cards/") for p, _ in entries)
    assert not any("probe" in text for _, text in entries)  # the user's file is never kept
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
