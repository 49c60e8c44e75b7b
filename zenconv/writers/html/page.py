"""The HTML page: a jinja2 template (autoescape on) around a body sectioned by headings.

Each top-level heading closes the open sections of its level or deeper and opens
``<section data-heading="…" data-level="N">``; headings nested in a list, quote or container get their
id but open no section. The body is generated while the template streams, so the page is written as
the blocks arrive; the footnotes, complete only once the blocks are exhausted, come after them.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import BinaryIO

from markupsafe import Markup

from ...ir.nodes import Document, Heading, Metadata
from ...ir.walk import plain_text
from ..notes import NoteNumbers
from ..sink import CHUNK, TextSink
from ..urls import policy_of
from .markup import CONTROLS, escape
from .render import HtmlRenderer
from .slugs import Slugger


@lru_cache(maxsize=1)
def _template():
    from jinja2 import Environment, PackageLoader

    env = Environment(loader=PackageLoader("zenconv.writers.html", "templates"), autoescape=True,
                      keep_trailing_newline=True)
    return env.get_template("page.html.j2")


def _clean(text: str) -> str:
    """Metadata goes through jinja's escaping, which leaves control characters in place."""
    return CONTROLS.sub("\ufffd", text)


def _meta(metadata: Metadata) -> list[tuple[str, str]]:
    pairs = [("author", author) for author in metadata.authors]
    if metadata.keywords:
        pairs.append(("keywords", ", ".join(metadata.keywords)))
    for name in ("subject", "created", "modified"):
        value = getattr(metadata, name)
        if value is not None:
            pairs.append((f"dcterms.{name}", value))
    pairs += [(f"zenconv.{key}", value) for key, value in sorted(metadata.extra.items())]
    return [(_clean(name), _clean(str(value))) for name, value in pairs]


def _body(r: HtmlRenderer, blocks) -> Iterator[Markup]:
    open_levels: list[int] = []
    batch: list[str] = []
    size = 0
    for block in blocks:
        if type(block) is Heading:
            level = min(max(block.level, 1), 6)
            while open_levels and open_levels[-1] >= level:
                open_levels.pop()
                batch.append("</section>\n")
            text = plain_text(block.children)
            batch.append(f'<section data-heading="{escape(text)}" data-level="{level}">\n')
            batch.append(r.heading(block, r.slugger.unique(text)))
            open_levels.append(level)
            continue
        for chunk in r.block(block):
            batch.append(chunk)
            size += len(chunk)
            if size >= CHUNK:
                yield Markup("".join(batch))
                batch.clear()
                size = 0
    batch.extend("</section>\n" for _ in open_levels)
    if batch:
        yield Markup("".join(batch))


def write(doc: Document, out: BinaryIO, ctx) -> None:
    r = HtmlRenderer(ctx.report, policy_of(ctx), NoteNumbers(),
                     Slugger(), checkpoint=ctx.guard.tick)

    def footnotes() -> list[dict]:
        return [{"number": number, "html": Markup(r.note(number, note)), "comment": note.kind == "comment"}
                for number, note in r.notes.ordered(doc.notes)]

    sink = TextSink(out)
    page = _template().generate(title=_clean(doc.metadata.title or "Untitled"), meta=_meta(doc.metadata),
                                body=_body(r, doc.blocks), footnotes=footnotes)
    for chunk in page:
        sink.write(chunk)
    sink.flush()
