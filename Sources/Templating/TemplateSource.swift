import Foundation

/// Where a `TemplateLibrary` reads its templates from: a folder on disk, or a dictionary in memory.
///
/// Why a protocol (as leaf-kit's sources): the library only needs names and texts, so tests and tools can hand it
/// templates without writing a folder, and the compiler never touches the file system itself.
public protocol TemplateSource: Sendable {
    /// Every template, as (name, the name errors show, text), in name order. Names are paths relative to the
    /// source's root (`pages/motorcycle.html`); the content type comes from the name's extension.
    func templates() throws(TemplateError) -> [(name: String, displayName: String, text: String)]
}

/// Templates in memory, by name; errors name them by their template name.
public struct MemoryTemplateSource: TemplateSource {
    public let texts: [String: String]

    public init(_ texts: [String: String]) {
        self.texts = texts
    }

    public func templates() -> [(name: String, displayName: String, text: String)] {
        texts.keys.sorted().map { ($0, $0, texts[$0]!) }
    }
}

/// Every file under a folder, recursively, skipping hidden files and folders and Markdown documents (the folder's
/// README describes the templates beside them); errors name files as `folder/name`, the path a user opens.
public struct DirectoryTemplateSource: TemplateSource {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public func templates() throws(TemplateError) -> [(name: String, displayName: String, text: String)] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateError(
                file: directory, line: 0, column: 0, message: "template directory not found", sourceLine: "")
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        // Enumerate the resolved folder: FileManager does not descend into a root that is a symbolic link.
        let resolved = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        let names = (manager.enumerator(atPath: resolved)?.allObjects as? [String] ?? []).sorted()
        var found: [(name: String, displayName: String, text: String)] = []
        for name in names
        where !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) && !name.hasSuffix(".md") {
            let path = prefix + name
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            guard let data = manager.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw TemplateError(
                    file: path, line: 0, column: 0, message: "cannot read the file as UTF-8 text", sourceLine: "")
            }
            found.append((name, path, text))
        }
        return found
    }
}
