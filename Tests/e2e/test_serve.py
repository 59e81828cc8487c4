"""`quizgen serve` as an author uses it: a new site from `quizgen init`, served on a free
port, its pages open in headless Chromium while the files change on disk. Every test stops
the server it started (with SIGINT, as Ctrl-C does) and checks that it ended cleanly."""
import contextlib
import json
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request

import pytest
from selenium.common.exceptions import (JavascriptException, NoSuchElementException, StaleElementReferenceException,
                                        WebDriverException)
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import (REPO, assert_dot_ended, console_errors, make_driver, quizgen_binary, run_quizgen,
                      story_site_with_a_dot_that_hangs, wait_for_dot, with_fake_dot)

QUIZ = "which-season"
STORY = "the-door"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A running `quizgen serve`; its standard error is collected as it comes."""

    def __init__(self, site, *args, env=None, started="Serving ", port=None):
        self.port = port or free_port()
        self.lines = []
        self.process = subprocess.Popen(
            [str(quizgen_binary()), "serve", "--port", str(self.port), "--no-color", *args],
            cwd=site, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.wait_for(started, timeout=60)
        self.url = f"http://127.0.0.1:{self.port}/"

    def _read(self):
        for line in self.process.stderr:
            self.lines.append(line)

    @property
    def output(self):
        return "".join(self.lines)

    def wait_for(self, text, timeout=20, start=0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if text in "".join(self.lines[start:]):
                return
            if self.process.poll() is not None:
                raise AssertionError(f"serve ended ({self.process.returncode}):\n{self.output}")
            time.sleep(0.02)
        raise AssertionError(f"serve did not print {text!r} in {timeout} s:\n{self.output}")

    def stop(self):
        """Ctrl-C: the server must end by itself, promptly, with status 0."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                raise AssertionError(f"serve did not stop on SIGINT:\n{self.output}")
        self.reader.join(timeout=5)
        return self.process.returncode


@contextlib.contextmanager
def serving(site, *args, env=None, port=None):
    server = Server(site, *args, env=env, port=port)
    try:
        yield server
    finally:
        status = server.stop()
    assert status == 0, server.output
    assert "Stopped." in server.output


@pytest.fixture()
def site(tmp_path):
    run_quizgen("init", tmp_path / "site")
    return tmp_path / "site"


@pytest.fixture()
def drivers():
    made = []

    def make():
        driver = make_driver()
        made.append(driver)
        return driver

    yield make
    for driver in made:
        driver.quit()


def edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new))


def mark(driver):
    """Marks the page, so a reload (which forgets the mark) can be told from none."""
    driver.execute_script("window.quizgenTestMark = true")


def open_marked(server, *pages):
    """Opens each (driver, path) of the site, and marks it."""
    for driver, path in pages:
        driver.get(server.url + path)
        mark(driver)


def reloaded(driver):
    return driver.execute_script("return window.quizgenTestMark !== true")


def wait(driver, condition, timeout=15, message=""):
    # A page that reloads under a look at it leaves stale elements and a moment with no page.
    def look(d):
        try:
            return condition(d)
        except WebDriverException as error:
            # Chrome reports an element of the page just replaced this way, not as stale.
            if "does not belong to the document" in str(error):
                return False
            raise
    WebDriverWait(driver, timeout, poll_frequency=0.05,
                  ignored_exceptions=(StaleElementReferenceException, NoSuchElementException, JavascriptException)
                  ).until(look, message)


def overlay_text(driver):
    found = driver.find_elements(By.CSS_SELECTOR, "[data-quizgen-overlay]")
    return found[0].text if found else None


