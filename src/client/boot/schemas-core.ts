import './schemas-base';
import { excursionSchema, tourSchema } from '../../protocol/entities';

// The protocol's entity schemas, the second of the sync engine's pieces (see src/client/app/main.tsx),
// evaluated in a task of their own after Zod and the primitive schemas (schemas-base.ts). Building a
// Zod schema object costs more than running the engine's own code, and the engine's other schemas
// (sync pages, socket messages, account answers) are made of these.

/** The schemas every page of a sync holds; exported so the module is not bundled away. */
export const coreSchemas = [excursionSchema, tourSchema] as const;
