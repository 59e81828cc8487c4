import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text files as every later stage sees them: UTF-8 without a byte-order mark, every line
/// break `\n`. The bytes are checked and normalised in a buffer of their own and copied once
/// into the string, which Swift then does not check again: its own check, which goes byte by
/// byte once one byte is not ASCII, cost more than reading and checking the file here.
enum TextDecoding {
    /// The file read by `fill` (which writes at most `capacity` bytes and returns how many),
    /// decoded; or where the first byte that is not UTF-8 is (line, character column).
    static func decode<E: Error>(
        capacity: Int, fill: (UnsafeMutableBufferPointer<UInt8>) throws(E) -> Int
    ) throws(E) -> Result<String, InvalidUTF8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        let count = try fill(buffer)
        let bytes = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
        switch scan(UnsafeBufferPointer(bytes)) {
        case .invalid(let place):
            return .failure(place)
        case .valid(let isASCII):
            let length = normalise(bytes)
            return .success(string(checked: UnsafeBufferPointer(rebasing: bytes[..<length]), isASCII: isASCII))
        }
    }

    /// The same for bytes already in memory.
    static func decode(_ bytes: [UInt8]) -> Result<String, InvalidUTF8> {
        decode(capacity: bytes.count) { (buffer: UnsafeMutableBufferPointer<UInt8>) throws(Never) -> Int in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }

    /// A string of bytes `scan` found valid. `isASCII` may say false of ASCII bytes (a
    /// dropped byte-order mark), which only forgoes the standard library's ASCII shortcuts.
    static func string(checked bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    }

    struct InvalidUTF8: Error, Equatable {
        var line: Int
        var column: Int
        /// The line, each bad byte shown as U+FFFD, for the diagnostic's caret.
        var text = ""
        /// What the file is instead, when its byte-order mark says (`ByteOrderMark.encoding`).
        var encoding: String?
    }

    /// Drops a byte-order mark and turns `\r\n` and `\r` into `\n`, in place; the new length.
    static func normalise(_ bytes: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var read = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // Most files have neither: nothing to move.
        guard read > 0 || (bytes.count > 0 && memchr(bytes.baseAddress!, 0x0D, bytes.count) != nil) else {
            return bytes.count
        }
        var write = 0
        while read < bytes.count {
            let byte = bytes[read]
            read += 1
            if byte == 0x0D {
                bytes[write] = 0x0A
                if read < bytes.count && bytes[read] == 0x0A { read += 1 }
            } else {
                bytes[write] = byte
            }
            write += 1
        }
        return write
    }

    enum Scan: Equatable {
        case valid(isASCII: Bool)
        case invalid(InvalidUTF8)
    }

    /// Where the first byte that is not UTF-8 is; nil when all are valid.
    static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>) -> InvalidUTF8? {
        if case .invalid(let place) = scan(bytes) { return place }
        return nil
    }

    /// Checks well-formed UTF-8 (Unicode's table 3-7) without allocating, and notes whether
    /// every byte is ASCII. Strings are made of what it passes without another check, so it
    /// must reject all that Swift's own check would (a test compares the two).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan {
        var isASCII = true
        var i = 0
        let n = bytes.count
        while i < n {
            // Most text is ASCII: 32 bytes at a time while no high bit is set. Lines are
            // only counted when a byte is bad (`place`).
            while i + 32 <= n {
                let raw = UnsafeRawPointer(bytes.baseAddress! + i)
                let any = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                guard any & 0x8080_8080_8080_8080 == 0 else { break }
                i += 32
            }
            while i + 8 <= n, UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < n else { break }
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            isASCII = false
            func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
                i + k < n && range.contains(bytes[i + k])
            }
            let length: Int
            switch b {
            case 0xC2...0xDF: length = continuation(1) ? 2 : 0
            case 0xE0: length = continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
            case 0xE1...0xEC, 0xEE...0xEF: length = continuation(1) && continuation(2) ? 3 : 0
            case 0xED: length = continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
            case 0xF0: length = continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
            case 0xF1...0xF3: length = continuation(1) && continuation(2) && continuation(3) ? 4 : 0
            case 0xF4: length = continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
            default: length = 0
            }
            if length == 0 { return .invalid(place(of: i, in: bytes)) }
            i += length
        }
        return .valid(isASCII: isASCII)
    }

    /// Where the byte at `i` is: its line and its column in characters, as every other
    /// diagnostic counts them, in the text as normalised (`\r\n`, `\r` and `\n` each end a
    /// line; a byte-order mark is none of the first line).
    static func place(of i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> InvalidUTF8 {
        // Saved as UTF-16 or UTF-32 without a mark: said so at the start, as with a mark,
        // rather than at the first letter outside ASCII.
        if i > 0, ByteOrderMark.encoding(bytes) == nil, let unmarked = ByteOrderMark.unmarked(bytes) {
            var start = place(of: 0, in: bytes)
            start.encoding = unmarked
            return start
        }
        var line = 1
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for k in lineStart..<i where bytes[k] == 0x0A || bytes[k] == 0x0D {
            // The `\n` of a `\r\n` ends no line of its own.
            if bytes[k] == 0x0A, k > 0, bytes[k - 1] == 0x0D { lineStart = k + 1; continue }
            line += 1
            lineStart = k + 1
        }
        let column = String(decoding: bytes[lineStart..<i], as: UTF8.self).count + 1
        let lineEnd = bytes[i...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
        return InvalidUTF8(
            line: line, column: column, text: String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self),
            encoding: ByteOrderMark.encoding(bytes))
    }
}
