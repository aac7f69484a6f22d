"""A small set of the tests' own for markets of cards, held units and tokens
(issue 21 C): written to a temporary folder and played on both back-ends, so the
mechanisms are tested apart from any expansion's printed cards.

`vats` requires base and Immortality (whose `specimen` it uses beside its own
`flesh`, a counter that holds troops but is not `returnable`): a market of
reserve cards with two face-up slots, a kept entry and buying at reveal, and a
once-a-game token. Its reserve cards are its own market's, not Immortality's
Tleilaxu row's (a definition goes to the market of its own set first)."""
from __future__ import annotations

from pathlib import Path

SETS = ("base", "immortality", "vats")

TEXT = """\
set vats "Vats" {
  requires base immortality
  kinds card reserve
  counter flesh "Flesh" { holds troops }
  market vat_row "Vat row" {
    currency flesh
    sells reserve
    slots 2
    keeps old_stock
    at reveal
    to DESTINATION
  }
  token atomics "Atomics" { once { new_row; solari 1 } }
}
reserve old_stock "Old Stock" {
  cost 2
  on acquire {
    choose {
      - troops 2
      - water 1
    }
  }
}
reserve vat_grown "Vat Grown" {
  copies 2
  cost 2
  icons city
  reveal { persuasion 1 }
}
reserve flesh_crafter "Flesh Crafter" {
  cost 1
  reveal { swords 1 }
}
reserve gene_broker "Gene Broker" {
  cost 4
  on acquire { solari 1 }
  reveal { persuasion 2 }
}
card tank_tender "Tank Tender" {
  cost 2
  icons city
  agent { flesh 2; buy vat_row }
  reveal { specimen 1 }
}
card spec_user "Spec User" {
  cost 1
  icons city
  agent { pay specimen 2 -> draw 2 }
}
"""

_CACHE: dict = {}


def vats(backend: str, tmp_root: Path, destination: str = "discard"):
    """The content of every bundled set and `vats` (a bought card goes `to` the
    destination), selected for SETS; made once per back-end and destination."""
    key = (backend, destination)
    if key not in _CACHE:
        from dunec.content import load

        folder = tmp_root / f"{backend}-{destination}" / "cards" / "vats"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "vats.dune"
        path.write_text(TEXT.replace("DESTINATION", destination), encoding="utf-8")
        _CACHE[key] = load(backend, extra=[str(path)]).select(SETS)
    return _CACHE[key]
