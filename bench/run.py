#!/usr/bin/env python3
"""Benchmarks `quizgen build` against Hugo, and against Debian's `cmark`, on the same Markdown.

    bench/run.py                                  # 1,000 and 4,000 files, 5 runs each
    bench/run.py --sizes 50 --runs 1              # a quick check that it all works
    bench/run.py --kinds personality --json out.json

For each size it writes a corpus (bench/corpus.py: quizgen content and a Hugo site with the
same Markdown bodies), builds quizgen in release mode (unless --quizgen names a binary),
then times, in alternating order, `quizgen build` (story maps drawn), `quizgen build
--no-maps`, `hugo` and `cmark` on the concatenated bodies. It prints medians, ratios, peak
memory, quizgen's time per file and its stages, what Graphviz's `dot` alone needs for the same
story maps (the build's story.dot files drawn by one dot per core) beside what drawing them
adds to quizgen's build, and the targets of issue 13 with PASS or FAIL. With --disk DIR the
same runs are made again with the three builds' output in DIR (a disk, where creating files
costs far more than on tmpfs) and reported beside. It exits 0 whether or not targets are met,
unless --strict is given (then 1 when one is missed); 2 when a tool fails or the setup is wrong.

How it measures (see BENCHMARKS.md for why):
- every run goes through GNU time (/usr/bin/time -f %M), a fresh small wrapper process, so
  each run's peak memory (max RSS) is its own, not a high-water mark over earlier runs or
  this Python process;
- wall time: time.perf_counter around spawning the wrapper and reaping it (the wrapper
  adds about a millisecond, the same for every tool);
- CPU time: user + system time of the tool, from the wrapper's rusage;
- every run of every tool is a cold build of that tool: its output folder (and for Hugo its
  cache folder and resources/) is deleted before the run, outside the timed region; the
  input files are in the page cache, warmed by the untimed warm-up runs.
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402  (beside this file)

REPO = Path(__file__).resolve().parents[1]
# "nomaps" is `quizgen build --no-maps`.
TOOLS = ("quizgen", "nomaps", "hugo", "cmark")
BUILDS = ("quizgen", "nomaps", "hugo")
LABELS = {"quizgen": "quizgen", "nomaps": "--no-maps", "hugo": "hugo", "cmark": "cmark"}
# The targets of issue 13, checked at the largest size (scaling: largest against smallest).
TARGETS = (
    ("wall", "quizgen build (maps drawn) ≤ 1.0 × Hugo's wall", 1.0),
    ("nomaps", "quizgen build --no-maps ≤ 0.4 × Hugo's wall", 0.4),
    ("memory", "quizgen peak memory ≤ 0.25 × Hugo's", 0.25),
    ("scaling", "time per file, largest size ≤ 1.2 × smallest", 1.2),
    ("maps", "maps add ≤ 1.25 × what dot alone needs", 1.25),
)


class BenchError(Exception):
    """A tool failed or the setup is wrong: the numbers would mean nothing."""


# --- running and measuring ---------------------------------------------------------------

GNU_TIME = "/usr/bin/time"


def measure(argv, env=None, timeout=None):
    """Runs argv once under GNU time, output to /dev/null and stderr kept. Returns wall
    seconds, CPU seconds, peak RSS in KiB, exit code and stderr.

    Peak memory comes from GNU time (`%M`), not from the rusage of a child of this script:
    a child's ru_maxrss starts at the RSS of the process that spawned it (Linux keeps the
    high-water mark across exec), so that would report Python's own 15-200 MB as the
    floor. GNU time's own footprint (about 1-2 MB) is the floor here instead."""
    with open(os.devnull, "wb") as devnull, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as rss:
        wrapped = [GNU_TIME, "-f", "%M", "-o", rss.name, *map(str, argv)]
        start = time.perf_counter()
        # A session of its own, so that a timeout can stop the tool along with GNU time.
        process = subprocess.Popen(wrapped, stdout=devnull, stderr=err, env=env, start_new_session=True)
        timer = threading.Timer(timeout, os.killpg, (process.pid, signal.SIGKILL)) if timeout else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        if timer:
            timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
        report = rss.read().strip().splitlines()
    return {
        "wall": wall,
        # The tool's user + system time (GNU time waited for it), plus GNU time's own (< 1 ms).
        "cpu": usage.ru_utime + usage.ru_stime,
        "max_rss_kib": int(report[-1]) if report and report[-1].isdigit() else None,
        "exit": process.returncode,
        "stderr": stderr,
        "timed_out": bool(timeout) and wall >= timeout and process.returncode != 0,
    }


