import Foundation
import Serve
import Site
import Synchronization

extension WatchedFolder {
    var location: SiteLocation {
        SiteLocation(root: path, content: path + "/Content", contentDisplay: "Content", rootDisplay: "")
    }

    /// A session over the folder after its first build, not running (tests drive its
    /// rebuilds), and the lines it told the terminal, with the milliseconds left out.
    func session(
        options: BuildOptions = BuildOptions(), fileSystem: FileSystem = .disk, settle: Duration = .milliseconds(500)
    ) -> (ServeSession, () -> [String]) {
        let lines = Mutex<[String]>([])
        let session = ServeSession(location: location, options: options, fileSystem: fileSystem, settle: settle) { _, _, line in
            lines.withLock { $0.append(line.replacing(/in \d+ ms/, with: "in _ ms")) }
        }
        return (session, { lines.withLock { $0 } })
    }
}
