import Files

/// The `texts` object, checked once and indexed by element id, so each text key of an element resolves cheaply.
///
/// Every entry is validated even if no element refers to it: a broken translation should surface now, not when
/// somebody later adds the key it belongs to.
struct TextTable {
    struct Entry {
        /// Path of the entry, such as `texts["5"]`.
        var path: String
        /// Texts in file order; an element has about a dozen, so a scan beats a dictionary.
        var texts: [(key: String, text: LocalizedText)]
        var keyOffset: Int
        var isUsed = false

        func text(for key: String) -> LocalizedText? {
            for entry in texts where entry.key == key { return entry.text }
            return nil
        }
    }

    private(set) var entries: [String: Entry] = [:]
    /// Entry ids in file order, so that warnings about unused entries come out in document order.
    private var order: [String] = []

    init() {}

    init(_ value: JSONValue?, reporter: inout ProblemReporter) {
        guard let value else { return }
        guard let members = value.members else {
            reporter.typeMismatch("texts", value, expected: "an object")
            return
        }
        for member in members where entries[member.key] == nil {
            let path = JSONPath.appending(key: member.key, to: "texts")
            guard let translations = member.value.members else {
                reporter.typeMismatch(path, member.value, expected: "an object")
                continue
            }
            var texts: [(key: String, text: LocalizedText)] = []
            texts.reserveCapacity(translations.count)
            for translation in translations {
                let text = Self.localizedText(
                    translation.value, path: JSONPath.appending(key: translation.key, to: path), reporter: &reporter)
                texts.append((translation.key, text))
            }
            entries[member.key] = Entry(path: path, texts: texts, keyOffset: member.keyOffset)
            order.append(member.key)
        }
    }

    /// The entry for element `id`, marked as used.
    mutating func entry(for id: Int) -> Entry? {
        let key = String(id)
        guard entries[key] != nil else { return nil }
        entries[key]!.isUsed = true
        return entries[key]
    }

    func reportUnused(reporter: inout ProblemReporter) {
        for key in order {
            guard let entry = entries[key], !entry.isUsed else { continue }
            reporter.warning(entry.path, at: entry.keyOffset, "no element has id \(key); these texts are never shown")
        }
    }

    private static func localizedText(
        _ value: JSONValue, path: @autoclosure () -> String, reporter: inout ProblemReporter
    ) -> LocalizedText {
        guard value.members != nil else {
            reporter.typeMismatch(path(), value, expected: "an object with \"it\" and \"en\"")
            return .empty
        }
        // Every key of the object is a language: the dataset may carry more languages than today's two, and an
        // edition in one of them shows its texts without a change here. Built in place rather than through a
        // dictionary by language: there are two or three, and hashing them was a quarter of decoding the texts.
        var text = LocalizedText()
        var isValid = true
        for member in value.members ?? [] where text[Language(member.key)] == nil {
            let side = member.value
            guard !side.isNull else { continue }
            guard let string = side.string else {
                reporter.typeMismatch(
                    JSONPath.appending(key: member.key, to: path()), side, expected: "a string or null")
                isValid = false
                continue
            }
            if !string.isEmpty { text[Language(member.key)] = string }
        }
        // A side of the wrong type is already an error; calling it a gap as well would only add noise.
        guard isValid, !text.translations.isEmpty else { return text }
        for language in Language.datasetLanguages where text[language] == nil {
            let shown =
                Language.datasetLanguages.first { $0 != language && text[$0] != nil }
                ?? text.translations[0].language
            let missingPath = JSONPath.appending(key: language.rawValue, to: path())
            let offset = value.member(language.rawValue)?.value.offset ?? value.offset
            reporter.warning(
                missingPath, at: offset,
                "missing \(language.englishName) translation; the \(shown.englishName) text will be shown")
        }
        return text
    }
}

extension Language {
    /// The language's English name, for messages; the code for a language this list does not know.
    fileprivate var englishName: String {
        switch rawValue {
        case "it": return "Italian"
        case "en": return "English"
        case "fr": return "French"
        case "de": return "German"
        case "es": return "Spanish"
        default: return "\"\(rawValue)\""
        }
    }
}