def remove(path):
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


def count_files(folder):
    files = html = 0
    for _, _, names in os.walk(folder):
        files += len(names)
        html += sum(1 for n in names if n.endswith(".html"))
    return files, html


STAGE_LINE = re.compile(r"^(\w+)\s+([0-9.]+) ms$")
# "drawn    2310 ms (333 maps by 2 dot processes alongside the stages; dot CPU 4200 ms)"
DRAWN_LINE = re.compile(r"^drawn\s+([0-9.]+) ms .*dot CPU ([0-9.]+) ms\)$")


def quizgen_stages(stderr):
    """The stage table that `quizgen build --timings` prints, in seconds."""
    stages = {}
    for line in stderr.splitlines():
        match = STAGE_LINE.match(line.strip())
        if match:
            stages[match.group(1)] = float(match.group(2)) / 1000
        match = DRAWN_LINE.match(line.strip())
        if match:
            stages["drawn"] = float(match.group(1)) / 1000
            stages["dot_cpu"] = float(match.group(2)) / 1000
    return stages


def count_warnings(stderr):
    return sum(1 for line in stderr.splitlines() if re.match(r"^\S.*:\d+:\d+: warning: ", line) or
               re.match(r"^\S+: warning: ", line))


# --- the machine and the tools -----------------------------------------------------------

def first_line(argv):
    try:
        result = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = (result.stdout or result.stderr).strip()
    return text.splitlines()[0] if text else None


def machine():
    info = {"cpu": platform.processor() or platform.machine(), "cores": os.cpu_count(),
            "usable_cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
            "memory_gib": None, "os": platform.platform(), "kernel": platform.release()}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                info["memory_gib"] = round(int(line.split()[1]) / 1024 / 1024, 1)
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return info


def git_revision():
    revision = first_line(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"])
    if revision and subprocess.run(["git", "-C", str(REPO), "diff", "--quiet", "HEAD", "--", "Sources", "Templates",
                                    "Package.swift"], capture_output=True).returncode != 0:
        revision += " (with uncommitted changes)"
    return revision


def build_quizgen():
    """A release build of this checkout; returns the binary."""
    print("Building quizgen (swift build -c release --static-swift-stdlib, as scripts/setup.sh does)…",
          file=sys.stderr, flush=True)
    result = subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "quizgen"], cwd=REPO,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise BenchError("swift build -c release --static-swift-stdlib failed:\n" + result.stdout[-3000:] + result.stderr[-3000:])
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                              capture_output=True, text=True).stdout.strip()
    return Path(bin_path) / "quizgen"


def find_tool(name, given):
    path = shutil.which(given)
    if not path:
        raise BenchError(f"{given} not found: install it (scripts/install-deps.sh installs hugo and cmark)")
    return path


# --- one size ----------------------------------------------------------------------------

