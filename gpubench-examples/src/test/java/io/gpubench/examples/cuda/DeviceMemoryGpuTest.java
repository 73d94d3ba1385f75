package io.gpubench.examples.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.DeviceMemory;
import io.gpubench.api.result.TelemetrySample;
import io.gpubench.examples.QuietEngine;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The device memory of a case from every allocator, on a real GPU: NVML's per-process peak holds gpubench's own
 * allocations (three 8192² FP16 operands) and more (the CUDA context, cuBLAS's handle, cuBLASLt's workspace); a
 * set-up that asks for twice the device fails its case with the device's figures, and the case after it passes in a
 * new worker; the telemetry's readings carry the process's memory for the memory timeline. Skipped with the reason
 * where there is no CUDA GPU.
 */
class DeviceMemoryGpuTest {

  @Test
  void thePeakCountsEveryAllocatorAndAnOutOfMemoryNamesTheDevice() {
    CudaAvailable.cudaOrSkip();
    Path out = Path.of("target/gpubench-device-memory");
    QuietEngine.kit()
        .selectors(selectClass(DeviceOutOfMemoryBenchmark.class), selectClass(DeviceMemoryBenchmark.class))
        .configurationParameter("gpubench.include", "DeviceOutOfMemoryBenchmark,DeviceMemoryBenchmark")
        .configurationParameter("gpubench.backends", "cuda:0")
        .configurationParameter("gpubench.output-dir", out.toString())
        .execute();
    Map<String, CaseResult> cases = ResultsFile.read(out.resolve("results.json")).cases().stream()
        .collect(Collectors.toMap(c -> c.benchmark().replaceAll(".*\\.", ""), Function.identity(), (a, b) -> a));

    CaseResult oom = cases.get("DeviceOutOfMemoryBenchmark");
    System.out.println("out of memory: " + oom.message());
    assertThat(oom.status()).isEqualTo(CaseStatus.ERROR);
    assertThat(oom.message()).contains("CUDA_ERROR_OUT_OF_MEMORY").contains("the device ran out of memory")
        .contains("GiB total").contains("in use now").contains("before the case's set-up");

    CaseResult gemm = cases.get("DeviceMemoryBenchmark");
    assertThat(gemm.status()).as(gemm.message()).isEqualTo(CaseStatus.PASSED);
    DeviceMemory d = gemm.memory().device();
    System.out.println("gemm device memory: " + d + "; gpubench's allocator " + gemm.memory().peakDeviceBytes());
    assertThat(d).isNotNull();
    assertThat(d.source()).contains("nvmlDeviceGetComputeRunningProcesses");
    long own = gemm.memory().peakDeviceBytes();
    assertThat(own).isGreaterThanOrEqualTo(3L * 8192 * 8192 * 2);
    // every allocator: at least gpubench's own share on top of what the process held before the set-up
    assertThat(d.deltaBytes()).isGreaterThanOrEqualTo(own);
    assertThat(d.deviceUsedPeakBytes()).isGreaterThanOrEqualTo(d.processPeakBytes());
    assertThat(d.deviceTotalBytes()).isGreaterThan(d.deviceUsedPeakBytes());
    // the memory timeline: the readings during the trials carry the process's memory from the same NVML listing,
    // each holding the operands at least; bounded by the device, not by the case's peak, which is the first fork's
    // where the timeline is the last fork's
    List<Long> readings = gemm.telemetry().timeline().stream().map(TelemetrySample::processMemoryBytes)
        .filter(Objects::nonNull).toList();
    System.out.println("gemm timeline: " + readings.size() + " of " + gemm.telemetry().timeline().size()
        + " readings with the process's memory");
    assertThat(readings).isNotEmpty().allSatisfy(r -> assertThat(r).isBetween(own, d.deviceTotalBytes()));
  }
}
