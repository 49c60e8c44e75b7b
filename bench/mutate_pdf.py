"""Mutations of PDF files: byte-level damage, and object-level lies that a parser has to catch.

Object-level mutations work on the file as text (latin-1): each ``N G obj ... endobj`` is found by a
regular expression, Flate content streams are inflated so their operators can be changed, and the
file is rebuilt with a fresh cross-reference table (half the time) so the damage reaches the page
interpreter and the layout code instead of stopping at the parser's repair path.
"""

from __future__ import annotations

import base64
import random
import re
import zlib

OBJ = re.compile(rb"(\d+)\s+(\d+)\s+obj\b(.*?)\bendobj", re.S)
STREAM = re.compile(rb"^(.*?)stream\r?\n(.*?)(?:\r?\n)?endstream\s*$", re.S)
NUMBER = re.compile(rb"(?<![\w/.])-?\d+(?:\.\d+)?(?![\w.])")
HUGE = (b"0", b"-1", b"-99999999", b"99999999", b"1e38", b"3.4e38", b"-0", b"2147483648", b"0.0000001", b"NaN")


class Pdf:
    def __init__(self, data: bytes) -> None:
        self.head = data[:data.find(b"\n") + 1] if data.startswith(b"%PDF") else b"%PDF-1.4\n"
        self.objects: dict[int, bytes] = {}
        for m in OBJ.finditer(data):
            self.objects[int(m.group(1))] = m.group(3)
        trailer = re.search(rb"trailer\s*(<<.*?>>)\s*startxref", data, re.S)
        self.trailer = trailer.group(1) if trailer else b""
        if not self.trailer:
            root = re.search(rb"/Root\s+\d+\s+\d+\s+R", data)
            self.trailer = b"<< " + (root.group(0) if root else b"") + b" >>"

    def stream(self, num: int) -> tuple[bytes, bytes] | None:
        """The object's dictionary and its decoded stream data, or None when it has no stream."""
        m = STREAM.match(self.objects[num])
        if not m:
            return None
        head, data = m.group(1), m.group(2)
        chain = re.search(rb"/Filter\s*(/\w+|\[[^\]]*\])", head)
        if chain:
            for name in re.findall(rb"/(\w+)", chain.group(1)):
                try:
                    if name == b"ASCII85Decode":
                        data = base64.a85decode(data.strip().removeprefix(b"<~").removesuffix(b"~>"))
                    elif name == b"FlateDecode":
                        data = zlib.decompressobj().decompress(data, 10 << 20)
                    else:
                        return None
                except (ValueError, zlib.error):
                    return None
            head = head[:chain.start()] + head[chain.end():]
        return head, data

    def set_stream(self, num: int, head: bytes, data: bytes) -> None:
        head = re.sub(rb"/Length\s+\d+(\s+\d+\s+R)?", b"/Length " + str(len(data)).encode(), head)
        self.objects[num] = head + b"stream\n" + data + b"\nendstream\n"

    def content_streams(self) -> list[int]:
        found = []
        for num in self.objects:
            s = self.stream(num)
            if s and re.search(rb"\b(Tj|TJ|Tf|re|cm)\b", s[1]) and b"/Subtype" not in s[0]:
                found.append(num)
        return found

    def with_type(self, kind: bytes) -> list[int]:
        return [n for n, body in self.objects.items() if re.search(rb"/Type\s*/" + kind + rb"\b", body)]

    def to_bytes(self, fresh_xref: bool) -> bytes:
        out = bytearray(self.head + b"%\xe2\xe3\xcf\xd3\n")
        offsets = {}
        for num in sorted(self.objects):
            offsets[num] = len(out)
            out += b"%d 0 obj" % num + self.objects[num] + b"endobj\n"
        start = len(out)
        if fresh_xref:
            size = max(offsets, default=0) + 1
            out += b"xref\n0 %d\n0000000000 65535 f \n" % size
            for num in range(1, size):
                out += (b"%010d 00000 n \n" % offsets[num]) if num in offsets else b"0000000000 65535 f \n"
        out += b"trailer\n" + self.trailer + b"\nstartxref\n%d\n%%%%EOF\n" % start
        return bytes(out)


