"""A DOCTYPE is refused before lxml parses, in every encoding an XML processor would read; entities never expand."""

from __future__ import annotations

import io

import pytest
from lxml import etree

from zenconv.reports import Unreadable
from zenconv.safe import xml as safe_xml
from zenconv.safe.xml import iterparse_xml, parse_xml

BODY = '<w:document xmlns:w="urn:w"><w:p>Hello \u00e9\u2603</w:p></w:document>'
DOCTYPE = '<!DOCTYPE w:document>\n'
BILLION_LAUGHS = (
    '<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
    + ']>\n<lolz>&lol9;</lolz>'
)
XXE = '<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<d>&xxe;</d>'
XXE_PARAMETER = '<!DOCTYPE d [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd"> %remote;]>\n<d/>'

# (python codec, byte-order mark, the name the declaration gives)
ENCODINGS = [
    ("utf-8", b"", "UTF-8"), ("utf-8", b"\xef\xbb\xbf", "UTF-8"),
    ("utf-16-le", b"\xff\xfe", "UTF-16"), ("utf-16-be", b"\xfe\xff", "UTF-16"),
    ("utf-16-le", b"", "UTF-16LE"), ("utf-16-be", b"", "UTF-16BE"),
    ("utf-32-le", b"\xff\xfe\x00\x00", "UTF-32"), ("utf-32-be", b"\x00\x00\xfe\xff", "UTF-32"),
    ("utf-32-le", b"", "UTF-32LE"), ("utf-32-be", b"", "UTF-32BE"),
]
IDS = [f"{codec}{'-bom' if bom else ''}" for codec, bom, _ in ENCODINGS]


def encoded(text: str, codec: str, bom: bytes, label: str, declaration: bool = True) -> bytes:
    prolog = f'<?xml version="1.0" encoding="{label}"?>\n' if declaration else ""
    return bom + (prolog + text).encode(codec)


class TrickleStream(io.RawIOBase):
    """Hands out a few bytes per read, so a DOCTYPE falls across reads."""

    def __init__(self, data: bytes, step: int = 3):
        self._data, self._step, self._pos = data, step, 0

    def readable(self):
        return True

    def read(self, n=-1):
        chunk = self._data[self._pos:self._pos + self._step]
        self._pos += len(chunk)
        return chunk


def refusal(data: bytes, how: str) -> str:
    with pytest.raises(Unreadable) as info:
        if how == "parse":
            parse_xml(data, "docx")
        else:
            stream = io.BytesIO(data) if how == "iterparse" else TrickleStream(data)
            for _ in iterparse_xml(stream, "docx"):
                pass
    return info.value.code


HOW = ["parse", "iterparse", "trickle"]


@pytest.fixture
def lxml_never_runs(monkeypatch):
    """Fails the test if lxml is asked to parse: the refusal must come first."""
    def forbidden(*args, **kwargs):
        raise AssertionError("lxml was handed a document with a DOCTYPE")
    monkeypatch.setattr(etree, "fromstring", forbidden)
    monkeypatch.setattr(etree, "XMLPullParser", forbidden)


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("codec, bom, label", ENCODINGS, ids=IDS)
def test_doctype_in_any_encoding_is_refused_before_parsing(lxml_never_runs, codec, bom, label, how):
    assert refusal(encoded(DOCTYPE + BODY, codec, bom, label), how) == "docx.doctype-refused"


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("codec, bom, label", ENCODINGS, ids=IDS)
def test_doctype_without_a_declaration_is_refused(lxml_never_runs, codec, bom, label, how):
    assert refusal(encoded(DOCTYPE + BODY, codec, bom, label, declaration=False), how) == "docx.doctype-refused"


