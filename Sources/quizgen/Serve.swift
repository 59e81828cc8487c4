import ArgumentParser
import Diagnostics
import Foundation
import Logging
import Serve
import ServiceLifecycle
import Site

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the site on this computer, rebuilding and reloading pages as you save.",
        discussion: """
            Builds the site in memory and serves it over HTTP (http://127.0.0.1:8400/, or the \
            next free port). It never writes public/. Changes to Content/, Templates/, i18n/ \
            and quizgen.yml are rebuilt as they are saved, only what they change, and every \
            open page that changed reloads. When a rebuild has errors, the last good pages \
            stay and every open page shows the errors over it until they are fixed. \
            Files that a build refuses for the script they would run (see quizgen build \
            --help) are not served either. Ctrl-C stops it.

            Examples:
              quizgen serve
              quizgen serve --open --port 8500
              cd Content && quizgen serve

            Exit status: 0 when stopped with Ctrl-C, 1 when the site cannot be served (no \
            content folder, a port that cannot be bound), 64 for a usage error; 130 or 143 \
            for Ctrl-C or SIGTERM during the first build, which they stop at once.
            """)

    @OptionGroup var site: SiteOptions

    // Unconditional, as graph's --time-limit: `--port -1` is a port out of range, not a missing one.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The port (default: \(SiteServer.defaultPort), or the next free one).", valueName: "n"))
    var port: Int?

    @Option(name: .long, help: ArgumentHelp("The address to listen on; anything but loopback lets other computers see the site.", valueName: "addr"))
    var host = "127.0.0.1"

    @Flag(name: .long, help: "Open the site in the default browser.")
    var open = false

    @Flag(name: .long, help: "Watch by looking at every file four times a second, instead of inotify.")
    var poll = false

    @Flag(name: .customLong("no-maps"), help: "Do not draw story maps with Graphviz.")
    var noMaps = false

    func validate() throws {
        if let port, !(1...65535).contains(port) { throw ValidationError("--port must be from 1 to 65535, not \(port)") }
    }

    func run() async throws {
        // Until the server runs, Ctrl-C or SIGTERM stop serve at once, with the `dot`s of
        // the first build (which may draw for 30 seconds a map), as they stop `build`. Then
        // the service group's own handling of them takes over (its signal sources replace
        // this handler) and stops serve gracefully.
        ChildProcesses.stopWithSignals()
        let location = site.location
        let printer = site.printer
        guard FileSystem.disk.kind(location.content) == .directory else {
            printer.report(SiteLoader.load(location, fileSystem: .disk).problems)
            throw ExitCode.failure
        }
        let chosen: Int
        do {
            chosen = try await SiteServer.freePort(host: host, from: port ?? SiteServer.defaultPort, attempts: port == nil ? 20 : 1)
        } catch {
            let hint = error.hostProblem
                ? "hint: --host takes an address or name of this computer: 127.0.0.1 (the default) for this computer alone, "
                    + "or 0.0.0.0 for every address it has\n"
                : port == nil ? "" : "hint: leave out --port to take the next free port from \(SiteServer.defaultPort)\n"
            standardError("error: \(error)\n" + hint)
            throw ExitCode.failure
        }
        // Said once the address is known to be this computer's.
        let everyAddress = SiteServer.isEveryAddress(host)
        if !SiteServer.isLoopback(host) {
            standardError("warning: listening on \(everyAddress ? "every address of this computer (\(host))" : host): "
                + "other computers on the network can see the site and its drafts\n")
        }
        let session = ServeSession(
            location: location,
            options: BuildOptions(includeDrafts: site.drafts, graphviz: noMaps ? .none : .system(), maps: !noMaps),
            polling: poll
        ) { diagnostics, notes, line in
            printer.report(diagnostics)
            standardError(notes.map { "note: \($0)\n" }.joined() + line + "\n")
        }
        var logger = Logger(label: "quizgen.serve")
        logger.logLevel = .critical
        let open = open
        let app = SiteServer.application(session: session, host: host, port: chosen) { bound in
            // 0.0.0.0 is where serve listens, not an address a browser can go to.
            let url = SiteServer.localURL(host: host, port: bound)
            let others = !everyAddress ? ""
                : "; other computers use this computer's address or name instead"
                    + (SiteServer.networkURL(port: bound).map { ", such as \($0)" } ?? "")
            standardError("Serving \(location.contentDisplay)/ at \(url) (Ctrl-C to stop)\(others)\n")
            if open { Self.openBrowser(url) }
        }
        // Ctrl-C or SIGTERM: the server finishes its responses, the session stops watching;
        // whatever still runs after three seconds is cancelled, so serve always ends.
        var configuration = ServiceGroupConfiguration(
            services: [app, StoppingChildren()], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(3)
        configuration.maximumCancellationDuration = .seconds(3)
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch {
            standardError("error: the server stopped: \(error)\n")
            throw ExitCode.failure
        }
        standardError("Stopped.\n")
    }

    static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #if os(macOS)
        process.arguments = ["open", url]
        #else
        process.arguments = ["xdg-open", url]
        #endif
        do { try process.run() } catch { standardError("note: could not open a browser: \(error)\n") }
    }
}

/// Stops the `dot`s drawing maps as soon as serve is asked to stop: one drawing a huge map
/// (in the background, after a save) outlived the three seconds serve gives itself (which
/// then crashed), leaving `dot` running.
struct StoppingChildren: Service {
    func run() async throws {
        try? await gracefulShutdown()
        ChildProcesses.shared.stopAll()
    }
}
