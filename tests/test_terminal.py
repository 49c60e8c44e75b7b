"""Attacker strings reach no terminal as escapes: every printed line goes through zenconv.terminal.safe."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from zenconv.terminal import safe

from .conftest import run_cli
from .test_media_placement import hostile

ESCAPES = hostile.ESCAPES  # ESC ] 0 ; pwned BEL ESC [ 2 J: set the title, clear the screen


def assert_inert(stream: bytes) -> None:
    assert b"\x1b" not in stream and b"\x07" not in stream, stream
    text = stream.decode("utf-8", "surrogateescape")
    assert not any(0x80 <= ord(ch) <= 0x9f or 0xDC80 <= ord(ch) <= 0xDCFF or 0x202A <= ord(ch) <= 0x202E
                   or 0x2066 <= ord(ch) <= 0x2069 for ch in text), text


def test_controls_escapes_and_bidi_overrides_are_shown_escaped():
    assert safe(ESCAPES) == "\\x1b]0;pwned\\x07\\x1b[2J"
    assert safe("a\tb\nc\x7f\x9b\u202etxt.exe\u2066") == "a\\x09b\\x0ac\\x7f\\x9b\\u202etxt.exe\\u2066"
    assert safe("C:\\x1b is a path") == "C:\\\\x1b is a path"  # a literal backslash-x cannot pass for an escape
    assert safe("plain, ünïcödé, 日本") == "plain, ünïcödé, 日本"
    assert safe("name\udc9b.csv") == "name\\udc9b.csv"  # an undecodable byte of a file name


@given(st.text(st.characters(codec=None)) | st.binary().map(lambda b: b.decode("utf-8", "surrogateescape")))
def test_nothing_a_terminal_acts_on_survives(text):
    shown = safe(text)
    assert_inert(shown.encode("utf-8"))  # no lone surrogate left either: it would not encode
    assert "\n" not in shown and "\r" not in shown


def test_the_stderr_summary_of_a_hostile_name_message_and_page_label_is_inert(tmp_path):
    files = hostile.hostile_files()
    for name in ("terminal-escapes.csv", "terminal-page-label.pdf"):
        (tmp_path / name).write_bytes(files[name][0])
        done = run_cli(str(tmp_path / name), "-o", str(tmp_path / f"{name}.md"))
        assert done.returncode == 0, done.stderr
        assert_inert(done.stderr)
        assert files[name][1].encode() in done.stderr  # the report is there, its citation escaped
    assert b"page label \\x1b]0;pwned\\x07\\x1b[2J" in done.stderr
    named = tmp_path / f"{ESCAPES}\u202e.csv"
    named.write_bytes(b"")  # empty: unreadable, so the summary names the source
    done = run_cli(str(named), "-o", str(tmp_path / "named.md"))
    assert done.returncode == 1 and b"host.empty-input" in done.stderr
    assert_inert(done.stderr)
    done = run_cli(str(tmp_path / f"missing{ESCAPES}.csv"))  # a usage error quoting the name
    assert done.returncode == 2
    assert_inert(done.stderr)


def test_verify_and_audit_lines_are_inert(tmp_path):
    done = run_cli(str(hostile_file(tmp_path, "terminal-escapes.csv")), "-o", str(tmp_path / "out" / "t.md"))
    manifest = tmp_path / "out" / "t.md.manifest.json"
    data = json.loads(manifest.read_text())
    data["output"]["path"] = f"../{ESCAPES}"  # verify quotes the path it refuses
    manifest.write_text(json.dumps(data))
    done = run_cli("verify", str(manifest))
    assert done.returncode == 1 and b"leaves the manifest's folder" in done.stderr
    assert_inert(done.stderr)
    renamed = tmp_path / "out" / f"{ESCAPES}.manifest.json"
    manifest.rename(renamed)
    done = run_cli("audit", str(tmp_path / "out"))
    assert b"1 failed" in done.stdout and b"manifest: its digest does not match its content" in done.stdout
    assert_inert(done.stdout)
    assert_inert(done.stderr)


def hostile_file(tmp_path, name: str):
    path = tmp_path / name
    path.write_bytes(hostile.hostile_files()[name][0])
    return path


def test_the_progress_line_shows_a_hostile_source_name_escaped(monkeypatch):
    import io

    from zenconv import context

    stream = io.StringIO()
    progress = context.Progress(f"zenconv: {ESCAPES}.csv", stream=stream)
    clock = iter([100.0, 102.0])  # shown only after a second: the clock is the test's
    monkeypatch.setattr(context.time, "monotonic", lambda: next(clock))
    progress.started = 100.0 - 2
    progress._last = 0.0
    progress.tick(5000)
    shown = stream.getvalue()
    assert "\\x1b]0;pwned\\x07" in shown
    assert_inert(shown.encode())
