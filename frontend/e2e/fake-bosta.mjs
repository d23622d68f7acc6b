// A fake Bosta for the browser tests, on a free loopback port: it books deliveries (tracking
// numbers 7100001, 7100002…), answers their airway bill with a small PDF and terminates them,
// as Bosta's v2 API does for the shop's adapter. The tests play Bosta's webhook themselves.
import { createServer } from 'node:http';

/** The header and secret the shop expects on Bosta's webhook calls. */
export const BOSTA_SECRET_HEADER = 'X-Bosta-Secret';
export const BOSTA_SECRET = 'e2e-bosta-secret';

const PDF = Buffer.from('%PDF-1.4\n% airway bill\n').toString('base64');

/** Starts the fake and answers its base URL. */
export function startFakeBosta() {
  let booked = 7_100_000;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-bosta');
    const reply = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== 'e2e-bosta-key')
      return reply(401, { success: false, message: 'Unauthorized' });
    request.resume();
    if (request.method === 'POST' && url.pathname === '/api/v2/deliveries') {
      booked += 1;
      return reply(201, { success: true, data: { _id: `fake-${booked}`, trackingNumber: String(booked) } });
    }
    if (request.method === 'GET' && url.pathname === '/api/v2/deliveries/mass-awb')
      return reply(200, { success: true, data: PDF });
    if (request.method === 'DELETE' && url.pathname.endsWith('/terminate')) return reply(200, { success: true });
    return reply(404, { success: false, message: 'Not found' });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)),
  );
}
