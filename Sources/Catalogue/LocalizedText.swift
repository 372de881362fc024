/// A language by its code (`it`, `en`, `fr`), as the dataset's texts and the site's editions name it.
///
/// A value rather than an enum: the editions are files in `Resources/i18n`, and the dataset's texts carry
/// whatever language keys they have, so no list of languages is written in Swift.
public struct Language: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(_ code: String) { self.rawValue = code }

    public init(stringLiteral code: String) { self.rawValue = code }

    public static func < (lhs: Language, rhs: Language) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }

    /// The languages the Guzzi Tracker dataset is written in: a text that lacks one of them while another has
    /// it is reported as a missing translation. A fact of the data's source, not of the site's editions.
    public static let datasetLanguages: [Language] = ["it", "en"]
}

/// A text in the languages the dataset gives it in, any of them possibly missing.
public struct LocalizedText: Sendable, Equatable {
    /// The texts by language, sorted by language code so that equal texts are equal values and digests are
    /// stable; a dataset text has one entry per language, so a scan beats a dictionary.
    public private(set) var translations: [(language: Language, text: String)]

    public init(_ texts: [Language: String?] = [:]) {
        translations = texts.compactMap { language, text in text.map { (language, $0) } }
            .sorted { $0.language < $1.language }
    }

    public static let empty = LocalizedText()

    public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
        lhs.translations.elementsEqual(rhs.translations) { $0.language == $1.language && $0.text == $1.text }
    }

    /// The text in `language`; setting `nil` removes it.
    public subscript(language: Language) -> String? {
        get {
            for entry in translations where entry.language == language { return entry.text }
            return nil
        }
        set {
            translations.removeAll { $0.language == language }
            guard let newValue else { return }
            let index = translations.firstIndex { language < $0.language } ?? translations.endIndex
            translations.insert((language, newValue), at: index)
        }
    }

    /// The text for `language`, or else the first of `fallbacks` that has one, with the language it is written
    /// in; `nil` when none has a text.
    ///
    /// The site marks a fallback with its own `lang` attribute so screen readers pronounce it right.
    public func resolved(for language: Language, fallbacks: [Language]) -> (text: String, language: Language)? {
        if let own = self[language], !own.isEmpty { return (own, language) }
        for fallback in fallbacks {
            if let text = self[fallback], !text.isEmpty { return (text, fallback) }
        }
        return nil
    }
}
