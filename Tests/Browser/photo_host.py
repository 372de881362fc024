"""A local stand-in for the hosts the site's photos come from (Flickr's static hosts, Wikimedia's upload host),
for browser tests and benchmarks on a machine without Internet access: an HTTPS server on 127.0.0.1 that answers
every path with a real JPEG whose pixel size and byte size follow what the URL asks for, so that pages load,
lay out and decode photos as they would in production (a 2.5 MB original takes as long to come down a throttled
line as a real one).

    import photo_host
    port, stop = photo_host.start()                   # self-signed certificate made now; sizes pre-made
    for argument in photo_host.chromium_args(port, photo_host.dataset_hosts(data_file)):
        options.add_argument(argument)
    ...
    stop()

Chromium reaches it through --host-resolver-rules (every photo host mapped to 127.0.0.1:PORT, the site's own
127.0.0.1/localhost left alone) and --ignore-certificate-errors: `chromium_args` gives both. Run on its own it
serves until interrupted: `python3 Tests/Browser/photo_host.py [--port N]` prints "port N".

What a URL gets (the byte sizes are targets the JPEG is padded up to with a comment segment after choosing the
highest quality that stays below them; noise in the picture makes the quality matter):
  - Flickr, `…/<id>_<secret>_<suffix>.jpg`: the suffix's size on the longest edge (s 75 and q 150 square; t 100,
    m 240, n 320, w 400, z 640, c 800, b 1024, h 1600, k 2048) in the photo's shape, which is the shape
    Tests/SiteChecks/fake_oembed.py gives the same photo id (3:2 landscape, some 4:3, every seventh portrait),
    so the file matches the width and height a sidecar made against that fake wrote into the pages. Sized files
    weigh pixels^0.85 through 25 KB at 320 × 213 and 180 KB at 1024 × 683 (a `_b` ≈ 180 KB, an `_n` ≈ 25 KB).
  - `_o` or no suffix (as the brief of this stand-in says, although Flickr's suffix-less file is 500 px): an
    original, 3000 × 2000 (4:3: 3000 × 2250; portrait 2000 × 3000), 2.5 MB.
  - Wikimedia, `/…/thumb/…/NNNpx-name`: NNN px wide, 3:2, weighed as a sized Flickr file; any other path on
    that host is an original.
  - Anything else (another host, another path): an original.
Every answer has `Cache-Control: public, max-age=31536000` (as Flickr sends), `Timing-Allow-Origin: *` and
`Access-Control-Allow-Origin: *`, HTTP/1.1 with keep-alive. Needs Pillow (`pip install pillow`) and the
`cryptography` package or the `openssl` command for the certificate.
"""

import argparse
import hashlib
import http.server
import io
import math
import os
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "SiteChecks"))

import fake_oembed  # noqa: E402  (the photo shapes, so files match a sidecar made against the fake)

# Hosts the site's photos may come from, besides those found in a dataset (dataset_hosts).
DEFAULT_HOSTS = ["live.staticflickr.com", "*.staticflickr.com", "upload.wikimedia.org"]
FLICKR_EDGES = {"s": 75, "q": 150, "t": 100, "m": 240, "n": 320, "w": 400, "z": 640, "c": 800, "b": 1024,
                "h": 1600, "k": 2048}
SQUARE = {"s", "q"}
ORIGINAL_EDGES = {"3:2": (3000, 2000), "4:3": (3000, 2250), "portrait": (2000, 3000)}
ORIGINAL_BYTES = 2_500_000
# sized files: bytes = SIZED_A * pixels ** SIZED_K, through (320 × 213, 25 KB) and (1024 × 683, 180 KB)
_P1, _B1, _P2, _B2 = 320 * 213, 25_000, 1024 * 683, 180_000
SIZED_K = math.log(_B2 / _B1) / math.log(_P2 / _P1)
SIZED_A = _B1 / _P1**SIZED_K


def sized_bytes(width, height):
    return int(SIZED_A * (width * height) ** SIZED_K)


def flickr_shape(photo_id):
    """The fake oEmbed endpoint's shape for this photo: '3:2', '4:3' or 'portrait'."""
    answer = fake_oembed.answer(photo_id, "x")
    if answer["height"] > answer["width"]:
        return "portrait"
    return "4:3" if answer["width"] * 3 == answer["height"] * 4 else "3:2"


