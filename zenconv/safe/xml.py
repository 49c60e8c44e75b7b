"""XML parts parsed safely: no DTD, no entity ever resolved, no network, a depth limit.

A DOCTYPE is refused before lxml sees the document (``<ns>.doctype-refused``): the prolog is decoded
the way an XML processor would (byte-order mark, or the pattern of NUL bytes around the first ``<``
for UTF-16 and UTF-32 without one, then the encoding the XML declaration names), so a DTD cannot
hide in another encoding. That is what keeps billion laughs and external entities (XXE) from ever
expanding. lxml runs with ``resolve_entities=False``, ``no_network=True``, no DTD loading and
``huge_tree`` off as the second line, and a DTD it still finds (one behind a prolog longer than
the scanned window) is refused after parsing.

A format whose own producers write DOCTYPEs (OpenOffice's manifest and MathML parts) may ask for
``plain_doctype=True``: a DOCTYPE with no internal subset (``<!DOCTYPE manifest:manifest PUBLIC
"..." "Manifest.dtd">``) is then accepted, as it declares no entity; nothing changes for the rest.
An internal subset (``[...]``, where entities are declared) is still refused before parsing, the
external DTD is never loaded (``load_dtd=False``, ``no_network``), and an entity it might declare is
never expanded (``resolve_entities=False``): a reference to one stays an unexpanded reference.

lxml is imported on first use, so a plugin's entry-point module can declare ``xml_codes`` cheaply.

Depth counts elements, the root being depth 1. libxml2 itself refuses past 256 without
``huge_tree``; that error reads as ``<ns>.xml-too-deep`` too, so a ``max_depth`` above 256 has no
effect.
"""

from __future__ import annotations

import codecs
import io
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import BinaryIO

from ..context import out_of_memory
from ..reports import Unreadable, refused
from .codes import XML_REFUSALS as _MEANINGS, xml_codes  # noqa: F401 (xml_codes: for importers)
from ..patterns import pattern


PARSER_OPTIONS = dict(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                      attribute_defaults=False, huge_tree=False)

