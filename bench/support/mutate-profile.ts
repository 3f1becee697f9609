/**
 * bench:mutate --profile: times every check handler and red-team detector into a MutationProfile by wrapping
 * the two registries in place (this process only). Handlers run one at a time in the engine, so wall time
 * around each call is that check's own time.
 */
import { checkHandlers, type CheckType } from '../../shared/checks/index.ts';
import type { CheckHandler } from '../../shared/checks/types.ts';
import type { MutationProfile } from '../../shared/mutate/profile.ts';
import { DETECTOR_REGISTRY } from '../../shared/redteam/detectors/index.ts';

export function instrumentRegistries(profile: MutationProfile): void {
  const handlers = checkHandlers as Record<CheckType, CheckHandler>;
  for (const type of Object.keys(handlers) as CheckType[]) {
    const handler = handlers[type];
    handlers[type] = async (spec, ctx) => {
      const t0 = performance.now();
      try {
        return await handler(spec, ctx);
      } finally {
        profile.add(`check:${type}`, performance.now() - t0);
      }
    };
  }
  const wrapped = new Set<object>();
  for (const [type, detector] of Object.entries(DETECTOR_REGISTRY)) {
    if (wrapped.has(detector)) continue;
    wrapped.add(detector);
    const detect = detector.detect;
    detector.detect = (...args) => {
      const t0 = performance.now();
      try {
        return detect(...args);
      } finally {
        profile.add(`detector:${type}`, performance.now() - t0);
      }
    };
  }
}
