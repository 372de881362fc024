import Foundation

/// The path of the running program, resolved through symbolic links.
///
/// Why Foundation: `argv[0]` is only the name typed when the program runs from `PATH`, and `/proc/self/exe`
/// exists on Linux alone; `Bundle.main.executableURL` answers on Linux (from `/proc` itself) and on macOS (from
/// the loader). Under `swift test` it is the test runner: SwiftPM's `.xctest` program on Linux, Xcode's
/// `xctest` tool on macOS.
package enum RunningExecutable {
    package static let path: String? = {
        if let url = Bundle.main.executableURL { return url.resolvingSymlinksInPath().path }
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        return URL(fileURLWithPath: first).resolvingSymlinksInPath().path
    }()
}
