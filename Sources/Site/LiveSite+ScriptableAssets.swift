import Diagnostics

extension LiveSite {
    /// Checks the assets that could run script, as a build does: those new since the last
    /// look, saved (under their own path, or a link's target), or all of them when
    /// `raw-html` changed.
    mutating func checkScriptableAssets(_ site: LoadedSite, changed change: Change, rawHTML: Bool) {
        if scriptChecks.rawHTML != rawHTML { scriptChecks = (rawHTML, [:]) }
        var checked: [String: [Diagnostic]] = [:]
        var toCheck: [String] = []
        for asset in site.assets where ScriptableAssets.kind(of: asset) != nil {
            if let known = scriptChecks.assets[asset], !change.everything, !change.touches(asset),
               change.content.isEmpty || !site.throughLinks.contains(asset) {
                checked[asset] = known
            } else {
                toCheck.append(asset)
            }
        }
        for (asset, problems) in zip(toCheck, ScriptableAssets.problems(
            toCheck, rawHTML: rawHTML, location: location, read: site.readAsset, each: true)) {
            checked[asset] = problems
        }
        scriptChecks.assets = checked
    }

    /// Whether an asset is held back: it would run script, and the site does not trust its
    /// authors' HTML.
    func refuses(_ asset: String) -> Bool {
        scriptChecks.assets[asset].map { !$0.isEmpty } ?? false
    }
}
