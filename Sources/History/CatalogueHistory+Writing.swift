import Files
import OperatingSystem

extension CatalogueHistory {
    /// The sidecar's bytes, the same for the same history: releases oldest first, one change per line, keys in a
    /// fixed order, so that a re-run writes an identical file and a diff of two shows the releases that came.
    public func encoded() -> [UInt8] {
        var out = "{\n  \"format\": \(Self.format),\n  \"releases\": ["
        for (index, release) in releases.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += Self.block(release)
        }
        out += releases.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Array(out.utf8)
    }

    private static func block(_ release: Release) -> String {
        var fields: [(String, String)] = [
            ("date", quoted(release.date)), ("version", release.version.map(String.init) ?? "null"),
            ("digest", quoted(release.digest)), ("commit", release.commit.map(quoted) ?? "null"),
            ("motorcycles", String(release.motorcycles)), ("first", release.isFirst ? "true" : "false"),
            ("added", "[" + release.added.map(String.init).joined(separator: ", ") + "]"),
            ("removed", "[" + release.removed.map(String.init).joined(separator: ", ") + "]"),
        ]
        fields.append(
            (
                "figures",
                list(
                    release.figures.map {
                        "{\"id\": \($0.id), \"path\": \(quoted($0.path)), \"before\": \(figure($0.before)), "
                            + "\"after\": \(figure($0.after))}"
                    })
            ))
        fields.append(
            (
                "texts",
                list(
                    release.texts.map {
                        "{\"id\": \($0.id), \"field\": \(quoted($0.field)), \"languages\": ["
                            + $0.languages.map(quoted).joined(separator: ", ") + "]}"
                    })
            ))
        fields.append(
            (
                "photos",
                list(
                    release.photos.map {
                        "{\"id\": \($0.id), \"added\": [" + $0.added.map(quoted).joined(separator: ", ")
                            + "], \"removed\": [" + $0.removed.map(quoted).joined(separator: ", ") + "]}"
                    })
            ))
        return "    {\n" + fields.map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n    }"
    }

    private static func list(_ lines: [String]) -> String {
        lines.isEmpty ? "[]" : "[\n" + lines.map { "        " + $0 }.joined(separator: ",\n") + "\n      ]"
    }

    private static func figure(_ value: Figure?) -> String {
        switch value {
        case nil: return "null"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .text(let text): return quoted(text)
        }
    }

    static func quoted(_ text: String) -> String { JSONPath.quoted(text) }

    /// Writes the sidecar atomically: a temporary file in the same folder, flushed, then renamed over `path`.
    /// On failure nothing is left behind and `path` is as it was.
    public func write(to path: String) throws(HistoryError) {
        if let reason = FileWriter.replace(path, with: encoded()) { throw .unwritable(path: path, reason: reason) }
    }
}
