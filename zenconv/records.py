"""``dataclass``, as the standard library's, at under half the cost to apply.

Applying ``dataclasses.dataclass`` compiles a function for each method it writes (``__init__``,
``__repr__``, ``__eq__``; for a frozen class ``__setattr__``, ``__delattr__`` and ``__hash__`` too), and a
conversion's start-up applies it to some eighty classes: that compiling was a third of the time
``zenconv tiny.csv -o tiny.md`` took. This decorator gives each class a ``__repr__``, an ``__eq__``, a
``__hash__`` and a frozen class's guards built from its fields without compiling anything, and has the
standard library write ``__init__`` only once the class has been instantiated a few times rather than
when it is made: most of the eighty are never instantiated in a given conversion, and most of the rest a
handful of times (a conversion's request, its manifest), which a generic binder serves at no compiling
cost; a class made thousands of times (the IR's nodes) gets the standard library's compiled one. The same
results as the standard library's, by the same rules (a method the class defines itself is kept; the hash
follows the standard library's table). ``tests/test_records.py`` holds the two to the same behaviour.

Everything else is the standard library's: ``fields``, ``replace``, ``asdict``, slots, ``__match_args__``,
pickling. ``order=True`` goes to the standard library whole.
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from contextlib import contextmanager, nullcontext
from _thread import get_ident
from operator import attrgetter

__all__ = ["dataclass", "field"]

field = dataclasses.field


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False, weakref_slot=False):
    """``dataclasses.dataclass`` with the same parameters and the same classes out."""

    def wrap(cls):
        options = dict(init=init, order=order, unsafe_hash=unsafe_hash, frozen=frozen, match_args=match_args,
                       kw_only=kw_only, slots=slots, weakref_slot=weakref_slot)
        body = cls.__dict__
        class_hash = body.get("__hash__", dataclasses.MISSING)
        explicit_hash = not (class_hash is dataclasses.MISSING or (class_hash is None and "__eq__" in body))
        if order or (unsafe_hash and explicit_hash):  # the latter refused there, as it must be
            return dataclasses.dataclass(cls, repr=repr, eq=eq, **options)
        options["unsafe_hash"] = False  # its hash is written here, below
        own_repr = repr and "__repr__" not in body
        own_eq = eq and "__eq__" not in body
        deferred = init and _INIT_HOOK and "__init__" not in body
        undocumented = deferred and not cls.__doc__
        if deferred:
            options["init"] = False
            if undocumented:  # the standard library would derive one from __init__: that is deferred too
                cls.__doc__ = _PENDING
        with _shared_guards() if frozen and _GUARDS_HOOK else nullcontext():
            made = dataclasses.dataclass(cls, repr=repr and not own_repr, eq=eq and not own_eq, **options)
        if deferred:
            _set(made, "__init__", _deferred_init(made, frozen, slots))
            if undocumented:
                made.__doc__ = _DerivedDoc(made)
        fields = dataclasses.fields(made)
        if own_repr:
            _set(made, "__repr__", _repr_of(tuple(f.name for f in fields if f.repr)))
        # no __eq__ asked for, or the class's own: the standard library had eq as given and did the rest, but
        # for unsafe_hash
        if own_eq:
            _set(made, "__eq__", _eq_of(_getter(tuple(f.name for f in fields if f.compare))))
        # The standard library's hash table: unsafe_hash hashes the fields (a class's own __hash__ was refused
        # above); with eq=True, a frozen class hashes its fields, a mutable one is unhashable, unless the class
        # wrote its own __hash__.
        if unsafe_hash or (own_eq and frozen and not explicit_hash):
            hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
            _set(made, "__hash__", _hash_of(_getter(hashed)))
        elif own_eq and not explicit_hash:
            made.__hash__ = None
        return made

    return wrap if cls is None else wrap(cls)


# A frozen class's __setattr__ and __delattr__: the standard library compiles two per class; these are the
# same guards as closures. Used only where its guard writer is the one this mirrors (3.11, 3.12: same
# name, same arguments); elsewhere the standard library writes them as it always does. While one is
# swapped in, any class made meanwhile gets guards that behave as its own would: the swap is harmless.
_STDLIB_GUARDS = getattr(dataclasses, "_frozen_get_del_attr", None)
_GUARDS_HOOK = _STDLIB_GUARDS is not None and (
    _STDLIB_GUARDS.__code__.co_varnames[:_STDLIB_GUARDS.__code__.co_argcount] == ("cls", "fields", "globals"))
_GUARDS_LOCK = threading.Lock()


@contextmanager
def _shared_guards():
    """The standard library's guard writer swapped for ours while one class is made."""
    with _GUARDS_LOCK:
        dataclasses._frozen_get_del_attr = _frozen_guards
        try:
            yield
        finally:
            dataclasses._frozen_get_del_attr = _STDLIB_GUARDS


