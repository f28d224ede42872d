import { randomUUID } from 'node:crypto';
import { Transaction, getAddress, type TransactionReceipt } from 'ethers';
import type { FastifyBaseLogger } from 'fastify';
import type { RewardsRepository, TransferRow } from '../../repositories/rewards';
import { belowBaseFee, feeFor, GAS_LIMIT, nodeFee, parseGasPrice, replacementFee, type FeeFields } from './gas';
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
/** Confirmed transfers this close to the head are checked again after a node restart (it may have lost its last blocks). */
const RECHECK_BLOCKS = 256;
/** A submitted transfer whose nonce is next in line but is not mined after this long (or priced below the base fee) gets a higher fee. */
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
/** A transfer whose own data cannot be sent (a stored price or amount that does not parse): it fails alone, refunded. */
class UnsendableTransfer extends Error {}

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
 * A row that cannot be sent (a stored value that does not parse) fails alone and is refunded; a node error on one
 * row is logged and the pass goes on with the next, so no row holds the others.
 * A confirmed transfer is final and never sent again: it is confirmed only once its block cannot be lost (the
 * embedded node's state file), and after an RPC failure the pass re-checks recently confirmed transfers and raises
 * an alarm in the log for any whose receipt the node lacks (another chain, a replica behind): the operator's to look at.
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

  /** What the row asks to send, checked: a bad stored value makes this transfer fail alone, never the pass. */
  function payload(row: TransferRow): { data: string; priceWei: bigint | null } {
    try {
      const data = encodeTransfer(getAddress(row.toAddress), BigInt(row.amountWei));
      return { data, priceWei: row.gasPriceGwei === null ? null : parseGasPrice(row.gasPriceGwei) };
    } catch (error) {
      throw new UnsendableTransfer(`This transfer cannot be sent: ${(error as Error).message}`.slice(0, 300));
    }
  }

  /**
   * Signs with the next treasury nonce, or with `replacing`'s nonce and a higher fee (only one of them can land).
   * The fee follows the gas policy (gas.ts): the row's speed or price, at least the node's current fee, at most
   * the ceiling per conversion. Null when the row is no longer as this pass read it (another worker signed it),
   * or when a replacement would pass the ceiling: then nothing is sent.
   */
  async function sign(row: TransferRow, pendingCount: number, replacing?: Transaction): Promise<string | null> {
    const { data, priceWei } = payload(row);
    // The fee is read from the node before the row is locked: no RPC call inside the database transaction.
    const fee = await nodeFee(chain.provider);
    const fields: FeeFields | null = replacing ? replacementFee(replacing, fee) : feeFor({ priceWei, speed: row.gasSpeed ?? 'normal' }, fee);
    if (!fields) {
      log.warn({ transferId: row.id }, 'transfer not mined and a higher fee would pass the ceiling per conversion: waiting for fees to fall');
      return null;
    }
    const nonce = replacing ? { same: replacing.nonce } : { key: nonceKey, atLeast: pendingCount };
    return repo.transfers.sign(row.id, { status: row.status, attempts: row.attempts.length }, nonce, chain.tokenAddress, async (value) => {
      const tx = Transaction.from({ to: chain.tokenAddress, data, nonce: value, gasLimit: GAS_LIMIT, chainId: chain.chainId, value: 0n, ...fields });
      const raw = await chain.treasury.signTransaction(tx);
      return { hash: Transaction.from(raw).hash!, raw };
    });
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
    if (head - receipt.blockNumber + 1 < chain.confirmations) return;
    // Confirmed is final (never signed again), so only once the node cannot lose the block any more.
    if (chain.durableAfterMs > 0) {
      const block = await chain.provider.getBlock(receipt.blockNumber);
      if (!block || Date.now() - block.timestamp * 1000 < chain.durableAfterMs) return;
    }
    await repo.transfers.confirmed(row.id, receipt.hash, receipt.blockNumber);
  }

  async function pass(): Promise<void> {
    if (!(await repo.chainState.lease(LEASE_KEY, owner, 30_000))) return;
    const head = await chain.provider.getBlockNumber();
    if (recheck) {
      // A confirmed transfer is never signed again, whatever the node says: a node without its receipt may be
      // another chain, a replica behind, or a node that lost its state. That is for the operator to look at.
      for (const row of await repo.transfers.confirmedSince(Math.max(0, head - RECHECK_BLOCKS))) {
        if (!(await receiptOf(row))) log.error({ transferId: row.id, hash: row.txHash, blockNumber: row.blockNumber, head }, 'ALARM: a confirmed transfer has no receipt on the node; it is not sent again (check that CHAIN_RPC_URL is the chain it was paid on)');
      }
      recheck = false;
    }
    const open = await repo.transfers.open();
    const openIds = new Set(open.map((row) => row.id));
    for (const id of orphans.keys()) if (!openIds.has(id)) orphans.delete(id);
    for (const row of open) {
      if (stopped) return;
      try {
        await work(row, head);
      } catch (error) {
        if (error instanceof UnsendableTransfer && row.status === 'pending') {
          // Never signed, so nothing of it can be on chain: fail it, refund it, and go on with the others.
          if (await repo.transfers.fail(row.id, error.message)) log.warn({ transferId: row.id, err: error.message }, 'transfer cannot be sent: failed and refunded');
          continue;
        }
        // One row's trouble (a node error on its call) must not hold the rows after it.
        recheck = true;
        log.warn({ transferId: row.id, err: (error as Error).message }, 'transfer step failed; will retry');
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

  async function work(row: TransferRow, head: number): Promise<void> {
    if (row.status === 'submitted' && row.rawTx && row.nonce !== null) {
      // Count first, receipt second: a transaction mined in between shows up as a receipt.
      const used = await chain.provider.getTransactionCount(chain.treasury.address, 'latest');
      const receipt = await receiptOf(row);
      if (receipt) {
        orphans.delete(row.id);
        await settle(row, receipt, head);
        return;
      }
      if (row.nonce >= used) {
        orphans.delete(row.id);
        // Next in line but priced below the base fee, or waiting too long: priced out (fees rose, or the node
        // restarted); replace it with the same nonce and a fee above the base fee.
        const signed = Transaction.from(row.rawTx);
        const stuck = row.nonce === used && (Date.now() - row.updatedAt.getTime() > STUCK_MS || belowBaseFee(signed, await nodeFee(chain.provider)));
        const raw = stuck ? await sign(row, 0, signed) : row.rawTx;
        if (!raw) return;
        if (stuck) log.warn({ transferId: row.id, nonce: row.nonce }, 'transfer not mined: replacing it with a higher fee, same nonce');
        await broadcast(row, raw).catch((error: Error) => log.warn({ transferId: row.id, err: error.message }, 'rebroadcast failed; will retry'));
        return;
      }
      // Its nonce went to another transaction and no attempt of this transfer is on chain: it can never land.
      // Unless the node's answers disagree for a moment (its receipt not there yet): hold before paying again.
      const seen = orphans.get(row.id) ?? { since: Date.now(), passes: 0 };
      seen.passes += 1;
      orphans.set(row.id, seen);
      if (Date.now() - seen.since < ORPHAN_HOLD_MS || seen.passes < ORPHAN_PASSES) return;
      orphans.delete(row.id);
      log.warn({ transferId: row.id, nonce: row.nonce, used }, 'transfer nonce taken by another transaction: signing it again with a fresh nonce');
      const pending = await chain.provider.getTransactionCount(chain.treasury.address, 'pending');
      const raw = await sign(row, pending);
      if (raw) await broadcast(row, raw).catch((error: Error) => log.warn({ transferId: row.id, err: error.message }, 'broadcast failed; will retry'));
      return;
    }
    if (row.status === 'pending') {
      payload(row);
      const pending = await chain.provider.getTransactionCount(chain.treasury.address, 'pending');
      const raw = await sign(row, pending);
      if (raw) await broadcast(row, raw).catch((error: Error) => log.warn({ transferId: row.id, err: error.message }, 'broadcast failed; will retry'));
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
