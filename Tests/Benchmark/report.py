#!/usr/bin/env python3
"""Print the tables of a bench.sh run (Markdown) and check them against the targets of issue 6.

Usage: report.py RESULTS_DIR      (bench.sh calls it with WORK/results)

RESULTS_DIR/run.env, and one folder per dataset holding:
  meta.env                    bikes, load, byte and file counts (key=value)
  ours.json cp.json hugo.json hyperfine exports (…-shm.json: the same on /dev/shm)
  floor.json                  WriteFloor.swift's times, in the same format (user and system time not measured)
  ours.stdout                 the tool's "Wrote N pages (M files) to DIR in T ms" lines
  ours.stderr                 GUZZI_TIMINGS=1 lines "phases: decode=9.1ms plan=3.2ms render+write=45.6ms publish=7.8ms"
                              (one per run, the warmup first); absent or unparsable -> "n/a"
  time-ours.txt time-hugo.txt /usr/bin/time -v of one extra run (peak RSS)
  ours-none.json ours-one.json hugo-none.json hugo-one.json   the rebuilds over an existing output (issue 13):
                              nothing changed, and one motorcycle's power changed (one-bike.txt names it)
  ours-*.stdout               the tool's "…: N changed, M removed, K unchanged, in T ms" lines
  ours-*.files hugo-*.files   the files one more run of each wrote (find -newer), one path a line
"""
import json, os, re, statistics, sys
from collections import namedtuple

PHASES = re.compile(r"^phases:((?:\s+[^\s=]+=[0-9.]+ms)+)\s*$")
PHASE = re.compile(r"([^\s=]+)=([0-9.]+)ms")
WROTE = re.compile(r"Wrote (\d+) pages \((\d+) files\)")
CHANGES = re.compile(r": (\d+) changed, (\d+) removed, (\d+) unchanged")
# One dataset on one file system: the tools' timings (hf() dicts or None), peak memory and the two ratios.
Row = namedtuple("Row", "bikes ours hugo cp floor rss h_rss r_h r_c")


def env(path):
    out = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                out[k] = v
    return out


def hf(folder, name):
    """hyperfine result: dict with times in ms, or None."""
    path = os.path.join(folder, name + ".json")
    if not os.path.exists(path):
        return None
    r = json.load(open(path))["results"][0]
    ms = [t * 1000 for t in r["times"]]
    return {"min": min(ms), "median": statistics.median(ms), "max": max(ms), "n": len(ms),
            "user": r["user"] * 1000, "sys": r["system"] * 1000}


def peak_mib(folder, name):
    path = os.path.join(folder, f"time-{name}.txt")
    if not os.path.exists(path):
        return None
    for line in open(path):
        if "Maximum resident set size" in line:
            return int(line.split(":")[1]) / 1024
    return None


def phases(folder, name, runs):
    """Median of each phase over the timed runs (the first line, the warmup, is dropped)."""
    path = os.path.join(folder, name + ".stderr")
    if not os.path.exists(path):
        return None
    lines = [m.group(1) for m in map(PHASES.match, open(path, encoding="utf-8", errors="replace")) if m]
    if not lines:
        return None
    if len(lines) > runs:
        lines = lines[len(lines) - runs:]
    table = {}
    for line in lines:
        for key, value in PHASE.findall(line):
            table.setdefault(key, []).append(float(value))
    return {k: statistics.median(v) for k, v in table.items()}


def wrote(folder, name):
    path = os.path.join(folder, name + ".stdout")
    if os.path.exists(path):
        found = WROTE.findall(open(path, encoding="utf-8", errors="replace").read())
        if found:
            return int(found[-1][0]), int(found[-1][1])
    return None, None


def changes(folder, name):
    """(changed, removed) of the last summary line of a rebuild, or None."""
    path = os.path.join(folder, name + ".stdout")
    if os.path.exists(path):
        found = CHANGES.findall(open(path, encoding="utf-8", errors="replace").read())
        if found:
            return int(found[-1][0]), int(found[-1][1])
    return None


