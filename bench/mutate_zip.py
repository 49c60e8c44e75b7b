"""Mutations of zip packages (OOXML and ODF): the XML of one part at a time, the parts list, the
relationships. Each mutation takes the package's parts and a random generator, changes the parts in
place and returns a short description, or None when it found nothing to act on.

The package is re-zipped with Python's zipfile in its original order (so an ODF ``mimetype`` stays
first and stored); the mutations aim at the classes of hostile input a converter meets: structure a
reader assumes (required parts, relationship targets, a grid), numbers it trusts (spans, levels,
indexes, repeats, dimensions) and depth it recurses into.
"""

from __future__ import annotations

import copy
import io
import random
import re
import zipfile

from lxml import etree

from hostile_values import CYCLE_NS, CYCLES, HOSTILE_NUMBERS, HOSTILE_REFS, INSERT_NS, INSERTS, TARGETS


def read_package(data: bytes) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return [(info, zf.read(info)) for info in zf.infolist()]


def write_package(entries: list[tuple[zipfile.ZipInfo, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for info, data in entries:
            zf.writestr(info, data, compress_type=info.compress_type)
    return buf.getvalue()


class Package:
    """A package's parts by name, in order, with parsed XML cached while it is mutated."""

    def __init__(self, data: bytes) -> None:
        self.entries = read_package(data)

    @property
    def names(self) -> list[str]:
        return [info.filename for info, _ in self.entries]

    def get(self, name: str) -> bytes:
        return next(data for info, data in self.entries if info.filename == name)

    def set(self, name: str, data: bytes) -> None:
        self.entries = [(info, data if info.filename == name else old) for info, old in self.entries]

    def remove(self, name: str) -> None:
        self.entries = [(info, data) for info, data in self.entries if info.filename != name]

    def xml_parts(self) -> list[str]:
        return [n for n in self.names if n.endswith((".xml", ".rels")) and self.get(n).lstrip()[:1] == b"<"]

    def tree(self, name: str):
        try:
            return etree.fromstring(self.get(name), etree.XMLParser(resolve_entities=False, huge_tree=True))
        except etree.XMLSyntaxError:
            return None

    def put(self, name: str, root) -> None:
        self.set(name, etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True))

    def to_bytes(self) -> bytes:
        return write_package(self.entries)


def local(tag) -> str:
    return etree.QName(tag).localname if isinstance(tag, str) else ""


def _pick_part(pkg: Package, rng: random.Random) -> str | None:
    parts = pkg.xml_parts()
    if not parts:
        return None
    # The main parts carry the structure: weight them over styles, themes and properties.
    main = [n for n in parts if any(k in n for k in ("document", "sheet", "slide", "content.xml", "sharedStrings",
                                                     "numbering", "styles", "workbook", "presentation"))
            and "theme" not in n and "Layout" not in n and "Master" not in n]
    return rng.choice(main if main and rng.random() < 0.8 else parts)


def _elements(root) -> list:
    return [e for e in root.iter() if isinstance(e.tag, str)]


def m_drop(pkg, rng):
    name = _pick_part(pkg, rng)
    root = name and pkg.tree(name)
    els = [e for e in _elements(root) if e.getparent() is not None] if root is not None else []
    if not els:
        return None
    el = rng.choice(els)
    el.getparent().remove(el)
    pkg.put(name, root)
    return f"drop <{local(el.tag)}> in {name}"


def m_duplicate(pkg, rng):
    name = _pick_part(pkg, rng)
    root = name and pkg.tree(name)
    els = [e for e in _elements(root) if e.getparent() is not None] if root is not None else []
    if not els:
        return None
    el = rng.choice(els)
    times = rng.choice((1, 2, 10, 500))
    for _ in range(times):
        el.addnext(copy.deepcopy(el))
    pkg.put(name, root)
    return f"duplicate <{local(el.tag)}> x{times} in {name}"


def m_attr(pkg, rng):
    """A hostile value in a known number- or reference-shaped attribute, or in any attribute."""
    candidates = []
    for name in pkg.xml_parts():
        root = pkg.tree(name)
        if root is None:
            continue
        for el in _elements(root):
            for attr in el.attrib:
                key = (local(el.tag), local(attr))
                if key in TARGETS:
                    candidates.append((name, key))
    if candidates and rng.random() < 0.85:
        name, key = rng.choice(sorted(set(candidates)))
        root = pkg.tree(name)
        els = [e for e in _elements(root) if local(e.tag) == key[0] and any(local(a) == key[1] for a in e.attrib)]
        value = rng.choice(TARGETS[key] + HOSTILE_NUMBERS)
        chosen = els if rng.random() < 0.3 else [rng.choice(els)]
        for el in chosen:
            attr = next(a for a in el.attrib if local(a) == key[1])
            el.set(attr, value)
        pkg.put(name, root)
        return f"{key[0]}@{key[1]}={value[:20]!r} ({len(chosen)}) in {name}"
    name = _pick_part(pkg, rng)
    root = name and pkg.tree(name)
    els = [e for e in _elements(root) if e.attrib] if root is not None else []
    if not els:
        return None
    # Number-shaped values are what a reader converts; any attribute at all the rest of the time.
    numeric = [(e, a) for e in els for a, v in e.attrib.items() if re.match(r"-?[\d.]+$|[A-Z]+\d+", v)]
    if numeric and rng.random() < 0.7:
        el, attr = rng.choice(numeric)
    else:
        el = rng.choice(els)
        attr = rng.choice(sorted(el.attrib))
    value = rng.choice(HOSTILE_NUMBERS + HOSTILE_REFS + ("x" * 100_000, "\u202ertl"))
    el.set(attr, value)
    pkg.put(name, root)
    return f"<{local(el.tag)}> @{local(attr)}={value[:20]!r} in {name}"


def m_insert(pkg, rng):
    """A known troublesome child (spans, levels, bad indexes, repeats) inserted where it belongs."""
    found = []
    for name in pkg.xml_parts():
        root = pkg.tree(name)
        if root is None:
            continue
        for el in _elements(root):
            if local(el.tag) in INSERTS:
                found.append((name, local(el.tag)))
    if not found:
        return None
    name, parent = rng.choice(sorted(set(found)))
    root = pkg.tree(name)
    target = rng.choice([e for e in _elements(root) if local(e.tag) == parent])
    snippet = rng.choice(INSERTS[parent])
    prefix = snippet[1:snippet.index(":")]
    if prefix not in INSERT_NS:
        return None
    decls = " ".join(f'xmlns:{k}="{v}"' for k, v in INSERT_NS.items())
    wrapper = etree.fromstring(f"<wrap {decls}>{snippet}</wrap>".encode())
    for child in list(wrapper):
        target.insert(rng.randrange(len(target) + 1), child)
    pkg.put(name, root)
    return f"insert {snippet[:50]!r} into <{parent}> in {name}"


def m_truncate(pkg, rng):
    name = _pick_part(pkg, rng)
    if name is None:
        return None
    data = pkg.get(name)
    cut = rng.randrange(len(data) + 1) if rng.random() < 0.7 else 0
    pkg.set(name, data[:cut])
    return f"truncate {name} at {cut}/{len(data)}"


def m_deep(pkg, rng):
    """Nesting to near the parser's depth limit: self-similar, along a known cycle, or unknown elements."""
    name = _pick_part(pkg, rng)
    root = name and pkg.tree(name)
    els = [e for e in _elements(root) if e.getparent() is not None] if root is not None else []
    if not els:
        return None
    el = rng.choice(els)
    depth = rng.choice((50, 120, 200, 240, 250))
    kind = rng.random()
    if kind < 0.4:
        inner = copy.deepcopy(el)
        for _ in range(depth):
            outer = etree.Element(el.tag, dict(el.attrib))
            outer.append(inner)
            inner = outer
        el.addnext(inner)
        how = f"self <{local(el.tag)}>"
    elif kind < 0.75:
        uris = set(root.nsmap.values())
        cycles = [c for c in CYCLES if CYCLE_NS.get(c[0]) in uris] or list(CYCLES)
        prefix, chain, leaf = rng.choice(cycles)
        decl = " ".join(f'xmlns:{k}="{v}"' for k, v in CYCLE_NS.items())
        opens = "".join(f"<{prefix}:{t}>" for t in chain) * (depth // len(chain))
        closes = "".join(f"</{prefix}:{t}>" for t in reversed(chain)) * (depth // len(chain))
        frag = etree.fromstring(f"<wrap {decl}>{opens}{leaf}{closes}</wrap>".encode(),
                                etree.XMLParser(huge_tree=True))
        el.addnext(frag[0])
        how = "cycle " + "/".join(chain)
    else:
        xml = "<z:deep xmlns:z='urn:fuzz'>" * depth + "text" + "</z:deep>" * depth
        el.append(etree.fromstring(xml.encode(), etree.XMLParser(huge_tree=True)))
        how = "unknown"
    pkg.put(name, root)
    return f"nest {how} x{depth} at <{local(el.tag)}> in {name}"


def m_unknown(pkg, rng):
    """An element in an unknown namespace, or a known element moved into an unknown namespace."""
    name = _pick_part(pkg, rng)
    root = name and pkg.tree(name)
    els = _elements(root) if root is not None else []
    if not els:
        return None
    el = rng.choice(els)
    if rng.random() < 0.5 and el.getparent() is not None:
        el.tag = f"{{urn:fuzz:{rng.randrange(9)}}}{local(el.tag)}"
        how = f"renamespace <{local(el.tag)}>"
    else:
        extra = etree.SubElement(el, "{urn:fuzz}unknown", {"{urn:fuzz}a": "1"})
        extra.text = "unknown text"
        el.insert(0, extra)
        how = f"unknown child in <{local(el.tag)}>"
    pkg.put(name, root)
    return f"{how} in {name}"


def m_reparent(pkg, rng):
    """An element moved under another element of the same part: a paragraph in a row, a row in a run."""
    name = _pick_part(pkg, rng)
    root = name and pkg.tree(name)
    els = [e for e in _elements(root) if e.getparent() is not None] if root is not None else []
    if len(els) < 2:
        return None
    el, target = rng.sample(els, 2)
    if el in target.iterancestors() or el is target:
        return None
    target.insert(rng.randrange(len(target) + 1), el)
    pkg.put(name, root)
    return f"move <{local(el.tag)}> into <{local(target.tag)}> in {name}"


def m_remove_part(pkg, rng):
    names = pkg.names
    if len(names) < 2:
        return None
    name = rng.choice(names)
    pkg.remove(name)
    return f"remove part {name}"


def m_replace_part(pkg, rng):
    """One part's bytes in another's place: the wrong root element, or an empty part, or binary junk."""
    names = pkg.xml_parts()
    if not names:
        return None
    name = _pick_part(pkg, rng)
    how = rng.random()
    if how < 0.5:
        other = rng.choice(names)
        pkg.set(name, pkg.get(other))
        return f"{name} := {other}"
    if how < 0.75:
        pkg.set(name, b"")
        return f"{name} emptied"
    pkg.set(name, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))))
    return f"{name} := junk"


def m_rels(pkg, rng):
    """A relationship pointed at a missing part, itself, its own .rels, outside the package, or made external."""
    rels = [n for n in pkg.names if n.endswith(".rels")]
    if not rels:
        return m_odf_manifest(pkg, rng)
    name = rng.choice(rels)
    root = pkg.tree(name)
    items = [e for e in _elements(root) if local(e.tag) == "Relationship"] if root is not None else []
    if not items:
        return None
    rel = rng.choice(items)
    source = name.replace("_rels/", "").removesuffix(".rels")
    target = rng.choice(("missing.xml", "/" + source, source.rsplit("/", 1)[-1], "../../../../etc/passwd",
                         "/" + name, "", "%2e%2e/x.xml", "C:\\x.xml", "http://example.com/x", "word/", "./",
                         "media/../../document.xml", "/[Content_Types].xml"))
    rel.set("Target", target)
    if rng.random() < 0.2:
        rel.set("TargetMode", rng.choice(("External", "Internal", "bogus")))
    if rng.random() < 0.2:
        rel.set("Id", rng.choice(("", "rId1", items[0].get("Id") or "")))
    pkg.put(name, root)
    return f"{name}: {rel.get('Id')} -> {target!r}"


def m_odf_manifest(pkg, rng):
    """ODF: the mimetype or the manifest lies."""
    if "mimetype" in pkg.names and rng.random() < 0.5:
        value = rng.choice((b"", b"application/zip", b"application/vnd.oasis.opendocument.text",
                            b"application/vnd.oasis.opendocument.spreadsheet",
                            b"application/vnd.oasis.opendocument.presentation", b"x" * 1000))
        pkg.set("mimetype", value)
        return f"mimetype := {value[:40]!r}"
    if "META-INF/manifest.xml" in pkg.names:
        pkg.remove("META-INF/manifest.xml")
        return "remove META-INF/manifest.xml"
    return None


def m_styles_cycle(pkg, rng):
    """Style inheritance that loops: docx basedOn, ODF parent-style-name, self-references."""
    for name in pkg.xml_parts():
        if "styles" not in name and "content.xml" not in name:
            continue
        root = pkg.tree(name)
        if root is None:
            continue
        docx = [e for e in _elements(root) if local(e.tag) == "style" and any(local(a) == "styleId" for a in e.attrib)]
        odf = [e for e in _elements(root) if local(e.tag) == "style" and any(local(a) == "name" for a in e.attrib)]
        styles = docx or odf
        if len(styles) < 2:
            continue
        a, b = rng.sample(styles, 2)
        if docx:
            ns = etree.QName(a.tag).namespace
            ida, idb = (next(v for k, v in s.attrib.items() if local(k) == "styleId") for s in (a, b))
            for s, target in ((a, idb), (b, ida if rng.random() < 0.7 else idb)):
                for old in [c for c in s if local(c.tag) == "basedOn"]:
                    s.remove(old)
                el = etree.Element(f"{{{ns}}}basedOn")
                el.set(f"{{{ns}}}val", target)
                s.insert(0, el)
        else:
            ns = etree.QName(a.tag).namespace
            na, nb = (next(v for k, v in s.attrib.items() if local(k) == "name") for s in (a, b))
            a.set(f"{{{ns}}}parent-style-name", nb)
            b.set(f"{{{ns}}}parent-style-name", na if rng.random() < 0.7 else nb)
        pkg.put(name, root)
        return f"style cycle in {name}"
    return None


def m_shared_strings(pkg, rng):
    """xlsx: shared-string indexes past the table, negative, or not numbers; a table that lies about its count."""
    sheets = [n for n in pkg.xml_parts() if "worksheets/" in n]
    if not sheets:
        return None
    name = rng.choice(sheets)
    root = pkg.tree(name)
    cells = [e for e in _elements(root) if local(e.tag) == "c"] if root is not None else []
    if not cells:
        return None
    ns = etree.QName(root.tag).namespace
    for cell in rng.sample(cells, min(len(cells), rng.choice((1, 3, 50)))):
        cell.set("t", "s")
        v = next((c for c in cell if local(c.tag) == "v"), None)
        if v is None:
            v = etree.SubElement(cell, f"{{{ns}}}v")
        v.text = rng.choice(("99999999", "-1", "abc", "1.5", "", "4294967296"))
    pkg.put(name, root)
    return f"shared-string indexes in {name}"


def m_merges(pkg, rng):
    """xlsx: merged ranges that overlap, exceed the grid, or invert."""
    sheets = [n for n in pkg.xml_parts() if "worksheets/" in n]
    if not sheets:
        return None
    name = rng.choice(sheets)
    root = pkg.tree(name)
    if root is None:
        return None
    ns = etree.QName(root.tag).namespace
    merges = next((e for e in root if local(e.tag) == "mergeCells"), None)
    if merges is None:
        merges = etree.Element(f"{{{ns}}}mergeCells")
        data = next((e for e in root if local(e.tag) == "sheetData"), None)
        if data is None:
            return None
        data.addnext(merges)
    refs = rng.choice((("A1:C3", "B2:D4"), ("A1:XFD1048576",), ("C3:A1",), ("A1:A1",), ("A1:B2", "A1:B2"),
                       ("B1:B1048576", "A2:XFD2"), ("A1:ZZZ99999999",)))
    for ref in refs:
        etree.SubElement(merges, f"{{{ns}}}mergeCell", ref=ref)
    merges.set("count", str(len(merges)))
    pkg.put(name, root)
    return f"merges {refs} in {name}"


def m_xml_bytes(pkg, rng):
    """Raw byte damage inside one XML part: a flipped byte, a stray '<', an invalid character, a bad encoding."""
    name = _pick_part(pkg, rng)
    if name is None:
        return None
    data = bytearray(pkg.get(name))
    if not data:
        return None
    pos = rng.randrange(len(data))
    what = rng.choice((b"<", b"&", b"\x00", b"\x0b", b"\xff\xfe", b"&#0;", b"&#x110000;", b"]]>", b"\xc3",
                       b"&undefined;", bytes([rng.randrange(256)])))
    if rng.random() < 0.5:
        data[pos:pos + 1] = what
    else:
        data[pos:pos] = what
    pkg.set(name, bytes(data))
    return f"bytes {what!r} at {pos} in {name}"


MUTATIONS = (
    (m_drop, 10), (m_duplicate, 8), (m_attr, 20), (m_insert, 12), (m_truncate, 4), (m_deep, 8), (m_unknown, 5),
    (m_reparent, 6), (m_remove_part, 5), (m_replace_part, 3), (m_rels, 6), (m_styles_cycle, 3),
    (m_shared_strings, 4), (m_merges, 4), (m_xml_bytes, 3), (m_odf_manifest, 2),
)


def mutate(data: bytes, rng: random.Random, steps: int) -> tuple[bytes, list[str]] | None:
    try:
        pkg = Package(data)
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError):
        return None
    funcs, weights = zip(*MUTATIONS)
    done: list[str] = []
    for _ in range(steps * 4):
        if len(done) >= steps:
            break
        what = rng.choices(funcs, weights)[0](pkg, rng)
        if what:
            done.append(what)
    return (pkg.to_bytes(), done) if done else None
