"""Standard input and unnamed sources: content sniffing in reader-priority order, each choice recorded
with its reason in the manifest, and --media-type (reference readers §1.1) from the CLI and the API."""

from __future__ import annotations

import gzip
import json

import pytest

import zenconv
from zenconv.context import Source
from zenconv.detect import GENERIC_MEDIA_TYPES, SNIFF_WINDOW, UsageError, check_media_type, choose_reader
from zenconv.plugins import build_plugins
from zenconv.reports import Unreadable

from .conftest import ROOT, run_cli

REGISTRY = build_plugins(third_party=False).registry
FEED = (ROOT / "tests" / "xml" / "files" / "rss2.xml").read_bytes()
CSV = b"name,amount,date\nA,1,2024-01-01\nB,2,2024-01-02\nC,3,2024-01-03\n"
MARKDOWN = b"# Notes\n\nSome **bold** text and a [link](https://example.com).\n"
HTML = b"<!doctype html><html><body><p>Hi</p></body></html>"
TEXT = b"Dear all,\n\nthe meeting moved to Tuesday, 10:00.\nRegards\n"


def chosen(data: bytes, name: str = "-", media_type: str | None = None) -> tuple[str, str]:
    source = Source(name, data=data, media_type=media_type)
    return choose_reader(source, REGISTRY).name, source.detection


@pytest.mark.parametrize(("data", "reader", "why"), [
    (FEED, "xml", "sniffed: an XML declaration"),
    (b"<kml xmlns='http://www.opengis.net/kml/2.2'><name>x</name></kml>", "xml", "sniffed: the text opens with an element (<kml>)"),
    (HTML, "html", "sniffed: an HTML start"),
    (b'<?xml version="1.0"?>\n<!DOCTYPE html>\n<html><body/></html>', "html", "sniffed: an HTML start"),
    (CSV, "csv", "sniffed: 4 of the first 4 records have 3 fields split by ','"),
    (b"a\tb\n1\t2\n3\t4\n", "csv", "sniffed: 3 of the first 3 records have 2 fields split by tab"),
    (MARKDOWN, "markdown", "sniffed: the text opens with an ATX heading"),
    (b"Intro\n\n```\ncode\n```\n\nSee [docs](https://x).\n", "markdown", "sniffed: the text holds a fenced code block and an inline link"),
    (b"| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n", "markdown", "sniffed: the text holds"),
    (TEXT, "text", "sniffed: text that no other reader claims"),
    (b"---\ntitle: Notes\n---\n\nA paragraph of prose.\n", "markdown", "sniffed: the text opens with front matter"),
    (b"---\nkind: Service\n---\nkind: Pod\n", "yaml", "sniffed: a document marker (---) opens the text"),
    (b"%YAML 1.2\n---\na: 1\n", "yaml", "sniffed: a %YAML directive"),
])
def test_an_unnamed_source_is_sniffed_in_priority_order_and_says_why(data, reader, why):
    name, detection = chosen(data)
    assert (name, detection[:len(why)]) == (reader, why)


def test_prose_with_commas_is_not_csv_and_binary_is_claimed_by_nobody():
    assert chosen(b"Hello, world. This, I think, is prose.\nIt has, alas, commas.\n")[0] == "text"
    for data in (b"\x00\x01binary", bytes(range(256)) * 4, gzip.compress(b"<a/>", mtime=0)):
        with pytest.raises(Unreadable) as err:
            chosen(data)
        assert err.value.code == "host.unknown-format"


def test_the_sniff_window_is_64_kib():
    assert SNIFF_WINDOW == 64 * 1024
    padded = b"<!--" + b" " * 2000 + b"-->" + b"<root><a>1</a></root>"  # the root past the first KiB
    assert chosen(padded)[0] == "xml"


def test_priorities_are_the_fixed_detection_order():
    order = {spec.name: spec.priority for spec in REGISTRY.ordered_readers()}
    assert {k: order[k] for k in ("html", "xml", "csv", "markdown", "text")} == {
        "html": 40, "xml": 30, "csv": 10, "markdown": 5, "text": -100}