def _frozen_guards(cls, fields, globals):
    names = frozenset(f.name for f in fields)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


# __init__ written on first use, by the standard library's own writer, called as its class maker calls it
# (3.11, 3.12: the same name and arguments); elsewhere it is written when the class is made, as always.
_STDLIB_INIT = getattr(dataclasses, "_init_fn", None)
_INIT_HOOK = _STDLIB_INIT is not None and hasattr(dataclasses, "_fields_in_init_order") and (
    _STDLIB_INIT.__code__.co_varnames[:_STDLIB_INIT.__code__.co_argcount]
    == ("fields", "std_fields", "kw_only_fields", "frozen", "has_post_init", "self_name", "globals", "slots"))


# Instantiations a class's generic binder serves before the standard library writes its own __init__
# (about a millisecond of compiling each): enough for the records a conversion makes a few of.
COLD_CALLS = 16


def _deferred_init(cls, frozen: bool, slots: bool):
    """An ``__init__`` that binds its first :data:`COLD_CALLS` calls itself (:func:`_binder`), then has
    the class's real one written (:func:`_written_init`) and runs it.

    What the standard library would read when making the class is read now, so the ``__init__`` written
    later is the one it would have written then.
    """
    every = [f for f in cls.__dataclass_fields__.values()
             if f._field_type in (dataclasses._FIELD, dataclasses._FIELD_INITVAR)]
    module = sys.modules.get(cls.__module__)
    std_fields, kw_only_fields = dataclasses._fields_in_init_order(every)
    has_post_init = hasattr(cls, "__post_init__")
    bind = _binder(cls, every, std_fields, kw_only_fields, frozen, has_post_init, slots)
    calls = 0

    def __init__(self, *args, **kwargs):
        nonlocal calls
        calls += 1
        if calls > COLD_CALLS:
            _written_init(cls)(self, *args, **kwargs)
        else:
            bind(self, args, kwargs)

    __init__.deferred = (every, std_fields, kw_only_fields, frozen, has_post_init,
                         "__dataclass_self__" if "self" in cls.__dataclass_fields__ else "self",
                         module.__dict__ if module is not None else {}, slots)
    return __init__


