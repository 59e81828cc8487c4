import Diagnostics
import Support

/// Assets that a browser opens as a document and runs the script of: HTML, XML and SVG.
/// Copied as they are, one would run an author's script at the site's address, with none of
/// the Content-Security-Policy that quizgen's pages carry, and undo `raw-html: false`. So a
/// site publishes them only when it trusts its authors' HTML (`raw-html: true`), except an
/// SVG with nothing active in it (`SVGScanner`), a common kind of picture.
public enum ScriptableAssets {
    /// How an asset's name makes browsers treat it.
    public enum Kind: Sendable, Equatable {
        /// Opened as HTML or XML, which runs script; `ext` is the extension that says so,
        /// `last` whether it ends the name.
        case document(ext: String, last: Bool)
        /// An SVG picture: published when it holds nothing active.
        case svg
        /// A compressed SVG, which the check cannot read.
        case compressedSVG
    }

    /// Extensions that hosts serve as HTML, XHTML or XML: `text/html`, `application/xhtml+xml`,
    /// `text/xml`, `application/xml`, `text/xsl` and every `…+xml` type, all of which Chromium
    /// and Firefox open as documents that run the script of XHTML `<script>` elements in them.
    /// From the usual MIME tables (IANA's, as Debian's /etc/mime.types and mime-db, which
    /// GitHub Pages and Netlify use, list them), and MHTML.
    static let documentExtensions: Set<String> = [
        "html", "htm", "shtml", "shtm", "stm", "xhtml", "xhtm", "xht", "mht", "mhtml",
        "xml", "xsl", "xslt", "xsd", "rng", "dtd", "rss", "atom", "rdf", "owl", "xul", "mml", "mathml", "smil", "smi", "sml",
        "1km", "apxml", "atomcat", "atomdeleted", "atomsrv", "atomsvc", "bmml", "ccmp", "ccxml", "cdxml", "cellml",
        "cl", "clue", "cml", "cpl", "csl", "dae", "davmount", "dbk", "dd2", "ddf", "dist", "distz", "dwd", "emma",
        "emotionml", "es3", "et3", "fdt", "fo", "gml", "gpx", "grxml", "gsheet", "hal", "held", "ink", "inkml", "irp",
        "its", "kml", "lasxml", "lbe", "lgr", "link66", "lostsyncxml", "lostxml", "mads", "maei", "meta4", "mets",
        "mods", "moml", "mpd", "mpkg", "mrcx", "musd", "mxml", "obgx", "odd", "omdoc", "opf", "osm", "pkg", "pls", "provx",
        "pskcxml", "rapd", "relo", "rfcxml", "rif", "rl", "rld", "rs", "rsat", "rsd", "rsheet", "rusd", "sbml", "scl",
        "sdkd", "sdkm", "senmlx", "sensmlx", "shf", "sls", "sru", "srx", "ssdl", "ssml", "stpx", "swidtag", "td", "tei",
        "teicorpus", "tfi", "ttml", "uis", "uo", "uoml", "uvt", "uvvt", "vxml", "wadl", "wbs", "wif", "wsdl",
        "wspolicy", "x3d", "x3dz", "xaml", "xav", "xca", "xcs", "xdf", "xdm", "xdp", "xdssc", "xel", "xenc", "xer",
        "xhvml", "xlf", "xliff", "xmls", "xns", "xop", "xpl", "xsf", "xsm", "xspf", "xvm", "xvml", "yin", "zaz", "zmm",
    ]

    /// Extensions that count before another one too: Apache serves `page.html.gz` and
    /// `page.html.en` as HTML (a later extension it knows as a type wins: `x.html.png` is
    /// a picture there), so only the common ones, not every rare XML type of the list above.
    static let innerExtensions: Set<String> = ["html", "htm", "shtml", "xhtml", "xht", "xml", "xsl", "xslt", "mht", "mhtml", "svg", "svgz"]

