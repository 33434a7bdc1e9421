"""Mail in: what real mail programs send becomes the lines a player meant, robots get no answer."""

from __future__ import annotations

import mailbox
from email.message import EmailMessage
from pathlib import Path

import pytest

from adjudicator.judge.mailin import MAX_MAIL_BYTES, read_mail, read_sources, useful_lines

from .conftest import mail

OWN = "judge@example.org"


def test_signature_and_quotes_are_not_orders() -> None:
    text = "A Par - Bur\n> A Mar - Spa\nF Bre - Mao\n-- \nAlice\nA Mar - Pie\n"
    assert useful_lines(text) == ("A Par - Bur", "F Bre - Mao")


@pytest.mark.parametrize(
    "intro",
    [
        "On Mon, 23 Nov 2026 at 21:00, Judge <judge@example.org> wrote:",
        "Am 26.11.2026 um 18:00 schrieb Judge <judge@example.org>:",
        "-----Original Message-----",
        "From: Diplomacy Judge <judge@example.org>\nSent: Thursday, November 26, 2026 08:00",
    ],
)
def test_a_quoted_message_ends_the_useful_text(intro: str) -> None:
    text = f"A Par - Bur\n\n{intro}\nF Lon - Eng\n"
    assert useful_lines(text) == ("A Par - Bur",)


def test_html_only_mail_is_read_as_text() -> None:
    message = EmailMessage()
    message["From"] = "a@example.com"
    message["Message-ID"] = "<h@x>"
    message.set_content(
        "<html><style>x{}</style><body><p>A Par&nbsp;- Bur</p><blockquote>F Lon - Eng"
        "</blockquote><div>F Bre - Mao</div></body></html>",
        subtype="html",
    )
    lines = read_mail(message.as_bytes(), OWN).lines
    assert [line.strip() for line in lines if line.strip()] == ["A Par - Bur", "F Bre - Mao"]


def test_charsets_and_transfer_encodings() -> None:
    message = EmailMessage()
    message["From"] = "a@example.com"
    message.set_content("A Mün H\r\nZürich\r\n", charset="iso-8859-1", cte="base64")
    assert read_mail(message.as_bytes(), OWN).lines == ("A Mün H", "Zürich")


@pytest.mark.parametrize(
    ("extra", "sender", "why"),
    [
        ("Auto-Submitted: auto-replied\n", "a@example.com", "Auto-Submitted: auto-replied"),
        ("Precedence: bulk\n", "a@example.com", "Precedence: bulk"),
        ("Precedence: list\n", "a@example.com", "Precedence: list"),
        ("Return-Path: <>\n", "a@example.com", "a bounce"),
        ("", "MAILER-DAEMON@example.com", "a bounce"),
        ("", OWN, "sent by the judge itself"),
    ],
)
def test_robots_and_ourselves_get_no_answer(extra: str, sender: str, why: str) -> None:
    assert read_mail(mail("HELP\n", sender=sender, extra=extra), OWN).ignore == why


def test_a_person_is_answered() -> None:
    incoming = read_mail(mail("HELP\n", extra="Auto-Submitted: no\n"), OWN)
    assert incoming.ignore is None
    assert incoming.sender == "alice@example.com"
    assert incoming.message_id == "<t1@players.example>"


def test_reply_to_is_where_the_answer_goes() -> None:
    raw = mail("HELP\n", extra="Reply-To: Alice <alice@home.example>\n")
    assert read_mail(raw, OWN).sender == "alice@home.example"


def test_a_mail_without_message_id_gets_one_from_its_bytes() -> None:
    raw = b"From: a@example.com\n\nHELP\n"
    assert read_mail(raw, OWN).message_id == read_mail(raw, OWN).message_id
    assert read_mail(raw, OWN).message_id != read_mail(raw + b"LIST\n", OWN).message_id


def test_a_huge_mail_is_not_read() -> None:
    incoming = read_mail(mail("A Par H\n" * (MAX_MAIL_BYTES // 8)), OWN)
    assert incoming.too_big and incoming.lines == ()


def test_sources_file_mbox_and_maildir(tmp_path: Path) -> None:
    single = tmp_path / "one.eml"
    single.write_bytes(mail("LIST\n"))
    box = mailbox.mbox(tmp_path / "box.mbox")
    box.add(mail("LIST\n", number=2))
    box.add(mail("HELP\n", number=3))
    box.close()
    folder = mailbox.Maildir(tmp_path / "Maildir")
    folder.add(mail("CLEAR\n", number=4))
    names = (str(single), str(tmp_path / "box.mbox"), str(tmp_path / "Maildir"))
    sources = list(read_sources(names))
    ids = [read_mail(s.raw, OWN).message_id for s in sources]
    assert ids == [f"<t{n}@players.example>" for n in (1, 2, 3, 4)]
    sources[-1].done()
    assert not list((tmp_path / "Maildir" / "new").iterdir())
    assert len(list((tmp_path / "Maildir" / "cur").iterdir())) == 1