class Size:
    """The corpus of one size and the commands that build it."""

    def __init__(self, files, work, args, tools):
        self.files = files
        self.folder = work / f"corpus-{files}"
        self.hugo_cache = work / "hugo-cache"
        self.manifest = corpus.write_corpus(self.folder, files, args.seed, args.kinds)
        if args.map_choices:
            # The site's setting, as an author would write it (the corpus has no quizgen.yml).
            (self.folder / "quizgen" / "quizgen.yml").write_text(f"map-choices: {args.map_choices}\n")
        self.tools = tools
        self.args = args
        self.output_to(work)
        # Hugo reads HUGO_* variables as settings; none from the caller's environment.
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("HUGO")}

    def output_to(self, folder):
        """The builds write their output into `folder` from now on."""
        tools, args = self.tools, self.args
        self.outputs = {tool: folder / f"out-{tool}" for tool in BUILDS}
        self.commands = {
            "quizgen": [tools["quizgen"], "build", "--source", self.folder / "quizgen",
                        "--output", self.outputs["quizgen"], "--timings", *args.quizgen_args],
            "nomaps": [tools["quizgen"], "build", "--source", self.folder / "quizgen",
                       "--output", self.outputs["nomaps"], "--timings", "--no-maps", *args.quizgen_args],
            "hugo": [tools["hugo"], "--quiet", "--source", self.folder / "hugo",
                     "--destination", self.outputs["hugo"], "--cacheDir", self.hugo_cache],
            "cmark": [tools["cmark"], self.folder / "bodies.md"],
        }

    def prepare(self, tool):
        """A cold build every time: no previous output, no Hugo cache or resources."""
        if tool in self.outputs:
            remove(self.outputs[tool])
        if tool == "hugo":
            remove(self.hugo_cache)
            remove(self.folder / "hugo" / "resources")
            remove(self.folder / "hugo" / ".hugo_build.lock")

    def run(self, tool, timeout):
        self.prepare(tool)
        result = measure(self.commands[tool], env=self.env, timeout=timeout)
        if result["timed_out"]:
            raise BenchError(f"{tool} took longer than --timeout {timeout} s on {self.files} files")
        if result["exit"] != 0:
            hint = ""
            if tool == "quizgen" and "not supported by this version" in result["stderr"]:
                hint = "\nThis quizgen does not support every kind yet: choose the kinds it builds with --kinds."
            raise BenchError(f"{tool} failed (exit {result['exit']}) on {self.files} files:\n"
                             + result["stderr"][-3000:] + hint)
        if tool in ("quizgen", "nomaps"):
            result["stages"] = quizgen_stages(result["stderr"])
            result["warnings"] = count_warnings(result["stderr"])
        del result["stderr"], result["timed_out"], result["exit"]
        return result


def bench_size(files, work, args, tools, log):
    log(f"\n== {files} files ({', '.join(args.kinds)}) ==")
    size = Size(files, work, args, tools)
    per_tool = {tool: {"runs": []} for tool in TOOLS}
    bytes_ = size.manifest["body_bytes"]
    log(f"corpus: {files} files, {bytes_ / 1e6:.1f} MB of Markdown ({bytes_ / files / 1024:.1f} KB each), "
        f"in {size.folder}")

    started = time.perf_counter()
    for _ in range(args.warmup):
        for tool in TOOLS:
            size.run(tool, args.timeout)
    if args.warmup:
        round_time = (time.perf_counter() - started) / args.warmup
        log(f"warm-up: {args.warmup} run(s) of each tool; one round takes about {round_time:.1f} s, "
            f"so the {args.runs} timed round(s) about {round_time * args.runs / 60:.1f} min")

    result = {
        "files": files,
        "kinds": {k: sum(1 for f in size.manifest["files"] if f["kind"] == k) for k in args.kinds},
        "body_bytes": bytes_,
    }
    result.update(timed_rounds(size, TOOLS, args, log))
    reference = dot_reference(size, work, args, log)
    if reference:
        result["dot_reference"] = reference
        result["maps_over_dot"] = result["maps_added"] / reference["median_wall"]
    if args.disk:
        outputs = size.outputs
        size.output_to(args.disk)
        log(f"the same runs with the output on disk, in {args.disk}:")
        result["disk"] = timed_rounds(size, BUILDS, args, log)
        for output in size.outputs.values():
            remove(output)
        size.outputs = outputs
    if not args.keep:
        remove(size.folder)
        for output in size.outputs.values():
            remove(output)
        remove(size.hugo_cache)
    return result


