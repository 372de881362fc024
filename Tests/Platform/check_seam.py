#!/usr/bin/env python3
"""The seam check: only `Sources/OperatingSystem/` may talk to the C library of one operating system.

Why: the package builds on Linux (Glibc) and on macOS (Darwin). The two C libraries differ in ways the compiler only
reports on the platform that lacks a name: inotify, renameat2, MSG_NOSIGNAL, SOCK_CLOEXEC, O_TMPFILE, st_mtim and
/proc exist on Linux only; renameatx_np, SO_NOSIGPIPE, F_FULLFSYNC and st_mtimespec on Darwin only; SOCK_STREAM
is an enum on Glibc and an Int32 on Darwin. A Linux build (our CI's everyday one) compiles a Linux-only call
without a word, and the Mac build, run less often, is the first to meet it. So every such call lives in one
module, `OperatingSystem` (`CLibrary.swift` re-exports Glibc or Darwin; the other files there wrap the calls that
differ), and this script fails when one appears anywhere else. It is a text check, cheap enough for every run:
it does not prove the Mac build compiles (the macOS CI job does), it keeps the reason it would not in one place.

    python3 Tests/Platform/check_seam.py [ROOT]     # ROOT: the repository (default: this script's)

Scanned: `Sources/**/*.swift` and `Tests/**/*.swift` under ROOT, except `Sources/OperatingSystem/`. A finding is
printed as `path:line: what`, one per line, and the exit status is 1; a clean tree prints
`seam check: N files, clean` and exits 0 (2: ROOT has neither Sources/ nor Tests/).

Outside Sources/OperatingSystem/, a compile condition may not read GUZZI_PORTABLE: the test command's portable build
(`GUZZI_PORTABLE=1`) defines it for that module only (Package.swift's `seam` settings), so a condition elsewhere
would keep its Linux branch in that build and the portable path would go untested.

What is forbidden outside the seam:
  - importing the C library (`import Glibc`, `import Darwin`, `import Musl`) or naming it (`Glibc.stat`);
    `#if canImport(Glibc)` is a condition, not an import, and is fine;
  - the platform facts in FACTS below.
Comments (`//`, `/* */`) are not code; string literals are (a "/proc/self/exe" is a use of /proc).
In Tests only, a line inside an `#if os(Linux)` branch (also `canImport(Glibc)`, `#elseif os(Linux)`, the
`#else` of `#if !os(Linux)`, nested at any depth) may use the Linux facts: a test may check what only Linux
has, in code a Mac never compiles. Likewise `#if os(macOS)` / `canImport(Darwin)` branches for Darwin's facts.
Imports stay forbidden there too.
"""

import os
import re
import sys

SEAM = "Sources/OperatingSystem/"

LINUX, DARWIN, BOTH = "Linux", "Darwin", "both"

# (regular expression, what it is, the platform whose guarded test code may use it)
FACTS = [
    (r"\binotify_\w*", "inotify (Linux-only)", LINUX),
    (r"\bIN_(?:CLOEXEC|NONBLOCK)\b", "an inotify flag (Linux-only)", LINUX),
    (r"\brenameat2\b", "renameat2 (Linux-only)", LINUX),
    (r"\bRENAME_EXCHANGE\b", "RENAME_EXCHANGE (Linux-only)", LINUX),
    (r"\brenameatx_np\b", "renameatx_np (Darwin-only)", DARWIN),
    (r"\bRENAME_SWAP\b", "RENAME_SWAP (Darwin-only)", DARWIN),
    (r"\bdlsym\b", "dlsym (looks up names the C library hides; their presence differs)", BOTH),
    (r"\bst_[amc]tim\b", "a stat time field (st_*tim is Linux's name)", LINUX),
    (r"\bst_[amc]timespec\b", "a stat time field (st_*timespec is Darwin's name)", DARWIN),
    (r"\bMSG_NOSIGNAL\b", "MSG_NOSIGNAL (Linux-only)", LINUX),
    (r"\bMSG_MORE\b", "MSG_MORE (Linux-only)", LINUX),
    (r"\bSO_NOSIGPIPE\b", "SO_NOSIGPIPE (Darwin-only)", DARWIN),
    (r"\bF_FULLFSYNC\b", "F_FULLFSYNC (Darwin-only)", DARWIN),
    (r"\bSOCK_CLOEXEC\b", "SOCK_CLOEXEC (Linux-only)", LINUX),
    (r"\bSOCK_(?:STREAM|DGRAM)\b", "a socket type (an enum on Glibc, an Int32 on Darwin)", BOTH),
    (r"\bsendfile\s*\(", "sendfile (different signatures on Linux and Darwin)", BOTH),
    (r"\bepoll_\w*", "epoll (Linux-only)", LINUX),
    (r"\beventfd\w*", "eventfd (Linux-only)", LINUX),
    (r"\baccept4\b", "accept4 (Linux-only)", LINUX),
    (r"\bpipe2\b", "pipe2 (Linux-only)", LINUX),
    (r"\bO_TMPFILE\b", "O_TMPFILE (Linux-only)", LINUX),
    (r"\"/proc\"|(?<![\w.-])/proc/", "/proc (Linux-only)", LINUX),
    (r"\bfdatasync\b", "fdatasync (Linux-only in Swift's Darwin module)", LINUX),
    (r"\bsched_getaffinity\b", "sched_getaffinity (Linux-only)", LINUX),
    (r"\bprctl\b", "prctl (Linux-only)", LINUX),
]
IMPORTS = [
    (r"\bimport\s+(?:\w+\s+)?(?:Glibc|Darwin|Musl)\b", "imports the C library"),
    (r"(?<![\w.])(?:Glibc|Darwin|Musl)\.\w", "names the C library's module"),
]

