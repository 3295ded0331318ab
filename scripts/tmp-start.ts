import { startServer } from '../e2e/fixtures.ts';
const t = performance.now();
const s = await startServer();
console.log('start ms', Math.round(performance.now() - t));
await s.stop();
