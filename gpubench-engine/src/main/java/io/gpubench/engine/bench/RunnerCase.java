package io.gpubench.engine.bench;

import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.Backend;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.WorkloadDeclaration;

/**
 * A case as the runner holds it: the class's declaration and the workload it read itself, and what the engine's
 * request decided (shape, precision, backend, seed, cache and device timing). The engine's plan of the case (its
 * allowance, trial policy, forks, world plan) stays on the engine's side: the runner times and reports, the engine
 * decides, and a runner given only this cannot decide by accident.
 *
 * @param declaration the class's declaration
 * @param workload the workload
 * @param dims the shape
 * @param precision the precision
 * @param backend the backend, as this runner opened it
 * @param seed the inputs' seed
 * @param cache hot or cold caches
 * @param deviceTiming how a device with its own timer times the trials
 */
record RunnerCase(BenchmarkDeclaration declaration, WorkloadDeclaration workload, Dimensions dims,
    Precision precision, Backend backend, long seed, CacheMode cache, DeviceTiming deviceTiming) {}
