"""Where the grammar, the bundled cards and the generated engine live.

All three ship inside the installed package (mapped from the top-level folders by
pyproject.toml), so the same lookups work from a checkout, an editable install and
a wheel.
"""
from __future__ import annotations

import importlib
import os
from pathlib import Path


def _package_dir(name: str) -> Path:
    """The folder of the data package `name`: its one path, as the import system
    found it (a wheel's folder, or a checkout's through an editable install's
    mapping). importlib.resources would give the same folder, but importing it
    (tempfile, shutil, zipfile and their compressors) cost ~15 ms of every cold
    `dunec check`; dunec is never run from a zip file."""
    return Path(next(iter(importlib.import_module(name).__path__)))


def grammar_file() -> Path:
    return _package_dir("dunec.grammar") / "dune.lark"


def cards_dir() -> Path:
    return _package_dir("dunec.cards")


def generated_dir() -> Path:
    return _package_dir("dunec.generated")


def cache_dir() -> Path:
    """Where dunec keeps what it can make again (parses of the bundled cards):
    $DUNEC_CACHE_DIR, else $XDG_CACHE_HOME/dunec, else ~/.cache/dunec."""
    own = os.environ.get("DUNEC_CACHE_DIR")
    if own:
        return Path(own)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "dunec"
