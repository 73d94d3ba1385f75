package io.gpubench.cuda.internal.audit;

import static io.gpubench.cuda.internal.audit.WalkAssemblerTest.CUDA;
import static io.gpubench.cuda.internal.audit.WalkAssemblerTest.CUDART;
import static io.gpubench.cuda.internal.audit.WalkAssemblerTest.CUPTI;
import static io.gpubench.cuda.internal.audit.WalkAssemblerTest.JNA;
import static io.gpubench.cuda.internal.audit.WalkAssemblerTest.LT;
import static io.gpubench.cuda.internal.audit.WalkAssemblerTest.TORCH;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.KernelAudit.Library;
import io.gpubench.api.result.KernelAudit.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Kernels joined to the walks of their launch calls, from synthetic stacks; and the fallbacks, each with its reason. */
class LaunchAttributionTest {
  static final Map<Integer, Set<Integer>> CBIDS = CuptiAuditor.LAUNCH_CBIDS;

  private final AtomicLong sequence = new AtomicLong();
  private final List<Walk> walks = new ArrayList<>();

  /** The two walks CUPTI's entry and exit callbacks give one launch call, the entry's followed to {@code caller}. */
  private void launchCall(int thread, int domain, String... stack) {
    Frame[] frames = new Frame[stack.length];
    for (int i = 0; i < stack.length; i++) {
      frames[i] = WalkAssemblerTest.frame(stack[i], 0x1000 + i);
    }
    Frame caller = frames[frames.length - 1].origin().launchPath() ? null : frames[frames.length - 1];
    walks.add(new Walk(thread, domain, sequence.getAndIncrement(), false, caller, List.of(frames),
        caller == null ? "the unwinder stopped after " + frames[frames.length - 1].describe() : null));
    walks.add(new Walk(thread, domain, sequence.getAndIncrement(), true, null, List.of(), "not walked"));
  }

  private static Activity.Api driver(int cbid, long start, int thread, int correlation) {
    return new Activity.Api(Activity.Domain.DRIVER, cbid, start, start + 100, thread, correlation);
  }

  private static Activity.Api runtime(int cbid, long start, int thread, int correlation) {
    return new Activity.Api(Activity.Domain.RUNTIME, cbid, start, start + 300, thread, correlation);
  }

  private static Activity.Kernel kernel(String name, int correlation, int graph) {
    return new Activity.Kernel(name, 10_000 + correlation, 11_000 + correlation, 0, 1, 13, correlation, graph);
  }

  @Test
  void eachKernelGetsTheLibraryOfItsLaunchCallsStack() {
    launchCall(7, 1, CUPTI, CUDA, LT);          // cublasLtMatmul -> cuLaunchKernelEx
    launchCall(7, 1, CUPTI, CUDA, JNA);         // KernelLaunch.run -> cuLaunchKernel through JNA
    List<Activity.Api> calls = List.of(driver(652, 100, 7, 5), driver(307, 500, 7, 6));
    LaunchAttribution.Result r = LaunchAttribution.attribute(
        List.of(kernel("nvjet_hsh_256x128", 5, 0), kernel("saxpy", 6, 0)), calls, walks, null, CBIDS);
    assertThat(r.byKernel()).containsExactly(
        new LaunchAttribution.Attributed(Library.CUBLASLT, "libcublasLt.so.13", Method.STACK),
        new LaunchAttribution.Attributed(Library.BENCHMARK, "JVM (JNA)", Method.STACK));
    assertThat(r.notes()).contains("launch calls: 2 driver, 0 runtime, 0 inside the driver");
  }

  @Test
  void callsArePairedInStartOrderPerThread() {
    // two threads interleaved; each thread's calls pair with its own walks, in order
    launchCall(1, 1, CUPTI, CUDA, LT);
    launchCall(2, 1, CUPTI, CUDA, JNA);
    launchCall(1, 1, CUPTI, CUDA, "/opt/nccl/lib/libnccl.so.2");
    List<Activity.Api> calls = List.of(driver(307, 900, 1, 12), driver(307, 400, 1, 11), driver(307, 500, 2, 21));
    LaunchAttribution.Result r = LaunchAttribution.attribute(
        List.of(kernel("a", 11, 0), kernel("b", 12, 0), kernel("c", 21, 0)), calls, walks, null, CBIDS);
    assertThat(r.byKernel()).extracting(LaunchAttribution.Attributed::library)
        .containsExactly(Library.CUBLASLT, Library.NCCL, Library.BENCHMARK);
  }

