package io.gpubench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.BackendId;
import io.gpubench.api.BenchContext;
import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Shape;
import io.gpubench.api.Worlds;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.backend.cpu.CpuBackend;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.support.Frameworks;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * How classes with {@code @Worlds} are planned on machines of several devices, with fake GPUs: a case per world size,
 * the sizes the machine cannot hold skipped with the reason, the run's keys, bad declarations; no GPU needed.
 */
class WorldPlanningTest {

  @GpuBenchmark(backends = "cuda")
  @Worlds({1, 2, 4, 8})
  @Shape("mib=256")
  @Cost(busBytes = "2*(w-1)/w * mib*1048576")
  static final class AllReduce {
    @Measure
    void allreduce(BenchContext ctx) {}
  }

  @GpuBenchmark(backends = {"cpu", "cuda"})
  @Worlds({2})
  @Shape("n=8")
  static final class TwoFamilies {
    @Measure
    void f() {}
  }

  @GpuBenchmark(backends = "cuda")
  @Shape("n=8")
  static final class NoWorlds {
    @Measure
    void f() {}
  }

  @GpuBenchmark(backends = "cuda")
  @Worlds({})
  static final class EmptyWorlds {
    @Measure
    void f() {}
  }

  @GpuBenchmark(backends = "cuda")
  @Worlds({2, 0})
  static final class ZeroWorld {
    @Measure
    void f() {}
  }

  @GpuBenchmark(backends = "cuda")
  @Worlds({1, 2})
  @Shape("h=4,w=8")
  @Cost(bytes = "e*h*w*w")
  static final class AxisW {
    @Measure
    void f() {}
  }

  /** A GPU of a fake machine; {@code nccl} says whether it can run worlds. */
  static final class FakeGpu implements Backend {
    private final int index;
    private final String nccl;

    FakeGpu(int index, String nccl) {
      this.index = index;
      this.nccl = nccl;
    }

    @Override
    public BackendId id() {
      return BackendId.of("cuda", index);
    }

    @Override
    public Optional<String> unavailableReason() {
      return Optional.empty();
    }

    @Override
    public DeviceInfo describe() {
      return new DeviceInfo(id(), "fake", true, null, Map.of());
    }

    @Override
    public Optional<String> unsupported(Precision precision) {
      return precision == Precision.FP8_E4M3 ? Optional.of("no FP8 on the fake") : Optional.empty();
    }

    @Override
    public Optional<String> worldUnsupported(int size) {
      return Optional.ofNullable(nccl);
    }

    @Override
    public BackendSession open(SessionSpec spec) {
      throw new UnsupportedOperationException();
    }
  }

