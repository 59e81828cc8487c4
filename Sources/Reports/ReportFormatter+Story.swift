import Analysis
import Content
import Support

extension ReportFormatter {
    /// Rows of endings shown before the rest are summed up in one line.
    static let endingRows = 30

    static func story(_ story: Story, _ analysis: StoryAnalysis) -> String {
        let endings = analysis.endings
        var out = "  \(plural(story.pages.count, "page")), \(plural(story.choiceCount, "choice")), "
        out += "\(plural(endings.count, "ending"))"
        let kinds = Story.Ending.allCases.compactMap { kind -> String? in
            let n = endings.count { story.pages[$0.page].ending == kind }
            return n > 0 ? "\(n) \(kind.rawValue)" : nil
        }
        let plain = endings.count { story.pages[$0.page].ending == nil }
        if !kinds.isEmpty {
            out += " (" + (kinds + (plain > 0 ? ["\(plain) without a kind"] : [])).joined(separator: ", ") + ")"
        }
        out += "\n"

        out += "  \(count(Double(analysis.reachableCount))) of \(plural(story.pages.count, "page")) reachable from the start (page \(story.start + 1))"
        if !analysis.unreachable.isEmpty { out += "; unreachable: \(pageList(analysis.unreachable))" }
        out += "\n"
        if !analysis.traps.isEmpty { out += "  traps (no ending can be reached from them): \(pageList(analysis.traps))\n" }
        if analysis.loops.isEmpty {
            out += "  no loops\n"
        } else {
            out += "  \(plural(analysis.loops.count, "loop")) (pages a reader can come back to): "
            out += analysis.loops.prefix(5).map(pageList).joined(separator: "; ")
            out += analysis.loops.count > 5 ? "; and \(analysis.loops.count - 5) more\n" : "\n"
        }

        switch analysis.playthroughs {
        case .exact(let count):
            out += "  \(bigCount(count)) playthrough\(count == .one ? "" : "s") (distinct ways from the start to an ending)"
            out += analysis.loopIsReachable ? "; a loop can be reached, but no ending lies beyond it\n" : "\n"
        case .unbounded:
            out += "  playthroughs: unbounded (a loop lies on the way to an ending, and a reader can go round it any number of times)\n"
        }

        guard !endings.isEmpty else { return out }
        out += "  endings, by choices from the start (shortest / longest):\n"
        let rows = endings.prefix(endingRows).map { ending -> [String] in
            let page = story.pages[ending.page]
            let lengths: String
            switch (ending.shortest, ending.longest) {
            case (let shortest?, .exact(let longest)?): lengths = "\(shortest) / \(longest)"
            case (let shortest?, _): lengths = "\(shortest) / unbounded"
            default: lengths = "unreachable"
            }
            let title = page.title.plainText.allSatisfy(\.isWhitespace) ? "(untitled)" : "“\(page.title.plainText)”"
            return ["page \(ending.page + 1)", page.ending?.rawValue ?? "-", lengths, title]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].terminalWidth }.max() ?? 0 }
        for row in rows {
            out += "    " + (0..<3).map { row[$0].rightPadded(to: widths[$0]) }
                .joined(separator: "  ") + "  " + row[3] + "\n"
        }
        if endings.count > endingRows {
            let rest = endings.dropFirst(endingRows)
            let shortest = rest.compactMap(\.shortest).min()
            out += "    and \(rest.count) more endings" + (shortest.map { ", the nearest \(plural($0, "choice")) from the start" } ?? "") + "\n"
        }
        return out
    }

    static func plural(_ n: Int, _ word: String) -> String {
        "\(count(Double(n))) \(word)\(n == 1 ? "" : "s")"
    }

    /// "page 3" or "pages 3, 5, 8", with the rest counted past ten.
    static func pageList(_ pages: [Int]) -> String {
        let shown = pages.prefix(10).map { String($0 + 1).withThousandsSeparators }.joined(separator: ", ")
        let more = pages.count > 10 ? " and \(String(pages.count - 10).withThousandsSeparators) more" : ""
        return (pages.count == 1 ? "page " : "pages ") + shown + more
    }

    /// Exact, with thousands separators; past 30 digits, the leading digits and the power of ten.
    static func bigCount(_ value: BigCount) -> String {
        let digits = value.description
        guard digits.count > 30 else { return digits.withThousandsSeparators }
        let lead = Array(digits.prefix(3))
        return "about \(lead[0]).\(lead[1])\(lead[2]) × 10^\(digits.count - 1)"
    }
}
