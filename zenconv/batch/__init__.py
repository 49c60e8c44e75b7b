"""Batches: folders in, one output and manifest per document, a journal of every input file.

See ``docs/batch.md``. :func:`run_batch` is the entry point; the modules are the walk
(:mod:`.inputs`), the journal (:mod:`.journal`), one document's attempts and their failure classes
(:mod:`.tasks`), and the runners (:mod:`.runner`).
"""

from .inputs import LISTED, order_key, output_name
from .journal import INDEX_NAME
from .runner import EXIT_BATCH, Batch, executor_from_url, run_batch
from .tasks import ATTEMPT_SUFFIX, BATCH_CODES, TRANSIENT_CODES, Task, convert_task

__all__ = ["ATTEMPT_SUFFIX", "BATCH_CODES", "EXIT_BATCH", "INDEX_NAME", "LISTED", "TRANSIENT_CODES", "Batch", "Task",
           "convert_task", "executor_from_url", "order_key", "output_name", "run_batch"]
