"""Citations compose what a locator holds, the way a person cites a source."""

from __future__ import annotations

import pytest

from zenconv.ir import Locator


@pytest.mark.parametrize(("locator", "citation"), [
    (Locator(sheet=2, sheet_name="Damages", row=246, cell="A247"), "Sheet 'Damages', row 247"),
    (Locator(page=9, table=2, row=3), "Page 9, table 2, row 4"),
    (Locator(rendered_page=9, paragraph=37), "Page 9 (as last rendered), ¶ 37"),
    (Locator(slide=3), "Slide 3"),
    (Locator(row=11, line=14), "Row 12 (line 14)"),
    (Locator(row=11, line=12), "Row 12"),
    (Locator(page=4, page_label="iv"), "Page 4 (page label iv)"),
    (Locator(line=3, line_end=5), "Lines 3–5"),
    (Locator(sheet_name="O'Brien"), "Sheet 'O''Brien'"),
    (Locator(part="word/document.xml"), "Part word/document.xml"),
    (Locator(), ""),
])
def test_citation(locator, citation):
    assert locator.citation() == citation


def test_locator_round_trips_through_json():
    loc = Locator(sheet=1, sheet_name="S", row=0, cell="A1")
    assert Locator.from_json(loc.to_json()) == loc
    assert loc.to_json() == {"sheet": 1, "sheet_name": "S", "row": 0, "cell": "A1"}


def test_with_is_dataclasses_replace():
    import dataclasses
    import itertools

    base = Locator(page=2, sheet=1, sheet_name="S", row=4, cell="B5", part="p", xpath="/a[1]")
    names = [f.name for f in dataclasses.fields(Locator)]
    for name, other in itertools.combinations(names, 2):
        for values in ((None, None), (7, "x"), (0, "")):
            changes = dict(zip((name, other), values))
            changed = base.with_(**changes)
            assert changed == dataclasses.replace(base, **changes) and changed is not base
            assert hash(changed) == hash(dataclasses.replace(base, **changes))
    assert base.with_() == base and base.with_() is not base
    with pytest.raises(TypeError):
        base.with_(nope=1)


def test_row_locator_is_the_constructor():
    """row_locator sets the slots itself: every field as the constructor sets it, equal, and hashed alike."""
    import dataclasses

    from zenconv.ir.locator import row_locator

    made, built = row_locator(11, "A12", 14), Locator(row=11, cell="A12", line=14)
    for f in dataclasses.fields(Locator):  # an unset slot would raise here
        assert getattr(made, f.name) == getattr(built, f.name), f.name
    assert made == built and hash(made) == hash(built) and type(made) is Locator
    assert made.to_json() == built.to_json() and made.citation() == built.citation() == "Row 12 (line 14)"
