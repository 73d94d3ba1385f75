package io.gpubench.engine.declaration;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * An arithmetic expression over shape axes, as {@code @Cost} declares it: {@code + - * /}, parentheses, numbers
 * (with exponents) and identifiers. Parsed once at discovery, so a typo fails the class there, and evaluated per
 * case in double precision (8192&sup3; GEMM FLOPs overflow no long, but products of several large axes could).
 */
public final class CostExpression {
  private final String text;
  private final Node root;

  private CostExpression(String text, Node root) {
    this.text = text;
    this.root = root;
  }

  /**
   * Parses an expression.
   *
   * @param text the expression
   * @return the parsed expression
   * @throws IllegalArgumentException quoting the expression and the position at fault
   */
  public static CostExpression parse(String text) {
    Parser p = new Parser(text);
    Node n = p.sum();
    p.skipSpaces();
    if (p.pos != text.length()) {
      throw p.error("unexpected '" + text.charAt(p.pos) + "'");
    }
    return new CostExpression(text, n);
  }

  /**
   * The identifiers the expression uses.
   *
   * @return the variable names
   */
  public Set<String> variables() {
    Set<String> vars = new TreeSet<>();
    root.collect(vars);
    return vars;
  }

  /**
   * The first variable a shape does not provide ({@code e}, the element size, and {@code w}, the world size, are
   * always provided).
   *
   * @param dims the shape
   * @return the missing axis, when there is one
   */
  public java.util.Optional<String> missingAxis(io.gpubench.api.Dimensions dims) {
    return variables().stream().filter(v -> !v.equals("e") && !v.equals("w") && !dims.axes().containsKey(v)).findFirst();
  }

  /**
   * The first variable that is an axis of names in a shape: a cost is arithmetic, and {@code layout=row} is no
   * number.
   *
   * @param dims the shape
   * @return the axis of names, when there is one
   */
  public java.util.Optional<String> nameAxis(io.gpubench.api.Dimensions dims) {
    return variables().stream().filter(v -> dims.axes().containsKey(v) && !dims.axes().get(v).kind().numeric())
        .findFirst();
  }

  /**
   * Evaluates the expression.
   *
   * @param values a value for every variable
   * @return the value
   * @throws IllegalArgumentException naming a variable without a value
   */
  public double evaluate(Map<String, ? extends Number> values) {
    return root.eval(values, text);
  }

  @Override
  public String toString() {
    return text;
  }

  private interface Node {
    double eval(Map<String, ? extends Number> values, String text);

    void collect(Set<String> vars);
  }

  private record Num(double v) implements Node {
    public double eval(Map<String, ? extends Number> values, String text) {
      return v;
    }

    public void collect(Set<String> vars) {}
  }

  private record Var(String name) implements Node {
    public double eval(Map<String, ? extends Number> values, String text) {
      Number v = values.get(name);
      if (v == null) {
        throw new IllegalArgumentException(
            "cost \"" + text + "\" uses \"" + name + "\", which is not an axis of the shape " + values.keySet());
      }
      return v.doubleValue();
    }

    public void collect(Set<String> vars) {
      vars.add(name);
    }
  }

  private record Bin(char op, Node l, Node r) implements Node {
    public double eval(Map<String, ? extends Number> values, String text) {
      double a = l.eval(values, text);
      double b = r.eval(values, text);
      switch (op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        default:
          return a / b;
      }
    }

    public void collect(Set<String> vars) {
      l.collect(vars);
      r.collect(vars);
    }
  }

  private record Neg(Node n) implements Node {
    public double eval(Map<String, ? extends Number> values, String text) {
      return -n.eval(values, text);
    }

    public void collect(Set<String> vars) {
      n.collect(vars);
    }
  }

  private static final class Parser {
    private final String s;
    private int pos;

    Parser(String s) {
      this.s = s;
    }

    Node sum() {
      Node n = product();
      for (skipSpaces(); pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-'); skipSpaces()) {
        char op = s.charAt(pos++);
        n = new Bin(op, n, product());
      }
      return n;
    }

    Node product() {
      Node n = unary();
      for (skipSpaces(); pos < s.length() && (s.charAt(pos) == '*' || s.charAt(pos) == '/'); skipSpaces()) {
        char op = s.charAt(pos++);
        n = new Bin(op, n, unary());
      }
      return n;
    }

    Node unary() {
      skipSpaces();
      if (pos < s.length() && s.charAt(pos) == '-') {
        pos++;
        return new Neg(unary());
      }
      return atom();
    }

    Node atom() {
      skipSpaces();
      if (pos >= s.length()) {
        throw error("expression ends early");
      }
      char c = s.charAt(pos);
      if (c == '(') {
        pos++;
        Node n = sum();
        skipSpaces();
        if (pos >= s.length() || s.charAt(pos) != ')') {
          throw error("missing ')'");
        }
        pos++;
        return n;
      }
      if (Character.isDigit(c) || c == '.') {
        int start = pos;
        while (pos < s.length() && (Character.isDigit(s.charAt(pos)) || s.charAt(pos) == '.')) {
          pos++;
        }
        if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')
            && pos + 1 < s.length() && (Character.isDigit(s.charAt(pos + 1)) || s.charAt(pos + 1) == '-')) {
          pos += 2;
          while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
            pos++;
          }
        }
        try {
          return new Num(Double.parseDouble(s.substring(start, pos)));
        } catch (NumberFormatException e) {
          throw error("bad number \"" + s.substring(start, pos) + "\"");
        }
      }
      if (Character.isLetter(c) || c == '_') {
        int start = pos;
        while (pos < s.length() && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_')) {
          pos++;
        }
        return new Var(s.substring(start, pos));
      }
      throw error("unexpected '" + c + "'");
    }

    void skipSpaces() {
      while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
        pos++;
      }
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException("cost expression \"" + s + "\" at position " + pos + ": " + what);
    }
  }
}