def test_the_longest_extension_wins_and_a_specific_media_type_beats_sniffing():
    assert chosen(gzip.compress(FEED, mtime=0), "feed.xml.gz") == ("xml", "extension")
    assert chosen(b"a,b\n1\n", media_type="text/csv; charset=utf-8") == ("csv", "media-type")
    assert chosen(FEED, media_type="application/rss+xml") == ("xml", "media-type")
    for generic in sorted(GENERIC_MEDIA_TYPES):  # types servers send for anything prove nothing
        assert chosen(CSV, media_type=generic) == ("csv", "sniffed: 4 of the first 4 records have 3 fields split by ','")


def test_media_types_of_the_reference_table_reach_their_readers():
    for media, reader in [("text/x-csv", "csv"), ("text/comma-separated-values", "csv"), ("text/x-markdown", "markdown"),
                          ("application/atom+xml", "xml"), ("text/xml", "xml"), ("application/xhtml+xml", "html")]:
        assert chosen(b"anything at all\n", media_type=media) == (reader, "media-type"), media
    # RFC 6839 structured-syntax suffixes: a type no reader names is read as its suffix's application/ type
    assert chosen(b"anything\n", media_type="application/vnd.example.list+xml") == ("xml", "media-type (+xml suffix)")


def test_a_specific_type_no_reader_declares_is_named_by_a_word_it_contains():
    for media, reader in [("text/x-json", "json"), ("application/vnd.api-json", "json"), ("application/x-pdf", "pdf"),
                          ("application/vnd.ms-excel.sheet.macroenabled.12", "xlsx"),
                          ("application/vnd.example-html", "html"), ("application/vnd.example.xml-data", "xml")]:
        found, why = chosen(b"anything at all\n", media_type=media)
        assert found == reader and why.startswith("media-type (contains"), media


def test_a_malformed_media_type_is_a_usage_error():
    assert check_media_type("application/rss+xml; charset=utf-8") == "application/rss+xml; charset=utf-8"
    for bad in ("rss", "text/", "a b/c", "text/plain; =x"):
        with pytest.raises(UsageError):
            check_media_type(bad)
    with pytest.raises(UsageError):
        zenconv.convert(b"x", media_type="nonsense", isolate=False)


@pytest.mark.parametrize(("data", "reader"), [(CSV, "csv"), (MARKDOWN, "markdown"), (FEED, "xml"), (TEXT, "text")])
def test_stdin_needs_no_from_and_the_manifest_records_the_reason(tmp_path, data, reader):
    done = run_cli("-", "--manifest", str(tmp_path / "m.json"), "-q", input=data)
    assert done.returncode == 0, done.stderr
    source = json.loads((tmp_path / "m.json").read_text())["source"]
    assert source["format"] == reader and source["detection"].startswith("sniffed: ")


def test_media_type_from_the_command_line_and_the_api(tmp_path):
    done = run_cli("-", "--media-type", "text/csv", "--manifest", str(tmp_path / "m.json"), "-q", input=b"a;b\n1;2\n")
    assert done.returncode == 0 and done.stdout.startswith(b"| a | b |"), done.stderr
    assert json.loads((tmp_path / "m.json").read_text())["source"]["detection"] == "media-type"
    bad = run_cli("-", "--media-type", "not a type", input=b"x")
    assert bad.returncode == 2 and b"--media-type" in bad.stderr
    result = zenconv.convert(FEED, media_type="application/rss+xml", isolate=False)
    assert result.manifest["source"]["detection"] == "media-type" and result.manifest["source"]["format"] == "xml"


def test_media_type_describes_one_source_not_a_batch(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.csv").write_bytes(CSV)
    done = run_cli(str(tmp_path / "in"), "-o", str(tmp_path / "out"), "--media-type", "text/csv")
    assert done.returncode == 2 and b"one INPUT" in done.stderr
