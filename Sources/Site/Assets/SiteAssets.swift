import Files
import Foundation
import Templating

/// The files of `Resources/assets`, published under names that carry their content (`style.3f9a1c2e.css`).
///
/// Why: a file whose name changes with its bytes can be cached for a year (`immutable`), so a reader's second page
/// asks for no stylesheet or script at all, and a deploy can never pair new pages with yesterday's script from a
/// cache. Pages reach them through the template variable `asset` (see `templateValue(from:)`), never by path.
struct SiteAssets: Sendable {
    struct File: Sendable {
        /// The path under `Resources/assets` (`js/core.js`).
        let source: String
        /// The path under the output's `assets/` (`js/core.1a2b3c4d.js`).
        let published: String
        let bytes: [UInt8]
    }

    /// In the order of their source paths.
    let files: [File]
    /// The `asset` map's entries (see `templateValue(from:)`), each with its published path.
    private let entries: [(keys: [String], published: String)]
    /// A digest of every published name: part of every page's key, since a page names the files it loads.
    let namesDigest: Digest

    /// The content part of a published name: 8 hex digits, 32 bits, enough to tell two versions of one file apart.
    static let hashLength = 8

    /// The file under `Resources/assets` that joins files into one (see `bundled(_:rules:folder:)`).
    static let bundlesFile = "bundles.json"

    /// Reads every file under `folder` (hidden ones skipped) and makes the bundles `bundles.json` names. Two files
    /// that would have the same template name (`js/core.js` and `js/core.css`) are an error, since a template
    /// could not tell them apart.
    init(folder: String) throws(SiteError) {
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        var files: [File] = []
        for name in (FileManager.default.subpaths(atPath: resolved) ?? []).sorted() {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                !name.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            else { continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .output(path: path, message: "cannot read the asset")
            }
            let bytes = Array(data)
            files.append(File(source: name, published: Self.publishedName(name, bytes: bytes), bytes: bytes))
        }
        guard let rules = files.first(where: { $0.source == Self.bundlesFile }) else {
            try self.init(files: files, folder: folder)
            return
        }
        try self.init(files: Self.bundled(files, rules: rules, folder: folder), folder: folder)
    }

