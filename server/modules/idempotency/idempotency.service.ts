// Replays the first answer to a repeated mutation. Answers are stored per (scope, key) for 24 h
// with the SHA-256 of the request body; the same key with another body is a 422, never a replay.
// When two requests with one key race, the loser of the insert hands back the winner's answer.
import { createHash } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import { z } from 'zod';
import { ErrorCode } from '@shared/errors';
import type { IdempotencyRepo } from './idempotency.repo';
import type { SweepTask } from '@server/jobs/sweeper';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const visibleAscii = /^[\x21-\x7e]{1,255}$/;

/**
 * A mutation sent with an Idempotency-Key: where its answers are kept (operation, caller, path),
 * the key and the SHA-256 (hex) of its body.
 */
export type IdempotentRequest = { scope: string; key: string; bodyHash: string };

export function hashRequestBody(body: ArrayBuffer): string {
  return createHash('sha256').update(new Uint8Array(body)).digest('hex');
}

/** The header value, or undefined when absent; a malformed key is a 400. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (!visibleAscii.test(key)) {
    throw new AppError(ErrorCode.BadRequest, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return key;
}

/** Thrown inside the transaction when another request stored an answer for the key first. */
class KeyTakenMeanwhile extends Error {}

export class IdempotencyStore {
  private readonly repo: IdempotencyRepo;

  constructor(
    private readonly repos: Repositories,
    private readonly clock: Clock,
  ) {
    this.repo = repos.idempotency;
  }

  /**
   * Applies `change` at most once per key: a repeat gets the stored answer. The change and the
   * record of its answer commit in one transaction, so a crash between them cannot leave a change
   * without its record (which would let a retry apply it twice). When two requests with one key
   * race, the loser rolls back and hands back the winner's answer.
   */
  async once<T extends z.core.$ZodType>(
    request: IdempotentRequest | undefined,
    schema: T,
    change: (repos: Repositories) => Promise<z.output<T>>,
  ): Promise<z.output<T>> {
    if (request === undefined) return change(this.repos);
    const replay = await this.recall(request, schema);
    if (replay !== undefined) return replay;
    try {
      return await this.repos.transaction(async (trx) => {
        const answer = await change(trx);
        const stored = { responseJson: JSON.stringify(answer), requestHash: request.bodyHash };
        if (
          !(await trx.idempotency.insert(
            request.scope,
            request.key,
            stored,
            isoAt(this.clock),
            isoAt(this.clock, -IDEMPOTENCY_TTL_MS),
          ))
        ) {
          throw new KeyTakenMeanwhile();
        }
        return answer;
      });
    } catch (error) {
      if (!(error instanceof KeyTakenMeanwhile)) throw error;
      const winner = await this.recall(request, schema);
      if (winner === undefined)
        throw new AppError(ErrorCode.Conflict, 'a request with this Idempotency-Key is still in progress; retry it');
      return winner;
    }
  }

  /** The stored answer for this key, if one younger than 24 h exists; 422 when it answered another body. */
  async recall<T extends z.core.$ZodType>(
    { scope, key, bodyHash }: IdempotentRequest,
    schema: T,
  ): Promise<z.output<T> | undefined> {
    const stored = await this.repo.find(scope, key, isoAt(this.clock, -IDEMPOTENCY_TTL_MS));
    if (stored === undefined) return undefined;
    if (stored.requestHash !== null && stored.requestHash !== bodyHash) {
      throw new AppError(
        ErrorCode.ValidationFailed,
        'this Idempotency-Key was already used with a different request body',
        { status: 422 },
      );
    }
    return z.parse(schema, JSON.parse(stored.responseJson));
  }
}

export function idempotencySweepTask(repos: Pick<Repositories, 'idempotency'>): SweepTask {
  const repo = repos.idempotency;
  return {
    name: 'idempotency-keys',
    run: (now) => repo.deleteOlderThan(new Date(now - IDEMPOTENCY_TTL_MS).toISOString()),
  };
}
