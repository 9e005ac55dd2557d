import { type RunningSystem, stopSystem } from './system';

export default async function globalTeardown() {
  await stopSystem((globalThis as { __CLIFFHANGER_SYSTEM__?: RunningSystem }).__CLIFFHANGER_SYSTEM__);
}
