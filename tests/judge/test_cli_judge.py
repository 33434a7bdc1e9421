"""The gamesmaster's commands, run as a person runs them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.cli.main import main
from adjudicator.judge.mailin import read_mail

from .conftest import mail


def _judge(db: Path, *args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, ["judge", "--db", str(db), *args], input=stdin)


def _set_up(tmp_path: Path) -> Path:
    db = tmp_path / "judge.sqlite"
    assert _judge(db, "init", "--address", "judge@example.org").exit_code == 0
    assert _judge(db, "create", "demo", "--now", "2026-11-23T20:00").exit_code == 0
    added = _judge(db, "player", "demo", "fr", "alice@example.com", "--password", "pw")
    assert added.output == "demo: FRANCE is played by alice@example.com\n"
    return db


def test_mail_from_standard_input_status_and_process(tmp_path: Path) -> None:
    db = _set_up(tmp_path)
    read = _judge(db, "mail", "-", stdin=mail("SIGNON Fdemo pw\nA Par - Bur\n"))
    assert read.output == "<stdin>: <t1@players.example> read\n1 mail(s) sent\n"
    status = _judge(db, "status", "demo").output
    # France sent a set that leaves A MAR and F BRE out: not waited for, but the gamesmaster
    # sees what is still owed (game.owed's wording).
    assert "  FRANCE   alice@example.com            ordered, still owes A MAR, F BRE\n" in status
    assert "  GERMANY  (no player)                  no orders yet\n" in status
    processed = _judge(db, "process", "demo", "--now", "2026-11-24T00:00")
    assert processed.exit_code == 0
    assert processed.output.startswith("Movement results for Spring of 1901.  (demo.S1901M)")
    assert "France: Army Paris -> Burgundy." in processed.output
    outbox = tmp_path / "judge.sqlite.outbox" / "new"
    assert len(list(outbox.iterdir())) == 2


def test_status_shows_a_full_set_as_ordered_and_a_partial_one_with_what_it_owes(
    tmp_path: Path,
) -> None:
    db = _set_up(tmp_path)
    _judge(db, "mail", "-", stdin=mail("SIGNON Fdemo pw\nA Par - Bur\nA Mar H\nF Bre H\n"))
    assert "  FRANCE   alice@example.com            ordered\n" in _judge(db, "status").output
    _judge(db, "mail", "-", stdin=mail("SIGNON Fdemo pw\nF Bre - Mao\n", number=2))
    status = _judge(db, "status").output
    assert "  FRANCE   alice@example.com            ordered, still owes A MAR, A PAR\n" in status


def test_export_then_create_from_the_file(tmp_path: Path) -> None:
    db = _set_up(tmp_path)
    _judge(db, "mail", "-", stdin=mail("SIGNON Fdemo pw\nA Par - Bur\n"))
    _judge(db, "process", "demo", "--no-send")
    file = tmp_path / "demo.json"
    assert _judge(db, "export", "demo", "-o", str(file)).exit_code == 0
    copy = _judge(db, "create", "copy", "--from-file", str(file), "--now", "2026-11-24T00:00")
    assert (
        copy.output
        == "copy: standard game at F1901M, deadline Thursday 26 November 2026, 00:00 UTC\n"
    )
    assert _judge(db, "export", "copy").output == _judge(db, "export", "demo").output.replace(
        '"name": "demo"', '"name": "copy"'
    )
    rolled = _judge(db, "rollback", "copy")
    assert rolled.output == "copy: rolled back to S1901M; its orders are pending again\n"


def test_the_gamesmaster_is_told_what_is_wrong(tmp_path: Path) -> None:
    db = _set_up(tmp_path)
    bad_name = _judge(db, "create", "Bad Name")
    assert bad_name.exit_code == 1 and "bad game name 'Bad Name'" in bad_name.output
    injected = _judge(db, "player", "demo", "it", "a@b.c\nBcc: x@y.z", "--password", "pw")
    assert injected.exit_code == 1 and "bad address" in injected.output
    unknown = _judge(db, "status", "nosuch")
    assert "no game named 'nosuch' (games: demo)" in unknown.output
    missing = _judge(tmp_path / "none.sqlite", "status")
    assert "no judge database; create one with `judge init`" in missing.output


@given(st.binary(max_size=400))
def test_any_bytes_read_as_a_mail_without_an_exception(raw: bytes) -> None:
    read_mail(raw, "judge@example.org")


@given(st.text(max_size=200))
def test_any_text_after_headers_reads(body: str) -> None:
    read_mail(mail(body), "judge@example.org")


def test_the_gamesmaster_moves_a_deadline(tmp_path: Path) -> None:
    db = _set_up(tmp_path)
    extended = _judge(db, "deadline", "demo", "--extend", "1d")
    assert extended.output == "demo: deadline Thursday 26 November 2026, 20:00 UTC\n"
    moved = _judge(db, "deadline", "demo", "--at", "2026-12-01T18:30")
    assert moved.output == "demo: deadline Tuesday 01 December 2026, 18:30 UTC\n"
    assert "deadline Tuesday 01 December 2026, 18:30 UTC" in _judge(db, "status").output


def test_a_power_declared_in_civil_disorder_is_not_waited_for(tmp_path: Path) -> None:
    db = _set_up(tmp_path)
    assert _judge(db, "player", "demo", "en", "bob@example.com", "--password", "pw").exit_code == 0
    sent = _judge(db, "mail", "-", "--no-send", stdin=mail("SIGNON Edemo pw\nF Lon-Nth\n"))
    assert "read" in sent.output
    before = _judge(db, "tick", "--now", "2026-11-23T21:00", "--no-send")
    assert "demo" not in before.output  # France has not ordered: the judge waits
    declared = _judge(db, "disorder", "demo", "france")
    assert declared.output == "demo: civil disorder from S1901M: FRANCE\n"
    due = _judge(db, "tick", "--now", "2026-11-23T21:00", "--no-send")
    assert "demo" in due.output  # nobody left to wait for: adjudicated before the deadline
    assert "S1901M" in due.output
    lifted = _judge(db, "disorder", "demo")
    assert lifted.output == "demo: civil disorder from F1901M: none\n"
    unknown = _judge(db, "disorder", "demo", "Atlantis")
    assert unknown.exit_code == 1
    assert "unknown power 'Atlantis'" in unknown.output


def test_a_neutral_power_is_never_missing(tmp_path: Path) -> None:
    """Who owes orders is game.owed's rule: neutral Italy (rulebook XIV.2) and a power declared
    in civil disorder owe nothing, so neither is 'no orders yet' nor 'no orders received'."""
    db = tmp_path / "judge.sqlite"
    assert _judge(db, "init", "--address", "judge@example.org").exit_code == 0
    created = _judge(db, "create", "six", "--variant", "six", "--now", "2026-11-23T20:00")
    assert created.exit_code == 0
    assert _judge(db, "disorder", "six", "turkey").exit_code == 0
    status = _judge(db, "status", "six").output
    assert "  ITALY    (no player)                  -\n" in status
    assert "  TURKEY   (no player)                  -\n" in status
    assert "  FRANCE   (no player)                  no orders yet\n" in status
    processed = _judge(db, "process", "six", "--now", "2026-11-26T00:00").output
    assert "No orders were received from: Austria, England, France, Germany, Russia.\n" in processed
