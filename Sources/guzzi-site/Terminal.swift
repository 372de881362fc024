import Foundation

/// Output helpers: errors go to standard error so that scripts can keep standard output clean.
enum Terminal {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static var isInteractive: Bool { isatty(STDERR_FILENO) != 0 }
}
