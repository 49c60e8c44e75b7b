"""SmartArt from its data part, for every OOXML reader: the nodes' text as a list, nested as the diagram's
hierarchy nests it.

A diagram's data part (``dgm:dataModel``) keeps one ``dgm:pt`` per point, the words in ``dgm:t`` as
DrawingML paragraphs, and the points' relations in ``dgm:cxnLst``: a connection of type ``parOf`` (the
default) makes ``destId`` a child of ``srcId``, in the order of ``srcOrd``. The ``doc`` point is the
root; ``node`` points (the default type) are what the diagram shows. Transition (``parTrans``,
``sibTrans``) and presentation (``pres``) points belong to the layout and rarely hold words: those that
do are returned apart, for the reader to report with their text.

A node's children become a list nested in its item; a node with no words of its own gives its children
to its parent's list, so no words are lost and no empty bullet is drawn. A node no connection reaches
from the root (a part without connections, a broken one) is an item of the top list, in the part's
order; a cycle is cut where it closes; nesting stops at ``MAX_NESTING``, deeper nodes joining the list
at that depth. The shapes, arrows and layout are not carried: the reader reports the diagram as text.

The module reads parsed elements and imports no XML library.
"""

from __future__ import annotations

from dataclasses import field

from zenconv.ir.locator import Locator
from zenconv.ir.nodes import List, ListItem, Paragraph, Text
from zenconv.records import dataclass

DGM = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
MAX_NESTING = 16


@dataclass(slots=True)
class Node:
    text: str
    children: list[Node] = field(default_factory=list)


@dataclass(slots=True)
class Diagram:
    nodes: list[Node] = field(default_factory=list)  # the top list
    other: list[str] = field(default_factory=list)   # words of points that are not nodes

    @property
    def count(self) -> int:
        stack, total = list(self.nodes), 0
        while stack:
            node = stack.pop()
            total += 1
            stack.extend(node.children)
        return total


def read_diagram(root) -> Diagram:
    """The nodes of a diagram data part ``root`` (``dgm:dataModel``), nested by its connections."""
    found = Diagram()
    if root is None:
        return found
    kinds: dict[str, str] = {}
    words: dict[str, str] = {}
    order: list[str] = []
    for pt in root.iterfind(f"{DGM}ptLst/{DGM}pt"):
        model, kind = pt.get("modelId") or f"#{len(order)}", pt.get("type", "node")
        if model in kinds:
            continue
        kinds[model] = kind
        text = point_text(pt)
        if kind == "node":
            words[model] = text
            order.append(model)
        elif text and kind != "doc":
            found.other.append(text)
    children: dict[str, list[tuple[int, int, str]]] = {}
    for n, cxn in enumerate(root.iterfind(f"{DGM}cxnLst/{DGM}cxn")):
        if cxn.get("type", "parOf") != "parOf":
            continue
        parent, child = cxn.get("srcId"), cxn.get("destId")
        if child in words and parent in kinds and parent != child:
            children.setdefault(parent, []).append((_int(cxn.get("srcOrd")), n, child))
    placed: set[str] = set()

    def under(parent: str, depth: int) -> list[Node]:
        out: list[Node] = []
        for _, _, child in sorted(children.get(parent, ())):
            if child in placed:
                continue
            placed.add(child)
            nested = under(child, depth + 1) if depth < MAX_NESTING else []
            if words[child]:
                out.append(Node(words[child], nested))
            else:
                out.extend(nested)  # a node with no words: its children take its place
            if depth >= MAX_NESTING:
                out.extend(_flat(child, children, words, placed))
        return out

    for model, kind in kinds.items():
        if kind == "doc":
            found.nodes.extend(under(model, 1))
    for model in order:  # what no connection reaches from the root
        if model not in placed:
            placed.add(model)
            nested = under(model, 2)
            if words[model]:
                found.nodes.append(Node(words[model], nested))
            else:
                found.nodes.extend(nested)
    return found


def _flat(parent: str, children, words, placed) -> list[Node]:
    """Everything under ``parent`` not yet placed, as one flat run (past the nesting bound)."""
    out, stack = [], [parent]
    while stack:
        for _, _, child in sorted(children.get(stack.pop(), ()), reverse=True):
            if child not in placed:
                placed.add(child)
                if words[child]:
                    out.append(Node(words[child]))
                stack.append(child)
    return out


def diagram_list(diagram: Diagram, locator: Locator | None) -> List | None:
    """The diagram's nodes as a bulleted list, nested as the diagram nests them; None when it has none."""
    if not diagram.nodes:
        return None

    def items(nodes: list[Node]) -> List:
        return List([ListItem([Paragraph([Text(node.text)], locator=locator)]
                              + ([items(node.children)] if node.children else []), locator=locator)
                     for node in nodes], ordered=False, locator=locator)

    return items(diagram.nodes)


def point_text(pt) -> str:
    """A point's words: its paragraphs' runs, a paragraph's end and a line break a space (a node is one line
    of the list)."""
    body = pt.find(f"{DGM}t")
    if body is None:
        return ""
    lines = ("".join(" " if n.tag == f"{_A}br" else n.text or "" for n in p.iter(f"{_A}t", f"{_A}br"))
             for p in body.iter(f"{_A}p"))
    return " ".join(" ".join(lines).split())


def _int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:
        return 0