def written_files(folder, name):
    path = os.path.join(folder, name + ".files")
    if not os.path.exists(path):
        return None
    return [line.strip() for line in open(path, encoding="utf-8") if line.strip()]


def kind(path):
    """What a file of our site is, for the list of what a one-bike edit writes."""
    parts = path.split("/")
    if path == ".guzzi-site":
        return "marker (manifest)"
    if path in ("sitemap.xml", "robots.txt", "index.html", "404.html"):
        return path
    if parts[0] == "assets":
        return "asset"
    if len(parts) == 2 and parts[1] == "index.json":
        return "JSON index"
    if len(parts) == 2:
        return "catalogue page"
    if parts[1] == "moto":
        return "motorcycle page" if len(parts) == 4 else "gallery page"
    if parts[1] in ("charts", "grafici"):
        return "charts page"
    if parts[1] in ("browse", "sfoglia"):
        return "browse page"
    return "facet overview" if len(parts) == 3 else "facet value page"


def fmt_ms(x):
    if x is None:
        return "n/a"
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}"


def mmm(r):
    return "n/a" if r is None else f"{fmt_ms(r['min'])} / **{fmt_ms(r['median'])}** / {fmt_ms(r['max'])}"


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def mark(ok):
    return "n/a" if ok is None else ("PASS" if ok else "FAIL")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "/tmp/guzzi-bench/results"
    run = env(os.path.join(root, "run.env"))
    runs = int(run.get("runs", "5"))
    sets = []
    for name in os.listdir(root):
        folder = os.path.join(root, name)
        if os.path.isdir(folder) and os.path.exists(os.path.join(folder, "meta.env")):
            meta = env(os.path.join(folder, "meta.env"))
            sets.append((int(meta.get("bikes", 0)), name, folder, meta))
    sets.sort()
    if not sets:
        sys.exit(f"report.py: no results in {root}")

    print(f"Machine: {run.get('cores', '?')} cores, {run.get('host', '?')}; {run.get('hugo', '')}; "
          f"{runs} timed runs + 1 warmup each (hyperfine -N), every build into a fresh output folder "
          f"(the previous one renamed aside, deleted only at the end, and a disk block starts at least --recent s after any delete on the disk). "
          f"Load average {run.get('load_start', '?')} at start, {run.get('load_end', '?')} at end; "
          f"whole run {run.get('elapsed', '?')} s. "
          f"Times in ms: min / **median** / max.\n")

    rows = {}
    for fs, sfx in (("disk (ext4)", ""), ("tmpfs (/dev/shm)", "-shm")):
        if not any(hf(folder, "ours" + sfx) for _, _, folder, _ in sets):
            continue
        print(f"### guzzi-site, {fs}\n")
        print("| dataset | bikes | pages | files | bytes (du -sb · file contents) | wall ms | pages/s | peak RSS | phases (median ms) | load avg |")
        print("|---|---:|---:|---:|---:|---|---:|---:|---|---|")
        for bikes, name, folder, meta in sets:
            ours = hf(folder, "ours" + sfx)
            if ours is None:
                continue
            pages, files = wrote(folder, "ours" + sfx)
            ph = phases(folder, "ours" + sfx, runs)
            ph_text = "n/a" if ph is None else " ".join(f"{k}={v:.1f}" for k, v in ph.items())
            rss = peak_mib(folder, "ours" + sfx)
            pps = None if pages is None else pages / (ours["median"] / 1000)
            print(f"| {name} | {bikes:,} | {pages if pages is not None else 'n/a':,} | "
                  f"{files if files is not None else 'n/a':,} | {int(meta.get('ours_bytes' + sfx, 0)):,} · {int(meta.get('ours_content_bytes' + sfx, 0)):,} | {mmm(ours)} | "
                  f"{'n/a' if pps is None else f'{pps:,.0f}'} | {'n/a' if rss is None else f'{rss:.0f} MiB'} | "
                  f"{ph_text} | {meta.get('load', '?')} |")
        print()
        print(f"### Beside Hugo and cp -r, {fs}\n")
        print("| dataset | ours median | Hugo (min / med / max) | Hugo pages · peak RSS | cp -r (min / med / max) | "
              "write floor (min / med / max) | Hugo bytes (du -sb) | Hugo / ours (≥ 10) | ours / cp (≤ 3) | "
              "ours / floor | CPU user+sys ours · Hugo |")
        print("|---|---:|---|---|---|---|---:|---:|---:|---:|---|")
        for bikes, name, folder, meta in sets:
            ours, hugo, cp, floor = (hf(folder, t + sfx) for t in ("ours", "hugo", "cp", "floor"))
            if ours is None:
                continue
            h_rss = peak_mib(folder, "hugo" + sfx)
            r_h, r_c = ratio(hugo and hugo["median"], ours["median"]), ratio(ours["median"], cp and cp["median"])
            r_f = ratio(ours["median"], floor and floor["median"])
            rows[(sfx, name)] = Row(bikes, ours, hugo, cp, floor, peak_mib(folder, "ours" + sfx), h_rss, r_h, r_c)
            cpu = f"{fmt_ms(ours['user'] + ours['sys'])} · {fmt_ms(hugo['user'] + hugo['sys']) if hugo else 'n/a'}"
            hp = meta.get("hugo_pages" + sfx)
            hb = f"{int(meta['hugo_bytes' + sfx]):,}" if meta.get("hugo_bytes" + sfx) else "n/a"
            print(f"| {name} | {fmt_ms(ours['median'])} | {mmm(hugo)} | "
                  f"{hp or 'n/a'} · {'n/a' if h_rss is None else f'{h_rss:.0f} MiB'} | {mmm(cp)} | {mmm(floor)} | {hb} | "
                  f"{'n/a' if r_h is None else f'{r_h:.1f}×'} {mark(None if r_h is None else r_h >= 10)} | "
                  f"{'n/a' if r_c is None else f'{r_c:.2f}×'} {mark(None if r_c is None else r_c <= 3)} | "
                  f"{'n/a' if r_f is None else f'{r_f:.2f}×'} | {cpu} |")
        print()

    rebuild_rows = []
    for fs, sfx in (("disk (ext4)", ""), ("tmpfs (/dev/shm)", "-shm")):
        if not any(hf(folder, "ours-none" + sfx) for _, _, folder, _ in sets):
            continue
        print(f"### Rebuilds over the existing output, {fs} (issue 13)\n")
        print("| dataset | edit | ours (min / med / max) | ours wrote · removed | Hugo (min / med / max) | Hugo wrote | "
              "Hugo / ours (≥ 10) | CPU user+sys ours · Hugo |")
        print("|---|---|---|---|---|---:|---:|---|")
        for bikes, name, folder, meta in sets:
            for case, label in (("none", "no change"), ("one", "one bike's power")):
                ours, hugo = hf(folder, f"ours-{case}{sfx}"), hf(folder, f"hugo-{case}{sfx}")
                if ours is None:
                    continue
                ch = changes(folder, f"ours-{case}{sfx}")
                written = written_files(folder, f"ours-{case}{sfx}")
                h_written = written_files(folder, f"hugo-{case}{sfx}")
                r = ratio(hugo and hugo["median"], ours["median"])
                rebuild_rows.append((fs, name, label, r))
                cpu = f"{fmt_ms(ours['user'] + ours['sys'])} · {fmt_ms(hugo['user'] + hugo['sys']) if hugo else 'n/a'}"
                print(f"| {name} | {label} | {mmm(ours)} | "
                      f"{'n/a' if ch is None else f'{ch[0]:,} · {ch[1]:,}'} | {mmm(hugo)} | "
                      f"{'n/a' if h_written is None else f'{len(h_written):,}'} | "
                      f"{'n/a' if r is None else f'{r:.1f}×'} {mark(None if r is None else r >= 10)} | {cpu} |")
        print()
        for bikes, name, folder, meta in sets:
            written = written_files(folder, "ours-one" + sfx)
            if written is None:
                continue
            bike = open(os.path.join(folder, "one-bike.txt")).read().strip() if os.path.exists(
                os.path.join(folder, "one-bike.txt")) else "?"
            kinds = {}
            for path in written:
                kinds[kind(path)] = kinds.get(kind(path), 0) + 1
            pages = [p for p in written if p != ".guzzi-site"]
            print(f"- [{fs}] {name}: the one-bike edit (id and name: {bike}) wrote {len(pages)} files and the "
                  f"marker: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()) if k != "marker (manifest)"))
            if len(pages) <= 40:
                print("  - " + " ".join(f"`{p}`" for p in pages))
        print()

    print("### Targets (issue 13)\n")
    for fs, name, label, r in rebuild_rows:
        print(f"- [{fs}] {name}, {label}: Hugo/ours = {'n/a' if r is None else f'{r:.1f}×'} (target ≥ 10×) "
              f"{mark(None if r is None else r >= 10)}")
    print()

    print("### Targets (issue 6)\n")
    for fs, sfx in (("disk", ""), ("tmpfs", "-shm")):
        mine = {name: v for (s, name), v in rows.items() if s == sfx}
        if not mine:
            continue
        for name, (bikes, ours, hugo, cp, floor, rss, h_rss, r_h, r_c) in sorted(mine.items(), key=lambda kv: kv[1].bikes):
            print(f"- [{fs}] {name}: Hugo/ours = {'n/a' if r_h is None else f'{r_h:.1f}×'} "
                  f"(target ≥ 10×) {mark(None if r_h is None else r_h >= 10)}; ours/cp = "
                  f"{'n/a' if r_c is None else f'{r_c:.2f}×'} (target ≤ 3×) {mark(None if r_c is None else r_c <= 3)}")
            if hugo and floor:
                budget = hugo["median"] / 10
                print(f"  - 10× Hugo means {fmt_ms(budget)} ms; writing our finished output alone (the floor) "
                      f"takes {fmt_ms(floor['median'])} ms, {100 * floor['median'] / budget:.0f} % of that")
        by_bikes = {v.bikes: v for v in mine.values()}
        if 1000 in by_bikes and 10000 in by_bikes:
            g = by_bikes[10000].ours["median"] / by_bikes[1000].ours["median"]
            print(f"- [{fs}] growth ours(10 000) / ours(1 000) = {g:.2f}× (target ≤ 11×) {mark(g <= 11)}")
            others = []
            for label, tool in (("Hugo", "hugo"), ("cp -r", "cp"), ("floor", "floor")):
                small, large = getattr(by_bikes[1000], tool), getattr(by_bikes[10000], tool)
                if small and large:
                    others.append(f"{label} {large['median'] / small['median']:.2f}×")
            if others:
                print(f"  - the same growth for the others: {', '.join(others)}")
        else:
            print(f"- [{fs}] growth ours(10 000) / ours(1 000): n/a (needs both sizes)")
        if 10000 in by_bikes:
            rss, h_rss = by_bikes[10000].rss, by_bikes[10000].h_rss
            ok = None if rss is None or h_rss is None else rss <= h_rss / 2
            print(f"- [{fs}] peak memory at 10 000: ours {'n/a' if rss is None else f'{rss:.0f} MiB'}, Hugo "
                  f"{'n/a' if h_rss is None else f'{h_rss:.0f} MiB'} (target ≤ half of Hugo's) {mark(ok)}")
    print()


if __name__ == "__main__":
    main()
