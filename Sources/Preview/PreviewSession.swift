import Foundation
import History
import PhotoSidecar
import Server
import Site
import Synchronization

/// Build, watch, rebuild: what `guzzi-site serve` does besides serving.
///
/// A watcher thread waits for a burst of changes to the inputs to settle, rebuilds, and tells the server to
/// reload open pages, or to show the build error over them while the last good site stays served. The server
/// is the caller's: it runs it (on the main thread, for the command line) between `start()` and `stop()`.
public final class PreviewSession: Sendable {
    /// Short, because it adds to every rebuild's latency; editors' save bursts take a few milliseconds.
    public static let debounceMilliseconds: Int32 = 30

    /// The options a preview builds with: the given ones, served from the root and with deferred cleanup.
    public let options: BuildOptions
    private let rebuilder: Rebuilder
    private let debounce: Int32
    private let stopping = Atomic(false)
    private let started = Atomic(false)
    private let watcherDone = DispatchSemaphore(value: 0)

    /// `report` is called from the calling thread for the first build and from the watcher thread afterwards,
    /// never from two at once.
    public init(
        options: BuildOptions, server: StaticServer, debounceMilliseconds: Int32 = PreviewSession.debounceMilliseconds,
        report: @escaping @Sendable (PreviewEvent) -> Void
    ) {
        var options = options
        options.servedFromPath = "/"  // the preview serves the site at the root, whatever the base URL says
        self.options = options
        debounce = debounceMilliseconds
        rebuilder = Rebuilder(options: options, server: server, report: report)
    }

    /// The dataset, its photo and history sidecars (watched through their folder, so one that appears later
    /// counts: `photos` or `history` may run while the preview is open), the templates and the resources.
    public var watchedPaths: [String] {
        [
            options.dataPath, PhotoSidecar.path(forDataset: options.dataPath),
            CatalogueHistory.path(forDataset: options.dataPath), options.templatesPath, options.resourcesPath,
        ]
    }

    /// Starts watching, then builds once and returns whether that build succeeded (a failure keeps the session
    /// going: the next save may fix it). The watcher starts first, so an edit saved during that build is not lost.
    @discardableResult
    public func start() -> Bool {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        let watcherReady = DispatchSemaphore(value: 0)
        let paths = watchedPaths
        let watching = Thread { [self] in
            let watcher = FileWatcher(paths: paths)  // not Sendable: created and used on this thread only
            watcherReady.signal()
            while !stopping.load(ordering: .acquiring) {
                let changed = watcher.waitForChanges(quietMilliseconds: debounce, timeoutMilliseconds: 250)
                if changed.isEmpty || stopping.load(ordering: .acquiring) { continue }
                if changed.allSatisfy({ rebuilder.isInsideOutput($0) }) { continue }
                rebuilder.build()
            }
            watcherDone.signal()
        }
        // The rebuilds run here: the stack of the main thread (8 MiB), not macOS's 512 KiB for other threads,
        // which a dataset nested as deep as the JSON parser allows would overflow in a debug build.
        watching.stackSize = 8 << 20
        watching.start()
        watcherReady.wait()
        return rebuilder.build()
    }

    /// Stops watching, lets a rebuild in progress finish (up to 2 s), and deletes what deferred cleanup left.
    /// Safe to call more than once.
    public func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        if started.load(ordering: .acquiring) {
            _ = watcherDone.wait(timeout: .now() + 2)
        }
        SiteBuilder.removeStaging(for: options)
    }
}
