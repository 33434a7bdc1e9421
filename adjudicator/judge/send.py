"""Sending the queued mail: to an outbox Maildir (the default: nothing leaves the machine) or to
an SMTP server (smtplib, STARTTLS and login when configured).

Messages are built with email.message.EmailMessage, which refuses line breaks in headers, so no
name or subject can inject a header. Message-ID and Date come from the queue (its id and the
time the mail was queued), so the same queue always gives the same mails.
"""

from __future__ import annotations

import contextlib
import mailbox
import os
import smtplib
import ssl
from collections.abc import Iterator
from email.message import EmailMessage
from email.utils import format_datetime

from adjudicator.judge.deadlines import parse_time
from adjudicator.judge.store import OutMail, Store


def build_message(mail: OutMail, sender: str) -> EmailMessage:
    domain = sender.rpartition("@")[2] or "localhost"
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.recipient
    message["Subject"] = " ".join(mail.subject.split())
    message["Date"] = format_datetime(parse_time(mail.created))
    message["Message-ID"] = f"<judge.{mail.id}.{mail.game or 'judge'}@{domain}>"
    if mail.in_reply_to:
        message["In-Reply-To"] = mail.in_reply_to
        message["References"] = mail.in_reply_to
    message["Auto-Submitted"] = "auto-replied" if mail.kind == "ack" else "auto-generated"
    # Plain ASCII goes as it is (readable in any mailbox file); anything else quoted-printable.
    message.set_content(mail.body, cte="7bit" if mail.body.isascii() else "quoted-printable")
    if mail.attachment is not None and mail.attachment_name:
        message.add_attachment(
            mail.attachment, maintype="image", subtype="png", filename=mail.attachment_name
        )
    return message


@contextlib.contextmanager
def _send_lock(store: Store) -> Iterator[None]:
    """One sender at a time, so two processes never send the same queued mail."""
    import fcntl

    with open(store.path + ".send-lock", "a") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def outbox_path(store: Store) -> str:
    return store.setting("outbox") or store.path + ".outbox"


def _smtp(store: Store) -> smtplib.SMTP:
    host = store.setting("smtp_host") or "localhost"
    port = int(store.setting("smtp_port") or 25)
    client = smtplib.SMTP(host, port, timeout=60)
    if store.setting("smtp_starttls") == "1":
        # The system's certificate authorities, or the one file a private mail host names.
        cafile = store.setting("smtp_cafile") or None
        client.starttls(context=ssl.create_default_context(cafile=cafile))
    user = store.setting("smtp_user")
    if user:
        password = os.environ.get(store.setting("smtp_password_env") or "JUDGE_SMTP_PASSWORD", "")
        client.login(user, password)
    return client


def send_queued(store: Store) -> int:
    """Deliver every queued mail; each is marked sent right after it left (a crash in between
    sends it again rather than never). The number delivered."""
    sender = store.setting("address") or "judge@localhost"
    with _send_lock(store):
        queued = store.unsent()
        if not queued:
            return 0
        if store.setting("smtp_host"):
            with _smtp(store) as client:
                for mail in queued:
                    client.send_message(build_message(mail, sender))
                    with store.transaction():
                        store.mark_sent(mail.id)
        else:
            box = mailbox.Maildir(outbox_path(store), create=True)
            for mail in queued:
                box.add(build_message(mail, sender).as_bytes())
                with store.transaction():
                    store.mark_sent(mail.id)
    return len(queued)
