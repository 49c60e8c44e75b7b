"""The reporter aggregates declared codes and refuses undeclared ones; outcomes follow the rules."""

from __future__ import annotations

import pytest

from zenconv.ir import Locator
from zenconv.reports import (
    FIRST_LOCATORS, Outcome, Reporter, UndeclaredCode, degraded, dropped, outcome_of, refused, truncated,
)


def reporter():
    r = Reporter()
    r.declare([dropped("x.comments-dropped", "c"), degraded("x.font-as-code", "f"),
               truncated("x.rows-truncated", "t"), dropped("x.formula-uncached", "u", review=True),
               refused("x.part-refused", "p")])
    return r


def test_undeclared_code_fails_loudly():
    with pytest.raises(UndeclaredCode):
        reporter().report("x.not-declared")


def test_aggregates_count_and_first_locators():
    r = reporter()
    for n in range(12):
        r.report("x.comments-dropped", Locator(paragraph=n + 1))
    (entry,) = r.reports
    assert entry.count == 12
    assert [loc.paragraph for loc in entry.locators] == list(range(1, FIRST_LOCATORS + 1))


def test_reports_are_sorted_by_code_not_by_arrival():
    r = reporter()
    r.report("x.rows-truncated")
    r.report("x.comments-dropped")
    assert [e.code.code for e in r.reports] == ["x.comments-dropped", "x.rows-truncated"]


@pytest.mark.parametrize(("codes", "fatal", "expected"), [
    ([], None, Outcome.CONVERTED),
    (["x.comments-dropped", "x.font-as-code"], None, Outcome.CONVERTED),
    (["x.rows-truncated"], None, Outcome.NEEDS_REVIEW),
    (["x.formula-uncached"], None, Outcome.NEEDS_REVIEW),
    (["x.part-refused"], None, Outcome.NEEDS_REVIEW),
    (["x.comments-dropped"], "host.deadline", Outcome.UNREADABLE),
])
def test_outcome_rules(codes, fatal, expected):
    r = reporter()
    for code in codes:
        r.report(code)
    outcome, reasons = outcome_of(r, fatal)
    assert outcome is expected
    if fatal:
        assert reasons == [fatal]
