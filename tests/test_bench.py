"""The benchmark runs (tiny sizes, no timing asserted), so it cannot rot as the
language grows."""
import importlib.util
from pathlib import Path


def test_benchmark_runs(capsys):
    path = Path(__file__).resolve().parent.parent / "bench" / "bench.py"
    spec = importlib.util.spec_from_file_location("dunec_bench", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.main(["--games", "2", "--effects", "2"])
    out = capsys.readouterr().out
    for line in ("build:", "effect language alone", "effects against the real engine", "4-player random games",
                 "steps (decisions)", "base + Rise of Ix", "base + Rise of Ix + Immortality", "against the base game",
                 "games/s compiled", "CPU time", "clone of a mid-game state", "boxes that may ask, from frames",
                 "stepped from outside (Game.apply)", "Game.clone()", "PettingZoo adapter"):
        assert line in out
    assert "ratio" in out
