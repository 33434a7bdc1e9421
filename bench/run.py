"""The benchmark: our adjudicator against the reference engine on one seeded corpus.

On the same phase documents (bench/corpus.py) it times

1. the reference (the `diplomacy` package): per phase a `diplomacy.Game` is set to the document's
   units, centres, phase and orders, and `Game.process()` alone is timed (set-up is timed
   separately and reported beside it);
2. ours in-process: `adjudicator.documents.adjudicate_document(doc)` per phase, on parsed JSON;
3. ours end to end: the whole `adjudicator batch IN.jsonl -o OUT.jsonl` process (start-up, JSON in
   and out, parsing, adjudication), wall time, with one job and with `--jobs N`; the start-up alone;
   and the peak memory (ru_maxrss) of the batch process on a third of the corpus and on all of it.

`--check` compares the positions both engines reach (units, dislodged units and their retreats,
centre owners, next phase) and prints the disagreements with examples. `--profile` runs ours
in-process under cProfile and prints the hot spots.

    python bench/run.py --phases 3000 [--jobs 2] [--check] [--profile]

Nothing here is a test: timings depend on the machine. The reference is AGPL and only imported
(`pip install -e '.[bench]'`); none of its code is copied here.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import DEFAULT_OUTPUT, corpus, rules_arg, write_corpus

Phase = dict[str, Any]


# -- the reference engine -------------------------------------------------------------------


def _reference_game(doc: Phase) -> Any:
    """A `diplomacy.Game` in the state a phase document describes, with its orders set."""
    from diplomacy import Game

    game = Game(map_name=doc.get("variant", "standard"))
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(doc["phase"])
    for power, units in doc.get("units", {}).items():
        game.set_units(power, list(units))
    for power, entries in doc.get("dislodged", {}).items():
        game.set_units(power, [f"*{unit}" for unit in entries])
        retreats = game.get_power(power).retreats
        for unit, places in entries.items():
            retreats[unit] = list(places)
    centers = doc.get("centers")
    if centers is None:
        centers = {name: list(power.homes) for name, power in game.powers.items()}
    for power, owned in centers.items():
        game.set_centers(power, list(owned))
    for power, orders in doc.get("orders", {}).items():
        game.set_orders(power, orders.splitlines() if isinstance(orders, str) else list(orders))
    return game


def _reference_state(game: Any, doc: Phase) -> Phase:
    """The state a processed reference game is in, as a phase document (without orders)."""
    state: Phase = {
        "variant": doc.get("variant", "standard"),
        "rules": doc.get("rules", "2023"),
        "phase": game.get_current_phase(),
        "units": {},
        "centers": {},
        "dislodged": {},
    }
    for name, power in sorted(game.powers.items()):
        if power.units:
            state["units"][name] = sorted(power.units)
        if power.centers:
            state["centers"][name] = sorted(power.centers)
        # The contract leaves out a dislodged unit with nowhere to go: it is destroyed at once.
        retreats = {u: sorted(r) for u, r in sorted(power.retreats.items()) if r}
        if retreats:
            state["dislodged"][name] = retreats
    if state["phase"] == "COMPLETED":
        winners = [n for n, p in game.powers.items() if len(p.centers) >= game.win]
        if winners:
            state["winner"] = winners[0]
    return state


def reference_next(doc: Phase) -> Phase | None:
    """The reference's next state for a phase document (None once its game is over)."""
    game = _reference_game(doc)
    game.process()
    state = _reference_state(game, doc)
    return None if state["phase"] == "COMPLETED" else state


def reference_available() -> str | None:
    """None if the reference imports, else why not."""
    try:
        import diplomacy  # noqa: F401
    except ImportError as error:
        return f"the reference engine is not installed ({error}): pip install -e '.[bench]'"
    return None


# -- timings ------------------------------------------------------------------------------------


@dataclass
class Timing:
    label: str
    phases: int
    seconds: float
    note: str = ""

    @property
    def ms_per_phase(self) -> float:
        return self.seconds / self.phases * 1000 if self.phases else float("nan")

    @property
    def per_second(self) -> float:
        return self.phases / self.seconds if self.seconds else float("nan")


@dataclass
class Outcomes:
    """Next states (and per-unit results) each engine produced, for --check."""

    ours: list[Phase | None] = field(default_factory=list)
    ours_orders: list[list[dict[str, Any]]] = field(default_factory=list)
    reference: list[Phase | None] = field(default_factory=list)
    reference_results: list[dict[str, list[str]]] = field(default_factory=list)


