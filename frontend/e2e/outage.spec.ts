// The database going away under a running shop, as a PostgreSQL restart or a cut network would
// take it: a shop of the test's own, reached through a TCP link the test cuts, keeps showing its
// products with a calm notice, in Arabic, and the notice goes once the database is back. On the
// PostgreSQL leg only: a SQLite database is a file of the process and cannot be cut.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';

/** A TCP link to PostgreSQL that the test cuts (every connection dropped, new ones refused)
 * and restores. */
class CuttableLink {
  private open = true;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  private constructor(host: string, port: number) {
    this.server = createServer((inbound) => {
      if (!this.open) {
        inbound.destroy();
        return;
      }
      const outbound = connect(port, host);
      for (const socket of [inbound, outbound]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => this.sockets.delete(socket));
      }
      inbound.pipe(outbound).pipe(inbound);
    });
  }

  static async to(host: string, port: number): Promise<CuttableLink> {
    const link = new CuttableLink(host, port);
    await new Promise<void>((done) => link.server.listen(0, '127.0.0.1', done));
    return link;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  cut(): void {
    this.open = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.open = true;
  }

  close(): void {
    this.cut();
    this.server.close();
  }
}

/** A free port on this machine. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

test(
  'while the database is away the product page shows, with a calm notice, until it is back',
  { tag: ['@ar-only', '@postgres-only'] },
  async ({ browser }) => {
    const postgres = new URL(process.env.E2E_DATABASE_URL ?? '');
    const name = `mahsoul_e2e_outage_${process.pid}_${Date.now()}`;
    expect(
      spawnSync('psql', [`${postgres.href.replace(/\/$/, '')}/postgres`, '-qc', `CREATE DATABASE ${name}`]).status,
    ).toBe(0);
    const link = await CuttableLink.to(postgres.hostname, Number(postgres.port || 5432));
    const port = await freePort();
    const through = new URL(postgres.href);
    through.host = `127.0.0.1:${link.port}`;
    through.pathname = `/${name}`;
    const shop: ChildProcess = spawn(
      process.env.MAHSOUL_BINARY ?? '',
      ['serve', '--port', String(port), '--data-dir', mkdtempSync(join(tmpdir(), 'mahsoul-e2e-outage-'))],
      {
        env: {
          ...process.env,
          MAHSOUL__SERVER__FRONTEND_DIR: resolve('dist'),
          MAHSOUL__DEMO__SEED: 'true',
          MAHSOUL__GOOGLE__CLIENT_ID: '',
          MAHSOUL__DATABASE__URL: through.href,
          RUST_LOG: 'warn',
        },
        stdio: 'ignore',
      },
    );
    const base = `http://127.0.0.1:${port}`;
    try {
      await expect
        .poll(
          () =>
            fetch(`${base}/api/ready`).then(
              (answer) => answer.status,
              () => 0,
            ),
          { timeout: 60_000 },
        )
        .toBe(200);
      const page = await browser.newPage({ locale: 'ar-EG' });
      await page.goto(`${base}/products/neem-oil`);
      const heading = page.getByTestId('product-profile').getByRole('heading', { name: 'زيت النيم' });
      await expect(heading).toBeVisible();
      await expect(page.getByTestId('outage-notice')).toHaveCount(0);

      link.cut();
      await expect
        .poll(() =>
          fetch(`${base}/api/ready`)
            .then((answer) => answer.json())
            .then((ready) => ready.status),
        )
        .toBe('degraded');
      await page.reload();
      await expect(heading).toBeVisible();
      await expect(page.getByTestId('product-profile').getByTestId('profile-price')).toBeVisible();
      await expect(page.getByTestId('outage-notice')).toHaveText(
        'الطلب متوقف لحظات ونعمل على إعادته: تصفّح المنتجات كما تشاء، وسلتك محفوظة.',
      );

      link.restore();
      await expect(page.getByTestId('outage-notice')).toHaveCount(0, { timeout: 20_000 });
      await page.close();
    } finally {
      shop.kill('SIGTERM');
      link.close();
    }
  },
);
