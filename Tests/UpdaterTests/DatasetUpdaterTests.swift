import Foundation
import TestSupport
import Testing

@testable import Updater

/// The update rules without a network: only a newer, valid dataset replaces the file, atomically, with a backup.
@Suite struct DatasetUpdaterTests {
    static let repositoryRoot = RepositoryPaths.root

    /// The bundled sample when it is there, else the small fixture; either way with `version` set to `version`.
    static func dataset(version: Int) throws -> [UInt8] {
        let sample = repositoryRoot + "/Resources/sample/info_moto.json"
        let fixture = repositoryRoot + "/Tests/Fixtures/catalogue/minimal.json"
        let path = FileManager.default.fileExists(atPath: sample) ? sample : fixture
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let range = text.range(of: #""version"\s*:\s*\d+"#, options: .regularExpression) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return Array(text.replacingCharacters(in: range, with: "\"version\": \(version)").utf8)
    }

    static func folder() -> String {
        ScratchFolders.make("guzzi-updater")
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    @Test func newerValidReplacesAndKeepsBackup() throws {
        let path = Self.folder() + "/info_moto.json"
        let old = try Self.dataset(version: 24), new = try Self.dataset(version: 25)
        try Data(old).write(to: URL(fileURLWithPath: path))
        let outcome = try DatasetUpdater.apply(new, from: "test", to: path)
        #expect(outcome == .updated(path: path, previous: .version(24), version: 25, warnings: outcome.warnings))
        #expect(outcome.exitCode == 0)
        #expect(outcome.description == "updated \(path): version 24 → 25")
        #expect(Self.bytes(path) == new)
        #expect(Self.bytes(path + ".bak") == old)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers.sorted() == ["info_moto.json", "info_moto.json.bak"])
    }

    @Test func equalOrOlderIsUpToDate() throws {
        let path = Self.folder() + "/info_moto.json"
        let current = try Self.dataset(version: 25)
        try Data(current).write(to: URL(fileURLWithPath: path))
        for version in [25, 24] {
            let outcome = try DatasetUpdater.apply(try Self.dataset(version: version), from: "test", to: path)
            #expect(outcome == .upToDate(path: path, local: 25, source: version))
            #expect(outcome.exitCode == 3)
        }
        let text = UpdateOutcome.upToDate(path: path, local: 25, source: 24).description
        #expect(text == "\(path) is up to date (version 25; source has 24)")
        #expect(Self.bytes(path) == current)
        #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
    }

    @Test func invalidDataIsRejectedWithItsProblems() throws {
        let path = Self.folder() + "/info_moto.json"
        let current = try Self.dataset(version: 1)
        try Data(current).write(to: URL(fileURLWithPath: path))
        let malformed = Array("{\"version\": 99, \"elements\": [}".utf8)
        #expect {
            try DatasetUpdater.apply(malformed, from: "src", to: path)
        } throws: { error in
            guard let error = error as? UpdateError, case .invalidData(_, let problems) = error else { return false }
            return error.exitCode == 5 && problems.first?.line == 1 && error.description.contains("line 1, column")
        }
        let wrongSchema = Array(
            String(decoding: try Self.dataset(version: 99), as: UTF8.self)
                .replacingOccurrences(of: "\"bore\": 88", with: "\"bore\": \"88\"").utf8)
        #expect {
            try DatasetUpdater.apply(wrongSchema, from: "src", to: path)
        } throws: { error in
            guard let error = error as? UpdateError, case .invalidData(_, let problems) = error else { return false }
            return problems.contains { $0.path.hasSuffix("engine.bore") }
        }
        #expect(Self.bytes(path) == current)
        #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
    }

    @Test func missingOrInvalidLocalFileCountsAsVersionZero() throws {
        let folder = Self.folder()
        let missing = folder + "/new.json"
        let outcome = try DatasetUpdater.apply(try Self.dataset(version: 3), from: "test", to: missing)
        #expect(outcome == .updated(path: missing, previous: .missing, version: 3, warnings: outcome.warnings))
        #expect(!FileManager.default.fileExists(atPath: missing + ".bak"))

        let broken = folder + "/broken.json"
        try Data("{".utf8).write(to: URL(fileURLWithPath: broken))
        #expect(try DatasetUpdater.localState(broken) == .invalid(version: nil))
        let replaced = try DatasetUpdater.apply(try Self.dataset(version: 1), from: "test", to: broken)
        #expect(
            replaced
                == .updated(path: broken, previous: .invalid(version: nil), version: 1, warnings: replaced.warnings))
        #expect(Self.bytes(broken + ".bak") == Array("{".utf8))
    }

    /// A local file being edited (a newer version with one error) is not replaced by an older valid dataset.
    @Test func anInvalidLocalFileKeepsItsVersion() throws {
        let folder = Self.folder()
        let edited = folder + "/edited.json"
        let text = String(decoding: try Self.dataset(version: 26), as: UTF8.self)
            .replacingOccurrences(of: "\"stroke_cycle\": 4", with: "\"stroke_cycle\": 3")
        #expect(text.contains("\"stroke_cycle\": 3"))
        try text.write(toFile: edited, atomically: false, encoding: .utf8)
        #expect(try DatasetUpdater.localState(edited) == .invalid(version: 26))
        let outcome = try DatasetUpdater.apply(try Self.dataset(version: 25), from: "test", to: edited)
        #expect(outcome == .upToDate(path: edited, local: 26, source: 25))
        #expect(try String(contentsOfFile: edited, encoding: .utf8) == text)
    }

    @Test func unwritableFolderIsALocalError() throws {
        let path = Self.folder() + "/no/such/folder/info_moto.json"
        #expect {
            try DatasetUpdater.apply(try Self.dataset(version: 2), from: "test", to: path)
        } throws: { error in
            (error as? UpdateError)?.exitCode == 1
        }
    }

    @Test func fetchReadsPathsAndFileURLsAndReportsUnreachableSources() throws {
        let path = Self.folder() + "/source.json"
        let bytes = try Self.dataset(version: 7)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try DatasetFetcher.fetch(path) == bytes)
        #expect(try DatasetFetcher.fetch(URL(fileURLWithPath: path).absoluteString) == bytes)
        for source in [path + ".missing", "http://127.0.0.1:1/info_moto.json", "gopher://example.org/x"] {
            #expect {
                try DatasetFetcher.fetch(source, timeoutSeconds: 2)
            } throws: { error in
                guard let error = error as? UpdateError, case .unreachable = error else { return false }
                return error.exitCode == 4
            }
        }
    }
}
