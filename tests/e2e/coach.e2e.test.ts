import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectAfterEachPath, recordMachineCoverage } from '../support/machine-coverage';
import { chatFlow, chatFlowModel } from '../models/chatFlow';
import { AppShell } from './pages/AppShell';
import { Toasts } from './pages/Toasts';
import { callApi as api, createVerifiedUser, type TestUser } from './support/api';
import { animationsDone, saveScreenshot, useBrowser } from './support/browser';
import { holdNextAnswer, releaseAnswer } from './support/streamHold';
import { coveringModelPaths } from '../support/model-paths';

const browser = useBrowser();
const coverage = recordMachineCoverage(import.meta.url, 'chromium');

interface ConversationJson {
  conversation_id: string;
  conversation_title: string;
  messages: { role: string; message: string; status: string }[];
}

/** A user with a trial (unlimited coach), the demo transactions and a savings goal: numbers to talk about. */
async function userWithData(apiUrl: string): Promise<TestUser> {
  const user = await createVerifiedUser(apiUrl);
  await api(apiUrl, user.token, 'POST', '/users/me/onboarding', { action: 'complete', answers: { currency: 'USD', monthly_income: 4000, main_goal: 'grow_savings', help_with: ['goals'] } });
  await api(apiUrl, user.token, 'POST', '/subscription/trial/start');
  await api(apiUrl, user.token, 'POST', '/transactions/demo', {});
  return user;
}

/** Asks through the API (a conversation made elsewhere) and names it. */
async function conversationVia(apiUrl: string, token: string, question: string, title: string): Promise<string> {
  const answer = await api<{ conversation_id: string }>(apiUrl, token, 'POST', '/chat/financial-advice', { message: question });
  await api(apiUrl, token, 'PUT', `/chat/conversation/${answer.conversation_id}/rename`, { new_title: title });
  return answer.conversation_id;
}

/** A path's user: data to talk about and two earlier conversations, 'Earlier chat' the most recent. */
async function returningUser(apiUrl: string): Promise<{ user: TestUser; olderId: string }> {
  const user = await userWithData(apiUrl);
  const olderId = await conversationVia(apiUrl, user.token, chatFlow.olderQuestion, chatFlow.olderTitle);
  await conversationVia(apiUrl, user.token, chatFlow.earlierQuestion, chatFlow.earlierTitle);
  return { user, olderId };
}

/** A few paths that walk every state and transition (every path runs on the machine in node). */
const chosen = coveringModelPaths(chatFlowModel);

/** Runs the tasks `width` at a time, in order. */
async function inTurns(tasks: (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: width }, lane));
}

interface Users {
  answers: TestUser;
  followUp: TestUser;
  search: TestUser;
  phone: TestUser;
  paths: { user: TestUser; olderId: string }[];
}

/**
 * Every test's user, made before the first test, three at a time: side by side the set-up calls overlap. Three, not
 * all at once: a dozen sockets idle on a loaded machine once had one reused just as the server closed it
 * (ECONNRESET). Each test still has a user of its own.
 */
let users: Users;
beforeAll(async () => {
  const { apiUrl } = browser;
  const goalTarget = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  const made: Partial<Users> = {};
  const paths: Users['paths'] = [];
  await inTurns(
    [
      async () => {
        made.answers = await userWithData(apiUrl);
        await api(apiUrl, made.answers.token, 'POST', '/goals', { name: 'Vacation', target_amount: 3000, target_date: goalTarget, initial_amount: 450 });
      },
      async () => void (made.followUp = await userWithData(apiUrl)),
      async () => {
        made.search = await createVerifiedUser(apiUrl);
        await conversationVia(apiUrl, made.search.token, 'What is my balance?', 'Balance check');
        await conversationVia(apiUrl, made.search.token, 'Any tips for saving?', 'Saving ideas');
      },
      async () => {
        made.phone = await createVerifiedUser(apiUrl);
        await conversationVia(apiUrl, made.phone.token, 'What is my balance?', 'Balance check');
      },
      ...chosen.map((_, index) => async () => void (paths[index] = await returningUser(apiUrl))),
    ],
    3,
  );
  users = { answers: made.answers!, followUp: made.followUp!, search: made.search!, phone: made.phone!, paths };
}, 300_000);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "$1,234.56" from an answer, as a number. */
const amountAfter = (text: string, before: string) => {
  const match = new RegExp(`${escapeRegExp(before)}\\s*\\**\\$([\\d,]+\\.\\d{2})`).exec(text);
  if (!match) throw new Error(`no amount after "${before}" in: ${text}`);
  return Number(match[1]!.replace(/,/g, ''));
};

