import { z } from 'zod';
export * from '../errors';


/** Every error the API answers has this body. */
export const errorBody = z.object({ detail: z.string() }).meta({ id: 'Error' });
