import Dispatch
import OperatingSystem

/// Keeps the SIGINT/SIGTERM sources alive; dropping it restores the default actions.
public final class TerminationObserver {
    private let sources: [any DispatchSourceSignal]

    fileprivate init(sources: [any DispatchSourceSignal]) {
        self.sources = sources
    }

    deinit {
        for source in sources { source.cancel() }
        _ = signal(SIGINT, SIG_DFL)
        _ = signal(SIGTERM, SIG_DFL)
    }
}

/// Runs `handler` on a private queue on SIGINT/SIGTERM; keep the returned object alive.
///
/// The signals are ignored first, or their default action kills the process before Dispatch sees them;
/// the queue is private because a handler on `.main` never runs while the main thread blocks in `accept()`.
public func onTermination(_ handler: @escaping @Sendable (Int32) -> Void) -> TerminationObserver {
    let queue = DispatchQueue(label: "guzzi-site.signals")
    let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
        _ = signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { handler(number) }
        source.resume()
        return source
    }
    return TerminationObserver(sources: sources)
}
