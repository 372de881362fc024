import Foundation
import PhotoSidecar
import Server
import Site
import Synchronization

/// `guzzi-site serve`: build, serve, rebuild on change.
///
/// The server runs on the main thread; a watcher thread rebuilds after each burst of changes and tells the
/// server to reload open pages, or to show the build error over them while the last good site stays served.
enum ServeCommand {
    /// Short, because it adds to every rebuild's latency; editors' save bursts take a few milliseconds.
    static let debounceMilliseconds: Int32 = 30

    static func run(_ arguments: Arguments) -> Int32 {
        var options: BuildOptions
        let host = arguments.options["host"] ?? "127.0.0.1"
        let port: UInt16
        do throws(UsageError) {
            options = try Commands.buildOptions(arguments)
            options.servedFromPath = "/"  // the preview serves the site at the root, whatever --base-url says
            options.defersCleanup = true  // deleted after open pages were told to reload
            let text = arguments.options["port"] ?? "8000"
            guard let value = UInt16(text) else {
                throw UsageError.invalidValue(option: "port", value: text, expected: "a port number from 0 to 65535")
            }
            port = value
        } catch {
            Terminal.error(error.description + "\n\n" + Usage.serve)
            return 2
        }
        let server: StaticServer
        do {
            server = try StaticServer(
                configuration: ServerConfiguration(root: options.outputPath, host: host, port: port, liveReload: true))
        } catch {
            Terminal.error("error: \(error.description)")
            return 1
        }
        let rebuilder = Rebuilder(options: options, server: server)
        let stopping = Atomic(false)
        // Before the first build, so Ctrl-C during it still ends cleanly (run() then returns at once).
        let observer = onTermination { _ in
            stopping.store(true, ordering: .releasing)
            server.stop()
        }
        // The watcher starts before the first build too, so an edit saved during that build is not lost.
        let watcherReady = DispatchSemaphore(value: 0)
        let watcherDone = DispatchSemaphore(value: 0)
        // The photo sidecar too (watched through its folder, so one that appears later counts): `photos` may run
        // while the preview is open.
        let paths = [
            options.dataPath, PhotoSidecar.path(forDataset: options.dataPath), options.templatesPath,
            options.resourcesPath,
        ]
        Thread.detachNewThread {
            let watcher = FileWatcher(paths: paths)  // not Sendable: created and used on this thread only
            watcherReady.signal()
            while !stopping.load(ordering: .acquiring) {
                let changed = watcher.waitForChanges(
                    quietMilliseconds: debounceMilliseconds, timeoutMilliseconds: 250)
                if changed.isEmpty || stopping.load(ordering: .acquiring) { continue }
                if changed.allSatisfy({ rebuilder.isInsideOutput($0) }) { continue }
                rebuilder.build()
            }
            watcherDone.signal()
        }
        watcherReady.wait()
        rebuilder.build()  // a failure keeps us running: the overlay shows it and the next save may fix it
        say("Serving \(server.url) (Ctrl-C to stop)")
        server.run()
        stopping.store(true, ordering: .releasing)
        _ = watcherDone.wait(timeout: .now() + 2)  // a rebuild in progress finishes before we exit
        SiteBuilder.removeStaging(for: options)
        withExtendedLifetime(observer) {}
        return 0
    }

    /// Standard output unbuffered, line by line: `print` would hold lines back when it is a pipe.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// Runs builds one at a time and reports each to the terminal and to the pages open in a browser.
final class Rebuilder: Sendable {
    let options: BuildOptions
    let server: StaticServer
    private let failing = Mutex(false)
    /// The decoded catalogue and page models, reused while only templates or assets change.
    private let cache = BuildCache()
    private let outputPrefix: String

    init(options: BuildOptions, server: StaticServer) {
        self.options = options
        self.server = server
        let output = URL(fileURLWithPath: options.outputPath).standardizedFileURL.path
        outputPrefix = output.hasSuffix("/") ? output : output + "/"
    }

    /// A change inside the output folder is our own writing (when the output sits under a watched folder).
    func isInsideOutput(_ path: String) -> Bool {
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        return full == String(outputPrefix.dropLast()) || full.hasPrefix(outputPrefix)
    }

    func build() {
        failing.withLock { failing in
            do {
                let report = try SiteBuilder.build(options, cache: cache, waiting: { Terminal.error($0) })
                for warning in report.warnings { Terminal.error(warning.description) }
                if failing {
                    server.setBuildError(nil)
                    failing = false
                }
                server.notifyReload()
                SiteBuilder.removeStaging(for: options)
                ServeCommand.say(Commands.summary(report, output: options.outputPath))
                if Commands.printsPhases { Terminal.error(Commands.phases(report)) }
            } catch {
                failing = true
                let message = String(describing: error)
                server.setBuildError(message)
                Terminal.error(message)
                Terminal.error("build failed; still serving the last good site")
            }
        }
    }
}
