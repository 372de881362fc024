import Foundation
import Glibc
import Testing

@testable import Site

/// `serve` writes each build over the files of the build before last; what is left must be exactly the new bytes.
@Suite struct OverwriteFileTests {
    private static func modificationTime(_ path: String) -> Int {
        var status = stat()
        #expect(stat(path, &status) == 0)
        return status.st_mtim.tv_sec
    }

    /// Sets a file's modification time an hour back, so a later write shows as a change of time.
    private static func age(_ path: String) -> Int {
        let old = Int(Date().timeIntervalSince1970) - 3600
        var times = [timeval(tv_sec: old, tv_usec: 0), timeval(tv_sec: old, tv_usec: 0)]
        #expect(utimes(path, &times) == 0)
        return old
    }

    @Test func shorterLongerAndNewContentsReplaceTheFileExactly() throws {
        let path = SiteFixtures.temporaryFolder() + "/page.html"
        #expect(OutputWriter.overwriteFile(path, Array("a new file".utf8)) == 0)
        #expect(SiteFixtures.read(path) == "a new file")
        #expect(OutputWriter.overwriteFile(path, Array("short".utf8)) == 0)
        #expect(SiteFixtures.read(path) == "short")
        #expect(OutputWriter.overwriteFile(path, Array("a much longer text than before".utf8)) == 0)
        #expect(SiteFixtures.read(path) == "a much longer text than before")
        #expect(OutputWriter.overwriteFile(path, Array("same length, other bytes!!!!!!".utf8)) == 0)
        #expect(SiteFixtures.read(path) == "same length, other bytes!!!!!!")
        #expect(OutputWriter.overwriteFile(path, []) == 0)
        #expect(SiteFixtures.read(path) == "")
    }

    @Test func aFileThatAlreadyHoldsTheBytesIsLeftAlone() throws {
        let path = SiteFixtures.temporaryFolder() + "/page.html"
        #expect(OutputWriter.overwriteFile(path, Array("unchanged".utf8)) == 0)
        let old = Self.age(path)
        #expect(OutputWriter.overwriteFile(path, Array("unchanged".utf8)) == 0)
        #expect(Self.modificationTime(path) == old)
        #expect(OutputWriter.overwriteFile(path, Array("unchangeD".utf8)) == 0)
        #expect(Self.modificationTime(path) > old)
        #expect(SiteFixtures.read(path) == "unchangeD")
    }

    @Test func anUnwritableFileGivesItsErrorNumber() {
        #expect(OutputWriter.overwriteFile("/nonexistent-folder/page.html", Array("x".utf8)) == ENOENT)
    }
}
