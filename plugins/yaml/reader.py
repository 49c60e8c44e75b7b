"""The YAML reader: each document through the records mapping, every block cited by its line.

YAML is read whole (up to --max-value-chars): ruamel.yaml's parser gives the events, and
:mod:`.build` makes the values by the YAML 1.2 core schema. One document is mapped at the top; a
stream of several (``---``) gives one section per document, ``Document 2`` and so on.
"""

from __future__ import annotations

from collections.abc import Iterator

from zenconv.context import ReadContext, Source
from zenconv.ir.locator import Locator
from zenconv.ir.nodes import Block, Heading, Text
from zenconv.reports import Unreadable

from zenconv_plugins.records import Mapper, Tally

from .build import Builder

_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def read(source: Source, ctx: ReadContext) -> Iterator[Block]:
    from ruamel.yaml import YAML, __version__
    from ruamel.yaml.error import YAMLError

    ctx.library = f"ruamel.yaml/{__version__}"
    text = _text(source, ctx)
    tally = Tally()
    mapper = Mapper("yaml", ctx.options, tally, ctx.report)
    builder = Builder(ctx.options, tally, lambda code, line, detail: ctx.report(code, Locator(line=line), detail=detail))
    try:
        documents = list(builder.documents(YAML(typ="safe", pure=True).parse(text)))
    except YAMLError as exc:
        raise Unreadable("yaml.invalid", " ".join(str(exc).split())[:300]) from None
    except RecursionError:
        raise Unreadable("yaml.too-deep", "nesting deeper than the parser follows") from None
    several = len(documents) > 1
    for number, (value, line) in enumerate(documents, 1):
        ctx.checkpoint()
        if several:
            yield Heading(1, [Text(f"Document {number}")], locator=Locator(line=line))
        if value is not None:  # an empty document (a bare ---) has nothing to show
            yield from _mapped(mapper, value, 2 if several else 1, line)
    mapper.flush(None)


def _mapped(mapper: Mapper, value, level: int, line: int) -> list[Block]:
    try:
        return mapper.blocks(value, "", level, line)
    except RecursionError:  # the depth bound holds first; this is the interpreter's, should it not
        raise Unreadable("yaml.too-deep", "nesting deeper than the reader follows") from None


def _text(source: Source, ctx: ReadContext) -> str:
    limit = ctx.options["max_value_chars"]
    if source.size > limit:
        raise Unreadable("yaml.too-large", f"the file is {source.size:,} bytes; YAML is read whole, up to "
                         f"{limit:,} (--max-value-chars)")
    data = source.read_bytes()
    encoding = "utf-8"
    for mark, name in _BOMS:
        if data.startswith(mark):
            data, encoding = data[len(mark):], name
            break
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        ctx.report("yaml.undecodable-bytes", detail=f"first at byte {exc.start:,}")
        return data.decode(encoding, "replace")
