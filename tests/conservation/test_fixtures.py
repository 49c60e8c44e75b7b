"""The conservation check over every format's test fixtures (made by each tests/<format>/make_fixtures.py).

A fixture may lose no token beyond the gaps listed in KNOWN (default options) and KNOWN_DROPPING
(``--comments drop --hidden skip --furniture drop``): a reader that starts to lose text without a report that takes it
fails here. A gap fixed leaves its entry stale, which the last tests report, so the lists only shrink.
Each entry says why the tokens are lost.
"""

from __future__ import annotations

import pytest

from zenconv.conservation import check

from ..docx.conftest import FX as DOCX
from ..ods.conftest import FX as ODS
from ..odt.make_fixtures import build as build_odf
from ..pdf import make_fixtures as pdf_fixtures
from ..pptx.make_fixtures import build as build_pptx
from ..xlsx.conftest import FX as XLSX

KNOWN: dict[str, set[str]] = {}

DROPPING = {"comments": "drop", "hidden": "skip", "furniture": "drop"}
KNOWN_DROPPING: dict[str, set[str]] = {}


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory) -> dict[str, object]:
    out = tmp_path_factory.mktemp("conservation")
    found: dict[str, object] = {}
    for family, module, ext in (("docx", DOCX, "docx"), ("xlsx", XLSX, "xlsx"), ("ods", ODS, "ods")):
        for name, make in module.FIXTURES.items():
            path = out / f"{family}-{name}.{ext}"
            path.write_bytes(make())
            found[f"{family}/{name}"] = path
    for family, built in (("pdf", pdf_fixtures.main(out / "pdf")), ("pptx", build_pptx(out / "pptx")),
                          ("odf", build_odf(out / "odf"))):
        for name, path in built.items():
            found[f"{family}/{name}"] = path
    return found


def _lost(fixtures, options=None) -> dict[str, set[str]]:
    lost = {}
    for name, path in sorted(fixtures.items()):
        account = check(path, options=options)
        lost[name] = {token for part in account.parts for token in part.unaccounted}
    return lost


@pytest.fixture(scope="module")
def accounts(fixtures) -> dict[str, set[str]]:
    return _lost(fixtures)


@pytest.fixture(scope="module")
def dropping(fixtures) -> dict[str, set[str]]:
    return _lost(fixtures, DROPPING)


def test_every_family_is_checked(accounts):
    assert {name.split("/")[0] for name in accounts} == {"docx", "xlsx", "ods", "pdf", "pptx", "odf"}
    assert len(accounts) >= 40


def test_no_fixture_loses_text_beyond_the_known_gaps(accounts):
    beyond = {name: sorted(tokens - KNOWN.get(name, set())) for name, tokens in accounts.items()}
    assert {name: tokens for name, tokens in beyond.items() if tokens} == {}


def test_the_known_gaps_are_still_gaps(accounts):
    stale = {name: sorted(tokens - accounts.get(name, set())) for name, tokens in KNOWN.items()}
    assert {name: tokens for name, tokens in stale.items() if tokens} == {}, "fixed: shorten KNOWN"


def test_dropping_loses_no_text_beyond_the_known_gaps(dropping):
    beyond = {name: sorted(tokens - KNOWN_DROPPING.get(name, set())) for name, tokens in dropping.items()}
    assert {name: tokens for name, tokens in beyond.items() if tokens} == {}


def test_the_known_dropping_gaps_are_still_gaps(dropping):
    stale = {name: sorted(tokens - dropping.get(name, set())) for name, tokens in KNOWN_DROPPING.items()}
    assert {name: tokens for name, tokens in stale.items() if tokens} == {}, "fixed: shorten KNOWN_DROPPING"
