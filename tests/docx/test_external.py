"""References outside the package: each reported with its target, none opened, a field's result kept."""

from __future__ import annotations

from .conftest import FX, read_docx, text


def _reports():
    return {r.code.code: r for r in read_docx(FX.external_references()).reporter.reports}


def test_fields_that_pull_in_or_run_something_outside_are_reported_and_keep_their_result():
    result = read_docx(FX.external_references())
    assert [text(b) for b in result.document.blocks[:3]] == ["Picture: [logo]", "Included clause.", "Updated value"]
    report = _reports()["docx.external-fields"]
    assert report.count == 3
    assert report.details == ['INCLUDEPICTURE "http://pictures.example/logo.png" \\d',
                              'INCLUDETEXT "C:\\\\share\\\\clause.docx"',
                              'DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc.exe"']


def test_picture_click_and_hover_links_and_vml_hrefs_are_reported():
    assert _reports()["docx.external-links"].details == [
        "click link http://click.example/", "hover link http://hover.example/", "VML href http://vml.example/target"]


def test_the_attached_template_and_unused_external_relationships_are_reported():
    reports = _reports()
    assert reports["docx.attached-template"].details == ["file:///C:/Templates/Contract.dotm"]
    assert reports["docx.attached-template"].locators[0].part == "word/settings.xml"
    assert reports["docx.external-relationships"].details == [
        "oleObject file:///C:/data/budget.xlsx", "subDocument file:///C:/docs/chapter2.docx"]


def test_carried_relationships_are_not_reported_again():
    # the links fixture's hyperlinks and the notes fixture's linked image are carried (or reported on their own)
    for fixture in (FX.links(), FX.notes_and_pages()):
        assert "docx.external-relationships" not in read_docx(fixture).codes()


def test_a_long_target_is_bounded():
    instr = "INCLUDETEXT " + "x" * 5000
    data = FX.package(FX.p(runs=f'<w:fldSimple w:instr="{instr}"><w:r><w:t>kept</w:t></w:r></w:fldSimple>'))
    report = next(r for r in read_docx(data).reporter.reports if r.code.code == "docx.external-fields")
    assert len(report.details[0]) == 200 and report.details[0].endswith("…")


def test_a_settings_part_that_does_not_parse_costs_the_sweep_not_the_document():
    data = FX.package(FX.p("Body."), rels={"rIdSettings": ("settings", "settings.xml", False)},
                      parts={"word/settings.xml": "<w:settings"})
    result = read_docx(data)
    assert text(result.document.blocks) == "Body."
