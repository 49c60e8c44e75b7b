"""A huge table streams through the Markdown writer in bounded memory: rows are spooled, not kept."""

from __future__ import annotations

from zenconv.ir import Document, Row, Table
from zenconv.writers.markdown.table import CHUNK_CHARS, CHUNK_ROWS
from zenconv.writers.spool import RowSpool

from .conftest import write_with

ROWS = 200_000


class CountedRow(Row):
    """A Row that counts how many of its kind are alive (Row is slotted: no weakref, so __del__)."""

    __slots__ = ()
    live = 0
    peak = 0

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        CountedRow.live += 1
        CountedRow.peak = max(CountedRow.peak, CountedRow.live)

    def __del__(self) -> None:
        CountedRow.live -= 1


def lazy_rows(n: int):
    for i in range(n):
        yield CountedRow([f"r{i}", str(i * 7), "text | with pipe" if i % 1000 == 0 else "plain"])


def test_a_200000_row_table_never_holds_its_rows():
    CountedRow.live = CountedRow.peak = 0
    written = write_with("markdown", Document(iter([Table(rows=lazy_rows(ROWS))])))
    # The writer checks plain rows a chunk at a time: at most one chunk is alive, never the table.
    assert CountedRow.peak <= CHUNK_ROWS + 2, f"{CountedRow.peak} rows were alive at once"
    lines = written.text.splitlines()
    assert len(lines) == ROWS + 2  # the empty GFM header, the delimiter row, every row
    assert lines[2] == "| r0 | 0 | text \\| with pipe |"
    assert lines[1002] == "| r1000 | 7000 | text \\| with pipe |"  # in a chunk of plain rows, escaped
    assert lines[1003] == "| r1001 | 7007 | plain |"
    assert lines[-1] == f"| r{ROWS - 1} | {(ROWS - 1) * 7} | plain |"


def test_the_spool_goes_to_disk_past_its_threshold_and_replays_in_order():
    with RowSpool(max_rows=3) as spool:
        records = [f"{i} cell\u2028with separator\r" for i in range(10)] + ["\ud800 lone surrogate"]
        for record in records:
            spool.append(record)
        assert spool.spilled and len(spool) == 11
        assert list(spool) == records
    assert not spool.spilled


def test_the_spool_spills_on_size_too():
    with RowSpool(max_rows=1000, max_chars=10) as spool:
        spool.append("x" * 8)
        spool.append("y" * 8)
        assert spool.spilled
        assert list(spool) == ["x" * 8, "y" * 8]


def test_writer_output_is_the_same_whether_or_not_the_spool_spilled(monkeypatch):
    def doc():
        return Document([Table(rows=[Row([f"a{i}", "b"]) for i in range(50)] + [Row(["wide", "row", "here"])])])

    in_memory = write_with("markdown", doc()).text
    import zenconv.writers.spool as spool_module

    monkeypatch.setattr(spool_module, "MAX_ROWS", 5)
    spilled = write_with("markdown", doc()).text
    assert spilled == in_memory
    assert spilled.splitlines()[0] == "|  |  |  |"


def test_blocks_replay_whole_records_in_order_from_memory_and_disk():
    records = [f"| {i} | {'x' * (i % 7)} |" for i in range(5000)]
    with RowSpool(max_rows=1200) as spool:
        spool.extend(records[:1000])
        spool.extend(records[1000:1500])  # crosses the threshold part-way
        for record in records[1500:]:
            spool.append(record)
        assert spool.spilled and len(spool) == len(records)
        blocks = list(spool.blocks(size=4096))
    assert len(blocks) > 2 and all(block and not block.endswith("\n") for block in blocks)
    assert "\n".join(blocks).split("\n") == records


def test_a_row_wider_than_the_first_after_the_spill_pads_every_row():
    rows = [Row(["a", "b"]) for _ in range(25_000)] + [Row(["a", "b", "c"]), Row(["d"])]
    lines = write_with("markdown", Document([Table(rows=iter(rows))])).text.splitlines()
    assert lines[0] == "|  |  |  |" and lines[1] == "| --- | --- | --- |"
    assert lines[2] == lines[25_001] == "| a | b |  |"
    assert lines[-2:] == ["| a | b | c |", "| d |  |  |"]


def test_long_rows_are_checked_a_few_at_a_time():
    # 200,000 characters a row: a chunk of rows checked together stops at about CHUNK_CHARS characters.
    CountedRow.live = CountedRow.peak = 0
    rows = (CountedRow([f"{i}", "y" * 200_000]) for i in range(40))
    lines = write_with("markdown", Document([Table(rows=rows)])).text.splitlines()
    assert len(lines) == 42 and lines[-1] == "| 39 | " + "y" * 200_000 + " |"
    assert CountedRow.peak <= CHUNK_CHARS // 200_000 + 2, f"{CountedRow.peak} rows were alive at once"


def test_records_kept_joined_replay_one_by_one_as_if_kept_apart():
    records = [f"| {i} | {'x' * (i % 5)} |" for i in range(6000)]
    with RowSpool(max_rows=1500) as spool:
        at = 0
        for size in (700, 1000, 1, 2000, 299, 2000):  # the threshold falls inside the second block
            spool.extend_lines("\n".join(records[at:at + size]), size)
            at += size
            assert len(spool) == at
        assert spool.spilled
        assert list(spool) == records
        assert "\n".join(spool.blocks(size=4096)).split("\n") == records
