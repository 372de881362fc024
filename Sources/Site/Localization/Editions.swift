import Catalogue
import Foundation

/// The site's editions, in the order `Resources/i18n/editions.json` lists them, and the default one.
///
/// The set of editions is data: an edition is its files in `Resources/i18n` (`<code>.json` and the feature
/// tables `<code>.<feature>.json`) and its code in `editions.json`. The order is the order of hreflang links,
/// language switches and the root page's choices; the default edition is where `x-default` points and the
/// locale of the pages that belong to no edition (the root, the 404 page, the sitemap).
public struct Editions: Sendable {
    /// Edition codes in their listed order.
    public let languages: [Language]
    public let defaultLanguage: Language
    /// Every edition in order.
    public let all: [Edition]
    private let byLanguage: [Language: Edition]

    public init(_ editions: [Edition], defaultLanguage: Language) {
        languages = editions.map(\.language)
        self.defaultLanguage = defaultLanguage
        all = editions
        byLanguage = Dictionary(editions.map { ($0.language, $0) }) { first, _ in first }
    }

    public subscript(language: Language) -> Edition? { byLanguage[language] }

    /// The edition of a page, the default one for pages that belong to none.
    public subscript(page language: Language?) -> Edition {
        guard let edition = byLanguage[language ?? defaultLanguage] else {
            preconditionFailure("a page of an edition the site does not have")
        }
        return edition
    }

    public func mapValues<T>(_ transform: (Edition) throws -> T) rethrows -> [Language: T] {
        try byLanguage.mapValues(transform)
    }

    static let fileName = "editions.json"

    /// Reads `editions.json` and every edition's tables from `directory`.
    public static func load(directory: String) throws(SiteError) -> Editions {
        let path = directory + "/" + fileName
        let object = try Localization.readJSON(at: path)
        guard let root = object as? [String: Any], let codes = root["editions"] as? [String], !codes.isEmpty,
            let defaultCode = root["default"] as? String
        else {
            throw .localization(
                path: path,
                message: "expected an object with \"editions\" (language codes, in order) and \"default\" (one of them)"
            )
        }
        for code in codes where !Self.isValidCode(code) {
            throw .localization(
                path: path, message: "\"\(code)\" is not a language code (lowercase letters, digits and -)")
        }
        if Set(codes).count != codes.count {
            throw .localization(path: path, message: "an edition is listed twice: " + codes.joined(separator: ", "))
        }
        guard codes.contains(defaultCode) else {
            throw .localization(
                path: path,
                message: "the default edition \"\(defaultCode)\" is not one of " + codes.joined(separator: ", "))
        }
        var editions: [Edition] = []
        for code in codes {
            editions.append(
                Edition(localization: try Localization.load(directory: directory, language: Language(code))))
        }
        return Editions(editions, defaultLanguage: Language(defaultCode))
    }

    /// A code is a folder name of the site and a `lang` attribute: lowercase letters and digits, with `-`.
    static func isValidCode(_ code: String) -> Bool {
        !code.isEmpty && code.first != "-"
            && code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
