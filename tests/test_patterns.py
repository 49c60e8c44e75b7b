"""zenconv.patterns: a pattern is compiled at its first use, not before, and then answers as the compiled
pattern does, through the compiled pattern's own methods."""

from __future__ import annotations

import re

import pytest

from zenconv.patterns import pattern


def test_compiled_at_first_use_not_before(monkeypatch):
    compiled = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda *args: compiled.append(args) or real(*args))
    word = pattern(r"(?P<w>\w+)", re.ASCII)
    assert compiled == []
    assert word.match("abc é").group("w") == "abc"
    assert compiled == [(r"(?P<w>\w+)", re.ASCII)]
    word.search("x")
    word.sub("-", "a b")
    assert len(compiled) == 1  # once


def test_answers_as_re_compile_does():
    source, flags = rb"(a)(b)?|c", re.IGNORECASE
    ours, theirs = pattern(source, flags), re.compile(source, flags)
    text = b"AbcaC"
    assert [m.span() for m in ours.finditer(text)] == [m.span() for m in theirs.finditer(text)]
    assert ours.findall(text) == theirs.findall(text)
    assert ours.split(text) == theirs.split(text)
    assert ours.subn(b"-", text) == theirs.subn(b"-", text)
    assert ours.fullmatch(b"ab").groups() == theirs.fullmatch(b"ab").groups()
    assert (ours.pattern, ours.flags, ours.groups, ours.groupindex) == \
        (theirs.pattern, theirs.flags, theirs.groups, theirs.groupindex)
    assert ours.compiled() is re.compile(source, flags)  # the re module's cached pattern itself


def test_after_first_use_the_methods_are_the_compiled_patterns_own():
    digits = pattern(r"\d+")
    digits.match("1")
    assert digits.__dict__["match"] == digits.compiled().match  # no lookup through __getattr__ any more


def test_a_bad_pattern_fails_at_first_use_and_unknown_names_fail():
    broken = pattern(r"(")
    with pytest.raises(re.error):
        broken.match("x")
    with pytest.raises(AttributeError):
        pattern("x").no_such_method
    with pytest.raises(AttributeError):
        pattern("x").__deepcopy__  # dunders are never looked up on the compiled pattern
