"""Hints for the optional mypyc build (issue 19), with no run-time dependency.

:func:`mypyc_attr` is ``mypy_extensions.mypyc_attr`` to mypy and mypyc (they read the
``TYPE_CHECKING`` branch, and mypyc knows the decorator by that full name even when imported
from here), and a decorator that returns the class unchanged at run time, so neither build
imports ``mypy_extensions``.

``@mypyc_attr(acyclic=True)`` tells mypyc a class's instances can never be part of a reference
cycle, so the compiled build leaves them out of the cyclic garbage collector. Mark only frozen
values that hold cards, numbers, text, enums, rules and tuples of those: never a class holding a
mutable container, a callback or anything that could refer back to it (the collector would then
never free such a cycle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:
        """Run-time stand-in for ``mypy_extensions.mypyc_attr``: leaves the class as it is."""
        return lambda cls: cls
