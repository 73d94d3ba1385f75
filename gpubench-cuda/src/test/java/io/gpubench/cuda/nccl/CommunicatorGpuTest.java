package io.gpubench.cuda.nccl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.api.CacheMode;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TensorFactory;
import io.gpubench.api.spi.WorldRank;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.CudaStream;
import io.gpubench.cuda.CudaTensor;
import io.gpubench.cuda.internal.backend.CudaBackendProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Communicators on real GPUs: a world of one on cuda:0 (any GPU machine with libnccl), and a world of two ranks in
 * two threads where two GPUs are visible. Skipped with the reason without a GPU or libnccl.
 */
class CommunicatorGpuTest {
  static final Duration LIMIT = Duration.ofSeconds(60);

  static List<Backend> gpus() {
    List<Backend> b = new CudaBackendProvider().backends(BackendSettings.none());
    assumeTrue(b.get(0).unavailableReason().isEmpty(), () -> "no CUDA GPU: " + b.get(0).unavailableReason().get());
    assumeTrue(NcclLibrary.unavailableReason().isEmpty(), () -> NcclLibrary.unavailableReason().get());
    return b;
  }

  /** A session opened as the engine opens one, with the façade benchmark code gets of it. */
  record Gpu(BackendSession session, Cuda cuda) implements AutoCloseable {
    CudaDevice device() {
      return cuda.device();
    }

    CudaStream stream() {
      return cuda.stream();
    }

    TensorFactory tensors() {
      return session.tensors();
    }

    CudaTensor tensor(Tensor t) {
      return cuda.tensor(t);
    }

    @Override
    public void close() {
      session.close();
    }
  }

  static Gpu open(Backend b) throws Exception {
    BackendSession s = b.open(new SessionSpec("CommunicatorGpuTest", Precision.FP32, CacheMode.HOT, 10));
    return new Gpu(s, s.unwrap(Cuda.class).orElseThrow());
  }

