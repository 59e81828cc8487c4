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
