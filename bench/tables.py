"""The one table writer of the benches that print issue 15's figures (summary.py, steady.py,
compiled.py): a header and rows of cells, as a markdown table (what the README shows) or as
plain text in aligned columns (for a terminal). Each bench makes its cells; this lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence


def table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    numeric: Sequence[bool],
    markdown: bool = True,
) -> str:
    """The rows under the header; `numeric` marks the columns aligned right (figures)."""
    if markdown:
        rule = "|" + "|".join("---:" if right else "---" for right in numeric) + "|"
        lines = [_markdown_row(header), rule, *(_markdown_row(row) for row in rows)]
        return "\n".join(lines)
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    return "\n".join(
        "  ".join(
            cell.rjust(width) if right else cell.ljust(width)
            for cell, width, right in zip(row, widths, numeric, strict=True)
        ).rstrip()
        for row in (header, *rows)
    )


def _markdown_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"
