"""Writing an IR document with a registered writer, outside the pipeline: the writer's seam."""

from __future__ import annotations

import io
from dataclasses import dataclass

import mistune
from mistune.util import unescape

from zenconv.context import Guard, WriteContext
from zenconv.ir.nodes import Document
from zenconv.ir.resources import ResourceStore
from zenconv.options import resolve_options
from zenconv.plugins import build_plugins
from zenconv.reports import HOST_CODES, Reporter

PLUGINS = build_plugins(third_party=False)
# The parser the corpus scores with, and the plugins the brief names: what our Markdown must survive.
MISTUNE = mistune.create_markdown(renderer=None, plugins=["table", "strikethrough", "footnotes", "task_lists"])


@dataclass
class Written:
    text: str
    reporter: Reporter

    @property
    def codes(self) -> dict[str, int]:
        return {r.code.code: r.count for r in self.reporter.reports}


def write_with(writer: str, doc: Document, resources: ResourceStore | None = None, **options) -> Written:
    spec = PLUGINS.registry.writer_named(writer)
    opts = resolve_options(PLUGINS.registry, options)
    reporter = Reporter()
    reporter.declare(HOST_CODES)
    reporter.declare(spec.codes)
    ctx = WriteContext(options=opts, reporter=reporter, guard=Guard(), resources=resources or ResourceStore(),
                       resource_prefix="media/", embed_media=opts["embed_media"])
    out = io.BytesIO()
    spec.load()(doc, out, ctx)
    return Written(out.getvalue().decode("utf-8"), reporter)


def mistune_text(tokens) -> str:
    """The text mistune reads: entity references decoded (CommonMark does; mistune's AST keeps them raw),
    soft and hard breaks and ``<br>`` as newlines, other inline HTML as nothing."""
    out = []
    for token in tokens:
        kind = token["type"]
        if kind == "text":
            out.append(unescape(token["raw"]))
        elif kind == "codespan":
            out.append(token["raw"])
        elif kind in ("softbreak", "linebreak"):
            out.append("\n")
        elif kind == "inline_html":
            out.append("\n" if token["raw"].lower().startswith("<br") else "")
        elif "children" in token:
            out.append(mistune_text(token["children"]))
    return "".join(out)


def parse_markdown(text: str) -> list[dict]:
    return [token for token in MISTUNE(text) if token["type"] != "blank_line"]
