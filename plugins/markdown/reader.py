"""The Markdown reader: decoded text, front matter into the metadata, mistune's tokens into IR."""

from __future__ import annotations

from collections.abc import Iterator

import mistune
from zenconv_plugins.html.parse import LIBRARY as HTML_LIBRARY

from zenconv.context import ReadContext, Source
from zenconv.ir import Locator
from zenconv.reports import Unreadable
from zenconv.safe.text import UnknownEncoding, decode_text

from . import frontmatter
from .build import Builder
from .parser import LineState, Parsers


def read(source: Source, ctx: ReadContext) -> Iterator:
    ctx.library = f"mistune/{mistune.__version__}; {HTML_LIBRARY}"
    text = _decode(source, ctx)
    # mistune does this itself; done first so that line numbers count the lines it sees.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        ctx.report(ctx.code("nul-replaced"), count=text.count("\x00"))
        text = text.replace("\x00", "\ufffd")  # CommonMark: NUL is read as U+FFFD
    fm, body = frontmatter.split(text)
    if fm is not None:
        frontmatter.apply(fm, ctx.metadata)
        if fm.unparsed:
            ctx.report(ctx.code("front-matter-partial"), Locator(line=1), count=len(fm.unparsed))
    parsers = Parsers()
    md = parsers.full
    state = LineState()
    state.first_line = (fm.lines if fm else 0) + 1
    state.process(body if body.endswith("\n") else body + "\n")
    for hook in md.before_parse_hooks:
        hook(md, state)
    md.block.parse(state)
    for hook in md.before_render_hooks:
        hook(md, state)
    if "_nesting_capped" in state.env:
        ctx.report(ctx.code("block-nesting-capped"), Locator(line=state.env["_nesting_capped"]))
    for line in state.env.get("_excess_cells", ()):
        ctx.report(ctx.code("table-excess-cells-dropped"), Locator(line=line))
    builder = Builder(ctx, parsers, state)
    yield from builder.blocks(state.tokens)
    ctx.notes.extend(builder.notes(md))


def _decode(source: Source, ctx: ReadContext) -> str:
    declared = ctx.options.get("encoding") or None
    try:
        text, guess = decode_text(source.read_bytes(), declared)
    except UnknownEncoding as exc:
        raise Unreadable(ctx.code("unknown-encoding"), str(exc)) from None
    ctx.flags["encoding"] = guess.encoding
    if guess.lenient:
        ctx.report(ctx.code("undecodable-bytes"),
                   detail=f"{guess.encoding}: first undecodable byte at offset {guess.bad_offset}")
    return text
