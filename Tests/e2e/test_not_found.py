"""404.html as a static host shows it: for a missing address at any depth of the site."""
import functools
import http.server
import threading

import pytest

from conftest import console_errors


class HostLike(http.server.SimpleHTTPRequestHandler):
    """Serves a folder as GitHub Pages or Netlify do: 404.html, with status 404, for any
    address the folder does not have."""

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        body = (self.directory_path / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture()
def host(sample_public):
    handler = functools.partial(HostLike, directory=str(sample_public))
    HostLike.directory_path = sample_public
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("address", ["/missing.html", "/a/b/c/missing/"])
def test_the_hosts_page_is_styled_at_any_depth(browser, host, address):
    browser.get(host + address)
    assert browser.find_element("tag name", "h1").text == "Page not found"
    # The stylesheet's main column (max-width 40rem): applied, so the inline stylesheet's
    # hash in the page's policy is right.
    width = browser.execute_script("return getComputedStyle(document.querySelector('main')).maxWidth")
    assert width == "640px", width
    # The one error is the page's own status; a blocked stylesheet would be another.
    errors = [e["message"] for e in console_errors(browser) if not e["message"].startswith(host + address + " - ")]
    assert errors == []