  static float[] values(int n, int rank) {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = (i * 7 + rank * 3) % 31;
    }
    return v;
  }

  static CudaTensor upload(Gpu s, String name, float[] v, Precision p) {
    return s.tensor(s.tensors().fromHost(name, v, p, v.length));
  }

  @Test
  void aWorldOfOneRunsEveryCallAndLeavesTheDataAsItIs() throws Exception {
    Backend gpu = gpus().get(0);
    assertThat(NcclLibrary.version()).isGreaterThan(2_0000);
    try (Gpu s = open(gpu);
        Membership m = Membership.join(NcclLibrary.newUniqueId(), 0, 1, s.device())) {
      Communicator world = m.communicator();
      assertThat(world.rank()).isZero();
      assertThat(world.size()).isEqualTo(1);
      int n = 1 << 20;
      for (Precision p : new Precision[] {Precision.FP32, Precision.BF16}) {
        float[] v = values(n, 0);
        CudaTensor x = upload(s, "x", v, p);
        CudaTensor y = upload(s, "y", new float[n], p);
        world.allReduce(x, x, ReduceOp.SUM, s.stream());
        world.allGather(x, y, s.stream());
        world.await(s.stream(), LIMIT);
        assertThat(s.tensors().toHost(x)).as("all-reduce in place, " + p).isEqualTo(v);
        assertThat(s.tensors().toHost(y)).as("all-gather, " + p).isEqualTo(v);
        CudaTensor z = upload(s, "z", new float[n], p);
        world.reduceScatter(x, z, ReduceOp.MAX, s.stream());
        CudaTensor w = upload(s, "w", new float[n], p);
        world.broadcast(z, w, 0, s.stream());
        CudaTensor r = upload(s, "r", new float[n], p);
        NcclLibrary.group(() -> {
          world.send(w, 0, s.stream());
          world.recv(r, 0, s.stream());
        });
        world.await(s.stream(), LIMIT);
        assertThat(s.tensors().toHost(r)).as("reduce-scatter, broadcast, send/recv to itself, " + p).isEqualTo(v);
      }
      assertThat(world.fault()).isEmpty();
    }
  }

  @Test
  void wrongSizesAndRanksAreRefusedAndTheCommunicatorStaysUsable() throws Exception {
    Backend gpu = gpus().get(0);
    try (Gpu s = open(gpu);
        Membership m = Membership.join(NcclLibrary.newUniqueId(), 0, 1, s.device())) {
      Communicator world = m.communicator();
      CudaTensor a = upload(s, "a", new float[16], Precision.FP32);
      CudaTensor b = upload(s, "b", new float[8], Precision.FP32);
      CudaTensor h = upload(s, "h", new float[16], Precision.BF16);
      assertThatThrownBy(() -> world.allReduce(a, b, ReduceOp.SUM, s.stream()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("ncclAllReduce: b[8] FP32 @cuda:0 has 8 elements; it needs as many as a[16]");
      assertThatThrownBy(() -> world.allReduce(a, h, ReduceOp.SUM, s.stream()))
          .hasMessageContaining("differ in precision");
      assertThatThrownBy(() -> world.send(a, 1, s.stream()))
          .hasMessage("peer 1 is not a rank of this world of 1");
      world.allReduce(a, a, ReduceOp.SUM, s.stream());
      world.await(s.stream(), LIMIT);
      assertThat(world.fault()).isEmpty();
      m.close();
      assertThatThrownBy(() -> world.allReduce(a, a, ReduceOp.SUM, s.stream()))
          .isInstanceOf(IllegalStateException.class).hasMessage("NCCL rank 0 of 1 on cuda:0 is closed");
    }
  }

  @Test
  void aCaseOfAWorldGetsTheViewAndTheSessionKeepsTheMembership() throws Exception {
    Backend gpu = gpus().get(0);
    WorldRank one = new WorldRank(0, 1, NcclLibrary.newUniqueId().toBase64(), 60_000);
    BackendSession session = gpu.open(new SessionSpec("CommunicatorGpuTest", Precision.FP32, CacheMode.HOT, 10, one));
    Communicator world;
    try {
      world = session.unwrap(Communicator.class).orElseThrow();
      assertThat(session.unwrap(Object.class)).containsSame(world);
      assertThat(session.unwrap(Membership.class)).isEmpty();
      assertThat(session.unwrap(AutoCloseable.class)).isEmpty();
      Cuda cuda = session.unwrap(Cuda.class).orElseThrow();
      CudaTensor x = cuda.tensor(session.tensors().fromHost("x", values(1024, 0), Precision.FP32, 1024));
      world.allReduce(x, x, ReduceOp.SUM, cuda.stream());
      session.synchronize(); // awaits the stream through the membership first
      assertThat(world.fault()).isEmpty();
    } finally {
      session.close();
    }
    assertThatThrownBy(() -> world.checkAsyncError()).isInstanceOf(IllegalStateException.class)
        .hasMessage("NCCL rank 0 of 1 on cuda:0 is closed");
  }

  @Test
  void abortEndsTheCommunicatorOnceAndLaterCallsSaySo() throws Exception {
    Backend gpu = gpus().get(0);
    try (Gpu s = open(gpu)) {
      Membership m = Membership.join(NcclLibrary.newUniqueId(), 0, 1, s.device());
      m.abort();
      m.abort();
      m.close();
      Communicator world = m.communicator();
      assertThat(world.fault()).contains("aborted");
      assertThatThrownBy(() -> world.await(s.stream(), LIMIT))
          .isInstanceOf(IllegalStateException.class).hasMessageEndingWith("is unusable: aborted");
    }
  }

  @Test
  void twoRanksInTwoThreadsSumTheirValues() throws Exception {
    List<Backend> gpus = gpus();
    assumeTrue(gpus.size() >= 2, () -> "a world of two needs 2 GPUs; " + gpus.size() + " visible");
    UniqueId id = NcclLibrary.newUniqueId();
    int n = 3 << 20;
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<float[][]>> ranks = new ArrayList<>();
      for (int r = 0; r < 2; r++) {
        int rank = r;
        ranks.add(pool.submit(() -> {
          try (Gpu s = open(gpus.get(rank));
              Membership m = Membership.join(id, rank, 2, s.device())) {
            Communicator world = m.communicator();
            CudaTensor x = upload(s, "x", values(n, rank), Precision.BF16);
            CudaTensor all = upload(s, "all", new float[2 * n], Precision.BF16);
            world.allGather(x, all, s.stream());
            world.allReduce(x, x, ReduceOp.SUM, s.stream());
            world.await(s.stream(), LIMIT);
            return new float[][] {s.tensors().toHost(x), s.tensors().toHost(all)};
          }
        }));
      }
      float[] v0 = values(n, 0);
      float[] v1 = values(n, 1);
      float[] sum = new float[n];
      float[] both = new float[2 * n];
      for (int i = 0; i < n; i++) {
        sum[i] = v0[i] + v1[i];
        both[i] = v0[i];
        both[n + i] = v1[i];
      }
      for (Future<float[][]> f : ranks) {
        float[][] got = f.get(120, TimeUnit.SECONDS);
        assertThat(got[0]).isEqualTo(sum);
        assertThat(got[1]).isEqualTo(both);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
