"""The hostile values and shapes the zip mutations use (mutate_zip): numbers and references a reader
trusts, the children that carry them, and the recursive shapes a reader follows down."""

from __future__ import annotations

# Values a number-shaped attribute should survive.
HOSTILE_NUMBERS = ("0", "-1", "-2147483649", "99999", "2147483648", "1e9", "999999999999999999999", "1.5",
                   "NaN", "inf", "-0", "abc", "", " 7 ", "0x10", "\u0663", "1" * 400)
HOSTILE_REFS = ("A0", "XFD1048577", "ZZZZ99999999", "B2:A1", "A1:XFD1048576", "A1:A1:A1", ":", "A", "1",
                "$A$1", "A-1", "R1C1", "a1:c3", "")

# (element local name, attribute local name) -> extra values for that attribute, beyond HOSTILE_NUMBERS.
TARGETS: dict[tuple[str, str], tuple[str, ...]] = {
    # docx
    ("gridSpan", "val"): ("0", "-1", "99999", "16384"), ("vMerge", "val"): ("continue", "restart", "bogus"),
    ("ilvl", "val"): ("9999", "-1", "9"), ("numId", "val"): ("0", "77777", "-5"),
    ("abstractNumId", "val"): ("77777", "-1"), ("lvl", "ilvl"): ("9999", "-1"), ("start", "val"): ("-5", "2147483648"),
    ("startOverride", "val"): ("999999999999",), ("basedOn", "val"): ("Normal", "Heading1", "missing"),
    ("pStyle", "val"): ("missing", "Heading9", "Heading1000000"), ("gridCol", "w"): ("-1", "0", "1e30"),
    ("sz", "val"): ("0", "-1", "99999999"), ("outlineLvl", "val"): ("9999", "-1"),
    ("footnoteReference", "id"): ("77777", "-1"), ("endnoteReference", "id"): ("77777",),
    ("commentReference", "id"): ("77777",), ("hyperlink", "id"): ("rIdMissing", ""), ("blip", "embed"): ("rIdMissing", "rId1"),
    ("imagedata", "id"): ("rIdMissing",), ("lvlText", "val"): ("%99", "%1%2%3%4%5%6%7%8%9%10", "%", "%%%%%%"),
    ("numFmt", "val"): ("bogus", "chineseCounting", "upperRoman", "decimalZero"),
    ("tblGridBefore", "val"): ("99999",), ("gridBefore", "val"): ("99999", "-1"), ("gridAfter", "val"): ("99999",),
    # xlsx
    ("dimension", "ref"): HOSTILE_REFS, ("mergeCell", "ref"): HOSTILE_REFS, ("c", "r"): HOSTILE_REFS,
    ("row", "r"): ("0", "-1", "1048577", "99999999", "3"), ("row", "spans"): ("1:99999", "5:1", "x"),
    ("col", "min"): ("0", "16385", "-1"), ("col", "max"): ("16384", "99999", "0"), ("c", "s"): ("9999", "-1"),
    ("c", "t"): ("s", "e", "b", "d", "n", "str", "inlineStr", "bogus"), ("sheet", "id"): ("rIdMissing", "rId1"),
    ("numFmt", "numFmtId"): ("9999", "-1"), ("xf", "numFmtId"): ("9999", "-1", "14", "22", "49"),
    ("sst", "count"): ("0", "-1", "99999999"), ("sst", "uniqueCount"): ("0", "-1", "99999999"),
    ("pane", "xSplit"): ("-1", "99999"), ("hyperlink", "ref"): HOSTILE_REFS, ("definedName", "localSheetId"): ("99", "-1"),
    ("sheetView", "topLeftCell"): HOSTILE_REFS, ("f", "ref"): HOSTILE_REFS, ("f", "si"): ("99999", "-1"),
    # pptx
    ("tc", "gridSpan"): ("0", "-1", "99999"), ("tc", "rowSpan"): ("0", "-1", "99999", "2147483648"),
    ("tc", "hMerge"): ("1", "true", "bogus"), ("tc", "vMerge"): ("1", "true"), ("sldId", "id"): ("rIdMissing",),
    ("off", "x"): ("-99999999999", "1e40"), ("off", "y"): ("-99999999999",), ("ext", "cx"): ("0", "-1"),
    ("ext", "cy"): ("0", "-1"), ("ph", "idx"): ("99999", "-1"), ("ph", "type"): ("bogus", "title", "body"),
    ("pPr", "lvl"): ("9999", "-1"), ("rPr", "sz"): ("0", "-1", "99999999"), ("sldSz", "cx"): ("0", "-1"),
    # odf
    ("table-cell", "number-columns-repeated"): ("0", "-1", "1000000000", "16384", "65536"),
    ("table-column", "number-columns-repeated"): ("0", "-1", "1000000000"),
    ("table-row", "number-rows-repeated"): ("0", "-1", "1000000000", "1048576"),
    ("table-cell", "number-columns-spanned"): ("0", "-1", "99999"),
    ("table-cell", "number-rows-spanned"): ("0", "-1", "99999", "2147483648"),
    ("s", "c"): ("0", "-1", "1000000000", "99999"), ("h", "outline-level"): ("0", "-1", "9999", "x"),
    ("list", "continue-numbering"): ("true",), ("list-item", "start-value"): ("-5", "99999999999"),
    ("table-cell", "value"): ("abc", "1e400", "NaN", ""), ("table-cell", "date-value"): ("abc", "9999-99-99", "-0001-01-01T00:00:00"),
    ("table-cell", "time-value"): ("abc", "PT99999999H", "P"), ("table-cell", "value-type"): ("bogus", "date", "float", "time"),
    ("style", "parent-style-name"): ("Standard", "Heading_20_1", "missing"), ("frame", "width"): ("-1cm", "abc"),
    ("image", "href"): ("../../etc/passwd", "Pictures/missing.png", "/abs/path.png", "http://x/y.png", ""),
    ("page", "name"): ("",), ("a", "href"): ("javascript:alert(1)", "#missing", ""),
}

