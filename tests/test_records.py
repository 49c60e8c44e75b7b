"""zenconv.records.dataclass behaves as dataclasses.dataclass: each case builds the same class body with
both decorators and compares what a caller can see (repr, equality, hashing, immutability, fields,
replace, asdict, pickling, match args), so a difference in either fails here."""

from __future__ import annotations

import dataclasses
import math
import pickle
import re

import pytest

from zenconv import records

CASES = [
    {},
    {"slots": True},
    {"frozen": True},
    {"frozen": True, "slots": True},
    {"repr": False},
    {"eq": False},
    {"eq": False, "frozen": True},
    {"kw_only": True},
    {"match_args": False},
    {"order": True},
    {"unsafe_hash": True},
    {"init": False},
]


def _family(decorate, params):
    """Classes of every shape under one decorator: defaults, factories, field flags, inheritance,
    methods of their own."""
    dc = decorate(**params)
    ns: dict = {}

    @dc
    class Plain:
        """A record."""

        a: int = 0
        b: list = dataclasses.field(default_factory=list)
        c: str = dataclasses.field(default="x", repr=False)
        d: float = dataclasses.field(default=0.0, compare=False)

    @dc
    class Hashing:
        """Hash flags."""

        a: int = 1
        b: int = dataclasses.field(default=2, hash=False)
        c: int = dataclasses.field(default=3, hash=True, compare=False)

    @dc
    class One:
        a: object = None

    @dc
    class Empty:
        pass

    @dc
    class Child(Plain):
        e: tuple = ()

    ns.update(Plain=Plain, Hashing=Hashing, One=One, Empty=Empty, Child=Child)
    if params.get("init", True) and not params.get("unsafe_hash"):  # unsafe_hash refuses a class's own hash

        @dc
        class OwnEq:
            a: int = 0

            def __eq__(self, other):
                return isinstance(other, OwnEq)

        @dc
        class OwnRepr:
            a: int = 0

            def __repr__(self):
                return "own"

        @dc
        class OwnHash:
            a: int = 0

            def __hash__(self):
                return 7

        ns.update(OwnEq=OwnEq, OwnRepr=OwnRepr, OwnHash=OwnHash)
    return ns


def _shown(obj) -> str:
    return re.sub(r" at 0x[0-9a-f]+", "", repr(obj))  # a default object repr: its address differs run to run


def _observe(ns, params):
    """What a caller sees of the family: a list of plain values, comparable between the two."""
    init = params.get("init", True)
    kw = params.get("kw_only", False)
    nan = math.nan
    seen = []

    def build(cls, *args):
        if not init:
            obj = cls.__new__(cls)
            for f, value in zip(dataclasses.fields(cls), args):
                object.__setattr__(obj, f.name, value)
            return obj
        if kw:
            return cls(**{f.name: v for f, v in zip(dataclasses.fields(cls), args)})
        return cls(*args)

    for name, cls in sorted(ns.items()):
        count = len(dataclasses.fields(cls))
        values = [(1, [2], "s", 1.5, ("t",)), (1, [2], "other", 9.5, ("t",)), (nan, [], "s", 0.0, ()),
                  (2, [2], "s", 1.5, ("u",))]
        objs = [build(cls, *v[:count]) for v in values]
        if count:
            objs.append(objs[2])  # the very same object: NaN equal to itself through identity
        row = [name, [f.name for f in dataclasses.fields(cls)], getattr(cls, "__match_args__", None),
               cls.__hash__ is None]
        for x in objs:
            row.append(_shown(x))
            row.append([x == y for y in objs])
            row.append([x != y for y in objs])
            try:
                row.append(("hash", "identity" if hash(x) == object.__hash__(x) else hash(x)))
            except TypeError as exc:
                row.append(("unhashable", str(exc)))
            if count and init:
                row.append(dataclasses.asdict(x) if not any(isinstance(v, float) and v != v
                                                            for v in dataclasses.astuple(x)) else "nan")
                first = dataclasses.fields(cls)[0].name
                row.append(_shown(dataclasses.replace(x, **{first: 5})))
                m = build(cls, *values[0][:count])  # mutated: a fresh one, so the others stay comparable
                try:
                    setattr(m, first, 6)
                    row.append(("set", _shown(m)))
                except dataclasses.FrozenInstanceError as exc:
                    row.append(("frozen", str(exc)))
                try:
                    delattr(m, first)
                    row.append(("deleted", hasattr(m, first)))
                except dataclasses.FrozenInstanceError as exc:
                    row.append(("frozen", str(exc)))
                try:
                    setattr(m, "not_a_field", 1)
                    row.append(("extra", m.not_a_field))
                except (dataclasses.FrozenInstanceError, AttributeError, TypeError) as exc:
                    row.append((type(exc).__name__, str(exc)))
                again = pickle.loads(pickle.dumps(x))
                row.append(_shown(again) == _shown(x))
        seen.append(row)
    return seen


