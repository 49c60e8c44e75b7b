"""Every hook a zenconv plugin may implement.

A plugin is a module (or object) registered through the ``zenconv`` entry-point group. Each hook
receives a typed ``register`` object and returns nothing: what a plugin offers is what it registers.
Entry-point modules import nothing heavy; the reader or writer itself is named by a dotted path and
imported only when the host chooses it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .plugins import Registry

hookspec = pluggy.HookspecMarker("zenconv")


@hookspec
def zenconv_readers(register: Registry) -> None:
    """Register format readers with ``register.reader(...)``.

    Called once when the plugin manager is built, for every plugin, in entry-point name order.
    Results do not combine: each call adds readers to the registry. Two readers with one id are an
    error. The host tries readers in a fixed order, highest ``priority`` first, then by id.
    """


@hookspec
def zenconv_writers(register: Registry) -> None:
    """Register output writers with ``register.writer(...)``.

    Called once when the plugin manager is built, after every ``zenconv_readers``. A writer's
    ``name`` is what ``--to`` takes and its extensions are what ``-o out.EXT`` picks it by. Two
    writers with one name are an error.
    """
