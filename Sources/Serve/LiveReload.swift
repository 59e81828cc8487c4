import Foundation
import Render

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
    /// every page renders the open ones first. A message is `{"changed": [paths], "errors": text}`; the page
    /// reloads when it changed, or a file beside it that it may show (a map, a picture).
    public static let script = """
        (function () {
          var path = decodeURIComponent(location.pathname).replace(/^\\//, "");
          if (path === "" || path.charAt(path.length - 1) === "/") path += "index.html";
          function folder(p) { return p.slice(0, p.lastIndexOf("/") + 1); }
          var box = null;
          function show(text) {
            if (!text) { if (box) { box.parentNode.removeChild(box); box = null; } return; }
            if (!box) {
              box = document.createElement("div");
              box.setAttribute("data-quizgen-overlay", "");
              var pre = document.createElement("pre");
              var s = box.style, p = pre.style;
              s.position = "fixed"; s.top = s.left = s.right = s.bottom = "0"; s.zIndex = "2147483647";
              s.overflow = "auto"; s.background = "rgba(24, 24, 27, 0.96)"; s.padding = "2rem";
              p.color = "#fca5a5"; p.font = "14px/1.5 ui-monospace, monospace"; p.whiteSpace = "pre-wrap"; p.margin = "0";
              box.appendChild(pre);
              document.documentElement.appendChild(box);
            }
            box.firstChild.textContent = text;
          }
          var events = new EventSource("\(eventsPath)?page=" + encodeURIComponent(path));
          events.onmessage = function (event) {
            var message = JSON.parse(event.data);
            show(message.errors);
            for (var i = 0; i < message.changed.length; i++) {
              var p = message.changed[i];
              if (p === path || (folder(p) === folder(path) && !/\\.html$/.test(p))) { location.reload(); return; }
            }
          };
        })();
        """

    static let scriptSource = SHA256.cspSource(script)

    /// A page as `serve` sends it: the script before `</body>`, and the policy's
    /// `script-src` and `connect-src` letting it run and connect.
    public static func inject(into page: [UInt8]) -> [UInt8] {
        var html = String(decoding: page, as: UTF8.self)
        let marker = "http-equiv=\"Content-Security-Policy\" content=\""
        if let start = html.range(of: marker)?.upperBound, let end = html[start...].firstIndex(of: "\"") {
            html.replaceSubrange(start..<end, with: widen(String(html[start..<end])))
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