def time_reference(docs: list[Phase], keep: Outcomes | None) -> tuple[Timing, Timing, int]:
    """(process() alone, set-up + process(), failures)."""
    process_seconds = setup_seconds = 0.0
    failures = 0
    clock = time.perf_counter
    for doc in docs:
        start = clock()
        try:
            game = _reference_game(doc)
        except Exception:  # a position the reference cannot take: counted, not timed
            failures += 1
            if keep is not None:
                keep.reference.append(None)
                keep.reference_results.append({})
            continue
        ready = clock()
        data = game.process()
        done = clock()
        setup_seconds += ready - start
        process_seconds += done - ready
        if keep is not None:
            keep.reference.append(_reference_state(game, doc))
            keep.reference_results.append(
                {str(unit): [str(r) for r in results] for unit, results in data.results.items()}
            )
    ok = len(docs) - failures
    return (
        Timing("reference: Game.process() alone", ok, process_seconds),
        Timing("reference: set-up + Game.process()", ok, setup_seconds + process_seconds),
        failures,
    )


def time_ours(docs: list[Phase], keep: Outcomes | None) -> tuple[Timing, int, str | None]:
    """(adjudicate_document per phase, failures, first failure message)."""
    from adjudicator.contract.documents import adjudicate_document

    seconds = 0.0
    failures = 0
    first_error: str | None = None
    clock = time.perf_counter
    for doc in docs:
        start = clock()
        try:
            result = adjudicate_document(doc)
        except Exception as error:
            seconds += clock() - start
            failures += 1
            first_error = first_error or f"{type(error).__name__}: {error}"
            if keep is not None:
                keep.ours.append(None)
                keep.ours_orders.append([])
            continue
        seconds += clock() - start
        if keep is not None:
            keep.ours.append(result["next"])
            keep.ours_orders.append(result["orders"])
    timing = Timing("ours: adjudicate_document() in-process", len(docs), seconds)
    return timing, failures, first_error


def _command() -> list[str]:
    script = Path(sys.executable).parent / "adjudicator"
    if script.is_file():
        return [str(script)]
    found = shutil.which("adjudicator")
    return [found] if found else [sys.executable, "-m", "adjudicator"]


@dataclass
class ChildRun:
    seconds: float
    max_rss_kib: int
    returncode: int
    stderr: str


# Linux keeps a process's peak RSS across exec, and a child forked from this (large) process
# starts with ours: ru_maxrss of a direct child would report this process's size. So every
# measured command is started by a small, freshly exec'd launcher, which times it, waits for it
# and prints [wall seconds, ru_maxrss KiB, exit code] on its stdout.
_LAUNCHER = """
import json, os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
seconds = time.perf_counter() - start
print(json.dumps([seconds, usage.ru_maxrss, os.waitstatus_to_exitcode(status)]))
"""


def run_child(args: list[str]) -> ChildRun:
    """Run a command: its wall time (from its launch) and its own peak RSS (not its parent's)."""
    done = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, *args], capture_output=True, text=True, check=True
    )
    seconds, max_rss_kib, returncode = json.loads(done.stdout.strip().splitlines()[-1])
    return ChildRun(seconds, max_rss_kib, returncode, done.stderr)


def time_batch(path: Path, out: Path, jobs: int, phases: int) -> tuple[Timing, ChildRun]:
    run = run_child([*_command(), "batch", str(path), "-o", str(out), "--jobs", str(jobs)])
    last = (run.stderr.strip().splitlines() or [""])[-1][:120]
    note = "" if run.returncode == 0 else f"FAILED, exit {run.returncode}: {last}"
    return Timing(f"ours: `adjudicator batch --jobs {jobs}` wall", phases, run.seconds, note), run


def time_startup(path: Path, out: Path, repeat: int = 5) -> tuple[float, float]:
    """Median wall seconds of `adjudicator --help` and of a one-line batch."""
    helps = [run_child([*_command(), "--help"]).seconds for _ in range(repeat)]
    one = [
        run_child([*_command(), "batch", str(path), "-o", str(out)]).seconds for _ in range(repeat)
    ]
    return statistics.median(helps), statistics.median(one)


def count_error_lines(path: Path, expected: int) -> tuple[int, str | None]:
    """Error lines in a batch output, plus the lines missing from it."""
    errors, first, seen = 0, None, 0
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            seen += 1
            if line.startswith('{"line"'):
                errors += 1
                first = first or line.strip()[:300]
    return errors + max(0, expected - seen), first