def status_of(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_saved_changes_reload_the_open_pages_and_errors_show_over_them(site, drivers):
    quiz, story = drivers(), drivers()
    with serving(site) as server:
        quiz.get(server.url + QUIZ + "/")
        story.get(server.url + STORY + "/")
        assert quiz.find_element(By.TAG_NAME, "h1").text == "Which Season Are You?"
        mark(quiz)
        mark(story)

        # The quiz is edited: its page reloads with the new title, the story's does not.
        edit(site / "Content" / f"{QUIZ}.md", "title: Which Season Are You?", "title: Which Season Is Yours?")
        wait(quiz, lambda d: d.find_element(By.TAG_NAME, "h1").text == "Which Season Is Yours?", message="quiz title")
        assert reloaded(quiz)
        time.sleep(0.3)
        assert not reloaded(story)

        # The story is edited: its cover shows the new text.
        mark(quiz)
        edit(site / "Content" / f"{STORY}.md", "The door is old and painted green.", "The door is old and painted blue.")
        story.get(server.url + STORY + "/the-garden.html")
        mark(story)
        edit(site / "Content" / f"{STORY}.md", "painted blue", "painted red")
        wait(story, lambda d: "painted red" in d.find_element(By.TAG_NAME, "main").text, message="story text")
        assert reloaded(story)

        # A broken file: every open page shows the diagnostic, as the terminal prints it.
        edit(site / "Content" / f"{STORY}.md", "(#hall)", "(#hal)")
        expected = ("Content/the-door.md:16:3: error: unknown page 'hal'\n"
                    " 16 | - [Open the door](#hal)\n"
                    "    |   ^\n"
                    "hint: did you mean 'hall'?")
        # In the overlay the text before the caret's column is drawn hidden (so that the
        # caret stands under it whatever the fonts), and is not in the visible text.
        shown = expected.replace("    |   ^", "    | ^")
        for driver in (quiz, story):
            wait(driver, lambda d: overlay_text(d) is not None, message="overlay")
            assert overlay_text(driver).startswith(shown)
        server.wait_for("error: unknown page 'hal'")
        assert expected in server.output
        # The last good pages are still served underneath.
        assert "painted red" in story.find_element(By.TAG_NAME, "main").text
        assert not reloaded(quiz)

        # Fixed: the overlay goes from every page.
        edit(site / "Content" / f"{STORY}.md", "(#hal)", "(#hall)")
        for driver in (quiz, story):
            wait(driver, lambda d: overlay_text(d) is None, message="overlay gone")
        # No policy violation, no script error (the browser's own favicon request aside).
        for driver in (quiz, story):
            assert not [e for e in console_errors(driver) if "favicon.ico" not in e["message"]]
    assert not (site / "public").exists()


def test_a_story_page_reloads_only_when_its_own_bytes_change(site, drivers):
    """A choice changed on one page changes the story's graph (story.dot, the map) and that
    page: the other pages, beside them in the story's folder, do not reload."""
    garden, hall = drivers(), drivers()
    with serving(site) as server:
        open_marked(server, (garden, STORY + "/the-garden.html"), (hall, STORY + "/hall.html"))
        start = len(server.lines)
        edit(site / "Content" / f"{STORY}.md", "[Close the door again](#house)", "[Close the door again](#room)")
        wait(hall, reloaded, message="the page whose choice changed reloaded")
        server.wait_for("Rebuilt Content/the-door.md", start=start)
        # An error is the next message every open page hears, and shows without a reload.
        edit(site / "Content" / f"{STORY}.md", "(#hall)", "(#hal)")
        wait(garden, lambda d: overlay_text(d) is not None, message="overlay")
        assert not reloaded(garden)


def test_a_deleted_file_is_a_404_and_leaves_the_index(site, drivers):
    driver = drivers()
    with serving(site) as server:
        driver.get(server.url)
        assert "The Planets" in driver.find_element(By.TAG_NAME, "main").text
        mark(driver)
        (site / "Content" / "planets.md").unlink()
        wait(driver, lambda d: reloaded(d) and "The Planets" not in d.find_element(By.TAG_NAME, "body").text,
             message="index without the quiz")
        assert status_of(server.url + "planets/") == 404
        # A new file appears in the index, and the page that was a 404 comes to life.
        driver.get(server.url + "planets/")
        assert driver.find_element(By.TAG_NAME, "h1").text == "Page not found"
        run_quizgen("new", "trivia", "Content/planets.md", cwd=site)
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == "Planets", message="new page")  # titled after its file
        assert status_of(server.url + "planets/") == 200


