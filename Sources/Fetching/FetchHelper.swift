import Foundation
import OperatingSystem

/// Runs `guzzi-site-fetch`, the small program that does `update`'s and `photos`' HTTP, once per request.
///
/// Why a second program: URLSession on Linux is FoundationNetworking over libcurl, and a binary that links it
/// loads libcurl and its thirty-odd libraries (TLS, HTTP/2, LDAP, Kerberos…) at every start, 6–7 ms before
/// `main`. That is a fifth of a one-bike rebuild, paid by every `build` for two commands that fetch. Git keeps
/// its curl code out of `git` the same way (`git-remote-https`). A request costs one process start more, which
/// is nothing beside the network.
public struct FetchHelper: Sendable {
    /// Names the helper to run instead of the one beside the running executable.
    public static let environmentVariable = "GUZZI_SITE_FETCH"
    static let executableName = "guzzi-site-fetch"

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The helper of this installation: `GUZZI_SITE_FETCH`, else `guzzi-site-fetch` in the running executable's
    /// folder (where `swift build` puts both, and where the test runner is too).
    public static func located(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(FetchError) -> FetchHelper
    {
        let path: String
        if let named = environment[environmentVariable], !named.isEmpty {
            path = named
        } else {
            // Beside the program this code is linked into (a test bundle, under `swift test`).
            path =
                URL(fileURLWithPath: RunningExecutable.productsFolder ?? ".").appendingPathComponent(executableName)
                .path
        }
        guard access(path, X_OK) == 0 else { throw .helperMissing(path: path) }
        return FetchHelper(path: path)
    }

    /// One GET. Any HTTP status is an answer; only getting none is an error.
    public func get(_ request: FetchRequest) throws(FetchError) -> FetchedResponse {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = FetchWire.arguments(for: request)
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .helperFailed(path: path, reason: "cannot start it (\(error.localizedDescription))")
        }
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        // The answer has no length: only a helper that exited normally wrote all of it.
        let answer = FetchWire.decode(bytes)
        if process.terminationReason == .exit && process.terminationStatus == 0, let answer { return try answer.get() }
        let ending =
            process.terminationReason == .uncaughtSignal
            ? "stopped by signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
        let what = answer == nil ? "no answer in its format" : "its answer may be cut short"
        throw .helperFailed(path: path, reason: "\(what) (\(ending))")
    }
}
