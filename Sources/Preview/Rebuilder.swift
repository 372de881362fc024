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
    /// The plan, reused while only templates or assets change.
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
    ///
    /// When pages are open in a browser and only templates or assets changed, it builds in two passes, as Hugo's
    /// server does: the open pages alone first, then they are told to reload, then the rest of the site, while
    /// the server holds requests for any other file until the rest is written (`StaticServer.holdRequests`).
    /// The reload then waits for a page or two, not for every page a layout edit touches.
    @discardableResult
    func build() -> Bool {
        failing.withLock { failing in
            do {
                let open = server.openPages
                var report = try SiteBuilder.build(
                    options, mode: .preview(cache, openPages: open.isEmpty ? nil : open),
                    waiting: { self.report(.waiting($0)) })
                if report.isPartial {
                    server.holdRequests(allowing: open, folders: ["assets"])
                    defer { server.releaseRequests() }
                    reload(&failing)
                    self.report(.reloaded(pages: open.count, seconds: report.seconds))
                    let rest = try SiteBuilder.build(
                        options, mode: .preview(cache), waiting: { self.report(.waiting($0)) })
                    report = Self.merging(report, rest)
                } else {
                    reload(&failing)
                }
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

    private func reload(_ failing: inout Bool) {
        if failing {
            server.setBuildError(nil)
            failing = false
        }
        server.notifyReload()
    }

    /// One report for both passes of a rebuild: what the second found unchanged, the first had changed.
    static func merging(_ first: BuildReport, _ rest: BuildReport) -> BuildReport {
        var report = rest
        report.phases = [("open pages", first.seconds)] + rest.phases
        report.rendered += first.rendered
        if let changes = first.changes, var total = rest.changes {
            total.changed += changes.changed
            total.unchanged -= changes.changed
            report.changes = total
        }
        return report
    }
}
