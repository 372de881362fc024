import Foundation
import OperatingSystem

/// Saves a file as editors do: the new text goes to a file beside it, which is then renamed over it, so a watcher
/// sees one rename, never a half-written file. Foundation's `write(toFile:atomically: true)` does the same on
/// Linux but leaves a `TemporaryDirectory.XXXXXX` folder in the system's temporary folder for every write.
public enum EditorSave {
    /// The file beside is a dotfile, as an editor's swap file is, which watchers ignore: named otherwise, a watcher
    /// that saw it before the rename could start a rebuild with the old text whenever the two came more than a
    /// debounce apart (a loaded machine).
    public static func write(_ text: String, toFile path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary =
            url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent).path + ".saving-"
            + UUID().uuidString
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "rename failed: errno \(code)"])
        }
    }
}
