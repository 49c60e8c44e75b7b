"""Hostile inputs for the data readers (JSON, JSON Lines, YAML): each ends with its code by default.

Made here from the standard library. A 2 GB single-line JSON is not written: :class:`SingleLineJson` makes
its bytes as they are read, and ``tests/json/test_hostile.py`` reads one through the JSON reader, which
refuses it (``json.value-too-large``) once --max-value-chars of it is held, the rest never read.
``python adversarial/data.py DIR`` writes the files into DIR.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

DEEP = 100_000


class SingleLineJson(io.RawIOBase):
    """``size`` bytes of one JSON line, ``[{"payload": "xxx…``, made as they are read (never closed)."""

    OPENING = b'[{"payload": "'

    def __init__(self, size: int) -> None:
        self.size = size
        self.offset = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = 0) -> int:
        self.offset = min(offset if whence == 0 else self.offset + offset if whence == 1 else self.size + offset,
                          self.size)
        return self.offset

    def tell(self) -> int:
        return self.offset

    def readinto(self, buffer) -> int:
        count = min(len(buffer), self.size - self.offset)
        opening = self.OPENING[self.offset:self.offset + count]
        data = opening + b"x" * (count - len(opening))
        buffer[:count] = data
        self.offset += count
        return count


def billion_laughs_yaml() -> bytes:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 9):
        name, inner = chr(97 + level), chr(96 + level)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{inner}"] * 9) + "]")
    return ("\n".join(lines) + "\n").encode()


def hostile_files() -> dict[str, tuple[bytes, str, str]]:
    digits = b"9" * (2 << 20)
    return {
        "billion-laughs.yaml": (billion_laughs_yaml(), "yaml.too-many-aliases",
                                "nine levels of ninefold aliases (9^9 'lol' if expanded)"),
        "deep.json": (b"[" * DEEP + b"]" * DEEP, "json.too-deep", f"arrays nested {DEEP:,} deep"),
        "deep-object.json": (b'{"a":' * DEEP + b"1" + b"}" * DEEP, "json.too-deep", f"objects nested {DEEP:,} deep"),
        "deep.yaml": (b"[" * DEEP + b"]" * DEEP, "yaml.too-deep", f"flow sequences nested {DEEP:,} deep"),
        "deep-block.yaml": ("".join(" " * i + "a:\n" for i in range(2000)).encode() + b" " * 2000 + b"x\n",
                            "yaml.too-deep", "block mappings nested 2,000 deep"),
        "duplicate-keys.json": (b'{"a": 1, "a": 2, "o": {"k": "first", "k": "second"}}', "json.duplicate-key",
                                "a key stated twice, at the top and in a member"),
        "duplicate-keys.yaml": (b"a: 1\nb: 2\na: 3\n", "yaml.duplicate-key", "a key stated twice in one mapping"),
        "huge-number.json": (b'[{"n": ' + digits + b"}]", "json.string-truncated",
                             "an integer of 2 Mi digits (past --max-string-chars)"),
        "nan.json": (b'[{"a": NaN, "b": Infinity, "c": -Infinity}]', "json.non-standard-number",
                     "NaN and Infinity, which JSON does not have"),
        "lone-surrogates.json": (b'[{"s": "a\\ud800b", "t": "\\udfff"}]', "json.lone-surrogate",
                                 "escaped lone UTF-16 surrogates in strings"),
        "jsonp-script.json": (b'callback({"html": "<script>alert(1)</script><img src=x onerror=alert(2)>", '
                              b'"link": "javascript:alert(3)", "md": "[x](javascript:alert(4))"});',
                              "json.wrapper-stripped", "a JSONP call whose strings hold script, a javascript: URL, "
                              "an event attribute and a Markdown link"),
        "bad-lines.jsonl": (b'{"a": 1}\n{"a": \n' + b"[" * DEEP + b"\n{\"a\": 3}\n", "jsonl.bad-line",
                            f"a cut line and a line of {DEEP:,} brackets among good ones"),
    }


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, (data, _, _) in hostile_files().items():
        (out / name).write_bytes(data)
