import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { tokensMachine, tokensTexts, type TokensOverview } from '../../machines/tokens';
import type { Toast } from '../../machines/types';
import type { Transfer } from '../../src/contract/rewards';
import { tokensModel } from '../models/tokens';
import { recordMachineCoverage } from '../support/machine-coverage';
import { apiError, itWalksTheWholeModel, modelPaths, OFFLINE } from './support/model';

const paths = modelPaths(tokensModel);
const coverage = recordMachineCoverage(import.meta.url, 'node');

const ADDRESS = '0x1111111111111111111111111111111111111111';
/** The right shape, a wrong checksum: the page's ethers check refuses it. */
const MISTYPED = '0x52908400098527886E0F7030069857D2E4169Ee7';
const PAUSED = 'Conversions are paused';

/** The real tokens machine on a fake rewards API and chain; the transfer's polling runs on a simulated clock. */
function start() {
  const clock = new SimulatedClock();
  const server = {
    points: 155,
    failing: false,
    convertRefused: false,
    historyOffsets: [] as number[],
    onchainReads: 0,
    converted: [] as Array<{ points: number; to_address: string; speed: string }>,
    /** What following the transfer reads in turn; an Error is a dropped connection. */
    transfer: [] as Array<Transfer['status'] | Error>,
  };
  const transfer = (status: Transfer['status'], points: number): Transfer => ({
    transfer_id: 'tr-1', status, points, amount: String(points / 100), amount_wei: '0', to_address: ADDRESS, chain_id: 31337, token_address: null,
    tx_hash: status === 'pending' ? null : `0x${'a'.repeat(64)}`, block_number: status === 'confirmed' ? 7 : null, error: null, created_at: '2026-01-01T00:00:00Z', finished_at: null,
  });
  const overview = (): TokensOverview => ({
    balance: { fin_token_balance: server.points, total_earned: 155, total_spent: 155 - server.points, last_updated: null, recent_activity: [], points_per_finu: 100, min_conversion_points: 100 },
    statistics: null,
    available: null,
    progress: null,
    earnings: null,
    wallet: { address: ADDRESS, created_at: '2026-01-01T00:00:00Z', chain_id: 31337, token_address: null, symbol: 'FINU', custodial: true },
  });
  const toasts: Toast[] = [];
  let hold = false;
  const actor = createActor(
    tokensMachine.provide({
      actors: {
        loadOverview: fromPromise(async () => {
          if (server.failing) throw apiError('', 503);
          return overview();
        }),
        loadHistory: fromPromise(async ({ input }) => {
          if (server.failing) throw apiError('', 503);
          server.historyOffsets.push(input.offset);
          return { history: [], total: 30, limit: input.limit, offset: input.offset, has_more: input.offset + input.limit < 30 };
        }),
        loadOnchain: fromPromise(async () => {
          if (server.failing) throw apiError('', 503);
          server.onchainReads += 1;
          return { address: ADDRESS, balance: '0.0', balance_wei: '0', symbol: 'FINU' as const, decimals: 18 as const, token_address: '0x2', chain_id: 31337 };
        }),
        convert: fromPromise(async ({ input }) => {
          if (server.convertRefused) throw apiError(PAUSED, 409);
          server.converted.push(input);
          server.points -= input.points;
          return transfer('pending', input.points);
        }),
        getTransfer: fromPromise(async () => {
          const next = server.transfer.shift() ?? 'confirmed';
          if (next instanceof Error) throw next;
          if (next === 'failed') server.points += server.converted.at(-1)!.points;
          return transfer(next, server.converted.at(-1)!.points);
        }),
      },
      actions: { notify: (_, t) => void toasts.push(t) },
      // The page checks checksums with ethers; here one address stands for a mistyped one.
      guards: { isAddress: (_, { address }) => /^0x[0-9a-fA-F]{40}$/.test(address) && address !== MISTYPED },
    }),
    { clock },
  );
  /** Lets the calls answer and the clock run (a second per poll) until nothing is under way (or, holding, until the transfer is being followed). */
  const rest = async () => {
    for (let i = 0; i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const s = actor.getSnapshot();
      if (s.matches({ conversion: { following: 'waiting' } })) {
        if (hold) return;
        clock.increment(1000);
      } else if (!s.hasTag('busy') && !s.hasTag('historyBusy') && !s.hasTag('converting') && !s.matches({ onchain: 'loading' })) return;
    }
    throw new Error(`/tokens did not come to rest (${JSON.stringify(actor.getSnapshot().value)})`);
  };
  const holdFollowing = (on: boolean) => {
    hold = on;
  };
  return { actor, server, toasts, rest, holdFollowing };
}

