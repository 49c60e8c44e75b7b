"""Issue #22's table in one command: every format, zenconv ÷ its bare parser, the fastest peer ÷ the same,
and zenconv against that peer; median of three rounds, each round running zenconv, the bare parser(s) and
the peers one after the other so a change in the machine's load touches them alike.

    python bench/bench_table.py                 # every row
    python bench/bench_table.py --only pptx,odt --runs 5
    python bench/bench_table.py --base /work/venvs/base/bin/zenconv   # a base build beside, in the same rounds

Peers are looked up on PATH and in /opt/peers/bin (markitdown, pandoc, mammoth); an absent one is left
out. The inputs are the other scripts' generated documents (``bench/data/``, made once). Each command is
run once first, uncounted (it writes bytecode, warms the page cache). The peak RSS is zenconv's, largest
of the rounds. ``--base CMD`` runs a second zenconv (another build) in every round beside the first, and the
table gains its ratio and its time: before and after, measured alike.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

import bench_csv
import bench_docx
import bench_html
import bench_odt
import bench_pdf
import bench_pptx
import bench_xlsx
from common import DATA, peer, zenconv_cmd

PY = sys.executable
DOCX_TEXT = ("import sys, zipfile\nfrom lxml import etree\n"
             "root = etree.fromstring(zipfile.ZipFile(sys.argv[1]).read('word/document.xml'))\n"
             "for t in root.iter('{http://schemas.openxmlformats.org/wordprocessingml/2006/main}t'):\n"
             "    t.text\n")
PPTX_TEXT = ("import sys, zipfile\nfrom lxml import etree\nz = zipfile.ZipFile(sys.argv[1])\n"
             "for name in z.namelist():\n"
             "    if name.startswith(('ppt/slides/slide', 'ppt/notesSlides/notesSlide')) and name.endswith('.xml'):\n"
             "        for t in etree.fromstring(z.read(name)).iter("
             "'{http://schemas.openxmlformats.org/drawingml/2006/main}t'):\n"
             "            t.text\n")
CSV_8 = "import csv, sys\nfor _ in csv.reader(open(sys.argv[1], newline='')): pass\n"
PDFMINER = "import sys\nfrom pdfminer.high_level import extract_text\nextract_text(sys.argv[1])\n"


def rows():
    """(key, label, source, zenconv extra args, [(bare label, argv)], {peer: argv})."""
    out = DATA / "table-out.md"
    docx = bench_docx.generate(300)
    yield ("docx", "DOCX, 300 pages", docx, [], [("lxml over every text node", [PY, "-c", DOCX_TEXT, str(docx)])],
           {"pandoc": ["-t", "gfm", "-o", str(out)], "mammoth": [str(out), "--output-format=markdown"],
            "markitdown": ["-o", str(out)]})
    xlsx = bench_xlsx.generate(200_000)
    yield ("xlsx", "XLSX, 2M cells", xlsx, bench_xlsx.LIMITS,
           [("openpyxl read-only", [PY, "-c", bench_xlsx.OPENPYXL, str(xlsx)]),
            ("lxml iterparse", [PY, "-c", bench_xlsx.LXML, str(xlsx)])],
           {"pandoc": ["-t", "gfm", "-o", str(out)], "markitdown": ["-o", str(out)]})
    pptx = bench_pptx.generate(200)
    yield ("pptx", "PPTX, 200 slides", pptx, [], [("lxml over every slide's text", [PY, "-c", PPTX_TEXT, str(pptx)])],
           {"pandoc": ["-t", "gfm", "-o", str(out)], "markitdown": ["-o", str(out)]})
    odt = bench_odt.generate(300)
    yield ("odt", "ODT, 300 pages", odt, [], [("lxml, content.xml", [PY, "-c", bench_odt.LXML, str(odt)]),
                                             ("odfpy load", [PY, "-c", bench_odt.ODFPY, str(odt)])],
           {"pandoc": ["-t", "gfm", "-o", str(out)], "markitdown": ["-o", str(out)]})
    html = bench_html.generate(5)
    yield ("html", "HTML, 5 MB", html, [], [("lxml.html", [PY, "-c", bench_html.LXML, str(html)])],
           {"pandoc": ["-t", "gfm", "-o", str(out)], "markitdown": ["-o", str(out)]})
    csv = bench_csv.generate(1_000_000, columns=8)
    yield ("csv", "CSV, 1M rows × 8", csv, [], [("Python's csv", [PY, "-c", CSV_8, str(csv)])],
           {"markitdown": ["-o", str(out)]})
    pdf = bench_pdf.generate(100)
    yield ("pdf", "PDF, 100 pages, with tables", pdf, ["-q"], [("pdfminer extract_text", [PY, "-c", PDFMINER, str(pdf)])],
           {"markitdown": ["-o", str(out)]})
    tiny = DATA / "tiny.csv"
    tiny.write_text("a,b\n1,2\n")
    # The second bare is the floor the standards set: the two libraries every command imports (click, pluggy).
    yield ("startup", "start-up, a 2-line CSV", tiny, [], [("python -c pass", [PY, "-c", "pass"]),
                                                        ("importing click and pluggy", [PY, "-c", "import click, pluggy"])],
           {"markitdown": ["-o", str(out)]})


PEER_SECONDS = 120  # a peer still running after this is killed, and its row says so (as issue #22's table did)
TIMED = ("import resource,subprocess,sys,time;"
         "t=time.perf_counter();limit=float(sys.argv[1]) or None;subprocess.run(sys.argv[2:],check=True,"
         "stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL,timeout=limit);"
         "print(time.perf_counter()-t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss//1024)")
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str], limit: float = 0) -> tuple[float, int]:
    """Wall seconds and peak RSS (MiB) of ``cmd``; CalledProcessError if it fails or outlives ``limit``."""
    out = subprocess.run([PY, "-c", TIMED, str(limit), *cmd], check=True, capture_output=True, text=True, env=ENV)
    seconds, rss = out.stdout.split()
    return float(seconds), int(rss)


def header(base: bool) -> list[str]:
    """The table's first two lines (with the base build's columns when one is measured beside)."""
    head = "| input | zenconv ÷ bare parser | fastest peer ÷ bare parser | zenconv vs fastest peer | zenconv s, peak MiB |"
    if base:
        head += " base ÷ bare parser | base s |"
    return [head, "|---" * head.count(" |") + "|"]


def measure_row(key, label, src, extra, bares, peers, *, zen, base, found, limit, runs) -> str:
    """One row of the table: zenconv (and the base build), the bare parsers and the installed peers on ``src``,
    ``runs`` interleaved rounds after an uncounted warm-up; medians, as a Markdown table row."""
    target = DATA / f"table-{key}.md"
    commands = {"zenconv": [*zen, str(src), "-o", str(target), *extra]}
    if base:
        commands["base"] = [*base, str(src), "-o", str(DATA / f"table-{key}-base.md"), *extra]
    for name, argv in bares:
        commands[name] = argv
    for name, argv in peers.items():
        if found[name]:
            commands[name] = [found[name], str(src), *argv]
    times: dict[str, list[float]] = {name: [] for name in commands}
    peak = 0
    killed = []
    for name, cmd in list(commands.items()):
        try:
            timed(cmd, limit if name in found else 0)  # warm-up, uncounted
        except subprocess.CalledProcessError as exc:
            if name not in found:
                raise
            if "TimeoutExpired" in (exc.stderr or ""):
                killed.append(name)
            print(f"  {name} failed or ran past {limit:.0f} s on {src.name}: left out of this row", flush=True)
            del commands[name]
    for _ in range(runs):
        for name, cmd in commands.items():
            seconds, rss = timed(cmd, limit if name in found else 0)
            times[name].append(seconds)
            if name == "zenconv":
                peak = max(peak, rss)
    med = {name: statistics.median(ts) for name, ts in times.items() if ts}
    bare_name = bares[0][0]
    bare = med[bare_name]
    ratio = f"{med['zenconv'] / bare:.2f}× {bare_name}" + "".join(
        f" ({med['zenconv'] / med[n]:.2f}× {n})" for n, _ in bares[1:])
    present = [n for n in peers if n in commands]
    if present:
        fastest = min(present, key=med.get)
        vs = med[fastest] / med["zenconv"]
        peer_cell = f"{fastest} {med[fastest] / bare:.2f}×"
        vs_cell = f"{vs:.2f}× faster" if vs >= 1 else f"**{fastest} is {1 / vs:.2f}× faster**"
    elif killed:
        peer_cell = f"{', '.join(killed)}: killed at {limit:.0f} s"
        vs_cell = f"> {limit / med['zenconv']:.1f}× faster"
    else:
        peer_cell, vs_cell = "no installed peer reads it", ""
    row = f"| {label} | {ratio} | {peer_cell} | {vs_cell} | {med['zenconv']:.2f} s, {peak} |"
    if base:
        row += f" {med['base'] / bare:.2f}× | {med['base']:.2f} s |"
    return row


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="", help="comma-separated row keys: docx,xlsx,pptx,odt,html,csv,pdf,startup,help")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--base", help="a base build's zenconv command, run in the same rounds (before vs after)")
    parser.add_argument("--peer-seconds", type=float, default=PEER_SECONDS,
                        help=f"a peer still running after this is killed (default {PEER_SECONDS:.0f})")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    zen = zenconv_cmd()
    found = {name: peer(name) for name in ("pandoc", "markitdown", "mammoth")}
    print("peers found:", ", ".join(f"{k} ({v})" for k, v in found.items() if v) or "none")
    base = args.base.split() if args.base else None
    limit = args.peer_seconds
    lines = header(bool(base))
    for key, label, src, extra, bares, peers in rows():
        if only and key not in only:
            continue
        lines.append(measure_row(key, label, src, extra, bares, peers, zen=zen, base=base, found=found, limit=limit,
                                 runs=args.runs))
        print(lines[-1], flush=True)
    if not only or "help" in only:
        builds = {"zenconv": zen, **({"base": base} if base else {})}
        helps: dict[str, list[float]] = {name: [] for name in builds}
        passes = []
        for _ in range(args.runs + 1):  # interleaved, as the rows are
            for name, cmd in builds.items():
                helps[name].append(timed([*cmd, "--help"])[0])
            passes.append(timed([PY, "-c", "pass"])[0])
        help_t, pass_t = statistics.median(helps["zenconv"]), statistics.median(passes)
        row = f"| `zenconv --help` | {help_t / pass_t:.2f}× python -c pass | | | {help_t:.2f} s |"
        if base:
            base_t = statistics.median(helps["base"])
            row += f" {base_t / pass_t:.2f}× | {base_t:.2f} s |"
        lines.append(row)
        print(lines[-1])
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
