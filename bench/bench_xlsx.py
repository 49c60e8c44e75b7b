"""A ROWS × 10 workbook to Markdown: zenconv vs openpyxl read_only iteration vs lxml alone vs markitdown.

    python bench/bench_xlsx.py               # 1,000,000 rows (markitdown left out past 200,000 rows)
    python bench/bench_xlsx.py 100000
    python bench/bench_xlsx.py 100000 --markitdown    # force markitdown at any size

The workbook is written the way Excel writes one: shared strings (a unique name and a category per row),
numbers, dates with a date style, booleans; 1,000,000 rows make a 370 MB sheet part, past the default
--max-part-bytes of 256 MiB, so zenconv runs with --max-part-bytes 1G --max-package-bytes 2G (it streams
the part: the limit guards the zip, not memory).

Figures measured on the shared 2-core development machine while other engineers' jobs ran (wall time is
noisy there; the ratios held across runs), peak RSS of the whole process:

    100,000 rows × 10 columns, 5 MB .xlsx
    tool                                           seconds  peak MiB × zenconv → markdown
    zenconv → markdown                                3.82        63           1.00
    zenconv → segments                                6.85        62           1.79
    openpyxl read_only, values_only iteration        13.86        74           3.63
    lxml iterparse of the sheet, rows only            1.56        19           0.41
    markitdown                                      138.33      1974          36.20

    1,000,000 rows × 10 columns, 54 MB .xlsx: zenconv → markdown 113 s wall under load, peak RSS 86 MiB,
    1,000,005 lines of Markdown, outcome converted.
"""

from __future__ import annotations

import sys
import zipfile

from common import DATA, measure_isolated, peer, table, zenconv_cmd

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CATEGORIES = ("alpha", "beta", "gamma", "delta", "epsilon")
HEADER = ("id", "name", "category", "amount", "ratio", "date", "flag", "note", "qty", "code")
LIMITS = ["--max-part-bytes", "1G", "--max-package-bytes", "2G"]


def _sheet_rows(rows: int):
    yield f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>'.encode()
    # Shared-string indices: 0-9 the header, 10-14 the categories, then per row its name and code.
    yield ('<row r="1">' + "".join(f'<c r="{chr(65 + i)}1" t="s"><v>{i}</v></c>' for i in range(10))
           + "</row>").encode()
    batch = []
    for i in range(1, rows + 1):
        r = i + 1
        name, code = 15 + 2 * (i - 1), 16 + 2 * (i - 1)
        batch.append(
            f'<row r="{r}"><c r="A{r}"><v>{i}</v></c><c r="B{r}" t="s"><v>{name}</v></c>'
            f'<c r="C{r}" t="s"><v>{10 + i % 5}</v></c><c r="D{r}"><v>{i * 1.25}</v></c>'
            f'<c r="E{r}"><v>{(i % 100) / 7}</v></c><c r="F{r}" s="1"><v>{43831 + i % 3000}</v></c>'
            f'<c r="G{r}" t="b"><v>{i % 2}</v></c><c r="H{r}" t="s"><v>{10 + i % 3}</v></c>'
            f'<c r="I{r}"><v>{i % 37}</v></c><c r="J{r}" t="s"><v>{code}</v></c></row>')
        if len(batch) == 10_000:
            yield "".join(batch).encode()
            batch.clear()
    yield ("".join(batch) + "</sheetData></worksheet>").encode()


def _strings(rows: int):
    count = 15 + 2 * rows
    yield f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}" uniqueCount="{count}">'.encode()
    yield "".join(f"<si><t>{t}</t></si>" for t in (*HEADER, *CATEGORIES)).encode()
    batch = []
    for i in range(1, rows + 1):
        batch.append(f"<si><t>name {i}</t></si><si><t>C{i:07d}</t></si>")
        if len(batch) == 10_000:
            yield "".join(batch).encode()
            batch.clear()
    yield ("".join(batch) + "</sst>").encode()


def generate(rows: int):
    path = DATA / f"rows-{rows}.xlsx"
    if path.exists():
        return path
    small = {
        "[Content_Types].xml": (
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            'spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override '
            'PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            'spreadsheetml.sharedStrings+xml"/></Types>'),
        "_rels/.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
        "xl/workbook.xml": (f'<workbook xmlns="{MAIN}" xmlns:r="{RELS}"><sheets>'
                            '<sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>'),
        "xl/_rels/workbook.xml.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{RELS}/styles" Target="styles.xml"/>'
            f'<Relationship Id="rId3" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'),
        "xl/styles.xml": (f'<styleSheet xmlns="{MAIN}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" '
                          'applyNumberFormat="1"/></cellXfs></styleSheet>'),
    }
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for name, text in small.items():
            z.writestr(name, text)
        for name, chunks in (("xl/sharedStrings.xml", _strings(rows)), ("xl/worksheets/sheet1.xml", _sheet_rows(rows))):
            with z.open(name, "w", force_zip64=True) as fh:
                for chunk in chunks:
                    fh.write(chunk)
    tmp.rename(path)
    return path


OPENPYXL = ("import openpyxl, sys\n"
            "wb = openpyxl.load_workbook(sys.argv[1], read_only=True)\n"
            "for ws in wb.worksheets:\n"
            "    for row in ws.iter_rows(values_only=True):\n"
            "        pass\n")
LXML = ("import sys, zipfile\nfrom lxml import etree\n"
        "z = zipfile.ZipFile(sys.argv[1])\n"
        "tag = '{http://schemas.openxmlformats.org/spreadsheetml/2006/main}row'\n"
        "for _, row in etree.iterparse(z.open('xl/worksheets/sheet1.xml'), tag=tag):\n"
        "    row.clear()\n"
        "    while row.getprevious() is not None:\n"
        "        del row.getparent()[0]\n")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    rows = int(args[0]) if args else 1_000_000
    src = generate(rows)
    results = [
        ("zenconv → markdown", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "xlsx-out.md"), *LIMITS])),
        ("zenconv → segments", *measure_isolated([*zenconv_cmd(), str(src), "-o", str(DATA / "xlsx-out.jsonl"), *LIMITS])),
        ("openpyxl read_only, values_only iteration", *measure_isolated([sys.executable, "-c", OPENPYXL, str(src)])),
        ("lxml iterparse of the sheet, rows only", *measure_isolated([sys.executable, "-c", LXML, str(src)])),
    ]
    markitdown = peer("markitdown")
    if markitdown and (rows <= 200_000 or "--markitdown" in sys.argv):
        results.append(("markitdown", *measure_isolated([markitdown, str(src), "-o", str(DATA / "xlsx-md-out.md")])))
    elif markitdown:
        print("markitdown left out past 200,000 rows (it loads the whole workbook); --markitdown forces it")
    print(f"{rows:,} rows × 10 columns, {src.stat().st_size / 1e6:.0f} MB .xlsx")
    print(table(results, "zenconv → markdown"))


if __name__ == "__main__":
    main()
