"""adversarial/conservation.py: a report's quote stays one bounded line whatever the text it took, and
the check itself ends on those inputs (run apart, under a timeout)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from zenconv.reports import QUOTE_CHARS

from ..apart import run_apart

ROOT = Path(__file__).resolve().parents[2]


def _module():
    spec = importlib.util.spec_from_file_location("adversarial_conservation", ROOT / "adversarial" / "conservation.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The drop reports the files are made for (their expected codes are the default's, --furniture keep).
DROPPED = {"header-payload.docx": "docx.headers-footers-dropped", "running-header-payload.pdf": "pdf.running-headers-dropped"}

CHECK = """
from pathlib import Path
from zenconv.conservation import check
from zenconv.context import Source
from zenconv.pipeline import Request, run
path, code, limit = Path({path!r}), {code!r}, {limit!r}
# furniture dropped: the header payloads are about the drop report's quote (kept, they are output, checked last)
options = {{"furniture": "drop"}}
reports = run(Request(source=Source(path.name, path=path), to="markdown", manifest=False,
                      options=options)).manifest.body()["reports"]
(report,) = [r for r in reports if r["code"] == code]
assert report["chars"] > 100 and report["quotes"], report
for quote in report["quotes"]:
    assert len(quote) <= limit and "\\n" not in quote, quote
    assert not any(ch in quote for ch in "\\u202e\\u200b\\u0085\\u2066"), quote
account = check(path, options=options)
assert account.unaccounted == 0, account.to_json()
account = check(path)
assert account.unaccounted == 0, account.to_json()
"""


@pytest.mark.parametrize("name", sorted(_module().hostile_files()))
def test_the_quote_is_bounded_and_the_check_ends(tmp_path, name):
    data, _, _ = _module().hostile_files()[name]
    code = DROPPED[name]
    path = tmp_path / name
    path.write_bytes(data)
    run_apart(CHECK.format(path=str(path), code=code, limit=QUOTE_CHARS), timeout=120)
