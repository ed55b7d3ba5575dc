import { ENDPOINTS } from 'shared-contracts/schemas';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../src/lead-dashboard/csv.js';
import { harnessForFile } from './helpers.js';
import { createTicketHarness } from './tickets-helpers.js';
import { gameName, knownTickets, leadToken, RANGE } from './lead-dashboard-helpers.js';

const h = harnessForFile(createTicketHarness);

describe('the CSV export', () => {
  async function download(query: string) {
    const answer = await h.app.inject({
      method: 'GET',
      url: `${ENDPOINTS.leadExport.path}${query}`,
      headers: { authorization: `Bearer ${await leadToken(h)}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return { headers: answer.headers, text: answer.rawPayload.toString('utf8') };
  }

  it('writes each report with a byte order mark, CRLF lines and the headers in the asked language', async () => {
    await knownTickets(h);
    const days = await download(`${RANGE}&report=days`);
    expect(days.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(days.headers['content-disposition']).toContain('filename="support-days-2025-03-10-to-2025-03-12.csv"');
    expect(days.headers['cache-control']).toBe('private, no-store');
    expect(days.text).toBe(
      '\uFEFFDay (UTC),Inquiries opened,Inquiries ended,First response p50 (seconds),First response p90 (seconds),' +
        'Resolution p50 (seconds),Resolution p90 (seconds)\r\n' +
        '2025-03-10,2,2,600,840,5400,6840\r\n2025-03-11,1,2,3600,3600,46800,78480\r\n2025-03-12,2,1,30,30,1800,1800\r\n',
    );
    // The summary card's figures, each a row: five ratings in the range (5, 2, 4, 1 and 3 stars), two of them 4 or 5.
    expect((await download(`${RANGE}&report=summary`)).text).toBe(
      '\uFEFFMeasure,Value\r\nInquiries opened,5\r\nInquiries ended,5\r\nFirst response: inquiries measured,4\r\n' +
        'First response p50 (seconds),600\r\nFirst response p90 (seconds),2790\r\nResolution: inquiries measured,5\r\n' +
        'Resolution p50 (seconds),7200\r\nResolution p90 (seconds),54720\r\nRatings,5\r\nSatisfied share (%),40\r\n',
    );
    expect((await download(`${RANGE}&report=csatByAgent`)).text).toBe(
      '\uFEFFSupport agent,Ratings,Satisfied (4–5 stars),Satisfied share (%)\r\nagent1,3,1,33.3\r\nlead1,1,1,100\r\n',
    );
    // German: a decimal comma, so the fields are split at semicolons, as a spreadsheet set up for German reads them.
    expect((await download(`${RANGE}&report=lowScoreReasons&spec_lang=de`)).text).toBe(
      '\uFEFFGrund;Schlechte Bewertungen mit diesem Grund;Anteil an schlechten Bewertungen (%)\r\n' +
        'Langsame Antwort;2;66,7\r\nUnklare Antwort;1;33,3\r\nProblem nicht gelöst;0;0\r\nUnfreundlicher Ton;0;0\r\n',
    );
    const games = (await download(`${RANGE}&report=csatByGame&spec_lang=ja`)).text.split('\r\n');
    expect(games[0]).toBe('\uFEFFゲーム,評価数,満足（星4〜5）,満足の割合（%）');
    expect(games.slice(1)).toContain(`${await gameName(h, 2)},2,1,50`);
  });

  it('quotes what needs quoting and keeps text a spreadsheet would run as a formula as text', () => {
    const rows = [
      ['a,b', 'say "hi"', 'two\nlines', null, 12.5],
      ['=1+1', '-2', '@SUM(A1)', 'plain;text'],
    ];
    expect(toCsv(rows, 'en')).toBe('\uFEFF"a,b","say ""hi""","two\nlines",,12.5\r\n\'=1+1,\'-2,\'@SUM(A1),plain;text\r\n');
    // With a decimal comma (French): semicolons between fields, a comma in a number, a semicolon in text quoted.
    expect(toCsv(rows, 'fr')).toBe('\uFEFFa,b;"say ""hi""";"two\nlines";;12,5\r\n\'=1+1;\'-2;\'@SUM(A1);"plain;text"\r\n');
  });
});
