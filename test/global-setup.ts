/** Says once, before the run, when the tests on the real public data will be skipped and why. */
import { hasSharedData, SHARED_DATA } from './helpers/shared-data.ts';

export default function setup(): void {
  if (!hasSharedData) {
    console.warn(`note: no public data at ${SHARED_DATA}: the tests on real bandi, inPA records and red-team datasets are skipped (set VAGLIO_SHARED_DATA to a copy of it to run them)`);
  }
}
