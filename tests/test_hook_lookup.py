"""The plugin manager's quicker look for a module's hook implementations gives pluggy's own answers."""

from __future__ import annotations

import importlib
import types
from functools import partial

import pluggy

from zenconv import hookimpl
from zenconv.entrypoints import entry_points
from zenconv.plugins import PROJECT, _PluginManager


def _answers(manager, module) -> dict:
    return {name: manager.parse_hookimpl_opts(module, name) for name in list(vars(module))}


def test_every_built_in_plugin_module_gets_pluggys_answer_for_every_name():
    quick, plain = _PluginManager(PROJECT), pluggy.PluginManager(PROJECT)
    modules = [importlib.import_module(ep.value) for ep in entry_points(PROJECT) if ep.dist_name == "zenconv"]
    assert len(modules) > 10
    hooks = 0
    for module in modules:
        answers = _answers(quick, module)
        assert answers == _answers(plain, module), module.__name__
        hooks += sum(1 for a in answers.values() if a is not None)
    assert hooks >= len(modules)  # each registers something: the answers are not all None


def test_a_module_of_every_kind_of_value_gets_pluggys_answer():
    module = types.ModuleType("zz_mixed")

    @hookimpl
    def zenconv_readers(register):
        pass

    def helper():
        pass

    class Holder:
        @hookimpl
        def zenconv_writers(self, register):
            pass

    marked_partial = partial(helper)
    module.__dict__.update(
        zenconv_readers=zenconv_readers, helper=helper, Holder=Holder, bound=Holder().zenconv_writers,
        static=staticmethod(zenconv_readers), klass=classmethod(zenconv_readers), partial=marked_partial,
        builtin=len, number=1.5, data=b"x", marker=hookimpl, spec=importlib.machinery.ModuleSpec("x", None),
    )
    quick, plain = _PluginManager(PROJECT), pluggy.PluginManager(PROJECT)
    answers = _answers(quick, module)
    assert answers == _answers(plain, module)
    assert answers["zenconv_readers"] is not None and answers["bound"] is not None
