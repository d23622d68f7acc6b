// Starts the real `mahsoul` binary with the built frontend on a free port and a fresh data
// dir (SQLite, or a fresh PostgreSQL database when E2E_DATABASE_URL is set), waits for it to
// be healthy, runs every browser test against it, and stops it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const binary = process.argv[2];
if (!binary) {
  console.error('usage: node e2e/run.mjs <path to mahsoul> [test files…]');
  process.exit(2);
}

const freePort = () =>
  new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const dataDir = mkdtempSync(join(tmpdir(), 'mahsoul-e2e-'));
const port = await freePort();
const env = {
  ...process.env,
  MAHSOUL__SERVER__FRONTEND_DIR: resolve('dist'),
  MAHSOUL__DEMO__SEED: 'true',
  MAHSOUL__GOOGLE__CLIENT_ID: '',
  // Every journey comes from this one address; the limits per address are tested in the API tests.
  MAHSOUL__LIMITS__LOGIN_FAILURES_PER_ADDRESS: '1000',
  MAHSOUL__LIMITS__REGISTRATIONS_PER_ADDRESS: '1000',
  MAHSOUL__LIMITS__REGISTRATIONS_PER_PHONE_BLOCK: '1000',
  MAHSOUL__LIMITS__PASSWORD_RESETS_PER_ADDRESS: '1000',
  MAHSOUL__LIMITS__CONTACT_MESSAGES_PER_ADDRESS: '1000',
  RUST_LOG: 'warn',
};
let label = 'SQLite';
if (process.env.E2E_DATABASE_URL) {
  const name = `mahsoul_e2e_${process.pid}_${Date.now()}`;
  const created = spawnSync('psql', [`${process.env.E2E_DATABASE_URL}/postgres`, '-qc', `CREATE DATABASE ${name}`], {
    stdio: 'inherit',
  });
  if (created.status !== 0) process.exit(1);
  env.MAHSOUL__DATABASE__URL = `${process.env.E2E_DATABASE_URL}/${name}`;
  label = 'PostgreSQL';
}

const server = spawn(binary, ['serve', '--port', String(port), '--data-dir', dataDir], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

let healthy = false;
for (let i = 0; i < 120 && !healthy; i += 1) {
  try {
    healthy = (await fetch(`${base}/api/health`)).ok;
  } catch {
    await new Promise((r) => setTimeout(r, 250));
  }
}
if (!healthy) {
  console.error('the server did not become healthy');
  stop();
  process.exit(1);
}

console.log(`Browser tests on ${label} against ${base}`);
// Test files named after the binary run alone (while working on them); otherwise all run.
const chosen = process.argv.slice(3);
const files =
  chosen.length > 0
    ? chosen
    : readdirSync('e2e')
        .filter((f) => f.endsWith('.test.mjs'))
        .map((f) => join('e2e', f));
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], {
  stdio: 'inherit',
  env: { ...process.env, E2E_BASE_URL: base, E2E_OUTBOX: join(dataDir, 'outbox.jsonl') },
});
stop();
process.exit(run.status ?? 1);
