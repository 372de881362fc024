import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Saves a file as editors do: the new text goes to a file beside it, which is then renamed over it, so a watcher
/// sees one rename, never a half-written file. Foundation's `write(toFile:atomically: true)` does the same on
/// Linux but leaves a `TemporaryDirectory.XXXXXX` folder in the system's temporary folder for every write.
public enum EditorSave {
    public static func write(_ text: String, toFile path: String) throws {
        let temporary = path + ".saving-" + UUID().uuidString
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "rename failed: errno \(code)"])
        }
    }
}