_PROLOG_WINDOW = 1 << 20  # a prolog longer than this is left to the post-parse check
_CHUNK = 1 << 16
_LIBXML2_DEPTH = 256  # libxml2's own limit without huge_tree: it refuses a deeper element itself
_BOMS = ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"), (b"\xef\xbb\xbf", "utf-8"),
         (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"))
_PUSH_ENCODINGS = {"utf-32-le": "UTF-32LE", "utf-32-be": "UTF-32BE"}
_DECLARED = pattern(r"""<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']""")


def part_refusal(exc: Unreadable) -> bool:
    """Whether a refusal is the part's own (its DOCTYPE, depth or syntax), so a reader may read on
    without that part, rather than the conversion's (its memory)."""
    return exc.code.rsplit(".", 1)[-1] in _MEANINGS


def _encoding_of(head: bytes) -> str:
    """The encoding family of the first bytes: a BOM, else where the NULs of the first character are."""
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    b = head[:4].ljust(4, b"\x01")
    if b[0] == 0 and b[1] == 0 and b[2] == 0 and b[3]:
        return "utf-32-be"
    if b[0] and b[1] == 0 and b[2] == 0 and b[3] == 0:
        return "utf-32-le"
    if b[0] == 0 and b[1]:
        return "utf-16-be"
    if b[0] and b[1] == 0:
        return "utf-16-le"
    if head.startswith(b"\x4c\x6f\xa7\x94"):  # "<?xm" in EBCDIC
        return "cp500"
    return "latin-1"  # any ASCII-compatible encoding: the markup we look for is ASCII


def _prolog_state(text: str, plain_doctype: bool = False) -> str | None:
    """"doctype" when the prolog declares one (with ``plain_doctype``, one with an internal subset),
    "done" when the root element (or anything else) is reached, None when ``text`` ends inside the prolog."""
    i, n = 0, len(text)
    while True:
        while i < n and text[i] in "\ufeff \t\r\n":
            i += 1
        rest = text[i:i + 4]
        if rest.startswith("<?"):
            end, close = text.find("?>", i + 2), 2
        elif rest == "<!--":
            end, close = text.find("-->", i + 4), 3
        elif len(rest) < 4 and ("<!--".startswith(rest) or "<?".startswith(rest)):
            return None  # the text stops before the next construct can be told apart
        elif plain_doctype and text.startswith("<!DOCTYPE", i) and text[i + 9:i + 10] and text[i + 9] in " \t\r\n":
            end, close = _plain_doctype_end(text, i + 9), 1
            if end == -2:
                return "doctype"  # an internal subset: where entities are declared
        elif plain_doctype and n - i <= 9 and "<!DOCTYPE".startswith(text[i:]):
            return None  # the text stops inside the keyword
        elif rest.startswith("<!"):
            return "doctype"  # <!DOCTYPE, in any case, or any other declaration
        else:
            return "done"
        if end < 0:
            return None
        i = end + close


def _plain_doctype_end(text: str, i: int) -> int:
    """Where the ``>`` closing a DOCTYPE is (its name and quoted identifiers skipped), -2 when it opens
    an internal subset, -1 when ``text`` ends first."""
    n = len(text)
    while i < n:
        char = text[i]
        if char == ">":
            return i
        if char == "[":
            return -2
        if char in "\"'":
            i = text.find(char, i + 1)
            if i < 0:
                return -1
        i += 1
    return -1


def _decode(head: bytes, encoding: str, final: bool) -> str:
    # Incremental, so a character cut by the end of the window is left out rather than replaced.
    return codecs.getincrementaldecoder(encoding)("replace").decode(head, final)


def _plain_prolog(head: bytes) -> bool:
    """The prolog nearly every part has, told from its bytes: an ASCII XML declaration naming UTF-8 or no
    encoding, white space, then the root's start tag. Decoded either way (as the bytes' family, as UTF-8)
    it is the same text, which reaches the root with no DOCTYPE: what the scan below finds, without
    decoding the window twice for every part of a package. A package's parts share a handful of
    declarations, each judged once (:data:`_DECLARATIONS`)."""
    if head[:5] != b"<?xml":
        return False
    end = head.find(b"?>", 5)
    if end < 0:
        return False
    at, size = end + 2, len(head)
    while at < size and head[at] in b" \t\r\n":
        at += 1
    if at + 1 >= size or head[at] != 0x3C or head[at + 1] not in _NAME_START:  # "<" and a name's first letter
        return False
    declaration = head[:end + 2]
    plain = _DECLARATIONS.get(declaration)
    if plain is None:
        if declaration.isascii():
            declared = _DECLARED.match(declaration.decode("ascii"))
            plain = declared is None or declared.group(1).lower() in ("utf-8", "utf8")
        else:
            plain = False
        if len(_DECLARATIONS) < 64:  # bounded: a hostile package may vary its declarations part by part
            _DECLARATIONS[declaration] = plain
    return plain


_NAME_START = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_:")
_DECLARATIONS: dict[bytes, bool] = {}  # an XML declaration's bytes -> whether _plain_prolog takes it


def _scan_prolog(head: bytes, ns: str, final: bool, plain_doctype: bool = False) -> bool:
    """True once the prolog is known to hold no DOCTYPE; raises doctype-refused when it does."""
    if len(head) < 4 and not final:
        return False  # too few bytes to tell UTF-32 from UTF-16 from UTF-8
    if _plain_prolog(head):
        return True
    texts = [_decode(head, _encoding_of(head), final)]
    declared = _DECLARED.match(texts[0].lstrip("\ufeff \t\r\n"))
    if declared:
        try:
            texts.append(_decode(head, codecs.lookup(declared.group(1)).name, final))
        except LookupError:
            pass  # an encoding Python does not know: lxml will refuse it or the post-parse check will see a DTD
    states = [_prolog_state(text, plain_doctype) for text in texts]
    if "doctype" in states:
        raise Unreadable(f"{ns}.doctype-refused", "the XML has a DOCTYPE (DTDs and entities are refused)")
    return final or len(head) >= _PROLOG_WINDOW or None not in states


def _has_dtd(element, plain_doctype: bool = False) -> bool:
    """Whether the document has a DTD, or with ``plain_doctype`` one that declares anything."""
    docinfo = element.getroottree().docinfo
    if not plain_doctype:
        return bool(docinfo.doctype) or docinfo.internalDTD is not None
    dtd = docinfo.internalDTD
    return dtd is not None and (next(dtd.iterentities(), None) is not None
                                or next(dtd.iterelements(), None) is not None)


def _syntax_error(exc: Exception, ns: str) -> Unreadable:
    message = str(exc)
    if out_of_memory(exc):  # libxml2 could not allocate: the conversion's memory, not the part's syntax
        return Unreadable("host.memory-limit", f"the XML parser ran out of memory: {message}"[:300])
    if "Excessive depth" in message:
        return Unreadable(f"{ns}.xml-too-deep", message)
    if "entity amplification" in message or "entity reference loop" in message:
        # Only entities a DTD declared can amplify or loop: a DOCTYPE the prolog scan did not reach.
        return Unreadable(f"{ns}.doctype-refused", message)
    return Unreadable(f"{ns}.xml-malformed", message)


@lru_cache(maxsize=8)
def _deeper_than(max_depth: int):
    from lxml import etree

    return etree.XPath("boolean(" + "/*" * (max_depth + 1) + ")")


_PARSERS = threading.local()


def _parser():
    """This thread's parser for :func:`parse_xml`: a new libxml2 parser context costs as much as parsing a
    small part (a package's relationships), and a deck has hundreds of those. An lxml parser may parse
    one document after another, never two at once: hence one per thread."""
    parser = getattr(_PARSERS, "parser", None)
    if parser is None:
        from lxml import etree

        parser = _PARSERS.parser = etree.XMLParser(**PARSER_OPTIONS)
    return parser


def parse_xml(data: bytes, ns: str, *, max_depth: int = 256, plain_doctype: bool = False):
    """The root element of ``data``: DOCTYPE refused before parsing (with ``plain_doctype``, one with
    an internal subset), entities never resolved, no network."""
    from lxml import etree

    # A plain prolog (the root's start tag right after the declaration) has no room for a DOCTYPE, which
    # only the prolog may hold: neither the scan nor the check after parsing has anything to find.
    plain = _plain_prolog(data[:4096])
    window = 4096  # the prolog is nearly always short: decode no more of a large part than it takes
    while not plain and not _scan_prolog(data[:window], ns, window >= len(data), plain_doctype):
        window *= 16
    try:
        root = etree.fromstring(data, _parser())
    except (etree.LxmlError, ValueError) as exc:
        raise _syntax_error(exc, ns) from None
    if not plain and _has_dtd(root, plain_doctype):
        raise Unreadable(f"{ns}.doctype-refused", "the XML has a DOCTYPE (DTDs and entities are refused)")
    # libxml2 already refuses past 256; a smaller limit is checked in C by one XPath.
    if max_depth < 256 and _deeper_than(max_depth)(root):
        raise Unreadable(f"{ns}.xml-too-deep", f"elements nest deeper than {max_depth}")
    return root


def iterparse_xml(stream: BinaryIO, ns: str, *, events: Iterable[str] = ("start", "end"),
                  tag: str | Iterable[str] | None = None, max_depth: int = 256,
                  clear: bool = False, plain_doctype: bool = False,
                  levels: int | None = None) -> Iterator[tuple[str, object]]:
    """Stream ``(event, element)`` pairs from a binary stream (a :meth:`SafeZip.open` part, say).

    ``events`` are lxml's ("start", "end", "start-ns", "end-ns", "comment", "pi"); ``tag`` keeps the
    element events of those tags only (exact Clark names, ``{namespace}local``); depth is counted on
    every element whatever is kept.

    Memory: the tree still grows as the document is read, so a caller of a large part frees what it
    has passed. With ``clear=True`` this is done for it: when the caller comes back for the next
    event after an ``"end"`` it was given, that element is cleared (its tail kept) and its earlier
    siblings removed from the parent, so only the path from the root stays. Read what you need from
    an element at its "end" event, and ask with ``tag`` for the elements you work at (a sheet's rows,
    say): their descendants are kept until then. Without ``clear``, do the same yourself::

        element.clear(keep_tail=True)
        while element.getprevious() is not None:
            del element.getparent()[0]

    ``levels``: the events of the elements at most that deep only (the root being depth 1), for a
    reader that works at the top of a tree (a document body's paragraphs and tables, say) and reads
    what is below from the tree. They are the same events, after the same chunks of the stream, but
    at the default ``max_depth`` libxml2 itself keeps to the limit, so the elements below are parsed
    without Python ever seeing them. The caller may clear an element at its end and remove its
    earlier siblings (as ``clear`` does), not the element itself: it is where the walk goes on.
    """
    wanted = tuple(events)
    tags = None if tag is None else frozenset([tag] if isinstance(tag, str) else tag)
    if levels is not None and max_depth >= _LIBXML2_DEPTH and set(wanted) <= {"start", "end"}:
        yield from _shallow_events(stream, ns, wanted, tags, levels, clear, plain_doctype)
        return
    depth, checked = 0, False
    for found in _pushed(stream, ns, plain_doctype, events=tuple(dict.fromkeys(("start", "end", *wanted)))):
        for event, element in found:
            if event == "start":
                depth += 1
                if depth > max_depth:
                    raise Unreadable(f"{ns}.xml-too-deep", f"elements nest deeper than {max_depth}")
                if not checked:
                    checked = True
                    if _has_dtd(element, plain_doctype):
                        raise Unreadable(f"{ns}.doctype-refused", "the XML has a DOCTYPE (DTDs and entities are refused)")
            elif event == "end":
                depth -= 1
            if event not in wanted or (tags is not None and event in ("start", "end") and element.tag not in tags):
                continue
            if levels is not None and event in ("start", "end") and depth + (event == "end") > levels:
                continue
            yield event, element
            if clear and event == "end":
                element.clear(keep_tail=True)
                parent = element.getparent()
                if parent is not None:
                    while element.getprevious() is not None:
                        del parent[0]


def _shallow_events(stream: BinaryIO, ns: str, wanted: tuple[str, ...], tags: frozenset | None, levels: int,
                    clear: bool, plain_doctype: bool) -> Iterator[tuple[str, object]]:
    """iterparse_xml's events of the elements at most ``levels`` deep.

    A part of at most :data:`WHOLE_PART` bytes is parsed whole, as :func:`parse_xml` parses one, and its
    tree walked: libxml2 builds a tree in one call for about two thirds of what a push parser fed in
    chunks costs. A part that does not parse whole (malformed, refused) is read as a larger one is, so
    the events before its fault and the fault itself are the ones streaming gives.

    Streamed, libxml2 reports every element's start and end as it builds the tree; they are drained in C
    and only the last is looked at: the element it leaves open, with its ancestors, is the part of the
    tree still being read. Every other element in the tree is complete. The walk goes down the shallow
    levels in document order, giving each element's start when it is met and its end once it is
    complete; it stops at the first element still open, and goes on from there after the next chunk."""
    head = stream.read(WHOLE_PART + 1)
    if len(head) <= WHOLE_PART:
        root = _whole(head, ns, plain_doctype)
        if root is not None:
            walk = _ShallowWalk(root, wanted, tags, levels, clear)
            yield from walk.start()
            yield from walk.events(frozenset())
            return
        stream = io.BytesIO(head)
    else:
        stream = Rejoined(head, stream)
    walk = None
    for found in _pushed(stream, ns, plain_doctype):
        first = next(found, None)
        if first is None:
            continue
        if walk is None:
            if _has_dtd(first[1], plain_doctype):
                raise Unreadable(f"{ns}.doctype-refused", "the XML has a DOCTYPE (DTDs and entities are refused)")
            walk = _ShallowWalk(first[1], wanted, tags, levels, clear)
            yield from walk.start()
        last = deque(found, maxlen=1)
        event, element = last[0] if last else first
        innermost = element if event == "start" else element.getparent()
        reading = [] if innermost is None else [innermost, *innermost.iterancestors()]
        yield from walk.events({id(el) for el in reading})  # ids held steady by ``reading``


WHOLE_PART = 4 << 20  # a part this size or smaller is parsed whole by iterparse_xml(levels=...)


def _whole(data: bytes, ns: str, plain_doctype: bool):
    """The root of ``data`` parsed whole, as parse_xml parses it; None when it does not parse (the caller
    streams it, to fail where and as streaming fails)."""
    try:
        return parse_xml(data, ns, plain_doctype=plain_doctype)
    except Unreadable:
        return None


class Rejoined(io.RawIOBase):
    """The bytes already read from a stream, then the rest of it: a stream looked at before it is parsed."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        super().__init__()
        self._head, self._rest = head, rest

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        if self._head:
            if n is None or n < 0:
                data, self._head = self._head + self._rest.read(), b""
                return data
            data, self._head = self._head[:n], self._head[n:]
            return data
        return self._rest.read(n)


class _ShallowWalk:
    """The walk of :func:`_shallow_events` down a tree's first ``levels`` levels, in document order."""

    def __init__(self, root, wanted: tuple[str, ...], tags: frozenset | None, levels: int, clear: bool) -> None:
        self.root = root
        self.starts, self.ends = "start" in wanted, "end" in wanted
        self.tags, self.levels, self.clear = tags, levels, clear
        self.stack: list[list] = []  # [element, depth, its last child walked to] of the elements started, not ended

    def start(self) -> Iterator[tuple[str, object]]:
        root = self.root
        self.stack.append([root, 1, None])
        if self.starts and (self.tags is None or root.tag in self.tags):
            yield "start", root

    def events(self, still_open) -> Iterator[tuple[str, object]]:
        """The events up to the first element of ``still_open`` (ids of elements not yet complete)."""
        stack, tags, levels = self.stack, self.tags, self.levels
        while stack:
            entry = stack[-1]
            el, depth, walked = entry
            child = None
            if depth < levels:
                if walked is not None:
                    child = walked.getnext()
                elif len(el):
                    child = el[0]
                while child is not None and not isinstance(child.tag, str):
                    child = child.getnext()  # a comment, a processing instruction, an unexpanded entity
            if child is not None:
                entry[2] = child
                stack.append([child, depth + 1, None])
                if self.starts and (tags is None or child.tag in tags):
                    yield "start", child
                continue
            if id(el) in still_open:
                break  # its end is in a chunk still to come
            stack.pop()
            if self.ends and (tags is None or el.tag in tags):
                yield "end", el
                if self.clear:
                    el.clear(keep_tail=True)
                    parent = el.getparent()
                    if parent is not None:
                        while el.getprevious() is not None:
                            del parent[0]


def _pushed(stream: BinaryIO, ns: str, plain_doctype: bool, events: tuple[str, ...] = ("start", "end")) -> Iterator:
    """A push parser fed ``stream`` a chunk at a time, the prolog checked before the first: after each
    chunk, the iterator of the ``events`` (lxml's names) it produced."""
    from lxml import etree

    parser = None
    head = b""
    while True:
        data = stream.read(_CHUNK)
        eof = not data
        try:
            if head is not None:
                head += data
                if not _scan_prolog(head, ns, eof, plain_doctype):
                    continue
                data, head = head, None
                # libxml2's push parser misses a UTF-32 byte-order mark unless told the encoding.
                parser = etree.XMLPullParser(events=events, encoding=_PUSH_ENCODINGS.get(_encoding_of(data)),
                                             **PARSER_OPTIONS)
            if data:
                parser.feed(data)
            if eof:
                parser.close()
        except etree.LxmlError as exc:
            raise _syntax_error(exc, ns) from None
        yield parser.read_events()
        if eof:
            return


def check_xml(stream_or_bytes: BinaryIO | bytes, ns: str, *, max_depth: int = 256,
              plain_doctype: bool = False) -> None:
    """Validate a part (DOCTYPE, depth, well-formedness) in one streaming pass, keeping nothing.

    For parts a third-party library will parse itself (openpyxl, odfpy): check them here first.
    """
    stream = io.BytesIO(stream_or_bytes) if isinstance(stream_or_bytes, (bytes, bytearray)) else stream_or_bytes
    for _ in iterparse_xml(stream, ns, events=("end",), max_depth=max_depth, clear=True,
                           plain_doctype=plain_doctype):
        pass



def iterparse_tags(stream: BinaryIO, ns: str, tags: Iterable[str], *, events: Iterable[str] = ("end",),
                   max_depth: int = 256) -> Iterator[tuple[str, object]]:
    """:func:`iterparse_xml` for a reader that works at a few elements (exact Clark names, start and end
    events only), at lxml's speed: iterparse_xml sees every element's start and end in Python to count
    depth, which costs more than the parse. At libxml2's own limit (256, the default) libxml2 counts
    depth and refuses past it with the same ``<ns>.xml-too-deep``, so the events are filtered in C; a
    lower ``max_depth`` takes iterparse_xml. The DOCTYPE is refused as there: the prolog before
    parsing, a DTD lxml still finds at the first event (or at the end, when nothing was wanted)."""
    wanted = tuple(events)
    tags = tuple(tags)
    if max_depth < _LIBXML2_DEPTH or not set(wanted) <= {"start", "end"}:
        yield from iterparse_xml(stream, ns, events=wanted, tag=tags, max_depth=max_depth)
        return
    from lxml import etree

    parser = None
    head, checked = b"", False
    while True:
        data = stream.read(_CHUNK)
        eof = not data
        root = None
        try:
            if head is not None:
                head += data
                if not _scan_prolog(head, ns, eof):
                    continue
                data, head = head, None
                parser = etree.XMLPullParser(events=wanted, tag=tags,
                                             encoding=_PUSH_ENCODINGS.get(_encoding_of(data)), **PARSER_OPTIONS)
            if data:
                parser.feed(data)
            if eof:
                root = parser.close()
        except etree.LxmlError as exc:
            raise _syntax_error(exc, ns) from None
        for event, element in parser.read_events():
            if not checked:
                checked = True
                if _has_dtd(element):
                    raise Unreadable(f"{ns}.doctype-refused", "the XML has a DOCTYPE (DTDs and entities are refused)")
            yield event, element
        if eof:
            if not checked and root is not None and _has_dtd(root):
                raise Unreadable(f"{ns}.doctype-refused", "the XML has a DOCTYPE (DTDs and entities are refused)")
            return