/** The /ai-coach page (src/web/views/coach), found by role and label. */
class CoachPage {
  readonly heading: Locator;
  readonly sidebar: Locator;
  readonly chat: Locator;
  readonly chatTitle: Locator;
  readonly messageBox: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly log: Locator;
  readonly streamingAnswer: Locator;
  readonly search: Locator;
  readonly newConversationButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'AI Coach', level: 1 });
    this.sidebar = page.getByRole('navigation', { name: 'Conversations' });
    this.chat = page.getByRole('region', { name: 'Chat with the coach' });
    this.chatTitle = this.chat.getByRole('heading', { level: 2 });
    this.messageBox = page.getByRole('textbox', { name: 'Message the coach' });
    this.sendButton = page.getByRole('button', { name: 'Send', exact: true });
    this.stopButton = page.getByRole('button', { name: 'Stop', exact: true });
    this.log = page.getByRole('log', { name: 'Messages' });
    this.streamingAnswer = page.getByTestId('streaming-answer');
    this.search = page.getByRole('textbox', { name: 'Search conversations' });
    this.newConversationButton = page.getByRole('button', { name: 'New conversation' });
  }

  static async open(page: Page, token: string): Promise<CoachPage> {
    await AppShell.openSignedIn(page, token, '/ai-coach');
    const coach = new CoachPage(page);
    await coach.heading.waitFor();
    return coach;
  }

  /** The conversation entries of the sidebar, in order. */
  entries(): Locator {
    return this.sidebar.getByRole('listitem');
  }

  entry(title: string): Locator {
    return this.entries().filter({ has: this.page.getByText(title, { exact: true }) });
  }

  async titles(): Promise<string[]> {
    const items = await this.entries().all();
    return Promise.all(items.map(async (item) => ((await item.locator('p').first().textContent()) ?? '').trim()));
  }

  /** The messages on screen as [sender, text]. */
  async messages(): Promise<[string, string][]> {
    const bubbles = await this.log.locator('[data-sender]').all();
    return Promise.all(bubbles.map(async (b) => [(await b.getAttribute('data-sender')) ?? '', ((await b.innerText()) ?? '').trim()] as [string, string]));
  }

  async ask(question: string) {
    await this.messageBox.fill(question);
    await this.messageBox.press('Enter');
  }

  /** Waits until the streamed answer has visible words in it. */
  async waitForStreamedWords() {
    await expect.poll(async () => ((await this.streamingAnswer.count()) ? (await this.streamingAnswer.innerText()).replace('Looking at your numbers…', '').trim().length : 0), { timeout: 15_000 }).toBeGreaterThan(10);
  }

  async waitForAnswer() {
    await this.sendButton.waitFor({ timeout: 20_000 });
    await this.streamingAnswer.waitFor({ state: 'detached' });
  }

  async lastAnswer(): Promise<string> {
    const answers = this.log.locator('[data-sender="ai"]');
    return (await answers.last().innerText()).trim();
  }

  async conversationAction(title: string, action: 'Rename' | 'Delete') {
    await this.sidebar.getByRole('button', { name: `Actions for ${title}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async rename(title: string, newTitle: string) {
    await this.conversationAction(title, 'Rename');
    const dialog = this.page.getByRole('dialog', { name: 'Rename conversation' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(newTitle);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async deleteConversation(title: string) {
    await this.conversationAction(title, 'Delete');
    const confirm = this.page.getByRole('dialog', { name: 'Delete conversation' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
  }

  async clearMemory() {
    await this.sidebar.getByRole('button', { name: 'Clear memory' }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Clear chat memory' });
    await confirm.getByRole('button', { name: 'Clear memory' }).click();
    await confirm.waitFor({ state: 'hidden' });
  }
}

describe('the AI coach in Chromium against the real server', () => {
  it('the five example questions stream answers that quote the user’s own figures, matching the dashboard', async () => {
    const { page, apiUrl } = browser;
    const user = users.answers;
    const coach = await CoachPage.open(page, user.token);
    // A new user sees suggested prompts.
    await page.getByRole('list', { name: 'Suggested questions' }).waitFor();
    await saveScreenshot(page, 'coach-welcome');

    const dashboard30 = await api<{ totals: { spending: number }; balance: number }>(apiUrl, user.token, 'GET', '/dashboard/analytics?period=30_days&time_unit=days');

    const answers: Record<string, string> = {};
    for (const question of ['How much did I spend on groceries last month?', 'Am I on track for my vacation goal?', 'Where can I cut back?', 'Can I afford a 1,200 laptop in March?', 'Summarise this month']) {
      await holdNextAnswer(apiUrl, user);
      await coach.ask(question);
      // Each answer streams: the growing answer is on screen before it is complete (held there until seen).
      await coach.waitForStreamedWords();
      await releaseAnswer(apiUrl, user);
      await coach.waitForAnswer();
      answers[question] = await coach.lastAnswer();
      expect(answers[question]).toMatch(/Next step:/);
      // Screen readers hear the finished answer once, as words: no Markdown markers read out as "star star".
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Next step:' }).last().textContent()).not.toMatch(/\*\*|__|`/);
    }
    await saveScreenshot(page, 'coach-answers');
    expect(answers['How much did I spend on groceries last month?']).toMatch(/You spent \$[\d,]+\.\d{2} on Groceries last month, /);
    expect(answers['Am I on track for my vacation goal?']).toContain('Vacation: $450.00 of $3,000.00 saved (15%)');
    // "Where can I cut back?" covers the last 30 days, like the dashboard's 30-day view.
    expect(amountAfter(answers['Where can I cut back?']!, 'you spent')).toBeCloseTo(dashboard30.totals.spending, 2);
    // Affordability starts from the dashboard's balance.
    expect(amountAfter(answers['Can I afford a 1,200 laptop in March?']!, 'Your balance is')).toBeCloseTo(dashboard30.balance, 2);
    expect(answers['Summarise this month']).toMatch(/Income: \$[\d,]+\.\d{2}/);

    // The first question titled the conversation; all five answers are saved.
    expect(await coach.chatTitle.textContent()).toBe('How much did I spend on groceries last month?');
    const list = await api<{ conversations: { conversation_id: string; message_count: number }[] }>(apiUrl, user.token, 'GET', '/chat/conversations');
    expect(list.conversations[0]!.message_count).toBe(10);
  });

  it('a follow-up keeps the category, and its figure opens the transactions list filtered to exactly the rows behind it', async () => {
    const { page } = browser;
    const user = users.followUp;
    const coach = await CoachPage.open(page, user.token);
    await coach.ask('How much did I spend on groceries this month?');
    await coach.waitForAnswer();
    await coach.ask('and last month?');
    // The second answer is saved (the Send button alone can still show from the first answer just after Enter).
    await expect.poll(() => coach.log.locator('[data-sender="ai"]').count(), { timeout: 30_000 }).toBe(2);
    await coach.waitForAnswer();
    const answer = coach.log.locator('[data-sender="ai"]').last();
    const text = await answer.innerText();
    // "You spent $X on Groceries last month, October 2026 (…), across N transactions."
    const said = /You spent \$([\d,]+\.\d{2}) on Groceries last month\b[^.]*?, across (\d+) transactions?/.exec(text);
    expect(said, text).not.toBeNull();
    const link = answer.getByRole('link', { name: `$${said![1]}` });
    expect(await link.getAttribute('title')).toBe('Show these transactions');
    await link.click();
    await page.waitForURL(/\/transactions\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('category')).toBe('Groceries');
    expect(url.searchParams.get('type')).toBe('expense');
    // The list's totals for these filters: the same count and the same total as the answer.
    const totals = page.getByRole('main').getByRole('region', { name: 'Totals for these filters' });
    await expect.poll(() => totals.innerText(), { timeout: 20_000 }).toContain(`· ${said![2]} transaction`);
    expect(await totals.locator('[data-figure="Spending"]').innerText()).toContain(`$${said![1]}`);
    await saveScreenshot(page, 'coach-figure-opens-list');
  });

  it('HTML in a message and in a model answer renders as text and never runs', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const coach = await CoachPage.open(page, user.token);
    const attack = '<img src=x onerror="window.xssFired=1"> <script>window.xssFired=2</script> **hello**';
    await coach.ask(attack);
    await coach.waitForAnswer();
    const [question] = await coach.messages();
    expect(question![1]).toContain(attack);

    // A model answer carrying HTML: the stream is replaced by one with markup in it.
    const evil = 'Here is <img src=x onerror="window.xssFired=3"> and <b>bold?</b> <a href="javascript:window.xssFired=4">click</a> [link](javascript:alert(1)) **real bold**';
    await page.route('**/chat/financial-advice-stream', async (route) => {
      const current = await api<{ conversations: { conversation_id: string }[] }>(apiUrl, user.token, 'GET', '/chat/conversations');
      const id = current.conversations[0]!.conversation_id;
      const lines = [
        { type: 'start', conversation_id: id, conversation_title: 'x', user_message_id: 'u1', allowance: { unlimited: false, daily_limit: 10, used_today: 2, remaining_today: 8, resets_at: new Date().toISOString() } },
        { type: 'chunk', content: evil.slice(0, 40) },
        { type: 'chunk', content: evil.slice(40) },
        { type: 'done', done: true, conversation_id: id, user_message_id: 'u1', ai_message_id: 'a1', status: 'complete', allowance: { unlimited: false, daily_limit: 10, used_today: 2, remaining_today: 8, resets_at: new Date().toISOString() } },
      ];
      await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' }, body: lines.map((l) => `data: ${JSON.stringify(l)}\n\n`).join('') });
    });
    await coach.ask('Tell me something');
    await coach.waitForAnswer();
    const answer = coach.log.locator('[data-sender="ai"]').last();
    expect(await answer.innerText()).toContain('Here is <img src=x onerror="window.xssFired=3"> and <b>bold?</b> <a href="javascript:window.xssFired=4">click</a> [link](javascript:alert(1)) real bold');
    expect(await answer.locator('img, b, a, script').count()).toBe(0);
    expect(await answer.locator('strong').textContent()).toBe('real bold');
    expect(await page.evaluate(() => (window as unknown as { xssFired?: number }).xssFired)).toBeUndefined();
    await saveScreenshot(page, 'coach-xss-as-text');
  });

  it('without a trial or plan the coach works with a daily allowance shown; Enter sends and Shift+Enter makes a new line', async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const coach = await CoachPage.open(page, user.token);
    await page.getByText('10 of 10 free messages left today', { exact: true }).waitFor();
    await coach.messageBox.fill('Hello');
    await coach.messageBox.press('Shift+Enter');
    await coach.messageBox.pressSequentially('there');
    expect(await coach.messageBox.inputValue()).toBe('Hello\nthere');
    expect(await coach.messages()).toEqual([]);
    await coach.messageBox.press('Enter');
    await coach.waitForAnswer();
    expect((await coach.messages())[0]).toEqual(['user', expect.stringContaining('Hello\nthere')]);
    await page.getByText('9 of 10 free messages left today', { exact: true }).waitFor();
    expect(await coach.messageBox.inputValue()).toBe('');
  });

  it("a failed stream shows 'Failed to send streaming message' and gives the question back", async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    const coach = await CoachPage.open(page, user.token);
    await coach.messageBox.waitFor();
    await page.route('**/chat/financial-advice-stream', (route) => route.fulfill({ status: 500, json: { detail: 'Internal server error' }, headers: { 'access-control-allow-origin': '*' } }));
    await coach.ask('Will this work?');
    await new Toasts(page).waitFor('Server error. Please try again later.');
    await coach.chat.getByText('Failed to send streaming message', { exact: true }).waitFor();
    expect(await coach.messageBox.inputValue()).toBe('Will this work?');
    await page.unroute('**/chat/financial-advice-stream');
    await coach.chat.getByRole('button', { name: 'Try again' }).click();
    await coach.waitForAnswer();
    expect((await coach.messages()).map(([sender]) => sender)).toEqual(['user', 'ai']);
  });

  it("conversation list errors: 'Unable to connect to server. Please check your connection.'", async () => {
    const { page, apiUrl } = browser;
    const user = await createVerifiedUser(apiUrl);
    await page.route('**/chat/conversations', (route) => route.abort('internetdisconnected'));
    const coach = await CoachPage.open(page, user.token);
    await coach.sidebar.getByText('Unable to connect to server. Please check your connection.', { exact: true }).waitFor();
    await page.unroute('**/chat/conversations');
    await coach.sidebar.getByRole('button', { name: 'Retry' }).click();
    await coach.sidebar.getByText(/No conversations yet/).waitFor();
  });

  it('search finds conversations by title and by what was said', async () => {
    const { page } = browser;
    const user = users.search;
    const coach = await CoachPage.open(page, user.token);
    await coach.entry('Saving ideas').waitFor();
    await coach.search.fill('balance');
    await expect.poll(() => coach.titles()).toEqual(['Balance check']);
    await coach.search.fill('habits');
    await expect.poll(() => coach.titles()).toEqual(['Saving ideas']);
    await coach.search.fill('');
    await expect.poll(() => coach.titles()).toEqual(['Saving ideas', 'Balance check']);
  });

  it('on a 375 px wide screen the conversations move into a drawer and nothing scrolls sideways', async () => {
    const { page } = browser;
    const user = users.phone;
    await page.setViewportSize({ width: 375, height: 800 });
    const coach = await CoachPage.open(page, user.token);
    await coach.log.locator('[data-sender="ai"]').first().waitFor();
    expect(await coach.sidebar.count()).toBe(0);
    const overflow = await page.getByRole('main').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'coach-mobile');
    await page.getByRole('button', { name: 'Conversations (1)' }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversations' });
    await drawer.getByText('Balance check', { exact: true }).waitFor();
    await saveScreenshot(page, 'coach-mobile-drawer');
    await drawer.getByRole('button', { name: 'New conversation' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => coach.chatTitle.textContent()).toBe('New conversation');
    // The welcome starts at its top (the heading was scrolled out of view, as if following an answer).
    const heading = coach.log.getByRole('heading', { name: 'Ask your money coach' });
    await heading.waitFor();
    await page.reload();
    // The welcome can show before the log's scroll area is laid out around it: measure once it sits in it.
    const gap = () =>
      heading.evaluate((el) => {
        const viewport = el.closest('.mantine-ScrollArea-viewport');
        return viewport ? el.getBoundingClientRect().top - viewport.getBoundingClientRect().top : null;
      });
    await expect.poll(gap).not.toBeNull();
    await animationsDone(page);
    expect(await gap()).toBeGreaterThanOrEqual(0);
  });
});

