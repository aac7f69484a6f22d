"""`dunec play --resume FILE` reads only a regular file of bounded size, and a
save whose own fields are wrong is refused naming the file and the field (exit 1,
never a usage error: the command line was right)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dunec.cli import main
from dunec.engine.records import saves
from dunec.engine.runs.runner import play_game
from dunec.engine.records.saves import card_record


@pytest.fixture(scope="module")
def good(compiled):
    decisions = play_game(compiled, 2, 4, ["random", "random"], quiet=True).decisions
    return {"format": "dunec save", "version": 2, "seed": 4, "people": 2, "difficulty": "novice",
            "churn": "reveal", "policies": ["random", "random"], "backend": "compiled",
            "cards": card_record(None), "with": [], "decisions": decisions}


def _resume_process(path, timeout: float = 120) -> subprocess.CompletedProcess:
    # A process of its own: the old code blocked forever on a pipe and grew without bound on /dev/zero.
    return subprocess.run([sys.executable, "-m", "dunec", "play", "--resume", str(path)],
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_without_reading_it():
    r = _resume_process("/dev/zero")
    assert r.returncode == 1 and r.stderr.strip() == \
        "dunec: cannot read /dev/zero: not a regular file (a folder, device or pipe)"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "save.fifo"
    os.mkfifo(fifo)
    r = _resume_process(fifo)
    assert r.returncode == 1 and "not a regular file" in r.stderr and str(fifo) in r.stderr


def test_a_folder_is_refused(tmp_path, capsys):
    assert main(["play", "--resume", str(tmp_path)]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_a_save_larger_than_the_cap_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1024)
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"pad": "x" * 2000}))
    assert main(["play", "--resume", str(big)]) == 1
    err = capsys.readouterr().err
    assert f"cannot read {big}: larger than 1,024 bytes, the most a save file may hold" in err


@pytest.mark.parametrize("sets, reason", [(["ix"], "set `ix` requires base"),
                                          (["base", "nosuch"], "unknown set `nosuch`")])
def test_a_save_whose_sets_cannot_be_played_names_the_file_and_the_field(tmp_path, capsys, good, sets, reason):
    f = tmp_path / "save.json"
    f.write_text(json.dumps({**good, "sets": sets}))
    assert main(["play", "--resume", str(f), "--json"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"dunec: {f}: sets: {json.dumps(sets)} cannot be played: {reason}")
    assert "--sets" not in err


def test_the_valid_save_still_resumes(tmp_path, capsys, good):
    f = tmp_path / "save.json"
    f.write_text(json.dumps({**good, "sets": ["base"]}))
    assert main(["play", "--resume", str(f), "--json"]) == 0, capsys.readouterr().err