  @Test
  void aRuntimeLaunchAndTheDriverLaunchInsideItAgree() {
    // CUPTI's domain argument unread (0): entry R, entry D, exit D, exit R taken together in order
    Frame torch = WalkAssemblerTest.frame(TORCH, 9);
    List<Frame> stack = List.of(WalkAssemblerTest.frame(CUPTI, 1), WalkAssemblerTest.frame(CUDA, 2),
        WalkAssemblerTest.frame(CUDART, 3), torch);
    walks.add(new Walk(3, 0, 0, false, torch, stack, null));
    walks.add(new Walk(3, 0, 1, true, null, List.of(), "not walked"));
    walks.add(new Walk(3, 0, 2, false, torch, stack, null));
    walks.add(new Walk(3, 0, 3, true, null, List.of(), "not walked"));
    List<Activity.Api> calls = List.of(runtime(505, 100, 3, 31), driver(307, 150, 3, 32));
    LaunchAttribution.Result r = LaunchAttribution.attribute(
        List.of(kernel("_ZN2at6native29vectorized_elementwise_kernel", 31, 0)), calls, walks, null, CBIDS);
    assertThat(r.byKernel()).containsExactly(
        new LaunchAttribution.Attributed(Library.ATEN, "libtorch_cuda.so", Method.STACK));
  }

  @Test
  void walksThatDoNotPairUpFallBackToNamesAndSaySo() {
    launchCall(7, 1, CUPTI, CUDA, LT);
    walks.add(new Walk(7, 1, 99, false, null, List.of(), "stray"));
    List<Activity.Api> calls = List.of(driver(652, 100, 7, 5));
    LaunchAttribution.Result r = LaunchAttribution.attribute(
        List.of(kernel("nvjet_hsh_256x128", 5, 0)), calls, walks, null, CBIDS);
    LaunchAttribution.Attributed a = r.byKernel().get(0);
    assertThat(a.library()).isEqualTo(Library.CUBLASLT);
    assertThat(a.method()).isEqualTo(Method.KERNEL_NAME);
    assertThat(a.source()).isEqualTo("the walks of thread 7 did not pair up with its launch calls (3 walks for 1 "
        + "calls, two expected per call)");
    assertThat(r.notes()).contains(a.source());
  }

  @Test
  void aWalkThatEndedInTheDriverLeavesItsKernelToItsName() {
    launchCall(7, 1, CUPTI, CUDA);
    LaunchAttribution.Result r = LaunchAttribution.attribute(
        List.of(kernel("mystery", 5, 0)), List.of(driver(307, 100, 7, 5)), walks, null, CBIDS);
    assertThat(r.byKernel().get(0)).isEqualTo(new LaunchAttribution.Attributed(Library.UNKNOWN,
        "no stack: the unwinder stopped after libcuda.so.1", Method.NONE));
  }

  @Test
  void graphKernelsInternalLaunchesAndMissingCallsSayWhy() {
    launchCall(7, 1, CUPTI, CUDA, JNA);
    List<Activity.Api> calls = List.of(driver(514, 100, 7, 5),
        new Activity.Api(Activity.Domain.INTERNAL, 0, 200, 210, 7, 6));
    LaunchAttribution.Result r = LaunchAttribution.attribute(
        List.of(kernel("ncclDevKernel_AllReduce_Sum_f32_RING_LL", 5, 3), kernel("cudnn_conv", 6, 0),
            kernel("who", 8, 0)), calls, walks, null, CBIDS);
    assertThat(r.byKernel()).containsExactly(
        new LaunchAttribution.Attributed(Library.NCCL,
            "in a CUDA graph: its launch call names who launched the graph, not the kernel", Method.KERNEL_NAME),
        new LaunchAttribution.Attributed(Library.CUDNN,
            "launched inside the driver, outside any API call: no launch call to walk", Method.KERNEL_NAME),
        new LaunchAttribution.Attributed(Library.UNKNOWN, "no launch call recorded with its correlation id 8",
            Method.NONE));
    assertThat(r.notes()).contains("launch calls: 1 driver, 0 runtime, 1 inside the driver");
  }

