"""`dunec lsp`: a language server over stdio (pygls, the optional extra `dunec[lsp]`).

Each open document is checked with the bundled sets on every change; the last
good model of each document answers hover, completion and definition.
"""
from __future__ import annotations

import sys


def main() -> int:
    try:
        from dunec.lsp.server import serve
    except ImportError as e:
        print(f"dunec: the language server needs pygls ({e}); install it with `pip install dunec[lsp]`",
              file=sys.stderr)
        return 1
    serve()
    return 0
