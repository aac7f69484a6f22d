"""A small set of the tests' own for summoned units that double rewards (issue 22,
rules 003 "Sandworms", "Sandworm Reward Doubling"): written to a temporary folder
and played on both back-ends, so the mechanism is tested apart from Uprising's
printed cards (rules/summons.py).

`worms` requires base: a unit `wyrm` (summoned, doubles), a counter `hooks` (the
Maker Hooks a card tests), a flag `wall` protecting Carthag and a card clearing it, a card summoning it, a card summoning only with hooks,
and a conflict with a battle icon whose rewards hold every kind: resources, VP,
an Influence choice, a pay-a-cost option, control and a choice of two."""
from __future__ import annotations

from pathlib import Path

SETS = ("base", "worms")

TEXT = """\
set worms "Worms" {
  requires base
  kinds card intrigue conflict
  unit wyrm "Wyrm" { strength 3; supply 99; summoned; doubles }
  counter hooks "Hooks"
  tags duel "Duel icon" { crysknife desert_mouse; wild wild }
  flag wall "Wall" { protects carthag }
}
card wall_breaker "Wall Breaker" {
  cost 1
  icons city
  agent { clear wall }
}
card wyrm_caller "Wyrm Caller" {
  copies 4
  cost 2
  icons city
  agent { wyrm 1 }
  reveal { for each in_conflict wyrm { swords 1 } }
}
card hook_caller "Hook Caller" {
  cost 2
  icons city
  agent {
    if hooks >= 1 {
      wyrm 2
    }
  }
  reveal { hooks 1 }
}
card wyrm_rider "Wyrm Rider" {
  cost 2
  icons city
  agent { retreat_unit any 2 }
}
intrigue wyrm_ride "Wyrm Ride" {
  combat { return_for wyrm 1 { swords 4 } }
}
conflict wyrm_war "Wyrm War" {
  level 1
  duel crysknife
  first { vp 1; control arrakeen; influence any 1; pay spice 3 -> vp 1 }
  second {
    solari 2
    choose {
      - water 1
      - intrigue 1
    }
  }
  third { spice 1 }
}
"""

_CACHE: dict = {}


def worms(backend: str, tmp_root: Path):
    """The content of every bundled set and `worms`, selected for SETS; made once per back-end."""
    if backend not in _CACHE:
        from dunec.content import load

        folder = tmp_root / backend / "cards" / "worms"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "worms.dune"
        path.write_text(TEXT, encoding="utf-8")
        _CACHE[backend] = load(backend, extra=[str(path)]).select(SETS)
    return _CACHE[backend]
