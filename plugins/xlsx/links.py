"""A workbook's references to things outside it, each reported under its code with its target, never followed.

Data connections (``xl/connections.xml``: databases through ODBC or OLE DB, web queries, text imports),
links to other workbooks and OLE links (``xl/externalLinks/``), DDE links (a command another program
runs when the link updates: ``ddeService="cmd"`` is how a spreadsheet launches one, so every DDE link
forces review), query tables, and any other relationship whose target is outside the package. The
cells keep the values those references last brought in; what is lost is where they come from, which a
reviewer must see. A target is quoted in the report's details as written, white space collapsed, a
connection string's passwords masked and the whole cut (``zenconv_plugins.targets``).
"""

from __future__ import annotations

import posixpath

from zenconv.ir.locator import Locator
from zenconv.reports import Unreadable
from zenconv_plugins.targets import detail

from .package import Package, Workbook, local, rels_part

_CONNECTION_KINDS = {"1": "ODBC", "2": "DAO", "3": "file", "4": "web query", "5": "OLE DB", "6": "text import",
                     "7": "ADO", "8": "DSP"}
# Relationships that leave the package and are carried: a worksheet's hyperlinks become links.
_CARRIED = {("worksheet", "hyperlink")}
_CHECK_EVERY = 1024


def report_links(package: Package, book: Workbook, ctx) -> None:
    """The workbook's connections and external links, then every other relationship leaving the package."""
    kinds: dict[str, str] = {}  # part name → the kind of relationship that reaches it from the workbook
    for rel in book.rels.values():
        if rel.target is None or not package.has(rel.target):
            continue
        kinds[rel.target] = rel.kind
        if rel.kind == "connections":
            _connections(package, rel.target, ctx)
        elif rel.kind == "externalLink":
            _external_link(package, rel.target, ctx)
    for part, rels in _all_rels(package, book, ctx):
        owner = kinds.get(part, _kind_of(part))
        if owner == "externalLink":
            continue  # its book or OLE target is that link's own report
        for rel in rels.values():
            if rel.external is not None and (owner, rel.kind) not in _CARRIED:
                ctx.report("xlsx.external-reference-dropped", Locator(part=part),
                           detail=detail(f"{rel.kind}: {rel.external}"))


def report_query_tables(package: Package, rels: dict, where: Locator, ctx) -> None:
    """A worksheet's query tables: its cells hold the rows a connection last returned."""
    for rel in rels.values():
        if rel.kind != "queryTable" or not package.has(rel.target):
            continue
        root = _parsed(package, rel.target, ctx)
        if root is None:
            continue
        name = root.get("name") or rel.target if local(root.tag) == "queryTable" else rel.target
        ctx.report("xlsx.query-table-dropped", where,
                   detail=detail(f"{name} (connection {root.get('connectionId') or '?'})"))


def _connections(package: Package, part: str, ctx) -> None:
    root = _parsed(package, part, ctx)
    for number, el in enumerate(root.iter() if root is not None else (), 1):
        if number % _CHECK_EVERY == 0:
            ctx.checkpoint()
        if local(el.tag) != "connection":
            continue
        kind = _CONNECTION_KINDS.get(el.get("type") or "", "connection")
        target = _connection_target(el)
        ctx.report("xlsx.data-connection-dropped", Locator(part=part),
                   detail=detail(f"{kind} {el.get('name') or el.get('id') or ''}: {target}".strip()))


def _connection_target(el) -> str:
    """Where a connection reads from: its URL, file or connection string (with its command)."""
    for child in el:
        name = local(child.tag)
        if name == "webPr" and child.get("url"):
            return child.get("url")
        if name == "textPr" and child.get("sourceFile"):
            return child.get("sourceFile")
        if name in ("dbPr", "olapPr") and child.get("connection"):
            command = child.get("command")
            return child.get("connection") + (f"; command: {command}" if command else "")
    return el.get("odcFile") or el.get("sourceFile") or "(no target stated)"


def _external_link(package: Package, part: str, ctx) -> None:
    root = _parsed(package, part, ctx)
    rels = _parsed(package, part, ctx, rels=True) or {}
    where = Locator(part=part)
    for el in root if root is not None else ():
        name = local(el.tag)
        if name == "ddeLink":
            items = [item.get("name") or "" for item in el.iter() if local(item.tag) == "ddeItem"][:4]
            ctx.report("xlsx.dde-link-dropped", where, detail=detail(
                f"{el.get('ddeService') or ''}|{el.get('ddeTopic') or ''}" + (f" !{','.join(items)}" if items else "")))
        elif name in ("externalBook", "oleLink"):
            rel_id = next((v for k, v in el.attrib.items() if local(k) == "id" and k.startswith("{")), None)
            rel = rels.get(rel_id) if rel_id else None
            target = (rel.external or rel.target) if rel is not None else None
            what = "workbook" if name == "externalBook" else f"OLE link {el.get('progId') or ''}".rstrip()
            ctx.report("xlsx.external-link-dropped", where, detail=detail(f"{what}: {target or '(no target)'}"))


def _all_rels(package: Package, book: Workbook, ctx):
    """(part, its relationships) for every relationships part in the package, in name order."""
    for name in sorted(package.zip.names):
        folder, base = posixpath.split(name)
        if not base.endswith(".rels") or posixpath.basename(folder) != "_rels":
            continue
        part = posixpath.join(posixpath.dirname(folder), base[:-len(".rels")])
        rels = book.rels if part == book.part else _parsed(package, part, ctx, rels=True)
        if rels:
            yield part, rels


def _parsed(package: Package, part: str, ctx, *, rels: bool = False):
    """A part's root (or, with ``rels``, its relationships); None when it does not parse, which is
    reported and gone on from, as a comments part is: a DOCTYPE or a depth bomb still refuses the workbook."""
    try:
        return package.rels(part) if rels else package.xml(part)
    except Unreadable as exc:
        if not exc.code.endswith("xml-malformed"):
            raise
    ctx.report("xlsx.unhandled-construct", Locator(part=part),
               detail=f"{rels_part(part) if rels else part} does not parse: its external references are not known")
    return None


def _kind_of(part: str) -> str:
    """A part's role by its folder, for a part the workbook does not relate itself (a sheet's drawing)."""
    folder = posixpath.basename(posixpath.dirname(part))
    return {"worksheets": "worksheet", "externalLinks": "externalLink"}.get(folder, folder)
