import Foundation

/// Every file under `folder` with its bytes: what the tests compare to prove a failed build changed nothing.
public func folderSnapshot(_ folder: String) -> [String: Data] {
    var files: [String: Data] = [:]
    for path in FileManager.default.subpaths(atPath: folder) ?? [] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        {
            files[path] = FileManager.default.contents(atPath: folder + "/" + path)
        }
    }
    return files
}

/// Runs `command` with `/bin/sh -c` and returns its exit status (-1 when it cannot start).
@discardableResult
public func shell(_ command: String) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    do { try process.run() } catch { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
}
