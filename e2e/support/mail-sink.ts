import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { PORTS } from './ports.js';

/**
 * A real SMTP server for the browser tests: the API sends its mail here (SMTP_URL), and the tests read what
 * arrived over HTTP (`GET /messages?to=<address>`), newest last. Started and stopped by the browser tests' global setup.
 */
interface Received {
  to: string[];
  raw: string;
  at: number;
}

const inbox: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      inbox.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      callback();
    });
  },
});
smtp.listen(PORTS.smtp, '127.0.0.1');

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages = url.pathname === '/messages' ? inbox.filter((message) => !to || message.to.includes(to)) : [];
  response.writeHead(url.pathname === '/messages' || url.pathname === '/health' ? 200 : 404, { 'content-type': 'application/json' });
  response.end(JSON.stringify(messages));
}).listen(PORTS.mailbox, '127.0.0.1');
