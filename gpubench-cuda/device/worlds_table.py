"""The closing table of worlds-x2.sh, from OUT_DIR: gpubench/results.json (the engine), results.tsv (PyTorch's
all-reduce, labels "torch-wN"; the NCCL probe, labels "probe", "hang", "exit") and engine.log (the progress lines, for
each case's own duration). Prints, last, the all-reduce table (world x size x type: gpubench's and PyTorch's bus
bandwidth, their ratio, the SM clock range of the world's GPUs) and the verdicts of the proof.

python3 worlds_table.py OUT_DIR
"""
import collections
import json
import os
import re
import sys

GOAL_SIZES = (256 << 20, 1 << 30)
GOAL = 0.95


def size_text(nbytes):
    return f"{nbytes >> 30} GiB" if nbytes >= 1 << 30 else f"{nbytes >> 20} MiB"


def clocks(case):
    t = case.get("telemetry") or {}
    world = t.get("worldSmClockMeanMhz") or ([t["smClockMeanMhz"]] if t.get("smClockMeanMhz") else [])
    if not world or any(c is None for c in world):
        return "-", False
    lo, hi = min(world), max(world)
    spread = len(world) > 1 and hi - lo >= 0.02 * lo
    return (f"{lo:.0f}-{hi:.0f}" if len(world) > 1 else f"{lo:.0f}") + (" (>=2%)" if spread else ""), spread


