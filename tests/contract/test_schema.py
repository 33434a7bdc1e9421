"""The committed JSON schemas (docs/schema/) are current, and real documents fit them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.contract.batch import run_batch
from adjudicator.contract.documents import result_to_document
from adjudicator.contract.schema import (
    BatchError,
    ResultDocument,
    schema_text,
    schemas,
)
from adjudicator.game.gamefile import read_game
from adjudicator.resolve.engine import adjudicate

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_DIR = ROOT / "docs" / "schema"


@pytest.mark.parametrize("name", sorted(schemas()))
def test_committed_schema_is_current(name: str) -> None:
    committed = (SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(schemas()[name]), (
        f"docs/schema/{name}.schema.json is stale: "
        "run `python -m adjudicator.contract.schema docs/schema`"
    )


def test_every_result_of_the_sample_game_fits_the_result_schema() -> None:
    game = read_game(ROOT / "examples" / "sample-game.json")
    kinds = set()
    for index, played in enumerate(game.played):
        result = adjudicate(game.before(index), played.orders, game.rules)
        document = result_to_document(result, game.rules)
        ResultDocument.model_validate(document)  # raises on any field the schema lacks
        kinds.add(document["phase"][-1])
    assert kinds == {"M", "R", "A"}


def test_batch_error_lines_fit_their_schema(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text('{"phase": "S1901M"}\nnot json\n', encoding="utf-8")
    out = tmp_path / "out.jsonl"
    with source.open(encoding="utf-8") as lines, out.open("wb") as sink:
        run_batch(lines, sink)
    first, second = (json.loads(line) for line in out.read_text().splitlines())
    ResultDocument.model_validate(first)
    BatchError.model_validate(second)
    assert second["line"] == 2


def test_the_contract_documents_examples_fit_the_models() -> None:
    """docs/CONTRACT.md's own examples are valid documents of the models the program uses."""
    from adjudicator.contract.documents import read_phase_document

    text = (ROOT / "docs" / "CONTRACT.md").read_text(encoding="utf-8")
    blocks = [part.split("```", 1)[0] for part in text.split("```json\n")[1:]]
    phase, result = (json.loads(block) for block in blocks[:2])
    read_phase_document(phase)
    ResultDocument.model_validate(result)
