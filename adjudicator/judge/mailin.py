"""Mail in: what a real mail client sends, reduced to the lines a player meant for the judge.

Handles text/plain and HTML-only mails, multipart/alternative, quoted-printable and base64,
any charset the message declares, CRLF line ends, a signature after `-- `, and quoted replies
(`>` lines, "On ... wrote:" and Outlook's "From: ... Sent:" blocks), which are never orders.
Also says which mails must not be answered (auto-replies, bulk mail, bounces, our own mail),
so two robots never mail each other forever.
"""

from __future__ import annotations

import hashlib
import html
import mailbox
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser
from pathlib import Path

MAX_MAIL_BYTES = 256 * 1024
"""A larger mail is answered with a refusal and not read (no one types 256 KiB of orders)."""

MAX_LINES = 500
"""Lines of useful text read from one mail; the rest is refused."""

_WROTE = re.compile(r"^(on\s.*wrote:|am\s.*schrieb.*:|le\s.*a écrit\s?:)\s*$", re.IGNORECASE)
_OUTLOOK = re.compile(r"^(from|von|de):\s.+", re.IGNORECASE)
_OUTLOOK_NEXT = re.compile(r"^(sent|date|gesendet|envoyé|to|subject):\s", re.IGNORECASE)
_ORIGINAL = re.compile(r"^-{2,}\s*(original message|forwarded message)\s*-{2,}$", re.IGNORECASE)


@dataclass(frozen=True)
class Incoming:
    """One mail as the judge needs it."""

    message_id: str
    sender: str
    subject: str
    lines: tuple[str, ...]
    ignore: str | None
    """Why this mail gets no answer at all (loop protection), or None."""
    too_big: bool = False


class _Text(HTMLParser):
    """Text of an HTML body: block elements end lines, scripts and styles are dropped."""

    _BLOCKS = frozenset({"p", "div", "br", "tr", "li", "h1", "h2", "h3", "pre", "blockquote"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0
        self.quote = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "head"):
            self.skip += 1
        if tag == "blockquote":
            self.quote += 1
        if tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)
        if tag == "blockquote":
            self.quote = max(0, self.quote - 1)
        if tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.quote:
            data = "\n".join("> " + line for line in data.split("\n"))
        self.parts.append(data.replace("\xa0", " "))


def html_text(markup: str) -> str:
    parser = _Text()
    parser.feed(markup)
    parser.close()
    return html.unescape("".join(parser.parts))


def body_text(message: EmailMessage) -> str:
    """The plain text a person wrote: text/plain preferred, else the HTML part as text."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, UnicodeError):  # an unknown or lying charset: read what we can
        payload = part.get_payload(decode=True)
        content = payload.decode("latin-1") if isinstance(payload, bytes) else ""
    text = str(content)
    if part.get_content_subtype() == "html":
        text = html_text(text)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def useful_lines(text: str) -> tuple[str, ...]:
    """The lines before the signature and before any quoted message; quoted lines dropped."""
    kept: list[str] = []
    lines = text.split("\n")
    for index, line in enumerate(lines):
        stripped = line.strip()
        if line.rstrip() == "--" or _ORIGINAL.match(stripped) or _WROTE.match(stripped):
            break
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if _OUTLOOK.match(stripped) and _OUTLOOK_NEXT.match(following):
            break
        if stripped.startswith(">"):
            continue
        kept.append(line.rstrip())
    while kept and not kept[-1].strip():
        kept.pop()
    return tuple(kept)


def _message_id(message: EmailMessage, raw: bytes) -> str:
    given = str(message.get("Message-ID", "") or "").strip()
    return given or "<sha256." + hashlib.sha256(raw).hexdigest() + "@no-message-id>"


def _reply_address(message: EmailMessage) -> str:
    for header in ("Reply-To", "From"):
        value = message.get(header)
        if value:
            addresses = [a for _, a in getaddresses([str(value)]) if "@" in a]
            if addresses:
                return addresses[0]
    return ""


def ignore_reason(message: EmailMessage, sender: str, own_address: str) -> str | None:
    """Why answering this mail could start a mail loop or answer a robot, or None."""
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    precedence = str(message.get("Precedence", "")).strip().lower()
    return_path = str(message.get("Return-Path", "")).strip()
    local = sender.split("@")[0].lower()
    if not sender:
        return "no sender address"
    if sender.lower() == own_address.lower():
        return "sent by the judge itself"
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    if precedence in ("bulk", "junk", "list"):
        return f"Precedence: {precedence}"
    if return_path == "<>" or local in ("mailer-daemon", "postmaster"):
        return "a bounce"
    if message.get_content_type() == "multipart/report":
        return "a delivery report"
    return None


def read_mail(raw: bytes, own_address: str) -> Incoming:
    """One raw message as the judge reads it (never raises for a malformed mail)."""
    message = message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    message_id = _message_id(message, raw)
    sender = _reply_address(message)
    try:
        subject = str(message.get("Subject", "") or "")
    except (ValueError, IndexError):
        subject = ""
    from_header = parseaddr(str(message.get("From", "")))[1]
    ignore = ignore_reason(message, sender, own_address)
    if ignore is None and from_header.lower() == own_address.lower():
        ignore = "sent by the judge itself"
    if len(raw) > MAX_MAIL_BYTES:
        return Incoming(message_id, sender, subject, (), ignore, too_big=True)
    lines = useful_lines(body_text(message))
    return Incoming(message_id, sender, subject, lines, ignore)


# -- sources ------------------------------------------------------------------------------


@dataclass
class Source:
    """One message from a file, standard input, an mbox or a Maildir; `done()` is called only
    after its transaction committed (a Maildir message then moves from new/ to cur/)."""

    raw: bytes
    where: str
    path: Path | None = None

    def done(self) -> None:
        """new/NAME -> cur/NAME:2,S in one rename: a crash leaves it in one place or the other."""
        if self.path is not None and self.path.parent.name == "new":
            target = self.path.parent.parent / "cur" / (self.path.name.split(":", 1)[0] + ":2,S")
            os.rename(self.path, target)


def _maildir(path: Path) -> Iterator[Source]:
    if not (path / "new").is_dir() or not (path / "cur").is_dir():
        raise OSError(f"{path}: not a Maildir (it needs new/ and cur/ folders)")
    # Delivery names start with the delivery time, so sorting them gives arrival order.
    for file in sorted(path.glob("new/*")):
        if not file.name.startswith("."):
            yield Source(file.read_bytes(), f"{path}/new/{file.name}", file)


def _is_mbox(data: bytes) -> bool:
    return data.startswith(b"From ") and b"\n" in data


def read_sources(names: tuple[str, ...]) -> Iterator[Source]:
    """Messages from each name in turn: `-` (one message on standard input), a Maildir
    (a folder with new/ and cur/), an mbox file (starts with 'From '), or one message file."""
    for name in names or ("-",):
        if name == "-":
            yield Source(sys.stdin.buffer.read(), "<stdin>")
            continue
        path = Path(name)
        if path.is_dir():
            yield from _maildir(path)
            continue
        data = path.read_bytes()
        if _is_mbox(data):
            box = mailbox.mbox(path, create=False)
            for index, message in enumerate(box):
                yield Source(message.as_bytes(), f"{path}[{index}]")
            box.close()
        else:
            yield Source(data, str(path))