def main():
    out = sys.argv[1]
    tsv = collections.defaultdict(dict)
    probe_notes, checks = [], []
    path = os.path.join(out, "results.tsv")
    for line in open(path).read().splitlines() if os.path.exists(path) else []:
        f = line.split("\t")
        if len(f) < 8:
            continue
        label, op, typ, nbytes, us, alg, bus, check = f[:8]
        if op == "allreduce":
            tsv[(typ, int(nbytes))][label] = (float(bus), float(us), check)
        elif op.endswith("-check"):
            checks.append((op[:-6], typ, check))
        elif op == "sendrecv":
            probe_notes.append(f"probe send/recv FP32 {size_text(int(nbytes))}: {float(bus):.1f} GB/s per direction "
                               f"(the measured link) {check}")
        elif op in ("hang", "exit"):
            probe_notes.append(f"probe fault '{op}' of rank 1 (NCCL level): {check}")
        elif op == "nvlink":
            probe_notes.append(f"NVML NVLink rank 0 -> rank 1: {check}")

    durations = {}
    log = os.path.join(out, "engine.log")
    for line in open(log, errors="replace") if os.path.exists(log) else []:
        m = re.match(r"gpubench \[\d+/\d+\] (.+\]) (\w+) (\S+ \S+) \(elapsed", line)
        if m:
            durations[m.group(1)] = (m.group(2), m.group(3))

    results = os.path.join(out, "gpubench", "results.json")
    cases = json.load(open(results))["cases"] if os.path.exists(results) else []
    if not cases:
        # a run cut short writes no results.json; its journal holds every case decided before
        journal = os.path.join(out, "gpubench", "journal")
        for name in sorted(os.listdir(journal)) if os.path.isdir(journal) else []:
            for line in open(os.path.join(journal, name), errors="replace"):
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if entry.get("type") == "case":
                    cases.append(entry["case"])
        if cases:
            print(f"(no results.json: {len(cases)} cases read from the journal)")
    by = collections.defaultdict(list)
    for c in cases:
        by[c["benchmark"].rsplit(".", 1)[-1]].append(c)

    print()
    print("==== TP GEMM (N split over the ranks, all-gather, rank 0 assembles C; checked against one GPU in FP64) ====")
    for c in by.get("TensorParallelGemmBenchmark", []):
        if c["status"] == "SKIPPED":
            continue
        tp = c.get("throughput") or {}
        corr = c.get("correctness") or {}
        rel = next((k for k in corr.get("checks", []) if k.get("metric") == "relL2"), None)
        tf = tp.get("flopsPerSecond")
        print(f"  {c['displayName']:<44} {c['status']:<7} "
              f"{(tf or 0) / 1e12:7.1f} TFLOP/s  gap {tp.get('gap') or 0:5.2f} ({tp.get('boundBy')})  "
              f"relL2 {rel['actual'] if rel else float('nan'):.3g} of {rel['allowed'] if rel else float('nan'):.3g}"
              + ("" if c["status"] == "PASSED" else "  " + (c.get("message") or "").splitlines()[0][:160]))

    print()
    print("==== a rank made to hang (HangingRankBenchmark, a step's limit 20 s), then the next workload ====")
    for c in by.get("HangingRankBenchmark", []):
        status, took = durations.get(c["displayName"], (c["status"], "?"))
        msg = (c.get("message") or "").splitlines()
        print(f"  {c['displayName']:<44} {c['status']:<7} in {took}" + (f": {msg[0][:200]}" if msg else ""))

    skipped = collections.Counter((c["displayName"].rsplit(", ", 1)[-1].rstrip("]"), c["message"]) for c in cases
                                  if c["status"] == "SKIPPED")
    print()
    print("==== skipped worlds ====")
    for (world, why), n in sorted(skipped.items()):
        print(f"  {world} ({n} cases): {why}")
    failed = [c for c in cases if c["status"] in ("FAILED", "ERROR")
              and not c["benchmark"].endswith("HangingRankBenchmark")]
    for c in failed:
        print(f"  UNEXPECTED {c['status']}: {c['displayName']}: {(c.get('message') or '').splitlines()[0][:200]}")

    print()
    print("==== NCCL probe (standalone, raw NCCL through gpubench-cuda) ====")
    bad = [c for c in checks if c[2] != "ok"]
    print(f"  collective checks (all-reduce, all-gather, reduce-scatter, broadcast, send/recv at 64 MiB, FP32/BF16): "
          f"{len(checks) - len(bad)} of {len(checks)} ok" + (f"; FAILED {bad}" if bad else ""))
    for n in probe_notes:
        print("  " + n)

    print()
    print("==== all-reduce bus bandwidth, GB/s (nccl-tests' busbw; gpubench: median of rank 0's device time over "
          "20-call trials; PyTorch: mean of 20 calls; probe: raw NCCL, mean of 20) ====")
    print(f"  {'world':>5} {'size':>8} {'type':<5} {'gpubench':>9} {'PyTorch':>8} {'ratio':>6} {'probe':>7} "
          f"{'us/call':>9} {'SM clocks MHz':<20} status")
    goal = []
    rows = []
    for c in by.get("AllReduceBenchmark", []):
        if c["status"] == "SKIPPED":
            continue
        w = c.get("worldSize") or 1
        nbytes = c["shape"]["mib"] << 20
        typ = c["precision"]
        tp = c.get("throughput") or {}
        bus = tp.get("busBytesPerSecond")
        t = c.get("timing") or {}
        prim = t.get("device") or t.get("host") or {}
        us = prim.get("median", float("nan")) / 1e3
        ref = tsv.get((typ, nbytes), {})
        torch = ref.get(f"torch-w{w}") or (ref.get("torch") if w == 2 else None)
        probe = ref.get("probe") if w == 2 else None
        ratio = bus / 1e9 / torch[0] if bus is not None and torch and torch[0] > 0 else None
        if ratio is not None and nbytes in GOAL_SIZES:
            goal.append((w, typ, size_text(nbytes), ratio))
        clock, _ = clocks(c)
        rows.append((w, typ != "FP32", nbytes, f"  {w:>5} {size_text(nbytes):>8} {typ:<5} "
                     f"{(bus or 0) / 1e9:9.1f} {torch[0] if torch else float('nan'):8.1f} "
                     f"{ratio if ratio is not None else float('nan'):6.3f} "
                     f"{probe[0] if probe else float('nan'):7.1f} {us:9.1f} {clock:<20} {c['status']}"
                     + ("" if not torch or torch[2] == "ok" else f" (torch check {torch[2]})")))
    for r in sorted(rows):
        print(r[3])
    if goal:
        worst = min(q for *_, q in goal)
        worlds = sorted({w for w, *_ in goal})
        verdict = ("NOT MET" if worst < GOAL else "MET" if len(goal) == 4 * len(worlds) and 2 in worlds
                   else "INCOMPLETE")
        print(f"  goal (gpubench >= {GOAL:.0%} of PyTorch's bus bandwidth at 256 MiB and 1 GiB, FP32 and BF16, "
              f"world {', '.join(map(str, worlds))}): {verdict}; "
              + ", ".join(f"w{w} {t} {s} {q:.3f}" for w, t, s, q in goal))
    else:
        print("  goal: no pair of gpubench and PyTorch figures at 256 MiB / 1 GiB to compare")
    return 0


if __name__ == "__main__":
    sys.exit(main())
