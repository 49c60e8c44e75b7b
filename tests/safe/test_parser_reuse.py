"""parse_xml parses with one lxml parser per thread (a new libxml2 context cost as much as a small part):
reused, it gives every document the answer a fresh parser gives, refusals and their messages included,
whatever it parsed before."""

from __future__ import annotations

import threading

from lxml import etree

from zenconv.reports import Unreadable
from zenconv.safe import xml

SAMPLES = [
    b"<a><b>x</b></a>",
    b"<a><b></a>",  # malformed
    b"<a>&undeclared;</a>",
    b"<a",  # truncated
    b"<?xml version='1.0' encoding='bogus'?><a/>",
    b"<a>" + b"<b>" * 300 + b"</b>" * 300 + b"</a>",  # deeper than libxml2 allows
    b"<!DOCTYPE a [<!ENTITY e 'x'>]><a>&e;</a>",
    "<?xml version='1.0' encoding='utf-16'?><a>é</a>".encode("utf-16"),
    b"\xef\xbb\xbf<r xmlns:w='urn:w'><w:t xml:space='preserve'> y </w:t></r>",
]


def _answers() -> list:
    out = []
    for data in SAMPLES:
        try:
            root = xml.parse_xml(data, "t")
        except Unreadable as exc:
            out.append((exc.code, exc.message))
        else:
            out.append(etree.tostring(root))
    return out


def test_a_reused_parser_answers_as_a_fresh_one(monkeypatch):
    first, again = _answers(), _answers()  # the second round after every refusal of the first
    monkeypatch.setattr(xml, "_parser", lambda: etree.XMLParser(**xml.PARSER_OPTIONS))
    fresh = _answers()
    assert first == again == fresh
    assert sum(isinstance(a, tuple) for a in fresh) >= 5  # the refusals were reached


def test_each_thread_has_its_own_parser():
    seen = []
    threads = [threading.Thread(target=lambda: seen.append(xml._parser())) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen[0] is not seen[1] and xml._parser() is xml._parser() and xml._parser() not in seen
