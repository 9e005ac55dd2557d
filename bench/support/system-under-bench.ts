/** The running system the browser benches measure. */
import { startSystem, stopSystem } from '../../e2e/support/system';
import { buildFrontends } from '../../scripts/build';

/**
 * BASE_URL when given; otherwise the frontends are built and the system is started on a free port.
 * `stop` stops what was started here (nothing when BASE_URL named a system already running).
 */
export async function systemUnderBench(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const given = process.env.BASE_URL;
  if (given) return { baseUrl: given, stop: async () => undefined };
  await buildFrontends();
  const system = await startSystem();
  return { baseUrl: system.baseUrl, stop: () => stopSystem(system) };
}