def test_the_404_page_names_the_path_and_suggests_the_nearest_pages(site, drivers):
    driver = drivers()
    with serving(site, "--no-maps") as server:
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(server.url + "which-seasons/")
        assert caught.value.code == 404
        page = caught.value.read().decode()
        assert "<code>/which-seasons/</code>" in page
        assert '<li><a href="/which-season/">/which-season/</a></li>' in page
        assert '<a href="/">' in page
        # What the request says is escaped, and the policy lets nothing else in.
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(server.url + "%3Cimg%20src=x%20onerror=alert(1)%3E")
        page = caught.value.read().decode()
        assert "&lt;img src=x onerror=alert(1)&gt;" in page and "<img" not in page
        assert "default-src 'none'; script-src 'sha256-" in page
        driver.get(server.url + "which-seasons/")
        driver.find_element(By.LINK_TEXT, "/which-season/").click()
        wait(driver, title_is("Which Season Are You?"), message="the page suggested")
        assert not [e for e in console_errors(driver) if "favicon.ico" not in e["message"] and "404" not in e["message"]]


def test_a_content_folder_that_goes_away_keeps_the_pages_until_it_is_back(site):
    with serving(site) as server:
        mark = len(server.lines)
        (site / "Content").rename(site / "Content.away")
        server.wait_for("error: no content folder", start=mark)
        assert status_of(server.url + "planets/") == 200
        (site / "Content.away").rename(site / "Content")
        mark = len(server.lines)
        server.wait_for("Rebuilt", start=mark)
        edit(site / "Content" / "planets.md", "title: The Planets", "title: The Worlds")
        server.wait_for("Rebuilt Content/planets.md in", start=mark)
        with urllib.request.urlopen(server.url + "planets/") as response:
            assert "The Worlds" in response.read().decode()


def test_a_template_change_reloads_every_page(site, drivers):
    quiz, story = drivers(), drivers()
    with serving(site) as server:
        open_marked(server, (quiz, QUIZ + "/"), (story, STORY + "/"))
        css = (REPO / "Templates" / "style.css").read_text() + "\nbody{outline:3px solid rgb(1, 2, 3)}\n"
        # Templates/ made while serving (serve runs in the site folder: its folder is ".").
        (site / "Templates").mkdir()
        (site / "Templates" / "style.css").write_text(css)
        for driver in (quiz, story):
            wait(driver, lambda d: d.execute_script("return getComputedStyle(document.body).outlineColor")
                 == "rgb(1, 2, 3)", message="new style")
            assert reloaded(driver)
        server.wait_for("rendered now; the others are rendered when they are asked for")


def test_a_map_dot_cannot_draw_is_noted_once_and_not_drawn_again_for_the_same_graph(site, tmp_path):
    runs = tmp_path / "dot.runs"
    env = with_fake_dot(tmp_path, f"echo run >> {runs}\necho 'Error: no layout' >&2\nexit 1\n")
    note = f"note: Content/{STORY}.md: no map: dot failed: Error: no layout\n"
    with serving(site, env=env) as server:
        assert server.output.count(note) == 1, server.output
        drawn = runs.read_text()
        # The story's text edited, its graph the same: dot is not run again, nor the note printed.
        mark = len(server.lines)
        edit(site / "Content" / f"{STORY}.md", "The door is old and painted green.", "The door is old and painted blue.")
        server.wait_for("Rebuilt", start=mark)
        assert note not in "".join(server.lines[mark:])
        assert runs.read_text() == drawn


