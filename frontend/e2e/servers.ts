// The shops under test: the real `mahsoul` binary once on SQLite and, when E2E_DATABASE_URL
// names a PostgreSQL server, once more on PostgreSQL. The config starts them; the fixtures
// find their address and their outbox here.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One running shop. */
export interface Shop {
  /** `sqlite` or `postgres`; projects are named after it. */
  database: 'sqlite' | 'postgres';
  port: number;
  baseURL: string;
  /** The server's data directory, wiped at start; the outbox is written in it. */
  dataDir: string;
}

const firstPort = Number(process.env.E2E_PORT ?? 4180);

function shop(database: Shop['database'], port: number): Shop {
  return {
    database,
    port,
    baseURL: `http://127.0.0.1:${port}`,
    dataDir: join(tmpdir(), `mahsoul-e2e-${database}-${port}`),
  };
}

/** Every shop this run tests against. */
export const SHOPS: Shop[] = [
  shop('sqlite', firstPort),
  ...(process.env.E2E_DATABASE_URL ? [shop('postgres', firstPort + 1)] : []),
];

/** The shop a project runs against. */
export function shopOf(database: Shop['database']): Shop {
  const found = SHOPS.find((s) => s.database === database);
  if (!found) throw new Error(`no ${database} shop in this run`);
  return found;
}

/** Where the setup project keeps a role's signed-in browser state. */
export function signedInState(database: Shop['database'], role: 'admin' | 'customer'): string {
  return join('test-results', '.auth', `${database}-${role}.json`);
}
