import * as z from 'zod/mini';
import { SUPPORT_LIMITS, SUPPORT_TOPICS } from '../account';

/** The help centre's contact form; rules shared by the form and the server. */
export const supportMessageRequest = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: 'Choose a topic' }),
  subject: z.string().check(z.trim(), z.minLength(1, 'Subject is required'), z.maxLength(SUPPORT_LIMITS.subject, `Subject must be at most ${SUPPORT_LIMITS.subject} characters`)),
  message: z
    .string()
    .check(z.trim(), z.minLength(10, 'Message must be at least 10 characters'), z.maxLength(SUPPORT_LIMITS.message, `Message must be at most ${SUPPORT_LIMITS.message} characters`)),
});
