import Foundation
import TestSupport
import Testing

@testable import PhotoSidecar

/// The sidecar file: deterministic bytes, atomic writes, and a strict reader whose errors name a line and
/// column.
@Suite struct SidecarFileTests {
    static func folder() -> String {
        ScratchFolders.make("guzzi-sidecar")
    }

    static let found = FoundPhoto(
        server: "65535", secret: "0a1b2c3d4e", size: .large1024, width: 1024, height: 683,
        author: "Ann \"Tester\" <b>\u{2028}</b> Łódź", authorURL: "https://www.flickr.com/photos/a@N00/",
        pageURL: "https://www.flickr.com/photos/a/10/", license: "Attribution License",
        licenseURL: "https://creativecommons.org/licenses/by/2.0/", licenseID: 4)

    static let sample = PhotoSidecar(records: [
        10: .found(found),
        9: .gone(reason: "not found", checked: "2026-11-24"),
        100: .found(
            FoundPhoto(
                server: "1", secret: "ff", size: .medium800, width: 533, height: 800, author: "B",
                authorURL: "http://example.org/", pageURL: "https://www.flickr.com/photos/b/100/",
                license: "All Rights Reserved", licenseID: 0)),
    ])

    @Test func pathBesideTheDataset() {
        #expect(
            PhotoSidecar.path(forDataset: "../shared/data/info_moto.json") == "../shared/data/info_moto.photos.json")
        #expect(PhotoSidecar.path(forDataset: "data/catalogue") == "data/catalogue.photos.json")
    }

    @Test func encodingIsDeterministicOnePhotoPerLineInIdOrder() throws {
        var reversed = PhotoSidecar()
        for id in Self.sample.records.keys.sorted(by: >) { reversed.records[id] = Self.sample.records[id] }
        let bytes = Self.sample.encoded()
        #expect(bytes == reversed.encoded())
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines[3].hasPrefix("    \"9\": {\"status\": \"gone\", \"reason\": \"not found\""))
        #expect(lines[4].hasPrefix("    \"10\": {\"status\": \"ok\", \"server\": \"65535\""))
        #expect(lines[5].hasPrefix("    \"100\": "))
        #expect(text.contains(#""author": "Ann \"Tester\" <b>\u2028</b> Łódź""#))
        #expect(!text.contains("license_url\": \"https://creativecommons.org/licenses/by/2.0/\", \"license_id\": 0"))
        #expect(PhotoSidecar().encoded() == Array("{\n  \"format\": 1,\n  \"photos\": {}\n}\n".utf8))
    }

    @Test func roundTripThroughTheFile() throws {
        let path = Self.folder() + "/info_moto.photos.json"
        try Self.sample.write(to: path)
        #expect(try PhotoSidecar.read(contentsOf: path) == Self.sample)
        try Self.sample.write(to: path)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers == ["info_moto.photos.json"])
        #expect(try PhotoSidecar.read(contentsOf: path + ".missing") == nil)
    }

    @Test func writingIntoAMissingFolderIsAnErrorAndLeavesNothing() {
        let folder = Self.folder()
        #expect(throws: SidecarError.self) { try Self.sample.write(to: folder + "/no/such/x.photos.json") }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder)) == [])
    }

    /// `(text, words of the message)`: each must fail exactly where `§` stands (which is removed first).
    static let broken: [(String, String)] = [
        ("{\"format\": 1, \"photos\": {}§", "expected"),
        ("§[]", "expected an object"),
        ("{\"format\": §2, \"photos\": {}}", "unsupported format"),
        ("§{\"format\": 1}", "missing key \"photos\""),
        ("{\"format\": 1, \"photos\": {}, \"extra\": §1}", "unknown key \"extra\""),
        ("{\"format\": 1, \"photos\": {\"12a\": §{}}}", "not a Flickr photo id"),
        ("{\"format\": 1, \"photos\": {\"1\": {\"status\": \"ok\"}, §\"1\": {}}}", "appears twice"),
        ("{\"format\": 1,\n \"photos\": {\n  \"5\": {\"status\": §\"lost\"}}}", "\"status\" must be"),
        (
            "{\"format\": 1, \"photos\": {\n\"5\": {\"status\": \"ok\", \"server\": \"1\", \"secret\": \"ab\", \"size\": 1024, "
                + "\"width\": 10, \"height\": 10, \"author\": \"Łódź\", \"author_url\": §\"javascript:alert(1)\", "
                + "\"page\": \"https://f/\"}}}", "\"author_url\" must be an http(s) URL"
        ),
        (
            "{\"format\": 1, \"photos\": {\n\"5\": {\"status\": \"ok\", \"server\": §\"../x\", \"secret\": \"ab\"}}}",
            "\"server\" must be digits"
        ),
        (
            "{\"format\": 1, \"photos\": {\n\"5\": {\"status\": \"ok\", \"server\": \"1\", \"secret\": §\"a/b\"}}}",
            "\"secret\" must be letters and digits"
        ),
        (
            "{\"format\": 1, \"photos\": {\"5\": {\"status\": \"ok\", \"server\": \"1\", \"secret\": \"ab\", \"size\": §1600}}}",
            "\"size\" must be one of"
        ),
        (
            "{\"format\": 1, \"photos\": {\"5\": {\"status\": \"ok\", \"server\": \"1\", \"secret\": \"ab\", \"size\": 640, "
                + "\"width\": §1.5}}}", "\"width\" must be a whole number"
        ),
        (
            "{\"format\": 1, \"photos\": {\"5\": {\"status\": \"ok\", \"server\": \"1\", \"secret\": \"ab\", \"size\": 640, "
                + "\"width\": 1, \"height\": 1, \"author\": §\"a\\nb\"}}}", "control characters"
        ),
        ("{\"format\": 1, \"photos\": {\"5\": §{\"status\": \"gone\", \"reason\": \"x\"}}}", "missing key \"checked\""),
    ]

    /// The 1-based line and column (in characters) of `§` in `text`.
    static func marker(_ text: String) -> (line: Int, column: Int) {
        let before = text[..<text.firstIndex(of: "§")!]
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, lines.last!.count + 1)
    }

    @Test func malformedFilesNameTheLineAndColumn() {
        for (marked, words) in Self.broken {
            let (line, column) = Self.marker(marked)
            let text = marked.replacingOccurrences(of: "§", with: "")
            do {
                _ = try PhotoSidecar.decode(Array(text.utf8), path: "x.photos.json")
                Issue.record("accepted: \(text)")
            } catch {
                guard case .invalid(let path, let foundLine, let foundColumn, let message) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(path == "x.photos.json")
                #expect((foundLine, foundColumn) == (line, column), "\(message) in \(text)")
                #expect(message.contains(words), "\(message)")
                #expect(error.description.hasPrefix("x.photos.json:\(foundLine):\(foundColumn): error: "))
            }
        }
    }
}
