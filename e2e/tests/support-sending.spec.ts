import { expect, test } from '@playwright/test';
import { LIMITS } from 'shared-contracts';
import { DEMO } from '../support/accounts.js';
import { INQUIRY, chooseFirstGame, inquiryField, openFormAs, startNewIfAsked, supportMessage } from '../support/inquiry-form.js';
import { INQUIRY_ACCOUNTS } from '../support/inquiry-accounts.js';
import { t } from '../support/locales.js';
import { loseNextAnswer } from '../support/network.js';
import { callApi, openTicket, tokenOf } from '../support/tickets-api.js';
import { LONG_QUEUE_THRESHOLD, site } from '../support/ports.js';

test.describe('support step three: sending (SPEC §3, §5)', () => {
  test('a game ticket with its server, region and character chosen in the form', async ({ page }) => {
    // player1 has characters in the demo data: Captain Mira on Star Harbor's Orion server, in Asia.
    const token = await tokenOf(DEMO.player1);
    await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
    await startNewIfAsked(page);
    await page
      .getByTestId('inquiry-form')
      .getByRole('link', { name: t('support', 'en', 'form.chooseGame') })
      .click();
    await page.getByTestId('support-step-game').getByRole('button', { name: 'Star Harbor' }).click();
    await page
      .getByRole('navigation', { name: t('support', 'en', 'steps.label') })
      .getByRole('link', { name: t('support', 'en', 'steps.inquiry') })
      .click();
    await startNewIfAsked(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.serviceGame') }).check();
    await inquiryField(page, 'form.server').selectOption({ label: 'Orion' });
    await inquiryField(page, 'form.region').selectOption({ label: 'Asia' });
    await inquiryField(page, 'form.role').selectOption({ value: 'r100101' });
    await inquiryField(page, 'form.category').selectOption({ index: 1 });
    const title = `Captain Mira lost her ship ${Date.now()}`;
    await inquiryField(page, 'form.titleLabel').fill(title);
    await inquiryField(page, 'form.content').fill('My ship vanished from the hangar after the update.');
    await inquiryField(page, 'form.email').fill('player1@e2e.example');
    await page.getByRole('checkbox').check();
    await page.getByTestId('inquiry-submit').click();
    await expect(page).toHaveURL(/\/SupportCenter\/history/);
    const sent = (await callApi('inquiryList', token)).find((ticket) => ticket.title === title);
    const detail = await callApi('inquiryDetail', token, { query: { inquiryId: String(sent?.id) } });
    expect(detail).toMatchObject({ ticketType: '1', serverId: 's1', gameAreaId: 'asia', roleId: 'r100101', roleName: 'Captain Mira' });
  });

  test('a refusal the form has no message for says "Submission failed." and keeps the draft', async ({ page }) => {
    await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await chooseFirstGame(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') }).check();
    await inquiryField(page, 'form.category').selectOption({ index: 1 });
    const title = `Refused ${Date.now()}`;
    await inquiryField(page, 'form.titleLabel').fill(title);
    await inquiryField(page, 'form.content').fill('The shop took my payment twice.');
    await page.getByRole('checkbox').check();
    await page.route(
      (url) => url.pathname.endsWith('/inquiries'),
      (route) => route.fulfill({ json: { code: 5000, msg: 'somethingNobodyExpected', data: null } }),
    );
    await page.getByTestId('inquiry-submit').click();
    await expect(page.getByTestId('inquiry-problem')).toHaveText(t('common', 'en', 'errors.submitFailed'));
    await expect(inquiryField(page, 'form.titleLabel')).toHaveValue(title);
    await expect(inquiryField(page, 'form.content')).toHaveValue('The shop took my payment twice.');
    await expect(page.getByRole('checkbox')).toBeChecked();
  });

  test("past the edge's request limits the inquiry and the added information say to wait a moment and keep what was typed; sent again, they go", async ({
    page,
  }) => {
    // What the edge answers past its limits (tooling/docker/nginx-edge.conf, @edge_too_many), once per call: the
    // local site has no edge in front of the API.
    const edgeRefusal = { status: 429, json: { code: 4290, msg: 'tooManyAttempts', data: null } };
    const waitAMoment = t('common', 'en', 'errors.tooManyAttempts');
    const who = INQUIRY_ACCOUNTS.meetsEdgeLimit;
    const token = await tokenOf(who);
    await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
    await startNewIfAsked(page);
    await chooseFirstGame(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') }).check();
    await inquiryField(page, 'form.category').selectOption({ index: 1 });
    const title = `Past the edge ${Date.now()}`;
    await inquiryField(page, 'form.titleLabel').fill(title);
    await inquiryField(page, 'form.content').fill('The shop took my payment twice.');
    await inquiryField(page, 'form.email').fill('edge-limit@e2e.example');
    await page.getByRole('checkbox').check();
    await page.route(
      (url) => url.pathname.endsWith('/inquiries'),
      (route) => (route.request().method() === 'POST' ? route.fulfill(edgeRefusal) : route.fallback()),
      { times: 1 },
    );
    await page.getByTestId('inquiry-submit').click();
    await expect(page.getByTestId('inquiry-problem')).toHaveText(waitAMoment);
    await expect(inquiryField(page, 'form.titleLabel')).toHaveValue(title);
    await expect(inquiryField(page, 'form.content')).toHaveValue('The shop took my payment twice.');
    await page.getByTestId('inquiry-submit').click();
    await expect(page).toHaveURL(/\/SupportCenter\/history/);
    const sent = (await callApi('inquiryList', token)).find((ticket) => ticket.title === title);
    expect(sent).toBeDefined();

    // Information added to it: the same message, the text kept, and one message once sent.
    await page.goto(`${site()}/SupportCenter/feedback?inquiryId=${sent?.id}&spec_lang=en`);
    await page.getByTestId('add-information').click();
    const dialog = page.getByTestId('add-information-dialog');
    const text = 'The second payment shows on my card statement.';
    await dialog.getByLabel(t('support', 'en', 'conversation.message')).fill(text);
    await page.route(
      (url) => url.pathname.endsWith('/inquiries/reply'),
      (route) => route.fulfill(edgeRefusal),
      { times: 1 },
    );
    await dialog.getByTestId('reply-send').click();
    await expect(dialog.getByTestId('reply-failure')).toHaveText(waitAMoment);
    await expect(dialog.getByLabel(t('support', 'en', 'conversation.message'))).toHaveValue(text);
    await dialog.getByTestId('reply-send').click();
    await expect(page.getByTestId('feedback-notice')).toContainText(t('support', 'en', 'conversation.added'));
    const detail = await callApi('inquiryDetail', token, { query: { inquiryId: String(sent?.id) } });
    expect(detail.messages.filter((message) => message.content === text)).toHaveLength(1);
  });

  test('a lost answer keeps everything; the retry sends one request and makes exactly one ticket', async ({ page }) => {
    const token = await openFormAs(page, INQUIRY_ACCOUNTS.fillsForm);
    await chooseFirstGame(page);
    await page.getByRole('radio', { name: t('support', 'en', 'form.servicePlatform') }).check();
    await inquiryField(page, 'form.category').selectOption({ index: 1 });
    const title = `Lost answer ${Date.now()}`;
    await inquiryField(page, 'form.titleLabel').fill(title);
    await inquiryField(page, 'form.content').fill('The shop took my payment twice.');
    await page.getByRole('checkbox').check();

    const isCreate = (url: URL) => url.pathname.endsWith('/inquiries');
    // The request reaches the API (the ticket is made), then the connection drops before the answer arrives.
    await loseNextAnswer(page, isCreate);
    await page.getByTestId('inquiry-submit').click();
    await expect(page.getByTestId('inquiry-problem')).toHaveText(t('common', 'en', 'errors.network'));
    // Busy while sending, the button kept the focus (a disabled one would have dropped it to the page).
    await expect(page.getByTestId('inquiry-submit')).toBeFocused();
    await expect(inquiryField(page, 'form.titleLabel')).toHaveValue(title);
    await expect(page.getByRole('checkbox')).toBeChecked();
    expect((await callApi('inquiryList', token)).filter((ticket) => ticket.title === title)).toHaveLength(1);

    let posts = 0;
    page.on('request', (request) => request.method() === 'POST' && isCreate(new URL(request.url())) && (posts += 1));
    await page.getByTestId('inquiry-submit').dblclick();
    await expect(page).toHaveURL(/\/SupportCenter\/history/);
    await expect(page.getByText(t('support', 'en', 'form.submitted'))).toBeVisible();
    expect(posts).toBe(1);
    expect((await callApi('inquiryList', token)).filter((ticket) => ticket.title === title)).toHaveLength(1);
    // Sent: the draft starts over.
    expect(await page.evaluate(() => sessionStorage.getItem('cs_form'))).toBeNull();
  });

  test('a player with a ticket in progress chooses between viewing it and starting a new one; a long queue shows a wait notice', async ({
    page,
  }) => {
    const who = INQUIRY_ACCOUNTS.hasOpenTickets;
    const token = await tokenOf(who);
    // Enough tickets waiting for an agent for the long-queue notice; the last one is the player's most recent.
    for (let index = 1; index < LONG_QUEUE_THRESHOLD; index += 1) await openTicket(token, { title: `Queue ${index}` });
    const { inquiryId } = await openTicket(token, { title: 'Still waiting for an answer' });

    await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
    const notice = page.getByTestId('queue-notice');
    await expect(notice).toContainText(t('support', 'en', 'queue.title'));
    const waiting = Number((await notice.textContent())?.match(/\d+/)?.[0]);
    expect(waiting).toBeGreaterThanOrEqual(LONG_QUEUE_THRESHOLD);

    const choice = page.getByTestId('unresolved-choice');
    await expect(choice).toContainText('Still waiting for an answer');
    await expect(page.getByTestId('inquiry-form')).toHaveCount(0);
    await choice.getByRole('link', { name: t('support', 'en', 'unresolved.view') }).click();
    await expect(page).toHaveURL(new RegExp(`/SupportCenter/feedback\\?inquiryId=${inquiryId}$`));

    await page.goto(`${site()}${INQUIRY}`);
    await page.getByRole('button', { name: t('support', 'en', 'unresolved.new') }).press('Enter');
    await expect(page.getByTestId('unresolved-choice')).toHaveCount(0);
    await expect(page.getByTestId('inquiry-form')).toBeVisible();
    // The button is gone with the choice: the focus is where the form begins, and the next Tab reaches its first field.
    await expect(page.getByRole('heading', { name: t('support', 'en', 'form.heading') })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('inquiry-form').locator(':focus')).toHaveCount(1);
    // Chosen once for this ticket: a reload goes straight to the form.
    await page.reload();
    await expect(page.getByTestId('inquiry-form')).toBeVisible();
    await expect(page.getByTestId('unresolved-choice')).toHaveCount(0);
  });

  test('a player with as many tickets in progress as allowed is told so before the form, with the way to them', async ({ page }) => {
    const token = await tokenOf(INQUIRY_ACCOUNTS.reachesOpenLimit);
    const opened: number[] = [];
    for (let index = 1; index <= LIMITS.openTicketsMax; index += 1) {
      opened.push((await openTicket(token, { title: `Open ${index} of ${LIMITS.openTicketsMax}` })).inquiryId);
    }
    await page.goto(`${site()}${INQUIRY}&oauth_token=${token}`);
    const choice = page.getByTestId('unresolved-choice');
    await expect(choice).toContainText(supportMessage('errors.tooManyOpenInquiries'));
    await expect(choice.getByRole('button', { name: t('support', 'en', 'unresolved.new') })).toHaveCount(0);
    await expect(page.getByTestId('inquiry-form')).toHaveCount(0);
    await choice.getByRole('link', { name: t('support', 'en', 'steps.history') }).click();
    await expect(page).toHaveURL(/\/SupportCenter\/history/);

    // One ended: a new inquiry may be started again.
    await callApi('inquiryEnd', token, { body: { inquiryId: opened[0] ?? 0 } });
    await page.goto(`${site()}${INQUIRY}`);
    await expect(page.getByRole('button', { name: t('support', 'en', 'unresolved.new') })).toBeVisible();
    await expect(page.getByTestId('open-limit-notice')).toHaveCount(0);
    await expect(page.getByTestId('unresolved-choice')).not.toContainText(supportMessage('errors.tooManyOpenInquiries'));
  });
});
