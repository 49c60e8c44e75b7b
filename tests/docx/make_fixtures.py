"""The DOCX test fixtures: packages built by hand with zipfile (for what python-docx cannot express:
tracked changes, vMerge, OMML, content controls, fields, Strict namespaces) and one with python-docx.

Tests import :func:`package` and :data:`FIXTURES`; ``python tests/docx/make_fixtures.py DIR`` writes every
named fixture to DIR to look at in Word. Everything is deterministic: fixed zip dates, no clocks.
"""

from __future__ import annotations

import io
import struct
import sys
import zipfile
import zlib
from pathlib import Path

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STRICT_W_NS = "http://purl.oclc.org/ooxml/wordprocessingml/main"
STRICT_R_NS = "http://purl.oclc.org/ooxml/officeDocument/relationships"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
STRICT_REL = "http://purl.oclc.org/ooxml/officeDocument/relationships/"

NAMESPACES = (
    'xmlns:w="{w}" xmlns:r="{r}" '
    'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" '
    'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
    'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"'
)
DATE = (2024, 1, 2, 3, 4, 5)


def tiny_png(rgb: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    """A valid 1×1 PNG of one colour (distinct colours give distinct digests)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"\x00" + bytes(rgb)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _rels(items: dict[str, tuple[str, str, bool]], rel_base: str) -> str:
    body = "".join(
        f'<Relationship Id="{rid}" Type="{rel_type if rel_type.startswith("http") else rel_base + rel_type}" '
        f'Target="{target}"{" TargetMode=&quot;External&quot;".replace("&quot;", chr(34)) if external else ""}/>'
        for rid, (rel_type, target, external) in items.items())
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{body}</Relationships>')


def package(body: str, *, styles: str | None = None, numbering: str | None = None,
            rels: dict[str, tuple[str, str, bool]] | None = None, parts: dict[str, bytes | str] | None = None,
            footnotes: str | None = None, endnotes: str | None = None, core: str | None = None,
            strict: bool = False) -> bytes:
    """A .docx whose body is ``body`` (w: markup); optional parts are added with their relationships."""
    w_ns, r_ns, rel_base = (STRICT_W_NS, STRICT_R_NS, STRICT_REL) if strict else (W_NS, R_NS, REL)
    ns = NAMESPACES.format(w=w_ns, r=r_ns)
    doc_rels = dict(rels or {})
    files: dict[str, bytes | str] = {}
    if styles is not None:
        doc_rels["rIdStyles"] = ("styles", "styles.xml", False)
        files["word/styles.xml"] = f'<w:styles {ns}>{styles}</w:styles>'
    if numbering is not None:
        doc_rels["rIdNumbering"] = ("numbering", "numbering.xml", False)
        files["word/numbering.xml"] = f'<w:numbering {ns}>{numbering}</w:numbering>'
    if footnotes is not None:
        doc_rels["rIdFootnotes"] = ("footnotes", "footnotes.xml", False)
        files["word/footnotes.xml"] = f'<w:footnotes {ns}>{footnotes}</w:footnotes>'
    if endnotes is not None:
        doc_rels["rIdEndnotes"] = ("endnotes", "endnotes.xml", False)
        files["word/endnotes.xml"] = f'<w:endnotes {ns}>{endnotes}</w:endnotes>'
    root_rels = {"rId1": ("officeDocument", "word/document.xml", False)}
    if core is not None:
        root_rels["rId2"] = ("http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties",
                             "docProps/core.xml", False)
        files["docProps/core.xml"] = (
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/">'
            f'{core}</cp:coreProperties>')
    files["_rels/.rels"] = _rels(root_rels, rel_base)
    files["word/_rels/document.xml.rels"] = _rels(doc_rels, rel_base)
    files["word/document.xml"] = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                                  f'<w:document {ns}><w:body>{body}</w:body></w:document>')
    files.update(parts or {})
    files["[Content_Types].xml"] = (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="xml" ContentType="application/xml"/></Types>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(files):
            data = files[name]
            zf.writestr(zipfile.ZipInfo(name, DATE), data.encode() if isinstance(data, str) else data)
    return buf.getvalue()


def p(text: str = "", *, style: str | None = None, num: tuple[str, int] | None = None, ppr: str = "",
      runs: str | None = None) -> str:
    """A paragraph of one plain run (or the given runs), with a style, numbering and extra w:pPr."""
    props = ""
    if style:
        props += f'<w:pStyle w:val="{style}"/>'
    if num:
        props += f'<w:numPr><w:ilvl w:val="{num[1]}"/><w:numId w:val="{num[0]}"/></w:numPr>'
    props += ppr
    content = runs if runs is not None else (r(text) if text else "")
    return f"<w:p>{f'<w:pPr>{props}</w:pPr>' if props else ''}{content}</w:p>"


def r(text: str, rpr: str = "") -> str:
    return f'<w:r>{f"<w:rPr>{rpr}</w:rPr>" if rpr else ""}<w:t xml:space="preserve">{text}</w:t></w:r>'


def heading_styles() -> str:
    out = ['<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>',
           '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>']
    for n in range(1, 10):
        out.append(f'<w:style w:type="paragraph" w:styleId="Heading{n}"><w:name w:val="heading {n}"/>'
                   f'<w:basedOn w:val="Normal"/></w:style>')
    return "".join(out)


def abstract(aid: str, levels: list[tuple[str, str, int]]) -> str:
    """An abstract numbering definition; levels are (numFmt, lvlText, start)."""
    lvls = "".join(f'<w:lvl w:ilvl="{i}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
                   f'<w:lvlText w:val="{text}"/></w:lvl>' for i, (fmt, text, start) in enumerate(levels))
    return f'<w:abstractNum w:abstractNumId="{aid}">{lvls}</w:abstractNum>'


def num(nid: str, aid: str, start_override: int | None = None) -> str:
    override = (f'<w:lvlOverride w:ilvl="0"><w:startOverride w:val="{start_override}"/></w:lvlOverride>'
                if start_override is not None else "")
    return f'<w:num w:numId="{nid}"><w:abstractNumId w:val="{aid}"/>{override}</w:num>'


def lvl(ilvl: int, fmt: str, text: str, start: int = 1, extra: str = "") -> str:
    """One w:lvl; ``extra`` is more of its properties (w:isLgl, w:lvlRestart, w:suff)."""
    return (f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>{extra}'
            f'<w:lvlText w:val="{text}"/></w:lvl>')


def abstract_of(aid: str, *levels: str) -> str:
    return f'<w:abstractNum w:abstractNumId="{aid}">{"".join(levels)}</w:abstractNum>'


def num_over(nid: str, aid: str, override: str) -> str:
    """A w:num whose level 0 is overridden: ``override`` is the w:lvlOverride's content."""
    return f'<w:num w:numId="{nid}"><w:abstractNumId w:val="{aid}"/><w:lvlOverride w:ilvl="0">{override}</w:lvlOverride></w:num>'


# --- named fixtures (also the golden pairs) -----------------------------------------------------------

def headings_and_styles() -> bytes:
    styles = heading_styles() + (
        '<w:style w:type="paragraph" w:styleId="MyHeading"><w:name w:val="My Heading"/><w:basedOn w:val="Heading2"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="LoopA"><w:name w:val="Loop A"/><w:basedOn w:val="LoopB"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="LoopB"><w:name w:val="Loop B"/><w:basedOn w:val="LoopA"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="Titolo1"><w:name w:val="heading 1"/></w:style>')
    body = (p("The title", style="Title") + p("Chapter", style="Heading1") + p("Based on heading 2", style="MyHeading")
            + p("Outline level 3", ppr='<w:outlineLvl w:val="2"/>') + p("Deep", style="Heading8")
            + p("A quotation", style="Quote") + p("Looping style", style="LoopA") + p("Italian heading", style="Titolo1")
            + p("") + p("Body text"))
    return package(body, styles=styles)


def lists() -> bytes:
    numbering = (abstract("0", [("bullet", "•", 1), ("bullet", "o", 1)])
                 + abstract("1", [("decimal", "%1.", 3), ("lowerLetter", "%2)", 1)])
                 + abstract("2", [("decimal", "%1.", 1), ("decimal", "%1.%2.", 1)])
                 + num("1", "0") + num("2", "1") + num("3", "1", start_override=1) + num("4", "2"))
    body = (p("Bullet one", num=("1", 0)) + p("Nested", num=("1", 1)) + p("") + p("Bullet two", num=("1", 0))
            + p("Between")
            + p("Third", num=("2", 0)) + p("Fourth", num=("2", 0)) + p("Sub a", num=("2", 1))
            + p("Fifth", num=("2", 0))
            + p("Restarted", num=("3", 0))
            + p("Outline", num=("4", 0)) + p("Compound", num=("4", 1))
            + p("Dangling", num=("99", 0)) + p("Not a list", num=("0", 0)))
    return package(body, numbering=numbering)


def list_labels() -> bytes:
    """Word's own labels: every number format the reader renders, multi-level and legal numbering,
    restarts, overrides, numbering from a style, and what it cannot render (reported)."""
    numbering = (
        abstract_of("10", lvl(0, "upperRoman", "Article %1.", extra='<w:suff w:val="space"/>'),
                    lvl(1, "decimalZero", "Section %1.%2", extra="<w:isLgl/>"),
                    lvl(2, "lowerLetter", "(%3)"), lvl(3, "lowerRoman", "(%4)"))
        + abstract_of("11", lvl(0, "ordinal", "%1"), lvl(1, "decimal", "%1.%2"), lvl(2, "decimal", "%1.%2.%3"))
        + abstract_of("12", lvl(0, "cardinalText", "%1:"), lvl(1, "ordinalText", "%2 step", start=21))
        + abstract_of("13", lvl(0, "lowerLetter", "%1.", start=5), lvl(1, "decimal", "(%2))"))
        + abstract_of("14", lvl(0, "decimal", "§ %1", start=2, extra='<w:suff w:val="nothing"/>'))
        + abstract_of("15", lvl(0, "decimal", "%1."))
        + abstract_of("16", lvl(0, "decimal", "%1."), lvl(1, "decimal", "%2)", extra='<w:lvlRestart w:val="0"/>'))
        + abstract_of("17", lvl(0, "upperRoman", "%1."))
        + abstract_of("18", lvl(0, "hebrew1", "%1."))
        + abstract_of("19", lvl(0, "decimal", "X" * 150 + "%1"))
        + abstract_of("20", lvl(0, "none", "Note:"))
        + num("10", "10") + num("11", "11") + num("12", "12") + num("13", "13") + num("14", "14")
        + num("15", "15") + num("16", "15", start_override=1)
        + num_over("17", "15", '<w:startOverride w:val="1"/>' + lvl(0, "upperLetter", "%1)"))
        + num("18", "16") + num("30", "17") + num("19", "18") + num("20", "19") + num("21", "20"))
    styles = ('<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>'
              '<w:style w:type="paragraph" w:styleId="Clause"><w:name w:val="Clause"/>'
              '<w:pPr><w:numPr><w:numId w:val="30"/></w:numPr></w:pPr></w:style>')
    body = (p("Definitions", num=("10", 0)) + p("Scope", num=("10", 1)) + p("First", num=("10", 2))
            + p("Sub one", num=("10", 3)) + p("Sub two", num=("10", 3)) + p("Second", num=("10", 2))
            + p("Term", num=("10", 1)) + p("Again first", num=("10", 2)) + p("Rent", num=("10", 0))
            + p("Amount", num=("10", 1))
            + p("Ordinals")
            + p("Top", num=("11", 0)) + p("Mid one", num=("11", 1)) + p("Mid two", num=("11", 1))
            + p("Low one", num=("11", 2)) + p("Low two", num=("11", 2)) + p("Low three", num=("11", 2))
            + p("Words")
            + p("Begin", num=("12", 0)) + p("Step a", num=("12", 1)) + p("Step b", num=("12", 1))
            + p("Letters")
            + p("Fifth letter", num=("13", 0)) + p("Paren one", num=("13", 1)) + p("Sixth letter", num=("13", 0))
            + p("Sections") + p("Second section", num=("14", 0)) + p("Third section", num=("14", 0))
            + p("Plain") + p("One", num=("15", 0)) + p("Two", num=("15", 0))
            + p("Restarted by an override") + p("Again one", num=("16", 0))
            + p("A level overridden whole") + p("Letter A", num=("17", 0)) + p("Letter B", num=("17", 0))
            + p("Never restarts") + p("Outer one", num=("18", 0)) + p("Inner one", num=("18", 1))
            + p("Outer two", num=("18", 0)) + p("Inner two", num=("18", 1))
            + p("From a style") + p("Styled one", style="Clause") + p("Styled two", style="Clause")
            + p("Numbering removed", style="Clause", ppr='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr>')
            + p("Unsupported") + p("Hebrew one", num=("19", 0))
            + p("Too long") + p("Long label", num=("20", 0))
            + p("No number") + p("Noted", num=("21", 0)))
    return package(body, styles=styles, numbering=numbering)


def formatting() -> bytes:
    styles = ('<w:style w:type="character" w:styleId="Strong"><w:name w:val="Strong"/><w:rPr><w:b/></w:rPr></w:style>'
              '<w:style w:type="paragraph" w:styleId="SourceCode"><w:name w:val="Source Code"/></w:style>')
    runs = (r("bold ", "<w:b/>") + r("bold italic", "<w:b/><w:i/>") + r(" plain ")
            + r("not bold", '<w:rStyle w:val="Strong"/><w:b w:val="0"/>') + r(" ")
            + r("under", '<w:u w:val="single"/>') + r("no-under", '<w:u w:val="none"/>')
            + r("x", "") + r("2", '<w:vertAlign w:val="superscript"/>') + r("H", "") + r("2", '<w:vertAlign w:val="subscript"/>')
            + r("gone", "<w:strike/>") + r("caps", "<w:smallCaps/>") + r(" ") + r("printf", '<w:rFonts w:ascii="Consolas" w:hAnsi="Consolas"/>')
            + '<w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c</w:t><w:noBreakHyphen/><w:t>d</w:t></w:r>'
            + '<w:r><w:sym w:font="Symbol" w:char="F061"/><w:sym w:font="Wingdings" w:char="F0FC"/></w:r>')
    body = (p(runs=runs) + p("x = f(y);", style="SourceCode") + p("return x", style="SourceCode")
            + p(runs=r("if (a) { b; }", '<w:rFonts w:ascii="Courier New"/>'))
            + p(runs=r("A memo in a typewriter face", '<w:rFonts w:ascii="Courier New"/>')))
    return package(body, styles=styles)


def links() -> bytes:
    rels = {"rIdL1": ("hyperlink", "https://example.com/a?b=1", True),
            "rIdL2": ("hyperlink", "javascript:alert(1)", True),
            "rIdL3": ("hyperlink", " JaVa&#x09;ScRiPt:alert(2)", True),
            "rIdL4": ("hyperlink", "%6Aavascript:alert(3)", True)}
    body = (p(runs='<w:hyperlink r:id="rIdL1"><w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t>site</w:t></w:r></w:hyperlink>')
            + p(runs='<w:hyperlink w:anchor="_Toc1"><w:r><w:t>anchor</w:t></w:r></w:hyperlink>')
            + p(runs='<w:hyperlink r:id="rIdL2"><w:r><w:t>js</w:t></w:r></w:hyperlink>'
                     '<w:hyperlink r:id="rIdL3"><w:r><w:t> tab</w:t></w:r></w:hyperlink>'
                     '<w:hyperlink r:id="rIdL4"><w:r><w:t> pct</w:t></w:r></w:hyperlink>')
            + p(runs='<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "https://example.org/f" \\o "tip" </w:instrText></w:r>'
                     '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>field link</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>'
                     '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r>'
                     '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t> 7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>')
            + p(runs='<w:fldSimple w:instr=" HYPERLINK &quot;java&amp;#115;cript:x&quot; "><w:r><w:t>simple js</w:t></w:r></w:fldSimple>'))
    return package(body, rels=rels)


def revisions() -> bytes:
    body = (p(runs=r("Kept ") + '<w:ins w:id="1" w:author="Ann" w:date="2024-05-01T10:00:00Z"><w:r><w:t>inserted</w:t></w:r></w:ins>'
                  + '<w:del w:id="2" w:author="Bob" w:date="2024-05-02T10:00:00Z"><w:r><w:delText> deleted</w:delText></w:r></w:del>'
                  + r(" end."))
            + p(runs='<w:moveFrom w:id="3" w:author="Cy"><w:r><w:delText>moved away</w:delText></w:r></w:moveFrom>'
                     '<w:moveTo w:id="4" w:author="Cy"><w:r><w:t>moved here</w:t></w:r></w:moveTo>'))
    return package(body)


def revision_blocks() -> bytes:
    """Revisions at block level: paragraphs wrapped whole in w:ins, w:del, w:moveFrom and w:moveTo; paragraph
    marks inserted and deleted (pandoc's paragraph_insertion_deletion: "This is a" / "split" / "Paragraph.");
    tracked formatting changes on a run, a paragraph and a table cell."""
    def mark(change: str, rid: int) -> str:
        return f'<w:rPr><w:{change} w:id="{rid}" w:author="Seeley, Jason" w:date="2017-09-17T16:39:00Z"/></w:rPr>'

    def deleted(words: str) -> str:
        return f'<w:r><w:delText xml:space="preserve">{words}</w:delText></w:r>'

    cell = ('<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid><w:tr>'
            '<w:tc><w:tcPr><w:tcPrChange w:id="20" w:author="Fay"><w:tcPr/></w:tcPrChange></w:tcPr>' + p("cell one")
            + '</w:tc><w:tc>' + p("cell two") + '</w:tc></w:tr></w:tbl>')
    body = (p("Opening.")
            + '<w:ins w:id="1" w:author="Ann" w:date="2024-05-01T10:00:00Z">' + p("Inserted paragraph.") + '</w:ins>'
            + '<w:del w:id="2" w:author="Bob" w:date="2024-05-02T10:00:00Z">'
            + p(runs=deleted("Deleted paragraph.")) + '</w:del>'
            + '<w:moveFrom w:id="3" w:author="Cy">' + p(runs=deleted("Moved paragraph.")) + '</w:moveFrom>'
            + p("Middle.")
            + '<w:moveTo w:id="4" w:author="Cy">' + p("Moved paragraph.") + '</w:moveTo>'
            + p("This is a", ppr=mark("ins", 5)) + p("split", ppr=mark("del", 6)) + p("Paragraph.")
            + p("Last words", ppr=mark("del", 7))
            + cell
            + p(runs=r("Now bold", '<w:b/><w:rPrChange w:id="8" w:author="Dee"><w:rPr/></w:rPrChange>'))
            + p("Restyled.", ppr='<w:pPrChange w:id="9" w:author="Eve"><w:pPr/></w:pPrChange>'))
    return package(body)


def tables() -> bytes:
    def tc(text: str, pr: str = "") -> str:
        return f'<w:tc>{f"<w:tcPr>{pr}</w:tcPr>" if pr else ""}{p(text)}</w:tc>'
    grid = '<w:tblGrid><w:gridCol/><w:gridCol/><w:gridCol/></w:tblGrid>'
    SPAN2, RESTART = '<w:gridSpan w:val="2"/>', '<w:vMerge w:val="restart"/>'
    nested = f'<w:tbl>{grid[:-len("</w:tblGrid>")]}</w:tblGrid><w:tr>{tc("in 1")}{tc("in 2")}</w:tr></w:tbl>'
    body = (p("Before")
            + f'<w:tbl><w:tblPr/>{grid}'
            + f'<w:tr><w:trPr><w:tblHeader/></w:trPr>{tc("H1")}{tc("H2")}{tc("H3")}</w:tr>'
            + f"<w:tr>{tc('wide', SPAN2)}{tc('tall', RESTART)}</w:tr>"
            + f'<w:tr>{tc("a")}{tc("b")}{tc("", "<w:vMerge/>")}</w:tr>'
            + f'<w:tr><w:trPr><w:gridBefore w:val="1"/></w:trPr>{tc("late")}{tc("end")}</w:tr>'
            + f'<w:tr>{tc("x")}<w:tc>{p("outer")}{nested}{p("")}</w:tc>{tc("y")}</w:tr>'
            + '</w:tbl>' + p("After"))
    return package(body)


def math() -> bytes:
    def mr(text: str) -> str:
        return f"<m:r><m:t>{text}</m:t></m:r>"
    frac = f"<m:f><m:num>{mr('a')}</m:num><m:den>{mr('b')}</m:den></m:f>"
    sup = f"<m:sSup><m:e>{mr('x')}</m:e><m:sup>{mr('2')}</m:sup></m:sSup>"
    rad = f"<m:rad><m:radPr><m:degHide m:val=\"1\"/></m:radPr><m:deg/><m:e>{mr('y')}</m:e></m:rad>"
    nary = (f"<m:nary><m:naryPr><m:chr m:val=\"∑\"/></m:naryPr><m:sub>{mr('i=1')}</m:sub><m:sup>{mr('n')}</m:sup>"
            f"<m:e>{mr('i')}</m:e></m:nary>")
    delim = f"<m:d><m:e>{mr('α+β')}</m:e></m:d>"
    matrix = f"<m:m><m:mr><m:e>{mr('1')}</m:e><m:e>{mr('0')}</m:e></m:mr><m:mr><m:e>{mr('0')}</m:e><m:e>{mr('1')}</m:e></m:mr></m:m>"
    acc = f"<m:acc><m:accPr><m:chr m:val=\"\u0302\"/></m:accPr><m:e>{mr('v')}</m:e></m:acc>"
    func = f"<m:func><m:fName>{mr('sin')}</m:fName><m:e>{mr('θ')}</m:e></m:func>"
    unknown = f"<m:mystery>{mr('z')}</m:mystery>"
    body = (p(runs=r("Inline ") + f"<m:oMath>{frac}{sup}</m:oMath>" + r(" done."))
            + f"<w:p><m:oMathPara><m:oMath>{rad}+{nary}</m:oMath></m:oMathPara></w:p>".replace("+", mr("+"))
            + f"<w:p><m:oMathPara><m:oMath>{delim}{matrix}{acc}{func}{unknown}</m:oMath></m:oMathPara></w:p>")
    return package(body)


def controls_and_boxes() -> bytes:
    textbox = ('<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><wp:docPr id="1" name="Box"/>'
               '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">'
               '<wps:wsp><wps:txbx><w:txbxContent>' + p("Inside the box") + '</w:txbxContent></wps:txbx></wps:wsp>'
               '</a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox>'
               '<w:txbxContent>' + p("Inside the box") + '</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback>'
               '</mc:AlternateContent></w:r>')
    checkbox = ('<w:sdt><w:sdtPr><w14:checkbox><w14:checked w14:val="1"/></w14:checkbox></w:sdtPr>'
                '<w:sdtContent><w:r><w:t>☒</w:t></w:r></w:sdtContent></w:sdt>')
    body = ('<w:sdt><w:sdtPr><w:tag w:val="cover&lt;b&gt;"/></w:sdtPr><w:sdtContent>' + p("In a control")
            + '</w:sdtContent></w:sdt>'
            + p(runs=r("Name: ") + '<w:sdt><w:sdtPr><w:alias w:val="name"/></w:sdtPr><w:sdtContent>' + r("Ada")
                + '</w:sdtContent></w:sdt>')
            + p(runs=r("Anchor") + textbox)
            + p(runs=checkbox + r(" Done")) + p(runs='<w:sdt><w:sdtPr><w14:checkbox/></w:sdtPr><w:sdtContent>'
                                                       + r("☐") + '</w:sdtContent></w:sdt>' + r(" Open"))
            + p(runs=r("visible ") + r("secret", "<w:vanish/>")) + p(runs=r("all hidden", "<w:vanish/>"))
            + p(runs='<w:bookmarkStart w:id="0" w:name="here"/>' + r("Commented") + '<w:commentRangeStart w:id="5"/>'
                + '<w:r><w:commentReference w:id="5"/></w:r><w:bookmarkEnd w:id="0"/>'))
    return package(body)


def notes_and_pages() -> bytes:
    rels = {"rIdImg": ("image", "media/pic.png", False), "rIdExt": ("image", "http://tracker.example/p.png", True),
            "rIdH": ("header", "header1.xml", False)}
    drawing = ('<w:r><w:drawing><wp:inline><wp:docPr id="2" name="Picture" descr="A red dot"/><a:graphic>'
               '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill>'
               '<a:blip r:embed="{rid}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')
    external = drawing.replace('r:embed="{rid}"', 'r:link="rIdExt"')
    body = (p(runs=r("Noted") + '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>'
                  + '<w:r><w:endnoteReference w:id="2"/></w:r>')
            + p(runs=drawing.format(rid="rIdImg") + drawing.format(rid="rIdImg") + external)
            + p(runs=r("Page one") + '<w:r><w:br w:type="page"/></w:r>')
            + p(runs='<w:r><w:lastRenderedPageBreak/><w:t>Page two, confirmed</w:t></w:r>')
            + p(runs='<w:r><w:t>Still two</w:t><w:lastRenderedPageBreak/><w:t>now three</w:t></w:r>')
            + p("Page three")
            + '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>')
    footnotes = ('<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
                 '<w:footnote w:id="1">' + p("The footnote.") + '</w:footnote>')
    endnotes = '<w:endnote w:id="2">' + p("The endnote.") + '</w:endnote>'
    header = f'<w:hdr xmlns:w="{W_NS}">' + p("CONFIDENTIAL") + '</w:hdr>'
    core = ('<dc:title>Fixture</dc:title><dc:creator>Ann; Bob</dc:creator><cp:keywords>a, b</cp:keywords>'
            '<cp:revision>4</cp:revision><dcterms:created>2024-01-01T00:00:00Z</dcterms:created>')
    return package(body, rels=rels, footnotes=footnotes, endnotes=endnotes, core=core,
                   parts={"word/media/pic.png": tiny_png(), "word/header1.xml": header})


def breaks_and_guides() -> bytes:
    """A page break and a column break between words, a rendered page break inside a word (no break in the
    text), a phonetic guide (w:ruby) over kanji, and a header and a footer that hold only a picture
    (DrawingML in one, VML in the other)."""
    ns = NAMESPACES.format(w=W_NS, r=R_NS)
    drawing = ('<w:r><w:drawing><wp:inline><wp:docPr id="3" name="Logo"/><a:graphic>'
               '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill>'
               '<a:blip r:embed="rIdLogo"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')
    vml = '<w:r><w:pict><v:shape id="logo"><v:imagedata r:id="rIdLogo" o:title="Logo"/></v:shape></w:pict></w:r>'
    ruby = ('<w:r><w:ruby><w:rubyPr><w:rubyAlign w:val="distributeSpace"/><w:hps w:val="12"/></w:rubyPr>'
            '<w:rt><w:r><w:t>かんじ</w:t></w:r></w:rt><w:rubyBase><w:r><w:t>漢字</w:t></w:r></w:rubyBase></w:ruby></w:r>')
    body = (p(runs='<w:r><w:t>before page break</w:t><w:br w:type="page"/><w:t>after page break</w:t></w:r>')
            + p(runs=r("left column") + '<w:r><w:br w:type="column"/></w:r>' + r("right column"))
            + p(runs='<w:r><w:t>unbro</w:t><w:lastRenderedPageBreak/><w:t>ken</w:t></w:r>')
            + p(runs=r("Guided ") + ruby + r(" text."))
            + '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/>'
              '<w:footerReference w:type="default" r:id="rIdF"/></w:sectPr>')
    logo = _rels({"rIdLogo": ("image", "media/logo.png", False)}, REL)
    return package(body, rels={"rIdH": ("header", "header1.xml", False), "rIdF": ("footer", "footer1.xml", False)},
                   parts={"word/header1.xml": f'<w:hdr {ns}>' + p(runs=drawing) + '</w:hdr>',
                          "word/footer1.xml": f'<w:ftr {ns}>' + p(runs=vml) + '</w:ftr>',
                          "word/_rels/header1.xml.rels": logo, "word/_rels/footer1.xml.rels": logo,
                          "word/media/logo.png": tiny_png((10, 20, 30))})


def external_references() -> bytes:
    """Every way a document points outside itself besides hyperlinks and linked images: INCLUDEPICTURE,
    INCLUDETEXT and DDEAUTO fields (their cached results kept), a picture's click and hover links, a VML
    href, a linked OLE object, a subdocument, and the attached template in settings.xml."""
    ns = NAMESPACES.format(w=W_NS, r=R_NS)

    def fld(instr: str, result: str) -> str:
        return ('<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
                f'<w:r><w:instrText xml:space="preserve"> {instr} </w:instrText></w:r>'
                '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' + r(result) + '<w:r><w:fldChar w:fldCharType="end"/></w:r>')

    picture = ('<w:r><w:drawing><wp:inline><wp:docPr id="4" name="Linked" descr="Linked picture">'
               '<a:hlinkClick r:id="rIdClick"/><a:hlinkHover r:id="rIdHover"/></wp:docPr><a:graphic>'
               '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill>'
               '<a:blip r:embed="rIdImg"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')
    body = (p(runs=r("Picture: ") + fld('INCLUDEPICTURE "http://pictures.example/logo.png" \\d', "[logo]"))
            + p(runs='<w:fldSimple w:instr=" INCLUDETEXT &quot;C:\\\\share\\\\clause.docx&quot; "><w:r><w:t>Included clause.</w:t></w:r></w:fldSimple>')
            + p(runs=fld('DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc.exe"', "Updated value"))
            + p(runs=picture)
            + p(runs='<w:r><w:pict><v:shape id="s1" href="http://vml.example/target" style="width:10pt;height:10pt"/></w:pict></w:r>')
            + p(runs=r("Linked sheet: ") + '<w:r><w:object><o:OLEObject Type="Link" ProgID="Excel.Sheet.12" r:id="rIdOle"/></w:object></w:r>')
            + '<w:subDoc r:id="rIdSub"/>'
            + p("Last."))
    settings = (f'<w:settings {ns}><w:attachedTemplate r:id="rIdTpl"/></w:settings>')
    rels = {"rIdImg": ("image", "media/linked.png", False),
            "rIdClick": ("hyperlink", "http://click.example/", True),
            "rIdHover": ("hyperlink", "http://hover.example/", True),
            "rIdOle": ("oleObject", "file:///C:/data/budget.xlsx", True),
            "rIdSub": ("subDocument", "file:///C:/docs/chapter2.docx", True),
            "rIdSettings": ("settings", "settings.xml", False)}
    return package(body, rels=rels, parts={
        "word/media/linked.png": tiny_png((1, 2, 3)), "word/settings.xml": settings,
        "word/_rels/settings.xml.rels": _rels({"rIdTpl": ("attachedTemplate", "file:///C:/Templates/Contract.dotm", True)},
                                              REL)})


def glossary() -> bytes:
    """Content controls and the glossary document their placeholders live in: one showing its placeholder
    with the text in the body (as Word writes it), an inline and a block control showing theirs with no
    text of their own, a filled control, and a building block nothing displays."""
    ns = NAMESPACES.format(w=W_NS, r=R_NS)

    def pr(name: str, showing: bool, tag: str | None = None) -> str:
        return ('<w:sdtPr>' + (f'<w:tag w:val="{tag}"/>' if tag else '')
                + f'<w:placeholder><w:docPart w:val="{name}"/></w:placeholder>'
                + ('<w:showingPlcHdr/>' if showing else '') + '</w:sdtPr>')

    def entry(name: str, body: str) -> str:
        return (f'<w:docPart><w:docPartPr><w:name w:val="{name}"/><w:category><w:name w:val="General"/>'
                f'</w:category></w:docPartPr><w:docPartBody>{body}</w:docPartBody></w:docPart>')

    body = (p(runs=r("Name: ") + f'<w:sdt>{pr("DefaultPlaceholder_1", True)}<w:sdtContent>'
              + r("Click here to enter text.", '<w:rStyle w:val="PlaceholderText"/>') + '</w:sdtContent></w:sdt>')
            + p(runs=r("Date: ") + f'<w:sdt>{pr("DatePlaceholder", True, "date")}<w:sdtContent/></w:sdt>')
            + f'<w:sdt>{pr("PartyPlaceholder", True, "party")}<w:sdtContent><w:p/></w:sdtContent></w:sdt>'
            + p(runs=r("Filled: ") + f'<w:sdt>{pr("DefaultPlaceholder_1", False)}<w:sdtContent>' + r("Acme Ltd")
                     + '</w:sdtContent></w:sdt>'))
    part = (f'<w:glossaryDocument {ns}><w:docParts>'
            + entry("DefaultPlaceholder_1", p("Click here to enter text."))
            + entry("DatePlaceholder", p("Click to enter a date."))
            + entry("PartyPlaceholder", p("Enter the party's name.") + p("And its address."))
            + entry("Signature block", p("Yours faithfully,") + p("The Board"))
            + '</w:docParts></w:glossaryDocument>')
    return package(body, rels={"rIdGlossary": ("glossaryDocument", "glossary/document.xml", False)},
                   parts={"word/glossary/document.xml": part})


def charts_and_frames() -> bytes:
    c = 'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'

    def series(name: str, values: list[str]) -> str:
        cats = "".join(f'<c:pt idx="{i}"><c:v>Q{i + 1}</c:v></c:pt>' for i in range(len(values)))
        vals = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(values))
        return (f'<c:ser><c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>{name}</c:v></c:pt></c:strCache></c:strRef></c:tx>'
                f'<c:cat><c:strRef><c:strCache>{cats}</c:strCache></c:strRef></c:cat>'
                f'<c:val><c:numRef><c:numCache>{vals}</c:numCache></c:numRef></c:val></c:ser>')
    chart = (f'<c:chartSpace {c}><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Sales</a:t></a:r></a:p></c:rich></c:tx>'
             f'</c:title><c:plotArea><c:barChart>{series("North", ["1.5", "4.4000000000000004"])}'
             f'{series("South", ["2", "3"])}</c:barChart></c:plotArea></c:chart></c:chartSpace>')
    drawing = ('<w:r><w:drawing><wp:inline><wp:docPr id="3" name="Chart 1"/><a:graphic>'
               '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
               '<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rIdC"/>'
               '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')
    frame = ('<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid><w:tr><w:tc>' + p("Boxed heading", style="Heading1")
             + p("boxed text") + '</w:tc></w:tr></w:tbl>')
    one_column = ('<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid>'
                  + "".join(f'<w:tr><w:tc>{p(f"row {i}")}</w:tc></w:tr>' for i in range(3)) + '</w:tbl>')
    body = p("Chart below") + p(runs=drawing) + frame + one_column + p("end")
    return package(body, styles=heading_styles(), rels={"rIdC": ("chart", "charts/chart1.xml", False)},
                   parts={"word/charts/chart1.xml": chart})


