"""The prolog scan's fast path (an ASCII declaration naming UTF-8 or nothing, then the root) against the
full scan it skips: the same answer, or the same refusal, for every head of bytes."""

from __future__ import annotations

import random

import pytest

import zenconv.safe.xml as safe_xml

DECLARATIONS = [b'<?xml version="1.0"?>', b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
                b"<?xml encoding='utf8'?>", b'<?xml version="1.0" encoding="UTF-16"?>',
                b'<?xml version="1.0" encoding="ISO-8859-1"?>', b'<?xml encoding="cp500"?>', b'<?xml encoding="utf-8"',
                b'<?xml version="1.0" encoding="UTF-8"?', b"<?xml \xe9 ?>", b'<?xml encoding="bogus-enc"?>', b""]
PIECES = [b"\r\n", b" ", b"\t", b"<a>", b"<_x/>", b"<:y>", b"<!DOCTYPE a>", b"<!DOCTYPE a [<!ENTITY x 'y'>]>",
          b"<!-- c -->", b"<?pi x?>", b"\x00", b"\xe9", b"<1", b"<", b"?>", b"<!", "<é>".encode(), b"<\xc3\xa9>", b"x",
          b"\x0c", b"\xa0", b"<\xff", b"\xef\xbb\xbf", b"\xff\xfe"]


def _scan(head: bytes, final: bool, plain: bool):
    try:
        return safe_xml._scan_prolog(head, "x", final, plain)
    except Exception as exc:  # the full scan's own errors must stay what they were
        return type(exc).__name__, getattr(exc, "code", None)


@pytest.mark.parametrize("seed", range(6))
def test_fast_prolog_answers_as_the_full_scan(monkeypatch, seed):
    rng = random.Random(seed)
    fast = 0
    for _ in range(6000):
        head = rng.choice(DECLARATIONS) + b"".join(rng.choice(PIECES) for _ in range(rng.randint(0, 5)))
        if rng.random() < 0.2:
            head = head[:rng.randint(1, max(1, len(head)))]
        final, plain = rng.random() < 0.5, rng.random() < 0.3
        found = _scan(head, final, plain)
        fast += safe_xml._plain_prolog(head)
        with monkeypatch.context() as patch:
            patch.setattr(safe_xml, "_plain_prolog", lambda head: False)
            assert _scan(head, final, plain) == found, head
    assert fast > 100


@pytest.mark.parametrize("seed", range(3))
def test_a_plain_prolog_leaves_no_dtd_for_the_check_after_parsing(seed):
    """parse_xml skips the DTD check after parsing when the prolog is plain: no document it takes has one."""
    from lxml import etree

    rng = random.Random(seed)
    taken = 0
    for _ in range(3000):
        body = b"".join(rng.choice(PIECES) for _ in range(rng.randint(0, 4)))
        head = rng.choice(DECLARATIONS) + rng.choice([b"", b"\n", b" \r\n"]) + rng.choice([b"<a>", b"<_x>", b"<:y>"])
        data = head + body + b"</a>"
        if not safe_xml._plain_prolog(data[:4096]):
            continue
        try:
            root = etree.fromstring(data, etree.XMLParser(**safe_xml.PARSER_OPTIONS))
        except etree.LxmlError:
            continue
        taken += 1
        assert not safe_xml._has_dtd(root) and not safe_xml._has_dtd(root, True)
    assert taken > 50
