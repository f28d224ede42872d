import { randomUUID } from 'node:crypto';
import { Transaction, parseUnits, type TransactionReceipt } from 'ethers';
import type { FastifyBaseLogger } from 'fastify';
import type { RewardsRepository, TransferRow } from '../../repositories/rewards';
import { encodeTransfer, type Chain } from './index';

export interface TransferWorker {
  /** Reconciles every transfer that is not final against the chain, then keeps working every `intervalMs`. */
  start(): void;
  /** Wakes the worker now (a new conversion). */
  kick(): void;
  stop(): Promise<void>;
  /** Runs one full pass (tests). */
  runOnce(): Promise<void>;
}

const LEASE_KEY = 'transfer-worker';
const GAS_LIMIT = 100_000n;
/** Confirmed transfers this close to the head are checked again after a node restart (it may have lost its last blocks). */
const RECHECK_BLOCKS = 256;
/** A submitted transfer whose nonce is next in line but is not mined after this long gets a higher fee. */
const STUCK_MS = 15_000;
/**
 * A submitted transfer whose nonce the node counts as used, with no receipt for any of its attempts, is signed
 * again with a fresh nonce only after it has looked like that for this long and over ORPHAN_PASSES passes: a node
 * behind a load balancer can answer the count from a replica that has the block and the receipt from one that
 * does not yet, and signing again then would pay twice.
 */
const ORPHAN_HOLD_MS = 5_000;
const ORPHAN_PASSES = 3;
/** Errors that mean the node refused the transaction for good (not a network problem). */
const isPermanent = (message: string) => /insufficient funds|exceeds block gas limit|invalid sender|intrinsic gas too low/i.test(message);
const alreadyThere = (message: string) => /already known|nonce too low|known transaction|replacement transaction underpriced|transaction already imported/i.test(message);

/**
 * Pays out conversions exactly once. Each pass, in nonce order:
 * - pending: take the next treasury nonce, sign, store the signed transaction and its hash (submitted), then broadcast
 *   (taking the nonce and storing happen in one database transaction under the row's lock, and only if the row is as
 *   this pass read it: two workers that both believe they hold the lease cannot both sign one transfer);
 * - submitted: a receipt for any transaction ever signed for it decides (success: confirmed; revert: failed and refunded);
 *   no receipt and the nonce still unused: broadcast the same signed bytes again (the node lost it or never got it);
 *   no receipt and the nonce used by something else: that transaction can never land, so sign again with a fresh nonce
 *   (only once that has held for ORPHAN_HOLD_MS and ORPHAN_PASSES passes, so a receipt that is merely late is not missed).
 * Because the signed bytes are stored before they are broadcast and a nonce can be used once, no transfer pays twice.
 * Every chain read is fresh: the provider's cache is off (chain/index.ts).
 * After an RPC failure (the node restarted) the pass also re-checks recently confirmed transfers and reopens any
 * whose transaction the node no longer has.
 */