def head(path: Path, lines: int, out: Path) -> None:
    with path.open(encoding="utf-8") as source, out.open("w", encoding="utf-8") as sink:
        for number, line in enumerate(source):
            if number >= lines:
                break
            sink.write(line)


# -- --check ------------------------------------------------------------------------------------


def _units(state: Phase) -> set[tuple[str, str]]:
    return {(p, u) for p, units in state.get("units", {}).items() for u in units}


def _dislodged(state: Phase) -> dict[tuple[str, str], tuple[str, ...]]:
    return {
        (p, u): tuple(sorted(r))
        for p, entries in state.get("dislodged", {}).items()
        for u, r in entries.items()
    }


def _centers(state: Phase) -> dict[str, str]:
    return {c: p for p, owned in (state.get("centers") or {}).items() for c in owned}


def compare(ours: Phase, reference: Phase) -> dict[str, Any]:
    """What differs between two next states, by kind ({} when they agree)."""
    found: dict[str, Any] = {}
    a, b = _units(ours), _units(reference)
    if a != b:
        found["units"] = (sorted(a - b), sorted(b - a))
    da, db = _dislodged(ours), _dislodged(reference)
    if set(da) != set(db):
        found["dislodged"] = (sorted(set(da) - set(db)), sorted(set(db) - set(da)))
    else:
        retreats = {k: (da[k], db[k]) for k in da if da[k] != db[k]}
        if retreats:
            found["retreats"] = retreats
    ca, cb = _centers(ours), _centers(reference)
    # The reference takes centres on entering the winter phase, ours after the fall phase: they
    # are comparable only when both engines reached the same phase.
    if ca != cb and ours["phase"] == reference["phase"]:
        keys = sorted(k for k in set(ca) | set(cb) if ca.get(k) != cb.get(k))
        found["centers"] = {k: (ca.get(k), cb.get(k)) for k in keys}
    if ours["phase"] != reference["phase"]:
        found["phase"] = (ours["phase"], reference["phase"])
    return found


def _involved(found: dict[str, Any]) -> set[str]:
    provinces: set[str] = set()
    for key in ("units", "dislodged"):
        for side in found.get(key, ()):
            for _power, unit in side:
                provinces.add(unit.split()[1][:3])
    provinces.update(u.split()[1][:3] for _p, u in found.get("retreats", {}))
    return provinces


BUCKETS = {
    "convoy_fallback": "an army whose convoy failed (no_convoy/disrupted) moved by land in the"
    " reference: DATC 4.A.3, the 2023 rules have no land fallback (expected under rules 2023)",
    "convoyed_attack_retreats": "the reference offers a dislodged unit more retreats (it skips the"
    " occupied/contested test when the attacker came by convoy)",
    "via_without_fallback": "an army ordered VIA whose convoy failed moved by land in ours"
    " (rules with land_fallback) and stayed in the reference (no fallback after an explicit VIA)",
    "other": "anything else: look at these first, a bug in one engine or the other",
}


def classify(
    found: dict[str, Any], our_orders: list[dict[str, Any]], reference: dict[str, list[str]]
) -> str:
    """Which known kind of disagreement this is (see BUCKETS), by its most telling difference."""
    if "units" in found:
        only_ours, only_reference_units = found["units"]
        places = {unit.split()[1][:3] for _power, unit in (*only_ours, *only_reference_units)}
        for entry in our_orders:
            words = entry["order"].split()
            failed_convoy = {"no_convoy", "disrupted"} & set(entry["tags"])
            moved = len(words) >= 4 and words[2] == "-"
            if failed_convoy and moved and words[3][:3] in places:
                return "convoy_fallback"
            by_land = entry["result"] == "succeeds" and words[-1] == "VIA"
            if by_land and "no convoy" in reference.get(entry["unit"], ()):
                return "via_without_fallback"
        return "other"
    if "retreats" in found and all(
        set(ours) < set(reference) for ours, reference in found["retreats"].values()
    ):
        return "convoyed_attack_retreats"
    if "dislodged" in found and not found["dislodged"][0]:
        disbanded = {(e["power"], e["unit"]) for e in our_orders if "disbanded" in e["tags"]}
        if set(found["dislodged"][1]) <= disbanded:
            return "convoyed_attack_retreats"
    return "other"


