import Foundation
import Preview
import Server
import Site
import Synchronization
import TestSupport

/// A preview session over its own copies of Templates/, Resources/ and the sample dataset, with a real server on
/// a free port of 127.0.0.1, so tests can edit the inputs and watch what the session does.
final class PreviewFixture: Sendable {
    /// Everything the session reported, in order.
    final class Log: Sendable {
        private let events = Mutex<[PreviewEvent]>([])

        func append(_ event: PreviewEvent) { events.withLock { $0.append(event) } }

        var builds: Int {
            events.withLock { $0.filter { if case .built = $0 { true } else { false } }.count }
        }

        /// The page counts of the `reloaded` events: rebuilds whose open pages went first.
        var reloads: [Int] {
            events.withLock { $0.compactMap { if case .reloaded(let pages, _) = $0 { pages } else { nil } } }
        }

        /// Whether every `reloaded` event came right before a `built` one.
        var reloadsPrecedeBuilds: Bool {
            events.withLock { events in
                events.indices.allSatisfy { index in
                    guard case .reloaded = events[index] else { return true }
                    guard index + 1 < events.count, case .built = events[index + 1] else { return false }
                    return true
                }
            }
        }

        var failures: [String] {
            events.withLock { $0.compactMap { if case .failed(let message) = $0 { message } else { nil } } }
        }
    }

    let folder: String
    let server: StaticServer
    let session: PreviewSession
    let log = Log()
    private let serverDone = DispatchSemaphore(value: 0)
    private let serving = Atomic(false)

    var output: String { folder + "/site" }
    var data: String { folder + "/info_moto.json" }

    init(debounceMilliseconds: Int32 = PreviewSession.debounceMilliseconds) throws {
        folder = NSTemporaryDirectory() + "guzzi-preview-" + UUID().uuidString
        let files = FileManager.default
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let root = RepositoryPaths.root
        try files.copyItem(atPath: root + "/Templates", toPath: folder + "/Templates")
        try files.copyItem(atPath: root + "/Resources", toPath: folder + "/Resources")
        try files.copyItem(atPath: root + "/Resources/sample/info_moto.json", toPath: folder + "/info_moto.json")
        let options = BuildOptions(
            dataPath: folder + "/info_moto.json", outputPath: folder + "/site", templatesPath: folder + "/Templates",
            resourcesPath: folder + "/Resources")
        server = try StaticServer(
            configuration: ServerConfiguration(root: options.outputPath, port: 0, liveReload: true))
        let log = self.log
        session = PreviewSession(options: options, server: server, debounceMilliseconds: debounceMilliseconds) {
            log.append($0)
        }
    }

    /// Serves on a thread of its own, then starts the session; returns whether the first build succeeded.
    func start() -> Bool {
        serving.store(true, ordering: .releasing)
        Thread.detachNewThread { [self] in
            server.run()
            serverDone.signal()
        }
        return session.start()
    }

    func stop() {
        server.stop()
        if serving.load(ordering: .acquiring) { _ = serverDone.wait(timeout: .now() + 5) }
        session.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    func read(_ relativePath: String) -> String {
        (try? String(contentsOfFile: output + "/" + relativePath, encoding: .utf8)) ?? ""
    }

    /// Replaces `old` with `new` in an input file by writing a temporary file and renaming it, as editors do.
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try EditorSave.write(text.replacingOccurrences(of: old, with: new), toFile: path)
    }

    /// Polls `condition` every 5 ms until it holds or `seconds` pass.
    func wait(seconds: Double = 20, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if condition() { return true }
            usleep(5_000)
        } while Date() < deadline
        return condition()
    }
}
