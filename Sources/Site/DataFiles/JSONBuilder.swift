import Templating

/// Writes the JSON files and JSON-LD the site makes outside templates, straight into bytes, member by member.
///
/// Written by hand for deterministic bytes: keys stay in the order given and numbers use Swift's shortest
/// representation (`498.4`, not `498.39999999999998` as Foundation's serializer prints on Linux). Strings are
/// also safe inside a `<script>` element: `<`, `>`, `&`, U+2028 and U+2029 are escaped (`Escaping`).
///
/// Why bytes and not strings joined: a motorcycle page's JSON-LD was some forty small strings, each copied
/// into the next (a tenth of the page model), and the index and catalogue data of every edition a row of
/// twenty for each motorcycle. Here every value is appended once.
struct JSONBuilder: ~Copyable {
    private var buffer: ByteBuffer
    /// Whether the next value or key opens its object or array, or follows a key: no comma before it.
    private var atStart = true

    init(capacity: Int = 256) {
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The JSON written so far.
    var text: String { buffer.text }
    var bytes: [UInt8] { buffer.bytes() }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        buffer.append(bracket)
        atStart = true
    }

    private mutating func close(_ bracket: UInt8) {
        buffer.append(bracket)
        atStart = false
    }

    /// A member's key. Keys are names written in this module's code (`"id"`, `"@type"`), never data, so they are
    /// quoted without an escaping pass; one that needs escaping is a programming error, caught in debug builds.
    mutating func key(_ name: StaticString) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        assert(!key.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0x3E || $0 == 0x26 })
        buffer.append(key)
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
        atStart = true
    }

    /// The members an edition's data files start with: the dataset's version, the edition's language and its
    /// locale as a BCP 47 tag (`it-IT`), which the browser's `Intl` takes.
    mutating func editionMembers(version: Int, edition: Edition) {
        key("version")
        integer(version)
        key("lang")
        string(edition.language.rawValue)
        key("locale")
        string(edition.localization.locale.replacingOccurrences(of: "_", with: "-"))
    }

    mutating func string(_ value: String) {
        separate()
        Escaping.appendJSONString(value, to: &buffer)
    }

    /// A string, or `null`.
    mutating func text(_ value: String?) {
        guard let value else { return null() }
        string(value)
    }

    /// A number, whole ones without a fraction, or `null`.
    mutating func number(_ value: Double?) {
        separate()
        Self.append(value, to: &buffer)
    }

    mutating func integer(_ value: Int) {
        separate()
        buffer.append(integer: Int64(value))
    }

    mutating func null() {
        separate()
        buffer.append("null")
    }

    /// Writes `separator` (a comma and white space JSON ignores, such as `",\n"` between the rows of a long
    /// array) before the next item instead of a plain comma; nothing before the first.
    mutating func separator(_ separator: StaticString) {
        if !atStart { buffer.append(separator) }
        atStart = true
    }

    /// Text JSON ignores or that surrounds it, as it is: a line break after `[`, the start and the end of the
    /// script a data file is (`… = {…};`).
    mutating func whitespace(_ text: StaticString) {
        buffer.append(text)
    }

    mutating func whitespace(_ text: String) {
        buffer.append(utf8: text)
    }

    private mutating func separate() {
        if atStart {
            atStart = false
        } else {
            buffer.append(UInt8(ascii: ","))
        }
    }

    /// A number as JSON, for writers of their own bytes (`SpecChunk`): `null` for none, whole numbers without a
    /// fraction, others in Swift's shortest form.
    static func append(_ value: Double?, to bytes: inout ByteBuffer) {
        guard let value, value.isFinite else { return bytes.append("null") }
        bytes.append(plainNumber: value)
    }
}
