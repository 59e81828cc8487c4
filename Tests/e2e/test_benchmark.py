"""The benchmark machinery (bench/corpus.py, bench/run.py): the corpus follows FORMAT.md and
gives Hugo the same Markdown, and a tiny benchmark run completes with every tool writing its
output. No timing is asserted: CI machines are shared and noisy."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, quizgen_binary, require_tool

sys.path.insert(0, str(REPO / "bench"))
import corpus  # noqa: E402
import run as bench_run  # noqa: E402


# --- an independent reading of FORMAT.md, enough to check what the generator writes -------

def split_front_matter(text):
    lines = text.split("\n")
    assert lines[0] == "---", "front matter must open the file"
    end = lines.index("---", 1)
    front = {}
    for line in lines[1:end]:
        key, _, value = line.partition(": ")
        front[key] = value.strip('"')
    return front, "\n".join(lines[end + 1:])


def items(body):
    """(heading text, attribute tokens, body lines) per `##` heading, outside code fences."""
    result, fence = [], False
    for line in body.split("\n"):
        if line.startswith("```"):
            fence = not fence
        if not fence and line.startswith("## "):
            heading = line[3:]
            tokens = []
            match = re.search(r" \{([^{}]*)\}$", heading)
            if match:
                tokens = match.group(1).split()
                heading = heading[:match.start()]
            result.append((heading, tokens, []))
        elif result:
            result[-1][2].append(line)
    return result


def first_list(lines):
    items_, started = [], False
    for line in lines:
        if re.match(r"^[-*] ", line):
            items_.append(line[2:])
            started = True
        elif started:
            break
    return items_


def check_personality(front, body):
    parsed = items(body)
    outcomes = [tokens for _, tokens, _ in parsed if ".outcome" in tokens]
    ids = [t[1:] for tokens in outcomes for t in tokens if t.startswith("#")]
    assert len(ids) == len(outcomes) and len(set(ids)) == len(ids), "every outcome has one unique id"
    assert 4 <= len(ids) <= 6
    questions = [(tokens, lines) for _, tokens, lines in parsed if ".outcome" not in tokens]
    assert len(questions) == 8
    tables = []
    for tokens, lines in questions:
        assert len([t for t in tokens if t in (".single", ".multiple", ".ranged")]) <= 1
        answers = first_list(lines)
        assert len(answers) >= 2
        table = []
        for answer in answers:
            refs = re.search(r" \{([^{}]+)\}$", answer).group(1).split()
            scores = {}
            for ref in refs:
                name, _, weight = ref.partition("=")
                assert name in ids, f"unknown outcome {name}"
                scores[name] = int(weight or 1)
            table.append(scores)
        tables.append(table)
    # No outcome may be unreachable: a witness per outcome (its best answer everywhere).
    for k, oid in enumerate(ids):
        totals = dict.fromkeys(ids, 0)
        for table in tables:
            best = max(table, key=lambda s: s.get(oid, 0) - sum(v for o, v in s.items() if o != oid))
            for o, v in best.items():
                totals[o] += v
        assert all(totals[oid] > totals[o] for o in ids if o != oid), f"outcome {oid} has no winning combination"


def check_trivia(front, body):
    questions = items(body)
    assert len(questions) == 10
    if "pick" in front:
        assert int(front["pick"]) <= len(questions)
    for _, tokens, lines in questions:
        choices = first_list(lines)
        assert len(choices) >= 2
        assert all(re.match(r"^\[[x ]\] \S", c) for c in choices), choices
        texts = [c[4:].lower() for c in choices]
        assert len(set(texts)) == len(texts), "duplicate choices"
        correct = sum(c.startswith("[x]") for c in choices)
        assert correct >= 1 if ".multiple" in tokens else correct == 1
        for token in tokens:
            assert token in (".multiple", ".easy", ".medium", ".hard") or re.match(r"^points=\d+$", token), token
        after = lines[lines.index("- " + choices[-1]) + 1:]
        assert all(not line or line.startswith(">") for line in after), "only an explanation after the choices"


def check_story(front, body):
    pages = items(body)
    assert len(pages) == 12
    ids, links = [], []
    for heading, tokens, lines in pages:
        own = [t[1:] for t in tokens if t.startswith("#")]
        ids.append(own[0] if own else re.sub(r"(?:[^\w]|_)+", "-", heading.lower()).strip("-"))
        links.append(re.findall(r"\]\(#([^)]+)\)", "\n".join(lines)))
        if ".ending" in tokens or any(t.startswith("ending=") for t in tokens):
            assert not links[-1], "an ending has no choices"
        for token in tokens:
            assert token.startswith("#") or token in (".ending", "ending=good", "ending=bad", "ending=neutral")
    assert len(set(ids)) == len(ids), "page ids are unique"
    index = {page_id: n for n, page_id in enumerate(ids)}
    for targets in links:
        assert all(t in index for t in targets), f"links to unknown pages: {targets}"
    start = index[front["start"]] if "start" in front else 0
    seen, todo = {start}, [start]
    while todo:
        for target in links[todo.pop()]:
            if index[target] not in seen:
                seen.add(index[target])
                todo.append(index[target])
    assert seen == set(range(12)), "every page is reachable from the start"
    can_end = {n for n in range(12) if not links[n]}
    changed = True
    while changed:
        changed = False
        for n in range(12):
            if n not in can_end and any(index[t] in can_end for t in links[n]):
                can_end.add(n)
                changed = True
    assert can_end == set(range(12)), "no page is a trap"


CHECKS = {"personality": check_personality, "trivia": check_trivia, "story": check_story}


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("corpus") / "c"
    manifest = corpus.write_corpus(out, 45)
    return out, manifest


def test_corpus_follows_the_format(small_corpus):
    out, manifest = small_corpus
    kinds = [f["kind"] for f in manifest["files"]]
    assert kinds.count("personality") == kinds.count("trivia") == kinds.count("story") == 15
    for entry in manifest["files"]:
        text = (out / "quizgen" / "Content" / entry["path"]).read_text()
        front, body = split_front_matter(text)
        assert front["kind"] == entry["kind"]
        CHECKS[entry["kind"]](front, body)
        assert 2_500 < len(text.encode()) < 7_000, f"{entry['path']} is {len(text.encode())} bytes"


def test_corpus_is_nested_and_hugo_gets_the_same_bodies(small_corpus):
    out, manifest = small_corpus
    depths = {entry["path"].count("/") for entry in manifest["files"]}
    assert depths >= {1, 2}, "files are spread over nested folders"
    bodies = []
    for entry in manifest["files"]:
        _, quizgen_body = (out / "quizgen" / "Content" / entry["path"]).read_bytes().split(b"\n---\n", 1)
        hugo_front, hugo_body = (out / "hugo" / "content" / entry["path"]).read_bytes().split(b"\n---\n", 1)
        assert quizgen_body == hugo_body
        assert hugo_front.startswith(b"---\ntitle: ")
        bodies.append(quizgen_body + b"\n")
    assert (out / "bodies.md").read_bytes() == b"".join(bodies)
    assert (out / "hugo" / "hugo.toml").exists()


def test_corpus_is_deterministic_and_smaller_sizes_are_prefixes(tmp_path):
    corpus.write_corpus(tmp_path / "a", 9, seed=7)
    corpus.write_corpus(tmp_path / "b", 9, seed=7)
    corpus.write_corpus(tmp_path / "c", 5, seed=7)
    files = lambda root: {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    a, c = files(tmp_path / "a"), files(tmp_path / "c")
    assert a == files(tmp_path / "b")
    content = {path: data for path, data in c.items() if path.parts[0] in ("quizgen", "hugo")}
    assert content.items() <= a.items()
    assert corpus.write_corpus(tmp_path / "d", 9, seed=8)["files"] != corpus.write_corpus(tmp_path / "a", 9, seed=7)["files"]


def test_corpus_refuses_to_overwrite_other_folders(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ValueError):
        corpus.write_corpus(tmp_path, 3)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_targets_are_reported_not_asserted():
    def size(files, quizgen, nomaps, hugo, rss, maps_over_dot=None):
        measured = {"files": files, "quizgen_per_file": quizgen / files, "quizgen_over_hugo": quizgen / hugo,
                    "nomaps_over_hugo": nomaps / hugo, "memory_quizgen_over_hugo": rss}
        if maps_over_dot is not None:
            measured["maps_over_dot"] = maps_over_dot
        return measured
    verdicts = {t["name"]: t["pass"] for t in bench_run.targets(
        [size(1000, 1.0, 0.5, 5.0, 0.2, 1.1), size(4000, 4.5, 3.0, 4.4, 0.3, 1.3)])}
    assert verdicts == {"wall": False, "nomaps": False, "memory": False, "scaling": True, "maps": False}
    verdicts = {t["name"]: t["pass"] for t in bench_run.targets([size(4000, 2.0, 0.8, 2.0, 0.1, 1.2)])}
    assert verdicts == {"wall": True, "nomaps": True, "memory": True, "scaling": None, "maps": True}
    # Without maps drawn (no dot) the maps target cannot be judged.
    assert {t["name"]: t["pass"] for t in bench_run.targets([size(50, 1.0, 1.0, 1.0, 1.0)])}["maps"] is None


def test_the_drawing_line_of_timings_is_read():
    stages = bench_run.quizgen_stages("parse    12.5 ms\nmaps     3.1 ms\n"
                                      "drawn    2310 ms (333 maps by 2 dot processes alongside the stages; dot CPU 4200 ms)\n")
    assert stages == {"parse": 0.0125, "maps": 0.0031, "drawn": 2.31, "dot_cpu": 4.2}


def test_a_tiny_benchmark_run_completes(tmp_path):
    require_tool("hugo", "cmark", "/usr/bin/time")
    # Every kind of content, at sizes small enough for a debug build in CI: this checks the
    # machinery, not the timings.
    result = subprocess.run(
        [sys.executable, str(REPO / "bench" / "run.py"), "--quizgen", str(quizgen_binary()),
         "--sizes", "15,30", "--runs", "2", "--warmup", "1",
         "--workdir", str(tmp_path / "work"), "--disk", str(tmp_path / "disk"), "--json", str(tmp_path / "bench.json")],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Targets of issue 13" in result.stdout
    assert "with their output on disk" in result.stdout
    data = json.loads((tmp_path / "bench.json").read_text())
    assert [size["files"] for size in data["sizes"]] == [15, 30]
    for size in data["sizes"]:
        tools = size["tools"]
        for tool in ("quizgen", "nomaps", "hugo", "cmark"):
            assert len(tools[tool]["runs"]) == 2
            assert tools[tool]["median_wall"] > 0 and tools[tool]["median_max_rss_kib"] > 0
        # Every quiz gets its page (and each outcome one), plus the index; Hugo one per file plus home.
        assert tools["quizgen"]["output_html"] > size["files"]
        assert tools["hugo"]["output_html"] == size["files"] + 1
        assert tools["quizgen"]["warnings"] == 0, "the corpus builds without warnings"
        assert set(tools["quizgen"]["median_stages"]) >= {"load", "parse", "check", "render", "write"}
        # The no-maps build writes no SVG: fewer files than the build with maps, when dot is here.
        if "dot_reference" in size:
            assert tools["nomaps"]["output_files"] < tools["quizgen"]["output_files"]
            assert {"drawn", "dot_cpu"} <= set(tools["quizgen"]["median_stages"])
        for tool in ("quizgen", "nomaps", "hugo"):
            assert len(size["disk"]["tools"][tool]["runs"]) == 2
    assert {t["name"] for t in data["targets"]} == {"wall", "nomaps", "memory", "scaling", "maps"}


def test_the_benchmark_can_measure_maps_with_bare_arrows(tmp_path):
    require_tool("hugo", "cmark", "/usr/bin/time")
    result = subprocess.run(
        [sys.executable, str(REPO / "bench" / "run.py"), "--quizgen", str(quizgen_binary()),
         "--sizes", "15", "--runs", "1", "--warmup", "0", "--kinds", "story", "--map-choices", "tooltips",
         "--keep", "--workdir", str(tmp_path / "work"), "--json", str(tmp_path / "bench.json")],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "map-choices: tooltips" in result.stdout
    assert json.loads((tmp_path / "bench.json").read_text())["settings"]["map_choices"] == "tooltips"
    graphs = [g.read_text() for g in (tmp_path / "work" / "out-quizgen").rglob("story.dot")]
    assert graphs
    edges = [line for g in graphs for line in g.splitlines() if " -> p" in line and "style=bold" not in line]
    assert edges and all(" [tooltip=" in line and "label=" not in line for line in edges)