@pytest.mark.parametrize("how", ["parse", "iterparse"])
@pytest.mark.parametrize("codec, bom, label", ENCODINGS, ids=IDS)
def test_the_same_document_without_doctype_parses_in_every_encoding(codec, bom, label, how):
    data = encoded(BODY, codec, bom, label)
    if how == "parse":
        root = parse_xml(data, "docx")
    else:
        root = [element for event, element in iterparse_xml(io.BytesIO(data), "docx") if event == "end"][-1]
    assert root[0].text == "Hello \u00e9\u2603"


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("document", [
    DOCTYPE + BODY,
    "<!-- a comment -->\n<?pi data?>\n" + DOCTYPE + BODY,
    "\n\n   " + DOCTYPE + BODY,
    "<!doctype w:document>" + BODY,
    "<!DOCTYPE w:document SYSTEM 'http://127.0.0.1:9/x.dtd'>" + BODY,
    "<!ELEMENT w:document ANY>" + BODY,
    BILLION_LAUGHS, XXE, XXE_PARAMETER,
], ids=["plain", "after-comment-and-pi", "after-whitespace", "lowercase", "external-dtd", "bare-declaration",
        "billion-laughs", "xxe", "xxe-parameter-entity"])
def test_doctype_variants_are_refused(lxml_never_runs, document, how):
    assert refusal(('<?xml version="1.0"?>\n' + document).encode(), how) == "docx.doctype-refused"


@pytest.mark.parametrize("how", HOW)
def test_doctype_hidden_in_the_declared_encoding_is_refused(how):
    # UTF-7 spells "<" as "+ADw-": only decoding with the declared encoding shows the DOCTYPE.
    data = b'<?xml version="1.0" encoding="UTF-7"?>\n+ADw-!DOCTYPE w:document+AD4-\n' + BODY.encode("utf-7")
    assert b"<!DOCTYPE" not in data
    assert refusal(data, how) == "docx.doctype-refused"


@pytest.mark.parametrize("how", ["parse", "iterparse"])
@pytest.mark.parametrize("document", [DOCTYPE + BODY, XXE, BILLION_LAUGHS], ids=["plain", "xxe", "billion-laughs"])
def test_doctype_behind_a_long_prolog_is_refused_after_parsing(how, document):
    # Past the scanned window the pre-check gives up: the DTD lxml records, or libxml2's own
    # refusal of amplifying entities, is refused all the same, and nothing was expanded.
    data = ('<?xml version="1.0"?>\n<!--' + "x" * (2 << 20) + '-->\n' + document).encode()
    assert refusal(data, how) == "docx.doctype-refused"


@pytest.mark.parametrize("how", HOW)
def test_doctype_text_inside_a_comment_or_the_body_is_not_a_doctype(how):
    data = ('<?xml version="1.0"?>\n<!-- <!DOCTYPE x> -->\n<d><![CDATA[<!DOCTYPE x>]]>&lt;!DOCTYPE&gt;</d>').encode()
    if how == "parse":
        assert parse_xml(data, "docx").text == "<!DOCTYPE x><!DOCTYPE>"
    else:
        stream = io.BytesIO(data) if how == "iterparse" else TrickleStream(data)
        assert [e.text for ev, e in iterparse_xml(stream, "docx") if ev == "end"] == ["<!DOCTYPE x><!DOCTYPE>"]


def test_parser_options_never_resolve_entities_nor_load_anything():
    assert safe_xml.PARSER_OPTIONS == {"resolve_entities": False, "no_network": True, "load_dtd": False,
                                       "dtd_validation": False, "attribute_defaults": False, "huge_tree": False}
    # The second line of defence on its own: lxml with these options leaves entities unexpanded.
    root = etree.fromstring(XXE.encode(), etree.XMLParser(**safe_xml.PARSER_OPTIONS))
    assert "root:" not in etree.tostring(root, encoding="unicode")


# --- plain_doctype: a DOCTYPE with no internal subset, as OpenOffice writes in manifests and MathML ---------

MANIFEST_DOCTYPE = ('<!DOCTYPE manifest:manifest PUBLIC "-//OpenOffice.org//DTD Manifest 1.0//EN" "Manifest.dtd">\n'
                    '<manifest:manifest xmlns:manifest="urn:m"><manifest:file-entry>Hello \u00e9\u2603'
                    '</manifest:file-entry></manifest:manifest>')
MATH_DOCTYPE = ('<!-- a comment first -->\n<!DOCTYPE math:math PUBLIC "-//OpenOffice.org//DTD Modified W3C MathML 1.01//EN" '
                '"math.dtd">\n<math:math xmlns:math="urn:math"><math:mi>Hello \u00e9\u2603</math:mi></math:math>')