    /// `files` with the bundles of `rules` (`{"js/every-page.js": ["js/core.js", "js/store.js", …]}`) in place of
    /// their parts: each bundle is its parts' bytes one after the other, in the listed order, published under its
    /// own content name; the parts and the rules file are not published.
    ///
    /// Why: a phone on HTTP/1.1 opens six connections to a host, and a page that loads a stylesheet, seven scripts
    /// and its data waits a round trip (over half a second on a slow line) for each six. The sources stay small
    /// files, one job each; readers get one script for what every page runs.
    static func bundled(_ files: [File], rules: File, folder: String) throws(SiteError) -> [File] {
        let path = folder + "/" + bundlesFile
        var table: [(name: String, parts: [String])] = []
        switch PlainJSON.parse(rules.bytes) {
        case .failure(let error): throw .output(path: path, message: "not valid JSON: \(error)")
        case .success(let object):
            guard let object = object as? [String: Any] else {
                throw .output(path: path, message: "expected an object of bundle names and lists of files")
            }
            for (name, parts) in object.sorted(by: { $0.key < $1.key }) {
                guard let parts = parts as? [String], !parts.isEmpty else {
                    throw .output(path: path, message: "\(name): expected a list of files under \(folder)")
                }
                table.append((name, parts))
            }
        }
        let bySource = Dictionary(files.map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
        var used = Set([bundlesFile])
        var result: [File] = []
        for (name, parts) in table {
            if bySource[name] != nil {
                throw .output(
                    path: path, message: "\(name) is a file under \(folder) already: name the bundle otherwise")
            }
            var bytes: [UInt8] = []
            for part in parts {
                guard let file = bySource[part] else {
                    throw .output(path: path, message: "\(name): no file \(folder)/\(part)")
                }
                guard used.insert(part).inserted else {
                    throw .output(path: path, message: "\(name): \(part) is in a bundle already")
                }
                bytes += file.bytes
                if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            }
            result.append(File(source: name, published: Self.publishedName(name, bytes: bytes), bytes: bytes))
        }
        result += files.filter { !used.contains($0.source) }
        return result.sorted { $0.source < $1.source }
    }

    init(files: [File], folder: String = "Resources/assets") throws(SiteError) {
        self.files = files
        var entries: [(keys: [String], published: String)] = []
        var owners: [[String]: String] = [:]
        var hasher = StableHasher()
        for file in files {
            let keys = Self.templateKeys(file.source)
            if let other = owners[keys] {
                throw .output(
                    path: folder + "/" + file.source,
                    message: "\(other) and \(file.source) would both be asset.\(keys.joined(separator: ".")) in "
                        + "templates: rename one")
            }
            owners[keys] = file.source
            entries.append((keys, file.published))
            hasher.combine(file.published)
        }
        // A file named like a folder (`js.css` beside `js/`) would hide the folder's files.
        for (keys, source) in owners where keys.count > 1 {
            if let other = owners[[keys[0]]] {
                throw .output(
                    path: folder + "/" + other,
                    message: "asset.\(keys[0]) is both \(other) and the folder of \(source) in templates: rename one")
            }
        }
        self.entries = entries
        namesDigest = hasher.finalize()
        nearby = (0...Self.nearbyDepths).map { depth in
            Self.value(of: entries, from: String(repeating: "../", count: depth))
        }
    }

    /// The `asset` maps of pages up to this many folders deep, made once per build rather than once per page.
    private static let nearbyDepths = 6
    private let nearby: [Value]

    /// The published address of the file `source` (`icons/icon-192.png`) from a page whose links to the root
    /// start with `root`; nil when there is no such file.
    func address(of source: String, from root: String) -> String? {
        files.first { $0.source == source }.map { root + "assets/" + $0.published }
    }

    /// `js/catalogue-list.js` with bytes hashing to 1a2b… → `js/catalogue-list.1a2b3c4d.js`.
    static func publishedName(_ source: String, bytes: [UInt8]) -> String {
        let hash = String(Digest(of: bytes).description.prefix(hashLength))
        let slash = source.lastIndex(of: "/").map { source.index(after: $0) } ?? source.startIndex
        guard let dot = source[slash...].lastIndex(of: "."), dot > slash else { return source + "." + hash }
        return String(source[..<dot]) + "." + hash + String(source[dot...])
    }

    /// Where a file is in the `asset` map: its folders, then its name up to the first dot with dashes as
    /// underscores, so every key is a plain template name: `js/catalogue-list.js` → `asset.js.catalogue_list`.
    static func templateKeys(_ source: String) -> [String] {
        var parts = source.split(separator: "/").map(String.init)
        let name = parts.removeLast()
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? name
        return parts + [stem.replacing("-", with: "_")]
    }

    /// The `asset` variable of a page whose links to the site's root start with `root` (`../../`, or the base
    /// URL's path on the 404 page): each file's published address from that page, nested by folder.
    func templateValue(from root: String) -> Value {
        if root.utf8.count % 3 == 0, root.utf8.count / 3 <= Self.nearbyDepths,
            root == String(repeating: "../", count: root.utf8.count / 3)
        {
            return nearby[root.utf8.count / 3]
        }
        return Self.value(of: entries, from: root)
    }

    private static func value(of entries: [(keys: [String], published: String)], from root: String) -> Value {
        var top = ValueMapBuilder()
        for entry in entries {
            top.insert(entry.keys, .text(root + "assets/" + entry.published))
        }
        return top.value
    }
}

/// Builds the nested maps of `SiteAssets.templateValue(from:)`.
private struct ValueMapBuilder {
    private var leaves: [String: Value] = [:]
    private var children: [String: ValueMapBuilder] = [:]

    mutating func insert(_ keys: [String], _ value: Value) {
        guard let first = keys.first else { return }
        if keys.count == 1 {
            leaves[first] = value
        } else {
            children[first, default: ValueMapBuilder()].insert(Array(keys.dropFirst()), value)
        }
    }

    var value: Value {
        var map = leaves
        for (key, child) in children { map[key] = child.value }
        return .map(ValueMap(map))
    }
}
