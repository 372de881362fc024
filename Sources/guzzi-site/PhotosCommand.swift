import Foundation
import Photos
import Server
import Synchronization

/// `guzzi-site photos`: resolve the dataset's Flickr photos into the sidecar.
///
/// Exit statuses: 0 every photo resolved, 4 some not (network), 1 local files, 2 usage.
enum PhotosCommand {
    static func run(_ arguments: Arguments) -> Int32 {
        // Required, as for update: the default dataset of build is the bundled sample, whose photos are made up.
        guard let dataPath = arguments.options["data"] else {
            Terminal.error("error: missing '--data FILE': the sidecar is written beside that file\n\n" + Usage.photos)
            return 2
        }
        var options = ResolveOptions()
        options.retryGone = arguments.flags.contains("retry-gone")
        do throws(UsageError) {
            if let endpoint = arguments.options["oembed"] {
                let lower = endpoint.lowercased()
                guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), URL(string: endpoint) != nil else {
                    throw .invalidValue(option: "oembed", value: endpoint, expected: "an http(s) URL")
                }
                options.endpoint = endpoint
            }
            if let text = arguments.options["timeout"] {
                guard let seconds = Int(text), (1...600).contains(seconds) else {
                    throw .invalidValue(option: "timeout", value: text, expected: "whole seconds from 1 to 600")
                }
                options.timeoutSeconds = seconds
            }
            if let text = arguments.options["max-wait"] {
                guard let seconds = Int(text), (0...3600).contains(seconds) else {
                    throw .invalidValue(option: "max-wait", value: text, expected: "whole seconds from 0 to 3600")
                }
                options.maximumWaitSeconds = Double(seconds)
                options.backoffSeconds = min(options.backoffSeconds, Double(seconds))
            }
        } catch {
            Terminal.error(error.description + "\n\n" + Usage.photos)
            return 2
        }
        let interrupted = Atomic(false)
        let observer = onTermination { _ in
            interrupted.store(true, ordering: .releasing)
            Terminal.error("\nstopping after the current photo; what was resolved is being saved")
        }
        defer { withExtendedLifetime(observer) {} }
        let progress = ProgressLine.forPhotos()
        do {
            let report = try PhotoResolver.resolve(
                dataPath: dataPath, options: options, progress: progress,
                shouldStop: { interrupted.load(ordering: .acquiring) })
            ProgressLine.clear()
            if report.exitCode == 0 {
                print(report.description)
            } else {
                Terminal.error(report.description)
            }
            return report.exitCode
        } catch {
            ProgressLine.clear()
            Terminal.error(error.description)
            if case .usage = error { return 2 }
            return 1
        }
    }
}
