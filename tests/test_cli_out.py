"""Output folders and names the system refuses: `build --out`, `show --svg`,
`gallery` and `check` answer a symlink loop or a name too long with exit 1 and
the reason; `build --out ""` is refused; a file dunec did not write is never
overwritten; generated files are 0644 under the usual umask; and a gallery
report's bad row is named (exit 1), never exit 70."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from dunec.cli import main

LONG = "a" * 300  # past NAME_MAX (255) on every common file system


@pytest.fixture
def loop(tmp_path) -> Path:
    link = tmp_path / "loop"
    link.symlink_to(link)
    return link


@pytest.mark.parametrize("argv", [["build", "--out", "{loop}"], ["build", "--out", "{loop}/x"],
                                  ["show", "duncan_idaho", "--svg", "{loop}"], ["gallery", "{loop}"]])
def test_a_symlink_loop_is_exit_1_with_the_reason(loop, capsys, argv):
    assert main([a.format(loop=loop) for a in argv]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"dunec: cannot use {loop}") and os.strerror(40) in err and "internal error" not in err


@pytest.mark.parametrize("argv", [["build", "--out", "{long}"], ["check", "{long}.dune"],
                                  ["show", "duncan_idaho", "--svg", "{long}"], ["gallery", "{long}"]])
def test_a_name_too_long_is_exit_1_with_the_reason(tmp_path, capsys, argv):
    long = str(tmp_path / LONG)
    assert main([a.format(long=long) for a in argv]) == 1
    err = capsys.readouterr().err
    assert err.startswith("dunec: cannot use ") and "File name too long" in err and "internal error" not in err


def test_an_empty_out_is_refused_and_nothing_is_written(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["build", "--out", ""]) == 1
    assert '--out "" names no folder' in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["__init__.py", "registry.py"])
def test_a_file_dunec_did_not_write_is_never_overwritten(tmp_path, capsys, name):
    out = tmp_path / "out"
    out.mkdir()
    (out / name).write_text("# my own module\n")
    assert main(["build", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{name} is there and dunec did not write it" in err
    assert (out / name).read_text() == "# my own module\n"
    assert [p.name for p in out.iterdir()] == [name]  # nothing else written either


def test_a_folder_of_its_own_files_is_rebuilt_and_files_are_0644(tmp_path, capsys):
    out = tmp_path / "out"
    old = os.umask(0o022)
    try:
        assert main(["build", "--out", str(out)]) == 0
        (out / "base_board.py").write_text((out / "base_board.py").read_text() + "# stale\n")
        assert main(["build", "--out", str(out)]) == 0  # dunec's own files are replaced
    finally:
        os.umask(old)
    assert "wrote base_board.py" in capsys.readouterr().out
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in out.iterdir()}
    assert "__init__.py" in modes and set(modes.values()) == {0o644}
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temporary file left


# ---------------------------------------------------------------- gallery --report
HEADER = "id,name,owned_in,wins_when_owned,win_rate_when_owned,ci_low,ci_high,difference\n"


@pytest.mark.parametrize("row, message", [
    ("duncan_idaho,Duncan Idaho,10,5\n", "line 2: 4 fields where the header has 8"),
    ("duncan_idaho,Duncan Idaho,10,5,0.5,0.2,0.8,0.1,extra\n", "line 2: 9 fields where the header has 8"),
    ("duncan_idaho,Duncan Idaho,10,5,nan,0.2,0.8,0.1\n", "line 2: win_rate_when_owned is 'nan', not a finite number"),
    ("duncan_idaho,Duncan Idaho,10,5,0.5,0.2,0.8,inf\n", "line 2: difference is 'inf', not a finite number"),
    ("duncan_idaho,Duncan Idaho,ten,5,0.5,0.2,0.8,0.1\n", "line 2: owned_in is 'ten', not a count of games"),
])
def test_a_bad_report_row_is_named(tmp_path, capsys, row, message):
    csv = tmp_path / "cards.csv"
    csv.write_text(HEADER + "spice_hunt,Spice Hunt,3,1,0.3333,0.1,0.6,0.05\n" + row)
    assert main(["gallery", str(tmp_path / "g"), "--report", str(csv)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == f"dunec: {csv}, {message.replace('line 2', 'line 3')}"
    assert not (tmp_path / "g").exists()


def test_a_card_never_owned_is_still_read(tmp_path, capsys):
    csv = tmp_path / "cards.csv"
    csv.write_text(HEADER + "duncan_idaho,Duncan Idaho,0,0,,0,0,\n")
    assert main(["gallery", str(tmp_path / "g"), "--report", str(csv)]) == 0
    assert "Balance: not owned in the simulated games" in (tmp_path / "g" / "index.html").read_text()
