import Catalogue
import Foundation
import TestSupport
import Testing

@testable import Site
@testable import Templating

/// A site's inputs copied into a temporary folder, where a test can edit them: the dataset (as a dictionary),
/// the templates, the tables and assets, the base URL.
struct Workspace {
    let folder: String
    var dataset: [String: Any]
    var baseURL: String?

    var data: String { folder + "/data.json" }
    var templates: String { folder + "/Templates" }
    var resources: String { folder + "/Resources" }

    init() throws {
        folder = SiteFixtures.temporaryFolder()
        let root = SiteFixtures.repositoryRoot
        for name in ["Templates", "Resources"] {
            let source = URL(fileURLWithPath: root + "/" + name).resolvingSymlinksInPath().path
            try FileManager.default.copyItem(atPath: source, toPath: folder + "/" + name)
        }
        dataset = try HardeningData.sample()
        try save()
    }

    func save() throws { try HardeningData.write(dataset, to: data) }

    func options(output: String, clean: Bool = false) -> BuildOptions {
        var options = BuildOptions(
            dataPath: data, outputPath: output, templatesPath: templates, resourcesPath: resources, baseURL: baseURL)
        options.clean = clean
        return options
    }

    /// Replaces `old` with `new` in a text file of the workspace.
    func edit(_ relativePath: String, replacing old: String, with new: String) throws {
        let path = folder + "/" + relativePath
        let text = SiteFixtures.read(path)
        #expect(text.contains(old), "\(relativePath) has no '\(old)'")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: false, encoding: .utf8)
    }

    var elements: [[String: Any]] {
        get { HardeningData.elements(dataset) }
        set { dataset["elements"] = newValue }
    }

    var texts: [String: Any] {
        get { HardeningData.texts(dataset) }
        set { dataset["texts"] = newValue }
    }
}

/// What an output folder holds, for comparing two of them.
enum OutputState {
    /// Every file but the marker, whose manifest records inodes and times and so differs between two folders.
    static func site(_ folder: String) -> [String: Data] {
        folderSnapshot(folder).filter { $0.key != ".guzzi-site" }
    }

    static func statuses(_ folder: String) -> [String: FileStatus] {
        var statuses: [String: FileStatus] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            if let status = FileStatus.of(folder + "/" + path) { statuses[path] = status }
        }
        return statuses
    }

    static func folders(_ folder: String) -> Set<String> {
        Set(
            (FileManager.default.subpaths(atPath: folder) ?? []).filter {
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            })
    }

    static func leftovers(beside output: String) -> [String] {
        let parent = (output as NSString).deletingLastPathComponent
        return ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).filter { $0.contains(".tmp-") }
    }
}
