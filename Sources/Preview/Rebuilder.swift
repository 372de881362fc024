import Foundation
import Server
import Site
import Synchronization

/// Runs builds one at a time and reports each to the caller and to the pages open in a browser.
final class Rebuilder: Sendable {
    let options: BuildOptions
    let server: StaticServer
    private let report: @Sendable (PreviewEvent) -> Void
    private let failing = Mutex(false)
    /// The decoded catalogue and page models, reused while only templates or assets change.
    private let cache = BuildCache()
    private let outputPrefix: String

    init(options: BuildOptions, server: StaticServer, report: @escaping @Sendable (PreviewEvent) -> Void) {
        self.options = options
        self.server = server
        self.report = report
        let output = URL(fileURLWithPath: options.outputPath).standardizedFileURL.path
        outputPrefix = output.hasSuffix("/") ? output : output + "/"
    }

    /// A change inside the output folder is our own writing (when the output sits under a watched folder).
    func isInsideOutput(_ path: String) -> Bool {
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        return full == String(outputPrefix.dropLast()) || full.hasPrefix(outputPrefix)
    }

    /// Builds once. A failure is reported, not thrown: the preview keeps serving and the next save may fix it.
    @discardableResult
    func build() -> Bool {
        failing.withLock { failing in
            do {
                let report = try SiteBuilder.build(options, cache: cache, waiting: { self.report(.waiting($0)) })
                if failing {
                    server.setBuildError(nil)
                    failing = false
                }
                server.notifyReload()
                // Only now: the previous files were still being served to pages that had not reloaded yet.
                SiteBuilder.removeStaging(for: options)
                self.report(.built(report))
                return true
            } catch {
                failing = true
                let message = String(describing: error)
                server.setBuildError(message)
                self.report(.failed(message: message))
                return false
            }
        }
    }
}
