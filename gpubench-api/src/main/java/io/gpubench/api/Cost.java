package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The work one call does, for throughput figures and the roofline bound. Both are arithmetic expressions over
 * the shape's axes, with {@code + - * /}, parentheses, numbers and the variable {@code e}, the bytes per element
 * of the case's precision: {@code @Cost(flops = "2*m*n*k", bytes = "e*(m*k + k*n + m*n)")}. In a class that runs in
 * worlds ({@link Worlds}) the variable {@code w} is the world size (1 elsewhere); {@code flops} and {@code bytes}
 * are then the whole world's work, which the roofline spreads evenly over the world's devices.
 *
 * <p>Axes of real numbers take part as they are ({@code "2*n*alpha"}). An expression naming an axis the shape lacks,
 * or an axis of names ({@code layout=row|col}), fails discovery of the class with the expression and the axis.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Cost {

  /**
   * Floating-point operations per call; empty when not declared.
   *
   * @return an expression
   */
  String flops() default "";

  /**
   * The fewest bytes a call must move to or from device memory; empty when not declared.
   *
   * @return an expression
   */
  String bytes() default "";

  /**
   * Items (samples, images, tokens) one call processes, for an items-per-second figure such as a training
   * step's samples/s; empty when not declared.
   *
   * @return an expression, such as {@code "batch"}
   */
  String items() default "";

  /**
   * The bytes of a collective as nccl-tests counts its bus bandwidth: the operation's size S times the collective's
   * factor for {@code w} ranks ({@code 2*(w-1)/w} for an all-reduce, {@code (w-1)/w} for an all-gather or
   * reduce-scatter, 1 for a broadcast or send/receive), so that {@code busBytes / time} is the bus bandwidth, the
   * figure comparable with the bandwidth of the link between two devices whatever the world size. The roofline
   * bounds it by that link's bandwidth. Empty when not declared.
   *
   * @return an expression, such as {@code "2*(w-1)/w * e*n"}
   */
  String busBytes() default "";
}
