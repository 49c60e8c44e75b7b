"""The comparison: a source's tokens against the converted Markdown's and the reports' own.

A document is converted to Markdown with accounting on (``Request.accounting``): every report that
took text keeps it whole. A source token is accounted for when the output holds it or a report
took it; tokens are counted as multisets, so a word the source says five times and the output three
leaves two unaccounted. The parts are charged in source order: the output and the reports' tokens
go first to the earliest part that holds them, and what a part cannot be given is its loss. What is
left is then offered to word boundaries drawn differently (:func:`_rejoin`, :func:`_pair`, :func:`_triple`).

Embedded documents: a conversion with no output folder converts no child (``host.embedded-not-written``),
so a document whose manifest says so is converted again into a scratch folder, its children with it. Each
child converted there is checked in turn, from the very bytes the family converted (``Lineage.converted``)
and one level deeper, so the embedding depth limit bounds the recursion: its account is the parent's
``children``, and its unaccounted tokens are the parent's too. The child's text is accounted for in the
parent (a package part the extractor reads, an ODF object's content, is the child's to hold, not the
parent's output): its source tokens join the parent's budget.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from ..context import Source
from ..family import Lineage
from ..pipeline import Request, run
from ..reports import Severity
from .extract import FAMILIES, source_parts
from .flow import MAX_PART_CHARS
from .model import Account, PartAccount
from .tokens import canonical, count, markdown_text, right_to_left, tokens

FIRST_TOKENS = 12  # per part, the unaccounted tokens shown
SHOWN_CHARS = 40   # a token shown longer is cut
MAX_JOIN = 24       # a word drawn letter by letter (a PDF's rotated page) is rejoined up to this many pieces
MAX_REJOINED = 64   # characters of a word rejoined or split: words are short, and a long token costs its length
MIN_CUT = 32        # characters a capped token's kept start has at least, to stand for the token
MAX_PAIRED = 256    # a part's unaccounted words tried two by two, in either order: the pairs grow as its square
MAX_TRIPLED = 32    # a part's unaccounted right-to-left words tried three by three: the triples grow as its cube


def check(path: Path, fmt: str | None = None, options: dict | None = None,
          max_part_chars: int = MAX_PART_CHARS) -> Account:
    """The account of one document: converted by the pipeline, extracted by :mod:`.extract`."""
    return _check(Path(path), fmt, dict(options or {}), max_part_chars, 0)[0]


def _check(path: Path, fmt: str | None, options: dict, max_part_chars: int, depth: int) -> tuple[Account, Counter]:
    """The account, and the source's tokens (what a parent holding this document as a child may count)."""
    result = run(Request(source=Source(path.name, path=path), to="markdown", output=None, manifest=False,
                         from_=fmt, options=dict(options), accounting=True, lineage=Lineage(depth)))
    manifest = result.manifest
    account = Account(str(path), manifest.source.format, manifest.outcome)
    if manifest.outcome == "unreadable":
        account.problems.append(f"unreadable: {', '.join(manifest.reasons)}")
        return account, Counter()
    parts, account.problems = source_parts(path, account.format or "", max_part_chars)
    if not parts and account.problems:  # the source could not be read at all: nothing is checked
        account.outcome = "check-failed"
        return account, Counter()
    held = Counter()  # the children's text
    if any("host.embedded-not-written" in child.reasons for child in manifest.children or ()):
        with tempfile.TemporaryDirectory(prefix="zenconv-conservation-") as scratch:
            result, held = _with_children(path, fmt, options, max_part_chars, depth, Path(scratch), account)
    output = count(markdown_text((result.output or b"").decode("utf-8", "replace")))
    output = count(markdown_text((result.output or b"").decode("utf-8", "replace")))
    reported = Counter()
    for _code, text in result.reporter.taken:
        reported.update(count(text))
    account.output_tokens = sum(output.values())
    account.reported_tokens = sum(reported.values())
    budget = output + reported + held
    found = [tokens(part.text) for part in parts]
    missing = [_charge(words, budget) for words in found]
    for words, lost in zip(found, missing):
        _rejoin(words, lost, budget)
    for words, lost in zip(found, missing):
        _pair(words, lost, budget)
    for words, lost in zip(found, missing):
        _triple(words, lost, budget)
    if any(r.code.severity is Severity.TRUNCATED for r in result.reporter.reports):
        kept: dict[str, list[str]] = {}  # the output's long tokens by their first MIN_CUT characters
        for word in output:
            if len(word) >= MIN_CUT:
                kept.setdefault(word[:MIN_CUT], []).append(word)
        for words, lost in zip(found, missing):
            _cut(words, lost, kept)
    for part, words, lost in zip(parts, found, missing):
        entry = PartAccount(part.name, part.kind, len(words))
        for index in sorted(lost):
            entry.unaccounted[words[index]] += 1
            shown = words[index] if len(words[index]) <= SHOWN_CHARS else words[index][:SHOWN_CHARS - 1] + "…"
            if len(entry.first) < FIRST_TOKENS and shown not in entry.first:
                entry.first.append(shown)
        account.source_tokens += entry.tokens
        account.parts.append(entry)
    return account, Counter(word for words in found for word in words)


