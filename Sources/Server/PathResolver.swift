import OperatingSystem

/// Maps a URL path to a file that is provably inside the root. Checks happen twice: on the decoded text
/// (no `..`, NUL, backslash or encoded slash ever reaches the file system) and on the real path after
/// `realpath`, so a symlink inside the site cannot lead outside it.
struct PathResolver {
    enum Resolution: Equatable {
        /// A regular file's real path.
        case file(String)
        /// The folder exists but was asked for without its trailing slash; the value is the Location.
        case redirect(String)
        case notFound
        case badRequest
    }

    /// The configured root; resolved on every call because the builder swaps the output folder atomically.
    let root: String

    func resolve(path rawPath: String, query: String?) -> Resolution {
        guard rawPath.hasPrefix("/") else { return .badRequest }
        guard let decoded = Self.decode(rawPath) else { return .badRequest }
        guard Self.isSafe(decoded: decoded, raw: rawPath) else { return .notFound }
        guard let realRoot = Self.realPath(root) else { return .notFound }

        guard let real = Self.realPath(realRoot + decoded), contains(real, in: realRoot) else { return .notFound }
        var info = stat()
        guard stat(real, &info) == 0 else { return .notFound }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard decoded.hasSuffix("/") else {
                // Collapse leading slashes: "//host" in a Location would send the browser to another site.
                var location = "/" + rawPath.drop { $0 == "/" } + "/"
                if let query { location += "?" + query }
                return .redirect(location)
            }
            return regularFile(real + "/index.html", realRoot: realRoot)
        }
        return regularFile(real, realRoot: realRoot)
    }

    /// The file a URL path (already decoded) is served from, relative to the root; nil for none.
    func relativeFile(path: String) -> String? {
        guard path.hasPrefix("/"), !path.contains("%"), let realRoot = Self.realPath(root),
            case .file(let file) = resolve(path: path, query: nil)
        else { return nil }
        return file.hasPrefix(realRoot + "/") ? String(file.dropFirst(realRoot.count + 1)) : nil
    }

    /// The site's own 404 page, under the same rules as any other file.
    func notFoundPage() -> String? {
        guard let realRoot = Self.realPath(root),
            case .file(let path) = regularFile(realRoot + "/404.html", realRoot: realRoot)
        else { return nil }
        return path
    }

    private func regularFile(_ path: String, realRoot: String) -> Resolution {
        guard let real = Self.realPath(path), contains(real, in: realRoot) else { return .notFound }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .notFound }
        return .file(real)
    }

    private func contains(_ path: String, in realRoot: String) -> Bool {
        realRoot == "/" || path == realRoot || path.hasPrefix(realRoot + "/")
    }

    /// Percent-decodes exactly once. Malformed escapes are an error rather than passed through, so no
    /// second decoder downstream can read them differently.
    static func decode(_ raw: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == 37 else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func isSafe(decoded: String, raw: String) -> Bool {
        let lowerRaw = raw.lowercased()
        if lowerRaw.contains("%2f") || lowerRaw.contains("%5c") || lowerRaw.contains("%00") { return false }
        if decoded.utf8.contains(0) || decoded.contains("\\") { return false }
        return !decoded.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: return byte - 48
        case 65...70: return byte - 55
        case 97...102: return byte - 87
        default: return nil
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
