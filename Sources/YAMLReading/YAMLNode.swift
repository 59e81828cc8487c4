/// A composed YAML value with the place it was written, as the readers of front matter,
/// quizgen.yml and message catalogs use it. It comes from `PlainYAML` when the text is in
/// the plain subset that reader is sure of, else from Yams (`init(_:)` in YAMLNode+Yams);
/// both give the same values and places, so no reader downstream can tell them apart.
public struct YAMLNode: Equatable, Sendable {
    /// How a scalar was written; only a plain one can be a number, a boolean or null.
    public enum Style: Equatable, Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public struct Pair: Equatable, Sendable {
        public var key: YAMLNode
        public var value: YAMLNode

        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    public enum Content: Equatable, Sendable {
        case scalar(String, Style)
        case sequence([YAMLNode])
        /// In the order written.
        case mapping([Pair])
    }

    public var content: Content
    /// libyaml's start mark: 1-based line, and column counted in Unicode scalars from 1.
    public var line: Int
    public var column: Int

    public init(_ content: Content, line: Int, column: Int) {
        self.content = content
        self.line = line
        self.column = column
    }

    /// The text of a scalar of any style; nil for a collection.
    public var string: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The style of a scalar; nil for a collection.
    public var style: Style? {
        if case .scalar(_, let style) = content { return style }
        return nil
    }
}
