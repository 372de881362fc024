import Foundation
import OperatingSystem
import TestSupport
import Testing

/// The seam's calls do what their callers rely on, on the paths this build takes (`SystemPaths.current`): run
/// under `-DGUZZI_PORTABLE`, the same tests prove the paths macOS and other systems take.
@Suite struct OperatingSystemTests {
    private func folder() throws -> String {
        let path = ScratchFolders.make("os")
        try FileManager.default.createDirectory(atPath: path + "/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path + "/b", withIntermediateDirectories: true)
        try Data("in a".utf8).write(to: URL(fileURLWithPath: path + "/a/file"))
        try Data("in b".utf8).write(to: URL(fileURLWithPath: path + "/b/file"))
        return path
    }

    private func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The test command's portable run (`GUZZI_PORTABLE=1 swift test`, Tests/run-all.sh) is on the portable paths:
    /// the flag reached this module (Package.swift's `seam` settings), so the suites run with it prove those paths.
    @Test func aPortableRunTakesThePortablePaths() {
        if ProcessInfo.processInfo.environment["GUZZI_PORTABLE"] == "1" {
            #expect(SystemPaths.current == .portable)
        }
    }

    @Test func exchangeSwapsTwoFoldersOrSaysItCannot() throws {
        let root = try folder()
        let code = AtomicRename.exchange(root + "/a", root + "/b")
        // macOS file systems other than APFS (HFS+, exFAT, shares) may refuse the swap: the caller falls back.
        if SystemPaths.current == .portable || (SystemPaths.current == .darwin && AtomicRename.isUnsupported(code)) {
            #expect(AtomicRename.isUnsupported(code))
            #expect(text(root + "/a/file") == "in a")
        } else {
            #expect(code == 0)
            #expect(text(root + "/a/file") == "in b")
            #expect(text(root + "/b/file") == "in a")
        }
    }

    @Test func moveIfAbsentNeverReplaces() throws {
        let root = try folder()
        let refused = AtomicRename.moveIfAbsent(root + "/a", to: root + "/b")
        #expect(refused == EEXIST || (SystemPaths.current != .linux && AtomicRename.isUnsupported(refused)))
        #expect(text(root + "/b/file") == "in b")
        let moved = AtomicRename.moveIfAbsent(root + "/a", to: root + "/c")
        if SystemPaths.current == .portable || (SystemPaths.current == .darwin && AtomicRename.isUnsupported(moved)) {
            #expect(AtomicRename.isUnsupported(moved))
        } else {
            #expect(moved == 0)
            #expect(text(root + "/c/file") == "in a")
        }
    }

    @Test func aFileIsFlushedAndItsModificationTimeRead() throws {
        let root = try folder()
        let path = root + "/a/file"
        let descriptor = open(path, O_RDWR)
        try #require(descriptor >= 0)
        #expect(Durability.flush(descriptor) == 0)
        close(descriptor)
        Durability.flushFolder(root + "/a")
        var info = stat()
        try #require(stat(path, &info) == 0)
        let seconds = Double(info.modificationTime.tv_sec) + Double(info.modificationTime.tv_nsec) / 1e9
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let date = try #require(attributes[.modificationDate] as? Date)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.001)
    }

    /// A file's body sent over TCP arrives whole, by `sendfile` on Linux and by reads and sends elsewhere.
    @Test func aFileIsSentWhole() throws {
        let root = try folder()
        let bytes = (0..<700_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/big"))
        let listener = StreamSockets.make()
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(bound)
        let client = try connectLoopback(port: UInt16(bigEndian: address.sin_port))
        defer { close(client) }
        let server = accept(listener, nil, nil)
        try #require(server >= 0)
        StreamSockets.adopt(server)
        let file = open(root + "/big", O_RDONLY)
        try #require(file >= 0)
        defer { close(file) }
        let sender = Thread { _ = StreamSockets.sendFile(server, file, length: bytes.count) }
        sender.start()
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while received.count < bytes.count {
            let count = recv(client, &chunk, chunk.count, 0)
            if count <= 0 { break }
            received += chunk[..<count]
        }
        close(server)
        #expect(received == bytes)
    }

    @Test func theFlagsSayWhatThisSystemCan() {
        let flags = StreamSockets.sendFlags(more: true, dontWait: true)
        #expect(flags & Int32(MSG_DONTWAIT) != 0)
        if SystemPaths.current != .linux { #expect(flags == Int32(MSG_DONTWAIT)) }
    }

    @Test func theRunningProgramAndItsMemoryAreKnown() throws {
        let path = try #require(RunningExecutable.path)
        #expect(FileManager.default.isExecutableFile(atPath: path))
        #expect(ResourceUsage.peakResidentBytes > 1_000_000)
    }
}