# One pass per line: every rule is a named group of one alternation; the group that matched names the rule.
_RULES = [(what, None) for _, what in IMPORTS] + [(what, platform) for _, what, platform in FACTS]
_PATTERN = re.compile("|".join("(?P<r%d>%s)" % (i, rx) for i, rx in enumerate([rx for rx, _ in IMPORTS]
                                                                               + [rx for rx, _, _ in FACTS])))
# a cheap test that a line may hold a finding at all (most lines do not)
_MAYBE = re.compile(r"Glibc|Darwin|Musl|inotify|IN_|rename|RENAME|dlsym|st_|MSG_|SO_NOSIGPIPE|F_FULLFSYNC|SOCK_"
                    r"|sendfile|epoll|eventfd|accept4|pipe2|O_TMPFILE|/proc|fdatasync|sched_|prctl")

_DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")
_PLATFORM_CONDITIONS = {
    LINUX: {"os(Linux)", "canImport(Glibc)"},
    DARWIN: {"os(macOS)", "canImport(Darwin)"},
}


def condition_platform(condition):
    """The platform a compile condition restricts its branch to, or None. True for `os(Linux)`,
    `os(Linux) && !SOME_FLAG`, `(canImport(Glibc))`; not for `!os(Linux)` nor anything with `||`."""
    condition = re.sub(r"\s+", "", condition.split("//", 1)[0])
    if "||" in condition:
        return None
    terms = set()
    for term in condition.split("&&"):
        while term.startswith("(") and term.endswith(")"):
            term = term[1:-1]
        terms.add(term)
    for platform, names in _PLATFORM_CONDITIONS.items():
        if terms & names:
            return platform
    return None


def negated_platform(condition):
    """For `#if !os(Linux)` alone: the platform its `#else` branch is restricted to."""
    condition = re.sub(r"\s+", "", condition.split("//", 1)[0])
    if condition.startswith("!"):
        return condition_platform(condition[1:])
    return None


