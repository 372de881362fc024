#!/usr/bin/env python3
"""Write a copy of a dataset in which one motorcycle's power differs: the benchmark's "one-bike edit".

Usage: one_bike.py DATA.json OUT.json

The motorcycle is the one with a stated power nearest the middle of `elements`; its peak power grows by
1.5 hp. Everything else, the order of keys and elements included, is as in DATA.json. Prints the
motorcycle's id and name.
"""
import json
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    with open(sys.argv[1], encoding="utf-8") as f:
        data = json.load(f)
    elements = data["elements"]
    middle = len(elements) // 2
    order = sorted(range(len(elements)), key=lambda i: abs(i - middle))
    index = next(i for i in order if (elements[i]["engine"].get("power") or {}).get("peak") is not None)
    power = elements[index]["engine"]["power"]
    power["peak"] = round(power["peak"] + 1.5, 2)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False)
    print(elements[index]["id"], elements[index]["general_info"]["name"])


if __name__ == "__main__":
    main()
