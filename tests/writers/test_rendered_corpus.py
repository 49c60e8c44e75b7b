"""A sample of the shared corpus, converted to Markdown and HTML: rendered, nothing outside the allowlist.

The sample is test_batch_corpus.py's rule (per source folder and format, the smallest document and the
median-sized one); the whole corpus takes too long for one test (two conversions and five renderers a
document): ``python -m tests.writers.corpus_rendered`` runs it all.
"""

from __future__ import annotations

import pytest

from ..test_batch_corpus import CORPUS, sample
from .corpus_rendered import problems_of

pytestmark = pytest.mark.skipif(not (CORPUS / "MANIFEST.tsv").is_file(),
                                reason=f"the shared corpus is not at {CORPUS} (../shared beside the repo)")


def test_the_corpus_sample_renders_inert():
    unsafe = {name: found for name in sample() if (found := problems_of(CORPUS / name))}
    assert not unsafe, unsafe
