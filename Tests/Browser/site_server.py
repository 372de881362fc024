"""The HTTP server the browser tests read the built site from: a folder on 127.0.0.1, with the headers a host is
asked to send (Tests/Publishing/nginx.conf, the README): pages, data and the worker revalidate (`no-cache`), the
content-named assets under `assets/` do not, and the manifest has its type.

Why not `python3 -m http.server`: its listen backlog is 5, and a browser asking for a page's stylesheet, scripts
and data at once, on a machine busy with two browsers, could fill it; a connection then waits for the kernel's SYN
retry (a second or more) and a test waiting ten seconds for a table sometimes saw none. This one keeps a backlog of
128 and serves each connection in a daemon thread.

    python3 Tests/Browser/site_server.py FOLDER PORT      # Tests/run-all.sh; serves until killed
    server = SiteServer(folder); server.start(); ...; server.stop()   # test_offline.py: a network that goes away
"""

import functools
import http.server
import socket
import sys
import threading


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(
        http.server.SimpleHTTPRequestHandler.extensions_map, **{".webmanifest": "application/manifest+json"}
    )

    def log_message(self, *args):
        pass

    def do_GET(self):
        hold = getattr(self.server, "hold", None)
        if hold and hold[0] in self.path:
            hold[1].wait(60)
        super().do_GET()

    def end_headers(self):
        # Without it the browser's heuristic freshness (a tenth of the time since Last-Modified) could hand the
        # worker yesterday's page for a deploy made a minute ago.
        if "/assets/" not in self.path:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 128
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        pass  # a browser closing a connection mid-answer is not an error here


class SiteServer:
    """`folder` over HTTP on a fixed port, stopped and started again at will (the network going away). With
    `hold`, a request whose path contains it waits until `released` is set (a slow network for that file only)."""

    def __init__(self, folder, port=None, hold=None):
        self.folder = folder
        self.port = port or free_port()
        self.server = None
        self.hold = hold
        self.released = threading.Event()
        self.released.set()

    def start(self):
        handler = functools.partial(Handler, directory=self.folder)
        self.server = Server(("127.0.0.1", self.port), handler)
        self.server.hold = (self.hold, self.released) if self.hold else None
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.released.set()
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


if __name__ == "__main__":
    folder, port = sys.argv[1], int(sys.argv[2])
    server = Server(("127.0.0.1", port), functools.partial(Handler, directory=folder))
    server.serve_forever()
