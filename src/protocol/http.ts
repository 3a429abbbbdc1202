// HTTP-level schemas: the Idempotency-Key format and the health answer. Plain names live in headers.ts.
import { z } from 'zod';

/** Outbox ids are UUIDs (crypto.randomUUID()); anything else in the header is refused with a 400. */
export const idempotencyKeySchema = z.uuid();

/** GET /api/health answer, for the balancer and the e2e setup. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.output<typeof healthResponseSchema>;