def strict() -> bytes:
    styles = heading_styles()
    return package(p("Strict heading", style="Heading1") + p(runs=r("Strict ") + r("bold", "<w:b/>")),
                   styles=styles, strict=True)


def comment(cid: str, body: str, *, author: str | None = None, initials: str | None = None,
            date: str | None = None) -> str:
    """A w:comment; ``body`` is its paragraphs (the first usually opens with Word's annotationRef run)."""
    attrs = "".join(f' w:{name}="{value}"' for name, value in
                    (("author", author), ("initials", initials), ("date", date)) if value is not None)
    return f'<w:comment w:id="{cid}"{attrs}>{body}</w:comment>'


def commented(cid: str, runs: str, *, reference: bool = True) -> str:
    """``runs`` inside comment ``cid``'s range, then its reference run, as Word writes them."""
    ref = f'<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="{cid}"/></w:r>'
    return f'<w:commentRangeStart w:id="{cid}"/>{runs}<w:commentRangeEnd w:id="{cid}"/>' + (ref if reference else "")


def with_comments(body: str, comments: str, *, extended: str | None = None, **kwargs) -> bytes:
    """A package with a comments part (and a commentsExtended part naming replies' parents)."""
    ns = NAMESPACES.format(w=W_NS, r=R_NS)
    rels = {"rIdComments": ("comments", "comments.xml", False), **kwargs.pop("rels", {})}
    parts = {"word/comments.xml": f"<w:comments {ns}>{comments}</w:comments>", **kwargs.pop("parts", {})}
    if extended is not None:
        rels["rIdCommentsEx"] = ("http://schemas.microsoft.com/office/2011/relationships/commentsExtended",
                                 "commentsExtended.xml", False)
        parts["word/commentsExtended.xml"] = (
            f'<w15:commentsEx xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml">{extended}</w15:commentsEx>')
    return package(body, rels=rels, parts=parts, **kwargs)


