#!/usr/bin/env python3
"""A git history for a synthetic catalogue, to measure `guzzi-site history` and builds with a history at scale.

Usage: synth_history.py BIG.json REPO [--versions K]

REPO becomes a git repository with K commits of BIG.json (default 25), a week apart from 2019-01-06: version k holds
the first k/K of the motorcycles (by id), so each commit adds n/K of them; in each version but the last, 20
motorcycles already there have a weight one kilogram off and 10 an Italian note rewritten, put right by the next
commit (figure and text changes, as the real history has); the last version is BIG.json byte for byte, so the history
`guzzi-site history --data BIG.json --from-git REPO` writes ends at the dataset. Deterministic.
"""
import argparse
import copy
import json
import os
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data")
    ap.add_argument("repo")
    ap.add_argument("--versions", type=int, default=25)
    args = ap.parse_args()
    raw = open(args.data, "rb").read()
    full = json.loads(raw)
    elements = sorted(full["elements"], key=lambda e: e["id"])
    os.makedirs(args.repo, exist_ok=True)
    git = lambda *a, **kw: subprocess.run(["git", "-C", args.repo, *a], check=True, capture_output=True, **kw)  # noqa: E731
    git("init", "-q")
    git("config", "user.email", "bench@example.org")
    git("config", "user.name", "bench")
    path = os.path.join(args.repo, "info_moto.json")
    count = args.versions
    for k in range(1, count + 1):
        if k == count:
            data = raw
        else:
            version = copy.deepcopy(full)
            kept = elements[: max(1, len(elements) * k // count)]
            version["elements"] = copy.deepcopy(kept)
            ids = {e["id"] for e in kept}
            version["texts"] = {key: value for key, value in full["texts"].items() if not key.isdigit() or int(key) in ids}
            for offset, element in enumerate(version["elements"][(k * 37) % len(kept):][:20]):
                weight = element["capacities_performances"].get("weight")
                element["capacities_performances"]["weight"] = (weight or 100) + 1
            for element in version["elements"][(k * 53) % len(kept):][:10]:
                notes = version["texts"].get(str(element["id"]), {}).get(element.get("notes") or "", None)
                if isinstance(notes, dict):
                    notes["it"] = (notes.get("it") or "") + " (bozza %d)" % k
            data = json.dumps(version, ensure_ascii=False, indent=1).encode("utf-8")
        with open(path, "wb") as f:
            f.write(data)
        date = "2019-%02d-%02dT12:00:00+01:00" % (1 + (k * 7 + 5) // 28 % 12, 1 + (k * 7 + 5) % 28)
        env = dict(os.environ, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
        git("add", "info_moto.json")
        git("commit", "-q", "-m", "version %d" % k, env=env)
    print("%s: %d versions of %s" % (args.repo, count, args.data))


if __name__ == "__main__":
    main()
