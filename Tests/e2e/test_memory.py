"""Big files keep a build's memory small: text files over the limit are refused before they
are read, and assets are copied by the kernel, never held in memory. Peak memory is measured
with GNU time, so only this build counts."""
import os
import subprocess
from pathlib import Path

from conftest import quizgen_binary, require_tool

LIMIT_KB = 300 * 1024


def build_measured(site: Path):
    require_tool("/usr/bin/time")
    result = subprocess.run(["/usr/bin/time", "-f", "peak %M", str(quizgen_binary()), "build", "--source", str(site)],
                            capture_output=True, text=True, timeout=300)
    peak = int(result.stderr.rsplit("peak ", 1)[1].split()[0])
    return result, peak


def story_site(root: Path) -> Path:
    (root / "Content").mkdir(parents=True)
    (root / "Content" / "s.md").write_text("---\nkind: story\n---\n## P\n\nThe end.\n")
    return root


def test_a_50_mb_markdown_file_is_a_located_error_in_little_memory(tmp_path):
    for name, line in [("lines", "Some words of a long story, on many lines.\n"), ("one-line", "word " * 8)]:
        site = story_site(tmp_path / name)
        with open(site / "Content" / "big.md", "w") as big:
            big.write("---\nkind: story\n---\n## Big\n\n")
            chunk = line * (1 << 16 // len(line))
            while big.tell() < 50_000_000:
                big.write(chunk if name == "lines" else chunk.rstrip("\n"))
        result, peak = build_measured(site)
        assert result.returncode == 1
        assert "Content/big.md:1:1: error: the file is 50.0 MB; text files may be at most 10 MB (10,000,000 bytes)" in result.stderr
        assert peak < LIMIT_KB, f"{name}: {peak} KB"


def test_a_large_asset_is_copied_without_reading_it_into_memory(tmp_path):
    site = story_site(tmp_path / "site")
    video = site / "Content" / "film.mp4"
    with open(video, "wb") as f:
        # Real bytes at both ends and a hole between: 768 MB that cost little disk.
        f.write(b"start" * 1000)
        f.seek(768 * 1024 * 1024)
        f.write(b"end" * 1000)
    result, peak = build_measured(site)
    assert result.returncode == 0, result.stderr
    copy = site / "public" / "film.mp4"
    assert copy.stat().st_size == video.stat().st_size
    with open(copy, "rb") as f:
        assert f.read(5) == b"start"
        f.seek(-3, os.SEEK_END)
        assert f.read() == b"end"
    assert peak < LIMIT_KB, f"{peak} KB"


def test_check_of_a_small_quiz_with_many_outcomes_stays_small(tmp_path):
    # One multiple-answer question of 20 answers (a million combinations) and 1,000
    # outcomes: a 20 KB file. Counting kept every subset's scores for every outcome
    # (gigabytes); the analysis must give up on exact counting within its limits instead.
    require_tool("/usr/bin/time")
    site = tmp_path / "site"
    (site / "Content").mkdir(parents=True)
    lines = ["---", "kind: personality", "title: Many", "---", "## Pick any {.multiple}"]
    lines += [f"- a{a} {{o{a}={1000 * (a + 1) + a * a}}}" for a in range(20)]
    lines += [f"## O{o} {{#o{o} .outcome}}\nx" for o in range(1000)]
    (site / "Content" / "p.md").write_text("\n".join(lines) + "\n")
    result = subprocess.run(["/usr/bin/time", "-f", "peak %M", str(quizgen_binary()), "check", "--source", str(site)],
                            capture_output=True, text=True, timeout=300)
    peak = int(result.stderr.rsplit("peak ", 1)[1].split()[0])
    assert result.returncode == 0, result.stderr
    assert "1 question, 1,000 outcomes, 1,048,576 answer combinations" in result.stdout
    assert peak < LIMIT_KB, f"{peak} KB"
