import Files

/// Recognises a file in the Guzzi Tracker app's first dataset schema (2017 and early 2018), which guzzi-site does
/// not read.
///
/// That schema had no `texts` table: English prose stood inline in each element where today's schema has keys into
/// `texts`. It came in two shapes, one with a `total_elements` count and one with a `version` like today's, so it is
/// recognised by its shape rather than by one key. Read as today's schema it gives hundreds of errors, none of which
/// says what is wrong; one clear line says it instead.
package enum LegacySchema {
    /// Where today's schema has a key into the element's `texts` entry (the fields `CatalogueReader` reads with
    /// `text(in:_:entry:)`), as member names from the element down.
    package static let textKeyFields: [[String]] = [
        ["notes"], ["engine", "configuration"], ["engine", "feed"], ["engine", "ignition"],
        ["transmission", "type"], ["transmission", "clutch"], ["transmission", "final_drive"],
        ["frame", "type"], ["frame", "front_suspension"], ["frame", "rear_suspension"],
        ["brakes", "type"], ["brakes", "notes"],
    ]

    /// The one-line explanation for a file in the first schema, or `nil` for anything else.
    ///
    /// A file with `texts` is never called old, whatever else is wrong with it; nor is one without `texts` whose
    /// text fields hold keys (`"engine_feed"`): that is today's schema with its table missing, and "missing key
    /// texts" says so better.
    package static func problem(in root: JSONValue) -> String? {
        guard root.members != nil, root.member("texts") == nil else { return nil }
        let elements = root.member("elements")?.value.array ?? []
        let isOld = root.member("total_elements") != nil || elements.contains(where: hasInlineProse)
        guard isOld else { return nil }
        return "this file is in the Guzzi Tracker app's first dataset schema (2017 and early 2018: no \"texts\", "
            + "English texts inside each element); guzzi-site reads the schema that followed in 2018 "
            + "(\"version\", \"elements\" and \"texts\" in Italian and English): get a current info_moto.json, "
            + "for example with 'guzzi-site update --data FILE'"
    }

    /// True when a field that should hold a key into `texts` holds prose instead.
    private static func hasInlineProse(_ element: JSONValue) -> Bool {
        textKeyFields.contains { names in
            var value = element
            for name in names {
                guard let member = value.member(name) else { return false }
                value = member.value
            }
            return value.string.map { !isKey($0) } ?? false
        }
    }

    /// Keys into `texts` are identifiers (`engine_feed`, `notes`); prose has spaces, capitals or punctuation.
    private static func isKey(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }
}
