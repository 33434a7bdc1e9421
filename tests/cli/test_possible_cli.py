"""`adjudicator possible PHASE.json [--power POWER]`: every legal order as JSON, by location."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from adjudicator.cli.main import main

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "spring-1901.json"
RETREAT = {
    "phase": "F1901R",
    "units": {"GERMANY": ["A BUR"], "FRANCE": ["A PAR"]},
    "dislodged": {"FRANCE": {"A MAR": ["GAS", "PIE"]}},
}


def _run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def test_possible_prints_every_legal_order_by_location() -> None:
    code, out = _run("possible", str(EXAMPLE))  # its orders are ignored
    assert code == 0, out
    orders = json.loads(out)["orders"]
    assert len(orders) == 22  # every unit of the opening position
    assert orders["PAR"] == sorted(orders["PAR"])
    assert orders["PAR"][:5] == [
        "A PAR - BRE",
        "A PAR - BUR",
        "A PAR - GAS",
        "A PAR - PIC",
        "A PAR H",
    ]
    assert "F LON - NTH" in orders["LON"]


def test_possible_for_one_power_and_in_a_retreat_phase() -> None:
    code, out = _run("possible", "-", "--power", "French", stdin=json.dumps(RETREAT))
    assert code == 0, out
    assert json.loads(out) == {"orders": {"MAR": ["A MAR D", "A MAR R GAS", "A MAR R PIE"]}}
    code, out = _run("possible", "-", "--power", "GERMANY", stdin=json.dumps(RETREAT))
    assert json.loads(out) == {"orders": {}}


def test_possible_names_a_bad_power_or_document() -> None:
    code, out = _run("possible", "-", "--power", "Narnia", stdin=json.dumps(RETREAT))
    assert code != 0
    assert "unknown power 'Narnia'" in out
    assert "FRANCE" in out
    code, out = _run("possible", "-", stdin='{"phase": "S1901"}')
    assert code != 0
    assert "did you mean S1901M?" in out
