"""Studies past one process: `simulate --workers N` and `--cluster ray` give the
same results as one process, and Ctrl-C keeps an unbroken run of finished games."""
from __future__ import annotations

import json

import pytest

from dunec.cli import main
from dunec.content import load
from dunec.engine.runs.runner import simulate
from dunec.study import chunks, pool, workers

SOURCE = ("compiled", None, ())


def _stats(capsys, *argv) -> dict:
    assert main(["simulate", "--json", *argv]) == 0
    s = json.loads(capsys.readouterr().out)
    for k in ("seconds", "games_per_second"):
        s.pop(k)
    return s


def test_workers_give_the_same_results_as_one_process(capsys):
    one = _stats(capsys, "--games", "20", "--players", "3", "--balance", "--seed", "5")
    two = _stats(capsys, "--games", "20", "--players", "3", "--balance", "--seed", "5", "--workers", "2")
    every = _stats(capsys, "--games", "20", "--players", "3", "--balance", "--seed", "5", "--workers", "0")
    assert one == two == every and one["games"] == 20


def test_records_come_back_in_seed_order_across_processes():
    content = load("compiled")
    a = simulate(content, 19, 1, 3, ["random"], keep_records=True)
    b = simulate(content, 19, 1, 3, ["random"], workers=3, source=SOURCE, keep_records=True)
    assert [r["seed"] for r in b["records"]] == list(range(3, 22))
    assert a == b


def test_ctrl_c_in_a_pool_keeps_an_unbroken_run_of_finished_games(monkeypatch):
    real = workers.wait
    calls = []

    def wait(fs, **kw):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(fs, **kw)
    monkeypatch.setattr(workers, "wait", wait)
    content = load("compiled")
    # Each wait before the third hands back at least one finished chunk; the workers
    # are stopped at once, so far fewer than 400 games are played.
    s = simulate(content, 400, 3, 1, ["random"] * 3, workers=2, source=SOURCE, keep_records=True)
    assert s["interrupted"] and s["stop"] == "SIGINT"
    assert chunks.CHUNK <= s["games"] < 400 and s["games"] % chunks.CHUNK == 0
    assert [r["seed"] for r in s["records"]] == list(range(1, 1 + s["games"]))
    whole = simulate(content, s["games"], 3, 1, ["random"] * 3)
    assert {k: v for k, v in s.items() if k not in ("records", "interrupted", "stop")} == \
        {k: v for k, v in whole.items() if k != "interrupted"}


def test_prefix_stops_at_the_first_missing_chunk():
    assert chunks.prefix({0: [1, 2], 1: [3], 3: [9]}) == [1, 2, 3]
    assert chunks.prefix({1: [3]}) == []


def test_no_bar_when_stderr_is_not_a_terminal():
    assert pool.progress_bar(10) is None  # pytest captures stderr


def test_bad_worker_counts_and_a_lone_address_are_usage_errors(capsys):
    assert main(["simulate", "--games", "2", "--workers", "-1"]) == 2
    assert "--workers must be" in capsys.readouterr().err
    assert main(["simulate", "--games", "2", "--cluster-address", "ray://x:1"]) == 2
    assert "needs --cluster ray" in capsys.readouterr().err


def test_a_ray_cluster_gives_the_same_results_as_one_process(capsys):
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'dunec[cluster]')")
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        on_ray = _stats(capsys, "--games", "12", "--solo", "--balance", "--cluster", "ray")
    finally:
        ray.shutdown()
    here = _stats(capsys, "--games", "12", "--solo", "--balance")
    assert on_ray == here and here["games"] == 12


def _without(monkeypatch, module: str) -> None:
    """Imports of `module` fail, as when its extra is not installed."""
    import builtins

    real = builtins.__import__

    def blocked(name, *a, **kw):
        if name == module:
            raise ImportError(name)
        return real(name, *a, **kw)
    monkeypatch.setattr(builtins, "__import__", blocked)


def test_a_missing_ray_is_a_clear_message(capsys, monkeypatch):
    _without(monkeypatch, "ray")
    assert main(["simulate", "--games", "2", "--cluster", "ray"]) == 1
    assert "pip install 'dunec[cluster]'" in capsys.readouterr().err


def test_a_bar_on_a_terminal_and_none_without_tqdm(monkeypatch):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    tqdm = pytest.importorskip("tqdm", reason="the bar needs tqdm (pip install 'dunec[progress]')")
    bar = pool.progress_bar(5)
    try:
        assert isinstance(bar, tqdm.tqdm) and bar.total == 5
    finally:
        bar.close()
    _without(monkeypatch, "tqdm")
    assert pool.progress_bar(5) is None


def test_the_bar_counts_every_game():
    class Bar:
        n = 0

        def update(self, k):
            self.n += k

        def close(self):
            pass
    for workers in (1, 2):
        bar = Bar()
        s = simulate(load("compiled"), 11, 3, 1, ["random"] * 3, workers=workers, source=SOURCE, progress=bar)
        assert bar.n == s["games"] == 11
