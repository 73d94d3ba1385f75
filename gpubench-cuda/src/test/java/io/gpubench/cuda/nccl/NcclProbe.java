package io.gpubench.cuda.nccl;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.CacheMode;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.CudaKernel;
import io.gpubench.cuda.CudaTensor;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.internal.backend.CudaBackendProvider;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.telemetry.NvLink;
import io.gpubench.cuda.internal.telemetry.NvmlDevice;
import io.gpubench.cuda.nccl.BusBandwidth.Collective;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One rank of a standalone NCCL world, outside the engine: started once per rank (gpubench-cuda/device/nccl-x2.sh),
 * the id handed from rank 0 through a file. Phases: {@code check} (every collective once, values checked exactly),
 * {@code bench} (in-place all-reduce per type and size: a checked call, warm-up, a barrier, timed calls between
 * CUDA events on rank 0, a second checked call; then send/recv in a ring as the measured link probe), {@code hang}
 * (the rank given by {@code --fault-rank} hangs or exits before an all-reduce; the others must abort within
 * {@code --limit-s}). Rank 0 appends its figures to {@code --out} as tab-separated lines.
 *
 * <p>{@code java -cp ... io.gpubench.cuda.nccl.NcclProbe --rank R --world N --id-file F [--device D]
 * [--phases check,bench] [--types FP32,BF16] [--sizes-mib 1,2,...,1024] [--warmup 5] [--iters 20] [--limit-s 30]
 * [--fault-rank 1 --fault hang|exit] [--label gpubench] [--out results.tsv]}
 */
public final class NcclProbe {
  static final String KERNELS = String.join("\n",
      "typedef unsigned short u16; typedef unsigned long long u64;",
      "__device__ __forceinline__ float pat(int r, u64 i) { return (float) ((i * 7ull + (u64) r * 3ull) % 31ull); }",
      "__device__ __forceinline__ u64 at() { return blockIdx.x * (u64) blockDim.x + threadIdx.x; }",
      "__device__ __forceinline__ u64 stride() { return (u64) gridDim.x * blockDim.x; }",
      // t: 0 FP32, 1 BF16 (the pattern's small integers are exact in both)
      "extern \"C\" __global__ void fill(void* p, int t, u64 n, int r, u64 base) {",
      "  for (u64 i = at(); i < n; i += stride()) {",
      "    float v = pat(r, base + i);",
      "    if (t == 0) ((float*) p)[i] = v; else ((u16*) p)[i] = (u16) (__float_as_uint(v) >> 16);",
      "  }",
      "}",
      // counts elements that are not scale * (the sum of ranks r0..r1's patterns at base + i)
      "extern \"C\" __global__ void verify(const void* p, int t, u64 n, int r0, int r1, u64 base, float scale,",
      "    u64* bad) {",
      "  u64 miss = 0;",
      "  for (u64 i = at(); i < n; i += stride()) {",
      "    float e = 0.0f;",
      "    for (int r = r0; r <= r1; r++) e += pat(r, base + i);",
      "    float v = t == 0 ? ((const float*) p)[i] : __uint_as_float(((unsigned) ((const u16*) p)[i]) << 16);",
      "    if (v != e * scale) miss++;",
      "  }",
      "  if (miss) atomicAdd(bad, miss);",
      "}");

  private final Map<String, String> args;
  private final int rank;
  private final int world;
  private final Duration limit;
  private final Cuda cuda;
  private final CudaKernel fill;
  private final CudaKernel verify;
  private final CudaTensor bad;
  private final Memory host = new Memory(8);
  private CudaTensor small;
  private Membership membership;
  private Communicator comm;

  private NcclProbe(Map<String, String> args, Cuda cuda) {
    this.args = args;
    this.rank = Integer.parseInt(args.get("rank"));
    this.world = Integer.parseInt(args.get("world"));
    this.limit = Duration.ofSeconds(Long.parseLong(args.getOrDefault("limit-s", "30")));
    this.cuda = cuda;
    this.fill = cuda.kernel(KERNELS, "fill");
    this.verify = cuda.kernel(KERNELS, "verify");
    this.bad = cuda.allocate("bad", Precision.FP64, 1);
  }

  static void say(int rank, String line) {
    System.out.println("[rank " + rank + "] " + line);
    System.out.flush();
  }

