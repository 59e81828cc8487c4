#!/usr/bin/env python3
"""Measures `quizgen serve`: from saving a file to the reload message, and its memory.

    bench/serve.py                         # 4,000 files, 30 content edits, 5 template edits
    bench/serve.py --files 200 --edits 5 --template-edits 2   # a quick check that it works

It writes a corpus (bench/corpus.py), starts `quizgen serve` on it (a release build of this
checkout unless --quizgen names a binary), listens to the server's event stream as an open
page does, and then, one at a time:

- edits a content file (one word added to a line of prose; each edit a different file, the
  kinds in turn) and times from just before the write to the moment the reload message
  naming that file's pages arrives;
- edits the stylesheet (Templates/style.css, a comment added), which changes every page,
  and times the same way until the message arrives (the listener stands for the index page
  open in a browser: serve renders the open pages at once, the others when asked for);
- after the edits, asks for 200 pages over HTTP (serve renders each on request) and times
  them.

It prints the medians and spreads, serve's resident memory after the first build and at
the end (VmRSS) and its peak (VmHWM), from /proc, and the targets of issue 12. Standard
library only. Exits 0 whatever the figures; 2 when something fails.
"""
import argparse
import json
import queue
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402  (beside this file)
from run import build_quizgen, git_revision, machine  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
TARGETS = (("content", "save to reload message, one content file", 0.050),
           ("template", "save to reload message, a template", 0.500))
MEMORY_LIMIT_MB = 200


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Serve:
    def __init__(self, binary, site, args):
        self.port = free_port()
        self.process = subprocess.Popen([str(binary), "serve", "--port", str(self.port), "--no-color", *args],
                                        cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.lines = []
        threading.Thread(target=self._read, daemon=True).start()
        start = time.perf_counter()
        while not any("Serving " in line for line in self.lines):
            if self.process.poll() is not None or time.perf_counter() - start > 600:
                raise RuntimeError("serve did not start:\n" + "".join(self.lines))
            time.sleep(0.05)
        self.first_build = next(line for line in self.lines if line.startswith("Built "))

    def _read(self):
        for line in self.process.stderr:
            self.lines.append(line)

    def memory(self):
        fields = {}
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0]) / 1024
        return fields

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise RuntimeError("serve did not stop on SIGINT")


class Listener:
    """An open page's event stream: every message with the time it arrived."""

    def __init__(self, port):
        self.messages = queue.Queue()
        # As the index page open in a browser: it names itself, as the page script does.
        self.response = urllib.request.urlopen(f"http://127.0.0.1:{port}/__quizgen/events?page=index.html", timeout=600)
        threading.Thread(target=self._read, daemon=True).start()
        self.next(60)  # the state on connecting

    def _read(self):
        try:
            for raw in self.response:
                line = raw.decode()
                if line.startswith("data: "):
                    self.messages.put((time.perf_counter(), json.loads(line[6:])))
        except (OSError, ValueError):
            pass

    def next(self, timeout):
        return self.messages.get(timeout=timeout)

    def wait_for(self, predicate, timeout=60):
        end = time.perf_counter() + timeout
        while True:
            arrived, message = self.next(max(end - time.perf_counter(), 0.001))
            if predicate(message):
                return arrived, message


def edit_prose(path, n):
    """Adds a word to the first line of prose after the front matter."""
    text = path.read_text()
    head, sep, body = text.partition("\n---\n")
    lines = body.split("\n")
    for i, line in enumerate(lines):
        if line[:1].islower():
            lines[i] = line + f" revised{n}"
            break
    else:
        raise RuntimeError(f"no prose line in {path}")
    path.write_text(head + sep + "\n".join(lines))