  @Test
  void withoutWalksEveryKernelIsAttributedByNameWithTheReason() {
    LaunchAttribution.Result r = LaunchAttribution.attribute(List.of(kernel("nvjet_tst", 5, 0)),
        List.of(driver(652, 100, 7, 5)), null, "no stack walks: stack walks turned off", CBIDS);
    assertThat(r.byKernel().get(0)).isEqualTo(new LaunchAttribution.Attributed(Library.CUBLASLT,
        "no stack walks: stack walks turned off", Method.KERNEL_NAME));
  }

  @Test
  void callersAreNamedByTheirSharedObject() {
    assertThat(LaunchAttribution.fromCaller(WalkAssemblerTest.frame("/x/libcudnn_engines_precompiled.so.9", 1)))
        .isEqualTo(new LaunchAttribution.Attributed(Library.CUDNN, "libcudnn_engines_precompiled.so.9",
            Method.STACK));
    assertThat(LaunchAttribution.fromCaller(WalkAssemblerTest.frame("/x/libcublas.so.13", 1)).library())
        .isEqualTo(Library.CUBLAS);
    assertThat(LaunchAttribution.fromCaller(WalkAssemblerTest.frame("/x/libc10_cuda.so", 1)).library())
        .isEqualTo(Library.ATEN);
    assertThat(LaunchAttribution.fromCaller(WalkAssemblerTest.frame("/x/libmykernels.so", 1)))
        .isEqualTo(new LaunchAttribution.Attributed(Library.OTHER, "libmykernels.so", Method.STACK));
    assertThat(LaunchAttribution.fromCaller(WalkAssemblerTest.frame(null, 1)).library())
        .isEqualTo(Library.BENCHMARK);
    assertThat(LaunchAttribution.fromCaller(WalkAssemblerTest.frame("/usr/lib/jvm/lib/server/libjvm.so", 1)).source())
        .isEqualTo("JVM (libjvm)");
  }

  @Test
  void sharedObjectsOnTheLaunchPath() {
    assertThat(SharedObject.origin("/usr/lib/x86_64-linux-gnu/libcuda.so.580.159.03", null))
        .isEqualTo(SharedObject.Origin.DRIVER);
    assertThat(SharedObject.origin("/usr/local/cuda/lib64/libcudart.so.13.0.96", null))
        .isEqualTo(SharedObject.Origin.RUNTIME);
    assertThat(SharedObject.origin("/usr/local/cuda/lib64/libcudnn.so.9", null)).isEqualTo(SharedObject.Origin.LIBRARY);
    assertThat(SharedObject.origin("/lib/x86_64-linux-gnu/libgcc_s.so.1", null))
        .isEqualTo(SharedObject.Origin.UNWINDER);
    assertThat(SharedObject.origin("/opt/jna/libjnidispatch.so", null)).isEqualTo(SharedObject.Origin.JVM);
    assertThat(SharedObject.origin("/tmp/x/dispatch-renamed.so", "/tmp/x/dispatch-renamed.so"))
        .isEqualTo(SharedObject.Origin.JVM);
    assertThat(SharedObject.origin(null, null)).isEqualTo(SharedObject.Origin.UNRESOLVED);
  }

  @Test
  void kernelNamesAsALastResort() {
    assertThat(KernelNames.library("nvjet_hsh_256x128_64x4_1x2_h_bz_coopA_NTN")).isEqualTo(Library.CUBLASLT);
    assertThat(KernelNames.library("sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x256x64")).isEqualTo(Library.CUBLAS);
    assertThat(KernelNames.library("ampere_sgemm_128x64_nn")).isEqualTo(Library.CUBLAS);
    assertThat(KernelNames.library("ncclDevKernel_AllReduce_Sum_f32_RING_LL")).isEqualTo(Library.NCCL);
    assertThat(KernelNames.library("_ZN2at6native18elementwise_kernelILi128ELi2EZNS0_")).isEqualTo(Library.ATEN);
    assertThat(KernelNames.library("void cudnn::engines_precompiled::nchwToNhwcKernel")).isEqualTo(Library.CUDNN);
    assertThat(KernelNames.library("saxpy")).isEqualTo(Library.UNKNOWN);
    assertThat(KernelNames.library(null)).isEqualTo(Library.UNKNOWN);
  }
}
