// Starts one shop for the browser tests (playwright.config.ts runs it as a web server): a
// wiped data directory, a fresh PostgreSQL database when a URL is given, the demo data, and
// limits per address lifted because every journey comes from one address (the limits are
// tested in the API tests), and a fake Bosta for its courier account.
// Usage: node e2e/serve.mjs <binary> <port> <data dir> [postgres URL]
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { startFakeBosta, BOSTA_SECRET_HEADER, BOSTA_SECRET } from './fake-bosta.mjs';
import { resolve } from 'node:path';

const [binary, port, dataDir, postgres] = process.argv.slice(2);
if (!binary || !port || !dataDir) {
  console.error('usage: node e2e/serve.mjs <binary> <port> <data dir> [postgres URL]');
  process.exit(2);
}

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  MAHSOUL__SERVER__FRONTEND_DIR: resolve('dist'),
  MAHSOUL__DEMO__SEED: 'true',
  MAHSOUL__GOOGLE__CLIENT_ID: '',
  MAHSOUL__LIMITS__LOGIN_FAILURES_PER_ADDRESS: '1000',
  MAHSOUL__LIMITS__REGISTRATIONS_PER_ADDRESS: '1000',
  MAHSOUL__LIMITS__REGISTRATIONS_PER_PHONE_BLOCK: '1000',
  MAHSOUL__LIMITS__PASSWORD_RESETS_PER_ADDRESS: '1000',
  MAHSOUL__LIMITS__CONTACT_MESSAGES_PER_ADDRESS: '1000',
  // The webhooks' receiver is the test's own, on loopback.
  MAHSOUL__INTEGRATIONS__WEBHOOKS_ALLOW_PRIVATE: 'true',
  MAHSOUL__INTEGRATIONS__WEBHOOKS_EVERY_MS: '200',
  RUST_LOG: 'warn',
};
// The shop's Bosta account is a fake Bosta on loopback: nothing reaches the internet.
const bosta = await startFakeBosta();
Object.assign(env, {
  MAHSOUL__COURIERS__BOSTA__BASE_URL: `${bosta}/api/v2`,
  MAHSOUL__COURIERS__BOSTA__API_KEY: 'e2e-bosta-key',
  MAHSOUL__COURIERS__BOSTA__WEBHOOK_HEADER: BOSTA_SECRET_HEADER,
  MAHSOUL__COURIERS__BOSTA__WEBHOOK_SECRET: BOSTA_SECRET,
});
if (postgres) {
  const name = `mahsoul_e2e_${process.pid}_${Date.now()}`;
  const created = spawnSync('psql', [`${postgres}/postgres`, '-qc', `CREATE DATABASE ${name}`], { stdio: 'inherit' });
  if (created.status !== 0) process.exit(1);
  env.MAHSOUL__DATABASE__URL = `${postgres}/${name}`;
}

const server = spawn(binary, ['serve', '--port', port, '--data-dir', dataDir], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));