def shaped(edge, shape):
    """(width, height) with `edge` px on the longest side."""
    if shape == "portrait":
        return round(edge * 2 / 3), edge
    return edge, round(edge * (3 / 4 if shape == "4:3" else 2 / 3))


FLICKR_FILE = re.compile(r"/(\d+)_[0-9a-f]+(?:_([a-z0-9]+))?\.(?:jpe?g|png|gif)$", re.I)
WIKIMEDIA_THUMB = re.compile(r"/thumb/.*/(\d+)px-[^/]+$")


def wanted(host, path):
    """(width, height, bytes) for a request."""
    path = path.split("?", 1)[0]
    host = (host or "").split(":", 1)[0].lower()
    if host.endswith("wikimedia.org"):
        match = WIKIMEDIA_THUMB.search(path)
        if match:
            width = max(1, min(int(match.group(1)), 6000))
            height = max(1, round(width * 2 / 3))
            return width, height, sized_bytes(width, height)
        width, height = ORIGINAL_EDGES["3:2"]
        return width, height, ORIGINAL_BYTES
    match = FLICKR_FILE.search(path)
    shape = flickr_shape(int(match.group(1))) if match else "3:2"
    suffix = (match.group(2) or "").lower() if match else ""
    if suffix in FLICKR_EDGES:
        edge = FLICKR_EDGES[suffix]
        width, height = (edge, edge) if suffix in SQUARE else shaped(edge, shape)
        return width, height, sized_bytes(width, height)
    width, height = ORIGINAL_EDGES[shape]
    return width, height, ORIGINAL_BYTES


# --- the pictures ----------------------------------------------------------------------------------------------

_canvas = None
_canvas_lock = threading.Lock()
_cache = {}
_cache_lock = threading.Lock()


def _picture(width, height):
    """A 3000 × 3000 picture made once (smooth colours under Gaussian noise), cropped and scaled to size."""
    global _canvas
    from PIL import Image, ImageChops

    with _canvas_lock:
        if _canvas is None:
            side = 3000
            seed = hashlib.sha256(b"guzzi photo host").digest()
            small = Image.frombytes("RGB", (8, 8), (seed * 6)[: 8 * 8 * 3])
            base = small.resize((side, side), Image.BICUBIC)
            noise = Image.merge("RGB", [Image.effect_noise((side, side), 16) for _ in range(3)])
            _canvas = ImageChops.add(base, noise, scale=1.0, offset=-128)
    if width <= 3000 and height <= 3000:
        return _canvas.crop((0, 0, width, height))
    return _canvas.resize((width, height), Image.BILINEAR)


def _pad(data, size):
    """The JPEG with comment segments (COM, at most 65 533 bytes of text each) after SOI, `size` bytes long."""
    missing = size - len(data)
    if missing <= 0:
        return data
    segments = []
    while missing > 0:
        body = max(1, min(65533, missing - 4))  # 2 bytes marker + 2 bytes length + body
        if missing - (body + 4) in (1, 2, 3):  # never leave a gap too small for a segment
            body -= 4
        segments.append(b"\xff\xfe" + (body + 2).to_bytes(2, "big") + b"\x00" * body)
        missing -= body + 4
    return data[:2] + b"".join(segments) + data[2:]


def jpeg(width, height, size):
    """A JPEG of width × height px and `size` bytes (more if even quality 5 is larger), made once per request
    shape and kept in memory."""
    key = (width, height, size)
    with _cache_lock:
        lock = _cache.setdefault(key, threading.Lock())
    with lock:
        cached = _cache.get(("done",) + key)
        if cached is not None:
            return cached
        picture = _picture(width, height)

        def encode(quality):
            out = io.BytesIO()
            picture.save(out, "JPEG", quality=quality)
            return out.getvalue()

        best = encode(5)
        low, high = 6, 95
        while low <= high:  # the highest quality that stays within the size
            middle = (low + high) // 2
            data = encode(middle)
            if len(data) <= size:
                best, low = data, middle + 1
            else:
                high = middle - 1
        data = _pad(best, size)
        _cache[("done",) + key] = data
        return data


def warm():
    """Makes the files the site asks for (the sidecar's sizes and the originals) before anything is timed."""
    for shape in ORIGINAL_EDGES:
        for suffix in ("n", "z", "c", "b"):
            width, height = shaped(FLICKR_EDGES[suffix], shape)
            jpeg(width, height, sized_bytes(width, height))
        width, height = ORIGINAL_EDGES[shape]
        jpeg(width, height, ORIGINAL_BYTES)