def _show(index: int, doc: Phase, found: dict[str, Any], outcomes: Outcomes) -> None:
    print(f"  corpus line {index + 1}, {doc['phase']}")
    for key, value in found.items():
        if key in ("units", "dislodged"):
            only_ours, only_reference = value
            print(f"    {key}: only ours {only_ours}; only reference {only_reference}")
        else:
            print(f"    {key}: (ours, reference) {value}")
    involved = _involved(found)
    for entry in outcomes.ours_orders[index]:
        text = f"{entry['order']} {entry['input'] or ''}"
        if any(p in text for p in involved):
            tags = ",".join(entry["tags"])
            ref = outcomes.reference_results[index].get(entry["unit"], "-")
            print(
                f"      {entry['power']:8} {entry['order']:28} ours: {entry['result']}"
                f" [{tags}] {entry['reason'] or ''} | reference: {ref}"
            )


def report_check(docs: list[Phase], outcomes: Outcomes, examples: int) -> None:
    kinds: Counter[str] = Counter()
    by_phase_kind: Counter[str] = Counter()
    buckets: dict[str, list[tuple[int, dict[str, Any]]]] = {name: [] for name in BUCKETS}
    compared = 0
    for index, doc in enumerate(docs):
        ours, reference = outcomes.ours[index], outcomes.reference[index]
        if ours is None or reference is None:
            continue
        compared += 1
        if reference["phase"] == "COMPLETED" or ours.get("winner"):
            continue
        found = compare(ours, reference)
        if not found:
            continue
        by_phase_kind[doc["phase"][-1]] += 1
        kinds.update(found.keys())
        buckets[
            classify(found, outcomes.ours_orders[index], outcomes.reference_results[index])
        ].append((index, found))
    disagreeing = sum(len(v) for v in buckets.values())
    print(
        f"\ncheck: {disagreeing} of {compared} phases disagree"
        f" (by phase kind {dict(by_phase_kind)}; by what differs {dict(kinds)})"
    )
    for name, cases in buckets.items():
        print(f"\n{name}: {len(cases)} phases: {BUCKETS[name]}")
        for index, found in cases[: examples * 2 if name == "other" else examples]:
            _show(index, docs[index], found, outcomes)


# -- the run ------------------------------------------------------------------------------------


def print_table(rows: list[Timing], baseline: Timing | None) -> None:
    header = f"{'measure':44} {'phases':>7} {'total s':>9} {'ms/phase':>9} {'phases/s':>9}"
    print(header + f" {'ref/this':>9}")
    print("-" * (len(header) + 10))
    for row in rows:
        ratio = ""
        if baseline is not None and row.seconds:
            ratio = f"{baseline.seconds / row.seconds * row.phases / baseline.phases:9.2f}"
        print(
            f"{row.label:44} {row.phases:7d} {row.seconds:9.3f} {row.ms_per_phase:9.3f}"
            f" {row.per_second:9.1f} {ratio:>9}" + (f"  ({row.note})" if row.note else "")
        )


def profile_ours(docs: list[Phase], top: int) -> None:
    from adjudicator.contract.documents import adjudicate_document

    profiler = cProfile.Profile()
    profiler.enable()
    for doc in docs:
        with contextlib.suppress(Exception):
            adjudicate_document(doc)
    profiler.disable()
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    total = max(stats.total_tt, 1e-9)  # type: ignore[attr-defined]
    stats.sort_stats("cumulative").print_stats(top)
    print(f"\nprofile of ours in-process, {len(docs)} phases, {total:.2f} s under cProfile")
    print(stream.getvalue())
    stream = io.StringIO()
    pstats.Stats(profiler, stream=stream).sort_stats("tottime").print_stats(top)
    print(stream.getvalue())