PLAIN = [MANIFEST_DOCTYPE, MATH_DOCTYPE,
         "<!DOCTYPE w:document>" + BODY,
         "<!DOCTYPE w:document SYSTEM 'a[b].dtd'>" + BODY,            # a bracket in a quoted identifier
         "<!DOCTYPE w:document SYSTEM 'http://127.0.0.1:9/x.dtd'>" + BODY]  # never fetched


def first_text(data: bytes, how: str) -> str:
    if how == "parse":
        root = parse_xml(data, "odt", plain_doctype=True)
    else:
        stream = io.BytesIO(data) if how == "iterparse" else TrickleStream(data)
        root = [el for event, el in iterparse_xml(stream, "odt", plain_doctype=True) if event == "end"][-1]
    return root[0].text


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("document", PLAIN, ids=["manifest", "mathml", "bare", "bracket-in-literal", "external"])
def test_a_doctype_without_an_internal_subset_is_accepted_when_asked(document, how):
    assert first_text(('<?xml version="1.0" encoding="UTF-8"?>\n' + document).encode(), how) == "Hello \u00e9\u2603"


@pytest.mark.parametrize("how", ["parse", "iterparse"])
@pytest.mark.parametrize("codec, bom, label", ENCODINGS, ids=IDS)
def test_a_plain_doctype_is_accepted_in_every_encoding(codec, bom, label, how):
    assert first_text(encoded(MANIFEST_DOCTYPE, codec, bom, label), how) == "Hello \u00e9\u2603"


@pytest.mark.parametrize("how", HOW)
def test_without_asking_a_plain_doctype_is_still_refused(lxml_never_runs, how):
    assert refusal(('<?xml version="1.0"?>\n' + MANIFEST_DOCTYPE).encode(), how) == "docx.doctype-refused"


def plain_refusal(data: bytes, how: str) -> str:
    with pytest.raises(Unreadable) as info:
        if how == "parse":
            parse_xml(data, "odt", plain_doctype=True)
        else:
            stream = io.BytesIO(data) if how == "iterparse" else TrickleStream(data)
            for _ in iterparse_xml(stream, "odt", plain_doctype=True):
                pass
    return info.value.code


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("document", [
    BILLION_LAUGHS, XXE, XXE_PARAMETER,
    "<!DOCTYPE w:document []>" + BODY,                       # an internal subset, even an empty one
    "<!DOCTYPE w:document SYSTEM 'x.dtd' [<!ENTITY e 'x'>]>" + BODY,
    "<!doctype w:document>" + BODY,                          # not XML's spelling: no exception for it
    "<!ELEMENT w:document ANY>" + BODY,
    "<!DOCTYPE w:document>\n<!DOCTYPE w:document [<!ENTITY e 'x'>]>" + BODY,
], ids=["billion-laughs", "xxe", "xxe-parameter-entity", "empty-subset", "external-and-subset", "lowercase",
        "bare-declaration", "second-doctype"])
def test_an_internal_subset_is_refused_before_parsing_all_the_same(lxml_never_runs, document, how):
    assert plain_refusal(('<?xml version="1.0"?>\n' + document).encode(), how) == "odt.doctype-refused"


@pytest.mark.parametrize("how", ["parse", "iterparse"])
@pytest.mark.parametrize("document", [XXE, BILLION_LAUGHS], ids=["xxe", "billion-laughs"])
def test_an_internal_subset_behind_a_long_prolog_is_refused_after_parsing(how, document):
    data = ('<?xml version="1.0"?>\n<!--' + "x" * (2 << 20) + '-->\n' + document).encode()
    assert plain_refusal(data, how) == "odt.doctype-refused"


def test_an_external_dtd_is_never_read_and_its_entities_never_expand():
    data = b'<?xml version="1.0"?>\n<!DOCTYPE d SYSTEM "file:///etc/passwd">\n<d><e>&xxe;</e></d>'
    root = parse_xml(data, "odt", plain_doctype=True)
    assert "root:" not in etree.tostring(root, encoding="unicode")
    assert root.getroottree().docinfo.internalDTD is not None and not list(root.getroottree().docinfo.internalDTD.iterentities())