  private static ConfigurationParameters params(Map<String, String> values) {
    return new ConfigurationParameters() {
      @Override
      public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
      }

      @Override
      public Optional<Boolean> getBoolean(String key) {
        return get(key).map(Boolean::parseBoolean);
      }

      @Override
      public Set<String> keySet() {
        return values.keySet();
      }
    };
  }

  private static List<CaseSpec> plan(Class<?> type, Map<String, String> keys, Backend... devices) {
    Map<String, String> all = new HashMap<>(keys);
    all.putIfAbsent("gpubench.output-dir", "target/unused");
    CasePlanner planner = new CasePlanner(EngineConfig.from(params(all)), Backends.of(List.of(devices)),
        Frameworks.none());
    BenchmarkDeclaration decl = DeclarationReader.read(type);
    planner.validate(decl);
    return planner.plan(decl, decl.workloads().get(0), false);
  }

  private static final Backend[] TWO_GPUS = {new FakeGpu(0, null), new FakeGpu(1, null)};

  @Test
  void aCasePerWorldSizeTheLargerOnesSkippedWithTheReason() {
    List<CaseSpec> cases = plan(AllReduce.class, Map.of(), TWO_GPUS);

    assertThat(cases).extracting(CaseSpec::displayName).containsExactly(
        "allreduce [256 MiB, FP32, world 1]", "allreduce [256 MiB, FP32, world 2]",
        "allreduce [256 MiB, FP32, world 4]", "allreduce [256 MiB, FP32, world 8]");
    assertThat(cases).extracting(CaseSpec::skipReason).containsExactly(null, null,
        "world 4 needs 4 GPUs, 2 visible", "world 8 needs 8 GPUs, 2 visible");
    CaseSpec two = cases.get(1);
    assertThat(two.id()).isEqualTo(AllReduce.class.getName() + "#allreduce[mib=256][FP32][cuda][world 2]");
    assertThat(two.segment()).isEqualTo("mib=256|FP32|cuda|world 2");
    assertThat(two.world().ranks()).extracting(Backend::id)
        .containsExactly(BackendId.of("cuda", 0), BackendId.of("cuda", 1));
    assertThat(two.backend().id()).isEqualTo(BackendId.of("cuda", 0));
    assertThat(cases.get(0).world().ranks()).extracting(Backend::id).containsExactly(BackendId.of("cuda", 0));
  }

  @Test
  void theBusBytesKnowTheWorldSize() {
    BenchmarkDeclaration decl = DeclarationReader.read(AllReduce.class);
    CaseSpec two = plan(AllReduce.class, Map.of(), TWO_GPUS).get(1);
    assertThat(BenchmarkDeclaration.Cost.evaluate(decl.cost().busBytes(), two.dims(), two.precision(), 2))
        .isEqualTo(256.0 * 1048576);
    assertThat(BenchmarkDeclaration.Cost.evaluate(decl.cost().busBytes(), two.dims(), two.precision(), 8))
        .isEqualTo(2 * 7 / 8.0 * 256 * 1048576);
    assertThat(BenchmarkDeclaration.Cost.evaluate(decl.cost().busBytes(), two.dims(), two.precision())).isZero();
  }

  @Test
  void theRunsKeysReplaceTheSizes() {
    assertThat(plan(AllReduce.class, Map.of("gpubench.worlds", "2"), TWO_GPUS))
        .extracting(c -> c.world().size()).containsExactly(2);
    assertThat(plan(AllReduce.class, Map.of("gpubench.worlds", "2", "gpubench.worlds.AllReduce", "4, 1"), TWO_GPUS))
        .extracting(c -> c.world().size()).containsExactly(4, 1);
    assertThat(plan(AllReduce.class, Map.of("gpubench.worlds." + AllReduce.class.getName(), "1"), TWO_GPUS))
        .extracting(c -> c.world().size()).containsExactly(1);
    // a class without @Worlds ignores the run-wide key and runs on each device by itself
    assertThat(plan(NoWorlds.class, Map.of("gpubench.worlds", "2"), TWO_GPUS))
        .extracting(CaseSpec::displayName).containsExactly("f [n=8, FP32, cuda:0]", "f [n=8, FP32, cuda:1]");
  }

  @Test
  void badSizesFailTheClassNamingTheKeyOrAnnotationAndTheValue() {
    assertThatThrownBy(() -> plan(AllReduce.class, Map.of("gpubench.worlds", "2,x"), TWO_GPUS))
        .isInstanceOf(InvalidDeclarationException.class)
        .hasMessageContaining("configuration gpubench.worlds").hasMessageContaining("'x' is not a number");
    assertThatThrownBy(() -> plan(AllReduce.class, Map.of("gpubench.worlds.AllReduce", "2,2"), TWO_GPUS))
        .hasMessageContaining("configuration gpubench.worlds.AllReduce")
        .hasMessageContaining("world size 2 is listed twice");
    assertThatThrownBy(() -> plan(ZeroWorld.class, Map.of(), TWO_GPUS))
        .hasMessageContaining("@Worlds").hasMessageContaining("world size 0 is not positive");
    assertThatThrownBy(() -> plan(EmptyWorlds.class, Map.of(), TWO_GPUS))
        .hasMessageContaining("@Worlds").hasMessageContaining("lists no world size");
    assertThatThrownBy(() -> plan(NoWorlds.class, Map.of("gpubench.worlds.NoWorlds", "2"), TWO_GPUS))
        .hasMessageContaining("configuration gpubench.worlds.NoWorlds")
        .hasMessageContaining("the class declares no @Worlds");
    assertThatThrownBy(() -> plan(AxisW.class, Map.of(), TWO_GPUS))
        .hasMessageContaining("uses w, the world size, but shape \"h=4,w=8\" has an axis w of its own");
  }

  @Test
  void aBackendWithoutACommunicatorSkipsItsWorldsWithItsReason() {
    List<CaseSpec> cases = plan(AllReduce.class, Map.of("gpubench.worlds", "1,2"),
        new FakeGpu(0, "no NCCL: libnccl could not be loaded"), new FakeGpu(1, "no NCCL: libnccl could not be loaded"));
    assertThat(cases).extracting(CaseSpec::skipReason).containsOnly("no NCCL: libnccl could not be loaded");
  }

  @Test
  void theRunsBackendsNarrowTheDevicesAWorldMayUse() {
    List<CaseSpec> cases = plan(AllReduce.class, Map.of("gpubench.worlds", "1,2", "gpubench.backends", "cuda:1"),
        TWO_GPUS);
    assertThat(cases.get(0).world().ranks()).extracting(Backend::id).containsExactly(BackendId.of("cuda", 1));
    assertThat(cases.get(1).skipReason()).isEqualTo("world 2 needs 2 GPUs, 1 visible (as gpubench.backends narrows "
        + "them)");
  }

  @Test
  void ranksShareTheCpuAndTheFamilyIsNamedWhereAClassDeclaresTwo() {
    List<CaseSpec> cases = plan(TwoFamilies.class, Map.of(), new CpuBackend(), new FakeGpu(0, null));
    assertThat(cases).extracting(CaseSpec::displayName).containsExactly("f [n=8, FP32, cpu world 2]",
        "f [n=8, FP32, cuda world 2]");
    assertThat(cases.get(0).skipReason()).isNull();
    assertThat(cases.get(0).world().ranks()).hasSize(2).allMatch(b -> b.id().equals(BackendId.CPU));
    assertThat(cases.get(1).skipReason()).isEqualTo("world 2 needs 2 GPUs, 1 visible");
  }

  @Test
  void aWorldOfSeveralRanksNeedsWorkerProcesses() {
    List<CaseSpec> cases = plan(AllReduce.class, Map.of("gpubench.worlds", "1,2", "gpubench.fork", "none"),
        TWO_GPUS);
    assertThat(cases.get(0).skipReason()).isNull();
    assertThat(cases.get(1).skipReason()).startsWith("world 2 runs one worker process per rank, and gpubench.fork=none"
        + " runs benchmark code in the build's JVM alone");
  }
}
