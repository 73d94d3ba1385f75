package io.gpubench.engine.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import examples.FixedSumBenchmark;
import examples.GoodGemmBenchmark;
import examples.NamedWorkloadBenchmark;
import examples.invalid.MalformedShapeBenchmark;
import examples.worlds.WorldSteps;
import io.gpubench.engine.EngineKit;
import io.gpubench.engine.plan.ShardShare;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * {@code gpubench.shard=I/N}: each shard plans the whole suite the same way, runs a balanced share, keeps a world's
 * cases together, and writes its journal, marked with its shard and plan, where the shards share a folder.
 */
class ShardingTest {
  @TempDir Path out;

  private static final List<DiscoverySelector> SUITE = List.of(selectClass(GoodGemmBenchmark.class),
      selectClass(FixedSumBenchmark.class), selectClass(NamedWorkloadBenchmark.class), selectClass(WorldSteps.class),
      selectClass(MalformedShapeBenchmark.class));

  @Test
  void theShardsSplitTheSuiteWithoutOverlapAndAgreeOnThePlan() {
    Set<String> whole = caseIds(discover(null, SUITE));
    List<Set<String>> shards = new ArrayList<>();
    Set<String> plans = new HashSet<>();
    for (int i = 1; i <= 3; i++) {
      GpuBenchEngineDescriptor root = discover(i + "/3", SUITE);
      shards.add(caseIds(root));
      ShardShare share = root.shardShare();
      assertThat(share.shard().index()).isEqualTo(i);
      assertThat(share.totalCases()).isEqualTo(whole.size());
      assertThat(share.cases()).isEqualTo(shards.get(i - 1).size());
      plans.add(share.plan());
    }
    assertThat(plans).as("every shard computes the same plan").hasSize(1);
    Set<String> union = new HashSet<>();
    for (Set<String> s : shards) {
      assertThat(s).as("a shard is never empty for a suite this size").isNotEmpty();
      for (String id : s) {
        assertThat(union.add(id)).as(id + " is in one shard only").isTrue();
      }
    }
    assertThat(union).isEqualTo(whole);
  }

  @Test
  void thePlanDependsOnTheSuiteNotOnTheOrderItWasSelectedIn() {
    List<DiscoverySelector> reversed = new ArrayList<>(SUITE);
    java.util.Collections.reverse(reversed);
    for (int i = 1; i <= 3; i++) {
      GpuBenchEngineDescriptor a = discover(i + "/3", SUITE);
      GpuBenchEngineDescriptor b = discover(i + "/3", reversed);
      assertThat(caseIds(b)).isEqualTo(caseIds(a));
      assertThat(b.shardShare().plan()).isEqualTo(a.shardShare().plan());
    }
    assertThat(discover("1/2", SUITE).shardShare().plan()).as("another split is another plan")
        .isNotEqualTo(discover("1/3", SUITE).shardShare().plan());
  }

