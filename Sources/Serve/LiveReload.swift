import Foundation
import Render
import Support

/// What `serve` adds to its pages, and only `serve`: a small script that listens to the
/// server's events, reloads the page when a rebuild changed it, and shows the diagnostics of
/// a failed rebuild over the page. The page's Content-Security-Policy is widened by exactly
/// that script's hash and a connection back to the server; `build` output never has either.
public enum LiveReload {
    /// The Server-Sent Events stream the script listens to.
    public static let eventsPath = "/__quizgen/events"

    /// Plain ES5, no words of its own: the overlay shows the diagnostics as the terminal
    /// prints them. Styles are set through the CSSOM, which the policy allows (a style
    /// attribute it would not). It names its page when it connects, so that a rebuild of
    /// every page renders the open ones first. A message is `{"changed": [paths], "errors":
    /// text}`, and the first one on connecting also has the page's `version` now: the page
    /// reloads when it changed, when a file it shows changed (a picture, anywhere in the
    /// site, or a map) or any stylesheet or font (which its stylesheet may import), and
    /// when its version is not the one it was sent with (saved again while it reloaded, or
    /// while serve was stopped or the tab hidden).
    ///
    /// A browser opens at most six connections to one server, and each open page holds one:
    /// a hidden tab lets its go, and connects again when shown, so that a seventh tab loads.
    /// A page whose server is gone tries again less and less often, up to every 5 s.
    public static let script = """
        (function () {
          var path = decodeURIComponent(location.pathname).replace(/^\\//, "");
          if (path === "" || path.charAt(path.length - 1) === "/") path += "index.html";
          var meta = document.querySelector('meta[name="quizgen-version"]');
          var version = meta ? meta.getAttribute("content") : "";
          // A stylesheet or font of the site's own: the page's stylesheet may @import it.
          var styles = /\\.(css|woff2?|ttf|otf)$/i;
          // What the page shows or uses: pictures, scripts, its stylesheet, a map's SVG. A
          // link to a file is not shown; nor is a file merely beside the page (a story's
          // story.dot changes with its graph, and its pages did not).
          function shows(p) {
            var url = new URL("/" + p.split("/").map(encodeURIComponent).join("/"), location.href).href;
            var all = document.querySelectorAll("[src], link[href], object[data]");
            for (var i = 0; i < all.length; i++) if (all[i].src === url || all[i].href === url || all[i].data === url) return true;
            return false;
          }
          // The build's diagnostics, else an error of the page's own script.
          var box = null, dismissed = null, built = "", local = "";
          function show() {
            var text = built || local;
            if (!text || text === dismissed) {
              if (box) { box.parentNode.removeChild(box); box = null; if (document.body) document.body.inert = false; }
              return;
            }
            dismissed = null;
            if (!box) {
              box = document.createElement("div");
              box.setAttribute("data-quizgen-overlay", "");
              // The terminal's English, left to right, whatever the page's language; what it
              // covers cannot be reached until it goes (Esc lets the author see the page).
              box.setAttribute("role", "alert");
              box.setAttribute("lang", "en");
              box.setAttribute("dir", "ltr");
              box.tabIndex = -1;
              var pre = document.createElement("pre");
              var s = box.style, p = pre.style;
              s.position = "fixed"; s.top = s.left = s.right = s.bottom = "0"; s.zIndex = "2147483647";
              s.overflow = "auto"; s.background = "#18181b"; s.padding = "2rem"; s.textAlign = "left";
              p.color = "#fecaca"; p.background = "transparent"; p.border = "0"; p.padding = "0";
              p.font = "14px/1.5 ui-monospace, monospace"; p.whiteSpace = "pre"; p.margin = "0";
              box.appendChild(pre);
              document.documentElement.appendChild(box);
              if (document.body) document.body.inert = true;
              box.focus();
            }
            // A caret line (after a numbered source line) holds the source's text before its
            // column: drawn hidden, that text takes the width it takes above, so the caret
            // stands under its column however the fonts draw CJK or emoji.
            var pre = box.firstChild, lines = text.split("\\n");
            pre.textContent = "";
            for (var i = 0; i < lines.length; i++) {
              var line = lines[i], caret = /^( +\\| )([\\s\\S]*)\\^$/.exec(line);
              if (caret && i > 0 && /^ \\d+ \\| /.test(lines[i - 1])) {
                var hidden = document.createElement("span");
                hidden.style.visibility = "hidden";
                hidden.textContent = caret[2];
                pre.appendChild(document.createTextNode(caret[1]));
                pre.appendChild(hidden);
                line = "^";
              }
              pre.appendChild(document.createTextNode(i < lines.length - 1 ? line + "\\n" : line));
            }
          }
          document.addEventListener("keydown", function (event) {
            if (box && event.key === "Escape") { dismissed = box.firstChild.textContent; show(); }
          });
          // An error in the page's own script (a site's template) shows as the build's do:
          // this script runs first, in the head, to hear of it.
          window.addEventListener("error", function (event) {
            if (event.filename !== location.href) return;
            local = event.message + "\\n  at line " + event.lineno + " of this page";
            show();
          });
          var events = null, wait = 500, timer = null;
          function connect() {
            events = new EventSource("\(eventsPath)?page=" + encodeURIComponent(path));
            events.onopen = function () { wait = 500; };
            events.onerror = function () {
              events.close();
              timer = setTimeout(connect, wait);
              wait = Math.min(wait * 2, 5000);
            };
            events.onmessage = function (event) {
              var message = JSON.parse(event.data);
              if (message.version !== undefined && message.version !== version) { location.reload(); return; }
              built = message.errors;
              show();
              for (var i = 0; i < message.changed.length; i++) {
                var p = message.changed[i];
                if (p === path || styles.test(p) || (!/\\.html$/.test(p) && shows(p))) { location.reload(); return; }
              }
            };
          }
          document.addEventListener("visibilitychange", function () {
            if (document.hidden) { clearTimeout(timer); if (events) events.close(); events = null; }
            else if (!events) connect();
          });
          if (!document.hidden) connect();
        })();
        """

