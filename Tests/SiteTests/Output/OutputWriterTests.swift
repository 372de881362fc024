import Dispatch
import Foundation
import OperatingSystem
import Synchronization
import Testing

@testable import Site

/// Folders are made by the thread that writes into them, on the first write that needs them.
@Suite struct FolderCreationTests {
    /// The writer a build opens on a folder that does not exist yet: a clean one.
    static func writer(_ output: String) throws -> OutputWriter {
        try #require(
            try SiteBuilder.openOutput(SiteFixtures.buildOptions(output: output), waiting: { _ in }) as? OutputWriter)
    }

    @Test func aPageInAFolderNotYetMadeIsWrittenWithItsParents() throws {
        let output = SiteFixtures.temporaryFolder() + "/site"
        let writer = try Self.writer(output)
        // The child's folder before its parent's page: every missing level is made on the way.
        try writer.write("it/moto/v7/galleria/index.html", Array("gallery".utf8))
        try writer.write("it/moto/v7/index.html", Array("bike".utf8))
        try writer.write("404.html", Array("not found".utf8))
        try writer.publish()
        #expect(SiteFixtures.read(output + "/it/moto/v7/galleria/index.html") == "gallery")
        #expect(SiteFixtures.read(output + "/it/moto/v7/index.html") == "bike")
        #expect(SiteFixtures.read(output + "/404.html") == "not found")
    }

    @Test func threadsMakingTheSameFoldersAtOnceAllSucceed() throws {
        let output = SiteFixtures.temporaryFolder() + "/site"
        let writer = try Self.writer(output)
        let failures = Mutex<[String]>([])
        // Sixteen workers over 400 pages that share their upper folders, as the renderer's workers do.
        DispatchQueue.concurrentPerform(iterations: 16) { worker in
            for page in stride(from: worker, to: 400, by: 16) {
                let path = "en/bikes/\(page % 7)/\(page)/" + (page % 2 == 0 ? "gallery/index.html" : "index.html")
                do { try writer.write(path, Array(path.utf8)) } catch { failures.withLock { $0.append("\(error)") } }
            }
        }
        #expect(failures.withLock { $0.first } == nil)
        for page in 0..<400 {
            let path = "en/bikes/\(page % 7)/\(page)/" + (page % 2 == 0 ? "gallery/index.html" : "index.html")
            #expect(SiteFixtures.read(writer.staging + "/" + path) == path)
        }
        writer.discard()
    }

    @Test func aFolderThatCannotBeMadeIsAnErrorNamingIt() throws {
        let output = SiteFixtures.temporaryFolder() + "/site"
        let writer = try Self.writer(output)
        // With the staging folder gone, making "a" fails, and the error names the first folder it could not make.
        #expect(rmdir(writer.staging) == 0)
        #expect {
            try writer.write("a/b/c.html", Array("page".utf8))
        } throws: { error in
            "\(error)".contains(writer.staging + "/a:") && "\(error)".contains("No such file or directory")
        }
    }

    @Test func aFileWhereAFolderMustGoIsAnErrorNamingThePath() throws {
        let output = SiteFixtures.temporaryFolder() + "/site"
        let writer = try Self.writer(output)
        try writer.write("moto", Array("a file".utf8))
        #expect {
            try writer.write("moto/v7/index.html", Array("bike".utf8))
        } throws: { error in
            "\(error)".contains(writer.staging + "/moto")
        }
        writer.discard()
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
