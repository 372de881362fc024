#!/usr/bin/env python3
"""Times `guzzi-site serve` from a template edit to the reload event its browsers get.

Usage: reload.py --bin PATH --data FILE [--edits N] [--templates NAME,...] [--edit visible|comment]
                 [--page moto|none|/url/path/]

It copies Templates/ and Resources/ into a temporary folder (the repository is never touched), starts
`serve --port 0` on that copy, listens on /__guzzi/events like an open page does (a motorcycle page by default:
--page), and then, for each edit, changes one template and measures the time from just before the write to the
arrival of `event: reload`, then fetches the page and says whether the edit is in it.
Edits take turns over the templates given (default: the layout every page uses, the motorcycle page and a
partial), one every second so that each is its own rebuild. Prints each time, what serve reported for the
rebuild, and min / median / max in milliseconds.

--edit visible (the default) adds an HTML comment that ends up in every page the template draws, so those
pages are rendered and written again, as after a real edit. --edit comment adds a template comment, which
changes no page: the pages are rendered again and compared, and nothing is written.
The times include serve's debounce (PreviewSession.debounceMilliseconds, 30 ms): the wait after the last
change before the rebuild starts.
"""
import re
import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def open_events(port, page):
    sock = socket.create_connection(("127.0.0.1", port))
    query = "?page=" + urllib.parse.quote(page, safe="") if page else ""
    sock.sendall(("GET /__guzzi/events%s HTTP/1.1\r\nHost: localhost\r\n\r\n" % query).encode())
    sock.settimeout(10)
    return sock


def fetch(port, path):
    with urllib.request.urlopen("http://127.0.0.1:%d%s" % (port, path), timeout=10) as response:
        return response.read().decode("utf-8", "replace")


def wait_for(sock, marker, buffer):
    while marker not in buffer[0]:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("the event stream closed")
        buffer[0] += chunk
    index = buffer[0].index(marker) + len(marker)
    buffer[0] = buffer[0][index:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--edits", type=int, default=12)
    parser.add_argument("--templates", default="base.html,pages/motorcycle.html,partials/value.html")
    parser.add_argument("--phases", action="store_true", help="let serve print each rebuild's phases to stderr")
    parser.add_argument("--edit", choices=("visible", "comment"), default="visible")
    parser.add_argument("--page", default="moto",
                        help="the page the listener says it is: a URL path, 'moto' (the first motorcycle's English"
                             " page, the default) or 'none' (no page: serve rebuilds everything before the reload)")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="guzzi-reload-")
    shutil.copytree(os.path.join(ROOT, "Templates"), os.path.join(work, "Templates"))
    shutil.copytree(os.path.join(ROOT, "Resources"), os.path.join(work, "Resources"))
    command = [os.path.abspath(args.bin), "serve", "--port", "0", "--data", os.path.abspath(args.data),
               "--output", "site"]
    environment = dict(os.environ, GUZZI_TIMINGS="1") if args.phases else None
    server = subprocess.Popen(command, cwd=work, stdout=subprocess.PIPE, stderr=None if args.phases else
                              subprocess.DEVNULL, text=True, env=environment)
    try:
        port = None
        for line in server.stdout:
            if line.startswith("Serving "):
                port = int(line.split(":")[2].split("/")[0].split()[0])
                break
        if port is None:
            sys.exit("serve did not start")
        # serve prints a line per rebuild: keep reading them, or a full pipe would stop it.
        summaries = []

        def read_summaries():
            for line in server.stdout:
                summaries.append(line.strip())

        threading.Thread(target=read_summaries, daemon=True).start()
        page = args.page
        if page == "moto":
            page = "/en/moto/%s/" % sorted(os.listdir(os.path.join(work, "site", "en", "moto")))[0]
        elif page == "none":
            page = None
        sock = open_events(port, page)
        buffer = [b""]
        wait_for(sock, b"\r\n\r\n", buffer)
        names = args.templates.split(",")
        times = []
        for edit in range(args.edits):
            time.sleep(1)
            name = names[edit % len(names)]
            path = os.path.join(work, "Templates", name)
            with open(path) as handle:
                text = handle.read()
            if args.edit == "comment":
                text += "{# edit %d #}\n" % edit
            else:
                # Inside the first block of a template that extends a layout (text elsewhere is an error there).
                block = re.search(r"{%-?\s*block\s+\w+\s*-?%}", text) if "{% extends" in text else None
                mark = "<!-- edit %d -->" % edit
                text = text[:block.end()] + mark + text[block.end():] if block else text + mark + "\n"
            count = len(summaries)
            with open(path, "w") as handle:
                started = time.perf_counter()
                handle.write(text)
            wait_for(sock, b"event: reload", buffer)
            elapsed = (time.perf_counter() - started) * 1000
            times.append(elapsed)
            # What the reloading page gets: the edit must be in it (when its template draws this page).
            shown = "" if page is None or args.edit == "comment" else (
                "page has the edit" if ("<!-- edit %d -->" % edit) in fetch(port, page) else "page without the edit")
            deadline = time.time() + 5
            while not any(line.startswith("Wrote") for line in summaries[count:]) and time.time() < deadline:
                time.sleep(0.01)
            said = "; ".join(line.split(": ", 1)[-1] if line.startswith("Wrote") else line
                             for line in summaries[count:])
            print("%-28s %7.1f ms   %s   %s" % (name, elapsed, shown, said))
        print("reload after a %s template edit, open page %s: min %.1f ms, median %.1f ms, max %.1f ms over %d"
              " edits (debounce of 30 ms included)"
              % (args.edit, page or "none", min(times), statistics.median(times), max(times), len(times)))
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
