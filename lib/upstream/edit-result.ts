import { z } from 'zod';
import { zeroCost } from './cost';
import { usageSchema } from './usage';
import { asUrl, imageItemSchema } from './image-item';

/** POST /v1/images/edits (interface 2.1) -> the app's edit result. */
export const editResultSchema = z
  .object({
    id: z.string().min(1),
    data: z.array(imageItemSchema).min(1),
    usage: usageSchema.nullish(),
  })
  .transform((raw) => ({
    id: raw.id,
    images: raw.data.map(asUrl),
    cost: raw.usage ?? zeroCost(),
  }));

export type EditResult = z.output<typeof editResultSchema>;
