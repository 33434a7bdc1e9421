"""A whole game as one web page: the board of every phase, its orders and the judge's report.

The page is self-contained (inline SVG, CSS and script; no network, no other files), so it can
be mailed, archived or opened from a USB stick. Buttons and the arrow keys step through the
phases; the phase shown is in the page's `#phase-title` and the URL's fragment.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from adjudicator.board.map import load_map
from adjudicator.game.game import Game
from adjudicator.report.svg import phase_title, render_svg
from adjudicator.report.text import judge_report


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of the viewer: a phase's picture, its orders and report (as text)."""

    phase: str
    title: str
    svg: str
    orders: str
    report: str


def game_frames(game: Game, name: str) -> list[Frame]:
    """A frame per played phase (its result drawn), then the current position with its orders."""
    game_map = load_map(game.variant)
    frames = []
    for index, played in enumerate(game.played):
        before = game.before(index)
        title = phase_title(played.phase)
        svg = render_svg(before, result=played.results, after=played.next, title=title)
        report = judge_report(game_map, before, played.results, played.next, game=name)
        frames.append(Frame(str(played.phase), title, svg, _orders(played.orders), report))
    current = game.current
    title = phase_title(current.phase)
    pending = {power: list(lines) for power, lines in game.pending.items()}
    svg = render_svg(current, orders=pending, title=title)
    waiting = "(the game is over)" if current.winner else "(not yet adjudicated)"
    frames.append(Frame(str(current.phase), title, svg, _orders(game.pending), waiting))
    return frames


def _orders(orders: Mapping[str, Sequence[str]]) -> str:
    lines = []
    for power, texts in sorted(orders.items()):
        lines.append(f"{power.title()}:")
        lines.extend(f"  {text}" for text in texts)
    return "\n".join(lines) or "(no orders)"


def game_page(game: Game, name: str) -> str:
    """The viewer page for a game (HTML5, everything inline)."""
    frames = game_frames(game, name)
    sections = "".join(
        f'<section class="frame" id="{escape(f.phase)}" data-title="{escape(f.title)}" hidden>'
        f'<div class="board">{f.svg}</div><div class="text"><h2>Orders</h2>'
        f"<pre>{escape(f.orders)}</pre><h2>Report</h2><pre>{escape(f.report)}</pre></div>"
        "</section>"
        for f in frames
    )
    phases = json.dumps([f.phase for f in frames])
    return _PAGE.format(
        name=escape(name),
        count=len(frames),
        sections=sections,
        phases=phases,
    )


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{name}</title>
<style>
body {{ font-family: DejaVu Sans, Arial, sans-serif; margin: 0; background: #f4f4f4; }}
header {{ display: flex; gap: 1em; align-items: center; padding: .5em 1em; background: #fff;
  border-bottom: 1px solid #ccc; position: sticky; top: 0; }}
header h1 {{ font-size: 1.3em; margin: 0; min-width: 14em; }}
button {{ font-size: 1em; padding: .3em .9em; }}
.frame:not([hidden]) {{ display: flex; flex-wrap: wrap; gap: 1em; padding: 1em; }}
.board {{ flex: 3 1 640px; }}
.board svg {{ width: 100%; height: auto; background: #fff; }}
.text {{ flex: 1 1 320px; }}
.text pre {{ background: #fff; padding: .6em; border: 1px solid #ddd; overflow-x: auto;
  font-size: .85em; white-space: pre-wrap; }}
</style></head>
<body>
<header>
<button id="prev" type="button" title="previous phase (left arrow)">&#9664; Previous</button>
<h1 id="phase-title"></h1>
<button id="next" type="button" title="next phase (right arrow)">Next &#9654;</button>
<span id="position"></span><span>{name}: {count} phases; use the arrow keys</span>
</header>
<main>{sections}</main>
<script>
"use strict";
const phases = {phases};
const frames = Array.from(document.querySelectorAll(".frame"));
let shown = 0;
function show(index) {{
  shown = Math.max(0, Math.min(frames.length - 1, index));
  frames.forEach((frame, i) => {{ frame.hidden = i !== shown; }});
  document.getElementById("phase-title").textContent = frames[shown].dataset.title;
  document.getElementById("position").textContent = (shown + 1) + " / " + frames.length;
  document.getElementById("prev").disabled = shown === 0;
  document.getElementById("next").disabled = shown === frames.length - 1;
  try {{ history.replaceState(null, "", "#" + phases[shown]); }} catch (e) {{ /* file: */ }}
}}
document.getElementById("prev").addEventListener("click", () => show(shown - 1));
document.getElementById("next").addEventListener("click", () => show(shown + 1));
document.addEventListener("keydown", (event) => {{
  if (event.key === "ArrowLeft") {{ show(shown - 1); event.preventDefault(); }}
  if (event.key === "ArrowRight") {{ show(shown + 1); event.preventDefault(); }}
  if (event.key === "Home") {{ show(0); }}
  if (event.key === "End") {{ show(frames.length - 1); }}
}});
const start = phases.indexOf(location.hash.slice(1));
show(start >= 0 ? start : 0);
</script>
</body></html>
"""
