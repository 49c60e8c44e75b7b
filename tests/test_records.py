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
    {"unsafe_hash": True, "slots": True},
    {"unsafe_hash": True, "frozen": True},
    {"unsafe_hash": True, "eq": False},
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


@pytest.mark.parametrize("frozen", [False, True])
def test_unsafe_hash_with_an_own_hash_is_refused_alike_and_with_an_own_eq_hashes_alike(frozen):
    def own_hash(decorate):
        @decorate(unsafe_hash=True, frozen=frozen)
        class OwnHash:
            a: int = 0

            def __hash__(self):
                return 7

    refused = []
    for decorate in (records.dataclass, dataclasses.dataclass):
        with pytest.raises(TypeError) as caught:
            own_hash(decorate)
        refused.append(str(caught.value))
    assert refused[0] == refused[1] == "Cannot overwrite attribute __hash__ in class OwnHash"

    def own_eq(decorate):
        @decorate(unsafe_hash=True, frozen=frozen)
        class OwnEq:
            a: int = 0
            b: int = dataclasses.field(default=0, hash=False)

            def __eq__(self, other):
                return True

        return OwnEq

    ours, theirs = own_eq(records.dataclass), own_eq(dataclasses.dataclass)
    assert [hash(ours(1, 2)), hash(ours(1, 3)), hash(ours(2, 2))] == \
        [hash(theirs(1, 2)), hash(theirs(1, 3)), hash(theirs(2, 2))] == [hash((1,)), hash((1,)), hash((2,))]


def test_unsafe_hash_writes_no_method_by_compiling():
    """The Locator's case: a record hashed by value and not frozen, made with nothing compiled."""
    compiled = []
    real = dataclasses._create_fn

    def spy(name, *args, **kwargs):
        compiled.append(name)
        return real(name, *args, **kwargs)

    dataclasses._create_fn = spy
    try:
        @records.dataclass(slots=True, unsafe_hash=True)
        class Where:
            page: int | None = None
            line: int | None = None
    finally:
        dataclasses._create_fn = real
    assert compiled == []
    assert hash(Where(1, 2)) == hash((1, 2)) and Where(1, 2) == Where(1, 2) and repr(Where(1)).endswith("Where(page=1, line=None)")


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


def test_init_is_written_after_the_cold_calls_and_is_the_standard_librarys():
    """A documented class's __init__ is written once the class has been instantiated COLD_CALLS times, by
    the standard library's writer: the same signature, defaults, factories, keyword-only fields and
    __post_init__ as the class made eagerly."""
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
    for i in range(records.COLD_CALLS):  # bound by the generic binder: nothing written
        if i % 2:
            plain = Plain(1, [2], c="x")  # Sub's __init__ reached through super()
            assert (plain.a, plain.b, plain.c, plain.seen) == (1, [2], "x", 2)
        else:
            sub = Sub(1, c="d")
            assert (sub.b, sub.c) == ([], "d")
        assert Base(4).seen == 5
    assert "args" in Sub.__init__.__code__.co_varnames and "args" in Base.__init__.__code__.co_varnames
    plain = Plain(1, [2], c="x")  # past the cold calls: the standard library's __init__ written
    assert (plain.a, plain.b, plain.c, plain.seen) == (1, [2], "x", 2)
    assert (Sub(1).b, Sub(1).c, Base(4).seen) == ([], "c", 5)
    assert "args" not in Sub.__init__.__code__.co_varnames and "args" not in Base.__init__.__code__.co_varnames
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


def _shapes(decorate, frozen, slots):
    """Classes whose __init__ takes every kind of parameter the standard library writes."""

    @decorate(frozen=frozen, slots=slots)
    class Shapes:
        """Every kind of field."""

        a: int
        iv: dataclasses.InitVar[int]
        b: list = dataclasses.field(default_factory=list)
        c: str = "c"
        hidden: list = dataclasses.field(default_factory=lambda: ["made"], init=False)
        fixed: int = dataclasses.field(default=9, init=False)
        d: int = dataclasses.field(default=4, kw_only=True)
        e: str = dataclasses.field(kw_only=True, default="e")

        def __post_init__(self, iv):
            object.__setattr__(self, "fixed", (self.fixed, iv, self.a))

    @decorate(frozen=frozen, slots=slots, kw_only=True)
    class Keywords:
        """Keyword-only, one required."""

        x: int
        y: tuple = ()

    return Shapes, Keywords


CALLS = [
    ("Shapes", (1, 2), {}), ("Shapes", (1, 2, [3], "z"), {"d": 5, "e": "f"}), ("Shapes", (), {"a": 1, "iv": 2}),
    ("Shapes", (1,), {"iv": 2, "c": "y"}), ("Shapes", (1, 2, [], "c", "extra"), {}), ("Shapes", (1,), {}),
    ("Shapes", (1, 2), {"a": 3}), ("Shapes", (1, 2), {"nope": 1}), ("Shapes", (), {}), ("Shapes", (1, 2), {"hidden": 1}),
    ("Keywords", (), {"x": 1}), ("Keywords", (), {"x": 1, "y": (2,)}), ("Keywords", (1,), {}), ("Keywords", (), {}),
]


def _seen(obj) -> tuple:
    return tuple((name, getattr(obj, name, "unset")) for name in ("a", "b", "c", "d", "e", "hidden", "fixed", "seen",
                                                                 "x", "y", "iv"))


@pytest.mark.parametrize("frozen,slots", [(False, False), (True, False), (False, True), (True, True)])
def test_the_generic_binder_binds_as_the_standard_librarys_init(frozen, slots):
    """The cold calls' binder: every kind of field and call, good and bad, gives what the standard
    library's __init__ gives (a refused call: a TypeError both), and the class is then as made eagerly."""
    ours = dict(zip(("Shapes", "Keywords"), _shapes(records.dataclass, frozen, slots)))
    theirs = dict(zip(("Shapes", "Keywords"), _shapes(dataclasses.dataclass, frozen, slots)))
    for name, args, kwargs in CALLS:
        results = []
        for family in (ours, theirs):
            try:
                results.append(_seen(family[name](*args, **kwargs)))
            except TypeError:
                results.append("TypeError")
        assert results[0] == results[1], (name, args, kwargs)
    assert "args" in ours["Shapes"].__init__.__code__.co_varnames  # all of these were the binder's


def test_a_default_before_a_required_field_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        @records.dataclass
        class Wrong:
            """Not a valid signature."""

            a: int = 0
            b: int
