package io.gpubench.cuda.internal.jna;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.cuda.internal.jna.CublasLt;
import io.gpubench.cuda.internal.jna.Nvml;
import org.junit.jupiter.api.Test;

/** The JNA structures have the sizes and offsets of the C headers' structs; no GPU needed. */
class StructLayoutTest {

  @Test
  void cublasLtHeuristicResultIs96Bytes() {
    CublasLt.HeuristicResult r = new CublasLt.HeuristicResult();
    assertThat(r.size()).isEqualTo(96);
    assertThat(r.offset("algo")).isZero();
    assertThat(r.offset("workspaceSize")).isEqualTo(64);
    assertThat(r.offset("state")).isEqualTo(72);
    assertThat(r.offset("wavesCount")).isEqualTo(76);
    assertThat(r.offset("reserved")).isEqualTo(80);
  }

  @Test
  void anArrayOfHeuristicResultsIsContiguous() {
    CublasLt.HeuristicResult[] rs = (CublasLt.HeuristicResult[]) new CublasLt.HeuristicResult().toArray(8);
    long base = com.sun.jna.Pointer.nativeValue(rs[0].getPointer());
    assertThat(com.sun.jna.Pointer.nativeValue(rs[7].getPointer()) - base).isEqualTo(7 * 96);
  }

  @Test
  void nvmlProcessInfoIs24BytesWithPadding() {
    Nvml.NvmlProcessInfo p = new Nvml.NvmlProcessInfo();
    assertThat(p.size()).isEqualTo(24);
    assertThat(p.offset("usedGpuMemory")).isEqualTo(8);
    assertThat(p.offset("gpuInstanceId")).isEqualTo(16);
    assertThat(p.offset("computeInstanceId")).isEqualTo(20);
  }

  @Test
  void nvmlPciInfoIs68Bytes() {
    // char busIdLegacy[16]; unsigned domain, bus, device, pciDeviceId, pciSubSystemId; char busId[32]
    Nvml.NvmlPciInfo p = new Nvml.NvmlPciInfo();
    assertThat(p.size()).isEqualTo(68);
    assertThat(p.offset("domain")).isEqualTo(16);
    assertThat(p.offset("pciSubSystemId")).isEqualTo(32);
    assertThat(p.offset("busId")).isEqualTo(36);
  }

  @Test
  void nvmlFieldValueIs40BytesWithItsUnionLast() {
    // unsigned fieldId, scopeId; long long timestamp, latencyUsec; nvmlValueType_t valueType;
    // nvmlReturn_t nvmlReturn; nvmlValue_t value (an 8-byte union)
    Nvml.NvmlFieldValue f = new Nvml.NvmlFieldValue();
    assertThat(f.size()).isEqualTo(40);
    assertThat(f.offset("scopeId")).isEqualTo(4);
    assertThat(f.offset("timestamp")).isEqualTo(8);
    assertThat(f.offset("latencyUsec")).isEqualTo(16);
    assertThat(f.offset("valueType")).isEqualTo(24);
    assertThat(f.offset("nvmlReturn")).isEqualTo(28);
    assertThat(f.offset("value")).isEqualTo(32);
    Nvml.NvmlFieldValue[] a = (Nvml.NvmlFieldValue[]) f.toArray(3);
    long base = com.sun.jna.Pointer.nativeValue(a[0].getPointer());
    assertThat(com.sun.jna.Pointer.nativeValue(a[2].getPointer()) - base).isEqualTo(80);
  }

  @Test
  void aFieldValueIsReadByItsType() {
    Nvml.NvmlFieldValue f = new Nvml.NvmlFieldValue();
    f.valueType = Nvml.NVML_VALUE_TYPE_UNSIGNED_INT;
    f.value = 0xDEAD_0000_6FC2L; // the union's upper bytes are not the uint's
    assertThat(f.number()).isEqualTo(0x6FC2);
    f.valueType = Nvml.NVML_VALUE_TYPE_DOUBLE;
    f.value = Double.doubleToLongBits(26.5);
    assertThat(f.number()).isEqualTo(26.5);
    f.valueType = Nvml.NVML_VALUE_TYPE_SIGNED_INT;
    f.value = 0xFFFF_FFFFL;
    assertThat(f.number()).isEqualTo(-1);
  }

  @Test
  void nvmlMemoryIsThreeWords() {
    assertThat(new Nvml.NvmlMemory().size()).isEqualTo(24);
  }
}
