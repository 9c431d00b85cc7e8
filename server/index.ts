import path from 'node:path';
import { createApp } from './app';
import { ConfigError, loadConfig, localSignInWarning } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { jwtSecret } from './secrets';
import { seedCampus } from './seed/campus';
import { seedDemoMembers } from './seed/demo-members';
import { seedDemoMentors } from './seed/demo-mentors';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'pglite'),
    pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
    pgliteWasmTier: config.PGLITE_WASM_TIER,
    pgliteDurability: config.PGLITE_DURABILITY,
  });
  // One instance at a time seeds (several booting together on one PostgreSQL would insert twice).
  await database.exclusive(async () => {
    await seedCampus(database.db);
    if (config.demoMembers > 0) {
      const imageOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
      await seedDemoMembers(database.db, { count: config.demoMembers, imageOrigin });
      await seedDemoMentors(database.db);
    }
  });

  const app = await createApp({ config, database, jwtSecret: jwtSecret(config) });
  const warning = localSignInWarning(config);
  if (warning) app.log.warn(warning);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining connections');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: database.kind, url: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` }, 'LunchChat is up');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
