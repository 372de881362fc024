import Foundation

/// Where the repository and the shared real dataset are, found from this file's path so tests run from any
/// folder.
public enum RepositoryPaths {
    /// The folder holding `Package.swift`.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `../shared/data/info_moto.json` beside the repository, when it is there (it always is in CI).
    public static var realDataset: String? {
        let path = (root as NSString).deletingLastPathComponent + "/shared/data/info_moto.json"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
