"""Shared fixtures: content for both back-ends, and the scenario harness."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dunec.content import from_model, load  # noqa: E402
from dunec.frontend import compile_paths  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def _own_cache_folder(tmp_path_factory):
    """Tests (and the commands they run) keep the bundled cards' parses in a folder
    of their own, not the user's cache (dunec/parsecache.py)."""
    os.environ["DUNEC_CACHE_DIR"] = str(tmp_path_factory.mktemp("dunec-cache"))


@pytest.fixture(scope="session")
def model():
    m, d = compile_paths([ROOT / "cards"], root=ROOT)
    assert not d.errors, d.render()
    return m


@pytest.fixture(scope="session")
def interpreted(model):
    return from_model(model)


@pytest.fixture(scope="session")
def compiled():
    return load("compiled")


@pytest.fixture(scope="session", params=["interpreted", "compiled"])
def content(request, interpreted, compiled):
    """Every scenario runs on both back-ends."""
    return interpreted if request.param == "interpreted" else compiled


def pytest_addoption(parser):
    parser.addoption("--update-goldens", action="store_true", default=False,
                     help="rewrite golden files from the current output")


def pytest_collection_modifyitems(config, items):
    """Tests marked `slow` run only when asked for (`-m slow`): CI keeps its cost small."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="many games: run with `pytest -m slow`")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