    /// What the name makes of a file, or nil for other files.
    public static func kind(of path: String) -> Kind? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let parts = name.lowercased().split(separator: ".", omittingEmptySubsequences: false).dropFirst()
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            guard last || innerExtensions.contains(String(part)) else { continue }
            if part == "svgz" { return .compressedSVG }
            if part == "svg" { return last ? .svg : .document(ext: "svg", last: false) }
            if documentExtensions.contains(String(part)) { return .document(ext: String(part), last: last) }
        }
        return nil
    }

    /// Why an asset's bytes could not be looked at.
    public enum ReadFailure: Error, Sendable, Equatable {
        case tooLarge(Int)
        case unreadable(String)
    }

    /// Reads an asset for the check: at most the limit of a text file, as every file the
    /// build reads (an SVG is text), so that memory stays bounded.
    static func reader(_ location: SiteLocation, _ fs: FileSystem) -> @Sendable (String) -> Result<[UInt8], ReadFailure> {
        { relative in
            let path = location.content + "/" + relative
            if let size = fs.size(path), size > SiteLoader.maximumTextSize { return .failure(.tooLarge(size)) }
            do throws(FileSystem.Failure) {
                let bytes = try fs.read(path)
                if bytes.count > SiteLoader.maximumTextSize { return .failure(.tooLarge(bytes.count)) }
                return .success(bytes)
            } catch {
                return .failure(.unreadable(error.reason))
            }
        }
    }

    static let trust = "if you trust whoever writes the content (as for their HTML in Markdown), set raw-html: true in quizgen.yml"

    /// The errors of one asset, when the site does not trust its authors' HTML; `read`
    /// gives an SVG's bytes.
    public static func problems(
        of asset: String, display: String, read: (String) -> Result<[UInt8], ReadFailure>
    ) -> [Diagnostic] {
        switch kind(of: asset) {
        case nil:
            return []
        case .document(let ext, let last):
            return [.error(
                "this file would publish script on the site's address: a browser opens a .\(ext) file as a document and runs "
                    + "its script, with no Content-Security-Policy"
                    + (last ? "" : " (hosts such as Apache serve a name with .\(ext) before its last extension as one)"),
                file: display, line: 1, column: 1, hint: "remove it, or rename it .txt to publish its text; " + trust)]
        case .compressedSVG:
            return [.error(
                "this compressed SVG cannot be checked for script, which a browser would run on the site's address",
                file: display, line: 1, column: 1, hint: "publish it uncompressed, as .svg; " + trust)]
        case .svg:
            switch read(asset) {
            case .failure(.unreadable(let reason)):
                return [.error("cannot read the file: \(reason)", file: display)]
            case .failure(.tooLarge(let size)):
                return [.error(
                    "this SVG is \(Megabytes.text(size, against: SiteLoader.maximumTextSize)), too large to be checked for "
                        + "script (at most \(SiteLoader.maximumTextSize / 1_000_000) MB, as any text file)",
                    file: display, line: 1, column: 1, hint: "make it smaller (an optimiser such as SVGO); " + trust)]
            case .success(let bytes):
                guard let finding = SVGScanner.activeContent(in: bytes) else { return [] }
                return [diagnostic(finding, in: bytes, display: display)]
            }
        }
    }

    /// Every asset's errors, unless the site trusts its authors' HTML.
    static func problems(
        _ assets: [String], rawHTML: Bool, location: SiteLocation, read: @escaping @Sendable (String) -> Result<[UInt8], ReadFailure>
    ) -> [Diagnostic] {
        problems(assets.filter { kind(of: $0) != nil }, rawHTML: rawHTML, location: location, read: read, each: true).flatMap { $0 }
    }

    /// The errors of each asset given, in their order (on every core: SVGs are read whole).
    static func problems(
        _ assets: [String], rawHTML: Bool, location: SiteLocation, read: @escaping @Sendable (String) -> Result<[UInt8], ReadFailure>,
        each: Bool
    ) -> [[Diagnostic]] {
        guard !rawHTML else { return assets.map { _ in [] } }
        return assets.parallelMap { asset in problems(of: asset, display: location.contentDisplay + "/" + asset, read: read) }
    }

    /// The error at what the scan found, with its line under it.
    static func diagnostic(_ finding: SVGScanner.Finding, in bytes: [UInt8], display: String) -> Diagnostic {
        let offset = min(finding.offset, bytes.count)
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        var lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let line = bytes[..<lineStart].count { $0 == 0x0A } + 1
        // Characters, not bytes: a UTF-8 continuation byte starts none.
        let column = bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 } + 1
        return .error(
            "this SVG would publish script on the site's address: \(finding.what), which a browser runs when the picture "
                + "is opened on its own",
            file: display, line: line, column: column,
            hint: (finding.hint ?? "take it out of the picture (a picture needs none of it)") + "; " + trust,
            sourceLine: String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self))
    }
}