def timed_rounds(size, tools, args, log):
    """`args.runs` rounds of each tool, alternating the order so none always goes first;
    medians and ratios."""
    per_tool = {tool: {"runs": []} for tool in tools}
    for r in range(args.runs):
        order = tools if r % 2 == 0 else tools[1:] + tools[:1]
        for tool in order:
            run = size.run(tool, args.timeout)
            run["load"] = os.getloadavg()[0]  # the 1-minute load average, to judge the noise
            per_tool[tool]["runs"].append(run)
        log(f"run {r + 1}/{args.runs}: " + ", ".join(
            f"{LABELS[tool]} {per_tool[tool]['runs'][-1]['wall']:.3f} s" for tool in tools))

    for tool in tools:
        if tool in size.outputs:
            per_tool[tool]["output_files"], per_tool[tool]["output_html"] = count_files(size.outputs[tool])
    for tool, data in per_tool.items():
        runs = data["runs"]
        data["median_wall"] = statistics.median(r["wall"] for r in runs)
        data["min_wall"] = min(r["wall"] for r in runs)
        data["max_wall"] = max(r["wall"] for r in runs)
        data["median_cpu"] = statistics.median(r["cpu"] for r in runs)
        data["median_max_rss_kib"] = statistics.median(r["max_rss_kib"] for r in runs)
    for tool in ("quizgen", "nomaps"):
        q = per_tool[tool]
        q["warnings"] = max(r["warnings"] for r in q["runs"])
        stage_names = list(dict.fromkeys(name for r in q["runs"] for name in r["stages"]))
        q["median_stages"] = {name: statistics.median(r["stages"].get(name, 0) for r in q["runs"]) for name in stage_names}
    q, n, h = per_tool["quizgen"], per_tool["nomaps"], per_tool["hugo"]
    result = {
        "tools": per_tool,
        "quizgen_per_file": q["median_wall"] / size.files,
        "quizgen_over_hugo": q["median_wall"] / h["median_wall"],
        "nomaps_over_hugo": n["median_wall"] / h["median_wall"],
        "memory_quizgen_over_hugo": q["median_max_rss_kib"] / h["median_max_rss_kib"],
        # What drawing the maps adds to the build: they are drawn alongside the stages.
        "maps_added": q["median_wall"] - n["median_wall"],
    }
    if "cmark" in per_tool:
        result["nomaps_over_cmark"] = n["median_wall"] / per_tool["cmark"]["median_wall"]
    return result


def dot_reference(size, work, args, log):
    """What Graphviz alone needs for the maps of the last quizgen build: its story.dot files
    concatenated into one file per core, drawn by one `dot -Tsvg` each, all at once (the
    best a build that runs `dot` can do on this machine). None when dot is missing or no
    maps were drawn."""
    dot = shutil.which("dot")
    graphs = sorted(size.outputs["quizgen"].rglob("story.dot"))
    if not dot or not graphs or "--no-maps" in args.quizgen_args:
        return None
    cores = max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    parts = [work / f"dot-part-{i}.dot" for i in range(cores)]
    texts = [[] for _ in parts]
    loads = [0] * cores
    # Largest first onto the lightest part: the parts take about the same time.
    for text in sorted((g.read_text() for g in graphs), key=len, reverse=True):
        i = loads.index(min(loads))
        texts[i].append(text)
        loads[i] += len(text)
    for part, chunk in zip(parts, texts):
        part.write_text("\n".join(chunk))
    command = ["sh", "-c", " ".join(f"{dot} -Tsvg -o /dev/null {part} &" for part in parts) + " wait"]
    runs = [measure(command) for _ in range(args.runs)]
    for part in parts:
        remove(part)
    reference = {"graphs": len(graphs), "processes": cores,
                 "median_wall": statistics.median(r["wall"] for r in runs),
                 "median_cpu": statistics.median(r["cpu"] for r in runs)}
    log(f"dot alone on the build's {len(graphs)} graphs, {cores} at once: "
        f"{reference['median_wall']:.3f} s wall, {reference['median_cpu']:.3f} s CPU")
    return reference


# --- report ------------------------------------------------------------------------------

def targets(sizes):
    largest, smallest = sizes[-1], sizes[0]
    values = {
        "wall": largest["quizgen_over_hugo"],
        "nomaps": largest["nomaps_over_hugo"],
        "memory": largest["memory_quizgen_over_hugo"],
        "scaling": largest["quizgen_per_file"] / smallest["quizgen_per_file"] if len(sizes) > 1 else None,
        "maps": largest.get("maps_over_dot"),
    }
    return [{"name": name, "description": text, "limit": limit, "value": values[name],
             "pass": None if values[name] is None else values[name] <= limit,
             "at": f"{smallest['files']} → {largest['files']} files" if name == "scaling" and len(sizes) > 1
             else f"{largest['files']} files"}
            for name, text, limit in TARGETS]


