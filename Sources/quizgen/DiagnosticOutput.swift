import Diagnostics
import Support
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
        standardError(printer.format(diagnostics, limit: DiagnosticPrinter.listLimit))
    }
}

/// Best effort: when standard error cannot be written there is nowhere to say so.
func standardError(_ text: String) {
    _ = writeAll(fd: 2, bytes: Array(text.utf8))
}

func standardOutput(_ text: String) {
    print(text, terminator: "")
}
