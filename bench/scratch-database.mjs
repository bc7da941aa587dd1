// A database of the benchmark's own on BENCH_DATABASE_URL's server, dropped when it is done.
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function asAdmin(sql) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates `<prefix>_<now>`; answers its name, its URL and `drop` (which ends its connections). */
export async function createScratchDatabase(prefix) {
  const name = `${prefix}_${Date.now()}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asAdmin(`DROP DATABASE ${name} WITH (FORCE)`) };
}
