package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problem sizes and variants of a benchmark class, as named axes.
 *
 * <p>Each entry of {@link #value()} is one or more shapes: axes separated by commas, each {@code axis=value}, or
 * several values with {@code |}, the entry being the cartesian product of its axes (the last varying fastest).
 *
 * <table>
 * <caption>The forms of an axis</caption>
 * <tr><th>form</th><th>example</th><th>values</th></tr>
 * <tr><td>whole numbers (sizes, positive), suffixes {@code k} (&times;1024) and {@code M} (&times;1024&sup2;),
 *     powers of two</td><td>{@code m=256|512|4k|2^20}</td><td>256, 512, 4096, 1048576</td></tr>
 * <tr><td>a range, step 1 or {@code :step}</td><td>{@code k=128..1024:128}</td><td>128, 256, ..., 1024</td></tr>
 * <tr><td>a range of powers of two, {@code :step} of the exponent</td><td>{@code n=2^10..2^20}</td>
 *     <td>1024, 2048, ..., 1048576</td></tr>
 * <tr><td>real numbers (a decimal point or an exponent)</td><td>{@code alpha=0.5|1.0|1e-3}</td>
 *     <td>0.5, 1.0, 0.001</td></tr>
 * <tr><td>names, read as strings or enum constants</td><td>{@code layout=row|col}</td><td>row, col</td></tr>
 * <tr><td>zipped axes: values taken together, not multiplied</td>
 *     <td>{@code (m,n,k)=(1024,1024,64)|(4096,4096,128)}</td><td>two shapes</td></tr>
 * </table>
 *
 * <p>So {@code "(m,n,k)=(197,2304,768)|(197,768,768),layout=row|col"} is four shapes, and
 * {@code "n=2^10..2^20,alpha=0.5|1.0"} twenty-two. A zipped tuple may mix kinds: {@code (layer,m)=(qkv,197)|(mlp,197)}.
 * An axis holds one kind throughout the class (whole and real numbers mixed make a real axis); a {@link Cost}
 * expression may use only numeric axes. Case ids and display names show every axis with its value, in declaration
 * order: {@code separable [h=256,w=256,layout=row, FP32, cpu]}. {@link BenchContext#axis(String, Class)} reads any
 * axis, {@link BenchContext#dim(String)} a whole-number one.
 *
 * <p>A malformed value or range, a range that is empty or does not end on its step, an axis given twice, a value
 * listed twice, or a shape declared twice fails discovery of the class, naming the class, the text and the fix.
 *
 * <p>Shapes belong to a profile ({@code "default"} unless {@link #profile()} says otherwise); the engine uses the
 * shapes of the profile named by {@code gpubench.profile}, falling back to the default profile's. A run can
 * replace the shapes of a class with {@code gpubench.shapes.<SimpleClassName>=m=64,n=64;m=128,n=128}, or the values
 * of one axis with {@code gpubench.axes.<SimpleClassName>.<axis>=...} (or {@code gpubench.axes.<axis>=...} for every
 * class of the run that has the axis), in the same forms: {@code -Dgpubench.axes.layout=col}. Values a run gives an
 * axis need not be declared; the results name the axis as overridden.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Shape.List.class)
public @interface Shape {

  /**
   * The shapes, each {@code axis=value[|value...],...} or with zipped axes {@code (a,b)=(1,2)|(3,4)}.
   *
   * @return one or more shape specifications
   */
  String[] value();

  /**
   * The profile these shapes belong to.
   *
   * @return a profile name such as {@code "default"}, {@code "smoke"} or {@code "full"}
   */
  String profile() default "default";

  /** Container for repeated {@link Shape} annotations. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  @interface List {
    /**
     * The repeated shapes.
     *
     * @return the annotations
     */
    Shape[] value();
  }
}
