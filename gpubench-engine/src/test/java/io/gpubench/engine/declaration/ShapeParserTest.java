package io.gpubench.engine.declaration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.AxisValue;
import io.gpubench.api.Dimensions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every form of an axis in {@code @Shape}, what each expands to, and what each mistake says. */
class ShapeParserTest {

  @Test
  void everyFormOfAValueReadsAsItsKind() {
    Dimensions d = ShapeParser.parse("a=4k,b=2M,c=2^10,d=0.25,e=1e-3,f=-2.5,g=row-major,h=v1.2,i=1.0").get(0);

    assertThat(d.axes()).containsExactly(java.util.Map.entry("a", AxisValue.whole(4096)),
        java.util.Map.entry("b", AxisValue.whole(2097152)), java.util.Map.entry("c", AxisValue.whole(1024)),
        java.util.Map.entry("d", AxisValue.real(0.25)), java.util.Map.entry("e", AxisValue.real(0.001)),
        java.util.Map.entry("f", AxisValue.real(-2.5)), java.util.Map.entry("g", AxisValue.name("row-major")),
        java.util.Map.entry("h", AxisValue.name("v1.2")), java.util.Map.entry("i", AxisValue.real(1.0)));
    assertThat(d.toString()).isEqualTo("a=4096,b=2097152,c=1024,d=0.25,e=0.001,f=-2.5,g=row-major,h=v1.2,i=1.0");
  }

  @Test
  void rangesGiveEveryStepInOrder() {
    assertThat(texts("k=128..1024:128", "k")).containsExactly("128", "256", "384", "512", "640", "768", "896", "1024");
    assertThat(texts("n=2^10..2^14", "n")).containsExactly("1024", "2048", "4096", "8192", "16384");
    assertThat(texts("n=2^10..2^20:5", "n")).containsExactly("1024", "32768", "1048576");
    assertThat(texts("n=1..3", "n")).containsExactly("1", "2", "3");
    assertThat(texts("n=1k..4k:1k", "n")).containsExactly("1024", "2048", "3072", "4096");
    assertThat(texts("n=7|2^3..2^4|100", "n")).containsExactly("7", "8", "16", "100");
    assertThat(texts("n=5..5", "n")).containsExactly("5");
  }

  @Test
  void wholeNumbersBesideRealOnesReadAsReal() {
    assertThat(texts("alpha=1|0.5|2", "alpha")).containsExactly("1.0", "0.5", "2.0");
    assertThat(texts("(m,alpha)=(4,1)|(8,0.5)", "alpha")).containsExactly("1.0", "0.5");
    assertThat(texts("(m,alpha)=(4,1)|(8,0.5)", "m")).containsExactly("4", "8");
  }

  @Test
  void zippedAxesAreOneFactorOfTheProduct() {
    List<Dimensions> shapes = ShapeParser.parse("(m,n,k)=(1024,1024,64)|(4096,4096,128), layout=row|col");
    assertThat(shapes).extracting(Dimensions::toString).containsExactly(
        "m=1024,n=1024,k=64,layout=row", "m=1024,n=1024,k=64,layout=col",
        "m=4096,n=4096,k=128,layout=row", "m=4096,n=4096,k=128,layout=col");
    assertThat(ShapeParser.parse("b=2, ( x , y ) = ( 1 , p ) | ( 2 , q )")).extracting(Dimensions::toString)
        .containsExactly("b=2,x=1,y=p", "b=2,x=2,y=q");
  }