export function createTransferWorker(options: { chain: Chain; repo: RewardsRepository; log: FastifyBaseLogger; intervalMs?: number }): TransferWorker {
  const { chain, repo, log } = options;
  const intervalMs = options.intervalMs ?? 1000;
  const owner = randomUUID();
  const nonceKey = `nonce:${chain.chainId}:${chain.treasury.address}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let recheck = true;
  /** Transfers that look orphaned (nonce used, no receipt): when that was first seen, and in how many passes. */
  const orphans = new Map<string, { since: number; passes: number }>();

  const receiptOf = async (row: TransferRow): Promise<TransactionReceipt | null> => {
    for (const attempt of [...row.attempts].reverse()) {
      const r = await chain.receipt(attempt.hash);
      if (r) return r;
    }
    return null;
  };

  /**
   * Signs with the next treasury nonce, or with `sameNonce` to replace a stuck attempt (higher fee; only one of them can land).
   * Null when the row is no longer as this pass read it (another worker signed it): then nothing is sent.
   */
  async function sign(row: TransferRow, pendingCount: number, sameNonce?: number): Promise<string | null> {
    const bump = sameNonce === undefined ? 1n : 2n ** BigInt(Math.min(row.attempts.length, 6));
    // The fee is read from the node before the row is locked: no RPC call inside the database transaction.
    const fee = row.gasPriceGwei ? { gasPrice: parseUnits(row.gasPriceGwei, 'gwei') * bump, type: 0 } : await feeFields(bump);
    return repo.transfers.sign(row.id, { status: row.status, attempts: row.attempts.length }, sameNonce === undefined ? { key: nonceKey, atLeast: pendingCount } : { same: sameNonce }, chain.tokenAddress, async (nonce) => {
      const tx = Transaction.from({ to: chain.tokenAddress, data: encodeTransfer(row.toAddress, BigInt(row.amountWei)), nonce, gasLimit: GAS_LIMIT, chainId: chain.chainId, value: 0n, ...fee });
      const raw = await chain.treasury.signTransaction(tx);
      return { hash: Transaction.from(raw).hash!, raw };
    });
  }

  /** Twice the node's suggestion, never below 2 gwei (a restarted dev node resets its base fee to 1 gwei), times `bump`. */
  async function feeFields(bump: bigint) {
    const fee = await chain.provider.getFeeData();
    const floor = parseUnits('2', 'gwei');
    const max = (a: bigint, b: bigint) => (a > b ? a : b);
    if (fee.maxFeePerGas !== null && fee.maxPriorityFeePerGas !== null) {
      const maxFeePerGas = max(fee.maxFeePerGas * 2n, floor) * bump;
      const tip = max(fee.maxPriorityFeePerGas, parseUnits('1', 'gwei')) * bump;
      return { type: 2, maxFeePerGas, maxPriorityFeePerGas: tip > maxFeePerGas ? maxFeePerGas : tip };
    }
    return { type: 0, gasPrice: max(fee.gasPrice ?? floor, floor) * bump };
  }

  async function broadcast(row: { id: string }, raw: string) {
    try {
      await chain.provider.send('eth_sendRawTransaction', [raw]);
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (alreadyThere(message)) return;
      if (isPermanent(message)) {
        // Not sent, and it cannot be: the next pass finds no receipt and an unused nonce, so note why.
        await repo.transfers.noteError(row.id, message);
      }
      throw error;
    }
  }

  async function settle(row: TransferRow, receipt: TransactionReceipt, head: number): Promise<void> {
    if (receipt.status === 0) {
      if (await repo.transfers.fail(row.id, 'The token transfer reverted on chain.')) log.warn({ transferId: row.id, hash: receipt.hash }, 'transfer reverted: points refunded');
      return;
    }
    if (head - receipt.blockNumber + 1 >= chain.confirmations) await repo.transfers.confirmed(row.id, receipt.hash, receipt.blockNumber);
  }

  async function pass(): Promise<void> {
    if (!(await repo.chainState.lease(LEASE_KEY, owner, 30_000))) return;
    const head = await chain.provider.getBlockNumber();
    if (recheck) {
      for (const row of await repo.transfers.confirmedSince(Math.max(0, head - RECHECK_BLOCKS))) {
        const receipt = await receiptOf(row);
        if (!receipt) {
          log.warn({ transferId: row.id }, 'a confirmed transfer is no longer on the node: sending it again');
          await repo.transfers.reopen(row.id);
        }
      }
      // Also the ones above the new head (the node came back with fewer blocks).
      for (const row of await repo.transfers.confirmedSince(head + 1)) {
        if (!(await receiptOf(row))) await repo.transfers.reopen(row.id);
      }
      recheck = false;
    }
    const open = await repo.transfers.open();
    const openIds = new Set(open.map((row) => row.id));
    for (const id of orphans.keys()) if (!openIds.has(id)) orphans.delete(id);
    for (const row of open) {
      if (stopped) return;
      if (row.status === 'submitted' && row.rawTx && row.nonce !== null) {
        // Count first, receipt second: a transaction mined in between shows up as a receipt.
        const used = await chain.provider.getTransactionCount(chain.treasury.address, 'latest');
        const receipt = await receiptOf(row);
        if (receipt) {
          orphans.delete(row.id);
          await settle(row, receipt, head);
          continue;
        }
        if (row.nonce >= used) {
          orphans.delete(row.id);
          // Waiting too long with its nonce next in line: priced out (fees rose, or the node restarted); replace it, same nonce.
          const stuck = row.nonce === used && Date.now() - row.updatedAt.getTime() > STUCK_MS;
          const raw = stuck ? await sign(row, 0, row.nonce) : row.rawTx;
          if (!raw) continue;
          if (stuck) log.warn({ transferId: row.id, nonce: row.nonce }, 'transfer not mined: replacing it with a higher fee, same nonce');
          await broadcast(row, raw).catch((error: Error) => log.warn({ transferId: row.id, err: error.message }, 'rebroadcast failed; will retry'));
          continue;
        }
        // Its nonce went to another transaction and no attempt of this transfer is on chain: it can never land.
        // Unless the node's answers disagree for a moment (its receipt not there yet): hold before paying again.
        const seen = orphans.get(row.id) ?? { since: Date.now(), passes: 0 };
        seen.passes += 1;
        orphans.set(row.id, seen);
        if (Date.now() - seen.since < ORPHAN_HOLD_MS || seen.passes < ORPHAN_PASSES) continue;
        orphans.delete(row.id);
        log.warn({ transferId: row.id, nonce: row.nonce, used }, 'transfer nonce taken by another transaction: signing it again with a fresh nonce');
        const pending = await chain.provider.getTransactionCount(chain.treasury.address, 'pending');
        const raw = await sign(row, pending);
        if (raw) await broadcast(row, raw).catch((error: Error) => log.warn({ transferId: row.id, err: error.message }, 'broadcast failed; will retry'));
        continue;
      }
      if (row.status === 'pending') {
        const pending = await chain.provider.getTransactionCount(chain.treasury.address, 'pending');
        const raw = await sign(row, pending);
        if (raw) await broadcast(row, raw).catch((error: Error) => log.warn({ transferId: row.id, err: error.message }, 'broadcast failed; will retry'));
      }
    }
    // Receipts of what was just sent (anvil mines at once): settle them in the same pass.
    const head2 = await chain.provider.getBlockNumber();
    for (const row of await repo.transfers.open()) {
      if (row.status !== 'submitted') continue;
      const receipt = await receiptOf(row);
      if (receipt) await settle(row, receipt, head2);
    }
  }

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          recheck = true;
          log.warn({ err: (error as Error).message }, 'transfer worker pass failed; retrying');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    start() {
      stopped = false;
      void run();
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    kick() {
      if (!stopped) void run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      await repo.chainState.release(LEASE_KEY, owner).catch(() => undefined);
    },
    runOnce: run,
  };
}
