"""The contract's errors for documents it cannot read. A module of their own, left Python: the
readers' modules are compiled (build_fast), and mypyc cannot compile a subclass of TypeError."""

from __future__ import annotations


class DocumentError(ValueError):
    """A phase document that cannot be adjudicated; the message says what and where."""


class Malformed(TypeError):
    """A value of a type the contract does not allow, met while reading a document as parsed."""
