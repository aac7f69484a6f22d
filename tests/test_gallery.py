"""`dunec gallery`: the page's content, its escaping, the balance figure, the CLI's errors,
and the page itself in a real headless Chromium (Debian's package).

The browser is driven with `chromium --headless --dump-dom` (the page runs its filters on
load from the URL hash) and `--enable-logging=stderr --v=0`, which prints every console
message as a `CONSOLE` line; `--screenshot` writes the picture."""
from __future__ import annotations

import csv
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dunec.cli import main
from dunec.content import check_cards
from dunec.gallery import GalleryError, balance_line, read_balance, render
from dunec.study.report import COLUMNS

HOSTILE = "<script>alert('x')</script> & <b>Bold</b>"
EVIL = f"""card evil_card "{HOSTILE}" {{
  set base; cost 2; factions fremen
  reveal {{ persuasion 1 }}
}}
"""


class Page(HTMLParser):
    """The cards of a page (id -> shown?), its script tags and all its text."""

    def __init__(self):
        super().__init__()
        self.cards: dict[str, bool] = {}
        self.scripts = 0
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "script":
            self.scripts += 1
        if tag == "article" and "card" in (a.get("class") or "").split():
            self.cards[a["id"].removeprefix("card-")] = "hidden" not in a

    def handle_data(self, data):
        self.text.append(data)


def parse(html: str) -> Page:
    p = Page()
    p.feed(html)
    return p


@pytest.fixture(scope="module")
def model():
    return check_cards()


@pytest.fixture(scope="module")
def evil(tmp_path_factory):
    path = tmp_path_factory.mktemp("evil") / "evil.dune"
    path.write_text(EVIL, encoding="utf-8")
    return path


def test_every_card_is_drawn_with_its_rules_text(model):
    page = render(list(model.defs.values()))
    p = parse(page)
    assert set(p.cards) == set(model.defs)
    assert page.count("<svg ") == len(model.defs)
    assert "Chani  [Imperium card, base]" in "".join(p.text)


def test_filter_options_come_from_the_cards(model):
    page = render(list(model.defs.values()))
    for facet, value in (("set", "base"), ("kind", "intrigue"), ("cost", "5"), ("faction", "fremen"),
                         ("icon", "spice_trade")):
        assert f'id="f-{facet}"' in page
        assert f'<option value="{value}">' in page, (facet, value)


def test_a_hostile_title_stays_text(evil):
    from dunec.content import check_cards as check

    defs = check(extra=[evil]).defs
    p = parse(render([defs["evil_card"]]))
    assert p.scripts == 1  # the page's own filter script only
    assert "b" not in p.tags
    assert HOSTILE in "".join(p.text)


def write_cards_csv(path: Path, rows: list[dict]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS["cards"])
        w.writeheader()
        for r in rows:
            w.writerow({c: r.get(c, "") for c in COLUMNS["cards"]})


def test_the_balance_figure_comes_from_the_report(model, tmp_path):
    write_cards_csv(tmp_path / "cards.csv", [
        {"id": "chani", "name": "Chani", "owned_in": 20, "win_rate_when_owned": 0.55, "difference": 0.05},
        {"id": "crysknife", "name": "Crysknife", "owned_in": 0}])
    balance = read_balance(tmp_path)  # the folder, as `simulate --report DIR` names it
    assert read_balance(tmp_path / "cards.csv") == balance
    page = render([model.defs["chani"], model.defs["crysknife"]], balance)
    assert "Balance: won 55.0% of 20 games when owned (+5.0% against the average)" in page
    assert "Balance: not owned in the simulated games" in page
    assert page.count('class="balance"') == 2
    assert 'class="balance"' not in render([model.defs["arrakeen"]], balance)
    assert "Balance:" not in render([model.defs["chani"]])


