import Foundation
import OperatingSystem
import TestSupport
import Testing

@testable import Site

/// Faults inside one long-running process, as in `guzzi-site serve`, which rebuilds in the same process.
@Suite struct SiteFaultTests {
    /// Makes `path` undeletable. Root ignores permission bits, so as root the file is made immutable
    /// (`chattr +i`: ext4, xfs, btrfs); otherwise its folder is made read-only. False when neither works.
    static func protect(_ path: String) -> Bool {
        if geteuid() != 0 { return chmod((path as NSString).deletingLastPathComponent, 0o555) == 0 }
        return shell("chattr +i '\(path)' 2>/dev/null") == 0
    }

    /// Whether files can be made undeletable here (not on tmpfs or overlay file systems, for root).
    static let canProtect: Bool = {
        let folder = SiteFixtures.temporaryFolder()
        let probe = folder + "/probe"
        _ = FileManager.default.createFile(atPath: probe, contents: Data("x".utf8))
        defer { unprotect(probe) }
        return protect(probe)
    }()

    static func unprotect(_ path: String) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        if geteuid() != 0 {
            chmod((path as NSString).deletingLastPathComponent, 0o755)
        } else {
            shell("chattr -i '\(path)' 2>/dev/null")
        }
    }

    @discardableResult
    static func shell(_ command: String) -> Int32 { TestSupport.shell(command) }

    /// A rename that fails half-way through the rename phase (here: into a folder that cannot be written, after
    /// the renames into the folders before it succeeded) is undone step by step: the previous files come back
    /// with their own inodes and times, the stale ones and the emptied folders too, and nothing is left over.
    @Test(.enabled(if: canProtect, "files cannot be made undeletable on this file system"))
    func aRenamePhaseThatFailsHalfWayIsUndone() throws {
        var workspace = try Workspace()
        let out = workspace.folder + "/site"
        _ = try SiteBuilder.build(workspace.options(output: out))
        let files = folderSnapshot(out)
        let statuses = OutputState.statuses(out)
        let folders = OutputState.folders(out)
        // Every page changes, one bike's pages go (stale files, emptied folders), and `it/` comes late in the
        // renames, which go in path order.
        workspace.baseURL = "https://moved.example.org/"
        workspace.elements.removeFirst()
        try workspace.save()
        let locked = out + "/it"
        try #require(Self.protectFolder(locked))
        defer { Self.unprotectFolder(locked) }
        #expect(throws: SiteError.self) { _ = try SiteBuilder.build(workspace.options(output: out)) }
        #expect(folderSnapshot(out) == files)
        #expect(OutputState.statuses(out) == statuses, "the same files, not copies")
        #expect(OutputState.folders(out) == folders)
        #expect(OutputState.leftovers(beside: out).isEmpty)
        Self.unprotectFolder(locked)
        let report = try SiteBuilder.build(workspace.options(output: out))
        #expect(report.changes != nil)
        _ = try SiteBuilder.build(workspace.options(output: workspace.folder + "/clean", clean: true))
        #expect(OutputState.site(out) == OutputState.site(workspace.folder + "/clean"))
    }

    /// Makes entries in `folder` impossible to add, remove or rename: `chattr +i` as root, mode 0555 otherwise.
    static func protectFolder(_ folder: String) -> Bool {
        if geteuid() != 0 { return chmod(folder, 0o555) == 0 }
        return shell("chattr +i '\(folder)' 2>/dev/null") == 0
    }

    static func unprotectFolder(_ folder: String) {
        if geteuid() != 0 { chmod(folder, 0o755) } else { shell("chattr -i '\(folder)' 2>/dev/null") }
    }

    /// A previous output that cannot be fully deleted leaves this process's staging folder behind after the
    /// swap; the next build in the same process must not then fail for good with "File exists".
    @Test(.enabled(if: canProtect, "files cannot be made undeletable on this file system"))
    func aLeftoverStagingFolderOfThisProcessDoesNotBlockTheNextBuild() throws {
        let folder = SiteFixtures.temporaryFolder()
        let out = folder + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let leftover = folder + "/.site.tmp-\(getpid())"
        let stuck = "/en/index.html"
        try #require(Self.protect(out + stuck))
        defer { for root in [out, leftover] { Self.unprotect(root + stuck) } }  // wherever it is by then
        var clean = SiteFixtures.buildOptions(output: out)
        clean.clean = true
        _ = try SiteBuilder.build(clean)  // swapped out, the old output stays in the staging folder
        #expect(FileManager.default.fileExists(atPath: leftover + stuck))
        Self.unprotect(leftover + stuck)
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(FileManager.default.fileExists(atPath: out + "/en/index.html"))
    }
}