def _with_children(path: Path, fmt: str | None, options: dict, max_part_chars: int, depth: int, scratch: Path,
                   account: Account):
    """The conversion again, into ``scratch`` so that its children are converted; each child's account (one
    level deeper) joins ``account``; returns the result, its output read back, and the children's tokens."""
    lineage = Lineage(depth, converted=[])
    target = scratch / "out.md"
    result = run(Request(source=Source(path.name, path=path), to="markdown", output=target, manifest=False,
                         from_=fmt, options=dict(options), accounting=True, lineage=lineage))
    result.output = target.read_bytes() if target.is_file() else b""
    held = Counter()
    for ordinal, (name, reader, data) in enumerate(lineage.converted, start=1):
        folder = scratch / f"source-{ordinal}"
        folder.mkdir()
        source = folder / name
        source.write_bytes(data)
        child, tokens = _check(source, reader, options, max_part_chars, depth + 1)
        child.path = f"{account.path}#{ordinal}-{name}"
        account.children.append(child)
        held.update(tokens)
    return result, held


def _charge(words: list[str], budget: Counter) -> set[int]:
    """Take each word from the budget; the positions of those it does not hold."""
    lost = set()
    for index, word in enumerate(words):
        if budget[word] > 0:
            budget[word] -= 1
        else:
            lost.add(index)
    return lost


def _rejoin(words: list[str], lost: set[int], budget: Counter) -> None:
    """The same text with other word boundaries is accounted for: unaccounted neighbours the output
    holds as one word (a PDF's letter spacing, a hyphen at a line's end, a rotated page's letters),
    the longest such run first, or one unaccounted word the output holds as two (a note number a
    reader sets apart)."""
    for index in sorted(lost):
        if index not in lost:
            continue
        if len(words[index]) > MAX_REJOINED:
            continue
        length, chars = 1, len(words[index])
        while length < MAX_JOIN and index + length in lost and chars + len(words[index + length]) <= MAX_REJOINED:
            chars += len(words[index + length])
            length += 1
        for span in range(length, 1, -1):
            joined = canonical("".join(words[index:index + span]))
            if budget[joined] > 0:
                budget[joined] -= 1
                lost.difference_update(range(index, index + span))
                break
        else:
            word = words[index]
            for cut in range(1, len(word)):
                head, tail = word[:cut], word[cut:]
                if budget[head] > (head == tail) and budget[tail] > 0:
                    budget[head] -= 1
                    budget[tail] -= 1
                    lost.discard(index)
                    break


def _pair(words: list[str], lost: set[int], budget: Counter) -> None:
    """Two unaccounted pieces of one part that the output holds as one word, in either order: a layout
    analysis that set a word's first letter on another line (a drop cap, a brace beside ``console``)
    puts the pieces apart, or the wrong way round. Only a word the output holds and nothing else
    claimed is taken, so a real loss cannot pair itself away."""
    candidates = [i for i in sorted(lost) if len(words[i]) <= MAX_REJOINED][:MAX_PAIRED]
    for a, first in enumerate(candidates):
        if first not in lost:
            continue
        for second in candidates[a + 1:]:
            if second not in lost:
                continue
            pair = (canonical(words[first] + words[second]), canonical(words[second] + words[first]))
            joined = next((w for w in pair if budget[w] > 0), None)
            if joined is not None:
                budget[joined] -= 1
                lost.difference_update((first, second))
                break


def _triple(words: list[str], lost: set[int], budget: Counter) -> None:
    """Three unaccounted right-to-left pieces of one part that the output holds as one word. A PDF draws
    right-to-left text in visual order, and its layout analysis can set a word's pieces apart on a line
    (a letter or two at each end, ``و`` and ``تخ``, beside the rest); such a word is compared by its
    letters (:func:`canonical`), so order does not matter, only that the output holds the word and
    nothing else claimed it."""
    candidates = [i for i in sorted(lost) if len(words[i]) <= MAX_REJOINED and right_to_left(words[i])][:MAX_TRIPLED]
    for a, first in enumerate(candidates):
        for b in range(a + 1, len(candidates)):
            second = candidates[b]
            if first not in lost or second not in lost:
                continue
            for third in candidates[b + 1:]:
                joined = canonical(words[first] + words[second] + words[third])
                if third in lost and budget[joined] > 0:
                    budget[joined] -= 1
                    lost.difference_update((first, second, third))
                    break


def _cut(words: list[str], lost: set[int], kept: dict[str, list[str]]) -> None:
    """A token whose start the output holds, cut by a cap: a conversion that reported a truncation (a cell
    past ``--max-cell-chars``, say) keeps a long value's first characters and says so. Only long starts
    count (``MIN_CUT``), so a short word that happens to begin a lost one accounts for nothing."""
    for index in sorted(lost):
        word = words[index]
        if len(word) > MIN_CUT and any(word.startswith(start) for start in kept.get(word[:MIN_CUT], ())):
            lost.discard(index)


__all__ = ["FAMILIES", "check"]