def dot_held_while(tmp_path, hold, pids):
    """An environment whose `dot` writes its process id to `pids`, waits while the file
    `hold` exists, then draws as Graphviz's own does."""
    return with_fake_dot(tmp_path, f"echo $$ >> {pids}\nwhile [ -e {hold} ]; do sleep 0.05; done\n"
                                   f"exec {shutil.which('dot')} \"$@\"\n")


def change_the_doors_graph(site, server):
    """Saves the story with another graph; returns once serve said it rebuilt it."""
    start = len(server.lines)
    edit(site / "Content" / f"{STORY}.md", "[Close the door again](#house)", "[Close the door again](#room)")
    server.wait_for("Rebuilt Content/the-door.md", start=start)
    return start


def test_a_new_map_is_drawn_while_the_pages_are_served(site, tmp_path, drivers):
    """A graph dot has not drawn before holds up no rebuild: the pages are published at once,
    the map page says its map is being drawn, and it reloads with the map once drawn."""
    hold = tmp_path / "hold"
    env = dot_held_while(tmp_path, hold, tmp_path / "dot.pids")
    driver = drivers()
    with serving(site, env=env) as server:
        open_marked(server, (driver, STORY + "/map.html"))
        assert driver.find_elements(By.CSS_SELECTOR, "object[data='story.svg']")
        hold.touch()
        start = change_the_doors_graph(site, server)
        wait(driver, lambda d: reloaded(d) and "The map is being drawn" in d.find_element(By.TAG_NAME, "main").text,
             message="the map page says the map is being drawn")
        assert not driver.find_elements(By.CSS_SELECTOR, "object")
        assert status_of(server.url + STORY + "/story.svg") == 404
        assert "Drew the map" not in "".join(server.lines[start:])
        mark(driver)
        hold.unlink()
        server.wait_for("Drew the map of Content/the-door.md: 2 pages changed.", start=start)
        wait(driver, lambda d: reloaded(d) and d.find_elements(By.CSS_SELECTOR, "object[data='story.svg']"),
             message="the map page shows the new map")
        assert status_of(server.url + STORY + "/story.svg") == 200
        assert not [e for e in console_errors(driver) if "favicon.ico" not in e["message"]]


# story-map.mustache as `templates export` wrote it before the map was drawn apart: it shows
# the map without a word of its drawing.
OLDER_MAP_TEMPLATE = """<main class="wide">
<h1>{{mapTitle}}</h1>
<div class="map"><object data="story.svg" type="image/svg+xml" aria-label="{{imageAlt}}"><a href="story.svg">{{imageAlt}}</a></object></div>
<p class="muted">{{{dotNote}}}</p>
</main>
"""


def test_a_sites_own_older_map_template_says_the_map_is_being_drawn(site, tmp_path, drivers):
    """What stands for the map in a site's own older map template says it is being drawn,
    where the browser shows it in place of the map not drawn yet."""
    (site / "Templates").mkdir(exist_ok=True)
    (site / "Templates" / "story-map.mustache").write_text(OLDER_MAP_TEMPLATE)
    hold = tmp_path / "hold"
    env = dot_held_while(tmp_path, hold, tmp_path / "dot.pids")
    driver = drivers()
    with serving(site, env=env) as server:
        open_marked(server, (driver, STORY + "/map.html"))
        hold.touch()
        start = change_the_doors_graph(site, server)
        wait(driver, lambda d: reloaded(d) and "The map is being drawn" in d.find_element(By.TAG_NAME, "main").text,
             message="the older map page says the map is being drawn")
        mark(driver)
        hold.unlink()
        server.wait_for("Drew the map of Content/the-door.md: 2 pages changed.", start=start)
        wait(driver, lambda d: reloaded(d) and "The map is being drawn" not in d.find_element(By.TAG_NAME, "main").text,
             message="the older map page shows the new map")


