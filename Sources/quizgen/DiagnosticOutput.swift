import Diagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints diagnostics to standard error, in color when that is a terminal.
struct DiagnosticOutput {
    let printer: DiagnosticPrinter

    init(color: Bool?) {
        printer = DiagnosticPrinter(useColor: color ?? (isatty(2) == 1 && getenv("NO_COLOR") == nil))
    }

    func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        standardError(printer.format(diagnostics))
    }
}

func standardError(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
        if n <= 0 { break }
        offset += n
    }
}

func standardOutput(_ text: String) {
    print(text, terminator: "")
}
