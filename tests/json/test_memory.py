"""A large top-level array streams: the reader holds one record at a time, not the file."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

STREAM = textwrap.dedent("""
    import json, resource, sys
    from zenconv.testing import read
    path, records = sys.argv[1], int(sys.argv[2])
    with open(path, "w") as fh:
        fh.write("[" + ",".join(json.dumps({"id": i, "name": f"n{i}", "v": "1.10", "tags": ["a"], "o": {"k": i}})
                                for i in range(records)) + "]")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = read(path, "ai.insan.zenfmt.json", materialize=False)
    (table,) = list(result.document.blocks)
    rows = sum(1 for _ in table.rows)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    print(json.dumps({"rows": rows, "grown_kib": grown, "codes": result.codes()}))
""")


def test_a_200000_record_array_streams_in_bounded_memory(tmp_path):
    done = subprocess.run([sys.executable, "-c", STREAM, str(tmp_path / "big.json"), "200000"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["rows"] == 200_001 and got["codes"] == {}
    # Loading the 13 MB file whole takes about 150 MiB; a record at a time, a few MiB.
    assert got["grown_kib"] < 40 << 10, got
