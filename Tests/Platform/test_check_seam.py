"""Self-tests of check_seam.py: small trees in temporary folders that it must pass or fail.

    python3 -m unittest discover -s Tests/Platform
"""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "check_seam.py")


class SeamCheckTests(unittest.TestCase):
    def tree(self, files):
        """A temporary repository with {relative path: Swift source}: the script's (exit status, stdout, stderr)."""
        root = tempfile.mkdtemp(prefix="seam-check-")
        self.addCleanup(subprocess.run, ["rm", "-rf", root])
        for relative, text in files.items():
            path = os.path.join(root, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(textwrap.dedent(text).lstrip("\n"))
        run = subprocess.run([sys.executable, SCRIPT, root], capture_output=True, text=True, timeout=60)
        return run.returncode, run.stdout, run.stderr

    def assertClean(self, files, count=None):
        status, out, err = self.tree(files)
        self.assertEqual((status, err), (0, ""), out)
        self.assertEqual(out, "seam check: %d files, clean\n" % (count if count is not None else len(files)))

    def assertFindings(self, files, expected):
        """`expected`: the 'path:line' of every finding, in order."""
        status, out, _ = self.tree(files)
        self.assertEqual(status, 1, out)
        self.assertEqual([line.split(": ", 1)[0] for line in out.splitlines()], expected, out)

    def test_a_clean_tree_passes_and_the_seam_may_do_anything(self):
        self.assertClean(
            {
                "Sources/OperatingSystem/CLibrary.swift": """
                    #if canImport(Glibc)
                        @_exported import Glibc
                    #elseif canImport(Darwin)
                        @_exported import Darwin
                    #endif
                    let fd = inotify_init1(Int32(IN_CLOEXEC))
                    let exe = "/proc/self/exe"
                """,
                "Sources/Site/Page.swift": """
                    import Foundation
                    import OperatingSystem
                    let mtime = FileTimes.modified(path)  // not st_mtim: through the seam
                """,
                "Tests/SiteTests/PageTests.swift": "import Testing\n",
            },
            count=2,
        )

    def test_importing_or_naming_the_c_library_outside_the_seam_fails(self):
        self.assertFindings(
            {
                "Sources/Server/Socket.swift": """
                    import Glibc
                    @_exported import Darwin
                    import struct Musl.stat
                    let n = Glibc.write(fd, p, 1)
                """,
                "Tests/ServerTests/SocketTests.swift": """
                    #if canImport(Glibc)
                        import Glibc
                    #endif
                """,
            },
            ["Sources/Server/Socket.swift:1", "Sources/Server/Socket.swift:2", "Sources/Server/Socket.swift:3",
             "Sources/Server/Socket.swift:4", "Tests/ServerTests/SocketTests.swift:2"],
        )

    def test_each_platform_fact_is_found(self):
        facts = [
            "inotify_init1(0)", "IN_CLOEXEC", "IN_NONBLOCK", "renameat2(a, b, c, d, 0)", "renameatx_np(a, b, c, d, 0)",
            "RENAME_EXCHANGE", "RENAME_SWAP", "dlsym(nil, name)", "s.st_mtim.tv_sec", "s.st_mtimespec.tv_sec",
            "s.st_atim", "s.st_ctim", "MSG_NOSIGNAL", "MSG_MORE", "SO_NOSIGPIPE", "F_FULLFSYNC", "SOCK_CLOEXEC",
            "SOCK_STREAM", "SOCK_DGRAM", "sendfile (out, fd, nil, n)", "epoll_create1(0)", "eventfd(0, 0)",
            "accept4(fd, nil, nil, 0)", "pipe2(&fds, 0)", "O_TMPFILE", 'open("/proc/self/exe")',
            'contentsOfDirectory(atPath: "/proc")', "fdatasync(fd)", "sched_getaffinity(0, n, &set)",
            "prctl(PR_SET_PDEATHSIG)",
        ]
        source = "".join("let x%d = %s\n" % (i, fact) for i, fact in enumerate(facts))
        self.assertFindings({"Sources/Site/All.swift": source},
                            ["Sources/Site/All.swift:%d" % (i + 1) for i in range(len(facts))])

    def test_near_misses_are_not_findings(self):
        self.assertClean(
            {
                "Sources/Site/Near.swift": """
                    let a = s.st_mtime  // a C macro Swift does not import, and not st_mtim
                    let b = "https://example.org/proc/1"
                    let c = procedure(SOCK_STREAMING_ENABLED)
                    let d = sendfileCount + myinotify_thing
                    #if canImport(Glibc) && !SOME_FLAG
                    let e = DarwinNotes.count
                    #endif
                    let f = renameat2Available
                """
            }
        )

    def test_comments_are_not_code_but_strings_are(self):
        self.assertFindings(
            {
                "Sources/Site/Comments.swift": """
                    // inotify_init1 is wrapped by the seam
                    /// `import Glibc` hides renameat2
                    let a = 1  // renameat2(RENAME_EXCHANGE)
                    /* st_mtim
                       /* nested: MSG_NOSIGNAL */
                       still a comment: epoll_wait */
                    let url = "http://example.org/"; let fd = inotify_init1(0)
                    let text = "a \\"quoted\\" // not a comment"; let s = SOCK_STREAM
                    let raw = #"a "raw" // string"#; prctl(0)
                    let page = \"\"\"
                        // inside a string: still code
                        /proc/self/status
                        \"\"\"
                    let b = 2 /* a comment */ + pipe2(&fds, 0)
                    let c = "/* not a comment */ \\(eventfd(0, 0))"
                """
            },
            ["Sources/Site/Comments.swift:7", "Sources/Site/Comments.swift:8", "Sources/Site/Comments.swift:9",
             "Sources/Site/Comments.swift:12", "Sources/Site/Comments.swift:14", "Sources/Site/Comments.swift:15"],
        )

    def test_tests_may_use_linux_facts_inside_linux_branches_only(self):
        self.assertFindings(
            {
                "Tests/SiteTests/Memory.swift": """
                    #if os(Linux)
                        let status = "/proc/self/status"
                        #if DEBUG
                            let fd = inotify_init1(0)
                        #endif
                        let stillLinux = "/proc/self/fd"
                    #else
                        let other = "/proc/meminfo"
                    #endif
                    #if !os(Linux)
                        let mac = "/proc/cpuinfo"
                    #else
                        let linux = "/proc/cpuinfo"
                    #endif
                    #if os(macOS)
                        let a = F_FULLFSYNC
                        let b = MSG_NOSIGNAL
                    #elseif os(Linux) && !SOME_FLAG
                        let c = MSG_NOSIGNAL
                        let d = SOCK_STREAM
                    #elseif os(Windows)
                        let e = MSG_NOSIGNAL
                    #endif
                    #if os(Linux) || os(macOS)
                        let f = "/proc"
                    #endif
                    let g = "/proc/self/exe"
                """
            },
            ["Tests/SiteTests/Memory.swift:8", "Tests/SiteTests/Memory.swift:11", "Tests/SiteTests/Memory.swift:17",
             "Tests/SiteTests/Memory.swift:22", "Tests/SiteTests/Memory.swift:25", "Tests/SiteTests/Memory.swift:27"],
        )

    def test_sources_may_not_use_linux_facts_even_inside_linux_branches(self):
        self.assertFindings(
            {
                "Sources/Site/Keys.swift": """
                    #if os(Linux)
                        let exe = "/proc/self/exe"
                    #endif
                """,
                "Tests/SiteTests/Keys.swift": """
                    #if os(Linux)
                        import Glibc
                        let exe = "/proc/self/exe"
                    #endif
                """,
            },
            ["Sources/Site/Keys.swift:2", "Tests/SiteTests/Keys.swift:2"],
        )

    def test_guzzi_portable_is_read_only_where_package_swift_defines_it(self):
        self.assertFindings(
            {
                "Sources/OperatingSystem/Paths.swift": "#if canImport(Glibc) && !GUZZI_PORTABLE\n#endif\n",
                "Sources/Server/FileWatcher.swift": "// without inotify (GUZZI_PORTABLE)\n#if os(Linux) && !GUZZI_PORTABLE\n#else\n#endif\n",
                "Sources/Site/Output.swift": "let a = 1\n#if os(Linux) && !GUZZI_PORTABLE\n#endif\n",
                "Tests/ServerTests/Watch.swift": "#if GUZZI_PORTABLE\n#elseif os(Linux)\n#endif\n",
            },
            ["Sources/Server/FileWatcher.swift:2", "Sources/Site/Output.swift:2", "Tests/ServerTests/Watch.swift:1"],
        )

    def test_the_output_names_the_finding(self):
        status, out, err = self.tree({"Sources/Site/A.swift": "let a = 1\nlet b = 2\nlet n = send(fd, p, 1, Int32(MSG_NOSIGNAL))\n"})
        self.assertEqual(status, 1)
        self.assertRegex(out, r"^Sources/Site/A\.swift:3: MSG_NOSIGNAL: .*Linux-only.*Sources/OperatingSystem/\n$")
        self.assertIn("1 findings", err)

    def test_a_root_without_sources_or_tests_is_a_usage_error(self):
        root = tempfile.mkdtemp(prefix="seam-check-")
        self.addCleanup(os.rmdir, root)
        run = subprocess.run([sys.executable, SCRIPT, root], capture_output=True, text=True, timeout=60)
        self.assertEqual(run.returncode, 2, run.stderr)


if __name__ == "__main__":
    unittest.main()
