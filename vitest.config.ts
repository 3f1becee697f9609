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
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // .ci/run asks for a JSON report too, to print a plain "N passed, N failed" closing line.
    reporters: process.env.VAGLIO_VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VAGLIO_VITEST_JSON ? { json: process.env.VAGLIO_VITEST_JSON } : undefined,
  },
});
