/// The two languages of the catalogue.
public enum Language: String, Sendable, CaseIterable, Comparable {
    case it, en

    public static func < (lhs: Language, rhs: Language) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The other edition, used for fallbacks and the language switcher.
    public var other: Language { self == .it ? .en : .it }
}

/// A text in both languages, either side possibly missing.
public struct LocalizedText: Sendable, Equatable {
    public var it: String?
    public var en: String?

    public init(it: String?, en: String?) {
        self.it = it
        self.en = en
    }

    public static let empty = LocalizedText(it: nil, en: nil)

    public subscript(language: Language) -> String? {
        switch language {
        case .it: return it
        case .en: return en
        }
    }

    /// The text for `language`, or the other language's text with the language it is written in, or `nil`.
    ///
    /// The site marks a fallback with its own `lang` attribute so screen readers pronounce it right.
    public func resolved(for language: Language) -> (text: String, language: Language)? {
        if let own = self[language], !own.isEmpty { return (own, language) }
        if let other = self[language.other], !other.isEmpty { return (other, language.other) }
        return nil
    }
}