class CodeLines:
    """Strips comments from Swift source, line by line, keeping string literals (their text is code here).
    Handles `//`, nested `/* */`, "strings" with escapes, raw #"strings"#, and multi-line \"\"\" strings."""

    def __init__(self):
        self.block_depth = 0  # inside /* */, nested
        self.multiline = None  # the closing delimiter of an open multi-line string, e.g. '\"\"\"' or '\"\"\"#'

    _TOKEN = re.compile(r'//|/\*|(#*)("""|")')
    _BLOCK = re.compile(r"/\*|\*/")

    def code(self, line):
        if not self.block_depth and not self.multiline and "/" not in line and '"' not in line:
            return line  # most lines
        out = []
        i, n = 0, len(line)
        while i < n:
            if self.block_depth:  # inside /* */: find its end (or a nested start)
                match = self._BLOCK.search(line, i)
                if not match:
                    break
                self.block_depth += 1 if match.group(0) == "/*" else -1
                i = match.end()
                continue
            if self.multiline:  # inside a """ string: its text is code, up to the closing delimiter
                end = line.find(self.multiline, i)
                while end > 0 and not self.multiline.endswith("#") and _escaped(line, end):
                    end = line.find(self.multiline, end + 1)
                if end < 0:
                    out.append(line[i:])
                    break
                out.append(line[i:end + len(self.multiline)])
                i = end + len(self.multiline)
                self.multiline = None
                continue
            match = self._TOKEN.search(line, i)
            if not match:
                out.append(line[i:])
                break
            out.append(line[i:match.start()])
            token = match.group(0)
            if token == "//":
                break
            if token == "/*":
                self.block_depth = 1
                i = match.end()
                continue
            hashes, quote = match.group(1), match.group(2)
            closing = quote + hashes
            if quote == '"""':
                self.multiline = closing
                out.append(token)
                i = match.end()
                continue
            j = match.end()  # a one-line string: to its closing quote, over escapes (none in raw strings)
            while j < n:
                if not hashes and line[j] == "\\":
                    j += 2
                    continue
                if line.startswith(closing, j):
                    j += len(closing)
                    break
                j += 1
            out.append(line[match.start():j])
            i = j
        return "".join(out)


def _escaped(line, index):
    backslashes = 0
    while index - backslashes - 1 >= 0 and line[index - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def check_file(path, relative, in_tests):
    """The findings of one file: [(line number, what)]."""
    findings = []
    stripper = CodeLines()
    # one entry per open #if: [platform of the current branch, platform its #else would have]
    branches = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            was_in_string = stripper.multiline is not None
            code = stripper.code(line.rstrip("\n"))
            directive = None if was_in_string else _DIRECTIVE.match(code)
            if directive:
                keyword, condition = directive.group(1), directive.group(2)
                if "GUZZI_PORTABLE" in condition:
                    findings.append((number, "GUZZI_PORTABLE: only %s may read it (`GUZZI_PORTABLE=1 swift build`,"
                                     " the test command's portable build, defines it there alone)" % SEAM))
                if keyword == "if":
                    branches.append([condition_platform(condition), negated_platform(condition)])
                elif keyword == "elseif" and branches:
                    branches[-1] = [condition_platform(condition), None]
                elif keyword == "else" and branches:
                    branches[-1] = [branches[-1][1], None]
                elif keyword == "endif" and branches:
                    branches.pop()
                continue
            if not _MAYBE.search(code):
                continue
            guarded = {b[0] for b in branches if b[0]} if in_tests else set()
            seen = set()
            for match in _PATTERN.finditer(code):
                what, platform = _RULES[int(match.lastgroup[1:])]
                if platform and (platform in guarded or (platform == BOTH and guarded)):
                    continue
                text = match.group(0).strip()
                key = "the C library" if platform is None else (what, text)
                if key in seen:  # once per line (`import struct Glibc.stat` is one finding, not two)
                    continue
                seen.add(key)
                if platform is None:
                    findings.append((number, "%s (%s): only %s may" % (what, text, SEAM)))
                else:
                    findings.append((number, "%s: %s, call it through %s" % (text, what, SEAM)))
    return findings


def swift_files(root):
    """(path, path relative to root with '/') of every .swift file under Sources/ and Tests/, sorted."""
    found = []
    for top in ("Sources", "Tests"):
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                if name.endswith(".swift"):
                    path = os.path.join(folder, name)
                    found.append((path, os.path.relpath(path, root).replace(os.sep, "/")))
    return found


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if len(argv) > 2 or not any(os.path.isdir(os.path.join(root, top)) for top in ("Sources", "Tests")):
        print("usage: check_seam.py [ROOT]  (ROOT holds Sources/ and Tests/; got %r)" % root, file=sys.stderr)
        return 2
    files = [(path, relative) for path, relative in swift_files(root) if not relative.startswith(SEAM)]
    count = 0
    for path, relative in files:
        for number, what in check_file(path, relative, relative.startswith("Tests/")):
            print("%s:%d: %s" % (relative, number, what))
            count += 1
    if count:
        print("seam check: %d files, %d findings" % (len(files), count), file=sys.stderr)
        return 1
    print("seam check: %d files, clean" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
