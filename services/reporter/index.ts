/** reporter service: consumes its queues (see queues/index.ts). Run any number of replicas. */
import { runServiceMain } from '../../shared/service/main.ts';

await runServiceMain('reporter');
