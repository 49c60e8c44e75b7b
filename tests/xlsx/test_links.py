"""References outside the workbook: each reported under its code with its target, passwords masked, never followed."""

from __future__ import annotations

from zenconv_plugins.targets import DETAIL_CHARS, detail, masked

from .conftest import FX, read_xlsx

LINKED = read_xlsx(FX.linked())
REPORTS = {r.code.code: r for r in LINKED.reporter.reports}


def test_data_connections_are_reported_with_their_targets():
    report = REPORTS["xlsx.data-connection-dropped"]
    assert report.count == 3
    assert report.details[1:] == ["web query Rates: https://example.com/rates.html", "text import Import: C:\\data\\in.csv"]
    assert report.details[0].startswith("OLE DB Sales DB: Provider=SQLOLEDB;Data Source=db1;User ID=sa;Password=***;")
    assert report.details[0].endswith("; command: SELECT * FROM orders")


def test_a_connection_password_never_reaches_the_manifest():
    assert not any("hunter2" in d for r in LINKED.reporter.reports for d in r.details)


def test_a_dde_link_forces_review_and_names_its_command():
    report = REPORTS["xlsx.dde-link-dropped"]
    assert report.details == ["cmd|/c calc.exe !A0"]
    assert report.code.needs_review


def test_links_to_other_workbooks_and_ole_links_name_their_targets():
    assert REPORTS["xlsx.external-link-dropped"].details == [
        "workbook: file:///C:/books/other.xlsx", "OLE link Word.Document.8: file:///C:/books/memo.doc"]


def test_query_tables_and_other_external_relationships_are_reported():
    assert REPORTS["xlsx.query-table-dropped"].details == ["Rates query (connection 2)"]
    # the sheet's hyperlink is carried as a link, not reported; its linked OLE object is
    assert REPORTS["xlsx.external-reference-dropped"].details == ["oleObject: file:///C:/docs/linked.docx"]
    assert REPORTS["xlsx.external-reference-dropped"].locators[0].part == "xl/worksheets/sheet1.xml"


def test_a_workbook_without_external_references_reports_none():
    codes = read_xlsx(FX.structure()).codes()
    assert not any(code in codes for code in ("xlsx.data-connection-dropped", "xlsx.external-link-dropped",
                                              "xlsx.dde-link-dropped", "xlsx.external-reference-dropped"))


def test_passwords_are_masked_however_they_are_written():
    assert masked("Pwd=abc;UID=x") == "Pwd=***;UID=x"
    assert masked('DSN=a; password = "x;y"; UID=u') == 'DSN=a; password = ***; UID=u'
    assert masked("PASSWORD='s;t'") == "PASSWORD=***"


def test_a_target_is_one_bounded_line():
    shown = detail("http://example.com/" + "a" * 1000 + "\n\tmore")
    assert len(shown) == DETAIL_CHARS and shown.endswith("…") and "\n" not in shown


def test_a_part_of_links_that_does_not_parse_is_reported_and_the_workbook_read():
    book = FX.raw_book('<sheetData><row r="1"><c r="A1"><v>7</v></c></row></sheetData>',
                       book_rels=f'<Relationship Id="rIdC" Type="{FX.RELS}/connections" Target="connections.xml"/>',
                       extra={"xl/connections.xml": b"<connections><connection", "xl/media/_rels/x.png.rels": b"<Rel"})
    result = read_xlsx(book)
    report = next(r for r in result.reporter.reports if r.code.code == "xlsx.unhandled-construct")
    assert report.details == ["xl/connections.xml does not parse: its external references are not known",
                              "xl/media/_rels/x.png.rels does not parse: its external references are not known"]
    assert "xlsx.data-connection-dropped" not in result.codes()