describe('model-based paths: /tokens and converting points (real tokens machine)', () => {
  itWalksTheWholeModel(tokensModel, paths);

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, server, toasts, rest, holdFollowing } = start();
      coverage.path(path.description).attach(actor);
      const send = async (event: Parameters<typeof actor.send>[0]) => {
        actor.send(event);
        await rest();
      };
      const s = () => actor.getSnapshot();
      const conversion = () => (s().value as { conversion: unknown }).conversion;
      const confirmWith = async (statuses: Array<Transfer['status'] | Error>) => {
        server.transfer = statuses;
        await send({ type: 'convert.confirm' });
      };
      const pageShown = () => {
        expect(s().matches({ overview: 'ready', history: 'ready', onchain: 'ready' })).toBe(true);
        expect(s().context.overview?.balance.fin_token_balance).toBe(155);
      };
      await path.test({
        events: {
          OPEN: async () => {
            actor.start();
            await rest();
          },
          OPEN_WHILE_SERVER_FAILS: async () => {
            server.failing = true;
            actor.start();
            await rest();
          },
          RELOAD: async () => {
            server.failing = false;
            await send({ type: 'tokens.reload' });
          },
          NEXT_PAGE: () => send({ type: 'history.page', offset: 20 }),
          REFRESH_FINU: () => send({ type: 'onchain.refresh' }),
          CONVERT: () => send({ type: 'convert.open' }),
          SUBMIT_EMPTY: () => send({ type: 'convert.submit' }),
          TYPE_MISTYPED_ADDRESS: async () => {
            await send({ type: 'convert.change', field: 'points', value: '150' });
            await send({ type: 'convert.change', field: 'toAddress', value: MISTYPED });
            await send({ type: 'convert.submit' });
          },
          CLOSE: () => send({ type: 'convert.close' }),
          USE_ALL_AND_MY_WALLET: async () => {
            await send({ type: 'convert.useAll' });
            await send({ type: 'convert.useMyWallet' });
          },
          SUBMIT: () => send({ type: 'convert.submit' }),
          BACK: () => send({ type: 'convert.back' }),
          CONFIRM: () => confirmWith(['submitted', 'confirmed']),
          CONFIRM_THROUGH_A_DROPPED_CONNECTION: () => confirmWith(['submitted', new Error(OFFLINE), 'confirmed']),
          CONFIRM_REFUSED: async () => {
            server.convertRefused = true;
            await confirmWith([]);
          },
          CONFIRM_FAILS_ON_CHAIN: () => confirmWith(['submitted', 'failed']),
          CONFIRM_AND_HIDE: async () => {
            holdFollowing(true);
            await confirmWith(['pending']);
            await send({ type: 'convert.close' });
            holdFollowing(false);
          },
          CONVERT_AGAIN: () => send({ type: 'convert.open' }),
        },
        states: {
          opening: () => expect(server.historyOffsets).toEqual([]),
          failed: () => {
            expect(s().matches({ overview: 'failed', history: 'failed', onchain: 'unavailable' })).toBe(true);
            expect(s().context.error?.message).toBe(tokensTexts.failed);
            expect(s().context.historyError?.message).toBe(tokensTexts.historyFailed);
            expect(s().context.onchainError).toBe('FINU balance unavailable');
          },
          reloaded: pageShown,
          page: () => {
            pageShown();
            expect(conversion()).toBe('idle');
          },
          secondPage: () => {
            expect(s().matches({ history: 'ready' })).toBe(true);
            expect(server.historyOffsets).toEqual([0, 20]);
          },
          finuRefreshed: () => {
            expect(s().matches({ onchain: 'ready' })).toBe(true);
            expect(server.onchainReads).toBe(2);
          },
          editing: () => {
            expect(conversion()).toBe('editing');
            expect(s().context.draft).toEqual({ points: '', toAddress: '', speed: 'normal' });
            expect(s().context.fieldErrors).toEqual({});
          },
          fieldErrors: () => {
            expect(conversion()).toBe('editing');
            expect(s().context.fieldErrors).toEqual({ points: tokensTexts.pointsRequired, toAddress: tokensTexts.addressRequired });
          },
          checksumError: () => {
            expect(conversion()).toBe('editing');
            expect(s().context.fieldErrors).toEqual({ toAddress: tokensTexts.addressInvalid });
            expect(server.converted).toEqual([]);
          },
          filled: () => {
            expect(s().context.draft).toEqual({ points: '155', toAddress: ADDRESS, speed: 'normal' });
            expect(s().context.fieldErrors).toEqual({});
          },
          confirming: () => {
            expect(conversion()).toBe('confirming');
            expect(server.converted).toEqual([]);
          },
          backToForm: () => {
            expect(conversion()).toBe('editing');
            expect(s().context.draft).toEqual({ points: '155', toAddress: ADDRESS, speed: 'normal' });
          },
          closedUnconverted: () => {
            expect(conversion()).toBe('idle');
            expect(server.converted).toEqual([]);
            expect(s().context.overview?.balance.fin_token_balance).toBe(155);
          },
          sent: () => {
            expect(conversion()).toBe('done');
            expect(s().context.transfer).toMatchObject({ status: 'confirmed', block_number: 7 });
            expect(toasts).toEqual([{ kind: 'success', message: tokensTexts.confirmed }]);
            expect(s().context.overview?.balance.fin_token_balance).toBe(0);
          },
          refused: () => {
            expect(conversion()).toBe('editing');
            expect(s().context.conversionError).toBe(PAUSED);
            expect(s().context.overview?.balance.fin_token_balance).toBe(155);
          },
          refunded: () => {
            expect(conversion()).toBe('done');
            expect(toasts).toEqual([{ kind: 'error', message: tokensTexts.failedTransfer }]);
            expect(s().context.overview?.balance.fin_token_balance).toBe(155);
          },
          hidden: () => {
            expect(conversion()).toBe('idle');
            expect(server.converted).toEqual([{ points: 155, to_address: ADDRESS, speed: 'normal' }]);
            expect(toasts).toEqual([]);
          },
          editingAgain: () => {
            expect(conversion()).toBe('editing');
            expect(s().context.draft).toEqual({ points: '', toAddress: '', speed: 'normal' });
            expect(s().context.transfer).toBeNull();
          },
          closedAfterSending: () => {
            expect(conversion()).toBe('idle');
            expect(s().context.overview?.balance.fin_token_balance).toBe(0);
          },
        },
      });
    });
  }
});
