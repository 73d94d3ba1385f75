package io.gpubench.cuda.internal.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.cuda.internal.jna.Cupti;
import io.gpubench.cuda.internal.jna.Nvtx;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The offsets, sizes and constants the audit reads, against what gcc makes of CUPTI 13's and NVTX 3's headers
 * ({@code src/test/c/cupti_layout.c} prints them; the figures below are its output for CUDA 13.0).
 */
class CuptiLayoutTest {

  @Test
  void apiRecordMatchesCuptiActivityApi() {
    assertThat(ActivityRecords.API_SIZE).isEqualTo(40);
    assertThat(ActivityRecords.API_CBID).isEqualTo(4);
    assertThat(ActivityRecords.API_START).isEqualTo(8);
    assertThat(ActivityRecords.API_END).isEqualTo(16);
    assertThat(ActivityRecords.API_THREAD_ID).isEqualTo(28);
    assertThat(ActivityRecords.API_CORRELATION_ID).isEqualTo(32);
  }

  @Test
  void kernelRecordMatchesCuptiActivityKernel10() {
    assertThat(ActivityRecords.KERNEL_SIZE).isEqualTo(216);
    assertThat(ActivityRecords.KERNEL_START).isEqualTo(16);
    assertThat(ActivityRecords.KERNEL_END).isEqualTo(24);
    assertThat(ActivityRecords.KERNEL_DEVICE_ID).isEqualTo(40);
    assertThat(ActivityRecords.KERNEL_CONTEXT_ID).isEqualTo(44);
    assertThat(ActivityRecords.KERNEL_STREAM_ID).isEqualTo(48);
    assertThat(ActivityRecords.KERNEL_CORRELATION_ID).isEqualTo(92);
    assertThat(ActivityRecords.KERNEL_NAME).isEqualTo(104);
    assertThat(ActivityRecords.KERNEL_GRAPH_ID).isEqualTo(156);
  }

  @Test
  void copyRecordsMatchMemcpy6PtoP4AndMemset4() {
    assertThat(ActivityRecords.MEMCPY_SIZE).isEqualTo(96);
    assertThat(ActivityRecords.MEMCPY_COPY_KIND).isEqualTo(4);
    assertThat(ActivityRecords.MEMCPY_BYTES).isEqualTo(8);
    assertThat(ActivityRecords.MEMCPY_START).isEqualTo(16);
    assertThat(ActivityRecords.MEMCPY_END).isEqualTo(24);
    assertThat(ActivityRecords.MEMCPY_DEVICE_ID).isEqualTo(32);
    assertThat(ActivityRecords.MEMCPY_CONTEXT_ID).isEqualTo(36);
    assertThat(ActivityRecords.MEMCPY_STREAM_ID).isEqualTo(40);
    assertThat(ActivityRecords.MEMCPY_CORRELATION_ID).isEqualTo(44);
    assertThat(ActivityRecords.MEMCPY2_SIZE).isEqualTo(96);
    assertThat(ActivityRecords.MEMCPY2_CORRELATION_ID).isEqualTo(60);
    assertThat(ActivityRecords.MEMSET_SIZE).isEqualTo(88);
    assertThat(ActivityRecords.MEMSET_BYTES).isEqualTo(8);
    assertThat(ActivityRecords.MEMSET_START).isEqualTo(16);
    assertThat(ActivityRecords.MEMSET_END).isEqualTo(24);
    assertThat(ActivityRecords.MEMSET_DEVICE_ID).isEqualTo(32);
    assertThat(ActivityRecords.MEMSET_CONTEXT_ID).isEqualTo(36);
    assertThat(ActivityRecords.MEMSET_STREAM_ID).isEqualTo(40);
    assertThat(ActivityRecords.MEMSET_CORRELATION_ID).isEqualTo(44);
  }

  @Test
  void activityKindsFlagsAndDomains() {
    assertThat(Cupti.CUPTI_ACTIVITY_KIND_MEMCPY).isEqualTo(1);
    assertThat(Cupti.CUPTI_ACTIVITY_KIND_MEMSET).isEqualTo(2);
    assertThat(Cupti.CUPTI_ACTIVITY_KIND_DRIVER).isEqualTo(4);
    assertThat(Cupti.CUPTI_ACTIVITY_KIND_RUNTIME).isEqualTo(5);
    assertThat(Cupti.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL).isEqualTo(10);
    assertThat(Cupti.CUPTI_ACTIVITY_KIND_MEMCPY2).isEqualTo(22);
    assertThat(Cupti.CUPTI_ACTIVITY_KIND_INTERNAL_LAUNCH_API).isEqualTo(48);
    assertThat(Cupti.CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM).isEqualTo(1);
    assertThat(Cupti.CUPTI_ACTIVITY_FLAG_FLUSH_FORCED).isEqualTo(1);
    assertThat(Cupti.CUPTI_CB_DOMAIN_DRIVER_API).isEqualTo(1);
    assertThat(Cupti.CUPTI_CB_DOMAIN_RUNTIME_API).isEqualTo(2);
    assertThat(Cupti.CUPTI_ERROR_MAX_LIMIT_REACHED).isEqualTo(12);
    assertThat(Cupti.CUPTI_ERROR_INSUFFICIENT_PRIVILEGES).isEqualTo(35);
    assertThat(Cupti.CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED).isEqualTo(39);
    assertThat(Cupti.SUBSCRIBER_PARAMS_SIZE).isEqualTo(32);
    assertThat(ActivityRecords.copyKind(1)).isEqualTo("HtoD");
    assertThat(ActivityRecords.copyKind(8)).isEqualTo("DtoD");
    assertThat(ActivityRecords.copyKind(10)).isEqualTo("PtoP");
  }

  @Test
  void launchCallbackIds() {
    assertThat(CuptiAuditor.LAUNCH_CBIDS.get(Cupti.CUPTI_CB_DOMAIN_DRIVER_API))
        .isEqualTo(Set.of(307, 442, 652, 653, 477, 478, 514, 515));
    assertThat(CuptiAuditor.LAUNCH_CBIDS.get(Cupti.CUPTI_CB_DOMAIN_RUNTIME_API))
        .isEqualTo(Set.of(211, 214, 430, 431, 269, 270, 505, 506, 311, 312));
  }

  @Test
  void nvtxEventAttributesV3() {
    assertThat(Nvtx.VERSION).isEqualTo((short) 3);
    assertThat(Nvtx.EVENT_ATTRIBUTES_SIZE).isEqualTo((short) 48);
    assertThat(Nvtx.OFFSET_COLOR_TYPE).isEqualTo(8);
    assertThat(Nvtx.OFFSET_COLOR).isEqualTo(12);
    assertThat(Nvtx.OFFSET_MESSAGE_TYPE).isEqualTo(32);
    assertThat(Nvtx.OFFSET_MESSAGE).isEqualTo(40);
    assertThat(Nvtx.COLOR_ARGB).isEqualTo(1);
    assertThat(Nvtx.MESSAGE_TYPE_ASCII).isEqualTo(1);
  }
}
