import Foundation
import Site
import TestSupport

/// The repository's sample site, built in memory once per test process.
enum SampleSite {
    static let location = SiteLocation(
        root: Repository.root.path, content: Repository.root.appendingPathComponent("Content").path,
        contentDisplay: "Content", rootDisplay: "")

    static let loaded: LoadedSite = SiteLoader.load(location, fileSystem: .disk)

    static let output: BuildOutput = Pipeline(options: BuildOptions(statistics: true)).collect(loaded)

    static func page(_ path: String) -> String? {
        output.files.first { $0.path == path }?.text
    }
}
