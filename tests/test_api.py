"""The Python API as a Python user expects it: a typed, documented convert(), a typed result, exceptions
in the API's terms, source names that never leak a path, and a module that shows only its API."""

from __future__ import annotations

import doctest
import inspect
import io
import subprocess
import sys
import tempfile
import typing
from pathlib import Path

import pytest

import zenconv
from zenconv import ConversionResult, UsageError
from zenconv.manifest import Manifest

from .conftest import ROOT

SAMPLE = ROOT / "docs" / "samples" / "damages.csv"
CSV = b"Item,Amount\nRent,1000\nFood,200\n"


def test_convert_signature_is_typed_and_documented():
    signature = inspect.signature(zenconv.convert)
    params = signature.parameters
    for keyword in ("to", "from_", "name", "media_type", "manifest", "fail_on", "third_party", "isolate"):
        assert keyword in params, keyword
        assert params[keyword].annotation is not inspect.Parameter.empty, keyword
        assert f"``{keyword}``" in zenconv.convert.__doc__, keyword
    assert params["options"].kind is inspect.Parameter.VAR_KEYWORD
    assert signature.return_annotation == "ConversionResult"
    hints = typing.get_type_hints(zenconv.convert, include_extras=True,
                                  localns=_type_checking_names())
    assert hints["return"] is ConversionResult
    help_text = _help(zenconv.convert)
    assert "from_: 'str | None' = None" in help_text and "-> 'ConversionResult'" in help_text


def _type_checking_names() -> dict:
    import os
    from collections.abc import Sequence
    from typing import BinaryIO, Unpack

    from zenconv.keywords import ConvertOptions

    return {"os": os, "Sequence": Sequence, "BinaryIO": BinaryIO, "Unpack": Unpack, "ConvertOptions": ConvertOptions}


def _help(obj) -> str:
    import pydoc

    return pydoc.render_doc(obj, renderer=pydoc.plaintext)


def test_convert_options_cover_every_built_in_option():
    """The keywords a type checker knows are exactly the options the host and the built-in plugins declare."""
    from zenconv.keywords import ConvertOptions
    from zenconv.options import all_option_specs
    from zenconv.plugins import build_plugins

    specs = {spec.key: spec for spec in all_option_specs(build_plugins(third_party=False).registry).values()}
    typed = typing.get_type_hints(ConvertOptions)
    missing = sorted(set(specs) - set(typed))
    assert not missing, "add to zenconv/keywords.py:\n" + "\n".join(f"    {key}: ..." for key in missing)
    assert sorted(set(typed) - set(specs)) == []
    for key, spec in specs.items():
        if spec.choices:
            assert typing.get_args(typed[key]) == spec.choices, key


def test_py_typed_is_shipped():
    import tomllib

    assert (ROOT / "zenconv" / "py.typed").exists()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["zenconv"]


def test_the_docstring_example_runs():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(zenconv.convert, "convert", globs={"convert": zenconv.convert}):
        runner.run(test)
    assert runner.summarize().failed == 0 and runner.summarize().attempted >= 2


def test_result_is_typed_text_output_manifest_outcome_reports_document():
    result = zenconv.convert(CSV, name="ledger.csv", max_rows=1)
    assert isinstance(result, ConversionResult)
    assert isinstance(result.output, bytes) and result.text == result.output.decode()
    assert result.text.startswith("| Item | Amount |")
    assert isinstance(result.manifest, Manifest)
    data = result.manifest.to_dict()
    assert data["digest"] == result.manifest.digest and data["outcome"] == result.outcome == "needs_review"
    assert result.manifest["reasons"] == data["reasons"] == result.manifest.reasons == ["csv.rows-truncated"]
    assert result.reports["csv.rows-truncated"] == 1
    assert result.document is not None and result.document.blocks


def test_unreadable_has_no_output_and_empty_text():
    result = zenconv.convert(b"", name="empty.csv")
    assert result.outcome == "unreadable" and result.output is None and result.text == ""
    assert result.manifest.reasons == ["host.empty-input"]


@pytest.mark.parametrize(("to", "marker"), [("md", "| Item |"), ("markdown", "| Item |"), (".html", "<table"),
                                            ("jsonl", '"citation"'), ("segments", '"citation"')])
def test_to_takes_a_writer_name_or_an_extension(to, marker):
    result = zenconv.convert(CSV, to=to, name="ledger.csv", isolate=False)
    assert marker in result.text


@pytest.mark.parametrize(("keywords", "message"), [
    ({"max_rowz": 3}, "unknown keyword 'max_rowz': not an option of convert() or of an installed plugin; "
                      "did you mean max_rows?"),
    ({"max_rows": "lots"}, "max_rows takes a whole number or a size (512M, 2G), not 'lots'"),
    ({"from_": "nosuch"}, "from_='nosuch': no installed reader has that name; installed: csv,"),
    ({"to": "docx"}, "to='docx': no such writer; installed: html, json, markdown, segments"),
    ({"fail_on": ["docx.trackd-*"]}, "fail_on='docx.trackd-*': matches no report code; nearest: docx.tracked-"),
    ({"media_type": "bogus"}, "media_type='bogus': not a media type"),
    ({"hidden": "maybe"}, "hidden takes one of keep, skip, not 'maybe'"),
])
def test_usage_errors_speak_the_api(keywords, message):
    with pytest.raises(UsageError) as caught:
        zenconv.convert(CSV, name="ledger.csv", **keywords)
    assert str(caught.value).startswith(message)
    assert "--" not in str(caught.value)


def test_a_missing_path_and_a_wrong_type_are_usage_errors(tmp_path):
    with pytest.raises(UsageError, match=r"^source '.*missing\.csv': no such file$"):
        zenconv.convert(tmp_path / "missing.csv")
    with pytest.raises(UsageError, match="a path, bytes or a binary file object, not int"):
        zenconv.convert(42)  # type: ignore[arg-type]
    assert issubclass(UsageError, ValueError)


