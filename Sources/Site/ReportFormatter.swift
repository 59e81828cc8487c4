import Analysis
import Content
import Diagnostics

/// What `check` prints about each piece of content: its shape, for personality quizzes how
/// the answer combinations spread over the outcomes, and for stories what their graph says.
public enum ReportFormatter {
    public static func text(_ reports: [ContentReport]) -> String {
        var out = ""
        for report in reports {
            let meta = report.meta
            out += "\(meta.sourcePath): \(meta.kind.label.lowercased()) “\(meta.title)”\n"
            if let quiz = report.personality {
                out += personality(quiz)
            }
            if let story = report.story {
                out += self.story(story)
            }
        }
        return out
    }

    static func personality(_ quiz: PersonalityReport) -> String {
        let d = quiz.distribution
        var out = "  \(quiz.questionCount) question\(quiz.questionCount == 1 ? "" : "s"), "
        out += "\(quiz.outcomeIDs.count) outcome\(quiz.outcomeIDs.count == 1 ? "" : "s"), "
        out += "\(count(d.combinations)) answer combination\(d.combinations == 1 ? "" : "s")\n"
        switch d.method {
        case .exact:
            out += "  results over every combination (exact):\n"
        case .sampled(let size, let seed):
            out += "  results over a sample of \(count(Double(size))) random combinations (seed \(seed); too many to count exactly):\n"
        }
        let width = quiz.outcomeIDs.map(\.count).max() ?? 0
        for (k, id) in quiz.outcomeIDs.enumerated() {
            let share = d.share(k) * 100
            let bar = String(repeating: "█", count: Int((share / 4).rounded()))
            var line = "    " + id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            line += percent(share).leftPadded(to: 6) + "  " + bar
            if d.unreachable.contains(k) { line += " never the result" }
            if d.undecided.contains(k) { line += " not seen in the sample; could not decide whether it is reachable" }
            out += line + "\n"
        }
        return out
    }

    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// 1,234,567 or 1.2e+24 for counts beyond what is worth spelling out.
    static func count(_ value: Double) -> String {
        guard value < 1e15 else {
            let exponent = Int(value.exponentBase10)
            let mantissa = value / pow10(exponent)
            return "\(Double(Int(mantissa * 10)) / 10)e+\(exponent)"
        }
        let digits = String(Int64(value))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return out
    }

    static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { a, _ in a * 10 } }
}

extension Double {
    var exponentBase10: Double {
        var e = 0.0
        var v = self
        while v >= 10 { v /= 10; e += 1 }
        return e
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
