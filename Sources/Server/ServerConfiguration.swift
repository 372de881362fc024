/// Everything the server needs to know: it serves a folder and nothing else.
public struct ServerConfiguration: Sendable {
    /// The output folder. It is resolved again on every request, because the site builder swaps it atomically.
    public var root: String
    public var host: String
    /// 0 lets the kernel pick a free port (tests, parallel previews); read it back from `StaticServer.port`.
    public var port: UInt16
    /// Inject the reload client into HTML responses and serve `/__guzzi/...`.
    public var liveReload: Bool

    /// Milliseconds a keep-alive connection may sit idle between requests (and between reads).
    var idleTimeoutMilliseconds: Int32 = 10_000
    /// Milliseconds from a request's first byte until its headers must be complete, so a trickler cannot hold a thread.
    var headerTimeoutMilliseconds: Int32 = 10_000
    /// Connections beyond this get a 503 at once: each one costs a thread.
    var maxConnections: Int = 512
    /// Interval of the SSE `: ping` comment that lets us notice dead event streams.
    var pingIntervalMilliseconds: Int32 = 15_000
    /// How long `run()` waits for open connections after `stop()`.
    var drainMilliseconds: Int = 2_000

    public init(root: String, host: String = "127.0.0.1", port: UInt16 = 8000, liveReload: Bool = false) {
        self.root = root
        self.host = host
        self.port = port
        self.liveReload = liveReload
    }
}