def test_a_csv_that_is_not_a_balance_report_is_refused(tmp_path):
    (tmp_path / "cards.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(GalleryError, match="lacks the columns"):
        read_balance(tmp_path)
    assert balance_line({"owned_in": "0"}) == "Balance: not owned in the simulated games"


def test_cli_writes_the_chosen_sets(tmp_path, capsys, model):
    assert main(["gallery", str(tmp_path / "out"), "--sets", "base"]) == 0
    p = parse((tmp_path / "out" / "index.html").read_text(encoding="utf-8"))
    assert set(p.cards) == {i for i, d in model.defs.items() if d.set == "base"}
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize("args, code, message", [
    (["--sets", "nope"], 2, "no set `nope`"),
    (["--report", "missing_dir"], 1, "no balance report"),
    (["--with", "missing.dune"], 2, "no such file"),
])
def test_cli_errors_are_messages(tmp_path, capsys, monkeypatch, args, code, message):
    monkeypatch.chdir(tmp_path)
    assert main(["gallery", "out", *args]) == code
    assert message in capsys.readouterr().err


def test_cli_refuses_a_file_as_the_folder(tmp_path, capsys):
    (tmp_path / "f").write_text("", encoding="utf-8")
    assert main(["gallery", str(tmp_path / "f")]) == 1
    assert "is a file, not a folder" in capsys.readouterr().err


# ------------------------------------------------------------------ the real browser
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Debian's `chromium` is not installed (CI installs it)")


def chromium(tmp_path: Path, url: str, *flags: str) -> subprocess.CompletedProcess:
    # --no-sandbox: CI runs as root; a fresh profile keeps parallel runs apart.
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0", *flags, url]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def console_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


@pytest.fixture(scope="module")
def site(tmp_path_factory, evil):
    out = tmp_path_factory.mktemp("site")
    assert main(["gallery", str(out), "--with", str(evil)]) == 0
    return out / "index.html"


@needs_chromium
def test_console_errors_are_seen(tmp_path):
    """The check below is only worth something if a broken page is caught."""
    bad = tmp_path / "bad.html"
    bad.write_text("<html><body><script>console.error('boom'); missing();</script></body></html>")
    lines = console_lines(chromium(tmp_path, bad.as_uri(), "--dump-dom").stderr)
    assert any("boom" in line for line in lines) and any("Uncaught" in line for line in lines)


@needs_chromium
@pytest.mark.parametrize("hash_, wanted", [
    ("", lambda d: True),
    ("faction=fremen", lambda d: "fremen" in (d.fields.get("factions") or ())),
    ("kind=card&cost=5", lambda d: d.kind == "card" and d.fields.get("cost") == 5),
    ("icon=spice_trade&set=base", lambda d: d.set == "base" and ("spice_trade" in (d.fields.get("icons") or ())
                                                    or d.kind == "space" and d.fields.get("icon") == "spice_trade")),
])
def test_filters_in_chromium(tmp_path, site, evil, hash_, wanted):
    defs = check_cards(extra=[evil]).defs
    run = chromium(tmp_path, site.as_uri() + (f"#{hash_}" if hash_ else ""), "--dump-dom")
    assert run.returncode == 0, run.stderr[-2000:]
    assert console_lines(run.stderr) == []
    p = parse(run.stdout)
    assert set(p.cards) == set(defs)
    shown = {i for i, on in p.cards.items() if on}
    assert shown == {i for i, d in defs.items() if wanted(d)}
    assert shown  # each filter here keeps some cards
    assert f"{len(shown)} of {len(defs)} cards" in "".join(p.text)
    assert p.scripts == 1  # the hostile title did not become a script


@needs_chromium
def test_screenshot(tmp_path, site):
    shot = tmp_path / "gallery.png"
    run = chromium(tmp_path, site.as_uri() + "#faction=fremen", f"--screenshot={shot}", "--window-size=1200,900")
    assert run.returncode == 0, run.stderr[-2000:]
    assert console_lines(run.stderr) == []
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_the_report_of_a_real_simulation_is_shown(tmp_path, capsys, model):
    assert main(["simulate", "--games", "4", "--report", str(tmp_path / "rep")]) == 0
    assert main(["gallery", str(tmp_path / "out"), "--report", str(tmp_path / "rep")]) == 0
    capsys.readouterr()
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    with open(tmp_path / "rep" / "cards.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    owned = [r for r in rows if r["owned_in"] not in ("", "0")]
    assert owned
    for r in owned:
        figure = (f"won {float(r['win_rate_when_owned']):.1%} of {r['owned_in']} games when owned "
                  f"({float(r['difference']):+.1%} against the average)")
        article = page.split(f'id="card-{r["id"]}"', 1)[1].split("</article>", 1)[0]
        assert figure in article, r["id"]
    assert page.count('class="balance"') == len(rows)  # leaders, spaces, ... are not in the report
    assert 'class="balance"' not in page.split('id="card-arrakeen"', 1)[1].split("</article>", 1)[0]


def test_a_new_sets_cards_are_worded_with_its_declared_titles(tmp_path, capsys):
    """The gallery reads as `dunec show`: a set's declared names by their titles."""
    from dunec.cli import main
    from test_show import SMUGGLE_CARDS, SMUGGLE_SET

    folder = tmp_path / "smuggle"
    folder.mkdir()
    (folder / "set.dune").write_text(SMUGGLE_SET)
    (folder / "cards.dune").write_text(SMUGGLE_CARDS)
    assert main(["gallery", "--with", str(folder), str(tmp_path / "out")]) == 0
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "advance on the Smuggling route" in page
    assert "the route" not in page
