"""The JSON schemas of the contract's documents, generated from pydantic models.

The phase document's model (`PhaseDocument`) is the one that validates input (contract/reading.py
uses it; here, with the other models, it stays Python while the readers are compiled). The
result document is written by plain functions for speed; its models here describe that output,
and a test validates real results against them, so the schema cannot drift from the program.
Run `python -m adjudicator.contract.schema docs/schema` to regenerate the committed files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class PhaseDocument(BaseModel):
    """The state of one phase plus the players' orders, as tools send it."""

    model_config = ConfigDict(extra="forbid")

    variant: str = "standard"
    rules: str | dict[str, Any] = "2023"
    phase: str
    units: dict[str, list[str]] = Field(default_factory=dict)
    centers: dict[str, list[str]] | None = None
    dislodged: dict[str, dict[str, list[str]]] = Field(default_factory=dict)
    orders: dict[str, list[str] | str] = Field(default_factory=dict)
    winner: str | None = None


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class OrderLine(_Strict):
    """One entry of a result's `orders`: a unit's order (or a build, removal or waive)."""

    power: str
    unit: str = Field(description="the unit as it stood, e.g. 'A PAR', 'F STP/SC'; '' for WAIVE")
    input: str | None = Field(description="the text as written; null for the engine's own")
    order: str = Field(description="the canonical order, e.g. 'A PAR - BUR'")
    result: Literal["succeeds", "fails"]
    tags: list[str]
    reason: str | None = Field(description="why the order failed, naming the units responsible")
    culprits: list[str] = Field(
        default_factory=list,
        description="the units responsible for the failure, as the resolver found them "
        "(present only when there are some)",
    )


class ErrorLine(_Strict):
    """One entry of a result's `errors`: input that could not become an order."""

    power: str
    input: str
    error: str
    span: list[int] = Field(min_length=2, max_length=2, description="[start, end) in input")
    kind: Literal["comment"] | None = Field(
        default=None,
        description="'comment' for a comment the reader ignored (from '#' or '//' to the end "
        "of its line, or nothing but dots): shown to the player, not a fault; absent for errors",
    )


class NextDocument(_Strict):
    """The state after a phase: a phase document without orders."""

    variant: str
    rules: str | dict[str, Any]
    phase: str
    units: dict[str, list[str]]
    centers: dict[str, list[str]]
    dislodged: dict[str, dict[str, list[str]]]
    winner: str | None = None


class ResultDocument(_Strict):
    """What one phase produced (docs/CONTRACT.md, 'Result document')."""

    phase: str
    orders: list[OrderLine]
    errors: list[ErrorLine]
    next: NextDocument


class BatchError(_Strict):
    """The output line of `adjudicator batch` for an input line that is not a usable document."""

    line: int
    error: str


MODELS: dict[str, type[BaseModel]] = {
    "phase": PhaseDocument,
    "result": ResultDocument,
    "batch-error": BatchError,
}


def schemas() -> dict[str, dict[str, Any]]:
    """Each document's JSON schema, by file stem."""
    return {name: model.model_json_schema() for name, model in MODELS.items()}


def schema_text(schema: dict[str, Any]) -> str:
    """The committed form of a schema: stable key order, two-space indent, final newline."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = folder / f"{name}.schema.json"
        path.write_text(schema_text(schema), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_schemas(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schema")):
        print(written_path)
