"""The depth limit, malformed XML, and what iterparse_xml yields and frees."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from zenconv.reports import Severity, Unreadable
from zenconv.safe.xml import check_xml, iterparse_xml, parse_xml, xml_codes


def nested(depth: int) -> bytes:
    return b"<a>" * depth + b"</a>" * depth


def refusal(data: bytes, how: str, **kwargs) -> str:
    with pytest.raises(Unreadable) as info:
        if how == "parse":
            parse_xml(data, "xlsx", **kwargs)
        elif how == "iterparse":
            for _ in iterparse_xml(io.BytesIO(data), "xlsx", **kwargs):
                pass
        else:
            check_xml(data, "xlsx", **kwargs)
    return info.value.code


HOW = ["parse", "iterparse", "check"]


@pytest.mark.parametrize("how", HOW)
def test_ten_thousand_deep_is_refused(how):
    assert refusal(nested(10_000), how) == "xlsx.xml-too-deep"


@pytest.mark.parametrize("how", HOW)
def test_default_limit_is_256(how):
    assert refusal(nested(257), how) == "xlsx.xml-too-deep"
    if how == "parse":
        parse_xml(nested(256), "xlsx")
    else:
        check_xml(nested(256), "xlsx")


@pytest.mark.parametrize("how", HOW)
def test_a_smaller_limit_is_ours(how):
    assert refusal(nested(11), how, max_depth=10) == "xlsx.xml-too-deep"
    assert refusal(b"<r>" + b"<x/>" * 5 + nested(11) + b"</r>", how, max_depth=11) == "xlsx.xml-too-deep"
    if how == "parse":
        assert parse_xml(nested(10), "xlsx", max_depth=10).tag == "a"
    else:
        check_xml(nested(10), "xlsx", max_depth=10)


def test_depth_counts_elements_even_when_only_end_events_are_asked_for():
    events = iterparse_xml(io.BytesIO(nested(6)), "xlsx", events=("end",), tag="b", max_depth=5)
    with pytest.raises(Unreadable) as info:
        list(events)
    assert info.value.code == "xlsx.xml-too-deep"


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("data", [
    b"", b"   ", b"not xml", b"<a><b></a>", b"<a>", b"<a/><b/>", b"<a>&undefined;</a>", b"<a x='1' x='2'/>",
    b"<a>\x00</a>", b'<?xml version="1.0" encoding="no-such-encoding"?><a/>', b"\xff\xfe<\x00a\x00",
], ids=["empty", "blank", "text", "mismatched", "unclosed", "two-roots", "undefined-entity", "duplicate-attribute",
        "nul", "unknown-encoding", "odd-utf16"])
def test_malformed_xml(data, how):
    assert refusal(data, how) == "xlsx.xml-malformed"


def test_xml_codes_are_declared_refusals_under_the_namespace():
    codes = xml_codes("odt")
    assert [c.code for c in codes] == ["odt.doctype-refused", "odt.xml-too-deep", "odt.xml-malformed"]
    assert all(c.severity is Severity.REFUSED and c.meaning and "\n" not in c.meaning for c in codes)


DOC = b'<?xml version="1.0"?><w:body xmlns:w="urn:w"><w:p><w:t>one</w:t></w:p><!--c--><w:p><w:t>two</w:t></w:p></w:body>'


def test_events_in_document_order():
    got = [(event, element.tag) for event, element in iterparse_xml(io.BytesIO(DOC), "docx")]
    assert got == [("start", "{urn:w}body"), ("start", "{urn:w}p"), ("start", "{urn:w}t"), ("end", "{urn:w}t"),
                   ("end", "{urn:w}p"), ("start", "{urn:w}p"), ("start", "{urn:w}t"), ("end", "{urn:w}t"),
                   ("end", "{urn:w}p"), ("end", "{urn:w}body")]


def test_tag_filter_and_other_events():
    got = [(event, getattr(element, "text", element)) for event, element in
           iterparse_xml(io.BytesIO(DOC), "docx", events=("end", "comment", "start-ns"), tag="{urn:w}t")]
    assert got == [("start-ns", ("w", "urn:w")), ("end", "one"), ("comment", "c"), ("end", "two")]
    got = [element.tag for _, element in
           iterparse_xml(io.BytesIO(DOC), "docx", events=("start",), tag=["{urn:w}p", "{urn:w}body"])]
    assert got == ["{urn:w}body", "{urn:w}p", "{urn:w}p"]


def test_clear_frees_what_the_caller_has_passed():
    # Events trail the parser by one 64 KiB chunk, so the tree holds at most about a chunk of rows.
    rows = b"".join(b"<row><c>%d</c><c>x</c></row>" % i for i in range(20_000))
    data = b"<sheetData>" + rows + b"</sheetData>"
    seen, most = [], 0
    for _, row in iterparse_xml(io.BytesIO(data), "xlsx", events=("end",), tag="row", clear=True):
        seen.append([c.text for c in row])  # descendants are whole at the row's end
        most = max(most, len(row.getparent()))
    assert len(seen) == 20_000 and seen[19_999] == ["19999", "x"]
    assert most < 3_000


def test_without_clear_the_tree_is_kept():
    data = b"<r>" + b"<x>1</x>" * 10 + b"</r>"
    ends = [element for _, element in iterparse_xml(io.BytesIO(data), "xlsx", events=("end",))]
    assert len(ends[-1]) == 10 and ends[0].text == "1"


def test_errors_of_the_stream_pass_through():
    class Failing(io.RawIOBase):
        def readable(self):
            return True

        def read(self, n=-1):
            raise Unreadable("xlsx.zip-size-mismatch", "the part lied")

    with pytest.raises(Unreadable) as info:
        list(iterparse_xml(Failing(), "xlsx"))
    assert info.value.code == "xlsx.zip-size-mismatch"


def test_declaring_the_codes_does_not_load_lxml():
    # Entry-point modules call zip_codes/xml_codes at start-up, which must stay light.
    code = ("import sys\nfrom zenconv.safe.xml import xml_codes\nfrom zenconv.safe.zip import zip_codes\n"
            "import zenconv.safe.ole\nxml_codes('x'); zip_codes('x')\nprint('lxml' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
