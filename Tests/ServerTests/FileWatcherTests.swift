import Foundation
import OperatingSystem
import Testing

@testable import Server

/// Every case runs with inotify and with the polling scan that macOS and portable builds use.
@Suite struct FileWatcherTests {
    private func makeFolder() throws -> String {
        let folder = "/tmp/guzzi-watch-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(
            atPath: folder + "/Templates/partials", withIntermediateDirectories: true)
        try TestSite.write(folder + "/Templates/page.html", "v1")
        try TestSite.write(folder + "/Data/motorcycles.json", "[]")
        return folder
    }

    @Test func thisBuildWatchesTheWayItsSystemDoes() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileWatcher(paths: [folder]).usesPolling == (SystemPaths.current != .linux))
        #expect(FileWatcher(paths: [folder], polling: true).usesPolling)
    }

    @Test(arguments: [false, true]) func reportsChangedFileInWatchedFolder(polling: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watcher = FileWatcher(paths: [folder + "/Templates"], polling: polling)
        #expect(watcher.waitForChanges(timeoutMilliseconds: 100) == [])
        try TestSite.write(folder + "/Templates/partials/head.html", "x")
        try TestSite.write(folder + "/Templates/page.html", "v2")
        let changes = watcher.waitForChanges(quietMilliseconds: 100, timeoutMilliseconds: 3_000)
        #expect(changes.contains(folder + "/Templates/page.html"))
        #expect(changes.contains(folder + "/Templates/partials/head.html"))
    }

    @Test(arguments: [false, true]) func followsNewSubfolders(polling: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watcher = FileWatcher(paths: [folder + "/Templates/"], polling: polling)
        try FileManager.default.createDirectory(
            atPath: folder + "/Templates/new/deeper", withIntermediateDirectories: true)
        try TestSite.write(folder + "/Templates/new/deeper/a.html", "a")
        let first = watcher.waitForChanges(timeoutMilliseconds: 3_000)
        #expect(first.contains(folder + "/Templates/new"))
        // Now watched: a later write deep inside is seen on its own.
        try TestSite.write(folder + "/Templates/new/deeper/b.html", "b")
        #expect(watcher.waitForChanges(timeoutMilliseconds: 3_000).contains(folder + "/Templates/new/deeper/b.html"))
    }

    @Test(arguments: [false, true]) func singleFileReplacedByRenameIsReported(polling: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dataset = folder + "/Data/motorcycles.json"
        let watcher = FileWatcher(paths: [dataset], polling: polling)
        // A sibling changing is not the watched file.
        try TestSite.write(folder + "/Data/other.json", "{}")
        #expect(watcher.waitForChanges(timeoutMilliseconds: 300) == [])
        // Editors save as temp file + rename over the original (the inode changes).
        try TestSite.write(folder + "/Data/.motorcycles.json.swp", "[1]")
        #expect(rename(folder + "/Data/.motorcycles.json.swp", dataset) == 0)
        #expect(watcher.waitForChanges(timeoutMilliseconds: 3_000) == [dataset])
        // And the watch survives the replacement: a second save is seen too.
        try TestSite.write(folder + "/Data/tmp.json", "[2]")
        #expect(rename(folder + "/Data/tmp.json", dataset) == 0)
        #expect(watcher.waitForChanges(timeoutMilliseconds: 3_000) == [dataset])
        try TestSite.write(dataset, "[3]")
        #expect(watcher.waitForChanges(timeoutMilliseconds: 3_000) == [dataset])
    }

    @Test(arguments: [false, true]) func debounceCollapsesABurst(polling: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watcher = FileWatcher(paths: [folder + "/Templates", folder + "/Data/motorcycles.json"], polling: polling)
        for index in 0..<20 {
            try TestSite.write(folder + "/Templates/t\(index).html", "x")
            usleep(5_000)
        }
        try TestSite.write(folder + "/Data/motorcycles.json", "[9]")
        let changes = watcher.waitForChanges(quietMilliseconds: 150, timeoutMilliseconds: 3_000)
        #expect(changes.count == 21)
        #expect(watcher.waitForChanges(timeoutMilliseconds: 200) == [])
    }

    @Test(arguments: [false, true]) func timeoutReturnsEmpty(polling: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watcher = FileWatcher(paths: [folder], polling: polling)
        let start = Date()
        #expect(watcher.waitForChanges(timeoutMilliseconds: 200).isEmpty)
        #expect(Date().timeIntervalSince(start) < 5)
    }
}

@Suite struct SignalTests {
    @Test func terminationHandlerRunsOnSignal() throws {
        let received = DispatchSemaphore(value: 0)
        let observer = onTermination { signal in
            if signal == SIGTERM { received.signal() }
        }
        // Dispatch registers the source asynchronously; a signal sent before that is simply ignored (SIG_IGN).
        usleep(200_000)
        kill(getpid(), SIGTERM)
        #expect(received.wait(timeout: .now() + 3) == .success)
        withExtendedLifetime(observer) {}
    }
}
