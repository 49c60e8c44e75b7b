"""RECORDS records as a JSON array and as JSON Lines to Markdown and segments: zenconv vs the bare parsers
(the json module's load, ijson's C backend alone when installed) vs markitdown; wall time and peak RSS.

    python bench/bench_json.py              # 1,000,000 records, then 100,000: peak RSS side by side
    python bench/bench_json.py 200000       # one size only

zenconv reads the array a record at a time, twice (`docs/formats/json.md`), so its peak RSS should not
grow with the record count, where loading the file whole does.
"""

from __future__ import annotations

import json
import sys

from common import DATA, measure_isolated, peer, table, zenconv_cmd

SIZES = (1_000_000, 100_000)
# The reader alone: its blocks and rows made, nothing written.
READER = ("from zenconv.testing import read\nfor block in read({!r}, 'ai.insan.zenfmt.{}', materialize=False)"
          ".document.blocks:\n    for _ in getattr(block, 'rows', ()): pass")


def record(i: int) -> dict:
    return {"id": i, "name": f"customer {i}", "amount": f"{i * 7 % 1000}.10", "paid": i % 3 == 0,
            "tags": ["a", "b"] if i % 5 == 0 else [], "address": {"city": "Roma", "zip": f"{i % 90000:05d}"}}


def generate(records: int) -> tuple:
    array, lines = DATA / f"records-{records}.json", DATA / f"records-{records}.jsonl"
    if not array.exists() or not lines.exists():
        with open(array, "w") as fa, open(lines, "w") as fl:
            fa.write("[")
            for i in range(records):
                text = json.dumps(record(i))
                fa.write(("," if i else "") + "\n" + text)
                fl.write(text + "\n")
            fa.write("\n]\n")
    return array, lines


def bare(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def has_ijson() -> bool:
    try:
        import ijson  # noqa: F401
    except ImportError:
        return False
    return True


def run(records: int) -> list[tuple[str, float, int]]:
    array, lines = generate(records)
    zen = zenconv_cmd()
    results = [
        ("zenconv json → markdown", *measure_isolated([*zen, str(array), "-o", str(DATA / "json-out.md")])),
        ("zenconv json → segments", *measure_isolated([*zen, str(array), "-o", str(DATA / "json-out.jsonl")])),
        ("zenconv jsonl → markdown", *measure_isolated([*zen, str(lines), "-o", str(DATA / "jsonl-out.md")])),
        ("zenconv jsonl → segments", *measure_isolated([*zen, str(lines), "-o", str(DATA / "jsonl-out.jsonl")])),
        ("zenconv json reader alone, rows only", *measure_isolated(bare(READER.format(str(array), "json")))),
        ("zenconv jsonl reader alone, rows only", *measure_isolated(bare(READER.format(str(lines), "jsonl")))),
        ("json module, load whole", *measure_isolated(bare(f"import json; json.load(open({str(array)!r}))"))),
        ("json module, a line at a time", *measure_isolated(bare(
            f"import json\nfor line in open({str(lines)!r}): json.loads(line)"))),
    ]
    if has_ijson():
        results.append(("ijson yajl2_c items, streamed", *measure_isolated(bare(
            f"import ijson\nfor _ in ijson.items(open({str(array)!r}, 'rb'), 'item'): pass"))))
    markitdown = peer("markitdown")
    if markitdown:
        results.append(("markitdown json", *measure_isolated([markitdown, str(array), "-o", str(DATA / "mid.md")])))
    print(f"\n{records:,} records, {array.stat().st_size / 1e6:.0f} MB as a JSON array")
    print(table(results, "json module, load whole"))
    return results


def main() -> None:
    sizes = (int(sys.argv[1]),) if len(sys.argv) > 1 else SIZES
    peaks = {size: run(size) for size in sizes}
    if len(sizes) > 1:
        print("\npeak RSS (MiB) by record count")
        for index, (name, _, _) in enumerate(peaks[sizes[0]]):
            print(f"{name:44} " + "  ".join(f"{size:>9,}: {peaks[size][index][2]:5d}" for size in sizes))


if __name__ == "__main__":
    main()
