"""Sending: a real SMTP server on 127.0.0.1 (aiosmtpd) receives what the judge sends."""

from __future__ import annotations

import socket
import ssl
from collections.abc import Iterator
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

import pytest
import trustme
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword
from click.testing import CliRunner

from adjudicator.cli.main import main
from adjudicator.judge.process import process_mail
from adjudicator.judge.send import send_queued
from adjudicator.judge.store import Store

from .conftest import NOW, mail


class _Inbox:
    def __init__(self) -> None:
        self.received: list[Envelope] = []
        self.refuse = False

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Envelope, address: str, options: Any
    ) -> str:
        if self.refuse:
            return "550 no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Envelope) -> str:
        self.received.append(envelope)
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> Any:
    good = isinstance(data, LoginPassword) and (data.login, data.password) == (
        b"judge",
        b"s3cret",
    )
    return AuthResult(success=good)


@pytest.fixture
def smtp_server() -> Iterator[tuple[_Inbox, int]]:
    inbox = _Inbox()
    port = _free_port()
    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=port,
        authenticator=_authenticate,
        auth_require_tls=False,
    )
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def _use_smtp(store: Store, port: int, user: str | None = None) -> None:
    """What `judge init --smtp 127.0.0.1:PORT [--smtp-user USER]` stores."""
    with store.transaction():
        store.set_setting("smtp_host", "127.0.0.1")
        store.set_setting("smtp_port", str(port))
        if user:
            store.set_setting("smtp_user", user)


def test_mail_goes_out_by_smtp_with_login(
    store: Store, smtp_server: tuple[_Inbox, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    inbox, port = smtp_server
    _use_smtp(store, port, "judge")
    monkeypatch.setenv("JUDGE_SMTP_PASSWORD", "s3cret")
    process_mail(store, mail("SIGNON Fdemo paris1900\nA Par - Bur\n"), NOW)
    assert send_queued(store) == 1
    assert send_queued(store) == 0  # sent once, never again
    (envelope,) = inbox.received
    assert envelope.mail_from == "judge@example.org"
    assert envelope.rcpt_tos == ["alice@example.com"]
    assert isinstance(envelope.content, bytes)
    message = message_from_bytes(envelope.content, policy=policy.default)
    assert message["Subject"] == "Re: orders"
    assert message["In-Reply-To"] == "<t1@players.example>"
    assert message["Auto-Submitted"] == "auto-replied"
    body = message.get_body(preferencelist=("plain",))
    assert body is not None and "read as A PAR - BUR" in body.get_content()


def test_a_refused_mail_stays_queued(store: Store, smtp_server: tuple[_Inbox, int]) -> None:
    import smtplib

    inbox, port = smtp_server
    _use_smtp(store, port)
    inbox.refuse = True
    process_mail(store, mail("HELP\n"), NOW)
    with pytest.raises(smtplib.SMTPRecipientsRefused):
        send_queued(store)
    assert inbox.received == [] and len(store.unsent()) == 1
    inbox.refuse = False
    assert send_queued(store) == 1 and len(inbox.received) == 1


def test_starttls_then_login_as_init_configures_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mail host that demands STARTTLS before AUTH, with its own certificate authority."""
    authority = trustme.CA()
    server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(server_context)
    cafile = tmp_path / "ca.pem"
    authority.cert_pem.write_to_path(str(cafile))
    inbox, port = _Inbox(), _free_port()
    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=port,
        tls_context=server_context,
        require_starttls=True,
        authenticator=_authenticate,
    )
    controller.start()
    try:
        db = tmp_path / "judge.sqlite"
        smtp = f"127.0.0.1:{port}"
        init = ["judge", "--db", str(db), "init", "--address", "judge@example.org"]
        init += ["--smtp", smtp, "--starttls", "--smtp-user", "judge", "--smtp-cafile", str(cafile)]
        assert CliRunner().invoke(main, init).exit_code == 0
        monkeypatch.setenv("JUDGE_SMTP_PASSWORD", "s3cret")
        sent = CliRunner().invoke(
            main, ["judge", "--db", str(db), "mail", "-"], input=mail("HELP\n")
        )
        assert sent.output.endswith("1 mail(s) sent\n"), sent.output
    finally:
        controller.stop()
    (envelope,) = inbox.received
    assert envelope.rcpt_tos == ["alice@example.com"]