def seconds(s):
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:.3f} s"


def megabytes(kib):
    return f"{kib / 1024:.1f} MB"


def cpu_ratio(measured):
    return measured["tools"]["quizgen"]["median_cpu"] / measured["tools"]["hugo"]["median_cpu"]


def tool_table(sizes, pick, tools):
    rows = []
    for size in sizes:
        for tool in tools:
            d = pick(size)["tools"][tool]
            written = f"{d['output_files']} ({d['output_html']})" if "output_files" in d else "stdout"
            rows.append(f"{size['files']:>6}  {LABELS[tool]:<10} {seconds(d['median_wall']):>10} "
                        f"{seconds(d['min_wall']):>10} {seconds(d['max_wall']):>10} {seconds(d['median_cpu']):>10} "
                        f"{megabytes(d['median_max_rss_kib']):>10}  {written}")
    return table(f"{'files':>6}  {'tool':<10} {'median':>10} {'min':>10} {'max':>10} {'CPU':>10} {'peak RSS':>10}"
                 "  output files (HTML)", rows)


def ratio_table(sizes, pick):
    rows = []
    for size in sizes:
        m = pick(size)
        cmark = f"{m['nomaps_over_cmark']:>13.2f}" if "nomaps_over_cmark" in m else f"{'':>13}"
        rows.append(f"{size['files']:>6}  {m['quizgen_over_hugo']:>12.2f} {m['nomaps_over_hugo']:>14.2f} "
                    f"{cpu_ratio(m):>8.2f} {m['memory_quizgen_over_hugo']:>8.2f} {cmark} "
                    f"{seconds(m['quizgen_per_file']):>17}")
    return table(f"{'files':>6}  {'quizgen/hugo':>12} {'no-maps/hugo':>14} {'CPU q/h':>8} {'RSS q/h':>8} "
                 f"{'quizgen/cmark':>13} {'quizgen per file':>17}", rows)


def table(header, rows):
    return [header, "-" * len(header), *rows]


