import { buildServer } from '../../apps/server/scripts/build.mjs';

/** Bundles the server once before the journeys: every worker starts its own process of it. */
export default async function globalSetup() {
  await buildServer();
}