    /// A page's version as the script compares it: a hash of its bytes as built (FNV-1a),
    /// the same from one run of serve to the next.
    public static func version(of page: [UInt8]?) -> String {
        guard let page else { return "" }
        return String(FNV1a.hash(page), radix: 16)
    }

    static let scriptSource = SHA256.cspSource(script)

    /// A page as `serve` sends it: the script before `</body>`, the page's version after
    /// its policy, and the policy's `script-src` and `connect-src` letting it run and connect.
    /// - Parameter version: the page's version (`version(of:)`), or "" for a page the site
    ///   does not have (the 404 page), which the events give too.
    public static func inject(into page: [UInt8], version: String) -> [UInt8] {
        var html = String(decoding: page, as: UTF8.self)
        let marker = "http-equiv=\"Content-Security-Policy\" content=\""
        if let start = html.range(of: marker)?.upperBound, let end = html[start...].firstIndex(of: "\"") {
            html.replaceSubrange(start..<end, with: widen(String(html[start..<end])))
            // In the head, before the page's own scripts, so that it hears of their errors.
            if let close = html[end...].firstIndex(of: ">") {
                html.insert(
                    contentsOf: "\n<meta name=\"quizgen-version\" content=\"\(version)\">\n<script>" + script + "</script>",
                    at: html.index(after: close))
                return Array(html.utf8)
            }
        }
        let tag = "<script>" + script + "</script>\n"
        if let body = html.range(of: "</body>", options: .backwards) {
            html.insert(contentsOf: tag, at: body.lowerBound)
        } else {
            html += tag
        }
        return Array(html.utf8)
    }

    /// A policy with the reload script allowed and connections to the page's own origin.
    static func widen(_ policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let i = directives.firstIndex(where: { $0.hasPrefix("script-src") }) {
            let sources = directives[i].split(separator: " ").dropFirst().filter { $0 != "'none'" }
            directives[i] = (["script-src"] + sources.map(String.init) + [scriptSource]).joined(separator: " ")
        } else {
            directives.append("script-src " + scriptSource)
        }
        if let i = directives.firstIndex(where: { $0.hasPrefix("connect-src") }) {
            directives[i] += " 'self'"
        } else {
            directives.append("connect-src 'self'")
        }
        return directives.joined(separator: "; ")
    }
}