def report(data):
    lines = []
    m, t, s = data["machine"], data["tools"], data["settings"]
    lines.append(f"quizgen benchmark, {data['date']}: kinds {', '.join(s['kinds'])}; "
                 f"{s['runs']} timed run(s) per tool and size, alternating, after {s['warmup']} warm-up run(s)")
    lines.append(f"machine: {m['cpu']}, {m['usable_cores']} cores, {m['memory_gib']} GiB, {m['os']}; "
                 f"load average {data['load_before'][0]:.2f} before, {data['load_after'][0]:.2f} after")
    extra = " ".join(s.get("quizgen_args", []) + ([f"map-choices: {s['map_choices']}"] if s.get("map_choices") else []))
    lines.append(f"quizgen: {t['quizgen']['path']} ({t['quizgen']['build']}, {t['quizgen']['revision']})"
                 + (f", run with {extra}" if extra else "") + f"; {t['hugo']['version']}; {t['cmark']['version']}")
    lines.append("")
    lines += tool_table(data["sizes"], lambda size: size, TOOLS)
    lines.append("")
    lines += ratio_table(data["sizes"], lambda size: size)
    lines.append("(wall-time ratios; CPU q/h compares user + system time, which other load on the machine "
                 "disturbs less; quizgen/cmark is the --no-maps build's wall against cmark's)")
    if len(data["sizes"]) > 1:
        first, last = data["sizes"][0], data["sizes"][-1]
        cpu_per_file = [size["tools"]["quizgen"]["median_cpu"] / size["files"] for size in (first, last)]
        lines.append(f"per-file time at {last['files']} files / at {first['files']} files: "
                     f"{last['quizgen_per_file'] / first['quizgen_per_file']:.2f} "
                     f"(CPU time per file: {cpu_per_file[1] / cpu_per_file[0]:.2f})")
    loads = [run["load"] for size in data["sizes"] for d in size["tools"].values() for run in d["runs"] if "load" in run]
    if loads:
        lines.append(f"load average (1 min) after each run: {min(loads):.2f} to {max(loads):.2f} "
                     f"on {data['machine']['usable_cores']} cores")
    lines.append("")
    for tool in ("quizgen", "nomaps"):
        stage_names = list(dict.fromkeys(n for size in data["sizes"] for n in size["tools"][tool]["median_stages"]))
        if stage_names:
            lines.append(f"quizgen's stages ({'build' if tool == 'quizgen' else 'build --no-maps'} --timings), medians"
                         + (" (drawn: the maps' drawing, alongside the stages; maps: the time the build waited "
                            "for it)" if tool == "quizgen" else "") + ":")
            lines += table(f"{'files':>6}  " + " ".join(f"{n:>10}" for n in stage_names), [
                f"{size['files']:>6}  " + " ".join(
                    f"{seconds(size['tools'][tool]['median_stages'].get(n, 0)):>10}" for n in stage_names)
                for size in data["sizes"]])
            lines.append("")
    references = [size for size in data["sizes"] if "dot_reference" in size]
    if references:
        lines.append("Graphviz alone on the same graphs (story.dot files concatenated, one dot per core), against "
                     "what drawing the maps adds to the build (build's wall minus --no-maps's) and dot's CPU inside it:")
        lines += table(f"{'files':>6}  {'graphs':>7} {'dot wall':>10} {'dot CPU':>10} {'maps add':>10} "
                       f"{'build dot CPU':>14} {'added/dot':>10}", [
            f"{size['files']:>6}  {size['dot_reference']['graphs']:>7} "
            f"{seconds(size['dot_reference']['median_wall']):>10} {seconds(size['dot_reference']['median_cpu']):>10} "
            f"{seconds(size['maps_added']):>10} "
            f"{seconds(size['tools']['quizgen']['median_stages'].get('dot_cpu', 0)):>14} "
            f"{size.get('maps_over_dot', 0):>10.2f}" for size in references])
        lines.append("")
    disk = [size for size in data["sizes"] if "disk" in size]
    if disk:
        lines.append(f"The same builds with their output on disk ({data['settings'].get('disk')}):")
        lines += tool_table(disk, lambda size: size["disk"], BUILDS)
        lines.append("")
        lines += ratio_table(disk, lambda size: size["disk"])
        lines.append("")
    lines.append("Targets of issue 13 (reported, not asserted; --strict makes a miss exit 1):")
    for target in data["targets"]:
        verdict = "n/a " if target["pass"] is None else ("PASS" if target["pass"] else "FAIL")
        value = "needs two sizes" if target["value"] is None else f"{target['value']:.2f} (limit {target['limit']})"
        lines.append(f"  {verdict}  {target['description']:<48} at {target['at']}: {value}")
    for warning in data["warnings"]:
        lines.append(f"note: {warning}")
    return "\n".join(lines)


