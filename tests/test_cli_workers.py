"""`dunec simulate --workers N` under signals, as a shell delivers them: Ctrl-C at
any moment ends the run with the games so far (exit 130), SIGTERM ends the
workers too (exit 143), and a worker that dies is an error (exit 1) that keeps
the finished games. Each run is a real process; the tests poll with generous
timeouts and never time how fast anything is."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dunec.study import chunks, workers

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads worker pids from /proc")

GAMES = "100000"  # far more than any test lets finish: a run that plays on is seen


def _hear_ctrl_c() -> None:
    """In the child before it runs: Ctrl-C as a terminal's foreground job hears it. A
    test run started in the background of a shell (`pytest &`) ignores SIGINT, and an
    ignored signal stays ignored in every process it starts (Python then leaves it so)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(*argv) -> subprocess.Popen:
    # A session of its own: a signal to its group reaches the workers too, as Ctrl-C at a terminal does.
    return subprocess.Popen([sys.executable, "-m", "dunec", "simulate", "--json", "--games", GAMES, *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_hear_ctrl_c)


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, None when there is none."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, ppid = text[text.rindex(")") + 2:].split()[:2]
    return state, int(ppid)


def _children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            st = _stat(int(d.name))
            if st is not None and st[1] == pid and st[0] != "Z":
                out.append(int(d.name))
    return out


def _wait_for_workers(p: subprocess.Popen, n: int = 2, timeout: float = 180) -> list[int]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert p.poll() is None, p.communicate()
        kids = _children(p.pid)
        if len(kids) >= n:
            return kids
        time.sleep(0.1)
    _kill(p)
    pytest.fail(f"the workers did not start within {timeout} s")


def _kill(p: subprocess.Popen) -> None:
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.communicate()


def _finish(p: subprocess.Popen, timeout: float = 180) -> tuple[int, str, str]:
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill(p)
        pytest.fail(f"the run did not end within {timeout} s of the signal")
    assert "Traceback" not in err, err
    return p.returncode, out, err


def _all_gone(pids, timeout: float = 60) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if all(_stat(pid) is None or _stat(pid)[0] == "Z" for pid in pids):
            return True
        time.sleep(0.1)
    return False


def _kept(out: str, stop: str) -> dict:
    s = json.loads(out)
    assert s["interrupted"] and s["stop"].startswith(stop) and 0 <= s["games"] < int(GAMES)
    assert s["games"] % chunks.CHUNK == 0 and (not s["games"] or len(s["wins_by_seat"]) == s["seats"])
    return s


@pytest.mark.parametrize("after", [0.0, 0.4])
def test_ctrl_c_as_the_workers_start_ends_the_run_at_once(after):
    # Timed from the first worker, not from the start: Python's own start-up, before
    # any dunec code runs, takes longer than 0.5 s on a loaded machine.
    p = _start("--workers", "2")
    _wait_for_workers(p, 1)
    time.sleep(after)
    os.killpg(p.pid, signal.SIGINT)
    code, out, err = _finish(p)
    assert code == 130 and "interrupted after" in err
    _kept(out, "SIGINT")
    assert not _children(p.pid)


def test_ctrl_c_while_the_workers_play_prints_the_games_so_far_and_ends_them():
    p = _start("--workers", "2")
    kids = _wait_for_workers(p)
    time.sleep(1.0)
    os.killpg(p.pid, signal.SIGINT)
    code, out, err = _finish(p)
    assert code == 130 and "interrupted after" in err
    _kept(out, "SIGINT")
    assert _all_gone(kids)


def test_sigterm_ends_the_workers_with_the_parent():
    p = _start("--workers", "2")
    kids = _wait_for_workers(p)
    os.kill(p.pid, signal.SIGTERM)  # the parent alone, as `kill` or a job scheduler sends it
    code, out, err = _finish(p)
    assert code == 143 and "terminated after" in err
    _kept(out, "SIGTERM")
    assert _all_gone(kids), "a worker outlived its parent"


def test_a_killed_worker_is_an_error_that_keeps_the_finished_games():
    p = _start("--workers", "2")
    kids = _wait_for_workers(p)
    os.kill(kids[0], signal.SIGKILL)
    code, out, err = _finish(p)
    assert code == 1, err
    assert f"worker process {kids[0]} was killed by SIGKILL" in err and "BrokenProcessPool" not in err
    _kept(out, "worker process")
    assert _all_gone(kids)


# In one process: the finished chunks a lost worker leaves are exactly those kept.
MARK = "DUNEC_TEST_MARK"


def _play_or_die(content, seed, setup):
    """A game that is a record of its seed; seed 8 waits until the parent has taken
    chunk 0 (the bar's mark), then dies as an out-of-memory kill would."""
    if seed == 8:
        mark = Path(setup["mark"])
        end = time.monotonic() + 180
        while not mark.exists() and time.monotonic() < end:
            time.sleep(0.05)
        os.kill(os.getpid(), signal.SIGKILL)
    return {"seed": seed}


class _MarkingBar:
    def __init__(self, mark: Path):
        self.mark = mark
        self.n = 0

    def update(self, k):
        self.n += k
        self.mark.write_text("taken")

    def close(self):
        pass


def test_a_lost_worker_keeps_the_chunks_finished_before_it(tmp_path):
    mark = tmp_path / "mark"
    records, stop = workers.play_local(_play_or_die, ("compiled", None, ()), range(16), {"mark": str(mark)},
                                       2, _MarkingBar(mark))
    assert records == [{"seed": s} for s in range(8)]
    assert stop.startswith("worker process ") and "was killed by SIGKILL" in stop


def _play_or_fail(content, seed, setup):
    if seed == 3:
        raise ValueError("a bug in game 3")
    return {"seed": seed}


def test_a_bug_in_a_worker_game_is_raised_in_the_parent_and_no_worker_is_left():
    before = set(_children(os.getpid()))
    with pytest.raises(ValueError, match="a bug in game 3"):
        workers.play_local(_play_or_fail, ("compiled", None, ()), range(40), {}, 2, None)
    assert set(_children(os.getpid())) <= before
