/** `npm run demo`: print the warehouse fight replayed by the rules engine. */
import { demoLog } from "./demo-log.js";

process.stdout.write(`${demoLog()}\n`);