def comments() -> bytes:
    """A thread (a comment, a reply through commentsExtended), a range with no reference, a reference
    in hidden text, a comment never anchored, a reference to a comment the part lacks."""
    annotation = '<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r>'
    thread = ('<w:commentRangeStart w:id="0"/><w:commentRangeStart w:id="1"/>' + r("Python is great")
              + '<w:commentRangeEnd w:id="0"/><w:commentRangeEnd w:id="1"/>'
              + '<w:r><w:commentReference w:id="0"/></w:r><w:r><w:commentReference w:id="1"/></w:r>')
    body = (p(runs=thread)
            + p(runs=commented("2", r("Ranged only"), reference=False) + r(" and after"))
            + p(runs=r("Hidden anchor") + '<w:r><w:rPr><w:vanish/></w:rPr><w:commentReference w:id="3"/></w:r>')
            + p(runs=r("Missing") + '<w:r><w:commentReference w:id="9"/></w:r>'))
    part = (comment("0", '<w:p w14:paraId="0A0A0A0A">' + annotation + r("Why ") + r("Python", "<w:b/>") + r("?") + "</w:p>",
                    author="John Reviewer", initials="JR", date="2026-01-01T00:00:00Z")
            + comment("1", '<w:p w14:paraId="1B1B1B1B">' + annotation + r("Because it reads well.") + "</w:p>",
                      author="Jane Smith", initials="JS", date="2026-06-18T17:35:35.236Z")
            + comment("2", p(runs=annotation + r("First point.")) + p("Second point."), author="Ann", date="2025-05-05T10:00:00Z")
            + comment("3", p("On hidden text."), author="Hal", initials="H")
            + comment("4", p("Anchored nowhere."), author="Bob"))
    extended = ('<w15:commentEx w15:paraId="0A0A0A0A" w15:done="0"/>'
                '<w15:commentEx w15:paraId="1B1B1B1B" w15:paraIdParent="0A0A0A0A" w15:done="0"/>')
    return with_comments(body, part, extended=extended)


