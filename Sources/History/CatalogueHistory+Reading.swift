import Catalogue
import Files
import OperatingSystem

extension CatalogueHistory {
    /// Reads the sidecar at `path`; `nil` when there is none. One that is there but malformed is an error with
    /// its line and column: a history quietly dropped would publish a "What's new" that forgot releases.
    public static func read(contentsOf path: String) throws(HistoryError) -> CatalogueHistory? {
        var info = stat()
        if stat(path, &info) != 0 {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        let bytes: [UInt8]
        do {
            bytes = try Catalogue.bytes(contentsOf: path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        return try decode(bytes, path: path)
    }

    /// Decodes and checks a sidecar's bytes; `path` only names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(HistoryError) -> CatalogueHistory {
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(bytes)
        } catch {
            throw .invalid(path: path, line: error.line, column: error.column, message: error.message)
        }
        return try HistoryReader(path: path).history(root)
    }
}

/// Reads every value of a sidecar as strictly as `history` writes it: the file may have been edited by hand.
struct HistoryReader {
    let path: String

    func fail(_ value: LocatedJSON, _ message: String) -> HistoryError {
        .invalid(path: path, line: value.line, column: value.column, message: message)
    }

    func history(_ root: LocatedJSON) throws(HistoryError) -> CatalogueHistory {
        guard root.members != nil else { throw fail(root, "expected an object, found \(root.kindName)") }
        guard let format = root["format"], format.number == Double(CatalogueHistory.format) else {
            throw fail(root["format"] ?? root, "expected \"format\": \(CatalogueHistory.format)")
        }
        var releases: [Release] = []
        for value in try list(root, "releases") { releases.append(try release(value)) }
        return CatalogueHistory(releases: releases)
    }

    func release(_ value: LocatedJSON) throws(HistoryError) -> Release {
        guard value.members != nil else { throw fail(value, "a release must be an object, found \(value.kindName)") }
        var release = Release(
            date: try text(value, "date"), version: try optionalInteger(value, "version"),
            digest: try text(value, "digest"), commit: try optionalText(value, "commit"),
            motorcycles: try integer(value, "motorcycles"), isFirst: try flag(value, "first"))
        release.added = try list(value, "added").map { (id: LocatedJSON) throws(HistoryError) in try whole(id) }
        release.removed = try list(value, "removed").map { (id: LocatedJSON) throws(HistoryError) in try whole(id) }
        for change in try list(value, "figures") {
            release.figures.append(
                FigureChange(
                    id: try integer(change, "id"), path: try text(change, "path"),
                    before: try figure(change, "before"), after: try figure(change, "after")))
        }
        for change in try list(value, "texts") {
            release.texts.append(
                TextChange(
                    id: try integer(change, "id"), field: try text(change, "field"),
                    languages: try list(change, "languages").map { (language: LocatedJSON) throws(HistoryError) in
                        try string(language)
                    }))
        }
        for change in try list(value, "photos") {
            release.photos.append(
                PhotoChange(
                    id: try integer(change, "id"),
                    added: try list(change, "added").map { (url: LocatedJSON) throws(HistoryError) in try string(url) },
                    removed: try list(change, "removed").map { (url: LocatedJSON) throws(HistoryError) in
                        try string(url)
                    }))
        }
        return release
    }

    private func member(_ object: LocatedJSON, _ key: String) throws(HistoryError) -> LocatedJSON {
        guard let value = object[key] else { throw fail(object, "missing key \"\(key)\"") }
        return value
    }

    private func list(_ object: LocatedJSON, _ key: String) throws(HistoryError) -> [LocatedJSON] {
        let value = try member(object, key)
        guard case .array(let values) = value.value else {
            throw fail(value, "\"\(key)\" must be a list, found \(value.kindName)")
        }
        return values
    }

    private func string(_ value: LocatedJSON) throws(HistoryError) -> String {
        guard let text = value.string else { throw fail(value, "expected a string, found \(value.kindName)") }
        return text
    }

    private func text(_ object: LocatedJSON, _ key: String) throws(HistoryError) -> String {
        try string(try member(object, key))
    }

    private func optionalText(_ object: LocatedJSON, _ key: String) throws(HistoryError) -> String? {
        let value = try member(object, key)
        if case .null = value.value { return nil }
        return try string(value)
    }

    private func whole(_ value: LocatedJSON) throws(HistoryError) -> Int {
        guard let number = value.number, number == number.rounded(), abs(number) < 1e15 else {
            throw fail(value, "expected a whole number, found \(value.kindName)")
        }
        return Int(number)
    }

    private func integer(_ object: LocatedJSON, _ key: String) throws(HistoryError) -> Int {
        try whole(try member(object, key))
    }

    private func optionalInteger(_ object: LocatedJSON, _ key: String) throws(HistoryError) -> Int? {
        let value = try member(object, key)
        if case .null = value.value { return nil }
        return try whole(value)
    }

    private func flag(_ object: LocatedJSON, _ key: String) throws(HistoryError) -> Bool {
        let value = try member(object, key)
        guard case .bool(let flag) = value.value else {
            throw fail(value, "\"\(key)\" must be true or false, found \(value.kindName)")
        }
        return flag
    }

    private func figure(_ object: LocatedJSON, _ key: String) throws(HistoryError) -> Figure? {
        let value = try member(object, key)
        switch value.value {
        case .null: return nil
        case .number(let number): return .number(number)
        case .string(let text): return .text(text)
        default: throw fail(value, "a figure must be a number, a text or null, found \(value.kindName)")
        }
    }
}