  @Test
  void casesOfEqualPlannedTimeAreSpreadEvenly() {
    // FixedSum and NamedWorkload cases declare the same budget and no cost: each shard gets the same count, within 1
    Map<Integer, Integer> counts = new TreeMap<>();
    List<DiscoverySelector> even = List.of(selectClass(FixedSumBenchmark.class), selectClass(GoodGemmBenchmark.class));
    int total = caseIds(discover(null, even)).size();
    for (int i = 1; i <= 4; i++) {
      counts.put(i, caseIds(discover(i + "/4", even)).size());
    }
    assertThat(counts.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(total);
    assertThat(counts.values().stream().mapToInt(Integer::intValue).max().getAsInt()
        - counts.values().stream().mapToInt(Integer::intValue).min().getAsInt()).as(counts.toString())
        .isLessThanOrEqualTo(1);
  }

  @Test
  void theCasesOfAWorldRunInOneShard() {
    Map<String, Set<Integer>> shardsOfWorld = new TreeMap<>();
    for (int i = 1; i <= 3; i++) {
      for (String id : caseIds(discover(i + "/3", SUITE))) {
        if (id.contains("[world ")) {
          String world = id.substring(id.indexOf("[world "));
          shardsOfWorld.computeIfAbsent(world, w -> new HashSet<>()).add(i);
        }
      }
    }
    assertThat(shardsOfWorld).containsOnlyKeys("[world 1]", "[world 2]", "[world 4]", "[world 8]");
    shardsOfWorld.forEach((world, in) -> assertThat(in).as(world).hasSize(1));
  }

  @Test
  void aClassThatCannotRunIsFailedByOneShardOnly() {
    int failing = 0;
    for (int i = 1; i <= 3; i++) {
      failing += (int) discover(i + "/3", SUITE).getDescendants().stream().filter(ProblemDescriptor.class::isInstance)
          .count();
    }
    assertThat(failing).isEqualTo(1);
  }

  @Test
  void aShardWritesItsJournalWhereTheShardsShareAFolderMarkedWithItsShareAndPlan() throws Exception {
    Path shared = out.resolve("shared");
    List<DiscoverySelector> small = List.of(selectClass(FixedSumBenchmark.class),
        selectClass(NamedWorkloadBenchmark.class));
    String plan = discover("2/2", small).shardShare().plan();
    EngineExecutionResults results = EngineKit.gpubench(out).configurationParameter("gpubench.shard", "2/2")
        .configurationParameter("gpubench.shard.dir", shared.toString())
        .configurationParameter("gpubench.shard.run", "test-run-7")
        .configurationParameter("gpubench.fork", "none")
        .selectors(small.toArray(DiscoverySelector[]::new)).execute();

    results.testEvents().assertStatistics(s -> s.failed(0));
    List<Path> files;
    try (Stream<Path> list = Files.list(shared)) {
      files = list.toList();
    }
    assertThat(files).singleElement().satisfies(f -> assertThat(f.getFileName().toString())
        .startsWith("shard-2-of-2-").endsWith(".jsonl"));
    JournalRun j = Journals.read(files.get(0));
    assertThat(j.complete()).isTrue();
    assertThat(j.shard().index()).isEqualTo(2);
    assertThat(j.shard().count()).isEqualTo(2);
    assertThat(j.shard().plan()).isEqualTo(plan);
    assertThat(j.shard().run()).isEqualTo("test-run-7");
    assertThat(j.run().cases()).hasSize(j.shard().cases()).isNotEmpty();
    assertThat(j.shard().totalCases()).isGreaterThan(j.shard().cases());
    assertThat(out.resolve("journal")).as("a shard's journal is in the shards' folder alone").doesNotExist();
  }

  @Test
  void recordedTimesBalanceTheShardsAndChangeThePlan() throws Exception {
    List<DiscoverySelector> small = List.of(selectClass(FixedSumBenchmark.class), selectClass(GoodGemmBenchmark.class));
    Set<String> ids = caseIds(discover(null, small));
    // A real run's results file, its seconds then set: one case at 100 s, every other at 1 s.
    Path earlier = out.resolve("earlier");
    EngineKit.gpubench(earlier).configurationParameter("gpubench.fork", "none")
        .selectors(small.toArray(DiscoverySelector[]::new)).execute();
    String longCase = ids.stream().filter(id -> id.contains("GoodGemm") && id.contains("FP32")).sorted().findFirst()
        .orElseThrow();
    Path times = out.resolve("times.json");
    var mapper = io.gpubench.results.ResultsFile.mapper();
    var tree = (tools.jackson.databind.node.ObjectNode) mapper.readTree(earlier.resolve("results.json").toFile());
    int timed = 0;
    for (var c : tree.get("cases")) {
      var spent = c.get("timing") == null || c.get("timing").isNull() ? null : c.get("timing").get("spent");
      if (spent instanceof tools.jackson.databind.node.ObjectNode o) {
        o.put("totalSeconds", c.get("id").asString().equals(longCase) ? 100.0 : 1.0);
        timed++;
      }
    }
    Files.writeString(times, mapper.writeValueAsString(tree));

    GpuBenchEngineDescriptor one = discoverWith(Map.of("gpubench.shard", "1/2", "gpubench.shard.times",
        times.toString()), small);
    GpuBenchEngineDescriptor two = discoverWith(Map.of("gpubench.shard", "2/2", "gpubench.shard.times",
        times.toString()), small);
    assertThat(timed).as("the cases that ran (TF32 is skipped on the CPU)").isGreaterThan(2);
    assertThat(one.shardShare().recorded()).isEqualTo(timed);
    assertThat(caseIds(one)).containsExactly(longCase);
    assertThat(caseIds(two)).hasSize(ids.size() - 1);
    assertThat(one.shardShare().plan()).isNotEqualTo(discover("1/2", small).shardShare().plan());
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', textBlock = """
      gpubench.shard       | 0/3     | configuration gpubench.shard = "0/3" is invalid: the index must be from 1 to 3 (shards are counted from 1); it takes I/N
      gpubench.shard       | 4/3     | configuration gpubench.shard = "4/3" is invalid: the index must be from 1 to 3
      gpubench.shard       | a/b     | configuration gpubench.shard = "a/b" is invalid: it takes I/N, the shard's index from 1 to N and the number of shards (1/3, 2/3, 3/3)
      gpubench.shard       | 2       | configuration gpubench.shard = "2" is invalid: it takes I/N
      gpubench.shard       | 1/0     | configuration gpubench.shard = "1/0" is invalid: the number of shards must be at least 1
      gpubench.shards      | 1/3     | unknown configuration key gpubench.shards = "1/3"; did you mean gpubench.shard?
      gpubench.shard.time  | x.json  | did you mean gpubench.shard.times?
      gpubench.shard.times | /nonexistent/times.json | configuration gpubench.shard.times = "/nonexistent/times.json" does not exist
      """)
  void aBadShardKeyFailsEveryClassNamingKeyValueAndForm(String key, String value, String expected) {
    EngineExecutionResults results = EngineKit.gpubench(out).configurationParameter(key, value)
        .configurationParameter("gpubench.shard".equals(key) ? "gpubench.seed" : "gpubench.shard",
            "gpubench.shard".equals(key) ? "42" : "1/2")
        .selectors(selectClass(GoodGemmBenchmark.class), selectClass(FixedSumBenchmark.class)).execute();

    results.testEvents().assertStatistics(s -> s.failed(2).succeeded(0));
    results.testEvents().assertThatEvents().haveExactly(1, event(test(GoodGemmBenchmark.class.getName()),
        finishedWithFailure(message(m -> m.contains(expected)))));
  }

  private GpuBenchEngineDescriptor discover(String shard, List<DiscoverySelector> selectors) {
    return discoverWith(shard == null ? Map.of() : Map.of("gpubench.shard", shard), selectors);
  }

  private GpuBenchEngineDescriptor discoverWith(Map<String, String> keys, List<DiscoverySelector> selectors) {
    var kit = EngineKit.gpubench(out).selectors(selectors.toArray(DiscoverySelector[]::new));
    keys.forEach(kit::configurationParameter);
    return (GpuBenchEngineDescriptor) kit.discover().getEngineDescriptor();
  }

  private static Set<String> caseIds(TestDescriptor root) {
    Set<String> ids = new HashSet<>();
    for (TestDescriptor d : root.getDescendants()) {
      if (d instanceof CaseDescriptor c) {
        ids.add(c.spec().id());
      } else if (d instanceof ProblemDescriptor p) {
        ids.add(p.caseId());
      }
    }
    return ids;
  }
}
