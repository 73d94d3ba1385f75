# The closing tables of djl-h200.sh: DJL through gpubench on cuda:0 next to PyTorch in the same call.
# Usage: djl_table.py OUT   (reads OUT/gpubench/results.json, OUT/gpubench-gemm20/results.json,
#                            OUT/gpubench-zero/results.json, OUT/gpubench-djl-cuda-scalars/results.json,
#                            OUT/torch-matmul.jsonl, OUT/torch-training.jsonl)
import json, os, sys

out = sys.argv[1]


def cases(path):
    try:
        with open(path) as f:
            return json.load(f).get("cases", [])
    except (OSError, ValueError) as e:
        print(f"(no {path}: {e})")
        return []


def lines(path):
    try:
        with open(path) as f:
            return [json.loads(l) for l in f if l.strip().startswith("{")]
    except OSError as e:
        print(f"(no {path}: {e})")
        return []


def median(stats):
    return stats.get("median") if stats else None


def us(ns):
    return f"{ns / 1e3:8.1f}" if ns is not None else "       -"


def ratio(a, b, width=7):
    return f"{a / b:{width}.3f}" if a and b else " " * (width - 1) + "-"


def metric(c, name):
    return ((c.get("metrics") or {}).get(name) or {}).get("value")


def on_cuda(c, suffix):
    return c.get("benchmark", "").endswith(suffix) and c.get("backend", "").startswith("cuda") \
        and c.get("status") != "SKIPPED"


def why(c, width=200):
    return "" if c.get("status") == "PASSED" else "  [" + " ".join((c.get("message") or "").split())[:width] + "]"


djl = cases(os.path.join(out, "gpubench", "results.json"))
gemm20 = {(c.get("shape", {}).get("m"), c.get("precision")): c
          for c in cases(os.path.join(out, "gpubench-gemm20", "results.json"))}
zero = {(c.get("workload"), c.get("precision")): c for c in cases(os.path.join(out, "gpubench-zero", "results.json"))}
scalars = cases(os.path.join(out, "gpubench-djl-cuda-scalars", "results.json"))
mm = {(r["n"], r["precision"]): r for r in lines(os.path.join(out, "torch-matmul.jsonl"))}
tr = lines(os.path.join(out, "torch-training.jsonl"))

print("\n==== DJL GEMM (DjlGemmBenchmark) on cuda:0 vs torch.matmul, us per call ====")
print("  djl1: one DJL call a blocked trial (the default); t.held: one torch call behind a held stream, the same way;")
print("  djl20 / t.held20: 20 calls a blocked trial; t.graph: 50 calls graph-replayed; t.loop: 50 plain calls")
print(f"{'shape':>5} {'prec':4} {'status':6} {'djl1':>8} {'t.held':>8} {'1/held':>7} {'djl20':>8} {'t.held20':>8} "
      f"{'20/h20':>7} {'t.graph':>8} {'20/grph':>7} {'t.loop':>8}  {'maxAbs':>9} {'rms':>9}  torch kernels")
for c in djl:
    if not on_cuda(c, "DjlGemmBenchmark"):
        continue
    n, p = c.get("shape", {}).get("m"), c.get("precision")
    t = c.get("timing") or {}
    d1 = median(t.get("device"))
    d20 = median((gemm20.get((n, p), {}).get("timing") or {}).get("device"))
    row = mm.get((n, p), {})
    err = (c.get("correctness") or {}).get("error") or {}
    held = row.get("held_us", 0) * 1e3 or None
    held20 = row.get("held20_us", 0) * 1e3 or None
    graph = row.get("graph_us", 0) * 1e3 or None
    loop = row.get("loop_us", 0) * 1e3 or None
    print(f"{n!s:>5} {p:4} {c.get('status')[:6]:6} {us(d1)} {us(held)} {ratio(d1, held)} {us(d20)} {us(held20)} "
          f"{ratio(d20, held20)} {us(graph)} {ratio(d20, graph)} {us(loop)}  "
          f"{err.get('maxAbs', float('nan')):9.3g} {err.get('rms', float('nan')):9.3g}  {','.join(row.get('kernels', []))}"
          + why(c))

for c in djl:
    if on_cuda(c, "ConvNetInferenceBenchmark"):
        t = c.get("timing") or {}
        print(f"convnet batch {c.get('shape', {}).get('batch')} {c.get('precision')} {c.get('status')} "
              f"{t.get('deviceTiming', '-')} median {us(median(t.get('device')))} us")

print("\n==== HostScalars: x.add(...) queued while PyTorch's stream is held (ScalarOperandsOnCuda) ====")
for c in scalars:
    print(f"{c.get('workload'):10} {c.get('status'):7} {(c.get('timing') or {}).get('deviceTiming', '-')!s:8}"
          + why(c, 150))

print("\n==== Training, full profile: DJL (gpubench) vs eager PyTorch, samples/s ====")
print("  host: the host's time to queue a step (DJL hostMs, eager up to loss.item()); share = host / step;")
print("  zeroed: DJL with gradients zeroed as DJL does (step 5); perparam: eager with one SGD kernel a parameter")
eager = {(r["model"], r.get("variant"), r.get("precision")): r for r in tr if "samples_per_s" in r}
print(f"{'model':8} {'batch':>5} {'prec':4} {'status':6} {'DJL':>9} {'eager':>9} {'DJL/eag':>7} {'DJL ms':>7} "
      f"{'host':>6} {'share':>5} {'arrays':>6} {'eag ms':>7} {'host':>6} {'zeroed':>9} {'rel/zero':>8} "
      f"{'perparam':>9} {'DJL/pp':>7}")
for c in djl:
    model, p = c.get("workload"), c.get("precision")
    if model not in ("cnn", "resnet50", "vit", "unet", "ddpm") or not on_cuda(c, "TrainingBenchmark"):
        continue
    sps = (c.get("throughput") or {}).get("itemsPerSecond")
    step_ms = median((c.get("timing") or {}).get("device"))
    e = eager.get((model, "mirror", p), {})
    pp = eager.get((model, "perparam", p), {})
    z = (zero.get((model, p)) or {}).get("throughput", {}).get("itemsPerSecond")
    host_ms, share, arrays = metric(c, "hostMs"), metric(c, "hostShare"), metric(c, "arraysPerStep")
    print(f"{model:8} {c.get('shape', {}).get('batch')!s:>5} {p:4} {c.get('status')[:6]:6} {sps or 0:9.1f} "
          f"{e.get('samples_per_s', 0):9.1f} {ratio(sps, e.get('samples_per_s'))} "
          f"{(step_ms or 0) / 1e6:7.2f} {host_ms or 0:6.2f} {share or 0:5.2f} {arrays or 0:6.0f} "
          f"{e.get('step_ms', 0):7.2f} {e.get('host_ms', 0):6.2f} {z or 0:9.1f} {ratio(sps, z, 8)} "
          f"{pp.get('samples_per_s', 0):9.1f} {ratio(sps, pp.get('samples_per_s'))}" + why(c))
for r in tr:
    if "error" in r:
        print(f"eager {r['model']} {r['variant']}: {r['error']}")
