"""The HTTP server the browser tests read the built site from: a folder on 127.0.0.1, with the headers a host is
asked to send (Tests/Publishing/nginx.conf, the README): pages, data and the worker revalidate (`no-cache`), the
content-named assets under `assets/` do not, and the manifest has its type.

Why not `python3 -m http.server`: its listen backlog is 5, and a browser asking for a page's stylesheet, scripts
and data at once, on a machine busy with two browsers, could fill it; a connection then waits for the kernel's SYN
retry (a second or more) and a test waiting ten seconds for a table sometimes saw none. It also speaks HTTP/1.0, a
new connection per file. This one keeps a backlog of 1024, serves each connection in a daemon thread, and speaks
HTTP/1.1 with keep-alive, as a real host does: a page's files come down the browser's few open connections.
Every answer has a Content-Length (HEAD and 304 have no body), a missing file (404) keeps the connection open, and
`stop()` ends the open connections too, so that a stopped server is a network gone away, not one that still answers
on the connections it had: an answer under way is finished (cutting it would fail a page half-loaded, at a moment
that depends on timing), and then the connection closes; an idle one closes at once, and a request read after the
stop gets no answer.

    python3 Tests/Browser/site_server.py FOLDER PORT      # Tests/run-all.sh; serves until killed
    server = SiteServer(folder); server.start(); ...; server.stop()   # test_offline.py: a network that goes away
"""

import functools
import html
import http.server
import socket
import sys
import threading
from http import HTTPStatus


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: every answer below says its length (send_head, send_error)
    extensions_map = dict(
        http.server.SimpleHTTPRequestHandler.extensions_map, **{".webmanifest": "application/manifest+json"}
    )

    def log_message(self, *args):
        pass

    def handle_one_request(self):
        super().handle_one_request()
        if getattr(self.server, "stopping", False):
            self.close_connection = True  # the answer just sent was the last on this connection

    def gone(self):
        """After stop(): a request read from a connection that was open says nothing, and the connection closes
        (a browser then tries a new connection, which is refused)."""
        if getattr(self.server, "stopping", False):
            self.close_connection = True
            return True
        return False

    def do_GET(self):
        if self.gone():
            return
        hold = getattr(self.server, "hold", None)
        if hold and hold[0] in self.path:
            hold[1].wait(60)
        super().do_GET()

    def do_HEAD(self):
        if not self.gone():
            super().do_HEAD()

    def end_headers(self):
        # Without it the browser's heuristic freshness (a tenth of the time since Last-Modified) could hand the
        # worker yesterday's page for a deploy made a minute ago.
        if "/assets/" not in getattr(self, "path", ""):  # no path: a request line that could not be read
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_error(self, code, message=None, explain=None):
        """A missing file after a request read in full: the error page, with its length, and the connection stays
        open for the next request. Anything else (a bad request line, an unknown method, a request on a connection
        that closes anyway) as http.server answers it: with `Connection: close`."""
        if code != HTTPStatus.NOT_FOUND or self.close_connection:
            super().send_error(code, message, explain)
            return
        short, long = self.responses[code]
        self.log_error("code %d, message %s", code, message or short)
        body = (self.error_message_format % {
            "code": code,
            "message": html.escape(message or short, quote=False),
            "explain": html.escape(explain or long, quote=False),
        }).encode("utf-8", "replace")
        self.send_response(code, message)
        self.send_header("Content-Type", self.error_content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 1024  # listen(): the kernel caps it at net.core.somaxconn (4096 on Linux 5.4 and later)
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, *args, **kwargs):
        self.connections = set()  # the open connections, ended by end_connections()
        self.connections_lock = threading.Lock()
        self.stopping = False
        super().__init__(*args, **kwargs)

    def process_request(self, request, client_address):
        with self.connections_lock:  # before its thread starts: a stop() right after accept() still sees it
            self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        with self.connections_lock:
            self.connections.discard(request)
        super().shutdown_request(request)

    def end_connections(self):
        """Ends every open connection once its answer under way, if any, is sent: no further request is read (a
        handler waiting for one reads an end of file, returns and closes), and the browser, finding its idle
        connection closed, opens a new one, which is refused. Only the reading side is shut: an answer being
        written is finished, not cut."""
        self.stopping = True
        with self.connections_lock:
            connections = list(self.connections)
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RD)
            except OSError:
                pass

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
            self.server.end_connections()  # keep-alive connections would otherwise go on serving
            self.server = None


if __name__ == "__main__":
    folder, port = sys.argv[1], int(sys.argv[2])
    server = Server(("127.0.0.1", port), functools.partial(Handler, directory=folder))
    server.serve_forever()
