// The reference service on its own: `npm run service` (PORT, default 4010; data under SERVICE_DATA_DIR).
import { createServer } from 'node:http';
import { createReferenceService } from '.';
import { nodeHandler } from './node-adapter';

const service = await createReferenceService();
const port = Number(process.env.PORT ?? 4010);
const host = process.env.HOST ?? '127.0.0.1';
const server = createServer(nodeHandler((request) => service.handle(request), `http://${host}:${port}`));
server.requestTimeout = 0; // edits may legitimately take up to 90 s
// Outlive clients' idle connections, so a client never reuses a socket we are closing (EPIPE on POST).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`reference service listening on http://${host}:${actual}`);
});

const stop = async () => {
  server.close();
  await service.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// Started by a test (testing/service.ts): the service goes when the process that started it does,
// however that one ended (a test runner kills its workers without a word).
const parent = Number(process.env.SERVICE_EXIT_WITH_PID);
if (parent) {
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      void stop();
    }
  }, 1000).unref();
}
