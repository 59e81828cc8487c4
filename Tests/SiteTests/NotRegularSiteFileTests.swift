import Diagnostics
import Foundation
import Site
import Testing
import TestSupport

/// A template or catalog of the site's own that is a pipe (or a device, a socket) is not
/// read, which could wait for ever; it is an error, as a broken template is, and the
/// built-in one is not used in its place.
@Suite struct NotRegularSiteFileTests {
    let story = "---\nkind: story\n---\n## A\nThe end.\n"

    @Test func aPipeAmongTheTemplatesOrCatalogsIsAnError() {
        let site = TemporarySite(files: ["Content/s.md": story, "Templates/x.css": "", "i18n/x.txt": ""])
        #expect(mkfifo(site.root.path + "/Templates/layout.mustache", 0o600) == 0)
        #expect(mkfifo(site.root.path + "/i18n/fr.yaml", 0o600) == 0)
        let output = site.build()
        #expect(output.diagnostics.filter(\.isError).map { "\($0.file): \($0.message)" } == [
            "Templates/layout.mustache: not a regular file",
            "i18n/fr.yaml: not a regular file",
        ])
        #expect(output.diagnostics.first?.hint == "make it a file, or remove it to use the built-in one")
    }
}
