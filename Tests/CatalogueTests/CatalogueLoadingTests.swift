import Foundation
import Testing

@testable import Catalogue

@Suite struct CatalogueLoadingTests {
    @Test func loadsAValidFileAndReturnsItsWarnings() throws {
        let (catalogue, warnings) = try Catalogue.load(contentsOf: Fixture.path("minimal.json"))
        #expect(catalogue.motorcycles.map(\.general.name) == ["Normale"])
        #expect(warnings.map(\.path) == [#"texts["1"].notes.en"#])
    }

    @Test func invalidFileThrowsWithAllProblems() {
        let path = Fixture.path("missing-comma.json")
        #expect {
            try Catalogue.load(contentsOf: path)
        } throws: { error in
            guard case CatalogueError.invalid(let errorPath, let problems) = error else { return false }
            return errorPath == path && problems.count == 1 && problems[0].line == 4
        }
    }

    @Test func missingFileIsUnreadable() {
        do {
            _ = try CatalogueDecoder.decode(contentsOf: "/nonexistent/info_moto.json")
            Issue.record("expected an error")
        } catch {
            guard case .unreadable(let path, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == "/nonexistent/info_moto.json")
            #expect(reason == "No such file or directory")
        }
    }

    @Test func directoryIsUnreadable() {
        #expect(throws: CatalogueError.self) { try Catalogue.load(contentsOf: Fixture.directory.path) }
    }

    @Test func readsFilesLargerThanOneChunk() throws {
        let ids = Array(1...60)
        let text = Fixture.document(ids: ids)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(text.utf8.count > 65_536)
        let result = try CatalogueDecoder.decode(contentsOf: url.path)
        #expect(result.problems.isEmpty)
        #expect(result.catalogue?.motorcycles.count == 60)
    }
}