describe('model-based paths: the chat test model in Chromium against the real server', () => {
  collectAfterEachPath(coverage, chosen.map((p) => p.description), () => browser.page);

  for (const [index, path] of chosen.entries()) {
    it(path.description, async () => {
      const { page, apiUrl } = browser;
      const { user, olderId } = users.paths[index]!;
      const coach = await CoachPage.open(page, user.token);
      await coach.entry(chatFlow.olderTitle).waitFor();
      const serverConversation = (id: string) => api<ConversationJson>(apiUrl, user.token, 'GET', `/chat/conversation/${id}`);
      const currentTitle = async () => ((await coach.chatTitle.textContent()) ?? '').trim();
      let lastSentIn: string | null = null;

      await path.test({
        events: {
          NEW_CONVERSATION: async () => {
            await coach.newConversationButton.click();
            await expect.poll(currentTitle).toBe(chatFlow.newTitle);
          },
          SEND: async () => {
            lastSentIn = await currentTitle();
            // The server writes the answer up to its first words, until FINISH lets it go or STOP / SWITCH leave it.
            await holdNextAnswer(apiUrl, user);
            await coach.ask(chatFlow.question);
            await coach.waitForStreamedWords();
          },
          FINISH: async () => {
            await releaseAnswer(apiUrl, user);
            await coach.waitForAnswer();
          },
          STOP: async () => {
            await coach.stopButton.click();
          },
          SWITCH: async () => {
            await coach.entry(chatFlow.olderTitle).getByRole('button').first().click();
          },
          RENAME: async () => {
            await coach.rename(await currentTitle(), chatFlow.renamedTitle);
          },
          DELETE_CURRENT: async () => {
            await coach.deleteConversation(await currentTitle());
          },
          CLEAR_MEMORY: async () => {
            await coach.clearMemory();
          },
        },
        states: {
          returning: async () => {
            await expect.poll(currentTitle).toBe(chatFlow.earlierTitle);
            await expect.poll(() => coach.messages()).toEqual([
              ['user', expect.stringContaining(chatFlow.earlierQuestion)],
              ['ai', expect.stringContaining('Your balance is')],
            ]);
            expect(await coach.titles()).toEqual([chatFlow.earlierTitle, chatFlow.olderTitle]);
          },
          newConversation: async () => {
            expect(await currentTitle()).toBe(chatFlow.newTitle);
            expect(await coach.messages()).toEqual([]);
            await page.getByRole('list', { name: 'Suggested questions' }).waitFor();
            await expect.poll(async () => (await coach.titles())[0]).toBe(chatFlow.newTitle);
          },
          streaming: async () => {
            await coach.stopButton.waitFor();
            expect(await coach.streamingAnswer.isVisible()).toBe(true);
            expect((await coach.messages()).at(-1)).toEqual(['user', expect.stringContaining(chatFlow.question)]);
          },
          answered: async () => {
            const last = (await coach.messages()).at(-1)!;
            expect(last[0]).toBe('ai');
            expect(last[1]).toContain('Here are my tips, based on your numbers:');
            // A new conversation is titled by its first question; any other keeps its title.
            const expectedTitle = lastSentIn === chatFlow.newTitle ? chatFlow.question : lastSentIn;
            await expect.poll(currentTitle).toBe(expectedTitle);
            await expect.poll(async () => (await coach.titles())[0]).toBe(expectedTitle);
          },
          stopped: async () => {
            await coach.sendButton.waitFor();
            const last = coach.log.locator('[data-sender="ai"]').last();
            await last.getByText('Stopped', { exact: true }).waitFor();
            // The server kept the partial answer, marked stopped.
            const list = await api<{ conversations: { conversation_id: string }[] }>(apiUrl, user.token, 'GET', '/chat/conversations');
            await expect.poll(async () => (await serverConversation(list.conversations[0]!.conversation_id)).messages.at(-1)?.status).toBe('stopped');
          },
          switched: async () => {
            await expect.poll(currentTitle).toBe(chatFlow.olderTitle);
            await expect.poll(() => coach.messages()).toEqual([
              ['user', expect.stringContaining(chatFlow.olderQuestion)],
              ['ai', expect.stringContaining('You spent')],
            ]);
            expect(await coach.streamingAnswer.count()).toBe(0);
            expect(await coach.sendButton.isVisible()).toBe(true);
            expect((await serverConversation(olderId)).messages).toHaveLength(2);
          },
          renamed: async () => {
            await expect.poll(currentTitle).toBe(chatFlow.renamedTitle);
            await expect.poll(async () => (await coach.titles())[0]).toBe(chatFlow.renamedTitle);
          },
          deleted: async () => {
            await expect.poll(currentTitle).toBe('New chat');
            const list = await api<{ conversations: { conversation_title: string }[] }>(apiUrl, user.token, 'GET', '/chat/conversations');
            await expect.poll(() => coach.titles()).toEqual(list.conversations.map((c) => c.conversation_title));
          },
          cleared: async () => {
            await coach.sidebar.getByText(/No conversations yet/).waitFor();
            expect(await coach.messages()).toEqual([]);
            expect((await api<{ total_conversations: number }>(apiUrl, user.token, 'GET', '/chat/conversations')).total_conversations).toBe(0);
          },
        },
      });
    });
  }
});
