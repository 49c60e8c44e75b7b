"""The HTML page: a jinja2 template (autoescape on) around a body sectioned by headings.

Each top-level heading closes the open sections of its level or deeper and opens
``<section data-heading="…" data-level="N">``; headings nested in a list, quote or container get their
id but open no section. The body is generated while the template streams, so the page is written as
the blocks arrive; the notes, complete only once the blocks are exhausted, come after them (footnotes,
endnotes and review comments each in their list), then the contents and the tracked changes' legend,
which the stylesheet places beside the body. A review comment whose note is known when the block that
references it is written (the DOCX and PPTX readers read a comment at its first reference) is written
right after that block as a margin note.

The page carries its own stylesheet (``templates/page.css``; ``--css FILE`` adds one after it,
``--no-style`` leaves it out) and one small script (``templates/page.js``) that copies a citation with a
click; a Content-Security-Policy allows exactly those, by hash, and images as the URL policy lets them be.
See docs/formats/writers.md, "The HTML page".
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from functools import lru_cache
from importlib.resources import files
from pathlib import PurePath
from typing import BinaryIO

from markupsafe import Markup

from ...digest import sha256
from ...ir.nodes import Document, Heading, Metadata, Note
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


MAX_CSS_BYTES = 1 << 20  # a stylesheet, not a payload
_CHANGES = (("insertion", "ins", "Inserted"), ("deletion", "del", "Deleted"), ("move-to", "ins", "Moved here"),
            ("move-from", "del", "Moved from here"))
_LISTS = (("footnote", "footnotes", "doc-footnotes", "Footnotes"), ("endnote", "endnotes", "doc-endnotes", "Endnotes"),
          ("comment", "comments", "region", "Comments"))


@lru_cache(maxsize=None)
def _asset(name: str) -> str:
    return files("zenconv.writers.html").joinpath("templates", name).read_text("utf-8")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def page_script() -> str:
    """The page's one script, exactly as written between its tags (its hash is in the policy)."""
    return _asset("page.js")


def own_css(text: str) -> str:
    """A stylesheet of the user's, safe inside ``<style>``: it cannot close the element (``</`` is written
    ``<\\/``, the same to CSS), and control characters become U+FFFD."""
    return CONTROLS.sub("\ufffd", text).replace("</", "<\\/")