def python_docx_sample() -> bytes:
    """A document as python-docx writes it: built-in heading and list styles, a table, core properties."""
    import datetime

    import docx

    doc = docx.Document()
    doc.core_properties.title = "Sample"
    doc.core_properties.author = "Writer"
    doc.core_properties.created = datetime.datetime(2024, 1, 1)
    doc.core_properties.modified = datetime.datetime(2024, 1, 2)
    doc.core_properties.last_modified_by = "Writer"
    doc.core_properties.revision = 2
    doc.add_heading("Sample document", level=1)
    para = doc.add_paragraph("A paragraph with ")
    para.add_run("bold").bold = True
    para.add_run(" and ")
    para.add_run("italic").italic = True
    para.add_run(".")
    doc.add_heading("Lists", level=2)
    for text in ("first", "second"):
        doc.add_paragraph(text, style="List Bullet")
    for text in ("one", "two"):
        doc.add_paragraph(text, style="List Number")
    table = doc.add_table(rows=2, cols=2)
    for i, row in enumerate(table.rows):
        for j, cell in enumerate(row.cells):
            cell.text = f"r{i}c{j}"
    doc.add_paragraph("The end.", style="Quote")
    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()


FIXTURES = {
    "headings": headings_and_styles, "lists": lists, "list_labels": list_labels, "formatting": formatting, "links": links,
    "revisions": revisions, "tables": tables, "math": math, "controls": controls_and_boxes,
    "notes_pages": notes_and_pages, "strict": strict, "charts_frames": charts_and_frames, "python_docx": python_docx_sample,
    "comments": comments, "revision_blocks": revision_blocks, "breaks_guides": breaks_and_guides,
    "external_refs": external_references, "glossary": glossary,
}


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docx-fixtures")
    out.mkdir(parents=True, exist_ok=True)
    for name, build in FIXTURES.items():
        (out / f"{name}.docx").write_bytes(build())
    print(f"{len(FIXTURES)} fixtures in {out}")


if __name__ == "__main__":
    main()