  @Test
  void realNumbersShowOneCanonicalText() {
    assertThat(AxisValue.real(0.50).text()).isEqualTo("0.5");
    assertThat(AxisValue.real(100).text()).isEqualTo("100.0");
    assertThat(AxisValue.real(-0.0).text()).isEqualTo("0.0");
    assertThat(AxisValue.real(1e-7).text()).isEqualTo("1.0E-7");
    assertThat(AxisValue.real(2.5e15).text()).isEqualTo("2.5E15");
    assertThat(texts("x=0.50|5e-1", "x")).as("one value written twice").isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '~', textBlock = """
      n=12x                       ~ shape "n=12x": axis "n" has value "12x", which is neither a number nor a name (a name starts with a letter, then letters, digits, _ or -)
      n=0                         ~ shape "n=0": axis "n" has value "0"; sizes must be positive
      n=-4                        ~ shape "n=-4": axis "n" has value "-4"; sizes must be positive
      n=.5                        ~ shape "n=.5": axis "n" has value ".5"; write a digit before the point (0.5)
      n=1e999                     ~ shape "n=1e999": axis "n" has value "1e999", which does not fit a double
      n=2^63                      ~ shape "n=2^63": axis "n" has value "2^63": 2^63 does not fit a 64-bit size (exponents 0 to 62)
      n=99999999999999999999      ~ shape "n=99999999999999999999": axis "n" has value "99999999999999999999", which does not fit a 64-bit size
      n=1||2                      ~ shape "n=1||2": axis "n" has an empty value in "1||2"
      n=1|abc                     ~ shape "n=1|abc": axis "n" mixes numbers and names (1, abc); an axis holds numbers or names
      n=4|2^2                     ~ shape "n=4|2^2": axis "n" lists 4 twice in "4|2^2"; list each value once
      k=128..1000:128             ~ shape "k=128..1000:128": axis "k" has range "128..1000:128", which does not end on its step: it would stop at 896; end it at 896 or 1024
      n=2^10..2^15:2              ~ shape "n=2^10..2^15:2": axis "n" has range "2^10..2^15:2", which does not end on its step: it would stop at 2^14; end it at 2^14 or 2^16
      n=2^20..2^10                ~ shape "n=2^20..2^10": axis "n" has range "2^20..2^10", which is empty: it starts above its end; write 2^10..2^20
      n=64..8:8                   ~ shape "n=64..8:8": axis "n" has range "64..8:8", which is empty: it starts above its end; write 8..64:8
      n=2^10..4096                ~ shape "n=2^10..4096": axis "n" has range "2^10..4096", which mixes a power of two and a number; write both ends as powers of two (2^10..2^12) or both as numbers (1024..4096:1024)
      n=0.5..1.5                  ~ shape "n=0.5..1.5": axis "n" has range "0.5..1.5": "0.5" is not a positive whole number; ranges run over whole numbers (list real numbers and names with |)
      n=a..b                      ~ shape "n=a..b": axis "n" has range "a..b": "a" is not a positive whole number; ranges run over whole numbers (list real numbers and names with |)
      n=1..8:0                    ~ shape "n=1..8:0": axis "n" has range "1..8:0"; sizes must be positive
      n=1..8:x                    ~ shape "n=1..8:x": axis "n" has range "1..8:x": the step "x" is not a positive whole number
      n=1..                       ~ shape "n=1..": axis "n" has range "1..", which is not start..end or start..end:step
      n=1..2..3                   ~ shape "n=1..2..3": axis "n" has range "1..2..3", which is not start..end or start..end:step
      n=1..1M                     ~ shape "n=1..1M": axis "n" has range "1..1M", which has 1048576 values; a range gives at most 10000
      m=1,m=2                     ~ shape "m=1,m=2": axis "m" appears twice
      (m,n)=(1,2),n=3             ~ shape "(m,n)=(1,2),n=3": axis "n" appears twice
      (m,m)=(1,2)                 ~ shape "(m,m)=(1,2)": axis "m" appears twice
      (m)=(1)|(2)                 ~ shape "(m)=(1)|(2)": (m) zips one axis; write m=1|2 for the values of one axis
      (m,n)=(1,2,3)               ~ shape "(m,n)=(1,2,3)": tuple (1,2,3) has 3 values for the 2 axes (m,n)
      (m,n)=(1,2)|(1,2)           ~ shape "(m,n)=(1,2)|(1,2)": (m,n) lists the tuple (1,2) twice; list each tuple once
      (m,n)=(1..4,2)              ~ shape "(m,n)=(1..4,2)": tuple (1..4,2) holds the range "1..4"; a tuple lists one value per axis (a range multiplies: give it an axis of its own)
      (m,n)=1|2                   ~ shape "(m,n)=1|2": (m,n) takes tuples of 2 values in parentheses, separated by |; "1" is not one
      (m,n)=(1,)                  ~ shape "(m,n)=(1,)": tuple (1,) has an empty value for axis "n"
      (m,n)=(1,2)|(x,3)           ~ shape "(m,n)=(1,2)|(x,3)": axis "m" mixes numbers and names (1, x); an axis holds numbers or names
      (m,n=(1,2)                  ~ shape "(m,n=(1,2)": parentheses nest at position 5; zipped axes take one level: (m,n)=(1,2)|(3,4)
      (m,n)=(1,2                  ~ shape "(m,n)=(1,2": a "(" is not closed
      m=1)                        ~ shape "m=1)": ")" at position 3 closes nothing
      (m,n)(1,2)                  ~ shape "(m,n)(1,2)": "(m,n)(1,2)" is not (axis,axis,...)=(value,value,...)|...
      m                           ~ shape "m": "m" is not axis=value
      9m=1                        ~ shape "9m=1": axis name "9m" is not an identifier
      """)
  void aMistakeSaysWhatIsWrongAndTheFix(String spec, String message) {
    assertThatThrownBy(() -> ShapeParser.parse(spec)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  @Test
  void aProductPastTheLimitIsRefusedBeforeItIsExpanded() {
    assertThatThrownBy(() -> ShapeParser.parse("a=1..1000,b=1..1000")).hasMessage(
        "shape \"a=1..1000,b=1..1000\" expands to more than 100000 shapes; narrow its ranges or split it");
  }

  /**
   * Generated specifications: random axes of every form, written with random spacing, against the values the
   * generator meant. Each must expand to the product of its factors in order, and each shape's text must parse back
   * to that one shape (the text case ids use is itself a specification).
   */
  @Test
  void generatedSpecificationsExpandToWhatTheyMean() {
    Random random = new Random(28);
    for (int round = 0; round < 500; round++) {
      List<String> parts = new ArrayList<>();
      List<List<List<String>>> factors = new ArrayList<>(); // per factor: rows of canonical texts
      List<List<String>> factorAxes = new ArrayList<>();
      int axisNo = 0;
      for (int f = 0; f < 1 + random.nextInt(4); f++) {
        if (random.nextInt(4) == 0) {
          int width = 2 + random.nextInt(2);
          List<String> axes = new ArrayList<>();
          for (int i = 0; i < width; i++) {
            axes.add("z" + axisNo++);
          }
          List<List<String>> rows = new ArrayList<>();
          StringBuilder text = new StringBuilder(pad(random) + "(" + String.join(pad(random) + "," + pad(random), axes)
              + ")" + pad(random) + "=");
          int tuples = 1 + random.nextInt(3);
          List<Generated> columns = new ArrayList<>();
          for (int i = 0; i < width; i++) {
            columns.add(single(random, tuples));
          }
          for (int t = 0; t < tuples; t++) {
            List<String> row = new ArrayList<>();
            List<String> written = new ArrayList<>();
            for (Generated c : columns) {
              row.add(c.texts().get(t));
              written.add(pad(random) + c.written().get(t) + pad(random));
            }
            rows.add(row);
            text.append(t == 0 ? "" : "|").append(pad(random)).append("(").append(String.join(",", written))
                .append(")");
          }
          parts.add(text.toString());
          factors.add(rows);
          factorAxes.add(axes);
        } else {
          String axis = "a" + axisNo++;
          Generated g = random.nextBoolean() ? range(random) : single(random, 1 + random.nextInt(3));
          parts.add(pad(random) + axis + pad(random) + "=" + String.join("|", g.written()) + pad(random));
          factors.add(g.texts().stream().map(List::of).toList());
          factorAxes.add(List.of(axis));
        }
      }
      String spec = String.join(",", parts);
      List<String> expected = new ArrayList<>();
      expandTexts(factors, factorAxes, 0, new ArrayList<>(), expected);

      List<Dimensions> shapes = ShapeParser.parse(spec);
      assertThat(shapes).as(spec).extracting(Dimensions::toString).containsExactlyElementsOf(expected);
      for (Dimensions d : shapes) {
        assertThat(ShapeParser.parse(d.toString())).as(spec).containsExactly(d);
      }
    }
  }

  /** Values as written and as their canonical text. */
  private record Generated(List<String> written, List<String> texts) {}

  private static Generated single(Random random, int count) {
    int kind = random.nextInt(3);
    List<String> written = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    while (texts.size() < count) {
      String w;
      String t;
      if (kind == 0) {
        long v = 1 + random.nextInt(5000);
        int form = random.nextInt(3);
        w = form == 0 ? Long.toString(v) : form == 1 ? v + "k" : "2^" + (v % 40);
        t = Long.toString(form == 0 ? v : form == 1 ? v * 1024 : 1L << (v % 40));
      } else if (kind == 1) {
        int tenths = random.nextInt(2001) - 1000;
        w = tenths / 10 + "." + Math.abs(tenths % 10);
        if (tenths < 0 && tenths > -10) {
          w = "-" + w;
        }
        t = AxisValue.real(Double.parseDouble(w)).text();
      } else {
        w = List.of("row", "col", "naive", "tiled", "e4m3", "bf16-fast", "v1.2", "x_y").get(random.nextInt(8))
            + (random.nextBoolean() ? "" : Integer.toString(random.nextInt(9)));
        t = w;
      }
      if (seen.add(t)) {
        written.add(w);
        texts.add(t);
      }
    }
    return new Generated(written, texts);
  }

  private static Generated range(Random random) {
    if (random.nextBoolean()) {
      int a = random.nextInt(20);
      int step = 1 + random.nextInt(3);
      int b = a + step * random.nextInt(5);
      List<String> texts = new ArrayList<>();
      for (int e = a; e <= b; e += step) {
        texts.add(Long.toString(1L << e));
      }
      return new Generated(List.of("2^" + a + "..2^" + b + (step == 1 && random.nextBoolean() ? "" : ":" + step)),
          texts);
    }
    int a = 1 + random.nextInt(100);
    int step = 1 + random.nextInt(64);
    int b = a + step * random.nextInt(6);
    List<String> texts = new ArrayList<>();
    for (int v = a; v <= b; v += step) {
      texts.add(Integer.toString(v));
    }
    return new Generated(List.of(a + ".." + b + (step == 1 && random.nextBoolean() ? "" : ":" + step)), texts);
  }

  private static void expandTexts(List<List<List<String>>> factors, List<List<String>> axes, int i,
      List<String> current, List<String> out) {
    if (i == factors.size()) {
      out.add(String.join(",", current));
      return;
    }
    for (List<String> row : factors.get(i)) {
      List<String> next = new ArrayList<>(current);
      for (int a = 0; a < row.size(); a++) {
        next.add(axes.get(i).get(a) + "=" + row.get(a));
      }
      expandTexts(factors, axes, i + 1, next, out);
    }
  }

  private static String pad(Random random) {
    return random.nextInt(4) == 0 ? " " : "";
  }

  private static List<String> texts(String spec, String axis) {
    try {
      return ShapeParser.parse(spec).stream().map(d -> d.axes().get(axis).text()).toList();
    } catch (IllegalArgumentException e) {
      return List.of();
    }
  }
}