def read_css(path) -> str:
    """The ``--css`` file's text (UTF-8, at most MAX_CSS_BYTES), or ValueError saying why not."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_CSS_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"--css {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_CSS_BYTES:
        raise ValueError(f"--css {path}: larger than {MAX_CSS_BYTES} bytes")
    return own_css(data.decode("utf-8", errors="replace"))


def policy(styles: list[str], script: str, embed_media: bool, remote_images: bool) -> str:
    """The Content-Security-Policy: nothing but the page's own styles and script, by hash, and images from
    where the URL policy takes them (the media folder beside the page; ``data:`` when embedded; the network
    only under ``--remote-images keep``)."""
    images = ["'self'"] + (["data:"] if embed_media else []) + (["https:", "http:"] if remote_images else [])
    style = " ".join(_hash(sheet) for sheet in styles) or "'none'"
    return (f"default-src 'none'; style-src {style}; script-src {_hash(script)}; img-src {' '.join(images)}; "
            "base-uri 'none'; form-action 'none'")


def page_title(metadata: Metadata, source_name: str | None) -> str:
    """The metadata's title, else the source's file name, else "Document"."""
    if metadata.title and metadata.title.strip():
        return metadata.title
    name = PurePath(source_name.replace("\\", "/")).name if source_name else ""
    return name if name and name not in ("-", "<stdin>") else "Document"


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
            slug = r.slugger.unique(text)
            batch.append(f'<section data-heading="{escape(text)}" data-level="{level}">\n')
            batch.append(r.heading(block, slug))
            r.listed(level, text, slug)
            open_levels.append(level)
            if r.comment_refs:
                batch.append(r.margin_notes())
            continue
        for chunk in r.flow((block,)):
            batch.append(chunk)
            size += len(chunk)
            if size >= CHUNK:
                yield Markup("".join(batch))
                batch.clear()
                size = 0
    batch.extend("</section>\n" for _ in open_levels)
    if batch:
        yield Markup("".join(batch))


class _KnownNotes:
    """The document's notes by id as far as they are known yet (the list grows as a reader reads them),
    and which have been written as margin notes."""

    def __init__(self, notes: list[Note]) -> None:
        self._notes = notes
        self._by_id: dict[str, Note] = {}
        self._seen = 0
        self.placed: set[str] = set()

    def get(self, note_id: str) -> Note | None:
        if self._seen != len(self._notes):
            for note in self._notes[self._seen:]:
                self._by_id.setdefault(note.id, note)
            self._seen = len(self._notes)
        return self._by_id.get(note_id)

    def kind(self, note_id: str) -> str | None:
        note = self.get(note_id)
        return None if note is None else note.kind


def _margin_notes(r: HtmlRenderer, known: _KnownNotes) -> str:
    """The review comments the block just written references, beside it: each an ``aside``-held note
    with the id its references link to; the others wait for the list at the end."""
    parts = []
    for number, note_id in r.comment_refs:
        note = known.get(note_id)
        if note is None or note_id in known.placed:
            continue
        known.placed.add(note_id)
        parts.append(f'<div class="note comment" id="fn:{number}">\n{r.note(number, note)}</div>\n')
    r.comment_refs.clear()
    if not parts:
        return ""
    return '<aside class="margin-notes" role="note" aria-label="Comments">\n' + "".join(parts) + "</aside>\n"


def write(doc: Document, out: BinaryIO, ctx) -> None:
    r = HtmlRenderer(ctx.report, policy_of(ctx), NoteNumbers(),
                     Slugger(), checkpoint=ctx.guard.tick)
    known = _KnownNotes(doc.notes)
    r.note_kinds = known.kind
    r.margin_notes = lambda: _margin_notes(r, known)
    sections: list[tuple[int, str, str]] = []
    r.contents = sections

    def notes() -> list[dict]:
        r.contents = None  # the body is written: a heading in a note is no entry
        lists: dict[str, list[dict]] = {}
        for number, note in r.notes.ordered(doc.notes):
            if note.kind == "comment" and note.id in known.placed and known.get(note.id) is note:
                continue  # written beside the block that references it
            kind = note.kind if note.kind in ("endnote", "comment") else "footnote"
            lists.setdefault(kind, []).append({"number": number, "html": Markup(r.note(number, note)),
                                               "comment": note.kind == "comment"})
        return [{"kind": css, "role": role, "title": title, "notes": lists[kind]}
                for kind, css, role, title in _LISTS if kind in lists]

    def aside() -> dict:
        legend = []
        for change, tag, word in _CHANGES:
            if change in r.revisions:
                authors = ", ".join(sorted(a for a in r.revisions[change] if a))
                legend.append((tag, f"rev-{change}", word, _clean(authors)))
        return {"sections": [(level, _clean(text), slug) for level, text, slug in sections], "legend": legend}

    options = getattr(ctx, "options", {}) or {}
    styles = [] if options.get("no_style") else [_asset("page.css")]
    if options.get("css"):
        styles.append(read_css(options["css"]))
    script = page_script()
    csp = policy(styles, script, bool(getattr(ctx, "embed_media", False)), options.get("remote_images") == "keep")
    sink = TextSink(out)
    title = page_title(doc.metadata, getattr(ctx, "source_name", None))
    page = _template().generate(title=_clean(title), meta=_meta(doc.metadata), csp=Markup(csp),
                                styles=[Markup(sheet) for sheet in styles], script=Markup(script),
                                body=_body(r, doc.blocks), notes=notes, aside=aside)
    for chunk in page:
        sink.write(chunk)
    sink.flush()