@pytest.mark.parametrize("params", CASES, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "default")
def test_the_same_as_dataclasses(params):
    ours = _family(lambda **p: records.dataclass(**p), params)
    theirs = _family(lambda **p: dataclasses.dataclass(**p), params)
    # pickling looks classes up by name: each family in turn takes the module's names
    for family in (ours, theirs):
        for name, cls in family.items():
            cls.__module__ = __name__
            cls.__qualname__ = name
    globals().update(ours)
    seen_ours = _observe(ours, params)
    globals().update(theirs)
    seen_theirs = _observe(theirs, params)
    assert seen_ours == seen_theirs


def test_a_record_repr_guards_against_recursion():
    @records.dataclass
    class Node:
        children: list

    node = Node([])
    node.children.append(node)
    assert repr(node) == "test_a_record_repr_guards_against_recursion.<locals>.Node(children=[...])"


def test_frozen_guards_are_shared_where_the_standard_library_allows():
    @records.dataclass(frozen=True)
    class Point:
        x: int

    assert records._GUARDS_HOOK  # the Pythons this project runs on: 3.11, 3.12
    assert Point.__setattr__.__qualname__.endswith("Point.__setattr__")
    assert dataclasses._frozen_get_del_attr is records._STDLIB_GUARDS  # put back after each class


def test_bare_decorator_and_methods_named_as_the_standard_library_names_them():
    @records.dataclass
    class Bare:
        a: int

    assert Bare.__eq__.__qualname__.endswith("Bare.__eq__") and Bare.__repr__.__name__ == "__repr__"
    assert Bare(1) == Bare(1) and Bare(1) != Bare(2) and Bare.__hash__ is None
    assert dataclasses.is_dataclass(Bare)


def test_init_is_written_on_first_use_and_is_the_standard_librarys():
    """A documented class's __init__ is written when it is first called, by the standard library's writer:
    the same signature, defaults, factories, keyword-only fields and __post_init__ as the class made eagerly."""
    import inspect

    def family(decorate):
        @decorate(frozen=True, kw_only=False)
        class Base:
            """A base."""

            a: int
            b: list = dataclasses.field(default_factory=list)

            def __post_init__(self):
                object.__setattr__(self, "seen", self.a + 1)

        @decorate(frozen=True)
        class Sub(Base):
            """A subclass with a keyword-only field."""

            c: str = dataclasses.field(default="c", kw_only=True)

        class Plain(Sub):  # no dataclass: inherits the deferred __init__ and calls it through super()
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)

        return Base, Sub, Plain

    Base, Sub, Plain = family(records.dataclass)
    eager_base, eager_sub, _ = family(dataclasses.dataclass)
    assert records._INIT_HOOK  # the Pythons this project runs on: 3.11, 3.12
    assert "args" in Base.__init__.__code__.co_varnames  # not written yet
    plain = Plain(1, [2], c="x")  # the subclass's first: Sub's __init__ written through super()
    assert (plain.a, plain.b, plain.c, plain.seen) == (1, [2], "x", 2)
    assert (Sub(1).b, Sub(1).c, Base(4).seen) == ([], "c", 5)
    for ours, theirs in ((Base, eager_base), (Sub, eager_sub)):
        assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
        assert ours.__init__.__qualname__ == theirs.__init__.__qualname__
    with pytest.raises(TypeError):
        Sub(1, [], "positional c")  # keyword-only, as the standard library's
    with pytest.raises(dataclasses.FrozenInstanceError):
        Sub(1).a = 2


def test_an_undocumented_class_gets_the_standard_librarys_docstring():
    @records.dataclass
    class Bare:
        a: int
        b: str = "x"

    assert Bare.__doc__ == "Bare(a: 'int', b: 'str' = 'x')"


def test_an_undocumented_classs_docstring_is_derived_on_first_read():
    @records.dataclass(frozen=True, slots=True)
    class Quiet:
        a: int
        b: tuple = ()

    @dataclasses.dataclass(frozen=True, slots=True)
    class Eager:
        a: int
        b: tuple = ()

    assert "args" in Quiet.__init__.__code__.co_varnames  # neither written yet
    assert Quiet(1).__doc__ == Eager.__doc__.replace("Eager", "Quiet")  # read through an instance
    assert "args" not in Quiet.__init__.__code__.co_varnames
    assert type(Quiet.__dict__["__doc__"]) is str
