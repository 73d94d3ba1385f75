#!/usr/bin/env bash
# The Slurm launcher's wire on the H200 (issue 25), from the repository root with .device staged by stage-h200.sh,
# in ONE call of about 6 minutes. There is no Slurm on that host, so the TCP path is forced with
# gpubench.launcher=tcp: workers are child processes that connect over the host's non-loopback interface, prove the
# run's secret from their environment and take their rank from it, exactly as srun's tasks do (only srun itself is
# left out). Parts:
#   1. CudaGemmBenchmark at 4096^3 and 8192^3, FP16 and BF16 (the shapes of h200-results.md) four times, in the order
#      local, tcp, local, tcp, so that a drift of the GPU between runs shows as a drift, not as the launcher;
#   2. AllReduceBenchmark at world 1 (its NCCL communicator of one rank) over the tcp launcher, then over local;
#   3. the table: each case's median per launcher and run, the tcp/local ratio of the means, the worker start and
#      the engine-and-wire seconds per case (the per-case overhead of the path), and the refused connections (none).
# Logs and results go to $OUT (gemm-<launcher>-<n>/, world1-<launcher>/).
set -u
OUT=${OUT:-/tmp/gpubench-wire}
mkdir -p "$OUT"
dev=.device
jre=/tmp/gpubench-jre
[ -x $jre/jre/bin/java ] || { mkdir -p $jre && tar -C $jre -xJf $dev/jre.tar.xz; }
CP=$(ls $dev/lib/*.jar | grep -v pytorch-native | tr '\n' ':')
console() { # name args...
  local name=$1; shift
  timeout ${ENGINE_TIMEOUT:-120} $jre/jre/bin/java -Xmx16g -jar $dev/junit-platform-console-standalone-*.jar execute \
    --class-path "$CP" --include-classname '.*(Benchmark|Test)$' --details=summary --disable-banner "$@" \
    > "$OUT/$name.log" 2>&1
  echo "$name rc=$? ($SECONDS s)"
}
SECONDS=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv \
  > "$OUT/smi.txt" 2>&1
hostname -I > "$OUT/interfaces.txt" 2>&1
n=0
for launcher in local tcp local tcp; do
  n=$((n + 1))
  console gemm-$launcher-$n --select-class io.gpubench.examples.cuda.CudaGemmBenchmark \
    --config "gpubench.shapes.CudaGemmBenchmark=m=4096,n=4096,k=4096;m=8192,n=8192,k=8192" \
    --config gpubench.backends=cuda --config gpubench.precisions=FP16,BF16 \
    --config gpubench.launcher=$launcher --config gpubench.output-dir="$OUT/gemm-$launcher-$n"
done
for launcher in tcp local; do
  console world1-$launcher --select-class io.gpubench.examples.worlds.AllReduceBenchmark \
    --config gpubench.worlds.AllReduceBenchmark=1 --config gpubench.backends=cuda --config gpubench.precisions=FP32 \
    --config "gpubench.shapes.AllReduceBenchmark=mib=64" \
    --config gpubench.launcher=$launcher --config gpubench.output-dir="$OUT/world1-$launcher"
done
grep -h "workers connect to\|refused a connection" "$OUT"/*.log | sort | uniq -c | head
python3 - "$OUT" <<'PY'
import glob, json, os, statistics, sys
out = sys.argv[1]
rows = {}
for d in sorted(glob.glob(os.path.join(out, "*-*"))):
    f = os.path.join(d, "results.json")
    if not os.path.isfile(f):
        continue
    name = os.path.basename(d)
    launcher = name.split("-")[1]
    for c in json.load(open(f))["cases"]:
        t = c.get("timing") or {}
        prim = t.get("device") or t.get("host") or {}
        spent = t.get("spent") or {}
        key = c["displayName"] if name.startswith("gemm") else "world1 " + c["displayName"]
        rows.setdefault(key, {}).setdefault(launcher, []).append(
            (c["status"], prim.get("median"), spent.get("workerStartSeconds"), spent.get("otherSeconds")))
print(f"{'case':52s} {'local median(s)':>24s} {'tcp median(s)':>24s} {'tcp/local':>9s} {'start l/t s':>12s}")
for k, v in sorted(rows.items()):
    def fmt(xs):
        return ",".join("%.4g" % x[1] if x[1] else x[0] for x in xs)
    loc = [x[1] for x in v.get("local", []) if x[1]]
    tcp = [x[1] for x in v.get("tcp", []) if x[1]]
    ratio = statistics.mean(tcp) / statistics.mean(loc) if loc and tcp else float("nan")
    st = lambda xs: max([x[2] or 0 for x in xs] or [0])
    print(f"{k[:52]:52s} {fmt(v.get('local', [])):>24s} {fmt(v.get('tcp', [])):>24s} {ratio:9.3f} "
          f"{st(v.get('local', [])):5.2f}/{st(v.get('tcp', [])):<5.2f}")
PY
