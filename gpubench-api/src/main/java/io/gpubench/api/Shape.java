package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problem sizes of a benchmark class, as named integer axes.
 *
 * <p>Each entry of {@link #value()} is one shape, {@code "m=1024,n=1024,k=1024"}. An entry may list several
 * values of an axis with {@code |}: {@code "m=256|512,n=256,k=64|128"} is the cartesian product, four shapes.
 * Values accept the suffixes {@code k} (&times;1024) and {@code M} (&times;1024&sup2;).
 *
 * <p>Shapes belong to a profile ({@code "default"} unless {@link #profile()} says otherwise); the engine uses the
 * shapes of the profile named by {@code gpubench.profile}, falling back to the default profile's. A run can
 * replace the shapes of a class with {@code gpubench.shapes.<SimpleClassName>=m=64,n=64;m=128,n=128}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Shape.List.class)
public @interface Shape {

  /**
   * The shapes, each {@code axis=value[|value...],...}.
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
