"""`dunec gallery`: a static HTML site for people who would rather look than read.

Every definition is drawn (the SVG of `dunec.picture`) beside its rules text (`dunec.show`),
with filters by set, kind, cost, faction and icon. The page is one self-contained file with
plain JS: no network, no external assets, so it works from `file://`.

Card text reaches the page only through `html.escape` (or picture's XML escape), and the
script reads it through `dataset`/`textContent`, never as markup.

A filter can be set from the URL hash (`index.html#faction=fremen&kind=card`), which is how
the headless-browser test runs the filters on load without a DevTools client.
"""
from __future__ import annotations

import csv
import math
from html import escape
from pathlib import Path

from dunec.check.model import KINDS, Def
from dunec.ir import describe
from dunec.picture import card_svg
from dunec.show import show_definition

FILTERS = ("set", "kind", "cost", "faction", "icon")


class GalleryError(Exception):
    """A balance report that cannot be read: the CLI prints it and exits 1."""


def card_facets(d: Def) -> dict[str, list[str]]:
    """The values a card offers to each filter (a card may have several factions or icons)."""
    f = d.fields
    icons = f.get("icons", ()) or ((f["icon"],) if d.kind == "space" and f.get("icon") else ())
    cost = f.get("cost") if d.kind != "space" else None
    return {"set": [d.set], "kind": [d.kind], "cost": [] if cost is None else [str(cost)],
            "faction": list(f.get("factions", ()) or ()), "icon": list(icons)}


