/// A problem found in the author's content, located so that an editor can jump to it.
///
/// Diagnostics are plain values: stages return them instead of printing or throwing, and the
/// command line prints them all at once. `column` counts characters (not bytes) from 1.
public struct Diagnostic: Hashable, Sendable, Codable {
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case warning, error

        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
    }

    public var severity: Severity
    public var message: String
    /// Path as the author knows it, relative to the site folder (e.g. `Content/quiz.md`).
    public var file: String
    /// 1-based; 0 when the problem is about the file as a whole.
    public var line: Int
    /// 1-based, in characters; 0 when there is no meaningful column.
    public var column: Int
    public var hint: String?
    /// The text of the offending line, kept so the report can show it under the message.
    /// Of a long line, only the part around the column (`SourceFile.storedReach`).
    public var sourceLine: String?
    /// Characters of the line before `sourceLine`, when it is such a part: a copy of every
    /// long line in every diagnostic on it took gigabytes (20,000 links on one 400 KB line).
    public var sourceLineOffset: Int?

    public init(
        _ severity: Severity, _ message: String, file: String, line: Int = 0, column: Int = 0,
        hint: String? = nil, sourceLine: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.hint = hint
        self.sourceLine = sourceLine
    }

    public static func error(
        _ message: String, file: String, line: Int = 0, column: Int = 0, hint: String? = nil, sourceLine: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, message, file: file, line: line, column: column, hint: hint, sourceLine: sourceLine)
    }

    public static func warning(
        _ message: String, file: String, line: Int = 0, column: Int = 0, hint: String? = nil, sourceLine: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, message, file: file, line: line, column: column, hint: hint, sourceLine: sourceLine)
    }

    public var isError: Bool { severity == .error }
}

extension Diagnostic: Comparable {
    /// Reports read best in file order; within a line, by column.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.file, a.line, a.column, a.message) < (b.file, b.line, b.column, b.message)
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
    public var errorCount: Int { count { $0.severity == .error } }
    public var warningCount: Int { count { $0.severity == .warning } }
}

/// A diagnostic can travel as a thrown error where one problem ends a step.
extension Diagnostic: Error {}