  public static void main(String[] argv) throws Exception {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; i + 1 < argv.length; i += 2) {
      a.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
    }
    int rank = Integer.parseInt(a.get("rank"));
    int device = Integer.parseInt(a.getOrDefault("device", a.get("rank")));
    List<Backend> backends = new CudaBackendProvider().backends(BackendSettings.none());
    if (backends.get(0).unavailableReason().isPresent() || NcclLibrary.unavailableReason().isPresent()) {
      say(rank, "UNAVAILABLE: "
          + backends.get(0).unavailableReason().orElse(NcclLibrary.unavailableReason().orElse("")));
      System.exit(2);
    }
    int code = 1;
    try (BackendSession s = backends.get(device).open(
        new SessionSpec("nccl-probe", Precision.FP32, CacheMode.HOT, 20))) {
      Cuda cuda = s.unwrap(Cuda.class).orElseThrow();
      say(rank, "cuda:" + device + " " + cuda.device().name() + " bus " + cuda.device().pciBusId() + " of "
          + backends.size() + " visible (CUDA_VISIBLE_DEVICES=" + System.getenv("CUDA_VISIBLE_DEVICES") + "), NCCL "
          + NcclLibrary.versionText(NcclLibrary.version()));
      code = new NcclProbe(a, cuda).run();
    } catch (Throwable t) {
      say(rank, "FAILED: " + t);
      t.printStackTrace(System.out);
    }
    System.out.flush();
    // NCCL's threads must not keep a failed rank alive.
    Runtime.getRuntime().halt(code);
  }

  private int run() throws Exception {
    Path idFile = Path.of(args.get("id-file"));
    long t0 = System.nanoTime();
    UniqueId id;
    if (rank == 0) {
      id = NcclLibrary.newUniqueId();
      Path tmp = idFile.resolveSibling(idFile.getFileName() + ".tmp");
      Files.writeString(tmp, id.toBase64());
      Files.move(tmp, idFile, StandardCopyOption.ATOMIC_MOVE);
    } else {
      id = UniqueId.fromBase64(waitFor(idFile));
    }
    membership = Membership.join(id, rank, world, cuda.device());
    comm = membership.communicator();
    say(rank, String.format(Locale.ROOT, "joined %s in %.0f ms", id, (System.nanoTime() - t0) / 1e6));
    Files.writeString(Path.of(idFile + ".bus" + rank), cuda.device().pciBusId());
    small = cuda.allocate("barrier", Precision.FP32, 1);
    barrier();
    int failures = 0;
    try {
      for (String phase : args.getOrDefault("phases", "check,bench").split(",")) {
        switch (phase) {
          case "check":
            failures += check();
            break;
          case "bench":
            failures += bench();
            break;
          case "hang":
            return hang();
          default:
            throw new IllegalArgumentException("unknown phase " + phase);
        }
      }
      if (rank == 0) {
        links(Path.of(idFile + ".bus" + 1));
      }
    } finally {
      membership.close();
    }
    say(rank, failures == 0 ? "done" : failures + " check(s) FAILED");
    return failures == 0 ? 0 : 1;
  }

  static String waitFor(Path p) throws Exception {
    long end = System.nanoTime() + 120_000_000_000L;
    while (!Files.exists(p)) {
      if (System.nanoTime() > end) {
        throw new IllegalStateException("no " + p + " within 120 s");
      }
      Thread.sleep(10);
    }
    return Files.readString(p).strip();
  }

  private void barrier() {
    comm.allReduce(small, small, ReduceOp.SUM, cuda.stream());
    comm.await(cuda.stream(), limit);
  }

  private static int code(Precision p) {
    return p == Precision.FP32 ? 0 : 1;
  }

  private void fill(long address, Precision p, long n, int patternRank, long base) {
    fill.launch(Dim3.of(1024), Dim3.of(256), 0, address, code(p), n, patternRank, base);
  }

  /** Elements of [address, n) that are not scale × the sum of ranks r0..r1's patterns at base + i. */
  private long mismatches(long address, Precision p, long n, int r0, int r1, long base, float scale) {
    CudaErrors.check(CudaHot.cuMemsetD32Async(bad.address(), 0, 2, cuda.stream().handle()), "cuMemsetD32Async");
    verify.launch(Dim3.of(1024), Dim3.of(256), 0, address, code(p), n, r0, r1, base, scale, bad.address());
    comm.await(cuda.stream(), limit);
    CudaErrors.check(CudaLibs.cuda().cuMemcpyDtoH_v2(host, bad.address(), 8), "cuMemcpyDtoH_v2");
    return host.getLong(0);
  }

  /** Every collective once at 64 MiB per type, each result checked exactly on every rank. */
  private int check() {
    int failures = 0;
    long bytes = 64L << 20;
    for (Precision p : types()) {
      long n = bytes / p.bytes();
      long count = n / world;
      CudaTensor a = cuda.allocate("a", p, n);
      CudaTensor b = cuda.allocate("b", p, n);
      Map<String, Long> bad = new java.util.LinkedHashMap<>();
      fill(a.address(), p, n, rank, 0);
      comm.allReduce(a, a, ReduceOp.SUM, cuda.stream());
      bad.put("allreduce", mismatches(a.address(), p, n, 0, world - 1, 0, 1));
      fill(a.address(), p, count, rank, 0);
      comm.allGather(a.address(), b.address(), count, p, cuda.stream());
      long m = 0;
      for (int r = 0; r < world; r++) {
        m += mismatches(b.address() + r * count * p.bytes(), p, count, r, r, 0, 1);
      }
      bad.put("allgather", m);
      fill(a.address(), p, count * world, rank, 0);
      comm.reduceScatter(a.address(), b.address(), count, p, ReduceOp.SUM, cuda.stream());
      bad.put("reducescatter", mismatches(b.address(), p, count, 0, world - 1, rank * count, 1));
      fill(a.address(), p, n, rank, 0);
      comm.broadcast(a.address(), b.address(), n, p, 0, cuda.stream());
      bad.put("broadcast", mismatches(b.address(), p, n, 0, 0, 0, 1));
      int next = (rank + 1) % world;
      int prev = (rank + world - 1) % world;
      NcclLibrary.group(() -> {
        comm.send(a.address(), n, p, next, cuda.stream());
        comm.recv(b.address(), n, p, prev, cuda.stream());
      });
      bad.put("sendrecv", mismatches(b.address(), p, n, prev, prev, 0, 1));
      for (Map.Entry<String, Long> e : bad.entrySet()) {
        say(rank, String.format(Locale.ROOT, "check %-13s %s 64 MiB: %s", e.getKey(), p,
            e.getValue() == 0 ? "ok" : e.getValue() + " wrong elements"));
        record(e.getKey() + "-check", p, bytes, 0, 0, 0, e.getValue() == 0 ? "ok" : "FAIL");
        failures += e.getValue() == 0 ? 0 : 1;
      }
    }
    return failures;
  }

  private List<Precision> types() {
    List<Precision> out = new ArrayList<>();
    for (String t : args.getOrDefault("types", "FP32,BF16").split(",")) {
      Precision p = Precision.parse(t);
      if (p != Precision.FP32 && p != Precision.BF16) {
        throw new IllegalArgumentException("the probe checks FP32 and BF16 only; got " + t);
      }
      out.add(p);
    }
    return out;
  }

  private long[] sizes() {
    String[] s = args.getOrDefault("sizes-mib", "1,2,4,8,16,32,64,128,256,512,1024").split(",");
    long[] out = new long[s.length];
    for (int i = 0; i < s.length; i++) {
      out[i] = Long.parseLong(s[i].strip()) << 20;
    }
    return out;
  }

  private int bench() {
    int warmup = Integer.parseInt(args.getOrDefault("warmup", "5"));
    int iters = Integer.parseInt(args.getOrDefault("iters", "20"));
    long[] sizes = sizes();
    long max = 0;
    for (long s : sizes) {
      max = Math.max(max, s);
    }
    CudaTensor buf = cuda.allocate("buf", Precision.FP32, max / 4);
    CudaTensor peer = cuda.allocate("peer", Precision.FP32, max / 4);
    int failures = 0;
    try (Events ev = new Events()) {
      for (Precision p : types()) {
        for (long bytes : sizes) {
          long n = bytes / p.bytes();
          fill(buf.address(), p, n, rank, 0);
          barrier();
          comm.allReduce(buf.address(), buf.address(), n, p, ReduceOp.SUM, cuda.stream());
          long first = mismatches(buf.address(), p, n, 0, world - 1, 0, 1);
          for (int i = 0; i < warmup; i++) {
            comm.allReduce(buf.address(), buf.address(), n, p, ReduceOp.SUM, cuda.stream());
          }
          comm.await(cuda.stream(), limit);
          barrier();
          ev.start();
          for (int i = 0; i < iters; i++) {
            comm.allReduce(buf.address(), buf.address(), n, p, ReduceOp.SUM, cuda.stream());
          }
          double seconds = ev.stopMillis(comm, limit) / 1e3 / iters;
          fill(buf.address(), p, n, rank, 0);
          comm.allReduce(buf.address(), buf.address(), n, p, ReduceOp.SUM, cuda.stream());
          long again = mismatches(buf.address(), p, n, 0, world - 1, 0, 1);
          String check = first == 0 && again == 0 ? "ok" : "FAIL " + first + "+" + again + " wrong";
          failures += first == 0 && again == 0 ? 0 : 1;
          BusBandwidth bw = BusBandwidth.of(Collective.ALL_REDUCE, bytes, world, seconds);
          say(rank, String.format(Locale.ROOT, "allreduce %s %5d MiB %10.1f us algbw %7.1f busbw %7.1f GB/s %s", p,
              bytes >> 20, seconds * 1e6, bw.algGBps(), bw.busGBps(), check));
          record("allreduce", p, bytes, seconds, bw.algGBps(), bw.busGBps(), check);
        }
      }
      // The measured link probe: every rank sends to the next and receives from the previous (for two ranks, both
      // directions of the one link at once); its bus bandwidth is the per-direction bandwidth.
      for (long bytes : new long[] {256L << 20, 1L << 30}) {
        if (bytes > max) {
          continue;
        }
        long n = bytes / 4;
        int next = (rank + 1) % world;
        int prev = (rank + world - 1) % world;
        Runnable exchange = () -> NcclLibrary.group(() -> {
          comm.send(buf.address(), n, Precision.FP32, next, cuda.stream());
          comm.recv(peer.address(), n, Precision.FP32, prev, cuda.stream());
        });
        fill(buf.address(), Precision.FP32, n, rank, 0);
        exchange.run();
        long wrong = mismatches(peer.address(), Precision.FP32, n, prev, prev, 0, 1);
        for (int i = 0; i < warmup; i++) {
          exchange.run();
        }
        barrier();
        ev.start();
        for (int i = 0; i < iters; i++) {
          exchange.run();
        }
        double seconds = ev.stopMillis(comm, limit) / 1e3 / iters;
        BusBandwidth bw = BusBandwidth.of(Collective.SEND_RECV, bytes, world, seconds);
        String check = wrong == 0 ? "ok" : "FAIL " + wrong + " wrong";
        failures += wrong == 0 ? 0 : 1;
        say(rank, String.format(Locale.ROOT, "sendrecv FP32 %5d MiB %10.1f us busbw %7.1f GB/s per direction %s",
            bytes >> 20, seconds * 1e6, bw.busGBps(), check));
        record("sendrecv", Precision.FP32, bytes, seconds, bw.algGBps(), bw.busGBps(), check);
      }
    }
    return failures;
  }

  /** The rank given by --fault-rank hangs (or exits) before an all-reduce; the others must abort within the limit. */
  private int hang() throws Exception {
    int faulty = Integer.parseInt(args.getOrDefault("fault-rank", "1"));
    String fault = args.getOrDefault("fault", "hang");
    long n = (64L << 20) / 4;
    CudaTensor x = cuda.allocate("x", Precision.FP32, n);
    if (rank == faulty) {
      if (fault.equals("exit")) {
        say(rank, "exiting before the all-reduce, as a crashed rank would");
        Runtime.getRuntime().halt(3);
      }
      say(rank, "hanging before the all-reduce (sleeping; the script ends this process)");
      Thread.sleep(600_000);
      return 4;
    }
    fill(x.address(), Precision.FP32, n, rank, 0);
    comm.allReduce(x, x, ReduceOp.SUM, cuda.stream());
    long t0 = System.nanoTime();
    String outcome;
    String detail;
    try {
      comm.await(cuda.stream(), limit);
      outcome = "FAIL: the all-reduce finished without rank " + faulty;
      detail = "";
    } catch (NcclTimeoutException e) {
      outcome = "timeout";
      detail = String.format(Locale.ROOT, "waited %.1f s, abort %d ms", e.waited().toNanos() / 1e9,
          e.abortTook().toMillis());
      say(rank, "NcclTimeoutException: " + e.getMessage());
    } catch (RuntimeException e) {
      outcome = "error";
      detail = String.format(Locale.ROOT, "after %.1f s", (System.nanoTime() - t0) / 1e9);
      say(rank, "aborted on: " + e);
    }
    // After the abort NCCL's kernel must have quit: the stream drains, and the GPU still computes.
    long d0 = System.nanoTime();
    int rc;
    while ((rc = CudaHot.cuStreamQuery(cuda.stream().handle())) == 600 && System.nanoTime() - d0 < 30_000_000_000L) {
      Thread.sleep(1);
    }
    double drainMs = (System.nanoTime() - d0) / 1e6;
    boolean drained = rc == 0;
    long wrong = -1;
    if (drained) {
      CudaTensor y = cuda.allocate("y", Precision.FP32, n);
      fill(y.address(), Precision.FP32, n, rank, 0);
      CudaErrors.check(CudaHot.cuMemsetD32Async(bad.address(), 0, 2, cuda.stream().handle()), "cuMemsetD32Async");
      verify.launch(Dim3.of(1024), Dim3.of(256), 0, y.address(), 0, n, rank, rank, 0L, 1.0f, bad.address());
      cuda.synchronize();
      CudaErrors.check(CudaLibs.cuda().cuMemcpyDtoH_v2(host, bad.address(), 8), "cuMemcpyDtoH_v2");
      wrong = host.getLong(0);
    }
    boolean ok = (outcome.equals("timeout") || outcome.equals("error")) && drained && wrong == 0;
    String line = String.format(Locale.ROOT, "%s of rank %d: %s (%s); stream drained %s in %.0f ms; GPU usable: %s",
        fault, faulty, outcome, detail, drained ? "yes" : "NO (" + CudaErrors.cudaError(rc, "cuStreamQuery", null)
            .getMessage() + ")", drainMs, wrong == 0 ? "yes" : "NO");
    say(rank, "HANG " + line);
    appendLine(String.join("\t", args.getOrDefault("label", "gpubench"), fault, "-", "-", "-", "-", "-",
        ok ? "ok: " + line : "FAIL: " + line));
    return ok ? 0 : 1;
  }

  private void links(Path peerBusFile) {
    try {
      String peerBus = world > 1 ? waitFor(peerBusFile) : "";
      List<NvLink> links = NvmlDevice.open(cuda.device().pciBusId(), cuda.device().ordinal()).nvLinks();
      say(rank, "NVML: " + links.size() + " active NVLinks" + (links.isEmpty() ? "" : ", e.g. " + links.get(0)));
      String text = NvLink.toPeer(links, peerBus)
          .map(b -> String.format(Locale.ROOT, "%.1f GB/s per direction: %s (datasheet %s)", b.gbPerSecond(),
              b.source(), b.datasheetGBps() == null ? "?" : String.format(Locale.ROOT, "%.0f", b.datasheetGBps())))
          .orElse("no NVLink to " + peerBus);
      say(rank, "link to rank 1: " + text);
      appendLine(String.join("\t", args.getOrDefault("label", "gpubench"), "nvlink", "-", "-", "-", "-", "-", text));
    } catch (Exception e) {
      say(rank, "NVML NVLink query FAILED: " + e);
      appendLine(String.join("\t", args.getOrDefault("label", "gpubench"), "nvlink", "-", "-", "-", "-", "-",
          "FAILED: " + e));
    }
  }

  private void record(String op, Precision p, long bytes, double seconds, double alg, double bus, String check) {
    appendLine(String.format(Locale.ROOT, "%s\t%s\t%s\t%d\t%.2f\t%.2f\t%.2f\t%s", args.getOrDefault("label",
        "gpubench"), op, p, bytes, seconds * 1e6, alg, bus, check));
  }

  private void appendLine(String line) {
    String out = args.get("out");
    if (rank != 0 || out == null) {
      return;
    }
    try {
      Files.writeString(Path.of(out), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Two CUDA events on the probe's stream; the stop waits through the communicator, never a blocking sync. */
  private final class Events implements AutoCloseable {
    private final Pointer start = event();
    private final Pointer end = event();

    private Pointer event() {
      PointerByReference ev = new PointerByReference();
      CudaErrors.check(CudaLibs.cuda().cuEventCreate(ev, CudaDriver.CU_EVENT_DEFAULT), "cuEventCreate");
      return ev.getValue();
    }

    void start() {
      CudaErrors.check(CudaHot.cuEventRecord(start, cuda.stream().handle()), "cuEventRecord");
    }

    float stopMillis(Communicator c, Duration limit) {
      CudaErrors.check(CudaHot.cuEventRecord(end, cuda.stream().handle()), "cuEventRecord");
      c.await(cuda.stream(), limit);
      float[] ms = new float[1];
      CudaErrors.check(CudaLibs.cuda().cuEventElapsedTime(ms, start, end), "cuEventElapsedTime");
      return ms[0];
    }

    @Override
    public void close() {
      CudaLibs.cuda().cuEventDestroy_v2(start);
      CudaLibs.cuda().cuEventDestroy_v2(end);
    }
  }
}