def parse_sizes(text):
    try:
        sizes = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError("sizes are whole numbers, e.g. 1000,4000")
    if not sizes or sizes[0] < 1:
        raise argparse.ArgumentTypeError("sizes must be at least 1")
    return sizes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--sizes", type=parse_sizes, default=[1000, 4000],
                        help="comma-separated corpus sizes in files (default 1000,4000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each tool per size (default 5)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs of each tool first (default 1)")
    parser.add_argument("--kinds", type=corpus.parse_kinds, default=corpus.KINDS,
                        help="kinds of content in the corpus (default personality,trivia,story)")
    parser.add_argument("--seed", type=int, default=1, help="corpus seed (default 1)")
    parser.add_argument("--quizgen", help="a quizgen binary to measure (default: build this checkout with -c release)")
    parser.add_argument("--quizgen-args", type=lambda text: text.split(), default=[], metavar="ARGS",
                        help="extra arguments for quizgen build, e.g. --quizgen-args=--no-maps (default none)")
    parser.add_argument("--map-choices", choices=["labels", "tooltips"],
                        help="the corpus site's map-choices setting (default: none, which is labels)")
    parser.add_argument("--hugo", default="hugo", help="the hugo command (default hugo)")
    parser.add_argument("--cmark", default="cmark", help="the cmark command (default cmark)")
    parser.add_argument("--workdir", type=Path, help="where corpora and outputs go (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the corpora and outputs")
    parser.add_argument("--disk", type=Path, metavar="DIR",
                        help="also time the builds with their output in DIR (on a disk, when --workdir is on tmpfs)")
    parser.add_argument("--timeout", type=float, help="give up when one run takes longer than this many seconds")
    parser.add_argument("--json", type=Path, help="also write the results, every run included, to this file")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--report", type=Path, metavar="JSON",
                        help="measure nothing: print the report of an earlier run from its --json file")
    args = parser.parse_args(argv)
    if args.report:
        print(report(json.loads(args.report.read_text())))
        return 0
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup at least 0")

    def log(text):
        print(text, file=sys.stderr, flush=True)

    try:
        if not Path(GNU_TIME).exists():
            raise BenchError(f"GNU time ({GNU_TIME}) is needed to measure peak memory: install Debian's `time` "
                             "package (scripts/install-deps.sh does)")
        tools = {"hugo": find_tool("hugo", args.hugo), "cmark": find_tool("cmark", args.cmark)}
        if args.quizgen:
            tools["quizgen"] = Path(args.quizgen).resolve()
            if not tools["quizgen"].exists():
                raise BenchError(f"{args.quizgen} does not exist")
            build = ("debug build: not for numbers" if "/debug/" in str(tools["quizgen"])
                     else "release build" if "/release/" in str(tools["quizgen"]) else "given binary")
        else:
            tools["quizgen"] = build_quizgen()
            build = "release build"
        data = {
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "machine": machine(),
            "tools": {
                "quizgen": {"path": str(tools["quizgen"]), "build": build, "revision": git_revision(),
                            "swift": first_line(["swift", "--version"]) if shutil.which("swift") else None},
                "hugo": {"path": tools["hugo"], "version": first_line([tools["hugo"], "version"])},
                "cmark": {"path": tools["cmark"], "version": first_line([tools["cmark"], "--version"])},
            },
            "settings": {"sizes": args.sizes, "runs": args.runs, "warmup": args.warmup, "kinds": list(args.kinds),
                         "seed": args.seed, "quizgen_args": list(args.quizgen_args),
                         "map_choices": args.map_choices,
                         "workdir": str(args.workdir) if args.workdir else None,
                         "disk": str(args.disk) if args.disk else None},
            "load_before": os.getloadavg(),
            "sizes": [],
            "warnings": [],
        }
        own_work = args.workdir is None
        work = Path(tempfile.mkdtemp(prefix="quizgen-bench-")) if own_work else args.workdir.resolve()
        work.mkdir(parents=True, exist_ok=True)
        if args.disk:
            args.disk = args.disk.resolve()
            args.disk.mkdir(parents=True, exist_ok=True)
        try:
            for files in args.sizes:
                data["sizes"].append(bench_size(files, work, args, tools, log))
        finally:
            if own_work and not args.keep:
                shutil.rmtree(work, ignore_errors=True)
            elif args.keep:
                log(f"corpora and outputs kept in {work}")
    except BenchError as error:
        print(f"bench: {error}", file=sys.stderr)
        return 2

    data["load_after"] = os.getloadavg()
    data["targets"] = targets(data["sizes"])
    cores = data["machine"]["usable_cores"] or 1
    if max(data["load_before"][0], data["load_after"][0]) > cores / 2:
        data["warnings"].append(f"the machine was busy (load average above {cores / 2:g} on {cores} cores): "
                                "other work competed for the CPU, so times are noisier and slower than on an idle machine")
    if build != "release build":
        data["warnings"].append(f"quizgen is a {build} ({tools['quizgen']}), not a release build")
    for size in data["sizes"]:
        if size["tools"]["quizgen"]["warnings"]:
            data["warnings"].append(f"quizgen reported {size['tools']['quizgen']['warnings']} warning(s) on "
                                    f"{size['files']} files: the corpus should build cleanly")
    print(report(data))
    if args.json:
        args.json.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    missed = [t for t in data["targets"] if t["pass"] is False]
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
