package io.gpubench.engine.discovery;

import io.gpubench.engine.config.Shard;
import io.gpubench.engine.config.ShardSettings;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.plan.RecordedTimes;
import io.gpubench.engine.plan.ShardPlan;
import io.gpubench.engine.plan.ShardShare;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.platform.engine.TestDescriptor;

/**
 * Keeps this shard's share of the discovered suite ({@code gpubench.shard}) and removes the rest of the tree, so that
 * Surefire, the IDE and the journal see only the cases this run makes. Every shard discovers the whole suite and
 * plans it the same way ({@link ShardPlan}); the units are the cases, except that the cases of one world (a class's
 * cases of one world size and backend family) are one unit: its ranks start once and serve them all, in one
 * allocation.
 *
 * <p>A case's planned seconds: its recorded time ({@code gpubench.shard.times}) where known; else its declared
 * budget ({@code @Trials(budgetSeconds)} with the run's overrides), scaled within its workload by its declared
 * {@code @Cost} (FLOPs, else bytes, else items) against the workload's largest, with a floor of
 * {@value #COST_FLOOR} of the budget (a small case still starts, warms and checks); nothing for a case the plan
 * skips.
 */
final class Sharding {
  static final double COST_FLOOR = 0.05;

  private Sharding() {}

  /**
   * Plans the suite and prunes the tree to this shard's share.
   *
   * @param root the discovered tree
   * @param settings the run's sharding
   * @return what this shard runs
   */
  static ShardShare apply(GpuBenchEngineDescriptor root, ShardSettings settings) {
    Shard shard = settings.shard();
    RecordedTimes times = settings.times() == null ? RecordedTimes.NONE : RecordedTimes.read(settings.times());
    List<CaseSpec> specs = new ArrayList<>();
    Map<String, TestDescriptor> tests = new HashMap<>();
    List<String> problems = new ArrayList<>();
    for (TestDescriptor d : root.getDescendants()) {
      if (d instanceof CaseDescriptor c) {
        specs.add(c.spec());
        tests.put(c.spec().id(), c);
      } else if (d instanceof ProblemDescriptor p) {
        problems.add(p.caseId());
        tests.put(p.caseId(), p);
      }
    }
    Map<String, Double> seconds = plannedSeconds(specs, times);
    int recorded = (int) specs.stream().filter(c -> times.of(c.id()).isPresent()).count();
    Map<String, List<String>> units = new LinkedHashMap<>();
    for (CaseSpec c : specs) {
      units.computeIfAbsent(unitKey(c), k -> new ArrayList<>()).add(c.id());
    }
    problems.forEach(id -> units.put(id, List.of(id)));
    List<ShardPlan.Unit> planned = new ArrayList<>();
    units.forEach((key, ids) -> planned.add(new ShardPlan.Unit(key, ids,
        ids.stream().mapToDouble(id -> seconds.getOrDefault(id, 0.0)).sum())));
    ShardPlan plan = ShardPlan.of(planned, shard.count());
    Set<String> mine = plan.cases(shard.index());
    tests.forEach((id, d) -> {
      if (!mine.contains(id)) {
        d.removeFromHierarchy();
      }
    });
    removeEmptyContainers(root);
    return new ShardShare(shard, plan.fingerprint(), mine.size(), plan.totalCases(), plan.seconds(shard.index()),
        plan.totalSeconds(), recorded, settings.run());
  }

  /** A world's cases share one key; any other case is its own unit. */
  private static String unitKey(CaseSpec c) {
    if (c.world() == null) {
      return c.id();
    }
    return c.declaration().type().getName() + "#" + c.workload().name() + "[" + c.backend().id().family()
        + "][world " + c.world().size() + "]";
  }

  private static Map<String, Double> plannedSeconds(List<CaseSpec> specs, RecordedTimes times) {
    Map<String, Double> largest = new HashMap<>();
    Map<String, Double> cost = new HashMap<>();
    for (CaseSpec c : specs) {
      Double v = cost(c);
      if (v != null && v > 0 && Double.isFinite(v)) {
        cost.put(c.id(), v);
        largest.merge(workloadKey(c), v, Math::max);
      }
    }
    Map<String, Double> seconds = new HashMap<>();
    for (CaseSpec c : specs) {
      var known = times.of(c.id());
      if (known.isPresent()) {
        seconds.put(c.id(), known.get());
        continue;
      }
      if (c.skipReason() != null) {
        seconds.put(c.id(), 0.0);
        continue;
      }
      double budget = c.trials().budgetSeconds();
      Double v = cost.get(c.id());
      double share = v == null ? 1.0 : Math.max(COST_FLOOR, v / largest.get(workloadKey(c)));
      seconds.put(c.id(), budget * share);
    }
    return seconds;
  }

  private static String workloadKey(CaseSpec c) {
    return c.declaration().type().getName() + "#" + c.workload().name();
  }

  private static Double cost(CaseSpec c) {
    BenchmarkDeclaration.Cost cost = c.declaration().cost();
    var e = cost.flops() != null ? cost.flops() : cost.bytes() != null ? cost.bytes() : cost.items();
    if (e == null) {
      return null;
    }
    try {
      return BenchmarkDeclaration.Cost.evaluate(e, c.dims(), c.precision(), c.world() == null ? 1 : c.world().size());
    } catch (RuntimeException ex) {
      return null; // an axis of names: no cost to scale by, the budget stands
    }
  }

  private static void removeEmptyContainers(TestDescriptor node) {
    for (TestDescriptor child : List.copyOf(node.getChildren())) {
      if (child.isContainer()) {
        removeEmptyContainers(child);
        if (child.getChildren().isEmpty()) {
          child.removeFromHierarchy();
        }
      }
    }
  }
}
