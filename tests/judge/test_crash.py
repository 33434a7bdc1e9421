"""Nothing lost, nothing twice: a judge killed with SIGKILL over and over still reads every mail
exactly once, and two judges running at once both count, each mailbox in arrival order.

The kill times vary, but what is checked does not depend on them: whenever the process dies,
the final state must be the same.
"""

from __future__ import annotations

import mailbox
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from adjudicator.judge.store import Store

from .conftest import mail, make_store

KILLS = 12
"""Bounded: at most this many kills, then one run to the end."""


def _judge(db: Path, *args: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "adjudicator", "judge", "--db", str(db), *args]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _maildir(path: Path, bodies: list[tuple[str, str]], first: int) -> Path:
    box = mailbox.Maildir(path)
    for offset, (sender, body) in enumerate(bodies):
        key = box.add(mail(body, sender=sender, number=first + offset))
        # Delivery names that sort in arrival order, as a real MDA's time-based names do.
        os.rename(path / "new" / key, path / "new" / f"{1795000000 + first + offset}.{key}")
    return path


def _france(count: int) -> list[tuple[str, str]]:
    return [
        ("alice@example.com", f"SIGNON Fdemo paris1900\nA Par - {'Bur' if n % 2 else 'Pic'}\n")
        for n in range(count)
    ]


def _england(count: int) -> list[tuple[str, str]]:
    return [
        ("bob@example.co.uk", f"SIGNON Edemo hunter2\nF Lon - {'Eng' if n % 2 else 'Nth'}\n")
        for n in range(count)
    ]


def test_killed_again_and_again_every_mail_is_read_once(tmp_path: Path) -> None:
    make_store(tmp_path / "judge.sqlite").close()
    box = _maildir(tmp_path / "Maildir", _france(12) + _england(12), 1)
    db = tmp_path / "judge.sqlite"
    for attempt in range(KILLS):
        process = _judge(db, "mail", str(box), "--no-send", "--now", "2026-11-23T21:00")
        time.sleep(0.4 + 0.25 * attempt)
        if process.poll() is not None:
            break
        process.send_signal(signal.SIGKILL)
        process.wait()
    command = [sys.executable, "-m", "adjudicator", "judge", "--db", str(db), "mail", str(box)]
    final = subprocess.run([*command, "--no-send"], capture_output=True, text=True, check=False)
    assert final.returncode == 0, final.stderr
    check = sqlite3.connect(db)
    ids = [r[0] for r in check.execute("SELECT in_reply_to FROM mails_out WHERE kind = 'ack'")]
    assert sorted(ids) == sorted(f"<t{n}@players.example>" for n in range(1, 25))
    assert check.execute("SELECT count(*) FROM mails_in").fetchone() == (24,)
    assert not list((box / "new").iterdir())
    assert len(list((box / "cur").iterdir())) == 24
    check.close()
    store = Store(db)
    pending = store.get_game("demo").game.pending
    store.close()
    assert pending["FRANCE"] == ("A Par - Bur",) and pending["ENGLAND"] == ("F Lon - Eng",)


def test_two_judges_at_once_both_count_in_arrival_order(tmp_path: Path) -> None:
    make_store(tmp_path / "judge.sqlite").close()
    db = tmp_path / "judge.sqlite"
    one = _maildir(tmp_path / "one", _france(6), 1)
    two = _maildir(tmp_path / "two", _england(6), 101)
    runs = [_judge(db, "mail", str(box), "--no-send") for box in (one, two)]
    assert [run.wait() for run in runs] == [0, 0]
    check = sqlite3.connect(db)
    order = [r[0] for r in check.execute("SELECT message_id FROM mails_in ORDER BY rowid")]
    france = [m for m in order if int(m[2:].split("@")[0]) < 100]
    england = [m for m in order if int(m[2:].split("@")[0]) > 100]
    assert france == [f"<t{n}@players.example>" for n in range(1, 7)]
    assert england == [f"<t{n}@players.example>" for n in range(101, 107)]
    check.close()
    store = Store(db)
    pending = store.get_game("demo").game.pending
    store.close()
    assert pending["FRANCE"] == ("A Par - Bur",) and pending["ENGLAND"] == ("F Lon - Eng",)
