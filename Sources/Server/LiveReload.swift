import OperatingSystem
import Synchronization

/// Fans reload and build-error events out to every open `/__guzzi/events` stream.
///
/// Events are written by the thread that calls `notifyReload`/`setBuildError`, under one lock, with
/// MSG_DONTWAIT: a stuck browser can never block a rebuild, and two writers can never interleave
/// half-events on one stream. A stream that cannot take a whole event is shut down; its own connection
/// thread then notices and cleans up.
final class LiveReloadHub: Sendable {
    static let eventsPath = "/__guzzi/events"
    static let scriptPath = "/__guzzi/reload.js"
    static let snippet = Array("<script src=\"/__guzzi/reload.js\"></script>".utf8)

    private struct State {
        /// Each open stream, with the page that opened it (a file path relative to the site's root), if known.
        var streams: [Int32: String?] = [:]
        var buildError: String?
    }

    private let state = Mutex(State())

    var streamCount: Int { state.withLock { $0.streams.count } }

    /// The pages open in a browser now (file paths relative to the site's root), as their streams said.
    var openPages: Set<String> {
        state.withLock { Set($0.streams.values.compactMap { $0 }) }
    }

    /// Sends the stream's head and, atomically with registering it, the current error, so a page opened
    /// between a failed build and the next one still shows the overlay. `page` is the file the page was
    /// served from, relative to the site's root.
    func attach(_ fd: Int32, page: String? = nil) -> Bool {
        state.withLock { state in
            var head = HTTPResponseHead(status: .ok, contentType: "text/event-stream; charset=utf-8", keepAlive: false)
            head.add("Cache-Control", "no-cache")
            var bytes = head.serialized() + Array("retry: 1000\n\n".utf8)
            if let message = state.buildError { bytes += Self.errorEvent(message) }
            guard Socket.sendAll(fd, bytes) else { return false }
            state.streams.updateValue(page, forKey: fd)
            return true
        }
    }

    /// Must run before the descriptor is closed, so a broadcast never writes to a reused number.
    func detach(_ fd: Int32) {
        _ = state.withLock { $0.streams.removeValue(forKey: fd) }
    }

    /// Keeps idle streams honest: a dead peer makes this send fail, ending the stream.
    func ping(_ fd: Int32) -> Bool {
        state.withLock { state in
            guard state.streams[fd] != nil else { return false }
            return Socket.sendAll(fd, Array(": ping\n\n".utf8), dontWait: true)
        }
    }

    func notifyReload() {
        broadcast(Array("event: reload\ndata: reload\n\n".utf8)) { _ in }
    }

    func setBuildError(_ message: String?) {
        let event = message.map(Self.errorEvent) ?? Array("event: build-ok\ndata: ok\n\n".utf8)
        broadcast(event) { $0.buildError = message }
    }

    private func broadcast(_ event: [UInt8], update: (inout State) -> Void) {
        state.withLock { state in
            update(&state)
            for fd in state.streams.keys where !Socket.sendAll(fd, event, dontWait: true) {
                state.streams.removeValue(forKey: fd)
                shutdown(fd, Int32(SHUT_RDWR))
            }
        }
    }

    /// One `data:` line per message line; EventSource joins them back with "\n".
    static func errorEvent(_ message: String) -> [UInt8] {
        var text = "event: build-error\n"
        let normalized = message.replacingLineBreaks()
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        return Array((text + "\n").utf8)
    }

    /// Puts the client script before the last `</body>` (any case), or at the end when there is none.
    static func inject(into html: [UInt8]) -> [UInt8] {
        let marker = Array("</body".utf8)
        var index = html.count - marker.count
        while index >= 0 {
            if html[index] == 60
                && zip(html[index..<(index + marker.count)], marker).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
            {
                return Array(html[..<index]) + snippet + Array(html[index...])
            }
            index -= 1
        }
        return html + snippet
    }

    /// The browser side. It keeps offline workers away (see the script). The stream names its page, so a rebuild can render the open pages first. The overlay
    /// uses textContent only: compiler messages may contain markup.
    /// After the stream drops and comes back (server restarted), the page reloads to catch up.
    static let script = Array(
        """
        (function () {
          "use strict";
          // A preview has no offline worker: the site's scripts register none (GuzziPreview), and one left by a
          // published build at this address is removed with its caches, so every reload shows the new build.
          window.GuzziPreview = true;
          if (navigator.serviceWorker) {
            navigator.serviceWorker.getRegistrations().then(function (all) {
              all.forEach(function (registration) { registration.unregister(); });
            });
          }
          if (window.caches) {
            caches.keys().then(function (names) {
              names.forEach(function (name) { if (name.indexOf("guzzi-tracker ") === 0) caches.delete(name); });
            });
          }
          if (!window.EventSource) return;
          var source = new EventSource("/__guzzi/events?page=" + encodeURIComponent(location.pathname));
          var overlay = null;
          var lost = false;
          function hide() { if (overlay) { overlay.remove(); overlay = null; } }
          function show(text) {
            if (!overlay) {
              overlay = document.createElement("pre");
              overlay.id = "__guzzi-build-error";
              overlay.setAttribute("role", "alert");
              overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;margin:0;padding:2rem;" +
                "overflow:auto;background:rgba(20,0,0,.92);color:#ffdcdc;font:14px/1.5 ui-monospace,monospace;" +
                "white-space:pre-wrap;";
              (document.body || document.documentElement).appendChild(overlay);
            }
            overlay.textContent = "Build failed\\n\\n" + text;
          }
          source.addEventListener("reload", function () { location.reload(); });
          source.addEventListener("build-error", function (event) { show(event.data); });
          source.addEventListener("build-ok", hide);
          source.addEventListener("error", function () { lost = true; });
          source.addEventListener("open", function () { if (lost) location.reload(); });
        })();

        """.utf8)
}

extension String {
    fileprivate func replacingLineBreaks() -> String {
        var result = ""
        var previousWasCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                result += "\n"
                previousWasCR = true
                continue
            }
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