def test_ctrl_c_stops_a_map_being_drawn_after_a_save(site, tmp_path):
    hold, pids = tmp_path / "hold", tmp_path / "dot.pids"
    with serving(site, env=dot_held_while(tmp_path, hold, pids)) as server:
        hold.touch()
        pids.unlink()
        change_the_doors_graph(site, server)
        wait_for_dot(pids)
    assert_dot_ended(pids, "serve")


def test_ctrl_c_during_the_first_build_stops_serve_and_dot_at_once(tmp_path):
    """A map dot is still drawing (up to 30 s) holds up the first build: Ctrl-C or SIGTERM
    then end serve at once with the shell's status for the signal, dot with it, as they end
    `build`; once serving, Ctrl-C stops it gracefully (every other test)."""
    site, env, pids = story_site_with_a_dot_that_hangs(tmp_path)
    for sent, status in [(signal.SIGINT, 130), (signal.SIGTERM, 143)]:
        pids.unlink(missing_ok=True)
        process = subprocess.Popen([str(quizgen_binary()), "serve", "--port", str(free_port())], cwd=site, env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            wait_for_dot(pids)
            time.sleep(0.2)
            process.send_signal(sent)
            assert process.wait(timeout=10) == status
            assert "Serving" not in process.stderr.read()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        assert_dot_ended(pids, "serve")


def test_serving_adds_nothing_to_what_build_writes(site):
    with serving(site) as server:
        with urllib.request.urlopen(server.url + QUIZ + "/") as response:
            served = response.read().decode()
            assert response.headers["Content-Type"] == "text/html; charset=utf-8"
        with urllib.request.urlopen(server.url + STORY + "/story.dot") as response:
            assert response.headers["Content-Type"] == "text/plain; charset=utf-8"
        with urllib.request.urlopen(urllib.request.Request(server.url, method="HEAD")) as response:
            assert response.status == 200 and response.read() == b""
        assert status_of(server.url + "../quizgen.yml") == 404
        assert status_of(server.url + "%2e%2e/quizgen.yml") == 404
        # Another site's name pointed at this computer (DNS rebinding) reads nothing.
        assert status_of(urllib.request.Request(server.url, headers={"Host": "evil.example"})) == 403
        assert status_of(urllib.request.Request(server.url, headers={"Host": "localhost"})) == 200
    assert "/__quizgen/events" in served and "connect-src 'self'" in served
    run_quizgen("build", "--source", site)
    built = (site / "public" / QUIZ / "index.html").read_text()
    assert "/__quizgen/events" not in built and "connect-src" not in built


def test_a_taken_port_is_refused_with_a_clear_message(site):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([str(quizgen_binary()), "serve", "--port", str(port)], cwd=site,
                                capture_output=True, text=True, timeout=30)
    assert result.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr


def test_a_host_that_is_not_this_computers_is_said_in_words(site):
    for host, message in [("not a host", "error: cannot resolve host 'not a host'\n"),
                          ("192.0.2.1", "error: cannot listen on 192.0.2.1: it is not an address of this computer\n")]:
        result = subprocess.run([str(quizgen_binary()), "serve", "--no-maps", "--host", host, "--port", "8400"], cwd=site,
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 1
        assert result.stderr.startswith(message), result.stderr
        assert "hint: --host takes an address or name of this computer" in result.stderr
        assert "--port" not in result.stderr and "SocketAddressError" not in result.stderr


def test_every_address_is_served_at_an_address_a_browser_can_use(site):
    with serving(site, "--no-maps", "--host", "0.0.0.0") as server:
        assert "warning: listening on every address of this computer (0.0.0.0)" in server.output
        assert f"at http://127.0.0.1:{server.port}/ (Ctrl-C to stop); other computers use this computer's address" \
            in server.output
        assert "0.0.0.0:" not in server.output
        with urllib.request.urlopen(server.url) as response:
            assert response.status == 200


def test_the_serve_benchmark_runs(tmp_path):
    """bench/serve.py on a tiny corpus, only to keep it working: no timing is asserted."""
    result = subprocess.run(
        ["python3", str(REPO / "bench" / "serve.py"), "--files", "12", "--edits", "3", "--template-edits", "1",
         "--pause", "0.05", "--quizgen", str(quizgen_binary()), "--serve-args=--no-maps",
         "--json", str(tmp_path / "serve.json")],
        capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "save to reload message, one content file" in result.stdout
    assert "serve's memory" in result.stdout
    data = json.loads((tmp_path / "serve.json").read_text())
    assert data["content"]["runs"] == 3 and data["template"]["runs"] == 1


TITLE = "title: Which Season Are You?"
NEW_TITLE = "title: Which Season Is Yours?"


def title_is(text):
    return lambda d: d.find_element(By.TAG_NAME, "h1").text == text


def test_tabs_beyond_six_load_and_a_tab_shown_again_catches_up(site, drivers):
    """A browser opens at most six connections to a server, and each open page holds one for
    its reloads: a seventh tab used to wait for ever. Hidden tabs let theirs go."""
    driver = drivers()
    driver.set_page_load_timeout(10)
    with serving(site) as server:
        driver.get(server.url + QUIZ + "/")
        first = driver.current_window_handle
        for _ in range(8):
            driver.switch_to.new_window("tab")
            driver.get(server.url + QUIZ + "/")
            assert driver.find_element(By.TAG_NAME, "h1").text == "Which Season Are You?"
        # Saved while the first tab was hidden: shown again, it reloads.
        start = len(server.lines)
        edit(site / "Content" / f"{QUIZ}.md", TITLE, NEW_TITLE)
        server.wait_for("Rebuilt", start=start)
        driver.switch_to.window(first)
        wait(driver, title_is("Which Season Is Yours?"), message="the first tab caught up")


def test_a_page_open_while_serve_was_stopped_catches_up(site, drivers):
    driver = drivers()
    with serving(site) as server:
        port = server.port
        driver.get(server.url + QUIZ + "/")
    edit(site / "Content" / f"{QUIZ}.md", TITLE, NEW_TITLE)
    with serving(site, port=port):
        wait(driver, title_is("Which Season Is Yours?"), timeout=20, message="reloaded once serve was back")


PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360f8cfc0f01f0005fe02fea7d6a4"
                    "3d0000000049454e44ae426082")


def test_a_picture_anywhere_in_the_site_reloads_the_pages_that_show_it(site, drivers):
    driver = drivers()
    (site / "Content" / "cat.png").write_bytes(PNG)
    edit(site / "Content" / f"{QUIZ}.md", "\n## Where would you rather", "\n![A cat](cat.png)\n\n## Where would you rather")
    with serving(site) as server:
        driver.get(server.url + QUIZ + "/")
        assert driver.find_element(By.CSS_SELECTOR, "img[alt='A cat']")
        mark(driver)
        # The picture sits at the top of the site, the page one folder down.
        (site / "Content" / "cat.png").write_bytes(PNG + b"\0")
        wait(driver, reloaded, message="the page showing the picture reloaded")


def test_a_stylesheet_of_the_sites_own_reloads_every_page(site, drivers):
    # Imported by the site's stylesheet, so no page names it: every page may use it.
    (site / "Content" / "assets").mkdir()
    (site / "Content" / "assets" / "theme.css").write_text("h1 { letter-spacing: 1px }\n")
    (site / "Templates").mkdir()
    (site / "Templates" / "style.css").write_text("@import url(assets/theme.css);\nbody { margin: 1rem }\n")
    driver = drivers()
    with serving(site) as server:
        driver.get(server.url + QUIZ + "/")
        mark(driver)
        (site / "Content" / "assets" / "theme.css").write_text("h1 { letter-spacing: 2px }\n")
        wait(driver, reloaded, message="the page reloaded for the stylesheet its stylesheet imports")


def test_the_overlay_is_an_alert_in_english_that_escape_puts_away(site, drivers):
    driver = drivers()
    with serving(site) as server:
        driver.get(server.url + QUIZ + "/")
        edit(site / "Content" / f"{STORY}.md", "(#hall)", "(#hal)")
        wait(driver, lambda d: overlay_text(d) is not None, message="overlay")
        overlay = driver.find_element(By.CSS_SELECTOR, "[data-quizgen-overlay]")
        assert (overlay.get_attribute("role"), overlay.get_attribute("lang"), overlay.get_attribute("dir")) == ("alert", "en", "ltr")
        # Its lines are not wrapped (the caret stays under its column), and the page under it
        # cannot be reached.
        assert driver.execute_script("return getComputedStyle(arguments[0].firstChild).whiteSpace", overlay) == "pre"
        assert driver.execute_script("return document.body.inert") is True
        driver.find_element(By.TAG_NAME, "html").send_keys(Keys.ESCAPE)
        wait(driver, lambda d: overlay_text(d) is None, message="Escape put it away")
        assert driver.execute_script("return document.body.inert") is False
        # Another error brings it back.
        edit(site / "Content" / f"{STORY}.md", "(#hal)", "(#hallway)")
        wait(driver, lambda d: overlay_text(d) is not None and "hallway" in overlay_text(d), message="overlay again")


# Where each caret of the overlay stands, and where the character of its column does: the
# caret line is its gutter, the source's text before the column drawn hidden, then `^`.
CARETS = """
const pre = document.querySelector('[data-quizgen-overlay] pre'), at = (node, i) => {
  const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect().left }
return [...pre.querySelectorAll('span')].map(hidden => {
  const gutter = hidden.previousSibling, source = gutter.previousSibling, i = gutter.data.length + hidden.textContent.length
  return [getComputedStyle(hidden).visibility, source.data.slice(i, i + 1), at(source, i), at(hidden.nextSibling, 0)]
})
"""


def test_the_overlays_caret_stands_under_its_column_on_cjk_and_emoji_lines(site, drivers):
    """The browser's CJK glyphs are not two cells of its monospace font, as a terminal's
    are: the caret is placed after a hidden copy of the text before the column, which takes
    the same width, and the overlay still keeps to the page's strict policy."""
    driver = drivers()
    with serving(site) as server:
        driver.get(server.url + QUIZ + "/")
        (site / "Content" / "洞窟.md").write_text(
            "---\nkind: story\ntitle: 洞窟\n---\n## 入口\n暗くて寒い。[さらに奥へ](#深さ)進むか、[引き返す](#出口)。\n\n"
            "🇯🇵❤️全角ＡＢＣ[旗](#旗)\n\n## 出口\nおしまい。\n")
        wait(driver, lambda d: overlay_text(d) is not None and "深さ" in overlay_text(d), message="overlay")
        carets = driver.execute_script(CARETS)
        assert len(carets) == 2, carets
        for visibility, character, column_x, caret_x in carets:
            assert (visibility, character) == ("hidden", "[")
            assert abs(caret_x - column_x) < 0.5, f"the caret is at x={caret_x}, its column's '[' at x={column_x}"
        # Styled through the CSSOM, which the page's policy allows: nothing was refused.
        assert "unsafe-inline" not in driver.find_element(By.CSS_SELECTOR, "meta[http-equiv='Content-Security-Policy']").get_attribute("content")
        assert not [e for e in console_errors(driver) if "favicon.ico" not in e["message"]]


def test_an_error_in_a_sites_own_script_shows_over_the_page(site, drivers):
    driver = drivers()
    run_quizgen("templates", "export", cwd=site)
    edit(site / "Templates" / "personality.js", "(() => {", "(() => {{")
    with serving(site) as server:
        driver.get(server.url + QUIZ + "/")
        wait(driver, lambda d: overlay_text(d) is not None, message="overlay")
        assert "SyntaxError" in overlay_text(driver) or "Unexpected" in overlay_text(driver)

