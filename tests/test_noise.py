"""Noise is a loss too: every code has a kind, the summary and the audit show content losses before
presentation ones, and what carries no information (Word's own hidden bookmarks) is not reported."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from zenconv.audit import audit, run_audit
from zenconv.cli import build_cli
from zenconv.manifest import Manifest, verify
from zenconv.plugins import build_plugins
from zenconv.reports import HOST_CODES, PRESENTATION, Kind, Reporter, Severity, degraded, dropped, refused, truncated
from zenconv.testing import read

from .docx.conftest import FX

PLUGINS = build_plugins(third_party=False)
ALL_CODES = {c.code: c for spec in [*PLUGINS.registry.ordered_readers(), *PLUGINS.registry.writers.values()]
             for c in spec.codes} | {c.code: c for c in HOST_CODES}

# The codes that fire on nearly every document of their kind: each must be presentation, or it hides the
# losses that matter.
NOISY = ("docx.section-properties-dropped", "docx.page-breaks-dropped", "docx.bookmarks-dropped",
         "to-md.empty-header-row-added", "to-md.cell-blocks-flattened", "xlsx.display-formats-not-applied",
         "ods.display-formats-not-applied", "xlsx.rich-text-flattened")
# ...and codes that lose text, data or a link target: each must stay content.
LOSSES = ("docx.comments-dropped", "docx.headers-footers-dropped", "docx.hidden-text-skipped",
          "xlsx.formula-without-cached-value", "pdf.running-headers-dropped", "to-md.unsafe-url-dropped",
          "to-md.nested-link-flattened", "pptx.footer-placeholders-dropped", "html.comment-dropped")


def test_every_code_has_a_kind_and_limits_and_refusals_are_content():
    assert {c.kind for c in ALL_CODES.values()} == set(Kind)
    for code in ALL_CODES.values():
        if code.severity in (Severity.TRUNCATED, Severity.REFUSED):
            assert code.kind is Kind.CONTENT, code.code


@pytest.mark.parametrize("code", NOISY)
def test_the_noisy_codes_are_presentation(code):
    assert ALL_CODES[code].kind is Kind.PRESENTATION


@pytest.mark.parametrize("code", LOSSES)
def test_the_losses_of_text_stay_content(code):
    assert ALL_CODES[code].kind is Kind.CONTENT


def test_a_truncation_cannot_be_declared_presentation():
    assert degraded("x.y", "m", kind=PRESENTATION).kind is Kind.PRESENTATION
    assert dropped("x.y", "m").kind is Kind.CONTENT
    from zenconv.reports import Code
    with pytest.raises(ValueError):
        Code("x.cut", Severity.TRUNCATED, "m", kind=Kind.PRESENTATION)


def test_the_report_json_carries_the_kind_and_the_manifest_accepts_it():
    rep = Reporter()
    rep.declare([dropped("x.gone", "g"), degraded("x.look", "l", kind=PRESENTATION), refused("x.no", "n"),
                 truncated("x.cut", "c")])
    for code in ("x.look", "x.gone", "x.no", "x.cut"):
        rep.report(code)
    data = [r.to_json() for r in rep.reports]
    assert {d["code"]: d["kind"] for d in data} == {"x.cut": "content", "x.gone": "content", "x.look": "presentation",
                                                    "x.no": "content"}
    assert [r.code.code for r in rep.by_kind] == ["x.cut", "x.gone", "x.no", "x.look"]
    schema = json.dumps(Manifest.model_json_schema())
    assert '"presentation"' in schema


def test_a_manifest_without_kinds_still_loads_and_verifies(tmp_path):
    """Manifests written before reports had a kind keep their digests."""
    out = tmp_path / "a.md"
    CliRunner().invoke(build_cli(), [str(_csv(tmp_path)), "-o", str(out), "-q"])
    manifest_path = out.with_name("a.md.manifest.json")
    data = json.loads(manifest_path.read_text())
    assert data["reports"] and all("kind" in r for r in data["reports"])
    for report in data["reports"]:
        del report["kind"]
    from zenconv.manifest import digest_of
    data.pop("digest")
    data["digest"] = digest_of(data)
    manifest_path.write_text(json.dumps(data))
    assert verify(manifest_path) == []
    assert audit([manifest_path]).codes["to-md.cell-blocks-flattened"]["kind"] == "content"  # unknown: content


def _csv(tmp_path):
    src = tmp_path / "a.csv"
    src.write_text('h1,h2\n"line\none",x\nb,"1\x01"\n')  # a flattened cell (presentation), a control (content)
    return src


def test_the_summary_shows_content_first_then_presentation_counted(tmp_path):
    result = CliRunner().invoke(build_cli(), [str(_csv(tmp_path)), "-o", str(tmp_path / "a.md")])
    lines = result.stderr.splitlines()
    control = next(i for i, line in enumerate(lines) if "to-md.control-characters-replaced" in line)
    heading = next(i for i, line in enumerate(lines) if line.startswith("  presentation only"))
    flattened = next(i for i, line in enumerate(lines) if "to-md.cell-blocks-flattened" in line)
    assert control < heading < flattened
    assert lines[heading].strip() == "presentation only (every character kept): 1 code, ×1"


def test_the_audit_lists_content_first_and_totals_each_kind(tmp_path, capsys):
    CliRunner().invoke(build_cli(), [str(_csv(tmp_path)), "-o", str(tmp_path / "a.md"), "-q"])
    found = audit([tmp_path]).to_json()
    assert found["audit_version"] == 5
    assert found["kinds"] == {"content": 1, "presentation": 1}
    assert found["codes"]["to-md.cell-blocks-flattened"]["kind"] == "presentation"
    assert run_audit([tmp_path]) == 0
    table = capsys.readouterr().out.splitlines()
    rows = [line.split()[0] for line in table if line.startswith(("to-md.", "presentation only", "content lost"))]
    assert rows == ["content", "to-md.control-characters-replaced", "presentation", "to-md.cell-blocks-flattened"]
    assert "content lost: 1 code, ×1" in table
    run_audit([tmp_path], fmt="csv")
    csv_lines = capsys.readouterr().out.splitlines()
    assert ",count,kind,meaning,first_locator,detail," in csv_lines[0]  # later columns appended after these
    assert any(",to-md.cell-blocks-flattened,degraded,1,presentation," in line for line in csv_lines)


# Word's own hidden bookmarks: reported only when a link in the document points at one.

def _bookmark(name: str, ident: int) -> str:
    return f'<w:bookmarkStart w:id="{ident}" w:name="{name}"/><w:bookmarkEnd w:id="{ident}"/>'


def _link(anchor: str, words: str) -> str:
    return f'<w:hyperlink w:anchor="{anchor}">{FX.r(words)}</w:hyperlink>'


def _bookmarks_reported(body: str) -> list[str]:
    result = read(FX.package(body), "ai.insan.zenfmt.docx", name="in.docx")
    found = result.reporter.matching("docx.bookmarks-dropped")
    return sorted(found[0].details) if found else []


def test_goback_and_unlinked_hidden_bookmarks_are_not_reported():
    body = (FX.p(runs=_bookmark("_GoBack", 1) + FX.r("Edited here"))
            + FX.p(runs=_bookmark("_Ref123", 2) + FX.r("Clause 4"))
            + FX.p(runs=FX.r("see ")
                   + '<w:fldSimple w:instr=" REF _Ref123 \\h "><w:r><w:t>Clause 4</w:t></w:r></w:fldSimple>'))
    assert _bookmarks_reported(body) == []


def test_a_named_bookmark_and_a_linked_hidden_one_are_reported_whichever_comes_first():
    body = (FX.p(runs=_link("_Toc1", "Introduction"))             # a table of contents links forward
            + FX.p(runs=_bookmark("_Toc1", 1) + FX.r("Introduction"))
            + FX.p(runs=_bookmark("_Hlk9", 2) + FX.r("Earlier words"))
            + FX.p(runs=_link("_Hlk9", "as said above"))           # a pasted link points back
            + FX.p(runs=_bookmark("_Toc2", 3) + FX.r("Not linked"))
            + FX.p(runs=_bookmark("Appendix", 4) + FX.r("Named by the author")))
    assert _bookmarks_reported(body) == ["Appendix", "_Hlk9", "_Toc1"]


def test_a_bookmark_report_is_located_at_the_bookmark():
    body = FX.p("one") + FX.p(runs=_bookmark("_Hlk9", 2) + FX.r("two")) + FX.p(runs=_link("_Hlk9", "back"))
    result = read(FX.package(body), "ai.insan.zenfmt.docx", name="in.docx")
    (entry,) = result.reporter.matching("docx.bookmarks-dropped")
    assert [loc.paragraph for loc in entry.locators] == [2]


def test_the_writers_record_states_each_codes_severity_and_kind():
    from pathlib import Path
    import re

    record = (Path(__file__).resolve().parent.parent / "docs" / "formats" / "writers.md").read_text()
    rows = dict((code, (severity, kind)) for code, severity, kind in
                re.findall(r"^\| `(to-[a-z]+\.[a-z-]+)` \| (\w+) \| (\w+) \|", record, re.M))
    declared = {c.code: (str(c.severity), str(c.kind))
                for spec in PLUGINS.registry.writers.values() for c in spec.codes}
    assert rows == declared
