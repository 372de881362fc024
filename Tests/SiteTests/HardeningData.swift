import Catalogue
import Foundation
import TestSupport
import Testing

@testable import Site

/// Datasets as plain dictionaries, to break or bend in tests, and the helpers to build and inspect a site.
enum HardeningData {
    /// The sample dataset shipped with the repository: the same schema and texts as the real one, 13 bikes.
    static func sample() throws -> [String: Any] {
        let path = SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func write(_ dataset: [String: Any], to path: String) throws {
        try JSONSerialization.data(withJSONObject: dataset, options: [.sortedKeys]).write(
            to: URL(fileURLWithPath: path))
    }

    static func elements(_ dataset: [String: Any]) -> [[String: Any]] {
        dataset["elements"] as? [[String: Any]] ?? []
    }

    static func texts(_ dataset: [String: Any]) -> [String: Any] {
        dataset["texts"] as? [String: Any] ?? [:]
    }

    /// Every path to a leaf (or an empty container) of `value`.
    static func leafPaths(_ value: Any, prefix: [Any] = []) -> [[Any]] {
        if let object = value as? [String: Any], !object.isEmpty {
            return object.keys.sorted().flatMap { leafPaths(object[$0]!, prefix: prefix + [$0]) }
        }
        if let array = value as? [Any], !array.isEmpty {
            return array.indices.flatMap { leafPaths(array[$0], prefix: prefix + [$0]) }
        }
        return [prefix]
    }

    /// `value` with the thing at `path` replaced by `replacement` (`nil` removes it).
    static func replacing(_ path: ArraySlice<Any>, in value: Any, with replacement: Any?) -> Any? {
        guard let head = path.first else { return replacement }
        if var object = value as? [String: Any], let key = head as? String {
            object[key] = replacing(path.dropFirst(), in: object[key] as Any, with: replacement)
            return object
        }
        if var array = value as? [Any], let index = head as? Int, array.indices.contains(index) {
            if let new = replacing(path.dropFirst(), in: array[index], with: replacement) {
                array[index] = new
            } else {
                array.remove(at: index)
            }
            return array
        }
        return value
    }

    static func value(at path: [Any], in value: Any) -> Any? {
        var current: Any? = value
        for component in path {
            if let key = component as? String { current = (current as? [String: Any])?[key] }
            if let index = component as? Int {
                current = (current as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }
            }
        }
        return current
    }

    /// Every file under `folder` with its bytes.
    static func snapshot(_ folder: String) -> [String: Data] {
        folderSnapshot(folder)
    }

    /// Staging folders (`.<name>.tmp-<pid>`) left beside `output`.
    static func stagingFolders(beside output: String) -> [String] {
        let parent = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        return ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).filter {
            $0.hasPrefix("." + name + ".tmp-")
        }
    }

    /// The wall-clock bound of a build of hostile input: it catches a hang or a quadratic walk (minutes), not a
    /// slow run, which the benchmark measures. The test command runs these beside two browsers and a second
    /// compile on two cores, where a build that takes 5 s alone took 33.
    static let hangSeconds = 120.0

    static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
