import '../zod-config';
import { entityIdSchema, seatListSchema } from '../../protocol/primitives';

// Zod and the protocol's primitive schemas (ids, prices, dates, texts): the first of the sync engine's
// pieces, evaluated in a task of its own (src/client/app/main.tsx). Zod's settings come first, so no
// object schema is ever built before Zod is told not to compile parsers (client/zod-config.ts).

/** Schemas the entity schemas are made of; exported so the module is not bundled away. */
export const baseSchemas = [entityIdSchema, seatListSchema] as const;
