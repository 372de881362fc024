import Catalogue
import Files
import OperatingSystem

extension PhotoSidecar {
    /// Reads the sidecar at `path`; `nil` when there is no such file (a dataset without one builds as before).
    ///
    /// A file that is there but malformed is an error naming its line and column, not a silent fallback: the
    /// credits in it are owed to the photos' authors, and a site that quietly lost them (and went back to
    /// loading every original) would be worse than a build that stops and says where to look.
    public static func read(contentsOf path: String) throws(SidecarError) -> PhotoSidecar? {
        try readBytes(contentsOf: path).map { bytes throws(SidecarError) in try decode(bytes, path: path) }
    }

    /// The sidecar's bytes, `nil` when there is no such file.
    public static func readBytes(contentsOf path: String) throws(SidecarError) -> [UInt8]? {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        let bytes: [UInt8]
        do {
            bytes = try Catalogue.bytes(contentsOf: path)
        } catch {
            if case .unreadable(_, let reason) = error { throw .unreadable(path: path, reason: reason) }
            throw .unreadable(path: path, reason: error.description)
        }
        return bytes
    }

    /// Decodes and validates a sidecar's bytes; `path` only names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(SidecarError) -> PhotoSidecar {
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(bytes)
        } catch {
            throw .invalid(path: path, line: error.line, column: error.column, message: error.message)
        }
        return try SidecarReader(path: path).read(root)
    }
}

/// Checks every value of a sidecar as strictly as an oEmbed answer is checked before it is stored: the file
/// may have been edited by hand, and its texts end up in pages.
struct SidecarReader {
    let path: String

    func fail(_ value: LocatedJSON, _ message: String) -> SidecarError {
        .invalid(path: path, line: value.line, column: value.column, message: message)
    }

    func read(_ root: LocatedJSON) throws(SidecarError) -> PhotoSidecar {
        guard root.members != nil else { throw fail(root, "expected an object, found \(root.kindName)") }
        try onlyKeys(["format", "photos"], in: root)
        guard let format = root["format"] else { throw fail(root, "missing key \"format\"") }
        guard format.number == Double(PhotoSidecar.format) else {
            throw fail(format, "unsupported format (expected \(PhotoSidecar.format))")
        }
        guard let photos = root["photos"] else { throw fail(root, "missing key \"photos\"") }
        guard let entries = photos.members else {
            throw fail(photos, "\"photos\" must be an object, found \(photos.kindName)")
        }
        var records: [UInt64: PhotoRecord] = [:]
        for entry in entries {
            guard !entry.key.isEmpty, entry.key.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let id = UInt64(entry.key)
            else {
                throw fail(entry.value, "photo key \"\(entry.key.prefix(40))\" is not a Flickr photo id (digits)")
            }
            records[id] = try record(entry.value, id: entry.key)
        }
        return PhotoSidecar(records: records)
    }

    func record(_ value: LocatedJSON, id: String) throws(SidecarError) -> PhotoRecord {
        guard value.members != nil else {
            throw fail(value, "photo \(id): expected an object, found \(value.kindName)")
        }
        let status = try text(value, "status", id: id)
        switch status {
        case "gone":
            try onlyKeys(["status", "reason", "checked"], in: value)
            return .gone(reason: try text(value, "reason", id: id), checked: try text(value, "checked", id: id))
        case "ok":
            try onlyKeys(
                [
                    "status", "server", "secret", "size", "width", "height", "author", "author_url", "page",
                    "license", "license_url", "license_id",
                ], in: value)
            let server = try text(value, "server", id: id)
            let secret = try text(value, "secret", id: id)
            guard FlickrURL.isToken(Substring(server)), server.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw fail(value["server"]!, "photo \(id): \"server\" must be digits")
            }
            guard FlickrURL.isToken(Substring(secret)) else {
                throw fail(value["secret"]!, "photo \(id): \"secret\" must be letters and digits")
            }
            let edge = try integer(value, "size", id: id)
            guard let size = FlickrSize(rawValue: edge) else {
                let known = FlickrSize.allCases.map { String($0.edge) }.joined(separator: ", ")
                throw fail(value["size"]!, "photo \(id): \"size\" must be one of \(known)")
            }
            let license = try optionalText(value, "license", id: id)
            let licenseURL = try optionalURL(value, "license_url", id: id)
            let licenseID = try value["license_id"].map { _ throws(SidecarError) in
                try integer(value, "license_id", id: id, range: 0...1000)
            }
            return .found(
                FoundPhoto(
                    server: server, secret: secret, size: size,
                    width: try integer(value, "width", id: id), height: try integer(value, "height", id: id),
                    author: try text(value, "author", id: id, nonEmpty: true),
                    authorURL: try url(value, "author_url", id: id), pageURL: try url(value, "page", id: id),
                    license: license, licenseURL: licenseURL, licenseID: licenseID))
        default:
            throw fail(value["status"]!, "photo \(id): \"status\" must be \"ok\" or \"gone\"")
        }
    }

    func onlyKeys(_ allowed: Set<String>, in value: LocatedJSON) throws(SidecarError) {
        for member in value.members ?? [] where !allowed.contains(member.key) {
            throw fail(member.value, "unknown key \"\(member.key.prefix(40))\"")
        }
    }

    func text(_ value: LocatedJSON, _ key: String, id: String, nonEmpty: Bool = false) throws(SidecarError)
        -> String
    {
        guard let field = value[key] else { throw fail(value, "photo \(id): missing key \"\(key)\"") }
        guard let text = field.string else {
            throw fail(field, "photo \(id): \"\(key)\" must be a string, found \(field.kindName)")
        }
        guard WebURL.isAcceptableText(text), !nonEmpty || !text.isEmpty else {
            throw fail(field, "photo \(id): \"\(key)\" is empty, too long or has control characters")
        }
        return text
    }

    func optionalText(_ value: LocatedJSON, _ key: String, id: String) throws(SidecarError) -> String? {
        value[key] == nil ? nil : try text(value, key, id: id)
    }

    func url(_ value: LocatedJSON, _ key: String, id: String) throws(SidecarError) -> String {
        let text = try text(value, key, id: id)
        guard WebURL.isAcceptable(text) else {
            throw fail(value[key]!, "photo \(id): \"\(key)\" must be an http(s) URL")
        }
        return text
    }

    func optionalURL(_ value: LocatedJSON, _ key: String, id: String) throws(SidecarError) -> String? {
        value[key] == nil ? nil : try url(value, key, id: id)
    }

    func integer(_ value: LocatedJSON, _ key: String, id: String, range: ClosedRange<Int> = 1...100_000)
        throws(SidecarError) -> Int
    {
        guard let field = value[key] else { throw fail(value, "photo \(id): missing key \"\(key)\"") }
        guard let number = field.number, number == number.rounded(), number >= Double(range.lowerBound),
            number <= Double(range.upperBound)
        else {
            throw fail(
                field, "photo \(id): \"\(key)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }
}
