"""Press: players' messages to each other, relayed by the judge.

The sender's address is never shown (mail goes out from the judge); the sending power is named
unless the game allows anonymous press. Every press is logged with the game and listed by
HISTORY for the powers that sent or received it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from adjudicator.board.map import Map, load_map
from adjudicator.judge.store import GameRow, Store


def power_from(game_map: Map, text: str) -> str | None:
    """A power from a letter ('F'), a name ('france') or a code; None when none fits."""
    wanted = text.strip().upper()
    if len(wanted) == 1:
        found = [c for c, p in game_map.powers.items() if p.name.upper().startswith(wanted)]
        return found[0] if len(found) == 1 else None
    for code, info in game_map.powers.items():
        if wanted in (code, info.name.upper()):
            return code
    return None


MAX_PRESS_LINES = 200


@dataclass
class PressBlock:
    sender: str
    recipients: list[str]
    lines: list[str] = field(default_factory=list)


def start(game_map: Map, sender: str, line: str) -> PressBlock | str:
    """A press block from its first line, or why that line cannot start one."""
    words = line.split(None, 1)
    if words[0].upper() == "BROADCAST":
        return PressBlock(sender, sorted(p for p in game_map.powers if p != sender))
    rest = words[1] if len(words) > 1 else ""
    if not rest.upper().startswith("TO"):
        return "Write PRESS TO <power>[,<power>...] (or BROADCAST), the text, then ENDPRESS."
    names = [n for n in re.split(r"[,\s]+", rest[2:]) if n]
    powers = [power_from(game_map, n) for n in names]
    unknown = [n for n, p in zip(names, powers, strict=True) if p is None]
    if unknown or not names:
        known = ", ".join(p.name for p in game_map.powers.values())
        return f"Press not sent: unknown power {', '.join(unknown) or '(none)'}; powers: {known}."
    return PressBlock(sender, sorted({p for p in powers if p and p != sender}))


def send(store: Store, row: GameRow, block: PressBlock, at: str) -> str:
    """Queue the press to each recipient and log it; the acknowledgement's line about it."""
    game_map = load_map(row.game.variant)
    body_lines = block.lines[:MAX_PRESS_LINES]
    while body_lines and not body_lines[-1].strip():
        body_lines.pop()
    if not body_lines or not block.recipients:
        return "Press not sent: it was empty or had nobody to go to."
    names = [game_map.powers[p].name for p in block.recipients]
    everyone = len(block.recipients) == len(game_map.powers) - 1
    to = "everyone" if everyone else ", ".join(names)
    sender = "Anonymous" if row.anonymous_press else game_map.powers[block.sender].name
    phase = str(row.game.current.phase)
    body = "\n".join([f"Press from {sender} to {to} ({row.name}.{phase}):", "", *body_lines])
    addresses = {p.power: p.address for p in store.players(row.name)}
    for power in block.recipients:
        if power in addresses:
            subject = f"{row.name}: press from {sender}"
            store.queue_mail(
                addresses[power], subject, body + "\n", kind="press", at=at, game=row.name
            )
    store.record_press(row.name, phase, block.sender, block.recipients, "\n".join(body_lines), at)
    return f"Press sent to {to}."


def history_lines(store: Store, row: GameRow, power: str) -> list[str]:
    """The press this power sent or received, oldest first."""
    game_map = load_map(row.game.variant)
    lines: list[str] = []
    for entry in store.press(row.name):
        recipients = entry["recipients"].split(",")
        if power != entry["sender"] and power not in recipients:
            continue
        sender = "Anonymous" if row.anonymous_press else game_map.powers[entry["sender"]].name
        if entry["sender"] == power:
            sender = "you"
        to = ", ".join(game_map.powers[p].name for p in recipients)
        lines += [f"Press in {entry['phase']} from {sender} to {to}:", *entry["body"].split("\n")]
        lines.append("")
    return lines or ["No press."]
