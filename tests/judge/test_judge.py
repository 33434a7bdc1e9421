"""The judge's rules on a real SQLite file: nothing lost, nothing twice, nobody where they don't
belong."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from adjudicator.judge.commands import MAX_ORDER_LINES
from adjudicator.judge.deadlines import parse_duration, parse_time
from adjudicator.judge.process import process_mail, reply_subject, tick
from adjudicator.judge.results import rollback
from adjudicator.judge.send import build_message
from adjudicator.judge.store import (
    OutMail,
    Store,
    StoreError,
    check_game_name,
    check_password,
    hash_password,
)

from .conftest import NOW, mail


def _acks(store: Store) -> list[str]:
    return [m.body for m in store.unsent() if m.kind == "ack"]


def test_the_same_mail_twice_changes_and_answers_nothing(store: Store) -> None:
    raw = mail("SIGNON Fdemo paris1900\nA Par - Bur\n")
    assert process_mail(store, raw, NOW).outcome == "read"
    assert process_mail(store, raw, NOW).outcome == "duplicate"
    assert len(store.unsent()) == 1
    assert store.get_game("demo").game.pending["FRANCE"] == ("A Par - Bur",)


def test_a_wrong_password_changes_nothing_and_says_nothing_more(store: Store) -> None:
    wrong = process_mail(store, mail("SIGNON Fdemo paris1901\nA Par - Bur\n"), NOW)
    unknown = process_mail(store, mail("SIGNON Gdemo paris1900\nA Par - Bur\n", number=2), NOW)
    assert wrong.outcome == unknown.outcome == "refused"
    first, second = _acks(store)
    assert "not a player" in first and first.split("\n")[3:] == second.split("\n")[3:]
    assert "FRANCE" not in store.get_game("demo").game.pending


def test_passwords_are_salted_scrypt_hashes() -> None:
    one, two = hash_password("secret"), hash_password("secret")
    assert one != two and one.startswith("scrypt$") and "secret" not in one
    assert check_password("secret", one) and not check_password("secret!", one)
    assert not check_password("secret", "garbage")


def test_a_mail_replaces_the_power_s_earlier_orders(store: Store) -> None:
    process_mail(store, mail("SIGNON Fdemo paris1900\nA Par - Bur\nA Mar - Spa\n"), NOW)
    process_mail(store, mail("SIGNON Fdemo paris1900\nF Bre - Mao\n", number=2), NOW)
    assert store.get_game("demo").game.pending["FRANCE"] == ("F Bre - Mao",)
    assert "Not yet ordered: A MAR, A PAR (units without orders hold)" in _acks(store)[1]


def test_one_power_cannot_order_another_s_units(store: Store) -> None:
    process_mail(store, mail("SIGNON Fdemo paris1900\nF Lon - Eng\n"), NOW)
    assert "F LON belongs to England, not France" in _acks(store)[0]
    assert store.get_game("demo").game.pending["FRANCE"] == ()


def test_a_power_s_bad_lines_are_listed_again_under_one_heading(store: Store) -> None:
    sheet = "SIGNON Fdemo paris1900\nA Par - Bur\nHi GM\nA Mar - Lodnon\n# a comment\nCheers\n"
    process_mail(store, mail(sheet), NOW)
    ack = _acks(store)[0]
    block = ack[ack.index("Not read as orders") :].splitlines()
    assert block[0] == "Not read as orders, so not stored (3 lines):"
    quoted = [line.split(":")[0].strip() for line in block[1:4]]
    assert quoted == ["Hi GM", "A Mar - Lodnon", "Cheers"]
    assert "a comment" not in "\n".join(block)  # comments are no fault: answered in place only


def test_clear_withdraws_the_orders(store: Store) -> None:
    process_mail(store, mail("SIGNON Fdemo paris1900\nA Par - Bur\n"), NOW)
    process_mail(store, mail("SIGNON Fdemo paris1900\nCLEAR\n", number=2), NOW)
    assert "FRANCE" not in store.get_game("demo").game.pending
    assert "You have no orders for S1901M yet." in _acks(store)[1]


def test_too_many_order_lines_are_refused(store: Store) -> None:
    body = "SIGNON Fdemo paris1900\n" + "A Par H\n" * (MAX_ORDER_LINES + 2)
    process_mail(store, mail(body), NOW)
    assert _acks(store)[0].count("this one is ignored") == 2


def test_game_names_are_short_and_plain() -> None:
    assert check_game_name("spring_26-a") == "spring_26-a"
    for bad in ("", "Spring", "a" * 33, "x;rm", "a\nb"):
        with pytest.raises(StoreError, match="bad game name"):
            check_game_name(bad)


def test_no_header_injection_through_a_subject() -> None:
    subject = reply_subject("Re: RE: orders\r\nBcc: everyone@example.com")
    assert subject == "Re: orders Bcc: everyone@example.com"
    mail_out = OutMail(1, "a@example.com", subject, "body\n", None, "demo", "ack", NOW.isoformat())
    raw = build_message(mail_out, "judge@example.org").as_bytes()
    assert b"\nBcc:" not in raw


def test_press_names_the_sender_unless_anonymous(store: Store) -> None:
    body = "SIGNON Edemo hunter2\nPRESS TO F\nHello\nENDPRESS\n"
    process_mail(store, mail(body, sender="bob@example.co.uk"), NOW)
    with store.transaction():
        store.set_game_field("demo", "anonymous_press", 1)
    process_mail(store, mail(body, sender="bob@example.co.uk", number=2), NOW)
    press = [m for m in store.unsent() if m.kind == "press"]
    assert [m.recipient for m in press] == ["alice@example.com"] * 2
    assert press[0].body.startswith("Press from England to France")
    assert press[1].body.startswith("Press from Anonymous to France")
    assert all("bob@" not in m.body for m in press)


def test_tick_waits_for_the_deadline_then_adjudicates(store: Store) -> None:
    process_mail(store, mail("SIGNON Fdemo paris1900\nA Par - Bur\n"), NOW)
    assert tick(store, parse_time("2026-11-25T19:59")) == []
    assert tick(store, parse_time("2026-11-25T20:00")) == ["demo: S1901M adjudicated; now F1901M"]
    results = [m for m in store.unsent() if m.kind == "results"]
    assert {m.recipient for m in results} == {"alice@example.com", "bob@example.co.uk"}
    assert "France: Army Paris -> Burgundy." in results[0].body


def test_all_ordered_and_nobody_waiting_adjudicates_at_once(store: Store) -> None:
    process_mail(store, mail("SIGNON Fdemo paris1900\nA Par - Bur\nWAIT\n"), NOW)
    england = mail("SIGNON Edemo hunter2\nF Lon - Eng\n", sender="bob@example.co.uk", number=2)
    process_mail(store, england, NOW)
    assert tick(store, NOW) == []
    process_mail(store, mail("SIGNON Fdemo paris1900\nNOWAIT\n", number=3), NOW)
    assert tick(store, NOW) == ["demo: S1901M adjudicated; now F1901M"]


def test_rollback_undoes_the_last_phase(store: Store) -> None:
    process_mail(store, mail("SIGNON Fdemo paris1900\nA Par - Bur\n"), NOW)
    tick(store, parse_time("2026-11-26T00:00"))
    with store.transaction():
        rollback(store, "demo", NOW)
    game = store.get_game("demo").game
    assert str(game.current.phase) == "S1901M" and game.pending["FRANCE"] == ("A Par - Bur",)
    assert store.results("demo") == []


def test_durations() -> None:
    assert [parse_duration(t) for t in ("48h", "2d", "90m", "36")] == [48, 48, 1.5, 36]
    with pytest.raises(ValueError, match="48h"):
        parse_duration("two days")


def test_the_database_is_wal(store: Store, tmp_path: Path) -> None:
    mode = sqlite3.connect(tmp_path / "judge.sqlite").execute("PRAGMA journal_mode").fetchone()
    assert mode[0] == "wal"


def test_a_picture_goes_as_an_attachment_beside_the_text() -> None:
    picture = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
    mail_out = OutMail(
        7, "a@example.com", "demo.S1901M results", "Movement results\n", None, "demo",
        "results", NOW.isoformat(), "demo.S1901M.png", picture,
    )  # fmt: skip
    message = build_message(mail_out, "judge@example.org")
    body = message.get_body(preferencelist=("plain",))
    assert body is not None and body.get_content() == "Movement results\n"
    (attachment,) = list(message.iter_attachments())
    assert attachment.get_filename() == "demo.S1901M.png"
    assert attachment.get_content() == picture


def test_limits_on_size_and_lines(store: Store) -> None:
    from adjudicator.judge.mailin import MAX_LINES, MAX_MAIL_BYTES

    huge = mail("SIGNON Fdemo paris1900\n" + "A Par H\n" * (MAX_MAIL_BYTES // 8))
    assert process_mail(store, huge, NOW).outcome == "refused: too big"
    long = mail("HELP\n" + "\n".join(["LIST"] * (MAX_LINES + 5)), number=2)
    process_mail(store, long, NOW)
    too_big, too_long = _acks(store)
    assert "larger than 256 KiB and was not read" in too_big
    assert f"Only the first {MAX_LINES} lines were read." in too_long
