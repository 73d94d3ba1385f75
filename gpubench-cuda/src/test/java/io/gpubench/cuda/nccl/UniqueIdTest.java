package io.gpubench.cuda.nccl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A world's id travels from rank 0 to the others as bytes or Base64 text and comes back the same. */
class UniqueIdTest {

  static byte[] random(long seed) {
    byte[] b = new byte[UniqueId.BYTES];
    new SplittableRandom(seed).nextBytes(b);
    return b;
  }

  @Test
  void bytesAndTextRoundTrip() {
    byte[] b = random(7);
    UniqueId id = UniqueId.fromBytes(b);
    assertThat(id.bytes()).isEqualTo(b);
    String text = id.toBase64();
    assertThat(text).hasSize(172);
    UniqueId back = UniqueId.fromBase64(text + "\n");
    assertThat(back).isEqualTo(id).hasSameHashCodeAs(id);
    assertThat(back.bytes()).isEqualTo(b);
    assertThat(UniqueId.fromBytes(random(8))).isNotEqualTo(id);
  }

  @Test
  void theIdIsNotChangedThroughItsBytes() {
    byte[] b = random(1);
    UniqueId id = UniqueId.fromBytes(b);
    b[0]++;
    id.bytes()[1]++;
    assertThat(id.bytes()[0]).isEqualTo((byte) (b[0] - 1));
    assertThat(id.bytes()).isEqualTo(UniqueId.fromBase64(id.toBase64()).bytes());
  }

  @Test
  void theWrongLengthOrTextIsRefusedWithWhatWasGiven() {
    assertThatThrownBy(() -> UniqueId.fromBytes(new byte[127]))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("an ncclUniqueId has 128 bytes; got 127");
    assertThatThrownBy(() -> UniqueId.fromBytes(null)).hasMessage("an ncclUniqueId has 128 bytes; got none");
    String short64 = Base64.getEncoder().encodeToString(new byte[16]);
    assertThatThrownBy(() -> UniqueId.fromBase64(short64))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an ncclUniqueId has 128 bytes; the text '" + short64 + "' holds 16");
    assertThatThrownBy(() -> UniqueId.fromBase64("not base64!"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("an ncclUniqueId's text is not Base64")
        .hasMessageEndingWith(": 'not base64!'");
  }

  @Test
  void itsTextFormIsAFingerprintNotTheId() {
    UniqueId id = UniqueId.fromBytes(random(3));
    assertThat(id.toString()).matches("ncclUniqueId#[0-9a-f]{8}").doesNotContain(id.toBase64());
  }
}
