"""Numbered paragraphs to nested lists: Word has no list element, only paragraphs that point at a
numbering definition and a level, so lists are synthesized from runs of such paragraphs.

A list stays open across empty paragraphs (they emit nothing) and closes at any other block. A
deeper level opens a list inside the last item; a shallower one closes lists back to it; a change
of definition or of ordered-versus-bullet at the same level starts a new list.
"""

from __future__ import annotations

from zenconv.ir.nodes import CodeBlock, List, ListItem

from .numbering import Item


class ListAssembler:
    def __init__(self) -> None:
        self._stack: list[list] = []   # [level, key, list, last value], outermost first
        self._done: list = []
        self._code: CodeBlock | None = None   # the code block consecutive code paragraphs extend
        self._lines: list[str] = []           # its lines, joined once when it closes

    def item(self, info: Item, item: ListItem) -> None:
        if self._code is not None:
            self._close_code()
        stack = self._stack
        level = info.level
        while stack and stack[-1][0] > level:
            stack.pop()
        if stack and stack[-1][0] == level:
            _, key, current, last = stack[-1]
            # a number that does not follow on (a restart) cannot be written in the same Markdown list
            follows = not info.ordered or info.value == last + 1
            if key == info.key and current.ordered == info.ordered and follows:
                current.items.append(item)
                stack[-1][3] = info.value
                return
            stack.pop()
        # positional, in the order of the fields: keywords cost a node's __init__ more
        new = List([item], info.ordered, info.value if info.ordered else 1, (), item.locator)
        if stack:
            parent = stack[-1][2]
            parent.items[-1].blocks.append(new)
        else:
            self._done.append(new)
        stack.append([level, info.key, new, info.value])

    def block(self, block) -> None:
        self._stack.clear()
        self._close_code()
        self._done.append(block)

    def code(self, text: str, facets: tuple = (), locator=None) -> None:
        """A code paragraph: a line of the code block the paragraphs before it opened, or a new one."""
        if self._code is not None and not facets:
            self._lines.append(text)
            return
        self.block(CodeBlock(text, facets=facets, locator=locator))
        self._code = self._done[-1]
        self._lines = [text]

    def _close_code(self) -> None:
        if self._code is not None:
            self._code.text = "\n".join(self._lines)
            self._code = None
            self._lines = []

    def close(self) -> None:
        self._stack.clear()
        self._close_code()

    def take(self) -> list:
        """The finished top-level blocks; an open list stays until it closes."""
        done = self._done
        if not done:
            return []
        if self._stack or self._code is not None:
            # the last top-level block is an open list or code block: hold it back, it may still grow
            if len(done) == 1:   # it alone, as it mostly is while it grows
                return []
            ready, self._done = self._done[:-1], self._done[-1:]
            return ready
        ready, self._done = self._done, []
        return ready

    def finish(self) -> list:
        self.close()
        ready, self._done = self._done, []
        return ready
