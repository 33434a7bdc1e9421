"""Large batches: `adjudicator batch` on up to 100,000 phases (issue 15, part 2).

On the seeded dense corpus of bench/corpus.py it measures

1. JSON I/O per result line: writing with pydantic_core's `to_json`, orjson, msgspec and the
   standard library's `json.dumps`, and reading with pydantic's `model_validate_json` (parse and
   validate in one pass), orjson and msgspec followed by the same validation, the bare parsers,
   and the whole read to a Position as batch does it (pydantic_core's `from_json`, the values
   checked as they are converted) against validating first; each encoder's bytes are compared
   with the output's;
2. garbage collection in a long run: the collector's default settings against batch's
   (`gc.freeze()` after start-up, a larger young generation) and against no collection at all,
   in-process on the same lines once the caches are full;
3. scaling: the whole `adjudicator batch` process on the first N phases and on all of them:
   wall time, CPU time, peak RSS; time per phase after start-up (a one-line batch) is taken off;
4. `--jobs N` for N = 1 .. cores + 1 on one corpus: wall time, speed-up, efficiency, the CPU
   the pool adds per phase and its fixed cost (a pool on 2 chunks of lines);
5. `--dask ADDRESS` on a LocalCluster of one worker process per CPU against `--jobs 1` (needs
   the dask extra), and whether its output is byte-identical.

Everything is repeated (`--repeat`) and the medians are printed: the development machine is
shared. Nothing here is a test: timings depend on the machine.

    python bench/batch.py --phases 100000 [--small 1000] [--jobs-phases 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import importlib
import itertools
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus, write_corpus
from pydantic_core import from_json

from adjudicator.contract import jsonout, reading
from adjudicator.contract.batch import CHUNK, process_line, steady_gc
from adjudicator.contract.documents import PhaseDocument, adjudicate_document

# Like bench/run.py: a small, freshly exec'd launcher runs each measured command, so ru_maxrss is
# the command's own (and its worker processes': wait4 counts reaped children), not ours.
_LAUNCHER = """
import json, os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
seconds = time.perf_counter() - start
cpu = usage.ru_utime + usage.ru_stime
print(json.dumps([seconds, cpu, usage.ru_maxrss, os.waitstatus_to_exitcode(status)]))
"""


def run_batch_process(
    source: Path, out: Path, jobs: int = 1, dask: str = ""
) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MiB) of `adjudicator batch SOURCE -o OUT --jobs JOBS` (or
    `--dask ADDRESS`: then CPU and RSS are the client's alone, the workers not its children)."""
    command = [sys.executable, "-m", "adjudicator", "batch", str(source), "-o", str(out)]
    command += ["--dask", dask] if dask else ["--jobs", str(jobs)]
    done = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, *command],
        capture_output=True,
        text=True,
        check=True,
    )
    wall, cpu, rss_kib, code = json.loads(done.stdout.strip().splitlines()[-1])
    if code not in (0, 1):  # 1: some lines were bad, which the corpus may hold
        raise SystemExit(f"batch failed ({code}): {done.stderr[-500:]}")
    return wall, cpu, rss_kib / 1024


def ensure_corpus(path: Path, phases: int, seed: int) -> Path:
    """The first `phases` dense phases of seed `seed` (made once, then reused)."""
    if not path.is_file() or sum(1 for _ in path.open("rb")) != phases:
        write_corpus(path, corpus(phases, seed, "dense", "2023", "ours"))
    return path


def head(source: Path, lines: int, target: Path) -> Path:
    with source.open("rb") as text, target.open("wb") as out:
        out.writelines(itertools.islice(text, lines))
    return target


def median_rounds(
    variants: dict[str, Callable[[], None]], repeat: int
) -> dict[str, tuple[float, float]]:
    """Seconds per call of each variant (median over interleaved rounds) and its median ratio
    to the first variant, round by round (the ratio is steadier than the times on a busy box)."""
    times: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(repeat):
        for name, run in variants.items():
            start = time.process_time()
            run()
            times[name].append(time.process_time() - start)
    base = times[next(iter(variants))]
    return {
        name: (
            statistics.median(seconds),
            statistics.median(s / b for s, b in zip(seconds, base, strict=True)),
        )
        for name, seconds in times.items()
    }