def test_fail_on_is_recorded_as_a_report_not_raised():
    result = zenconv.convert(CSV, name="ledger.csv", max_rows=1, fail_on="csv.rows-*", isolate=False)
    assert result.outcome == "needs_review" and "csv.rows-truncated" in result.reports


def test_the_manifest_keyword_writes_it(tmp_path):
    target = tmp_path / "m.json"
    result = zenconv.convert(CSV, name="ledger.csv", manifest=target, isolate=False)
    assert Manifest.model_validate_json(target.read_bytes()) == result.manifest


def _source_name(source, **keywords) -> str:
    return zenconv.convert(source, isolate=False, **keywords).manifest.source.name


def test_file_objects_never_state_a_path_or_a_repr(tmp_path):
    with open(SAMPLE.resolve(), "rb") as fh:  # an absolute name
        assert _source_name(fh) == "damages.csv"
    with tempfile.TemporaryFile() as fh:  # its name is an int
        fh.write(CSV)
        fh.seek(0)
        assert _source_name(fh) == "-"
    assert _source_name(io.BytesIO(CSV)) == "-"  # no name at all
    stream = io.BufferedReader(io.BytesIO(CSV))
    assert _source_name(stream) == "-"
    with open(SAMPLE, "rb") as fh:
        assert _source_name(fh, name="given.csv") == "given.csv"
    assert _source_name(SAMPLE.resolve()) == "damages.csv"


def test_bytes_without_a_name_are_detected_as_stdin_is(tmp_path):
    from .conftest import run_cli

    for data in (CSV, b"<html><body><p>Hi</p></body></html>", b'{"a": [1, 2]}', b"%PDF-1.4 not really"):
        api = zenconv.convert(data, isolate=False).manifest
        done = run_cli("-", "--manifest", str(tmp_path / "m.json"), input=data)
        cli = Manifest.model_validate_json((tmp_path / "m.json").read_bytes())
        assert api.source.name == cli.source.name == "-"
        assert (api.source.format, api.source.detection) == (cli.source.format, cli.source.detection), data
        assert done.returncode in (0, 1)


def test_dir_shows_the_api_only():
    names = dir(zenconv)
    assert names == sorted(zenconv.__all__)
    for leaked in ("annotations", "pluggy", "_pluggy", "TYPE_CHECKING", "api", "reports", "errors", "result"):
        assert leaked not in names
    for wanted in ("convert", "ConversionResult", "UsageError", "PluginError", "Unreadable", "hookimpl", "Document",
                   "Paragraph", "Locator", "dropped", "__version__"):
        assert wanted in names
    assert zenconv.Code is zenconv.reports.Code  # the report code; the IR's inline is zenconv.ir.Code
    assert len(zenconv.__all__) == len(set(zenconv.__all__))


def test_help_of_the_package_reads_as_an_api_reference():
    text = _help(zenconv)
    assert "convert(" in text and "ConversionResult" in text and "UsageError" in text
    assert "pluggy" not in text.split("DATA")[0].split("FUNCTIONS")[0].split("PACKAGE CONTENTS")[0]


def test_importing_zenconv_stays_light():
    """The API's new names cost nothing at import: no pydantic, no pipeline, no click."""
    code = ("import sys, zenconv; zenconv.ConversionResult; zenconv.UsageError\n"
            "print(','.join(m for m in ('pydantic', 'click', 'zenconv.pipeline', 'zenconv.api', 'zenconv.manifest') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_every_name_of_the_api_is_found_on_first_use_and_nothing_else_is():
    """The package imports its API on first use (PEP 562): each name of __all__ resolves, to the object its
    module defines; the IR's are exactly the IR package's own public names; an unknown name is an
    AttributeError, and a submodule is still imported by ``from zenconv import NAME``."""
    import zenconv.ir
    import zenconv.reports

    code = ("import zenconv\n"
            "print(sorted(n for n in zenconv.__all__ if getattr(zenconv, n) is None))\n"
            "print(type(zenconv.hookimpl).__name__, zenconv.Code.__module__, zenconv.Document.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "HookimplMarker zenconv.reports zenconv.ir.nodes"]
    own = {name for name, value in vars(zenconv.ir).items()
           if not name.startswith("_") and not isinstance(value, type(zenconv)) and name != "annotations"}
    assert set(zenconv.ir.__all__) == own
    for name in ("Paragraph", "walk", "Locator", "dropped", "UsageError"):
        assert getattr(zenconv, name) is getattr(zenconv.ir if name in zenconv.ir.__all__ else zenconv.reports
                                                  if hasattr(zenconv.reports, name) else zenconv.errors, name)
    with pytest.raises(AttributeError):
        zenconv.no_such_name  # noqa: B018
    from zenconv import watch  # a submodule, not an API name: imported as ever

    assert watch.__name__ == "zenconv.watch"


README = (ROOT / "README.md").read_text()


def _readme_python() -> str:
    return README.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_readme_example_runs_as_written(tmp_path, monkeypatch):
    """The README's Python runs unchanged from the repository's root, as a reader would paste it."""
    code = _readme_python()
    namespace: dict = {}
    monkeypatch.chdir(ROOT)
    exec(compile(code, "README.md", "exec"), namespace)
    result = namespace["result"]
    assert isinstance(result, ConversionResult) and result.outcome in ("converted", "needs_review")
    for path in (Path(p) for p in _readme_paths(code)):
        assert (ROOT / path).exists(), path


def _readme_paths(code: str) -> list[str]:
    import re

    return re.findall(r'"([\w/.-]+\.(?:csv|docx|xlsx))"', code)
