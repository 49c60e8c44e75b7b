"""The plain-text reader: paragraphs by blank lines, line breaks kept, each paragraph cited by its lines.

Decoded as every text reader decodes (:mod:`zenconv.safe.text`, reference readers §3.1), refused as
``text.binary-content`` on bytes that are not text (:mod:`zenconv_plugins.binary`, the CSV reader's
test), and streamed: a line is read in pieces of :data:`PIECE` characters and kept up to
``--max-line-chars``, a paragraph is at most ``--max-paragraph-lines`` lines, so a file of any size,
or a 100 MB line without a line break, costs those bounds. NUL characters are removed and counted,
as CSV does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from zenconv_plugins.binary import SAMPLE_BYTES, binary_reason

from zenconv.context import ReadContext, Source
from zenconv.ir import HardBreak, Locator, Paragraph, Text
from zenconv.reports import Unreadable
from zenconv.safe.text import EncodingGuess, UnknownEncoding, open_text, sniff_encoding

from .plugin import VERSION

LIBRARY = f"zenconv-text/{VERSION}"
PIECE = 1 << 16
_BREAKS = "\r\n"


def read(source: Source, ctx: ReadContext) -> Iterator[Paragraph]:
    guess = _encoding(source, ctx)
    with source.open() as fh:
        why = binary_reason(fh.read(SAMPLE_BYTES), guess)
    if why is not None:
        raise Unreadable(ctx.code("binary-content"), why)
    ctx.library = LIBRARY
    ctx.flags["encoding"] = guess.encoding
    with open_text(source.open(), guess) as stream:
        yield from _Paragraphs(ctx, guess).read(stream)


def _encoding(source: Source, ctx: ReadContext) -> EncodingGuess:
    with source.open() as fh:
        try:
            return sniff_encoding(fh, ctx.options["encoding"] or None)
        except UnknownEncoding as exc:
            raise Unreadable(ctx.code("unknown-encoding"), str(exc)) from None


class _Paragraphs:
    def __init__(self, ctx: ReadContext, guess: EncodingGuess) -> None:
        self.ctx = ctx
        self.guess = guess
        self.max_chars = ctx.options["max_line_chars"]
        self.max_lines = ctx.options["max_paragraph_lines"]
        self.nul = 0
        self.undecodable_reported = False
        self.last = ""  # the last piece read: a CR at its end may have its LF in the next

    def read(self, stream: TextIO) -> Iterator[Paragraph]:
        lines: list[str] = []
        first = chars = 0
        for number, line in enumerate(self._lines(stream), 1):
            if not line.strip():
                if lines:
                    yield self._paragraph(lines, first)
                    lines, chars = [], 0
                continue
            if lines and (len(lines) >= self.max_lines or chars + len(line) > self.max_chars):
                self.ctx.report(self.ctx.code("paragraph-split"), Locator(line=number))
                yield self._paragraph(lines, first)
                lines, chars = [], 0
            if not lines:
                first = number
            lines.append(line)
            chars += len(line)
        if lines:
            yield self._paragraph(lines, first)
        if self.nul:
            self.ctx.report(self.ctx.code("nul-removed"), count=self.nul)
        if self.guess.lenient and not self.undecodable_reported:
            self._undecodable(None)

    def _paragraph(self, lines: list[str], first: int) -> Paragraph:
        where = Locator(line=first, line_end=first + len(lines) - 1)
        if self.guess.lenient and any("\ufffd" in line for line in lines):
            self._undecodable(where)
        inlines: list = [Text(lines[0])]
        for line in lines[1:]:
            inlines += [HardBreak(), Text(line)]
        return Paragraph(inlines, locator=where)

    def _lines(self, stream: TextIO) -> Iterator[str]:
        """Each line without its line break (CRLF, LF or a lone CR), NULs removed, cut at the cap."""
        number = 0
        while piece := stream.readline(PIECE):
            if piece == "\n" and self.last.endswith("\r"):
                self.last = piece
                continue  # the LF of a CRLF that a piece's end cut from its CR
            number += 1
            self.ctx.tick()
            yield self._without_nul(self._line(stream, piece, number))

    def _line(self, stream: TextIO, piece: str, number: int) -> str:
        """The line that starts with ``piece``, read on in pieces to its end, kept up to the cap; what
        is past the cap is reported (its characters counted) and a visible note ends the line."""
        kept: list[str] = []
        size, cut = 0, False
        while True:
            self.last = piece
            text = piece.rstrip(_BREAKS)
            room = max(self.max_chars - size, 0)
            if len(text) > room:
                self.ctx.report(self.ctx.code("line-truncated"), Locator(line=number), count=0 if cut else 1,
                                text=text[room:])
                cut = True
            kept.append(text[:room])
            size += min(len(text), room)
            if len(text) < len(piece):
                break  # the line break ended it
            piece = stream.readline(PIECE)
            if not piece:
                break
            self.ctx.checkpoint()
        if cut:
            self.ctx.flags["truncated"] = True
            kept.append(f" ⚠ Truncated: the line was longer than {self.max_chars:,} characters "
                        f"(--max-line-chars {self.max_chars})")
        return "".join(kept)

    def _without_nul(self, line: str) -> str:
        if "\x00" in line:
            self.nul += line.count("\x00")
            return line.replace("\x00", "")
        return line

    def _undecodable(self, where: Locator | None) -> None:
        self.undecodable_reported = True
        self.ctx.report(self.ctx.code("undecodable-bytes"), where,
                        detail=f"{self.guess.encoding}: first undecodable byte at offset {self.guess.bad_offset}")
