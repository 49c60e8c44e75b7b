"""The shared-string table, streamed and kept compact.

A workbook of a million distinct strings would cost some 70 MB as a list of ``str``; past
:data:`_LIST_LIMIT` entries the table moves to one UTF-8 buffer and an array of offsets (about
the text's own size plus 4 bytes a string) and decodes a string when a cell asks for it.
"""

from __future__ import annotations

from array import array

from .stream import element_events
from zenconv.patterns import pattern

_LIST_LIMIT = 100_000
SI_TAGS = ("{http://schemas.openxmlformats.org/spreadsheetml/2006/main}si",
           "{http://purl.oclc.org/ooxml/spreadsheetml/main}si", "si")
_ESCAPE = pattern(r"_x([0-9A-Fa-f]{4})_")


def unescape(text: str) -> str:
    """Excel writes control characters as ``_xHHHH_`` (and a literal ``_x`` as ``_x005F_x``)."""
    if "_x" not in text:
        return text
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


def rich_text(element, ns: str) -> tuple[str, bool, bool]:
    """The text of an ``<si>`` or ``<is>``: plain ``<t>`` or rich runs joined, phonetic guides left out.

    Returns the text and whether it had rich runs and phonetic guides (both reported by the caller).
    """
    t_tag, r_tag, ph_tag = ns + "t", ns + "r", ns + "rPh"
    pieces: list[str] = []
    rich = phonetic = False
    for child in element:
        tag = child.tag
        if tag == t_tag:
            pieces.append(child.text or "")
        elif tag == r_tag:
            rich = True
            for run_child in child:
                if run_child.tag == t_tag:
                    pieces.append(run_child.text or "")
        elif tag == ph_tag:
            phonetic = True
    return unescape("".join(pieces)), rich, phonetic


class SharedStrings:
    """Index → text; an index out of range raises IndexError."""

    def __init__(self) -> None:
        self._list: list[str] | None = []
        self._buffer = bytearray()
        self._offsets = array("I", [0])
        self.rich = 0
        self.phonetic = 0

    def append(self, text: str) -> None:
        if self._list is not None:
            self._list.append(text)
            if len(self._list) > _LIST_LIMIT:
                for item in self._list:
                    self._pack(item)
                self._list = None
        else:
            self._pack(text)

    def _pack(self, text: str) -> None:
        self._buffer += text.encode("utf-8", "surrogatepass")
        end = len(self._buffer)
        if end > 0xFFFFFFFF and self._offsets.typecode == "I":
            self._offsets = array("Q", self._offsets)
        self._offsets.append(end)

    def lookup(self):
        """The fastest index → text callable for the table as it now stands."""
        return self.__getitem__ if self._list is None else self._list.__getitem__

    def __len__(self) -> int:
        return len(self._list) if self._list is not None else len(self._offsets) - 1

    def __getitem__(self, index: int) -> str:
        if self._list is not None:
            if index < 0:
                raise IndexError(index)
            return self._list[index]
        if not 0 <= index < len(self._offsets) - 1:
            raise IndexError(index)
        return self._buffer[self._offsets[index]:self._offsets[index + 1]].decode("utf-8", "surrogatepass")


def read_shared_strings(stream, ctx) -> SharedStrings:
    """Stream ``sharedStrings.xml``: one ``<si>`` at a time, each cleared once read."""
    table = SharedStrings()
    checkpoint = ctx.checkpoint
    for _, si in element_events(stream, ctx, SI_TAGS):
        ns = si.tag[:-2]
        text, rich, phonetic = rich_text(si, ns)
        table.append(text)
        table.rich += rich
        table.phonetic += phonetic
        si.clear()
        parent = si.getparent()
        if parent is not None:
            while si.getprevious() is not None:
                del parent[0]
        if len(table) % 4096 == 0:
            checkpoint()
    return table
