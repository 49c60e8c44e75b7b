"""Fixtures of the safe-layer tests: the hostile-file generator, and packages built in memory."""

from __future__ import annotations

import importlib.util
import io
import sys
import zipfile
from pathlib import Path

import pytest

from zenconv.context import Guard, ReadContext
from zenconv.ir.resources import ResourceStore
from zenconv.options import resolve_options
from zenconv.plugins import Registry
from zenconv.reports import Reporter

from ..cputime import cpu_seconds

ROOT = Path(__file__).resolve().parents[2]
ADVERSARIAL = ROOT / "adversarial"


def _load_generator():
    spec = importlib.util.spec_from_file_location("zenconv_adversarial_generate", ADVERSARIAL / "generate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def gen():
    """adversarial/generate.py as a module: Member, build_zip, docx, compound_file, generate."""
    return _load_generator()


@pytest.fixture(scope="session")
def hostile(gen, tmp_path_factory):
    """Every hostile file, generated once per session: (folder, name -> code, CPU seconds it took: a busy
    machine's clock would stretch them)."""
    out = tmp_path_factory.mktemp("adversarial")
    started = cpu_seconds()
    expected = gen.generate(out)
    return out, expected, cpu_seconds() - started


def _make_zip(parts: dict[str, bytes | str], *, method: int = zipfile.ZIP_DEFLATED, **kwargs) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method, **kwargs) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _read_context(namespace: str = "docx", **options) -> ReadContext:
    opts = resolve_options(Registry(), options)
    return ReadContext(source_name="input", options=opts, reporter=Reporter(), guard=Guard(),
                       resources=ResourceStore(), namespace=namespace)


@pytest.fixture
def make_zip():
    """``make_zip(parts, method=..., **ZipFile kwargs)``: a legitimate zip written by Python's zipfile."""
    return _make_zip


@pytest.fixture
def read_context():
    """``read_context(namespace="docx", **options)``: a reader's context with the host options resolved."""
    return _read_context