def _sub_one(rng: random.Random, pattern: bytes, body: bytes, repl: bytes) -> bytes | None:
    spots = list(re.finditer(pattern, body))
    if not spots:
        return None
    m = rng.choice(spots)
    return body[:m.start()] + repl + body[m.end():]


def o_length(pdf, rng):
    nums = [n for n, b in pdf.objects.items() if b"/Length" in b]
    if not nums:
        return None
    num = rng.choice(nums)
    value = rng.choice((b"0", b"-1", b"999999999", b"5", b"99 0 R", b"/Name"))
    pdf.objects[num] = re.sub(rb"/Length\s+\d+(\s+\d+\s+R)?", b"/Length " + value, pdf.objects[num], count=1)
    return f"obj {num} /Length {value!r}"


def o_root(pdf, rng):
    how = rng.random()
    if how < 0.4:
        pdf.trailer = re.sub(rb"/Root\s+\d+\s+\d+\s+R", b"", pdf.trailer)
        return "no /Root"
    catalogs = pdf.with_type(b"Catalog")
    if how < 0.7 and catalogs:
        pdf.objects[catalogs[0]] = re.sub(rb"/Pages\s+\d+\s+\d+\s+R", rng.choice((b"", b"/Pages 9999 0 R", b"/Pages 1")),
                                          pdf.objects[catalogs[0]])
        return "catalog /Pages broken"
    pdf.trailer = re.sub(rb"/Root\s+\d+\s+\d+\s+R", rng.choice((b"/Root 9999 0 R", b"/Root 1 0 R", b"/Root null")),
                         pdf.trailer)
    return "trailer /Root misdirected"


def o_pages(pdf, rng):
    nums = pdf.with_type(b"Pages")
    if not nums:
        return None
    num = rng.choice(nums)
    body = pdf.objects[num]
    how = rng.random()
    if how < 0.4:
        body = re.sub(rb"/Count\s+\d+", b"/Count " + rng.choice((b"999999999", b"-1", b"0", b"1e9")), body)
        what = "/Count"
    elif how < 0.7:
        body = re.sub(rb"/Kids\s*\[", b"/Kids [ %d 0 R " % num, body)  # the tree contains itself
        what = "/Kids self"
    else:
        body = re.sub(rb"/Kids\s*\[[^\]]*\]", rng.choice((b"/Kids []", b"/Kids [9999 0 R]", b"/Kids 5", b"/Kids [null]")), body)
        what = "/Kids broken"
    pdf.objects[num] = body
    return f"pages {num} {what}"


def o_page_box(pdf, rng):
    nums = pdf.with_type(b"Page")
    if not nums:
        return None
    num = rng.choice(nums)
    body = pdf.objects[num]
    box = rng.choice((b"[0 0 0 0]", b"[0 0 -612 -792]", b"[-99999 -99999 99999 99999]", b"[0 0 1e38 1e38]",
                      b"[0 0 612]", b"[a b c d]", b"[612 792 0 0]", b"[0 0 3 3]", b"null"))
    if b"/MediaBox" in body:
        body = re.sub(rb"/MediaBox\s*\[[^\]]*\]", b"/MediaBox " + box, body)
    else:
        body = body.replace(b"<<", b"<< /MediaBox " + box, 1)
    if rng.random() < 0.5:
        rotate = rng.choice((b"90", b"180", b"270", b"-90", b"45", b"99999990", b"/Bad"))
        body = re.sub(rb"/Rotate\s+\S+", b"", body).replace(b"<<", b"<< /Rotate " + rotate + b" ", 1)
    pdf.objects[num] = body
    return f"page {num} box {box!r}"


