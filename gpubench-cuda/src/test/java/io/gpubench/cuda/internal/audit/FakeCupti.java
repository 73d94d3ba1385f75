package io.gpubench.cuda.internal.audit;

import io.gpubench.cuda.internal.jna.Cupti;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A CUPTI that answers 0 (success) to every call but those given, and remembers the calls. */
final class FakeCupti {
  private final Map<String, Function<Object[], Object>> answers = new HashMap<>();
  final List<String> calls = new ArrayList<>();

  FakeCupti answer(String method, Function<Object[], Object> answer) {
    answers.put(method, answer);
    return this;
  }

  FakeCupti fail(String method, int code) {
    return answer(method, args -> code);
  }

  Cupti api() {
    return (Cupti) Proxy.newProxyInstance(Cupti.class.getClassLoader(), new Class<?>[] {Cupti.class},
        (proxy, method, args) -> {
          if (method.getDeclaringClass() == Object.class) {
            return method.getName().equals("equals") ? proxy == args[0] : method.getName().equals("hashCode")
                ? System.identityHashCode(proxy) : "FakeCupti";
          }
          calls.add(method.getName() + (args != null && args.length > 0 && args[0] instanceof Integer ? " " + args[0] : ""));
          Function<Object[], Object> a = answers.get(method.getName());
          if (a != null) {
            return a.apply(args);
          }
          return method.getReturnType() == int.class ? 0 : null;
        });
  }
}