def _binder(cls, every, std_fields, kw_only_fields, frozen: bool, has_post_init: bool, slots: bool):
    """What the standard library's ``__init__`` for these fields does, without compiling one.

    Its parameters are ``std_fields`` (positional or keyword) then ``kw_only_fields`` (keyword only); a
    field without a default is required, one with a factory gets ``factory()`` when not given. Then, in
    field order, each field is assigned (``object.__setattr__`` when frozen), an ``init=False`` field its
    factory's value, or with slots its default; an InitVar is not assigned but handed, with the others
    in order, to ``__post_init__``. A call the standard library's would refuse raises a TypeError too.
    """
    name = f"{cls.__qualname__}.__init__()"
    positional = tuple(f.name for f in std_fields)
    accepted = frozenset(f.name for f in (*std_fields, *kw_only_fields))
    required = tuple(f.name for f in (*std_fields, *kw_only_fields)
                     if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    defaulted = [f.name for f in std_fields if f.name not in required]
    late = [n for n in positional[positional.index(defaulted[0]):] if n in required] if defaulted else []
    if late:  # as the standard library refuses when it writes the __init__ (at once, made eagerly)
        raise TypeError(f"non-default argument {late[0]!r} follows default argument")
    missing_value = object()
    steps = []  # (field name, how its value is found, default or factory, an InitVar), in field order
    for f in every:
        if f.init:
            steps.append((f.name, "given", f.default if f.default_factory is dataclasses.MISSING
                          else f.default_factory, f.default_factory is not dataclasses.MISSING))
        elif f.default_factory is not dataclasses.MISSING:
            steps.append((f.name, "factory", f.default_factory, False))
        elif slots and f.default is not dataclasses.MISSING:
            steps.append((f.name, "default", f.default, False))
    initvars = tuple(f.name for f in every if f._field_type is dataclasses._FIELD_INITVAR)
    is_initvar = frozenset(initvars)
    assign = object.__setattr__ if frozen else setattr

    def bind(self, args, kwargs):
        if len(args) > len(positional):
            _refused(name, f"takes {len(positional) + 1} positional arguments but {len(args) + 1} were given")
        values = dict(zip(positional, args))
        for key, value in kwargs.items():
            if key not in accepted:
                _refused(name, f"got an unexpected keyword argument {key!r}")
            if key in values:
                _refused(name, f"got multiple values for argument {key!r}")
            values[key] = value
        absent = [n for n in required if n not in values]
        if absent:
            _refused(name, f"missing required arguments: {', '.join(map(repr, absent))}")
        for field_name, how, source, factory in steps:
            if how == "given":
                value = values.get(field_name, missing_value)
                if value is missing_value:
                    value = source() if factory else source
            elif how == "factory":
                value = source()
            else:
                value = source
            if how == "given" and field_name in is_initvar:
                values[field_name] = value
                continue
            assign(self, field_name, value)
        if has_post_init:
            self.__post_init__(*(values[n] for n in initvars))

    return bind


def _refused(name: str, problem: str) -> None:
    raise TypeError(f"{name} {problem}")


def _written_init(cls):
    """The class's real ``__init__``: written by the standard library and put in place, if it was deferred."""
    current = cls.__dict__["__init__"]
    arguments = getattr(current, "deferred", None)
    if arguments is None:
        return current
    real = _STDLIB_INIT(*arguments)
    _set(cls, "__init__", real)
    return real


_PENDING = "(derived when first read)"  # what the standard library sees while the class is made: a docstring


class _DerivedDoc:
    """An undocumented class's docstring, derived from its ``__init__`` as the standard library derives it,
    when it is first read (writing the ``__init__`` then if it was not yet); the text then takes its place."""

    def __init__(self, cls) -> None:
        self.cls = cls

    def __get__(self, obj, owner=None) -> str:
        import inspect  # the standard library's dataclasses imported it already

        cls = self.cls
        _written_init(cls)
        try:
            signature = str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            signature = ""
        cls.__doc__ = doc = cls.__name__ + signature
        return doc


def _set(cls, name: str, function) -> None:
    function.__name__ = name
    function.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, function)


def _getter(names: tuple[str, ...]):
    """The fields' values as a tuple, as the standard library's generated methods build it."""
    if len(names) > 1:
        return attrgetter(*names)
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _eq_of(values):
    def eq(self, other):
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return eq


def _hash_of(values):
    def hash_(self):
        return hash(values(self))

    return hash_


def _repr_of(names: tuple[str, ...]):
    running: set[tuple[int, int]] = set()  # reprlib's guard, as dataclasses' _recursive_repr keeps it

    def repr_(self):
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        finally:
            running.discard(key)
        return f"{self.__class__.__qualname__}({inner})"

    return repr_
