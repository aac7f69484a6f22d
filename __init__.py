"""The clone's own folder, imported only when Python runs in the folder above a
clone named `dunec`: the current folder comes first on sys.path, so without this
file Python took the clone for an empty namespace package and `from dunec import
Game` failed with "unknown location". This file hands the name over to the real
package: the installed dunec (an editable install of this clone or any other),
else the package inside this clone, laid out as pyproject.toml maps it."""
from __future__ import annotations

import importlib.util
import sys
from importlib.machinery import PathFinder
from pathlib import Path

_HERE = Path(__file__).resolve()
_CLONE = _HERE.parent


def _is_real(spec) -> bool:
    return spec is not None and spec.origin not in (None, "namespace") and Path(spec.origin).resolve() != _HERE


def _installed_spec():
    """Where Python finds dunec when this clone's parent folder is not searched
    (the clone may be reached through a link: both spellings are left out)."""
    parents = {Path(__file__).absolute().parent.parent, _CLONE.parent}
    elsewhere = [p for p in sys.path if Path(p or ".").absolute() not in parents
                 and Path(p or ".").resolve() not in parents]
    spec = PathFinder.find_spec(__name__, elsewhere)
    if _is_real(spec):
        return spec
    for finder in sys.meta_path:  # an editable install's finder
        if finder is PathFinder or not hasattr(finder, "find_spec"):
            continue
        spec = finder.find_spec(__name__, None)
        if _is_real(spec):
            return spec
    return None


def _clone_spec():
    # The package folder, and the clone itself for dunec.grammar, dunec.cards and
    # dunec.generated (top-level folders of the clone, as pyproject.toml maps them).
    inner = _CLONE / "dunec" / "__init__.py"
    return importlib.util.spec_from_file_location(__name__, inner,
                                                  submodule_search_locations=[str(inner.parent), str(_CLONE)])


def _hand_over() -> None:
    spec = _installed_spec() or _clone_spec()
    module = importlib.util.module_from_spec(spec)
    sys.modules[__name__] = module  # the import system returns what sys.modules holds
    spec.loader.exec_module(module)


if __name__ == "dunec":
    _hand_over()
