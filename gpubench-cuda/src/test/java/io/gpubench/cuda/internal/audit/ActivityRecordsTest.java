package io.gpubench.cuda.internal.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Memory;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.jna.Cupti;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Activity records read from a synthesised buffer: each kind's fields, and CUPTI's own iteration over them. */
class ActivityRecordsTest {

  private static ActivityFixture fixture() {
    return new ActivityFixture()
        .api(Cupti.CUPTI_ACTIVITY_KIND_DRIVER, 307, 1_000, 1_900, 5151, 41)
        .kernel("_Z5saxpyifPKfPf", 2_000, 7_000, 0, 13, 41, 0)
        .memcpy(8, 1 << 20, 7_500, 9_000, 0, 42)
        .memset(4096, 9_100, 9_300, 0, 43)
        .peerCopy(1 << 16, 9_400, 9_900, 0, 44)
        .api(Cupti.CUPTI_ACTIVITY_KIND_RUNTIME, 505, 2_000, 2_500, 5151, 45)
        .api(Cupti.CUPTI_ACTIVITY_KIND_INTERNAL_LAUNCH_API, 0, 3_000, 3_100, 5152, 46);
  }

  private static List<Activity> expected() {
    return List.of(
        new Activity.Api(Activity.Domain.DRIVER, 307, 1_000, 1_900, 5151, 41),
        new Activity.Kernel("_Z5saxpyifPKfPf", 2_000, 7_000, 0, 1, 13, 41, 0),
        new Activity.Copy("memcpy DtoD", 1 << 20, 7_500, 9_000, 0, 1, 13, 42),
        new Activity.Copy("memset", 4096, 9_100, 9_300, 0, 1, 13, 43),
        new Activity.Copy("memcpy PtoP", 1 << 16, 9_400, 9_900, 0, 1, 14, 44),
        new Activity.Api(Activity.Domain.RUNTIME, 505, 2_000, 2_500, 5151, 45),
        new Activity.Api(Activity.Domain.INTERNAL, 0, 3_000, 3_100, 5152, 46));
  }

  @Test
  void eachKindReadsItsFields() {
    ActivityFixture f = fixture();
    List<Activity> read = new ArrayList<>();
    for (int i = 0; i < f.records(); i++) {
      read.add(ActivityRecords.read(f.record(i)).orElseThrow());
    }
    assertThat(read).containsExactlyElementsOf(expected());
  }

  @Test
  void aKindTheAuditDoesNotReadIsPassedOver() {
    Memory context = new Memory(64);
    context.clear();
    context.setInt(0, 9); // CUPTI_ACTIVITY_KIND_CONTEXT
    assertThat(ActivityRecords.read(context)).isEmpty();
  }

  @Test
  void cuptisOwnIterationFindsEveryRecordAtTheSizesAssumed() {
    // libcupti loads without a driver and iterates a buffer by each kind's record size: had a size here differed
    // from CUPTI 13's, the records after it would be read at the wrong place.
    assumeTrue(CudaLibs.cuptiFailure().isEmpty(), () -> "libcupti not loadable: " + CudaLibs.cuptiFailure().get());
    ActivityFixture f = fixture();
    List<Activity> read = new ArrayList<>();
    int n = ActivityBuffers.read(CudaLibs.cupti(), f.buffer(), f.validSize(), read::add);
    assertThat(n).isEqualTo(7);
    assertThat(read).containsExactlyElementsOf(expected());
  }

  @Test
  void anEmptyBufferHasNoRecords() {
    assumeTrue(CudaLibs.cuptiFailure().isEmpty(), () -> "libcupti not loadable: " + CudaLibs.cuptiFailure().get());
    List<Activity> read = new ArrayList<>();
    assertThat(ActivityBuffers.read(CudaLibs.cupti(), new Memory(64), 0, read::add)).isZero();
    assertThat(read).isEmpty();
  }
}
