import Yams

extension YAMLNode {
    /// The text composed by Yams (libyaml), with the basic resolver: scalars are typed by
    /// their readers, not by regular expressions; and an explicit encoding, as Yams reads
    /// the environment for its default. Nil for a text with no document. Throws Yams' error.
    public static func composeWithYams(_ yaml: String) throws -> YAMLNode? {
        try Yams.compose(yaml: yaml, .basic, .default, .utf8).map(YAMLNode.init)
    }

    /// A node composed by Yams. Every node Yams composes has a mark and a definite style,
    /// and an alias is already the node it names; the fallbacks below only keep the
    /// conversion total.
    public init(_ node: Yams.Node) {
        let content: Content
        switch node {
        case .scalar(let scalar):
            content = .scalar(scalar.string, Self.style(scalar.style))
        case .sequence(let sequence):
            content = .sequence(sequence.map(YAMLNode.init))
        case .mapping(let mapping):
            content = .mapping(mapping.map { Pair(key: YAMLNode($0.key), value: YAMLNode($0.value)) })
        case .alias(let alias):
            content = .scalar("*" + alias.anchor.rawValue, .plain)
        }
        self.init(content, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    static func style(_ style: Yams.Node.Scalar.Style) -> Style {
        switch style {
        case .any, .plain: .plain
        case .singleQuoted: .singleQuoted
        case .doubleQuoted: .doubleQuoted
        case .literal: .literal
        case .folded: .folded
        }
    }
}