def o_parent_loop(pdf, rng):
    nums = pdf.with_type(b"Page")
    if not nums:
        return None
    num = rng.choice(nums)
    pdf.objects[num] = re.sub(rb"/Parent\s+\d+\s+\d+\s+R", b"/Parent %d 0 R" % num, pdf.objects[num])
    pdf.objects[num] = re.sub(rb"/Resources\s+\d+\s+\d+\s+R", b"", pdf.objects[num])  # inherit through the loop
    return f"page {num} is its own parent"


def o_fonts(pdf, rng):
    nums = pdf.with_type(b"Font")
    if not nums:
        return None
    num = rng.choice(nums)
    body = pdf.objects[num]
    how = rng.random()
    if how < 0.3:
        body = re.sub(rb"/Widths\s*(\[[^\]]*\]|\d+\s+\d+\s+R)", b"", body)
        body = re.sub(rb"/BaseFont\s*/\S+", b"/BaseFont /NoSuchFont", body)
        what = "no widths"
    elif how < 0.5:
        body = re.sub(rb"/FirstChar\s+\d+", b"/FirstChar " + rng.choice((b"-5", b"99999999", b"300")), body)
        what = "/FirstChar"
    elif how < 0.7:
        body = body.replace(b"<<", b"<< /Widths [ " + b" ".join(rng.choice(HUGE) for _ in range(5)) + b" ] ", 1)
        what = "hostile widths"
    elif how < 0.85:
        body = re.sub(rb"/Subtype\s*/\w+", rng.choice((b"/Subtype /Type3", b"/Subtype /Type0", b"/Subtype /Bogus")), body)
        what = "subtype"
    else:
        body = re.sub(rb"/Encoding\s*/\w+", b"/Encoding << /Differences [ 0 /a 99999 /b -1 /c ] >>", body)
        what = "encoding differences"
    pdf.objects[num] = body
    return f"font {num} {what}"


def o_content(pdf, rng):
    """Operators with hostile operands: huge font sizes and coordinates, singular matrices, unbalanced q/BT."""
    nums = pdf.content_streams()
    if not nums:
        return None
    num = rng.choice(nums)
    head, data = pdf.stream(num)
    how = rng.random()
    if how < 0.25:
        new = _sub_one(rng, rb"[-\d.]+\s+Tf", data, rng.choice(HUGE) + b" Tf")
        data, what = new or data, "Tf size"
    elif how < 0.45:
        for _ in range(rng.choice((1, 5, 50))):
            new = _sub_one(rng, NUMBER, data, rng.choice(HUGE))
            data = new or data
        what = "numbers"
    elif how < 0.55:
        data = rng.choice((b"0 0 0 0 0 0 cm\n", b"1e30 0 0 1e30 0 0 cm\n", b"0 1 -1 0 0 0 cm\n")) + data
        what = "matrix"
    elif how < 0.65:
        data = b"q " * rng.choice((100, 5000, 100_000)) + data
        what = "unbalanced q"
    elif how < 0.75:
        data = data.replace(b"ET", b"", rng.choice((1, 1000)))
        what = "BT without ET"
    elif how < 0.85:
        data += b"\nBT /F1 12 Tf 72 700 Td (" + b"W" * rng.choice((10_000, 1_000_000)) + b") Tj ET\n"
        what = "long string"
    elif how < 0.92:
        data += b"\nBT /F1 1 Tf " + b"".join(b"%d %d Td (x) Tj " % (rng.randrange(-9999, 9999), rng.randrange(-9999, 9999))
                                             for _ in range(rng.choice((1000, 20000)))) + b"ET\n"
        what = "scattered glyphs"
    else:
        data += b"\nBT /NoSuchFont 12 Tf (orphan) Tj ET\n/Im9 Do\n"
        what = "missing resources"
    pdf.set_stream(num, head, data)
    return f"content {num} {what}"


def o_drop_object(pdf, rng):
    if len(pdf.objects) < 2:
        return None
    num = rng.choice(sorted(pdf.objects))
    del pdf.objects[num]
    return f"drop obj {num}"


