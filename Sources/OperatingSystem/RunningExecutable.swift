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

    /// The folder of the program or test bundle this code is linked into: where `swift build` put the programs
    /// built with it. The same as the running program's folder, except under a test runner: Xcode's `xctest` and
    /// SwiftPM's testing helper on macOS load the test bundle (`…/debug/X.xctest/Contents/MacOS/X`) from their own
    /// folder.
    package static let productsFolder: String? = {
        let programFolder = path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        #if canImport(Darwin)
            var info = Dl_info()
            guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return programFolder }
            var url = URL(fileURLWithPath: String(cString: name)).resolvingSymlinksInPath()
            if let bundle = url.pathComponents.lastIndex(where: { $0.hasSuffix(".xctest") }) {
                url = URL(fileURLWithPath: NSString.path(withComponents: Array(url.pathComponents[...bundle])))
            }
            return url.deletingLastPathComponent().path
        #else
            // Linux: SwiftPM's test bundle is itself the program that runs (and Glibc hides `dladdr`).
            return programFolder
        #endif
    }()
}
