/// A BCP 47 language tag read loosely: "pt-BR", "zh_Hant_TW" and "ZH-hk" all parse, into
/// the cases of their canonical form ("zh-Hant-TW"). Extensions and variants are kept in
/// the text but play no part in choosing a catalog.
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// Lowercase: "zh".
    public let language: String
    /// Title case, when given: "Hant".
    public let script: String?
    /// Uppercase, when given: "TW" (or three digits: "419").
    public let region: String?
    /// The whole tag in canonical case.
    public let description: String

    public init(_ tag: String) {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        language = parts.first?.lowercased() ?? ""
        var script: String?
        var region: String?
        var canonical = [language]
        for part in parts.dropFirst() {
            if script == nil, region == nil, part.count == 4, part.allSatisfy(\.isLetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
                canonical.append(script!)
            } else if region == nil, part.count == 2 && part.allSatisfy(\.isLetter) || part.count == 3 && part.allSatisfy(\.isASCIIDigitCharacter) {
                region = part.uppercased()
                canonical.append(region!)
            } else {
                canonical.append(part.lowercased())
            }
        }
        self.script = script
        self.region = region
        description = canonical.joined(separator: "-")
    }

    /// Chinese without a script is written in the script of its region: Traditional in
    /// Taiwan, Hong Kong and Macau, Simplified elsewhere (mainland China, Singapore).
    /// Cantonese (`yue`) is written in Traditional characters unless in mainland China.
    public var impliedScript: String? {
        if let script { return script }
        switch language {
        case "zh": return ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
        case "yue": return region == "CN" ? "Hans" : "Hant"
        default: return nil
        }
    }

    /// The catalog names to try, most specific first: "zh-Hant-TW", "zh-TW", "zh-Hant", "zh";
    /// "pt-BR", "pt"; "zh-CN", "zh-Hans", "zh". A script that the region implies anyway
    /// says nothing more: "zh-Hant-TW" is "zh-TW" (a site's `i18n/zh-TW.yaml`), but
    /// "zh-Hans-TW" is not.
    public var candidates: [String] {
        var names = [description]
        if let script, let region, LanguageTag("\(language)-\(region)").impliedScript == script {
            names.append("\(language)-\(region)")
        }
        if let script = impliedScript { names.append("\(language)-\(script)") }
        names.append(language)
        // Cantonese readers read Chinese in their script: no catalog of quizgen's is nearer.
        if language == "yue", let script = impliedScript { names.append("zh-\(script)") }
        var seen: Set<String> = []
        return names.filter { seen.insert($0.lowercased()).inserted }
    }

    /// Languages written right to left, unless the tag names another script.
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"]
    static let rightToLeftScripts: Set<String> = ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Mand", "Samr"]

    /// Whether pages in this language read right to left (`dir="rtl"`).
    public var isRightToLeft: Bool {
        if let script { return Self.rightToLeftScripts.contains(script) }
        return Self.rightToLeftLanguages.contains(language)
    }
}
