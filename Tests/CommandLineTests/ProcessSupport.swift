import Foundation
import OperatingSystem
import Synchronization
import TestSupport

/// A child process (the `guzzi-site` binary, or a Python HTTP server) whose output is collected as it comes,
/// so a test can wait for a line with a timeout instead of reading to the end. `@unchecked`: Linux's Foundation
/// marks `Process` Sendable and some of Apple's SDKs do not; its state is set before `run()` and only read after.
final class ChildProcess: @unchecked Sendable {
    let process: Process
    private let stdoutText = TextBuffer()
    private let stderrText = TextBuffer()

    init(_ executable: String, _ arguments: [String], in folder: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        self.process = process
        try process.run()
        Self.collect(out.fileHandleForReading, into: stdoutText)
        Self.collect(err.fileHandleForReading, into: stderrText)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    private final class TextBuffer: Sendable {
        let text = Mutex("")
    }

    private static func collect(_ handle: FileHandle, into buffer: TextBuffer) {
        Thread.detachNewThread {
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                buffer.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
        }
    }

    var stdout: String { stdoutText.text.withLock { $0 } }
    var stderr: String { stderrText.text.withLock { $0 } }

    /// Polls until `condition` holds on (stdout, stderr) or `seconds` pass.
    func waitFor(seconds: Double = 20, _ condition: (String, String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(stdout, stderr) { return true }
            usleep(10_000)
        }
        return condition(stdout, stderr)
    }

    /// Sends `signal` and waits up to `seconds` for the exit; kills it and returns nil when it does not end.
    func stop(signal: Int32 = SIGTERM, seconds: Double = 5) -> Int32? {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A response read off the wire by `HTTPProbe`.
struct ProbeResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

struct ProbeError: Error, CustomStringConvertible {
    let description: String
}

/// Raw HTTP/1.1 over a socket with a receive timeout, so requests that clients would "fix" (`/../`) reach the
/// server as written, and nothing can hang a test.
enum HTTPProbe {
    static func connect(port: UInt16, timeoutMilliseconds: Int = 5_000) throws -> Int32 {
        do {
            return try connectLoopback(port: port, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            throw ProbeError(description: error.description)
        }
    }

    static func send(_ fd: Int32, _ text: String) -> Bool { sendAll(fd, Array(text.utf8)) }

    /// One request with `Connection: close`; reads to the end of the stream.
    static func request(
        port: UInt16, _ target: String, method: String = "GET", headers: [String: String] = [:]
    ) throws -> ProbeResponse {
        let fd = try connect(port: port)
        defer { close(fd) }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        guard send(fd, head + "\r\n") else { throw ProbeError(description: "send failed") }
        var raw: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 { throw ProbeError(description: "recv: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            raw += chunk[..<count]
        }
        return try parse(raw)
    }

    static func parse(_ raw: [UInt8]) throws -> ProbeResponse {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else {
            throw ProbeError(description: "no header end in \(raw.count) bytes")
        }
        let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw ProbeError(description: "bad status line \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return ProbeResponse(status: status, headers: headers, body: Array(raw[(end + 4)...]))
    }
}
