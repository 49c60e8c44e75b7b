"""Part names: \\ read as /, absolute names, .. segments, NUL bytes and duplicates (also after case folding) refused;
relationship targets resolved to part names inside the package."""

from __future__ import annotations

import pytest

from zenconv.reports import Unreadable
from zenconv.safe.zip import clamp_part_name, list_names, open_zip, resolve_target


def refused_code(data: bytes) -> str:
    with pytest.raises(Unreadable) as info:
        open_zip(data, "docx")
    return info.value.code


@pytest.mark.parametrize("name", [
    "/etc/passwd", "//server/share/x", "\\abs.xml", "C:/Windows/x.xml", "c:relative.xml", "C:\\x.xml",
    "..", "../x.xml", "word/../../x.xml", "word/..", "..\\..\\x", "word\\..\\..\\x",
    b"word/a\x00.xml", "",
])
def test_unsafe_name_is_refused(gen, name):
    data = gen.build_zip([gen.Member("ok.xml", b"<a/>"), gen.Member(name, b"x")])
    assert refused_code(data) == "docx.zip-unsafe-name"


def test_name_that_is_not_utf8_despite_its_flag_is_refused(gen):
    data = gen.build_zip([gen.Member(b"caf\xe9.xml", b"x", flags=0x800)])
    assert refused_code(data) == "docx.zip-unsafe-name"


@pytest.mark.parametrize("name", ["a..b.xml", "..hidden/x.xml", "word/.../x", "word/./x.xml", "ab:c.xml",
                                  "word/\u00e9t\u00e9.xml", "[Content_Types].xml"])
def test_odd_but_safe_name_is_kept(gen, name):
    with open_zip(gen.build_zip([gen.Member(name, b"data")]), "docx") as package:
        assert package.names == [name]
        assert package.read(name) == b"data"


@pytest.mark.parametrize("first, second", [
    ("word/document.xml", "word/document.xml"),
    ("word/document.xml", "Word/Document.XML"),
    ("word/document.xml", "word\\document.xml"),
    ("STRASSE.xml", "strasse.xml"),
    ("stra\u00dfe.xml", "STRASSE.xml"),  # case folding, not lower(): ß folds to ss
])
def test_duplicate_name_is_refused(gen, first, second):
    data = gen.build_zip([gen.Member(first, b"1"), gen.Member(second, b"2")])
    assert refused_code(data) == "docx.zip-duplicate-name"


def test_backslashes_read_as_slashes(gen):
    with open_zip(gen.build_zip([gen.Member("word\\media\\a.png", b"png")]), "docx") as package:
        assert package.names == ["word/media/a.png"]
        assert package.read("word/media/a.png") == b"png"
        assert package.read("word\\media\\a.png") == b"png"


def test_lookup_is_case_insensitive_and_takes_opc_part_names(make_zip):
    with open_zip(make_zip({"word/document.xml": "<d/>", "word/media/a.png": "a", "word/media/B.png": "b",
                            "xl/x.xml": "x"}), "docx") as package:
        assert package.has("WORD/Document.xml") and package.has("/word/document.xml")
        assert not package.has("word/missing.xml")
        assert package.read("/Word/Document.XML") == b"<d/>"
        assert package.find("Word/Media/") == ["word/media/a.png", "word/media/B.png"]
        assert package.find("word/") == ["word/document.xml", "word/media/a.png", "word/media/B.png"]
        with pytest.raises(KeyError):
            package.read("word/missing.xml")
        with pytest.raises(KeyError):
            package.open("word/missing.xml")


def test_names_keep_directory_order(make_zip):
    parts = {f"p/{i:03d}.xml": "x" for i in reversed(range(50))}
    with open_zip(make_zip(parts), "docx") as package:
        assert package.names == list(parts)


def test_list_names_is_for_detection_and_never_refuses_names(gen):
    data = gen.build_zip([gen.Member("word/document.xml", b"<d/>"), gen.Member("..\\..\\x", b"x"),
                          gen.Member("Word/Document.xml", b"x")])
    assert list_names(data) == ["word/document.xml", "../../x", "Word/Document.xml"]


@pytest.mark.parametrize(("folder", "target", "part"), [
    ("word", "media/image1.png", "word/media/image1.png"),
    ("word", "/word/media/a.png", "word/media/a.png"),        # from the root
    ("word", "media/../media/b.png", "word/media/b.png"),
    ("ppt/slides", "../media/c.png", "ppt/media/c.png"),
    ("word", "../../etc/passwd", "etc/passwd"),                # .. stops at the root: a part name, never a file
    ("xl", "..\\..\\..\\x.xml", "x.xml"),                       # a backslash is a slash
    ("xl", "worksheets/sheet1.xml#A1", "xl/worksheets/sheet1.xml"),
    ("xl", "", ""), ("xl", "#only", ""),                        # names nothing
])
def test_a_relationship_target_resolves_to_a_part_name_inside_the_package(folder, target, part):
    assert resolve_target(folder, target) == part
    assert clamp_part_name(part) == part


def test_the_quick_answer_for_plain_names_is_the_rules_answer():
    """_unsafe answers an ASCII name without ".." at once: the same answer as each rule in turn, on names
    made to sit on every rule's edge."""
    import random
    import re

    from zenconv.safe.zip import _unsafe

    def by_the_rules(name: str):
        if not name:
            return "an empty name"
        if "\x00" in name:
            return "a NUL byte"
        if name.startswith("/") or re.match(r"[A-Za-z]:", name):
            return "an absolute name"
        if ".." in name.split("/"):
            return "a .. segment"
        if re.search("[\udc80-\udcff]", name):
            return "bytes that are not valid UTF-8"
        return None

    rng = random.Random(5)
    pieces = ["a", "word", "/", "..", ".", ":", "C:", "1:", "\x00", "é", "\udcff", "x..y", "...", " ", "_rels"]
    for _ in range(20000):
        name = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 5)))
        assert _unsafe(name) == by_the_rules(name), repr(name)
