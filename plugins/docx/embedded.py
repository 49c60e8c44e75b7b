"""Documents embedded in a Word document: OLE objects converted as children, altChunk parts read in place.

An OLE object (``w:object`` holding ``o:OLEObject r:id``) points at a part under ``word/embeddings/``: an
``.xlsx`` or ``.docx`` package stored as it is, or an ``oleObject*.bin`` compound file whose wrapper
(``zenconv.safe.ole``) holds the file. Either way the document is a child conversion (``zenconv.family``),
linked where the object sits; its preview picture stays where it was.

An ``altChunk`` is different: it is body text Word imports when it opens the file (HTML, MHT, a plain text),
so it is read in place by the reader for its format, as blocks of this body.
"""

from __future__ import annotations

from zenconv.family import inline_reference
from zenconv.safe.ole import embedded_file

from .namespaces import O_NS, R

_OLE_OBJECT = "{%s}OLEObject" % O_NS
# altChunk targets by extension: the installed reader that reads them in place
_CHUNK_READERS = {"htm": "html", "html": "html", "xhtml": "html", "mht": "html", "mhtml": "html",
                  "txt": "text", "xml": "html"}


def ole_object(st, el):
    """The link to the child conversion of the OLE object ``el`` holds, or None (the caller reports it)."""
    ole = next(el.iter(_OLE_OBJECT), None)
    rid = ole.get(R + "id") if ole is not None else None
    rel = st.rels.get(rid) if rid else None
    if rel is None or rel.external or not st.package.has(rel.target):
        return None
    raw = st.package.read_raw(rel.target)
    name, data = embedded_file(rel.target, raw, st.ctx.options["max_part_bytes"])
    key = st.ctx.embed(data, name, st.here(), origin=rel.target)
    return inline_reference(key, name) if key is not None else None


def alt_chunk(st, el) -> list | None:
    """The blocks of the altChunk ``el`` points at, read in place; None when it cannot be (reported by the caller)."""
    rid = el.get(R + "id")
    rel = st.rels.get(rid) if rid else None
    if rel is None or rel.external or not st.package.has(rel.target):
        return None
    data = st.package.read_raw(rel.target)
    extension = rel.target.rpartition(".")[2].lower()
    reader = _CHUNK_READERS.get(extension)
    if extension in ("mht", "mhtml"):
        data = mht_html(data)
    if reader is None or data is None or st.ctx.children is None:
        return None
    return st.ctx.children.inline(data, rel.target.rsplit("/", 1)[-1], reader, st.ctx)


def mht_html(data: bytes) -> bytes | None:
    """The HTML part of an MHT (MIME) archive, decoded from its transfer encoding; None when it has none."""
    import email  # only for an MHT chunk: the email package stays out of every other conversion's start-up
    import email.policy

    try:
        message = email.message_from_bytes(data, policy=email.policy.compat32)
        for part in message.walk():
            if part.get_content_type() == "text/html":
                payload = part.get_payload(decode=True)
                if payload:
                    charset = part.get_content_charset()
                    if charset:  # the HTML reader decodes bytes; a declared charset is made its BOM-free UTF-8
                        try:
                            return payload.decode(charset).encode("utf-8")
                        except (LookupError, UnicodeDecodeError):
                            return payload
                    return payload
    except Exception:  # the email package raises what a malformed archive makes it raise
        return None
    return None
