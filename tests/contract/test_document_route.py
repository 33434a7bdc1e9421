"""The document route's own steps: counting a phase document's order lines."""

from __future__ import annotations

import pytest

from adjudicator.contract.documents import (
    MAX_ORDER_LINES,
    DocumentError,
    orders_from_document,
    read_phase_document,
)


def test_order_lines_are_counted_inside_each_text_of_a_list() -> None:
    half = MAX_ORDER_LINES // 2
    texts = ["A Par - Bur\nA Mar - Spa"] * half  # two lines each: exactly the limit
    document = {"phase": "S1901M", "orders": {"FRANCE": texts, "ENGLAND": []}}
    assert orders_from_document(read_phase_document(document))["FRANCE"] == texts
    document["orders"] = {"FRANCE": texts, "ENGLAND": ["F Lon - Nth\n"]}  # two lines more
    with pytest.raises(DocumentError, match=rf"orders: {MAX_ORDER_LINES + 2} lines"):
        orders_from_document(read_phase_document(document))
    document["orders"] = {"FRANCE": "\n".join(texts), "ENGLAND": "F Lon - Nth"}
    with pytest.raises(DocumentError, match=rf"orders: {MAX_ORDER_LINES + 1} lines"):
        orders_from_document(read_phase_document(document))
