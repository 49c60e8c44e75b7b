"""CPU time, for the tests that bound how much work something takes.

A busy machine stretches wall-clock time (a 2-second bound failed a batch test that way) but not the CPU
seconds a piece of work needs, so a test that asserts "linear, not quadratic" or "refused before
inflating" measures these. A conversion the API runs in a child is counted once the child is reaped.
"""

from __future__ import annotations

import resource


def cpu_seconds() -> float:
    """CPU seconds spent so far by this process and by its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