def read_balance(path: Path) -> dict[str, dict]:
    """Rows of `simulate --report DIR`'s cards.csv by card id; DIR or the CSV itself."""
    file = path / "cards.csv" if path.is_dir() else path
    try:
        with open(file, newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            rows = [_checked(file, reader.line_num, r, len(reader.fieldnames)) for r in reader]
    except FileNotFoundError:
        raise GalleryError(f"no balance report at {file} (write one with `dunec simulate --report DIR`)") from None
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise GalleryError(f"cannot read the balance report {file}: {e}") from None
    need = {"id", "owned_in", "win_rate_when_owned", "difference"}
    if rows and not need <= set(rows[0]):
        raise GalleryError(f"{file} is not a cards.csv of `dunec simulate --report`: it lacks the columns "
                           + ", ".join(sorted(need - set(rows[0]))))
    return {r["id"]: r for r in rows}


def _checked(file, line: int, row: dict, width: int) -> dict:
    """A row as `simulate --report` writes it: every field, and numbers where numbers
    go (a blank is a card never owned). Anything else names its line: a short row
    would be read as blanks, and a `nan` would print as "nan%"."""
    if None in row or None in row.values():
        have = width + len(row.get(None, ())) if None in row else sum(v is not None for v in row.values())
        raise GalleryError(f"{file}, line {line}: {have} fields where the header has {width}")
    for key, whole in (("owned_in", True), ("win_rate_when_owned", False), ("difference", False)):
        text = row.get(key, "").strip()
        if text and not _number(text, whole):
            raise GalleryError(f"{file}, line {line}: {key} is {text!r}, not a "
                               + ("count of games" if whole else "finite number"))
    return row


def _number(text: str, whole: bool) -> bool:
    if whole:
        return text.isdigit()
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def balance_line(row: dict) -> str:
    if not row.get("owned_in") or row["owned_in"] == "0":
        return "Balance: not owned in the simulated games"
    try:
        rate, diff = float(row["win_rate_when_owned"]), float(row["difference"])
    except ValueError:
        return "Balance: not owned in the simulated games"
    return f"Balance: won {rate:.1%} of {row['owned_in']} games when owned ({diff:+.1%} against the average)"


def _label(facet: str, value: str) -> str:
    if facet == "kind":
        return KINDS.get(value, value)
    if facet in ("faction", "icon"):
        return describe.name(value)
    return value


def _select(facet: str, values: set[str]) -> str:
    key = (lambda v: (len(v), v)) if facet == "cost" else str
    options = "".join(f'<option value="{escape(v)}">{escape(_label(facet, v))}</option>'
                      for v in sorted(values, key=key))
    return (f'<label>{facet} <select id="f-{facet}" data-facet="{facet}"><option value="">any</option>'
            f'{options}</select></label>')


def _card(d: Def, balance: dict | None, titles: dict | None) -> str:
    facets = card_facets(d)
    data = " ".join(f'data-{k}="{escape(" ".join(v))}"' for k, v in facets.items())
    # The report measures only the cards players own (Imperium cards): the rest get no figure.
    row = (balance or {}).get(d.id)
    figure = "" if row is None else f'<p class="balance">{escape(balance_line(row))}</p>'
    return (f'<article class="card" id="card-{escape(d.id)}" {data}>{card_svg(d, titles)}'
            f'{rules_html(show_definition(d, titles))}{figure}</article>')


def rules_html(text: str) -> str:
    """The rules text with its heading set apart. `dunec show` underlines the
    heading with dashes, as a terminal does; in a card 300 px wide a long heading
    wraps and its dashes wrap after it onto a line of their own, so the page gives
    the heading a border that is always as wide as the card instead."""
    head, _, rest = text.partition("\n")
    under, _, body = rest.partition("\n")
    if not under or under.strip("-"):
        return f'<pre class="rules">{escape(text)}</pre>'
    return f'<div class="rules"><h2 class="head">{escape(head)}</h2><pre>{escape(body)}</pre></div>'


STYLE = """body{font-family:sans-serif;background:#f4efe4;margin:0 1em}
#filters{position:sticky;top:0;background:#f4efe4;padding:.5em 0;z-index:1}
#filters label{margin-right:1em}
#cards{display:flex;flex-wrap:wrap;gap:1em}
.card{width:300px;background:#fff;border-radius:14px;padding:4px}
.card[hidden]{display:none}
.rules{white-space:pre-wrap;font-size:11px;margin:.3em}
.rules pre{white-space:pre-wrap;font-size:11px;margin:0}
.rules .head{font-size:12px;margin:0 0 .3em;padding-bottom:2px;border-bottom:1px solid #999}
.balance{font-size:12px;font-weight:bold;margin:.3em}"""

# Plain JS: a card is shown when, for every chosen filter, its data attribute lists the value.
SCRIPT = """(function(){
var selects=document.querySelectorAll('#filters select');
var cards=document.querySelectorAll('article.card');
function apply(){
  var shown=0;
  for(var i=0;i<cards.length;i++){
    var ok=true;
    for(var j=0;j<selects.length;j++){
      var want=selects[j].value;
      var have=(cards[i].dataset[selects[j].dataset.facet]||'').split(' ');
      if(want&&have.indexOf(want)<0){ok=false;}
    }
    cards[i].hidden=!ok;
    if(ok){shown++;}
  }
  document.getElementById('count').textContent=shown+' of '+cards.length+' cards';
}
function fromHash(){
  var pairs=location.hash.replace(/^#/,'').split('&');
  for(var i=0;i<pairs.length;i++){
    var kv=pairs[i].split('=');
    var sel=document.getElementById('f-'+kv[0]);
    if(sel&&kv.length===2){sel.value=decodeURIComponent(kv[1]);}
  }
}
for(var i=0;i<selects.length;i++){selects[i].addEventListener('change',apply);}
window.addEventListener('hashchange',function(){fromHash();apply();});
fromHash();
apply();
})();"""


def render(defs: list[Def], balance: dict | None = None, title: str = "dunec gallery",
           titles: dict | None = None) -> str:
    """The page; `titles` (show.titles_of) words what the cards' sets declare by its titles."""
    values: dict[str, set[str]] = {f: set() for f in FILTERS}
    for d in defs:
        for facet, vs in card_facets(d).items():
            values[facet].update(vs)
    filters = "".join(_select(f, values[f]) for f in FILTERS)
    cards = "\n".join(_card(d, balance, titles) for d in defs)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width">'
            f'<title>{escape(title)}</title><style>{STYLE}</style></head><body>'
            f'<h1>{escape(title)}</h1><div id="filters">{filters}<span id="count"></span></div>'
            f'<main id="cards">\n{cards}\n</main><script>{SCRIPT}</script></body></html>\n')


def write_gallery(out: Path, defs: list[Def], balance: dict | None = None, titles: dict | None = None) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    page = out / "index.html"
    page.write_text(render(defs, balance, titles=titles), encoding="utf-8")
    return page
