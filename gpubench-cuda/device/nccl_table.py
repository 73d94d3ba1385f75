"""The closing table of nccl-x2.sh from its results.tsv (lines: label, op, type, bytes, us, algbw, busbw, check):
all-reduce bus bandwidth of gpubench (NcclProbe, every rank sees every GPU), gpubench with one GPU visible per rank
and PyTorch per type and size, the ratio to PyTorch, the checks; then the measured send/recv link bandwidth, NVML's
NVLink figure, the hang and exit faults, and the verdict on the goal (>= 95% of PyTorch's bus bandwidth at 256 MiB
and 1 GiB).

python3 nccl_table.py OUT_DIR
"""
import collections
import os
import sys

GOAL_SIZES = (256 << 20, 1 << 30)
GOAL = 0.95


def main():
    out = sys.argv[1]
    rows = collections.defaultdict(dict)
    notes = []
    checks = []
    try:
        lines = open(os.path.join(out, "results.tsv")).read().splitlines()
    except OSError as e:
        print(f"no results: {e}")
        return 1
    for line in lines:
        f = line.split("\t")
        if len(f) < 8:
            continue
        label, op, typ, nbytes, us, alg, bus, check = f[:8]
        if op == "allreduce":
            rows[(typ, int(nbytes))][label] = (float(bus), check)
        elif op == "sendrecv":
            notes.append(f"{label} send/recv ring FP32 {int(nbytes) >> 20} MiB: {float(bus):.1f} GB/s per direction "
                         f"(measured link probe) {check}")
        elif op.endswith("-check"):
            checks.append((label, op[:-6], typ, check))
        elif op in ("hang", "exit"):
            notes.append(f"fault '{op}' at rank 1: {check}")
        else:
            notes.append(f"{label} NVML {op}: {check}")
    labels = [l for l in ("gpubench", "gpubench-own", "torch") if any(l in r for r in rows.values())]
    print()
    print("NCCL all-reduce, 2 ranks, in place: bus bandwidth GB/s (rank 0's CUDA events, mean of the timed calls)")
    head = f"{'type':<5} {'size':>9}" + "".join(f" {l:>13}" for l in labels) + "  vs torch  checks"
    print(head)
    goal = []
    for (typ, nbytes) in sorted(rows, key=lambda k: (k[0] != "FP32", k[1])):
        r = rows[(typ, nbytes)]
        size = f"{nbytes >> 20} MiB" if nbytes < 1 << 30 else f"{nbytes >> 30} GiB"
        cells = "".join(f" {r[l][0]:13.1f}" if l in r else f" {'-':>13}" for l in labels)
        ratio = ""
        if "gpubench" in r and "torch" in r and r["torch"][0] > 0:
            q = r["gpubench"][0] / r["torch"][0]
            ratio = f"{q:8.3f}"
            if nbytes in GOAL_SIZES:
                goal.append((typ, size, q))
        bad = [f"{l}:{r[l][1]}" for l in labels if l in r and r[l][1] != "ok"]
        print(f"{typ:<5} {size:>9}{cells}  {ratio:>8}  {'ok' if not bad else ' '.join(bad)}")
    print()
    failed = [c for c in checks if c[3] != "ok"]
    if checks:
        print(f"collective checks (all-reduce, all-gather, reduce-scatter, broadcast, send/recv at 64 MiB): "
              f"{len(checks) - len(failed)} of {len(checks)} ok" + (f"; FAILED {failed}" if failed else ""))
    for n in notes:
        print(n)
    if goal:
        worst = min(q for _, _, q in goal)
        verdict = "MET" if worst >= GOAL else "NOT MET"
        print(f"goal (gpubench >= {GOAL:.0%} of PyTorch's bus bandwidth at 256 MiB and 1 GiB): {verdict}; "
              + ", ".join(f"{t} {s} {q:.3f}" for t, s, q in goal))
    else:
        print("goal: no pair of gpubench and PyTorch figures at 256 MiB / 1 GiB to compare")
    return 0


if __name__ == "__main__":
    sys.exit(main())