def report_batch(
    args: argparse.Namespace,
    path: Path,
    work: Path,
    n: int,
    rows: list[Timing],
    baseline: Timing | None,
) -> None:
    """Time `adjudicator batch` (jobs 1 and N), the start-up and the batch's peak memory."""
    out = work / "bench-out.jsonl"
    batch_1, run_1 = time_batch(path, out, 1, n)
    errors, first = count_error_lines(out, n) if out.exists() else (n, None)
    rows.append(batch_1)
    runs = {1: run_1}
    if args.jobs > 1:
        batch_n, run_n = time_batch(path, work / "bench-out-jobs.jsonl", args.jobs, n)
        rows.append(batch_n)
        runs[args.jobs] = run_n

    third = work / "bench-corpus-third.jsonl"
    head(path, n // 3, third)
    _, run_third = time_batch(third, work / "bench-out-third.jsonl", 1, n // 3)
    one = work / "bench-corpus-one.jsonl"
    head(path, 1, one)
    help_s, one_s = time_startup(one, work / "bench-out-one.jsonl")

    print()
    print_table(rows, baseline)
    print(
        f"\nstart-up (median of 5): `adjudicator --help` {help_s * 1000:.0f} ms,"
        f" one-line batch {one_s * 1000:.0f} ms"
    )
    print(
        f"peak RSS of the batch process (jobs 1): {n // 3} phases"
        f" {run_third.max_rss_kib / 1024:.1f} MiB, {n} phases {run_1.max_rss_kib / 1024:.1f} MiB"
        + (
            f"; jobs {args.jobs}, largest process {runs[args.jobs].max_rss_kib / 1024:.1f} MiB"
            if args.jobs in runs and args.jobs > 1
            else ""
        )
    )
    if errors:
        print(f"batch output: {errors} error lines; first: {first}")
    if baseline is not None:
        good = [r for r in runs.values() if r.returncode == 0]
        if errors or not good:
            print("target (reference process() time / our batch wall time >= 10): not measurable,")
            print("  the batch runs failed or wrote error lines")
        else:
            best = min(good, key=lambda r: r.seconds)
            ratio = baseline.seconds / best.seconds * n / baseline.phases
            verdict = "met" if ratio >= 10 else "NOT met"
            print(
                f"target (reference process() time / our batch wall time >= 10): {ratio:.2f},"
                f" {verdict} (best batch run {best.seconds:.2f} s)"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", choices=["dense", "games", "mixed"], default="dense")
    parser.add_argument(
        "--rules", type=rules_arg, default="2023", help="an edition name or a JSON object"
    )
    parser.add_argument("--games-engine", choices=["ours", "reference"], default="reference")
    parser.add_argument("--corpus", help="use this JSONL corpus instead of generating one")
    parser.add_argument("--jobs", type=int, default=2, help="jobs for the parallel batch run")
    parser.add_argument("--check", action="store_true", help="compare the engines' positions")
    parser.add_argument("--examples", type=int, default=5, help="disagreements to show")
    parser.add_argument("--profile", action="store_true", help="cProfile ours in-process")
    parser.add_argument("--top", type=int, default=25, help="profile lines to show")
    parser.add_argument("--no-reference", action="store_true", help="time ours only")
    parser.add_argument(
        "--no-batch", action="store_true", help="skip the batch, start-up and memory runs"
    )
    parser.add_argument("--workdir", default="/tmp", help="where corpus and outputs go")
    parser.add_argument(
        "--readme",
        action="store_true",
        help="only the steady-state table of the README's Speed section (bench/steady.py)",
    )
    args = parser.parse_args(argv)
    if args.readme:
        from steady import main as steady_main

        return steady_main(["--readme"])

    work = Path(args.workdir)
    work.mkdir(parents=True, exist_ok=True)
    if args.corpus:
        path = Path(args.corpus)
    else:
        path = Path(DEFAULT_OUTPUT) if args.workdir == "/tmp" else work / "bench-corpus.jsonl"
        write_corpus(path, corpus(args.phases, args.seed, args.kind, args.rules, args.games_engine))
    with path.open(encoding="utf-8") as lines:
        docs = [json.loads(line) for line in lines if line.strip()]
    n = len(docs)
    rules = json.dumps(args.rules) if isinstance(args.rules, dict) else args.rules
    print(f"corpus {path}: {n} phases ({args.kind}, seed {args.seed}, rules {rules})")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs")

    keep = Outcomes() if args.check else None
    rows: list[Timing] = []
    baseline: Timing | None = None
    why_not = "--no-reference given" if args.no_reference else reference_available()
    if why_not is None:
        process_only, with_setup, failures = time_reference(docs, keep)
        rows += [process_only, with_setup]
        baseline = process_only
        if failures:
            print(f"reference: {failures} phases could not be set up (left out)")
    else:
        print(f"reference: skipped: {why_not}")

    ours, failures, first_error = time_ours(docs, keep)
    rows.append(ours)
    if failures:
        print(f"ours: {failures} of {n} phases raised; first: {first_error}")

    if args.no_batch:
        print()
        print_table(rows, baseline)
    else:
        report_batch(args, path, work, n, rows, baseline)

    if args.check:
        if baseline is None:
            print("check: needs the reference engine")
        else:
            assert keep is not None
            report_check(docs, keep, args.examples)
    if args.profile:
        profile_ours(docs, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
