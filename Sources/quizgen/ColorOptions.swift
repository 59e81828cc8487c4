import ArgumentParser

/// `--color` and `--no-color`, for every command that prints diagnostics.
struct ColorOptions: ParsableArguments {
    @Flag(name: .long, help: "Color diagnostics (default: when writing to a terminal).")
    var color = false

    @Flag(name: .customLong("no-color"), help: "Never color diagnostics.")
    var noColor = false

    var printer: DiagnosticOutput {
        DiagnosticOutput(color: noColor ? false : color ? true : nil)
    }
}
