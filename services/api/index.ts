/** api service: REST trigger, Bull Board, dashboard; also consumes the control queue. */
import { startApi } from './server.ts';

await startApi();
