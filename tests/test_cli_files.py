"""The command line and the file system: build reports, and folders it cannot
write to are user errors (exit 1 with the reason), never exit 70."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from dunec.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("form", ["cards", "./cards/", "ABS/cards"])
def test_build_check_is_fresh_whatever_form_cards_takes(form, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["build", "--check", "--cards", form.replace("ABS", str(ROOT))]) == 0, capsys.readouterr().err
    assert "up to date" in capsys.readouterr().out


@pytest.mark.parametrize("form", ["cards/base", "ABS/cards/base"])
def test_a_set_folders_build_is_fresh_whatever_form_it_takes(form, capsys, monkeypatch, tmp_path):
    """One set folder builds that set alone (Rise of Ix's cards are not in it); the
    form of its path does not make the build stale."""
    monkeypatch.chdir(ROOT)
    out = str(tmp_path / "gen")
    assert main(["build", "--cards", "./cards/base/", "--out", out]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["build", "--check", "--cards", form.replace("ABS", str(ROOT)), "--out", out]) == 0
    assert "up to date" in capsys.readouterr().out


def _project(tmp_path) -> tuple[Path, Path]:
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "cards", cards)
    out = tmp_path / "gen"
    assert main(["build", "--cards", str(cards), "--out", str(out)]) == 0
    return cards, out


def test_build_says_removed_for_a_file_it_removed(tmp_path, capsys):
    cards, out = _project(tmp_path)
    capsys.readouterr()
    # two files no other card names (a set's `replace` naming a removed card would fail the check)
    (cards / "choam" / "imperium.dune").unlink()
    (cards / "choam" / "intrigue.dune").unlink()
    assert main(["build", "--cards", str(cards), "--out", str(out)]) == 0, capsys.readouterr().err
    said = capsys.readouterr().out
    assert "removed choam_imperium.py, choam_intrigue.py" in said and "wrote registry.py" in said
    assert "wrote choam_imperium.py" not in said and not (out / "choam_imperium.py").exists()


def test_build_out_onto_a_regular_file_is_a_user_error(tmp_path, capsys):
    target = tmp_path / "afile"
    target.write_text("keep me")
    assert main(["build", "--out", str(target)]) == 1
    assert "is a file, not a folder" in capsys.readouterr().err
    assert target.read_text() == "keep me"
    # A folder below a regular file: the real OSError path (NotADirectoryError).
    assert main(["build", "--out", str(target / "sub")]) == 1
    err = capsys.readouterr().err
    assert "cannot write the generated files to" in err and "internal error" not in err


def test_build_out_on_a_read_only_folder_is_a_user_error(tmp_path, capsys, monkeypatch):
    # Tests run as root, which ignores write bits: refuse the write the way a
    # read-only folder would.
    import tempfile

    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied", str(tmp_path / "ro"))
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    assert main(["build", "--out", str(tmp_path / "ro")]) == 1
    err = capsys.readouterr().err
    assert "cannot write the generated files to" in err and "Permission denied" in err


def test_show_svg_onto_a_file_or_read_only_folder_is_a_user_error(tmp_path, capsys, monkeypatch):
    target = tmp_path / "afile"
    target.write_text("keep me")
    assert main(["show", "duncan_idaho", "--svg", str(target)]) == 1
    assert "is a file, not a folder" in capsys.readouterr().err
    assert main(["show", "duncan_idaho", "--svg", str(target / "pics")]) == 1
    assert "cannot write pictures to" in capsys.readouterr().err
    real_write = Path.write_text

    def refuse(self, *a, **k):
        if self.suffix == ".svg":
            raise PermissionError(13, "Permission denied", str(self))
        return real_write(self, *a, **k)
    monkeypatch.setattr(Path, "write_text", refuse)
    assert main(["show", "duncan_idaho", "--svg", str(tmp_path / "ro")]) == 1
    err = capsys.readouterr().err
    assert "cannot write pictures to" in err and "Permission denied" in err and "internal error" not in err


def test_show_svg_writes_pictures(tmp_path, capsys):
    assert main(["show", "duncan_idaho", "--svg", str(tmp_path / "pics")]) == 0
    assert (tmp_path / "pics" / "duncan_idaho.svg").read_text().startswith("<svg")
    assert os.path.isdir(tmp_path / "pics")
