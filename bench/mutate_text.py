"""Mutations of text formats (CSV, HTML, Markdown): random byte damage and structured hostility
(unbalanced and deep nesting, huge attributes and lines, control characters, invalid UTF-8, mixed
line endings, encodings that lie)."""

from __future__ import annotations

import random

DEEP = (10_000, 100_000)


def _splice(data: bytes, rng: random.Random, piece: bytes) -> bytes:
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + piece + data[pos:]


def t_bytes(data, rng, fmt):
    buf = bytearray(data or b"x")
    for _ in range(rng.choice((1, 5, 50))):
        how = rng.random()
        if not buf:
            buf.append(0x61)
        pos = rng.randrange(len(buf))
        if how < 0.4:
            buf[pos] = rng.randrange(256)
        elif how < 0.7:
            del buf[pos:pos + rng.randrange(1, 64)]
        else:
            buf[pos:pos] = buf[rng.randrange(len(buf)):][:rng.randrange(1, 256)]
    return bytes(buf), "byte damage"


def t_control(data, rng, fmt):
    piece = rng.choice((b"\x00", b"\x00" * 1000, b"\x1b[31m", b"\x0b\x0c", b"\x7f", b"\xc2\x85", b"\xe2\x80\xa8",
                        b"\xe2\x80\xae", b"\xef\xbb\xbf", b"\xf4\x90\x80\x80", b"\xed\xa0\x80", b"\xff\xfe",
                        b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98"))
    out = data
    for _ in range(rng.choice((1, 10, 200))):
        out = _splice(out, rng, piece)
    return out, f"control {piece[:6]!r}"


def t_line_endings(data, rng, fmt):
    lines = data.splitlines()
    out = b"".join(line + rng.choice((b"\n", b"\r\n", b"\r", b"\r\r\n", b"\n\r")) for line in lines)
    return out, "mixed line endings"


def t_encoding(data, rng, fmt):
    how = rng.random()
    if how < 0.3:
        return b"\xff\xfe" + data.decode("utf-8", "replace").encode("utf-16-le"), "utf-16 with BOM"
    if how < 0.5:
        return data.decode("utf-8", "replace").encode("utf-16-be"), "utf-16 without BOM"
    if how < 0.7:
        return b"\xef\xbb\xbf\xef\xbb\xbf" + data, "double BOM"
    if how < 0.85:
        return data.decode("utf-8", "replace").encode("utf-32"), "utf-32"
    return bytes(b ^ 0x80 for b in data[:4096]) + data[4096:], "high bits flipped"


def t_long(data, rng, fmt):
    size = rng.choice((100_000, 2_000_000, 20_000_000))
    piece = rng.choice((b"a", b"a ", b"\t", b",", b'"', b"\\", b"*", b"_", b"[", b"`", b"<", b"&amp;", b"#", b"|"))
    return _splice(data, rng, piece * (size // len(piece))), f"long run {piece!r} x{size}"


def t_csv(data, rng, fmt):
    how = rng.random()
    if how < 0.2:
        return data + b'\n"unclosed quote ' + b"x" * 100_000, "unclosed quote"
    if how < 0.4:
        return b",".join([b"c"] * rng.choice((20_000, 100_000))) + b"\n" + data, "wide header"
    if how < 0.6:
        return data + b"\n" * rng.choice((1000, 500_000)), "blank lines"
    if how < 0.75:
        return b"".join(b"%d,%s\n" % (i, b"," * rng.randrange(0, 50)) for i in range(20_000)), "ragged rows"
    if how < 0.9:
        return b"sep=" + rng.choice((b";", b"", b"\x00", b"ab")) + b"\n" + data, "sep line"
    return data.replace(b",", b'","'), "quote storm"


HTML_PIECES = (b"<div>", b"</div>", b"<table>", b"<tr>", b"<td>", b"</td>", b"<td colspan=99999 rowspan=99999>",
               b"<td colspan=0 rowspan=-1>", b"<ul>", b"<li>", b"<ol start=-99999999999>", b"<h7>", b"<p>", b"<b>",
               b"<script>alert(1)", b"<style>", b"<!--", b"<![CDATA[", b"<svg><foreignObject>", b"<math>",
               b"<img src=\"javascript:alert(1)\">", b"<a href=\"data:text/html,x\">", b"<template>", b"<select>",
               b"<textarea>", b"<plaintext>", b"<!DOCTYPE x [<!ENTITY a \"b\">]>", b"&#0;", b"&#x110000;",
               b"&bogus;", b"<base href=\"file:///etc/\">", b"<frameset>", b"<caption>", b"<thead>", b"<colgroup span=99999>")


def t_html(data, rng, fmt):
    how = rng.random()
    if how < 0.3:
        out = data
        for _ in range(rng.choice((1, 10, 100))):
            out = _splice(out, rng, rng.choice(HTML_PIECES))
        return out, "unbalanced tags"
    if how < 0.55:
        tag = rng.choice((b"div", b"table><tr><td", b"ul><li", b"blockquote", b"b", b"span", b"ol><li><p", b"a href=x",
                          b"section", b"li", b"td", b"font", b"dl><dd"))
        n = rng.choice(DEEP)
        close = b"</" + tag.split(b">")[0].split(b" ")[0] + b">"
        body = b"<" + tag + b">"
        return _splice(data, rng, body * n + b"deep" + (close * n if rng.random() < 0.5 else b"")), f"deep <{tag[:12]!r}> x{n}"
    if how < 0.7:
        value = b"x" * rng.choice((100_000, 5_000_000))
        attr = rng.choice((b"class", b"href", b"src", b"style", b"title", b"colspan", b"data-x", b"id"))
        return _splice(data, rng, b"<p " + attr + b'="' + value + b'">t</p>'), f"huge @{attr!r}"
    if how < 0.85:
        n = rng.choice((1000, 50_000))
        return _splice(data, rng, b"<p " + b" ".join(b"a%d=1" % i for i in range(n)) + b">x</p>"), f"{n} attributes"
    rows = rng.choice((10_000, 100_000))
    return _splice(data, rng, b"<table>" + b"<tr><td>1</td><td rowspan=1000000>2</td></tr>" * rows + b"</table>"), "table rows"


MD_PIECES = (b"*", b"**", b"_", b"[", b"](", b"`", b"```", b"~~~", b"> ", b"- ", b"1. ", b"|", b"#", b"<div>", b"\\",
             b"![", b"[^1]", b"[^1]: ", b"---\n", b"\n===\n", b"<!--", b"&#x0;", b"    ", b"\t", b"[x]: <", b"<http://")


def t_markdown(data, rng, fmt):
    how = rng.random()
    if how < 0.3:
        out = data
        for _ in range(rng.choice((1, 10, 100))):
            out = _splice(out, rng, rng.choice(MD_PIECES))
        return out, "stray markers"
    n = rng.choice(DEEP)
    recipes = (
        (b"> " * n + b"deep\n", "quotes"), (b"".join(b"  " * i + b"- x\n" for i in range(min(n, 3000))), "list indent"),
        (b"*a **" * n, "emphasis"), (b"[" * n + b"a" + b"](b)" * n, "brackets"), (b"`" * n, "backticks"),
        (b"- " * n + b"x\n", "list markers"), (b"<" * n, "angles"), (b"*" * n + b"a" + b"_" * n, "delims"),
        (b"|a" * n + b"|\n|" + b"-|" * n + b"\n", "wide table"), (b"[a](" * n, "link openers"),
        (b"\n".join(b"[l%d]: /u%d" % (i, i) for i in range(min(n, 50_000))) + b"\n", "references"),
        (b"---\ntitle: " + b"[" * n + b"\n---\n", "front matter"), (b"1. " * n + b"x\n", "ordered markers"),
        (b"<details>" * n, "html blocks"), (b"a\n" + b"=" * n + b"\n", "setext"),
    )
    piece, what = rng.choice(recipes)
    return _splice(data, rng, b"\n" + piece + b"\n"), f"deep {what} x{n}"


BY_FORMAT = {"csv": t_csv, "html": t_html, "markdown": t_markdown}
GENERIC = ((t_bytes, 5), (t_control, 4), (t_line_endings, 2), (t_encoding, 2), (t_long, 2))


def mutate(data: bytes, rng: random.Random, steps: int, fmt: str) -> tuple[bytes, list[str]] | None:
    funcs, weights = zip(*(GENERIC + ((BY_FORMAT[fmt], 10),)))
    done = []
    for _ in range(steps):
        data, what = rng.choices(funcs, weights)[0](data, rng, fmt)
        done.append(what)
    return data, done
