import { simpleParser } from 'mailparser';
import { ACCOUNT_RULES } from 'shared-contracts';
import { PORTS } from './ports.js';

interface Received {
  raw: string;
  at: number;
}

/** The verification code in the newest message to `address` that arrived after `since` (waits for it). */
export async function codeSentTo(address: string, since: number): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`http://127.0.0.1:${PORTS.mailbox}/messages?to=${encodeURIComponent(address)}`);
    const messages = ((await response.json()) as Received[]).filter((message) => message.at >= since);
    const newest = messages.at(-1);
    if (newest) {
      const text = (await simpleParser(newest.raw)).text ?? '';
      const code = text.match(new RegExp(`\\b\\d{${ACCOUNT_RULES.codeLength}}\\b`))?.[0];
      if (!code) throw new Error(`no code in the message to ${address}: ${text}`);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no message reached ${address}`);
}
