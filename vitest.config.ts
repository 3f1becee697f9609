import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database and BullMQ prefix, so files can run in parallel; 2 cores here.
    fileParallelism: true,
    maxWorkers: 2,
    // Quiet services in tests (failures are reported by the tests themselves).
    env: { VAGLIO_LOG_LEVEL: 'warn' },
    // A bound for real hangs, not a speed check: tests wait on conditions (run status, rows, requests), and many
    // of those waits allow 60-90 s, which a 60 s test timeout cut short under load (load 15-25 seen with several
    // suites on 2 cores). 3 minutes still stops a hung test; the condition waits fail first, naming what never came.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits for a condition (a page updating, a request arriving): 1 s by default, too little under load.
    expect: { poll: { timeout: 30_000 } },
    // .ci/run asks for a JSON report too, to print a plain "N passed, N failed" closing line.
    reporters: process.env.VAGLIO_VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VAGLIO_VITEST_JSON ? { json: process.env.VAGLIO_VITEST_JSON } : undefined,
  },
});
