import Files

/// Collects problems while the decoder walks the tree, placing each at a line and column of the source.
///
/// Messages quote values as they are written in the file (`found "88"`, not `found 88`), because that is what
/// the person fixing the file will search for.
struct ProblemReporter {
    private var locator: SourceLocator
    /// With their byte offsets, so they can be put in document order at the end whatever order the walk took.
    private var collected: [(offset: Int, problem: Problem)] = []
    private(set) var errorCount = 0

    init(bytes: [UInt8]) {
        locator = SourceLocator(bytes: bytes)
    }

    mutating func error(_ path: String, at offset: Int, _ message: String) {
        report(.error, path, at: offset, message)
    }

    mutating func warning(_ path: String, at offset: Int, _ message: String) {
        report(.warning, path, at: offset, message)
    }

    mutating func typeMismatch(_ path: String, _ value: JSONValue, expected: String) {
        error(path, at: value.offset, "expected \(expected), found \(found(value))")
    }

    mutating func missingKey(_ key: String, in object: JSONValue, path: String) {
        error(path, at: object.offset, "missing key \(JSONPath.quoted(key))")
    }

    /// Takes over the problems another reporter collected (a run of elements read on another thread).
    mutating func absorb(_ other: ProblemReporter) {
        collected += other.collected
        errorCount += other.errorCount
    }

    /// Problems in document order; ties keep the order they were reported in.
    var problems: [Problem] {
        collected.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element.problem)
    }

    /// The value's source text on one line, shortened if long.
    func found(_ value: JSONValue) -> String {
        let limit = 40
        var text = ""
        var pendingSpace = false
        var count = 0
        // Only the start of a long value is shown, so only that much is decoded (a value can be megabytes).
        let end = min(value.end, value.offset + 4096)
        for scalar in String(decoding: locator.bytes[value.offset..<end], as: UTF8.self).unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" {
                pendingSpace = !text.isEmpty
                continue
            }
            if count >= limit {
                return text + "…"
            }
            if pendingSpace {
                text += " "
                count += 1
                pendingSpace = false
            }
            text.unicodeScalars.append(scalar)
            count += 1
        }
        return end < value.end ? text + "…" : text
    }

    private mutating func report(_ severity: Problem.Severity, _ path: String, at offset: Int, _ message: String) {
        let (line, column) = locator.location(of: offset)
        collected.append(
            (offset, Problem(severity: severity, path: path, line: line, column: column, message: message)))
        if severity == .error { errorCount += 1 }
    }
}