def o_annots(pdf, rng):
    nums = pdf.with_type(b"Page")
    if not nums:
        return None
    num = rng.choice(nums)
    annot = max(pdf.objects) + 1
    pdf.objects[annot] = rng.choice((
        b"<< /Type /Annot /Subtype /Link /Rect [0 0 1e38 -5] /A << /S /URI /URI (javascript:alert(1)) >> >>",
        b"<< /Type /Annot /Subtype /Link /Rect [a b] /Dest [9999 0 R /XYZ] >>",
        b"<< /Type /Annot /Subtype /Text /Contents (" + b"n" * 100000 + b") /Rect [0 0 1 1] >>",
        b"<< /Type /Annot /Subtype /Link /A %d 0 R >>" % annot,
    ))
    body = pdf.objects[num]
    body = re.sub(rb"/Annots\s*(\[[^\]]*\]|\d+\s+\d+\s+R)", b"", body).replace(b"<<", b"<< /Annots [%d 0 R] " % annot, 1)
    pdf.objects[num] = body
    return f"page {num} annotation"


def o_outline_loop(pdf, rng):
    catalogs = pdf.with_type(b"Catalog")
    if not catalogs:
        return None
    a, b = max(pdf.objects) + 1, max(pdf.objects) + 2
    pdf.objects[a] = b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count 1 >>" % (b, b)
    pdf.objects[b] = b"<< /Title (loop) /Parent %d 0 R /Next %d 0 R /First %d 0 R >>" % (a, b, b)
    body = re.sub(rb"/Outlines\s+\d+\s+\d+\s+R", b"", pdf.objects[catalogs[0]])
    pdf.objects[catalogs[0]] = body.replace(b"<<", b"<< /Outlines %d 0 R " % a, 1)
    return "outline loop"


def o_encrypt(pdf, rng):
    pdf.trailer = pdf.trailer.replace(b"<<", rng.choice((
        b"<< /Encrypt << /Filter /Standard /V 9 /R 9 /O (x) /U (y) /P -1 >> ",
        b"<< /Encrypt 9999 0 R ", b"<< /Encrypt << /Filter /Bogus >> ")), 1)
    return "encrypt dictionary"


def o_tounicode(pdf, rng):
    """A ToUnicode map to what text should never hold: lone surrogates, NUL and controls, bidi overrides,
    long expansions of one glyph, or a map that is itself broken."""
    nums = pdf.with_type(b"Font")
    if not nums:
        return None
    num = rng.choice(nums)
    target = rng.choice((b"<D800>", b"<DFFF>", b"<0000>", b"<001B>", b"<202E>", b"<FFFE>", b"<FEFF>",
                         b"<" + b"0041" * 256 + b">", b"<D83D>", b"<>", b"<0041D800>"))
    how = rng.random()
    if how < 0.6:
        body = b"<00> <FF> " + target
        cmap = b"1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange " + body + b" endbfrange"
    elif how < 0.8:
        cmap = b"1 begincodespacerange <00> <FF> endcodespacerange 256 beginbfchar " + b" ".join(
            b"<%02X> %s" % (i, target) for i in range(256)) + b" endbfchar"
    else:
        cmap = rng.choice((b"1 beginbfrange <FF> <00> <0041> endbfrange", b"1 beginbfrange <0000> <FFFF> [<41>] endbfrange",
                           b"99999 beginbfchar", b"1 begincodespacerange <> <> endcodespacerange",
                           b"1 beginbfrange <00> <FF> <FFFFFFFF> endbfrange"))
    stream = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap " + cmap +
              b" endcmap CMapName currentdict /CMap defineresource pop end end")
    new = max(pdf.objects) + 1
    pdf.objects[new] = b"<< /Length %d >>stream\n" % len(stream) + stream + b"\nendstream\n"
    body = re.sub(rb"/ToUnicode\s+\d+\s+\d+\s+R", b"", pdf.objects[num])
    pdf.objects[num] = body.replace(b"<<", b"<< /ToUnicode %d 0 R " % new, 1)
    return f"font {num} ToUnicode -> {target[:12]!r}"


