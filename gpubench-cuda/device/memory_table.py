"""The memory table of memory-h200.sh, from its OUT folder: each case's NVML process peak (from results.json) beside
nvidia-smi's largest used_memory for the worker pids seen, gpubench's own allocator, the delta over set-up, the
device's use and total, bytes a call on the host; then eager PyTorch's line. Usage: memory_table.py OUT"""
import json
import os
import sys

out = sys.argv[1]
mib = 1 << 20


def fmt(v):
    return "-" if v is None else f"{v / mib:.0f}"


smi_max = {}
try:
    for line in open(os.path.join(out, "smi-apps.csv")):
        parts = [p.strip() for p in line.split(",")]
        if len(parts) == 2 and parts[1].isdigit():
            smi_max[parts[0]] = max(smi_max.get(parts[0], 0), int(parts[1]))
except OSError:
    pass
print(f"nvidia-smi max used_memory by pid (MiB): {smi_max}")
print(f"{'case':58} {'status':7} {'before':>7} {'peak':>7} {'delta':>7} {'own':>7} {'devUsed':>8} {'total':>7} {'B/call':>8}  (MiB)")
for run in ("engine", "djl"):
    f = os.path.join(out, run, "results.json")
    if not os.path.exists(f):
        continue
    for c in json.load(open(f))["cases"]:
        if c["status"] == "SKIPPED":
            continue
        m = c.get("memory") or {}
        d = m.get("device") or {}
        h = m.get("host") or {}
        delta = None if d.get("processPeakBytes") is None or d.get("processBeforeBytes") is None \
            else d["processPeakBytes"] - d["processBeforeBytes"]
        per_call = h.get("allocatedBytesPerCall")
        print(f"{c['id'].split('.')[-1][:58]:58} {c['status'][:7]:7} {fmt(d.get('processBeforeBytes')):>7} "
              f"{fmt(d.get('processPeakBytes')):>7} {fmt(delta):>7} {fmt(m.get('peakDeviceBytes')):>7} "
              f"{fmt(d.get('deviceUsedPeakBytes')):>8} {fmt(d.get('deviceTotalBytes')):>7} "
              f"{'-' if per_call is None else f'{per_call:.0f}':>8}")
        if c["status"] != "PASSED":
            print("    " + (c.get("message") or "").splitlines()[0][:300])
        # The memory timeline (telemetry.timeline[].processMemoryBytes): how many readings carry the process's
        # memory, and their largest beside the case's peak (the peak may come from set-up, outside the trials).
        timeline = (c.get("telemetry") or {}).get("timeline") or []
        readings = [s["processMemoryBytes"] for s in timeline if s.get("processMemoryBytes") is not None]
        if timeline:
            print(f"    timeline: {len(readings)} of {len(timeline)} readings with the process's memory, "
                  f"largest {fmt(max(readings) if readings else None)} MiB")
    report = os.path.join(out, run, "report.html")
    if os.path.exists(report):
        print(f"    {run}/report.html: {open(report).read().count('deviceMemory')} mentions of the memory timeline")
try:
    print(open(os.path.join(out, "torch-memory.log")).read().strip().splitlines()[-1])
except (OSError, IndexError):
    print("eager PyTorch: not run")