# --- the server --------------------------------------------------------------------------------------------------


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "photo-host"

    def log_message(self, *args):
        pass

    def answer(self, body):
        width, height, size = wanted(self.headers.get("Host"), self.path)
        data = jpeg(width, height, size)
        self.server.served.append((self.headers.get("Host"), self.path, len(data)))
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "public, max-age=31536000")
        self.send_header("Timing-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def do_GET(self):
        self.answer(True)

    def do_HEAD(self):
        self.answer(False)


class TLSServer(http.server.ThreadingHTTPServer):
    """TLS on each connection in its own thread (a handshake in accept() would hold up every other client), with a
    listen backlog of 1024: socketserver's default of 5 fills when a gallery asks for its photos at once on a busy
    machine, and a connection then waits a second or more for the kernel's SYN retry."""

    daemon_threads = True
    request_queue_size = 1024
    context = None

    def finish_request(self, request, client_address):
        try:
            request = self.context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return
        super().finish_request(request, client_address)

    def handle_error(self, request, client_address):
        pass  # a browser closing a connection mid-answer is not an error here


def certificate(folder):
    """A self-signed certificate for localhost and the photo hosts: (cert file, key file)."""
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    names = ["localhost", "staticflickr.com", "*.staticflickr.com", "upload.wikimedia.org"]
    try:
        import datetime

        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID

        private = ec.generate_private_key(ec.SECP256R1())
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "guzzi photo host")])
        now = datetime.datetime.now(datetime.timezone.utc)
        built = (
            x509.CertificateBuilder()
            .subject_name(subject)
            .issuer_name(subject)
            .public_key(private.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=7))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in names]), critical=False)
            .sign(private, hashes.SHA256())
        )
        with open(cert, "wb") as f:
            f.write(built.public_bytes(serialization.Encoding.PEM))
        with open(key, "wb") as f:
            f.write(private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    except ImportError:
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", key, "-out", cert, "-days", "7", "-subj", "/CN=guzzi photo host",
             "-addext", "subjectAltName=" + ",".join("DNS:" + n for n in names)],
            check=True, capture_output=True,
        )
    return cert, key


def start(port=0, warm_up=True):
    """Starts the stand-in on 127.0.0.1 in a background thread: (port, stop). Raises ImportError without Pillow.
    With warm_up, the common files are made before it returns (a second or two), so that no timed request
    waits for one to be drawn. The server's `served` list ([(host, path, bytes)]) is at stop.server."""
    import PIL  # noqa: F401  (fail now, not at the first request)

    folder = tempfile.mkdtemp(prefix="guzzi-photo-host-")
    try:
        cert, key = certificate(folder)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if warm_up:
        warm()
    server = TLSServer(("127.0.0.1", port), Handler)
    server.context = context
    server.served = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def stop():
        server.shutdown()
        server.server_close()
        thread.join(5)

    stop.server = server
    return server.server_address[1], stop


def dataset_hosts(*files):
    """The photo hosts named in datasets (and their photo sidecars, if given), with DEFAULT_HOSTS: every host of
    an http(s) URL in an "images" list or a sidecar's `src`/`url` fields; other URLs (Flickr pages, licences)
    are not photos the pages load."""
    import json

    hosts = list(DEFAULT_HOSTS)

    def walk(value, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                yield from walk(v, k)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v, key)
        elif isinstance(value, str) and key in ("images", "src", "url", "image") and value.startswith("http"):
            yield value

    for path in files:
        if not path or not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        for url in walk(data):
            host = re.match(r"https?://([^/:?#]+)", url)
            if host and re.search(r"\.(jpe?g|png|gif|webp)(\?|$)", url, re.I):
                name = host.group(1).lower()
                if name not in hosts and not (name.endswith(".staticflickr.com") and "*.staticflickr.com" in hosts):
                    hosts.append(name)
    return hosts


def chromium_args(port, hosts=None):
    """Chromium switches that send the photo hosts to the stand-in and accept its certificate."""
    rules = ", ".join("MAP %s 127.0.0.1:%d" % (host, port) for host in (hosts or DEFAULT_HOSTS))
    return ["--host-resolver-rules=%s, EXCLUDE localhost" % rules, "--ignore-certificate-errors"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    port, stop = start(args.port)
    print("port %d" % port, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        stop()


if __name__ == "__main__":
    main()
