"""Rewrite tests/data/mail/expected/ from a fresh run of the mail game (test_game_by_mail.py).

For a deliberate change of what the judge writes (or of the order reader's error words): run
`python tests/judge/regenerate_expected.py`, then read `git diff tests/data/mail/expected/` line by
line before committing it: those files are what players receive.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judge.test_game_by_mail import EXPECTED, run_game


def _name(number: int, text: str) -> str:
    subject = re.search(r"^Subject: (.*)$", text, re.M)
    to = re.search(r"^To: ([^@\s]+)@", text, re.M)
    assert subject and to
    kind = next(
        (
            k
            for k, w in (("ack", "Re:"), ("results", "results"), ("late", "late"))
            if w in subject[1]
        ),
        "press",
    )
    return f"{number:03d}-{kind}-{to[1]}.txt"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        transcript, mails, _ = run_game(Path(folder))
    shutil.rmtree(EXPECTED, ignore_errors=True)
    EXPECTED.mkdir()
    (EXPECTED / "transcript.txt").write_text(transcript, encoding="utf-8")
    for number, text in sorted(mails.items()):
        (EXPECTED / _name(number, text)).write_text(text, encoding="utf-8")
    print(f"{EXPECTED}: {len(mails)} mails and the transcript")


if __name__ == "__main__":
    main()