def o_xobject_loop(pdf, rng):
    """A form XObject that draws itself (directly, or through a second one), called from a page's content."""
    pages = pdf.with_type(b"Page")
    contents = pdf.content_streams()
    if not pages or not contents:
        return None
    a, b = max(pdf.objects) + 1, max(pdf.objects) + 2
    body = b"q /Fx Do Q BT /F1 12 Tf (loop) Tj ET"
    other = b if rng.random() < 0.5 else a
    for num, target in ((a, other), (b, a)):
        pdf.objects[num] = (b"<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /Fx %d 0 R >> >> "
                            b"/Length %d >>stream\n" % (target, len(body)) + body + b"\nendstream\n")
    page = rng.choice(pages)
    body_p = re.sub(rb"/Resources\s+\d+\s+\d+\s+R", b"", pdf.objects[page])
    body_p = re.sub(rb"/Resources\s*<<", b"/Resources << /XObject << /Fx %d 0 R >> " % a, body_p, count=1)
    if b"/Resources" not in body_p:
        body_p = body_p.replace(b"<<", b"<< /Resources << /XObject << /Fx %d 0 R >> >> " % a, 1)
    pdf.objects[page] = body_p
    num = rng.choice(contents)
    head, data = pdf.stream(num)
    pdf.set_stream(num, head, data + b"\n/Fx Do\n")
    return f"xobject loop {'pair' if other == b else 'self'} on page {page}"


OBJECT_MUTATIONS = ((o_length, 8), (o_root, 5), (o_pages, 8), (o_page_box, 10), (o_parent_loop, 4), (o_fonts, 10),
                    (o_content, 20), (o_drop_object, 6), (o_annots, 4), (o_outline_loop, 3), (o_encrypt, 2),
                    (o_tounicode, 12), (o_xobject_loop, 4))


def bytes_mutation(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    buf = bytearray(data)
    how = rng.random()
    if how < 0.3:
        for _ in range(rng.choice((1, 10, 100))):
            buf[rng.randrange(len(buf))] = rng.randrange(256)
        return bytes(buf), "byte flips"
    if how < 0.5:
        cut = rng.randrange(len(buf))
        return bytes(buf[:cut]), f"truncate at {cut}"
    if how < 0.7:
        pos = rng.randrange(len(buf))
        length = rng.randrange(1, 2000)
        return bytes(buf[:pos] + buf[pos + length:]), f"delete {length} at {pos}"
    if how < 0.85:
        pos = rng.randrange(len(buf))
        junk = rng.choice((b"<<" * 5000, b"[" * 5000, b"(" * 1000, b"\x00" * 100, b"endobj", b"stream\n", b"0 0 R " * 500))
        return bytes(buf[:pos] + junk + buf[pos:]), f"insert {junk[:8]!r} at {pos}"
    xref = data.rfind(b"startxref")
    if xref < 0:
        return data[::-1][:len(data)], "reversed"
    return data[:xref] + b"startxref\n" + rng.choice((b"0", b"-5", b"99999999", b"abc")) + b"\n%%EOF\n", "startxref"


def mutate(data: bytes, rng: random.Random, steps: int) -> tuple[bytes, list[str]] | None:
    if rng.random() < 0.3 or not data.startswith(b"%PDF"):
        out, done = data, []
        for _ in range(steps):
            out, what = bytes_mutation(out or b"%PDF", rng)
            done.append(what)
        return out, done
    pdf = Pdf(data)
    funcs, weights = zip(*OBJECT_MUTATIONS)
    done = []
    for _ in range(steps * 4):
        if len(done) >= steps:
            break
        what = rng.choices(funcs, weights)[0](pdf, rng)
        if what:
            done.append(what)
    if not done:
        return None
    fresh = rng.random() < 0.7
    return pdf.to_bytes(fresh), done + ([] if fresh else ["stale xref"])
