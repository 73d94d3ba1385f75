package io.gpubench.cuda.internal.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.cuda.internal.jna.NativeStack;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Walks assembled from frames as the unwinder hands them over: where each walk ends, which are followed. */
class WalkAssemblerTest {
  static final String CUPTI = "/usr/local/cuda/lib64/libcupti.so.13";
  static final String CUDA = "/usr/lib/x86_64-linux-gnu/libcuda.so.1";
  static final String CUDART = "/usr/local/cuda/lib64/libcudart.so.13";
  static final String LT = "/usr/local/cuda/lib64/libcublasLt.so.13";
  static final String TORCH = "/opt/torch/lib/libtorch_cuda.so";
  static final String JNA = "/root/.cache/JNA/temp/jna4431936491849937699.tmp";

  private final List<Walk> walks = new ArrayList<>();
  private final WalkAssembler a = new WalkAssembler(77, 8, new AtomicLong(), walks::add);
  private long cfa = 0x7000;

  static Frame frame(String object, long ip) {
    return new Frame(ip, object, null, SharedObject.origin(object, null));
  }

  /** Feeds one walk's frames, with growing frame addresses, and returns what the trace function answered. */
  private List<Integer> walk(int domain, String... objects) {
    List<Integer> answers = new ArrayList<>();
    long at = 0x7000;
    for (int i = 0; i < objects.length; i++) {
      at += 0x100;
      int r = a.frame(frame(objects[i], 0x1000 + i), at, domain);
      answers.add(r);
      if (r == NativeStack.STOP) {
        break;
      }
    }
    return answers;
  }

  @Test
  void theEntryIsFollowedToTheLibraryAndTheExitEndsAtOnce() {
    assertThat(walk(1, CUPTI, CUPTI, CUDA, LT, "/lib/libc.so.6"))
        .containsExactly(NativeStack.CONTINUE, NativeStack.CONTINUE, NativeStack.CONTINUE, NativeStack.STOP);
    assertThat(walk(1, CUPTI, CUPTI, CUDA, LT)).containsExactly(NativeStack.STOP);
    assertThat(walks).hasSize(2);
    assertThat(walks.get(0).caller().object()).isEqualTo(LT);
    assertThat(walks.get(0).frames()).hasSize(4);
    assertThat(walks.get(0).skipped()).isFalse();
    assertThat(walks.get(1).skipped()).isTrue();
    assertThat(walks.get(1).caller()).isNull();
    assertThat(walks.get(0).threadId()).isEqualTo(77);
    assertThat(walks.get(1).sequence()).isGreaterThan(walks.get(0).sequence());
  }

  @Test
  void aLaunchFromJavaEndsAtJnasDispatchLibrary() {
    walk(1, CUPTI, CUDA, JNA, CUDA);
    assertThat(walks.get(0).caller().origin()).isEqualTo(SharedObject.Origin.JVM);
  }

  @Test
  void theRuntimeIsPartOfTheLaunchPath() {
    walk(2, CUPTI, CUDA, CUDART, TORCH);
    assertThat(walks.get(0).caller().object()).isEqualTo(TORCH);
  }

  @Test
  void entriesAndExitsAreCountedPerDomain() {
    // cudaLaunchKernel (runtime) with cuLaunchKernel (driver) inside: entry R, entry D, exit D, exit R
    walk(2, CUPTI, CUDA, CUDART, TORCH);
    walk(1, CUPTI, CUDA, CUDART, TORCH);
    walk(1, CUPTI, CUDA, CUDART, TORCH);
    walk(2, CUPTI, CUDA, CUDART, TORCH);
    assertThat(walks).extracting(Walk::domain).containsExactly(2, 1, 1, 2);
    assertThat(walks).extracting(Walk::skipped).containsExactly(false, false, true, true);
  }

  @Test
  void aWalkTheUnwinderEndsIsClosedWhenTheNextBeginsInCupti() {
    // no unwind tables past libcuda: the unwinder stops there, and the next frame is the next walk's first
    walk(1, CUPTI, CUDA);
    walk(1, CUPTI, CUDA, LT);
    walk(1, CUPTI, CUDA, LT);
    assertThat(walks).hasSize(3);
    assertThat(walks.get(0).caller()).isNull();
    assertThat(walks.get(0).end()).isEqualTo("the unwinder stopped after libcuda.so.1");
    assertThat(walks.get(1).skipped()).isTrue();
    assertThat(walks.get(2).caller().object()).isEqualTo(LT);
  }

  @Test
  void aFrameAddressThatDoesNotGrowStartsANewWalk() {
    assertThat(a.frame(frame(CUDA, 1), 0x8000, 1)).isEqualTo(NativeStack.CONTINUE);
    assertThat(a.frame(frame(CUDA, 2), 0x7000, 1)).isEqualTo(NativeStack.STOP);
    assertThat(walks).hasSize(2);
    assertThat(walks.get(0).end()).startsWith("the unwinder stopped after");
    assertThat(walks.get(1).skipped()).isTrue();
  }

  @Test
  void aWalkGivesUpAtTheFrameLimit() {
    assertThat(walk(1, CUPTI, CUPTI, CUPTI, CUPTI, CUDA, CUDA, CUDA, CUDA, LT)).endsWith(NativeStack.STOP).hasSize(8);
    assertThat(walks.get(0).caller()).isNull();
    assertThat(walks.get(0).end()).isEqualTo("no frame outside CUDA's launch path in 8 frames");
  }

  @Test
  void anUnreadableDomainIsCountedApart() {
    walk(0x7fff0001 + 6, CUPTI, CUDA, LT);
    assertThat(walks.get(0).domain()).isZero();
  }

  @Test
  void finishClosesTheLastWalkAndCountsFrames() {
    walk(1, CUPTI, CUDA);
    a.finish();
    assertThat(walks).hasSize(1);
    assertThat(walks.get(0).end()).isEqualTo("the unwinder stopped after libcuda.so.1");
    assertThat(a.framesRead()).isEqualTo(2);
  }
}
