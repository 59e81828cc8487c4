/// One file of the generated site, by its path relative to the output folder.
public struct OutputFile: Sendable, Equatable {
    public var path: String
    public var contents: [UInt8]

    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.path = path
        self.contents = Array(text.utf8)
    }

    public var text: String { String(decoding: contents, as: UTF8.self) }
}