# Parent local name -> children to insert (namespace prefix resolved from the parent's own namespace).
INSERTS: dict[str, tuple[str, ...]] = {
    "tcPr": ('<w:gridSpan w:val="99999"/>', '<w:vMerge/>', '<w:vMerge w:val="continue"/>', '<w:gridSpan w:val="0"/>'),
    "pPr": ('<w:numPr><w:ilvl w:val="9999"/><w:numId w:val="1"/></w:numPr>', '<w:pStyle w:val="Heading1"/>',
            '<w:outlineLvl w:val="9999"/>', '<w:numPr><w:numId w:val="424242"/></w:numPr>'),
    "trPr": ('<w:gridBefore w:val="99999"/>', '<w:gridAfter w:val="-1"/>'),
    "mergeCells": ('<x:mergeCell ref="A1:C3"/><x:mergeCell ref="B2:D4"/>', '<x:mergeCell ref="A1:XFD1048576"/>',
                   '<x:mergeCell ref="C3:A1"/>'),
    "sheetData": ('<x:row r="5"><x:c r="A5" t="s"><x:v>99999999</x:v></x:c></x:row>',
                  '<x:row r="3"><x:c r="XFD3"><x:v>1</x:v></x:c></x:row>',
                  '<x:row r="2"><x:c r="A2" t="s"><x:v>-1</x:v></x:c><x:c r="A2"><x:v>2</x:v></x:c></x:row>',
                  '<x:row r="1048576"><x:c r="A1048576" t="inlineStr"/></x:row>'),
    "tr": ('<a:tc gridSpan="99999"><a:txBody><a:bodyPr/><a:p/></a:txBody></a:tc>', '<a:tc rowSpan="99999" vMerge="1"/>'),
    "table-row": ('<table:table-cell table:number-columns-repeated="1000000000"><text:p>x</text:p></table:table-cell>',
                  '<table:covered-table-cell table:number-columns-repeated="99999"/>',
                  '<table:table-cell table:number-rows-spanned="99999" table:number-columns-spanned="99999"/>'),
    "table": ('<table:table-row table:number-rows-repeated="1000000000"><table:table-cell><text:p>y</text:p>'
              '</table:table-cell></table:table-row>',
              '<table:table-column table:number-columns-repeated="1000000000"/>'),
    "p": ('<text:s text:c="1000000000"/>', '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
          '<w:r><w:fldChar w:fldCharType="end"/></w:r>', '<w:r><w:instrText>HYPERLINK "javascript:x"</w:instrText></w:r>',
          '<text:note text:note-class="footnote"/>'),
}
INSERT_NS = {
    "w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    "x": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
}

# Recursive shapes a reader may follow down: wrapper chain repeated, then the innermost leaf.
CYCLES = (
    ("w", ("tbl", "tr", "tc"), "<w:p><w:r><w:t>deep</w:t></w:r></w:p>"),
    ("w", ("sdt", "sdtContent"), "<w:p/>"),
    ("w", ("hyperlink",), "<w:r><w:t>deep</w:t></w:r>"),
    ("w", ("ins",), "<w:r><w:t>deep</w:t></w:r>"),
    ("w", ("smartTag",), "<w:r><w:t>deep</w:t></w:r>"),
    ("text", ("list", "list-item"), "<text:p>deep</text:p>"),
    ("text", ("section",), "<text:p>deep</text:p>"),
    ("text", ("span",), "deep"),
    ("table", ("table", "table-row", "table-cell"), "<text:p>deep</text:p>"),
)
CYCLE_NS = dict(INSERT_NS, p="http://schemas.openxmlformats.org/presentationml/2006/main")
