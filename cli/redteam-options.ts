/**
 * The red-team flags `run`, `daily` and `demo` share, and the selection they make: --redteam N library
 * scenarios (distinct attacks first), --redteam-seed, --redteam-dataset NAME[:N|all] (repeatable) and
 * --redteam-data DIR. A dataset alone plays only that dataset.
 */
import { InvalidArgumentError, Option } from 'commander';
import { DATASET_NAMES, type DatasetName } from '../shared/redteam/datasets/registry.ts';

export interface RedteamCliOptions {
  redteam?: number;
  redteamSeed?: string;
  redteamDataset: { name: DatasetName; limit: number | 'all' }[];
  redteamData?: string;
  redteamPoisonedBando?: boolean;
}

function parseDataset(value: string, previous: RedteamCliOptions['redteamDataset'] | undefined): RedteamCliOptions['redteamDataset'] {
  const [raw = '', count] = value.split(':');
  const name = DATASET_NAMES.find((n) => n === raw);
  if (name === undefined) {
    throw new InvalidArgumentError(`--redteam-dataset "${raw}" is not one of: ${DATASET_NAMES.join(', ')}.`);
  }
  let limit: number | 'all' = 25;
  if (count !== undefined) {
    if (count === 'all') limit = 'all';
    else if (/^[1-9]\d*$/.test(count)) limit = Number(count);
    else throw new InvalidArgumentError(`--redteam-dataset ${value}: after ":" give a whole number of scenarios or "all".`);
  }
  return [...(previous ?? []), { name, limit }];
}

export const redteamCliOptions = (): Option[] => [
  new Option('--redteam-seed <seed>', 'seed of the red-team selection: the same seed plays the same scenarios (default "vaglio")'),
  new Option('--redteam-dataset <name[:n]>', `also play a public dataset, n scenarios spread over its categories (default 25, "all" for every one; repeatable; one of: ${DATASET_NAMES.join(', ')})`)
    .argParser(parseDataset)
    .default([]),
  new Option('--redteam-data <dir>', 'folder of the public datasets (default: ../shared/data/redteam beside the checkout)'),
  new Option('--redteam-poisoned-bando', 'staging only: also ask about the poisoned test bando you ingested into the chatbot corpus (scenarios/redteam/staging/README.md)'),
];

/** The plan's `redteam` selection from the flags; undefined when none asks for red-teaming. */
export function redteamSelection(v: RedteamCliOptions): Record<string, unknown> | undefined {
  if (!v.redteam && v.redteamDataset.length === 0 && !v.redteamPoisonedBando) return undefined;
  return {
    ...(v.redteam ? { limit: v.redteam } : { library: false }),
    ...(v.redteamSeed ? { seed: v.redteamSeed } : {}),
    datasets: v.redteamDataset,
    ...(v.redteamData ? { datasetsDir: v.redteamData } : {}),
    ...(v.redteamPoisonedBando ? { poisonedBando: true } : {}),
  };
}
