import Catalogue
import Files

/// One version of the dataset in the form releases are compared in: per motorcycle, its figures by path, its
/// texts by field and language, and its photos.
struct DatasetSnapshot: Sendable {
    struct Element: Sendable, Equatable {
        /// Stated figures only: 0, null and a missing field are all absent.
        var figures: [String: Figure] = [:]
        var texts: [String: [String: String]] = [:]
        var images: [String] = []
    }

    let version: Int?
    let elements: [Int: Element]

    /// The fields whose strings are keys into the element's `texts` entry (`LegacySchema.textKeyFields`).
    static let textFields = Set(LegacySchema.textKeyFields.map { $0.joined(separator: ".") })

    /// Reads a version already accepted by `Catalogue.load`, so its shape is today's schema.
    init(_ root: JSONValue) {
        let version = root.member("version")?.value.number
        self.version = version.flatMap { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil }
        var texts: [String: JSONValue] = [:]
        for member in root.member("texts")?.value.members ?? [] where texts[member.key] == nil {
            texts[member.key] = member.value
        }
        var elements: [Int: Element] = [:]
        for value in root.member("elements")?.value.array ?? [] {
            guard let number = value.member("id")?.value.number else { continue }
            let id = Int(number)
            var element = Element()
            Self.walk(value, path: "", texts: texts[String(id)], into: &element)
            element.images = (value.member("images")?.value.array ?? []).compactMap(\.string)
            elements[id] = element
        }
        self.elements = elements
    }

    private static func walk(_ value: JSONValue, path: String, texts: JSONValue?, into element: inout Element) {
        switch value.storage {
        case .object(let members):
            for member in members where !(path.isEmpty && (member.key == "id" || member.key == "images")) {
                walk(
                    member.value, path: path.isEmpty ? member.key : path + "." + member.key, texts: texts,
                    into: &element)
            }
        case .number(let number):
            if number != 0 { element.figures[path] = .number(number) }
        case .string(let text):
            if textFields.contains(path) {
                var languages: [String: String] = [:]
                for member in texts?.member(text)?.value.members ?? [] {
                    if let string = member.value.string, !string.isEmpty { languages[member.key] = string }
                }
                element.texts[path] = languages
            } else if !text.isEmpty {
                element.figures[path] = .text(text)
            }
        case .bool(let flag):
            element.figures[path] = .text(flag ? "true" : "false")
        case .null, .array:
            break
        }
    }
}