def _optional(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def json_io(lines: list[bytes], repeat: int) -> None:
    results = [adjudicate_document(json.loads(line)) for line in lines]
    expected = [jsonout.dumps(result) for result in results]
    orjson, msgspec = _optional("orjson"), _optional("msgspec.json")
    std = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    writers: dict[str, Callable[[Any], bytes]] = {
        "pydantic_core.to_json": importlib.import_module("pydantic_core").to_json,
        "json.dumps (stdlib)": lambda doc: std.encode(doc).encode(),
    }
    readers: dict[str, Callable[[bytes], Any]] = {
        "model_validate_json": PhaseDocument.model_validate_json,
        "json.loads + model_validate": lambda t: PhaseDocument.model_validate(json.loads(t)),
        "from_json alone (batch parses)": from_json,
        # the whole read, to a Position: batch's way against validating first
        "batch read: from_json+position": lambda t: reading.read_document(
            from_json(t), lambda: reading.read_phase_json(t)
        ),
        "model_validate_json+position": lambda t: reading.read_validated(
            reading.read_phase_json(t)
        ),
    }
    if orjson:
        writers["orjson.dumps"] = orjson.dumps
        readers["orjson.loads + model_validate"] = lambda t: PhaseDocument.model_validate(
            orjson.loads(t)
        )
        readers["orjson.loads alone"] = orjson.loads
    if msgspec:
        writers["msgspec encode"] = msgspec.Encoder().encode
        decoder = msgspec.Decoder()
        readers["msgspec decode + model_validate"] = lambda t: PhaseDocument.model_validate(
            decoder.decode(t)
        )
        readers["msgspec decode alone"] = decoder.decode
    readers["json.loads alone (stdlib)"] = json.loads

    def each(function: Callable[[Any], Any], items: list[Any]) -> Callable[[], None]:
        def run() -> None:
            for item in items:
                function(item)

        return run

    print(
        f"\nJSON writing, {len(results)} result lines (µs per line; batch uses {jsonout.ENCODER})"
    )
    gc.disable()  # as timeit does: the collector's passes over the corpus are not JSON's cost
    timed = median_rounds({n: each(f, results) for n, f in writers.items()}, repeat)
    for name, (seconds, ratio) in timed.items():
        same = all(writers[name](r) == e for r, e in zip(results, expected, strict=True))
        print(f"  {name:32s} {seconds / len(results) * 1e6:7.2f}  x{ratio:.2f}  identical: {same}")
    print(f"JSON reading, {len(lines)} phase lines (µs per line)")
    for name, (seconds, ratio) in median_rounds(
        {n: each(f, lines) for n, f in readers.items()}, repeat
    ).items():
        print(f"  {name:32s} {seconds / len(lines) * 1e6:7.2f}  x{ratio:.2f}")
    gc.enable()


def gc_settings(source: Path, warm: int, repeat: int) -> None:
    """In-process, after `warm` lines: µs per phase under three collector settings, each round
    on new lines (as a long batch sees them), the corpus shared out between the rounds."""
    block = max(1, (sum(1 for _ in source.open("rb")) - warm) // (3 * repeat))
    numbered: Iterator[tuple[int, bytes]] = enumerate(source.open("rb"), start=1)
    for item in itertools.islice(numbered, warm):
        process_line(item)

    def lines(setting: Callable[[], Any]) -> Callable[[], None]:
        def run() -> None:
            with setting():
                for item in itertools.islice(numbered, block):
                    process_line(item)

        return run

    class Default:
        def __enter__(self) -> None:
            gc.collect()

        def __exit__(self, *_: object) -> None:
            pass

    class Off(Default):
        def __enter__(self) -> None:
            gc.collect()
            gc.disable()

        def __exit__(self, *_: object) -> None:
            gc.enable()

    timed = median_rounds(
        {
            "default (700, 10, 10)": lines(Default),
            "batch's steady_gc()": lines(steady_gc),
            "collector off": lines(Off),
        },
        repeat,
    )
    print(f"\nGarbage collection, in-process, blocks of {block} phases after {warm} (CPU)")
    for name, (seconds, ratio) in timed.items():
        print(f"  {name:24s} {seconds / block * 1e6:7.1f} µs/phase  x{ratio:.3f}")


def scaling(full: Path, small: int, medium: int, workdir: Path, repeat: int) -> None:
    out = workdir / "batch-bench-out.jsonl"
    sizes = sorted({1, small, medium, sum(1 for _ in full.open("rb"))})
    print("\nScaling, `adjudicator batch --jobs 1` (medians; per phase after start-up)")
    print(f"  {'phases':>8} {'wall s':>9} {'CPU s':>9} {'µs/phase':>9} {'CPU µs/ph':>9}", end="")
    print(f" {'RSS MiB':>8}")
    rows: dict[int, tuple[float, float, float]] = {}
    for size in sizes:
        source = full if size == sizes[-1] else head(full, size, workdir / f"batch-{size}.jsonl")
        runs = [run_batch_process(source, out) for _ in range(repeat if size < 50_000 else 1)]
        rows[size] = tuple(statistics.median(r[i] for r in runs) for i in range(3))  # type: ignore[assignment]
    start_wall, start_cpu, _ = rows[1]
    per_phase = {}
    for size, (wall, cpu, rss) in rows.items():
        if size == 1:
            print(f"  {size:8d} {wall:9.3f} {cpu:9.3f} {'(start-up)':>9} {'':>9} {rss:8.1f}")
            continue
        per_phase[size] = ((wall - start_wall) / size * 1e6, (cpu - start_cpu) / size * 1e6)
        print(
            f"  {size:8d} {wall:9.3f} {cpu:9.3f} {per_phase[size][0]:9.0f} "
            f"{per_phase[size][1]:9.0f} {rss:8.1f}"
        )
    big, little = sizes[-1], small
    memory = rows[big][2] / rows[little][2]
    print(f"  peak RSS {big} / {little} phases: x{memory:.2f} (target ≤ 1.5)")
    wall, cpu = (per_phase[big][i] / per_phase[little][i] for i in (0, 1))
    print(
        f"  time per phase {big} / {little}: wall x{wall:.2f}, CPU x{cpu:.2f} (target within 10%)"
    )


def jobs_curve(source: Path, workdir: Path, repeat: int) -> None:
    phases = sum(1 for _ in source.open("rb"))
    cores = os.cpu_count() or 1
    out = workdir / "batch-bench-out.jsonl"
    tiny = head(source, 2 * CHUNK, workdir / "batch-tiny.jsonl")
    print(f"\n`--jobs N` on {phases} phases ({cores} CPUs; medians of {repeat})")
    print(
        f"  {'jobs':>4} {'wall s':>8} {'speed-up':>8} {'efficiency':>10} {'CPU s':>8} "
        f"{'+CPU µs/ph':>10} {'pool start s':>12} {'peak RSS MiB':>12}"
    )
    base: tuple[float, float] | None = None
    for jobs in range(1, cores + 2):
        runs = [run_batch_process(source, out, jobs) for _ in range(repeat)]
        wall, cpu, rss = (statistics.median(r[i] for r in runs) for i in range(3))
        start = statistics.median(run_batch_process(tiny, out, jobs)[0] for _ in range(repeat))
        if base is None:
            base = (wall, cpu, start)  # type: ignore[assignment]
        assert base is not None
        added = (cpu - base[1]) / phases * 1e6
        print(
            f"  {jobs:4d} {wall:8.2f} {base[0] / wall:8.2f} {base[0] / wall / jobs:10.2f} ", end=""
        )
        print(f"{cpu:8.2f} {added:10.1f} {start - base[2]:12.3f} {rss:12.1f}")


def dask_path(source: Path, workdir: Path, repeat: int) -> None:
    """`--dask ADDRESS` on a LocalCluster of one single-thread worker process per CPU, against
    `--jobs 1` in the same rounds (wall time: the work is in the cluster's processes)."""
    try:
        from distributed import LocalCluster
    except ImportError:
        print("\nDask: not installed (pip install -e '.[dask]')")
        return
    phases = sum(1 for _ in source.open("rb"))
    cores = os.cpu_count() or 1
    one, on_dask = workdir / "batch-bench-out.jsonl", workdir / "batch-bench-dask.jsonl"
    began = time.perf_counter()
    with LocalCluster(
        n_workers=cores, threads_per_worker=1, dashboard_address=None, host="127.0.0.1"
    ) as local:
        start = time.perf_counter() - began
        walls: dict[str, list[float]] = {"jobs 1": [], "dask": []}
        for _ in range(repeat):
            walls["jobs 1"].append(run_batch_process(source, one)[0])
            walls["dask"].append(
                run_batch_process(source, on_dask, dask=local.scheduler_address)[0]
            )
    same = one.read_bytes() == on_dask.read_bytes()
    base, dask = (statistics.median(walls[k]) for k in ("jobs 1", "dask"))
    print(f"\nDask, {phases} phases: LocalCluster of {cores} single-thread worker processes")
    print(f"  cluster start {start:.2f} s (not in the figures below); medians of {repeat}")
    print(f"  `--jobs 1` wall {base:.2f} s; `--dask ADDRESS` wall {dask:.2f} s: x{base / dask:.2f}")
    print(f"  output byte-identical to --jobs 1: {same}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phases", type=int, default=100_000)
    parser.add_argument("--small", type=int, default=1000, help="the run the big one is held to")
    parser.add_argument("--medium", type=int, default=10_000)
    parser.add_argument("--jobs-phases", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workdir", type=Path, default=Path("/tmp"))
    parser.add_argument(
        "--only",
        choices=["json", "gc", "scaling", "jobs", "dask"],
        action="append",
        help="run only these parts (repeatable)",
    )
    args = parser.parse_args(argv)
    parts = set(args.only or ["json", "gc", "scaling", "jobs", "dask"])
    args.workdir.mkdir(parents=True, exist_ok=True)  # a new folder, as README's commands name
    full = ensure_corpus(args.workdir / f"batch-corpus-{args.phases}.jsonl", args.phases, args.seed)
    print(f"corpus {full}: {args.phases} dense phases, seed {args.seed}")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, JSON out: {jsonout.ENCODER}")
    if "json" in parts:
        with full.open("rb") as text:
            json_io(list(itertools.islice(text, 2000)), args.repeat * 3)
    if "gc" in parts:
        gc_settings(full, min(20_000, args.phases // 2), args.repeat * 3)
    if "scaling" in parts:
        scaling(full, args.small, args.medium, args.workdir, args.repeat)
    if "jobs" in parts:
        source = head(full, args.jobs_phases, args.workdir / f"batch-{args.jobs_phases}.jsonl")
        jobs_curve(source, args.workdir, args.repeat)
    if "dask" in parts:
        source = head(full, args.jobs_phases, args.workdir / f"batch-{args.jobs_phases}.jsonl")
        dask_path(source, args.workdir, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