def median_spread(values):
    values = sorted(values)
    return {"median": statistics.median(values), "min": values[0], "max": values[-1], "runs": len(values)}


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--files", type=int, default=4000, help="corpus size (default 4000)")
    parser.add_argument("--edits", type=int, default=30, help="content edits (default 30)")
    parser.add_argument("--template-edits", type=int, default=5, help="stylesheet edits (default 5)")
    parser.add_argument("--pause", type=float, default=0.3, help="seconds between edits (default 0.3)")
    parser.add_argument("--quizgen", help="a quizgen binary (default: build this checkout with -c release)")
    parser.add_argument("--serve-args", type=lambda text: text.split(), default=[], metavar="ARGS",
                        help="extra options for quizgen serve, e.g. --serve-args=--no-maps")
    parser.add_argument("--json", type=Path, help="write everything as JSON")
    args = parser.parse_args(argv)

    binary = Path(args.quizgen).resolve() if args.quizgen else build_quizgen()
    work = Path(tempfile.mkdtemp(prefix="quizgen-serve-bench-"))
    server = None
    try:
        manifest = corpus.write_corpus(work / "corpus", args.files)
        site = work / "corpus" / "quizgen"
        shutil.copytree(REPO / "Templates", site / "Templates", ignore=shutil.ignore_patterns("i18n", "*.mustache", "*.js"))
        server = Serve(binary, site, args.serve_args)
        after_build = server.memory()
        listener = Listener(server.port)

        content = []
        files = manifest["files"]
        step = max(len(files) // max(args.edits, 1), 1)
        for n in range(args.edits):
            entry = files[(n * step + n) % len(files)]
            folder = entry["path"][:-3] + "/"
            time.sleep(args.pause)
            start = time.perf_counter()
            edit_prose(site / "Content" / entry["path"], n)
            arrived, message = listener.wait_for(lambda m: any(p.startswith(folder) for p in m["changed"]))
            if message["errors"]:
                raise RuntimeError("the edit made an error:\n" + message["errors"])
            content.append({"file": entry["path"], "kind": entry["kind"], "seconds": arrived - start,
                            "changed": len(message["changed"])})

        template = []
        css = site / "Templates" / "style.css"
        for n in range(args.template_edits):
            time.sleep(args.pause * 3)
            start = time.perf_counter()
            css.write_text(css.read_text() + f"\n/* edit {n} */\n")
            arrived, message = listener.wait_for(lambda m: "index.html" in m["changed"])
            template.append({"seconds": arrived - start, "changed": len(message["changed"])})
        requests = []
        for entry in files[:: max(len(files) // 200, 1)][:200]:
            start = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/{entry['path'][:-3]}/") as response:
                response.read()
            requests.append(time.perf_counter() - start)
        end = server.memory()
        rebuild_lines = [line.strip() for line in server.lines if line.startswith("Rebuilt")]
    finally:
        if server:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)

    result = {
        "machine": machine(), "revision": git_revision(), "files": args.files, "serve_args": args.serve_args,
        "first_build": server.first_build.strip(),
        "content": median_spread([c["seconds"] for c in content]), "content_runs": content,
        "content_by_kind": {k: median_spread([c["seconds"] for c in content if c["kind"] == k])
                            for k in sorted({c["kind"] for c in content})},
        "template": median_spread([t["seconds"] for t in template]), "template_runs": template,
        "page_request": median_spread(requests),
        "memory_mb": {"after_first_build": after_build.get("VmRSS"), "end": end.get("VmRSS"), "peak": end.get("VmHWM")},
        "server_lines": rebuild_lines,
    }
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n")

    print(f"quizgen serve on {args.files} files ({result['revision']}, {result['machine'].get('cpu', '')})")
    print(result["first_build"])
    print(f"{'edit':<34}{'median':>10}{'min':>10}{'max':>10}{'runs':>6}")
    rows = [("content file", result["content"])] + [
        (f"  {kind}", stats) for kind, stats in result["content_by_kind"].items()] + [("template (style.css)", result["template"]),
                                                      ("a page asked for (rendered then)", result["page_request"])]
    for name, stats in rows:
        print(f"{name:<34}{ms(stats['median']):>10}{ms(stats['min']):>10}{ms(stats['max']):>10}{stats['runs']:>6}")
    memory = result["memory_mb"]
    print(f"memory: {memory['after_first_build']:.1f} MB after the first build, {memory['end']:.1f} MB at the end, "
          f"peak {memory['peak']:.1f} MB")
    for key, label, limit in TARGETS:
        value = result[key]["median"]
        print(f"  {'PASS' if value <= limit else 'FAIL'}  {label}: median {ms(value)} (limit {ms(limit)})")
    print(f"  {'PASS' if memory['peak'] <= MEMORY_LIMIT_MB else 'FAIL'}  serve's memory: peak {memory['peak']:.1f} MB "
          f"(limit {MEMORY_LIMIT_MB} MB)")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, OSError, queue.Empty) as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
