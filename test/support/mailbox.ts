import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps every message it receives, parsed (for the alert
 * tests, in vitest and in Playwright alike): point SMTP_URL at `url`.
 */
export async function startMailbox(): Promise<{ url: string; inbox: ParsedMail[]; close(): void }> {
  const inbox: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        inbox.push(mail);
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, inbox, close: () => smtp.close() };
}
