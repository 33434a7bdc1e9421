"""`game status`, and `game adjudicate` warning (or refusing with --strict) while orders are owed,
on real game files."""

from __future__ import annotations

import json
from pathlib import Path

from helpers_game import game


def test_status_names_every_unit_still_owed(tmp_path: Path) -> None:
    path = str(tmp_path / "club.json")
    game("new", path, "--variant", "five")  # Germany and Italy are neutral: nobody owes for them
    game("orders", path, "france", "-", input="A Par-Bur\nF Bre-Mao\nA Mar-Spx\n")
    game("orders", path, "england", "-", input="")
    game("disorder", path, "turkey")
    result = game("status", path)
    assert result.exit_code == 0
    assert result.output == (
        "club: Spring 1901 Movement (S1901M)\n"
        "Orders received from: England, France\n"
        "  France: 1 line(s) not read (game show)\n"
        "Orders owed for S1901M:\n"
        "  Austria: A BUD, A VIE, F TRI (nothing sent)\n"
        "  England: A LVP, F EDI, F LON\n"
        "  France: A MAR\n"
        "  Russia: A MOS, A WAR, F SEV, F STP/SC (nothing sent)\n"
        "  (if they do not come, units without orders hold)\n"
    )


def test_show_lists_pending_orders_as_read_and_who_owes(tmp_path: Path) -> None:
    path = str(tmp_path / "club.json")
    game("new", path)
    game("orders", path, "france", "-", input="a paris - burgundy\nxyz\nA Mar - Mos\n")
    out = game("show", path).output
    assert (
        "  France: A PAR - BUR\n"
        "          'xyz' not read: not an order (a message to the gamesmaster? start the line "
        "with '#')\n"
        "          A MAR - MOS   (illegal: A MAR cannot reach MOS)\n" in out
    )
    assert "\nOrders owed for S1901M:\n  Austria: A BUD, A VIE, F TRI (nothing sent)\n" in out
    assert "  France: F BRE\n" in out


def test_adjudicate_warns_of_missing_orders_and_strict_refuses(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    game("new", str(path), "--variant", "classic-fva")  # Austria and France only
    game("orders", str(path), "austria", "-", input="A Vie-Gal\nA Bud-Ser\n")
    before = path.read_bytes()

    refused = game("adjudicate", "--strict", str(path))
    assert refused.exit_code == 1
    assert refused.stdout == ""
    assert refused.stderr == (
        "Error: orders missing for S1901M (units without orders hold):\n"
        "  Austria: F TRI\n"
        "  France: A MAR, A PAR, F BRE (nothing sent)\n"
        "nothing adjudicated, the file is unchanged (--strict)\n"
    )
    assert path.read_bytes() == before

    warned = game("adjudicate", str(path))
    assert warned.exit_code == 0
    assert warned.stdout.startswith("Movement results for Spring of 1901.")
    assert warned.stderr == (
        "warning: orders missing for S1901M (units without orders hold):\n"
        "  Austria: F TRI\n"
        "  France: A MAR, A PAR, F BRE (nothing sent)\n"
    )
    assert "F1901M" in game("status", str(path)).output


def test_strict_adjudicates_when_nothing_is_owed(tmp_path: Path) -> None:
    path = str(tmp_path / "club.json")
    game("new", path, "--variant", "classic-fva")
    game("orders", path, "austria", "-", input="A Vie H\nA Bud H\nF Tri H\n")
    game("orders", path, "france", "-", input="A Par H, A Mar H, F Bre H\n")
    assert "Orders owed for S1901M: none\n" in game("status", path).output
    result = game("adjudicate", "--strict", path)
    assert result.exit_code == 0 and result.stderr == ""


def write_game_at(path: Path, start: dict[str, object]) -> None:
    doc = {
        "format": "adjudicator-game",
        "version": 1,
        "start": start,
        "pending": {"phase": start["phase"], "orders": {}},
    }
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_status_as_a_json_document(tmp_path: Path) -> None:
    path = str(tmp_path / "club.json")
    game("new", path, "--variant", "five")
    game("orders", path, "france", "-", input="A Par-Bur\nF Bre-Mao\nA Mar-Spx\n")
    game("disorder", path, "turkey")
    result = game("status", path, "--json")
    assert result.exit_code == 0
    document = json.loads(result.output)
    assert {k: document[k] for k in ("game", "variant", "phase", "received", "unread")} == {
        "game": "club",
        "variant": "five",
        "phase": "S1901M",
        "received": ["FRANCE"],
        "unread": {"FRANCE": 1},
    }
    assert [o["power"] for o in document["owed"]] == ["AUSTRIA", "ENGLAND", "FRANCE", "RUSSIA"]
    assert document["owed"][2] == {
        "power": "FRANCE",
        "units": ["A MAR"],
        "builds": 0,
        "removals": 0,
        "sent": True,
        "fate": "units without orders hold",
    }


def test_status_in_a_retreat_and_in_an_adjustment_phase(tmp_path: Path) -> None:
    retreat = tmp_path / "retreat.json"
    write_game_at(
        retreat,
        {
            "phase": "F1901R",
            "units": {"FRANCE": ["A MAR"], "GERMANY": ["A BUR", "A MUN"]},
            "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]},
            "dislodged": {"FRANCE": {"A BUR": ["PAR", "GAS"]}},
        },
    )
    assert game("status", str(retreat)).output.endswith(
        "Orders owed for F1901R:\n"
        "  France: A BUR (nothing sent)\n"
        "  (if they do not come, dislodged units without orders are disbanded)\n"
    )
    winter = tmp_path / "winter.json"
    write_game_at(
        winter,
        {
            "phase": "W1901A",
            "units": {"FRANCE": ["A BUR", "A SPA", "F POR"], "AUSTRIA": ["A BUD", "A VIE"]},
            "centers": {"FRANCE": ["BRE", "MAR", "PAR", "POR", "SPA"], "AUSTRIA": ["BUD"]},
        },
    )
    game("orders", str(winter), "france", "--add", "Build A Par")
    assert game("status", str(winter)).output.endswith(
        "Orders owed for W1901A:\n"
        "  Austria: 1 removal (nothing sent)\n"
        "  France: 1 build\n"
        "  (if they do not come, builds not ordered are waived; "
        "removals not ordered are made by the civil-disorder rules)\n"
    )
    game("orders", str(winter), "austria", "--add", "Remove A Vie")
    warned = game("adjudicate", str(winter))
    assert warned.stderr == (
        "warning: orders missing for W1901A (builds not ordered are waived):\n  France: 1 build\n"
    )
